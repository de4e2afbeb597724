//! Places as players read them on the board: the room or area a circle lies in, and its grid
//! reference (row·column) as printed along the board's edges. Circle ids (`r08c44`) are the
//! log's words, never the page's (issue 16, item 3).

use feldpost_engine::colditz::State;
use feldpost_engine::colditz::board::{BOARD, CircleId};
use feldpost_engine::{Arg, Msg};

/// The Fluent id of the room or area `circle` lies in.
pub fn area_key(circle: CircleId) -> String {
    BOARD.area_key(circle)
}

/// The grid reference printed on the board's edges: row, then column.
pub fn grid_ref(circle: CircleId) -> String {
    feldpost_engine::colditz::board::grid_ref(circle)
}

/// The words for a place: "Chapel 20·17".
pub fn place(circle: CircleId) -> Msg {
    Msg::new("colditz-place").key("area", area_key(circle)).text("ref", grid_ref(circle))
}

/// A message as players read it: every circle id among its arguments becomes its area (the
/// argument's name) and grid reference (the name with `-ref`), and a move of a guard is worded
/// as one (`colditz-event-moved-guard`).
pub fn readable(state: Option<&State>, msg: Msg) -> Msg {
    let mut args = Vec::with_capacity(msg.args.len() + 2);
    let mut guard = false;
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
                    guard = state.is_guard(man);
                }
            }
            _ => {}
        }
        args.push((name, arg));
    }
    let key =
        if guard && msg.key == "colditz-event-moved" { "colditz-event-moved-guard".into() } else { msg.key };
    Msg { key, args }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feldpost_engine::colditz::board::Terrain;

    #[test]
    fn a_guards_move_is_worded_as_a_guards_with_the_same_arguments() {
        for catalog in
            [include_str!("../../locales/en/colditz.ftl"), include_str!("../../locales/cs/colditz.ftl")]
        {
            let body = |key: &str| {
                let start = catalog.find(&format!("\n{key} = ")).unwrap_or_else(|| panic!("{key}"));
                let rest = &catalog[start + key.len() + 4..];
                let end = rest.find("\ncolditz-").unwrap_or(rest.len());
                let mut vars: Vec<&str> =
                    rest[..end].split('$').skip(1).map(|v| v.split([' ', '}']).next().unwrap()).collect();
                vars.sort();
                vars.dedup();
                vars.into_iter().map(str::to_owned).collect::<Vec<_>>()
            };
            assert_eq!(body("colditz-event-moved"), body("colditz-event-moved-guard"));
        }
    }

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
