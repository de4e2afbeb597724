//! Moves by reply (issue 17): every action a seat is offered, as a command it can type in a
//! reply to its turn mail, and a reply's line read back into that action.
//!
//! A game only names its actions (`src/games/<game>/commands.rs`: a verb and the words that
//! tell alike actions apart); what may be done is what `legal_actions` offers, and whether it
//! is allowed is for the engine alone (docs/architecture.md, rule 3: the reply goes through the
//! same `act` as a click). A command is read in any language we ship, with or without
//! diacritics and in any case, so "tahni 2" from a phone without a Czech keyboard works.

use super::{Input, InputKind};
use crate::i18n::{Lang, Tr};
use feldpost_engine::Msg;
use serde_json::Value;
use unicode_normalization::UnicodeNormalization;

/// A word of a command after its verb.
#[derive(Debug, Clone, PartialEq)]
pub enum Word {
    /// The same in every language: a number, a card's word, a circle as the board names it.
    Lit(String),
    /// A word of ours, by its Fluent id ("back" / "zpět").
    Key(String),
}

/// How a game spells one offered action: a verb (a Fluent id) and the words after it. A word
/// may be said in more than one way (a card by its number or by its word); the first is the one
/// the mail shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Spelling {
    pub verb: String,
    pub words: Vec<Vec<Word>>,
}

impl Spelling {
    pub fn verb(verb: impl Into<String>) -> Spelling {
        Spelling { verb: verb.into(), words: Vec::new() }
    }

    /// A word that is the same in every language.
    pub fn lit(mut self, word: impl ToString) -> Spelling {
        self.words.push(vec![Word::Lit(word.to_string())]);
        self
    }

    /// A word of ours (a Fluent id).
    pub fn key(mut self, key: impl Into<String>) -> Spelling {
        self.words.push(vec![Word::Key(key.into())]);
        self
    }

    /// A word with other ways to say it.
    pub fn either(mut self, ways: Vec<Word>) -> Spelling {
        self.words.push(ways);
        self
    }
}

/// An offered action as a command: its spelling, the action it stands for (a template while
/// inputs are missing), its words on the page and what must be typed after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Command {
    pub spelling: Spelling,
    pub action: Value,
    pub label: Msg,
    pub inputs: Vec<Input>,
}

impl Command {
    /// The command as the mail lists it: "táhni 2", "heslo ‹slovo› ‹číslo›".
    pub fn render(&self, tr: &Tr) -> String {
        let mut out = tr.t(&self.spelling.verb);
        for ways in &self.spelling.words {
            if let Some(w) = ways.first() {
                out.push(' ');
                out.push_str(&word_text(w, tr));
            }
        }
        for input in &self.inputs {
            // A short name for what to type ("‹slovo›"), else the form's label.
            let short = format!("mail-arg-{}", input.field.rsplit('.').next().unwrap_or(&input.field));
            let name = if tr.has(&short) { tr.t(&short) } else { tr.t(&input.label) };
            let name = format!("‹{}›", name.trim_end_matches(':'));
            // What an empty field stands for (a Colditz proposal), as the page's field shows it.
            let name = match &input.placeholder {
                Some(p) => tr.t_args("mail-arg-empty", &[("name", name), ("value", p.clone())]),
                None => name,
            };
            out.push_str(&if input.required { format!(" {name}") } else { format!(" [{name}]") });
        }
        out
    }
}

fn word_text(w: &Word, tr: &Tr) -> String {
    match w {
        Word::Lit(t) => t.clone(),
        Word::Key(k) => tr.t(k),
    }
}

/// Lower case without diacritics, for comparing what was typed.
pub fn fold(text: &str) -> String {
    text.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .collect::<String>()
        .to_lowercase()
}

/// A board's grid reference as printed along its edges, row·column ("17·30"; "17.30", "17-30"
/// and "17/30" for keyboards without the dot), as the circle id the log keeps ("r17c30");
/// anything else as typed. Circles are named to players by their grid reference (issue 16).
fn circle(word: &str) -> String {
    let parts: Vec<&str> = word.split(['·', '.', '-', '/']).collect();
    match parts.as_slice() {
        [row, col]
            if (1..=2).contains(&row.len())
                && (1..=2).contains(&col.len())
                && row.bytes().chain(col.bytes()).all(|b| b.is_ascii_digit()) =>
        {
            format!("r{row:0>2}c{col:0>2}")
        }
        _ => word.to_owned(),
    }
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq)]
pub enum NotACommand {
    /// Nothing offered is spelt so.
    Unknown,
    /// The command is known, but what must follow it is missing or unreadable.
    Incomplete(Msg),
}

/// Read one line into the action of the command it names: by its words, or by its number in
/// the mail's list. Every word must be used: "move 2 back" is not "move 2".
pub fn parse(line: &str, commands: &[Command]) -> Result<Value, NotACommand> {
    let original: Vec<&str> = line.split_whitespace().collect();
    let folded: Vec<String> = original.iter().map(|w| fold(w.trim_matches(['.', '!', ',']))).collect();
    if folded.is_empty() {
        return Err(NotACommand::Unknown);
    }
    // The number of a line of the list, alone (the list numbers from 1).
    if let [only] = folded.as_slice()
        && let Ok(n) = only.parse::<usize>()
        && let Some(c) = n.checked_sub(1).and_then(|i| commands.get(i))
    {
        return fill(c, &[]).map_err(NotACommand::Incomplete);
    }
    let trs: Vec<Tr> = Lang::ALL.iter().map(|l| Tr::new(*l)).collect();
    let mut incomplete = None;
    for c in commands {
        let Some(after_verb) = match_words(&folded, 0, &[Word::Key(c.spelling.verb.clone())], &trs) else {
            continue;
        };
        let mut at = after_verb;
        let mut ok = true;
        for ways in &c.spelling.words {
            match match_words(&folded, at, ways, &trs) {
                Some(next) => at = next,
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            continue;
        }
        match fill(c, &original[at..]) {
            Ok(action) => return Ok(action),
            Err(why) => {
                incomplete.get_or_insert(why);
            }
        }
    }
    Err(incomplete.map(NotACommand::Incomplete).unwrap_or(NotACommand::Unknown))
}

/// Where the words at `at` end if they say one of `ways` (in any language).
fn match_words(folded: &[String], at: usize, ways: &[Word], trs: &[Tr]) -> Option<usize> {
    let mut spellings: Vec<String> = Vec::new();
    for w in ways {
        match w {
            Word::Lit(t) => spellings.push(fold(t)),
            Word::Key(k) => spellings.extend(trs.iter().map(|tr| fold(&tr.t(k)))),
        }
    }
    // The longest first: "give clue" before "give".
    spellings.sort_by_key(|s| std::cmp::Reverse(s.split_whitespace().count()));
    spellings.into_iter().find_map(|s| {
        let words: Vec<&str> = s.split_whitespace().collect();
        let end = at + words.len();
        (!words.is_empty() && end <= folded.len() && folded[at..end].iter().zip(&words).all(|(a, b)| a == b))
            .then_some(end)
    })
}

/// The command's action with the inputs typed after its words put in.
fn fill(c: &Command, typed: &[&str]) -> Result<Value, Msg> {
    let mut action = c.action.clone();
    let mut rest = typed;
    let last = c.inputs.len().saturating_sub(1);
    for (i, input) in c.inputs.iter().enumerate() {
        if rest.is_empty() {
            if input.required {
                return Err(Msg::new("mail-reply-missing").key("what", input.label.clone()));
            }
            continue;
        }
        let bad = || Msg::new("mail-reply-unreadable").key("what", input.label.clone());
        // The last input takes the rest of the line; the others one word each, except lists.
        let (value, used) = match &input.kind {
            InputKind::Number { min, max } => {
                let n: i64 = rest[0].parse().map_err(|_| bad())?;
                if n < *min || n > *max {
                    return Err(bad());
                }
                (Value::from(n), 1)
            }
            InputKind::Choice { values, labels } => {
                let typed = fold(&circle(rest[0]));
                let trs: Vec<Tr> = Lang::ALL.iter().map(|l| Tr::new(*l)).collect();
                let at = values
                    .iter()
                    .zip(labels)
                    .position(|(v, l)| fold(v) == typed || trs.iter().any(|tr| fold(&tr.t(l)) == typed))
                    .ok_or_else(bad)?;
                let v = &values[at];
                let value = match v.as_str() {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    _ => v.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::String(v.clone())),
                };
                (value, 1)
            }
            InputKind::Text { max_len } => {
                let used = if i == last { rest.len() } else { 1 };
                let text = rest[..used].join(" ");
                // A short field names a circle or a card (a cell), never free text.
                let text = if *max_len <= 8 { circle(&text) } else { text };
                if text.chars().count() > *max_len {
                    return Err(bad());
                }
                (Value::String(text), used)
            }
            InputKind::Words => {
                let words = rest
                    .join(" ")
                    .split([',', ';', ' '])
                    .filter(|w| !w.is_empty())
                    .map(|w| Value::String(w.to_owned()))
                    .collect();
                (Value::Array(words), rest.len())
            }
            InputKind::Ids => {
                let ids = rest
                    .iter()
                    .flat_map(|w| w.split([',', ';']))
                    .filter(|w| !w.is_empty())
                    .map(|w| w.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::String(circle(w))))
                    .collect();
                (Value::Array(ids), if i == last { rest.len() } else { 1 })
            }
            InputKind::Cards { values, labels } => {
                // Each word a card: by its id ("card12"), its number ("12") or its name.
                let trs: Vec<Tr> = Lang::ALL.iter().map(|l| Tr::new(*l)).collect();
                let mut cards = Vec::new();
                for w in rest.iter().flat_map(|w| w.split([',', ';'])).filter(|w| !w.is_empty()) {
                    let typed = fold(w);
                    let at = values
                        .iter()
                        .zip(labels)
                        .position(|(v, l)| {
                            fold(v) == typed
                                || fold(v) == format!("card{typed}")
                                || trs.iter().any(|tr| fold(&tr.t(l)) == typed)
                        })
                        .ok_or_else(bad)?;
                    cards.push(Value::String(values[at].clone()));
                }
                (Value::Array(cards), rest.len())
            }
            InputKind::Throws => {
                let digits: Vec<u32> = rest.join(" ").chars().filter_map(|c| c.to_digit(10)).collect();
                if digits.is_empty() || !digits.len().is_multiple_of(2) {
                    return Err(bad());
                }
                let throws = digits
                    .chunks(2)
                    .map(|p| Value::Array(p.iter().map(|d| Value::from(*d)).collect()))
                    .collect();
                (Value::Array(throws), rest.len())
            }
            InputKind::Placements => {
                let words: Vec<&str> =
                    rest.iter().flat_map(|w| w.split([',', ';'])).filter(|w| !w.is_empty()).collect();
                if !words.len().is_multiple_of(2) {
                    return Err(bad());
                }
                let placements = words
                    .chunks(2)
                    .map(|p| {
                        let man = p[0]
                            .parse::<i64>()
                            .map(Value::from)
                            .unwrap_or_else(|_| Value::String(p[0].to_owned()));
                        serde_json::json!({"man": man, "to": circle(p[1])})
                    })
                    .collect();
                (Value::Array(placements), rest.len())
            }
        };
        set_at(&mut action, &input.field.split('.').collect::<Vec<_>>(), value);
        rest = &rest[used..];
    }
    if !rest.is_empty() {
        return Err(Msg::new("mail-reply-too-much").text("extra", rest.join(" ")));
    }
    Ok(action)
}

/// Set `value` at a dotted path of objects, making the objects on the way.
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn commands() -> Vec<Command> {
        let number = Input {
            field: "die".into(),
            kind: InputKind::Number { min: 1, max: 6 },
            label: "input-die".into(),
            required: true,
            placeholder: None,
        };
        vec![
            Command {
                spelling: Spelling::verb("zajatce-cmd-throw"),
                action: json!({"action": "roll"}),
                label: Msg::new("x"),
                inputs: vec![number],
            },
            Command {
                spelling: Spelling::verb("zajatce-cmd-move").lit(2),
                action: json!({"action": "move", "stone": 2}),
                label: Msg::new("x"),
                inputs: vec![],
            },
            Command {
                spelling: Spelling::verb("zajatce-cmd-move").lit(2).key("zajatce-cmd-back"),
                action: json!({"action": "move", "stone": 2, "direction": "backward"}),
                label: Msg::new("x"),
                inputs: vec![],
            },
        ]
    }

    #[test]
    fn commands_are_read_in_either_language_without_diacritics() {
        let c = commands();
        let forward = json!({"action": "move", "stone": 2});
        assert_eq!(parse("move 2", &c), Ok(forward.clone()));
        assert_eq!(parse("Táhni 2", &c), Ok(forward.clone()));
        assert_eq!(parse("tahni 2", &c), Ok(forward));
        let back = json!({"action": "move", "stone": 2, "direction": "backward"});
        assert_eq!(parse("TAHNI 2 ZPET", &c), Ok(back.clone()));
        assert_eq!(parse("move 2 back", &c), Ok(back));
        assert_eq!(parse("hod 5", &c), Ok(json!({"action": "roll", "die": 5})));
        assert_eq!(parse("move 3", &c), Err(NotACommand::Unknown));
        assert_eq!(parse("hello", &c), Err(NotACommand::Unknown));
        assert!(matches!(parse("hod", &c), Err(NotACommand::Incomplete(m)) if m.key == "mail-reply-missing"));
        assert!(
            matches!(parse("hod 9", &c), Err(NotACommand::Incomplete(m)) if m.key == "mail-reply-unreadable")
        );
    }

    #[test]
    fn circles_are_read_by_their_grid_reference() {
        assert_eq!(circle("17·30"), "r17c30");
        assert_eq!(circle("8.4"), "r08c04");
        assert_eq!(circle("r08c44"), "r08c44");
        assert_eq!(circle("5"), "5");
        assert_eq!(circle("1.2.3"), "1.2.3");
        let path = Input {
            field: "path".into(),
            kind: InputKind::Ids,
            label: "x".into(),
            required: true,
            placeholder: None,
        };
        let c = vec![Command {
            spelling: Spelling::verb("colditz-cmd-move").lit(14),
            action: json!({"action": "move", "man": 14, "path": []}),
            label: Msg::new("x"),
            inputs: vec![path],
        }];
        assert_eq!(
            parse("táhni 14 17·30 17.31, r17c32", &c),
            Ok(json!({"action": "move", "man": 14, "path": ["r17c30", "r17c31", "r17c32"]}))
        );
    }

    #[test]
    fn a_line_may_be_the_number_of_a_command_in_the_list() {
        let c = commands();
        assert_eq!(parse("2", &c), Ok(json!({"action": "move", "stone": 2})));
        assert_eq!(parse("4", &c), Err(NotACommand::Unknown));
    }

    #[test]
    fn the_mail_shows_the_first_spelling_and_the_inputs() {
        let c = commands();
        assert_eq!(c[0].render(&Tr::new(Lang::Cs)), "hod ‹kolik padlo›");
        assert_eq!(c[0].render(&Tr::new(Lang::En)), "throw ‹number thrown›");
        assert_eq!(c[2].render(&Tr::new(Lang::En)), "move 2 back");
    }
}
