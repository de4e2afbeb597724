//! Exports: the whole log for `feldpost verify`, per viewer until the game has ended.

use super::error::PlayError;
use super::log::{GameLog, Loaded};
use crate::record::{self, Cause, Chained, Export};
use feldpost_engine::Seat;
use serde_json::Value;

/// Whether an ended game's log checks out: the chain, the seed against its commitment,
/// and every die and decision re-derived (`None` while the game goes on): the number of
/// records checked, or what is wrong. Checked once, when the game has ended, and the verdict
/// kept (an ended game's log no longer changes), so its pages do not check it again.
pub async fn verified(log: &GameLog, loaded: &Loaded) -> Result<Option<Result<u64, String>>, PlayError> {
    if !loaded.finished() {
        return Ok(None);
    }
    if let Some((records, failure)) = log.store.game_verdict(&loaded.game.id).await? {
        return Ok(Some(failure.map_or(Ok(records as u64), Err)));
    }
    Ok(Some(log.verify_ended(&loaded.game.id).await?))
}

/// The whole log. `seat`'s export holds only what that seat may see (redacted bodies carry
/// no hashes that could be checked, so they are marked as such); the full export is for
/// rulesets without hidden information, or for everyone once the game has ended.
pub async fn export(log: &GameLog, loaded: &Loaded, seat: Option<Seat>) -> Result<Export, PlayError> {
    let mut export = export_log(log, loaded, seat).await?;
    // The table talk beside it, as this viewer may read it (`play::chat`: a private line is
    // its two seats' alone, after the end too).
    let talk = super::chat::lines(log, loaded, seat, super::chat::Which::All).await?;
    export.chat = talk.iter().filter_map(|l| serde_json::to_value(l).ok()).collect();
    Ok(export)
}

async fn export_log(log: &GameLog, loaded: &Loaded, seat: Option<Seat>) -> Result<Export, PlayError> {
    let full =
        !loaded.rules.has_hidden_information() || (loaded.finished() && !loaded.rules.private_after_end());
    if full {
        let mut export = log.full_export(&loaded.game).await?;
        // The seed only with a game that has ended (and stays ended).
        if !loaded.finished() {
            export.seed = None;
        }
        return Ok(export);
    }
    // A viewer's export: each record as this viewer may see it (the engine's redaction;
    // actions only to their own seat), the chain's hashes kept up to the first redaction.
    let viewer = loaded.viewer_for(seat);
    let table = loaded.empty_table()?;
    let chained = log.store.records(&loaded.game.id, 0).await?;
    let head_hash = chained.last().map(|c| c.hash.clone()).unwrap_or_default();
    let mut records = Vec::with_capacity(chained.len());
    for c in chained {
        let mut record = c.record().map_err(|e| PlayError::Internal(e.to_string()))?;
        let stored_events = record.events.clone();
        let mut hidden_action = false;
        let mut events = Vec::new();
        for e in &record.events {
            if let Some((shown, _)) = table.redact(e, viewer)? {
                events.push(shown);
            }
        }
        if let Cause::Action { seat: s, action } = &mut record.cause
            && Some(*s) != seat
        {
            *action = Value::Null;
            hidden_action = true;
        }
        // A seat's private part of a position (Služba's key card) is its own, as its action is.
        if let Cause::Position { by: record::Party::Seat(s), position } = &mut record.cause
            && Some(*s) != seat
        {
            *position = Value::Null;
            hidden_action = true;
        }
        if hidden_action || events != stored_events {
            // The nonce keeps what is redacted from being guessed through the record's hash.
            record.nonce = None;
        }
        record.events = events;
        let body = record.canonical_json();
        let redacted = body != c.body;
        records.push(Chained { body, redacted, ..c });
    }
    // A hash beside a redacted body would confirm a guess at what it hides (one card among a
    // hundred: hash each and compare), and so would every later hash, which chains over it.
    // From the first redacted record on, a viewer's export withholds the hashes.
    if let Some(first) = records.iter().position(|c| c.redacted) {
        for (i, c) in records.iter_mut().enumerate().skip(first) {
            c.hash = String::new();
            if i > first {
                c.prev_hash = String::new();
            }
        }
    }
    let export = Export {
        format: record::EXPORT_FORMAT.into(),
        game_id: loaded.game.id.to_string(),
        ruleset: loaded.game.ruleset.clone(),
        title: loaded.game.title.clone(),
        viewer: match seat {
            Some(s) => format!("seat:{s}"),
            None => "public".into(),
        },
        // After the end (of a game whose channels stay private) the seed is out: each seat may
        // re-derive what its copy holds in full.
        seed: loaded.finished().then(|| loaded.game.seed.clone()),
        records,
        signature: None,
        chat: Vec::new(),
    };
    Ok(log.signed(export, &head_hash, loaded.finished()))
}

/// The public half of the key that signs exports (hex).
pub fn export_key(log: &GameLog) -> String {
    log.links().secret().export_public_key()
}

/// One stored game checked as `feldpost verify --all` does, for an operator before a restored
/// copy goes live: the game row agrees with its log (its number of records), the hash chain
/// holds, the log replays under the rules, the head signs under this server's key, and an
/// ended game's seed matches its commitment with every die and decision re-derived. The
/// verdict, or what is wrong.
pub async fn check_stored(
    log: &GameLog,
    game: &crate::store::GameRow,
) -> Result<Result<crate::audit::Verified, String>, PlayError> {
    let export = log.full_export(game).await?;
    let last_seq = export.records.last().map_or(0, |c| c.seq as i64);
    if last_seq != game.last_seq {
        return Ok(Err(format!(
            "the game's row says its last record is {}, its log ends at {last_seq}",
            game.last_seq
        )));
    }
    Ok(crate::audit::verify(&export).map_err(|e| e.to_string()))
}
