//! feldpost's integration tests: one binary (build time on two cores matters).
//!
//! Every test builds its app with `harness::TestApp` (a fresh store, a manual clock, fixed game
//! seeds). The stores are SQLite by default; with FELDPOST_TEST_POSTGRES set to a Postgres URL
//! every test that asks for a store gets a fresh schema there instead.

mod accounts;
mod adjudicator;
mod backups;
mod bidi;
mod bounces;
mod caches;
mod calendars;
mod chat;
mod cli;
mod clock_steps;
mod colditz;
mod colditz_orders;
mod colditz_positions;
mod colditz_tunnels;
mod compression;
mod concede;
mod contract;
mod copies;
mod disputes;
mod dkim;
mod docs;
mod faults;
mod harness;
mod headers;
mod http;
mod kit;
mod leaks;
mod live;
mod long_games;
mod mail;
mod markers;
mod metrics;
mod options_schema;
mod pages;
mod people;
mod pictures;
mod position_mail;
mod positions;
mod push;
mod receipts;
mod remedies;
mod reply;
mod retention;
mod russian;
mod servers;
mod shutdown;
mod sluzba;
mod sluzba_mail;
mod sluzba_positions;
mod smtp_door;
mod static_files;
mod stats;
mod store;
mod strangers;
mod typed;
mod webhooks;
