//! Arbitrary bytes sent as an action to the Zajatce engine's `decide`, for a seat the bytes choose,
//! on a position reached by seeded random play: refused or played, never a panic.
#![no_main]

use std::sync::OnceLock;

use feldpost_engine::contract::{self, Position};
use feldpost_engine::zajatce::Zajatce;
use libfuzzer_sys::fuzz_target;

fn positions() -> &'static [Position<Zajatce>] {
    static POSITIONS: OnceLock<Vec<Position<Zajatce>>> = OnceLock::new();
    POSITIONS.get_or_init(|| contract::zajatce().positions(12, 300))
}

fuzz_target!(|data: &[u8]| contract::fuzz_one(positions(), data));
