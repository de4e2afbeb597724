//! The history as one viewer may see it, and the words for records about other records.

use super::describe::{describe_meta, meta_actor, party};
use super::error::PlayError;
use super::log::{GameLog, Loaded, parsed};
use crate::clock::format_utc;
use crate::record::{self, Cause, CauseKind};
use feldpost_engine::{Msg, Seat, Viewer};
use serde::Serialize;
use serde_json::Value;

/// One record of the history as one viewer may see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HistoryEntry {
    pub seq: u64,
    pub at: i64,
    /// What kind of record it is.
    pub cause: CauseKind,
    pub seat: Option<Seat>,
    /// The action as submitted: shown to its own seat, and to everyone once the game has ended.
    #[schema(value_type = Object, nullable)]
    pub action: Option<Value>,
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Value>,
    #[schema(value_type = Vec<Object>)]
    pub descriptions: Vec<Msg>,
    /// Taken back by an overturned ruling or an undo: it stays in the log, but the game's
    /// state no longer includes it.
    pub void: bool,
}

/// The history as `seat` may see it: events through the engine's redaction, actions only to
/// their own seat until the end.
pub async fn history(
    log: &GameLog,
    loaded: &Loaded,
    seat: Option<Seat>,
) -> Result<Vec<HistoryEntry>, PlayError> {
    history_window(log, loaded, seat, 1, loaded.seq).await
}

/// The records of the history from `from` to `to` (inclusive) as `seat` may see them: only
/// these are redacted and described (a page of a long history costs what it shows).
pub async fn history_window(
    log: &GameLog,
    loaded: &Loaded,
    seat: Option<Seat>,
    from: u64,
    to: u64,
) -> Result<Vec<HistoryEntry>, PlayError> {
    // Only the window is read: what is void in it is decided by the records about other
    // records, which the loaded game keeps beside its state (`Notes`), complete to its seq.
    let window = parsed(&log.store.records_between(&loaded.game.id, from.saturating_sub(1), to).await?)?;
    let void = record::void_among(&window, &loaded.notes.rewound_spans());
    entries(loaded, seat, window, &void)
}

/// The last `n` records of the history as `seat` may see them, reading only those from the
/// store: what is void is decided by records about other records, and a record is only
/// taken back by a later one, so among plain plays nothing is void. Only when the last
/// records hold such a record is the whole log read.
pub async fn history_tail(
    log: &GameLog,
    loaded: &Loaded,
    seat: Option<Seat>,
    n: u64,
) -> Result<Vec<HistoryEntry>, PlayError> {
    let from = loaded.seq.saturating_sub(n);
    let tail = parsed(&log.store.records(&loaded.game.id, from).await?)?;
    if tail.iter().any(|r| !r.cause.is_play()) {
        return history_window(log, loaded, seat, from + 1, loaded.seq).await;
    }
    entries(loaded, seat, tail, &Default::default())
}

/// Records as history entries for `seat`: events through the engine's redaction, actions only
/// to their own seat until the end (docs/architecture.md, rule 4).
pub(super) fn entries(
    loaded: &Loaded,
    seat: Option<Seat>,
    records: Vec<record::Record>,
    void: &std::collections::BTreeSet<u64>,
) -> Result<Vec<HistoryEntry>, PlayError> {
    {
        let viewer = loaded.viewer_for(seat);
        // Redaction does not depend on the state, but the words may (a Colditz guard is called a
        // guard): the current table is asked.
        let table = &loaded.table;
        // The notes hold every record about other records, up to the loaded one.
        let step_of = |seq: u64| record::concerned_step(&[loaded.notes.records()], seq);
        let mut out = Vec::new();
        for record in records {
            let mut events = Vec::new();
            let mut descriptions = Vec::new();
            for e in &record.events {
                if let Some((shown, msg)) = table.redact(e, viewer)? {
                    events.push(shown);
                    descriptions.push(msg);
                }
            }
            let (actor, action) = match &record.cause {
                Cause::Action { seat: s, action } => {
                    let mine = viewer == Viewer::Omniscient || Some(*s) == seat;
                    (Some(*s), mine.then(|| action.clone()))
                }
                // What the clock did is public: it carries nothing of any seat's.
                Cause::Clock { action, .. } => (None, Some(action.clone())),
                Cause::Absent { seat: s, until } => {
                    descriptions
                        .push(Msg::new("history-absent").seat("seat", *s).text("until", format_utc(*until)));
                    (Some(*s), None)
                }
                Cause::Paused { until, by_host } => {
                    let key = if *by_host { "history-paused-host" } else { "history-paused" };
                    descriptions.push(Msg::new(key).text("until", format_utc(*until)));
                    (None, None)
                }
                Cause::Resumed { expired } => {
                    descriptions.push(Msg::new(if *expired {
                        "history-resumed-expired"
                    } else {
                        "history-resumed"
                    }));
                    (None, None)
                }
                // A correction is told by its ruling, then by its events.
                Cause::Correction { ruling, by, .. } => {
                    descriptions.insert(
                        0,
                        party(Msg::new("history-correction"), "by", by)
                            .num("step", step_of(*ruling).unwrap_or_default() as i64),
                    );
                    (if let record::Party::Seat(s) = by { Some(*s) } else { None }, None)
                }
                // A game from a real table does not begin as the rules set a game up: its
                // first record's words say that it waits for the table's position instead of
                // who goes first from the usual start (docs/positions.md).
                Cause::Created { from_position: true, .. } => {
                    descriptions = vec![Msg::new("history-created-from-position")];
                    (None, None)
                }
                // What a seat entered privately is told by its events, as the engine redacts them.
                Cause::Position { by: record::Party::Seat(s), .. } => (Some(*s), None),
                Cause::Created { .. } | Cause::Deadline | Cause::Position { .. } => (None, None),
                other => {
                    descriptions.push(describe_meta(other, &step_of));
                    (meta_actor(other), None)
                }
            };
            out.push(HistoryEntry {
                seq: record.seq,
                at: record.at,
                cause: record.cause.kind(),
                seat: actor,
                action,
                events,
                descriptions,
                void: void.contains(&record.seq),
            });
        }
        Ok(out)
    }
}
