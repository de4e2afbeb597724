//! The history, step by step: a seat's (what that seat may see at each step) and the
//! spectators' (the public view; everything after the end). Any step by `?at=N`.

use super::{EventRow, GameFiles, NoteBlock, PageResult, event_rows, note_blocks, page, status_line};
use crate::games::page::{Page, Zoom};
use crate::i18n::Tr;
use crate::play::Loaded;
use crate::web::AppState;
use crate::web::extract::{PagePath, PageQuery, game_id, seat_token};
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use feldpost_engine::Seat;
use serde::Deserialize;

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
    /// The board's zoom, as on the game page (for a game whose board has one), and what the
    /// step links add to keep it.
    zoom: Option<Zoom>,
    keep: String,
    records: Records,
    /// The game's id (the board's class) and its own style sheets and scripts.
    ruleset: &'static str,
    files: GameFiles,
    /// The table talk written at this step, as this seat may read it (templates/chat.html).
    talk: super::chat::Talk,
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
    /// The board's zoom, as on the game page (for a game whose board has one), and what the
    /// step links add to keep it.
    zoom: Option<Zoom>,
    keep: String,
    records: Records,
    ruleset: &'static str,
    files: GameFiles,
}

/// How many records one history page lists: with the board, a page stays far below 100 KB
/// however long the game.
pub const RECORDS_PER_PAGE: u64 = 50;

/// Which records a history page lists, and the steps its links to the pages before and after
/// go to (plain links: they work without JavaScript).
pub struct Records {
    from: u64,
    to: u64,
    /// "Records 51 to 100 of 230"
    range: String,
    /// The step the link to the page before goes to, and its words.
    earlier: Option<(u64, String)>,
    later: Option<(u64, String)>,
}

impl Records {
    /// The page of records that holds step `at` of a game at `last`.
    fn around(at: u64, last: u64, tr: &Tr) -> Records {
        let from = (at.max(1) - 1) / RECORDS_PER_PAGE * RECORDS_PER_PAGE + 1;
        let to = (from + RECORDS_PER_PAGE - 1).min(last);
        let n = |v: u64| v.to_string();
        Records {
            from,
            to,
            range: tr.t_args("history-page-range", &[("from", n(from)), ("to", n(to)), ("last", n(last))]),
            earlier: (from > 1).then(|| (from - 1, tr.t_args("history-page-earlier", &[("from", n(from))]))),
            later: (to < last).then(|| (to + 1, tr.t_args("history-page-later", &[("to", n(to))]))),
        }
    }
}

#[derive(Deserialize)]
pub struct AtQuery {
    at: Option<u64>,
    zoom: Option<u32>,
}

/// One step of the history as `seat` (or the public) may see it.
struct Step {
    at: u64,
    board: String,
    notes: Vec<NoteBlock>,
    entries: Vec<EventRow>,
    status: String,
    /// The board's zoom, as on the game page (for a game whose board has one), and what the
    /// step links add to keep it.
    zoom: Option<Zoom>,
    keep: String,
    records: Records,
}

async fn step(
    state: &AppState,
    loaded: &Loaded,
    seat: Option<Seat>,
    q: &AtQuery,
    tr: &Tr,
) -> Result<Step, crate::web::error::PageError> {
    let at = q.at.unwrap_or(loaded.seq);
    let (view, table) = crate::play::view::view_at(&state.log, loaded, seat, at).await?;
    let records = Records::around(at, loaded.seq, tr);
    let shown =
        crate::play::history::history_window(&state.log, loaded, seat, records.from, records.to).await?;
    let entries = event_rows(&shown, tr, at);
    let viewer = loaded.viewer_for(seat);
    // A board with a zoom is zoomed as on the game page, and the step links keep the zoom.
    let words = |m: &feldpost_engine::Msg| tr.msg(m);
    let game = loaded.rules;
    let zoom = game.look().zoom.as_ref().map(|levels| Zoom::new(levels, q.zoom, &format!("at={at}"), &words));
    Ok(Step {
        board: super::board_at(loaded, table.as_ref(), viewer, at, zoom.as_ref(), tr),
        keep: zoom.as_ref().map(Zoom::param).unwrap_or_default(),
        zoom,
        records,
        at,
        notes: note_blocks(loaded, table.as_ref(), viewer, at, tr),
        entries,
        status: status_line(&view, tr),
    })
}

pub async fn seat_history(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
    PageQuery(q): PageQuery<AtQuery>,
) -> PageResult {
    let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
    let tr = tr.with_names(loaded.names()).isolating();
    let s = step(&state, &loaded, Some(seat), &q, &tr).await?;
    let talk = super::chat::at_step(&state, &loaded, Some(seat), s.at, &tr).await?;
    Ok(page(
        StatusCode::OK,
        &HistoryPage {
            base: format!("/play/{token}/history"),
            token,
            title: loaded.game.title.clone(),
            at: s.at,
            last: loaded.seq,
            board: s.board,
            notes: s.notes,
            entries: s.entries,
            status: s.status,
            zoom: s.zoom,
            keep: s.keep,
            records: s.records,
            ruleset: loaded.rules.id(),
            files: GameFiles::of(loaded.rules, Page::History),
            talk,
            tr,
        },
    ))
}

/// The spectators' page: the public view (everything after the end), any step by `?at=N`.
pub async fn watch(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((id, token)): PagePath<(String, String)>,
    PageQuery(q): PageQuery<AtQuery>,
) -> PageResult {
    let loaded = state.log.load_watch(&game_id(&id)?, &token).await?;
    let tr = tr.with_names(loaded.names()).isolating();
    let s = step(&state, &loaded, None, &q, &tr).await?;
    Ok(page(
        StatusCode::OK,
        &WatchPage {
            title: loaded.game.title.clone(),
            base: format!("/watch/{id}/{token}"),
            at: s.at,
            last: loaded.seq,
            board: s.board,
            notes: s.notes,
            entries: s.entries,
            status: s.status,
            zoom: s.zoom,
            keep: s.keep,
            records: s.records,
            ruleset: loaded.rules.id(),
            files: GameFiles::of(loaded.rules, Page::Watch),
            tr,
        },
    ))
}
