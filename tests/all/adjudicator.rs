//! The adjudicator is told to rule (docs/disputes.md, D2 and D6): a mail of its own
//! with the deadline and the ruling page, and a reminder before the dispute expires.

use crate::harness::{GameId, TestApp, game_id, seat_token};
use axum::http::StatusCode;
use feldpost::clock::HOUR_MS;
use feldpost::store::MailKind;
use serde_json::json;

async fn act_once(app: &TestApp, game: &GameId, tokens: &[String]) -> u64 {
    let loaded = app.log.load(game).await.unwrap();
    let seat = loaded.table.to_act()[0];
    let (action, _, _) = loaded.table.legal_actions(seat).into_iter().next().unwrap();
    feldpost::play::act::by_token(
        &app.log,
        &seat_token(&tokens[usize::from(seat)]),
        None,
        loaded.seq,
        &action,
    )
    .await
    .unwrap()
    .seq
}

#[tokio::test]
async fn d2_the_host_is_asked_to_rule_by_mail_and_reminded_before_the_dispute_expires() {
    let app = TestApp::spawn().await;
    let players = json!([{"name": "Alena", "email": "alena@example.org"}, {"name": "Bořek", "email": "borek@example.org"}]);
    let created = app
        .post(
            "/api/games",
            None,
            json!({"ruleset": "zajatce", "players": players, "host_email": "host@example.org"}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let game = game_id(created.json["game_id"].as_str().unwrap());
    app.confirm_host(&game).await;
    let tokens: Vec<String> = created.json["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_owned())
        .collect();
    let contested = act_once(&app, &game, &tokens).await;
    let filed = app
        .post(
            &format!("/api/games/{game}/disputes"),
            Some(&tokens[1]),
            json!({"against": contested, "claim": "That was not my throw"}),
        )
        .await;
    assert_eq!(filed.status, StatusCode::OK, "{}", filed.text);
    let dispute = filed.json["seq"].as_u64().unwrap();
    let mails = app.outbox(&game).await;
    let asked: Vec<&feldpost::store::OutboxRow> =
        mails.iter().filter(|m| m.kind == MailKind::RuleRequest).collect();
    assert_eq!(asked.len(), 1, "one mail asks the adjudicator");
    let m = asked[0];
    assert_eq!(m.recipient, "host@example.org");
    // Named by its step, the one number a dispute has in words (docs/disputes.md).
    assert!(
        m.body_text.contains(&format!("rule on the dispute about step #{contested} by")),
        "{}",
        m.body_text
    );
    assert!(!m.body_text.contains(&format!("dispute {dispute}")), "{}", m.body_text);
    assert!(m.body_text.contains("That was not my throw"), "the claim is in it");
    let host_url = created.json["host_url"].as_str().unwrap();
    assert!(m.body_text.contains(&format!("{host_url}/disputes/{dispute}")), "{}", m.body_text);
    // The link opens the ruling page.
    let page =
        app.get(&format!("{}/disputes/{dispute}", host_url.replace("http://feldpost.test", "")), None).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);

    // 72 hours to rule: nothing more at first; a day before the end, one reminder, only one.
    feldpost::play::disputes::tick_disputes(&app.log, &game).await.unwrap();
    app.clock.advance(47 * HOUR_MS);
    feldpost::play::disputes::tick_disputes(&app.log, &game).await.unwrap();
    let count = |kind: &'static str| {
        let app = &app;
        let game = game.clone();
        async move { app.outbox(&game).await.iter().filter(|m| m.kind.text() == kind).count() }
    };
    assert_eq!(count("rule-reminder").await, 0, "too early for a reminder");
    app.clock.advance(2 * HOUR_MS);
    feldpost::play::disputes::tick_disputes(&app.log, &game).await.unwrap();
    app.clock.advance(HOUR_MS);
    feldpost::play::disputes::tick_disputes(&app.log, &game).await.unwrap();
    assert_eq!(count("rule-reminder").await, 1, "one reminder a day before");
    let reminder = app.outbox(&game).await.into_iter().find(|m| m.kind == MailKind::RuleReminder).unwrap();
    assert_eq!(reminder.recipient, "host@example.org");
    assert!(reminder.body_text.contains("still waits for your ruling"), "{}", reminder.body_text);
}

#[tokio::test]
async fn d2_in_colditz_the_german_is_asked_to_rule_on_his_own_page() {
    let app = TestApp::spawn().await;
    let players = json!([{"name": "Gerhard", "email": "gerhard@example.org"}, {"name": "Amy", "email": "amy@example.org"}]);
    let created = app
        .post(
            "/api/games",
            None,
            json!({"ruleset": "colditz", "players": players, "host_email": "host@example.org"}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let game = game_id(created.json["game_id"].as_str().unwrap());
    app.confirm_host(&game).await;
    let tokens: Vec<String> = created.json["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_owned())
        .collect();
    let contested = act_once(&app, &game, &tokens).await;
    let filed = app
        .post(
            &format!("/api/games/{game}/disputes"),
            Some(&tokens[1]),
            json!({"against": contested, "claim": "A guard stands in a doorway"}),
        )
        .await;
    assert_eq!(filed.status, StatusCode::OK, "{}", filed.text);
    let dispute = filed.json["seq"].as_u64().unwrap();
    let mails = app.outbox(&game).await;
    let asked: Vec<_> = mails.iter().filter(|m| m.kind == MailKind::RuleRequest).collect();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].recipient, "gerhard@example.org", "rule 55: the German rules");
    let link = format!("http://feldpost.test/play/{}/disputes/{dispute}", tokens[0]);
    assert!(asked[0].body_text.contains(&link), "{}", asked[0].body_text);
    let page = app.get(&link.replace("http://feldpost.test", ""), None).await;
    assert_eq!(page.status, StatusCode::OK, "the German's ruling page: {}", page.text);
}
