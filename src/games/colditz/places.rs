//! Places as players read them on the board: the room or area a circle lies in, and its grid
//! reference (row·column) as printed along the board's edges. Circle ids (`r08c44`) are the
//! log's words, never the page's (issue 16, item 3).

use feldpost_engine::colditz::State;
use feldpost_engine::colditz::board::{BOARD, CircleId, Terrain};
use feldpost_engine::{Arg, Msg};

/// The Fluent id of the room or area `circle` lies in.
pub fn area_key(circle: CircleId) -> String {
    if let Some((_, room)) = BOARD.room_of(circle) {
        return room.name().key;
    }
    if let Some((_, tunnel)) = BOARD.tunnel_of(circle) {
        return tunnel.name().key;
    }
    let area = match BOARD.circle(circle).map(|c| c.terrain) {
        Some(Terrain::Courtyard) => "courtyard",
        Some(Terrain::Cells(_)) => "cells",
        Some(Terrain::Terrace) => "terrace",
        Some(Terrain::Kommandantur) => "kommandantur",
        Some(Terrain::Lawn | Terrain::StaffCar) => "lawn",
        Some(Terrain::Barracks) => "barracks",
        Some(Terrain::Fields | Terrain::Wire) => "fields",
        Some(Terrain::River) => "river",
        Some(Terrain::Bridge) => "bridge",
        Some(Terrain::Wall) => "wall",
        Some(Terrain::Room(_)) | None => "board",
    };
    format!("colditz-place-{area}")
}

/// The grid reference printed on the board's edges: row, then column.
pub fn grid_ref(circle: CircleId) -> String {
    format!("{}·{}", circle.row(), circle.col())
}

/// The words for a place: "Chapel 20·17".
pub fn place(circle: CircleId) -> Msg {
    Msg::new("colditz-place").key("area", area_key(circle)).text("ref", grid_ref(circle))
}

/// A message as players read it: every circle id among its arguments becomes its area (the
/// argument's name) and grid reference (the name with `-ref`), and every man named gets
/// `guard` = `yes` or `no`, so the words call a guard a guard.
pub fn readable(state: Option<&State>, msg: Msg) -> Msg {
    let mut args = Vec::with_capacity(msg.args.len() + 2);
    let mut guard = None;
    for (name, arg) in msg.args {
        match &arg {
            Arg::Text(text) => {
                if let Ok(circle) = text.parse::<CircleId>() {
                    args.push((name.clone(), Arg::Key(area_key(circle))));
                    args.push((format!("{name}-ref"), Arg::Text(grid_ref(circle))));
                    continue;
                }
            }
            Arg::Num(man) if name == "man" => {
                if let (Some(state), Ok(man)) = (state, u8::try_from(*man))
                    && state.is_man(man)
                {
                    guard = Some(state.is_guard(man));
                }
            }
            _ => {}
        }
        args.push((name, arg));
    }
    if let Some(g) = guard {
        args.push(("guard".into(), Arg::Text(if g { "yes" } else { "no" }.into())));
    }
    Msg { key: msg.key, args }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circles_in_rooms_are_named_by_their_room_and_others_by_their_area() {
        let chapel = BOARD.room_named("chapel").map(|(_, r)| r.circles[0]).unwrap();
        assert_eq!(area_key(chapel), "colditz-room-chapel");
        let yard = BOARD.circles().iter().find(|c| c.terrain == Terrain::Courtyard).unwrap().id;
        assert_eq!(area_key(yard), "colditz-place-courtyard");
        let msg = readable(None, Msg::new("x").text("to", yard.to_string()).text("word", "r1"));
        assert_eq!(msg.args[0], ("to".into(), Arg::Key("colditz-place-courtyard".into())));
        assert_eq!(msg.args[1], ("to-ref".into(), Arg::Text(grid_ref(yard))));
        assert_eq!(msg.args[2], ("word".into(), Arg::Text("r1".into())), "only circle ids are read");
    }
}
