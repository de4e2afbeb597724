//! Places as players read them on the board: the room or area a circle lies in, and its grid
//! reference (row·column) as printed along the board's edges. Circle ids (`r08c44`) are the
//! log's words, never the page's or the mail's: places are named, and read back when typed, as
//! the board prints them.

use crate::games::typed::{ReadPlace, fold};
use crate::i18n::{Lang, Tr};
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

/// The inputs of Colditz's actions that hold places, by field: lists of circles (the guard
/// posts of the first move, a path, the cells of men caught, the Riot Squad's posts), one circle
/// (a cell, a guard's post), and Advance Warning's moves (a man's number before each circle).
const PLACE_FIELDS: [&str; 8] = ["inner", "outer", "path", "cells", "posts", "cell", "to", "warning.moves"];

/// How places are read where they are typed into `field` ([`place_typed`]); `None` for the
/// fields that hold no places. A Bribe's kinds of equipment are read the same way, by name in
/// any language we ship ([`equipment_typed`]): the log's ids are not the page's words.
pub fn read_place(field: &str) -> Option<ReadPlace> {
    if field == "equipment" {
        return Some(equipment_typed as ReadPlace);
    }
    PLACE_FIELDS.contains(&field).then_some(place_typed as ReadPlace)
}

/// A kind of Escape Equipment as a player types it: its name in any language we ship (with or
/// without diacritics, "wire cutters" in one word or two) or its id; how many words it read,
/// and the id. Anything else is refused in words, naming what was typed.
pub fn equipment_typed(words: &[&str]) -> (usize, Result<String, Msg>) {
    use feldpost_engine::colditz::cards::Equipment;
    let named = |typed: &str| {
        let typed = fold(typed).replace([' ', '-'], "");
        Equipment::ALL.into_iter().find(|e| {
            let key = format!("colditz-cmd-equipment-{}", e.key());
            e.key().replace('-', "") == typed
                || Lang::ALL.iter().any(|lang| fold(&Tr::new(*lang).t(&key)).replace([' ', '-'], "") == typed)
        })
    };
    if let [first, second, ..] = words
        && let Some(e) = named(&format!("{first} {second}"))
    {
        return (2, Ok(e.key().to_owned()));
    }
    let Some(first) = words.first() else {
        return (0, Err(Msg::new("colditz-typed-unknown-equipment").text("typed", "")));
    };
    match named(first) {
        Some(e) => (1, Ok(e.key().to_owned())),
        None => (1, Err(Msg::new("colditz-typed-unknown-equipment").text("typed", first.trim()))),
    }
}

/// A circle as a player types it: its grid reference as printed on the board's edges,
/// row·column ("17·28"; for keyboards without the middle dot "17.28", "17-28", "17/28", or
/// "17,28" with the decimal comma of a Czech keyboard), or its id (`r17c28`). Only circles on
/// the board.
pub fn circle_typed(word: &str) -> Option<CircleId> {
    let id = match word.split_once(['·', '.', '-', '/', ',']) {
        Some((row, col)) => {
            let number = |t: &str| {
                if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
                    t.parse::<u8>().ok()
                } else {
                    None
                }
            };
            CircleId::new(number(row)?, number(col)?)
        }
        None => word.to_ascii_lowercase().parse::<CircleId>().ok()?,
    };
    BOARD.circle(id).map(|_| id)
}

/// The place the first of `words` name, as the page and the log name places: a circle
/// ([`circle_typed`]), optionally after its area's name ("Courtyard 17·28", in any language we
/// ship, with or without diacritics); how many words it read, and the circle's id. Anything
/// else is refused naming what was typed, so nothing unread reaches the engine (which reads
/// ids): a reference the board does not have, a name without a reference, a name of another
/// area than the reference's.
pub fn place_typed(words: &[&str]) -> (usize, Result<String, Msg>) {
    let unknown = |typed: &str| Msg::new("colditz-typed-unknown-place").text("typed", typed.trim());
    let Some(at) = words.iter().position(|w| w.chars().any(|c| c.is_ascii_digit())) else {
        return (words.len(), Err(unknown(&words.join(" "))));
    };
    let said = words[..=at].join(" ");
    let Some(circle) = circle_typed(words[at]) else { return (at + 1, Err(unknown(&said))) };
    // An area's name, when given, must be the one the reference lies in.
    let name = fold(&words[..at].join(" "));
    let key = area_key(circle);
    if !name.is_empty() && !Lang::ALL.iter().any(|lang| fold(&Tr::new(*lang).t(&key)) == name) {
        let wrong = Msg::new("colditz-typed-wrong-area").text("typed", said).key("area", key);
        return (at + 1, Err(wrong.text("ref", grid_ref(circle))));
    }
    (at + 1, Ok(circle.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Input, InputKind};
    use serde_json::{Value, json};

    /// What `typed` in Colditz's input `field` of `kind` reads as, by the one reader of typed
    /// text (the page's fields and a reply's words alike).
    fn read(field: &str, kind: InputKind, typed: &str) -> Result<Option<Value>, Msg> {
        let input =
            Input { field: field.into(), kind, label: "x".into(), required: false, placeholder: None };
        crate::games::typed::read(&input, typed, crate::games::by_id("colditz").unwrap())
    }
    fn ids(ids: &[&str]) -> Option<Value> {
        Some(json!(ids))
    }

    #[test]
    fn a_bribe_s_equipment_is_read_by_its_name_in_every_language_and_refused_in_words() {
        let equipment = |typed: &str| read("equipment", InputKind::Ids, typed);
        assert_eq!(equipment("верёвка, кусачки"), Ok(ids(&["rope", "wire-cutters"])));
        assert_eq!(equipment("веревка ключ"), Ok(ids(&["rope", "key"])), "ё typed as е");
        assert_eq!(equipment("lano; Štípačky"), Ok(ids(&["rope", "wire-cutters"])));
        assert_eq!(equipment("klic propustka"), Ok(ids(&["key", "pass"])), "without diacritics");
        assert_eq!(equipment("wire cutters, rope"), Ok(ids(&["wire-cutters", "rope"])), "two words");
        assert_eq!(equipment("Pass wire-cutters"), Ok(ids(&["pass", "wire-cutters"])));
        let err = equipment("rope spade").unwrap_err();
        assert_eq!(err.key, "colditz-typed-unknown-equipment");
        assert_eq!(err.args[0].1, Arg::Text("spade".into()));
        for lang in Lang::ALL {
            let said = Tr::new(lang).msg(&err);
            assert!(said.contains("spade") && !said.contains("variant"), "{lang:?}: {said}");
        }
    }

    #[test]
    fn places_are_read_by_grid_reference_or_id_and_refused_in_words_otherwise() {
        let yard = BOARD.circles().iter().find(|c| c.terrain == Terrain::Courtyard).unwrap().id;
        let grid = grid_ref(yard);
        let dotted = grid.replace('·', ".");
        let id = yard.to_string();
        let id = id.as_str();
        let path = |typed: &str| read("path", InputKind::Ids, typed);
        let moves = |typed: &str| read("warning.moves", InputKind::Placements, typed);
        assert_eq!(path(&format!("{grid}, {dotted}; {id}")), Ok(ids(&[id, id, id])));
        assert_eq!(path(&format!("Courtyard {grid} courtyard {dotted}")), Ok(ids(&[id, id])));
        assert_eq!(read("cell", InputKind::Text { max_len: 40 }, &grid), Ok(Some(json!(id))));
        assert_eq!(
            moves(&format!("3 Courtyard {grid}, 4 {dotted}")),
            Ok(Some(json!([{"man": 3, "to": id}, {"man": 4, "to": id}])))
        );
        assert_eq!(
            read("men", InputKind::Ids, "3 4"),
            Ok(Some(json!([3, 4]))),
            "other fields are read as typed"
        );
        let err = path(&format!("{grid} 99·99")).unwrap_err();
        assert_eq!(
            (err.key.as_str(), &err.args[0].1),
            ("colditz-typed-unknown-place", &Arg::Text("99·99".into()))
        );
        let err = path("Courtyard").unwrap_err();
        assert_eq!(err.args[0].1, Arg::Text("Courtyard".into()), "a name without a reference");
        let err = path(&format!("Chapel {grid}")).unwrap_err();
        assert_eq!(err.key, "colditz-typed-wrong-area");
        assert_eq!(err.args[0].1, Arg::Text(format!("Chapel {grid}")));
        assert!(path("17").is_err(), "a number alone is no place");
        // A decimal comma between row and column, as a Czech keyboard types it.
        let commaed = grid.replace('·', ",");
        assert_eq!(path(&format!("{commaed} {commaed}")), Ok(ids(&[id, id])));
        assert_eq!(path(&format!("{commaed}, {grid}")), Ok(ids(&[id, id])));
        assert_eq!(
            moves(&format!("3 {commaed}")),
            Ok(Some(json!([{"man": 3, "to": id}]))),
            "a man's number, then his place"
        );
        assert!(path(&grid.replace('·', ", ")).is_err(), "a comma and a space part two numbers");
        assert!(moves("3 17").is_err());
    }

    #[test]
    fn every_spelling_of_a_place_is_read_and_only_places_on_the_board() {
        let yard = BOARD.circles().iter().find(|c| c.terrain == Terrain::Courtyard).unwrap().id;
        let (row, col) = (yard.row(), yard.col());
        for typed in [
            format!("{row}·{col}"),
            format!("{row}.{col}"),
            format!("{row}-{col}"),
            format!("{row}/{col}"),
            format!("{row},{col}"),
            format!("{row:02}.{col:02}"),
            yard.to_string(),
            yard.to_string().to_uppercase(),
        ] {
            assert_eq!(circle_typed(&typed), Some(yard), "{typed}");
        }
        for typed in ["99·99", "17", "1.2.3", "+17.28", "17·", "·28", "r99c99", "hello"] {
            assert_eq!(circle_typed(typed), None, "{typed}");
        }
        // The area's name in any language we ship, with or without its diacritics.
        let said = |name: &str| place_typed(&[name, &grid_ref(yard)]);
        for name in ["Nádvoří", "nadvori", "Двор", "COURTYARD"] {
            assert_eq!(said(name), (2, Ok(yard.to_string())), "{name}");
        }
        assert_eq!(
            place_typed(&[&grid_ref(yard), "Chapel"]),
            (1, Ok(yard.to_string())),
            "one place at a time"
        );
        assert_eq!(
            place_typed(&["Chapel", &grid_ref(yard), "x"]).0,
            2,
            "a wrong area is read to its reference"
        );
        assert_eq!(place_typed(&["no", "place"]).0, 2, "words without a reference are read to the end");
        assert!(read_place("men").is_none() && read_place("path").is_some());
        // Lists of places joined by commas without a space (a reply's one word).
        let path = |typed: &str| read("path", InputKind::Ids, typed);
        let two = Ok(ids(&[&yard.to_string(), &yard.to_string()]));
        assert_eq!(path(&format!("{row}·{col},{row}·{col}")), two);
        assert_eq!(path(&format!("{row},{col},{row},{col}")), two);
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
