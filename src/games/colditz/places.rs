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

/// The form fields that take circles (a list, or one), and the one that takes a man's number
/// before each circle (Advance Warning's moves).
const CIRCLE_FIELDS: [&str; 6] =
    ["ids_inner", "ids_outer", "ids_path", "ids_cells", "ids_posts", "text_cell"];
const PLACEMENT_FIELDS: [&str; 1] = ["placements_warning.moves"];

/// A circle as a player types it: its grid reference as printed on the board's edges,
/// row·column ("17·28", or "17.28" for keyboards without the middle dot), or its id
/// (`r17c28`). Only circles on the board.
pub fn circle_typed(word: &str) -> Option<CircleId> {
    let id = match word.split_once(['·', '.']) {
        Some((row, col)) => {
            let (row, col) = (row.parse::<u8>().ok()?, col.parse::<u8>().ok()?);
            format!("r{row:02}c{col:02}").parse::<CircleId>().ok()?
        }
        None => word.to_ascii_lowercase().parse::<CircleId>().ok()?,
    };
    BOARD.circle(id).map(|_| id)
}

/// What was typed into a circle field, as the page words places, read as circle ids: each
/// place is its grid reference (or id), optionally after its area's name as the page shows it
/// ("Courtyard 17·28"), separated by spaces, commas or semicolons; the moves of Advance
/// Warning put a man's number before each place. Anything else is refused naming what was
/// typed, so nothing unread reaches the engine (docs/architecture.md: the engine reads ids).
/// `area` gives an area's name in the page's language.
pub fn read_typed(field: &str, typed: &str, area: &dyn Fn(&str) -> String) -> Result<Option<String>, Msg> {
    let men = PLACEMENT_FIELDS.contains(&field);
    if !men && !CIRCLE_FIELDS.contains(&field) {
        return Ok(None);
    }
    let unknown = |typed: &str| Msg::new("colditz-typed-unknown-place").text("typed", typed.trim());
    let mut out = Vec::new();
    let mut words: Vec<&str> = Vec::new();
    // Advance Warning's moves: a man's number comes first, then his place.
    let mut man_next = men;
    // A comma between two digits is a decimal comma: "17,28" (as a Czech keyboard writes it)
    // is the row·column 17·28; a comma followed by a space separates places.
    let chars: Vec<char> = typed.chars().collect();
    let typed: String = chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let digit = |j: Option<usize>| j.and_then(|j| chars.get(j)).is_some_and(char::is_ascii_digit);
            if c == ',' && digit(i.checked_sub(1)) && digit(Some(i + 1)) { '·' } else { c }
        })
        .collect();
    for token in typed.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';')).filter(|t| !t.is_empty())
    {
        if man_next && token.bytes().all(|b| b.is_ascii_digit()) && words.is_empty() {
            out.push(token.to_owned());
            man_next = false;
        } else if token.chars().any(|c| c.is_ascii_digit()) {
            let said =
                if words.is_empty() { token.to_owned() } else { format!("{} {token}", words.join(" ")) };
            let circle = circle_typed(token).ok_or_else(|| unknown(&said))?;
            // An area's name, when given, must be the one the reference lies in.
            if !words.is_empty() && words.join(" ").to_lowercase() != area(&area_key(circle)).to_lowercase() {
                return Err(Msg::new("colditz-typed-wrong-area")
                    .text("typed", said)
                    .key("area", area_key(circle))
                    .text("ref", grid_ref(circle)));
            }
            out.push(circle.to_string());
            words.clear();
            man_next = men;
        } else {
            words.push(token);
        }
    }
    if !words.is_empty() {
        return Err(unknown(&words.join(" ")));
    }
    Ok(Some(out.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english(key: &str) -> String {
        match key {
            "colditz-place-courtyard" => "Courtyard".into(),
            other => other.into(),
        }
    }

    #[test]
    fn places_are_read_by_grid_reference_or_id_and_refused_in_words_otherwise() {
        let yard = BOARD.circles().iter().find(|c| c.terrain == Terrain::Courtyard).unwrap().id;
        let grid = grid_ref(yard);
        let dotted = grid.replace('·', ".");
        let id = yard.to_string();
        let read = |field: &str, typed: &str| read_typed(field, typed, &english);
        assert_eq!(read("ids_path", &format!("{grid}, {dotted}; {id}")), Ok(Some(format!("{id} {id} {id}"))));
        assert_eq!(
            read("ids_path", &format!("Courtyard {grid} courtyard {dotted}")),
            Ok(Some(format!("{id} {id}")))
        );
        assert_eq!(read("text_cell", &grid), Ok(Some(id.clone())));
        assert_eq!(
            read("placements_warning.moves", &format!("3 Courtyard {grid}, 4 {dotted}")),
            Ok(Some(format!("3 {id} 4 {id}")))
        );
        assert_eq!(read("ids_men", "3 4"), Ok(None), "other fields are read as typed");
        let err = read("ids_path", &format!("{grid} 99·99")).unwrap_err();
        assert_eq!(
            (err.key.as_str(), &err.args[0].1),
            ("colditz-typed-unknown-place", &Arg::Text("99·99".into()))
        );
        let err = read("ids_path", "Courtyard").unwrap_err();
        assert_eq!(err.args[0].1, Arg::Text("Courtyard".into()), "a name without a reference");
        let err = read("ids_path", &format!("Chapel {grid}")).unwrap_err();
        assert_eq!(err.key, "colditz-typed-wrong-area");
        assert_eq!(err.args[0].1, Arg::Text(format!("Chapel {grid}")));
        assert!(read("ids_path", "17").is_err(), "a number alone is no place");
        // A decimal comma between row and column, as a Czech keyboard types it.
        let commaed = grid.replace('·', ",");
        assert_eq!(read("ids_path", &format!("{commaed} {commaed}")), Ok(Some(format!("{id} {id}"))));
        assert_eq!(read("ids_path", &format!("{commaed}, {grid}")), Ok(Some(format!("{id} {id}"))));
        assert_eq!(
            read("placements_warning.moves", &format!("3 {commaed}")),
            Ok(Some(format!("3 {id}"))),
            "a man's number, then his place"
        );
        assert!(read("ids_path", &grid.replace('·', ", ")).is_err(), "a comma and a space part two numbers");
        assert!(read("placements_warning.moves", "3 17").is_err());
    }
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
