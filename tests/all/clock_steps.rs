//! Steps of the wall clock under the real server (`CARGO_BIN_EXE_feldpost`), run under
//! libfaketime with the monotonic clock left real, as it is on a machine whose wall clock NTP or
//! an operator steps: a step back holds nothing up (a client at its limit waits a normal wait, a
//! deadline comes when it is due, a record is never stamped before the one before it), across a
//! restart too; a step forward acts once; a limit written by a server whose clock was ahead
//! holds a client no longer than a full limit would.
//!
//! The tests that step a clock skip themselves, saying so, where libfaketime is not installed
//! (Debian's package `faketime`); `.ci/run` installs it, so CI never skips them.

use crate::harness::{fresh_url, opened_store_at};
use feldpost::store::Timeouts;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
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

struct Server {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

fn data_dir() -> PathBuf {
    let dir = std::env::temp_dir().join("feldpost-clock-steps").join(feldpost::secret::random_id());
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Start the binary on `db_url` (its wall clock stepped by `wall`, if given), the game clocks
/// ticking every 200 ms.
fn start(db_url: &str, dir: &Path, wall: Option<&FakeWall>) -> Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let log = dir.join(format!("server-{port}.log"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_feldpost"));
    command
        .arg("serve")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("FELDPOST_BIND", format!("127.0.0.1:{port}"))
        .env("FELDPOST_BASE_URL", format!("http://127.0.0.1:{port}"))
        .env("FELDPOST_DATA_DIR", dir)
        .env("FELDPOST_SECRET", crate::harness::SECRET)
        .env("FELDPOST_TICK_MS", "200")
        .env("DATABASE_URL", db_url)
        .env("RUST_LOG", "feldpost=info")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap());
    for (k, v) in wall.map(FakeWall::env).unwrap_or_default() {
        command.env(k, v);
    }
    let mut child = command.spawn().unwrap();
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(30) {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the server exited ({status}): {}", std::fs::read_to_string(&log).unwrap_or_default());
        }
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Server { child, port, log };
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server did not listen: {}", std::fs::read_to_string(&log).unwrap_or_default());
}

/// An answer: status, headers (names in lower case) and the body as JSON (`Null` if it is not).
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    text: String,
    json: Value,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Retry-After in seconds (the answer must carry it).
    fn retry_after(&self) -> u64 {
        let v = self.header("retry-after").unwrap_or_else(|| panic!("no Retry-After: {}", self.text));
        v.trim().parse().unwrap_or_else(|_| panic!("Retry-After {v:?}"))
    }
}

/// One request over a fresh connection, as JSON (with the seat's token if given).
fn call(port: u16, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Answer {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(t) = token {
        req.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(&body);
    s.write_all(req.as_bytes()).unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let (head, text) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let mut lines = head.lines();
    let status =
        lines.next().and_then(|l| l.split_whitespace().nth(1)).and_then(|c| c.parse().ok()).unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Answer { status, headers, text: text.to_owned(), json: serde_json::from_str(text).unwrap_or(Value::Null) }
}

/// A game created through the API: its id and its seats' tokens.
struct Game {
    id: String,
    tokens: Vec<String>,
}

fn create(port: u16, request: Value) -> Result<Game, Answer> {
    let a = call(port, "POST", "/api/games", None, Some(request));
    if a.status != 201 {
        return Err(a);
    }
    let tokens =
        a.json["seats"].as_array().unwrap().iter().map(|s| s["token"].as_str().unwrap().into()).collect();
    Ok(Game { id: a.json["game_id"].as_str().unwrap().into(), tokens })
}

/// A game of Escape from Colditz without addresses (no host needed, no mail).
fn colditz() -> Value {
    json!({"ruleset": "colditz", "players": [{"name": "G"}, {"name": "A"}]})
}

/// The first legal action of the seat to act, through the API.
fn act(port: u16, g: &Game) {
    let seat0 = call(port, "GET", &format!("/api/games/{}", g.id), Some(&g.tokens[0]), None);
    assert_eq!(seat0.status, 200, "{}", seat0.text);
    let seat = seat0.json["to_act"][0].as_u64().expect("a seat to act") as usize;
    let view = call(port, "GET", &format!("/api/games/{}", g.id), Some(&g.tokens[seat]), None);
    let action = view.json["legal_actions"][0]["action"].clone();
    let body = json!({"expected_seq": view.json["current_seq"], "action": action});
    let acted =
        call(port, "POST", &format!("/api/games/{}/actions", g.id), Some(&g.tokens[seat]), Some(body));
    assert_eq!(acted.status, 200, "{}", acted.text);
}

/// The game's history as seat 0 reads it.
fn history(port: u16, g: &Game) -> Vec<Value> {
    let a = call(port, "GET", &format!("/api/games/{}/events", g.id), Some(&g.tokens[0]), None);
    assert_eq!(a.status, 200, "{}", a.text);
    a.json.as_array().unwrap().clone()
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
