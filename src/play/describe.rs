//! The words for records about other records (disputes, rulings, appeals, undo, a seat handed
//! on): what the history says of them and what the notices about them say.

use crate::record::{self, Cause};
use feldpost_engine::{Msg, Seat};

pub fn party(msg: Msg, name: &str, by: &record::Party) -> Msg {
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
        Cause::Dispute { seat, against, claim, rule } => {
            let named = Msg::new(if rule.is_some() { "history-dispute" } else { "history-dispute-no-rule" })
                .seat("seat", *seat)
                .num("against", *against as i64)
                .text("claim", claim.clone());
            match rule {
                Some(rule) => named.text("rule", rule.clone()),
                None => named, // no "(rule: —)" when the player named none
            }
        }
        Cause::Ruling { dispute, by, verdict, reason, remedy } => party(
            Msg::new(match (verdict, remedy) {
                (Verdict::Uphold, _) => "history-ruling-uphold",
                (Verdict::Overturn, Some(r)) if !record::is_rewind(r) => "history-ruling-correct",
                (Verdict::Overturn, _) => "history-ruling-overturn",
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
        Cause::AppealDecided { appeal, reverse, by, blocked } => party(
            Msg::new(match (reverse, blocked) {
                (true, true) => "history-appeal-blocked",
                (true, false) => "history-appeal-reversed",
                (false, _) => "history-appeal-kept",
            }),
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
        | Cause::Correction { .. }
        | Cause::Action { .. }
        | Cause::Deadline
        | Cause::Clock { .. }
        | Cause::Paused { .. }
        | Cause::Resumed { .. }
        | Cause::Absent { .. } => Msg::new("history-play"),
    }
}

pub fn meta_actor(cause: &Cause) -> Option<Seat> {
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
