//! Browser notifications (Web Push, docs/notifications.md): a push service stand-in on loopback
//! that holds a subscription's keys as a browser would (its own P-256 key pair and auth
//! secret), checks each request's VAPID token (audience and signature) and its TTL and Urgency,
//! and decrypts the aes128gcm body; a subscription the push service says is gone (404, 410) is
//! removed; a failing one is tried again with the same message; a Služba seat's push says only
//! what that seat may see.

use crate::harness::{TestApp, TestGame};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::IntoResponse;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use feldpost::clock::Clock;
use feldpost::play::webhooks::deliver_due;
use p256::ecdsa::signature::Verifier;
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// A browser's side of a subscription: the private key and auth secret it keeps.
struct Browser {
    secret: p256::SecretKey,
    auth: [u8; 16],
}

impl Browser {
    fn new() -> Browser {
        let secret = loop {
            if let Ok(k) = p256::SecretKey::from_slice(&feldpost::secret::random_bytes32()) {
                break k;
            }
        };
        let auth: [u8; 16] = feldpost::secret::random_bytes32()[..16].try_into().unwrap();
        Browser { secret, auth }
    }

    /// The keys as `PushSubscription.toJSON()` gives them.
    fn keys(&self) -> Value {
        use p256::elliptic_curve::sec1::ToEncodedPoint;
        let public = self.secret.public_key().to_encoded_point(false);
        json!({"p256dh": URL_SAFE_NO_PAD.encode(public.as_bytes()), "auth": URL_SAFE_NO_PAD.encode(self.auth)})
    }

    fn decrypt(&self, body: &[u8]) -> Value {
        let auth = web_push_native::Auth::from(self.auth);
        let plain = web_push_native::decrypt(body.to_vec(), &self.secret, &auth).expect("the body decrypts");
        serde_json::from_slice(&plain).expect("a notification's JSON")
    }
}

/// One request the push service got.
#[derive(Debug, Clone)]
struct Got {
    path: String,
    headers: HeaderMap,
    body: Vec<u8>,
}

impl Got {
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default()
    }
}

/// A push service on loopback: it keeps every request and answers 201 (as push services do),
/// 404 or 410 for the endpoints under `/gone404` and `/gone410`, and 500 to the next `failing`.
#[derive(Clone)]
struct PushService {
    base: String,
    got: Arc<Mutex<Vec<Got>>>,
    failing: Arc<AtomicUsize>,
}

impl PushService {
    async fn start() -> PushService {
        let got = Arc::new(Mutex::new(Vec::new()));
        let failing = Arc::new(AtomicUsize::new(0));
        let (kept, fails) = (got.clone(), failing.clone());
        let app =
            axum::Router::new().fallback(move |uri: Uri, headers: HeaderMap, body: axum::body::Bytes| {
                let (kept, fails) = (kept.clone(), fails.clone());
                async move {
                    let path = uri.path().to_owned();
                    kept.lock().unwrap().push(Got { path: path.clone(), headers, body: body.to_vec() });
                    if path.starts_with("/gone404") {
                        return StatusCode::NOT_FOUND.into_response();
                    }
                    if path.starts_with("/gone410") {
                        return StatusCode::GONE.into_response();
                    }
                    let left = fails.load(Ordering::SeqCst);
                    if left > 0 {
                        fails.store(left - 1, Ordering::SeqCst);
                        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
                    }
                    StatusCode::CREATED.into_response()
                }
            });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        PushService { base, got, failing }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn at(&self, path: &str) -> Vec<Got> {
        self.got.lock().unwrap().iter().filter(|g| g.path.starts_with(path)).cloned().collect()
    }

    /// What a push service checks of a request before it takes it: the VAPID token (RFC 8292)
    /// is for this service's origin, not expired, signed by the key it carries, and that key is
    /// the server's; the body is aes128gcm. Returns the token's claims.
    fn check(&self, got: &Got, server_key: &str, now_s: i64) -> Value {
        assert_eq!(got.header("content-encoding"), "aes128gcm");
        let auth = got.header("authorization");
        let rest = auth.strip_prefix("vapid t=").unwrap_or_else(|| panic!("a VAPID header: {auth}"));
        let (token, k) = rest.split_once(", k=").unwrap();
        assert_eq!(k, server_key, "the key the browser subscribed with");
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let (header, claims) = signed.split_once('.').unwrap();
        let header: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(header).unwrap()).unwrap();
        assert_eq!(header["alg"], "ES256");
        let key = p256::ecdsa::VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(k).unwrap()).unwrap();
        let signature =
            p256::ecdsa::Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
        key.verify(signed.as_bytes(), &signature).expect("the token's signature holds");
        // The control: a token changed by one character does not verify.
        let mut forged = signed.to_owned().into_bytes();
        forged[0] ^= 1;
        assert!(key.verify(&forged, &signature).is_err());
        let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(claims).unwrap()).unwrap();
        assert_eq!(claims["aud"], self.base.as_str(), "the audience is the push service's origin");
        let exp = claims["exp"].as_i64().unwrap();
        assert!(exp > now_s && exp <= now_s + 86_400, "{exp} against {now_s}");
        assert!(
            claims["sub"].as_str().unwrap().starts_with("mailto:")
                || claims["sub"].as_str().unwrap().starts_with("http")
        );
        claims
    }
}

async fn subscribe(app: &TestApp, g: &TestGame, token: &str, endpoint: &str, b: &Browser) -> Value {
    let a = app
        .post(
            &format!("/api/games/{}/webhooks", g.id),
            Some(token),
            json!({"format": "push", "url": endpoint, "keys": b.keys()}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    a.json
}

/// Play until it is `seat`'s turn.
async fn until_turn_of(app: &TestApp, g: &TestGame, seat: usize) {
    for _ in 0..20 {
        if app.seat_to_act(&g.id).await == seat {
            return;
        }
        app.play_first_legal(g).await;
    }
    panic!("seat {seat} never got the turn");
}

/// A seat's browser is told of its turn: the push decrypts with the browser's own keys to the
/// game's title, "It is your turn." and the seat's own link; urgent, kept a day, signed by the
/// server's VAPID key for this push service. The other seat's turn is no push of this seat's.
#[tokio::test]
async fn a_seats_browser_is_told_of_its_turn_encrypted_and_signed() {
    let app = TestApp::spawn().await;
    let ps = PushService::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let first = app.seat_to_act(&g.id).await;
    let other = 1 - first;
    let b = Browser::new();
    let added = subscribe(&app, &g, &g.tokens[other], &ps.url("/sub/1"), &b).await;
    assert_eq!(added["format"], "push");
    assert_eq!(added["target"], "127.0.0.1");
    assert!(added.get("secret").is_none(), "{added}");
    assert_eq!(deliver_due(&app.log).await.unwrap(), 0, "nothing asked of the seat yet");
    until_turn_of(&app, &g, other).await;
    deliver_due(&app.log).await.unwrap();
    let got = ps.at("/sub/1");
    assert_eq!(got.len(), 1, "one push, of its turn");
    let now_s = app.clock.now_ms() / 1000;
    let server_key = app.log.vapid().public_key();
    ps.check(&got[0], &server_key, now_s);
    assert_eq!(got[0].header("ttl"), "86400");
    assert_eq!(got[0].header("urgency"), "high", "its turn is urgent");
    assert_eq!(got[0].header("topic").len(), 32);
    let note = b.decrypt(&got[0].body);
    assert_eq!(note["title"], "Test");
    assert!(note["body"].as_str().unwrap().starts_with("It is your turn."), "{note}");
    assert!(note["url"].as_str().unwrap().ends_with(&g.seat_path(other)), "the seat's own page: {note}");
    assert_eq!(note["urgency"], "high");
    // The control: another browser's keys do not open it.
    let stranger = Browser::new();
    let auth = web_push_native::Auth::from(stranger.auth);
    assert!(web_push_native::decrypt(got[0].body.clone(), &stranger.secret, &auth).is_err());
    // The page shows the switch's key: the one the requests are signed with.
    let page = app.get(&g.seat_path(other), None).await;
    assert!(page.text.contains(&format!("data-push-key=\"{server_key}\"")), "{}", page.text);
    // The API gives the same key to a client of its own.
    let key = app.get("/api/push-key", None).await;
    assert_eq!(key.json["public_key"], server_key.as_str(), "{}", key.text);
    // A test push is not urgent.
    let test = format!("/api/games/{}/webhooks/{}/test", g.id, added["id"].as_str().unwrap());
    let a = app.post(&test, Some(&g.tokens[other]), json!({})).await;
    assert_eq!(a.json["delivered"], true, "{}", a.text);
    let got = ps.at("/sub/1");
    assert_eq!(got.len(), 2);
    assert_eq!(got[1].header("urgency"), "normal");
    assert!(b.decrypt(&got[1].body)["body"].as_str().unwrap().contains("this webhook works"));
}

/// A push service that answers 404 or 410 has dropped the subscription: it is removed at once
/// (not paused, not tried again); one that fails otherwise is tried again with the same message.
#[tokio::test]
async fn a_gone_subscription_is_removed_and_a_failing_one_retried() {
    let app = TestApp::spawn().await;
    let ps = PushService::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let first = app.seat_to_act(&g.id).await;
    let other = 1 - first;
    let token = g.tokens[other].clone();
    let (b404, b410, bok) = (Browser::new(), Browser::new(), Browser::new());
    subscribe(&app, &g, &token, &ps.url("/gone404/a"), &b404).await;
    subscribe(&app, &g, &token, &ps.url("/gone410/b"), &b410).await;
    subscribe(&app, &g, &token, &ps.url("/ok/c"), &bok).await;
    let list = || {
        let app = &app;
        let (uri, token) = (format!("/api/games/{}/webhooks", g.id), token.clone());
        async move { app.get(&uri, Some(&token)).await.json }
    };
    assert_eq!(list().await.as_array().unwrap().len(), 3);
    ps.failing.store(1, Ordering::SeqCst);
    until_turn_of(&app, &g, other).await;
    deliver_due(&app.log).await.unwrap();
    assert_eq!(ps.at("/gone404").len(), 1);
    assert_eq!(ps.at("/gone410").len(), 1);
    let left = list().await;
    let left = left.as_array().unwrap();
    assert_eq!(left.len(), 1, "the two gone subscriptions are removed: {left:?}");
    assert_eq!(left[0]["target"], "127.0.0.1");
    // The one left failed once (500): tried again after its wait, the same message.
    app.clock.advance(10_000);
    deliver_due(&app.log).await.unwrap();
    let ok = ps.at("/ok");
    assert_eq!(ok.len(), 2, "tried again");
    assert_eq!(bok.decrypt(&ok[0].body), bok.decrypt(&ok[1].body), "sent as it was written");
    assert_eq!(list().await[0]["failures"], 0, "taken the second time");
    // Nothing more goes to the removed ones.
    app.play_first_legal(&g).await;
    until_turn_of(&app, &g, other).await;
    deliver_due(&app.log).await.unwrap();
    assert_eq!(ps.at("/gone404").len() + ps.at("/gone410").len(), 2);
}

/// Keys that are not a browser's are refused with a clear message, and nothing is added; the
/// same browser subscribing again replaces its subscription.
#[tokio::test]
async fn bad_keys_are_refused_and_a_resubscription_replaces() {
    let app = TestApp::spawn().await;
    let ps = PushService::start().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let uri = format!("/api/games/{}/webhooks", g.id);
    for keys in [json!({"p256dh": "AAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}), json!(null)] {
        let a = app
            .post(&uri, Some(&g.tokens[0]), json!({"format": "push", "url": ps.url("/x"), "keys": keys}))
            .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
        assert!(a.text.contains("without usable keys"), "{}", a.text);
    }
    assert_eq!(app.get(&uri, Some(&g.tokens[0])).await.json, json!([]), "nothing was added");
    // The page's form (what static/push.js posts) takes a subscription too.
    let b = Browser::new();
    let keys = b.keys();
    let same = ps.url("/same");
    let form = [
        ("format", "push"),
        ("url", same.as_str()),
        ("p256dh", keys["p256dh"].as_str().unwrap()),
        ("auth", keys["auth"].as_str().unwrap()),
    ];
    let page = app.form(&format!("{}/webhooks", g.seat_path(0)), &form).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(page.text.contains("Browser notifications"), "{}", page.text);
    let again = Browser::new();
    subscribe(&app, &g, &g.tokens[0], &ps.url("/same"), &again).await;
    let list = app.get(&uri, Some(&g.tokens[0])).await.json;
    assert_eq!(list.as_array().unwrap().len(), 1, "replaced, not added: {list}");
    // In Czech too.
    let a = app
        .send(
            crate::harness::Req::new("POST", &uri)
                .bearer(Some(&g.tokens[1]))
                .lang("cs")
                .json(&json!({"format": "push", "url": ps.url("/y"), "keys": {"p256dh": "x", "auth": "y"}})),
        )
        .await;
    assert!(a.text.contains("bez použitelných klíčů"), "{}", a.text);
}

/// Služba: a red member's push carries its turn and the clue, never blue's talk, the
/// coordinators' or the key. The game's push (a spectator's view) carries no team talk either.
#[tokio::test]
async fn a_push_says_only_what_its_seat_may_see() {
    let app = TestApp::spawn().await;
    let ps = PushService::start().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let first = app.log.store.records(&g.id, 0).await.unwrap()[0].record().unwrap();
    let drawn = first.events.iter().find(|e| e["event"] == "key_drawn").unwrap();
    let key = drawn["key"].as_str().unwrap().to_owned();
    let salt = drawn["salt"].as_str().unwrap().to_owned();
    let (member, spectator) = (Browser::new(), Browser::new());
    subscribe(&app, &g, &g.tokens[2], &ps.url("/red-member"), &member).await;
    subscribe(&app, &g, &g.host_token, &ps.url("/game"), &spectator).await;
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
    deliver_due(&app.log).await.unwrap();

    let pushes: Vec<String> =
        ps.at("/red-member").iter().map(|got| member.decrypt(&got.body).to_string()).collect();
    assert_eq!(pushes.len(), 1, "told once, of its turn");
    for secret in ["BLUESECRETMARK", "COORDSECRETMARK", key.as_str(), salt.as_str()] {
        assert!(!pushes[0].contains(secret), "{secret} reached red's member: {}", pushes[0]);
    }
    // The controls: the member's push names its turn and the clue it is to guess from.
    assert!(pushes[0].contains("It is your turn.") && pushes[0].contains("zzqa"), "{}", pushes[0]);
    let game: Vec<String> =
        ps.at("/game").iter().map(|got| spectator.decrypt(&got.body).to_string()).collect();
    assert!(!game.is_empty());
    for text in &game {
        for secret in ["REDSECRETMARK", "BLUESECRETMARK", "COORDSECRETMARK", key.as_str(), salt.as_str()] {
            assert!(!text.contains(secret), "{secret} reached the game's push: {text}");
        }
    }
    assert!(game.iter().any(|t| t.contains("zzqa")), "{game:?}");
}

/// An account turns notifications on for all its games from "My games": every seat it holds
/// then (attached, or of its proved address), and every seat it gets later (a game made for its
/// address, a seat attached), gets a push of its own, in that seat's words; turning it off there
/// stops it in every game, and a push service that says the browser is gone ends it too.
#[tokio::test]
async fn an_account_is_notified_in_all_its_games_now_and_later() {
    use crate::harness::{Browser as Web, csrf_of};
    let app = TestApp::spawn().await;
    let ps = PushService::start().await;
    let mut ana = Web::new(&app, "en");
    ana.register("ana@example.org").await;
    let players = |first: &str| json!([{"name": "Ana", "email": first}, {"name": "Bo", "email": ""}]);
    let by_address = app
        .create_game(
            json!({"ruleset": "zajatce", "title": "By address", "players": players("ana@example.org")}),
        )
        .await;
    let attached =
        app.create_game(json!({"ruleset": "zajatce", "title": "Attached", "players": players("")})).await;
    let attach = |g: &TestGame| (format!("/play/{}", g.tokens[0]), format!("/play/{}/attach", g.tokens[0]));
    let (play, action) = attach(&attached);
    assert_eq!(ana.submit(&play, &action, &[]).await.status, StatusCode::SEE_OTHER);
    let pushes = |g: &TestGame| {
        let (app, uri, token) = (&app, format!("/api/games/{}/webhooks", g.id), g.tokens[0].clone());
        async move {
            let list = app.get(&uri, Some(&token)).await.json;
            list.as_array().unwrap().iter().filter(|w| w["format"] == "push").count()
        }
    };
    let b = Browser::new();
    let keys = b.keys();
    let (p256dh, auth) = (keys["p256dh"].as_str().unwrap(), keys["auth"].as_str().unwrap());
    let html = ana.get("/account").await.text;
    assert!(html.contains("data-push-post=\"/account/push\""), "the page's switch: {html}");
    let csrf = csrf_of(&html, "/account/time-zone").unwrap();
    let endpoint = ps.url("/acct/1");

    // Refused, with nothing kept: without the session's token, and with keys no browser made.
    let form = |csrf: &str, auth: &str| -> Vec<(String, String)> {
        [("csrf", csrf), ("url", endpoint.as_str()), ("p256dh", p256dh), ("auth", auth)]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    let fields = |f: &[(String, String)]| -> Vec<(String, String)> { f.to_vec() };
    fn pairs(f: &[(String, String)]) -> Vec<(&str, &str)> {
        f.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
    }
    let no_token = fields(&form("", auth));
    assert_eq!(ana.post("/account/push", &pairs(&no_token)).await.status, StatusCode::FORBIDDEN);
    let bad = form(&csrf, "AAAA");
    let refused = ana.post("/account/push", &pairs(&bad)).await;
    assert!(refused.status.is_client_error(), "{} {}", refused.status, refused.text);
    assert_eq!((pushes(&by_address).await, pushes(&attached).await), (0, 0));
    assert!(app.log.store.account_push_of(&account_id(&app).await).await.unwrap().is_empty());

    // On: both seats it holds now.
    let good = form(&csrf, auth);
    let on = ana.post("/account/push", &pairs(&good)).await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.text);
    assert!(on.text.contains("Notifications on for 2 seats"), "{}", on.text);
    assert_eq!((pushes(&by_address).await, pushes(&attached).await), (1, 1));
    // And later: a game made for its address, a seat attached.
    let made_later = app
        .create_game(
            json!({"ruleset": "zajatce", "title": "Made later", "players": players("ana@example.org")}),
        )
        .await;
    let attached_later = app
        .create_game(json!({"ruleset": "zajatce", "title": "Attached later", "players": players("")}))
        .await;
    let (play, action) = attach(&attached_later);
    assert_eq!(ana.submit(&play, &action, &[]).await.status, StatusCode::SEE_OTHER);
    assert_eq!((pushes(&made_later).await, pushes(&attached_later).await), (1, 1));
    // Bo's seats are not Ana's: no push of hers there.
    let bo_list =
        app.get(&format!("/api/games/{}/webhooks", made_later.id), Some(&made_later.tokens[1])).await;
    assert_eq!(bo_list.json.as_array().unwrap().len(), 0, "{}", bo_list.text);

    // Ana's turn in a game is a push to her browser, in her seat's words, with her seat's link.
    until_turn_of(&app, &made_later, 0).await;
    deliver_due(&app.log).await.unwrap();
    let got = ps.at("/acct/1");
    assert!(!got.is_empty(), "a push of her turn");
    let note = b.decrypt(&got.last().unwrap().body);
    assert_eq!(note["title"], "Made later");
    assert!(note["body"].as_str().unwrap().starts_with("It is your turn."), "{note}");
    assert!(note["url"].as_str().unwrap().ends_with(&made_later.seat_path(0)), "{note}");

    // Off, from "My games": every game's push of that browser goes.
    let html = ana.get("/account").await.text;
    let csrf = csrf_of(&html, "/account/time-zone").unwrap();
    let off = ana.post("/account/push/stop", &[("csrf", csrf.as_str()), ("url", endpoint.as_str())]).await;
    assert_eq!((off.status, off.location.as_str()), (StatusCode::SEE_OTHER, "/account?done=push-stopped"));
    for g in [&by_address, &attached, &made_later, &attached_later] {
        assert_eq!(pushes(g).await, 0, "{}", g.id);
    }
    let id = account_id(&app).await;
    assert!(app.log.store.account_push_of(&id).await.unwrap().is_empty());

    // A browser the push service says is gone (410) ends the account's subscription too.
    let gone = ps.url("/gone410/acct");
    let again: Vec<(&str, &str)> =
        vec![("csrf", csrf.as_str()), ("url", gone.as_str()), ("p256dh", p256dh), ("auth", auth)];
    assert_eq!(ana.post("/account/push", &again).await.status, StatusCode::OK);
    assert_eq!(app.log.store.account_push_of(&id).await.unwrap().len(), 1);
    // (Bo's turn first, so that Ana's comes after the subscription.)
    until_turn_of(&app, &attached, 1).await;
    until_turn_of(&app, &attached, 0).await;
    assert_eq!(pushes(&attached).await, 1);
    deliver_due(&app.log).await.unwrap();
    assert!(!ps.at("/gone410/acct").is_empty(), "tried once");
    assert_eq!(pushes(&attached).await, 0);
    assert!(app.log.store.account_push_of(&id).await.unwrap().is_empty(), "the account's subscription ended");
}

async fn account_id(app: &TestApp) -> String {
    app.log.store.account_by_email("ana@example.org").await.unwrap().expect("Ana's account").id
}
