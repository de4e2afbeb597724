//! No mail to a stranger on demand: a game's mail goes out only once its host
//! has proved an address (the link mailed to it, or a logged-in account); a game whose host
//! rules disputes needs a host address; limits per host, per recipient and per client
//! address, kept in the database; and "never mail me again" in every mail, honoured before
//! anything is queued.

use crate::harness::{Browser, HOST_EMAIL, Req, TestApp, players};
use axum::http::StatusCode;
use feldpost::mail::{Transport, deliver_due};
use feldpost::store::MailKind;
use feldpost::store::MailStatus;
use serde_json::{Value, json};

async fn deliver(app: &TestApp) -> usize {
    deliver_due(&app.log.store, app.log.links(), &Transport::DevMailbox, &app.clock).await.unwrap()
}

fn zajatce(host: &str, names: &[&str]) -> Value {
    json!({"ruleset": "zajatce", "title": "You won a prize, see the link", "host_email": host, "players": players(names)})
}

#[tokio::test]
async fn an_api_game_mails_its_players_only_after_its_host_confirms_by_the_mailed_link() {
    let app = TestApp::spawn().await;
    let a = app.post("/api/games", None, zajatce("host@example.org", &["Victim", "Other"])).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    assert_eq!(a.json["mail"], "waiting_for_host", "the answer says the mail waits");
    let game = a.json["game_id"].as_str().unwrap().to_owned();
    let host_path = app.path_of(a.json["host_url"].as_str().unwrap()).to_owned();
    let host_token = host_path.rsplit('/').next().unwrap().to_owned();

    // Only the host's confirmation goes out; the invitations and the turn mail wait.
    assert_eq!(deliver(&app).await, 1);
    let confirm = app.mail_to("host@example.org", "host-confirm").await;
    assert_eq!(confirm.status, MailStatus::Sent);
    assert!(confirm.body_text.contains("Confirm that you host"), "{}", confirm.body_text);
    let waiting = app.outbox(&game).await;
    assert_eq!(waiting.len(), 3, "two invitations and the first turn mail");
    assert!(waiting.iter().all(|m| m.status == MailStatus::Pending && m.attempts == 0), "none was sent");
    let host_page = app.get(&host_path, None).await;
    assert!(
        host_page.text.contains("The players&#39; mail waits until you confirm your address")
            || host_page.text.contains("The players' mail waits until you confirm your address"),
        "{}",
        host_page.text
    );

    // What the creator holds (the host link, its token) confirms nothing.
    for guess in [host_token.as_str(), game.as_str(), "0".repeat(64).as_str()] {
        let a = app.form(&format!("/confirm/{game}/{guess}"), &[]).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{guess}");
    }
    assert_eq!(deliver(&app).await, 0);

    // The mailed link: its page only asks (GET never acts) ...
    let link = app.host_confirmation_link(&game).await;
    let page = app.get(&link, None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("I host this game"), "{}", page.text);
    assert!(page.text.contains("its 2 players with an address get their invitations"), "{}", page.text);
    assert!(
        confirm.body_text.contains("its 2 players with an address get their invitations"),
        "{}",
        confirm.body_text
    );
    let cs = app.page(&link, "cs").await;
    assert!(cs.text.contains("dostanou 2 hráči s adresou pozvánku"), "{}", cs.text);
    assert_eq!(deliver(&app).await, 0, "looking at the page sends nothing");
    // ... and its button confirms; then the players' mail goes out.
    let done = app.form(&link, &[]).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    assert!(done.text.contains("is confirmed as the host"), "{}", done.text);
    assert_eq!(deliver(&app).await, 3);
    assert!(app.form(&link, &[]).await.status == StatusCode::OK, "confirming twice is fine");
    let host_page = app.get(&host_path, None).await;
    assert!(host_page.text.contains("goes to host@example.org"), "{}", host_page.text);
}

#[tokio::test]
async fn a_logged_in_hosts_game_mails_at_once_from_the_accounts_address() {
    let app = TestApp::spawn().await;
    let mut b = Browser::new(&app, "en");
    b.register("hana@example.org").await;
    deliver(&app).await; // the registration mail
    let form = b.get("/new/zajatce").await;
    assert!(form.text.contains("You are logged in as hana@example.org"), "{}", form.text);
    let created = b
        .post(
            "/games",
            &[
                ("ruleset", "zajatce"),
                ("name_0", "Alena"),
                ("email_0", "alena@example.org"),
                ("name_1", "Bořek"),
                ("email_1", "borek@example.org"),
                ("host_email", "someone-else@example.org"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let game = created.location.split('/').nth(2).unwrap().to_owned();
    assert_eq!(deliver(&app).await, 3, "invitations and turn mail go out at once");
    let clock = app.log.store.game_clock(&game).await.unwrap().unwrap();
    assert_eq!(clock.host_email, "hana@example.org", "the account's address is the host's");
    assert!(
        app.mails(100).await.iter().all(|m| m.recipient != "someone-else@example.org"),
        "nobody else was asked to confirm"
    );
}

#[tokio::test]
async fn a_game_whose_host_rules_disputes_cannot_be_made_without_a_way_to_reach_the_host() {
    let app = TestApp::spawn().await;
    for ruleset in ["zajatce", "sluzba"] {
        let names = ["A", "B", "C", "D"];
        let list: Vec<Value> = names.iter().map(|n| json!({"name": n})).collect();
        let a = app.post("/api/games", None, json!({"ruleset": ruleset, "players": list})).await;
        assert_eq!(
            (a.status, a.json["error"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid")),
            "{ruleset}"
        );
        assert_eq!(
            a.json["message"],
            "In this game the host rules on disputes: give your email address (or log in) so that you can be asked to rule.",
        );
        let cs = app
            .send(
                Req::new("POST", "/api/games").lang("cs").json(&json!({"ruleset": ruleset, "players": list})),
            )
            .await;
        assert!(
            cs.json["message"].as_str().unwrap().starts_with("V této hře o sporech rozhoduje pořadatel"),
            "{}",
            cs.text
        );
    }
    // The page form says the same, on the form again.
    let page = app.form("/games", &[("ruleset", "zajatce"), ("name_0", "A"), ("name_1", "B")]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("the host rules on disputes") && page.text.contains("name=\"host_email\""));
    // Colditz: the German rules every dispute; without addresses it needs no host.
    let a = app
        .post("/api/games", None, json!({"ruleset": "colditz", "players": [{"name": "G"}, {"name": "A"}]}))
        .await;
    assert_eq!((a.status, a.json["mail"].as_str()), (StatusCode::CREATED, Some("no_mail")), "{}", a.text);
    // But nobody is mailed on the word of someone who gave no address of their own.
    let a = app
        .post("/api/games", None, json!({"ruleset": "colditz", "players": players(&["G", "Victim"])}))
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        a.json["message"].as_str().unwrap().starts_with("To mail the players, give your own email address")
    );
    assert_eq!(app.log.store.row_counts().await.unwrap().games, 1, "only the Colditz game without mail");
}

#[tokio::test]
async fn games_are_limited_per_host_address_per_recipient_and_per_client_address() {
    let app = TestApp::spawn().await;
    let create = |body: Value, ip: [u8; 4]| app.send(Req::new("POST", "/api/games").peer(ip).json(&body));
    // Per host address: 10 games, from ten different addresses, then no more.
    for i in 0..10u8 {
        let a =
            create(zajatce("spammer@example.org", &[&format!("V{i}"), &format!("W{i}")]), [198, 51, 100, i])
                .await;
        assert_eq!(a.status, StatusCode::CREATED, "game {i}: {}", a.text);
    }
    let before = app.log.store.row_counts().await.unwrap();
    let a = create(zajatce("spammer@example.org", &["V99", "W99"]), [198, 51, 100, 99]).await;
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("too_many")),
        "{}",
        a.text
    );
    let wait: u64 = a.header("retry-after").unwrap().parse().unwrap();
    assert!(wait > 0 && wait <= 30 * 60, "{wait}");
    assert!(a.json["message"].as_str().unwrap().starts_with("Too many requests"));
    assert_eq!(app.log.store.row_counts().await.unwrap(), before, "a refused game writes nothing");
    let cs = app
        .send(
            Req::new("POST", "/api/games")
                .lang("cs")
                .peer([198, 51, 100, 98])
                .json(&zajatce("spammer@example.org", &["X", "Y"])),
        )
        .await;
    assert!(cs.json["message"].as_str().unwrap().starts_with("Příliš mnoho požadavků"), "{}", cs.text);
    // Time passes: one more place every half hour.
    app.clock.advance(30 * 60_000);
    assert_eq!(
        create(zajatce("spammer@example.org", &["V98", "W98"]), [198, 51, 100, 97]).await.status,
        StatusCode::CREATED
    );

    // Per recipient: one address invited by ten hosts, then no more invitations to it.
    for i in 0..10u8 {
        let a = create(
            zajatce(&format!("host{i}@example.org"), &["Victim", &format!("Friend{i}")]),
            [203, 0, 113, i],
        )
        .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    }
    let a = create(zajatce("host10@example.org", &["Victim", "Friend10"]), [203, 0, 113, 10]).await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "{}", a.text);

    // Per client address: 20 games, whatever the hosts, then no more.
    for i in 0..20u8 {
        let body = json!({"ruleset": "colditz", "host_email": format!("h{i}@example.org"), "players": players(&[&format!("G{i}"), &format!("A{i}")])});
        assert_eq!(create(body, [192, 0, 2, 7]).await.status, StatusCode::CREATED, "game {i}");
    }
    let body =
        json!({"ruleset": "colditz", "host_email": "h20@example.org", "players": players(&["G20", "A20"])});
    assert_eq!(create(body.clone(), [192, 0, 2, 7]).await.status, StatusCode::TOO_MANY_REQUESTS);
    let other = create(body, [192, 0, 2, 8]).await;
    assert_eq!(other.status, StatusCode::CREATED, "another address may: {}", other.text);
}

/// Every mail's "never mail me again" link: its page asks, its button lists the address, what
/// waits for it is set aside, and nothing is queued for it again (game mail or account mail).
#[tokio::test]
async fn every_mail_carries_a_never_mail_me_again_link_and_a_listed_address_gets_nothing_more() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Borek"], json!({})).await;
    let mut b = Browser::new(&app, "cs");
    b.register("cyril@example.org").await;
    app.play_first_legal(&g).await;
    let all = app.mails(1000).await;
    assert!(all.len() >= 5, "invitations, turn mail, the host's confirmation, account mail");
    for m in &all {
        let prefix = "http://feldpost.test/mail/never/";
        assert!(m.body_text.contains(prefix), "{} to {} has no never-mail link", m.kind, m.recipient);
        if let Some(html) = &m.body_html {
            assert!(html.contains(prefix), "{} (HTML)", m.kind);
        }
    }
    let mail = app.mail_to("borek@example.org", "invite").await;
    let at = mail.body_text.find("http://feldpost.test/mail/never/").unwrap();
    let link = app.path_of(mail.body_text[at..].split_whitespace().next().unwrap()).to_owned();

    // A link of one address does not stop another's mail.
    let mut parts: Vec<&str> = link.split('/').collect();
    let forged_address = hex::encode("alena@example.org");
    parts[3] = &forged_address;
    let forged = parts.join("/");
    assert_eq!(app.form(&forged, &[]).await.status, StatusCode::NOT_FOUND);

    // GET only asks.
    let page = app.page(&link, "en").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.text.contains("No more mail to borek@example.org?") && page.text.contains("<button"),
        "{}",
        page.text
    );
    assert!(!app.log.store.mail_blocked("borek@example.org").await.unwrap(), "looking changes nothing");
    let done = app.form(&link, &[]).await;
    assert_eq!(done.status, StatusCode::OK);
    assert!(done.text.contains("will send no more mail to borek@example.org"), "{}", done.text);
    assert!(app.log.store.mail_blocked("borek@example.org").await.unwrap());
    // What waited for Bořek is set aside; Alena's still goes.
    for m in app.outbox(&g.id).await {
        if m.recipient == "borek@example.org" {
            assert!(
                m.status == MailStatus::Suppressed || m.status == MailStatus::Sent,
                "{} is {}",
                m.kind,
                m.status
            );
        }
    }
    // Nothing more is queued for it: not a new game's invitation, not a resent one, not account
    // mail; whoever else is in the game still is.
    let h = app.create_game(json!({"ruleset": "zajatce", "players": players(&["Borek", "Dana"])})).await;
    let queued: Vec<String> = app.outbox(&h.id).await.into_iter().map(|m| m.recipient).collect();
    assert!(
        !queued.iter().any(|r| r == "borek@example.org") && queued.iter().any(|r| r == "dana@example.org"),
        "{queued:?}"
    );
    let resent =
        app.post(&format!("/api/games/{}/seats/0/invitation", h.id), Some(&h.host_token), json!({})).await;
    assert_eq!(resent.status, StatusCode::OK);
    assert!(!app.outbox(&h.id).await.iter().any(|m| m.recipient == "borek@example.org"));
    let mut c = Browser::new(&app, "en");
    c.ip = [192, 0, 2, 77];
    let asked = c
        .submit(
            "/account/register",
            "/account/register",
            &[("email", "BOREK@example.org"), ("password", crate::harness::PASSWORD)],
        )
        .await;
    assert_eq!(asked.status, StatusCode::OK, "the same answer as ever");
    assert!(
        !app.mails(1000).await.iter().any(|m| m.recipient.eq_ignore_ascii_case("borek@example.org")
            && matches!(m.kind, MailKind::Account { .. })),
        "no account mail to a listed address"
    );
    // Asking again is fine, and the page says it is done already.
    assert!(app.page(&link, "en").await.text.contains("already sends no mail"));
    let _ = HOST_EMAIL;
}

/// Mail the mail server refused for good (status `failed`, set by the delivery worker on a
/// permanent refusal) is shown on the host page, with the server's answer, in the host's
/// language.
#[tokio::test]
async fn the_host_page_names_mail_the_mail_server_refused_for_good() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Borek"], json!({})).await;
    let before = app.page(&g.host_path, "en").await.text;
    assert!(!before.contains("could not be delivered"), "nothing failed yet");
    let invite = app.mail_to("borek@example.org", "invite").await;
    app.log
        .store
        .execute_raw(&format!(
            "UPDATE outbox SET status = 'failed', last_error = '550 5.1.1 no such user' WHERE id = '{}'",
            invite.id
        ))
        .await
        .unwrap();
    let page = app.page(&g.host_path, "en").await.text;
    assert!(page.contains("Mail to borek@example.org could not be delivered"), "{page}");
    assert!(page.contains("550 5.1.1 no such user"), "the server's answer: {page}");
    let cs = app.page(&g.host_path, "cs").await.text;
    assert!(cs.contains("Poštu na borek@example.org nelze doručit"), "{cs}");
}

/// A confirmation mail that went astray: the host page sends a new link (the old one stops
/// working), and the new one confirms.
#[tokio::test]
async fn the_host_page_sends_the_confirmation_link_again_and_only_the_newest_link_confirms() {
    let app = TestApp::spawn().await;
    let a = app.post("/api/games", None, zajatce("host@example.org", &["Alena", "Borek"])).await;
    let game = a.json["game_id"].as_str().unwrap().to_owned();
    let host_path = app.path_of(a.json["host_url"].as_str().unwrap()).to_owned();
    let first = app.host_confirmation_link(&game).await;
    let page = app.get(&host_path, None).await;
    assert!(page.text.contains(&format!("action=\"{host_path}/confirmation\"")), "{}", page.text);
    app.clock.advance(60_000); // a minute later, no mail in sight
    let again = app.form(&format!("{host_path}/confirmation"), &[]).await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.text);
    let second = app.host_confirmation_link(&game).await;
    assert_ne!(first, second, "a new secret");
    assert_eq!(app.form(&first, &[]).await.status, StatusCode::NOT_FOUND, "the old link no longer confirms");
    assert_eq!(deliver(&app).await, 0, "the players' mail still waits");
    assert_eq!(app.form(&second, &[]).await.status, StatusCode::OK);
    assert_eq!(deliver(&app).await, 3);
    let page = app.get(&host_path, None).await;
    assert!(!page.text.contains("/confirmation\""), "nothing to confirm any more");
}

/// The pages name the dev mailbox only to a browser it would answer.
#[tokio::test]
async fn the_dev_mailbox_is_named_only_to_a_browser_on_the_servers_machine() {
    let app = TestApp::spawn().await;
    let local = app.send(Req::new("GET", "/").peer([127, 0, 0, 1]).header("host", "127.0.0.1:8080")).await;
    assert!(local.text.contains("href=\"/dev/mailbox\""), "{}", local.text);
    let remote =
        app.send(Req::new("GET", "/").peer([198, 51, 100, 1]).header("host", "feldpost.example.org")).await;
    assert!(!remote.text.contains("/dev/mailbox"), "{}", remote.text);
    let mailbox =
        app.send(Req::new("GET", "/dev/mailbox").peer([198, 51, 100, 1]).header("host", "127.0.0.1")).await;
    assert_eq!(mailbox.status, StatusCode::NOT_FOUND, "a peer elsewhere, whatever Host it names");
    let mailbox = app
        .send(Req::new("GET", "/dev/mailbox").peer([127, 0, 0, 1]).header("host", "evil.example.org"))
        .await;
    assert_eq!(
        mailbox.status,
        StatusCode::NOT_FOUND,
        "a loopback peer asking another host (a proxy, a rebinding)"
    );
}

/// A league's organiser: the operator raises the per-host limit (`FELDPOST_LIMIT_…`) and the
/// real server holds its new numbers, the 13th game of the evening refused with a wait of the
/// configured period, not the default's.
#[tokio::test]
async fn an_operator_sets_a_limit_for_a_league() {
    use crate::harness::process;
    let url = crate::harness::fresh_url().await;
    let dir = process::data_dir("limits");
    let env = [
        ("FELDPOST_LIMIT_GAMES_PER_HOST", "12/3600".to_owned()),
        ("FELDPOST_LIMIT_GAMES_PER_CLIENT", "50/60".to_owned()),
    ];
    let server = process::start(&url, &dir, &env);
    for i in 0..12 {
        let body = zajatce("organiser@example.org", &[&format!("V{i}"), &format!("W{i}")]);
        let a = process::call(server.port, "POST", "/api/games", None, Some(body));
        assert_eq!(a.status, 201, "game {i} of the league: {}", a.text);
    }
    let body = zajatce("organiser@example.org", &["V12", "W12"]);
    let a = process::call(server.port, "POST", "/api/games", None, Some(body));
    assert_eq!(a.status, 429, "{}", a.text);
    let wait: u64 = a.header("retry-after").unwrap().parse().unwrap();
    assert!(wait > 30 * 60 && wait <= 60 * 60, "one place an hour, as set: {wait}");
}

/// An account the operator trusts with more (`feldpost account allow`): its organiser creates
/// a league of 25 games in one evening, where anyone else is held after 10; taken back, the
/// limits hold it again.
#[tokio::test]
async fn an_operator_gives_a_leagues_organiser_an_allowance() {
    let app = TestApp::spawn().await;
    let mut b = Browser::new(&app, "en");
    b.register("league@example.org").await;
    deliver(&app).await;
    let allow = |games: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_feldpost"))
            .args(["account", "allow", "League@Example.org", "--games", games])
            .env_clear()
            .env("DATABASE_URL", &app.db_url)
            .env("FELDPOST_SECRET", crate::harness::SECRET)
            .env("FELDPOST_DATA_DIR", std::env::temp_dir())
            .env("RUST_LOG", "off")
            .output()
            .unwrap()
    };
    let stranger = std::process::Command::new(env!("CARGO_BIN_EXE_feldpost"))
        .args(["account", "allow", "nobody@example.org", "--games", "30"])
        .env_clear()
        .env("DATABASE_URL", &app.db_url)
        .env("FELDPOST_SECRET", crate::harness::SECRET)
        .env("RUST_LOG", "off")
        .output()
        .unwrap();
    assert!(!stranger.status.success());
    assert!(String::from_utf8_lossy(&stranger.stderr).contains("no account"), "{stranger:?}");
    let given = allow("30");
    assert!(given.status.success(), "{given:?}");

    let create = |i: usize| {
        let (a, b2) = (format!("a{i}@example.org"), format!("b{i}@example.org"));
        let form = vec![
            ("ruleset".to_owned(), "zajatce".to_owned()),
            ("name_0".to_owned(), format!("A{i}")),
            ("email_0".to_owned(), a),
            ("name_1".to_owned(), format!("B{i}")),
            ("email_1".to_owned(), b2),
        ];
        form
    };
    for i in 0..25 {
        let form = create(i);
        let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let created = b.post("/games", &fields).await;
        assert_eq!(created.status, StatusCode::SEE_OTHER, "game {i} of the league: {}", created.text);
    }
    let taken_back = allow("0");
    assert!(taken_back.status.success(), "{taken_back:?}");
    let form = create(25);
    let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let refused = b.post("/games", &fields).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "the limits hold it again: {}", refused.text);
}
