//! The one write path (docs/architecture.md, rule 3): decide, then append the record and its mail
//! in one transaction with the expected sequence number.

use super::{GameView, Loaded, Notes, Play, PlayError, describe_meta, fold};
use std::sync::Arc;

use crate::i18n::{Lang, Tr};
use crate::mail;
use crate::record::{self, Cause, Chained, Record};
use crate::store::{OutboxRow, StoreError};
use feldpost_engine::{Seat, SeededRandom, Viewer};
use serde::Serialize;
use serde_json::Value;

/// The result of an accepted action.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Acted {
    pub seq: u64,
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Value>,
}

/// A seat's accepted action, with the game as that seat now sees it: one round trip per move
/// (the client needs no GET after it).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeatActed {
    /// The new sequence number (the next action names it as `expected_seq`).
    pub seq: u64,
    /// The events of the action, as this seat may see them.
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Value>,
    /// The game after the action, through the seat's view: whose turn, the legal actions.
    pub game: GameView,
}

impl Play {
    /// Act for a seat. `expected_seq` is the sequence number the player saw; if the game moved
    /// on since, nothing is written and the answer says so.
    ///
    /// The hot path asks the database nothing before the write: the seat, the game row and the
    /// state come from the cache, and the append (one transaction: the conditional update of
    /// the game row, the record) checks the sequence number, and the pause, itself. A cache
    /// behind another server's is found out there and refreshed (docs/architecture.md, rule 3).
    pub async fn act(
        &self,
        token: &str,
        game_id: Option<&str>,
        expected_seq: u64,
        action: &Value,
    ) -> Result<SeatActed, PlayError> {
        let mut fresh = false;
        loop {
            let (seat_row, identity) = self.identify(token).await?;
            if game_id.is_some_and(|g| g != identity.game_id) {
                return Err(PlayError::WrongGame);
            }
            let seat = seat_row.seat as Seat;
            let loaded = if fresh {
                self.load(&identity.game_id).await?
            } else {
                self.load_for_write(&identity.game_id).await?
            };
            if !loaded.seats.iter().any(|s| s.seat == seat_row.seat && s.token_hash == seat_row.token_hash) {
                self.forget(&identity.game_id);
                return Err(PlayError::UnknownLink);
            }
            if loaded.seq != expected_seq {
                if !fresh && expected_seq > loaded.seq {
                    // The player saw a newer state than this server has: another server moved
                    // the game on. Read it again and judge against that.
                    fresh = true;
                    continue;
                }
                return Err(PlayError::Conflict { expected: expected_seq, current: loaded.seq });
            }
            if loaded.finished() {
                return Err(PlayError::Finished);
            }
            let seed = loaded.game_seed()?;
            let seq = loaded.seq + 1;
            let mut rng = SeededRandom::new(&seed, &loaded.game.id, seq, "decide");
            let events = loaded.table.decide(seat, action, &mut rng)?;
            let record = Record {
                seq,
                at: self.now(),
                cause: Cause::Action { seat, action: action.clone() },
                events,
                nonce: None,
            };
            // The answer shows the events as the actor's history does: they may hold what others
            // answered at once by standing orders (a private Appel answer, a Hideaway held).
            let mut shown = Vec::with_capacity(record.events.len());
            for e in &record.events {
                if let Some(v) = loaded.table.shown(e, Viewer::Seat(seat))? {
                    shown.push(v);
                }
            }
            let now = record.at;
            // While the host's (or the deadline policy's) pause lasts, nobody moves: the append
            // refuses it, so the pause is never read from a cache.
            let (acted, game) =
                self.commit_inner(loaded, vec![record], Vec::new(), Some(now), Some(seat)).await?;
            let game =
                game.ok_or_else(|| PlayError::Internal("a move's answer came without its view".into()))?;
            return Ok(SeatActed { seq: acted.seq, events: shown, game });
        }
    }

    /// Append one record to a loaded game: apply it, find who must now be told, and write
    /// record and mails in one transaction.
    pub(crate) async fn commit(&self, loaded: Loaded, record: Record) -> Result<Acted, PlayError> {
        self.commit_with(loaded, record, Vec::new()).await
    }

    /// [`Play::commit`], with more mails to write in the same transaction (notices of pauses
    /// and absences).
    pub(super) async fn commit_with(
        &self,
        loaded: Loaded,
        record: Record,
        extra: Vec<OutboxRow>,
    ) -> Result<Acted, PlayError> {
        self.commit_records(loaded, vec![record], extra).await
    }

    /// Append records in order (a ruling and the correction it orders go together), with their
    /// mails, in one transaction. The answer is about the last record.
    pub(super) async fn commit_records(
        &self,
        loaded: Loaded,
        records: Vec<Record>,
        extra: Vec<OutboxRow>,
    ) -> Result<Acted, PlayError> {
        Ok(self.commit_inner(loaded, records, extra, None, None).await?.0)
    }

    /// [`Play::commit_records`], refused while the game is paused at `unless_paused_at` (a
    /// seat's action), answering the game as `view_for` now sees it too.
    async fn commit_inner(
        &self,
        loaded: Loaded,
        mut records: Vec<Record>,
        extra: Vec<OutboxRow>,
        unless_paused_at: Option<i64>,
        view_for: Option<Seat>,
    ) -> Result<(Acted, Option<GameView>), PlayError> {
        let rewinds = records.iter().any(|r| record::rewinds(&r.cause));
        // Once a game has ended, its seed is revealed and every seat has seen everything: a
        // rewind would play on with every future die known to all. Its record is final.
        if loaded.finished() && rewinds {
            return Err(PlayError::Finished);
        }
        // Who was already asked. After a rewind nobody was: the game stands somewhere else, and
        // whoever must act there is told, even if they were asked before.
        let before: Vec<Seat> = if rewinds { Vec::new() } else { loaded.table.to_act() };
        // The state before each action appended (kept in the notes: see `Notes`).
        let mut before_actions: Vec<(Seat, u64, Arc<dyn crate::games::Table>)> = Vec::new();
        let table = if rewinds {
            // The void set changes: the state after these records is the fold of the whole log.
            let (mut log, _) = self.records_of(&loaded.game.id).await?;
            log.extend(records.iter().cloned());
            fold(loaded.empty_table()?, &log)?
        } else {
            let mut table = loaded.table.clone_box();
            let mut applied = false;
            for r in &records {
                if let Cause::Action { seat, .. } = &r.cause {
                    // Before anything is applied, the state before is the loaded one: shared.
                    let before = if applied { table.clone_box().into() } else { loaded.table.clone() };
                    before_actions.push((*seat, r.seq, before));
                }
                for e in &r.events {
                    table.apply(e)?;
                    applied = true;
                }
            }
            table
        };
        let mut chain = Vec::with_capacity(records.len());
        let mut prev = loaded.last_hash.clone();
        for r in records.iter_mut() {
            r.nonce = self.nonce_for(&loaded, r.seq);
            let c = Chained::new(r, &prev);
            prev = c.hash.clone();
            chain.push(c);
        }
        let (Some(last), Some(head)) = (records.last(), chain.last()) else {
            return Err(PlayError::Internal("nothing to append".into()));
        };
        let (last_seq, now, head) = (last.seq, last.at, head.hash.clone());
        let finished_at = table.outcome().map(|_| now);
        let loaded_was_running = loaded.table.outcome().is_none();
        // Who the game waits on now, kept beside it for "My games".
        let to_act = if finished_at.is_some() { Vec::new() } else { table.to_act() };
        let lang = Lang::from_code(&loaded.game.lang).unwrap_or_default();
        let tr = Tr::new(lang).with_names(loaded.names());
        let mut outbox: Vec<OutboxRow> = extra;
        // The turn mails tell what happened: every record's events, as of the last record.
        let gathered;
        let told = if let [only] = records.as_slice() {
            only
        } else {
            let events = records.iter().flat_map(|r| r.events.iter().cloned()).collect();
            gathered = Record { events, ..last.clone() };
            &gathered
        };
        outbox.extend(self.turn_mails(&loaded, told, table.as_ref(), &before, &tr).await?);
        for r in records.iter().filter(|r| r.cause.kind().concerns_everyone()) {
            let what = describe_meta(&r.cause);
            for row in loaded.seats.iter().filter(|s| !s.email.is_empty()) {
                let token = self.secret.seat_token(&row.game_id, row.seat as u32, &row.token_salt);
                outbox.push(mail::notice(
                    &tr,
                    &loaded.game,
                    row,
                    &self.seat_url(&token),
                    r.seq,
                    r.cause.kind().code(),
                    &what,
                    now,
                ));
            }
        }
        if let Some(outcome) = table.outcome().filter(|_| loaded.table.outcome().is_none()) {
            for row in loaded.seats.iter().filter(|r| !r.email.is_empty()) {
                let token = self.secret.seat_token(&row.game_id, row.seat as u32, &row.token_salt);
                outbox.push(mail::game_over(
                    &tr,
                    &loaded.game,
                    row,
                    &self.seat_url(&token),
                    last_seq,
                    &outcome.summary,
                    now,
                ));
            }
        }
        self.seal(&mut outbox, &tr, last_seq, &head);
        match self
            .store
            .append_and_reseat(
                &loaded.game.id,
                loaded.seq,
                &chain,
                &outbox,
                finished_at,
                None,
                unless_paused_at,
                Some(&to_act),
            )
            .await
        {
            Ok(()) => {}
            Err(StoreError::Conflict { expected }) => {
                self.forget(&loaded.game.id);
                let current =
                    self.store.game(&loaded.game.id).await?.map(|g| g.last_seq as u64).unwrap_or(expected);
                if current == expected && unless_paused_at.is_some() {
                    // Not moved on: the append was refused because the game is paused.
                    if let Some(until) = self.paused_until(&loaded.game.id).await? {
                        return Err(PlayError::Paused { until });
                    }
                }
                return Err(PlayError::Conflict { expected, current });
            }
            Err(e) => {
                self.forget(&loaded.game.id);
                return Err(e.into());
            }
        }
        let mut game = loaded.game.clone();
        let row = Arc::make_mut(&mut game);
        row.last_seq = last_seq as i64;
        row.finished_at = row.finished_at.or(finished_at);
        // The notes beside the state take the new records as the state did (rule 3).
        let mut notes = loaded.notes.clone();
        if !Arc::make_mut(&mut notes).extend(&records) {
            // The append is in: the log holds these records (and maybe later ones).
            let (mut log, _) = self.records_of(&loaded.game.id).await?;
            log.retain(|r| r.seq <= last_seq);
            notes = Arc::new(Notes::of_log(&log));
        }
        let noted = Arc::make_mut(&mut notes);
        if rewinds {
            noted.forget_actions();
        }
        for (seat, seq, before) in before_actions {
            noted.before_action(seat, seq, before);
        }
        let after = Loaded { game, table: table.into(), seq: last_seq, last_hash: head, notes, ..loaded };
        let view = view_for.map(|seat| self.view(&after, Some(seat)));
        let game_id = after.game.id.clone();
        self.remember_owned(after);
        if finished_at.is_some() && loaded_was_running {
            // The game has just ended: verify it once and keep the verdict (its pages read it).
            if let Err(e) = self.verify_ended(&game_id).await {
                tracing::warn!("verifying ended game {game_id}: {e}");
            }
        }
        if !outbox.is_empty() {
            self.mail_ready.notify_one();
        }
        let events = records.pop().map(|r| r.events).unwrap_or_default();
        Ok((Acted { seq: last_seq, events }, view))
    }
}
