//! Folding stored records into a state, skipping void ones.

use super::notes::Notes;
use crate::games::Table;
use crate::play::PlayError;
use crate::record::{self, CauseKind, Chained, Record};
use serde::Deserialize;

/// What a replay reads of a stored record: its number, its cause's type and its events as raw
/// JSON (decoded straight into the engine's types by [`Table::apply_json`]).
#[derive(Deserialize)]
struct StoredPlay<'a> {
    seq: u64,
    cause: CauseTag,
    #[serde(borrow)]
    events: Vec<&'a serde_json::value::RawValue>,
}

/// Only the cause's `type` tag is read.
#[derive(Deserialize)]
struct CauseTag {
    #[serde(rename = "type")]
    kind: CauseKind,
    /// Whose action (for the state kept before each seat's last one).
    #[serde(default)]
    seat: Option<feldpost_engine::Seat>,
}

/// Fold stored records (as the store returns them) into `table`, skipping void ones: the
/// same result as [`fold`] over the parsed records, without building JSON values.
pub fn fold_stored(table: Box<dyn Table>, chained: &[Chained]) -> Result<Box<dyn Table>, PlayError> {
    Ok(fold_stored_noting(table, chained)?.0)
}

/// [`fold_stored`], and the log's [`Notes`] from the same reading.
pub(super) fn fold_stored_noting(
    mut table: Box<dyn Table>,
    chained: &[Chained],
) -> Result<(Box<dyn Table>, Notes), PlayError> {
    let unreadable = |seq: u64, e: serde_json::Error| PlayError::Internal(format!("record {seq}: {e}"));
    let plays: Vec<StoredPlay> = chained
        .iter()
        .map(|c| serde_json::from_str(&c.body).map_err(|e| unreadable(c.seq, e)))
        .collect::<Result<_, _>>()?;
    // Records about other records are few: only they are read in full.
    let meta: Vec<Record> = chained
        .iter()
        .zip(&plays)
        .filter(|(_, p)| !p.cause.kind.is_play())
        .map(|(c, _)| c.record().map_err(|e| unreadable(c.seq, e)))
        .collect::<Result<_, _>>()?;
    let spans = record::rewound_spans(meta.iter());
    // The notes keep the first record (the dispute policy) and the plays disputes name too.
    let mut wanted: std::collections::BTreeSet<u64> = meta
        .iter()
        .filter_map(|r| match &r.cause {
            record::Cause::Dispute { against, .. } => Some(*against),
            _ => None,
        })
        .collect();
    wanted.extend(chained.first().map(|c| c.seq));
    // And every position entered (what the seats answer, see `Notes::position_wait`).
    wanted.extend(plays.iter().filter(|p| p.cause.kind == CauseKind::Position).map(|p| p.seq));
    let mut kept: Vec<Record> = chained
        .iter()
        .zip(&plays)
        .filter(|(c, p)| p.cause.kind.is_play() && wanted.contains(&c.seq))
        .map(|(c, _)| c.record().map_err(|e| unreadable(c.seq, e)))
        .collect::<Result<_, _>>()?;
    kept.extend(meta.iter().cloned());
    kept.sort_by_key(|r| r.seq);
    let last_play = plays.iter().filter(|p| p.cause.kind.is_play()).map(|p| p.seq).max().unwrap_or(0);
    let mut notes = Notes::of(kept, last_play, chained.last().map(|c| c.seq).unwrap_or(0));
    let effective = |p: &&StoredPlay| {
        p.cause.kind.is_play()
            && (p.cause.kind == CauseKind::Created
                || !spans.iter().any(|(from, to)| (*from..*to).contains(&p.seq)))
    };
    // Each seat's newest effective action: the state before it is kept (see `Notes`).
    let mut last_action: std::collections::BTreeMap<feldpost_engine::Seat, u64> = Default::default();
    for p in plays.iter().filter(effective) {
        if let (CauseKind::Action, Some(seat)) = (p.cause.kind, p.cause.seat) {
            last_action.insert(seat, p.seq);
        }
    }
    for p in plays.iter().filter(effective) {
        if let Some(seat) = p.cause.seat.filter(|s| last_action.get(s) == Some(&p.seq)) {
            notes.before_action(seat, p.seq, table.clone_box().into());
        }
        for e in &p.events {
            table.apply_json(e.get())?;
        }
    }
    Ok((table, notes))
}
