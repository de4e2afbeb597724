//! The JSON API of games: create one, look at it as the bearer's seat, export its log
//! (docs/api.md). A seat's link token is its bearer token.

use crate::play::create::{Created, NewGame, Requester};
use crate::play::view::GameView;
use crate::web::extract::{ApiJson, ApiPath, Bearer, ClientIp, game_id, seat_token};

use crate::web::AppState;
use crate::web::error::{ApiError, ApiErrorBody};
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Create a game.
#[utoipa::path(post, path = "/games", request_body = NewGame,
    responses((status = 201, body = Created), (status = 400, body = ApiErrorBody), (status = 413, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn create_game(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    ApiJson(new): ApiJson<NewGame>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let created = crate::play::create::create(&state.log, new, &Requester { client, account: None }).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// The game as the bearer's seat sees it now.
#[utoipa::path(get, path = "/games/{id}", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = GameView), (status = 401, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
pub async fn game(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<GameView>, ApiError> {
    let (loaded, seat) = state.log.load_seat_in(&seat_token(&token)?, &game_id(&id)?).await?;
    Ok(Json(crate::play::view::view(&state.log, &loaded, Some(seat))))
}

/// The whole log as an export file (`feldpost replay` / `feldpost verify` read it).
#[utoipa::path(get, path = "/games/{id}/export", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, description = "feldpost-export/1 JSON"), (status = 401, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
pub async fn export(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let (loaded, seat) = state.log.load_seat_in(&seat_token(&token)?, &game_id(&id)?).await?;
    let export = crate::play::export::export(&state.log, &loaded, Some(seat)).await?;
    let disposition = format!("attachment; filename=\"feldpost-{}.json\"", loaded.game.id);
    Ok(([(header::CONTENT_DISPOSITION, disposition)], Json(export)).into_response())
}

/// The key that signs every export's head (`feldpost verify --key` checks against it).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ServerKey {
    /// Always "ed25519".
    pub algorithm: String,
    /// 32 bytes, hex.
    pub public_key: String,
}

/// The server's export-signing key.
#[utoipa::path(get, path = "/key", responses((status = 200, body = ServerKey)))]
pub async fn key(State(state): State<AppState>) -> Json<ServerKey> {
    Json(ServerKey { algorithm: "ed25519".into(), public_key: crate::play::export::export_key(&state.log) })
}
