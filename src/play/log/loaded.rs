//! A game as loaded: its rows, its replayed state and the notes beside it, as of one record.

use super::Notes;
use crate::games::{Game, Table};
use crate::i18n::{Lang, Tr};
use crate::play::PlayError;
use crate::record::{Chained, Record};
use crate::store::{GameRow, SeatRow};
use feldpost_engine::{Seat, Viewer};
use serde_json::Value;
use std::sync::Arc;

/// A game loaded and replayed to its newest record. Cheap to clone: everything but its head's
/// hash is shared.
#[derive(Clone)]
pub struct Loaded {
    /// The game and seat rows, shared with the replay cache (a request copies no row).
    pub game: Arc<GameRow>,
    pub seats: Arc<[SeatRow]>,
    pub rules: &'static dyn Game,
    /// Shared with the replay cache: a reader copies nothing; a writer folds into its own copy.
    pub table: Arc<dyn Table>,
    pub seq: u64,
    pub last_hash: String,
    /// When the last record was made (0 before any): the next is never stamped earlier, so a
    /// game's records keep their order in time whichever server or process writes them and
    /// whatever its clock says.
    pub last_at: i64,
    /// The records about other records, kept beside the state (the disputes panel reads them).
    pub notes: Arc<Notes>,
    /// What each seat has not been told by a turn mail, where this server knows it.
    pub untold: Arc<super::Untold>,
    /// Its table talk and turn clock when it was loaded (read with its head, never cached:
    /// another server may have changed them).
    pub live: crate::store::GameLive,
}

impl Loaded {
    /// The language the game was made in (its mails are written in it).
    pub fn lang(&self) -> Lang {
        self.game.lang
    }

    /// The game's words, in its language, with its players' names (for its mails).
    pub fn tr(&self) -> Tr {
        Tr::new(self.lang()).with_names(self.names())
    }

    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }
    pub fn finished(&self) -> bool {
        self.table.outcome().is_some()
    }
    /// Until when `seat` is away at `now` (its declared absence still runs, in a game not
    /// over): its clock stands still meanwhile.
    pub fn away_until(&self, seat: Seat, now: i64) -> Option<i64> {
        Some(self.notes.absence(seat).until).filter(|until| *until > now && !self.finished())
    }
    /// After the end everyone sees everything (the seed is revealed too), unless the ruleset keeps some things private
    /// for ever (a team's chat): then each keeps their own view.
    pub fn viewer_for(&self, seat: Option<Seat>) -> Viewer {
        if self.finished() && !self.rules.private_after_end() {
            Viewer::Omniscient
        } else {
            seat.map(Viewer::Seat).unwrap_or(Viewer::Public)
        }
    }

    /// The sequence number of the next record.
    pub fn next_seq(&self) -> u64 {
        self.seq + 1
    }

    /// A table of this game's ruleset before any event.
    pub fn empty_table(&self) -> Result<Box<dyn Table>, PlayError> {
        let options: Value =
            serde_json::from_str(&self.game.options).map_err(|e| PlayError::Internal(e.to_string()))?;
        Ok(self.rules.table(&options, self.game.seat_count as usize)?)
    }

    /// The game's secret seed, from which every draw is derived.
    pub fn seed_bytes(&self) -> Result<[u8; 32], PlayError> {
        let bytes = hex::decode(&self.game.seed).map_err(|e| PlayError::Internal(e.to_string()))?;
        bytes.try_into().map_err(|_| PlayError::Internal("seed is not 32 bytes".into()))
    }
}

/// Stored records parsed; one that cannot be read is the server's fault, named by its seq.
pub fn parsed(chained: &[Chained]) -> Result<Vec<Record>, PlayError> {
    chained
        .iter()
        .map(|c| c.record().map_err(|e| PlayError::Internal(format!("record {}: {e}", c.seq))))
        .collect()
}
