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
pub mod position;
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
pub use position::{CoveredCard, KeyEntry, Position};
pub use state::{Phase, State};
pub use view::{CardView, View};

use crate::{Msg, Outcome, Random, Refusal, Ruleset, Seat, Viewer};
use serde::{Deserialize, Serialize};

pub struct Sluzba;

impl Ruleset for Sluzba {
    const ID: &'static str = "sluzba";
    /// A private channel stays private to its members for ever (rule A1): after the end each seat
    /// still sees the game through its own view, which by then shows the whole key.
    const PRIVATE_AFTER_END: bool = true;

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

/// Remedies (rule S13): an invalid clue ends the team's turn at once. Found invalid through a
/// dispute, after the team has guessed on it, nothing is taken back (the cards it touched were
/// seen by everyone and stay covered): the clue is marked invalid and, if its turn is still on,
/// the turn ends. Anything else may be rewound, where nothing came to light since.
impl crate::Remedies for Sluzba {
    type Correction = Correction;

    fn remedies(
        before: &State,
        _after: &State,
        _now: &State,
        _seat: Seat,
        action: &Action,
    ) -> Vec<crate::Remedy<Correction>> {
        match action {
            Action::GiveClue { .. } => vec![crate::Remedy::Correct {
                correction: Correction::ClueInvalid { clue: before.clues.len() as u16 },
            }],
            _ => vec![crate::Remedy::Rewind],
        }
    }

    fn correct(
        now: &State,
        by: Option<Seat>,
        correction: &Correction,
        _rng: &mut dyn crate::Random,
    ) -> Result<Vec<Event>, Refusal> {
        let Correction::ClueInvalid { clue } = correction;
        let Some(record) = now.clues.get(usize::from(*clue)) else {
            return Err(Refusal::new("S13", Msg::new("sluzba-refusal-no-such-clue")));
        };
        if record.ruled_invalid {
            return Err(Refusal::new("S13", Msg::new("sluzba-refusal-clue-already-invalid")));
        }
        let mut events = vec![Event::ClueFoundInvalid {
            by,
            team: record.team,
            clue: *clue,
            clue_word: record.clue.word.clone(),
        }];
        let still_its_turn = usize::from(*clue) + 1 == now.clues.len()
            && matches!(now.phase, Phase::Guessing { team, .. } if team == record.team);
        if still_its_turn {
            events.push(Event::TurnEnded { team: record.team, reason: TurnEnd::ClueInvalid });
        }
        Ok(events)
    }

    fn describe_correction(correction: &Correction) -> Msg {
        let Correction::ClueInvalid { clue } = correction;
        Msg::new("sluzba-remedy-clue-invalid").num("clue", i64::from(*clue) + 1)
    }
}

/// What the adjudicator may order in Služba instead of a rewind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "correction", rename_all = "snake_case")]
pub enum Correction {
    /// The clue (its number in the game, from 0) was invalid: it is marked so, and its turn
    /// ends if it is still on.
    ClueInvalid { clue: u16 },
}

/// Rule A5: a game carried over from a real table. The host enters the open table; the key
/// card, which only the coordinators may see, is a coordinator's private part (or drawn by the
/// server when the host says the table used none).
impl crate::Positions for Sluzba {
    type Position = Position;
    type Private = KeyEntry;

    fn enter(state: &State, position: &Position, rng: &mut dyn Random) -> Result<Vec<Event>, Refusal> {
        position.events(state, rng)
    }

    fn enter_private(
        state: &State,
        seat: Seat,
        part: &KeyEntry,
        rng: &mut dyn Random,
    ) -> Result<Vec<Event>, Refusal> {
        part.events(state, seat, rng)
    }

    /// Whole once the key is on the table (entered or drawn): until then the seats are not
    /// asked, and play cannot begin.
    fn position_complete(state: &State) -> bool {
        state.phase != Phase::Setup
    }
}
