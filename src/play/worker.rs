//! The mail worker: it keeps the game clocks ticking and delivers the outbox, in one loop per
//! server (several servers on one database claim each mail with a lease: `src/mail/mod.rs`).

use super::log::GameLog;
use super::{bounces, deadlines, retention};
use crate::mail::{self, Transport};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// How often the worker ticks the game clocks unless told otherwise (FELDPOST_TICK_MS).
pub const DEFAULT_TICK: Duration = Duration::from_secs(60);

/// How often the worker clears mail bodies and table talk past their retention
/// (`play::retention`).
const SWEEP_EVERY: Duration = Duration::from_secs(3_600);

/// How long the worker lets mail gather after a commit woke it: the mails of the moves made
/// meanwhile go out in the same pass (one claim, one mark), not in a pass each.
const GATHER: Duration = Duration::from_millis(20);

/// How long the worker waits for a commit to wake it before it looks for mail to retry.
const RETRY_EVERY: Duration = Duration::from_secs(5);

/// The mail worker: ticks the clocks once a minute, and delivers whenever woken (after a
/// commit), at once again while a pass found a full batch, and every few seconds for retries;
/// `in_flight` mails at a time. It returns once the server stops (`GameLog::stopping`), after
/// finishing the mails it is sending and giving back the rest of its claim.
pub async fn run_mail_worker(log: Arc<GameLog>, transport: Transport, in_flight: usize) {
    run_mail_worker_every(log, transport, in_flight, DEFAULT_TICK).await
}

/// [`run_mail_worker`], ticking the clocks every `tick`. The tick's period is kept by the
/// monotonic clock, never by the wall clock: a step of the wall clock neither holds a tick
/// back nor brings one forward (what a tick does with the time is the game clock's affair:
/// `crate::clock`).
pub async fn run_mail_worker_every(
    log: Arc<GameLog>,
    transport: Transport,
    in_flight: usize,
    tick: Duration,
) {
    let tick = tick.max(Duration::from_millis(1));
    let mut next_tick = Instant::now();
    let mut next_sweep = Instant::now();
    let stopping = log.stopping().clone();
    while !stopping.is_cancelled() {
        log.worker_beats();
        if Instant::now() >= next_tick {
            next_tick = Instant::now() + tick;
            if let Err(e) = deadlines::tick(&log).await {
                tracing::warn!("mail worker tick: {e}");
            }
            tell(&log).await;
        }
        if Instant::now() >= next_sweep {
            next_sweep = Instant::now() + SWEEP_EVERY;
            match retention::sweep(&log).await {
                Ok(0) => {}
                Ok(n) => tracing::info!("cleared the bodies of {n} mails past their retention"),
                Err(e) => tracing::warn!("mail retention: {e}"),
            }
            match retention::sweep_talk(&log).await {
                Ok(0) => {}
                Ok(n) => tracing::info!("cleared the text of {n} lines of table talk past their retention"),
                Err(e) => tracing::warn!("table talk retention: {e}"),
            }
            match retention::sweep_pictures(&log).await {
                Ok(0) => {}
                Ok(n) => tracing::info!("dropped {n} mail pictures past their retries"),
                Err(e) => tracing::warn!("mail pictures: {e}"),
            }
        }
        let drained = mail::deliver_batch_until(
            &log.store,
            &super::pictures::WithPictures(&log),
            &transport,
            log.clock(),
            in_flight,
            mail::CLAIM_BATCH,
            &stopping,
        )
        .await;
        if drained.as_ref().is_ok_and(|d| d.refused > 0) {
            // A refusal for good marked an address failing: its hosts are told (once).
            tell(&log).await;
        }
        match drained {
            // A full batch, or mail made due by the mail server's return: more is due now. No
            // wait while mail is due.
            Ok(d) if d.claimed as i64 >= mail::CLAIM_BATCH || d.retried > 0 => continue,
            Ok(_) => {}
            Err(e) => tracing::warn!("mail worker: {e}"),
        }
        tokio::select! {
            _ = stopping.cancelled() => {}
            _ = log.mail_ready().notified() => {
                tokio::select! {
                    _ = stopping.cancelled() => {}
                    _ = tokio::time::sleep(GATHER) => {}
                }
            }
            _ = tokio::time::sleep_until(next_tick.min(Instant::now() + RETRY_EVERY)) => {}
        }
    }
}

/// Tell the hosts of the addresses that fail (see `src/play/bounces.rs`).
async fn tell(log: &GameLog) {
    if let Err(e) = bounces::tell_hosts(log).await {
        tracing::warn!("mail worker: telling hosts of failing addresses: {e}");
    }
}

/// How long the webhook worker waits for a commit before it looks for webhooks to try again.
const WEBHOOK_RETRY_EVERY: Duration = Duration::from_secs(2);

/// The webhook worker, beside the mail worker: tells each webhook of its game's new steps
/// whenever a commit wakes it, and every few seconds tries again those whose wait is over
/// (`play::webhooks`). It returns once the server stops.
pub async fn run_webhook_worker(log: Arc<GameLog>) {
    let stopping = log.stopping().clone();
    while !stopping.is_cancelled() {
        if let Err(e) = super::webhooks::deliver_due(&log).await {
            tracing::warn!("webhook worker: {e}");
        }
        match log.store.webhooks_any_live().await {
            Ok(live) => log.set_webhooks_live(live),
            Err(e) => tracing::warn!("webhook worker: {e}"),
        }
        tokio::select! {
            _ = stopping.cancelled() => {}
            _ = log.webhooks_ready().notified() => {}
            _ = tokio::time::sleep(WEBHOOK_RETRY_EVERY) => {}
        }
    }
}
