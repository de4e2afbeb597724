//! Escape from Colditz through the server: a three-player game created over the API, the guards
//! placed, two rounds of both sides played through the API and the page forms (typed paths,
//! typed dice), refusals by status, history and `state?at`; and the leak test: nothing a seat
//! receives (pages, API answers, history steps, exports, emails) names a card of another seat's
//! hand or of the face-down packs, while each seat does see its own hand.

use crate::harness::{Answer, TestApp, TestGame};
use axum::http::StatusCode;
use feldpost::games::Table;
use feldpost::i18n::{Lang, Tr};
use feldpost_engine::Viewer;
use feldpost_engine::colditz::board::BOARD;
use feldpost_engine::colditz::{CardId, CardKind};
use serde_json::{Value, json};
use std::collections::BTreeSet;

pub(crate) const NAMES: [&str; 3] = ["Gerhard", "Amy", "Bill"];

async fn act_ok(app: &TestApp, g: &TestGame, seat: usize, action: Value) {
    let a = app.act(g, seat, action.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "seat {seat}: {action}: {}", a.text);
}

/// The legal action of this kind offered to the seat (the first), with its inputs.
async fn offered(app: &TestApp, g: &TestGame, seat: usize, kind: &str) -> Option<Value> {
    app.view(g, seat).await["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"]["action"] == kind)
        .cloned()
}

/// The page form: the action's JSON, the expected sequence number and the typed fields.
async fn act_form(
    app: &TestApp,
    g: &TestGame,
    seat: usize,
    action: &Value,
    fields: &[(&str, &str)],
) -> Answer {
    let seq = app.view(g, seat).await["current_seq"].as_u64().unwrap().to_string();
    let json = action.to_string();
    let mut all: Vec<(&str, &str)> = vec![("expected_seq", &seq), ("action", &json)];
    all.extend_from_slice(fields);
    app.form(&format!("/play/{}/act", g.tokens[seat]), &all).await
}

fn man_at(view: &Value, man: u64) -> String {
    view["view"]["men"][man as usize]["at"].as_str().unwrap().to_owned()
}

/// Free circles next to where `man` stands (candidates for a one-step move).
fn free_neighbours(view: &Value, man: u64) -> Vec<String> {
    let at: feldpost_engine::colditz::board::CircleId = man_at(view, man).parse().unwrap();
    let taken: BTreeSet<String> = view["view"]["men"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["at"].as_str().unwrap().to_owned())
        .collect();
    BOARD.links(at).iter().map(|l| l.to.to_string()).filter(|c| !taken.contains(c)).collect()
}

/// Whether `text` holds the card id `id` ("card4" is not in "card41").
pub(crate) fn holds_id(text: &str, id: &str) -> bool {
    text.match_indices(id).any(|(i, _)| !text[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

fn english_name(key: &str) -> String {
    Tr::new(Lang::En).t(&format!("colditz-card-{key}"))
}

/// Whether `text` holds `words` as written or as HTML writes them ("Orderlies&#39; Quarters").
fn holds_words(text: &str, words: &str) -> bool {
    let escaped =
        words.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    [
        words.to_owned(),
        escaped.replace('\'', "&#39;"),
        escaped.replace('\'', "&#x27;"),
        escaped.replace('\'', "&apos;"),
    ]
    .iter()
    .any(|w| text.contains(w.as_str()))
}

/// What each seat has come to know, and what its pages showed before any card was drawn.
struct Watch {
    known_ids: Vec<BTreeSet<String>>,
    known_kinds: Vec<BTreeSet<String>>,
    baseline: Vec<String>,
    /// Cards each seat's own page showed it (the positive control).
    seen_own: Vec<usize>,
}

pub(crate) async fn received(app: &TestApp, g: &TestGame, seat: usize, seq: u64) -> Vec<(String, String)> {
    let token = &g.tokens[seat];
    let mut out = Vec::new();
    for uri in [
        format!("/api/games/{}", g.id),
        format!("/api/games/{}/events", g.id),
        format!("/api/games/{}/state?at={seq}", g.id),
        format!("/api/games/{}/state?at=1", g.id),
        format!("/api/games/{}/export", g.id),
    ] {
        let a = app.get(&uri, Some(token)).await;
        assert_eq!(a.status, StatusCode::OK, "{uri}: {}", a.text);
        out.push((uri, a.text));
    }
    for uri in [
        format!("/play/{token}"),
        format!("/play/{token}/history?at={seq}"),
        format!("/play/{token}/history?at=1"),
    ] {
        let a = app.get(&uri, None).await;
        assert_eq!(a.status, StatusCode::OK, "{uri}");
        out.push((uri, a.text));
    }
    let address = format!("{}@example.org", NAMES[seat].to_lowercase());
    for mail in app.mails(1000).await.into_iter().filter(|o| o.game_id == g.id && o.recipient == address) {
        out.push((
            format!("mail {}", mail.subject),
            format!("{}\n{}\n{}", mail.subject, mail.body_text, mail.body_html.unwrap_or_default()),
        ));
    }
    out
}

/// Every seat's bytes against every card it may not know.
async fn check_leaks(app: &TestApp, g: &TestGame, w: &mut Watch) {
    let loaded = app.log.load(&g.id).await.unwrap();
    let all = loaded.table.view(Viewer::Omniscient);
    let pile_state = loaded.table.state_json();
    let hand_of = |seat: usize| -> Vec<(String, String)> {
        all["seats"][seat]["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["id"].as_str().unwrap().to_owned(), c["key"].as_str().unwrap().to_owned()))
            .collect()
    };
    let piles: Vec<String> = ["opportunity", "security", "do_or_die"]
        .iter()
        .flat_map(|p| {
            pile_state[*p]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(piles.len() >= 50, "the face-down packs are in the state: {}", piles.len());
    for seat in 0..NAMES.len() {
        for (id, key) in hand_of(seat) {
            w.known_ids[seat].insert(id);
            w.known_kinds[seat].insert(key);
        }
        // Offers a seat made or received name their cards to both parties.
        let own = app.view(g, seat).await;
        for offer in own["view"]["offers"].as_array().unwrap() {
            for c in offer["give"].as_array().unwrap().iter().chain(offer["want"].as_array().unwrap()) {
                let id = c.as_str().unwrap().to_owned();
                let n: usize = id[4..].parse().unwrap();
                w.known_kinds[seat].insert(CardId(n as u8).kind().key());
                w.known_ids[seat].insert(id);
            }
        }
    }
    // A spectator sees no hand at all: not one Opportunity, Security or Do or Die card id.
    let watch = app.watch_path(g).await;
    let spectator = app.get(&format!("{watch}?at={}", loaded.seq), None).await;
    assert_eq!(spectator.status, StatusCode::OK);
    assert!(spectator.text.contains("class=\"piece\""), "spectators see the men");
    for n in 32..96 {
        assert!(!holds_id(&spectator.text, &format!("card{n}")), "a spectator saw card{n}");
    }
    for seat in 0..NAMES.len() {
        let texts = received(app, g, seat, loaded.seq).await;
        // Positive control: the seat's own page shows each of its cards by name (pages name
        // cards, never by id), and its API view by id.
        let page = &texts.iter().find(|(u, _)| u == &format!("/play/{}", g.tokens[seat])).unwrap().1;
        let api = &texts.iter().find(|(u, _)| u == &format!("/api/games/{}", g.id)).unwrap().1;
        for (id, key) in hand_of(seat) {
            assert!(holds_id(api, &id), "seat {seat} does not see its own {id}");
            assert!(
                holds_words(page, &english_name(&key)),
                "seat {seat} does not see the name of its own {key}"
            );
            w.seen_own[seat] += 1;
        }
        let mut hidden_ids: Vec<String> = piles.clone();
        let mut hidden_kinds: BTreeSet<String> = BTreeSet::new();
        for other in (0..NAMES.len()).filter(|o| *o != seat) {
            for (id, key) in hand_of(other) {
                hidden_ids.push(id);
                hidden_kinds.insert(key);
            }
        }
        hidden_ids.retain(|id| !w.known_ids[seat].contains(id));
        hidden_kinds.retain(|k| {
            !w.known_kinds[seat].contains(k) && !holds_words(&w.baseline[seat], &english_name(k))
        });
        for (what, bytes) in &texts {
            for id in &hidden_ids {
                assert!(!holds_id(bytes, id), "{what}: seat {seat} received {id}, which it may not know");
            }
            for key in &hidden_kinds {
                let name = english_name(key);
                assert!(
                    !holds_words(bytes, &name),
                    "{what}: seat {seat} read the name {name:?} of a card it may not know"
                );
                assert!(
                    !bytes.contains(&format!("colditz-card-{key}\"")),
                    "{what}: seat {seat} received the card kind {key}"
                );
                assert!(
                    !bytes.contains(&format!("\"key\":\"{key}\"")),
                    "{what}: seat {seat} received the card kind {key}"
                );
            }
        }
    }
}

/// The card on top of a face-down pack ("security", "do_or_die"): only the omniscient view
/// shows the packs' order.
fn top_card(table: &dyn Table, pack: &str) -> String {
    let all = table.view(Viewer::Omniscient);
    all["packs"]["order"][pack][0].as_str().unwrap_or_else(|| panic!("the {pack} pack is empty")).to_owned()
}

/// What kind of card "card{n}" is.
fn kind_of(card: &str) -> CardKind {
    CardId(card.strip_prefix("card").unwrap().parse().unwrap()).kind()
}

/// Make the next game of [`NAMES`] (created with `options`) deal an Appel on top of the Security
/// pack, so that the German draws it with his first card; returns that card.
pub(crate) fn deal_appel_on_top(app: &TestApp, options: &Value) -> String {
    let table = app.deal_where("colditz", options, NAMES.len(), |t| {
        kind_of(&top_card(t, "security")) == CardKind::Appel
    });
    top_card(table.as_ref(), "security")
}

async fn end_turn(app: &TestApp, g: &TestGame, seat: usize) {
    act_ok(app, g, seat, json!({"action": "end_turn"})).await;
}

/// A man of this seat takes one step to a free neighbouring circle through the API; returns the
/// man, where he stood and where he went.
async fn step_one(app: &TestApp, g: &TestGame, seat: usize) -> (u64, String, String) {
    let v = app.view(g, seat).await;
    for a in v["legal_actions"].as_array().unwrap().iter().filter(|a| a["action"]["action"] == "move") {
        let man = a["action"]["man"].as_u64().unwrap();
        assert!(
            a["inputs"]
                .as_array()
                .unwrap()
                .iter()
                .any(|i| i["field"] == "path" && i["kind"]["type"] == "ids"),
            "{a}"
        );
        for to in free_neighbours(&v, man) {
            let mut action = a["action"].clone();
            action["path"] = json!([to]);
            let r = app.act(g, seat, action).await;
            if r.status == StatusCode::OK {
                return (man, man_at(&v, man), to);
            }
            assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
        }
    }
    panic!("seat {seat} found no step to take");
}

#[tokio::test]
async fn three_players_place_guards_and_play_two_rounds_without_leaking_a_hand() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let mut w = Watch {
        known_ids: vec![BTreeSet::new(); 3],
        known_kinds: vec![BTreeSet::new(); 3],
        baseline: Vec::new(),
        seen_own: vec![0; 3],
    };
    for seat in 0..3 {
        let page = app.get(&format!("/play/{}", g.tokens[seat]), None).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.text.contains("data-circle=\"r"), "circles carry their ids for the script");
        assert!(page.text.contains("/static/games/colditz/colditz.js"));
        w.baseline.push(page.text);
    }
    check_leaks(&app, &g, &mut w).await;

    // The German places his guards; an Escape Officer may not.
    let v = app.view(&g, 0).await;
    assert_eq!(v["view"]["phase"], "placing");
    assert_eq!(v["to_act"], json!([0]));
    let place = offered(&app, &g, 0, "place_guards").await.expect("the German is asked to place guards");
    assert_eq!(app.act(&g, 1, place["action"].clone()).await.status, StatusCode::FORBIDDEN);
    act_ok(&app, &g, 0, place["action"].clone()).await;

    // Seat 1 (the Escape Officer left of the German) plays first.
    let v = app.view(&g, 1).await;
    assert_eq!(v["to_act"], json!([1]), "{}", v["view"]);
    let throw = offered(&app, &g, 1, "throw").await.unwrap();
    assert_eq!(throw["inputs"][0]["kind"]["type"], "throws", "manual dice are typed in");
    // Wrong seat, stale sequence number, dice that do not exist.
    assert_eq!(
        app.act(&g, 2, json!({"action": "throw", "dice": [[1, 2]]})).await.status,
        StatusCode::FORBIDDEN
    );
    let seq = v["current_seq"].as_u64().unwrap();
    let stale = app
        .post(
            &format!("/api/games/{}/actions", g.id),
            Some(&g.tokens[1]),
            json!({"expected_seq": seq - 1, "action": {"action": "throw", "dice": [[1, 2]]}}),
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.text);
    let bad = app.act(&g, 1, json!({"action": "throw", "dice": [[7, 1]]})).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.text);
    // The page form: the dice typed as text; a single throw of 3 draws an Opportunity card.
    let r = act_form(&app, &g, 1, &throw["action"], &[("throws_dice", "1 2")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text);
    let v = app.view(&g, 1).await;
    assert_eq!(v["view"]["turn"]["throws"], json!([[1, 2]]));
    assert_eq!(v["view"]["seats"][1]["hand_size"], 1, "a 3 draws a card");
    check_leaks(&app, &g, &mut w).await;

    // A path that does not follow the board is refused with its rule; a typed path moves.
    let mv = offered(&app, &g, 1, "move").await.unwrap();
    let man = mv["action"]["man"].as_u64().unwrap();
    let before = man_at(&v, man);
    let mut far = mv["action"].clone();
    far["path"] = json!(["r01c01"]);
    let r = app.act(&g, 1, far).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let seq_before_move = v["current_seq"].as_u64().unwrap();
    let mut moved_to = None;
    for to in free_neighbours(&v, man) {
        let r = act_form(&app, &g, 1, &mv["action"], &[("ids_path", &format!(" {to} "))]).await;
        if r.status == StatusCode::SEE_OTHER {
            moved_to = Some(to);
            break;
        }
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
        assert!(r.text.contains("role=\"alert\""), "a refused form shows why");
    }
    let moved_to = moved_to.expect("a step to a free neighbour");
    assert_eq!(man_at(&app.view(&g, 2).await, man), moved_to, "every seat sees the man move");
    end_turn(&app, &g, 1).await;
    check_leaks(&app, &g, &mut w).await;

    // Seat 2: a 7 draws; one man steps through the API.
    act_ok(&app, &g, 2, json!({"action": "throw", "dice": [[3, 4]]})).await;
    step_one(&app, &g, 2).await;
    end_turn(&app, &g, 2).await;
    check_leaks(&app, &g, &mut w).await;

    // The German: an 11 draws a Security card; he posts a guard from the barracks (the posts
    // are one form with a choice) and ends his turn.
    act_ok(&app, &g, 0, json!({"action": "throw", "dice": [[5, 6]]})).await;
    let post = offered(&app, &g, 0, "post_guard").await.expect("a guard may be posted");
    let posts = post["inputs"][0]["kind"]["values"].as_array().unwrap().clone();
    assert!(!posts.is_empty());
    let to = posts.last().unwrap().as_str().unwrap().to_owned();
    let r = act_form(&app, &g, 0, &post["action"], &[("input_to", &to)]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text);
    let v = app.view(&g, 1).await;
    assert!(
        v["view"]["men"].as_array().unwrap().iter().any(|m| m["at"] == to.as_str() && m["seat"] == 0),
        "the guard stands on {to}"
    );
    assert_eq!(v["view"]["seats"][0]["hand_size"], 1);
    assert!(
        v["view"]["seats"][0].get("hand").is_none(),
        "the German's hand is hidden from an Escape Officer"
    );
    end_turn(&app, &g, 0).await;
    check_leaks(&app, &g, &mut w).await;

    // Round two: each side draws again.
    for (seat, dice) in [(1usize, json!([[2, 1]])), (2, json!([[5, 2]])), (0, json!([[1, 6]]))] {
        act_ok(&app, &g, seat, json!({"action": "throw", "dice": dice})).await;
        if seat != 0 {
            step_one(&app, &g, seat).await;
        }
        end_turn(&app, &g, seat).await;
        check_leaks(&app, &g, &mut w).await;
    }
    for seat in 0..3 {
        assert_eq!(app.view(&g, seat).await["view"]["seats"][seat]["hand_size"], 2, "seat {seat} drew twice");
        assert!(w.seen_own[seat] > 0, "the positive control ran for seat {seat}");
    }

    // Round three: cards change hands. Amy draws, gives Bill a card and discards one; Bill
    // offers Amy a card, which she declines. Gerhard must learn none of them.
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[1, 2]]})).await;
    let amy = app.view(&g, 1).await;
    let hand: Vec<String> = amy["view"]["seats"][1]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(hand.len(), 3);
    act_ok(&app, &g, 1, json!({"action": "give", "card": hand[0], "to": 2})).await;
    check_leaks(&app, &g, &mut w).await;
    act_ok(&app, &g, 1, json!({"action": "discard", "card": hand[1]})).await;
    end_turn(&app, &g, 1).await;
    check_leaks(&app, &g, &mut w).await;
    act_ok(&app, &g, 2, json!({"action": "throw", "dice": [[1, 3]]})).await;
    let bill = app.view(&g, 2).await;
    let bills = bill["view"]["seats"][2]["hand"][0]["id"].as_str().unwrap().to_owned();
    act_ok(&app, &g, 2, json!({"action": "offer_trade", "to": 1, "give": [bills], "want": []})).await;
    check_leaks(&app, &g, &mut w).await;
    let offer = offered(&app, &g, 1, "decline_offer").await.expect("Amy may decline");
    act_ok(&app, &g, 1, offer["action"].clone()).await;
    end_turn(&app, &g, 2).await;
    check_leaks(&app, &g, &mut w).await;
    let gerhard = app.view(&g, 0).await;
    assert_eq!(
        gerhard["view"]["seats"][2]["hand_size"], 3,
        "Bill holds three cards, the German knows only how many"
    );

    // History: the man stood where he was before his move; the log names the move.
    let then = app.get(&format!("/api/games/{}/state?at={seq_before_move}", g.id), Some(&g.tokens[2])).await;
    assert_eq!(then.status, StatusCode::OK, "{}", then.text);
    assert_eq!(then.json["view"]["men"][man as usize]["at"], before.as_str(), "{}", then.text);
    let events = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[2])).await;
    assert!(events.text.contains("\"moved\""), "{}", events.text);
    let history = app.get(&format!("/play/{}/history?at={seq_before_move}", g.tokens[1]), None).await;
    assert_eq!(history.status, StatusCode::OK);

    // Rule 55: the German rules on every dispute.
    let loaded = app.log.load(&g.id).await.unwrap();
    assert_eq!(loaded.table.adjudicator(Some(1), Some(&json!({"action": "end_turn"}))), Some(0));
    assert_eq!(loaded.table.adjudicator(None, None), Some(0));
}

#[tokio::test]
async fn each_seat_sees_its_own_hand_and_the_form_offers_what_the_rules_ask() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let place = offered(&app, &g, 0, "place_guards").await.unwrap();
    act_ok(&app, &g, 0, place["action"].clone()).await;
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[1, 2]]})).await;
    let mine = app.view(&g, 1).await;
    let card = mine["view"]["seats"][1]["hand"][0]["id"].as_str().unwrap().to_owned();
    let key = mine["view"]["seats"][1]["hand"][0]["key"].as_str().unwrap().to_owned();
    let page = crate::harness::unisolated(&app.get(&format!("/play/{}", g.tokens[1]), None).await.text);
    assert!(
        page.contains("Your Opportunity cards")
            && holds_id(&page, &card)
            && holds_words(&page, &english_name(&key))
    );
    assert!(page.contains("name=\"ids_path\""), "the move form asks for a path");
    assert!(page.contains("Move man "), "move forms name their man");
    assert!(
        page.contains("Gerhard: no cards") || page.contains("Gerhard: 0 Security cards"),
        "others' hands by size only"
    );
    let other = crate::harness::unisolated(&app.get(&format!("/play/{}", g.tokens[2]), None).await.text);
    assert!(!holds_id(&other, &card));
    assert!(other.contains("Amy: one Opportunity card"), "{}", other);
    // In Czech too, with the same notes.
    let cz = app.call("GET", &format!("/play/{}?lang=cs", g.tokens[1]), None, None).await.text;
    assert!(cz.contains("Vaše karty příležitostí"), "{cz}");
    // Standing orders through the form: a yes/no choice becomes a boolean.
    let orders = offered(&app, &g, 2, "set_standing_orders").await.unwrap();
    let r = act_form(
        &app,
        &g,
        2,
        &orders["action"],
        &[("input_appel_all_attend", "true"), ("input_confiscation", "false")],
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text);
    assert_eq!(app.view(&g, 2).await["view"]["standing_orders"]["appel_all_attend"], true);
    // Rule 55 through the form: the German names the man and the infringement.
    let discipline = offered(&app, &g, 0, "discipline").await.expect("the German may discipline at any time");
    let r = act_form(
        &app,
        &g,
        0,
        &discipline["action"],
        &[("input_man", "9"), ("text_infringement", "Out of bounds at night"), ("text_cell", "")],
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text);
    let at: feldpost_engine::colditz::board::CircleId = man_at(&app.view(&g, 1).await, 9).parse().unwrap();
    assert!(BOARD.is(at, feldpost_engine::colditz::board::CircleKind::Cell), "man 9 is in a cell: {at}");
    let events = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[2])).await;
    assert!(events.text.contains("Out of bounds at night"), "the stated infringement is on the record");
}

#[tokio::test]
async fn the_new_game_form_creates_a_playable_game() {
    let app = TestApp::spawn().await;
    let form = app.get("/new/colditz", None).await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(form.text.contains("name=\"opt_dice\""), "the dice are a choice");
    let created = app
        .form(
            "/games",
            &[
                ("ruleset", "colditz"),
                ("title", "Colditz"),
                ("name_0", "Gerhard"),
                ("email_0", "g@example.org"),
                ("name_1", "Amy"),
                ("email_1", "a@example.org"),
                ("host_email", "host@example.org"),
                ("opt_dice", "seeded"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    for players in 2..=6usize {
        let all = ["G", "A", "B", "C", "D", "E"];
        let list: Vec<Value> = all[..players].iter().map(|n| json!({"name": n})).collect();
        let g = app.create_game(json!({"ruleset": "colditz", "title": "C", "players": list})).await;
        let (token, id) = (&g.tokens[0], &g.id);
        let v = app.get(&format!("/api/games/{id}"), Some(token)).await;
        assert_eq!(v.json["view"]["phase"], "placing", "{players} players");
        let place = v.json["legal_actions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["action"]["action"] == "place_guards")
            .unwrap()["action"]
            .clone();
        let r = app
            .post(
                &format!("/api/games/{id}/actions"),
                Some(token),
                json!({"expected_seq": v.json["current_seq"], "action": place}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{players} players: {}", r.text);
        let page = app.get(&format!("/play/{token}"), None).await;
        assert_eq!(page.status, StatusCode::OK);
        assert_eq!(
            page.text.matches("class=\"piece\"").count(),
            v.json["view"]["men"].as_array().unwrap().len(),
            "every man is drawn"
        );
    }
}

#[tokio::test]
async fn a_game_with_a_deadline_shows_it_to_those_asked() {
    let app = TestApp::spawn().await;
    let players: Vec<Value> = NAMES.iter().map(|n| json!({"name": n})).collect();
    let g = app
        .create_game(
            json!({"ruleset": "colditz", "title": "C", "players": players, "deadline": {"hours": 48}}),
        )
        .await;
    let token = &g.tokens[0];
    let page = app.get(&format!("/play/{token}"), None).await.text;
    assert!(
        page.contains("Deadline for those asked:"),
        "the German is asked to place guards, with the game's deadline"
    );
    let plain = app.create_colditz(&NAMES, json!({})).await;
    let page = app.get(&format!("/play/{}", plain.tokens[0]), None).await.text;
    assert!(!page.contains("Deadline for those asked:"), "no deadline, no line");
}

/// A whole three-player game through the JSON API, from creation to an escape that
/// wins. The moves are the engine's scripted winning game (`colditz::tests::winning`), played
/// with manual dice. The runner opens with three doubles (each earns a throw) and then throws
/// 6+5 as many times as his Do or Die card says (read off the dealt pack), which reaches the
/// nearest target whatever the card (3 to 7); one throw more or fewer is refused.
#[tokio::test]
async fn a_three_player_game_through_the_api_ends_with_an_escape_that_wins() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"success": {"escapes": 1}, "dice": "manual"})).await;
    let script: &[(usize, &str)] = &[
        (0, r#"{"action":"place_guards","inner":["r17c29","r18c21"],"outer":["r08c16","r08c34"]}"#),
        (1, r#"{"action":"throw","dice":[[6,6],[6,6],[6,5]]}"#),
        (
            1,
            r#"{"action":"move","man":0,"path":["r21c28","r20c29","r19c29","r18c30","r17c30","r16c31","r15c31","r14c32"]}"#,
        ),
        (
            1,
            r#"{"action":"move","man":1,"path":["r22c28","r21c27","r20c27","r19c26","r18c26","r17c25","r16c25","r15c24","r14c24"]}"#,
        ),
        (
            1,
            r#"{"action":"move","man":2,"path":["r22c28","r22c29","r21c29","r21c30","r21c31","r21c32","r21c33","r21c34","r20c35","r19c35","r18c36","r17c36","r16c37","r15c37","r14c38"]}"#,
        ),
        (1, r#"{"action":"end_turn"}"#),
        (2, r#"{"action":"throw","dice":[[1,3]]}"#),
        (2, r#"{"action":"end_turn"}"#),
        (0, r#"{"action":"throw","dice":[[1,3]]}"#),
        (0, r#"{"action":"end_turn"}"#),
        (1, r#"{"action":"throw","dice":[[6,6],[6,6],[6,5]]}"#),
        (
            1,
            r#"{"action":"move","man":3,"path":["r23c27","r23c26","r23c25","r23c24","r23c23","r23c22","r23c21","r23c20","r23c19","r24c19","r25c18","r26c18","r27c17","r28c17","r28c16"]}"#,
        ),
        (1, r#"{"action":"claim_kit","men":[0,1,2,3],"parts":[]}"#),
        (1, r#"{"action":"end_turn"}"#),
        (2, r#"{"action":"throw","dice":[[1,3]]}"#),
        (2, r#"{"action":"end_turn"}"#),
        (0, r#"{"action":"throw","dice":[[1,3]]}"#),
        (0, r#"{"action":"end_turn"}"#),
    ];
    for (seat, action) in script {
        let action: Value = serde_json::from_str(action).unwrap();
        // (Each thrown 11 draws an Opportunity card: two in all, so no hand overflows.)
        act_ok(&app, &g, *seat, action).await;
    }
    assert!(app.view(&g, 1).await["outcome"].is_null(), "not over yet");
    // The runner's card is the top of the Do or Die pack, which the omniscient view shows.
    let loaded = app.log.load(&g.id).await.unwrap();
    let CardKind::DoOrDie(throws) = kind_of(&top_card(loaded.table.as_ref(), "do_or_die")) else {
        panic!("the Do or Die pack holds Do or Die cards")
    };
    let run = |throws: u8| {
        let mut dice = vec![json!([6, 6]); 3];
        dice.extend(std::iter::repeat_n(json!([6, 5]), usize::from(throws)));
        json!({"action": "do_or_die", "man": 4, "dice": dice})
    };
    // R51 with manual dice: the card is drawn first, for all to see, then the throws are typed.
    let drawn = app.act(&g, 1, json!({"action": "do_or_die", "man": 4})).await;
    assert_eq!(drawn.status, StatusCode::OK, "{}", drawn.text);
    assert!(drawn.text.contains("do_or_die_drawn"), "the draw is an event: {}", drawn.text);
    // The page then asks for the throws the card says, under words of their own.
    let page = app.get(&format!("/play/{}", g.tokens[1]), None).await.text;
    assert!(
        page.contains("Throw man 4&#39;s Do or Die run") || page.contains("Throw man 4&#x27;s Do or Die run")
    );
    assert!(page.contains("name=\"throws_dice\""), "the throws are typed on the page");
    let german = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[0])).await;
    assert!(german.text.contains("do_or_die_drawn"), "everyone sees which card was drawn");
    for wrong in [throws - 1, throws + 1] {
        let a = app.act(&g, 1, run(wrong)).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{wrong} throws where the card says {throws}: {}",
            a.text
        );
    }
    let a = app.act(&g, 1, run(throws)).await;
    assert_eq!(a.status, StatusCode::OK, "the count of throws the Do or Die card says: {}", a.text);
    let end = app.view(&g, 2).await;
    assert_eq!(end["outcome"]["winners"], json!([1]), "{}", end["outcome"]);
    assert!(end["finished"] == true && end["legal_actions"].as_array().unwrap().is_empty());
    // The escape is in everyone's history, and the ended game's export verifies.
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[0])).await;
    assert!(history.text.contains("\"escaped\""), "the escape is recorded");
    let export = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[0])).await;
    let verified = feldpost::audit::verify(&feldpost::audit::parse(&export.text).unwrap()).expect("verifies");
    assert!(verified.dice_checked);
    let mut page = app.get(&format!("/play/{}", g.tokens[2]), None).await;
    page.text = crate::harness::unisolated(&page.text);
    assert!(page.text.contains("✔ Verified"));
    // The end screen: who escaped, the time line, and every hand revealed to everyone.
    assert!(
        page.text.contains("The game is over") && page.text.contains("Amy: 1 escaped"),
        "the escapes per team"
    );
    assert!(page.text.contains("man 4 escaped at"), "the time line of men gone");
    // The history shows the notes of each step beside its board too.
    let history_page = app.get(&format!("/play/{}/history", g.tokens[2]), None).await;
    assert!(history_page.text.contains("The game is over"), "the last step's notes");
}

/// Appel through the server: the German declares it, every Escape Officer answers privately on
/// his page (the others see only that he answered), then the German's throw searches. The game
/// is dealt with an Appel card on top of the Security pack (`deal_appel_on_top`).
#[tokio::test]
async fn appel_is_declared_answered_privately_and_searched_through_the_server() {
    let app = TestApp::spawn().await;
    let options = json!({"dice": "manual"});
    let appel = deal_appel_on_top(&app, &options);
    let g = app.create_colditz(&NAMES, options).await;
    act_ok(
        &app,
        &g,
        0,
        json!({"action": "place_guards", "inner": ["r17c29", "r18c21"], "outer": ["r08c16", "r08c34"]}),
    )
    .await;
    for seat in [1, 2] {
        act_ok(&app, &g, seat, json!({"action": "throw", "dice": [[1, 3]]})).await;
        end_turn(&app, &g, seat).await;
    }
    // A single throw of 3: the German draws the top Security card, the Appel.
    act_ok(&app, &g, 0, json!({"action": "throw", "dice": [[1, 2]]})).await;
    end_turn(&app, &g, 0).await;
    let german = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await;
    assert!(holds_id(&german.text, &appel), "the German holds the Appel card");
    for seat in [1, 2] {
        let page = app.get(&format!("/play/{}", g.tokens[seat]), None).await;
        assert!(!holds_id(&page.text, &appel), "seat {seat} does not see the German's card");
        act_ok(&app, &g, seat, json!({"action": "throw", "dice": [[1, 3]]})).await;
        end_turn(&app, &g, seat).await;
    }
    // Before throwing, the German declares Appel.
    act_ok(&app, &g, 0, json!({"action": "play", "card": appel, "men": [], "equipment": []})).await;
    let amy = app.get(&format!("/play/{}", g.tokens[1]), None).await;
    assert!(
        amy.text.contains("Appel: every Escape Officer chooses privately"),
        "the window is shown to those asked"
    );
    // Amy keeps man 5 away; her answer goes through the page's form.
    let answer = offered(&app, &g, 1, "answer_appel").await.expect("Amy is asked");
    let done = act_form(&app, &g, 1, &answer["action"], &[("ids_absent", "5")]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.text);
    let mut bill = app.get(&format!("/play/{}", g.tokens[2]), None).await;
    bill.text = crate::harness::unisolated(&bill.text);
    assert!(
        bill.text.contains("Amy has answered (kept secret until everyone has)"),
        "Bill sees only that Amy answered"
    );
    let bill_api = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[2])).await;
    assert!(
        !bill_api.text.contains("\"absent\":[5]"),
        "Amy's choice is not in Bill's history before Appel resolves"
    );
    let answer = offered(&app, &g, 2, "answer_appel").await.expect("Bill is asked");
    act_ok(&app, &g, 2, answer["action"].clone()).await;
    // Everyone has answered: the window closes and the German may throw to search.
    let after = app.view(&g, 0).await;
    assert!(after["view"]["window"].is_null(), "{}", after["view"]["window"]);
    assert!(offered(&app, &g, 0, "throw").await.is_some(), "the German throws to search");
    act_ok(&app, &g, 0, json!({"action": "throw", "dice": [[2, 2], [1, 3]]})).await;
    act_ok(&app, &g, 0, json!({"action": "search_absentees"})).await;
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[2])).await;
    assert!(history.text.contains("\"absentees_searched\""), "the search is in everyone's history");
    // (Amy's absentee still stands on the Appel area, where no search reaches him: C16.)
}

/// C23 on the server: when the agreed date comes, the clock tells the engine the time is up
/// (a `clock` record) and the German Security Officer wins.
#[tokio::test]
async fn on_the_agreed_date_the_clock_ends_the_game_and_the_german_wins() {
    let app = TestApp::spawn().await;
    // The test clock starts on 2025-11-24 (UTC).
    let g = app
        .create_colditz(
            &NAMES,
            json!({"dice": "manual", "time_limit": {"kind": "date", "value": "2025-11-26"}}),
        )
        .await;
    act_ok(
        &app,
        &g,
        0,
        json!({"action": "place_guards", "inner": ["r17c29", "r18c21"], "outer": ["r08c16", "r08c34"]}),
    )
    .await;
    assert!(
        !feldpost::play::rules_clock::tick_rules(&app.log, &g.id).await.unwrap(),
        "the date has not come"
    );
    app.clock.advance(24 * 3_600_000);
    assert!(!feldpost::play::rules_clock::tick_rules(&app.log, &g.id).await.unwrap(), "nor the next day");
    app.clock.advance(24 * 3_600_000);
    assert!(
        feldpost::play::rules_clock::tick_rules(&app.log, &g.id).await.unwrap(),
        "on the day, the clock acts"
    );
    let end = app.view(&g, 1).await;
    assert_eq!(end["outcome"]["winners"], json!([0]), "{}", end["outcome"]);
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[2])).await;
    assert_eq!(history.json.as_array().unwrap().last().unwrap()["cause"], "clock");
    assert!(!feldpost::play::rules_clock::tick_rules(&app.log, &g.id).await.unwrap(), "once");
    let export = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[0])).await;
    assert!(
        feldpost::audit::verify(&feldpost::audit::parse(&export.text).unwrap()).unwrap().dice_checked,
        "the clock's record verifies like an action"
    );
}

/// The options stored with a game made by the form: its creation record, from the host's export.
async fn created_options(app: &TestApp, host_path: &str) -> Value {
    let export = app.get(&format!("{host_path}/export"), None).await;
    assert_eq!(export.status, StatusCode::OK, "{}", export.text);
    let text = export.json["records"][0].to_string();
    // The creation record names the options somewhere inside it; find the object by its keys.
    fn find(v: &Value) -> Option<&Value> {
        match v {
            Value::Object(o) if o.contains_key("time_limit") && o.contains_key("nations") => Some(v),
            Value::Object(o) => o.values().find_map(find),
            Value::Array(a) => a.iter().find_map(find),
            Value::String(s) => {
                serde_json::from_str::<Value>(s).ok().and_then(|v| find(&v).cloned()).map(|_| v)
            }
            _ => None,
        }
    }
    let found = find(&export.json["records"][0]).unwrap_or_else(|| panic!("no options in {text}"));
    match found {
        Value::String(s) => {
            let inner: Value = serde_json::from_str(s).unwrap();
            find(&inner).cloned().unwrap()
        }
        v => v.clone(),
    }
}

const FOUR: [(&str, &str); 9] = [
    ("ruleset", "colditz"),
    ("title", "Colditz by the form"),
    ("name_0", "Amy"),
    ("name_1", "Gerhard"),
    ("name_2", "Bill"),
    ("name_3", "Cleo"),
    ("host_email", "host@example.org"),
    ("opt_dice", "manual"),
    ("opt_do_or_die_from_green", "on"),
];

#[tokio::test]
async fn the_new_game_form_sets_the_german_the_nations_the_formula_and_the_time_limit() {
    let app = TestApp::spawn().await;
    for lang in ["en", "cs", "ru"] {
        let form = app.page("/new/colditz", lang).await;
        assert_eq!(form.status, StatusCode::OK);
        for field in [
            "colditz_german",
            "colditz_nation_1",
            "colditz_escapes",
            "colditz_time_limit",
            "colditz_rounds",
            "colditz_date",
        ] {
            assert!(form.text.contains(&format!("name=\"{field}\"")), "{lang}: {field} is on the form");
        }
        assert!(
            !form.text.contains("opt-colditz") && !form.text.contains("colditz-opt-"),
            "{lang}: no raw message id"
        );
        // The standard time limit is the default; "no limit" only when chosen.
        assert!(form.text.contains("<option value=\"standard\" selected>"), "{lang}");
        assert!(!form.text.contains("<option value=\"none\" selected>"), "{lang}");
    }
    let mut fields = FOUR.to_vec();
    fields.extend([
        ("colditz_german", "1"),
        ("colditz_nation_1", "polish"),
        ("colditz_nation_2", "french"),
        ("colditz_nation_3", "dutch"),
        ("colditz_escapes", "3"),
        ("colditz_time_limit", "rounds"),
        ("colditz_rounds", "25"),
    ]);
    let created = app.form("/games", &fields).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let options = created_options(&app, &created.location).await;
    assert_eq!(options["german"], json!(1), "{options}");
    assert_eq!(options["nations"], json!(["polish", "french", "dutch"]));
    assert_eq!(options["success"], json!({"escapes": 3}));
    assert_eq!(options["time_limit"], json!({"kind": "rounds", "value": 25}));
    assert_eq!(
        (options["dice"].clone(), options["do_or_die_from_green"].clone()),
        (json!("manual"), json!(true))
    );

    // Left as the form offers it: the standard rounds; a date and "no limit" when chosen.
    let created = app.form("/games", &FOUR).await;
    assert_eq!(created_options(&app, &created.location).await["time_limit"], json!({"kind": "standard"}));
    let mut dated = FOUR.to_vec();
    dated.extend([("colditz_time_limit", "date"), ("colditz_date", "2027-03-01")]);
    let created = app.form("/games", &dated).await;
    assert_eq!(
        created_options(&app, &created.location).await["time_limit"],
        json!({"kind": "date", "value": "2027-03-01"})
    );
    let mut none = FOUR.to_vec();
    none.push(("colditz_time_limit", "none"));
    let created = app.form("/games", &none).await;
    assert_eq!(created_options(&app, &created.location).await["time_limit"], json!({"kind": "none"}));
}

#[tokio::test]
async fn the_new_game_form_refuses_a_repeated_nation_or_a_missing_number_of_rounds_and_says_why() {
    let app = TestApp::spawn().await;
    let mut twice = FOUR.to_vec();
    twice.extend([
        ("colditz_nation_1", "polish"),
        ("colditz_nation_2", "polish"),
        ("colditz_nation_3", "dutch"),
    ]);
    let refused = app.form("/games", &twice).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
    assert!(refused.text.contains("one distinct nation"), "said why: {}", refused.text);
    let mut rounds = FOUR.to_vec();
    rounds.push(("colditz_time_limit", "rounds"));
    let refused = app.send(crate::harness::Req::new("POST", "/games").form(&rounds).lang("cs")).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
    assert!(refused.text.contains("počet kol"), "said why, in Czech: {}", refused.text);
    assert!(refused.text.contains("name=\"colditz_time_limit\""), "the form again");
}

/// The gzip size of `text` at the default level (what a compressing server sends).
fn gzipped(text: &str) -> usize {
    use std::io::Write;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(text.as_bytes()).unwrap();
    e.finish().unwrap().len()
}

/// The board's unchanging layer is one cached file; the page carries only the
/// pieces and click targets over it, and stays under 150 KB (size, not time).
#[tokio::test]
async fn the_game_page_draws_its_pieces_over_the_cached_board_and_stays_under_150_kb() {
    let app = TestApp::spawn().await;
    let names = ["Gerhard", "Amy", "Bill", "Cleo", "Dan", "Eve"];
    let g = app.create_colditz(&names, json!({})).await;
    let place = offered(&app, &g, 0, "place_guards").await.expect("the German places");
    act_ok(&app, &g, 0, place["action"].clone()).await;
    for seat in [0, 1] {
        let page = app.get(&format!("/play/{}", g.tokens[seat]), None).await;
        assert_eq!(page.status, StatusCode::OK);
        let (plain, gz) = (page.text.len(), gzipped(&page.text));
        eprintln!("seat {seat}: {plain} bytes, {gz} gzipped");
        assert!(plain <= 150 * 1024, "seat {seat}: the page is {plain} bytes");
        assert!(gz <= 150 * 1024, "seat {seat}: {gz} bytes compressed");
        assert_eq!(
            page.text.matches("class=\"piece\"").count(),
            app.view(&g, seat).await["view"]["men"].as_array().unwrap().len()
        );
        // The three kinds of board never repeat an id: the circles carry data attributes only.
        assert!(!page.text.contains(" id=\"r"), "no circle ids on the page");
        let src = page
            .text
            .split("href=\"/assets/")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("the board's file");
        let asset = app.get(&format!("/assets/{src}"), None).await;
        assert_eq!(asset.status, StatusCode::OK);
        assert_eq!(asset.header("cache-control"), Some("public, max-age=31536000, immutable"));
        // The board page shows the same file.
        assert!(app.get("/boards/colditz", None).await.text.contains(&format!("/assets/{src}")));
        // Zoom: a scrolled region a keyboard can focus, with its name, and zoom links.
        assert!(page.text.contains("id=\"colditz-board\" tabindex=\"0\" role=\"region\" aria-label=\""));
        assert!(
            page.text.contains("href=\"?zoom=1\"") && page.text.contains("colditz-zoom-3"),
            "zoomed 2× by default"
        );
        let fit = app.get(&format!("/play/{}?zoom=1", g.tokens[seat]), None).await;
        assert!(fit.text.contains("colditz-zoom-1"));
        assert!(page.text.contains("our own drawing of the castle"), "the board says what it is");
    }
}

/// The German's first move names its proposed posts as the board does (grid
/// references), the log names places and calls a guard a guard, and a refused move comes back
/// with the path the player typed.
#[tokio::test]
async fn the_page_names_places_as_the_board_does_and_a_refused_move_keeps_its_path() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let german = app.page(&format!("/play/{}", g.tokens[0]), "en").await.text;
    let place = offered(&app, &g, 0, "place_guards").await.unwrap();
    let first = place["action"]["outer"][0].as_str().unwrap().to_owned();
    let circle: feldpost_engine::colditz::board::CircleId = first.parse().unwrap();
    let grid = format!("{}·{}", circle.row(), circle.col());
    assert!(german.contains(&grid), "the proposed post {first} by its grid reference {grid}");
    // Raw circle ids stay inside the forms' data, never in the words of the page.
    let words = german.replace('"', "\n");
    let visible: Vec<&str> = words.lines().filter(|l| l.contains(&first) && !l.contains("action")).collect();
    assert!(visible.iter().all(|l| !l.contains('>')), "raw id in the page's words: {visible:?}");
    act_ok(&app, &g, 0, place["action"].clone()).await;
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[2, 3]]})).await;
    let v = app.view(&g, 1).await;
    let mv = v["legal_actions"].as_array().unwrap().iter().find(|a| a["action"]["action"] == "move").unwrap()
        ["action"]
        .clone();
    // A path that leads nowhere: refused, and the form comes back with it.
    let refused = act_form(&app, &g, 1, &mv, &[("ids_path", "r00c00 r00c01")]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
    assert!(refused.text.contains("value=\"r00c00 r00c01\""), "the typed path is kept");
    // The German's move of a guard is a guard's, to a named place, in Czech and English.
    let (_, _, _) = step_one(&app, &g, 1).await;
    end_turn(&app, &g, 1).await;
    act_ok(&app, &g, 2, json!({"action": "throw", "dice": [[1, 3]]})).await;
    end_turn(&app, &g, 2).await;
    act_ok(&app, &g, 0, json!({"action": "throw", "dice": [[1, 3]]})).await;
    let (guard, _, to) = step_one(&app, &g, 0).await;
    let to: feldpost_engine::colditz::board::CircleId = to.parse().unwrap();
    let en = app.page(&format!("/play/{}", g.tokens[1]), "en").await.text;
    let line = format!("Guard {guard} moves 1 step to ");
    let at = en.find("moves 1 step").map(|i| en[i.saturating_sub(60)..i + 80].to_owned());
    assert!(en.contains(&line), "{line} in the log: {at:?}");
    assert!(en.contains(&format!("{}·{}", to.row(), to.col())), "the place's grid reference");
    assert!(!en.contains(&format!("Man {guard} moves")) && !en.contains("1 steps"));
    let cs = app.page(&format!("/play/{}", g.tokens[1]), "cs").await.text;
    assert!(cs.contains(&format!("Stráž {guard} jde o 1 pole")), "in Czech too");
}

/// The German's first move: its button says only what it does ("Place the guards"), since it
/// sends the posts the fields hold, clicked or typed; the proposed posts are shown in the fields
/// (their placeholders, by grid reference), which left empty send them, without any script.
/// The turn mail names them too, as what an empty field stands for.
#[tokio::test]
async fn the_place_guards_button_says_what_it_sends_and_the_fields_show_the_proposal() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let place = offered(&app, &g, 0, "place_guards").await.unwrap();
    let refs = |key: &str| -> String {
        place["action"][key]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let c: feldpost_engine::colditz::board::CircleId = c.as_str().unwrap().parse().unwrap();
                format!("{}·{}", c.row(), c.col())
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (inner, outer) = (refs("inner"), refs("outer"));
    let page = app.page(&format!("/play/{}", g.tokens[0]), "en").await.text;
    let form = page
        .split("<form ")
        .find(|f| f.contains("name=\"ids_inner\""))
        .and_then(|f| f.split("</form>").next())
        .expect("the guard-placing form");
    assert!(form.contains("<button type=\"submit\">Place the guards</button>"), "the button: {form}");
    assert!(!page.contains("proposed inner posts"), "no button names posts it may not send");
    for (field, proposed) in [("ids_inner", &inner), ("ids_outer", &outer)] {
        let input = form.split(&format!("name=\"{field}\"")).nth(1).unwrap().split('>').next().unwrap();
        assert!(input.contains(&format!("placeholder=\"{proposed}\"")), "{field} shows {proposed}: {input}");
        assert!(input.contains("value=\"\""), "{field} is empty");
    }
    assert!(form.contains("empty: those proposed"), "the labels say what an empty field sends");
    // The turn mail names the proposal as what an empty field stands for.
    let mail = app.mail_to("gerhard@example.org", "turn").await.body_text;
    assert!(
        mail.contains(&format!("[‹inner posts›, empty: {inner}] [‹outer posts›, empty: {outer}]")),
        "{mail}"
    );
    assert!(!mail.contains("proposed inner posts"), "{mail}");
    // Without a script: the fields left empty send the proposed posts.
    let r = act_form(&app, &g, 0, &place["action"], &[("ids_inner", ""), ("ids_outer", "")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text);
    let v = app.view(&g, 0).await;
    let guards: Vec<&str> = v["view"]["men"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["seat"] == 0)
        .filter_map(|m| m["at"].as_str())
        .collect();
    for post in place["action"]["inner"]
        .as_array()
        .unwrap()
        .iter()
        .chain(place["action"]["outer"].as_array().unwrap())
    {
        assert!(guards.contains(&post.as_str().unwrap()), "a guard on the proposed {post}: {guards:?}");
    }
}

/// The help on filling a path (click circles, or type row·column) is on the page once, above
/// the action forms, not repeated in the label of each of the (up to seven) move forms: each path
/// field keeps a short label of its own and points at the help (`aria-describedby`).
#[tokio::test]
async fn the_path_help_is_shown_once_and_each_path_field_keeps_a_short_label() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let place = offered(&app, &g, 0, "place_guards").await.unwrap();
    act_ok(&app, &g, 0, place["action"].clone()).await;
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[2, 3]]})).await;
    for (lang, label, example) in [
        ("en", "Path:", "e.g. 17·28 17·29"),
        ("cs", "Cesta:", "např. 17·28 17·29"),
        ("ru", "Путь:", "например 17·28 17·29"),
    ] {
        let page = app.page(&format!("/play/{}", g.tokens[1]), lang).await.text;
        let fields = page.matches("name=\"ids_path\"").count();
        assert!(fields >= 2, "{lang}: several men to move: {fields}");
        assert_eq!(page.matches(example).count(), 1, "{lang}: the path help once, not once per form");
        assert_eq!(page.matches("id=\"colditz-path-help\"").count(), 1, "{lang}: one help");
        let help = page.find("id=\"colditz-path-help\"").unwrap();
        let first_form = page.find("name=\"ids_path\"").unwrap();
        assert!(help < first_form, "{lang}: the help stands above the forms");
        // Each path field: inside its own short label, described by the help.
        for piece in page.split("name=\"ids_path\"").skip(1) {
            assert!(
                piece.split('>').next().unwrap().contains("aria-describedby=\"colditz-path-help\""),
                "{lang}"
            );
        }
        for before in page.split("name=\"ids_path\"").take(fields) {
            let around = &before[before.rfind("<label>").expect("a label around the field")..];
            assert!(around.starts_with(&format!("<label>{label}")), "{lang}: {around}");
        }
    }
}

/// The Colditz dispute page states the contested step, draws its three boards
/// without repeating an id (the board's file under per-board pieces), and stays small.
#[tokio::test]
async fn the_dispute_page_states_the_contested_step_and_repeats_no_id() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let place = offered(&app, &g, 0, "place_guards").await.unwrap();
    act_ok(&app, &g, 0, place["action"].clone()).await;
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[2, 3]]})).await;
    let (man, _, to) = step_one(&app, &g, 1).await;
    let against = app.view(&g, 1).await["current_seq"].as_u64().unwrap();
    let d = app
        .post(
            &format!("/api/games/{}/disputes", g.id),
            Some(&g.tokens[2]),
            json!({"against": against, "claim": "he walked through a wall"}),
        )
        .await;
    assert_eq!(d.status, StatusCode::OK, "{}", d.text);
    let d = d.json["seq"].as_u64().unwrap();
    let mut page = app.page(&format!("/play/{}/disputes/{d}", g.tokens[0]), "en").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    page.text = crate::harness::unisolated(&page.text);
    let to: feldpost_engine::colditz::board::CircleId = to.parse().unwrap();
    let step = format!("The contested step: #{against}, Amy: Man {man} moves 1 step to ");
    assert!(page.text.contains(&step), "{step}");
    assert!(page.text.contains(&format!("{}·{}", to.row(), to.col())));
    assert_eq!(page.text.matches("<svg").count(), 3, "before, after and as it would be");
    let mut ids: Vec<&str> = page.text.split(" id=\"").skip(1).filter_map(|r| r.split('"').next()).collect();
    let all = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), all, "no id twice: {ids:?}");
    // Three boards, each the cached drawing plus its pieces and click targets (was 1.58 MB).
    assert!(page.text.len() < 450 * 1024, "the page is {} bytes", page.text.len());
    assert!(page.text.contains("tabindex=\"0\" role=\"region\""), "each scrolled board can take the focus");
}

/// Cards are chosen by name on the page (a box each), never typed by id: Amy offers Bill the
/// card she drew by ticking it.
#[tokio::test]
async fn a_trade_is_offered_by_ticking_a_card_by_its_name() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let place = offered(&app, &g, 0, "place_guards").await.unwrap();
    act_ok(&app, &g, 0, place["action"].clone()).await;
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[1, 2]]})).await;
    let hand = app.view(&g, 1).await["view"]["seats"][1]["hand"].clone();
    let (card, key) =
        (hand[0]["id"].as_str().unwrap().to_owned(), hand[0]["key"].as_str().unwrap().to_owned());
    let page = app.get(&format!("/play/{}", g.tokens[1]), None).await.text;
    let boxed = format!("<input type=\"checkbox\" name=\"cards_give\" value=\"{card}\">");
    let at = page.find(&boxed).unwrap_or_else(|| panic!("{boxed}"));
    let label = page[at + boxed.len()..].split("</label>").next().unwrap();
    assert!(holds_words(label, &english_name(&key)), "the box is labelled by the card's name: {label}");
    let offer = offered(&app, &g, 1, "offer_trade").await.unwrap()["action"].clone();
    assert_eq!(offer["to"], json!(2));
    let r = act_form(&app, &g, 1, &offer, &[("cards_give", &card)]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text);
    let bill = app.view(&g, 2).await;
    assert_eq!(bill["view"]["offers"][0]["give"], json!([card]), "{}", bill["view"]["offers"]);
}

/// R48 as we read it (a trade gives at least one card): an Escape Officer who holds no card is
/// offered no trade, so his page shows no trade form with empty boxes, and an offer giving
/// nothing is refused in words; once he holds a card the form is there, with his card to tick.
#[tokio::test]
async fn a_seat_with_no_card_to_give_is_offered_no_trade_form() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let place = offered(&app, &g, 0, "place_guards").await.unwrap();
    act_ok(&app, &g, 0, place["action"].clone()).await;
    let v = app.view(&g, 1).await;
    assert_eq!(v["view"]["seats"][1]["hand"], json!([]), "Amy holds no card yet");
    assert_eq!(v["view"]["seats"][1]["equipment"], json!([]), "nor equipment");
    let page = app.page(&format!("/play/{}", g.tokens[1]), "en").await.text;
    assert!(
        page.contains("Throw the dice") || page.contains("name=\"throws_dice\""),
        "her page offers her turn"
    );
    assert!(!page.contains("Offer a trade to"), "no trade is offered");
    assert!(
        !page.contains("Cards you give") && !page.contains("name=\"cards_give\""),
        "no box of cards to give"
    );
    assert!(offered(&app, &g, 1, "offer_trade").await.is_none(), "nor through the API");
    // Sent anyway, an offer that gives nothing is refused under R48, in the reader's words.
    for nothing in [json!([]), json!(["card23"])] {
        let r = app.act(&g, 1, json!({"action": "offer_trade", "to": 2, "give": [], "want": nothing})).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
        assert_eq!(r.json["rule"], "R48", "{}", r.text);
    }
    let seq = app.view(&g, 1).await["current_seq"].clone();
    let refused =
        act_form(&app, &g, 1, &json!({"action": "offer_trade", "to": 2, "give": [], "want": []}), &[]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
    assert!(refused.text.contains("A trade gives at least one of your cards"), "refused in words");
    assert_eq!(app.view(&g, 1).await["current_seq"], seq, "nothing written");
    // A throw of 3 draws her a card: now she has something to give, and the form is there.
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[1, 2]]})).await;
    let card = app.view(&g, 1).await["view"]["seats"][1]["hand"][0]["id"].as_str().unwrap().to_owned();
    let page = crate::harness::unisolated(&app.page(&format!("/play/{}", g.tokens[1]), "en").await.text);
    assert!(page.contains("Offer a trade to Bill"), "the trade is offered");
    assert!(page.contains(&format!("name=\"cards_give\" value=\"{card}\"")), "with her card to tick");
}

/// The history and spectators' pages zoom the Colditz board as the game page does (links
/// without script, a focusable scrolled region, 2× by default), and the step links keep the
/// zoom chosen.
#[tokio::test]
async fn the_history_and_watch_pages_zoom_the_board_and_their_steps_keep_the_zoom() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let place = offered(&app, &g, 0, "place_guards").await.unwrap();
    act_ok(&app, &g, 0, place["action"].clone()).await;
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[2, 3]]})).await;
    let last = app.view(&g, 1).await["current_seq"].as_u64().unwrap();
    assert!(last >= 3, "steps to walk through: {last}");
    // The game's style sheet, as its pages link it.
    let seat_page = app.get(&format!("/play/{}", g.tokens[1]), None).await.text;
    let sheets: Vec<&str> = seat_page
        .split("<link rel=\"stylesheet\" href=\"")
        .skip(1)
        .filter_map(|r| r.split('"').next())
        .collect();
    let mut css = String::new();
    for sheet in &sheets {
        css.push_str(&app.get(sheet, None).await.text);
    }
    assert!(
        css.contains(".board.colditz-zoom-4 svg.castle { zoom: 3; }"),
        "zoom 4 draws the board 3 times its size ({sheets:?})"
    );
    let history = format!("/play/{}/history", g.tokens[1]);
    let watch = app.watch_path(&g).await;
    for base in [history, watch] {
        let page = app.page(&format!("{base}?at=2"), "en").await;
        assert_eq!(page.status, StatusCode::OK, "{base}: {}", page.text);
        // The links' `&` as written in HTML (escaped) or as read.
        let text = &page.text.replace("&#38;", "&");
        assert!(
            text.contains("id=\"colditz-board\" tabindex=\"0\" role=\"region\" aria-label=\""),
            "{base}: a region to scroll"
        );
        assert!(text.contains("colditz-zoom-3"), "{base}: 2× by default, as on the game page");
        assert!(text.contains("href=\"?at=2&zoom=1\""), "{base}: a zoom link that stays on this step");
        assert!(text.contains(">Fit<"), "{base}: the link's words");
        // Chosen: the board is drawn 3× and every step link carries the zoom.
        let zoomed = app.page(&format!("{base}?at=2&zoom=4"), "en").await.text.replace("&#38;", "&");
        assert!(zoomed.contains("colditz-zoom-4") && !zoomed.contains("colditz-zoom-3"), "{base}: zoomed 3×");
        assert!(
            zoomed.contains(&format!("{base}?at=1&zoom=4\" rel=\"prev\"")),
            "{base}: the previous step keeps it"
        );
        assert!(
            zoomed.contains(&format!("{base}?at=3&zoom=4\" rel=\"next\"")),
            "{base}: the next step keeps it"
        );
        assert!(zoomed.contains(&format!("?at={last}&zoom=4\"")), "{base}: the log's links keep it");
        assert!(
            zoomed.contains("<input type=\"hidden\" name=\"zoom\" value=\"4\">"),
            "{base}: the slider's form keeps it"
        );
        let next = app.page(&format!("{base}?at=3&zoom=4"), "en").await.text;
        assert!(next.contains("colditz-zoom-4"), "{base}: the next step is still zoomed");
        // No id twice (the board's region is the page's only board).
        let mut ids: Vec<&str> = zoomed.split(" id=\"").skip(1).filter_map(|r| r.split('"').next()).collect();
        let all = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), all, "{base}: no id twice: {ids:?}");
    }
}

/// A path typed by hand as the board prints places (the area's name, then
/// row·column, or row.column) is read as circles; a reference the board does not have is
/// refused in words naming what was typed, with the form kept, and writes nothing.
#[tokio::test]
async fn a_move_typed_with_grid_references_is_played_and_a_wrong_one_refused_in_words() {
    use feldpost::games::colditz::places::{area_key, grid_ref};
    use feldpost_engine::colditz::board::CircleId;
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let place = offered(&app, &g, 0, "place_guards").await.unwrap();
    act_ok(&app, &g, 0, place["action"].clone()).await;
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[2, 3]]})).await;
    let page = app.page(&format!("/play/{}", g.tokens[1]), "en").await.text;
    assert!(page.contains("e.g. 17·28 17·29"), "the path's hint shows grid references");
    let v = app.view(&g, 1).await;
    let seq = v["current_seq"].as_u64().unwrap();
    let mv = v["legal_actions"].as_array().unwrap().iter().find(|a| a["action"]["action"] == "move").unwrap()
        ["action"]
        .clone();
    let refused = act_form(&app, &g, 1, &mv, &[("ids_path", "99·99")]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
    assert!(refused.text.contains("No circle on the board is “99·99”"), "refused in words");
    assert!(refused.text.contains("value=\"99·99\""), "the typed path is kept");
    assert_eq!(app.view(&g, 1).await["current_seq"].as_u64().unwrap(), seq, "nothing written");
    // Typed as the page names places: "Courtyard 17.28" for each free neighbour until the
    // engine takes one step (some are across a wall).
    let en = Tr::new(Lang::En);
    for a in v["legal_actions"].as_array().unwrap().iter().filter(|a| a["action"]["action"] == "move") {
        let man = a["action"]["man"].as_u64().unwrap();
        for to in free_neighbours(&v, man) {
            let circle: CircleId = to.parse().unwrap();
            let typed = format!("{} {}", en.t(&area_key(circle)), grid_ref(circle).replace('·', "."));
            let r = act_form(&app, &g, 1, &a["action"], &[("ids_path", &typed)]).await;
            if r.status == StatusCode::UNPROCESSABLE_ENTITY {
                assert!(!r.text.contains("No circle on the board"), "{typed} is on the board");
                continue;
            }
            assert!(r.status.is_redirection(), "{typed}: {} {}", r.status, r.text);
            assert_eq!(man_at(&app.view(&g, 1).await, man), to, "{typed} moved man {man} to {to}");
            return;
        }
    }
    panic!("no step typed by grid reference was taken");
}

/// Ending a turn with points of the throw unused asks first, on the page, saying how many are
/// lost; "No" leaves the turn as it was, "Yes" ends it. Before the throw nothing is asked.
#[tokio::test]
async fn ending_a_turn_with_points_left_asks_first_and_says_how_many_are_lost() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&NAMES, json!({"dice": "manual"})).await;
    let place = offered(&app, &g, 0, "place_guards").await.unwrap()["action"].clone();
    act_ok(&app, &g, 0, place).await;
    // The offered end of the turn carries its question for the page's script.
    act_ok(&app, &g, 1, json!({"action": "throw", "dice": [[2, 3]]})).await;
    let page = app.page(&g.seat_path(1), "en").await.text;
    assert!(
        page.contains("data-confirm=\"End the turn with 5 points of the throw unused? They are lost.\""),
        "{page}"
    );
    let end = json!({"action": "end_turn"});
    for (lang, words) in [("en", "5 points"), ("cs", "5 bodů"), ("ru", "5 очков")] {
        let a = app
            .send(
                crate::harness::Req::new("POST", &format!("/play/{}/act", g.tokens[1]))
                    .form(&[
                        ("expected_seq", &app.view(&g, 1).await["current_seq"].to_string()),
                        ("action", &end.to_string()),
                    ])
                    .lang(lang),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        assert!(
            a.text.contains(words) && a.text.contains("name=\"confirmed\" value=\"yes\""),
            "{lang}: {}",
            a.text
        );
    }
    assert_eq!(app.view(&g, 1).await["view"]["turn"]["seat"], 1, "asking changed nothing");
    let seq = app.view(&g, 1).await["current_seq"].to_string();
    let done = act_form(&app, &g, 1, &end, &[("confirmed", "yes")]).await;
    assert!(done.status.is_success() || done.status.is_redirection(), "{}", done.text);
    assert!(app.view(&g, 1).await["current_seq"] != seq, "confirmed, the turn ended");
    assert_eq!(app.view(&g, 2).await["view"]["turn"]["seat"], 2, "Bill's turn");
}
