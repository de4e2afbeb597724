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
        .route("/watch/{id}/{token}", get(watch))
        .route("/host/{id}/{token}/export", get(host_export))
        .route("/host/{id}/{token}/seats/{seat}/resend", post(host_resend))
        .route("/host/{id}/{token}/seats/{seat}/replace", post(host_replace))
}

#[derive(Template)]
#[template(path = "board.html")]
struct BoardPage {
    tr: Tr,
    title: String,
    board: String,
    /// 1: fit the window; 2–4: that many times wider, scrolled (no script needed).
    zoom: u32,
}

#[derive(Deserialize)]
struct ZoomQuery {
    zoom: Option<u32>,
}

/// The Escape from Colditz board on its own, with its legend (hover a circle for its id).
async fn colditz_board(lang: PageLang, Query(q): Query<ZoomQuery>) -> Response {
    let tr = lang.tr();
    let board =
        crate::games::colditz::castle::board_svg(&feldpost_engine::colditz::board::BOARD, &[], &|m| {
            tr.msg(m)
        });
    page(
        StatusCode::OK,
        &BoardPage { title: tr.t("board-colditz-title"), board, zoom: q.zoom.unwrap_or(1).clamp(1, 4), tr },
    )
}

/// Render a template with a status; a template that fails to render is a bug, shown plainly.
pub(super) fn page<T: Template>(status: StatusCode, template: &T) -> Response {
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

pub(super) fn error_page(e: &PlayError, tr: &Tr) -> Response {
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
        .map(|g| RulesetCard {
            id: g.id(),
            name: tr.t(&format!("game-{}", g.id())),
            about: tr.t(&format!("game-{}-about", g.id())),
        })
        .collect();
    page(StatusCode::OK, &HomePage { tr, rulesets, dev_mailbox: state.dev_mailbox })
}

struct OptionField {
    name: String,
    label: String,
    checked: bool,
}

struct ChoiceField {
    name: String,
    label: String,
    /// (value, label, selected)
    options: Vec<(String, String, bool)>,
}

#[derive(Template)]
#[template(path = "new_game.html")]
struct NewGamePage {
    tr: Tr,
    ruleset: &'static str,
    name: String,
    options: Vec<OptionField>,
    choices: Vec<ChoiceField>,
    help: String,
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
                .map(|(k, b)| OptionField {
                    name: k.clone(),
                    label: tr.t(&format!("opt-{}-{}", ruleset.id(), k.replace('_', "-"))),
                    checked: b,
                })
                .collect()
        })
        .unwrap_or_default();
    let key = |field: &str| format!("opt-{}-{}", ruleset.id(), field.replace('_', "-"));
    let choices = defaults
        .as_object()
        .map(|o| {
            o.iter()
                .filter_map(|(k, v)| v.as_str().map(|current| (k, current)))
                .filter(|(k, _)| !ruleset.option_choices(k).is_empty())
                .map(|(k, current)| ChoiceField {
                    name: k.clone(),
                    label: tr.t(&key(k)),
                    options: ruleset
                        .option_choices(k)
                        .iter()
                        .map(|v| {
                            (
                                (*v).to_owned(),
                                tr.t(&format!("{}-{}", key(k), v.replace('_', "-"))),
                                *v == current,
                            )
                        })
                        .collect(),
                })
                .collect()
        })
        .unwrap_or_default();
    let help_key = format!("new-help-{}", ruleset.id());
    let help = if tr.has(&help_key) { tr.t(&help_key) } else { String::new() };
    let seats = ruleset.seats(&defaults).unwrap_or(1..=1);
    NewGamePage {
        choices,
        help,
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

async fn create_game(
    State(state): State<AppState>,
    lang: PageLang,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
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
            } else if v.is_string()
                && let Some(chosen) = form.get(&format!("opt_{k}"))
            {
                *v = Value::String(chosen.clone());
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
        disputes: crate::record::DisputePolicy {
            appeals: form.contains_key("appeals"),
            ..Default::default()
        },
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
    seat: Seat,
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
    /// Disputes the host rules on: (seq, text, status, open).
    disputes: Vec<(u64, String, String, bool)>,
    base: String,
    watch_url: String,
    finished: bool,
    /// This page's path (the pause and resume forms post under it).
    path: String,
    paused_until: Option<String>,
}

async fn host(
    State(state): State<AppState>,
    lang: PageLang,
    Path((id, token)): Path<(String, String)>,
) -> Response {
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
        .map(|l| SeatLinkRow {
            seat: l.seat,
            label: tr.msg(&loaded.table.seat_label(l.seat)),
            name: l.name,
            url: l.url,
        })
        .collect();
    let disputes = match state.play.disputes(&loaded).await {
        Ok(d) => d
            .iter()
            .filter(|d| d.adjudicator == crate::record::Party::Host)
            .map(|d| {
                let text = tr.t_args(
                    "dispute-row",
                    &[
                        ("seat", tr.seat_name(d.seat)),
                        ("against", d.against.to_string()),
                        ("claim", d.claim.clone()),
                    ],
                );
                (d.seq, text, tr.t(&format!("dispute-status-{}", d.status)), d.status == "open")
            })
            .collect(),
        Err(e) => return error_page(&e, &tr),
    };
    let watch_url = state.play.watch_url(&loaded);
    let finished = loaded.finished();
    let paused_until = state.play.paused_until(&id).await.ok().flatten().map(format_utc);
    let path = format!("/host/{id}/{token}");
    page(
        StatusCode::OK,
        &HostPage {
            tr,
            title: loaded.game.title.clone(),
            seats,
            dev_mailbox: state.dev_mailbox,
            disputes,
            base: path.clone(),
            watch_url,
            finished,
            path,
            paused_until,
        },
    )
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

/// One field of an action's form. The name's prefix tells the handler how to read it:
/// `input_` a number or boolean where it reads as one (else text), `text_` text, `list_` a word
/// list, `ids_` a list of ids, `throws_` throws of two dice.
struct InputField {
    name: String,
    /// "number", "text" or "select".
    control: &'static str,
    min: i64,
    max: i64,
    max_len: usize,
    options: Vec<(String, String)>,
    label: String,
    required: bool,
}

fn input_field(input: &crate::games::Input, tr: &Tr) -> InputField {
    use crate::games::InputKind;
    let mut f = InputField {
        name: String::new(),
        control: "text",
        min: 0,
        max: 0,
        max_len: 500,
        options: Vec::new(),
        label: tr.t(&input.label),
        required: input.required,
    };
    match &input.kind {
        InputKind::Number { min, max } => {
            (f.name, f.control, f.min, f.max) = (format!("input_{}", input.field), "number", *min, *max);
        }
        InputKind::Text { max_len } => {
            (f.name, f.max_len) = (format!("text_{}", input.field), *max_len);
        }
        InputKind::Words => f.name = format!("list_{}", input.field),
        InputKind::Ids => f.name = format!("ids_{}", input.field),
        InputKind::Throws => f.name = format!("throws_{}", input.field),
        InputKind::Placements => f.name = format!("placements_{}", input.field),
        InputKind::Choice { values, labels } => {
            (f.name, f.control) = (format!("input_{}", input.field), "select");
            f.options = values.iter().cloned().zip(labels.iter().map(|l| tr.t(l))).collect();
        }
    }
    f
}

/// Put what the player typed into the action, by the field names' prefixes.
fn fill_inputs(action: &mut Value, form: &HashMap<String, String>) {
    let Some(o) = action.as_object_mut() else { return };
    for (name, typed) in form {
        let typed = typed.trim();
        if let Some(field) = name.strip_prefix("input_") {
            let value = match typed {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                _ => {
                    typed.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::String(typed.to_owned()))
                }
            };
            o.insert(field.to_owned(), value);
        } else if let Some(field) = name.strip_prefix("text_") {
            // An empty optional field stays absent.
            if !typed.is_empty() {
                o.insert(field.to_owned(), Value::String(typed.to_owned()));
            }
        } else if let Some(field) = name.strip_prefix("list_") {
            let words = typed
                .split([',', '\n', ';'])
                .map(str::trim)
                .filter(|w| !w.is_empty())
                .map(|w| Value::String(w.to_owned()))
                .collect();
            o.insert(field.to_owned(), Value::Array(words));
        } else if let Some(field) = name.strip_prefix("ids_") {
            // Left empty, the action keeps the value it was offered with.
            let ids: Vec<Value> = typed
                .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';'))
                .filter(|w| !w.is_empty())
                .map(|w| w.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::String(w.to_owned())))
                .collect();
            if !ids.is_empty() {
                o.insert(field.to_owned(), Value::Array(ids));
            }
        } else if let Some(field) = name.strip_prefix("throws_") {
            // Every digit in order, two to a throw: "3 4; 6 6", "34 66" and "3+4, 6+6" agree.
            let digits: Vec<u32> = typed.chars().filter_map(|c| c.to_digit(10)).collect();
            let throws =
                digits.chunks(2).map(|p| Value::Array(p.iter().map(|d| Value::from(*d)).collect())).collect();
            o.insert(field.to_owned(), Value::Array(throws));
        } else if let Some(path) = name.strip_prefix("placements_") {
            // A man's number, then his circle, in turn: "3 r16c18, 4 r16c19".
            let words: Vec<&str> = typed
                .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';'))
                .filter(|w| !w.is_empty())
                .collect();
            let placements = words
                .chunks(2)
                .map(|p| {
                    let man = p[0]
                        .parse::<i64>()
                        .map(Value::from)
                        .unwrap_or_else(|_| Value::String(p[0].to_owned()));
                    serde_json::json!({"man": man, "to": p.get(1).copied().unwrap_or("")})
                })
                .collect();
            // A dotted path reaches into the action ("warning.moves").
            set_at(o, &path.split('.').collect::<Vec<_>>(), Value::Array(placements));
        }
    }
}

/// Set `value` at a dotted path of objects, making the objects on the way.
fn set_at(o: &mut serde_json::Map<String, Value>, path: &[&str], value: Value) {
    match path {
        [] => {}
        [last] => {
            o.insert((*last).to_owned(), value);
        }
        [first, rest @ ..] => {
            let next = o.entry((*first).to_owned()).or_insert_with(|| Value::Object(Default::default()));
            if let Some(next) = next.as_object_mut() {
                set_at(next, rest, value);
            }
        }
    }
}

struct NoteBlock {
    title: String,
    lines: Vec<String>,
}

/// The lines beside a board, in words, as `viewer` may see them.
fn note_blocks(table: &dyn crate::games::Table, viewer: Viewer, tr: &Tr) -> Vec<NoteBlock> {
    table
        .notes(viewer)
        .iter()
        .map(|n| NoteBlock { title: tr.msg(&n.title), lines: n.lines.iter().map(|l| tr.msg(l)).collect() })
        .collect()
}

pub(super) struct EventRow {
    pub(super) seq: u64,
    pub(super) at: String,
    pub(super) who: String,
    pub(super) lines: Vec<String>,
    pub(super) current: bool,
    /// Taken back by a ruling or an undo: shown struck through.
    pub(super) void: bool,
    /// A move or deadline (what a dispute can contest).
    pub(super) play: bool,
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
    notes: Vec<NoteBlock>,
    disputes: super::pages_disputes::Panel,
    /// When the seats asked must have acted (the game's deadline), if it has one.
    deadline: Option<String>,
    /// After the end: what `verify` found (the seed against its commitment, every die).
    verified: Option<String>,
    error: Option<String>,
    /// Attaching the seat to an account (None on pages after a refused action).
    account: Option<super::accounts::AttachBox>,
}

pub(super) fn event_rows(history: &[HistoryEntry], tr: &Tr, current: u64) -> Vec<EventRow> {
    history
        .iter()
        .map(|h| EventRow {
            seq: h.seq,
            at: format_utc(h.at),
            who: match (h.cause.as_str(), h.seat) {
                ("created", _) => tr.t("history-created"),
                ("deadline", _) => tr.t("history-deadline"),
                (_, Some(s)) => tr.seat_name(s),
                _ => tr.t("history-system"),
            },
            lines: h.descriptions.iter().map(|m| tr.msg(m)).collect(),
            current: h.seq == current,
            void: h.void,
            play: matches!(h.cause.as_str(), "action" | "deadline"),
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

pub(super) async fn render_game(
    state: &AppState,
    loaded: &Loaded,
    seat: Seat,
    token: &str,
    tr: Tr,
    error: Option<(StatusCode, String)>,
    account: Option<super::accounts::AttachBox>,
) -> Response {
    let tr = tr.with_names(loaded.names());
    let view = state.play.view(loaded, Some(seat));
    let history = match state.play.history(loaded, Some(seat)).await {
        Ok(h) => h,
        Err(e) => return error_page(&e, &tr),
    };
    let recent = event_rows(&history[history.len().saturating_sub(8)..], &tr, 0).into_iter().rev().collect();
    let viewer = loaded.viewer_for(Some(seat));
    let board = loaded.table.board_svg(viewer, &loaded.names(), &|m| tr.msg(m));
    let notes = note_blocks(loaded.table.as_ref(), viewer, &tr);
    let actions = view
        .legal_actions
        .iter()
        .map(|a| ActionForm {
            label: tr.msg(&a.label),
            json: a.action.to_string(),
            inputs: a.inputs.iter().map(|i| input_field(i, &tr)).collect(),
        })
        .collect();
    let players = view
        .players
        .iter()
        .map(|p| PlayerRow {
            name: p.name.clone(),
            label: tr.msg(&p.label),
            to_act: view.to_act.contains(&p.seat),
            me: p.seat == seat,
        })
        .collect();
    let (status, error) = match error {
        Some((s, m)) => (s, Some(m)),
        None => (StatusCode::OK, None),
    };
    let disputes = match super::pages_disputes::panel(state, loaded, seat, &tr).await {
        Ok(p) => p,
        Err(e) => return error_page(&e, &tr),
    };
    let verified = match state.play.verified(loaded).await {
        Ok(v) => v.map(|r| match r {
            Ok(v) => tr.t_args("verified-ok", &[("records", v.records.to_string())]),
            Err(e) => tr.t_args("verified-failed", &[("why", e.to_string())]),
        }),
        Err(e) => return error_page(&e, &tr),
    };
    let deadline = match state.play.deadline(loaded).await {
        Ok(d) => d.map(|at| tr.t_args("game-deadline", &[("when", format_utc(at))])),
        Err(e) => return error_page(&e, &tr),
    };
    let page_data = GamePage {
        deadline,
        verified,
        disputes,
        status: status_line(&view, &tr),
        token: token.to_owned(),
        players,
        board,
        actions,
        recent,
        notes,
        error,
        account,
        view,
        tr,
    };
    page(status, &page_data)
}

async fn game_page(
    State(state): State<AppState>,
    lang: PageLang,
    who: super::accounts::Who,
    Path(token): Path<String>,
) -> Response {
    let tr = lang.tr();
    match state.play.load_seat(&token).await {
        Ok((loaded, seat)) => {
            let account = who.attach_box(&loaded.game.id, seat).await;
            render_game(&state, &loaded, seat, &token, tr, None, Some(account)).await
        }
        Err(e) => error_page(&e, &tr),
    }
}

async fn act(
    State(state): State<AppState>,
    lang: PageLang,
    Path(token): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let tr = lang.tr();
    let expected_seq = form.get("expected_seq").and_then(|s| s.parse::<u64>().ok());
    let action = form.get("action").and_then(|a| serde_json::from_str::<Value>(a).ok());
    let result = match (expected_seq, action) {
        (Some(seq), Some(mut action)) => {
            fill_inputs(&mut action, &form);
            state.play.act(&token, None, seq, &action).await.map(|_| ())
        }
        _ => Err(PlayError::Invalid(tr.t("error-form"))),
    };
    match result {
        Ok(()) => Redirect::to(&format!("/play/{token}")).into_response(),
        Err(e @ (PlayError::UnknownLink | PlayError::Unavailable(_) | PlayError::Internal(_))) => {
            error_page(&e, &tr)
        }
        Err(e) => match state.play.load_seat(&token).await {
            Ok((loaded, seat)) => {
                let message = explain(&e, &tr.clone().with_names(loaded.names()));
                render_game(&state, &loaded, seat, &token, tr, Some((status_of(&e), message)), None).await
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
    /// Where the stepper's links go (the seat's history page).
    base: String,
    title: String,
    at: u64,
    last: u64,
    board: String,
    /// The lines beside the board at that step (clues, holdings), as this seat may see them.
    notes: Vec<NoteBlock>,
    entries: Vec<EventRow>,
    status: String,
}

#[derive(Deserialize)]
struct AtQuery {
    at: Option<u64>,
}

async fn history(
    State(state): State<AppState>,
    lang: PageLang,
    Path(token): Path<String>,
    Query(q): Query<AtQuery>,
) -> Response {
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
    let notes = note_blocks(table.as_ref(), viewer, &tr);
    page(
        StatusCode::OK,
        &HistoryPage {
            status: status_line(&view, &tr),
            base: format!("/play/{token}/history"),
            tr,
            token,
            title: loaded.game.title.clone(),
            at,
            last: loaded.seq,
            board,
            notes,
            entries,
        },
    )
}

async fn export(State(state): State<AppState>, lang: PageLang, Path(token): Path<String>) -> Response {
    let tr = lang.tr();
    let result = async {
        let (loaded, seat) = state.play.load_seat(&token).await?;
        state.play.export(&loaded, Some(seat)).await
    }
    .await;
    download(result, &tr)
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
                .map(|m| MailRow {
                    to: m.recipient,
                    subject: m.subject,
                    body: m.body_text,
                    created: format_utc(m.created_at),
                    status: m.status,
                })
                .collect();
            page(StatusCode::OK, &MailboxPage { tr, mails })
        }
        Err(e) => error_page(&e.into(), &tr),
    }
}

#[derive(Template)]
#[template(path = "watch.html")]
struct WatchPage {
    tr: Tr,
    title: String,
    base: String,
    at: u64,
    last: u64,
    board: String,
    notes: Vec<NoteBlock>,
    entries: Vec<EventRow>,
    status: String,
}

/// The spectators' page: the public view (everything after the end), any step by `?at=N`.
async fn watch(
    State(state): State<AppState>,
    lang: PageLang,
    Path((id, token)): Path<(String, String)>,
    Query(q): Query<AtQuery>,
) -> Response {
    let tr = lang.tr();
    let loaded = match state.play.watch(&id, &token).await {
        Ok(l) => l,
        Err(e) => return error_page(&e, &tr),
    };
    let tr = tr.with_names(loaded.names());
    let at = q.at.unwrap_or(loaded.seq);
    let (view, table) = match state.play.view_at(&loaded, None, at).await {
        Ok(x) => x,
        Err(e) => return error_page(&e, &tr),
    };
    let entries = match state.play.history(&loaded, None).await {
        Ok(h) => event_rows(&h, &tr, at),
        Err(e) => return error_page(&e, &tr),
    };
    let board = table.board_svg(loaded.viewer_for(None), &loaded.names(), &|m| tr.msg(m));
    let notes = note_blocks(table.as_ref(), loaded.viewer_for(None), &tr);
    let page_data = WatchPage {
        status: status_line(&view, &tr),
        title: loaded.game.title.clone(),
        base: format!("/watch/{id}/{token}"),
        at,
        last: loaded.seq,
        board,
        notes,
        entries,
        tr,
    };
    page(StatusCode::OK, &page_data)
}

/// The host's copy of the whole log: the full export once the game has ended (or for games
/// without hidden information), the public view before.
async fn host_export(
    State(state): State<AppState>,
    lang: PageLang,
    Path((id, token)): Path<(String, String)>,
) -> Response {
    let tr = lang.tr();
    let result = async {
        let loaded = state.play.host(&id, &token).await?;
        state.play.export(&loaded, None).await
    }
    .await;
    download(result, &tr)
}

/// An export as a file to save, or the page saying why not.
fn download(result: Result<crate::record::Export, PlayError>, tr: &Tr) -> Response {
    match result {
        Ok(export) => {
            let disposition = format!("attachment; filename=\"feldpost-{}.json\"", export.game_id);
            ([(header::CONTENT_DISPOSITION, disposition)], Json(export)).into_response()
        }
        Err(e) => error_page(&e, tr),
    }
}

/// The host sends a seat its invitation again.
async fn host_resend(
    State(state): State<AppState>,
    lang: PageLang,
    Path((id, token, seat)): Path<(String, String, Seat)>,
) -> Response {
    let tr = lang.tr();
    let result = async {
        let loaded = state.play.host(&id, &token).await?;
        state.play.resend_invitation(&loaded, seat).await
    }
    .await;
    match result {
        Ok(()) => Redirect::to(&format!("/host/{id}/{token}")).into_response(),
        Err(e) => error_page(&e, &tr),
    }
}

/// The host gives a seat to a new player.
async fn host_replace(
    State(state): State<AppState>,
    lang: PageLang,
    Path((id, token, seat)): Path<(String, String, Seat)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let tr = lang.tr();
    let result = async {
        let loaded = state.play.host(&id, &token).await?;
        let name = form.get("name").cloned().unwrap_or_default();
        let email = form.get("email").cloned().unwrap_or_default();
        state.play.replace_player(loaded, seat, &name, &email).await
    }
    .await;
    match result {
        Ok(_) => Redirect::to(&format!("/host/{id}/{token}")).into_response(),
        Err(e) => error_page(&e, &tr),
    }
}

#[cfg(test)]
mod tests {
    use super::fill_inputs;
    use serde_json::json;
    use std::collections::HashMap;

    fn filled(action: serde_json::Value, fields: &[(&str, &str)]) -> serde_json::Value {
        let form: HashMap<String, String> =
            fields.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        let mut action = action;
        fill_inputs(&mut action, &form);
        action
    }

    #[test]
    fn typed_fields_become_the_actions_json() {
        let a = filled(
            json!({"action": "move", "man": 3, "path": []}),
            &[("ids_path", " r01c02  r01c03,r02c03 ")],
        );
        assert_eq!(a["path"], json!(["r01c02", "r01c03", "r02c03"]));
        let a = filled(json!({"action": "answer_appel", "absent": [9]}), &[("ids_absent", "")]);
        assert_eq!(a["absent"], json!([9]), "an empty ids field keeps the offered value");
        let a = filled(json!({"action": "answer_appel", "absent": []}), &[("ids_absent", "3, 4")]);
        assert_eq!(a["absent"], json!([3, 4]), "numbers stay numbers");
        let a = filled(json!({"action": "throw", "dice": []}), &[("throws_dice", "6 6; 2+5")]);
        assert_eq!(a["dice"], json!([[6, 6], [2, 5]]));
        let a = filled(
            json!({"action": "set_standing_orders"}),
            &[("input_appel_all_attend", "true"), ("input_confiscation", "false")],
        );
        assert_eq!((a["appel_all_attend"].clone(), a["confiscation"].clone()), (json!(true), json!(false)));
        let a = filled(
            json!({"action": "answer_appel", "absent": [], "warning": {"card": "card51", "moves": []}}),
            &[("placements_warning.moves", "3 r16c18, 4 r16c19")],
        );
        assert_eq!(
            a["warning"],
            json!({"card": "card51", "moves": [{"man": 3, "to": "r16c18"}, {"man": 4, "to": "r16c19"}]})
        );
    }
}
