//! Escape from Colditz on the game page: the board with every man the viewer's view shows.
//!
//! Built from the engine's per-viewer [`View`] only (docs/architecture.md, rule 4). Men are public in this
//! game, so every seat sees the same pieces; what differs per seat (hands, answers) is not drawn
//! on the board at all but listed beside it (see `notes` in `src/games/colditz/mod.rs`), again from the view.

use super::castle::{self, Nation, PieceMark, Side};
use feldpost_engine::Msg;
use feldpost_engine::colditz::View;
use feldpost_engine::colditz::board::BOARD;
use feldpost_engine::colditz::options::{Nation as EngineNation, Role};

/// The renderer's colours for the engine's nations.
pub fn nation(n: EngineNation) -> Nation {
    match n {
        EngineNation::American => Nation::American,
        EngineNation::British => Nation::British,
        EngineNation::Dutch => Nation::Dutch,
        EngineNation::French => Nation::French,
        EngineNation::Polish => Nation::Polish,
    }
}

/// Every man of the view as a piece: guards grey, PoWs in their nation's colour, each labelled
/// with his man id (the number the move form asks for).
pub fn pieces(view: &View, tr: &dyn Fn(&Msg) -> String) -> Vec<PieceMark> {
    view.men
        .iter()
        .map(|m| {
            let role = view.seats.get(usize::from(m.seat)).map(|s| s.role).unwrap_or(Role::German);
            let (side, key) = match role {
                Role::German => (Side::Guard, "colditz-page-piece-guard".to_string()),
                Role::Escape(n) => (Side::Pow(nation(n)), format!("colditz-page-piece-{}", n.key())),
            };
            let msg = Msg::new(key).num("man", m.id).seat("player", m.seat).text("circle", m.at.to_string());
            let mut title = tr(&super::places::readable(None, msg));
            if m.immune {
                title.push_str(" · ");
                title.push_str(&tr(&Msg::new("colditz-page-piece-immune")));
            }
            PieceMark { circle: m.at, side, label: m.id.to_string(), title }
        })
        .collect()
}

/// The board as `view`'s viewer sees it: the pieces over the board's unchanging layer, which
/// the page loads as a cached file of its own (`/assets/…`).
pub fn board_svg(view: &View, tr: &dyn Fn(&Msg) -> String) -> String {
    let href = format!("{}{}", castle::ASSET_PATH, castle::asset(&BOARD, tr).name);
    castle::overlay_svg(&BOARD, &href, &pieces(view, tr), &[], &tr(&Msg::new("colditz-board-title")))
}
