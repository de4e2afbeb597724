//! Escape from Colditz.
//!
//! [`board`] is the game board: the map, its graph and its places, loaded from a text file a
//! person can read and edit. The rules engine asks it everything it needs to know about a place.

pub mod board;
