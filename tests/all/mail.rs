//! Mail: a real SMTP conversation with an in-process server, delivery that survives a server
//! that is down and a worker that dies, preferences, deadlines and reminders on a manual clock,
//! and the bodies in both languages under snapshot tests.

use crate::harness::{Answer, Options, T0, TestApp, game_id, html_unescape, players, seat_token};
use axum::http::StatusCode;
use feldpost::clock::Clock;
use feldpost::clock::{DAY_MS, HOUR_MS};
use feldpost::i18n::Lang;
use feldpost::mail::{self, LEASE_MS, SmtpTransport, Transport};
use feldpost::play::create::{NewGame, NewPlayer, Requester};
use feldpost::play::deadlines::{Deadline, DeadlinePolicy};
use feldpost::store::MailKind;
use feldpost::store::MailPref;
use feldpost::store::{GameRow, MailStatus, OutboxRow, SeatRow};
use feldpost_engine::Msg;
use serde_json::json;
use std::sync::{Arc, Mutex};

// The clock starts at T0, 2025-11-24 16:00 UTC: after the digest hour, so tests that want a
// digest move to the next morning.
const FROM: &str = "feldpost <feldpost@feldpost.test>";

/// A port nobody listens on (yet).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn smtp_transport(port: u16) -> Transport {
    Transport::Smtp(Arc::new(SmtpTransport::new(&format!("smtp://127.0.0.1:{port}"), FROM).unwrap()))
}

// ---------------------------------------------------------------------------------------------
// Apps without the dev mailbox (mail goes out through a transport here), and games of two
// players with addresses.

const NAMES: [&str; 2] = ["Alena", "Boris"];

/// A received message: headers by name, and its text and HTML parts.
struct Received {
    raw: String,
    headers: Vec<(String, String)>,
    text: String,
    html: String,
}

impl Received {
    fn parse(raw: &[u8]) -> Received {
        let parsed = mailparse::parse_mail(raw).expect("a well-formed message");
        assert_eq!(parsed.ctype.mimetype, "multipart/alternative", "text and HTML alternatives");
        let part = |t: &str| {
            parsed
                .subparts
                .iter()
                .find(|p| p.ctype.mimetype == t)
                .unwrap_or_else(|| panic!("a {t} part"))
                .get_body()
                .unwrap()
        };
        Received {
            raw: String::from_utf8_lossy(raw).into_owned(),
            headers: parsed.headers.iter().map(|h| (h.get_key(), h.get_value())).collect(),
            text: part("text/plain"),
            html: part("text/html"),
        }
    }
    fn header(&self, name: &str) -> &str {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {name} header"))
    }

    fn has(&self, name: &str) -> bool {
        self.headers.iter().any(|(k, _)| k.eq_ignore_ascii_case(name))
    }
}

fn received(got: &Arc<Mutex<Vec<String>>>) -> Vec<Received> {
    got.lock().unwrap().iter().map(|m| Received::parse(m.as_bytes())).collect()
}

/// The seat link in a turn mail's text part (the line after the words about it).
fn link_in(text: &str) -> String {
    text.lines()
        .find(|l| l.starts_with("http://feldpost.test/play/") && !l.contains("/mail"))
        .expect("a seat link")
        .trim()
        .to_owned()
}

// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_real_smtp_conversation_then_the_link_plays_the_turn() {
    let port = free_port();
    let got = crate::harness::relay::relay_on(port);
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let transport = smtp_transport(port);
    let g = app.create_zajatce(&NAMES, json!({})).await;
    let game = g.id.clone();

    let sent = mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap();
    assert_eq!(sent, 3, "two invitations and the first turn mail");
    let mails = received(&got);
    assert_eq!(mails.len(), 3);
    assert!(
        app.outbox(&game)
            .await
            .iter()
            .all(|m| m.status == MailStatus::Sent && m.transport.as_deref() == Some("smtp"))
    );

    let first = app.seat_to_act(&game).await;
    let name = ["Alena", "Boris"][first];
    let to = ["alena@example.org", "boris@example.org"][first];
    let turn = mails.iter().find(|m| m.text.starts_with("Your turn")).expect("a turn mail");
    // Headers: who, what, when, which thread.
    assert_eq!(turn.header("To"), to);
    assert!(turn.header("From").contains("feldpost@feldpost.test"), "{}", turn.header("From"));
    assert!(
        mails.iter().all(|m| m.header("Subject") == "[feldpost] Test"),
        "one subject for every mail of the game, so clients keep one thread"
    );
    assert_eq!(
        mailparse::dateparse(turn.header("Date")).unwrap(),
        T0 / 1000,
        "Date is the send time on the clock"
    );
    // The thread's root is the seat's invitation, a message that was sent, queued before the
    // first turn mail (the worker sends oldest first; with several in flight they may arrive
    // together, and clients thread them by References either way).
    let invitation =
        mails.iter().find(|m| m.header("To") == to && m.text.contains("invited")).expect("an invitation");
    let queued = app.outbox(&game).await;
    let queued_at =
        |kind: &str| queued.iter().find(|r| r.recipient == to && r.kind.text() == kind).unwrap().created_at;
    assert!(queued_at("invite") < queued_at("turn"), "the invitation is queued before the first turn mail");
    let root = invitation.header("Message-ID");
    assert!(!invitation.has("In-Reply-To") && !invitation.has("References"), "the root answers nothing");
    assert_eq!(turn.header("In-Reply-To"), root);
    assert_eq!(turn.header("References"), root);
    assert!(invitation.text.contains("as Red") || invitation.text.contains("as Blue"), "{}", invitation.text);
    assert!(
        invitation.text.contains("Na zajatce") && invitation.text.contains("“Test”"),
        "{}",
        invitation.text
    );
    let ids: Vec<&str> = mails.iter().map(|m| m.header("Message-ID")).collect();
    assert!(ids.iter().all(|id| id.starts_with('<') && id.ends_with("@feldpost.test>")), "{ids:?}");
    assert_eq!(ids.iter().collect::<std::collections::BTreeSet<_>>().len(), 3, "each message its own id");
    assert!(mails.iter().all(|m| m.header("List-Id") == format!("<game-{game}.feldpost.test>")));
    // Replies to the turn mail go to its own signed address.
    let reply_to = turn.header("Reply-To");
    assert!(reply_to.contains(&format!("feldpost+{game}.{first}.1.")), "{reply_to}");
    // The invitation takes a reply too: one to the turn as it stands (its tag names no step).
    let invitation_reply = invitation.header("Reply-To");
    assert!(invitation_reply.contains(&format!("feldpost+{game}.{first}.0.")), "{invitation_reply}");
    let link = link_in(&turn.text);
    assert_eq!(turn.header("List-Unsubscribe"), format!("<{link}/mail/unsubscribe>"));
    assert_eq!(turn.header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
    // Both parts say it, with the link.
    assert!(
        turn.text.replace("\r\n", "\n").starts_with(&format!("Your turn (Throw the die)\n\nHello {name},")),
        "{}",
        turn.text
    );
    assert!(turn.text.contains("1. throw — Throw the die"), "the command to reply with: {}", turn.text);
    assert!(turn.text.contains("Throw the die") && turn.text.contains("goes first"), "{}", turn.text);
    assert!(
        turn.html.contains(&format!("href=\"{link}\"")) && turn.html.contains("Throw the die"),
        "{}",
        turn.html
    );
    assert!(turn.raw.contains("Content-Type: multipart/alternative"));

    // The link shows the game; GET acts on nothing.
    let Answer { status, text: page, .. } = app.get(app.path_of(&link), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains(&format!("href=\"{}/mail\"", app.path_of(&link))),
        "the game page links to the mail settings"
    );
    assert_eq!(app.log.store.records(&game, 0).await.unwrap().len(), 1);
    let start =
        page.find("name=\"action\" value=\"").expect("an action form") + "name=\"action\" value=\"".len();
    let action = html_unescape(&page[start..start + page[start..].find('"').unwrap()]);
    // Play the turn from the page's form.
    let Answer { status, location, .. } =
        app.form(&format!("{}/act", app.path_of(&link)), &[("expected_seq", "1"), ("action", &action)]).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "the move is accepted");
    assert_eq!(location, app.path_of(&link));
    assert_eq!(app.log.store.records(&game, 0).await.unwrap().len(), 2);
    // The same old form again: the game moved on, nothing is written.
    let status = app
        .form(&format!("{}/act", app.path_of(&link)), &[("expected_seq", "1"), ("action", &action)])
        .await
        .status;
    assert_eq!(status, StatusCode::CONFLICT);

    // Play on until the other seat must act: it gets one mail, in the same thread, with what
    // happened since, as it may see it.
    while app.seat_to_act(&game).await == first {
        app.play_first_legal(&g).await;
    }
    mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap();
    let mails = received(&got);
    let turns: Vec<&Received> = mails.iter().filter(|m| m.text.starts_with("Your turn")).collect();
    assert_eq!(turns.len(), 2, "one new turn mail");
    let next = turns[1];
    let other = ["alena@example.org", "boris@example.org"][1 - first];
    assert_eq!(next.header("To"), other);
    let other_root = mails
        .iter()
        .find(|m| m.header("To") == other && m.text.contains("invited"))
        .map(|m| m.header("Message-ID"))
        .expect("the other seat's invitation");
    assert_ne!(other_root, root, "each seat's mail is its own thread, rooted in its invitation");
    assert_eq!(next.header("In-Reply-To"), other_root);
    assert!(
        next.text.contains("Since your last turn:") && next.text.contains(&format!("{name} threw")),
        "{}",
        next.text
    );
    // The HTML part sets the name apart (tests/all/bidi.rs).
    assert!(next.html.contains(&format!("\u{2068}{name}\u{2069} threw")), "{}", next.html);
}

#[tokio::test]
async fn emailed_preference_links_change_nothing_on_get_and_one_click_is_a_post() {
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let g = app.create_zajatce(&NAMES, json!({})).await;
    let prefs = format!("{}/mail", g.seat_path(0));
    let Answer { status, text: page, .. } = app.get(&prefs, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("value=\"every\" checked"), "every turn by default");
    let status = app.get(&format!("{prefs}/unsubscribe"), None).await.status;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        app.log.store.seat_mail(&g.id, 0).await.unwrap().pref,
        MailPref::Every,
        "a GET (a mail scanner) changes nothing"
    );

    let Answer { status, text: page, .. } =
        app.form(&format!("{prefs}/unsubscribe"), &[("List-Unsubscribe", "One-Click")]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("value=\"none\" checked"));
    assert_eq!(app.log.store.seat_mail(&g.id, 0).await.unwrap().pref, MailPref::Never);
    let status = app.form(&prefs, &[("pref", "digest")]).await.status;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.log.store.seat_mail(&g.id, 0).await.unwrap().pref, MailPref::Digest);
    let status = app.form(&prefs, &[("pref", "sometimes")]).await.status;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let status = app.get("/play/not-a-token/mail", None).await.status;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// After the mail server's outage, what waited out a growing backoff goes as soon as one mail
/// gets through, not each after its own wait; and `feldpost mail flush` makes it all due at once.
#[tokio::test]
async fn mail_waiting_out_an_outage_goes_at_once_when_the_server_is_back_or_is_flushed() {
    let port = free_port();
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let transport = smtp_transport(port);
    let g = app.create_zajatce(&NAMES, json!({})).await;
    // Down for three tries: the waits grow to 4 minutes.
    for wait in [60_000, 120_000, 240_000] {
        assert_eq!(
            mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap(),
            0
        );
        app.clock.advance(wait);
    }
    assert_eq!(mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap(), 0);
    let waiting = app.outbox(&g.id).await.len();
    assert!(
        app.outbox(&g.id).await.iter().all(|m| m.attempts == 4 && m.next_attempt_at > app.clock.now_ms())
    );
    // The server is back; a new mail (a move's) is due now and goes: so does everything waiting.
    let got = crate::harness::relay::relay_on(port);
    while !app.outbox(&g.id).await.iter().any(|m| m.attempts == 0) {
        app.play_first_legal(&g).await;
    }
    let sent = mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap();
    let sent =
        sent + mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap();
    assert!(sent > waiting, "the new mail and every waiting one: {sent} of {waiting}+");
    assert!(app.outbox(&g.id).await.iter().all(|m| m.status == MailStatus::Sent));
    assert_eq!(got.lock().unwrap().len(), sent);

    // Down again, then the operator flushes: every waiting mail is due now.
    drop(got);
    let port = free_port();
    let transport = smtp_transport(port);
    let before = app.outbox(&g.id).await.len();
    while app.outbox(&g.id).await.len() == before {
        app.play_first_legal(&g).await;
    }
    assert_eq!(mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap(), 0);
    assert!(
        app.outbox(&g.id)
            .await
            .iter()
            .any(|m| m.status == MailStatus::Pending && m.next_attempt_at > app.clock.now_ms())
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_feldpost"))
        .args(["mail", "flush"])
        .env("DATABASE_URL", &app.db_url)
        .env("FELDPOST_SECRET", crate::harness::SECRET)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.contains("due now"),
        "{said} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The binary runs on the system's clock: everything waiting is due by it.
    let now = feldpost::clock::now_ms_system();
    assert!(
        app.outbox(&g.id)
            .await
            .iter()
            .filter(|m| m.status == MailStatus::Pending)
            .all(|m| m.next_attempt_at <= now)
    );
}

#[tokio::test]
async fn smtp_down_at_first_then_up_and_a_dead_worker_loses_nothing_and_sends_nothing_twice() {
    let port = free_port();
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let transport = smtp_transport(port);
    let g = app.create_zajatce(&NAMES, json!({})).await;
    let game = g.id.clone();

    // Nobody listens: everything waits, attempts counted, retry a minute later.
    assert_eq!(mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap(), 0);
    for m in app.outbox(&game).await {
        assert_eq!((m.status, m.attempts, m.next_attempt_at), (MailStatus::Pending, 1, T0 + 60_000), "{m:?}");
        assert!(m.last_error.is_some());
    }
    // Still down a minute later: the wait doubles.
    app.clock.advance(60_000);
    assert_eq!(mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap(), 0);
    assert!(
        app.outbox(&game).await.iter().all(|m| m.attempts == 2 && m.next_attempt_at == T0 + 60_000 + 120_000)
    );

    // The server comes up; nothing goes before the retry time, then everything, once.
    let got = crate::harness::relay::relay_on(port);
    assert_eq!(
        mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap(),
        0,
        "backoff is respected"
    );
    app.clock.advance(120_000);
    assert_eq!(mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap(), 3);
    assert_eq!(mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap(), 0);
    assert_eq!(got.lock().unwrap().len(), 3);

    // A worker claims a row and dies before sending: the row stays pending, no other worker
    // sends it while the lease holds, and one does once it has run out.
    let mut waiting: Vec<OutboxRow> = Vec::new();
    for _ in 0..50 {
        app.play_first_legal(&g).await;
        waiting = app.outbox(&game).await.into_iter().filter(|m| m.status == MailStatus::Pending).collect();
        if !waiting.is_empty() {
            break;
        }
    }
    assert!(!waiting.is_empty(), "the move made mail");
    let now = app.clock.now_ms();
    for m in &waiting {
        assert!(app.log.store.outbox_claim(&m.id, "dead-worker", now, now + LEASE_MS).await.unwrap());
    }
    assert_eq!(
        mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap(),
        0,
        "claimed rows are left alone"
    );
    app.clock.advance(LEASE_MS);
    let before = got.lock().unwrap().len();
    assert_eq!(
        mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap(),
        waiting.len()
    );
    assert_eq!(got.lock().unwrap().len(), before + waiting.len());
    // The dead worker waking up late cannot mark or send again what another worker sent.
    for m in &waiting {
        assert!(!app.log.store.outbox_sent_claimed(&m.id, "dead-worker", now, "smtp").await.unwrap());
        assert!(
            !app.log
                .store
                .outbox_claim(&m.id, "dead-worker", app.clock.now_ms() + LEASE_MS, 0)
                .await
                .unwrap()
        );
    }
    assert_eq!(mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap(), 0);
    let ids: Vec<String> = received(&got).iter().map(|m| m.header("Message-ID").to_owned()).collect();
    let unique: std::collections::BTreeSet<&String> = ids.iter().collect();
    assert_eq!(unique.len(), ids.len(), "no message twice");
}

#[tokio::test]
async fn two_workers_never_claim_the_same_row() {
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let g = app.create_zajatce(&NAMES, json!({})).await;
    let m = &app.outbox(&g.id).await[0];
    let (a, b) = tokio::join!(
        app.log.store.outbox_claim(&m.id, "a", T0, T0 + LEASE_MS),
        app.log.store.outbox_claim(&m.id, "b", T0, T0 + LEASE_MS)
    );
    assert!(a.unwrap() ^ b.unwrap(), "exactly one worker holds the row");
}

/// The turn mail shows the seat exactly what its view of the history shows, no more.
/// (Na zajatce hides nothing; the mails of the games that hide something are read by the leak
/// tests, tests/all/leaks.rs.)
#[tokio::test]
async fn a_turn_mail_holds_only_what_the_seat_may_see() {
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let g = app.create_zajatce(&NAMES, json!({})).await;
    let game = g.id.clone();
    for _ in 0..12 {
        app.play_first_legal(&g).await;
    }
    let tr = feldpost::i18n::Tr::new(Lang::En).with_names(vec!["Alena".into(), "Boris".into()]);
    let loaded = app.log.load(&game).await.unwrap();
    for seat in 0..2u8 {
        let history = feldpost::play::history::history(&app.log, &loaded, Some(seat)).await.unwrap();
        let mut last = 0;
        for m in app
            .outbox(&game)
            .await
            .into_iter()
            .filter(|m| m.kind == MailKind::Turn && m.seat == Some(i64::from(seat)))
        {
            // The lines under "Since your last turn" are the seat's own history lines of the
            // records after its previous turn mail, through this one.
            let expected: Vec<String> = history
                .iter()
                .filter(|h| h.seq as i64 > last && h.seq as i64 <= m.seq)
                .flat_map(|h| h.descriptions.iter().map(|d| tr.msg(d)))
                .collect();
            let lines: Vec<String> = m
                .body_text
                .split("Since your last turn:\n")
                .nth(1)
                .map(|rest| {
                    rest.lines().take_while(|l| l.starts_with("  - ")).map(|l| l[4..].to_owned()).collect()
                })
                .unwrap_or_default();
            assert_eq!(lines, expected, "mail at {} for seat {seat}", m.seq);
            last = m.seq;
        }
    }
}

/// A server that sends no mail of its own, and a game of Na zajatce on it with `deadline`.
async fn deadline_game(deadline: Deadline) -> (TestApp, crate::harness::TestGame) {
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let g = app
        .create_game(
            json!({"ruleset": "zajatce", "title": "Test", "players": players(&NAMES), "deadline": deadline}),
        )
        .await;
    (app, g)
}

#[tokio::test]
async fn reminders_and_the_deadline_policy_run_on_the_clock() {
    let deadline = Deadline { hours: Some(72), remind_hours: Some(24), ..Deadline::default() };
    let (app, g) = deadline_game(deadline).await;
    let game = g.id.clone();
    let late = app.seat_to_act(&game).await as i64;
    let kinds = |rows: Vec<OutboxRow>| rows.into_iter().map(|m| m.kind.text()).collect::<Vec<_>>();

    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().reminders, 0);
    app.clock.advance(48 * HOUR_MS - 1);
    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().reminders, 0, "not yet");
    app.clock.advance(1);
    assert_eq!(
        feldpost::play::deadlines::tick(&app.log).await.unwrap().reminders,
        1,
        "24 hours before the deadline"
    );
    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().reminders, 0, "once");
    let reminder = app.outbox(&game).await.into_iter().find(|m| m.kind == MailKind::Reminder).unwrap();
    assert_eq!(reminder.seat, Some(late));
    assert!(
        reminder.body_text.contains("runs out on Thursday 27 November 2025, 16:00 UTC"),
        "{}",
        reminder.body_text
    );

    app.clock.advance(24 * HOUR_MS);
    let t = feldpost::play::deadlines::tick(&app.log).await.unwrap();
    assert_eq!(
        (t.overdue, t.skipped),
        (1, 0),
        "Na zajatce has no default move: remind again and tell the host"
    );
    let all = kinds(app.outbox(&game).await);
    assert!(all.contains(&"overdue".to_owned()) && all.contains(&format!("overdue-host-{late}")), "{all:?}");
    let host = app.outbox(&game).await.into_iter().find(|m| m.recipient == "host@example.org").unwrap();
    assert!(host.body_text.contains("has not acted by the deadline"), "{}", host.body_text);
    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().overdue, 0, "once per wait");

    // Acting starts a new wait with its own deadline.
    let loaded = app.log.load(&game).await.unwrap();
    let view = feldpost::play::view::view(&app.log, &loaded, Some(late as u8));
    feldpost::play::act::by_token(
        &app.log,
        &g.token(late as usize),
        None,
        view.current_seq,
        &view.legal_actions[0].action,
    )
    .await
    .unwrap();
    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap(), Default::default());
    app.clock.advance(48 * HOUR_MS);
    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().reminders, 1);
}

#[tokio::test]
async fn the_pause_policy_pauses_and_the_pause_runs_out_by_itself() {
    let deadline = Deadline {
        hours: Some(24),
        policy: DeadlinePolicy::Pause,
        pause_hours: Some(48),
        ..Deadline::default()
    };
    let (app, g) = deadline_game(deadline).await;
    let game = g.id.clone();
    app.clock.advance(24 * HOUR_MS);
    let t = feldpost::play::deadlines::tick(&app.log).await.unwrap();
    assert_eq!(t.paused, 1);
    assert_eq!(
        feldpost::play::deadlines::paused_until(&app.log, &game).await.unwrap(),
        Some(T0 + 72 * HOUR_MS)
    );
    let loaded = app.log.load(&game).await.unwrap();
    let causes: Vec<&str> = feldpost::play::history::history(&app.log, &loaded, None)
        .await
        .unwrap()
        .into_iter()
        .map(|h| h.cause.code())
        .collect();
    assert_eq!(causes, ["created", "paused"], "the pause is in the log");
    assert_eq!(
        app.outbox(&game).await.iter().filter(|m| m.kind == MailKind::Pause).count(),
        2,
        "everyone is told"
    );
    app.clock.advance(47 * HOUR_MS);
    assert_eq!(
        feldpost::play::deadlines::tick(&app.log).await.unwrap(),
        Default::default(),
        "no deadline runs in a pause"
    );
    app.clock.advance(HOUR_MS);
    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().resumed, 1);
    assert_eq!(feldpost::play::deadlines::paused_until(&app.log, &game).await.unwrap(), None);
    let loaded = app.log.load(&game).await.unwrap();
    let causes: Vec<&str> = feldpost::play::history::history(&app.log, &loaded, None)
        .await
        .unwrap()
        .into_iter()
        .map(|h| h.cause.code())
        .collect();
    assert_eq!(causes, ["created", "paused", "resumed"]);
    let page = app.get(&format!("/play/{}/history?lang=en", g.tokens[0]), None).await.text;
    for line in [
        "A turn’s time ran out: the game’s clocks stop until 2025-11-27 16:00 UTC.",
        "The pause is over: the clocks run again.",
    ] {
        assert!(page.contains(line), "{line} in {page}");
    }
    // The export of the log still verifies (clock records carry no engine events).
    let export = app.log.full_export(&loaded.game).await.unwrap();
    feldpost::audit::verify(&export).expect("verifies");
}

#[tokio::test]
async fn the_host_pauses_and_resumes_and_a_player_declares_absence() {
    let deadline = Deadline { hours: Some(72), absence_days: Some(5), ..Deadline::default() };
    let (app, g) = deadline_game(deadline).await;
    let game = g.id.clone();
    let host_token = g.host_path.rsplit('/').next().unwrap().to_owned();

    // Pause and resume through the host's forms.
    let page = app.get(&g.host_path, None).await.text;
    assert!(page.contains(&format!("action=\"/host/{game}/{host_token}/pause\"")), "{page}");
    let status = app.form(&format!("/host/{game}/{host_token}/pause"), &[("hours", "10")]).await.status;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let page = app.get(&g.host_path, None).await.text;
    assert!(page.contains("paused until 2025-11-25 02:00 UTC") && page.contains("/resume"), "{page}");
    assert_eq!(
        feldpost::play::deadlines::paused_until(&app.log, &game).await.unwrap(),
        Some(T0 + 10 * HOUR_MS)
    );
    // While paused, nobody moves: the move is refused and nothing is written.
    let mover = app.seat_to_act(&game).await;
    let loaded = app.log.load(&game).await.unwrap();
    let (action, _, _) = loaded.table.legal_actions(mover as u8).remove(0);
    let refused = feldpost::play::act::by_token(&app.log, &g.token(mover), None, loaded.seq, &action).await;
    assert!(matches!(refused, Err(feldpost::play::PlayError::Paused { .. })), "{refused:?}");
    assert_eq!(app.log.load(&game).await.unwrap().seq, loaded.seq);
    let status = app.form(&format!("/host/{game}/wrong-token/resume"), &[]).await.status;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let status = app.form(&format!("/host/{game}/{host_token}/resume"), &[]).await.status;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(feldpost::play::deadlines::paused_until(&app.log, &game).await.unwrap(), None);

    // The seat that must act goes away for two days: the others are told, its clock stops.
    let away = app.seat_to_act(&game).await;
    let token = &g.tokens[away];
    let status = app.form(&format!("/play/{token}/absence"), &[("days", "9")]).await.status;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "beyond the budget");
    let status = app.form(&format!("/play/{token}/absence"), &[("days", "2")]).await.status;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let notices: Vec<OutboxRow> =
        app.outbox(&game).await.into_iter().filter(|m| m.kind == MailKind::Absence).collect();
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].seat, Some(1 - away as i64), "the other seat is told");
    assert!(notices[0].body_text.contains("is away until"), "{}", notices[0].body_text);
    let loaded = app.log.load(&game).await.unwrap();
    let causes: Vec<&str> = feldpost::play::history::history(&app.log, &loaded, None)
        .await
        .unwrap()
        .into_iter()
        .map(|h| h.cause.code())
        .collect();
    assert_eq!(causes, ["created", "paused", "resumed", "absent"]);

    app.clock.advance(72 * HOUR_MS);
    assert_eq!(
        feldpost::play::deadlines::tick(&app.log).await.unwrap(),
        Default::default(),
        "the clock stood still while away"
    );
    app.clock.advance(2 * DAY_MS - 24 * HOUR_MS);
    assert_eq!(
        feldpost::play::deadlines::tick(&app.log).await.unwrap().reminders,
        1,
        "72 h after coming back, minus the reminder's 24 h"
    );
    let page = app.get(&format!("/play/{token}/mail"), None).await.text;
    assert!(page.contains("up to 3 more days"), "the budget shrank");
}

/// An absence is one write, its record: how long the seat is away and how much of its budget is
/// left are read from the log, so a server that never saw the declaration (a restart, another
/// server) counts it the same, and an absence declared while away runs on from the end of the
/// first.
#[tokio::test]
async fn an_absence_is_its_record_and_every_server_counts_it_from_the_log() {
    let deadline = Deadline { hours: Some(72), absence_days: Some(5), ..Deadline::default() };
    let (app, g) = deadline_game(deadline).await;
    let away = app.seat_to_act(&g.id).await;
    let token = &g.tokens[away];
    // Nothing but the record is written: a table of mail settings that refuses every write
    // does not stand in the way (where a second write after the record would fail, and leave
    // an absence in the log that no budget counted).
    let refuse = if crate::harness::backend_name() == "postgres" {
        "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
         CREATE TRIGGER refuse BEFORE INSERT OR UPDATE ON seat_mail FOR EACH ROW EXECUTE FUNCTION refuse();"
    } else {
        "CREATE TRIGGER refuse_insert BEFORE INSERT ON seat_mail BEGIN SELECT RAISE(ABORT, 'refused'); END;
         CREATE TRIGGER refuse_update BEFORE UPDATE ON seat_mail BEGIN SELECT RAISE(ABORT, 'refused'); END;"
    };
    app.log.store.execute_raw(refuse).await.unwrap();
    let first = app.post(&format!("/api/games/{}/absence", g.id), Some(token), json!({"days": 2})).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    app.clock.advance(DAY_MS);
    // Still away for a day: one more day runs on from the end of the first absence.
    let second = app.post(&format!("/api/games/{}/absence", g.id), Some(token), json!({"days": 1})).await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.text);
    let until = T0 + 3 * DAY_MS;

    // A server with empty caches, as after a restart: everything it knows is the log.
    let fresh = app.second_server().await;
    let prefs = feldpost::play::mailing::mail_prefs(&fresh, &seat_token(token)).await.unwrap();
    assert_eq!(prefs.absence.until, until);
    assert_eq!(prefs.absence_left_days(), 2, "5 days, less 2 and 1");
    let loaded = fresh.load(&g.id).await.unwrap();
    assert_eq!(
        feldpost::play::deadlines::deadline(&fresh, &loaded).await.unwrap(),
        Some(until + 72 * HOUR_MS),
        "the clock waits"
    );
    assert_eq!(
        feldpost::play::deadlines::tick(&fresh).await.unwrap(),
        Default::default(),
        "no reminder while away"
    );
    let over = feldpost::play::deadlines::declare_absence(&fresh, &seat_token(token), 3).await;
    assert!(over.is_err(), "beyond what is left: {over:?}");
    let settings = app.get(&format!("/api/games/{}/mail", g.id), Some(token)).await;
    assert_eq!(settings.json["absent_until"], until, "{}", settings.text);
}

#[tokio::test]
async fn digest_and_none_preferences_hold_back_turn_mail() {
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let g = app.create_zajatce(&NAMES, json!({})).await;
    let game = g.id.clone();
    for (seat, token) in g.tokens.iter().enumerate() {
        feldpost::play::mailing::set_mail_pref(
            &app.log,
            &seat_token(token),
            if seat == 0 { MailPref::Digest } else { MailPref::Never },
        )
        .await
        .unwrap();
    }
    let transport = Transport::DevMailbox;
    // Play until each seat has had a turn mail.
    for _ in 0..200 {
        let rows = app.outbox(&game).await;
        if (0..2).all(|s| rows.iter().any(|m| m.kind == MailKind::Turn && m.seat == Some(s))) {
            break;
        }
        app.play_first_legal(&g).await;
    }
    mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap();
    let rows = app.outbox(&game).await;
    for m in &rows {
        match (m.kind.text().as_str(), m.seat) {
            ("invite", _) => assert_eq!(m.status, MailStatus::Sent),
            ("turn", Some(0)) => assert_eq!(m.status, MailStatus::Held),
            ("turn", Some(1)) => assert_eq!(m.status, MailStatus::Suppressed),
            other => panic!("unexpected {other:?}"),
        }
    }
    let held = rows.iter().filter(|m| m.status == MailStatus::Held).count();
    assert!(held > 0 && rows.iter().any(|m| m.status == MailStatus::Suppressed));
    // The next morning after seven: one digest with them all.
    app.clock.advance(DAY_MS - 10 * HOUR_MS);
    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().digests, 0, "before seven");
    app.clock.advance(HOUR_MS);
    {
        assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().digests, 1);
        assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().digests, 0, "once a day");
        mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap();
        let rows = app.outbox(&game).await;
        let digest = rows.iter().find(|m| matches!(m.kind, MailKind::Digest { .. })).unwrap();
        assert_eq!((digest.status, digest.seat), (MailStatus::Sent, Some(0)));
        // Each held mail is listed by its headline.
        assert_eq!(digest.body_text.matches("Your turn").count(), held, "{}", digest.body_text);
        assert!(rows.iter().all(|m| m.status != MailStatus::Held));
    }
}

#[tokio::test]
async fn the_new_game_form_takes_a_deadline() {
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let fields = [
        ("ruleset", "zajatce"),
        ("name_0", "A"),
        ("name_1", "B"),
        ("deadline_hours", "72"),
        ("deadline_policy", "skip"),
        ("host_email", "host@example.org"),
        ("absence_days", "3"),
    ];
    let Answer { status, location, .. } = app.form("/games", &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let game = location.split('/').nth(2).unwrap();
    let clock = app.log.store.game_clock(game).await.unwrap().unwrap();
    assert_eq!(
        (clock.turn_ms, clock.policy.code(), clock.host_email.as_str(), clock.absence_budget_ms),
        (Some(72 * HOUR_MS), "skip", "host@example.org", 3 * DAY_MS)
    );
    // Without the fields: no deadline.
    let location = app
        .form(
            "/games",
            &[("ruleset", "zajatce"), ("name_0", "A"), ("name_1", "B"), ("host_email", "h@example.org")],
        )
        .await
        .location;
    let clock = app.log.store.game_clock(location.split('/').nth(2).unwrap()).await.unwrap().unwrap();
    assert_eq!(clock.turn_ms, None);
}

#[tokio::test]
async fn bad_deadline_options_are_refused() {
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    // A policy that does not exist cannot even be read.
    assert!(serde_json::from_value::<Deadline>(serde_json::json!({"policy": "explode"})).is_err());
    for (d, host_email) in [
        (Deadline { hours: Some(0), ..Deadline::default() }, "host@example.org"),
        (Deadline::default(), "nobody"),
    ] {
        let players = vec![
            NewPlayer { name: "A".into(), email: String::new() },
            NewPlayer { name: "B".into(), email: String::new() },
        ];
        let r = feldpost::play::create::create(
            &app.log,
            NewGame {
                ruleset: "zajatce".into(),
                title: String::new(),
                options: json!({}),
                players,
                lang: Lang::En,
                deadline: d,
                disputes: Default::default(),
                host_email: host_email.into(),
                from_position: false,
            },
            &Requester::default(),
        )
        .await;
        assert!(matches!(r, Err(feldpost::play::PlayError::Invalid(_))), "{:?}", r.map(|c| c.game_id));
    }
    let a = feldpost::play::create::create(&app.log, serde_json::from_value::<NewGame>(json!({"ruleset": "zajatce", "players": [{"name": "A"}, {"name": "B"}], "host_email": "host@example.org", "deadline": {"hours": 72, "policy": "skip"}})).unwrap(), &Requester::default())
        .await;
    assert!(a.is_ok());
}

// ---------------------------------------------------------------------------------------------
// Bodies in both languages, fixed content.

fn fixed_game(lang: Lang) -> (GameRow, SeatRow) {
    let game = GameRow {
        id: game_id("g1"),
        ruleset: "zajatce".into(),
        title: "Sobotní partie".into(),
        options: "{}".into(),
        seat_count: 2,
        seed: String::new(),
        commitment: String::new(),
        host_salt: String::new(),
        lang,
        created_at: T0,
        last_seq: 5,
        finished_at: None,
    };
    let seat = SeatRow {
        game_id: game_id("g1"),
        seat: 1,
        name: "Boris".into(),
        email: "boris@example.org".into(),
        token_salt: String::new(),
        token_hash: String::new(),
        time_zone: None,
        account_time_zone: None,
        calendar_salt: String::new(),
    };
    (game, seat)
}

fn fixed_turn(lang: Lang) -> OutboxRow {
    let (game, seat) = fixed_game(lang);
    let tr = feldpost::i18n::Tr::new(lang).with_names(vec!["Alena".into(), "Boris".into()]);
    let commands = [("hod".to_owned(), tr.t("zajatce-action-roll"))];
    let places = fixed_places();
    let asked = mail::Asked {
        lead: &[],
        board: None,
        places: &places,
        own_numbers: None,
        commands: &commands,
        concede: None,
        reply_tag: Some("g1.1.5.0123456789abcde".into()),
        talk: &[],
        deadline: None,
        position: None,
    };
    let seen = [
        Msg::new("zajatce-event-rolled").seat("player", 0).num("die", 4),
        Msg::new("zajatce-event-next-turn").seat("player", 1),
    ];
    mail::your_turn(&tr, &game, &seat, "http://feldpost.test/play/TOKEN", 5, &asked, &seen, T0)
}

/// Where the stones stand in the fixed game, as Na zajatce's mail says it.
fn fixed_places() -> Vec<Msg> {
    vec![
        Msg::new("zajatce-mail-unit")
            .seat("player", 0)
            .num("stone", 1)
            .num("field", 14)
            .num("members", 2)
            .text("with", "2, 3")
            .num("prisoners", 1),
        Msg::new("zajatce-mail-seat").seat("player", 0).num("reserve", 2).num("camp", 0),
        Msg::new("zajatce-mail-out").seat("player", 1).num("camp", 3),
    ]
}

#[test]
fn turn_mail_in_english() {
    let m = fixed_turn(Lang::En);
    insta::assert_snapshot!("turn_en_subject", m.subject);
    insta::assert_snapshot!("turn_en_text", m.body_text);
    insta::assert_snapshot!("turn_en_html", m.body_html.unwrap());
}

#[test]
fn turn_mail_in_czech() {
    let m = fixed_turn(Lang::Cs);
    insta::assert_snapshot!("turn_cs_subject", m.subject);
    insta::assert_snapshot!("turn_cs_text", m.body_text);
    insta::assert_snapshot!("turn_cs_html", m.body_html.unwrap());
}

#[test]
fn reminder_and_invitation_in_both_languages() {
    for lang in [Lang::En, Lang::Cs] {
        let (game, seat) = fixed_game(lang);
        let tr = feldpost::i18n::Tr::new(lang).with_names(vec!["Alena".into(), "Boris".into()]);
        let commands = [("hod".to_owned(), tr.t("zajatce-action-roll"))];
        let places = fixed_places();
        let asked = mail::Asked {
            lead: &[],
            board: None,
            places: &places,
            position: None,
            own_numbers: None,
            commands: &commands,
            concede: None,
            reply_tag: None,
            talk: &[],
            deadline: None,
        };
        let r = mail::reminder(
            &tr,
            &game,
            &seat,
            "http://feldpost.test/play/TOKEN",
            5,
            T0 + 72 * HOUR_MS,
            &asked,
            T0,
        );
        insta::assert_snapshot!(
            format!("reminder_{}", lang.code()),
            format!("Subject: {}\n\n{}", r.subject, r.body_text)
        );
        let role = Msg::new("zajatce-seat").num("n", 2);
        let i = mail::invitation(&tr, &game, &seat, &role, "http://feldpost.test/play/TOKEN", false, T0);
        insta::assert_snapshot!(
            format!("invite_{}", lang.code()),
            format!("Subject: {}\n\n{}", i.subject, i.body_text)
        );
    }
}

#[tokio::test]
async fn skip_falls_back_to_reminding_where_the_rules_have_no_default_move() {
    let deadline = Deadline { hours: Some(10), policy: DeadlinePolicy::Skip, ..Deadline::default() };
    let (app, g) = deadline_game(deadline).await;
    app.clock.advance(10 * HOUR_MS);
    let t = feldpost::play::deadlines::tick(&app.log).await.unwrap();
    assert_eq!((t.skipped, t.overdue), (0, 1), "Na zajatce's rules name no move for a missed turn");
    assert_eq!(app.log.store.records(&g.id, 0).await.unwrap().len(), 1, "nothing was appended");
}

#[tokio::test]
async fn the_worker_delivers_after_a_commit_without_being_asked() {
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    tokio::spawn(feldpost::play::worker::run_mail_worker(
        app.log.clone(),
        Transport::DevMailbox,
        feldpost::mail::DEFAULT_IN_FLIGHT,
    ));
    let g = app
        .create_game(json!({"ruleset": "zajatce", "title": "Test", "players": players(&NAMES), "lang": "cs"}))
        .await;
    // The worker is woken by the commit; wait for it (a real task, so real time, briefly).
    for _ in 0..200 {
        if app.outbox(&g.id).await.iter().all(|m| m.status == MailStatus::Sent) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let rows = app.outbox(&g.id).await;
    assert_eq!(rows.len(), 3);
    assert!(
        rows.iter().all(|m| m.status == MailStatus::Sent && m.transport.as_deref() == Some("dev-mailbox")),
        "{rows:?}"
    );
    assert!(rows.iter().any(|m| m.body_text.contains("jste na tahu")), "the game's language");
}

/// Every mail, as it goes on the wire and as a mail client parses it (mailparse), in every
/// language we ship: text and HTML alternatives, no message id left untranslated; the game's
/// mail in its seat's thread with its List-Id, account mail with no game's headers; every mail
/// about a game (the host's confirmation too) with its receipt; and the text part flowed, its
/// lines short enough to quote (a link is never broken) and reading back whole.
#[tokio::test]
async fn every_mail_reads_in_text_and_html_in_every_language_flowed_and_with_its_receipt() {
    use crate::harness::Browser;
    use mailparse::MailHeaderMap;
    let from: lettre::message::Mailbox = FROM.parse().unwrap();
    for lang in ["cs", "en", "ru"] {
        let app = TestApp::spawn().await;
        Browser::new(&app, lang).register(&format!("reader-{lang}@example.org")).await;
        let deadline = Deadline { hours: Some(72), remind_hours: Some(24), ..Deadline::default() };
        let g = app
            .create_game(json!({"ruleset": "zajatce", "title": "Test", "lang": lang,
                                "players": players(&NAMES), "deadline": deadline}))
            .await;
        for _ in 0..3 {
            app.play_first_legal(&g).await;
        }
        // A reminder, then the turn overdue (to the seat and to the host).
        app.clock.advance(48 * HOUR_MS);
        feldpost::play::deadlines::tick(&app.log).await.unwrap();
        app.clock.advance(24 * HOUR_MS);
        feldpost::play::deadlines::tick(&app.log).await.unwrap();
        // A dispute: its notice to everyone and the request to its adjudicator.
        let disputed = app
            .post(
                &format!("/api/games/{}/disputes", g.id),
                Some(&g.tokens[0]),
                json!({"against": 2, "claim": "Kámen šel o pole dál, než padlo na kostce, a to je proti pravidlům hry."}),
            )
            .await;
        assert_eq!(disputed.status, StatusCode::OK, "{}", disputed.text);
        let rows = app.mails(1000).await;
        let kinds: std::collections::BTreeSet<String> = rows.iter().map(|r| r.kind.text()).collect();
        assert!(
            ["invite", "turn", "account-register", "host-confirm", "reminder", "overdue"]
                .iter()
                .all(|k| kinds.contains(*k)),
            "{kinds:?}"
        );
        assert!(kinds.contains("dispute") && kinds.contains("rule-request"), "{kinds:?}");
        for row in &rows {
            let raw = mail::build_message(row, &from, T0).unwrap().formatted();
            let parsed = mailparse::parse_mail(&raw).unwrap();
            assert_eq!(parsed.ctype.mimetype, "multipart/alternative", "{}: {}", row.kind, row.subject);
            let text_part = parsed.subparts.iter().find(|p| p.ctype.mimetype == "text/plain").unwrap();
            assert_eq!(
                text_part.ctype.params.get("format").map(String::as_str),
                Some("flowed"),
                "{}: the text part is flowed",
                row.kind
            );
            let text = text_part.get_body().unwrap();
            let html =
                parsed.subparts.iter().find(|p| p.ctype.mimetype == "text/html").unwrap().get_body().unwrap();
            assert!(
                text.trim().len() > 40 && html.contains(&format!("<html lang=\"{lang}\">")),
                "{}",
                row.kind
            );
            for part in [&text, &html] {
                for id in ["mail-", "account-", "zajatce-", "error-", "input-"] {
                    assert!(!part.contains(id), "{} holds a raw message id ({id}): {part}", row.kind);
                }
            }
            // Short lines: at most 78 characters, but for a word that cannot be broken (a link).
            let text = text.replace("\r\n", "\n");
            for line in text.lines() {
                let words = line.split_whitespace().count();
                assert!(
                    line.chars().count() <= 78 || words == 1,
                    "{} ({lang}): a line of {} characters: {line:?}",
                    row.kind,
                    line.chars().count()
                );
            }
            // Joined again as a flowed-aware client does, nothing is lost or changed: the same
            // words (a list item is wrapped under its indent, with hard breaks), and every
            // paragraph, link and the signature on lines as they were.
            let words = |t: &str| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
            assert_eq!(words(&unflow(&text)), words(&row.body_text), "{} ({lang})", row.kind);
            let unflowed = unflow(&text);
            let lines: std::collections::HashSet<&str> = unflowed.lines().collect();
            for original in row.body_text.lines().filter(|l| !l.starts_with(' ')) {
                let kept = lines.contains(original) || lines.contains(original.trim_end());
                assert!(kept, "{} ({lang}): {original:?} was changed", row.kind);
            }
            let h = &parsed.headers;
            if row.game_id.is_empty() && row.kind != MailKind::HostConfirm {
                assert!(
                    h.get_first_value("In-Reply-To").is_none(),
                    "{}: account mail answers no game",
                    row.kind
                );
                assert!(h.get_first_value("List-Id").is_none(), "{}", row.kind);
                assert!(h.get_first_value("Feldpost-Chain").is_none(), "{}", row.kind);
            } else {
                // The receipt, in the header and in words in both parts.
                let head =
                    h.get_first_value("Feldpost-Chain").unwrap_or_else(|| panic!("{}: no receipt", row.kind));
                let hash = head.split(' ').nth(1).unwrap();
                assert!(text.contains(hash) && html.contains(hash), "{}: the receipt in words", row.kind);
            }
            if !row.game_id.is_empty() {
                assert_eq!(h.get_first_value("List-Id"), Some(format!("<game-{}.feldpost.test>", g.id)));
                assert_eq!(h.get_first_value("Subject").as_deref(), Some("[feldpost] Test"), "{}", row.kind);
                if row.kind != MailKind::Invite {
                    let root = format!("<{}@feldpost.test>", row.thread.as_deref().unwrap());
                    assert_eq!(h.get_first_value("In-Reply-To"), Some(root), "{}", row.kind);
                }
            }
            if lang == "cs" && row.seat.is_some() {
                assert!(text.contains("Dobrý den,\n"), "{text}");
            }
        }
    }
}

/// A flowed text part as a flowed-aware client shows it (RFC 3676, 4.2), written here apart
/// from the server's own encoder: stuffing off, soft breaks joined, trailing space off.
fn unflow(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = line.strip_prefix(' ').unwrap_or(line);
        out.push_str(line);
        if line == "-- " || !line.ends_with(' ') {
            out.push('\n');
        }
    }
    out.trim_end().to_owned()
}

// ---------------------------------------------------------------------------------------------
// A mail server that fails on purpose: it refuses some recipients for good (550 at RCPT), and
// it hangs up instead of answering the final dot of some messages (it has them, the sender
// does not know). A line protocol small enough to write here.

#[derive(Default)]
struct Faults {
    /// Recipients answered 550 at RCPT.
    refuse: Vec<String>,
    /// The numbers (counted from 1, over all connections) of the messages whose final dot is
    /// answered by hanging up.
    hang_up_at: Vec<usize>,
    /// Offer PIPELINING (RFC 2920), as Postfix does.
    pipelining: bool,
    /// Offer no 8BITMIME (RFC 6152): bodies must come in 7 bits.
    seven_bit_only: bool,
    /// Refuse an EHLO after the first, as Python's smtpd does ("503 Duplicate HELO/EHLO").
    one_ehlo_only: bool,
    /// Offer CHUNKING (RFC 3030) beside PIPELINING, as Postfix does: a message may come as
    /// chunks of a stated length (BDAT) instead of DATA.
    chunking: bool,
}

#[derive(Default)]
struct Seen {
    /// The Message-ID of every message received in full (whether answered or not).
    messages: Vec<String>,
    /// Every RCPT address asked for.
    rcpts: Vec<String>,
    /// MAIL commands that came with the rest of their envelope already behind them (pipelined).
    pipelined: usize,
    /// Every MAIL command, and every message received in full as it came (dots unstuffed).
    mail_commands: Vec<String>,
    raw: Vec<String>,
    /// Messages that came as chunks (BDAT), not by DATA.
    chunked: usize,
}

fn faulty_smtp_server(faults: Faults) -> (u16, Arc<Mutex<Seen>>) {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let seen = Arc::new(Mutex::new(Seen::default()));
    let faults = Arc::new(faults);
    let shared = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let (seen, faults) = (shared.clone(), faults.clone());
            std::thread::spawn(move || {
                let mut out = stream.try_clone().unwrap();
                let mut lines = BufReader::new(stream);
                let _ = out.write_all(b"220 faulty.test ESMTP\r\n");
                let mut line = String::new();
                // Recipients taken in this transaction: DATA without one is refused, as every
                // real server does (a pipelining client sends DATA before it knows).
                let mut taken = 0;
                let mut greeted = false;
                let mut chunks = Vec::new();
                loop {
                    line.clear();
                    if lines.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
                    let repeated_ehlo = verb == "EHLO" && std::mem::replace(&mut greeted, true);
                    let answer: &[u8] = match verb.as_str() {
                        "EHLO" if repeated_ehlo && faults.one_ehlo_only => b"503 Duplicate HELO/EHLO\r\n",
                        "EHLO" if faults.chunking => {
                            b"250-faulty.test\r\n250-PIPELINING\r\n250-8BITMIME\r\n250-CHUNKING\r\n250 SMTPUTF8\r\n"
                        }
                        "EHLO" if faults.seven_bit_only => {
                            b"250-faulty.test\r\n250-PIPELINING\r\n250 SMTPUTF8\r\n"
                        }
                        "EHLO" if faults.pipelining => {
                            b"250-faulty.test\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n"
                        }
                        "EHLO" => b"250-faulty.test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n",
                        "MAIL" => {
                            taken = 0;
                            seen.lock().unwrap().mail_commands.push(line.trim_end().to_owned());
                            if !lines.buffer().is_empty() {
                                seen.lock().unwrap().pipelined += 1;
                            }
                            b"250 OK\r\n"
                        }
                        "RCPT" => {
                            let to = line.split(['<', '>']).nth(1).unwrap_or("").to_owned();
                            seen.lock().unwrap().rcpts.push(to.clone());
                            if faults.refuse.contains(&to) {
                                b"550 5.1.1 no such user\r\n"
                            } else {
                                taken += 1;
                                b"250 OK\r\n"
                            }
                        }
                        "DATA" if taken == 0 => b"554 5.5.1 no valid recipients\r\n",
                        "DATA" => {
                            let _ = out.write_all(b"354 go on\r\n");
                            let mut id = String::new();
                            let mut raw = String::new();
                            loop {
                                line.clear();
                                if lines.read_line(&mut line).unwrap_or(0) == 0 {
                                    return;
                                }
                                if line == ".\r\n" {
                                    break;
                                }
                                if let Some(v) = line.strip_prefix("Message-ID: ") {
                                    id = v.trim().to_owned();
                                }
                                raw.push_str(line.strip_prefix('.').unwrap_or(&line));
                            }
                            let n = {
                                let mut seen = seen.lock().unwrap();
                                seen.raw.push(raw);
                                seen.messages.push(id);
                                seen.messages.len()
                            };
                            if faults.hang_up_at.contains(&n) {
                                return; // the connection drops: no answer to the dot
                            }
                            b"250 OK queued\r\n"
                        }
                        // BDAT <size> [LAST]: the chunk is read whatever the answer (RFC 3030),
                        // so the connection stays in step after a refusal.
                        "BDAT" if faults.chunking => {
                            let mut words = line.split_ascii_whitespace().skip(1);
                            let size: usize = words.next().and_then(|n| n.parse().ok()).unwrap_or(0);
                            let last = words.next().is_some_and(|w| w.eq_ignore_ascii_case("LAST"));
                            let mut chunk = vec![0; size];
                            if std::io::Read::read_exact(&mut lines, &mut chunk).is_err() {
                                return;
                            }
                            chunks.extend_from_slice(&chunk);
                            if !last {
                                b"250 2.0.0 chunk taken\r\n"
                            } else if taken == 0 {
                                chunks.clear();
                                b"554 5.5.1 no valid recipients\r\n"
                            } else {
                                let raw = String::from_utf8_lossy(&std::mem::take(&mut chunks)).into_owned();
                                let id = raw
                                    .lines()
                                    .find_map(|l| l.strip_prefix("Message-ID: "))
                                    .unwrap_or("")
                                    .trim()
                                    .to_owned();
                                let n = {
                                    let mut seen = seen.lock().unwrap();
                                    seen.raw.push(raw);
                                    seen.messages.push(id);
                                    seen.chunked += 1;
                                    seen.messages.len()
                                };
                                if faults.hang_up_at.contains(&n) {
                                    return; // the connection drops: no answer to the last chunk
                                }
                                b"250 OK queued\r\n"
                            }
                        }
                        "QUIT" => {
                            let _ = out.write_all(b"221 bye\r\n");
                            return;
                        }
                        _ => b"250 OK\r\n", // MAIL, RSET, NOOP
                    };
                    if out.write_all(answer).is_err() {
                        return;
                    }
                }
            });
        }
    });
    (port, seen)
}

/// A message goes to a server that offers CHUNKING (as Postfix does) in one write, as a chunk
/// of its stated length (BDAT): nothing in it is changed, so a line that starts with a dot, or
/// is one, arrives as written; by DATA it arrives the same (the dots doubled on the way and
/// undone by the server), and an envelope that was refused costs the connection nothing.
#[tokio::test]
async fn a_line_that_starts_with_a_dot_arrives_as_written_whether_sent_by_data_or_by_chunks() {
    let body = "Dear Ana,\n.hidden in plain sight\n..two dots\n.\nThe end.\n";
    for chunking in [false, true] {
        let (port, seen) = faulty_smtp_server(Faults {
            pipelining: true,
            chunking,
            refuse: vec!["nobody@example.org".into()],
            ..Faults::default()
        });
        let transport = SmtpTransport::new(&format!("smtp://127.0.0.1:{port}"), FROM).unwrap();
        let row = |to: &str| OutboxRow::pending("", 0, to, MailKind::Invite, "Dots".into(), body.into(), T0);
        let refused = transport.send(&row("nobody@example.org"), None, T0).await.unwrap_err();
        assert!(refused.permanent && refused.why.contains("no such user"), "{refused:?}");
        transport.send(&row("ana@example.org"), None, T0).await.unwrap();
        let seen = seen.lock().unwrap();
        assert_eq!(seen.raw.len(), 1, "the refused message was dropped, the next one taken");
        assert_eq!(seen.chunked, usize::from(chunking), "sent as a chunk only where offered");
        let parsed = mailparse::parse_mail(seen.raw[0].as_bytes()).expect("a well-formed message");
        let text = parsed.get_body().unwrap().replace("\r\n", "\n");
        assert!(text.contains("Dear Ana,\n.hidden in plain sight\n..two dots\n.\nThe end."), "{text:?}");
    }
}

/// A Czech game's mail (its text beyond ASCII, its HTML with names set apart by direction
/// marks) goes as it is, in 8 bits, to a server that says it takes them, and encoded as
/// quoted-printable to one that does not; a mail client reads the same from both, and no line
/// of either is longer than SMTP allows.
#[tokio::test]
async fn mail_goes_in_eight_bits_only_to_a_server_that_takes_them_and_reads_the_same_either_way() {
    let mut read = Vec::new();
    for seven_bit_only in [false, true] {
        let (port, seen) =
            faulty_smtp_server(Faults { pipelining: true, seven_bit_only, ..Faults::default() });
        let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
        let g = app
            .create_game(json!({"ruleset": "zajatce", "title": "Sobotní partie", "players": players(&NAMES), "lang": "cs"}))
            .await;
        drain(&app, &smtp_transport(port)).await;
        assert!(app.outbox(&g.id).await.iter().all(|m| m.status == MailStatus::Sent));
        let seen = seen.lock().unwrap();
        assert_eq!(seen.raw.len(), 3, "two invitations and a turn mail");
        let mut texts = Vec::new();
        for (raw, command) in seen.raw.iter().zip(&seen.mail_commands) {
            assert!(raw.lines().all(|l| l.len() <= 998), "a line longer than SMTP allows");
            assert_eq!(raw.is_ascii(), seven_bit_only, "{command}");
            assert_eq!(command.contains("BODY=8BITMIME"), !seven_bit_only, "{command}");
            let parsed = mailparse::parse_mail(raw.as_bytes()).expect("a well-formed message");
            let parts: Vec<(String, String, String)> = parsed
                .subparts
                .iter()
                .map(|p| {
                    let encoding = p.headers.iter().find(|h| h.get_key() == "Content-Transfer-Encoding");
                    (
                        p.ctype.mimetype.clone(),
                        encoding.map(|h| h.get_value()).unwrap_or_default(),
                        p.get_body().unwrap(),
                    )
                })
                .collect();
            assert_eq!(parts.len(), 2, "text and HTML");
            for (mime, encoding, body) in &parts {
                let expected = if seven_bit_only { "quoted-printable" } else { "8bit" };
                assert_eq!(encoding, expected, "{mime}");
                assert!(body.contains("Sobotní partie"), "{mime}: {body}");
            }
            texts.push(parts);
        }
        read.push(texts);
    }
    // The same mails read the same (in whatever order they went; the links differ, each game
    // its own): each part's count of words.
    let words = |run: &Vec<Vec<(String, String, String)>>| {
        let mut counted: Vec<(String, usize)> = run
            .iter()
            .flatten()
            .map(|(mime, _, body)| {
                (mime.clone(), body.split_whitespace().filter(|w| !w.contains("http")).count())
            })
            .collect();
        counted.sort();
        counted
    };
    assert_eq!(words(&read[0]), words(&read[1]));
}

/// A server that refuses a second EHLO (feldpost asks twice, to learn whether it pipelines)
/// still gets every mail, one command at a time; nothing is refused for good.
#[tokio::test]
async fn a_server_that_takes_one_ehlo_only_gets_its_mail_unpipelined() {
    let (port, seen) =
        faulty_smtp_server(Faults { pipelining: true, one_ehlo_only: true, ..Faults::default() });
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let g = app.create_zajatce(&NAMES, json!({})).await;
    drain(&app, &smtp_transport(port)).await;
    let rows = app.outbox(&g.id).await;
    assert_eq!(rows.len(), 3);
    let said: Vec<_> = rows.iter().map(|m| (m.status, m.last_error.clone())).collect();
    assert!(rows.iter().all(|m| m.status == MailStatus::Sent), "{said:?}");
    let seen = seen.lock().unwrap();
    assert_eq!(seen.messages.len(), 3);
    assert_eq!(seen.pipelined, 0, "not pipelined to a server that did not say it pipelines");
}

/// The worker sends what is due until nothing is, the clock moved past each retry time.
async fn drain(app: &TestApp, transport: &Transport) {
    for _ in 0..20 {
        mail::deliver_due(&app.log.store, app.log.links(), transport, &app.clock).await.unwrap();
        app.clock.advance(mail::backoff_ms(9));
    }
}

#[tokio::test]
async fn a_server_that_hangs_up_mid_batch_loses_nothing_and_doubles_only_what_it_never_answered() {
    hangs_up_mid_batch(false).await;
}

#[tokio::test]
async fn a_pipelining_server_that_hangs_up_mid_batch_loses_nothing_either() {
    hangs_up_mid_batch(true).await;
}

#[tokio::test]
async fn a_chunking_server_that_hangs_up_mid_batch_loses_nothing_either() {
    hangs_up_mid_batch_with(Faults { chunking: true, pipelining: true, ..Faults::default() }).await;
}

async fn hangs_up_mid_batch(pipelining: bool) {
    hangs_up_mid_batch_with(Faults { pipelining, ..Faults::default() }).await;
}

async fn hangs_up_mid_batch_with(speaks: Faults) {
    let (pipelining, chunking) = (speaks.pipelining, speaks.chunking);
    let (port, seen) = faulty_smtp_server(Faults { hang_up_at: vec![3, 7, 8], ..speaks });
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let transport = smtp_transport(port);
    let mut games = Vec::new();
    for _ in 0..4 {
        games.push(app.create_zajatce(&NAMES, json!({})).await.id);
    }
    drain(&app, &transport).await;
    let mut rows = Vec::new();
    for g in &games {
        rows.extend(app.outbox(g).await);
    }
    assert_eq!(rows.len(), 12, "two invitations and a turn mail per game");
    let seen = seen.lock().unwrap();
    for row in &rows {
        assert_eq!(row.status, MailStatus::Sent, "{} to {}", row.kind, row.recipient);
        let id = format!("<{}@feldpost.test>", row.id);
        assert!(seen.messages.contains(&id), "{id} was marked sent but never received");
    }
    // At least once: each mail arrived; the three whose OK never came may have come twice, and
    // nothing else did.
    assert!(seen.messages.len() >= rows.len());
    assert!(
        seen.messages.len() <= rows.len() + 3,
        "{} received for {} mails",
        seen.messages.len(),
        rows.len()
    );
    let mut ids = seen.messages.clone();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), rows.len(), "every mail, and only these");
    // Offered, pipelining is used: each envelope in one write; not offered, never. Offered
    // with chunking, every message comes as one chunk in that write.
    if pipelining {
        assert!(seen.pipelined >= rows.len(), "{} of {} envelopes pipelined", seen.pipelined, rows.len());
    } else {
        assert_eq!(seen.pipelined, 0);
    }
    let chunked = if chunking { seen.messages.len() } else { 0 };
    assert_eq!(seen.chunked, chunked, "messages sent as a chunk");
}

#[tokio::test]
async fn a_permanent_refusal_stops_the_retries_marks_the_mail_failed_and_the_host_page_says_so() {
    refused_for_good(false).await;
}

#[tokio::test]
async fn a_permanent_refusal_of_a_pipelined_envelope_is_heard_the_same_way() {
    refused_for_good(true).await;
}

#[tokio::test]
async fn a_permanent_refusal_of_a_chunked_message_is_heard_the_same_way() {
    refused_for_good_by(Faults { chunking: true, pipelining: true, ..Faults::default() }).await;
}

async fn refused_for_good(pipelining: bool) {
    refused_for_good_by(Faults { pipelining, ..Faults::default() }).await;
}

async fn refused_for_good_by(speaks: Faults) {
    let chunking = speaks.chunking;
    let (port, seen) = faulty_smtp_server(Faults { refuse: vec!["boris@example.org".into()], ..speaks });
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let transport = smtp_transport(port);
    let g = app.create_zajatce(&NAMES, json!({})).await;
    drain(&app, &transport).await;
    let outbox = app.outbox(&g.id).await;
    let to_boris: Vec<&OutboxRow> = outbox.iter().filter(|m| m.recipient == "boris@example.org").collect();
    assert!(!to_boris.is_empty());
    // A refusal marks the mail failed and the address failing (tests/all/bounces.rs): what was
    // not being sent already in the same pass is stopped, never tried.
    let failed: Vec<_> = to_boris.iter().filter(|m| m.status == MailStatus::Failed).collect();
    assert!(!failed.is_empty(), "{to_boris:?}");
    for m in &failed {
        assert_eq!(m.attempts, 1, "tried once, never again");
        assert!(m.last_error.as_deref().unwrap_or("").contains("no such user"), "{:?}", m.last_error);
    }
    for m in to_boris.iter().filter(|m| m.status != MailStatus::Failed) {
        assert_eq!((m.status, m.attempts), (MailStatus::Stopped, 0), "{}", m.kind);
    }
    assert!(
        outbox.iter().filter(|m| m.recipient != "boris@example.org").all(|m| m.status == MailStatus::Sent)
    );
    let asked = seen.lock().unwrap().rcpts.iter().filter(|r| *r == "boris@example.org").count();
    assert_eq!(asked, failed.len(), "the server was asked once per mail it refused, in twenty passes");
    if chunking {
        // The refused message's chunk was read and dropped: every other mail came as a chunk.
        let seen = seen.lock().unwrap();
        assert_eq!(seen.chunked, outbox.iter().filter(|m| m.status == MailStatus::Sent).count());
    }
    let page = app.page(&g.host_path, "en").await.text;
    assert!(page.contains("Mail to Boris (boris@example.org) does not arrive"), "{page}");
    assert!(page.contains("no such user"), "the server's answer: {page}");
}
