//! The mail side of the use cases: a seat's mail preferences, an address's "never mail me
//! again", and the daily digest. The worker that delivers the outbox is `worker.rs`.

use super::error::PlayError;
use super::log::{Absence, GameLog, Loaded, Posting};
use crate::clock::{DAY_MS, HOUR_MS};
use crate::ids::{GameId, SeatToken};
use crate::mail;
use crate::store::MailPref;
use crate::store::{GameClock, OutboxRow, SeatMail, SeatRow};
use feldpost_engine::Seat;

/// The hour (UTC) after which the day's digests go out.
pub const DIGEST_HOUR_UTC: i64 = 7;

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
    /// The seat's private calendar feed (`src/play/calendar.rs`).
    pub calendar_url: String,
}

impl MailPrefs {
    pub fn pref(&self) -> MailPref {
        self.mail.pref
    }
    /// Whether the seat reads its mail as text only (no picture of the board).
    pub fn text_only(&self) -> bool {
        self.mail.text_only
    }
    /// Whole days of absence this seat may still declare.
    pub fn absence_left_days(&self) -> i64 {
        let budget = self.clock.as_ref().map(|c| c.absence_budget_ms).unwrap_or(14 * DAY_MS);
        ((budget - self.absence.used_ms).max(0)) / DAY_MS
    }
}

/// Whether the owner of a never-mail link's address already asked for no mail.
pub async fn never_mail_listed(
    log: &GameLog,
    address_hex: &str,
    token: &str,
) -> Result<(String, bool), PlayError> {
    let address = log.links().never_address(address_hex, token)?;
    let listed = log.store.mail_blocked(&address).await?;
    Ok((address, listed))
}

/// The owner of the link's address asks for no mail at all: listed, and what waits for it
/// is set aside. Saying it twice is fine.
pub async fn never_mail(log: &GameLog, address_hex: &str, token: &str) -> Result<String, PlayError> {
    let address = log.links().never_address(address_hex, token)?;
    log.store.mail_block(&address, log.now()).await?;
    Ok(address)
}

/// A seat's mail settings (the page behind the mail's preferences link).
pub async fn mail_prefs(log: &GameLog, token: &SeatToken) -> Result<MailPrefs, PlayError> {
    let seat_row = log.identify(token).await?;
    let loaded = log.load(&seat_row.game_id).await?;
    let mail = log.store.seat_mail(&seat_row.game_id, seat_row.seat).await?;
    let clock = log.store.game_clock(&seat_row.game_id).await?;
    Ok(MailPrefs {
        absence: loaded.notes.absence(seat_row.seat as Seat),
        seat: seat_row.seat as Seat,
        game_url: log.links().seat_url(token.as_str()),
        calendar_url: log.links().seat_calendar_url(&seat_row),
        seat_row,
        loaded,
        mail,
        clock,
    })
}

/// Change how often a seat gets mail.
pub async fn set_mail_pref(log: &GameLog, token: &SeatToken, pref: MailPref) -> Result<MailPrefs, PlayError> {
    set_mail_settings(log, token, pref, None).await
}

/// Change how often a seat gets mail and, when `text_only` says, whether as text only (no
/// picture of the board: `play::pictures`).
pub async fn set_mail_settings(
    log: &GameLog,
    token: &SeatToken,
    pref: MailPref,
    text_only: Option<bool>,
) -> Result<MailPrefs, PlayError> {
    let seat_row = log.identify(token).await?;
    let mut m = log.store.seat_mail(&seat_row.game_id, seat_row.seat).await?;
    m.pref = pref;
    if let Some(text_only) = text_only {
        m.text_only = text_only;
    }
    log.store.set_seat_mail(&seat_row.game_id, seat_row.seat, &m).await?;
    mail_prefs(log, token).await
}

/// Once a day, after [`DIGEST_HOUR_UTC`]: each seat that chose the digest gets the notices
/// held for it, one mail per game.
pub async fn send_digests(log: &GameLog, now: i64) -> Result<usize, PlayError> {
    let day = now.div_euclid(DAY_MS);
    if now.rem_euclid(DAY_MS) < DIGEST_HOUR_UTC * HOUR_MS {
        return Ok(0);
    }
    let held = log.store.outbox_held().await?;
    if held.is_empty() || !log.store.digest_day_claim(day, now).await? {
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
        let loaded = log.load(&GameId::from_stored(game_id)).await?;
        let Some(row) = loaded.seats.get(seat as usize) else { continue };
        // The table talk the held mail would have carried, and what came since.
        let oldest = rows.iter().map(|r| r.created_at).min().unwrap_or(now);
        let talk = super::chat::for_digest(log, &loaded, row.seat as feldpost_engine::Seat, oldest).await?;
        let link = log.links().sealed().seat(row);
        let digest = mail::digest(&loaded.tr(), &loaded.game, row, &link, &rows, &talk, day, now);
        let carried: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
        log.send(&loaded, vec![digest], Posting::Digest { carried }).await?;
        sent += 1;
    }
    Ok(sent)
}

/// The newest `n` mails as they were (or will be) sent, links made: for the dev mailbox, which
/// only a loopback client sees (the outbox itself keeps the links sealed).
pub async fn dev_mailbox(log: &GameLog, n: i64) -> Result<Vec<OutboxRow>, PlayError> {
    let mut rows = log.store.outbox_recent(n).await?;
    for row in &mut rows {
        log.links().unseal(row);
    }
    Ok(rows)
}

/// One mail of the dev mailbox as the mail worker sends it (links made, its pictures inline),
/// as RFC 5322 text from `from`, to be opened in a mail client; None: no such mail.
pub async fn dev_message(log: &GameLog, id: &str, from: &str) -> Result<Option<Vec<u8>>, PlayError> {
    let Some(mut row) = log.store.outbox_get(id).await? else { return Ok(None) };
    log.links().unseal(&mut row);
    let pictures = super::pictures::for_mail(log, &row).await;
    let from = from.parse().map_err(|e| PlayError::Internal(format!("{from}: {e}")))?;
    let message =
        crate::mail::build_message_with(&row, &pictures, &from, log.now()).map_err(PlayError::Internal)?;
    Ok(Some(message.formatted()))
}
