//! A copy of the database opens nothing: no seat, host, confirmation, never-mail, account or
//! reply link is stored in clear anywhere. The outbox keeps what makes each link with the
//! server's key (src/mail/sealed.rs), and the key is not in the database.

use crate::harness::{Browser, TestApp};
use feldpost::store::OutboxRow;
use serde_json::json;

/// Every secret a delivered mail carries: the last part of each link to this server, the
/// login code, the reply tag.
fn secrets_in(mails: &[OutboxRow]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for m in mails {
        let text = format!("{}\n{}", m.body_text, m.unsubscribe_url.clone().unwrap_or_default());
        for word in text.split(|c: char| c.is_whitespace() || matches!(c, '"' | '<' | '>' | '(' | ')')) {
            let Some(path) = word.strip_prefix("http://feldpost.test/") else { continue };
            let parts: Vec<&str> = path.split('/').collect();
            // The part of the path that opens something: a seat's token (the prefs pages follow
            // it), a host's, a confirmation's, a never-mail signature, an account link's.
            let secret = match parts.as_slice() {
                ["play", token, ..] => *token,
                ["host", _, token, ..] | ["confirm", _, token, ..] | ["mail", "never", _, token, ..] => {
                    *token
                }
                ["account", "link" | "reset", token, ..] => *token,
                _ => continue,
            };
            found.push((format!("{:?} link", m.kind), secret.trim_end_matches(['.', ',']).to_owned()));
        }
        if let Some(tag) = &m.reply_to {
            found.push(("reply tag".into(), tag.clone()));
        }
        // The login code stands alone on its line, indented.
        if matches!(m.kind, feldpost::store::MailKind::Account { what: "login" }) {
            let code = m.body_text.lines().find(|l| l.starts_with("    ")).unwrap_or_default().trim();
            found.push(("login code".into(), code.to_owned()));
        }
    }
    found.sort();
    found.dedup();
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_copy_of_the_database_holds_no_link_that_opens_anything() {
    let app = TestApp::spawn().await;
    // Games of every ruleset with every seat on mail, their hosts confirmed by link; moves, so
    // that turn mails with reply addresses go out; a dispute, so that the host is asked to rule.
    let z = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let s = app.create_sluzba(&["Cyril", "Dana", "Emil", "Filip"], json!({})).await;
    let c = app.create_colditz(&["Gita", "Hugo"], json!({})).await;
    for g in [&z, &c] {
        app.play_first_legal(g).await;
    }
    let disputed = app.log.load(&z.id).await.unwrap().seq;
    let mover = app.seat_to_act(&z.id).await;
    let a = app
        .post(
            &format!("/api/games/{}/disputes", z.id),
            Some(&z.tokens[1 - mover]),
            json!({"against": disputed, "claim": "Miscounted"}),
        )
        .await;
    assert!(a.status.is_success(), "{}", a.text);
    // An account: its registration, a login link and code, a reset link.
    let mut ana = Browser::new(&app, "en");
    ana.register("ana@example.org").await;
    let mut other = Browser::new(&app, "en");
    other.submit("/account/login", "/account/login/link", &[("email", "ana@example.org")]).await;
    other.submit("/account/reset", "/account/reset", &[("email", "ana@example.org")]).await;
    // Every mail delivered, and the link pages followed as a player would.
    feldpost::mail::deliver_due(
        &app.log.store,
        app.log.links(),
        &feldpost::mail::Transport::DevMailbox,
        &app.clock,
    )
    .await
    .unwrap();

    let mails = app.mails(10_000).await;
    let mut secrets = secrets_in(&mails);
    for g in [&z, &s, &c] {
        secrets.extend(g.tokens.iter().map(|t| ("seat token".to_owned(), t.clone())));
        secrets.push(("host token".to_owned(), g.host_token.clone()));
    }
    // The control: every kind of secret was mailed (else the search below proves nothing).
    for kind in
        ["Invite link", "Turn link", "HostConfirm link", "RuleRequest link", "reply tag", "login code"]
    {
        assert!(secrets.iter().any(|(k, _)| k == kind), "no {kind} among {secrets:?}");
    }
    assert!(secrets.iter().any(|(k, _)| k.starts_with("Account")), "an account's link: {secrets:?}");
    assert!(mails.iter().any(|m| m.body_text.contains("/mail/never/")), "a never-mail link in every mail");
    // And the mails as sent hold them: the secrets are real (the seat links open the pages).
    let page = app.get(&format!("/play/{}", z.tokens[0]), None).await;
    assert!(page.status.is_success());

    let copy = app.log.store.every_value().await.unwrap();
    assert!(copy.iter().any(|(t, _)| t == "outbox"), "the copy holds the outbox");
    for (kind, secret) in &secrets {
        assert!(secret.len() >= 8, "{kind}: {secret:?}");
        if let Some((table, value)) = copy.iter().find(|(_, v)| v.contains(secret.as_str())) {
            panic!("a copy of the database holds a {kind} ({secret}) in {table}: {value:.300}");
        }
    }
    // The control of the search: the copy does hold what it should (the players' addresses).
    assert!(copy.iter().any(|(_, v)| v == "alena@example.org"));
}
