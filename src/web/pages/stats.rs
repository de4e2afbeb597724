//! A game's statistics page, for a seat, the host and spectators: the dice against fair dice,
//! the time each seat took, the records per day and the game's own counts, each as a bar chart
//! beside a table, counted by `crate::play::stats` from what that viewer may see.

use super::{PageResult, page};
use crate::i18n::Tr;
use crate::play::Loaded;
use crate::play::charts::{Chart, Charts, DiceBlock, charts};
use crate::play::stats::Stats;
use crate::web::AppState;
use crate::web::extract::{PagePath, game_id, seat_token};
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use feldpost_engine::Seat;

#[derive(Template)]
#[template(path = "stats.html")]
struct StatsPage {
    tr: Tr,
    title: String,
    /// The page this one was reached from (the seat's game, the host's page, the spectators').
    back: String,
    dice: Vec<DiceBlock>,
    times: Option<Chart>,
    days: Chart,
    tallies: Vec<Chart>,
    commitment: String,
    commitment_label: String,
    /// After the end: what the server's own check of the log found.
    verified: Option<String>,
    /// Where the viewer can download the record to check it (none for spectators).
    export: Option<String>,
    verify_command: String,
    finished: bool,
}

async fn render(
    state: &AppState,
    loaded: &Loaded,
    seat: Option<Seat>,
    tr: Tr,
    back: String,
    export: Option<String>,
) -> PageResult {
    let tr = tr.with_names(loaded.names()).isolating();
    let stats: Stats = crate::play::stats::stats(&state.log, loaded, seat).await?;
    let Charts { dice, tallies, times, days } = charts(&stats, &tr);
    let verified = crate::play::export::verified(&state.log, loaded).await?.map(|r| match r {
        Ok(records) => tr.t_args("verified-ok", &[("records", records.to_string())]),
        Err(why) => tr.t_args("verified-failed", &[("why", why)]),
    });
    Ok(page(
        StatusCode::OK,
        &StatsPage {
            title: loaded.game.title.clone(),
            back,
            dice,
            times,
            days,
            tallies,
            commitment: loaded.game.commitment.clone(),
            commitment_label: tr.t(loaded.table.commitment_label()),
            verified,
            export,
            verify_command: format!("feldpost verify feldpost-{}.json", loaded.game.id),
            finished: stats.finished,
            tr,
        },
    ))
}

/// A seat's statistics: what that seat may see.
pub async fn seat_stats(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
) -> PageResult {
    let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
    let back = format!("/play/{token}");
    render(&state, &loaded, Some(seat), tr, back.clone(), Some(format!("{back}/export"))).await
}

/// The host's statistics: the public view (the host has no seat), everything after the end.
pub async fn host_stats(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((id, token)): PagePath<(String, String)>,
) -> PageResult {
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    let back = format!("/host/{id}/{token}");
    render(&state, &loaded, None, tr, back.clone(), Some(format!("{back}/export"))).await
}

/// The spectators' statistics: the public view, everything after the end.
pub async fn watch_stats(
    State(state): State<AppState>,
    tr: Tr,
    PagePath((id, token)): PagePath<(String, String)>,
) -> PageResult {
    let loaded = state.log.load_watch(&game_id(&id)?, &token).await?;
    render(&state, &loaded, None, tr, format!("/watch/{id}/{token}"), None).await
}
