//! Group commit on Postgres: moves of different games that arrive while the database
//! is busy with earlier ones are written together, in one statement and one commit.
//!
//! Most of what Postgres spends on a move is the statement's and the commit's own cost (the
//! executor's set-up, the locks on each table, the WAL flush), not the rows: a statement that
//! writes the moves of eight games costs little more than one that writes one. So the moves are
//! queued, and a gatherer writes them as they come: at once while no statement is on its way
//! (a lone move waits for nothing), and otherwise all that came meanwhile, together, as soon as
//! that statement is back.
//!
//! Each game's move is still decided by its own condition (the game row at the expected number,
//! no pause): in one statement some games may move and others be refused, each caller hears its
//! own answer. A statement that fails as a whole (a record already there, a deadlock) is
//! written again one move at a time, so that only the move at fault is refused. The write runs
//! in a task of its own: a caller that goes away does not cut the other games' moves off (its
//! own move may still land, as any request's may whose answer is lost).

use super::lane::{self, Lane};
use super::notify::Changes;
use super::{OUTBOX_COLUMNS, OUTBOX_PARAMS, StoreError, is_unique_violation};
use crate::record::Chained;
use crate::store::OutboxRow;
use sqlx::Row;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use tokio::sync::{Notify, mpsc, oneshot};

/// Moves in one statement, at most (each takes 8 parameters and 5 for each record; Postgres
/// allows 65,535).
const MOST: usize = 64;

/// How the moves went to the database so far ([`super::Store::move_statements`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveStatements {
    /// Statements sent (one for each move, or for several moves of different games).
    pub statements: usize,
    /// The moves they carried.
    pub moves: usize,
    /// Statements of several moves that failed as a whole and were written again one move at a
    /// time (a record already there, a deadlock).
    pub failed: usize,
}

/// A move to write: what [`super::Appended`] borrows, owned, so that it can wait in the queue.
pub(super) struct Move {
    pub game_id: String,
    pub expected_seq: u64,
    pub records: Vec<Chained>,
    pub outbox: Vec<OutboxRow>,
    pub finished_at: Option<i64>,
    pub unless_paused_at: Option<i64>,
    pub to_act: Option<Vec<u8>>,
    pub moved_at: Option<i64>,
    pub waits_from: Option<i64>,
}

struct Job {
    what: Move,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The queue of moves waiting for their statement, and how many are not yet answered.
#[derive(Default)]
pub(super) struct Batcher {
    queue: OnceLock<mpsc::UnboundedSender<Job>>,
    unanswered: Arc<Unanswered>,
    counted: Arc<Counted>,
}

/// How many statements have written how many moves (the load tool prints the ratio).
#[derive(Default)]
struct Counted {
    statements: AtomicUsize,
    moves: AtomicUsize,
    /// Statements of several moves that failed as a whole (then written one by one).
    failed: AtomicUsize,
}

#[derive(Default)]
struct Unanswered {
    count: AtomicUsize,
    none_left: Notify,
}

impl Unanswered {
    fn answered(&self) {
        if self.count.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.none_left.notify_waiters();
        }
    }
}

impl Batcher {
    /// Write `what` with the moves of other games that are waiting too; its own answer.
    pub(super) async fn write(
        &self,
        lane: &Arc<Lane>,
        changes: &Changes,
        what: Move,
    ) -> Result<(), StoreError> {
        let queue = self.queue.get_or_init(|| {
            let (queue, waiting) = mpsc::unbounded_channel();
            let counted = self.counted.clone();
            tokio::spawn(gather(lane.clone(), changes.clone(), waiting, self.unanswered.clone(), counted));
            queue
        });
        let (done, answer) = oneshot::channel();
        self.unanswered.count.fetch_add(1, Ordering::AcqRel);
        if queue.send(Job { what, done }).is_err() {
            self.unanswered.answered();
            return Err(StoreError::Unavailable("the move writer has stopped".into()));
        }
        answer.await.unwrap_or_else(|_| Err(StoreError::Unavailable("the move writer has stopped".into())))
    }

    /// Statements sent, the moves they carried, and how many of them failed as a whole, so far.
    pub(super) fn counts(&self) -> MoveStatements {
        let c = &self.counted;
        MoveStatements {
            statements: c.statements.load(Ordering::Relaxed),
            moves: c.moves.load(Ordering::Relaxed),
            failed: c.failed.load(Ordering::Relaxed),
        }
    }

    /// Wait until every move handed to [`Batcher::write`] so far has its answer (written or
    /// refused), whether or not its caller still waits for it.
    pub(super) async fn settled(&self) {
        loop {
            let none_left = self.unanswered.none_left.notified();
            if self.unanswered.count.load(Ordering::Acquire) == 0 {
                return;
            }
            none_left.await;
        }
    }
}

/// The gatherer: takes the waiting moves, at most one per game, and writes them; then the next.
///
/// One statement on its way at a time, written by the gatherer itself. Two at a time would let
/// Postgres work on more at once, but gather fewer moves into each: measured against two
/// (examples/load.rs, runs taken in turn on 2 cores), at 32 games 12 moves a statement instead
/// of 6.5, 8 % more moves and a sixth less database CPU per move; at 8 games the same rate with
/// a fifth less database CPU per move.
async fn gather(
    lane: Arc<Lane>,
    changes: Changes,
    mut waiting: mpsc::UnboundedReceiver<Job>,
    unanswered: Arc<Unanswered>,
    counted: Arc<Counted>,
) {
    // Moves of a game that already has one in the statement being gathered: the next one takes
    // them (its move is decided on the same number, so at most one of them can land).
    let mut held: VecDeque<Job> = VecDeque::new();
    loop {
        let first = match held.pop_front() {
            Some(job) => job,
            None => match waiting.recv().await {
                Some(job) => job,
                None => return,
            },
        };
        let mut batch = vec![first];
        for _ in 0..held.len() {
            let job = held.pop_front().expect("counted");
            if batch.len() < MOST && !batch.iter().any(|b| b.what.game_id == job.what.game_id) {
                batch.push(job);
            } else {
                held.push_back(job);
            }
        }
        while batch.len() < MOST {
            let Ok(job) = waiting.try_recv() else { break };
            if batch.iter().any(|b| b.what.game_id == job.what.game_id) {
                held.push_back(job);
            } else {
                batch.push(job);
            }
        }
        counted.statements.fetch_add(1, Ordering::Relaxed);
        counted.moves.fetch_add(batch.len(), Ordering::Relaxed);
        let answers = write_batch(&lane, &changes, &batch, &counted).await;
        for (job, answer) in batch.into_iter().zip(answers) {
            let _ = job.done.send(answer);
            unanswered.answered();
        }
    }
}

/// Write the moves, one statement for all; each move's answer, in order.
async fn write_batch(
    lane: &Arc<Lane>,
    changes: &Changes,
    batch: &[Job],
    counted: &Counted,
) -> Vec<Result<(), StoreError>> {
    if let [job] = batch {
        return vec![write_alone(lane, changes, &job.what).await];
    }
    // One order for the game rows' locks in every statement, so that two of them (from two
    // servers) cannot wait for each other.
    let mut order: Vec<usize> = (0..batch.len()).collect();
    order.sort_by(|a, b| batch[*a].what.game_id.cmp(&batch[*b].what.game_id));
    let moves: Vec<&Move> = order.iter().map(|i| &batch[*i].what).collect();
    match write_moves(lane, &moves).await {
        Ok(moved) => batch.iter().map(|job| answer(lane, changes, &job.what, &moved)).collect(),
        // The database is away: the same for every move.
        Err(e) if e.is_unavailable() => {
            batch.iter().map(|_| Err(StoreError::Unavailable(e.to_string()))).collect()
        }
        // The statement failed as a whole: one move at a time, so that only the one at fault
        // is refused.
        Err(e) => {
            counted.failed.fetch_add(1, Ordering::Relaxed);
            tracing::info!("a statement of {} moves failed ({e}); writing them one by one", batch.len());
            let mut answers = Vec::with_capacity(batch.len());
            for job in batch {
                answers.push(write_alone(lane, changes, &job.what).await);
            }
            answers
        }
    }
}

/// One move in a statement of its own (the statement of several, for one): a record already
/// there is another writer's move at the same number, so a conflict.
async fn write_alone(lane: &Arc<Lane>, changes: &Changes, what: &Move) -> Result<(), StoreError> {
    match write_moves(lane, &[what]).await {
        Ok(moved) => answer(lane, changes, what, &moved),
        Err(StoreError::Db(e)) if is_unique_violation(&e) => {
            Err(StoreError::Conflict { expected: what.expected_seq })
        }
        Err(e) => Err(e),
    }
}

/// A move's answer from the games its statement moved: written (and told to the other
/// servers), or refused because its game row was not at the expected number (or was paused).
fn answer(lane: &Arc<Lane>, changes: &Changes, what: &Move, moved: &[String]) -> Result<(), StoreError> {
    if !moved.contains(&what.game_id) {
        return Err(StoreError::Conflict { expected: what.expected_seq });
    }
    if let Some(last) = what.records.last() {
        changes.announce(lane, &what.game_id, last.seq);
    }
    Ok(())
}

/// Send [`batch_sql`] for `moves` (in autocommit: Postgres runs its data-modifying CTEs all or
/// nothing); the ids of the games that moved.
async fn write_moves(lane: &Arc<Lane>, moves: &[&Move]) -> Result<Vec<String>, StoreError> {
    let sql = shaped_sql(moves);
    lane::on_lane!(lane, |conn| {
        bind_batch(sqlx::query(sqlx::AssertSqlSafe(&*sql)), moves)
            .fetch_all(conn)
            .await
            .and_then(|rows| rows.iter().map(|r| r.try_get::<String, _>("id")).collect())
    })
}

/// The statement's text depends only on how many moves, records and mails it carries: each
/// shape's text is made once (a busy server meets a few dozen shapes) and shared.
fn shaped_sql(moves: &[&Move]) -> Arc<str> {
    type Shapes = std::sync::Mutex<std::collections::HashMap<(usize, usize, usize), Arc<str>>>;
    static SHAPES: std::sync::LazyLock<Shapes> = std::sync::LazyLock::new(Default::default);
    let shape = (
        moves.len(),
        moves.iter().map(|m| m.records.len()).sum(),
        moves.iter().map(|m| m.outbox.len()).sum(),
    );
    let mut shapes = SHAPES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(sql) = shapes.get(&shape) {
        return sql.clone();
    }
    // Bounded: an odd shape (a move with many mails) should not keep its text for ever.
    if shapes.len() >= 512 {
        shapes.clear();
    }
    let sql: Arc<str> = batch_sql(moves).into();
    shapes.insert(shape, sql.clone());
    sql
}

/// `count` placeholders from `$next` on, as one row of a VALUES list.
fn row(next: &mut usize, count: usize) -> String {
    let cells: Vec<String> = (0..count)
        .map(|_| {
            *next += 1;
            format!("${next}")
        })
        .collect();
    format!("({})", cells.join(", "))
}

/// The statement of several moves: each game row moved under its own condition (as
/// `MOVE_GAME_ROW`), their lines of "My games" given the standing the moved rows say, and the
/// records and mails of the games that moved. Its parameters, in [`bind_batch`]'s order: eight
/// per move, then five per record, then one per mail column and the
/// move's game.
fn batch_sql(moves: &[&Move]) -> String {
    let mut next = 0;
    let heads: Vec<String> = moves.iter().map(|_| row(&mut next, 8)).collect();
    let records: Vec<String> =
        moves.iter().flat_map(|m| m.records.iter()).map(|_| row(&mut next, 5)).collect();
    let mails: Vec<String> =
        moves.iter().flat_map(|m| m.outbox.iter()).map(|_| row(&mut next, OUTBOX_PARAMS + 1)).collect();
    let mut sql = format!(
        "WITH input (game_id, last_seq, finished_at, expected_seq, now, to_act, moved_at, waits_from) AS (VALUES {}),
         moved AS (
           UPDATE games g SET last_seq = i.last_seq, finished_at = COALESCE(g.finished_at, i.finished_at), to_act = COALESCE(i.to_act, g.to_act),
             moved_at = COALESCE(i.moved_at, g.moved_at),
             due_at = CAST(i.waits_from AS BIGINT) + (SELECT c.turn_ms FROM game_clock c WHERE c.game_id = i.game_id)
           FROM input i
           WHERE g.id = i.game_id AND g.last_seq = i.expected_seq
             AND NOT EXISTS (SELECT 1 FROM game_clock c WHERE c.game_id = i.game_id AND c.paused_until > i.now)
           RETURNING g.id, g.finished_at, g.to_act),
         lines AS (
           UPDATE game_lines l SET standing = {standing}
           FROM moved m WHERE l.game_id = m.id AND l.standing <> {standing}),
         records AS (
           INSERT INTO events (game_id, seq, body, prev_hash, hash)
           SELECT r.game_id, r.seq, r.body, r.prev_hash, r.hash
           FROM (VALUES {}) AS r (game_id, seq, body, prev_hash, hash) JOIN moved ON moved.id = r.game_id)",
        heads.join(", "),
        records.join(", "),
        standing = "CASE WHEN m.finished_at IS NOT NULL THEN 2 WHEN m.to_act LIKE '%,' || CAST(l.seat AS TEXT) || ',%' THEN 0 ELSE 1 END",
    );
    if !mails.is_empty() {
        sql.push_str(&format!(
            ", mails AS (
               INSERT INTO outbox ({OUTBOX_COLUMNS})
               SELECT {}
               FROM (VALUES {}) AS o ({OUTBOX_COLUMNS}, address, of_move)
               JOIN moved ON moved.id = o.of_move
               WHERE NOT EXISTS (SELECT 1 FROM mail_blocklist WHERE email = o.address)
                 AND {}
               ON CONFLICT (game_id, seq, recipient, kind) DO NOTHING)",
            OUTBOX_COLUMNS.split(", ").map(|c| format!("o.{c}")).collect::<Vec<_>>().join(", "),
            mails.join(", "),
            super::still_the_games_address("o.game_id", "o.recipient")
        ));
    }
    sql.push_str(" SELECT id FROM moved");
    sql
}

/// [`batch_sql`]'s parameters.
fn bind_batch<'q>(mut q: super::AnyQuery<'q>, moves: &[&'q Move]) -> super::AnyQuery<'q> {
    for m in moves {
        let last = m.records.last().map_or(m.expected_seq, |r| r.seq);
        q = q
            .bind(&m.game_id)
            .bind(last as i64)
            .bind(m.finished_at)
            .bind(m.expected_seq as i64)
            // No pause ends before the beginning of time: without a time, nothing is paused.
            .bind(m.unless_paused_at.unwrap_or(i64::MAX))
            .bind(m.to_act.as_deref().map(super::seats_text))
            .bind(m.moved_at)
            .bind(m.waits_from);
    }
    for m in moves {
        for r in &m.records {
            q = q.bind(&m.game_id).bind(r.seq as i64).bind(&r.body).bind(&r.prev_hash).bind(&r.hash);
        }
    }
    for m in moves {
        for mail in &m.outbox {
            q = super::bind_outbox(q, mail).bind(&m.game_id);
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_move(game: &str, records: usize) -> Move {
        Move {
            game_id: game.into(),
            expected_seq: 1,
            records: (0..records)
                .map(|i| Chained {
                    seq: 2 + i as u64,
                    body: "{}".into(),
                    prev_hash: String::new(),
                    hash: String::new(),
                    redacted: false,
                })
                .collect(),
            outbox: Vec::new(),
            finished_at: None,
            unless_paused_at: None,
            to_act: None,
            moved_at: None,
            waits_from: None,
        }
    }

    #[test]
    fn a_batch_numbers_its_parameters_in_the_order_they_are_bound() {
        let (a, b) = (a_move("a", 2), a_move("b", 1));
        let sql = batch_sql(&[&a, &b]);
        // Two heads of eight, then three records of five: $1 to $31, each once.
        for p in 1..=31 {
            assert_eq!(
                sql.matches(&format!("${p},")).count() + sql.matches(&format!("${p})")).count(),
                1,
                "${p}"
            );
        }
        assert!(!sql.contains("$32"));
        assert!(!sql.contains("mails AS"), "no mails, no INSERT INTO outbox");
    }

    #[test]
    fn moves_of_one_shape_share_one_text_and_another_shape_has_its_own() {
        let (a, b, c) = (a_move("a", 2), a_move("b", 1), a_move("c", 1));
        let first = shaped_sql(&[&a, &b]);
        // Other games, the same counts: two moves, three records, no mail.
        let (d, e) = (a_move("d", 1), a_move("e", 2));
        assert!(Arc::ptr_eq(&first, &shaped_sql(&[&d, &e])));
        assert_eq!(&*first, batch_sql(&[&d, &e]));
        let other = shaped_sql(&[&b, &c]);
        assert_eq!(&*other, batch_sql(&[&b, &c]), "two moves of one record each");
        assert_ne!(&*first, &*other);
    }
}
