//! What every answer carries for a hostile world: a CSP without
//! unsafe-inline that the pages keep (no inline style attributes or scripts; the boards' one
//! `<style>` allowed by its hash), no framing, no referrer, no sniffing, and no caching of any
//! page or API answer that shows a seat, a host, spectators, an account or mail.

use crate::harness::{Answer, Req, TestApp};
use axum::http::StatusCode;
use base64_free::sha256_base64;
use serde_json::json;

mod base64_free {
    use sha2::{Digest, Sha256};
    /// The CSP form of a hash, written out here so that the test does not lean on the server's.
    pub fn sha256_base64(text: &str) -> String {
        const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let d = Sha256::digest(text.as_bytes());
        let mut bits = String::new();
        for b in d.iter() {
            bits.push_str(&format!("{b:08b}"));
        }
        while !bits.len().is_multiple_of(6) {
            bits.push('0');
        }
        let mut out: String = bits
            .as_bytes()
            .chunks(6)
            .map(|c| A[usize::from_str_radix(std::str::from_utf8(c).unwrap(), 2).unwrap()] as char)
            .collect();
        while !out.len().is_multiple_of(4) {
            out.push('=');
        }
        out
    }
}

fn assert_guarded(a: &Answer, what: &str) {
    let csp = a.header("content-security-policy").unwrap_or_else(|| panic!("{what}: no CSP"));
    assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "{what}: {csp}");
    assert!(csp.contains("default-src 'none'"), "{what}: {csp}");
    assert!(csp.contains("script-src 'self'"), "{what}: {csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert_eq!(a.header("x-frame-options"), Some("DENY"), "{what}");
    assert_eq!(a.header("referrer-policy"), Some("no-referrer"), "{what}");
    assert_eq!(a.header("x-content-type-options"), Some("nosniff"), "{what}");
}

fn assert_not_stored(a: &Answer, what: &str) {
    assert_eq!(a.header("cache-control"), Some("no-store"), "{what} must not be kept by caches");
    assert_eq!(a.header("x-robots-tag"), Some("noindex, nofollow"), "{what} must stay out of search engines");
}

/// No inline script and no style attribute: a CSP without unsafe-inline would break them.
fn assert_no_inline_code(a: &Answer, what: &str) {
    assert!(!a.text.contains(" style=\""), "{what} has an inline style attribute");
    for script in a.text.split("<script").skip(1) {
        let tag = &script[..script.find('>').unwrap()];
        assert!(tag.contains(" src=\"/static/"), "{what} has an inline script: <script{tag}>");
    }
    assert!(!a.text.contains(" onclick=") && !a.text.contains(" onload="), "{what}");
    // Each <style> a board embeds is allowed by its hash.
    let csp = a.header("content-security-policy").unwrap();
    for text in feldpost::games::style_texts(&a.text) {
        let hash = format!("'sha256-{}'", sha256_base64(&text));
        assert!(csp.contains(&hash), "{what}: a <style> the CSP does not allow ({hash} not in {csp})");
    }
}

#[tokio::test]
async fn every_page_and_api_answer_is_guarded_and_private_ones_are_never_cached() {
    let app = TestApp::spawn().await;
    let z = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let s = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let c = app.create_colditz(&["Gerhard", "Amy"], json!({})).await;
    let watch = app.watch_path(&z).await;

    let private = [
        (z.seat_path(0), "a seat's page"),
        (format!("{}/history?at=1", z.seat_path(1)), "a seat's history"),
        (format!("{}/mail", z.seat_path(0)), "a seat's mail settings"),
        (s.seat_path(0), "a Služba coordinator's page"),
        (c.seat_path(0), "the German's page"),
        (c.seat_path(1), "a Colditz prisoner's page"),
        (z.host_path.clone(), "the host page"),
        (watch.clone(), "the spectators' page"),
        ("/account/login".into(), "the login page"),
        ("/account/register".into(), "the registration page"),
    ];
    for (path, what) in &private {
        let a = app.get(path, None).await;
        assert_eq!(a.status, StatusCode::OK, "{what}: {}", a.text);
        assert_guarded(&a, what);
        assert_not_stored(&a, what);
        assert_no_inline_code(&a, what);
    }
    let mailbox = app.dev_mailbox().await;
    assert_eq!(mailbox.status, StatusCode::OK);
    assert_guarded(&mailbox, "the dev mailbox");
    assert_not_stored(&mailbox, "the dev mailbox");
    for (path, what) in [
        ("/", "the home page"),
        ("/boards/colditz?zoom=3", "the Colditz board"),
        ("/new/zajatce", "the new-game form"),
        ("/static/style.css", "the style sheet"),
    ] {
        let a = app.get(path, None).await;
        assert_eq!(a.status, StatusCode::OK, "{what}");
        assert_guarded(&a, what);
        // (A static file asked for without its content hash is kept a few minutes:
        // tests/all/static_files.rs.)
        let cache = if path.starts_with("/static/") { Some(feldpost::web::files::SHORT) } else { None };
        assert_eq!(a.header("cache-control"), cache, "{what} holds nothing private");
        assert_eq!(a.header("x-robots-tag"), None, "{what} may be found");
        if !path.starts_with("/static/") {
            assert!(a.text.contains("<meta name=\"description\" content=\""), "{what} says what feldpost is");
        }
        assert_no_inline_code(&a, what);
    }
    // The Colditz board's unchanging layer is a file of its own that embeds its style sheet
    // (the CSP allows exactly it), cached for a year under a name that changes with it.
    let board = app.get("/boards/colditz", None).await;
    let src = board.text.split("src=\"/assets/").nth(1).and_then(|r| r.split('"').next()).expect("the asset");
    let asset = app.get(&format!("/assets/{src}"), None).await;
    assert_eq!(asset.status, StatusCode::OK);
    assert_eq!(feldpost::games::style_texts(&asset.text).len(), 1, "the castle's <style> is in the asset");
    assert_eq!(asset.header("cache-control"), Some("public, max-age=31536000, immutable"));

    // The API: every answer with a seat's view or tokens, refusals included.
    for (method, path, token) in [
        ("GET", format!("/api/games/{}", z.id), Some(z.tokens[0].as_str())),
        ("GET", format!("/api/games/{}/events", z.id), Some(z.tokens[0].as_str())),
        ("GET", format!("/api/games/{}/state?at=1", z.id), Some(z.tokens[0].as_str())),
        ("GET", format!("/api/games/{}/export", z.id), Some(z.tokens[0].as_str())),
        ("GET", format!("/api/games/{}", z.id), None),
    ] {
        let a = app.call(method, &path, token, None).await;
        assert_guarded(&a, &path);
        assert_not_stored(&a, &path);
    }
    let created = app
        .post("/api/games", None, json!({"ruleset": "colditz", "players": [{"name": "G"}, {"name": "A"}]}))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_not_stored(&created, "the seat tokens of a new game");
    let key = app.get("/api/key", None).await;
    assert_guarded(&key, "the key");

    // Refusals made by the layers (a cross-site POST, a 404) carry the headers too.
    let cross = app
        .send(
            Req::new("POST", &format!("{}/act", z.seat_path(0)))
                .header("sec-fetch-site", "cross-site")
                .form(&[]),
        )
        .await;
    assert_eq!(cross.status, StatusCode::FORBIDDEN);
    assert_guarded(&cross, "a cross-site refusal");
    let missing = app.get("/no/such/page", None).await;
    assert_guarded(&missing, "the not-found page");
}
