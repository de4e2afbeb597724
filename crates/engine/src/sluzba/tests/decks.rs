//! The word decks: sizes, and words fit to play with.

use std::collections::HashMap;

use crate::sluzba::decks::{Deck, deck};
use crate::sluzba::options::DeckChoice;
use crate::sluzba::words::{normalise, number_words};

const MINIMUM_CARDS: [(DeckChoice, usize); 3] =
    [(DeckChoice::Czech, 400), (DeckChoice::English, 200), (DeckChoice::CzechThemed, 60)];

fn words(deck: &Deck) -> impl Iterator<Item = &'static str> + '_ {
    deck.cards.iter().flat_map(|card| [card.front, card.back])
}

#[test]
fn every_deck_has_its_minimum_size() {
    for (choice, minimum) in MINIMUM_CARDS {
        let cards = deck(choice).cards.len();
        assert!(cards >= minimum, "{choice:?}: {cards} cards, at least {minimum} wanted");
    }
}

#[test]
fn no_word_repeats_within_a_deck_ignoring_case_and_diacritics() {
    for (choice, _) in MINIMUM_CARDS {
        let mut seen: HashMap<String, &str> = HashMap::new();
        for word in words(deck(choice)) {
            if let Some(earlier) = seen.insert(normalise(word), word) {
                panic!("{choice:?}: {word:?} repeats {earlier:?}");
            }
        }
    }
}

#[test]
fn every_word_is_one_word_of_letters() {
    let numbers: Vec<&str> = (0..=9).map(Some).chain([None]).flat_map(number_words).copied().collect();
    for (choice, _) in MINIMUM_CARDS {
        for word in words(deck(choice)) {
            assert!(!word.is_empty(), "{choice:?}: an empty word");
            assert!(word.chars().all(char::is_alphabetic), "{choice:?}: {word:?} is not one word of letters");
            // A number word on the table would collide with rule S8.
            assert!(!numbers.contains(&normalise(word).as_str()), "{choice:?}: {word:?} is a number");
        }
    }
}

#[test]
fn every_word_finds_its_card() {
    for (choice, _) in MINIMUM_CARDS {
        let deck = deck(choice);
        for (index, card) in deck.cards.iter().enumerate() {
            assert_eq!(deck.find(card.front), Some((index, card.front)));
            assert_eq!(deck.find(&card.back.to_uppercase()), Some((index, card.back)));
        }
    }
    assert_eq!(deck(DeckChoice::CzechThemed).find("stvoritel").map(|(_, w)| w), Some("Stvořitel"));
}

#[test]
fn the_themed_deck_holds_the_rule_books_examples() {
    let themed = deck(DeckChoice::CzechThemed);
    for word in [
        "Stvořitel",
        "duch",
        "anděl",
        "Jehova",
        "Bůh",
        "mapa",
        "řeka",
        "hranice",
        "týden",
        "dokonalost",
        "serafín",
    ] {
        assert!(themed.find(word).is_some(), "{word}");
    }
}
