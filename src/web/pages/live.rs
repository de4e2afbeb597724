//! Live pages: a seat's page (and the spectators') hears when the game moves on, by Server-Sent
//! Events. Progressive enhancement: the page works without them; static/live.js reads the
//! stream and fetches the page again.
//!
//! The stream carries the game's sequence number and, for a seat, whether it is now that
//! seat's turn: nothing of the game itself. A change of the table talk (`play::chat`) is told
//! as a `talk` event, only to a reader whose own lines changed (a private line is not even
//! hinted at to anyone else), with no more than how many lines that reader has. The page is then fetched as always, through the
//! seat's own view (docs/architecture.md, rule 4), so a stream can show nothing its page could
//! not. It follows commits of every server process on the same Postgres (src/store/notify.rs).

use crate::play::{Loaded, PlayError};
use crate::store::notify::Change;
use crate::web::AppState;
use crate::web::extract::{PagePath, PageQuery, game_id, seat_token};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde::Deserialize;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast;

#[derive(Deserialize)]
pub struct LiveQuery {
    /// The sequence number the page shows.
    seq: Option<u64>,
}

/// Whose page the stream is for: it is read again as that page reads it.
#[derive(Clone)]
enum Reader {
    Seat { token: String },
    Watch { id: String, token: String },
}

/// What a stream may say: the seq, and whether it is this seat's turn; and the reader's own
/// table talk, counted (its lines, and how many of them are hidden).
struct Now {
    seq: u64,
    your_turn: bool,
    talk: (i64, i64),
}

impl Reader {
    async fn load(&self, state: &AppState) -> Result<(Loaded, Now), PlayError> {
        match self {
            Reader::Seat { token } => {
                let (loaded, seat) = state.log.load_seat(&seat_token(token)?).await?;
                let your_turn = crate::play::view::view(&state.log, &loaded, Some(seat)).your_turn;
                let talk = crate::play::chat::mark(&state.log, &loaded.game.id, Some(seat)).await?;
                let now = Now { seq: loaded.seq, your_turn, talk };
                Ok((loaded, now))
            }
            Reader::Watch { id, token } => {
                let loaded = state.log.load_watch(&game_id(id)?, token).await?;
                let talk = crate::play::chat::mark(&state.log, &loaded.game.id, None).await?;
                let now = Now { seq: loaded.seq, your_turn: false, talk };
                Ok((loaded, now))
            }
        }
    }
}

/// How long one stream lasts; the browser's EventSource connects again by itself (with the
/// last seq it heard), so a server never holds a connection for ever.
const LIFETIME: Duration = Duration::from_secs(15 * 60);

/// The seq a reconnecting browser last heard (Last-Event-ID), else the page's `?seq=`.
fn shown(headers: &HeaderMap, q: &LiveQuery) -> Option<u64> {
    headers.get("last-event-id").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok()).or(q.seq)
}

pub async fn seat_live(
    State(state): State<AppState>,
    headers: HeaderMap,
    PagePath(token): PagePath<String>,
    PageQuery(q): PageQuery<LiveQuery>,
) -> Result<Response, crate::web::error::PageError> {
    stream(state, Reader::Seat { token }, shown(&headers, &q)).await
}

pub async fn watch_live(
    State(state): State<AppState>,
    headers: HeaderMap,
    PagePath((id, token)): PagePath<(String, String)>,
    PageQuery(q): PageQuery<LiveQuery>,
) -> Result<Response, crate::web::error::PageError> {
    stream(state, Reader::Watch { id, token }, shown(&headers, &q)).await
}

fn event(now: &Now) -> Event {
    Event::default()
        .event("changed")
        .id(now.seq.to_string())
        .data(serde_json::json!({"seq": now.seq, "your_turn": now.your_turn}).to_string())
}

/// The reader's table talk changed (no id: the stream's id is the game's seq).
fn talk_event(now: &Now) -> Event {
    Event::default().event("talk").data(serde_json::json!({"lines": now.talk.0, "seq": now.seq}).to_string())
}

async fn stream(
    state: AppState,
    reader: Reader,
    shown: Option<u64>,
) -> Result<Response, crate::web::error::PageError> {
    // Subscribe before reading, so that no commit falls between the two.
    let changes = state.log.store.changes();
    // An unknown link is refused here, as its page would be.
    let (loaded, now) = reader.load(&state).await?;
    let game_id = loaded.game.id.clone();
    let first = shown.filter(|s| *s < now.seq).map(|_| event(&now));
    let stopping = state.log.stopping().clone();
    struct Listening {
        state: AppState,
        reader: Reader,
        game_id: crate::ids::GameId,
        changes: broadcast::Receiver<Change>,
        last: u64,
        talk: (i64, i64),
    }
    let listening = Listening { state, reader, game_id, changes, last: now.seq, talk: now.talk };
    let later = futures_util::stream::unfold(listening, |mut l| async move {
        loop {
            match l.changes.recv().await {
                Ok(change) if change.game_id != l.game_id || (!change.talk && change.seq <= l.last) => {
                    continue;
                }
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => return None,
            }
            // Read again as the page would; a change heard from elsewhere (or twice) that
            // this store does not show is nothing to tell.
            let Ok((_, now)) = l.reader.load(&l.state).await else { return None };
            let talked = now.talk != l.talk;
            l.talk = now.talk;
            if now.seq > l.last {
                l.last = now.seq;
                return Some((Ok::<_, Infallible>(event(&now)), l));
            }
            if talked {
                return Some((Ok::<_, Infallible>(talk_event(&now)), l));
            }
        }
    });
    let events = futures_util::stream::iter(first.map(Ok)).chain(later);
    let ends = async move {
        tokio::select! {
            _ = tokio::time::sleep(LIFETIME) => {}
            // The server's graceful shutdown must not wait for open pages: the browser's
            // EventSource connects again, to whichever server then answers.
            _ = stopping.cancelled() => {}
        }
    };
    let events = events.take_until(Box::pin(ends));
    let mut response = Sse::new(events).keep_alive(KeepAlive::default()).into_response();
    // A proxy in front must pass events on as they come, not buffer them.
    response.headers_mut().insert("x-accel-buffering", axum::http::HeaderValue::from_static("no"));
    Ok(response)
}
