//! The HTML pages: they work without JavaScript, in Czech and English, and GET never acts.

use crate::harness::{Answer, Req, TestApp, html_unescape, seat_token};
use axum::http::StatusCode;
use serde_json::json;

fn field<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let needle = format!("name=\"{name}\" value=\"");
    html.match_indices(&needle)
        .map(|(i, _)| &html[i + needle.len()..])
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect()
}

#[tokio::test]
async fn home_page_speaks_czech_and_english() {
    let app = TestApp::spawn().await;
    let Answer { status: s, text: cs, .. } = app.page("/", "cs-CZ,cs;q=0.9").await;
    assert_eq!(s, StatusCode::OK);
    assert!(cs.contains("lang=\"cs\"") && cs.contains("Založit hru"), "{cs}");
    let en = app.page("/", "en-GB").await.text;
    assert!(en.contains("Start a game") && en.contains("href=\"/new/zajatce\""));
    // Switching remembers the choice.
    let switched = app.page("/?lang=cs", "en").await;
    assert!(switched.text.contains("Založit hru"));
    let cookies = switched.set_cookies();
    assert!(cookies.iter().any(|c| c.starts_with("lang=cs")), "{cookies:?}");
}

#[tokio::test]
async fn a_game_created_and_played_through_the_forms() {
    let app = TestApp::spawn().await;
    let Answer { status: s, text: form, .. } = app.page("/new/zajatce", "en").await;
    assert_eq!(s, StatusCode::OK);
    assert!(form.contains("name=\"opt_throw_again_on_six\""), "options come from the ruleset");
    let created = app
        .form(
            "/games",
            &[
                ("ruleset", "zajatce"),
                ("title", "Forms"),
                ("name_0", "Alena"),
                ("email_0", "alena@example.org"),
                ("name_1", "Bořek"),
                ("email_1", "borek@example.org"),
                ("host_email", "host@example.org"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let host = created.location.clone();
    let Answer { status: s, text: host_page, .. } = app.page(&host, "en").await;
    assert_eq!(s, StatusCode::OK);
    let links: Vec<String> = host_page
        .match_indices("href=\"http://feldpost.test/play/")
        .map(|(i, _)| {
            let rest = &host_page[i + 6..];
            rest[..rest.find('"').unwrap()].replace("http://feldpost.test", "")
        })
        .collect();
    assert_eq!(links.len(), 2, "{host_page}");

    // The invitations and the first turn mail wait in the dev mailbox.
    let mailbox = app.dev_mailbox().await.text;
    assert!(mailbox.contains("alena@example.org") && mailbox.contains("borek@example.org"), "{mailbox}");
    assert!(mailbox.contains("your turn"));

    // Whoever's turn it is sees forms; the other seat does not.
    let mut acting = None;
    for link in &links {
        let page = app.page(link, "en").await.text;
        assert!(page.contains("<svg"), "the board is on the page");
        if page.contains("It is your turn.") {
            acting = Some((link.clone(), page));
        } else {
            // Out of turn only conceding is offered (one form), and it asks first.
            assert_eq!(field(&page, "expected_seq").len(), 1, "{page}");
            assert!(page.contains("Concede the game"));
        }
    }
    let (link, page) = acting.expect("one seat acts");
    let seq = field(&page, "expected_seq")[0].to_owned();
    let action = html_unescape(field(&page, "action")[0]);
    let game_id = app.log.identify(&seat_token(link.trim_start_matches("/play/"))).await.unwrap().game_id;
    let before = app.event_count(&game_id).await;

    // GET never acts.
    let refused = app.page(&format!("{link}/act"), "en").await;
    assert_eq!(refused.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(
        refused.headers.get("allow").map(|v| v.to_str().unwrap()),
        Some("POST"),
        "the 405 says what the address takes"
    );
    assert!(refused.text.contains("<html"), "the error page: {}", refused.text);
    assert_eq!(app.event_count(&game_id).await, before);

    let done = app.form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action)]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.text);
    assert_eq!(app.event_count(&game_id).await, before + 1);

    // The same form again is stale: the page says the game moved on, and nothing is written.
    let stale = app.form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action)]).await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    assert!(stale.text.contains("The game moved on"), "{}", stale.text);
    assert_eq!(app.event_count(&game_id).await, before + 1);

    // A mangled form is refused clearly.
    let bad = app.form(&format!("{link}/act"), &[("expected_seq", "x")]).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);

    // The history steps back to the set-up board.
    let Answer { status: s, text: history, .. } = app.page(&format!("{link}/history?at=1"), "cs").await;
    assert_eq!(s, StatusCode::OK);
    assert!(history.contains("type=\"range\"") && history.contains("Po kroku 1 z"), "{history}");
    assert!(history.contains("rel=\"next\"") && !history.contains("rel=\"prev\""));
    let s = app.page(&format!("{link}/history?at=999"), "en").await.status;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // An unknown link is a clear 404 page.
    let Answer { status: s, text: missing, .. } = app.page("/play/not-a-token", "en").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(missing.contains("This link is not valid"));
}

#[tokio::test]
async fn manual_dice_are_typed_in_and_checked() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"manual_dice": true})).await;
    let (game, tokens) = (&g.id, &g.tokens);
    let mut link = None;
    for t in tokens {
        let page = app.page(&format!("/play/{t}"), "en").await.text;
        if page.contains("It is your turn.") {
            link = Some((format!("/play/{t}"), page));
        }
    }
    let (link, page) = link.unwrap();
    assert!(page.contains("name=\"input_die\""), "the roll form asks for the die");
    let seq = field(&page, "expected_seq")[0].to_owned();
    let action = html_unescape(field(&page, "action")[0]);
    let before = app.event_count(game).await;
    let refused = app
        .form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action), ("input_die", "7")])
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "a die shows 1 to 6");
    assert_eq!(app.event_count(game).await, before);
    let ok = app
        .form(&format!("{link}/act"), &[("expected_seq", &seq), ("action", &action), ("input_die", "4")])
        .await;
    assert_eq!(ok.status, StatusCode::SEE_OTHER, "{}", ok.text);
    let records = app.log.store.records(game, 0).await.unwrap();
    let last = records.last().unwrap().record().unwrap();
    assert!(last.events.iter().any(|e| e["type"] == "rolled" && e["die"] == 4), "{:?}", last.events);
}

#[tokio::test]
async fn the_colditz_board_page_draws_the_board_with_its_legend_in_both_languages() {
    let app = TestApp::spawn().await;
    let asset_of = |page: &str| -> String {
        page.split("src=\"/assets/")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("the board's file")
            .to_owned()
    };
    let Answer { status: s, text: en, .. } = app.page("/boards/colditz", "en").await;
    assert_eq!(s, StatusCode::OK);
    let drawing = app.get(&format!("/assets/{}", asset_of(&en)), None).await;
    assert_eq!(drawing.header("content-type"), Some("image/svg+xml"));
    assert!(drawing.text.contains("<svg") && drawing.text.contains("Escape from Colditz"), "the drawing");
    // Each circle carries its id; the edges carry the grid references places are named by.
    assert!(drawing.text.matches("<title>r").count() > 1000, "circle ids as titles");
    assert!(drawing.text.contains("class=\"grid\""), "row and column numbers");
    let cs = app.page("/boards/colditz", "cs").await.text;
    let czech = app.get(&format!("/assets/{}", asset_of(&cs)), None).await.text;
    assert!(cs.contains("Útěk z Colditzu") && czech.contains("Vysvětlivky") && czech.contains("Kaple"));
    assert_ne!(asset_of(&cs), asset_of(&en), "the legend is translated, under a name of its own");
    assert!(en.contains("our own drawing of the castle") && cs.contains("naše vlastní kresba hradu"));
    let unknown = app.get("/assets/colditz-board-0000000000000000.svg", None).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    // Zoom without script: the drawing is made wider and the page scrolls.
    let zoomed = app.page("/boards/colditz?zoom=3", "en").await.text;
    // (The width is the style sheet's, by class: the pages carry no inline styles.)
    let css = app.page("/static/style.css", "en").await.text;
    for z in 1..=4 {
        assert!(css.contains(&format!(".zoom-{z} {{ width: {}00%; }}", z)), "zoom {z} in the style sheet");
    }
    assert!(zoomed.contains("class=\"zoom-3\"") && en.contains("class=\"zoom-1\""));
    let clamped = app.page("/boards/colditz?zoom=99", "en").await.text;
    assert!(clamped.contains("class=\"zoom-4\""));
}

/// The action JSON of every form on a game page, as its hidden field carries it.
fn offered(html: &str) -> Vec<serde_json::Value> {
    field(html, "action").iter().filter_map(|a| serde_json::from_str(&html_unescape(a)).ok()).collect()
}

/// The page of the first seat of `g` offered an action of `kind`, its path and its form's seq.
async fn seat_offered(
    app: &TestApp,
    g: &crate::harness::TestGame,
    kind: &str,
) -> Option<(String, String, serde_json::Value, String)> {
    for t in &g.tokens {
        let path = format!("/play/{t}");
        let page = app.page(&path, "en").await.text;
        if let Some(a) = offered(&page).into_iter().find(|a| a["action"] == kind) {
            let seq = field(&page, "expected_seq")[0].to_owned();
            return Some((path, page, a, seq));
        }
    }
    None
}

#[tokio::test]
async fn sluzba_a_clue_needs_its_number_and_a_refused_clue_keeps_what_was_typed() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let (path, page, action, seq) = seat_offered(&app, &g, "give_clue").await.expect("a clue is asked for");
    // The number has no default: an empty first choice, and the select is required.
    let select = &page[page.find("name=\"input_number\"").unwrap() - 8..];
    let select = &select[..select.find("</select>").unwrap()];
    assert!(select.contains("required"), "{select}");
    assert!(select.contains("<option value=\"\">— choose the number —</option>"), "{select}");
    assert!(!select.contains("selected"), "nothing chosen for the player: {select}");

    let before = app.event_count(&g.id).await;
    let json = action.to_string();
    let sent =
        [("expected_seq", seq.as_str()), ("action", &json), ("text_word", "zzqword"), ("input_number", "")];
    let refused = app.form(&format!("{path}/act"), &sent).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
    assert!(refused.text.contains("Please fill in “Number”"), "a translated refusal: {}", refused.text);
    assert_eq!(app.event_count(&g.id).await, before, "nothing is written");
    assert!(
        refused.text.contains("name=\"text_word\" maxlength=\"40\" value=\"zzqword\""),
        "the word is kept"
    );

    // A clue the rules refuse (a word on the table) keeps both the word and the number.
    let view = app.view(&g, 0).await;
    let on_table = view["view"]["cards"][0]["word"].as_str().unwrap().to_owned();
    let sent =
        [("expected_seq", seq.as_str()), ("action", &json), ("text_word", &on_table), ("input_number", "3")];
    let refused = app.form(&format!("{path}/act"), &sent).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text);
    assert_eq!(app.event_count(&g.id).await, before, "nothing is written");
    assert!(refused.text.contains(&format!("value=\"{}\"", on_table)), "the word is kept");
    assert!(refused.text.contains("<option value=\"3\" selected>"), "the number is kept");

    // In Czech too.
    let cs = app
        .send(crate::harness::Req::new("POST", &format!("{path}/act")).lang("cs").form(&[
            ("expected_seq", seq.as_str()),
            ("action", &json),
            ("text_word", "zzqword"),
            ("input_number", ""),
        ]))
        .await;
    assert!(cs.text.contains("Vyplňte prosím „Číslo“"), "{}", cs.text);
}

#[tokio::test]
async fn sluzba_a_guess_asks_once_before_it_is_made() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let (path, _, action, seq) = seat_offered(&app, &g, "give_clue").await.unwrap();
    let json = action.to_string();
    let sent =
        [("expected_seq", seq.as_str()), ("action", &json), ("text_word", "zzqword"), ("input_number", "2")];
    let given = app.form(&format!("{path}/act"), &sent).await;
    assert_eq!(given.status, StatusCode::SEE_OTHER, "{}", given.text);

    let (path, page, guess, seq) = seat_offered(&app, &g, "guess").await.expect("a member may guess");
    assert!(page.contains("data-confirm=\"Touch card"), "the page's script asks first");
    let card = guess["card"].as_u64().unwrap();
    let json = guess.to_string();
    let before = app.event_count(&g.id).await;
    // Without script: the question on a page of its own; nothing is written yet.
    let asked = app.form(&format!("{path}/act"), &[("expected_seq", &seq), ("action", &json)]).await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.text);
    assert!(asked.text.contains(&format!("Touch card {}", card + 1)), "{}", asked.text);
    assert!(asked.text.contains("name=\"confirmed\" value=\"yes\""));
    assert_eq!(app.event_count(&g.id).await, before, "asking writes nothing");
    // Its button sends the guess.
    let done = app
        .form(&format!("{path}/act"), &[("expected_seq", &seq), ("action", &json), ("confirmed", "yes")])
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.text);
    assert!(app.event_count(&g.id).await > before, "the guess is recorded");
    let view = app.view(&g, 0).await;
    assert_eq!(
        view["view"]["cards"][card as usize]["status"], "covered",
        "{}",
        view["view"]["cards"][card as usize]
    );
}

#[tokio::test]
async fn sluzba_the_new_game_form_starts_small_and_makes_every_table_shape() {
    let app = TestApp::spawn().await;
    let form = app.page("/new/sluzba", "en").await.text;
    assert_eq!(form.matches("class=\"player-row\"").count(), 4, "the rows the default table needs");
    assert_eq!(form.matches(" required>").count() - form.matches("host_email").count().min(1), 2, "{form}");
    assert!(form.contains("Two teams: 4–40 players"), "the real counts: {form}");
    assert!(form.contains("One team against a fictitious team: 2–40 players"));
    let more = app.page("/new/sluzba?players=7", "en").await.text;
    assert_eq!(more.matches("class=\"player-row\"").count(), 7, "more rows without script");
    let home = app.page("/", "en").await.text;
    assert!(home.contains("2 to 40 players"), "the home page says the same");

    for (table, names) in
        [("three_players", &["Rudolf", "Blanka", "Radek"][..]), ("one_team", &["Rudolf", "Radek"][..])]
    {
        let mut sent = vec![
            ("ruleset".to_owned(), "sluzba".to_owned()),
            ("opt_table".to_owned(), table.to_owned()),
            ("host_email".to_owned(), "host@example.org".to_owned()),
        ];
        for (i, n) in names.iter().enumerate() {
            sent.push((format!("name_{i}"), (*n).to_owned()));
        }
        // The rows left empty (as the browser sends them) do not count.
        for i in names.len()..4 {
            sent.push((format!("name_{i}"), String::new()));
        }
        let fields: Vec<(&str, &str)> = sent.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let created = app.form("/games", &fields).await;
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{table}: {}", created.text);
    }
}

#[tokio::test]
async fn zajatce_moves_name_their_stone_and_field_on_the_board() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek"], json!({"manual_dice": true})).await;
    let seat = app.seat_to_act(&g.id).await;
    let rolled = app.act(&g, seat, json!({"type": "roll", "die": 6})).await;
    assert_eq!(rolled.status, StatusCode::OK, "{}", rolled.text);
    let path = g.seat_path(seat);
    let page = app.page(&path, "en").await.text;
    // Every field's number is drawn on the board; red is drawn red.
    assert_eq!(page.matches("class=\"field-number\"").count(), 40, "the numbers are on the board");
    assert!(page.contains("fill=\"#C8102E\""), "red stones are red");
    // The form bringing a stone in names the stone and the start field it reaches.
    let start = app.view(&g, seat).await["view"]["seats"][seat]["start_field"].as_u64().unwrap();
    let enter = page.find("&#34;enter&#34;}\"").expect("an enter form");
    let tag = &page[enter..enter + page[enter..].find('>').unwrap()];
    assert!(tag.contains(&format!("data-target=\"field:{start}\"")), "{tag}");
    let stone = tag.split("data-stone=\"").nth(1).map(|r| &r[..r.find('"').unwrap()]).expect("a stone");
    assert!(stone.starts_with(&format!("s{seat}-")), "one of the seat's own stones: {stone}");
    let named = format!("data-stone=\"{stone}\"");
    let in_reserve = page
        .split('<')
        .any(|tag| tag.starts_with("circle") && tag.contains("stone reserve") && tag.contains(&named));
    assert!(in_reserve, "the stone in reserve has the same name: {named}");
    assert!(page.contains(&format!("<g class=\"field\" data-field=\"{start}\">")), "and so has the field");
    assert!(page.contains("/static/games/zajatce/zajatce.js"));
    // The form (what the script sends on a click) moves it.
    let action = offered(&page).into_iter().find(|a| a["type"] == "enter").expect("enter offered");
    let seq = field(&page, "expected_seq")[0].to_owned();
    let moved =
        app.form(&format!("{path}/act"), &[("expected_seq", &seq), ("action", &action.to_string())]).await;
    assert_eq!(moved.status, StatusCode::SEE_OTHER, "{}", moved.text);
    let units = app.view(&g, seat).await["view"]["units"].clone();
    assert!(units.as_array().unwrap().iter().any(|u| u["field"] == start), "{units}");
}

#[tokio::test]
async fn error_pages_speak_the_pages_language_and_every_page_has_a_favicon() {
    let app = TestApp::spawn().await;
    for (path, status) in [("/no-such-page", 404), ("/static/no-such-file.css", 404), ("/games", 405)] {
        let cs = app.page(path, "cs").await;
        assert_eq!(cs.status.as_u16(), status, "{path}");
        assert!(cs.text.contains("<html lang=\"cs\">"), "{path}: a page, not a blank answer: {}", cs.text);
        let en = app.page(path, "en").await;
        assert!(en.text.contains("<html lang=\"en\">") && en.text.contains("<h1>"), "{path}");
    }
    assert!(app.page("/no-such-page", "cs").await.text.contains("<h1>Stránka nenalezena</h1>"));
    assert!(app.page("/no-such-page", "en").await.text.contains("<h1>Page not found</h1>"));

    let g = app.create_zajatce(&["Alena", "Bořek"], json!({})).await;
    let bad = app.page(&format!("{}/history?at=abc", g.seat_path(0)), "cs").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(
        bad.text.contains("<html lang=\"cs\">") && bad.text.contains("Tuto adresu nelze přečíst"),
        "{}",
        bad.text
    );
    assert!(
        !bad.text.contains("deserialize") && !bad.text.contains("invalid digit"),
        "no parser English: {}",
        bad.text
    );

    let home = app.page("/", "en").await.text;
    let icon_url = feldpost::web::files::url("favicon.svg");
    assert!(home.contains(&format!("<link rel=\"icon\" href=\"{icon_url}\" type=\"image/svg+xml\">")));
    let icon = app.page("/static/favicon.svg", "en").await;
    assert_eq!(icon.status, StatusCode::OK);
    assert!(icon.text.starts_with("<svg"), "{}", icon.text);
    assert_eq!(app.page("/favicon.ico", "en").await.status, StatusCode::OK, "browsers ask for it anyway");
}

#[tokio::test]
async fn the_history_form_chooses_no_step_silently_and_the_host_sees_the_game() {
    let app = TestApp::spawn().await;
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let history = app.page(&format!("{}/history", g.seat_path(0)), "en").await.text;
    let select =
        &history[history.find("<select name=\"against\" required>").expect("the step is required")..];
    let first = select.split("<option").nth(1).unwrap();
    assert!(first.starts_with(" value=\"\">"), "an empty first choice: {first}");

    // Služba has no dice: its commitment is named for what it is.
    let page = app.page(&g.seat_path(0), "en").await.text;
    assert!(!page.contains("Dice seed"), "no dice in Služba");
    assert!(page.contains("the deal and the secret key are drawn from this seed"));

    // The host page shows the table as spectators see it: the cards, no colour of the key.
    let host = app.page(&g.host_path, "en").await.text;
    assert!(host.contains("The game now, as spectators see it"));
    assert_eq!(host.matches("class=\"sl-card").count(), 25, "the 25 cards are on the host page");
    assert!(!host.contains("data-colour="), "no card's colour before it is covered");
    let seat_page = app.page(&g.seat_path(0), "en").await.text;
    assert!(seat_page.contains("data-colour="), "positive control: the coordinator sees the key");
}

/// The latest events, the history and the spectators' list name who acted once: an event whose
/// own words name its player ("Petr hází: 3.") is shown without the "Petr: " prefix, which read
/// "Petr: Petr hází: 3."; a record whose words name nobody (the game's creation) keeps it, and
/// the turn mail, which has no prefix, still names the player.
#[tokio::test]
async fn zajatce_the_event_lists_name_the_player_once() {
    let app = TestApp::spawn().await;
    let names = ["Petr", "Jana"];
    let g = app.create_zajatce(&names, json!({"manual_dice": true})).await;
    let seat = app.seat_to_act(&g.id).await;
    let (mover, other) = (names[seat], names[1 - seat]);
    let rolled = app.act(&g, seat, json!({"type": "roll", "die": 3})).await;
    assert_eq!(rolled.status, StatusCode::OK, "{}", rolled.text);
    while app.seat_to_act(&g.id).await == seat {
        app.play_first_legal(&g).await;
    }
    let once = format!("{mover} hází: 3.");
    let twice = format!("{mover}: {mover} hází");
    let watch = app.watch_path(&g).await;
    for path in [g.seat_path(seat), g.seat_path(1 - seat), format!("{}/history", g.seat_path(0)), watch] {
        let page = app.page(&path, "cs").await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        // As a reader sees it: the text without its tags.
        let mut text = String::new();
        let mut in_tag = false;
        for c in page.text.chars() {
            match c {
                '<' => in_tag = true,
                '>' => in_tag = false,
                c if !in_tag => text.push(c),
                _ => {}
            }
        }
        let text = crate::harness::unisolated(&text);
        assert!(text.contains(&once), "{path}: the throw is listed");
        assert!(!text.contains(&twice), "{path}: the player is named twice");
        // The game's creation names no actor of its own: its row keeps who made it.
        assert!(page.text.contains("<span class=\"who\">"), "{path}: the creation's row keeps its prefix");
    }
    let mail = app.mail_to(&format!("{}@example.org", other.to_lowercase()), "turn").await;
    // (in the game's language, English)
    let told = format!("{mover} threw 3.");
    assert!(mail.body_text.contains(&told), "the turn mail names the player: {}", mail.body_text);
    // A dispute's page states the contested step with the player named once too.
    let d = app
        .post(
            &format!("/api/games/{}/disputes", g.id),
            Some(&g.tokens[1 - seat]),
            json!({"against": 2, "claim": "Ta trojka nepadla."}),
        )
        .await;
    assert_eq!(d.status, StatusCode::OK, "{}", d.text);
    let audit = app.page(&format!("{}/disputes/{}", g.host_path, d.json["seq"]), "cs").await;
    assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
    let audit = crate::harness::unisolated(&audit.text);
    assert!(audit.contains(&format!("Sporný krok č. 2: {once}")), "{audit}");
}

/// A game's own files come from the binary under /static/games/<game>/, with their type and a
/// tag of their content (asked again with it: not modified); another name is the 404 page.
#[tokio::test]
async fn a_games_own_files_are_served_with_their_type_and_a_tag() {
    let app = TestApp::spawn().await;
    for game in feldpost::games::all() {
        for file in game.look().files {
            let path = format!("/static/games/{}/{}", game.id(), file.name);
            let a = app.get(&path, None).await;
            assert_eq!(a.status, StatusCode::OK, "{path}");
            assert_eq!(a.text, file.body, "{path}");
            assert_eq!(a.header("content-type"), Some(file.content_type()), "{path}");
            assert_eq!(
                a.header("cache-control"),
                Some(feldpost::web::files::SHORT),
                "{path}: not its hashed URL"
            );
            let tag = a.header("etag").expect("a tag").to_owned();
            let again = app.send(Req::new("GET", &path).header("if-none-match", &tag)).await;
            assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{path}");
            assert!(again.text.is_empty(), "{path}");
            let hashed = app.get(&feldpost::web::files::url(&path["/static/".len()..]), None).await;
            assert_eq!(hashed.text, file.body, "{path}");
            assert_eq!(hashed.header("cache-control"), Some(feldpost::web::files::IMMUTABLE), "{path}");
        }
    }
    for path in ["/static/games/colditz/no-such-file.js", "/static/games/chess/chess.js"] {
        let a = app.page(path, "en").await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}");
        assert!(a.text.contains("<html lang=\"en\">"), "{path}: the error page");
    }
}

/// The generic pages name no game: the web's code, the generic templates and the generic
/// static files never name a ruleset's id (what a game shows it gives through its
/// `games::Game`), and every game's own files and templates are beside its code.
#[test]
fn the_generic_pages_name_no_game() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let ids: Vec<&str> = feldpost::games::all().iter().map(|g| g.id()).collect();
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut generic = Vec::new();
    files(&root.join("src/web"), &mut generic);
    files(&root.join("static"), &mut generic);
    generic.extend(
        std::fs::read_dir(root.join("templates"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "html")),
    );
    assert!(generic.len() > 30, "the generic files: {}", generic.len());
    for path in &generic {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        // A module's unit tests may play real games (the form reader read as a reply reads):
        // what the server runs is what must be game-blind.
        let text = text.split("\n#[cfg(test)]").next().unwrap_or_default();
        for id in &ids {
            assert!(!text.contains(id), "{} names {id}", path.display());
        }
    }
    // Positive control: each game's own folder names it.
    for id in &ids {
        let mut own = Vec::new();
        files(&root.join("src/games").join(id), &mut own);
        assert!(own.iter().any(|p| std::fs::read_to_string(p).unwrap_or_default().contains(id)), "{id}");
    }
}

/// Every move in the game page's log and in the history can be disputed from where it stands:
/// its "dispute" link opens the history at that step with the dispute form on it, the step
/// chosen. The game's creation cannot be disputed and has no such link.
#[tokio::test]
async fn each_step_of_the_log_leads_to_its_dispute_form() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Petr", "Jana"], json!({"manual_dice": true})).await;
    let seat = app.seat_to_act(&g.id).await;
    let rolled = app.act(&g, seat, json!({"type": "roll", "die": 3})).await;
    let step = rolled.json["seq"].as_u64().unwrap();
    let link = format!("href=\"{}/history?at={step}#dispute\"", g.seat_path(1 - seat));
    let page = app.page(&g.seat_path(1 - seat), "en").await.text;
    assert!(page.contains(&link), "the game page's log: {page}");
    assert!(page.contains(&format!("aria-label=\"Dispute step #{step}\"")), "{page}");
    assert!(!page.contains("history?at=1#dispute"), "the creation is not disputed");
    let history = app.page(&format!("{}/history?at={step}", g.seat_path(1 - seat)), "cs").await.text;
    assert!(history.contains("id=\"dispute\""), "the form is where the link points");
    assert!(
        history.contains(&format!("<option value=\"{step}\" selected>")),
        "the step is chosen: {history}"
    );
    assert!(history.contains(">napadnout</a>"), "in the page's language");

    // Disputed, the adjudicator (here the host) finds the task at the top of the host page.
    let filed = app
        .post(
            &format!("/api/games/{}/disputes", g.id),
            Some(&g.tokens[1 - seat]),
            json!({"against": step, "claim": "That die was not thrown."}),
        )
        .await;
    assert_eq!(filed.status, StatusCode::OK, "{}", filed.text);
    let host = app.page(&g.host_path, "en").await.text;
    let task = host.find("<p class=\"task\">A dispute waits for your ruling:").expect("the task is shown");
    assert!(task < host.find("<table class=\"links\">").unwrap(), "above the seats' links");
    assert!(host[task..].contains(&format!("href=\"{}/disputes/", g.host_path)), "with its way in");
}
