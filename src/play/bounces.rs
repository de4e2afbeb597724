//! Mail that comes back. Each mail goes out with an envelope sender of its own
//! (`feldpost+b-TAG@…`, the tag naming its outbox row, signed: `src/secret.rs`), so a bounce
//! the relay sends later names the message and the recipient. A hard bounce (or
//! [`SOFT_BOUNCES_TO_FAIL`] soft ones within [`SOFT_BOUNCE_WINDOW_MS`]), or a refusal for good
//! when the mail was sent (`src/mail/mod.rs`), marks the address failing: the game mail waiting
//! for it is stopped, the hosts of the games it is a seat's address in are mailed once, and
//! their host page and the seat's page say so until the seat is given an address again
//! ([`super::seats::replace_player`]). Mail to our bare address is answered once a day at most
//! with how to reach a game ([`autoreply`]).

use super::error::PlayError;
use super::limits::{self, Limit};
use super::log::{GameLog, Posting};
use super::reply::ReplyOutcome;
use crate::clock::DAY_MS;
use crate::i18n::Tr;
use crate::ids::GameId;
use crate::mail::{self, inbound::InboundMail};
use crate::store::{Bounce, BounceRecorded, Failing, SeatRow, normalize_address};

/// Soft bounces (a delay, a 4.x.x status) of one address within [`SOFT_BOUNCE_WINDOW_MS`]
/// that mark it failing: a full mailbox for a day is no reason, for a week it is.
pub const SOFT_BOUNCES_TO_FAIL: i64 = 3;
/// The window in which soft bounces are counted.
pub const SOFT_BOUNCE_WINDOW_MS: i64 = 7 * DAY_MS;

/// A bounce to the address of outbox row `outbox_id`: matched to its message and recipient,
/// counted, and the address marked failing when it must be. Logged with its Message-ID, its
/// game and what came of it.
pub async fn bounce(log: &GameLog, m: &InboundMail, outbox_id: &str) -> Result<ReplyOutcome, PlayError> {
    let Some(sent) = log.store.outbox_get(outbox_id).await? else {
        tracing::info!("bounce {}: of a mail no longer in the outbox ({outbox_id}): ignored", m.message_id);
        return Ok(ReplyOutcome::Bounce("bounce-unknown-mail"));
    };
    let address = normalize_address(&sent.recipient);
    let game = if sent.game_id.is_empty() { "no game".to_owned() } else { format!("game {}", sent.game_id) };
    // The report's block about our recipient, else the first that bounced (a forwarder may
    // name another address than the one we wrote to: the envelope names ours).
    let delivery = m
        .report
        .iter()
        .filter(|d| d.bounced())
        .find(|d| d.recipient.as_deref() == Some(address.as_str()))
        .or_else(|| m.report.iter().find(|d| d.bounced()));
    let Some(delivery) = delivery else {
        // An auto-reply to the envelope sender, a report of delivery, or nothing readable.
        let why = if m.report.is_empty() { "no delivery report in it" } else { "a report of no failure" };
        tracing::info!("bounce {}: {game}, to {address}: not a bounce ({why}), ignored", m.message_id);
        return Ok(ReplyOutcome::Bounce("bounce-not-a-failure"));
    };
    let hard = delivery.hard();
    let reason = match (delivery.status.as_str(), delivery.diagnostic.as_str()) {
        ("", "") => delivery.action.clone(),
        (status, "") => status.to_owned(),
        (_, diagnostic) => diagnostic.chars().take(200).collect(),
    };
    let now = log.now();
    let recorded = log
        .store
        .bounce_record(
            &Bounce {
                message_id: m.message_id.clone(),
                address: address.clone(),
                outbox_id: outbox_id.to_owned(),
                hard,
                status: delivery.status.clone(),
                reason,
                at: now,
            },
            now - SOFT_BOUNCE_WINDOW_MS,
            SOFT_BOUNCES_TO_FAIL,
        )
        .await?;
    let kind = if hard { "hard" } else { "soft" };
    let status = if delivery.status.is_empty() { "no status" } else { delivery.status.as_str() };
    let outcome = match recorded {
        BounceRecorded::Duplicate => "duplicate",
        BounceRecorded::Counted { .. } => "bounce-soft",
        BounceRecorded::Failing { newly: false } => "bounce-already-failing",
        BounceRecorded::Failing { newly: true } => {
            if hard {
                "bounce-hard"
            } else {
                "bounce-soft-failing"
            }
        }
    };
    tracing::info!("bounce {}: {game}, to {address}: {kind} ({status}): {outcome}", m.message_id);
    if let BounceRecorded::Failing { newly: true } = recorded {
        tell_hosts(log).await?;
    }
    Ok(ReplyOutcome::Bounce(outcome))
}

/// Mail the host of every game not finished in which a failing address (not yet told of) is a
/// seat's address, once per address: the notice goes the one way game mail goes
/// ([`GameLog::send`]), and the outbox takes it once per game, step, host and seat. Called
/// when a bounce marks an address, and by the mail worker after each pass (a refusal for good
/// at sending marks one there).
pub async fn tell_hosts(log: &GameLog) -> Result<usize, PlayError> {
    let mut told = 0;
    for failing in log.store.mail_failing_untold().await? {
        for seat in log.store.seats_with_address(&failing.address).await? {
            if tell_host(log, &seat, &failing).await? {
                told += 1;
            }
        }
        log.store.mail_failing_told(&failing.address, log.now()).await?;
    }
    Ok(told)
}

async fn tell_host(log: &GameLog, seat: &SeatRow, failing: &Failing) -> Result<bool, PlayError> {
    let game_id = GameId::from_stored(seat.game_id.to_string());
    let Some(host) = log.store.game_host(&game_id).await?.filter(|h| !h.email.is_empty()) else {
        return Ok(false);
    };
    let loaded = log.load(&game_id).await?;
    let notice = mail::address_failing(
        &loaded.tr(),
        &loaded.game,
        &host.email,
        seat,
        &log.links().sealed().host_url(&loaded.game),
        &failing.reason,
        loaded.seq,
        log.now(),
    );
    log.send(&loaded, vec![notice], Posting::Queue).await?;
    tracing::info!("mail to seat {} of {} fails: its host is told", seat.seat, seat.game_id);
    Ok(true)
}

/// Whether mail to `seat`'s address fails, and since when and why (for the host page and the
/// seat's page).
pub async fn seat_failing(log: &GameLog, seat: &SeatRow) -> Result<Option<Failing>, PlayError> {
    if seat.email.is_empty() {
        return Ok(None);
    }
    Ok(log.store.mail_failing(&normalize_address(&seat.email)).await?)
}

/// Mail to our bare address (`own`, no tag): nobody reads it. A person is answered, at most
/// once a day ([`Limit::AutoreplyPerSender`]), with how to reach a game, in the language of
/// a game the sender plays (else the default). Never a machine (the null sender, an
/// auto-reply, a list, a bounce: `src/mail/inbound.rs`), never our own address.
pub async fn autoreply(log: &GameLog, m: &InboundMail, own: &str) -> Result<ReplyOutcome, PlayError> {
    if let Some(why) = m.automatic {
        tracing::info!("inbound {} to the bare address: not answered ({why})", m.message_id);
        return Ok(ReplyOutcome::Ignored(why));
    }
    let own = normalize_address(own);
    let from_bare = m.from.split_once('@').map(|(u, d)| format!("{}@{d}", u.split('+').next().unwrap_or(u)));
    if m.from.is_empty() || from_bare.as_deref() == Some(own.as_str()) {
        return Ok(ReplyOutcome::Ignored("our own mail"));
    }
    match limits::take(log, Limit::AutoreplyPerSender, &m.from).await {
        Ok(()) => {}
        Err(PlayError::TooMany(_)) => {
            tracing::info!("inbound {} to the bare address: answered lately, not again", m.message_id);
            return Ok(ReplyOutcome::Autoreply("autoreply-not-again"));
        }
        Err(e) => return Err(e),
    }
    let lang = match log.store.seats_with_address(&m.from).await?.first() {
        Some(seat) => match log.store.game(&seat.game_id).await? {
            Some(game) => game.lang,
            None => Default::default(),
        },
        None => Default::default(),
    };
    let tr = Tr::new(lang);
    let now = log.now();
    let mut answer = mail::autoreply(&tr, &m.from, &own, now.div_euclid(DAY_MS), now);
    log.stamp_never(std::slice::from_mut(&mut answer), &tr);
    log.store.outbox_insert(&[answer]).await?;
    log.wake_mail();
    tracing::info!("inbound {} to the bare address: answered with how to reach a game", m.message_id);
    Ok(ReplyOutcome::Autoreply("autoreply-sent"))
}
