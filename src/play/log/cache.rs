//! The replayed-state cache: each game's state as of its newest record, so that a request folds
//! only what is new (docs/architecture.md, rule 2: the cache is derived and dropped on any
//! doubt; rule 3: the append's expected sequence number is what keeps it honest).

use super::{Loaded, Notes};
use crate::games::{Game, Table};
use crate::store::{GameRow, SeatRow};
use std::collections::HashMap;
use std::sync::Arc;

/// A game's replayed state with the rows it was loaded with (docs/architecture.md, rule 3: the
/// cache is derived; the append's expected-seq check is what keeps it honest).
pub(super) struct Cached {
    pub(super) rules: &'static dyn Game,
    pub(super) game: Arc<GameRow>,
    pub(super) seats: Arc<[SeatRow]>,
    pub(super) seq: u64,
    pub(super) last_hash: String,
    pub(super) last_at: i64,
    pub(super) table: Arc<dyn Table>,
    pub(super) notes: Arc<Notes>,
    pub(super) untold: Arc<super::Untold>,
    /// Its table talk and turn clock, as of the last read of its head here or a line written
    /// here.
    pub(super) live: crate::store::GameLive,
}

impl Cached {
    pub(super) fn loaded(&self) -> Loaded {
        Loaded {
            game: self.game.clone(),
            seats: self.seats.clone(),
            rules: self.rules,
            table: self.table.clone(),
            seq: self.seq,
            last_hash: self.last_hash.clone(),
            last_at: self.last_at,
            notes: self.notes.clone(),
            untold: self.untold.clone(),
            live: self.live,
        }
    }
}

/// The replayed-state cache: at most `cap` games, the least recently used dropped first, and an
/// index from seat-token hashes to games (a hint only: a token counts when the cached seats of
/// its game still hold it).
pub(super) struct ReplayCache {
    pub(super) games: hashlink::LruCache<String, Cached>,
    pub(super) tokens: HashMap<String, String>,
}

impl ReplayCache {
    pub(super) fn new(cap: usize) -> Self {
        ReplayCache { games: hashlink::LruCache::new(cap.max(1)), tokens: HashMap::new() }
    }

    /// Cache `cached` as `game_id`'s; returns how many other games were dropped to make room.
    pub(super) fn insert(&mut self, game_id: &str, cached: Cached) -> u64 {
        // The next state of a game cached with the same links (a move): in place, as the most
        // recently used, the index as it is.
        if let Some(old) = self.games.get_mut(game_id)
            && old.seats.iter().map(|s| &s.token_hash).eq(cached.seats.iter().map(|s| &s.token_hash))
        {
            *old = cached;
            return 0;
        }
        // Make room first, by hand: `LruCache::insert` would drop the least recently used game
        // itself, and its seats' entries in `tokens` with it never (the index grew by every
        // seat of every game ever cached).
        self.remove(game_id);
        let mut evictions = 0;
        while self.games.len() >= self.games.capacity() {
            match self.games.remove_lru() {
                Some((_, evicted)) => {
                    self.drop_tokens(&evicted);
                    evictions += 1;
                }
                None => break,
            }
        }
        for s in cached.seats.iter() {
            self.tokens.insert(s.token_hash.clone(), game_id.to_owned());
        }
        self.games.insert(game_id.to_owned(), cached);
        evictions
    }

    pub(super) fn remove(&mut self, game_id: &str) {
        if let Some(old) = self.games.remove(game_id) {
            self.drop_tokens(&old);
        }
    }

    /// Forget the token hints of a game's seats, unless they point at a game still cached.
    fn drop_tokens(&mut self, cached: &Cached) {
        for s in cached.seats.iter() {
            if self.tokens.get(&s.token_hash).is_some_and(|g| !self.games.contains_key(g)) {
                self.tokens.remove(&s.token_hash);
            }
        }
    }
}
