//! Inbound mail: which messages have been acted on, by Message-ID (a message
//! delivered twice acts once). A Message-ID is whatever its sender wrote, of any length: it is
//! kept as its SHA-256 (the `message_id` column holds `sha256:<hex>`), so no id is refused as a
//! key for its length, and a database copy holds no sender's ids.

use super::{Store, StoreError};
use sha2::{Digest, Sha256};

/// The key a Message-ID is kept under.
fn key(message_id: &str) -> String {
    format!("sha256:{}", hex::encode(Sha256::digest(message_id.as_bytes())))
}

impl Store {
    /// Claim an inbound message by its Message-ID before acting on it. `false`: it was seen
    /// before (a second delivery), and nothing may be done with it.
    pub async fn inbound_claim(&self, message_id: &str, game_id: &str, now: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO inbound_mail (message_id, received_at, game_id, outcome) VALUES ($1, $2, $3, 'pending')
             ON CONFLICT (message_id) DO NOTHING",
        )
        .bind(key(message_id))
        .bind(now)
        .bind(game_id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// What came of a claimed message ("done", "refused", "moved-on", …).
    pub async fn inbound_outcome(&self, message_id: &str, outcome: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE inbound_mail SET outcome = $1 WHERE message_id = $2")
            .bind(outcome)
            .bind(key(message_id))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Give a claim back when acting failed for a reason that passes (the database was away),
    /// so the sender's retry is not taken for a second delivery.
    pub async fn inbound_release(&self, message_id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM inbound_mail WHERE message_id = $1 AND outcome = 'pending'")
            .bind(key(message_id))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The recorded outcome of a message, if it was seen.
    pub async fn inbound_seen(&self, message_id: &str) -> Result<Option<String>, StoreError> {
        use sqlx::Row;
        let row = sqlx::query("SELECT outcome FROM inbound_mail WHERE message_id = $1")
            .bind(key(message_id))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get("outcome")).transpose()?)
    }
}
