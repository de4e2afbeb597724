//! A metrics scrape: the figures only the database knows are read now, then every metric is
//! written out (`crate::metrics`).

use super::log::GameLog;
use crate::metrics::{Metrics, StateLabels, StatusLabels};

/// The scrape's text. A database that does not answer leaves its figures as the last scrape
/// read them, and the process's own counters are answered anyway.
pub async fn scrape(log: &GameLog) -> String {
    let m = log.metrics();
    let store = &log.store;
    if let Ok(counts) = store.outbox_by_status().await {
        for (status, n) in counts {
            m.outbox.get_or_create(&StatusLabels { status: status.text().to_owned() }).set(n);
        }
    }
    if let Ok(oldest) = store.oldest_due(log.now()).await {
        let waited_ms = oldest.map_or(0, |t| (log.now() - t).max(0));
        m.outbox_oldest_due_seconds.set(waited_ms as f64 / 1000.0);
    }
    if let Ok(outcomes) = store.inbound_by_outcome().await {
        // The usual outcomes are always there, 0 before the first: a chart or an alert on a
        // series that does not exist yet sees nothing.
        for outcome in ["done", "refused", "moved-on", "duplicate", "ignored", "stranger"] {
            m.inbound.get_or_create(&Metrics::outcome(outcome)).set(0);
        }
        for (outcome, n) in outcomes {
            m.inbound.get_or_create(&Metrics::outcome(&outcome)).set(n);
        }
    }
    if let Ok(states) = store.webhooks_by_state().await {
        for (state, n) in states {
            m.webhooks.get_or_create(&StateLabels { state: state.to_owned() }).set(n);
        }
    }
    if let Ok(open) = store.open_disputes().await {
        m.disputes_open.set(open);
    }
    let written = store.move_statements();
    m.move_statements.set(written.statements as i64);
    m.moves_written.set(written.moves as i64);
    let (open, idle) = store.pool_use();
    m.db_connections.get_or_create(&StateLabels { state: "open".into() }).set(i64::from(open));
    m.db_connections.get_or_create(&StateLabels { state: "idle".into() }).set(idle as i64);
    m.cache_games.set(log.cached_games() as i64);
    m.encode()
}
