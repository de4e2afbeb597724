//! C25: conceding. An Escape Officer's team leaves the game; the German's concession, or the
//! last team's, ends it.

use super::*;
use crate::colditz::Colditz;
use crate::colditz::state::{Fate, Window};
use crate::{Msg, Ruleset};

#[test]
fn c25_an_escape_officer_who_concedes_leaves_with_his_men_and_his_turns_are_skipped() {
    let mut pos = Pos::new(4).before_throw(1);
    assert!(Colditz::legal_actions(&pos.state, 1).contains(&Action::Concede));
    let events = pos.act(1, Action::Concede).unwrap();
    assert_eq!(events, vec![Event::Conceded { seat: 1 }, Event::TurnEnded { seat: 1 }]);
    assert_eq!(Colditz::describe(&events[0]), Msg::new("colditz-event-conceded").seat("player", 1));
    assert!(pos.state.out.contains(&1));
    assert_eq!(pos.men(1), Vec::<u8>::new(), "his men left the board");
    assert!(pos.state.gone.iter().filter(|g| g.seat == 1).all(|g| g.fate == Fate::Conceded));
    assert_eq!(pos.state.turn_seat(), Some(2), "his turn passed on");
    // The German's turn ends: seat 1 is skipped.
    pos.state.apply(&Event::TurnEnded { seat: 0 });
    assert_eq!(pos.state.turn_seat(), Some(2));
    assert!(Colditz::outcome(&pos.state).is_none(), "two teams play on");
    assert!(Colditz::legal_actions(&pos.state, 1).is_empty());
    assert_eq!(pos.refused(1, Action::Concede), "C25");
}

#[test]
fn c25_when_the_last_team_concedes_the_german_wins() {
    let mut pos = Pos::new(3).before_throw(1);
    // Out of his turn: the turn stays where it was.
    assert_eq!(pos.act(2, Action::Concede).unwrap(), vec![Event::Conceded { seat: 2 }]);
    assert_eq!(pos.state.turn_seat(), Some(1));
    assert_eq!(pos.act(1, Action::Concede).unwrap(), vec![Event::Conceded { seat: 1 }]);
    let outcome = Colditz::outcome(&pos.state).expect("the game is over");
    assert_eq!(outcome.winners, vec![0]);
    assert_eq!(outcome.summary.key, "colditz-outcome-escapers-conceded");
    assert!(outcome.summary.args.contains(&("deaths".to_string(), crate::Arg::Num(0))), "nobody died");
    assert!(Colditz::to_act(&pos.state).is_empty());
    assert!(Colditz::legal_actions(&pos.state, 0).is_empty());
    assert_eq!(pos.refused(0, Action::Concede), "C23", "nothing after the end");
}

#[test]
fn c25_when_the_german_concedes_the_teams_still_in_the_game_win() {
    let mut pos = Pos::new(4).before_throw(1);
    pos.act(3, Action::Concede).unwrap();
    assert_eq!(pos.act(0, Action::Concede).unwrap(), vec![Event::Conceded { seat: 0 }]);
    let outcome = Colditz::outcome(&pos.state).expect("the game is over");
    assert_eq!(outcome.winners, vec![1, 2]);
    assert_eq!(outcome.summary.key, "colditz-outcome-german-conceded");
    assert!(Colditz::to_act(&pos.state).is_empty());
}

#[test]
fn c25_an_open_question_is_answered_before_anyone_concedes() {
    let mut pos = Pos::new(3).turn(0, &[[1, 2]]);
    pos.state.window = Some(Window::Sabotage { owed: 2 });
    for seat in 0..3 {
        assert!(!Colditz::legal_actions(&pos.state, seat).contains(&Action::Concede));
    }
    assert_eq!(pos.refused(1, Action::Concede), "C25");
    pos.state.window = None;
    assert!(Colditz::legal_actions(&pos.state, 1).contains(&Action::Concede));
}
