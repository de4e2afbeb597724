//! The last step's marks (the board shows them, docs/architecture.md rule 4 for who sees what):
//! a move marks where from, the path and where to, until the next step that changes the board;
//! steps that change nothing on it (a throw, the end of a turn, a private move) leave the marks
//! as they were, so a private move is told by no mark.

use super::*;
use crate::colditz::Colditz;
use crate::colditz::events::StandingOrders;
use crate::{Ruleset, Viewer};

#[test]
fn a_move_is_marked_from_where_through_its_path_to_where_until_the_next_move() {
    // The German's first step, the guards placed, is marked: every guard from the barracks.
    let placed = Pos::new(3);
    let step = Colditz::view(&placed.state, Viewer::Seat(1)).last_step;
    let guards = placed.men(0);
    assert!(!step.moves.is_empty() && step.moves.iter().all(|m| guards.contains(&m.man)), "{step:?}");
    let w = courtyard_walk(6);
    let mut pos = Pos::new(3).clear().put_at(0, w[0]).put_at(1, w[5]).turn(1, &[[2, 3]]);
    // The men were put by hand: nothing of the placing is left to mark.
    pos.state.last_step = Default::default();
    pos.act(1, Action::Move { man: 0, path: w[1..3].to_vec(), cell: None }).unwrap();
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Seat(2), Viewer::Public] {
        let step = Colditz::view(&pos.state, viewer).last_step;
        assert_eq!(step.moves.len(), 1, "{viewer:?}");
        assert_eq!((step.moves[0].man, step.moves[0].from), (0, w[0]));
        assert_eq!(step.moves[0].path, w[1..3].to_vec());
        assert!(step.arrests.is_empty() && step.cards.is_empty());
    }
    // A private move and the end of the turn change nothing on the board: the mark stays.
    let marked = pos.state.last_step.clone();
    pos.act(1, Action::SetStandingOrders(StandingOrders::default())).unwrap();
    assert_eq!(pos.state.last_step, marked);
    pos.act(1, Action::Move { man: 1, path: vec![w[4]], cell: None }).unwrap();
    let step = Colditz::view(&pos.state, Viewer::Seat(2)).last_step;
    assert_eq!(step.moves.len(), 1, "the next move replaces the mark: {step:?}");
    assert_eq!((step.moves[0].man, step.moves[0].from, step.moves[0].path.clone()), (1, w[5], vec![w[4]]));
    let marked = pos.state.last_step.clone();
    pos.act(1, Action::EndTurn).unwrap();
    assert_eq!(pos.state.last_step, marked, "the end of the turn keeps it");
}
