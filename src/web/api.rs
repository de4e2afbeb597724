//! The JSON API (docs/api.md; the OpenAPI document is served at /api/openapi.json).
//! A seat's link token is its bearer token.

use super::{AppState, code_of, status_of};
use crate::i18n::Tr;
use crate::play::{Acted, Created, GameView, HistoryEntry, NewGame, PlayError};
use crate::web::PageLang;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::OpenApi;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/openapi.json", get(openapi))
        .route("/games", post(create_game))
        .route("/games/{id}", get(game))
        .route("/games/{id}/actions", post(act))
        .route("/games/{id}/events", get(events))
        .route("/games/{id}/state", get(state_at))
        .route("/games/{id}/export", get(export))
        .merge(super::api_disputes::routes())
        .merge(super::api_clock::routes())
}

#[derive(OpenApi)]
#[openapi(
    info(title = "feldpost", description = "Play-by-email adjudicator: games as append-only event logs. A seat's link token is its bearer token."),
    paths(create_game, game, act, events, state_at, export,
        super::api_disputes::list, super::api_disputes::open, super::api_disputes::audit, super::api_disputes::ruling,
        super::api_disputes::appeal, super::api_disputes::vote, super::api_disputes::undo, super::api_disputes::answer_undo,
        super::api_clock::mail, super::api_clock::set_mail, super::api_clock::absence, super::api_clock::pause, super::api_clock::resume,
        super::api_clock::resend, super::api_clock::replace),
    components(schemas(crate::play::disputes::DisputeView, crate::play::disputes::RulingView, crate::play::disputes::AppealView, crate::play::disputes::DisputeAudit,
        crate::play::disputes::UndoOffer, super::api_disputes::NewDispute, super::api_disputes::RulingRequest, super::api_disputes::VoteRequest,
        super::api_disputes::UndoAnswer, super::api_clock::MailSettings, super::api_clock::AbsenceRequest, super::api_clock::Until,
        super::api_clock::PauseRequest, super::api_clock::Replacement, crate::games::Input, NewGame, crate::play::NewPlayer, Created, crate::play::SeatLink, GameView, crate::play::PlayerView, crate::play::LegalAction, HistoryEntry, Acted, ActionRequest, ApiError)),
    modifiers(&BearerAuth)
)]
struct ApiDoc;

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

async fn openapi() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

/// Every error answer of the API.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ApiError {
    /// Stable code: invalid, malformed_json, unknown_ruleset, unknown_game, unknown_link,
    /// unauthorized, wrong_game, not_your_turn, illegal, conflict, finished, no_such_seq,
    /// too_large, unavailable, internal.
    pub error: String,
    /// A sentence for people (in the request's language).
    pub message: String,
    /// The id of the rule an illegal action breaks (see docs/rules/).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// With `conflict`: the game's sequence number now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_seq: Option<u64>,
}

pub struct Failure {
    status: StatusCode,
    body: ApiError,
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

impl Failure {
    pub(super) fn new(status: StatusCode, error: &str, message: impl Into<String>) -> Self {
        Failure {
            status,
            body: ApiError { error: error.into(), message: message.into(), rule: None, current_seq: None },
        }
    }

    pub(super) fn play(e: PlayError, tr: &Tr) -> Self {
        let rule = match &e {
            PlayError::Refused(r) | PlayError::NotYourTurn(r) => Some(r.rule.clone()),
            _ => None,
        };
        let current_seq = match &e {
            PlayError::Conflict { current, .. } => Some(*current),
            _ => None,
        };
        if matches!(e, PlayError::Internal(_)) {
            tracing::error!("{e}");
        }
        Failure {
            status: status_of(&e),
            body: ApiError { error: code_of(&e).into(), message: super::explain(&e, tr), rule, current_seq },
        }
    }
}

/// JSON body whose refusals are answered in the API's error format.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = Failure;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(ApiJson(v)),
            Err(JsonRejection::BytesRejection(e)) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(Failure::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "too_large",
                    format!("the body is larger than {} bytes", super::BODY_LIMIT),
                ))
            }
            Err(JsonRejection::MissingJsonContentType(_)) => Err(Failure::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "malformed_json",
                "send Content-Type: application/json",
            )),
            Err(JsonRejection::JsonSyntaxError(e)) => {
                Err(Failure::new(StatusCode::BAD_REQUEST, "malformed_json", e.body_text()))
            }
            Err(e) => Err(Failure::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", e.body_text())),
        }
    }
}

/// The seat token from `Authorization: Bearer …`.
pub struct Bearer(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Bearer {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| Bearer(t.trim().to_owned()))
            .ok_or_else(|| {
                Failure::new(
                    StatusCode::UNAUTHORIZED,
                    "unauthorized",
                    "send the seat's token as Authorization: Bearer <token>",
                )
            })
    }
}

/// Identify the bearer and load their game, refusing a token of another game.
async fn seat_game(
    state: &AppState,
    token: &str,
    game_id: &str,
    tr: &Tr,
) -> Result<(crate::play::Loaded, feldpost_engine::Seat), Failure> {
    state.play.load_seat_in(token, game_id).await.map_err(|e| Failure::play(e, tr))
}

/// Create a game.
#[utoipa::path(post, path = "/api/games", request_body = NewGame,
    responses((status = 201, body = Created), (status = 400, body = ApiError), (status = 413, body = ApiError), (status = 422, body = ApiError)))]
async fn create_game(
    State(state): State<AppState>,
    lang: PageLang,
    ApiJson(new): ApiJson<NewGame>,
) -> Result<(StatusCode, Json<Created>), Failure> {
    let created = state.play.create(new).await.map_err(|e| Failure::play(e, &lang.tr()))?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// The game as the bearer's seat sees it now.
#[utoipa::path(get, path = "/api/games/{id}", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = GameView), (status = 401, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn game(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
) -> Result<Json<GameView>, Failure> {
    let (loaded, seat) = seat_game(&state, &token, &id, &lang.tr()).await?;
    Ok(Json(state.play.view(&loaded, Some(seat))))
}

/// An action for the bearer's seat.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ActionRequest {
    /// The game's sequence number the action was chosen at (409 if the game has moved on).
    pub expected_seq: u64,
    /// The action, as listed in `legal_actions` (see docs/rules/<game>.md for its format).
    #[schema(value_type = Object)]
    pub action: Value,
}

/// Act.
#[utoipa::path(post, path = "/api/games/{id}/actions", params(("id" = String, Path)), request_body = ActionRequest, security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 400, body = ApiError), (status = 401, body = ApiError), (status = 403, body = ApiError),
        (status = 404, body = ApiError), (status = 409, body = ApiError), (status = 413, body = ApiError), (status = 422, body = ApiError)))]
async fn act(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
    ApiJson(request): ApiJson<ActionRequest>,
) -> Result<Json<Acted>, Failure> {
    let acted = state
        .play
        .act(&token, Some(&id), request.expected_seq, &request.action)
        .await
        .map_err(|e| Failure::play(e, &lang.tr()))?;
    Ok(Json(acted))
}

/// The history, as the bearer's seat may see it.
#[utoipa::path(get, path = "/api/games/{id}/events", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Vec<HistoryEntry>), (status = 401, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn events(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
) -> Result<Json<Vec<HistoryEntry>>, Failure> {
    let tr = lang.tr();
    let (loaded, seat) = seat_game(&state, &token, &id, &tr).await?;
    Ok(Json(state.play.history(&loaded, Some(seat)).await.map_err(|e| Failure::play(e, &tr))?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AtQuery {
    /// The record after which to show the game (1 = just set up); default: now.
    pub at: Option<u64>,
}

/// The game as the bearer's seat saw it after record `at`.
#[utoipa::path(get, path = "/api/games/{id}/state", params(("id" = String, Path), AtQuery), security(("seat_token" = [])),
    responses((status = 200, body = GameView), (status = 401, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn state_at(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
    Query(q): Query<AtQuery>,
) -> Result<Json<GameView>, Failure> {
    let tr = lang.tr();
    let (loaded, seat) = seat_game(&state, &token, &id, &tr).await?;
    let at = q.at.unwrap_or(loaded.seq);
    let (view, _) = state.play.view_at(&loaded, Some(seat), at).await.map_err(|e| Failure::play(e, &tr))?;
    Ok(Json(view))
}

/// The whole log as an export file (`feldpost replay` / `feldpost verify` read it).
#[utoipa::path(get, path = "/api/games/{id}/export", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, description = "feldpost-export/1 JSON"), (status = 401, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn export(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let tr = lang.tr();
    let (loaded, seat) = seat_game(&state, &token, &id, &tr).await?;
    let export = state.play.export(&loaded, Some(seat)).await.map_err(|e| Failure::play(e, &tr))?;
    let disposition = format!("attachment; filename=\"feldpost-{}.json\"", loaded.game.id);
    Ok(([(header::CONTENT_DISPOSITION, disposition)], Json(export)).into_response())
}
