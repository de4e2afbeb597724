//! The mail side of the use cases: turn mail with what happened since the seat's last turn,
//! mail preferences, the daily digest, and the worker that delivers the outbox.

use super::{Absence, DAY_MS, HOUR_MS, Loaded, Play, PlayError};
use crate::games::Table;
use crate::i18n::Tr;
use crate::mail::{self, Pref, Transport};
use crate::record::Record;
use crate::store::{GameClock, OutboxRow, SeatMail, SeatRow};
use feldpost_engine::{Msg, Seat, Viewer};
use serde_json::Value;
use std::sync::Arc;

/// The hour (UTC) after which the day's digests go out.
pub const DIGEST_HOUR_UTC: i64 = 7;

/// What is asked of `seat` now, and what `events` show it (through the engine's redaction).
pub(super) fn asked_and_seen(table: &dyn Table, seat: Seat, events: &[Value]) -> (Vec<Msg>, Vec<Msg>) {
    let asked = table.legal_actions(seat).into_iter().map(|(_, label, _)| label).collect();
    let seen = events
        .iter()
        .filter_map(|e| table.redact(e, Viewer::Seat(seat)).ok().flatten().map(|(_, m)| m))
        .collect();
    (asked, seen)
}

/// What a turn mail offers `seat`: each legal action as a command for a reply with its words,
/// and what its view says first (docs/architecture.md, rule 4: both come from the engine's
/// legal actions and per-viewer view).
pub(super) fn commands_of(table: &dyn Table, seat: Seat, tr: &Tr) -> (Vec<(String, String)>, Vec<Msg>) {
    let commands = table.commands(seat).iter().map(|c| (c.render(tr), tr.msg(&c.label))).collect();
    (commands, table.turn_lead(seat))
}

/// A seat's mail settings page.
pub struct MailPrefs {
    pub loaded: Loaded,
    pub seat: Seat,
    pub seat_row: SeatRow,
    pub mail: SeatMail,
    /// The seat's absences, from the log.
    pub absence: Absence,
    pub clock: Option<GameClock>,
    pub game_url: String,
}

impl MailPrefs {
    pub fn pref(&self) -> Pref {
        Pref::from_code(&self.mail.pref).unwrap_or(Pref::Every)
    }
    /// Whole days of absence this seat may still declare.
    pub fn absence_left_days(&self) -> i64 {
        let budget = self.clock.as_ref().map(|c| c.absence_budget_ms).unwrap_or(14 * DAY_MS);
        ((budget - self.absence.used_ms).max(0)) / DAY_MS
    }
}

impl Play {
    /// Every mail of a game's record gets its receipt (the chain head at `seq`) and its
    /// recipient's "never mail me again" link.
    pub(crate) fn seal(&self, rows: &mut [OutboxRow], tr: &Tr, seq: u64, hash: &str) {
        if rows.is_empty() {
            return; // most moves mail nobody: no receipt words to compose
        }
        mail::stamp_receipts(rows, tr, seq, hash);
        self.stamp_never(rows, tr);
    }

    /// Each mail's "never mail me again" link (account mail gets it too).
    pub(crate) fn stamp_never(&self, rows: &mut [OutboxRow], tr: &Tr) {
        mail::stamp_never(rows, tr, &|address| self.never_url(address));
    }

    /// The page where the owner of `address` stops all mail to it: the address and a signature
    /// for it alone, so nobody can stop someone else's mail.
    pub fn never_url(&self, address: &str) -> String {
        let address = crate::store::normalize_address(address);
        format!(
            "{}/mail/never/{}/{}",
            self.base_url,
            hex::encode(&address),
            self.secret.never_token(&address)
        )
    }

    /// The address of a never-mail link, if its signature holds.
    pub fn never_address(&self, address_hex: &str, token: &str) -> Result<String, PlayError> {
        let address = hex::decode(address_hex)
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
            .filter(|a| a.len() <= crate::input::EmailAddress::MAX && self.secret.check_never_token(a, token))
            .ok_or(PlayError::UnknownLink)?;
        Ok(address)
    }

    /// Whether the owner of a never-mail link's address already asked for no mail.
    pub async fn never_mail_listed(
        &self,
        address_hex: &str,
        token: &str,
    ) -> Result<(String, bool), PlayError> {
        let address = self.never_address(address_hex, token)?;
        let listed = self.store.mail_blocked(&address).await?;
        Ok((address, listed))
    }

    /// The owner of the link's address asks for no mail at all: listed, and what waits for it
    /// is set aside. Saying it twice is fine.
    pub async fn never_mail(&self, address_hex: &str, token: &str) -> Result<String, PlayError> {
        let address = self.never_address(address_hex, token)?;
        self.store.mail_block(&address, self.now()).await?;
        Ok(address)
    }

    /// One turn mail for each seat that must act after `record` and did not before: what is
    /// asked, and every event since that seat's last turn mail, as that seat may see it.
    pub(super) async fn turn_mails(
        &self,
        loaded: &Loaded,
        record: &Record,
        table: &dyn Table,
        before: &[Seat],
        tr: &Tr,
    ) -> Result<Vec<OutboxRow>, PlayError> {
        let mut out = Vec::new();
        if table.outcome().is_some() {
            return Ok(out);
        }
        for seat in table.to_act() {
            if before.contains(&seat) {
                continue;
            }
            let Some(row) = loaded.seats.get(usize::from(seat)) else { continue };
            if row.email.is_empty() {
                continue;
            }
            let since =
                self.store.outbox_last_turn_seq(&loaded.game.id, row.seat).await?.unwrap_or(0).max(0) as u64;
            let mut events: Vec<Value> = Vec::new();
            for c in self.store.records(&loaded.game.id, since).await? {
                let r = c.record().map_err(|e| PlayError::Internal(format!("record {}: {e}", c.seq)))?;
                events.extend(r.events);
            }
            events.extend(record.events.iter().cloned());
            let (_, seen) = asked_and_seen(table, seat, &events);
            let (commands, lead) = commands_of(table, seat, tr);
            let asked = mail::Asked {
                lead: &lead,
                commands: &commands,
                reply_tag: Some(self.secret.reply_tag(&loaded.game.id, u32::from(seat), record.seq)),
            };
            out.push(mail::your_turn(
                tr,
                &loaded.game,
                row,
                &self.link_of(row),
                record.seq,
                &asked,
                &seen,
                record.at,
            ));
        }
        Ok(out)
    }

    /// A seat's mail settings (the page behind the mail's preferences link).
    pub async fn mail_prefs(&self, token: &str) -> Result<MailPrefs, PlayError> {
        let (seat_row, _) = self.identify(token).await?;
        let loaded = self.load(&seat_row.game_id).await?;
        let mail = self.store.seat_mail(&seat_row.game_id, seat_row.seat).await?;
        let clock = self.store.game_clock(&seat_row.game_id).await?;
        Ok(MailPrefs {
            absence: loaded.notes.absence(seat_row.seat as Seat),
            seat: seat_row.seat as Seat,
            game_url: self.seat_url(token),
            seat_row,
            loaded,
            mail,
            clock,
        })
    }

    /// Change how often a seat gets mail.
    pub async fn set_mail_pref(&self, token: &str, pref: Pref) -> Result<MailPrefs, PlayError> {
        let (seat_row, _) = self.identify(token).await?;
        let mut m = self.store.seat_mail(&seat_row.game_id, seat_row.seat).await?;
        m.pref = pref.code().to_owned();
        self.store.set_seat_mail(&seat_row.game_id, seat_row.seat, &m).await?;
        self.mail_prefs(token).await
    }

    /// Once a day, after [`DIGEST_HOUR_UTC`]: each seat that chose the digest gets the notices
    /// held for it, one mail per game.
    pub(super) async fn send_digests(&self, now: i64) -> Result<usize, PlayError> {
        let day = now.div_euclid(DAY_MS);
        if now.rem_euclid(DAY_MS) < DIGEST_HOUR_UTC * HOUR_MS {
            return Ok(0);
        }
        let held = self.store.outbox_held().await?;
        if held.is_empty() || !self.store.digest_day_claim(day, now).await? {
            return Ok(0);
        }
        let mut sent = 0;
        let mut groups: Vec<(String, i64, Vec<OutboxRow>)> = Vec::new();
        for h in held {
            let Some(seat) = h.seat else { continue };
            match groups.last_mut() {
                Some((g, s, rows)) if *g == h.game_id && *s == seat => rows.push(h),
                _ => groups.push((h.game_id.clone(), seat, vec![h])),
            }
        }
        for (game_id, seat, rows) in groups {
            let loaded = self.load(&game_id).await?;
            let Some(row) = loaded.seats.get(seat as usize) else { continue };
            let tr = self.tr_of(&loaded);
            let mut digest = mail::digest(&tr, &loaded.game, row, &self.link_of(row), &rows, day, now);
            self.seal(std::slice::from_mut(&mut digest), &tr, loaded.seq, &loaded.last_hash);
            let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
            self.store.outbox_digest(&digest, &ids).await?;
            sent += 1;
        }
        Ok(sent)
    }
}

/// The mail worker: ticks the clocks once a minute, and delivers whenever woken (after a
/// commit), at once again while a pass found a full batch, and every few seconds for retries;
/// `in_flight` mails at a time.
pub async fn run_mail_worker(play: Arc<Play>, transport: Transport, in_flight: usize) {
    let mut last_tick: Option<i64> = None;
    loop {
        let now = play.now();
        if last_tick.is_none_or(|t| now.saturating_sub(t) >= 60_000) {
            last_tick = Some(now);
            if let Err(e) = play.tick().await {
                tracing::warn!("mail worker tick: {e}");
            }
        }
        match mail::deliver_batch(&play.store, &transport, play.clock.as_ref(), in_flight, mail::CLAIM_BATCH)
            .await
        {
            // A full batch: more is due now. No wait while mail is due (issue 14).
            Ok(d) if d.claimed as i64 >= mail::CLAIM_BATCH => continue,
            Ok(_) => {}
            Err(e) => tracing::warn!("mail worker: {e}"),
        }
        tokio::select! {
            _ = play.mail_ready.notified() => {}
            _ = tokio::time::sleep(std::time::Duration::from_secs(5)) => {}
        }
    }
}
