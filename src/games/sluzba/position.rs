//! A position from a real table (docs/positions.md, rule A5): the host's form (the grid's
//! words, which cards were covered and as what, the team to move, "the table used no key card")
//! and a coordinator's private form for the key card. Both are drawn from a view (the host's
//! from the public one, the key form from the coordinator's own) and read back into the
//! engine's `Position` and `KeyEntry`. Plain HTML: no script needed.

use feldpost_engine::Msg;
use feldpost_engine::sluzba::view::PhaseView;
use feldpost_engine::sluzba::{CardView, Colour, CoveredCard, KeyEntry, Position, SeatRole, Team, View};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write;

/// The grid's size (the engine's, as the form lays it out).
const CARDS: usize = 25;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn colour_value(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "red",
        Colour::Blue => "blue",
        Colour::Bystander => "bystander",
        Colour::Pursuer => "pursuer",
    }
}

fn colour_of(value: &str) -> Option<Colour> {
    Colour::ALL.into_iter().find(|c| colour_value(*c) == value)
}

fn colour_label(colour: Colour, tr: &dyn Fn(&Msg) -> String) -> String {
    tr(&Msg::new(feldpost_engine::sluzba::describe::colour_key(colour)))
}

fn word_of(card: &CardView) -> &str {
    match card {
        CardView::Uncovered { word } | CardView::Keyed { word, .. } | CardView::Covered { word, .. } => word,
    }
}

/// The label of card `i` (its number from 1, as the board shows it, and its word).
fn card_label(view: &View, i: usize, tr: &dyn Fn(&Msg) -> String) -> String {
    let word = view.cards.get(i).map(word_of).unwrap_or("");
    escape(&tr(&Msg::new("sluzba-position-card").num("card", i as i64 + 1).text("word", word)))
}

/// The host's fields, from the public `view` and the position entered last (`current`).
pub fn host_fields(view: &View, current: Option<&Value>, tr: &dyn Fn(&Msg) -> String) -> String {
    let current = current.and_then(|v| serde_json::from_value::<Position>(v.clone()).ok());
    let covered: HashMap<usize, Colour> = match &current {
        Some(p) => p.covered.iter().map(|c| (usize::from(c.card), c.colour)).collect(),
        None => view
            .cards
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match c {
                CardView::Covered { colour, .. } => Some((i, *colour)),
                _ => None,
            })
            .collect(),
    };
    let words: Vec<String> = match current.as_ref().and_then(|p| p.words.clone()) {
        Some(words) => words,
        None => view.cards.iter().map(|c| word_of(c).to_owned()).collect(),
    };
    let mut html = String::new();
    let _ = write!(
        html,
        "<label>{} <textarea name=\"words\" rows=\"8\" required>{}</textarea></label><p class=\"note\">{}</p>",
        escape(&tr(&Msg::new("sluzba-position-words"))),
        escape(&words.join("\n")),
        escape(&tr(&Msg::new("sluzba-position-words-help"))),
    );
    let _ = write!(html, "<fieldset><legend>{}</legend>", escape(&tr(&Msg::new("sluzba-position-covered"))));
    for i in 0..CARDS {
        let _ = write!(
            html,
            "<label>{} <select name=\"card_{i}\"><option value=\"open\">{}</option>",
            card_label(view, i, tr),
            escape(&tr(&Msg::new("sluzba-position-open"))),
        );
        for colour in [Colour::Red, Colour::Blue, Colour::Bystander] {
            let selected = if covered.get(&i) == Some(&colour) { " selected" } else { "" };
            let _ = write!(
                html,
                "<option value=\"{}\"{selected}>{}</option>",
                colour_value(colour),
                escape(&colour_label(colour, tr)),
            );
        }
        html.push_str("</select></label>");
    }
    html.push_str("</fieldset>");
    let to_move = current.as_ref().map_or(Team::Red, |p| p.to_move);
    let _ = write!(
        html,
        "<label>{} <select name=\"to_move\">",
        escape(&tr(&Msg::new("sluzba-position-to-move")))
    );
    for (team, value) in [(Team::Red, "red"), (Team::Blue, "blue")] {
        let selected = if team == to_move { " selected" } else { "" };
        let _ = write!(
            html,
            "<option value=\"{value}\"{selected}>{}</option>",
            escape(&tr(&Msg::new(feldpost_engine::sluzba::describe::team_key(team)))),
        );
    }
    html.push_str("</select></label>");
    let checked = if current.as_ref().is_some_and(|p| p.draw_key) { " checked" } else { "" };
    let _ = write!(
        html,
        "<label><input type=\"checkbox\" name=\"draw_key\" value=\"yes\"{checked}> {}</label><p class=\"note\">{}</p>",
        escape(&tr(&Msg::new("sluzba-position-draw-key"))),
        escape(&tr(&Msg::new("sluzba-position-draw-key-help"))),
    );
    html
}

/// The host's form read back into the engine's position (the engine checks it).
pub fn read_host(fields: &HashMap<String, String>) -> Result<Value, &'static str> {
    let words: Vec<String> = fields
        .get("words")
        .map(|w| w.lines().map(str::trim).filter(|w| !w.is_empty()).map(str::to_owned).collect())
        .unwrap_or_default();
    let mut covered = Vec::new();
    for i in 0..CARDS {
        match fields.get(&format!("card_{i}")).map(String::as_str) {
            None | Some("open") => {}
            Some(value) => {
                let colour = colour_of(value).ok_or("sluzba-position-form-incomplete")?;
                covered.push(CoveredCard { card: i as u8, colour });
            }
        }
    }
    let to_move = match fields.get("to_move").map(String::as_str) {
        Some("red") => Team::Red,
        Some("blue") => Team::Blue,
        _ => return Err("sluzba-position-form-incomplete"),
    };
    let position = Position {
        covered,
        to_move,
        draw_key: fields.get("draw_key").is_some_and(|v| v == "yes"),
        words: (!words.is_empty()).then_some(words),
    };
    serde_json::to_value(position).map_err(|_| "sluzba-position-form-incomplete")
}

/// A coordinator's key-card fields, from the coordinator's own `view`: offered while the key
/// is still to be entered (the game waits in its setup phase), one choice per card, the covered
/// ones chosen as they were covered.
pub fn key_fields(view: &View, tr: &dyn Fn(&Msg) -> String) -> String {
    if !view.you.is_some_and(SeatRole::is_coordinator)
        || view.phase != PhaseView::Setup
        || view.cards.len() != CARDS
    {
        return String::new();
    }
    let mut html = String::new();
    let _ = write!(
        html,
        "<fieldset><legend>{}</legend><p class=\"note\">{}</p>",
        escape(&tr(&Msg::new("sluzba-position-key-legend"))),
        escape(&tr(&Msg::new("sluzba-position-key-help"))),
    );
    for (i, card) in view.cards.iter().enumerate() {
        let known = match card {
            CardView::Covered { colour, .. } => Some(*colour),
            _ => None,
        };
        let _ = write!(
            html,
            "<label>{} <select name=\"key_{i}\" required><option value=\"\"></option>",
            card_label(view, i, tr)
        );
        for colour in Colour::ALL {
            let selected = if known == Some(colour) { " selected" } else { "" };
            let _ = write!(
                html,
                "<option value=\"{}\"{selected}>{}</option>",
                colour_value(colour),
                escape(&colour_label(colour, tr)),
            );
        }
        html.push_str("</select></label>");
    }
    html.push_str("</fieldset>");
    html
}

/// The key-card form read back into the engine's key entry (the engine checks it).
pub fn read_key(fields: &HashMap<String, String>) -> Result<Value, &'static str> {
    let mut letters = String::new();
    for i in 0..CARDS {
        let colour = fields
            .get(&format!("key_{i}"))
            .and_then(|v| colour_of(v))
            .ok_or("sluzba-position-form-incomplete")?;
        letters.push(colour.letter());
    }
    serde_json::to_value(KeyEntry { key: letters }).map_err(|_| "sluzba-position-form-incomplete")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_form_reads_back_what_it_shows() {
        let mut fields: HashMap<String, String> = HashMap::new();
        fields.insert("words".into(), (1..=25).map(|i| format!("w{i}")).collect::<Vec<_>>().join("\r\n"));
        fields.insert("card_3".into(), "blue".into());
        fields.insert("card_4".into(), "open".into());
        fields.insert("to_move".into(), "blue".into());
        fields.insert("draw_key".into(), "yes".into());
        let position: Position = serde_json::from_value(read_host(&fields).unwrap()).unwrap();
        assert_eq!(position.covered, vec![CoveredCard { card: 3, colour: Colour::Blue }]);
        assert_eq!((position.to_move, position.draw_key), (Team::Blue, true));
        assert_eq!(position.words.unwrap().len(), 25);
        fields.insert("card_5".into(), "purple".into());
        assert_eq!(read_host(&fields), Err("sluzba-position-form-incomplete"));
    }

    #[test]
    fn the_key_form_reads_every_card() {
        let key = "RRRRRRRRRBBBBBBBBNNNNNNNP";
        let mut fields: HashMap<String, String> = key
            .chars()
            .enumerate()
            .map(|(i, l)| (format!("key_{i}"), colour_value(Colour::from_letter(l).unwrap()).to_owned()))
            .collect();
        assert_eq!(read_key(&fields).unwrap(), serde_json::json!({ "key": key }));
        fields.remove("key_7");
        assert_eq!(read_key(&fields), Err("sluzba-position-form-incomplete"));
    }
}
