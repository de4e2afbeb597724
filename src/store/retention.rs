//! Players' data kept no longer than needed: what the outbox forgets once a mail is done with.

use super::{MailStatus, Store, StoreError};

impl Store {
    /// Clear the bodies (text, HTML, the sealed unsubscribe and reply addresses) of at most
    /// `at_most` mails done with (sent, refused for good, digested, never sent) before
    /// `done_before` (ms; sent mail by when it was sent, the rest by its last attempt). The
    /// row stays: recipient, kind, subject, status and times are what the host page and an
    /// audit of who was told what, when, read. Returns how many were cleared; a pass that
    /// clears `at_most` leaves more to the next.
    pub async fn outbox_forget_bodies(&self, done_before: i64, at_most: i64) -> Result<u64, StoreError> {
        let done: Vec<String> =
            MailStatus::ALL.into_iter().filter(|s| s.is_done()).map(|s| format!("'{}'", s.text())).collect();
        let sql = format!(
            "UPDATE outbox SET body_text = '', body_html = NULL, unsubscribe_url = NULL, reply_to = NULL \
             WHERE id IN (SELECT id FROM outbox WHERE status IN ({}) AND COALESCE(sent_at, next_attempt_at) < $1 \
             AND (body_text <> '' OR body_html IS NOT NULL) LIMIT $2)",
            done.join(", ")
        );
        let cleared =
            sqlx::query(sqlx::AssertSqlSafe(sql)).bind(done_before).bind(at_most).execute(&self.pool).await?;
        Ok(cleared.rows_affected())
    }

    /// Drop the mail pictures drawn before `made_before` (ms). A picture is kept only for its
    /// mail's retries: one still sent after this is drawn again from the log, the same picture.
    pub async fn mail_pictures_drop(&self, made_before: i64) -> Result<u64, StoreError> {
        let dropped = sqlx::query("DELETE FROM mail_pictures WHERE made_at < $1")
            .bind(made_before)
            .execute(&self.pool)
            .await?;
        Ok(dropped.rows_affected())
    }
}
