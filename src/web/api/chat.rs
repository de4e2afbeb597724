//! The JSON API of table talk (docs/api.md): the lines the bearer may read, writing one, and
//! the host hiding one (`play::chat`).

use crate::play::chat::{self, ChatLine, Which};
use crate::play::disputes::Who;
use crate::web::AppState;
use crate::web::error::{ApiError, ApiErrorBody};
use crate::web::extract::{ApiJson, ApiPath, Bearer, game_id};
use axum::Json;
use axum::extract::State;
use feldpost_engine::Seat;
use serde::Deserialize;

/// Every line of the game's table talk the bearer may read, oldest first: the lines to
/// everyone, and a seat's private lines (written by it or to it). The host reads the lines to
/// everyone only. A line the host hid has no text.
#[utoipa::path(get, path = "/games/{id}/chat", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Vec<ChatLine>), (status = 401, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Vec<ChatLine>>, ApiError> {
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    let seat = match who {
        Who::Seat(s) => Some(s),
        Who::Host => None,
    };
    Ok(Json(chat::lines(&state.log, &loaded, seat, Which::All).await?))
}

/// A line of table talk.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewLine {
    /// Plain text, at most 500 characters (line breaks become spaces).
    #[schema(max_length = 500)]
    pub text: String,
    /// The one seat it is for (a game that allows private talk, from a seat); absent: everyone.
    #[serde(default, deserialize_with = "seat_number")]
    // Inline bounds: the alias `Seat` would be a bare reference to "u8", without them.
    #[schema(value_type = Option<u8>, minimum = 0, maximum = 255)]
    pub to: Option<Seat>,
}

/// A seat's number as JSON may write an integer, `3` or `3.0` (the document says "integer",
/// and JSON Schema counts both).
fn seat_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Seat>, D::Error> {
    use serde::de::Error;
    let Some(n) = Option::<f64>::deserialize(d)? else { return Ok(None) };
    if n.fract() == 0.0 && (0.0..=f64::from(Seat::MAX)).contains(&n) {
        Ok(Some(n as Seat))
    } else {
        Err(D::Error::custom(format!("{n} is not a seat's number (0 to {})", Seat::MAX)))
    }
}

/// Write a line (a seat, or the host to everyone). Limited to a few at once, then one per
/// 15 seconds (429 with Retry-After).
#[utoipa::path(post, path = "/games/{id}/chat", params(("id" = String, Path)), request_body = NewLine, security(("seat_token" = [])),
    responses((status = 200, body = ChatLine), (status = 401, body = ApiErrorBody), (status = 404, body = ApiErrorBody),
        (status = 413, body = ApiErrorBody), (status = 422, body = ApiErrorBody), (status = 429, body = ApiErrorBody)))]
pub async fn say(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiJson(line): ApiJson<NewLine>,
) -> Result<Json<ChatLine>, ApiError> {
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    Ok(Json(chat::say(&state.log, &loaded, who, line.to, &line.text).await?))
}

/// The host hides line `n` (a line to everyone): it stays in its place without its text.
#[utoipa::path(post, path = "/games/{id}/chat/{n}/hide", params(("id" = String, Path), ("n" = u64, Path)), security(("seat_token" = [])),
    responses((status = 204), (status = 401, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody),
        (status = 422, body = ApiErrorBody)))]
pub async fn hide(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath((id, n)): ApiPath<(String, u64)>,
) -> Result<axum::http::StatusCode, ApiError> {
    let id = game_id(&id)?;
    super::as_host(&state, &id, &token).await?;
    let loaded = state.log.load_host(&id, &token).await?;
    chat::hide(&state.log, &loaded, n).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}
