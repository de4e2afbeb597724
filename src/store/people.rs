//! What the database holds about one email address, and forgetting it (a player's rights to
//! see their data and to have it erased; docs/privacy.md).

use super::{MailStatus, OutboxRow, Store, StoreError};
use serde::Serialize;
use sqlx::Row;

/// Everything kept about one address, as its owner may have it.
#[derive(Debug, Serialize, PartialEq)]
pub struct HeldAbout {
    pub email: String,
    pub seats: Vec<HeldSeat>,
    pub hosted_games: Vec<HeldGame>,
    pub account: Option<HeldAccount>,
    pub mails: Vec<HeldMail>,
    /// The table talk written from the seats the address holds and as the host of the games
    /// it hosts: its own lines, never another's.
    pub talk: Vec<HeldLine>,
    pub never_mail: bool,
    /// Why mail to the address stopped, if it bounced (`mail_failing`).
    pub failing: Option<String>,
    /// Bounces heard for it.
    pub bounces: i64,
    /// The webhooks of its seats and of the games it hosts (their secrets are not given out).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub webhooks: Vec<HeldWebhook>,
}

/// A webhook of a seat the address holds, or of a game it hosts (`seat` none).
#[derive(Debug, Serialize, PartialEq)]
pub struct HeldWebhook {
    pub game_id: String,
    pub seat: Option<i64>,
    pub format: String,
    pub url: String,
    pub created_at: i64,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct HeldSeat {
    pub game_id: String,
    pub title: String,
    pub seat: i64,
    pub name: String,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct HeldGame {
    pub game_id: String,
    pub title: String,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct HeldAccount {
    pub created_at: i64,
    pub has_password: bool,
    pub lang: String,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct HeldMail {
    pub game_id: Option<String>,
    pub kind: String,
    pub subject: String,
    pub status: String,
    pub created_at: i64,
    pub sent_at: Option<i64>,
    /// The words of the mail while they are kept (`FELDPOST_MAIL_RETENTION_DAYS`), its links
    /// still sealed (`play::people` words them before they are given out).
    pub text: Option<String>,
}

/// A line of table talk the address wrote.
#[derive(Debug, Serialize, PartialEq)]
pub struct HeldLine {
    pub game_id: String,
    /// Its number in the game's table talk.
    pub n: i64,
    pub at: i64,
    /// The seat it was written from; `None`: as the game's host.
    pub from_seat: Option<i64>,
    /// The one seat it was written to; `None`: everyone at the table.
    pub to_seat: Option<i64>,
    /// What it said, while it is kept.
    pub text: Option<String>,
    /// The host hid it from the table.
    pub hidden: bool,
    /// Why its text is gone, if it is.
    pub cleared: Option<super::ChatCleared>,
}

impl HeldAbout {
    /// Whether the database holds nothing about the address.
    pub fn is_empty(&self) -> bool {
        self.seats.is_empty()
            && self.hosted_games.is_empty()
            && self.account.is_none()
            && self.mails.is_empty()
            && self.talk.is_empty()
            && !self.never_mail
            && self.failing.is_none()
            && self.bounces == 0
            && self.webhooks.is_empty()
    }
}

/// A link mailed to an address for its owner's data (`address_links`): the address it opens.
#[derive(Debug, Clone, PartialEq)]
pub struct AddressLink {
    pub email: String,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

/// What forgetting an address changed.
#[derive(Debug, Serialize, PartialEq, Default)]
pub struct Forgotten {
    pub seats: u64,
    pub hosted_games: u64,
    pub mails: u64,
    pub accounts: u64,
    /// Lines of table talk whose text was withdrawn.
    pub talk_lines: u64,
}

impl Store {
    /// Everything the database holds about `email` (compared without regard to case).
    pub async fn held_about(&self, email: &str) -> Result<HeldAbout, StoreError> {
        let email = email.trim().to_lowercase();
        let seats = sqlx::query(
            "SELECT s.game_id, g.title, s.seat, s.name FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE LOWER(s.email) = $1 ORDER BY g.created_at, s.seat",
        )
        .bind(&email)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            Ok(HeldSeat {
                game_id: r.try_get("game_id")?,
                title: r.try_get("title")?,
                seat: r.try_get("seat")?,
                name: r.try_get("name")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
        let hosted_games = sqlx::query(
            "SELECT h.game_id, g.title FROM game_hosts h JOIN games g ON g.id = h.game_id \
             WHERE LOWER(h.email) = $1 ORDER BY g.created_at",
        )
        .bind(&email)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| Ok(HeldGame { game_id: r.try_get("game_id")?, title: r.try_get("title")? }))
        .collect::<Result<_, sqlx::Error>>()?;
        let account =
            sqlx::query("SELECT created_at, password_hash, lang FROM accounts WHERE LOWER(email) = $1")
                .bind(&email)
                .fetch_optional(&self.pool)
                .await?
                .map(|r| {
                    Ok::<_, sqlx::Error>(HeldAccount {
                        created_at: r.try_get("created_at")?,
                        has_password: r.try_get::<Option<String>, _>("password_hash")?.is_some(),
                        lang: r.try_get("lang")?,
                    })
                })
                .transpose()?;
        let mails = sqlx::query(
            "SELECT game_id, kind, subject, status, created_at, sent_at, body_text FROM outbox \
             WHERE LOWER(recipient) = $1 ORDER BY created_at, id",
        )
        .bind(&email)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            let text: String = r.try_get("body_text")?;
            Ok(HeldMail {
                game_id: r.try_get("game_id")?,
                kind: r.try_get("kind")?,
                subject: r.try_get("subject")?,
                status: r.try_get("status")?,
                created_at: r.try_get("created_at")?,
                sent_at: r.try_get("sent_at")?,
                text: (!text.is_empty()).then_some(text),
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
        let talk = sqlx::query(
            "SELECT l.game_id, l.n, l.at, l.from_seat, l.to_seat, l.body, l.cleared, h.at AS hidden_at \
             FROM chat_lines l JOIN games g ON g.id = l.game_id \
             LEFT JOIN chat_hides h ON h.game_id = l.game_id AND h.n = l.n \
             WHERE EXISTS (SELECT 1 FROM seats s WHERE s.game_id = l.game_id AND s.seat = l.from_seat \
                           AND LOWER(s.email) = $1) \
                OR (l.from_seat IS NULL AND EXISTS (SELECT 1 FROM game_hosts gh \
                           WHERE gh.game_id = l.game_id AND LOWER(gh.email) = $1)) \
             ORDER BY g.created_at, l.game_id, l.n",
        )
        .bind(&email)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            let cleared = r
                .try_get::<Option<String>, _>("cleared")?
                .map(|c| super::ChatCleared::parse(&c))
                .transpose()
                .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
            let body: String = r.try_get("body")?;
            Ok(HeldLine {
                game_id: r.try_get("game_id")?,
                n: r.try_get("n")?,
                at: r.try_get("at")?,
                from_seat: r.try_get("from_seat")?,
                to_seat: r.try_get("to_seat")?,
                text: cleared.is_none().then_some(body),
                hidden: r.try_get::<Option<i64>, _>("hidden_at")?.is_some(),
                cleared,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
        let never_mail = sqlx::query("SELECT 1 AS x FROM mail_blocklist WHERE email = $1")
            .bind(&email)
            .fetch_optional(&self.pool)
            .await?
            .is_some();
        let failing: Option<String> =
            sqlx::query_scalar("SELECT reason FROM mail_failing WHERE address = $1")
                .bind(&email)
                .fetch_optional(&self.pool)
                .await?;
        let bounces: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM mail_bounces WHERE address = $1")
            .bind(&email)
            .fetch_one(&self.pool)
            .await?;
        let webhooks = sqlx::query(
            "SELECT w.game_id, w.seat, w.format, w.url, w.created_at FROM webhooks w \
             WHERE EXISTS (SELECT 1 FROM seats s WHERE s.game_id = w.game_id AND s.seat = w.seat \
                           AND LOWER(s.email) = $1) \
                OR (w.seat IS NULL AND EXISTS (SELECT 1 FROM game_hosts gh \
                           WHERE gh.game_id = w.game_id AND LOWER(gh.email) = $1)) \
             ORDER BY w.created_at, w.id",
        )
        .bind(&email)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            Ok(HeldWebhook {
                game_id: r.try_get("game_id")?,
                seat: r.try_get("seat")?,
                format: r.try_get("format")?,
                url: r.try_get("url")?,
                created_at: r.try_get("created_at")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
        Ok(HeldAbout {
            email,
            seats,
            hosted_games,
            account,
            mails,
            talk,
            never_mail,
            failing,
            bounces,
            webhooks,
        })
    }

    /// Forget `email` everywhere in one transaction: seats and hosted games keep their names
    /// and lose the address (they are mailed no more), mails to it lose their recipient and
    /// words (those not yet sent are never sent), the table talk written from its seats and as
    /// host loses its text (the lines stay, withdrawn), its account and sessions go. With
    /// `never_mail`, the address is listed so that no game mails it again (the one trace
    /// kept, at its owner's request).
    pub async fn forget(&self, email: &str, never_mail: bool, now: i64) -> Result<Forgotten, StoreError> {
        let mut tx = self.begin_write().await?;
        let forgotten = forget_in(&mut tx, email, never_mail, now).await?;
        tx.commit().await?;
        Ok(forgotten)
    }

    /// Keep a link mailed to `link.email` (its token's hash) with the mail that carries it, in
    /// one transaction; links a day past their expiry go.
    pub async fn address_link_create(
        &self,
        token_hash: &str,
        link: &AddressLink,
        now: i64,
        mail: &OutboxRow,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        sqlx::query("DELETE FROM address_links WHERE expires_at < $1")
            .bind(now - 24 * 3_600_000)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO address_links (token_hash, email, created_at, expires_at, used_at) VALUES ($1, $2, $3, $4, NULL)",
        )
        .bind(token_hash)
        .bind(link.email.trim().to_lowercase())
        .bind(now)
        .bind(link.expires_at)
        .execute(&mut *tx)
        .await?;
        super::insert_outbox(&mut tx, mail).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The link of a token's hash, if one was mailed (used, expired or not).
    pub async fn address_link(&self, token_hash: &str) -> Result<Option<AddressLink>, StoreError> {
        let row = sqlx::query("SELECT email, expires_at, used_at FROM address_links WHERE token_hash = $1")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row
            .map(|r| {
                Ok::<_, sqlx::Error>(AddressLink {
                    email: r.try_get("email")?,
                    expires_at: r.try_get("expires_at")?,
                    used_at: r.try_get("used_at")?,
                })
            })
            .transpose()?)
    }

    /// Forget the address of a mailed link, using the link up, in one transaction: `None`,
    /// and nothing done, unless the link is unused and not expired at `now` (of two uses at
    /// once exactly one forgets).
    pub async fn forget_by_link(
        &self,
        token_hash: &str,
        never_mail: bool,
        now: i64,
    ) -> Result<Option<Forgotten>, StoreError> {
        let mut tx = self.begin_write().await?;
        let email: Option<String> = sqlx::query_scalar(
            "UPDATE address_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING email",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(email) = email else {
            tx.rollback().await?;
            return Ok(None);
        };
        let forgotten = forget_in(&mut tx, &email, never_mail, now).await?;
        tx.commit().await?;
        Ok(Some(forgotten))
    }
}

/// [`Store::forget`] inside `tx`.
async fn forget_in(
    tx: &mut super::WriteTx,
    email: &str,
    never_mail: bool,
    now: i64,
) -> Result<Forgotten, StoreError> {
    let email = email.trim().to_lowercase();
    let tx = &mut **tx;
    // The lines it wrote, while the seats and hosts still name it.
    let talk_lines = super::chat::withdraw_lines_of(tx, &email).await?;
    // The webhooks of its seats and of the games it hosts (their URLs and secrets are its own).
    sqlx::query(
        "DELETE FROM webhooks WHERE EXISTS (SELECT 1 FROM seats s WHERE s.game_id = webhooks.game_id AND s.seat = webhooks.seat AND LOWER(s.email) = $1)
            OR (seat IS NULL AND game_id IN (SELECT game_id FROM game_hosts WHERE LOWER(email) = $1))",
    )
    .bind(&email)
    .execute(&mut *tx)
    .await?;
    let seats = sqlx::query("UPDATE seats SET email = '', time_zone = NULL WHERE LOWER(email) = $1")
        .bind(&email)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    let hosted_games = sqlx::query("UPDATE game_hosts SET email = '' WHERE LOWER(email) = $1")
        .bind(&email)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    // "My games" keeps the address beside each line (normalized): it goes with them.
    sqlx::query("UPDATE game_lines SET address = '' WHERE address = $1")
        .bind(&email)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE game_clock SET host_email = '' WHERE LOWER(host_email) = $1")
        .bind(&email)
        .execute(&mut *tx)
        .await?;
    let mails = sqlx::query(
        "UPDATE outbox SET recipient = '', body_text = '', body_html = NULL, unsubscribe_url = NULL, \
             reply_to = NULL, status = CASE WHEN status IN ($2, $3) THEN $4 ELSE status END \
             WHERE LOWER(recipient) = $1",
    )
    .bind(&email)
    .bind(MailStatus::Pending.text())
    .bind(MailStatus::Held.text())
    .bind(MailStatus::Suppressed.text())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let account: Option<String> = sqlx::query_scalar("SELECT id FROM accounts WHERE LOWER(email) = $1")
        .bind(&email)
        .fetch_optional(&mut *tx)
        .await?;
    let mut accounts = 0;
    if let Some(id) = account {
        // Its browsers' subscriptions, and the seats' push webhooks they made.
        sqlx::query("DELETE FROM webhooks WHERE format = 'push' AND url IN (SELECT endpoint FROM account_push WHERE account_id = $1)")
            .bind(&id)
            .execute(&mut *tx)
            .await?;
        for table in ["sessions", "account_tokens", "account_seats", "account_push"] {
            sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {table} WHERE account_id = $1")))
                .bind(&id)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("UPDATE game_lines SET account_id = NULL WHERE account_id = $1")
            .bind(&id)
            .execute(&mut *tx)
            .await?;
        accounts = sqlx::query("DELETE FROM accounts WHERE id = $1")
            .bind(&id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    }
    for table in ["mail_failing", "mail_bounces"] {
        sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {table} WHERE address = $1")))
            .bind(&email)
            .execute(&mut *tx)
            .await?;
    }
    // Its links go too: used or not, they would open nothing now.
    sqlx::query("DELETE FROM address_links WHERE email = $1").bind(&email).execute(&mut *tx).await?;
    if never_mail {
        sqlx::query(
            "INSERT INTO mail_blocklist (email, blocked_at) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING",
        )
        .bind(&email)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    Ok(Forgotten { seats, hosted_games, mails, accounts, talk_lines })
}
