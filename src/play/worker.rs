//! The mail worker: it keeps the game clocks ticking and delivers the outbox, in one loop per
//! server (several servers on one database claim each mail with a lease: `src/mail/mod.rs`).

use super::deadlines;
use super::log::GameLog;
use crate::mail::{self, Transport};
use std::sync::Arc;

/// The mail worker: ticks the clocks once a minute, and delivers whenever woken (after a
/// commit), at once again while a pass found a full batch, and every few seconds for retries;
/// `in_flight` mails at a time.
pub async fn run_mail_worker(log: Arc<GameLog>, transport: Transport, in_flight: usize) {
    let mut last_tick: Option<i64> = None;
    loop {
        let now = log.now();
        if last_tick.is_none_or(|t| now.saturating_sub(t) >= 60_000) {
            last_tick = Some(now);
            if let Err(e) = deadlines::tick(&log).await {
                tracing::warn!("mail worker tick: {e}");
            }
        }
        match mail::deliver_batch(
            &log.store,
            log.links(),
            &transport,
            log.clock(),
            in_flight,
            mail::CLAIM_BATCH,
        )
        .await
        {
            // A full batch, or mail made due by the mail server's return: more is due now. No
            // wait while mail is due.
            Ok(d) if d.claimed as i64 >= mail::CLAIM_BATCH || d.retried > 0 => continue,
            Ok(_) => {}
            Err(e) => tracing::warn!("mail worker: {e}"),
        }
        tokio::select! {
            _ = log.mail_ready().notified() => {}
            _ = tokio::time::sleep(std::time::Duration::from_secs(5)) => {}
        }
    }
}
