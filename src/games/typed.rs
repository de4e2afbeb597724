//! What people type, read into an action's values: one reader for the fields of the game page
//! and for the words after a command in a reply to the turn mail, with one set of refusals, so
//! that the same text gives the same action, or the same refusal, wherever it was typed.
//!
//! Each kind of input ([`InputKind`]) is read one way, here. A game reads its own places
//! ([`super::Presented::read_place`]: Colditz's grid references), and the reader calls it for
//! the fields that hold places. Nothing here depends on the language of the page or the mail:
//! a choice or a card is read by its value or by its words in any language we ship (and a
//! Colditz place by its area's name in any), so a player who writes in another language than
//! the game's is read all the same. Every refusal is a Fluent id (`input-typed-…`, and
//! `input-error-too-long`), worded to be read on the page and in the mail alike.

use super::{Game, Input, InputKind};
use crate::i18n::{Lang, Tr};
use feldpost_engine::Msg;
use serde_json::Value;
use unicode_normalization::UnicodeNormalization;

/// A game's reading of one place: how many of `words` it read (an area's name and a reference
/// may take several), and the place they name, as the id the action holds, or why they name
/// none, naming what was typed.
pub type ReadPlace = fn(&[&str]) -> (usize, Result<String, Msg>);

/// Lower case without diacritics, for comparing what was typed ("Nádvoří" is "nadvori").
pub fn fold(text: &str) -> String {
    text.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .collect::<String>()
        .to_lowercase()
}

/// What `typed` says for `input`: its value as the action holds it, or `None` when nothing was
/// typed (or the empty choice was chosen), and the action keeps the value it was offered with.
/// `rules` reads the places of the fields that hold them.
pub fn read(input: &Input, typed: &str, rules: &dyn Game) -> Result<Option<Value>, Msg> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(None);
    }
    let refusal = |key: &str| Msg::new(key).key("field", input.label.clone());
    let place = rules.read_place(&input.field);
    let value = match (&input.kind, place) {
        (InputKind::Number { min, max }, _) => {
            let n = whole_number(typed)
                .ok_or_else(|| refusal("input-typed-not-a-number").text("typed", typed))?;
            if n < *min || n > *max {
                return Err(refusal("input-typed-out-of-range")
                    .num("min", *min)
                    .num("max", *max)
                    .text("typed", typed));
            }
            Value::from(n)
        }
        (InputKind::Choice { values, labels }, place) => {
            let Some(at) = choice(values, labels, typed, place)? else {
                return Err(refusal("input-typed-not-offered").text("typed", typed));
            };
            // The empty choice ("none", "choose…") keeps the value offered.
            match values[at].as_str() {
                "" => return Ok(None),
                v => scalar(v),
            }
        }
        (InputKind::Text { .. }, Some(place)) => match places(typed, place)?.as_slice() {
            [one] => Value::String(one.clone()),
            _ => return Err(refusal("input-typed-one-place").text("typed", typed)),
        },
        (InputKind::Text { max_len }, None) => {
            if typed.chars().count() > *max_len {
                return Err(Msg::new("input-error-too-long")
                    .num("max", *max_len as i64)
                    .key("field", input.label.clone()));
            }
            Value::String(typed.to_owned())
        }
        (InputKind::Words, _) => Value::Array(items(typed).map(|w| Value::String(w.to_owned())).collect()),
        (InputKind::Ids, Some(place)) => {
            Value::Array(places(typed, place)?.into_iter().map(Value::String).collect())
        }
        // Ids that read as numbers (men) are numbers; the others (cards) are kept as typed.
        (InputKind::Ids, None) => Value::Array(
            items(typed)
                .map(|w| whole_number(w).map(Value::from).unwrap_or_else(|| Value::String(w.to_owned())))
                .collect(),
        ),
        (InputKind::Cards { values, labels }, _) => {
            let mut cards = Vec::new();
            for word in items(typed) {
                let at = card(values, labels, word)
                    .ok_or_else(|| refusal("input-typed-not-offered").text("typed", word))?;
                cards.push(Value::String(values[at].clone()));
            }
            Value::Array(cards)
        }
        // Every digit in order, two to a throw: "3 4; 6 6", "34 66" and "3+4, 6+6" agree.
        (InputKind::Throws, _) => {
            let digits: Vec<u32> = typed.chars().filter_map(|c| c.to_digit(10)).collect();
            if digits.is_empty() || !digits.len().is_multiple_of(2) {
                return Err(Msg::new("input-typed-throws").text("typed", typed));
            }
            Value::Array(
                digits.chunks(2).map(|p| Value::Array(p.iter().map(|d| Value::from(*d)).collect())).collect(),
            )
        }
        // A man's number, then his place, in turn: "3 17·28, 4 17·29".
        (InputKind::Placements, place) => {
            let bad = || Msg::new("input-typed-placements").text("typed", typed);
            let words = match place {
                Some(_) => place_words(typed),
                None => items(typed).map(str::to_owned).collect(),
            };
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let mut placements = Vec::new();
            let mut at = 0;
            while at < words.len() {
                let man = whole_number(words[at]).ok_or_else(bad)?;
                at += 1;
                if at == words.len() {
                    return Err(bad());
                }
                let (used, to) = match place {
                    Some(read) => read(&words[at..]),
                    None => (1, Ok(words[at].to_owned())),
                };
                let to = to?;
                at += used.max(1);
                placements.push(serde_json::json!({"man": man, "to": to}));
            }
            Value::Array(placements)
        }
    };
    Ok(Some(value))
}

/// Whether `input` left empty is refused: a required input, unless it has a value of its own
/// to keep (a choice whose first value is a real one, the current setting; no box ticked).
pub fn needed(input: &Input) -> bool {
    input.required
        && match &input.kind {
            InputKind::Cards { .. } => false,
            InputKind::Choice { values, .. } => values.first().is_some_and(String::is_empty),
            _ => true,
        }
}

/// The refusal of an input that is [`needed`] and was left empty.
pub fn missing(input: &Input) -> Msg {
    Msg::new("input-typed-missing").key("field", input.label.clone())
}

/// `action` with what was typed for each of its inputs read in (an input may be given empty
/// text: nothing typed); the first input that cannot be read, or is needed and left empty,
/// refuses it.
pub fn fill(action: &Value, typed: &[(&Input, String)], rules: &dyn Game) -> Result<Value, Msg> {
    let mut action = action.clone();
    for (input, text) in typed {
        match read(input, text, rules)? {
            Some(value) => set_at(&mut action, &input.field.split('.').collect::<Vec<_>>(), value),
            None if needed(input) => return Err(missing(input)),
            None => {}
        }
    }
    Ok(action)
}

/// How many of `words` (a reply's, in turn) one value of `input` takes, where it takes one:
/// a place's words for a field that holds places (its area's name and its reference, or
/// whatever the game reads as one place), else one word.
pub fn words_of_one(input: &Input, words: &[&str], rules: &dyn Game) -> usize {
    if words.is_empty() {
        return 0;
    }
    let Some(read) = rules.read_place(&input.field) else { return 1 };
    let trimmed: Vec<&str> = words.iter().map(|w| w.trim_end_matches([',', ';'])).collect();
    read(&trimmed).0.clamp(1, words.len())
}

/// Set `value` at a dotted path of objects (`warning.moves`), making the objects on the way.
fn set_at(v: &mut Value, path: &[&str], value: Value) {
    let Some(o) = v.as_object_mut() else { return };
    match path {
        [] => {}
        [last] => {
            o.insert((*last).to_owned(), value);
        }
        [first, rest @ ..] => {
            let next = o.entry((*first).to_owned()).or_insert_with(|| Value::Object(Default::default()));
            set_at(next, rest, value);
        }
    }
}

/// A whole number as typed: digits, with a sign or not.
fn whole_number(word: &str) -> Option<i64> {
    word.parse().ok()
}

/// A choice's value as the action holds it: a boolean or a number where it reads as one.
fn scalar(v: &str) -> Value {
    match v {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => v.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::String(v.to_owned())),
    }
}

/// The words of a list: separated by white space (new lines too), commas or semicolons.
fn items(typed: &str) -> impl Iterator<Item = &str> {
    typed.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';')).filter(|w| !w.is_empty())
}

/// The words of places: as [`items`], except that a comma between two numbers is a decimal
/// comma, as a Czech keyboard writes the row and column ("17,28" is 17·28). A comma after a
/// place ("17·28,17·29"), or a comma and a space ("17, 28"), part two words; numbers joined by
/// commas are taken in pairs ("17,28,17,29" is two places).
fn place_words(typed: &str) -> Vec<String> {
    let mut words = Vec::new();
    for chunk in typed.split(|c: char| c.is_whitespace() || c == ';').filter(|w| !w.is_empty()) {
        let pieces: Vec<&str> = chunk.split(',').collect();
        let number = |p: &&str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
        let mut i = 0;
        while i < pieces.len() {
            match (pieces.get(i), pieces.get(i + 1)) {
                (Some(row), Some(col)) if number(row) && number(col) => {
                    words.push(format!("{row},{col}"));
                    i += 2;
                }
                (Some(piece), _) => {
                    if !piece.is_empty() {
                        words.push((*piece).to_owned());
                    }
                    i += 1;
                }
                (None, _) => break,
            }
        }
    }
    words
}

/// Every place `typed` names, by the game's reading.
fn places(typed: &str, read: ReadPlace) -> Result<Vec<String>, Msg> {
    let words = place_words(typed);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let mut out = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let (used, place) = read(&words[at..]);
        out.push(place?);
        at += used.max(1);
    }
    Ok(out)
}

fn every_language() -> Vec<Tr> {
    Lang::ALL.iter().map(|l| Tr::new(*l)).collect()
}

/// Which of `values` was chosen: by the value itself (a page's select sends it), by its words
/// in any language, or, where the choice is of places, by the place typed. `None`: none.
fn choice(
    values: &[String],
    labels: &[String],
    typed: &str,
    place: Option<ReadPlace>,
) -> Result<Option<usize>, Msg> {
    let folded = fold(typed);
    let trs = every_language();
    let found = values.iter().position(|v| v == typed).or_else(|| {
        values.iter().zip(labels).position(|(v, l)| {
            (!v.is_empty() && fold(v) == folded) || trs.iter().any(|tr| fold(&tr.t(l)) == folded)
        })
    });
    match (found, place) {
        (Some(at), _) => Ok(Some(at)),
        (None, Some(read)) => Ok(match places(typed, read)?.as_slice() {
            [one] => values.iter().position(|v| v == one),
            _ => None,
        }),
        (None, None) => Ok(None),
    }
}

/// Which of `values` (cards) `word` names: by its id ("card12"), its number ("12") or its name
/// in any language.
fn card(values: &[String], labels: &[String], word: &str) -> Option<usize> {
    let folded = fold(word);
    let trs = every_language();
    values.iter().zip(labels).position(|(v, l)| {
        fold(v) == folded
            || fold(v) == format!("card{folded}")
            || trs.iter().any(|tr| fold(&tr.t(l)) == folded)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use feldpost_engine::Arg;
    use serde_json::json;

    fn input(field: &str, kind: InputKind) -> Input {
        Input { field: field.into(), kind, label: "input-die".into(), required: true, placeholder: None }
    }
    /// A game that reads no places, and one that does (Colditz).
    fn plain() -> &'static dyn Game {
        crate::games::by_id("zajatce").unwrap()
    }
    fn colditz() -> &'static dyn Game {
        crate::games::by_id("colditz").unwrap()
    }
    fn read_as(kind: InputKind, typed: &str) -> Result<Option<Value>, Msg> {
        read(&input("x", kind), typed, plain())
    }
    fn refused(result: Result<Option<Value>, Msg>) -> (String, Vec<(String, Arg)>) {
        let m = result.expect_err("refused");
        (m.key, m.args)
    }
    fn arg(args: &[(String, Arg)], name: &str) -> Arg {
        args.iter().find(|(n, _)| n == name).map(|(_, a)| a.clone()).unwrap_or_else(|| panic!("{name}"))
    }

    #[test]
    fn nothing_typed_keeps_the_offered_value() {
        for kind in [
            InputKind::Number { min: 1, max: 6 },
            InputKind::Text { max_len: 5 },
            InputKind::Words,
            InputKind::Ids,
            InputKind::Throws,
            InputKind::Placements,
            InputKind::Choice { values: vec!["a".into()], labels: vec!["a".into()] },
            InputKind::Cards { values: vec!["card1".into()], labels: vec!["x".into()] },
        ] {
            assert_eq!(read_as(kind.clone(), ""), Ok(None), "{kind:?}");
            assert_eq!(read_as(kind.clone(), " \n "), Ok(None), "{kind:?}: white space is nothing");
        }
    }

    #[test]
    fn a_number_is_a_whole_number_within_its_bounds() {
        let die = InputKind::Number { min: 1, max: 6 };
        assert_eq!(read_as(die.clone(), " 4 "), Ok(Some(json!(4))));
        let (key, args) = refused(read_as(die.clone(), "7"));
        assert_eq!(key, "input-typed-out-of-range");
        assert_eq!((arg(&args, "min"), arg(&args, "max")), (Arg::Num(1), Arg::Num(6)));
        assert_eq!(arg(&args, "field"), Arg::Key("input-die".into()), "named by the field's label");
        assert_eq!(refused(read_as(die.clone(), "0")).0, "input-typed-out-of-range");
        let (key, args) = refused(read_as(die.clone(), "four"));
        assert_eq!(
            (key.as_str(), arg(&args, "typed")),
            ("input-typed-not-a-number", Arg::Text("four".into()))
        );
        assert_eq!(refused(read_as(die, "4.5")).0, "input-typed-not-a-number");
    }

    #[test]
    fn a_choice_is_read_by_its_value_or_its_words_in_any_language() {
        let yes_no = InputKind::Choice {
            values: vec!["false".into(), "true".into()],
            labels: vec!["colditz-page-no".into(), "colditz-page-yes".into()],
        };
        for typed in ["true", "TRUE", "yes", "Ano", "да"] {
            assert_eq!(read_as(yes_no.clone(), typed), Ok(Some(json!(true))), "{typed}");
        }
        assert_eq!(read_as(yes_no.clone(), "ne"), Ok(Some(json!(false))));
        let (key, args) = refused(read_as(yes_no, "maybe"));
        assert_eq!(
            (key.as_str(), arg(&args, "typed")),
            ("input-typed-not-offered", Arg::Text("maybe".into()))
        );
        let number = InputKind::Choice {
            values: vec![String::new(), "3".into(), "infinity".into()],
            labels: vec!["sluzba-number-choose".into(), "number-3".into(), "sluzba-number-infinity".into()],
        };
        assert_eq!(read_as(number.clone(), "3"), Ok(Some(json!(3))), "a number where it reads as one");
        assert_eq!(read_as(number.clone(), "nekonečno"), Ok(Some(json!("infinity"))));
        assert_eq!(read_as(number.clone(), ""), Ok(None), "the empty choice keeps the offered value");
        assert_eq!(refused(read_as(number, "4")).0, "input-typed-not-offered");
    }

    #[test]
    fn a_text_is_trimmed_and_no_longer_than_its_field_takes() {
        let word = InputKind::Text { max_len: 5 };
        assert_eq!(read_as(word.clone(), "  řeka "), Ok(Some(json!("řeka"))));
        assert_eq!(read_as(word.clone(), "pětka"), Ok(Some(json!("pětka"))), "characters, not bytes");
        let (key, args) = refused(read_as(word, "pětkař"));
        assert_eq!((key.as_str(), arg(&args, "max")), ("input-error-too-long", Arg::Num(5)));
    }

    #[test]
    fn lists_of_words_and_ids_are_parted_by_spaces_commas_semicolons_and_lines() {
        assert_eq!(
            read_as(InputKind::Words, "pes, kočka;myš\nrak  les"),
            Ok(Some(json!(["pes", "kočka", "myš", "rak", "les"])))
        );
        assert_eq!(read_as(InputKind::Ids, "3, 4;card12 5"), Ok(Some(json!([3, 4, "card12", 5]))));
    }

    #[test]
    fn cards_are_read_by_id_number_or_name_and_only_those_offered() {
        let cards = InputKind::Cards {
            values: vec!["card12".into(), "card40".into()],
            labels: vec!["colditz-card-rope".into(), "colditz-card-hideaway".into()],
        };
        assert_eq!(read_as(cards.clone(), "card12 40"), Ok(Some(json!(["card12", "card40"]))));
        assert_eq!(read_as(cards.clone(), "skrys,Rope"), Ok(Some(json!(["card40", "card12"]))));
        let (key, args) = refused(read_as(cards, "card12 card13"));
        assert_eq!(
            (key.as_str(), arg(&args, "typed")),
            ("input-typed-not-offered", Arg::Text("card13".into()))
        );
    }

    #[test]
    fn throws_are_every_digit_in_turn_two_to_a_throw() {
        assert_eq!(read_as(InputKind::Throws, "6 6; 2+5"), Ok(Some(json!([[6, 6], [2, 5]]))));
        assert_eq!(read_as(InputKind::Throws, "34"), Ok(Some(json!([[3, 4]]))));
        let (key, args) = refused(read_as(InputKind::Throws, "6 6 2"));
        assert_eq!((key.as_str(), arg(&args, "typed")), ("input-typed-throws", Arg::Text("6 6 2".into())));
        assert_eq!(refused(read_as(InputKind::Throws, "six")).0, "input-typed-throws", "no dice at all");
    }

    #[test]
    fn placements_are_a_mans_number_then_his_place_in_turn() {
        assert_eq!(
            read_as(InputKind::Placements, "3 r16c18, 4 r16c19"),
            Ok(Some(json!([{"man": 3, "to": "r16c18"}, {"man": 4, "to": "r16c19"}])))
        );
        assert_eq!(refused(read_as(InputKind::Placements, "3 r16c18 4")).0, "input-typed-placements", "odd");
        assert_eq!(refused(read_as(InputKind::Placements, "r16c18 3")).0, "input-typed-placements", "no man");
        // Where the field holds places, the game reads them: the same refusals.
        let moves = input("warning.moves", InputKind::Placements);
        assert_eq!(refused(read(&moves, "3 17·30 4", colditz())).0, "input-typed-placements");
        assert_eq!(refused(read(&moves, "3 99·99", colditz())).0, "colditz-typed-unknown-place");
        assert_eq!(read(&moves, "3 17,30", colditz()), Ok(Some(json!([{"man": 3, "to": "r17c30"}]))));
    }

    #[test]
    fn a_field_of_one_place_takes_one_and_a_choice_of_places_takes_one_offered() {
        let cell = input("cell", InputKind::Text { max_len: 40 });
        assert_eq!(read(&cell, "17.30", colditz()), Ok(Some(json!("r17c30"))));
        assert_eq!(refused(read(&cell, "17.30 17.31", colditz())).0, "input-typed-one-place");
        let post = input(
            "to",
            InputKind::Choice {
                values: vec!["r08c44".into(), "r17c30".into()],
                labels: vec!["8·44".into(), "17·30".into()],
            },
        );
        for typed in ["r08c44", "8·44", "8.44", "8,44", "08-44"] {
            assert_eq!(read(&post, typed, colditz()), Ok(Some(json!("r08c44"))), "{typed}");
        }
        assert_eq!(
            refused(read(&post, "17.31", colditz())).0,
            "input-typed-not-offered",
            "a circle not offered"
        );
        assert_eq!(refused(read(&post, "99.99", colditz())).0, "colditz-typed-unknown-place");
        assert_eq!(
            read(&input("to", InputKind::Ids), "17.30", plain()),
            Ok(Some(json!(["17.30"]))),
            "no places here"
        );
    }

    #[test]
    fn a_needed_input_left_empty_is_refused_and_others_keep_their_value() {
        let die = input("die", InputKind::Number { min: 1, max: 6 });
        let orders = input(
            "lend_men",
            InputKind::Choice {
                values: vec!["true".into(), "false".into()],
                labels: vec!["a".into(), "b".into()],
            },
        );
        let cards =
            input("give", InputKind::Cards { values: vec!["card1".into()], labels: vec!["x".into()] });
        let action = json!({"action": "roll", "lend_men": true, "give": []});
        let m = fill(&action, &[(&die, String::new())], plain()).unwrap_err();
        assert_eq!((m.key.as_str(), &m.args[0].1), ("input-typed-missing", &Arg::Key("input-die".into())));
        assert_eq!(
            fill(&action, &[(&die, "5".into())], plain()),
            Ok(json!({"action": "roll", "lend_men": true, "give": [], "die": 5}))
        );
        assert_eq!(
            fill(&action, &[(&orders, String::new()), (&cards, String::new())], plain()),
            Ok(action.clone())
        );
        let moves = input("warning.moves", InputKind::Placements);
        assert_eq!(
            fill(&json!({"warning": {"card": "card51"}}), &[(&moves, "3 r16c18".into())], plain()),
            Ok(json!({"warning": {"card": "card51", "moves": [{"man": 3, "to": "r16c18"}]}})),
            "a dotted field reaches into the action"
        );
    }

    #[test]
    fn place_words_keep_a_decimal_comma_and_part_the_rest() {
        let words = |typed: &str| place_words(typed);
        assert_eq!(words("17,28 17·29"), ["17,28", "17·29"]);
        assert_eq!(words("17, 28"), ["17", "28"]);
        assert_eq!(words("17·28,17·29;Kaple 3,4"), ["17·28", "17·29", "Kaple", "3,4"]);
        assert_eq!(words("17,28,17,29,"), ["17,28", "17,29"]);
    }

    #[test]
    fn a_reply_gives_one_value_the_words_of_one_place() {
        let path = input("path", InputKind::Ids);
        assert_eq!(words_of_one(&path, &["Courtyard", "17·30", "17·31"], colditz()), 2);
        assert_eq!(words_of_one(&path, &["17·30,", "17·31"], colditz()), 1);
        assert_eq!(words_of_one(&path, &["Chapel", "17·30", "17·31"], colditz()), 2, "a wrong area too");
        assert_eq!(words_of_one(&path, &["99·99", "17·31"], colditz()), 1, "a place not on the board");
        assert_eq!(words_of_one(&path, &["Courtyard", "17·30"], plain()), 1, "no places: one word");
        assert_eq!(words_of_one(&path, &[], colditz()), 0);
    }
}
