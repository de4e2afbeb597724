//! What a player types is read by one reader wherever it is typed: the same text in a field of
//! the game page and after a command in a reply to the turn mail gives the same action, or the
//! same refusal. Each case is played in two apps that hold the same game (the same fixed seeds):
//! one acts through the page, the other by reply.

use crate::colditz::NAMES;
use crate::harness::OWN;
use crate::harness::{TestApp, TestGame, players};
use axum::http::StatusCode;
use feldpost::games::Input;
use feldpost::i18n::{Lang, Tr};
use feldpost::mail::inbound::InboundMail;
use feldpost::play::reply::ReplyOutcome;
use feldpost_engine::colditz::board::{BOARD, CircleId};
use serde_json::{Value, json};

/// What came of typed text on one path: the events written, or the words of the refusal.
#[derive(Debug, PartialEq)]
enum Outcome {
    Done(Vec<Value>),
    Refused,
}

/// A Colditz game in English where Amy (seat 1) has thrown and may move her men.
async fn colditz_to_move() -> (TestApp, TestGame) {
    let app = TestApp::spawn().await;
    let g = app
        .create_game(json!({"ruleset": "colditz", "title": "Test", "lang": "en",
            "options": {"dice": "manual"}, "players": players(&NAMES)}))
        .await;
    let v = app.view(&g, 0).await;
    let place =
        v["legal_actions"].as_array().unwrap().iter().find(|a| a["action"]["action"] == "place_guards");
    let placed = app.act(&g, 0, place.unwrap()["action"].clone()).await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.text);
    let thrown = app.act(&g, 1, json!({"action": "throw", "dice": [[2, 3]]})).await;
    assert_eq!(thrown.status, StatusCode::OK, "{}", thrown.text);
    (app, g)
}

/// A move offered to seat 1 (its action, its path input) and a circle its man may step to now,
/// found by asking the rules.
async fn a_step(app: &TestApp, g: &TestGame) -> (Value, Input, CircleId) {
    let loaded = app.log.load(&g.id).await.unwrap();
    let view = loaded.table.view(feldpost_engine::Viewer::Seat(1));
    let taken: Vec<&str> = view["men"].as_array().unwrap().iter().filter_map(|m| m["at"].as_str()).collect();
    for (action, _, inputs) in loaded.table.legal_actions(1) {
        if action["action"] != "move" {
            continue;
        }
        let man = action["man"].as_u64().unwrap() as usize;
        let at: CircleId = view["men"][man]["at"].as_str().unwrap().parse().unwrap();
        for link in BOARD.links(at) {
            if taken.contains(&link.to.to_string().as_str()) {
                continue;
            }
            let mut step = action.clone();
            step["path"] = json!([link.to.to_string()]);
            let mut rng = feldpost_engine::SeededRandom::new(&[0; 32], "dry run", 0, "step");
            if loaded.table.decide(1, &step, &mut rng).is_ok() {
                let path =
                    inputs.iter().find(|i| i.field == "path").expect("a move asks for its path").clone();
                return (action, path, link.to);
            }
        }
    }
    panic!("no man of seat 1 may step anywhere");
}

/// The page: `typed` in the move's path field.
async fn on_the_page(app: &TestApp, g: &TestGame, action: &Value, typed: &str) -> (Outcome, String) {
    let before = app.event_count(&g.id).await;
    let seq = app.view(g, 1).await["current_seq"].as_u64().unwrap().to_string();
    let json = action.to_string();
    let fields = [("expected_seq", seq.as_str()), ("action", &json), ("ids_path", typed)];
    let answer = app.form(&format!("/play/{}/act", g.tokens[1]), &fields).await;
    if answer.status.is_redirection() {
        return (Outcome::Done(last_events(app, g).await), String::new());
    }
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{typed}: {}", answer.text);
    assert_eq!(app.event_count(&g.id).await, before, "{typed}: nothing written");
    (Outcome::Refused, answer.text)
}

/// A reply to Amy's turn mail: `command` as its one line.
async fn by_reply(app: &TestApp, g: &TestGame, command: &str) -> (Outcome, String) {
    // An hour between replies: refusals at one step are answered at most three times an hour
    // (against loops with auto-responders), and this test refuses more than three.
    app.clock.advance(60 * 60_000);
    let before = app.event_count(&g.id).await;
    let loaded = app.log.load(&g.id).await.unwrap();
    let tag = app.log.links().reply_tag(&g.id, 1, loaded.seq);
    let mail = InboundMail {
        message_id: format!("typed-{}-{}@client.test", loaded.seq, command.replace(' ', "_")),
        from: "amy@example.org".into(),
        recipients: vec![format!("feldpost+{tag}@feldpost.test")],
        automatic: None,
        lines: vec![command.to_owned()],
        report: vec![],
    };
    let outcome = feldpost::play::reply::reply(&app.log, &mail, OWN).await.unwrap();
    // The answer quotes the command whole ("Not done: “move 3 99·99”."): not another's answer.
    let quoted = format!("“{command}”");
    let answer = app
        .mails(1000)
        .await
        .into_iter()
        .find(|m| m.recipient == "amy@example.org" && m.body_text.contains(&quoted))
        .expect("the reply is answered")
        .body_text;
    match outcome {
        ReplyOutcome::Done => (Outcome::Done(last_events(app, g).await), answer),
        ReplyOutcome::Refused => {
            assert_eq!(app.event_count(&g.id).await, before, "{command}: nothing written");
            (Outcome::Refused, answer)
        }
        other => panic!("{command}: {other:?}"),
    }
}

async fn last_events(app: &TestApp, g: &TestGame) -> Vec<Value> {
    let records = app.log.store.records(&g.id, 0).await.unwrap();
    records.last().unwrap().record().unwrap().events
}

/// Whether a page holds `words` as written or as HTML escapes them.
fn page_holds(page: &str, words: &str) -> bool {
    let escaped =
        words.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    page.contains(words) || page.contains(&escaped.replace('\'', "&#39;")) || page.contains(&escaped)
}

#[tokio::test]
async fn a_colditz_place_typed_on_the_page_and_in_a_reply_gives_the_same_action_or_refusal() {
    let (page_app, page_game) = colditz_to_move().await;
    let (mail_app, mail_game) = colditz_to_move().await;
    let (action, path, to) = a_step(&page_app, &page_game).await;
    assert_eq!(a_step(&mail_app, &mail_game).await.0, action, "the two apps hold the same game");
    let man = action["man"].as_u64().unwrap();
    let rules = page_app.log.load(&page_game.id).await.unwrap().rules;
    let en = Tr::new(Lang::En);
    let area = |lang: Lang| Tr::new(lang).t(&feldpost::games::colditz::places::area_key(to));
    let (row, col) = (to.row(), to.col());
    let other_area = if area(Lang::En) == "Chapel" { "Courtyard" } else { "Chapel" };

    // Refused alike, in the same words, and nothing written: a place not on the board, a
    // name of another area, a number alone, a name without a reference.
    for typed in [
        "99·99".to_owned(),
        format!("{row}.{col} 99.99"),
        format!("{other_area} {row}·{col}"),
        "17".to_owned(),
        area(Lang::En),
        format!("{row}, {col}"),
    ] {
        let why = feldpost::games::typed::read(&path, &typed, rules).expect_err(&typed);
        let words = en.msg(&why);
        let (page, page_text) = on_the_page(&page_app, &page_game, &action, &typed).await;
        let (mail, mail_text) = by_reply(&mail_app, &mail_game, &format!("move {man} {typed}")).await;
        assert_eq!((&page, &mail), (&Outcome::Refused, &Outcome::Refused), "{typed}");
        assert!(page_holds(&page_text, &words), "{typed}: the page says {words:?}");
        assert!(mail_text.contains(&words), "{typed}: the answer says {words:?}: {mail_text}");
    }

    // Taken alike: the same events, whichever spelling of the place, in whichever language.
    let spellings = [
        format!("{} {row}.{col}", area(Lang::En)),
        format!("{row},{col}"),
        format!("{} {row}/{col}", area(Lang::Cs)),
        format!("{row}-{col}"),
        to.to_string(),
    ];
    let mut first = None;
    for typed in &spellings {
        // A step writes: each spelling is taken in a pair of games of its own.
        let (page_app, page_game) = colditz_to_move().await;
        let (mail_app, mail_game) = colditz_to_move().await;
        let (page, _) = on_the_page(&page_app, &page_game, &action, typed).await;
        let (mail, answer) = by_reply(&mail_app, &mail_game, &format!("move {man} {typed}")).await;
        assert!(matches!(page, Outcome::Done(_)), "{typed}: taken on the page");
        assert_eq!(page, mail, "{typed}: the same action by reply ({answer})");
        // Every spelling names the same circle: the same events each time.
        match &first {
            None => first = Some(page),
            Some(events) => assert_eq!(&page, events, "{typed} is {to}"),
        }
    }
}

/// Na zajatce with dice thrown at a real table: a die the page's field or a reply gives is
/// read the same, and one out of 1–6 is refused in the same words before the rules see it.
#[tokio::test]
async fn a_number_out_of_its_bounds_is_refused_alike_on_the_page_and_in_a_reply() {
    let mut answers = Vec::new();
    for via_page in [true, false] {
        let app = TestApp::spawn().await;
        let g = app
            .create_game(json!({"ruleset": "zajatce", "title": "Test", "lang": "en",
                "options": {"manual_dice": true}, "players": players(&["Alena", "Boris"])}))
            .await;
        let seat = app.seat_to_act(&g.id).await;
        let email = ["alena@example.org", "boris@example.org"][seat];
        let loaded = app.log.load(&g.id).await.unwrap();
        let (roll, _, inputs) = loaded.table.legal_actions(seat as u8).into_iter().next().unwrap();
        let why = feldpost::games::typed::read(&inputs[0], "7", loaded.rules).expect_err("7 is no die");
        assert_eq!(why.key, "input-typed-out-of-range");
        let words = Tr::new(Lang::En).msg(&why);
        let before = app.event_count(&g.id).await;
        let text = if via_page {
            let (seq, json) = (loaded.seq.to_string(), roll.to_string());
            let fields = [("expected_seq", seq.as_str()), ("action", &json), ("input_die", "7")];
            let refused = app.form(&format!("/play/{}/act", g.tokens[seat]), &fields).await;
            assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
            refused.text
        } else {
            let tag = app.log.links().reply_tag(&g.id, seat as u32, loaded.seq);
            let mail = InboundMail {
                message_id: "die-7@client.test".into(),
                from: email.into(),
                recipients: vec![format!("feldpost+{tag}@feldpost.test")],
                automatic: None,
                lines: vec!["throw 7".into()],
                report: vec![],
            };
            assert_eq!(
                feldpost::play::reply::reply(&app.log, &mail, OWN).await.unwrap(),
                ReplyOutcome::Refused
            );
            let answers = app.log.store.outbox_recent(100).await.unwrap();
            // The answer quotes the command whole (the turn mail lists it without the number).
            let answer =
                answers.into_iter().find(|m| m.recipient == email && m.body_text.contains("“throw 7”"));
            answer.expect("the reply is answered").body_text
        };
        assert!(text.contains(&words), "{words:?} in {text}");
        assert_eq!(app.event_count(&g.id).await, before, "nothing written");
        answers.push(words);
    }
    assert_eq!(answers[0], answers[1]);
}
