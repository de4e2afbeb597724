//! The Escape Kit's claim as other seats see it (C11, C21; docs/rules/colditz.md): one private
//! move of the claiming seat, with the same words and shape as standing orders set, never an
//! empty record nor two discards in one; and a dispute of that step offers the German no remedy
//! that names the Kit. The owner still sees the claim.

use crate::colditz::holds_id;
use crate::harness::{TestApp, TestGame};
use axum::http::StatusCode;
use serde_json::{Value, json};

async fn send(app: &TestApp, g: &TestGame, seat: usize, action: Value) -> u64 {
    let a = app.act(g, seat, action.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{action}: {}", a.text);
    a.json["seq"].as_u64().unwrap()
}

fn en(key: &str) -> String {
    feldpost::i18n::Tr::new(feldpost::i18n::Lang::En).t(key)
}

/// A game where Amy (seat 1) holds both kit parts; their ids.
pub(crate) async fn amy_holds_both_parts(app: &TestApp) -> (TestGame, Vec<String>) {
    use feldpost_engine::colditz::cards::KitPart;
    use feldpost_engine::colditz::{CardId, CardKind};
    let options = json!({"dice": "manual"});
    let card = |id: &str| CardId(id[4..].parse::<u8>().unwrap());
    app.deal_where("colditz", &options, 3, |t| {
        let top: Vec<CardKind> = t.state_json()["opportunity"]
            .as_array()
            .unwrap()
            .iter()
            .take(2)
            .map(|c| card(c.as_str().unwrap()).kind())
            .collect();
        top.contains(&CardKind::KitPart(KitPart::CompassFood))
            && top.contains(&CardKind::KitPart(KitPart::DocumentsClothing))
    });
    let g = app.create_colditz(&crate::colditz::NAMES, options).await;
    let place = app.view(&g, 0).await["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"]["action"] == "place_guards")
        .unwrap()["action"]
        .clone();
    send(app, &g, 0, place).await;
    for (seat, dice) in [(1, [1, 2]), (2, [1, 3]), (0, [1, 3]), (1, [1, 2])] {
        send(app, &g, seat, json!({"action": "throw", "dice": [dice]})).await;
        if !(seat == 1 && app.view(&g, 1).await["view"]["seats"][1]["hand"].as_array().unwrap().len() == 2) {
            send(app, &g, seat, json!({"action": "end_turn"})).await;
        }
    }
    let hand: Vec<String> = app.view(&g, 1).await["view"]["seats"][1]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(hand.len(), 2, "Amy holds the two kit parts: {hand:?}");
    (g, hand)
}

/// The history entry of `seq` as `seat` sees it through the API, without its seq and time.
async fn entry(app: &TestApp, g: &TestGame, seat: usize, seq: u64) -> Value {
    let a = app
        .get(&format!("/api/games/{}/events?after={}&limit=1", g.id, seq - 1), Some(&g.tokens[seat]))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let mut e = a.json[0].clone();
    assert_eq!(e["seq"], json!(seq));
    e.as_object_mut().unwrap().remove("seq");
    e.as_object_mut().unwrap().remove("at");
    e
}

/// Everything `seat` reads, by what: the pages, history, API, export and mail, and the dispute
/// pages and audit of `dispute`.
async fn everything(
    app: &TestApp,
    g: &TestGame,
    seat: usize,
    seq: u64,
    dispute: Option<u64>,
) -> Vec<(String, String)> {
    let mut texts = crate::colditz::received(app, g, seat, seq).await;
    if let Some(d) = dispute {
        let token = &g.tokens[seat];
        for uri in Vec::<String>::new() {
            let a = app.page(&uri, "en").await;
            assert_eq!(a.status, StatusCode::OK, "{uri}: {}", a.text);
            texts.push((uri, crate::harness::unisolated(&a.text)));
        }
        let uri = format!("/api/games/{}/disputes/{d}/audit", g.id);
        let a = app.get(&uri, Some(token)).await;
        // Only the adjudicator (the German, seat 0) is shown the audit.
        if seat == 0 {
            assert_eq!(a.status, StatusCode::OK, "{uri}: {}", a.text);
        }
        texts.push((uri, a.text));
    }
    texts
}

#[tokio::test]
async fn c11_c21_a_kit_claim_with_both_parts_looks_to_others_like_standing_orders_set_even_when_disputed() {
    let app = TestApp::spawn().await;
    let (g, parts) = amy_holds_both_parts(&app).await;
    // Amy's other private move, for the comparison.
    let orders = send(&app, &g, 1, json!({"action": "set_standing_orders", "appel_all_attend": true})).await;
    let claim = send(&app, &g, 1, json!({"action": "claim_kit", "men": [], "parts": parts})).await;
    let loaded = app.log.load(&g.id).await.unwrap();
    let all = loaded.table.view(feldpost_engine::Viewer::Omniscient);
    let kit: Vec<String> = all["seats"][1]["equipment"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["key"] == "kit")
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(kit.len(), 1, "Amy holds the Kit");
    // The control: Amy sees her claim and her Kit.
    assert!(entry(&app, &g, 1, claim).await.to_string().contains("kit_claimed"));
    assert!(app.get(&format!("/play/{}", g.tokens[1]), None).await.text.contains(&en("colditz-card-kit")));
    // The German's seat (0) disputes the claim's step, not knowing what it was.
    let dispute = {
        let a = app
            .post(
                &format!("/api/games/{}/disputes", g.id),
                Some(&g.tokens[2]),
                json!({"against": claim, "claim": "what was that?"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        a.json["seq"].as_u64().unwrap()
    };
    let secret_words = [
        en("colditz-card-kit"),
        en("colditz-card-kit-part-compass-food"),
        en("colditz-card-kit-part-documents-clothing"),
        "claims the Escape Kit".to_owned(),
        "Escape Kit".to_owned(),
        "kit_claimed".to_owned(),
        "return_equipment".to_owned(),
    ];
    for seat in [0, 2] {
        // The same words and the same shape as the standing orders.
        let (o, c) = (entry(&app, &g, seat, orders).await, entry(&app, &g, seat, claim).await);
        assert_eq!(o, c, "seat {seat}: the claim's record as the orders'");
        assert_eq!(c["events"].as_array().unwrap().len(), 1, "seat {seat}: one event, never none: {c}");
        let words = "makes a private move";
        let page = app.get(&format!("/play/{}/history?at={claim}", g.tokens[seat]), None).await.text;
        assert!(page.contains(words.trim()), "seat {seat}: the history page tells a private move");
        let texts = everything(&app, &g, seat, dispute, Some(dispute)).await;
        assert!(texts.len() >= 9, "pages, history, API, export, mail and the dispute were read");
        for (what, bytes) in &texts {
            for id in kit.iter().chain(&parts) {
                assert!(!holds_id(bytes, id), "{what}: seat {seat} saw {id}");
            }
            for words in &secret_words {
                assert!(!bytes.contains(words.as_str()), "{what}: seat {seat} read {words:?}");
            }
        }
        // No two discards of Amy's in one record.
        let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[seat])).await.json;
        for e in history.as_array().unwrap() {
            let discards =
                e["events"].as_array().unwrap().iter().filter(|v| v["event"] == "discarded").count();
            assert!(discards <= 1, "seat {seat}: {e}");
        }
    }
}
