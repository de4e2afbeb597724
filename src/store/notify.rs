//! Telling open pages that a game moved on: after a record is committed, every subscriber of
//! this process hears "game G is at seq N"; on Postgres the same goes to every server process
//! on the database by LISTEN/NOTIFY, so a page served by one process updates when the move went
//! through another. On SQLite one process serves the file, and an in-process broadcast is
//! enough.
//!
//! A change carries the game's id and sequence number only, never what happened: whoever is
//! told reads the game again through its own view (docs/architecture.md, rule 4). A change may
//! be heard twice (here and back from Postgres) or be one of another game with the same id in
//! another schema of the database (tests): listeners compare the sequence number with what they
//! read themselves, so a spurious change costs a read and shows nothing.

use super::StoreError;
use super::lane::{Lane, on_lane};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};

/// The Postgres channel every feldpost process listens on.
const CHANNEL: &str = "feldpost_changes";

/// A game reached `seq`, or (`talk`) its table talk changed: a line was written or hidden
/// (`seq` 0: talk is not the log; `play::chat`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub game_id: String,
    pub seq: u64,
    pub talk: bool,
}

impl Change {
    /// The NOTIFY payload: "seq game-id" (ids hold no space), or "talk game-id".
    fn payload(&self) -> String {
        if self.talk { format!("talk {}", self.game_id) } else { format!("{} {}", self.seq, self.game_id) }
    }

    /// The changes of one NOTIFY: one or several payloads joined by ';'.
    fn parse_all(payload: &str) -> impl Iterator<Item = Change> + '_ {
        payload.split(';').filter_map(Change::parse)
    }

    fn parse(payload: &str) -> Option<Change> {
        let (seq, game_id) = payload.split_once(' ')?;
        if seq == "talk" {
            return Some(Change { game_id: game_id.to_owned(), seq: 0, talk: true });
        }
        Some(Change { game_id: game_id.to_owned(), seq: seq.parse().ok()?, talk: false })
    }
}

/// The changes of one store, to subscribe to.
#[derive(Clone)]
pub struct Changes {
    inner: Arc<Inner>,
}

struct Inner {
    sender: broadcast::Sender<Change>,
    /// Postgres: where to LISTEN (started with the first subscriber).
    postgres_url: Option<String>,
    listening: OnceLock<()>,
    /// Postgres: the queue of changes to NOTIFY (its task starts with the first change).
    telling: OnceLock<mpsc::Sender<Change>>,
}

impl Changes {
    pub(super) fn new(postgres_url: Option<String>) -> Self {
        // Slow subscribers lag rather than block writers; a lagged one just reads again.
        let (sender, _) = broadcast::channel(256);
        Changes {
            inner: Arc::new(Inner {
                sender,
                postgres_url,
                listening: OnceLock::new(),
                telling: OnceLock::new(),
            }),
        }
    }

    /// Every change from now on (of every game: filter by id).
    pub fn subscribe(&self) -> broadcast::Receiver<Change> {
        if let Some(url) = &self.inner.postgres_url {
            self.inner.listening.get_or_init(|| {
                tokio::spawn(listen(url.clone(), self.inner.sender.clone()));
            });
        }
        self.inner.sender.subscribe()
    }

    /// A record of `game_id` up to `seq` was committed: tell this process at once, and queue the
    /// news for the others (Postgres). Never waits and never fails the write: the NOTIFY goes
    /// out from a task of its own, several changes to one NOTIFY when they come together,
    /// because a transaction that notifies holds a database-wide lock through its commit and
    /// would line every move up behind the one before.
    pub(super) fn announce(&self, lane: &Arc<Lane>, game_id: &str, seq: u64) {
        self.tell_change(lane, Change { game_id: game_id.to_owned(), seq, talk: false });
    }

    /// `game_id`'s table talk changed: told as a move is.
    pub(super) fn announce_talk(&self, lane: &Arc<Lane>, game_id: &str) {
        self.tell_change(lane, Change { game_id: game_id.to_owned(), seq: 0, talk: true });
    }

    fn tell_change(&self, lane: &Arc<Lane>, change: Change) {
        let _ = self.inner.sender.send(change.clone());
        if self.inner.postgres_url.is_some() {
            let queue = self.inner.telling.get_or_init(|| {
                let (queue, pending) = mpsc::channel(TELL_QUEUE);
                tokio::spawn(tell(lane.clone(), pending));
                queue
            });
            // A full queue means the database is not taking NOTIFYs: the change is a hint, and
            // the other servers' pages catch up with the next one.
            if queue.try_send(change).is_err() {
                tracing::warn!("NOTIFY {CHANNEL}: queue full, a change not told");
            }
        }
    }
}

/// Changes waiting for their NOTIFY, at most.
const TELL_QUEUE: usize = 4096;

/// A NOTIFY payload stays under Postgres's limit of 8,000 bytes.
const PAYLOAD_MAX: usize = 7_000;

/// How long the first change waits for others to share its NOTIFY: a page on another server
/// hears of a move this much later (nobody sees 25 ms), and under load one NOTIFY tells of many
/// moves. Each NOTIFY is a transaction with a commit and a WAL flush of its own: at 5 ms they
/// were 200 commits a second beside about 1,400 of moves, and a few per cent of a move's CPU
/// (load tool, 8 games).
const GATHER: Duration = Duration::from_millis(25);

/// Send the queued changes, those that come within [`GATHER`] of each other in one NOTIFY,
/// each game's newest only (listeners read the game again whatever they hear); ends with the
/// store.
async fn tell(lane: Arc<Lane>, mut pending: mpsc::Receiver<Change>) {
    while let Some(first) = pending.recv().await {
        let mut newest = HashMap::from([((first.game_id, first.talk), first.seq)]);
        let gathering = tokio::time::sleep(GATHER);
        tokio::pin!(gathering);
        let mut length = 0;
        while length < PAYLOAD_MAX {
            tokio::select! {
                next = pending.recv() => match next {
                    Some(next) => {
                        length += next.game_id.len() + 8;
                        let seq = newest.entry((next.game_id, next.talk)).or_insert(next.seq);
                        *seq = (*seq).max(next.seq);
                    }
                    None => break,
                },
                _ = &mut gathering => break,
            }
        }
        let payload = newest
            .into_iter()
            .map(|((game_id, talk), seq)| Change { game_id, seq, talk }.payload())
            .collect::<Vec<_>>()
            .join(";");
        if let Err(e) = notify(&lane, &payload).await {
            tracing::warn!("NOTIFY {CHANNEL}: {e}");
        }
    }
}

async fn notify(lane: &Lane, payload: &str) -> Result<(), StoreError> {
    on_lane!(lane, |conn| sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(payload)
        .execute(conn)
        .await)?;
    Ok(())
}

/// LISTEN on Postgres and pass every change on; reconnect after a failure, and stop when this
/// store is gone (nobody can subscribe any more).
async fn listen(url: String, sender: broadcast::Sender<Change>) {
    let weak = sender.downgrade();
    drop(sender);
    loop {
        match sqlx::postgres::PgListener::connect(&url).await {
            Ok(mut listener) => match listener.listen(CHANNEL).await {
                Ok(()) => loop {
                    match listener.recv().await {
                        Ok(n) => {
                            let Some(sender) = weak.upgrade() else { return };
                            for change in Change::parse_all(n.payload()) {
                                let _ = sender.send(change);
                            }
                        }
                        Err(e) => {
                            tracing::warn!("LISTEN {CHANNEL}: {e}");
                            break;
                        }
                    }
                },
                Err(e) => tracing::warn!("LISTEN {CHANNEL}: {e}"),
            },
            Err(e) => tracing::warn!("LISTEN {CHANNEL}: cannot connect: {e}"),
        }
        if weak.upgrade().is_none() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::Change;

    #[test]
    fn a_change_survives_its_payload() {
        let c = Change { game_id: "g-1a2b".into(), seq: 42, talk: false };
        assert_eq!(Change::parse(&c.payload()), Some(c));
        let talk = Change { game_id: "g-1a2b".into(), seq: 0, talk: true };
        assert_eq!(Change::parse(&talk.payload()), Some(talk));
        assert_eq!(Change::parse("x g"), None);
        assert_eq!(Change::parse("7"), None);
    }

    #[test]
    fn several_changes_told_at_once_are_each_heard() {
        let (a, b) = (
            Change { game_id: "ga".into(), seq: 3, talk: false },
            Change { game_id: "gb".into(), seq: 0, talk: true },
        );
        let heard: Vec<_> = Change::parse_all(&format!("{};{}", a.payload(), b.payload())).collect();
        assert_eq!(heard, vec![a, b]);
    }
}
