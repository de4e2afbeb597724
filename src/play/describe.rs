//! The words for records about other records (disputes, rulings, appeals, undo, a seat handed
//! on): what the history says of them and what the notices about them say.

use crate::record::{self, Cause};
use feldpost_engine::{Msg, Seat};

pub fn party(msg: Msg, name: &str, by: &record::Party) -> Msg {
    match by {
        record::Party::Seat(s) => msg.seat(name, *s),
        record::Party::Host => msg.key(name, "party-host"),
        record::Party::Vote => msg.key(name, "party-vote"),
        record::Party::Expiry => msg.key(name, "party-expiry"),
    }
}

/// The words for a record that talks about other records (disputes, rulings, undo). Each names
/// the step it concerns, never another record's number: `step_of` finds the step a record of
/// the log concerns ([`record::concerned_step`]).
pub fn describe_meta(cause: &Cause, step_of: &dyn Fn(u64) -> Option<u64>) -> Msg {
    let step = |seq: u64| step_of(seq).unwrap_or_default() as i64;
    use record::Verdict;
    match cause {
        Cause::Dispute { seat, against, claim, rule } => {
            let named = Msg::new(if rule.is_some() { "history-dispute" } else { "history-dispute-no-rule" })
                .seat("seat", *seat)
                .num("against", *against as i64)
                .text("claim", claim.clone());
            match rule {
                Some(rule) => named.text("rule", rule.clone()),
                None => named, // no "(rule: —)" when the player named none
            }
        }
        Cause::Ruling { dispute, by, verdict, reason, remedy } => party(
            Msg::new(match (verdict, remedy) {
                (Verdict::Uphold, _) => "history-ruling-uphold",
                (Verdict::Overturn, Some(r)) if !record::is_rewind(r) => "history-ruling-correct",
                (Verdict::Overturn, _) => "history-ruling-overturn",
            }),
            "by",
            by,
        )
        .num("step", step(*dispute))
        .text("reason", reason.clone()),
        Cause::Appeal { seat, ruling } => {
            Msg::new("history-appeal").seat("seat", *seat).num("step", step(*ruling))
        }
        Cause::Vote { seat, appeal, reverse } => {
            Msg::new(if *reverse { "history-vote-reverse" } else { "history-vote-keep" })
                .seat("seat", *seat)
                .num("step", step(*appeal))
        }
        Cause::AppealDecided { appeal, reverse, by, blocked } => party(
            Msg::new(match (reverse, blocked) {
                (true, true) => "history-appeal-blocked",
                (true, false) => "history-appeal-reversed",
                (false, _) => "history-appeal-kept",
            }),
            "by",
            by,
        )
        .num("step", step(*appeal)),
        Cause::UndoRequested { seat, target } => {
            Msg::new("history-undo-requested").seat("seat", *seat).num("target", *target as i64)
        }
        Cause::UndoDeclined { request, by } => {
            party(Msg::new("history-undo-declined"), "by", by).num("step", step(*request))
        }
        Cause::Undo { seat, target } => {
            Msg::new("history-undo").seat("seat", *seat).num("target", *target as i64)
        }
        Cause::Replaced { seat, name } => {
            Msg::new("history-replaced").num("seat", i64::from(*seat) + 1).text("name", name.clone())
        }
        Cause::PositionAnswer { seat, agrees: true, .. } => {
            Msg::new("history-position-agreed").seat("seat", *seat)
        }
        Cause::PositionAnswer { seat, agrees: false, note, .. } => {
            Msg::new("history-position-disagreed").seat("seat", *seat).text("note", note.clone())
        }
        Cause::Created { .. }
        | Cause::Position { .. }
        | Cause::Correction { .. }
        | Cause::Action { .. }
        | Cause::Deadline
        | Cause::Clock { .. }
        | Cause::Paused { .. }
        | Cause::Resumed { .. }
        | Cause::Absent { .. } => Msg::new("history-play"),
    }
}

pub fn meta_actor(cause: &Cause) -> Option<Seat> {
    match cause {
        Cause::Dispute { seat, .. }
        | Cause::Appeal { seat, .. }
        | Cause::Vote { seat, .. }
        | Cause::UndoRequested { seat, .. }
        | Cause::PositionAnswer { seat, .. }
        | Cause::Undo { seat, .. } => Some(*seat),
        Cause::Ruling { by: record::Party::Seat(s), .. } | Cause::Absent { seat: s, .. } => Some(*s),
        _ => None,
    }
}
