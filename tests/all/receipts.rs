//! Receipts that prove the record (docs/disputes.md, D8): every export's head is signed by the server;
//! `feldpost verify` holds an export to the signature, to the server's key and to the chain
//! heads players hold from their mail.

use crate::harness::{TestApp, seat_token};
use axum::http::StatusCode;
use serde_json::json;
use std::process::Command;

pub(crate) fn run(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_feldpost")).args(args).output().expect("run feldpost");
    (
        out.status.success(),
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)),
    )
}

pub(crate) fn write(name: &str, export: &feldpost::record::Export) -> String {
    let dir = std::env::temp_dir().join("feldpost-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{}-{name}.json", feldpost::secret::random_id()));
    std::fs::write(&path, serde_json::to_string_pretty(export).unwrap()).unwrap();
    path.display().to_string()
}

/// A finished game of Na zajatce through the play layer, and its full export.
pub(crate) async fn finished(app: &TestApp) -> feldpost::record::Export {
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let (game, tokens) = (g.id, g.tokens);
    let mut step = 0usize;
    loop {
        let loaded = app.log.load(&game).await.unwrap();
        if loaded.finished() {
            return app.log.full_export(&loaded.game).await.unwrap();
        }
        let seat = loaded.table.to_act()[0];
        let actions = loaded.table.legal_actions(seat);
        let action = actions[step % actions.len()].0.clone();
        feldpost::play::act::by_token(
            &app.log,
            &seat_token(&tokens[usize::from(seat)]),
            None,
            loaded.seq,
            &action,
        )
        .await
        .unwrap();
        step += 1;
    }
}

#[tokio::test]
async fn d8_a_log_with_its_end_cut_off_fails_verify() {
    let app = TestApp::spawn().await;
    let export = finished(&app).await;
    let (ok, out) = run(&["verify", &write("whole", &export)]);
    assert!(ok, "{out}");
    // The last two records removed: the chain that is left is whole, but it is not what the
    // server signed.
    let mut cut = export.clone();
    cut.records.truncate(cut.records.len() - 2);
    let (ok, out) = run(&["verify", &write("cut", &cut)]);
    assert!(!ok, "{out}");
    assert!(out.contains("cut off"), "{out}");
    // Nor does it help to drop the signature.
    let mut unsigned = cut.clone();
    unsigned.signature = None;
    let (ok, out) = run(&["verify", &write("unsigned", &unsigned)]);
    assert!(!ok && out.contains("no server signature"), "{out}");
    // Or to sign it with a key of one's own: `--key` holds it to the server's.
    let forger = feldpost::secret::Secret::from_text("not the server");
    let mut forged = cut.clone();
    let last = forged.records.last().unwrap();
    forged.signature = Some(forger.sign_export(feldpost::record::ExportHead {
        game_id: forged.game_id.clone(),
        viewer: forged.viewer.clone(),
        records: forged.records.len() as u64,
        head_seq: last.seq,
        head_hash: last.hash.clone(),
        finished: false,
    }));
    // A game cut before its end also still claims its revealed seed, but it does not end:
    // drop the seed as a forger would.
    forged.seed = None;
    let key = app.get("/api/key", None).await;
    assert_eq!(key.status, StatusCode::OK);
    let server_key = key.json["public_key"].as_str().unwrap().to_owned();
    assert_eq!(key.json["algorithm"], "ed25519");
    let (ok, out) = run(&["verify", &write("forged", &forged)]);
    assert!(ok, "without a key to hold it to, a forger's own signature checks: {out}");
    assert!(out.contains(&forger.export_public_key()), "verify says which key signed: {out}");
    let (ok, out) = run(&["verify", "--key", &server_key, &write("forged-pinned", &forged)]);
    assert!(!ok && out.contains("not by the key you gave"), "{out}");
    let (ok, out) = run(&["verify", "--key", &server_key, &write("whole-pinned", &export)]);
    assert!(ok && out.contains("the key you gave"), "{out}");
}

#[tokio::test]
async fn d8_receipts_from_mail_are_found_in_the_export_or_verify_names_them() {
    let app = TestApp::spawn().await;
    let export = finished(&app).await;
    let mid = &export.records[export.records.len() / 2];
    let last = export.records.last().unwrap();
    let good = [format!("{}:{}", mid.seq, mid.hash), format!("{}:{}", last.seq, last.hash)];
    let file = write("receipts", &export);
    let (ok, out) = run(&["verify", "--receipt", &good[0], "--receipt", &good[1], &file]);
    assert!(ok && out.contains("2 receipts found"), "{out}");
    // A receipt for a record the export no longer holds (the log was cut short).
    let mut cut = export.clone();
    cut.records.truncate(mid.seq as usize);
    let beyond = format!("{}:{}", last.seq, last.hash);
    let (ok, out) = run(&["verify", "--receipt", &beyond, &write("cut", &cut)]);
    assert!(!ok && out.contains(&format!("receipt {beyond}")), "{out}");
    // A receipt whose hash is not the record's.
    let wrong = format!("{}:{}", mid.seq, "0".repeat(64));
    let (ok, out) = run(&["verify", "--receipt", &wrong, &file]);
    assert!(!ok && out.contains("another record"), "{out}");
    let (ok, out) = run(&["verify", "--receipt", "12:xyz", &file]);
    assert!(!ok && out.contains("64 hex digits"), "{out}");
}

#[tokio::test]
async fn d8_feldpost_key_prints_the_key_that_signs_and_a_seats_redacted_export_still_verifies() {
    let app = TestApp::spawn().await;
    // The key the test server signs with comes from its secret, as `feldpost key` derives it.
    let secret = feldpost::secret::Secret::from_text(crate::harness::SECRET);
    let key = app.get("/api/key", None).await;
    assert_eq!(key.json["public_key"], secret.export_public_key());
    let dir = std::env::temp_dir().join(format!("feldpost-key-{}", feldpost::secret::random_id()));
    let out = Command::new(env!("CARGO_BIN_EXE_feldpost"))
        .arg("key")
        .env("FELDPOST_SECRET", crate::harness::SECRET)
        .env("FELDPOST_DATA_DIR", &dir)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), secret.export_public_key());

    // A Colditz seat's export before the end: redacted, hashes withheld, signed.
    let players = json!([{"name": "Gerhard"}, {"name": "Amy"}]);
    let created = app.post("/api/games", None, json!({"ruleset": "colditz", "players": players})).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let (id, token) =
        (created.json["game_id"].as_str().unwrap(), created.json["seats"][1]["token"].as_str().unwrap());
    let export = app.get(&format!("/api/games/{id}/export"), Some(token)).await;
    let parsed = feldpost::audit::parse(&export.text).unwrap();
    assert!(parsed.records.iter().any(|c| c.redacted), "Amy's copy hides the German's hand");
    let (ok, out) = run(&["verify", "--key", &secret.export_public_key(), &write("seat", &parsed)]);
    assert!(ok, "{out}");
}

#[tokio::test]
async fn d8_every_mail_of_a_game_carries_its_chain_head_and_the_export_holds_each() {
    let app = TestApp::spawn().await;
    let export = finished(&app).await;
    let mails = app.outbox(&export.game_id).await;
    assert!(mails.len() > 3, "invitations, turns, the end");
    let mut receipts = Vec::new();
    for m in &mails {
        let head = m.chain_head.as_deref().unwrap_or_else(|| panic!("{} has no receipt", m.kind));
        let (seq, hash) = head.split_once(' ').unwrap();
        assert!(m.body_text.contains(&format!("{seq}:{hash}")), "the text names it too: {}", m.body_text);
        assert!(m.body_html.as_deref().unwrap().contains(hash), "and the HTML part");
        let message =
            feldpost::mail::build_message(m, &"feldpost <feldpost@feldpost.test>".parse().unwrap(), 0)
                .unwrap();
        let raw = message.formatted();
        let parsed = mailparse::parse_mail(&raw).unwrap();
        use mailparse::MailHeaderMap;
        // Folded on the wire (it is longer than a line), one value to any mail client.
        assert_eq!(parsed.headers.get_first_value("Feldpost-Chain").as_deref(), Some(head));
        receipts.push(format!("{seq}:{hash}"));
    }
    // The mails' heads are true: the export holds every one.
    let mut args = vec!["verify".to_owned()];
    for r in &receipts {
        args.extend(["--receipt".to_owned(), r.clone()]);
    }
    args.push(write("all-receipts", &export));
    let (ok, out) = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(ok && out.contains(&format!("{} receipts found", receipts.len())), "{out}");
}
