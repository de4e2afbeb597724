//! The JSON API of a seat's mail settings: its preference and its absence (docs/api.md).

use super::{Until, as_seat};
use crate::store::MailPref;
use crate::web::AppState;
use crate::web::error::{ApiError, ApiErrorBody};
use crate::web::extract::{ApiJson, ApiPath, Bearer, game_id, seat_token};
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};

/// A seat's mail settings.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MailSettings {
    /// `every`: a mail whenever something is asked; `digest`: once a day; `none`: no mail but
    /// the invitation.
    pub pref: MailPref,
    /// Mail as text only: no picture of the board in the HTML part.
    pub text_only: bool,
    /// Absent until (ms since the epoch; 0: present). Read only: declare absence with
    /// `POST /api/games/{id}/absence`.
    pub absent_until: i64,
}

/// The bearer seat's mail settings.
#[utoipa::path(get, path = "/games/{id}/mail", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = MailSettings), (status = 404, body = ApiErrorBody)))]
pub async fn mail(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<MailSettings>, ApiError> {
    as_seat(&state, &game_id(&id)?, &token).await?;
    let p = crate::play::mailing::mail_prefs(&state.log, &seat_token(&token)?).await?;
    Ok(Json(MailSettings { pref: p.pref(), text_only: p.text_only(), absent_until: p.absence.until }))
}

/// What a seat may change of its mail settings.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MailPrefRequest {
    /// `every`: a mail whenever something is asked; `digest`: once a day; `none`: no mail but
    /// the invitation.
    pub pref: MailPref,
    /// Mail as text only (no picture of the board); left out: as it was.
    #[serde(default)]
    pub text_only: Option<bool>,
}

/// Change the bearer seat's mail preference.
#[utoipa::path(put, path = "/games/{id}/mail", params(("id" = String, Path)), request_body = MailPrefRequest, security(("seat_token" = [])),
    responses((status = 200, body = MailSettings), (status = 422, body = ApiErrorBody)))]
pub async fn set_mail(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiJson(s): ApiJson<MailPrefRequest>,
) -> Result<Json<MailSettings>, ApiError> {
    as_seat(&state, &game_id(&id)?, &token).await?;
    let p = crate::play::mailing::set_mail_settings(&state.log, &seat_token(&token)?, s.pref, s.text_only)
        .await?;
    Ok(Json(MailSettings { pref: p.pref(), text_only: p.text_only(), absent_until: p.absence.until }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AbsenceRequest {
    /// Whole days away, at least one (within what is left of the game's budget).
    #[schema(minimum = 1, maximum = 365)]
    #[serde(deserialize_with = "crate::input::whole::u32")]
    pub days: u32,
}

/// Declare the bearer seat absent for some days (within the game's budget): its clock stops.
#[utoipa::path(post, path = "/games/{id}/absence", params(("id" = String, Path)), request_body = AbsenceRequest, security(("seat_token" = [])),
    responses((status = 200, body = Until), (status = 422, body = ApiErrorBody)))]
pub async fn absence(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiJson(a): ApiJson<AbsenceRequest>,
) -> Result<Json<Until>, ApiError> {
    as_seat(&state, &game_id(&id)?, &token).await?;
    let until = crate::play::deadlines::declare_absence(&state.log, &seat_token(&token)?, a.days).await?;
    Ok(Json(Until { until }))
}
