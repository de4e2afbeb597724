//! The host's page: the seat links, the disputes the host rules on, the spectators' link;
//! sending an invitation again, giving a seat to a new player, pausing and resuming, and the
//! host's export.

use super::{AskPage, PageResult, download, page};
use crate::clock::format_utc;
use crate::i18n::Tr;
use crate::play::disputes::DisputeStatus;
use crate::record::Party;
use crate::web::AppState;
use crate::web::extract::{ClientIp, PageForm, PagePath, game_id};
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use feldpost_engine::Seat;
use serde::Deserialize;

struct SeatLinkRow {
    seat: Seat,
    name: String,
    label: String,
    url: String,
    /// "away until …", while the seat's declared absence runs.
    away: Option<String>,
}

/// A dispute the host rules on.
struct HostDispute {
    seq: u64,
    text: String,
    status: String,
    open: bool,
}

#[derive(Template)]
#[template(path = "host.html")]
struct HostPage {
    tr: Tr,
    title: String,
    seats: Vec<SeatLinkRow>,
    dev_mailbox: bool,
    disputes: Vec<HostDispute>,
    /// What the newest ruling decided, until the next step.
    ruled: Option<String>,
    base: String,
    watch_url: String,
    finished: bool,
    /// This page's path (the pause and resume forms post under it).
    path: String,
    paused_until: Option<String>,
    /// Whether the players' mail waits for the host's address to be confirmed, in words.
    mail_note: Option<String>,
    /// The mail waits: the host may ask for the link again.
    mail_waiting: bool,
    /// Mail the mail server refused for good, in words.
    undeliverable: Vec<String>,
    /// The seats whose address fails, and how to go on, in words.
    failing: Vec<String>,
    /// One of the game's webhooks was paused after failing, in words.
    webhook_paused: Option<String>,
    /// The game as a spectator sees it now (docs/architecture.md, rule 4: the host has no
    /// seat, so the public view; everything after the end), whose turn it is, and the lines
    /// beside the board.
    board: String,
    status: String,
    notes: Vec<super::NoteBlock>,
    /// The game's own style sheets (its board is drawn with them) and scripts.
    files: super::GameFiles,
    /// The table talk to everyone, each line with a button to hide it (templates/chat.html).
    talk: super::chat::Talk,
    /// After the end: the rematch's host page, once it has started.
    rematch: Option<String>,
    /// In a game carried over from a real table, before play: the form to enter the position
    /// and the seats' answers (docs/positions.md).
    position: Option<HostPosition>,
}

struct HostPosition {
    /// The ruleset's fields (HTML it renders itself).
    form: String,
    /// Each seat's answer, in words.
    answers: Vec<String>,
    seq: u64,
}

pub async fn host_page(
    State(state): State<AppState>,
    tr: Tr,
    local: crate::web::extract::FromThisMachine,
    PagePath((id, token)): PagePath<(String, String)>,
) -> PageResult {
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    let tr = tr.with_names(loaded.names()).isolating();
    let seats = crate::play::seats::seat_links(&state.log, &loaded)
        .into_iter()
        .map(|l| SeatLinkRow {
            seat: l.seat,
            away: loaded
                .away_until(l.seat, state.log.now())
                .map(|until| tr.t_args("game-away", &[("until", crate::clock::format_utc(until))])),
            label: tr.msg(&loaded.table.seat_label(l.seat)),
            name: l.name,
            url: l.url,
        })
        .collect();
    let disputes = crate::play::disputes::disputes(&loaded)
        .iter()
        .filter(|d| d.adjudicator == Party::Host)
        .map(|d| HostDispute {
            seq: d.seq,
            text: tr.t_args(
                "dispute-row",
                &[
                    ("seat", tr.seat_name(d.seat)),
                    ("against", d.against.to_string()),
                    ("claim", d.claim.clone()),
                ],
            ),
            status: tr.t(d.status.key()),
            open: d.status == DisputeStatus::Open,
        })
        .collect();
    let path = format!("/host/{id}/{token}");
    let talk = super::chat::for_host(&state, &loaded, &path, &tr).await?;
    let viewer = loaded.viewer_for(None);
    let (drawing, waits) = super::board_drawing(&loaded, loaded.table.as_ref(), viewer, loaded.seq, &tr);
    let board = super::board_waits(crate::games::page::plain_block(&drawing), waits, &tr);
    let notes = super::note_blocks(&loaded, loaded.table.as_ref(), viewer, loaded.seq, &tr);
    let status = super::status_line(&crate::play::view::view(&state.log, &loaded, None), &tr);
    let position =
        crate::play::position::status(&loaded).filter(|p| p.stage != "agreed").map(|p| HostPosition {
            form: loaded.table.position_form(
                loaded.seats.len(),
                // The host's own entry: a seat's private part (a key card) is never shown here.
                loaded.notes.records().iter().rev().find_map(|r| match &r.cause {
                    crate::record::Cause::Position { by: Party::Host, position } => Some(position),
                    _ => None,
                }),
                &|m| tr.msg(m),
            ),
            answers: (!p.complete && p.stage == "answers")
                .then(|| tr.t("position-host-incomplete"))
                .into_iter()
                .chain(p.answers.iter().enumerate().map(|(seat, a)| {
                    let name = tr.seat_name(seat as Seat);
                    match a {
                        None => tr.t_args("position-answer-none", &[("seat", name)]),
                        Some(a) if a.agrees => tr.t_args("position-answer-agrees", &[("seat", name)]),
                        Some(a) => tr
                            .t_args("position-answer-disagrees", &[("seat", name), ("note", a.note.clone())]),
                    }
                }))
                .collect(),
            seq: loaded.seq,
        });
    let host_mail =
        crate::play::create::host_mail(&state.log, &game_id(&id)?).await?.filter(|h| !h.email.is_empty());
    Ok(page(
        StatusCode::OK,
        &HostPage {
            title: loaded.game.title.clone(),
            seats,
            dev_mailbox: state.dev_mailbox && local.0,
            disputes,
            ruled: super::dispute_panel::fresh_ruling(&loaded, &tr),
            base: path.clone(),
            watch_url: state.log.links().watch_url(&loaded.game),
            finished: loaded.finished(),
            paused_until: crate::play::deadlines::paused_until(&state.log, &game_id(&id)?)
                .await?
                .map(format_utc),
            mail_waiting: host_mail.as_ref().is_some_and(|h| h.confirmed_at.is_none()),
            mail_note: host_mail.map(|h| {
                let key = if h.confirmed_at.is_some() { "host-mail-sent" } else { "host-mail-waiting" };
                tr.t_args(key, &[("email", h.email)])
            }),
            undeliverable: crate::play::seats::undeliverable(&state.log, &loaded)
                .await?
                .into_iter()
                .map(|(to, why)| tr.t_args("host-mail-failed", &[("email", to), ("why", why)]))
                .collect(),
            failing: crate::play::seats::failing(&state.log, &loaded)
                .await?
                .into_iter()
                .map(|(seat, f)| {
                    tr.t_args(
                        "host-failing",
                        &[("player", seat.name), ("email", seat.email), ("why", f.reason)],
                    )
                })
                .collect(),
            webhook_paused: crate::play::webhooks::paused_notice(
                &state.log,
                &loaded,
                crate::play::webhooks::Owner::Game,
                &tr,
            )
            .await?,
            path,
            board,
            status,
            notes,
            files: super::GameFiles::of(loaded.rules, crate::games::page::Page::Host),
            talk,
            rematch: match crate::play::create::rematch_started(&state.log, &loaded).await? {
                Some(game) => Some(state.log.links().host_path(&game)),
                None => None,
            },
            position,
            tr,
        },
    ))
}

/// The host enters (or corrects) the position from the table (docs/positions.md).
pub async fn enter_position(
    State(state): State<AppState>,
    PagePath((id, token)): PagePath<(String, String)>,
    PageForm(form): PageForm<std::collections::HashMap<String, String>>,
) -> PageResult {
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    let expected = form.get("expected_seq").and_then(|s| s.trim().parse().ok()).unwrap_or_default();
    let position =
        loaded.rules.read_position(&form, loaded.seats.len()).map_err(crate::play::PlayError::invalid)?;
    crate::play::position::enter(&state.log, loaded, expected, &position).await?;
    Ok(back_to_host(&id, &token))
}

/// The host starts a rematch of the ended game: the new game's host page follows.
pub async fn rematch(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    PagePath((id, token)): PagePath<(String, String)>,
) -> PageResult {
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    let created = crate::play::create::rematch(&state.log, &loaded, &client).await?;
    Ok(Redirect::to(&created.host_path).into_response())
}

fn back_to_host(id: &str, token: &str) -> Response {
    Redirect::to(&format!("/host/{id}/{token}")).into_response()
}

/// The host's copy of the whole log: the full export once the game has ended (or for games
/// without hidden information), the public view before.
pub async fn export(
    State(state): State<AppState>,
    PagePath((id, token)): PagePath<(String, String)>,
) -> PageResult {
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    Ok(download(crate::play::export::export(&state.log, &loaded, None).await?))
}

/// The host sends a seat its invitation again.
pub async fn resend(
    State(state): State<AppState>,
    PagePath((id, token, seat)): PagePath<(String, String, Seat)>,
) -> PageResult {
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    crate::play::seats::resend_invitation(&state.log, &loaded, seat).await?;
    Ok(back_to_host(&id, &token))
}

#[derive(Deserialize)]
pub struct ReplaceForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
}

/// The host gives a seat to a new player.
pub async fn replace(
    State(state): State<AppState>,
    PagePath((id, token, seat)): PagePath<(String, String, Seat)>,
    PageForm(form): PageForm<ReplaceForm>,
) -> PageResult {
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    crate::play::seats::replace_player(&state.log, loaded, seat, &form.name, &form.email).await?;
    Ok(back_to_host(&id, &token))
}

#[derive(Deserialize)]
pub struct PauseForm {
    /// Hours; empty: the game's pause length.
    #[serde(default)]
    hours: String,
}

pub async fn pause(
    State(state): State<AppState>,
    PagePath((id, token)): PagePath<(String, String)>,
    PageForm(form): PageForm<PauseForm>,
) -> PageResult {
    let hours = form.hours.trim().parse::<u32>().ok();
    crate::play::deadlines::pause(&state.log, &game_id(&id)?, &token, hours).await?;
    Ok(back_to_host(&id, &token))
}

pub async fn resume(
    State(state): State<AppState>,
    PagePath((id, token)): PagePath<(String, String)>,
) -> PageResult {
    crate::play::deadlines::resume(&state.log, &game_id(&id)?, &token).await?;
    Ok(back_to_host(&id, &token))
}

/// The page of the link mailed to a new game's host address: it asks, and only its button
/// confirms (GET never acts).
pub async fn confirm_page(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((id, secret)): PagePath<(String, String)>,
) -> PageResult {
    let c = crate::play::create::host_confirmation(&state.log, &game_id(&id)?, &secret).await?;
    let args = [("game", c.title.clone()), ("email", c.email.clone())];
    let (lead, button) = if c.confirmed {
        (tr.t_args("confirm-done", &args), None)
    } else {
        let lead = feldpost_engine::Msg::new("confirm-lead")
            .text("game", c.title.clone())
            .text("email", c.email.clone())
            .num("invited", c.invited as i64);
        (tr.msg(&lead), Some(tr.t("confirm-button")))
    };
    let title = tr.t_args("confirm-title", &args);
    Ok(page(
        StatusCode::OK,
        &AskPage { title, lead, action: format!("/confirm/{id}/{secret}"), button, onward: None, tr },
    ))
}

pub async fn confirm(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((id, secret)): PagePath<(String, String)>,
) -> PageResult {
    let c = crate::play::create::confirm_host(&state.log, &game_id(&id)?, &secret).await?;
    let args = [("game", c.title.clone()), ("email", c.email.clone())];
    let title = tr.t_args("confirm-title", &args);
    let lead = tr.t_args("confirm-done", &args);
    let onward = Some((c.host_path, tr.t("confirm-to-host")));
    Ok(page(StatusCode::OK, &AskPage { title, lead, action: String::new(), button: None, onward, tr }))
}

/// The host asks for the confirmation link again.
pub async fn resend_confirmation(
    State(state): State<AppState>,
    PagePath((id, token)): PagePath<(String, String)>,
) -> PageResult {
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    crate::play::create::resend_host_confirmation(&state.log, &loaded).await?;
    Ok(back_to_host(&id, &token))
}
