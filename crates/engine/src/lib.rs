//! feldpost's rules engines.
//!
//! The engine is pure (docs/architecture.md, rule 1): no I/O, no async, no clock, no global RNG. It lives in
//! its own crate so that the compiler enforces that: nothing here can reach a database or a
//! socket. Randomness comes in through [`Random`]; its results are written into events, so
//! applying an event never fails and never draws.

pub mod colditz;
/// The contract every ruleset keeps (for the engine's, the server's and the fuzz targets' tests).
#[cfg(any(test, feature = "contract"))]
pub mod contract;
pub mod random;
pub mod remedy;
pub mod sluzba;
pub mod zajatce;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::ops::RangeInclusive;

pub use random::{CountingRandom, Random, ScriptedRandom, SeededRandom};
pub use remedy::{NoCorrection, Remedies, Remedy};

/// A seat at the table, numbered from 0 in the order the players were listed at creation.
pub type Seat = u8;

/// Who is looking. Every page, email, export and API answer is built from a view for one viewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "seat", rename_all = "snake_case")]
pub enum Viewer {
    /// A player, seeing what their seat may see.
    Seat(Seat),
    /// A spectator or anyone without a seat: only what is public.
    Public,
    /// Everything: after the game's end, and for replay/verify tools.
    Omniscient,
}

/// A message for people, translated by the web layer through Fluent (the engine knows no
/// language). `key` is a Fluent message id; arguments are typed so that seats become player names
/// and nested keys (card names, rule titles) are translated too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Msg {
    pub key: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(String, Arg)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", content = "v", rename_all = "snake_case")]
pub enum Arg {
    Seat(Seat),
    Num(i64),
    Text(String),
    /// Another Fluent message id, translated in place.
    Key(String),
}

impl Msg {
    pub fn new(key: impl Into<String>) -> Self {
        Msg { key: key.into(), args: Vec::new() }
    }
    pub fn seat(mut self, name: &str, seat: Seat) -> Self {
        self.args.push((name.into(), Arg::Seat(seat)));
        self
    }
    pub fn num(mut self, name: &str, n: impl Into<i64>) -> Self {
        self.args.push((name.into(), Arg::Num(n.into())));
        self
    }
    pub fn text(mut self, name: &str, text: impl Into<String>) -> Self {
        self.args.push((name.into(), Arg::Text(text.into())));
        self
    }
    pub fn key(mut self, name: &str, key: impl Into<String>) -> Self {
        self.args.push((name.into(), Arg::Key(key.into())));
        self
    }
}

/// Why the engine refused an action: the id of the rule it breaks (as listed in
/// docs/rules/<game>.md) and a readable reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub kind: RefusalKind,
    pub rule: String,
    pub reason: Msg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefusalKind {
    /// The action breaks a rule (HTTP 422).
    Illegal,
    /// This seat may not act now (HTTP 403).
    NotYourTurn,
}

impl Refusal {
    /// The action breaks rule `rule`.
    pub fn new(rule: impl Into<String>, reason: Msg) -> Self {
        Refusal { kind: RefusalKind::Illegal, rule: rule.into(), reason }
    }
    /// It is not this seat's turn (or not its decision) under rule `rule`.
    pub fn not_your_turn(rule: impl Into<String>, reason: Msg) -> Self {
        Refusal { kind: RefusalKind::NotYourTurn, rule: rule.into(), reason }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.rule, self.reason.key)
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Seats that won (several on a shared win; none when nobody wins).
    pub winners: Vec<Seat>,
    /// One line for people, e.g. the final score.
    pub summary: Msg,
}

/// One game's rules. Implementations are plain data and functions: `decide` checks an action
/// against the state and produces events (drawing any randomness it needs), `apply` folds an
/// event into the state and never fails.
pub trait Ruleset: 'static {
    /// Stable id stored in the log ("zajatce", "sluzba", "colditz").
    const ID: &'static str;

    /// Whether some things stay private to their audience even after the game has ended (a
    /// team's chat). Otherwise everyone sees everything at the end ([`Viewer::Omniscient`]).
    const PRIVATE_AFTER_END: bool = false;

    type Options: Serialize + DeserializeOwned + Clone + Debug + Default + PartialEq;
    type State: Clone + Debug + PartialEq + Serialize;
    type Action: Serialize + DeserializeOwned + Clone + Debug + PartialEq;
    type Event: Serialize + DeserializeOwned + Clone + Debug + PartialEq;
    type View: Serialize + Debug;

    /// How many seats a game with these options takes.
    fn seats(options: &Self::Options) -> RangeInclusive<usize>;

    /// Check options chosen at creation (refuse nonsense with a rule id).
    fn check_options(options: &Self::Options, seats: usize) -> Result<(), Refusal>;

    /// The state before any event.
    fn initial(options: &Self::Options, seats: usize) -> Self::State;

    /// The events that set the game up (deals, shuffles, first placements).
    fn setup(options: &Self::Options, seats: usize, rng: &mut dyn Random) -> Vec<Self::Event>;

    /// [`Ruleset::setup`] again, for a verifier holding the setup events as they were
    /// `recorded`: the same draws from the same seed, stamped as the game stamped them where the
    /// setup records something no seed derives (the revision of the rules a game began under).
    /// By default, `setup` itself.
    fn setup_again(
        options: &Self::Options,
        seats: usize,
        rng: &mut dyn Random,
        recorded: &[Self::Event],
    ) -> Vec<Self::Event> {
        let _ = recorded;
        Self::setup(options, seats, rng)
    }

    /// Judge `seat`'s action in `state`: the events it causes, or the rule it breaks.
    fn decide(
        state: &Self::State,
        seat: Seat,
        action: &Self::Action,
        rng: &mut dyn Random,
    ) -> Result<Vec<Self::Event>, Refusal>;

    /// Fold one event into the state. Never fails, never draws.
    fn apply(state: &mut Self::State, event: &Self::Event);

    /// The seats that must act now (empty when the game is over).
    fn to_act(state: &Self::State) -> Vec<Seat>;

    /// Every action `seat` may take now. Actions that need typed input (manual dice) appear once
    /// as a template; see the ruleset's docs for how the form fills it.
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;

    /// What `viewer` may see of the state.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// What `viewer` may see of one event (`None`: nothing at all).
    fn redact(event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;

    /// The event, told in words (for the history and emails). Called only on redacted events.
    fn describe(event: &Self::Event) -> Msg;

    /// The action, named for a button.
    fn describe_action(state: &Self::State, action: &Self::Action) -> Msg;

    /// `Some` once the game has ended.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// What the seat is called at this table ("Red coordinator", "Player 2"). The web layer adds
    /// the player's name.
    fn seat_label(options: &Self::Options, seat: Seat) -> Msg {
        let _ = options;
        Msg::new("seat-numbered").num("n", i64::from(seat) + 1)
    }

    /// The events that follow when the wait the game is in (a turn, a reaction window, a
    /// pending approval) runs past its deadline. The server's clock decides *when*; the rules
    /// decide *what*. Empty: the rules name no consequence (the game simply waits on).
    fn deadline_passed(state: &Self::State, rng: &mut dyn Random) -> Vec<Self::Event> {
        let _ = (state, rng);
        Vec::new()
    }
}

/// Rulesets whose games may go on from a position the players enter (a game begun at a real
/// table). The position is checked here, like an action, and set up by events, so that a
/// replay folds it like any other record.
pub trait Positions: Ruleset {
    /// What the host enters for the table (what everybody may see, or what the ruleset's
    /// `redact` hides by itself).
    type Position: Serialize + DeserializeOwned + Clone + Debug + PartialEq;

    /// What one seat enters privately, on its own page (Služba's key card, which only the
    /// coordinators may see). The record that holds it is its seat's own, as an action is; its
    /// events are redacted by the ruleset's `redact` like any other.
    type Private: Serialize + DeserializeOwned + Clone + Debug + PartialEq;

    /// Whether this ruleset takes positions at all (see [`NoPosition`]).
    const TAKES_POSITIONS: bool = true;

    /// The events that put `position` on the table of `state` (a game just set up, or one
    /// whose entered position is being corrected), or the rule it breaks. What the table
    /// lacks and the position asks the server to draw comes from `rng`.
    fn enter(
        state: &Self::State,
        position: &Self::Position,
        rng: &mut dyn Random,
    ) -> Result<Vec<Self::Event>, Refusal>;

    /// The events of `seat`'s private part of the position, or the rule it breaks.
    fn enter_private(
        state: &Self::State,
        seat: Seat,
        part: &Self::Private,
        rng: &mut dyn Random,
    ) -> Result<Vec<Self::Event>, Refusal>;

    /// Whether the position entered so far is whole, so that the seats may answer it (false
    /// while a private part it needs is still to be entered).
    fn position_complete(state: &Self::State) -> bool {
        let _ = state;
        true
    }
}

/// The position of a ruleset that takes none yet: no value of it exists, so none is read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum NoPosition {}

/// Replay a list of events from the initial state.
pub fn replay<R: Ruleset>(options: &R::Options, seats: usize, events: &[R::Event]) -> R::State {
    let mut state = R::initial(options, seats);
    for event in events {
        R::apply(&mut state, event);
    }
    state
}
