//! Escape from Colditz's tunnels through the server (R53, C12 / rule 34, card 82): a man alone
//! may not run an open tunnel, and nothing is written when he tries; a man left alone comes back
//! up beside the end he went down by; two men hold the tunnel; the German's page asks which two
//! guards go in for Tunnel Detected, proposing the nearest two, and takes another pair; after the
//! arrest no guard is posted.

use crate::harness::{TestApp, TestGame};
use axum::http::StatusCode;
use feldpost::games::Table;
use feldpost_engine::Viewer;
use feldpost_engine::colditz::board::{BOARD, CircleId, CircleKind, LinkKind, Passage};
use feldpost_engine::colditz::{CardId, CardKind};
use serde_json::{Value, json};
use std::collections::BTreeSet;

const NAMES: [&str; 3] = ["Gerhard", "Amy", "Bill"];

fn top(table: &dyn Table, pack: &str) -> CardKind {
    let order = &table.view(Viewer::Omniscient)["packs"]["order"][pack];
    let id = order[0].as_str().unwrap();
    CardId(id.strip_prefix("card").unwrap().parse().unwrap()).kind()
}

async fn act_ok(app: &TestApp, g: &TestGame, seat: usize, action: Value) {
    let a = app.act(g, seat, action.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "seat {seat}: {action}: {}", a.text);
}

fn at(view: &Value, man: usize) -> CircleId {
    view["view"]["men"][man]["at"].as_str().unwrap().parse().unwrap()
}

fn occupied(view: &Value) -> BTreeSet<CircleId> {
    view["view"]["men"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["at"].as_str().unwrap().parse().unwrap())
        .collect()
}

/// A walk by plain steps from `from` to `to` round the men standing in the way.
fn walk(view: &Value, from: CircleId, to: CircleId) -> Vec<CircleId> {
    let taken = occupied(view);
    let d = BOARD.distances(&[to], Passage::WALK, &|c| c != from && c != to && taken.contains(&c));
    let mut path = Vec::new();
    let mut here = from;
    while here != to {
        let step = d.to(here).unwrap_or_else(|| panic!("no walk from {from} to {to}"));
        here = BOARD
            .links(here)
            .iter()
            .filter(|l| l.kind == LinkKind::Step && d.to(l.to) == Some(step - 1))
            .map(|l| l.to)
            .next()
            .unwrap();
        path.push(here);
    }
    path
}

/// The surface circle beside a tunnel's end.
fn beside(end: CircleId) -> CircleId {
    BOARD
        .links(end)
        .iter()
        .filter(|l| l.kind == LinkKind::Step && BOARD.is(l.to, CircleKind::Plain))
        .map(|l| l.to)
        .next()
        .unwrap()
}

#[tokio::test]
async fn r53_c12_a_tunnel_is_held_by_two_men_and_the_german_picks_the_guards_who_find_it() {
    let app = TestApp::spawn().await;
    let options = json!({"dice": "manual"});
    // The Chapel's Tunnel card on top of the Opportunity pack, Tunnel Detected on the Security.
    app.deal_where("colditz", &options, NAMES.len(), |t| {
        top(t, "opportunity") == CardKind::Tunnel("chapel") && top(t, "security") == CardKind::TunnelDetected
    });
    let g = app.create_colditz(&NAMES, options).await;
    let v = app.view(&g, 0).await;
    let place =
        v["legal_actions"].as_array().unwrap().iter().find(|a| a["action"]["action"] == "place_guards");
    act_ok(&app, &g, 0, place.unwrap()["action"].clone()).await;
    // Amy throws 119 and draws the tunnel with her 11; she shows it.
    let mut dice = vec![json!([6, 6]); 9];
    dice.push(json!([6, 5]));
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": dice})).await;
    let v = app.view(&g, 1).await;
    let card = v["view"]["seats"][1]["hand"][0]["id"].clone();
    act_ok(&app, &g, 1, json!({"action": "play", "card": card})).await;

    let (_, tunnel) = BOARD.tunnel_named("chapel").unwrap();
    let c = tunnel.circles.clone();
    let [inner, outer] = tunnel.ends();
    let v = app.view(&g, 1).await;
    let amy: Vec<usize> = (0..v["view"]["men"].as_array().unwrap().len())
        .filter(|&m| v["view"]["men"][m]["seat"] == 1)
        .collect();
    let (first, second) = (amy[0], amy[1]);
    // Alone, from the Appel area through the whole tunnel and out into the fields: refused
    // with its rule, and nothing written.
    let mut run = walk(&v, at(&v, first), beside(inner));
    run.extend(c.iter().copied());
    run.push(beside(outer));
    let seq = v["current_seq"].clone();
    let r = app.act(&g, 1, json!({"action": "move", "man": first, "path": run})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(r.json["rule"], "R53", "{}", r.text);
    let after = app.view(&g, 1).await;
    assert_eq!((after["current_seq"].clone(), at(&after, first)), (seq, at(&v, first)), "nothing written");

    // He goes down alone and no second follows: at the end of the turn he comes back up
    // beside the end he went down by.
    let mut down = walk(&v, at(&v, first), beside(inner));
    down.extend(c[..6].iter().copied());
    act_ok(&app, &g, 1, json!({"action": "move", "man": first, "path": down})).await;
    act_ok(&app, &g, 1, json!({"action": "end_turn"})).await;
    let v = app.view(&g, 1).await;
    let up = at(&v, first);
    assert!(BOARD.link(inner, up).is_some_and(|l| l.kind == LinkKind::Step), "{up} beside the Chapel's end");
    assert_ne!(v["view"]["men"][first]["tunnel"], true);

    // Bill and Gerhard pass; Amy takes two men down together: they stay.
    act_ok(&app, &g, 2, json!({"action": "throw", "dice": [[1, 3]]})).await;
    act_ok(&app, &g, 2, json!({"action": "end_turn"})).await;
    act_ok(&app, &g, 0, json!({"action": "throw", "dice": [[1, 3]]})).await;
    act_ok(&app, &g, 0, json!({"action": "end_turn"})).await;
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[6, 6], [6, 6], [6, 4]]})).await;
    let v = app.view(&g, 1).await;
    let mut down = walk(&v, at(&v, first), inner);
    down.extend(c[1..4].iter().copied());
    act_ok(&app, &g, 1, json!({"action": "move", "man": first, "path": down})).await;
    let v = app.view(&g, 1).await;
    let mut down = walk(&v, at(&v, second), inner);
    down.push(c[1]);
    act_ok(&app, &g, 1, json!({"action": "move", "man": second, "path": down})).await;
    act_ok(&app, &g, 1, json!({"action": "end_turn"})).await;
    let v = app.view(&g, 1).await;
    assert!(v["view"]["men"][first]["tunnel"] == true && v["view"]["men"][second]["tunnel"] == true);
    act_ok(&app, &g, 2, json!({"action": "throw", "dice": [[1, 3]]})).await;
    act_ok(&app, &g, 2, json!({"action": "end_turn"})).await;

    // Gerhard throws 35 and draws Tunnel Detected with his 11. His page asks which guards go in,
    // proposing the two nearest.
    act_ok(&app, &g, 0, json!({"action": "throw", "dice": [[6, 6], [6, 6], [6, 5]]})).await;
    let v = app.view(&g, 0).await;
    let detect = v["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"]["action"] == "play" && a["action"]["tunnel"] == "chapel")
        .expect("Tunnel Detected offered")
        .clone();
    let nearest: Vec<u64> =
        detect["action"]["men"].as_array().unwrap().iter().map(|m| m.as_u64().unwrap()).collect();
    assert_eq!(nearest.len(), 2);
    let page = crate::harness::unisolated(&app.get(&format!("/play/{}", g.tokens[0]), None).await.text);
    let proposal = format!("placeholder=\"{} {}\"", nearest[0], nearest[1]);
    assert!(
        page.contains("name=\"ids_men\"") && page.contains(&proposal),
        "the guards field proposes {proposal}"
    );
    assert!(page.contains("The two guards who go into the tunnel"));
    // He sends the nearest and another guard instead of the second nearest (within his 35).
    let from_tunnel = BOARD.distances(&c, Passage::GUARD, &|_| false);
    let reach = |m: u64| from_tunnel.to(at(&v, m as usize)).unwrap_or(u16::MAX);
    let other = (0..v["view"]["men"].as_array().unwrap().len() as u64)
        .filter(|&m| v["view"]["men"][m as usize]["seat"] == 0)
        .filter(|&m| !BOARD.is(at(&v, m as usize), CircleKind::BarracksSlot) && !nearest.contains(&m))
        .min_by_key(|&m| reach(m))
        .expect("a third guard on the board");
    assert!(reach(nearest[0]) + reach(other) <= 30, "within the throw");
    let guards = [nearest[0], other];
    let chosen = format!("{} {}", guards[0], guards[1]);
    let seq = v["current_seq"].as_u64().unwrap().to_string();
    let json = detect["action"].to_string();
    let r = app
        .form(
            &format!("/play/{}/act", g.tokens[0]),
            &[("expected_seq", &seq), ("action", &json), ("ids_men", &chosen), ("ids_cells", "")],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text);
    let v = app.view(&g, 0).await;
    for m in guards {
        assert!(
            BOARD.is(at(&v, m as usize), CircleKind::BarracksSlot),
            "guard {m} went in and back to barracks"
        );
    }
    let passed_over = nearest[1] as usize;
    assert!(
        !BOARD.is(at(&v, passed_over), CircleKind::BarracksSlot),
        "guard {passed_over} stayed on the board"
    );
    assert!(BOARD.is(at(&v, first), CircleKind::Cell) && BOARD.is(at(&v, second), CircleKind::Cell));
    // Rule 34: after the arrest no guard is posted, though points are left.
    assert!(v["view"]["turn"]["points"].as_u64().unwrap() > 0);
    assert!(!v["legal_actions"].as_array().unwrap().iter().any(|a| a["action"]["action"] == "post_guard"));
    let post = BOARD.circles_of(CircleKind::GuardPost).find(|p| !occupied(&v).contains(p)).unwrap();
    let r = app.act(&g, 0, json!({"action": "post_guard", "to": post})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(r.json["rule"], "C12", "{}", r.text);
}
