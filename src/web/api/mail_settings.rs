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
    /// The seat's own time zone (an IANA name such as `Europe/Prague`), in which its mail
    /// states deadlines; none: its account's, else UTC. Set with `PUT /api/games/{id}/time-zone`.
    #[schema(example = "Europe/Prague")]
    pub time_zone: Option<String>,
    /// The zone its mail states deadlines in now (its own, else its account's); none: UTC.
    pub time_zone_in_use: Option<String>,
    /// The seat's private calendar feed (iCalendar) of its deadlines and the rulings it owes.
    pub calendar_url: String,
}

impl MailSettings {
    fn of(p: &crate::play::mailing::MailPrefs) -> MailSettings {
        MailSettings {
            pref: p.pref(),
            text_only: p.text_only(),
            absent_until: p.absence.until,
            time_zone: p.seat_row.time_zone.clone(),
            time_zone_in_use: p.seat_row.zone().map(|z| z.to_string()),
            calendar_url: p.calendar_url.clone(),
        }
    }
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
    Ok(Json(MailSettings::of(&p)))
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
    Ok(Json(MailSettings::of(&p)))
}

/// A seat's own time zone.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TimeZoneRequest {
    /// An IANA time zone name (`Europe/Prague`, `Asia/Vladivostok`, `UTC`); null or empty: none
    /// of its own (its account's, else UTC). A name the server does not know is refused (422).
    #[schema(example = "Europe/Prague", max_length = 64)]
    pub time_zone: Option<String>,
}

/// Set (or clear) the bearer seat's own time zone, in which its mail states deadlines.
#[utoipa::path(put, path = "/games/{id}/time-zone", params(("id" = String, Path)), request_body = TimeZoneRequest, security(("seat_token" = [])),
    responses((status = 200, body = MailSettings), (status = 422, body = ApiErrorBody)))]
pub async fn set_time_zone(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiJson(r): ApiJson<TimeZoneRequest>,
) -> Result<Json<MailSettings>, ApiError> {
    as_seat(&state, &game_id(&id)?, &token).await?;
    let zone = crate::input::TimeZoneName::parse_optional(r.time_zone.as_deref().unwrap_or(""))
        .map_err(crate::play::PlayError::Invalid)?;
    let seat = seat_token(&token)?;
    crate::play::calendar::set_seat_time_zone(&state.log, &seat, zone.as_ref()).await?;
    let p = crate::play::mailing::mail_prefs(&state.log, &seat).await?;
    Ok(Json(MailSettings::of(&p)))
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
