//! The mail pages: a seat's mail preferences (the List-Unsubscribe target) and absence, and the
//! host's pause and resume. GET only shows; every change is a POST (design.md, rule 5), and the
//! one-click unsubscribe of RFC 8058 is a POST too.

use super::{AppState, PageLang, explain, status_of};
use crate::clock::format_utc;
use crate::i18n::Tr;
use crate::mail::Pref;
use crate::play::{Deadline, MailPrefs, PlayError};
use askama::Template;
use axum::Router;
use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use std::collections::HashMap;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/play/{token}/mail", get(prefs_page).post(set_pref))
        .route("/play/{token}/mail/unsubscribe", get(prefs_page).post(unsubscribe))
        .route("/play/{token}/absence", post(absence))
        .route("/host/{id}/{token}/pause", post(pause))
        .route("/host/{id}/{token}/resume", post(resume))
}

/// The deadline fields of the new-game form (none filled in: no deadline).
pub fn deadline_from_form(form: &HashMap<String, String>) -> Deadline {
    let num = |k: &str| form.get(k).and_then(|v| v.trim().parse::<u32>().ok()).filter(|n| *n > 0);
    Deadline {
        hours: num("deadline_hours"),
        remind_hours: num("remind_hours"),
        policy: form.get("deadline_policy").cloned().unwrap_or_default(),
        absence_days: form.get("absence_days").and_then(|v| v.trim().parse().ok()),
        pause_hours: num("pause_hours"),
        host_email: form.get("host_email").cloned().unwrap_or_default(),
    }
}

struct Choice {
    code: &'static str,
    label: String,
    checked: bool,
}

#[derive(Template)]
#[template(path = "mail/prefs.html")]
struct PrefsPage {
    tr: Tr,
    title: String,
    lead: String,
    token: String,
    game_url: String,
    choices: Vec<Choice>,
    notice: Option<String>,
    absence_lead: String,
    absent_until: Option<String>,
    absence_left: i64,
}

fn render<T: Template>(status: StatusCode, t: &T) -> Response {
    match t.render() {
        Ok(html) => (status, Html(html)).into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, format!("template error: {e}")).into_response(),
    }
}

fn error(e: &PlayError, tr: &Tr) -> Response {
    (
        status_of(e),
        Html(format!(
            "<!doctype html><meta charset=utf-8><p role=alert>{}</p>",
            askama_escape(&explain(e, tr))
        )),
    )
        .into_response()
}

fn askama_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn prefs_view(p: &MailPrefs, tr: Tr, token: &str, notice: Option<String>, now: i64) -> PrefsPage {
    let args = [("game", p.loaded.game.title.clone()), ("player", p.seat_row.name.clone())];
    let current = p.pref();
    PrefsPage {
        title: tr.t_args("mail-prefs-title", &args),
        lead: tr.t_args("mail-prefs-lead", &args),
        token: token.to_owned(),
        game_url: p.game_url.clone(),
        choices: Pref::ALL
            .into_iter()
            .map(|c| Choice {
                code: c.code(),
                label: tr.t(&format!("mail-pref-{}", c.code())),
                checked: c == current,
            })
            .collect(),
        notice,
        absence_lead: tr.t_args("mail-absence-lead", &[("left", p.absence_left_days().to_string())]),
        absent_until: (p.mail.absent_until > now)
            .then(|| tr.t_args("mail-absence-until", &[("when", format_utc(p.mail.absent_until))])),
        absence_left: p.absence_left_days(),
        tr,
    }
}

async fn prefs_page(State(state): State<AppState>, lang: PageLang, Path(token): Path<String>) -> Response {
    let tr = lang.tr();
    match state.play.mail_prefs(&token).await {
        Ok(p) => render(StatusCode::OK, &prefs_view(&p, tr, &token, None, state.play.now())),
        Err(e) => error(&e, &tr),
    }
}

async fn set_pref(
    State(state): State<AppState>,
    lang: PageLang,
    Path(token): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let tr = lang.tr();
    let Some(pref) = form.get("pref").and_then(|p| Pref::from_code(p)) else {
        return error(&PlayError::Invalid("choose every, digest or none".into()), &tr);
    };
    match state.play.set_mail_pref(&token, pref).await {
        Ok(p) => {
            let saved = tr.t("mail-prefs-saved");
            render(StatusCode::OK, &prefs_view(&p, tr, &token, Some(saved), state.play.now()))
        }
        Err(e) => error(&e, &tr),
    }
}

/// RFC 8058 one-click: the mail provider POSTs `List-Unsubscribe=One-Click`; the form on the
/// page posts here too. Either way: no more mail about this game.
async fn unsubscribe(State(state): State<AppState>, lang: PageLang, Path(token): Path<String>) -> Response {
    let tr = lang.tr();
    match state.play.set_mail_pref(&token, Pref::Never).await {
        Ok(p) => {
            let saved = tr.t("mail-prefs-saved");
            render(StatusCode::OK, &prefs_view(&p, tr, &token, Some(saved), state.play.now()))
        }
        Err(e) => error(&e, &tr),
    }
}

async fn absence(
    State(state): State<AppState>,
    lang: PageLang,
    Path(token): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let tr = lang.tr();
    let days = form.get("days").and_then(|d| d.trim().parse::<u32>().ok()).unwrap_or(0);
    match state.play.declare_absence(&token, days).await {
        Ok(_) => Redirect::to(&format!("/play/{token}/mail")).into_response(),
        Err(e) => error(&e, &tr),
    }
}

async fn pause(
    State(state): State<AppState>,
    lang: PageLang,
    Path((id, token)): Path<(String, String)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let tr = lang.tr();
    let hours = form.get("hours").and_then(|h| h.trim().parse::<u32>().ok());
    match state.play.pause(&id, &token, hours).await {
        Ok(_) => Redirect::to(&format!("/host/{id}/{token}")).into_response(),
        Err(e) => error(&e, &tr),
    }
}

async fn resume(
    State(state): State<AppState>,
    lang: PageLang,
    Path((id, token)): Path<(String, String)>,
) -> Response {
    let tr = lang.tr();
    match state.play.resume(&id, &token).await {
        Ok(()) => Redirect::to(&format!("/host/{id}/{token}")).into_response(),
        Err(e) => error(&e, &tr),
    }
}
