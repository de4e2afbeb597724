//! The host's form for a position from a real table (docs/positions.md): one choice per stone
//! (its reserve, a field, another stone's group, a camp), the player to throw next and the
//! backward phase; read back into the engine's `Position`. Plain HTML: no script needed.

use feldpost_engine::Msg;
use feldpost_engine::zajatce::{At, Placed, Position, STONES_PER_PLAYER, StoneId, TRACK_FIELDS};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn stone_name(stone: StoneId, tr: &dyn Fn(&Msg) -> String) -> String {
    tr(&Msg::new("zajatce-position-stone").seat("player", stone.seat).num("number", stone.number))
}

/// ` selected` where `value` is the choice `current` made for that field.
fn selected(current: &HashMap<String, String>, field: &str, value: &str) -> &'static str {
    if current.get(field).is_some_and(|v| v == value) { " selected" } else { "" }
}

/// The form's fields for `seats` players (`tr` knows their names), chosen as in `current`
/// (the position entered last), if any.
pub fn fields(seats: usize, current: Option<&Value>, tr: &dyn Fn(&Msg) -> String) -> String {
    let current = current.and_then(|v| serde_json::from_value::<Position>(v.clone()).ok());
    let mut chosen: HashMap<String, String> = HashMap::new();
    if let Some(p) = &current {
        for placed in &p.stones {
            let value = match placed.at {
                At::Reserve => "reserve".to_owned(),
                At::Field { field } => format!("field:{field}"),
                At::With { leader } => format!("with:{}:{}", leader.seat, leader.number),
                At::Camp { seat } => format!("camp:{seat}"),
            };
            chosen.insert(format!("stone_{}_{}", placed.stone.seat, placed.stone.number), value);
        }
        chosen.insert("to_move".into(), p.to_move.to_string());
    }
    let stones: Vec<StoneId> =
        (0..seats as u8).flat_map(|s| (1..=STONES_PER_PLAYER).map(move |n| StoneId::new(s, n))).collect();
    let mut html = String::new();
    for seat in 0..seats as u8 {
        let player = escape(&tr(&Msg::new("zajatce-position-stones-of").seat("player", seat)));
        let _ = write!(html, "<fieldset><legend>{player}</legend>");
        for number in 1..=STONES_PER_PLAYER {
            let stone = StoneId::new(seat, number);
            let name = format!("stone_{seat}_{number}");
            let _ = write!(
                html,
                "<label>{} <select name=\"{name}\"><option value=\"reserve\"{}>{}</option><optgroup label=\"{}\">",
                escape(&stone_name(stone, tr)),
                // Where the position entered last has it, else in its reserve, as the board
                // shows it before any position is entered.
                if chosen.get(&name).is_none_or(|v| v == "reserve") { " selected" } else { "" },
                escape(&tr(&Msg::new("zajatce-position-in-reserve"))),
                escape(&tr(&Msg::new("zajatce-position-on-field-group"))),
            );
            for field in 0..TRACK_FIELDS {
                let _ = write!(
                    html,
                    "<option value=\"field:{field}\"{}>{}</option>",
                    selected(&chosen, &name, &format!("field:{field}")),
                    escape(&tr(&Msg::new("zajatce-position-on-field").num("field", i64::from(field) + 1)))
                );
            }
            let _ = write!(
                html,
                "</optgroup><optgroup label=\"{}\">",
                escape(&tr(&Msg::new("zajatce-position-with-group")))
            );
            for leader in stones.iter().filter(|l| **l != stone) {
                let _ = write!(
                    html,
                    "<option value=\"with:{}:{}\"{}>{}</option>",
                    leader.seat,
                    leader.number,
                    selected(&chosen, &name, &format!("with:{}:{}", leader.seat, leader.number)),
                    escape(&tr(&Msg::new("zajatce-position-with").text("stone", stone_name(*leader, tr))))
                );
            }
            let _ = write!(
                html,
                "</optgroup><optgroup label=\"{}\">",
                escape(&tr(&Msg::new("zajatce-position-camp-group")))
            );
            for camp in (0..seats as u8).filter(|c| *c != seat) {
                let _ = write!(
                    html,
                    "<option value=\"camp:{camp}\"{}>{}</option>",
                    selected(&chosen, &name, &format!("camp:{camp}")),
                    escape(&tr(&Msg::new("zajatce-position-in-camp").seat("player", camp)))
                );
            }
            html.push_str("</optgroup></select></label>");
        }
        html.push_str("</fieldset>");
    }
    let _ = write!(
        html,
        "<label>{} <select name=\"to_move\">",
        escape(&tr(&Msg::new("zajatce-position-to-move-label")))
    );
    for seat in 0..seats as u8 {
        let _ = write!(
            html,
            "<option value=\"{seat}\"{}>{}</option>",
            selected(&chosen, "to_move", &seat.to_string()),
            escape(&tr(&Msg::new("zajatce-position-throws").seat("player", seat)))
        );
    }
    let _ = write!(
        html,
        "</select></label><label class=\"check\"><input type=\"checkbox\" name=\"backward_phase\"{}> {}</label>",
        if current.as_ref().is_some_and(|p| p.backward_phase) { " checked" } else { "" },
        escape(&tr(&Msg::new("zajatce-position-backward-label")))
    );
    html
}

/// The position the form sent; `Err`: a message id for a choice the form never offers.
pub fn read(fields: &HashMap<String, String>, seats: usize) -> Result<Value, &'static str> {
    let bad = "zajatce-position-form-unreadable";
    let mut stones = Vec::new();
    for seat in 0..seats as u8 {
        for number in 1..=STONES_PER_PLAYER {
            let stone = StoneId::new(seat, number);
            let chosen =
                fields.get(&format!("stone_{seat}_{number}")).map(String::as_str).unwrap_or("reserve");
            let parts: Vec<&str> = chosen.split(':').collect();
            let number_at = |i: usize| parts.get(i).and_then(|p| p.parse::<u8>().ok()).ok_or(bad);
            let at = match parts[0] {
                "reserve" => continue,
                "field" => At::Field { field: number_at(1)? },
                "with" => At::With { leader: StoneId::new(number_at(1)?, number_at(2)?) },
                "camp" => At::Camp { seat: number_at(1)? },
                _ => return Err(bad),
            };
            stones.push(Placed { stone, at });
        }
    }
    let to_move = fields.get("to_move").and_then(|s| s.parse().ok()).ok_or(bad)?;
    let position = Position { stones, to_move, backward_phase: fields.contains_key("backward_phase") };
    serde_json::to_value(position).map_err(|_| bad)
}

/// Where every stone stands as `view` shows it, one line a stone in seat and number order,
/// then who throws next and whether stones already move backwards: the position in words, as
/// the mail that asks a seat to check it lists it.
pub fn words(view: &feldpost_engine::zajatce::View, tr: &dyn Fn(&Msg) -> String) -> Vec<String> {
    use feldpost_engine::zajatce::Turn;
    let mut at: HashMap<StoneId, String> = HashMap::new();
    for s in &view.seats {
        for stone in &s.reserve {
            at.insert(*stone, tr(&Msg::new("zajatce-position-in-reserve")));
        }
        for stone in &s.camp {
            at.insert(*stone, tr(&Msg::new("zajatce-position-in-camp").seat("player", s.seat)));
        }
    }
    for unit in &view.units {
        at.insert(
            unit.leader,
            tr(&Msg::new("zajatce-position-on-field").num("field", i64::from(unit.field) + 1)),
        );
        let with = tr(&Msg::new("zajatce-position-with").text("stone", stone_name(unit.leader, tr)));
        for stone in unit.members.iter().chain(&unit.prisoners) {
            at.insert(*stone, with.clone());
        }
    }
    let mut lines = Vec::new();
    for s in &view.seats {
        for number in 1..=STONES_PER_PLAYER {
            let stone = StoneId::new(s.seat, number);
            if let Some(place) = at.get(&stone) {
                lines.push(tr(&Msg::new("zajatce-position-line")
                    .text("stone", stone_name(stone, tr))
                    .text("place", place.clone())));
            }
        }
    }
    if let Turn::Roll { seat } | Turn::Move { seat, .. } = view.turn {
        lines.push(tr(&Msg::new("zajatce-position-throws").seat("player", seat)));
    }
    if view.backward_phase {
        lines.push(tr(&Msg::new("zajatce-position-backward-label")));
    }
    lines
}

/// The board before the table's position is entered: every stone in its owner's reserve,
/// nobody's turn, nothing thrown or moved (what the host's form says until it is changed).
pub fn before(mut view: feldpost_engine::zajatce::View) -> feldpost_engine::zajatce::View {
    for s in &mut view.seats {
        s.reserve = (1..=STONES_PER_PLAYER).map(|n| StoneId::new(s.seat, n)).collect();
        s.camp.clear();
        s.prisoners_led = 0;
    }
    view.units.clear();
    view.turn = feldpost_engine::zajatce::Turn::Setup;
    view.last_throw = None;
    view.last_step = None;
    view.backward_phase = false;
    view.throws = 0;
    view.quiet_throws = 0;
    view
}
