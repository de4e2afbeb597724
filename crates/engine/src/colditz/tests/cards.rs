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

/// Every message id the engine emits for cards, seats and events is in both catalogues.
#[test]
fn c8_every_card_and_message_has_words_in_both_languages() {
    let en = include_str!("../../../../../src/locales/en/colditz.ftl");
    let cs = include_str!("../../../../../src/locales/cs/colditz.ftl");
    let ids = |text: &str| -> std::collections::BTreeSet<String> {
        text.lines()
            .filter(|l| !l.starts_with(' ') && !l.starts_with('#'))
            .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim().to_string()))
            .collect()
    };
    let (en, cs) = (ids(en), ids(cs));
    assert_eq!(en, cs);
    for kind in CATALOGUE.iter() {
        assert!(en.contains(&kind.name()), "{}", kind.name());
        assert!(en.contains(&format!("{}-text", kind.name())), "{}-text", kind.name());
    }
    let sources = [include_str!("../decide.rs"), include_str!("../view.rs"), include_str!("../options.rs")];
    for source in sources {
        // Refusals: refuse("<rule>", "<key>") and not_yours("<rule>", "<key>"); options: bad("<key>").
        for call in ["refuse(\"", "not_yours(\""] {
            for piece in source.split(call).skip(1) {
                if let Some(key) = piece.split('"').nth(2) {
                    assert!(en.contains(&format!("colditz-refusal-{key}")), "colditz-refusal-{key}");
                }
            }
        }
        for piece in source.split("bad(\"").skip(1) {
            let key = piece.split('"').next().unwrap();
            assert!(en.contains(&format!("colditz-refusal-{key}")), "colditz-refusal-{key}");
        }
        for piece in source.split("seat_msg(\"").skip(1) {
            let key = piece.split('"').next().unwrap();
            assert!(en.contains(&format!("colditz-event-{key}")), "colditz-event-{key}");
        }
        for piece in source.split("Msg::new(\"").skip(1) {
            let key = piece.split('"').next().unwrap();
            assert!(en.contains(key), "{key}");
        }
    }
    for key in [
        "place-guards",
        "throw",
        "move",
        "release",
        "claim-equipment",
        "claim-kit",
        "play",
        "discard",
        "give",
        "post-guard",
        "return-guard",
        "search-absentees",
        "end-turn",
        "answer-appel",
        "answer-search",
        "answer-confiscation",
        "return-security",
        "offer-trade",
        "accept-offer",
        "decline-offer",
        "withdraw-offer",
        "discipline",
        "standing-orders",
        "do-or-die",
        "answer-talisman",
        "answer-arrest-holder",
        "time-up",
        "riot-squad",
        "answer-lend",
    ] {
        assert!(en.contains(&format!("colditz-action-{key}")), "colditz-action-{key}");
    }
    for key in ["german", "american", "british", "dutch", "french", "polish"] {
        assert!(en.contains(&format!("colditz-seat-{key}")));
    }
    for key in [
        "drew-card",
        "drew-security",
        "drew-opportunity",
        "hideaway",
        "confiscated",
        "nothing-confiscated",
        "discarded-card",
        "discarded",
        "given-card",
        "given",
    ] {
        assert!(en.contains(&format!("colditz-event-{key}")), "{key}");
    }
}
