//! The JSON API of what the mail and host pages do: a seat's mail preference and absence; the
//! host's pause and resume, re-sent invitations and replaced players (docs/api.md).

use super::AppState;
use super::api::{ApiJson, Bearer, Failure};
use crate::mail::Pref;
use crate::play::PlayError;
use crate::play::disputes::Who;
use crate::web::PageLang;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/mail", get(mail).put(set_mail))
        .route("/games/{id}/absence", post(absence))
        .route("/games/{id}/pause", post(pause))
        .route("/games/{id}/resume", post(resume))
        .route("/games/{id}/seats/{seat}/invitation", post(resend))
        .route("/games/{id}/seats/{seat}/replacement", post(replace))
}

/// A seat's mail settings.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MailSettings {
    /// "every" (a mail whenever something is asked), "digest" (once a day) or "none".
    pub pref: String,
    /// Absent until (ms since the epoch; 0: present).
    #[serde(default)]
    pub absent_until: i64,
}

async fn seat_token(state: &AppState, id: &str, token: &str, tr: &crate::i18n::Tr) -> Result<(), Failure> {
    match state.play.authorize(id, token).await.map_err(|e| Failure::play(e, tr))? {
        (_, Who::Seat(_)) => Ok(()),
        (_, Who::Host) => Err(Failure::play(PlayError::Invalid("use a seat's token".into()), tr)),
    }
}

async fn host_token(state: &AppState, id: &str, token: &str, tr: &crate::i18n::Tr) -> Result<(), Failure> {
    match state.play.authorize(id, token).await.map_err(|e| Failure::play(e, tr))? {
        (_, Who::Host) => Ok(()),
        (_, Who::Seat(_)) => Err(Failure::play(
            PlayError::NotYourTurn(feldpost_engine::Refusal::not_your_turn(
                "H1",
                feldpost_engine::Msg::new("error-host-only"),
            )),
            tr,
        )),
    }
}

/// The bearer seat's mail settings.
#[utoipa::path(get, path = "/api/games/{id}/mail", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = MailSettings), (status = 404, body = super::api::ApiError)))]
pub async fn mail(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
) -> Result<Json<MailSettings>, Failure> {
    let tr = lang.tr();
    seat_token(&state, &id, &token, &tr).await?;
    let p = state.play.mail_prefs(&token).await.map_err(|e| Failure::play(e, &tr))?;
    Ok(Json(MailSettings { pref: p.mail.pref.clone(), absent_until: p.mail.absent_until }))
}

/// Change the bearer seat's mail preference.
#[utoipa::path(put, path = "/api/games/{id}/mail", params(("id" = String, Path)), request_body = MailSettings, security(("seat_token" = [])),
    responses((status = 200, body = MailSettings), (status = 422, body = super::api::ApiError)))]
pub async fn set_mail(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
    ApiJson(s): ApiJson<MailSettings>,
) -> Result<Json<MailSettings>, Failure> {
    let tr = lang.tr();
    seat_token(&state, &id, &token, &tr).await?;
    let pref = Pref::from_code(&s.pref)
        .ok_or_else(|| Failure::play(PlayError::Invalid("pref is every, digest or none".into()), &tr))?;
    let p = state.play.set_mail_pref(&token, pref).await.map_err(|e| Failure::play(e, &tr))?;
    Ok(Json(MailSettings { pref: p.mail.pref.clone(), absent_until: p.mail.absent_until }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AbsenceRequest {
    pub days: u32,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Until {
    /// Milliseconds since the epoch.
    pub until: i64,
}

/// Declare the bearer seat absent for some days (within the game's budget): its clock stops.
#[utoipa::path(post, path = "/api/games/{id}/absence", params(("id" = String, Path)), request_body = AbsenceRequest, security(("seat_token" = [])),
    responses((status = 200, body = Until), (status = 422, body = super::api::ApiError)))]
pub async fn absence(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
    ApiJson(a): ApiJson<AbsenceRequest>,
) -> Result<Json<Until>, Failure> {
    let tr = lang.tr();
    seat_token(&state, &id, &token, &tr).await?;
    let until = state.play.declare_absence(&token, a.days).await.map_err(|e| Failure::play(e, &tr))?;
    Ok(Json(Until { until }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PauseRequest {
    /// How long (default: the game's pause length).
    #[serde(default)]
    pub hours: Option<u32>,
}

/// Pause the game (the host's token): no moves and no deadlines until it resumes.
#[utoipa::path(post, path = "/api/games/{id}/pause", params(("id" = String, Path)), request_body = PauseRequest, security(("seat_token" = [])),
    responses((status = 200, body = Until), (status = 403, body = super::api::ApiError)))]
pub async fn pause(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
    ApiJson(p): ApiJson<PauseRequest>,
) -> Result<Json<Until>, Failure> {
    let tr = lang.tr();
    host_token(&state, &id, &token, &tr).await?;
    let until = state.play.pause(&id, &token, p.hours).await.map_err(|e| Failure::play(e, &tr))?;
    Ok(Json(Until { until }))
}

/// Resume a paused game (the host's token).
#[utoipa::path(post, path = "/api/games/{id}/resume", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, description = "resumed"), (status = 403, body = super::api::ApiError)))]
pub async fn resume(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, Failure> {
    let tr = lang.tr();
    host_token(&state, &id, &token, &tr).await?;
    state.play.resume(&id, &token).await.map_err(|e| Failure::play(e, &tr))?;
    Ok(Json(serde_json::json!({ "resumed": true })))
}

/// Send a seat its invitation again (the host's token).
#[utoipa::path(post, path = "/api/games/{id}/seats/{seat}/invitation", params(("id" = String, Path), ("seat" = u8, Path)), security(("seat_token" = [])),
    responses((status = 200, description = "queued"), (status = 403, body = super::api::ApiError), (status = 422, body = super::api::ApiError)))]
pub async fn resend(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path((id, seat)): Path<(String, u8)>,
) -> Result<Json<serde_json::Value>, Failure> {
    let tr = lang.tr();
    host_token(&state, &id, &token, &tr).await?;
    let loaded = state.play.load(&id).await.map_err(|e| Failure::play(e, &tr))?;
    state.play.resend_invitation(&loaded, seat).await.map_err(|e| Failure::play(e, &tr))?;
    Ok(Json(serde_json::json!({ "queued": true })))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct Replacement {
    pub name: String,
    #[serde(default)]
    pub email: String,
}

/// Give a seat to a new player (the host's token): a logged record; the old link stops working.
#[utoipa::path(post, path = "/api/games/{id}/seats/{seat}/replacement", params(("id" = String, Path), ("seat" = u8, Path)), request_body = Replacement, security(("seat_token" = [])),
    responses((status = 200, body = crate::play::SeatLink), (status = 403, body = super::api::ApiError), (status = 422, body = super::api::ApiError)))]
pub async fn replace(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path((id, seat)): Path<(String, u8)>,
    ApiJson(r): ApiJson<Replacement>,
) -> Result<Json<crate::play::SeatLink>, Failure> {
    let tr = lang.tr();
    host_token(&state, &id, &token, &tr).await?;
    let loaded = state.play.load(&id).await.map_err(|e| Failure::play(e, &tr))?;
    Ok(Json(
        state
            .play
            .replace_player(loaded, seat, &r.name, &r.email)
            .await
            .map_err(|e| Failure::play(e, &tr))?,
    ))
}
