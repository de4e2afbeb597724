//! The webhooks page of a seat (`/play/{token}/webhooks`: its own) and of the host
//! (`/host/{id}/{token}/webhooks`: the game's). GET shows; adding, testing, resuming and
//! removing are POSTs (docs/architecture.md, rule 5). docs/notifications.md says what each is told.

use super::{PageResult, page};
use crate::clock::format_utc;
use crate::i18n::Tr;
use crate::play::Loaded;
use crate::play::webhooks::{self, NewWebhook, Owner};
use crate::store::WebhookFormat;
use crate::web::AppState;
use crate::web::extract::{PageForm, PagePath, game_id, seat_token};
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

struct Line {
    id: String,
    format: String,
    target: String,
    /// Where it stands, in words (told up to a step; failing; paused).
    state: String,
    paused: bool,
}

struct Choice {
    code: &'static str,
    label: String,
}

#[derive(Template)]
#[template(path = "webhooks.html")]
struct WebhooksPage {
    tr: Tr,
    title: String,
    lead: String,
    /// Where the forms post: the page's own path.
    base: String,
    back: String,
    lines: Vec<Line>,
    formats: Vec<Choice>,
    notice: Option<String>,
    /// A new signing secret, shown this once.
    secret: Option<String>,
    paused: bool,
    full: bool,
}

/// Whose page it is, and where it lives.
struct Place {
    loaded: Loaded,
    owner: Owner,
    base: String,
    back: String,
}

async fn seat_place(state: &AppState, token: &str) -> Result<Place, crate::web::error::PageError> {
    let (loaded, seat) = state.log.load_seat(&seat_token(token)?).await?;
    Ok(Place {
        loaded,
        owner: Owner::Seat(seat),
        base: format!("/play/{token}/webhooks"),
        back: format!("/play/{token}"),
    })
}

async fn host_place(state: &AppState, id: &str, token: &str) -> Result<Place, crate::web::error::PageError> {
    let loaded = state.log.load_host(&game_id(id)?, token).await?;
    Ok(Place {
        loaded,
        owner: Owner::Game,
        base: format!("/host/{id}/{token}/webhooks"),
        back: format!("/host/{id}/{token}"),
    })
}

async fn show(
    state: &AppState,
    tr: Tr,
    p: &Place,
    notice: Option<String>,
    secret: Option<String>,
) -> PageResult {
    let rows = webhooks::list(&state.log, &p.loaded, p.owner).await?;
    let args = [("game", p.loaded.game.title.clone())];
    let lines: Vec<Line> = rows
        .iter()
        .map(|w| {
            let state = match (&w.paused_at, &w.last_error) {
                (Some(at), why) => tr.t_args(
                    "webhooks-paused-since",
                    &[
                        ("when", format_utc(*at)),
                        (
                            "why",
                            why.as_deref().map(|e| tr.msg(&webhooks::stored_error(e))).unwrap_or_default(),
                        ),
                    ],
                ),
                (None, Some(why)) if w.failures > 0 => tr.t_args(
                    "webhooks-failing",
                    &[("count", w.failures.to_string()), ("why", tr.msg(&webhooks::stored_error(why)))],
                ),
                _ => tr.t_args("webhooks-told", &[("step", w.told_seq.to_string())]),
            };
            Line {
                id: w.id.clone(),
                format: tr.t(&format!("webhooks-format-{}", w.format.code())),
                target: webhooks::target_of(w),
                state,
                paused: w.paused_at.is_some(),
            }
        })
        .collect();
    let (title, lead) = match p.owner {
        Owner::Game => ("webhooks-title-game", "webhooks-lead-game"),
        Owner::Seat(_) => ("webhooks-title-seat", "webhooks-lead-seat"),
    };
    Ok(page(
        StatusCode::OK,
        &WebhooksPage {
            title: tr.t_args(title, &args),
            lead: tr.t(lead),
            base: p.base.clone(),
            back: p.back.clone(),
            paused: lines.iter().any(|l| l.paused),
            full: lines.len() >= webhooks::MAX_PER_OWNER,
            lines,
            // A push subscription is made by the browser (the game page), not typed in.
            formats: WebhookFormat::ALL
                .into_iter()
                .filter(|f| *f != WebhookFormat::Push)
                .map(|f| Choice { code: f.code(), label: tr.t(&format!("webhooks-format-{}", f.code())) })
                .collect(),
            notice,
            secret,
            tr,
        },
    ))
}

#[derive(Deserialize)]
pub struct AddForm {
    #[serde(default)]
    format: String,
    #[serde(default)]
    url: String,
    #[serde(default)]
    room: String,
    #[serde(default)]
    access_token: String,
    /// A push subscription's keys (sent by the game page's script).
    #[serde(default)]
    p256dh: String,
    #[serde(default)]
    auth: String,
}

async fn add(state: &AppState, tr: Tr, p: Place, form: AddForm) -> PageResult {
    let format = WebhookFormat::from_code(&form.format)
        .ok_or_else(|| crate::play::PlayError::invalid("webhook-error-format"))?;
    let new = NewWebhook {
        format,
        url: form.url,
        room: form.room,
        access_token: form.access_token,
        p256dh: form.p256dh,
        auth: form.auth,
    };
    let added = webhooks::add(&state.log, &p.loaded, p.owner, new).await?;
    let notice = tr.t("webhooks-added");
    show(state, tr, &p, Some(notice), added.secret).await
}

async fn test(state: &AppState, tr: Tr, p: Place, id: &str) -> PageResult {
    let notice = match webhooks::test(&state.log, &p.loaded, p.owner, id).await? {
        Ok(()) => tr.t("webhooks-test-done"),
        Err(e) => tr.t_args("webhooks-test-failed", &[("why", tr.msg(&webhooks::error_msg(&e)))]),
    };
    show(state, tr, &p, Some(notice), None).await
}

async fn resume(state: &AppState, tr: Tr, p: Place, id: &str) -> PageResult {
    webhooks::resume(&state.log, &p.loaded, p.owner, id).await?;
    let notice = tr.t("webhooks-resumed");
    show(state, tr, &p, Some(notice), None).await
}

async fn remove(state: &AppState, tr: Tr, p: Place, id: &str) -> PageResult {
    webhooks::remove(&state.log, &p.loaded, p.owner, id).await?;
    let notice = tr.t("webhooks-removed");
    show(state, tr, &p, Some(notice), None).await
}

pub async fn seat_page(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
) -> PageResult {
    let p = seat_place(&state, &token).await?;
    show(&state, tr, &p, None, None).await
}

pub async fn seat_add(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
    PageForm(form): PageForm<AddForm>,
) -> PageResult {
    let p = seat_place(&state, &token).await?;
    add(&state, tr, p, form).await
}

pub async fn seat_test(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((token, id)): PagePath<(String, String)>,
) -> PageResult {
    let p = seat_place(&state, &token).await?;
    test(&state, tr, p, &id).await
}

pub async fn seat_resume(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((token, id)): PagePath<(String, String)>,
) -> PageResult {
    let p = seat_place(&state, &token).await?;
    resume(&state, tr, p, &id).await
}

pub async fn seat_remove(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((token, id)): PagePath<(String, String)>,
) -> PageResult {
    let p = seat_place(&state, &token).await?;
    remove(&state, tr, p, &id).await
}

pub async fn host_page(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((game, token)): PagePath<(String, String)>,
) -> PageResult {
    let p = host_place(&state, &game, &token).await?;
    show(&state, tr, &p, None, None).await
}

pub async fn host_add(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((game, token)): PagePath<(String, String)>,
    PageForm(form): PageForm<AddForm>,
) -> PageResult {
    let p = host_place(&state, &game, &token).await?;
    add(&state, tr, p, form).await
}

pub async fn host_test(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((game, token, id)): PagePath<(String, String, String)>,
) -> PageResult {
    let p = host_place(&state, &game, &token).await?;
    test(&state, tr, p, &id).await
}

pub async fn host_resume(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((game, token, id)): PagePath<(String, String, String)>,
) -> PageResult {
    let p = host_place(&state, &game, &token).await?;
    resume(&state, tr, p, &id).await
}

pub async fn host_remove(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((game, token, id)): PagePath<(String, String, String)>,
) -> PageResult {
    let p = host_place(&state, &game, &token).await?;
    remove(&state, tr, p, &id).await
}
