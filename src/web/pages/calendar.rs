//! The calendar feeds (`src/play/calendar.rs`) and the forms that renew their links and set a
//! time zone. A feed is a GET that only reads; renewing and setting are POSTs
//! (docs/architecture.md, rule 5). A seat's forms are on its mail settings page, an account's on
//! "My games".

use super::PageResult;
use super::accounts::{Button, CarriesCsrf, SessionForm, Who};
use crate::ids::GameId;
use crate::input::TimeZoneName;
use crate::play::PlayError;
use crate::web::AppState;
use crate::web::extract::{PageForm, PagePath, seat_token};
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

/// The token of a feed's last path segment, `TOKEN.ics`; anything else names no feed.
fn feed_token(file: &str) -> Result<&str, PlayError> {
    file.strip_suffix(".ics")
        .filter(|t| !t.is_empty() && t.len() <= 64 && t.bytes().all(|b| b.is_ascii_alphanumeric()))
        .ok_or(PlayError::UnknownLink)
}

fn ics(text: String) -> Response {
    (
        [
            (CONTENT_TYPE, "text/calendar; charset=utf-8"),
            // Private to its owner; a calendar asks again for what moved.
            (CACHE_CONTROL, "private, no-cache"),
        ],
        text,
    )
        .into_response()
}

/// A seat's feed: `/calendar/seat/{game}/{seat}/{token}.ics`.
pub async fn seat_feed(
    State(state): State<AppState>,
    PagePath((game, seat, file)): PagePath<(String, String, String)>,
) -> PageResult {
    let token = feed_token(&file)?;
    let game_id = GameId::parse(&game).ok_or(PlayError::UnknownLink)?;
    let seat: i64 = seat.parse().map_err(|_| PlayError::UnknownLink)?;
    let feed = crate::play::calendar::seat_feed(&state.log, &game_id, seat, token).await?;
    Ok(ics(feed.to_ics(state.log.links().base_url())))
}

/// An account's feed: `/calendar/account/{account}/{token}.ics`.
pub async fn account_feed(
    State(state): State<AppState>,
    PagePath((account, file)): PagePath<(String, String)>,
) -> PageResult {
    let token = feed_token(&file)?;
    let feed = crate::play::calendar::account_feed(&state.log, &account, token).await?;
    Ok(ics(feed.to_ics(state.log.links().base_url())))
}

/// A new link for a seat's calendar; back to its settings, which show it.
pub async fn renew_seat(State(state): State<AppState>, PagePath(token): PagePath<String>) -> PageResult {
    crate::play::calendar::renew_seat_calendar(&state.log, &seat_token(&token)?).await?;
    Ok(Redirect::to(&format!("/play/{token}/mail?done=calendar")).into_response())
}

#[derive(Deserialize)]
pub struct ZoneForm {
    #[serde(default)]
    time_zone: String,
    csrf: Option<String>,
}

impl CarriesCsrf for ZoneForm {
    fn csrf(&self) -> Option<&str> {
        self.csrf.as_deref()
    }
}

/// A seat's own time zone (empty: none of its own).
pub async fn set_seat_zone(
    State(state): State<AppState>,
    PagePath(token): PagePath<String>,
    PageForm(form): PageForm<ZoneForm>,
) -> PageResult {
    let seat = seat_token(&token)?;
    let zone = TimeZoneName::parse_optional(&form.time_zone).map_err(PlayError::Invalid)?;
    crate::play::calendar::set_seat_time_zone(&state.log, &seat, zone.as_ref()).await?;
    Ok(Redirect::to(&format!("/play/{token}/mail?done=time-zone")).into_response())
}

/// A new link for the account's calendar.
pub async fn renew_account(who: Who, SessionForm { session, .. }: SessionForm<Button>) -> PageResult {
    let Some(session) = session else { return Ok(Redirect::to("/account/login").into_response()) };
    crate::play::calendar::renew_account_calendar(&who.accounts.log, &session.account_id).await?;
    Ok(Redirect::to("/account?done=calendar").into_response())
}

/// The account's time zone (empty: UTC).
pub async fn set_account_zone(who: Who, SessionForm { session, form }: SessionForm<ZoneForm>) -> PageResult {
    let Some(session) = session else { return Ok(Redirect::to("/account/login").into_response()) };
    let zone = TimeZoneName::parse_optional(&form.time_zone).map_err(PlayError::Invalid)?;
    crate::play::calendar::set_account_time_zone(&who.accounts.log, &session.account_id, zone.as_ref())
        .await?;
    Ok(Redirect::to("/account?done=time-zone").into_response())
}
