//! C8: the 96 cards, their packs and counts.

use super::*;
use crate::colditz::cards::{CATALOGUE, COUNT, Equipment, KitPart, pack_cards};

#[test]
fn c8_ninety_six_cards_in_five_packs() {
    assert_eq!(COUNT, 96);
    let sizes: Vec<usize> = [Pack::Equipment, Pack::Kit, Pack::Opportunity, Pack::Security, Pack::DoOrDie]
        .iter()
        .map(|&p| pack_cards(p).len())
        .collect();
    assert_eq!(sizes, vec![27, 5, 45, 14, 5]);
    let count = |k: CardKind| CATALOGUE.iter().filter(|&&c| c == k).count();
    assert_eq!(
        [Equipment::Rope, Equipment::Key, Equipment::Pass, Equipment::WireCutters]
            .map(|e| count(CardKind::Equipment(e))),
        [12, 6, 5, 4]
    );
    assert_eq!(
        [Equipment::Rope, Equipment::Key, Equipment::Pass, Equipment::WireCutters]
            .map(|e| count(CardKind::Exchange(e))),
        [2, 2, 2, 1]
    );
    assert_eq!(count(CardKind::KitPart(KitPart::CompassFood)), 2);
    assert_eq!(count(CardKind::KitPart(KitPart::DocumentsClothing)), 2);
    assert_eq!(count(CardKind::ReleaseFromSolitary), 5);
    assert_eq!(count(CardKind::Diversion), 2);
    assert_eq!(count(CardKind::HighCommandInspection), 1);
    assert_eq!(count(CardKind::AdvanceWarning), 2);
    assert_eq!(count(CardKind::Bribe), 5);
    assert_eq!(count(CardKind::Sabotage), 1);
    assert_eq!(count(CardKind::Hideaway), 5);
    assert_eq!(count(CardKind::Appel), 2);
    assert_eq!(CATALOGUE.iter().filter(|c| matches!(c, CardKind::QuickMove(_))).count(), 8);
    assert_eq!(CATALOGUE.iter().filter(|c| matches!(c, CardKind::Search(_))).count(), 8);
    assert_eq!(CATALOGUE.iter().filter(|c| matches!(c, CardKind::Tunnel(_))).count(), 3);
    // Every room a card names is on the board; every card id round-trips as JSON.
    for kind in CATALOGUE.iter() {
        if let CardKind::QuickMove(room) | CardKind::Search(room) = kind {
            assert!(BOARD.room_named(room).is_some(), "{room}");
        }
        if let CardKind::Tunnel(t) = kind {
            assert!(BOARD.tunnel_named(t).is_some(), "{t}");
        }
    }
    for id in 0..96u8 {
        let json = serde_json::to_string(&CardId(id)).unwrap();
        assert_eq!(json, format!("\"card{id}\""));
        assert_eq!(serde_json::from_str::<CardId>(&json).unwrap(), CardId(id));
    }
    assert!(serde_json::from_str::<CardId>("\"card96\"").is_err());
}
