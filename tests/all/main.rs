//! feldpost's integration tests: one binary (build time on two cores matters).
//!
//! Every test builds its app with `harness::TestApp` (a fresh store, a manual clock, fixed game
//! seeds). The stores are SQLite by default; with FELDPOST_TEST_POSTGRES set to a Postgres URL
//! every test that asks for a store gets a fresh schema there instead.

mod accounts;
mod adjudicator;
mod bounces;
mod caches;
mod cli;
mod clock_steps;
mod colditz;
mod compression;
mod contract;
mod copies;
mod disputes;
mod docs;
mod faults;
mod harness;
mod headers;
mod http;
mod leaks;
mod live;
mod long_games;
mod mail;
mod options_schema;
mod pages;
mod receipts;
mod remedies;
mod reply;
mod russian;
mod servers;
mod sluzba;
mod shutdown;
mod smtp_door;
mod store;
mod strangers;
mod typed;
