//! Webhooks (docs/notifications.md): each format's shape at a receiver of our own, the
//! signature checked by an independent Standard Webhooks implementation, the refusal of private
//! addresses at creation and at delivery, retries that carry the same id, the pause after
//! failing again and again (and the owner told), and what a game's and a seat's webhook may say.

use crate::harness::{Options, TestApp, TestGame};
use axum::http::header::LOCATION;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::IntoResponse;
use feldpost::clock::Clock;
use feldpost::play::webhooks::{PAUSE_AFTER, deliver_due};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// One request a receiver got.
#[derive(Debug, Clone)]
struct Got {
    method: Method,
    path: String,
    headers: HeaderMap,
    body: Vec<u8>,
}

impl Got {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {:?}", self.body))
    }
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default()
    }
}

/// A receiver on loopback: it keeps every request, and answers 500 to the next `failing` ones
/// (all of them while `failing` is `usize::MAX`), each after `slow` milliseconds.
#[derive(Clone)]
struct Receiver {
    base: String,
    got: Arc<Mutex<Vec<Got>>>,
    failing: Arc<AtomicUsize>,
    slow: Arc<AtomicU64>,
}

impl Receiver {
    async fn start() -> Receiver {
        let got = Arc::new(Mutex::new(Vec::new()));
        let failing = Arc::new(AtomicUsize::new(0));
        let slow = Arc::new(AtomicU64::new(0));
        let (kept, fails, waits) = (got.clone(), failing.clone(), slow.clone());
        let app = axum::Router::new().fallback(
            move |method: Method, uri: Uri, headers: HeaderMap, body: axum::body::Bytes| {
                let (kept, fails, waits) = (kept.clone(), fails.clone(), waits.clone());
                async move {
                    let wait = waits.load(Ordering::SeqCst);
                    tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
                    let path = uri.to_string();
                    kept.lock().unwrap().push(Got {
                        method,
                        path: path.clone(),
                        headers,
                        body: body.to_vec(),
                    });
                    if path.starts_with("/moved") {
                        return (StatusCode::FOUND, [(LOCATION, "/landed")]).into_response();
                    }
                    let left = fails.load(Ordering::SeqCst);
                    if left == usize::MAX {
                        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
                    }
                    if left > 0 {
                        fails.store(left - 1, Ordering::SeqCst);
                        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
                    }
                    StatusCode::OK.into_response()
                }
            },
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Receiver { base, got, failing, slow }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn got(&self) -> Vec<Got> {
        self.got.lock().unwrap().clone()
    }

    fn at(&self, path: &str) -> Vec<Got> {
        self.got().into_iter().filter(|g| g.path.starts_with(path)).collect()
    }
}

async fn add(app: &TestApp, g: &TestGame, token: &str, request: Value) -> Value {
    let a = app.post(&format!("/api/games/{}/webhooks", g.id), Some(token), request).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    a.json
}

/// The game's webhooks of each format each get the step in their shape; the JSON one is signed
/// as Standard Webhooks says (checked by the `standardwebhooks` crate, not by our code).
#[tokio::test]
async fn each_format_reaches_its_receiver_in_its_own_shape() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let host = g.host_token.clone();
    add(&app, &g, &host, json!({"format": "discord", "url": r.url("/discord")})).await;
    add(&app, &g, &host, json!({"format": "slack", "url": r.url("/slack")})).await;
    add(
        &app,
        &g,
        &host,
        json!({"format": "matrix", "url": r.base, "room": "!room:example.org", "access_token": "syt_secret"}),
    )
    .await;
    let json_hook = add(&app, &g, &host, json!({"format": "json", "url": r.url("/json")})).await;
    let secret = json_hook["secret"].as_str().expect("the signing secret is shown once").to_owned();
    assert!(secret.starts_with("whsec_"), "{secret}");
    // Shown once: the list never shows it again.
    let list = app.get(&format!("/api/games/{}/webhooks", g.id), Some(&host)).await;
    assert_eq!(list.json.as_array().unwrap().len(), 4, "{}", list.text);
    assert!(!list.text.contains(&secret) && !list.text.contains("syt_secret"));

    assert_eq!(deliver_due(&app.log).await.unwrap(), 0, "nothing happened yet");
    assert!(r.got().is_empty());
    app.play_first_legal(&g).await;
    assert_eq!(deliver_due(&app.log).await.unwrap(), 4);

    let discord = r.at("/discord");
    assert_eq!(discord.len(), 1);
    assert_eq!(discord[0].method, Method::POST);
    let content = discord[0].json()["content"].as_str().unwrap().to_owned();
    assert!(content.contains("Step 2:"), "{content}");
    assert!(
        content.contains(&format!("/watch/{}/", g.id)),
        "a game's webhook links the spectators' page: {content}"
    );

    let slack = r.at("/slack");
    assert_eq!(slack.len(), 1);
    assert_eq!(slack[0].json()["text"].as_str().unwrap(), content, "Slack is told what Discord is");

    let matrix = r.at("/_matrix/");
    assert_eq!(matrix.len(), 1);
    assert_eq!(matrix[0].method, Method::PUT);
    let prefix = "/_matrix/client/v3/rooms/!room:example.org/send/m.room.message/";
    assert!(matrix[0].path.starts_with(prefix), "{}", matrix[0].path);
    assert!(matrix[0].path.len() > prefix.len(), "a transaction id follows: {}", matrix[0].path);
    assert_eq!(matrix[0].header("authorization"), "Bearer syt_secret");
    assert_eq!(matrix[0].json()["msgtype"], "m.text");
    assert_eq!(matrix[0].json()["body"].as_str().unwrap(), content);

    let signed = r.at("/json");
    assert_eq!(signed.len(), 1);
    let s = &signed[0];
    assert_eq!(s.json()["type"], "feldpost.step");
    assert_eq!(s.json()["data"]["game"], g.id.as_str());
    assert_eq!(s.json()["data"]["seq"], 2);
    assert_eq!(s.json()["data"]["text"].as_str().unwrap(), content);
    let timestamp: i64 = s.header("webhook-timestamp").parse().unwrap();
    assert_eq!(timestamp, app.clock.now_ms() / 1000, "the server's clock, in seconds");
    let hook = standardwebhooks::Webhook::new(&secret).unwrap();
    let expected = hook.sign(s.header("webhook-id"), timestamp, &s.body).unwrap();
    assert_eq!(s.header("webhook-signature"), expected);
    // The control: a body changed by one byte does not verify with that signature.
    let mut tampered = s.body.clone();
    tampered[0] = b' ';
    assert_ne!(hook.sign(s.header("webhook-id"), timestamp, &tampered).unwrap(), expected);

    // Told once: the next pass has nothing to say.
    assert_eq!(deliver_due(&app.log).await.unwrap(), 0);
    assert_eq!(r.got().len(), 4);
}

/// The Standard Webhooks crate's own `verify` (which also holds the timestamp to the real clock)
/// takes a message signed at the real time.
#[tokio::test]
async fn a_signed_message_verifies_with_the_standard_implementation() {
    let now = feldpost::clock::now_ms_system();
    let app = TestApp::spawn_with(Options { start_ms: now, ..Options::default() }).await;
    let r = Receiver::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let hook = add(&app, &g, &g.host_token, json!({"format": "json", "url": r.url("/json")})).await;
    let test = app
        .post(
            &format!("/api/games/{}/webhooks/{}/test", g.id, hook["id"].as_str().unwrap()),
            Some(&g.host_token),
            json!({}),
        )
        .await;
    assert_eq!(test.status, StatusCode::OK, "{}", test.text);
    assert_eq!(test.json["delivered"], true);
    let got = r.at("/json");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].json()["type"], "feldpost.test");
    let verifier = standardwebhooks::Webhook::new(hook["secret"].as_str().unwrap()).unwrap();
    verifier.verify(&got[0].body, &got[0].headers).expect("the signature verifies");
    // The control: another secret does not verify it.
    let other = standardwebhooks::Webhook::new("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").unwrap();
    assert!(other.verify(&got[0].body, &got[0].headers).is_err());
}

/// Without the operator's leave, URLs of loopback, private, link-local (the metadata address)
/// hosts, and names that resolve to them, are refused at creation, in the reader's language.
#[tokio::test]
async fn private_addresses_are_refused_at_creation() {
    let app = TestApp::spawn_with(Options { webhooks_to_private: false, ..Options::default() }).await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let uri = format!("/api/games/{}/webhooks", g.id);
    for url in [
        "http://127.0.0.1:9/hook",
        "http://10.0.0.1/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://localhost:9/hook",
        "http://[::1]:9/hook",
        "http://100.64.0.1/hook",
    ] {
        let a = app.post(&uri, Some(&g.host_token), json!({"format": "slack", "url": url})).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {}", a.text);
        assert!(a.text.contains("private or local network"), "{url}: {}", a.text);
    }
    for (url, why) in [("ftp://example.com/hook", "Only http:// and https://"), ("not a url", "not a URL")] {
        let a = app.post(&uri, Some(&g.tokens[0]), json!({"format": "discord", "url": url})).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {}", a.text);
        assert!(a.text.contains(why), "{url}: {}", a.text);
    }
    // Matrix without its room or token is refused with what is missing.
    let a = app
        .post(&uri, Some(&g.host_token), json!({"format": "matrix", "url": "https://matrix.example.org"}))
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    assert!(a.text.contains("room"), "{}", a.text);
    // In Czech too.
    let a = app
        .send(
            crate::harness::Req::new("POST", &uri)
                .bearer(Some(&g.host_token))
                .lang("cs")
                .json(&json!({"format": "slack", "url": "http://10.0.0.1/"})),
        )
        .await;
    assert!(a.text.contains("soukromé nebo místní síti"), "{}", a.text);
    let list = app.get(&uri, Some(&g.host_token)).await;
    assert_eq!(list.json, json!([]), "nothing was added");
}

/// A webhook added while private addresses were allowed is refused at delivery once they are
/// not: the receiver is never called, and the webhook says why.
#[tokio::test]
async fn private_addresses_are_refused_at_every_delivery() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    add(&app, &g, &g.host_token, json!({"format": "slack", "url": r.url("/slack")})).await;
    app.play_first_legal(&g).await;
    let strict = feldpost::play::GameLog::new(
        crate::harness::opened_store_at(&app.db_url, Default::default()).await,
        Arc::new(app.clock.clone()),
        feldpost::secret::Secret::from_text(crate::harness::SECRET),
        crate::harness::BASE_URL,
    );
    assert_eq!(deliver_due(&strict).await.unwrap(), 0);
    assert!(r.got().is_empty(), "the receiver on loopback was not called");
    let list = app.get(&format!("/api/games/{}/webhooks", g.id), Some(&g.host_token)).await;
    assert_eq!(list.json[0]["failures"], 1, "{}", list.text);
    assert_eq!(list.json[0]["last_error"]["key"], "webhook-error-private", "{}", list.text);
    // The control: the server that allows it delivers, once the wait after the failure is over.
    app.clock.advance(60_000);
    assert_eq!(deliver_due(&app.log).await.unwrap(), 1);
    assert_eq!(r.at("/slack").len(), 1);
}

/// A receiver that fails is tried again after a wait that grows, with the same message and the
/// same id; a move is never held up by it; once taken, the message is not sent again.
#[tokio::test]
async fn retries_carry_the_same_id_and_the_receiver_sees_no_duplicate() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    r.failing.store(2, Ordering::SeqCst);
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    add(&app, &g, &g.host_token, json!({"format": "json", "url": r.url("/json")})).await;
    app.play_first_legal(&g).await;
    assert_eq!(deliver_due(&app.log).await.unwrap(), 0, "the first try fails");
    assert_eq!(r.got().len(), 1);
    // Not again before its wait is over; moves go on meanwhile.
    assert_eq!(deliver_due(&app.log).await.unwrap(), 0);
    assert_eq!(r.got().len(), 1, "no second try within the wait");
    app.play_first_legal(&g).await;
    app.clock.advance(10_000);
    assert_eq!(deliver_due(&app.log).await.unwrap(), 0, "the second try fails");
    app.clock.advance(10_000);
    assert_eq!(deliver_due(&app.log).await.unwrap(), 0, "the wait has doubled");
    app.clock.advance(10_000);
    assert_eq!(deliver_due(&app.log).await.unwrap(), 1, "the third try is taken");
    let got = r.got();
    assert_eq!(got.len(), 3);
    let ids: Vec<&str> = got.iter().map(|g| g.header("webhook-id")).collect();
    assert!(ids.iter().all(|id| *id == ids[0]), "one message, one id: {ids:?}");
    assert_eq!(got[0].json()["data"], got[2].json()["data"], "sent as it was written");
    assert_eq!(got[0].json()["data"]["seq"], 2, "it tells the step it was written for");
    // Then the step made meanwhile, as a message of its own.
    assert_eq!(deliver_due(&app.log).await.unwrap(), 1);
    let got = r.got();
    assert_eq!(got.len(), 4);
    assert_ne!(got[3].header("webhook-id"), ids[0]);
    assert_eq!(got[3].json()["data"]["seq"], 3);
    assert_eq!(deliver_due(&app.log).await.unwrap(), 0);
    assert_eq!(r.got().len(), 4, "each message taken once");
}

/// After twenty failures in a row a seat's webhook is paused: it is tried no more, its owner is
/// told on their page and by mail, and may resume it.
#[tokio::test]
async fn a_webhook_that_keeps_failing_is_paused_and_its_owner_told() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    r.failing.store(usize::MAX, Ordering::SeqCst);
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let first = app.seat_to_act(&g.id).await;
    let other = 1 - first;
    let hook = add(&app, &g, &g.tokens[other], json!({"format": "discord", "url": r.url("/discord")})).await;
    let id = hook["id"].as_str().unwrap().to_owned();
    // The first seat plays until the turn passes (a six, say, throws again).
    for _ in 0..20 {
        app.play_first_legal(&g).await;
        if app.seat_to_act(&g.id).await == other {
            break;
        }
    }
    assert_eq!(app.seat_to_act(&g.id).await, other, "now it is the webhook's seat's turn");
    for tried in 0..PAUSE_AFTER {
        deliver_due(&app.log).await.unwrap();
        if tried == 0 {
            let scraped = feldpost::play::scrape::scrape(&app.log).await;
            assert!(scraped.contains("feldpost_webhooks{state=\"failing\"} 1"), "{scraped}");
        }
        app.clock.advance(3_600_000);
    }
    assert_eq!(r.got().len(), PAUSE_AFTER as usize);
    assert!(r.got()[0].json()["content"].as_str().unwrap().contains("It is your turn."));
    // An operator's scrape counts it paused (failing after the first try), then live again once
    // resumed.
    let scraped = feldpost::play::scrape::scrape(&app.log).await;
    assert!(scraped.contains("feldpost_webhooks{state=\"paused\"} 1"), "{scraped}");
    assert!(scraped.contains("feldpost_webhooks{state=\"live\"} 0"), "{scraped}");
    deliver_due(&app.log).await.unwrap();
    assert_eq!(r.got().len(), PAUSE_AFTER as usize, "a paused webhook is tried no more");
    let list = app.get(&format!("/api/games/{}/webhooks", g.id), Some(&g.tokens[other])).await;
    assert_eq!(list.json[0]["paused"], true, "{}", list.text);
    // Told on the page and by mail, once.
    let page = app.get(&g.seat_path(other), None).await;
    assert!(page.text.contains("A webhook stopped working and was paused."), "{}", page.text);
    let own = app.get(&format!("{}/webhooks", g.seat_path(other)), None).await;
    assert!(own.text.contains("paused since"), "{}", own.text);
    let name = ["alena", "bořek"][other];
    let mail = app.mail_to(&format!("{name}@example.org"), &format!("webhook-paused-{id}")).await;
    let words = mail.body_text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("A webhook of “Test” is paused"), "{words}");
    assert!(words.contains("failed 20 times in a row"), "{words}");
    assert!(mail.body_text.contains(&format!("{}/webhooks", g.seat_path(other))), "{}", mail.body_text);
    let paused_mails =
        app.mails(100).await.into_iter().filter(|m| m.kind.text().starts_with("webhook-paused-")).count();
    assert_eq!(paused_mails, 1);
    // The control: the other seat's page says nothing of it.
    let page = app.get(&g.seat_path(first), None).await;
    assert!(!page.text.contains("A webhook stopped working"));
    // Resumed from its page (a POST): tried again at once, and taken.
    r.failing.store(0, Ordering::SeqCst);
    let resumed = app.form(&format!("{}/webhooks/{id}/resume", g.seat_path(other)), &[]).await;
    assert_eq!(resumed.status, StatusCode::OK, "{}", resumed.text);
    assert_eq!(deliver_due(&app.log).await.unwrap(), 1);
    let list = app.get(&format!("/api/games/{}/webhooks", g.id), Some(&g.tokens[other])).await;
    assert_eq!(list.json[0]["paused"], false);
    assert_eq!(list.json[0]["failures"], 0);
    let scraped = feldpost::play::scrape::scrape(&app.log).await;
    assert!(scraped.contains("feldpost_webhooks{state=\"live\"} 1"), "{scraped}");
    assert!(scraped.contains("feldpost_webhooks{state=\"paused\"} 0"), "{scraped}");
}

/// A seat manages only its own webhooks, the host only the game's; test, remove and a
/// receiver that is down answer clearly.
#[tokio::test]
async fn owners_manage_only_their_own_webhooks() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let mine = add(&app, &g, &g.tokens[0], json!({"format": "slack", "url": r.url("/a")})).await;
    let id = mine["id"].as_str().unwrap();
    assert_eq!(mine["seat"], 0);
    let list = |token: String| {
        let app = &app;
        let uri = format!("/api/games/{}/webhooks", g.id);
        async move { app.get(&uri, Some(&token)).await.json }
    };
    assert_eq!(list(g.tokens[1].clone()).await, json!([]), "another seat does not see it");
    assert_eq!(list(g.host_token.clone()).await, json!([]), "nor does the host");
    for token in [&g.tokens[1], &g.host_token] {
        let a = app.call("DELETE", &format!("/api/games/{}/webhooks/{id}", g.id), Some(token), None).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
        assert!(a.text.contains("no such webhook"), "{}", a.text);
    }
    // A test that the receiver takes; then one whose receiver is down.
    let test = format!("/api/games/{}/webhooks/{id}/test", g.id);
    let a = app.post(&test, Some(&g.tokens[0]), json!({})).await;
    assert_eq!(a.json["delivered"], true, "{}", a.text);
    assert!(r.at("/a")[0].json()["text"].as_str().unwrap().contains("this webhook works"));
    let down = add(&app, &g, &g.tokens[0], json!({"format": "slack", "url": "http://127.0.0.1:9/x"})).await;
    let a = app
        .post(
            &format!("/api/games/{}/webhooks/{}/test", g.id, down["id"].as_str().unwrap()),
            Some(&g.tokens[0]),
            json!({}),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    assert!(a.text.contains("could not be reached"), "{}", a.text);
    // A move is made although a webhook's receiver is down.
    app.play_first_legal(&g).await;
    let a = app.call("DELETE", &format!("/api/games/{}/webhooks/{id}", g.id), Some(&g.tokens[0]), None).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(list(g.tokens[0].clone()).await.as_array().unwrap().len(), 1);
    // The host's page form adds the game's; its page lists it.
    let host_hooks = format!("{}/webhooks", g.host_path);
    let page = app.form(&host_hooks, &[("format", "discord"), ("url", &r.url("/host"))]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(page.text.contains("The webhook is added."), "{}", page.text);
    assert!(page.text.contains("127.0.0.1"), "{}", page.text);
    assert_eq!(list(g.host_token.clone()).await.as_array().unwrap().len(), 1);
}

/// Služba: a red member's webhook carries red's team talk but never blue's, the coordinators'
/// or the key; the game's webhook carries none of them (what a spectator sees), but the clue.
#[tokio::test]
async fn webhooks_say_only_what_their_owner_may_see() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    // Seats: 0 red coordinator, 1 blue coordinator, 2 red member, 3 blue member.
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let first = app.log.store.records(&g.id, 0).await.unwrap()[0].record().unwrap();
    let drawn = first.events.iter().find(|e| e["event"] == "key_drawn").unwrap();
    let key = drawn["key"].as_str().unwrap().to_owned();
    let salt = drawn["salt"].as_str().unwrap().to_owned();
    add(&app, &g, &g.tokens[2], json!({"format": "json", "url": r.url("/red-member")})).await;
    add(&app, &g, &g.host_token, json!({"format": "json", "url": r.url("/game")})).await;
    let chat = |channel: &str, text: &str| json!({"action": "chat", "channel": channel, "text": text});
    for (seat, action) in [
        (2, chat("red_team", "REDSECRETMARK")),
        (3, chat("blue_team", "BLUESECRETMARK")),
        (0, chat("coordinators", "COORDSECRETMARK")),
    ] {
        let a = app.act(&g, seat, action).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    }
    let v = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await;
    let mut clue = v.json["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].clone())
        .find(|a| a["action"] == "give_clue")
        .unwrap();
    clue["word"] = json!("zzqa");
    clue["number"] = json!(1);
    let a = app.act(&g, 0, clue).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert!(app.log.load(&g.id).await.unwrap().table.to_act().contains(&2), "red's member guesses now");
    deliver_due(&app.log).await.unwrap();

    let member: Vec<String> =
        r.at("/red-member").iter().map(|g| String::from_utf8_lossy(&g.body).into_owned()).collect();
    let game: Vec<String> =
        r.at("/game").iter().map(|g| String::from_utf8_lossy(&g.body).into_owned()).collect();
    assert_eq!(member.len(), 1, "the member is told once, of its turn");
    assert!(!game.is_empty());
    for text in &member {
        for secret in ["BLUESECRETMARK", "COORDSECRETMARK", key.as_str(), salt.as_str()] {
            assert!(!text.contains(secret), "{secret} reached red's member: {text}");
        }
    }
    for text in &game {
        for secret in ["REDSECRETMARK", "BLUESECRETMARK", "COORDSECRETMARK", key.as_str(), salt.as_str()] {
            assert!(!text.contains(secret), "{secret} reached the game's webhook: {text}");
        }
    }
    // The controls: the member reads their own team's talk, and the game's webhook the clue.
    assert!(member[0].contains("REDSECRETMARK"), "{}", member[0]);
    assert!(game.iter().any(|t| t.contains("zzqa")), "{game:?}");
}

/// A webhook added now is told of what happens from now on, not of the game's past.
#[tokio::test]
async fn a_new_webhook_starts_from_the_game_as_it_stands() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    app.play_first_legal(&g).await;
    add(&app, &g, &g.host_token, json!({"format": "slack", "url": r.url("/s")})).await;
    assert_eq!(deliver_due(&app.log).await.unwrap(), 0);
    app.play_first_legal(&g).await;
    assert_eq!(deliver_due(&app.log).await.unwrap(), 1);
    let text = r.at("/s")[0].json()["text"].as_str().unwrap().to_owned();
    assert!(text.contains("Step 3:") && !text.contains("Step 2:"), "{text}");
}

/// A seat given to a new player loses the former player's webhooks: they would tell the former
/// player the new one's turns. The other seat's stay (the control).
#[tokio::test]
async fn a_seat_handed_on_drops_its_former_players_webhooks() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    add(&app, &g, &g.tokens[0], json!({"format": "slack", "url": r.url("/old")})).await;
    add(&app, &g, &g.tokens[1], json!({"format": "slack", "url": r.url("/other")})).await;
    let a = app
        .post(
            &format!("/api/games/{}/seats/0/replacement", g.id),
            Some(&g.host_token),
            json!({"name": "Cyril", "email": "cyril@example.org"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let new_token = a.json["token"].as_str().unwrap().to_owned();
    let list = app.get(&format!("/api/games/{}/webhooks", g.id), Some(&new_token)).await;
    assert_eq!(list.json, json!([]), "{}", list.text);
    let list = app.get(&format!("/api/games/{}/webhooks", g.id), Some(&g.tokens[1])).await;
    assert_eq!(list.json.as_array().unwrap().len(), 1, "{}", list.text);
}

/// A redirect is not followed: it is a failure, and the place it points to is never called.
#[tokio::test]
async fn a_redirect_is_a_failure_not_followed() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let hook = add(&app, &g, &g.host_token, json!({"format": "slack", "url": r.url("/moved")})).await;
    let test = format!("/api/games/{}/webhooks/{}/test", g.id, hook["id"].as_str().unwrap());
    let a = app.post(&test, Some(&g.host_token), json!({})).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    assert!(a.text.contains("status 302"), "{}", a.text);
    assert_eq!(r.at("/moved").len(), 1);
    assert!(r.at("/landed").is_empty(), "the redirect was not followed");
}

/// The worker beside the mail worker is woken by a commit: a move reaches the receiver without
/// anyone asking for a pass.
#[tokio::test]
async fn the_worker_tells_a_webhook_after_a_move() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    add(&app, &g, &g.host_token, json!({"format": "slack", "url": r.url("/w")})).await;
    let worker = tokio::spawn(feldpost::play::worker::run_webhook_worker(app.log.clone()));
    app.play_first_legal(&g).await;
    for _ in 0..500 {
        if !r.at("/w").is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    app.log.stopping().cancel();
    worker.await.unwrap();
    let got = r.at("/w");
    assert_eq!(got.len(), 1, "told once");
    assert!(got[0].json()["text"].as_str().unwrap().contains("Step 2:"));
}

/// Test messages are limited per owner (each is a request to a URL of the owner's choosing):
/// five at once, then one a minute; another owner's are counted apart.
#[tokio::test]
async fn test_messages_are_limited_per_owner() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let host = add(&app, &g, &g.host_token, json!({"format": "slack", "url": r.url("/h")})).await;
    let seat = add(&app, &g, &g.tokens[0], json!({"format": "slack", "url": r.url("/s")})).await;
    let test = |hook: &Value| format!("/api/games/{}/webhooks/{}/test", g.id, hook["id"].as_str().unwrap());
    for _ in 0..5 {
        let a = app.post(&test(&host), Some(&g.host_token), json!({})).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    }
    let a = app.post(&test(&host), Some(&g.host_token), json!({})).await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "{}", a.text);
    assert_eq!(r.at("/h").len(), 5, "the sixth was not sent");
    let a = app.post(&test(&seat), Some(&g.tokens[0]), json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "the seat's are its own: {}", a.text);
    app.clock.advance(60_000);
    let a = app.post(&test(&host), Some(&g.host_token), json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "a minute later: {}", a.text);
}

/// Forgetting an address removes the webhooks of its seats and of the games it hosts; another
/// seat's stay (the control).
#[tokio::test]
async fn forgetting_an_address_removes_its_webhooks() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    add(&app, &g, &g.tokens[0], json!({"format": "slack", "url": r.url("/alena")})).await;
    add(&app, &g, &g.tokens[1], json!({"format": "slack", "url": r.url("/borek")})).await;
    add(&app, &g, &g.host_token, json!({"format": "slack", "url": r.url("/host")})).await;
    let count = |seat: Option<i64>| {
        let store = app.log.store.clone();
        let game = g.id.to_string();
        async move { store.webhooks_of(&game, seat).await.unwrap().len() }
    };
    // Her data names her webhook (not its secret); the host's names the game's.
    let held = feldpost::play::people::held_about(&app.log, "alena@example.org").await.unwrap();
    assert_eq!(held.webhooks.len(), 1);
    assert_eq!(held.webhooks[0].url, r.url("/alena"));
    let held = feldpost::play::people::held_about(&app.log, crate::harness::HOST_EMAIL).await.unwrap();
    assert_eq!(held.webhooks.iter().map(|w| w.seat).collect::<Vec<_>>(), vec![None]);
    app.log.store.forget("Alena@example.org", false, app.clock.now_ms()).await.unwrap();
    let held = feldpost::play::people::held_about(&app.log, "alena@example.org").await.unwrap();
    assert!(held.webhooks.is_empty());
    assert_eq!(count(Some(0)).await, 0, "Alena's webhook is gone");
    assert_eq!(count(Some(1)).await, 1, "Bořek's stays");
    assert_eq!(count(None).await, 1, "the game's stays while its host is not forgotten");
    app.log.store.forget(crate::harness::HOST_EMAIL, false, app.clock.now_ms()).await.unwrap();
    assert_eq!(count(None).await, 0, "the host's is gone with the host's address");
    assert_eq!(count(Some(1)).await, 1);
}

/// Služba carried over from a real table (rule A5): the key card a coordinator entered reaches
/// no member's webhook and not the game's; the coordinator's own webhook is told it (the control).
#[tokio::test]
async fn a_key_card_entered_from_a_real_table_reaches_only_the_coordinators_webhooks() {
    const KEY: &str = "RBRBBBPNNNRRNBNRRRBRBNBRN";
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    let g = app
        .create_game(json!({
            "ruleset": "sluzba", "options": {}, "from_position": true,
            "players": crate::harness::players(&["Rudolf", "Blanka", "Radek", "Bara"]),
        }))
        .await;
    add(&app, &g, &g.tokens[3], json!({"format": "json", "url": r.url("/blue-member")})).await;
    add(&app, &g, &g.tokens[1], json!({"format": "json", "url": r.url("/blue-coordinator")})).await;
    add(&app, &g, &g.host_token, json!({"format": "json", "url": r.url("/game")})).await;
    let seq = || async { app.log.load(&g.id).await.unwrap().seq };
    let table = json!({"covered": [{"card": 0, "colour": "red"}], "to_move": "blue"});
    let a = app
        .post(
            &format!("/api/games/{}/position", g.id),
            Some(&g.host_token),
            json!({"expected_seq": seq().await, "position": table}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let a = app
        .post(
            &format!("/api/games/{}/position/private", g.id),
            Some(&g.tokens[0]),
            json!({"expected_seq": seq().await, "part": {"key": KEY}}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    for seat in 0..4 {
        let a = app
            .post(
                &format!("/api/games/{}/position/answer", g.id),
                Some(&g.tokens[seat]),
                json!({"expected_seq": seq().await, "agrees": true}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    }
    // The blue coordinator is told of his turn, then the blue member of hers.
    deliver_due(&app.log).await.unwrap();
    let a = app.act(&g, 1, json!({"action": "give_clue", "word": "zzqa", "number": 1})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    deliver_due(&app.log).await.unwrap();
    let bodies = |path: &str| -> Vec<String> {
        r.at(path).iter().map(|g| String::from_utf8_lossy(&g.body).into_owned()).collect()
    };
    let (member, game, coordinator) = (bodies("/blue-member"), bodies("/game"), bodies("/blue-coordinator"));
    assert!(!game.is_empty() && !coordinator.is_empty() && !member.is_empty(), "{member:?} {coordinator:?}");
    assert!(member.iter().any(|t| t.contains("zzqa")), "the member is told the clue: {member:?}");
    for text in member.iter().chain(&game) {
        assert!(!text.contains(KEY), "the key card reached a member's or the game's webhook: {text}");
    }
    assert!(coordinator.iter().any(|t| t.contains(KEY)), "the control: {coordinator:?}");
}

/// Two servers on one database, each with its webhook worker: a step is told once, by one of
/// them, even when both find the webhook due at the same moment and the receiver is slow.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_tell_a_step_once() {
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    r.slow.store(300, Ordering::SeqCst);
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    add(&app, &g, &g.host_token, json!({"format": "discord", "url": r.url("/discord")})).await;
    app.play_first_legal(&g).await;
    let other = Arc::new(
        feldpost::play::GameLog::new(
            crate::harness::opened_store_at(&app.db_url, Default::default()).await,
            Arc::new(app.clock.clone()),
            feldpost::secret::Secret::from_text(crate::harness::SECRET),
            "http://feldpost.test",
        )
        .with_webhooks_to_private(true),
    );
    let (here, there) = tokio::join!(deliver_due(&app.log), deliver_due(&other));
    assert_eq!(here.unwrap() + there.unwrap(), 1, "one server told it");
    assert_eq!(r.at("/discord").len(), 1, "the channel shows the step once");
    // Told: neither server finds it due again until the next step.
    assert_eq!(deliver_due(&app.log).await.unwrap() + deliver_due(&other).await.unwrap(), 0);
    app.play_first_legal(&g).await;
    let (here, there) = tokio::join!(deliver_due(&app.log), deliver_due(&other));
    assert_eq!(here.unwrap() + there.unwrap(), 1, "the next step, once");
    assert_eq!(r.at("/discord").len(), 2);
}

/// A seat told by its webhook and not by mail is reminded there before its turn's deadline,
/// once; a seat that is not asked is not.
#[tokio::test]
async fn a_seat_without_mail_is_reminded_by_its_webhook_once() {
    use feldpost::clock::HOUR_MS;
    let app = TestApp::spawn().await;
    let r = Receiver::start().await;
    let g = app
        .create_game(json!({
            "ruleset": "zajatce", "title": "Test",
            "players": [{"name": "Alena"}, {"name": "Bořek"}],
            "deadline": {"hours": 72, "remind_hours": 24},
        }))
        .await;
    let asked = app.seat_to_act(&g.id).await;
    add(&app, &g, &g.tokens[asked], json!({"format": "discord", "url": r.url("/asked")})).await;
    add(&app, &g, &g.tokens[1 - asked], json!({"format": "discord", "url": r.url("/other")})).await;
    let tick = || feldpost::play::deadlines::tick(&app.log);
    app.clock.advance(48 * HOUR_MS - 1);
    tick().await.unwrap();
    assert!(r.at("/asked").is_empty(), "not yet");
    app.clock.advance(1);
    assert_eq!(tick().await.unwrap().reminders, 1, "24 hours before the deadline");
    let got = r.at("/asked");
    assert_eq!(got.len(), 1, "{got:?}");
    let said = got[0].json()["content"].as_str().unwrap_or_default().to_owned();
    assert!(said.contains("A reminder: it is still your turn in “Test”, and the deadline is"), "{said}");
    assert!(said.contains("UTC"), "the deadline as a time: {said}");
    tick().await.unwrap();
    assert_eq!(r.at("/asked").len(), 1, "once");
    assert!(r.at("/other").is_empty(), "the seat not asked is not reminded");
}
