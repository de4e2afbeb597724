//! The use cases: create a game, look at it, act in it, read its history, export it, dispute
//! and rule, keep its clocks. One file per use case; this one holds what they share: the
//! errors, who is asking, and loading a game with its replayed state.
//!
//! One write path (docs/architecture.md, rule 3): load → replay → decide → append with the
//! expected sequence number and the outbox rows, in one transaction. Replayed states are cached
//! per game and only new records are folded in; the cache is dropped on any conflict.

use crate::clock::Clock;
use crate::games::{self, Game, GameError, Table};
use crate::record::{self, Chained, Record};
use crate::secret::{GameSeeds, OsSeeds, Secret};
use crate::store::{GameRow, SeatRow, Store, StoreError};
use feldpost_engine::{Msg, Refusal, Seat, Viewer};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

mod act;
mod create;
mod deadlines;
pub mod disputes;
mod export;
mod history;
mod host;
pub mod limits;
mod mailing;
mod notes;
mod replay;
mod reply;
mod view;

pub use act::{Acted, SeatActed};
pub use create::{Created, HostConfirmation, MailRelease, NewGame, NewPlayer, Requester, SeatLink};
pub use deadlines::{DAY_MS, Deadline, DeadlinePolicy, HOUR_MS, Ticked};
pub use history::{HistoryEntry, describe_meta};
pub use mailing::{MailPrefs, run_mail_worker};
pub use notes::{Absence, Notes};
pub use replay::{fold, fold_stored};
pub use reply::ReplyOutcome;
pub use view::{GameView, LegalAction, PlayerView};

/// Everything a use case can answer instead of success.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("unknown ruleset {0:?}")]
    UnknownRuleset(String),
    #[error("no such game")]
    UnknownGame,
    #[error("this link is not valid (no seat has it)")]
    UnknownLink,
    #[error("this link belongs to another game")]
    WrongGame,
    /// Something typed is refused (in words for people: a Fluent message).
    #[error("invalid input: {}", .0.key)]
    Invalid(Msg),
    /// The request's shape is not what the ruleset reads (a JSON client's mistake).
    #[error("malformed: {0}")]
    Malformed(String),
    #[error("the game moved on: it is at {current}, the action was for {expected}")]
    Conflict { expected: u64, current: u64 },
    #[error("{}", .0.rule)]
    Refused(Refusal),
    #[error("not your turn ({})", .0.rule)]
    NotYourTurn(Refusal),
    #[error("the game has ended")]
    Finished,
    #[error("the game is paused until {until} (ms)")]
    Paused { until: i64 },
    #[error("no state {0} in this game")]
    NoSuchSeq(u64),
    /// Over a rate limit: try again after this long.
    #[error("too many requests; wait {0:?}")]
    TooMany(std::time::Duration),
    #[error("{0}")]
    Unavailable(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl PlayError {
    /// A refusal of typed input, for `map_err`: `PlayName::parse(s).map_err(PlayError::input(Field::PlayerName))`.
    pub fn input(field: crate::input::Field) -> impl Fn(crate::input::InputError) -> PlayError {
        move |e| PlayError::Invalid(e.msg(field))
    }

    /// A refusal in words, by its Fluent id.
    pub fn invalid(key: &str) -> PlayError {
        PlayError::Invalid(Msg::new(key))
    }
}

impl From<StoreError> for PlayError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict { expected } => PlayError::Conflict { expected, current: expected + 1 },
            StoreError::Unavailable(m) => PlayError::Unavailable(m),
            e if e.is_unavailable() => PlayError::Unavailable(e.to_string()),
            other => PlayError::Internal(other.to_string()),
        }
    }
}

impl From<GameError> for PlayError {
    fn from(e: GameError) -> Self {
        match e {
            GameError::Malformed(m) => PlayError::Malformed(m),
            GameError::Refused(r) if r.kind == feldpost_engine::RefusalKind::NotYourTurn => {
                PlayError::NotYourTurn(r)
            }
            GameError::Refused(r) => PlayError::Refused(r),
            GameError::Corrupt(m) => PlayError::Internal(format!("stored log unreadable: {m}")),
        }
    }
}

/// Who is asking: a seat (by its link token) or the public.
#[derive(Debug, Clone)]
pub struct Identity {
    pub game_id: String,
    pub seat: Option<Seat>,
}

/// A game's replayed state with the rows it was loaded with (docs/architecture.md, rule 3: the
/// cache is derived; the append's expected-seq check is what keeps it honest).
struct Cached {
    rules: &'static dyn Game,
    game: Arc<GameRow>,
    seats: Arc<[SeatRow]>,
    seq: u64,
    last_hash: String,
    table: Arc<dyn Table>,
    notes: Arc<Notes>,
}

impl Cached {
    fn loaded(&self) -> Loaded {
        Loaded {
            game: self.game.clone(),
            seats: self.seats.clone(),
            rules: self.rules,
            table: self.table.clone(),
            seq: self.seq,
            last_hash: self.last_hash.clone(),
            notes: self.notes.clone(),
        }
    }
}

/// The replayed-state cache: at most `cap` games, the least recently used dropped first, and an
/// index from seat-token hashes to games (a hint only: a token counts when the cached seats of
/// its game still hold it).
struct ReplayCache {
    games: hashlink::LruCache<String, Cached>,
    tokens: HashMap<String, String>,
}

impl ReplayCache {
    fn new(cap: usize) -> Self {
        ReplayCache { games: hashlink::LruCache::new(cap.max(1)), tokens: HashMap::new() }
    }

    fn insert(&mut self, game_id: &str, cached: Cached) {
        // The next state of a game cached with the same links (a move): in place, as the most
        // recently used, the index as it is.
        if let Some(old) = self.games.get_mut(game_id)
            && old.seats.iter().map(|s| &s.token_hash).eq(cached.seats.iter().map(|s| &s.token_hash))
        {
            *old = cached;
            return;
        }
        // Make room first, by hand: `LruCache::insert` would drop the least recently used game
        // itself, and its seats' entries in `tokens` with it never (the index grew by every
        // seat of every game ever cached).
        self.remove(game_id);
        while self.games.len() >= self.games.capacity() {
            match self.games.remove_lru() {
                Some((_, evicted)) => self.drop_tokens(&evicted),
                None => break,
            }
        }
        for s in cached.seats.iter() {
            self.tokens.insert(s.token_hash.clone(), game_id.to_owned());
        }
        self.games.insert(game_id.to_owned(), cached);
    }

    fn remove(&mut self, game_id: &str) {
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

/// How many games' replayed states a server keeps by default (FELDPOST_REPLAY_CACHE_GAMES).
pub const DEFAULT_REPLAY_CACHE_GAMES: usize = 5_000;

/// A game loaded and replayed to its newest record.
pub struct Loaded {
    /// The game and seat rows, shared with the replay cache (a request copies no row).
    pub game: Arc<GameRow>,
    pub seats: Arc<[SeatRow]>,
    pub rules: &'static dyn Game,
    /// Shared with the replay cache: a reader copies nothing; a writer folds into its own copy.
    pub table: Arc<dyn Table>,
    pub seq: u64,
    pub last_hash: String,
    /// The records about other records, kept beside the state (the disputes panel reads them).
    pub notes: Arc<Notes>,
}

impl Loaded {
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }
    pub fn finished(&self) -> bool {
        self.table.outcome().is_some()
    }
    /// Until when `seat` is away at `now` (its declared absence still runs, in a game not
    /// over): its clock stands still meanwhile.
    pub fn away_until(&self, seat: Seat, now: i64) -> Option<i64> {
        Some(self.notes.absence(seat).until).filter(|until| *until > now && !self.finished())
    }
    /// After the end, everyone sees everything (the seed is revealed too).
    /// After the end everyone sees everything, unless the ruleset keeps some things private
    /// for ever (a team's chat): then each keeps their own view.
    pub fn viewer_for(&self, seat: Option<Seat>) -> Viewer {
        if self.finished() && !self.rules.private_after_end() {
            Viewer::Omniscient
        } else {
            seat.map(Viewer::Seat).unwrap_or(Viewer::Public)
        }
    }
}

pub struct Play {
    pub store: Store,
    clock: Arc<dyn Clock>,
    /// Where new games' ids and dice seeds come from (fixed in tests).
    seeds: Arc<dyn GameSeeds>,
    secret: Secret,
    base_url: String,
    cache: Mutex<ReplayCache>,
    /// Wakes the mail worker after a commit.
    pub mail_ready: Arc<tokio::sync::Notify>,
}

impl Play {
    pub fn new(store: Store, clock: Arc<dyn Clock>, secret: Secret, base_url: String) -> Self {
        Play {
            store,
            clock,
            seeds: Arc::new(OsSeeds),
            secret,
            base_url: base_url.trim_end_matches('/').to_owned(),
            cache: Mutex::new(ReplayCache::new(DEFAULT_REPLAY_CACHE_GAMES)),
            mail_ready: Arc::new(tokio::sync::Notify::new()),
        }
    }

    /// The same, keeping at most `games` replayed states (the least recently used go first).
    pub fn with_cache_cap(self, games: usize) -> Self {
        *self.cache.lock().expect("cache lock") = ReplayCache::new(games);
        self
    }

    /// How many games' states the replay cache holds now.
    pub fn cached_games(&self) -> usize {
        self.cache.lock().expect("cache lock").games.len()
    }

    /// How many seat links the replay cache's index knows (only the cached games' seats).
    pub fn cached_links(&self) -> usize {
        self.cache.lock().expect("cache lock").tokens.len()
    }

    /// The same, with new games' ids and seeds taken from `seeds` (tests: [`crate::secret::FixedSeeds`]).
    pub fn with_seeds(mut self, seeds: Arc<dyn GameSeeds>) -> Self {
        self.seeds = seeds;
        self
    }

    pub fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn seat_url(&self, token: &str) -> String {
        format!("{}/play/{token}", self.base_url)
    }

    pub fn host_url(&self, game_id: &str, token: &str) -> String {
        format!("{}{}", self.base_url, host_path(game_id, token))
    }

    /// The players' names, by seat (for messages that name seats).
    pub async fn player_names(&self, game_id: &str) -> Result<Vec<String>, PlayError> {
        Ok(self.store.seats(game_id).await?.into_iter().map(|s| s.name).collect())
    }

    /// The nonce record `seq` of `loaded`'s game carries (games with hidden information only;
    /// see [`crate::record::Record::nonce`]).
    pub(crate) fn nonce_for(&self, loaded: &Loaded, seq: u64) -> Option<String> {
        loaded.rules.has_hidden_information().then(|| self.secret.record_nonce(&loaded.game.id, seq))
    }

    /// Who holds `token`. A seat of a cached game is found without the database; the caller
    /// that acts checks the game's sequence number on append, so a link replaced meanwhile by
    /// another server is refused then (docs/architecture.md, rule 3).
    pub async fn identify(&self, token: &str) -> Result<(SeatRow, Identity), PlayError> {
        if token.len() > 128 {
            return Err(PlayError::UnknownLink);
        }
        let hash = crate::secret::token_hash(token);
        let seat = match self.cached_seat(&hash) {
            Some(seat) => seat,
            None => self.store.seat_by_token_hash(&hash).await?.ok_or(PlayError::UnknownLink)?,
        };
        let identity = Identity { game_id: seat.game_id.clone(), seat: Some(seat.seat as Seat) };
        Ok((seat, identity))
    }

    /// The seat row of a token hash, from the cached seats of its game.
    fn cached_seat(&self, hash: &str) -> Option<SeatRow> {
        let mut cache = self.cache.lock().expect("cache lock");
        let game_id = cache.tokens.get(hash)?.clone();
        cache.games.get(&game_id)?.seats.iter().find(|s| s.token_hash == hash).cloned()
    }

    /// The game of a seat link, loaded, and the seat. The link must still be the seat's in the
    /// rows just read (a seat handed to a new player has a new link).
    pub async fn load_seat(&self, token: &str) -> Result<(Loaded, Seat), PlayError> {
        let (seat, identity) = self.identify(token).await?;
        let loaded = self.load(&identity.game_id).await?;
        if !loaded.seats.iter().any(|s| s.seat == seat.seat && s.token_hash == seat.token_hash) {
            self.forget(&identity.game_id);
            return Err(PlayError::UnknownLink);
        }
        Ok((loaded, seat.seat as Seat))
    }

    /// Like [`Play::load_seat`], for a request that names the game too: a link of another game
    /// is refused, and a game that does not exist is named as such.
    pub async fn load_seat_in(&self, token: &str, game_id: &str) -> Result<(Loaded, Seat), PlayError> {
        let found = self.load_seat(token).await;
        let named_game_exists = || async { Ok::<_, PlayError>(self.store.game(game_id).await?.is_some()) };
        match found {
            Ok((loaded, seat)) if loaded.game.id == game_id => Ok((loaded, seat)),
            Ok(_) => {
                Err(if named_game_exists().await? { PlayError::WrongGame } else { PlayError::UnknownGame })
            }
            Err(PlayError::UnknownLink) if !named_game_exists().await? => Err(PlayError::UnknownGame),
            Err(e) => Err(e),
        }
    }

    /// Check a host link.
    pub async fn host(&self, game_id: &str, token: &str) -> Result<Loaded, PlayError> {
        let loaded = self.load(game_id).await?;
        if !self.secret.check_host_token(game_id, &loaded.game.host_salt, token) {
            return Err(PlayError::UnknownLink);
        }
        Ok(loaded)
    }

    /// A game by its spectators' read-only link.
    pub async fn watch(&self, game_id: &str, token: &str) -> Result<Loaded, PlayError> {
        let loaded = self.load(game_id).await?;
        if !self.secret.check_watch_token(game_id, &loaded.game.host_salt, token) {
            return Err(PlayError::UnknownLink);
        }
        Ok(loaded)
    }

    /// The spectators' link of a game (shown to its host).
    pub fn watch_url(&self, loaded: &Loaded) -> String {
        format!(
            "{}/watch/{}/{}",
            self.base_url,
            loaded.game.id,
            self.secret.watch_token(&loaded.game.id, &loaded.game.host_salt)
        )
    }

    /// A game as cached, without asking the database, or loaded when it is not cached. Only for
    /// a writer: its append names the sequence number, so a stale copy is refused there and
    /// never shown (docs/architecture.md, rule 3).
    pub(crate) async fn load_for_write(&self, game_id: &str) -> Result<Loaded, PlayError> {
        let cached = self.cache.lock().expect("cache lock").games.get(game_id).map(Cached::loaded);
        match cached {
            Some(loaded) => Ok(loaded),
            None => self.load(game_id).await,
        }
    }

    /// Load a game and bring its state up to date, folding only what the cache lacks. The
    /// database is asked each time (one statement): while its sequence number is the cached
    /// one, only that number is read (the rest of the game row changes only with it).
    pub async fn load(&self, game_id: &str) -> Result<Loaded, PlayError> {
        let cached = self.cache.lock().expect("cache lock").games.contains_key(game_id);
        if cached {
            let last_seq = self.store.game_seq(game_id).await?.ok_or(PlayError::UnknownGame)?;
            let mut cache = self.cache.lock().expect("cache lock");
            if let Some(c) = cache.games.get(game_id)
                && c.seq == last_seq
            {
                return Ok(c.loaded());
            }
        }
        let game = self.store.game(game_id).await?.ok_or(PlayError::UnknownGame)?;
        let rules = games::by_id(&game.ruleset)
            .ok_or_else(|| PlayError::Internal(format!("ruleset {} is gone", game.ruleset)))?;
        let cached = {
            let mut cache = self.cache.lock().expect("cache lock");
            cache
                .games
                .get(game_id)
                .filter(|c| c.seq <= game.last_seq as u64)
                .map(|c| (c.seq, c.last_hash.clone(), c.table.clone(), c.seats.clone(), c.notes.clone()))
        };
        // The options are read only to set a table up from scratch (not for a cached game).
        let seat_count = game.seat_count as usize;
        let options = game.options.clone();
        let fresh = |rules: &'static dyn Game| -> Result<_, PlayError> {
            let options: Value =
                serde_json::from_str(&options).map_err(|e| PlayError::Internal(e.to_string()))?;
            Ok(rules.table(&options, seat_count)?)
        };
        let Some((mut seq, mut last_hash, shared, cached_seats, mut notes)) = cached else {
            let seats = self.store.seats(game_id).await?;
            return self.load_from_scratch(game, seats, rules, fresh(rules)?).await;
        };
        if seq == game.last_seq as u64 {
            // Seats change only with a record (a seat handed on), so these are current.
            let loaded = Loaded {
                game: game.into(),
                seats: cached_seats,
                rules,
                table: shared,
                seq,
                last_hash,
                notes,
            };
            // The cached copy is this state already: only its game row is refreshed (and the
            // game becomes the most recently used), unless a newer state took its place.
            if let Some(c) = self.cache.lock().expect("cache lock").games.get_mut(game_id)
                && c.seq == seq
            {
                c.game = loaded.game.clone();
            }
            return Ok(loaded);
        }
        let seats = self.store.seats(game_id).await?;
        let new = self.store.records(game_id, seq).await?;
        let new_records = parsed(&new)?;
        if new_records.iter().any(|r| record::rewinds(&r.cause)) {
            // Something after the cached state rewinds the game: rebuild from the whole log.
            return self.load_from_scratch(game, seats, rules, fresh(rules)?).await;
        }
        // The cached state is shared with its readers: the new records fold into a copy.
        let mut table = shared.clone_box();
        let noted = Arc::make_mut(&mut notes);
        if !noted.extend(&new_records) {
            // A new dispute names a play the notes never kept: read them from the whole log.
            return self.load_from_scratch(game, seats, rules, fresh(rules)?).await;
        }
        for (c, record) in new.iter().zip(&new_records) {
            if let record::Cause::Action { seat, .. } = &record.cause {
                noted.before_action(*seat, c.seq, table.clone_box().into());
            }
            for e in &record.events {
                table.apply(e)?;
            }
            seq = c.seq;
            last_hash = c.hash.clone();
        }
        let loaded = Loaded {
            game: game.into(),
            seats: seats.into(),
            rules,
            table: table.into(),
            seq,
            last_hash,
            notes,
        };
        self.remember(&loaded);
        Ok(loaded)
    }

    /// Fold the whole log, skipping void records.
    async fn load_from_scratch(
        &self,
        game: GameRow,
        seats: Vec<SeatRow>,
        rules: &'static dyn Game,
        empty: Box<dyn Table>,
    ) -> Result<Loaded, PlayError> {
        let chained = self.store.records(&game.id, 0).await?;
        let (table, notes) = replay::fold_stored_noting(empty, &chained)?;
        let (seq, last_hash) =
            chained.last().map(|c| (c.seq, c.hash.clone())).unwrap_or((0, record::genesis_hash(&game.id)));
        let loaded = Loaded {
            game: game.into(),
            seats: seats.into(),
            rules,
            table: table.into(),
            seq,
            last_hash,
            notes: Arc::new(notes),
        };
        self.remember(&loaded);
        Ok(loaded)
    }

    /// A game's records, read and parsed.
    pub(crate) async fn records_of(&self, game_id: &str) -> Result<(Vec<Record>, Vec<Chained>), PlayError> {
        let chained = self.store.records(game_id, 0).await?;
        Ok((parsed(&chained)?, chained))
    }

    /// [`Play::remember`], for a state its caller has no more use for.
    fn remember_owned(&self, loaded: Loaded) {
        let Loaded { game, seats, rules, table, seq, last_hash, notes } = loaded;
        let id = game.id.clone();
        let cached = Cached { rules, game, seats, seq, last_hash, table, notes };
        self.cache.lock().expect("cache lock").insert(&id, cached);
    }

    fn remember(&self, loaded: &Loaded) {
        let cached = Cached {
            rules: loaded.rules,
            game: loaded.game.clone(),
            seats: loaded.seats.clone(),
            seq: loaded.seq,
            last_hash: loaded.last_hash.clone(),
            table: loaded.table.clone(),
            notes: loaded.notes.clone(),
        };
        self.cache.lock().expect("cache lock").insert(&loaded.game.id, cached);
    }

    fn forget(&self, game_id: &str) {
        self.cache.lock().expect("cache lock").remove(game_id);
    }
}

fn host_path(game_id: &str, token: &str) -> String {
    format!("/host/{game_id}/{token}")
}

impl Loaded {
    /// A table of this game's ruleset before any event.
    pub fn empty_table(&self) -> Result<Box<dyn Table>, PlayError> {
        let options: Value =
            serde_json::from_str(&self.game.options).map_err(|e| PlayError::Internal(e.to_string()))?;
        Ok(self.rules.table(&options, self.game.seat_count as usize)?)
    }

    pub(crate) fn seed_bytes(&self) -> Result<[u8; 32], PlayError> {
        self.game_seed()
    }

    fn game_seed(&self) -> Result<[u8; 32], PlayError> {
        let bytes = hex::decode(&self.game.seed).map_err(|e| PlayError::Internal(e.to_string()))?;
        bytes.try_into().map_err(|_| PlayError::Internal("seed is not 32 bytes".into()))
    }
}

/// Stored records parsed; one that cannot be read is the server's fault, named by its seq.
pub(crate) fn parsed(chained: &[Chained]) -> Result<Vec<Record>, PlayError> {
    chained
        .iter()
        .map(|c| c.record().map_err(|e| PlayError::Internal(format!("record {}: {e}", c.seq))))
        .collect()
}
