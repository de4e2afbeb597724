//! A game as one viewer sees it: the engine's view, whose turn, the legal actions.

use super::error::PlayError;
use super::log::{GameLog, Loaded, fold_stored};
use crate::games::{self, Table};
use feldpost_engine::{Msg, Outcome, Seat};
use serde::Serialize;
use serde_json::Value;

/// A game as one viewer sees it now (or at `seq`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct GameView {
    pub game_id: String,
    pub ruleset: String,
    pub title: String,
    /// The sequence number of the last record this view includes.
    pub seq: u64,
    /// The newest sequence number of the game (actions must name it as `expected_seq`).
    pub current_seq: u64,
    pub seat: Option<Seat>,
    pub players: Vec<PlayerView>,
    pub to_act: Vec<Seat>,
    pub your_turn: bool,
    /// When the seat must act outside a turn of its own (a reaction window): what it is asked
    /// and during whose turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Object, nullable)]
    pub asked: Option<Msg>,
    pub legal_actions: Vec<LegalAction>,
    /// The engine's view for this viewer.
    #[schema(value_type = Object)]
    pub view: Box<serde_json::value::RawValue>,
    #[schema(value_type = Object, nullable)]
    pub outcome: Option<Outcome>,
    /// SHA-256 of the secret dice seed, published at creation.
    pub commitment: String,
    pub finished: bool,
    /// The game waits for the position from a real table to be entered or agreed
    /// (docs/positions.md): nobody is asked to act, and no action is offered.
    #[serde(skip)]
    pub position_waits: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PlayerView {
    pub seat: Seat,
    pub name: String,
    #[schema(value_type = Object)]
    pub label: Msg,
    /// While the seat's declared absence runs: until when (ms since the epoch); its clock
    /// stands still meanwhile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub away_until: Option<i64>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LegalAction {
    #[schema(value_type = Object)]
    pub action: Value,
    #[schema(value_type = Object)]
    pub label: Msg,
    /// Values to set in `action` before sending it (e.g. `die` with manual dice).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<games::Input>,
}

/// The game as `seat` (or the public) sees it now.
pub fn view(log: &GameLog, loaded: &Loaded, seat: Option<Seat>) -> GameView {
    view_of(log, loaded, loaded.table.as_ref(), loaded.seq, seat)
}

fn view_of(log: &GameLog, loaded: &Loaded, table: &dyn Table, seq: u64, seat: Option<Seat>) -> GameView {
    let viewer = loaded.viewer_for(seat);
    let at_now = seq == loaded.seq;
    // Every action is refused until the position is agreed (`play::position::check_play`), so
    // none is offered and nobody is waited for.
    let position_waits = at_now && loaded.notes.position_wait(loaded.seats.len()).is_some();
    let to_act = if position_waits { Vec::new() } else { table.to_act() };
    let now = log.now();
    let legal_actions = match seat {
        Some(s) if at_now && !position_waits => table
            .legal_actions(s)
            .into_iter()
            .map(|(action, label, inputs)| LegalAction { action, label, inputs })
            .collect(),
        _ => Vec::new(),
    };
    GameView {
        game_id: loaded.game.id.to_string(),
        ruleset: loaded.game.ruleset.clone(),
        title: loaded.game.title.clone(),
        seq,
        current_seq: loaded.seq,
        seat,
        players: loaded
            .seats
            .iter()
            .map(|s| PlayerView {
                seat: s.seat as Seat,
                name: s.name.clone(),
                label: table.seat_label(s.seat as Seat),
                away_until: loaded.away_until(s.seat as Seat, now).filter(|_| at_now),
            })
            .collect(),
        your_turn: at_now && seat.is_some_and(|s| to_act.contains(&s)),
        asked: seat.filter(|s| at_now && to_act.contains(s)).and_then(|s| table.asked(s)),
        to_act,
        legal_actions,
        view: table.view_json(viewer),
        outcome: table.outcome(),
        commitment: loaded.game.commitment.clone(),
        finished: loaded.finished(),
        position_waits,
    }
}

/// The state after record `at`, replayed from scratch, as `seat` may see it.
pub async fn table_at(log: &GameLog, loaded: &Loaded, at: u64) -> Result<Box<dyn Table>, PlayError> {
    if at == 0 || at > loaded.seq {
        return Err(PlayError::NoSuchSeq(at));
    }
    if at == loaded.seq {
        return Ok(loaded.table.clone_box());
    }
    // Only the records up to the step: an early step of a long game costs what it shows.
    let prefix = log.store.records_between(&loaded.game.id, 0, at).await?;
    fold_stored(loaded.empty_table()?, &prefix)
}

pub async fn view_at(
    log: &GameLog,
    loaded: &Loaded,
    seat: Option<Seat>,
    at: u64,
) -> Result<(GameView, Box<dyn Table>), PlayError> {
    let table = table_at(log, loaded, at).await?;
    Ok((view_of(log, loaded, table.as_ref(), at, seat), table))
}

/// The players' names, by seat (for messages that name seats); none when they cannot be read.
pub async fn player_names(log: &GameLog, game_id: &crate::ids::GameId) -> Vec<String> {
    match log.store.seats(game_id).await {
        Ok(seats) => seats.into_iter().map(|s| s.name).collect(),
        Err(_) => Vec::new(),
    }
}
