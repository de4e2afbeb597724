//! A player's rights over their address, answered by the operator: `feldpost data` gives
//! everything held about it (mails' links withheld), `feldpost forget` erases it while the
//! games it played keep the player's name and go on; and answered by the player, on the page
//! `/privacy`, through a one-time link mailed to the address.

use crate::harness::{Browser, SECRET, TestApp};
use axum::http::StatusCode;
use feldpost::mail;
use feldpost::store::MailStatus;
use serde_json::{Value, json};
use std::process::{Command, Output};

fn feldpost(db_url: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_feldpost"))
        .args(args)
        .env_clear()
        .env("DATABASE_URL", db_url)
        .env("FELDPOST_SECRET", SECRET)
        .env("FELDPOST_DATA_DIR", std::env::temp_dir())
        .env("RUST_LOG", "off")
        .output()
        .unwrap()
}

fn data(app: &TestApp, email: &str) -> Value {
    let out = feldpost(&app.db_url, &["data", email]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[tokio::test]
async fn a_player_gets_what_is_held_about_them_and_is_then_forgotten() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    mail::deliver_due(&app.log.store, app.log.links(), &mail::Transport::DevMailbox, &app.clock)
        .await
        .unwrap();

    let held = data(&app, "Alena@Example.org");
    assert_eq!(
        held["seats"],
        json!([{"game_id": g.id.to_string(), "title": "Test", "seat": 0, "name": "Alena"}])
    );
    let mails = held["mails"].as_array().unwrap();
    assert!(!mails.is_empty(), "{held}");
    let texts: String = mails.iter().map(|m| m["text"].as_str().unwrap_or("")).collect();
    assert!(texts.contains("[link]"), "the mails' words, their links named: {texts}");
    assert!(!texts.contains("http://feldpost.test/play/"), "no link is given out: {texts}");
    assert!(!held.to_string().contains("bořek@example.org"), "only what is about Alena");
    assert_eq!(held["never_mail"], json!(false));

    let out = feldpost(&app.db_url, &["forget", "alena@example.org", "--never-mail"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && said.contains("1 seats"), "{said}");

    let after = data(&app, "alena@example.org");
    assert_eq!((after["seats"].clone(), after["mails"].clone()), (json!([]), json!([])), "{after}");
    assert_eq!(after["never_mail"], json!(true));
    let seats = app.log.store.seats(&g.id).await.unwrap();
    assert_eq!(
        (seats[0].name.as_str(), seats[0].email.as_str()),
        ("Alena", ""),
        "the name stays, the address goes"
    );
    assert_eq!(seats[1].email, "bořek@example.org", "the other player is untouched");
    let outbox = app.log.store.outbox_of_game(&g.id).await.unwrap();
    assert!(outbox.iter().all(|m| !m.recipient.eq_ignore_ascii_case("alena@example.org")));
    assert!(outbox.iter().any(|m| m.recipient == "bořek@example.org" && m.status == MailStatus::Sent));

    // The game goes on; Alena's seat is mailed no more.
    play(&app, &g, 4).await;
    let outbox = app.log.store.outbox_of_game(&g.id).await.unwrap();
    assert!(outbox.iter().all(|m| !m.recipient.eq_ignore_ascii_case("alena@example.org")), "{outbox:?}");
}

/// Plays `moves` moves of `g`, each by whichever seat is to act, through the seat's API door
/// (the hot path, which takes the game from the server's cache without asking the database).
async fn play(app: &TestApp, g: &crate::harness::TestGame, moves: usize) {
    for _ in 0..moves {
        let loaded = app.log.load(&g.id).await.unwrap();
        let seat = loaded.table.to_act()[0];
        let view = feldpost::play::view::view(&app.log, &loaded, Some(seat));
        let action = &view.legal_actions[0].action;
        feldpost::play::act::by_token(&app.log, &g.token(usize::from(seat)), None, view.current_seq, action)
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn an_address_forgotten_by_another_process_is_mailed_no_more_by_the_running_server() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    play(&app, &g, 2).await;
    let to = |outbox: &[feldpost::store::OutboxRow], who: &str| {
        outbox.iter().filter(|m| m.recipient.eq_ignore_ascii_case(who)).count()
    };
    let before = app.log.store.outbox_of_game(&g.id).await.unwrap();
    assert!(to(&before, "alena@example.org") > 0, "Alena is mailed while she has her address");
    assert!(app.log.cached_games() > 0, "the server holds the game, with its seats' addresses");

    // Forgotten by the operator's command, without --never-mail: the server is not told.
    let out = feldpost(&app.db_url, &["forget", "alena@example.org"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let bořek_before = to(&app.log.store.outbox_of_game(&g.id).await.unwrap(), "bořek@example.org");

    play(&app, &g, 6).await;
    let outbox = app.log.store.outbox_of_game(&g.id).await.unwrap();
    let recipients: Vec<&str> = outbox.iter().map(|m| m.recipient.as_str()).collect();
    assert_eq!(to(&outbox, "alena@example.org"), 0, "{recipients:?}");
    assert!(to(&outbox, "bořek@example.org") > bořek_before, "the other seat's turn mails go on");
    assert_eq!(data(&app, "alena@example.org")["never_mail"], json!(false), "nothing listed");
}

/// The link of `kind` ("data" or "forget") in the newest data-links mail to `to`, as a path.
async fn mailed_link(app: &TestApp, to: &str, kind: &str) -> String {
    let mail = app.mail_to(to, "account-data").await;
    let marker = "http://feldpost.test/privacy/";
    let at = mail.body_text.find(marker).unwrap_or_else(|| panic!("no link in {}", mail.body_text));
    let token = mail.body_text[at + marker.len()..].split('/').next().unwrap().to_owned();
    assert!(mail.body_text.contains(&format!("{marker}{token}/{kind}")), "{}", mail.body_text);
    let html = mail.body_html.as_deref().unwrap();
    assert!(html.contains(&format!("href=\"{marker}{token}/{kind}\"")), "a link in the HTML part: {html}");
    format!("/privacy/{token}/{kind}")
}

async fn data_mails(app: &TestApp) -> usize {
    app.mails(1000).await.iter().filter(|m| m.kind.text() == "account-data").count()
}

async fn mails_to(app: &TestApp, to: &str) -> usize {
    app.mails(1000).await.iter().filter(|m| m.recipient == to).count()
}

#[tokio::test]
async fn asking_for_the_links_answers_alike_for_known_and_unknown_addresses() {
    let app = TestApp::spawn().await;
    app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let mut b = Browser::new(&app, "en");

    // Every page's footer leads to the request.
    let home = b.get("/").await;
    assert!(home.text.contains("<a href=\"/privacy\">Your data</a>"), "{}", home.text);
    let known = b.submit("/privacy", "/privacy", &[("email", "Alena@example.org")]).await;
    let unknown = b.submit("/privacy", "/privacy", &[("email", "nobody@example.org")]).await;
    assert_eq!(known.status, StatusCode::OK, "{}", known.text);
    assert_eq!((known.status, &known.text), (unknown.status, &unknown.text), "one answer for both");
    assert!(known.text.contains("If we hold anything about this address, a link has been mailed to it."));

    assert_eq!(
        app.mail_to("alena@example.org", "account-data").await.subject,
        "What feldpost holds about your address"
    );
    assert_eq!(mails_to(&app, "nobody@example.org").await, 0, "nothing is mailed to an address nobody holds");

    // Limited as the other mail-sending forms: three mails to one address, then none for a
    // while, with the same answer.
    for _ in 0..3 {
        let again = b.submit("/privacy", "/privacy", &[("email", "alena@example.org")]).await;
        assert_eq!(again.text, known.text);
    }
    assert_eq!(data_mails(&app).await, 3, "the address's limit (FELDPOST_LIMIT_ACCOUNT_MAIL_EMAIL)");
    // And per client: over its limit, refused with the time to wait.
    let mut refused = None;
    for _ in 0..10 {
        let a = b.submit("/privacy", "/privacy", &[("email", "nobody@example.org")]).await;
        if a.status != StatusCode::OK {
            refused = Some(a);
            break;
        }
    }
    let refused = refused.expect("the client's limit (FELDPOST_LIMIT_ACCOUNT_MAIL_CLIENT)");
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.text);

    // Not an address: said so, nothing mailed.
    let mut c = Browser::new(&app, "en");
    c.ip = [192, 0, 2, 77];
    let bad = c.submit("/privacy", "/privacy", &[("email", "alena")]).await;
    assert_ne!(bad.status, StatusCode::OK, "{}", bad.text);
    assert_eq!(data_mails(&app).await, 3);
}

#[tokio::test]
async fn the_mailed_link_downloads_what_feldpost_data_prints_and_expires() {
    let app = TestApp::spawn().await;
    app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let mut b = Browser::new(&app, "en");
    b.submit("/privacy", "/privacy", &[("email", "alena@example.org")]).await;
    let link = mailed_link(&app, "alena@example.org", "data").await;

    let got = b.get(&link).await;
    assert_eq!(got.status, StatusCode::OK, "{}", got.text);
    assert!(got.header("content-disposition").unwrap().starts_with("attachment"), "a file to save");
    assert_eq!(got.json, data(&app, "alena@example.org"), "the same as the operator's command");
    assert_eq!(got.json["seats"][0]["name"], json!("Alena"));
    assert!(!got.text.contains("bořek@example.org"), "only what is about Alena");
    // It is not used up by looking: a mail scanner's visit leaves it to its owner.
    assert_eq!(b.get(&link).await.status, StatusCode::OK);

    // An altered or made-up link opens nothing, with a page that says so.
    let token = link.split('/').nth(2).unwrap();
    let mut altered = token.to_owned();
    let last = altered.pop().unwrap();
    altered.push(if last == '0' { '1' } else { '0' });
    for forged in
        [format!("/privacy/{altered}/data"), format!("/privacy/{altered}/forget"), "/privacy/x/data".into()]
    {
        let a = b.get(&forged).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{forged}");
        assert!(a.text.contains("This link does not work"), "{}", a.text);
        assert!(!a.text.contains("Alena"), "{}", a.text);
    }

    // Half an hour later it works no more.
    app.clock.advance(feldpost::play::people::ADDRESS_LINK_MS + 1);
    for expired in [link.clone(), link.replace("/data", "/forget")] {
        let a = b.get(&expired).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{expired}: {}", a.text);
        assert!(a.text.contains("This link does not work"), "{}", a.text);
    }
}

#[tokio::test]
async fn forgetting_by_the_mailed_link_takes_effect_at_once_and_only_once() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    play(&app, &g, 2).await;
    let mut account = Browser::new(&app, "en");
    account.register("alena@example.org").await;
    assert!(app.log.store.account_by_email("alena@example.org").await.unwrap().is_some());

    let mut b = Browser::new(&app, "en");
    b.ip = [192, 0, 2, 9];
    b.submit("/privacy", "/privacy", &[("email", "alena@example.org")]).await;
    let link = mailed_link(&app, "alena@example.org", "forget").await;

    let page = b.get(&link).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    for says in [
        "What happens to alena@example.org when you press the button",
        "Your seats keep their names",
        "removed from every seat",
        "No game mails this address again",
        "The link works once",
    ] {
        assert!(page.text.contains(says), "{says}: {}", page.text);
    }
    // Looking at the page did nothing; nor does a POST without the page's token.
    let forged = b.post(&link, &[("csrf", "0".repeat(64).as_str())]).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.text);
    assert_eq!(app.log.store.seats(&g.id).await.unwrap()[0].email, "alena@example.org");

    let csrf = crate::harness::csrf_of(&page.text, &link).unwrap();
    let done = b.post(&link, &[("csrf", csrf.as_str())]).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    assert!(done.text.contains("The address is forgotten"), "{}", done.text);

    let seats = app.log.store.seats(&g.id).await.unwrap();
    assert_eq!((seats[0].name.as_str(), seats[0].email.as_str()), ("Alena", ""), "the name stays");
    assert_eq!(seats[1].email, "bořek@example.org");
    assert!(app.log.store.account_by_email("alena@example.org").await.unwrap().is_none());
    assert_eq!(mails_to(&app, "alena@example.org").await, 0, "no outbox row names it");
    let after = data(&app, "alena@example.org");
    assert_eq!((&after["seats"], &after["account"], &after["mails"]), (&json!([]), &json!(null), &json!([])));
    assert_eq!(after["never_mail"], json!(false), "the box was not ticked: nothing is kept");

    // Once only: the same link, the same form, again.
    let again = b.post(&link, &[("csrf", csrf.as_str())]).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND, "{}", again.text);
    assert!(again.text.contains("This link does not work"), "{}", again.text);

    // The running server mails Alena's seat no more; Bořek's goes on.
    let bořek = mails_to(&app, "bořek@example.org").await;
    play(&app, &g, 4).await;
    assert_eq!(mails_to(&app, "alena@example.org").await, 0);
    assert!(mails_to(&app, "bořek@example.org").await > bořek);
}

#[tokio::test]
async fn forgetting_with_the_box_ticked_lists_the_address_never_to_be_mailed() {
    let app = TestApp::spawn().await;
    app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let mut b = Browser::new(&app, "cs");
    let asked = b.submit("/privacy", "/privacy", &[("email", "alena@example.org")]).await;
    assert!(asked.text.contains("Pokud o této adrese něco uchováváme"), "{}", asked.text);
    let link = mailed_link(&app, "alena@example.org", "forget").await;
    let page = b.get(&link).await;
    assert!(page.text.contains("Vaše místa si ponechají jména"), "{}", page.text);
    let done = b.submit(&link, &link, &[("never_mail", "1")]).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    let after = data(&app, "alena@example.org");
    assert_eq!((&after["seats"], &after["never_mail"]), (&json!([]), &json!(true)));
}
