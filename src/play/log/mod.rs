//! The game log: the one owner of every game's record (docs/architecture.md, rules 2 and 3).
//!
//! [`GameLog`] holds the store with its [`Appender`] (the only one there is), the replay cache
//! and the server's key. It loads a game ([`GameLog::load`]: the state folded from the log,
//! only what the cache lacks) and commits a [`Change`] to it ([`GameLog::commit`]): it alone
//! chains records and sets their nonces, decides which mails they cause ([`mails`]), seals and
//! stamps them, appends, keeps the cache and the notes, and wakes the mail worker. A use case
//! (`src/play/<use case>.rs`) is a function from a loaded game and typed input to a change, or a
//! refusal; it never writes for itself.

mod cache;
mod commit;
mod exports;
mod loaded;
pub(crate) mod mails;
mod notes;
mod replay;
mod untold;

pub use commit::{Change, Committed, NewGame, Posting};
pub use loaded::{Loaded, parsed};
pub use notes::{Absence, Notes, PositionWait, adjudicator, pending_undo};
pub use replay::fold_stored;
pub use untold::Untold;

use super::{Links, PlayError};
use crate::clock::Clock;
use crate::games;
use crate::ids::{GameId, SeatToken};
use crate::metrics::Metrics;
use crate::record::{self, Chained, Record};
use crate::secret::{GameSeeds, OsSeeds, Secret};
use crate::store::{Appender, GameRow, SeatRow, Store};
use cache::{Cached, ReplayCache};
use feldpost_engine::Seat;
use serde_json::Value;
use std::sync::{Arc, Mutex};

/// How many games' replayed states a server keeps by default (FELDPOST_REPLAY_CACHE_GAMES).
pub const DEFAULT_REPLAY_CACHE_GAMES: usize = 5_000;

/// How long a sent mail's body is kept unless told otherwise: long enough to answer a player
/// who asks what a mail said, short enough that the outbox is not an archive of everyone's mail.
pub const DEFAULT_MAIL_RETENTION: std::time::Duration = std::time::Duration::from_secs(30 * 86_400);

/// How long a game's table talk keeps its text after the game ended unless told otherwise:
/// long enough for the players to look back over a finished game, dispute it and export it.
pub const DEFAULT_CHAT_RETENTION: std::time::Duration = std::time::Duration::from_secs(180 * 86_400);

pub struct GameLog {
    /// Reads, and the bookkeeping beside the log (clocks, mail preferences, limits, accounts).
    pub store: Store,
    /// The one right to append (see `src/store/append.rs`).
    appender: Appender,
    clock: Arc<dyn Clock>,
    /// Where new games' ids and dice seeds come from (fixed in tests).
    seeds: Arc<dyn GameSeeds>,
    links: Links,
    cache: Mutex<ReplayCache>,
    /// Wakes the mail worker after a commit.
    mail_ready: Arc<tokio::sync::Notify>,
    /// The server is stopping: the mail worker, the clocks and open live pages end on it.
    stopping: tokio_util::sync::CancellationToken,
    /// When the mail worker last began a pass (ms by the log's clock; 0: never). Readiness reads it.
    worker_beat: std::sync::atomic::AtomicI64,
    /// How long a sent mail's body is kept (FELDPOST_MAIL_RETENTION_DAYS).
    mail_retention: std::time::Duration,
    /// How long table talk keeps its text after its game ended (FELDPOST_CHAT_RETENTION_DAYS).
    chat_retention: std::time::Duration,
    /// The rate limits' numbers on this server (FELDPOST_LIMIT_…).
    quotas: crate::play::limits::Quotas,
    /// This server's metrics (`crate::metrics`).
    metrics: Arc<crate::metrics::Metrics>,
    /// Wakes the webhook worker after a commit (`play::webhooks`).
    webhooks_ready: Arc<tokio::sync::Notify>,
    /// Whether any webhook is live, as of the webhook worker's last look or one added here: a
    /// commit wakes the worker only then (most servers have none, and a wake is a statement).
    webhooks_live: std::sync::atomic::AtomicBool,
    /// Whether webhooks may go to private addresses (FELDPOST_WEBHOOK_ALLOW_PRIVATE).
    webhooks_to_private: bool,
    /// The key this server signs its Web Push requests with (VAPID).
    vapid: Arc<crate::notify::push::Vapid>,
}

impl GameLog {
    /// The log of the store that `appender` came with ([`Store::open`]).
    pub fn new(
        (store, appender): (Store, Appender),
        clock: Arc<dyn Clock>,
        secret: Secret,
        base_url: &str,
    ) -> GameLog {
        // A SHA-256 output is a valid P-256 scalar but for a chance of about 2^-32.
        let vapid =
            crate::notify::push::Vapid::from_bytes(&secret.derived(b"feldpost vapid key\0"), base_url)
                .expect("a key derived from the server key");
        GameLog {
            store,
            appender,
            clock,
            seeds: Arc::new(OsSeeds),
            links: Links::new(base_url, secret),
            cache: Mutex::new(ReplayCache::new(DEFAULT_REPLAY_CACHE_GAMES)),
            mail_ready: Arc::new(tokio::sync::Notify::new()),
            stopping: tokio_util::sync::CancellationToken::new(),
            worker_beat: std::sync::atomic::AtomicI64::new(0),
            mail_retention: DEFAULT_MAIL_RETENTION,
            chat_retention: DEFAULT_CHAT_RETENTION,
            quotas: Default::default(),
            metrics: Default::default(),
            webhooks_ready: Arc::new(tokio::sync::Notify::new()),
            webhooks_live: std::sync::atomic::AtomicBool::new(true),
            webhooks_to_private: false,
            // Until the server's own is given (`with_vapid`): one derived from the server key,
            // the same on every server sharing it.
            vapid: Arc::new(vapid),
        }
    }

    /// The same, letting webhooks go to loopback and private addresses (or not).
    pub fn with_webhooks_to_private(mut self, allow: bool) -> Self {
        self.webhooks_to_private = allow;
        self
    }

    /// The same, signing Web Push requests with `vapid` (the server's configured or generated key).
    pub fn with_vapid(mut self, vapid: crate::notify::push::Vapid) -> Self {
        self.vapid = Arc::new(vapid);
        self
    }

    /// The key Web Push requests are signed with; its public half is what browsers subscribe to.
    pub fn vapid(&self) -> &crate::notify::push::Vapid {
        &self.vapid
    }

    /// Whether webhooks may go to loopback and private addresses.
    pub fn webhooks_to_private(&self) -> bool {
        self.webhooks_to_private
    }

    /// What the webhook worker waits on: a commit.
    pub fn webhooks_ready(&self) -> &tokio::sync::Notify {
        &self.webhooks_ready
    }

    /// Whether any webhook is live (the webhook worker's last look, or one added here).
    pub fn webhooks_live(&self) -> bool {
        self.webhooks_live.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// What the webhook worker saw: whether any webhook is live.
    pub fn set_webhooks_live(&self, live: bool) {
        self.webhooks_live.store(live, std::sync::atomic::Ordering::Relaxed);
    }

    /// This server's metrics.
    pub fn metrics(&self) -> &crate::metrics::Metrics {
        &self.metrics
    }

    /// The same, with the rate limits' numbers `quotas`.
    pub fn with_quotas(mut self, quotas: crate::play::limits::Quotas) -> Self {
        self.quotas = quotas;
        self
    }

    /// The rate limits' numbers.
    pub fn quotas(&self) -> &crate::play::limits::Quotas {
        &self.quotas
    }

    /// The same, keeping a mail's body `retention` after it was sent (see `play::retention`).
    pub fn with_mail_retention(mut self, retention: std::time::Duration) -> Self {
        self.mail_retention = retention;
        self
    }

    /// How long a sent mail's body is kept.
    pub fn mail_retention(&self) -> std::time::Duration {
        self.mail_retention
    }

    /// The same, keeping table talk's text `retention` after its game ended (see
    /// `play::retention`).
    pub fn with_chat_retention(mut self, retention: std::time::Duration) -> Self {
        self.chat_retention = retention;
        self
    }

    /// How long table talk keeps its text after its game ended.
    pub fn chat_retention(&self) -> std::time::Duration {
        self.chat_retention
    }

    /// The same, keeping at most `games` replayed states (the least recently used go first).
    pub fn with_cache_cap(self, games: usize) -> Self {
        *self.cache.lock().expect("cache lock") = ReplayCache::new(games);
        self
    }

    /// The same, with new games' ids and seeds taken from `seeds` (tests: [`crate::secret::FixedSeeds`]).
    pub fn with_seeds(mut self, seeds: Arc<dyn GameSeeds>) -> Self {
        self.seeds = seeds;
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

    pub fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    pub fn clock(&self) -> &dyn Clock {
        self.clock.as_ref()
    }

    pub fn links(&self) -> &Links {
        &self.links
    }

    /// A new game's id and secret seed.
    pub(crate) fn new_game_seed(&self) -> (String, [u8; 32]) {
        self.seeds.new_game()
    }

    /// What the mail worker waits on between passes: woken after every commit that mails.
    pub fn mail_ready(&self) -> &tokio::sync::Notify {
        &self.mail_ready
    }

    /// Cancelled when the server begins to stop (SIGTERM, SIGINT): whatever runs for the life
    /// of the process finishes what it holds and ends.
    pub fn stopping(&self) -> &tokio_util::sync::CancellationToken {
        &self.stopping
    }

    /// The mail worker is alive: it begins a pass now.
    pub fn worker_beats(&self) {
        self.worker_beat.store(self.clock.now_ms(), std::sync::atomic::Ordering::Relaxed);
    }

    /// When the mail worker last began a pass, if it ever did.
    pub fn worker_last_beat(&self) -> Option<i64> {
        Some(self.worker_beat.load(std::sync::atomic::Ordering::Relaxed)).filter(|t| *t > 0)
    }

    /// Who holds `token`: its seat's row. A seat of a cached game is found without the
    /// database; whoever acts on it checks the game's sequence number on append, so a link
    /// replaced meanwhile by another server is refused then (docs/architecture.md, rule 3).
    pub async fn identify(&self, token: &SeatToken) -> Result<SeatRow, PlayError> {
        let hash = token.hash();
        match self.cached_seat(&hash) {
            Some(seat) => Ok(seat),
            None => self.store.seat_by_token_hash(&hash).await?.ok_or(PlayError::UnknownLink),
        }
    }

    /// The seat row of a token hash, from the cached seats of its game.
    fn cached_seat(&self, hash: &str) -> Option<SeatRow> {
        let mut cache = self.cache.lock().expect("cache lock");
        let game_id = cache.tokens.get(hash)?.clone();
        cache.games.get(&game_id)?.seats.iter().find(|s| s.token_hash == hash).cloned()
    }

    /// The game of a seat link, loaded, and the seat. The link must still be the seat's in the
    /// rows just read (a seat handed to a new player has a new link).
    pub async fn load_seat(&self, token: &SeatToken) -> Result<(Loaded, Seat), PlayError> {
        let row = self.identify(token).await?;
        let loaded = self.load(&row.game_id).await?;
        self.holds(loaded, &row)
    }

    /// `loaded` with the seat of `row`, if its rows still give that seat that link.
    fn holds(&self, loaded: Loaded, row: &SeatRow) -> Result<(Loaded, Seat), PlayError> {
        if !loaded.seats.iter().any(|s| s.seat == row.seat && s.token_hash == row.token_hash) {
            self.forget(&row.game_id);
            return Err(PlayError::UnknownLink);
        }
        Ok((loaded, row.seat as Seat))
    }

    /// For a seat's move: the game of a seat link as cached, without asking the database, or
    /// loaded when it is not cached (`fresh`: loaded anyway). Only for a writer: its append
    /// names the sequence number, so a stale copy is refused there and never shown.
    pub(crate) async fn load_seat_for_write(
        &self,
        token: &SeatToken,
        fresh: bool,
    ) -> Result<(Loaded, Seat), PlayError> {
        let row = self.identify(token).await?;
        let cached = if fresh {
            None
        } else {
            self.cache.lock().expect("cache lock").games.get(row.game_id.as_str()).map(Cached::loaded)
        };
        let loaded = match cached {
            Some(loaded) => {
                self.metrics.cache_lookups.get_or_create(&Metrics::outcome("hit")).inc();
                loaded
            }
            None => self.load(&row.game_id).await?,
        };
        self.holds(loaded, &row)
    }

    /// Like [`GameLog::load_seat`], for a request that names the game too: a link of another
    /// game is refused, and a game that does not exist is named as such.
    pub async fn load_seat_in(
        &self,
        token: &SeatToken,
        game_id: &GameId,
    ) -> Result<(Loaded, Seat), PlayError> {
        let found = self.load_seat(token).await;
        let named_game_exists = || async { Ok::<_, PlayError>(self.store.game(game_id).await?.is_some()) };
        match found {
            Ok((loaded, seat)) if loaded.game.id == *game_id => Ok((loaded, seat)),
            Ok(_) => {
                Err(if named_game_exists().await? { PlayError::WrongGame } else { PlayError::UnknownGame })
            }
            Err(PlayError::UnknownLink) if !named_game_exists().await? => Err(PlayError::UnknownGame),
            Err(e) => Err(e),
        }
    }

    /// A game by its host link.
    pub async fn load_host(&self, game_id: &GameId, token: &str) -> Result<Loaded, PlayError> {
        let loaded = self.load(game_id).await?;
        if !self.links.is_host_token(&loaded.game, token) {
            return Err(PlayError::UnknownLink);
        }
        Ok(loaded)
    }

    /// A game by its spectators' read-only link.
    pub async fn load_watch(&self, game_id: &GameId, token: &str) -> Result<Loaded, PlayError> {
        let loaded = self.load(game_id).await?;
        if !self.links.is_watch_token(&loaded.game, token) {
            return Err(PlayError::UnknownLink);
        }
        Ok(loaded)
    }

    /// Load a game and bring its state up to date, folding only what the cache lacks. The
    /// database is asked each time (one statement): while its sequence number is the cached
    /// one, only that number is read (the rest of the game row changes only with it).
    pub async fn load(&self, game_id: &GameId) -> Result<Loaded, PlayError> {
        let cached = self.cache.lock().expect("cache lock").games.contains_key(game_id.as_str());
        let live = if cached {
            let head = self.store.game_head(game_id).await?.ok_or(PlayError::UnknownGame)?;
            let mut cache = self.cache.lock().expect("cache lock");
            if let Some(c) = cache.games.get_mut(game_id.as_str())
                && c.seq == head.seq
            {
                self.metrics.cache_lookups.get_or_create(&Metrics::outcome("hit")).inc();
                c.live = head.live;
                return Ok(c.loaded());
            }
            head.live
        } else {
            self.store.game_head(game_id).await?.ok_or(PlayError::UnknownGame)?.live
        };
        let game = self.store.game(game_id).await?.ok_or(PlayError::UnknownGame)?;
        let rules = games::by_id(&game.ruleset)
            .ok_or_else(|| PlayError::Internal(format!("ruleset {} is gone", game.ruleset)))?;
        let cached = {
            let mut cache = self.cache.lock().expect("cache lock");
            cache.games.get(game_id.as_str()).filter(|c| c.seq <= game.last_seq as u64).map(|c| {
                (
                    c.seq,
                    c.last_hash.clone(),
                    c.last_at,
                    c.table.clone(),
                    c.seats.clone(),
                    c.notes.clone(),
                    c.untold.clone(),
                )
            })
        };
        // The options are read only to set a table up from scratch (not for a cached game).
        let seat_count = game.seat_count as usize;
        let options = game.options.clone();
        let fresh = |rules: &'static dyn games::Game| -> Result<_, PlayError> {
            let options: Value =
                serde_json::from_str(&options).map_err(|e| PlayError::Internal(e.to_string()))?;
            Ok(rules.table(&options, seat_count)?)
        };
        let Some((mut seq, mut last_hash, mut last_at, shared, cached_seats, mut notes, untold)) = cached
        else {
            self.metrics.cache_lookups.get_or_create(&Metrics::outcome("miss")).inc();
            let seats = self.store.seats(game_id).await?;
            return self.load_from_scratch(game, seats, rules, fresh(rules)?, live).await;
        };
        self.metrics.cache_lookups.get_or_create(&Metrics::outcome("behind")).inc();
        if seq == game.last_seq as u64 {
            // Seats change only with a record (a seat handed on), so these are current.
            let loaded = Loaded {
                game: game.into(),
                seats: cached_seats,
                rules,
                table: shared,
                seq,
                last_hash,
                last_at,
                notes,
                untold,
                live,
            };
            // The cached copy is this state already: only its game row is refreshed (and the
            // game becomes the most recently used), unless a newer state took its place.
            if let Some(c) = self.cache.lock().expect("cache lock").games.get_mut(game_id.as_str())
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
            return self.load_from_scratch(game, seats, rules, fresh(rules)?, live).await;
        }
        // The cached state is shared with its readers: the new records fold into a copy.
        let mut table = shared.clone_box();
        let noted = Arc::make_mut(&mut notes);
        if !noted.extend(&new_records) {
            // A new dispute names a play the notes never kept: read them from the whole log.
            return self.load_from_scratch(game, seats, rules, fresh(rules)?, live).await;
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
            last_at = record.at;
        }
        let loaded = Loaded {
            game: game.into(),
            seats: seats.into(),
            rules,
            table: table.into(),
            seq,
            last_hash,
            last_at,
            notes,
            // Records another server wrote: which turn mails it sent is the store's to say.
            untold: Default::default(),
            live,
        };
        self.remember(&loaded);
        Ok(loaded)
    }

    /// Fold the whole log, skipping void records.
    async fn load_from_scratch(
        &self,
        game: GameRow,
        seats: Vec<SeatRow>,
        rules: &'static dyn games::Game,
        empty: Box<dyn games::Table>,
        live: crate::store::GameLive,
    ) -> Result<Loaded, PlayError> {
        let chained = self.store.records(&game.id, 0).await?;
        let (table, notes) = replay::fold_stored_noting(empty, &chained)?;
        let (seq, last_hash) =
            chained.last().map(|c| (c.seq, c.hash.clone())).unwrap_or((0, record::genesis_hash(&game.id)));
        let last_at = match chained.last() {
            Some(c) => parsed(std::slice::from_ref(c))?.first().map_or(0, |r| r.at),
            None => 0,
        };
        let loaded = Loaded {
            game: game.into(),
            seats: seats.into(),
            rules,
            table: table.into(),
            seq,
            last_hash,
            last_at,
            notes: Arc::new(notes),
            untold: Default::default(),
            live,
        };
        self.remember(&loaded);
        Ok(loaded)
    }

    /// A game's records, read and parsed.
    pub async fn records_of(&self, game_id: &GameId) -> Result<(Vec<Record>, Vec<Chained>), PlayError> {
        let chained = self.store.records(game_id, 0).await?;
        Ok((parsed(&chained)?, chained))
    }

    fn remember(&self, loaded: &Loaded) {
        let cached = Cached {
            rules: loaded.rules,
            game: loaded.game.clone(),
            seats: loaded.seats.clone(),
            seq: loaded.seq,
            last_hash: loaded.last_hash.clone(),
            last_at: loaded.last_at,
            table: loaded.table.clone(),
            notes: loaded.notes.clone(),
            untold: loaded.untold.clone(),
            live: loaded.live,
        };
        let evicted = self.cache.lock().expect("cache lock").insert(&loaded.game.id, cached);
        self.metrics.cache_evictions.inc_by(evicted);
    }

    /// A line of table talk was written here: the game's turn mails carry talk from now on
    /// (read again from the database with the game's next load, here or anywhere).
    pub fn heard_talk(&self, game_id: &str) {
        if let Some(c) = self.cache.lock().expect("cache lock").games.get_mut(game_id) {
            c.live.talk = true;
        }
    }

    /// Drop a game's cached state (a conflict, a failed append: the log will tell next time).
    fn forget(&self, game_id: &str) {
        self.cache.lock().expect("cache lock").remove(game_id);
    }

    /// Drop a game's cached state because its seat rows changed outside a record (a seat's
    /// time zone or calendar link): the next load reads them again.
    pub fn forget_game(&self, game_id: &str) {
        self.forget(game_id);
    }

    /// Drop every cached game (their seat rows changed outside a record: an address forgotten).
    pub fn forget_all(&self) {
        let mut cache = self.cache.lock().expect("cache lock");
        let cap = cache.games.capacity();
        *cache = ReplayCache::new(cap);
    }
}
