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
    #[error("the export carries no server signature")]
    Unsigned,
    #[error("the server's signature does not match the export's head: {0}")]
    BadSignature(String),
    #[error("the export is signed by key {found}, not by the key you gave ({expected})")]
    WrongKey { expected: String, found: String },
    #[error("the export does not match what the server signed: {0}")]
    HeadMismatch(String),
    #[error("receipt {seq}:{hash}: {why}")]
    Receipt { seq: u64, hash: String, why: &'static str },
}

/// A chain head a player holds from a mail (`Feldpost-Chain: <seq> <hash>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    pub seq: u64,
    pub hash: String,
}

impl std::str::FromStr for Receipt {
    type Err = String;
    /// `SEQ:HASH` (as `feldpost verify --receipt` takes it) or `SEQ HASH` (as the header has it).
    fn from_str(s: &str) -> Result<Self, String> {
        let (seq, hash) = s.trim().split_once([':', ' ']).ok_or_else(|| format!("{s:?}: write SEQ:HASH"))?;
        let seq = seq.trim().parse().map_err(|_| format!("{s:?}: the sequence number is not a number"))?;
        let hash = hash.trim().to_ascii_lowercase();
        if hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!("{s:?}: the hash is not 64 hex digits"));
        }
        Ok(Receipt { seq, hash })
    }
}

/// What `verify` is to hold the export against, besides itself.
#[derive(Debug, Clone, Default)]
pub struct Expect {
    /// The server's public key (hex), as `GET /api/key` or `feldpost key` gives it.
    pub key: Option<String>,
    /// Chain heads from mails: the export must hold each record with that hash.
    pub receipts: Vec<Receipt>,
}

/// What `verify` established.
#[derive(Debug, PartialEq)]
pub struct Verified {
    pub records: usize,
    /// Whether the seed was present, so dice and decisions were re-derived too.
    pub dice_checked: bool,
    /// The key that signed the export's head.
    pub signed_by: String,
    /// Receipts found in the export.
    pub receipts: usize,
    /// In a game carried over from a real table: the step of the last position its players
    /// entered. Nothing before it came from the server's dice (the table's were real ones);
    /// every die after it is the server's, re-derived when the seed is revealed.
    pub position_at: Option<u64>,
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
    replay_records(&records(export)?)
}

/// [`replay`] of records already read from their JSON.
fn replay_records(records: &[Record]) -> Result<Box<dyn Table>, AuditError> {
    let (rules, options, seats, _) = creation(records)?;
    let table =
        rules.table(&options, seats).map_err(|e| AuditError::Record { seq: 1, why: e.to_string() })?;
    crate::games::fold(table, records).map_err(|e| AuditError::Record { seq: 0, why: e.to_string() })
}

/// Check an export on its own: [`verify_against`] with nothing more to hold it to.
pub fn verify(export: &Export) -> Result<Verified, AuditError> {
    verify_against(export, &Expect::default())
}

/// The server's signature over the export's head: valid, by the expected key if one is given,
/// and over exactly this export (its game, viewer, number of records, last record and hash,
/// whether the game had ended). A log with its end cut off fails here.
fn check_signature(export: &Export, expect: &Expect, finished: bool) -> Result<String, AuditError> {
    use ed25519_dalek::Verifier;
    let signed = export.signature.as_ref().ok_or(AuditError::Unsigned)?;
    let bad = |why: &str| AuditError::BadSignature(why.to_owned());
    let key: [u8; 32] = hex::decode(&signed.public_key)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| bad("the public key is not 32 bytes of hex"))?;
    let key = ed25519_dalek::VerifyingKey::from_bytes(&key).map_err(|e| bad(&e.to_string()))?;
    let signature: [u8; 64] = hex::decode(&signed.signature)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| bad("the signature is not 64 bytes of hex"))?;
    key.verify(signed.head.statement().as_bytes(), &ed25519_dalek::Signature::from_bytes(&signature))
        .map_err(|_| bad("the signature is not valid"))?;
    if let Some(expected) = &expect.key
        && !expected.trim().eq_ignore_ascii_case(&signed.public_key)
    {
        return Err(AuditError::WrongKey {
            expected: expected.trim().to_owned(),
            found: signed.public_key.clone(),
        });
    }
    let head = &signed.head;
    let last = export.records.last();
    let mismatch = |what: String| Err(AuditError::HeadMismatch(what));
    if head.game_id != export.game_id || head.viewer != export.viewer {
        return mismatch(format!("signed for game {} as {}", head.game_id, head.viewer));
    }
    if head.records != export.records.len() as u64 || head.head_seq != last.map(|c| c.seq).unwrap_or(0) {
        return mismatch(format!(
            "the server signed {} records up to record {}, the export holds {} (records were cut off or added)",
            head.records,
            head.head_seq,
            export.records.len()
        ));
    }
    if let Some(last) = last.filter(|c| !c.hash.is_empty())
        && last.hash != head.head_hash
    {
        return mismatch(format!("record {} has another hash than the one signed", last.seq));
    }
    if head.finished != finished {
        return mismatch(if head.finished {
            "the server signed an ended game, this log does not end".to_owned()
        } else {
            "this log ends, the server signed a game still in play".to_owned()
        });
    }
    Ok(signed.public_key.clone())
}

fn check_receipts(export: &Export, receipts: &[Receipt]) -> Result<(), AuditError> {
    for r in receipts {
        let fail = |why| Err(AuditError::Receipt { seq: r.seq, hash: r.hash.clone(), why });
        match export.records.iter().find(|c| c.seq == r.seq) {
            None => return fail("the export has no such record (the log was cut short)"),
            Some(c) if c.hash.is_empty() => {
                return fail("this export withholds that record's hash (a seat's export before the end)");
            }
            Some(c) if c.hash != r.hash => return fail("the export holds another record there"),
            Some(_) => {}
        }
    }
    Ok(())
}

/// Check an export: the hash chain (which covers each record's nonce); the server's signature
/// over its head (by `expect.key` if given); each receipt; and once the seed is revealed, the
/// seed against its commitment and every record's dice and decisions re-derived. Nonces are
/// not re-derived: they come from the server's secret (`Secret::record_nonce`), not the seed.
pub fn verify_against(export: &Export, expect: &Expect) -> Result<Verified, AuditError> {
    // Each body is read once, by the chain's check; the dice check folds the state as it goes,
    // so the log is replayed once (an ended game is verified by the server too, at its end).
    let records = record::read_chain(&export.game_id, &export.records)?;
    let (rules, options, seats, commitment) = creation(&records)?;
    // The record-by-record checks come first: they name the record that is wrong. A seat's
    // copy whose setup is redacted (the deal it may not see) cannot be re-derived; one that only
    // lacks others' private records can, for every record it holds in full.
    let setup_redacted = export.records.first().is_some_and(|c| c.redacted);
    let (dice_checked, last) = match export.seed.as_ref().filter(|_| !setup_redacted) {
        Some(seed) => (true, check_dice(export, &records, rules, &options, seats, &commitment, seed)?),
        None => (false, replay_records(&records)?),
    };
    let finished = last.outcome().is_some();
    check_receipts(export, &expect.receipts)?;
    let signed_by = check_signature(export, expect, finished)?;
    let void = record::voided(&records);
    let position_at = records
        .iter()
        .rev()
        .find(|r| matches!(r.cause, Cause::Position { .. }) && !void.contains(&r.seq))
        .map(|r| r.seq);
    Ok(Verified {
        records: records.len(),
        dice_checked,
        signed_by,
        receipts: expect.receipts.len(),
        position_at,
    })
}

/// The seed against its commitment, then every record's dice and decisions re-derived (its
/// nonce is the server's, checked only by the record's hash); the state after the last record.
/// That state is the replay's: past a rewind it is folded again from the log so far, skipping
/// what the rewind made void, and no later record can void one before the last rewind.
fn check_dice(
    export: &Export,
    records: &[Record],
    rules: &'static dyn games::Game,
    options: &Value,
    seats: usize,
    commitment: &str,
    seed_hex: &str,
) -> Result<Box<dyn Table>, AuditError> {
    let seed: [u8; 32] = hex::decode(seed_hex)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| AuditError::Format("the seed is not 32 bytes of hex".into()))?;
    if record::seed_commitment(&seed) != commitment {
        return Err(AuditError::SeedMismatch);
    }
    let game_id = &export.game_id;
    let mut table =
        rules.table(options, seats).map_err(|e| AuditError::Record { seq: 1, why: e.to_string() })?;
    for (r, stored) in records.iter().zip(&export.records) {
        let expected = match &r.cause {
            // Redacted for this viewer: its events as shown are folded, not re-derived.
            _ if stored.redacted => Ok(r.events.clone()),
            Cause::Created { .. } => rules.setup_again(
                options,
                seats,
                &mut SeededRandom::new(&seed, game_id, 1, "setup"),
                &r.events,
            ),
            Cause::Action { seat, action } => {
                table.decide(*seat, action, &mut SeededRandom::new(&seed, game_id, r.seq, "decide"))
            }
            // Entered by the players: checked by the rules as the server checked it (what the
            // position asked the server to draw, such as Služba's key and its salt, re-drawn).
            Cause::Position { by, position } => table.enter_position(
                match by {
                    record::Party::Seat(s) => Some(*s),
                    _ => None,
                },
                position,
                &mut SeededRandom::new(&seed, game_id, r.seq, "position"),
            ),
            Cause::Deadline => {
                Ok(table.deadline_passed(&mut SeededRandom::new(&seed, game_id, r.seq, "deadline")))
            }
            Cause::Clock { seat, action } => {
                table.decide(*seat, action, &mut SeededRandom::new(&seed, game_id, r.seq, "decide"))
            }
            Cause::Correction { by, correction, .. } => {
                let by = match by {
                    record::Party::Seat(s) => Some(*s),
                    _ => None,
                };
                table.correct(by, correction, &mut SeededRandom::new(&seed, game_id, r.seq, "correct"))
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
                .table(options, seats)
                .map_err(|e| AuditError::Record { seq: r.seq, why: e.to_string() })?;
            table = crate::games::fold(
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
    Ok(table)
}
