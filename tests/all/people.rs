//! A player's rights over their address, answered by the operator: `feldpost data` gives
//! everything held about it (mails' links withheld), `feldpost forget` erases it while the
//! games it played keep the player's name and go on.

use crate::harness::{SECRET, TestApp};
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
    app.log.forget_all();

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
    for _ in 0..4 {
        let loaded = app.log.load(&g.id).await.unwrap();
        let seat = loaded.table.to_act()[0];
        let view = feldpost::play::view::view(&app.log, &loaded, Some(seat));
        let action = &view.legal_actions[0].action;
        feldpost::play::act::by_token(&app.log, &g.token(usize::from(seat)), None, view.current_seq, action)
            .await
            .unwrap();
    }
    let outbox = app.log.store.outbox_of_game(&g.id).await.unwrap();
    assert!(outbox.iter().all(|m| !m.recipient.eq_ignore_ascii_case("alena@example.org")), "{outbox:?}");
}
