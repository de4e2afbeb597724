//! A game from a real table played by mail (docs/positions.md): every seat is mailed the
//! position the host entered, as its view shows it, and answers by reply ("agree", or "wrong:"
//! and what is wrong, in each of our languages); the host is mailed a disagreement with its
//! note; a correction asks every seat again; the last agreement brings the first mover's turn
//! mail. Each mail goes through the SMTP relay with its receipt, in the game's language. A
//! reply that is no answer is told how to answer, and nothing is written.

use crate::harness::{OWN, Options, TestApp, TestGame, players};
use axum::http::StatusCode;
use feldpost::i18n::{Lang, Tr};
use feldpost::mail::{self, SmtpTransport, Transport};
use feldpost::play::pictures;
use feldpost::store::{MailKind, OutboxRow};
use feldpost_engine::Msg;
use lettre::AsyncTransport;
use serde_json::{Value, json};

fn stone(seat: u8, number: u8) -> Value {
    json!({"seat": seat, "number": number})
}

/// Red on field 4 leads a blue prisoner; blue on 18; with `green_in_camp`, green's stone 1 is
/// in red's camp; green throws next.
fn table_position(green_in_camp: bool) -> Value {
    let mut stones = vec![
        json!({"stone": stone(0, 1), "at": {"place": "field", "field": 3}}),
        json!({"stone": stone(1, 1), "at": {"place": "field", "field": 17}}),
        json!({"stone": stone(1, 2), "at": {"place": "with", "leader": stone(0, 1)}}),
    ];
    if green_in_camp {
        stones.push(json!({"stone": stone(2, 1), "at": {"place": "camp", "seat": 0}}));
    }
    json!({"stones": stones, "to_move": 2})
}

const EMAILS: [&str; 3] = ["alena@example.org", "borek@example.org", "cyril@example.org"];
const HOST: &str = "host@example.org";

struct Table {
    app: TestApp,
    g: TestGame,
    tr: Tr,
    smtp_port: u16,
}

impl Table {
    async fn new(lang: Lang) -> Table {
        let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
        let g = app
            .create_game(json!({
                "ruleset": "zajatce", "title": "Z hospody", "lang": lang.code(),
                "players": players(&["Alena", "Borek", "Cyril"]), "from_position": true,
            }))
            .await;
        let bound = feldpost::mail::listener::spawn(
            feldpost::play::reply::Replies::new(&app.log, OWN),
            "127.0.0.1:0",
        )
        .expect("listen for SMTP");
        let tr = Tr::new(lang).with_names(vec!["Alena".into(), "Borek".into(), "Cyril".into()]);
        Table { app, g, tr, smtp_port: bound.port() }
    }

    async fn head(&self) -> u64 {
        self.app.log.load(&self.g.id).await.unwrap().seq
    }

    async fn enter(&self, position: Value) {
        let seq = self.head().await;
        let a = self
            .app
            .post(
                &format!("/api/games/{}/position", self.g.id),
                Some(&self.g.host_token),
                json!({"expected_seq": seq, "position": position}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    }

    async fn status(&self) -> Value {
        let a = self.app.get(&format!("/api/games/{}/position", self.g.id), Some(&self.g.host_token)).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        a.json
    }

    async fn mails(&self, kind: &str) -> Vec<OutboxRow> {
        self.app.outbox(self.g.id.as_str()).await.into_iter().filter(|m| m.kind.text() == kind).collect()
    }

    /// The newest mail to seat `seat` asking it to check the position.
    async fn asked(&self, seat: usize) -> OutboxRow {
        let mut rows: Vec<OutboxRow> =
            self.mails("position").await.into_iter().filter(|m| m.recipient == EMAILS[seat]).collect();
        rows.sort_by_key(|m| m.seq);
        rows.pop().unwrap_or_else(|| panic!("no position mail to seat {seat}"))
    }

    /// The answers to replies sent to seat `seat`.
    async fn answers(&self, seat: usize) -> Vec<OutboxRow> {
        self.app
            .mails(1000)
            .await
            .into_iter()
            .filter(|m| m.recipient == EMAILS[seat] && matches!(m.kind, MailKind::ReplyAnswer { .. }))
            .collect()
    }

    /// Seat `seat` replies `body` to `mail` by SMTP; the answer it is sent back.
    async fn reply(&self, seat: usize, mail: &OutboxRow, id: &str, body: &str) -> OutboxRow {
        let answered_before: Vec<String> = self.answers(seat).await.into_iter().map(|m| m.id).collect();
        let to = format!("feldpost+{}@feldpost.test", mail.reply_to.as_deref().expect("a Reply-To"));
        let raw = format!(
            "From: {from}\r\nTo: {to}\r\nSubject: Re: the position\r\nMessage-ID: <{id}@client.test>\r\n\
             MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
            from = EMAILS[seat]
        );
        let smtp = lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::builder_dangerous("127.0.0.1")
            .port(self.smtp_port)
            .build();
        let envelope =
            lettre::address::Envelope::new(Some(EMAILS[seat].parse().unwrap()), vec![to.parse().unwrap()])
                .unwrap();
        let sent = smtp.send_raw(&envelope, raw.as_bytes()).await.expect("the reply is taken");
        assert!(sent.is_positive());
        let mut new: Vec<OutboxRow> =
            self.answers(seat).await.into_iter().filter(|m| !answered_before.contains(&m.id)).collect();
        assert_eq!(new.len(), 1, "one answer to the reply");
        new.pop().unwrap()
    }
}

/// A message as a client reads it: its text part, its HTML part and how many images it has.
fn parts(raw: &[u8]) -> (String, String, usize) {
    fn walk(part: &mailparse::ParsedMail, out: &mut (String, String, usize)) {
        match part.ctype.mimetype.as_str() {
            "text/plain" => out.0 = part.get_body().unwrap(),
            "text/html" => out.1 = part.get_body().unwrap(),
            "image/png" => out.2 += 1,
            _ => {}
        }
        for sub in &part.subparts {
            walk(sub, out);
        }
    }
    let mut out = (String::new(), String::new(), 0);
    walk(&mailparse::parse_mail(raw).unwrap(), &mut out);
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_position_goes_by_mail_to_every_seat_and_a_reply_agrees_or_says_what_is_wrong() {
    for lang in [Lang::En, Lang::Cs, Lang::Ru] {
        let t = Table::new(lang).await;
        let tr = &t.tr;
        let say = |key: &str| tr.t(key);
        // Each invitation says that the table's position comes first; an ordinary game's does
        // not (the control).
        let invitations = t.mails("invite").await;
        assert_eq!(invitations.len(), 3, "{lang:?}");
        for m in &invitations {
            assert!(m.body_text.contains(&say("mail-invite-position")), "{lang:?}: {}", m.body_text);
        }
        let ordinary = t
            .app
            .create_game(
                json!({"ruleset": "zajatce", "lang": lang.code(), "players": players(&["Alena", "Borek"])}),
            )
            .await;
        let ordinary = t.app.outbox(ordinary.id.as_str()).await;
        assert!(ordinary.iter().any(|m| m.kind.text() == "invite"));
        assert!(ordinary.iter().all(|m| !m.body_text.contains(&say("mail-invite-position"))));
        t.enter(table_position(false)).await;
        let first = t.head().await;

        // Every seat is asked, in the game's language, with the position in words and how to
        // answer; nobody is asked to move.
        for seat in 0..3 {
            let m = t.asked(seat).await;
            assert_eq!(m.seq as u64, first, "{lang:?}");
            let text = &m.body_text;
            assert!(text.contains(&say("mail-position-subject")), "{lang:?}: {text}");
            let red_on_4 = tr.msg(
                &Msg::new("zajatce-position-line")
                    .text(
                        "stone",
                        tr.msg(&Msg::new("zajatce-position-stone").seat("player", 0).num("number", 1)),
                    )
                    .text("place", tr.msg(&Msg::new("zajatce-position-on-field").num("field", 4))),
            );
            assert!(text.contains(&red_on_4), "{lang:?}: the position in words: {red_on_4:?} in {text}");
            assert!(
                text.contains(&tr.msg(&Msg::new("zajatce-position-throws").seat("player", 2))),
                "{lang:?}: {text}"
            );
            assert!(text.contains(&say("mail-position-cmd-agree")), "{lang:?}: {text}");
            assert!(m.body_html.as_deref().unwrap().contains(&say("mail-position-cmd-agree")), "{lang:?}");
        }
        assert!(t.mails("turn").await.is_empty(), "{lang:?}: no turn mail while the position waits");

        // Alena agrees by reply, in her language's word.
        let agree = say("mail-position-cmd-agree");
        let answer = t.reply(0, &t.asked(0).await, &format!("a-{lang:?}"), &agree).await;
        assert!(
            answer.body_text.contains(&say("mail-position-reply-agreed")),
            "{lang:?}: {}",
            answer.body_text
        );
        assert_eq!(t.status().await["answers"][0], json!({"agrees": true, "note": ""}), "{lang:?}");

        // Borek's reply that is no answer is told how to answer, and nothing is written; so is a
        // disagreement that does not say what is wrong.
        let before = t.app.event_count(t.g.id.as_str()).await;
        let answer = t.reply(1, &t.asked(1).await, &format!("b1-{lang:?}"), "maybe tomorrow").await;
        let unknown = tr.t_args("mail-position-reply-unknown", &[("command", "maybe tomorrow".into())]);
        assert!(answer.body_text.contains(&unknown), "{lang:?}: {}", answer.body_text);
        assert!(answer.body_text.contains(&agree), "{lang:?}: the answer says how: {}", answer.body_text);
        let wrong_word = say("mail-position-cmd-wrong").split(':').next().unwrap().to_owned();
        let answer = t.reply(1, &t.asked(1).await, &format!("b2-{lang:?}"), &wrong_word).await;
        assert!(
            answer.body_text.contains(&say("mail-position-reply-no-note")),
            "{lang:?}: {}",
            answer.body_text
        );
        assert_eq!(t.app.event_count(t.g.id.as_str()).await, before, "{lang:?}: nothing written");
        assert_eq!(t.status().await["answers"][1], Value::Null, "{lang:?}");

        // Cyril says what is wrong; the host is mailed his note and the host page.
        let note = "my stone 1 is in Alena's camp";
        let answer =
            t.reply(2, &t.asked(2).await, &format!("c-{lang:?}"), &format!("{wrong_word}: {note}")).await;
        assert!(answer.body_text.contains(note), "{lang:?}: {}", answer.body_text);
        assert_eq!(t.status().await["answers"][2], json!({"agrees": false, "note": note}), "{lang:?}");
        let host = t.mails("position_answer").await;
        assert_eq!(host.len(), 1, "{lang:?}: one mail to the host");
        assert_eq!(host[0].recipient, HOST);
        assert!(host[0].body_text.contains(note), "{lang:?}: {}", host[0].body_text);
        assert!(host[0].body_text.contains(&t.g.host_path), "{lang:?}: the host page: {}", host[0].body_text);
        assert!(host[0].body_text.contains(&say("mail-position-disputed-fix")), "{lang:?}");

        // The host corrects it: every seat is asked again. An agreement to the older mail is not
        // taken for one to the new position: it is answered with the new one.
        let old = t.asked(0).await;
        t.enter(table_position(true)).await;
        let second = t.head().await;
        for seat in 0..3 {
            assert_eq!(t.asked(seat).await.seq as u64, second, "{lang:?}: seat {seat} asked again");
        }
        let before = t.app.event_count(t.g.id.as_str()).await;
        let answer = t.reply(0, &old, &format!("a-old-{lang:?}"), &agree).await;
        assert!(answer.body_text.contains(&say("mail-position-reply-old")), "{lang:?}: {}", answer.body_text);
        assert_eq!(t.app.event_count(t.g.id.as_str()).await, before, "{lang:?}: nothing written");
        assert!(answer.reply_to.is_some(), "{lang:?}: the answer asks about the new position");

        // All three agree by mail (Alena by replying to that answer); the last agreement brings
        // Cyril, who throws first, his turn mail, and nobody else one.
        let again = t.reply(0, &answer, &format!("a2-{lang:?}"), &agree).await;
        assert!(
            again.body_text.contains(&say("mail-position-reply-agreed")),
            "{lang:?}: {}",
            again.body_text
        );
        t.reply(1, &t.asked(1).await, &format!("b3-{lang:?}"), &agree).await;
        assert!(t.mails("turn").await.is_empty(), "{lang:?}: not before the last agreement");
        t.reply(2, &t.asked(2).await, &format!("c2-{lang:?}"), &agree).await;
        assert_eq!(t.status().await["stage"], "agreed", "{lang:?}");
        let turns = t.mails("turn").await;
        assert_eq!(turns.iter().map(|m| m.recipient.as_str()).collect::<Vec<_>>(), [EMAILS[2]], "{lang:?}");
        // The turn mail does not tell the usual start as if it had happened.
        let started = tr.msg(&Msg::new("zajatce-event-started").seat("player", 0));
        let started = started.split('.').next().unwrap();
        assert!(!turns[0].body_text.contains(started), "{lang:?}: {}", turns[0].body_text);
        let a = t.app.act(&t.g, 2, json!({"type": "roll"})).await;
        assert_eq!(a.status, StatusCode::OK, "{lang:?}: play has begun: {}", a.text);

        // Every one of these mails reaches the relay in the game's language, with its receipt;
        // a position mail has the board's picture in its HTML part.
        let wanted: Vec<OutboxRow> = t
            .app
            .outbox(t.g.id.as_str())
            .await
            .into_iter()
            .filter(|m| ["position", "position_answer", "turn"].contains(&m.kind.text().as_str()))
            .collect();
        let (port, relayed) = crate::harness::relay::slow_relay(std::time::Duration::ZERO);
        let smtp = SmtpTransport::new(&format!("smtp://127.0.0.1:{port}"), "feldpost <feldpost@example.org>")
            .unwrap();
        mail::deliver_batch(
            &t.app.log.store,
            &pictures::WithPictures(&t.app.log),
            &Transport::Smtp(std::sync::Arc::new(smtp)),
            &t.app.clock,
            2,
            1000,
        )
        .await
        .unwrap();
        let relayed = relayed.lock().unwrap().clone();
        for m in &wanted {
            let id = format!("Message-ID: <{}@example.org>", m.id);
            let raw = relayed
                .iter()
                .find(|r| r.contains(&id))
                .unwrap_or_else(|| panic!("{lang:?}: {} arrived", m.id));
            assert!(raw.contains("Feldpost-Chain: "), "{lang:?}: the receipt's header");
            let (text, html, images) = parts(raw.as_bytes());
            let head = m.chain_head.as_deref().expect("a receipt");
            let (seq, hash) = head.split_once(' ').unwrap();
            let words = tr.t_args("mail-receipt", &[("seq", seq.into()), ("hash", hash.into())]);
            let first = words.split(' ').next().unwrap();
            assert!(text.contains(first) && text.contains(hash), "{lang:?}: the receipt in words: {text}");
            assert!(html.contains(hash), "{lang:?}");
            if m.kind.text() == "position" {
                assert!(text.contains(&say("mail-position-subject")), "{lang:?}: {text}");
                assert_eq!(images, 1, "{lang:?}: the board, inline");
            }
        }
    }
}
