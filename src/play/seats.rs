//! The host's care of the seats: their links, an invitation sent again, a seat given to a new
//! player, and the mail to a seat that could not be delivered.

use super::error::PlayError;
use super::limits::{self, Limit};
use super::log::{Change, GameLog, Loaded, Posting};
use crate::input::{EmailAddress, Field, PlayerName};
use crate::mail;
use crate::record::{Cause, Record};
use crate::store::SeatRow;
use feldpost_engine::Seat;
use serde::Serialize;

/// A seat's link, as the host is shown it (and as a new game's answer lists them).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeatLink {
    pub seat: Seat,
    pub name: String,
    /// The seat's bearer token (also the secret part of its link).
    pub token: String,
    pub url: String,
}

impl SeatLink {
    pub(crate) fn of(log: &GameLog, row: &SeatRow) -> SeatLink {
        let token = log.links().seat_token(row);
        SeatLink { seat: row.seat as Seat, name: row.name.clone(), url: log.links().seat_url(&token), token }
    }
}

/// Refused when two of `names` would be taken for one another (see
/// [`crate::input::names_alike`]): every page, mail and refusal names players by their names.
pub fn distinct_names(names: &[&str]) -> Result<(), PlayError> {
    for (i, a) in names.iter().enumerate() {
        if let Some(b) = names[i + 1..].iter().find(|b| crate::input::names_alike(a, b)) {
            return Err(PlayError::Invalid(
                feldpost_engine::Msg::new("input-error-names-alike").text("first", *a).text("second", *b),
            ));
        }
    }
    Ok(())
}

/// Send a seat its invitation again (the host's button): the same link, a new mail.
pub async fn resend_invitation(log: &GameLog, loaded: &Loaded, seat: Seat) -> Result<(), PlayError> {
    let row = loaded.seats.get(usize::from(seat)).ok_or_else(|| PlayError::invalid("error-no-such-seat"))?;
    if row.email.is_empty() {
        return Err(PlayError::invalid("error-seat-without-email"));
    }
    limits::take(log, Limit::InvitesPerRecipient, &row.email).await?;
    let role = loaded.table.seat_label(seat);
    let position_to_come = loaded.notes.position_wait(loaded.seats.len()).is_some();
    let link = log.links().sealed().seat(row);
    let mut mail =
        mail::invitation(&loaded.tr(), &loaded.game, row, &role, &link, position_to_come, log.now());
    // One re-sent invitation per state of the game (a double click sends one). It answers
    // the first invitation, the root of the seat's thread, under an id of its own.
    mail.id = crate::secret::random_id();
    mail.seq = loaded.seq as i64;
    mail.kind = crate::store::MailKind::Reinvite;
    log.send(loaded, vec![mail], Posting::Queue).await?;
    Ok(())
}

/// Give `seat` to a new player (the host's decision when a player left): a logged record, a
/// new link (the old one stops working), an invitation to the new player and a notice to the
/// others — all in one transaction.
pub async fn replace_player(
    log: &GameLog,
    loaded: Loaded,
    seat: Seat,
    name: &str,
    email: &str,
) -> Result<SeatLink, PlayError> {
    let name = PlayerName::parse(name).map_err(PlayError::input(Field::PlayerName))?;
    let email = EmailAddress::parse_optional(email).map_err(PlayError::input(Field::Email))?;
    let old =
        loaded.seats.get(usize::from(seat)).ok_or_else(|| PlayError::invalid("error-no-such-seat"))?.clone();
    if loaded.finished() {
        return Err(PlayError::Finished);
    }
    if let Some(to) = &email {
        limits::take(log, Limit::InvitesPerRecipient, to.as_str()).await?;
    }
    let salt = crate::secret::random_id();
    let token = log.links().secret().seat_token(&loaded.game.id, u32::from(seat), &salt);
    let new = SeatRow {
        name: name.to_string(),
        email: email.map(|e| e.to_string()).unwrap_or_default(),
        token_salt: salt,
        token_hash: crate::secret::token_hash(&token),
        // A new player: none of the former one's settings (the store clears them too).
        time_zone: None,
        account_time_zone: None,
        calendar_salt: String::new(),
        ..old
    };
    let record = Record {
        seq: loaded.next_seq(),
        at: log.now(),
        cause: Cause::Replaced { seat, name: name.to_string() },
        events: vec![],
        nonce: None,
    };
    let link = SeatLink::of(log, &new);
    let address = crate::store::normalize_address(&new.email);
    let game_id = loaded.game.id.clone();
    log.commit(loaded, Change::record(record).giving_seat(new)).await?;
    // The new player's account, if it has browser notifications on for all its games.
    if !address.is_empty() {
        super::webhooks::push_for_seat(log, game_id.as_str(), i64::from(seat), false).await;
    }
    // The host gives the seat this address now: if mail to it failed, the host says it works
    // again (the player's mailbox was fixed), and it is tried again (src/play/bounces.rs).
    if !address.is_empty() && log.store.mail_failing_clear(&address).await? {
        tracing::info!("mail to seat {seat} of {game_id}: its address is given again, no longer failing");
    }
    Ok(link)
}

/// The game's mail that the mail server refused for good (status `failed`: the delivery worker
/// marks a permanent refusal so), as (recipient, the server's answer), for the host page. Left
/// out: mail to an address that fails (the host page says so of its seat once, see
/// [`failing`]) and mail to a seat's earlier player (its thread is not the seat's now).
pub async fn undeliverable(log: &GameLog, loaded: &Loaded) -> Result<Vec<(String, String)>, PlayError> {
    let failed: Vec<_> = log
        .store
        .outbox_of_game(&loaded.game.id)
        .await?
        .into_iter()
        .filter(|m| m.status == crate::store::MailStatus::Failed)
        .filter(|m| match m.seat {
            None => true,
            Some(seat) => loaded
                .seats
                .get(seat as usize)
                .is_some_and(|row| m.thread.as_deref() == Some(mail::thread_of(row).as_str())),
        })
        .collect();
    let recipients: Vec<String> =
        failed.iter().map(|m| crate::store::normalize_address(&m.recipient)).collect();
    let failing = log.store.mail_failing_among(&recipients).await?;
    Ok(failed
        .into_iter()
        .filter(|m| !failing.contains(&crate::store::normalize_address(&m.recipient)))
        .map(|m| (m.recipient, m.last_error.unwrap_or_default()))
        .collect())
}

/// The seats whose address fails (it bounced, or the mail server refused it for good), with
/// why: for the host page, which says how to go on (give the seat a new address).
pub async fn failing(
    log: &GameLog,
    loaded: &Loaded,
) -> Result<Vec<(SeatRow, crate::store::Failing)>, PlayError> {
    let mut out = Vec::new();
    for row in loaded.seats.iter() {
        if let Some(f) = super::bounces::seat_failing(log, row).await? {
            out.push((row.clone(), f));
        }
    }
    Ok(out)
}

/// The seat links of a game (for its host).
pub fn seat_links(log: &GameLog, loaded: &Loaded) -> Vec<SeatLink> {
    loaded.seats.iter().map(|s| SeatLink::of(log, s)).collect()
}
