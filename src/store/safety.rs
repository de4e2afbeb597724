//! The store's side of keeping feldpost from mailing strangers: each game's host
//! address and whether it is proved, and the addresses that asked for no mail at all.

use super::{Store, StoreError};
use sqlx::Row;

/// The condition under which an outbox row may be delivered: mail of no game (account mail,
/// a host's confirmation) always; a game's mail once its host has proved an address.
#[macro_export]
#[doc(hidden)]
macro_rules! released_mail {
    () => {
        "(game_id IS NULL OR game_id IN (SELECT game_id FROM game_hosts WHERE confirmed_at IS NOT NULL))"
    };
}

/// A game's host: the address, and whether it is proved.
#[derive(Debug, Clone, PartialEq)]
pub struct GameHost {
    pub game_id: String,
    pub email: String,
    /// SHA-256 of the secret the confirmation mail carries (None: proved at creation).
    pub confirm_hash: Option<String>,
    pub confirmed_at: Option<i64>,
}

impl Store {
    pub async fn game_host(&self, game_id: &str) -> Result<Option<GameHost>, StoreError> {
        if !crate::secret::plausible_id(game_id) {
            return Ok(None);
        }
        let row = sqlx::query(
            "SELECT game_id, email, confirm_hash, confirmed_at FROM game_hosts WHERE game_id = $1",
        )
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else { return Ok(None) };
        Ok(Some(GameHost {
            game_id: r.try_get("game_id")?,
            email: r.try_get("email")?,
            confirm_hash: r.try_get("confirm_hash")?,
            confirmed_at: r.try_get("confirmed_at")?,
        }))
    }

    /// The host proves the address with the mailed secret (by its hash): true if this call or
    /// an earlier one confirmed it, false if the secret is not this game's.
    pub async fn game_host_confirm(
        &self,
        game_id: &str,
        confirm_hash: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        sqlx::query(
            "UPDATE game_hosts SET confirmed_at = $1 WHERE game_id = $2 AND confirm_hash = $3 AND confirmed_at IS NULL",
        )
        .bind(now)
        .bind(game_id)
        .bind(confirm_hash)
        .execute(&self.pool)
        .await?;
        Ok(self
            .game_host(game_id)
            .await?
            .is_some_and(|h| h.confirmed_at.is_some() && h.confirm_hash.as_deref() == Some(confirm_hash)))
    }

    /// A new confirmation secret for a game's host address (the old link stops working), with
    /// the mail that carries it, in one transaction; false (nothing written) once it is proved.
    pub async fn game_host_new_secret(
        &self,
        game_id: &str,
        confirm_hash: &str,
        mail: &super::OutboxRow,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let done = sqlx::query(
            "UPDATE game_hosts SET confirm_hash = $1 WHERE game_id = $2 AND confirmed_at IS NULL",
        )
        .bind(confirm_hash)
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        super::insert_outbox(&mut tx, mail).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// No mail to `email` (normalized) any more: listed, and what waits for it is set aside, in
    /// one transaction.
    pub async fn mail_block(&self, email: &str, now: i64) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO mail_blocklist (email, blocked_at) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING",
        )
        .bind(email)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE outbox SET status = $1 WHERE status = $2 AND LOWER(recipient) = $3")
            .bind(super::MailStatus::Suppressed.text())
            .bind(super::MailStatus::Pending.text())
            .bind(email)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn mail_blocked(&self, email: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT email FROM mail_blocklist WHERE email = $1")
            .bind(email)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }
}

/// A game's host row, inside the caller's transaction (a game is created with it).
pub(crate) async fn insert_game_host(
    conn: &mut sqlx::AnyConnection,
    h: &GameHost,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO game_hosts (game_id, email, confirm_hash, confirmed_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&h.game_id)
    .bind(&h.email)
    .bind(&h.confirm_hash)
    .bind(h.confirmed_at)
    .execute(conn)
    .await?;
    Ok(())
}
