//! Webhooks (migrations/0021_webhooks.sql): what each is, how far into its game's log it has
//! been told, and its message waiting to be taken. Bookkeeping beside the log, read and written
//! by `src/play/webhooks.rs`; nothing here is on a move's path.

use super::kinds::WebhookFormat;
use super::{Store, StoreError};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A webhook as stored.
#[derive(Debug, Clone)]
pub struct WebhookRow {
    pub id: String,
    pub game_id: String,
    /// Its seat; None: the game's (the host's).
    pub seat: Option<i64>,
    pub format: WebhookFormat,
    pub url: String,
    /// The signing secret (generic JSON) or the Matrix access token; empty for the others.
    pub secret: String,
    pub created_at: i64,
    /// The last step it has been told of.
    pub told_seq: i64,
    /// Whether its seat was asked to act at `told_seq`.
    pub asked: bool,
    /// The message waiting to be taken: its id, the step it tells up to, its text.
    pub pending: Option<Pending>,
    pub failures: i64,
    pub next_attempt_at: i64,
    pub last_error: Option<String>,
    pub paused_at: Option<i64>,
}

/// A message written once and sent as it is until a receiver takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub id: String,
    pub upto_seq: i64,
    pub text: String,
}

const COLUMNS: &str = "id, game_id, seat, format, url, secret, created_at, told_seq, asked, pending_id, pending_seq, pending_text, failures, next_attempt_at, last_error, paused_at";

fn row_of(r: &AnyRow) -> Result<WebhookRow, StoreError> {
    let format: String = r.try_get("format")?;
    let pending_id: Option<String> = r.try_get("pending_id")?;
    let pending = match pending_id {
        Some(id) => Some(Pending {
            id,
            upto_seq: r.try_get::<Option<i64>, _>("pending_seq")?.unwrap_or_default(),
            text: r.try_get::<Option<String>, _>("pending_text")?.unwrap_or_default(),
        }),
        None => None,
    };
    Ok(WebhookRow {
        id: r.try_get("id")?,
        game_id: r.try_get("game_id")?,
        seat: r.try_get("seat")?,
        format: WebhookFormat::parse(&format).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        url: r.try_get("url")?,
        secret: r.try_get("secret")?,
        created_at: r.try_get("created_at")?,
        told_seq: r.try_get("told_seq")?,
        asked: r.try_get::<i64, _>("asked")? != 0,
        pending,
        failures: r.try_get("failures")?,
        next_attempt_at: r.try_get("next_attempt_at")?,
        last_error: r.try_get("last_error")?,
        paused_at: r.try_get("paused_at")?,
    })
}

impl Store {
    /// Whether any webhook is live (not paused), in any game.
    pub async fn webhooks_any_live(&self) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT CASE WHEN EXISTS (SELECT 1 FROM webhooks WHERE paused_at IS NULL) THEN 1 ELSE 0 END AS live",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>("live")? == 1)
    }

    pub async fn webhook_insert(&self, w: &WebhookRow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO webhooks (id, game_id, seat, format, url, secret, created_at, told_seq, asked, failures, next_attempt_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, 0)",
        )
        .bind(&w.id)
        .bind(&w.game_id)
        .bind(w.seat)
        .bind(w.format.code())
        .bind(&w.url)
        .bind(&w.secret)
        .bind(w.created_at)
        .bind(w.told_seq)
        .bind(i64::from(w.asked))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The webhooks of one owner of a game (a seat, or None: the game's own), oldest first.
    pub async fn webhooks_of(&self, game_id: &str, seat: Option<i64>) -> Result<Vec<WebhookRow>, StoreError> {
        let rows = match seat {
            Some(s) => {
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "SELECT {COLUMNS} FROM webhooks WHERE game_id = $1 AND seat = $2 ORDER BY created_at, id"
                )))
                .bind(game_id)
                .bind(s)
                .fetch_all(&self.pool)
                .await?
            }
            None => sqlx::query(sqlx::AssertSqlSafe(format!(
                "SELECT {COLUMNS} FROM webhooks WHERE game_id = $1 AND seat IS NULL ORDER BY created_at, id"
            )))
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?,
        };
        rows.iter().map(row_of).collect()
    }

    /// Whether one of an owner's webhooks in a game is paused (their page says so).
    pub async fn webhooks_paused(&self, game_id: &str, seat: Option<i64>) -> Result<bool, StoreError> {
        let n: i64 = match seat {
            Some(s) => sqlx::query_scalar(
                "SELECT COUNT(*) FROM webhooks WHERE game_id = $1 AND seat = $2 AND paused_at IS NOT NULL",
            )
            .bind(game_id)
            .bind(s)
            .fetch_one(&self.pool)
            .await?,
            None => sqlx::query_scalar(
                "SELECT COUNT(*) FROM webhooks WHERE game_id = $1 AND seat IS NULL AND paused_at IS NOT NULL",
            )
            .bind(game_id)
            .fetch_one(&self.pool)
            .await?,
        };
        Ok(n > 0)
    }

    pub async fn webhook(&self, id: &str) -> Result<Option<WebhookRow>, StoreError> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM webhooks WHERE id = $1")))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(row_of).transpose()
    }

    /// Remove a webhook; false if there was none by that id.
    pub async fn webhook_delete(&self, id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM webhooks WHERE id = $1").bind(id).execute(&self.pool).await?;
        Ok(done.rows_affected() > 0)
    }

    /// The webhooks with something to do at `now`: not paused, due, and either a message
    /// waiting or steps of their game they have not been told of.
    pub async fn webhooks_due(&self, now: i64) -> Result<Vec<WebhookRow>, StoreError> {
        let cols = COLUMNS.split(", ").map(|c| format!("w.{c}")).collect::<Vec<_>>().join(", ");
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {cols} FROM webhooks w JOIN games g ON g.id = w.game_id
             WHERE w.paused_at IS NULL AND w.next_attempt_at <= $1
               AND (w.pending_id IS NOT NULL OR g.last_seq > w.told_seq)
             ORDER BY w.next_attempt_at, w.id"
        )))
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(row_of).collect()
    }

    /// Take a due webhook until `lease_until`, unless another server has taken it since its
    /// `next_attempt_at` was read as `seen`: of servers that read it due at once, exactly one
    /// tells it (a Discord channel keeps no message id, so one told twice shows it twice). Its
    /// next write sets the time again (told: due with the next step; failed: its wait); one that
    /// nobody writes, its server gone, is taken again once the lease ends.
    pub async fn webhook_take(&self, id: &str, seen: i64, lease_until: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE webhooks SET next_attempt_at = $1 WHERE id = $2 AND next_attempt_at = $3 AND paused_at IS NULL",
        )
        .bind(lease_until)
        .bind(id)
        .bind(seen)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Give back a webhook taken until `lease_until` with nothing sent: due again at `due`.
    pub async fn webhook_give_back(&self, id: &str, lease_until: i64, due: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE webhooks SET next_attempt_at = $1 WHERE id = $2 AND next_attempt_at = $3")
            .bind(due)
            .bind(id)
            .bind(lease_until)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Write the message of the steps after the cursor (unless one waits already), and whether
    /// its seat is asked to act as of its last step.
    pub async fn webhook_pending_set(&self, id: &str, p: &Pending, asked: bool) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE webhooks SET pending_id = $1, pending_seq = $2, pending_text = $3, asked = $4 WHERE id = $5 AND pending_id IS NULL",
        )
        .bind(&p.id)
        .bind(p.upto_seq)
        .bind(&p.text)
        .bind(i64::from(asked))
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Its waiting message was taken: the cursor moves on to the step it told up to, and its
    /// failures are forgotten.
    pub async fn webhook_told(&self, id: &str, pending_id: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE webhooks SET told_seq = pending_seq, pending_id = NULL, pending_seq = NULL, pending_text = NULL,
             failures = 0, next_attempt_at = 0, last_error = NULL WHERE id = $1 AND pending_id = $2",
        )
        .bind(id)
        .bind(pending_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A webhook made with its game: it is told of the game from its first step (what the
    /// first step asks of its seat included).
    pub async fn webhook_from_start(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE webhooks SET told_seq = 0, asked = 0 WHERE id = $1 AND pending_id IS NULL")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The steps up to `seq` had nothing for this webhook: the cursor moves on.
    pub async fn webhook_passed(&self, id: &str, seq: i64, asked: bool) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE webhooks SET told_seq = $1, asked = $2 WHERE id = $3 AND pending_id IS NULL AND told_seq < $1",
        )
        .bind(seq)
        .bind(i64::from(asked))
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A delivery failed: count it, and try again at `next_attempt_at`, or pause the webhook
    /// (`paused_at`). Returns whether this failure paused it (it was not paused before).
    pub async fn webhook_failed(
        &self,
        id: &str,
        error: &str,
        next_attempt_at: i64,
        paused_at: Option<i64>,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE webhooks SET failures = failures + 1, last_error = $1, next_attempt_at = $2, paused_at = $3
             WHERE id = $4 AND paused_at IS NULL",
        )
        .bind(error)
        .bind(next_attempt_at)
        .bind(paused_at)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0 && paused_at.is_some())
    }

    /// Its owner resumes a paused webhook: tried again at once, its count of failures anew.
    pub async fn webhook_resume(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE webhooks SET paused_at = NULL, failures = 0, next_attempt_at = 0 WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Keep an account's push subscription (the same endpoint again: its new keys).
    pub async fn account_push_put(
        &self,
        account_id: &str,
        sub: &AccountPush,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO account_push (account_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (account_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth",
        )
        .bind(account_id)
        .bind(&sub.endpoint)
        .bind(&sub.p256dh)
        .bind(&sub.auth)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// An account's push subscriptions, oldest first.
    pub async fn account_push_of(&self, account_id: &str) -> Result<Vec<AccountPush>, StoreError> {
        let rows = sqlx::query(
            "SELECT endpoint, p256dh, auth FROM account_push WHERE account_id = $1 ORDER BY created_at, endpoint",
        )
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(account_push).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// The push subscriptions of whichever account holds seat `seat` of `game_id`: the account
    /// it is attached to, or the proved account of the seat's address.
    pub async fn account_push_for_seat(
        &self,
        game_id: &str,
        seat: i64,
    ) -> Result<Vec<AccountPush>, StoreError> {
        let rows = sqlx::query(
            "SELECT DISTINCT p.endpoint, p.p256dh, p.auth FROM account_push p
             WHERE p.account_id IN (
                 SELECT account_id FROM account_seats WHERE game_id = $1 AND seat = $2
                 UNION
                 SELECT a.id FROM accounts a JOIN seats s ON LOWER(TRIM(s.email)) = a.email
                 WHERE s.game_id = $1 AND s.seat = $2 AND s.email <> '' AND a.confirmed_at IS NOT NULL)
             ORDER BY p.endpoint",
        )
        .bind(game_id)
        .bind(seat)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(account_push).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// Stop an account's subscription `endpoint`: it and every seat's push webhook with that
    /// endpoint (one browser; nothing else sends to it). Returns whether the account had it.
    pub async fn account_push_stop(&self, account_id: &str, endpoint: &str) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let done = sqlx::query("DELETE FROM account_push WHERE account_id = $1 AND endpoint = $2")
            .bind(account_id)
            .bind(endpoint)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() > 0 {
            sqlx::query("DELETE FROM webhooks WHERE format = $1 AND url = $2")
                .bind(WebhookFormat::Push.code())
                .bind(endpoint)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(done.rows_affected() > 0)
    }

    /// A push service said `endpoint` is gone: no account keeps it.
    pub async fn account_push_gone(&self, endpoint: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM account_push WHERE endpoint = $1")
            .bind(endpoint)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// A browser's push subscription kept for an account (migrations/0023_account_push.sql).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountPush {
    pub endpoint: String,
    /// The browser's public key and auth secret, URL-safe base64, as it gave them.
    pub p256dh: String,
    pub auth: String,
}

fn account_push(r: &AnyRow) -> Result<AccountPush, sqlx::Error> {
    Ok(AccountPush {
        endpoint: r.try_get("endpoint")?,
        p256dh: r.try_get("p256dh")?,
        auth: r.try_get("auth")?,
    })
}
