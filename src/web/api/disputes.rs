//! The JSON API of disputes, rulings, appeals and undo (docs/api.md). The bearer is a seat's
//! token, or for rulings the host's token where the host adjudicates.

use super::as_seat_of;
use crate::play::PlayError;
use crate::play::act::Acted;
use crate::play::disputes::{DisputeAudit, DisputeView, Who};
use crate::record::Verdict;
use crate::web::AppState;
use crate::web::error::{ApiError, ApiErrorBody};
use crate::web::extract::{ApiJson, ApiPath, Bearer, game_id};
use axum::Json;
use axum::extract::State;
use serde::Deserialize;

/// Every dispute of the game, with its ruling and appeal.
#[utoipa::path(get, path = "/games/{id}/disputes", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Vec<DisputeView>), (status = 401, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Vec<DisputeView>>, ApiError> {
    let (loaded, _) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    Ok(Json(crate::play::disputes::disputes(&loaded)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewDispute {
    /// The contested record's sequence number.
    #[serde(deserialize_with = "crate::input::whole::u64")]
    #[schema(maximum = 9007199254740991_u64)]
    pub against: u64,
    /// What is wrong, in words.
    pub claim: String,
    /// The id of the rule it breaks (optional), as in docs/rules/.
    #[serde(default)]
    pub rule: Option<String>,
}

/// Contest a record.
#[utoipa::path(post, path = "/games/{id}/disputes", params(("id" = String, Path)), request_body = NewDispute, security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn open(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
    ApiJson(d): ApiJson<NewDispute>,
) -> Result<Json<Acted>, ApiError> {
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    let seat = as_seat_of(who)?;
    Ok(Json(
        crate::play::disputes::dispute(&state.log, loaded, seat, d.against, &d.claim, d.rule.as_deref())
            .await?,
    ))
}

/// The adjudicator's audit of a dispute.
#[utoipa::path(get, path = "/games/{id}/disputes/{seq}/audit", params(("id" = String, Path), ("seq" = u64, Path)), security(("seat_token" = [])),
    responses((status = 200, body = DisputeAudit), (status = 403, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn audit(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath((id, seq)): ApiPath<(String, u64)>,
) -> Result<Json<DisputeAudit>, ApiError> {
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    let (audit, _) = crate::play::disputes::audit_dispute(&state.log, &loaded, who, seq).await?;
    let adjudicates = match (who, audit.dispute.adjudicator) {
        (Who::Host, crate::record::Party::Host) => true,
        (Who::Seat(s), crate::record::Party::Seat(a)) => s == a,
        _ => false,
    };
    if !adjudicates {
        return Err(ApiError::from(PlayError::NotYourTurn(feldpost_engine::Refusal::not_your_turn(
            "D2",
            feldpost_engine::Msg::new("dispute-refusal-not-adjudicator"),
        ))));
    }
    Ok(Json(audit))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RulingRequest {
    /// "uphold" or "overturn".
    pub verdict: Verdict,
    #[serde(default)]
    pub reason: String,
    /// With an overturn: one of the audit's `remedies` (its `remedy` value); absent: the first
    /// possible one.
    #[serde(default)]
    #[schema(value_type = Object, nullable)]
    pub remedy: Option<serde_json::Value>,
}

/// Rule on a dispute (its adjudicator only).
#[utoipa::path(post, path = "/games/{id}/disputes/{seq}/ruling", params(("id" = String, Path), ("seq" = u64, Path)), request_body = RulingRequest, security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 403, body = ApiErrorBody), (status = 409, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn ruling(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath((id, seq)): ApiPath<(String, u64)>,
    ApiJson(r): ApiJson<RulingRequest>,
) -> Result<Json<Acted>, ApiError> {
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    Ok(Json(
        crate::play::disputes::rule(&state.log, loaded, who, seq, r.verdict, &r.reason, r.remedy.as_ref())
            .await?,
    ))
}

/// Appeal a ruling to a vote of the other players (games created with appeals on).
#[utoipa::path(post, path = "/games/{id}/rulings/{seq}/appeal", params(("id" = String, Path), ("seq" = u64, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 403, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn appeal(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath((id, seq)): ApiPath<(String, u64)>,
) -> Result<Json<Acted>, ApiError> {
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    let seat = as_seat_of(who)?;
    Ok(Json(crate::play::disputes::appeal(&state.log, loaded, seat, seq).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VoteRequest {
    /// true: reverse the ruling; false: keep it.
    pub reverse: bool,
}

/// Vote on an appeal.
#[utoipa::path(post, path = "/games/{id}/appeals/{seq}/votes", params(("id" = String, Path), ("seq" = u64, Path)), request_body = VoteRequest, security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 403, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn vote(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath((id, seq)): ApiPath<(String, u64)>,
    ApiJson(v): ApiJson<VoteRequest>,
) -> Result<Json<Acted>, ApiError> {
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    let seat = as_seat_of(who)?;
    Ok(Json(crate::play::disputes::vote(&state.log, loaded, seat, seq, v.reverse).await?))
}

/// Take back the bearer's last action (or ask the players it touches to consent).
#[utoipa::path(post, path = "/games/{id}/undo", params(("id" = String, Path)), security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 422, body = ApiErrorBody)))]
pub async fn undo(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Acted>, ApiError> {
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    let seat = as_seat_of(who)?;
    Ok(Json(crate::play::undo::undo(&state.log, loaded, seat).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UndoAnswer {
    pub consent: bool,
}

/// Consent to (or refuse) an undo request that asks the bearer.
#[utoipa::path(post, path = "/games/{id}/undo/{seq}/answer", params(("id" = String, Path), ("seq" = u64, Path)), request_body = UndoAnswer, security(("seat_token" = [])),
    responses((status = 200, body = Acted), (status = 403, body = ApiErrorBody), (status = 422, body = ApiErrorBody)))]
pub async fn answer_undo(
    State(state): State<AppState>,
    Bearer(token): Bearer,
    ApiPath((id, seq)): ApiPath<(String, u64)>,
    ApiJson(a): ApiJson<UndoAnswer>,
) -> Result<Json<Acted>, ApiError> {
    let (loaded, who) = crate::play::disputes::authorize(&state.log, &game_id(&id)?, &token).await?;
    let seat = as_seat_of(who)?;
    Ok(Json(crate::play::undo::answer_undo(&state.log, loaded, seat, seq, a.consent).await?))
}
