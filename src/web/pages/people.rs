//! A person's own data, by a link mailed to their address (`crate::play::people`): the page
//! where anyone asks for it, the download, and the page that forgets the address. GET only
//! shows (the download is a read); forgetting is the POST of its confirmation page, carrying
//! the pre-session CSRF token as the account forms before logging in do.

use super::accounts::{CarriesCsrf, PreSessionForm, Who};
use super::{PageResult, page};
use crate::i18n::Tr;
use crate::play::PlayError;
use crate::web::AppState;
use crate::web::error::{Failure, PageError};
use crate::web::extract::PagePath;
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use feldpost_engine::Msg;
use serde::Deserialize;

/// Every page of this resource: a heading, paragraphs, a notice, at most one form.
#[derive(Template)]
#[template(path = "people.html")]
struct PeoplePage {
    tr: Tr,
    title: String,
    paragraphs: Vec<String>,
    notice: Option<String>,
    form: Option<PeopleForm>,
}

struct PeopleForm {
    action: String,
    csrf: String,
    /// Whether it asks for an address.
    email: bool,
    /// The words of the box "and never mail it again", if the form has one.
    never_mail: Option<String>,
    button: String,
}

/// The request for the links: an address.
#[derive(Deserialize)]
pub struct AskForm {
    #[serde(default)]
    email: String,
    csrf: Option<String>,
}

impl CarriesCsrf for AskForm {
    fn csrf(&self) -> Option<&str> {
        self.csrf.as_deref()
    }
}

/// The confirmation of forgetting: the box "never mail it again", ticked or not.
#[derive(Deserialize)]
pub struct ForgetForm {
    csrf: Option<String>,
    never_mail: Option<String>,
}

impl CarriesCsrf for ForgetForm {
    fn csrf(&self) -> Option<&str> {
        self.csrf.as_deref()
    }
}

/// A mailed link that does not open anything (forged, altered, used or expired): one clear
/// page, which says how to get a new one.
fn link_refused(e: PlayError) -> PageError {
    match e {
        PlayError::UnknownLink => PageError(Failure::request(
            StatusCode::NOT_FOUND,
            "unknown_link",
            Msg::new("people-link-invalid"),
        )),
        e => e.into(),
    }
}

fn ask_page(who: &Who, tr: Tr, notice: Option<String>) -> axum::response::Response {
    let pre = who.pre_session();
    let form = (notice.is_none()).then(|| PeopleForm {
        action: "/privacy".into(),
        csrf: pre.token.clone(),
        email: true,
        never_mail: None,
        button: tr.t("people-ask-button"),
    });
    let minutes = (crate::play::people::ADDRESS_LINK_MS / 60_000).to_string();
    let paragraphs = vec![tr.t("people-lead"), tr.t_args("people-lead-how", &[("minutes", minutes)])];
    pre.page(StatusCode::OK, &PeoplePage { title: tr.t("people-title"), paragraphs, notice, form, tr })
}

/// The page where anyone asks for the links to what is held about an address.
pub async fn privacy_page(who: Who, tr: Tr) -> PageResult {
    Ok(ask_page(&who, tr, None))
}

/// The links are mailed if anything is held; the answer is the same for every address.
pub async fn ask(
    State(state): State<AppState>,
    who: Who,
    tr: Tr,
    PreSessionForm(form): PreSessionForm<AskForm>,
) -> PageResult {
    crate::play::people::ask_for_links(&state.log, &form.email, tr.lang, &who.ip).await?;
    let minutes = (crate::play::people::ADDRESS_LINK_MS / 60_000).to_string();
    let notice = Some(tr.t_args("people-asked", &[("minutes", minutes)]));
    Ok(ask_page(&who, tr, notice))
}

/// Everything held about the link's address, as a JSON file (what `feldpost data` prints).
pub async fn download(State(state): State<AppState>, PagePath(token): PagePath<String>) -> PageResult {
    let held = crate::play::people::held_by_link(&state.log, &token).await.map_err(link_refused)?;
    let disposition = "attachment; filename=\"feldpost-data.json\"";
    Ok(([(axum::http::header::CONTENT_DISPOSITION, disposition)], axum::Json(held)).into_response())
}

/// What forgetting the link's address does, in words, and the button that does it.
pub async fn forget_page(
    State(state): State<AppState>,
    who: Who,
    tr: Tr,
    PagePath(token): PagePath<String>,
) -> PageResult {
    let email = crate::play::people::address_of_link(&state.log, &token).await.map_err(link_refused)?;
    let pre = who.pre_session();
    let paragraphs = vec![
        tr.t_args("people-forget-lead", &[("email", email)]),
        tr.t("people-forget-names"),
        tr.t("people-forget-address"),
        tr.t("people-forget-mail"),
        tr.t("people-forget-once"),
    ];
    let form = Some(PeopleForm {
        action: format!("/privacy/{token}/forget"),
        csrf: pre.token.clone(),
        email: false,
        never_mail: Some(tr.t("people-forget-never")),
        button: tr.t("people-forget-button"),
    });
    Ok(pre.page(
        StatusCode::OK,
        &PeoplePage { title: tr.t("people-forget-title"), paragraphs, notice: None, form, tr },
    ))
}

/// Forget the link's address (once: the link is used up with it).
pub async fn forget(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
    PreSessionForm(form): PreSessionForm<ForgetForm>,
) -> PageResult {
    let never_mail = form.never_mail.is_some_and(|v| !v.is_empty());
    crate::play::people::forget_by_link(&state.log, &token, never_mail).await.map_err(link_refused)?;
    let notice = Some(tr.t(if never_mail { "people-forgotten-never" } else { "people-forgotten" }));
    Ok(page(
        StatusCode::OK,
        &PeoplePage { title: tr.t("people-forget-title"), paragraphs: Vec::new(), notice, form: None, tr },
    ))
}
