//! The JSON API of the history: the records as the bearer's seat may see them, and the game as
//! it stood after any record (docs/api.md).

use crate::play::history::HistoryEntry;
use crate::play::stats::Stats;
use crate::play::view::GameView;
use crate::web::extract::{ApiPath, ApiQuery, Bearer, game_id, seat_token};

use crate::web::AppState;
use crate::web::error::{ApiError, ApiErrorBody};
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use std::num::NonZeroU64;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct EventsQuery {
    /// Only the records after this one (a client following the game sends the last it has);
    /// default 0, from the start.
    pub after: Option<u64>,
    /// At most this many records; default: all of them.
    #[param(minimum = 1, value_type = Option<u64>)]
    pub limit: Option<NonZeroU64>,
}

/// The history, as the bearer's seat may see it: all of it, or the records after `after`, at
/// most `limit` of them (only those are read).
#[utoipa::path(get, path = "/games/{id}/events", params(("id" = String, Path), EventsQuery), security(("seat_token" = [])),
    responses((status = 200, body = Vec<HistoryEntry>), (status = 400, body = ApiErrorBody), (status = 401, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
pub async fn events(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<EventsQuery>,
) -> Result<Json<Vec<HistoryEntry>>, ApiError> {
    let (loaded, seat) = state.log.load_seat_in(&seat_token(&token)?, &game_id(&id)?).await?;
    let after = q.after.unwrap_or(0);
    let through = q.limit.map_or(loaded.seq, |n| after.saturating_add(n.get()).min(loaded.seq));
    Ok(Json(
        crate::play::history::history_window(
            &state.log,
            &loaded,
            Some(seat),
            after.saturating_add(1),
            through,
        )
        .await?,
    ))
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
    let (loaded, seat) = state.log.load_seat_in(&seat_token(&token)?, &game_id(&id)?).await?;
    let at = q.at.unwrap_or(loaded.seq);
    let (view, _) = crate::play::view::view_at(&state.log, &loaded, Some(seat), at).await?;
    Ok(Json(view))
}

/// The game's numbers as the bearer's seat may see them: every die it may see against fair
/// dice, how long each seat took over its turns, the records per day and the game's own counts.
#[utoipa::path(get, path = "/games/{id}/stats", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Stats), (status = 401, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
pub async fn stats(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Stats>, ApiError> {
    let (loaded, seat) = state.log.load_seat_in(&seat_token(&token)?, &game_id(&id)?).await?;
    Ok(Json(crate::play::stats::stats(&state.log, &loaded, Some(seat)).await?))
}
