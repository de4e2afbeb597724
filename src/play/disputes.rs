//! Disputes, rulings, appeals and undo: the adjudicator's side of feldpost.
//!
//! Every step is a record appended through the one write path ([`GameLog::commit`]), so a
//! ruling is as much a part of the game's history as a move. An overturn does not delete
//! anything: the void set is derived from the log ([`record::voided`]). Nothing can stall a
//! game: a dispute nobody rules on, and an appeal nobody decides, end by the stated default
//! ([`tick_disputes`]). Undo, which asks no adjudicator, is `src/play/undo.rs`.

use super::act::Acted;
use super::error::PlayError;
use super::log::mails::Adjudicator;
use super::log::{Change, GameLog, Loaded, Posting};
use crate::clock::HOUR_MS;
use crate::games::fold;
use crate::ids::{GameId, SeatToken};
use crate::record::{self, Cause, DisputePolicy, Party, Record, Verdict};
use feldpost_engine::{CountingRandom, Msg, Seat, SeededRandom, Viewer};
use serde::Serialize;
use serde_json::Value;

const MAX_CLAIM: usize = 2000;

/// Where a dispute stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DisputeStatus {
    /// Waiting for its ruling.
    Open,
    /// The contested record stands.
    Upheld,
    /// The contested record and what followed it are void.
    Overturned,
}

impl DisputeStatus {
    /// The Fluent id of its name.
    pub fn key(self) -> &'static str {
        match self {
            DisputeStatus::Open => "dispute-status-open",
            DisputeStatus::Upheld => "dispute-status-upheld",
            DisputeStatus::Overturned => "dispute-status-overturned",
        }
    }
}

/// One dispute as everyone may see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct DisputeView {
    /// The dispute's own record.
    pub seq: u64,
    pub at: i64,
    pub seat: Seat,
    /// The contested record.
    pub against: u64,
    pub claim: String,
    pub rule: Option<String>,
    /// Whose action is contested (none for a deadline).
    pub contested_seat: Option<Seat>,
    /// Who rules: a seat, or the host.
    #[schema(value_type = Object)]
    pub adjudicator: Party,
    /// Where the dispute stands (after any appeal).
    pub status: DisputeStatus,
    pub ruling: Option<RulingView>,
    /// When the dispute expires unruled (and is upheld).
    pub expires_at: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RulingView {
    pub seq: u64,
    #[schema(value_type = Object)]
    pub by: Party,
    #[schema(value_type = String)]
    pub verdict: Verdict,
    pub reason: String,
    /// With an overturn: how it was put right.
    #[schema(value_type = Object, nullable)]
    pub remedy: Option<Value>,
    pub appeal: Option<AppealView>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AppealView {
    pub seq: u64,
    pub voters: Vec<Seat>,
    pub reverse: Vec<Seat>,
    pub keep: Vec<Seat>,
    /// `Some(true)`: the ruling was reversed; `Some(false)`: kept; `None`: voting.
    pub decided: Option<bool>,
    pub expires_at: i64,
}

/// What the engine says today of a contested record, replayed from the state before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum VerdictToday {
    /// Accepted, and the same events follow.
    Legal,
    /// Accepted, but other events follow (the code changed since).
    LegalOtherResult,
    /// Refused (with the rule).
    Illegal,
    /// Not a seat's action (a deadline): nothing to re-decide.
    NotAnAction,
}

impl VerdictToday {
    /// The Fluent id of its name.
    pub fn key(self) -> &'static str {
        match self {
            VerdictToday::Legal => "audit-legal",
            VerdictToday::LegalOtherResult => "audit-legal-other-result",
            VerdictToday::Illegal => "audit-illegal",
            VerdictToday::NotAnAction => "audit-not-an-action",
        }
    }
}

/// A remedy as the adjudicator is offered it (docs/disputes.md, D3).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RemedyOffer {
    /// What to send as the ruling's `remedy`: `{"remedy": "rewind"}` or `{"remedy": "correct",
    /// "correction": …}`.
    #[schema(value_type = Object)]
    pub remedy: Value,
    #[schema(value_type = Object)]
    pub label: Msg,
    pub possible: bool,
    /// Why it is not possible now (a rewind across something that came to light, a correction
    /// the state no longer allows).
    #[schema(value_type = Object, nullable)]
    pub why_not: Option<Msg>,
}

/// What the adjudicator sees before ruling.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct DisputeAudit {
    pub dispute: DisputeView,
    /// The contested record's events, and the state just before and just after it, replayed
    /// from the log (as the adjudicator may see them).
    #[schema(value_type = Vec<Object>)]
    pub contested_events: Vec<Value>,
    #[schema(value_type = Object)]
    pub before: Value,
    #[schema(value_type = Object)]
    pub after: Value,
    /// What the engine says of the contested record today.
    pub verdict_today: VerdictToday,
    pub rule: Option<String>,
    #[schema(value_type = Object, nullable)]
    pub reason: Option<Msg>,
    /// Effective records after the contested one, which an overturn would make void.
    pub dependents: Vec<u64>,
    /// The remedies the rules allow for this dispute, each possible now or with why not.
    pub remedies: Vec<RemedyOffer>,
    /// The state an overturn would produce with the first possible remedy (a fork of the log,
    /// not written); the state now when no remedy is possible.
    #[schema(value_type = Object)]
    pub overturn_preview: Value,
}

/// The three states of an audit, for drawing (each drawn for `viewer` only).
pub struct AuditBoards {
    pub viewer: Viewer,
    pub before: Box<dyn crate::games::Table>,
    pub after: Box<dyn crate::games::Table>,
    pub preview: Box<dyn crate::games::Table>,
}

/// Who is acting in a dispute use case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Who {
    Seat(Seat),
    Host,
}

fn policy(records: &[Record]) -> DisputePolicy {
    match records.first().map(|r| &r.cause) {
        Some(Cause::Created { disputes, .. }) => *disputes,
        _ => DisputePolicy::default(),
    }
}

fn invalid(key: &str) -> PlayError {
    PlayError::invalid(key)
}

/// The seat of a party, for the engine (`None`: the host, or nobody).
fn party_seat(p: Party) -> Option<Seat> {
    match p {
        Party::Seat(s) => Some(s),
        _ => None,
    }
}

pub(super) fn forbidden(rule: &str, key: &str) -> PlayError {
    PlayError::NotYourTurn(feldpost_engine::Refusal::not_your_turn(rule, Msg::new(key)))
}

/// The disputes of a log, with their rulings and appeals.
pub fn dispute_views(records: &[Record], loaded: &Loaded) -> Vec<DisputeView> {
    let policy = policy(records);
    let mut out: Vec<DisputeView> = Vec::new();
    for r in records {
        match &r.cause {
            Cause::Dispute { seat, against, claim, rule } => {
                let contested = records.iter().find(|c| c.seq == *against);
                let contested_seat = match contested.map(|c| &c.cause) {
                    Some(Cause::Action { seat, .. }) => Some(*seat),
                    _ => None,
                };
                let adjudicator = match contested.map(|c| &c.cause) {
                    Some(Cause::Action { seat, action }) => {
                        loaded.table.adjudicator(Some(*seat), Some(action))
                    }
                    _ => loaded.table.adjudicator(None, None),
                }
                .map(Party::Seat)
                .unwrap_or(Party::Host);
                out.push(DisputeView {
                    seq: r.seq,
                    at: r.at,
                    seat: *seat,
                    against: *against,
                    claim: claim.clone(),
                    rule: rule.clone(),
                    contested_seat,
                    adjudicator,
                    status: DisputeStatus::Open,
                    ruling: None,
                    expires_at: r.at + i64::from(policy.ruling_hours) * HOUR_MS,
                });
            }
            Cause::Ruling { dispute, by, verdict, reason, remedy } => {
                if let Some(d) = out.iter_mut().find(|d| d.seq == *dispute) {
                    d.status = if *verdict == Verdict::Overturn {
                        DisputeStatus::Overturned
                    } else {
                        DisputeStatus::Upheld
                    };
                    d.ruling = Some(RulingView {
                        seq: r.seq,
                        by: *by,
                        verdict: *verdict,
                        reason: reason.clone(),
                        remedy: remedy.clone(),
                        appeal: None,
                    });
                }
            }
            Cause::Appeal { ruling, .. } => {
                if let Some(d) = out.iter_mut().find(|d| d.ruling.as_ref().is_some_and(|x| x.seq == *ruling))
                {
                    let by = d.ruling.as_ref().map(|x| x.by);
                    let voters = (0..loaded.seats.len() as Seat)
                        .filter(|s| {
                            *s != d.seat && Some(*s) != d.contested_seat && by != Some(Party::Seat(*s))
                        })
                        .collect();
                    d.ruling.as_mut().unwrap().appeal = Some(AppealView {
                        seq: r.seq,
                        voters,
                        reverse: vec![],
                        keep: vec![],
                        decided: None,
                        expires_at: r.at + i64::from(policy.appeal_hours) * HOUR_MS,
                    });
                }
            }
            Cause::Vote { seat, appeal, reverse } => {
                if let Some(a) = out
                    .iter_mut()
                    .filter_map(|d| d.ruling.as_mut().and_then(|x| x.appeal.as_mut()))
                    .find(|a| a.seq == *appeal)
                {
                    if *reverse { a.reverse.push(*seat) } else { a.keep.push(*seat) }
                }
            }
            Cause::AppealDecided { appeal, reverse, blocked, .. } => {
                for d in out.iter_mut() {
                    let Some(ruling) = d.ruling.as_mut() else { continue };
                    let Some(a) = ruling.appeal.as_mut().filter(|a| a.seq == *appeal) else { continue };
                    a.decided = Some(*reverse && !*blocked);
                    if *reverse && !*blocked {
                        d.status = if ruling.verdict == Verdict::Overturn {
                            DisputeStatus::Upheld
                        } else {
                            DisputeStatus::Overturned
                        };
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The outcome of an appeal's votes so far: `Some` once no further vote can change it.
fn appeal_outcome(a: &AppealView, at_deadline: bool) -> Option<bool> {
    let n = a.voters.len();
    let (rev, keep) = (a.reverse.len(), a.keep.len());
    if rev * 2 > n {
        Some(true)
    } else if keep * 2 >= n || at_deadline || rev + keep == n {
        // A tie keeps the ruling (the stated default), as does silence.
        Some(rev > keep)
    } else {
        None
    }
}

/// Who holds `token` for game `game_id`: its host (by the host link's token) or a seat.
pub async fn authorize(log: &GameLog, game_id: &GameId, token: &str) -> Result<(Loaded, Who), PlayError> {
    if let Ok(loaded) = log.load_host(game_id, token).await {
        return Ok((loaded, Who::Host));
    }
    let token = SeatToken::parse(token).ok_or(PlayError::UnknownLink)?;
    let (loaded, seat) = log.load_seat_in(&token, game_id).await?;
    Ok((loaded, Who::Seat(seat)))
}

/// A loaded game's disputes (from the notes kept beside its state).
pub fn disputes(loaded: &Loaded) -> Vec<DisputeView> {
    dispute_views(loaded.notes.records(), loaded)
}

/// Contest record `against`: a claim in words, and optionally the rule it breaks.
pub async fn dispute(
    log: &GameLog,
    loaded: Loaded,
    seat: Seat,
    against: u64,
    claim: &str,
    rule: Option<&str>,
) -> Result<Acted, PlayError> {
    let claim = crate::input::paragraph(claim, MAX_CLAIM, true)
        .map_err(PlayError::input(crate::input::Field::Claim))?;
    let (records, _) = log.records_of(&loaded.game.id).await?;
    let void = record::voided(&records);
    match records.iter().find(|r| r.seq == against).map(|r| &r.cause) {
        Some(Cause::Action { .. } | Cause::Deadline | Cause::Clock { .. }) if !void.contains(&against) => {}
        Some(_) if void.contains(&against) => return Err(invalid("dispute-error-void")),
        _ => return Err(invalid("dispute-error-not-a-play")),
    }
    if dispute_views(&records, &loaded)
        .iter()
        .any(|d| d.against == against && d.status == DisputeStatus::Open)
    {
        return Err(invalid("dispute-error-already-disputed"));
    }
    let rule = rule.map(str::trim).filter(|r| !r.is_empty()).map(|r| r.chars().take(40).collect());
    let record = Record {
        seq: loaded.next_seq(),
        at: log.now(),
        cause: Cause::Dispute { seat, against, claim, rule },
        events: vec![],
        nonce: None,
    };
    // The adjudicator is asked to rule, in a mail of their own with the deadline (the mail
    // the record causes: see `GameLog::commit`).
    Ok(log.commit(loaded, Change::record(record)).await?.into())
}

/// Rule on dispute `dispute`. Only its adjudicator may.
pub async fn rule(
    log: &GameLog,
    loaded: Loaded,
    who: Who,
    dispute: u64,
    verdict: Verdict,
    reason: &str,
    remedy: Option<&Value>,
) -> Result<Acted, PlayError> {
    let (records, _) = log.records_of(&loaded.game.id).await?;
    let d = dispute_views(&records, &loaded)
        .into_iter()
        .find(|d| d.seq == dispute)
        .ok_or_else(|| invalid("dispute-error-no-such-dispute"))?;
    if d.status != DisputeStatus::Open {
        return Err(invalid("dispute-error-ruled"));
    }
    let by = match who {
        Who::Host => Party::Host,
        Who::Seat(s) => Party::Seat(s),
    };
    if by != d.adjudicator {
        return Err(forbidden("D2", "dispute-refusal-not-adjudicator"));
    }
    let reason = crate::input::paragraph(reason, MAX_CLAIM, false)
        .map_err(PlayError::input(crate::input::Field::Reason))?;
    let seq = loaded.next_seq();
    let ruling = |remedy: Option<Value>| Record {
        seq,
        at: log.now(),
        cause: Cause::Ruling { dispute, by, verdict, reason: reason.clone(), remedy },
        events: vec![],
        nonce: None,
    };
    if verdict == Verdict::Uphold {
        return Ok(log.commit(loaded, Change::record(ruling(None))).await?.into());
    }
    // An ended game's record is final (see `GameLog::commit`).
    if loaded.finished() {
        return Err(PlayError::Finished);
    }
    // An overturn is put right only in a way the rules allow and the record still permits.
    let offers = remedy_offers(&loaded, &records, &d)?;
    let chosen = match remedy {
        Some(wanted) => offers.iter().find(|o| &o.remedy == wanted).ok_or_else(|| {
            PlayError::Refused(feldpost_engine::Refusal::new("D3", Msg::new("remedy-refusal-not-offered")))
        })?,
        None => offers.iter().find(|o| o.possible).ok_or_else(|| {
            PlayError::Refused(feldpost_engine::Refusal::new("D3", Msg::new("remedy-refusal-none-possible")))
        })?,
    };
    if let Some(why) = chosen.why_not.clone().filter(|_| !chosen.possible) {
        return Err(PlayError::Refused(feldpost_engine::Refusal::new("D3", why)));
    }
    if record::is_rewind(&chosen.remedy) {
        return Ok(log.commit(loaded, Change::record(ruling(Some(chosen.remedy.clone())))).await?.into());
    }
    // A correction: the ruling, then the events it orders, in one transaction.
    let correction = chosen.remedy.get("correction").cloned().unwrap_or(Value::Null);
    let events = loaded.table.correct(
        party_seat(by),
        &correction,
        &mut SeededRandom::new(&loaded.seed_bytes()?, &loaded.game.id, seq + 1, "correct"),
    )?;
    let carried_out = Record {
        seq: seq + 1,
        at: log.now(),
        cause: Cause::Correction { ruling: seq, by, correction },
        events,
        nonce: None,
    };
    let change = Change::records(vec![ruling(Some(chosen.remedy.clone())), carried_out]);
    Ok(log.commit(loaded, change).await?.into())
}

/// Why the game can no longer go back to just before record `from`, if it cannot: the
/// record is final after the end; nothing that came to light since may be hidden again; and
/// in games with hidden information, nothing drawn since may be drawn anew (the undo rule).
pub(crate) fn rewind_blocker(
    loaded: &Loaded,
    records: &[Record],
    from: u64,
) -> Result<Option<Msg>, PlayError> {
    if loaded.finished() {
        return Ok(Some(Msg::new("remedy-why-finished")));
    }
    let void = record::voided(records);
    let Some(index) = records.iter().position(|r| r.seq == from) else {
        return Err(invalid("dispute-error-contested-missing"));
    };
    let mut table = fold(loaded.empty_table()?, &records[..index])?;
    let seed = loaded.seed_bytes()?;
    let hidden = loaded.rules.has_hidden_information();
    for r in records[index..].iter().filter(|r| r.cause.is_play() && !void.contains(&r.seq)) {
        let mut counting = CountingRandom::new(SeededRandom::new(&seed, &loaded.game.id, r.seq, "decide"));
        let _ = match &r.cause {
            Cause::Action { seat, action } | Cause::Clock { seat, action } => {
                table.decide(*seat, action, &mut counting).map(|_| ())
            }
            Cause::Deadline => {
                table.deadline_passed(&mut counting);
                Ok(())
            }
            Cause::Correction { by, correction, .. } => {
                table.correct(party_seat(*by), correction, &mut counting).map(|_| ())
            }
            _ => Ok(()),
        };
        if hidden && counting.draws > 0 {
            return Ok(Some(Msg::new("remedy-why-drawn").num("seq", r.seq as i64)));
        }
        for e in &r.events {
            let public = matches!(table.redact(e, Viewer::Public)?, Some((shown, _)) if &shown == e);
            if table.reveals(e) || !public {
                return Ok(Some(Msg::new("remedy-why-revealed").num("seq", r.seq as i64)));
            }
            table.apply(e)?;
        }
    }
    Ok(None)
}

/// The remedies the rules allow for dispute `d`, each with whether it is possible now.
fn remedy_offers(
    loaded: &Loaded,
    records: &[Record],
    d: &DisputeView,
) -> Result<Vec<RemedyOffer>, PlayError> {
    let index = records
        .iter()
        .position(|r| r.seq == d.against)
        .ok_or_else(|| invalid("dispute-error-contested-missing"))?;
    let contested = &records[index];
    let remedies = match &contested.cause {
        Cause::Action { seat, action } => {
            let before = fold(loaded.empty_table()?, &records[..index])?;
            let after = fold(loaded.empty_table()?, &records[..=index])?;
            loaded.table.remedies(before.as_ref(), after.as_ref(), *seat, action)
        }
        _ => vec![(serde_json::json!({"remedy": "rewind"}), Msg::new("remedy-rewind"))],
    };
    let seed = loaded.seed_bytes()?;
    let mut offers = Vec::with_capacity(remedies.len());
    for (remedy, label) in remedies {
        let why_not = if loaded.finished() {
            Some(Msg::new("remedy-why-finished"))
        } else if record::is_rewind(&remedy) {
            rewind_blocker(loaded, records, d.against)?
        } else {
            let correction = remedy.get("correction").cloned().unwrap_or(Value::Null);
            let mut trial = CountingRandom::new(SeededRandom::new(&seed, &loaded.game.id, 0, "trial"));
            match loaded.table.correct(party_seat(d.adjudicator), &correction, &mut trial) {
                Ok(_) => None,
                Err(crate::games::GameError::Refused(r)) => Some(r.reason),
                Err(e) => Some(Msg::new("dispute-unreadable").text("why", e.to_string())),
            }
        };
        offers.push(RemedyOffer { remedy, label, possible: why_not.is_none(), why_not });
    }
    Ok(offers)
}

/// What the adjudicator weighs: the state before and after the contested record, the
/// engine's verdict on it today, what depends on it, and the overturn's result.
pub async fn audit_dispute(
    log: &GameLog,
    loaded: &Loaded,
    who: Who,
    dispute: u64,
) -> Result<(DisputeAudit, AuditBoards), PlayError> {
    let (records, _) = log.records_of(&loaded.game.id).await?;
    let d = dispute_views(&records, loaded)
        .into_iter()
        .find(|d| d.seq == dispute)
        .ok_or_else(|| invalid("dispute-error-no-such-dispute"))?;
    let viewer = match who {
        Who::Seat(s) => loaded.viewer_for(Some(s)),
        // The host is not at the table: the public view, or everything after the end.
        Who::Host => loaded.viewer_for(None),
    };
    let index = records
        .iter()
        .position(|r| r.seq == d.against)
        .ok_or_else(|| invalid("dispute-error-contested-missing"))?;
    let before_table = fold(loaded.empty_table()?, &records[..index])?;
    let after_table = fold(loaded.empty_table()?, &records[..=index])?;
    let contested = &records[index];
    let (verdict_today, rule, reason) = match &contested.cause {
        Cause::Action { seat, action } => {
            let seed = loaded.seed_bytes()?;
            match before_table.decide(
                *seat,
                action,
                &mut SeededRandom::new(&seed, &loaded.game.id, contested.seq, "decide"),
            ) {
                Ok(events) if events == contested.events => (VerdictToday::Legal, None, None),
                Ok(_) => (VerdictToday::LegalOtherResult, None, None),
                Err(crate::games::GameError::Refused(r)) => {
                    (VerdictToday::Illegal, Some(r.rule.clone()), Some(r.reason.clone()))
                }
                Err(e) => (
                    VerdictToday::Illegal,
                    None,
                    Some(Msg::new("dispute-unreadable").text("why", e.to_string())),
                ),
            }
        }
        _ => (VerdictToday::NotAnAction, None, None),
    };
    let contested_events = contested
        .events
        .iter()
        .filter_map(|e| before_table.redact(e, viewer).ok().flatten().map(|(v, _)| v))
        .collect();
    let void = record::voided(&records);
    let dependents = records
        .iter()
        .filter(|r| r.seq > d.against && r.cause.is_play() && !void.contains(&r.seq))
        .map(|r| r.seq)
        .collect();
    // The fork: the log as it is, plus the overturn with its first possible remedy, folded;
    // nothing is written.
    let remedies = remedy_offers(loaded, &records, &d)?;
    let mut fork = records.clone();
    if let Some(first) = remedies.iter().find(|o| o.possible) {
        let seq = loaded.seq + 1;
        fork.push(Record {
            seq,
            at: log.now(),
            cause: Cause::Ruling {
                dispute,
                by: d.adjudicator,
                verdict: Verdict::Overturn,
                reason: String::new(),
                remedy: Some(first.remedy.clone()),
            },
            events: vec![],
            nonce: None,
        });
        if !record::is_rewind(&first.remedy) {
            let correction = first.remedy.get("correction").cloned().unwrap_or(Value::Null);
            let events = loaded.table.correct(
                party_seat(d.adjudicator),
                &correction,
                &mut SeededRandom::new(&loaded.seed_bytes()?, &loaded.game.id, seq + 1, "correct"),
            )?;
            fork.push(Record {
                seq: seq + 1,
                at: log.now(),
                cause: Cause::Correction { ruling: seq, by: d.adjudicator, correction },
                events,
                nonce: None,
            });
        }
    }
    let preview = fold(loaded.empty_table()?, &fork)?;
    let audit = DisputeAudit {
        contested_events,
        before: before_table.view(viewer),
        after: after_table.view(viewer),
        verdict_today,
        rule,
        reason,
        dependents,
        remedies,
        overturn_preview: preview.view(viewer),
        dispute: d,
    };
    Ok((audit, AuditBoards { viewer, before: before_table, after: after_table, preview }))
}

/// The disputing player appeals a ruling made by an adjudicator who plays in the game.
pub async fn appeal(log: &GameLog, loaded: Loaded, seat: Seat, ruling: u64) -> Result<Acted, PlayError> {
    let (records, _) = log.records_of(&loaded.game.id).await?;
    if !policy(&records).appeals {
        return Err(forbidden("D4", "dispute-refusal-no-appeals"));
    }
    // An ended game's record is final (see `GameLog::commit`): nothing left to reverse.
    if loaded.finished() {
        return Err(PlayError::Finished);
    }
    let d = dispute_views(&records, &loaded)
        .into_iter()
        .find(|d| d.ruling.as_ref().is_some_and(|r| r.seq == ruling))
        .ok_or_else(|| invalid("dispute-error-no-such-ruling"))?;
    // Either party may appeal: the player who disputed, or the one whose move was contested.
    if d.seat != seat && d.contested_seat != Some(seat) {
        return Err(forbidden("D4", "dispute-refusal-not-party"));
    }
    let r = d.ruling.as_ref().expect("found by its ruling");
    if !matches!(r.by, Party::Seat(_)) {
        return Err(invalid("dispute-error-not-appealable"));
    }
    if r.appeal.is_some() {
        return Err(invalid("dispute-error-appealed"));
    }
    // A reversal would be a rewind: where it could no longer be carried out, there is
    // nothing to appeal to.
    let from = if r.verdict == Verdict::Overturn { r.seq } else { d.against };
    if let Some(why) = rewind_blocker(&loaded, &records, from)? {
        return Err(PlayError::Refused(feldpost_engine::Refusal::new("D4", why)));
    }
    let game_id = loaded.game.id.clone();
    let record = Record {
        seq: loaded.next_seq(),
        at: log.now(),
        cause: Cause::Appeal { seat, ruling },
        events: vec![],
        nonce: None,
    };
    let acted = Acted::from(log.commit(loaded, Change::record(record)).await?);
    // With nobody to vote, the appeal is decided at once by its default.
    let loaded = log.load(&game_id).await?;
    decide_appeals(log, loaded, false).await?;
    Ok(acted)
}

/// A vote on an appeal; the appeal is decided as soon as the votes settle it.
pub async fn vote(
    log: &GameLog,
    loaded: Loaded,
    seat: Seat,
    appeal: u64,
    reverse: bool,
) -> Result<Acted, PlayError> {
    let (records, _) = log.records_of(&loaded.game.id).await?;
    let a = dispute_views(&records, &loaded)
        .into_iter()
        .filter_map(|d| d.ruling.and_then(|r| r.appeal))
        .find(|a| a.seq == appeal)
        .ok_or_else(|| invalid("dispute-error-no-such-appeal"))?;
    if a.decided.is_some() {
        return Err(invalid("dispute-error-appeal-decided"));
    }
    if !a.voters.contains(&seat) {
        return Err(forbidden("D4", "dispute-refusal-not-voter"));
    }
    if a.reverse.contains(&seat) || a.keep.contains(&seat) {
        return Err(invalid("dispute-error-voted"));
    }
    let game_id = loaded.game.id.clone();
    let record = Record {
        seq: loaded.next_seq(),
        at: log.now(),
        cause: Cause::Vote { seat, appeal, reverse },
        events: vec![],
        nonce: None,
    };
    let acted = Acted::from(log.commit(loaded, Change::record(record)).await?);
    let loaded = log.load(&game_id).await?;
    decide_appeals(log, loaded, false).await?;
    Ok(acted)
}

/// Append the decision of every appeal the votes (or, at its deadline, the clock) settle.
async fn decide_appeals(log: &GameLog, loaded: Loaded, clock: bool) -> Result<usize, PlayError> {
    let game_id = loaded.game.id.clone();
    let (records, _) = log.records_of(&game_id).await?;
    let now = log.now();
    let views = dispute_views(&records, &loaded);
    let settled: Vec<(u64, bool, bool, u64)> = views
        .iter()
        .filter_map(|d| d.ruling.as_ref().map(|r| (d, r)))
        .filter_map(|(d, r)| r.appeal.as_ref().map(|a| (d, r, a)))
        .filter(|(_, _, a)| a.decided.is_none())
        .filter_map(|(d, r, a)| {
            let late = clock && now >= a.expires_at;
            // What a reversal takes back from: the ruling (an overturn reversed) or the
            // contested record (an uphold reversed).
            let from = if r.verdict == Verdict::Overturn { r.seq } else { d.against };
            appeal_outcome(a, late).map(|reverse| {
                (a.seq, reverse, late && a.reverse.len() + a.keep.len() < a.voters.len(), from)
            })
        })
        .collect();
    let mut loaded = loaded;
    let mut done = 0;
    for (appeal, reverse, expired, from) in settled {
        if reverse && loaded.finished() {
            // A reversal rewinds, which an ended game's record no longer allows: the vote
            // stands in the log, the ruling too.
            continue;
        }
        // A reversal is a rewind: never across what has come to light since.
        let (records, _) = log.records_of(&game_id).await?;
        let blocked = reverse && rewind_blocker(&loaded, &records, from)?.is_some();
        let by = if expired { Party::Expiry } else { Party::Vote };
        let record = Record {
            seq: loaded.next_seq(),
            at: now,
            cause: Cause::AppealDecided { appeal, reverse, by, blocked },
            events: vec![],
            nonce: None,
        };
        log.commit(loaded, Change::record(record)).await?;
        done += 1;
        loaded = log.load(&game_id).await?;
    }
    Ok(done)
}

/// Let the clock settle what waits too long: disputes nobody ruled on are upheld, appeals
/// nobody finished are decided by the votes cast. Returns how many records were appended.
pub async fn tick_disputes(log: &GameLog, game_id: &GameId) -> Result<usize, PlayError> {
    let loaded = log.load(game_id).await?;
    let (records, _) = log.records_of(game_id).await?;
    let now = log.now();
    let mut done = 0;
    let expired: Vec<u64> = dispute_views(&records, &loaded)
        .into_iter()
        .filter(|d| d.status == DisputeStatus::Open && now >= d.expires_at)
        .map(|d| d.seq)
        .collect();
    // A day before a dispute expires (or halfway, for short windows) its adjudicator is
    // reminded, once (the outbox keeps one mail per dispute, recipient and kind).
    let views = dispute_views(&records, &loaded);
    let due: Vec<&DisputeView> = views
        .iter()
        .filter(|d| d.status == DisputeStatus::Open && now < d.expires_at)
        .filter(|d| now >= d.expires_at - ((d.expires_at - d.at).max(0) / 2).min(24 * HOUR_MS))
        .collect();
    if !due.is_empty() {
        let host_email = match due.iter().any(|d| d.adjudicator == Party::Host) {
            true => log.store.game_clock(game_id).await?.map(|c| c.host_email),
            false => None,
        };
        let to = Adjudicator {
            game: &loaded.game,
            seats: &loaded.seats,
            links: log.links(),
            host_email: host_email.as_deref(),
        };
        let tr = loaded.tr();
        let reminders: Vec<_> = due
            .iter()
            .filter_map(|d| {
                let asked = crate::mail::DisputeAsked {
                    seq: d.seq,
                    against: d.against,
                    claim: &d.claim,
                    expires_at: d.expires_at,
                };
                to.asked(&tr, d.adjudicator, &asked, true, now)
            })
            .collect();
        if !reminders.is_empty() {
            log.send(&loaded, reminders, Posting::Queue).await?;
        }
    }
    let mut loaded = loaded;
    for dispute in expired {
        let record = Record {
            seq: loaded.next_seq(),
            at: now,
            cause: Cause::Ruling {
                dispute,
                by: Party::Expiry,
                verdict: Verdict::Uphold,
                reason: "expired".into(),
                remedy: None,
            },
            events: vec![],
            nonce: None,
        };
        log.commit(loaded, Change::record(record)).await?;
        done += 1;
        loaded = log.load(game_id).await?;
    }
    done += decide_appeals(log, loaded, true).await?;
    Ok(done)
}
