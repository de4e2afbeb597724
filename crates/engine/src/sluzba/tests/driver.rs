//! A random player for whole games: picks legal moves (filling templates with valid and with
//! invalid input), chats, lets deadlines pass, and tries moves that are not legal, asserting
//! after each attempt that the engine accepted exactly what it should.

use std::mem::discriminant;

use super::{Game, below};
use crate::sluzba::Sluzba;
use crate::sluzba::clue::{ClueNumber, MAX_CLUE_CHARS};
use crate::sluzba::decks::deck;
use crate::sluzba::events::{Action, Channel};
use crate::sluzba::key::Colour;
use crate::sluzba::options::{DeckChoice, Options, Table};
use crate::sluzba::state::Phase;
use crate::sluzba::words::{Comparison, normalise, number_words};
use crate::{Msg, Random, Refusal, Ruleset, Seat, SeededRandom};

/// The tables random games are played at: every table shape and every variant flag.
pub fn table_options(pick: usize) -> (Options, usize) {
    let base = Options::default();
    match pick % 9 {
        0 => (base, 4),
        1 => (base, 7),
        2 => (Options { table: Table::ThreePlayers, ..base }, 3),
        3 => (Options { table: Table::OneTeam, ..base }, 2),
        4 => (Options { table: Table::OneTeam, easier: true, deck: DeckChoice::CzechThemed, ..base }, 4),
        5 => (Options { easier: true, ..base }, 5),
        6 => (
            Options {
                strict_clues: false,
                rhymes_allowed: true,
                homophones_by_sound: true,
                deck: DeckChoice::English,
                ..base
            },
            6,
        ),
        7 => (Options { table: Table::ThreePlayers, easier: true, ..base }, 4),
        _ => (Options { deck: DeckChoice::CzechThemed, homophones_by_sound: true, ..base }, 4),
    }
}

/// What the driver saw, for the tests that look at messages and secrets.
#[derive(Default)]
pub struct Seen {
    pub refusals: Vec<Refusal>,
    pub action_labels: Vec<Msg>,
    /// Words asked for approval (they must stay between the coordinators unless given).
    pub drafts: Vec<String>,
}

pub struct Driver {
    rng: SeededRandom,
    counter: u32,
    pub seen: Seen,
}

/// Letters-only unique suffixes, so markers are valid clue words and never contain digits.
fn letters(mut n: u32) -> String {
    let mut s = String::new();
    loop {
        s.push(char::from(b'a' + (n % 26) as u8));
        n /= 26;
        if n == 0 {
            return s;
        }
    }
}

impl Driver {
    pub fn new(seed: u64) -> Driver {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_be_bytes());
        Driver { rng: SeededRandom::new(&key, "driver", 0, "choices"), counter: 0, seen: Seen::default() }
    }

    /// Shuffle with the driver's own draws (for tests that need a random permutation).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        crate::random::shuffle(items, &mut self.rng);
    }

    fn chance(&mut self, percent: u32) -> bool {
        self.rng.below(100) < percent
    }

    fn unique(&mut self) -> u32 {
        self.counter += 1;
        self.counter
    }

    /// A unique chat text: a marker that cannot occur anywhere else.
    pub fn chat_text(&mut self) -> String {
        format!("chatmark{}q", letters(self.unique()))
    }

    /// One step. Returns false once the game is over and nothing is left to do.
    pub fn step(&mut self, game: &mut Game) -> bool {
        if matches!(game.state.phase, Phase::Ended { .. }) {
            // Chat stays open after the end; one last message now and then.
            if self.chance(30) {
                self.try_chat(game);
            }
            return false;
        }
        match self.rng.below(100) {
            0..=2 => {
                let events = game.deadline();
                assert!(!events.is_empty(), "every wait has a deadline consequence: {:?}", game.state.phase);
            }
            3..=11 => self.try_chat(game),
            12..=19 => self.try_illegal(game),
            _ => self.play_legal(game),
        }
        true
    }

    fn try_chat(&mut self, game: &mut Game) {
        let seat = below(&mut self.rng, game.seats) as Seat;
        let channel = Channel::ALL[below(&mut self.rng, 3)];
        let text = self.chat_text();
        let allowed = game.state.may_post(seat, channel);
        let result = game.act(seat, Action::Chat { channel, text });
        match result {
            Ok(_) => assert!(allowed, "seat {seat} posted to {channel:?}"),
            Err(refusal) => {
                assert!(!allowed, "seat {seat} refused in {channel:?}: {refusal:?}");
                self.seen.refusals.push(refusal);
            }
        }
    }

    /// A move from a pool of plausible moves by a random seat: accepted exactly when
    /// `legal_actions` offers it (templates: when a template of its kind is offered).
    fn try_illegal(&mut self, game: &mut Game) {
        let seat = below(&mut self.rng, game.seats) as Seat;
        let card = below(&mut self.rng, 27) as u8;
        let deck_word = self.deck_word(game);
        let pool = [
            Action::Guess { card },
            Action::Stop,
            Action::Approve,
            Action::Reject,
            Action::WithdrawRequest,
            Action::RuleInvalid { reason: None },
            Action::CoverFictitious { card },
            Action::DealRest,
            Action::GiveClue { word: deck_word.clone(), number: ClueNumber::Count(2), explanation: None },
            Action::AskApproval { word: format!("tajnydotaz{}", letters(self.unique())), explanation: None },
            Action::ChooseWords { words: vec![deck_word] },
        ];
        let action = pool[below(&mut self.rng, pool.len())].clone();
        let legal = Sluzba::legal_actions(&game.state, seat);
        let offered = legal
            .iter()
            .any(|l| if l.is_template() { discriminant(l) == discriminant(&action) } else { *l == action });
        if offered {
            return; // a legal move; play_legal covers those with the right expectations
        }
        let refusal = game.refused(seat, action);
        self.seen.refusals.push(refusal);
    }

    /// A random word of the game's deck that is not (by this table's comparison) uncovered on
    /// the table.
    fn deck_word(&mut self, game: &Game) -> String {
        let deck = deck(game.options.deck);
        loop {
            let card = deck.cards[below(&mut self.rng, deck.cards.len())];
            let word = card.side(self.chance(50));
            if !is_visible(game, word) {
                return word.to_owned();
            }
        }
    }

    fn play_legal(&mut self, game: &mut Game) {
        // Every seat's offered moves (chat aside), each with a weight.
        let mut moves: Vec<(Seat, Action, u32)> = Vec::new();
        for seat in 0..game.seats as Seat {
            for action in Sluzba::legal_actions(&game.state, seat) {
                let weight = match action {
                    Action::Guess { .. } => 2,
                    Action::Stop => 6,
                    Action::GiveClue { .. } => 20,
                    Action::AskApproval { .. } => 3,
                    Action::Approve => 8,
                    Action::Reject => 6,
                    Action::WithdrawRequest => 2,
                    Action::RuleInvalid { .. } => 2,
                    Action::CoverFictitious { .. } => 3,
                    Action::ChooseWords { .. } => 10,
                    Action::DealRest => 3,
                    Action::Chat { .. } | Action::Concede => 0,
                };
                if weight > 0 {
                    moves.push((seat, action, weight));
                }
            }
        }
        assert!(!moves.is_empty(), "a running game offers a move: {:?}", game.state.phase);
        let total: u32 = moves.iter().map(|m| m.2).sum();
        let mut pick = self.rng.below(total);
        let (seat, action) = moves
            .into_iter()
            .find_map(|(seat, action, weight)| {
                if pick < weight {
                    Some((seat, action))
                } else {
                    pick -= weight;
                    None
                }
            })
            .expect("the pick falls within the total");
        self.seen.action_labels.push(Sluzba::describe_action(&game.state, &action));
        match action {
            Action::Guess { .. } => {
                let card = self.biased_guess(game);
                game.ok(seat, Action::Guess { card });
            }
            Action::GiveClue { .. } => self.give_clue(game, seat),
            Action::AskApproval { .. } => self.ask_approval(game, seat),
            Action::ChooseWords { .. } => self.choose_words(game, seat),
            other => {
                game.ok(seat, other);
            }
        }
    }

    /// A card to touch: like a team that understood the clue more often than not, so that
    /// games last (uniform guesses would find the pursuer within a few turns).
    fn biased_guess(&mut self, game: &Game) -> u8 {
        let Phase::Guessing { team, .. } = game.state.phase else {
            unreachable!("guesses are offered while guessing")
        };
        let uncovered: Vec<usize> =
            (0..game.state.words.len()).filter(|&c| !game.state.is_covered(c)).collect();
        let colour = |c: usize| game.state.colour(c).expect("the key is drawn");
        let own: Vec<usize> = uncovered.iter().copied().filter(|&c| colour(c) == team.colour()).collect();
        let safe: Vec<usize> = uncovered.iter().copied().filter(|&c| colour(c) != Colour::Pursuer).collect();
        let pool = if !own.is_empty() && self.chance(55) {
            own
        } else if self.chance(92) {
            safe
        } else {
            uncovered
        };
        pool[below(&mut self.rng, pool.len())] as u8
    }

    fn random_number(&mut self) -> ClueNumber {
        if self.chance(10) { ClueNumber::Infinity } else { ClueNumber::Count(self.rng.below(10) as u8) }
    }

    fn give_clue(&mut self, game: &mut Game, seat: Seat) {
        let number = self.random_number();
        if self.chance(25) {
            return self.give_invalid_clue(game, seat, number);
        }
        // A valid clue: a deck word that is not uncovered, a covered table word (allowed again,
        // S6), or a word approved earlier this turn.
        // A word the other coordinator rejected this turn is tried too: it must be refused.
        let answered = |approved: bool| -> Vec<String> {
            game.state
                .rulings
                .iter()
                .filter(|r| r.approved == approved)
                .map(|r| r.draft.word.clone())
                .collect()
        };
        let (approved, rejected_words) = (answered(true), answered(false));
        let covered: Vec<String> = (0..game.state.words.len())
            .filter(|&c| game.state.is_covered(c) && !is_visible(game, &game.state.words[c]))
            .map(|c| game.state.words[c].clone())
            .collect();
        let word = if !approved.is_empty() && self.chance(60) {
            approved[below(&mut self.rng, approved.len())].clone()
        } else if !rejected_words.is_empty() && self.chance(30) {
            rejected_words[below(&mut self.rng, rejected_words.len())].clone()
        } else if !covered.is_empty() && self.chance(20) {
            covered[below(&mut self.rng, covered.len())].clone()
        } else {
            self.deck_word(game)
        };
        let explanation = (game.options.easier && self.chance(30)).then(|| "hledejte opatrně".to_owned());
        let rejected = game
            .state
            .rulings
            .iter()
            .any(|r| !r.approved && r.draft.same_text(&word, explanation.as_deref()));
        let result = game.act(seat, Action::GiveClue { word: word.clone(), number, explanation });
        match result {
            Ok(_) => assert!(!rejected, "a rejected clue was accepted: {word}"),
            Err(refusal) => {
                assert!(rejected, "valid clue {word:?} ({number:?}) refused: {refusal:?}");
                assert_eq!(refusal.rule, "S12");
                self.seen.refusals.push(refusal);
            }
        }
    }

    fn give_invalid_clue(&mut self, game: &mut Game, seat: Seat, number: ClueNumber) {
        let uncovered: Vec<String> = game.state.uncovered_words().iter().map(|w| w.to_string()).collect();
        let strict = game.options.strict_clues;
        let (action, rule) = match self.rng.below(7) {
            0 | 1 => {
                // S6: an uncovered word, in capitals or without its diacritics.
                let word = &uncovered[below(&mut self.rng, uncovered.len())];
                let mangled = if self.chance(50) { word.to_uppercase() } else { normalise(word) };
                (Action::GiveClue { word: mangled, number, explanation: None }, "S6")
            }
            2 if strict => (Action::GiveClue { word: "dvě slova".into(), number, explanation: None }, "S7"),
            3 if strict => {
                let word = match number {
                    ClueNumber::Count(n) if self.chance(50) => format!("{n}D"),
                    ClueNumber::Count(n) => number_words(Some(n))[0].to_owned(),
                    ClueNumber::Infinity => "nekonečno".to_owned(),
                };
                (Action::GiveClue { word, number, explanation: None }, "S8")
            }
            4 => (Action::GiveClue { word: "  ".into(), number, explanation: None }, "S5"),
            5 => (Action::GiveClue { word: "x".repeat(MAX_CLUE_CHARS + 1), number, explanation: None }, "S5"),
            _ => (
                Action::GiveClue {
                    word: "pes".into(),
                    number: ClueNumber::Count(10 + self.rng.below(200) as u8),
                    explanation: None,
                },
                "S5",
            ),
        };
        let refusal = game.refused(seat, action);
        assert_eq!(refusal.rule, rule, "{refusal:?}");
        self.seen.refusals.push(refusal);
    }

    fn ask_approval(&mut self, game: &mut Game, seat: Seat) {
        // A marker word, so the leak test can look for it in what members receive.
        let word = format!("tajnydotaz{}", letters(self.unique()));
        self.seen.drafts.push(word.clone());
        game.ok(seat, Action::AskApproval { word, explanation: None });
    }

    fn choose_words(&mut self, game: &mut Game, seat: Seat) {
        let deck = deck(game.options.deck);
        let used: Vec<usize> =
            game.state.chosen.iter().filter_map(|(_, w)| deck.find(w).map(|(c, _)| c)).collect();
        let left = game.state.picks_left(seat);
        if !used.is_empty() && self.chance(15) {
            // The other side of a card already picked: refused.
            let card = deck.cards[used[below(&mut self.rng, used.len())]];
            let refusal = game.refused(seat, Action::ChooseWords { words: vec![card.back.to_owned()] });
            assert_eq!(refusal.rule, "V1");
            self.seen.refusals.push(refusal);
            return;
        }
        let count = 1 + below(&mut self.rng, left.min(6));
        let mut words = Vec::new();
        let mut taken = used.clone();
        while words.len() < count {
            let card = below(&mut self.rng, deck.cards.len());
            if !taken.contains(&card) {
                taken.push(card);
                words.push(deck.cards[card].side(self.chance(50)).to_uppercase());
            }
        }
        game.ok(seat, Action::ChooseWords { words });
    }
}

/// Whether `word` counts as an uncovered table word at this table (S6, V3).
fn is_visible(game: &Game, word: &str) -> bool {
    let comparison = if game.options.homophones_by_sound { Comparison::Sound } else { Comparison::Spelling };
    game.state.uncovered_words().iter().any(|w| comparison.key(w) == comparison.key(word))
}

/// Play a whole game; `check` runs after every step. Returns the driver (with what it saw).
pub fn play(game: &mut Game, seed: u64, mut check: impl FnMut(&Game, &mut Driver)) -> Driver {
    let mut driver = Driver::new(seed);
    for _ in 0..5_000 {
        let running = driver.step(game);
        check(game, &mut driver);
        if !running {
            return driver;
        }
    }
    panic!("a random game did not end in 5000 steps: {:?}", game.state.phase);
}
