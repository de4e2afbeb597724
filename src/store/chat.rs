//! Table talk: the lines written beside a game and the host's hidings, in tables of their own
//! that are not the log (migrations/0016_chat.sql), append-only as the log is. Who may read a
//! line is decided in `src/play/chat.rs`; the queries here take the reader it names and select
//! only that reader's lines, so that no other line is ever read for them.

use super::{ChatCleared, Store, StoreError, is_unique_violation};
use sqlx::Row;
use sqlx::any::AnyRow;

/// One line as stored, with when the host hid it (if they did).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatRow {
    /// Its number in the game, from 1.
    pub n: i64,
    pub at: i64,
    /// The game's step when it was written.
    pub seq: i64,
    /// `None`: the host.
    pub from_seat: Option<i64>,
    /// `None`: everyone at the table; else that seat alone (and the writer).
    pub to_seat: Option<i64>,
    /// Empty once cleared.
    pub body: String,
    pub hidden_at: Option<i64>,
    /// Why its text is gone, if it is (its body is empty then).
    pub cleared: Option<ChatCleared>,
}

/// A reader's lines of game `$1`: the lines to everyone, and those seat `$2` wrote or was
/// written to (`$2` -1: the lines to everyone only; no seat is -1, and the host's lines have no
/// seat), each with when it was hidden.
macro_rules! chat_select {
    () => {
        "SELECT l.n, l.at, l.seq, l.from_seat, l.to_seat, l.body, h.at AS hidden_at, l.cleared FROM chat_lines l LEFT JOIN chat_hides h ON h.game_id = l.game_id AND h.n = l.n WHERE l.game_id = $1 AND (l.to_seat IS NULL OR l.from_seat = $2 OR l.to_seat = $2)"
    };
}

fn chat_row(r: &AnyRow) -> Result<ChatRow, sqlx::Error> {
    Ok(ChatRow {
        n: r.try_get("n")?,
        at: r.try_get("at")?,
        seq: r.try_get("seq")?,
        from_seat: r.try_get("from_seat")?,
        to_seat: r.try_get("to_seat")?,
        body: r.try_get("body")?,
        hidden_at: r.try_get("hidden_at")?,
        cleared: r
            .try_get::<Option<String>, _>("cleared")?
            .map(|c| ChatCleared::parse(&c))
            .transpose()
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
    })
}

impl Store {
    /// Append a line to `game_id`'s table talk; its number. Two written at once get the next
    /// two numbers (the one that finds its number taken takes the next).
    #[allow(clippy::too_many_arguments)]
    pub async fn chat_append(
        &self,
        game_id: &str,
        at: i64,
        seq: i64,
        from_seat: Option<i64>,
        to_seat: Option<i64>,
        body: &str,
    ) -> Result<i64, StoreError> {
        let mut tries = 0;
        loop {
            let _turn = self.writer_turn().await;
            let n: Result<i64, sqlx::Error> = sqlx::query_scalar(
                "INSERT INTO chat_lines (game_id, n, at, seq, from_seat, to_seat, body)
                 SELECT $1, COALESCE(MAX(n), 0) + 1, $2, $3, $4, $5, $6 FROM chat_lines WHERE game_id = $1
                 RETURNING n",
            )
            .bind(game_id)
            .bind(at)
            .bind(seq)
            .bind(from_seat)
            .bind(to_seat)
            .bind(body)
            .fetch_one(&self.pool)
            .await;
            match n {
                Err(e) if is_unique_violation(&e) && tries < 8 => tries += 1,
                n => return Ok(n?),
            }
        }
    }

    /// The host hides line `n` (a line to everyone; a private one is not theirs to see).
    /// `false`: no such line, or it was hidden before.
    pub async fn chat_hide(&self, game_id: &str, n: i64, at: i64) -> Result<bool, StoreError> {
        let _turn = self.writer_turn().await;
        let done = sqlx::query(
            "INSERT INTO chat_hides (game_id, n, at)
             SELECT game_id, n, $3 FROM chat_lines WHERE game_id = $1 AND n = $2 AND to_seat IS NULL
             ON CONFLICT (game_id, n) DO NOTHING",
        )
        .bind(game_id)
        .bind(n)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// `reader`'s lines of the game (see `chat_select!`), in order: the last `last` of them, or
    /// with `step`, those written at that step of the game.
    pub async fn chat_lines(
        &self,
        game_id: &str,
        reader: i64,
        step: Option<i64>,
        last: Option<i64>,
    ) -> Result<Vec<ChatRow>, StoreError> {
        let rows = match (step, last) {
            (Some(step), _) => {
                sqlx::query(concat!(chat_select!(), " AND l.seq = $3 ORDER BY l.n"))
                    .bind(game_id)
                    .bind(reader)
                    .bind(step)
                    .fetch_all(&self.pool)
                    .await?
            }
            (None, Some(last)) => {
                let mut rows = sqlx::query(concat!(chat_select!(), " ORDER BY l.n DESC LIMIT $3"))
                    .bind(game_id)
                    .bind(reader)
                    .bind(last)
                    .fetch_all(&self.pool)
                    .await?;
                rows.reverse();
                rows
            }
            (None, None) => {
                sqlx::query(concat!(chat_select!(), " ORDER BY l.n"))
                    .bind(game_id)
                    .bind(reader)
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        rows.iter().map(chat_row).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// How many of the game's lines `reader` has, and how many of those lost their text
    /// (hidden, or cleared; one that is both counts twice): what a live page compares to know
    /// that its table talk changed.
    pub async fn chat_mark(&self, game_id: &str, reader: i64) -> Result<(i64, i64), StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(l.n) AS lines, COUNT(h.n) + COUNT(l.cleared) AS hidden FROM chat_lines l LEFT JOIN chat_hides h ON h.game_id = l.game_id AND h.n = l.n WHERE l.game_id = $1 AND (l.to_seat IS NULL OR l.from_seat = $2 OR l.to_seat = $2)",
        )
        .bind(game_id)
        .bind(reader)
        .fetch_one(&self.pool)
        .await?;
        Ok((row.try_get("lines")?, row.try_get("hidden")?))
    }

    /// `seat`'s lines written after its last turn mail before `before` (all of them if it had
    /// none), not hidden, in order: what a digest of mail held since `before` carries.
    pub async fn chat_for_digest(
        &self,
        game_id: &str,
        seat: i64,
        before: i64,
    ) -> Result<Vec<ChatRow>, StoreError> {
        let rows = sqlx::query(concat!(
            chat_select!(),
            " AND h.n IS NULL AND l.at > COALESCE((SELECT MAX(created_at) FROM outbox WHERE game_id = $1 AND seat = $2 AND kind = $3 AND created_at < $4), 0) ORDER BY l.n"
        ))
        .bind(game_id)
        .bind(seat)
        .bind(super::MailKind::Turn.text())
        .bind(before)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(chat_row).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// `seat`'s lines written after its last turn mail (all of them if it had none), not
    /// hidden, in order: what its next turn mail carries.
    pub async fn chat_since_turn_mail(&self, game_id: &str, seat: i64) -> Result<Vec<ChatRow>, StoreError> {
        let rows = sqlx::query(concat!(
            chat_select!(),
            " AND h.n IS NULL AND l.at > COALESCE((SELECT MAX(created_at) FROM outbox WHERE game_id = $1 AND seat = $2 AND kind = $3), 0) ORDER BY l.n"
        ))
        .bind(game_id)
        .bind(seat)
        .bind(super::MailKind::Turn.text())
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(chat_row).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// Clear the text of at most `at_most` lines of games that ended before `finished_before`
    /// (ms), marking them expired (the only change to a line the database lets through:
    /// migrations/0018_chat_clearing.sql). Returns how many; a pass that clears `at_most`
    /// leaves more to the next.
    pub async fn chat_expire(&self, finished_before: i64, at_most: i64) -> Result<u64, StoreError> {
        let _turn = self.writer_turn().await;
        let cleared = sqlx::query(
            "UPDATE chat_lines SET body = '', cleared = $3 WHERE (game_id, n) IN (
                 SELECT l.game_id, l.n FROM chat_lines l JOIN games g ON g.id = l.game_id
                 WHERE l.cleared IS NULL AND g.finished_at IS NOT NULL AND g.finished_at < $1 LIMIT $2)",
        )
        .bind(finished_before)
        .bind(at_most)
        .bind(ChatCleared::Expired.text())
        .execute(&self.pool)
        .await?;
        Ok(cleared.rows_affected())
    }
}

/// Inside forgetting `email` (lower-cased): withdraw the text of every line written from a seat
/// the address holds, or as the host of a game it hosts. Before the seats and hosts lose the
/// address, in the same transaction. Returns how many lines.
pub(super) async fn withdraw_lines_of(tx: &mut sqlx::AnyConnection, email: &str) -> Result<u64, StoreError> {
    let withdrawn = sqlx::query(
        "UPDATE chat_lines SET body = '', cleared = $2 WHERE cleared IS NULL AND (
             EXISTS (SELECT 1 FROM seats s WHERE s.game_id = chat_lines.game_id
                     AND s.seat = chat_lines.from_seat AND LOWER(s.email) = $1)
             OR (chat_lines.from_seat IS NULL AND EXISTS (SELECT 1 FROM game_hosts h
                     WHERE h.game_id = chat_lines.game_id AND LOWER(h.email) = $1)))",
    )
    .bind(email)
    .bind(ChatCleared::Withdrawn.text())
    .execute(&mut *tx)
    .await?;
    Ok(withdrawn.rows_affected())
}
