//! The store's mail side: claiming outbox rows for sending, mail preferences and absences per
//! seat, each game's deadline settings, and the daily digest.

use super::lane::on_lane;
use super::{DeadlinePolicy, MailPref, MailStatus, OutboxRow, Store, StoreError, UnknownValue, outbox_row};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A seat's mail settings (its absence is in the log: see `Notes::absence`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeatMail {
    pub pref: MailPref,
    /// Mail as text only: no picture (see `play::pictures`).
    pub text_only: bool,
}

/// A game's deadline settings and where its current wait stands.
#[derive(Debug, Clone, PartialEq)]
pub struct GameClock {
    pub game_id: String,
    /// None: no deadline.
    pub turn_ms: Option<i64>,
    pub remind_before_ms: i64,
    pub policy: DeadlinePolicy,
    pub absence_budget_ms: i64,
    pub pause_max_ms: i64,
    pub host_email: String,
    pub reminded_seq: i64,
    pub overdue_seq: i64,
    pub paused_until: Option<i64>,
}

fn clock_row(r: &AnyRow) -> Result<GameClock, sqlx::Error> {
    Ok(GameClock {
        game_id: r.try_get("game_id")?,
        turn_ms: r.try_get("turn_ms")?,
        remind_before_ms: r.try_get("remind_before_ms")?,
        policy: {
            let code: String = r.try_get("policy")?;
            DeadlinePolicy::from_code(&code).ok_or_else(|| {
                sqlx::Error::Decode(Box::new(UnknownValue { column: "game_clock.policy", value: code }))
            })?
        },
        absence_budget_ms: r.try_get("absence_budget_ms")?,
        pause_max_ms: r.try_get("pause_max_ms")?,
        host_email: r.try_get("host_email")?,
        reminded_seq: r.try_get("reminded_seq")?,
        overdue_seq: r.try_get("overdue_seq")?,
        paused_until: r.try_get("paused_until")?,
    })
}

macro_rules! clock_cols {
    () => {
        "SELECT game_id, turn_ms, remind_before_ms, policy, absence_budget_ms, pause_max_ms, host_email, reminded_seq, overdue_seq, paused_until FROM game_clock"
    };
}

macro_rules! outbox_cols {
    () => {
        "SELECT id, game_id, seq, recipient, kind, subject, body_text, created_at, status, attempts, next_attempt_at, sent_at, transport, last_error, seat, body_html, unsubscribe_url, chain_head, thread, reply_to FROM outbox"
    };
}

/// Whether SQL's `lower(trim(…))` gives what [`super::normalize_address`] gives: on ASCII,
/// where no whitespace but spaces stands at either end.
fn sql_normalizes(address: &str) -> bool {
    address.is_ascii() && address.trim() == address.trim_matches(' ')
}

/// What one claim took: the mails, and what the worker must know before sending them.
#[derive(Debug, Default)]
pub struct Claimed {
    pub mails: Vec<ClaimedMail>,
    /// Some mail waits out a backoff (a delivery of this pass makes it due at once).
    pub backoff_waiting: bool,
}

/// A claimed mail.
#[derive(Debug)]
pub struct ClaimedMail {
    pub row: OutboxRow,
    /// Whether its address fails; None where the claim could not tell (an address beyond
    /// ASCII: the store's normalization is Unicode's lower case, SQL's is not).
    pub failing: Option<bool>,
    /// Its seat's mail preference, if the seat set one.
    pub pref: Option<MailPref>,
    /// Its seat reads mail as text only (no picture).
    pub text_only: bool,
}

impl Store {
    /// Pending messages due at `now` that no live worker holds, oldest first.
    pub async fn outbox_due_unclaimed(&self, now: i64, limit: i64) -> Result<Vec<OutboxRow>, StoreError> {
        // A game's mail waits until its host has proved an address.
        let rows = sqlx::query(concat!(
            outbox_cols!(),
            " WHERE status = $1 AND next_attempt_at <= $2 AND claimed_until <= $2 AND ",
            crate::released_mail!(),
            " ORDER BY created_at, id LIMIT $3"
        ))
        .bind(MailStatus::Pending.text())
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(outbox_row).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// Take a row for sending until `lease_until`. Of two workers, exactly one gets it; a row
    /// whose lease has run out (its worker died) can be taken again.
    pub async fn outbox_claim(
        &self,
        id: &str,
        claim: &str,
        now: i64,
        lease_until: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE outbox SET claimed_until = $1, claim = $2 WHERE id = $3 AND status = $4 AND claimed_until <= $5")
            .bind(lease_until)
            .bind(claim)
            .bind(id)
            .bind(MailStatus::Pending.text())
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Claim up to `limit` due mails no live worker holds, oldest first, in one statement, and
    /// return them with what the worker must know before sending each: whether its address
    /// fails and its seat's preference (read in the same statement: the worker claims after
    /// every move that mails, and three statements a pass were a fifth of a mail's cost), and
    /// whether any mail waits out a backoff. The outer conditions are checked again on each row
    /// as it is updated, so of two workers claiming at once each row goes to exactly one.
    pub async fn outbox_claim_due(
        &self,
        now: i64,
        lease_until: i64,
        claim: &str,
        limit: i64,
    ) -> Result<Claimed, StoreError> {
        let query = || {
            sqlx::query(concat!(
            "UPDATE outbox SET claimed_until = $1, claim = $2 WHERE status = $3 AND next_attempt_at <= $4 AND claimed_until <= $4 AND id IN (SELECT id FROM outbox WHERE status = $3 AND next_attempt_at <= $4 AND claimed_until <= $4 AND ",
            crate::released_mail!(),
            " ORDER BY created_at, id LIMIT $5) RETURNING id, game_id, seq, recipient, kind, subject, body_text, created_at, status, attempts, next_attempt_at, sent_at, transport, last_error, seat, body_html, unsubscribe_url, chain_head, thread, reply_to",
            // SQL's lower() agrees with `normalize_address` on ASCII only: the worker asks
            // again for any other address (`ClaimedMail::failing`).
            ", CASE WHEN EXISTS (SELECT 1 FROM mail_failing f WHERE f.address = lower(trim(outbox.recipient))) THEN 1 ELSE 0 END AS address_fails",
            ", (SELECT m.pref FROM seat_mail m WHERE m.game_id = outbox.game_id AND m.seat = outbox.seat) AS seat_pref",
            ", (SELECT m.text_only FROM seat_mail m WHERE m.game_id = outbox.game_id AND m.seat = outbox.seat) AS text_only",
            ", CASE WHEN EXISTS (SELECT 1 FROM outbox w WHERE w.status = $3 AND w.next_attempt_at > $4 AND w.attempts > 0) THEN 1 ELSE 0 END AS backoff_waiting"
        ))
        .bind(lease_until)
        .bind(claim)
        .bind(MailStatus::Pending.text())
        .bind(now)
        .bind(limit)
        };
        // The worker claims after every move that mails: the hot path's connections.
        let rows = on_lane!(self.lane, |conn| query().fetch_all(&mut *conn).await)?;
        let mut claimed = Claimed::default();
        for r in &rows {
            let row = outbox_row(r)?;
            let pref = match r.try_get::<Option<String>, _>("seat_pref")? {
                None => None,
                Some(code) => Some(MailPref::from_code(&code).ok_or_else(|| {
                    sqlx::Error::Decode(Box::new(UnknownValue { column: "seat_mail.pref", value: code }))
                })?),
            };
            let failing =
                sql_normalizes(&row.recipient).then_some(r.try_get::<i64, _>("address_fails")? == 1);
            claimed.backoff_waiting |= r.try_get::<i64, _>("backoff_waiting")? == 1;
            let text_only = r.try_get::<Option<i64>, _>("text_only")?.unwrap_or(0) != 0;
            claimed.mails.push(ClaimedMail { row, failing, pref, text_only });
        }
        // RETURNING keeps no order: oldest first, as they were chosen.
        claimed.mails.sort_by(|a, b| (a.row.created_at, &a.row.id).cmp(&(b.row.created_at, &b.row.id)));
        Ok(claimed)
    }

    /// A mail the server refused for good (5xx): marked failed, never tried again (the host
    /// page lists it with the server's answer).
    pub async fn outbox_refused_claimed(&self, id: &str, claim: &str, error: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE outbox SET status = $1, attempts = attempts + 1, last_error = $2, claimed_until = 0 WHERE id = $3 AND status = $4 AND claim = $5",
        )
        .bind(MailStatus::Failed.text())
        .bind(error)
        .bind(id)
        .bind(MailStatus::Pending.text())
        .bind(claim)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Record a delivery by the worker holding `claim`.
    pub async fn outbox_sent_claimed(
        &self,
        id: &str,
        claim: &str,
        now: i64,
        transport: &str,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE outbox SET status = $1, sent_at = $2, transport = $3, attempts = attempts + 1, claimed_until = 0 WHERE id = $4 AND status = $5 AND claim = $6",
        )
        .bind(MailStatus::Sent.text())
        .bind(now)
        .bind(transport)
        .bind(id)
        .bind(MailStatus::Pending.text())
        .bind(claim)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Record the deliveries of `ids` by the worker holding `claim`, in one statement: how many
    /// were still its to mark (see [`Store::outbox_sent_claimed`]).
    pub async fn outbox_sent_claimed_all(
        &self,
        ids: &[String],
        claim: &str,
        now: i64,
        transport: &str,
    ) -> Result<u64, StoreError> {
        let mut marked = 0;
        for chunk in ids.chunks(100) {
            let listed: Vec<String> = (6..6 + chunk.len()).map(|i| format!("${i}")).collect();
            let sql = format!(
                "UPDATE outbox SET status = $1, sent_at = $2, transport = $3, attempts = attempts + 1, claimed_until = 0 WHERE status = $4 AND claim = $5 AND id IN ({})",
                listed.join(", ")
            );
            let query = || {
                let mut q = sqlx::query(sqlx::AssertSqlSafe(sql.clone()))
                    .bind(MailStatus::Sent.text())
                    .bind(now)
                    .bind(transport)
                    .bind(MailStatus::Pending.text())
                    .bind(claim);
                for id in chunk {
                    q = q.bind(id.as_str());
                }
                q
            };
            // Marked after every delivery: the hot path's connections.
            marked += on_lane!(self.lane, |conn| query().execute(&mut *conn).await)?.rows_affected();
        }
        Ok(marked)
    }

    /// Record a failed attempt by the worker holding `claim`, and when to try again.
    pub async fn outbox_failed_claimed(
        &self,
        id: &str,
        claim: &str,
        retry_at: i64,
        error: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2, claimed_until = 0 WHERE id = $3 AND status = $4 AND claim = $5",
        )
        .bind(retry_at)
        .bind(error)
        .bind(id)
        .bind(MailStatus::Pending.text())
        .bind(claim)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Give back what a claim still holds unsent (the server is stopping): due again at once,
    /// for this server after its restart or for another now, not after the lease runs out.
    pub async fn outbox_release_claim(&self, claim: &str) -> Result<u64, StoreError> {
        let done = sqlx::query("UPDATE outbox SET claimed_until = 0 WHERE claim = $1 AND status = $2")
            .bind(claim)
            .bind(MailStatus::Pending.text())
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// Set aside a claimed row instead of sending it (held for the digest, or suppressed).
    pub async fn outbox_set_aside(
        &self,
        id: &str,
        claim: &str,
        status: MailStatus,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE outbox SET status = $1, claimed_until = 0 WHERE id = $2 AND status = $3 AND claim = $4",
        )
        .bind(status.text())
        .bind(id)
        .bind(MailStatus::Pending.text())
        .bind(claim)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// One message by id.
    pub async fn outbox_get(&self, id: &str) -> Result<Option<OutboxRow>, StoreError> {
        let row = sqlx::query(concat!(outbox_cols!(), " WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(outbox_row).transpose().map_err(Into::into)
    }

    /// A game's messages, in order.
    pub async fn outbox_of_game(&self, game_id: &str) -> Result<Vec<OutboxRow>, StoreError> {
        let rows = sqlx::query(concat!(outbox_cols!(), " WHERE game_id = $1 ORDER BY seq, created_at, id"))
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(outbox_row).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// Every mail waiting out a retry's backoff is due at `now` (the mail server is back, or the
    /// operator says so): how many.
    pub async fn outbox_retry_now(&self, now: i64) -> Result<u64, StoreError> {
        let query = || {
            sqlx::query(
                "UPDATE outbox SET next_attempt_at = $1 WHERE status = $2 AND next_attempt_at > $1 AND attempts > 0",
            )
            .bind(now)
            .bind(MailStatus::Pending.text())
        };
        // After every pass that delivered: the hot path's connections.
        let done = on_lane!(self.lane, |conn| query().execute(&mut *conn).await)?;
        Ok(done.rows_affected())
    }

    /// Whether a mail of `kind` to `recipient` at step `seq` of a game was queued already.
    pub async fn outbox_has(
        &self,
        game_id: &str,
        seq: i64,
        recipient: &str,
        kind: &super::MailKind,
    ) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 AS found FROM outbox WHERE game_id = $1 AND seq = $2 AND recipient = $3 AND kind = $4",
        )
        .bind(game_id)
        .bind(seq)
        .bind(recipient)
        .bind(kind.text())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// The game's records after the last turn mail to `seat` (all of them if it had none), in
    /// order: what its next turn mail tells. One statement, on the hot path's connections: a
    /// move that asks a seat with an address reads it.
    pub async fn records_since_turn_mail(
        &self,
        game_id: &str,
        seat: i64,
    ) -> Result<Vec<super::Chained>, StoreError> {
        let query = || {
            sqlx::query(
                "SELECT seq, body, prev_hash, hash FROM events WHERE game_id = $1 AND seq > COALESCE((SELECT MAX(seq) FROM outbox WHERE game_id = $1 AND seat = $2 AND kind = $3 AND seq > 0), 0) ORDER BY seq",
            )
            .bind(game_id)
            .bind(seat)
            .bind(super::MailKind::Turn.text())
        };
        let rows = on_lane!(self.lane, |conn| query().fetch_all(&mut *conn).await)?;
        rows.iter().map(super::chained_row).collect::<Result<_, sqlx::Error>>().map_err(Into::into)
    }

    /// Messages not tied to a record of the log (reminders, digests, notices), each at most
    /// once per (game, seq, recipient, kind).
    pub async fn outbox_insert(&self, rows: &[OutboxRow]) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        for m in rows {
            super::insert_outbox(&mut tx, m).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Held turn mail, by game and seat, oldest first.
    pub async fn outbox_held(&self) -> Result<Vec<OutboxRow>, StoreError> {
        let rows = sqlx::query(concat!(
            outbox_cols!(),
            " WHERE status = $1 ORDER BY game_id, seat, seq, created_at"
        ))
        .bind(MailStatus::Held.text())
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(outbox_row).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// Write a digest and mark what it carries as digested, in one transaction.
    pub async fn outbox_digest(&self, digest: &OutboxRow, carried: &[String]) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        super::insert_outbox(&mut tx, digest).await?;
        for id in carried {
            sqlx::query("UPDATE outbox SET status = $1 WHERE id = $2 AND status = $3")
                .bind(MailStatus::Digested.text())
                .bind(id)
                .bind(MailStatus::Held.text())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Claim the digest of `day` (days since the epoch, UTC): true for exactly one caller.
    pub async fn digest_day_claim(&self, day: i64, now: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO mail_digest_days (day, sent_at) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING",
        )
        .bind(day)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn seat_mail(&self, game_id: &str, seat: i64) -> Result<SeatMail, StoreError> {
        let row = sqlx::query("SELECT pref, text_only FROM seat_mail WHERE game_id = $1 AND seat = $2")
            .bind(game_id)
            .bind(seat)
            .fetch_optional(&self.pool)
            .await?;
        match row {
            None => Ok(SeatMail::default()),
            Some(r) => {
                let code: String = r.try_get("pref")?;
                let pref = MailPref::from_code(&code).ok_or_else(|| {
                    sqlx::Error::Decode(Box::new(UnknownValue { column: "seat_mail.pref", value: code }))
                })?;
                let text_only: i64 = r.try_get("text_only")?;
                Ok(SeatMail { pref, text_only: text_only != 0 })
            }
        }
    }

    pub async fn set_seat_mail(&self, game_id: &str, seat: i64, m: &SeatMail) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO seat_mail (game_id, seat, pref, text_only) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id, seat) DO UPDATE SET pref = $3, text_only = $4",
        )
        .bind(game_id)
        .bind(seat)
        .bind(m.pref.code())
        .bind(i64::from(m.text_only))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn insert_game_clock(&self, c: &GameClock) -> Result<(), StoreError> {
        insert_game_clock(&mut *self.pool.acquire().await?, c).await?;
        Ok(())
    }

    pub async fn game_clock(&self, game_id: &str) -> Result<Option<GameClock>, StoreError> {
        let row = sqlx::query(concat!(clock_cols!(), " WHERE game_id = $1"))
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(clock_row).transpose().map_err(Into::into)
    }

    /// Games not yet finished that have a deadline or a pause.
    pub async fn game_clocks_running(&self) -> Result<Vec<GameClock>, StoreError> {
        let rows = sqlx::query(concat!(
            clock_cols!(),
            " WHERE (turn_ms IS NOT NULL OR paused_until IS NOT NULL) AND game_id IN (SELECT id FROM games WHERE finished_at IS NULL) ORDER BY game_id"
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(clock_row).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// Note that the wait at `seq` has been reminded of / gone overdue and write its mails, in
    /// one transaction; false (and nothing written) if it already was.
    pub async fn game_clock_mark_with_mail(
        &self,
        game_id: &str,
        reminded: bool,
        seq: i64,
        rows: &[OutboxRow],
    ) -> Result<bool, StoreError> {
        let sql = if reminded {
            "UPDATE game_clock SET reminded_seq = $1 WHERE game_id = $2 AND reminded_seq < $1"
        } else {
            "UPDATE game_clock SET overdue_seq = $1, reminded_seq = $1 WHERE game_id = $2 AND overdue_seq < $1"
        };
        let mut tx = self.begin_write().await?;
        let done = sqlx::query(sql).bind(seq).bind(game_id).execute(&mut *tx).await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        for m in rows {
            super::insert_outbox(&mut tx, m).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    pub async fn game_clock_pause(&self, game_id: &str, paused_until: Option<i64>) -> Result<(), StoreError> {
        sqlx::query("UPDATE game_clock SET paused_until = $1 WHERE game_id = $2")
            .bind(paused_until)
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// A game's clock row, inside the caller's transaction (a game is created with its clock).
pub(crate) async fn insert_game_clock(
    conn: &mut sqlx::AnyConnection,
    c: &GameClock,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO game_clock (game_id, turn_ms, remind_before_ms, policy, absence_budget_ms, pause_max_ms, host_email, reminded_seq, overdue_seq, paused_until)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&c.game_id)
    .bind(c.turn_ms)
    .bind(c.remind_before_ms)
    .bind(c.policy.code())
    .bind(c.absence_budget_ms)
    .bind(c.pause_max_ms)
    .bind(&c.host_email)
    .bind(c.reminded_seq)
    .bind(c.overdue_seq)
    .bind(c.paused_until)
    .execute(conn)
    .await?;
    Ok(())
}

/// A mail's picture as the store keeps it (see `play::pictures`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPicture {
    /// None: no picture for this seat at this step (kept so it is not drawn again).
    pub png: Option<Vec<u8>>,
    pub alt: String,
    pub width: u32,
    pub height: u32,
}

impl Store {
    /// The picture kept for `seat` of `game_id` at `seq` (`what`: "board" or "stats"), if one
    /// was drawn (or found not to be drawn).
    pub async fn mail_picture(
        &self,
        game_id: &str,
        seq: i64,
        seat: i64,
        what: &str,
    ) -> Result<Option<StoredPicture>, StoreError> {
        use base64::Engine;
        let row = sqlx::query(
            "SELECT png, alt, width, height FROM mail_pictures
             WHERE game_id = $1 AND seq = $2 AND seat = $3 AND what = $4",
        )
        .bind(game_id)
        .bind(seq)
        .bind(seat)
        .bind(what)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else { return Ok(None) };
        let png: Option<String> = r.try_get("png")?;
        let png = match png {
            Some(text) => Some(base64::engine::general_purpose::STANDARD.decode(text).map_err(|e| {
                sqlx::Error::Decode(Box::new(UnknownValue {
                    column: "mail_pictures.png",
                    value: e.to_string(),
                }))
            })?),
            None => None,
        };
        let (width, height): (i64, i64) = (r.try_get("width")?, r.try_get("height")?);
        Ok(Some(StoredPicture { png, alt: r.try_get("alt")?, width: width as u32, height: height as u32 }))
    }

    /// Keep a picture drawn for `seat` of `game_id` at `seq`. A second worker that drew the same
    /// picture meanwhile keeps the first.
    pub async fn put_mail_picture(
        &self,
        game_id: &str,
        seq: i64,
        seat: i64,
        what: &str,
        picture: &StoredPicture,
        now: i64,
    ) -> Result<(), StoreError> {
        use base64::Engine;
        sqlx::query(
            "INSERT INTO mail_pictures (game_id, seq, seat, what, png, alt, width, height, made_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (game_id, seq, seat, what) DO NOTHING",
        )
        .bind(game_id)
        .bind(seq)
        .bind(seat)
        .bind(what)
        .bind(picture.png.as_ref().map(|png| base64::engine::general_purpose::STANDARD.encode(png)))
        .bind(picture.alt.as_str())
        .bind(i64::from(picture.width))
        .bind(i64::from(picture.height))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
