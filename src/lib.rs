//! feldpost: a play-by-email adjudicator.
//!
//! One direction only (docs/architecture.md): web → play (use cases) → play::log (the one write
//! path) → {games, mail, store, audit} → {record, i18n, input, clock} → engine. The rules engines are
//! the separate, pure `feldpost-engine` crate.

pub mod accounts;
pub mod audit;
pub mod clock;
pub mod config;

pub mod games;
pub mod i18n;
pub mod ids;
pub mod input;
pub mod mail;
pub mod metrics;
pub mod notify;
pub mod play;
pub mod record;

pub mod secret;
pub mod store;
pub mod web;
