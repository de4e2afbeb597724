//! A database that is away, cut off, renamed under the server or locked by someone else:
//! every such answer is 503 with Retry-After, quickly, in the request's
//! language, and nothing of the request is written. On Postgres: a terminated backend, a table
//! held in ACCESS EXCLUSIVE mode by another connection (lock timeout, and statement timeout), a
//! renamed table; on SQLite: the write lock held by another connection, a renamed table.

use crate::harness::{Answer, Options, Req, TestApp, seat_token};
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
    let store = &app.log.store;
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
    let before = app.log.store.row_counts().await.unwrap();
    let mut other = second_connection(&app).await;
    if app.log.store.is_postgres() {
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
    assert_eq!(app.log.store.row_counts().await.unwrap(), before, "nothing of either was written");
    let a = app.post("/api/games", None, new_game()).await;
    assert_eq!(a.status, StatusCode::CREATED, "once the lock is gone: {}", a.text);
}

/// The statement timeout, not only the lock timeout, ends a wait on Postgres.
#[tokio::test]
async fn a_statement_that_runs_out_of_time_is_a_503_on_postgres() {
    let app = app_with(Timeouts { statement_ms: 300, lock_ms: 30_000 }).await;
    if !app.log.store.is_postgres() {
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
    if !app.log.store.is_postgres() {
        return; // an SQLite file has no backend to terminate
    }
    let app_name = app.db_url.rsplit("application_name=").next().unwrap().to_owned();
    let before = app.log.store.row_counts().await.unwrap();
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
    assert_eq!(app.log.store.row_counts().await.unwrap(), before, "nothing was written");
    let a = app.post("/api/games", None, new_game()).await;
    assert_eq!(a.status, StatusCode::CREATED, "the next request gets a new connection: {}", a.text);
}

/// A database that cannot be reached at all (here: the pool closed) is 503 on the pages too.
#[tokio::test]
async fn a_closed_pool_is_a_503_page_with_retry_after() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&["Gerhard", "Amy"], json!({})).await;
    app.log.store.close().await;
    let page = app.send(Req::new("GET", &g.seat_path(0))).await;
    assert_unavailable(&page, "a seat's page");
    assert!(page.text.contains("The database is not reachable right now"), "{}", page.text);
}

/// A database error as Postgres reports it: its SQLSTATE (not a real `PgDatabaseError`, whose
/// constructor sqlx keeps to itself; the classification reads only the code).
#[derive(Debug)]
struct PgLike(&'static str);

impl std::fmt::Display for PgLike {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SQLSTATE {}", self.0)
    }
}

impl std::error::Error for PgLike {}

impl sqlx::error::DatabaseError for PgLike {
    fn message(&self) -> &str {
        "as the database said it"
    }
    fn code(&self) -> Option<std::borrow::Cow<'_, str>> {
        Some(self.0.into())
    }
    fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        self
    }
    fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
        self
    }
    fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
        self
    }
    fn kind(&self) -> sqlx::error::ErrorKind {
        sqlx::error::ErrorKind::Other
    }
}

/// A database that takes no writes (SQLite opened read-only, a Postgres that refuses every
/// write: a standby, a read-only transaction; a full disk is answered alike) is "not now", not a
/// bug: 503 with Retry-After, and nothing is written.
#[tokio::test]
async fn a_database_that_takes_no_writes_is_a_503_and_nothing_is_written() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"manual_dice": true})).await;
    let read_only = match crate::harness::backend_name() {
        "sqlite" => format!("{}?mode=ro", app.db_url),
        _ => app.db_url.replace("options=-c%20", "options=-c%20default_transaction_read_only%3Don%20-c%20"),
    };
    let other =
        TestApp::spawn_with(Options { db_url: Some(read_only), migrate: false, ..Options::default() }).await;
    let before = app.event_count(&g.id).await;
    let seat = app.seat_to_act(&g.id).await;
    let a = other.act(&g, seat, json!({"type": "roll", "die": 6})).await;
    assert_unavailable(&a, "a move on a database that takes no writes");
    assert_eq!(app.event_count(&g.id).await, before, "nothing is written");
    let a = other.post("/api/games", None, new_game()).await;
    assert_unavailable(&a, "a new game on a database that takes no writes");
    // The server that can write goes on.
    assert_eq!(app.act(&g, seat, json!({"type": "roll", "die": 6})).await.status, StatusCode::OK);
}

/// Which Postgres errors mean "the database is away, try again" (503) and which a bug (500).
#[test]
fn every_sqlstate_of_a_database_away_is_unavailable_and_a_bug_is_not() {
    use feldpost::play::PlayError;
    use feldpost::store::StoreError;
    let error = |code| StoreError::Db(sqlx::Error::Database(Box::new(PgLike(code))));
    for (code, what) in [
        ("3D000", "the database the URL names is not there (renamed or dropped)"),
        ("28P01", "the password is refused"),
        ("28000", "the role may not connect (pg_hba)"),
        ("57P01", "admin shutdown (a terminated backend)"),
        ("57P02", "crash shutdown"),
        ("57P03", "cannot connect now (starting up)"),
        ("57P04", "the database was dropped"),
        ("53300", "too many connections"),
        ("53100", "disk full"),
        ("08000", "connection exception"),
        ("08003", "connection does not exist"),
        ("08006", "connection failure"),
        ("08001", "the client cannot establish the connection"),
        ("08004", "the server rejected the connection"),
        ("57014", "statement timeout"),
        ("55P03", "lock timeout"),
        ("40001", "serialization failure"),
        ("40P01", "deadlock"),
        ("42P01", "a table renamed or dropped"),
        ("25006", "a read-only transaction (a standby, or writes turned off)"),
    ] {
        assert!(error(code).is_unavailable(), "{code}: {what}");
        assert!(matches!(PlayError::from(error(code)), PlayError::Unavailable(_)), "{code}: {what}");
    }
    for (code, what) in [
        ("23505", "a unique violation"),
        ("23503", "a foreign key violation"),
        ("22P02", "invalid text for a type"),
        ("42601", "a syntax error"),
        ("42703", "an undefined column"),
        ("P0001", "raised by a trigger (the log refuses an update)"),
    ] {
        assert!(!error(code).is_unavailable(), "{code}: {what} is a bug, not a database away");
        assert!(matches!(PlayError::from(error(code)), PlayError::Internal(_)), "{code}: {what}");
    }
}

/// The database the server's URL names is renamed under it (Postgres; dropped is the same
/// answer, SQLSTATE 3D000 on every new connection): every request is a 503 with Retry-After,
/// nothing is written, and once the database is back under its name the server serves again.
#[tokio::test]
async fn a_database_renamed_under_the_server_is_503_and_works_again_once_it_is_back() {
    let Some(base) = std::env::var("FELDPOST_TEST_POSTGRES").ok().filter(|v| !v.is_empty()) else {
        return; // an SQLite file is opened once and kept open: renaming it changes nothing
    };
    // A database of its own (the other tests share one, each in a schema).
    let name = format!("fp_db_{}", feldpost::secret::random_id());
    let elsewhere = format!("{name}_elsewhere");
    // Creating and dropping a database may wait for a checkpoint: longer than a request may.
    let slow = Timeouts { statement_ms: 120_000, lock_ms: 60_000 };
    let admin = feldpost::store::Store::connect_with(&base, slow)
        .await
        .expect("connect to the Postgres test database");
    admin.execute_raw(&format!("CREATE DATABASE {name}")).await.expect("create a database");
    let mut url = url::Url::parse(&base).expect("FELDPOST_TEST_POSTGRES is a URL");
    url.set_path(&format!("/{name}"));
    let app = TestApp::spawn_with(Options { db_url: Some(url.to_string()), ..Options::default() }).await;
    let g = app.create_colditz(&["Gerhard", "Amy"], json!({})).await;
    let before = app.log.store.row_counts().await.unwrap();

    // Rename it: its connections must go first (the pool's, cut off as a failover would).
    let rename = async |from: &str, to: &str| {
        for _ in 0..50 {
            admin
                .execute_raw(&format!(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{from}' AND pid <> pg_backend_pid()"
                ))
                .await
                .unwrap();
            match admin.execute_raw(&format!("ALTER DATABASE {from} RENAME TO {to}")).await {
                Ok(_) => return,
                // A connection came back between the two statements: again.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
        panic!("cannot rename {from}");
    };
    rename(&name, &elsewhere).await;
    let started = Instant::now();
    let api = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await;
    assert_unavailable(&api, "a seat's view, the database renamed");
    assert_eq!(api.json["error"], "unavailable");
    let page = app.page(&format!("{}/history", g.seat_path(1)), "cs").await;
    assert_unavailable(&page, "the history page, the database renamed");
    assert!(page.text.contains("Databáze"), "the page says so in Czech: {}", page.text);
    let created = app.post("/api/games", None, new_game()).await;
    assert_unavailable(&created, "creating a game, the database renamed");
    assert!(started.elapsed() < Duration::from_secs(5), "at once, not after the pool's timeout");

    rename(&elsewhere, &name).await;
    assert_eq!(app.log.store.row_counts().await.unwrap(), before, "the refused creation wrote nothing");
    let again = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    app.log.store.close().await;
    let mut dropped = Err(None);
    for _ in 0..20 {
        match admin.execute_raw(&format!("DROP DATABASE {name} WITH (FORCE)")).await {
            Ok(_) => {
                dropped = Ok(());
                break;
            }
            Err(e) => {
                dropped = Err(Some(e));
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
    dropped.unwrap_or_else(|e| panic!("drop the test's database {name}: {e:?}"));
    admin.close().await;
}

/// A move whose request is dropped while it waits for the database (the player's connection
/// went away, a proxy timed out): the move is written whole or not at all, the connection it
/// was using is never lent to another request in that state, and the next moves land. On both
/// backends: another connection holds the lock the move's write needs.
#[tokio::test]
async fn a_move_dropped_while_it_waits_for_a_lock_is_whole_or_absent_and_the_next_moves_land() {
    let app = app_with(Timeouts { statement_ms: 30_000, lock_ms: 10_000 }).await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    let store = &app.log.store;
    let lag = |events: usize, game: &feldpost::store::GameRow| events as i64 - game.last_seq;
    let counted = async || {
        let game = store.game(&g.id).await.unwrap().unwrap();
        (app.event_count(&g.id).await, game)
    };
    let (events, game) = counted().await;
    let records_per_seq = lag(events, &game);

    let loaded = app.log.load(&g.id).await.unwrap();
    let seat = loaded.table.to_act()[0];
    let view = feldpost::play::view::view(&app.log, &loaded, Some(seat));
    let action = view.legal_actions[0].action.clone();
    let token = &g.tokens[usize::from(seat)];
    // A move is written from the cached state without reading first: it meets the lock at its
    // write.
    let mut other = second_connection(&app).await;
    if store.is_postgres() {
        sqlx::raw_sql("BEGIN; LOCK TABLE games IN ACCESS EXCLUSIVE MODE").execute(&mut other).await.unwrap();
    } else {
        sqlx::raw_sql("BEGIN IMMEDIATE").execute(&mut other).await.unwrap();
    }
    let dropped = tokio::time::timeout(
        Duration::from_millis(300),
        feldpost::play::act::by_token(&app.log, &seat_token(token), None, view.current_seq, &action),
    )
    .await;
    assert!(dropped.is_err(), "the move waited for the lock and was dropped: {dropped:?}");
    sqlx::raw_sql("ROLLBACK").execute(&mut other).await.unwrap();
    // On Postgres the move's statement is written by a task of its own (with other games'
    // moves, see src/store/batch.rs), which goes on without its caller: it lands or is refused
    // once the lock is gone. Either way it is whole or absent.
    store.settled().await;

    // Whole or absent: every record the game row counts is in the log, and no more.
    let (events, game) = counted().await;
    assert_eq!(
        lag(events, &game),
        records_per_seq,
        "the log and the game row agree: {events} records at seq {}",
        game.last_seq
    );
    assert!(game.last_seq as u64 <= view.current_seq + 1, "the dropped move at most: {}", game.last_seq);
    // The next moves land, each at the number the seat saw.
    for _ in 0..4 {
        let loaded = app.log.load(&g.id).await.unwrap();
        let seat = loaded.table.to_act()[0];
        let view = feldpost::play::view::view(&app.log, &loaded, Some(seat));
        let acted = feldpost::play::act::by_token(
            &app.log,
            &g.token(usize::from(seat)),
            None,
            view.current_seq,
            &view.legal_actions[0].action,
        )
        .await
        .unwrap_or_else(|e| panic!("the move after the dropped one: {e:?}"));
        assert_eq!(acted.seq, view.current_seq + 1);
    }
    let (events, game) = counted().await;
    assert_eq!(lag(events, &game), records_per_seq);
}
