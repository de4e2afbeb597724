//! What the web page and the board picture are built from. Na zajatce hides nothing, so every
//! viewer gets the same view; it is still a type of its own so that pages never reach into the
//! state.

use serde::{Deserialize, Serialize};

use super::state::{LastStep, State, StoneId, Throw, Turn};
use super::{Zajatce, board};
use crate::{Outcome, Ruleset, Seat};

/// A seat's colour. Seat 0 is red, then blue, green and yellow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Blue,
    Green,
    Yellow,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow];

    pub fn of(seat: Seat) -> Colour {
        Self::ALL[usize::from(seat) % Self::ALL.len()]
    }

    /// The Fluent id of the colour's name (also the seat's label).
    pub fn key(self) -> &'static str {
        match self {
            Colour::Red => "zajatce-colour-red",
            Colour::Blue => "zajatce-colour-blue",
            Colour::Green => "zajatce-colour-green",
            Colour::Yellow => "zajatce-colour-yellow",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub colour: Colour,
    /// Board corner, 0–3 clockwise.
    pub corner: u8,
    pub start_field: u8,
    pub home_entrance: u8,
    pub reserve: Vec<StoneId>,
    /// Prisoners in this seat's home camp (they count at the end).
    pub camp: Vec<StoneId>,
    /// Leaders and free members on the track plus the reserve.
    pub free_stones: u8,
    /// Prisoners this seat's units lead on the track.
    pub prisoners_led: u8,
    pub eliminated: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitView {
    pub field: u8,
    pub owner: Seat,
    pub leader: StoneId,
    pub members: Vec<StoneId>,
    pub prisoners: Vec<StoneId>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub seats: Vec<SeatView>,
    /// Units on the track, by field.
    pub units: Vec<UnitView>,
    pub turn: Turn,
    pub last_throw: Option<Throw>,
    /// The last stone moved: the board marks where from and where to.
    pub last_step: Option<LastStep>,
    pub backward_phase: bool,
    pub throws: u32,
    pub throw_limit: u32,
    pub quiet_throws: u32,
    /// 0: no quiet limit.
    pub quiet_limit: u32,
    pub manual_dice: bool,
    pub throw_again_on_six: bool,
    pub track_fields: u8,
    pub home_fields: u8,
    pub outcome: Option<Outcome>,
}

impl View {
    pub fn of(state: &State) -> View {
        let seats = state
            .players
            .iter()
            .enumerate()
            .map(|(i, player)| {
                let seat = i as Seat;
                let prisoners_led: usize =
                    state.units.iter().filter(|u| u.owner() == seat).map(|u| u.prisoners.len()).sum();
                SeatView {
                    seat,
                    colour: Colour::of(seat),
                    corner: player.corner,
                    start_field: player.start_field(),
                    home_entrance: player.home_entrance(),
                    reserve: player.reserve.clone(),
                    camp: player.camp.clone(),
                    free_stones: state.free_stones(seat) as u8,
                    prisoners_led: prisoners_led as u8,
                    eliminated: player.eliminated,
                }
            })
            .collect();
        let units = state
            .units
            .iter()
            .map(|u| UnitView {
                field: u.field,
                owner: u.owner(),
                leader: u.leader,
                members: u.members.clone(),
                prisoners: u.prisoners.clone(),
            })
            .collect();
        View {
            seats,
            units,
            turn: state.turn,
            last_throw: state.last_throw,
            last_step: state.last_step,
            backward_phase: state.backward_phase,
            throws: state.throws,
            throw_limit: state.options.throw_limit,
            quiet_throws: state.quiet_throws,
            quiet_limit: state.options.quiet_limit,
            manual_dice: state.options.manual_dice,
            throw_again_on_six: state.options.throw_again_on_six,
            track_fields: board::TRACK_FIELDS,
            home_fields: board::HOME_FIELDS,
            outcome: Zajatce::outcome(state),
        }
    }
}
