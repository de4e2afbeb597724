//! A game carried over from a real table (docs/positions.md): the host enters the position the
//! table reached, every seat answers whether it agrees with what it can see, and no seat acts
//! until all of them agree. A seat that disagrees says why; the host enters the position again,
//! which asks every seat again.

use super::error::PlayError;
use super::log::{Change, GameLog, Loaded, PositionWait};
use crate::input::{self, Field};
use crate::record::{Cause, Party, Record};
use feldpost_engine::{Seat, SeededRandom};
use serde::Serialize;
use serde_json::Value;

/// The longest note a seat may give with its disagreement.
const MAX_NOTE: usize = 2000;

/// Where a game from a real table stands, as a page or the API tells it (nothing of the
/// position itself: each seat sees that through its own view).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PositionStatus {
    /// `"entry"`: the host has not entered the position yet; `"answers"`: the seats are asked;
    /// `"agreed"`: every seat agreed and play goes on.
    pub stage: &'static str,
    /// The record of the position the seats are asked about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<u64>,
    /// Per seat, in seat order: `null` before it answers, else its answer.
    pub answers: Vec<Option<SeatAnswer>>,
    /// Whether the position entered is whole. `false` while a part a seat enters privately is
    /// missing (Služba's key card, which a coordinator enters): no seat may agree until then.
    pub complete: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeatAnswer {
    pub agrees: bool,
    /// What the seat says is wrong (empty when it agrees).
    pub note: String,
}

/// The game's position stage; `None` for a game not carried over from a real table.
pub fn status(loaded: &Loaded) -> Option<PositionStatus> {
    let from_position = matches!(
        loaded.notes.records().first().map(|r| &r.cause),
        Some(Cause::Created { from_position: true, .. })
    );
    if !from_position {
        return None;
    }
    Some(match loaded.notes.position_wait(loaded.seats.len()) {
        Some(PositionWait::Entry) => {
            PositionStatus { stage: "entry", position: None, answers: vec![], complete: false }
        }
        Some(PositionWait::Answers { position, answers }) => PositionStatus {
            stage: "answers",
            position: Some(position),
            answers: answers
                .into_iter()
                .map(|a| a.map(|(agrees, note)| SeatAnswer { agrees, note }))
                .collect(),
            complete: loaded.table.position_complete(),
        },
        None => PositionStatus { stage: "agreed", position: None, answers: vec![], complete: true },
    })
}

/// Refuse a seat's move while the position waits (the one check every action passes).
pub fn check_play(loaded: &Loaded) -> Result<(), PlayError> {
    match loaded.notes.position_wait(loaded.seats.len()) {
        None => Ok(()),
        Some(PositionWait::Entry) => Err(PlayError::invalid("error-position-not-entered")),
        Some(PositionWait::Answers { .. }) => Err(PlayError::invalid("error-position-not-agreed")),
    }
}

/// Where the position may still be entered: refused once every seat has agreed (play has
/// begun) and in a game not carried over from a real table.
fn check_open(loaded: &Loaded, expected_seq: u64) -> Result<(), PlayError> {
    if loaded.seq != expected_seq {
        return Err(PlayError::Conflict { expected: expected_seq, current: loaded.seq });
    }
    match loaded.notes.position_wait(loaded.seats.len()) {
        Some(_) => Ok(()),
        None if status(loaded).is_some() => Err(PlayError::invalid("error-position-agreed")),
        None => Err(PlayError::invalid("error-position-not-asked")),
    }
}

/// The host enters (or corrects) the position: the engine checks it and sets it up; every
/// seat is asked again. Refused once every seat has agreed (play has begun) and in a game
/// not carried over from a real table.
pub async fn enter(
    log: &GameLog,
    loaded: Loaded,
    expected_seq: u64,
    position: &Value,
) -> Result<u64, PlayError> {
    check_open(&loaded, expected_seq)?;
    write(log, loaded, Party::Host, position).await
}

/// `seat` enters its private part of the position (Služba's key card, by a coordinator): the
/// engine checks it against the position on the table and redacts its events for everyone
/// else; the record is the seat's own, as an action is (its export and history show the
/// entry to no other seat). Every seat is asked again, as after any entry.
pub async fn enter_private(
    log: &GameLog,
    loaded: Loaded,
    seat: Seat,
    expected_seq: u64,
    part: &Value,
) -> Result<u64, PlayError> {
    check_open(&loaded, expected_seq)?;
    if matches!(loaded.notes.position_wait(loaded.seats.len()), Some(PositionWait::Entry)) {
        return Err(PlayError::invalid("error-position-not-entered"));
    }
    write(log, loaded, Party::Seat(seat), part).await
}

/// One position record through the one write path: the rules' events for what `by` entered,
/// with what it asks the server to draw drawn from the game's seed at this step.
async fn write(log: &GameLog, loaded: Loaded, by: Party, position: &Value) -> Result<u64, PlayError> {
    let seq = loaded.next_seq();
    let seat = match by {
        Party::Seat(s) => Some(s),
        _ => None,
    };
    let mut rng = SeededRandom::new(&loaded.seed_bytes()?, &loaded.game.id, seq, "position");
    let events = loaded.table.enter_position(seat, position, &mut rng)?;
    let record = Record {
        seq,
        at: log.now(),
        cause: Cause::Position { by, position: position.clone() },
        events,
        nonce: None,
    };
    Ok(log.commit(loaded, Change::record(record)).await?.seq)
}

/// `seat` answers the position it was shown: it agrees, or it does not and `note` says why.
pub async fn answer(
    log: &GameLog,
    loaded: Loaded,
    seat: Seat,
    expected_seq: u64,
    agrees: bool,
    note: &str,
) -> Result<u64, PlayError> {
    if loaded.seq != expected_seq {
        return Err(PlayError::Conflict { expected: expected_seq, current: loaded.seq });
    }
    let note = input::paragraph(note, MAX_NOTE, !agrees).map_err(PlayError::input(Field::Claim))?;
    let position = match loaded.notes.position_wait(loaded.seats.len()) {
        Some(PositionWait::Answers { .. }) if agrees && !loaded.table.position_complete() => {
            return Err(PlayError::invalid("error-position-incomplete"));
        }
        Some(PositionWait::Answers { position, .. }) => position,
        Some(PositionWait::Entry) => return Err(PlayError::invalid("error-position-not-entered")),
        None => return Err(PlayError::invalid("error-position-nothing-to-answer")),
    };
    let record = Record {
        seq: loaded.next_seq(),
        at: log.now(),
        cause: Cause::PositionAnswer { seat, position, agrees, note },
        events: vec![],
        nonce: None,
    };
    Ok(log.commit(loaded, Change::record(record)).await?.seq)
}

/// Whether the board at step `at` comes before the table's position: a game from a real table
/// whose host had not entered the position by then. Its board then shows nothing played (not
/// the usual start, which is not where the pieces stand).
pub fn before_position(loaded: &Loaded, at: u64) -> bool {
    status(loaded).is_some()
        && !loaded.notes.records().iter().any(|r| r.seq <= at && matches!(r.cause, Cause::Position { .. }))
}
