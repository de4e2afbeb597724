//! The HTML pages. Everything works without JavaScript; history's slider submits itself when
//! scripts run.

use super::{AppState, PageLang, explain, status_of};
use crate::clock::format_utc;
use crate::games;
use crate::i18n::{Lang, Tr};
use crate::play::{GameView, HistoryEntry, Loaded, NewGame, NewPlayer, PlayError};
use askama::Template;
use axum::extract::{Form, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use feldpost_engine::{Seat, Viewer};
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(home))
        .route("/new/{ruleset}", get(new_game_form))
        .route("/games", post(create_game))
        .route("/host/{id}/{token}", get(host))
        .route("/play/{token}", get(game_page))
        .route("/play/{token}/act", post(act))
        .route("/play/{token}/history", get(history))
        .route("/play/{token}/export", get(export))
        .route("/dev/mailbox", get(mailbox))
        .route("/boards/colditz", get(colditz_board))
}

#[derive(Template)]
#[template(path = "board.html")]
struct BoardPage {
    tr: Tr,
    title: String,
    board: String,
}

/// The Escape from Colditz board on its own, with its legend (hover a circle for its id).
async fn colditz_board(lang: PageLang) -> Response {
    let tr = lang.tr();
    let board = crate::render::colditz_board::board_svg(&feldpost_engine::colditz::board::BOARD, &[], &|m| tr.msg(m));
    page(StatusCode::OK, &BoardPage { title: tr.t("board-colditz-title"), board, tr })
}

/// Render a template with a status; a template that fails to render is a bug, shown plainly.
fn page<T: Template>(status: StatusCode, template: &T) -> Response {
    match template.render() {
        Ok(html) => (status, Html(html)).into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, format!("template error: {e}")).into_response(),
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    tr: Tr,
    message: String,
}

fn error_page(e: &PlayError, tr: &Tr) -> Response {
    if matches!(e, PlayError::Internal(_)) {
        tracing::error!("{e}");
    }
    page(status_of(e), &ErrorPage { tr: tr.clone(), message: explain(e, tr) })
}

struct RulesetCard {
    id: &'static str,
    name: String,
    about: String,
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    tr: Tr,
    rulesets: Vec<RulesetCard>,
    dev_mailbox: bool,
}

async fn home(State(state): State<AppState>, lang: PageLang) -> Response {
    let tr = lang.tr();
    let rulesets = games::all()
        .iter()
        .map(|g| RulesetCard { id: g.id(), name: tr.t(&format!("game-{}", g.id())), about: tr.t(&format!("game-{}-about", g.id())) })
        .collect();
    page(StatusCode::OK, &HomePage { tr, rulesets, dev_mailbox: state.dev_mailbox })
}

struct OptionField {
    name: String,
    label: String,
    checked: bool,
}

#[derive(Template)]
#[template(path = "new_game.html")]
struct NewGamePage {
    tr: Tr,
    ruleset: &'static str,
    name: String,
    options: Vec<OptionField>,
    rows: Vec<usize>,
    min_players: usize,
    error: Option<String>,
    lang_code: &'static str,
}

fn new_game_page(ruleset: &'static dyn games::Game, tr: Tr, error: Option<String>) -> NewGamePage {
    let defaults = ruleset.default_options();
    let options = defaults
        .as_object()
        .map(|o| {
            o.iter()
                .filter_map(|(k, v)| v.as_bool().map(|b| (k, b)))
                .map(|(k, b)| OptionField { name: k.clone(), label: tr.t(&format!("opt-{}-{}", ruleset.id(), k.replace('_', "-"))), checked: b })
                .collect()
        })
        .unwrap_or_default();
    let seats = ruleset.seats(&defaults).unwrap_or(1..=1);
    NewGamePage {
        name: tr.t(&format!("game-{}", ruleset.id())),
        ruleset: ruleset.id(),
        options,
        rows: (0..*seats.end()).collect(),
        min_players: *seats.start(),
        error,
        lang_code: tr.lang.code(),
        tr,
    }
}

async fn new_game_form(lang: PageLang, Path(ruleset): Path<String>) -> Response {
    let tr = lang.tr();
    match games::by_id(&ruleset) {
        Some(g) => page(StatusCode::OK, &new_game_page(g, tr, None)),
        None => error_page(&PlayError::UnknownRuleset(ruleset), &tr),
    }
}

async fn create_game(State(state): State<AppState>, lang: PageLang, Form(form): Form<HashMap<String, String>>) -> Response {
    let tr = lang.tr();
    let ruleset_id = form.get("ruleset").cloned().unwrap_or_default();
    let Some(ruleset) = games::by_id(&ruleset_id) else {
        return error_page(&PlayError::UnknownRuleset(ruleset_id), &tr);
    };
    // Checkboxes: present means on; the shape comes from the default options.
    let mut options = ruleset.default_options();
    if let Some(o) = options.as_object_mut() {
        for (k, v) in o.iter_mut() {
            if v.is_boolean() {
                *v = Value::Bool(form.contains_key(&format!("opt_{k}")));
            }
        }
    }
    let players = (0..16)
        .map(|i| NewPlayer {
            name: form.get(&format!("name_{i}")).cloned().unwrap_or_default(),
            email: form.get(&format!("email_{i}")).cloned().unwrap_or_default(),
        })
        .collect();
    let new = NewGame {
        ruleset: ruleset_id,
        title: form.get("title").cloned().unwrap_or_default(),
        options,
        players,
        lang: form.get("lang").and_then(|l| Lang::from_code(l)).unwrap_or(tr.lang),
        deadline: super::mail_pages::deadline_from_form(&form),
    };
    match state.play.create(new).await {
        Ok(created) => Redirect::to(&created.host_path).into_response(),
        Err(e @ (PlayError::Invalid(_) | PlayError::Refused(_))) => {
            let message = explain(&e, &tr);
            page(status_of(&e), &new_game_page(ruleset, tr, Some(message)))
        }
        Err(e) => error_page(&e, &tr),
    }
}

struct SeatLinkRow {
    name: String,
    label: String,
    url: String,
}

#[derive(Template)]
#[template(path = "host.html")]
struct HostPage {
    tr: Tr,
    title: String,
    seats: Vec<SeatLinkRow>,
    dev_mailbox: bool,
    /// This page's path (the pause and resume forms post under it).
    path: String,
    paused_until: Option<String>,
}

async fn host(State(state): State<AppState>, lang: PageLang, Path((id, token)): Path<(String, String)>) -> Response {
    let tr = lang.tr();
    let loaded = match state.play.host(&id, &token).await {
        Ok(l) => l,
        Err(e) => return error_page(&e, &tr),
    };
    let tr = tr.with_names(loaded.names());
    let seats = state
        .play
        .seat_links(&loaded)
        .into_iter()
        .map(|l| SeatLinkRow { label: tr.msg(&loaded.table.seat_label(l.seat)), name: l.name, url: l.url })
        .collect();
    let paused_until = state.play.paused_until(&id).await.ok().flatten().map(format_utc);
    let path = format!("/host/{id}/{token}");
    page(StatusCode::OK, &HostPage { tr, title: loaded.game.title.clone(), seats, dev_mailbox: state.dev_mailbox, path, paused_until })
}

struct PlayerRow {
    name: String,
    label: String,
    to_act: bool,
    me: bool,
}

struct ActionForm {
    label: String,
    json: String,
    /// Fields the player types in (manual dice).
    inputs: Vec<InputField>,
}

struct InputField {
    field: String,
    min: i64,
    max: i64,
    label: String,
}

struct EventRow {
    seq: u64,
    at: String,
    who: String,
    lines: Vec<String>,
    current: bool,
}

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    tr: Tr,
    token: String,
    view: GameView,
    players: Vec<PlayerRow>,
    status: String,
    board: String,
    actions: Vec<ActionForm>,
    recent: Vec<EventRow>,
    error: Option<String>,
}

fn event_rows(history: &[HistoryEntry], tr: &Tr, current: u64) -> Vec<EventRow> {
    history
        .iter()
        .map(|h| EventRow {
            seq: h.seq,
            at: format_utc(h.at),
            who: match (h.cause.as_str(), h.seat) {
                ("action", Some(s)) => tr.seat_name(s),
                ("created", _) => tr.t("history-created"),
                _ => tr.t("history-deadline"),
            },
            lines: h.descriptions.iter().map(|m| tr.msg(m)).collect(),
            current: h.seq == current,
        })
        .collect()
}

fn status_line(view: &GameView, tr: &Tr) -> String {
    if let Some(o) = &view.outcome {
        return tr.msg(&o.summary);
    }
    if view.your_turn {
        return tr.t("status-your-turn");
    }
    let names: Vec<String> = view.to_act.iter().map(|s| tr.seat_name(*s)).collect();
    tr.t_args("status-waiting-for", &[("players", names.join(", "))])
}

async fn render_game(state: &AppState, loaded: &Loaded, seat: Seat, token: &str, tr: Tr, error: Option<(StatusCode, String)>) -> Response {
    let tr = tr.with_names(loaded.names());
    let view = state.play.view(loaded, Some(seat));
    let history = match state.play.history(loaded, Some(seat)).await {
        Ok(h) => h,
        Err(e) => return error_page(&e, &tr),
    };
    let recent = event_rows(&history[history.len().saturating_sub(8)..], &tr, 0).into_iter().rev().collect();
    let board = loaded.table.board_svg(loaded.viewer_for(Some(seat)), &loaded.names(), &|m| tr.msg(m));
    let actions = view
        .legal_actions
        .iter()
        .map(|a| ActionForm {
            label: tr.msg(&a.label),
            json: a.action.to_string(),
            inputs: a.inputs.iter().map(|i| InputField { field: i.field.clone(), min: i.min, max: i.max, label: tr.t(&i.label) }).collect(),
        })
        .collect();
    let players = view
        .players
        .iter()
        .map(|p| PlayerRow { name: p.name.clone(), label: tr.msg(&p.label), to_act: view.to_act.contains(&p.seat), me: p.seat == seat })
        .collect();
    let (status, error) = match error {
        Some((s, m)) => (s, Some(m)),
        None => (StatusCode::OK, None),
    };
    let page_data = GamePage {
        status: status_line(&view, &tr),
        token: token.to_owned(),
        players,
        board,
        actions,
        recent,
        error,
        view,
        tr,
    };
    page(status, &page_data)
}

async fn game_page(State(state): State<AppState>, lang: PageLang, Path(token): Path<String>) -> Response {
    let tr = lang.tr();
    match state.play.load_seat(&token).await {
        Ok((loaded, seat)) => render_game(&state, &loaded, seat, &token, tr, None).await,
        Err(e) => error_page(&e, &tr),
    }
}

async fn act(State(state): State<AppState>, lang: PageLang, Path(token): Path<String>, Form(form): Form<HashMap<String, String>>) -> Response {
    let tr = lang.tr();
    let expected_seq = form.get("expected_seq").and_then(|s| s.parse::<u64>().ok());
    let action = form.get("action").and_then(|a| serde_json::from_str::<Value>(a).ok());
    let result = match (expected_seq, action) {
        (Some(seq), Some(mut action)) => {
            // Put in what the player typed (manual dice): `input_<field>` sets `<field>`. Numbers
            // where they parse; anything else goes as text for the engine to refuse.
            if let Some(o) = action.as_object_mut() {
                for (key, typed) in form.iter().filter_map(|(k, v)| k.strip_prefix("input_").map(|f| (f, v.trim()))) {
                    let value = typed.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::String(typed.to_owned()));
                    o.insert(key.to_owned(), value);
                }
            }
            state.play.act(&token, None, seq, &action).await.map(|_| ())
        }
        _ => Err(PlayError::Invalid(tr.t("error-form"))),
    };
    match result {
        Ok(()) => Redirect::to(&format!("/play/{token}")).into_response(),
        Err(e @ (PlayError::UnknownLink | PlayError::Unavailable(_) | PlayError::Internal(_))) => error_page(&e, &tr),
        Err(e) => match state.play.load_seat(&token).await {
            Ok((loaded, seat)) => {
                let message = explain(&e, &tr.clone().with_names(loaded.names()));
                render_game(&state, &loaded, seat, &token, tr, Some((status_of(&e), message))).await
            }
            Err(e) => error_page(&e, &tr),
        },
    }
}

#[derive(Template)]
#[template(path = "history.html")]
struct HistoryPage {
    tr: Tr,
    token: String,
    title: String,
    at: u64,
    last: u64,
    board: String,
    entries: Vec<EventRow>,
    status: String,
}

#[derive(Deserialize)]
struct AtQuery {
    at: Option<u64>,
}

async fn history(State(state): State<AppState>, lang: PageLang, Path(token): Path<String>, Query(q): Query<AtQuery>) -> Response {
    let tr = lang.tr();
    let (loaded, seat) = match state.play.load_seat(&token).await {
        Ok(x) => x,
        Err(e) => return error_page(&e, &tr),
    };
    let tr = tr.with_names(loaded.names());
    let at = q.at.unwrap_or(loaded.seq);
    let (view, table) = match state.play.view_at(&loaded, Some(seat), at).await {
        Ok(x) => x,
        Err(e) => return error_page(&e, &tr),
    };
    let entries = match state.play.history(&loaded, Some(seat)).await {
        Ok(h) => event_rows(&h, &tr, at),
        Err(e) => return error_page(&e, &tr),
    };
    let viewer: Viewer = loaded.viewer_for(Some(seat));
    let board = table.board_svg(viewer, &loaded.names(), &|m| tr.msg(m));
    page(StatusCode::OK, &HistoryPage { status: status_line(&view, &tr), tr, token, title: loaded.game.title.clone(), at, last: loaded.seq, board, entries })
}

async fn export(State(state): State<AppState>, lang: PageLang, Path(token): Path<String>) -> Response {
    let tr = lang.tr();
    let result = async {
        let (loaded, seat) = state.play.load_seat(&token).await?;
        state.play.export(&loaded, Some(seat)).await
    }
    .await;
    match result {
        Ok(export) => {
            let disposition = format!("attachment; filename=\"feldpost-{}.json\"", export.game_id);
            ([(header::CONTENT_DISPOSITION, disposition)], Json(export)).into_response()
        }
        Err(e) => error_page(&e, &tr),
    }
}

struct MailRow {
    to: String,
    subject: String,
    body: String,
    created: String,
    status: String,
}

#[derive(Template)]
#[template(path = "mailbox.html")]
struct MailboxPage {
    tr: Tr,
    mails: Vec<MailRow>,
}

async fn mailbox(State(state): State<AppState>, lang: PageLang) -> Response {
    let tr = lang.tr();
    if !state.dev_mailbox {
        return (StatusCode::NOT_FOUND, tr.t("mailbox-off")).into_response();
    }
    match state.play.store.outbox_recent(200).await {
        Ok(rows) => {
            let mails = rows
                .into_iter()
                .map(|m| MailRow { to: m.recipient, subject: m.subject, body: m.body_text, created: format_utc(m.created_at), status: m.status })
                .collect();
            page(StatusCode::OK, &MailboxPage { tr, mails })
        }
        Err(e) => error_page(&e.into(), &tr),
    }
}
