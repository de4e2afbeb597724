//! The contract every ruleset keeps (`crate::contract`), for Escape from Colditz: random games
//! of two to six players to the time limit, and arbitrary JSON sent as actions on positions
//! reached by seeded play.

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
