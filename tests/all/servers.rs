//! The real server, as its operator starts it (`CARGO_BIN_EXE_feldpost`): it refuses to serve
//! the dev mailbox beyond this machine unless told to, keeps link tokens out of its log, and two
//! servers on one database count the rate limits together, across a restart too.

use crate::harness::fresh_url;
use crate::harness::process::{Server, data_dir, http, try_start_command};
use std::process::Command;
use std::time::Duration;

/// Start the binary on `bind_host` with `env` (its log with every request); `Err` if it exits
/// (refusing to start) instead of listening.
fn start(db_url: &str, bind_host: &str, env: &[(&str, &str)]) -> Result<Server, String> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_feldpost"));
    command.arg("serve");
    let mut env: Vec<(&str, String)> = env.iter().map(|(k, v)| (*k, v.to_string())).collect();
    env.push(("RUST_LOG", "feldpost=debug,tower_http=debug".into()));
    try_start_command(command, db_url, &data_dir("servers"), bind_host, &env)
}

fn create(port: u16, host_email: &str, n: usize) -> u16 {
    let body = format!(
        r#"{{"ruleset":"zajatce","host_email":"{host_email}","players":[{{"name":"A{n}","email":"a{n}@example.org"}},{{"name":"B{n}"}}]}}"#
    );
    http(port, "POST", "/api/games", &[("Content-Type", "application/json")], &body).0
}

/// A wrong password for `email`, through the login form (with its CSRF cookie and token).
fn wrong_login(port: u16, email: &str) -> u16 {
    let (_, page) = http(port, "GET", "/account/login", &[], "");
    let cookie = page
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: ").or_else(|| l.strip_prefix("Set-Cookie: ")))
        .and_then(|c| c.split(';').next())
        .expect("a CSRF cookie")
        .to_owned();
    let csrf = crate::harness::csrf_of(&page, "/account/login").expect("the form's token");
    let body = format!("csrf={csrf}&email={}&password=wrong-password", email.replace('@', "%40"));
    http(
        port,
        "POST",
        "/account/login",
        &[("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", &cookie)],
        &body,
    )
    .0
}

#[tokio::test]
async fn two_servers_on_one_database_count_the_limits_together_and_a_restart_forgets_nothing() {
    let url = fresh_url().await;
    let a = start(&url, "127.0.0.1", &[]).unwrap();
    let b = start(&url, "127.0.0.1", &[]).unwrap();
    // Ten games naming one host address, five on each server: the host's limit is used up on both.
    for n in 0..10 {
        let port = if n % 2 == 0 { a.port } else { b.port };
        assert_eq!(create(port, "spammer@example.org", n), 201, "game {n}");
    }
    assert_eq!(create(a.port, "spammer@example.org", 10), 429, "server A counts B's games");
    assert_eq!(create(b.port, "spammer@example.org", 11), 429, "server B counts A's games");
    // Five wrong passwords for one address, spread over both: the sixth is refused on either.
    for n in 0..5 {
        let port = if n % 2 == 0 { a.port } else { b.port };
        assert_eq!(wrong_login(port, "ana@example.org"), 403, "attempt {n}");
    }
    assert_eq!(wrong_login(b.port, "ana@example.org"), 429);
    // A restart forgets nothing.
    drop(a);
    let a = start(&url, "127.0.0.1", &[]).unwrap();
    assert_eq!(wrong_login(a.port, "ana@example.org"), 429);
    assert_eq!(create(a.port, "spammer@example.org", 12), 429);
    assert_eq!(create(a.port, "someone@example.org", 13), 201, "another host may");
}

#[tokio::test]
async fn without_smtp_the_server_refuses_a_non_loopback_bind_unless_told_it_is_meant() {
    let url = fresh_url().await;
    let refused = start(&url, "0.0.0.0", &[]).err().expect("it must not start");
    assert!(refused.contains("FELDPOST_DEV_MAILBOX=1"), "it says how: {refused}");
    assert!(refused.contains("refusing to serve on 0.0.0.0"), "{refused}");
    // Told it is meant: it serves, warns, and shows the mailbox only to this machine by a
    // loopback name.
    let s = start(&url, "0.0.0.0", &[("FELDPOST_DEV_MAILBOX", "1")]).unwrap();
    assert_eq!(http(s.port, "GET", "/dev/mailbox", &[], "").0, 200);
    let (status, answer) = http(s.port, "GET", "/dev/mailbox", &[("Host", "feldpost.example.org")], "");
    assert_eq!(status, 404, "{answer}");
    assert!(answer.contains("only a browser on the server"), "{answer}");
    assert_eq!(http(s.port, "GET", "/dev/mailbox", &[("X-Forwarded-For", "198.51.100.7")], "").0, 404);
    let log = std::fs::read_to_string(&s.log).unwrap();
    assert!(log.contains("WARN") && log.contains("dev mailbox"), "a warning: {log}");
    // On a loopback bind it starts without being told, and warns all the same.
    let local = start(&url, "127.0.0.1", &[]).unwrap();
    assert!(std::fs::read_to_string(&local.log).unwrap().contains("dev mailbox"));
}

#[tokio::test]
async fn seat_and_host_tokens_stay_out_of_the_servers_log() {
    let url = fresh_url().await;
    let s = start(&url, "127.0.0.1", &[]).unwrap();
    let body = r#"{"ruleset":"colditz","players":[{"name":"G"},{"name":"A"}]}"#;
    let (status, answer) = http(s.port, "POST", "/api/games", &[("Content-Type", "application/json")], body);
    assert_eq!(status, 201, "{answer}");
    let json: serde_json::Value =
        serde_json::from_str(&answer[answer.find("\r\n\r\n").unwrap() + 4..]).unwrap();
    let seat = json["seats"][0]["token"].as_str().unwrap().to_owned();
    let host_url = json["host_url"].as_str().unwrap();
    let host_token = host_url.rsplit('/').next().unwrap().to_owned();
    let host_path = host_url.strip_prefix(&format!("http://127.0.0.1:{}", s.port)).unwrap();
    assert_eq!(http(s.port, "GET", &format!("/play/{seat}"), &[], "").0, 200);
    assert_eq!(http(s.port, "GET", &format!("/play/{seat}/history?at=1"), &[], "").0, 200);
    assert_eq!(http(s.port, "GET", host_path, &[], "").0, 200);
    assert_eq!(http(s.port, "GET", &format!("/play/{seat}0/nothing"), &[], "").0, 404);
    std::thread::sleep(Duration::from_millis(200));
    let log = std::fs::read_to_string(&s.log).unwrap();
    assert!(log.contains("/play/…"), "the requests are logged, tokens cut out: {log}");
    assert!(!log.contains(&seat), "a seat token in the log: {log}");
    assert!(!log.contains(&host_token), "the host token in the log: {log}");
}
