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
    /// In games with hidden information: 32 secret bytes (hex) the server derives from its own
    /// key (never from the game's seed, which is revealed at the end). Without them a record's
    /// hash, which every mail carries as a receipt, would let a seat confirm a guess at what the
    /// record hides (hash each candidate card, or a short chat message, and compare). A seat's
    /// export leaves the nonce out of every record it redacts; the full export has them all, so
    /// its hashes check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce: Option<String>,
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
        /// How disputes are settled in this game (agreed at creation, like the rules).
        #[serde(default)]
        disputes: DisputePolicy,
        /// The game goes on from a position at a real table: no seat acts until the players
        /// have entered it ([`Cause::Position`]) and every seat has agreed to it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_position: bool,
    },
    /// A seat acted.
    Action { seat: Seat, action: Value },
    /// The position the players entered from their real table, typed in by `by` (the host):
    /// its events put it on the board. Entered by the players, not drawn: nothing before it
    /// came from the server's dice. A later one corrects an earlier one.
    Position { by: Party, position: Value },
    /// `seat`'s answer to the position entered by record `position`: it agrees with what it
    /// can see, or it does not and says what is wrong in `note`.
    PositionAnswer {
        seat: Seat,
        position: u64,
        agrees: bool,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String,
    },
    /// The wait the game was in passed its deadline.
    Deadline,
    /// The server's clock took an action the rules leave to whoever notices the date (the
    /// Colditz date limit), decided like `seat`'s own action.
    Clock { seat: Seat, action: Value },
    /// A player contests record `against`, with a claim and optionally the rule it breaks.
    Dispute {
        seat: Seat,
        against: u64,
        claim: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// The adjudicator's ruling on dispute `dispute`. An overturn rewinds the game to just
    /// before the contested record: what came after stays in the log, void.
    Ruling {
        dispute: u64,
        by: Party,
        verdict: Verdict,
        reason: String,
        /// With an overturn: how it is put right, as the ruleset names it (`{"remedy":
        /// "rewind"}`, or a correction that the next record carries out). Absent: a rewind.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remedy: Option<Value>,
    },
    /// The disputing player appeals ruling `ruling` to a vote of the other players.
    Appeal { seat: Seat, ruling: u64 },
    /// A vote on appeal `appeal`: `reverse` the ruling or keep it.
    Vote { seat: Seat, appeal: u64, reverse: bool },
    /// The appeal is decided (by the votes, or by the stated default at its deadline).
    AppealDecided {
        appeal: u64,
        reverse: bool,
        by: Party,
        /// The votes were to reverse, but carrying it out would take back what seats have seen
        /// (a rewind across a reveal): the ruling stands.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        blocked: bool,
    },
    /// The correction ruling `ruling` ordered, carried out: the ruleset's events, decided by the
    /// adjudicator `by`. A play of the game like an action (it folds into the state).
    Correction { ruling: u64, by: Party, correction: Value },
    /// A player asks to take back their action `target`; another seat must consent.
    UndoRequested { seat: Seat, target: u64 },
    /// The consent was refused (or the request lapsed).
    UndoDeclined { request: u64, by: Party },
    /// `seat`'s action `target` is taken back: it and what followed it are void.
    Undo { seat: Seat, target: u64 },
    /// The host paused the game's clocks until `until` (ms); `None` for `by`: the deadline
    /// policy paused it. Records of this kind carry no engine events.
    Paused {
        until: i64,
        #[serde(default)]
        by_host: bool,
    },
    /// The pause ended: the host resumed the game, or the pause ran out (`expired`).
    Resumed {
        #[serde(default)]
        expired: bool,
    },
    /// A seat declared itself away until `until` (ms): its clock stops meanwhile.
    Absent { seat: Seat, until: i64 },
    /// The host gave `seat` to a new player (the one before left): `name` plays it from now on,
    /// through a new link.
    Replaced { seat: Seat, name: String },
}

/// How a game settles disputes: the adjudicator's word is final unless appeals are on; a
/// dispute nobody rules on, or an appeal nobody decides, ends by the stated default in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DisputePolicy {
    /// When the adjudicator rules on a dispute they are party to, the disputing player may
    /// appeal to a vote of the other players.
    pub appeals: bool,
    /// Hours the adjudicator has to rule (1–8760); then the contested record is upheld.
    #[serde(deserialize_with = "crate::input::whole::u32")]
    #[schema(minimum = 1, maximum = 8760)]
    pub ruling_hours: u32,
    /// Hours the voters have (1–8760); then the appeal is decided by the votes cast (a tie
    /// keeps the ruling).
    #[serde(deserialize_with = "crate::input::whole::u32")]
    #[schema(minimum = 1, maximum = 8760)]
    pub appeal_hours: u32,
}

impl Default for DisputePolicy {
    fn default() -> Self {
        DisputePolicy { appeals: false, ruling_hours: 72, appeal_hours: 48 }
    }
}

/// Who decided something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "seat", rename_all = "snake_case")]
pub enum Party {
    /// The game's host (through the host link).
    Host,
    Seat(Seat),
    /// The other players' votes.
    Vote,
    /// Nobody decided in time: the stated default.
    Expiry,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The contested record stands.
    Uphold,
    /// The contested record and everything after it are void; play resumes before it.
    Overturn,
}

/// The kind of a [`Cause`], without its fields: what a replay reads of a stored record's
/// `type` tag, and what the history names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CauseKind {
    Created,
    Action,
    Position,
    PositionAnswer,
    Deadline,
    Clock,
    Dispute,
    Ruling,
    Appeal,
    Vote,
    AppealDecided,
    UndoRequested,
    UndoDeclined,
    Correction,
    Undo,
    Paused,
    Resumed,
    Absent,
    Replaced,
}

impl CauseKind {
    pub const ALL: [CauseKind; 19] = [
        CauseKind::Created,
        CauseKind::Action,
        CauseKind::Position,
        CauseKind::PositionAnswer,
        CauseKind::Deadline,
        CauseKind::Clock,
        CauseKind::Dispute,
        CauseKind::Ruling,
        CauseKind::Appeal,
        CauseKind::Vote,
        CauseKind::AppealDecided,
        CauseKind::UndoRequested,
        CauseKind::UndoDeclined,
        CauseKind::Correction,
        CauseKind::Undo,
        CauseKind::Paused,
        CauseKind::Resumed,
        CauseKind::Absent,
        CauseKind::Replaced,
    ];

    /// The kind named by its [`CauseKind::code`].
    pub fn from_code(code: &str) -> Option<CauseKind> {
        Self::ALL.into_iter().find(|k| k.code() == code)
    }

    /// Whether records of this kind carry the game forward (their events fold into the state)
    /// rather than talk about other records. Only such records can be voided.
    pub fn is_play(self) -> bool {
        matches!(
            self,
            CauseKind::Created
                | CauseKind::Action
                | CauseKind::Position
                | CauseKind::Deadline
                | CauseKind::Clock
                | CauseKind::Correction
        )
    }

    /// Whether everyone at the table hears of a record of this kind (disputes, rulings,
    /// appeals, undo, a replaced player); plays reach people through turn mail instead, and
    /// pauses and absences through notices of their own.
    pub fn concerns_everyone(self) -> bool {
        !self.is_play()
            && !matches!(
                self,
                CauseKind::Paused | CauseKind::Resumed | CauseKind::Absent | CauseKind::PositionAnswer
            )
    }

    /// The name the history and notices use (`"appeal_decided"`).
    pub fn code(self) -> &'static str {
        match self {
            CauseKind::Created => "created",
            CauseKind::Action => "action",
            CauseKind::Position => "position",
            CauseKind::PositionAnswer => "position_answer",
            CauseKind::Deadline => "deadline",
            CauseKind::Clock => "clock",
            CauseKind::Dispute => "dispute",
            CauseKind::Ruling => "ruling",
            CauseKind::Appeal => "appeal",
            CauseKind::Vote => "vote",
            CauseKind::AppealDecided => "appeal_decided",
            CauseKind::UndoRequested => "undo_requested",
            CauseKind::UndoDeclined => "undo_declined",
            CauseKind::Correction => "correction",
            CauseKind::Undo => "undo",
            CauseKind::Paused => "paused",
            CauseKind::Resumed => "resumed",
            CauseKind::Absent => "absent",
            CauseKind::Replaced => "replaced",
        }
    }
}

impl Cause {
    pub fn kind(&self) -> CauseKind {
        match self {
            Cause::Created { .. } => CauseKind::Created,
            Cause::Action { .. } => CauseKind::Action,
            Cause::Position { .. } => CauseKind::Position,
            Cause::PositionAnswer { .. } => CauseKind::PositionAnswer,
            Cause::Deadline => CauseKind::Deadline,
            Cause::Clock { .. } => CauseKind::Clock,
            Cause::Dispute { .. } => CauseKind::Dispute,
            Cause::Ruling { .. } => CauseKind::Ruling,
            Cause::Appeal { .. } => CauseKind::Appeal,
            Cause::Vote { .. } => CauseKind::Vote,
            Cause::AppealDecided { .. } => CauseKind::AppealDecided,
            Cause::UndoRequested { .. } => CauseKind::UndoRequested,
            Cause::UndoDeclined { .. } => CauseKind::UndoDeclined,
            Cause::Correction { .. } => CauseKind::Correction,
            Cause::Undo { .. } => CauseKind::Undo,
            Cause::Paused { .. } => CauseKind::Paused,
            Cause::Resumed { .. } => CauseKind::Resumed,
            Cause::Absent { .. } => CauseKind::Absent,
            Cause::Replaced { .. } => CauseKind::Replaced,
        }
    }

    /// Whether this record carries the game forward (see [`CauseKind::is_play`]).
    pub fn is_play(&self) -> bool {
        self.kind().is_play()
    }
}

/// Which play records of `records` (a prefix of a log, in order) are void: taken back by an
/// effective overturn, a reversed ruling or an undo. The void set is derived, never stored:
/// the log itself is only ever appended to.
pub fn voided(records: &[Record]) -> std::collections::BTreeSet<u64> {
    void_among(records, &rewound_spans(records.iter().filter(|r| !r.cause.is_play())))
}

/// Which of `records` (any part of a log) the spans `rewinds` take back (see [`rewound_spans`],
/// computed from the whole log's records about other records).
pub fn void_among(records: &[Record], rewinds: &[(u64, u64)]) -> std::collections::BTreeSet<u64> {
    records
        .iter()
        .filter(|r| r.cause.is_play() && !matches!(r.cause, Cause::Created { .. }))
        .filter(|r| rewinds.iter().any(|(from, to)| (*from..*to).contains(&r.seq)))
        .map(|r| r.seq)
        .collect()
}

/// The spans `[from, to)` of sequence numbers that the records about other records (disputes,
/// rulings, appeals, undo) take back. Only those records matter, so a replay can read the
/// plays' events without parsing anything else of them.
pub fn rewound_spans<'a>(meta: impl Iterator<Item = &'a Record>) -> Vec<(u64, u64)> {
    use std::collections::HashMap;
    let mut against: HashMap<u64, u64> = HashMap::new(); // dispute seq → contested seq
    let mut rulings: Vec<(u64, u64, Verdict)> = Vec::new(); // (ruling seq, dispute, verdict)
    let mut appeals: HashMap<u64, u64> = HashMap::new(); // appeal seq → ruling seq
    let mut reversals: HashMap<u64, u64> = HashMap::new(); // ruling seq → seq of the reversing decision
    let mut rewinds: Vec<(u64, u64)> = Vec::new();
    let mut corrected: Vec<u64> = Vec::new(); // rulings carried out by a correction
    for r in meta {
        match &r.cause {
            Cause::Dispute { against: a, .. } => {
                against.insert(r.seq, *a);
            }
            // An overturn remedied by a correction takes nothing back (unless reversed on appeal).
            Cause::Ruling { verdict: Verdict::Overturn, remedy: Some(remedy), .. } if !is_rewind(remedy) => {
                corrected.push(r.seq)
            }
            Cause::Ruling { dispute, verdict, .. } => rulings.push((r.seq, *dispute, *verdict)),
            Cause::Appeal { ruling, .. } => {
                appeals.insert(r.seq, *ruling);
            }
            Cause::AppealDecided { appeal, reverse: true, blocked: false, .. } => {
                if let Some(ruling) = appeals.get(appeal) {
                    reversals.insert(*ruling, r.seq);
                }
            }
            Cause::Undo { target, .. } => rewinds.push((*target, r.seq)),
            _ => {}
        }
    }
    for (ruling_seq, dispute, verdict) in rulings {
        let Some(&contested) = against.get(&dispute) else { continue };
        match (verdict, reversals.get(&ruling_seq)) {
            // An overturn that stands: back to before the contested record.
            (Verdict::Overturn, None) => rewinds.push((contested, ruling_seq)),
            // An overturn reversed on appeal: back to the moment of the overturn; the
            // contested record and what followed it until then count again.
            (Verdict::Overturn, Some(&decided)) => rewinds.push((ruling_seq, decided)),
            // An uphold reversed on appeal: the overturn takes effect when the vote says so.
            (Verdict::Uphold, Some(&decided)) => rewinds.push((contested, decided)),
            (Verdict::Uphold, None) => {}
        }
    }
    // A correction reversed on appeal: it and what followed until the decision are void.
    for ruling_seq in corrected {
        if let Some(&decided) = reversals.get(&ruling_seq) {
            rewinds.push((ruling_seq, decided));
        }
    }
    rewinds
}

/// Whether a ruling's remedy is the rewind (an absent remedy is one: rulings before remedies).
/// The step a record about other records concerns: a dispute's contested step, and for its
/// ruling, an appeal of that ruling, a vote on the appeal, the appeal's decision and a
/// correction, the step of the dispute they follow from; an undo request's (or refusal's) target.
/// One number names a dispute everywhere, the contested step's (docs/disputes.md): records'
/// own numbers stay out of the words. `among`: the records to look in (the game's notes, which
/// hold every such record, and those just written).
pub fn concerned_step(among: &[&[Record]], seq: u64) -> Option<u64> {
    let mut seq = seq;
    for _ in 0..8 {
        let record = among.iter().flat_map(|list| list.iter()).find(|r| r.seq == seq)?;
        seq = match &record.cause {
            Cause::Dispute { against, .. } => return Some(*against),
            Cause::UndoRequested { target, .. } | Cause::Undo { target, .. } => return Some(*target),
            Cause::Ruling { dispute, .. } => *dispute,
            Cause::Appeal { ruling, .. } | Cause::Correction { ruling, .. } => *ruling,
            Cause::Vote { appeal, .. } | Cause::AppealDecided { appeal, .. } => *appeal,
            Cause::UndoDeclined { request, .. } => *request,
            _ => return None,
        };
    }
    None
}

pub fn is_rewind(remedy: &Value) -> bool {
    remedy.get("remedy").and_then(Value::as_str) == Some("rewind")
}

/// Whether appending `cause` can change which records are void (so a cached state must be
/// rebuilt from the log rather than folded forward).
pub fn rewinds(cause: &Cause) -> bool {
    match cause {
        Cause::Ruling { verdict: Verdict::Overturn, remedy, .. } => remedy.as_ref().is_none_or(is_rewind),
        Cause::AppealDecided { reverse: true, blocked: false, .. } | Cause::Undo { .. } => true,
        _ => false,
    }
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
    /// The record's canonical JSON, exactly the bytes that were hashed — or, in a viewer's
    /// export, the record as that viewer may see it (then `redacted` is true).
    pub body: String,
    pub prev_hash: String,
    pub hash: String,
    /// The body is a viewer's redacted copy: its hash cannot be recomputed from it. A viewer's
    /// export withholds the hashes (empty) from its first redacted record on (later records
    /// may be whole: then only `redacted` is false); the links before it still check.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub redacted: bool,
}

impl Chained {
    pub fn new(record: &Record, prev_hash: &str) -> Self {
        let body = record.canonical_json();
        let hash = chain_hash(prev_hash, &body);
        Chained { seq: record.seq, body, prev_hash: prev_hash.to_owned(), hash, redacted: false }
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
    /// The server's signature over the export's head: which game, whose view, how many records,
    /// the last one and its hash, and whether the game had ended. A log cut short, or one
    /// claiming to be complete when it was not, no longer matches it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<ExportSignature>,
    /// The game's table talk as the export's viewer may read it (`play::chat`): beside the log,
    /// not in it, so neither chained nor signed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chat: Vec<serde_json::Value>,
}

pub const EXPORT_FORMAT: &str = "feldpost-export/1";

/// What the server signs of an export (serialised canonically: keys sorted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportHead {
    pub game_id: String,
    pub viewer: String,
    pub records: u64,
    pub head_seq: u64,
    /// The chain hash of the last record (also where a seat's export withholds the hashes).
    pub head_hash: String,
    /// The game had ended when the export was made.
    pub finished: bool,
}

impl ExportHead {
    /// The bytes that are signed.
    pub fn statement(&self) -> String {
        let value = serde_json::to_value(self).expect("a head is always serialisable");
        format!("feldpost-export-head/1 {value}")
    }
}

/// An Ed25519 signature over an [`ExportHead`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportSignature {
    pub head: ExportHead,
    /// The server's public key (hex, 32 bytes): compare it with `GET /api/key` or `feldpost key`.
    pub public_key: String,
    /// Hex, 64 bytes.
    pub signature: String,
}

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
    read_chain(game_id, records).map(drop)
}

/// [`verify_chain`], and the records it read on the way (an audit goes on with them instead of
/// reading every body again).
pub fn read_chain(game_id: &str, records: &[Chained]) -> Result<Vec<Record>, ChainError> {
    let mut read = Vec::with_capacity(records.len());
    let mut prev = genesis_hash(game_id);
    // A viewer's export withholds the hashes from its first redacted record on (they would
    // confirm guesses at what it hides): from there on, only the order is checked.
    let mut withheld = false;
    for (i, c) in records.iter().enumerate() {
        let expected = i as u64 + 1;
        if c.seq != expected {
            return Err(ChainError::Gap { seq: c.seq, expected });
        }
        if withheld {
            if !c.hash.is_empty() || !c.prev_hash.is_empty() {
                return Err(ChainError::Broken { seq: c.seq });
            }
        } else {
            if c.prev_hash != prev {
                return Err(ChainError::Broken { seq: c.seq });
            }
            if !c.redacted && chain_hash(&c.prev_hash, &c.body) != c.hash {
                return Err(ChainError::Altered { seq: c.seq });
            }
        }
        withheld |= c.redacted && c.hash.is_empty();
        let record = c.record().map_err(|e| ChainError::Unreadable { seq: c.seq, why: e.to_string() })?;
        if record.seq != c.seq {
            return Err(ChainError::Mislabelled { seq: c.seq, claimed: record.seq });
        }
        read.push(record);
        prev = c.hash.clone();
    }
    Ok(read)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn chain(game: &str, n: u64) -> Vec<Chained> {
        let mut prev = genesis_hash(game);
        (1..=n)
            .map(|seq| {
                let r = Record {
                    seq,
                    at: 1000 + seq as i64,
                    cause: Cause::Deadline,
                    events: vec![json!({"n": seq})],
                    nonce: None,
                };
                let c = Chained::new(&r, &prev);
                prev = c.hash.clone();
                c
            })
            .collect()
    }

    fn play(seq: u64) -> Record {
        Record {
            seq,
            at: 0,
            cause: Cause::Action { seat: 0, action: json!({}) },
            events: vec![],
            nonce: None,
        }
    }
    fn meta(seq: u64, cause: Cause) -> Record {
        Record { seq, at: 0, cause, events: vec![], nonce: None }
    }

    #[test]
    fn an_overturn_voids_the_contested_record_and_what_followed_until_the_ruling() {
        let mut log: Vec<Record> = (1..=5).map(play).collect();
        log.push(meta(6, Cause::Dispute { seat: 1, against: 3, claim: "x".into(), rule: None }));
        log.push(play(7));
        assert!(voided(&log).is_empty(), "a dispute alone changes nothing");
        log.push(meta(
            8,
            Cause::Ruling {
                dispute: 6,
                by: Party::Host,
                verdict: Verdict::Overturn,
                reason: "r".into(),
                remedy: None,
            },
        ));
        log.push(play(9));
        assert_eq!(voided(&log).into_iter().collect::<Vec<_>>(), vec![3, 4, 5, 7]);
        // The same log upheld voids nothing.
        log[7] = meta(
            8,
            Cause::Ruling {
                dispute: 6,
                by: Party::Host,
                verdict: Verdict::Uphold,
                reason: "r".into(),
                remedy: None,
            },
        );
        assert!(voided(&log).is_empty());
    }

    #[test]
    fn appeals_reverse_rulings_both_ways() {
        let mut log: Vec<Record> = (1..=4).map(play).collect();
        log.push(meta(5, Cause::Dispute { seat: 1, against: 2, claim: "x".into(), rule: None }));
        log.push(meta(
            6,
            Cause::Ruling {
                dispute: 5,
                by: Party::Seat(0),
                verdict: Verdict::Uphold,
                reason: "r".into(),
                remedy: None,
            },
        ));
        log.push(play(7));
        log.push(meta(8, Cause::Appeal { seat: 1, ruling: 6 }));
        log.push(meta(9, Cause::AppealDecided { appeal: 8, reverse: true, by: Party::Vote, blocked: false }));
        assert_eq!(
            voided(&log).into_iter().collect::<Vec<_>>(),
            vec![2, 3, 4, 7],
            "a reversed uphold overturns"
        );
        let mut log2: Vec<Record> = (1..=4).map(play).collect();
        log2.push(meta(5, Cause::Dispute { seat: 1, against: 2, claim: "x".into(), rule: None }));
        log2.push(meta(
            6,
            Cause::Ruling {
                dispute: 5,
                by: Party::Seat(0),
                verdict: Verdict::Overturn,
                reason: "r".into(),
                remedy: None,
            },
        ));
        log2.push(play(7));
        log2.push(meta(8, Cause::Appeal { seat: 0, ruling: 6 }));
        log2.push(meta(
            9,
            Cause::AppealDecided { appeal: 8, reverse: true, by: Party::Vote, blocked: false },
        ));
        log2.push(play(10));
        assert_eq!(
            voided(&log2).into_iter().collect::<Vec<_>>(),
            vec![7],
            "a reversed overturn restores what it voided"
        );
    }

    #[test]
    fn an_undo_voids_its_target_onwards() {
        let mut log: Vec<Record> = (1..=3).map(play).collect();
        log.push(meta(4, Cause::Undo { seat: 0, target: 3 }));
        log.push(play(5));
        assert_eq!(voided(&log).into_iter().collect::<Vec<_>>(), vec![3]);
    }

    #[test]
    fn canonical_json_sorts_keys() {
        let r = Record {
            seq: 1,
            at: 5,
            cause: Cause::Action { seat: 0, action: json!({"z": 1, "a": 2}) },
            events: vec![],
            nonce: None,
        };
        assert_eq!(
            r.canonical_json(),
            r#"{"at":5,"cause":{"action":{"a":2,"z":1},"seat":0,"type":"action"},"events":[],"seq":1}"#
        );
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
