//! Mail that comes back: each mail goes out from an envelope sender of its own
//! (`feldpost+b-TAG@…`), and a bounce to it, by the SMTP listener or `feldpost inbound`, marks
//! the address failing (a hard one, or three soft ones), stops the game's mail to it, tells the
//! host by mail and on the host page and the seat's page, until the seat is given an address
//! again. A refusal for good at sending goes the same way. Mail to the bare From address is
//! answered once a day, never to a machine.

use crate::harness::OWN;
use crate::harness::{HOST_EMAIL, TestApp, TestGame, players};
use axum::http::StatusCode;
use feldpost::clock::DAY_MS;
use feldpost::mail::{self, SmtpTransport, Transport};
use feldpost::store::{MailKind, MailStatus, OutboxRow};
use mailin_embedded::{Handler, Response, Server, SslConfig, response};
use serde_json::json;
use std::sync::{Arc, Mutex};

const ALENA: &str = "alena@example.org";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Via {
    Smtp,
    Pipe,
}

#[derive(Debug, PartialEq, Eq)]
enum Delivered {
    Taken,
    NoSuchAddress,
}

struct Table {
    app: TestApp,
    g: TestGame,
    smtp_port: u16,
}

async fn table() -> Table {
    let app = TestApp::spawn().await;
    let g = app
        .create_game(json!({
            "ruleset": "zajatce", "title": "Sobota", "lang": "en",
            "players": players(&["Alena", "Boris"]),
        }))
        .await;
    let inbox = feldpost::play::reply::Replies::new(&app.log, OWN);
    let smtp_port = feldpost::mail::listener::spawn(inbox, "127.0.0.1:0").expect("listen").port();
    Table { app, g, smtp_port }
}

impl Table {
    /// A mail to Alena whose bounce address fits in a local part (a turn mail or a notice; the
    /// invitation's id is too long with the tests' game ids), playing until there is one.
    async fn mail_to_alena(&self) -> OutboxRow {
        for _ in 0..6 {
            if let Some(m) = self
                .app
                .outbox(&self.g.id)
                .await
                .into_iter()
                .rev()
                .find(|m| m.recipient == ALENA && m.id.len() <= 20)
            {
                return m;
            }
            self.app.play_first_legal(&self.g).await;
        }
        panic!("no mail to Alena with a short id");
    }

    /// The envelope sender the mail went out with (as the transport writes it).
    fn bounce_address(&self, m: &OutboxRow) -> String {
        format!("feldpost+b-{}@feldpost.test", self.app.log.links().secret().bounce_tag(&m.id))
    }

    async fn deliver(&self, via: Via, sender: Option<&str>, to: &str, raw: &str) -> Delivered {
        match via {
            Via::Smtp => {
                let smtp =
                    lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::builder_dangerous("127.0.0.1")
                        .port(self.smtp_port)
                        .build();
                let envelope = lettre::address::Envelope::new(
                    sender.map(|s| s.parse().unwrap()),
                    vec![to.parse().unwrap()],
                )
                .unwrap();
                use lettre::AsyncTransport;
                match smtp.send_raw(&envelope, raw.as_bytes()).await {
                    Ok(r) if r.is_positive() => Delivered::Taken,
                    Err(e) if e.status().map(u16::from) == Some(550) => Delivered::NoSuchAddress,
                    other => panic!("SMTP: {other:?}"),
                }
            }
            Via::Pipe => {
                let out = crate::harness::process::inbound_async(
                    &self.app.db_url,
                    &["--to", to],
                    &[],
                    raw.as_bytes(),
                )
                .await;
                let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
                match out.status.code() {
                    Some(0) => Delivered::Taken,
                    Some(67) => Delivered::NoSuchAddress,
                    other => panic!("feldpost inbound exited {other:?}: {stderr}"),
                }
            }
        }
    }

    async fn host_page(&self) -> String {
        self.app.page(&self.g.host_path, "en").await.text
    }

    async fn seat_page(&self) -> String {
        self.app.page(&self.g.seat_path(0), "en").await.text
    }

    /// Mails to the host that a seat's address fails.
    async fn failing_notices(&self) -> Vec<OutboxRow> {
        self.app
            .outbox(&self.g.id)
            .await
            .into_iter()
            .filter(|m| m.recipient == HOST_EMAIL && matches!(m.kind, MailKind::Failing { .. }))
            .collect()
    }

    /// Send what is due through the dev mailbox; the statuses of the mails to `to` after.
    async fn deliver_all(&self) {
        mail::deliver_due(&self.app.log.store, self.app.log.links(), &Transport::DevMailbox, &self.app.clock)
            .await
            .unwrap();
    }

    async fn statuses_to(&self, to: &str) -> Vec<(String, MailStatus)> {
        self.app
            .outbox(&self.g.id)
            .await
            .into_iter()
            .filter(|m| m.recipient == to)
            .map(|m| (m.id, m.status))
            .collect()
    }
}

/// A delivery status notification (RFC 3464) as Postfix writes one.
fn dsn(id: &str, to: &str, recipient: &str, action: &str, status: &str) -> String {
    format!(
        "From: Mail Delivery System <MAILER-DAEMON@relay.example.net>\r\nTo: {to}\r\n\
         Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <{id}@relay.example.net>\r\n\
         Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n\
         Content-Type: multipart/report; report-type=delivery-status; boundary=\"BB\"\r\n\r\n\
         --BB\r\nContent-Type: text/plain\r\n\r\nThis is the mail system at host relay.example.net.\r\n\r\n\
         --BB\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; relay.example.net\r\n\r\n\
         Final-Recipient: rfc822; {recipient}\r\nOriginal-Recipient: rfc822;{recipient}\r\nAction: {action}\r\n\
         Status: {status}\r\nDiagnostic-Code: smtp; 550 {status} <{recipient}>: Recipient address rejected: User unknown\r\n\r\n\
         --BB\r\nContent-Type: text/rfc822-headers\r\n\r\nFrom: feldpost <feldpost@feldpost.test>\r\nTo: {recipient}\r\n\r\n--BB--\r\n"
    )
}

/// A person's mail.
fn plain(from: &str, to: &str, id: &str, extra: &str) -> String {
    format!(
        "From: Ana <{from}>\r\nTo: {to}\r\nSubject: hello\r\nMessage-ID: <{id}@client.test>\r\n{extra}\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHow do I play?\r\n"
    )
}

const NOTICE_HOST: &str = "Mail to Alena (alena@example.org) does not arrive";
const NOTICE_SEAT: &str = "Mail to your address alena@example.org does not arrive";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hard_bounce_marks_the_address_failing_stops_its_mail_and_tells_the_host_and_the_seat() {
    for via in [Via::Smtp, Via::Pipe] {
        let t = table().await;
        let sent = t.mail_to_alena().await;
        assert!(!t.host_page().await.contains(NOTICE_HOST), "{via:?}: nothing fails yet");
        assert!(!t.seat_page().await.contains(NOTICE_SEAT));
        let bounce = t.bounce_address(&sent);
        let report = dsn("hard-1", &bounce, ALENA, "failed", "5.1.1");
        assert_eq!(t.deliver(via, None, &bounce, &report).await, Delivered::Taken, "{via:?}");

        // The host is told by mail, once, and on the host page; the seat on its page.
        let notices = t.failing_notices().await;
        assert_eq!(notices.len(), 1, "{via:?}: {notices:?}");
        assert!(notices[0].body_text.contains("comes back undelivered"), "{}", notices[0].body_text);
        assert!(
            notices[0].body_text.contains("Replace this player"),
            "how to go on: {}",
            notices[0].body_text
        );
        let host = t.host_page().await;
        assert!(host.contains(NOTICE_HOST), "{via:?}: {host}");
        assert!(host.contains("5.1.1"), "the relay's words: {host}");
        assert!(t.seat_page().await.contains(NOTICE_SEAT), "{via:?}");

        // The same bounce again changes nothing.
        assert_eq!(t.deliver(via, None, &bounce, &report).await, Delivered::Taken);
        assert_eq!(t.failing_notices().await.len(), 1, "{via:?}: one notice");

        // No more mail goes to the address: what waited and what comes next is stopped.
        for _ in 0..4 {
            t.app.play_first_legal(&t.g).await;
        }
        t.deliver_all().await;
        let after: Vec<_> = t.statuses_to(ALENA).await.into_iter().filter(|(id, _)| *id != sent.id).collect();
        assert!(after.iter().any(|(_, s)| *s == MailStatus::Stopped), "{via:?}: {after:?}");
        assert!(
            !after.iter().any(|(_, s)| matches!(s, MailStatus::Sent | MailStatus::Pending)),
            "{via:?}: nothing to a failing address: {after:?}"
        );
        // Boris's mail goes on.
        assert!(t.statuses_to("boris@example.org").await.iter().any(|(_, s)| *s == MailStatus::Sent));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_soft_bounce_alone_does_not_mark_the_address_three_in_a_week_do() {
    let t = table().await;
    let sent = t.mail_to_alena().await;
    let bounce = t.bounce_address(&sent);
    for (n, via) in [(1, Via::Smtp), (2, Via::Pipe)] {
        let report = dsn(&format!("soft-{n}"), &bounce, ALENA, "delayed", "4.2.2");
        assert_eq!(t.deliver(via, None, &bounce, &report).await, Delivered::Taken);
        assert!(t.failing_notices().await.is_empty(), "soft bounce {n} alone");
        assert!(!t.host_page().await.contains(NOTICE_HOST));
        assert!(!t.seat_page().await.contains(NOTICE_SEAT));
    }
    t.deliver_all().await;
    assert!(
        t.statuses_to(ALENA).await.iter().all(|(_, s)| *s == MailStatus::Sent),
        "mail to Alena still goes"
    );
    // A third soft one within the window marks it.
    t.app.clock.advance(DAY_MS);
    let report = dsn("soft-3", &bounce, ALENA, "delayed", "4.2.2");
    assert_eq!(t.deliver(Via::Smtp, None, &bounce, &report).await, Delivered::Taken);
    assert_eq!(t.failing_notices().await.len(), 1);
    assert!(t.host_page().await.contains(NOTICE_HOST));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_bounce_address_is_refused_and_changes_nothing() {
    let t = table().await;
    let sent = t.mail_to_alena().await;
    let real = t.bounce_address(&sent);
    // The signature's last digit changed; and a tag of our own making for a real row.
    let at = real.find('@').unwrap();
    let last = &real[at - 1..at];
    let forged = format!("{}{}{}", &real[..at - 1], if last == "0" { "1" } else { "0" }, &real[at..]);
    let unsigned = format!("feldpost+b-{}.000000000000000@feldpost.test", sent.id);
    for to in [&forged, &unsigned] {
        let report = dsn("forged", to, ALENA, "failed", "5.1.1");
        for via in [Via::Smtp, Via::Pipe] {
            assert_eq!(t.deliver(via, None, to, &report).await, Delivered::NoSuchAddress, "{via:?} {to}");
        }
    }
    assert!(t.failing_notices().await.is_empty());
    assert!(!t.host_page().await.contains(NOTICE_HOST));
    t.deliver_all().await;
    assert!(t.statuses_to(ALENA).await.iter().all(|(_, s)| *s == MailStatus::Sent));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_null_sender_is_taken_only_for_bounce_addresses() {
    let t = table().await;
    t.mail_to_alena().await;
    let turn =
        t.app.outbox(&t.g.id).await.into_iter().rev().find(|m| m.reply_to.is_some()).expect("a turn mail");
    let reply_to = format!("feldpost+{}@feldpost.test", turn.reply_to.unwrap());
    let before = t.app.event_count(&t.g.id).await;
    for to in [reply_to.as_str(), OWN] {
        let raw = plain("mailer-daemon@relay.example.net", to, "null", "");
        assert_eq!(t.deliver(Via::Smtp, None, to, &raw).await, Delivered::NoSuchAddress, "{to}");
        // From a sender, the same addresses are taken.
        assert_eq!(t.deliver(Via::Smtp, Some("ana@example.net"), to, &raw).await, Delivered::Taken, "{to}");
    }
    assert_eq!(t.app.event_count(&t.g.id).await, before, "nothing acted on");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bare_address_is_answered_once_a_day_and_never_a_machine() {
    let t = table().await;
    let answers = |to: &'static str| {
        let app = &t.app;
        async move {
            app.mails(1000)
                .await
                .into_iter()
                .filter(|m| m.recipient == to && matches!(m.kind, MailKind::Autoreply { .. }))
                .count()
        }
    };
    let ana = "ana@example.net";
    assert_eq!(t.deliver(Via::Smtp, Some(ana), OWN, &plain(ana, OWN, "a1", "")).await, Delivered::Taken);
    assert_eq!(answers("ana@example.net").await, 1);
    let answer = t.app.mails(1000).await.into_iter().find(|m| m.recipient == ana).unwrap();
    assert!(answer.body_text.contains("reply to the mail that says it is your turn"), "{}", answer.body_text);
    // Again the same day: not again.
    assert_eq!(t.deliver(Via::Smtp, Some(ana), OWN, &plain(ana, OWN, "a2", "")).await, Delivered::Taken);
    assert_eq!(answers("ana@example.net").await, 1, "once a day");
    // By the pipe likewise (`feldpost inbound` runs on the system's clock, the listener on the
    // test's: another sender).
    let eva = "eva@example.net";
    for n in 0..2 {
        let raw = plain(eva, OWN, &format!("e{n}"), "");
        assert_eq!(t.deliver(Via::Pipe, Some(eva), OWN, &raw).await, Delivered::Taken);
    }
    assert_eq!(answers("eva@example.net").await, 1, "once a day, by the pipe");
    // Machines are never answered.
    let bot = "bot@example.net";
    for (n, extra) in
        ["Auto-Submitted: auto-replied\r\n", "Precedence: bulk\r\n", "List-Id: <x.example.net>\r\n"]
            .iter()
            .enumerate()
    {
        let raw = plain(bot, OWN, &format!("bot{n}"), extra);
        assert_eq!(t.deliver(Via::Smtp, Some(bot), OWN, &raw).await, Delivered::Taken);
        assert_eq!(t.deliver(Via::Pipe, Some(bot), OWN, &raw).await, Delivered::Taken);
    }
    assert_eq!(answers("bot@example.net").await, 0, "no answer to a machine");
    // The next day, once more.
    t.app.clock.advance(DAY_MS);
    assert_eq!(t.deliver(Via::Smtp, Some(ana), OWN, &plain(ana, OWN, "a4", "")).await, Delivered::Taken);
    assert_eq!(answers("ana@example.net").await, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn giving_the_seat_an_address_again_clears_the_failure() {
    let t = table().await;
    let sent = t.mail_to_alena().await;
    let bounce = t.bounce_address(&sent);
    let report = dsn("hard-r", &bounce, ALENA, "failed", "5.2.1");
    assert_eq!(t.deliver(Via::Smtp, None, &bounce, &report).await, Delivered::Taken);
    assert!(t.host_page().await.contains(NOTICE_HOST));
    // The host gives the seat the same address again (the mailbox works again).
    let replace = format!("{}/seats/0/replace", t.g.host_path);
    let done = t.app.form(&replace, &[("name", "Alena"), ("email", ALENA)]).await;
    assert!(done.status.is_redirection() || done.status == StatusCode::OK, "{}", done.text);
    let host = t.host_page().await;
    assert!(!host.contains("does not arrive"), "{host}");
    t.deliver_all().await;
    let invites: Vec<_> = t
        .app
        .outbox(&t.g.id)
        .await
        .into_iter()
        .filter(|m| m.recipient == ALENA && m.kind == MailKind::Invite)
        .map(|m| m.status)
        .collect();
    assert!(invites.contains(&MailStatus::Sent), "the new invitation goes out: {invites:?}");
}

// ---------------------------------------------------------------------------------------------
// A relay that refuses one address for good at RCPT, and notes each envelope sender.

#[derive(Clone, Default)]
struct Relay {
    senders: Arc<Mutex<Vec<String>>>,
}

impl Handler for Relay {
    fn mail(&mut self, _ip: std::net::IpAddr, _domain: &str, from: &str) -> Response {
        self.senders.lock().unwrap().push(from.to_owned());
        response::OK
    }
    fn rcpt(&mut self, to: &str) -> Response {
        if to.contains(ALENA) { response::NO_MAILBOX } else { response::OK }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_for_good_at_sending_is_told_once_and_goes_with_the_seat() {
    let t = table().await;
    let relay = Relay::default();
    let senders = relay.senders.clone();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let mut server = Server::new(relay);
    server.with_name("relay.feldpost.test").with_ssl(SslConfig::None).unwrap().with_tcp_listener(listener);
    std::thread::spawn(move || {
        let _ = server.serve();
    });
    let transport = Transport::Smtp(Arc::new(
        SmtpTransport::new(&format!("smtp://127.0.0.1:{port}"), &format!("feldpost <{OWN}>")).unwrap(),
    ));
    t.mail_to_alena().await;
    mail::deliver_due(&t.app.log.store, t.app.log.links(), &transport, &t.app.clock).await.unwrap();
    // Each mail went out from an envelope sender of its own, within 64 octets of local part.
    let senders = senders.lock().unwrap().clone();
    let verp: Vec<_> = senders.iter().filter(|s| s.starts_with("feldpost+b-")).collect();
    assert!(!verp.is_empty(), "{senders:?}");
    assert!(verp.iter().all(|s| s.split('@').next().unwrap().len() <= 64), "{senders:?}");
    // The refusal marks the address; the worker's pass tells the host, once.
    feldpost::play::bounces::tell_hosts(&t.app.log).await.unwrap();
    feldpost::play::bounces::tell_hosts(&t.app.log).await.unwrap();
    assert_eq!(t.failing_notices().await.len(), 1);
    let host = t.host_page().await;
    assert!(host.contains(NOTICE_HOST), "{host}");
    assert!(!host.contains("could not be delivered"), "one notice, not two: {host}");
    assert!(t.seat_page().await.contains(NOTICE_SEAT));
    // The seat is given to someone else: the notice goes.
    let replace = format!("{}/seats/0/replace", t.g.host_path);
    t.app.form(&replace, &[("name", "Cyril"), ("email", "cyril@example.org")]).await;
    let host = t.host_page().await;
    assert!(!host.contains("does not arrive") && !host.contains("could not be delivered"), "{host}");
}
