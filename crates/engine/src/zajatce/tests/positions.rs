//! Z19: positions entered from a real table. Each check of `Position::check` with a position it
//! refuses and the same position put right; arbitrary positions never panic; a position played
//! on to the end.

use proptest::prelude::*;

use super::builder::s;
use crate::zajatce::{At, Event, Options, Placed, Position, StoneId, Turn, Zajatce};
use crate::{Positions, Random, Ruleset, Seat, SeededRandom};

fn at(stone: StoneId, at: At) -> Placed {
    Placed { stone, at }
}

fn field(f: u8) -> At {
    At::Field { field: f }
}

/// Red on 5 leading a blue prisoner, blue on 20, seat 0 to move.
fn good() -> Position {
    Position {
        stones: vec![
            at(s(0, 1), field(5)),
            at(s(1, 2), At::With { leader: s(0, 1) }),
            at(s(1, 1), field(20)),
        ],
        to_move: 0,
        backward_phase: false,
    }
}

fn refusal_key(position: &Position, seats: usize) -> String {
    position.check(seats).expect_err("refused").reason.key
}

fn started(seats: usize) -> crate::zajatce::State {
    let mut state = Zajatce::initial(&Options::default(), seats);
    for e in Zajatce::setup(&Options::default(), seats, &mut SeededRandom::new(&[1; 32], "g", 1, "setup")) {
        Zajatce::apply(&mut state, &e);
    }
    state
}

#[test]
fn z19_a_legal_position_is_entered_and_play_goes_on_from_it() {
    let state = started(2);
    let events =
        Zajatce::enter(&state, &good(), &mut SeededRandom::new(&[1; 32], "g", 2, "position")).expect("legal");
    let mut after = state.clone();
    for e in &events {
        Zajatce::apply(&mut after, e);
    }
    assert_eq!(after.turn, Turn::Roll { seat: 0 });
    let unit = after.unit_led_by(s(0, 1)).expect("red leads a group");
    assert_eq!((unit.field, unit.prisoners.clone()), (5, vec![s(1, 2)]));
    assert_eq!(after.players[0].reserve.len(), 4, "red's other four stones wait in reserve");
    assert_eq!(after.players[1].reserve.len(), 3);
    assert_eq!(after.throws, 0, "Z16 and Z17 count from the entered position");
}

#[test]
fn z19_a_stone_that_does_not_exist_is_refused() {
    let mut p = good();
    p.stones.push(at(s(2, 1), field(30)));
    assert_eq!(refusal_key(&p, 2), "zajatce-position-stone-unknown");
    p.stones.pop();
    p.stones.push(at(s(0, 6), field(30)));
    assert_eq!(refusal_key(&p, 2), "zajatce-position-stone-unknown");
    assert!(good().check(3).is_ok(), "seat 2 exists with three players");
}

#[test]
fn z19_a_stone_in_two_places_is_refused() {
    let mut p = good();
    p.stones.push(at(s(1, 1), At::Camp { seat: 0 }));
    assert_eq!(refusal_key(&p, 2), "zajatce-position-stone-twice");
    p.stones.pop();
    p.stones.push(at(s(1, 3), At::Camp { seat: 0 }));
    assert!(p.check(2).is_ok());
}

#[test]
fn z19_a_field_off_the_track_is_refused() {
    let mut p = good();
    p.stones[2] = at(s(1, 1), field(40));
    assert_eq!(refusal_key(&p, 2), "zajatce-position-field-unknown");
    p.stones[2] = at(s(1, 1), field(39));
    assert!(p.check(2).is_ok());
}

#[test]
fn z19_a_group_is_led_by_a_stone_on_the_track() {
    let mut p = good();
    p.stones[1] = at(s(1, 2), At::With { leader: s(0, 3) });
    assert_eq!(refusal_key(&p, 2), "zajatce-position-leader-not-on-track", "stone 3 waits in reserve");
    p.stones[1] = at(s(1, 2), At::With { leader: s(1, 2) });
    assert_eq!(refusal_key(&p, 2), "zajatce-position-leader-not-on-track", "no stone leads itself");
    p.stones[1] = at(s(1, 2), At::With { leader: s(0, 1) });
    assert!(p.check(2).is_ok());
}

#[test]
fn z19_a_camp_holds_only_other_colours_of_a_seat_in_the_game() {
    let mut p = good();
    p.stones.push(at(s(0, 4), At::Camp { seat: 0 }));
    assert_eq!(refusal_key(&p, 2), "zajatce-position-camp-wrong");
    p.stones.pop();
    p.stones.push(at(s(0, 4), At::Camp { seat: 3 }));
    assert_eq!(refusal_key(&p, 2), "zajatce-position-camp-wrong");
    p.stones.pop();
    p.stones.push(at(s(0, 4), At::Camp { seat: 1 }));
    assert!(p.check(2).is_ok());
}

#[test]
fn z19_two_colours_never_rest_on_one_field() {
    let mut p = good();
    p.stones[2] = at(s(1, 1), field(5));
    assert_eq!(refusal_key(&p, 2), "zajatce-position-field-shared");
    p.stones[2] = at(s(1, 1), field(6));
    assert!(p.check(2).is_ok());
}

#[test]
fn z19_own_stones_may_share_a_field() {
    let mut p = good();
    p.stones.push(at(s(0, 2), field(5)));
    assert!(p.check(2).is_ok());
}

#[test]
fn z19_a_position_with_one_player_left_is_refused() {
    // Every blue stone a prisoner: the game would be over.
    let mut p = good();
    p.stones = vec![at(s(0, 1), field(5))];
    p.stones.extend((1..=5).map(|n| at(s(1, n), At::With { leader: s(0, 1) })));
    assert_eq!(refusal_key(&p, 2), "zajatce-position-over");
    p.stones.pop();
    assert!(p.check(2).is_ok(), "blue 5 waits in reserve: blue plays on");
}

#[test]
fn z19_the_seat_to_move_is_in_the_game() {
    let mut p = good();
    p.to_move = 2;
    assert_eq!(refusal_key(&p, 2), "zajatce-position-to-move");
    // Green has every stone in red's camp: out of the game, cannot throw.
    p.stones.extend((1..=5).map(|n| at(s(2, n), At::Camp { seat: 0 })));
    assert_eq!(refusal_key(&p, 3), "zajatce-position-to-move");
    p.to_move = 1;
    assert!(p.check(3).is_ok());
}

#[test]
fn z19_the_backward_phase_is_on_when_every_player_left_has_one_free_stone() {
    let mut p = Position {
        stones: vec![at(s(0, 1), field(5)), at(s(1, 1), field(25))],
        to_move: 1,
        backward_phase: false,
    };
    p.stones.extend((2..=5).map(|n| at(s(0, n), At::Camp { seat: 1 })));
    p.stones.extend((2..=5).map(|n| at(s(1, n), At::Camp { seat: 0 })));
    assert!(p.check(2).is_ok());
    assert!(p.state(&Options::default(), 2).backward_phase);
    assert!(!good().state(&Options::default(), 2).backward_phase);
    let mut said = good();
    said.backward_phase = true;
    assert!(said.state(&Options::default(), 2).backward_phase, "once begun it stays on (Z12)");
}

#[test]
fn z19_a_position_is_told_in_the_history() {
    let events = Zajatce::enter(&started(2), &good(), &mut SeededRandom::new(&[1; 32], "g", 2, "position"))
        .expect("legal");
    assert_eq!(events.len(), 1);
    assert!(matches!(&events[0], Event::PositionEntered { .. }));
    assert_eq!(Zajatce::describe(&events[0]).key, "zajatce-event-position-entered");
    let json = serde_json::to_value(&events[0]).expect("json");
    assert_eq!(serde_json::from_value::<Event>(json).expect("back"), events[0]);
}

#[test]
fn z19_a_game_from_an_entered_position_is_played_to_its_end() {
    let mut state = started(3);
    let p = Position {
        stones: vec![
            at(s(0, 1), field(3)),
            at(s(1, 1), field(17)),
            at(s(1, 2), At::With { leader: s(1, 1) }),
            at(s(2, 4), At::With { leader: s(1, 1) }),
            at(s(2, 1), At::Camp { seat: 0 }),
        ],
        to_move: 2,
        backward_phase: false,
    };
    for e in Zajatce::enter(&state, &p, &mut SeededRandom::new(&[1; 32], "g", 2, "position")).expect("legal")
    {
        Zajatce::apply(&mut state, &e);
    }
    let mut rng = SeededRandom::new(&[7; 32], "g", 2, "decide");
    for _ in 0..20_000 {
        if Zajatce::outcome(&state).is_some() {
            return;
        }
        let seat = Zajatce::to_act(&state)[0];
        let actions = Zajatce::legal_actions(&state, seat);
        let playing: Vec<_> =
            actions.iter().filter(|a| !matches!(a, crate::zajatce::Action::Concede)).cloned().collect();
        let action = playing[rng.below(playing.len() as u32) as usize].clone();
        for e in Zajatce::decide(&state, seat, &action, &mut rng).expect("offered actions are legal") {
            Zajatce::apply(&mut state, &e);
        }
    }
    panic!("the game did not end");
}

fn any_at(rng: &mut dyn Random) -> At {
    match rng.below(4) {
        0 => At::Reserve,
        1 => At::Field { field: rng.below(50) as u8 },
        2 => At::With { leader: StoneId::new(rng.below(5) as Seat, rng.below(7) as u8) },
        _ => At::Camp { seat: rng.below(5) as Seat },
    }
}

/// A position of `n` stones as a careless table might type it: stones of seats and numbers
/// that may not exist, anywhere, twice.
pub(super) fn random_position(rng: &mut SeededRandom, n: usize) -> Position {
    let stones = (0..n)
        .map(|_| {
            let stone = StoneId::new(rng.below(5) as Seat, rng.below(7) as u8);
            Placed { stone, at: any_at(rng) }
        })
        .collect();
    Position { stones, to_move: rng.below(5) as Seat, backward_phase: rng.below(2) == 0 }
}

proptest! {
    /// Whatever the players type, checking, building and entering a position never panics, and
    /// a position the check accepts gives a game that can go on.
    #[test]
    fn z19_arbitrary_positions_never_panic(seed in any::<u64>(), seats in 2usize..=4, n in 0usize..25) {
        let mut rng = SeededRandom::new(&seed.to_le_bytes().repeat(4).try_into().unwrap_or([0; 32]), "p", 1, "x");
        let p = random_position(&mut rng, n);
        let checked = p.check(seats);
        let state = p.state(&Options::default(), seats);
        let mut entered = started(seats);
        Zajatce::apply(&mut entered, &Event::PositionEntered { position: p.clone() });
        prop_assert_eq!(&entered.units, &state.units);
        if checked.is_ok() {
            let seat = Zajatce::to_act(&state)[0];
            prop_assert!(!Zajatce::legal_actions(&state, seat).is_empty());
        }
    }
}
