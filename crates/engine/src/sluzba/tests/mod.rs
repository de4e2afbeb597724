//! Tests for Služba v ilegalitě: a scenario per rule id (scenarios.rs, named after the ids in
//! docs/rules/sluzba.md), the leak test (leak.rs), random games to their end (games.rs), the
//! decks (decks.rs) and the contract every ruleset keeps (contract.rs); the Fluent catalogs are
//! checked by the server, in tests/all/contract.rs.

mod contract;
mod decks;
mod driver;
mod games;
mod leak;
mod positions;
mod scenarios;

use super::clue::ClueNumber;
use super::events::{Action, Channel, Event};
use super::key::{Key, commitment};
use super::options::Options;
use super::state::State;
use super::{Sluzba, decide};
use crate::{Random, Refusal, Ruleset, Seat, SeededRandom};

/// The key of the scenario table: cards 0–8 red, 9–16 blue, 17–23 bystanders, 24 the pursuer.
pub const TEST_KEY: &str = "RRRRRRRRRBBBBBBBBNNNNNNNP";
pub const TEST_SALT: &str = "5a17000000000000000000000000000000000000000000000000000000000001";

/// The scenario table's words, in grid order (many from the rule book's examples).
pub const TEST_WORDS: [&str; 25] = [
    // red, 0–8
    "anděl",
    "duch",
    "mapa",
    "řeka",
    "hranice",
    "týden",
    "dokonalost",
    "serafín",
    "Stvořitel",
    // blue, 9–16
    "ptakopysk",
    "vodník",
    "obchod",
    "kočka",
    "krápník",
    "lopata",
    "noha",
    "Lukáš",
    // bystanders, 17–23
    "slunce",
    "hvězda",
    "podzim",
    "moc",
    "noc",
    "meč",
    "chobotnice",
    // the pursuer, 24
    "vír",
];

pub const RED_CARDS: std::ops::Range<u8> = 0..9;
pub const BLUE_CARDS: std::ops::Range<u8> = 9..17;
pub const BYSTANDER: u8 = 17;
pub const PURSUER: u8 = 24;

/// Seats of the automatic four-seat table.
pub const RED_COORDINATOR: Seat = 0;
pub const BLUE_COORDINATOR: Seat = 1;
pub const RED_MEMBER: Seat = 2;
pub const BLUE_MEMBER: Seat = 3;

/// A game under test: the state, its log, and the draws for decisions.
pub struct Game {
    pub options: Options,
    pub seats: usize,
    pub state: State,
    pub events: Vec<Event>,
    seed: [u8; 32],
    draws: u64,
}

impl Game {
    /// The scenario table: TEST_KEY under TEST_WORDS (in V1 the words are still to choose).
    pub fn fixed(options: Options, seats: usize) -> Game {
        Sluzba::check_options(&options, seats).expect("scenario options are valid");
        let key = Key::from_letters(TEST_KEY).unwrap();
        let mut game = Game::empty(options.clone(), seats, [0; 32]);
        let mut setup = vec![Event::KeyDrawn {
            commitment: commitment(&key, TEST_SALT),
            key_holders: game.state.coordinators(),
            key: Some(key),
            salt: Some(TEST_SALT.to_owned()),
        }];
        if !options.easier {
            setup.push(Event::GridLaid { words: TEST_WORDS.iter().map(|w| w.to_string()).collect() });
        }
        game.record(&setup);
        game
    }

    /// A game set up by the engine from `seed`.
    pub fn dealt(options: Options, seats: usize, seed: u64) -> Game {
        Sluzba::check_options(&options, seats).expect("test options are valid");
        let mut seed_bytes = [0u8; 32];
        seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
        let mut game = Game::empty(options.clone(), seats, seed_bytes);
        let mut rng = game.rng("setup");
        let setup = Sluzba::setup(&options, seats, &mut rng);
        game.record(&setup);
        game
    }

    fn empty(options: Options, seats: usize, seed: [u8; 32]) -> Game {
        let state = Sluzba::initial(&options, seats);
        Game { options, seats, state, events: Vec::new(), seed, draws: 0 }
    }

    pub fn rng(&mut self, purpose: &str) -> SeededRandom {
        self.draws += 1;
        SeededRandom::new(&self.seed, "sluzba-test", self.draws, purpose)
    }

    pub fn record(&mut self, events: &[Event]) {
        for event in events {
            Sluzba::apply(&mut self.state, event);
            self.events.push(event.clone());
        }
    }

    /// Decide and, if accepted, apply.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, Refusal> {
        let mut rng = self.rng("decide");
        let events = Sluzba::decide(&self.state, seat, &action, &mut rng)?;
        self.record(&events);
        Ok(events)
    }

    /// An action that must be accepted.
    #[track_caller]
    pub fn ok(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        let shown = format!("{action:?}");
        self.act(seat, action).unwrap_or_else(|r| panic!("seat {seat}: {shown} refused: {r:?}"))
    }

    /// An action that must be refused; the state must not change.
    #[track_caller]
    pub fn refused(&mut self, seat: Seat, action: Action) -> Refusal {
        let before = self.state.clone();
        let shown = format!("{action:?}");
        match self.act(seat, action) {
            Ok(events) => panic!("seat {seat}: {shown} accepted: {events:?}"),
            Err(refusal) => {
                assert_eq!(self.state, before);
                refusal
            }
        }
    }

    pub fn deadline(&mut self) -> Vec<Event> {
        let mut rng = self.rng("deadline");
        let events = decide::deadline_passed(&self.state, &mut rng);
        self.record(&events);
        events
    }
}

pub fn clue(word: &str, number: u8) -> Action {
    Action::GiveClue { word: word.into(), number: ClueNumber::Count(number), explanation: None }
}

pub fn clue_infinity(word: &str) -> Action {
    Action::GiveClue { word: word.into(), number: ClueNumber::Infinity, explanation: None }
}

pub fn guess(card: u8) -> Action {
    Action::Guess { card }
}

pub fn ask(word: &str) -> Action {
    Action::AskApproval { word: word.into(), explanation: None }
}

pub fn chat(channel: Channel, text: &str) -> Action {
    Action::Chat { channel, text: text.into() }
}

/// Draw below `n` (test convenience).
pub fn below(rng: &mut dyn Random, n: usize) -> usize {
    rng.below(n as u32) as usize
}
