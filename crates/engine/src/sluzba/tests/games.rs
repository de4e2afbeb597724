//! Whole random games: the property test over random legal (and illegal) play, and each table
//! shape played to its end.

use proptest::prelude::*;

use super::Game;
use super::driver::{play, table_options};
use crate::sluzba::Sluzba;
use crate::sluzba::events::{Action, Event};
use crate::sluzba::key::{Colour, Team, verify_commitment};
use crate::sluzba::options::Table;
use crate::sluzba::state::Phase;
use crate::{Random, Ruleset, Seat, SeededRandom, Viewer, replay};

/// The invariants that hold after every step of every game.
fn check_invariants(game: &Game) {
    let state = &game.state;
    let key = state.key().expect("the key is drawn at setup");
    for colour in Colour::ALL {
        let cards = key.colours().iter().filter(|&&c| c == colour).count();
        assert_eq!(cards, colour.count(), "{colour:?}");
        assert!(state.covered_count(colour) <= cards);
    }
    if !state.words.is_empty() {
        assert_eq!(state.words.len(), 25);
        let covering_events = game
            .events
            .iter()
            .filter(|e| matches!(e, Event::Guessed { .. } | Event::FictitiousCovered { .. }))
            .count();
        assert_eq!(state.covered.iter().filter(|&&c| c).count(), covering_events);
        let view = Sluzba::view(state, Viewer::Public);
        assert_eq!((view.left.red, view.left.blue), (state.left(Team::Red), state.left(Team::Blue)));
        assert_eq!(view.left.red + state.covered_count(Colour::Red), 9);
        assert_eq!(view.left.blue + state.covered_count(Colour::Blue), 8);
    }
    // The state is its log replayed.
    assert_eq!(replay::<Sluzba>(&game.options, game.seats, &game.events), *state);
    // Every event survives a JSON round trip.
    for event in &game.events {
        let json = serde_json::to_string(event).unwrap();
        assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), *event, "{json}");
    }
    // Every offered move is accepted (templates are filled and checked by the driver), and
    // round-trips as JSON.
    let mut rng = SeededRandom::new(&[3; 32], "probe", game.events.len() as u64, "legal");
    for seat in 0..game.seats as Seat {
        for action in Sluzba::legal_actions(state, seat) {
            let json = serde_json::to_string(&action).unwrap();
            assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action);
            if !action.is_template() {
                let result = Sluzba::decide(state, seat, &action, &mut rng);
                assert!(result.is_ok(), "seat {seat}: offered {action:?} refused: {result:?}");
            }
        }
    }
    // Whoever the game waits for has something to do.
    for seat in Sluzba::to_act(state) {
        assert!(Sluzba::legal_actions(state, seat).iter().any(|a| !matches!(a, Action::Chat { .. })));
    }
}

fn check_ended(game: &Game) {
    let state = &game.state;
    assert!(matches!(state.phase, Phase::Ended { .. }));
    assert!(Sluzba::to_act(state).is_empty());
    let outcome = Sluzba::outcome(state).expect("an outcome at the end");
    assert!(outcome.winners.iter().all(|&s| usize::from(s) < game.seats));
    assert!(state.key_revealed);
    let secret = state.secret.as_ref().unwrap();
    assert!(verify_commitment(&state.commitment, &secret.key.letters(), &secret.salt));
    let Some(Event::KeyRevealed { .. }) = game.events.last() else {
        // Chat may follow the end; the reveal is the last game event.
        let last_game_event = game.events.iter().rev().find(|e| !matches!(e, Event::Chat { .. }));
        assert!(matches!(last_game_event, Some(Event::KeyRevealed { .. })), "{last_game_event:?}");
        return;
    };
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant_to_the_end(seed in any::<u64>(), table in 0usize..9) {
        let (options, seats) = table_options(table);
        let mut game = Game::dealt(options, seats, seed);
        play(&mut game, seed, |game, _| check_invariants(game));
        check_ended(&game);
    }
}

/// Play each table shape to its end, many times, and see every way a game can end.
#[test]
fn every_table_shape_is_played_to_its_end() {
    let mut endings = std::collections::BTreeSet::new();
    for seed in 0..270u64 {
        let (options, seats) = table_options(seed as usize);
        let table = options.table;
        let mut game = Game::dealt(options, seats, seed);
        play(&mut game, seed, |_, _| {});
        check_ended(&game);
        if let Phase::Ended { winner, reason } = game.state.phase {
            endings.insert(format!("{table:?} {winner:?} {reason:?}"));
        }
    }
    for expected in [
        "TwoTeams Red AllCovered { team: Red }",
        "TwoTeams Blue AllCovered { team: Blue }",
        "TwoTeams Blue Pursuer { team: Red }",
        "TwoTeams Red Pursuer { team: Blue }",
        "ThreePlayers Red AllCovered { team: Red }",
        "ThreePlayers Blue AllCovered { team: Blue }",
        "OneTeam Red AllCovered { team: Red }",
        "OneTeam Blue AllCovered { team: Blue }",
        "OneTeam Blue Pursuer { team: Red }",
    ] {
        assert!(endings.contains(expected), "no game ended as {expected}: {endings:?}");
    }
}

/// A member who always guesses right wins the one-team game (V5) before the fictitious team
/// covers its eighth card.
#[test]
fn a_perfect_one_team_wins() {
    let options = crate::sluzba::Options { table: Table::OneTeam, ..Default::default() };
    let mut game = Game::dealt(options, 2, 11);
    let mut rng = SeededRandom::new(&[4; 32], "perfect", 0, "cards");
    while !matches!(game.state.phase, Phase::Ended { .. }) {
        match game.state.phase {
            Phase::Clue { .. } => {
                let clue = super::clue("souhrn", 2 + rng.below(3) as u8);
                game.ok(0, clue);
            }
            Phase::Guessing { .. } => {
                let red = (0..25u8).find(|&c| {
                    !game.state.is_covered(c.into()) && game.state.colour(c.into()) == Some(Colour::Red)
                });
                game.ok(1, Action::Guess { card: red.unwrap() });
            }
            Phase::Fictitious => {
                let legal = Sluzba::legal_actions(&game.state, 0);
                game.ok(0, legal[0].clone());
            }
            ref other => panic!("{other:?}"),
        }
    }
    assert_eq!(Sluzba::outcome(&game.state).unwrap().winners, vec![0, 1]);
}
