//! feldpost: a play-by-email adjudicator.

pub mod render;
