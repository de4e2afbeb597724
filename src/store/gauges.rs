//! What a metrics scrape reads from the database: counts by status, the oldest mail due, the
//! pool's connections. Each is one statement over an index (the outbox's by status and time).

use super::{MailStatus, Store, StoreError};
use sqlx::Row;

impl Store {
    /// Mails in the outbox by status (every status, 0 where none).
    pub async fn outbox_by_status(&self) -> Result<Vec<(MailStatus, i64)>, StoreError> {
        let rows = sqlx::query("SELECT status, COUNT(*) AS n FROM outbox GROUP BY status")
            .fetch_all(&self.pool)
            .await?;
        let mut counts: Vec<(MailStatus, i64)> = MailStatus::ALL.into_iter().map(|s| (s, 0)).collect();
        for r in rows {
            let status = MailStatus::parse(&r.try_get::<String, _>("status")?)
                .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
            let n: i64 = r.try_get("n")?;
            if let Some(c) = counts.iter_mut().find(|(s, _)| *s == status) {
                c.1 = n;
            }
        }
        Ok(counts)
    }

    /// When the oldest mail due by `now` became due (ms), if any is.
    pub async fn oldest_due(&self, now: i64) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query(
            "SELECT MIN(next_attempt_at) AS t FROM outbox WHERE status = $1 AND next_attempt_at <= $2",
        )
        .bind(MailStatus::Pending.text())
        .bind(now)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<Option<i64>, _>("t")?)
    }

    /// Replies received by mail, by outcome.
    pub async fn inbound_by_outcome(&self) -> Result<Vec<(String, i64)>, StoreError> {
        let rows = sqlx::query("SELECT outcome, COUNT(*) AS n FROM inbound_mail GROUP BY outcome")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| Ok((r.try_get::<String, _>("outcome")?, r.try_get::<i64, _>("n")?))).collect()
    }

    /// Webhooks by state: `live` (its last delivery, if any, was taken), `failing` (its last
    /// deliveries failed: it is tried again later), `paused` (it failed too often; its owner may
    /// resume it). Every state, 0 where none.
    pub async fn webhooks_by_state(&self) -> Result<[(&'static str, i64); 3], StoreError> {
        let rows = sqlx::query(
            "SELECT CASE WHEN paused_at IS NOT NULL THEN 'paused' WHEN failures > 0 THEN 'failing' ELSE 'live' END AS state, \
             COUNT(*) AS n FROM webhooks GROUP BY 1",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut counts = [("live", 0), ("failing", 0), ("paused", 0)];
        for r in rows {
            let state: String = r.try_get("state")?;
            if let Some(c) = counts.iter_mut().find(|(s, _)| *s == state) {
                c.1 = r.try_get("n")?;
            }
        }
        Ok(counts)
    }

    /// Disputes waiting for their ruling, in the games still going.
    pub async fn open_disputes(&self) -> Result<i64, StoreError> {
        let n: Option<i64> = sqlx::query_scalar(
            "SELECT SUM(d.open_count) FROM game_disputes d JOIN games g ON g.id = d.game_id \
             WHERE g.finished_at IS NULL AND d.open_count > 0",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(n.unwrap_or(0))
    }

    /// Keep how many of `game_id`'s disputes wait for their ruling (see [`Store::open_disputes`]).
    pub async fn open_disputes_set(&self, game_id: &str, open: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO game_disputes (game_id, open_count) VALUES ($1, $2) \
             ON CONFLICT (game_id) DO UPDATE SET open_count = excluded.open_count",
        )
        .bind(game_id)
        .bind(open)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The pool's connections: (open, idle).
    pub fn pool_use(&self) -> (u32, usize) {
        (self.pool.size(), self.pool.num_idle())
    }
}
