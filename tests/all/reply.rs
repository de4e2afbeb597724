//! Moves by replying to the turn mail, both ways mail comes in: real SMTP spoken to
//! the listener (`FELDPOST_INBOUND_SMTP`) and real messages piped to `feldpost inbound`. Each
//! case in Czech and in English: a move made by reply, a stale reply, a forged address, a
//! duplicate delivery, an HTML-only reply, a reply with a quoted original and a signature,
//! another sender and a machine's auto-reply.

use crate::harness::{GameId, TestApp, players, seat_token};
use feldpost::store::MailKind;
use feldpost::store::OutboxRow;
use lettre::AsyncTransport;
use serde_json::json;

use crate::harness::OWN;

#[derive(Clone, Copy, Debug)]
enum Via {
    Smtp,
    Pipe,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Lang {
    Cs,
    En,
}

impl Lang {
    fn code(self) -> &'static str {
        match self {
            Lang::Cs => "cs",
            Lang::En => "en",
        }
    }
    /// The command of Na zajatce's throw, as the turn mail lists it.
    fn throw(self) -> &'static str {
        match self {
            Lang::Cs => "hod",
            Lang::En => "throw",
        }
    }
    /// The client's line above a quoted original.
    fn attribution(self) -> &'static str {
        match self {
            Lang::Cs => "Dne po 24. 11. 2025 17:00 uživatel feldpost <feldpost@feldpost.test> napsal:",
            Lang::En => "On Mon, 24 Nov 2025 at 17:00, feldpost <feldpost@feldpost.test> wrote:",
        }
    }
    fn done(self) -> &'static str {
        match self {
            Lang::Cs => "Provedeno: „",
            Lang::En => "Done: “",
        }
    }
    fn moved_on(self) -> &'static str {
        match self {
            Lang::Cs => "hra mezitím pokročila",
            Lang::En => "the game has moved on since",
        }
    }
    fn unknown(self) -> &'static str {
        match self {
            Lang::Cs => "není žádný z příkazů",
            Lang::En => "is not one of the commands",
        }
    }
    /// The notice to the seat's address that a reply from another was refused.
    fn stranger(self) -> &'static str {
        match self {
            Lang::Cs => "ne z adresy vašeho místa ve hře",
            Lang::En => "not from your seat's address",
        }
    }
}

/// What came back from delivering a message.
#[derive(Debug, PartialEq)]
enum Delivered {
    /// Taken (SMTP 250, exit status 0).
    Taken,
    /// Refused as no such address (SMTP 550 at RCPT, exit status 67).
    NoSuchAddress,
}

struct Table {
    app: TestApp,
    game: GameId,
    /// The seat the rules wait on first, and its address.
    seat: usize,
    email: String,
    tokens: Vec<String>,
    smtp_port: u16,
}

async fn table(lang: Lang) -> Table {
    let app = TestApp::spawn().await;
    let g = app
        .create_game(json!({
            "ruleset": "zajatce", "title": "Sobota", "lang": lang.code(),
            "players": players(&["Alena", "Boris"]),
        }))
        .await;
    let seat = app.seat_to_act(&g.id).await;
    let email = ["alena@example.org", "boris@example.org"][seat].to_owned();
    let bound =
        feldpost::mail::listener::spawn(feldpost::play::reply::Replies::new(&app.log, OWN), "127.0.0.1:0")
            .expect("listen for SMTP");
    Table { app, game: g.id, seat, email, tokens: g.tokens, smtp_port: bound.port() }
}

impl Table {
    /// The newest mail to the seat's address that takes a reply (a turn mail or an answer).
    async fn turn_mail(&self) -> OutboxRow {
        let mut rows: Vec<OutboxRow> = self
            .app
            .outbox(&self.game)
            .await
            .into_iter()
            .filter(|m| m.recipient == self.email && m.reply_to.is_some())
            .collect();
        rows.sort_by_key(|m| (m.seq, m.created_at));
        rows.pop().expect("a turn mail with a Reply-To")
    }

    /// The address a reply to `mail` goes to (as the transport writes Reply-To).
    fn reply_address(mail: &OutboxRow) -> String {
        format!("feldpost+{}@feldpost.test", mail.reply_to.as_deref().unwrap())
    }

    async fn steps(&self) -> usize {
        self.app.event_count(&self.game).await
    }

    /// Answers to replies sent to `to`, oldest first.
    async fn answers_to(&self, to: &str) -> Vec<OutboxRow> {
        let mut rows: Vec<OutboxRow> = self
            .app
            .mails(1000)
            .await
            .into_iter()
            .filter(|m| m.recipient == to && matches!(m.kind, MailKind::ReplyAnswer { .. }))
            .collect();
        rows.sort_by_key(|m| m.created_at);
        rows
    }

    async fn deliver(&self, via: Via, from: &str, to: &str, raw: &str) -> Delivered {
        match via {
            Via::Smtp => {
                let smtp =
                    lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::builder_dangerous("127.0.0.1")
                        .port(self.smtp_port)
                        .build();
                let envelope =
                    lettre::address::Envelope::new(Some(from.parse().unwrap()), vec![to.parse().unwrap()])
                        .unwrap();
                match smtp.send_raw(&envelope, raw.as_bytes()).await {
                    Ok(r) if r.is_positive() => Delivered::Taken,
                    Err(e) if e.status().map(u16::from) == Some(550) => Delivered::NoSuchAddress,
                    other => panic!("SMTP: {other:?}"),
                }
            }
            Via::Pipe => {
                let out =
                    crate::harness::process::inbound_async(&self.app.db_url, &[], &[], raw.as_bytes()).await;
                let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
                match out.status.code() {
                    Some(0) => Delivered::Taken,
                    Some(67) => {
                        assert!(stderr.contains("no such address"), "{stderr}");
                        Delivered::NoSuchAddress
                    }
                    other => panic!("feldpost inbound exited {other:?}: {stderr}"),
                }
            }
        }
    }
}

/// A reply as a mail client writes it, plain text.
fn plain(from: &str, to: &str, id: &str, body: &str) -> String {
    format!(
        "From: Alena <{from}>\r\nTo: {to}\r\nSubject: Re: [feldpost] Sobota\r\nMessage-ID: <{id}@client.test>\r\n\
         Date: Mon, 24 Nov 2025 17:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\n{}\r\n",
        body.replace('\n', "\r\n")
    )
}

/// A reply with an HTML part only, the original quoted in a blockquote.
fn html_only(from: &str, to: &str, id: &str, command: &str) -> String {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: Re: [feldpost] Sobota\r\nMessage-ID: <{id}@client.test>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n\
         <html><body><div dir=\"ltr\">{command}</div><br><div class=\"gmail_quote\"><div>On Mon wrote:</div>\
         <blockquote>1. {command} — x<br>2. something else</blockquote></div></body></html>\r\n"
    )
}

const LANGS: [Lang; 2] = [Lang::Cs, Lang::En];
const VIAS: [Via; 2] = [Via::Smtp, Via::Pipe];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_made_by_replying_and_the_answer_says_what_changed_and_what_comes_next() {
    for lang in LANGS {
        for via in VIAS {
            let t = table(lang).await;
            let turn = t.turn_mail().await;
            assert!(turn.body_text.contains(&format!("1. {} — ", lang.throw())), "{}", turn.body_text);
            let before = t.steps().await;
            let to = Table::reply_address(&turn);
            let raw = plain(&t.email, &to, &format!("move-{lang:?}-{via:?}"), lang.throw());
            assert_eq!(t.deliver(via, &t.email, &to, &raw).await, Delivered::Taken, "{lang:?} {via:?}");
            assert_eq!(t.steps().await, before + 1, "{lang:?} {via:?}: the throw is in the record");
            let answers = t.answers_to(&t.email).await;
            assert_eq!(answers.len(), 1, "{lang:?} {via:?}: one answer");
            let a = &answers[0];
            assert!(a.body_text.contains(&format!("{}{}", lang.done(), lang.throw())), "{}", a.body_text);
            let html = a.body_html.as_deref().unwrap();
            assert!(html.contains(lang.done().trim_end_matches(['“', '„'])), "{html}");
            assert_eq!(a.subject, "[feldpost] Sobota", "the game's one subject");
            assert_eq!(a.thread, turn.thread, "in the seat's thread");
            // What comes next: either the seat's own next choice with a fresh address, or who acts.
            let next_seq = t.app.log.load(&t.game).await.unwrap().seq;
            match &a.reply_to {
                Some(tag) => assert!(tag.contains(&format!(".{}.{next_seq}.", t.seat)), "{tag}"),
                None => {
                    assert!(a.body_text.contains("Boris") || a.body_text.contains("Alena"), "{}", a.body_text)
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_reply_changes_nothing_and_is_answered_with_the_current_choices() {
    for lang in LANGS {
        for via in VIAS {
            let t = table(lang).await;
            let turn = t.turn_mail().await;
            // The seat throws on the page first: the mail's address is now an old step's.
            let loaded = t.app.log.load(&t.game).await.unwrap();
            let view = feldpost::play::view::view(&t.app.log, &loaded, Some(t.seat as u8));
            feldpost::play::act::by_token(
                &t.app.log,
                &seat_token(&t.tokens[t.seat]),
                None,
                view.current_seq,
                &view.legal_actions[0].action,
            )
            .await
            .unwrap();
            let before = t.steps().await;
            let to = Table::reply_address(&turn);
            let raw = plain(&t.email, &to, &format!("stale-{lang:?}-{via:?}"), lang.throw());
            assert_eq!(t.deliver(via, &t.email, &to, &raw).await, Delivered::Taken);
            assert_eq!(t.steps().await, before, "{lang:?} {via:?}: nothing written");
            let answers = t.answers_to(&t.email).await;
            assert_eq!(answers.len(), 1);
            assert!(answers[0].body_text.contains(lang.moved_on()), "{}", answers[0].body_text);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_reply_address_is_no_such_address_and_nothing_is_done_or_sent() {
    for lang in LANGS {
        for via in VIAS {
            let t = table(lang).await;
            let turn = t.turn_mail().await;
            let tag = turn.reply_to.clone().unwrap();
            // Another seat with the same signature, and a signature made up.
            let other_seat = tag.replacen(&format!(".{}.", t.seat), &format!(".{}.", 1 - t.seat), 1);
            let made_up = format!("{}.{}", tag.rsplit_once('.').unwrap().0, "0123456789abcde");
            let before = t.steps().await;
            for forged in [other_seat, made_up, "nobody".to_owned()] {
                let to = format!("feldpost+{forged}@feldpost.test");
                let raw = plain(&t.email, &to, &format!("forged-{forged}-{via:?}"), lang.throw());
                assert_eq!(t.deliver(via, &t.email, &to, &raw).await, Delivered::NoSuchAddress, "{forged}");
            }
            assert_eq!(t.steps().await, before);
            assert!(t.answers_to(&t.email).await.is_empty(), "{lang:?} {via:?}: no answer to a forgery");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_delivered_twice_acts_once() {
    for lang in LANGS {
        for via in VIAS {
            let t = table(lang).await;
            let turn = t.turn_mail().await;
            let before = t.steps().await;
            let to = Table::reply_address(&turn);
            let raw = plain(&t.email, &to, &format!("twice-{lang:?}-{via:?}"), lang.throw());
            assert_eq!(t.deliver(via, &t.email, &to, &raw).await, Delivered::Taken);
            // The second delivery comes the other way: the record of the Message-ID is shared.
            let again = match via {
                Via::Smtp => Via::Pipe,
                Via::Pipe => Via::Smtp,
            };
            assert_eq!(t.deliver(again, &t.email, &to, &raw).await, Delivered::Taken);
            assert_eq!(t.steps().await, before + 1, "{lang:?} {via:?}: one throw");
            assert_eq!(t.answers_to(&t.email).await.len(), 1, "one answer");
        }
    }
}

/// An auto-responder that ignores the rules for machines (no Auto-Submitted, no Precedence, no
/// memory) and answers every mail from the seat's own address: the same refusal is answered once
/// at a step, and at most three refusals a step at all, so the two never mail each other for
/// ever; a move made still works and is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rude_auto_responder_is_answered_once_and_the_loop_ends() {
    let t = table(Lang::En).await;
    let turn = t.turn_mail().await;
    let to = Table::reply_address(&turn);
    for round in 0..14 {
        let raw = plain(&t.email, &to, &format!("away-{round}"), "I am out of the office until Monday.");
        assert_eq!(t.deliver(Via::Smtp, &t.email, &to, &raw).await, Delivered::Taken);
    }
    assert_eq!(t.answers_to(&t.email).await.len(), 1, "the same refusal once");
    for (i, text) in
        ["Away until Monday.", "Back on the 9th.", "Out of office.", "Urlaub."].iter().enumerate()
    {
        let raw = plain(&t.email, &to, &format!("other-{i}"), text);
        assert_eq!(t.deliver(Via::Smtp, &t.email, &to, &raw).await, Delivered::Taken);
    }
    assert_eq!(t.answers_to(&t.email).await.len(), 3, "three refusals a step at most");
    let before = t.steps().await;
    let raw = plain(&t.email, &to, "the-move", Lang::En.throw());
    assert_eq!(t.deliver(Via::Smtp, &t.email, &to, &raw).await, Delivered::Taken);
    assert_eq!(t.steps().await, before + 1, "a real command still plays");
    assert_eq!(t.answers_to(&t.email).await.len(), 4, "and is answered");
}

/// Every mail to a seat takes a reply: a reply to the invitation (which names no step) acts on
/// the turn as it stands, through the listener and the pipe alike.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_to_the_invitation_acts_on_the_turn_as_it_stands() {
    for via in VIAS {
        let t = table(Lang::En).await;
        let invite = t
            .app
            .outbox(&t.game)
            .await
            .into_iter()
            .find(|m| m.recipient == t.email && m.kind == MailKind::Invite)
            .expect("the invitation");
        let before = t.steps().await;
        let to = Table::reply_address(&invite);
        let raw = plain(&t.email, &to, &format!("invite-{via:?}"), Lang::En.throw());
        assert_eq!(t.deliver(via, &t.email, &to, &raw).await, Delivered::Taken);
        assert_eq!(t.steps().await, before + 1, "{via:?}: the throw is made");
        assert_eq!(t.answers_to(&t.email).await.len(), 1, "{via:?}: and answered");
    }
}

/// A Message-ID of 10 KB (beyond what a database index takes whole) acts once, and its second
/// delivery is known as such: the record of messages keeps a digest of the id, never a key that
/// can be refused for its length (a poison message the MTA would retry for days).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_with_a_huge_message_id_acts_once_and_its_second_delivery_is_known() {
    let t = table(Lang::En).await;
    let turn = t.turn_mail().await;
    let before = t.steps().await;
    let to = Table::reply_address(&turn);
    // Random, so that no database can compress it into its index.
    let id: String =
        (0..900).map(|_| feldpost::secret::random_id()).collect::<String>()[..10 * 1024].to_owned();
    let raw = plain(&t.email, &to, &id, Lang::En.throw());
    // Through the pipe: an SMTP line may not be this long, a message read from a file may.
    assert_eq!(t.deliver(Via::Pipe, &t.email, &to, &raw).await, Delivered::Taken);
    assert_eq!(t.steps().await, before + 1, "one throw");
    assert_eq!(t.deliver(Via::Pipe, &t.email, &to, &raw).await, Delivered::Taken);
    assert_eq!(t.steps().await, before + 1, "still one throw");
    assert_eq!(t.answers_to(&t.email).await.len(), 1, "one answer");
    let seen = t.app.log.store.inbound_seen(&format!("{id}@client.test")).await.unwrap();
    assert_eq!(seen.as_deref(), Some("done"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_html_only_reply_is_read_without_its_quote() {
    for lang in LANGS {
        for via in VIAS {
            let t = table(lang).await;
            let turn = t.turn_mail().await;
            let before = t.steps().await;
            let to = Table::reply_address(&turn);
            let raw = html_only(&t.email, &to, &format!("html-{lang:?}-{via:?}"), lang.throw());
            assert_eq!(t.deliver(via, &t.email, &to, &raw).await, Delivered::Taken);
            assert_eq!(t.steps().await, before + 1, "{lang:?} {via:?}");
            let answers = t.answers_to(&t.email).await;
            assert!(answers[0].body_text.contains(lang.done()), "{}", answers[0].body_text);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_below_the_quoted_original_and_above_a_signature_is_read() {
    for lang in LANGS {
        for via in VIAS {
            let t = table(lang).await;
            let turn = t.turn_mail().await;
            let before = t.steps().await;
            let to = Table::reply_address(&turn);
            // The quote holds commands too, and so does the signature: neither is the reply.
            let body = format!(
                "{}\n> {}\n> 1. {} — x\n\n{}\n\n-- \nAlena\n{}\n",
                lang.attribution(),
                turn.body_text.lines().next().unwrap(),
                lang.throw(),
                lang.throw(),
                "move 1"
            );
            let raw = plain(&t.email, &to, &format!("quoted-{lang:?}-{via:?}"), &body);
            assert_eq!(t.deliver(via, &t.email, &to, &raw).await, Delivered::Taken);
            assert_eq!(t.steps().await, before + 1, "{lang:?} {via:?}");

            // A reply whose only own line is not a command is refused, in words, and changes nothing.
            let turn = t.turn_mail().await;
            let to = Table::reply_address(&turn);
            let before = t.steps().await;
            let raw = plain(
                &t.email,
                &to,
                &format!("nonsense-{lang:?}-{via:?}"),
                "> hod\nplease move my stone\n-- \nhod",
            );
            assert_eq!(t.deliver(via, &t.email, &to, &raw).await, Delivered::Taken);
            assert_eq!(t.steps().await, before);
            let answers = t.answers_to(&t.email).await;
            assert_eq!(answers.len(), 2, "each reply answered");
            let refused =
                answers.iter().find(|a| a.body_text.contains("please move my stone")).expect("the refusal");
            assert!(refused.body_text.contains(lang.unknown()), "{}", refused.body_text);
        }
    }
}

/// A reply from another address than the seat's does nothing, and its sender is never mailed
/// (anyone holding one reply address could otherwise make the server mail any address): the
/// seat's own address is told instead, once per 6 hours however many come, and the refusal is
/// recorded with the message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_sender_is_not_answered_the_seat_is_told_and_a_machine_is_not_answered() {
    for lang in LANGS {
        for via in VIAS {
            let t = table(lang).await;
            let turn = t.turn_mail().await;
            let before = t.steps().await;
            let mails_before = t.app.mails(1000).await.len();
            let to = Table::reply_address(&turn);
            let mallory = "mallory@example.net";
            let id = format!("mallory-{lang:?}-{via:?}");
            let raw = plain(mallory, &to, &id, lang.throw());
            assert_eq!(t.deliver(via, mallory, &to, &raw).await, Delivered::Taken);
            assert_eq!(t.steps().await, before, "{lang:?} {via:?}: not the seat's address");
            let outbox = t.app.mails(1000).await;
            assert!(
                outbox.iter().all(|m| m.recipient != mallory),
                "{lang:?} {via:?}: nothing is mailed to the stranger"
            );
            let seen = t.app.log.store.inbound_seen(&format!("{id}@client.test")).await.unwrap();
            assert_eq!(seen.as_deref(), Some("stranger"), "the refusal is recorded with the message");
            let told: Vec<&OutboxRow> =
                outbox.iter().filter(|m| matches!(m.kind, MailKind::Stranger { .. })).collect();
            assert_eq!(told.len(), 1, "{lang:?} {via:?}: the seat is told once");
            assert_eq!(outbox.len(), mails_before + 1, "and nothing else is mailed");
            let notice = told[0];
            assert_eq!(notice.recipient, t.email, "to the seat's own address");
            assert_eq!(notice.thread, turn.thread, "in the seat's thread");
            assert!(notice.body_text.contains(lang.stranger()), "{}", notice.body_text);
            assert!(
                !notice.body_text.contains(mallory),
                "it never quotes the other address (anyone writes anything there): {}",
                notice.body_text
            );

            // More replies from other addresses: still nothing done, and no more notices
            // within the 6 hours, however many come.
            for other in ["mallory@example.net", "eve@example.com", "trent@example.org"] {
                let raw = plain(other, &to, &format!("again-{other}-{lang:?}-{via:?}"), lang.throw());
                assert_eq!(t.deliver(via, other, &to, &raw).await, Delivered::Taken);
            }
            assert_eq!(t.steps().await, before);
            let outbox = t.app.mails(1000).await;
            assert_eq!(outbox.len(), mails_before + 1, "{lang:?} {via:?}: no mail to anyone");
            if matches!(via, Via::Smtp) {
                // The listener runs on the app's clock (`feldpost inbound` on the system's).
                t.app.clock.advance(6 * 60 * 60_000);
                let raw = plain(mallory, &to, &format!("later-{lang:?}"), lang.throw());
                assert_eq!(t.deliver(via, mallory, &to, &raw).await, Delivered::Taken);
                let outbox = t.app.mails(1000).await;
                let told = outbox.iter().filter(|m| matches!(m.kind, MailKind::Stranger { .. })).count();
                assert_eq!(told, 2, "{lang:?}: six hours later the seat is told again");
                assert!(outbox.iter().all(|m| m.recipient != mallory));
            }

            // An out-of-office reply, a bounce and our own mail: taken, not acted on, not answered.
            let auto = plain(&t.email, &to, &format!("auto-{lang:?}-{via:?}"), lang.throw()).replacen(
                "MIME-Version",
                "Auto-Submitted: auto-replied\r\nMIME-Version",
                1,
            );
            assert_eq!(t.deliver(via, &t.email, &to, &auto).await, Delivered::Taken);
            let bounce =
                plain("MAILER-DAEMON@example.org", &to, &format!("bounce-{lang:?}-{via:?}"), lang.throw());
            assert_eq!(t.deliver(via, &t.email, &to, &bounce).await, Delivered::Taken);
            let ours = plain(OWN, &to, &format!("ours-{lang:?}-{via:?}"), lang.throw());
            assert_eq!(t.deliver(via, &t.email, &to, &ours).await, Delivered::Taken);
            assert_eq!(t.steps().await, before);
            assert!(t.answers_to(&t.email).await.is_empty());
            assert!(
                t.answers_to(OWN).await.is_empty()
                    && t.answers_to("mailer-daemon@example.org").await.is_empty()
            );
        }
    }
}

/// Služba by reply: the coordinator gives a clue, and the member's turn mail says the clue
/// before the cards; the member guesses by a card's word, typed in lower case.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sluzba_a_clue_and_a_guess_by_word_are_made_by_reply() {
    for (lang, via) in [(Lang::Cs, Via::Pipe), (Lang::En, Via::Smtp)] {
        let app = TestApp::spawn().await;
        let names = ["Rudolf", "Blanka", "Radek", "Bara"];
        let g = app
            .create_game(json!({"ruleset": "sluzba", "title": "Sobota", "lang": lang.code(), "players": players(&names)}))
            .await;
        let bound = feldpost::mail::listener::spawn(
            feldpost::play::reply::Replies::new(&app.log, OWN),
            "127.0.0.1:0",
        )
        .unwrap();
        let coordinator = app.seat_to_act(&g.id).await;
        let member = coordinator + 2;
        let email = |seat: usize| format!("{}@example.org", names[seat].to_lowercase());
        let mut t = Table {
            app,
            game: g.id.clone(),
            seat: coordinator,
            email: email(coordinator),
            tokens: g.tokens.clone(),
            smtp_port: bound.port(),
        };
        // A clue that is none of the table's words (nor part of one).
        let table_words: Vec<String> =
            t.app.log.load(&g.id).await.unwrap().table.view(feldpost_engine::Viewer::Omniscient)["cards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["word"].as_str().unwrap_or_default().to_lowercase())
                .collect();
        let clue = ["klavír", "mechanik", "papoušek", "sopránka"]
            .into_iter()
            .find(|w| table_words.iter().all(|t| !t.contains(w) && !w.contains(t.as_str())))
            .unwrap();
        let (clue_cmd, guess_cmd) = match lang {
            Lang::Cs => ("heslo", "tipni"),
            Lang::En => ("clue", "guess"),
        };
        let turn = t.turn_mail().await;
        assert!(turn.body_text.contains(&format!("  - {clue_cmd} ‹")), "{}", turn.body_text);
        let to = Table::reply_address(&turn);
        let before = t.steps().await;
        let raw = plain(&t.email, &to, &format!("clue-{lang:?}"), &format!("{clue_cmd} {clue} 2"));
        assert_eq!(t.deliver(via, &t.email, &to, &raw).await, Delivered::Taken);
        assert_eq!(t.steps().await, before + 1, "{lang:?}: the clue is given");

        // The member's turn mail: the clue first, then the cards to touch.
        t.seat = member;
        t.email = email(member);
        let turn = t.turn_mail().await;
        let text = &turn.body_text;
        let clue_at = text.to_lowercase().find(clue).expect("the clue in the member's mail");
        // The cards as one command, by their numbers on the table (no line numbers of their own).
        let guesses = text.find(&format!("  - {guess_cmd} N, ")).expect("the cards as a command");
        assert!(clue_at < guesses, "the clue comes before the cards: {text}");
        // Card 1's word: the table's first row of words, under the row of numbers.
        let lines: Vec<&str> = text.lines().collect();
        let numbers = lines.iter().position(|l| l.starts_with("1 ")).expect("the table's first row");
        let word = lines[numbers + 1].split_whitespace().next().expect("the card's word").to_owned();
        let to = Table::reply_address(&turn);
        let before = t.steps().await;
        let raw =
            plain(&t.email, &to, &format!("guess-{lang:?}"), &format!("{guess_cmd} {}", word.to_lowercase()));
        assert_eq!(t.deliver(via, &t.email, &to, &raw).await, Delivered::Taken);
        assert!(t.steps().await > before, "{lang:?}: the card {word} is touched");
        let answers = t.answers_to(&t.email).await;
        assert!(
            answers.iter().any(|a| a.body_text.contains(lang.done()) && a.body_text.contains(&word)),
            "{answers:?}"
        );
    }
}

/// With the database away, `feldpost inbound` exits 75 so that the MTA keeps the message and
/// tries again.
#[test]
fn the_inbound_command_asks_the_mta_to_try_again_when_the_database_is_away() {
    let run = |db: &str, input: &[u8]| {
        let out = crate::harness::process::inbound(db, &[], &[], input);
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let raw = plain("alena@example.org", "feldpost+x.0.1.abc@feldpost.test", "away", "hod");
    let (code, stderr) = run("postgres://postgres@127.0.0.1:1/nowhere", raw.as_bytes());
    assert_eq!(code, Some(75), "{stderr}");
    assert!(stderr.contains("try again later"), "{stderr}");
}

/// Every command a turn mail lists, typed back as it is shown (inputs aside), is read as the
/// action it stands for — in every game, for every seat that may act, a few steps in.
#[tokio::test]
async fn every_listed_command_reads_back_as_its_action() {
    use feldpost::games::commands;
    use feldpost::i18n::{Lang as L, Tr};
    let app = TestApp::spawn().await;
    let games = [
        app.create_zajatce(&["Alena", "Boris", "Cyril"], json!({})).await,
        app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await,
        app.create_colditz(&["Hans", "Brit", "Pierre"], json!({})).await,
    ];
    for g in &games {
        for step in 0..6 {
            let loaded = app.log.load(&g.id).await.unwrap();
            if loaded.finished() {
                break;
            }
            for seat in loaded.table.to_act() {
                let offered = loaded.table.commands(seat);
                for lang in L::ALL {
                    let tr = Tr::new(lang);
                    for (i, c) in offered.iter().enumerate() {
                        if c.inputs.iter().any(|i| i.required) {
                            continue;
                        }
                        let shown = c.render(&tr);
                        let typed = shown.split(" [‹").next().unwrap();
                        assert_eq!(
                            commands::parse(typed, &offered, loaded.rules).as_ref(),
                            Ok(&c.action),
                            "{} step {step} seat {seat}: {typed:?} is line {} ({lang:?})",
                            loaded.game.ruleset,
                            i + 1
                        );
                        // A bare number: the line of the list, or where the game's commands
                        // carry their own numbers (Služba's cards), the command's own.
                        let own = loaded.rules.own_numbers().is_some();
                        // A concession is named by its word only, never by a number.
                        let number = match c.spelling.words.first().and_then(|w| w.first()) {
                            _ if c.words_only => None,
                            Some(commands::Word::Lit(n)) if own && n.parse::<u32>().is_ok() => {
                                Some(n.clone())
                            }
                            _ if own => None,
                            _ => Some((i + 1).to_string()),
                        };
                        if let Some(n) = number {
                            assert_eq!(
                                commands::parse(&n, &offered, loaded.rules).as_ref(),
                                Ok(&c.action),
                                "{} step {step} seat {seat}: {n:?} alone ({lang:?})",
                                loaded.game.ruleset
                            );
                        }
                    }
                }
            }
            // On with the first choice that needs nothing typed, as a reply could make it.
            let seat = loaded.table.to_act()[0];
            let Some(next) =
                loaded.table.commands(seat).into_iter().find(|c| c.inputs.iter().all(|i| !i.required))
            else {
                break;
            };
            if feldpost::play::act::by_token(
                &app.log,
                &g.token(usize::from(seat)),
                None,
                loaded.seq,
                &next.action,
            )
            .await
            .is_err()
            {
                break;
            }
        }
    }
}

/// Colditz by reply: the German places his guards on the proposed posts with one word.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn colditz_the_german_places_his_guards_by_reply() {
    for (lang, via, word) in [(Lang::Cs, Via::Pipe, "stráže"), (Lang::En, Via::Smtp, "Guards")] {
        let app = TestApp::spawn().await;
        let names = ["Hans", "Brit", "Pierre"];
        let g = app
            .create_game(json!({"ruleset": "colditz", "title": "Sobota", "lang": lang.code(), "players": players(&names)}))
            .await;
        let bound = feldpost::mail::listener::spawn(
            feldpost::play::reply::Replies::new(&app.log, OWN),
            "127.0.0.1:0",
        )
        .unwrap();
        let seat = app.seat_to_act(&g.id).await;
        let t = Table {
            app,
            game: g.id.clone(),
            seat,
            email: format!("{}@example.org", names[seat].to_lowercase()),
            tokens: g.tokens.clone(),
            smtp_port: bound.port(),
        };
        let turn = t.turn_mail().await;
        assert!(turn.body_text.contains(&format!("1. {} ", word.to_lowercase())), "{}", turn.body_text);
        let to = Table::reply_address(&turn);
        let before = t.steps().await;
        let raw = plain(&t.email, &to, &format!("guards-{lang:?}"), word);
        assert_eq!(t.deliver(via, &t.email, &to, &raw).await, Delivered::Taken);
        assert_eq!(t.steps().await, before + 1, "{lang:?}: the guards are placed");
        let answers = t.answers_to(&t.email).await;
        assert!(answers[0].body_text.contains(lang.done()), "{}", answers[0].body_text);
    }
}

/// A reply piped in by the MTA is answered from the pipe itself: the answer has reached the
/// relay when `feldpost inbound` exits (no server's worker runs here), instead of waiting for
/// a server to find it on its next poll.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_piped_reply_is_answered_before_the_pipe_exits() {
    let t = table(Lang::En).await;
    let (relay_port, got) = crate::harness::relay::slow_relay(std::time::Duration::ZERO);
    let turn = t.turn_mail().await;
    let to = Table::reply_address(&turn);
    let raw = plain(&t.email, &to, "piped-and-answered", Lang::En.throw());
    let started = std::time::Instant::now();
    let relay = [("FELDPOST_SMTP_URL", format!("smtp://127.0.0.1:{relay_port}"))];
    let out = crate::harness::process::inbound_async(&t.app.db_url, &[], &relay, raw.as_bytes()).await;
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let answers = t.answers_to(&t.email).await;
    assert_eq!(answers.len(), 1);
    assert_eq!(answers[0].status, feldpost::store::MailStatus::Sent, "sent by the pipe");
    let relayed = got.lock().unwrap().clone();
    assert!(
        relayed.iter().any(|m| m.contains(&format!("To: {}", t.email))
            && (m.contains("Done: =E2=80=9Cthrow") || m.contains("Done: “throw"))),
        "the answer reached the relay: {relayed:?}"
    );
    assert!(took < std::time::Duration::from_secs(5), "the pipe took {took:?}");
}

/// Conceding by reply (Z18): the turn mail names the word apart from the numbered list; the
/// number after the list's last line concedes nothing; the word, in the game's language or
/// another, does, and the game ends for the other player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_concedes_by_replying_with_the_word_never_by_a_number() {
    for (lang, word) in [(Lang::Cs, "Vzdávám"), (Lang::En, "concede")] {
        let t = table(lang).await;
        let turn = t.turn_mail().await;
        let hint = match lang {
            Lang::Cs => "odpovězte jen slovem „vzdávám“",
            Lang::En => "reply with the word “concede” alone",
        };
        assert!(turn.body_text.contains(hint), "{}", turn.body_text);
        assert!(!turn.body_text.contains("2. "), "the concession has no number: {}", turn.body_text);
        let before = t.steps().await;
        let to = Table::reply_address(&turn);
        let raw = plain(&t.email, &to, &format!("concede-number-{lang:?}"), "2");
        assert_eq!(t.deliver(Via::Smtp, &t.email, &to, &raw).await, Delivered::Taken);
        assert_eq!(t.steps().await, before, "{lang:?}: a number concedes nothing");
        let raw = plain(&t.email, &to, &format!("concede-word-{lang:?}"), word);
        assert_eq!(t.deliver(Via::Smtp, &t.email, &to, &raw).await, Delivered::Taken);
        assert_eq!(t.steps().await, before + 1, "{lang:?}: the concession is in the record");
        let loaded = t.app.log.load(&t.game).await.unwrap();
        assert!(loaded.finished());
        assert_eq!(loaded.table.outcome().unwrap().winners, vec![(1 - t.seat) as u8]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dev_mailbox_names_where_a_reply_goes_and_a_reply_piped_there_is_taken() {
    let t = table(Lang::En).await;
    let page = t.app.dev_mailbox().await;
    assert_eq!(page.status, axum::http::StatusCode::OK);
    // The turn mail's Reply-To, as a developer pipes a reply to it (`feldpost inbound --to`).
    let to = page
        .text
        .split("replies go to ")
        .nth(1)
        .and_then(|rest| rest.split(['<', ' ', '\n']).next())
        .unwrap_or_else(|| panic!("no reply address on the dev mailbox page: {}", page.text))
        .to_owned();
    assert!(to.starts_with("feldpost+") && to.ends_with("@localhost"), "{to}");
    let before = t.steps().await;
    let raw = plain(&t.email, &to, "dev-mailbox-reply", Lang::En.throw());
    assert_eq!(t.deliver(Via::Pipe, &t.email, &to, &raw).await, Delivered::Taken);
    assert_eq!(t.steps().await, before + 1, "the throw is in the record");
    // In Czech too.
    let czech = t
        .app
        .send(
            crate::harness::Req::new("GET", "/dev/mailbox")
                .peer([127, 0, 0, 1])
                .header("host", "127.0.0.1:8080")
                .lang("cs"),
        )
        .await;
    assert!(czech.text.contains("odpovědi jdou na feldpost+"), "{}", czech.text);
}
