//! Live pages: a seat's and the spectators' streams (Server-Sent Events) tell
//! an open page that the game moved on, carrying the new step's number and whether it is that
//! seat's turn, nothing of the game; on Postgres across server processes (LISTEN/NOTIFY).

use crate::harness::{TestApp, backend_name, opened_store_at};
use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use feldpost::play::GameLog;
use feldpost::secret::Secret;
use feldpost::store::Timeouts;
use feldpost::web::{AppState, router};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

/// An open stream, read event by event.
struct Stream {
    body: Body,
    buffer: String,
}

async fn open(router: &Router, uri: &str) -> (StatusCode, Stream) {
    let request = Request::builder().uri(uri).body(Body::empty()).unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    assert!(
        status != StatusCode::OK
            || response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"),
        "a stream of events"
    );
    (status, Stream { body: response.into_body(), buffer: String::new() })
}

impl Stream {
    /// The next "changed" event's data, or None when none comes within `wait`.
    async fn next_change(&mut self, wait: Duration) -> Option<(String, Value)> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            // An event ends with a blank line; keep-alive comments (":") are skipped.
            while let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                if event.lines().any(|l| l == "event: changed") {
                    let data = event.lines().find_map(|l| l.strip_prefix("data: ")).expect("data");
                    return Some((event.clone(), serde_json::from_str(data).expect("JSON data")));
                }
            }
            let frame = tokio::time::timeout_at(deadline, self.body.frame()).await.ok()??.ok()?;
            if let Ok(bytes) = frame.into_data() {
                self.buffer.push_str(&String::from_utf8_lossy(&bytes));
            }
        }
    }
}

const SOON: Duration = Duration::from_secs(10);
const QUIET: Duration = Duration::from_millis(300);

#[tokio::test]
async fn an_open_seat_page_hears_another_seats_move_and_nothing_more() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"manual_dice": true})).await;
    let mover = app.seat_to_act(&g.id).await;
    let watcher = 1 - mover;
    let seq = app.view(&g, watcher).await["current_seq"].as_u64().unwrap();
    let (status, mut stream) =
        open(&app.router, &format!("/play/{}/live?seq={seq}", g.tokens[watcher])).await;
    assert_eq!(status, StatusCode::OK);
    assert!(stream.next_change(QUIET).await.is_none(), "nothing to tell while nobody moves");

    let moved = app.act(&g, mover, json!({"type": "roll", "die": 3})).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    let now = app.view(&g, watcher).await;
    let (event, data) = stream.next_change(SOON).await.expect("the watcher hears the move");
    assert_eq!(data["seq"], now["current_seq"], "the new step");
    assert_eq!(data["your_turn"], now["your_turn"], "and whether it is the watcher's turn");
    let keys: Vec<&String> = data.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["seq", "your_turn"], "the stream carries nothing of the game: {event}");
    assert!(
        event.contains(&format!("id: {}", now["current_seq"])),
        "a reconnecting browser says where it was"
    );

    // A page that shows an older step hears at once; one that is up to date does not.
    let (_, mut stale) = open(&app.router, &format!("/play/{}/live?seq={seq}", g.tokens[watcher])).await;
    assert_eq!(stale.next_change(SOON).await.expect("told at once").1["seq"], now["current_seq"]);
    let current = now["current_seq"].as_u64().unwrap();
    let (_, mut fresh) = open(&app.router, &format!("/play/{}/live?seq={current}", g.tokens[watcher])).await;
    assert!(fresh.next_change(QUIET).await.is_none());

    // The spectators' stream hears it too; an unknown link has no stream.
    let watch = app.watch_path(&g).await;
    let (status, mut spectators) = open(&app.router, &format!("{watch}/live?seq={seq}")).await;
    assert_eq!(status, StatusCode::OK);
    let (_, data) = spectators.next_change(SOON).await.expect("spectators hear it");
    assert_eq!((data["seq"].clone(), data["your_turn"].clone()), (now["current_seq"].clone(), json!(false)));
    let (status, _) = open(&app.router, "/play/not-a-token/live").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_game_page_says_in_its_title_when_it_is_your_turn_and_names_its_stream() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let mover = app.seat_to_act(&g.id).await;
    let mine = app.page(&g.seat_path(mover), "en").await.text;
    assert!(mine.contains("<title>● Your turn · Test · feldpost</title>"), "{mine}");
    let theirs = app.page(&g.seat_path(1 - mover), "cs").await.text;
    assert!(theirs.contains("<title>Test · feldpost</title>"), "not the other seat's turn");
    assert!(theirs.contains(&format!("data-live=\"/play/{}/live\"", g.tokens[1 - mover])));
    let live_js = feldpost::web::files::url("live.js");
    assert!(theirs.contains(&format!("<script src=\"{live_js}\" defer></script>")));
}

#[tokio::test]
async fn on_postgres_a_page_served_by_one_process_hears_a_move_made_through_another() {
    if backend_name() != "postgres" {
        eprintln!("skipped: FELDPOST_TEST_POSTGRES is not set");
        return;
    }
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"manual_dice": true})).await;
    // A second server process on the same database: its own store, cache and broadcast.
    let other = Arc::new(GameLog::new(
        opened_store_at(&app.db_url, Timeouts::default()).await,
        Arc::new(app.clock.clone()),
        Secret::from_text(crate::harness::SECRET),
        "http://feldpost.test",
    ));
    let other_router = router(AppState { log: other.clone(), dev_mailbox: false });
    let mover = app.seat_to_act(&g.id).await;
    let watcher = 1 - mover;
    let seq = app.view(&g, watcher).await["current_seq"].as_u64().unwrap();
    let (status, mut stream) =
        open(&other_router, &format!("/play/{}/live?seq={seq}", g.tokens[watcher])).await;
    assert_eq!(status, StatusCode::OK);
    // The listener connects with the first subscriber: give it a moment before the move.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let moved = app.act(&g, mover, json!({"type": "roll", "die": 3})).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    let (_, data) = stream.next_change(SOON).await.expect("the other process hears the move");
    assert_eq!(data["seq"].as_u64().unwrap(), seq + 1, "{data}");
}
