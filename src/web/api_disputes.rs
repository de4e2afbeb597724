//! The JSON API of disputes, rulings, appeals and undo (docs/api.md). The bearer is a seat's
//! token, or for rulings the host's token where the host adjudicates.

use super::AppState;
use super::api::{ApiJson, Bearer, Failure};
use crate::play::disputes::{DisputeAudit, DisputeView, Who};
use crate::play::{Acted, PlayError};
use crate::record::Verdict;
use crate::web::PageLang;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/disputes", get(list).post(open))
        .route("/games/{id}/disputes/{seq}/audit", get(audit))
        .route("/games/{id}/disputes/{seq}/ruling", post(ruling))
        .route("/games/{id}/rulings/{seq}/appeal", post(appeal))
        .route("/games/{id}/appeals/{seq}/votes", post(vote))
        .route("/games/{id}/undo", post(undo))
        .route("/games/{id}/undo/{seq}/answer", post(answer_undo))
}

fn seat_only(who: Who, tr: &crate::i18n::Tr) -> Result<feldpost_engine::Seat, Failure> {
    match who {
        Who::Seat(s) => Ok(s),
        Who::Host => {
            Err(Failure::play(PlayError::Invalid("this is a player's action: use a seat's token".into()), tr))
        }
    }
}

/// Every dispute of the game, with its ruling and appeal.
#[utoipa::path(get, path = "/api/games/{id}/disputes", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Vec<DisputeView>), (status = 401, body = super::api::ApiError), (status = 404, body = super::api::ApiError)))]
pub async fn list(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
) -> Result<Json<Vec<DisputeView>>, Failure> {
    let tr = lang.tr();
    let (loaded, _) = state.play.authorize(&id, &token).await.map_err(|e| Failure::play(e, &tr))?;
    Ok(Json(state.play.disputes(&loaded).await.map_err(|e| Failure::play(e, &tr))?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NewDispute {
    /// The contested record's sequence number.
    pub against: u64,
    /// What is wrong, in words.
    pub claim: String,
    /// The id of the rule it breaks (optional), as in docs/rules/.
    #[serde(default)]
    pub rule: Option<String>,
}

/// Contest a record.
#[utoipa::path(post, path = "/api/games/{id}/disputes", params(("id" = String, Path)), request_body = NewDispute, security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 404, body = super::api::ApiError), (status = 409, body = super::api::ApiError), (status = 422, body = super::api::ApiError)))]
pub async fn open(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
    ApiJson(d): ApiJson<NewDispute>,
) -> Result<Json<Acted>, Failure> {
    let tr = lang.tr();
    let (loaded, who) = state.play.authorize(&id, &token).await.map_err(|e| Failure::play(e, &tr))?;
    let seat = seat_only(who, &tr)?;
    Ok(Json(
        state
            .play
            .dispute(loaded, seat, d.against, &d.claim, d.rule.as_deref())
            .await
            .map_err(|e| Failure::play(e, &tr))?,
    ))
}

/// The adjudicator's audit of a dispute.
#[utoipa::path(get, path = "/api/games/{id}/disputes/{seq}/audit", params(("id" = String, Path), ("seq" = u64, Path)), security(("seat_token" = [])),
    responses((status = 200, body = DisputeAudit), (status = 403, body = super::api::ApiError), (status = 422, body = super::api::ApiError)))]
pub async fn audit(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path((id, seq)): Path<(String, u64)>,
) -> Result<Json<DisputeAudit>, Failure> {
    let tr = lang.tr();
    let (loaded, who) = state.play.authorize(&id, &token).await.map_err(|e| Failure::play(e, &tr))?;
    let (audit, _) = state.play.audit_dispute(&loaded, who, seq).await.map_err(|e| Failure::play(e, &tr))?;
    let adjudicates = match (who, audit.dispute.adjudicator) {
        (Who::Host, crate::record::Party::Host) => true,
        (Who::Seat(s), crate::record::Party::Seat(a)) => s == a,
        _ => false,
    };
    if !adjudicates {
        return Err(Failure::play(
            PlayError::NotYourTurn(feldpost_engine::Refusal::not_your_turn(
                "D2",
                feldpost_engine::Msg::new("dispute-refusal-not-adjudicator"),
            )),
            &tr,
        ));
    }
    Ok(Json(audit))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RulingRequest {
    /// "uphold" or "overturn".
    #[schema(value_type = String)]
    pub verdict: Verdict,
    #[serde(default)]
    pub reason: String,
}

/// Rule on a dispute (its adjudicator only).
#[utoipa::path(post, path = "/api/games/{id}/disputes/{seq}/ruling", params(("id" = String, Path), ("seq" = u64, Path)), request_body = RulingRequest, security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 403, body = super::api::ApiError), (status = 409, body = super::api::ApiError), (status = 422, body = super::api::ApiError)))]
pub async fn ruling(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path((id, seq)): Path<(String, u64)>,
    ApiJson(r): ApiJson<RulingRequest>,
) -> Result<Json<Acted>, Failure> {
    let tr = lang.tr();
    let (loaded, who) = state.play.authorize(&id, &token).await.map_err(|e| Failure::play(e, &tr))?;
    Ok(Json(
        state.play.rule(loaded, who, seq, r.verdict, &r.reason).await.map_err(|e| Failure::play(e, &tr))?,
    ))
}

/// Appeal a ruling to a vote of the other players (games created with appeals on).
#[utoipa::path(post, path = "/api/games/{id}/rulings/{seq}/appeal", params(("id" = String, Path), ("seq" = u64, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 403, body = super::api::ApiError), (status = 422, body = super::api::ApiError)))]
pub async fn appeal(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path((id, seq)): Path<(String, u64)>,
) -> Result<Json<Acted>, Failure> {
    let tr = lang.tr();
    let (loaded, who) = state.play.authorize(&id, &token).await.map_err(|e| Failure::play(e, &tr))?;
    let seat = seat_only(who, &tr)?;
    Ok(Json(state.play.appeal(loaded, seat, seq).await.map_err(|e| Failure::play(e, &tr))?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct VoteRequest {
    /// true: reverse the ruling; false: keep it.
    pub reverse: bool,
}

/// Vote on an appeal.
#[utoipa::path(post, path = "/api/games/{id}/appeals/{seq}/votes", params(("id" = String, Path), ("seq" = u64, Path)), request_body = VoteRequest, security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 403, body = super::api::ApiError), (status = 422, body = super::api::ApiError)))]
pub async fn vote(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path((id, seq)): Path<(String, u64)>,
    ApiJson(v): ApiJson<VoteRequest>,
) -> Result<Json<Acted>, Failure> {
    let tr = lang.tr();
    let (loaded, who) = state.play.authorize(&id, &token).await.map_err(|e| Failure::play(e, &tr))?;
    let seat = seat_only(who, &tr)?;
    Ok(Json(state.play.vote(loaded, seat, seq, v.reverse).await.map_err(|e| Failure::play(e, &tr))?))
}

/// Take back the bearer's last action (or ask the players it touches to consent).
#[utoipa::path(post, path = "/api/games/{id}/undo", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 422, body = super::api::ApiError)))]
pub async fn undo(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path(id): Path<String>,
) -> Result<Json<Acted>, Failure> {
    let tr = lang.tr();
    let (loaded, who) = state.play.authorize(&id, &token).await.map_err(|e| Failure::play(e, &tr))?;
    let seat = seat_only(who, &tr)?;
    Ok(Json(state.play.undo(loaded, seat).await.map_err(|e| Failure::play(e, &tr))?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct UndoAnswer {
    pub consent: bool,
}

/// Consent to (or refuse) an undo request that asks the bearer.
#[utoipa::path(post, path = "/api/games/{id}/undo/{seq}/answer", params(("id" = String, Path), ("seq" = u64, Path)), request_body = UndoAnswer, security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 403, body = super::api::ApiError), (status = 422, body = super::api::ApiError)))]
pub async fn answer_undo(
    State(state): State<AppState>,
    lang: PageLang,
    Bearer(token): Bearer,
    Path((id, seq)): Path<(String, u64)>,
    ApiJson(a): ApiJson<UndoAnswer>,
) -> Result<Json<Acted>, Failure> {
    let tr = lang.tr();
    let (loaded, who) = state.play.authorize(&id, &token).await.map_err(|e| Failure::play(e, &tr))?;
    let seat = seat_only(who, &tr)?;
    Ok(Json(state.play.answer_undo(loaded, seat, seq, a.consent).await.map_err(|e| Failure::play(e, &tr))?))
}
