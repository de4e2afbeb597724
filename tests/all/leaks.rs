//! Adversarial checks of the paths that reach a player, the host or a spectator: each plays a
//! game to a state where a secret exists, asks for a path as someone who may not see it, and
//! looks for the secret in the raw bytes (with a control showing the secret is really there for
//! those who may see it, so that each check can fail).

use crate::colditz::holds_id;
use crate::harness::{TestApp, TestGame};
use axum::http::StatusCode;
use serde_json::{Value, json};

async fn current_seq(app: &TestApp, g: &TestGame, seat: usize) -> u64 {
    app.view(g, seat).await["current_seq"].as_u64().unwrap()
}

/// `seat` sends `action`; returns the new record's seq.
async fn send(app: &TestApp, g: &TestGame, seat: usize, action: Value) -> u64 {
    let a = app.act(g, seat, action.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{action}: {}", a.text);
    a.json["seq"].as_u64().unwrap()
}

async fn dispute(app: &TestApp, g: &TestGame, seat: usize, against: u64, claim: &str) -> u64 {
    let a = app
        .post(
            &format!("/api/games/{}/disputes", g.id),
            Some(&g.tokens[seat]),
            json!({"against": against, "claim": claim}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    a.json["seq"].as_u64().unwrap()
}

fn assert_absent(received: &[(String, String)], secrets: &[&str], who: &str) {
    for (what, bytes) in received {
        for secret in secrets {
            assert!(!bytes.contains(secret), "{what}: {secret} reached {who}");
        }
    }
}

/// Služba: disputes and their audits (by the other coordinator, by the host), every past step
/// of the state, history and spectators' pages, the host's page and export: none of them gives
/// a seat (or the host, who is not at the table) a chat, the key or the salt it may not see.
#[tokio::test]
async fn sluzba_audits_past_steps_and_the_host_see_only_their_own_view() {
    let app = TestApp::spawn().await;
    // Seats: 0 red coordinator, 1 blue coordinator, 2 red member, 3 blue member.
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let first = app.log.store.records(&g.id, 0).await.unwrap()[0].record().unwrap();
    let drawn = first.events.iter().find(|e| e["event"] == "key_drawn").expect("the key is drawn at setup");
    let key = drawn["key"].as_str().unwrap().to_owned();
    let salt = drawn["salt"].as_str().unwrap().to_owned();
    let seed = app.log.store.game(&g.id).await.unwrap().unwrap().seed;

    let chat = |channel: &str, text: &str| json!({"action": "chat", "channel": channel, "text": text});
    let mut seqs = Vec::new();
    for (seat, action) in [
        (2, chat("red_team", "REDSECRETMARK")),
        (3, chat("blue_team", "BLUESECRETMARK")),
        (0, chat("coordinators", "COORDSECRETMARK")),
    ] {
        seqs.push(send(&app, &g, seat, action).await);
    }
    let (red_chat, _blue_chat, coord_chat) = (seqs[0], seqs[1], seqs[2]);
    // Red's coordinator gives a clue; blue's member disputes it (blue's coordinator judges it),
    // and disputes red's team chat and the coordinators' chat (the host judges those).
    let clue = {
        let v = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await;
        let mut a = v.json["legal_actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["action"].clone())
            .find(|a| a["action"] == "give_clue")
            .expect("red's coordinator may give a clue");
        a["word"] = json!("zzqa");
        a["number"] = json!(1);
        send(&app, &g, 0, a).await
    };
    let on_clue = dispute(&app, &g, 3, clue, "a hint by letters").await;
    let on_red_chat = dispute(&app, &g, 3, red_chat, "team talk out of turn").await;
    let on_coord_chat = dispute(&app, &g, 2, coord_chat, "coordinators talking").await;
    let last = current_seq(&app, &g, 0).await;
    assert!(!app.log.load(&g.id).await.unwrap().finished());

    // Blue's coordinator audits red's clue: the coordinators' chat is theirs, red's team chat is not.
    let mut blue_coord = Vec::new();
    let audit = app.get(&format!("/api/games/{}/disputes/{on_clue}/audit", g.id), Some(&g.tokens[1])).await;
    assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
    blue_coord.push(("api audit".to_owned(), audit.text));
    let page = app.get(&format!("/play/{}/disputes/{on_clue}", g.tokens[1]), None).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    blue_coord.push(("audit page".to_owned(), page.text));
    assert_absent(&blue_coord, &["REDSECRETMARK", &salt], "blue's coordinator (audit)");
    // The control: the coordinators' chat is there for blue's coordinator, so the view is not empty.
    let own = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[1])).await;
    assert!(own.text.contains("COORDSECRETMARK") && !own.text.contains("REDSECRETMARK"));

    // The host is not at the table: the public view only, in audits, pages and exports.
    let mut host = Vec::new();
    for d in [on_red_chat, on_coord_chat] {
        let audit = app.get(&format!("/api/games/{}/disputes/{d}/audit", g.id), Some(&g.host_token)).await;
        assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
        host.push((format!("host api audit {d}"), audit.text));
        let page = app.get(&format!("{}/disputes/{d}", g.host_path), None).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        host.push((format!("host audit page {d}"), page.text));
    }
    host.push(("host page".into(), app.get(&g.host_path, None).await.text));
    let export = app.get(&format!("{}/export", g.host_path), None).await;
    assert_eq!(export.status, StatusCode::OK);
    host.push(("host export".into(), export.text));
    let list = app.get(&format!("/api/games/{}/disputes", g.id), Some(&g.host_token)).await;
    assert_eq!(list.status, StatusCode::OK);
    host.push(("host dispute list".into(), list.text));
    assert_absent(
        &host,
        &["REDSECRETMARK", "BLUESECRETMARK", "COORDSECRETMARK", &key, &salt, &seed],
        "the host",
    );

    // Members, at every step of the game; spectators too.
    let watch = app.watch_path(&g).await;
    let mut spectator = Vec::new();
    for (m, other) in [(2usize, "BLUESECRETMARK"), (3, "REDSECRETMARK")] {
        let token = &g.tokens[m];
        let mut received = Vec::new();
        for at in 1..=last {
            let uri = format!("/api/games/{}/state?at={at}", g.id);
            let a = app.get(&uri, Some(token)).await;
            assert_eq!(a.status, StatusCode::OK, "{uri}: {}", a.text);
            received.push((uri, a.text));
            let uri = format!("/play/{token}/history?at={at}");
            let a = app.get(&uri, None).await;
            assert_eq!(a.status, StatusCode::OK, "{uri}");
            received.push((uri, a.text));
        }
        for uri in [
            format!("/api/games/{}/disputes", g.id),
            format!("/api/games/{}/events", g.id),
            format!("/api/games/{}/export", g.id),
        ] {
            received.push((uri.clone(), app.get(&uri, Some(token)).await.text));
        }
        received.push(("game page".into(), app.get(&format!("/play/{token}"), None).await.text));
        // A member may not open an audit (only the adjudicator may); the refusal holds nothing.
        for d in [on_clue, on_red_chat, on_coord_chat] {
            let a = app.get(&format!("/api/games/{}/disputes/{d}/audit", g.id), Some(token)).await;
            assert_ne!(a.status, StatusCode::OK, "a member audits dispute {d}");
            received.push((format!("audit {d}"), a.text));
            let p = app.get(&format!("/play/{token}/disputes/{d}"), None).await;
            received.push((format!("audit page {d}"), p.text));
        }
        for mail in app
            .mails(1000)
            .await
            .into_iter()
            .filter(|o| o.game_id == g.id && o.recipient.starts_with(["radek", "bara"][m - 2]))
        {
            received.push((
                format!("mail {}", mail.subject),
                format!("{}\n{}\n{}", mail.subject, mail.body_text, mail.body_html.unwrap_or_default()),
            ));
        }
        assert_absent(&received, &[other, "COORDSECRETMARK", &key, &salt, &seed], &format!("member {m}"));
        // The control: each member reads their own team's chat in what they received.
        let own = if m == 2 { "REDSECRETMARK" } else { "BLUESECRETMARK" };
        assert!(received.iter().any(|(_, b)| b.contains(own)), "member {m} reads their team's chat");
    }
    for at in 1..=last {
        let a = app.get(&format!("{watch}?at={at}"), None).await;
        assert_eq!(a.status, StatusCode::OK);
        spectator.push((format!("watch at {at}"), a.text));
    }
    assert_absent(
        &spectator,
        &["REDSECRETMARK", "BLUESECRETMARK", "COORDSECRETMARK", &key, &salt, &seed],
        "a spectator",
    );
    // The control: red's coordinator does read every channel of theirs and the key's colours.
    let coordinator = app.get(&format!("/play/{}", g.tokens[0]), None).await;
    assert!(coordinator.text.contains("COORDSECRETMARK") && coordinator.text.contains("REDSECRETMARK"));
    assert_eq!(coordinator.text.matches("data-colour=").count(), 25);
}

/// The seed is revealed at the end. A ruling that overturned the last move after that would
/// play on a game whose every future die anyone can derive from the published seed (and in
/// games with hidden information, with every card already shown to all): the record of an
/// ended game can no longer be rewound, and the seed never appears while a game goes on.
#[tokio::test]
async fn the_seed_once_revealed_never_serves_a_game_that_goes_on() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let seed = app.log.store.game(&g.id).await.unwrap().unwrap().seed;
    let mut steps = 0;
    let mut last_move = 0;
    while let Some((seat, view)) = app.whose_turn(&g).await {
        let actions = view["legal_actions"].as_array().unwrap();
        last_move = send(&app, &g, seat, actions[steps % actions.len()]["action"].clone()).await;
        steps += 1;
        assert!(steps < 20_000, "the game must end");
    }
    // Before the end, nobody received the seed.
    // The control: after the end, the export carries it.
    let export = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[0])).await;
    assert!(export.text.contains(&seed), "the seed is revealed at the end");

    // The loser disputes the winning move; the host (who judges in Na zajatce) would overturn it.
    let d = dispute(&app, &g, 1, last_move, "that was not a legal move").await;
    let ruled = app
        .post(
            &format!("/api/games/{}/disputes/{d}/ruling", g.id),
            Some(&g.host_token),
            json!({"verdict": "overturn", "reason": "replay it"}),
        )
        .await;
    let now = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await;
    if now.json["finished"] != true {
        // The game went on: then nothing may carry the seed any more.
        let export = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[0])).await;
        assert!(
            !export.text.contains(&seed),
            "the game goes on after an overturn ({}) but its export still holds the seed",
            ruled.text
        );
        panic!("an ended game, its seed revealed, was rewound and goes on: {}", ruled.text);
    }
    assert_eq!(ruled.status, StatusCode::CONFLICT, "{}", ruled.text);
    assert_eq!(ruled.json["error"], "finished", "{}", ruled.text);
    // Upholding stays possible: the dispute is settled on the record.
    let upheld = app
        .post(
            &format!("/api/games/{}/disputes/{d}/ruling", g.id),
            Some(&g.host_token),
            json!({"verdict": "uphold", "reason": "it stands"}),
        )
        .await;
    assert_eq!(upheld.status, StatusCode::OK, "{}", upheld.text);
}

/// Escape from Colditz: an Escape Officer's draw is disputed by the other; the German (who
/// judges every dispute) audits it: neither his audit (API, page) nor the other officer's
/// answers (dispute list, refused audit, every past step) nor a spectator's page names the
/// card drawn.
#[tokio::test]
async fn colditz_the_german_audits_a_draw_without_seeing_the_card() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&crate::colditz::NAMES, json!({"dice": "manual"})).await;
    let v = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await;
    let place = v.json["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"]["action"] == "place_guards")
        .expect("the German places his guards")["action"]
        .clone();
    send(&app, &g, 0, place).await;
    // A throw of 3 draws an Opportunity card for Amy (seat 1).
    let throw = send(&app, &g, 1, json!({"action": "throw", "dice": [[1, 2]]})).await;
    let loaded = app.log.load(&g.id).await.unwrap();
    let all = loaded.table.view(feldpost_engine::Viewer::Omniscient);
    let hand = all["seats"][1]["hand"].as_array().unwrap();
    assert_eq!(hand.len(), 1, "a 3 draws a card");
    let card = hand[0]["id"].as_str().unwrap().to_owned();
    // The control: Amy sees her card.
    let own = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[1])).await;
    assert!(holds_id(&own.text, &card), "Amy sees her own {card}");

    let d = dispute(&app, &g, 2, throw, "those dice were not thrown").await;
    let list = app.get(&format!("/api/games/{}/disputes", g.id), Some(&g.tokens[2])).await;
    assert_eq!(list.json[0]["adjudicator"], json!({"kind": "seat", "seat": 0}), "{}", list.text);
    let mut german = Vec::new();
    let audit = app.get(&format!("/api/games/{}/disputes/{d}/audit", g.id), Some(&g.tokens[0])).await;
    assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
    assert!(audit.json["contested_events"].as_array().is_some_and(|e| !e.is_empty()), "{}", audit.text);
    german.push(("api audit".to_owned(), audit.text));
    let page = app.get(&format!("/play/{}/disputes/{d}", g.tokens[0]), None).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    german.push(("audit page".to_owned(), page.text));
    let last = current_seq(&app, &g, 0).await;
    for at in 1..=last {
        german.push((
            format!("state at {at}"),
            app.get(&format!("/api/games/{}/state?at={at}", g.id), Some(&g.tokens[0])).await.text,
        ));
    }
    german.push(("game page".into(), app.get(&format!("/play/{}", g.tokens[0]), None).await.text));
    for (what, bytes) in &german {
        assert!(!holds_id(bytes, &card), "{what}: the German saw Amy's {card}");
    }

    let mut bill = Vec::new();
    for uri in [format!("/api/games/{}/disputes", g.id), format!("/api/games/{}/disputes/{d}/audit", g.id)] {
        bill.push((uri.clone(), app.get(&uri, Some(&g.tokens[2])).await.text));
    }
    bill.push((
        "audit page".into(),
        app.get(&format!("/play/{}/disputes/{d}", g.tokens[2]), None).await.text,
    ));
    let watch = app.watch_path(&g).await;
    for at in 1..=last {
        bill.push((
            format!("state at {at}"),
            app.get(&format!("/api/games/{}/state?at={at}", g.id), Some(&g.tokens[2])).await.text,
        ));
        bill.push((format!("watch at {at}"), app.get(&format!("{watch}?at={at}"), None).await.text));
    }
    bill.push(("host page".into(), app.get(&g.host_path, None).await.text));
    bill.push(("host export".into(), app.get(&format!("{}/export", g.host_path), None).await.text));
    for (what, bytes) in &bill {
        assert!(!holds_id(bytes, &card), "{what}: Amy's {card} reached someone else");
    }
}

/// A viewer's export keeps the chain's links, but a hash is SHA-256 of the previous hash and the
/// record as stored: published beside a redacted body whose hidden part has few possible values
/// (one card of ~100), it would let the reader try each value until the hash matches. Nothing
/// in a viewer's export may confirm a guess at what it hides.
#[tokio::test]
async fn a_viewers_export_holds_no_hash_that_confirms_a_guess_at_a_hidden_card() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&crate::colditz::NAMES, json!({"dice": "manual"})).await;
    let v = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await;
    let place = v.json["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"]["action"] == "place_guards")
        .expect("the German places his guards")["action"]
        .clone();
    send(&app, &g, 0, place).await;
    let throw_action = json!({"action": "throw", "dice": [[1, 2]]});
    let throw = send(&app, &g, 1, throw_action.clone()).await;
    // One more record after the draw, so that its hash would also reach the reader as the next
    // record's prev_hash.
    send(&app, &g, 1, json!({"action": "end_turn"})).await;
    let stored = app.log.store.records(&g.id, 0).await.unwrap();
    let truth = stored.iter().find(|c| c.seq == throw).unwrap();

    // Bill's (and the German's) exports: try every card in the hidden draw.
    for seat in [0usize, 2] {
        let export = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[seat])).await;
        assert_eq!(export.status, StatusCode::OK);
        let parsed = feldpost::audit::parse(&export.text).unwrap();
        feldpost::audit::verify(&parsed).expect("a viewer's export still checks");
        let c = parsed.records.iter().find(|c| c.seq == throw).unwrap();
        assert!(c.redacted, "seat {seat}'s copy of the draw is redacted");
        let mut guess: Value = serde_json::from_str(&c.body).unwrap();
        guess["cause"]["action"] = throw_action.clone();
        let drew = guess["events"]
            .as_array()
            .unwrap()
            .iter()
            .position(|e| e.to_string().contains("\"pack\"") && e["seat"] == 1)
            .expect("the draw is in seat {seat}'s copy");
        // The control: with the true card and the record's secret nonce, the guess is the stored
        // record, byte for byte.
        let real: Value = serde_json::from_str(&truth.body).unwrap();
        assert!(guess.get("nonce").is_none(), "seat {seat}'s copy of the draw holds no nonce");
        assert!(real["nonce"].is_string(), "the stored draw has its nonce");
        let mut right = guess.clone();
        right["events"][drew] = real["events"][drew].clone();
        right["nonce"] = real["nonce"].clone();
        assert_eq!(
            feldpost::record::chain_hash(&truth.prev_hash, &right.to_string()),
            truth.hash,
            "the guess is built as the record was"
        );
        // Every hash the seat holds: from its export, and the draw's own hash, which its mail
        // carries as a receipt.
        let mut hashes: Vec<&str> = parsed
            .records
            .iter()
            .flat_map(|r| [r.hash.as_str(), r.prev_hash.as_str()])
            .filter(|h| !h.is_empty())
            .collect();
        hashes.push(&truth.hash);
        for n in 0..=255u16 {
            guess["events"][drew]["card"] = json!(format!("card{n}"));
            let h = feldpost::record::chain_hash(&c.prev_hash, &guess.to_string());
            assert!(!hashes.contains(&h.as_str()), "seat {seat}'s export confirms that Amy drew card{n}");
        }
    }
}

/// The answer to an action lists the events it caused, which may hold what others answered at
/// once by their standing orders (a private Appel answer, a Hideaway held): the actor reads
/// them as their own history shows them, never as stored.
#[tokio::test]
async fn the_answer_to_an_action_shows_its_events_as_the_actor_may_see_them() {
    let app = TestApp::spawn().await;
    let options = json!({"dice": "manual"});
    let appel = crate::colditz::deal_appel_on_top(&app, &options);
    let g = app.create_colditz(&crate::colditz::NAMES, options).await;
    send(
        &app,
        &g,
        0,
        json!({"action": "place_guards", "inner": ["r17c29", "r18c21"], "outer": ["r08c16", "r08c34"]}),
    )
    .await;
    // Bill's standing order: at Appel, all his men attend (answered at once, privately).
    send(&app, &g, 2, json!({"action": "set_standing_orders", "appel_all_attend": true})).await;
    for seat in [1, 2] {
        send(&app, &g, seat, json!({"action": "throw", "dice": [[1, 3]]})).await;
        send(&app, &g, seat, json!({"action": "end_turn"})).await;
    }
    send(&app, &g, 0, json!({"action": "throw", "dice": [[1, 2]]})).await;
    send(&app, &g, 0, json!({"action": "end_turn"})).await;
    for seat in [1, 2] {
        send(&app, &g, seat, json!({"action": "throw", "dice": [[1, 3]]})).await;
        send(&app, &g, seat, json!({"action": "end_turn"})).await;
    }
    // The German declares Appel: Bill's order answers at once, inside the German's record.
    let seq = current_seq(&app, &g, 0).await;
    let played = app
        .post(
            &format!("/api/games/{}/actions", g.id),
            Some(&g.tokens[0]),
            json!({"expected_seq": seq, "action": {"action": "play", "card": appel, "men": [], "equipment": []}}),
        )
        .await;
    assert_eq!(played.status, StatusCode::OK, "{}", played.text);
    let record = played.json["seq"].as_u64().unwrap();
    // The control: the stored record holds Bill's answer.
    let stored = app.log.store.records(&g.id, record - 1).await.unwrap();
    let stored = stored.iter().find(|c| c.seq == record).unwrap().record().unwrap();
    assert!(
        stored
            .events
            .iter()
            .any(|e| e["event"] == "appel_answered" && e["seat"] == 2 && !e["answer"].is_null()),
        "Bill's order answered inside the German's record: {:?}",
        stored.events
    );
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[0])).await;
    let mine = history.json.as_array().unwrap().iter().find(|h| h["seq"] == record).unwrap().clone();
    assert_eq!(
        played.json["events"], mine["events"],
        "the German reads his action's events as his history shows them"
    );
    assert!(
        !played.json["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["event"] == "appel_answered" && !e["answer"].is_null()),
        "Bill's private answer reached the German: {}",
        played.text
    );
}

// ---- Escape from Colditz: the hidden Escape Kit and its kit parts ----------------------------

/// The Escape Kit is claimed in secret and kit parts are held in secret.
/// Amy is dealt both kinds of kit part as her first two draws (a fixed seed, found by
/// `deal_where`), claims the Kit with them, and no other seat's page, history, API view, export
/// or mail names the Kit, its card or the parts, while Amy's own page shows it (the control).
#[tokio::test]
async fn colditz_the_escape_kit_and_its_parts_reach_no_other_seat_until_displayed() {
    let app = TestApp::spawn().await;
    let (g, hand) = crate::kit::amy_holds_both_parts(&app).await;
    // Before the claim: the parts are held in secret.
    let seq = current_seq(&app, &g, 1).await;
    let en = |key: &str| feldpost::i18n::Tr::new(feldpost::i18n::Lang::En).t(key);
    let part_names =
        [en("colditz-card-kit-part-compass-food"), en("colditz-card-kit-part-documents-clothing")];
    for seat in [0, 2] {
        let texts = crate::colditz::received(&app, &g, seat, seq).await;
        for (what, bytes) in &texts {
            for id in &hand {
                assert!(!holds_id(bytes, id), "{what}: seat {seat} saw Amy's kit part {id}");
            }
            for name in &part_names {
                assert!(!bytes.contains(name.as_str()), "{what}: seat {seat} read {name:?}");
            }
        }
    }
    send(&app, &g, 1, json!({"action": "claim_kit", "men": [], "parts": hand})).await;
    let loaded = app.log.load(&g.id).await.unwrap();
    let all = loaded.table.view(feldpost_engine::Viewer::Omniscient);
    let kit: Vec<String> = all["seats"][1]["equipment"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["key"] == "kit")
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(kit.len(), 1, "Amy holds the Kit: {}", all["seats"][1]);
    let seq = current_seq(&app, &g, 1).await;
    let kit_words = [en("colditz-card-kit"), "claims the Escape Kit".to_owned()];
    // The control: Amy's own page names her Kit.
    let amy = app.get(&format!("/play/{}", g.tokens[1]), None).await.text;
    assert!(amy.contains(&kit_words[0]), "Amy sees her Kit");
    for seat in [0, 2] {
        let texts = crate::colditz::received(&app, &g, seat, seq).await;
        assert!(texts.len() >= 8, "pages, history, API, export and mail were read");
        for (what, bytes) in &texts {
            for id in kit.iter().chain(&hand) {
                assert!(!holds_id(bytes, id), "{what}: seat {seat} saw {id}");
            }
            for words in kit_words.iter().chain(&part_names) {
                assert!(!bytes.contains(words.as_str()), "{what}: seat {seat} read {words:?}");
            }
            assert!(!bytes.contains("kit_claimed"), "{what}: seat {seat} learnt of the claim");
        }
    }
}
