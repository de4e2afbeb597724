//! Pictures of game state for pages and emails.

pub mod colditz_board;
