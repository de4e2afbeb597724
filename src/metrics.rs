//! What an operator's Prometheus scrapes from one server (`FELDPOST_METRICS_BIND`): requests,
//! moves, the replay cache, the outbox, replies by mail, webhooks and the database pool. No label carries
//! a token, a game's id or an address: routes are named by their templates (`/play/{token}`),
//! games by their ruleset, mail by its status. Counters are this process's since it started;
//! the outbox and inbound figures are read from the database at each scrape, so every server
//! on one database reports the same (sum them with `max`, not `sum`).

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use std::sync::atomic::AtomicU64;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    pub route: String,
    pub method: String,
    pub status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    pub route: String,
    pub method: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RulesetLabels {
    pub ruleset: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RefusalLabels {
    pub ruleset: String,
    /// The refusal's kind, as the API names it (`illegal_action`, `stale`, …).
    pub reason: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct OutcomeLabels {
    pub outcome: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct StatusLabels {
    pub status: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct StateLabels {
    pub state: String,
}

/// Every metric of one server, registered once.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    pub requests: Family<RequestLabels, Counter>,
    pub request_seconds: Family<RouteLabels, Histogram, fn() -> Histogram>,
    pub moves: Family<RulesetLabels, Counter>,
    pub refusals: Family<RefusalLabels, Counter>,
    /// How a game was found: `hit` (cached and current), `behind` (cached, the rest folded from
    /// the log), `miss` (replayed from the start).
    pub cache_lookups: Family<OutcomeLabels, Counter>,
    pub cache_evictions: Counter,
    pub cache_games: Gauge,
    pub outbox: Family<StatusLabels, Gauge>,
    pub outbox_oldest_due_seconds: Gauge<f64, AtomicU64>,
    pub inbound: Family<OutcomeLabels, Gauge>,
    /// Webhooks by state (`live`, `failing`, `paused`): the database's, as the outbox's.
    pub webhooks: Family<StateLabels, Gauge>,
    /// Disputes waiting for their ruling, over every game still going (no game's id: one
    /// figure; a game's disputes are on its host's and adjudicator's pages).
    pub disputes_open: Gauge,
    pub move_statements: Gauge,
    pub moves_written: Gauge,
    pub db_connections: Family<StateLabels, Gauge>,
}

fn request_histogram() -> Histogram {
    // 1 ms to about 16 s.
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("feldpost");
        let m = Metrics {
            requests: Family::default(),
            request_seconds: Family::new_with_constructor(request_histogram),
            moves: Family::default(),
            refusals: Family::default(),
            cache_lookups: Family::default(),
            cache_evictions: Counter::default(),
            cache_games: Gauge::default(),
            outbox: Family::default(),
            outbox_oldest_due_seconds: Gauge::default(),
            inbound: Family::default(),
            webhooks: Family::default(),
            disputes_open: Gauge::default(),
            move_statements: Gauge::default(),
            moves_written: Gauge::default(),
            db_connections: Family::default(),
            registry: Registry::default(),
        };
        registry.register(
            "http_requests",
            "HTTP requests answered, by route template and status",
            m.requests.clone(),
        );
        registry.register(
            "http_request_duration_seconds",
            "Time to an answer's head, by route template",
            m.request_seconds.clone(),
        );
        registry.register("moves", "Moves committed by this server, by ruleset", m.moves.clone());
        registry.register("move_refusals", "Moves refused, by ruleset and reason", m.refusals.clone());
        registry.register(
            "replay_cache_lookups",
            "Games looked up in the replay cache, by outcome",
            m.cache_lookups.clone(),
        );
        registry.register(
            "replay_cache_evictions",
            "Games dropped from a full replay cache",
            m.cache_evictions.clone(),
        );
        registry.register("replay_cache_games", "Games in the replay cache now", m.cache_games.clone());
        registry.register(
            "outbox_mails",
            "Mails in the outbox, by status (the database's, at the scrape)",
            m.outbox.clone(),
        );
        registry.register(
            "outbox_oldest_due_seconds",
            "How long the oldest mail due has waited (0 when none is due)",
            m.outbox_oldest_due_seconds.clone(),
        );
        registry.register(
            "inbound_mails",
            "Replies received by mail, by outcome (the database's)",
            m.inbound.clone(),
        );
        registry.register(
            "webhooks",
            "Webhooks by state: live, failing (tried again later), paused (failed too often; its owner may resume it) (the database's)",
            m.webhooks.clone(),
        );
        registry.register(
            "disputes_open",
            "Disputes waiting for their ruling, in the games still going (the database's)",
            m.disputes_open.clone(),
        );
        registry.register(
            "move_statements",
            "Postgres: statements that wrote moves since start (group commit; moves_written / this = batch size)",
            m.move_statements.clone(),
        );
        registry.register(
            "moves_written",
            "Postgres: moves written by those statements",
            m.moves_written.clone(),
        );
        registry.register(
            "db_connections",
            "Database connections of this server, open and idle",
            m.db_connections.clone(),
        );
        Metrics { registry, ..m }
    }
}

impl Metrics {
    /// The text a scrape is answered with (OpenMetrics).
    pub fn encode(&self) -> String {
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry).expect("writing to a String");
        text
    }

    pub fn ruleset(ruleset: &str) -> RulesetLabels {
        RulesetLabels { ruleset: ruleset.to_owned() }
    }

    pub fn outcome(outcome: &str) -> OutcomeLabels {
        OutcomeLabels { outcome: outcome.to_owned() }
    }
}
