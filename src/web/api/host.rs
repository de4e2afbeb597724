//! The JSON API of the host: pause and resume, invitations sent again, a seat given to a new
//! player (docs/api.md). The bearer is the host's token.

use super::{Until, as_host};
use crate::web::AppState;
use crate::web::error::{ApiError, ApiErrorBody};
use crate::web::extract::{ApiJson, ApiPath, Bearer, ClientIp, game_id};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PauseRequest {
    /// How long, in hours (default: the game's pause length, at most that).
    #[serde(default, deserialize_with = "crate::input::whole::opt_u32")]
    #[schema(minimum = 1, maximum = 8760)]
    pub hours: Option<u32>,
}

/// Pause the game (the host's token): no moves and no deadlines until it resumes.
#[utoipa::path(post, path = "/games/{id}/pause", params(("id" = String, Path)), request_body = PauseRequest, security(("seat_token" = [])),
    responses((status = 200, body = Until), (status = 403, body = ApiErrorBody)))]
pub async fn pause(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiJson(p): ApiJson<PauseRequest>,
) -> Result<Json<Until>, ApiError> {
    as_host(&state, &game_id(&id)?, &token).await?;
    let until = crate::play::deadlines::pause(&state.log, &game_id(&id)?, &token, p.hours).await?;
    Ok(Json(Until { until }))
}

/// Resume a paused game (the host's token).
#[utoipa::path(post, path = "/games/{id}/resume", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, description = "resumed"), (status = 403, body = ApiErrorBody)))]
pub async fn resume(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    as_host(&state, &game_id(&id)?, &token).await?;
    crate::play::deadlines::resume(&state.log, &game_id(&id)?, &token).await?;
    Ok(Json(serde_json::json!({ "resumed": true })))
}

/// Send a seat its invitation again (the host's token).
#[utoipa::path(post, path = "/games/{id}/seats/{seat}/invitation", params(("id" = String, Path), ("seat" = u8, Path)), security(("seat_token" = [])),
    responses((status = 200, description = "queued"), (status = 403, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn resend(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath((id, seat)): ApiPath<(String, u8)>,
) -> Result<Json<serde_json::Value>, ApiError> {
    as_host(&state, &game_id(&id)?, &token).await?;
    let loaded = state.log.load(&game_id(&id)?).await?;
    crate::play::seats::resend_invitation(&state.log, &loaded, seat).await?;
    Ok(Json(serde_json::json!({ "queued": true })))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Replacement {
    pub name: String,
    #[serde(default)]
    pub email: String,
}

/// Start a rematch of the ended game (the host's token): a new game with the same ruleset,
/// options and players, its invitations mailed, each seat with a new link; the old game's pages
/// link to it. Refused (422) before the end and once a rematch has started.
#[utoipa::path(post, path = "/games/{id}/rematch", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 201, body = crate::play::create::Created), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn rematch(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<(StatusCode, Json<crate::play::create::Created>), ApiError> {
    as_host(&state, &game_id(&id)?, &token).await?;
    let loaded = state.log.load(&game_id(&id)?).await?;
    let created = crate::play::create::rematch(&state.log, &loaded, &client).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Give a seat to a new player (the host's token): a logged record; the old link stops working.
#[utoipa::path(post, path = "/games/{id}/seats/{seat}/replacement", params(("id" = String, Path), ("seat" = u8, Path)), request_body = Replacement, security(("seat_token" = [])),
    responses((status = 200, body = crate::play::seats::SeatLink), (status = 403, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn replace(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath((id, seat)): ApiPath<(String, u8)>,
    ApiJson(r): ApiJson<Replacement>,
) -> Result<Json<crate::play::seats::SeatLink>, ApiError> {
    as_host(&state, &game_id(&id)?, &token).await?;
    let loaded = state.log.load(&game_id(&id)?).await?;
    Ok(Json(crate::play::seats::replace_player(&state.log, loaded, seat, &r.name, &r.email).await?))
}
