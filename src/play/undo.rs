//! Undo: a seat takes back its last action, when nothing random or hidden came out since (Board
//! Game Arena's rule); a player whose turn it would touch is asked to consent first. Each step
//! is a record of its own, appended through the one write path.

use super::act::Acted;
use super::disputes::{DisputeStatus, dispute_views, forbidden};
use super::error::PlayError;
use super::log::{Change, GameLog, Loaded, parsed, pending_undo};
use crate::games::fold;
use crate::record::{self, Cause, Party, Record};
use feldpost_engine::{CountingRandom, Msg, Seat, SeededRandom, Viewer};
use serde::Serialize;

/// Take back `seat`'s last action, when nothing random or hidden came out since. If it
/// touches another player's turn, that player is asked to consent first.
pub async fn undo(log: &GameLog, loaded: Loaded, seat: Seat) -> Result<Acted, PlayError> {
    let offer = undo_offer(log, &loaded, seat).await?.ok_or_else(|| {
        PlayError::Refused(feldpost_engine::Refusal::new("D5", Msg::new("dispute-refusal-no-undo")))
    })?;
    let cause = if offer.needs_consent_from.is_empty() {
        Cause::Undo { seat, target: offer.target }
    } else {
        Cause::UndoRequested { seat, target: offer.target }
    };
    let record = Record { seq: loaded.next_seq(), at: log.now(), cause, events: vec![], nonce: None };
    Ok(log.commit(loaded, Change::record(record)).await?.into())
}

/// Whether `seat` may take back their last action now, and who must consent.
pub async fn undo_offer(log: &GameLog, loaded: &Loaded, seat: Seat) -> Result<Option<UndoOffer>, PlayError> {
    if loaded.finished() {
        return Ok(None);
    }
    // An open undo request, or an open dispute, waits for its answer first (both read from
    // the notes kept beside the state, not from the log).
    if loaded.notes.pending_undo().is_some()
        || dispute_views(loaded.notes.records(), loaded).iter().any(|d| d.status == DisputeStatus::Open)
    {
        return Ok(None);
    }
    if let Some((target, before)) = loaded.notes.before_last_action(seat) {
        // The state before the seat's last action is kept beside the game: only the
        // records since are read and decided again.
        let tail = parsed(&log.store.records_between(&loaded.game.id, target - 1, loaded.seq).await?)?;
        let void = record::void_among(&tail, &loaded.notes.rewound_spans());
        let effective: Vec<&Record> =
            tail.iter().filter(|r| r.cause.is_play() && !void.contains(&r.seq)).collect();
        if effective.first().map(|r| r.seq) == Some(target) {
            return offer_from(loaded, seat, before.clone_box(), &effective);
        }
    }
    let (records, _) = log.records_of(&loaded.game.id).await?;
    offer_in(loaded, seat, &records)
}

/// The undo `seat` could ask for after the log prefix `records`.
fn offer_in(loaded: &Loaded, seat: Seat, records: &[Record]) -> Result<Option<UndoOffer>, PlayError> {
    let void = record::voided(records);
    let effective: Vec<&Record> =
        records.iter().filter(|r| r.cause.is_play() && !void.contains(&r.seq)).collect();
    let Some(pos) =
        effective.iter().rposition(|r| matches!(r.cause, Cause::Action { seat: s, .. } if s == seat))
    else {
        return Ok(None);
    };
    let target = effective[pos];
    let index = records.iter().position(|r| r.seq == target.seq).expect("an effective record is in the log");
    let table = fold(loaded.empty_table()?, &records[..index])?;
    offer_from(loaded, seat, table, &effective[pos..])
}

/// The undo `seat` could ask for, from the state `table` just before its last effective
/// action, `effective[0]`, and the effective plays since (`effective`, in order).
fn offer_from(
    loaded: &Loaded,
    seat: Seat,
    mut table: Box<dyn crate::games::Table>,
    effective: &[&Record],
) -> Result<Option<UndoOffer>, PlayError> {
    let Some(target) = effective.first() else { return Ok(None) };
    // Decide each record again and count the draws: if chance played any part since, an
    // undo would let the player throw again (Board Game Arena's rule), so there is none.
    let seed = loaded.seed_bytes()?;
    let mut touched: Vec<Seat> = Vec::new();
    for r in effective {
        let Cause::Action { seat: s, action } = &r.cause else { return Ok(None) };
        let mut counting = CountingRandom::new(SeededRandom::new(&seed, &loaded.game.id, r.seq, "decide"));
        let again = table.decide(*s, action, &mut counting);
        if counting.draws > 0 || again.as_ref().ok() != Some(&r.events) {
            return Ok(None);
        }
        if *s != seat && !touched.contains(s) {
            touched.push(*s);
        }
        for e in &r.events {
            // Something hidden came out (to anyone): no undo.
            if table.reveals(e) {
                return Ok(None);
            }
            match table.redact(e, Viewer::Public)? {
                Some((shown, _)) if &shown == e => {}
                _ => return Ok(None),
            }
            table.apply(e)?;
        }
    }
    // Whoever must act now would lose their turn: they are asked too.
    for s in table.to_act() {
        if s != seat && !touched.contains(&s) {
            touched.push(s);
        }
    }
    Ok(Some(UndoOffer { target: target.seq, needs_consent_from: touched }))
}

/// Answer an undo request that asks `seat`'s consent.
pub async fn answer_undo(
    log: &GameLog,
    loaded: Loaded,
    seat: Seat,
    request: u64,
    consent: bool,
) -> Result<Acted, PlayError> {
    let (records, _) = log.records_of(&loaded.game.id).await?;
    let Some((_, asker, target)) = pending_undo(&records).filter(|(r, _, _)| *r == request) else {
        return Err(PlayError::invalid("undo-error-no-request"));
    };
    let before: Vec<Record> = records.iter().filter(|r| r.seq < request).cloned().collect();
    let offer = offer_in(&loaded, asker, &before)?;
    if !offer.as_ref().is_some_and(|o| o.target == target && o.needs_consent_from.contains(&seat)) {
        return Err(forbidden("D5", "dispute-refusal-not-asked"));
    }
    let cause = if consent {
        Cause::Undo { seat: asker, target }
    } else {
        Cause::UndoDeclined { request, by: Party::Seat(seat) }
    };
    let record = Record { seq: loaded.next_seq(), at: log.now(), cause, events: vec![], nonce: None };
    Ok(log.commit(loaded, Change::record(record)).await?.into())
}

/// A possible undo: the record it takes back and who must agree.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct UndoOffer {
    pub target: u64,
    pub needs_consent_from: Vec<Seat>,
}
