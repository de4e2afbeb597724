//! Na zajatce ("Taking prisoners"): a Czech capture variant of Člověče, nezlob se.
//!
//! Every player has five stones; whoever ends a move on enemy stones takes them prisoner, and a
//! stone leading prisoners carries them round to its home, the prison camp. The player with the
//! most prisoners wins. The rules, their ids (Z1–Z17) and every interpretation are in
//! `docs/rules/zajatce.md`.
//!
//! # Actions (the JSON API exposes them as they serialize)
//!
//! ```json
//! {"type": "roll"}                                                        // the server throws
//! {"type": "roll", "die": 4}                                              // manual dice: the die thrown at the table
//! {"type": "enter"}                                                       // on a six: a stone from reserve onto the start field
//! {"type": "move", "stone": {"seat": 0, "number": 2}, "direction": "forward"}  // a unit's leader moves, with everything it carries
//! {"type": "leave", "stone": {"seat": 0, "number": 4}}                    // a freed member leaves its group, moving alone
//! {"type": "concede"}                                                     // give up: leave the game (Z18), at any time
//! ```
//!
//! `direction` defaults to `"forward"`; `"backward"` is legal only in the backward phase (Z12).
//! With manual dice, [`Ruleset::legal_actions`] offers the throw as the template
//! `{"type": "roll"}` (die `None`); the form fills in the die before sending it, and `decide`
//! refuses a manual throw without a die.

mod board;
mod describe;
mod position;
pub(crate) mod rules;
mod state;
mod view;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

use crate::{Msg, Outcome, Random, Refusal, Ruleset, Seat, Viewer};

pub use board::{
    CORNER_SPACING, CORNERS, Direction, HOME_FIELDS, STONES_PER_PLAYER, TRACK_FIELDS, home_entrance,
    start_field,
};
pub use position::{At, Placed, Position};
pub use state::{Ending, LastStep, Place, Player, State, StoneId, Throw, Turn, Unit};
pub use view::{Colour, SeatView, UnitView, View};

/// The ruleset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zajatce;

/// Options chosen at creation. Every field has a default, so `{}` is a valid options object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct Options {
    /// Z6: a six earns another throw (the common Czech table rule).
    pub throw_again_on_six: bool,
    /// Z3: players type the die they threw at a real table instead of the server throwing.
    pub manual_dice: bool,
    /// Z16: the game ends after this many throws in a row without a capture or a homecoming
    /// (0: never).
    pub quiet_limit: u32,
    /// Z17: the game ends after this many throws in all, whatever happens.
    #[cfg_attr(feature = "schema", schema(minimum = 1))]
    pub throw_limit: u32,
}

/// Throws in a row without a capture or homecoming that end the game (Z16). In 2,400 simulated
/// games (`tests::measurements`), play that takes every capture it can went this long without
/// one in at most 1 game of 200, and random play in under 1 of 100; two last stones that keep
/// out of each other's reach would otherwise dance forever.
pub const DEFAULT_QUIET_LIMIT: u32 = 200;
/// Throws that end any game (Z17). The longest simulated game took 816 throws; this limit only
/// guarantees an end when captures keep freeing stones in a cycle.
pub const DEFAULT_THROW_LIMIT: u32 = 3000;

impl Default for Options {
    fn default() -> Self {
        Options {
            throw_again_on_six: true,
            manual_dice: false,
            quiet_limit: DEFAULT_QUIET_LIMIT,
            throw_limit: DEFAULT_THROW_LIMIT,
        }
    }
}

/// What a player does. See the module docs for the JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Throw the die. `die` is `None` when the server throws, and the die the player threw at
    /// the table with manual dice.
    Roll {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        die: Option<u8>,
    },
    /// On a six: bring the lowest-numbered stone from reserve onto the start field (Z5).
    Enter,
    /// Move a unit: `stone` is its leader; members and prisoners come along (Z4).
    Move {
        stone: StoneId,
        #[serde(default)]
        direction: Direction,
    },
    /// A freed member (`stone`) leaves its group and moves alone by the throw (Z10).
    Leave {
        stone: StoneId,
        #[serde(default)]
        direction: Direction,
    },
    /// Z18: give up and leave the game, at any time (not only in turn).
    Concede,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Z14: only one player still has free stones (the seed's "last free stone").
    LastPlayer,
    /// Z16: too long without a capture or a homecoming.
    QuietLimit,
    /// Z17: the throw limit.
    ThrowLimit,
    /// Z18: every other player conceded; the last one in the game wins.
    Conceded,
}

/// What happened. Each event records its result in full, so applying it never needs the dice
/// or the rules again, and the history can tell it without the position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Z1: every player's stone 1 stands on their start field; `first` throws first.
    Started { first: Seat },
    /// Z3: `seat` threw `die`.
    Rolled { seat: Seat, die: u8 },
    /// Z5: `stone` came from reserve onto the start `field`.
    Entered { seat: Seat, stone: StoneId, field: u8 },
    /// Z4: `stone` moved from `from` to `to`; `leaving`: a freed member left its group (Z10).
    Moved { seat: Seat, stone: StoneId, leaving: bool, direction: Direction, from: u8, steps: u8, to: u8 },
    /// Z8–Z10: the unit led by `stone` took `taken` prisoner on `field` and freed `freed`.
    Captured { seat: Seat, stone: StoneId, field: u8, taken: Vec<StoneId>, freed: Vec<StoneId> },
    /// Z11: the unit led by `stone` turned home from `from`: `prisoners` went to the camp,
    /// `stone` and its `members` back to reserve.
    CameHome {
        seat: Seat,
        stone: StoneId,
        from: u8,
        steps: u8,
        members: Vec<StoneId>,
        prisoners: Vec<StoneId>,
    },
    /// Z7: the throw could not be used.
    NoMove { seat: Seat, die: u8 },
    /// Z13: `seat` has no free stone left and is out.
    Eliminated { seat: Seat },
    /// Z12: from now on stones may move backwards too.
    BackwardPhaseBegan,
    /// Z2/Z6: `seat` throws next (`again`: the same player after a six).
    NextTurn { seat: Seat, again: bool },
    /// Z14: at the end, the unit led by `stone` brought its `prisoners` straight to the camp.
    CarriedHome { seat: Seat, stone: StoneId, prisoners: Vec<StoneId> },
    /// Z18: `seat` conceded and left the game: its stones on the track (`stones`, leaders and
    /// members) left the board, and the prisoners they led (`freed`) went back to their owners'
    /// reserves.
    Conceded { seat: Seat, stones: Vec<StoneId>, freed: Vec<StoneId> },
    /// Z15: the game is over; `prisoners` in each seat's camp, and who won.
    Ended { reason: EndReason, prisoners: Vec<u8>, winners: Vec<Seat> },
    /// Z19: the players entered the position of a game begun at a real table; play goes on
    /// from it.
    PositionEntered { position: Position },
}

/// Rule ids, as listed in docs/rules/zajatce.md.
pub mod rule {
    pub const BOARD: &str = "Z1";
    pub const TURN: &str = "Z2";
    pub const DIE: &str = "Z3";
    pub const MOVE: &str = "Z4";
    pub const SIX_ENTERS: &str = "Z5";
    pub const THROW_AGAIN: &str = "Z6";
    pub const NO_MOVE: &str = "Z7";
    pub const CAPTURE: &str = "Z8";
    pub const GROUPS: &str = "Z9";
    pub const FREEING: &str = "Z10";
    pub const HOMECOMING: &str = "Z11";
    pub const BACKWARD: &str = "Z12";
    pub const ELIMINATION: &str = "Z13";
    pub const END: &str = "Z14";
    pub const WINNER: &str = "Z15";
    pub const QUIET_LIMIT: &str = "Z16";
    pub const THROW_LIMIT: &str = "Z17";
    pub const CONCEDE: &str = "Z18";
    pub const POSITION: &str = "Z19";
}

impl Ruleset for Zajatce {
    const ID: &'static str = "zajatce";

    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn seats(_options: &Options) -> RangeInclusive<usize> {
        2..=usize::from(CORNERS)
    }

    fn check_options(options: &Options, seats: usize) -> Result<(), Refusal> {
        if !Self::seats(options).contains(&seats) {
            return Err(Refusal::new(
                rule::BOARD,
                Msg::new("zajatce-refusal-seats").num("seats", seats as i64),
            ));
        }
        if options.throw_limit == 0 {
            return Err(Refusal::new(rule::THROW_LIMIT, Msg::new("zajatce-refusal-throw-limit")));
        }
        Ok(())
    }

    fn initial(options: &Options, seats: usize) -> State {
        State::new(options, seats)
    }

    /// The server draws who starts. With manual dice the table has already settled that by
    /// the order it listed the players in, so seat 0 starts and nothing is drawn.
    fn setup(options: &Options, seats: usize, rng: &mut dyn Random) -> Vec<Event> {
        let first = if options.manual_dice || seats == 0 { 0 } else { rng.below(seats as u32) as Seat };
        vec![Event::Started { first }]
    }

    fn decide(
        state: &State,
        seat: Seat,
        action: &Action,
        rng: &mut dyn Random,
    ) -> Result<Vec<Event>, Refusal> {
        rules::decide(state, seat, action, rng)
    }

    fn apply(state: &mut State, event: &Event) {
        state.apply(event);
    }

    fn to_act(state: &State) -> Vec<Seat> {
        state.seat_to_act().into_iter().collect()
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        rules::legal_actions(state, seat)
    }

    fn view(state: &State, _viewer: Viewer) -> View {
        View::of(state)
    }

    /// Na zajatce has no hidden information: the board, the reserves, the camps and every
    /// throw are on the table for all to see, so every viewer sees every event whole.
    fn redact(event: &Event, _viewer: Viewer) -> Option<Event> {
        Some(event.clone())
    }

    fn describe(event: &Event) -> Msg {
        describe::event(event)
    }

    fn describe_action(state: &State, action: &Action) -> Msg {
        describe::action(state, action)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.ending.as_ref().map(describe::outcome)
    }

    fn seat_label(_options: &Options, seat: Seat) -> Msg {
        Msg::new(Colour::of(seat).key())
    }
}

/// Z19: a game carried over from a real table. Nothing is hidden, so the position is one
/// event that everybody sees whole.
impl crate::Positions for Zajatce {
    type Position = Position;
    type Private = crate::NoPosition;

    fn enter(state: &State, position: &Position, _rng: &mut dyn Random) -> Result<Vec<Event>, Refusal> {
        position.check(state.seats())?;
        Ok(vec![Event::PositionEntered { position: position.clone() }])
    }

    fn enter_private(
        _state: &State,
        _seat: Seat,
        part: &crate::NoPosition,
        _rng: &mut dyn Random,
    ) -> Result<Vec<Event>, Refusal> {
        match *part {}
    }
}

/// Na zajatce has nothing hidden: a justified complaint rewinds the game to before the move (the
/// dice are thrown again from the log's seed).
impl crate::Remedies for Zajatce {
    type Correction = crate::NoCorrection;
}
