//! The contract every ruleset keeps (`crate::contract`), for Služba v ilegalitě: random games of
//! every table shape and variant, and arbitrary JSON sent as actions on positions reached by
//! seeded play.

use std::sync::OnceLock;

use proptest::prelude::*;

use crate::contract::{self, Bytes, Position, Shapes, strategies};
use crate::sluzba::Sluzba;
use crate::{Seat, SeededRandom};

#[test]
fn random_games_of_every_table_shape_keep_the_contract() {
    let report = contract::sluzba().run();
    assert_eq!(report.games, 45);
    assert_eq!(report.unfilled, 0, "{:?}", report.unfilled_examples);
    assert!(report.deadlines > 20, "deadlines passed only {} times", report.deadlines);
    assert!(report.refusals > 1_000, "the probes were refused {} times", report.refusals);
    // Both ways a game ends (S18 the pursuer, S19 all cards), and approvals, rulings and the
    // fictitious team were played (their events were told).
    for id in [
        "sluzba-event-approval-requested",
        "sluzba-event-ruled-invalid",
        "sluzba-event-approved-word",
        "sluzba-event-approval-lapsed",
        "sluzba-event-fictitious-covered",
        "sluzba-event-words-chosen",
    ] {
        assert!(report.messages.get(id).is_some(), "no game told {id}");
    }
    assert!(report.endings.len() >= 2, "{:?}", report.endings);
}

fn positions() -> &'static [Position<Sluzba>] {
    static POSITIONS: OnceLock<Vec<Position<Sluzba>>> = OnceLock::new();
    POSITIONS.get_or_init(|| contract::sluzba().positions(9, 60))
}

fn shapes() -> Shapes {
    let mut all = Shapes::default();
    positions().iter().for_each(|p| all.merge(&p.shapes));
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// What a table's players enter, arbitrary, on a game in any state (in play it comes only
    /// before the first move: this asks more), the host's position and a coordinator's key card
    /// alike: refused, or set up and looked at, never a panic.
    #[test]
    fn arbitrary_positions_entered_anywhere_never_panic(
        index in 0..9u8,
        seat in 0..8u8,
        position in super::positions::arbitrary_position(),
        key in "[RBNP]{0,30}",
    ) {
        let mut data = vec![index, seat];
        data.extend(serde_json::to_vec(&position).unwrap());
        contract::fuzz_position(positions(), &data);
        let mut data = vec![index, seat];
        data.extend(serde_json::to_vec(&serde_json::json!({ "key": key })).unwrap());
        contract::fuzz_position(positions(), &data);
    }

    /// Whatever JSON a request carries, `decide` refuses it or plays it; nothing panics.
    #[test]
    fn arbitrary_json_actions_are_refused_or_played_but_never_panic(
        index in 0..9usize,
        seat in 0..8u8,
        json in strategies::json(&shapes()),
        tagged in strategies::tagged(&shapes(), "action"),
        bytes in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let position = &positions()[index];
        let mut draws = SeededRandom::new(&[5; 32], "proptest", index as u64, "draws");
        position.try_json(seat as Seat, &json, &mut draws);
        position.try_json(seat as Seat, &tagged, &mut draws);
        let near = position.shapes.arbitrary(&mut Bytes::new(&bytes));
        position.try_json(seat as Seat, &near, &mut draws);
    }
}
