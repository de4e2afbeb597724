//! What players do (actions) and what the log records (events). Both are JSON on the wire; the
//! shapes are listed in docs/rules/sluzba.md.

use serde::{Deserialize, Serialize};

use super::clue::{Clue, ClueDraft, ClueNumber, ClueWarning};
use super::key::{Colour, Key, Team};
use super::position::CoveredCard;
use crate::Seat;

/// A chat channel (rule A1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// The red team's private channel: its members post, its coordinator reads.
    RedTeam,
    /// The blue team's private channel.
    BlueTeam,
    /// The two coordinators, out of the members' hearing.
    Coordinators,
}

impl Channel {
    pub const ALL: [Channel; 3] = [Channel::RedTeam, Channel::BlueTeam, Channel::Coordinators];

    pub fn of_team(team: Team) -> Channel {
        match team {
            Team::Red => Channel::RedTeam,
            Team::Blue => Channel::BlueTeam,
        }
    }
}

/// A seat's move. JSON: `{"action": "<snake_case name>", ...fields}`.
///
/// Templates: `legal_actions` lists actions that need typed input once, with the input left
/// empty: `choose_words` with no words, `give_clue` and `ask_approval` with an empty word,
/// `chat` with an empty text. The form fills them in; sent as they are, they are refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Variant V1: a coordinator picks words from the deck (by word, either side of a card).
    ChooseWords { words: Vec<String> },
    /// Variant V1: the engine deals the rest of this coordinator's picks at random.
    DealRest,
    /// Rule S12: ask the other coordinator, privately, whether a clue would be valid.
    AskApproval {
        word: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        explanation: Option<String>,
    },
    /// Rule S12: the other coordinator approves the pending request.
    Approve,
    /// Rule S12: the other coordinator rejects it.
    Reject,
    /// Rule S12: the asking coordinator takes the request back.
    WithdrawRequest,
    /// Rule S5: the coordinator in turn gives a clue.
    GiveClue {
        word: String,
        number: ClueNumber,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        explanation: Option<String>,
    },
    /// Rule S14: a member touches card `card` (0–24, row by row).
    Guess { card: u8 },
    /// Rule S16: the team stops guessing.
    Stop,
    /// Rule S13: the other coordinator rules the current clue invalid; the turn ends.
    RuleInvalid {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// Variant V5: the coordinator covers a card of the fictitious team.
    CoverFictitious { card: u8 },
    /// Rule A1: post to a channel the seat belongs to.
    Chat { channel: Channel, text: String },
    /// Rule A4: give up for the seat's team, which loses at once.
    Concede,
}

impl Action {
    /// Whether this is a template from `legal_actions` still waiting for its input.
    pub fn is_template(&self) -> bool {
        match self {
            Action::ChooseWords { words } => words.is_empty(),
            Action::GiveClue { word, .. } | Action::AskApproval { word, .. } => word.is_empty(),
            Action::Chat { text, .. } => text.is_empty(),
            _ => false,
        }
    }
}

/// Why a team's turn ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnEnd {
    /// Rule S16: the team stopped.
    Stopped,
    /// Rule S17: a bystander or the other team's card.
    WrongCard,
    /// Rule S15: number + 1 guesses made.
    GuessesUsed,
    /// Rule S13: the other coordinator ruled the clue invalid.
    ClueInvalid,
    /// Rule S21: the turn's deadline passed.
    Deadline,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EndReason {
    /// Rule S19: every card of `team` is covered; `team` wins.
    AllCovered { team: Team },
    /// Rule S18: `team` touched the pursuer and loses.
    Pursuer { team: Team },
    /// Rule A4: a seat of `team` conceded for it; `team` loses.
    Conceded { team: Team },
}

/// One entry of the log. JSON: `{"event": "<snake_case name>", ...fields}`.
///
/// Events with a secret carry their `audience` (or `key_holders`): the seats allowed to see the
/// secret part. `redact` needs nothing else, and the log records who could see what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Setup (rules S3, A2): the key is drawn and committed to. `key` and `salt` only for the
    /// key holders (the coordinators); the commitment for everyone.
    KeyDrawn {
        commitment: String,
        key_holders: Vec<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<Key>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        salt: Option<String>,
    },
    /// Rule A5: the position carried over from a real table: the grid's words (when the table's
    /// are entered), the cards covered there with their colours (public) and the team to move.
    /// The key waits for a coordinator's entry ([`Event::KeyEntered`]) unless the server draws
    /// it (`key_drawn`: a [`Event::KeyDrawn`] follows).
    PositionEntered {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        words: Option<Vec<String>>,
        covered: Vec<CoveredCard>,
        to_move: Team,
        #[serde(default)]
        key_drawn: bool,
    },
    /// Rule A5: a coordinator entered the table's key card. Like [`Event::KeyDrawn`], `key` and
    /// `salt` only for the key holders; the commitment for everyone.
    KeyEntered {
        seat: Seat,
        commitment: String,
        key_holders: Vec<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<Key>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        salt: Option<String>,
    },
    /// Variant V1: words picked by a coordinator (or dealt at random for them).
    WordsChosen { seat: Seat, words: Vec<String>, at_random: bool },
    /// Rule S2: the 25 words, in grid order (row by row). Red's turn begins (S4).
    GridLaid { words: Vec<String> },
    /// Rule S12: a coordinator asks the other to approve a clue. The draft is for the audience
    /// (the coordinators) only.
    ApprovalRequested {
        seat: Seat,
        team: Team,
        audience: Vec<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draft: Option<ClueDraft>,
    },
    /// Rule S12: the other coordinator's answer.
    ApprovalAnswered {
        seat: Seat,
        approved: bool,
        audience: Vec<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draft: Option<ClueDraft>,
    },
    /// Rule S12: the asking coordinator withdrew the request.
    ApprovalWithdrawn {
        seat: Seat,
        audience: Vec<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draft: Option<ClueDraft>,
    },
    /// Rule S21: the request's deadline passed unanswered; the clue is neither approved nor
    /// rejected.
    ApprovalLapsed {
        audience: Vec<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draft: Option<ClueDraft>,
    },
    /// Rule S5: a clue, with the engine's warnings (S8–S10) for the other coordinator.
    ClueGiven { seat: Seat, team: Team, clue: Clue, approved: bool, warnings: Vec<ClueWarning> },
    /// Rule S17: a card touched and covered; its colour is now public.
    Guessed { seat: Seat, team: Team, card: u8, word: String, colour: Colour },
    /// Rule S16: a member stopped the team's guessing.
    Stopped { seat: Seat, team: Team },
    /// Rule S13: the other coordinator ruled `team`'s clue invalid.
    ClueRuledInvalid {
        seat: Seat,
        team: Team,
        clue_word: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// Rule S13 through a dispute: the adjudicator found clue number `clue` (0-based, in the
    /// order given) invalid after the fact. Nothing is taken back: the cards touched on it stay
    /// covered (their colours were public); if its turn is still on, a `TurnEnded` follows.
    ClueFoundInvalid { by: Option<Seat>, team: Team, clue: u16, clue_word: String },
    /// `team`'s turn is over; the next turn begins (S4; in V5 the fictitious team's).
    TurnEnded { team: Team, reason: TurnEnd },
    /// Variant V5: a card of the fictitious team covered, by the coordinator (`seat`) or at
    /// random when the deadline passed (no seat).
    FictitiousCovered {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
        card: u8,
        word: String,
    },
    /// Rule A1: a chat message, seen by `audience` only.
    Chat { seat: Seat, channel: Channel, audience: Vec<Seat>, text: String },
    /// Rule A4: `seat` conceded for `team`; the game ends (a `GameEnded` follows).
    Conceded { seat: Seat, team: Team },
    /// Rules S18, S19: the game is over; `winner` won (in V5, blue is the fictitious team).
    GameEnded { winner: Team, reason: EndReason },
    /// Rule A2: the key and salt, public, so anyone can check the commitment.
    KeyRevealed { key: Key, salt: String },
}
