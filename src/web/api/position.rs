//! The JSON API of a game carried over from a real table (docs/positions.md): the host enters
//! the position, each seat answers it, and either may ask where things stand.

use super::{as_seat_of, named};
use crate::play::disputes::Who;
use crate::play::position::PositionStatus;
use crate::web::AppState;
use crate::web::error::{ApiError, ApiErrorBody};
use crate::web::extract::{ApiJson, ApiPath, Bearer, game_id};
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The step the host saw.
    #[serde(deserialize_with = "crate::input::whole::u64")]
    #[schema(maximum = 9007199254740991_u64)]
    pub expected_seq: u64,
    /// What lies on the table, as the ruleset reads it: each game's shape is in
    /// docs/positions.md and its rules document (a part only some seats may see is entered by
    /// a seat, privately, at `/games/{id}/position/private`).
    #[schema(value_type = Object)]
    pub position: serde_json::Value,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PrivatePositionRequest {
    /// The step the seat saw.
    #[serde(deserialize_with = "crate::input::whole::u64")]
    #[schema(maximum = 9007199254740991_u64)]
    pub expected_seq: u64,
    /// The seat's own part of the position, as the ruleset reads it (a key card only the
    /// coordinators see, for one; its shape is in docs/positions.md and the rules document).
    #[schema(value_type = Object)]
    pub part: serde_json::Value,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionAnswerRequest {
    /// The step the seat saw.
    #[serde(deserialize_with = "crate::input::whole::u64")]
    #[schema(maximum = 9007199254740991_u64)]
    pub expected_seq: u64,
    /// Whether what the seat sees is what lies on its table.
    pub agrees: bool,
    /// What is wrong (needed when it does not agree).
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub note: String,
}

/// The record written.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Written {
    pub seq: u64,
}

/// Where the position stands: waiting for the host, for the seats' answers (and each seat's
/// answer), or agreed. Refused (422) in a game not carried over from a real table.
#[utoipa::path(get, path = "/games/{id}/position", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = PositionStatus), (status = 403, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn status(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<PositionStatus>, ApiError> {
    let (loaded, _) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    crate::play::position::status(&loaded)
        .map(Json)
        .ok_or_else(|| crate::play::PlayError::invalid("error-position-not-asked").into())
}

/// Enter (or correct) the position (the host's token). The rules check it; every seat is
/// asked to agree again.
#[utoipa::path(post, path = "/games/{id}/position", params(("id" = String, Path)), request_body = PositionRequest, security(("seat_token" = [])),
    responses((status = 200, body = Written), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 409, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn enter(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiJson(request): ApiJson<PositionRequest>,
) -> Result<Json<Written>, ApiError> {
    let id = game_id(&id)?;
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &id, &token).await?;
    if !matches!(who, Who::Host) {
        super::as_host(&state, &id, &token).await?;
    }
    match crate::play::position::enter(&state.log, loaded, request.expected_seq, &request.position).await {
        Ok(seq) => Ok(Json(Written { seq })),
        Err(e) => Err(named(&state, &id, e).await),
    }
}

/// A seat enters its private part of the position (a seat's token): a part only some seats
/// may see, such as a key card only the coordinators hold. The rules check it against the position on the table;
/// every seat is asked to agree again.
#[utoipa::path(post, path = "/games/{id}/position/private", params(("id" = String, Path)), request_body = PrivatePositionRequest, security(("seat_token" = [])),
    responses((status = 200, body = Written), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 409, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn enter_private(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiJson(request): ApiJson<PrivatePositionRequest>,
) -> Result<Json<Written>, ApiError> {
    let id = game_id(&id)?;
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &id, &token).await?;
    let seat = as_seat_of(who)?;
    match crate::play::position::enter_private(&state.log, loaded, seat, request.expected_seq, &request.part)
        .await
    {
        Ok(seq) => Ok(Json(Written { seq })),
        Err(e) => Err(named(&state, &id, e).await),
    }
}

/// A seat's answer to the position (a seat's token): it agrees, or it does not and says why.
#[utoipa::path(post, path = "/games/{id}/position/answer", params(("id" = String, Path)), request_body = PositionAnswerRequest, security(("seat_token" = [])),
    responses((status = 200, body = Written), (status = 403, body = ApiErrorBody), (status = 409, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn answer(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiJson(request): ApiJson<PositionAnswerRequest>,
) -> Result<Json<Written>, ApiError> {
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    let seat = as_seat_of(who)?;
    let seq = crate::play::position::answer(
        &state.log,
        loaded,
        seat,
        request.expected_seq,
        request.agrees,
        &request.note,
    )
    .await?;
    Ok(Json(Written { seq }))
}
