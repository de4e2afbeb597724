//! The web: HTML pages ([`pages`]) and the JSON API ([`api`]), each one file per resource.
//! Thin: read the request into typed values, call the play layer, render. Failures are
//! returned with `?` and rendered in the request's language by one middleware ([`error`]).

pub mod api;
pub mod error;
pub mod extract;
pub mod files;
pub mod headers;
pub mod health;
pub mod metrics;
pub mod pages;

use crate::play::GameLog;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use std::sync::Arc;

pub use extract::PageLang;

#[derive(Clone)]
pub struct AppState {
    pub log: Arc<GameLog>,
    /// Mail is not sent anywhere but shown at /dev/mailbox.
    pub dev_mailbox: bool,
}

/// Bodies larger than this are refused (413) before anything is parsed.
pub const BODY_LIMIT: usize = 64 * 1024;

pub fn router(state: AppState) -> Router {
    router_with(state, Router::new())
}

/// [`router`] with `extra` routes, served like every other route (inside every layer). The
/// server adds none; a test adds a route of its own here (one that panics, say) to see how the
/// server answers it.
pub fn router_with(state: AppState, extra: Router<AppState>) -> Router {
    // Cross-site form POSTs are refused by their Fetch metadata / Origin (account forms also
    // carry a synchronizer token, see pages/accounts.rs).
    let csrf = pages::accounts::cross_site_guard(state.log.links().base_url());
    let (api, _) = api::router();
    let accounts = pages::accounts::layer(Arc::new(crate::accounts::Accounts::new(state.log.clone())));
    let routes = Router::new()
        .merge(pages::routes())
        .merge(extra)
        .nest("/api", api)
        // The static files, from the binary (a file not there is the 404 page too).
        .route("/static/{*name}", axum::routing::get(files::serve))
        .route("/favicon.ico", axum::routing::get(files::favicon))
        .route_layer(axum::middleware::from_fn(metrics::keep_route))
        .fallback(error::not_found)
        .method_not_allowed_fallback(error::method_not_allowed)
        .with_state(state.clone());
    // The layers wrap the router once, outermost first. (`Router::layer` wraps every route in
    // each of them, boxed, and a request clones the boxed rest of the stack at every layer it
    // passes: in a profile under load (examples/load.rs) about a twentieth of the server's CPU.)
    let layered = tower::ServiceBuilder::new()
        .layer(axum::middleware::from_fn_with_state(state.log.clone(), metrics::count_requests))
        .layer(tower_http::trace::TraceLayer::new_for_http().make_span_with(headers::request_span))
        // Every text response compressed for a client that accepts it (gzip or brotli); a
        // seat page's board drawing shrinks about sixfold. tower-http's default predicate
        // leaves out images (not SVG), event streams and tiny bodies.
        .layer(tower_http::compression::CompressionLayer::new())
        // Outside everything else, so that refusals by the layers inside carry them too.
        .layer(axum::middleware::from_fn(headers::security_headers))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(extract::remember_choice))
        .layer(csrf)
        .layer(accounts)
        .layer(axum::middleware::from_fn(error::render_failures))
        // A handler that panics is answered 500 like any internal error (the error page, or
        // the JSON error under /api, written by render_failures), instead of the connection
        // being dropped; a transaction it held is dropped, so rolled back: nothing is written.
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(error::panicked))
        .service(routes);
    // The probes stand outside every layer: see `health`.
    Router::new()
        .route("/healthz", axum::routing::get(health::healthz))
        .route("/readyz", axum::routing::get(health::readyz))
        .with_state(state)
        .fallback_service(layered)
}
