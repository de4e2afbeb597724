//! Table talk (`play::chat`): lines on the game page, its history, the host's page, the API,
//! exports, live pages and mail; private lines between two Colditz seats that reach nobody
//! else; the host hiding a line; the limits and refusals.

use crate::harness::{TestApp, TestGame, html_unescape};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::time::Duration;
use tower::ServiceExt;

fn chat_api(g: &TestGame) -> String {
    format!("/api/games/{}/chat", g.id)
}

/// `seat` writes `text` through the API (to `to` alone, if given); the answer.
async fn say(
    app: &TestApp,
    g: &TestGame,
    seat: usize,
    text: &str,
    to: Option<usize>,
) -> crate::harness::Answer {
    let mut body = json!({"text": text});
    if let Some(to) = to {
        body["to"] = json!(to);
    }
    app.post(&chat_api(g), Some(&g.tokens[seat]), body).await
}

async fn lines(app: &TestApp, g: &TestGame, token: &str) -> Vec<Value> {
    let a = app.get(&chat_api(g), Some(token)).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    a.json.as_array().unwrap().clone()
}

/// A page that must be there, read whole.
async fn read(app: &TestApp, path: String) -> String {
    let a = app.get(&path, None).await;
    assert_eq!(a.status, StatusCode::OK, "{path}: {}", a.text);
    a.text
}

/// The table-talk section of a page (templates/chat.html).
fn talk_section(html: &str) -> &str {
    let start = html.find(r#"<section class="talk""#).expect("the page has its table talk");
    let end = html[start..].find("</section>").unwrap() + start;
    &html[start..end]
}

#[tokio::test]
async fn a_line_is_written_and_read_on_the_page_the_history_and_the_api_and_is_not_a_record() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"manual_dice": true})).await;
    let records = app.event_count(&g.id).await;
    let head = app.log.store.records(&g.id, 0).await.unwrap().last().unwrap().hash.clone();

    // From the page's form (no script): back to the game page, at its table talk.
    let posted = app
        .form(&format!("{}/chat", g.seat_path(0)), &[("text", "Hello <b>table</b> \u{202E}evil"), ("to", "")])
        .await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
    assert_eq!(posted.location, format!("{}#talk", g.seat_path(0)));
    // Through the API.
    let a = say(&app, &g, 1, "  Ahoj\nAleno  ", None).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(a.json["n"], 2);
    assert_eq!(a.json["from"], 1);
    assert_eq!(a.json["text"], "Ahoj Aleno", "one line, trimmed");

    // Talk is not the log: no record, the chain's head as it was.
    assert_eq!(app.event_count(&g.id).await, records);
    assert_eq!(app.log.store.records(&g.id, 0).await.unwrap().last().unwrap().hash, head);

    // The other seat's page: both lines, the newest last, the text escaped and set apart.
    let page = app.get(&g.seat_path(1), None).await;
    assert_eq!(page.status, StatusCode::OK);
    let talk = talk_section(&page.text);
    assert!(
        talk.contains("<bdi class=\"said\">Hello &#60;b&#62;table&#60;/b&#62; \u{202E}evil</bdi>"),
        "{talk}"
    );
    assert!(!page.text.contains("<b>table</b>"), "never markup");
    let (first, second) = (talk.find("Hello").unwrap(), talk.find("Ahoj Aleno").unwrap());
    assert!(first < second, "the newest last");
    assert!(html_unescape(talk).contains("Alena"), "the writer named");

    // The API: the same lines, for either seat.
    let listed = lines(&app, &g, &g.tokens[0]).await;
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0]["text"], "Hello <b>table</b> \u{202E}evil", "stored and given as typed");
    assert_eq!(listed[0]["hidden"], false);
    let step = listed[0]["step"].as_u64().unwrap();

    // The history at the step they were written shows them; another step does not.
    let at = app.get(&format!("{}/history?at={step}", g.seat_path(1)), None).await;
    assert_eq!(at.status, StatusCode::OK);
    assert!(talk_section(&at.text).contains("Ahoj Aleno"));
    app.act(&g, app.seat_to_act(&g.id).await, json!({"type": "roll", "die": 3})).await;
    let later = app.get(&format!("{}/history?at={}", g.seat_path(1), step + 1), None).await;
    assert_eq!(later.status, StatusCode::OK, "{}", later.text);
    assert!(!talk_section(&later.text).contains("Ahoj Aleno"), "only the lines of that step");

    // The host writes too, named as the host.
    let host = app.form(&format!("{}/chat", g.host_path), &[("text", "Play nicely")]).await;
    assert_eq!(host.status, StatusCode::SEE_OTHER, "{}", host.text);
    let listed = lines(&app, &g, &g.tokens[1]).await;
    assert_eq!(listed[2]["text"], "Play nicely");
    assert!(listed[2].get("from").is_none(), "the host has no seat");
    assert!(talk_section(&app.get(&g.seat_path(0), None).await.text).contains("The host"));
}

#[tokio::test]
async fn the_game_page_shows_the_newest_twenty_and_links_to_all() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    for i in 1..=22 {
        let a = say(&app, &g, i % 2, &format!("line number {i}."), None).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        app.clock.advance(60_000);
    }
    let page = app.get(&g.seat_path(0), None).await;
    let talk = talk_section(&page.text);
    assert!(
        !talk.contains("line number 2.")
            && talk.contains("line number 3.")
            && talk.contains("line number 22.")
    );
    let all_link = format!("{}/chat", g.seat_path(0));
    assert!(talk.contains(&format!(r#"<a href="{all_link}">"#)), "{talk}");
    let all = app.get(&all_link, None).await;
    assert_eq!(all.status, StatusCode::OK);
    assert!(talk_section(&all.text).contains("line number 1.") && all.text.contains("line number 22."));
}

/// Colditz: a line from one seat to another alone reaches those two and nobody else, on no
/// path: pages, history, the host's page, the spectators', the API, exports, live pages and
/// mail. Each path is read as someone who may see the line too (the positive control).
#[tokio::test]
async fn a_private_line_reaches_its_writer_and_its_addressee_alone() {
    let app = TestApp::spawn().await;
    // Seats: 0 the German (Gerhard), 1 Amy, 2 Bill.
    let g = app.create_colditz(&crate::colditz::NAMES, json!({})).await;
    let watch = app.watch_path(&g).await;
    let step = app.view(&g, 0).await["current_seq"].as_u64().unwrap();
    let mut streams = Vec::new();
    for seat in 0..3 {
        streams.push(open(&app, &format!("{}/live?seq={step}", g.seat_path(seat))).await);
    }

    let private = say(&app, &g, 1, "PRIVATEMARK trade the key for a pass?", Some(2)).await;
    assert_eq!(private.status, StatusCode::OK, "{}", private.text);
    assert_eq!(private.json["to"], 2);
    // Live: the two hear of it; the German's page hears nothing at all.
    assert!(streams[1].next_talk(SOON).await.is_some(), "the writer's page is told");
    assert!(streams[2].next_talk(SOON).await.is_some(), "the addressee's page is told");
    assert!(streams[0].next_talk(QUIET).await.is_none(), "another seat's page is not even told a line came");

    let public = say(&app, &g, 1, "PUBLICMARK good evening", None).await;
    assert_eq!(public.status, StatusCode::OK, "{}", public.text);
    assert!(streams[0].next_talk(SOON).await.is_some(), "a line to everyone is told to everyone");

    // What each may read.
    let history = format!("/history?at={step}");
    let mut theirs = Vec::new();
    for seat in [1, 2] {
        theirs.push((format!("seat {seat} page"), read(&app, g.seat_path(seat)).await));
        theirs.push((
            format!("seat {seat} history"),
            read(&app, format!("{}{history}", g.seat_path(seat))).await,
        ));
        theirs.push((
            format!("seat {seat} talk page"),
            read(&app, format!("{}/chat", g.seat_path(seat))).await,
        ));
        theirs
            .push((format!("seat {seat} export"), read(&app, format!("{}/export", g.seat_path(seat))).await));
        theirs.push((format!("seat {seat} api"), app.get(&chat_api(&g), Some(&g.tokens[seat])).await.text));
    }
    theirs.push(("the addressee's mail".into(), app.mail_to("bill@example.org", "chat-1").await.body_text));
    for (what, text) in &theirs {
        assert!(html_unescape(text).contains("PRIVATEMARK"), "{what}: the line is there for its two seats");
        assert!(what.contains("mail") || html_unescape(text).contains("PUBLICMARK"), "{what}");
    }

    let mut others = vec![
        ("the German's page".to_owned(), read(&app, g.seat_path(0)).await),
        ("the German's history".into(), read(&app, format!("{}{history}", g.seat_path(0))).await),
        ("the German's talk page".into(), read(&app, format!("{}/chat", g.seat_path(0))).await),
        ("the German's export".into(), read(&app, format!("{}/export", g.seat_path(0))).await),
        ("the German's api".into(), app.get(&chat_api(&g), Some(&g.tokens[0])).await.text),
        ("the host's page".into(), read(&app, g.host_path.clone()).await),
        ("the host's export".into(), read(&app, format!("{}/export", g.host_path)).await),
        ("the host's api".into(), app.get(&chat_api(&g), Some(&g.host_token)).await.text),
        ("the spectators' page".into(), read(&app, watch.clone()).await),
    ];
    for m in app.outbox(&g.id).await.into_iter().filter(|m| m.recipient != "bill@example.org") {
        others.push((
            format!("mail {} to {}", m.kind.text(), m.recipient),
            m.body_text + &m.body_html.unwrap_or_default(),
        ));
    }
    for (what, text) in &others {
        assert!(!text.contains("PRIVATEMARK"), "{what}: a private line reached another");
    }
    // The control for the others: the line to everyone is there.
    for what in
        ["the German's page", "the German's api", "the host's page", "the host's api", "the German's export"]
    {
        let text = &others.iter().find(|(w, _)| w == what).unwrap().1;
        assert!(text.contains("PUBLICMARK"), "{what}: the line to everyone");
    }
    let api = lines(&app, &g, &g.host_token).await;
    assert_eq!(api.len(), 1, "the host reads the line to everyone alone: {api:?}");
    // The host cannot hide what it cannot read.
    let hide = app.post(&format!("{}/2/hide", chat_api(&g)), Some(&g.host_token), json!({})).await;
    assert_eq!(hide.status, StatusCode::NO_CONTENT, "{}", hide.text);
    let hide = app.post(&format!("{}/1/hide", chat_api(&g)), Some(&g.host_token), json!({})).await;
    assert_eq!(
        hide.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a private line is not the host's: {}",
        hide.text
    );
}

#[tokio::test]
async fn a_private_line_is_mailed_as_the_addressees_preference_lets_it() {
    let app = TestApp::spawn_with(crate::harness::Options { dev_mailbox: false, ..Default::default() }).await;
    let g = app.create_colditz(&crate::colditz::NAMES, json!({})).await;
    let none =
        app.put(&format!("/api/games/{}/mail", g.id), Some(&g.tokens[2]), json!({"pref": "none"})).await;
    assert_eq!(none.status, StatusCode::OK, "{}", none.text);
    assert_eq!(say(&app, &g, 1, "to Bill", Some(2)).await.status, StatusCode::OK);
    assert_eq!(say(&app, &g, 2, "to Amy", Some(1)).await.status, StatusCode::OK);
    let transport = feldpost::mail::Transport::DevMailbox;
    feldpost::mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap();
    let to_bill = app.mail_to("bill@example.org", "chat-1").await;
    assert_eq!(to_bill.status.text(), "suppressed", "Bill asked for no mail");
    let to_amy = app.mail_to("amy@example.org", "chat-2").await;
    assert_eq!(to_amy.status.text(), "sent", "Amy is on mail");
    assert!(to_amy.body_text.contains("Bill: to Amy"), "{}", to_amy.body_text);
    // In a game without private talk, a line to one seat is refused, and said why.
    let z = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let refused = say(&app, &z, 0, "psst", Some(1)).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
    assert!(refused.text.contains("for everyone"), "{}", refused.text);
    let to_self = say(&app, &g, 1, "me", Some(1)).await;
    assert_eq!(to_self.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", to_self.text);
}

#[tokio::test]
async fn the_host_hides_a_line_and_it_stays_hidden_on_pages_export_and_mail() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let mover = app.seat_to_act(&g.id).await;
    let other = 1 - mover;
    assert_eq!(say(&app, &g, mover, "RUDEMARK you cheat", None).await.status, StatusCode::OK);
    assert_eq!(say(&app, &g, mover, "KINDMARK good luck", None).await.status, StatusCode::OK);
    let step = lines(&app, &g, &g.tokens[other]).await[0]["step"].as_u64().unwrap();

    // The host's page offers a button for each line; its form hides one.
    let host_page = app.get(&g.host_path, None).await;
    assert!(host_page.text.contains(&format!(r#"action="{}/chat/1/hide""#, g.host_path)));
    let hidden = app.form(&format!("{}/chat/1/hide", g.host_path), &[]).await;
    assert_eq!(hidden.status, StatusCode::SEE_OTHER, "{}", hidden.text);
    // Hiding twice is no error; a seat may not hide.
    let again = app.post(&format!("{}/1/hide", chat_api(&g)), Some(&g.host_token), json!({})).await;
    assert_eq!(again.status, StatusCode::NO_CONTENT, "{}", again.text);
    let seat_hides = app.post(&format!("{}/2/hide", chat_api(&g)), Some(&g.tokens[other]), json!({})).await;
    assert_eq!(seat_hides.status, StatusCode::FORBIDDEN, "{}", seat_hides.text);

    let listed = lines(&app, &g, &g.tokens[other]).await;
    assert_eq!(listed[0]["hidden"], true);
    assert!(listed[0].get("text").is_none(), "no text: {}", listed[0]);
    assert_eq!(listed[1]["text"], "KINDMARK good luck");
    for path in [
        g.seat_path(other),
        g.seat_path(mover),
        format!("{}/history?at={step}", g.seat_path(other)),
        format!("{}/chat", g.seat_path(other)),
        format!("{}/export", g.seat_path(other)),
        g.host_path.clone(),
        format!("{}/export", g.host_path),
    ] {
        let a = app.get(&path, None).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        assert!(!a.text.contains("RUDEMARK"), "{path}: a hidden line's text");
        assert!(a.text.contains("KINDMARK"), "{path}: the line beside it (the control)");
        if !path.ends_with("/export") {
            assert!(a.text.contains("hidden by the host"), "{path}: the line stays, marked");
        }
    }

    // The other seat's next turn mail carries the talk since its last one, not the hidden line.
    while app.seat_to_act(&g.id).await != other {
        app.play_first_legal(&g).await;
    }
    let turn = app.mail_to(["alena@example.org", "bořek@example.org"][other], "turn").await;
    let text = turn.body_text + &turn.body_html.unwrap_or_default();
    assert!(text.contains("Table talk") && text.contains("KINDMARK good luck"), "{text}");
    assert!(!text.contains("RUDEMARK"), "a hidden line is not mailed");
}

#[tokio::test]
async fn a_seat_on_the_daily_digest_gets_the_table_talk_in_it() {
    use feldpost::clock::{DAY_MS, HOUR_MS};
    let app = TestApp::spawn_with(crate::harness::Options { dev_mailbox: false, ..Default::default() }).await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let mover = app.seat_to_act(&g.id).await;
    let other = 1 - mover;
    let digest = app
        .put(&format!("/api/games/{}/mail", g.id), Some(&g.tokens[other]), json!({"pref": "digest"}))
        .await;
    assert_eq!(digest.status, StatusCode::OK, "{}", digest.text);
    assert_eq!(say(&app, &g, mover, "DIGESTMARK see you tomorrow", None).await.status, StatusCode::OK);
    assert_eq!(say(&app, &g, mover, "HIDDENMARK rude", None).await.status, StatusCode::OK);
    let hidden = app.post(&format!("{}/2/hide", chat_api(&g)), Some(&g.host_token), json!({})).await;
    assert_eq!(hidden.status, StatusCode::NO_CONTENT);
    while app.seat_to_act(&g.id).await != other {
        app.play_first_legal(&g).await;
    }
    let transport = feldpost::mail::Transport::DevMailbox;
    feldpost::mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap();
    app.clock.advance(DAY_MS - 9 * HOUR_MS);
    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().digests, 1);
    let to = ["alena@example.org", "bořek@example.org"][other];
    let day =
        app.mails(100).await.into_iter().find(|m| m.recipient == to && m.kind.text().starts_with("digest-"));
    let day = day.expect("a digest");
    assert!(
        day.body_text.contains("Table talk") && day.body_text.contains("DIGESTMARK see you tomorrow"),
        "{}",
        day.body_text
    );
    assert!(!day.body_text.contains("HIDDENMARK"), "a hidden line is not mailed");
}

#[tokio::test]
async fn lines_are_limited_refused_when_too_long_and_need_a_current_link() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    // Too long: refused, and said how long a line may be.
    let long = say(&app, &g, 0, &"x".repeat(501), None).await;
    assert_eq!(long.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", long.text);
    assert!(long.text.contains("500"), "{}", long.text);
    let page = app.form(&format!("{}/chat", g.seat_path(0)), &[("text", &"x".repeat(501))]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html_unescape(&page.text).contains("longer than 500 characters"), "on the page itself");
    assert_eq!(say(&app, &g, 0, "   ", None).await.status, StatusCode::UNPROCESSABLE_ENTITY, "empty");
    assert_eq!(say(&app, &g, 0, &"é".repeat(500), None).await.status, StatusCode::OK, "500 is allowed");

    // The limit: ten at once (the one above included), then one per 15 seconds.
    for i in 1..10 {
        assert_eq!(say(&app, &g, 0, &format!("line {i}"), None).await.status, StatusCode::OK, "line {i}");
    }
    let over = say(&app, &g, 0, "one too many", None).await;
    assert_eq!(over.status, StatusCode::TOO_MANY_REQUESTS, "{}", over.text);
    assert!(over.headers.get("retry-after").is_some());
    assert_eq!(say(&app, &g, 1, "the other seat has its own", None).await.status, StatusCode::OK);
    app.clock.advance(15_000);
    assert_eq!(say(&app, &g, 0, "after a while", None).await.status, StatusCode::OK);
    assert_eq!(lines(&app, &g, &g.tokens[1]).await.len(), 12, "the refused one was not written");

    // A wrong token, another game's token and a replaced seat's old token are refused.
    let wrong = app.post(&chat_api(&g), Some("not-a-token"), json!({"text": "hi"})).await;
    assert!(
        wrong.status == StatusCode::NOT_FOUND || wrong.status == StatusCode::UNAUTHORIZED,
        "{}",
        wrong.status
    );
    let other_game = app.create_zajatce(&["Cyril", "Dana"], json!({})).await;
    let elsewhere = app.post(&chat_api(&g), Some(&other_game.tokens[0]), json!({"text": "hi"})).await;
    assert!(
        elsewhere.status == StatusCode::FORBIDDEN || elsewhere.status == StatusCode::NOT_FOUND,
        "{}",
        elsewhere.text
    );
    let replaced = app
        .form(&format!("{}/seats/1/replace", g.host_path), &[("name", "Eva"), ("email", "eva@example.org")])
        .await;
    assert_eq!(replaced.status, StatusCode::SEE_OTHER, "{}", replaced.text);
    let stale = app.post(&chat_api(&g), Some(&g.tokens[1]), json!({"text": "still me?"})).await;
    assert_eq!(stale.status, StatusCode::NOT_FOUND, "{}", stale.text);
    let stale_page = app.form(&format!("{}/chat", g.seat_path(1)), &[("text", "still me?")]).await;
    assert_eq!(stale_page.status, StatusCode::NOT_FOUND);
    assert_eq!(lines(&app, &g, &g.tokens[0]).await.len(), 12, "nothing written by them");
}

// ---------------------------------------------------------------------------------------------
// Live pages

struct Stream {
    body: Body,
    buffer: String,
}

async fn open(app: &TestApp, uri: &str) -> Stream {
    let request = Request::builder().uri(uri).body(Body::empty()).unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    Stream { body: response.into_body(), buffer: String::new() }
}

const SOON: Duration = Duration::from_secs(10);
const QUIET: Duration = Duration::from_millis(300);

impl Stream {
    /// The next "talk" event's data, or None when none comes within `wait`.
    async fn next_talk(&mut self, wait: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                if event.lines().any(|l| l == "event: talk") {
                    let data = event.lines().find_map(|l| l.strip_prefix("data: ")).expect("data");
                    let data: Value = serde_json::from_str(data).expect("JSON data");
                    let keys: Vec<&String> = data.as_object().unwrap().keys().collect();
                    assert_eq!(keys, ["lines", "seq"], "nothing of the talk itself: {event}");
                    return Some(data);
                }
            }
            let frame = tokio::time::timeout_at(deadline, self.body.frame()).await.ok()??.ok()?;
            if let Ok(bytes) = frame.into_data() {
                self.buffer.push_str(&String::from_utf8_lossy(&bytes));
            }
        }
    }
}

/// A private line's seat is an integer as JSON writes it, `2` or `2.0`; a number that is no
/// seat's is refused and writes nothing.
#[tokio::test]
async fn a_seat_number_written_as_2_0_is_a_seat_and_a_fraction_or_300_is_refused() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&crate::colditz::NAMES, json!({})).await;
    for to in [json!(2.5), json!(300), json!(-1)] {
        let refused = app.post(&chat_api(&g), Some(&g.tokens[1]), json!({"text": "nope", "to": to})).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{to}: {}", refused.text);
    }
    let taken = app.post(&chat_api(&g), Some(&g.tokens[1]), json!({"text": "a pass?", "to": 2.0})).await;
    assert_eq!(taken.status, StatusCode::OK, "{}", taken.text);
    assert_eq!(taken.json["to"], 2);
    let addressee = lines(&app, &g, &g.tokens[2]).await;
    assert_eq!(addressee.len(), 1, "only the line taken: {addressee:?}");
    assert_eq!(addressee[0]["text"], "a pass?");
}

/// The lines of `held` (what `feldpost data` and the `/privacy` link give) as
/// (game, from, to, text).
/// A line of talk as held: its game, from, to and text.
type HeldLine = (String, Option<i64>, Option<i64>, Option<String>);

fn held_talk(held: &feldpost::store::HeldAbout) -> Vec<HeldLine> {
    held.talk.iter().map(|l| (l.game_id.clone(), l.from_seat, l.to_seat, l.text.clone())).collect()
}

#[tokio::test]
async fn data_gives_an_address_its_own_lines_and_forgetting_withdraws_their_text() {
    let app = TestApp::spawn().await;
    // Seats: 0 the German (Gerhard), 1 Amy, 2 Bill; the host is host@example.org.
    let g = app.create_colditz(&crate::colditz::NAMES, json!({})).await;
    let id = g.id.to_string();
    for (seat, text, to) in [
        (1, "AMYPUBLIC hello all", None),
        (1, "AMYPRIVATE to Bill alone", Some(2)),
        (2, "BILLPRIVATE to Amy alone", Some(1)),
        (0, "GERHARDPRIVATE to Bill alone", Some(2)),
        (2, "BILLPUBLIC evening", None),
    ] {
        assert_eq!(say(&app, &g, seat, text, to).await.status, StatusCode::OK);
    }
    let host = app.post(&chat_api(&g), Some(&g.host_token), json!({"text": "HOSTLINE welcome"})).await;
    assert_eq!(host.status, StatusCode::OK, "{}", host.text);

    // Amy's data: the two lines she wrote, with game, time and addressee; nothing written to
    // her or by others, private or not.
    let amy = feldpost::play::people::held_about(&app.log, "Amy@Example.org").await.unwrap();
    assert_eq!(
        held_talk(&amy),
        [
            (id.clone(), Some(1), None, Some("AMYPUBLIC hello all".to_owned())),
            (id.clone(), Some(1), Some(2), Some("AMYPRIVATE to Bill alone".to_owned())),
        ]
    );
    assert!(amy.talk.iter().all(|l| l.at > 0 && !l.hidden && l.cleared.is_none()));
    // (The mail that told her of Bill's line to her is hers, and in her data, as any mail to her.)
    let json = serde_json::to_string(&amy.talk).unwrap();
    for other in ["BILLPRIVATE", "GERHARDPRIVATE", "BILLPUBLIC", "HOSTLINE"] {
        assert!(!json.contains(other), "{other} is not Amy's: {json}");
    }
    let all = serde_json::to_string(&amy).unwrap();
    assert!(!all.contains("GERHARDPRIVATE"), "another's private line to another: {all}");
    // The host's: the line written as host alone.
    let hosts = feldpost::play::people::held_about(&app.log, "host@example.org").await.unwrap();
    assert_eq!(held_talk(&hosts), [(id.clone(), None, None, Some("HOSTLINE welcome".to_owned()))]);

    // Forgetting Amy withdraws the text of her lines, in the database too; the lines stay.
    let forgotten = feldpost::play::people::forget(&app.log, "amy@example.org", false).await.unwrap();
    assert_eq!((forgotten.seats, forgotten.talk_lines), (1, 2));
    let stored = app.log.store.chat_lines(&g.id, 1, None, None).await.unwrap();
    let amys: Vec<_> = stored.iter().filter(|r| r.from_seat == Some(1)).collect();
    assert_eq!(amys.len(), 2);
    assert!(
        amys.iter().all(|r| r.body.is_empty() && r.cleared == Some(feldpost::store::ChatCleared::Withdrawn)),
        "{amys:?}"
    );
    assert!(stored.iter().any(|r| r.body == "BILLPRIVATE to Amy alone"), "the lines to her stay");

    // Bill's API and pages: Amy's two lines in their places, withdrawn; his own and the host's
    // as they were.
    let bills = lines(&app, &g, &g.tokens[2]).await;
    assert_eq!(bills.len(), 6, "{bills:?}");
    for l in &bills[..2] {
        assert_eq!((l["from"].as_u64(), &l["cleared"]), (Some(1), &json!("withdrawn")), "{l}");
        assert!(l.get("text").is_none(), "{l}");
    }
    assert_eq!(bills[2]["text"], "BILLPRIVATE to Amy alone");
    assert_eq!(bills[5]["text"], "HOSTLINE welcome");
    for path in [g.seat_path(2), format!("{}/chat", g.seat_path(2)), format!("{}/export", g.seat_path(2))] {
        let text = read(&app, path.clone()).await;
        assert!(!text.contains("AMYPUBLIC") && !text.contains("AMYPRIVATE"), "{path}: a withdrawn text");
        assert!(text.contains("BILLPUBLIC"), "{path}: the line beside it (the control)");
        if !path.ends_with("/export") {
            assert!(talk_section(&text).contains("withdrawn"), "{path}: the line stays, marked");
        }
    }
    // In Czech and Russian too.
    for (lang, words) in [("cs", "text smazán"), ("ru", "текст удалён")] {
        let page = app.page(&format!("{}/chat", g.seat_path(2)), lang).await;
        assert!(talk_section(&page.text).contains(words), "{lang}: {}", talk_section(&page.text));
    }

    // Forgetting the host withdraws the host's line; nothing is left of Amy's to give.
    let forgotten = feldpost::play::people::forget(&app.log, "host@example.org", false).await.unwrap();
    assert_eq!(forgotten.talk_lines, 1);
    let hosts_api = lines(&app, &g, &g.host_token).await;
    assert_eq!(hosts_api.last().unwrap()["cleared"], "withdrawn", "{hosts_api:?}");
    let amy = feldpost::play::people::held_about(&app.log, "amy@example.org").await.unwrap();
    assert!(amy.talk.is_empty() && amy.is_empty(), "{amy:?}");
}

#[tokio::test]
async fn the_database_lets_a_lines_text_be_cleared_once_and_nothing_else() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    assert_eq!(say(&app, &g, 0, "first", None).await.status, StatusCode::OK);
    assert_eq!(say(&app, &g, 1, "second", None).await.status, StatusCode::OK);
    let id = g.id.to_string();
    for sql in [
        format!("UPDATE chat_lines SET body = 'forged' WHERE game_id = '{id}'"),
        format!(
            "UPDATE chat_lines SET body = '', cleared = 'withdrawn', from_seat = 1 WHERE game_id = '{id}' AND n = 1"
        ),
        format!("UPDATE chat_lines SET body = 'x', cleared = 'withdrawn' WHERE game_id = '{id}' AND n = 1"),
        format!("UPDATE chat_lines SET body = '' WHERE game_id = '{id}' AND n = 1"),
        format!("DELETE FROM chat_lines WHERE game_id = '{id}'"),
    ] {
        let err = app.log.store.execute_raw(&sql).await.expect_err(&sql);
        assert!(err.to_string().contains("append-only"), "{sql}: {err}");
    }
    let clear =
        format!("UPDATE chat_lines SET body = '', cleared = 'withdrawn' WHERE game_id = '{id}' AND n = 1");
    assert_eq!(app.log.store.execute_raw(&clear).await.unwrap(), 1, "the one change let through");
    let again =
        format!("UPDATE chat_lines SET body = '', cleared = 'expired' WHERE game_id = '{id}' AND n = 1");
    let err = app.log.store.execute_raw(&again).await.expect_err("once");
    assert!(err.to_string().contains("append-only"), "{err}");
    let stored = app.log.store.chat_lines(&g.id, 0, None, None).await.unwrap();
    assert_eq!(
        stored.iter().map(|r| (r.body.as_str(), r.cleared)).collect::<Vec<_>>(),
        [("", Some(feldpost::store::ChatCleared::Withdrawn)), ("second", None)]
    );
}

#[tokio::test]
async fn table_talk_is_cleared_the_retention_after_its_game_ended_and_not_before() {
    use feldpost::play::retention;
    const DAY_MS: i64 = 86_400_000;
    let app = TestApp::spawn().await;
    let ended = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let going = app.create_zajatce(&["Cyril", "Dana"], json!({})).await;
    assert_eq!(say(&app, &ended, 0, "ENDEDMARK good game", None).await.status, StatusCode::OK);
    assert_eq!(say(&app, &going, 0, "GOINGMARK still here", None).await.status, StatusCode::OK);
    assert_eq!(retention::sweep_talk(&app.log).await.unwrap(), 0, "no game has ended");
    // Long after, a game that has not ended keeps its talk.
    app.clock.advance(400 * DAY_MS);
    assert_eq!(retention::sweep_talk(&app.log).await.unwrap(), 0, "a game going on keeps its talk");
    // The first game is played to its end.
    let mut step = 0usize;
    loop {
        let loaded = app.log.load(&ended.id).await.unwrap();
        if loaded.finished() {
            break;
        }
        let seat = loaded.table.to_act()[0];
        let actions = loaded.table.legal_actions(seat);
        let action = actions[step % actions.len()].0.clone();
        feldpost::play::act::by_token(&app.log, &ended.token(usize::from(seat)), None, loaded.seq, &action)
            .await
            .unwrap();
        step += 1;
    }
    app.clock.advance(179 * DAY_MS);
    assert_eq!(retention::sweep_talk(&app.log).await.unwrap(), 0, "179 days after its end: kept");
    assert_eq!(lines(&app, &ended, &ended.tokens[1]).await[0]["text"], "ENDEDMARK good game");
    app.clock.advance(2 * DAY_MS);
    assert_eq!(retention::sweep_talk(&app.log).await.unwrap(), 1, "181 days after its end: cleared");
    assert_eq!(retention::sweep_talk(&app.log).await.unwrap(), 0, "a second sweep finds nothing");

    let listed = lines(&app, &ended, &ended.tokens[1]).await;
    assert_eq!(listed[0]["cleared"], "expired", "{listed:?}");
    assert!(listed[0].get("text").is_none(), "{listed:?}");
    let page = read(&app, format!("{}/chat", ended.seat_path(1))).await;
    assert!(!page.contains("ENDEDMARK") && talk_section(&page).contains("no longer kept"), "{page}");
    assert_eq!(lines(&app, &going, &going.tokens[1]).await[0]["text"], "GOINGMARK still here");
}
