//! A right-to-left name cannot reorder the text around it: every player name and game title a
//! page shows stands in a `<bdi>` element, or, inside a translated sentence or an `<option>`
//! (which can hold no element), between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE; in a
//! mail's HTML part too (its text part and subject carry no marks).

use crate::harness::{TestApp, players};
use axum::http::StatusCode;
use serde_json::json;

const NAME: &str = "אלנה";
const TITLE: &str = "Hra של חברים 2";

/// Every place `needle` stands in the page's text, with whether it is set apart: (the words
/// around it, set apart). The document's <title> is left out (it can hold neither, and the
/// browser shows it apart from the page), as are attributes.
fn occurrences(html: &str, needle: &str) -> Vec<(String, bool)> {
    let doc = scraper::Html::parse_document(html);
    let mut found = Vec::new();
    for node in doc.root_element().descendants() {
        let Some(text) = node.value().as_text() else { continue };
        let parents: Vec<&str> =
            node.ancestors().filter_map(|a| a.value().as_element().map(|e| e.name())).collect();
        if parents.iter().any(|p| matches!(*p, "title" | "script" | "style")) {
            continue;
        }
        let in_bdi = parents.contains(&"bdi");
        for (at, _) in text.match_indices(needle) {
            let isolated =
                text[..at].ends_with('\u{2068}') && text[at + needle.len()..].starts_with('\u{2069}');
            found.push((text.to_string(), in_bdi || isolated));
        }
    }
    found
}

fn assert_set_apart(html: &str, what: &str, least: usize) {
    for needle in [NAME, TITLE] {
        let found = occurrences(html, needle);
        let loose: Vec<&String> = found.iter().filter(|(_, ok)| !ok).map(|(t, _)| t).collect();
        assert!(loose.is_empty(), "{what}: {needle} not set apart in {loose:?}");
        if needle == NAME {
            assert!(
                found.len() >= least,
                "{what}: {NAME} shown {} times, expected {least}: {html}",
                found.len()
            );
        }
    }
    assert!(occurrences(html, TITLE).iter().any(|(_, ok)| *ok), "{what}: the title is shown");
}

#[tokio::test]
async fn names_and_titles_are_set_apart_from_the_text_around_them() {
    let app = TestApp::spawn().await;
    let g = app
        .create_game(json!({"ruleset": "zajatce", "title": TITLE, "players": players(&[NAME, "Bořek"])}))
        .await;
    for _ in 0..4 {
        app.play_first_legal(&g).await;
    }
    for seat in 0..2 {
        let page = app.page(&g.seat_path(seat), "en").await;
        assert_eq!(page.status, StatusCode::OK);
        assert_set_apart(&page.text, &format!("seat {seat}'s page"), 2);
        let history = app.page(&format!("{}/history", g.seat_path(seat)), "cs").await;
        assert_eq!(history.status, StatusCode::OK);
        assert_set_apart(&history.text, &format!("seat {seat}'s history"), 2);
    }
    let host = app.page(&g.host_path, "en").await;
    assert_eq!(host.status, StatusCode::OK);
    assert_set_apart(&host.text, "the host's page", 1);
    let watch = app.page(&app.watch_path(&g).await, "ru").await;
    assert_eq!(watch.status, StatusCode::OK);
    assert_set_apart(&watch.text, "the spectators' page", 1);

    // The mails' HTML parts isolate them too; their text parts and subjects carry no marks.
    let mut named = 0;
    for mail in app.outbox(g.id.as_ref()).await {
        let html = mail.body_html.as_deref().expect("an HTML part");
        for needle in [NAME, TITLE] {
            let found = occurrences(html, needle);
            assert!(found.iter().all(|(_, ok)| *ok), "{}: {needle} not set apart in {found:?}", mail.kind);
            named += found.len();
        }
        for plain in [&mail.body_text, &mail.subject] {
            assert!(
                !plain.contains(['\u{2068}', '\u{2069}']),
                "{}: no marks in plain text: {plain}",
                mail.kind
            );
        }
    }
    assert!(named > 0, "the mails name the player and the game");

    // A positive control: a page that shows the name loose is caught.
    let loose = format!("<html><body><p>{NAME} · <bdi>{TITLE}</bdi></p></body></html>");
    assert!(occurrences(&loose, NAME).iter().any(|(_, ok)| !ok));
}
