//! Metrics for an operator's Prometheus: the scrape, on a listener of its own
//! (`FELDPOST_METRICS_BIND`, never the public one), and the layer that counts requests by
//! their route's template (`crate::metrics`).

use crate::play::GameLog;
use axum::extract::{MatchedPath, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::Instant;

/// The metrics listener's routes: `GET /metrics`.
pub fn router(log: Arc<GameLog>) -> axum::Router {
    axum::Router::new().route("/metrics", axum::routing::get(metrics)).with_state(log)
}

async fn metrics(State(log): State<Arc<GameLog>>) -> Response {
    let text = crate::play::scrape::scrape(&log).await;
    ([(header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8")], text)
        .into_response()
}

/// Inside the router (a route layer): hand the matched route's template out with the answer,
/// for [`count_requests`] outside, which the router's own extensions no longer reach.
pub async fn keep_route(request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().cloned();
    let mut response = next.run(request).await;
    if let Some(route) = route {
        response.extensions_mut().insert(route);
    }
    response
}

/// Outside every layer: count each answer by route template, method and status, and time it
/// to its head. A path no route matched is counted as `unmatched` (never the path itself,
/// which may hold a token).
pub async fn count_requests(State(log): State<Arc<GameLog>>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().as_str().to_owned();
    let response = next.run(request).await;
    let route = response.extensions().get::<MatchedPath>().map_or("unmatched", |r| r.as_str()).to_owned();
    let m = log.metrics();
    m.request_seconds
        .get_or_create(&crate::metrics::RouteLabels { route: route.clone(), method: method.clone() })
        .observe(started.elapsed().as_secs_f64());
    m.requests
        .get_or_create(&crate::metrics::RequestLabels { route, method, status: response.status().as_u16() })
        .inc();
    response
}
