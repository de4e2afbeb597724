//! The disputes panel of a seat's game page: the game's disputes as that seat may see them,
//! with what the seat may do about each (rule, appeal, vote), and the rows the audit page
//! names its dispute by.

use crate::i18n::Tr;
use crate::play::disputes::{DisputeStatus, DisputeView};
use crate::play::{Loaded, PlayError};
use crate::record::Party;
use crate::web::AppState;
use feldpost_engine::Seat;

/// One dispute on the game page, with what this seat may do about it.
pub struct DisputeRow {
    pub seq: u64,
    pub text: String,
    pub status: String,
    pub adjudicator: String,
    pub i_rule: bool,
    pub appeal_ruling: Option<u64>,
    pub vote_appeal: Option<u64>,
    pub appeal_state: Option<String>,
}

#[derive(Default)]
pub struct Panel {
    pub rows: Vec<DisputeRow>,
    /// This seat may take back its last move (`true`: someone must consent first).
    pub undo: Option<bool>,
    /// An undo request waiting for this seat's answer.
    pub answer_undo: Option<(u64, String)>,
    /// What the newest ruling decided, in words, until the next step.
    pub ruled: Option<String>,
}

/// The newest ruling in words (the history's), while no step has followed it: the game and host
/// pages tell it to everyone (docs/disputes.md, D3).
pub fn fresh_ruling(loaded: &Loaded, tr: &Tr) -> Option<String> {
    let notes = &loaded.notes;
    let ruling = notes.fresh_ruling()?;
    let step_of = |seq: u64| crate::record::concerned_step(&[notes.records()], seq);
    Some(tr.msg(&crate::play::describe::describe_meta(&ruling.cause, &step_of)))
}

fn party_name(p: Party, tr: &Tr) -> String {
    match p {
        Party::Seat(s) => tr.seat_name(s),
        Party::Host => tr.t("party-host"),
        Party::Vote => tr.t("party-vote"),
        Party::Expiry => tr.t("party-expiry"),
    }
}

pub(super) fn row(d: &DisputeView, seat: Seat, appeals: bool, tr: &Tr) -> DisputeRow {
    let ruling = d.ruling.as_ref();
    let appeal = ruling.and_then(|r| r.appeal.as_ref());
    DisputeRow {
        seq: d.seq,
        text: tr.t_args(
            "dispute-row",
            &[("seat", tr.seat_name(d.seat)), ("against", d.against.to_string()), ("claim", d.claim.clone())],
        ),
        status: tr.t(d.status.key()),
        adjudicator: party_name(d.adjudicator, tr),
        i_rule: d.status == DisputeStatus::Open && d.adjudicator == Party::Seat(seat),
        appeal_ruling: ruling
            .filter(|r| {
                appeals
                    && r.appeal.is_none()
                    && matches!(r.by, Party::Seat(_))
                    && (d.seat == seat || d.contested_seat == Some(seat))
            })
            .map(|r| r.seq),
        vote_appeal: appeal
            .filter(|a| {
                a.decided.is_none()
                    && a.voters.contains(&seat)
                    && !a.reverse.contains(&seat)
                    && !a.keep.contains(&seat)
            })
            .map(|a| a.seq),
        appeal_state: appeal.map(|a| {
            tr.t_args(
                "dispute-appeal-state",
                &[
                    ("reverse", a.reverse.len().to_string()),
                    ("keep", a.keep.len().to_string()),
                    ("voters", a.voters.len().to_string()),
                ],
            )
        }),
    }
}

/// The disputes panel of `seat`'s game page.
pub async fn panel(state: &AppState, loaded: &Loaded, seat: Seat, tr: &Tr) -> Result<Panel, PlayError> {
    // The records about other records are kept beside the replayed state: the panel reads
    // no log (docs/architecture.md, rule 3).
    let notes = &loaded.notes;
    let appeals = notes.policy().appeals;
    let rows = crate::play::disputes::dispute_views(notes.records(), loaded)
        .iter()
        .rev()
        .map(|d| row(d, seat, appeals, tr))
        .collect();
    let undo = crate::play::undo::undo_offer(&state.log, loaded, seat)
        .await?
        .map(|o| !o.needs_consent_from.is_empty());
    let mut answer_undo = None;
    if let Some((request, asker, target)) = notes.pending_undo()
        && asker != seat
    {
        answer_undo = Some((
            request,
            tr.t_args("undo-asks-you", &[("seat", tr.seat_name(asker)), ("target", target.to_string())]),
        ));
    }
    Ok(Panel { rows, undo, answer_undo, ruled: fresh_ruling(loaded, tr) })
}
