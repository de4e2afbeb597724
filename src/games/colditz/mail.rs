//! Escape from Colditz in a mail's words, from the seat's view: where its own men (or the
//! German's guards) stand, the cards in its hand and the escape equipment on the table. The
//! mail's picture shows only the part of the castle where the last step happened; a player who
//! plays from his mail needs the rest in words.

use super::places;
use feldpost_engine::colditz::View;
use feldpost_engine::colditz::view::CardView;
use feldpost_engine::{Msg, Viewer};

/// One line a man of the reader's (a guard, for the German) still on the board, by number,
/// and for a prisoner one a guard; then one a card in the reader's hand (none said when it is empty); then one a piece of
/// escape equipment a team holds (public).
pub fn places(view: &View) -> Vec<Msg> {
    let Viewer::Seat(me) = view.viewer else { return Vec::new() };
    // The reader's own men first (the German's are his guards), then the guards for a
    // prisoner: where they stand is public, and it is what an escape is planned around.
    let on_board = |seat| view.men.iter().filter(move |m| m.seat == seat && m.gone.is_none());
    let line = |m: &feldpost_engine::colditz::view::ManView| {
        Msg::new(if m.seat == view.german { "colditz-mail-guard" } else { "colditz-mail-man" })
            .num("man", i64::from(m.id))
            .key("area", places::area_key(m.at))
            .text("ref", places::grid_ref(m.at))
            .text("tunnel", if m.tunnel { "yes" } else { "no" })
    };
    let mut lines: Vec<Msg> = on_board(me).map(line).collect();
    if me != view.german {
        lines.extend(on_board(view.german).map(line));
    }
    if let Some(hand) = view.seats.get(usize::from(me)).and_then(|s| s.hand.as_ref()) {
        if hand.is_empty() {
            lines.push(Msg::new("colditz-mail-hand-empty"));
        }
        lines.extend(hand.iter().map(|c| card("colditz-mail-card", c)));
    }
    for s in &view.seats {
        lines.extend(s.equipment.iter().map(|c| card("colditz-mail-equipment", c).seat("player", s.seat)));
    }
    lines
}

fn card(key: &str, card: &CardView) -> Msg {
    Msg::new(key)
        .key("card", format!("colditz-card-{}", card.key))
        .key("text", format!("colditz-card-{}-text", card.key))
}
