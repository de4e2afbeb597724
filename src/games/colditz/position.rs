//! A position from a real table (docs/positions.md, rule C26): the host's form (every man's
//! and guard's circle typed as the board's edges name it, the men escaped or dead, each team's
//! equipment and displayed Kit, the tunnels in use, the round and whose turn it is) and a
//! seat's private form for its hand. The host's form is drawn from the public view, the hand's
//! from the seat's own; both are read back into the engine's `Position` and `HandEntry`. Plain
//! HTML: no script needed (a select of several hundred circles per man would make the page
//! heavy, so a place is typed, as a path is).

use super::places;
use feldpost_engine::colditz::board::CircleId;
use feldpost_engine::colditz::cards::{self, CardKind, Equipment, Pack};
use feldpost_engine::colditz::events::TunnelHeld;
use feldpost_engine::colditz::options::Role;
use feldpost_engine::colditz::view::{LastStepView, View};
use feldpost_engine::colditz::{HandEntry, Position, TeamPosition};
use feldpost_engine::{Msg, Seat};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write;

/// The tunnels a Tunnel card names, as the form offers them.
const TUNNELS: [&str; 3] = ["chapel", "canteen", "theatre"];
/// More men than any team or the German ever has: how far the reader looks for fields.
const MOST_MEN: usize = 32;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn place_words(circle: CircleId, tr: &dyn Fn(&Msg) -> String) -> String {
    tr(&places::place(circle))
}

fn places_words(circles: &[CircleId], tr: &dyn Fn(&Msg) -> String) -> String {
    circles.iter().map(|&c| place_words(c, tr)).collect::<Vec<_>>().join(", ")
}

fn team_seats(view: &View) -> Vec<Seat> {
    view.seats.iter().filter(|s| s.role != Role::German).map(|s| s.seat).collect()
}

fn men_count(view: &View, seat: Seat) -> usize {
    view.men.iter().filter(|m| m.seat == seat).count()
}

fn text_input(name: &str, label: &str, value: &str) -> String {
    format!(
        "<label>{} <input type=\"text\" name=\"{name}\" value=\"{}\" size=\"7\" autocomplete=\"off\"></label>",
        escape(label),
        escape(value)
    )
}

fn number_input(name: &str, label: &str, value: u32, min: u32) -> String {
    format!(
        "<label>{} <input type=\"number\" name=\"{name}\" value=\"{value}\" min=\"{min}\"></label>",
        escape(label)
    )
}

/// The host's fields, from the public `view` (who plays which side, how many men each has) and
/// the position entered last (`current`). Before any entry every place is empty: nothing
/// pretends the usual start.
pub fn host_fields(view: &View, current: Option<&Value>, tr: &dyn Fn(&Msg) -> String) -> String {
    let current = current.and_then(|v| serde_json::from_value::<Position>(v.clone()).ok());
    let mut html = String::new();
    let _ = write!(html, "<p class=\"note\">{}</p>", escape(&tr(&Msg::new("colditz-position-places-help"))));
    for seat in team_seats(view) {
        let team = current.as_ref().and_then(|p| p.teams.iter().find(|t| t.seat == seat));
        let _ = write!(
            html,
            "<fieldset><legend>{}</legend>",
            escape(&tr(&Msg::new("colditz-position-team").seat("player", seat)))
        );
        html.push_str("<div class=\"colditz-places\">");
        for k in 0..men_count(view, seat) {
            let at = team.and_then(|t| t.men.get(k)).map(|&c| places::grid_ref(c)).unwrap_or_default();
            let label = tr(&Msg::new("colditz-position-man").num("number", k as i64 + 1));
            html.push_str(&text_input(&format!("man_{seat}_{k}"), &label, &at));
        }
        html.push_str("</div><div class=\"colditz-places\">");
        let escaped = team.map_or(0, |t| u32::from(t.escaped));
        let dead = team.map_or(0, |t| u32::from(t.dead));
        html.push_str(&number_input(
            &format!("escaped_{seat}"),
            &tr(&Msg::new("colditz-position-escaped")),
            escaped,
            0,
        ));
        html.push_str(&number_input(
            &format!("dead_{seat}"),
            &tr(&Msg::new("colditz-position-dead")),
            dead,
            0,
        ));
        for equipment in Equipment::ALL {
            let n = team.map_or(0, |t| t.equipment.iter().filter(|&&e| e == equipment).count() as u32);
            html.push_str(&number_input(
                &format!("equipment_{seat}_{}", equipment.key()),
                &tr(&Msg::new(CardKind::Equipment(equipment).name())),
                n,
                0,
            ));
        }
        html.push_str("</div>");
        let checked = if team.is_some_and(|t| t.kit_shown) { " checked" } else { "" };
        let _ = write!(
            html,
            "<label class=\"check\"><input type=\"checkbox\" name=\"kit_{seat}\" value=\"yes\"{checked}> {}</label></fieldset>",
            escape(&tr(&Msg::new("colditz-position-kit-shown")))
        );
    }
    let german = view.german;
    let _ = write!(
        html,
        "<fieldset><legend>{}</legend><div class=\"colditz-places\">",
        escape(&tr(&Msg::new("colditz-position-guards")))
    );
    for k in 0..men_count(view, german) {
        let at =
            current.as_ref().and_then(|p| p.guards.get(k)).map(|&c| places::grid_ref(c)).unwrap_or_default();
        let label = tr(&Msg::new("colditz-position-guard").num("number", k as i64 + 1));
        html.push_str(&text_input(&format!("guard_{k}"), &label, &at));
    }
    html.push_str("</div></fieldset>");
    let _ = write!(html, "<fieldset><legend>{}</legend>", escape(&tr(&Msg::new("colditz-position-tunnels"))));
    for tunnel in TUNNELS {
        let held =
            current.as_ref().and_then(|p| p.tunnels.iter().find(|t| t.tunnel == tunnel)).map(|t| t.seat);
        let _ = write!(
            html,
            "<label>{} <select name=\"tunnel_{tunnel}\"><option value=\"\">{}</option>",
            escape(&tr(&Msg::new(format!("colditz-tunnel-{tunnel}")))),
            escape(&tr(&Msg::new("colditz-position-tunnel-unused"))),
        );
        for seat in team_seats(view) {
            let selected = if held == Some(seat) { " selected" } else { "" };
            let _ = write!(
                html,
                "<option value=\"{seat}\"{selected}>{}</option>",
                escape(&tr(&Msg::new("colditz-position-tunnel-held").seat("player", seat)))
            );
        }
        html.push_str("</select></label>");
    }
    html.push_str("</fieldset>");
    html.push_str(&number_input(
        "round",
        &tr(&Msg::new("colditz-position-round-field")),
        current.as_ref().map_or(1, |p| p.round),
        1,
    ));
    let to_move = current.as_ref().map(|p| p.to_move);
    let _ = write!(
        html,
        "<label>{} <select name=\"to_move\">",
        escape(&tr(&Msg::new("colditz-position-to-move-field")))
    );
    for &seat in &view.order {
        let selected = if to_move == Some(seat) { " selected" } else { "" };
        let _ = write!(
            html,
            "<option value=\"{seat}\"{selected}>{}</option>",
            escape(&tr(&Msg::new("colditz-position-turn-of").seat("player", seat)))
        );
    }
    html.push_str("</select></label>");
    html
}

fn number_of(fields: &HashMap<String, String>, name: &str) -> Result<u32, &'static str> {
    match fields.get(name).map(|v| v.trim()) {
        None | Some("") => Ok(0),
        Some(v) => v.parse().map_err(|_| "colditz-position-form-number"),
    }
}

fn circle_of(fields: &HashMap<String, String>, name: &str) -> Result<Option<CircleId>, &'static str> {
    match fields.get(name).map(|v| v.trim()) {
        None | Some("") => Ok(None),
        Some(v) => places::circle_typed(v).map(Some).ok_or("colditz-position-form-place"),
    }
}

/// The host's form read back into the engine's position (the engine checks it). An empty place
/// leaves that man out (the engine counts the men against the setup's).
pub fn read_host(fields: &HashMap<String, String>, seats: usize) -> Result<Value, &'static str> {
    let mut teams = Vec::new();
    for seat in 0..seats.min(usize::from(u8::MAX)) as Seat {
        if !fields.contains_key(&format!("escaped_{seat}")) {
            continue;
        }
        let mut men = Vec::new();
        for k in 0..MOST_MEN {
            men.extend(circle_of(fields, &format!("man_{seat}_{k}"))?);
        }
        let count = |name: &str| -> Result<u8, &'static str> {
            u8::try_from(number_of(fields, name)?).map_err(|_| "colditz-position-form-number")
        };
        let mut equipment = Vec::new();
        for kind in Equipment::ALL {
            let n = count(&format!("equipment_{seat}_{}", kind.key()))?;
            equipment.extend(std::iter::repeat_n(kind, usize::from(n)));
        }
        teams.push(TeamPosition {
            seat,
            men,
            escaped: count(&format!("escaped_{seat}"))?,
            dead: count(&format!("dead_{seat}"))?,
            equipment,
            kit_shown: fields.get(&format!("kit_{seat}")).is_some_and(|v| v == "yes"),
        });
    }
    let mut guards = Vec::new();
    for k in 0..MOST_MEN {
        guards.extend(circle_of(fields, &format!("guard_{k}"))?);
    }
    let mut tunnels = Vec::new();
    for tunnel in TUNNELS {
        match fields.get(&format!("tunnel_{tunnel}")).map(|v| v.trim()) {
            None | Some("") => {}
            Some(v) => {
                let seat = v.parse().map_err(|_| "colditz-position-form-incomplete")?;
                tunnels.push(TunnelHeld { tunnel: tunnel.to_owned(), seat });
            }
        }
    }
    let to_move = fields
        .get("to_move")
        .and_then(|v| v.trim().parse().ok())
        .ok_or("colditz-position-form-incomplete")?;
    let position = Position { teams, guards, tunnels, round: number_of(fields, "round")?, to_move };
    serde_json::to_value(position).map_err(|_| "colditz-position-form-incomplete")
}

/// The kinds of card a seat's hand holds (Security for the German, Opportunity for the rest),
/// each once, in the order of the catalogue.
fn kinds_of(pack: Pack) -> Vec<CardKind> {
    let mut kinds: Vec<CardKind> = Vec::new();
    for card in cards::pack_cards(pack) {
        if !kinds.contains(&card.kind()) {
            kinds.push(card.kind());
        }
    }
    kinds
}

/// A seat's hand fields, from its own `view`: offered while its hand is still to be entered
/// (C18: three choices), with the Kit for an Escape Officer whose Kit is not on the table.
pub fn hand_fields(view: &View, seat: Seat, tr: &dyn Fn(&Msg) -> String) -> String {
    if !view.hands_awaited.contains(&seat) {
        return String::new();
    }
    let Some(me) = view.seats.iter().find(|s| s.seat == seat) else { return String::new() };
    let german = me.role == Role::German;
    let pack = if german { Pack::Security } else { Pack::Opportunity };
    let mut html = String::new();
    let _ = write!(
        html,
        "<fieldset><legend>{}</legend><p class=\"note\">{}</p>",
        escape(&tr(&Msg::new("colditz-position-hand-legend"))),
        escape(&tr(&Msg::new("colditz-position-hand-help"))),
    );
    let kinds = kinds_of(pack);
    for slot in 0..feldpost_engine::colditz::position::MOST_IN_HAND {
        let _ = write!(
            html,
            "<label>{} <select name=\"hand_{slot}\"><option value=\"\">{}</option>",
            escape(&tr(&Msg::new("colditz-position-hand-card").num("number", slot as i64 + 1))),
            escape(&tr(&Msg::new("colditz-position-hand-none"))),
        );
        for kind in &kinds {
            let _ = write!(
                html,
                "<option value=\"{}\">{}</option>",
                escape(&kind.key()),
                escape(&tr(&Msg::new(kind.name())))
            );
        }
        html.push_str("</select></label>");
    }
    let kit_shown = me.equipment.iter().any(|c| c.key == "kit");
    if !german && !kit_shown {
        let _ = write!(
            html,
            "<label class=\"check\"><input type=\"checkbox\" name=\"kit\" value=\"yes\"> {}</label>",
            escape(&tr(&Msg::new("colditz-position-hand-kit")))
        );
    }
    html.push_str("</fieldset>");
    html
}

/// The hand form read back into the engine's hand entry (the engine checks it).
pub fn read_hand(fields: &HashMap<String, String>) -> Result<Value, &'static str> {
    let cards: Vec<String> = (0..feldpost_engine::colditz::position::MOST_IN_HAND)
        .filter_map(|slot| fields.get(&format!("hand_{slot}")))
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .collect();
    let entry = HandEntry { cards, kit: fields.get("kit").is_some_and(|v| v == "yes") };
    serde_json::to_value(entry).map_err(|_| "colditz-position-form-incomplete")
}

/// The position as `view` shows it, in lines (the mail that asks a seat to check it): each
/// team's men, escapes, deaths and equipment, the guards, the tunnels in use, the round and
/// whose turn it is, and the viewer's own hand.
pub fn words(view: &View, tr: &dyn Fn(&Msg) -> String) -> Vec<String> {
    let mut lines = Vec::new();
    let on_board = |seat: Seat| -> Vec<CircleId> {
        view.men.iter().filter(|m| m.seat == seat && m.gone.is_none()).map(|m| m.at).collect()
    };
    for seat in team_seats(view) {
        let gone = |escaped: bool| {
            view.gone.iter().filter(|g| g.seat == seat && (g.fate.key() == "escaped") == escaped).count()
                as i64
        };
        let equipment: Vec<String> = view
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.equipment.iter().map(|c| tr(&Msg::new(format!("colditz-card-{}", c.key)))).collect())
            .unwrap_or_default();
        lines.push(tr(&Msg::new("colditz-position-line-team")
            .seat("player", seat)
            .text("places", places_words(&on_board(seat), tr))
            .num("escaped", gone(true))
            .num("dead", gone(false))
            .text("equipment", if equipment.is_empty() { "—".to_owned() } else { equipment.join(", ") })));
    }
    lines
        .push(tr(&Msg::new("colditz-position-line-guards")
            .text("places", places_words(&on_board(view.german), tr))));
    for t in &view.tunnels {
        lines.push(tr(&Msg::new("colditz-position-line-tunnel")
            .key("tunnel", format!("colditz-tunnel-{}", t.tunnel))
            .seat("player", t.seat)));
    }
    if let Some(turn) = &view.turn {
        lines.push(tr(&Msg::new("colditz-position-line-turn")
            .num("round", i64::from(view.round))
            .seat("player", turn.seat)));
    }
    if let feldpost_engine::Viewer::Seat(me) = view.viewer
        && let Some(hand) = view.seats.iter().find(|s| s.seat == me).and_then(|s| s.hand.as_ref())
    {
        let cards: Vec<String> =
            hand.iter().map(|c| tr(&Msg::new(format!("colditz-card-{}", c.key)))).collect();
        lines.push(tr(&Msg::new("colditz-position-line-hand")
            .text("cards", if cards.is_empty() { "—".to_owned() } else { cards.join(", ") })));
    }
    lines
}

/// The board before the host has entered the position: no man on it, nobody's turn, nothing
/// marked (the usual start is not where the table's pieces stand).
pub fn before(mut view: View) -> View {
    // Not "the German places the guards": the table will say where they stand.
    view.phase = feldpost_engine::colditz::state::Phase::Starting;
    view.men.clear();
    view.turn = None;
    view.window = None;
    view.round = 0;
    view.gone.clear();
    view.tunnels.clear();
    view.roads.clear();
    view.opened.clear();
    view.last_step = LastStepView::default();
    view
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_form_reads_back_what_it_shows() {
        let mut fields: HashMap<String, String> = HashMap::new();
        fields.insert("escaped_1".into(), "1".into());
        fields.insert("dead_1".into(), "".into());
        fields.insert("man_1_0".into(), "r17c28".into());
        fields.insert("man_1_3".into(), "".into());
        fields.insert("equipment_1_rope".into(), "2".into());
        fields.insert("kit_1".into(), "yes".into());
        fields.insert("tunnel_chapel".into(), "1".into());
        fields.insert("round".into(), "4".into());
        fields.insert("to_move".into(), "1".into());
        let position: Position = serde_json::from_value(read_host(&fields, 2).unwrap()).unwrap();
        assert_eq!(position.teams.len(), 1);
        let team = &position.teams[0];
        assert_eq!((team.seat, team.men.len(), team.escaped, team.dead), (1, 1, 1, 0));
        assert_eq!(team.equipment, vec![Equipment::Rope, Equipment::Rope]);
        assert!(team.kit_shown);
        assert_eq!(position.tunnels, vec![TunnelHeld { tunnel: "chapel".into(), seat: 1 }]);
        assert_eq!((position.round, position.to_move), (4, 1));
        fields.insert("guard_0".into(), "99·99".into());
        assert_eq!(read_host(&fields, 2), Err("colditz-position-form-place"));
        fields.remove("guard_0");
        fields.insert("round".into(), "soon".into());
        assert_eq!(read_host(&fields, 2), Err("colditz-position-form-number"));
    }

    #[test]
    fn the_hand_form_reads_the_chosen_cards_and_the_kit() {
        let mut fields: HashMap<String, String> = HashMap::new();
        fields.insert("hand_0".into(), "diversion".into());
        fields.insert("hand_1".into(), "".into());
        fields.insert("hand_2".into(), "tunnel-chapel".into());
        fields.insert("kit".into(), "yes".into());
        let entry: HandEntry = serde_json::from_value(read_hand(&fields).unwrap()).unwrap();
        assert_eq!(entry, HandEntry { cards: vec!["diversion".into(), "tunnel-chapel".into()], kit: true });
    }
}
