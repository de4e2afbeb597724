//! The HTML pages: they work without JavaScript, in Czech and English, and GET never acts.

use crate::http::app;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::json;
use tower::ServiceExt;

async fn get_page(
    app: &crate::http::App,
    uri: &str,
    accept_language: &str,
) -> (StatusCode, String, Vec<String>) {
    let req = Request::builder()
        .uri(uri)
        .header(header::ACCEPT_LANGUAGE, accept_language)
        .body(Body::empty())
        .unwrap();
    let res = app.router.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let cookies =
        res.headers().get_all(header::SET_COOKIE).iter().map(|v| v.to_str().unwrap().to_owned()).collect();
    let body = res.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&body).into_owned(), cookies)
}

fn field<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let needle = format!("name=\"{name}\" value=\"");
    html.match_indices(&needle)
        .map(|(i, _)| &html[i + needle.len()..])
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect()
}

fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&amp;", "&")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
}

#[tokio::test]
async fn home_page_speaks_czech_and_english() {
    let app = app().await;
    let (s, cs, _) = get_page(&app, "/", "cs-CZ,cs;q=0.9").await;
    assert_eq!(s, StatusCode::OK);
    assert!(cs.contains("lang=\"cs\"") && cs.contains("Založit hru"), "{cs}");
    let (_, en, _) = get_page(&app, "/", "en-GB").await;
    assert!(en.contains("Start a game") && en.contains("href=\"/new/zajatce\""));
    // Switching remembers the choice.
    let (_, switched, cookies) = get_page(&app, "/?lang=cs", "en").await;
    assert!(switched.contains("Založit hru"));
    assert!(cookies.iter().any(|c| c.starts_with("lang=cs")), "{cookies:?}");
}

#[tokio::test]
async fn a_game_created_and_played_through_the_forms() {
    let app = app().await;
    let (s, form, _) = get_page(&app, "/new/zajatce", "en").await;
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
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let host = created.json["location"].as_str().unwrap().to_owned();
    let (s, host_page, _) = get_page(&app, &host, "en").await;
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
    let (_, mailbox, _) = get_page(&app, "/dev/mailbox", "en").await;
    assert!(mailbox.contains("alena@example.org") && mailbox.contains("borek@example.org"), "{mailbox}");
    assert!(mailbox.contains("your turn"));

    // Whoever's turn it is sees forms; the other seat does not.
    let mut acting = None;
    for link in &links {
        let (_, page, _) = get_page(&app, link, "en").await;
        assert!(page.contains("<svg"), "the board is on the page");
        if page.contains("It is your turn.") {
            acting = Some((link.clone(), page));
        } else {
            assert!(field(&page, "expected_seq").is_empty());
        }
    }
    let (link, page) = acting.expect("one seat acts");
    let seq = field(&page, "expected_seq")[0].to_owned();
    let action = unescape(field(&page, "action")[0]);
    let game_id = app.play.identify(link.trim_start_matches("/play/")).await.unwrap().1.game_id;
    let before = app.event_count(&game_id).await;

    // GET never acts.
    let (s, _, _) = get_page(&app, &format!("{link}/act"), "en").await;
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
    let (s, history, _) = get_page(&app, &format!("{link}/history?at=1"), "cs").await;
    assert_eq!(s, StatusCode::OK);
    assert!(history.contains("type=\"range\"") && history.contains("Po kroku 1 z"), "{history}");
    assert!(history.contains("rel=\"next\"") && !history.contains("rel=\"prev\""));
    let (s, _, _) = get_page(&app, &format!("{link}/history?at=999"), "en").await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // An unknown link is a clear 404 page.
    let (s, missing, _) = get_page(&app, "/play/not-a-token", "en").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(missing.contains("This link is not valid"));
}

#[tokio::test]
async fn manual_dice_are_typed_in_and_checked() {
    let app = app().await;
    let (game, tokens) = app.zajatce(&["Alena", "Bořek"], json!({"manual_dice": true})).await;
    let mut link = None;
    for t in &tokens {
        let (_, page, _) = get_page(&app, &format!("/play/{t}"), "en").await;
        if page.contains("It is your turn.") {
            link = Some((format!("/play/{t}"), page));
        }
    }
    let (link, page) = link.unwrap();
    assert!(page.contains("name=\"input_die\""), "the roll form asks for the die");
    let seq = field(&page, "expected_seq")[0].to_owned();
    let action = unescape(field(&page, "action")[0]);
    let before = app.event_count(&game).await;
    let refused = app
        .form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action), ("input_die", "7")])
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "a die shows 1 to 6");
    assert_eq!(app.event_count(&game).await, before);
    let ok = app
        .form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action), ("input_die", "4")])
        .await;
    assert_eq!(ok.status, StatusCode::SEE_OTHER, "{}", ok.text);
    let records = app.play.store.records(&game, 0).await.unwrap();
    let last = records.last().unwrap().record().unwrap();
    assert!(last.events.iter().any(|e| e["type"] == "rolled" && e["die"] == 4), "{:?}", last.events);
}

#[tokio::test]
async fn the_colditz_board_page_draws_the_board_with_its_legend_in_both_languages() {
    let app = app().await;
    let (s, en, _) = get_page(&app, "/boards/colditz", "en").await;
    assert_eq!(s, StatusCode::OK);
    assert!(en.contains("<svg") && en.contains("Escape from Colditz"), "the page has the drawing");
    // Each circle carries its id for hovering; a few landmarks by id.
    assert!(en.matches("<title>r").count() > 1000, "circle ids as titles");
    let (_, cs, _) = get_page(&app, "/boards/colditz", "cs").await;
    assert!(cs.contains("Útěk z Colditzu"));
    assert_ne!(en.len(), 0);
    assert_ne!(cs, en, "the legend is translated");
    // Zoom without script: the drawing is made wider and the page scrolls.
    let (_, zoomed, _) = get_page(&app, "/boards/colditz?zoom=3", "en").await;
    assert!(zoomed.contains("width: 300%") && en.contains("width: 100%"));
    let (_, clamped, _) = get_page(&app, "/boards/colditz?zoom=99", "en").await;
    assert!(clamped.contains("width: 400%"));
}
