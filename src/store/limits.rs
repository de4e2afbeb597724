//! Rate limits kept in the database, so that every server on it counts together and a restart
//! forgets nothing. GCRA, one row per key: the theoretical arrival time (`tat`) of
//! the next request; a request passes while `max(tat, now) + period` is at most `burst` periods
//! ahead of now, and moves `tat` there. The decision is one statement, so two servers asking at
//! once cannot both take the last place.
//!
//! A stored `tat` is read no further ahead of now than the limit's window (`burst` periods,
//! [`tat_as_read`]), and a refusal writes it back so: a row written by a server whose clock was
//! ahead, or before the clock was stepped back, holds a client no longer than a full limit
//! would.

use super::{Store, StoreError};

/// A stored `tat` as it counts at `now`: no earlier than now (the places freed while nobody
/// asked are free) and no later than `window` (burst × period) ahead of it.
pub fn tat_as_read(tat: i64, now: i64, window: i64) -> i64 {
    tat.clamp(now, now.saturating_add(window.max(0)))
}

impl Store {
    /// Take one place for `key` at `now` (ms), `burst` at once and then one per `period_ms`.
    /// `Ok(None)`: taken; `Ok(Some(ms))`: refused, and the wait until a place is free (at most
    /// `period_ms`, whatever the row holds).
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
        // Refused. A row further ahead than the window is brought back to it (as it is read), so
        // that the wait told is the wait kept: the next request after it passes.
        sqlx::query("UPDATE rate_limits SET tat = $2 + $3 WHERE key = $1 AND tat > $2 + $3")
            .bind(key)
            .bind(now)
            .bind(window)
            .execute(&self.pool)
            .await?;
        let tat: Option<i64> = sqlx::query_scalar("SELECT tat FROM rate_limits WHERE key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        let tat = tat_as_read(tat.unwrap_or(now), now, window);
        Ok(Some((tat + period_ms - window - now).max(1)))
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

#[cfg(test)]
mod tests {
    use super::tat_as_read;

    const T: i64 = 1_764_000_000_000;
    const MINUTE: i64 = 60_000;

    /// The wait a refused request is told, as `rate_take` reckons it from a stored tat.
    fn wait(tat: i64, now: i64, period: i64, burst: i64) -> i64 {
        let window = period * burst;
        (tat_as_read(tat, now, window) + period - window - now).max(1)
    }

    #[test]
    fn a_stored_time_is_read_within_the_window() {
        let window = 20 * 10 * MINUTE;
        assert_eq!(tat_as_read(T + MINUTE, T, window), T + MINUTE, "within: as it is");
        assert_eq!(tat_as_read(T - MINUTE, T, window), T, "passed: now");
        assert_eq!(tat_as_read(T + window, T, window), T + window, "a full window: as it is");
        assert_eq!(tat_as_read(T + window + 1, T, window), T + window, "beyond: the window");
        assert_eq!(tat_as_read(i64::MAX, T, window), T + window);
        assert_eq!(tat_as_read(T, i64::MAX - 1, window), i64::MAX - 1, "no overflow");
    }

    #[test]
    fn a_client_at_its_limit_waits_at_most_a_period_after_the_clock_went_back_a_day() {
        // 20 games, then one per 10 minutes: the 20 taken at T leave the tat at T + 200 min.
        let (period, burst) = (10 * MINUTE, 20);
        let tat = T + burst * period;
        assert_eq!(wait(tat, T, period, burst), period, "at the limit: one period");
        assert_eq!(wait(tat, T + 4 * MINUTE, period, burst), 6 * MINUTE);
        // The same row read by a clock a day behind (a step back, or another server's clock):
        // a normal wait, not a day and ten minutes.
        assert_eq!(wait(tat, T - 24 * 60 * MINUTE, period, burst), period);
        // Far in the future (a clock once set years ahead): the same.
        assert_eq!(wait(T + 3 * 365 * 24 * 60 * MINUTE, T, period, burst), period);
    }
}
