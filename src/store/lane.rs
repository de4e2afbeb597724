//! The hot path's connections: a move's write and a page's read of the game row.
//!
//! sqlx's pool pings every connection it takes back, and ours pinged every Postgres connection
//! it handed out (so that a failover costs no request): two round trips to the database beside
//! each statement, which on a loaded machine cost more than the statement. These connections
//! are pinged only when they have been idle for [`IDLE_PING`]; one that an error or a cancelled
//! request left in the middle of a statement is closed, never handed out again; and when one is
//! found cut off, the idle ones go too (a failover or a restart cuts them all), so the next
//! request connects afresh instead of meeting the next dead connection.

use super::StoreError;
use deadpool::managed::{self, Metrics, Object, RecycleError, RecycleResult};
use sqlx::{AnyConnection, Connection};
use std::time::Duration;

/// A connection idle this long (since it was last lent) is pinged before it is lent again: long
/// enough that a busy server never pings, short enough that most connections a failover cut off
/// are found before a request meets them (a statement that does meet one runs again on a new
/// connection, see [`Failed::TryAgain`]).
const IDLE_PING: Duration = Duration::from_secs(1);

pub(crate) struct Lane {
    pool: managed::Pool<Connector>,
}

pub(crate) struct Connector {
    url: String,
    /// Run on each new connection (the same settings as the store's pool).
    settings: String,
}

pub(crate) struct Conn {
    raw: AnyConnection,
    /// False from the start of a statement until it has finished well.
    clean: bool,
}

impl managed::Manager for Connector {
    type Type = Conn;
    type Error = sqlx::Error;

    async fn create(&self) -> Result<Conn, sqlx::Error> {
        let mut raw = AnyConnection::connect(&self.url).await?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(self.settings.clone())).execute(&mut raw).await?;
        Ok(Conn { raw, clean: true })
    }

    async fn recycle(&self, conn: &mut Conn, metrics: &Metrics) -> RecycleResult<sqlx::Error> {
        if !conn.clean {
            return Err(RecycleError::message("left in the middle of a statement"));
        }
        if metrics.last_used() >= IDLE_PING {
            conn.raw.ping().await?;
        }
        Ok(())
    }
}

impl Lane {
    pub(crate) fn new(url: &str, settings: String, size: usize) -> Lane {
        let timeout = Some(Duration::from_secs(5));
        let pool = managed::Pool::builder(Connector { url: url.to_owned(), settings })
            .max_size(size)
            .wait_timeout(timeout)
            .create_timeout(timeout)
            .recycle_timeout(timeout)
            .runtime(deadpool::Runtime::Tokio1)
            // The connection given back last is lent first: under load the few that are needed
            // stay busy (their backends' caches warm, fewer database processes to wake on two
            // cores), and the rest idle. Round robin kept all of them, and Postgres, busier.
            .queue_mode(managed::QueueMode::Lifo)
            .build()
            .expect("a pool with a runtime for its timeouts");
        Lane { pool }
    }

    /// One of the lane's connections, lent until [`Lent::finish`] is given the statement's
    /// result.
    pub(crate) async fn get(&self) -> Result<Lent<'_>, StoreError> {
        let mut object = self.pool.get().await.map_err(|e| match e {
            managed::PoolError::Backend(e) => StoreError::Db(e),
            other => StoreError::Unavailable(other.to_string()),
        })?;
        object.clean = false;
        Ok(Lent { lane: self, object: Some(object) })
    }

    pub(crate) fn close(&self) {
        self.pool.close();
    }
}

/// A lane connection lent to one statement (or one text of statements). Dropped without
/// [`Lent::finish`] (a request cancelled in the middle), the connection is closed: it may be
/// halfway through a transaction, and closing it ends that (the database rolls it back).
pub(crate) struct Lent<'a> {
    lane: &'a Lane,
    object: Option<Object<Connector>>,
}

/// Why a lent connection's statement gave no answer.
pub(crate) enum Failed {
    /// A connection lent before turned out cut off (a failover, a restart, a terminated
    /// backend): the idle ones are gone too, and the statement may be run once more, on a new
    /// connection. Nothing of it can have been done (the backend was gone; and the hot path's
    /// writes are conditional on the sequence number, so even a commit reported as an error
    /// would be refused as a conflict the second time, never written twice).
    TryAgain,
    Error(StoreError),
}

impl Lent<'_> {
    pub(crate) fn conn(&mut self) -> &mut AnyConnection {
        &mut self.object.as_mut().expect("lent until finished").raw
    }

    /// Give the connection back after a statement that went well; after one that failed, close
    /// it (whatever it was in the middle of), and if it was cut off, the idle ones too.
    pub(crate) fn finish<T>(mut self, result: Result<T, sqlx::Error>) -> Result<T, Failed> {
        let object = self.object.take().expect("lent until finished");
        match result {
            Ok(answer) => {
                let mut object = object;
                object.clean = true;
                Ok(answer)
            }
            Err(e) => {
                let reused = Object::metrics(&object).recycle_count > 0;
                drop(Object::take(object));
                if !cut_off(&e) {
                    return Err(Failed::Error(StoreError::Db(e)));
                }
                self.lane.pool.retain(|_, _| false);
                Err(if reused { Failed::TryAgain } else { Failed::Error(StoreError::Db(e)) })
            }
        }
    }
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        if let Some(object) = self.object.take() {
            drop(Object::take(object));
        }
    }
}

/// Run one statement on the lane: `$statement` is an expression of the connection `$conn`,
/// evaluated again (once) if the first connection turns out cut off.
macro_rules! on_lane {
    ($lane:expr, |$conn:ident| $statement:expr) => {{
        let mut tries = 0;
        loop {
            tries += 1;
            let mut lent = $lane.get().await?;
            let result = {
                let $conn = lent.conn();
                $statement
            };
            match lent.finish(result) {
                Ok(answer) => break Ok(answer),
                Err($crate::store::lane::Failed::TryAgain) if tries == 1 => continue,
                Err($crate::store::lane::Failed::TryAgain) => {
                    break Err($crate::store::StoreError::Unavailable(
                        "the database connection was cut off".into(),
                    ));
                }
                Err($crate::store::lane::Failed::Error(e)) => break Err(e),
            }
        }
    }};
}
pub(crate) use on_lane;

/// The connection itself is gone (as opposed to the statement failing on a live one).
fn cut_off(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Io(_) | sqlx::Error::Protocol(_) | sqlx::Error::WorkerCrashed => true,
        // Postgres: the backend was terminated or shut down (57P01–57P03), or the connection
        // failed (08…).
        sqlx::Error::Database(d) => d.code().is_some_and(|c| c.starts_with("57P0") || c.starts_with("08")),
        _ => false,
    }
}
