//! Mail: what feldpost writes to players, and the worker that delivers the outbox.
//!
//! Messages are composed when the record that causes them is committed (same transaction), and
//! sent afterwards. Each message has a plain-text body and an HTML alternative, its own
//! Message-ID, and points (In-Reply-To, References) at its game's thread root, so a game's mails
//! form one thread. Without SMTP configured, delivery is to the dev mailbox: the message is
//! marked delivered there and shown at /dev/mailbox.
//!
//! Delivery is **at least once**, made as close to exactly once as SMTP allows: a worker claims
//! a row with a lease before sending (so two workers never send the same row at once, and a row
//! whose worker died becomes sendable again when the lease runs out), and marks it sent after
//! the server's "250 OK" (a few together, [`MARK_TOGETHER`] at most). The one window left is a
//! worker killed between that OK and the mark: then the message goes out a second time after the lease, with the *same* Message-ID, so mail
//! clients and providers that de-duplicate by Message-ID show it once. The other choice (mark
//! first, send after) would lose that message instead; losing a turn notice is worse.

mod compose;
mod dkim;
pub mod flowed;
pub mod inbound;
pub mod inline;
pub mod listener;
pub mod sealed;
mod session;
mod smtp;

pub use compose::{
    Asked, Board, BoardCell, DisputeAsked, Letter, account_html, game_subject, render_html, render_text,
    thread_of,
};
pub use dkim::{Dkim, SIGNED_HEADERS};
pub use inline::MailPicture;
pub use smtp::{MAX_LOCAL_PART, Refusal, SmtpTransport, build_message, build_message_with, envelope};

use crate::clock::Clock;
use crate::store::{MailKind, MailPref, MailStatus, OutboxRow, Store};
use std::sync::Arc;

pub use compose::{
    absence_notice, address_failing, address_links, autoreply, digest, game_over, host_confirmation,
    invitation, notice, overdue_host, overdue_seat, pause_notice, position_answers, position_asked,
    position_disputed, private_line, reminder, reply_answer, reply_from_stranger, resume_notice,
    ruling_request, stamp_never, stamp_receipt, stamp_receipts, webhook_paused, your_turn,
};

/// Kinds of mail a preference may hold back ("digest") or stop ("none"). The invitation and
/// the digest itself always go; the end of the game is never held for a digest.
fn held_back(kind: &MailKind, pref: MailPref) -> Option<MailStatus> {
    match (pref, kind) {
        (_, MailKind::Invite) | (MailPref::Every, _) => None,
        (_, MailKind::Digest { .. }) => None,
        (MailPref::Never, _) => Some(MailStatus::Suppressed),
        (MailPref::Digest, MailKind::End) => None,
        (MailPref::Digest, _) => Some(MailStatus::Held),
    }
}

/// What makes a mail's sealed links whole when it is sent (see [`sealed`]): the server's
/// key, which the mail module does not hold.
pub trait Unseal: Sync {
    fn unseal(&self, row: &mut OutboxRow);
    /// The signed tag of the message's own envelope sender (`b-…`, see
    /// [`smtp::envelope`]); None: the plain From.
    fn bounce_tag(&self, _row: &OutboxRow) -> Option<String> {
        None
    }
    /// The pictures the mail carries in its HTML part, drawn now (or kept from an earlier
    /// try); none: the mail goes without. By default none.
    fn pictures<'a>(&'a self, _row: &'a OutboxRow) -> futures_util::future::BoxFuture<'a, Vec<MailPicture>> {
        Box::pin(async { Vec::new() })
    }
}

/// Where mail goes.
#[derive(Clone)]
pub enum Transport {
    /// Nowhere but the dev mailbox page (no SMTP configured).
    DevMailbox,
    /// An SMTP server, through lettre.
    Smtp(Arc<SmtpTransport>),
}

impl Transport {
    pub fn name(&self) -> &'static str {
        match self {
            Transport::DevMailbox => "dev-mailbox",
            Transport::Smtp(_) => "smtp",
        }
    }

    async fn deliver(
        &self,
        message: &OutboxRow,
        pictures: &[MailPicture],
        bounce_tag: Option<&str>,
        now: i64,
    ) -> Result<(), Refusal> {
        match self {
            Transport::DevMailbox => Ok(()),
            Transport::Smtp(smtp) => smtp.send_with(message, pictures, bounce_tag, now).await,
        }
    }
}

/// Where a reply to a mail with the reply tag `tag` goes: our own address (`user@domain`, the
/// mail's From) with the tag as its subaddress.
pub fn reply_address(user: &str, tag: &str, domain: &str) -> String {
    format!("{user}+{tag}@{domain}")
}

/// Retry after 1 min, 2, 4, … capped at 6 hours.
pub fn backoff_ms(attempts: i64) -> i64 {
    let minutes = 1i64 << attempts.clamp(0, 9);
    (minutes * 60_000).min(6 * 3_600_000)
}

/// How long a worker holds a row it is sending. Longer than any SMTP conversation (lettre's
/// timeout is set below it), short enough that a dead worker's mail is not late by much.
pub const LEASE_MS: i64 = 5 * 60_000;

/// How many mails are sent at once by default (FELDPOST_MAIL_IN_FLIGHT), each on a connection
/// of its own.
pub const DEFAULT_IN_FLIGHT: usize = 8;

/// How many due mails one claim takes (one statement for all of them).
pub const CLAIM_BATCH: i64 = 200;

/// How many delivered mails are marked sent in one statement at most: the most that go out a
/// second time, with the same Message-ID, if the worker dies before it marks them (see the
/// module's doc). As many as are in flight: a statement a mail was a tenth of a mailed move's
/// cost on Postgres (the load tool's `moves --mailed`), a crash is rare, and a mail sent twice
/// with its Message-ID is shown once by most clients.
pub const MARK_TOGETHER: usize = DEFAULT_IN_FLIGHT;

/// What one pass over the outbox did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Drained {
    /// Mails the server accepted (and now marked sent).
    pub delivered: usize,
    /// Rows this pass claimed: a full batch means more may be due at once.
    pub claimed: usize,
    /// Mails waiting out a backoff that a delivery of this pass made due at once.
    pub retried: u64,
    /// Mails the server refused for good (their addresses now fail).
    pub refused: usize,
}

/// Send what is due once. Returns how many were delivered.
pub async fn deliver_due(
    store: &Store,
    links: &dyn Unseal,
    transport: &Transport,
    clock: &dyn Clock,
) -> Result<usize, crate::store::StoreError> {
    Ok(deliver_batch(store, links, transport, clock, DEFAULT_IN_FLIGHT, CLAIM_BATCH).await?.delivered)
}

/// Claim up to `batch` due mails in one statement and send them, `in_flight` at a time. Each is
/// marked sent only after the server's OK (up to [`MARK_TOGETHER`] in one statement, and all that
/// are delivered by the time nothing is left to send), so a pass cut short anywhere loses
/// nothing: what was not marked goes out again when its lease runs out (at least once, see the
/// module's doc). A permanent refusal (5xx) marks the mail failed and its address failing: it
/// is not tried again, a game's mail to a failing address is stopped, and the host is told.
pub async fn deliver_batch(
    store: &Store,
    links: &dyn Unseal,
    transport: &Transport,
    clock: &dyn Clock,
    in_flight: usize,
    batch: i64,
) -> Result<Drained, crate::store::StoreError> {
    let never = tokio_util::sync::CancellationToken::new();
    deliver_batch_until(store, links, transport, clock, in_flight, batch, &never).await
}

/// [`deliver_batch`], ending early once `stop` is cancelled (the server is stopping): each lane
/// finishes the mail it is sending, takes no other, and what the claim still holds is given
/// back at once, so the next server to look sends it without waiting out the lease.
pub async fn deliver_batch_until(
    store: &Store,
    links: &dyn Unseal,
    transport: &Transport,
    clock: &dyn Clock,
    in_flight: usize,
    batch: i64,
    stop: &tokio_util::sync::CancellationToken,
) -> Result<Drained, crate::store::StoreError> {
    let now = clock.now_ms();
    let claim = crate::secret::random_id();
    let claimed = store.outbox_claim_due(now, now + LEASE_MS, &claim, batch).await?;
    let mut drained = Drained { delivered: 0, claimed: claimed.mails.len(), retried: 0, refused: 0 };
    let mut sendable = Vec::with_capacity(claimed.mails.len());
    // The claim could not tell for addresses beyond ASCII: asked apart (rare).
    let unsure: Vec<String> = claimed
        .mails
        .iter()
        .filter(|m| m.failing.is_none())
        .map(|m| crate::store::normalize_address(&m.row.recipient))
        .collect();
    let failing_unsure =
        if unsure.is_empty() { Default::default() } else { store.mail_failing_among(&unsure).await? };
    for crate::store::ClaimedMail { row: message, failing, pref, text_only } in claimed.mails {
        // Mail of a game to an address that fails (it bounced, or the server refused it for
        // good) is stopped, not tried: the host is told, and a new address for the seat is the
        // way on. Account mail still goes: someone asked for it just now.
        let failing = failing
            .unwrap_or_else(|| failing_unsure.contains(&crate::store::normalize_address(&message.recipient)));
        if !message.game_id.is_empty() && failing {
            store.outbox_set_aside(&message.id, &claim, MailStatus::Stopped).await?;
            continue;
        }
        if message.seat.is_some()
            && let Some(status) = held_back(&message.kind, pref.unwrap_or_default())
        {
            store.outbox_set_aside(&message.id, &claim, status).await?;
            continue;
        }
        sendable.push((message, text_only));
    }
    let queue = std::sync::Mutex::new(sendable.into_iter());
    let next = || if stop.is_cancelled() { None } else { queue.lock().expect("mail queue").next() };
    // Delivered and not yet marked: marked together, once [`MARK_TOGETHER`] have gathered or
    // every lane is done (one statement, not one a mail: marking as soon as the queue was empty
    // marked each lane's last mail alone).
    let unmarked = std::sync::Mutex::new(Vec::new());
    let claim_id = claim.as_str();
    let mark = |all: bool| {
        let ids = {
            let mut unmarked = unmarked.lock().expect("unmarked mail");
            if all || stop.is_cancelled() || unmarked.len() >= MARK_TOGETHER {
                std::mem::take(&mut *unmarked)
            } else {
                Vec::new()
            }
        };
        async move {
            if ids.is_empty() {
                return Ok(0);
            }
            let marked =
                store.outbox_sent_claimed_all(&ids, claim_id, clock.now_ms(), transport.name()).await?;
            Ok::<usize, crate::store::StoreError>(marked as usize)
        }
    };
    let lanes = (0..in_flight.max(1)).map(|_| async {
        let (mut delivered, mut refused, mut deferred) = (0, 0, 0);
        while let Some((mut message, text_only)) = next() {
            // The links are made now, from the key: the outbox keeps them sealed.
            links.unseal(&mut message);
            let bounce_tag = links.bounce_tag(&message);
            // Drawn once per seat and step, kept for retries (`play::pictures`); none for a seat
            // that reads text only (known from the claim: no statement of its own).
            let pictures = if text_only { Vec::new() } else { links.pictures(&message).await };
            match transport.deliver(&message, &pictures, bounce_tag.as_deref(), clock.now_ms()).await {
                Ok(()) => {
                    unmarked.lock().expect("unmarked mail").push(message.id);
                    delivered += mark(false).await?;
                }
                Err(refusal) if refusal.permanent => {
                    tracing::warn!("mail {} refused for good: {}", message.id, refusal.why);
                    store.outbox_refused_claimed(&message.id, &claim, &refusal.why).await?;
                    // The address fails as if the mail had bounced: what else waits for it
                    // stops, and the play worker tells the hosts (`src/play/bounces.rs`).
                    let address = crate::store::normalize_address(&message.recipient);
                    store.mail_fail(&address, &message.id, &refusal.why, clock.now_ms()).await?;
                    refused += 1;
                }
                Err(refusal) => {
                    tracing::warn!("mail {}: {}", message.id, refusal.why);
                    let retry_at = clock.now_ms() + backoff_ms(message.attempts);
                    store.outbox_failed_claimed(&message.id, &claim, retry_at, &refusal.why).await?;
                    deferred += 1;
                }
            }
        }
        Ok::<(usize, usize, usize), crate::store::StoreError>((delivered, refused, deferred))
    });
    // The lanes share one task: sending is waiting on sockets, not work for more cores.
    let lanes = futures_util::future::join_all(lanes).await;
    // A lane that failed may have left deliveries unmarked.
    drained.delivered += mark(true).await?;
    if stop.is_cancelled() {
        store.outbox_release_claim(&claim).await?;
    }
    let mut deferred = 0;
    for lane in lanes {
        let (delivered, refused, lane_deferred) = lane?;
        drained.delivered += delivered;
        drained.refused += refused;
        deferred += lane_deferred;
    }
    // Asked only when some mail waits out a backoff (the claim saw one, or this pass deferred
    // one): most passes have none, and the statement was a tenth of a mail's cost.
    if drained.delivered > 0 && (claimed.backoff_waiting || deferred > 0) {
        // The mail server takes mail again: what waits out a backoff from its outage goes now,
        // not each after its own growing wait (a 91-second outage delayed mail 91 s more).
        drained.retried = store.outbox_retry_now(clock.now_ms()).await?;
    }
    Ok(drained)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_syntax() {
        use crate::input::EmailAddress;
        assert!(EmailAddress::parse("ana@example.org").is_ok());
        assert!(EmailAddress::parse("ana").is_err());
        assert!(EmailAddress::parse("ana@localhost").is_err());
        assert!(EmailAddress::parse("a b@example.org").is_err());
        assert!(EmailAddress::parse("@example.org").is_err());
    }

    #[test]
    fn backoff_grows_and_is_capped() {
        assert_eq!(backoff_ms(0), 60_000);
        assert_eq!(backoff_ms(1), 120_000);
        assert!(backoff_ms(3) > backoff_ms(2));
        assert_eq!(backoff_ms(50), 6 * 3_600_000);
    }

    #[test]
    fn preferences_hold_back_the_right_kinds() {
        assert_eq!(held_back(&MailKind::Turn, MailPref::Every), None);
        assert_eq!(held_back(&MailKind::Turn, MailPref::Digest), Some(MailStatus::Held));
        assert_eq!(held_back(&MailKind::Turn, MailPref::Never), Some(MailStatus::Suppressed));
        assert_eq!(held_back(&MailKind::Invite, MailPref::Never), None);
        assert_eq!(held_back(&MailKind::End, MailPref::Digest), None);
        assert_eq!(held_back(&MailKind::Digest { day: 3 }, MailPref::Digest), None);
        for p in MailPref::ALL {
            assert_eq!(MailPref::from_code(p.code()), Some(p));
        }
    }
}
