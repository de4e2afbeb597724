//! The Služba v ilegalitě table as SVG: the 5 × 5 grid of word cards, the cards left per team
//! and the clue being guessed on. Drawn from the viewer's view only: a card carries a colour
//! (`data-colour`) only when that viewer knows it (covered cards for everyone, the key overlay
//! for coordinators), so a member's drawing cannot hold a colour the view hides.

use feldpost_engine::Msg;
use feldpost_engine::sluzba::view::ClueView;
use feldpost_engine::sluzba::{CardView, ClueNumber, Colour, View};
use svg::Document;
use svg::node::element::{Group, Rectangle, Text, Title};

const CARD_W: f64 = 150.0;
const CARD_H: f64 = 74.0;
const GAP: f64 = 8.0;
const TOP: f64 = 56.0;

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Red => "red",
        Colour::Blue => "blue",
        Colour::Bystander => "bystander",
        Colour::Pursuer => "pursuer",
    }
}

/// (fill of a covered card, tint of a keyed one, text colour on the fill)
fn paint(c: Colour) -> (&'static str, &'static str, &'static str) {
    match c {
        Colour::Red => ("#c0392b", "#f6d5d1", "#fff"),
        Colour::Blue => ("#2563a6", "#d3e2f3", "#fff"),
        Colour::Bystander => ("#d8c9a3", "#f3ecd9", "#1d232b"),
        Colour::Pursuer => ("#1d232b", "#bfc3c8", "#fff"),
    }
}

fn number_text(n: ClueNumber, tr: &dyn Fn(&Msg) -> String) -> String {
    match n {
        ClueNumber::Count(k) => k.to_string(),
        ClueNumber::Infinity => tr(&Msg::new("sluzba-number-infinity")),
    }
}

fn clue_line(clue: &ClueView, tr: &dyn Fn(&Msg) -> String) -> String {
    format!(
        "{}: „{}“ {}",
        tr(&Msg::new(format!(
            "sluzba-team-{}",
            if clue.team == feldpost_engine::sluzba::Team::Red { "red" } else { "blue" }
        ))),
        clue.word,
        number_text(clue.number, tr)
    )
}

fn card(i: usize, view: &CardView, tr: &dyn Fn(&Msg) -> String) -> Group {
    let (x, y) = (GAP + (i % 5) as f64 * (CARD_W + GAP), TOP + (i / 5) as f64 * (CARD_H + GAP));
    let (word, colour, covered) = match view {
        CardView::Uncovered { word } => (word, None, false),
        CardView::Keyed { word, colour } => (word, Some(*colour), false),
        CardView::Covered { word, colour } => (word, Some(*colour), true),
    };
    let (fill, stroke, text_fill, state) = match (colour, covered) {
        (Some(c), true) => (paint(c).0, paint(c).0, paint(c).2, "covered"),
        (Some(c), false) => (paint(c).1, paint(c).0, "#1d232b", "keyed"),
        (None, _) => ("#fffaf0", "#8a7d63", "#1d232b", "uncovered"),
    };
    let mut title = format!("{} {}: {word}", tr(&Msg::new("sluzba-board-card")), i + 1);
    if let Some(c) = colour {
        title.push_str(&format!(" ({})", tr(&Msg::new(format!("sluzba-colour-{}", colour_name(c))))));
    }
    let mut g = Group::new().set("class", format!("card {state}")).set("data-card", i).add(Title::new(title));
    if let Some(c) = colour {
        g = g.set("data-colour", colour_name(c));
    }
    g = g.add(
        Rectangle::new()
            .set("x", x)
            .set("y", y)
            .set("width", CARD_W)
            .set("height", CARD_H)
            .set("rx", 8)
            .set("fill", fill)
            .set("stroke", stroke)
            .set("stroke-width", if state == "keyed" { 5 } else { 2 }),
    );
    // The card's number (as guesses name it) small in the corner, the word large.
    g = g.add(
        Text::new((i + 1).to_string())
            .set("x", x + 8.0)
            .set("y", y + 16.0)
            .set("font-size", 11)
            .set("font-family", "sans-serif")
            .set("fill", text_fill),
    );
    let size = if word.chars().count() > 12 { 15 } else { 19 };
    g.add(
        Text::new(word.clone())
            .set("x", x + CARD_W / 2.0)
            .set("y", y + CARD_H / 2.0 + 7.0)
            .set("text-anchor", "middle")
            .set("font-size", size)
            .set("font-family", "sans-serif")
            .set("font-weight", if covered { "normal" } else { "bold" })
            .set("fill", text_fill)
            .set("text-decoration", if covered { "line-through" } else { "none" }),
    )
}

pub fn board_svg(view: &View, _names: &[String], tr: &dyn Fn(&Msg) -> String) -> String {
    let width = GAP + 5.0 * (CARD_W + GAP);
    let rows = view.cards.len().div_ceil(5).max(1) as f64;
    let height = TOP + rows * (CARD_H + GAP) + 34.0;
    let mut doc = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("role", "img")
        .set("aria-label", tr(&Msg::new("sluzba-board-title")))
        .add(Rectangle::new().set("width", width).set("height", height).set("fill", "#f4efe3"));
    let left = tr(&Msg::new("sluzba-board-left")
        .num("red", view.left.red as i64)
        .num("blue", view.left.blue as i64));
    doc = doc.add(
        Text::new(left)
            .set("x", GAP)
            .set("y", 24)
            .set("font-size", 17)
            .set("font-family", "sans-serif")
            .set("fill", "#1d232b"),
    );
    if let Some(clue) = &view.clue {
        let mut line = clue_line(clue, tr);
        if let Some(g) = &view.guesses {
            line.push_str(&format!(
                " · {}",
                tr(&Msg::new("sluzba-board-guesses-made").num("made", i64::from(g.made)))
            ));
            if let Some(l) = g.left {
                line.push_str(&format!(
                    " · {}",
                    tr(&Msg::new("sluzba-board-guesses-left").num("left", i64::from(l)))
                ));
            }
        }
        doc = doc.add(
            Text::new(line)
                .set("x", GAP)
                .set("y", 46)
                .set("font-size", 15)
                .set("font-family", "sans-serif")
                .set("fill", "#1d232b"),
        );
    }
    for (i, c) in view.cards.iter().enumerate() {
        doc = doc.add(card(i, c, tr));
    }
    if view.cards.is_empty() {
        doc = doc.add(
            Text::new(tr(&Msg::new("sluzba-board-not-laid")))
                .set("x", width / 2.0)
                .set("y", TOP + 40.0)
                .set("text-anchor", "middle")
                .set("font-size", 17)
                .set("font-family", "sans-serif"),
        );
    }
    let foot = format!("{} {}", tr(&Msg::new("sluzba-board-commitment")), view.commitment);
    doc = doc.add(
        Text::new(foot)
            .set("x", GAP)
            .set("y", height - 12.0)
            .set("font-size", 10)
            .set("font-family", "monospace")
            .set("fill", "#5b6672"),
    );
    doc.to_string()
}
