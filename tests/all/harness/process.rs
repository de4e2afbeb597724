//! The real server as a process (`CARGO_BIN_EXE_feldpost`) and plain HTTP/1.1 to it: for the
//! tests that must see what only a process shows (its clock under libfaketime, its signals, its
//! exit).

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Server {
    pub child: Child,
    pub port: u16,
    pub log: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

pub fn data_dir(purpose: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("feldpost-{purpose}")).join(feldpost::secret::random_id());
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Start the binary on `db_url` with `env` besides its usual settings, the game clocks ticking
/// every 200 ms; returns once it listens.
pub fn start(db_url: &str, dir: &Path, env: &[(&str, String)]) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_feldpost"));
    command.arg("serve");
    start_command(command, db_url, dir, env)
}

/// [`start`] with the command given (one that ends by running the binary's `serve`: the binary
/// from another place, say, under `unshare`), its environment set as `start` sets it.
pub fn start_command(command: Command, db_url: &str, dir: &Path, env: &[(&str, String)]) -> Server {
    try_start_command(command, db_url, dir, "127.0.0.1", env).unwrap_or_else(|refused| panic!("{refused}"))
}

/// [`start_command`] on `bind_host`; `Err` with its exit status and log if the server exits
/// (refusing to start) instead of listening.
pub fn try_start_command(
    mut command: Command,
    db_url: &str,
    dir: &Path,
    bind_host: &str,
    env: &[(&str, String)],
) -> Result<Server, String> {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let log = dir.join(format!("server-{port}.log"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("FELDPOST_BIND", format!("{bind_host}:{port}"))
        .env("FELDPOST_BASE_URL", format!("http://127.0.0.1:{port}"))
        .env("FELDPOST_DATA_DIR", dir)
        .env("FELDPOST_SECRET", crate::harness::SECRET)
        .env("FELDPOST_TICK_MS", "200")
        .env("DATABASE_URL", db_url)
        .env("RUST_LOG", "feldpost=info")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().unwrap();
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(30) {
        if let Some(status) = child.try_wait().unwrap() {
            return Err(format!(
                "the server exited ({status}): {}",
                std::fs::read_to_string(&log).unwrap_or_default()
            ));
        }
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Ok(Server { child, port, log });
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server did not listen: {}", std::fs::read_to_string(&log).unwrap_or_default());
}

/// One HTTP/1.1 request over a fresh connection, with `headers` (a Host of its own unless one is
/// given): its status, and its headers and body as text.
pub fn http(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut req =
        format!("{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        req.push_str(&format!("Host: 127.0.0.1:{port}\r\n"));
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let status = answer.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    (status, answer)
}

/// An answer: status, headers (names in lower case) and the body as JSON (`Null` if it is not).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub text: String,
    pub json: Value,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Retry-After in seconds (the answer must carry it).
    pub fn retry_after(&self) -> u64 {
        let v = self.header("retry-after").unwrap_or_else(|| panic!("no Retry-After: {}", self.text));
        v.trim().parse().unwrap_or_else(|_| panic!("Retry-After {v:?}"))
    }
}

/// One request over a fresh connection, as JSON (with the seat's token if given).
pub fn call(port: u16, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Answer {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let bearer = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(b) = &bearer {
        headers.push(("Authorization", b));
    }
    let (status, answer) = http(port, method, path, &headers, &body);
    let (head, text) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Answer { status, headers, text: text.to_owned(), json: serde_json::from_str(text).unwrap_or(Value::Null) }
}

/// A game created through the API: its id and its seats' tokens.
pub struct Game {
    pub id: String,
    pub tokens: Vec<String>,
}

pub fn create(port: u16, request: Value) -> Result<Game, Answer> {
    let a = call(port, "POST", "/api/games", None, Some(request));
    if a.status != 201 {
        return Err(a);
    }
    let tokens =
        a.json["seats"].as_array().unwrap().iter().map(|s| s["token"].as_str().unwrap().into()).collect();
    Ok(Game { id: a.json["game_id"].as_str().unwrap().into(), tokens })
}

/// A game of Escape from Colditz without addresses (no host needed, no mail).
pub fn colditz() -> Value {
    json!({"ruleset": "colditz", "players": [{"name": "G"}, {"name": "A"}]})
}

/// The first legal action of the seat to act, through the API.
pub fn act(port: u16, g: &Game) {
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
pub fn history(port: u16, g: &Game) -> Vec<Value> {
    let a = call(port, "GET", &format!("/api/games/{}/events", g.id), Some(&g.tokens[0]), None);
    assert_eq!(a.status, 200, "{}", a.text);
    a.json.as_array().unwrap().clone()
}

/// `feldpost inbound` as an MTA's pipe runs it: one mail on standard input, the tests' key,
/// base URL and From address (`env` adds to them or overrides them), its log off; returns its
/// exit status and output once it has exited.
pub fn inbound(db_url: &str, args: &[&str], env: &[(&str, String)], mail: &[u8]) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_feldpost"));
    command
        .arg("inbound")
        .args(args)
        .env("DATABASE_URL", db_url)
        .env("FELDPOST_SECRET", crate::harness::SECRET)
        .env("FELDPOST_BASE_URL", crate::harness::BASE_URL)
        .env("FELDPOST_MAIL_FROM", format!("feldpost <{}>", crate::harness::OWN))
        .env("RUST_LOG", "off")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("run feldpost inbound");
    child.stdin.take().unwrap().write_all(mail).unwrap();
    child.wait_with_output().unwrap()
}

/// [`inbound`] from async code, off the runtime's threads.
pub async fn inbound_async(
    db_url: &str,
    args: &[&str],
    env: &[(&str, String)],
    mail: &[u8],
) -> std::process::Output {
    let db_url = db_url.to_owned();
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let env: Vec<(String, String)> = env.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    let mail = mail.to_vec();
    tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let env: Vec<(&str, String)> = env.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        inbound(&db_url, &args, &env, &mail)
    })
    .await
    .unwrap()
}
