//! Folding a log's records into a game's state: what the server, the audit and `feldpost
//! verify` all replay by.

use super::{GameError, Table};
use crate::record::{self, Record};

/// Fold the effective records of a log prefix into `table` (void records are skipped).
pub fn fold(mut table: Box<dyn Table>, records: &[Record]) -> Result<Box<dyn Table>, GameError> {
    let void = record::voided(records);
    for r in records.iter().filter(|r| !void.contains(&r.seq)) {
        for e in &r.events {
            table.apply(e)?;
        }
    }
    Ok(table)
}
