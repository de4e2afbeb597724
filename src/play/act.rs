//! A seat acts: the rules decide the action in the state the player saw, and the record goes
//! through the one write path (docs/architecture.md, rule 3).

use super::error::PlayError;
use super::log::{Change, Committed, GameLog, Loaded};
use super::view::{self, GameView};
use crate::ids::{GameId, SeatToken};
use crate::metrics::{Metrics, RefusalLabels};
use crate::record::{Cause, Record};
use feldpost_engine::{Seat, SeededRandom, Viewer};
use serde::Serialize;
use serde_json::Value;

/// The result of an accepted action.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Acted {
    pub seq: u64,
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Value>,
}

impl From<Committed> for Acted {
    fn from(c: Committed) -> Acted {
        Acted { seq: c.seq, events: c.events().to_vec() }
    }
}

/// A seat's accepted action, with the game as that seat now sees it: one round trip per move
/// (the client needs no GET after it).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeatActed {
    /// The new sequence number (the next action names it as `expected_seq`).
    pub seq: u64,
    /// The events of the action, as this seat may see them.
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Value>,
    /// The game after the action, through the seat's view: whose turn, the legal actions.
    pub game: GameView,
}

/// Act for the seat whose link token is `token` (the API). `expected_seq` is the sequence number
/// the player saw; if the game moved on since, nothing is written and the answer says so.
///
/// The hot path asks the database nothing before the write: the seat, the game row and the
/// state come from the cache, and the append (one transaction: the conditional update of the
/// game row, the record) checks the sequence number, and the pause, itself. A cache behind
/// another server's is found out there and refreshed (docs/architecture.md, rule 3).
pub async fn by_token(
    log: &GameLog,
    token: &SeatToken,
    game_id: Option<&GameId>,
    expected_seq: u64,
    action: &Value,
) -> Result<SeatActed, PlayError> {
    let mut fresh = false;
    loop {
        let (loaded, seat) = log.load_seat_for_write(token, fresh).await?;
        if game_id.is_some_and(|g| *g != loaded.game.id) {
            return Err(PlayError::WrongGame);
        }
        if !fresh && expected_seq > loaded.seq {
            // The player saw a newer state than this server has: another server moved the
            // game on. Read it again and judge against that.
            fresh = true;
            continue;
        }
        let committed = as_seat(log, loaded, seat, expected_seq, action).await?;
        // The answer shows the events as the actor's history does: they may hold what others
        // answered at once by standing orders (a private Appel answer, a Hideaway held).
        let mut events = Vec::new();
        for e in committed.events() {
            if let Some(v) = committed.after.table.shown(e, Viewer::Seat(seat))? {
                events.push(v);
            }
        }
        let game = view::view(log, &committed.after, Some(seat));
        return Ok(SeatActed { seq: committed.seq, events, game });
    }
}

/// Act for `seat` of the game as `loaded` (a page's form, a reply to a turn mail: the seat is
/// known already). `expected_seq` is the step the player acted on.
pub async fn as_seat(
    log: &GameLog,
    loaded: Loaded,
    seat: Seat,
    expected_seq: u64,
    action: &Value,
) -> Result<Committed, PlayError> {
    let ruleset = loaded.game.ruleset.clone();
    let acted = decide_and_commit(log, loaded, seat, expected_seq, action).await;
    let metrics = log.metrics();
    match &acted {
        Ok(_) => metrics.moves.get_or_create(&Metrics::ruleset(&ruleset)).inc(),
        Err(e) => {
            metrics.refusals.get_or_create(&RefusalLabels { ruleset, reason: e.kind().to_owned() }).inc()
        }
    };
    acted
}

async fn decide_and_commit(
    log: &GameLog,
    loaded: Loaded,
    seat: Seat,
    expected_seq: u64,
    action: &Value,
) -> Result<Committed, PlayError> {
    if loaded.seq != expected_seq {
        return Err(PlayError::Conflict { expected: expected_seq, current: loaded.seq });
    }
    if loaded.finished() {
        return Err(PlayError::Finished);
    }
    super::position::check_play(&loaded)?;
    let seq = loaded.next_seq();
    let mut rng = SeededRandom::new(&loaded.seed_bytes()?, &loaded.game.id, seq, "decide");
    let events = loaded.table.decide(seat, action, &mut rng)?;
    let record = Record {
        seq,
        at: log.now(),
        cause: Cause::Action { seat, action: action.clone() },
        events,
        nonce: None,
    };
    log.commit(loaded, Change::record(record)).await
}
