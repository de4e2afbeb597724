//! Služba v ilegalitě by mail for every seat: the turn mail draws the 25 cards from the seat's
//! view (a coordinator's with the key's colours, a member's with the covered cards' colours
//! only), in short lines of the text part and in a table of the HTML part; and a reply names a
//! card by its number on the table or by its word, never by a line of the mail's list.

use crate::harness::OWN;
use crate::harness::{TestApp, TestGame, players};
use feldpost::play::reply::ReplyOutcome;
use feldpost::store::{MailKind, OutboxRow};
use feldpost_engine::Viewer;
use serde_json::json;

const NAMES: [&str; 4] = ["Rudolf", "Blanka", "Radek", "Bara"];
/// The English marks of the text part, and the colours in words of the HTML part.
const MARKS: [(&str, &str, &str); 4] = [
    ("red", "R", "red team"),
    ("blue", "B", "blue team"),
    ("bystander", "N", "bystander"),
    ("pursuer", "P", "the pursuer"),
];

fn email(seat: usize) -> String {
    format!("{}@example.org", NAMES[seat].to_lowercase())
}

fn mark(colour: &str) -> &'static str {
    MARKS.iter().find(|(c, _, _)| *c == colour).unwrap().1
}

fn says(colour: &str) -> &'static str {
    MARKS.iter().find(|(c, _, _)| *c == colour).unwrap().2
}

/// Each card as the game holds it: its word, its colour and whether it is covered.
async fn cards(app: &TestApp, g: &TestGame) -> Vec<(String, String, bool)> {
    let v = app.log.load(&g.id).await.unwrap().table.view(Viewer::Omniscient);
    v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["word"].as_str().unwrap().to_owned(),
                c["colour"].as_str().unwrap().to_owned(),
                c["status"] == "covered",
            )
        })
        .collect()
}

/// The newest mail to `seat` that takes a reply (a turn mail or an answer).
async fn newest(app: &TestApp, g: &TestGame, seat: usize) -> OutboxRow {
    let mut rows: Vec<OutboxRow> = app
        .outbox(&g.id)
        .await
        .into_iter()
        .filter(|m| m.recipient == email(seat) && m.reply_to.is_some())
        .collect();
    rows.sort_by_key(|m| (m.seq, m.created_at));
    rows.pop().expect("a mail with a Reply-To")
}

/// The table of a text part: card number → (mark, word), read from its two-line rows.
fn text_board(text: &str) -> Vec<(u32, String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| l.starts_with("The table (")).expect("the table in the text") + 2;
    let mut out = Vec::new();
    let mut at = start;
    loop {
        let heads: Vec<&str> = lines[at].split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
        let words: Vec<&str> = lines[at + 1].split_whitespace().collect();
        assert_eq!(heads.len(), words.len(), "{}\n{}", lines[at], lines[at + 1]);
        for (h, w) in heads.iter().zip(words) {
            let (n, m) = h.split_once(' ').unwrap();
            out.push((n.parse().unwrap(), m.to_owned(), w.to_owned()));
        }
        // A blank line, then the next row; or the legend after the last.
        at += 3;
        if !lines[at - 1].is_empty() || !lines[at].starts_with(|c: char| c.is_ascii_digit()) {
            break;
        }
    }
    out
}

/// The table of an HTML part: card number → (word, colour in words).
fn html_board(html: &str) -> Vec<(u32, String, String)> {
    html.split("<td ")
        .skip(1)
        .map(|cell| {
            let number = cell.split("font-size:0.8em;\">").nth(1).unwrap().split('<').next().unwrap();
            let word = cell.split("<strong>").nth(1).unwrap().split('<').next().unwrap();
            let says = cell.split("font-size:0.85em;\">").nth(1).unwrap().split('<').next().unwrap();
            (number.parse().unwrap(), word.to_owned(), crate::harness::html_unescape(says))
        })
        .collect()
}

async fn game(app: &TestApp) -> TestGame {
    app.create_game(json!({
        "ruleset": "sluzba", "title": "Sobota", "lang": "en", "players": players(&NAMES),
    }))
    .await
}

/// Reply to `seat`'s newest mail with `line` (through the reply use case, as the listener hands
/// it on); the outcome, and the answer's text.
async fn reply(app: &TestApp, g: &TestGame, seat: usize, line: &str, id: &str) -> (ReplyOutcome, String) {
    let mail = newest(app, g, seat).await;
    let to = format!("feldpost+{}@feldpost.test", mail.reply_to.as_deref().unwrap());
    let raw = format!(
        "From: {from}\r\nTo: {to}\r\nSubject: Re: [feldpost] Sobota\r\nMessage-ID: <{id}@client.test>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n\
         {line}\r\n",
        from = email(seat)
    );
    let answers = || async {
        app.outbox(&g.id)
            .await
            .into_iter()
            .filter(|m| m.recipient == email(seat) && matches!(m.kind, MailKind::ReplyAnswer { .. }))
            .collect::<Vec<_>>()
    };
    let before: Vec<String> = answers().await.into_iter().map(|m| m.id).collect();
    let m = feldpost::mail::inbound::read(raw.as_bytes()).unwrap();
    let outcome = feldpost::play::reply::reply(&app.log, &m, OWN).await.unwrap();
    let answer = answers().await.into_iter().find(|m| !before.contains(&m.id)).expect("an answer");
    (outcome, answer.body_text)
}

/// The red coordinator gives a clue with unlimited guesses (through the API).
async fn clue(app: &TestApp, g: &TestGame) {
    let a = app.act(g, 0, json!({"action": "give_clue", "word": "zzqa", "number": "infinity"})).await;
    assert_eq!(a.status, axum::http::StatusCode::OK, "{}", a.text);
}

/// The cards touched so far, in order.
async fn guessed(app: &TestApp, g: &TestGame) -> Vec<u64> {
    let mut out = Vec::new();
    for r in app.log.store.records(&g.id, 0).await.unwrap() {
        for e in r.record().unwrap().events {
            if e["event"] == "guessed" {
                out.push(e["card"].as_u64().unwrap());
            }
        }
    }
    out
}

#[tokio::test]
async fn the_coordinators_mail_holds_every_word_with_its_colour_in_text_and_html() {
    let app = TestApp::spawn().await;
    let g = game(&app).await;
    let cards = cards(&app, &g).await;
    let mail =
        app.outbox(&g.id).await.into_iter().find(|m| m.recipient == email(0) && m.kind == MailKind::Turn);
    let mail = mail.expect("the red coordinator's turn mail");
    let text = feldpost::mail::flowed::encode(&mail.body_text);
    let board = text_board(&mail.body_text);
    assert_eq!(board.len(), 25, "{}", mail.body_text);
    for (i, (word, colour, _)) in cards.iter().enumerate() {
        assert_eq!(board[i], (i as u32 + 1, mark(colour).to_owned(), word.clone()), "card {}", i + 1);
    }
    // The grid's lines go out as they are: short, without a space at the end (a soft break).
    let lines: Vec<&str> = mail.body_text.lines().collect();
    let caption = lines.iter().position(|l| l.starts_with("The table (")).unwrap();
    let grid = &lines[caption + 2..caption + 16];
    for line in grid {
        assert!(line.chars().count() <= 76 && !line.ends_with(' '), "{line:?}");
        assert!(text.lines().any(|l| l == *line), "{line:?} is kept in the flowed part:\n{text}");
    }
    let html = html_board(mail.body_html.as_deref().unwrap());
    assert_eq!(html.len(), 25);
    for (i, (word, colour, _)) in cards.iter().enumerate() {
        assert_eq!(html[i], (i as u32 + 1, word.clone(), says(colour).to_owned()), "card {}", i + 1);
    }
    // The coordinator gives clues and touches no card: how to reply, without a word on card
    // numbers, and no line numbers.
    assert!(
        mail.body_text.contains("To play, reply to this mail with one of these commands"),
        "{}",
        mail.body_text
    );
    assert!(!mail.body_text.contains("never by the place of a line"), "{}", mail.body_text);
    assert!(!mail.body_text.contains("\n  - 1. "), "{}", mail.body_text);
}

#[tokio::test]
async fn a_members_mail_shows_the_words_and_only_the_covered_cards_colours() {
    let app = TestApp::spawn().await;
    let g = game(&app).await;
    clue(&app, &g).await;
    // Two red cards are covered: their colour is public now.
    let before = cards(&app, &g).await;
    let red: Vec<usize> = (0..25).filter(|i| before[*i].1 == "red").collect();
    for (i, c) in red[..3].iter().enumerate() {
        let (outcome, answer) = reply(&app, &g, 2, &format!("guess {}", c + 1), &format!("member-{i}")).await;
        assert_eq!(outcome, ReplyOutcome::Done, "{answer}");
    }
    let answer = newest(&app, &g, 2).await.body_text;
    assert!(answer.contains("Done"), "{answer}");
    let cards = cards(&app, &g).await;
    let key: String = cards.iter().map(|(_, c, _)| mark(c)).collect();
    let mails: Vec<OutboxRow> =
        app.outbox(&g.id).await.into_iter().filter(|m| m.recipient == email(2)).collect();
    let mut with_board: Vec<&OutboxRow> =
        mails.iter().filter(|m| m.body_text.contains("The table (")).collect();
    with_board.sort_by_key(|m| m.created_at);
    assert_eq!(with_board.len(), 4, "the turn mail and each answer draw the table");
    assert_eq!(with_board[0].kind, MailKind::Turn);
    // The turn mail, written before any guess, and the newest answer, after every one.
    for m in [with_board[0], with_board[3]] {
        let html = m.body_html.as_deref().unwrap();
        assert!(!m.body_text.contains(&key) && !html.contains(&key), "the key reached a member");
        for colour in ["red", "blue", "bystander", "pursuer"] {
            assert!(!m.subject.to_lowercase().contains(colour), "{}", m.subject);
        }
        let text = text_board(&m.body_text);
        let table = html_board(html);
        assert_eq!((text.len(), table.len()), (25, 25));
        let now = m.kind != MailKind::Turn;
        for (i, (word, colour, covered)) in cards.iter().enumerate() {
            let shown = now && *covered;
            let (marked, said) = if shown {
                (format!("[{}]", mark(colour)), format!("covered: {}", says(colour)))
            } else {
                ("?".to_owned(), "colour not known to you".to_owned())
            };
            assert_eq!(text[i], (i as u32 + 1, marked, word.clone()), "card {}: {}", i + 1, m.body_text);
            assert_eq!(table[i], (i as u32 + 1, word.clone(), said), "card {}", i + 1);
        }
    }
    // After the first guess the member guesses on: the commands explain the card numbers, and
    // the guesses are one line naming the cards still covered, not a line for each card (the
    // table above shows their words).
    let after_one = &with_board[1].body_text;
    let open: Vec<String> = (0..25).filter(|i| *i != red[0]).map(|i| (i + 1).to_string()).collect();
    assert!(after_one.contains("never by the place of a line"), "{after_one}");
    assert!(after_one.contains(&format!("guess N, where N is one of {} (", open.join(", "))), "{after_one}");
    assert!(!after_one.lines().any(|l| l.contains("- guess ") && l.contains(" — ")), "{after_one}");
    // The positive control: the coordinator's answer-free turn mail does carry the key's marks.
    let coordinator =
        app.outbox(&g.id).await.into_iter().find(|m| m.recipient == email(0) && m.kind == MailKind::Turn);
    let coordinator = text_board(&coordinator.unwrap().body_text);
    assert_eq!(coordinator[0].1, mark(&cards[0].1), "the coordinator's mail marks the key's colours");
}

/// After cards are covered, a reply's number is a card's number, not a line of the list; a
/// word names its card; a number that is no open card is refused and changes nothing. On
/// SQLite, and on Postgres when `FELDPOST_TEST_POSTGRES` is set.
#[tokio::test]
async fn a_reply_names_a_card_by_its_number_or_its_word_never_by_a_line() {
    let app = TestApp::spawn().await;
    let g = game(&app).await;
    clue(&app, &g).await;
    let start = cards(&app, &g).await;
    let red: Vec<usize> = (0..25).filter(|i| start[*i].1 == "red").collect();
    // The first two red cards by number, so that the list's lines drift from the card numbers.
    for (i, c) in red[..2].iter().enumerate() {
        let (outcome, answer) = reply(&app, &g, 2, &format!("guess {}", c + 1), &format!("cover-{i}")).await;
        assert_eq!(outcome, ReplyOutcome::Done, "{answer}");
    }
    let mail = newest(&app, &g, 2).await;
    let offered: Vec<usize> = mail
        .body_text
        .lines()
        .find_map(|l| l.split_once("guess N, where N is one of ").map(|(_, rest)| rest))
        .and_then(|rest| rest.split_once(" ("))
        .map(|(numbers, _)| numbers.split(", ").filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_default();
    assert!(offered.contains(&(red[2] + 1)), "{}", mail.body_text);
    assert!(!offered.contains(&(red[0] + 1)), "a covered card is no choice: {}", mail.body_text);

    // By number: exactly that card.
    let (outcome, answer) = reply(&app, &g, 2, &(red[2] + 1).to_string(), "by-number").await;
    assert_eq!(outcome, ReplyOutcome::Done, "{answer}");
    assert_eq!(guessed(&app, &g).await, red[..3].iter().map(|c| *c as u64).collect::<Vec<_>>());

    // By word, in capitals and without diacritics: that card.
    let word = feldpost::games::typed::fold(&start[red[3]].0).to_uppercase();
    let (outcome, answer) = reply(&app, &g, 2, &word, "by-word").await;
    assert_eq!(outcome, ReplyOutcome::Done, "{word}: {answer}");
    assert_eq!(guessed(&app, &g).await.last(), Some(&(red[3] as u64)));

    // A covered card's number, and a number beyond the table: refused, nothing written.
    let steps = app.event_count(&g.id).await;
    let (outcome, answer) = reply(&app, &g, 2, &(red[0] + 1).to_string(), "covered").await;
    assert_eq!(outcome, ReplyOutcome::Refused);
    let covered = format!("Card {}, “{}”, is already covered.", red[0] + 1, start[red[0]].0);
    assert!(answer.contains(&covered), "{answer}");
    let (outcome, answer) = reply(&app, &g, 2, "guess 26", "beyond").await;
    assert_eq!(outcome, ReplyOutcome::Refused);
    assert!(answer.contains("There is no card 26"), "{answer}");
    assert_eq!(app.event_count(&g.id).await, steps, "a refused number changes nothing");
    assert_eq!(guessed(&app, &g).await.len(), 4);
}

/// The table fits the text part in every language, for the longest words of the decks.
#[test]
fn the_text_table_fits_76_columns_with_the_longest_words() {
    use feldpost::games::{MailBoard, MailCell};
    use feldpost::i18n::{Lang, Tr};
    use feldpost_engine::Msg;
    let cell = |n: u32| MailCell {
        number: n,
        text: "zemětřesení1".to_owned(),
        mark: Msg::new("sluzba-mail-mark-covered").key("mark", "sluzba-mail-mark-pursuer"),
        says: Msg::new("sluzba-mail-says-open"),
        tone: None,
    };
    let board = MailBoard {
        caption: Msg::new("sluzba-mail-board"),
        legend: Msg::new("sluzba-mail-legend"),
        rows: (0..5).map(|r| (1..=5).map(|c| cell(r * 5 + c)).collect()).collect(),
    };
    for lang in Lang::ALL {
        let b = feldpost::mail::Board::new(&Tr::new(lang), &board);
        for line in b.text_lines() {
            assert!(line.chars().count() <= 76 && !line.ends_with(' '), "{lang:?}: {line:?}");
        }
    }
}
