//! Stopping the real server as a supervisor does (SIGTERM) while it works: moves under way are
//! answered and kept, a move answered is never lost, mail being sent is sent once, mail not yet
//! sent goes out at once after the restart (not after a lease), open live pages do not hold the
//! exit, and the process ends within its grace with status 0. And the probes a load balancer
//! asks: `/healthz` and `/readyz`.

use crate::harness::process::{self, Game, Server, act, call, colditz, create, history};
use crate::harness::relay::slow_relay;
use crate::harness::{TestApp, fresh_url};
use serde_json::json;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The Message-ID of each message taken, in the order taken.
fn message_ids(got: &Mutex<Vec<String>>) -> Vec<String> {
    got.lock()
        .unwrap()
        .iter()
        .map(|raw| {
            let parsed = mailparse::parse_mail(raw.as_bytes()).expect("a well-formed message");
            parsed
                .headers
                .iter()
                .find(|h| h.get_key().eq_ignore_ascii_case("message-id"))
                .unwrap()
                .get_value()
        })
        .collect()
}

fn sigterm(server: &Server) {
    let status = std::process::Command::new("kill").arg("-TERM").arg(server.child.id().to_string()).status();
    assert!(status.unwrap().success(), "kill -TERM");
}

/// Wait for the process to end, at most `limit`: its exit status and how long it took.
fn wait_for_exit(server: &mut Server, limit: Duration) -> (std::process::ExitStatus, Duration) {
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Some(status) = server.child.try_wait().unwrap() {
            return (status, started.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("the server did not exit within {limit:?}: {}", server.log());
}

fn wait_until(limit: Duration, what: &str, mut done: impl FnMut() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < limit, "not within {limit:?}: {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// SIGTERM in the middle of a burst of moves, with mail being sent to a slow relay and a live
/// page open: every move answered 200 is in the log after the restart and none other is; the
/// process exits with status 0 well within its grace (the live page does not hold it); each
/// mail reaches the relay exactly once, and what was not sent before the stop is sent at once
/// after the restart.
#[tokio::test]
async fn sigterm_keeps_every_answered_move_and_sends_each_mail_once() {
    let url = fresh_url().await;
    let dir = process::data_dir("shutdown");
    let (relay_port, got) = slow_relay(Duration::from_millis(300));
    let env = vec![
        ("FELDPOST_SMTP_URL", format!("smtp://127.0.0.1:{relay_port}")),
        ("FELDPOST_MAIL_FROM", "feldpost <feldpost@feldpost.test>".to_owned()),
        ("FELDPOST_MAIL_IN_FLIGHT", "1".to_owned()),
        ("FELDPOST_SHUTDOWN_GRACE_S", "15".to_owned()),
    ];
    let mut server = process::start(&url, &dir, &env);
    let port = server.port;

    // Mail: each game with a host address sends its host a confirmation; at 300 ms a message,
    // one at a time, six take about two seconds.
    let mailed = 6;
    for n in 0..mailed {
        let request = json!({"ruleset": "colditz", "title": format!("Mailed {n}"), "host_email": format!("host{n}@example.org"),
            "players": [{"name": "G"}, {"name": "A"}]});
        create(port, request).unwrap_or_else(|a| panic!("{} {}", a.status, a.text));
    }
    // Moves: four games, a thread each, moving as fast as answers come.
    let games: Vec<Game> = (0..4).map(|_| create(port, colditz()).unwrap()).collect();
    let records_before: Vec<usize> = games.iter().map(|g| history(port, g).len()).collect();
    // A live page, open across the stop.
    let mut live = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        live,
        "GET /play/{}/live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n",
        games[0].tokens[0]
    )
    .unwrap();
    wait_until(Duration::from_secs(20), "the first mail reaches the relay", || {
        !got.lock().unwrap().is_empty()
    });

    let stop = Arc::new(AtomicBool::new(false));
    let answered: Vec<Arc<AtomicUsize>> = games.iter().map(|_| Arc::new(AtomicUsize::new(0))).collect();
    let movers: Vec<_> = games
        .iter()
        .zip(&answered)
        .map(|(g, count)| {
            let (g, count, stop) =
                (Game { id: g.id.clone(), tokens: g.tokens.clone() }, count.clone(), stop.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    // A move either is answered 200 or finds the server gone (refused, reset).
                    match std::panic::catch_unwind(|| act(port, &g)) {
                        Ok(()) => {
                            count.fetch_add(1, Ordering::SeqCst);
                        }
                        Err(_) => break,
                    }
                }
            })
        })
        .collect();
    wait_until(Duration::from_secs(20), "moves under way", || {
        answered.iter().all(|a| a.load(Ordering::SeqCst) >= 2)
    });
    sigterm(&server);
    let (status, took) = wait_for_exit(&mut server, Duration::from_secs(30));
    stop.store(true, Ordering::Relaxed);
    for m in movers {
        m.join().unwrap();
    }
    assert!(status.success(), "exit status {status}: {}", server.log());
    assert!(
        took < Duration::from_secs(15),
        "the exit took {took:?}, longer than the grace: {}",
        server.log()
    );
    assert!(server.log().contains("SIGTERM: stopping"), "the log says why it stops: {}", server.log());
    // The live page was ended by the server, not left for the grace to cut.
    live.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut rest = Vec::new();
    let _ = live.read_to_end(&mut rest);
    let sent_before_restart = message_ids(&got);
    assert!(
        sent_before_restart.len() < mailed,
        "the stop came before all mail was sent: test too slow to tell"
    );

    // Nothing claimed is left held by its lease (five minutes): the restart sends the rest at once.
    let server = process::start(&url, &dir, &env);
    let restarted = Instant::now();
    wait_until(Duration::from_secs(20), "every mail sent after the restart", || {
        message_ids(&got).len() >= mailed
    });
    assert!(restarted.elapsed() < Duration::from_secs(20), "mail waited out a lease");
    std::thread::sleep(Duration::from_millis(700));
    let ids = message_ids(&got);
    let mut distinct = ids.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), ids.len(), "a mail was sent twice: {ids:?}");
    assert_eq!(ids.len(), mailed, "every host's confirmation, once");

    for ((g, before), count) in games.iter().zip(records_before).zip(&answered) {
        let after = history(server.port, g).len();
        assert_eq!(
            after - before,
            count.load(Ordering::SeqCst),
            "every move answered 200 is in the log, and no other"
        );
    }
}

/// `/healthz` answers whenever the process does; `/readyz` only when the mail worker has run,
/// the database answers with this build's schema, and the server is not stopping. Neither needs
/// a token; a failed readiness says what failed.
#[tokio::test]
async fn readiness_says_what_is_wrong_and_liveness_only_that_the_process_answers() {
    let app = TestApp::spawn().await;
    let health = app.get("/healthz", None).await;
    assert_eq!(health.status, 200);
    assert_eq!(health.text.trim(), "ok");

    // No mail worker runs in this app yet.
    let unready = app.get("/readyz", None).await;
    assert_eq!(unready.status, 503, "{}", unready.text);
    assert_eq!(unready.json["mail_worker"], "not started");
    assert!(unready.header("retry-after").is_some());

    app.log.worker_beats();
    let ready = app.get("/readyz", None).await;
    assert_eq!(ready.status, 200, "{}", ready.text);
    assert_eq!(
        ready.json,
        json!({"ready": true, "database": "ok", "schema": "ok", "mail_worker": "ok", "stopping": false})
    );

    // A database a migration behind this build (an old copy restored under a new server).
    let newest = app.log.store.schema_versions().await.unwrap().1;
    app.log
        .store
        .execute_raw(&format!("DELETE FROM feldpost_migrations WHERE version = {newest}"))
        .await
        .unwrap();
    let behind = app.get("/readyz", None).await;
    assert_eq!(
        (behind.status.as_u16(), behind.json["schema"].as_str()),
        (503u16, Some("behind")),
        "{}",
        behind.text
    );
    app.log
        .store
        .execute_raw(&format!("INSERT INTO feldpost_migrations VALUES ({newest}, 'restored', 0)"))
        .await
        .unwrap();
    assert_eq!(app.get("/readyz", None).await.status, 200);

    // Stopping: a load balancer must stop sending traffic here, while the process still answers.
    app.log.stopping().cancel();
    let stopping = app.get("/readyz", None).await;
    assert_eq!(
        (stopping.status.as_u16(), &stopping.json["stopping"]),
        (503u16, &json!(true)),
        "{}",
        stopping.text
    );
    assert_eq!(app.get("/healthz", None).await.status, 200);
}

/// The real server is ready as soon as it serves (its worker starts with it), and its probes
/// answer a burst from one address without any limit.
#[tokio::test]
async fn the_real_server_is_ready_once_it_listens() {
    let url = fresh_url().await;
    let dir = process::data_dir("readyz");
    let server = process::start(&url, &dir, &[]);
    let mut ready = call(server.port, "GET", "/readyz", None, None);
    for _ in 0..100 {
        if ready.status == 200 {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
        ready = call(server.port, "GET", "/readyz", None, None);
    }
    assert_eq!(ready.status, 200, "{}", ready.text);
    for _ in 0..100 {
        assert_eq!(call(server.port, "GET", "/healthz", None, None).status, 200);
    }
    assert_eq!(call(server.port, "GET", "/readyz", None, None).status, 200);
}
