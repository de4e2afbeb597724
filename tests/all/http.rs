//! The HTTP surface: a whole game through the JSON API, and every kind of bad input answered
//! clearly with nothing written.

use crate::harness::{Req, TestApp, players};
use axum::http::StatusCode;
use feldpost::store::MailKind;
use serde_json::{Value, json};

#[tokio::test]
async fn a_whole_game_through_the_json_api_then_export_replay_and_verify() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek", "Cyril"], json!({})).await;
    let (game, tokens) = (&g.id, &g.tokens);
    let mut steps = 0;
    while let Some((seat, view)) = app.whose_turn(&g).await {
        let actions = view["legal_actions"].as_array().unwrap();
        assert!(!actions.is_empty(), "the acting seat has something to do");
        // Vary the choice so that captures, entries and moves all happen.
        let action = actions[steps % actions.len()]["action"].clone();
        let expected = view["current_seq"].as_u64().unwrap();
        let a = app
            .post(
                &format!("/api/games/{game}/actions"),
                Some(&tokens[seat]),
                json!({"expected_seq": expected, "action": action}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "step {steps}: {}", a.text);
        assert_eq!(a.json["seq"].as_u64(), Some(expected + 1));
        steps += 1;
        assert!(steps < 20_000, "the game must end");
    }
    let end = app.get(&format!("/api/games/{game}"), Some(&tokens[0])).await;
    assert!(end.json["outcome"]["winners"].is_array(), "{}", end.text);

    // The history lists every record; the state at step 1 is the set-up board.
    let history = app.get(&format!("/api/games/{game}/events"), Some(&tokens[1])).await;
    assert_eq!(history.json.as_array().unwrap().len(), steps + 1);
    let first = app.get(&format!("/api/games/{game}/state?at=1"), Some(&tokens[1])).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.json["seq"], 1);
    assert_ne!(first.json["view"], end.json["view"]);

    // The export carries the revealed seed; verify re-derives every die from it.
    let export = app.get(&format!("/api/games/{game}/export"), Some(&tokens[2])).await;
    assert_eq!(export.status, StatusCode::OK);
    let parsed = feldpost::audit::parse(&export.text).expect("an export file");
    assert!(parsed.seed.is_some(), "the seed is revealed at the end");
    let verified = feldpost::audit::verify(&parsed).expect("the untouched export verifies");
    assert!(verified.dice_checked);
    assert_eq!(verified.records, steps + 1);
    // The game page says so, for everyone to see.
    let page = app.get(&format!("/play/{}", tokens[0]), None).await;
    assert!(page.text.contains("✔ Verified"), "the ended game shows its verification");
    let replayed = feldpost::audit::replay(&parsed).unwrap();
    let loaded = app.log.load(game).await.unwrap();
    assert_eq!(replayed.state_json(), loaded.table.state_json(), "replay of the export = the server's state");
}

#[tokio::test]
async fn bad_input_gets_a_clear_error_and_writes_nothing() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let (game, tokens) = (&g.id, &g.tokens);
    let other = app.create_zajatce(&["Xaver", "Yvona"], json!({})).await;
    let (other_game, other_tokens) = (&other.id, &other.tokens);
    let count = app.event_count(game).await;
    let (seat, view) = app.whose_turn(&g).await.unwrap();
    let idle = 1 - seat;
    let seq = view["current_seq"].as_u64().unwrap();
    let legal = view["legal_actions"][0]["action"].clone();
    let actions = format!("/api/games/{game}/actions");

    // Malformed JSON.
    let a = app.call("POST", &actions, Some(&tokens[seat]), Some("{\"expected_seq\": 1,".into())).await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("malformed_json")),
        "{}",
        a.text
    );
    // Well-formed JSON of the wrong shape.
    let a = app.post(&actions, Some(&tokens[seat]), json!({"expected_seq": "one"})).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    // An action this game does not know.
    let a = app
        .post(&actions, Some(&tokens[seat]), json!({"expected_seq": seq, "action": {"type": "teleport"}}))
        .await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid")),
        "{}",
        a.text
    );
    // Not this seat's turn.
    let a = app.post(&actions, Some(&tokens[idle]), json!({"expected_seq": seq, "action": legal})).await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_your_turn")),
        "{}",
        a.text
    );
    assert!(a.json["rule"].is_string());
    // An illegal move: moving before throwing.
    let a = app
        .post(
            &actions,
            Some(&tokens[seat]),
            json!({"expected_seq": seq, "action": {"type": "move", "stone": {"seat": seat, "number": 1}}}),
        )
        .await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("illegal")),
        "{}",
        a.text
    );
    assert!(a.json["rule"].as_str().is_some_and(|r| r.starts_with('Z')), "names the rule: {}", a.text);
    assert!(!a.json["message"].as_str().unwrap().is_empty());
    // A stale sequence number.
    let a = app.post(&actions, Some(&tokens[seat]), json!({"expected_seq": seq - 1, "action": legal})).await;
    assert_eq!(
        (a.status, a.json["error"].as_str(), a.json["current_seq"].as_u64()),
        (StatusCode::CONFLICT, Some("conflict"), Some(seq)),
        "{}",
        a.text
    );
    // A token of another game, an unknown token, no token, an unknown game.
    let a = app.post(&actions, Some(&other_tokens[0]), json!({"expected_seq": seq, "action": legal})).await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("wrong_game")),
        "{}",
        a.text
    );
    let a = app
        .post(
            &actions,
            Some("0123456789abcdef0123456789abcdef"),
            json!({"expected_seq": seq, "action": legal}),
        )
        .await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_link")),
        "{}",
        a.text
    );
    let a = app.post(&actions, None, json!({"expected_seq": seq, "action": legal})).await;
    assert_eq!((a.status, a.json["error"].as_str()), (StatusCode::UNAUTHORIZED, Some("unauthorized")));
    let a = app.get("/api/games/no-such-game", Some(&tokens[0])).await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_game")),
        "{}",
        a.text
    );
    // An oversized body.
    let huge = json!({"expected_seq": seq, "action": {"type": "roll", "pad": "x".repeat(100_000)}});
    let a = app.post(&actions, Some(&tokens[seat]), huge).await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::PAYLOAD_TOO_LARGE, Some("too_large")),
        "{}",
        a.text
    );
    // No state 0 or beyond the end.
    let a = app.get(&format!("/api/games/{game}/state?at=99"), Some(&tokens[0])).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);

    assert_eq!(app.event_count(game).await, count, "nothing was written to the game");
    assert_eq!(app.event_count(other_game).await, 1);
    // And the right action at the right time still works.
    let a = app.post(&actions, Some(&tokens[seat]), json!({"expected_seq": seq, "action": legal})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
}

#[tokio::test]
async fn creating_a_game_refuses_bad_requests() {
    let app = TestApp::spawn().await;
    let a = app
        .post("/api/games", None, json!({"ruleset": "chess", "players": [{"name": "A"}, {"name": "B"}]}))
        .await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("unknown_ruleset"))
    );
    let a = app.post("/api/games", None, json!({"ruleset": "zajatce", "players": [{"name": "A"}]})).await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid")),
        "one player is too few: {}",
        a.text
    );
    let five: Vec<Value> = (0..5).map(|i| json!({"name": format!("P{i}")})).collect();
    let a = app.post("/api/games", None, json!({"ruleset": "zajatce", "players": five})).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "five is too many: {}", a.text);
    let a = app.post("/api/games", None, json!({"ruleset": "zajatce", "players": [{"name": "A", "email": "not-an-address"}, {"name": "B"}]})).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    let a = app.post("/api/games", None, json!({"ruleset": "zajatce", "options": {"throw_again_on_six": "sometimes"}, "players": [{"name": "A"}, {"name": "B"}]})).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    let a = app.call("POST", "/api/games", None, Some("not json".into())).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    // What the API document does not allow is refused, not read some other way: an option the
    // ruleset does not have, a field the request does not have, an array for an object.
    let colditz = |extra: Value| {
        let mut body = json!({"ruleset": "colditz", "players": [{"name": "G"}, {"name": "A"}]});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    for (extra, why) in [
        (json!({"options": {"dice": "seeded", "dcie": "manual"}}), "a misspelt option"),
        (json!({"options": [true]}), "options as an array"),
        (json!({"deadline": [72, null]}), "a deadline as an array"),
        (json!({"deadline": {"host_email": "h@example.org"}}), "the deadline's old host_email"),
        (json!({"disputes": {"ruling_hours": 0}}), "no time to rule"),
        (json!({"disputes": {"appeal_hours": 8761}}), "more than a year to vote"),
        (json!({"hosts": "x"}), "a field no request has"),
    ] {
        let a = app.post("/api/games", None, colditz(extra)).await;
        assert_eq!(
            (a.status, a.json["error"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid")),
            "{why}: {}",
            a.text
        );
    }
    for body in ["[\"colditz\"]", " \n [\"colditz\"]", "\"colditz\"", "7"] {
        let a = app.call("POST", "/api/games", None, Some(body.into())).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "a body that is not an object: {body:?}");
        assert_eq!(a.json["error"].as_str(), Some("invalid"), "{}", a.text);
    }
    // Whole numbers may be written as JSON Schema allows, 72.0 as 72.
    let a = app
        .post(
            "/api/games",
            None,
            colditz(json!({"deadline": {"hours": 72.0}, "options": {"max_throws": 3.0}})),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    assert!(app.mails(10).await.is_empty(), "no invitation went out for a refused game");
}

#[tokio::test]
async fn two_players_acting_at_once_one_wins_the_other_is_told() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let (game, tokens) = (&g.id, &g.tokens);
    let (seat, view) = app.whose_turn(&g).await.unwrap();
    let seq = view["current_seq"].as_u64().unwrap();
    let action = view["legal_actions"][0]["action"].clone();
    let body = json!({"expected_seq": seq, "action": action});
    let uri = format!("/api/games/{game}/actions");
    let (a, b) = tokio::join!(
        app.post(&uri, Some(&tokens[seat]), body.clone()),
        app.post(&uri, Some(&tokens[seat]), body.clone())
    );
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "{} / {}", a.text, b.text);
    assert_eq!(app.event_count(game).await as u64, seq + 1);
}

#[tokio::test]
async fn a_database_that_goes_down_is_a_clear_503() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let (game, tokens) = (&g.id, &g.tokens);
    app.log.store.close().await;
    let a = app.get(&format!("/api/games/{game}"), Some(&tokens[0])).await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("unavailable")),
        "{}",
        a.text
    );
}

#[tokio::test]
async fn the_openapi_document_lists_every_route() {
    let app = TestApp::spawn().await;
    let a = app.get("/api/openapi.json", None).await;
    assert_eq!(a.status, StatusCode::OK);
    let paths = a.json["paths"].as_object().expect("paths");
    for path in [
        "/api/games",
        "/api/games/{id}",
        "/api/games/{id}/actions",
        "/api/games/{id}/events",
        "/api/games/{id}/state",
        "/api/games/{id}/export",
    ] {
        assert!(paths[path].is_object(), "{path} missing");
    }
    // Routes and documents come from one list; here every documented operation is asked for:
    // none may be unknown to the router (404 not_found) or refused by method (405).
    let mut operations = 0;
    for (path, item) in paths {
        let uri = path
            .replace("{id}", "no-such-game")
            .replace("{seq}", "1")
            .replace("{seat}", "0")
            .replace("{webhook}", "wh_none");
        for method in item.as_object().unwrap().keys() {
            let m = method.to_uppercase();
            let body = matches!(m.as_str(), "POST" | "PUT").then(|| "{}".to_owned());
            let answer = app.call(&m, &uri, Some("no-such-token"), body).await;
            assert_ne!(answer.status, StatusCode::METHOD_NOT_ALLOWED, "{m} {path}");
            assert_ne!(answer.json["error"], "not_found", "{m} {path} is documented but not served");
            operations += 1;
        }
    }
    assert!(operations >= 21, "only {operations} operations documented");
    // A method no path takes is refused as such, naming the methods the path does take.
    for (path, item) in paths {
        let uri = path
            .replace("{id}", "no-such-game")
            .replace("{seq}", "1")
            .replace("{seat}", "0")
            .replace("{webhook}", "wh_none");
        let answer = app.call("PATCH", &uri, Some("no-such-token"), Some("{}".into())).await;
        assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED, "PATCH {path}");
        assert_eq!(answer.json["error"], "method_not_allowed", "PATCH {path}: {}", answer.text);
        let allow = answer.headers.get("allow").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
        for method in item.as_object().unwrap().keys() {
            assert!(allow.contains(&method.to_uppercase()), "PATCH {path}: Allow {allow:?} lacks {method}");
        }
    }

    // Every status an operation can answer is documented, by what it meets.
    for (path, item) in paths {
        for (method, op) in item.as_object().unwrap() {
            let answers = op["responses"].as_object().unwrap();
            let has = |s: &str| answers.contains_key(s);
            let what = format!("{method} {path}");
            assert!(
                answers.values().all(|r| r["description"].is_string()),
                "{what}: every answer is described"
            );
            if path != "/api/key" {
                assert!(has("503"), "{what}: the database may be away");
            }
            if op["security"].is_array() {
                assert!(has("401") && has("403") && has("404"), "{what}: {answers:?}");
            }
            if op.get("requestBody").is_some() {
                assert!(has("400") && has("413") && has("415") && has("422"), "{what}: {answers:?}");
            }
            if path.contains("{seq}") || path.contains("{seat}") {
                assert!(has("400"), "{what}: a number in the path that is not one");
            }
        }
    }
    assert!(paths["/api/games"]["post"]["responses"]["429"].is_object(), "creation is rate-limited");
    // A new game's request, per ruleset: the number of players and the host's address as the
    // server wants them.
    let shapes =
        a.json["components"]["schemas"]["NewGame"]["oneOf"].as_array().expect("one shape per ruleset");
    let zajatce = shapes.iter().find(|s| s["properties"]["ruleset"]["enum"][0] == "zajatce").unwrap();
    assert_eq!(
        (
            zajatce["properties"]["players"]["minItems"].as_u64(),
            zajatce["properties"]["players"]["maxItems"].as_u64()
        ),
        (Some(2), Some(4))
    );
    assert!(
        zajatce["required"].as_array().unwrap().contains(&json!("host_email")),
        "the host rules Na zajatce's disputes"
    );
    let absence = &a.json["components"]["schemas"]["AbsenceRequest"]["properties"]["days"];
    assert_eq!(absence["minimum"], 1);
    let pref = &a.json["components"]["schemas"]["Pref"];
    assert_eq!(pref["enum"], json!(["every", "digest", "none"]), "{pref}");
}

#[tokio::test]
async fn mail_settings_absence_and_pause_through_the_api_and_the_history_tells_them() {
    let app = TestApp::spawn().await;
    let g = app
        .create_game(
            json!({"ruleset": "zajatce", "players": players(&["Alena", "Bořek"]), "deadline": {"hours": 72}}),
        )
        .await;
    let (game, host, tokens) = (&g.id, &g.host_token, &g.tokens);
    let mail = format!("/api/games/{game}/mail");
    assert_eq!(app.get(&mail, Some(&tokens[0])).await.json["pref"], "every");
    let set = app.put(&mail, Some(&tokens[0]), json!({"pref": "digest"})).await;
    assert_eq!((set.status, set.json["pref"].as_str()), (StatusCode::OK, Some("digest")), "{}", set.text);
    let bad = app.put(&mail, Some(&tokens[0]), json!({"pref": "sometimes"})).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.get(&mail, Some(&tokens[1])).await.json["pref"], "every", "one seat's setting is its own");

    let away = app.post(&format!("/api/games/{game}/absence"), Some(&tokens[1]), json!({"days": 2})).await;
    assert_eq!(away.status, StatusCode::OK, "{}", away.text);
    assert!(away.json["until"].as_i64().unwrap() > 0);

    let by_player =
        app.post(&format!("/api/games/{game}/pause"), Some(&tokens[0]), json!({"hours": 5})).await;
    assert_eq!(by_player.status, StatusCode::FORBIDDEN, "only the host pauses");
    let paused = app.post(&format!("/api/games/{game}/pause"), Some(host), json!({"hours": 5})).await;
    assert_eq!(paused.status, StatusCode::OK, "{}", paused.text);
    let (seat, view) = app.whose_turn(&g).await.unwrap();
    let action = view["legal_actions"][0]["action"].clone();
    let refused = app
        .post(
            &format!("/api/games/{game}/actions"),
            Some(&tokens[seat]),
            json!({"expected_seq": view["current_seq"], "action": action}),
        )
        .await;
    assert_eq!(
        (refused.status, refused.json["error"].as_str()),
        (StatusCode::CONFLICT, Some("paused")),
        "{}",
        refused.text
    );
    let resumed = app.post(&format!("/api/games/{game}/resume"), Some(host), json!({})).await;
    assert_eq!(resumed.status, StatusCode::OK, "{}", resumed.text);
    let view = app.get(&format!("/api/games/{game}"), Some(&tokens[seat])).await.json;
    let moved = app
        .post(
            &format!("/api/games/{game}/actions"),
            Some(&tokens[seat]),
            json!({"expected_seq": view["current_seq"], "action": action}),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);

    // The history tells each of them in words, in the page's language.
    let until = feldpost::clock::format_utc(away.json["until"].as_i64().unwrap());
    let history = |lang: &str| format!("/play/{}/history?lang={lang}", tokens[0]);
    let en = crate::harness::unisolated(&app.get(&history("en"), None).await.text);
    for line in [
        format!("Bořek is away until {until}; their clock stops until then."),
        "The host pauses the game’s clocks until 2025-".into(),
        "The host resumes the game: the clocks run again.".into(),
    ] {
        assert!(en.contains(&line), "{line} in {en}");
    }
    // The other seat's page says Bořek is away, and until when.
    let page = app.get(&format!("/play/{}?lang=en", tokens[0]), None).await.text;
    let players = &page[page.find("class=\"players\"").expect("the players")..];
    let players = &players[..players.find("</ul>").unwrap()];
    assert!(
        players.contains(&format!(
            "<bdi>Bořek</bdi> <span class=\"label\">(Blue)</span> · <span class=\"away\">away until {until}</span>"
        )),
        "{players}"
    );
    assert_eq!(players.matches("away until").count(), 1, "only Bořek: {players}");
    let host_page = app.get(&format!("/host/{game}/{host}?lang=en"), None).await.text;
    assert!(
        host_page.contains(&format!(
            "<bdi>Bořek</bdi> <span class=\"label\">(Blue)</span> · <span class=\"away\">away until {until}</span>"
        )),
        "{host_page}"
    );
    let api = app.get(&format!("/api/games/{game}"), Some(&tokens[0])).await.json;
    assert_eq!(api["players"][1]["away_until"], away.json["until"], "the API's view says so too");
    assert!(api["players"][0].get("away_until").is_none(), "{api}");
    app.clock.advance(3 * 24 * 3_600_000);
    let page = app.get(&format!("/play/{}?lang=en", tokens[0]), None).await.text;
    assert!(!page.contains("class=\"away\""), "the absence is over");
    let cs = crate::harness::unisolated(&app.get(&history("cs"), None).await.text);
    assert!(
        cs.contains(&format!("Bořek ohlašuje nepřítomnost do {until}; čas na tah do té doby stojí.")),
        "{cs}"
    );
    assert!(cs.contains("Pořadatel hru obnovuje: hodiny zase běží."), "{cs}");
}

#[tokio::test]
async fn the_host_resends_an_invitation_and_replaces_a_player_who_left() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let (game, host, tokens) = (&g.id, &g.host_token, &g.tokens);
    async fn invites(app: &TestApp, game: &str) -> usize {
        app.mails(100)
            .await
            .into_iter()
            .filter(|m| m.game_id == game && matches!(m.kind, MailKind::Invite | MailKind::Reinvite))
            .count()
    }
    assert_eq!(invites(&app, game).await, 2);
    let by_player =
        app.post(&format!("/api/games/{game}/seats/1/invitation"), Some(&tokens[0]), json!({})).await;
    assert_eq!(by_player.status, StatusCode::FORBIDDEN);
    let again = app.post(&format!("/api/games/{game}/seats/1/invitation"), Some(host), json!({})).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    assert_eq!(invites(&app, game).await, 3);
    // Bořek left: Cyril takes the seat with a new link; the old one stops working.
    let replaced = app
        .post(
            &format!("/api/games/{game}/seats/1/replacement"),
            Some(host),
            json!({"name": "Cyril", "email": "cyril@example.org"}),
        )
        .await;
    assert_eq!(replaced.status, StatusCode::OK, "{}", replaced.text);
    let new_token = replaced.json["token"].as_str().unwrap().to_owned();
    assert_eq!(
        app.get(&format!("/api/games/{game}"), Some(&tokens[1])).await.status,
        StatusCode::NOT_FOUND,
        "the old link is dead"
    );
    let view = app.get(&format!("/api/games/{game}"), Some(&new_token)).await;
    assert_eq!(view.status, StatusCode::OK);
    assert_eq!(view.json["players"][1]["name"], "Cyril");
    let history = app.get(&format!("/api/games/{game}/events"), Some(&tokens[0])).await;
    assert_eq!(
        history.json.as_array().unwrap().last().unwrap()["cause"],
        "replaced",
        "the replacement is a record in the log"
    );
    let mails = app.mails(100).await;
    assert!(
        mails.iter().any(|m| m.recipient == "cyril@example.org" && m.kind == MailKind::Invite),
        "the new player is invited"
    );
    assert!(
        mails.iter().any(|m| m.recipient == "alena@example.org"
            && m.kind == MailKind::Notice(feldpost::record::CauseKind::Replaced)),
        "the others are told"
    );
    // A new player whose turn it is gets the turn mail at once (after the invitation); one
    // whose turn it is not, none.
    let cyril_turn = mails.iter().any(|m| m.recipient == "cyril@example.org" && m.kind == MailKind::Turn);
    let seat_1_asked = view.json["to_act"].as_array().unwrap().contains(&json!(1));
    assert_eq!(
        cyril_turn, seat_1_asked,
        "a turn mail exactly when the seat is asked: {:?}",
        view.json["to_act"]
    );
    // Every mail to a seat takes a reply, the invitation too.
    let invite =
        mails.iter().find(|m| m.recipient == "cyril@example.org" && m.kind == MailKind::Invite).unwrap();
    assert!(invite.reply_to.as_deref().is_some_and(|t| t.starts_with(&format!("{game}.1.0."))), "{invite:?}");
    let bad =
        app.post(&format!("/api/games/{game}/seats/1/replacement"), Some(host), json!({"name": " "})).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// A new player whose turn it is gets an invitation and the turn mail at once (after it), with
/// a reply address: a game played by mail does not stall on a seat handed on.
#[tokio::test]
async fn a_new_player_whose_turn_it_is_gets_the_turn_mail_at_once() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"manual_dice": true})).await;
    let asked = app.seat_to_act(&g.id).await;
    let replaced = app
        .post(
            &format!("/api/games/{}/seats/{asked}/replacement", g.id),
            Some(&g.host_token),
            json!({"name": "Cyril", "email": "cyril@example.org"}),
        )
        .await;
    assert_eq!(replaced.status, StatusCode::OK, "{}", replaced.text);
    let mails: Vec<_> =
        app.mails(100).await.into_iter().filter(|m| m.recipient == "cyril@example.org").collect();
    let kinds: Vec<_> = mails.iter().rev().map(|m| m.kind.clone()).collect();
    assert_eq!(kinds, [MailKind::Invite, MailKind::Turn], "oldest first");
    let turn = &mails[0];
    assert!(turn.created_at > mails[1].created_at, "the turn mail goes out after the invitation");
    assert!(
        turn.reply_to.is_some()
            && turn.body_text.contains(&format!("/play/{}", replaced.json["token"].as_str().unwrap()))
    );
}

#[tokio::test]
async fn names_that_would_break_a_page_or_a_mail_are_refused_in_the_requests_language() {
    let app = TestApp::spawn().await;
    let create = |name: &str, title: &str| {
        json!({"ruleset": "zajatce", "title": title, "host_email": "host@example.org",
               "players": [{"name": name, "email": "a@example.org"}, {"name": "Bob", "email": "b@example.org"}]})
    };
    for (name, title, why) in [
        ("\u{200B}\u{200B}", "Game", "only invisible characters"),
        ("Eve\nBcc: victim@example.org", "Game", "a line break"),
        ("nul\u{0}byte", "Game", "a NUL"),
        ("Ann", "You won\r\nBcc: victim@example.org", "a line break in the title"),
        (&"x".repeat(81), "Game", "too long"),
        ("\u{202E}Alena", "Game", "a right-to-left override before the name"),
        ("Ann", "Sunday \u{202E}gnp.exe", "an override in the title (it would read \"…exe.png\")"),
        ("Ann\u{2067}", "Game", "an isolate left open"),
        ("Z\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}", "Game", "a letter drowned in accents"),
        ("Bob", "Game", "two players of one name"),
        ("BOB", "Game", "two players of one name in another case"),
        ("Ｂob", "Game", "a full-width letter"),
        ("Вob", "Game", "a Cyrillic letter that looks Latin"),
    ] {
        let a = app.post("/api/games", None, create(name, title)).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{why}: {}", a.text);
        assert_eq!(a.json["error"], "invalid", "{why}");
    }
    // In Czech, from a Czech client, naming the field.
    let a = app.send(Req::new("POST", "/api/games").lang("cs").json(&create("\u{FEFF}", "Hra"))).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        a.json["message"],
        "Pole „Jméno hráče“ obsahuje jen neviditelné znaky; napište prosím něco čitelného."
    );
    // Nothing was created for any of them.
    assert!(app.mails(100).await.is_empty(), "no mail was queued");
    // The refusal of look-alike players names both.
    let a = app.post("/api/games", None, create("Вob", "Game")).await;
    assert!(a.json["message"].as_str().unwrap().contains("“Вob” and “Bob”"), "{}", a.text);
    // Names other languages write are names: accents (two on one letter), other scripts.
    for name in ["Đặng", "Ярослава", "Zoë", "山田"] {
        let a = app.post("/api/games", None, create(name, "Game")).await;
        assert_eq!(a.status, StatusCode::CREATED, "{name}: {}", a.text);
    }
}

#[tokio::test]
async fn an_unknown_path_and_an_unreadable_query_get_the_error_page_in_the_pages_language() {
    let app = TestApp::spawn().await;
    let a = app.page("/no/such/page", "cs").await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    assert!(a.text.contains("Taková stránka tu není."), "{}", a.text);
    assert!(a.text.contains("<html lang=\"cs\">"));
    let a = app.get("/api/no/such/thing", None).await;
    assert_eq!((a.status, a.json["error"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")));

    let g = app.create_zajatce(&["Ann", "Bob"], json!({})).await;
    let a = app.page(&format!("/play/{}/history?at=abc", g.tokens[0]), "en").await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(a.text.contains("A parameter of this address cannot be read"), "{}", a.text);
}

/// The database fails between the statements of a creation (here: when the clock row is
/// written, after the game, its seats, its first record and its mail): the answer says nothing
/// was saved, and indeed nothing was.
#[tokio::test]
async fn a_creation_that_fails_half_way_writes_nothing() {
    let app = TestApp::spawn().await;
    let store = &app.log.store;
    let fault = if store.is_postgres() {
        "CREATE FUNCTION refuse_clock() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$;
         CREATE TRIGGER refuse_clock BEFORE INSERT ON game_clock FOR EACH ROW EXECUTE FUNCTION refuse_clock();"
    } else {
        "CREATE TRIGGER refuse_clock BEFORE INSERT ON game_clock BEGIN SELECT RAISE(ABORT, 'injected fault'); END;"
    };
    store.execute_raw(fault).await.unwrap();
    let before = store.row_counts().await.unwrap();
    let a = app
        .post(
            "/api/games",
            None,
            json!({"ruleset": "zajatce", "deadline": {"hours": 48}, "host_email": "host@example.org",
                   "players": [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]}),
        )
        .await;
    assert_eq!(a.status, StatusCode::INTERNAL_SERVER_ERROR, "{}", a.text);
    assert_eq!(a.json["message"], "Something went wrong on our side. Nothing was saved.");
    assert_eq!(store.row_counts().await.unwrap(), before, "no game, seat, record, mail or clock");
    // Without the fault the same creation writes all of it, the clock included.
    store.execute_raw("DROP TRIGGER refuse_clock ON game_clock").await.ok();
    store.execute_raw("DROP TRIGGER IF EXISTS refuse_clock").await.ok();
    let a = app
        .post(
            "/api/games",
            None,
            json!({"ruleset": "zajatce", "deadline": {"hours": 48}, "host_email": "host@example.org",
                   "players": [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    let after = store.row_counts().await.unwrap();
    assert_eq!(
        (after.games, after.seats, after.clocks),
        (before.games + 1, before.seats + 2, before.clocks + 1)
    );
    assert!(after.outbox > before.outbox && after.events == before.events + 1);
}

/// The same refusals on every other path that takes a name, a title or an address: the page
/// form, giving a seat to a new player (API and page), registering, logging in; and a NUL in a
/// URL's path. Each is a 422 (or the page's own refusal) in the request's language, never a 500
/// (Postgres refuses a NUL in text: the suite runs there too).
#[tokio::test]
async fn nul_control_and_invisible_text_is_refused_on_every_path_that_takes_it() {
    let app = TestApp::spawn().await;
    let bad = ["nul\u{0}byte", "\u{200B}\u{2060}", "Eve\r\nBcc: victim@example.org", "tab\there"];
    for name in bad {
        let a = app
            .send(Req::new("POST", "/games").lang("cs").form(&[
                ("ruleset", "colditz"),
                ("name_0", name),
                ("name_1", "Amy"),
            ]))
            .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}: {}", a.text);
        assert!(a.text.contains("Pole „Jméno hráče“"), "the form again, in Czech: {}", a.text);
        let a = app
            .form("/games", &[("ruleset", "colditz"), ("title", name), ("name_0", "G"), ("name_1", "A")])
            .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "title {name:?}");
        assert!(a.text.contains("“Title”"), "{}", a.text);
    }
    let g = app.create_zajatce(&["Alena", "Borek"], json!({})).await;
    let before = app.event_count(&g.id).await;
    for name in bad {
        let a = app
            .post(
                &format!("/api/games/{}/seats/1/replacement", g.id),
                Some(&g.host_token),
                json!({"name": name}),
            )
            .await;
        assert_eq!(
            (a.status, a.json["error"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid")),
            "{name:?}: {}",
            a.text
        );
        let a = app.form(&format!("{}/seats/1/replace", g.host_path), &[("name", name)]).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "the host page's form, {name:?}");
        assert!(a.text.contains("Player&#39;s name") || a.text.contains("Player's name"), "{}", a.text);
    }
    for email in ["cyril\u{0}@example.org", "cyril@example.org\nBcc: x@example.org", "\u{200B}@example.org"] {
        let a = app
            .post(
                &format!("/api/games/{}/seats/1/replacement", g.id),
                Some(&g.host_token),
                json!({"name": "Cyril", "email": email}),
            )
            .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{email:?}: {}", a.text);
        let a = app
            .post(
                "/api/games",
                None,
                json!({"ruleset": "colditz", "host_email": email, "players": [{"name": "G"}, {"name": "A"}]}),
            )
            .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "host_email {email:?}: {}", a.text);
        assert!(a.json["message"].as_str().unwrap().contains("Host's email address"), "{}", a.text);
    }
    assert_eq!(app.event_count(&g.id).await, before, "no seat was given away");

    // Accounts: registering, logging in, asking for a link, with a NUL in the address.
    let mut b = crate::harness::Browser::new(&app, "cs");
    let a = b
        .submit(
            "/account/register",
            "/account/register",
            &[("email", "ana\u{0}@example.org"), ("password", crate::harness::PASSWORD)],
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    assert!(
        a.text.contains("platnou e-mailovou adresu") || a.text.contains("e-mail"),
        "in Czech: {}",
        a.text
    );
    let a = b
        .submit("/account/login", "/account/login", &[("email", "ana\u{0}@example.org"), ("password", "x")])
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "a wrong login, not a 500: {}", a.text);
    let a = b.submit("/account/login", "/account/login/link", &[("email", "ana\u{0}@example.org")]).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    let a = b
        .submit(
            "/account/login",
            "/account/login/code",
            &[("email", "ana\u{0}@example.org"), ("code", "ABCDEFGH")],
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.text);

    // A NUL (or any non-id) where a game's id goes names no game.
    let a = app.get("/api/games/te%00st", Some(&g.tokens[0])).await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_game")),
        "{}",
        a.text
    );
    let a = app.get(&format!("/watch/a%00b/{}", g.tokens[0]), None).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    let a = app.get(&format!("/confirm/a%00b/{}", g.tokens[0]), None).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn z2_a_refusal_names_the_player_whose_turn_it_is_not_a_seat_number() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let (on_turn, _) = app.whose_turn(&g).await.expect("someone is on turn");
    let other = 1 - on_turn;
    let a = app.act(&g, other, json!({"type": "roll"})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.text);
    let message = a.json["message"].as_str().unwrap();
    assert!(message.contains(["Alena", "Bořek"][on_turn]), "{message}");
    assert!(!message.contains("Player"), "{message}");
}

/// A handler that panics (none of ours should; this route exists only in this test) is answered
/// 500 with the error page in the request's language, or the JSON error under /api, on a real
/// connection that stays open: the server goes on serving it and every other.
#[tokio::test]
async fn a_panicking_handler_is_a_500_in_the_house_shape_and_the_server_keeps_serving() {
    use axum::routing::get;
    use http_body_util::{BodyExt, Empty};
    use hyper::body::Bytes;
    use hyper_util::rt::TokioIo;

    let app = TestApp::spawn().await;
    let panics = || async {
        if true {
            panic!("a handler's bug, on purpose");
        }
        "never"
    };
    let extra = axum::Router::new().route("/__panic", get(panics)).route("/api/__panic", get(panics));
    let router = feldpost::web::router_with(
        feldpost::web::AppState { log: app.log.clone(), dev_mailbox: false },
        extra,
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(async move {
        axum::serve(listener, router.into_make_service_with_connect_info::<std::net::SocketAddr>()).await
    });

    // One keep-alive connection for every request: a panic that dropped it would fail the next.
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let (mut send, conn) = hyper::client::conn::http1::handshake(TokioIo::new(tcp)).await.unwrap();
    tokio::spawn(conn);
    let mut get = async |path: &str, lang: &str| {
        let req = hyper::Request::get(path)
            .header("host", "feldpost.test")
            .header("accept-language", lang)
            .body(Empty::<Bytes>::new())
            .unwrap();
        let res =
            send.send_request(req).await.unwrap_or_else(|e| panic!("{path}: the connection broke: {e}"));
        let status = res.status();
        let body = res.into_body().collect().await.unwrap().to_bytes();
        (status, String::from_utf8_lossy(&body).into_owned())
    };

    let (status, page) = get("/__panic", "cs").await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{page}");
    assert!(
        page.contains("Na naší straně se něco pokazilo. Nic se neuložilo."),
        "the error page, in Czech: {page}"
    );
    assert!(!page.contains("on purpose"), "what the panic said is logged, not shown: {page}");
    let (status, body) = get("/api/__panic", "en").await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
    let json: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("the JSON error: {e}: {body}"));
    assert_eq!(json["error"], "internal", "{body}");
    assert_eq!(json["message"], "Something went wrong on our side. Nothing was saved.");
    let (status, home) = get("/", "en").await;
    assert_eq!(status, StatusCode::OK, "the next request on the same connection is served: {home}");
    server.abort();
}

/// A client following a game asks only for the records after the last it has, a page at a
/// time: the same entries, redacted for its seat, as the whole history holds; bad numbers are
/// refused as a bad query.
#[tokio::test]
async fn the_history_api_answers_the_records_after_a_given_one_a_page_at_a_time() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    while app.event_count(&g.id).await < 20 {
        app.play_first_legal(&g).await;
    }
    let events = |seat: usize, query: &'static str| {
        let (app, g) = (&app, &g);
        async move {
            let a = app.get(&format!("/api/games/{}/events{query}", g.id), Some(&g.tokens[seat])).await;
            (a.status, a.json)
        }
    };
    for seat in [0, 1] {
        let (status, whole) = events(seat, "").await;
        assert_eq!(status, StatusCode::OK);
        let whole = whole.as_array().unwrap().clone();
        let last = whole.last().unwrap()["seq"].as_u64().unwrap();
        assert_eq!(whole.len() as u64, last, "the whole history, one entry a record");
        // Each seat sees its own actions and not the other's: the pages are redacted alike.
        let (_, after) = events(seat, "?after=5").await;
        assert_eq!(after.as_array().unwrap()[..], whole[5..], "seat {seat}: the records after 5");
        let (_, page) = events(seat, "?after=5&limit=3").await;
        assert_eq!(page.as_array().unwrap()[..], whole[5..8], "seat {seat}: three records after 5");
        let (_, first) = events(seat, "?limit=2").await;
        assert_eq!(first.as_array().unwrap()[..], whole[..2]);
        let (_, none) = events(seat, "?after=1000").await;
        assert_eq!(none, json!([]), "nothing after the last record");
    }
    for bad in ["?limit=0", "?after=-1", "?after=x", "?limit=1.5"] {
        let (status, body) = events(0, bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
        assert_eq!(body["error"], "bad_request", "{bad}: {body}");
    }
}
