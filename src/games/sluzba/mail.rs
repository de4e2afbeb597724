//! Služba v ilegalitě in a mail: the 25 cards as the seat's view shows them (a coordinator's
//! with the key's colours, a member's with the colours of the covered cards only), and why a
//! card number typed in a reply names none of the seat's choices. Everything here is read from
//! the seat's view (docs/architecture.md, rule 4).

use crate::games::{MailBoard, MailCell};
use feldpost_engine::Msg;
use feldpost_engine::sluzba::{CardView, Colour, View};

/// Cards in a row of the table.
const ROW: usize = 5;

fn letter(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "sluzba-mail-mark-red",
        Colour::Blue => "sluzba-mail-mark-blue",
        Colour::Bystander => "sluzba-mail-mark-bystander",
        Colour::Pursuer => "sluzba-mail-mark-pursuer",
    }
}

fn name(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "sluzba-colour-red",
        Colour::Blue => "sluzba-colour-blue",
        Colour::Bystander => "sluzba-colour-bystander",
        Colour::Pursuer => "sluzba-colour-pursuer",
    }
}

fn tone(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "#f6c6c1",
        Colour::Blue => "#c5d9f5",
        Colour::Bystander => "#ece3cf",
        Colour::Pursuer => "#a9a9a9",
    }
}

/// The cards, row by row, each with its number (1–25, as a reply names it), its word and what
/// the viewer knows of its colour. `None` before the cards are on the table.
pub(super) fn board(view: &View) -> Option<MailBoard> {
    if view.cards.is_empty() {
        return None;
    }
    let cells: Vec<MailCell> = view
        .cards
        .iter()
        .enumerate()
        .map(|(i, card)| {
            let number = i as u32 + 1;
            match card {
                CardView::Uncovered { word } => MailCell {
                    number,
                    text: word.clone(),
                    mark: Msg::new("sluzba-mail-mark-open"),
                    says: Msg::new("sluzba-mail-says-open"),
                    tone: None,
                },
                CardView::Keyed { word, colour } => MailCell {
                    number,
                    text: word.clone(),
                    mark: Msg::new(letter(*colour)),
                    says: Msg::new(name(*colour)),
                    tone: Some(tone(*colour)),
                },
                CardView::Covered { word, colour } => MailCell {
                    number,
                    text: word.clone(),
                    mark: Msg::new("sluzba-mail-mark-covered").key("mark", letter(*colour)),
                    says: Msg::new("sluzba-mail-says-covered").key("colour", name(*colour)),
                    tone: Some(tone(*colour)),
                },
            }
        })
        .collect();
    Some(MailBoard {
        caption: Msg::new("sluzba-mail-board"),
        legend: Msg::new("sluzba-mail-legend"),
        rows: cells.chunks(ROW).map(<[MailCell]>::to_vec).collect(),
    })
}

/// Why card `number` is none of the seat's choices: there is no such card, it is covered, or it
/// is not the seat's to touch now.
pub(super) fn number_not_offered(view: &View, number: i64) -> Msg {
    let card = usize::try_from(number).ok().and_then(|n| n.checked_sub(1)).and_then(|i| view.cards.get(i));
    match card {
        None => Msg::new("sluzba-mail-no-card").num("card", number).num("count", view.cards.len() as i64),
        Some(CardView::Covered { word, .. }) => {
            Msg::new("sluzba-mail-card-covered").num("card", number).text("word", word.clone())
        }
        Some(CardView::Uncovered { word } | CardView::Keyed { word, .. }) => {
            Msg::new("sluzba-mail-card-not-offered").num("card", number).text("word", word.clone())
        }
    }
}

/// `typed` with each colour mark of the mail's table, in any language we ship, as the letter the
/// engine reads (R, B, N, P); anything else as typed (the engine refuses what is no key).
pub fn key_letters(typed: &str) -> String {
    let marks: Vec<(char, char)> = crate::i18n::Lang::ALL
        .iter()
        .flat_map(|lang| {
            let tr = crate::i18n::Tr::new(*lang);
            [("red", 'R'), ("blue", 'B'), ("bystander", 'N'), ("pursuer", 'P')].map(|(colour, letter)| {
                let mark = tr.t(&format!("sluzba-mail-mark-{colour}"));
                (mark.chars().next().unwrap_or(letter), letter)
            })
        })
        .collect();
    typed
        .chars()
        .flat_map(char::to_uppercase)
        .map(|c| marks.iter().find(|(mark, _)| *mark == c).map_or(c, |(_, letter)| *letter))
        .collect()
}

#[cfg(test)]
mod key_tests {
    #[test]
    fn the_marks_of_every_language_read_as_the_engines_letters() {
        assert_eq!(super::key_letters("rbnp"), "RBNP");
        assert_eq!(super::key_letters("Čm np"), "RB NP");
        assert_eq!(super::key_letters("кСнП"), "RBNP");
        assert_eq!(super::key_letters("x-1"), "X-1", "anything else as typed");
    }
}
