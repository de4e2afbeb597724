//! Players' data kept no longer than needed: a sent mail's body (its words and its sealed
//! links) is cleared once the retention period has passed; who was mailed what kind of mail,
//! when, and whether it arrived stay. Mail not yet sent, or held for a digest, is never touched.

use crate::harness::TestApp;
use feldpost::mail;
use feldpost::play::retention;
use feldpost::store::MailStatus;
use serde_json::json;
use std::time::Duration;

const DAY_MS: i64 = 86_400_000;

#[tokio::test]
async fn a_sent_mails_body_is_cleared_after_the_retention_and_its_record_stays() {
    let app = TestApp::spawn().await;
    let old = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let sent = mail::deliver_due(&app.log.store, app.log.links(), &mail::Transport::DevMailbox, &app.clock)
        .await
        .unwrap();
    assert!(sent >= 2, "the invitations went out");
    let before = app.log.store.outbox_of_game(&old.id).await.unwrap();
    assert!(before.iter().all(|m| m.status == MailStatus::Sent && !m.body_text.is_empty()));

    // Twenty-nine days later a new game's mail is written; the old game's is kept yet.
    app.clock.advance(29 * DAY_MS);
    let log = app.log.clone();
    assert_eq!(retention::sweep(&log).await.unwrap(), 0, "nothing is past 30 days yet");
    let new = app.create_zajatce(&["Cyril", "Dana"], json!({})).await;
    let unsent = app.log.store.outbox_of_game(&new.id).await.unwrap();
    assert!(unsent.iter().any(|m| m.status == MailStatus::Pending), "the new game's mail waits");

    // Two days more: the old mails are past 30 days since they were sent, the new not sent.
    app.clock.advance(2 * DAY_MS);
    // (Besides the old game's mail, its host's confirmation, sent when the game was made.)
    assert_eq!(retention::sweep(&log).await.unwrap(), before.len() as u64 + 1);
    let after = app.log.store.outbox_of_game(&old.id).await.unwrap();
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(
            (&a.id, &a.recipient, &a.kind, a.status, a.sent_at),
            (&b.id, &b.recipient, &b.kind, b.status, b.sent_at)
        );
        assert_eq!(a.subject, b.subject, "the subject names the game, not the player's business");
        assert!(a.body_text.is_empty() && a.body_html.is_none(), "the body is gone: {a:?}");
        assert!(a.unsubscribe_url.is_none() && a.reply_to.is_none(), "and its sealed links");
    }
    let kept = app.log.store.outbox_of_game(&new.id).await.unwrap();
    assert_eq!(kept, unsent, "mail not yet sent is not touched");
    assert_eq!(retention::sweep(&log).await.unwrap(), 0, "a second sweep finds nothing");

    // The new game's mail, sent now, is sent whole.
    mail::deliver_due(&app.log.store, app.log.links(), &mail::Transport::DevMailbox, &app.clock)
        .await
        .unwrap();
    assert!(
        app.outbox(&new.id)
            .await
            .iter()
            .all(|m| m.status == MailStatus::Sent && m.body_text.contains("http"))
    );
}

#[tokio::test]
async fn a_retention_of_zero_days_clears_a_body_as_soon_as_it_is_sent() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    assert_eq!(retention::sweep_kept_for(&app.log, Duration::ZERO).await.unwrap(), 0, "nothing sent yet");
    mail::deliver_due(&app.log.store, app.log.links(), &mail::Transport::DevMailbox, &app.clock)
        .await
        .unwrap();
    app.clock.advance(1);
    assert!(retention::sweep_kept_for(&app.log, Duration::ZERO).await.unwrap() >= 2);
    assert!(app.log.store.outbox_of_game(&g.id).await.unwrap().iter().all(|m| m.body_text.is_empty()));
}
