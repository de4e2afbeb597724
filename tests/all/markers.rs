//! The last step on the board (docs/architecture.md, rule 4: drawn from each viewer's view):
//! Colditz marks the man moved, from where to where, on every seat's page and on the history's
//! step; a private step (a card drawn on a throw) marks nothing another seat may not know.

use crate::harness::{TestApp, TestGame};
use axum::http::StatusCode;
use feldpost::i18n::{Lang, Tr};
use serde_json::{Value, json};

const PLACE: &str =
    r#"{"action": "place_guards", "inner": ["r17c29", "r18c21"], "outer": ["r08c16", "r08c34"]}"#;
const PATH: [&str; 5] = ["r21c28", "r20c29", "r19c29", "r18c30", "r17c30"];

async fn act_ok(app: &TestApp, g: &TestGame, seat: usize, action: Value) -> u64 {
    let a = app.act(g, seat, action.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "seat {seat}: {action}: {}", a.text);
    a.json["seq"].as_u64().unwrap()
}

/// The board's last-step layer of a page (the marks and their words), and the "Last step" note.
fn marks(page: &str) -> String {
    let layer = page.split("<g class=\"last-step\">").nth(1).expect("a last-step layer");
    let layer = &layer[..layer.find("<g class=\"pieces\">").expect("the pieces follow")];
    let note = page.split("Last step</h2>").nth(1).map(|n| &n[..n.find("</ul>").unwrap()]).unwrap_or("");
    format!("{layer}{note}")
}

/// Each mark's man, from and to.
fn marked(page: &str) -> Vec<(String, String, String)> {
    marks(page)
        .split("class=\"last-mark")
        .skip(1)
        .map(|m| {
            let attr = |name: &str| {
                m.split(&format!("{name}=\"")).nth(1).unwrap().split('"').next().unwrap().to_owned()
            };
            (attr("data-man"), attr("data-from"), attr("data-to"))
        })
        .collect()
}

async fn page(app: &TestApp, path: &str) -> String {
    let a = app.get(path, None).await;
    assert_eq!(a.status, StatusCode::OK, "{path}: {}", a.text);
    a.text
}

#[tokio::test]
async fn colditz_marks_the_last_move_on_every_page_and_on_the_history_step() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&["Gerhard", "Amy", "Bill"], json!({"dice": "manual"})).await;
    let placed = act_ok(&app, &g, 0, serde_json::from_str(PLACE).unwrap()).await;
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[4, 5]]})).await;
    let from = app.view(&g, 1).await["view"]["men"][0]["at"].as_str().unwrap().to_owned();
    let moved = act_ok(&app, &g, 1, json!({"action": "move", "man": 0, "path": PATH})).await;
    let want = vec![("0".to_owned(), from.clone(), PATH[4].to_owned())];
    for seat in 0..3 {
        let text = page(&app, &format!("/play/{}?lang=en", g.tokens[seat])).await;
        assert_eq!(marked(&text), want, "seat {seat}");
        assert!(
            marks(&text).contains("Man 0 went from "),
            "seat {seat}: the move in words: {}",
            marks(&text)
        );
    }
    let host = page(&app, &format!("/host/{}/{}?lang=en", g.id, g.host_token)).await;
    assert_eq!(marked(&host), want, "the host's page");
    // The history shows each step's mark: the move at its step, the guards placed at theirs.
    let at_move = page(&app, &format!("/play/{}/history?at={moved}&lang=en", g.tokens[2])).await;
    assert_eq!(marked(&at_move), want);
    let at_placing = page(&app, &format!("/play/{}/history?at={placed}&lang=en", g.tokens[2])).await;
    let guards = marked(&at_placing);
    assert_eq!(guards.len(), 4, "the four guards placed: {guards:?}");
    assert!(guards.iter().all(|(man, _, _)| man != "0"), "{guards:?}");
}

/// A card drawn on a throw is the thrower's alone: another seat's marks stay as they were and
/// never name it, while the thrower's own page does show the card (the control: the name is
/// one the page would print).
#[tokio::test]
async fn a_private_colditz_step_marks_nothing_for_another_seat() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&["Gerhard", "Amy", "Bill"], json!({"dice": "manual"})).await;
    act_ok(&app, &g, 0, serde_json::from_str(PLACE).unwrap()).await;
    let bill = format!("/play/{}?lang=en", g.tokens[2]);
    let before = marks(&page(&app, &bill).await);
    // 6 + 5 = 11: Amy draws an Opportunity card, which only she may see.
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[6, 5]]})).await;
    let hand = app.view(&g, 1).await["view"]["seats"][1]["hand"].clone();
    let key = hand[0]["key"].as_str().expect("Amy drew a card").to_owned();
    let name = Tr::new(Lang::En).t(&format!("colditz-card-{key}"));
    // As written, or as HTML writes it ("Orderlies&#39; Quarters").
    let names = |text: &str| text.contains(&name) || text.contains(&name.replace('\'', "&#39;"));
    let amy = page(&app, &format!("/play/{}?lang=en", g.tokens[1])).await;
    assert!(names(&amy), "the control: Amy's page names her card {name}");
    let after = marks(&page(&app, &bill).await);
    assert_eq!(after, before, "the private step leaves Bill's marks as they were");
    assert!(!names(&after));
    // The control: a public step does change Bill's marks.
    act_ok(&app, &g, 1, json!({"action": "move", "man": 0, "path": PATH})).await;
    let moved = marks(&page(&app, &bill).await);
    assert_ne!(moved, before);
    assert!(!names(&moved), "the move's marks name no card of Amy's hand");
}

/// Na zajatce: the die thrown is drawn on the board; after a stone enters, the field it went to
/// is marked, and the history's step before it shows the die but no mark yet.
#[tokio::test]
async fn na_zajatce_draws_the_die_and_marks_the_stone_moved_at_each_history_step() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"manual_dice": true})).await;
    let seat = app.seat_to_act(&g.id).await;
    let rolled = app.act(&g, seat, json!({"type": "roll", "die": 6})).await;
    assert_eq!(rolled.status, StatusCode::OK, "{}", rolled.text);
    let rolled = rolled.json["seq"].as_u64().unwrap();
    let view = app.view(&g, seat).await;
    let enter = view["legal_actions"].as_array().unwrap()[0]["action"].clone();
    let entered = app.act(&g, seat, enter.clone()).await;
    assert_eq!(entered.status, StatusCode::OK, "{enter}: {}", entered.text);
    let entered = entered.json["seq"].as_u64().unwrap();
    let at_roll = page(&app, &format!("/play/{}/history?at={rolled}&lang=en", g.tokens[1 - seat])).await;
    assert!(at_roll.contains("data-die=\"6\""), "{at_roll}");
    assert_eq!(at_roll.matches("class=\"pip\"").count(), 6);
    assert!(!at_roll.contains("class=\"last-to\""), "nothing moved yet");
    let at_enter = page(&app, &format!("/play/{}/history?at={entered}&lang=en", g.tokens[1 - seat])).await;
    assert_eq!(at_enter.matches("class=\"last-to\"").count(), 1, "{at_enter}");
    let now = page(&app, &format!("/play/{}?lang=en", g.tokens[1 - seat])).await;
    assert_eq!(now.matches("class=\"last-to\"").count(), 1);
}
