//! Page rendering and mail composition: a seat's game page of a Na zajatce game at
//! seq 100 and at its end (the page's cost must not grow with the log), the history page, and
//! composing a turn mail. `cargo bench --bench pages`; the load tool measures the same pages
//! over HTTP under load (`examples/load.rs -- pages`).

use criterion::{Criterion, criterion_group, criterion_main};
use feldpost::clock::{Clock, ManualClock};
use feldpost::i18n::{Lang, Tr};
use feldpost::ids::{GameId, SeatToken};
use feldpost::input::EmailAddress;
use feldpost::play::GameLog;
use feldpost::play::create::{NewGame, NewPlayer, Requester};
use feldpost::secret::Secret;
use feldpost::store::Store;
use feldpost::web::{AppState, router};
use feldpost_engine::Msg;
use serde_json::json;
use std::hint::black_box;
use std::sync::Arc;
use tower::ServiceExt;

/// A game played by the play layer until `stop` says so; its seat-0 token.
async fn game(log: &GameLog, stop: impl Fn(u64, bool) -> bool) -> (String, Vec<String>) {
    let new = NewGame {
        ruleset: "zajatce".into(),
        title: "Bench".into(),
        options: json!({}),
        players: (0..3).map(|i| NewPlayer { name: format!("P{i}"), email: String::new() }).collect(),
        lang: Lang::En,
        disputes: Default::default(),
        deadline: Default::default(),
        host_email: String::new(),
        from_position: false,
    };
    let by = Requester {
        client: feldpost::secret::random_id(),
        account: Some(EmailAddress::parse("host@example.org").unwrap()),
    };
    let created = feldpost::play::create::create(log, new, &by).await.unwrap();
    let tokens: Vec<String> = created.seats.into_iter().map(|s| s.token).collect();
    let seat_tokens: Vec<SeatToken> = tokens.iter().map(|t| SeatToken::parse(t).unwrap()).collect();
    for step in 0usize.. {
        let loaded = log.load(&created.game_id).await.unwrap();
        if stop(loaded.seq, loaded.finished()) || loaded.finished() {
            break;
        }
        let seat = loaded.table.to_act()[0];
        let view = feldpost::play::view::view(log, &loaded, Some(seat));
        // Nobody gives the game up (every game offers it at every turn).
        let playable: Vec<_> =
            view.legal_actions.iter().filter(|a| !loaded.table.concession(&a.action)).collect();
        let action = &playable[step % playable.len()].action;
        feldpost::play::act::by_token(log, &seat_tokens[usize::from(seat)], None, view.current_seq, action)
            .await
            .unwrap();
    }
    (created.game_id.to_string(), tokens)
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (app, early, ended) = rt.block_on(async {
        let dir = std::env::temp_dir().join("feldpost-bench");
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite:{}", dir.join(format!("{}.db", feldpost::secret::random_id())).display());
        let opened = Store::open(&url, Default::default()).await.unwrap();
        opened.0.migrate().await.unwrap();
        let clock: Arc<dyn Clock> = Arc::new(ManualClock::at(1_764_000_000_000));
        let log = Arc::new(GameLog::new(opened, clock, Secret::from_text("bench"), "http://bench.test"));
        let early = game(&log, |seq, _| seq >= 100).await.1;
        let ended = game(&log, |_, _| false).await.1;
        (router(AppState { log, dev_mailbox: false }), early, ended)
    });
    let get = |path: String| {
        let app = app.clone();
        async move {
            let req = axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap();
            let res = app.oneshot(req).await.unwrap();
            assert!(res.status().is_success());
            black_box(axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap())
        }
    };
    let mut group = c.benchmark_group("pages");
    group.bench_function("game_page_seq_100", |b| b.iter(|| rt.block_on(get(format!("/play/{}", early[0])))));
    group.bench_function("game_page_ended", |b| b.iter(|| rt.block_on(get(format!("/play/{}", ended[0])))));
    group.bench_function("history_page_ended_at_1", |b| {
        b.iter(|| rt.block_on(get(format!("/play/{}/history?at=1", ended[0]))))
    });
    group.finish();

    // Composing a turn mail (text and HTML).
    let tr = Tr::new(Lang::En).with_names(vec!["Alena".into(), "Boris".into()]);
    let row = feldpost::store::GameRow {
        id: GameId::parse("g1").unwrap(),
        ruleset: "zajatce".into(),
        title: "Bench".into(),
        options: "{}".into(),
        seat_count: 2,
        seed: "00".repeat(32),
        commitment: "c".into(),
        host_salt: "s".into(),
        lang: Lang::En,
        created_at: 0,
        last_seq: 10,
        finished_at: None,
    };
    let seat = feldpost::store::SeatRow {
        game_id: GameId::parse("g1").unwrap(),
        seat: 0,
        name: "Alena".into(),
        email: "alena@example.org".into(),
        token_salt: "t".into(),
        token_hash: "h".into(),
        time_zone: None,
        account_time_zone: None,
        calendar_salt: String::new(),
    };
    let commands = vec![("throw".to_owned(), tr.t("zajatce-action-roll"))];
    // Where the stones stand, as a two-player game's mail says it early on.
    let places = vec![
        Msg::new("zajatce-mail-unit")
            .seat("player", 0)
            .num("stone", 1)
            .num("field", 1)
            .num("members", 0)
            .text("with", "")
            .num("prisoners", 0),
        Msg::new("zajatce-mail-seat").seat("player", 0).num("reserve", 4).num("camp", 0),
        Msg::new("zajatce-mail-seat").seat("player", 1).num("reserve", 4).num("camp", 0),
    ];
    let asked = feldpost::mail::Asked {
        lead: &[],
        board: None,
        places: &places,
        own_numbers: None,
        commands: &commands,
        concede: Some("concede".to_owned()),
        reply_tag: Some("g1.0.11.0123456789abcde".to_owned()),
        talk: &[],
        deadline: None,
        position: None,
    };
    let seen: Vec<Msg> = (0..8).map(|_| Msg::new("zajatce-action-roll")).collect();
    c.bench_function("mail_compose_turn", |b| {
        b.iter(|| {
            black_box(feldpost::mail::your_turn(
                &tr,
                &row,
                &seat,
                "http://bench.test/play/x",
                11,
                &asked,
                &seen,
                0,
            ))
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
