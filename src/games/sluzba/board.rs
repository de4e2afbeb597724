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

/// The cards of `view` as this viewer sees them: a colour only where the view gives one.
fn cells(view: &View, tr: &dyn Fn(&Msg) -> String) -> Vec<CardCell> {
    let last = view.clues.iter().rev().find_map(|c| c.guessed.last()).map(|&card| usize::from(card));
    view.cards
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
        .collect()
}

pub fn board_svg(view: &View, _names: &[String], tr: &dyn Fn(&Msg) -> String) -> String {
    let cards = cells(view, tr);
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

/// The fill, border and ink of a card in a picture: the page's colours (sluzba.css) for its
/// state and the colour this viewer knows.
fn card_colours(state: &str, colour: Option<&str>) -> (&'static str, &'static str, &'static str) {
    match (state, colour) {
        ("keyed", Some("red")) => ("#f6d5d1", "#c0392b", "#1f1f1f"),
        ("keyed", Some("blue")) => ("#d3e2f3", "#2563a6", "#1f1f1f"),
        ("keyed", Some("bystander")) => ("#f3ecd9", "#8a7d63", "#1f1f1f"),
        ("keyed", Some("pursuer")) => ("#bfc3c8", "#1d232b", "#1f1f1f"),
        ("covered", Some("red")) => ("#c0392b", "#c0392b", "#ffffff"),
        ("covered", Some("blue")) => ("#2563a6", "#2563a6", "#ffffff"),
        ("covered", Some("bystander")) => ("#d8c9a3", "#8a7d63", "#1f1f1f"),
        ("covered", Some("pursuer")) => ("#1d232b", "#1d232b", "#ffffff"),
        _ => ("#fffaf0", "#8a7d63", "#1f1f1f"),
    }
}

/// The table for a mail's picture: the 25 cards as [`board_svg`]'s page shows them (the same
/// cards, from the same view: a colour only where this viewer knows it, in words too), five
/// by five, with the cards left and the clue above. The page's table is HTML (it reflows on a
/// phone), which no picture is drawn from, so the picture lays the same cards out in SVG.
pub fn picture_svg(view: &View, tr: &dyn Fn(&Msg) -> String) -> Option<(String, f32)> {
    use svg::node::element::{Rectangle, Text, Title};
    const WIDTH: f64 = 760.0;
    const GAP: f64 = 5.0;
    const CARD_W: f64 = (WIDTH - 6.0 * GAP) / 5.0;
    const CARD_H: f64 = 78.0;
    const TOP: f64 = 66.0;
    if view.cards.is_empty() {
        return None;
    }
    let height = TOP + 5.0 * (CARD_H + GAP) + GAP;
    let mut doc = svg::Document::new()
        .set("viewBox", (0, 0, WIDTH, height))
        .set("width", WIDTH)
        .set("height", height)
        .set("font-family", "DejaVu Sans, sans-serif")
        .add(Title::new(tr(&Msg::new("sluzba-board-title"))))
        .add(Rectangle::new().set("width", WIDTH).set("height", height).set("fill", "#f4efe3"));
    let left = tr(&Msg::new("sluzba-board-left")
        .num("red", view.left.red as i64)
        .num("blue", view.left.blue as i64));
    doc = doc.add(Text::new(left).set("x", GAP).set("y", 24).set("font-size", 17).set("fill", "#1f1f1f"));
    if let Some(clue) = &view.clue {
        let c = current_clue(clue, view, tr);
        let ink = if c.team == "red" { "#c0392b" } else { "#2563a6" };
        // As the page writes it: the clue, then each count set apart by a dot.
        let line = std::iter::once(format!("{} {} {}", c.heading, c.word, c.number))
            .chain(c.guesses)
            .collect::<Vec<_>>()
            .join(" · ");
        doc = doc.add(
            Text::new(line.trim_end().to_owned())
                .set("x", GAP)
                .set("y", 52)
                .set("font-size", 19)
                .set("font-weight", "bold")
                .set("fill", ink),
        );
    }
    for card in cells(view, tr) {
        let (row, col) = ((card.index / 5) as f64, (card.index % 5) as f64);
        let (x, y) = (GAP + col * (CARD_W + GAP), TOP + row * (CARD_H + GAP));
        let code = card.colour.as_ref().map(|(code, _)| *code);
        let (fill, border, ink) = card_colours(card.state, code);
        let keyed = card.state != "uncovered";
        doc = doc.add(
            Rectangle::new()
                .set("x", x)
                .set("y", y)
                .set("width", CARD_W)
                .set("height", CARD_H)
                .set("rx", 7)
                .set("fill", fill)
                .set("stroke", border)
                .set("stroke-width", if keyed { 5 } else { 2 }),
        );
        if card.last {
            doc = doc.add(
                Rectangle::new()
                    .set("class", "last")
                    .set("x", x - 2.5)
                    .set("y", y - 2.5)
                    .set("width", CARD_W + 5.0)
                    .set("height", CARD_H + 5.0)
                    .set("rx", 9)
                    .set("fill", "none")
                    .set("stroke", "#8a2d1c")
                    .set("stroke-width", 3),
            );
        }
        let number = (card.index + 1).to_string();
        doc = doc.add(
            Text::new(number).set("x", x + 8.0).set("y", y + 17.0).set("font-size", 13).set("fill", ink),
        );
        // As large as the card allows: a letter of DejaVu Sans Bold is at most about 0.8 em wide.
        let letters = card.word.chars().count().max(1) as f64;
        let size = (22.0f64).min((CARD_W - 12.0) / (0.8 * letters)).floor();
        let mut word = Text::new(card.word.clone())
            .set("x", x + CARD_W / 2.0)
            .set("y", y + 45.0)
            .set("font-size", size)
            .set("font-weight", if card.state == "covered" { "normal" } else { "bold" })
            .set("text-anchor", "middle")
            .set("fill", ink);
        if card.state == "covered" {
            word = word.set("text-decoration", "line-through");
        }
        doc = doc.add(word);
        if let Some((code, words)) = &card.colour {
            doc = doc.add(
                Text::new(words.clone())
                    .set("class", format!("colour c-{code}"))
                    .set("x", x + CARD_W / 2.0)
                    .set("y", y + 67.0)
                    .set("font-size", 13)
                    .set("text-anchor", "middle")
                    .set("fill", ink),
            );
        }
    }
    Some((doc.to_string(), 1.0))
}
