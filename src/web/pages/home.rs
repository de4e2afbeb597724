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

/// A game's own script or style sheet (its files are in the binary, beside its code), with a
/// tag of its content: a browser that has it asks again only whether it changed (304).
pub async fn game_file(
    axum::extract::Path((ruleset, file)): axum::extract::Path<(String, String)>,
    headers: axum::http::HeaderMap,
) -> Result<Response, PageError> {
    use axum::http::header;
    use axum::response::IntoResponse;
    use sha2::{Digest, Sha256};
    let Some(f) = games::by_id(&ruleset).and_then(|g| g.look().file(&file)) else {
        return Err(not_found());
    };
    let tag = format!("\"{}\"", hex::encode(&Sha256::digest(f.body.as_bytes())[..8]));
    let known = headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok());
    if known.is_some_and(|k| k.split(',').any(|t| t.trim() == tag)) {
        return Ok((StatusCode::NOT_MODIFIED, [(header::ETAG, tag)]).into_response());
    }
    Ok(([(header::CONTENT_TYPE, f.content_type().to_owned()), (header::ETAG, tag)], f.body).into_response())
}

/// No such page: the error page, as for any unknown path.
fn not_found() -> PageError {
    PageError(Failure::request(
        StatusCode::NOT_FOUND,
        "not_found",
        feldpost_engine::Msg::new("error-not-found"),
    ))
}
