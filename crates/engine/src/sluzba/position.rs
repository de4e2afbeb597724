//! A game carried over from a real table (rule A5): the cards already covered at the table
//! (touched, so what each one is is known to all), the team to move and, perhaps, the words of
//! the table's grid, entered by the host; and the key card, which only the coordinators may
//! see. A coordinator enters it privately ([`KeyEntry`]), or the host says the table used none
//! and the server draws one that agrees with the covered cards.
//!
//! Words of the rule book against the brief's: a card "uncovered" at the table (its secret
//! turned face up) is what the rule book and this engine call *covered* (covered by an agent
//! card of its colour, S17).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::key::{Colour, GRID_CARDS, Key, Team, commitment, draw_salt};
use super::options::{SeatRole, Table};
use super::state::{Phase, State};
use super::words::normalise;
use crate::random::{Random, shuffle};
use crate::{Msg, Refusal, Seat};

/// The rule every refusal here names.
pub const RULE: &str = "A5";

/// The longest word of a grid entered by the host (the length a strict clue may have).
pub const MAX_WORD_CHARS: usize = 40;

/// What the host enters: the open table, as everybody at it can see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The cards covered at the table, each with the colour it turned out to be.
    #[serde(default)]
    pub covered: Vec<CoveredCard>,
    /// The team whose coordinator gives the next clue.
    pub to_move: Team,
    /// The table used no key card: the server draws one (agreeing with the covered cards), and
    /// the coordinators see it on their pages.
    #[serde(default)]
    pub draw_key: bool,
    /// The table's 25 words, row by row; left out, the grid the server laid stays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub words: Option<Vec<String>>,
}

/// A card covered at the table: its number (0–24, row by row, as a guess names it) and its
/// colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoveredCard {
    pub card: u8,
    pub colour: Colour,
}

/// What a coordinator enters privately: the key card, as the 25 letters of the key's text
/// (R red, B blue, N bystander, P pursuer; row by row; case and spaces do not matter).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyEntry {
    pub key: String,
}

/// What the state remembers of an entered position while it is on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entered {
    pub to_move: Team,
    /// The colours of the covered cards, as the host entered them (public).
    pub covered: Vec<CoveredCard>,
    /// The server drew the key: no coordinator enters one.
    pub key_drawn: bool,
}

fn refuse(key: &str) -> Refusal {
    Refusal::new(RULE, Msg::new(key))
}

fn refuse_card(key: &str, card: u8) -> Refusal {
    Refusal::new(RULE, Msg::new(key).num("card", i64::from(card) + 1))
}

impl Position {
    /// Whether play could go on from here: cards that exist, each once, no more of a colour
    /// than a key holds, the pursuer still hidden and neither team done (either would have
    /// ended the game), and a grid of 25 distinct words.
    pub fn check(&self, state: &State) -> Result<(), Refusal> {
        match &self.words {
            Some(words) => check_words(words)?,
            None if state.words.len() != GRID_CARDS => return Err(refuse("sluzba-position-words-needed")),
            None => {}
        }
        let mut seen = BTreeSet::new();
        for c in &self.covered {
            if usize::from(c.card) >= GRID_CARDS {
                return Err(refuse_card("sluzba-position-card-unknown", c.card));
            }
            if !seen.insert(c.card) {
                return Err(refuse_card("sluzba-position-card-twice", c.card));
            }
        }
        for colour in Colour::ALL {
            let n = self.covered.iter().filter(|c| c.colour == colour).count();
            if colour == Colour::Pursuer && n > 0 {
                return Err(refuse("sluzba-position-pursuer-covered"));
            }
            if let Some(team) = colour.team()
                && n >= team.cards()
            {
                return Err(Refusal::new(
                    RULE,
                    Msg::new("sluzba-position-team-done").key("team", super::describe::team_key(team)),
                ));
            }
            if n > colour.count() {
                return Err(Refusal::new(
                    RULE,
                    Msg::new("sluzba-position-too-many")
                        .key("colour", super::describe::colour_key(colour))
                        .num("max", colour.count() as i64),
                ));
            }
        }
        Ok(())
    }

    /// The events that put the position on the table: the position, then (when the server
    /// draws it) the key, for the coordinators only.
    pub fn events(&self, state: &State, rng: &mut dyn Random) -> Result<Vec<Event>, Refusal> {
        self.check(state)?;
        let mut events = vec![Event::PositionEntered {
            covered: self.covered.clone(),
            to_move: self.to_move,
            key_drawn: self.draw_key,
            words: self.words.as_ref().map(|w| w.iter().map(|w| w.trim().to_owned()).collect()),
        }];
        if self.draw_key {
            let key = draw_agreeing(&self.covered, rng);
            let salt = draw_salt(rng);
            events.push(Event::KeyDrawn {
                commitment: commitment(&key, &salt),
                key_holders: state.coordinators(),
                key: Some(key),
                salt: Some(salt),
            });
        }
        Ok(events)
    }
}

fn check_words(words: &[String]) -> Result<(), Refusal> {
    if words.len() != GRID_CARDS {
        return Err(Refusal::new(
            RULE,
            Msg::new("sluzba-position-words-count").num("count", words.len() as i64),
        ));
    }
    let mut seen = BTreeSet::new();
    for (i, word) in words.iter().enumerate() {
        let word = word.trim();
        let card = i as u8;
        if word.is_empty()
            || word.chars().count() > MAX_WORD_CHARS
            || word.chars().any(|c| c.is_control() || c.is_whitespace())
        {
            return Err(refuse_card("sluzba-position-word-bad", card));
        }
        if !seen.insert(normalise(word)) {
            return Err(refuse_card("sluzba-position-word-twice", card));
        }
    }
    Ok(())
}

/// A key that puts the covered cards' colours where they lie and shuffles the rest.
fn draw_agreeing(covered: &[CoveredCard], rng: &mut dyn Random) -> Key {
    let mut rest: Vec<Colour> = Colour::ALL
        .into_iter()
        .flat_map(|c| {
            let used = covered.iter().filter(|k| k.colour == c).count();
            std::iter::repeat_n(c, c.count().saturating_sub(used))
        })
        .collect();
    shuffle(&mut rest, rng);
    let mut rest = rest.into_iter();
    let mut colours = [Colour::Bystander; GRID_CARDS];
    for (card, slot) in colours.iter_mut().enumerate() {
        *slot = match covered.iter().find(|c| usize::from(c.card) == card) {
            Some(c) => c.colour,
            None => rest.next().unwrap_or(Colour::Bystander),
        };
    }
    // Checked positions leave exactly the colours the open cards need.
    Key::with_colours(colours).unwrap_or_else(|_| Key::draw(rng))
}

impl KeyEntry {
    /// The key as typed: 25 letters R, B, N, P with 9, 8, 7 and 1 of each, in any case, spaces
    /// and dashes ignored.
    pub fn key(&self) -> Result<Key, Refusal> {
        let letters: String = self
            .key
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .flat_map(char::to_uppercase)
            .collect();
        if letters.chars().count() > 4 * GRID_CARDS {
            return Err(refuse("sluzba-position-key-invalid"));
        }
        Key::from_letters(&letters).map_err(|_| refuse("sluzba-position-key-invalid"))
    }

    /// A coordinator's key card, checked against the position on the table: the seat is a
    /// coordinator, the host has entered the table and not asked for a drawn key, and every
    /// covered card has the colour the key gives it.
    pub fn events(&self, state: &State, seat: Seat, rng: &mut dyn Random) -> Result<Vec<Event>, Refusal> {
        if !state.role(seat).is_some_and(SeatRole::is_coordinator) {
            return Err(Refusal::not_your_turn(RULE, Msg::new("sluzba-position-key-not-coordinator")));
        }
        let Some(entered) = &state.position else {
            return Err(refuse("sluzba-position-key-before-table"));
        };
        if entered.key_drawn {
            return Err(refuse("sluzba-position-key-drawn"));
        }
        if !matches!(state.phase, Phase::Setup | Phase::Clue { .. } | Phase::Fictitious)
            || !state.clues.is_empty()
        {
            return Err(refuse("sluzba-position-key-in-play"));
        }
        let key = self.key()?;
        if let Some(c) = entered.covered.iter().find(|c| key.colour(usize::from(c.card)) != c.colour) {
            return Err(refuse_card("sluzba-position-key-disagrees", c.card));
        }
        let salt = draw_salt(rng);
        Ok(vec![Event::KeyEntered {
            seat,
            commitment: commitment(&key, &salt),
            key_holders: state.coordinators(),
            key: Some(key),
            salt: Some(salt),
        }])
    }
}

/// The phase play begins in from an entered position with its key.
pub fn first_phase(state: &State, to_move: Team) -> Phase {
    if state.options.table == Table::OneTeam && to_move == Team::Blue {
        Phase::Fictitious
    } else {
        Phase::Clue { team: to_move }
    }
}
