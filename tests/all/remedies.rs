//! Remedies that follow the rule books (docs/disputes.md, D3): an overturn is put
//! right only in a way the rules allow, never by hiding again what a seat has seen; and over
//! random games with random disputes and rulings, nothing seen becomes hidden and the log stays
//! verifiable.

use crate::harness::{TestApp, TestGame};
use axum::http::StatusCode;
use feldpost::play::disputes::Who;
use feldpost::record::Verdict;
use feldpost_engine::Viewer;
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// The cards of a Služba table that `seat`'s view shows covered (their colour known to all).
async fn covered(app: &TestApp, g: &TestGame, seat: usize) -> BTreeSet<usize> {
    let v = app.view(g, seat).await;
    v["view"]["cards"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, c)| c["status"] == "covered")
        .map(|(i, _)| i)
        .collect()
}

/// The index of a card of `colour` that is not covered yet, read off the coordinator's key.
async fn card_of(app: &TestApp, g: &TestGame, colour: &str) -> usize {
    let v = app.view(g, 0).await;
    let cards = v["view"]["cards"].as_array().unwrap();
    cards.iter().position(|c| c["status"] == "keyed" && c["colour"] == colour).unwrap_or_else(|| {
        panic!("no uncovered {colour} card in {}", v["view"]["cards"]);
    })
}

async fn give_clue(app: &TestApp, g: &TestGame, word: &str, number: u32) -> u64 {
    let a = app.act(g, 0, json!({"action": "give_clue", "word": word, "number": number})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    a.json["seq"].as_u64().unwrap()
}

#[tokio::test]
async fn d3_s13_an_invalid_clue_found_on_dispute_ends_the_turn_and_the_cards_touched_stay_covered() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let clue = give_clue(&app, &g, "zzqa", 3).await;
    // Red's member touches one of red's cards on it: its colour is now public.
    let red = card_of(&app, &g, "red").await;
    let guessed = app.act(&g, 2, json!({"action": "guess", "card": red})).await;
    assert_eq!(guessed.status, StatusCode::OK, "{}", guessed.text);
    let seen_before = covered_by_seat(&app, &g).await;
    assert!(seen_before.iter().all(|s| s.contains(&red)), "everyone sees the card covered");
    // Blue's member disputes the clue; the blue coordinator rules on a clue (S13).
    let d = app
        .post(
            &format!("/api/games/{}/disputes", g.id),
            Some(&g.tokens[3]),
            json!({"against": clue, "claim": "zzqa is not a word", "rule": "S7"}),
        )
        .await;
    assert_eq!(d.status, StatusCode::OK, "{}", d.text);
    let dispute = d.json["seq"].as_u64().unwrap();
    let audit = app.get(&format!("/api/games/{}/disputes/{dispute}/audit", g.id), Some(&g.tokens[1])).await;
    assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
    let remedies = audit.json["remedies"].as_array().unwrap();
    assert_eq!(remedies.len(), 1, "the rules name one remedy for a clue: {remedies:?}");
    assert_eq!(remedies[0]["remedy"]["correction"]["correction"], "clue_invalid");
    assert_eq!(remedies[0]["possible"], true);
    // The audit page offers it in words.
    let page = app.get(&format!("/play/{}/disputes/{dispute}", g.tokens[1]), None).await;
    assert!(page.text.contains("The clue of that step was invalid"), "{}", page.text);
    let ruled = app
        .post(
            &format!("/api/games/{}/disputes/{dispute}/ruling", g.id),
            Some(&g.tokens[1]),
            json!({"verdict": "overturn", "reason": "not a word", "remedy": remedies[0]["remedy"]}),
        )
        .await;
    assert_eq!(ruled.status, StatusCode::OK, "{}", ruled.text);
    // The turn ended at once; nothing was taken back: the card stays covered for everyone.
    let member = app.view(&g, 2).await;
    assert_eq!(member["your_turn"], false, "red guesses no more on the invalid clue");
    assert_eq!(app.view(&g, 1).await["your_turn"], true, "blue's coordinator is next");
    for (seat, before) in seen_before.iter().enumerate() {
        assert!(covered(&app, &g, seat).await.is_superset(before), "seat {seat} unsaw a covered card");
    }
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[3])).await;
    let entries = history.json.as_array().unwrap();
    assert!(entries.iter().all(|e| e["void"] == false), "no step was voided: {entries:?}");
    assert!(entries.iter().any(|e| e["cause"] == "correction"), "the correction is a step of its own");
    let words: Vec<String> = entries
        .iter()
        .flat_map(|e| e["descriptions"].as_array().cloned().unwrap_or_default())
        .map(|d| d.to_string())
        .collect();
    assert!(words.iter().any(|w| w.contains("history-ruling-correct")), "the ruling names its remedy");
    // The record checks out, the correction re-derived like any move.
    let loaded = app.log.load(&g.id).await.unwrap();
    let mut export = app.log.full_export(&loaded.game).await.unwrap();
    export.seed = Some(loaded.game.seed.clone());
    export.signature = None;
    assert!(feldpost::audit::verify(&export).is_err(), "unsigned once we touched it: the control");
    let signed = app.log.full_export(&loaded.game).await.unwrap();
    feldpost::audit::verify(&signed).expect("the log verifies");
}

/// Each seat's covered cards.
async fn covered_by_seat(app: &TestApp, g: &TestGame) -> Vec<BTreeSet<usize>> {
    let mut out = Vec::new();
    for seat in 0..g.tokens.len() {
        out.push(covered(app, g, seat).await);
    }
    out
}

#[tokio::test]
async fn d3_a_guess_once_seen_cannot_be_overturned_and_the_audit_says_why() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    give_clue(&app, &g, "zzqa", 1).await;
    let bystander = card_of(&app, &g, "bystander").await;
    let guess = app.act(&g, 2, json!({"action": "guess", "card": bystander})).await;
    assert_eq!(guess.status, StatusCode::OK, "{}", guess.text);
    let guess = guess.json["seq"].as_u64().unwrap();
    let seen: Vec<BTreeSet<usize>> = covered_by_seat(&app, &g).await;
    // The member disputes their own guess ("I meant another card"); the host rules on it.
    let d = app
        .post(
            &format!("/api/games/{}/disputes", g.id),
            Some(&g.tokens[2]),
            json!({"against": guess, "claim": "I clicked the wrong card"}),
        )
        .await;
    assert_eq!(d.status, StatusCode::OK, "{}", d.text);
    let dispute = d.json["seq"].as_u64().unwrap();
    let audit = app.get(&format!("/api/games/{}/disputes/{dispute}/audit", g.id), Some(&g.host_token)).await;
    assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
    let remedies = audit.json["remedies"].as_array().unwrap();
    assert!(remedies.iter().all(|r| r["possible"] == false), "{remedies:?}");
    assert!(remedies.iter().any(|r| r["remedy"]["remedy"] == "rewind"), "{remedies:?}");
    let page = app.get(&format!("{}/disputes/{dispute}", g.host_path), None).await;
    assert!(page.text.contains("something hidden came to light at step"), "{}", page.text);
    let overturn = app
        .post(
            &format!("/api/games/{}/disputes/{dispute}/ruling", g.id),
            Some(&g.host_token),
            json!({"verdict": "overturn", "reason": "ok"}),
        )
        .await;
    assert_eq!(
        (overturn.status, overturn.json["rule"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("D3")),
        "{}",
        overturn.text
    );
    // Nothing was written, and the card is still covered for every seat.
    assert_eq!(app.event_count(&g.id).await as u64, dispute);
    for (seat, before) in seen.iter().enumerate() {
        assert_eq!(&covered(&app, &g, seat).await, before, "seat {seat}");
    }
    let upheld = app
        .post(
            &format!("/api/games/{}/disputes/{dispute}/ruling", g.id),
            Some(&g.host_token),
            json!({"verdict": "uphold", "reason": "a guess is final"}),
        )
        .await;
    assert_eq!(upheld.status, StatusCode::OK, "{}", upheld.text);
}

/// A deterministic stream for the random games below.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Fill what an offered action asks to be typed in (a clue's word, a chat line…).
fn filled(offer: &Value, step: usize) -> Value {
    let mut action = offer["action"].clone();
    for input in offer["inputs"].as_array().cloned().unwrap_or_default() {
        let field = input["field"].as_str().unwrap().to_owned();
        let value = match input["kind"]["type"].as_str().unwrap() {
            "number" => input["kind"]["min"].clone(),
            "text" => json!(format!("zq{step}")),
            "choice" => input["kind"]["values"][1].clone(),
            "words" => json!(["kocka", "pes"]),
            _ => continue,
        };
        let value = match value.as_str().and_then(|s| s.parse::<i64>().ok()) {
            Some(n) => json!(n),
            None => value,
        };
        action[field] = value;
    }
    action
}

/// What each seat may not unsee: the revealing records (a Colditz card drawn or shown, a
/// Služba colour uncovered…), and (Služba) each seat's covered cards.
async fn seen(app: &TestApp, g: &TestGame) -> (BTreeSet<u64>, Vec<BTreeSet<usize>>) {
    let loaded = app.log.load(&g.id).await.unwrap();
    let chained = app.log.store.records(&g.id, 0).await.unwrap();
    let records: Vec<_> = chained.iter().map(|c| c.record().unwrap()).collect();
    let void = feldpost::record::voided(&records);
    let empty = loaded.empty_table().unwrap();
    let mut revealing = BTreeSet::new();
    for r in records.iter().filter(|r| !void.contains(&r.seq)) {
        for e in &r.events {
            let public = matches!(empty.redact(e, Viewer::Public).unwrap(), Some((shown, _)) if &shown == e);
            if empty.reveals(e) || !public {
                revealing.insert(r.seq);
            }
        }
    }
    let mut cards = Vec::new();
    if loaded.game.ruleset == "sluzba" {
        cards = covered_by_seat(app, g).await;
    }
    (revealing, cards)
}

#[tokio::test]
async fn d3_over_random_games_and_rulings_nothing_seen_is_hidden_again_and_the_log_verifies() {
    let mut rulings = 0;
    let mut remedied = 0;
    let mut colditz_rulings = 0;
    for game in 0..15u64 {
        let app = TestApp::spawn().await;
        let g = match game % 3 {
            0 => app.create_zajatce(&["Alena", "Bořek", "Cyril"], json!({"throw_again_on_six": false})).await,
            1 => app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await,
            _ => app.create_colditz(&["Gerhard", "Amy", "Bill"], json!({})).await,
        };
        let mut rng = Lcg(game + 7);
        for step in 0..120 {
            let loaded = app.log.load(&g.id).await.unwrap();
            if loaded.finished() {
                break;
            }
            if step % 9 == 8 {
                // A dispute against a random step that is still in force, ruled at random.
                let records: Vec<_> = app
                    .log
                    .store
                    .records(&g.id, 0)
                    .await
                    .unwrap()
                    .iter()
                    .map(|c| c.record().unwrap())
                    .collect();
                let void = feldpost::record::voided(&records);
                let plays: Vec<u64> = records
                    .iter()
                    .filter(|r| {
                        matches!(r.cause, feldpost::record::Cause::Action { .. }) && !void.contains(&r.seq)
                    })
                    .map(|r| r.seq)
                    .collect();
                if plays.is_empty() {
                    continue;
                }
                let against = plays[rng.below(plays.len())];
                let disputer = rng.below(g.tokens.len()) as u8;
                let Ok(acted) =
                    feldpost::play::disputes::dispute(&app.log, loaded, disputer, against, "not so", None)
                        .await
                else {
                    continue;
                };
                let loaded = app.log.load(&g.id).await.unwrap();
                let d = feldpost::play::disputes::disputes(&loaded)
                    .into_iter()
                    .find(|d| d.seq == acted.seq)
                    .unwrap();
                let who = match d.adjudicator {
                    feldpost::record::Party::Seat(s) => Who::Seat(s),
                    _ => Who::Host,
                };
                let (audit, _) =
                    feldpost::play::disputes::audit_dispute(&app.log, &loaded, who, d.seq).await.unwrap();
                let possible: Vec<&Value> =
                    audit.remedies.iter().filter(|o| o.possible).map(|o| &o.remedy).collect();
                let before = seen(&app, &g).await;
                let overturn = rng.below(2) == 0;
                let result = if overturn {
                    let remedy = (!possible.is_empty()).then(|| possible[rng.below(possible.len())].clone());
                    feldpost::play::disputes::rule(
                        &app.log,
                        loaded,
                        who,
                        d.seq,
                        Verdict::Overturn,
                        "r",
                        remedy.as_ref(),
                    )
                    .await
                } else {
                    feldpost::play::disputes::rule(&app.log, loaded, who, d.seq, Verdict::Uphold, "r", None)
                        .await
                };
                match (overturn, possible.is_empty(), &result) {
                    (true, true, Err(_)) => {
                        // No remedy possible: refused, nothing written; uphold instead.
                        let loaded = app.log.load(&g.id).await.unwrap();
                        feldpost::play::disputes::rule(
                            &app.log,
                            loaded,
                            who,
                            d.seq,
                            Verdict::Uphold,
                            "r",
                            None,
                        )
                        .await
                        .unwrap();
                    }
                    (_, _, Ok(_)) => remedied += usize::from(overturn),
                    (_, _, Err(e)) => panic!("game {game}: a possible ruling was refused: {e}"),
                }
                rulings += 1;
                colditz_rulings += usize::from(game % 3 == 2);
                let after = seen(&app, &g).await;
                assert!(after.0.is_superset(&before.0), "game {game}: a revealing step was voided");
                for (seat, cards) in before.1.iter().enumerate() {
                    assert!(after.1[seat].is_superset(cards), "game {game}: seat {seat} unsaw a card");
                }
                let loaded = app.log.load(&g.id).await.unwrap();
                let mut export = app.log.full_export(&loaded.game).await.unwrap();
                // The test knows the seed: every die and decision is re-derived at each ruling.
                export.seed = Some(loaded.game.seed.clone());
                let head = export.signature.as_ref().unwrap().head.clone();
                export.signature = Some(
                    feldpost::secret::Secret::from_text(crate::harness::SECRET)
                        .sign_export(feldpost::record::ExportHead { finished: loaded.finished(), ..head }),
                );
                let v = feldpost::audit::verify(&export).unwrap_or_else(|e| panic!("game {game}: {e}"));
                assert!(v.dice_checked);
                continue;
            }
            let seat = usize::from(loaded.table.to_act()[0]);
            let view = feldpost::play::view::view(&app.log, &loaded, Some(seat as u8));
            // Played on: nobody concedes.
            let offers: Vec<Value> = view
                .legal_actions
                .iter()
                .filter(|a| !loaded.table.concession(&a.action))
                .map(|a| serde_json::to_value(a).unwrap())
                .collect();
            // A random offer; where its filled-in form is refused (a Colditz path the filler
            // cannot guess), the next one, so that every game moves on.
            let first = rng.below(offers.len());
            for k in 0..offers.len() {
                let action = filled(&offers[(first + k) % offers.len()], step);
                if feldpost::play::act::by_token(&app.log, &g.token(seat), None, view.current_seq, &action)
                    .await
                    .is_ok()
                {
                    break;
                }
            }
        }
    }
    assert!(rulings >= 12, "only {rulings} rulings");
    assert!(colditz_rulings >= 3, "only {colditz_rulings} rulings in Colditz");
    assert!(remedied >= 3, "only {remedied} remedies carried out");
}

/// Rule 55 through a dispute: Bill contests Amy's move; the German, who rules, is offered the
/// rewind (manual dice: nothing was drawn, nothing came to light) and the corrections rule 55
/// allows; he puts her man back where he stood, a step of its own that everyone sees and
/// `verify` re-derives, and nothing is taken back.
#[tokio::test]
async fn d3_r55_the_german_puts_a_man_back_instead_of_rewinding() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&["Gerhard", "Amy", "Bill"], json!({"dice": "manual"})).await;
    let place =
        json!({"action": "place_guards", "inner": ["r17c29", "r18c21"], "outer": ["r08c16", "r08c34"]});
    assert_eq!(app.act(&g, 0, place).await.status, StatusCode::OK);
    assert_eq!(app.act(&g, 1, json!({"action": "throw", "dice": [[6, 5]]})).await.status, StatusCode::OK);
    let path = ["r21c28", "r20c29", "r19c29", "r18c30", "r17c30"];
    let before = app.view(&g, 1).await["view"]["men"][0].clone();
    let moved = app.act(&g, 1, json!({"action": "move", "man": 0, "path": path})).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    let contested = moved.json["seq"].as_u64().unwrap();
    assert_eq!(app.view(&g, 2).await["view"]["men"][0]["at"], "r17c30");
    let d = app
        .post(
            &format!("/api/games/{}/disputes", g.id),
            Some(&g.tokens[2]),
            json!({"against": contested, "claim": "He walked through the wall"}),
        )
        .await;
    assert_eq!(d.status, StatusCode::OK, "{}", d.text);
    let dispute = d.json["seq"].as_u64().unwrap();
    // Only the German audits and rules (rule 55).
    let peek = app.get(&format!("/api/games/{}/disputes/{dispute}/audit", g.id), Some(&g.tokens[1])).await;
    assert_eq!(peek.status, StatusCode::FORBIDDEN);
    let audit = app.get(&format!("/api/games/{}/disputes/{dispute}/audit", g.id), Some(&g.tokens[0])).await;
    assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
    let remedies = audit.json["remedies"].as_array().unwrap().clone();
    let rewind = remedies.iter().find(|r| r["remedy"]["remedy"] == "rewind").expect("a rewind is listed");
    assert_eq!(rewind["possible"], true, "nothing was drawn or shown since the move: {rewind}");
    let put_back = remedies
        .iter()
        .find(|r| {
            r["remedy"]["correction"]["correction"] == "put_back" && r["remedy"]["correction"]["man"] == 0
        })
        .expect("putting the man back is offered")
        .clone();
    assert_eq!(put_back["possible"], true);
    assert_eq!(put_back["remedy"]["correction"]["to"], before["at"]);
    assert!(remedies.iter().any(|r| r["remedy"]["correction"]["correction"] == "solitary"));
    let ruled = app
        .post(
            &format!("/api/games/{}/disputes/{dispute}/ruling", g.id),
            Some(&g.tokens[0]),
            json!({"verdict": "overturn", "reason": "through the wall", "remedy": put_back["remedy"]}),
        )
        .await;
    assert_eq!(ruled.status, StatusCode::OK, "{}", ruled.text);
    for seat in 0..3 {
        assert_eq!(app.view(&g, seat).await["view"]["men"][0]["at"], before["at"], "seat {seat}");
    }
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[2])).await;
    let entries = history.json.as_array().unwrap();
    assert!(entries.iter().all(|e| e["void"] == false), "nothing was taken back");
    assert!(entries.iter().any(|e| e["cause"] == "correction" && e.to_string().contains("put_back")));
    let loaded = app.log.load(&g.id).await.unwrap();
    feldpost::audit::verify(&app.log.full_export(&loaded.game).await.unwrap()).expect("verifies");
}

/// The corrections an audit offers concern only what the contested step changed: Amy moves man
/// 0, then man 1; a dispute of the first move offers putting man 0 back (in the words "moved in
/// that step") and nothing about man 1, and a dispute of the second the other way round.
#[tokio::test]
async fn d3_r55_a_colditz_audit_offers_corrections_only_for_men_the_contested_step_moved() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&["Gerhard", "Amy", "Bill"], json!({"dice": "manual"})).await;
    let place =
        json!({"action": "place_guards", "inner": ["r17c29", "r18c21"], "outer": ["r08c16", "r08c34"]});
    assert_eq!(app.act(&g, 0, place).await.status, StatusCode::OK);
    assert_eq!(app.act(&g, 1, json!({"action": "throw", "dice": [[4, 5]]})).await.status, StatusCode::OK);
    let path = ["r21c28", "r20c29", "r19c29", "r18c30", "r17c30"];
    let first = app.act(&g, 1, json!({"action": "move", "man": 0, "path": path})).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    let first = first.json["seq"].as_u64().unwrap();
    // Man 1 takes one step to a free neighbouring circle.
    let view = app.view(&g, 1).await;
    let men = view["view"]["men"].as_array().unwrap();
    let at: feldpost_engine::colditz::board::CircleId = men[1]["at"].as_str().unwrap().parse().unwrap();
    let taken: BTreeSet<&str> = men.iter().map(|m| m["at"].as_str().unwrap()).collect();
    let mut second = None;
    for link in feldpost_engine::colditz::board::BOARD.links(at) {
        let to = link.to.to_string();
        if taken.contains(to.as_str()) {
            continue;
        }
        let a = app.act(&g, 1, json!({"action": "move", "man": 1, "path": [to]})).await;
        if a.status == StatusCode::OK {
            second = a.json["seq"].as_u64();
            break;
        }
    }
    let second = second.expect("man 1 has a free step");
    let corrections = |audit: &Value, man: u64| -> Vec<String> {
        audit["remedies"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["remedy"]["correction"]["man"] == man)
            .map(|r| r["remedy"]["correction"]["correction"].as_str().unwrap().to_owned())
            .collect()
    };
    for (contested, touched, untouched) in [(first, 0, 1), (second, 1, 0)] {
        let d = app
            .post(
                &format!("/api/games/{}/disputes", g.id),
                Some(&g.tokens[2]),
                json!({"against": contested, "claim": "not like that"}),
            )
            .await;
        assert_eq!(d.status, StatusCode::OK, "{}", d.text);
        let dispute = d.json["seq"].as_u64().unwrap();
        let audit =
            app.get(&format!("/api/games/{}/disputes/{dispute}/audit", g.id), Some(&g.tokens[0])).await;
        assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
        assert_eq!(
            corrections(&audit.json, touched),
            ["put_back", "solitary"],
            "step {contested} moved man {touched}: {}",
            audit.json["remedies"]
        );
        assert!(
            corrections(&audit.json, untouched).is_empty(),
            "step {contested} never touched man {untouched}: {}",
            audit.json["remedies"]
        );
        // The audit page words it so, and the overturn promises no going back of its own.
        let page = app.get(&format!("/play/{}/disputes/{dispute}?lang=en", g.tokens[0]), None).await;
        assert!(
            page.text.contains(&format!("Put man {touched}, moved in that step, back on")),
            "{}",
            page.text
        );
        assert!(!page.text.contains(&format!("Put man {untouched},")), "{}", page.text);
        assert!(
            page.text.contains("Overturn: the step was wrong; it is put right by the remedy chosen below")
        );
    }
}

/// Služba: the overturn of a clue is put right by marking it invalid, a correction that takes
/// nothing back, and the audit says so; the rewind ("the game goes back") is not offered for it.
/// A guess's dispute, where the rules name the rewind, lists the rewind and no clue correction.
#[tokio::test]
async fn d3_s13_the_audit_words_each_remedy_as_the_ruling_will_and_offers_only_the_steps_own() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let clue = give_clue(&app, &g, "zzqa", 2).await;
    let red = card_of(&app, &g, "red").await;
    let guess = app.act(&g, 2, json!({"action": "guess", "card": red})).await;
    assert_eq!(guess.status, StatusCode::OK, "{}", guess.text);
    let guess = guess.json["seq"].as_u64().unwrap();
    let dispute = |against: u64, token: String| {
        let app = &app;
        let id = g.id.clone();
        async move {
            let d = app
                .post(
                    &format!("/api/games/{id}/disputes"),
                    Some(&token),
                    json!({"against": against, "claim": "wrong"}),
                )
                .await;
            assert_eq!(d.status, StatusCode::OK, "{}", d.text);
            d.json["seq"].as_u64().unwrap()
        }
    };
    // The clue: blue's coordinator (seat 1) rules on it.
    let on_clue = dispute(clue, g.tokens[3].clone()).await;
    let audit = app.get(&format!("/api/games/{}/disputes/{on_clue}/audit", g.id), Some(&g.tokens[1])).await;
    let kinds: Vec<Value> =
        audit.json["remedies"].as_array().unwrap().iter().map(|r| r["remedy"].clone()).collect();
    assert!(kinds.iter().any(|r| r["correction"]["correction"] == "clue_invalid"), "{kinds:?}");
    assert!(kinds.iter().all(|r| r["remedy"] != "rewind"), "a clue is not rewound: {kinds:?}");
    let page = app.get(&format!("/play/{}/disputes/{on_clue}?lang=en", g.tokens[1]), None).await;
    assert!(page.text.contains("The clue of that step was invalid"), "{}", page.text);
    assert!(page.text.contains("nothing is taken back"), "{}", page.text);
    assert!(!page.text.contains("goes back"), "nothing on the page promises a rewind: {}", page.text);
    // The guess: the host rules; the rules name the rewind, and no clue correction.
    let on_guess = dispute(guess, g.tokens[3].clone()).await;
    let audit = app.get(&format!("/api/games/{}/disputes/{on_guess}/audit", g.id), Some(&g.host_token)).await;
    let kinds: Vec<Value> =
        audit.json["remedies"].as_array().unwrap().iter().map(|r| r["remedy"].clone()).collect();
    assert!(kinds.iter().any(|r| r["remedy"] == "rewind"), "{kinds:?}");
    assert!(kinds.iter().all(|r| r["correction"].is_null()), "{kinds:?}");
}
