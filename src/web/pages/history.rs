//! The history, step by step: a seat's (what that seat may see at each step) and the
//! spectators' (the public view; everything after the end). Any step by `?at=N`.

use super::seat::Zoom;
use super::{EventRow, NoteBlock, PageResult, event_rows, note_blocks, page, status_line};
use crate::i18n::Tr;
use crate::play::Loaded;
use crate::web::AppState;
use crate::web::extract::{PagePath, PageQuery};
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
    /// The Colditz board's zoom, as on the game page (None for the other games), and what the
    /// step links add to keep it.
    zoom: Option<Zoom>,
    keep: String,
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
    /// The Colditz board's zoom, as on the game page (None for the other games), and what the
    /// step links add to keep it.
    zoom: Option<Zoom>,
    keep: String,
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
    /// The Colditz board's zoom, as on the game page (None for the other games), and what the
    /// step links add to keep it.
    zoom: Option<Zoom>,
    keep: String,
}

async fn step(
    state: &AppState,
    loaded: &Loaded,
    seat: Option<Seat>,
    q: &AtQuery,
    tr: &Tr,
) -> Result<Step, crate::web::error::PageError> {
    let at = q.at.unwrap_or(loaded.seq);
    let (view, table) = state.play.view_at(loaded, seat, at).await?;
    let entries = event_rows(&state.play.history(loaded, seat).await?, tr, at);
    let viewer = loaded.viewer_for(seat);
    // The Colditz board is big: zoomed in its scrolled region as on the game page.
    let zoom = (loaded.game.ruleset == "colditz").then(|| Zoom::new(q.zoom, &format!("at={at}"), tr));
    Ok(Step {
        keep: zoom.as_ref().map(Zoom::param).unwrap_or_default(),
        zoom,
        at,
        board: table.board_svg(viewer, &loaded.names(), &|m| tr.msg(m)),
        notes: note_blocks(table.as_ref(), viewer, tr),
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
    let (loaded, seat) = state.play.load_seat(&token).await?;
    let tr = tr.with_names(loaded.names());
    let s = step(&state, &loaded, Some(seat), &q, &tr).await?;
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
    let loaded = state.play.watch(&id, &token).await?;
    let tr = tr.with_names(loaded.names());
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
            tr,
        },
    ))
}
