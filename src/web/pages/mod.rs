//! The HTML pages, one file per resource. Everything works without JavaScript; scripts only
//! enhance (history's slider submits itself, things on a board are clicked for the actions
//! they stand for, open pages update by themselves: [`live`]). GET never acts
//! (docs/architecture.md, rule 5): every change is a POST.
//!
//! The pages name no game: what a game shows beyond them (its board's block and zoom, its
//! scripts and style sheets, the words above its forms, its public board page) they ask of its
//! [`crate::games::Game`] (see `crate::games::page`).
//!
//! Handlers are thin: read the request into typed values, call the play layer, render. A
//! failure is returned with `?` as a [`PageError`] and becomes the error page in the request's
//! language.

pub mod accounts;
mod action_form;
mod calendar;
mod chat;
mod dev;
mod dispute_panel;
mod disputes;
mod games;
mod history;
mod home;
mod host;
mod live;
mod mail_settings;
mod people;
mod seat;
mod stats;
mod webhooks;

use super::AppState;
use super::error::PageError;
use crate::clock::format_utc;
use crate::games::page::Page;
use crate::games::{Game, Table};
use crate::i18n::Tr;
use crate::play::history::HistoryEntry;
use crate::play::view::GameView;

use crate::record::CauseKind;
use askama::Template;
use axum::Router;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use feldpost_engine::Viewer;

/// Every page, by resource.
pub fn routes() -> Router<AppState> {
    Router::new()
        // Home and the boards
        .route("/", get(home::home))
        .route("/boards/{ruleset}", get(home::board_page))
        .route("/assets/{name}", get(home::asset))
        // Games: the new-game form and its POST
        .route("/new/{ruleset}", get(games::new_game_form))
        .route("/games", post(games::create_game))
        // A seat's play
        .route("/play/{token}", get(seat::game_page))
        .route("/play/{token}/act", post(seat::act))
        .route("/play/{token}/position", post(seat::answer_position))
        .route("/play/{token}/position/private", post(seat::enter_private_position))
        .route("/play/{token}/export", get(seat::export))
        .route("/play/{token}/live", get(live::seat_live))
        // History and spectators
        .route("/play/{token}/history", get(history::seat_history))
        .route("/play/{token}/stats", get(stats::seat_stats))
        .route("/play/{token}/chat", get(chat::seat_page).post(chat::seat_say))
        .route("/watch/{id}/{token}", get(history::watch))
        .route("/watch/{id}/{token}/live", get(live::watch_live))
        .route("/watch/{id}/{token}/stats", get(stats::watch_stats))
        // The host
        .route("/host/{id}/{token}", get(host::host_page))
        .route("/host/{id}/{token}/export", get(host::export))
        .route("/host/{id}/{token}/stats", get(stats::host_stats))
        .route("/host/{id}/{token}/seats/{seat}/resend", post(host::resend))
        .route("/host/{id}/{token}/seats/{seat}/replace", post(host::replace))
        .route("/host/{id}/{token}/pause", post(host::pause))
        .route("/host/{id}/{token}/resume", post(host::resume))
        .route("/host/{id}/{token}/rematch", post(host::rematch))
        .route("/host/{id}/{token}/position", post(host::enter_position))
        .route("/host/{id}/{token}/chat", post(chat::host_say))
        .route("/host/{id}/{token}/chat/{n}/hide", post(chat::host_hide))
        .route("/host/{id}/{token}/confirmation", post(host::resend_confirmation))
        // Disputes, rulings, appeals, undo
        .route("/play/{token}/disputes", post(disputes::file))
        .route("/play/{token}/disputes/{seq}", get(disputes::audit_for_seat))
        .route("/play/{token}/disputes/{seq}/ruling", post(disputes::rule_as_seat))
        .route("/play/{token}/rulings/{seq}/appeal", post(disputes::appeal))
        .route("/play/{token}/appeals/{seq}/vote", post(disputes::vote))
        .route("/play/{token}/undo", post(disputes::undo))
        .route("/play/{token}/undo/{seq}/answer", post(disputes::answer_undo))
        .route("/host/{id}/{token}/disputes/{seq}", get(disputes::audit_for_host))
        .route("/host/{id}/{token}/disputes/{seq}/ruling", post(disputes::rule_as_host))
        // The host proves an address (the link mailed to it)
        .route("/confirm/{id}/{secret}", get(host::confirm_page).post(host::confirm))
        // A seat's mail settings and absence
        .route("/play/{token}/mail", get(mail_settings::settings_page).post(mail_settings::set_pref))
        .route(
            "/play/{token}/mail/unsubscribe",
            get(mail_settings::settings_page).post(mail_settings::unsubscribe),
        )
        .route("/play/{token}/absence", post(mail_settings::absence))
        // Calendars and time zones: a feed only reads; its link is renewed by a POST
        .route("/play/{token}/calendar", post(calendar::renew_seat))
        .route("/play/{token}/time-zone", post(calendar::set_seat_zone))
        .route("/calendar/seat/{game}/{seat}/{file}", get(calendar::seat_feed))
        .route("/calendar/account/{account}/{file}", get(calendar::account_feed))
        .route("/account/calendar", post(calendar::renew_account))
        .route("/account/time-zone", post(calendar::set_account_zone))
        .route("/account/push", post(accounts::push_on))
        .route("/account/push/stop", post(accounts::push_off))
        // Webhooks: a seat's own, and the game's (the host's)
        .route("/play/{token}/webhooks", get(webhooks::seat_page).post(webhooks::seat_add))
        .route("/play/{token}/webhooks/{webhook}/test", post(webhooks::seat_test))
        .route("/play/{token}/webhooks/{webhook}/resume", post(webhooks::seat_resume))
        .route("/play/{token}/webhooks/{webhook}/remove", post(webhooks::seat_remove))
        .route("/host/{id}/{token}/webhooks", get(webhooks::host_page).post(webhooks::host_add))
        .route("/host/{id}/{token}/webhooks/{webhook}/test", post(webhooks::host_test))
        .route("/host/{id}/{token}/webhooks/{webhook}/resume", post(webhooks::host_resume))
        .route("/host/{id}/{token}/webhooks/{webhook}/remove", post(webhooks::host_remove))
        // Any address: never mail it again (the link in every mail)
        .route("/mail/never/{address}/{token}", get(mail_settings::never_page).post(mail_settings::never))
        // Accounts
        .route("/account", get(accounts::my_games))
        .route("/account/login", get(accounts::login_page).post(accounts::login))
        .route("/account/login/link", post(accounts::send_link))
        .route("/account/login/code", post(accounts::login_code))
        .route("/account/link/{token}", get(accounts::link_page).post(accounts::link_login))
        .route("/account/register", get(accounts::register_page).post(accounts::register))
        .route("/account/logout", post(accounts::logout))
        .route("/account/reset", get(accounts::reset_page).post(accounts::send_reset))
        .route("/account/reset/{token}", get(accounts::reset_set_page).post(accounts::reset_set))
        .route("/play/{token}/attach", post(accounts::attach))
        // A person's own data, by a link mailed to their address
        .route("/privacy", get(people::privacy_page).post(people::ask))
        .route("/privacy/{token}/data", get(people::download))
        .route("/privacy/{token}/forget", get(people::forget_page).post(people::forget))
        // The development mailbox
        .route("/dev/mailbox", get(dev::mailbox))
        .route("/dev/mailbox/{id}", get(dev::message))
}

/// A page's answer: a rendered template, or a failure.
pub type PageResult = Result<Response, PageError>;

/// Render a template with a status; a template that fails to render is a bug, shown plainly.
pub fn page<T: Template>(status: StatusCode, template: &T) -> Response {
    match template.render() {
        Ok(html) => (status, Html(html)).into_response(),
        Err(e) => {
            tracing::error!("template: {e}");
            (StatusCode::INTERNAL_SERVER_ERROR, "template error").into_response()
        }
    }
}

/// A page that asks one thing with one button (GET shows it; only the button's POST acts), or
/// says it is done.
#[derive(Template)]
#[template(path = "ask.html")]
pub struct AskPage {
    pub tr: Tr,
    pub title: String,
    pub lead: String,
    /// Where the button posts, and its words (None: nothing left to ask).
    pub action: String,
    pub button: Option<String>,
    /// A link onward (its path and words), where the page is not the end of the way.
    pub onward: Option<(String, String)>,
}

/// A game's own files on one of its pages: the style sheets every page of the game links, and
/// the scripts a page of this kind runs (paths under `/static/games/<game>/`).
pub struct GameFiles {
    pub styles: Vec<String>,
    pub scripts: Vec<String>,
}

impl GameFiles {
    pub fn of(game: &dyn Game, kind: Page) -> GameFiles {
        let look = game.look();
        let path = |file: &str| crate::web::files::url(&format!("games/{}/{file}", game.id()));
        GameFiles {
            styles: look.styles.iter().map(|f| path(f)).collect(),
            scripts: look.scripts_on(kind).map(path).collect(),
        }
    }
}

/// A block of lines beside a board, in words.
pub struct NoteBlock {
    pub title: String,
    pub lines: Vec<String>,
}

/// The lines beside a board, in words, as `viewer` may see them at step `at` (before the
/// table's position, those of the board that waits for it: no turn the table will not have).
pub fn note_blocks(
    loaded: &crate::play::log::Loaded,
    table: &dyn Table,
    viewer: Viewer,
    at: u64,
    tr: &Tr,
) -> Vec<NoteBlock> {
    let notes = if crate::play::position::before_position(loaded, at) {
        table.notes_before_position(viewer)
    } else {
        table.notes(viewer)
    };
    notes
        .iter()
        .map(|n| NoteBlock { title: tr.msg(&n.title), lines: n.lines.iter().map(|l| tr.msg(l)).collect() })
        .collect()
}

/// One record of a history list.
pub struct EventRow {
    pub seq: u64,
    pub at: String,
    /// Who made the record (a player, the clock, the game's creation).
    pub who: String,
    /// Whether the record's own words already name who made it ("Petr threw 3."): then a list
    /// shows them without the `who: ` prefix, which would name him twice.
    pub named: bool,
    pub lines: Vec<String>,
    pub current: bool,
    /// Taken back by a ruling or an undo: shown struck through.
    pub void: bool,
    /// A move or deadline (what a dispute can contest).
    pub play: bool,
}

impl EventRow {
    /// The record's lines as one text (see [`sentences`]).
    pub fn text(&self) -> String {
        sentences(&self.lines)
    }
}

/// Lines of a record read as one text: after a line that ends a sentence a space, after one
/// that does not a semicolon ("Amy throws 3. Amy draws a card.", not "Amy throws 3.; Amy…").
pub fn sentences(lines: &[String]) -> String {
    let mut text = String::new();
    for line in lines {
        if !text.is_empty() {
            text.push_str(if text.ends_with(['.', '!', '?', '…']) { " " } else { "; " });
        }
        text.push_str(line);
    }
    text
}

pub fn event_rows(history: &[HistoryEntry], tr: &Tr, current: u64) -> Vec<EventRow> {
    history
        .iter()
        .map(|h| EventRow {
            seq: h.seq,
            at: format_utc(h.at),
            who: match (h.cause, h.seat) {
                (CauseKind::Created, _) => tr.t("history-created"),
                (CauseKind::Deadline, _) => tr.t("history-deadline"),
                (_, Some(s)) => tr.seat_name(s),
                _ => tr.t("history-system"),
            },
            named: names_actor(h),
            lines: h.descriptions.iter().map(|m| tr.msg(m)).collect(),
            current: h.seq == current,
            void: h.void,
            play: matches!(h.cause, CauseKind::Action | CauseKind::Deadline),
        })
        .collect()
}

/// Whether the first words of a record name the seat that made it first of all the seats they
/// name (its subject, as every game words its events: "{ $player } threw …").
fn names_actor(h: &HistoryEntry) -> bool {
    let first_seat = |m: &feldpost_engine::Msg| {
        m.args.iter().find_map(|(_, a)| match a {
            feldpost_engine::Arg::Seat(s) => Some(*s),
            _ => None,
        })
    };
    h.seat.is_some() && h.descriptions.first().and_then(first_seat) == h.seat
}

/// The board of `table` (the game at step `at`) as `viewer` sees it, in its block. While a
/// game from a real table waits for the host to enter its position, the board shows nothing
/// played, greyed, under a line that says what it waits for (docs/positions.md).
pub(crate) fn board_at(
    loaded: &crate::play::log::Loaded,
    table: &dyn crate::games::Table,
    viewer: feldpost_engine::Viewer,
    at: u64,
    zoom: Option<&crate::games::page::Zoom>,
    tr: &Tr,
) -> String {
    let words = |m: &feldpost_engine::Msg| tr.msg(m);
    let (drawing, waits) = board_drawing(loaded, table, viewer, at, tr);
    let block = loaded.rules.board_block(&crate::games::page::Shown { board: &drawing, zoom, tr: &words });
    board_waits(block, waits, tr)
}

/// The drawing [`board_at`] puts in its block, and whether it is the board before the
/// table's position.
pub(crate) fn board_drawing(
    loaded: &crate::play::log::Loaded,
    table: &dyn crate::games::Table,
    viewer: feldpost_engine::Viewer,
    at: u64,
    tr: &Tr,
) -> (String, bool) {
    let words = |m: &feldpost_engine::Msg| tr.msg(m);
    let names = crate::i18n::isolated_names(loaded.names());
    if crate::play::position::before_position(loaded, at) {
        (table.board_svg_before_position(viewer, &names, &words), true)
    } else {
        (table.board_svg(viewer, &names, &words), false)
    }
}

/// `board` greyed under the line that says it waits for the table's position, if it `waits`.
pub(crate) fn board_waits(board: String, waits: bool, tr: &Tr) -> String {
    if !waits {
        return board;
    }
    let line = askama::filters::escape(&tr.t("status-position-board-waits"), askama::filters::Html)
        .map(|e| e.to_string())
        .unwrap_or_default();
    format!("<div class=\"board-waits\"><p class=\"board-waits-line\">{line}</p>{board}</div>")
}

/// Whose turn it is, or how the game ended, in words.
pub fn status_line(view: &GameView, tr: &Tr) -> String {
    if let Some(o) = &view.outcome {
        return tr.msg(&o.summary);
    }
    if view.position_waits {
        return tr.t("status-waiting-position");
    }
    if view.your_turn {
        return match &view.asked {
            Some(asked) => tr.msg(asked),
            None => tr.t("status-your-turn"),
        };
    }
    let names: Vec<String> = view.to_act.iter().map(|s| tr.seat_name(*s)).collect();
    tr.t_args("status-waiting-for", &[("players", names.join(", "))])
}

/// An export as a file to save.
pub fn download(export: crate::record::Export) -> Response {
    let disposition = format!("attachment; filename=\"feldpost-{}.json\"", export.game_id);
    ([(axum::http::header::CONTENT_DISPOSITION, disposition)], axum::Json(export)).into_response()
}

#[cfg(test)]
mod tests {
    use super::sentences;

    #[test]
    fn a_records_lines_read_as_sentences() {
        let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            sentences(&lines(&["Amy throws 1+2 (score 3).", "Amy draws a card."])),
            "Amy throws 1+2 (score 3). Amy draws a card."
        );
        assert_eq!(
            sentences(&lines(&["Petr (team): hello", "Jana hází: 3."])),
            "Petr (team): hello; Jana hází: 3."
        );
        assert_eq!(sentences(&lines(&["One."])), "One.");
        assert_eq!(sentences(&[]), "");
    }
}
