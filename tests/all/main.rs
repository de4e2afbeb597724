//! feldpost's integration tests: one binary (build time on two cores matters).
//!
//! The store suite runs on SQLite by default; with FELDPOST_TEST_POSTGRES set to a Postgres URL
//! every test that asks for a store gets a fresh schema there instead.

mod accounts;
mod cli;
mod colditz;
mod contract;
mod disputes;
mod http;
mod leaks;
mod mail;
mod pages;
mod sluzba;
mod store;
mod support;
