//! Conceding (each game's rule: docs/rules/<game>.md, Z18, A4, C25) from the game page, the API
//! and a reply (the reply's case is in `reply.rs`), and the rematch its host may start after the
//! end.

use crate::harness::{Answer, TestApp, TestGame, html_unescape};
use axum::http::StatusCode;
use feldpost::store::MailKind;
use serde_json::{Value, json};

fn field<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let needle = format!("name=\"{name}\" value=\"");
    html.match_indices(&needle)
        .map(|(i, _)| &html[i + needle.len()..])
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect()
}

/// The seat that does not move first in a two-player game.
async fn waiting_seat(app: &TestApp, g: &TestGame) -> usize {
    1 - app.seat_to_act(&g.id).await
}

/// `seat` concedes through the API; the answer.
async fn concede(app: &TestApp, g: &TestGame, seat: usize, action: Value) -> Answer {
    app.act(g, seat, action).await
}

#[tokio::test]
async fn a_player_concedes_from_the_page_after_one_question_and_everyone_is_told() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Borek"], json!({})).await;
    let seat = waiting_seat(&app, &g).await;
    let link = g.seat_path(seat);
    // Out of turn, the page offers conceding, in the page's language.
    let page = app.page(&link, "cs").await.text;
    assert!(page.contains("Vzdát hru"), "{page}");
    // Set apart from the moves: its form alone is marked, and the style sheet puts it last.
    assert_eq!(page.matches(" data-concede=\"yes\"").count(), 1, "{page}");
    let action = html_unescape(field(&page, "action")[0]);
    assert_eq!(serde_json::from_str::<Value>(&action).unwrap(), json!({"type": "concede"}));
    let seq = field(&page, "expected_seq")[0].to_owned();
    let before = app.event_count(&g.id).await;

    // The form asks first, saying what follows, and nothing is written yet.
    let asked = app.form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action)]).await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.text);
    assert!(asked.text.contains("Your stones leave the board"), "{}", asked.text);
    assert_eq!(app.event_count(&g.id).await, before);
    let confirmed = app
        .form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action), ("confirmed", "yes")])
        .await;
    assert_eq!(confirmed.status, StatusCode::SEE_OTHER, "{}", confirmed.text);
    assert_eq!(app.event_count(&g.id).await, before + 1);

    // Two players: the other wins, and both are told so by mail; the history tells the step.
    let other = 1 - seat;
    let view = app.view(&g, other).await;
    assert_eq!(view["finished"], true);
    assert_eq!(view["outcome"]["winners"], json!([other]));
    assert_eq!(view["outcome"]["summary"]["key"], "zajatce-outcome-conceded");
    for to in ["alena@example.org", "borek@example.org"] {
        let end = app.mail_to(to, "end").await;
        assert!(end.body_text.contains("every other player conceded"), "{}", end.body_text);
    }
    let history = app.page(&format!("{}/history", g.seat_path(other)), "en").await.text;
    assert!(history.contains("concedes and leaves the game"), "{history}");
    // After the end nothing is offered, a concession included, and one sent is refused.
    assert!(view["legal_actions"].as_array().unwrap().is_empty());
    let again = concede(&app, &g, other, json!({"type": "concede"})).await;
    assert_ne!(again.status, StatusCode::OK);
    assert_eq!(app.event_count(&g.id).await, before + 1);
}

#[tokio::test]
async fn a_sluzba_team_concedes_by_the_api_and_the_other_team_wins() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Alena", "Bořek", "Cyril", "Dana"], json!({})).await;
    // A blue member, out of turn.
    let offered = app.view(&g, 3).await["legal_actions"].clone();
    assert!(
        offered.as_array().unwrap().iter().any(|a| a["action"] == json!({"action": "concede"})),
        "{offered}"
    );
    let done = concede(&app, &g, 3, json!({"action": "concede"})).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    let view = app.view(&g, 0).await;
    assert_eq!(view["finished"], true);
    assert_eq!(view["outcome"]["winners"], json!([0, 2]));
    // The key is shown to everyone at the end (A2).
    let events = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[2])).await.json;
    assert!(events.to_string().contains("key_revealed"), "{events}");
    let again = concede(&app, &g, 0, json!({"action": "concede"})).await;
    assert_ne!(again.status, StatusCode::OK);
    // The API document names the concession.
    let doc = app.get("/api/openapi.json", None).await.text;
    assert!(doc.contains("concede"));
}

#[tokio::test]
async fn a_colditz_team_concedes_and_play_goes_on_until_the_last_one_does() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&["Alena", "Bořek", "Cyril"], json!({})).await;
    let done = concede(&app, &g, 2, json!({"action": "concede"})).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    let view = app.view(&g, 2).await;
    assert_eq!(view["finished"], false, "one team still plays against the German");
    assert!(view["legal_actions"].as_array().unwrap().is_empty(), "a team that conceded plays no more");
    let again = concede(&app, &g, 2, json!({"action": "concede"})).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", again.text);
    let done = concede(&app, &g, 1, json!({"action": "concede"})).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    let view = app.view(&g, 0).await;
    assert_eq!(view["finished"], true);
    assert_eq!(view["outcome"]["winners"], json!([0]));
}

/// The new game's id and host path from a redirect to its host page.
fn new_host(location: &str) -> (String, String) {
    let id = location.trim_start_matches("/host/").split('/').next().unwrap().to_owned();
    (id, location.to_owned())
}

#[tokio::test]
async fn the_host_starts_a_rematch_with_the_same_seats_and_new_links_after_the_end() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Borek"], json!({"throw_again_on_six": false})).await;
    let rematch = format!("{}/rematch", g.host_path);
    // Before the end: refused, and no game is made.
    let early = app.form(&rematch, &[]).await;
    assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", early.text);
    assert!(early.text.contains("only after the game has ended"), "{}", early.text);
    let seat = waiting_seat(&app, &g).await;
    assert_eq!(concede(&app, &g, seat, json!({"type": "concede"})).await.status, StatusCode::OK);

    // Not the host: no such page.
    let forged = app.form(&format!("/host/{}/not-the-token/rematch", g.id), &[]).await;
    assert_ne!(forged.status, StatusCode::SEE_OTHER);
    let host_page = app.page(&g.host_path, "en").await.text;
    assert!(host_page.contains("Start a rematch"), "{host_page}");

    let started = app.form(&rematch, &[]).await;
    assert_eq!(started.status, StatusCode::SEE_OTHER, "{}", started.text);
    let (new_id, new_path) = new_host(&started.location);
    assert_ne!(new_id, g.id.to_string());
    assert_eq!(app.get(&new_path, None).await.status, StatusCode::OK, "the new host page opens");

    // The same ruleset, options and players in their seats; new links.
    let old = app.log.load(&g.id).await.unwrap();
    let new = app.log.load(&crate::harness::game_id(&new_id)).await.unwrap();
    assert_eq!(new.game.ruleset, "zajatce");
    assert_eq!(new.game.options, old.game.options);
    let people = |l: &feldpost::play::Loaded| -> Vec<(String, String)> {
        l.seats.iter().map(|s| (s.name.clone(), s.email.clone())).collect()
    };
    assert_eq!(people(&new), people(&old));
    assert!(!new.finished());
    let new_links = feldpost::play::seats::seat_links(&app.log, &new);
    for (i, l) in new_links.iter().enumerate() {
        assert_ne!(l.token, g.tokens[i], "a new link for every seat");
    }
    // Invitations mailed as at any creation (the host's address was proved by the old game).
    let invited: Vec<String> = app
        .outbox(&new_id)
        .await
        .into_iter()
        .filter(|m| m.kind == MailKind::Invite)
        .map(|m| m.recipient)
        .collect();
    assert_eq!(invited.len(), 2, "{invited:?}");
    assert!(
        invited.contains(&"alena@example.org".to_owned())
            && invited.contains(&"borek@example.org".to_owned())
    );

    // Each old seat's page leads to its seat in the rematch, in its language.
    for (i, l) in new_links.iter().enumerate() {
        let page = app.page(&g.seat_path(i), "cs").await.text;
        assert!(page.contains("Začala odveta."), "{page}");
        assert!(page.contains(&format!("/play/{}", l.token)), "{page}");
        assert_eq!(app.page(&format!("/play/{}", l.token), "en").await.status, StatusCode::OK);
    }
    let host_page = app.page(&g.host_path, "en").await.text;
    assert!(host_page.contains("The rematch has started.") && host_page.contains(&new_path), "{host_page}");

    // One rematch per game, by the page or the API.
    let twice = app.form(&rematch, &[]).await;
    assert_eq!(twice.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", twice.text);
    let by_api = app.post(&format!("/api/games/{}/rematch", g.id), Some(&g.host_token), json!({})).await;
    assert_eq!(by_api.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", by_api.text);
}

#[tokio::test]
async fn the_api_starts_a_rematch_for_the_host_only() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Alena", "Bořek", "Cyril", "Dana"], json!({})).await;
    let path = format!("/api/games/{}/rematch", g.id);
    let early = app.post(&path, Some(&g.host_token), json!({})).await;
    assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", early.text);
    assert_eq!(concede(&app, &g, 0, json!({"action": "concede"})).await.status, StatusCode::OK);
    let by_a_seat = app.post(&path, Some(&g.tokens[0]), json!({})).await;
    assert!(by_a_seat.status.is_client_error(), "{}", by_a_seat.text);
    let started = app.post(&path, Some(&g.host_token), json!({})).await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.text);
    let seats = started.json["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    assert_eq!(started.json["mail"], "sent");
    for (i, s) in seats.iter().enumerate() {
        assert_ne!(s["token"].as_str().unwrap(), g.tokens[i]);
    }
}
