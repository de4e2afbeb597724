//! The JSON API of webhooks (docs/notifications.md): the host's token manages the game's
//! webhooks, a seat's token that seat's own.

use crate::play::disputes::Who;
use crate::play::webhooks::{self, NewWebhook, Owner};
use crate::store::{WebhookFormat, WebhookRow};
use crate::web::AppState;
use crate::web::error::{ApiError, ApiErrorBody};
use crate::web::extract::{ApiJson, ApiPath, Bearer, game_id};
use axum::Json;
use axum::extract::State;
use feldpost_engine::Msg;
use serde::{Deserialize, Serialize};

/// A webhook as its owner sees it. Its URL and secret are not shown again.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Webhook {
    pub id: String,
    pub format: WebhookFormat,
    /// The host its messages go to.
    pub target: String,
    /// The seat it belongs to; none: the game's.
    pub seat: Option<i64>,
    pub created_at: i64,
    /// The last step it was told of.
    pub told_seq: i64,
    /// Failed deliveries in a row.
    pub failures: i64,
    /// Paused after too many failures: it is told nothing until resumed.
    pub paused: bool,
    /// Why the last delivery failed (a message id and its arguments).
    #[schema(value_type = Object, nullable)]
    pub last_error: Option<Msg>,
    /// The `whsec_` signing secret of a `json` webhook: in the answer that adds it, and never again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
}

impl Webhook {
    fn of(w: &WebhookRow, secret: Option<String>) -> Webhook {
        Webhook {
            id: w.id.clone(),
            format: w.format,
            target: webhooks::target_of(w),
            seat: w.seat,
            created_at: w.created_at,
            told_seq: w.told_seq,
            failures: w.failures,
            paused: w.paused_at.is_some(),
            last_error: w.last_error.as_deref().map(webhooks::stored_error),
            secret,
        }
    }
}

/// A webhook to add.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WebhookRequest {
    pub format: WebhookFormat,
    /// The receiver's URL (http or https); for `matrix`, the homeserver's.
    pub url: String,
    /// `matrix` only: the room's id or alias.
    #[serde(default)]
    pub room: String,
    /// `matrix` only: the access token of the account that posts.
    #[serde(default)]
    pub access_token: String,
    /// `push` only: the subscription's keys, as the browser's `PushSubscription.toJSON()` gives
    /// them (`url` is its `endpoint`).
    #[serde(default)]
    pub keys: Option<PushKeys>,
}

/// A push subscription's keys, in URL-safe base64.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PushKeys {
    /// The browser's P-256 public key.
    pub p256dh: String,
    /// Its 16-octet auth secret.
    pub auth: String,
}

/// What a test message came to.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Tested {
    pub delivered: bool,
}

async fn owner(state: &AppState, id: &str, token: &str) -> Result<(crate::play::Loaded, Owner), ApiError> {
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &game_id(id)?, token).await?;
    let owner = match who {
        Who::Host => Owner::Game,
        Who::Seat(s) => Owner::Seat(s),
    };
    Ok((loaded, owner))
}

/// The bearer's webhooks: the host's token lists the game's, a seat's token its own.
#[utoipa::path(get, path = "/games/{id}/webhooks", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Vec<Webhook>), (status = 404, body = ApiErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Vec<Webhook>>, ApiError> {
    let (loaded, owner) = owner(&state, &id, &token).await?;
    let rows = webhooks::list(&state.log, &loaded, owner).await?;
    Ok(Json(rows.iter().map(|w| Webhook::of(w, None)).collect()))
}

/// Add a webhook for the bearer (the game's, with the host's token). A URL that is not http or
/// https, or whose host resolves to a private address, is refused.
#[utoipa::path(post, path = "/games/{id}/webhooks", params(("id" = String, Path)), request_body = WebhookRequest, security(("seat_token" = [])),
    responses((status = 200, body = Webhook), (status = 422, body = ApiErrorBody)))]
pub async fn add(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiJson(r): ApiJson<WebhookRequest>,
) -> Result<Json<Webhook>, ApiError> {
    let (loaded, owner) = owner(&state, &id, &token).await?;
    let (p256dh, auth) = r.keys.map(|k| (k.p256dh, k.auth)).unwrap_or_default();
    let new =
        NewWebhook { format: r.format, url: r.url, room: r.room, access_token: r.access_token, p256dh, auth };
    let added = webhooks::add(&state.log, &loaded, owner, new).await?;
    Ok(Json(Webhook::of(&added.webhook, added.secret)))
}

/// Remove one of the bearer's webhooks.
#[utoipa::path(delete, path = "/games/{id}/webhooks/{webhook}", params(("id" = String, Path), ("webhook" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, description = "removed"), (status = 422, body = ApiErrorBody)))]
pub async fn remove(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath((id, webhook)): ApiPath<(String, String)>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let (loaded, owner) = owner(&state, &id, &token).await?;
    webhooks::remove(&state.log, &loaded, owner, &webhook).await?;
    Ok(Json(serde_json::json!({})))
}

/// Send a test message to one of the bearer's webhooks now. A receiver that does not take it
/// is answered 422 with the reason.
#[utoipa::path(post, path = "/games/{id}/webhooks/{webhook}/test", params(("id" = String, Path), ("webhook" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Tested), (status = 422, body = ApiErrorBody)))]
pub async fn test(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath((id, webhook)): ApiPath<(String, String)>,
) -> Result<Json<Tested>, ApiError> {
    let (loaded, owner) = owner(&state, &id, &token).await?;
    match webhooks::test(&state.log, &loaded, owner, &webhook).await? {
        Ok(()) => Ok(Json(Tested { delivered: true })),
        Err(e) => Err(crate::play::PlayError::Invalid(webhooks::error_msg(&e)).into()),
    }
}

/// Resume one of the bearer's webhooks that was paused after failing: it is tried again at once.
#[utoipa::path(post, path = "/games/{id}/webhooks/{webhook}/resume", params(("id" = String, Path), ("webhook" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, description = "resumed"), (status = 422, body = ApiErrorBody)))]
pub async fn resume(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath((id, webhook)): ApiPath<(String, String)>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let (loaded, owner) = owner(&state, &id, &token).await?;
    webhooks::resume(&state.log, &loaded, owner, &webhook).await?;
    Ok(Json(serde_json::json!({})))
}

/// The server's Web Push public key (VAPID, RFC 8292), as a browser's `applicationServerKey`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PushKey {
    /// The uncompressed P-256 point in URL-safe base64.
    pub public_key: String,
}

/// The key a push subscription is made with (the game page's switch reads it from the page).
#[utoipa::path(get, path = "/push-key", responses((status = 200, body = PushKey)))]
pub async fn push_key(State(state): State<AppState>) -> Json<PushKey> {
    Json(PushKey { public_key: state.log.vapid().public_key() })
}
