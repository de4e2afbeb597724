//! Escape from Colditz (rules: docs/rules/colditz.md, which maps every rule id used in refusals
//! to its code and tests).
//!
//! [`board`] is the game board: the map, its graph and its places, loaded from a text file a
//! person can read and edit. The rules engine asks it everything it needs to know about a place.
//! [`cards`] holds all 96 cards as data; [`decide`] judges actions; [`state`] folds events;
//! [`view`] decides what each viewer sees.
//!
//! Part 1: setup, turns, movement, equipment and the Escape Kit, arrests, solitary, the cards,
//! Appel and searches, trades, rule 55. Part 2: escapes over the perimeter (rope, wire, gates),
//! the chase, tunnels, the staff car, Do or Die, Shoot to Kill, Arrest Key/Pass Holder and the
//! end of the game.

pub mod board;
pub mod cards;
pub mod decide;
pub mod events;
pub mod options;
pub mod position;
pub mod state;
pub mod view;

mod remedies;
#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;

pub use cards::{CardId, CardKind, Equipment, Pack};
pub use events::{Action, Event, ManId};
pub use options::{Nation, Options, Role};
pub use position::{HandEntry, Position, TeamPosition};
pub use state::State;
pub use view::View;

use crate::{Msg, Outcome, Random, Refusal, Ruleset, Seat, Viewer};

pub struct Colditz;

impl Ruleset for Colditz {
    const ID: &'static str = "colditz";

    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn seats(_options: &Options) -> RangeInclusive<usize> {
        Options::seat_range()
    }

    fn check_options(options: &Options, seats: usize) -> Result<(), Refusal> {
        decide::check_options(options, seats)
    }

    fn initial(options: &Options, seats: usize) -> State {
        State::new(options, seats)
    }

    fn setup(options: &Options, seats: usize, rng: &mut dyn Random) -> Vec<Event> {
        decide::setup(options, seats, rng)
    }

    /// A game keeps the rules revision it was set up under (a game begun before a revision
    /// records none, 0): the deal is derived again, the revision taken as recorded, if it is
    /// one these rules know.
    fn setup_again(options: &Options, seats: usize, rng: &mut dyn Random, recorded: &[Event]) -> Vec<Event> {
        let mut events = decide::setup(options, seats, rng);
        if let (Some(Event::Setup { revision, .. }), Some(Event::Setup { revision: was, .. })) =
            (events.first_mut(), recorded.first())
            && *was <= state::RULES_REVISION
        {
            *revision = *was;
        }
        events
    }

    fn decide(
        state: &State,
        seat: Seat,
        action: &Action,
        rng: &mut dyn Random,
    ) -> Result<Vec<Event>, Refusal> {
        decide::decide(state, seat, action, rng)
    }

    fn apply(state: &mut State, event: &Event) {
        state.apply(event)
    }

    fn to_act(state: &State) -> Vec<Seat> {
        decide::to_act(state)
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        decide::legal_actions(state, seat)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        view::redact(event, viewer)
    }

    fn describe(event: &Event) -> Msg {
        view::describe(event)
    }

    fn describe_action(state: &State, action: &Action) -> Msg {
        view::describe_action(state, action)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        view::outcome(state)
    }

    fn seat_label(options: &Options, seat: Seat) -> Msg {
        view::seat_label(options, seat)
    }

    fn deadline_passed(state: &State, _rng: &mut dyn Random) -> Vec<Event> {
        decide::deadline_passed(state)
    }
}

/// Rule C26: a game carried over from a real table. The host enters the open table; each
/// seat's hand, its secret, is that seat's private part (an empty hand is entered too: the
/// game deals none, C4, so there is nothing for the server to draw).
impl crate::Positions for Colditz {
    type Position = position::Position;
    type Private = position::HandEntry;

    fn enter(
        state: &State,
        position: &position::Position,
        rng: &mut dyn Random,
    ) -> Result<Vec<Event>, Refusal> {
        position.events(state, rng)
    }

    fn enter_private(
        state: &State,
        seat: Seat,
        part: &position::HandEntry,
        rng: &mut dyn Random,
    ) -> Result<Vec<Event>, Refusal> {
        part.events(state, seat, rng)
    }

    /// Whole once every seat still in the game has entered its hand.
    fn position_complete(state: &State) -> bool {
        state
            .position
            .as_ref()
            .is_some_and(|p| (0..state.seats as Seat).all(|s| p.hands.contains(&s) || state.out.contains(&s)))
    }
}
