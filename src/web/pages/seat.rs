//! A seat's play: the game page (board, whose turn, the actions offered, the latest events,
//! disputes), acting from it, and the seat's export.

use super::action_form::{ActionForm, fill_inputs, input_field};
use super::{EventRow, NoteBlock, PageResult, download, event_rows, note_blocks, page, status_line};
use crate::clock::format_utc;
use crate::games::page::{Page, Zoom};
use crate::i18n::Tr;
use crate::play::view::GameView;
use crate::play::{Loaded, PlayError};
use crate::web::AppState;
use crate::web::error::{PageError, explain, status_of};
use crate::web::extract::{PageForm, PagePath, seat_token};
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use feldpost_engine::{Msg, Seat};
use serde_json::Value;

struct PlayerRow {
    name: String,
    label: String,
    to_act: bool,
    me: bool,
    /// "away until …", while the seat's declared absence runs (its clock stands still).
    away: Option<String>,
}

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    tr: Tr,
    token: String,
    view: GameView,
    players: Vec<PlayerRow>,
    status: String,
    /// The board in the block the game shows it in (zoomed as asked, where it has a zoom).
    board: String,
    actions: Vec<ActionForm>,
    /// Above the forms: "Your move" when the seat is asked to act, else what it may do meanwhile
    /// (a bystander's chat, standing orders, after the end).
    actions_heading: String,
    /// Whether the seat is asked to act now: if not, the play panel starts folded on a phone
    /// (a sheet of standing orders need not cover the board).
    asked: bool,
    recent: Vec<EventRow>,
    notes: Vec<NoteBlock>,
    disputes: super::dispute_panel::Panel,
    /// When the seats asked must have acted (the game's deadline), if it has one.
    deadline: Option<String>,
    /// Mail to the seat's address does not arrive: what to do, in words.
    failing: Option<String>,
    /// One of the seat's webhooks was paused after failing, in words.
    webhook_paused: Option<String>,
    /// The server's VAPID public key, for the browser notifications switch (static/push.js).
    push_key: String,
    /// After the end: what `verify` found (the seed against its commitment, every die).
    verified: Option<String>,
    error: Option<String>,
    /// What the commitment under the page is to, in the game's words (a game without dice
    /// names what its seed deals).
    commitment_label: String,
    /// Attaching the seat to an account (None on pages after a refused action).
    account: Option<super::accounts::AttachBox>,
    /// The game's own style sheets and scripts.
    files: super::GameFiles,
    /// What the game says once above the action forms (HTML; empty: nothing).
    actions_lead: String,
    /// The action form fields the words of the page describe (a field's name, their id).
    described: &'static [(&'static str, &'static str)],
    /// The table talk under the board (templates/chat.html).
    talk: super::chat::Talk,
    /// After the end: this seat's page in the rematch, once the host has started one.
    rematch: Option<String>,
    /// In a game carried over from a real table, before play: whether this seat is asked to
    /// answer the entered position, or what it waits for (docs/positions.md).
    position: Option<SeatPosition>,
}

pub struct SeatPosition {
    /// The seat is asked to agree or say what is wrong.
    ask: bool,
    /// The seat's private part of the position (a coordinator's key card), as the ruleset
    /// draws its form from the seat's own view; empty: nothing to enter.
    private_form: String,
    /// Otherwise what it waits for, in words.
    note: String,
}

#[derive(serde::Deserialize)]
pub struct ZoomQuery {
    zoom: Option<u32>,
}

/// A refusal shown on the game page itself, with the status it answers.
pub struct Refused {
    pub status: StatusCode,
    pub message: String,
    /// The refused form as sent: its action's JSON and what was typed, shown again in it.
    pub typed: Option<(String, Vec<(String, String)>)>,
}

/// How the game page is shown beyond the game itself: after a refusal (what was refused and
/// typed), with the account box, at a zoom of the board.
pub struct Shown {
    pub refused: Option<Refused>,
    pub account: Option<super::accounts::AttachBox>,
    pub zoom: Option<u32>,
}

/// The game page of `seat`, as that seat may see it.
pub async fn render_game(
    state: &AppState,
    loaded: &Loaded,
    seat: Seat,
    token: &str,
    tr: Tr,
    shown: Shown,
) -> PageResult {
    let Shown { refused, account, zoom } = shown;
    let tr = tr.with_names(loaded.names()).isolating();
    let view = crate::play::view::view(&state.log, loaded, Some(seat));
    // Only the rows shown are read (the page's cost does not grow with the log).
    let history = crate::play::history::history_tail(&state.log, loaded, Some(seat), 8).await?;
    let recent = event_rows(&history, &tr, 0).into_iter().rev().collect();
    let viewer = loaded.viewer_for(Some(seat));
    let game = loaded.rules;
    let words = |m: &Msg| tr.msg(m);
    let zoom = game.look().zoom.as_ref().map(|levels| Zoom::new(levels, zoom, "", &words));
    let board = super::board_at(loaded, loaded.table.as_ref(), viewer, loaded.seq, zoom.as_ref(), &tr);
    let actions_lead = game.actions_lead(&words);
    let notes = note_blocks(loaded, loaded.table.as_ref(), viewer, loaded.seq, &tr);
    let typed = refused.as_ref().and_then(|r| r.typed.as_ref());
    let actions = view
        .legal_actions
        .iter()
        .map(|a| {
            let json = a.action.to_string();
            let mut inputs: Vec<_> = a.inputs.iter().map(|i| input_field(i, &tr)).collect();
            // A refused form comes back as the player filled it in.
            if let Some((sent, fields)) = typed
                && *sent == json
            {
                for i in &mut inputs {
                    if let Some((_, v)) = fields.iter().find(|(k, _)| *k == i.name) {
                        i.value = v.clone();
                    }
                    i.checked = fields.iter().filter(|(k, _)| *k == i.name).map(|(_, v)| v.clone()).collect();
                }
            }
            ActionForm {
                label: tr.msg(&a.label),
                confirm: loaded.table.confirmation(seat, &a.action).map(|m| tr.msg(&m)),
                marks: {
                    let mut marks = loaded.table.form_marks(&a.action);
                    // Giving the game up stands apart, last and plain (static/style.css).
                    if loaded.table.concession(&a.action) {
                        marks.push(("data-concede", "yes".into()));
                    }
                    marks
                },
                json,
                inputs,
            }
        })
        .collect();
    let players: Vec<PlayerRow> = view
        .players
        .iter()
        .map(|p| PlayerRow {
            name: p.name.clone(),
            label: tr.msg(&p.label),
            to_act: view.to_act.contains(&p.seat),
            me: p.seat == seat,
            away: p
                .away_until
                .map(|until| tr.t_args("game-away", &[("until", crate::clock::format_utc(until))])),
        })
        .collect();
    let disputes = super::dispute_panel::panel(state, loaded, seat, &tr).await?;
    let verified = crate::play::export::verified(&state.log, loaded).await?.map(|r| match r {
        Ok(records) => tr.t_args("verified-ok", &[("records", records.to_string())]),
        Err(why) => tr.t_args("verified-failed", &[("why", why)]),
    });
    let deadline = crate::play::deadlines::deadline(&state.log, loaded)
        .await?
        .map(|at| tr.t_args("game-deadline", &[("when", format_utc(at))]));
    let (status, error) = match refused {
        Some(r) => (r.status, Some(r.message)),
        None => (StatusCode::OK, None),
    };
    let commitment_label = tr.t(loaded.table.commitment_label());
    let failing = match loaded.seats.get(usize::from(seat)) {
        Some(row) => crate::play::bounces::seat_failing(&state.log, row)
            .await?
            .map(|f| tr.t_args("game-mail-failing", &[("email", row.email.clone()), ("why", f.reason)])),
        None => None,
    };
    let webhook_paused = crate::play::webhooks::paused_notice(
        &state.log,
        loaded,
        crate::play::webhooks::Owner::Seat(seat),
        &tr,
    )
    .await?;
    let talk = super::chat::for_seat(state, loaded, seat, token, &tr).await?;
    let rematch = match loaded.finished() {
        true => crate::play::create::rematch_seat(&state.log, loaded, seat).await?.map(|l| l.url),
        false => None,
    };
    let position = crate::play::position::status(loaded).filter(|p| p.stage != "agreed").map(|p| {
        let mine = p.answers.get(usize::from(seat)).cloned().flatten();
        let private_form = if p.stage == "answers" {
            loaded.table.private_position_form(seat, &|m| tr.msg(m))
        } else {
            String::new()
        };
        SeatPosition {
            ask: p.stage == "answers" && p.complete && !mine.as_ref().is_some_and(|a| a.agrees),
            note: tr.t(match (p.stage, p.complete) {
                ("entry", _) => "position-waiting-entry",
                (_, false) => "position-waiting-private",
                _ => "position-waiting-others",
            }),
            private_form,
        }
    });
    // No move offered while the position waits: every one would be refused.
    let actions: Vec<ActionForm> = if position.is_some() { Vec::new() } else { actions };
    let asked = position.is_none() && players.iter().any(|p| p.me && p.to_act);
    let actions_heading = tr.t(if asked { "game-actions" } else { "game-actions-meanwhile" });
    let page_data = GamePage {
        actions_heading,
        asked,
        failing,
        webhook_paused,
        push_key: state.log.vapid().public_key(),
        commitment_label,
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
        files: super::GameFiles::of(game, Page::Seat),
        actions_lead,
        described: game.look().described,
        talk,
        rematch,
        position,
        view,
        tr,
    };
    Ok(page(status, &page_data))
}

pub async fn game_page(
    State(state): State<AppState>,
    tr: Tr,
    who: super::accounts::Who,
    PagePath(token): PagePath<String>,
    axum::extract::Query(q): axum::extract::Query<ZoomQuery>,
) -> PageResult {
    let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
    let account = who.attach_box(&loaded.game.id, seat).await;
    render_game(
        &state,
        &loaded,
        seat,
        &token,
        tr,
        Shown { refused: None, account: Some(account), zoom: q.zoom },
    )
    .await
}

/// The action form as sent: the action offered (its JSON), the game's sequence number it was
/// offered at, and what the player typed into its fields.
pub struct ActForm {
    expected_seq: u64,
    action: Value,
    typed: Vec<(String, String)>,
}

impl TryFrom<Vec<(String, String)>> for ActForm {
    type Error = PlayError;

    fn try_from(fields: Vec<(String, String)>) -> Result<Self, PlayError> {
        let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
        let expected_seq = field("expected_seq").and_then(|s| s.trim().parse::<u64>().ok());
        let action = field("action").and_then(|a| serde_json::from_str::<Value>(a).ok());
        match (expected_seq, action) {
            (Some(expected_seq), Some(action)) => Ok(ActForm { expected_seq, action, typed: fields }),
            _ => Err(PlayError::invalid("error-form")),
        }
    }
}

#[derive(serde::Deserialize)]
pub struct PositionAnswerForm {
    expected_seq: u64,
    /// "yes" or "no" (the form's two buttons).
    agrees: String,
    #[serde(default)]
    note: String,
}

/// A seat answers the position entered from its table (docs/positions.md).
pub async fn answer_position(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
    crate::web::extract::PageForm(form): crate::web::extract::PageForm<PositionAnswerForm>,
) -> PageResult {
    let result = async {
        let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
        let agrees = form.agrees == "yes";
        crate::play::position::answer(&state.log, loaded, seat, form.expected_seq, agrees, &form.note)
            .await
            .map(|_| ())
    };
    answer(&state, &token, tr, result.await).await
}

/// A seat enters its private part of the position (a coordinator's key card) from its page.
pub async fn enter_private_position(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
    crate::web::extract::PageForm(form): crate::web::extract::PageForm<
        std::collections::HashMap<String, String>,
    >,
) -> PageResult {
    let result = async {
        let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
        let expected = form.get("expected_seq").and_then(|s| s.trim().parse().ok()).unwrap_or_default();
        let part = loaded.rules.read_private_position(&form).map_err(PlayError::invalid)?;
        crate::play::position::enter_private(&state.log, loaded, seat, expected, &part).await.map(|_| ())
    };
    answer(&state, &token, tr, result.await).await
}

/// After a POST from the game page: back to the page, or the page again with the refusal (a
/// stale form shows the game as it stands now).
pub async fn answer(state: &AppState, token: &str, tr: Tr, result: Result<(), PlayError>) -> PageResult {
    answer_typed(state, token, tr, result, None, None).await
}

/// [`answer`], with the refused form's action and fields to fill it in again, and the game as
/// the request loaded it (a refusal by the rules answers from it; a game that moved on, or a
/// refusal before anything was loaded, is loaded afresh).
pub async fn answer_typed(
    state: &AppState,
    token: &str,
    tr: Tr,
    result: Result<(), PlayError>,
    typed: Option<(String, Vec<(String, String)>)>,
    loaded: Option<(Loaded, Seat)>,
) -> PageResult {
    match result {
        Ok(()) => Ok(Redirect::to(&format!("/play/{token}")).into_response()),
        Err(e @ (PlayError::UnknownLink | PlayError::Unavailable(_) | PlayError::Internal(_))) => {
            Err(PageError::from(e))
        }
        Err(e) => {
            let (loaded, seat) = match loaded {
                Some(found) if !matches!(e, PlayError::Conflict { .. }) => found,
                _ => state.log.load_seat(&seat_token(token)?).await?,
            };
            let message = explain(&e, &tr.clone().with_names(loaded.names()));
            let refused = Refused { status: status_of(&e), message, typed };
            let shown = Shown { refused: Some(refused), account: None, zoom: None };
            render_game(state, &loaded, seat, token, tr, shown).await
        }
    }
}

/// The one question before an action that cannot be taken back (a guess that touches a card for
/// good, say), for a page without script: the same form again, with `confirmed` set. Only its button acts.
#[derive(Template)]
#[template(path = "confirm.html")]
struct ConfirmPage {
    tr: Tr,
    token: String,
    question: String,
    fields: Vec<(String, String)>,
}

pub async fn act(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
    PageForm(fields): PageForm<Vec<(String, String)>>,
) -> PageResult {
    let sent = fields.iter().find(|(k, _)| k == "action").map(|(_, v)| v.clone());
    let typed = sent.map(|a| (a, fields.clone()));
    let form = match ActForm::try_from(fields) {
        Ok(form) => form,
        Err(e) => return answer_typed(&state, &token, tr, Err(e), typed, None).await,
    };
    // The game is loaded once: the move is decided in it, and a refusal answers from it.
    let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
    match act_from_form(&state, (loaded.clone(), seat), form).await {
        Ok(Some((question, fields))) => {
            Ok(page(StatusCode::OK, &ConfirmPage { question: tr.msg(&question), tr, token, fields }))
        }
        Ok(None) => answer(&state, &token, tr, Ok(())).await,
        Err(e) => answer_typed(&state, &token, tr, Err(e), typed, Some((loaded, seat))).await,
    }
}

/// Acts, or (for an action that asks first and was not confirmed) returns the question and the
/// fields to send again.
async fn act_from_form(
    state: &AppState,
    (loaded, seat): (Loaded, Seat),
    form: ActForm,
) -> Result<Option<(Msg, Vec<(String, String)>)>, PlayError> {
    // What was typed is read into the action as it is offered now, by the reader of the turn
    // mail's replies too (`games::typed`: a Colditz place by its grid reference becomes its
    // circle id), before the engine sees it; a refused form still shows what was typed. An
    // action not offered now (the game moved on, or a forged form) goes to the rules as sent.
    let offered = loaded.table.legal_actions(seat).into_iter().find(|(action, _, _)| *action == form.action);
    let action = match &offered {
        Some((_, _, inputs)) => {
            fill_inputs(&form.action, inputs, &form.typed, loaded.rules).map_err(PlayError::Invalid)?
        }
        None => form.action.clone(),
    };
    let confirmed = form.typed.iter().any(|(k, v)| k == "confirmed" && v == "yes");
    if !confirmed && let Some(question) = loaded.table.confirmation(seat, &form.action) {
        let mut fields: Vec<(String, String)> =
            form.typed.iter().filter(|(k, _)| k != "confirmed").cloned().collect();
        fields.push(("confirmed".into(), "yes".into()));
        return Ok(Some((question, fields)));
    }
    crate::play::act::as_seat(&state.log, loaded, seat, form.expected_seq, &action).await?;
    Ok(None)
}

pub async fn export(
    State(state): State<AppState>,
    PagePath(token): PagePath<String>,
) -> Result<Response, PageError> {
    let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
    Ok(download(crate::play::export::export(&state.log, &loaded, Some(seat)).await?))
}
