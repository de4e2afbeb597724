//! Arbitrary bytes sent as an action to the Sluzba engine's `decide`, for a seat the bytes choose,
//! on a position reached by seeded random play: refused or played, never a panic.
#![no_main]

use std::sync::OnceLock;

use feldpost_engine::contract::{self, Position};
use feldpost_engine::sluzba::Sluzba;
use libfuzzer_sys::fuzz_target;

fn positions() -> &'static [Position<Sluzba>] {
    static POSITIONS: OnceLock<Vec<Position<Sluzba>>> = OnceLock::new();
    POSITIONS.get_or_init(|| contract::sluzba().positions(12, 300))
}

fuzz_target!(|data: &[u8]| contract::fuzz_one(positions(), data));
