//! Mail: what feldpost writes to players, and the worker that delivers the outbox.
//!
//! Messages are composed when the record that causes them is committed (same transaction), and
//! sent afterwards. Without SMTP configured, delivery is to the dev mailbox: the message is
//! marked delivered there and shown at /dev/mailbox.

use crate::clock::Clock;
use crate::i18n::Tr;
use crate::store::{GameRow, OUTBOX_PENDING, OutboxRow, SeatRow, Store};
use feldpost_engine::Msg;
use std::sync::Arc;

/// A light syntax check; the real test of an address is whether mail arrives.
pub fn looks_like_email(s: &str) -> bool {
    let Some((local, domain)) = s.rsplit_once('@') else { return false };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && s.len() <= 254
        && !s.chars().any(|c| c.is_whitespace() || c == '<' || c == '>' || c == ',')
}

fn row(game: &GameRow, seat: &SeatRow, seq: u64, kind: &str, subject: String, body: String, now: i64) -> OutboxRow {
    OutboxRow {
        id: crate::secret::random_id(),
        game_id: game.id.clone(),
        seq: seq as i64,
        recipient: seat.email.clone(),
        kind: kind.to_owned(),
        subject,
        body_text: body,
        created_at: now,
        status: OUTBOX_PENDING.to_owned(),
        attempts: 0,
        next_attempt_at: now,
        sent_at: None,
        transport: None,
        last_error: None,
    }
}

fn footer(tr: &Tr, link: &str) -> String {
    format!("\n\n{}\n{link}\n\n-- \n{}\n", tr.t("mail-open-link"), tr.t("mail-footer"))
}

pub fn invitation(tr: &Tr, game: &GameRow, seat: &SeatRow, link: &str, now: i64) -> OutboxRow {
    let args = [("game", game.title.clone()), ("player", seat.name.clone())];
    let subject = tr.t_args("mail-invite-subject", &args);
    let body = format!("{}{}", tr.t_args("mail-invite-body", &args), footer(tr, link));
    row(game, seat, 1, "invite", subject, body, now)
}

/// "It is your turn", with what happened in the record that made it so, as the seat sees it.
pub fn your_turn(tr: &Tr, game: &GameRow, seat: &SeatRow, link: &str, seq: u64, seen: &[Msg], now: i64) -> OutboxRow {
    let args = [("game", game.title.clone()), ("player", seat.name.clone())];
    let subject = tr.t_args("mail-turn-subject", &args);
    let mut body = tr.t_args("mail-turn-body", &args);
    if !seen.is_empty() {
        body.push_str("\n\n");
        body.push_str(&tr.t("mail-what-happened"));
        for m in seen {
            body.push_str("\n  - ");
            body.push_str(&tr.msg(m));
        }
    }
    body.push_str(&footer(tr, link));
    row(game, seat, seq, "turn", subject, body, now)
}

pub fn game_over(tr: &Tr, game: &GameRow, seat: &SeatRow, link: &str, seq: u64, summary: &Msg, now: i64) -> OutboxRow {
    let args = [("game", game.title.clone()), ("player", seat.name.clone())];
    let subject = tr.t_args("mail-end-subject", &args);
    let body = format!("{}\n\n{}{}", tr.t_args("mail-end-body", &args), tr.msg(summary), footer(tr, link));
    row(game, seat, seq, "end", subject, body, now)
}

/// A dispute, ruling, appeal or undo: what happened, told to everyone at the table.
#[allow(clippy::too_many_arguments)]
pub fn notice(tr: &Tr, game: &GameRow, seat: &SeatRow, link: &str, seq: u64, kind: &str, what: &Msg, now: i64) -> OutboxRow {
    let args = [("game", game.title.clone()), ("player", seat.name.clone())];
    let subject = tr.t_args("mail-notice-subject", &args);
    let body = format!("{}\n\n{}{}", tr.t_args("mail-notice-body", &args), tr.msg(what), footer(tr, link));
    row(game, seat, seq, kind, subject, body, now)
}

/// Where mail goes.
#[derive(Clone)]
pub enum Transport {
    /// Nowhere but the dev mailbox page (no SMTP configured).
    DevMailbox,
}

impl Transport {
    pub fn name(&self) -> &'static str {
        match self {
            Transport::DevMailbox => "dev-mailbox",
        }
    }

    async fn deliver(&self, _message: &OutboxRow) -> Result<(), String> {
        match self {
            Transport::DevMailbox => Ok(()),
        }
    }
}

/// Retry after 1 min, 2, 4, … capped at 6 hours.
pub fn backoff_ms(attempts: i64) -> i64 {
    let minutes = 1i64 << attempts.clamp(0, 9);
    (minutes * 60_000).min(6 * 3_600_000)
}

/// Send what is due once. Returns how many were delivered.
pub async fn deliver_due(store: &Store, transport: &Transport, clock: &dyn Clock) -> Result<usize, crate::store::StoreError> {
    let mut delivered = 0;
    for message in store.outbox_due(clock.now_ms(), 50).await? {
        match transport.deliver(&message).await {
            Ok(()) => {
                if store.outbox_mark_sent(&message.id, clock.now_ms(), transport.name()).await? {
                    delivered += 1;
                }
            }
            Err(why) => {
                let retry_at = clock.now_ms() + backoff_ms(message.attempts);
                store.outbox_mark_failed(&message.id, retry_at, &why).await?;
            }
        }
    }
    Ok(delivered)
}

/// The outbox worker: delivers whenever woken, and every few seconds for retries.
pub async fn run_worker(store: Store, transport: Transport, clock: Arc<dyn Clock>, wake: Arc<tokio::sync::Notify>) {
    loop {
        if let Err(e) = deliver_due(&store, &transport, clock.as_ref()).await {
            tracing::warn!("mail worker: {e}");
        }
        tokio::select! {
            _ = wake.notified() => {}
            _ = tokio::time::sleep(std::time::Duration::from_secs(5)) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_syntax() {
        assert!(looks_like_email("ana@example.org"));
        assert!(!looks_like_email("ana"));
        assert!(!looks_like_email("ana@localhost"));
        assert!(!looks_like_email("a b@example.org"));
        assert!(!looks_like_email("@example.org"));
    }

    #[test]
    fn backoff_grows_and_is_capped() {
        assert_eq!(backoff_ms(0), 60_000);
        assert_eq!(backoff_ms(1), 120_000);
        assert!(backoff_ms(3) > backoff_ms(2));
        assert_eq!(backoff_ms(50), 6 * 3_600_000);
    }
}
