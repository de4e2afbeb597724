//! Steps of the wall clock under the real server (`CARGO_BIN_EXE_feldpost`), run under
//! libfaketime with the monotonic clock left real, as it is on a machine whose wall clock NTP or
//! an operator steps: a step back holds nothing up (a client at its limit waits a normal wait, a
//! deadline comes when it is due, a record is never stamped before the one before it), across a
//! restart too; a step forward acts once; a limit written by a server whose clock was ahead
//! holds a client no longer than a full limit would.
//!
//! The tests that step a clock skip themselves, saying so, where libfaketime is not installed
//! (Debian's package `faketime`); `.ci/run` installs it, so CI never skips them.

use crate::harness::process::{self, Answer, Server, act, colditz, create, history};
use crate::harness::{fresh_url, opened_store_at};
use feldpost::store::Timeouts;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

use std::time::{Duration, Instant};

/// The limit on games created from one client address: 20, then one per 10 minutes.
const GAMES_PER_CLIENT: usize = 20;
const GAMES_PERIOD_S: u64 = 600;
const DAY_S: i64 = 24 * 3600;

/// libfaketime's library, where Debian (and the usual local builds) put it.
fn libfaketime() -> Option<PathBuf> {
    let mut dirs = vec![PathBuf::from("/usr/lib/faketime"), PathBuf::from("/usr/local/lib/faketime")];
    if let Ok(entries) = std::fs::read_dir("/usr/lib") {
        dirs.extend(entries.flatten().map(|e| e.path().join("faketime")));
    }
    dirs.into_iter().map(|d| d.join("libfaketime.so.1")).find(|p| p.is_file())
}

/// libfaketime, or `None` after saying that `test` is skipped without it.
fn libfaketime_or_skip(test: &str) -> Option<PathBuf> {
    let found = libfaketime();
    if found.is_none() {
        eprintln!(
            "SKIPPED {test}: libfaketime is not installed (libfaketime.so.1; Debian: apt-get install \
             faketime), so the wall clock cannot be stepped under the server"
        );
    }
    found
}

/// A wall clock for the server that the test steps while it runs: libfaketime reads its offset
/// from a file at every reading of the wall clock; the monotonic clock stays real.
struct FakeWall {
    library: PathBuf,
    file: PathBuf,
}

impl FakeWall {
    fn new(library: PathBuf, dir: &Path) -> FakeWall {
        let wall = FakeWall { library, file: dir.join("faketime") };
        wall.set(0);
        wall
    }

    /// The wall clock `secs` seconds off the real time from now on (written whole: renamed in).
    fn set(&self, secs: i64) {
        let tmp = self.file.with_extension("tmp");
        std::fs::write(&tmp, format!("{secs:+}\n")).unwrap();
        std::fs::rename(&tmp, &self.file).unwrap();
    }

    fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("LD_PRELOAD", self.library.display().to_string()),
            ("FAKETIME_TIMESTAMP_FILE", self.file.display().to_string()),
            ("FAKETIME_NO_CACHE", "1".into()),
            // Both spellings: older releases read the first, newer ones the second.
            ("DONT_FAKE_MONOTONIC", "1".into()),
            ("FAKETIME_DONT_FAKE_MONOTONIC", "1".into()),
        ]
    }
}

/// Start the binary on `db_url` (its wall clock stepped by `wall`, if given), the game clocks
/// ticking every 200 ms.
fn start(db_url: &str, dir: &Path, wall: Option<&FakeWall>) -> Server {
    process::start(db_url, dir, &wall.map(FakeWall::env).unwrap_or_default())
}

fn data_dir() -> PathBuf {
    process::data_dir("clock-steps")
}

/// Each record's time (ms), in the order of the log.
fn times(records: &[Value]) -> Vec<i64> {
    records.iter().map(|r| r["at"].as_i64().unwrap()).collect()
}

fn assert_in_order(records: &[Value]) {
    let at = times(records);
    assert!(at.windows(2).all(|w| w[0] <= w[1]), "a record stamped before the one before it: {at:?}");
}

/// Create games of Colditz from this client until it is refused: the refusal.
fn use_up_the_game_limit(port: u16, made_before: usize) -> Answer {
    for n in made_before..GAMES_PER_CLIENT {
        if let Err(a) = create(port, colditz()) {
            panic!("game {n} refused: {} {}", a.status, a.text);
        }
    }
    create(port, colditz()).err().expect("the limit is used up")
}

/// A client at its game-creation limit when the wall clock goes back a day is told to wait no
/// longer than the limit's period (not a day and ten minutes), and a move made after the step is
/// stamped no earlier than the record before it; a restart with the wall clock still behind
/// goes back neither.
#[tokio::test]
async fn a_day_back_holds_no_client_longer_than_its_limit_and_no_record_goes_back() {
    let Some(library) = libfaketime_or_skip(
        "clock_steps::a_day_back_holds_no_client_longer_than_its_limit_and_no_record_goes_back",
    ) else {
        return;
    };
    let url = fresh_url().await;
    let dir = data_dir();
    let wall = FakeWall::new(library, &dir);
    let server = start(&url, &dir, Some(&wall));
    let game = create(
        server.port,
        json!({"ruleset": "zajatce", "host_email": "host@example.org", "players": [{"name": "A"}, {"name": "B"}]}),
    )
    .unwrap_or_else(|a| panic!("{} {}", a.status, a.text));
    act(server.port, &game);
    let refused = use_up_the_game_limit(server.port, 1);
    assert_eq!(refused.status, 429, "{}", refused.text);
    assert!(refused.retry_after() <= GAMES_PERIOD_S, "{}", refused.retry_after());

    wall.set(-DAY_S);
    let refused = create(server.port, colditz()).err().expect("still at the limit");
    assert_eq!(refused.status, 429, "{}", refused.text);
    assert!(
        refused.retry_after() <= GAMES_PERIOD_S,
        "a day back, the client is told to wait {} s",
        refused.retry_after()
    );
    act(server.port, &game);
    let records = history(server.port, &game);
    assert_eq!(records.len(), 3, "{records:?}");
    assert_in_order(&records);
    let log = server.log();
    assert!(log.contains("the system clock stepped back by 86"), "the step is logged: {log}");

    // Restarted with the wall clock still a day behind: it starts from the newest time the
    // database holds.
    drop(server);
    let server = start(&url, &dir, Some(&wall));
    let refused = create(server.port, colditz()).err().expect("still at the limit");
    assert_eq!(refused.status, 429, "{}", refused.text);
    assert!(refused.retry_after() <= GAMES_PERIOD_S, "after a restart: {} s", refused.retry_after());
    act(server.port, &game);
    let after_restart = history(server.port, &game);
    assert_eq!(after_restart.len(), 4);
    assert_in_order(&after_restart);
    let log = server.log();
    assert!(log.contains("the database holds a time 86"), "{log}");
}

/// A game that waits for a seat under the "skip" policy: a step forward past its deadline makes
/// the server skip the turn at the next tick, once; and a deadline that falls due just after a
/// step back of three hours is kept on time (by the monotonic clock), not three hours late.
#[tokio::test]
async fn a_step_forward_skips_a_due_turn_once_and_a_step_back_delays_no_deadline() {
    let Some(library) = libfaketime_or_skip(
        "clock_steps::a_step_forward_skips_a_due_turn_once_and_a_step_back_delays_no_deadline",
    ) else {
        return;
    };
    let url = fresh_url().await;
    let dir = data_dir();
    let wall = FakeWall::new(library, &dir);
    let server = start(&url, &dir, Some(&wall));
    let players: Vec<Value> = ["R", "Bl", "Ra", "Ba"].iter().map(|n| json!({"name": n})).collect();
    let game = create(
        server.port,
        json!({"ruleset": "sluzba", "host_email": "host@example.org", "players": players, "deadline": {"hours": 1, "policy": "skip"}}),
    )
    .unwrap_or_else(|a| panic!("{} {}", a.status, a.text));
    let created_at = times(&history(server.port, &game))[0];
    let skips = |records: &[Value]| records.iter().filter(|r| r["cause"] == "deadline").count();
    let wait_for_skips = |n: usize, within: Duration| -> Vec<Value> {
        let started = Instant::now();
        loop {
            let records = history(server.port, &game);
            if skips(&records) >= n || started.elapsed() > within {
                return records;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    };

    // Two hours forward: the turn is skipped at the next tick, and once only.
    wall.set(2 * 3600);
    let records = wait_for_skips(1, Duration::from_secs(20));
    assert_eq!(skips(&records), 1, "the due turn is skipped: {records:?}");
    std::thread::sleep(Duration::from_secs(2)); // ten ticks more
    let records = history(server.port, &game);
    assert_eq!(skips(&records), 1, "once: {records:?}");
    assert_in_order(&records);
    let skipped_at = records.iter().find(|r| r["cause"] == "deadline").unwrap()["at"].as_i64().unwrap();
    assert!(skipped_at >= created_at + 2 * 3600 * 1000, "the step was taken: {skipped_at} {created_at}");

    // The next wait ends an hour after the skip. The wall clock is set to ten seconds before
    // then, read by the ticks, and stepped back three hours: the deadline still comes in about
    // ten seconds (and not in three hours).
    let real_now = feldpost::clock::now_ms_system();
    let before_deadline = skipped_at + 3600 * 1000 - 10_000;
    let offset = (before_deadline - real_now).div_euclid(1000);
    wall.set(offset);
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(skips(&history(server.port, &game)), 1, "not yet due");
    wall.set(offset - 3 * 3600);
    let stepped_back = Instant::now();
    let records = wait_for_skips(2, Duration::from_secs(60));
    assert_eq!(skips(&records), 2, "the deadline came in time after the step back: {records:?}");
    assert!(stepped_back.elapsed() < Duration::from_secs(40), "{:?}", stepped_back.elapsed());
    assert_in_order(&records);
    let second = records.iter().filter(|r| r["cause"] == "deadline").nth(1).unwrap()["at"].as_i64().unwrap();
    assert!(second >= skipped_at + 3600 * 1000, "{second} {skipped_at}");
}

/// Two servers on one database, one with its wall clock a day ahead: the limit it writes holds a
/// client on the other for no longer than the limit's period.
#[tokio::test]
async fn a_limit_written_by_a_server_a_day_ahead_holds_a_client_no_longer_than_its_period() {
    let Some(library) = libfaketime_or_skip(
        "clock_steps::a_limit_written_by_a_server_a_day_ahead_holds_a_client_no_longer_than_its_period",
    ) else {
        return;
    };
    let url = fresh_url().await;
    let dir = data_dir();
    // The server on time starts first: the database holds no time yet to start from.
    let on_time = start(&url, &dir, None);
    let wall = FakeWall::new(library, &dir);
    wall.set(DAY_S);
    let ahead = start(&url, &dir, Some(&wall));
    let refused = use_up_the_game_limit(ahead.port, 0);
    assert_eq!(refused.status, 429, "{}", refused.text);
    let refused = create(on_time.port, colditz()).err().expect("both count the limit together");
    assert_eq!(refused.status, 429, "{}", refused.text);
    assert!(refused.retry_after() <= GAMES_PERIOD_S, "told to wait {} s", refused.retry_after());
}

/// The store's side of it, on either database and without a stepped clock: a rate-limit row
/// far ahead of now (written by a clock that was ahead) refuses for at most one period, and
/// lets a request through after it.
#[tokio::test]
async fn a_rate_limit_row_far_ahead_refuses_for_at_most_one_period() {
    let url = fresh_url().await;
    let (store, _appender) = opened_store_at(&url, Timeouts::default()).await;
    let now = crate::harness::T0;
    let (period, burst) = (10 * 60_000, 20);
    let far = now + 365 * 24 * 3_600_000;
    for n in 0..burst {
        assert_eq!(store.rate_take("games-client:x", far, period, burst).await.unwrap(), None, "{n}");
    }
    assert!(store.rate_take("games-client:x", far, period, burst).await.unwrap().is_some());
    let wait = store.rate_take("games-client:x", now, period, burst).await.unwrap().expect("refused");
    assert!((1..=period).contains(&wait), "{wait}");
    assert_eq!(store.rate_take("games-client:x", now + period, period, burst).await.unwrap(), None);
    assert!(store.rate_take("games-client:x", now + period, period, burst).await.unwrap().is_some());
}
