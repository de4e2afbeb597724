//! The board as a picture in turn mails (src/play/pictures.rs, src/games/picture.rs): drawn at
//! send time from the seat's view, inline in the HTML part by `cid:`, none for a text-only
//! reader, none when the drawing fails (and the mail goes), and nothing in the picture's SVG
//! that the seat may not see; the game-over mail's final statistics, a picture a chart; a
//! reminder's picture through SMTP.

use crate::colditz::holds_id;
use crate::harness::{Options, TestApp, TestGame, players};
use axum::http::StatusCode;
use feldpost::i18n::{Lang, Tr};
use feldpost::mail::{self, MailPicture, SmtpTransport, Transport};
use feldpost::play::pictures;
use feldpost::store::{MailKind, OutboxRow};
use feldpost_engine::{Msg, Viewer};
use resvg::tiny_skia::Pixmap;
use serde_json::{Value, json};

const T0: i64 = 1_764_000_000_000;

async fn send(app: &TestApp, g: &TestGame, seat: usize, action: Value) -> u64 {
    let a = app.act(g, seat, action.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{action}: {}", a.text);
    a.json["seq"].as_u64().unwrap()
}

/// The newest turn mail of the game, links made.
async fn last_turn_mail(app: &TestApp, g: &TestGame) -> OutboxRow {
    app.outbox(g.id.as_ref()).await.into_iter().rev().find(|r| r.kind.text() == "turn").expect("a turn mail")
}

/// The message as it goes out with `picture`, parsed: (whole size, text part, HTML part,
/// image parts as (Content-ID, bytes)).
fn sent(row: &OutboxRow, pictures: &[MailPicture]) -> (usize, String, String, Vec<(String, Vec<u8>)>) {
    let from = "feldpost <feldpost@example.org>".parse().unwrap();
    parts(&mail::build_message_with(row, pictures, &from, T0).unwrap().formatted())
}

/// A message as a client reads it: (whole size, text part, HTML part, image parts as
/// (Content-ID, bytes)).
fn parts(raw: &[u8]) -> (usize, String, String, Vec<(String, Vec<u8>)>) {
    let parsed = mailparse::parse_mail(raw).unwrap();
    assert_eq!(parsed.ctype.mimetype, "multipart/alternative");
    let mut text = String::new();
    let mut html = String::new();
    let mut images = Vec::new();
    fn walk(
        part: &mailparse::ParsedMail,
        text: &mut String,
        html: &mut String,
        images: &mut Vec<(String, Vec<u8>)>,
    ) {
        match part.ctype.mimetype.as_str() {
            "text/plain" => *text = part.get_body().unwrap(),
            "text/html" => *html = part.get_body().unwrap(),
            "image/png" => {
                let id = part
                    .headers
                    .iter()
                    .find(|h| h.get_key().eq_ignore_ascii_case("Content-ID"))
                    .map(|h| h.get_value())
                    .unwrap_or_default();
                let disposition = part.get_content_disposition();
                assert_eq!(disposition.disposition, mailparse::DispositionType::Inline, "an inline image");
                images.push((id, part.get_body_raw().unwrap()));
            }
            _ => {}
        }
        for sub in &part.subparts {
            walk(sub, text, html, images);
        }
    }
    walk(&parsed, &mut text, &mut html, &mut images);
    if !images.is_empty() {
        let related = parsed.subparts.iter().find(|p| p.ctype.mimetype == "multipart/related");
        assert!(related.is_some(), "the HTML and its image are related parts");
    }
    (raw.len(), text, html, images)
}

/// SpamAssassin's `HTML_IMAGE_ONLY_<n>` rules (in Debian's local rules, 2.2 to 2.8 points
/// each) score an HTML part with an image and at most 3,200 characters as a spammer's picture
/// with a line of bait. A mail with the board says enough in words beside it (what is asked, and
/// where the pieces stand), so it is never taken for one.
fn enough_words_beside_the_picture(html: &str, what: &str) {
    let length = html.chars().count();
    assert!(length > 3200, "{what}: an HTML part of {length} characters with a picture: {html}");
}

/// The one picture of a mail that carries the board.
fn one(mut pictures: Vec<MailPicture>) -> Option<MailPicture> {
    assert!(pictures.len() <= 1, "a board mail carries one picture");
    pictures.pop()
}

/// Red's coordinator gives a clue (the first step of a Služba game); returns its seq.
async fn sluzba_clue(app: &TestApp, g: &TestGame) -> u64 {
    let v = app.view(g, 0).await;
    let mut a = v["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].clone())
        .find(|a| a["action"] == "give_clue")
        .expect("red's coordinator may give a clue");
    a["word"] = json!("zzqa");
    a["number"] = json!(1);
    send(app, g, 0, a).await
}

/// A turn mail's picture: a PNG of the size it says, at most 150 KB, inline in a message of at
/// most 300 KB and referenced by its Content-ID from the HTML part, with its words as alt
/// text; the text part says nothing of it.
async fn picture_goes_inline(app: &TestApp, g: &TestGame, game: &str) -> MailPicture {
    let row = last_turn_mail(app, g).await;
    let picture =
        one(pictures::for_mail(&app.log, &row).await).unwrap_or_else(|| panic!("{game}: a picture"));
    let pixmap = Pixmap::decode_png(&picture.png).expect("the PNG decodes");
    assert_eq!((pixmap.width(), pixmap.height()), (picture.width, picture.height), "{game}");
    assert!(picture.width >= 600 && picture.width <= 800, "{game}: {} px wide", picture.width);
    assert!(picture.png.len() <= 150 * 1024, "{game}: {} bytes", picture.png.len());
    assert!(picture.alt.contains("step"), "{game}: {}", picture.alt);
    let (size, text, html, images) = sent(&row, std::slice::from_ref(&picture));
    assert!(size <= 300 * 1024, "{game}: the mail is {size} bytes");
    assert_eq!(images.len(), 1, "{game}");
    let (id, bytes) = &images[0];
    assert_eq!(bytes, &picture.png, "{game}: the image part is the picture");
    let cid = id.trim_matches(|c| c == '<' || c == '>');
    assert!(html.contains(&format!("src=\"cid:{cid}\"")), "{game}: the HTML shows {cid}: {html}");
    assert!(html.contains("alt=\"The board after step"), "{game}: {html}");
    assert!(!html.contains(mail::inline::MARK), "{game}");
    enough_words_beside_the_picture(&html, game);
    // To look at the mail as a client shows it: FELDPOST_DUMP_MAIL_DIR=/some/dir writes its
    // HTML part there with the image as a data: URL (open it in a browser at 390 and 800 px).
    if let Some(dir) = std::env::var_os("FELDPOST_DUMP_MAIL_DIR") {
        use base64::Engine;
        let data =
            format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes));
        let look = html.replace(&format!("cid:{cid}"), &data);
        std::fs::write(std::path::Path::new(&dir).join(format!("{game}.html")), look).unwrap();
    }
    assert!(!text.contains("cid:") && !text.is_empty(), "{game}: the text part keeps its text");
    // Kept: asked again (a retry), the same picture, not drawn anew.
    let kept = app.log.store.mail_picture(&row.game_id, row.seq, row.seat.unwrap(), "board").await.unwrap();
    assert_eq!(kept.and_then(|k| k.png).as_deref(), Some(picture.png.as_slice()), "{game}");
    assert_eq!(pictures::for_mail(&app.log, &row).await, vec![picture.clone()], "{game}");
    picture
}

#[tokio::test]
async fn zajatce_turn_mail_carries_the_whole_board() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    app.play_first_legal(&g).await;
    let picture = picture_goes_inline(&app, &g, "zajatce").await;
    assert_eq!(picture.width, 696, "the whole board at 1.5 px a unit");
    // The board in words too, for whoever sees no picture: each group of stones on the track
    // where the view has it, and each player's reserve.
    let row = last_turn_mail(&app, &g).await;
    let seat = row.seat.unwrap() as usize;
    let view = app.view(&g, seat).await;
    let text = &row.body_text;
    assert!(text.contains("On the board now:"), "{text}");
    let units = view["view"]["units"].as_array().expect("units in the view");
    assert!(!units.is_empty(), "{view}");
    for u in units {
        let (stone, field) = (u["leader"]["number"].as_u64().unwrap(), u["field"].as_u64().unwrap() + 1);
        let said = format!("stone {stone} is on field {field}");
        assert!(text.contains(&said), "{said}: {text}");
    }
    for (name, s) in ["Ana", "Bo"].iter().zip(view["view"]["seats"].as_array().unwrap()) {
        let reserve = s["reserve"].as_array().unwrap().len();
        let said = format!("{name}: {reserve} stones in reserve");
        assert!(text.contains(&said), "{said}: {text}");
    }
}

#[tokio::test]
async fn sluzba_turn_mail_carries_the_cards() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    sluzba_clue(&app, &g).await;
    picture_goes_inline(&app, &g, "sluzba").await;
}

#[tokio::test]
async fn colditz_turn_mail_carries_a_readable_crop() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&crate::colditz::NAMES, json!({"dice": "manual"})).await;
    app.play_first_legal(&g).await;
    let picture = picture_goes_inline(&app, &g, "colditz").await;
    // 180 units of the castle at 4 px a unit: a man's number is about 18 px high.
    assert_eq!(picture.width, 720);
}

/// A seat that chose text only (the JSON API, then the page) gets no picture and no image
/// part; the others still do.
#[tokio::test]
async fn a_text_only_seat_gets_no_picture() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    app.play_first_legal(&g).await;
    let next = last_turn_mail(&app, &g).await.seat.unwrap() as usize;
    let set = app
        .put(
            &format!("/api/games/{}/mail", g.id),
            Some(&g.tokens[next]),
            json!({"pref": "every", "text_only": true}),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text);
    assert_eq!(set.json["text_only"], true, "{}", set.text);
    let row = last_turn_mail(&app, &g).await;
    assert_eq!(row.seat, Some(next as i64));
    assert_eq!(pictures::for_mail(&app.log, &row).await, vec![]);
    let (_, _, html, images) = sent(&row, &[]);
    assert!(images.is_empty());
    assert!(!html.contains("cid:") && !html.contains(mail::inline::MARK), "{html}");
    // Leaving the field out keeps it; the page's form without the box turns it off.
    let kept =
        app.put(&format!("/api/games/{}/mail", g.id), Some(&g.tokens[next]), json!({"pref": "every"})).await;
    assert_eq!(kept.json["text_only"], true, "{}", kept.text);
    let page = app.form(&format!("/play/{}/mail", g.tokens[next]), &[("pref", "every")]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(page.text.contains("name=\"text_only\">"), "the box is unticked: {}", page.text);
    let back = app.get(&format!("/api/games/{}/mail", g.id), Some(&g.tokens[next])).await;
    assert_eq!(back.json["text_only"], false, "{}", back.text);
    // A malformed value is refused with a clear error.
    let bad = app
        .put(
            &format!("/api/games/{}/mail", g.id),
            Some(&g.tokens[next]),
            json!({"pref": "every", "text_only": "yes"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.text);
}

/// A picture that cannot be drawn (here: of a step the game never had) leaves the mail without
/// one, and the mail is delivered all the same.
#[tokio::test]
async fn a_failed_drawing_leaves_the_mail_without_a_picture_and_it_goes() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    app.play_first_legal(&g).await;
    let mut row = last_turn_mail(&app, &g).await;
    row.seq = 999;
    assert_eq!(pictures::for_mail(&app.log, &row).await, vec![]);
    let kept = app.log.store.mail_picture(&row.game_id, 999, row.seat.unwrap(), "board").await.unwrap();
    assert_eq!(kept.map(|k| k.png), Some(None), "the failure is kept: not drawn again at each retry");
    let (_, _, html, images) = sent(&row, &[]);
    assert!(images.is_empty() && !html.contains(mail::inline::MARK));
    // Through the worker's path: every mail due goes.
    let due = app.log.store.outbox_of_game(g.id.as_ref()).await.unwrap().len();
    let delivered = mail::deliver_batch(
        &app.log.store,
        &pictures::WithPictures(&app.log),
        &mail::Transport::DevMailbox,
        &app.clock,
        2,
        mail::CLAIM_BATCH,
    )
    .await
    .unwrap();
    assert_eq!(delivered.delivered, due);
}

/// Služba: a member's picture has no key colour of a card not yet covered; its coordinator's
/// (the control) has all 25.
#[tokio::test]
async fn sluzba_pictures_show_a_member_no_key_colour() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let seq = sluzba_clue(&app, &g).await;
    let loaded = app.log.load(&g.id).await.unwrap();
    let svg = |seat| {
        let (log, loaded) = (&app.log, &loaded);
        async move { pictures::sketch(log, loaded, seq, seat).await.unwrap().expect("a picture").svg }
    };
    let coloured = |svg: &str| svg.matches("class=\"colour c-").count();
    for fill in ["#f6d5d1", "#d3e2f3", "#f3ecd9", "#bfc3c8"] {
        assert!(svg(0).await.contains(fill), "the control: a coordinator sees {fill}");
    }
    assert_eq!(coloured(&svg(0).await), 25, "the control: the coordinator's picture shows the key");
    assert_eq!(coloured(&svg(1).await), 25);
    for member in [2, 3] {
        let s = svg(member).await;
        assert_eq!(coloured(&s), 0, "member {member}: {s}");
        for fill in ["#f6d5d1", "#d3e2f3", "#f3ecd9", "#bfc3c8", "#c0392b\" stroke-width=\"5"] {
            assert!(!s.contains(fill), "member {member} sees a keyed card ({fill})");
        }
    }
}

/// Colditz: no seat's picture names a card of another team's hand (the board draws men only);
/// the control: the card's owner is told of it beside the board.
/// A Colditz game with manual dice: the German posts his guards, then Amy (seat 1) throws 3,
/// which draws her an Opportunity card; returns the game and the throw's step.
async fn amy_draws_a_card(app: &TestApp) -> (TestGame, u64) {
    let g = app.create_colditz(&crate::colditz::NAMES, json!({"dice": "manual"})).await;
    let v = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await;
    let place = v.json["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"]["action"] == "place_guards")
        .expect("the German places his guards")["action"]
        .clone();
    send(app, &g, 0, place).await;
    let throw = send(app, &g, 1, json!({"action": "throw", "dice": [[1, 2]]})).await;
    (g, throw)
}

#[tokio::test]
async fn colditz_pictures_name_no_card_of_a_hand() {
    let app = TestApp::spawn().await;
    let (g, throw) = amy_draws_a_card(&app).await;
    let loaded = app.log.load(&g.id).await.unwrap();
    let all = loaded.table.view(Viewer::Omniscient);
    let hand = all["seats"][1]["hand"].as_array().unwrap();
    assert_eq!(hand.len(), 1, "a 3 draws a card");
    let card = hand[0]["id"].as_str().unwrap().to_owned();
    let key = hand[0]["key"].as_str().unwrap().to_owned();
    let tr = loaded.tr();
    let name = tr.t(&format!("colditz-card-{key}"));
    // The control: Amy is told of her card, by id and by name.
    let own = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[1])).await;
    assert!(holds_id(&own.text, &card), "Amy sees her own {card}");
    let notes = format!("{:?}", loaded.table.notes(Viewer::Seat(1)));
    assert!(notes.contains(&key), "Amy's notes name her {key}: {notes}");
    for seat in 0..loaded.seats.len() as u8 {
        let Some(sketch) = pictures::sketch(&app.log, &loaded, throw, seat).await.unwrap() else { continue };
        assert!(!holds_id(&sketch.svg, &card), "seat {seat}'s picture holds {card}");
        assert!(!sketch.svg.contains(&name), "seat {seat}'s picture names {name}");
        assert!(!sketch.alt.contains(&name) || seat == 1, "seat {seat}'s words name {name}");
    }
}

/// A Colditz mail says in words what its picture (a part of the castle) cannot: where each of
/// the reader's men stands, the cards in the reader's hand, the equipment on the table — from
/// the reader's view only: another seat's mail names none of Amy's cards.
#[tokio::test]
async fn colditz_mail_says_the_readers_men_and_hand_and_no_other() {
    let app = TestApp::spawn().await;
    let (g, _) = amy_draws_a_card(&app).await;
    let loaded = app.log.load(&g.id).await.unwrap();
    let all = loaded.table.view(Viewer::Omniscient);
    let tr = loaded.tr();
    let key = all["seats"][1]["hand"][0]["key"].as_str().unwrap().to_owned();
    let name = tr.t(&format!("colditz-card-{key}"));
    for seat in 0..loaded.seats.len() as u8 {
        let words: Vec<String> = loaded.table.mail_places(seat).iter().map(|m| tr.msg(m)).collect();
        let words = words.join("\n");
        let german = all["german"].as_u64().unwrap() as u8;
        let on_board = |s: u8| {
            all["men"]
                .as_array()
                .unwrap()
                .iter()
                .filter(move |m| m["seat"] == s && m["gone"].is_null())
                .count()
        };
        let (own, guards) = (on_board(seat), on_board(german));
        let lines = |start: &str| words.lines().filter(|l| l.starts_with(start)).count();
        if seat == german {
            assert_eq!((lines("Guard "), lines("Your man")), (guards, 0), "the German: {words}");
        } else {
            // Its own men, and every guard (public); no other prisoner's man.
            assert_eq!((lines("Your man"), lines("Guard ")), (own, guards), "seat {seat}: {words}");
        }
        for m in all["men"].as_array().unwrap().iter().filter(|m| m["seat"] == seat && m["gone"].is_null()) {
            let said = format!(" {}: ", m["id"]);
            assert!(words.contains(&said), "seat {seat}: man {said}: {words}");
        }
        let held = all["seats"][usize::from(seat)]["hand"].as_array().map_or(0, Vec::len);
        let told = words.lines().filter(|l| l.starts_with("In your hand:")).count();
        assert_eq!(told, held, "seat {seat} is told of its own cards only: {words}");
        if seat == 1 {
            // The control: Amy's own card is named, with what it does.
            assert!(words.contains(&format!("In your hand: {name}")), "{words}");
        } else if held == 0 {
            assert!(!words.contains(&name), "seat {seat} is told of Amy's {name}: {words}");
        }
    }
    // And the turn mail holds those words: Amy's, written when the guards were posted (before
    // her throw, and no man of hers has moved since), names each of her men where he stands,
    // and says her hand was empty then.
    let rows = app.outbox(g.id.as_ref()).await;
    let row =
        rows.iter().rev().find(|r| r.kind.text() == "turn" && r.seat == Some(1)).expect("Amy's turn mail");
    let text = row.body_text.split_whitespace().collect::<Vec<_>>().join(" ");
    let amy: Vec<String> = loaded.table.mail_places(1).iter().map(|m| tr.msg(m)).collect();
    let men: Vec<&String> = amy.iter().filter(|l| l.starts_with("Your man")).collect();
    assert!(!men.is_empty(), "{amy:?}");
    for line in men {
        assert!(text.contains(line.as_str()), "Amy's turn mail: {line}: {text}");
    }
    assert!(text.contains("Your hand is empty."), "{text}");
    assert!(!text.contains(&name), "drawn after the mail: {text}");
}

/// The SVG each game's picture is drawn from, at a fixed seed: what the seat's view shows and
/// no more (reviewed by eye once, then held).
#[tokio::test]
async fn picture_sources_match_the_view() {
    let app = TestApp::spawn().await;
    let z = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    app.play_first_legal(&z).await;
    let s = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    sluzba_clue(&app, &s).await;
    let c = app.create_colditz(&crate::colditz::NAMES, json!({"dice": "manual"})).await;
    app.play_first_legal(&c).await;
    for (name, g) in [("zajatce", &z), ("sluzba", &s), ("colditz", &c)] {
        let row = last_turn_mail(&app, g).await;
        let loaded = app.log.load(&g.id).await.unwrap();
        let sketch = pictures::sketch(&app.log, &loaded, row.seq as u64, row.seat.unwrap() as u8)
            .await
            .unwrap()
            .expect("a picture");
        insta::assert_snapshot!(format!("picture_{name}_svg"), sketch.svg);
        insta::assert_snapshot!(format!("picture_{name}_alt"), sketch.alt);
    }
}

/// A step that shows a seat nothing (another team's chat) draws it no picture, rather than the
/// board it already had; the team that wrote it (the control) gets one.
#[tokio::test]
async fn a_seat_that_saw_nothing_new_gets_no_picture() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    sluzba_clue(&app, &g).await;
    let said = send(&app, &g, 2, json!({"action": "chat", "channel": "red_team", "text": "REDONLY"})).await;
    let loaded = app.log.load(&g.id).await.unwrap();
    for blue in [1, 3] {
        assert!(pictures::sketch(&app.log, &loaded, said, blue).await.unwrap().is_none(), "seat {blue}");
    }
    for red in [0, 2] {
        assert!(pictures::sketch(&app.log, &loaded, said, red).await.unwrap().is_some(), "seat {red}");
    }
}

/// A picture is kept a day for its mail's retries, then dropped by the worker's sweep; a mail
/// still waiting after that has the same picture drawn again from the log.
#[tokio::test]
async fn pictures_are_dropped_after_a_day_and_drawn_again_the_same() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    app.play_first_legal(&g).await;
    let row = last_turn_mail(&app, &g).await;
    let first = one(pictures::for_mail(&app.log, &row).await).expect("a picture");
    let kept = || app.log.store.mail_picture(&row.game_id, row.seq, row.seat.unwrap(), "board");
    assert!(kept().await.unwrap().is_some(), "kept for retries");
    assert_eq!(feldpost::play::retention::sweep_pictures(&app.log).await.unwrap(), 0, "not yet a day");
    app.clock.advance(feldpost::clock::DAY_MS + 1);
    assert_eq!(feldpost::play::retention::sweep_pictures(&app.log).await.unwrap(), 1);
    assert!(kept().await.unwrap().is_none(), "dropped after a day");
    assert_eq!(pictures::for_mail(&app.log, &row).await, vec![first], "drawn again, the same");
}

/// The Služba picture's clue line: the clue, then each count set apart, in words that agree
/// with the number in all three languages.
#[tokio::test]
async fn the_clue_line_counts_guesses_in_each_language() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let seq = sluzba_clue(&app, &g).await;
    let loaded = app.log.load(&g.id).await.unwrap();
    let svg = pictures::sketch(&app.log, &loaded, seq, 2).await.unwrap().expect("a picture").svg;
    assert!(svg.contains("“zzqa” 1 · no guess made yet · 2 guesses left"), "{svg}");
    let cases = [
        (Lang::En, 1, 1, "1 guess made", "1 guess left"),
        (Lang::En, 5, 2, "5 guesses made", "2 guesses left"),
        (Lang::Cs, 1, 1, "padl 1 tip", "zbývá 1 tip"),
        (Lang::Cs, 3, 4, "padly 3 tipy", "zbývají 4 tipy"),
        (Lang::Cs, 5, 0, "padlo 5 tipů", "zbývá 0 tipů"),
        (Lang::Ru, 1, 21, "сделана 1 догадка", "осталась 21 догадка"),
        (Lang::Ru, 3, 2, "сделаны 3 догадки", "осталось 2 догадки"),
        (Lang::Ru, 5, 11, "сделано 5 догадок", "осталось 11 догадок"),
    ];
    for (lang, made, left, made_text, left_text) in cases {
        let tr = Tr::new(lang);
        assert_eq!(tr.msg(&Msg::new("sluzba-board-guesses-made").num("made", made)), made_text);
        assert_eq!(tr.msg(&Msg::new("sluzba-board-guesses-left").num("left", left)), left_text);
    }
}

/// The drawings of a seat's statistics page, in order (each chart's `<svg … class="bars">`).
fn page_charts(page: &str) -> Vec<String> {
    page.match_indices("<svg viewBox=")
        .map(|(i, _)| &page[i..])
        .filter(|rest| rest[..rest.find('>').unwrap()].contains("class=\"bars\""))
        .map(|rest| rest[..rest.find("</svg>").unwrap() + "</svg>".len()].to_owned())
        .collect()
}

/// The game-over mail carries the final statistics, a picture a chart, each as the seat's own
/// statistics page draws it: PNGs that decode, inline by `cid:`, within the sizes, with the
/// chart in words as alt text; none for a text-only seat.
#[tokio::test]
async fn the_end_mail_carries_the_final_statistics_as_the_seat_sees_them() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    sluzba_clue(&app, &g).await;
    let set = app
        .put(
            &format!("/api/games/{}/mail", g.id),
            Some(&g.tokens[1]),
            json!({"pref": "every", "text_only": true}),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text);
    let done = app.act(&g, 3, json!({"action": "concede"})).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    let ends: Vec<OutboxRow> =
        app.outbox(g.id.as_ref()).await.into_iter().filter(|r| r.kind == MailKind::End).collect();
    assert_eq!(ends.len(), 4, "one end mail a seat");
    let loaded = app.log.load(&g.id).await.unwrap();
    for row in &ends {
        let seat = row.seat.unwrap() as usize;
        let drawn = pictures::for_mail(&app.log, row).await;
        if seat == 1 {
            assert!(drawn.is_empty(), "a text-only seat gets no pictures");
            let (_, _, html, images) = sent(row, &drawn);
            assert!(images.is_empty() && !html.contains(mail::inline::MARK) && !html.contains("cid:"));
            continue;
        }
        // The page's charts: the dice (none in Služba), the counts, the times, the days.
        let page = app.page(&format!("{}/stats", g.seat_path(seat)), "en").await.text;
        let charts = page_charts(&page);
        assert!(charts.len() >= 5, "seat {seat}: {} charts on the page", charts.len());
        assert_eq!(drawn.len(), charts.len(), "seat {seat}: a picture a chart");
        let sketches = pictures::stats_sketches(&app.log, &loaded, seat as u8).await.unwrap();
        for (sketch, chart) in sketches.iter().zip(&charts) {
            // The picture is drawn from the very drawing the seat's page shows it.
            let inner = chart.strip_prefix("<svg").unwrap();
            assert!(sketch.svg.contains(inner), "seat {seat}: {}\nnot in the page's\n{chart}", sketch.svg);
        }
        let mut total = 0;
        for (p, sketch) in drawn.iter().zip(&sketches) {
            let pixmap = Pixmap::decode_png(&p.png).expect("the PNG decodes");
            assert_eq!((pixmap.width(), pixmap.height()), (p.width, p.height));
            assert!(p.png.len() <= 150 * 1024, "{} bytes", p.png.len());
            assert_eq!(p.alt, sketch.alt);
            total += p.png.len();
        }
        assert!(total <= pictures::MAX_PICTURES_BYTES);
        assert!(drawn.iter().any(|p| p.alt.starts_with("Clues given") && p.alt.contains("Red")), "{drawn:?}");
        let (size, text, html, images) = sent(row, &drawn);
        assert!(size <= 300 * 1024, "the mail is {size} bytes");
        assert_eq!(images.len(), drawn.len());
        for ((id, bytes), p) in images.iter().zip(&drawn) {
            assert_eq!(bytes, &p.png);
            let cid = id.trim_matches(|c| c == '<' || c == '>');
            assert!(html.contains(&format!("src=\"cid:{cid}\"")), "the HTML shows {cid}: {html}");
        }
        assert!(!text.contains("cid:") && !html.contains(mail::inline::MARK));
    }
}

/// The statistics pictures are drawn from the seat's view: before the end a member's charts
/// count no key colour, while its coordinator's (the control) count the cards still covered
/// by colour; after the end the key is everyone's (A2) and the member's end mail has it too.
#[tokio::test]
async fn statistics_pictures_show_a_member_no_key_colour_before_the_end() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    sluzba_clue(&app, &g).await;
    let loaded = app.log.load(&g.id).await.unwrap();
    let keyed = |s: &[pictures::Sketch]| {
        s.iter().any(|s| s.svg.contains("Bystanders") || s.alt.contains("Cards still covered"))
    };
    let coordinator = pictures::stats_sketches(&app.log, &loaded, 0).await.unwrap();
    assert!(keyed(&coordinator), "the control: the coordinator counts the covered cards by colour");
    for member in [2, 3] {
        let s = pictures::stats_sketches(&app.log, &loaded, member).await.unwrap();
        assert!(!keyed(&s), "member {member} is shown the key: {s:?}");
        assert!(!s.iter().any(|s| s.svg.contains("Pursuer")), "member {member}");
    }
    let done = app.act(&g, 3, json!({"action": "concede"})).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    let loaded = app.log.load(&g.id).await.unwrap();
    assert!(keyed(&pictures::stats_sketches(&app.log, &loaded, 2).await.unwrap()), "revealed at the end");
}

/// A reminder goes out with the board: the deadline nears on the test clock, the reminder is
/// written, the mail worker sends it through SMTP, and what the relay took has the PNG inline,
/// shown by its Content-ID from the HTML part.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_carries_the_board_end_to_end() {
    use feldpost::clock::HOUR_MS;
    use feldpost::play::deadlines::Deadline;
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    let deadline = Deadline { hours: Some(72), remind_hours: Some(24), ..Deadline::default() };
    let g = app
        .create_game(json!({"ruleset": "zajatce", "title": "Test", "players": players(&["Ana", "Bo"]),
                            "deadline": deadline}))
        .await;
    app.clock.advance(48 * HOUR_MS);
    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().reminders, 1);
    let reminder =
        app.outbox(g.id.as_ref()).await.into_iter().find(|m| m.kind == MailKind::Reminder).unwrap();
    let (port, relayed) = crate::harness::relay::slow_relay(std::time::Duration::ZERO);
    let smtp =
        SmtpTransport::new(&format!("smtp://127.0.0.1:{port}"), "feldpost <feldpost@example.org>").unwrap();
    let due = app.log.store.outbox_of_game(g.id.as_ref()).await.unwrap().len();
    let sent = mail::deliver_batch(
        &app.log.store,
        &pictures::WithPictures(&app.log),
        &Transport::Smtp(std::sync::Arc::new(smtp)),
        &app.clock,
        2,
        mail::CLAIM_BATCH,
    )
    .await
    .unwrap();
    assert_eq!(sent.delivered, due);
    let messages = relayed.lock().unwrap().clone();
    let id = format!("Message-ID: <{}@example.org>", reminder.id);
    let raw = messages.iter().find(|m| m.contains(&id)).expect("the reminder reached the relay");
    let (size, text, html, images) = parts(raw.as_bytes());
    assert!(text.contains("runs out"), "{text}");
    assert_eq!(images.len(), 1, "the board, inline");
    let (cid, png) = &images[0];
    let cid = cid.trim_matches(|c| c == '<' || c == '>');
    assert!(html.contains(&format!("src=\"cid:{cid}\"")), "{html}");
    assert!(html.contains("alt=\"The board after step"), "{html}");
    assert!(text.contains("On the board now:"), "the board in words too: {text}");
    enough_words_beside_the_picture(&html, "the reminder");
    let pixmap = Pixmap::decode_png(png).expect("the PNG decodes");
    assert!(pixmap.width() >= 600, "{} px", pixmap.width());
    assert!(size <= 300 * 1024);
}

/// The dev mailbox links each mail as it would be sent: the turn mail's message has its board
/// inline, shown by its cid; an id that is no mail is a plain 404, and another machine is not
/// answered.
#[tokio::test]
async fn the_dev_mailbox_gives_a_mail_as_sent_with_its_picture() {
    use crate::harness::Req;
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    app.play_first_legal(&g).await;
    let row = last_turn_mail(&app, &g).await;
    let link = format!("/dev/mailbox/{}.eml", row.id);
    assert!(app.dev_mailbox().await.text.contains(&format!("href=\"{link}\"")), "the mailbox links it");
    let get = |path: String, peer: [u8; 4]| {
        let app = &app;
        async move { app.send(Req::new("GET", &path).peer(peer).header("host", "127.0.0.1:8080")).await }
    };
    let eml = get(link.clone(), [127, 0, 0, 1]).await;
    assert_eq!(eml.status, StatusCode::OK, "{}", eml.text);
    assert_eq!(eml.headers["content-type"], "message/rfc822");
    let (_, text, html, images) = parts(eml.text.as_bytes());
    assert_eq!(images.len(), 1, "the board, inline");
    let cid = images[0].0.trim_matches(|c| c == '<' || c == '>');
    assert!(html.contains(&format!("src=\"cid:{cid}\"")), "{html}");
    assert!(Pixmap::decode_png(&images[0].1).is_ok());
    assert!(!text.is_empty());
    let missing = get("/dev/mailbox/no-such-mail.eml".into(), [127, 0, 0, 1]).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.text.contains("There is no such page"), "{}", missing.text);
    let away = get(link, [192, 0, 2, 1]).await;
    assert_eq!(away.status, StatusCode::NOT_FOUND);
    assert!(!away.text.contains("image/png"));
}
