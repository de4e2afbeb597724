//! Appending to a game's log: the only code that writes records (docs/architecture.md, rule 3).
//!
//! A store opened for the game log ([`Store::open`]) hands out one [`Appender`], and the game
//! log (`src/play/log/`) keeps it: no other code holds one, so no other code can write a record
//! or create a game. Everything else the store offers reads, or keeps bookkeeping beside the log.

use super::{
    AnyQuery, Backend, GameClock, GameHost, GameRow, OUTBOX_PARAMS, OutboxRow, SeatRow, Store, StoreError,
    WriteTx, bind_outbox, insert_outbox, is_unique_violation, mail, outbox_insert_sql, safety, seats_text,
};
use crate::ids::GameId;
use crate::record::Chained;
use sqlx::Row;

/// The right to append to the log: see the module's documentation.
pub struct Appender {
    pub(super) store: Store,
}

impl Appender {
    /// Create a game with its seats, its first record and its first mails, all or nothing.
    pub async fn create_game(&self, new: &NewGameRows<'_>) -> Result<(), StoreError> {
        let NewGameRows { game, seats, first, outbox, clock, host, to_act, rematch_of } = *new;
        let finished = game.finished_at.is_some();
        // Waiting from its creation on whoever it asks first (nobody is away yet).
        let due_at = clock.turn_ms.filter(|_| !finished && !to_act.is_empty()).map(|t| game.created_at + t);
        let mut tx = self.store.begin_write().await?;
        sqlx::query(
            "INSERT INTO games (id, ruleset, title, options, seat_count, seed, commitment, host_salt, lang, created_at, last_seq, finished_at, to_act, moved_at, due_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
        )
        .bind(game.id.as_str())
        .bind(&game.ruleset)
        .bind(&game.title)
        .bind(&game.options)
        .bind(game.seat_count)
        .bind(&game.seed)
        .bind(&game.commitment)
        .bind(&game.host_salt)
        .bind(game.lang.code())
        .bind(game.created_at)
        .bind(first.seq as i64)
        .bind(game.finished_at)
        .bind(seats_text(to_act))
        .bind(game.created_at)
        .bind(due_at)
        .execute(&mut *tx)
        .await?;
        for s in seats {
            sqlx::query("INSERT INTO seats (game_id, seat, name, email, token_salt, token_hash) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(s.game_id.as_str())
                .bind(s.seat)
                .bind(&s.name)
                .bind(&s.email)
                .bind(&s.token_salt)
                .bind(&s.token_hash)
                .execute(&mut *tx)
                .await?;
            let standing = if finished {
                STANDING_ENDED
            } else if to_act.iter().any(|a| i64::from(*a) == s.seat) {
                STANDING_WAITS
            } else {
                STANDING_GOES
            };
            insert_line(&mut tx, &game.id, s.seat, &s.email, standing, &game.title).await?;
        }
        if let Some(h) = host {
            let standing = if finished { STANDING_ENDED } else { STANDING_GOES };
            insert_line(&mut tx, &game.id, HOST_LINE, &h.email, standing, &game.title).await?;
        }
        insert_record(&mut tx, &game.id, first).await?;
        mail::insert_game_clock(&mut tx, clock).await?;
        if let Some(h) = host {
            safety::insert_game_host(&mut tx, h).await?;
        }
        if let Some(old) = rematch_of {
            // The key refuses a second rematch of one game, and then nothing of this one is kept.
            sqlx::query("INSERT INTO rematches (game_id, rematch_id, created_at) VALUES ($1, $2, $3)")
                .bind(old.as_str())
                .bind(game.id.as_str())
                .bind(game.created_at)
                .execute(&mut *tx)
                .await
                .map_err(|e| {
                    if is_unique_violation(&e) { StoreError::Conflict { expected: 0 } } else { e.into() }
                })?;
        }
        for m in outbox {
            insert_outbox(&mut tx, m).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Append records after the expected sequence number, with the mails they cause, in one
    /// transaction. If the game is no longer at that number, nothing is written and the answer
    /// is [`StoreError::Conflict`].
    ///
    /// Without a seat to give, the hot path of a move: one statement on Postgres (with the
    /// moves of other games waiting at the same time, see [`super::batch`]), one call on SQLite
    /// (`append_in_one_call`); with one, a transaction of its own.
    pub async fn append(&self, at: &Append<'_>) -> Result<(), StoreError> {
        let Append {
            game_id,
            expected_seq,
            records,
            outbox,
            finished_at,
            reseat,
            unless_paused_at,
            to_act,
            moved_at,
            waits_from,
        } = *at;
        let store = &self.store;
        let Some(last) = records.last() else { return Ok(()) };
        if reseat.is_none() {
            return match store.backend {
                Backend::Postgres => {
                    let what = super::batch::Move {
                        game_id: game_id.to_owned(),
                        expected_seq,
                        records: records.to_vec(),
                        outbox: outbox.to_vec(),
                        finished_at,
                        unless_paused_at,
                        to_act: to_act.map(<[u8]>::to_vec),
                        moved_at,
                        waits_from,
                    };
                    store.batcher.write(&store.lane, &store.changes, what).await
                }
                Backend::Sqlite => self.append_in_one_call(at).await,
            };
        }
        let mut tx = store.begin_write().await?;
        let moved = at.bind_head(sqlx::query(MOVE_GAME_ROW)).execute(&mut *tx).await?;
        if moved.rows_affected() != 1 {
            tx.rollback().await?;
            return Err(StoreError::Conflict { expected: expected_seq });
        }
        sqlx::query(LINES_OF_GAME_AT_1).bind(game_id).execute(&mut *tx).await?;
        for r in records {
            if let Err(e) = insert_record(&mut tx, game_id, r).await {
                tx.rollback().await?;
                return Err(if is_unique_violation(&e) {
                    StoreError::Conflict { expected: expected_seq }
                } else {
                    e.into()
                });
            }
        }
        if let Some(s) = reseat {
            sqlx::query("UPDATE seats SET name = $1, email = $2, token_salt = $3, token_hash = $4, time_zone = NULL, calendar_salt = '' WHERE game_id = $5 AND seat = $6")
                .bind(&s.name)
                .bind(&s.email)
                .bind(&s.token_salt)
                .bind(&s.token_hash)
                .bind(s.game_id.as_str())
                .bind(s.seat)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM account_seats WHERE game_id = $1 AND seat = $2")
                .bind(s.game_id.as_str())
                .bind(s.seat)
                .execute(&mut *tx)
                .await?;
            // The former player's webhooks go with their link: they would tell them the new
            // player's turns (migrations/0021_webhooks.sql).
            sqlx::query("DELETE FROM webhooks WHERE game_id = $1 AND seat = $2")
                .bind(s.game_id.as_str())
                .bind(s.seat)
                .execute(&mut *tx)
                .await?;
            // Its line in "My games" goes with it: to the new address, attached to nobody.
            sqlx::query(
                "UPDATE game_lines SET address = $1, account_id = NULL WHERE game_id = $2 AND seat = $3",
            )
            .bind(super::normalize_address(&s.email))
            .bind(s.game_id.as_str())
            .bind(s.seat)
            .execute(&mut *tx)
            .await?;
        }
        for m in outbox {
            insert_outbox(&mut tx, m).await?;
        }
        tx.commit().await?;
        store.changes.announce(&store.lane, game_id, last.seq);
        Ok(())
    }

    /// SQLite: the whole append as one call to the connection's thread (each statement
    /// otherwise waits for that thread and back, which on a loaded machine costs more than the
    /// commit). The transaction is in the text: the conditional UPDATE, then the records and
    /// mails, each written only if the game row now stands at the new sequence number; the game
    /// row not at that number before COMMIT means the condition failed: a conflict. Another process can have written that
    /// number only by writing the record after `expected_seq`, so the first INSERT then fails
    /// on the events key and the whole is rolled back.
    async fn append_in_one_call(&self, at: &Append<'_>) -> Result<(), StoreError> {
        let Some(last) = at.records.last() else { return Ok(()) };
        let guard = "AND EXISTS (SELECT 1 FROM games WHERE id = $3 AND last_seq = $1)";
        let mut sql = format!("BEGIN IMMEDIATE; {MOVE_GAME_ROW}; {LINES_OF_GAME_AT_3};");
        let mut n = 8;
        for _ in at.records {
            sql.push_str(&format!(
                " INSERT INTO events (game_id, seq, body, prev_hash, hash) SELECT $3, ${}, ${}, ${}, ${} WHERE 1 = 1 {guard};",
                n + 1,
                n + 2,
                n + 3,
                n + 4
            ));
            n += 4;
        }
        for _ in at.outbox {
            sql.push_str(&format!(" {};", outbox_insert_sql(n, guard)));
            n += OUTBOX_PARAMS;
        }
        // Whether the UPDATE matched, asked before COMMIT while the write lock is held (SQLite's
        // count of changes is the last statement's, so not to be summed over the text).
        sql.push_str(
            " SELECT CASE WHEN last_seq = $1 THEN 1 ELSE 0 END AS moved FROM games WHERE id = $3; COMMIT;",
        );
        let store = &self.store;
        let _turn = store.writer_turn().await;
        let answer: Result<i64, StoreError> = super::lane::on_lane!(store.lane, |conn| {
            // All rows, so that every statement of the text runs, COMMIT included.
            let q = at.bind_all(sqlx::query(sqlx::AssertSqlSafe(sql.as_str())));
            let answer = q.fetch_all(&mut *conn).await.and_then(|rows| match rows.first() {
                Some(row) => row.try_get::<i64, _>("moved"),
                None => Ok(0),
            });
            if answer.is_err() {
                // Stopped halfway: end the transaction the text began (the lane then closes
                // the connection, whatever state it is in).
                let _ = sqlx::raw_sql("ROLLBACK").execute(&mut *conn).await;
            }
            answer
        });
        match answer {
            Ok(0) => Err(StoreError::Conflict { expected: at.expected_seq }),
            Ok(_) => {
                store.changes.announce(&store.lane, at.game_id, last.seq);
                Ok(())
            }
            Err(StoreError::Db(e)) if is_unique_violation(&e) => {
                Err(StoreError::Conflict { expected: at.expected_seq })
            }
            Err(e) => Err(e),
        }
    }
}

async fn insert_record(tx: &mut WriteTx, game_id: &str, r: &Chained) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO events (game_id, seq, body, prev_hash, hash) VALUES ($1, $2, $3, $4, $5)")
        .bind(game_id)
        .bind(r.seq as i64)
        .bind(&r.body)
        .bind(&r.prev_hash)
        .bind(&r.hash)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// What one append writes: records after `expected_seq`, the mails they cause, and what the
/// game row and the seats take from them.
#[derive(Debug, Clone, Copy)]
pub struct Append<'a> {
    pub game_id: &'a str,
    /// The sequence number the records were decided at: if the game no longer stands there,
    /// nothing is written ([`StoreError::Conflict`]).
    pub expected_seq: u64,
    pub records: &'a [Chained],
    pub outbox: &'a [OutboxRow],
    /// When the game ended, if these records end it.
    pub finished_at: Option<i64>,
    /// A seat given to a new player with these records: its new name, address and link (the old
    /// link stops working), and no account attached to it any more.
    pub reseat: Option<&'a SeatRow>,
    /// A seat's move: nothing is written while the game's clock is paused at this time either
    /// (answered as a conflict; the caller tells the two apart).
    pub unless_paused_at: Option<i64>,
    /// Who the game waits on now, kept in its row for "My games" (`None`: as it was).
    pub to_act: Option<&'a [u8]>,
    /// The time of the newest record, kept in the game's row for "My games" (`None`: as it was).
    pub moved_at: Option<i64>,
    /// When the wait of the seats now asked began (the newest record, or the end of an absence
    /// of one of them, whichever is later): the game's deadline is this and its turn's time.
    /// `None`: nobody is asked (or the game has ended), so no deadline.
    pub waits_from: Option<i64>,
}

/// A new game's rows: all written or none.
#[derive(Debug, Clone, Copy)]
pub struct NewGameRows<'a> {
    pub game: &'a GameRow,
    pub seats: &'a [SeatRow],
    pub first: &'a Chained,
    pub outbox: &'a [OutboxRow],
    pub clock: &'a GameClock,
    pub host: Option<&'a GameHost>,
    pub to_act: &'a [u8],
    /// The ended game this one is the rematch of.
    pub rematch_of: Option<&'a GameId>,
}

/// The game row's move to the new sequence number, if it still stands at the one the move was
/// decided at and is not paused: $1 the new number, $2 the end time (if it ended), $3 the game,
/// $4 the expected number, $5 now (for the pause), $6 the seats waited on, $7 the newest
/// record's time, $8 when the wait began (the deadline is that and the clock's turn)
/// ([`Append::bind_head`]).
const MOVE_GAME_ROW: &str = "UPDATE games SET last_seq = $1, finished_at = COALESCE(finished_at, $2), to_act = COALESCE($6, to_act),
     moved_at = COALESCE($7, moved_at), due_at = CAST($8 AS BIGINT) + (SELECT c.turn_ms FROM game_clock c WHERE c.game_id = $3)
     WHERE id = $3 AND last_seq = $4
     AND NOT EXISTS (SELECT 1 FROM game_clock c WHERE c.game_id = $3 AND c.paused_until > $5)";

/// The standing of a line of "My games" (`game_lines.standing`): the game waits on the seat,
/// goes on, or has ended. The page lists them in this order.
pub(super) const STANDING_WAITS: i64 = 0;
pub(super) const STANDING_GOES: i64 = 1;
pub(super) const STANDING_ENDED: i64 = 2;
/// The seat number of a host's line.
pub(super) const HOST_LINE: i64 = -1;

/// A line's standing as its game's row `g` says it (the host's line, seat -1, is never waited
/// on: `to_act` names seats only).
macro_rules! standing {
    () => {
        "CASE WHEN g.finished_at IS NOT NULL THEN 2 WHEN g.to_act LIKE '%,' || CAST(game_lines.seat AS TEXT) || ',%' THEN 0 ELSE 1 END"
    };
}

/// The lines of the game (`$n`) take the standing its row now says; only those that change are
/// written. Derived from the row alone, so whenever it runs after the row is written it is right.
macro_rules! lines_of_game {
    ($game:literal) => {
        concat!(
            "UPDATE game_lines SET standing = (SELECT ",
            standing!(),
            " FROM games g WHERE g.id = game_lines.game_id) WHERE game_id = ",
            $game,
            " AND standing <> (SELECT ",
            standing!(),
            " FROM games g WHERE g.id = game_lines.game_id)"
        )
    };
}
const LINES_OF_GAME_AT_1: &str = lines_of_game!("$1");
/// As [`LINES_OF_GAME_AT_1`], the game being [`MOVE_GAME_ROW`]'s $3 (SQLite's one-call append).
const LINES_OF_GAME_AT_3: &str = lines_of_game!("$3");

/// A new line of "My games", inside the caller's transaction.
async fn insert_line(
    tx: &mut WriteTx,
    game_id: &str,
    seat: i64,
    email: &str,
    standing: i64,
    title: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO game_lines (game_id, seat, address, account_id, standing, title) VALUES ($1, $2, $3, NULL, $4, $5)",
    )
    .bind(game_id)
    .bind(seat)
    .bind(super::normalize_address(email))
    .bind(standing)
    .bind(title)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl<'a> Append<'a> {
    /// $1–$8 of [`MOVE_GAME_ROW`].
    fn bind_head(&self, q: AnyQuery<'a>) -> AnyQuery<'a> {
        let last = self.records.last().map_or(self.expected_seq, |r| r.seq);
        q.bind(last as i64)
            .bind(self.finished_at)
            .bind(self.game_id)
            .bind(self.expected_seq as i64)
            // No pause ends before the beginning of time: without a time, nothing counts as paused.
            .bind(self.unless_paused_at.unwrap_or(i64::MAX))
            .bind(self.to_act.map(seats_text))
            .bind(self.moved_at)
            .bind(self.waits_from)
    }

    /// $1–$8, then four for each record and [`OUTBOX_PARAMS`] for each mail, in order: the
    /// parameters of SQLite's one-call append.
    fn bind_all(&self, q: AnyQuery<'a>) -> AnyQuery<'a> {
        let mut q = self.bind_head(q);
        for r in self.records {
            q = q.bind(r.seq as i64).bind(&r.body).bind(&r.prev_hash).bind(&r.hash);
        }
        for m in self.outbox {
            q = bind_outbox(q, m);
        }
        q
    }
}
