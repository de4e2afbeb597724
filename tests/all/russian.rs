//! Russian, the third language: chosen by Accept-Language, `?lang=ru` and the switch on every
//! page, and by `"lang": "ru"` at game creation for the game's mail. The pages of each game, the
//! history, the new-game form, the mails and the API's refusals speak Russian, with Russian
//! plural forms where a number is shown.

use crate::harness::{Req, TestApp, game_id, html_unescape, players};
use axum::http::StatusCode;
use feldpost::i18n::{Lang, Tr};
use feldpost_engine::Msg;
use serde_json::json;

/// A Russian page: the document says so, and it offers the way back to the other languages.
fn assert_russian_page(html: &str) {
    assert!(html.contains("<html lang=\"ru\">"), "{html}");
    assert!(html.contains("href=\"?lang=ru\"") && html.contains("href=\"?lang=cs\""), "the switch");
    assert!(html.contains("feldpost: настольные игры по почте"), "the footer in Russian");
}

#[tokio::test]
async fn russian_is_chosen_by_accept_language_by_the_query_and_is_remembered() {
    let app = TestApp::spawn().await;
    let home = app.page("/", "ru-RU,ru;q=0.9,en;q=0.5").await;
    assert_eq!(home.status, StatusCode::OK);
    assert_russian_page(&home.text);
    assert!(home.text.contains("Начать игру") && !home.text.contains("Start a game"), "{}", home.text);
    // The switch: an English browser asks for Russian, and the choice is kept in a cookie.
    let switched = app.page("/?lang=ru", "en").await;
    assert_russian_page(&switched.text);
    assert!(switched.set_cookies().iter().any(|c| c.starts_with("lang=ru")), "{:?}", switched.set_cookies());
    // The current language is marked in the switch.
    assert!(switched.text.contains("lang=\"ru\" aria-current=\"true\""), "{}", switched.text);
    // Russian ranks below Czech when the browser says so.
    assert!(app.page("/", "cs;q=0.9, ru;q=0.8").await.text.contains("<html lang=\"cs\">"));
}

#[tokio::test]
async fn the_new_game_form_in_russian_offers_russian_mail() {
    let app = TestApp::spawn().await;
    for (game, name) in [
        ("zajatce", "Na zajatce («В плен»)"),
        ("sluzba", "Služba v ilegalitě"),
        ("colditz", "Побег из Колдица"),
    ] {
        let a = app.page(&format!("/new/{game}"), "ru").await;
        assert_eq!(a.status, StatusCode::OK, "{game}");
        let form = html_unescape(&a.text);
        assert_russian_page(&a.text);
        assert!(form.contains("Новая игра") && form.contains("Создать игру"), "{game}: {form}");
        assert!(form.contains(name), "{game}: the game's own name");
        assert!(
            form.contains("Язык писем") && form.contains("<option value=\"ru\" selected>русский</option>"),
            "{form}"
        );
        assert!(!form.contains("Create the game") && !form.contains("Language of the emails"), "{game}");
    }
}

#[tokio::test]
async fn the_api_creates_a_game_with_russian_mail_and_refuses_a_language_it_does_not_know() {
    let app = TestApp::spawn().await;
    let g = app
        .create_game(json!({"ruleset": "zajatce", "title": "Партия", "lang": "ru", "players": players(&["Anna", "Boris"])}))
        .await;
    let invite = app.mail_to("boris@example.org", "invite").await;
    // One subject for the game's thread; what the mail is, is its first line.
    assert_eq!(invite.subject, "[feldpost] Партия");
    assert!(
        invite.body_text.starts_with("Приглашение в игру «Партия»\n\nЗдравствуйте, Boris!"),
        "{}",
        invite.body_text
    );
    assert_eq!(app.log.load(&g.id).await.unwrap().game.lang, feldpost::i18n::Lang::Ru);
    // A language we do not ship is refused, and nothing is created.
    let before = app.mails(1000).await.len();
    let a = app
        .post(
            "/api/games",
            None,
            json!({"ruleset": "zajatce", "lang": "de", "players": players(&["Anna", "Boris"])}),
        )
        .await;
    assert!(a.status.is_client_error(), "{}", a.text);
    assert_eq!(app.mails(1000).await.len(), before, "no mail was queued");
    // The OpenAPI document lists Russian among the languages of a game.
    let doc = app.get("/api/openapi.json", None).await;
    let text = doc.json.to_string();
    assert!(
        text.contains(r#""lang":{"enum":["cs","en","ru"]"#) || text.contains(r#"["cs","en","ru"]"#),
        "{text}"
    );
}

#[tokio::test]
async fn the_turn_mail_and_the_host_confirmation_are_in_russian_with_russian_plurals() {
    let app = TestApp::spawn().await;
    let a = app
        .post(
            "/api/games",
            None,
            json!({"ruleset": "zajatce", "title": "Вечер", "lang": "ru", "host_email": "host@example.org",
                   "players": players(&["Anna", "Boris", "Vera"])}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    let game = game_id(a.json["game_id"].as_str().unwrap());
    let confirm = app.mail_to("host@example.org", "host-confirm").await;
    assert_eq!(confirm.subject, "[feldpost] Вечер");
    assert!(
        confirm.body_text.starts_with("Подтвердите, что вы организуете «Вечер»"),
        "{}",
        confirm.body_text
    );
    // Three invited players: the "few" form of Russian.
    assert!(confirm.body_text.contains("3 её игрока с адресом получат приглашения"), "{}", confirm.body_text);
    app.confirm_host(&game).await;
    let first = app.seat_to_act(&game).await;
    let name = ["Anna", "Boris", "Vera"][first];
    let turn = app.mail_to(&format!("{}@example.org", name.to_lowercase()), "turn").await;
    assert_eq!(turn.subject, "[feldpost] Вечер");
    assert!(turn.body_text.starts_with("Ваш ход ("), "{}", turn.body_text);
    assert!(
        turn.body_text.contains(". бросок — Бросить кубик"),
        "the command, in Russian: {}",
        turn.body_text
    );
    assert!(turn.body_text.contains(&format!("Здравствуйте, {name}!")), "{}", turn.body_text);
    assert!(turn.body_text.contains("В игре «Вечер» ваш ход."), "{}", turn.body_text);
    assert!(turn.body_text.contains("Бросить кубик"), "what is asked, in Russian: {}", turn.body_text);
    assert!(!turn.body_text.contains("your turn") && !turn.body_text.contains("Throw the die"));
    // The HTML part says its language, and its button is in Russian.
    let html = html_unescape(turn.body_html.as_deref().expect("an HTML part"));
    assert!(html.contains("<html lang=\"ru\">") && html.contains("Открыть игру"), "{html}");
}

#[tokio::test]
async fn the_confirmation_page_counts_five_players_in_the_many_form() {
    let app = TestApp::spawn().await;
    let a = app
        .post(
            "/api/games",
            None,
            json!({"ruleset": "colditz", "title": "Замок", "lang": "ru", "host_email": "host@example.org",
                   "players": players(&["Gerhard", "Amy", "Brian", "Dirk", "Francois"])}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    let link = app.host_confirmation_link(a.json["game_id"].as_str().unwrap()).await;
    let page = app.page(&link, "ru").await;
    assert_eq!(page.status, StatusCode::OK);
    let text = html_unescape(&page.text);
    assert!(text.contains("5 её игроков с адресом получат приглашения"), "{text}");
    let mail = app.mail_to("host@example.org", "host-confirm").await;
    assert!(mail.body_text.contains("5 её игроков"), "{}", mail.body_text);
}

#[tokio::test]
async fn a_seat_page_of_each_game_and_the_history_in_russian() {
    let app = TestApp::spawn().await;
    // Na zajatce: the player to act is offered the throw.
    let z = app.create_zajatce(&["Anna", "Boris"], json!({})).await;
    let seat = app.seat_to_act(&z.id).await;
    let page = app.page(&z.seat_path(seat), "ru").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_russian_page(&page.text);
    let text = html_unescape(&page.text);
    assert!(text.contains("Бросить кубик") && text.contains("Ваш ход."), "{text}");
    assert!(!text.contains("Throw the die") && !text.contains("It is your turn"), "no English left");
    // Služba: the red coordinator sees the table of code words and the roles in Russian.
    let s = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let text = html_unescape(&app.page(&s.seat_path(0), "ru").await.text);
    assert!(text.contains("Стол с кодовыми словами") && text.contains("Красный координатор"), "{text}");
    assert!(!text.contains("The table of code words") && !text.contains("Red coordinator"));
    // Colditz: the German places his guards first.
    let c = app.create_colditz(&["Gerhard", "Amy"], json!({})).await;
    let text = html_unescape(&app.page(&c.seat_path(0), "ru").await.text);
    assert!(text.contains("Расставить охранников") && text.contains("Немецкий офицер охраны"), "{text}");
    assert!(!text.contains("Place the guards") && !text.contains("German Security Officer"));
    // The history of the Na zajatce game, step 1.
    app.play_first_legal(&z).await;
    let history = app.page(&format!("{}/history?at=1", z.seat_path(0)), "ru").await;
    assert_eq!(history.status, StatusCode::OK);
    assert_russian_page(&history.text);
    let text = html_unescape(&history.text);
    assert!(
        text.contains("История") && text.contains("После шага 1 из 2") && text.contains("Назад к игре"),
        "{text}"
    );
}

#[tokio::test]
async fn a_refusal_and_an_unknown_link_are_explained_in_russian_and_write_nothing() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Anna", "Boris"], json!({})).await;
    let first = app.seat_to_act(&g.id).await;
    let other = 1 - first;
    let view = app.view(&g, first).await;
    let action = view["legal_actions"][0]["action"].clone();
    let before = app.event_count(&g.id).await;
    let a = app
        .send(
            Req::new("POST", &format!("/api/games/{}/actions", g.id))
                .bearer(Some(&g.tokens[other]))
                .lang("ru")
                .json(&json!({"expected_seq": view["current_seq"], "action": action})),
        )
        .await;
    assert!(a.status.is_client_error(), "{}", a.text);
    let message = a.json["message"].as_str().unwrap_or_default();
    let name = ["Anna", "Boris"][first];
    // The refusal names the rule it keeps, in Russian too.
    assert_eq!(message, format!("Сейчас ходит {name}. (правило Z2)"), "{}", a.text);
    assert_eq!(app.event_count(&g.id).await, before, "nothing was written");
    let page = app.page("/play/no-such-token", "ru").await;
    assert!(html_unescape(&page.text).contains("Эта ссылка недействительна"), "{}", page.text);
}

/// Russian counts: 1 and 21 take "one", 2–4 and 22–24 "few", 5–20 and 25–30 "many".
#[test]
fn russian_counts_take_their_plural_forms() {
    let tr = Tr::new(Lang::Ru).with_names(vec!["Анна".into()]);
    let moved = |steps: i64| {
        tr.msg(
            &Msg::new("zajatce-event-moved")
                .seat("player", 0)
                .num("stone", 1)
                .num("steps", steps)
                .text("direction", "forward")
                .num("from", 1)
                .num("to", 1 + steps),
        )
    };
    assert_eq!(moved(1), "Анна передвигает фишку 1 вперёд на 1 поле, с поля 1 на поле 2.");
    assert_eq!(moved(3), "Анна передвигает фишку 1 вперёд на 3 поля, с поля 1 на поле 4.");
    assert_eq!(moved(5), "Анна передвигает фишку 1 вперёд на 5 полей, с поля 1 на поле 6.");
    assert_eq!(moved(12), "Анна передвигает фишку 1 вперёд на 12 полей, с поля 1 на поле 13.");
    assert_eq!(moved(21), "Анна передвигает фишку 1 вперёд на 21 поле, с поля 1 на поле 22.");
    assert_eq!(moved(22), "Анна передвигает фишку 1 вперёд на 22 поля, с поля 1 на поле 23.");
    // A count handed over as text (the web layer's way) still chooses its form.
    assert_eq!(
        tr.t_args("input-error-absence-left", &[("left", "2".into())]),
        "В этой игре у вас осталось всего 2 дня отсутствия."
    );
    assert_eq!(
        tr.t_args("input-error-absence-left", &[("left", "5".into())]),
        "В этой игре у вас осталось всего 5 дней отсутствия."
    );
    // Text that only looks like a number is left as written.
    assert_eq!(tr.t_args("turn-of", &[("player", "007".into())]), "Ходит 007.");
}
