//! Deadlines and the game's clocks: reminders, a missed turn under the agreed policy, absence,
//! pause and resume.
//!
//! Time comes only from the injectable clock: the worker calls [`tick`], and tests call it
//! after moving a `ManualClock`. Every change to a game (a skipped turn, a pause, a resume, an
//! absence) is a record appended through the one write path, with its mails in the same
//! transaction.

use super::error::PlayError;
use super::log::{Change, GameLog, Loaded, Posting};
use super::mailing;
use crate::ids::{GameId, SeatToken};
use crate::mail;
use crate::record::{Cause, Record};
use crate::store::{GameClock, OutboxRow, SeatRow};
use feldpost_engine::{Msg, Seat, SeededRandom};
use serde::{Deserialize, Serialize};

pub use crate::clock::{DAY_MS, HOUR_MS};

/// A game's turn deadline, chosen at creation. No deadline by default.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Deadline {
    /// Hours a seat has to act (e.g. 72); none: no deadline.
    #[serde(default, deserialize_with = "crate::input::whole::opt_u32")]
    #[schema(minimum = 1, maximum = 8760)]
    pub hours: Option<u32>,
    /// Hours before the deadline that the reminder is sent (default: 24, at most half the deadline).
    #[serde(default, deserialize_with = "crate::input::whole::opt_u32")]
    #[schema(minimum = 1, maximum = 8760)]
    pub remind_hours: Option<u32>,
    /// What happens when the deadline passes.
    #[serde(default)]
    pub policy: DeadlinePolicy,
    /// Days of absence each seat may declare in this game (default 14).
    #[serde(default, deserialize_with = "crate::input::whole::opt_u32")]
    #[schema(minimum = 0, maximum = 365)]
    pub absence_days: Option<u32>,
    /// How long a pause lasts before the game goes on by itself (hours, default 168).
    #[serde(default, deserialize_with = "crate::input::whole::opt_u32")]
    #[schema(minimum = 1, maximum = 8760)]
    pub pause_hours: Option<u32>,
}

pub use crate::store::DeadlinePolicy;

pub(super) const MAX_HOURS: u32 = 24 * 365;
const MAX_ABSENCE_DAYS: u32 = 365;

impl Deadline {
    pub fn check(&self) -> Result<(), PlayError> {
        for (name, v) in [
            ("field-deadline-hours", self.hours),
            ("field-remind-hours", self.remind_hours),
            ("field-pause-hours", self.pause_hours),
        ] {
            if v.is_some_and(|h| h == 0 || h > MAX_HOURS) {
                return Err(PlayError::Invalid(
                    Msg::new("input-error-hours").key("field", name).num("max", MAX_HOURS),
                ));
            }
        }
        if self.absence_days.is_some_and(|d| d > MAX_ABSENCE_DAYS) {
            return Err(PlayError::Invalid(
                Msg::new("input-error-absence-budget").num("max", MAX_ABSENCE_DAYS),
            ));
        }
        Ok(())
    }

    /// The clock row a game with this deadline starts with (`host_email`: who is told when a
    /// deadline passes; empty: nobody).
    pub fn clock(&self, game_id: &str, host_email: &str) -> GameClock {
        let turn_ms = self.hours.map(|h| i64::from(h) * HOUR_MS);
        let remind = i64::from(self.remind_hours.unwrap_or(24)) * HOUR_MS;
        GameClock {
            game_id: game_id.to_owned(),
            turn_ms,
            remind_before_ms: turn_ms.map(|t| remind.min(t / 2)).unwrap_or(remind),
            policy: self.policy,
            absence_budget_ms: i64::from(self.absence_days.unwrap_or(14)) * DAY_MS,
            pause_max_ms: i64::from(self.pause_hours.unwrap_or(168)) * HOUR_MS,
            host_email: host_email.trim().to_owned(),
            reminded_seq: 0,
            overdue_seq: 0,
            paused_until: None,
        }
    }
}

/// What one tick did (for tests and logs).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ticked {
    pub reminders: usize,
    pub overdue: usize,
    pub skipped: usize,
    pub paused: usize,
    pub resumed: usize,
    pub digests: usize,
}

/// A seat declares itself away for `days` (within the game's budget): a record says so,
/// its clock stops until then, and the other seats are told.
pub async fn declare_absence(log: &GameLog, token: &SeatToken, days: u32) -> Result<i64, PlayError> {
    let prefs = mailing::mail_prefs(log, token).await?;
    if days == 0 {
        return Err(PlayError::invalid("input-error-absence-none"));
    }
    if i64::from(days) > prefs.absence_left_days() {
        return Err(PlayError::Invalid(
            Msg::new("input-error-absence-left").num("left", prefs.absence_left_days()),
        ));
    }
    let loaded = prefs.loaded;
    if loaded.finished() {
        return Err(PlayError::Finished);
    }
    let now = log.now();
    let from = prefs.absence.until.max(now);
    let until = from + i64::from(days) * DAY_MS;
    let record = Record {
        seq: loaded.next_seq(),
        at: now,
        cause: Cause::Absent { seat: prefs.seat, until },
        events: Vec::new(),
        nonce: None,
    };
    // The record is the absence: its clock and budget are read from it (`Notes::absence`);
    // the other seats are told by the mail it causes.
    log.commit(loaded, Change::record(record)).await?;
    Ok(until)
}

/// The host pauses the game's clocks for `hours` (at most the game's pause limit); the
/// pause ends by itself then.
pub async fn pause(
    log: &GameLog,
    game_id: &GameId,
    host_token: &str,
    hours: Option<u32>,
) -> Result<i64, PlayError> {
    let loaded = log.load_host(game_id, host_token).await?;
    let clock =
        log.store.game_clock(game_id).await?.unwrap_or_else(|| Deadline::default().clock(game_id, ""));
    let ms = hours
        .map(|h| i64::from(h) * HOUR_MS)
        .unwrap_or(clock.pause_max_ms)
        .clamp(HOUR_MS, clock.pause_max_ms.max(HOUR_MS));
    let until = log.now() + ms;
    pause_until(log, loaded, until, true).await?;
    Ok(until)
}

async fn pause_until(log: &GameLog, loaded: Loaded, until: i64, by_host: bool) -> Result<(), PlayError> {
    if loaded.finished() {
        return Err(PlayError::Finished);
    }
    let game_id = loaded.game.id.clone();
    if log.store.game_clock(&game_id).await?.is_none() {
        // A game from before clocks were kept: its clock row, where the pause is set, first.
        log.store.insert_game_clock(&Deadline::default().clock(&game_id, "")).await?;
    }
    let cause = Cause::Paused { until, by_host };
    let record = Record { seq: loaded.next_seq(), at: log.now(), cause, events: Vec::new(), nonce: None };
    // The record sets the clock row's pause and tells everyone (see `GameLog::commit`).
    log.commit(loaded, Change::record(record)).await?;
    Ok(())
}

/// The host ends a pause early.
pub async fn resume(log: &GameLog, game_id: &GameId, host_token: &str) -> Result<(), PlayError> {
    let loaded = log.load_host(game_id, host_token).await?;
    let paused = log.store.game_clock(game_id).await?.and_then(|c| c.paused_until).is_some();
    if !paused {
        return Err(PlayError::invalid("error-not-paused"));
    }
    resume_loaded(log, loaded, false).await
}

async fn resume_loaded(log: &GameLog, loaded: Loaded, expired: bool) -> Result<(), PlayError> {
    let cause = Cause::Resumed { expired };
    let record = Record { seq: loaded.next_seq(), at: log.now(), cause, events: Vec::new(), nonce: None };
    log.commit(loaded, Change::record(record)).await?;
    Ok(())
}

/// Whether the game's clocks are stopped now (for pages).
pub async fn paused_until(log: &GameLog, game_id: &GameId) -> Result<Option<i64>, PlayError> {
    Ok(log.store.game_clock(game_id).await?.and_then(|c| c.paused_until).filter(|u| *u > log.now()))
}

/// When the seats now asked must have acted (the game's turn deadline counted as the worker
/// counts it), for pages; `None` without a deadline, while paused or with nobody to act.
pub async fn deadline(log: &GameLog, loaded: &Loaded) -> Result<Option<i64>, PlayError> {
    let Some(clock) = log.store.game_clock(&loaded.game.id).await? else { return Ok(None) };
    let Some(turn_ms) = clock.turn_ms else { return Ok(None) };
    let to_act = loaded.table.to_act();
    if loaded.finished() || to_act.is_empty() || clock.paused_until.is_some_and(|u| u > log.now()) {
        return Ok(None);
    }
    let records = log.store.records(&loaded.game.id, loaded.seq.saturating_sub(1)).await?;
    let Some(last) = records.last() else { return Ok(None) };
    let mut base = last.record().map_err(|e| PlayError::Internal(e.to_string()))?.at;
    for seat in &to_act {
        base = base.max(loaded.notes.absence(*seat).until);
    }
    Ok(Some(base + turn_ms))
}

/// Everything time does: reminders before a deadline, the game's policy after it, the end
/// of pauses, and the daily digest. Called by the worker; tests call it after moving the
/// clock.
pub async fn tick(log: &GameLog) -> Result<Ticked, PlayError> {
    let now = log.now();
    let mut done = Ticked::default();
    for clock in log.store.game_clocks_running().await? {
        if let Err(e) = tick_game(log, &clock, now, &mut done).await {
            // One game's trouble (a conflict with a player acting at this moment) waits
            // for the next tick; the other games go on.
            tracing::warn!("tick {}: {e}", clock.game_id);
        }
    }
    done.digests = mailing::send_digests(log, now).await?;
    // Rate-limit keys whose every place is free again are as good as none.
    log.store.rate_purge(now).await?;
    if done != Ticked::default() {
        log.wake_mail();
    }
    Ok(done)
}

async fn tick_game(log: &GameLog, clock: &GameClock, now: i64, done: &mut Ticked) -> Result<(), PlayError> {
    if let Some(until) = clock.paused_until {
        if until <= now {
            let loaded = log.load(&GameId::from_stored(clock.game_id.clone())).await?;
            resume_loaded(log, loaded, true).await?;
            done.resumed += 1;
        }
        return Ok(());
    }
    let Some(turn_ms) = clock.turn_ms else { return Ok(()) };
    let loaded = log.load(&GameId::from_stored(clock.game_id.clone())).await?;
    let to_act = loaded.table.to_act();
    if loaded.finished() || to_act.is_empty() {
        return Ok(());
    }
    let last_at = match log.store.records(&clock.game_id, loaded.seq.saturating_sub(1)).await?.last() {
        Some(c) => c.record().map_err(|e| PlayError::Internal(e.to_string()))?.at,
        None => return Ok(()),
    };
    // An absent seat's clock stands still until it is back.
    let mut base = last_at;
    for seat in &to_act {
        let away_until = loaded.notes.absence(*seat).until;
        if away_until > now {
            return Ok(());
        }
        base = base.max(away_until);
    }
    let deadline = base + turn_ms;
    let seq = loaded.seq as i64;
    let tr = loaded.tr();
    let waiting: Vec<&SeatRow> = to_act
        .iter()
        .filter_map(|s| loaded.seats.get(usize::from(*s)))
        .filter(|r| !r.email.is_empty())
        .collect();
    if now >= deadline {
        if clock.overdue_seq >= seq {
            return Ok(());
        }
        if clock.policy == DeadlinePolicy::Skip {
            let seed = loaded.seed_bytes()?;
            let next = loaded.next_seq();
            let events = loaded.table.deadline_passed(&mut SeededRandom::new(
                &seed,
                &loaded.game.id,
                next,
                "deadline",
            ));
            if !events.is_empty() {
                // The record moves the game on: the next wait has its own sequence number.
                let record = Record { seq: next, at: now, cause: Cause::Deadline, events, nonce: None };
                log.commit(loaded, Change::record(record)).await?;
                done.skipped += 1;
                return Ok(());
            }
            // The rules have no default for a missed turn here: remind and tell the host.
        }
        if clock.policy == DeadlinePolicy::Pause {
            if log.send(&loaded, Vec::new(), Posting::Overdue { seq }).await? {
                pause_until(log, loaded, now + clock.pause_max_ms, false).await?;
                done.paused += 1;
            }
            return Ok(());
        }
        let mut rows: Vec<OutboxRow> = waiting
            .iter()
            .map(|r| {
                mail::overdue_seat(
                    &tr,
                    &loaded.game,
                    r,
                    &log.links().sealed().seat(r),
                    seq as u64,
                    deadline,
                    now,
                )
            })
            .collect();
        if !clock.host_email.is_empty() {
            let host_zone = log
                .store
                .address_time_zone(&clock.host_email)
                .await?
                .and_then(|z| crate::input::TimeZoneName::from_stored(&z));
            for r in to_act.iter().filter_map(|s| loaded.seats.get(usize::from(*s))) {
                rows.push(mail::overdue_host(
                    &tr,
                    &loaded.game,
                    &clock.host_email,
                    host_zone.as_ref(),
                    r,
                    seq as u64,
                    deadline,
                    now,
                ));
            }
        }
        if log.send(&loaded, rows, Posting::Overdue { seq }).await? {
            done.overdue += 1;
        }
    } else if now >= deadline - clock.remind_before_ms && clock.reminded_seq < seq {
        let rows: Vec<OutboxRow> = waiting
            .iter()
            .map(|r| {
                let seat = r.seat as Seat;
                let table = loaded.table.as_ref();
                let (commands, lead, concede) = crate::play::log::mails::commands_of(table, seat, &tr);
                let (board, places) = (table.mail_board(seat), table.mail_places(seat));
                let asked = mail::Asked {
                    lead: &lead,
                    board: board.as_ref(),
                    places: &places,
                    position: None,
                    own_numbers: table.own_numbers(),
                    commands: &commands,
                    concede,
                    // Made when the row is written: a reply acts on the turn as it stands.
                    reply_tag: None,
                    talk: &[],
                    // The reminder says the deadline in its own words.
                    deadline: None,
                };
                let link = log.links().sealed().seat(r);
                mail::reminder(&tr, &loaded.game, r, &link, seq as u64, deadline, &asked, now)
            })
            .collect();
        if log.send(&loaded, rows, Posting::Reminders { seq }).await? {
            done.reminders += 1;
            // Marked once, by this server: the seats' own webhooks are reminded too.
            crate::play::webhooks::remind(log, &loaded, &to_act, deadline).await;
        }
    }
    Ok(())
}
