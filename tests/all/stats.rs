//! The statistics page and its JSON: the dice counted as thrown, the chi-square words, nothing
//! hidden counted for a viewer who may not see it, the page for every viewer in every language.

use crate::harness::{TestApp, TestGame};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// Plays Na zajatce with manual dice until `dice` are all thrown, one minute before each action;
/// a turn that needs a move takes the first one offered.
async fn throw_all(app: &TestApp, g: &TestGame, dice: &[u8]) {
    let mut dice = dice.iter();
    loop {
        let (seat, view) = app.whose_turn(g).await.expect("the game goes on");
        let actions = view["legal_actions"].as_array().unwrap();
        let action = if actions.iter().any(|a| a["action"]["type"] == "roll") {
            match dice.next() {
                Some(d) => json!({"type": "roll", "die": d}),
                None => return,
            }
        } else {
            actions[0]["action"].clone()
        };
        app.clock.advance(60_000);
        let a = app.act(g, seat, action).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    }
}

fn stats(app: &TestApp, g: &TestGame, seat: usize) -> impl std::future::Future<Output = Value> {
    let uri = format!("/api/games/{}/stats", g.id);
    let token = g.tokens[seat].clone();
    async move {
        let a = app.get(&uri, Some(&token)).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        a.json
    }
}

#[tokio::test]
async fn manual_dice_are_counted_as_thrown_and_judged_in_words() {
    let app = TestApp::spawn().await;
    let g = app
        .create_zajatce(&["Alena", "Bořek"], json!({"manual_dice": true, "throw_again_on_six": false}))
        .await;
    // 36 dice, each face six times: as fair as dice get.
    let fair: Vec<u8> = (0..36).map(|i| (i % 6 + 1) as u8).collect();
    throw_all(&app, &g, &fair).await;
    let s = stats(&app, &g, 0).await;
    let dice = &s["dice"][0];
    assert_eq!(dice["thrower"], "manual");
    assert_eq!(dice["faces"], json!([6, 6, 6, 6, 6, 6]));
    assert_eq!(dice["total"], 36);
    assert_eq!(dice["p"], 1.0);
    assert_eq!(dice["fairness"], "fair");
    // Both seats see the same dice (Na zajatce hides nothing).
    assert_eq!(stats(&app, &g, 1).await["dice"], s["dice"]);
    // Each seat's turns took one or two minutes (a throw, and a move where one was offered).
    for seat in s["seats"].as_array().unwrap() {
        assert!(seat["turns"].as_u64().unwrap() >= 10, "{seat}");
        for k in ["median_ms", "longest_ms"] {
            let ms = seat[k].as_i64().unwrap();
            assert!(ms == 60_000 || ms == 90_000 || ms == 120_000, "{k}: {seat}");
        }
    }
    let records: u64 = s["days"].as_array().unwrap().iter().map(|d| d["records"].as_u64().unwrap()).sum();
    assert_eq!(records as usize, app.event_count(&g.id).await, "every record is on the timeline");
    let page = app.page(&format!("{}/stats", g.seat_path(0)), "en").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("As fair as dice get (p = 1.000)."), "{}", page.text);
    assert!(page.text.contains("36 dice thrown."));
    assert!(page.text.contains("Dice thrown at the table and typed in"));

    // 30 dice, all threes: unusual, and said so.
    let h = app
        .create_zajatce(&["Cyril", "Dana"], json!({"manual_dice": true, "throw_again_on_six": false}))
        .await;
    throw_all(&app, &h, &[3; 30]).await;
    let s = stats(&app, &h, 1).await;
    assert_eq!(s["dice"][0]["faces"], json!([0, 0, 30, 0, 0, 0]));
    assert_eq!(s["dice"][0]["fairness"], "unusual");
    let page = app.page(&format!("{}/stats", h.seat_path(1)), "en").await;
    let verdict = page.text.split("<p class=\"verdict unusual\">").nth(1).expect("an unusual verdict");
    assert!(verdict.starts_with("<strong>Unusual, p = &#60; 0.001.</strong>"), "{verdict}");

    // Under 30 dice: too few to say.
    let k = app.create_zajatce(&["Emil", "Franta"], json!({"manual_dice": true})).await;
    throw_all(&app, &k, &[6, 6, 6, 1]).await;
    assert_eq!(stats(&app, &k, 0).await["dice"][0]["fairness"], "too_few");
    let page = app.page(&format!("{}/stats", k.seat_path(0)), "cs").await;
    assert!(page.text.contains("Příliš málo hodů na úsudek"), "{}", page.text);
    assert!(page.text.contains("<td>0,7</td>"), "what fair dice give, with a Czech decimal comma");
}

#[tokio::test]
async fn a_key_colour_is_counted_only_for_who_may_see_it() {
    let app = TestApp::spawn().await;
    // Seats: 0 red coordinator, 1 blue coordinator, 2 red member, 3 blue member.
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let still_hidden =
        |s: &Value| s["tallies"].as_array().unwrap().iter().find(|t| t["what"] == "still_hidden").cloned();
    // The positive control: the coordinator knows the key, and it is counted for him.
    let coordinator = stats(&app, &g, 0).await;
    let counted = still_hidden(&coordinator).expect("the key is counted for a coordinator");
    let counts: Vec<u64> =
        counted["rows"].as_array().unwrap().iter().map(|r| r["count"].as_u64().unwrap()).collect();
    assert_eq!(counts, [9, 8, 7, 1]);
    assert!(still_hidden(&stats(&app, &g, 2).await).is_none(), "a member does not know the key");
    let words = "Cards still covered, by colour of the key";
    let page = |path: String| {
        let app = &app;
        async move {
            let a = app.page(&path, "en").await;
            assert_eq!(a.status, StatusCode::OK, "{path}");
            a.text
        }
    };
    assert!(page(format!("{}/stats", g.seat_path(0))).await.contains(words));
    for path in [
        format!("{}/stats", g.seat_path(2)),
        format!("{}/stats", g.host_path),
        format!("{}/stats", app.watch_path(&g).await),
    ] {
        let text = page(path.clone()).await;
        assert!(!text.contains(words), "{path} counts the key");
        assert!(text.contains("Clues given"), "{path}");
    }
}

#[tokio::test]
async fn the_page_answers_every_viewer_in_every_language_and_refuses_a_wrong_link() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&["Gustav", "Hana", "Ivan"], json!({})).await;
    app.play_first_legal(&g).await;
    let watch = app.watch_path(&g).await;
    for (lang, title) in [("en", "Statistics"), ("cs", "Statistiky"), ("ru", "Статистика")] {
        for path in [g.seat_path(1), g.host_path.clone(), watch.clone()] {
            let a = app.page(&format!("{path}/stats"), lang).await;
            assert_eq!(a.status, StatusCode::OK, "{path} {lang}");
            assert!(
                a.text.contains(&format!("<html lang=\"{lang}\">")) && a.text.contains(title),
                "{path} {lang}"
            );
            assert!(
                a.text.contains("aria-hidden=\"true\"") && a.text.contains("<table class=\"figures\">"),
                "a table beside each chart"
            );
            for id in [
                "stats-dice-",
                "stats-times-",
                "stats-days-",
                "stats-tally-",
                "stats-proof-",
                "stats-duration-",
            ] {
                assert!(!a.text.contains(id), "{path} {lang}: a message id left untranslated");
            }
        }
    }
    // Each page links to it.
    for (path, link) in [
        (g.seat_path(1), format!("{}/stats", g.seat_path(1))),
        (format!("{}/history", g.seat_path(1)), format!("{}/stats", g.seat_path(1))),
        (g.host_path.clone(), format!("{}/stats", g.host_path)),
        (watch.clone(), format!("{watch}/stats")),
    ] {
        assert!(app.page(&path, "en").await.text.contains(&format!("href=\"{link}\"")), "{path}");
    }
    // A wrong link is refused as the pages it hangs from refuse it; a replaced seat's old link too.
    for path in [
        "/play/not-a-token".to_owned(),
        format!("/watch/{}/0123456789abcdef0123456789abcdef", g.id),
        format!("/host/{}/0123456789abcdef0123456789abcdef", g.id),
    ] {
        let page = app.page(&path, "en").await.status;
        let stats = app.page(&format!("{path}/stats"), "en").await.status;
        assert!(page.is_client_error(), "{path}");
        assert_eq!(stats, page, "{path}/stats");
    }
    let replaced = app
        .form(&format!("{}/seats/2/replace", g.host_path), &[("name", "Jan"), ("email", "jan@example.org")])
        .await;
    assert_eq!(replaced.status, StatusCode::SEE_OTHER, "{}", replaced.text);
    assert_eq!(app.page(&format!("{}/stats", g.seat_path(2)), "en").await.status, StatusCode::NOT_FOUND);
    let api = app.get(&format!("/api/games/{}/stats", g.id), Some(&g.tokens[2])).await;
    assert_eq!(api.status, StatusCode::NOT_FOUND, "{}", api.text);
}

#[tokio::test]
async fn after_the_end_the_page_shows_the_servers_check_and_how_to_check_it() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"manual_dice": true, "throw_limit": 1})).await;
    let before = app.page(&format!("{}/stats", g.seat_path(0)), "en").await.text;
    assert!(
        before.contains("its random seed stays secret") && !before.contains("feldpost verify"),
        "{before}"
    );
    let mover = app.seat_to_act(&g.id).await;
    let a = app.act(&g, mover, json!({"type": "roll", "die": 2})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    // The move the throw asks for, if any, and the game is over.
    for _ in 0..3 {
        if app.whose_turn(&g).await.is_none() {
            break;
        }
        app.play_first_legal(&g).await;
    }
    assert!(app.whose_turn(&g).await.is_none(), "one throw ends the game");
    for path in [format!("{}/stats", g.seat_path(1)), format!("{}/stats", g.host_path)] {
        let page = app.page(&path, "en").await.text;
        assert!(page.contains("✔ Verified:"), "{path}: {page}");
        assert!(page.contains(&format!("<code>feldpost verify feldpost-{}.json</code>", g.id)), "{path}");
        assert!(page.contains("/export\">Download the game"), "{path}");
    }
    let watch = app.page(&format!("{}/stats", app.watch_path(&g).await), "ru").await.text;
    assert!(watch.contains("✔") && watch.contains("feldpost verify"), "{watch}");
}
