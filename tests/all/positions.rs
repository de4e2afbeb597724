//! A game carried over from a real table (docs/positions.md): the host enters the position,
//! every seat agrees to what it sees (one disagrees first and the host corrects it), no move
//! before that, and the game is played to its end from there; `verify` names the step from
//! which the dice are the server's.

use crate::harness::{TestApp, TestGame, players};
use axum::http::StatusCode;
use serde_json::{Value, json};

async fn status(app: &TestApp, g: &TestGame, token: &str) -> Value {
    let a = app.get(&format!("/api/games/{}/position", g.id), Some(token)).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    a.json
}

async fn head(app: &TestApp, g: &TestGame) -> u64 {
    app.log.load(&g.id).await.unwrap().seq
}

async fn enter(app: &TestApp, g: &TestGame, token: &str, position: Value) -> crate::harness::Answer {
    let seq = head(app, g).await;
    app.post(
        &format!("/api/games/{}/position", g.id),
        Some(token),
        json!({"expected_seq": seq, "position": position}),
    )
    .await
}

async fn answer(
    app: &TestApp,
    g: &TestGame,
    seat: usize,
    agrees: bool,
    note: &str,
) -> crate::harness::Answer {
    // Written as some JSON writers write a whole number (`7.0`): taken like `7`, as everywhere.
    let seq = head(app, g).await as f64;
    app.post(
        &format!("/api/games/{}/position/answer", g.id),
        Some(&g.tokens[seat]),
        json!({"expected_seq": seq, "agrees": agrees, "note": note}),
    )
    .await
}

fn stone(seat: u8, number: u8) -> Value {
    json!({"seat": seat, "number": number})
}

/// Red on field 4 (index 3) leads a blue prisoner; blue on 18; green's stone 1 sits in red's
/// camp; green throws next.
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

#[tokio::test]
async fn a_zajatce_game_from_a_real_table_is_entered_agreed_and_played_to_its_end() {
    let app = TestApp::spawn().await;
    let g = app
        .create_game(json!({
            "ruleset": "zajatce", "title": "From the pub", "options": {},
            "players": players(&["Alena", "Bořek", "Cyril"]), "from_position": true,
        }))
        .await;
    let host = g.host_token.clone();
    assert_eq!(status(&app, &g, &host).await["stage"], "entry");
    let turn_mails = |rows: Vec<feldpost::store::OutboxRow>| {
        rows.into_iter().filter(|m| m.kind.text() == "turn").map(|m| m.recipient).collect::<Vec<_>>()
    };
    assert!(turn_mails(app.outbox(g.id.as_str()).await).is_empty(), "nobody is asked to move yet");

    // No move before the position is entered, and none offered: nobody is waited for.
    for seat in 0..3 {
        let view = app.view(&g, seat).await;
        assert_eq!(view["legal_actions"], json!([]), "seat {seat}: {view}");
        assert_eq!(view["to_act"], json!([]), "seat {seat}: {view}");
        assert_eq!(view["your_turn"], false, "seat {seat}: {view}");
    }
    let early = app.act(&g, app.seat_to_act(&g.id).await, json!({"type": "roll"})).await;
    assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", early.text);
    assert!(early.json["message"].as_str().unwrap().contains("not entered the position"), "{}", early.text);

    // Only the host enters it.
    let by_seat = enter(&app, &g, &g.tokens[0], table_position(false)).await;
    assert_eq!(by_seat.status, StatusCode::FORBIDDEN, "{}", by_seat.text);

    // An illegal position is refused with the rule and a reason, and nothing is written.
    let before = app.event_count(g.id.as_str()).await;
    let mut shared = table_position(false);
    shared["stones"][1]["at"]["field"] = json!(3);
    let refused = enter(&app, &g, &host, shared).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
    assert_eq!(refused.json["rule"], "Z19", "{}", refused.text);
    assert!(refused.json["message"].as_str().unwrap().contains("field 4"), "{}", refused.text);
    let malformed = enter(&app, &g, &host, json!({"stones": "everywhere"})).await;
    assert_eq!(malformed.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", malformed.text);
    assert_eq!(app.event_count(g.id.as_str()).await, before, "nothing half-written");

    // The host forgets green's stone in red's camp; Cyril says so.
    let first = enter(&app, &g, &host, table_position(false)).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    let seen = app.view(&g, 2).await;
    assert_eq!(seen["current_seq"], first.json["seq"]);
    let told = serde_json::to_string(&seen).unwrap();
    assert!(told.contains("\"field\":3"), "each seat sees the entered position through its view: {told}");
    assert_eq!(answer(&app, &g, 0, true, "").await.status, StatusCode::OK);
    let no_note = answer(&app, &g, 2, false, "  ").await;
    assert_eq!(no_note.status, StatusCode::UNPROCESSABLE_ENTITY, "a disagreement says why: {}", no_note.text);
    assert_eq!(answer(&app, &g, 2, false, "My stone 1 is in Alena's camp").await.status, StatusCode::OK);
    let asked = status(&app, &g, &host).await;
    assert_eq!(asked["stage"], "answers");
    assert_eq!(asked["answers"][0]["agrees"], true);
    assert!(asked["answers"][1].is_null());
    assert_eq!(asked["answers"][2]["note"], "My stone 1 is in Alena's camp");
    // A disagreement on the API is mailed to the host as one by reply is.
    let host_mail = app.mail_to("host@example.org", "position_answer").await;
    assert!(host_mail.body_text.contains("My stone 1 is in Alena's camp"), "{}", host_mail.body_text);
    let waiting = app.act(&g, 2, json!({"type": "roll"})).await;
    assert_eq!(waiting.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", waiting.text);
    assert!(waiting.json["message"].as_str().unwrap().contains("agree"), "{}", waiting.text);

    // The host corrects it: every seat is asked again, Alena too.
    let corrected = enter(&app, &g, &host, table_position(true)).await;
    assert_eq!(corrected.status, StatusCode::OK, "{}", corrected.text);
    let again = status(&app, &g, &g.tokens[1]).await;
    assert_eq!(again["position"], corrected.json["seq"]);
    assert!(again["answers"].as_array().unwrap().iter().all(Value::is_null), "{again}");
    for seat in 0..3 {
        assert_eq!(answer(&app, &g, seat, true, "").await.status, StatusCode::OK);
    }
    assert_eq!(status(&app, &g, &host).await["stage"], "agreed");
    assert_eq!(
        turn_mails(app.outbox(g.id.as_str()).await),
        vec!["cyril@example.org".to_owned()],
        "the last agreement asks the seat the position names"
    );
    let late = enter(&app, &g, &host, table_position(true)).await;
    assert_eq!(late.status, StatusCode::UNPROCESSABLE_ENTITY, "no change once play begins: {}", late.text);
    assert_eq!(answer(&app, &g, 0, true, "").await.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Green throws first, from the entered position, and is offered its throw; then the
    // game goes on to its end.
    assert_eq!(app.seat_to_act(&g.id).await, 2);
    let green = app.view(&g, 2).await;
    assert_eq!((green["to_act"].clone(), green["your_turn"].clone()), (json!([2]), json!(true)), "{green}");
    assert!(!green["legal_actions"].as_array().unwrap().is_empty(), "{green}");
    let loaded = app.log.load(&g.id).await.unwrap();
    let state = loaded.table.state_json();
    assert_eq!(state["players"][0]["camp"], json!([stone(2, 1)]), "{state}");
    for step in 0..20_000usize {
        let loaded = app.log.load(&g.id).await.unwrap();
        if loaded.finished() {
            break;
        }
        assert!(step < 19_999, "the game must end");
        let seat = loaded.table.to_act()[0];
        let view = feldpost::play::view::view(&app.log, &loaded, Some(seat));
        let offered: Vec<_> =
            view.legal_actions.iter().filter(|a| !loaded.table.concession(&a.action)).collect();
        let action = &offered[step % offered.len()].action;
        feldpost::play::act::by_token(&app.log, &g.token(usize::from(seat)), None, view.current_seq, action)
            .await
            .unwrap();
    }

    // The whole log checks, dice and all, and says where the server's dice begin.
    let row = app.log.store.game(&g.id).await.unwrap().unwrap();
    let export = app.log.full_export(&row).await.unwrap();
    let verified = feldpost::audit::verify(&export).expect("the log verifies");
    assert!(verified.dice_checked);
    assert_eq!(verified.position_at, corrected.json["seq"].as_u64());
}

#[tokio::test]
async fn a_position_is_refused_where_the_game_did_not_begin_from_one() {
    let app = TestApp::spawn().await;
    // Every ruleset takes positions now (Colditz since rule C26): its games begin from one.
    app.create_game(json!({
        "ruleset": "colditz", "options": {}, "host_email": "host@example.org",
        "players": players(&["Gert", "Paul"]), "from_position": true,
    }))
    .await;
    // A game begun the usual way has no position stage and plays at once.
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let host = g.host_token.clone();
    let a = enter(&app, &g, &host, table_position(false)).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    assert_eq!(
        app.get(&format!("/api/games/{}/position", g.id), Some(&host)).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    app.play_first_legal(&g).await;
}

/// The same without script, on the pages: the host's form, each seat's two buttons, a
/// disagreement without a note refused on the page, and play offered once all agree.
#[tokio::test]
async fn the_position_is_entered_and_answered_on_the_pages() {
    let app = TestApp::spawn().await;
    let g = app
        .create_game(json!({
            "ruleset": "zajatce", "options": {}, "players": players(&["Alena", "Bořek"]), "from_position": true,
        }))
        .await;
    let host_page = app.get(&g.host_path, None).await;
    assert!(host_page.text.contains("name=\"stone_1_5\""), "a choice per stone");
    let seat_page = app.get(&g.seat_path(0), None).await;
    assert!(seat_page.text.contains("has yet to enter the position"), "{}", seat_page.text);
    assert!(seat_page.text.contains("Waiting for the position from the table"), "{}", seat_page.text);
    assert!(!seat_page.text.contains("Waiting for:"), "no player is waited for yet");
    assert!(!seat_page.text.contains(&format!("{}/act", g.seat_path(0))), "no move offered yet");

    let seq = head(&app, &g).await.to_string();
    let sent = app
        .form(
            &format!("{}/position", g.host_path),
            &[
                ("expected_seq", seq.as_str()),
                ("stone_0_1", "field:3"),
                ("stone_1_1", "field:17"),
                ("stone_1_2", "with:0:1"),
                ("stone_0_2", "camp:1"),
                ("to_move", "1"),
            ],
        )
        .await;
    assert!(sent.status.is_redirection(), "{} {}", sent.status, sent.text);
    let entered = app.log.load(&g.id).await.unwrap().table.state_json();
    assert_eq!(entered["players"][1]["camp"], json!([stone(0, 2)]), "{entered}");

    let again = app.get(&g.host_path, None).await;
    assert!(again.text.contains("value=\"field:3\" selected"), "a correction starts from what was entered");
    assert!(again.text.contains("value=\"with:0:1\" selected"));
    let seq = head(&app, &g).await.to_string();
    let path = format!("{}/position", g.seat_path(1));
    let bare = app.form(&path, &[("expected_seq", seq.as_str()), ("agrees", "no"), ("note", "")]).await;
    assert_eq!(bare.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bare.text);
    assert_eq!(head(&app, &g).await.to_string(), seq, "nothing written");
    for seat in 0..2 {
        let seq = head(&app, &g).await.to_string();
        let a = app
            .form(
                &format!("{}/position", g.seat_path(seat)),
                &[("expected_seq", seq.as_str()), ("agrees", "yes")],
            )
            .await;
        assert!(a.status.is_redirection(), "{} {}", a.status, a.text);
    }
    let host_page = app.get(&g.host_path, None).await;
    assert!(!host_page.text.contains("name=\"stone_1_5\""), "no form once play has begun");
    let seat_page = app.get(&g.seat_path(1), None).await;
    assert!(seat_page.text.contains(&format!("{}/act", g.seat_path(1))), "Bořek throws first");
    assert!(!seat_page.text.contains("position-answer"), "nothing more to answer");
}

/// Before the host enters the position the pages do not pretend the usual start: the board has
/// nothing on the track (every stone in its reserve, as the host's form has it), greyed under a
/// line that says what it waits for, and the first record's words in the history say that the
/// game waits for the table's position, never who goes first. A game begun the usual way is
/// the positive control. Once the position is entered, the board shows it.
#[tokio::test]
async fn before_its_position_a_game_shows_no_usual_start_on_its_board_or_in_its_history() {
    use feldpost::i18n::{Lang, Tr};
    use feldpost_engine::Msg;
    let app = TestApp::spawn().await;
    let names = ["Alena", "Bořek"];
    let goes_first = |tr: &Tr| {
        let tr = tr.clone().with_names(names.iter().map(|n| n.to_string()).collect());
        crate::harness::unisolated(&tr.msg(&Msg::new("zajatce-event-started").seat("player", 0)))
    };
    // The control: the usual start has stones on the track and says who goes first.
    let usual = app.create_zajatce(&names, json!({})).await;
    let page = app.get(&usual.seat_path(0), None).await;
    assert!(page.text.contains("class=\"unit\""), "stones on their start fields");
    assert!(!page.text.contains("board-waits"));
    let first_words = goes_first(&Tr::new(Lang::En));
    let first_words = first_words.split('.').next().unwrap();
    assert!(crate::harness::unisolated(&page.text).contains(first_words), "{first_words}");

    for lang in [Lang::En, Lang::Cs, Lang::Ru] {
        let tr = Tr::new(lang);
        let g = app
            .create_game(json!({
                "ruleset": "zajatce", "options": {}, "players": players(&names), "from_position": true,
                "lang": lang.code(),
            }))
            .await;
        let history = format!("{}/history?at=1", g.seat_path(0));
        for path in [g.seat_path(0), g.host_path.clone(), history.clone()] {
            let page = app.page(&path, lang.code()).await;
            assert_eq!(page.status, StatusCode::OK, "{path}: {}", page.text);
            let text = crate::harness::html_unescape(&crate::harness::unisolated(&page.text));
            assert!(page.text.contains("class=\"board-waits\""), "{lang:?} {path}: greyed");
            assert!(text.contains(&tr.t("status-position-board-waits")), "{lang:?} {path}: the line");
            assert!(!page.text.contains("class=\"unit\""), "{lang:?} {path}: nothing on the track");
            assert!(page.text.matches("data-stone=").count() >= 10, "{lang:?} {path}: the stones in reserve");
        }
        let seat_page = app.page(&g.seat_path(0), lang.code()).await;
        let text = crate::harness::html_unescape(&crate::harness::unisolated(&seat_page.text));
        assert!(text.contains(&tr.t("history-created-from-position")), "{lang:?}: {text}");
        let first_words = goes_first(&tr);
        let first_words = first_words.split(['.', '。']).next().unwrap();
        assert!(!text.contains(first_words), "{lang:?}: no first player named: {first_words}");

        // The host's form starts where the board is: every stone in its reserve; the box for
        // the backward phase on its label's line.
        let host = app.page(&g.host_path, lang.code()).await.text;
        assert_eq!(host.matches("value=\"reserve\" selected").count(), 10, "{lang:?}");
        assert!(host.contains("<label class=\"check\"><input type=\"checkbox\" name=\"backward_phase\""));

        // Entered, the board shows the position (the step before it still waits).
        let seq = head(&app, &g).await;
        let mut two = table_position(false);
        two["to_move"] = json!(1);
        let a = enter(&app, &g, &g.host_token, two).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        assert!(head(&app, &g).await > seq);
        let page = app.page(&g.seat_path(0), lang.code()).await;
        assert!(!page.text.contains("board-waits"), "{lang:?}");
        assert!(page.text.contains("class=\"unit\""), "{lang:?}: the entered stones");
        assert!(app.page(&history, lang.code()).await.text.contains("class=\"board-waits\""), "{lang:?}");
    }
}
