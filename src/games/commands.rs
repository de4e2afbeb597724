//! Moves by reply: every action a seat is offered, as a command it can type in a reply to its
//! turn mail, and a reply's line read back into that action.
//!
//! A game only names its actions (`src/games/<game>/commands.rs`: a verb and the words that tell
//! alike actions apart); what may be done is what `legal_actions` offers, and whether it
//! is allowed is for the engine alone (docs/architecture.md, rule 3: the reply goes through the
//! same `act` as a click). A command is read in any language we ship, with or without
//! diacritics and in any case, so "tahni 2" from a phone without a Czech keyboard works. What
//! is typed after the command's words is read by the reader of the game page's fields
//! ([`super::typed`]): the same text means the same there and here; this grammar only decides
//! which words go to which input.

use super::{Game, Input, InputKind, typed};
use crate::i18n::{Lang, Tr};
use feldpost_engine::Msg;
use serde_json::Value;

use super::typed::fold;

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
    /// Named by its words only, never by its number in the mail's list (a concession: a
    /// mistyped number must not give the game up). Such commands come last.
    pub words_only: bool,
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

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq)]
pub enum NotACommand {
    /// Nothing offered is spelt so.
    Unknown,
    /// The command is known, but what must follow it is missing or unreadable.
    Incomplete(Msg),
    /// In a game whose commands carry their own numbers ([`Game::own_numbers`]): a number
    /// (alone, or after a verb) that no offered command carries.
    NotOffered(i64),
}

/// Read one line into the action of the command it names: by its words, or by its number in
/// the mail's list. Every word must be used: "move 2 back" is not "move 2". `rules` (the game's)
/// reads the places typed after a command.
///
/// In a game whose commands carry their own numbers ([`Game::own_numbers`], Služba's cards) a
/// number is never a line of the list: a bare number, or a command's words without its verb
/// (a card's word), names the one command that carries them ("7", "pes"), and a number that
/// none carries is [`NotACommand::NotOffered`].
pub fn parse(line: &str, commands: &[Command], rules: &dyn Game) -> Result<Value, NotACommand> {
    let original: Vec<&str> = line.split_whitespace().collect();
    let folded: Vec<String> = original.iter().map(|w| fold(w.trim_matches(['.', '!', ',']))).collect();
    if folded.is_empty() {
        return Err(NotACommand::Unknown);
    }
    let own_numbers = rules.own_numbers().is_some();
    // The number of a line of the list, alone (the list numbers from 1).
    if !own_numbers
        && let [only] = folded.as_slice()
        && let Ok(n) = only.parse::<usize>()
        && let Some(c) = n.checked_sub(1).and_then(|i| commands.get(i)).filter(|c| !c.words_only)
    {
        return fill(c, &[], rules).map_err(NotACommand::Incomplete);
    }
    let trs: Vec<Tr> = Lang::ALL.iter().map(|l| Tr::new(*l)).collect();
    let mut incomplete = None;
    for c in commands {
        let Some(after_verb) = match_words(&folded, 0, &[Word::Key(c.spelling.verb.clone())], &trs) else {
            continue;
        };
        let Some(at) = match_spelling(&folded, after_verb, c, &trs) else { continue };
        match fill(c, &original[at..], rules) {
            Ok(action) => return Ok(action),
            Err(why) => {
                incomplete.get_or_insert(why);
            }
        }
    }
    if let Some(why) = incomplete {
        return Err(NotACommand::Incomplete(why));
    }
    if !own_numbers {
        return Err(NotACommand::Unknown);
    }
    // Without a verb: the words of exactly one command that needs nothing typed after them.
    let named: Vec<&Command> = commands
        .iter()
        .filter(|c| !c.spelling.words.is_empty() && c.inputs.iter().all(|i| !i.required))
        .filter(|c| match_spelling(&folded, 0, c, &trs) == Some(folded.len()))
        .collect();
    if let [c] = named.as_slice() {
        return fill(c, &[], rules).map_err(NotACommand::Incomplete);
    }
    // A number no offered command carries, alone or after a verb of the list.
    let number = match folded.as_slice() {
        [only] => only.parse::<i64>().ok(),
        [_, n]
            if commands.iter().any(|c| {
                !c.spelling.words.is_empty()
                    && match_words(&folded, 0, &[Word::Key(c.spelling.verb.clone())], &trs) == Some(1)
            }) =>
        {
            n.parse::<i64>().ok()
        }
        _ => None,
    };
    Err(number.map(NotACommand::NotOffered).unwrap_or(NotACommand::Unknown))
}

/// A reply's answer to a position from a real table (docs/positions.md).
#[derive(Debug, Clone, PartialEq)]
pub enum PositionReply {
    /// "agree", "souhlasím", "согласен", …: the seat agrees.
    Agree,
    /// "wrong: …", "chyba: …", "неверно: …": the seat does not agree, and says why.
    Wrong(String),
    /// A word of disagreement with nothing after it: a disagreement must say what is wrong.
    NoNote,
}

/// Read a reply's first line as an answer to a position, in any language we ship, with or
/// without diacritics and in any case (the words are `mail-position-agree-words` and
/// `mail-position-wrong-words`). Agreement is its words alone ("ok, but stone 2 …" agrees to
/// nothing); a disagreement is its words, then (after a colon, a dash or a space) what is
/// wrong, kept as typed. `None`: the line is neither.
pub fn position_reply(line: &str) -> Option<PositionReply> {
    let trs: Vec<Tr> = Lang::ALL.iter().map(|l| Tr::new(*l)).collect();
    let words = |key: &str| -> Vec<String> {
        trs.iter()
            .flat_map(|tr| tr.t(key).split(',').map(|w| fold(w.trim())).collect::<Vec<_>>())
            .filter(|w| !w.is_empty())
            .collect()
    };
    let trimmed = |t: &str| t.trim().trim_matches(['.', '!', ',', ':', ';', '-', '—']).trim().to_owned();
    let whole = fold(&trimmed(line));
    let whole = whole.split_whitespace().collect::<Vec<_>>().join(" ");
    if words("mail-position-agree-words").contains(&whole) {
        return Some(PositionReply::Agree);
    }
    let wrong = words("mail-position-wrong-words");
    // The words before a colon or a dash ("wrong: …"), else the first three, two or one
    // words ("no my stone …"), each with where it ends in the line as typed.
    if let Some((head, rest)) = line.split_once([':', '—'])
        && wrong.contains(&fold(&trimmed(head)).split_whitespace().collect::<Vec<_>>().join(" "))
    {
        return Some(note(rest).unwrap_or(PositionReply::NoNote));
    }
    let spans: Vec<(usize, &str)> = line
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize + w.len(), w))
        .collect();
    let n = (1..=spans.len().min(3)).rev().find(|n| {
        let head: Vec<&str> = spans[..*n].iter().map(|(_, w)| *w).collect();
        wrong.contains(&fold(&trimmed(&head.join(" "))))
    })?;
    Some(note(&line[spans[n - 1].0..]).unwrap_or(PositionReply::NoNote))
}

/// Read a reply's first line as a seat's private part of a position ("key: RBNP…"): what follows
/// the words that name it (`mail-position-private-words`, in any language we ship, with or
/// without diacritics, then a colon or a space). `None`: the line does not begin with them.
pub fn private_reply(line: &str) -> Option<&str> {
    let words: Vec<String> = Lang::ALL
        .iter()
        .flat_map(|l| {
            Tr::new(*l)
                .t("mail-position-private-words")
                .split(',')
                .map(|w| fold(w.trim()))
                .collect::<Vec<_>>()
        })
        .filter(|w| !w.is_empty())
        .collect();
    let line = line.trim_start();
    let end = line.find(|c: char| c == ':' || c.is_whitespace()).unwrap_or(line.len());
    words.contains(&fold(&line[..end])).then(|| line[end..].trim_start_matches(':').trim())
}

/// What follows the words of disagreement, if it says anything.
fn note(rest: &str) -> Option<PositionReply> {
    let note = rest.trim().trim_start_matches([':', '-', '—', ',']).trim();
    (note.chars().any(char::is_alphanumeric)).then(|| PositionReply::Wrong(note.to_owned()))
}

/// Where the words of `c`'s spelling after its verb end, if the words at `at` say them.
fn match_spelling(folded: &[String], at: usize, c: &Command, trs: &[Tr]) -> Option<usize> {
    c.spelling.words.iter().try_fold(at, |at, ways| match_words(folded, at, ways, trs))
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

/// The command's action with the inputs typed after its words put in. The words go to the
/// inputs in turn: the last input takes the rest of the line; before it, a number, a choice, a
/// text or a list of ids takes one value (one word, or a place's words where the input holds
/// places: its area's name and its reference), and the other lists (words, cards, throws,
/// placements) take the rest. What each input's words say is read as the page reads its field.
fn fill(c: &Command, typed: &[&str], rules: &dyn Game) -> Result<Value, Msg> {
    let mut rest = typed;
    let last = c.inputs.len().saturating_sub(1);
    let mut texts: Vec<(&Input, String)> = Vec::with_capacity(c.inputs.len());
    for (i, input) in c.inputs.iter().enumerate() {
        let used = match &input.kind {
            InputKind::Words | InputKind::Cards { .. } | InputKind::Throws | InputKind::Placements => {
                rest.len()
            }
            InputKind::Text { .. } | InputKind::Ids if i == last => rest.len(),
            InputKind::Number { .. } => rest.len().min(1),
            InputKind::Choice { .. } | InputKind::Text { .. } | InputKind::Ids => {
                typed::words_of_one(input, rest, rules)
            }
        };
        texts.push((input, rest[..used].join(" ")));
        rest = &rest[used..];
    }
    let action = typed::fill(&c.action, &texts, rules)?;
    if !rest.is_empty() {
        return Err(Msg::new("mail-reply-too-much").text("extra", rest.join(" ")));
    }
    Ok(action)
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
                words_only: false,
                action: json!({"action": "roll"}),
                label: Msg::new("x"),
                inputs: vec![number],
            },
            Command {
                spelling: Spelling::verb("zajatce-cmd-move").lit(2),
                words_only: false,
                action: json!({"action": "move", "stone": 2}),
                label: Msg::new("x"),
                inputs: vec![],
            },
            Command {
                spelling: Spelling::verb("zajatce-cmd-move").lit(2).key("zajatce-cmd-back"),
                words_only: false,
                action: json!({"action": "move", "stone": 2, "direction": "backward"}),
                label: Msg::new("x"),
                inputs: vec![],
            },
        ]
    }

    fn rules(id: &str) -> &'static dyn Game {
        crate::games::by_id(id).unwrap()
    }

    #[test]
    fn commands_are_read_in_either_language_without_diacritics() {
        let c = commands();
        let parse = |line: &str| parse(line, &c, rules("zajatce"));
        let forward = json!({"action": "move", "stone": 2});
        assert_eq!(parse("move 2"), Ok(forward.clone()));
        assert_eq!(parse("Táhni 2"), Ok(forward.clone()));
        assert_eq!(parse("tahni 2"), Ok(forward));
        let back = json!({"action": "move", "stone": 2, "direction": "backward"});
        assert_eq!(parse("TAHNI 2 ZPET"), Ok(back.clone()));
        assert_eq!(parse("move 2 back"), Ok(back));
        assert_eq!(parse("hod 5"), Ok(json!({"action": "roll", "die": 5})));
        assert_eq!(parse("move 3"), Err(NotACommand::Unknown));
        assert_eq!(parse("hello"), Err(NotACommand::Unknown));
        // What is missing or cannot be read is refused in the words of the page's fields.
        assert!(matches!(parse("hod"), Err(NotACommand::Incomplete(m)) if m.key == "input-typed-missing"));
        assert!(
            matches!(parse("hod 9"), Err(NotACommand::Incomplete(m)) if m.key == "input-typed-out-of-range")
        );
    }

    #[test]
    fn circles_are_read_by_their_grid_reference() {
        use crate::games::colditz::places::circle_typed;
        let id = |typed: &str| circle_typed(typed).map(|c| c.to_string());
        assert_eq!(id("17·30").as_deref(), Some("r17c30"));
        assert_eq!(id("8.44").as_deref(), Some("r08c44"), "a row of one digit");
        assert_eq!(id("r08c44").as_deref(), Some("r08c44"));
        assert_eq!(id("5"), None);
        assert_eq!(id("1.2.3"), None);
        assert_eq!(id("8.4"), None, "a grid reference with no circle on the board");
        let path = Input {
            field: "path".into(),
            kind: InputKind::Ids,
            label: "x".into(),
            required: true,
            placeholder: None,
        };
        let c = vec![Command {
            spelling: Spelling::verb("colditz-cmd-move").lit(14),
            words_only: false,
            action: json!({"action": "move", "man": 14, "path": []}),
            label: Msg::new("x"),
            inputs: vec![path],
        }];
        assert_eq!(
            parse("táhni 14 17·30 17.31, r17c32", &c, rules("colditz")),
            Ok(json!({"action": "move", "man": 14, "path": ["r17c30", "r17c31", "r17c32"]}))
        );
        assert_eq!(
            parse("move 14 17-30 17/31,17·32", &c, rules("colditz")),
            Ok(json!({"action": "move", "man": 14, "path": ["r17c30", "r17c31", "r17c32"]})),
            "every separator the mail took before, and places joined by a comma in one word"
        );
        assert!(
            matches!(parse("move 14 17·30 8.4", &c, rules("colditz")),
                Err(NotACommand::Incomplete(m)) if m.key == "colditz-typed-unknown-place"),
            "a place not on the board is refused as the page refuses it"
        );
    }

    #[test]
    fn a_line_may_be_the_number_of_a_command_in_the_list() {
        let c = commands();
        assert_eq!(parse("2", &c, rules("zajatce")), Ok(json!({"action": "move", "stone": 2})));
        assert_eq!(parse("4", &c, rules("zajatce")), Err(NotACommand::Unknown));
    }

    #[test]
    fn where_commands_carry_their_own_numbers_a_bare_number_is_never_a_line() {
        // Služba's guesses after cards 1 and 2 are covered: the first line is card 3.
        let guess = |card: u32, word: &str| Command {
            spelling: Spelling::verb("sluzba-cmd-guess")
                .either(vec![Word::Lit(card.to_string()), Word::Lit(word.to_owned())]),
            words_only: false,
            action: json!({"action": "guess", "card": card - 1}),
            label: Msg::new("x"),
            inputs: vec![],
        };
        let c = vec![guess(3, "Řeka"), guess(9, "pes")];
        let sluzba = rules("sluzba");
        assert_eq!(parse("9", &c, sluzba), Ok(json!({"action": "guess", "card": 8})));
        assert_eq!(parse("2", &c, sluzba), Err(NotACommand::NotOffered(2)), "line 2 is not card 2");
        assert_eq!(parse("guess 1", &c, sluzba), Err(NotACommand::NotOffered(1)));
        assert_eq!(parse("REKA", &c, sluzba), Ok(json!({"action": "guess", "card": 2})));
        assert_eq!(parse("tipni řeka", &c, sluzba), Ok(json!({"action": "guess", "card": 2})));
        assert_eq!(parse("kočka", &c, sluzba), Err(NotACommand::Unknown));
    }

    #[test]
    fn a_concession_is_named_by_its_word_in_any_language_never_by_a_number() {
        let mut c = commands();
        c.push(Command {
            spelling: Spelling::verb("zajatce-cmd-concede"),
            words_only: true,
            action: json!({"type": "concede"}),
            label: Msg::new("x"),
            inputs: vec![],
        });
        let zajatce = rules("zajatce");
        assert_eq!(parse("4", &c, zajatce), Err(NotACommand::Unknown), "the fourth command is not a line");
        for word in ["concede", "Vzdávám", "vzdavam", "Сдаюсь"] {
            assert_eq!(parse(word, &c, zajatce), Ok(json!({"type": "concede"})), "{word}");
        }
    }

    #[test]
    fn the_mail_shows_the_first_spelling_and_the_inputs() {
        let c = commands();
        assert_eq!(c[0].render(&Tr::new(Lang::Cs)), "hod ‹kolik padlo›");
        assert_eq!(c[0].render(&Tr::new(Lang::En)), "throw ‹number thrown›");
        assert_eq!(c[2].render(&Tr::new(Lang::En)), "move 2 back");
    }

    #[test]
    fn an_answer_to_a_position_is_read_in_every_language_with_or_without_diacritics() {
        use PositionReply::{Agree, NoNote, Wrong};
        for line in ["agree", "Yes.", "OK!", "souhlasím", "Souhlasim", "ano", "согласен", "Да", "всё верно"]
        {
            assert_eq!(position_reply(line), Some(Agree), "{line}");
        }
        let wrong = |note: &str| Some(Wrong(note.to_owned()));
        assert_eq!(position_reply("wrong: my stone 2 is on Field 7"), wrong("my stone 2 is on Field 7"));
        assert_eq!(position_reply("Wrong - stone 3 is home"), wrong("stone 3 is home"));
        assert_eq!(position_reply("chyba: kámen 2 stojí na poli 7"), wrong("kámen 2 stojí na poli 7"));
        assert_eq!(position_reply("nesouhlasím, kámen 1 je v zajetí"), wrong("kámen 1 je v zajetí"));
        assert_eq!(position_reply("неверно: фишка 2 на поле 7"), wrong("фишка 2 на поле 7"));
        assert_eq!(position_reply("не согласен — фишка 1 в лагере"), wrong("фишка 1 в лагере"));
        assert_eq!(position_reply("no"), Some(NoNote));
        assert_eq!(position_reply("wrong:  "), Some(NoNote));
        // Agreement is its words alone; anything else is no answer.
        for line in ["ok but stone 2 is elsewhere", "hod", "noted", "", "   ", "::", "agreed?!", "yes no"] {
            assert!(!matches!(position_reply(line), Some(Agree)), "{line}");
        }
        assert_eq!(position_reply("hod"), None);
        assert_eq!(position_reply(""), None);
        // Nothing typed makes it panic.
        for line in
            ["—", ":", "no—", "ne:  ", "\u{202e}wrong: x", "😀 wrong", "wrong:\u{0}", "ñ̃o: x", "да да да да"]
        {
            let _ = position_reply(line);
        }
    }
}
