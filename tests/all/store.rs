//! The store suite: the same tests on SQLite and on Postgres (see harness/mod.rs).

use crate::harness::{backend_name, fresh_url, game_id, opened_store_at};
use feldpost::record::{Cause, Chained, Record, genesis_hash, verify_chain};
use feldpost::store::MailKind;
use feldpost::store::{
    Append, Appender, GameRow, MailStatus, NewGameRows, OutboxRow, SeatRow, Store, StoreError, Timeouts,
};
use serde_json::json;
use std::sync::Arc;

/// A store with its appender, as the game log holds them: these tests append by hand.
#[derive(Clone)]
struct Opened {
    store: Store,
    appender: Arc<Appender>,
}

impl std::ops::Deref for Opened {
    type Target = Store;
    fn deref(&self) -> &Store {
        &self.store
    }
}

impl Opened {
    /// `records` after `expected`, with `outbox`, as a move appends them.
    async fn append(
        &self,
        game_id: &str,
        expected_seq: u64,
        records: &[Chained],
        outbox: &[OutboxRow],
        finished_at: Option<i64>,
    ) -> Result<(), StoreError> {
        let at = Append {
            game_id,
            expected_seq,
            records,
            outbox,
            finished_at,
            reseat: None,
            unless_paused_at: None,
            to_act: None,
            moved_at: None,
            waits_from: None,
        };
        self.appender.append(&at).await
    }
}

async fn fresh_store() -> Opened {
    fresh_store_at(&fresh_url().await, Timeouts::default()).await
}

async fn fresh_store_at(url: &str, timeouts: Timeouts) -> Opened {
    let (store, appender) = opened_store_at(url, timeouts).await;
    Opened { store, appender: Arc::new(appender) }
}

fn game_row(id: &str) -> GameRow {
    GameRow {
        id: game_id(id),
        ruleset: "zajatce".into(),
        title: "Test".into(),
        options: "{}".into(),
        seat_count: 2,
        seed: "00".repeat(32),
        commitment: "c".into(),
        host_salt: "salt".into(),
        lang: feldpost::i18n::Lang::En,
        created_at: 1,
        last_seq: 1,
        finished_at: None,
    }
}

fn seats(id: &str) -> Vec<SeatRow> {
    (0..2)
        .map(|i| SeatRow {
            game_id: game_id(id),
            seat: i,
            name: format!("P{i}"),
            email: format!("p{i}@example.org"),
            token_salt: format!("s{i}"),
            token_hash: format!("{id}-hash-{i}"),
            time_zone: None,
            account_time_zone: None,
            calendar_salt: String::new(),
        })
        .collect()
}

fn record(seq: u64, n: i64) -> Record {
    Record {
        seq,
        at: 1000 + n,
        cause: Cause::Action { seat: 0, action: json!({"n": n}) },
        events: vec![json!({"moved": n})],
        nonce: None,
    }
}

fn mail(id: &str, seq: i64, to: &str) -> OutboxRow {
    OutboxRow {
        id: feldpost::secret::random_id(),
        game_id: id.into(),
        seq,
        recipient: to.into(),
        kind: MailKind::Turn,
        subject: "s".into(),
        body_text: "b".into(),
        created_at: seq,
        status: MailStatus::Pending,
        attempts: 0,
        next_attempt_at: 0,
        sent_at: None,
        transport: None,
        last_error: None,
        seat: Some(0),
        body_html: None,
        unsubscribe_url: None,
        chain_head: None,
        thread: None,
        reply_to: None,
    }
}

/// A game with its first record stored; returns the chain so far.
async fn new_game(store: &Opened, id: &str) -> Vec<Chained> {
    let first = Record {
        seq: 1,
        at: 1,
        cause: Cause::Created {
            ruleset: "zajatce".into(),
            options: json!({}),
            players: vec!["P0".into(), "P1".into()],
            commitment: "c".into(),
            disputes: Default::default(),
            from_position: false,
        },
        events: vec![],
        nonce: None,
    };
    let c = Chained::new(&first, &genesis_hash(id));
    let clock = feldpost::play::deadlines::Deadline::default().clock(id, "");
    // The host has proved the address, so the game's mail goes out.
    let host = feldpost::store::GameHost {
        game_id: id.into(),
        email: "host@example.org".into(),
        confirm_hash: None,
        confirmed_at: Some(0),
    };
    let (game, seats) = (game_row(id), seats(id));
    let new = NewGameRows {
        game: &game,
        seats: &seats,
        first: &c,
        outbox: &[mail(id, 1, "p0@example.org")],
        clock: &clock,
        host: Some(&host),
        to_act: &[0],
        rematch_of: None,
    };
    store.appender.create_game(&new).await.expect("create");
    vec![c]
}

#[tokio::test]
async fn append_and_read_back_in_order_with_an_intact_chain() {
    let store = fresh_store().await;
    let mut chain = new_game(&store, "g1").await;
    for seq in 2..=6u64 {
        let c = Chained::new(&record(seq, seq as i64), &chain.last().unwrap().hash);
        store.append("g1", seq - 1, std::slice::from_ref(&c), &[], None).await.expect("append");
        chain.push(c);
    }
    let read = store.records("g1", 0).await.unwrap();
    assert_eq!(read, chain, "{}: what was written is what is read", backend_name());
    assert_eq!(verify_chain("g1", &read), Ok(()));
    assert_eq!(store.records("g1", 4).await.unwrap(), chain[4..].to_vec());
    let game = store.game("g1").await.unwrap().unwrap();
    assert_eq!(game.last_seq, 6);
    assert_eq!(store.seats("g1").await.unwrap(), seats("g1"));
    assert_eq!(store.seat_by_token_hash("g1-hash-1").await.unwrap().map(|s| s.seat), Some(1));
    assert!(store.game("nope").await.unwrap().is_none());
}

#[tokio::test]
async fn of_two_concurrent_writers_with_the_same_expected_seq_exactly_one_lands() {
    let store = fresh_store().await;
    let chain = new_game(&store, "g2").await;
    let prev = chain[0].hash.clone();
    for round in 0..10u64 {
        let expected = 1 + round;
        let prev_hash = store.records("g2", 0).await.unwrap().last().unwrap().hash.clone();
        let _ = &prev;
        let a = Chained::new(&record(expected + 1, 100 + round as i64), &prev_hash);
        let b = Chained::new(&record(expected + 1, 200 + round as i64), &prev_hash);
        let (sa, sb) = (store.clone(), store.clone());
        let ta = tokio::spawn(async move {
            sa.append("g2", expected, &[a], &[mail("g2", expected as i64 + 1, "p0@example.org")], None).await
        });
        let tb = tokio::spawn(async move {
            sb.append("g2", expected, &[b], &[mail("g2", expected as i64 + 1, "p1@example.org")], None).await
        });
        let results = [ta.await.unwrap(), tb.await.unwrap()];
        let ok = results.iter().filter(|r| r.is_ok()).count();
        let conflicts = results.iter().filter(|r| matches!(r, Err(StoreError::Conflict { .. }))).count();
        assert_eq!((ok, conflicts), (1, 1), "round {round}: {results:?}");
    }
    let records = store.records("g2", 0).await.unwrap();
    assert_eq!(records.len(), 11);
    assert_eq!(verify_chain("g2", &records), Ok(()));
    // The loser's mail was rolled back with its record: one turn mail per round.
    let mails = store.outbox_recent(100).await.unwrap();
    assert_eq!(
        mails.iter().filter(|m| m.game_id == "g2" && m.kind == MailKind::Turn && m.seq > 1).count(),
        10
    );
}

/// Moves in different games at the same moment all land; on SQLite even with a lock wait far
/// shorter than their queue: this process's writers take turns instead of polling the file
/// lock until it times out (a move refused "busy" because another game moved is a bug).
#[tokio::test]
async fn moves_in_many_games_at_once_all_land_with_their_records_and_mails() {
    // SQLite: 5 ms of waiting for the file lock, far less than 16 writers queue. Postgres locks
    // rows, not the file: its default wait (a 5 ms one is met by the table's own extension lock
    // when 16 inserts grow a fresh table at once).
    let lock_ms = if backend_name() == "sqlite" { 5 } else { Timeouts::DEFAULT_LOCK_MS };
    let store = fresh_store_at(&fresh_url().await, Timeouts { statement_ms: 10_000, lock_ms }).await;
    let games: Vec<String> = (0..16).map(|g| format!("many{g}")).collect();
    let mut heads = Vec::new();
    for id in &games {
        heads.push(new_game(&store, id).await.pop().unwrap());
    }
    let writers = games.iter().zip(heads).map(|(id, head)| {
        let (store, id) = (store.clone(), id.clone());
        tokio::spawn(async move {
            let mut prev = head;
            for step in 0..10u64 {
                // Two records and a mail a move, as a throw and the stone it moves.
                let seq = 2 + step * 2;
                let a = Chained::new(&record(seq, seq as i64), &prev.hash);
                let b = Chained::new(&record(seq + 1, seq as i64 + 1), &a.hash);
                let turn = mail(&id, seq as i64 + 1, "p1@example.org");
                store.append(&id, seq - 1, &[a, b.clone()], &[turn], None).await?;
                prev = b;
            }
            Ok::<(), StoreError>(())
        })
    });
    for w in writers.collect::<Vec<_>>() {
        w.await.unwrap().expect("every move lands");
    }
    let mails = store.outbox_recent(1_000).await.unwrap();
    for id in &games {
        let records = store.records(id, 0).await.unwrap();
        assert_eq!(records.len(), 21, "{}: {id}", backend_name());
        assert_eq!(verify_chain(id, &records), Ok(()));
        assert_eq!(store.game(id).await.unwrap().unwrap().last_seq, 21);
        assert_eq!(mails.iter().filter(|m| &m.game_id == id && m.recipient == "p1@example.org").count(), 10);
    }
}

/// Two servers on one database: the one whose move comes second at the same sequence number
/// writes nothing (neither record nor mail), is told it is a conflict, and its next move, made
/// at the right number, lands (nothing was left half-open on its connection).
#[tokio::test]
async fn a_second_server_behind_the_first_writes_nothing_and_goes_on_working() {
    let url = fresh_url().await;
    let first = fresh_store_at(&url, Timeouts::default()).await;
    let second = fresh_store_at(&url, Timeouts::default()).await;
    let chain = new_game(&first, "two").await;
    let a = Chained::new(&record(2, 2), &chain[0].hash);
    first.append("two", 1, std::slice::from_ref(&a), &[], None).await.unwrap();
    // The second server decided at seq 1 too, with two records and a mail.
    // Once with one record (to the very number the first reached: the record's key refuses
    // it) and once with two (past it).
    let b = Chained::new(&record(2, 77), &chain[0].hash);
    let b2 = Chained::new(&record(3, 78), &b.hash);
    for late in [vec![b.clone()], vec![b, b2]] {
        let to = late.last().unwrap().seq as i64;
        let err =
            second.append("two", 1, &late, &[mail("two", to, "p1@example.org")], None).await.unwrap_err();
        assert!(matches!(err, StoreError::Conflict { expected: 1 }), "{}: {err:?}", backend_name());
    }
    for _ in 0..4 {
        // Every connection of the second server's pool is usable: nothing was left open.
        let head = second.records("two", 0).await.unwrap().pop().unwrap();
        let next = Chained::new(&record(head.seq + 1, 5), &head.hash);
        second.append("two", head.seq, &[next], &[], None).await.expect("the second server goes on");
    }
    let head = first.records("two", 0).await.unwrap().pop().unwrap();
    let next = Chained::new(&record(head.seq + 1, 6), &head.hash);
    first.append("two", head.seq, &[next], &[], None).await.expect("and so does the first");
    let records = first.records("two", 0).await.unwrap();
    assert_eq!(records.len(), 7);
    assert_eq!(records[1], a, "the first server's move stands");
    assert_eq!(verify_chain("two", &records), Ok(()));
    assert!(first.outbox_recent(100).await.unwrap().iter().all(|m| m.recipient != "p1@example.org"));
}

#[tokio::test]
async fn a_stale_expected_seq_writes_nothing() {
    let store = fresh_store().await;
    let chain = new_game(&store, "g3").await;
    let c = Chained::new(&record(2, 2), &chain[0].hash);
    store.append("g3", 1, std::slice::from_ref(&c), &[], None).await.unwrap();
    let stale = Chained::new(&record(2, 99), &chain[0].hash);
    let err = store.append("g3", 1, &[stale], &[mail("g3", 2, "p1@example.org")], None).await.unwrap_err();
    assert!(matches!(err, StoreError::Conflict { expected: 1 }), "{err:?}");
    assert_eq!(store.records("g3", 0).await.unwrap().len(), 2);
    assert!(store.outbox_recent(100).await.unwrap().iter().all(|m| m.recipient != "p1@example.org"));
}

/// What keeps a record's game real is its write: the append moves the game row on under the
/// expected number, in the statement that inserts the records (on Postgres no foreign key
/// checks them any more, migration 0011). A game that does not exist has no row to move.
#[tokio::test]
async fn a_record_of_a_game_that_does_not_exist_is_never_written() {
    let store = fresh_store().await;
    new_game(&store, "g9").await;
    let ghost = Chained::new(&record(2, 2), &genesis_hash("ghost"));
    let err = store
        .append("ghost", 1, std::slice::from_ref(&ghost), &[mail("ghost", 2, "p1@example.org")], None)
        .await;
    assert!(matches!(err, Err(StoreError::Conflict { expected: 1 })), "{}: {err:?}", backend_name());
    assert!(
        store.records("ghost", 0).await.unwrap().is_empty(),
        "{}: no record of a missing game",
        backend_name()
    );
    assert!(store.outbox_recent(100).await.unwrap().iter().all(|m| m.recipient != "p1@example.org"));
    // Beside a real game's move in the same moment, neither is taken for the other.
    let real = Chained::new(&record(2, 2), &store.records("g9", 0).await.unwrap()[0].hash);
    let (a, b) = tokio::join!(
        store.append("ghost", 1, std::slice::from_ref(&ghost), &[], None),
        store.append("g9", 1, std::slice::from_ref(&real), &[], None)
    );
    assert!(matches!(a, Err(StoreError::Conflict { .. })), "{a:?}");
    assert!(b.is_ok(), "{b:?}");
    assert!(store.records("ghost", 0).await.unwrap().is_empty());
    assert_eq!(store.records("g9", 0).await.unwrap().len(), 2);
}

#[tokio::test]
async fn the_database_refuses_to_update_or_delete_events() {
    let store = fresh_store().await;
    let chain = new_game(&store, "g4").await;
    for sql in
        ["UPDATE events SET body = 'forged' WHERE game_id = 'g4'", "DELETE FROM events WHERE game_id = 'g4'"]
    {
        let err = store.execute_raw(sql).await.expect_err(sql);
        assert!(err.to_string().contains("append-only"), "{sql}: {err}");
    }
    if backend_name() == "postgres" {
        let err = store.execute_raw("TRUNCATE events CASCADE").await.expect_err("truncate");
        assert!(err.to_string().contains("append-only"), "{err}");
    }
    assert_eq!(store.records("g4", 0).await.unwrap(), chain);
}

#[tokio::test]
async fn one_message_per_game_seq_recipient_and_kind() {
    let store = fresh_store().await;
    let chain = new_game(&store, "g5").await;
    let c = Chained::new(&record(2, 2), &chain[0].hash);
    let twice = [mail("g5", 2, "p1@example.org"), mail("g5", 2, "p1@example.org")];
    store.append("g5", 1, &[c], &twice, None).await.unwrap();
    let rows: Vec<_> = store
        .outbox_recent(100)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.game_id == "g5" && m.seq == 2)
        .collect();
    assert_eq!(rows.len(), 1);
    // Marking sent happens once; a second mark (a second worker) does nothing.
    assert!(store.outbox_mark_sent(&rows[0].id, 5, "test").await.unwrap());
    assert!(!store.outbox_mark_sent(&rows[0].id, 6, "test").await.unwrap());
    assert!(store.outbox_due(10, 100).await.unwrap().iter().all(|m| m.id != rows[0].id));
}

#[tokio::test]
async fn failed_deliveries_wait_for_their_retry_time() {
    let store = fresh_store().await;
    new_game(&store, "g6").await;
    let due = store.outbox_due(0, 10).await.unwrap();
    let first = due.iter().find(|m| m.game_id == "g6").expect("the creation mail is due");
    store.outbox_mark_failed(&first.id, 60_000, "smtp down").await.unwrap();
    assert!(store.outbox_due(59_999, 10).await.unwrap().iter().all(|m| m.id != first.id));
    let again = store.outbox_due(60_000, 10).await.unwrap();
    let row = again.iter().find(|m| m.id == first.id).expect("due again after the backoff");
    assert_eq!((row.attempts, row.last_error.as_deref()), (1, Some("smtp down")));
}

#[tokio::test]
async fn migrations_run_twice_without_harm() {
    let store = fresh_store().await;
    store.migrate().await.expect("second run");
    new_game(&store, "g7").await;
}

#[tokio::test]
async fn a_database_that_is_down_is_a_clear_error() {
    let err = Store::connect("postgres://postgres@127.0.0.1:1/nothing")
        .await
        .err()
        .expect("nothing listens on port 1");
    assert!(matches!(err, StoreError::Unavailable(_)), "{err:?}");
    let err = Store::connect("mysql://x").await.err().expect("unsupported");
    assert!(matches!(err, StoreError::BadUrl(_)));
    let err = Store::connect("sqlite::memory:").await.err().expect("memory refused");
    assert!(matches!(err, StoreError::BadUrl(_)));
}

/// Moves of many games that wait at the same moment: on Postgres they go to the database in
/// one statement, and still each game's move is judged on its own: the stale one and the paused
/// one are refused, with nothing of theirs written, and the others land with their mails. With a
/// move among them whose record is already there, the statement fails as a whole, and the moves
/// are written again one at a time: only that one is refused.
#[tokio::test]
async fn moves_gathered_into_one_statement_each_get_their_own_answer() {
    for with_a_clash in [false, true] {
        let store = fresh_store().await;
        let games: Vec<String> = (0..12).map(|g| format!("gathered{g}")).collect();
        let mut heads = Vec::new();
        for id in &games {
            heads.push(new_game(&store, id).await.pop().unwrap());
        }
        let now = 5_000;
        store.game_clock_pause("gathered1", Some(now + 60_000)).await.unwrap();
        let before = store.move_statements();
        // Game 0's move is stale (decided at seq 0); game 1 is paused; with a clash, game 2's
        // record takes seq 1, which its game already has (its row is at 1, as the move expects).
        let writers: Vec<_> = games
            .iter()
            .zip(heads)
            .enumerate()
            .map(|(g, (id, head))| {
                let (store, id) = (store.clone(), id.clone());
                let expected = if g == 0 { 0 } else { 1 };
                let seq = if g == 2 && with_a_clash { 1 } else { 2 };
                let c = Chained::new(&record(seq, g as i64), &head.hash);
                let turn = mail(&id, 2, "p1@example.org");
                tokio::spawn(async move {
                    let at = Append {
                        game_id: &id,
                        expected_seq: expected,
                        records: &[c],
                        outbox: &[turn],
                        finished_at: None,
                        reseat: None,
                        unless_paused_at: Some(now),
                        to_act: None,
                        moved_at: None,
                        waits_from: None,
                    };
                    store.appender.append(&at).await
                })
            })
            .collect();
        let mut answers = Vec::new();
        for w in writers {
            answers.push(w.await.unwrap());
        }
        let refused: Vec<usize> = (0..12).filter(|g| answers[*g].is_err()).collect();
        let expected_refused = if with_a_clash { vec![0, 1, 2] } else { vec![0, 1] };
        assert_eq!(refused, expected_refused, "{}: {answers:?}", backend_name());
        for g in &refused {
            assert!(matches!(answers[*g], Err(StoreError::Conflict { .. })), "game {g}: {:?}", answers[*g]);
        }
        let mails = store.outbox_recent(1_000).await.unwrap();
        for (g, id) in games.iter().enumerate() {
            let landed = !refused.contains(&g);
            let records = store.records(id, 0).await.unwrap();
            assert_eq!(records.len(), if landed { 2 } else { 1 }, "game {g}");
            assert_eq!(verify_chain(id, &records), Ok(()));
            assert_eq!(store.game(id).await.unwrap().unwrap().last_seq, if landed { 2 } else { 1 });
            let turn_mails = mails.iter().filter(|m| &m.game_id == id && m.recipient == "p1@example.org");
            assert_eq!(turn_mails.count(), usize::from(landed), "game {g}'s mail goes with its move");
        }
        if store.is_postgres() {
            let after = store.move_statements();
            // The test's runtime runs one task at a time: the twelve moves are all queued before
            // the first statement goes, so one statement carries them.
            assert_eq!(
                (after.statements - before.statements, after.moves - before.moves),
                (1, 12),
                "{after:?}"
            );
            assert_eq!(after.failed - before.failed, usize::from(with_a_clash), "{after:?}");
        }
    }
}

/// A game's mail is written only for an address the game has (a seat's or its host's): a
/// server whose cache still holds an address forgotten since (`feldpost forget`, another
/// server) queues nothing for it. The move itself lands.
#[tokio::test]
async fn a_games_mail_to_an_address_it_no_longer_has_is_not_queued() {
    let store = fresh_store().await;
    let chain = new_game(&store, "g7").await;
    let queued = |seq: i64| {
        let store = &store;
        async move {
            let mut to: Vec<String> = store
                .outbox_recent(100)
                .await
                .unwrap()
                .into_iter()
                .filter(|m| m.game_id == "g7" && m.seq == seq)
                .map(|m| m.recipient)
                .collect();
            to.sort();
            to
        }
    };
    let a = Chained::new(&record(2, 2), &chain[0].hash);
    let mails = [
        mail("g7", 2, "p1@example.org"),
        mail("g7", 2, "gone@example.org"),
        mail("g7", 2, "host@example.org"),
    ];
    store.append("g7", 1, std::slice::from_ref(&a), &mails, None).await.unwrap();
    assert_eq!(
        queued(2).await,
        ["host@example.org", "p1@example.org"],
        "{}: not a stranger's",
        backend_name()
    );

    store.forget("p1@example.org", false, 3).await.unwrap();
    let b = Chained::new(&record(3, 3), &a.hash);
    let mails = [mail("g7", 3, "p1@example.org"), mail("g7", 3, "p0@example.org")];
    store.append("g7", 2, std::slice::from_ref(&b), &mails, None).await.unwrap();
    assert_eq!(store.records("g7", 0).await.unwrap().len(), 3, "{}: the move lands", backend_name());
    assert_eq!(queued(3).await, ["p0@example.org"], "{}: not the forgotten address", backend_name());
}

/// On Postgres a mail's bodies are compressed with lz4 when the server has it (Debian's does):
/// pglz, the default, was the largest cost of writing a mail there. SQLite compresses nothing.
#[tokio::test]
async fn on_postgres_a_mails_bodies_are_compressed_with_lz4() {
    let store = fresh_store().await;
    if !store.store.is_postgres() {
        return;
    }
    // Raises (and fails the test) unless both columns choose lz4.
    store
        .store
        .execute_raw(
            "DO $$ BEGIN IF (SELECT count(*) FROM pg_attribute WHERE attrelid = 'outbox'::regclass \
             AND attname IN ('body_text', 'body_html') AND attcompression = 'l') <> 2 \
             THEN RAISE EXCEPTION 'outbox bodies are not compressed with lz4'; END IF; END $$",
        )
        .await
        .expect("lz4 for both bodies");
}
