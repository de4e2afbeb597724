//! Offline checks of an exported game: `feldpost replay` rebuilds the state from the records;
//! `feldpost verify` checks the hash chain and, when the seed has been revealed, that the seed
//! matches its commitment and that every record follows from the one before under the rules
//! with the dice that seed gives.

use crate::games::{self, Table};
use crate::record::{self, Cause, Export, Record};
use feldpost_engine::SeededRandom;
use serde_json::Value;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum AuditError {
    #[error("not a feldpost export: {0}")]
    Format(String),
    #[error(transparent)]
    Chain(#[from] record::ChainError),
    #[error("record 1 must be the game's creation")]
    NoCreation,
    #[error("unknown ruleset {0:?}")]
    Ruleset(String),
    #[error("record {seq}: {why}")]
    Record { seq: u64, why: String },
    #[error("the revealed seed does not match the commitment in record 1")]
    SeedMismatch,
    #[error("record {seq}: the rules with this game's dice give other events than the log holds")]
    DiceMismatch { seq: u64 },
}

/// What `verify` established.
#[derive(Debug, PartialEq)]
pub struct Verified {
    pub records: usize,
    /// Whether the seed was present, so dice and decisions were re-derived too.
    pub dice_checked: bool,
}

pub fn parse(json: &str) -> Result<Export, AuditError> {
    let export: Export = serde_json::from_str(json).map_err(|e| AuditError::Format(e.to_string()))?;
    if export.format != record::EXPORT_FORMAT {
        return Err(AuditError::Format(format!(
            "format {:?}, expected {:?}",
            export.format,
            record::EXPORT_FORMAT
        )));
    }
    Ok(export)
}

fn records(export: &Export) -> Result<Vec<Record>, AuditError> {
    export
        .records
        .iter()
        .map(|c| c.record().map_err(|e| AuditError::Record { seq: c.seq, why: e.to_string() }))
        .collect()
}

fn creation(records: &[Record]) -> Result<(&'static dyn games::Game, Value, usize, String), AuditError> {
    match records.first().map(|r| &r.cause) {
        Some(Cause::Created { ruleset, options, players, commitment, .. }) => {
            let rules = games::by_id(ruleset).ok_or_else(|| AuditError::Ruleset(ruleset.clone()))?;
            Ok((rules, options.clone(), players.len(), commitment.clone()))
        }
        _ => Err(AuditError::NoCreation),
    }
}

/// Rebuild the final state from an export.
pub fn replay(export: &Export) -> Result<Box<dyn Table>, AuditError> {
    let records = records(export)?;
    let (rules, options, seats, _) = creation(&records)?;
    let table =
        rules.table(&options, seats).map_err(|e| AuditError::Record { seq: 1, why: e.to_string() })?;
    crate::play::fold(table, &records).map_err(|e| AuditError::Record { seq: 0, why: e.to_string() })
}

pub fn verify(export: &Export) -> Result<Verified, AuditError> {
    record::verify_chain(&export.game_id, &export.records)?;
    let records = records(export)?;
    let (rules, options, seats, commitment) = creation(&records)?;
    let redacted = export.records.iter().any(|c| c.redacted);
    let Some(seed_hex) = export.seed.as_ref().filter(|_| !redacted) else {
        replay(export)?;
        return Ok(Verified { records: records.len(), dice_checked: false });
    };
    let seed: [u8; 32] = hex::decode(seed_hex)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| AuditError::Format("the seed is not 32 bytes of hex".into()))?;
    if record::seed_commitment(&seed) != commitment {
        return Err(AuditError::SeedMismatch);
    }
    let game_id = &export.game_id;
    let mut table =
        rules.table(&options, seats).map_err(|e| AuditError::Record { seq: 1, why: e.to_string() })?;
    for r in &records {
        let expected = match &r.cause {
            Cause::Created { .. } => {
                rules.setup(&options, seats, &mut SeededRandom::new(&seed, game_id, 1, "setup"))
            }
            Cause::Action { seat, action } => {
                table.decide(*seat, action, &mut SeededRandom::new(&seed, game_id, r.seq, "decide"))
            }
            Cause::Deadline => {
                Ok(table.deadline_passed(&mut SeededRandom::new(&seed, game_id, r.seq, "deadline")))
            }
            Cause::Clock { seat, action } => {
                table.decide(*seat, action, &mut SeededRandom::new(&seed, game_id, r.seq, "decide"))
            }
            // Records about other records (disputes, rulings, undo) and clock records (pause,
            // resume, absence) carry no events of the game.
            _ => Ok(Vec::new()),
        };
        match expected {
            Ok(events) if events == r.events => {}
            Ok(_) => return Err(AuditError::DiceMismatch { seq: r.seq }),
            Err(e) => {
                return Err(AuditError::Record {
                    seq: r.seq,
                    why: format!("the rules refuse it today: {e}"),
                });
            }
        }
        if record::rewinds(&r.cause) {
            // The void set changed: the state from here on is the fold of the log so far.
            let fresh = rules
                .table(&options, seats)
                .map_err(|e| AuditError::Record { seq: r.seq, why: e.to_string() })?;
            table = crate::play::fold(
                fresh,
                &records[..=records.iter().position(|x| x.seq == r.seq).unwrap_or(0)],
            )
            .map_err(|e| AuditError::Record { seq: r.seq, why: e.to_string() })?;
        } else {
            for e in &r.events {
                table.apply(e).map_err(|e| AuditError::Record { seq: r.seq, why: e.to_string() })?;
            }
        }
    }
    Ok(Verified { records: records.len(), dice_checked: true })
}
