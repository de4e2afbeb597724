//! The word decks: plain text files compiled into the engine, one double-sided card per line
//! (`front / back`); blank lines and lines starting with `#` are ignored.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::options::DeckChoice;
use super::words::normalise;

const CZECH: &str = include_str!("decks/cs.txt");
const ENGLISH: &str = include_str!("decks/en.txt");
const CZECH_THEMED: &str = include_str!("decks/cs-themed.txt");

/// One double-sided word card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WordCard {
    pub front: &'static str,
    pub back: &'static str,
}

impl WordCard {
    pub fn side(&self, back: bool) -> &'static str {
        if back { self.back } else { self.front }
    }
}

#[derive(Debug)]
pub struct Deck {
    pub cards: Vec<WordCard>,
    /// Normalised word → the card that carries it.
    by_word: HashMap<String, usize>,
}

impl Deck {
    /// Parse a deck file. The files are part of the source and tested, so a malformed line is a
    /// programming error and panics with its line number.
    pub fn parse(text: &'static str) -> Deck {
        let mut cards = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (front, back) = line
                .split_once(" / ")
                .unwrap_or_else(|| panic!("deck line {}: expected `front / back`", number + 1));
            cards.push(WordCard { front: front.trim(), back: back.trim() });
        }
        let mut by_word = HashMap::new();
        for (index, card) in cards.iter().enumerate() {
            by_word.entry(normalise(card.front)).or_insert(index);
            by_word.entry(normalise(card.back)).or_insert(index);
        }
        Deck { cards, by_word }
    }

    /// The card showing `word` on one of its sides (case and diacritics ignored), and that
    /// side's word as the deck spells it.
    pub fn find(&self, word: &str) -> Option<(usize, &'static str)> {
        let key = normalise(word.trim());
        let index = *self.by_word.get(&key)?;
        let card = self.cards[index];
        let side = if normalise(card.front) == key { card.front } else { card.back };
        Some((index, side))
    }
}

/// The deck chosen at creation.
pub fn deck(choice: DeckChoice) -> &'static Deck {
    static DECKS: [OnceLock<Deck>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let (slot, text) = match choice {
        DeckChoice::Czech => (0, CZECH),
        DeckChoice::English => (1, ENGLISH),
        DeckChoice::CzechThemed => (2, CZECH_THEMED),
    };
    DECKS[slot].get_or_init(|| Deck::parse(text))
}
