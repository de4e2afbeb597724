//! Pictures of game positions, built only from each ruleset's per-viewer view.

pub mod zajatce;
