//! The command line: export → verify / replay, and tampering named by `verify`.

use crate::harness::TestApp;
use serde_json::json;
use std::process::Command;

async fn finished_export() -> (String, feldpost::record::Export) {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let (game, tokens) = (g.id, g.tokens);
    let mut step = 0usize;
    loop {
        let loaded = app.log.load(&game).await.unwrap();
        if loaded.finished() {
            break;
        }
        let seat = loaded.table.to_act()[0];
        let actions = loaded.table.legal_actions(seat);
        let action = actions[step % actions.len()].0.clone();
        feldpost::play::act::by_token(&app.log, &tokens[usize::from(seat)], None, loaded.seq, &action)
            .await
            .unwrap();
        step += 1;
    }
    let loaded = app.log.load(&game).await.unwrap();
    (game, app.log.full_export(&loaded.game).await.unwrap())
}

fn run(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_feldpost")).args(args).output().expect("run feldpost");
    (
        out.status.success(),
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)),
    )
}

fn write(name: &str, export: &feldpost::record::Export) -> String {
    let dir = std::env::temp_dir().join("feldpost-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{}-{name}.json", feldpost::secret::random_id()));
    std::fs::write(&path, serde_json::to_string_pretty(export).unwrap()).unwrap();
    path.display().to_string()
}

#[tokio::test]
async fn verify_accepts_the_true_log_and_names_the_record_that_was_changed() {
    let (_, export) = finished_export().await;
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
