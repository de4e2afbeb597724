//! Backing up and checking a database as its operator does: `feldpost backup` while moves are
//! made, the copy restored into a fresh folder, `feldpost verify --all` over it, and the game
//! played on from the restored copy with the links the players already hold. And `verify
//! --all` finds a log changed behind the server's back.

use crate::harness::process::{self, Game, act, colditz, create, history};
use crate::harness::{SECRET, TestApp, fresh_url};
use feldpost::store::Store;
use serde_json::json;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// Run the `feldpost` command `args` against `db_url`, with the tests' secret.
fn feldpost(db_url: &str, dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_feldpost"))
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", db_url)
        .env("FELDPOST_DATA_DIR", dir)
        .env("FELDPOST_SECRET", SECRET)
        .env("RUST_LOG", "off")
        .output()
        .unwrap()
}

fn said(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// The number before `what` in `text` ("3 games" → 3).
fn count_before(text: &str, what: &str) -> u64 {
    let at = text.find(what).unwrap_or_else(|| panic!("{what:?} in {text}"));
    text[..at].split_whitespace().last().unwrap().parse().unwrap()
}

#[tokio::test]
async fn a_backup_taken_during_moves_restores_verifies_and_plays_on() {
    let url = fresh_url().await;
    if !url.starts_with("sqlite:") {
        // Postgres is copied by pg_dump (the operator's tool); the SQLite default copies itself.
        return;
    }
    let dir = process::data_dir("backup");
    let server = process::start(&url, &dir, &[]);
    let port = server.port;
    let games: Vec<Game> = (0..3).map(|_| create(port, colditz()).unwrap()).collect();

    let stop = Arc::new(AtomicBool::new(false));
    let moved = Arc::new(AtomicUsize::new(0));
    let movers: Vec<_> = games
        .iter()
        .map(|g| {
            let (g, stop, moved) =
                (Game { id: g.id.clone(), tokens: g.tokens.clone() }, stop.clone(), moved.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    act(port, &g);
                    moved.fetch_add(1, Ordering::SeqCst);
                }
            })
        })
        .collect();
    while moved.load(Ordering::SeqCst) < 6 {
        std::thread::sleep(Duration::from_millis(20));
    }
    let copy = dir.join("copy.db");
    let backed_up = feldpost(&url, &dir, &["backup", copy.to_str().unwrap()]);
    let moved_by_then = moved.load(Ordering::SeqCst);
    while moved.load(Ordering::SeqCst) < moved_by_then + 6 {
        std::thread::sleep(Duration::from_millis(20));
    }
    stop.store(true, Ordering::Relaxed);
    for m in movers {
        m.join().unwrap();
    }
    assert!(backed_up.status.success(), "{}", said(&backed_up));
    assert!(
        said(&backed_up).contains("keep a copy of it with the backup"),
        "the secret is named: {}",
        said(&backed_up)
    );
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&copy).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the copy holds players' addresses: only its owner reads it");
    let again = feldpost(&url, &dir, &["backup", copy.to_str().unwrap()]);
    assert!(!again.status.success() && said(&again).contains("already exists"), "{}", said(&again));

    // Restored into a fresh folder, as after losing the machine.
    let restored_dir = process::data_dir("restored");
    let restored_db = restored_dir.join("feldpost.db");
    std::fs::copy(&copy, &restored_db).unwrap();
    let restored = format!("sqlite:{}", restored_db.display());
    let key = String::from_utf8(feldpost(&url, &dir, &["key"]).stdout).unwrap();
    let verified = feldpost(&restored, &restored_dir, &["verify", "--all", "--key", key.trim()]);
    let summary = said(&verified);
    assert!(verified.status.success(), "{summary}");
    assert_eq!(count_before(&summary, "games,"), 3, "{summary}");
    assert_eq!(count_before(&summary, "failed"), 0, "{summary}");
    let records = count_before(&summary, "records:");
    let live: u64 = games.iter().map(|g| history(port, g).len() as u64).sum();
    assert!(records < live, "the copy is of a moment during the moves ({records} of {live} records)");
    drop(server);

    // A wrong key is named as such: the restored secret must be the one that signed.
    let wrong = feldpost(&restored, &restored_dir, &["verify", "--all", "--key", &"0".repeat(64)]);
    assert!(!wrong.status.success() && said(&wrong).contains("not the one you gave"), "{}", said(&wrong));

    // Played on from the copy, with the links the players hold.
    let server = process::start(&restored, &restored_dir, &[]);
    for g in &games {
        let before = history(server.port, g).len();
        act(server.port, g);
        assert_eq!(history(server.port, g).len(), before + 1);
    }
}

#[tokio::test]
async fn verify_all_names_the_game_whose_log_was_changed_behind_the_servers_back() {
    let app = TestApp::spawn().await;
    let kept = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let changed = app.create_zajatce(&["Cyril", "Dana"], json!({})).await;
    for g in [&kept, &changed] {
        for _ in 0..3 {
            let loaded = app.log.load(&g.id).await.unwrap();
            let seat = loaded.table.to_act()[0];
            let view = feldpost::play::view::view(&app.log, &loaded, Some(seat));
            let action = &view.legal_actions[0].action;
            feldpost::play::act::by_token(
                &app.log,
                &g.token(usize::from(seat)),
                None,
                view.current_seq,
                action,
            )
            .await
            .unwrap();
        }
    }
    let dir = process::data_dir("verify-all");
    let clean = feldpost(&app.db_url, &dir, &["verify", "--all"]);
    assert!(clean.status.success(), "{}", said(&clean));
    assert_eq!(count_before(&said(&clean), "failed"), 0, "{}", said(&clean));

    // Someone with the database's password edits a record (past the append-only trigger).
    let store = Store::connect(&app.db_url).await.unwrap();
    if store.is_postgres() {
        store.execute_raw("ALTER TABLE events DISABLE TRIGGER events_refuse_update_delete").await.unwrap();
    } else {
        store.execute_raw("DROP TRIGGER events_refuse_update").await.unwrap();
    }
    let edited = store
        .execute_raw(&format!(
            "UPDATE events SET body = REPLACE(body, '\"at\":', '\"at\": ') WHERE game_id = '{}' AND seq = 2",
            changed.id
        ))
        .await
        .unwrap();
    assert_eq!(edited, 1);
    let found = feldpost(&app.db_url, &dir, &["verify", "--all"]);
    let summary = said(&found);
    assert!(!found.status.success(), "{summary}");
    assert!(summary.contains(&format!("FAILED {}", changed.id)), "the changed game is named: {summary}");
    assert!(!summary.contains(&format!("FAILED {}", kept.id)), "the other is not: {summary}");
    assert_eq!(count_before(&summary, "failed"), 1, "{summary}");
}
