//! The web: HTML pages and the JSON API. Thin: parse, call the play layer, render.

pub mod accounts;
mod api;
mod api_clock;
mod api_disputes;
mod lang;
mod mail_pages;
mod pages;
mod pages_disputes;

use crate::play::{Play, PlayError};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use std::sync::Arc;
use tower_http::services::ServeDir;

pub use lang::PageLang;

#[derive(Clone)]
pub struct AppState {
    pub play: Arc<Play>,
    /// Mail is not sent anywhere but shown at /dev/mailbox.
    pub dev_mailbox: bool,
}

/// Bodies larger than this are refused (413) before anything is parsed.
pub const BODY_LIMIT: usize = 64 * 1024;

pub fn router(state: AppState) -> Router {
    // Cross-site form POSTs are refused by their Fetch metadata / Origin (account forms also
    // carry a synchronizer token, see web/accounts.rs).
    let csrf = accounts::cross_site_guard(state.play.base_url());
    Router::new()
        .merge(pages::routes())
        .merge(pages_disputes::routes())
        .merge(accounts::routes())
        .merge(mail_pages::routes())
        .nest("/api", api::routes())
        .nest_service("/static", ServeDir::new(concat!(env!("CARGO_MANIFEST_DIR"), "/static")))
        .layer(accounts::layer(Arc::new(crate::accounts::Accounts::new(state.play.clone()))))
        .layer(csrf)
        .layer(axum::middleware::from_fn(lang::remember_choice))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(state)
}

/// The HTTP status for each answer of the play layer.
pub fn status_of(e: &PlayError) -> StatusCode {
    match e {
        PlayError::UnknownRuleset(_) | PlayError::Invalid(_) | PlayError::Refused(_) => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
        PlayError::UnknownGame | PlayError::UnknownLink | PlayError::NoSuchSeq(_) => StatusCode::NOT_FOUND,
        PlayError::WrongGame | PlayError::NotYourTurn(_) => StatusCode::FORBIDDEN,
        PlayError::Conflict { .. } | PlayError::Finished | PlayError::Paused { .. } => StatusCode::CONFLICT,
        PlayError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        PlayError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// A stable machine-readable code for each answer.
pub fn code_of(e: &PlayError) -> &'static str {
    match e {
        PlayError::UnknownRuleset(_) => "unknown_ruleset",
        PlayError::Invalid(_) => "invalid",
        PlayError::Refused(_) => "illegal",
        PlayError::UnknownGame => "unknown_game",
        PlayError::UnknownLink => "unknown_link",
        PlayError::NoSuchSeq(_) => "no_such_seq",
        PlayError::WrongGame => "wrong_game",
        PlayError::NotYourTurn(_) => "not_your_turn",
        PlayError::Conflict { .. } => "conflict",
        PlayError::Finished => "finished",
        PlayError::Paused { .. } => "paused",
        PlayError::Unavailable(_) => "unavailable",
        PlayError::Internal(_) => "internal",
    }
}

/// The sentence for people, in their language.
pub fn explain(e: &PlayError, tr: &crate::i18n::Tr) -> String {
    match e {
        PlayError::Refused(r) | PlayError::NotYourTurn(r) => {
            format!("{} ({} {})", tr.msg(&r.reason), tr.t("rule"), r.rule)
        }
        PlayError::Conflict { .. } => tr.t("error-conflict"),
        PlayError::UnknownLink => tr.t("error-unknown-link"),
        PlayError::UnknownGame => tr.t("error-unknown-game"),
        PlayError::WrongGame => tr.t("error-wrong-game"),
        PlayError::Finished => tr.t("error-finished"),
        PlayError::Paused { until } => {
            tr.t_args("error-paused", &[("when", crate::clock::format_utc(*until))])
        }
        PlayError::NoSuchSeq(n) => tr.t_args("error-no-such-seq", &[("n", n.to_string())]),
        PlayError::Unavailable(_) => tr.t("error-unavailable"),
        PlayError::Internal(_) => tr.t("error-internal"),
        PlayError::UnknownRuleset(r) => tr.t_args("error-unknown-ruleset", &[("ruleset", r.clone())]),
        PlayError::Invalid(m) => format!("{}: {m}", tr.t("error-invalid")),
    }
}
