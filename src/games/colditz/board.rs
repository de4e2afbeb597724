//! Escape from Colditz on the game page: the board with every man the viewer's view shows.
//!
//! Built from the engine's per-viewer [`View`] only (docs/architecture.md, rule 4). Men are public in this
//! game, so every seat sees the same pieces; what differs per seat (hands, answers) is not drawn
//! on the board at all but listed beside it (see `notes` in `src/games/colditz/mod.rs`), again from the view.

use super::castle::{self, Nation, PieceMark, Side, StepMark};
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

/// The last step's lines, as the view tells them to its viewer: each man moved or arrested, from
/// where to where, then each card shown (`notes` lists them beside the board).
pub fn last_step_lines(view: &View) -> Vec<Msg> {
    let step = &view.last_step;
    let guard = |man: u8| view.men.iter().any(|m| m.id == man && m.seat == view.german);
    let moves = step.moves.iter().filter_map(|m| {
        let to = m.path.last()?;
        let key = if guard(m.man) { "colditz-page-last-guard" } else { "colditz-page-last-moved" };
        Some(Msg::new(key).num("man", m.man).text("from", m.from.to_string()).text("to", to.to_string()))
    });
    let arrests = step.arrests.iter().map(|&(man, from, cell)| {
        Msg::new("colditz-page-last-arrested")
            .num("man", man)
            .text("from", from.to_string())
            .text("to", cell.to_string())
    });
    let cards = step.cards.iter().map(|(seat, card)| {
        Msg::new("colditz-page-last-card")
            .seat("player", *seat)
            .key("card", format!("colditz-card-{}", card.key))
    });
    moves.chain(arrests).chain(cards).map(|m| super::places::readable(None, m)).collect()
}

/// The last step's marks on the board, from the view (docs/architecture.md, rule 4).
fn step_marks(view: &View, tr: &dyn Fn(&Msg) -> String) -> Vec<StepMark> {
    let lines = last_step_lines(view);
    let step = &view.last_step;
    let moves = step
        .moves
        .iter()
        .map(|m| (m.man, std::iter::once(m.from).chain(m.path.iter().copied()).collect(), false));
    let arrests = step.arrests.iter().map(|&(man, from, cell)| (man, vec![from, cell], true));
    moves
        .chain(arrests)
        .zip(lines)
        .map(|((man, way, arrest), line)| StepMark { man: man.to_string(), way, arrest, title: tr(&line) })
        .collect()
}

/// The board as `view`'s viewer sees it: the pieces over the board's unchanging layer, which
/// the page loads as a cached file of its own (`/assets/…`), and the last step's marks.
pub fn board_svg(view: &View, tr: &dyn Fn(&Msg) -> String) -> String {
    let href = format!("{}{}", castle::ASSET_PATH, castle::asset(&BOARD, tr).name);
    castle::overlay_svg(
        &BOARD,
        &href,
        &pieces(view, tr),
        &[],
        &step_marks(view, tr),
        &tr(&Msg::new("colditz-board-title")),
    )
}

/// The rules of the page's style sheet that draw what lies over the castle (the pieces, their
/// numbers, the rings), read from that sheet, for a picture with no page around it: the rules
/// `.board svg.castle .…` apply to the drawing's own root (`svg.castle .…`).
fn overlay_style() -> String {
    include_str!("static/colditz.css")
        .lines()
        .filter_map(|line| line.strip_prefix(".board svg.castle ."))
        // A selector with a pseudo-class (a hover) means nothing in a picture.
        .filter(|rule| !rule.split('{').next().unwrap_or("").contains(':'))
        .map(|rule| format!("svg.castle .{rule}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Pixels a unit of the castle is drawn at in a mail's picture: 720 px across the crop.
const PICTURE_SCALE: f32 = 4.0;

/// The board for a mail: the page's drawing ([`board_svg`]) cut to where the last step
/// happened and the reader's men (see [`castle::crop_around`]), with the page's rules for the
/// pieces put in.
pub fn picture_svg(view: &View, tr: &dyn Fn(&Msg) -> String) -> (String, f32) {
    let step = &view.last_step;
    let first: Vec<_> = step
        .moves
        .iter()
        .flat_map(|m| std::iter::once(m.from).chain(m.path.iter().copied()))
        .chain(step.arrests.iter().flat_map(|&(_, from, cell)| [from, cell]))
        .collect();
    let own: Vec<_> = match view.viewer {
        feldpost_engine::Viewer::Seat(seat) => {
            view.men.iter().filter(|m| m.seat == seat && m.gone.is_none()).map(|m| m.at).collect()
        }
        _ => Vec::new(),
    };
    let crop = castle::crop_around(&BOARD, &first, &own);
    let svg = crate::games::picture::cropped(&board_svg(view, tr), crop);
    (crate::games::picture::with_style(&svg, &overlay_style()), PICTURE_SCALE)
}
