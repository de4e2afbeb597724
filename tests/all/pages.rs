//! The HTML pages: they work without JavaScript, in Czech and English, and GET never acts.

use crate::harness::{Answer, TestApp, html_unescape};
use axum::http::StatusCode;
use serde_json::json;

fn field<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let needle = format!("name=\"{name}\" value=\"");
    html.match_indices(&needle)
        .map(|(i, _)| &html[i + needle.len()..])
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect()
}

#[tokio::test]
async fn home_page_speaks_czech_and_english() {
    let app = TestApp::spawn().await;
    let Answer { status: s, text: cs, .. } = app.page("/", "cs-CZ,cs;q=0.9").await;
    assert_eq!(s, StatusCode::OK);
    assert!(cs.contains("lang=\"cs\"") && cs.contains("Založit hru"), "{cs}");
    let en = app.page("/", "en-GB").await.text;
    assert!(en.contains("Start a game") && en.contains("href=\"/new/zajatce\""));
    // Switching remembers the choice.
    let switched = app.page("/?lang=cs", "en").await;
    assert!(switched.text.contains("Založit hru"));
    let cookies = switched.set_cookies();
    assert!(cookies.iter().any(|c| c.starts_with("lang=cs")), "{cookies:?}");
}

#[tokio::test]
async fn a_game_created_and_played_through_the_forms() {
    let app = TestApp::spawn().await;
    let Answer { status: s, text: form, .. } = app.page("/new/zajatce", "en").await;
    assert_eq!(s, StatusCode::OK);
    assert!(form.contains("name=\"opt_throw_again_on_six\""), "options come from the ruleset");
    let created = app
        .form(
            "/games",
            &[
                ("ruleset", "zajatce"),
                ("title", "Forms"),
                ("name_0", "Alena"),
                ("email_0", "alena@example.org"),
                ("name_1", "Bořek"),
                ("email_1", "borek@example.org"),
                ("host_email", "host@example.org"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let host = created.location.clone();
    let Answer { status: s, text: host_page, .. } = app.page(&host, "en").await;
    assert_eq!(s, StatusCode::OK);
    let links: Vec<String> = host_page
        .match_indices("href=\"http://feldpost.test/play/")
        .map(|(i, _)| {
            let rest = &host_page[i + 6..];
            rest[..rest.find('"').unwrap()].replace("http://feldpost.test", "")
        })
        .collect();
    assert_eq!(links.len(), 2, "{host_page}");

    // The invitations and the first turn mail wait in the dev mailbox.
    let mailbox = app.dev_mailbox().await.text;
    assert!(mailbox.contains("alena@example.org") && mailbox.contains("borek@example.org"), "{mailbox}");
    assert!(mailbox.contains("your turn"));

    // Whoever's turn it is sees forms; the other seat does not.
    let mut acting = None;
    for link in &links {
        let page = app.page(link, "en").await.text;
        assert!(page.contains("<svg"), "the board is on the page");
        if page.contains("It is your turn.") {
            acting = Some((link.clone(), page));
        } else {
            assert!(field(&page, "expected_seq").is_empty());
        }
    }
    let (link, page) = acting.expect("one seat acts");
    let seq = field(&page, "expected_seq")[0].to_owned();
    let action = html_unescape(field(&page, "action")[0]);
    let game_id = app.play.identify(link.trim_start_matches("/play/")).await.unwrap().1.game_id;
    let before = app.event_count(&game_id).await;

    // GET never acts.
    let s = app.page(&format!("{link}/act"), "en").await.status;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(app.event_count(&game_id).await, before);

    let done = app.form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action)]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.text);
    assert_eq!(app.event_count(&game_id).await, before + 1);

    // The same form again is stale: the page says the game moved on, and nothing is written.
    let stale = app.form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action)]).await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    assert!(stale.text.contains("The game moved on"), "{}", stale.text);
    assert_eq!(app.event_count(&game_id).await, before + 1);

    // A mangled form is refused clearly.
    let bad = app.form(&format!("{link}/act"), &[("expected_seq", "x")]).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);

    // The history steps back to the set-up board.
    let Answer { status: s, text: history, .. } = app.page(&format!("{link}/history?at=1"), "cs").await;
    assert_eq!(s, StatusCode::OK);
    assert!(history.contains("type=\"range\"") && history.contains("Po kroku 1 z"), "{history}");
    assert!(history.contains("rel=\"next\"") && !history.contains("rel=\"prev\""));
    let s = app.page(&format!("{link}/history?at=999"), "en").await.status;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // An unknown link is a clear 404 page.
    let Answer { status: s, text: missing, .. } = app.page("/play/not-a-token", "en").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(missing.contains("This link is not valid"));
}

#[tokio::test]
async fn manual_dice_are_typed_in_and_checked() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"manual_dice": true})).await;
    let (game, tokens) = (&g.id, &g.tokens);
    let mut link = None;
    for t in tokens {
        let page = app.page(&format!("/play/{t}"), "en").await.text;
        if page.contains("It is your turn.") {
            link = Some((format!("/play/{t}"), page));
        }
    }
    let (link, page) = link.unwrap();
    assert!(page.contains("name=\"input_die\""), "the roll form asks for the die");
    let seq = field(&page, "expected_seq")[0].to_owned();
    let action = html_unescape(field(&page, "action")[0]);
    let before = app.event_count(game).await;
    let refused = app
        .form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action), ("input_die", "7")])
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "a die shows 1 to 6");
    assert_eq!(app.event_count(game).await, before);
    let ok = app
        .form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action), ("input_die", "4")])
        .await;
    assert_eq!(ok.status, StatusCode::SEE_OTHER, "{}", ok.text);
    let records = app.play.store.records(game, 0).await.unwrap();
    let last = records.last().unwrap().record().unwrap();
    assert!(last.events.iter().any(|e| e["type"] == "rolled" && e["die"] == 4), "{:?}", last.events);
}

#[tokio::test]
async fn the_colditz_board_page_draws_the_board_with_its_legend_in_both_languages() {
    let app = TestApp::spawn().await;
    let asset_of = |page: &str| -> String {
        page.split("src=\"/assets/")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("the board's file")
            .to_owned()
    };
    let Answer { status: s, text: en, .. } = app.page("/boards/colditz", "en").await;
    assert_eq!(s, StatusCode::OK);
    let drawing = app.get(&format!("/assets/{}", asset_of(&en)), None).await;
    assert_eq!(drawing.header("content-type"), Some("image/svg+xml"));
    assert!(drawing.text.contains("<svg") && drawing.text.contains("Escape from Colditz"), "the drawing");
    // Each circle carries its id; the edges carry the grid references places are named by.
    assert!(drawing.text.matches("<title>r").count() > 1000, "circle ids as titles");
    assert!(drawing.text.contains("class=\"grid\""), "row and column numbers");
    let cs = app.page("/boards/colditz", "cs").await.text;
    let czech = app.get(&format!("/assets/{}", asset_of(&cs)), None).await.text;
    assert!(cs.contains("Útěk z Colditzu") && czech.contains("Vysvětlivky") && czech.contains("Kaple"));
    assert_ne!(asset_of(&cs), asset_of(&en), "the legend is translated, under a name of its own");
    assert!(en.contains("our own drawing of the castle") && cs.contains("naše vlastní kresba hradu"));
    let unknown = app.get("/assets/colditz-board-0000000000000000.svg", None).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    // Zoom without script: the drawing is made wider and the page scrolls.
    let zoomed = app.page("/boards/colditz?zoom=3", "en").await.text;
    // (The width is the style sheet's, by class: the pages carry no inline styles.)
    let css = app.page("/static/style.css", "en").await.text;
    for z in 1..=4 {
        assert!(css.contains(&format!(".zoom-{z} {{ width: {}00%; }}", z)), "zoom {z} in the style sheet");
    }
    assert!(zoomed.contains("class=\"zoom-3\"") && en.contains("class=\"zoom-1\""));
    let clamped = app.page("/boards/colditz?zoom=99", "en").await.text;
    assert!(clamped.contains("class=\"zoom-4\""));
}
