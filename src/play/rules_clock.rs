//! What time does to a game by the rules and the dispute policy: the action the rules leave to
//! the date (the Colditz time limit), and the round of the clock over every game that has not
//! ended (disputes and appeals that waited too long, then the rules' own clock).

use super::disputes;
use super::error::PlayError;
use super::log::{Change, GameLog};
use crate::ids::GameId;
use crate::record::{Cause, Record};
use feldpost_engine::SeededRandom;
use std::sync::Arc;

/// Take the action the rules leave to the date, if its day has come (see
/// [`crate::games::Presented::clock_action`]). Returns whether a record was appended.
pub async fn tick_rules(log: &GameLog, game_id: &GameId) -> Result<bool, PlayError> {
    let loaded = log.load(game_id).await?;
    let Some((seat, action)) = loaded.table.clock_action(log.now()) else { return Ok(false) };
    let seq = loaded.next_seq();
    let events = loaded.table.decide(
        seat,
        &action,
        &mut SeededRandom::new(&loaded.seed_bytes()?, game_id, seq, "decide"),
    )?;
    let record = Record { seq, at: log.now(), cause: Cause::Clock { seat, action }, events, nonce: None };
    log.commit(loaded, Change::record(record)).await?;
    Ok(true)
}

/// The clock's rounds over every game that has not ended, once a minute: disputes and appeals
/// that waited too long, and what the rules leave to the date.
pub async fn run_clock(log: Arc<GameLog>) {
    loop {
        match log.store.unfinished_games().await {
            Ok(ids) => {
                for id in ids.into_iter().map(GameId::from_stored) {
                    if let Err(e) = disputes::tick_disputes(&log, &id).await {
                        tracing::warn!("dispute clock, game {id}: {e}");
                    }
                    if let Err(e) = tick_rules(&log, &id).await {
                        tracing::warn!("rules' clock, game {id}: {e}");
                    }
                }
            }
            Err(e) => tracing::warn!("dispute clock: {e}"),
        }
        tokio::select! {
            _ = tokio::time::sleep(std::time::Duration::from_secs(60)) => {}
            _ = log.stopping().cancelled() => return,
        }
    }
}
