//! Calendars and time zones: each seat's and each account's private calendar feed, read by a
//! real iCalendar parser (the `icalendar` crate's); its link renewed and refused; a Služba
//! seat's feed that names nothing of the other team; and the deadline in mail stated in the
//! recipient's own time zone, across a change to summer time, in every language.

use crate::harness::{Browser, Options, T0, TestApp, TestGame, html_unescape, players};
use axum::http::StatusCode;
use feldpost::clock::{Clock, HOUR_MS};
use feldpost::i18n::{Lang, Tr};
use feldpost::input::TimeZoneName;
use feldpost::store::{MailKind, OutboxRow};
use icalendar::{Calendar, CalendarComponent, CalendarDateTime, Component, DatePerhapsTime};
use serde_json::json;
use std::str::FromStr;

/// One event of a feed as a calendar app shows it.
#[derive(Debug, Clone, PartialEq)]
struct Shown {
    uid: String,
    summary: String,
    /// DTSTART, in UTC as `YYYY-MM-DDTHH:MM:SSZ`.
    start: String,
    sequence: u32,
    url: String,
}

/// A feed's text parsed, its name and its events.
fn parsed(text: &str) -> (String, Vec<Shown>) {
    let calendar = Calendar::from_str(text).unwrap_or_else(|e| panic!("not iCalendar: {e}\n{text}"));
    let events = calendar
        .components
        .iter()
        .filter_map(|c| match c {
            CalendarComponent::Event(e) => Some(e),
            _ => None,
        })
        .map(|e| Shown {
            uid: e.get_uid().unwrap_or_default().to_owned(),
            summary: e.get_summary().unwrap_or_default().to_owned(),
            start: match e.get_start() {
                Some(DatePerhapsTime::DateTime(CalendarDateTime::Utc(t))) => {
                    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
                }
                other => format!("{other:?}"),
            },
            sequence: e.get_sequence().unwrap_or_default(),
            url: e.get_url().unwrap_or_default().to_owned(),
        })
        .collect();
    (calendar.get_name().unwrap_or_default().to_owned(), events)
}

/// The calendar link a page shows (a path on this server).
fn calendar_link(html: &str) -> String {
    let at =
        html.find("class=\"calendar-link\" href=\"").unwrap_or_else(|| panic!("no calendar link: {html}"));
    let rest = &html[at + "class=\"calendar-link\" href=\"".len()..];
    html_unescape(&rest[..rest.find('"').unwrap()]).trim_start_matches(crate::harness::BASE_URL).to_owned()
}

/// A game of Na zajatce with a 72-hour deadline, as the API creates it.
async fn deadline_game(app: &TestApp, lang: &str) -> TestGame {
    app.create_game(json!({
        "ruleset": "zajatce", "title": "Sobota", "lang": lang,
        "players": players(&["Alena", "Boris"]),
        "deadline": {"hours": 72, "remind_hours": 24},
    }))
    .await
}

/// The feed of seat `seat` (its link read from the seat's mail settings page).
async fn seat_feed(app: &TestApp, g: &TestGame, seat: usize) -> (String, String) {
    let page = app.get(&format!("/play/{}/mail", g.tokens[seat]), None).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    let link = calendar_link(&page.text);
    let feed = app.get(&link, None).await;
    assert_eq!(feed.status, StatusCode::OK, "{link}: {}", feed.text);
    assert_eq!(feed.header("content-type"), Some("text/calendar; charset=utf-8"));
    (link, feed.text)
}

fn iso(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms).unwrap().strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

#[tokio::test]
async fn a_seats_feed_holds_its_turn_with_a_stable_uid_the_deadline_and_its_link_and_follows_it() {
    let app = TestApp::spawn().await;
    let g = deadline_game(&app, "en").await;
    let to_act = app.seat_to_act(&g.id).await;
    let other = 1 - to_act;

    let (link, text) = seat_feed(&app, &g, to_act).await;
    let (name, events) = parsed(&text);
    let player = ["Alena", "Boris"][to_act];
    assert_eq!(name, format!("feldpost: Sobota ({player})"));
    let uid = format!("turn-{}-{to_act}@feldpost.test", g.id);
    let seat_url = format!("{}/play/{}", crate::harness::BASE_URL, g.tokens[to_act]);
    assert_eq!(
        events,
        [Shown {
            uid: uid.clone(),
            summary: "Your turn in “Sobota”".into(),
            // 72 hours after the game began at T0 (2025-11-24 16:00 UTC).
            start: "2025-11-27T16:00:00Z".into(),
            sequence: 1,
            url: seat_url.clone(),
        }]
    );
    // RFC 5545 asks each event for a DTSTAMP: the time of the record that set the deadline
    // (the game's creation at T0).
    let unfolded = text.replace("\r\n ", "");
    for line in
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:", "DTSTAMP:20251124T160000Z", "DTEND:20251127T160000Z"]
    {
        assert!(unfolded.contains(line), "{line} in {text}");
    }
    // Read again, it says the same (DTSTAMP is when the deadline was set, not when it is read).
    app.clock.advance(HOUR_MS);
    assert_eq!(app.get(&link, None).await.text, text, "a feed read twice says the same");
    // The seat that is not to act has nothing due: an empty calendar, still a calendar.
    let (_, idle) = seat_feed(&app, &g, other).await;
    assert_eq!(parsed(&idle).1, []);

    // The seat goes away for two days: the deadline moves, under the same UID, with a higher
    // SEQUENCE, so a calendar moves the event it has instead of adding one.
    let now = app.clock.now_ms();
    feldpost::play::deadlines::declare_absence(&app.log, &g.token(to_act), 2).await.unwrap();
    let (_, events) = parsed(&app.get(&link, None).await.text);
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].uid, uid);
    assert!(events[0].sequence > 1, "{events:?}");
    assert_eq!(events[0].start, iso(now + 48 * HOUR_MS + 72 * HOUR_MS));
    assert_eq!(events[0].url, seat_url);
}

#[tokio::test]
async fn a_renewed_calendar_link_leaves_the_old_one_404_and_a_wrong_token_is_404() {
    let app = TestApp::spawn().await;
    let g = deadline_game(&app, "en").await;
    let (old, _) = seat_feed(&app, &g, 0).await;
    let (other_seat, _) = seat_feed(&app, &g, 1).await;

    // Made up, cut short, without .ics, another seat's number: none is a feed.
    let last = old.rsplit('/').next().unwrap();
    let token = last.trim_end_matches(".ics");
    let flipped = format!("{}{}", &token[..token.len() - 1], if token.ends_with('0') { '1' } else { '0' });
    for wrong in [
        old.replace(token, &flipped),
        old.replace(token, &token[..10]),
        old.trim_end_matches(".ics").to_owned(),
        old.replace(&format!("/{}/", 0), "/1/"),
        old.replace(g.id.as_str(), "nosuchgame"),
    ] {
        assert_eq!(app.get(&wrong, None).await.status, StatusCode::NOT_FOUND, "{wrong}");
    }

    // Renewing is a POST from the settings page; a GET of the feed never renews it.
    let renewed = app.form(&format!("/play/{}/calendar", g.tokens[0]), &[]).await;
    assert_eq!(renewed.status, StatusCode::SEE_OTHER, "{}", renewed.text);
    assert_eq!(app.get(&old, None).await.status, StatusCode::NOT_FOUND, "the old link is dead");
    let page = app.get(&renewed.location, None).await;
    assert!(page.text.contains("Here is a new calendar address"), "{}", page.text);
    let new = calendar_link(&page.text);
    assert_ne!(new, old);
    assert_eq!(app.get(&new, None).await.status, StatusCode::OK);
    // The other seat's link is untouched.
    assert_eq!(seat_feed(&app, &g, 1).await.0, other_seat);
}

/// Služba v ilegalitě: a seat's feed holds its own name and its own turn, and nothing of the
/// other team (positive control: the other team's coordinator's feed names that coordinator).
#[tokio::test]
async fn a_sluzba_seats_feed_names_nothing_of_the_other_team() {
    let app = TestApp::spawn().await;
    // Seats: red coordinator, blue coordinator, red agent, blue agent.
    let names = ["Rudolf", "Blanka", "Radka", "Bohdan"];
    let g = app
        .create_game(json!({
            "ruleset": "sluzba", "title": "Ilegála", "players": players(&names),
            "deadline": {"hours": 48},
        }))
        .await;
    let to_act = app.seat_to_act(&g.id).await;
    let team_of = |seat: usize| seat % 2;
    for seat in 0..4 {
        let (_, folded) = seat_feed(&app, &g, seat).await;
        let (name, events) = parsed(&folded);
        // Long lines are folded (RFC 5545, 3.1): a name is looked for in the unfolded text.
        let text = folded.replace("\r\n ", "").replace("\r\n\t", "");
        assert!(name.contains(names[seat]), "{seat}: its own name: {name}");
        assert!(text.contains("Ilegála"), "{seat}: the game's title");
        for other in (0..4).filter(|o| team_of(*o) != team_of(seat)) {
            assert!(!text.contains(names[other]), "seat {seat}'s feed names {}: {text}", names[other]);
        }
        assert_eq!(events.len(), usize::from(seat == to_act), "{seat}: only its own turn: {events:?}");
    }
}

#[tokio::test]
async fn an_accounts_feed_gathers_its_seats_deadlines_and_its_renewal_retires_the_old_link() {
    let app = TestApp::spawn().await;
    let g1 = deadline_game(&app, "en").await;
    let g2 = deadline_game(&app, "en").await;
    let (a1, a2) = (app.seat_to_act(&g1.id).await, app.seat_to_act(&g2.id).await);
    let mut ana = Browser::new(&app, "en");
    ana.register("ana@example.org").await;
    for (g, seat) in [(&g1, a1), (&g2, 1 - a2)] {
        let play = format!("/play/{}", g.tokens[seat]);
        let a = ana.submit(&play, &format!("{play}/attach"), &[]).await;
        assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text);
    }
    let page = ana.get("/account").await.text;
    let link = calendar_link(&page);
    let feed = app.get(&link, None).await;
    assert_eq!(feed.status, StatusCode::OK, "{}", feed.text);
    let (name, events) = parsed(&feed.text);
    assert_eq!(name, "feldpost: my games");
    // Only the game that waits on Ana's seat.
    assert_eq!(
        events.iter().map(|e| e.uid.as_str()).collect::<Vec<_>>(),
        [format!("turn-{}-{a1}@feldpost.test", g1.id)]
    );
    assert_eq!(events[0].start, "2025-11-27T16:00:00Z");

    let renewed = ana.submit("/account", "/account/calendar", &[]).await;
    assert_eq!(renewed.status, StatusCode::SEE_OTHER);
    assert_eq!(app.get(&link, None).await.status, StatusCode::NOT_FOUND);
    let page = ana.get(&renewed.location).await.text;
    assert!(page.contains("Here is a new calendar address"), "{page}");
    assert_eq!(app.get(&calendar_link(&page), None).await.status, StatusCode::OK);
    // An account that is none, or a token that is not its own.
    assert_eq!(
        app.get("/calendar/account/nosuchaccount/00112233445566778899aabbccddeeff.ics", None).await.status,
        StatusCode::NOT_FOUND
    );
}

/// The reminder of a game that began at T0, once the clock reaches it (a day before its
/// 72-hour deadline).
async fn reminder(app: &TestApp, g: &TestGame) -> OutboxRow {
    app.clock.advance(T0 + 48 * HOUR_MS - app.clock.now_ms());
    feldpost::play::deadlines::tick(&app.log).await.unwrap();
    app.outbox(&g.id).await.into_iter().find(|m| m.kind == MailKind::Reminder).expect("a reminder")
}

/// Both parts of a mail, the HTML read as text.
fn both_parts(m: &OutboxRow) -> [String; 2] {
    [m.body_text.clone(), html_unescape(m.body_html.as_deref().unwrap_or_default())]
}

#[tokio::test]
async fn the_reminder_states_the_deadline_in_the_seats_zone_else_its_accounts_else_utc() {
    // Thursday 2025-11-27 16:00 UTC is 17:00 in Prague and already Friday 02:00 in Vladivostok.
    for (zone, account_zone, lang, expected) in [
        (Some("Europe/Prague"), None, "en", "Thursday 27 November 2025, 17:00 (Europe/Prague)"),
        (
            Some("asia/vladivostok"),
            Some("Europe/Prague"),
            "en",
            "Friday 28 November 2025, 02:00 (Asia/Vladivostok)",
        ),
        (None, Some("Asia/Vladivostok"), "cs", "28. listopadu 2025 (pátek), 02:00 (pásmo Asia/Vladivostok)"),
        (None, None, "en", "Thursday 27 November 2025, 16:00 UTC"),
        (Some("Europe/Prague"), None, "ru", "27 ноября 2025 (четверг), 17:00 (часовой пояс Europe/Prague)"),
    ] {
        let app = TestApp::spawn().await;
        let g = deadline_game(&app, lang).await;
        let seat = app.seat_to_act(&g.id).await;
        if let Some(zone) = zone {
            let a = app.form(&format!("/play/{}/time-zone", g.tokens[seat]), &[("time_zone", zone)]).await;
            assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text);
        }
        if let Some(account_zone) = account_zone {
            let mut owner = Browser::new(&app, "en");
            owner.register("owner@example.org").await;
            let play = format!("/play/{}", g.tokens[seat]);
            owner.submit(&play, &format!("{play}/attach"), &[]).await;
            let a = owner.submit("/account", "/account/time-zone", &[("time_zone", account_zone)]).await;
            assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text);
        }
        let mail = reminder(&app, &g).await;
        for part in both_parts(&mail) {
            assert!(part.contains(expected), "{zone:?}/{account_zone:?} {lang}: {expected} not in {part}");
        }
    }
}

#[tokio::test]
async fn a_deadline_after_the_change_to_summer_time_is_stated_in_summer_time() {
    // Friday 2026-03-27 12:00 UTC (13:00 in Prague, winter time); 72 hours later is Monday
    // 2026-03-30 12:00 UTC, and Prague has moved its clocks on: 14:00, not 13:00.
    let start = 1_774_612_800_000;
    let app = TestApp::spawn_with(Options { start_ms: start, ..Options::default() }).await;
    let g = deadline_game(&app, "en").await;
    let seat = app.seat_to_act(&g.id).await;
    app.form(&format!("/play/{}/time-zone", g.tokens[seat]), &[("time_zone", "Europe/Prague")]).await;
    app.clock.advance(48 * HOUR_MS);
    feldpost::play::deadlines::tick(&app.log).await.unwrap();
    let mail = app.outbox(&g.id).await.into_iter().find(|m| m.kind == MailKind::Reminder).unwrap();
    assert!(mail.body_text.contains("Monday 30 March 2026, 14:00 (Europe/Prague)"), "{}", mail.body_text);
}

#[tokio::test]
async fn a_turn_mail_states_its_deadline_in_the_seats_zone() {
    let app = TestApp::spawn().await;
    let g = deadline_game(&app, "en").await;
    for seat in 0..2 {
        app.form(&format!("/play/{}/time-zone", g.tokens[seat]), &[("time_zone", "Asia/Vladivostok")]).await;
    }
    // The game's first turn mails went out before: they state the deadline too, in UTC.
    let first = app.outbox(&g.id).await.into_iter().find(|m| m.kind == MailKind::Turn).unwrap();
    assert!(
        first.body_text.contains("Please act by Thursday 27 November 2025, 16:00 UTC."),
        "{}",
        first.body_text
    );
    // Play on (the clock standing at T0) until a seat is newly asked: its turn mail says when.
    let before = app.outbox(&g.id).await.len();
    for _ in 0..20 {
        app.play_first_legal(&g).await;
        let turns: Vec<OutboxRow> =
            app.outbox(&g.id).await.into_iter().skip(before).filter(|m| m.kind == MailKind::Turn).collect();
        if let Some(turn) = turns.first() {
            for part in both_parts(turn) {
                assert!(
                    part.contains("Please act by Friday 28 November 2025, 02:00 (Asia/Vladivostok)."),
                    "{part}"
                );
            }
            return;
        }
    }
    panic!("no seat was asked anew");
}

#[tokio::test]
async fn a_time_zone_that_is_none_is_refused_with_a_clear_message_on_the_page_and_in_the_api() {
    let app = TestApp::spawn().await;
    let g = deadline_game(&app, "en").await;
    for bad in ["Europe/Praha", "../../etc/passwd", "UTC+2", &"A".repeat(100)] {
        let a = app.form(&format!("/play/{}/time-zone", g.tokens[0]), &[("time_zone", bad)]).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {}", a.text);
        assert!(html_unescape(&a.text).contains("is not a time zone we know"), "{bad}: {}", a.text);
    }
    let a = app.form(&format!("/play/{}/time-zone", g.tokens[0]), &[("time_zone", "Europe/Praha")]).await;
    assert!(html_unescape(&a.text).contains("“Europe/Praha” is not a time zone we know"), "{}", a.text);
    let cs = app
        .send(
            crate::harness::Req::new("POST", &format!("/play/{}/time-zone", g.tokens[0]))
                .lang("cs")
                .form(&[("time_zone", "Evropa/Praha")]),
        )
        .await;
    assert!(html_unescape(&cs.text).contains("„Evropa/Praha“ není časové pásmo, které známe"), "{}", cs.text);

    // The API: refused with its code and message; a good one is set, shown and cleared.
    let path = format!("/api/games/{}/time-zone", g.id);
    let a = app.put(&path, Some(&g.tokens[0]), json!({"time_zone": "Mars/Olympus"})).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    assert_eq!(a.json["error"], "invalid");
    assert!(
        a.json["message"].as_str().unwrap().contains("“Mars/Olympus” is not a time zone we know"),
        "{}",
        a.text
    );
    let a = app.put(&path, Some(&g.tokens[0]), json!({"time_zone": "europe/prague"})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(
        (a.json["time_zone"].as_str(), a.json["time_zone_in_use"].as_str()),
        (Some("Europe/Prague"), Some("Europe/Prague"))
    );
    let settings = app.get(&format!("/api/games/{}/mail", g.id), Some(&g.tokens[0])).await;
    assert_eq!(settings.json["time_zone"], "Europe/Prague");
    assert!(
        settings.json["calendar_url"].as_str().unwrap().starts_with("http://feldpost.test/calendar/seat/")
    );
    let a = app.put(&path, Some(&g.tokens[0]), json!({"time_zone": null})).await;
    assert_eq!((a.status, a.json["time_zone"].clone()), (StatusCode::OK, serde_json::Value::Null));
    // Another seat's token cannot set this seat's zone: it sets its own.
    let a = app.put(&path, Some(&g.tokens[1]), json!({"time_zone": "Asia/Vladivostok"})).await;
    assert_eq!(a.status, StatusCode::OK);
    let mine = app.get(&format!("/api/games/{}/mail", g.id), Some(&g.tokens[0])).await;
    assert_eq!(mine.json["time_zone"], serde_json::Value::Null);
}

/// The words of a moment in each language we ship (the weekday and month names, the order,
/// the zone), at a known instant, the day after in the far east.
#[test]
fn a_moment_reads_naturally_in_every_language() {
    let at = 1_796_749_200_000; // Tuesday 2026-12-08 17:00 UTC
    let prague = TimeZoneName::parse("Europe/Prague").unwrap();
    let vladivostok = TimeZoneName::parse("Asia/Vladivostok").unwrap();
    for (lang, zone, expected) in [
        (Lang::En, Some(&prague), "Tuesday 8 December 2026, 18:00 (Europe/Prague)"),
        (Lang::Cs, Some(&prague), "8. prosince 2026 (úterý), 18:00 (pásmo Europe/Prague)"),
        (Lang::Ru, Some(&prague), "8 декабря 2026 (вторник), 18:00 (часовой пояс Europe/Prague)"),
        (Lang::En, Some(&vladivostok), "Wednesday 9 December 2026, 03:00 (Asia/Vladivostok)"),
        (Lang::Cs, Some(&vladivostok), "9. prosince 2026 (středa), 03:00 (pásmo Asia/Vladivostok)"),
        (Lang::Ru, Some(&vladivostok), "9 декабря 2026 (среда), 03:00 (часовой пояс Asia/Vladivostok)"),
        (Lang::En, None, "Tuesday 8 December 2026, 17:00 UTC"),
        (Lang::Cs, None, "8. prosince 2026 (úterý), 17:00 UTC"),
        (Lang::Ru, None, "8 декабря 2026 (вторник), 17:00 UTC"),
    ] {
        assert_eq!(Tr::new(lang).deadline(at, zone), expected);
    }
    // Every weekday and month has its word in every language (no id shown instead).
    for lang in Lang::ALL {
        let tr = Tr::new(lang);
        for key in (1..=7).map(|d| format!("weekday-{d}")).chain((1..=12).map(|m| format!("month-{m}"))) {
            assert!(tr.has(&key), "{key} in {}", lang.code());
        }
    }
}

/// The settings page in each language: the zone in use, the time zone form (filled with the
/// seat's own zone, else empty), the calendar link and what it is, in that language's words.
#[tokio::test]
async fn the_settings_page_shows_the_zone_and_the_calendar_in_every_language() {
    let app = TestApp::spawn().await;
    let g = deadline_game(&app, "en").await;
    let page = format!("/play/{}/mail", g.tokens[0]);
    for (lang, utc, calendar) in [
        ("en", "Deadlines are now stated in UTC.", "Keep it to yourself"),
        ("cs", "Lhůty se teď uvádějí v UTC.", "Nikomu ji nedávejte"),
        ("ru", "Сроки сейчас указываются в UTC.", "Никому его не давайте"),
    ] {
        let a = app.page(&page, lang).await;
        assert_eq!(a.status, StatusCode::OK);
        let text = html_unescape(&a.text);
        assert!(text.contains(utc) && text.contains(calendar), "{lang}: {text}");
        for id in ["calendar-title", "calendar-lead-seat", "calendar-private", "calendar-renew", "time-zone-"]
        {
            assert!(!text.contains(id), "{lang}: {id} shown as it is: {text}");
        }
    }
    let saved =
        app.form(&format!("/play/{}/time-zone", g.tokens[0]), &[("time_zone", " Europe/Prague ")]).await;
    let text = html_unescape(&app.get(&saved.location, None).await.text);
    assert!(text.contains("Deadlines are now stated in Europe/Prague."), "{text}");
    assert!(text.contains("name=\"time_zone\" value=\"Europe/Prague\""), "{text}");
    // Emptied: none of its own again.
    app.form(&format!("/play/{}/time-zone", g.tokens[0]), &[("time_zone", "")]).await;
    assert!(html_unescape(&app.get(&page, None).await.text).contains("Deadlines are now stated in UTC."));
}

/// Escape from Colditz: the German Security Officer rules on disputes (rule 55), so a dispute
/// is in his feed, due when it expires unruled (72 hours), linking to its ruling page; the
/// player who filed it owes no ruling. Once ruled on, it leaves the feed.
#[tokio::test]
async fn a_ruling_owed_is_in_the_adjudicators_feed_until_it_is_given() {
    let app = TestApp::spawn().await;
    let g = app.create_colditz(&["Gerhard", "Amy"], json!({})).await;
    let loaded = app.log.load(&g.id).await.unwrap();
    let seat = loaded.table.to_act()[0];
    let (action, _, _) = loaded.table.legal_actions(seat).into_iter().next().unwrap();
    let contested =
        feldpost::play::act::by_token(&app.log, &g.token(usize::from(seat)), None, loaded.seq, &action)
            .await
            .unwrap()
            .seq;
    app.clock.advance(HOUR_MS);
    let filed = app
        .post(
            &format!("/api/games/{}/disputes", g.id),
            Some(&g.tokens[1]),
            json!({"against": contested, "claim": "A guard stands in a doorway"}),
        )
        .await;
    assert_eq!(filed.status, StatusCode::OK, "{}", filed.text);
    let dispute = filed.json["seq"].as_u64().unwrap();

    let (link, text) = seat_feed(&app, &g, 0).await;
    let rulings: Vec<Shown> = parsed(&text).1.into_iter().filter(|e| e.uid.starts_with("ruling-")).collect();
    assert_eq!(
        rulings,
        [Shown {
            uid: format!("ruling-{}-{dispute}@feldpost.test", g.id),
            summary: format!("Rule on the dispute about step #{contested} in “Test”"),
            start: iso(T0 + HOUR_MS + 72 * HOUR_MS),
            sequence: u32::try_from(dispute).unwrap(),
            url: format!("http://feldpost.test/play/{}/disputes/{dispute}", g.tokens[0]),
        }]
    );
    let (_, amys) = seat_feed(&app, &g, 1).await;
    assert!(parsed(&amys).1.iter().all(|e| !e.uid.starts_with("ruling-")), "Amy rules on nothing: {amys}");

    let ruled = app
        .post(
            &format!("/api/games/{}/disputes/{dispute}/ruling", g.id),
            Some(&g.tokens[0]),
            json!({"verdict": "uphold", "reason": "The guard was in the corridor"}),
        )
        .await;
    assert_eq!(ruled.status, StatusCode::OK, "{}", ruled.text);
    let after = app.get(&link, None).await.text;
    assert!(
        parsed(&after).1.iter().all(|e| !e.uid.starts_with("ruling-")),
        "ruled: gone from the feed: {after}"
    );
}

/// The host has no seat: the mail that tells the host a turn is overdue states the deadline in
/// the zone of the host's account (its proved address), else in UTC, said so.
#[tokio::test]
async fn the_hosts_overdue_mail_states_the_deadline_in_the_hosts_account_zone_else_utc() {
    for (account_zone, expected) in [
        (Some("Asia/Vladivostok"), "Friday 28 November 2025, 02:00 (Asia/Vladivostok)"),
        (None, "Thursday 27 November 2025, 16:00 UTC"),
    ] {
        let app = TestApp::spawn().await;
        let g = app
            .create_game(json!({
                "ruleset": "zajatce", "title": "Sobota", "lang": "en", "host_email": "host@example.org",
                "players": players(&["Alena", "Boris"]),
                "deadline": {"hours": 72, "remind_hours": 24},
            }))
            .await;
        if let Some(zone) = account_zone {
            let mut host = Browser::new(&app, "en");
            host.register("host@example.org").await;
            let a = host.submit("/account", "/account/time-zone", &[("time_zone", zone)]).await;
            assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text);
        }
        app.clock.advance(T0 + 72 * HOUR_MS + 1 - app.clock.now_ms());
        feldpost::play::deadlines::tick(&app.log).await.unwrap();
        let mail = app
            .outbox(&g.id)
            .await
            .into_iter()
            .find(|m| matches!(m.kind, MailKind::OverdueHost { .. }))
            .expect("the host is told");
        for part in both_parts(&mail) {
            assert!(part.contains(expected), "{account_zone:?}: {expected} not in {part}");
        }
    }
}
