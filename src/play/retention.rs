//! Players' data kept no longer than needed: a mail's body (what it said, its links sealed) is
//! cleared once the mail is done with and the retention period has passed; who was mailed
//! what kind of mail, when, and whether it arrived stay for the host page and for audits. The
//! text of a game's table talk is cleared a while after the game ended; its lines stay, marked
//! as expired.

use super::error::PlayError;
use super::log::GameLog;

/// How many mails one statement clears: a sweep after a long pause (or the first after an
/// upgrade) goes in bites that hold no lock for long.
const SWEEP_BITE: i64 = 1_000;

/// Clear every body past its retention (`GameLog::mail_retention`); returns how many.
pub async fn sweep(log: &GameLog) -> Result<u64, PlayError> {
    sweep_kept_for(log, log.mail_retention()).await
}

/// Clear every body of a mail done with more than `keep` ago; returns how many.
pub async fn sweep_kept_for(log: &GameLog, keep: std::time::Duration) -> Result<u64, PlayError> {
    let keep_ms = i64::try_from(keep.as_millis()).unwrap_or(i64::MAX);
    let before = log.now().saturating_sub(keep_ms);
    let mut cleared = 0;
    loop {
        let n = log.store.outbox_forget_bodies(before, SWEEP_BITE).await?;
        cleared += n;
        if (n as i64) < SWEEP_BITE {
            return Ok(cleared);
        }
    }
}

/// How long a mail's picture is kept for the mail's retries (`play::pictures`): a mail still
/// waiting after a day has it drawn again.
pub const PICTURES_KEPT: std::time::Duration = std::time::Duration::from_secs(24 * 3_600);

/// Drop the pictures drawn more than [`PICTURES_KEPT`] ago; returns how many.
pub async fn sweep_pictures(log: &GameLog) -> Result<u64, PlayError> {
    let keep_ms = PICTURES_KEPT.as_millis() as i64;
    Ok(log.store.mail_pictures_drop(log.now().saturating_sub(keep_ms)).await?)
}

/// Clear the text of every line of table talk whose game ended longer ago than the chat
/// retention (`GameLog::chat_retention`); returns how many.
pub async fn sweep_talk(log: &GameLog) -> Result<u64, PlayError> {
    sweep_talk_kept_for(log, log.chat_retention()).await
}

/// Clear the text of every line of table talk whose game ended more than `keep` ago; returns
/// how many.
pub async fn sweep_talk_kept_for(log: &GameLog, keep: std::time::Duration) -> Result<u64, PlayError> {
    let keep_ms = i64::try_from(keep.as_millis()).unwrap_or(i64::MAX);
    let before = log.now().saturating_sub(keep_ms);
    let mut cleared = 0;
    loop {
        let n = log.store.chat_expire(before, SWEEP_BITE).await?;
        cleared += n;
        if (n as i64) < SWEEP_BITE {
            return Ok(cleared);
        }
    }
}
