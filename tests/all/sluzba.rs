//! Služba v ilegalitě through the server: games played to their end over the API in each table
//! shape, and the leak test: nothing a member receives (pages, API answers, history steps,
//! exports, emails) holds an unrevealed card's colour, the key, or a chat they are not in.

use crate::harness::{TestApp, TestGame};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// One step of a simple but legal player: clues of nonsense words, the first open card as a
/// guess, a stop after two guesses. Returns false once nobody can act.
async fn step(app: &TestApp, g: &TestGame, n: usize) -> bool {
    for token in &g.tokens {
        let v = app.get(&format!("/api/games/{}", g.id), Some(token)).await;
        assert_eq!(v.status, StatusCode::OK, "{}", v.text);
        if v.json["finished"] == true {
            return false;
        }
        if v.json["your_turn"] != true {
            continue;
        }
        let actions: Vec<Value> =
            v.json["legal_actions"].as_array().unwrap().iter().map(|a| a["action"].clone()).collect();
        let kind = |a: &Value| a["action"].as_str().unwrap_or("").to_owned();
        let guesses_made = v.json["view"]["guesses"]["made"].as_u64().unwrap_or(0);
        let pick = actions
            .iter()
            .find(|a| kind(a) == "deal_rest")
            .or_else(|| actions.iter().find(|a| kind(a) == "give_clue"))
            .or_else(|| if guesses_made >= 2 { actions.iter().find(|a| kind(a) == "stop") } else { None })
            .or_else(|| actions.iter().find(|a| kind(a) == "guess"))
            .or_else(|| actions.iter().find(|a| kind(a) == "cover_fictitious"))
            .or_else(|| actions.iter().find(|a| kind(a) == "approve"))
            .cloned();
        let Some(mut action) = pick else { continue };
        if kind(&action) == "give_clue" {
            // Letters only, never a word of the table: "zzqa", "zzqb", …
            let suffix: String =
                format!("{n:x}").chars().map(|c| (b'a' + c.to_digit(16).unwrap() as u8) as char).collect();
            action["word"] = json!(format!("zzq{suffix}"));
            action["number"] = json!(2);
        }
        let expected = v.json["current_seq"].as_u64().unwrap();
        let a = app
            .post(
                &format!("/api/games/{}/actions", g.id),
                Some(token),
                json!({"expected_seq": expected, "action": action}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{action}: {}", a.text);
        return true;
    }
    panic!("nobody may act in an unfinished game");
}

async fn play_out(app: &TestApp, g: &TestGame) -> usize {
    let mut n = 0;
    while step(app, g, n).await {
        n += 1;
        assert!(n < 500, "the game must end");
    }
    n
}

#[tokio::test]
async fn each_table_shape_plays_to_its_end_through_the_api() {
    let app = TestApp::spawn().await;
    for (names, options) in [
        (vec!["Red", "Blue", "Rita", "Bohous"], json!({})),
        (vec!["Red", "Blue", "Sam"], json!({"table": "three_players"})),
        (vec!["Red", "Rita"], json!({"table": "one_team"})),
        (vec!["Red", "Blue", "Rita", "Bohous"], json!({"easier": true, "deck": "english"})),
    ] {
        let g = app.create_sluzba(&names, options.clone()).await;
        play_out(&app, &g).await;
        let end = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await;
        assert!(end.json["outcome"].is_object(), "{options}: {}", end.text);
        // At the end the key is revealed to all and matches its commitment.
        assert_eq!(end.json["view"]["revealed_key"]["matches_commitment"], true, "{options}");
        // The red coordinator, who held the key, re-derives the deal and every record of theirs
        // from the revealed seed; the other channels stay private even now (A1).
        let export = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[0])).await;
        assert_eq!(export.status, StatusCode::OK);
        let verified = feldpost::audit::verify(&feldpost::audit::parse(&export.text).unwrap()).unwrap();
        assert!(verified.dice_checked, "the deal and key are re-derived from the revealed seed");
    }
}

/// The secrets of a game as stored: the key letters and the salt, and each card's colour.
async fn secrets(app: &TestApp, g: &TestGame) -> (String, String, Vec<String>) {
    let first = app.log.store.records(&g.id, 0).await.unwrap()[0].record().unwrap();
    let drawn = first.events.iter().find(|e| e["event"] == "key_drawn").expect("the key is drawn at setup");
    let key = drawn["key"].as_str().unwrap().to_owned();
    let salt = drawn["salt"].as_str().unwrap().to_owned();
    let colours = key
        .chars()
        .map(|c| {
            match c {
                'R' => "red",
                'B' => "blue",
                'N' => "bystander",
                _ => "pursuer",
            }
            .to_owned()
        })
        .collect();
    (key, salt, colours)
}

#[tokio::test]
async fn nothing_a_member_receives_holds_what_their_view_hides() {
    let app = TestApp::spawn().await;
    // Seats: 0 red coordinator, 1 blue coordinator, 2 red member, 3 blue member.
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let (key, salt, colours) = secrets(&app, &g).await;
    let members = [2usize, 3];

    // Chat in each channel, with markers that must reach only their audience.
    let chat = |seat: usize, channel: &'static str, text: &'static str| {
        let (app, g) = (&app, &g);
        async move {
            let v = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[seat])).await;
            let seq = v.json["current_seq"].as_u64().unwrap();
            let a = app.post(&format!("/api/games/{}/actions", g.id), Some(&g.tokens[seat]), json!({"expected_seq": seq, "action": {"action": "chat", "channel": channel, "text": text}})).await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        }
    };
    chat(2, "red_team", "REDSECRETMARK").await;
    chat(3, "blue_team", "BLUESECRETMARK").await;
    chat(0, "coordinators", "COORDSECRETMARK").await;

    // The host's page gives a spectators' link.
    let watch = app.watch_path(&g).await;
    let wrong = app.get(&format!("/watch/{}/0123456789abcdef0123456789abcdef", g.id), None).await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND, "a made-up spectator link shows nothing");
    let mut n = 0;
    loop {
        let loaded = app.log.load(&g.id).await.unwrap();
        let omniscient = loaded.table.view(feldpost_engine::Viewer::Omniscient);
        let covered: Vec<bool> =
            omniscient["cards"].as_array().unwrap().iter().map(|c| c["status"] == "covered").collect();
        let finished = loaded.finished();
        for &m in &members {
            let token = &g.tokens[m];
            let mut received: Vec<(String, String)> = Vec::new();
            for uri in [
                format!("/api/games/{}", g.id),
                format!("/api/games/{}/events", g.id),
                format!("/api/games/{}/state?at={}", g.id, loaded.seq),
                format!("/api/games/{}/export", g.id),
            ] {
                let a = app.get(&uri, Some(token)).await;
                if uri.ends_with("export") && !finished {
                    assert_eq!(a.status, StatusCode::OK);
                    let export = feldpost::audit::parse(&a.text).expect("a viewer's export is an export");
                    assert_eq!(
                        export.viewer,
                        format!("seat:{m}"),
                        "before the end, a member's export is their own view"
                    );
                    assert!(export.seed.is_none());
                    let checked = feldpost::audit::verify(&export)
                        .expect("the chain's links check in a viewer's export");
                    assert!(!checked.dice_checked);
                }
                received.push((uri, a.text));
            }
            for uri in [
                format!("/play/{token}"),
                format!("/play/{token}/history?at={}", loaded.seq),
                format!("/play/{token}/history?at=1"),
            ] {
                let a = app.get(&uri, None).await;
                received.push((uri, a.text));
            }
            for mail in app.mails(1000).await.into_iter().filter(|o| {
                o.game_id == g.id && o.recipient.starts_with(&["radek", "bara"][m - 2].to_string())
            }) {
                received.push((
                    format!("mail {}", mail.subject),
                    format!("{}\n{}\n{}", mail.subject, mail.body_text, mail.body_html.unwrap_or_default()),
                ));
            }
            let (own, other) = if m == 2 {
                ("REDSECRETMARK", "BLUESECRETMARK")
            } else {
                ("BLUESECRETMARK", "REDSECRETMARK")
            };
            for (what, bytes) in &received {
                if finished {
                    continue;
                }
                assert!(!bytes.contains(&key), "{what}: the key letters reached member {m}");
                assert!(!bytes.contains(&salt), "{what}: the salt reached member {m}");
                assert!(!bytes.contains(other), "{what}: the other team's chat reached member {m}");
                assert!(
                    !bytes.contains("COORDSECRETMARK"),
                    "{what}: the coordinators' chat reached member {m}"
                );
                assert!(!bytes.contains("\"keyed\""), "{what}: a keyed card in a member's answer");
                // In drawings, a card names its colour only when covered.
                for (i, colour) in colours.iter().enumerate() {
                    let marker = format!("data-card=\"{i}\" data-colour=\"{colour}\"");
                    let alt = format!("data-colour=\"{colour}\" data-card=\"{i}\"");
                    if !covered[i] {
                        assert!(
                            !bytes.contains(&marker) && !bytes.contains(&alt),
                            "{what}: card {i}'s colour reached member {m}"
                        );
                    }
                }
            }
            let page =
                &received.iter().find(|(w, _)| w.starts_with("/play/") && !w.contains("history")).unwrap().1;
            assert!(page.contains(own), "a member reads their own team's chat");
            if !finished {
                let drawn = page.matches("data-colour=").count();
                assert_eq!(
                    drawn,
                    covered.iter().filter(|c| **c).count(),
                    "member {m}'s drawing colours exactly the covered cards"
                );
            }
        }
        // A spectator sees only what is public: covered cards, no chat at all.
        let spectator = app.get(&format!("{watch}?at={}", loaded.seq), None).await;
        assert_eq!(spectator.status, StatusCode::OK);
        if !finished {
            assert_eq!(
                spectator.text.matches("data-colour=").count(),
                covered.iter().filter(|c| **c).count()
            );
            for secret in [key.as_str(), salt.as_str(), "REDSECRETMARK", "BLUESECRETMARK", "COORDSECRETMARK"]
            {
                assert!(!spectator.text.contains(secret), "a spectator saw {secret}");
            }
        }
        // Members guess by clicking a card when scripts run: the guess forms carry their action.
        if !finished
            && let Some(guesser) = members
                .iter()
                .find(|m| feldpost::play::view::view(&app.log, &loaded, Some(**m as u8)).your_turn)
        {
            let page = app.get(&format!("/play/{}", g.tokens[*guesser]), None).await;
            assert!(
                page.text.contains("/static/board.js")
                    && page.text.contains("data-action=\"{&#34;action&#34;:&#34;guess&#34;"),
                "{}",
                page.text
            );
        }
        // The control: the coordinator's drawing does carry every card's colour, so the checks
        // above look for something that is really there for those who may see it.
        let coordinator = app.get(&format!("/play/{}", g.tokens[0]), None).await;
        assert_eq!(
            coordinator.text.matches("data-colour=").count(),
            25,
            "the coordinator sees the key overlay"
        );
        assert!(coordinator.text.contains("COORDSECRETMARK") && coordinator.text.contains("REDSECRETMARK"));
        assert!(
            !coordinator.text.contains("BLUESECRETMARK"),
            "blue's chat stays private to blue, during the game and after its end (A1)"
        );
        if finished {
            break;
        }
        assert!(step(&app, &g, n).await || app.log.load(&g.id).await.unwrap().finished());
        n += 1;
        assert!(n < 500);
    }
    // After the end the key is revealed to all; a private channel stays private for ever (A1).
    let end = app.get(&format!("/play/{}", g.tokens[2]), None).await;
    assert_eq!(end.text.matches("data-colour=").count(), 25);
    assert!(
        !end.text.contains("BLUESECRETMARK") && !end.text.contains("COORDSECRETMARK"),
        "a red member's page"
    );
    let history = app.get(&format!("/play/{}/history", g.tokens[2]), None).await;
    assert!(!history.text.contains("BLUESECRETMARK"), "a red member's history after the end");
    let export = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[2])).await;
    assert!(export.text.contains(&key) && export.text.contains(&salt), "the export at the end holds the key");
    assert!(
        !export.text.contains("BLUESECRETMARK") && !export.text.contains("COORDSECRETMARK"),
        "nor does the red member's export hold the other channels"
    );
    assert!(export.text.contains("REDSECRETMARK"), "the control: their own team's chat is there");
    feldpost::audit::verify(&feldpost::audit::parse(&export.text).unwrap())
        .expect("a member's copy verifies");
    let spectator = app.get(&app.watch_path(&g).await, None).await;
    for secret in ["REDSECRETMARK", "BLUESECRETMARK", "COORDSECRETMARK"] {
        assert!(!spectator.text.contains(secret), "spectators after the end saw {secret}");
    }
    // The red coordinator held the key from the start: their copy re-derives the deal.
    let export = app.get(&format!("/api/games/{}/export", g.id), Some(&g.tokens[0])).await;
    assert!(feldpost::audit::verify(&feldpost::audit::parse(&export.text).unwrap()).unwrap().dice_checked);
    assert!(!export.text.contains("BLUESECRETMARK"), "blue's chat is not in red's coordinator's copy");
}

/// The seed's hourglass becomes the turn deadline: with the "skip" policy the server's clock
/// applies the rules' default when a wait runs out (a clue not given ends the turn; an approval
/// not answered lapses).
#[tokio::test]
async fn the_hourglass_is_the_turn_deadline() {
    let app = TestApp::spawn().await;
    let players: Vec<Value> =
        ["Rudolf", "Blanka", "Radek", "Bara"].iter().map(|n| json!({"name": n})).collect();
    let g = app
        .create_game(
            json!({"ruleset": "sluzba", "players": players, "deadline": {"hours": 2, "policy": "skip"}}),
        )
        .await;
    let phase = |v: &Value| v["view"]["phase"].clone();
    let start = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await.json;
    assert_eq!(phase(&start), json!({"phase": "clue", "team": "red"}));
    app.clock.advance(3_600_000);
    feldpost::play::deadlines::tick(&app.log).await.unwrap();
    assert_eq!(
        phase(&app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[0])).await.json),
        json!({"phase": "clue", "team": "red"}),
        "not yet"
    );
    app.clock.advance(3_600_001);
    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().skipped, 1);
    let after = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[1])).await.json;
    assert_eq!(phase(&after), json!({"phase": "clue", "team": "blue"}), "red's time ran out: blue's turn");
    let history = app.get(&format!("/api/games/{}/events", g.id), Some(&g.tokens[2])).await;
    assert_eq!(history.json.as_array().unwrap().last().unwrap()["cause"], "deadline");

    // Blue asks red for approval; red never answers: the request lapses and blue may go on.
    let v = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[1])).await.json;
    let ask = app
        .post(
            &format!("/api/games/{}/actions", g.id),
            Some(&g.tokens[1]),
            json!({"expected_seq": v["current_seq"], "action": {"action": "ask_approval", "word": "zzqa"}}),
        )
        .await;
    assert_eq!(ask.status, StatusCode::OK, "{}", ask.text);
    app.clock.advance(2 * 3_600_000 + 1);
    assert_eq!(feldpost::play::deadlines::tick(&app.log).await.unwrap().skipped, 1);
    let v = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[1])).await.json;
    assert_eq!(phase(&v), json!({"phase": "clue", "team": "blue"}), "{v}");
    assert!(v["legal_actions"].as_array().unwrap().iter().any(|a| a["action"]["action"] == "give_clue"));
}

/// The current clue's word stands in the page language's own quotation marks, and the setup
/// record reads as sentences.
#[tokio::test]
async fn the_clue_is_quoted_as_each_language_quotes_and_the_setup_reads_as_sentences() {
    let app = TestApp::spawn().await;
    let players: Vec<Value> =
        ["Rudolf", "Blanka", "Radek", "Bara"].iter().map(|n| json!({"name": n})).collect();
    let g = app.create_game(json!({"ruleset": "sluzba", "players": players})).await;
    let clue = app
        .post(
            &format!("/api/games/{}/actions", g.id),
            Some(&g.tokens[0]),
            json!({"expected_seq": 1, "action": {"action": "give_clue", "word": "zzqa", "number": 2}}),
        )
        .await;
    assert_eq!(clue.status, StatusCode::OK, "{}", clue.text);
    for (lang, quoted) in [("cs", "„zzqa“"), ("en", "“zzqa”"), ("ru", "«zzqa»")] {
        let page = app.get(&format!("/play/{}?lang={lang}", g.tokens[2]), None).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(
            page.text.contains(&format!("<strong class=\"sluzba-clue-word\">{quoted}</strong>")),
            "{lang}: {}",
            page.text.lines().find(|l| l.contains("sluzba-clue-word")).unwrap_or("no clue shown")
        );
    }
    // The setup's lines read as sentences: the commitment's line ends with a full stop.
    let page = app.get(&format!("/play/{}?lang=en", g.tokens[2]), None).await.text;
    assert!(page.contains(". The 25 word cards are on the table."), "{page}");
}

/// The cards' words are marked in their deck's language, whatever the page's: browsers break
/// them by that language's rules, and a screen reader reads a Czech word in a Czech voice.
#[tokio::test]
async fn the_cards_words_carry_the_language_of_their_deck() {
    let app = TestApp::spawn().await;
    let players: Vec<Value> =
        ["Rudolf", "Blanka", "Radek", "Bara"].iter().map(|n| json!({"name": n})).collect();
    for (deck, words_lang) in [("czech", "cs"), ("english", "en"), ("czech_themed", "cs")] {
        let g = app
            .create_game(json!({"ruleset": "sluzba", "players": players, "options": {"deck": deck}}))
            .await;
        for page_lang in ["cs", "en", "ru"] {
            let page = app.get(&format!("/play/{}?lang={page_lang}", g.tokens[2]), None).await.text;
            assert!(page.contains(&format!("<html lang=\"{page_lang}\"")), "{page_lang}");
            let marked = page.matches(&format!("<span class=\"sl-word\" lang=\"{words_lang}\">")).count();
            assert_eq!(marked, 25, "{deck} on a {page_lang} page: every card's word is marked {words_lang}");
        }
    }
}

/// The clue's tally counts the cards the team found: a bystander touched ends the guessing and
/// finds nothing, so after a red card and a bystander the red clue has found one.
#[tokio::test]
async fn the_clue_tally_counts_only_the_team_s_own_cards() {
    let app = TestApp::spawn().await;
    // Seats: 0 red coordinator, 1 blue coordinator, 2 red member, 3 blue member.
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let (_, _, colours) = secrets(&app, &g).await;
    let red = colours.iter().position(|c| c == "red").unwrap();
    let bystander = colours.iter().position(|c| c == "bystander").unwrap();
    let act = |seat: usize, action: Value| {
        let (app, g) = (&app, &g);
        async move {
            let v = app.get(&format!("/api/games/{}", g.id), Some(&g.tokens[seat])).await;
            let seq = v.json["current_seq"].as_u64().unwrap();
            let a = app
                .post(
                    &format!("/api/games/{}/actions", g.id),
                    Some(&g.tokens[seat]),
                    json!({"expected_seq": seq, "action": action}),
                )
                .await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        }
    };
    act(0, json!({"action": "give_clue", "word": "zzqa", "number": 2})).await;
    act(2, json!({"action": "guess", "card": red})).await;
    let page = app.get(&format!("/play/{}?lang=en", g.tokens[2]), None).await.text;
    assert!(page.contains("“zzqa” 2 (1 found)"), "one red card found: {page}");
    // The card touched last is marked, for every eye and for screen readers.
    let marked = |page: &str| -> Vec<String> {
        page.split("<div class=\"sl-card ")
            .skip(1)
            .filter(|c| c[..c.find('"').unwrap()].split(' ').any(|k| k == "last"))
            .map(|c| c.split("data-card=\"").nth(1).unwrap().split('"').next().unwrap().to_owned())
            .collect()
    };
    assert_eq!(marked(&page), vec![red.to_string()]);
    assert!(page.contains("(touched last)"));
    act(2, json!({"action": "guess", "card": bystander})).await;
    let page = app.get(&format!("/play/{}?lang=en", g.tokens[3]), None).await.text;
    assert_eq!(marked(&page), vec![bystander.to_string()], "the mark moves to the card touched last");
    for (lang, tally) in
        [("en", "“zzqa” 2 (1 found)"), ("cs", "„zzqa“ 2 (nalezeno 1)"), ("ru", "«zzqa» 2 (найдено: 1)")]
    {
        let page = app.get(&format!("/play/{}?lang={lang}", g.tokens[2]), None).await.text;
        assert!(page.contains(tally), "{lang}: the bystander is not counted as found: {page}");
    }
}

/// "Your move" heads the forms only of a seat asked to act; a seat that may only chat meanwhile
/// (the other team) reads "Meanwhile" above its forms.
#[tokio::test]
async fn only_the_seat_asked_to_act_reads_your_move() {
    let app = TestApp::spawn().await;
    // Seats: 0 red coordinator (to give the first clue), 3 blue member.
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let asked = app.page(&g.seat_path(0), "en").await.text;
    assert!(asked.contains("<h2>Your move</h2>"), "{asked}");
    let waiting = app.page(&g.seat_path(3), "en").await.text;
    assert!(waiting.contains("<h2>Meanwhile</h2>") && !waiting.contains("Your move"), "{waiting}");
    assert!(waiting.contains("name=\"action\""), "the blue member still has forms (chat)");
}

#[tokio::test]
async fn the_seat_page_says_how_to_guess_and_tells_the_teams_channel_from_table_talk() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    for (lang, lead, talk) in [
        ("en", "Guess a card by tapping it on the table.", "Table talk"),
        ("cs", "Kartu tipujete klepnutím na ni na stole.", "Řeč u stolu"),
        ("ru", "Чтобы назвать карту, нажмите на неё на столе.", "Разговор за столом"),
    ] {
        let page = app.get(&format!("{}?lang={lang}", g.seat_path(2)), None).await;
        assert_eq!(page.status, StatusCode::OK);
        let lead_at = page.text.find(lead).unwrap_or_else(|| panic!("{lang}: the lead above the forms"));
        let chat_form = page.text.find("data-action=").expect("the panel's forms");
        assert!(lead_at < chat_form, "{lang}: the lead stands above the forms");
        assert!(page.text.contains(talk), "{lang}: the table talk it names is on the page");
    }
}
