//! Everything a use case can answer instead of success: one error for the play layer, which the
//! web renders in the reader's language (`src/web/error.rs`).

use crate::games::GameError;
use crate::store::StoreError;
use feldpost_engine::{Msg, Refusal};

/// Everything a use case can answer instead of success.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("unknown ruleset {0:?}")]
    UnknownRuleset(String),
    #[error("no such game")]
    UnknownGame,
    #[error("this link is not valid (no seat has it)")]
    UnknownLink,
    #[error("this link belongs to another game")]
    WrongGame,
    /// Something typed is refused (in words for people: a Fluent message).
    #[error("invalid input: {}", .0.key)]
    Invalid(Msg),
    /// The request's shape is not what the ruleset reads (a JSON client's mistake).
    #[error("malformed: {0}")]
    Malformed(String),
    #[error("the game moved on: it is at {current}, the action was for {expected}")]
    Conflict { expected: u64, current: u64 },
    #[error("{}", .0.rule)]
    Refused(Refusal),
    #[error("not your turn ({})", .0.rule)]
    NotYourTurn(Refusal),
    #[error("the game has ended")]
    Finished,
    #[error("the game is paused until {until} (ms)")]
    Paused { until: i64 },
    #[error("no state {0} in this game")]
    NoSuchSeq(u64),
    /// Over a rate limit: try again after this long.
    #[error("too many requests; wait {0:?}")]
    TooMany(std::time::Duration),
    #[error("{0}")]
    Unavailable(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl PlayError {
    /// A refusal of typed input, for `map_err`: `PlayName::parse(s).map_err(PlayError::input(Field::PlayerName))`.
    pub fn input(field: crate::input::Field) -> impl Fn(crate::input::InputError) -> PlayError {
        move |e| PlayError::Invalid(e.msg(field))
    }

    /// The variant's name, for a metric's label (a fixed, small set of values).
    pub fn kind(&self) -> &'static str {
        match self {
            PlayError::UnknownRuleset(_) => "unknown_ruleset",
            PlayError::UnknownGame => "unknown_game",
            PlayError::UnknownLink => "unknown_link",
            PlayError::WrongGame => "wrong_game",
            PlayError::Invalid(_) => "invalid",
            PlayError::Malformed(_) => "malformed",
            PlayError::Conflict { .. } => "conflict",
            PlayError::Refused(_) => "refused",
            PlayError::NotYourTurn(_) => "not_your_turn",
            PlayError::Finished => "finished",
            PlayError::Paused { .. } => "paused",
            PlayError::NoSuchSeq(_) => "no_such_seq",
            PlayError::TooMany(_) => "too_many",
            PlayError::Unavailable(_) => "unavailable",
            PlayError::Internal(_) => "internal",
        }
    }

    /// A refusal in words, by its Fluent id.
    pub fn invalid(key: &str) -> PlayError {
        PlayError::Invalid(Msg::new(key))
    }
}

impl From<StoreError> for PlayError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict { expected } => PlayError::Conflict { expected, current: expected + 1 },
            StoreError::Unavailable(m) => PlayError::Unavailable(m),
            e if e.is_unavailable() => PlayError::Unavailable(e.to_string()),
            other => PlayError::Internal(other.to_string()),
        }
    }
}

impl From<GameError> for PlayError {
    fn from(e: GameError) -> Self {
        match e {
            GameError::Malformed(m) => PlayError::Malformed(m),
            GameError::Refused(r) if r.kind == feldpost_engine::RefusalKind::NotYourTurn => {
                PlayError::NotYourTurn(r)
            }
            GameError::Refused(r) => PlayError::Refused(r),
            GameError::Corrupt(m) => PlayError::Internal(format!("stored log unreadable: {m}")),
        }
    }
}
