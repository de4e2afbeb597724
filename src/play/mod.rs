//! The use cases: what a player, a host, an adjudicator or the clock does to a game, one module
//! each, as functions of a loaded game and typed input. None of them writes for itself: a use
//! case that changes a game returns a [`Change`] and commits it through the game log
//! ([`GameLog::commit`], the one write path of docs/architecture.md, rule 3), which alone
//! appends records, decides the mail they cause and keeps the cache.
//!
//! Reading a game goes through the log too ([`GameLog::load`]): its state is folded from the
//! records, only what the replay cache lacks.

pub mod describe;
pub mod error;
pub mod links;
pub mod log;

pub mod act;
pub mod bounces;
pub mod calendar;
pub mod charts;
pub mod chat;
pub mod create;
pub mod deadlines;
pub mod disputes;
pub mod export;
pub mod history;
pub mod limits;
pub mod mailing;
pub mod people;
pub mod pictures;
pub mod position;
pub mod reply;
pub mod retention;
pub mod rules_clock;
pub mod scrape;
pub mod seats;
pub mod stats;
pub mod undo;
pub mod view;
pub mod webhooks;
pub mod worker;

pub use error::PlayError;
pub use links::Links;
pub use log::{Change, Committed, DEFAULT_REPLAY_CACHE_GAMES, GameLog, Loaded};
