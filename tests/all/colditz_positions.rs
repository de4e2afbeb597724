//! Escape from Colditz carried over from a real table (docs/positions.md, rule C26): the host
//! enters the open table (on the host page's form, then corrected through the API), each seat
//! enters its hand privately (on its page or through the API), illegal tables and hands are
//! refused with nothing written, every seat agrees, no move before that, the game is played
//! on a few turns and the log verifies. The leak test: a seat's hand (and its undisplayed Kit)
//! never reaches another seat, a spectator or the host: not their pages, API view, events,
//! position status, history, export or mail; the owner's copies are the positive control.

use crate::harness::{TestApp, TestGame, players};
use axum::http::StatusCode;
use feldpost::i18n::{Lang, Tr};
use feldpost_engine::colditz::board::{BOARD, CircleId, Region, grid_ref};
use serde_json::{Value, json};

const NAMES: [&str; 3] = ["Gert", "Paul", "Rosa"];
const GERMAN: usize = 0;

/// What each seat holds at the table: card kinds, and whether its team holds its Kit unseen.
const HANDS: [(&[&str], bool); 3] =
    [(&["shoot-to-kill"], false), (&["staff-car", "talisman"], true), (&["bribe"], false)];

/// A Colditz game of three from a real table: its position still to be entered.
async fn from_table(app: &TestApp, title: &str) -> TestGame {
    app.create_game(json!({
        "ruleset": "colditz", "title": title, "options": {},
        "players": players(&NAMES), "from_position": true,
    }))
    .await
}

async fn head(app: &TestApp, g: &TestGame) -> u64 {
    app.log.load(&g.id).await.unwrap().seq
}

async fn enter(app: &TestApp, g: &TestGame, position: &Value) -> crate::harness::Answer {
    let seq = head(app, g).await;
    app.post(
        &format!("/api/games/{}/position", g.id),
        Some(&g.host_token),
        json!({"expected_seq": seq, "position": position}),
    )
    .await
}

async fn enter_hand(
    app: &TestApp,
    g: &TestGame,
    seat: usize,
    cards: &[&str],
    kit: bool,
) -> crate::harness::Answer {
    let seq = head(app, g).await;
    app.post(
        &format!("/api/games/{}/position/private", g.id),
        Some(&g.tokens[seat]),
        json!({"expected_seq": seq, "part": {"cards": cards, "kit": kit}}),
    )
    .await
}

async fn answer(app: &TestApp, g: &TestGame, seat: usize) -> crate::harness::Answer {
    let seq = head(app, g).await;
    app.post(
        &format!("/api/games/{}/position/answer", g.id),
        Some(&g.tokens[seat]),
        json!({"expected_seq": seq, "agrees": true, "note": ""}),
    )
    .await
}

async fn status(app: &TestApp, g: &TestGame) -> Value {
    app.get(&format!("/api/games/{}/position", g.id), Some(&g.host_token)).await.json
}

fn circles(list: &[CircleId]) -> Vec<String> {
    list.iter().map(CircleId::to_string).collect()
}

/// The table: both teams on their Appel circles but one British man in solitary, two guards
/// posted inside, the rest in the barracks; a Rope for the British, round `round`, the British
/// (seat 1) to move.
fn table(round: u32) -> Value {
    let formation = BOARD.formation(3).unwrap();
    let mut british = formation.teams[0].clone();
    british[0] = BOARD.circles_of(feldpost_engine::colditz::board::CircleKind::Cell).next().unwrap();
    let mut guards: Vec<CircleId> = BOARD.guard_posts(Region::Inner).take(2).collect();
    guards.extend(BOARD.barracks_slots().take(usize::from(formation.guards) - 2));
    json!({
        "teams": [
            {"seat": 1, "men": circles(&british), "equipment": ["rope"]},
            {"seat": 2, "men": circles(&formation.teams[1])},
        ],
        "guards": circles(&guards),
        "round": round,
        "to_move": 1,
    })
}

fn card_text(kind: &str) -> String {
    Tr::new(Lang::En).t(&format!("colditz-card-{kind}-text"))
}

fn card_name(kind: &str) -> String {
    Tr::new(Lang::En).t(&format!("colditz-card-{kind}"))
}

/// Whether `text` holds the card id `id` ("card4" is not in "card41").
fn holds_id(text: &str, id: &str) -> bool {
    text.match_indices(id).any(|(i, _)| !text[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

/// Whether `text` holds `words` as written or as HTML writes them.
fn holds_words(text: &str, words: &str) -> bool {
    let escaped =
        words.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    [words.to_owned(), escaped.replace('\'', "&#39;"), escaped.replace('\'', "&#x27;")]
        .iter()
        .any(|w| text.contains(w.as_str()))
}

/// Everything a seat receives: the API's view, events, export and position status, its page and
/// its history pages, and its mail.
async fn received(app: &TestApp, g: &TestGame, seat: usize) -> Vec<(String, String)> {
    let token = &g.tokens[seat];
    let seq = head(app, g).await;
    let mut out = Vec::new();
    for uri in [
        format!("/api/games/{}", g.id),
        format!("/api/games/{}/events", g.id),
        format!("/api/games/{}/export", g.id),
        format!("/api/games/{}/position", g.id),
        format!("/api/games/{}/state?at={seq}", g.id),
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
        assert_eq!(a.status, StatusCode::OK, "{uri}");
        out.push((uri, a.text));
    }
    let address = format!("{}@example.org", NAMES[seat].to_lowercase());
    for mail in app.mails(1000).await.into_iter().filter(|m| m.game_id == g.id && m.recipient == address) {
        out.push((
            format!("mail {}", mail.subject),
            format!("{}\n{}\n{}", mail.subject, mail.body_text, mail.body_html.unwrap_or_default()),
        ));
    }
    out
}

/// What nobody but the seat itself may receive of its hand: the cards' ids (in JSON), the
/// cards' texts (the page lists a hand's cards with them), the mail's line of the hand, and
/// (for a team that holds its Kit unseen) the Kit card's id.
fn secrets_of(app_view: &Value, seat: usize) -> Vec<String> {
    let mine = &app_view["view"]["seats"][seat];
    let mut secrets: Vec<String> =
        mine["hand"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap().to_owned()).collect();
    let (kinds, kit) = HANDS[seat];
    secrets.extend(kinds.iter().map(|k| card_text(k)));
    let names: Vec<String> = kinds.iter().map(|k| card_name(k)).collect();
    secrets.push(format!("Your hand: {}", names.join(", ")));
    if kit {
        let kit_card =
            mine["equipment"].as_array().unwrap().iter().find(|c| c["key"] == "kit").expect("the Kit");
        secrets.push(kit_card["id"].as_str().unwrap().to_owned());
    }
    secrets
}

fn holds(text: &str, secret: &str) -> bool {
    if secret.starts_with("card") && secret[4..].bytes().all(|b| b.is_ascii_digit()) {
        holds_id(text, secret)
    } else {
        holds_words(text, secret)
    }
}

/// The leak test: every seat's secrets against everything every other seat, a spectator and
/// the host receive; the owner's own copies are the control.
async fn check_leaks(app: &TestApp, g: &TestGame) {
    let mut secrets = Vec::new();
    for seat in 0..3 {
        secrets.push(secrets_of(&app.view(g, seat).await, seat));
    }
    let mut others: Vec<Vec<(String, String)>> = Vec::new();
    for seat in 0..3 {
        others.push(received(app, g, seat).await);
    }
    let watch = app.watch_path(g).await;
    let strangers = vec![
        ("watch page".to_owned(), app.get(&watch, None).await.text),
        ("public API".to_owned(), app.get(&format!("/api/games/{}", g.id), None).await.text),
        ("host page".to_owned(), app.get(&g.host_path, None).await.text),
        ("host's status".to_owned(), status(app, g).await.to_string()),
    ];
    for (owner, owned) in secrets.iter().enumerate() {
        for secret in owned {
            for (seat, got) in others.iter().enumerate() {
                let found = got
                    .iter()
                    .filter(|(_, text)| holds(text, secret))
                    .map(|(w, _)| w.clone())
                    .collect::<Vec<_>>();
                if seat == owner {
                    assert!(
                        !found.is_empty() || secret.starts_with("Your hand"),
                        "control: seat {seat} receives its own {secret:?}"
                    );
                } else {
                    assert!(found.is_empty(), "seat {owner}'s {secret:?} reached seat {seat} in {found:?}");
                }
            }
            for (what, text) in &strangers {
                assert!(!holds(text, secret), "seat {owner}'s {secret:?} reached the {what}");
            }
        }
    }
    // The positive control of the page and the mail: the owner's page lists its hand with the
    // cards' texts, and its mail asking for the check names them.
    let paul = &others[1];
    assert!(holds_words(&paul[5].1, &card_text("talisman")), "Paul's page shows his Talisman");
    assert!(
        paul.iter().any(|(w, t)| w.starts_with("mail") && t.contains("Your hand: Staff Car, Talisman")),
        "Paul's mail names his hand"
    );
}

#[tokio::test]
async fn a_colditz_game_from_a_real_table_keeps_every_hand_to_its_seat_and_plays_on() {
    let app = TestApp::spawn().await;
    let g = from_table(&app, "From the castle club").await;
    let host_page = app.get(&g.host_path, None).await;
    for field in [
        "name=\"man_1_0\"",
        "name=\"man_2_6\"",
        "name=\"guard_11\"",
        "name=\"tunnel_chapel\"",
        "name=\"round\"",
    ] {
        assert!(host_page.text.contains(field), "the host's form has {field}");
    }
    let seat_page = app.get(&g.seat_path(1), None).await;
    assert!(!seat_page.text.contains("name=\"hand_0\""), "no hand before the table");

    // Illegal tables and hands are refused with the rule and a reason; nothing is written.
    let before = app.event_count(g.id.as_str()).await;
    let mut short = table(5);
    short["teams"][0]["men"].as_array_mut().unwrap().pop();
    let mut alone = table(5);
    alone["teams"][0]["men"][1] = json!(BOARD.tunnel_named("chapel").unwrap().1.circles[0].to_string());
    alone["tunnels"] = json!([{"tunnel": "chapel", "seat": 1}]);
    let late = table(41);
    for (bad, says) in [(short, "has 7 men"), (alone, "at least two"), (late, "time limit")] {
        let refused = enter(&app, &g, &bad).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
        assert_eq!(refused.json["rule"], "C26", "{}", refused.text);
        assert!(refused.json["message"].as_str().unwrap().contains(says), "{says}: {}", refused.text);
    }
    let early = enter_hand(&app, &g, 1, &["bribe"], false).await;
    assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY, "no hand before the table: {}", early.text);
    assert_eq!(app.event_count(g.id.as_str()).await, before, "nothing half-written");

    // The host types the table on the host page: round 4 where the table is at round 5.
    let mut fields: Vec<(String, String)> = vec![("expected_seq".into(), head(&app, &g).await.to_string())];
    let typed = table(4);
    for (t, team) in typed["teams"].as_array().unwrap().iter().enumerate() {
        let seat = t + 1;
        for (k, at) in team["men"].as_array().unwrap().iter().enumerate() {
            let at: CircleId = at.as_str().unwrap().parse().unwrap();
            fields.push((format!("man_{seat}_{k}"), grid_ref(at)));
        }
        fields.push((format!("escaped_{seat}"), "0".into()));
        fields.push((format!("dead_{seat}"), "0".into()));
        fields.push((format!("equipment_{seat}_rope"), if seat == 1 { "1" } else { "0" }.into()));
    }
    for (k, at) in typed["guards"].as_array().unwrap().iter().enumerate() {
        fields.push((format!("guard_{k}"), grid_ref(at.as_str().unwrap().parse().unwrap())));
    }
    fields.push(("tunnel_chapel".into(), String::new()));
    fields.push(("round".into(), "4".into()));
    fields.push(("to_move".into(), "1".into()));
    let fields_ref: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let sent = app.form(&format!("{}/position", g.host_path), &fields_ref).await;
    assert!(sent.status.is_redirection(), "{} {}", sent.status, sent.text);
    let paul = app.view(&g, 1).await;
    assert_eq!(paul["view"]["round"], 4, "{paul}");
    assert_eq!(paul["view"]["seats"][1]["equipment"][0]["key"], "rope");
    assert_eq!(paul["view"]["hands_awaited"], json!([0, 1, 2]));
    let again = app.get(&g.host_path, None).await;
    assert!(again.text.contains("name=\"round\" value=\"4\""), "a correction starts from what was entered");
    // A place the board does not have is refused on the page, nothing written.
    let count = app.event_count(g.id.as_str()).await;
    let mut wrong = fields.clone();
    wrong[0].1 = head(&app, &g).await.to_string();
    wrong.push(("guard_0".into(), "99·99".into()));
    let wrong: Vec<(&str, &str)> = wrong.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let refused = app.form(&format!("{}/position", g.host_path), &wrong).await;
    assert!(!refused.status.is_redirection(), "{}", refused.status);
    assert_eq!(app.event_count(g.id.as_str()).await, count, "nothing written");

    // Rosa enters her hand, then the host corrects the round through the API: every hand is
    // asked for again.
    assert_eq!(enter_hand(&app, &g, 2, HANDS[2].0, false).await.status, StatusCode::OK);
    let corrected = enter(&app, &g, &table(5)).await;
    assert_eq!(corrected.status, StatusCode::OK, "{}", corrected.text);
    assert_eq!(app.view(&g, 2).await["view"]["hands_awaited"], json!([0, 1, 2]));
    let mails = app.mails(1000).await;
    assert!(
        !mails
            .iter()
            .any(|m| m.game_id == g.id && m.body_text.contains("Check the position from your table")),
        "nobody is asked to check before every hand is in"
    );
    // Each seat is told, once per table entered, that its hand is its own to enter.
    let told = |name: &str| {
        mails
            .iter()
            .filter(|m| {
                m.game_id == g.id
                    && m.recipient.starts_with(name)
                    && m.body_text.contains("Part of it is yours to enter")
            })
            .count()
    };
    assert_eq!((told("gert"), told("paul"), told("rosa")), (2, 2, 2), "the form's entry and the correction");

    // The hands: Paul's on his page (the form there), Rosa's and the German's through the API;
    // bad hands refused with nothing written.
    let before = app.event_count(g.id.as_str()).await;
    for (seat, cards, kit, says) in [
        (1, &["bribe", "sabotage", "hideaway", "diversion"][..], false, "at most 3"),
        (1, &["appel"][..], false, "not a card of your pack"),
        (GERMAN, &[][..], true, "no Escape Kit"),
        (2, &["joker"][..], false, "no card"),
    ] {
        let refused = enter_hand(&app, &g, seat, cards, kit).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
        assert_eq!(refused.json["rule"], "C26", "{}", refused.text);
        assert!(refused.json["message"].as_str().unwrap().contains(says), "{says}: {}", refused.text);
    }
    assert_eq!(app.event_count(g.id.as_str()).await, before, "nothing half-written");
    let early = answer(&app, &g, 2).await;
    assert_eq!(
        early.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no agreement before every hand: {}",
        early.text
    );
    let page = app.get(&g.seat_path(1), None).await;
    assert!(
        page.text.contains("name=\"hand_0\"") && page.text.contains("name=\"kit\""),
        "Paul is asked for his hand"
    );
    let seq = head(&app, &g).await.to_string();
    let sent = app
        .form(
            &format!("{}/position/private", g.seat_path(1)),
            &[
                ("expected_seq", seq.as_str()),
                ("hand_0", "staff-car"),
                ("hand_1", "talisman"),
                ("hand_2", ""),
                ("kit", "yes"),
            ],
        )
        .await;
    assert!(sent.status.is_redirection(), "{} {}", sent.status, sent.text);
    let page = app.get(&g.seat_path(1), None).await;
    assert!(!page.text.contains("name=\"hand_0\""), "his hand is in");
    // One Bribe is in Paul's hand? No: Rosa's card is still free, and she enters it.
    for seat in [2, GERMAN] {
        let entered = enter_hand(&app, &g, seat, HANDS[seat].0, HANDS[seat].1).await;
        assert_eq!(entered.status, StatusCode::OK, "{}", entered.text);
    }
    let s = status(&app, &g).await;
    assert_eq!((s["stage"].clone(), s["complete"].clone()), (json!("answers"), json!(true)), "{s}");
    let paul = app.view(&g, 1).await;
    assert_eq!(paul["view"]["seats"][1]["hand"].as_array().unwrap().len(), 2, "{paul}");
    assert_eq!(paul["view"]["seats"][2]["hand_size"], 1);

    // No move before every seat agrees.
    let waiting = app.act(&g, 1, json!({"action": "throw"})).await;
    assert_eq!(waiting.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", waiting.text);
    assert!(waiting.json["message"].as_str().unwrap().contains("agree"), "{}", waiting.text);

    // Every seat is asked to check the position now, each with its own hand in the mail.
    let mails = app.mails(1000).await;
    for name in NAMES {
        let asked = mails.iter().filter(|m| {
            m.game_id == g.id
                && m.recipient.starts_with(&name.to_lowercase())
                && m.body_text.contains("Check the position from your table")
        });
        assert_eq!(asked.count(), 1, "{name}");
    }
    check_leaks(&app, &g).await;

    for seat in 0..3 {
        assert_eq!(answer(&app, &g, seat).await.status, StatusCode::OK);
    }
    assert_eq!(status(&app, &g).await["stage"], "agreed");
    assert_eq!(
        enter_hand(&app, &g, 2, &[], false).await.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no hand once agreed"
    );
    assert_eq!(app.seat_to_act(&g.id).await, 1, "the British move first, as the table said");

    // A few turns: each throws and ends the turn (a fourth card discarded first, C18).
    for _ in 0..6 {
        let seat = app.seat_to_act(&g.id).await;
        let thrown = app.act(&g, seat, json!({"action": "throw"})).await;
        assert_eq!(thrown.status, StatusCode::OK, "seat {seat}: {}", thrown.text);
        loop {
            let ended = app.act(&g, seat, json!({"action": "end_turn"})).await;
            if ended.status == StatusCode::OK {
                break;
            }
            let v = app.view(&g, seat).await;
            let discard = v["legal_actions"]
                .as_array()
                .unwrap()
                .iter()
                .find(|a| a["action"]["action"] == "discard")
                .unwrap_or_else(|| panic!("seat {seat} cannot end the turn: {}", ended.text))
                .clone();
            let a = app.act(&g, seat, discard["action"].clone()).await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        }
    }
    let v = app.view(&g, 1).await;
    assert_eq!(v["view"]["round"], 7, "two rounds on from round 5: {}", v["view"]["round"]);
    check_leaks(&app, &g).await;

    // While the game goes on, a seat's export still checks: the others' hands are withheld, not broken.
    let mine = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[2])).await;
    let mine = feldpost::audit::parse(&mine.text).expect("an export");
    assert!(mine.records.iter().any(|r| r.redacted), "the other seats' hands are redacted for Rosa");
    feldpost::audit::verify(&mine).expect("the chain's links check in a seat's export");

    // The German concedes (C25), so the game ends and its seed is revealed; then the whole log
    // checks, the table's shuffles and hands drawn again from the seed.
    let conceded = app.act(&g, GERMAN, json!({"action": "concede"})).await;
    assert_eq!(conceded.status, StatusCode::OK, "{}", conceded.text);
    assert_eq!(app.view(&g, 1).await["finished"], true);
    let row = app.log.store.game(&g.id).await.unwrap().unwrap();
    let export = app.log.full_export(&row).await.unwrap();
    let verified = feldpost::audit::verify(&export).expect("the log verifies");
    assert!(verified.dice_checked);
    assert!(
        verified.position_at > corrected.json["seq"].as_u64(),
        "the last hand is the position's last step"
    );
}

/// The seat pages without script: the German's hand form offers Security cards, an Escape
/// Officer's Opportunity cards and the Kit; after the table is agreed no form is left.
#[tokio::test]
async fn the_colditz_hand_forms_offer_each_seat_its_own_pack() {
    let app = TestApp::spawn().await;
    let g = from_table(&app, "Colditz").await;
    assert_eq!(enter(&app, &g, &table(1)).await.status, StatusCode::OK);
    let german = app.get(&g.seat_path(GERMAN), None).await.text;
    assert!(
        german.contains("value=\"shoot-to-kill\"") && !german.contains("value=\"bribe\""),
        "Security cards"
    );
    assert!(!german.contains("name=\"kit\""), "the German has no Kit");
    let british = app.get(&g.seat_path(1), None).await.text;
    assert!(
        british.contains("value=\"bribe\"") && !british.contains("value=\"shoot-to-kill\""),
        "Opportunity cards"
    );
    let seq = head(&app, &g).await.to_string();
    let refused = app
        .form(
            &format!("{}/position/private", g.seat_path(1)),
            &[("expected_seq", seq.as_str()), ("hand_0", "appel")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
    assert_eq!(head(&app, &g).await.to_string(), seq, "nothing written");
    for seat in 0..3 {
        let seq = head(&app, &g).await.to_string();
        let sent = app
            .form(&format!("{}/position/private", g.seat_path(seat)), &[("expected_seq", seq.as_str())])
            .await;
        assert!(sent.status.is_redirection(), "an empty hand: {} {}", sent.status, sent.text);
    }
    for seat in 0..3 {
        let seq = head(&app, &g).await.to_string();
        let a = app
            .form(
                &format!("{}/position", g.seat_path(seat)),
                &[("expected_seq", seq.as_str()), ("agrees", "yes")],
            )
            .await;
        assert!(a.status.is_redirection(), "{} {}", a.status, a.text);
    }
    assert_eq!(app.seat_to_act(&g.id).await, 1);
    let page = app.get(&g.seat_path(1), None).await.text;
    assert!(!page.contains("name=\"hand_0\""), "no hand form in play");
    assert!(page.contains(&format!("{}/act", g.seat_path(1))), "moves offered once agreed");
}

/// Before the host enters the table, no page pretends the usual start: the castle is drawn
/// with nobody in it, greyed under the waiting line, in every language, and the host's form
/// has every place empty; once entered, the men stand where the table has them.
#[tokio::test]
async fn before_its_table_a_colditz_game_shows_an_empty_castle() {
    let app = TestApp::spawn().await;
    // The control: the usual start has its men on the Appel circles.
    let usual = app.create_colditz(&NAMES, json!({})).await;
    let page = app.get(&usual.seat_path(1), None).await;
    assert!(page.text.matches("class=\"piece\"").count() >= 14, "men on the board");
    assert!(page.text.contains("places the guards"), "the usual start's turn: the German places the guards");
    for lang in [Lang::En, Lang::Cs, Lang::Ru] {
        let tr = Tr::new(lang);
        let g = app
            .create_game(json!({
                "ruleset": "colditz", "options": {}, "players": players(&NAMES), "from_position": true,
                "lang": lang.code(),
            }))
            .await;
        for path in [g.seat_path(1), g.host_path.clone(), format!("{}/history?at=1", g.seat_path(1))] {
            let page = app.page(&path, lang.code()).await;
            assert_eq!(page.status, StatusCode::OK, "{path}: {}", page.text);
            let text = crate::harness::html_unescape(&crate::harness::unisolated(&page.text));
            assert!(page.text.contains("class=\"board-waits\""), "{lang:?} {path}: greyed");
            assert!(text.contains(&tr.t("status-position-board-waits")), "{lang:?} {path}: the line");
            assert_eq!(
                page.text.matches("class=\"piece\"").count(),
                0,
                "{lang:?} {path}: nobody in the castle"
            );
            if lang == Lang::En {
                assert!(!text.contains("places the guards"), "{path}: no turn the table will not have");
            }
        }
        let host = app.page(&g.host_path, lang.code()).await.text;
        assert!(host.contains("name=\"man_1_0\" value=\"\""), "{lang:?}: no place chosen for the table");
        assert!(
            crate::harness::html_unescape(&host).contains(&tr.t("colditz-position-places-help")),
            "{lang:?}: the form says how to type a place"
        );
        assert_eq!(enter(&app, &g, &table(2)).await.status, StatusCode::OK);
        let page = app.page(&g.seat_path(1), lang.code()).await;
        assert!(!page.text.contains("class=\"board-waits\""), "{lang:?}");
        assert_eq!(
            page.text.matches("class=\"piece\"").count(),
            7 + 7 + 12,
            "{lang:?}: every man of the table"
        );
    }
}

/// The product's promise for every game: a position entered from a real table is played to its
/// end. The table is the last round of the time limit, the British one escape short of the
/// formula (their Kit displayed, as an escape needs, C22); every seat enters its hand and
/// agrees; the seats then play the round out through the API, each taking what the game view
/// offers (no concession), until the German's turn ends it (C23). The outcome says who won and
/// why, the page says it in a player's words, and the exported log verifies with the server's
/// dice beginning after the table's last step.
#[tokio::test]
async fn a_colditz_game_from_a_real_table_is_played_to_its_end() {
    let app = TestApp::spawn().await;
    let g = from_table(&app, "The club's last round").await;
    let limit = app.view(&g, 1).await["view"]["rounds_limit"].as_u64().expect("a time limit in rounds");
    let mut last = table(limit as u32);
    // The British: one man gone out of the castle, so six left on the board.
    last["teams"][0]["men"].as_array_mut().unwrap().pop();
    last["teams"][0]["escaped"] = json!(1);
    last["teams"][0]["kit_shown"] = json!(true);
    let entered = enter(&app, &g, &last).await;
    assert_eq!(entered.status, StatusCode::OK, "the last round is a legal table: {}", entered.text);
    for (seat, cards, kit) in
        [(GERMAN, &["shoot-to-kill"][..], false), (1, &[][..], false), (2, &["bribe"][..], true)]
    {
        let a = enter_hand(&app, &g, seat, cards, kit).await;
        assert_eq!(a.status, StatusCode::OK, "seat {seat}: {}", a.text);
    }
    let last_hand = head(&app, &g).await;
    for seat in 0..3 {
        assert_eq!(answer(&app, &g, seat).await.status, StatusCode::OK);
    }
    let paul = app.view(&g, 1).await;
    assert_eq!(paul["view"]["round"], limit, "{paul}");
    assert!(paul["outcome"].is_null(), "not over before the last round is played");

    // The round played out: each seat to act takes what the view offers, ending its turn when
    // it may (a throw first, a fourth card discarded when it must).
    let mut turns = Vec::new();
    for step in 0.. {
        assert!(step < 200, "the last round must end the game");
        let seat = app.seat_to_act(&g.id).await;
        let v = app.view(&g, seat).await;
        if v["finished"] == true {
            break;
        }
        let offered: Vec<&Value> = v["legal_actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| !matches!(a["action"]["action"].as_str(), Some("concede" | "time_up")))
            .collect();
        let pick = ["end_turn", "throw", "discard"]
            .iter()
            .find_map(|want| offered.iter().find(|a| a["action"]["action"] == *want))
            .or(offered.first())
            .unwrap_or_else(|| panic!("seat {seat} is offered nothing: {v}"));
        let action = pick["action"].clone();
        let done = app.act(&g, seat, action.clone()).await;
        assert_eq!(done.status, StatusCode::OK, "seat {seat} {action}: {}", done.text);
        if action["action"] == "end_turn" {
            turns.push(seat);
        }
        if app.log.load(&g.id).await.unwrap().finished() {
            break;
        }
    }
    assert_eq!(turns, vec![1, 2, GERMAN], "both Escape Officers, then the German, end the last round");

    // Who won and why, as the API and each player's page say it.
    let end = app.view(&g, 1).await;
    assert_eq!(end["finished"], true, "{end}");
    assert_eq!(end["outcome"]["winners"], json!([GERMAN]), "{}", end["outcome"]);
    assert_eq!(end["outcome"]["summary"]["key"], "colditz-outcome-german-time", "{}", end["outcome"]);
    assert!(end["legal_actions"].as_array().unwrap().is_empty(), "nothing more to do");
    for seat in 0..3 {
        let page = app.get(&g.seat_path(seat), None).await;
        let text = crate::harness::html_unescape(&crate::harness::unisolated(&page.text));
        assert!(text.contains("The game is over"), "seat {seat}");
        assert!(
            text.contains("The time limit has come: the German Security Officer wins (1 escapes, 0 dead)"),
            "seat {seat} reads who won and why"
        );
    }
    // Every hand is shown once the game is over (C23): Rosa now sees the German's card.
    let rosa = app.get(&g.seat_path(2), None).await;
    assert!(holds_words(&rosa.text, &card_text("shoot-to-kill")), "the German's hand is shown at the end");

    // The whole log checks, dice and all; the server's dice begin after the table's last hand.
    let row = app.log.store.game(&g.id).await.unwrap().unwrap();
    let export = app.log.full_export(&row).await.unwrap();
    let verified = feldpost::audit::verify(&export).expect("the log verifies");
    assert!(verified.dice_checked, "the seed is revealed and the dice re-derived");
    assert_eq!(verified.position_at, Some(last_hand), "the last hand entered is the table's last step");
    // So does a player's own export, taken through the API.
    let mine = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[1])).await;
    let mine = feldpost::audit::parse(&mine.text).expect("an export");
    let checked = feldpost::audit::verify(&mine).expect("Paul's export verifies");
    assert_eq!(checked.position_at, Some(last_hand));
}

/// Two Escape Officers claim the one Tunnel card of the theatre. The second is not refused (a
/// refusal would tell him what the other holds): every officer's hand goes back to the pack,
/// every seat sees the same words naming no seat and no card, the first officer is mailed to
/// enter his hand again, and nothing of either hand reaches anyone else.
#[tokio::test]
async fn hands_that_claim_one_card_twice_go_back_for_everyone_and_tell_nobody_what_another_holds() {
    let app = TestApp::spawn().await;
    let g = from_table(&app, "From the castle club").await;
    let entered = enter(&app, &g, &table(3)).await;
    assert_eq!(entered.status, StatusCode::OK, "{}", entered.text);
    assert_eq!(enter_hand(&app, &g, 0, &["shoot-to-kill"], false).await.status, StatusCode::OK);
    assert_eq!(enter_hand(&app, &g, 1, &["tunnel-theatre", "bribe"], false).await.status, StatusCode::OK);
    let mails_before = app.mails(1000).await.len();
    let second = enter_hand(&app, &g, 2, &["tunnel-theatre"], false).await;
    assert_eq!(second.status, StatusCode::OK, "not refused: {}", second.text);
    assert!(!second.text.contains("elsewhere"), "{}", second.text);

    // Both officers enter again; the German's hand stays in.
    let now = status(&app, &g).await;
    assert_eq!(now["complete"], json!(false), "{now}");
    for seat in [1, 2] {
        let page = app.get(&g.seat_path(seat), None).await.text;
        assert!(page.contains("name=\"hand_0\""), "seat {seat} is asked for its hand again");
    }
    let german_page = app.get(&g.seat_path(0), None).await.text;
    assert!(!german_page.contains("name=\"hand_0\""), "the German's hand is still in");

    // Everyone reads the same words: no seat's hand, no card named.
    let said = Tr::new(Lang::En).t("colditz-event-hands-returned");
    for seat in 0..3 {
        let events = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[seat])).await.text;
        assert!(events.contains("hands_returned"), "seat {seat}: {events}");
        let history = app.get(&format!("/play/{}/history", g.tokens[seat]), None).await.text;
        assert!(holds_words(&history, &said), "seat {seat} reads it");
        if seat != 1 {
            for text in [&events, &history] {
                assert!(!holds_words(text, &card_name("bribe")), "seat {seat} learns Paul's bribe");
            }
        }
    }
    // The first officer is mailed to enter again; the one whose entry sent them back is
    // answered by the API, and the German is not asked.
    let mails = app.mails(1000).await;
    let again = Tr::new(Lang::En).t("mail-position-private-again");
    let new: Vec<_> = mails.iter().filter(|m| m.body_text.contains(&again)).collect();
    assert!(mails.len() > mails_before);
    assert_eq!(new.len(), 1, "{new:#?}");
    assert!(new[0].recipient.starts_with(&NAMES[1].to_lowercase()), "{}", new[0].recipient);
    assert!(!new[0].body_text.contains(&card_name("tunnel-theatre")));

    // Entered again without the clash, the position is whole.
    assert_eq!(enter_hand(&app, &g, 1, &["bribe"], false).await.status, StatusCode::OK);
    assert_eq!(enter_hand(&app, &g, 2, &["tunnel-theatre"], false).await.status, StatusCode::OK);
    assert_eq!(status(&app, &g).await["complete"], json!(true));
}
