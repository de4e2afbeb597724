//! A database that is away, cut off, renamed under the server or locked by someone else
//! (issue 15, item 3): every such answer is 503 with Retry-After, quickly, in the request's
//! language, and nothing of the request is written. On Postgres: a terminated backend, a table
//! held in ACCESS EXCLUSIVE mode by another connection (lock timeout, and statement timeout), a
//! renamed table; on SQLite: the write lock held by another connection, a renamed table.

use crate::harness::{Answer, Options, Req, TestApp};
use axum::http::StatusCode;
use feldpost::store::Timeouts;
use serde_json::{Value, json};
use sqlx::Connection;
use std::time::{Duration, Instant};

fn assert_unavailable(a: &Answer, what: &str) {
    assert_eq!(a.status, StatusCode::SERVICE_UNAVAILABLE, "{what}: {}", a.text);
    assert_eq!(a.header("retry-after"), Some("5"), "{what}");
}

fn new_game() -> Value {
    json!({"ruleset": "colditz", "title": "Fault", "players": [{"name": "Gerhard"}, {"name": "Amy"}]})
}

/// A second connection to the app's database, beside its pool.
async fn second_connection(app: &TestApp) -> sqlx::AnyConnection {
    sqlx::any::install_default_drivers();
    let url = match app.db_url.strip_prefix("sqlite:") {
        Some(path) if !path.starts_with("//") => format!("sqlite://{path}"),
        _ => app.db_url.clone(),
    };
    sqlx::AnyConnection::connect(&url).await.expect("a second connection")
}

async fn app_with(timeouts: Timeouts) -> TestApp {
    TestApp::spawn_with(Options { timeouts, ..Options::default() }).await
}

#[tokio::test]
async fn a_renamed_table_is_503_on_api_and_pages_and_works_again_once_it_is_back() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&["Gerhard", "Amy"], json!({})).await;
    let store = &app.play.store;
    store.execute_raw("ALTER TABLE events RENAME TO events_elsewhere").await.unwrap();
    // The cache of replayed states is in memory; a fresh game's page must read the log.
    let api = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[0])).await;
    assert_unavailable(&api, "the API's history");
    assert_eq!(api.json["error"], "unavailable");
    let page = app.page(&format!("{}/history", g.seat_path(1)), "cs").await;
    assert_unavailable(&page, "the history page");
    assert!(page.text.contains("Databáze"), "the page says so in Czech: {}", page.text);
    let created = app.post("/api/games", None, new_game()).await;
    assert_unavailable(&created, "creating a game");
    store.execute_raw("ALTER TABLE events_elsewhere RENAME TO events").await.unwrap();
    assert_eq!(store.row_counts().await.unwrap().games, 1, "the refused creation wrote nothing");
    let again = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[0])).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
}

/// Someone else holds the write lock (SQLite) or an ACCESS EXCLUSIVE lock on the log
/// (Postgres): a creation gives up after the lock timeout with a 503, not after a long hang,
/// and writes nothing.
#[tokio::test]
async fn a_table_locked_by_another_connection_is_a_quick_503_and_nothing_is_written() {
    let app = app_with(Timeouts { statement_ms: 30_000, lock_ms: 300 }).await;
    let before = app.play.store.row_counts().await.unwrap();
    let mut other = second_connection(&app).await;
    if app.play.store.is_postgres() {
        sqlx::raw_sql("BEGIN; LOCK TABLE events IN ACCESS EXCLUSIVE MODE").execute(&mut other).await.unwrap();
    } else {
        sqlx::raw_sql("BEGIN IMMEDIATE").execute(&mut other).await.unwrap();
    }
    let started = Instant::now();
    let a = app.post("/api/games", None, new_game()).await;
    let took = started.elapsed();
    assert_unavailable(&a, "creating a game while the log is locked");
    assert!(took < Duration::from_secs(5), "gave up after {took:?}, not at once after the lock timeout");
    let page = app.form("/games", &[("ruleset", "colditz"), ("name_0", "Gerhard"), ("name_1", "Amy")]).await;
    assert_unavailable(&page, "the new-game form while the log is locked");
    sqlx::raw_sql("ROLLBACK").execute(&mut other).await.unwrap();
    assert_eq!(app.play.store.row_counts().await.unwrap(), before, "nothing of either was written");
    let a = app.post("/api/games", None, new_game()).await;
    assert_eq!(a.status, StatusCode::CREATED, "once the lock is gone: {}", a.text);
}

/// The statement timeout, not only the lock timeout, ends a wait on Postgres.
#[tokio::test]
async fn a_statement_that_runs_out_of_time_is_a_503_on_postgres() {
    let app = app_with(Timeouts { statement_ms: 300, lock_ms: 30_000 }).await;
    if !app.play.store.is_postgres() {
        return; // SQLite has no statement timeout; its lock wait is the test above.
    }
    let g = app.create_colditz(&["Gerhard", "Amy"], json!({})).await;
    let mut other = second_connection(&app).await;
    // The game row: what a view reads each time (the seats come from the cache beside the
    // replayed state while the game row's sequence number says it is current).
    sqlx::raw_sql("BEGIN; LOCK TABLE games IN ACCESS EXCLUSIVE MODE").execute(&mut other).await.unwrap();
    let started = Instant::now();
    let a = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await;
    assert_unavailable(&a, "a seat's view while the games table is locked");
    assert!(started.elapsed() < Duration::from_secs(5));
    sqlx::raw_sql("ROLLBACK").execute(&mut other).await.unwrap();
}

/// Postgres terminates the backend serving a request (an operator's pg_terminate_backend, a
/// failover): that request is a 503 with nothing written, and the next one is served on a new
/// connection.
#[tokio::test]
async fn a_terminated_backend_is_a_503_with_nothing_written_and_the_next_request_works() {
    let app = TestApp::spawn().await;
    if !app.play.store.is_postgres() {
        return; // an SQLite file has no backend to terminate
    }
    let app_name = app.db_url.rsplit("application_name=").next().unwrap().to_owned();
    let before = app.play.store.row_counts().await.unwrap();
    let mut other = second_connection(&app).await;
    // Hold the log so that the creation's backend is seen waiting, then cut that backend off.
    sqlx::raw_sql("BEGIN; LOCK TABLE events IN ACCESS EXCLUSIVE MODE").execute(&mut other).await.unwrap();
    let create = app.post("/api/games", None, new_game());
    let terminate = async {
        let mut killer = second_connection(&app).await;
        for _ in 0..100 {
            let killed: Vec<bool> = sqlx::query_scalar(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'",
            )
            .bind(&app_name)
            .fetch_all(&mut killer)
            .await
            .unwrap();
            if killed.iter().any(|k| *k) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("the creation never waited on the lock");
    };
    let (a, ()) = tokio::join!(create, terminate);
    sqlx::raw_sql("ROLLBACK").execute(&mut other).await.unwrap();
    assert_unavailable(&a, "a creation whose backend was terminated");
    assert_eq!(a.json["error"], "unavailable");
    assert_eq!(app.play.store.row_counts().await.unwrap(), before, "nothing was written");
    let a = app.post("/api/games", None, new_game()).await;
    assert_eq!(a.status, StatusCode::CREATED, "the next request gets a new connection: {}", a.text);
}

/// A database that cannot be reached at all (here: the pool closed) is 503 on the pages too.
#[tokio::test]
async fn a_closed_pool_is_a_503_page_with_retry_after() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&["Gerhard", "Amy"], json!({})).await;
    app.play.store.close().await;
    let page = app.send(Req::new("GET", &g.seat_path(0))).await;
    assert_unavailable(&page, "a seat's page");
    assert!(page.text.contains("The database is not reachable right now"), "{}", page.text);
}
