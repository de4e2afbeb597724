//! The home page (the games on offer) and the Escape from Colditz board on its own.

use super::page;
use crate::games;
use crate::i18n::Tr;
use crate::web::AppState;
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
    page(StatusCode::OK, &HomePage { tr, rulesets, dev_mailbox: state.dev_mailbox && local.0 })
}

#[derive(Template)]
#[template(path = "board.html")]
struct BoardPage {
    tr: Tr,
    title: String,
    /// The board's unchanging layer, the same file the game pages draw their pieces over.
    src: String,
    /// 1: fit the window; 2–4: that many times wider, scrolled (no script needed).
    zoom: u32,
}

#[derive(Deserialize)]
pub struct ZoomQuery {
    zoom: Option<u32>,
}

/// The Escape from Colditz board on its own, with its legend.
pub async fn colditz_board(tr: Tr, Query(q): Query<ZoomQuery>) -> Response {
    use games::colditz::castle;
    let asset = castle::asset(&feldpost_engine::colditz::board::BOARD, &|m| tr.msg(m));
    page(
        StatusCode::OK,
        &BoardPage {
            title: tr.t("board-colditz-title"),
            src: format!("{}{}", castle::ASSET_PATH, asset.name),
            zoom: q.zoom.unwrap_or(1).clamp(1, 4),
            tr,
        },
    )
}

/// The Colditz board's unchanging layer in every language, by file name (built once).
static ASSETS: std::sync::LazyLock<Vec<games::colditz::castle::Asset>> = std::sync::LazyLock::new(|| {
    crate::i18n::Lang::ALL
        .iter()
        .map(|lang| {
            let tr = Tr::new(*lang);
            games::colditz::castle::asset(&feldpost_engine::colditz::board::BOARD, &|m| tr.msg(m))
        })
        .collect()
});

/// A board's unchanging layer. Its name holds a hash of its content, so it never changes under
/// that name and browsers may keep it for a year.
pub async fn asset(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    use axum::http::header;
    use axum::response::IntoResponse;
    match ASSETS.iter().find(|a| a.name == name) {
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
