//! The caches beside the log stay honest (docs/architecture.md, rules 2 and 3): two servers
//! (two `GameLog`s) on one store see each other's moves, a cached seat or game row is never
//! acted on once another server changed it, nothing is lost or doubled under conflict, and
//! the replay cache keeps to its cap. Speed itself is measured by `examples/load.rs` and the
//! benches, never here.

use crate::harness::{T0, TestApp, TestGame, players, seat_token};
use axum::http::StatusCode;
use feldpost::clock::{HOUR_MS, ManualClock};
use feldpost::play::{GameLog, PlayError};
use serde_json::{Value, json};
use std::sync::Arc;

/// The seat the rules wait on and its first legal action, as `play` sees the game now.
async fn next_move(play: &GameLog, g: &TestGame) -> (usize, u64, Value) {
    let loaded = play.load(&g.id).await.unwrap();
    let seat = loaded.table.to_act()[0];
    let view = feldpost::play::view::view(play, &loaded, Some(seat));
    (usize::from(seat), view.current_seq, view.legal_actions[0].action.clone())
}

#[tokio::test]
async fn a_server_whose_clock_is_behind_never_stamps_a_record_before_the_one_it_follows() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    // Server B's clock is an hour behind A's.
    let b = app.second_server_on(Arc::new(ManualClock::at(T0 - HOUR_MS))).await;
    app.clock.advance(HOUR_MS);
    let (seat, seq, action) = next_move(&app.log, &g).await;
    let on_a = feldpost::play::act::by_token(&app.log, &g.token(seat), None, seq, &action).await.unwrap();
    let (seat, seq, action) = next_move(&b, &g).await;
    let on_b = feldpost::play::act::by_token(&b, &g.token(seat), None, seq, &action).await.unwrap();
    let (records, chained) = app.log.records_of(&g.id).await.unwrap();
    let at = |seq: u64| records.iter().find(|r| r.seq == seq).unwrap().at;
    assert_eq!(at(on_a.seq), T0 + HOUR_MS);
    assert_eq!(at(on_b.seq), T0 + HOUR_MS, "B's move is stamped no earlier than A's, which it follows");
    assert!(records.windows(2).all(|w| w[0].at <= w[1].at), "the log keeps its order in time");
    // The time is part of what the chain hashes: the chain still checks.
    feldpost::record::verify_chain(&g.id, &chained).unwrap();
}

#[tokio::test]
async fn two_servers_on_one_store_see_each_others_moves_and_refuse_stale_ones() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    let b = app.second_server().await;
    // Both servers hold the game in their caches.
    let (seat, seq, action) = next_move(&app.log, &g).await;
    assert_eq!(next_move(&b, &g).await.1, seq);

    // Server B moves; server A's next look shows it.
    let acted = feldpost::play::act::by_token(&b, &g.token(seat), None, seq, &action).await.unwrap();
    assert_eq!(acted.seq, seq + 1);
    let on_a = app.log.load(&g.id).await.unwrap();
    assert_eq!(on_a.seq, seq + 1, "A reads B's move");
    assert_eq!(app.view(&g, seat).await["current_seq"], json!(seq + 1), "and so does A's API");

    // A move at the old number is refused on either server, and writes nothing.
    let events = app.event_count(&g.id).await;
    for play in [&app.log, &b] {
        match feldpost::play::act::by_token(play, &g.token(seat), None, seq, &action).await {
            Err(PlayError::Conflict { expected, current }) => {
                assert_eq!((expected, current), (seq, seq + 1));
            }
            other => panic!("expected a conflict, got {other:?}"),
        }
    }
    assert_eq!(app.event_count(&g.id).await, events);

    // B moves twice more while A does not look: A's cached state is behind, and a player who
    // saw B's newest state still moves through A.
    for _ in 0..2 {
        let (seat, seq, action) = next_move(&b, &g).await;
        feldpost::play::act::by_token(&b, &g.token(seat), None, seq, &action).await.unwrap();
    }
    let (seat, seq, action) = next_move(&b, &g).await;
    let acted = feldpost::play::act::by_token(&app.log, &g.token(seat), None, seq, &action).await.unwrap();
    assert_eq!(acted.seq, seq + 1);
    assert_eq!(acted.game.current_seq, seq + 1);
    assert_eq!(app.event_count(&g.id).await, events + 3);
    let on_b = b.load(&g.id).await.unwrap();
    assert_eq!(on_b.seq, seq + 1);
    assert_eq!(on_b.table.view(feldpost_engine::Viewer::Omniscient), {
        let on_a = app.log.load(&g.id).await.unwrap();
        on_a.table.view(feldpost_engine::Viewer::Omniscient)
    });
}

#[tokio::test]
async fn a_seat_handed_on_by_one_server_is_not_acted_for_on_another_with_the_old_link() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    let b = app.second_server().await;
    let (seat, seq, action) = next_move(&b, &g).await;
    // B has the seat's link in its cache; A gives the seat to someone else.
    b.load_seat(&g.token(seat)).await.unwrap();
    let loaded = app.log.load(&g.id).await.unwrap();
    feldpost::play::seats::replace_player(&app.log, loaded, seat as u8, "Cyril", "").await.unwrap();
    let events = app.event_count(&g.id).await;
    // The old link moves nothing on B, whatever number it names.
    for expected in [seq, seq + 1] {
        let r = feldpost::play::act::by_token(&b, &g.token(seat), None, expected, &action).await;
        assert!(
            matches!(r, Err(PlayError::UnknownLink | PlayError::Conflict { .. })),
            "the old link acted: {r:?}"
        );
    }
    assert_eq!(app.event_count(&g.id).await, events);
    // And B no longer shows the game to it.
    assert!(matches!(b.load_seat(&g.token(seat)).await, Err(PlayError::UnknownLink)));
}

#[tokio::test]
async fn of_many_moves_at_once_on_two_servers_exactly_one_lands_each_round() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    let b = app.second_server().await;
    for round in 0..5 {
        let (seat, seq, action) = next_move(&app.log, &g).await;
        let before = app.event_count(&g.id).await;
        let mut tries = Vec::new();
        for i in 0..6 {
            let play = if i % 2 == 0 { app.log.clone() } else { b.clone() };
            let (token, action) = (g.token(seat), action.clone());
            tries.push(tokio::spawn(async move {
                feldpost::play::act::by_token(&play, &token, None, seq, &action).await
            }));
        }
        let mut won = 0;
        for t in tries {
            match t.await.unwrap() {
                Ok(acted) => {
                    won += 1;
                    assert_eq!(acted.seq, seq + 1);
                }
                Err(PlayError::Conflict { .. }) => {}
                Err(e) => panic!("round {round}: {e:?}"),
            }
        }
        assert_eq!(won, 1, "round {round}: exactly one move lands");
        assert_eq!(app.event_count(&g.id).await, before + 1, "round {round}: one record written");
    }
}

#[tokio::test]
async fn the_answer_to_an_action_carries_the_new_number_the_view_and_the_next_legal_actions() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    let (seat, seq, action) = next_move(&app.log, &g).await;
    let a = app
        .post(
            &format!("/api/games/{}/actions", g.id),
            Some(&g.tokens[seat]),
            json!({"expected_seq": seq, "action": action}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(a.json["seq"], json!(seq + 1));
    let game = &a.json["game"];
    assert_eq!(game["current_seq"], json!(seq + 1));
    assert_eq!(game["seat"], json!(seat));
    // The same as a GET afterwards would say.
    let view = app.view(&g, seat).await;
    assert_eq!(game["legal_actions"], view["legal_actions"]);
    assert_eq!(game["view"], view["view"]);
    assert_eq!(game["your_turn"], view["your_turn"]);
}

#[tokio::test]
async fn the_replay_cache_keeps_to_its_cap_and_an_evicted_game_comes_back_from_the_log() {
    let app = TestApp::spawn().await;
    let mut games = Vec::new();
    for _ in 0..6 {
        let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
        app.play_first_legal(&g).await;
        games.push(g);
    }
    let capped = app.second_server().await;
    let capped = Arc::new(Arc::into_inner(capped).unwrap().with_cache_cap(3));
    let mut seen = Vec::new();
    for g in &games {
        let loaded = capped.load(&g.id).await.unwrap();
        assert!(capped.cached_games() <= 3, "{} games cached", capped.cached_games());
        seen.push((loaded.seq, loaded.table.view(feldpost_engine::Viewer::Omniscient)));
    }
    assert_eq!(capped.cached_games(), 3);
    // The first games were evicted; loaded again they are what they were, and still playable.
    for (g, (seq, view)) in games.iter().zip(&seen) {
        let loaded = capped.load(&g.id).await.unwrap();
        assert_eq!((loaded.seq, &loaded.table.view(feldpost_engine::Viewer::Omniscient)), (*seq, view));
        let (seat, at, action) = next_move(&capped, g).await;
        feldpost::play::act::by_token(&capped, &g.token(seat), None, at, &action).await.unwrap();
        assert!(capped.cached_games() <= 3);
    }
}

#[tokio::test]
async fn the_replay_caches_index_of_links_holds_only_the_seats_of_the_games_it_holds() {
    let app = TestApp::spawn().await;
    let capped = app.second_server().await;
    let capped = Arc::new(Arc::into_inner(capped).unwrap().with_cache_cap(3));
    let mut games = Vec::new();
    for _ in 0..8 {
        let g = app.create_zajatce(&["Ana", "Bo", "Cyril"], json!({})).await;
        capped.load_seat(&g.token(0)).await.unwrap();
        assert!(capped.cached_games() <= 3, "{} games cached", capped.cached_games());
        assert!(capped.cached_links() <= 3 * 3, "{} links for 3 games of 3", capped.cached_links());
        games.push(g);
    }
    // Evicted games' links went with them (they grew by every seat of every game once seen).
    assert_eq!((capped.cached_games(), capped.cached_links()), (3, 9));
    // Every link still opens its own seat, from the cache or from the store.
    for g in &games {
        for (seat, token) in g.tokens.iter().enumerate() {
            let (loaded, s) = capped.load_seat(&seat_token(token)).await.unwrap();
            assert_eq!((loaded.game.id.as_str(), usize::from(s)), (g.id.as_str(), seat));
            assert!(capped.cached_links() <= 9, "{} links", capped.cached_links());
        }
    }
}

#[tokio::test]
async fn a_cached_game_keeps_of_its_first_record_the_dispute_policy_and_not_the_deal() {
    use feldpost::record::Cause;
    let app = TestApp::spawn().await;
    let g = app
        .create_game(json!({
            "ruleset": "colditz", "title": "Test", "players": players(&["Gerhard", "Amy", "Bill"]),
            "disputes": {"ruling_hours": 48, "appeal_hours": 24, "appeals": true},
        }))
        .await;
    let logged = app.log.store.records(&g.id, 0).await.unwrap()[0].record().unwrap();
    assert!(!logged.events.is_empty(), "the log holds the deal");
    let kept_as_it_should = |loaded: &feldpost::play::Loaded, how: &str| {
        let notes = &loaded.notes;
        let first = &notes.records()[0];
        assert_eq!(first.seq, 1, "{how}");
        assert!(first.events.is_empty(), "{how}: the setup events are kept beside the state");
        assert!(
            matches!(&first.cause, Cause::Created { options: Value::Null, .. }),
            "{how}: {:?}",
            first.cause
        );
        let policy = notes.policy();
        assert_eq!((policy.ruling_hours, policy.appeal_hours, policy.appeals), (48, 24, true), "{how}");
    };
    // Replayed from the whole log, on a server that never saw the game.
    let b = app.second_server().await;
    kept_as_it_should(&b.load(&g.id).await.unwrap(), "from the log");
    // After a move through that server, and read by the other from the records since.
    let (seat, seq, action) = next_move(&b, &g).await;
    feldpost::play::act::by_token(&b, &g.token(seat), None, seq, &action).await.unwrap();
    kept_as_it_should(&b.load(&g.id).await.unwrap(), "after a move");
    app.log.load(&g.id).await.unwrap();
    let (seat, seq, action) = next_move(&app.log, &g).await;
    feldpost::play::act::by_token(&b, &g.token(seat), None, seq, &action).await.unwrap();
    kept_as_it_should(&app.log.load(&g.id).await.unwrap(), "with the records since");
    // The game and its disputes panel still show.
    assert!(page_on(&app.log, &format!("/play/{}", g.tokens[0])).await.contains("Colditz"));
}

/// A page of `play`'s own server (its own router over its own caches), in English.
async fn page_on(play: &Arc<GameLog>, path: &str) -> String {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let router = feldpost::web::router(feldpost::web::AppState { log: play.clone(), dev_mailbox: false });
    let request = axum::http::Request::get(path)
        .header(axum::http::header::ACCEPT_LANGUAGE, "en")
        .body(axum::body::Body::empty())
        .unwrap();
    let res = router.oneshot(request).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap()
}

#[tokio::test]
async fn a_dispute_and_its_ruling_on_one_server_show_on_the_others_game_page() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    let b = app.second_server().await;
    let mover = app.play_first_legal(&g).await;
    let contested = app.log.load(&g.id).await.unwrap().seq;
    let other = 1 - mover;
    // Server B has the game cached, with no dispute in it.
    let before = page_on(&b, &format!("/play/{}", g.tokens[other])).await;
    assert!(!before.contains("Miscounted"));

    // On server A the other player disputes the move: B's game page shows it waiting.
    let filed = app
        .form(
            &format!("/play/{}/disputes", g.tokens[other]),
            &[("against", &contested.to_string()), ("claim", "Miscounted"), ("rule", "Z4")],
        )
        .await;
    assert_eq!(filed.status, StatusCode::SEE_OTHER, "{}", filed.text);
    let waiting = page_on(&b, &format!("/play/{}", g.tokens[mover])).await;
    assert!(waiting.contains("Miscounted") && waiting.contains("waiting for a ruling"), "{waiting}");
    // While it is open nobody may take a move back (on either server).
    for play in [&app.log, &b] {
        let loaded = play.load(&g.id).await.unwrap();
        assert_eq!(feldpost::play::undo::undo_offer(play, &loaded, mover as u8).await.unwrap(), None);
    }

    // The host rules on A; B, which cached the open dispute, shows the ruling.
    let ruled = app
        .form(
            &format!("/host/{}/{}/disputes/{}/ruling", g.id, g.host_token, contested + 1),
            &[("verdict", "uphold"), ("reason", "Counted right")],
        )
        .await;
    assert_eq!(ruled.status, StatusCode::SEE_OTHER, "{}", ruled.text);
    let after = page_on(&b, &format!("/play/{}", g.tokens[other])).await;
    assert!(after.contains("Miscounted") && after.contains("upheld"), "{after}");
    assert!(!after.contains("waiting for a ruling"));
    // And B's list of disputes (the API's) agrees with A's.
    let on_a = feldpost::play::disputes::disputes(&app.log.load(&g.id).await.unwrap());
    let on_b = feldpost::play::disputes::disputes(&b.load(&g.id).await.unwrap());
    assert_eq!(serde_json::to_value(&on_a).unwrap(), serde_json::to_value(&on_b).unwrap());
    assert_eq!(on_b.len(), 1);
}

/// Red's coordinator gives a clue (Služba) through the API; returns the clue's seq.
async fn give_clue(app: &TestApp, g: &TestGame, word: &str) -> u64 {
    let v = app.view(g, 0).await;
    let mut action = v["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].clone())
        .find(|a| a["action"] == "give_clue")
        .expect("the coordinator may give a clue");
    action["word"] = json!(word);
    action["number"] = json!(2);
    let a = app
        .post(
            &format!("/api/games/{}/actions", g.id),
            Some(&g.tokens[0]),
            json!({"expected_seq": v["current_seq"], "action": action}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    a.json["seq"].as_u64().unwrap()
}

/// The undo red's coordinator may ask for, as `play` sees the game.
async fn offers(play: Arc<GameLog>, g: &TestGame) -> Option<feldpost::play::undo::UndoOffer> {
    let loaded = play.load(&g.id).await.unwrap();
    feldpost::play::undo::undo_offer(&play, &loaded, 0).await.unwrap()
}

#[tokio::test]
async fn the_undo_offered_is_the_same_on_the_server_that_moved_on_another_and_after_a_rewind() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let clue = give_clue(&app, &g, "zzqa").await;
    let b = app.second_server().await;
    // A kept the state from its own append; B reads the game afresh from the log.
    let on_a = offers(app.log.clone(), &g).await.expect("the clue may be taken back");
    assert_eq!(on_a.target, clue);
    assert!(on_a.needs_consent_from.contains(&2), "red's guesser is asked: {on_a:?}");
    assert_eq!(offers(b.clone(), &g).await, Some(on_a.clone()));

    // Taken back with consent (a rewind): no action of red's coordinator is left to undo.
    let asked = app.post(&format!("/api/games/{}/undo", g.id), Some(&g.tokens[0]), json!({})).await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.text);
    let request = asked.json["seq"].as_u64().unwrap();
    let yes = app
        .post(
            &format!("/api/games/{}/undo/{request}/answer", g.id),
            Some(&g.tokens[2]),
            json!({"consent": true}),
        )
        .await;
    assert_eq!(yes.status, StatusCode::OK, "{}", yes.text);
    assert_eq!(offers(app.log.clone(), &g).await, None);
    assert_eq!(offers(b.clone(), &g).await, None);

    // A new clue is offered back on both, as the one now standing.
    let again = give_clue(&app, &g, "zzqb").await;
    let on_a = offers(app.log.clone(), &g).await.expect("the new clue may be taken back");
    assert_eq!(on_a.target, again);
    assert_eq!(offers(b.clone(), &g).await, Some(on_a));
}

#[tokio::test]
async fn table_talk_written_on_another_server_reaches_the_next_turn_mail_written_here() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let b = app.second_server().await;
    // Both servers hold the game, without table talk, in their caches.
    let mover = app.seat_to_act(&g.id).await;
    let other = 1 - mover;
    let on_b = b.load(&g.id).await.unwrap();
    assert!(!on_b.live.talk && !app.log.load(&g.id).await.unwrap().live.talk, "no talk yet");

    // The mover writes a line through server B; server A's next read of the game knows of it
    // (a page, or the move's own look), and its turn mails carry it.
    let who = feldpost::play::disputes::Who::Seat(mover as u8);
    feldpost::play::chat::say(&b, &on_b, who, None, "TALKMARK from B").await.unwrap();
    assert!(app.log.load(&g.id).await.unwrap().live.talk, "A reads that the game has talk now");
    while app.seat_to_act(&g.id).await != other {
        app.play_first_legal(&g).await;
    }
    let turn = app.mail_to(["alena@example.org", "bořek@example.org"][other], "turn").await;
    assert!(turn.body_text.contains("TALKMARK from B"), "{}", turn.body_text);
}
