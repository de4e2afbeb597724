//! A seat's mail settings: its mail preference (the List-Unsubscribe target) and absence. GET
//! only shows; every change is a POST (docs/architecture.md, rule 5), and the one-click
//! unsubscribe of RFC 8058 is a POST too.

use super::{AskPage, PageResult, page};
use crate::clock::format_utc;
use crate::i18n::Tr;
use crate::play::PlayError;
use crate::play::mailing::MailPrefs;
use crate::store::MailPref;
use crate::web::AppState;
use crate::web::extract::{PageForm, PagePath, PageQuery, seat_token};
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use serde::Deserialize;

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
    text_only: bool,
    notice: Option<String>,
    absence_lead: String,
    absent_until: Option<String>,
    absence_left: i64,
    calendar_url: String,
    /// The seat's own time zone, as the form shows it ('' for none).
    time_zone: String,
    /// Which zone its mail states deadlines in now, in words.
    zone_now: String,
}

fn prefs_view(p: &MailPrefs, tr: Tr, token: &str, notice: Option<String>, now: i64) -> PrefsPage {
    let args = [("game", p.loaded.game.title.clone()), ("player", p.seat_row.name.clone())];
    let current = p.pref();
    PrefsPage {
        title: tr.t_args("mail-prefs-title", &args),
        lead: tr.t_args("mail-prefs-lead", &args),
        token: token.to_owned(),
        game_url: p.game_url.clone(),
        choices: MailPref::ALL
            .into_iter()
            .map(|c| Choice {
                code: c.code(),
                label: tr.t(&format!("mail-pref-{}", c.code())),
                checked: c == current,
            })
            .collect(),
        text_only: p.text_only(),
        notice,
        absence_lead: tr.t_args("mail-absence-lead", &[("left", p.absence_left_days().to_string())]),
        absent_until: (p.absence.until > now)
            .then(|| tr.t_args("mail-absence-until", &[("when", format_utc(p.absence.until))])),
        absence_left: p.absence_left_days(),
        calendar_url: p.calendar_url.clone(),
        time_zone: p.seat_row.time_zone.clone().unwrap_or_default(),
        zone_now: match p.seat_row.zone() {
            Some(z) => tr.t_args("time-zone-now", &[("zone", z.to_string())]),
            None => tr.t("time-zone-now-utc"),
        },
        tr,
    }
}

/// What a form of the page just did (after its redirect), said on the page.
#[derive(Deserialize)]
pub struct Done {
    done: Option<String>,
}

impl Done {
    fn notice(&self, tr: &Tr) -> Option<String> {
        match self.done.as_deref()? {
            "calendar" => Some(tr.t("calendar-renewed")),
            "time-zone" => Some(tr.t("mail-prefs-saved")),
            _ => None,
        }
    }
}

pub async fn settings_page(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
    PageQuery(done): PageQuery<Done>,
) -> PageResult {
    let p = crate::play::mailing::mail_prefs(&state.log, &seat_token(&token)?).await?;
    let notice = done.notice(&tr);
    Ok(page(StatusCode::OK, &prefs_view(&p, tr, &token, notice, state.log.now())))
}

#[derive(Deserialize)]
pub struct PrefForm {
    pref: Option<String>,
    /// The text-only box: sent ("on") when ticked, absent when not.
    text_only: Option<String>,
}

pub async fn set_pref(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
    PageForm(form): PageForm<PrefForm>,
) -> PageResult {
    let pref = form
        .pref
        .as_deref()
        .and_then(MailPref::from_code)
        .ok_or_else(|| PlayError::invalid("mail-pref-choose"))?;
    let text_only = Some(form.text_only.is_some());
    let p =
        crate::play::mailing::set_mail_settings(&state.log, &seat_token(&token)?, pref, text_only).await?;
    let saved = tr.t("mail-prefs-saved");
    Ok(page(StatusCode::OK, &prefs_view(&p, tr, &token, Some(saved), state.log.now())))
}

/// RFC 8058 one-click: the mail provider POSTs `List-Unsubscribe=One-Click`; the form on the
/// page posts here too. Either way: no more mail about this game.
pub async fn unsubscribe(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
) -> PageResult {
    let p = crate::play::mailing::set_mail_pref(&state.log, &seat_token(&token)?, MailPref::Never).await?;
    let saved = tr.t("mail-prefs-saved");
    Ok(page(StatusCode::OK, &prefs_view(&p, tr, &token, Some(saved), state.log.now())))
}

#[derive(Deserialize)]
pub struct AbsenceForm {
    #[serde(default)]
    days: String,
}

pub async fn absence(
    State(state): State<AppState>,
    PagePath(token): PagePath<String>,
    PageForm(form): PageForm<AbsenceForm>,
) -> PageResult {
    let days = form.days.trim().parse::<u32>().unwrap_or(0);
    crate::play::deadlines::declare_absence(&state.log, &seat_token(&token)?, days).await?;
    Ok(Redirect::to(&format!("/play/{token}/mail")).into_response())
}

/// The "never mail me again" link of any mail: it shows the address and one button.
pub async fn never_page(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((address, token)): PagePath<(String, String)>,
) -> PageResult {
    let (email, listed) = crate::play::mailing::never_mail_listed(&state.log, &address, &token).await?;
    let args = [("email", email)];
    let (lead, button) = if listed {
        (tr.t_args("never-listed", &args), None)
    } else {
        (tr.t("never-lead"), Some(tr.t("never-button")))
    };
    let title = tr.t_args("never-title", &args);
    Ok(page(
        StatusCode::OK,
        &AskPage { title, lead, action: format!("/mail/never/{address}/{token}"), button, onward: None, tr },
    ))
}

pub async fn never(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((address, token)): PagePath<(String, String)>,
) -> PageResult {
    let email = crate::play::mailing::never_mail(&state.log, &address, &token).await?;
    let args = [("email", email)];
    let title = tr.t_args("never-title", &args);
    let lead = tr.t_args("never-done", &args);
    Ok(page(StatusCode::OK, &AskPage { title, lead, action: String::new(), button: None, onward: None, tr }))
}
