//! Služba carried over from a real table (docs/positions.md, rule A5): the host enters the open
//! table, a coordinator enters the key card privately (or the server draws one), every seat
//! agrees, and the game is played to its end and verified. The key card never reaches a member
//! or the host: not their pages, API, history, export or mail (with the coordinator's copies as
//! the positive control).

use crate::harness::{TestApp, TestGame, players};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// The table's key card: 9 red, 8 blue, 7 bystanders, the pursuer on card 7 (index 6).
const KEY: &str = "RBRBBBPNNNRRNBNRRRBRBNBRN";
/// The same with cards 1 and 2 swapped: card 1 was red at the table, this says blue.
const SWAPPED: &str = "BRRBBBPNNNRRNBNRRRBRBNBRN";
/// Blue's cards still open at the table (indices).
const BLUE_OPEN: [u8; 7] = [3, 4, 5, 13, 18, 20, 22];

const WORDS: [&str; 25] = [
    "jablko",
    "hruška",
    "švestka",
    "meruňka",
    "broskev",
    "třešeň",
    "višeň",
    "malina",
    "ostružina",
    "borůvka",
    "jahoda",
    "rybíz",
    "angrešt",
    "citron",
    "pomeranč",
    "banán",
    "ananas",
    "kiwi",
    "mango",
    "fíky",
    "datle",
    "hrozen",
    "meloun",
    "dýně",
    "okurka",
];

const RED_COORDINATOR: usize = 0;
const BLUE_COORDINATOR: usize = 1;
const MEMBERS: [usize; 2] = [2, 3];

async fn head(app: &TestApp, g: &TestGame) -> u64 {
    app.log.load(&g.id).await.unwrap().seq
}

async fn enter(app: &TestApp, g: &TestGame, position: Value) -> crate::harness::Answer {
    let seq = head(app, g).await;
    app.post(
        &format!("/api/games/{}/position", g.id),
        Some(&g.host_token),
        json!({"expected_seq": seq, "position": position}),
    )
    .await
}

async fn enter_key(app: &TestApp, g: &TestGame, seat: usize, key: &str) -> crate::harness::Answer {
    let seq = head(app, g).await;
    app.post(
        &format!("/api/games/{}/position/private", g.id),
        Some(&g.tokens[seat]),
        json!({"expected_seq": seq, "part": {"key": key}}),
    )
    .await
}

async fn answer(app: &TestApp, g: &TestGame, seat: usize, agrees: bool) -> crate::harness::Answer {
    let seq = head(app, g).await;
    app.post(
        &format!("/api/games/{}/position/answer", g.id),
        Some(&g.tokens[seat]),
        json!({"expected_seq": seq, "agrees": agrees, "note": if agrees { "" } else { "wrong" }}),
    )
    .await
}

/// Cards 1 (red), 2 (blue) and 8 (bystander) covered at the table; blue gives the next clue.
fn table(draw_key: bool) -> Value {
    json!({
        "covered": [
            {"card": 0, "colour": "red"},
            {"card": 1, "colour": "blue"},
            {"card": 7, "colour": "bystander"},
        ],
        "to_move": "blue",
        "draw_key": draw_key,
        "words": WORDS,
    })
}

async fn create(app: &TestApp) -> TestGame {
    app.create_game(json!({
        "ruleset": "sluzba", "title": "From the club", "options": {},
        "players": players(&["Rudolf", "Blanka", "Radek", "Bara"]), "from_position": true,
    }))
    .await
}

/// Everything `seat` receives now, by where it came from: the API's view, events and export,
/// its page and its history pages.
async fn received(app: &TestApp, g: &TestGame, seat: usize) -> Vec<(String, String)> {
    let token = &g.tokens[seat];
    let seq = head(app, g).await;
    let mut out = Vec::new();
    for uri in [
        format!("/api/games/{}", g.id),
        format!("/api/games/{}/events", g.id),
        format!("/api/games/{}/export", g.id),
        format!("/api/games/{}/position", g.id),
    ] {
        let a = app.get(&uri, Some(token)).await;
        assert_eq!(a.status, StatusCode::OK, "{uri}: {}", a.text);
        out.push((uri, a.text));
    }
    for uri in [
        format!("/play/{token}"),
        format!("/play/{token}/history?at={seq}"),
        format!("/play/{token}/history?at=1"),
    ] {
        let a = app.get(&uri, None).await;
        out.push((uri, a.text));
    }
    out
}

fn mails_to(mails: &[feldpost::store::OutboxRow], g: &TestGame, name: &str) -> Vec<(String, String)> {
    mails
        .iter()
        .filter(|m| m.game_id == g.id && m.recipient.starts_with(name))
        .map(|m| {
            (
                format!("mail {}", m.subject),
                format!("{}\n{}\n{}", m.subject, m.body_text, m.body_html.clone().unwrap_or_default()),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_sluzba_game_from_a_real_table_hides_the_key_card_from_the_members_and_plays_to_its_end() {
    let app = TestApp::spawn().await;
    let g = create(&app).await;

    // Illegal tables are refused with the rule and a reason; nothing is written.
    let before = app.event_count(g.id.as_str()).await;
    let mut pursuer = table(false);
    pursuer["covered"][2] = json!({"card": 6, "colour": "pursuer"});
    let mut unknown = table(false);
    unknown["covered"][2] = json!({"card": 25, "colour": "bystander"});
    let mut twice = table(false);
    twice["covered"][2] = json!({"card": 0, "colour": "red"});
    for (bad, says) in [(pursuer, "pursuer"), (unknown, "no card 26"), (twice, "twice")] {
        let refused = enter(&app, &g, bad).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
        assert_eq!(refused.json["rule"], "A5", "{}", refused.text);
        assert!(refused.json["message"].as_str().unwrap().contains(says), "{}", refused.text);
    }
    let malformed = enter(&app, &g, json!({"covered": "all", "to_move": "blue"})).await;
    assert_eq!(malformed.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", malformed.text);
    let early_key = enter_key(&app, &g, RED_COORDINATOR, KEY).await;
    assert_eq!(
        early_key.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no key before the table: {}",
        early_key.text
    );
    assert_eq!(app.event_count(g.id.as_str()).await, before, "nothing half-written");

    // The table is entered: every seat sees the covered cards' colours, nobody may agree yet.
    let entered = enter(&app, &g, table(false)).await;
    assert_eq!(entered.status, StatusCode::OK, "{}", entered.text);
    let member = app.view(&g, 2).await;
    assert_eq!(member["view"]["cards"][1], json!({"status": "covered", "word": "hruška", "colour": "blue"}));
    assert_eq!(member["view"]["cards"][2], json!({"status": "uncovered", "word": "švestka"}));
    let early = answer(&app, &g, 2, true).await;
    assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", early.text);
    assert!(early.json["message"].as_str().unwrap().contains("privately"), "{}", early.text);
    let status = app.get(&format!("/api/games/{}/position", g.id), Some(&g.host_token)).await;
    assert_eq!(
        (status.json["stage"].clone(), status.json["complete"].clone()),
        (json!("answers"), json!(false))
    );
    // By mail likewise: nobody is asked to check the position yet; the coordinators are told
    // the key card is theirs to enter on their pages, the members nothing.
    let mails = app.mails(1000).await;
    let said = |name: &str, words: &str| mails_to(&mails, &g, name).iter().any(|(_, t)| t.contains(words));
    for name in ["rudolf", "blanka", "radek", "bara"] {
        assert!(!said(name, "Check the position from your table"), "{name} asked before the key is in");
    }
    for (name, coordinator) in [("rudolf", true), ("blanka", true), ("radek", false), ("bara", false)] {
        assert_eq!(said(name, "Part of it is yours to enter"), coordinator, "{name}");
    }
    let coordinator_page = app.get(&g.seat_path(RED_COORDINATOR), None).await;
    assert!(coordinator_page.text.contains("name=\"key_0\""), "the coordinator is asked for the key card");
    for m in MEMBERS {
        let page = app.get(&g.seat_path(m), None).await;
        assert!(!page.text.contains("name=\"key_0\""), "a member is never asked for it");
    }

    // Only a coordinator enters the key, and only one that matches the table.
    let before = app.event_count(g.id.as_str()).await;
    let by_member = enter_key(&app, &g, 2, KEY).await;
    assert_eq!(by_member.status, StatusCode::FORBIDDEN, "{}", by_member.text);
    let swapped = enter_key(&app, &g, RED_COORDINATOR, SWAPPED).await;
    assert_eq!(swapped.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", swapped.text);
    assert!(swapped.json["message"].as_str().unwrap().contains("card 1"), "{}", swapped.text);
    let invalid = enter_key(&app, &g, RED_COORDINATOR, "RRRR").await;
    assert_eq!(
        (invalid.status, invalid.json["rule"].clone()),
        (StatusCode::UNPROCESSABLE_ENTITY, json!("A5"))
    );
    assert_eq!(app.event_count(g.id.as_str()).await, before, "nothing half-written");
    let keyed = enter_key(&app, &g, RED_COORDINATOR, KEY).await;
    assert_eq!(keyed.status, StatusCode::OK, "{}", keyed.text);
    // Now every seat is mailed the position to check, each as its view shows it: the cards'
    // words in every mail, the key's colours only in the coordinators' (checked below).
    let mails = app.mails(1000).await;
    for name in ["rudolf", "blanka", "radek", "bara"] {
        let asked: Vec<_> = mails_to(&mails, &g, name)
            .into_iter()
            .filter(|(_, t)| t.contains("Check the position from your table"))
            .collect();
        assert_eq!(asked.len(), 1, "{name}");
        assert!(asked[0].1.contains("meruňka"), "{name}: the words of the table: {}", asked[0].1);
    }

    // The leak test: members and the host receive no key; the coordinators do (the control).
    for m in MEMBERS {
        for (what, text) in received(&app, &g, m).await {
            assert!(!text.contains(KEY), "{what}: the key card reached member {m}");
            assert!(!text.contains("\"keyed\""), "{what}: a keyed card in member {m}'s answer");
        }
    }
    // A member's export still checks: the coordinator's entry is withheld, not broken.
    let export = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[2])).await;
    let export = feldpost::audit::parse(&export.text).expect("a member's export is an export");
    assert!(export.records.iter().any(|r| r.redacted), "the key entry is redacted for the member");
    feldpost::audit::verify(&export).expect("the chain's links check in a member's export");
    let host_page = app.get(&g.host_path, None).await;
    assert!(
        !host_page.text.contains(KEY) && !host_page.text.contains("name=\"key_0\""),
        "the host sees no key"
    );
    for c in [RED_COORDINATOR, BLUE_COORDINATOR] {
        let got = received(&app, &g, c).await;
        assert!(got.iter().any(|(_, t)| t.contains(KEY)), "positive control: coordinator {c} holds the key");
        assert!(got[0].1.contains("\"keyed\""), "positive control: coordinator {c}'s view is keyed");
    }
    let page = app.get(&g.seat_path(BLUE_COORDINATOR), None).await;
    assert!(
        !page.text.contains("name=\"key_0\""),
        "the other coordinator checks the key, not types it again"
    );

    // Every seat agrees; play begins with blue's coordinator.
    for seat in 0..4 {
        assert_eq!(answer(&app, &g, seat, true).await.status, StatusCode::OK);
    }
    let status = app.get(&format!("/api/games/{}/position", g.id), Some(&g.host_token)).await;
    assert_eq!(status.json["stage"], "agreed");
    let late = enter_key(&app, &g, RED_COORDINATOR, KEY).await;
    assert_eq!(late.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", late.text);
    assert_eq!(app.seat_to_act(&g.id).await, BLUE_COORDINATOR);

    // Blue finds its seven open cards and wins.
    let clue = app
        .act(&g, BLUE_COORDINATOR, json!({"action": "give_clue", "word": "planeta", "number": "infinity"}))
        .await;
    assert_eq!(clue.status, StatusCode::OK, "{}", clue.text);
    for (i, card) in BLUE_OPEN.into_iter().enumerate() {
        if i + 1 == BLUE_OPEN.len() {
            // Every mail a member has had before the end (the invitation, turn mails, the
            // guesses) holds no key; at the end the key is revealed to all.
            let mails = app.mails(1000).await;
            for name in ["radek", "bara"] {
                let got = mails_to(&mails, &g, name);
                assert!(!got.is_empty(), "{name} has mail");
                for (what, text) in got {
                    assert!(!text.contains(KEY), "{what}: the key card reached {name}");
                }
            }
        }
        let a = app.act(&g, 3, json!({"action": "guess", "card": card})).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    }
    let end = app.view(&g, 3).await;
    assert_eq!(end["view"]["phase"]["winner"], "blue", "{end}");
    assert_eq!(end["view"]["revealed_key"]["key"], KEY, "the table's key is revealed at the end");
    assert_eq!(end["view"]["revealed_key"]["matches_commitment"], true);

    // The whole log checks: the key entry re-derived with its salt from the seed.
    let row = app.log.store.game(&g.id).await.unwrap().unwrap();
    let export = app.log.full_export(&row).await.unwrap();
    let verified = feldpost::audit::verify(&export).expect("the log verifies");
    assert!(verified.dice_checked);
    assert_eq!(verified.position_at, keyed.json["seq"].as_u64());
}

/// The same without script: the host's form with "the table used no key card", the key drawn
/// by the server and shown to the coordinators only; then, on a second game, a coordinator's
/// key form on their page.
#[tokio::test]
async fn the_sluzba_position_and_the_key_card_are_entered_on_the_pages() {
    let app = TestApp::spawn().await;
    let g = create(&app).await;
    let host_page = app.get(&g.host_path, None).await;
    assert!(host_page.text.contains("name=\"card_24\"") && host_page.text.contains("name=\"draw_key\""));
    let words = WORDS.join("\n");
    let seq = head(&app, &g).await.to_string();
    let sent = app
        .form(
            &format!("{}/position", g.host_path),
            &[
                ("expected_seq", seq.as_str()),
                ("words", words.as_str()),
                ("card_0", "red"),
                ("card_1", "blue"),
                ("card_2", "open"),
                ("to_move", "red"),
                ("draw_key", "yes"),
            ],
        )
        .await;
    assert!(sent.status.is_redirection(), "{} {}", sent.status, sent.text);
    let loaded = app.log.load(&g.id).await.unwrap();
    let key = loaded.table.view(feldpost_engine::Viewer::Omniscient)["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| match c["colour"].as_str().unwrap() {
            "red" => 'R',
            "blue" => 'B',
            "bystander" => 'N',
            _ => 'P',
        })
        .collect::<String>();
    assert!(key.starts_with("RB"), "the drawn key agrees with the covered cards: {key}");
    let again = app.get(&g.host_path, None).await;
    assert!(
        again.text.contains("name=\"draw_key\" value=\"yes\" checked"),
        "a correction starts from what was entered"
    );
    assert!(!again.text.contains(&key), "the host never sees the drawn key");
    for m in MEMBERS {
        for (what, text) in received(&app, &g, m).await {
            assert!(!text.contains(&key), "{what}: the drawn key reached member {m}");
            assert!(!text.contains("\"keyed\""), "{what}: a keyed card in member {m}'s answer");
        }
    }
    let coordinator = app.view(&g, RED_COORDINATOR).await;
    assert_eq!(coordinator["view"]["cards"][2]["status"], "keyed", "positive control: {coordinator}");
    let page = app.get(&g.seat_path(RED_COORDINATOR), None).await;
    assert!(!page.text.contains("name=\"key_0\""), "a drawn key is not entered");
    assert!(page.text.contains("It matches my table"), "the coordinator is asked at once");
    for seat in 0..4 {
        let seq = head(&app, &g).await.to_string();
        let a = app
            .form(
                &format!("{}/position", g.seat_path(seat)),
                &[("expected_seq", seq.as_str()), ("agrees", "yes")],
            )
            .await;
        assert!(a.status.is_redirection(), "{} {}", a.status, a.text);
    }
    assert_eq!(app.seat_to_act(&g.id).await, RED_COORDINATOR);

    // A coordinator's key card, typed on their page.
    let g = create(&app).await;
    assert_eq!(enter(&app, &g, table(false)).await.status, StatusCode::OK);
    let page = app.get(&g.seat_path(BLUE_COORDINATOR), None).await;
    assert!(page.text.contains("name=\"key_24\""), "{}", page.text);
    let seq = head(&app, &g).await.to_string();
    let names: Vec<String> = (0..25).map(|i| format!("key_{i}")).collect();
    let colour = |l: char| match l {
        'R' => "red",
        'B' => "blue",
        'N' => "bystander",
        _ => "pursuer",
    };
    let mut fields: Vec<(&str, &str)> = vec![("expected_seq", seq.as_str())];
    fields.extend(SWAPPED.chars().enumerate().map(|(i, l)| (names[i].as_str(), colour(l))));
    let refused = app.form(&format!("{}/position/private", g.seat_path(BLUE_COORDINATOR)), &fields).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
    assert_eq!(head(&app, &g).await.to_string(), seq, "nothing written");
    let mut fields: Vec<(&str, &str)> = vec![("expected_seq", seq.as_str())];
    fields.extend(KEY.chars().enumerate().map(|(i, l)| (names[i].as_str(), colour(l))));
    let sent = app.form(&format!("{}/position/private", g.seat_path(BLUE_COORDINATOR)), &fields).await;
    assert!(sent.status.is_redirection(), "{} {}", sent.status, sent.text);
    let red = app.view(&g, RED_COORDINATOR).await;
    assert_eq!(red["view"]["cards"][6], json!({"status": "keyed", "word": "višeň", "colour": "pursuer"}));
    let member = app.get(&g.seat_path(2), None).await;
    assert!(member.text.contains("It matches my table"), "the members are asked once the key is in");
}

/// A coordinator who never opens a browser enters the key card by replying to the mail that
/// says it is theirs to enter ("key: …", in any language we ship); a member cannot, a wrong key
/// is refused with the rule and nothing written, and no answer repeats the key.
#[tokio::test]
async fn a_coordinator_enters_the_key_card_by_replying_to_the_mail() {
    let app = TestApp::spawn().await;
    let g = create(&app).await;
    let entered = enter(&app, &g, table(false)).await;
    assert_eq!(entered.status, StatusCode::OK, "{}", entered.text);
    let mails = app.mails(1000).await;
    let notice = |name: &str| {
        mails
            .iter()
            .find(|m| m.game_id == g.id && m.recipient.starts_with(name) && m.body_text.contains("“key:”"))
            .unwrap_or_else(|| panic!("{name} is told how to reply with the key: {mails:#?}"))
            .clone()
    };
    let to_rudolf = notice("rudolf");
    assert!(
        mails.iter().filter(|m| m.recipient.starts_with("radek")).all(|m| !m.body_text.contains("“key:”")),
        "a member is told nothing of the key"
    );
    // A reply from `who` to the mail `to` (its reply address), answered by mail: the answer.
    let reply = |who: &'static str, to: feldpost::store::OutboxRow, id: &'static str, body: String| {
        let app = &app;
        async move {
            let address =
                format!("feldpost+{}@feldpost.test", to.reply_to.as_deref().expect("a reply address"));
            let raw = format!(
                "From: {who}@example.org\r\nTo: {address}\r\nSubject: Re: the table\r\nMessage-ID: <{id}@client.test>\r\n\
                 MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n"
            );
            let answers = || async {
                app.mails(1000)
                    .await
                    .into_iter()
                    .filter(|m| {
                        m.recipient.starts_with(who)
                            && matches!(m.kind, feldpost::store::MailKind::ReplyAnswer { .. })
                    })
                    .collect::<Vec<_>>()
            };
            let before: Vec<String> = answers().await.into_iter().map(|m| m.id).collect();
            let inbound = feldpost::mail::inbound::read(raw.as_bytes()).expect("a readable reply");
            let outcome =
                feldpost::play::reply::reply(&app.log, &inbound, crate::harness::OWN).await.unwrap();
            let mut new: Vec<_> = answers().await.into_iter().filter(|m| !before.contains(&m.id)).collect();
            assert_eq!(new.len(), 1, "one answer to the reply");
            let answer = new.pop().unwrap();
            (outcome, answer)
        }
    };
    let before = app.event_count(g.id.as_str()).await;

    // A key that does not match the table: refused with the rule, nothing written, the key not
    // repeated.
    let (outcome, answer) = reply("rudolf", to_rudolf.clone(), "k1", format!("key: {SWAPPED}")).await;
    assert_eq!(outcome, feldpost::play::reply::ReplyOutcome::Refused);
    assert!(answer.body_text.contains("card 1"), "{}", answer.body_text);
    assert!(!answer.body_text.contains(SWAPPED) && !answer.body_text.contains(KEY), "{}", answer.body_text);
    assert_eq!(app.event_count(g.id.as_str()).await, before, "nothing written");
    // Agreeing waits for the key, so the answer offers neither "agree" nor "wrong": it says how
    // to send the key instead.
    assert!(
        !answer.body_text.contains("agree — It matches my table")
            && !answer.body_text.contains("wrong: ‹what is wrong›"),
        "nothing to agree to before the key is in: {}",
        answer.body_text
    );
    assert!(answer.body_text.contains("“key:” followed by its 25 cards"), "{}", answer.body_text);

    // A member's "key" is no coordinator's: refused.
    let to_radek = mails
        .iter()
        .find(|m| m.game_id == g.id && m.recipient.starts_with("radek") && m.reply_to.is_some())
        .cloned()
        .expect("a mail to a member");
    let (outcome, answer) = reply("radek", to_radek, "k2", format!("key: {KEY}")).await;
    assert_eq!(outcome, feldpost::play::reply::ReplyOutcome::Refused);
    assert_eq!(app.event_count(g.id.as_str()).await, before, "nothing written");
    // Nor is a member offered "agree" while the coordinators' key is missing (it would be
    // refused): it is told what the position waits for.
    assert!(!answer.body_text.contains("agree — It matches my table"), "{}", answer.body_text);
    assert!(answer.body_text.contains("The position is not complete yet"), "{}", answer.body_text);

    // The right key, in Czech words, with the Czech table's marks (Č red, M blue) and spaces:
    // taken; every seat is now asked to check
    // the position, and the blue coordinator sees the key on its page.
    let spaced: String = KEY
        .chars()
        .collect::<Vec<_>>()
        .chunks(5)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ");
    let spaced = spaced.replace('R', "č").replace('B', "M");
    let (outcome, answer) = reply("rudolf", to_rudolf, "k3", format!("Klíč: {spaced}")).await;
    assert_eq!(outcome, feldpost::play::reply::ReplyOutcome::Done, "{}", answer.body_text);
    assert!(!answer.body_text.contains(KEY), "{}", answer.body_text);
    // The key made the position whole: the answer says so, not "once it is whole", and asks the
    // coordinator to check it like everyone else.
    assert!(
        answer.body_text.contains("the position is now complete")
            && !answer.body_text.contains("once it is whole"),
        "{}",
        answer.body_text
    );
    assert!(answer.body_text.contains("agree — It matches my table"), "{}", answer.body_text);
    assert!(!answer.body_text.contains("Nothing is asked of you"), "{}", answer.body_text);
    assert!(app.event_count(g.id.as_str()).await > before);
    let status = app.get(&format!("/api/games/{}/position", g.id), Some(&g.host_token)).await;
    assert_eq!(status.json["complete"], json!(true), "{}", status.text);
    // Sent again once it is in: nothing of the seat's is left to enter, and the key is not
    // repeated back.
    let entered = app.event_count(g.id.as_str()).await;
    let to_rudolf =
        mails.iter().find(|m| m.recipient.starts_with("rudolf") && m.reply_to.is_some()).cloned().unwrap();
    let (outcome, answer) = reply("rudolf", to_rudolf, "k4", format!("key: {KEY}")).await;
    assert_eq!(outcome, feldpost::play::reply::ReplyOutcome::Refused);
    assert!(answer.body_text.contains("nothing of yours to enter"), "{}", answer.body_text);
    assert!(!answer.body_text.contains(KEY), "{}", answer.body_text);

    assert_eq!(app.event_count(g.id.as_str()).await, entered);
    // Once Rudolf has agreed, a reply is told what comes next, as this game goes: nobody
    // throws in Služba.
    // (Replying to the last answer: it carries the reply address of the position as it stands.)
    let (outcome, answer) = reply("rudolf", answer, "k5", "agree".into()).await;
    assert_eq!(outcome, feldpost::play::reply::ReplyOutcome::Done, "{}", answer.body_text);
    let (_, answer) = reply("rudolf", answer, "k6", "what now?".into()).await;
    assert!(answer.body_text.contains("whoever plays first then gets a mail"), "{}", answer.body_text);
    assert!(!answer.body_text.contains("throw"), "{}", answer.body_text);
    let blue = app.view(&g, BLUE_COORDINATOR).await;
    assert!(blue.to_string().contains("pursuer"), "the other coordinator sees the key: {blue}");
}
