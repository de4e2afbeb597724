//! What each seat has not yet been told by a turn mail: the events of the records since its last
//! one, kept beside the replayed state so that a move does not read them back from the log
//! (the store's `records_since_turn_mail` is the same question asked of the database).
//!
//! Derived like the rest of the cached state (docs/architecture.md, rule 2): a seat's events are
//! known only from a turn mail this server wrote onwards, along its own commits. A game loaded or
//! caught up from the store knows none, and the store is asked.

use crate::record::Record;
use crate::store::{MailKind, OutboxRow};
use feldpost_engine::Seat;
use serde_json::Value;
use std::sync::Arc;

/// More events than this for one seat and its list is dropped (the store is asked instead): a
/// seat on mail is told every few moves, and memory stays bounded for one that never is.
const MOST_KEPT: usize = 400;

/// Per seat: the events since its last turn mail, where known, record by record (each record's
/// events shared by every seat that has not been told them: a move copies no event).
#[derive(Clone, Debug, Default)]
pub struct Untold {
    seats: Vec<Option<Vec<Arc<[Value]>>>>,
}

impl Untold {
    /// The events `seat` has not been told, if this server knows them, record by record (shared,
    /// not copied).
    pub fn of(&self, seat: Seat) -> Option<Vec<Arc<[Value]>>> {
        self.seats.get(usize::from(seat))?.clone()
    }

    /// After `records` were appended with `outbox`: a seat mailed its turn knows the events of
    /// the records after that mail's step; a known seat not mailed adds all of them.
    pub fn after(&self, records: &[Record], outbox: &[OutboxRow]) -> Untold {
        let shared: Vec<(u64, Arc<[Value]>)> =
            records.iter().map(|r| (r.seq, Arc::from(r.events.as_slice()))).collect();
        let mut seats = self.seats.clone();
        for s in seats.iter_mut().flatten() {
            s.extend(shared.iter().map(|(_, events)| events.clone()));
        }
        for mail in outbox.iter().filter(|m| m.kind == MailKind::Turn) {
            let Some(seat) = mail.seat.and_then(|s| usize::try_from(s).ok()) else { continue };
            if seats.len() <= seat {
                seats.resize(seat + 1, None);
            }
            let since = shared.iter().filter(|(seq, _)| *seq as i64 > mail.seq);
            seats[seat] = Some(since.map(|(_, events)| events.clone()).collect());
        }
        for s in &mut seats {
            if s.as_ref().is_some_and(|records| records.iter().map(|e| e.len()).sum::<usize>() > MOST_KEPT) {
                *s = None;
            }
        }
        Untold { seats }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Cause;
    use serde_json::json;

    fn record(seq: u64) -> Record {
        Record {
            seq,
            at: seq as i64,
            cause: Cause::Action { seat: 0, action: json!({}) },
            events: vec![json!({ "step": seq })],
            nonce: None,
        }
    }

    fn turn_mail(seat: i64, seq: i64) -> OutboxRow {
        let mut row =
            OutboxRow::pending("g", seq, "a@example.org", MailKind::Turn, String::new(), String::new(), 0);
        row.seat = Some(seat);
        row
    }

    fn steps(events: Option<Vec<Arc<[Value]>>>) -> Option<Vec<u64>> {
        events.map(|e| e.iter().flat_map(|r| r.iter()).map(|v| v["step"].as_u64().unwrap_or(0)).collect())
    }

    #[test]
    fn a_seat_knows_what_came_after_its_last_turn_mail_and_nothing_before_one() {
        let none = Untold::default();
        // Seat 1 is mailed at step 2 of a commit of steps 1..=3: it has not been told step 3.
        let after = none.after(&[record(1), record(2), record(3)], &[turn_mail(1, 2)]);
        assert_eq!(steps(after.of(1)), Some(vec![3]));
        // Seat 0 never had a turn mail from this server: the store is asked.
        assert_eq!(steps(after.of(0)), None);
        // Later commits add to what seat 1 has not been told, until its next turn mail.
        let after = after.after(&[record(4)], &[]).after(&[record(5)], &[turn_mail(0, 5)]);
        assert_eq!(steps(after.of(1)), Some(vec![3, 4, 5]));
        assert_eq!(steps(after.of(0)), Some(vec![]));
        let after = after.after(&[record(6)], &[turn_mail(1, 6)]);
        assert_eq!(steps(after.of(1)), Some(vec![]));
        assert_eq!(steps(after.of(0)), Some(vec![6]));
    }

    #[test]
    fn a_seat_never_told_stops_being_kept_past_the_bound() {
        let mut untold = Untold::default().after(&[record(1)], &[turn_mail(0, 1)]);
        for seq in 2..=(MOST_KEPT as u64 + 2) {
            untold = untold.after(&[record(seq)], &[]);
        }
        assert_eq!(steps(untold.of(0)), None, "dropped: the store answers instead");
    }
}
