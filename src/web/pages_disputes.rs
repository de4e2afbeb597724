//! The pages of disputes: the panel on the game page, the forms that file, rule, appeal, vote
//! and undo (all POST), and the adjudicator's audit page (GET, read-only).

use super::pages::{error_page, page, render_game};
use super::{AppState, PageLang, explain, status_of};
use crate::i18n::Tr;
use crate::play::disputes::{DisputeView, Who, pending_undo};
use crate::play::{Loaded, PlayError};
use crate::record::{Party, Verdict};
use askama::Template;
use axum::Router;
use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use feldpost_engine::Seat;
use std::collections::HashMap;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/play/{token}/disputes", post(file))
        .route("/play/{token}/disputes/{seq}", get(audit_for_seat))
        .route("/play/{token}/disputes/{seq}/ruling", post(rule_as_seat))
        .route("/play/{token}/rulings/{seq}/appeal", post(appeal))
        .route("/play/{token}/appeals/{seq}/vote", post(vote))
        .route("/play/{token}/undo", post(undo))
        .route("/play/{token}/undo/{seq}/answer", post(answer_undo))
        .route("/host/{id}/{token}/disputes/{seq}", get(audit_for_host))
        .route("/host/{id}/{token}/disputes/{seq}/ruling", post(rule_as_host))
}

/// One dispute on the game page, with what this seat may do about it.
pub struct DisputeRow {
    pub seq: u64,
    pub text: String,
    pub status: String,
    pub adjudicator: String,
    pub i_rule: bool,
    pub appeal_ruling: Option<u64>,
    pub vote_appeal: Option<u64>,
    pub appeal_state: Option<String>,
}

#[derive(Default)]
pub struct Panel {
    pub rows: Vec<DisputeRow>,
    /// This seat may take back its last move (`true`: someone must consent first).
    pub undo: Option<bool>,
    /// An undo request waiting for this seat's answer.
    pub answer_undo: Option<(u64, String)>,
}

fn party_name(p: Party, tr: &Tr) -> String {
    match p {
        Party::Seat(s) => tr.seat_name(s),
        Party::Host => tr.t("party-host"),
        Party::Vote => tr.t("party-vote"),
        Party::Expiry => tr.t("party-expiry"),
    }
}

fn row(d: &DisputeView, seat: Seat, appeals: bool, tr: &Tr) -> DisputeRow {
    let ruling = d.ruling.as_ref();
    let appeal = ruling.and_then(|r| r.appeal.as_ref());
    DisputeRow {
        seq: d.seq,
        text: tr.t_args(
            "dispute-row",
            &[("seat", tr.seat_name(d.seat)), ("against", d.against.to_string()), ("claim", d.claim.clone())],
        ),
        status: tr.t(&format!("dispute-status-{}", d.status)),
        adjudicator: party_name(d.adjudicator, tr),
        i_rule: d.status == "open" && d.adjudicator == Party::Seat(seat),
        appeal_ruling: ruling
            .filter(|r| {
                appeals
                    && r.appeal.is_none()
                    && matches!(r.by, Party::Seat(_))
                    && (d.seat == seat || d.contested_seat == Some(seat))
            })
            .map(|r| r.seq),
        vote_appeal: appeal
            .filter(|a| {
                a.decided.is_none()
                    && a.voters.contains(&seat)
                    && !a.reverse.contains(&seat)
                    && !a.keep.contains(&seat)
            })
            .map(|a| a.seq),
        appeal_state: appeal.map(|a| {
            tr.t_args(
                "dispute-appeal-state",
                &[
                    ("reverse", a.reverse.len().to_string()),
                    ("keep", a.keep.len().to_string()),
                    ("voters", a.voters.len().to_string()),
                ],
            )
        }),
    }
}

/// The disputes panel of `seat`'s game page.
pub async fn panel(state: &AppState, loaded: &Loaded, seat: Seat, tr: &Tr) -> Result<Panel, PlayError> {
    let (records, _) = state.play.records_of(&loaded.game.id).await?;
    let appeals = match records.first().map(|r| &r.cause) {
        Some(crate::record::Cause::Created { disputes, .. }) => disputes.appeals,
        _ => false,
    };
    let rows = crate::play::disputes::dispute_views(&records, loaded)
        .iter()
        .rev()
        .map(|d| row(d, seat, appeals, tr))
        .collect();
    let undo = state.play.undo_offer(loaded, seat).await?.map(|o| !o.needs_consent_from.is_empty());
    let mut answer_undo = None;
    if let Some((request, asker, target)) = pending_undo(&records)
        && asker != seat
    {
        answer_undo = Some((
            request,
            tr.t_args("undo-asks-you", &[("seat", tr.seat_name(asker)), ("target", target.to_string())]),
        ));
    }
    Ok(Panel { rows, undo, answer_undo })
}

/// After a POST: back to the game page, or the page again with the refusal.
async fn answer(state: &AppState, token: &str, tr: Tr, result: Result<(), PlayError>) -> Response {
    match result {
        Ok(()) => Redirect::to(&format!("/play/{token}")).into_response(),
        Err(e @ (PlayError::UnknownLink | PlayError::Unavailable(_) | PlayError::Internal(_))) => {
            error_page(&e, &tr)
        }
        Err(e) => match state.play.load_seat(token).await {
            Ok((loaded, seat)) => {
                let message = explain(&e, &tr.clone().with_names(loaded.names()));
                render_game(state, &loaded, seat, token, tr, Some((status_of(&e), message)), None).await
            }
            Err(e) => error_page(&e, &tr),
        },
    }
}

fn field(form: &HashMap<String, String>, name: &str) -> String {
    form.get(name).map(|s| s.trim().to_owned()).unwrap_or_default()
}

async fn file(
    State(state): State<AppState>,
    lang: PageLang,
    Path(token): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let tr = lang.tr();
    let result = async {
        let against = field(&form, "against")
            .parse::<u64>()
            .map_err(|_| PlayError::Invalid(tr.t("dispute-choose-step")))?;
        let (loaded, seat) = state.play.load_seat(&token).await?;
        let rule = field(&form, "rule");
        state
            .play
            .dispute(
                loaded,
                seat,
                against,
                &field(&form, "claim"),
                Some(rule.as_str()).filter(|r| !r.is_empty()),
            )
            .await
            .map(|_| ())
    }
    .await;
    answer(&state, &token, tr, result).await
}

fn verdict(form: &HashMap<String, String>) -> Result<Verdict, PlayError> {
    match field(form, "verdict").as_str() {
        "uphold" => Ok(Verdict::Uphold),
        "overturn" => Ok(Verdict::Overturn),
        _ => Err(PlayError::Invalid("choose uphold or overturn".into())),
    }
}

async fn rule_as_seat(
    State(state): State<AppState>,
    lang: PageLang,
    Path((token, seq)): Path<(String, u64)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let tr = lang.tr();
    let result = async {
        let verdict = verdict(&form)?;
        let (loaded, seat) = state.play.load_seat(&token).await?;
        state.play.rule(loaded, Who::Seat(seat), seq, verdict, &field(&form, "reason")).await.map(|_| ())
    }
    .await;
    answer(&state, &token, tr, result).await
}

async fn rule_as_host(
    State(state): State<AppState>,
    lang: PageLang,
    Path((id, token, seq)): Path<(String, String, u64)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let tr = lang.tr();
    let result = async {
        let verdict = verdict(&form)?;
        let loaded = state.play.host(&id, &token).await?;
        state.play.rule(loaded, Who::Host, seq, verdict, &field(&form, "reason")).await.map(|_| ())
    }
    .await;
    match result {
        Ok(()) => Redirect::to(&format!("/host/{id}/{token}")).into_response(),
        Err(e) => error_page(&e, &tr),
    }
}

async fn appeal(
    State(state): State<AppState>,
    lang: PageLang,
    Path((token, seq)): Path<(String, u64)>,
) -> Response {
    let tr = lang.tr();
    let result = async {
        let (loaded, seat) = state.play.load_seat(&token).await?;
        state.play.appeal(loaded, seat, seq).await.map(|_| ())
    }
    .await;
    answer(&state, &token, tr, result).await
}

async fn vote(
    State(state): State<AppState>,
    lang: PageLang,
    Path((token, seq)): Path<(String, u64)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let tr = lang.tr();
    let result = async {
        let (loaded, seat) = state.play.load_seat(&token).await?;
        state.play.vote(loaded, seat, seq, field(&form, "reverse") == "true").await.map(|_| ())
    }
    .await;
    answer(&state, &token, tr, result).await
}

async fn undo(State(state): State<AppState>, lang: PageLang, Path(token): Path<String>) -> Response {
    let tr = lang.tr();
    let result = async {
        let (loaded, seat) = state.play.load_seat(&token).await?;
        state.play.undo(loaded, seat).await.map(|_| ())
    }
    .await;
    answer(&state, &token, tr, result).await
}

async fn answer_undo(
    State(state): State<AppState>,
    lang: PageLang,
    Path((token, seq)): Path<(String, u64)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let tr = lang.tr();
    let result = async {
        let (loaded, seat) = state.play.load_seat(&token).await?;
        state.play.answer_undo(loaded, seat, seq, field(&form, "consent") == "true").await.map(|_| ())
    }
    .await;
    answer(&state, &token, tr, result).await
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
    /// Where the ruling form posts (only while the dispute is open).
    rule_action: Option<String>,
    back: String,
}

async fn audit_page(
    state: &AppState,
    loaded: &Loaded,
    who: Who,
    seq: u64,
    tr: Tr,
    rule_action: String,
    back: String,
) -> Response {
    let tr = tr.with_names(loaded.names());
    let (audit, boards) = match state.play.audit_dispute(loaded, who, seq).await {
        Ok(x) => x,
        Err(e) => return error_page(&e, &tr),
    };
    let me = match who {
        Who::Seat(s) => Party::Seat(s),
        Who::Host => Party::Host,
    };
    if audit.dispute.adjudicator != me {
        let e = PlayError::NotYourTurn(feldpost_engine::Refusal::not_your_turn(
            "D2",
            feldpost_engine::Msg::new("dispute-refusal-not-adjudicator"),
        ));
        return error_page(&e, &tr);
    }
    let names = loaded.names();
    let draw = |t: &dyn crate::games::Table| t.board_svg(boards.viewer, &names, &|m| tr.msg(m));
    let verdict_today = match (audit.verdict_today.as_str(), &audit.rule, &audit.reason) {
        ("illegal", Some(rule), Some(reason)) => {
            format!("{} ({} {rule}: {})", tr.t("audit-illegal"), tr.t("rule"), tr.msg(reason))
        }
        (v, _, _) => tr.t(&format!("audit-{}", v.replace('_', "-"))),
    };
    let open = audit.dispute.status == "open";
    let page_data = AuditPage {
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
        tr,
    };
    page(StatusCode::OK, &page_data)
}

async fn audit_for_seat(
    State(state): State<AppState>,
    lang: PageLang,
    Path((token, seq)): Path<(String, u64)>,
) -> Response {
    let tr = lang.tr();
    match state.play.load_seat(&token).await {
        Ok((loaded, seat)) => {
            audit_page(
                &state,
                &loaded,
                Who::Seat(seat),
                seq,
                tr,
                format!("/play/{token}/disputes/{seq}/ruling"),
                format!("/play/{token}"),
            )
            .await
        }
        Err(e) => error_page(&e, &tr),
    }
}

async fn audit_for_host(
    State(state): State<AppState>,
    lang: PageLang,
    Path((id, token, seq)): Path<(String, String, u64)>,
) -> Response {
    let tr = lang.tr();
    match state.play.host(&id, &token).await {
        Ok(loaded) => {
            audit_page(
                &state,
                &loaded,
                Who::Host,
                seq,
                tr,
                format!("/host/{id}/{token}/disputes/{seq}/ruling"),
                format!("/host/{id}/{token}"),
            )
            .await
        }
        Err(e) => error_page(&e, &tr),
    }
}
