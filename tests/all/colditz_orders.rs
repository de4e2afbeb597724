//! Escape from Colditz's standing orders and the Riot Squad on the game page: every standing
//! order the engine reads is offered to the seat whose questions it answers (the German's
//! Arrest Key/Pass Holder order and cell, an Escape Officer's Talisman among the rest), set
//! through the page without a script and read back through the API; the Riot Squad's button
//! counts the guards it posts.

use crate::harness::{TestApp, TestGame};
use axum::http::StatusCode;
use feldpost_engine::colditz::board::{BOARD, CircleKind};
use serde_json::{Value, json};

const NAMES: [&str; 3] = ["Gerhard", "Amy", "Bill"];

async fn offered(app: &TestApp, g: &TestGame, seat: usize, kind: &str) -> Value {
    app.view(g, seat).await["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"]["action"] == kind)
        .cloned()
        .unwrap_or_else(|| panic!("{kind} is offered to seat {seat}"))
}

async fn act_form(app: &TestApp, g: &TestGame, seat: usize, action: &Value, fields: &[(&str, &str)]) -> u16 {
    let seq = app.view(g, seat).await["current_seq"].as_u64().unwrap().to_string();
    let json = action.to_string();
    let mut all: Vec<(&str, &str)> = vec![("expected_seq", &seq), ("action", &json)];
    all.extend_from_slice(fields);
    let r = app.form(&format!("/play/{}/act", g.tokens[seat]), &all).await;
    assert!(r.status == StatusCode::SEE_OTHER || r.status.is_client_error(), "{}", r.text);
    r.status.as_u16()
}

/// The standing orders' form on a seat's page.
fn orders_form(page: &str) -> &str {
    page.split("<form ")
        .find(|f| f.contains("set_standing_orders"))
        .and_then(|f| f.split("</form>").next())
        .expect("a standing orders form")
}

#[tokio::test]
async fn r49_c24_every_standing_order_is_offered_on_the_page_and_set_without_a_script() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    // The German: the Arrest Key/Pass Holder order (the default first) and his cell.
    let page = crate::harness::unisolated(&app.page(&g.seat_path(0), "en").await.text);
    let form = orders_form(&page);
    assert!(form.contains("name=\"input_arrest_holders\""), "{form}");
    let always = form.find("play the card whenever I hold it").expect("always");
    let never = form.find("never play it").expect("never");
    let ask = form.find("ask me each time").expect("ask");
    assert!(always < never && always < ask, "the current order (the default) comes first");
    assert!(form.contains("name=\"text_cell\""), "{form}");
    assert!(!form.contains("input_appel_all_attend"), "an Escape Officer's orders are not his");
    // In Czech and Russian too.
    let cs = app.page(&g.seat_path(0), "cs").await.text;
    assert!(cs.contains("pokaždé se mě zeptat"), "cs");
    let ru = app.page(&g.seat_path(0), "ru").await.text;
    assert!(ru.contains("спрашивать меня каждый раз"), "ru");
    // Set through the form: "ask me" and an outer cell typed as the board prints it.
    let outer =
        BOARD.cell_blocks().iter().find(|b| b.outer).map(|b| b.cells[0]).expect("an outer cell block");
    assert!(BOARD.is(outer, CircleKind::Cell));
    let typed = format!("{}·{}", outer.row(), outer.col());
    let orders = offered(&app, &g, 0, "set_standing_orders").await;
    let status =
        act_form(&app, &g, 0, &orders["action"], &[("input_arrest_holders", "ask"), ("text_cell", &typed)])
            .await;
    assert_eq!(status, 303);
    let mine = &app.view(&g, 0).await["view"]["standing_orders"];
    assert_eq!(mine["arrest_holders"], "ask");
    assert_eq!(mine["cell"], outer.to_string());
    let page = crate::harness::unisolated(&app.page(&g.seat_path(0), "en").await.text);
    assert!(page.contains("Arrest Key/Pass Holder: ask me each time"), "the note says it");
    assert!(orders_form(&page).find("ask me each time") < orders_form(&page).find("play the card whenever"));
    // A circle that is no cell is refused, and nothing is written.
    let before = app.event_count(g.id.as_ref()).await;
    let appel = BOARD.circles_of(CircleKind::Appel).next().unwrap();
    let not_a_cell = format!("{}·{}", appel.row(), appel.col());
    let orders = offered(&app, &g, 0, "set_standing_orders").await;
    let refused = act_form(
        &app,
        &g,
        0,
        &orders["action"],
        &[("input_arrest_holders", "never"), ("text_cell", &not_a_cell)],
    )
    .await;
    assert_ne!(refused, 303);
    let a = app.act(&g, 0, json!({"action": "set_standing_orders", "cell": appel.to_string()})).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    assert_eq!(app.event_count(g.id.as_ref()).await, before);
    assert_eq!(app.view(&g, 0).await["view"]["standing_orders"]["arrest_holders"], "ask");
    // An Escape Officer: Appel, confiscation, the Talisman, lending men; no holder order.
    let page = app.page(&g.seat_path(1), "en").await.text;
    let form = orders_form(&page);
    for field in ["input_appel_all_attend", "input_confiscation", "input_talisman", "input_lend_men"] {
        assert!(form.contains(&format!("name=\"{field}\"")), "{field}: {form}");
    }
    assert!(!form.contains("input_arrest_holders"));
    let orders = offered(&app, &g, 1, "set_standing_orders").await;
    assert_eq!(act_form(&app, &g, 1, &orders["action"], &[("input_talisman", "true")]).await, 303);
    assert_eq!(app.view(&g, 1).await["view"]["standing_orders"]["talisman"], true);
    let page = app.page(&g.seat_path(1), "en").await.text;
    assert!(page.contains("A Talisman played at once when shot at: yes"), "the note says it");
    // The API takes the same orders, and the old booleans still.
    let a = app.act(&g, 0, json!({"action": "set_standing_orders", "arrest_holders": true})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(app.view(&g, 0).await["view"]["standing_orders"]["arrest_holders"], "always");
}

#[tokio::test]
async fn c12_the_riot_squad_button_counts_the_guards_it_posts() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let place = offered(&app, &g, 0, "place_guards").await;
    assert_eq!(app.act(&g, 0, place["action"].clone()).await.status, StatusCode::OK);
    for seat in [1, 2] {
        assert_eq!(
            app.act(&g, seat, json!({"action": "throw", "dice": [[1, 3]]})).await.status,
            StatusCode::OK
        );
        assert_eq!(app.act(&g, seat, json!({"action": "end_turn"})).await.status, StatusCode::OK);
    }
    assert_eq!(app.act(&g, 0, json!({"action": "throw", "dice": [[2, 3]]})).await.status, StatusCode::OK);
    let view = app.view(&g, 0).await;
    let in_barracks = view["view"]["men"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["seat"] == 0)
        .filter(|m| {
            let at: feldpost_engine::colditz::board::CircleId = m["at"].as_str().unwrap().parse().unwrap();
            BOARD.is(at, CircleKind::BarracksSlot)
        })
        .count();
    assert!(in_barracks > 1);
    let page = app.page(&g.seat_path(0), "en").await.text;
    assert!(
        page.contains(&format!("Call the Riot Squad ({in_barracks} guards)")),
        "the count of the reserve"
    );
    assert!(!page.contains("(0 guards)"));
    // The button does what it says: every reserve guard is posted.
    let squad = offered(&app, &g, 0, "riot_squad").await;
    assert_eq!(act_form(&app, &g, 0, &squad["action"], &[("ids_posts", "")]).await, 303);
    let view = app.view(&g, 0).await;
    let left = view["view"]["men"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["seat"] == 0)
        .filter(|m| BOARD.is(m["at"].as_str().unwrap().parse().unwrap(), CircleKind::BarracksSlot))
        .count();
    assert_eq!(left, 0, "all {in_barracks} posted");
}
