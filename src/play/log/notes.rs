//! The records about other records (disputes, rulings, appeals, votes, undo), kept beside a
//! game's replayed state so the game page can show its disputes panel without reading the whole
//! log. Like the replayed state it is derived from the log and refreshed exactly as the state
//! is: only new records are folded in, and the append's expected-seq check keeps it honest
//! across servers (docs/architecture.md, rules 2 and 3).

use crate::games::Table;
use crate::record::{Cause, DisputePolicy, Party, Record};
use feldpost_engine::Seat;
use std::sync::Arc;

/// What a game's records about other records say, and the few plays they need.
#[derive(Default, Clone)]
pub struct Notes {
    /// In sequence order: the game's first record (its dispute policy, see [`kept`]), every
    /// record that is not a play, and each play a dispute names (who made it decides who rules).
    records: Vec<Record>,
    /// The newest play record's number (play going on lapses an undo request).
    last_play: u64,
    /// The newest record folded in.
    head: u64,
    /// For each seat, its newest effective action and the state just before it: where an undo
    /// would go back to, so offering one re-decides only the last few records instead of
    /// folding the whole log. Dropped on a rewind (the void set changed); then the offer folds
    /// the log, as it always may. Shared: the state before a move is the state the cache held
    /// until then, so keeping it (and copying the notes for the next move) copies no state.
    before_action: Vec<(Seat, u64, Arc<dyn Table>)>,
}

/// What a game carried over from a real table waits for before its first move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionWait {
    /// The host has not entered the position yet.
    Entry,
    /// The position of record `position` waits for the seats' answers (per seat: none yet, or
    /// whether it agrees and its note).
    Answers { position: u64, answers: Vec<Option<(bool, String)>> },
}

/// A seat's declared absences (see [`Notes::absence`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Absence {
    /// Away until then (ms since the epoch; 0: never away).
    pub until: i64,
    /// How much of the game's absence budget the absences took.
    pub used_ms: i64,
}

/// What the notes keep of a record: all of it, but of the game's first record only its cause
/// without the options. Only its dispute policy is read here; its options and setup events are
/// in the game row and the state already, and parsed they are the bulk of a cached game (a
/// Colditz deal is some 30 KB as JSON values, against 3 KB for the rest of its notes).
fn kept(mut record: Record) -> Record {
    if let Cause::Created { options, .. } = &mut record.cause {
        *options = serde_json::Value::Null;
        record.events = Vec::new();
        record.nonce = None;
    }
    record
}

impl std::fmt::Debug for Notes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Notes").field("records", &self.records.len()).field("head", &self.head).finish()
    }
}

impl Notes {
    /// How many disputes wait for their ruling (as `play::disputes` tells them: a dispute with
    /// no ruling on it).
    pub fn open_disputes(&self) -> usize {
        let ruled: std::collections::BTreeSet<u64> = self
            .records
            .iter()
            .filter_map(|r| match r.cause {
                Cause::Ruling { dispute, .. } => Some(dispute),
                _ => None,
            })
            .collect();
        self.records
            .iter()
            .filter(|r| matches!(r.cause, Cause::Dispute { .. }) && !ruled.contains(&r.seq))
            .count()
    }

    /// The notes of a whole log, or of the parts of one a caller picked: `records` must hold
    /// every non-play record, the first record and every disputed one, in order.
    pub(crate) fn of(records: Vec<Record>, last_play: u64, head: u64) -> Notes {
        Notes { records: records.into_iter().map(kept).collect(), last_play, head, before_action: Vec::new() }
    }

    /// `seat`'s effective action `seq` is about to be applied to `table`.
    pub(crate) fn before_action(&mut self, seat: Seat, seq: u64, table: Arc<dyn Table>) {
        self.before_action.retain(|(s, _, _)| *s != seat);
        self.before_action.push((seat, seq, table));
    }

    /// A rewind changed which records count: the states before actions are no longer known.
    pub(crate) fn forget_actions(&mut self) {
        self.before_action.clear();
    }

    /// `seat`'s newest effective action and the state before it, when known.
    pub(crate) fn before_last_action(&self, seat: Seat) -> Option<(u64, &dyn Table)> {
        self.before_action.iter().find(|(s, _, _)| *s == seat).map(|(_, q, t)| (*q, t.as_ref()))
    }

    /// The newest play record's number.
    pub fn last_play(&self) -> u64 {
        self.last_play
    }

    /// The newest ruling (or appeal decided), while no play has followed it but the correction
    /// it ordered: what the game and host pages tell everyone was decided, until the next step.
    pub fn fresh_ruling(&self) -> Option<&Record> {
        let r = self
            .records
            .iter()
            .rev()
            .find(|r| matches!(r.cause, Cause::Ruling { .. } | Cause::AppealDecided { .. }))?;
        let corrected = matches!(&r.cause, Cause::Ruling { remedy: Some(remedy), .. } if !crate::record::is_rewind(remedy));
        (self.last_play <= r.seq || (corrected && self.last_play == r.seq + 1)).then_some(r)
    }

    /// The notes of a whole parsed log.
    pub(crate) fn of_log(records: &[Record]) -> Notes {
        let wanted = Self::wanted(records);
        let last_play = records.iter().filter(|r| r.cause.is_play()).map(|r| r.seq).max().unwrap_or(0);
        let head = records.last().map(|r| r.seq).unwrap_or(0);
        Notes::of(records.iter().filter(|r| wanted.contains(&r.seq)).cloned().collect(), last_play, head)
    }

    /// Which records of a (whole) log the notes keep: see [`Notes::records`].
    pub(crate) fn wanted(records: &[Record]) -> std::collections::BTreeSet<u64> {
        let mut wanted: std::collections::BTreeSet<u64> =
            records.iter().filter(|r| !r.cause.is_play()).map(|r| r.seq).collect();
        wanted.extend(records.first().map(|r| r.seq));
        wanted.extend(records.iter().filter_map(|r| match &r.cause {
            Cause::Dispute { against, .. } => Some(*against),
            Cause::Position { .. } => Some(r.seq),
            _ => None,
        }));
        wanted
    }

    /// Fold in records appended after the ones these notes were made of. `false` when a new
    /// dispute names a play these notes never kept (the caller rebuilds them from the log).
    #[must_use]
    pub(crate) fn extend(&mut self, new: &[Record]) -> bool {
        for (i, r) in new.iter().enumerate() {
            if r.seq <= self.head && !self.records.is_empty() {
                continue; // already folded in
            }
            self.head = r.seq;
            if let Cause::Dispute { against, .. } = &r.cause {
                let against = *against;
                if !self.records.iter().any(|k| k.seq == against) {
                    match new[..i].iter().find(|k| k.seq == against) {
                        Some(k) => {
                            let at = self.records.partition_point(|x| x.seq < k.seq);
                            self.records.insert(at, k.clone());
                        }
                        // A record that is not in the log yet is refused by `dispute`; one
                        // older than these records is only in the log.
                        None if against < r.seq => return false,
                        None => {}
                    }
                }
            }
            if r.cause.is_play() {
                self.last_play = self.last_play.max(r.seq);
                if self.records.is_empty() || matches!(r.cause, Cause::Position { .. }) {
                    self.records.push(kept(r.clone()));
                }
            } else {
                self.records.push(r.clone());
            }
        }
        true
    }

    /// `seat`'s absences as its "absent" records state them. Each ran from when it was declared,
    /// or from the end of the one before if that was still running, to its `until`.
    pub fn absence(&self, seat: Seat) -> Absence {
        let mut absence = Absence::default();
        for r in &self.records {
            if let Cause::Absent { seat: s, until } = r.cause
                && s == seat
            {
                absence.used_ms += until - r.at.max(absence.until);
                absence.until = absence.until.max(until);
            }
        }
        absence
    }

    /// The spans of the log its records about other records take back (see
    /// [`crate::record::rewound_spans`]): complete to the state's seq, so any part of the log up
    /// to it can be told void without reading the rest.
    pub fn rewound_spans(&self) -> Vec<(u64, u64)> {
        crate::record::rewound_spans(self.records.iter().filter(|r| !r.cause.is_play()))
    }

    /// The kept records, in order (what the disputes' views are read from).
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// Where a game carried over from a real table stands before its first move (see
    /// [`PositionWait`]); `None` once play may go on, and for every other game.
    pub fn position_wait(&self, seats: usize) -> Option<PositionWait> {
        position_wait(self.records.iter(), seats)
    }

    /// The game's dispute policy, as its first record states it.
    pub fn policy(&self) -> DisputePolicy {
        match self.records.first().map(|r| &r.cause) {
            Some(Cause::Created { disputes, .. }) => *disputes,
            _ => DisputePolicy::default(),
        }
    }

    /// An undo request still waiting: (its seq, the asker, the target); see [`pending_undo`].
    pub fn pending_undo(&self) -> Option<(u64, Seat, u64)> {
        pending_undo(&self.records).filter(|(request, _, _)| *request > self.last_play)
    }

    /// Who rules on a dispute of record `against` (a play these notes keep, as every disputed
    /// one): the seat the ruleset names for the contested action, or the host.
    pub fn adjudicator(&self, against: u64, table: &dyn Table) -> Party {
        adjudicator(self.records.iter().find(|r| r.seq == against), table)
    }
}

/// Who rules on a dispute of `contested` (a deadline or a clock's record: the ruleset's
/// adjudicator of no action): the seat the ruleset names, or the host.
pub fn adjudicator(contested: Option<&Record>, table: &dyn Table) -> Party {
    match contested.map(|c| &c.cause) {
        Some(Cause::Action { seat, action }) => table.adjudicator(Some(*seat), Some(action)),
        _ => table.adjudicator(None, None),
    }
    .map(Party::Seat)
    .unwrap_or(Party::Host)
}

/// What a game carried over from a real table waits for, read from `records`: the game's first
/// record, its position records and every record about other records, in order (a game's
/// notes, and what a change appends to them).
pub fn position_wait<'a>(
    records: impl Iterator<Item = &'a Record> + Clone,
    seats: usize,
) -> Option<PositionWait> {
    let mut all = records.clone();
    if !matches!(all.next().map(|r| &r.cause), Some(Cause::Created { from_position: true, .. })) {
        return None;
    }
    let spans = crate::record::rewound_spans(records.clone().filter(|r| !r.cause.is_play()));
    let entered = records
        .clone()
        .filter(|r| matches!(r.cause, Cause::Position { .. }))
        .filter(|r| !spans.iter().any(|(a, b)| (*a..*b).contains(&r.seq)))
        .last();
    let Some(entered) = entered else { return Some(PositionWait::Entry) };
    let mut answers: Vec<Option<(bool, String)>> = vec![None; seats];
    for r in records.filter(|r| r.seq > entered.seq) {
        if let Cause::PositionAnswer { seat, position, agrees, note } = &r.cause
            && *position == entered.seq
            && let Some(slot) = answers.get_mut(usize::from(*seat))
        {
            *slot = Some((*agrees, note.clone()));
        }
    }
    if answers.iter().all(|a| matches!(a, Some((true, _)))) {
        return None;
    }
    Some(PositionWait::Answers { position: entered.seq, answers })
}

/// An undo request still waiting: (its seq, the asker, the target). Play going on lapses it.
pub fn pending_undo(records: &[Record]) -> Option<(u64, Seat, u64)> {
    let mut pending = None;
    for r in records {
        match &r.cause {
            Cause::UndoRequested { seat, target } => pending = Some((r.seq, *seat, *target)),
            Cause::Undo { .. } | Cause::UndoDeclined { .. } => pending = None,
            c if c.is_play() => pending = None,
            _ => {}
        }
    }
    pending
}
