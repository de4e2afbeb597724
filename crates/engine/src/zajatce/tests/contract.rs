//! The contract every ruleset keeps (`crate::contract`), for Na zajatce: random games of every
//! table, and arbitrary JSON sent as actions on positions reached by seeded play.

use std::sync::OnceLock;

use proptest::prelude::*;

use crate::contract::{self, Bytes, Position, Shapes, strategies};
use crate::zajatce::Zajatce;
use crate::{Seat, SeededRandom};

#[test]
fn random_games_of_every_table_keep_the_contract() {
    let report = contract::zajatce().run();
    assert_eq!(report.games, 40);
    assert_eq!(report.unfilled, 0, "{:?}", report.unfilled_examples);
    assert!(report.refusals > 1_000, "the probes were refused {} times", report.refusals);
    // Every way a game can end was reached (Z14, Z16, Z17), and every kind of outcome (Z15).
    let reasons = &report.messages.get("zajatce-event-ended").expect("games ended").texts["reason"];
    let expected = ["last-player", "quiet-limit", "throw-limit"];
    assert_eq!(reasons.iter().map(String::as_str).collect::<Vec<_>>(), expected);
    for outcome in ["zajatce-outcome-winner", "zajatce-outcome-no-winner"] {
        assert!(report.endings.contains_key(outcome), "no game ended with {outcome}: {:?}", report.endings);
    }
}

fn positions() -> &'static [Position<Zajatce>] {
    static POSITIONS: OnceLock<Vec<Position<Zajatce>>> = OnceLock::new();
    POSITIONS.get_or_init(|| contract::zajatce().positions(8, 1_200))
}

fn shapes() -> Shapes {
    let mut all = Shapes::default();
    positions().iter().for_each(|p| all.merge(&p.shapes));
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// What a table's players enter, arbitrary, on a game in any state (in play it comes only
    /// before the first move: this asks more): refused, or set up and looked at, never a panic.
    #[test]
    fn arbitrary_positions_entered_anywhere_never_panic(index in 0..12u8, seed in any::<u64>(), n in 0usize..25) {
        let mut rng = SeededRandom::new(&[9; 32], "position", seed, "stones");
        let mut data = vec![index, 0];
        data.extend(serde_json::to_vec(&super::positions::random_position(&mut rng, n)).unwrap());
        contract::fuzz_position(positions(), &data);
    }

    /// Whatever JSON a request carries, `decide` refuses it or plays it; nothing panics.
    #[test]
    fn arbitrary_json_actions_are_refused_or_played_but_never_panic(
        index in 0..8usize,
        seat in 0..6u8,
        json in strategies::json(&shapes()),
        tagged in strategies::tagged(&shapes(), "type"),
        bytes in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let position = &positions()[index];
        let mut dice = SeededRandom::new(&[5; 32], "proptest", index as u64, "dice");
        position.try_json(seat as Seat, &json, &mut dice);
        position.try_json(seat as Seat, &tagged, &mut dice);
        let near = position.shapes.arbitrary(&mut Bytes::new(&bytes));
        position.try_json(seat as Seat, &near, &mut dice);
    }
}
