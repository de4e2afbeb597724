//! The one write path (docs/architecture.md, rule 3): a change is appended to the state it was
//! decided in, with the mail it causes, in one transaction with the expected sequence number;
//! then the cache and the notes take it, and the mail worker is woken.

use super::mails::{self, Caused, Created};
use super::{GameLog, Loaded, Notes, notes};
use crate::games::Table;
use crate::i18n::Tr;
use crate::ids::GameId;
use crate::mail;
use crate::play::PlayError;
use crate::record::{self, Cause, Chained, Party, Record};
use crate::store::{Append, GameClock, GameHost, GameRow, NewGameRows, OutboxRow, SeatRow, StoreError};
use feldpost_engine::Seat;
use std::sync::Arc;

/// What a use case asks the log to write: records that follow the state it was decided in,
/// numbered from that state's next sequence number on, and the seat they give to a new player,
/// if any. What else they mean is read from the records themselves: a seat's action is refused
/// while the game is paused, a pause or its end sets the game's clock, and the mails they cause
/// are decided by [`mails`].
#[derive(Debug, Clone)]
pub struct Change {
    records: Vec<Record>,
    reseat: Option<SeatRow>,
}

impl Change {
    /// One record.
    pub fn record(record: Record) -> Change {
        Change { records: vec![record], reseat: None }
    }

    /// Records in order, all or none (a ruling and the correction it orders).
    pub fn records(records: Vec<Record>) -> Change {
        Change { records, reseat: None }
    }

    /// With the seat its record gives to a new player: the seat's new row (new name, address
    /// and link; the old link stops working).
    pub fn giving_seat(mut self, row: SeatRow) -> Change {
        self.reseat = Some(row);
        self
    }
}

/// A change as committed.
pub struct Committed {
    /// The new sequence number (the game's newest record).
    pub seq: u64,
    /// The records as appended (with their nonces).
    pub records: Vec<Record>,
    /// The game after the change, as the next request would load it.
    pub after: Loaded,
}

impl Committed {
    /// The events of the last record appended (a seat's move: its events).
    pub fn events(&self) -> &[serde_json::Value] {
        self.records.last().map(|r| r.events.as_slice()).unwrap_or_default()
    }
}

/// A new game: its rows and its first record, decided by the create use case.
pub struct NewGame {
    pub game: GameRow,
    pub seats: Vec<SeatRow>,
    /// The first record: the game's options, players, dice commitment and setup events.
    pub first: Record,
    pub clock: GameClock,
    pub host: Option<GameHost>,
    /// The mail that asks the host to confirm their address, if it is not proved yet.
    pub host_confirmation: Option<OutboxRow>,
    /// The ended game this one is the rematch of (`play::create::rematch`).
    pub rematch_of: Option<GameId>,
}

/// How mail that no record causes is written: each is sealed with the game's chain head as
/// loaded (its receipt) and its recipient's never-mail link, written, and the worker woken.
#[derive(Debug, Clone)]
pub enum Posting {
    /// Mail about the game as it stands: the answer to a reply, a notice, a dispute's reminder,
    /// an invitation sent again.
    Queue,
    /// The reminders of the turn at `seq`: each turn is reminded once (the clock row remembers).
    Reminders { seq: i64 },
    /// The turn at `seq` is overdue: told once.
    Overdue { seq: i64 },
    /// A day's digest of one seat, in place of its held notices `carried` (by id).
    Digest { carried: Vec<String> },
    /// The host's confirmation mail again, with its new secret's hash. It is about the host's
    /// address, not a step of the game: no receipt.
    HostConfirmation { secret_hash: String },
}

impl GameLog {
    /// Commit `change` to the game as `loaded`. If the game moved on since it was loaded,
    /// nothing is written and the answer says so ([`PlayError::Conflict`]).
    pub async fn commit(&self, loaded: Loaded, change: Change) -> Result<Committed, PlayError> {
        let Change { mut records, reseat } = change;
        for (i, r) in records.iter().enumerate() {
            if r.seq != loaded.seq + 1 + i as u64 {
                return Err(PlayError::Internal(format!(
                    "record {} does not follow {} in order",
                    r.seq, loaded.seq
                )));
            }
        }
        let rewinds = records.iter().any(|r| record::rewinds(&r.cause));
        // Once a game has ended, its seed is revealed and every seat has seen everything: a
        // rewind would play on with every future die known to all. Its record is final.
        if loaded.finished() && rewinds {
            return Err(PlayError::Finished);
        }
        // Who was already asked. After a rewind nobody was: the game stands somewhere else, and
        // whoever must act there is told, even if they were asked before.
        let asked_before: Vec<Seat> = if rewinds { Vec::new() } else { loaded.table.to_act() };
        // The state before each action appended (kept in the notes: see `Notes`).
        let mut before_actions: Vec<(Seat, u64, Arc<dyn Table>)> = Vec::new();
        let table = if rewinds {
            // The void set changes: the state after these records is the fold of the whole log.
            let (mut log, _) = self.records_of(&loaded.game.id).await?;
            log.extend(records.iter().cloned());
            crate::games::fold(loaded.empty_table()?, &log)?
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
        let hidden = loaded.rules.has_hidden_information();
        let mut chain = Vec::with_capacity(records.len());
        let mut prev = loaded.last_hash.clone();
        let mut not_before = loaded.last_at;
        for r in records.iter_mut() {
            // A record is never stamped before the one it follows: another server's clock, or a
            // reply piped in by a process of its own, may be behind the one that wrote last.
            r.at = r.at.max(not_before);
            not_before = r.at;
            r.nonce = hidden.then(|| self.links.secret().record_nonce(&loaded.game.id, r.seq));
            let c = Chained::new(r, &prev);
            prev = c.hash.clone();
            chain.push(c);
        }
        let (Some(last), Some(head)) = (records.last(), chain.last()) else {
            return Err(PlayError::Internal("nothing to append".into()));
        };
        let (last_seq, now, head) = (last.seq, last.at, head.hash.clone());
        let finished_at = table.outcome().map(|_| now);
        let was_running = loaded.table.outcome().is_none();
        // Who the game waits on now, kept beside it for "My games".
        let to_act = if finished_at.is_some() { Vec::new() } else { table.to_act() };
        // When their wait began, as the rules clock counts it (`deadlines::deadline`): the newest
        // record, or the end of an absence of one of them, the records' own included.
        let waits_from = (!to_act.is_empty()).then(|| {
            to_act.iter().fold(now, |from, seat| {
                let noted = loaded.notes.absence(*seat).until;
                let new = records.iter().filter_map(|r| match r.cause {
                    Cause::Absent { seat: s, until } if s == *seat => Some(until),
                    _ => None,
                });
                new.fold(from.max(noted), i64::max)
            })
        });
        // A seat's action is refused while the host's (or the deadline policy's) pause lasts:
        // the append checks it, so a pause is never read from a cache.
        let unless_paused_at = records.iter().find(|r| matches!(r.cause, Cause::Action { .. })).map(|r| r.at);
        let seats: Arc<[SeatRow]> = match &reseat {
            Some(new) => loaded
                .seats
                .iter()
                .map(|s| if s.seat == new.seat { new.clone() } else { s.clone() })
                .collect(),
            None => loaded.seats.clone(),
        };

        let mut outbox = self.mails_of(&loaded, &seats, table.as_ref(), &records, &asked_before).await?;
        if !outbox.is_empty() {
            // The mails' words name the players as they are after the change.
            let tr = Tr::new(loaded.lang()).with_names(seats.iter().map(|s| s.name.clone()).collect());
            self.seal(&mut outbox, &tr, last_seq, &head);
        }
        let append = Append {
            game_id: &loaded.game.id,
            expected_seq: loaded.seq,
            records: &chain,
            outbox: &outbox,
            finished_at,
            reseat: reseat.as_ref(),
            unless_paused_at,
            to_act: Some(&to_act),
            moved_at: Some(now),
            waits_from,
        };
        match self.appender.append(&append).await {
            Ok(()) => {}
            Err(StoreError::Conflict { expected }) => {
                self.forget(&loaded.game.id);
                let current =
                    self.store.game(&loaded.game.id).await?.map(|g| g.last_seq as u64).unwrap_or(expected);
                if current == expected && unless_paused_at.is_some() {
                    // Not moved on: the append was refused because the game is paused.
                    let paused = self.store.game_clock(&loaded.game.id).await?.and_then(|c| c.paused_until);
                    if let Some(until) = paused.filter(|u| *u > self.now()) {
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
        // What the records mean for the game's clock row: a pause, or its end.
        for r in &records {
            match r.cause {
                Cause::Paused { until, .. } => {
                    self.store.game_clock_pause(&loaded.game.id, Some(until)).await?
                }
                Cause::Resumed { .. } => self.store.game_clock_pause(&loaded.game.id, None).await?,
                _ => {}
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
        // How many disputes wait, kept beside the log for the metrics (`Store::open_disputes`).
        if records.iter().any(|r| matches!(r.cause, Cause::Dispute { .. } | Cause::Ruling { .. })) {
            self.store.open_disputes_set(&loaded.game.id, noted.open_disputes() as i64).await?;
        }
        let after = Loaded {
            game,
            seats,
            table: table.into(),
            seq: last_seq,
            last_hash: head,
            last_at: now,
            notes,
            untold: Arc::new(loaded.untold.after(&records, &outbox)),
            ..loaded
        };
        self.remember(&after);
        if finished_at.is_some() && was_running {
            // The game has just ended: verify it once and keep the verdict (its pages read it).
            if let Err(e) = self.verify_ended(&after.game.id).await {
                tracing::warn!("verifying ended game {}: {e}", after.game.id);
            }
        }
        if !outbox.is_empty() {
            self.mail_ready.notify_one();
        }
        // A webhook is told of the new records from the log itself (`play::webhooks`); with no
        // webhook live, the worker's own look every few seconds finds any added elsewhere.
        if self.webhooks_live() {
            self.webhooks_ready.notify_one();
        }
        Ok(Committed { seq: last_seq, records, after })
    }

    /// The mails `records` cause, appended to `loaded`'s game and leaving it at `table` with
    /// `seats`: what the pure decision ([`mails::caused`]) needs is read first.
    async fn mails_of(
        &self,
        loaded: &Loaded,
        seats: &[SeatRow],
        table: &dyn Table,
        records: &[Record],
        asked_before: &[Seat],
    ) -> Result<Vec<OutboxRow>, PlayError> {
        // Each seat newly asked is told every event since its last turn mail, and the table
        // talk it may read since then.
        let mut since = Vec::new();
        let mut talk = Vec::new();
        let talk_tr =
            crate::i18n::Tr::new(loaded.lang()).with_names(seats.iter().map(|s| s.name.clone()).collect());
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        for seat in mails::newly_asked(table, asked_before) {
            let Some(row) = seats.get(usize::from(seat)).filter(|r| !r.email.is_empty()) else { continue };
            let events = match loaded.untold.of(seat) {
                Some(known) => known,
                None => {
                    let mut events = Vec::new();
                    for c in self.store.records_since_turn_mail(&loaded.game.id, row.seat).await? {
                        let r =
                            c.record().map_err(|e| PlayError::Internal(format!("record {}: {e}", c.seq)))?;
                        events.push(Arc::from(r.events));
                    }
                    events
                }
            };
            since.push((seat, events));
            // A game without table talk (most) asks for none.
            let lines = if loaded.live.talk {
                crate::play::chat::for_turn_mail(self, &loaded.game.id, seat, &talk_tr, &names).await?
            } else {
                Vec::new()
            };
            talk.push((seat, lines));
        }
        // Their turn mails state the deadline (as `deadlines::deadline` counts it), from the
        // clock read with the game's head.
        let mut deadline = None;
        if let (Some(turn_ms), Some(last)) = (loaded.live.turn_ms, records.last())
            && loaded.live.paused_until.is_none_or(|u| u <= last.at)
        {
            let away = table.to_act().iter().map(|s| loaded.notes.absence(*s).until).max().unwrap_or(0);
            deadline = Some(last.at.max(away) + turn_ms);
        }
        // A dispute's adjudicator is asked to rule: a seat, or the host at their address.
        let mut adjudicators = Vec::new();
        let mut host_email = None;
        for r in records {
            if let Cause::Dispute { against, .. } = r.cause {
                let contested = super::parsed(
                    &self.store.records_between(&loaded.game.id, against.saturating_sub(1), against).await?,
                )?;
                let party = notes::adjudicator(contested.first(), loaded.table.as_ref());
                if party == Party::Host && host_email.is_none() {
                    host_email = self.store.game_clock(&loaded.game.id).await?.map(|c| c.host_email);
                }
                adjudicators.push((r.seq, party));
            }
            // A seat that disagrees with a position from a real table: the host is told.
            if matches!(r.cause, Cause::PositionAnswer { agrees: false, .. }) && host_email.is_none() {
                host_email = self.store.game_clock(&loaded.game.id).await?.map(|c| c.host_email);
            }
        }
        Ok(mails::caused(&Caused {
            game: &loaded.game,
            seats_before: &loaded.seats,
            seats,
            before: loaded.table.as_ref(),
            after: table,
            records,
            notes: loaded.notes.records(),
            asked_before,
            since: &since,
            talk: &talk,
            adjudicators: &adjudicators,
            host_email: host_email.as_deref().filter(|h| !h.is_empty()),
            policy: loaded.notes.policy(),
            deadline,
            links: &self.links,
            lang: loaded.lang(),
        }))
    }

    /// Store a new game with its first record and the mails it causes, all or nothing.
    pub async fn create(&self, new: NewGame) -> Result<(), PlayError> {
        let NewGame { game, seats, mut first, clock, host, host_confirmation, rematch_of } = new;
        let rules = crate::games::by_id(&game.ruleset)
            .ok_or_else(|| PlayError::UnknownRuleset(game.ruleset.clone()))?;
        let options: serde_json::Value =
            serde_json::from_str(&game.options).map_err(|e| PlayError::Internal(e.to_string()))?;
        // The setup must be replayable before it is stored.
        let table = crate::games::fold(rules.table(&options, seats.len())?, std::slice::from_ref(&first))?;
        if rules.has_hidden_information() {
            first.nonce = Some(self.links.secret().record_nonce(&game.id, first.seq));
        }
        let chained = Chained::new(&first, &record::genesis_hash(&game.id));
        // Who the new game waits on, kept in its row for "My games" (the appends keep it after).
        let to_act = table.to_act();
        let tr = Tr::new(game.lang).with_names(seats.iter().map(|s| s.name.clone()).collect());
        let mut outbox = mails::created(&Created {
            game: &game,
            seats: &seats,
            table: table.as_ref(),
            first: &first,
            deadline: clock.turn_ms.map(|t| first.at + t),
            links: &self.links,
            tr: &tr,
        });
        self.seal(&mut outbox, &tr, first.seq, &chained.hash);
        if let Some(mut confirm) = host_confirmation {
            mail::stamp_receipt(&mut confirm, &tr, first.seq, &chained.hash);
            self.stamp_never(std::slice::from_mut(&mut confirm), &tr);
            outbox.push(confirm);
        }
        self.appender
            .create_game(&NewGameRows {
                game: &game,
                seats: &seats,
                first: &chained,
                outbox: &outbox,
                clock: &clock,
                host: host.as_ref(),
                to_act: &to_act,
                rematch_of: rematch_of.as_ref(),
            })
            .await?;
        self.mail_ready.notify_one();
        Ok(())
    }

    /// Write mail that no record causes, about the game as `loaded` (see [`Posting`]). Returns
    /// whether it was written (a turn already reminded, or a day already digested, is not).
    pub async fn send(
        &self,
        loaded: &Loaded,
        mut mails: Vec<OutboxRow>,
        posting: Posting,
    ) -> Result<bool, PlayError> {
        let tr = loaded.tr();
        let game_id = &loaded.game.id;
        let written = match posting {
            Posting::HostConfirmation { secret_hash } => {
                for m in &mut mails {
                    mail::stamp_receipt(m, &tr, loaded.seq, &loaded.last_hash);
                }
                self.stamp_never(&mut mails, &tr);
                for m in &mails {
                    self.store.game_host_new_secret(game_id, &secret_hash, m).await?;
                }
                true
            }
            posting => {
                self.seal(&mut mails, &tr, loaded.seq, &loaded.last_hash);
                match posting {
                    Posting::Reminders { seq } => {
                        self.store.game_clock_mark_with_mail(game_id, true, seq, &mails).await?
                    }
                    Posting::Overdue { seq } => {
                        self.store.game_clock_mark_with_mail(game_id, false, seq, &mails).await?
                    }
                    Posting::Digest { carried } => {
                        for m in &mails {
                            self.store.outbox_digest(m, &carried).await?;
                        }
                        true
                    }
                    _ => {
                        self.store.outbox_insert(&mails).await?;
                        true
                    }
                }
            }
        };
        if written && !mails.is_empty() {
            self.mail_ready.notify_one();
        }
        Ok(written)
    }

    /// Every mail of a game's record gets its receipt (the chain head at `seq`) and its
    /// recipient's "never mail me again" link.
    fn seal(&self, rows: &mut [OutboxRow], tr: &Tr, seq: u64, hash: &str) {
        if rows.is_empty() {
            return; // most moves mail nobody: no receipt words to compose
        }
        mail::stamp_receipts(rows, tr, seq, hash);
        self.stamp_never(rows, tr);
        // Every mail to a seat can be answered: one that is not a turn's (an invitation, a
        // notice, a reminder) takes a reply as one to the turn as it stands.
        for row in rows.iter_mut().filter(|r| r.reply_to.is_none() && !r.game_id.is_empty()) {
            if let Some(seat) = row.seat.and_then(|s| u32::try_from(s).ok()) {
                row.reply_to =
                    Some(self.links.sealed().reply_tag(&row.game_id, seat, crate::play::links::ANY_STEP));
            }
        }
    }

    /// Each mail's "never mail me again" link (account mail gets it too).
    pub fn stamp_never(&self, rows: &mut [OutboxRow], tr: &Tr) {
        mail::stamp_never(rows, tr, &|address| self.links.sealed().never_url(address));
    }

    /// Wake the mail worker: mail was written outside the log (account mail).
    pub fn wake_mail(&self) {
        self.mail_ready.notify_one();
    }
}
