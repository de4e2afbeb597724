//! Arbitrary bytes sent to the Colditz engine for a seat the bytes choose, on a position reached
//! by seeded random play: as an action to `decide`, or as what a real table's players enter (the
//! host's position, a seat's hand) to `enter`: refused or played, never a panic.
#![no_main]

use std::sync::OnceLock;

use feldpost_engine::contract::{self, Position};
use feldpost_engine::colditz::Colditz;
use libfuzzer_sys::fuzz_target;

fn positions() -> &'static [Position<Colditz>] {
    static POSITIONS: OnceLock<Vec<Position<Colditz>>> = OnceLock::new();
    POSITIONS.get_or_init(|| contract::colditz().positions(12, 300))
}

// The first byte says what the rest is: an action (most inputs), or what the table's players
// enter for a position (one input in four).
fuzz_target!(|data: &[u8]| match data.split_first() {
    Some((kind, rest)) if kind % 4 == 3 => contract::fuzz_position(positions(), rest),
    _ => contract::fuzz_one(positions(), data),
});
