//! Služba v ilegalitě: a Czech variant of Codenames (rules: docs/rules/sluzba.md, which maps
//! every rule id used in refusals to its code and tests).
//!
//! Two teams (red, blue) each have a coordinator who sees the secret key and gives one-word
//! clues, and members who guess the team's cards among 25 words. The key is committed to by
//! its salted SHA-256 at the start and revealed at the end.

pub mod clue;
pub mod decide;
pub mod decks;
pub mod describe;
pub mod events;
pub mod key;
pub mod options;
pub mod state;
pub mod view;
pub mod words;

#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;

pub use clue::{Clue, ClueDraft, ClueNumber, ClueWarning};
pub use events::{Action, Channel, EndReason, Event, TurnEnd};
pub use key::{Colour, Key, Team, commitment, commitment_preimage, verify_commitment};
pub use options::{DeckChoice, Options, SeatRole, Table};
pub use state::{Phase, State};
pub use view::{CardView, View};

use crate::{Msg, Outcome, Random, Refusal, Ruleset, Seat, Viewer};

pub struct Sluzba;

impl Ruleset for Sluzba {
    const ID: &'static str = "sluzba";

    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn seats(options: &Options) -> RangeInclusive<usize> {
        options.seat_range()
    }

    fn check_options(options: &Options, seats: usize) -> Result<(), Refusal> {
        options.check(seats)
    }

    fn initial(options: &Options, seats: usize) -> State {
        State::new(options, seats)
    }

    fn setup(options: &Options, seats: usize, rng: &mut dyn Random) -> Vec<Event> {
        decide::setup(options, seats, rng)
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
        describe::describe(event)
    }

    fn describe_action(state: &State, action: &Action) -> Msg {
        describe::describe_action(state, action)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        describe::outcome(state)
    }

    fn seat_label(options: &Options, seat: Seat) -> Msg {
        describe::seat_label(options, seat)
    }

    fn deadline_passed(state: &State, rng: &mut dyn Random) -> Vec<Event> {
        decide::deadline_passed(state, rng)
    }
}
