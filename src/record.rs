//! The log's record format: what one entry of a game's log says, how it is hashed into the
//! chain, and the export file that `feldpost replay` and `feldpost verify` read.
//!
//! Pure: no I/O. The store keeps records, the play layer makes them, the CLI checks them.

use feldpost_engine::Seat;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// One entry of a game's log. Events of the engine are stored as JSON values: the record
/// format does not depend on any one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub seq: u64,
    /// Milliseconds since the Unix epoch, as the server saw it.
    pub at: i64,
    pub cause: Cause,
    /// The engine's events, in order.
    pub events: Vec<Value>,
}

/// Why the record exists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Cause {
    /// The game was created (always seq 1). `commitment` is SHA-256 of the secret dice seed.
    Created {
        ruleset: String,
        options: Value,
        players: Vec<String>,
        commitment: String,
    },
    /// A seat acted.
    Action { seat: Seat, action: Value },
    /// The wait the game was in passed its deadline.
    Deadline,
    /// The host paused the game's clocks until `until` (ms); `None` for `by`: the deadline
    /// policy paused it. Records of this kind carry no engine events.
    Paused { until: i64, #[serde(default)] by_host: bool },
    /// The pause ended: the host resumed the game, or the pause ran out (`expired`).
    Resumed { #[serde(default)] expired: bool },
    /// A seat declared itself away until `until` (ms): its clock stops meanwhile.
    Absent { seat: Seat, until: i64 },
}

impl Record {
    /// Canonical JSON: serde_json's default map keeps keys sorted, so a value serialises the
    /// same way every time; the hash is taken over these bytes.
    pub fn canonical_json(&self) -> String {
        let value = serde_json::to_value(self).expect("a record is always serialisable");
        serde_json::to_string(&value).expect("a JSON value is always serialisable")
    }
}

/// The hash that links record `body` to the chain after `prev_hash`.
pub fn chain_hash(prev_hash: &str, body: &str) -> String {
    let mut h = Sha256::new();
    h.update(prev_hash.as_bytes());
    h.update(body.as_bytes());
    hex::encode(h.finalize())
}

/// The chain's anchor for a game: what the first record's `prev_hash` is.
pub fn genesis_hash(game_id: &str) -> String {
    let mut h = Sha256::new();
    h.update(b"feldpost:");
    h.update(game_id.as_bytes());
    hex::encode(h.finalize())
}

/// SHA-256 of the dice seed, published in the first record.
pub fn seed_commitment(seed: &[u8; 32]) -> String {
    hex::encode(Sha256::digest(seed))
}

/// A record as stored: its canonical body and its place in the chain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chained {
    pub seq: u64,
    /// The record's canonical JSON, exactly the bytes that were hashed.
    pub body: String,
    pub prev_hash: String,
    pub hash: String,
}

impl Chained {
    pub fn new(record: &Record, prev_hash: &str) -> Self {
        let body = record.canonical_json();
        let hash = chain_hash(prev_hash, &body);
        Chained { seq: record.seq, body, prev_hash: prev_hash.to_owned(), hash }
    }

    pub fn record(&self) -> Result<Record, serde_json::Error> {
        serde_json::from_str(&self.body)
    }
}

/// The whole log of one game, as `feldpost export` writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Export {
    pub format: String,
    pub game_id: String,
    pub ruleset: String,
    pub title: String,
    /// Whose view this export is: "full" (everything, as stored) or a seat's/public view.
    pub viewer: String,
    /// The dice seed in hex, present once the game has ended (and in full exports of ended games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    pub records: Vec<Chained>,
}

pub const EXPORT_FORMAT: &str = "feldpost-export/1";

/// What is wrong with a chain, naming the record.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ChainError {
    #[error("record {seq}: its sequence number should be {expected}")]
    Gap { seq: u64, expected: u64 },
    #[error("record {seq}: prev_hash does not match the hash of the record before it")]
    Broken { seq: u64 },
    #[error("record {seq}: its hash does not match its contents (altered after it was written)")]
    Altered { seq: u64 },
    #[error("record {seq}: its body is not a valid record: {why}")]
    Unreadable { seq: u64, why: String },
    #[error("record {seq}: its body says seq {claimed}")]
    Mislabelled { seq: u64, claimed: u64 },
}

/// Check a game's chain from its anchor: sequence numbers 1, 2, 3…, each hash over the record
/// before it, each body readable and labelled with its own number.
pub fn verify_chain(game_id: &str, records: &[Chained]) -> Result<(), ChainError> {
    let mut prev = genesis_hash(game_id);
    for (i, c) in records.iter().enumerate() {
        let expected = i as u64 + 1;
        if c.seq != expected {
            return Err(ChainError::Gap { seq: c.seq, expected });
        }
        if c.prev_hash != prev {
            return Err(ChainError::Broken { seq: c.seq });
        }
        if chain_hash(&c.prev_hash, &c.body) != c.hash {
            return Err(ChainError::Altered { seq: c.seq });
        }
        let record = c.record().map_err(|e| ChainError::Unreadable { seq: c.seq, why: e.to_string() })?;
        if record.seq != c.seq {
            return Err(ChainError::Mislabelled { seq: c.seq, claimed: record.seq });
        }
        prev = c.hash.clone();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn chain(game: &str, n: u64) -> Vec<Chained> {
        let mut prev = genesis_hash(game);
        (1..=n)
            .map(|seq| {
                let r = Record { seq, at: 1000 + seq as i64, cause: Cause::Deadline, events: vec![json!({"n": seq})] };
                let c = Chained::new(&r, &prev);
                prev = c.hash.clone();
                c
            })
            .collect()
    }

    #[test]
    fn canonical_json_sorts_keys() {
        let r = Record { seq: 1, at: 5, cause: Cause::Action { seat: 0, action: json!({"z": 1, "a": 2}) }, events: vec![] };
        assert_eq!(r.canonical_json(), r#"{"at":5,"cause":{"action":{"a":2,"z":1},"seat":0,"type":"action"},"events":[],"seq":1}"#);
    }

    #[test]
    fn a_good_chain_verifies_and_any_change_is_named() {
        let good = chain("g", 5);
        assert_eq!(verify_chain("g", &good), Ok(()));
        assert!(matches!(verify_chain("other-game", &good), Err(ChainError::Broken { seq: 1 })));

        let mut altered = good.clone();
        altered[2].body = altered[2].body.replace("\"n\":3", "\"n\":4");
        assert_eq!(verify_chain("g", &altered), Err(ChainError::Altered { seq: 3 }));

        let mut dropped = good.clone();
        dropped.remove(1);
        assert_eq!(verify_chain("g", &dropped), Err(ChainError::Gap { seq: 3, expected: 2 }));

        // Rewriting a record and its own hash still breaks the link to the next one.
        let mut rehashed = good.clone();
        rehashed[1].body = rehashed[1].body.replace("\"n\":2", "\"n\":9");
        rehashed[1].hash = chain_hash(&rehashed[1].prev_hash, &rehashed[1].body);
        assert_eq!(verify_chain("g", &rehashed), Err(ChainError::Broken { seq: 3 }));
    }
}
