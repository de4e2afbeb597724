//! Disputes, rulings, appeals and undo: the adjudicator's side of feldpost.
//!
//! Every step is a record appended through the one write path ([`Play::commit`]), so a ruling
//! is as much a part of the game's history as a move. An overturn does not delete anything:
//! the void set is derived from the log ([`record::voided`]). Nothing can stall a game: a
//! dispute nobody rules on, and an appeal nobody decides, end by the stated default
//! ([`Play::tick`]).

use super::{Acted, Loaded, Play, PlayError, fold, parsed};
use crate::record::{self, Cause, DisputePolicy, Party, Record, Verdict};
use feldpost_engine::{CountingRandom, Msg, Seat, SeededRandom, Viewer};
use serde::Serialize;
use serde_json::Value;

const MAX_CLAIM: usize = 2000;
use super::HOUR_MS;

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

/// Which of the adjudicator's mails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RulingMail {
    Asked,
    Reminder,
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

fn forbidden(rule: &str, key: &str) -> PlayError {
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

impl Play {
    /// Who holds `token` for game `game_id`: its host (by the host link's token) or a seat.
    pub async fn authorize(&self, game_id: &str, token: &str) -> Result<(Loaded, Who), PlayError> {
        if let Ok(loaded) = self.host(game_id, token).await {
            return Ok((loaded, Who::Host));
        }
        let (loaded, seat) = self.load_seat_in(token, game_id).await?;
        Ok((loaded, Who::Seat(seat)))
    }

    /// The records of a loaded game, and its disputes.
    pub async fn disputes(&self, loaded: &Loaded) -> Result<Vec<DisputeView>, PlayError> {
        Ok(dispute_views(loaded.notes.records(), loaded))
    }

    /// Contest record `against`: a claim in words, and optionally the rule it breaks.
    pub async fn dispute(
        &self,
        loaded: Loaded,
        seat: Seat,
        against: u64,
        claim: &str,
        rule: Option<&str>,
    ) -> Result<Acted, PlayError> {
        let claim = crate::input::paragraph(claim, MAX_CLAIM, true)
            .map_err(PlayError::input(crate::input::Field::Claim))?;
        let (records, _) = self.records_of(&loaded.game.id).await?;
        let void = record::voided(&records);
        match records.iter().find(|r| r.seq == against).map(|r| &r.cause) {
            Some(Cause::Action { .. } | Cause::Deadline | Cause::Clock { .. })
                if !void.contains(&against) => {}
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
            seq: loaded.seq + 1,
            at: self.now(),
            cause: Cause::Dispute { seat, against, claim, rule },
            events: vec![],
            nonce: None,
        };
        // The adjudicator is asked to rule, in a mail of their own with the deadline.
        let mut with = records;
        with.push(record.clone());
        let mut duty = Vec::new();
        if let Some(d) = dispute_views(&with, &loaded).into_iter().find(|d| d.seq == record.seq) {
            duty.extend(self.ruling_mail(&loaded, &d, RulingMail::Asked).await?);
        }
        self.commit_with(loaded, record, duty).await
    }

    /// The mail that asks a dispute's adjudicator to rule (or reminds them), with a link to the
    /// ruling page: a seat's own, or the host's. `None` when the adjudicator has no address.
    async fn ruling_mail(
        &self,
        loaded: &Loaded,
        d: &DisputeView,
        which: RulingMail,
    ) -> Result<Option<crate::store::OutboxRow>, PlayError> {
        let tr = self.tr_of(loaded);
        let (to, greeting, link) = match d.adjudicator {
            Party::Seat(s) => {
                let Some(row) = loaded.seats.get(usize::from(s)).filter(|r| !r.email.is_empty()) else {
                    return Ok(None);
                };
                let link = format!("{}/disputes/{}", self.link_of(row), d.seq);
                (row.email.clone(), tr.t_args("mail-greeting", &[("player", row.name.clone())]), link)
            }
            _ => {
                let host =
                    self.store.game_clock(&loaded.game.id).await?.map(|c| c.host_email).unwrap_or_default();
                if host.is_empty() {
                    return Ok(None);
                }
                let token = self.secret.host_token(&loaded.game.id, &loaded.game.host_salt);
                let link = format!("{}/disputes/{}", self.host_url(&loaded.game.id, &token), d.seq);
                (host, tr.t("mail-greeting-host"), link)
            }
        };
        Ok(Some(crate::mail::ruling_request(
            &tr,
            &loaded.game,
            &to,
            greeting,
            &link,
            d,
            which == RulingMail::Reminder,
            self.now(),
        )))
    }

    /// Rule on dispute `dispute`. Only its adjudicator may.
    pub async fn rule(
        &self,
        loaded: Loaded,
        who: Who,
        dispute: u64,
        verdict: Verdict,
        reason: &str,
        remedy: Option<&Value>,
    ) -> Result<Acted, PlayError> {
        let (records, _) = self.records_of(&loaded.game.id).await?;
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
        let seq = loaded.seq + 1;
        let ruling = |remedy: Option<Value>| Record {
            seq,
            at: self.now(),
            cause: Cause::Ruling { dispute, by, verdict, reason: reason.clone(), remedy },
            events: vec![],
            nonce: None,
        };
        if verdict == Verdict::Uphold {
            return self.commit(loaded, ruling(None)).await;
        }
        // An ended game's record is final (see `Play::commit_records`).
        if loaded.finished() {
            return Err(PlayError::Finished);
        }
        // An overturn is put right only in a way the rules allow and the record still permits.
        let offers = self.remedy_offers(&loaded, &records, &d).await?;
        let chosen = match remedy {
            Some(wanted) => offers.iter().find(|o| &o.remedy == wanted).ok_or_else(|| {
                PlayError::Refused(feldpost_engine::Refusal::new(
                    "D3",
                    Msg::new("remedy-refusal-not-offered"),
                ))
            })?,
            None => offers.iter().find(|o| o.possible).ok_or_else(|| {
                PlayError::Refused(feldpost_engine::Refusal::new(
                    "D3",
                    Msg::new("remedy-refusal-none-possible"),
                ))
            })?,
        };
        if let Some(why) = chosen.why_not.clone().filter(|_| !chosen.possible) {
            return Err(PlayError::Refused(feldpost_engine::Refusal::new("D3", why)));
        }
        if record::is_rewind(&chosen.remedy) {
            return self.commit(loaded, ruling(Some(chosen.remedy.clone()))).await;
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
            at: self.now(),
            cause: Cause::Correction { ruling: seq, by, correction },
            events,
            nonce: None,
        };
        self.commit_records(loaded, vec![ruling(Some(chosen.remedy.clone())), carried_out], Vec::new()).await
    }

    /// Why the game can no longer go back to just before record `from`, if it cannot: the
    /// record is final after the end; nothing that came to light since may be hidden again; and
    /// in games with hidden information, nothing drawn since may be drawn anew (the undo rule).
    pub(crate) fn rewind_blocker(
        &self,
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
            let mut counting =
                CountingRandom::new(SeededRandom::new(&seed, &loaded.game.id, r.seq, "decide"));
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
    async fn remedy_offers(
        &self,
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
                loaded.table.remedies(before.as_ref(), *seat, action)
            }
            _ => vec![(serde_json::json!({"remedy": "rewind"}), Msg::new("remedy-rewind"))],
        };
        let seed = loaded.seed_bytes()?;
        let mut offers = Vec::with_capacity(remedies.len());
        for (remedy, label) in remedies {
            let why_not = if loaded.finished() {
                Some(Msg::new("remedy-why-finished"))
            } else if record::is_rewind(&remedy) {
                self.rewind_blocker(loaded, records, d.against)?
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
        &self,
        loaded: &Loaded,
        who: Who,
        dispute: u64,
    ) -> Result<(DisputeAudit, AuditBoards), PlayError> {
        let (records, _) = self.records_of(&loaded.game.id).await?;
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
        let remedies = self.remedy_offers(loaded, &records, &d).await?;
        let mut fork = records.clone();
        if let Some(first) = remedies.iter().find(|o| o.possible) {
            let seq = loaded.seq + 1;
            fork.push(Record {
                seq,
                at: self.now(),
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
                    at: self.now(),
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
    pub async fn appeal(&self, loaded: Loaded, seat: Seat, ruling: u64) -> Result<Acted, PlayError> {
        let (records, _) = self.records_of(&loaded.game.id).await?;
        if !policy(&records).appeals {
            return Err(forbidden("D4", "dispute-refusal-no-appeals"));
        }
        // An ended game's record is final (see `Play::commit_with`): nothing left to reverse.
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
        if let Some(why) = self.rewind_blocker(&loaded, &records, from)? {
            return Err(PlayError::Refused(feldpost_engine::Refusal::new("D4", why)));
        }
        let game_id = loaded.game.id.clone();
        let record = Record {
            seq: loaded.seq + 1,
            at: self.now(),
            cause: Cause::Appeal { seat, ruling },
            events: vec![],
            nonce: None,
        };
        let acted = self.commit(loaded, record).await?;
        // With nobody to vote, the appeal is decided at once by its default.
        let loaded = self.load(&game_id).await?;
        self.decide_appeals(loaded, false).await?;
        Ok(acted)
    }

    /// A vote on an appeal; the appeal is decided as soon as the votes settle it.
    pub async fn vote(
        &self,
        loaded: Loaded,
        seat: Seat,
        appeal: u64,
        reverse: bool,
    ) -> Result<Acted, PlayError> {
        let (records, _) = self.records_of(&loaded.game.id).await?;
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
            seq: loaded.seq + 1,
            at: self.now(),
            cause: Cause::Vote { seat, appeal, reverse },
            events: vec![],
            nonce: None,
        };
        let acted = self.commit(loaded, record).await?;
        let loaded = self.load(&game_id).await?;
        self.decide_appeals(loaded, false).await?;
        Ok(acted)
    }

    /// Append the decision of every appeal the votes (or, at its deadline, the clock) settle.
    async fn decide_appeals(&self, loaded: Loaded, clock: bool) -> Result<usize, PlayError> {
        let game_id = loaded.game.id.clone();
        let (records, _) = self.records_of(&game_id).await?;
        let now = self.now();
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
            let (records, _) = self.records_of(&game_id).await?;
            let blocked = reverse && self.rewind_blocker(&loaded, &records, from)?.is_some();
            let by = if expired { Party::Expiry } else { Party::Vote };
            let record = Record {
                seq: loaded.seq + 1,
                at: now,
                cause: Cause::AppealDecided { appeal, reverse, by, blocked },
                events: vec![],
                nonce: None,
            };
            self.commit(loaded, record).await?;
            done += 1;
            loaded = self.load(&game_id).await?;
        }
        Ok(done)
    }

    /// Take back `seat`'s last action, when nothing random or hidden came out since. If it
    /// touches another player's turn, that player is asked to consent first.
    pub async fn undo(&self, loaded: Loaded, seat: Seat) -> Result<Acted, PlayError> {
        let offer = self.undo_offer(&loaded, seat).await?.ok_or_else(|| {
            PlayError::Refused(feldpost_engine::Refusal::new("D5", Msg::new("dispute-refusal-no-undo")))
        })?;
        let cause = if offer.needs_consent_from.is_empty() {
            Cause::Undo { seat, target: offer.target }
        } else {
            Cause::UndoRequested { seat, target: offer.target }
        };
        let record = Record { seq: loaded.seq + 1, at: self.now(), cause, events: vec![], nonce: None };
        self.commit(loaded, record).await
    }

    /// Whether `seat` may take back their last action now, and who must consent.
    pub async fn undo_offer(&self, loaded: &Loaded, seat: Seat) -> Result<Option<UndoOffer>, PlayError> {
        if loaded.finished() {
            return Ok(None);
        }
        // An open undo request, or an open dispute, waits for its answer first (both read from
        // the notes kept beside the state, not from the log).
        if loaded.notes.pending_undo().is_some()
            || dispute_views(loaded.notes.records(), loaded).iter().any(|d| d.status == DisputeStatus::Open)
        {
            return Ok(None);
        }
        if let Some((target, before)) = loaded.notes.before_last_action(seat) {
            // The state before the seat's last action is kept beside the game: only the
            // records since are read and decided again.
            let tail = parsed(&self.store.records_between(&loaded.game.id, target - 1, loaded.seq).await?)?;
            let void = record::void_among(&tail, &loaded.notes.rewound_spans());
            let effective: Vec<&Record> =
                tail.iter().filter(|r| r.cause.is_play() && !void.contains(&r.seq)).collect();
            if effective.first().map(|r| r.seq) == Some(target) {
                return self.offer_from(loaded, seat, before.clone_box(), &effective);
            }
        }
        let (records, _) = self.records_of(&loaded.game.id).await?;
        self.offer_in(loaded, seat, &records)
    }

    /// The undo `seat` could ask for after the log prefix `records`.
    fn offer_in(
        &self,
        loaded: &Loaded,
        seat: Seat,
        records: &[Record],
    ) -> Result<Option<UndoOffer>, PlayError> {
        let void = record::voided(records);
        let effective: Vec<&Record> =
            records.iter().filter(|r| r.cause.is_play() && !void.contains(&r.seq)).collect();
        let Some(pos) =
            effective.iter().rposition(|r| matches!(r.cause, Cause::Action { seat: s, .. } if s == seat))
        else {
            return Ok(None);
        };
        let target = effective[pos];
        let index =
            records.iter().position(|r| r.seq == target.seq).expect("an effective record is in the log");
        let table = fold(loaded.empty_table()?, &records[..index])?;
        self.offer_from(loaded, seat, table, &effective[pos..])
    }

    /// The undo `seat` could ask for, from the state `table` just before its last effective
    /// action, `effective[0]`, and the effective plays since (`effective`, in order).
    fn offer_from(
        &self,
        loaded: &Loaded,
        seat: Seat,
        mut table: Box<dyn crate::games::Table>,
        effective: &[&Record],
    ) -> Result<Option<UndoOffer>, PlayError> {
        let Some(target) = effective.first() else { return Ok(None) };
        // Decide each record again and count the draws: if chance played any part since, an
        // undo would let the player throw again (Board Game Arena's rule), so there is none.
        let seed = loaded.seed_bytes()?;
        let mut touched: Vec<Seat> = Vec::new();
        for r in effective {
            let Cause::Action { seat: s, action } = &r.cause else { return Ok(None) };
            let mut counting =
                CountingRandom::new(SeededRandom::new(&seed, &loaded.game.id, r.seq, "decide"));
            let again = table.decide(*s, action, &mut counting);
            if counting.draws > 0 || again.as_ref().ok() != Some(&r.events) {
                return Ok(None);
            }
            if *s != seat && !touched.contains(s) {
                touched.push(*s);
            }
            for e in &r.events {
                // Something hidden came out (to anyone): no undo.
                if table.reveals(e) {
                    return Ok(None);
                }
                match table.redact(e, Viewer::Public)? {
                    Some((shown, _)) if &shown == e => {}
                    _ => return Ok(None),
                }
                table.apply(e)?;
            }
        }
        // Whoever must act now would lose their turn: they are asked too.
        for s in table.to_act() {
            if s != seat && !touched.contains(&s) {
                touched.push(s);
            }
        }
        Ok(Some(UndoOffer { target: target.seq, needs_consent_from: touched }))
    }

    /// Answer an undo request that asks `seat`'s consent.
    pub async fn answer_undo(
        &self,
        loaded: Loaded,
        seat: Seat,
        request: u64,
        consent: bool,
    ) -> Result<Acted, PlayError> {
        let (records, _) = self.records_of(&loaded.game.id).await?;
        let Some((_, asker, target)) = pending_undo(&records).filter(|(r, _, _)| *r == request) else {
            return Err(invalid("undo-error-no-request"));
        };
        let before: Vec<Record> = records.iter().filter(|r| r.seq < request).cloned().collect();
        let offer = self.offer_in(&loaded, asker, &before)?;
        if !offer.as_ref().is_some_and(|o| o.target == target && o.needs_consent_from.contains(&seat)) {
            return Err(forbidden("D5", "dispute-refusal-not-asked"));
        }
        let cause = if consent {
            Cause::Undo { seat: asker, target }
        } else {
            Cause::UndoDeclined { request, by: Party::Seat(seat) }
        };
        let record = Record { seq: loaded.seq + 1, at: self.now(), cause, events: vec![], nonce: None };
        self.commit(loaded, record).await
    }

    /// Let the clock settle what waits too long: disputes nobody ruled on are upheld, appeals
    /// nobody finished are decided by the votes cast. Returns how many records were appended.
    pub async fn tick_disputes(&self, game_id: &str) -> Result<usize, PlayError> {
        let loaded = self.load(game_id).await?;
        let (records, _) = self.records_of(game_id).await?;
        let now = self.now();
        let mut done = 0;
        let expired: Vec<u64> = dispute_views(&records, &loaded)
            .into_iter()
            .filter(|d| d.status == DisputeStatus::Open && now >= d.expires_at)
            .map(|d| d.seq)
            .collect();
        // A day before a dispute expires (or halfway, for short windows) its adjudicator is
        // reminded, once (the outbox keeps one mail per dispute, recipient and kind).
        let views = dispute_views(&records, &loaded);
        for d in views.iter().filter(|d| d.status == DisputeStatus::Open && now < d.expires_at) {
            let window = (d.expires_at - d.at).max(0);
            if now >= d.expires_at - (window / 2).min(24 * HOUR_MS)
                && let Some(mut mail) = self.ruling_mail(&loaded, d, RulingMail::Reminder).await?
            {
                self.seal(
                    std::slice::from_mut(&mut mail),
                    &self.tr_of(&loaded),
                    loaded.seq,
                    &loaded.last_hash,
                );
                self.store.outbox_insert(std::slice::from_ref(&mail)).await?;
                self.mail_ready.notify_one();
            }
        }
        let mut loaded = loaded;
        for dispute in expired {
            let record = Record {
                seq: loaded.seq + 1,
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
            self.commit(loaded, record).await?;
            done += 1;
            loaded = self.load(game_id).await?;
        }
        done += self.decide_appeals(loaded, true).await?;
        Ok(done)
    }
}

impl Play {
    /// Take the action the rules leave to the date, if its day has come (see
    /// [`crate::games::Presented::clock_action`]). Returns whether a record was appended.
    pub async fn tick_rules(&self, game_id: &str) -> Result<bool, PlayError> {
        let loaded = self.load(game_id).await?;
        let Some((seat, action)) = loaded.table.clock_action(self.now()) else { return Ok(false) };
        let seq = loaded.seq + 1;
        let events = loaded.table.decide(
            seat,
            &action,
            &mut SeededRandom::new(&loaded.seed_bytes()?, game_id, seq, "decide"),
        )?;
        let record =
            Record { seq, at: self.now(), cause: Cause::Clock { seat, action }, events, nonce: None };
        self.commit(loaded, record).await?;
        Ok(true)
    }
}

/// An undo request still waiting: (its seq, the asker, the target). Play going on lapses it.
pub fn pending_undo(records: &[Record]) -> Option<(u64, Seat, u64)> {
    let mut pending = None;
    for r in records {
        match &r.cause {
            Cause::UndoRequested { seat, target } => pending = Some((r.seq, *seat, *target)),
            Cause::Undo { .. } | Cause::UndoDeclined { .. } => pending = None,
            c if c.is_play() => pending = None,
            _ => {}
        }
    }
    pending
}

/// A possible undo: the record it takes back and who must agree.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct UndoOffer {
    pub target: u64,
    pub needs_consent_from: Vec<Seat>,
}

/// The clock's rounds over every game that has not ended: disputes and appeals that waited
/// too long, and what the rules leave to the date (the Colditz time limit).
pub async fn run_clock(play: std::sync::Arc<Play>) {
    loop {
        match play.store.unfinished_games().await {
            Ok(ids) => {
                for id in ids {
                    if let Err(e) = play.tick_disputes(&id).await {
                        tracing::warn!("dispute clock, game {id}: {e}");
                    }
                    if let Err(e) = play.tick_rules(&id).await {
                        tracing::warn!("rules' clock, game {id}: {e}");
                    }
                }
            }
            Err(e) => tracing::warn!("dispute clock: {e}"),
        }
        tokio::time::sleep(std::time::Duration::from_secs(60)).await;
    }
}
