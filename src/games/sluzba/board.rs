//! The Služba v ilegalitě table: the 5 × 5 grid of word cards, the cards left per team and the
//! clue being guessed on. Drawn from the viewer's view only (docs/architecture.md, rule 4): a
//! card carries a colour (`data-colour`) only when that viewer knows it (covered cards for
//! everyone, the key overlay for coordinators), so a member's drawing cannot hold a colour the
//! view hides.
//!
//! HTML rather than SVG: words must stay readable on a phone (at least 14 px at 390 px wide),
//! and text in a scaled SVG shrinks with the drawing; HTML cards reflow (5 columns where there
//! is room, 3 on a phone) and screen readers read the words as text.

use askama::Template;
use feldpost_engine::Msg;
use feldpost_engine::sluzba::view::ClueView;
use feldpost_engine::sluzba::{CardView, ClueNumber, Colour, Team, View};

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Red => "red",
        Colour::Blue => "blue",
        Colour::Bystander => "bystander",
        Colour::Pursuer => "pursuer",
    }
}

fn number_text(n: ClueNumber, tr: &dyn Fn(&Msg) -> String) -> String {
    match n {
        ClueNumber::Count(k) => k.to_string(),
        ClueNumber::Infinity => tr(&Msg::new("sluzba-number-infinity")),
    }
}

struct CardCell {
    /// 0–24, as guesses name it (shown as 1–25).
    index: usize,
    /// What ties it to its guess's form (see [`pick`]).
    pick: String,
    word: String,
    /// "uncovered", "keyed" (a coordinator's overlay) or "covered".
    state: &'static str,
    /// The colour's code and words, when this viewer knows it.
    colour: Option<(&'static str, String)>,
    /// The card touched last (marked until the next touch).
    last: bool,
}

struct CurrentClue {
    team: &'static str,
    /// "Clue for the red team:"
    heading: String,
    /// The clue's word in the language's quotation marks.
    word: String,
    number: String,
    guesses: Vec<String>,
}

#[derive(Template)]
#[template(path = "sluzba/templates/board.html")]
struct Board {
    label: String,
    card_label: String,
    /// Said (to screen readers) of the card touched last.
    last_label: String,
    number_label: String,
    left: String,
    clue: Option<CurrentClue>,
    cards: Vec<CardCell>,
    /// The words' language (the deck's, whatever the page's): for hyphenation and for screen
    /// readers, which read a Czech word on an English page in a Czech voice.
    words_lang: &'static str,
    not_laid: Option<String>,
}

fn current_clue(clue: &ClueView, view: &View, tr: &dyn Fn(&Msg) -> String) -> CurrentClue {
    let team = if clue.team == Team::Red { "red" } else { "blue" };
    let mut guesses = Vec::new();
    if let Some(g) = &view.guesses {
        guesses.push(tr(&Msg::new("sluzba-board-guesses-made").num("made", i64::from(g.made))));
        if let Some(l) = g.left {
            guesses.push(tr(&Msg::new("sluzba-board-guesses-left").num("left", i64::from(l))));
        }
    }
    CurrentClue {
        team,
        heading: tr(&Msg::new("sluzba-board-clue").key("team", format!("sluzba-team-{team}"))),
        word: tr(&Msg::new("sluzba-board-clue-word").text("word", clue.word.clone())),
        number: number_text(clue.number, tr),
        guesses,
    }
}

/// What ties a card to the action that guesses it: the card on the table and the guess's form
/// carry the same `data-pick` (static/board.js sends the form when the card is clicked).
pub fn pick(card: usize) -> String {
    format!("card:{card}")
}

pub fn board_svg(view: &View, _names: &[String], tr: &dyn Fn(&Msg) -> String) -> String {
    let last = view.clues.iter().rev().find_map(|c| c.guessed.last()).map(|&card| usize::from(card));
    let cards = view
        .cards
        .iter()
        .enumerate()
        .map(|(index, c)| {
            let (word, colour, state) = match c {
                CardView::Uncovered { word } => (word, None, "uncovered"),
                CardView::Keyed { word, colour } => (word, Some(*colour), "keyed"),
                CardView::Covered { word, colour } => (word, Some(*colour), "covered"),
            };
            CardCell {
                index,
                pick: pick(index),
                word: word.clone(),
                state,
                colour: colour
                    .map(|c| (colour_name(c), tr(&Msg::new(format!("sluzba-colour-{}", colour_name(c)))))),
                last: last == Some(index),
            }
        })
        .collect();
    let board = Board {
        label: tr(&Msg::new("sluzba-board-title")),
        card_label: tr(&Msg::new("sluzba-board-card")),
        last_label: tr(&Msg::new("sluzba-board-last")),
        number_label: tr(&Msg::new("sluzba-input-number")),
        left: tr(&Msg::new("sluzba-board-left")
            .num("red", view.left.red as i64)
            .num("blue", view.left.blue as i64)),
        clue: view.clue.as_ref().map(|c| current_clue(c, view, tr)),
        cards,
        words_lang: view.deck.lang(),
        not_laid: view.cards.is_empty().then(|| tr(&Msg::new("sluzba-board-not-laid"))),
    };
    board.render().unwrap_or_else(|e| {
        tracing::error!("sluzba board: {e}");
        String::new()
    })
}
