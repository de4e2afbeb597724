//! The history as one viewer may see it, and the words for records about other records.

use super::{Loaded, Play, PlayError};

use crate::record::{self, Cause};
use feldpost_engine::{Msg, Seat, Viewer};
use serde::Serialize;
use serde_json::Value;

/// One record of the history as one viewer may see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HistoryEntry {
    pub seq: u64,
    pub at: i64,
    /// "created", "action", "deadline", "paused", "resumed" or "absent".
    pub cause: String,
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

impl Play {
    /// The history as `seat` may see it: events through the engine's redaction, actions only to
    /// their own seat until the end.
    pub async fn history(&self, loaded: &Loaded, seat: Option<Seat>) -> Result<Vec<HistoryEntry>, PlayError> {
        let viewer = loaded.viewer_for(seat);
        // Redaction is asked of a table of the right ruleset; it does not depend on the state.
        let table = loaded.empty_table()?;
        let (records, _) = self.records_of(&loaded.game.id).await?;
        let void = record::voided(&records);
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
            let (cause, actor, action) = match &record.cause {
                Cause::Created { .. } => ("created", None, None),
                Cause::Action { seat: s, action } => {
                    let mine = viewer == Viewer::Omniscient || Some(*s) == seat;
                    ("action", Some(*s), mine.then(|| action.clone()))
                }
                Cause::Deadline => ("deadline", None, None),
                // What the clock did is public: it carries nothing of any seat's.
                Cause::Clock { action, .. } => ("clock", None, Some(action.clone())),
                Cause::Paused { .. } => ("paused", None, None),
                Cause::Resumed { .. } => ("resumed", None, None),
                Cause::Absent { seat: s, .. } => ("absent", Some(*s), None),
                other => {
                    descriptions.push(describe_meta(other));
                    (meta_kind(other), meta_actor(other), None)
                }
            };
            out.push(HistoryEntry {
                seq: record.seq,
                at: record.at,
                cause: cause.into(),
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

pub(super) fn party(msg: Msg, name: &str, by: &record::Party) -> Msg {
    match by {
        record::Party::Seat(s) => msg.seat(name, *s),
        record::Party::Host => msg.key(name, "party-host"),
        record::Party::Vote => msg.key(name, "party-vote"),
        record::Party::Expiry => msg.key(name, "party-expiry"),
    }
}

/// The words for a record that talks about other records (disputes, rulings, undo).
pub fn describe_meta(cause: &Cause) -> Msg {
    use record::Verdict;
    match cause {
        Cause::Dispute { seat, against, claim, rule } => Msg::new("history-dispute")
            .seat("seat", *seat)
            .num("against", *against as i64)
            .text("claim", claim.clone())
            .text("rule", rule.clone().unwrap_or_else(|| "—".into())),
        Cause::Ruling { dispute, by, verdict, reason } => party(
            Msg::new(if *verdict == Verdict::Overturn {
                "history-ruling-overturn"
            } else {
                "history-ruling-uphold"
            }),
            "by",
            by,
        )
        .num("dispute", *dispute as i64)
        .text("reason", reason.clone()),
        Cause::Appeal { seat, ruling } => {
            Msg::new("history-appeal").seat("seat", *seat).num("ruling", *ruling as i64)
        }
        Cause::Vote { seat, appeal, reverse } => {
            Msg::new(if *reverse { "history-vote-reverse" } else { "history-vote-keep" })
                .seat("seat", *seat)
                .num("appeal", *appeal as i64)
        }
        Cause::AppealDecided { appeal, reverse, by } => party(
            Msg::new(if *reverse { "history-appeal-reversed" } else { "history-appeal-kept" }),
            "by",
            by,
        )
        .num("appeal", *appeal as i64),
        Cause::UndoRequested { seat, target } => {
            Msg::new("history-undo-requested").seat("seat", *seat).num("target", *target as i64)
        }
        Cause::UndoDeclined { request, by } => {
            party(Msg::new("history-undo-declined"), "by", by).num("request", *request as i64)
        }
        Cause::Undo { seat, target } => {
            Msg::new("history-undo").seat("seat", *seat).num("target", *target as i64)
        }
        Cause::Replaced { seat, name } => {
            Msg::new("history-replaced").num("seat", i64::from(*seat) + 1).text("name", name.clone())
        }
        Cause::Created { .. }
        | Cause::Action { .. }
        | Cause::Deadline
        | Cause::Clock { .. }
        | Cause::Paused { .. }
        | Cause::Resumed { .. }
        | Cause::Absent { .. } => Msg::new("history-play"),
    }
}

pub(super) fn meta_kind(cause: &Cause) -> &'static str {
    match cause {
        Cause::Dispute { .. } => "dispute",
        Cause::Ruling { .. } => "ruling",
        Cause::Appeal { .. } => "appeal",
        Cause::Vote { .. } => "vote",
        Cause::AppealDecided { .. } => "appeal_decided",
        Cause::UndoRequested { .. } => "undo_requested",
        Cause::UndoDeclined { .. } => "undo_declined",
        Cause::Undo { .. } => "undo",
        Cause::Created { .. } => "created",
        Cause::Action { .. } => "action",
        Cause::Deadline => "deadline",
        Cause::Clock { .. } => "clock",
        Cause::Paused { .. } => "paused",
        Cause::Resumed { .. } => "resumed",
        Cause::Absent { .. } => "absent",
        Cause::Replaced { .. } => "replaced",
    }
}

pub(super) fn meta_actor(cause: &Cause) -> Option<Seat> {
    match cause {
        Cause::Dispute { seat, .. }
        | Cause::Appeal { seat, .. }
        | Cause::Vote { seat, .. }
        | Cause::UndoRequested { seat, .. }
        | Cause::Undo { seat, .. } => Some(*seat),
        Cause::Ruling { by: record::Party::Seat(s), .. } | Cause::Absent { seat: s, .. } => Some(*s),
        _ => None,
    }
}
