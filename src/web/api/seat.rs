//! The JSON API of a seat's play: acting (docs/api.md).

use crate::play::act::SeatActed;
use crate::web::AppState;
use crate::web::error::{ApiError, ApiErrorBody};
use crate::web::extract::{ApiJson, ApiPath, Bearer, game_id, seat_token};
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;

/// An action for the bearer's seat.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    /// The game's sequence number the action was chosen at (409 if the game has moved on).
    #[serde(deserialize_with = "crate::input::whole::u64")]
    #[schema(maximum = 9007199254740991_u64)]
    pub expected_seq: u64,
    /// The action, as listed in `legal_actions` (see docs/rules/<game>.md for its format). Every
    /// game offers its concession there to each seat that may give up, in turn or not: an action
    /// named `concede` with no other field.
    #[schema(value_type = Object)]
    pub action: Value,
}

/// Act: any action `legal_actions` offers the bearer's seat, its concession included (which
/// cannot be taken back: the page asks first, a client should too).
#[utoipa::path(post, path = "/games/{id}/actions", params(("id" = String, Path)), request_body = ActionRequest, security(("seat_token" = [])),
    responses((status = 200, body = SeatActed), (status = 400, body = ApiErrorBody), (status = 401, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody), (status = 413, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn act(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiJson(request): ApiJson<ActionRequest>,
) -> Result<Json<SeatActed>, ApiError> {
    let (id, token) = (game_id(&id)?, seat_token(&token)?);
    match crate::play::act::by_token(&state.log, &token, Some(&id), request.expected_seq, &request.action)
        .await
    {
        Ok(acted) => Ok(Json(acted)),
        Err(e) => Err(super::named(&state, &id, e).await),
    }
}
