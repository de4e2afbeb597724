//! The pages of disputes: the panel on the game page, the forms that file, rule, appeal, vote
//! and undo (all POST), and the adjudicator's audit page (GET, read-only).

use super::dispute_panel::{DisputeRow, row};
use super::seat::answer;
use super::{PageResult, page};
use crate::i18n::Tr;
use crate::play::disputes::{DisputeStatus, VerdictToday, Who};
use crate::play::{Loaded, PlayError};
use crate::record::{Party, Verdict};
use crate::web::AppState;
use crate::web::error::PageError;
use crate::web::extract::{PageForm, PagePath, game_id, seat_token};
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct DisputeForm {
    #[serde(default)]
    against: String,
    #[serde(default)]
    claim: String,
    #[serde(default)]
    rule: String,
}

pub async fn file(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
    PageForm(form): PageForm<DisputeForm>,
) -> PageResult {
    let result = file_dispute(&state, &token, form).await;
    answer(&state, &token, tr, result).await
}

async fn file_dispute(state: &AppState, token: &str, form: DisputeForm) -> Result<(), PlayError> {
    let against =
        form.against.trim().parse::<u64>().map_err(|_| PlayError::invalid("dispute-choose-step"))?;
    let (loaded, seat) = state.log.load_seat(&seat_token(token)?).await?;
    let rule = Some(form.rule.trim()).filter(|r| !r.is_empty());
    crate::play::disputes::dispute(&state.log, loaded, seat, against, &form.claim, rule).await?;
    Ok(())
}

/// A ruling as the adjudicator sends it.
#[derive(Deserialize)]
pub struct RulingForm {
    verdict: Option<Verdict>,
    #[serde(default)]
    reason: String,
    /// The remedy chosen (its JSON, as the audit page offers it); empty: the first possible.
    #[serde(default)]
    remedy: String,
}

impl RulingForm {
    fn verdict(&self) -> Result<Verdict, PlayError> {
        self.verdict.ok_or_else(|| PlayError::invalid("dispute-choose-verdict"))
    }

    fn remedy(&self) -> Result<Option<serde_json::Value>, PlayError> {
        match self.remedy.trim() {
            "" => Ok(None),
            text => serde_json::from_str(text).map(Some).map_err(|_| PlayError::invalid("error-form")),
        }
    }
}

pub async fn rule_as_seat(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((token, seq)): PagePath<(String, u64)>,
    PageForm(form): PageForm<RulingForm>,
) -> PageResult {
    let result = async {
        let verdict = form.verdict()?;
        let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
        crate::play::disputes::rule(
            &state.log,
            loaded,
            Who::Seat(seat),
            seq,
            verdict,
            &form.reason,
            form.remedy()?.as_ref(),
        )
        .await
        .map(|_| ())
    };
    answer(&state, &token, tr, result.await).await
}

pub async fn rule_as_host(
    State(state): State<AppState>,
    PagePath((id, token, seq)): PagePath<(String, String, u64)>,
    PageForm(form): PageForm<RulingForm>,
) -> PageResult {
    let verdict = form.verdict()?;
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    crate::play::disputes::rule(
        &state.log,
        loaded,
        Who::Host,
        seq,
        verdict,
        &form.reason,
        form.remedy()?.as_ref(),
    )
    .await?;
    Ok(Redirect::to(&format!("/host/{id}/{token}")).into_response())
}

pub async fn appeal(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((token, seq)): PagePath<(String, u64)>,
) -> PageResult {
    let result = async {
        let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
        crate::play::disputes::appeal(&state.log, loaded, seat, seq).await.map(|_| ())
    };
    answer(&state, &token, tr, result.await).await
}

/// A yes-or-no answer (a vote, a consent): the button sends `true` or `false`.
#[derive(Deserialize)]
pub struct VoteForm {
    #[serde(default)]
    reverse: bool,
}

pub async fn vote(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((token, seq)): PagePath<(String, u64)>,
    PageForm(form): PageForm<VoteForm>,
) -> PageResult {
    let result = async {
        let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
        crate::play::disputes::vote(&state.log, loaded, seat, seq, form.reverse).await.map(|_| ())
    };
    answer(&state, &token, tr, result.await).await
}

pub async fn undo(State(state): State<AppState>, tr: Tr, PagePath(token): PagePath<String>) -> PageResult {
    let result = async {
        let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
        crate::play::undo::undo(&state.log, loaded, seat).await.map(|_| ())
    };
    answer(&state, &token, tr, result.await).await
}

#[derive(Deserialize)]
pub struct ConsentForm {
    #[serde(default)]
    consent: bool,
}

pub async fn answer_undo(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((token, seq)): PagePath<(String, u64)>,
    PageForm(form): PageForm<ConsentForm>,
) -> PageResult {
    let result = async {
        let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
        crate::play::undo::answer_undo(&state.log, loaded, seat, seq, form.consent).await.map(|_| ())
    };
    answer(&state, &token, tr, result.await).await
}

#[derive(Template)]
#[template(path = "audit.html")]
struct AuditPage {
    tr: Tr,
    title: String,
    dispute: DisputeRow,
    verdict_today: String,
    dependents: String,
    before: String,
    after: String,
    preview: String,
    /// The contested step in words, as the adjudicator may see it: its number, who, what.
    step: String,
    /// The game's own style sheets and scripts (a script may mark on the boards what moved).
    files: super::GameFiles,
    /// Where the ruling form posts (only while the dispute is open).
    rule_action: Option<String>,
    back: String,
    /// The remedies an overturn may take: (JSON to send, words, possible, why not).
    remedies: Vec<RemedyChoice>,
    any_possible: bool,
}

struct RemedyChoice {
    json: String,
    label: String,
    possible: bool,
    why_not: Option<String>,
}

async fn audit_page(
    state: &AppState,
    loaded: &Loaded,
    who: Who,
    seq: u64,
    tr: Tr,
    rule_action: String,
    back: String,
) -> PageResult {
    let tr = tr.with_names(loaded.names()).isolating();
    let (audit, boards) = crate::play::disputes::audit_dispute(&state.log, loaded, who, seq).await?;
    let me = match who {
        Who::Seat(s) => Party::Seat(s),
        Who::Host => Party::Host,
    };
    if audit.dispute.adjudicator != me {
        let e = PlayError::NotYourTurn(feldpost_engine::Refusal::not_your_turn(
            "D2",
            feldpost_engine::Msg::new("dispute-refusal-not-adjudicator"),
        ));
        return Err(PageError::named(e, loaded.names()));
    }
    let names = crate::i18n::isolated_names(loaded.names());
    let draw = |t: &dyn crate::games::Table| t.board_svg(boards.viewer, &names, &|m| tr.msg(m));
    let verdict_today = match (audit.verdict_today, &audit.rule, &audit.reason) {
        (VerdictToday::Illegal, Some(rule), Some(reason)) => {
            format!("{} ({} {rule}: {})", tr.t("audit-illegal"), tr.t("rule"), tr.msg(reason))
        }
        (v, _, _) => tr.t(v.key()),
    };
    let open = audit.dispute.status == DisputeStatus::Open;
    let viewer_seat = match who {
        Who::Seat(s) => Some(s),
        Who::Host => None,
    };
    let against = audit.dispute.against;
    let history =
        crate::play::history::history_window(&state.log, loaded, viewer_seat, against, against).await?;
    let contested = history.iter().find(|h| h.seq == against);
    let step = contested
        .map(|h| {
            let row = &super::event_rows(std::slice::from_ref(h), &tr, 0)[0];
            let what = ("what", row.text());
            if row.named {
                tr.t_args("audit-step-named", &[("seq", h.seq.to_string()), what])
            } else {
                tr.t_args("audit-step", &[("seq", h.seq.to_string()), ("who", row.who.clone()), what])
            }
        })
        .unwrap_or_default();
    let page_data = AuditPage {
        step,
        files: super::GameFiles::of(loaded.rules, crate::games::page::Page::Audit),
        title: loaded.game.title.clone(),
        dispute: row(&audit.dispute, u8::MAX, false, &tr),
        verdict_today,
        dependents: if audit.dependents.is_empty() {
            "—".into()
        } else {
            audit.dependents.iter().map(|d| format!("#{d}")).collect::<Vec<_>>().join(", ")
        },
        before: draw(boards.before.as_ref()),
        after: draw(boards.after.as_ref()),
        preview: draw(boards.preview.as_ref()),
        rule_action: open.then_some(rule_action),
        back,
        any_possible: audit.remedies.iter().any(|o| o.possible),
        remedies: audit
            .remedies
            .iter()
            .map(|o| RemedyChoice {
                json: o.remedy.to_string(),
                label: tr.msg(&o.label),
                possible: o.possible,
                why_not: o.why_not.as_ref().map(|m| tr.msg(m)),
            })
            .collect(),
        tr,
    };
    Ok(page(StatusCode::OK, &page_data))
}

pub async fn audit_for_seat(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((token, seq)): PagePath<(String, u64)>,
) -> PageResult {
    let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
    let rule_action = format!("/play/{token}/disputes/{seq}/ruling");
    audit_page(&state, &loaded, Who::Seat(seat), seq, tr, rule_action, format!("/play/{token}")).await
}

pub async fn audit_for_host(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((id, token, seq)): PagePath<(String, String, u64)>,
) -> PageResult {
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    let rule_action = format!("/host/{id}/{token}/disputes/{seq}/ruling");
    audit_page(&state, &loaded, Who::Host, seq, tr, rule_action, format!("/host/{id}/{token}")).await
}
