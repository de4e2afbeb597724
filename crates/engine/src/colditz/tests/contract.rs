//! The contract every ruleset keeps (`crate::contract`), for Escape from Colditz: random games
//! of two to six players to the time limit, arbitrary JSON sent as actions on positions
//! reached by seeded play, and arbitrary positions and hands entered on them.

use std::sync::OnceLock;

use proptest::prelude::*;

use crate::colditz::Colditz;
use crate::contract::{self, Bytes, Position, Shapes, strategies};
use crate::{Seat, SeededRandom};

#[test]
fn random_games_of_two_to_six_players_keep_the_contract() {
    let report = contract::colditz().run();
    assert_eq!(report.games, 18);
    assert!(report.refusals > 1_000, "the probes were refused {} times", report.refusals);
    assert!(report.deadlines > 0, "no window's deadline passed");
    // Every template was filled, every man offered a move had a step to take, and every trade
    // offered had a card to give (R48: none is offered to a seat with nothing to give).
    let unfilled: Vec<&str> = report.unfilled_by_variant.keys().map(String::as_str).collect();
    assert!(unfilled.is_empty(), "unfilled: {:?}", report.unfilled_examples);
    assert!(report.accepted > 20_000, "only {} offered actions were played", report.accepted);
}

fn positions() -> &'static [Position<Colditz>] {
    static POSITIONS: OnceLock<Vec<Position<Colditz>>> = OnceLock::new();
    POSITIONS.get_or_init(|| contract::colditz().positions(6, 150))
}

fn shapes() -> Shapes {
    let mut all = Shapes::default();
    positions().iter().for_each(|p| all.merge(&p.shapes));
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// What a table's players enter, arbitrary, on a game in any state (in play it comes only
    /// before the first move: this asks more), the host's position and a seat's hand alike:
    /// refused, or set up and looked at, never a panic.
    #[test]
    fn arbitrary_positions_entered_anywhere_never_panic(
        index in 0..6u8,
        seat in 0..8u8,
        position in super::positions::arbitrary_position(),
        hand in super::positions::arbitrary_hand(),
    ) {
        let mut data = vec![index, seat];
        data.extend(serde_json::to_vec(&position).unwrap());
        contract::fuzz_position(positions(), &data);
        let mut data = vec![index, seat];
        data.extend(serde_json::to_vec(&hand).unwrap());
        contract::fuzz_position(positions(), &data);
    }

    /// Whatever JSON a request carries, `decide` refuses it or plays it; nothing panics.
    #[test]
    fn arbitrary_json_actions_are_refused_or_played_but_never_panic(
        index in 0..6usize,
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
