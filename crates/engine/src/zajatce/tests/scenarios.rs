//! One or more scenario per rule id: a position, an action, and the events or the refusal
//! (with its rule id) that must follow. Field numbers here are the 0-based track indices.

use super::builder::{Position, after, decide, play, refused, roll, s};
use crate::zajatce::{Action, Direction, EndReason, Event, Options, Turn, Zajatce, rule};
use crate::{Msg, RefusalKind, Ruleset, ScriptedRandom, Viewer};

use Direction::{Backward, Forward};

fn mv(seat: u8, number: u8) -> Action {
    Action::Move { stone: s(seat, number), direction: Forward }
}
fn back(seat: u8, number: u8) -> Action {
    Action::Move { stone: s(seat, number), direction: Backward }
}
fn leave(seat: u8, number: u8) -> Action {
    Action::Leave { stone: s(seat, number), direction: Forward }
}

// Z1 — board, stones, setup.

#[test]
fn z1_setup_puts_stone_one_on_every_start_field_and_draws_the_first_player() {
    let options = Options::default();
    let mut draw = ScriptedRandom::new([2]);
    let events = Zajatce::setup(&options, 4, &mut draw);
    assert_eq!(events, vec![Event::Started { first: 2 }]);
    let state = crate::replay::<Zajatce>(&options, 4, &events);
    let fields: Vec<(u8, u8)> = state.units.iter().map(|u| (u.field, u.leader.seat)).collect();
    assert_eq!(fields, vec![(0, 0), (10, 1), (20, 2), (30, 3)]);
    assert!(state.players.iter().all(|p| p.reserve.len() == 4));
    assert_eq!(state.turn, Turn::Roll { seat: 2 });
}

#[test]
fn z1_two_players_start_at_opposite_corners() {
    let state = crate::replay::<Zajatce>(&Options::default(), 2, &[Event::Started { first: 0 }]);
    let fields: Vec<u8> = state.units.iter().map(|u| u.field).collect();
    assert_eq!(fields, vec![0, 20]);
    assert_eq!(state.players[1].home_entrance(), 19);
}

#[test]
fn z1_manual_dice_game_lets_seat_zero_start_without_a_draw() {
    let options = Options { manual_dice: true, ..Options::default() };
    let mut nothing = ScriptedRandom::default();
    assert_eq!(Zajatce::setup(&options, 3, &mut nothing), vec![Event::Started { first: 0 }]);
}

#[test]
fn z1_two_to_four_players() {
    let options = Options::default();
    for seats in [0, 1, 5] {
        assert_eq!(Zajatce::check_options(&options, seats).unwrap_err().rule, rule::BOARD);
    }
    for seats in 2..=4 {
        assert!(Zajatce::check_options(&options, seats).is_ok());
    }
}

#[test]
fn z1_nobody_acts_before_the_setup() {
    let state = Zajatce::initial(&Options::default(), 2);
    let refusal = decide(&state, 0, Action::Roll { die: None }).unwrap_err();
    assert_eq!((refusal.kind, refusal.rule.as_str()), (RefusalKind::NotYourTurn, rule::BOARD));
}

// Z2 — turns.

#[test]
fn z2_only_the_seat_on_turn_may_act() {
    let state =
        Position::new(3).unit(0, s(0, 1)).unit(10, s(1, 1)).unit(20, s(2, 1)).turn_to_throw(1).build();
    let refusal = decide(&state, 0, Action::Roll { die: None }).unwrap_err();
    assert_eq!((refusal.kind, refusal.rule.as_str()), (RefusalKind::NotYourTurn, rule::TURN));
    assert_eq!(Zajatce::legal_actions(&state, 0), vec![Action::Concede], "only conceding out of turn (Z18)");
    let refusal = decide(&state, 7, Action::Roll { die: None }).unwrap_err();
    assert_eq!(refusal.kind, RefusalKind::NotYourTurn);
}

#[test]
fn z2_throw_first_then_move() {
    let to_roll = Position::new(2).unit(0, s(0, 1)).unit(20, s(1, 1)).turn_to_throw(0).build();
    assert_eq!(refused(&to_roll, 0, mv(0, 1)).rule, rule::TURN);
    let to_move = Position::new(2).unit(0, s(0, 1)).unit(20, s(1, 1)).turn_to_move(0, 3).build();
    assert_eq!(refused(&to_move, 0, Action::Roll { die: None }).rule, rule::TURN);
}

#[test]
fn z2_turn_passes_clockwise_skipping_players_who_are_out() {
    // Seat 1's stones are all prisoners: it is out, so seat 2 throws after seat 0.
    let state = Position::new(3)
        .unit(3, s(0, 1))
        .unit(20, s(2, 1))
        .prisoners(&[s(1, 1), s(1, 2), s(1, 3), s(1, 4), s(1, 5)])
        .turn_to_move(0, 3)
        .build();
    let events = play(&state, 0, mv(0, 1));
    assert_eq!(events.last(), Some(&Event::NextTurn { seat: 2, again: false }));
}

// Z3 — the die.

#[test]
fn z3_the_server_throws_the_die() {
    let state = Position::new(2).unit(0, s(0, 1)).unit(20, s(1, 1)).build();
    assert_eq!(Zajatce::legal_actions(&state, 0), vec![Action::Roll { die: None }, Action::Concede]);
    let events = roll(&state, 0, 4);
    assert_eq!(events, vec![Event::Rolled { seat: 0, die: 4 }]);
    assert_eq!(after(&state, &events).turn, Turn::Move { seat: 0, die: 4 });
    assert_eq!(refused(&state, 0, Action::Roll { die: Some(4) }).rule, rule::DIE);
}

#[test]
fn z3_manual_dice_take_the_typed_die_from_one_to_six() {
    let state = Position::new(2).options(|o| o.manual_dice = true).unit(0, s(0, 1)).unit(20, s(1, 1)).build();
    // The throw is offered as a template that the form fills in.
    assert_eq!(Zajatce::legal_actions(&state, 0), vec![Action::Roll { die: None }, Action::Concede]);
    assert_eq!(decide(&state, 0, Action::Roll { die: None }).unwrap_err().rule, rule::DIE);
    for bad in [0, 7, 255] {
        assert_eq!(decide(&state, 0, Action::Roll { die: Some(bad) }).unwrap_err().rule, rule::DIE);
    }
    assert_eq!(
        decide(&state, 0, Action::Roll { die: Some(5) }).unwrap(),
        vec![Event::Rolled { seat: 0, die: 5 }]
    );
}

// Z4 — moving.

#[test]
fn z4_a_stone_moves_exactly_the_throw_jumping_over_others() {
    let state =
        Position::new(2).unit(5, s(0, 1)).unit(6, s(1, 1)).unit(7, s(1, 2)).turn_to_move(0, 4).build();
    assert_eq!(Zajatce::legal_actions(&state, 0), vec![mv(0, 1), Action::Concede]);
    let events = play(&state, 0, mv(0, 1));
    assert_eq!(
        events[0],
        Event::Moved {
            seat: 0,
            stone: s(0, 1),
            leaving: false,
            direction: Forward,
            from: 5,
            steps: 4,
            to: 9
        }
    );
    assert!(!events.iter().any(|e| matches!(e, Event::Captured { .. })), "jumped stones are not captured");
}

#[test]
fn z4_a_move_may_end_on_own_stones_which_stay_separate() {
    let state =
        Position::new(2).unit(5, s(0, 1)).unit(8, s(0, 2)).unit(30, s(1, 1)).turn_to_move(0, 3).build();
    let next = after(&state, &play(&state, 0, mv(0, 1)));
    let on_eight: Vec<_> = next.units.iter().filter(|u| u.field == 8).map(|u| u.leader).collect();
    assert_eq!(on_eight, vec![s(0, 1), s(0, 2)]);
}

#[test]
fn z4_only_own_free_stones_on_the_track_may_move() {
    let state = Position::new(2)
        .unit(5, s(0, 1))
        .unit(12, s(1, 1))
        .prisoners(&[s(0, 2)])
        .camp(1, &[s(0, 3)])
        .turn_to_move(0, 3)
        .build();
    assert_eq!(refused(&state, 0, mv(1, 1)).rule, rule::MOVE, "an enemy stone");
    assert_eq!(refused(&state, 0, mv(0, 2)).rule, rule::CAPTURE, "a prisoner");
    assert_eq!(refused(&state, 0, mv(0, 3)).rule, rule::HOMECOMING, "a stone in a camp");
    assert_eq!(refused(&state, 0, mv(0, 4)).rule, rule::SIX_ENTERS, "a stone in reserve");
    assert_eq!(refused(&state, 0, mv(0, 9)).rule, rule::MOVE, "no such stone");
    assert_eq!(refused(&state, 0, mv(6, 1)).rule, rule::MOVE, "no such seat");
}

#[test]
fn z4_each_refusal_says_where_the_stone_is_and_names_the_player_concerned() {
    // Seats become players' names on the server: the owner of a stone, the captor of a prisoner.
    let state = Position::new(2)
        .unit(5, s(0, 1))
        .unit(12, s(1, 1))
        .prisoners(&[s(0, 2)])
        .camp(1, &[s(0, 3)])
        .turn_to_move(0, 3)
        .build();
    let reason = |action| refused(&state, 0, action).reason;
    assert_eq!(reason(mv(1, 1)), Msg::new("zajatce-refusal-not-your-stone").num("stone", 1).seat("owner", 1));
    assert_eq!(
        reason(mv(0, 2)),
        Msg::new("zajatce-refusal-prisoner").num("stone", 2).seat("captor", 1).num("leader", 1)
    );
    assert_eq!(reason(mv(0, 3)), Msg::new("zajatce-refusal-stone-in-camp").num("stone", 3).seat("owner", 1));
    assert_eq!(reason(mv(0, 4)), Msg::new("zajatce-refusal-stone-in-reserve").num("stone", 4).num("die", 3));
    assert_eq!(reason(mv(0, 9)), Msg::new("zajatce-refusal-no-such-stone").num("stone", 9).num("stones", 5));
    assert_eq!(reason(mv(6, 1)), Msg::new("zajatce-refusal-no-such-player").num("seat", 7));
}

// Z5 — a six brings in a stone.

#[test]
fn z5_a_six_offers_entering_or_moving() {
    let state = Position::new(2).unit(5, s(0, 1)).unit(30, s(1, 1)).turn_to_move(0, 6).build();
    assert_eq!(Zajatce::legal_actions(&state, 0), vec![Action::Enter, mv(0, 1), Action::Concede]);
    let events = play(&state, 0, Action::Enter);
    assert_eq!(events[0], Event::Entered { seat: 0, stone: s(0, 2), field: 0 });
    let next = after(&state, &events);
    assert_eq!(next.players[0].reserve, vec![s(0, 3), s(0, 4), s(0, 5)]);
    // Or move six instead.
    let moved = play(&state, 0, mv(0, 1));
    assert!(matches!(moved[0], Event::Moved { to: 11, .. }));
}

#[test]
fn z5_entering_needs_a_six_and_a_stone_in_reserve() {
    let state = Position::new(2).unit(5, s(0, 1)).unit(30, s(1, 1)).turn_to_move(0, 5).build();
    assert_eq!(refused(&state, 0, Action::Enter).rule, rule::SIX_ENTERS);
    let all_out = Position::new(2)
        .unit(5, s(0, 1))
        .unit(6, s(0, 2))
        .unit(7, s(0, 3))
        .unit(8, s(0, 4))
        .unit(9, s(0, 5))
        .unit(30, s(1, 1))
        .turn_to_move(0, 6)
        .build();
    assert_eq!(refused(&all_out, 0, Action::Enter).rule, rule::SIX_ENTERS);
}

#[test]
fn z5_a_stone_in_reserve_on_a_six_is_told_to_enter_instead_of_moving() {
    let state = Position::new(2).unit(5, s(0, 1)).unit(30, s(1, 1)).turn_to_move(0, 6).build();
    let refusal = refused(&state, 0, mv(0, 2));
    assert_eq!(refusal.rule, rule::SIX_ENTERS);
    assert_eq!(refusal.reason, Msg::new("zajatce-refusal-stone-in-reserve-enter").num("stone", 2));
}

// Z6 — throw again after a six.

#[test]
fn z6_a_six_earns_another_throw() {
    let state = Position::new(2).unit(5, s(0, 1)).unit(30, s(1, 1)).turn_to_move(0, 6).build();
    let events = play(&state, 0, mv(0, 1));
    assert_eq!(events.last(), Some(&Event::NextTurn { seat: 0, again: true }));
}

#[test]
fn z6_without_the_option_a_six_passes_the_turn() {
    let state = Position::new(2)
        .options(|o| o.throw_again_on_six = false)
        .unit(5, s(0, 1))
        .unit(30, s(1, 1))
        .turn_to_move(0, 6)
        .build();
    let events = play(&state, 0, Action::Enter);
    assert_eq!(events.last(), Some(&Event::NextTurn { seat: 1, again: false }));
}

// Z7 — an unusable throw.

#[test]
fn z7_a_throw_that_cannot_be_used_passes_the_turn_in_the_same_decision() {
    // Seat 0's free stones are all in reserve; a three cannot bring one in.
    let state = Position::new(2).unit(30, s(1, 1)).prisoners(&[s(0, 1)]).build();
    let events = roll(&state, 0, 3);
    assert_eq!(
        events,
        vec![
            Event::Rolled { seat: 0, die: 3 },
            Event::NoMove { seat: 0, die: 3 },
            Event::NextTurn { seat: 1, again: false }
        ]
    );
    // A six can be used.
    let events = roll(&state, 0, 6);
    assert_eq!(events, vec![Event::Rolled { seat: 0, die: 6 }]);
}

// Z8 — capturing.

#[test]
fn z8_landing_on_enemy_stones_captures_all_of_them() {
    let state = Position::new(3)
        .unit(5, s(0, 1))
        .unit(9, s(1, 1))
        .unit(9, s(2, 1))
        .unit(9, s(1, 2))
        .turn_to_move(0, 4)
        .build();
    let events = play(&state, 0, mv(0, 1));
    assert_eq!(
        events[1],
        Event::Captured {
            seat: 0,
            stone: s(0, 1),
            field: 9,
            taken: vec![s(1, 1), s(1, 2), s(2, 1)],
            freed: vec![]
        }
    );
    let next = after(&state, &events);
    assert_eq!(next.units.len(), 1);
    assert_eq!(next.units[0].prisoners, vec![s(1, 1), s(1, 2), s(2, 1)]);
}

#[test]
fn z8_prisoners_travel_with_their_captor() {
    let state =
        Position::new(2).unit(5, s(0, 1)).prisoners(&[s(1, 2)]).unit(30, s(1, 1)).turn_to_move(0, 5).build();
    let next = after(&state, &play(&state, 0, mv(0, 1)));
    let unit = next.unit_led_by(s(0, 1)).unwrap();
    assert_eq!((unit.field, unit.prisoners.clone()), (10, vec![s(1, 2)]));
}

#[test]
fn z8_entering_onto_an_enemy_on_the_start_field_captures_it() {
    let state = Position::new(2).unit(30, s(0, 1)).unit(0, s(1, 1)).turn_to_move(0, 6).build();
    let events = play(&state, 0, Action::Enter);
    assert_eq!(
        events[1],
        Event::Captured { seat: 0, stone: s(0, 2), field: 0, taken: vec![s(1, 1)], freed: vec![] }
    );
}

#[test]
fn z8_prisoners_cannot_move() {
    let state =
        Position::new(2).unit(5, s(1, 1)).prisoners(&[s(0, 1)]).unit(8, s(0, 2)).turn_to_move(0, 2).build();
    let refusal = refused(&state, 0, mv(0, 1));
    assert_eq!(
        (refusal.rule.as_str(), refusal.reason.key.as_str()),
        (rule::CAPTURE, "zajatce-refusal-prisoner")
    );
}

// Z9 — groups can be captured.

#[test]
fn z9_a_stone_leading_prisoners_is_captured_with_its_whole_group() {
    // Blue leads a green prisoner; red takes both.
    let state = Position::new(3)
        .unit(5, s(0, 1))
        .unit(8, s(1, 1))
        .prisoners(&[s(2, 3)])
        .unit(25, s(2, 1))
        .turn_to_move(0, 3)
        .build();
    let next = after(&state, &play(&state, 0, mv(0, 1)));
    assert_eq!(next.unit_led_by(s(0, 1)).unwrap().prisoners, vec![s(1, 1), s(2, 3)]);
    assert!(next.unit_led_by(s(1, 1)).is_none());
}

// Z10 — freeing your own colour.

#[test]
fn z10_capturing_a_group_frees_stones_of_your_colour() {
    let state = Position::new(2)
        .unit(5, s(0, 1))
        .unit(8, s(1, 1))
        .prisoners(&[s(0, 2), s(0, 3)])
        .turn_to_move(0, 3)
        .build();
    let events = play(&state, 0, mv(0, 1));
    assert_eq!(
        events[1],
        Event::Captured {
            seat: 0,
            stone: s(0, 1),
            field: 8,
            taken: vec![s(1, 1)],
            freed: vec![s(0, 2), s(0, 3)]
        }
    );
    let next = after(&state, &events);
    let unit = next.unit_led_by(s(0, 1)).unwrap();
    assert_eq!((unit.members.clone(), unit.prisoners.clone()), (vec![s(0, 2), s(0, 3)], vec![s(1, 1)]));
    assert_eq!(next.free_stones(0), 5);
}

#[test]
fn z10_a_freed_member_may_leave_its_group_alone_or_ride_along() {
    let state = Position::new(2)
        .unit(8, s(0, 1))
        .members(&[s(0, 2)])
        .prisoners(&[s(1, 1)])
        .unit(30, s(1, 2))
        .turn_to_move(0, 4)
        .build();
    assert_eq!(Zajatce::legal_actions(&state, 0), vec![mv(0, 1), leave(0, 2), Action::Concede]);
    // Leaving: the member moves alone; the group stays.
    let left = after(&state, &play(&state, 0, leave(0, 2)));
    assert_eq!(left.unit_led_by(s(0, 2)).map(|u| (u.field, u.prisoners.is_empty())), Some((12, true)));
    let group = left.unit_led_by(s(0, 1)).unwrap();
    assert_eq!((group.field, group.members.is_empty(), group.prisoners.clone()), (8, true, vec![s(1, 1)]));
    // Riding along: the member moves with the group.
    let rode = after(&state, &play(&state, 0, mv(0, 1)));
    let group = rode.unit_led_by(s(0, 1)).unwrap();
    assert_eq!((group.field, group.members.clone()), (12, vec![s(0, 2)]));
}

#[test]
fn z10_a_leader_cannot_leave_and_a_member_moves_only_by_leaving() {
    let state = Position::new(2)
        .unit(8, s(0, 1))
        .members(&[s(0, 2)])
        .prisoners(&[s(1, 1)])
        .unit(30, s(1, 2))
        .turn_to_move(0, 4)
        .build();
    assert_eq!(refused(&state, 0, leave(0, 1)).rule, rule::FREEING);
    assert_eq!(refused(&state, 0, mv(0, 2)).rule, rule::FREEING);
}

#[test]
fn z10_a_member_leaving_onto_enemies_captures_them_and_leads_them() {
    let state = Position::new(2)
        .unit(8, s(0, 1))
        .members(&[s(0, 2)])
        .prisoners(&[s(1, 1)])
        .unit(11, s(1, 2))
        .turn_to_move(0, 3)
        .build();
    let next = after(&state, &play(&state, 0, leave(0, 2)));
    assert_eq!(next.unit_led_by(s(0, 2)).unwrap().prisoners, vec![s(1, 2)]);
}

#[test]
fn z10_leaving_is_refused_with_what_is_wrong_for_that_stone() {
    // A lone stone is in no group: nothing to leave (not a sentence about prisoners).
    let lone = Position::new(2).unit(5, s(0, 1)).unit(30, s(1, 1)).turn_to_move(0, 3).build();
    let refusal = refused(&lone, 0, leave(0, 1));
    assert_eq!(refusal.rule, rule::FREEING);
    assert_eq!(refusal.reason, Msg::new("zajatce-refusal-not-in-group").num("stone", 1));
    // A leader is told it cannot leave its prisoners; a member, which stone leads its group.
    let group = Position::new(2)
        .unit(8, s(0, 1))
        .members(&[s(0, 2)])
        .prisoners(&[s(1, 1)])
        .unit(30, s(1, 2))
        .turn_to_move(0, 4)
        .build();
    assert_eq!(
        refused(&group, 0, leave(0, 1)).reason,
        Msg::new("zajatce-refusal-leader-cannot-leave").num("stone", 1).num("prisoners", 1)
    );
    assert_eq!(
        refused(&group, 0, mv(0, 2)).reason,
        Msg::new("zajatce-refusal-member-must-leave").num("stone", 2).num("leader", 1)
    );
}

// Z11 — bringing prisoners home.

#[test]
fn z11_a_group_reaching_its_home_entrance_leaves_its_prisoners_in_the_camp() {
    // Seat 0's entrance is field 39: from 35 a four reaches it exactly.
    let state = Position::new(2)
        .unit(35, s(0, 1))
        .members(&[s(0, 2)])
        .prisoners(&[s(1, 1), s(1, 2)])
        .unit(25, s(1, 3))
        .turn_to_move(0, 4)
        .build();
    let events = play(&state, 0, mv(0, 1));
    assert_eq!(
        events[0],
        Event::CameHome {
            seat: 0,
            stone: s(0, 1),
            from: 35,
            steps: 4,
            members: vec![s(0, 2)],
            prisoners: vec![s(1, 1), s(1, 2)]
        }
    );
    let next = after(&state, &events);
    assert_eq!(next.players[0].camp, vec![s(1, 1), s(1, 2)]);
    assert!(next.players[0].reserve.contains(&s(0, 1)) && next.players[0].reserve.contains(&s(0, 2)));
    assert!(next.unit_led_by(s(0, 1)).is_none());
}

#[test]
fn z11_no_exact_throw_is_needed_to_turn_home() {
    // Seat 1 (two players: corner 2, entrance 19) at field 17 with a six passes the entrance.
    let state =
        Position::new(2).unit(17, s(1, 1)).prisoners(&[s(0, 2)]).unit(3, s(0, 1)).turn_to_move(1, 6).build();
    let events = play(&state, 1, mv(1, 1));
    assert!(matches!(events[0], Event::CameHome { from: 17, .. }));
}

#[test]
fn z11_a_stone_without_prisoners_keeps_circling() {
    let state = Position::new(2).unit(37, s(0, 1)).unit(25, s(1, 1)).turn_to_move(0, 5).build();
    let events = play(&state, 0, mv(0, 1));
    assert!(matches!(events[0], Event::Moved { from: 37, to: 2, .. }));
}

#[test]
fn z11_moving_backwards_never_turns_home() {
    // Two fields past the start with prisoners, backwards by three: onto the entrance, not home.
    let state = Position::new(2)
        .backward_phase()
        .unit(1, s(0, 1))
        .prisoners(&[s(1, 2), s(1, 3), s(1, 4), s(1, 5)])
        .camp(1, &[s(0, 2), s(0, 3), s(0, 4), s(0, 5)])
        .unit(25, s(1, 1))
        .turn_to_move(0, 2)
        .build();
    let events = play(&state, 0, back(0, 1));
    assert!(matches!(events[0], Event::Moved { from: 1, to: 39, direction: Backward, .. }));
    // From the entrance itself any forward move turns home.
    let next = after(&state, &events);
    let next = after(&next, &roll(&next, 1, 1));
    let next = after(&next, &play(&next, 1, mv(1, 1)));
    let events = play(&after(&next, &roll(&next, 0, 1)), 0, mv(0, 1));
    assert!(matches!(events[0], Event::CameHome { from: 39, steps: 1, .. }));
}

// Z12 — the backward phase.

#[test]
fn z12_moving_backwards_is_refused_before_the_backward_phase() {
    let state = Position::new(2).unit(5, s(0, 1)).unit(25, s(1, 1)).turn_to_move(0, 3).build();
    assert_eq!(refused(&state, 0, back(0, 1)).rule, rule::BACKWARD);
}

#[test]
fn z12_the_phase_begins_once_every_player_left_has_one_free_stone() {
    // Red captures blue's second free stone: both are left with one free stone each.
    let state = Position::new(2)
        .unit(10, s(0, 1))
        .prisoners(&[s(1, 3), s(1, 4), s(1, 5)])
        .unit(20, s(1, 1))
        .prisoners(&[s(0, 2), s(0, 3)])
        .unit(14, s(1, 2))
        .camp(1, &[s(0, 4), s(0, 5)])
        .turn_to_move(0, 4)
        .build();
    let events = play(&state, 0, mv(0, 1));
    assert!(events.contains(&Event::BackwardPhaseBegan));
    let next = after(&state, &events);
    assert!(next.backward_phase);
    let next = after(&next, &roll(&next, 1, 3));
    let offered = Zajatce::legal_actions(&next, 1);
    assert_eq!(offered, vec![mv(1, 1), back(1, 1), Action::Concede]);
}

#[test]
fn z12_backwards_a_stone_can_capture_behind_it() {
    let state = Position::new(2)
        .backward_phase()
        .unit(10, s(0, 1))
        .prisoners(&[s(1, 2), s(1, 3), s(1, 4), s(1, 5)])
        .unit(7, s(1, 1))
        .camp(1, &[s(0, 2), s(0, 3), s(0, 4), s(0, 5)])
        .turn_to_move(0, 3)
        .build();
    let events = play(&state, 0, back(0, 1));
    assert!(matches!(&events[1], Event::Captured { taken, .. } if taken == &vec![s(1, 1)]));
}

#[test]
fn z12_the_phase_stays_on_when_freeing_gives_a_player_more_stones() {
    // Backward phase; red's last free stone takes blue's group holding two red prisoners.
    let state = Position::new(3)
        .backward_phase()
        .unit(10, s(0, 1))
        .unit(13, s(1, 1))
        .prisoners(&[s(0, 2), s(0, 3)])
        .unit(30, s(2, 1))
        .camp(2, &[s(0, 4), s(0, 5), s(1, 2), s(1, 3), s(1, 4), s(1, 5)])
        .camp(1, &[s(2, 2), s(2, 3), s(2, 4), s(2, 5)])
        .turn_to_move(0, 3)
        .build();
    let next = after(&state, &play(&state, 0, mv(0, 1)));
    assert_eq!(next.free_stones(0), 3);
    assert!(next.backward_phase);
    let next = after(&next, &roll(&next, 2, 2));
    assert!(Zajatce::legal_actions(&next, 2).contains(&back(2, 1)));
}

// Z13 — elimination.

#[test]
fn z13_a_player_without_a_free_stone_is_out() {
    let state = Position::new(3)
        .unit(5, s(0, 1))
        .unit(8, s(1, 1))
        .unit(30, s(2, 1))
        .camp(0, &[s(1, 2), s(1, 3), s(1, 4), s(1, 5)])
        .turn_to_move(0, 3)
        .build();
    let events = play(&state, 0, mv(0, 1));
    assert_eq!(&events[2..], &[Event::Eliminated { seat: 1 }, Event::NextTurn { seat: 2, again: false }]);
    let next = after(&state, &events);
    assert!(next.players[1].eliminated);
    let refusal = decide(&next, 1, Action::Roll { die: None }).unwrap_err();
    assert_eq!((refusal.kind, refusal.rule.as_str()), (RefusalKind::NotYourTurn, rule::ELIMINATION));
    assert_eq!(refusal.reason, Msg::new("zajatce-refusal-eliminated").seat("player", 1));
}

#[test]
fn z13_stones_in_reserve_are_free_so_their_owner_plays_on() {
    let state =
        Position::new(3).unit(5, s(0, 1)).unit(8, s(1, 1)).unit(30, s(2, 1)).turn_to_move(0, 3).build();
    let events = play(&state, 0, mv(0, 1));
    assert!(!events.iter().any(|e| matches!(e, Event::Eliminated { .. })));
    assert_eq!(events.last(), Some(&Event::NextTurn { seat: 1, again: false }));
}

// Z14 — the end.

#[test]
fn z14_the_last_free_stone_ends_the_game_and_carries_its_prisoners_home() {
    let state = Position::new(2)
        .backward_phase()
        .unit(10, s(0, 1))
        .prisoners(&[s(1, 2)])
        .unit(13, s(1, 1))
        .prisoners(&[s(0, 2)])
        .camp(0, &[s(1, 3)])
        .camp(1, &[s(0, 3), s(0, 4), s(0, 5)])
        .camp(0, &[s(1, 4), s(1, 5)])
        .turn_to_move(0, 3)
        .build();
    let events = play(&state, 0, mv(0, 1));
    assert_eq!(
        &events[1..],
        &[
            Event::Captured {
                seat: 0,
                stone: s(0, 1),
                field: 13,
                taken: vec![s(1, 1)],
                freed: vec![s(0, 2)]
            },
            Event::Eliminated { seat: 1 },
            Event::CarriedHome { seat: 0, stone: s(0, 1), prisoners: vec![s(1, 2), s(1, 1)] },
            Event::Ended { reason: EndReason::LastPlayer, prisoners: vec![5, 3], winners: vec![0] },
        ]
    );
    let next = after(&state, &events);
    assert_eq!(next.turn, Turn::Over);
    let refusal = decide(&next, 0, Action::Roll { die: None }).unwrap_err();
    assert_eq!((refusal.kind, refusal.rule.as_str()), (RefusalKind::NotYourTurn, rule::END));
    assert!(Zajatce::to_act(&next).is_empty());
}

#[test]
fn z14_the_game_ends_when_one_player_alone_has_free_stones() {
    // Red has three free stones; capturing blue's last one leaves nobody to play against.
    let state = Position::new(2)
        .unit(10, s(0, 1))
        .unit(11, s(0, 2))
        .unit(13, s(1, 1))
        .camp(0, &[s(1, 2), s(1, 3), s(1, 4), s(1, 5)])
        .turn_to_move(0, 3)
        .build();
    let events = play(&state, 0, mv(0, 1));
    assert!(
        matches!(events.last(), Some(Event::Ended { reason: EndReason::LastPlayer, winners, .. }) if winners == &vec![0])
    );
}

// Z15 — the winner.

#[test]
fn z15_a_player_who_is_out_has_lost_and_cannot_win_with_the_most_prisoners() {
    // Blue is out with four prisoners in its camp; red takes green's last free stone, so green
    // is out too, with seven. Red, the one player left, wins with its three.
    let state = Position::new(3)
        .unit(10, s(0, 1))
        .prisoners(&[s(2, 2)])
        .unit(13, s(2, 1))
        .camp(1, &[s(0, 2), s(0, 3), s(2, 3), s(2, 4)])
        .camp(0, &[s(2, 5)])
        .camp(2, &[s(1, 1), s(1, 2), s(1, 3), s(1, 4), s(1, 5), s(0, 4), s(0, 5)])
        .turn_to_move(0, 3)
        .build();
    assert!(state.players[1].eliminated);
    let events = play(&state, 0, mv(0, 1));
    assert_eq!(
        &events[2..],
        &[
            Event::Eliminated { seat: 2 },
            Event::CarriedHome { seat: 0, stone: s(0, 1), prisoners: vec![s(2, 2), s(2, 1)] },
            Event::Ended { reason: EndReason::LastPlayer, prisoners: vec![3, 4, 7], winners: vec![0] },
        ]
    );
    let outcome = Zajatce::outcome(&after(&state, &events)).unwrap();
    assert_eq!(outcome.winners, vec![0]);
    assert_eq!(outcome.summary, Msg::new("zajatce-outcome-winner").seat("winner", 0).num("prisoners", 3));
}

#[test]
fn z15_a_player_without_a_free_stone_has_lost_and_cannot_share_the_win() {
    // The quiet limit ends the game: red and blue, still in, carry their prisoners home and
    // have three each; green is out with three in its camp, and has no share.
    let state = Position::new(3)
        .options(|o| o.quiet_limit = 5)
        .quiet_throws(4)
        .unit(10, s(0, 1))
        .prisoners(&[s(2, 2)])
        .unit(30, s(1, 1))
        .prisoners(&[s(2, 1)])
        .camp(0, &[s(2, 5), s(1, 5)])
        .camp(1, &[s(2, 3), s(2, 4)])
        .camp(2, &[s(0, 2), s(0, 3), s(1, 2)])
        .build();
    assert!(state.players[2].eliminated);
    let next = after(&state, &roll(&state, 0, 2));
    let events = play(&next, 0, mv(0, 1));
    assert_eq!(
        events.last(),
        Some(&Event::Ended { reason: EndReason::QuietLimit, prisoners: vec![3, 3, 3], winners: vec![0, 1] })
    );
    let outcome = Zajatce::outcome(&after(&next, &events)).unwrap();
    assert_eq!(
        outcome.summary,
        Msg::new("zajatce-outcome-shared-two").seat("first", 0).seat("second", 1).num("prisoners", 3)
    );
}

#[test]
fn z15_nobody_wins_when_only_players_who_are_out_hold_prisoners() {
    // Green and yellow took each other's stones and are both out; red and blue, still in, hold
    // no prisoner when the throw limit ends the game.
    let state = Position::new(4)
        .options(|o| o.throw_limit = 1)
        .unit(10, s(0, 1))
        .unit(30, s(1, 1))
        .camp(2, &[s(3, 1), s(3, 2), s(3, 3), s(3, 4), s(3, 5)])
        .camp(3, &[s(2, 1), s(2, 2), s(2, 3), s(2, 4), s(2, 5)])
        .build();
    assert!(state.players[2].eliminated && state.players[3].eliminated);
    let next = after(&state, &roll(&state, 0, 2));
    let events = play(&next, 0, mv(0, 1));
    assert_eq!(
        events.last(),
        Some(&Event::Ended { reason: EndReason::ThrowLimit, prisoners: vec![0, 0, 5, 5], winners: vec![] })
    );
    assert_eq!(Zajatce::outcome(&after(&next, &events)).unwrap().summary.key, "zajatce-outcome-no-winner");
}

#[test]
fn z15_nobody_wins_when_nobody_took_a_prisoner() {
    let state = Position::new(2).options(|o| o.throw_limit = 1).unit(10, s(0, 1)).unit(30, s(1, 1)).build();
    let next = after(&state, &roll(&state, 0, 2));
    let events = play(&next, 0, mv(0, 1));
    assert!(matches!(events.last(), Some(Event::Ended { winners, .. }) if winners.is_empty()));
    assert_eq!(Zajatce::outcome(&after(&next, &events)).unwrap().summary.key, "zajatce-outcome-no-winner");
}

// Z16 — the quiet limit.

#[test]
fn z16_the_game_ends_after_the_quiet_limit_and_groups_carry_their_prisoners_home() {
    let state = Position::new(2)
        .options(|o| o.quiet_limit = 5)
        .quiet_throws(4)
        .unit(10, s(0, 1))
        .prisoners(&[s(1, 2)])
        .unit(30, s(1, 1))
        .build();
    let next = after(&state, &roll(&state, 0, 2));
    let events = play(&next, 0, mv(0, 1));
    assert_eq!(
        &events[1..],
        &[
            Event::CarriedHome { seat: 0, stone: s(0, 1), prisoners: vec![s(1, 2)] },
            Event::Ended { reason: EndReason::QuietLimit, prisoners: vec![1, 0], winners: vec![0] },
        ]
    );
}

#[test]
fn z16_a_capture_or_a_homecoming_restarts_the_quiet_count() {
    let state = Position::new(2)
        .options(|o| o.quiet_limit = 5)
        .quiet_throws(4)
        .unit(10, s(0, 1))
        .unit(12, s(1, 1))
        .build();
    let next = after(&state, &roll(&state, 0, 2));
    let next = after(&next, &play(&next, 0, mv(0, 1)));
    assert_eq!((next.quiet_throws, next.turn), (0, Turn::Roll { seat: 1 }));
    let home = Position::new(2)
        .options(|o| o.quiet_limit = 5)
        .quiet_throws(4)
        .unit(38, s(0, 1))
        .prisoners(&[s(1, 2)])
        .unit(12, s(1, 1))
        .build();
    let next = after(&home, &roll(&home, 0, 2));
    let next = after(&next, &play(&next, 0, mv(0, 1)));
    assert_eq!((next.quiet_throws, next.turn), (0, Turn::Roll { seat: 1 }));
}

#[test]
fn z16_a_quiet_limit_of_zero_never_ends_the_game() {
    let state = Position::new(2)
        .options(|o| o.quiet_limit = 0)
        .quiet_throws(10_000)
        .unit(10, s(0, 1))
        .unit(30, s(1, 1))
        .build();
    let next = after(&state, &roll(&state, 0, 2));
    assert_eq!(play(&next, 0, mv(0, 1)).last(), Some(&Event::NextTurn { seat: 1, again: false }));
}

// Z17 — the throw limit.

#[test]
fn z17_the_throw_limit_ends_the_game_even_after_a_six() {
    let state = Position::new(2)
        .options(|o| o.throw_limit = 40)
        .throws(39)
        .unit(10, s(0, 1))
        .unit(30, s(1, 1))
        .build();
    let next = after(&state, &roll(&state, 0, 6));
    let events = play(&next, 0, mv(0, 1));
    assert!(matches!(events.last(), Some(Event::Ended { reason: EndReason::ThrowLimit, .. })));
    assert_eq!(
        Zajatce::check_options(&Options { throw_limit: 0, ..Options::default() }, 2).unwrap_err().rule,
        rule::THROW_LIMIT
    );
}

// The view and redaction.

#[test]
fn every_viewer_sees_the_whole_board() {
    let state = Position::new(2)
        .unit(10, s(0, 1))
        .members(&[s(0, 2)])
        .prisoners(&[s(1, 2)])
        .unit(30, s(1, 1))
        .camp(0, &[s(1, 3)])
        .turn_to_move(1, 4)
        .build();
    let public = Zajatce::view(&state, Viewer::Public);
    assert_eq!(public, Zajatce::view(&state, Viewer::Seat(0)));
    assert_eq!(public, Zajatce::view(&state, Viewer::Omniscient));
    assert_eq!(public.units.len(), 2);
    assert_eq!(public.units[0].prisoners, vec![s(1, 2)]);
    let red = &public.seats[0];
    assert_eq!((red.free_stones, red.prisoners_led, red.camp.len(), red.reserve.len()), (5, 1, 1, 3));
    assert_eq!(public.seats[1].start_field, 20);
    assert_eq!(public.turn, Turn::Move { seat: 1, die: 4 });
    let event = Event::Rolled { seat: 1, die: 4 };
    for viewer in [Viewer::Public, Viewer::Seat(0), Viewer::Seat(1)] {
        assert_eq!(Zajatce::redact(&event, viewer), Some(event.clone()));
    }
}

// Z18 — conceding.

#[test]
fn z18_a_player_who_concedes_leaves_the_board_and_its_prisoners_go_home() {
    let state = Position::new(3)
        .unit(0, s(0, 1))
        .prisoners(&[s(1, 2)])
        .unit(10, s(1, 1))
        .unit(20, s(2, 1))
        .prisoners(&[s(0, 2)])
        .turn_to_throw(0)
        .build();
    let events = play(&state, 0, Action::Concede);
    assert_eq!(
        events,
        vec![
            Event::Conceded { seat: 0, stones: vec![s(0, 1)], freed: vec![s(1, 2)] },
            Event::NextTurn { seat: 1, again: false },
        ]
    );
    let next = after(&state, &events);
    assert!(next.players[0].conceded && next.players[0].eliminated);
    assert!(next.units.iter().all(|u| u.owner() != 0), "its stones left the board");
    assert!(next.players[1].reserve.contains(&s(1, 2)), "the prisoner it led went home");
    assert!(next.unit_led_by(s(2, 1)).unwrap().prisoners.contains(&s(0, 2)), "its stones held stay held");
    // Its turns are skipped; it may not act or concede again.
    assert_eq!(next.next_active_seat(2), 1);
    assert!(Zajatce::legal_actions(&next, 0).is_empty());
    let refusal = refused(&next, 0, Action::Concede);
    assert_eq!(
        (refusal.rule.as_str(), refusal.reason.key.as_str()),
        (rule::CONCEDE, "zajatce-refusal-conceded")
    );
    assert_eq!(
        Zajatce::describe(&events[0]),
        Msg::new("zajatce-event-conceded").seat("player", 0).num("stones", 1).num("freed", 1)
    );
}

#[test]
fn z18_a_player_may_concede_out_of_turn_and_the_turn_stays() {
    let state =
        Position::new(3).unit(0, s(0, 1)).unit(10, s(1, 1)).unit(20, s(2, 1)).turn_to_move(1, 4).build();
    assert!(Zajatce::legal_actions(&state, 2).contains(&Action::Concede));
    let events = play(&state, 2, Action::Concede);
    assert_eq!(events, vec![Event::Conceded { seat: 2, stones: vec![s(2, 1)], freed: vec![] }]);
    let next = after(&state, &events);
    assert_eq!(next.turn, Turn::Move { seat: 1, die: 4 });
    assert!(!Zajatce::legal_actions(&next, 1).is_empty());
}

#[test]
fn z18_when_one_player_is_left_it_wins_whatever_the_camps_hold() {
    let state = Position::new(2)
        .unit(0, s(0, 1))
        .unit(20, s(1, 1))
        .prisoners(&[s(0, 2)])
        .camp(1, &[s(0, 3), s(0, 4)])
        .turn_to_throw(0)
        .build();
    let events = play(&state, 1, Action::Concede);
    assert_eq!(
        events.first(),
        Some(&Event::Conceded { seat: 1, stones: vec![s(1, 1)], freed: vec![s(0, 2)] })
    );
    assert_eq!(
        events.last(),
        Some(&Event::Ended { reason: EndReason::Conceded, prisoners: vec![0, 2], winners: vec![0] })
    );
    let next = after(&state, &events);
    let outcome = Zajatce::outcome(&next).expect("the game is over");
    assert_eq!(outcome.winners, vec![0]);
    assert_eq!(outcome.summary.key, "zajatce-outcome-conceded");
    assert!(Zajatce::to_act(&next).is_empty());
    // After the end nobody concedes.
    assert!(Zajatce::legal_actions(&next, 0).is_empty());
    let refusal = decide(&next, 0, Action::Concede).unwrap_err();
    assert_eq!(
        (refusal.rule.as_str(), refusal.reason.key.as_str()),
        (rule::CONCEDE, "zajatce-refusal-game-over")
    );
}

#[test]
fn z18_a_player_who_is_out_cannot_concede() {
    let state = Position::new(3)
        .unit(0, s(0, 1))
        .prisoners(&[s(2, 1), s(2, 2), s(2, 3), s(2, 4), s(2, 5)])
        .unit(10, s(1, 1))
        .turn_to_throw(0)
        .build();
    assert!(state.players[2].eliminated);
    let refusal = refused(&state, 2, Action::Concede);
    assert_eq!(
        (refusal.rule.as_str(), refusal.reason.key.as_str()),
        (rule::CONCEDE, "zajatce-refusal-eliminated")
    );
}
