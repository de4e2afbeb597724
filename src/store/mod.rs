//! The store: games, seats, the event log and the mail outbox, in SQLite (the zero-setup
//! default) or Postgres (production), through one set of portable queries.
//!
//! All SQL of feldpost lives here. Writes that belong together are one transaction; the log is
//! appended only with the expected sequence number, so of two writers exactly one lands.

mod accounts;
mod allowance;
mod append;
mod backup;
mod batch;
mod bounces;
mod calendars;
mod chat;
mod gauges;
mod inbound;
mod kinds;
mod lane;
mod limits;
mod mail;
mod migrate;
pub mod notify;
mod people;
mod probe;
mod rematches;
mod retention;
mod safety;
mod webhooks;

use crate::i18n::Lang;
use crate::ids::GameId;
use crate::record::Chained;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use std::sync::Arc;
use std::time::Duration;

pub use accounts::{AccountRow, AccountTokenRow, Attach, AttachedSeat, MyGameRow, SessionRow};
pub use append::{Append, Appender, NewGameRows};
pub use batch::MoveStatements;
pub use bounces::{Bounce, BounceRecorded, Failing};
pub use calendars::AccountCalendar;
pub use chat::ChatRow;
pub use kinds::{ChatCleared, DeadlinePolicy, MailKind, MailPref, MailStatus, UnknownValue, WebhookFormat};
pub use mail::{Claimed, ClaimedMail, GameClock, SeatMail, StoredPicture};
pub use migrate::MIGRATIONS;
pub use people::{AddressLink, Forgotten, HeldAbout, HeldWebhook};
pub use safety::GameHost;
pub use webhooks::{AccountPush, Pending, WebhookRow};

macro_rules! outbox_select {
    () => {
        "SELECT id, game_id, seq, recipient, kind, subject, body_text, created_at, status, attempts, next_attempt_at, sent_at, transport, last_error, seat, body_html, unsubscribe_url, chain_head, thread, reply_to FROM outbox"
    };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Someone else appended first: the game moved on.
    #[error("the game moved on (expected sequence number {expected}, it is now further)")]
    Conflict { expected: u64 },
    #[error("the database is not available: {0}")]
    Unavailable(String),
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("unsupported DATABASE_URL (use sqlite:… or postgres://…): {0}")]
    BadUrl(String),
}

impl StoreError {
    fn from_connect(e: sqlx::Error) -> Self {
        StoreError::Unavailable(e.to_string())
    }

    /// Whether the database is away, cut off or too busy to answer now (the request may be
    /// tried again later; nothing of it was written), as opposed to a bug.
    pub fn is_unavailable(&self) -> bool {
        match self {
            StoreError::Unavailable(_) => true,
            StoreError::Db(e) => unavailable(e),
            _ => false,
        }
    }
}

/// The database errors that mean "not now" rather than "wrong", on both backends:
/// the pool or the connection is gone; Postgres terminated the backend or
/// will not take one now (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now,
/// 57P04 database dropped), lost the connection (08…), is out of connections or resources
/// (53…, 53300 too many connections), timed the statement out (57014) or gave up waiting for a
/// lock (55P03), found a deadlock or a serialization failure (40…), misses a table (42P01:
/// renamed or dropped under a running server), or refuses a new connection because the
/// database the URL names is not there (3D000: renamed or dropped) or the password or role is
/// refused (28P01, 28000: changed under a running server), or takes no writes (25006: a standby
/// or a read-only transaction); SQLite is busy or locked (its busy timeout ran out), cannot
/// read or open its file, takes no writes (read-only) or has no room (a full disk), or misses
/// a table.
pub(crate) fn unavailable(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::WorkerCrashed
        | sqlx::Error::BeginFailed => true,
        sqlx::Error::Database(d) => {
            let code = d.code().map(|c| c.into_owned()).unwrap_or_default();
            let message = d.message();
            if d.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
                // SQLite's extended result codes: the primary code is the low byte.
                let primary = code.parse::<u32>().unwrap_or(0) & 0xff;
                matches!(primary, 5 | 6 | 8 | 10 | 13 | 14) || message.starts_with("no such table")
            } else {
                code.starts_with("08")
                    || code.starts_with("53")
                    || code.starts_with("57P")
                    || code.starts_with("40")
                    || matches!(
                        code.as_str(),
                        "57014" | "55P03" | "42P01" | "3D000" | "28000" | "28P01" | "25006"
                    )
            }
        }
        _ => false,
    }
}

/// A game's stored facts (the log holds the rest).
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: GameId,
    pub ruleset: String,
    pub title: String,
    pub options: String,
    pub seat_count: i64,
    pub seed: String,
    pub commitment: String,
    pub host_salt: String,
    pub lang: Lang,
    pub created_at: i64,
    pub last_seq: i64,
    pub finished_at: Option<i64>,
}

/// What a load asks first of a game: how far its log goes, and what may change without a
/// record of this server's (read with the head on every load, never trusted from a cache).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameHead {
    pub seq: u64,
    pub live: GameLive,
}

/// What a game's head carries beside its sequence number: whether it has table talk (another
/// server may have written the first line), and its turn clock (the deadline its turn mails
/// state: read here so that a mailed move asks no statement of its own for it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameLive {
    pub talk: bool,
    /// The game's time for a turn, if it has a deadline.
    pub turn_ms: Option<i64>,
    /// Until when the game is paused, if it was.
    pub paused_until: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SeatRow {
    pub game_id: GameId,
    pub seat: i64,
    pub name: String,
    pub email: String,
    pub token_salt: String,
    pub token_hash: String,
    /// The time zone the seat set for itself (an IANA name; `None`: none).
    pub time_zone: Option<String>,
    /// The time zone of the account the seat is attached to, if it set one.
    pub account_time_zone: Option<String>,
    /// The salt of the seat's calendar link ('' until it is first renewed).
    pub calendar_salt: String,
}

impl SeatRow {
    /// The zone the seat's deadlines are stated in: its own, else its account's; `None`: UTC.
    pub fn zone(&self) -> Option<crate::input::TimeZoneName> {
        self.time_zone
            .iter()
            .chain(&self.account_time_zone)
            .find_map(|z| crate::input::TimeZoneName::from_stored(z))
    }
}

/// The columns a [`SeatRow`] is read from, of `seats s` (sqlx takes only static query text).
macro_rules! seat_columns {
    () => {
        "s.game_id, s.seat, s.name, s.email, s.token_salt, s.token_hash, s.time_zone, s.calendar_salt,
         (SELECT a.time_zone FROM account_seats x JOIN accounts a ON a.id = x.account_id
          WHERE x.game_id = s.game_id AND x.seat = s.seat) AS account_time_zone"
    };
}
pub(crate) use seat_columns;

/// A message waiting in (or sent from) the outbox.
#[derive(Debug, Clone, PartialEq)]
pub struct OutboxRow {
    pub id: String,
    pub game_id: String,
    pub seq: i64,
    pub recipient: String,
    pub kind: MailKind,
    pub subject: String,
    pub body_text: String,
    pub created_at: i64,
    pub status: MailStatus,
    pub attempts: i64,
    pub next_attempt_at: i64,
    pub sent_at: Option<i64>,
    pub transport: Option<String>,
    pub last_error: Option<String>,
    /// The seat it is for (None: not a seat's mail).
    pub seat: Option<i64>,
    /// The HTML alternative of `body_text`.
    pub body_html: Option<String>,
    /// The seat's mail-preferences page (List-Unsubscribe).
    pub unsubscribe_url: Option<String>,
    /// The game's chain head when the mail was written, "<seq> <hash>" (its receipt).
    pub chain_head: Option<String>,
    /// The Message-ID local part of the thread's root (the seat's invitation); `None`: a mail
    /// of no thread (account mail).
    pub thread: Option<String>,
    /// A turn mail's signed reply tag: replies go to the sender's address with it as
    /// the subaddress (`feldpost+TAG@…`). `None`: no Reply-To.
    pub reply_to: Option<String>,
}

impl OutboxRow {
    /// A new message waiting to be sent now (`game_id` empty: a message of no game).
    pub fn pending(
        game_id: &str,
        seq: i64,
        recipient: &str,
        kind: MailKind,
        subject: String,
        body_text: String,
        now: i64,
    ) -> OutboxRow {
        OutboxRow {
            id: crate::secret::random_id(),
            game_id: game_id.to_owned(),
            seq,
            recipient: recipient.to_owned(),
            kind,
            subject,
            body_text,
            created_at: now,
            status: MailStatus::Pending,
            attempts: 0,
            next_attempt_at: now,
            sent_at: None,
            transport: None,
            last_error: None,
            seat: None,
            body_html: None,
            unsubscribe_url: None,
            chain_head: None,
            thread: None,
            reply_to: None,
        }
    }
}

/// How long a statement may run and how long it may wait for a lock before the database gives
/// up (and the request is answered 503 at once instead of hanging). Postgres takes both per
/// connection (`statement_timeout`, `lock_timeout`); SQLite has no statement timeout, and waits
/// for the write lock as long as `lock_ms` (`busy_timeout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    pub statement_ms: u64,
    pub lock_ms: u64,
}

impl Timeouts {
    /// FELDPOST_DB_STATEMENT_TIMEOUT_MS
    pub const DEFAULT_STATEMENT_MS: u64 = 10_000;
    /// FELDPOST_DB_LOCK_TIMEOUT_MS
    pub const DEFAULT_LOCK_MS: u64 = 2_000;
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts { statement_ms: Self::DEFAULT_STATEMENT_MS, lock_ms: Self::DEFAULT_LOCK_MS }
    }
}

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// SQLite has one writer at a time: this process's writers take turns here instead of
    /// polling the file lock (its busy handler sleeps 1 to 100 ms between tries, which is most of
    /// a move's time under load). Other processes on the same file still wait by busy_timeout.
    writer_turn: Option<Arc<tokio::sync::Mutex<()>>>,
    /// Committed records announced to open pages (see [`notify`]).
    changes: notify::Changes,
    /// The hot path's connections, not pinged around each statement (see [`lane`]).
    lane: Arc<lane::Lane>,
    /// Postgres: moves of several games gathered into one statement (see [`batch`]).
    batcher: Arc<batch::Batcher>,
}

/// What every connection is set to when it opens (numbers only: nothing from outside goes
/// into these statements).
fn settings(backend: Backend, timeouts: Timeouts) -> String {
    match backend {
        // WAL lets readers go on while one writer writes; writers wait their turn, at most the
        // lock timeout.
        Backend::Sqlite => format!(
            "PRAGMA journal_mode = WAL; PRAGMA busy_timeout = {}; PRAGMA foreign_keys = ON;",
            timeouts.lock_ms
        ),
        Backend::Postgres => {
            format!(
                "SET statement_timeout = {}; SET lock_timeout = {};",
                timeouts.statement_ms, timeouts.lock_ms
            )
        }
    }
}

impl Store {
    /// Connect to `url` (`sqlite:path`, `sqlite::memory:` is not supported: use a file;
    /// `postgres://…`). Creates the SQLite file and its folder when missing.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        Store::connect_with(url, Timeouts::default()).await
    }

    /// The store of a game log: connected as [`Store::connect_with`], with the one
    /// [`Appender`] that may write records (the game log keeps it; see `append.rs`).
    pub async fn open(url: &str, timeouts: Timeouts) -> Result<(Store, Appender), StoreError> {
        let store = Store::connect_with(url, timeouts).await?;
        Ok((store.clone(), Appender { store }))
    }

    /// [`Store::connect`] with the statement and lock timeouts given. A store connected so
    /// reads and keeps bookkeeping; it cannot append to a log ([`Store::open`] can).
    pub async fn connect_with(url: &str, timeouts: Timeouts) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (backend, url) = if let Some(path) =
            url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))
        {
            let (path, query) = path.split_once('?').unwrap_or((path, ""));
            if path.is_empty() || path.starts_with(":memory:") {
                return Err(StoreError::BadUrl(
                    "an in-memory SQLite database cannot be shared by the pool; use a file".into(),
                ));
            }
            if let Some(dir) = std::path::Path::new(path).parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .map_err(|e| StoreError::Unavailable(format!("cannot create {}: {e}", dir.display())))?;
            }
            let query = if query.is_empty() { "mode=rwc".to_owned() } else { query.to_owned() };
            (Backend::Sqlite, format!("sqlite://{path}?{query}"))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_owned())
        } else {
            return Err(StoreError::BadUrl(url.to_owned()));
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 4 } else { 10 })
            .acquire_timeout(Duration::from_secs(5))
            // A Postgres connection is pinged before it is handed out: after a failover or a
            // terminated backend the next request gets a live connection instead of a dead one
            // (measured without it, moves were no faster). A SQLite connection is a file handle
            // nothing can cut off, and its ping is one more trip to its thread: none.
            .test_before_acquire(backend == Backend::Postgres)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    sqlx::raw_sql(sqlx::AssertSqlSafe(settings(backend, timeouts)))
                        .execute(&mut *conn)
                        .await?;
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .map_err(StoreError::from_connect)?;
        let changes = notify::Changes::new((backend == Backend::Postgres).then(|| url.clone()));
        let writer_turn = (backend == Backend::Sqlite).then(|| Arc::new(tokio::sync::Mutex::new(())));
        let lane = Arc::new(lane::Lane::new(
            &url,
            settings(backend, timeouts),
            if backend == Backend::Sqlite { 4 } else { 8 },
        ));
        Ok(Store { pool, backend, writer_turn, changes, lane, batcher: Default::default() })
    }

    /// Tell the live pages of `game_id` (of every server on the database) that its table talk
    /// changed.
    pub fn announce_talk(&self, game_id: &str) {
        self.changes.announce_talk(&self.lane, game_id);
    }

    /// The games' changes from now on (live pages).
    pub fn changes(&self) -> tokio::sync::broadcast::Receiver<notify::Change> {
        self.changes.subscribe()
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Apply every migration not yet applied.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        migrate::run(&self.pool, self.backend).await
    }

    /// The newest migration the database has, and the newest this build knows: readiness
    /// wants the first no older than the second. One indexed read: cheap enough for a probe.
    pub async fn schema_versions(&self) -> Result<(i64, i64), StoreError> {
        let have: Option<i64> =
            sqlx::query_scalar("SELECT MAX(version) FROM feldpost_migrations").fetch_one(&self.pool).await?;
        let known = migrate::MIGRATIONS.iter().map(|m| m.version).max().unwrap_or(0);
        Ok((have.unwrap_or(0), known))
    }

    /// A write transaction. SQLite takes the write lock at BEGIN, so two writers queue instead
    /// of failing on a lock upgrade halfway through.
    async fn begin_write(&self) -> Result<WriteTx, StoreError> {
        let turn = match &self.writer_turn {
            Some(t) => Some(t.clone().lock_owned().await),
            None => None,
        };
        let tx = match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.pool.begin().await?,
        };
        Ok(WriteTx { tx, _turn: turn })
    }

    /// This process's writer turn, for a write outside a transaction (SQLite; none on Postgres).
    async fn writer_turn(&self) -> Option<tokio::sync::OwnedMutexGuard<()>> {
        match &self.writer_turn {
            Some(t) => Some(t.clone().lock_owned().await),
            None => None,
        }
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        if !crate::secret::plausible_id(id) {
            return Ok(None); // no game has it (and Postgres refuses a NUL in text)
        }
        // Every page and every move reads this row (is the cache current?): the hot path's
        // connections.
        let row: Option<AnyRow> = lane::on_lane!(self.lane, |conn| {
            sqlx::query(
                "SELECT id, ruleset, title, options, seat_count, seed, commitment, host_salt, lang, created_at, last_seq, finished_at FROM games WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(conn)
            .await
        })?;
        row.map(|r| game_row(&r)).transpose().map_err(Into::into)
    }

    /// The game's sequence number (is a cached copy current?) and whether it has any table
    /// talk (a move's turn mails then carry the lines since the last one), or `None` for no
    /// such game.
    pub async fn game_head(&self, id: &str) -> Result<Option<GameHead>, StoreError> {
        if !crate::secret::plausible_id(id) {
            return Ok(None);
        }
        // Every page and every move of a cached game reads this: the hot path's connections.
        // The talk is a probe of chat_lines' primary key: most games have none, and their
        // turn mails then need no query of their own.
        let row: Option<AnyRow> = lane::on_lane!(self.lane, |conn| {
            sqlx::query(
                "SELECT last_seq, CASE WHEN EXISTS (SELECT 1 FROM chat_lines c WHERE c.game_id = games.id) THEN 1 ELSE 0 END AS talk, k.turn_ms, k.paused_until FROM games LEFT JOIN game_clock k ON k.game_id = games.id WHERE games.id = $1",
            )
            .bind(id)
            .fetch_optional(conn)
            .await
        })?;
        row.map(|r| {
            Ok(GameHead {
                seq: r.try_get::<i64, _>("last_seq")? as u64,
                live: GameLive {
                    talk: int(&r, "talk")? != 0,
                    turn_ms: r.try_get("turn_ms")?,
                    paused_until: r.try_get("paused_until")?,
                },
            })
        })
        .transpose()
        .map_err(|e: sqlx::Error| e.into())
    }

    pub async fn seats(&self, game_id: &str) -> Result<Vec<SeatRow>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            seat_columns!(),
            " FROM seats s WHERE s.game_id = $1 ORDER BY s.seat"
        ))
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(seat_row).collect::<Result<_, _>>().map_err(Into::into)
    }

    pub async fn seat_by_token_hash(&self, token_hash: &str) -> Result<Option<SeatRow>, StoreError> {
        let row = sqlx::query(concat!("SELECT ", seat_columns!(), " FROM seats s WHERE s.token_hash = $1"))
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(seat_row).transpose().map_err(Into::into)
    }

    /// Ids of the games that have not ended (the clock's work is only there).
    pub async fn unfinished_games(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE finished_at IS NULL ORDER BY created_at")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get::<String, _>("id")).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// The newest time the database holds (ms since the epoch; `None` when it holds none): the
    /// latest of the games' creation and end, the mails' writing and sending, the digests, and
    /// each game's last record. The server's clock starts no earlier (`crate::clock`). Read once
    /// at start: a pass over the games and the outbox, each game's last record by its key.
    pub async fn newest_time(&self) -> Result<Option<i64>, StoreError> {
        let record_at = match self.backend {
            Backend::Sqlite => "json_extract(e.body, '$.at')",
            Backend::Postgres => "CAST(CAST(e.body AS json) ->> 'at' AS BIGINT)",
        };
        let sql = format!(
            "SELECT MAX(t) AS t FROM (
                SELECT MAX(created_at) AS t FROM games
                UNION ALL SELECT MAX(finished_at) FROM games
                UNION ALL SELECT MAX(created_at) FROM outbox
                UNION ALL SELECT MAX(sent_at) FROM outbox
                UNION ALL SELECT MAX(sent_at) FROM mail_digest_days
                UNION ALL SELECT MAX({record_at}) FROM games g JOIN events e ON e.game_id = g.id AND e.seq = g.last_seq
             ) AS times"
        );
        let row = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_one(&self.pool).await?;
        Ok(row.try_get::<Option<i64>, _>("t")?)
    }

    /// The game's records after `after_seq`, in order.
    pub async fn records(&self, game_id: &str, after_seq: u64) -> Result<Vec<Chained>, StoreError> {
        self.records_between(game_id, after_seq, i64::MAX as u64).await
    }

    /// The game's records after `after_seq` up to `through_seq` (inclusive), in order: a step of
    /// the history reads what it shows, not the whole log.
    pub async fn records_between(
        &self,
        game_id: &str,
        after_seq: u64,
        through_seq: u64,
    ) -> Result<Vec<Chained>, StoreError> {
        let clamp = |seq: u64| seq.min(i64::MAX as u64) as i64;
        let rows = sqlx::query(
            "SELECT seq, body, prev_hash, hash FROM events WHERE game_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq",
        )
        .bind(game_id)
        .bind(clamp(after_seq))
        .bind(clamp(through_seq))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(chained_row).collect::<Result<_, sqlx::Error>>().map_err(Into::into)
    }

    /// Messages due for sending at `now`, oldest first.
    pub async fn outbox_due(&self, now: i64, limit: i64) -> Result<Vec<OutboxRow>, StoreError> {
        let rows = sqlx::query(concat!(
            outbox_select!(),
            " WHERE status = $1 AND next_attempt_at <= $2 AND ",
            crate::released_mail!(),
            " ORDER BY created_at, id LIMIT $3"
        ))
        .bind(MailStatus::Pending.text())
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(outbox_row).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// The newest messages, sent or not (the dev mailbox).
    pub async fn outbox_recent(&self, limit: i64) -> Result<Vec<OutboxRow>, StoreError> {
        let rows = sqlx::query(concat!(outbox_select!(), " ORDER BY created_at DESC, id DESC LIMIT $1"))
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(outbox_row).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// Record a delivery. Only a pending row changes, so a message is marked sent once.
    pub async fn outbox_mark_sent(&self, id: &str, now: i64, transport: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE outbox SET status = $1, sent_at = $2, transport = $3, attempts = attempts + 1 WHERE id = $4 AND status = $5")
            .bind(MailStatus::Sent.text())
            .bind(now)
            .bind(transport)
            .bind(id)
            .bind(MailStatus::Pending.text())
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Record a failed attempt and when to try again.
    pub async fn outbox_mark_failed(&self, id: &str, retry_at: i64, error: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2 WHERE id = $3 AND status = $4")
            .bind(retry_at)
            .bind(error)
            .bind(id)
            .bind(MailStatus::Pending.text())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// An ended game's stored verdict: how many records were checked, and what was wrong
    /// (`None`: it checked out).
    pub async fn game_verdict(&self, game_id: &str) -> Result<Option<(i64, Option<String>)>, StoreError> {
        let row = sqlx::query("SELECT records, failure FROM game_verdicts WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok((r.try_get::<i64, _>("records")?, r.try_get::<Option<String>, _>("failure")?)))
            .transpose()
            .map_err(|e: sqlx::Error| e.into())
    }

    /// Keep an ended game's verdict (the first one stays: a game ends once).
    pub async fn save_game_verdict(
        &self,
        game_id: &str,
        at: i64,
        records: i64,
        failure: Option<&str>,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO game_verdicts (game_id, verified_at, records, failure) VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game_id)
        .bind(at)
        .bind(records)
        .bind(failure)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Run one statement as given (tests use it to prove the database refuses tampering, and
    /// to make schemas). Never call it with text from a request.
    pub async fn execute_raw(&self, sql: &str) -> Result<u64, StoreError> {
        Ok(sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_owned())).execute(&self.pool).await?.rows_affected())
    }

    /// How many rows each table of games holds: what tests read to show that a failed write
    /// left nothing behind.
    pub async fn row_counts(&self) -> Result<RowCounts, StoreError> {
        let count = |table: &'static str| {
            let pool = self.pool.clone();
            async move {
                let row = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) AS n FROM {table}")))
                    .fetch_one(&pool)
                    .await?;
                row.try_get::<i64, _>("n")
            }
        };
        Ok(RowCounts {
            games: count("games").await?,
            seats: count("seats").await?,
            events: count("events").await?,
            outbox: count("outbox").await?,
            clocks: count("game_clock").await?,
        })
    }

    /// Wait until every move handed to the store so far is written or refused, including those
    /// whose caller went away before the answer (on Postgres a move is written by a task of its
    /// own, see [`batch`]; on SQLite by its caller, so there is nothing to wait for).
    pub async fn settled(&self) {
        self.batcher.settled().await;
    }

    /// Postgres: how many statements have written how many moves so far (more than one move a
    /// statement when moves of several games waited together). Nothing on SQLite.
    pub fn move_statements(&self) -> MoveStatements {
        self.batcher.counts()
    }

    pub fn is_postgres(&self) -> bool {
        self.backend == Backend::Postgres
    }

    pub async fn close(&self) {
        // The moves already handed to the database are answered first (a few seconds at most).
        let _ = tokio::time::timeout(Duration::from_secs(5), self.batcher.settled()).await;
        self.lane.close();
        self.pool.close().await;
    }
}

/// Rows per table (see [`Store::row_counts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RowCounts {
    pub games: i64,
    pub seats: i64,
    pub events: i64,
    pub outbox: i64,
    pub clocks: i64,
}

/// A write transaction and, on SQLite, the writer turn it holds until it ends.
pub(crate) struct WriteTx {
    tx: sqlx::Transaction<'static, sqlx::Any>,
    _turn: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl WriteTx {
    pub(crate) async fn commit(self) -> Result<(), sqlx::Error> {
        self.tx.commit().await
    }
    pub(crate) async fn rollback(self) -> Result<(), sqlx::Error> {
        self.tx.rollback().await
    }
}

impl std::ops::Deref for WriteTx {
    type Target = sqlx::AnyConnection;
    fn deref(&self) -> &Self::Target {
        &self.tx
    }
}

impl std::ops::DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.tx
    }
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// How many parameters one outbox row takes ([`outbox_insert_sql`], [`bind_outbox`]).
const OUTBOX_PARAMS: usize = 21;

/// The outbox columns an INSERT writes, in [`bind_outbox`]'s order (its last parameter is the
/// address checked against the blocklist, not a column).
const OUTBOX_COLUMNS: &str = "id, game_id, seq, recipient, kind, subject, body_text, created_at, status, attempts, next_attempt_at, sent_at, transport, last_error, seat, body_html, unsubscribe_url, chain_head, thread, reply_to";

/// The INSERT of one outbox row whose parameters follow `$after`; `guard` (a condition, in
/// SQLite's one-call append) decides whether it is written. A message for the same (game,
/// seq, recipient, kind) exists at most once; none is queued for an address whose owner asked
/// for no mail, nor a game's mail for an address the game no longer has (checked here, in the
/// writer's transaction: see [`still_the_games_address`]). Mail of no game (account mail, a
/// host's confirmation) has no game id (NULL).
fn outbox_insert_sql(after: usize, guard: &str) -> String {
    let p: Vec<String> = (after + 1..=after + OUTBOX_PARAMS).map(|i| format!("${i}")).collect();
    format!(
        "INSERT INTO outbox ({OUTBOX_COLUMNS})
         SELECT {}
         WHERE NOT EXISTS (SELECT 1 FROM mail_blocklist WHERE email = {}) AND {} {guard}
         ON CONFLICT (game_id, seq, recipient, kind) DO NOTHING",
        p[..OUTBOX_PARAMS - 1].join(", "),
        p[OUTBOX_PARAMS - 1],
        still_the_games_address(&p[1], &p[3])
    )
}

/// The condition that a mail of game `game` (NULL: of no game) is for `recipient` only while
/// the game still has that address, as a seat's or its host's. A server's replay cache keeps
/// the seats with their addresses, and an address forgotten (`Store::forget`, by another
/// process or server) changes them outside any record, so no sequence number tells the cache
/// it is stale: the database, which every server writes through, is where it is checked.
fn still_the_games_address(game: &str, recipient: &str) -> String {
    format!(
        "({game} IS NULL
          OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = {game} AND s.email = {recipient})
          OR EXISTS (SELECT 1 FROM game_clock c WHERE c.game_id = {game} AND c.host_email = {recipient})
          OR EXISTS (SELECT 1 FROM game_hosts h WHERE h.game_id = {game} AND h.email = {recipient}))"
    )
}

fn bind_outbox<'q>(q: AnyQuery<'q>, m: &'q OutboxRow) -> AnyQuery<'q> {
    q.bind(&m.id)
        .bind((!m.game_id.is_empty()).then_some(&m.game_id))
        .bind(m.seq)
        .bind(&m.recipient)
        .bind(m.kind.text())
        .bind(&m.subject)
        .bind(&m.body_text)
        .bind(m.created_at)
        .bind(m.status.text())
        .bind(m.attempts)
        .bind(m.next_attempt_at)
        .bind(m.sent_at)
        .bind(&m.transport)
        .bind(&m.last_error)
        .bind(m.seat)
        .bind(&m.body_html)
        .bind(&m.unsubscribe_url)
        .bind(&m.chain_head)
        .bind(&m.thread)
        .bind(&m.reply_to)
        .bind(normalize_address(&m.recipient))
}

pub(crate) async fn insert_outbox(tx: &mut WriteTx, m: &OutboxRow) -> Result<(), sqlx::Error> {
    bind_outbox(sqlx::query(sqlx::AssertSqlSafe(outbox_insert_sql(0, ""))), m).execute(&mut **tx).await?;
    Ok(())
}

/// Seats as the games table keeps who it waits on: ",0,2," ("," for nobody), so that one seat
/// is found with LIKE '%,N,%'.
pub fn seats_text(seats: &[u8]) -> String {
    let mut out = String::from(",");
    for s in seats {
        out.push_str(&s.to_string());
        out.push(',');
    }
    out
}

/// An address as the never-mail list keeps it: trimmed and lower-cased.
pub fn normalize_address(address: &str) -> String {
    address.trim().to_lowercase()
}

/// The `lang` column of a row, as a language we ship.
pub(crate) fn lang_of(r: &AnyRow) -> Result<Lang, sqlx::Error> {
    let code: String = r.try_get("lang")?;
    Lang::from_code(&code)
        .ok_or_else(|| sqlx::Error::Decode(Box::new(UnknownValue { column: "lang", value: code })))
}

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

fn game_row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: GameId::from_stored(r.try_get("id")?),
        ruleset: r.try_get("ruleset")?,
        title: r.try_get("title")?,
        options: r.try_get("options")?,
        seat_count: int(r, "seat_count")?,
        seed: r.try_get("seed")?,
        commitment: r.try_get("commitment")?,
        host_salt: r.try_get("host_salt")?,
        lang: lang_of(r)?,
        created_at: r.try_get("created_at")?,
        last_seq: r.try_get("last_seq")?,
        finished_at: r.try_get("finished_at")?,
    })
}

/// A record as stored (`seq, body, prev_hash, hash`).
fn chained_row(r: &AnyRow) -> Result<Chained, sqlx::Error> {
    Ok(Chained {
        seq: r.try_get::<i64, _>("seq")? as u64,
        body: r.try_get("body")?,
        prev_hash: r.try_get("prev_hash")?,
        hash: r.try_get("hash")?,
        redacted: false,
    })
}

fn seat_row(r: &AnyRow) -> Result<SeatRow, sqlx::Error> {
    Ok(SeatRow {
        game_id: GameId::from_stored(r.try_get("game_id")?),
        seat: int(r, "seat")?,
        name: r.try_get("name")?,
        email: r.try_get("email")?,
        token_salt: r.try_get("token_salt")?,
        token_hash: r.try_get("token_hash")?,
        time_zone: r.try_get("time_zone")?,
        account_time_zone: r.try_get("account_time_zone")?,
        calendar_salt: r.try_get("calendar_salt")?,
    })
}

pub(crate) fn outbox_row(r: &AnyRow) -> Result<OutboxRow, sqlx::Error> {
    Ok(OutboxRow {
        id: r.try_get("id")?,
        // NULL for account mail (login links, password reset), which belongs to no game.
        game_id: r.try_get::<Option<String>, _>("game_id")?.unwrap_or_default(),
        seq: r.try_get("seq")?,
        recipient: r.try_get("recipient")?,
        kind: MailKind::parse(&r.try_get::<String, _>("kind")?)
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        subject: r.try_get("subject")?,
        body_text: r.try_get("body_text")?,
        created_at: r.try_get("created_at")?,
        status: MailStatus::parse(&r.try_get::<String, _>("status")?)
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        attempts: int(r, "attempts")?,
        next_attempt_at: r.try_get("next_attempt_at")?,
        sent_at: r.try_get("sent_at")?,
        transport: r.try_get("transport")?,
        last_error: r.try_get("last_error")?,
        seat: opt_int(r, "seat")?,
        body_html: r.try_get("body_html")?,
        unsubscribe_url: r.try_get("unsubscribe_url")?,
        chain_head: r.try_get("chain_head")?,
        thread: r.try_get("thread")?,
        reply_to: r.try_get("reply_to")?,
    })
}

/// INTEGER columns come back as i32 from Postgres and i64 from SQLite.
fn int(r: &AnyRow, col: &str) -> Result<i64, sqlx::Error> {
    r.try_get::<i64, _>(col).or_else(|_| r.try_get::<i32, _>(col).map(i64::from))
}

fn opt_int(r: &AnyRow, col: &str) -> Result<Option<i64>, sqlx::Error> {
    r.try_get::<Option<i64>, _>(col).or_else(|_| r.try_get::<Option<i32>, _>(col).map(|v| v.map(i64::from)))
}
