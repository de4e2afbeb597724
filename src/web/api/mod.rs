//! The JSON API (docs/api.md), one file per resource. A seat's link token (or the host's) is
//! the bearer token.
//!
//! Routes and their OpenAPI entries come from one list ([`router`]): each `routes!` registers
//! the handlers of one path and their `#[utoipa::path]` documents together, so the document at
//! `/api/openapi.json` cannot miss a route or list one that is not served.

mod chat;
mod disputes;
mod document;
mod games;
mod history;
mod host;
mod mail_settings;
mod position;
mod seat;
mod webhooks;

use crate::ids::GameId;
use crate::play::PlayError;
use crate::play::disputes::Who;
use crate::web::AppState;
use crate::web::error::ApiError;
use axum::routing::get;
use axum::{Json, Router};
use feldpost_engine::{Msg, Refusal, Seat};
use serde::Serialize;
use std::sync::Arc;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "feldpost",
        description = "Play-by-email adjudicator: games as append-only event logs. A seat's link token is its bearer token."
    ),
    modifiers(&BearerAuth)
)]
struct ApiDoc;

/// Every operation of the API, by resource, and the document describing them.
pub fn router() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, doc) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        // Games
        .routes(routes!(games::create_game))
        .routes(routes!(games::game))
        .routes(routes!(games::export))
        .routes(routes!(games::key))
        // A seat's play
        .routes(routes!(seat::act))
        // History
        .routes(routes!(history::events))
        .routes(routes!(history::state_at))
        .routes(routes!(history::stats))
        // Disputes, rulings, appeals, undo
        .routes(routes!(disputes::list, disputes::open))
        .routes(routes!(disputes::audit))
        .routes(routes!(disputes::ruling))
        .routes(routes!(disputes::appeal))
        .routes(routes!(disputes::vote))
        .routes(routes!(disputes::undo))
        .routes(routes!(disputes::answer_undo))
        // Table talk
        .routes(routes!(chat::list, chat::say))
        .routes(routes!(chat::hide))
        // A seat's mail settings
        .routes(routes!(mail_settings::mail, mail_settings::set_mail))
        .routes(routes!(mail_settings::absence))
        .routes(routes!(mail_settings::set_time_zone))
        // The host
        .routes(routes!(host::pause))
        .routes(routes!(host::resume))
        .routes(routes!(host::resend))
        .routes(routes!(host::replace))
        .routes(routes!(host::rematch))
        .routes(routes!(position::status, position::enter))
        .routes(routes!(position::answer))
        .routes(routes!(position::enter_private))
        // Webhooks (the host's for the game, a seat's its own)
        .routes(routes!(webhooks::list, webhooks::add))
        .routes(routes!(webhooks::remove))
        .routes(routes!(webhooks::test))
        .routes(routes!(webhooks::resume))
        .routes(routes!(webhooks::push_key))
        .split_for_parts();
    let mut doc = doc;
    // Served under /api.
    doc.paths.paths = doc.paths.paths.into_iter().map(|(p, item)| (format!("/api{p}"), item)).collect();
    let served = Arc::new(document::complete(serde_json::to_value(&doc).unwrap_or_default()));
    let router = router.route("/openapi.json", get(move || async move { Json(served.as_ref().clone()) }));
    (router, doc)
}

struct BearerAuth;

impl utoipa::Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "seat_token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// A moment, in milliseconds since the epoch.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Until {
    pub until: i64,
}

/// A refusal that names seats names their players (the message says "Alena", not "Player 1").
async fn named(state: &AppState, game_id: &GameId, e: PlayError) -> ApiError {
    match &e {
        PlayError::Refused(_) | PlayError::NotYourTurn(_) => {
            ApiError::named(e, crate::play::view::player_names(&state.log, game_id).await)
        }
        _ => e.into(),
    }
}

/// The bearer must be a seat of game `id`.
async fn as_seat(state: &AppState, id: &GameId, token: &str) -> Result<Seat, ApiError> {
    let (_, who) = crate::play::disputes::authorize(&state.log, id, token).await?;
    as_seat_of(who)
}

/// A player's action: a seat's token, not the host's.
fn as_seat_of(who: Who) -> Result<Seat, ApiError> {
    match who {
        Who::Seat(s) => Ok(s),
        Who::Host => Err(PlayError::invalid("error-seat-token-needed").into()),
    }
}

/// The bearer must be the host of game `id`.
async fn as_host(state: &AppState, id: &GameId, token: &str) -> Result<(), ApiError> {
    match crate::play::disputes::authorize(&state.log, id, token).await? {
        (_, Who::Host) => Ok(()),
        (_, Who::Seat(_)) => {
            Err(PlayError::NotYourTurn(Refusal::not_your_turn("H1", Msg::new("error-host-only"))).into())
        }
    }
}
