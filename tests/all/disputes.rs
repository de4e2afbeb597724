//! Disputes, rulings, appeals, expiry and undo, end to end through the API and the mail.

use crate::harness::{Answer, TestApp, TestGame, players};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// `seat` takes its first legal action whose type is `kind`; returns the new record's seq.
async fn act(
    app: &TestApp,
    g: &TestGame,
    seat: usize,
    key: &str,
    kind: &str,
    fill: impl Fn(&mut Value),
) -> Option<u64> {
    let v = app.view(g, seat).await;
    let mut action = v["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].clone())
        .find(|a| a[key] == kind)?;
    fill(&mut action);
    let a = app
        .post(
            &format!("/api/games/{}/actions", g.id),
            Some(&g.tokens[seat]),
            json!({"expected_seq": v["current_seq"], "action": action}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    a.json["seq"].as_u64()
}

fn acting(v: &Value) -> bool {
    v["your_turn"] == true
}

/// Play Na zajatce until some seat has just moved a stone; returns (mover, the move's seq).
async fn until_a_move(app: &TestApp, g: &TestGame) -> (usize, u64) {
    for _ in 0..200 {
        for seat in 0..g.tokens.len() {
            let v = app.view(g, seat).await;
            if !acting(&v) {
                continue;
            }
            for kind in ["move", "enter"] {
                if let Some(seq) = act(app, g, seat, "type", kind, |_| {}).await {
                    return (seat, seq);
                }
            }
            act(app, g, seat, "type", "roll", |_| {}).await;
        }
    }
    panic!("no move in 200 rounds");
}

/// A dispute filed through the API by the bearer of `token`.
async fn file_dispute(app: &TestApp, g: &TestGame, token: &str, body: Value) -> Answer {
    app.post(&format!("/api/games/{}/disputes", g.id), Some(token), body).await
}

/// A ruling on `dispute` given through the API by the bearer of `token`.
async fn rule(app: &TestApp, g: &TestGame, dispute: u64, token: &str, body: Value) -> Answer {
    app.post(&format!("/api/games/{}/disputes/{dispute}/ruling", g.id), Some(token), body).await
}

async fn mails_of_kind(app: &TestApp, g: &TestGame, kind: &str) -> Vec<feldpost::store::OutboxRow> {
    app.mails(1000).await.into_iter().filter(|m| m.game_id == g.id && m.kind.text() == kind).collect()
}

#[tokio::test]
async fn the_host_overturns_a_move_and_the_game_rewinds_with_the_move_kept_void() {
    let app = TestApp::spawn().await;
    // Without throw-again on a six a move always hands the turn over, so the ruling always
    // gives the mover the turn back (and must tell them).
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"throw_again_on_six": false})).await;
    let (mover, contested) = until_a_move(&app, &g).await;
    let other = 1 - mover;
    assert!(!acting(&app.view(&g, mover).await), "the move handed the turn over");

    let a = file_dispute(
        &app,
        &g,
        &g.tokens[other],
        json!({"against": contested, "claim": "That stone could not get there", "rule": "Z4"}),
    )
    .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let dispute = a.json["seq"].as_u64().unwrap();
    assert_eq!(mails_of_kind(&app, &g, "dispute").await.len(), 2, "everyone is told of the dispute");
    let open = |text: String| {
        text.lines().find_map(|l| l.strip_prefix("feldpost_disputes_open ")?.parse::<i64>().ok())
    };
    assert_eq!(open(feldpost::play::scrape::scrape(&app.log).await), Some(1), "the metric counts it");
    // Disputing the same record twice, an unknown record or with no claim is refused.
    let again =
        file_dispute(&app, &g, &g.tokens[mover], json!({"against": contested, "claim": "again"})).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    let nothing = file_dispute(&app, &g, &g.tokens[other], json!({"against": 999, "claim": "x"})).await;
    assert_eq!(nothing.status, StatusCode::UNPROCESSABLE_ENTITY);
    let empty =
        file_dispute(&app, &g, &g.tokens[other], json!({"against": contested - 1, "claim": "  "})).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);

    // A player is not the adjudicator in Na zajatce: the host is.
    let by_player =
        rule(&app, &g, dispute, &g.tokens[other], json!({"verdict": "overturn", "reason": "mine"})).await;
    assert_eq!(by_player.status, StatusCode::FORBIDDEN, "{}", by_player.text);
    let peek =
        app.get(&format!("/api/games/{}/disputes/{dispute}/audit", g.id), Some(&g.tokens[other])).await;
    assert_eq!(peek.status, StatusCode::FORBIDDEN);

    let audit = app.get(&format!("/api/games/{}/disputes/{dispute}/audit", g.id), Some(&g.host_token)).await;
    assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
    assert_eq!(audit.json["verdict_today"], "legal", "the engine finds the move legal today");
    assert_ne!(audit.json["before"], audit.json["after"]);
    assert_eq!(
        audit.json["overturn_preview"], audit.json["before"],
        "the preview is the game before the move"
    );
    let previewed = app.event_count(&g.id).await;
    assert_eq!(previewed as u64, dispute, "the preview wrote nothing");

    let ruled =
        rule(&app, &g, dispute, &g.host_token, json!({"verdict": "overturn", "reason": "Counted wrong"}))
            .await;
    assert_eq!(ruled.status, StatusCode::OK, "{}", ruled.text);
    let twice = rule(&app, &g, dispute, &g.host_token, json!({"verdict": "uphold"})).await;
    assert_eq!(twice.status, StatusCode::UNPROCESSABLE_ENTITY, "a dispute is ruled once");
    assert_eq!(open(feldpost::play::scrape::scrape(&app.log).await), Some(0), "ruled: none waits");

    // The game is back to just before the move: the mover must choose again.
    let now = app.view(&g, mover).await;
    assert_eq!(now["view"], audit.json["before"]);
    assert!(acting(&now), "the mover acts again");
    let turn = mails_of_kind(&app, &g, "turn").await;
    assert!(
        turn.iter().any(|m| m.seq as u64 == ruled.json["seq"].as_u64().unwrap()
            && m.recipient.starts_with(["alena", "bořek"][mover])),
        "the player whose turn it is again is told"
    );
    assert_eq!(mails_of_kind(&app, &g, "ruling").await.len(), 2);
    // The move stays in the log, marked void, in the history and in the export.
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[other])).await;
    let entry = history.json.as_array().unwrap().iter().find(|e| e["seq"] == contested).unwrap().clone();
    assert_eq!(entry["void"], true);
    assert!(!entry["events"].as_array().unwrap().is_empty(), "its events are still readable");
    let export = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[0])).await;
    let parsed = feldpost::audit::parse(&export.text).unwrap();
    assert!(parsed.records.iter().any(|r| r.seq == contested));
    feldpost::audit::verify(&parsed).expect("a log with a ruling verifies");
    assert_eq!(
        feldpost::audit::replay(&parsed).unwrap().view(feldpost_engine::Viewer::Public),
        now["view"],
        "replay of the export skips the void move"
    );
    // A cold replay straight from the stored bodies skips the void move too.
    let loaded = app.log.load(&g.id).await.unwrap();
    let chained = app.log.store.records(&g.id, 0).await.unwrap();
    let cold = feldpost::play::log::fold_stored(loaded.empty_table().unwrap(), &chained).unwrap();
    assert_eq!(cold.state_json(), loaded.table.state_json());
    // The history page strikes it through.
    let page = app.get(&format!("/play/{}/history", g.tokens[0]), None).await;
    assert!(
        page.text.contains("<del>") && page.text.contains("void-label"),
        "void steps are struck through on the page"
    );
}

#[tokio::test]
async fn a_clue_is_judged_by_the_other_coordinator_who_upholds_it() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let clue = act(&app, &g, 0, "action", "give_clue", |a| {
        a["word"] = json!("zzqa");
        a["number"] = json!(1);
    })
    .await
    .unwrap();
    let a = file_dispute(
        &app,
        &g,
        &g.tokens[3],
        json!({"against": clue, "claim": "It hints at a word by its letters", "rule": "S22"}),
    )
    .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let dispute = a.json["seq"].as_u64().unwrap();
    let list = app.get(&format!("/api/games/{}/disputes", g.id), Some(&g.tokens[2])).await;
    assert_eq!(
        list.json[0]["adjudicator"],
        json!({"kind": "seat", "seat": 1}),
        "the blue coordinator judges red's clue"
    );
    let by_host = rule(&app, &g, dispute, &g.host_token, json!({"verdict": "overturn"})).await;
    assert_eq!(by_host.status, StatusCode::FORBIDDEN, "the host does not judge clues");
    let audit = app.get(&format!("/api/games/{}/disputes/{dispute}/audit", g.id), Some(&g.tokens[1])).await;
    assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
    assert_eq!(audit.json["verdict_today"], "legal");
    let ruled =
        rule(&app, &g, dispute, &g.tokens[1], json!({"verdict": "uphold", "reason": "A fair clue"})).await;
    assert_eq!(ruled.status, StatusCode::OK, "{}", ruled.text);
    let list = app.get(&format!("/api/games/{}/disputes", g.id), Some(&g.tokens[2])).await;
    assert_eq!(list.json[0]["status"], "upheld");
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[2])).await;
    assert!(history.json.as_array().unwrap().iter().all(|e| e["void"] == false));
    // Everyone at the table hears of the dispute and of the ruling, in the game's language.
    assert_eq!(mails_of_kind(&app, &g, "dispute").await.len(), 4);
    let rulings = mails_of_kind(&app, &g, "ruling").await;
    assert_eq!(rulings.len(), 4);
    assert!(rulings[0].body_text.contains("A fair clue"), "{}", rulings[0].body_text);
    // Without appeals, the ruling is final.
    let appeal = app
        .post(
            &format!("/api/games/{}/rulings/{}/appeal", g.id, ruled.json["seq"]),
            Some(&g.tokens[3]),
            json!({}),
        )
        .await;
    assert_eq!(appeal.status, StatusCode::FORBIDDEN, "{}", appeal.text);
}

#[tokio::test]
async fn an_appeal_vote_reverses_a_self_serving_ruling() {
    let app = TestApp::spawn().await;
    let g = app
        .create_game(json!({"ruleset": "sluzba", "title": "Test",
                            "players": players(&["Rudolf", "Blanka", "Radek", "Bara", "Renata"]),
                            "disputes": {"appeals": true}}))
        .await;
    let clue = act(&app, &g, 0, "action", "give_clue", |a| {
        a["word"] = json!("zzqa");
        a["number"] = json!(1);
    })
    .await
    .unwrap();
    let d = file_dispute(&app, &g, &g.tokens[3], json!({"against": clue, "claim": "invalid"})).await;
    let dispute = d.json["seq"].as_u64().unwrap();
    // The blue coordinator overturns red's clue: good for blue.
    let r = rule(&app, &g, dispute, &g.tokens[1], json!({"verdict": "overturn", "reason": "no"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let list = app.get(&format!("/api/games/{}/disputes", g.id), Some(&g.tokens[4])).await;
    let ruling = list.json[0]["ruling"]["seq"].as_u64().unwrap();
    assert_eq!(list.json[0]["ruling"]["remedy"]["correction"]["correction"], "clue_invalid", "{}", list.text);
    // S13: an invalid clue ends the team's turn at once; it is not given again.
    assert!(app.view(&g, 0).await["your_turn"] == false, "red's coordinator does not give another clue");
    let blue = app.view(&g, 1).await;
    assert!(blue["your_turn"] == true, "blue's coordinator is next: {blue}");
    assert_eq!(blue["view"]["clues"][0]["ruled_invalid"], true);
    // A voter may not appeal; the player whose clue it was may.
    let wrong = app
        .post(&format!("/api/games/{}/rulings/{ruling}/appeal", g.id), Some(&g.tokens[2]), json!({}))
        .await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    let appeal = app
        .post(&format!("/api/games/{}/rulings/{ruling}/appeal", g.id), Some(&g.tokens[0]), json!({}))
        .await;
    assert_eq!(appeal.status, StatusCode::OK, "{}", appeal.text);
    let appeal = appeal.json["seq"].as_u64().unwrap();
    // The adjudicator and the parties do not vote; the two red members do.
    for seat in [0, 1, 3] {
        let v = app
            .post(
                &format!("/api/games/{}/appeals/{appeal}/votes", g.id),
                Some(&g.tokens[seat]),
                json!({"reverse": false}),
            )
            .await;
        assert_eq!(v.status, StatusCode::FORBIDDEN, "seat {seat}");
    }
    for seat in [2, 4] {
        let v = app
            .post(
                &format!("/api/games/{}/appeals/{appeal}/votes", g.id),
                Some(&g.tokens[seat]),
                json!({"reverse": true}),
            )
            .await;
        assert_eq!(v.status, StatusCode::OK, "{}", v.text);
    }
    let list = app.get(&format!("/api/games/{}/disputes", g.id), Some(&g.tokens[4])).await;
    assert_eq!(list.json[0]["status"], "upheld", "{}", list.text);
    assert_eq!(list.json[0]["ruling"]["appeal"]["decided"], true);
    // The clue counts again: red's members guess on it.
    let member = app.view(&g, 2).await;
    assert!(member["your_turn"] == true && member["view"]["clue"]["word"] == "zzqa", "{member}");
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[2])).await;
    assert_eq!(history.json.as_array().unwrap().iter().find(|e| e["seq"] == clue).unwrap()["void"], false);
}

#[tokio::test]
async fn a_dispute_nobody_rules_on_expires_and_the_record_stands() {
    let app = TestApp::spawn().await;
    let g = app
        .create_game(json!({"ruleset": "zajatce", "players": players(&["Alena", "Bořek"]), "disputes": {"ruling_hours": 72}}))
        .await;
    let (mover, contested) = until_a_move(&app, &g).await;
    let d =
        file_dispute(&app, &g, &g.tokens[1 - mover], json!({"against": contested, "claim": "wrong"})).await;
    assert_eq!(d.status, StatusCode::OK);
    app.clock.advance(71 * 3_600_000);
    assert_eq!(feldpost::play::disputes::tick_disputes(&app.log, &g.id).await.unwrap(), 0, "not yet");
    app.clock.advance(2 * 3_600_000);
    assert_eq!(feldpost::play::disputes::tick_disputes(&app.log, &g.id).await.unwrap(), 1);
    let list = app.get(&format!("/api/games/{}/disputes", g.id), Some(&g.tokens[0])).await;
    assert_eq!(list.json[0]["status"], "upheld");
    assert_eq!(list.json[0]["ruling"]["by"], json!({"kind": "expiry"}));
    assert_eq!(feldpost::play::disputes::tick_disputes(&app.log, &g.id).await.unwrap(), 0, "settled once");
}

#[tokio::test]
async fn undo_is_refused_after_a_throw_and_granted_with_consent() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"throw_again_on_six": false})).await;
    // Find who throws first, and throw.
    let first = if acting(&app.view(&g, 0).await) { 0 } else { 1 };
    act(&app, &g, first, "type", "roll", |_| {}).await.unwrap();
    let refused = app.post(&format!("/api/games/{}/undo", g.id), Some(&g.tokens[first]), json!({})).await;
    assert_eq!(
        (refused.status, refused.json["rule"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("D5")),
        "a die was thrown: {}",
        refused.text
    );
    // Make a move (the throw is used), which hands the turn over.
    let (mover, moved) = until_a_move(&app, &g).await;
    let before = app.view(&g, mover).await;
    let other = 1 - mover;
    assert!(!acting(&before), "without throw-again on a six, a move hands the turn over");
    let asked = app.post(&format!("/api/games/{}/undo", g.id), Some(&g.tokens[mover]), json!({})).await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.text);
    let request = asked.json["seq"].as_u64().unwrap();
    // The mover cannot answer their own request; the other player consents.
    let own = app
        .post(
            &format!("/api/games/{}/undo/{request}/answer", g.id),
            Some(&g.tokens[mover]),
            json!({"consent": true}),
        )
        .await;
    assert_eq!(own.status, StatusCode::FORBIDDEN);
    let yes = app
        .post(
            &format!("/api/games/{}/undo/{request}/answer", g.id),
            Some(&g.tokens[other]),
            json!({"consent": true}),
        )
        .await;
    assert_eq!(yes.status, StatusCode::OK, "{}", yes.text);
    let after = app.view(&g, mover).await;
    assert!(acting(&after), "the mover chooses the move again, with the same die");
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[other])).await;
    assert_eq!(history.json.as_array().unwrap().iter().find(|e| e["seq"] == moved).unwrap()["void"], true);
}

#[tokio::test]
async fn disputes_through_the_pages_the_host_rules_on_the_audit_page() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let (mover, contested) = until_a_move(&app, &g).await;
    let other = 1 - mover;
    let history = app.get(&format!("/play/{}/history", g.tokens[other]), None).await;
    assert!(
        history.text.contains("name=\"claim\"")
            && history.text.contains(&format!("<option value=\"{contested}\"")),
        "the history page offers the dispute form"
    );
    let filed = app
        .form(
            &format!("/play/{}/disputes", g.tokens[other]),
            &[("against", &contested.to_string()), ("claim", "Miscounted"), ("rule", "Z4")],
        )
        .await;
    assert_eq!(filed.status, StatusCode::SEE_OTHER, "{}", filed.text);
    let game_page = app.get(&format!("/play/{}", g.tokens[mover]), None).await;
    assert!(game_page.text.contains("Miscounted") && game_page.text.contains("waiting for a ruling"));
    let dispute = contested + 1;
    // The host's page lists it with a link to the audit page, which shows three boards.
    let host_page = app.get(&format!("/host/{}/{}", g.id, g.host_token), None).await;
    assert!(host_page.text.contains(&format!("/disputes/{dispute}")), "{}", host_page.text);
    let mut audit = app.get(&format!("/host/{}/{}/disputes/{dispute}", g.id, g.host_token), None).await;
    assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
    audit.text = crate::harness::unisolated(&audit.text);
    assert_eq!(audit.text.matches("<svg").count(), 3, "before, after and the overturn preview");
    assert!(audit.text.contains("the step is legal"));
    assert!(
        audit.text.contains(&format!("The contested step #{contested}: {} moved", ["Alena", "Bořek"][mover])),
        "the audit page names the contested step and who made it"
    );
    // A player cannot open the audit page of a dispute they do not judge.
    let peek = app.get(&format!("/play/{}/disputes/{dispute}", g.tokens[other]), None).await;
    assert_eq!(peek.status, StatusCode::FORBIDDEN);
    let ruled = app
        .form(
            &format!("/host/{}/{}/disputes/{dispute}/ruling", g.id, g.host_token),
            &[("verdict", "uphold"), ("reason", "Counted right")],
        )
        .await;
    assert_eq!(ruled.status, StatusCode::SEE_OTHER, "{}", ruled.text);
    let after = app.get(&format!("/play/{}", g.tokens[other]), None).await;
    assert!(after.text.contains("upheld"));
}

#[tokio::test]
async fn undo_is_refused_after_a_card_came_to_light_and_a_clue_is_taken_back_with_consent() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let clue = act(&app, &g, 0, "action", "give_clue", |a| {
        a["word"] = json!("zzqa");
        a["number"] = json!(2);
    })
    .await
    .unwrap();
    // The clue hands the turn to red's guessers: taking it back needs their consent.
    let asked = app.post(&format!("/api/games/{}/undo", g.id), Some(&g.tokens[0]), json!({})).await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.text);
    let request = asked.json["seq"].as_u64().unwrap();
    let blue = app
        .post(
            &format!("/api/games/{}/undo/{request}/answer", g.id),
            Some(&g.tokens[3]),
            json!({"consent": true}),
        )
        .await;
    assert_eq!(blue.status, StatusCode::FORBIDDEN, "blue's member is not asked");
    let no = app
        .post(
            &format!("/api/games/{}/undo/{request}/answer", g.id),
            Some(&g.tokens[2]),
            json!({"consent": false}),
        )
        .await;
    assert_eq!(no.status, StatusCode::OK, "{}", no.text);
    assert_eq!(app.view(&g, 2).await["view"]["clue"]["word"], "zzqa", "refused: the clue stands");
    // Asked again, and granted.
    let asked = app.post(&format!("/api/games/{}/undo", g.id), Some(&g.tokens[0]), json!({})).await;
    let request = asked.json["seq"].as_u64().unwrap();
    let yes = app
        .post(
            &format!("/api/games/{}/undo/{request}/answer", g.id),
            Some(&g.tokens[2]),
            json!({"consent": true}),
        )
        .await;
    assert_eq!(yes.status, StatusCode::OK, "{}", yes.text);
    assert!(acting(&app.view(&g, 0).await), "the red coordinator gives a clue again");
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[1])).await;
    assert_eq!(history.json.as_array().unwrap().iter().find(|e| e["seq"] == clue).unwrap()["void"], true);
    // A guess turns a card over: after it, nothing can be taken back.
    act(&app, &g, 0, "action", "give_clue", |a| {
        a["word"] = json!("zzqb");
        a["number"] = json!(2);
    })
    .await
    .unwrap();
    act(&app, &g, 2, "action", "guess", |_| {}).await.unwrap();
    for seat in [0, 2] {
        let refused = app.post(&format!("/api/games/{}/undo", g.id), Some(&g.tokens[seat]), json!({})).await;
        assert_eq!(
            (refused.status, refused.json["rule"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("D5")),
            "seat {seat}: {}",
            refused.text
        );
    }
}

/// A dispute names the rule its player named, and says nothing of a rule when none was named
/// (it read "(rule: —)"), in every language the history is read in.
#[tokio::test]
async fn a_dispute_without_a_rule_is_listed_without_one_and_one_with_a_rule_names_it() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"throw_again_on_six": false})).await;
    let (mover, contested) = until_a_move(&app, &g).await;
    let other = 1 - mover;
    let disputed =
        file_dispute(&app, &g, &g.tokens[other], json!({"against": contested, "claim": "Ta šestka nepadla"}))
            .await;
    assert_eq!(disputed.status, StatusCode::OK, "{}", disputed.text);
    let history = format!("{}/history", g.seat_path(other));
    for (lang, said) in [
        ("en", format!("disputes step #{contested}: “Ta šestka nepadla”")),
        ("cs", format!("napadá krok č. {contested}: „Ta šestka nepadla“")),
        ("ru", format!("оспаривает шаг № {contested}: «Ta šestka nepadla»")),
    ] {
        let page = app.page(&history, lang).await;
        assert!(page.text.contains(&said), "{lang}: {said} in {}", page.text);
        assert!(!page.text.contains("—)"), "{lang}: no empty rule");
    }
    // Another move, disputed under a rule: the rule is named.
    let (mover, later) = until_a_move(&app, &g).await;
    let named = file_dispute(
        &app,
        &g,
        &g.tokens[1 - mover],
        json!({"against": later, "claim": "Too far", "rule": "Z4"}),
    )
    .await;
    assert_eq!(named.status, StatusCode::OK, "{}", named.text);
    let page = app.page(&history, "en").await;
    assert!(page.text.contains(&format!("disputes step #{later}: “Too far” (rule: Z4)")), "{}", page.text);
}

/// A step of the history reads only its page of records, yet a move taken back by a
/// ruling on a later page is still shown void there (what is void comes from the records about
/// other records kept beside the state, not from the page).
#[tokio::test]
async fn a_move_overturned_by_a_ruling_on_a_later_page_of_the_history_is_struck_through_on_its_own() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"throw_again_on_six": false})).await;
    let (_, contested) = until_a_move(&app, &g).await;
    assert!(contested < 40, "the first move is early: {contested}");
    while app.event_count(&g.id).await <= 60 {
        until_a_move(&app, &g).await;
    }
    let dispute = file_dispute(
        &app,
        &g,
        &g.tokens[0],
        json!({"against": contested, "claim": "That stone could not get there"}),
    )
    .await;
    assert_eq!(dispute.status, StatusCode::OK, "{}", dispute.text);
    let dispute = dispute.json["seq"].as_u64().unwrap();
    let ruled =
        rule(&app, &g, dispute, &g.host_token, json!({"verdict": "overturn", "reason": "Counted wrong"}))
            .await;
    assert_eq!(ruled.status, StatusCode::OK, "{}", ruled.text);
    let ruling = ruled.json["seq"].as_u64().unwrap();
    assert!(ruling > 50 && contested <= 50, "the ruling is on the second page, the move on the first");

    let first = app.get(&format!("/play/{}/history?at={contested}", g.tokens[1]), None).await;
    assert_eq!(first.status, StatusCode::OK);
    assert!(first.text.contains("void-label"), "the overturned move is marked void on its own page");
    // The page before the move shows no void step, and the board at the move's step is drawn.
    let before = app.get(&format!("/play/{}/history?at=1", g.tokens[1]), None).await;
    assert_eq!(void_steps(&before.text), void_steps(&first.text), "page 1 is one page: the same entries");
    // The API's whole history agrees with the page: the move and every play after it are void.
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[1])).await;
    let entries = history.json.as_array().unwrap();
    let voided: Vec<u64> =
        entries.iter().filter(|e| e["void"] == true).map(|e| e["seq"].as_u64().unwrap()).collect();
    assert!(voided.contains(&contested) && voided.iter().all(|s| *s >= contested && *s < dispute));
    let on_first_page: std::collections::BTreeSet<u64> =
        voided.iter().copied().filter(|s| *s <= 50).collect();
    assert_eq!(void_steps(&first.text), on_first_page, "each void step of page 1, and no other, is marked");
    let second = app.get(&format!("/play/{}/history?at={ruling}", g.tokens[1]), None).await;
    let on_second_page: std::collections::BTreeSet<u64> =
        voided.iter().copied().filter(|s| *s > 50).collect();
    assert_eq!(void_steps(&second.text), on_second_page, "and of page 2");
}

/// The steps a history page lists as void (struck through), by their numbers.
fn void_steps(page: &str) -> std::collections::BTreeSet<u64> {
    page.split("<li class=\"")
        .skip(1)
        .filter(|item| item.split('"').next().is_some_and(|class| class.split(' ').any(|c| c == "void")))
        .filter_map(|item| item.split(">#").nth(1)?.split('<').next()?.parse().ok())
        .collect()
}

/// One number names a dispute everywhere, its contested step's (docs/disputes.md): the history,
/// the mail and the pages never give the dispute's or the ruling's own record number; after
/// the ruling the game and host pages say what was decided, until the next step.
#[tokio::test]
async fn a_dispute_is_named_by_its_step_everywhere_and_its_ruling_is_told_until_the_next_step() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"throw_again_on_six": false})).await;
    let (mover, contested) = until_a_move(&app, &g).await;
    let d =
        file_dispute(&app, &g, &g.tokens[1 - mover], json!({"against": contested, "claim": "wrong"})).await;
    assert_eq!(d.status, StatusCode::OK, "{}", d.text);
    let dispute = d.json["seq"].as_u64().unwrap();
    assert_ne!(dispute, contested);
    let ruled = app
        .post(
            &format!("/api/games/{}/disputes/{dispute}/ruling", g.id),
            Some(&g.host_token),
            json!({"verdict": "uphold", "reason": "fine by the rules"}),
        )
        .await;
    assert_eq!(ruled.status, StatusCode::OK, "{}", ruled.text);
    let told = format!("upholds step #{contested}: fine by the rules");
    let pages = [
        format!("/play/{}?lang=en", g.tokens[0]),
        format!("/play/{}?lang=en", g.tokens[1]),
        format!("/host/{}/{}?lang=en", g.id, g.host_token),
    ];
    for path in &pages {
        let page = app.get(path, None).await.text;
        let news = page.split("<p class=\"task ruled\">").nth(1).unwrap_or_else(|| panic!("{path}: {page}"));
        assert!(news[..news.find("</p>").unwrap()].contains(&told), "{path}: {news}");
    }
    let history = app.get(&format!("/play/{}/history?lang=en", g.tokens[0]), None).await.text;
    assert!(history.contains(&format!("disputes step #{contested}")), "{history}");
    assert!(history.contains(&told), "{history}");
    assert!(!history.contains(&format!("dispute {dispute}")), "the dispute's own number: {history}");
    let mail = app.outbox(&g.id).await;
    assert!(
        mail.iter().any(|m| m.body_text.contains(&format!("disputes step #{contested}"))),
        "told by step"
    );
    for m in &mail {
        for text in [&m.subject, &m.body_text] {
            assert!(!text.contains(&format!("ispute {dispute}")), "{text}");
        }
    }
    assert!(mail.iter().any(|m| m.body_text.contains(&told)), "the ruling is mailed in the same words");
    // The next step: the pages no longer tell the ruling as news.
    until_a_move(&app, &g).await;
    for path in &pages {
        let page = app.get(path, None).await.text;
        assert!(!page.contains("task ruled"), "{path}");
    }
}
