//! DKIM: every kind of mail the server sends, signed with a key made for the test and checked
//! by an independent verifier (dkimpy, `tests/dkim/verify.py`, asked no DNS): the invitation,
//! the host's confirmation, the turn mail, the account mail, and the answer to a reply that
//! `feldpost inbound` sends itself. A message changed after signing fails, and a key that
//! cannot be read stops the server naming the variable.
//!
//! dkimpy is needed: the tests run `tests/dkim/install.sh` (a pinned dkimpy from PyPI in
//! target/dkim-venv) when it is not there, unless FELDPOST_DKIM_PYTHON names a Python that has
//! it. Without it these tests fail; they never skip.

use crate::harness::{Browser, Options, SECRET, TestApp, players};
use crate::harness::{DOMAIN, OWN};
use base64::Engine as _;
use feldpost::mail::{self, Dkim, SmtpTransport, Transport};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

const SELECTOR: &str = "test2026";

/// A Python with dkimpy: FELDPOST_DKIM_PYTHON, else the one tests/dkim/install.sh makes (run
/// here, once, when it is not there yet: the README's test command works on a fresh machine).
fn python() -> PathBuf {
    static INSTALLED: std::sync::Mutex<bool> = std::sync::Mutex::new(false);
    let python = match std::env::var_os("FELDPOST_DKIM_PYTHON") {
        Some(p) => PathBuf::from(p),
        None => {
            let root = Path::new(env!("CARGO_MANIFEST_DIR"));
            let mut installed = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
            if !*installed {
                let made = Command::new("bash").arg(root.join("tests/dkim/install.sh")).output();
                assert!(made.as_ref().is_ok_and(|o| o.status.success()), "tests/dkim/install.sh: {made:?}");
                *installed = true;
            }
            root.join("target/dkim-venv/bin/python")
        }
    };
    let has = Command::new(&python).args(["-c", "import dkim"]).output();
    assert!(
        has.as_ref().is_ok_and(|o| o.status.success()),
        "the DKIM verifier needs dkimpy: run `bash tests/dkim/install.sh`, or set FELDPOST_DKIM_PYTHON \
         to a Python that has it ({} tried: {has:?})",
        python.display()
    );
    python
}

/// A folder of the test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("feldpost-dkim-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A fresh RSA key in `dir` (as `openssl genrsa` writes it, PKCS#8), and the TXT record that
/// publishes its public half.
fn rsa_key(dir: &Path) -> (PathBuf, String) {
    let key = dir.join("dkim.pem");
    let made = Command::new("openssl").arg("genrsa").arg("-out").arg(&key).arg("2048").output().unwrap();
    assert!(made.status.success(), "openssl genrsa: {}", String::from_utf8_lossy(&made.stderr));
    let public = Command::new("openssl")
        .args(["pkey", "-pubout", "-outform", "DER", "-in"])
        .arg(&key)
        .output()
        .unwrap();
    assert!(public.status.success(), "openssl pkey: {}", String::from_utf8_lossy(&public.stderr));
    let p = base64::engine::general_purpose::STANDARD.encode(&public.stdout);
    (key, format!("v=DKIM1; k=rsa; p={p}"))
}

/// dkimpy's verdict on each message: true where the signature holds.
fn verify(dir: &Path, record: &str, messages: &[String]) -> Vec<bool> {
    let files: Vec<PathBuf> = messages
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let file = dir.join(format!("message-{i}.eml"));
            std::fs::write(&file, m).unwrap();
            file
        })
        .collect();
    let out = Command::new(python())
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dkim/verify.py"))
        .arg(record)
        .arg(format!("{SELECTOR}._domainkey.{DOMAIN}"))
        .args(&files)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "verify.py: {said}{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), messages.len(), "{said}");
    lines.iter().map(|l| l.starts_with("pass ")).collect()
}

/// The value of header `name` in a raw message, unfolded.
fn header(message: &str, name: &str) -> Option<String> {
    let head = message.split("\r\n\r\n").next()?;
    let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
    let prefix = format!("{name}: ");
    unfolded.split("\r\n").find_map(|l| l.strip_prefix(&prefix)).map(str::to_owned)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_of_mail_is_dkim_signed_and_an_independent_verifier_holds_it() {
    let dir = scratch("kinds");
    let (key, record) = rsa_key(&dir);
    let app = TestApp::spawn_with(Options { dev_mailbox: false, ..Options::default() }).await;
    // Account mail, then a game: the host's confirmation, the invitations, the first turn mail.
    Browser::new(&app, "en").register("reader@example.org").await;
    let g = app
        .create_game(json!({"ruleset": "zajatce", "title": "Podpis", "lang": "en",
                            "players": players(&["Alena", "Boris"])}))
        .await;
    let (relay_port, relayed) = crate::harness::relay::slow_relay(std::time::Duration::ZERO);
    let smtp = Arc::new(
        SmtpTransport::new(&format!("smtp://127.0.0.1:{relay_port}"), &format!("feldpost <{OWN}>"))
            .unwrap()
            .signing(Some(Dkim::load(&key, SELECTOR, DOMAIN).unwrap())),
    );
    let transport = Transport::Smtp(smtp.clone());
    let rows = app.mails(1000).await;
    let sent = mail::deliver_due(&app.log.store, app.log.links(), &transport, &app.clock).await.unwrap();
    // The host's confirmation was used up by the harness (it confirms the host as the game is
    // made): sent again here, by the same transport.
    let confirmation = rows.iter().find(|r| r.kind.text() == "host-confirm").expect("a host confirmation");
    smtp.send(confirmation, None, 0).await.unwrap();
    let messages = relayed.lock().unwrap().clone();
    assert_eq!(messages.len(), sent + 1);
    // Each message by its kind (its Message-ID is its outbox row's).
    let kind_of = |m: &str| {
        let id = header(m, "Message-ID").expect("a Message-ID");
        rows.iter().find(|r| format!("<{}@{DOMAIN}>", r.id) == *id).expect("its row").kind.text()
    };
    let kinds: std::collections::BTreeSet<String> = messages.iter().map(|m| kind_of(m)).collect();
    for kind in ["account-register", "host-confirm", "invite", "turn"] {
        assert!(kinds.contains(kind), "no {kind} mail: {kinds:?}");
    }
    for m in &messages {
        // In 7 bits, though the relay takes 8: a hop that converted a signed mail to 7 bits
        // would break its signature (the HTML part's direction marks around names are beyond
        // ASCII, so an unsigned mail would go in 8).
        assert!(m.is_ascii(), "{}: a signed mail in 8 bits", kind_of(m));
        let signature = header(m, "DKIM-Signature").unwrap_or_else(|| panic!("{}: not signed", kind_of(m)));
        assert!(signature.contains(&format!("d={DOMAIN}; s={SELECTOR}; c=relaxed/relaxed;")), "{signature}");
        let signed = signature.split("h=").nth(1).unwrap().split(';').next().unwrap();
        for h in ["from", "to", "subject", "date", "message-id", "mime-version"] {
            assert!(signed.split(':').any(|s| s == h), "{h} is not signed: {signed}");
        }
    }
    let verdicts = verify(&dir, &record, &messages);
    for (m, ok) in messages.iter().zip(&verdicts) {
        assert!(ok, "{}: the signature does not verify:\n{m}", kind_of(m));
    }

    // The verifier can say no: a turn mail whose Subject was changed after signing fails, and
    // so does one checked against another key.
    let turn = messages.iter().find(|m| kind_of(m) == "turn").unwrap();
    let changed = turn.replacen("\r\nSubject: ", "\r\nSubject: [changed] ", 1);
    assert_ne!(&changed, turn);
    let (_, other_record) = rsa_key(&scratch("other"));
    assert_eq!(verify(&dir, &record, std::slice::from_ref(&changed)), vec![false], "a changed Subject");
    assert_eq!(verify(&dir, &other_record, std::slice::from_ref(turn)), vec![false], "another key");

    // A reply piped in: `feldpost inbound` sends the answer (and the next turn mail) itself,
    // signed as the server signs.
    let turn_row = app
        .outbox(&g.id)
        .await
        .into_iter()
        .filter(|r| r.reply_to.is_some() && r.kind.text() == "turn")
        .max_by_key(|r| r.seq)
        .expect("a turn mail that takes replies");
    let player = turn_row.recipient.clone();
    let to = format!("feldpost+{}@{DOMAIN}", turn_row.reply_to.as_deref().unwrap());
    let reply = format!(
        "From: <{player}>\r\nTo: {to}\r\nSubject: Re: [feldpost] Podpis\r\nMessage-ID: <signed-1@client.test>\r\n\
         Date: Mon, 24 Nov 2025 17:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         throw\r\n"
    );
    relayed.lock().unwrap().clear();
    let env = [
        ("FELDPOST_SMTP_URL", format!("smtp://127.0.0.1:{relay_port}")),
        ("FELDPOST_DKIM_KEY", key.display().to_string()),
        ("FELDPOST_DKIM_SELECTOR", SELECTOR.to_string()),
    ];
    let out = crate::harness::process::inbound_async(&app.db_url, &[], &env, reply.as_bytes()).await;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let piped = relayed.lock().unwrap().clone();
    let rows = app.mails(1000).await;
    let answers: Vec<&String> = piped
        .iter()
        .filter(|m| {
            let id = header(m, "Message-ID").unwrap();
            rows.iter().any(|r| format!("<{}@{DOMAIN}>", r.id) == *id && r.kind.text().starts_with("reply"))
        })
        .collect();
    assert_eq!(answers.len(), 1, "the answer went out from the pipe ({stderr}): {piped:?}");
    assert!(piped.iter().all(|m| header(m, "DKIM-Signature").is_some()), "{piped:?}");
    assert!(verify(&dir, &record, &piped).iter().all(|ok| *ok), "{piped:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_dkim_key_that_cannot_be_read_stops_the_server_naming_the_variable() {
    let dir = scratch("refused");
    let not_a_key = dir.join("not-a-key.pem");
    std::fs::write(&not_a_key, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n").unwrap();
    for key in [not_a_key, dir.join("missing.pem")] {
        let out = Command::new(env!("CARGO_BIN_EXE_feldpost"))
            .arg("serve")
            .env("FELDPOST_BIND", "127.0.0.1:0")
            .env("FELDPOST_DATA_DIR", &dir)
            .env("FELDPOST_SECRET", SECRET)
            .env("FELDPOST_DKIM_KEY", &key)
            .env("FELDPOST_DKIM_SELECTOR", SELECTOR)
            .env("RUST_LOG", "off")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "it served with {}", key.display());
        assert!(stderr.contains(&format!("FELDPOST_DKIM_KEY: {}", key.display())), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
