//! The JSON API of the history: the records as the bearer's seat may see them, and the game as
//! it stood after any record (docs/api.md).

use crate::play::{GameView, HistoryEntry};
use crate::web::AppState;
use crate::web::error::{ApiError, ApiErrorBody};
use crate::web::extract::{ApiPath, ApiQuery, Bearer};
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

/// The history, as the bearer's seat may see it.
#[utoipa::path(get, path = "/games/{id}/events", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Vec<HistoryEntry>), (status = 401, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
pub async fn events(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Vec<HistoryEntry>>, ApiError> {
    let (loaded, seat) = state.play.load_seat_in(&token, &id).await?;
    Ok(Json(state.play.history(&loaded, Some(seat)).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AtQuery {
    /// The record after which to show the game (1 = just set up); default: now.
    #[param(minimum = 1)]
    pub at: Option<u64>,
}

/// The game as the bearer's seat saw it after record `at`.
#[utoipa::path(get, path = "/games/{id}/state", params(("id" = String, Path), AtQuery), security(("seat_token" = [])),
    responses((status = 200, body = GameView), (status = 401, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
pub async fn state_at(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<AtQuery>,
) -> Result<Json<GameView>, ApiError> {
    let (loaded, seat) = state.play.load_seat_in(&token, &id).await?;
    let at = q.at.unwrap_or(loaded.seq);
    let (view, _) = state.play.view_at(&loaded, Some(seat), at).await?;
    Ok(Json(view))
}
