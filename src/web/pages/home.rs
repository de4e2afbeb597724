//! The home page (the games on offer), a game's board on its own page (for the games that offer
//! one), and the files games bring: their drawings' unchanging layers, scripts and style sheets.

use super::page;
use crate::games;
use crate::i18n::Tr;
use crate::web::AppState;
use crate::web::error::{Failure, PageError};
use askama::Template;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

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
    /// The games' boards on pages of their own: (path, the link's words).
    boards: Vec<(String, String)>,
    dev_mailbox: bool,
}

/// The dev mailbox is named only to a browser on the server's own machine (the only one it
/// answers).
pub async fn home(
    State(state): State<AppState>,
    tr: Tr,
    local: crate::web::extract::FromThisMachine,
) -> Response {
    let rulesets = games::all()
        .iter()
        .map(|g| RulesetCard {
            id: g.id(),
            name: tr.t(&format!("{}-name", g.id())),
            about: tr.t(&format!("{}-about", g.id())),
        })
        .collect();
    let boards = games::all()
        .iter()
        .filter_map(|g| g.board_page_link().map(|words| (format!("/boards/{}", g.id()), tr.t(words))))
        .collect();
    page(StatusCode::OK, &HomePage { tr, rulesets, boards, dev_mailbox: state.dev_mailbox && local.0 })
}

#[derive(Template)]
#[template(path = "board.html")]
struct BoardPage {
    tr: Tr,
    title: String,
    lead: String,
    note: String,
    /// The board's unchanging layer, the same file the game pages draw their pieces over.
    src: String,
    /// 1: fit the window; 2–4: that many times wider, scrolled (no script needed).
    zoom: u32,
}

#[derive(Deserialize)]
pub struct ZoomQuery {
    zoom: Option<u32>,
}

/// A game's board on its own, with its legend (for the games that offer one).
pub async fn board_page(
    tr: Tr,
    axum::extract::Path(ruleset): axum::extract::Path<String>,
    Query(q): Query<ZoomQuery>,
) -> Result<Response, PageError> {
    let board = games::by_id(&ruleset).and_then(|g| g.board_page(&|m| tr.msg(m))).ok_or_else(not_found)?;
    Ok(page(
        StatusCode::OK,
        &BoardPage {
            title: board.title,
            lead: board.lead,
            note: board.note,
            src: board.src,
            zoom: q.zoom.unwrap_or(1).clamp(1, 4),
            tr,
        },
    ))
}

/// A board's unchanging layer. Its name holds a hash of its content, so it never changes under
/// that name and browsers may keep it for a year.
pub async fn asset(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    use axum::http::header;
    use axum::response::IntoResponse;
    match games::asset(&name) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, "image/svg+xml"),
                (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
            ],
            a.svg.clone(),
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// No such page: the error page, as for any unknown path.
fn not_found() -> PageError {
    PageError(Failure::request(
        StatusCode::NOT_FOUND,
        "not_found",
        feldpost_engine::Msg::new("error-not-found"),
    ))
}
