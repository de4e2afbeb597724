//! The store's side of mail that comes back: each bounce heard, and the addresses that fail
//! (a hard bounce, enough soft ones in a window, or a refusal for good at sending). A game's
//! mail to a failing address is stopped; its hosts are told once.

use super::{MailStatus, SeatRow, Store, StoreError, WriteTx, seat_row};
use sqlx::Row;
use std::collections::HashSet;

/// One bounce heard, matched to the outbox row its envelope sender named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounce {
    /// The bounce's own Message-ID.
    pub message_id: String,
    /// The address the bounced mail was for (normalized).
    pub address: String,
    pub outbox_id: String,
    /// For good (5.x.x, or a failed action without a status), not for now.
    pub hard: bool,
    /// The status the report gave ("5.1.1"; empty: none).
    pub status: String,
    /// What the report said, for the host.
    pub reason: String,
    pub at: i64,
}

/// What a bounce did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BounceRecorded {
    /// This Message-ID was heard before: nothing changed.
    Duplicate,
    /// Counted, and not (yet) enough to mark the address: the soft bounces in the window.
    Counted { soft: i64 },
    /// The address fails now (`newly`: it did not before).
    Failing { newly: bool },
}

/// An address that fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failing {
    pub address: String,
    pub since: i64,
    pub reason: String,
}

impl Store {
    /// Record a bounce; mark its address failing when it is hard or the soft ones since
    /// `window_start` (this one with them) reach `soft_limit`. One transaction.
    pub async fn bounce_record(
        &self,
        b: &Bounce,
        window_start: i64,
        soft_limit: i64,
    ) -> Result<BounceRecorded, StoreError> {
        let mut tx = self.begin_write().await?;
        let done = sqlx::query(
            "INSERT INTO mail_bounces (message_id, address, outbox_id, hard, status, received_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (message_id) DO NOTHING",
        )
        .bind(&b.message_id)
        .bind(&b.address)
        .bind(&b.outbox_id)
        .bind(i64::from(b.hard))
        .bind(&b.status)
        .bind(b.at)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(BounceRecorded::Duplicate);
        }
        if !b.hard {
            let row = sqlx::query(
                "SELECT COUNT(*) AS n FROM mail_bounces WHERE address = $1 AND hard = 0 AND received_at >= $2",
            )
            .bind(&b.address)
            .bind(window_start)
            .fetch_one(&mut *tx)
            .await?;
            let soft: i64 = row.try_get("n")?;
            if soft < soft_limit {
                tx.commit().await?;
                return Ok(BounceRecorded::Counted { soft });
            }
        }
        let newly = fail(&mut tx, &b.address, &b.outbox_id, &b.reason, b.at).await?;
        tx.commit().await?;
        Ok(BounceRecorded::Failing { newly })
    }

    /// Mark `address` failing (the mail server refused `outbox_id` for good): true if it was
    /// not already.
    pub async fn mail_fail(
        &self,
        address: &str,
        outbox_id: &str,
        reason: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let newly = fail(&mut tx, address, outbox_id, reason, now).await?;
        tx.commit().await?;
        Ok(newly)
    }

    /// Which of `addresses` (normalized) fail.
    pub async fn mail_failing_among(&self, addresses: &[String]) -> Result<HashSet<String>, StoreError> {
        let mut unique: Vec<&String> = addresses.iter().collect();
        unique.sort();
        unique.dedup();
        let mut out = HashSet::new();
        for chunk in unique.chunks(100) {
            let params: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let sql = format!("SELECT address FROM mail_failing WHERE address IN ({})", params.join(", "));
            let query = || {
                let mut q = sqlx::query(sqlx::AssertSqlSafe(sql.clone()));
                for a in chunk {
                    q = q.bind(a.as_str());
                }
                q
            };
            // Read before every pass of the mail worker: the hot path's connections.
            for r in super::lane::on_lane!(self.lane, |conn| query().fetch_all(&mut *conn).await)? {
                out.insert(r.try_get::<String, _>("address")?);
            }
        }
        Ok(out)
    }

    /// Whether `address` (normalized) fails, and since when and why.
    pub async fn mail_failing(&self, address: &str) -> Result<Option<Failing>, StoreError> {
        let row = sqlx::query("SELECT address, since, reason FROM mail_failing WHERE address = $1")
            .bind(address)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            None => None,
            Some(r) => Some(Failing {
                address: r.try_get("address")?,
                since: r.try_get("since")?,
                reason: r.try_get("reason")?,
            }),
        })
    }

    /// The failing addresses whose hosts have not been told yet.
    pub async fn mail_failing_untold(&self) -> Result<Vec<Failing>, StoreError> {
        let rows = sqlx::query(
            "SELECT address, since, reason FROM mail_failing WHERE told_at IS NULL ORDER BY since, address",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Failing {
                    address: r.try_get("address")?,
                    since: r.try_get("since")?,
                    reason: r.try_get("reason")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }

    /// The hosts have been told that `address` fails.
    pub async fn mail_failing_told(&self, address: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE mail_failing SET told_at = $1 WHERE address = $2 AND told_at IS NULL")
            .bind(now)
            .bind(address)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// `address` is given to a seat again: it is no longer taken as failing, and its bounces
    /// counted so far are forgotten. True if it was failing.
    pub async fn mail_failing_clear(&self, address: &str) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let done = sqlx::query("DELETE FROM mail_failing WHERE address = $1")
            .bind(address)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM mail_bounces WHERE address = $1").bind(address).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(done.rows_affected() > 0)
    }

    /// The seats of games not finished whose address is `address` (normalized).
    pub async fn seats_with_address(&self, address: &str) -> Result<Vec<SeatRow>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            super::seat_columns!(),
            " FROM seats s JOIN games g ON g.id = s.game_id
             WHERE LOWER(s.email) = $1 AND g.finished_at IS NULL ORDER BY s.game_id, s.seat"
        ))
        .bind(address)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(seat_row).collect::<Result<_, _>>().map_err(Into::into)
    }
}

/// Mark `address` failing in `tx` and stop the game mail waiting for it: true if it was not
/// failing before.
async fn fail(
    tx: &mut WriteTx,
    address: &str,
    outbox_id: &str,
    reason: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO mail_failing (address, since, outbox_id, reason) VALUES ($1, $2, $3, $4)
         ON CONFLICT (address) DO NOTHING",
    )
    .bind(address)
    .bind(now)
    .bind(outbox_id)
    .bind(reason)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "UPDATE outbox SET status = $1 WHERE status = $2 AND LOWER(recipient) = $3 AND game_id IS NOT NULL",
    )
    .bind(MailStatus::Stopped.text())
    .bind(MailStatus::Pending.text())
    .bind(address)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}
