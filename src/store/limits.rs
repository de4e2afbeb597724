//! Rate limits kept in the database, so that every server on it counts together and a restart
//! forgets nothing. GCRA, one row per key: the theoretical arrival time (`tat`) of
//! the next request; a request passes while `max(tat, now) + period` is at most `burst` periods
//! ahead of now, and moves `tat` there. The decision is one statement, so two servers asking at
//! once cannot both take the last place.

use super::{Store, StoreError};

impl Store {
    /// Take one place for `key` at `now` (ms), `burst` at once and then one per `period_ms`.
    /// `Ok(None)`: taken; `Ok(Some(ms))`: refused, and the wait until a place is free.
    pub async fn rate_take(
        &self,
        key: &str,
        now: i64,
        period_ms: i64,
        burst: i64,
    ) -> Result<Option<i64>, StoreError> {
        let window = period_ms * burst.max(1);
        let taken = sqlx::query(
            "INSERT INTO rate_limits (key, tat) VALUES ($1, $2 + $3)
             ON CONFLICT (key) DO UPDATE
                SET tat = (CASE WHEN rate_limits.tat > $2 THEN rate_limits.tat ELSE $2 END) + $3
                WHERE (CASE WHEN rate_limits.tat > $2 THEN rate_limits.tat ELSE $2 END) + $3 - $4 <= $2",
        )
        .bind(key)
        .bind(now)
        .bind(period_ms)
        .bind(window)
        .execute(&self.pool)
        .await?;
        if taken.rows_affected() == 1 {
            return Ok(None);
        }
        let tat: Option<i64> = sqlx::query_scalar("SELECT tat FROM rate_limits WHERE key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        let tat = tat.unwrap_or(now);
        Ok(Some((tat.max(now) + period_ms - window - now).max(1)))
    }

    /// Forget the keys whose every place is free again (their time has passed).
    pub async fn rate_purge(&self, now: i64) -> Result<u64, StoreError> {
        Ok(sqlx::query("DELETE FROM rate_limits WHERE tat < $1")
            .bind(now)
            .execute(&self.pool)
            .await?
            .rows_affected())
    }
}
