//! A small builder of positions for scenario tests: place units, prisoners and camps; every
//! stone not placed waits in its owner's reserve, so positions always hold five stones each.

use crate::zajatce::{Action, Event, Options, State, StoneId, Turn, Unit, Zajatce};
use crate::{Refusal, Ruleset, ScriptedRandom, Seat};

/// Stone `number` of `seat`.
pub fn s(seat: Seat, number: u8) -> StoneId {
    StoneId::new(seat, number)
}

pub struct Position {
    state: State,
}

impl Position {
    /// An empty board for `seats` players, seat 0 to throw, default options.
    pub fn new(seats: usize) -> Self {
        let mut state = State::new(&Options::default(), seats);
        state.turn = Turn::Roll { seat: 0 };
        Position { state }
    }

    pub fn options(mut self, change: impl FnOnce(&mut Options)) -> Self {
        change(&mut self.state.options);
        self
    }

    /// A unit led by `leader` on `field` (0–39).
    pub fn unit(mut self, field: u8, leader: StoneId) -> Self {
        self.state.units.push(Unit { field, leader, members: Vec::new(), prisoners: Vec::new() });
        self
    }

    /// Prisoners of the unit added last.
    pub fn prisoners(mut self, stones: &[StoneId]) -> Self {
        self.state.units.last_mut().expect("prisoners need a unit").prisoners.extend_from_slice(stones);
        self
    }

    /// Free members of the unit added last.
    pub fn members(mut self, stones: &[StoneId]) -> Self {
        self.state.units.last_mut().expect("members need a unit").members.extend_from_slice(stones);
        self
    }

    pub fn camp(mut self, seat: Seat, stones: &[StoneId]) -> Self {
        self.state.players[usize::from(seat)].camp.extend_from_slice(stones);
        self
    }

    pub fn turn_to_throw(mut self, seat: Seat) -> Self {
        self.state.turn = Turn::Roll { seat };
        self
    }

    pub fn turn_to_move(mut self, seat: Seat, die: u8) -> Self {
        self.state.turn = Turn::Move { seat, die };
        self.state.last_throw = Some(crate::zajatce::Throw { seat, die });
        self
    }

    pub fn backward_phase(mut self) -> Self {
        self.state.backward_phase = true;
        self
    }

    pub fn quiet_throws(mut self, n: u32) -> Self {
        self.state.quiet_throws = n;
        self
    }

    pub fn throws(mut self, n: u32) -> Self {
        self.state.throws = n;
        self
    }

    /// Takes placed stones out of the reserves, marks players without free stones as out, and
    /// checks that no stone was placed twice.
    pub fn build(mut self) -> State {
        let mut placed: Vec<StoneId> =
            self.state.units.iter().flat_map(|u| u.stones().collect::<Vec<_>>()).collect();
        placed.extend(self.state.players.iter().flat_map(|p| p.camp.iter().copied()));
        let mut unique = placed.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), placed.len(), "a stone was placed twice");
        for player in &mut self.state.players {
            player.reserve.retain(|s| !placed.contains(s));
        }
        for seat in 0..self.state.seats() {
            let out = self.state.free_stones(seat as Seat) == 0;
            self.state.players[seat].eliminated = out;
        }
        self.state.units.sort_by_key(|u| (u.field, u.leader));
        self.state
    }
}

/// Dice that must not be thrown: the action must not draw.
pub fn no_dice() -> ScriptedRandom {
    ScriptedRandom::default()
}

pub fn decide(state: &State, seat: Seat, action: Action) -> Result<Vec<Event>, Refusal> {
    Zajatce::decide(state, seat, &action, &mut no_dice())
}

/// `seat` throws `die` with server dice.
pub fn roll(state: &State, seat: Seat, die: u8) -> Vec<Event> {
    let mut dice = ScriptedRandom::dice([die]);
    let events =
        Zajatce::decide(state, seat, &Action::Roll { die: None }, &mut dice).expect("the throw is legal");
    assert!(dice.is_empty(), "the die was not thrown");
    events
}

/// `seat` makes a move that must be legal and must be offered.
pub fn play(state: &State, seat: Seat, action: Action) -> Vec<Event> {
    assert!(Zajatce::legal_actions(state, seat).contains(&action), "{action:?} is not offered");
    decide(state, seat, action).unwrap_or_else(|r| panic!("{action:?} refused: {r}"))
}

/// The rule id of a refusal that must happen.
pub fn refused(state: &State, seat: Seat, action: Action) -> Refusal {
    assert!(!Zajatce::legal_actions(state, seat).contains(&action), "{action:?} is offered");
    decide(state, seat, action).expect_err("the action must be refused")
}

pub fn after(state: &State, events: &[Event]) -> State {
    let mut next = state.clone();
    for event in events {
        Zajatce::apply(&mut next, event);
    }
    next
}
