//! The command line: export → verify / replay, tampering named by `verify`, and settings that
//! cannot be read.

use crate::harness::TestApp;
use serde_json::json;
use std::process::Command;

use crate::receipts::{finished, run, write};

#[tokio::test]
async fn verify_accepts_the_true_log_and_names_the_record_that_was_changed() {
    let export = finished(&TestApp::spawn().await).await;
    let (ok, out) = run(&["verify", &write("good", &export)]);
    assert!(ok && out.contains("every die and decision re-derived"), "{out}");

    let (ok, out) = run(&["replay", &write("replay", &export)]);
    assert!(ok, "{out}");
    let printed: serde_json::Value = serde_json::from_str(&out[..out.rfind('}').unwrap() + 1]).unwrap();
    assert!(printed["outcome"]["winners"].is_array());

    // One byte of one event: the hash no longer matches, and verify names the record.
    let mut tampered = export.clone();
    let n = tampered.records.len() / 2;
    let body = &mut tampered.records[n].body;
    let pos = body.find("\"seq\":").unwrap() + 6;
    let digit = body.as_bytes()[pos];
    body.replace_range(pos..pos + 1, if digit == b'9' { "8" } else { "9" });
    let (ok, out) = run(&["verify", &write("tampered", &tampered)]);
    assert!(!ok, "{out}");
    assert!(out.contains(&format!("record {}", n + 1)), "{out}");

    // A die changed and the chain re-hashed from there on: the chain is whole, the dice are not.
    let mut forged = export.clone();
    let (i, _) =
        forged.records.iter().enumerate().skip(1).find(|(_, c)| c.body.contains("\"rolled\"")).unwrap();
    let mut record = forged.records[i].record().unwrap();
    for e in record.events.iter_mut().filter(|e| e["type"] == "rolled") {
        let die = e["die"].as_u64().unwrap();
        e["die"] = json!(if die == 6 { 1 } else { die + 1 });
    }
    let mut prev = forged.records[i].prev_hash.clone();
    forged.records[i] = feldpost::record::Chained::new(&record, &prev);
    prev = forged.records[i].hash.clone();
    for c in forged.records.iter_mut().skip(i + 1) {
        *c = feldpost::record::Chained::new(&c.record().unwrap(), &prev);
        prev = c.hash.clone();
    }
    let (ok, out) = run(&["verify", &write("forged-die", &forged)]);
    assert!(!ok, "{out}");
    assert!(out.contains(&format!("record {}", i + 1)), "{out}");

    // A different seed than the one committed to.
    let mut wrong_seed = export.clone();
    wrong_seed.seed = Some("11".repeat(32));
    let (ok, out) = run(&["verify", &write("seed", &wrong_seed)]);
    assert!(!ok && out.contains("commitment"), "{out}");

    // Not an export at all.
    let (ok, out) = run(&["verify", "/dev/null"]);
    assert!(!ok, "{out}");
}

/// Run the binary with only `env` set (and PATH), `input` on its standard input; a command that
/// has not ended after 20 s (a server that started after all) is stopped and the test fails.
fn run_with_env(args: &[&str], env: &[(&str, &str)], input: &[u8]) -> (Option<i32>, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_feldpost"))
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("RUST_LOG", "off")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run feldpost");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("feldpost {args:?} with {env:?} did not stop");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.code(), text)
}

/// A setting that is set but cannot be read stops `feldpost serve` before anything starts, with
/// a message naming the variable and what it expected (not the default, silently).
#[test]
fn serve_with_a_setting_that_cannot_be_read_exits_naming_it() {
    let dir = std::env::temp_dir().join("feldpost-tests").join(feldpost::secret::random_id());
    let dir_text = dir.display().to_string();
    for (var, value, said) in [
        ("FELDPOST_MAIL_IN_FLIGHT", "abc", "FELDPOST_MAIL_IN_FLIGHT: \"abc\" is not a whole number"),
        ("FELDPOST_REPLAY_CACHE_GAMES", "5k", "FELDPOST_REPLAY_CACHE_GAMES: \"5k\" is not a whole number"),
        ("FELDPOST_DB_LOCK_TIMEOUT_MS", "-1", "FELDPOST_DB_LOCK_TIMEOUT_MS: \"-1\" is not a whole number"),
        ("FELDPOST_DEV_MAILBOX", "yes", "FELDPOST_DEV_MAILBOX: \"yes\" is neither 1 (on) nor 0 (off)"),
    ] {
        let env = [
            ("FELDPOST_BIND", "127.0.0.1:0"),
            ("FELDPOST_DATA_DIR", dir_text.as_str()),
            ("FELDPOST_SECRET", crate::harness::SECRET),
            (var, value),
        ];
        let (code, out) = run_with_env(&["serve"], &env, b"");
        assert!(code.is_some_and(|c| c != 0), "{var}={value}: exit {code:?}: {out}");
        assert!(out.contains(said), "{var}={value}: {out}");
        assert!(!dir.join("feldpost.db").exists(), "{var}={value}: no database was opened");
    }
    // Blank is unset: the default (here the server would start; `key` reads the same settings
    // and ends at once).
    let (code, out) = run_with_env(
        &["key"],
        &[
            ("FELDPOST_MAIL_IN_FLIGHT", " "),
            ("FELDPOST_SECRET", crate::harness::SECRET),
            ("FELDPOST_DATA_DIR", &dir_text),
        ],
        b"",
    );
    assert_eq!(code, Some(0), "{out}");
    let (code, out) = run_with_env(
        &["key"],
        &[
            ("FELDPOST_MAIL_IN_FLIGHT", "many"),
            ("FELDPOST_SECRET", crate::harness::SECRET),
            ("FELDPOST_DATA_DIR", &dir_text),
        ],
        b"",
    );
    assert!(code.is_some_and(|c| c != 0) && out.contains("FELDPOST_MAIL_IN_FLIGHT"), "{code:?}: {out}");
}

/// `feldpost inbound` with a setting that cannot be read exits 75 (try again later), so that the
/// MTA keeps the reply until the setting is fixed, instead of bouncing it.
#[test]
fn inbound_with_a_setting_that_cannot_be_read_asks_the_mta_to_try_again() {
    let mail = "From: Alena <alena@example.org>\r\nTo: feldpost+x.0.1.abc@feldpost.test\r\n\
                Subject: Re: [feldpost] Sobota\r\nMessage-ID: <cli-config@client.test>\r\n\
                Content-Type: text/plain; charset=utf-8\r\n\r\nhod\r\n";
    let dir = std::env::temp_dir().join("feldpost-tests").join(feldpost::secret::random_id());
    let (code, out) = run_with_env(
        &["inbound"],
        &[
            ("FELDPOST_DB_STATEMENT_TIMEOUT_MS", "10s"),
            ("FELDPOST_SECRET", crate::harness::SECRET),
            ("FELDPOST_DATA_DIR", &dir.display().to_string()),
        ],
        mail.as_bytes(),
    );
    assert_eq!(code, Some(75), "{out}");
    assert!(out.contains("FELDPOST_DB_STATEMENT_TIMEOUT_MS: \"10s\" is not a whole number"), "{out}");
}

/// `feldpost key` in `data`, without FELDPOST_SECRET (the key file's path), run by `sh` with
/// `before` in front (a limit on what it may write).
fn key_in(data: &std::path::Path, before: &str) -> (bool, String) {
    let script = format!("{before} exec \"$0\" key");
    let out = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_feldpost")])
        .env_remove("FELDPOST_SECRET")
        .env("FELDPOST_DATA_DIR", data)
        .output()
        .expect("run feldpost");
    (
        out.status.success(),
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)),
    )
}

/// A first start on a full disk (no byte may be written: `ulimit -f 0`, the signal ignored so
/// the write fails as on a full disk) fails and leaves no key; the next start makes a whole
/// one. The key that a full disk used to leave behind (an empty file) is refused, naming the
/// file, never used: its key would be SHA-256 of nothing, which anyone can compute.
#[test]
fn the_secret_key_is_written_whole_or_not_at_all_and_an_empty_one_is_refused() {
    let data =
        std::env::temp_dir().join("feldpost-tests").join(format!("key-{}", feldpost::secret::random_id()));
    std::fs::create_dir_all(&data).unwrap();
    let (ok, out) = key_in(&data, "trap '' XFSZ; ulimit -f 0;");
    assert!(!ok, "a key that cannot be written is no key: {out}");
    assert!(out.contains("secret") && out.contains("cannot be created"), "{out}");
    let left: Vec<_> = std::fs::read_dir(&data).unwrap().flatten().map(|e| e.file_name()).collect();
    assert!(left.is_empty(), "nothing half-written is left behind: {left:?}");

    let (ok, out) = key_in(&data, "");
    assert!(ok, "{out}");
    let key = std::fs::read_to_string(data.join("secret")).unwrap();
    assert_eq!(key.len(), 64, "32 random bytes in hex: {key:?}");
    assert!(key.bytes().all(|b| b.is_ascii_hexdigit()));
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(data.join("secret")).unwrap().permissions().mode() & 0o777, 0o600);
    let (_, again) = key_in(&data, "");
    assert_eq!(again, out, "the same key at the next start");

    std::fs::write(data.join("secret"), "").unwrap();
    let (ok, out) = key_in(&data, "");
    assert!(!ok, "an empty key file is refused: {out}");
    assert!(out.contains(&data.join("secret").display().to_string()) && out.contains("empty"), "{out}");
    std::fs::write(data.join("secret"), "abc123\n").unwrap();
    let (ok, out) = key_in(&data, "");
    assert!(!ok && out.contains("too short"), "{out}");
}

#[test]
fn a_short_secret_in_the_environment_is_refused_naming_the_variable() {
    let (code, out) = run_with_env(&["key"], &[("FELDPOST_SECRET", "hunter2")], b"");
    assert_ne!(code, Some(0), "{out}");
    assert!(out.contains("FELDPOST_SECRET") && out.contains("too short"), "{out}");
}

/// A message larger than `feldpost inbound` takes is refused whole (65: the MTA bounces it),
/// never cut and read: the database is not even asked.
#[test]
fn inbound_refuses_a_message_over_its_limit_instead_of_cutting_it() {
    let mut raw =
        b"From: a@example.org\r\nTo: feldpost+x@example.org\r\nMessage-ID: <big@x>\r\n\r\n".to_vec();
    raw.resize(raw.len() + 10 * 1024 * 1024 + 10, b'a');
    let (code, out) = run_with_env(
        &["inbound"],
        &[
            ("FELDPOST_SECRET", crate::harness::SECRET),
            ("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none"),
        ],
        &raw,
    );
    assert_eq!(code, Some(65), "{out}");
    assert!(out.contains("larger than"), "{out}");
}

/// The log is plain text when it does not go to a terminal (a service's journal, an MTA that
/// copies a pipe's output into its log and its bounces): no colour codes.
#[test]
fn the_log_is_plain_text_when_not_at_a_terminal() {
    use std::io::BufRead;
    use std::process::Stdio;
    let dir = std::env::temp_dir().join("feldpost-tests").join(feldpost::secret::random_id());
    let mut child = Command::new(env!("CARGO_BIN_EXE_feldpost"))
        .arg("serve")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("RUST_LOG", "feldpost=info")
        .env("FELDPOST_BIND", "127.0.0.1:0")
        .env("FELDPOST_DATA_DIR", &dir)
        .env("FELDPOST_SECRET", crate::harness::SECRET)
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("run feldpost");
    let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = Vec::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        let serving = line.contains("feldpost serves");
        seen.push(line);
        if serving || seen.len() > 50 {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(seen.iter().any(|l| l.contains("feldpost serves")), "{seen:#?}");
    assert!(seen.iter().all(|l| !l.contains('\x1b')), "colour codes in {seen:#?}");
}
