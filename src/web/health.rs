//! What a load balancer, systemd or an orchestrator asks: is the process there (`/healthz`), and
//! should it be sent traffic (`/readyz`). Both are cheap, need no token, and are served outside
//! every layer (no request log, no rate limit, no session): a probe every second must cost
//! nothing and say nothing about anyone.

use super::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// The mail worker begins a pass at least every few seconds; one not seen for this long is stuck.
pub const WORKER_SILENT_MS: i64 = 10 * 60_000;

/// The process answers. Nothing else is looked at: a database that is away makes the server
/// unready, not dead (restarting it would not bring the database back).
pub async fn healthz() -> &'static str {
    "ok\n"
}

#[derive(Serialize)]
struct Readiness {
    ready: bool,
    /// Each condition's state, in words an operator reads in a probe's log.
    database: &'static str,
    schema: &'static str,
    mail_worker: &'static str,
    stopping: bool,
}

/// Ready: not stopping, the database answers, its schema is this build's, and the mail worker
/// ran within its period (a server without its worker sends no mail). 200 or 503, with what
/// failed; a 503 carries Retry-After like every refusal of a server that is away.
pub async fn readyz(State(state): State<AppState>) -> Response {
    let log = &state.log;
    let stopping = log.stopping().is_cancelled();
    let (database, schema) = match log.store.schema_versions().await {
        Ok((have, known)) if have >= known => ("ok", "ok"),
        Ok(_) => ("ok", "behind"),
        Err(_) => ("unreachable", "unknown"),
    };
    let mail_worker = match log.worker_last_beat() {
        Some(at) if log.clock().now_ms() - at <= WORKER_SILENT_MS => "ok",
        Some(_) => "silent",
        None => "not started",
    };
    let ready = !stopping && database == "ok" && schema == "ok" && mail_worker == "ok";
    let body = Json(Readiness { ready, database, schema, mail_worker, stopping });
    if ready {
        (StatusCode::OK, body).into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, [("retry-after", "5")], body).into_response()
    }
}
