//! The use cases: create a game, look at it, act in it, read its history, export it.
//!
//! One write path (design.md, rule 3): load → replay → decide → append with the expected
//! sequence number and the outbox rows, in one transaction. Replayed states are cached per
//! game and only new records are folded in; the cache is dropped on any conflict.

use crate::clock::Clock;
use crate::games::{self, Game, GameError, Table};
use crate::i18n::{Lang, Tr};
use crate::mail;
use crate::record::{self, Cause, Chained, Export, Record};
use crate::secret::Secret;
use crate::store::{GameRow, OutboxRow, SeatRow, Store, StoreError};
use feldpost_engine::{Msg, Outcome, Refusal, Seat, SeededRandom, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

mod mail_cases;
pub use mail_cases::{DAY_MS, Deadline, HOUR_MS, MailPrefs, Ticked, run_mail_worker};

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
    #[error("invalid input: {0}")]
    Invalid(String),
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
    #[error("{0}")]
    Unavailable(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<StoreError> for PlayError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict { expected } => PlayError::Conflict { expected, current: expected + 1 },
            StoreError::Unavailable(m) => PlayError::Unavailable(m),
            StoreError::Db(e) if is_unavailable(&e) => PlayError::Unavailable(e.to_string()),
            other => PlayError::Internal(other.to_string()),
        }
    }
}

fn is_unavailable(e: &sqlx::Error) -> bool {
    matches!(
        e,
        sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed | sqlx::Error::Tls(_)
    )
}

impl From<GameError> for PlayError {
    fn from(e: GameError) -> Self {
        match e {
            GameError::Malformed(m) => PlayError::Invalid(m),
            GameError::Refused(r) if r.kind == feldpost_engine::RefusalKind::NotYourTurn => {
                PlayError::NotYourTurn(r)
            }
            GameError::Refused(r) => PlayError::Refused(r),
            GameError::Corrupt(m) => PlayError::Internal(format!("stored log unreadable: {m}")),
        }
    }
}

/// A new game, as the host fills it in.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
pub struct NewGame {
    /// The ruleset id: "zajatce".
    pub ruleset: String,
    #[serde(default)]
    pub title: String,
    /// The ruleset's options; missing ones take their defaults.
    #[serde(default = "empty_object")]
    #[schema(value_type = Object)]
    pub options: Value,
    pub players: Vec<NewPlayer>,
    /// Language of the game's emails ("cs" or "en").
    #[serde(default)]
    #[schema(value_type = String)]
    pub lang: Lang,
    /// How disputes are settled (default: the adjudicator's word is final; 72 h to rule).
    #[serde(default)]
    pub disputes: record::DisputePolicy,
    /// The turn deadline and what happens after it (none by default).
    #[serde(default)]
    pub deadline: Deadline,
}

fn empty_object() -> Value {
    Value::Object(Default::default())
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
pub struct NewPlayer {
    pub name: String,
    #[serde(default)]
    pub email: String,
}

/// A created game: where each seat plays, and the host's page.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Created {
    pub game_id: String,
    pub seq: u64,
    pub host_url: String,
    /// The host page's path on this server (`host_url` without the base).
    #[serde(skip)]
    pub host_path: String,
    pub seats: Vec<SeatLink>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeatLink {
    pub seat: Seat,
    pub name: String,
    /// The seat's bearer token (also the secret part of its link).
    pub token: String,
    pub url: String,
}

/// Who is asking: a seat (by its link token) or the public.
#[derive(Debug, Clone)]
pub struct Identity {
    pub game_id: String,
    pub seat: Option<Seat>,
}

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
    pub legal_actions: Vec<LegalAction>,
    /// The engine's view for this viewer.
    #[schema(value_type = Object)]
    pub view: Value,
    #[schema(value_type = Object, nullable)]
    pub outcome: Option<Outcome>,
    /// SHA-256 of the secret dice seed, published at creation.
    pub commitment: String,
    pub finished: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PlayerView {
    pub seat: Seat,
    pub name: String,
    #[schema(value_type = Object)]
    pub label: Msg,
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

/// One record of the history as one viewer may see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HistoryEntry {
    pub seq: u64,
    pub at: i64,
    /// "created", "action", "deadline", "paused", "resumed" or "absent".
    pub cause: String,
    pub seat: Option<Seat>,
    /// The action as submitted: shown to its own seat, and to everyone once the game has ended.
    #[schema(value_type = Object, nullable)]
    pub action: Option<Value>,
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Value>,
    #[schema(value_type = Vec<Object>)]
    pub descriptions: Vec<Msg>,
    /// Taken back by an overturned ruling or an undo: it stays in the log, but the game's
    /// state no longer includes it.
    pub void: bool,
}

/// The result of an accepted action.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Acted {
    pub seq: u64,
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Value>,
}

struct Cached {
    seq: u64,
    last_hash: String,
    table: Box<dyn Table>,
}

/// A game loaded and replayed to its newest record.
pub struct Loaded {
    pub game: GameRow,
    pub seats: Vec<SeatRow>,
    pub rules: &'static dyn Game,
    pub table: Box<dyn Table>,
    pub seq: u64,
    pub last_hash: String,
}

impl Loaded {
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }
    pub fn finished(&self) -> bool {
        self.table.outcome().is_some()
    }
    /// After the end, everyone sees everything (the seed is revealed too).
    pub fn viewer_for(&self, seat: Option<Seat>) -> Viewer {
        if self.finished() { Viewer::Omniscient } else { seat.map(Viewer::Seat).unwrap_or(Viewer::Public) }
    }
}

pub struct Play {
    pub store: Store,
    clock: Arc<dyn Clock>,
    secret: Secret,
    base_url: String,
    cache: Mutex<HashMap<String, Cached>>,
    /// Wakes the mail worker after a commit.
    pub mail_ready: Arc<tokio::sync::Notify>,
}

const MAX_PLAYERS_NAME: usize = 80;
const MAX_TITLE: usize = 120;

impl Play {
    pub fn new(store: Store, clock: Arc<dyn Clock>, secret: Secret, base_url: String) -> Self {
        Play {
            store,
            clock,
            secret,
            base_url: base_url.trim_end_matches('/').to_owned(),
            cache: Mutex::new(HashMap::new()),
            mail_ready: Arc::new(tokio::sync::Notify::new()),
        }
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

    /// Create a game: check the ruleset and options, set it up (drawing from its own seed), and
    /// store it with its invitations, all in one transaction.
    pub async fn create(&self, new: NewGame) -> Result<Created, PlayError> {
        let rules =
            games::by_id(&new.ruleset).ok_or_else(|| PlayError::UnknownRuleset(new.ruleset.clone()))?;
        let players: Vec<NewPlayer> = new
            .players
            .iter()
            .map(|p| NewPlayer { name: p.name.trim().to_owned(), email: p.email.trim().to_owned() })
            .filter(|p| !p.name.is_empty() || !p.email.is_empty())
            .collect();
        for p in &players {
            if p.name.is_empty() {
                return Err(PlayError::Invalid("every player needs a name".into()));
            }
            if p.name.chars().count() > MAX_PLAYERS_NAME {
                return Err(PlayError::Invalid(format!(
                    "a player's name is longer than {MAX_PLAYERS_NAME} characters"
                )));
            }
            if !p.email.is_empty() && !mail::looks_like_email(&p.email) {
                return Err(PlayError::Invalid(format!("{:?} is not an email address", p.email)));
            }
        }
        let title = new.title.trim();
        if title.chars().count() > MAX_TITLE {
            return Err(PlayError::Invalid(format!("the title is longer than {MAX_TITLE} characters")));
        }
        let options = rules.options(&new.options, players.len())?;
        new.deadline.check()?;
        let game_id = crate::secret::random_id();
        let seed = crate::secret::random_bytes32();
        let commitment = record::seed_commitment(&seed);
        let mut rng = SeededRandom::new(&seed, &game_id, 1, "setup");
        let events = rules.setup(&options, players.len(), &mut rng)?;
        let now = self.now();
        let title = if title.is_empty() {
            format!("{} {}", Tr::new(new.lang).t(&format!("game-{}", rules.id())), &game_id[..4])
        } else {
            title.to_owned()
        };

        let first = Record {
            seq: 1,
            at: now,
            cause: Cause::Created {
                ruleset: rules.id().to_owned(),
                options: options.clone(),
                players: players.iter().map(|p| p.name.clone()).collect(),
                commitment: commitment.clone(),
                disputes: new.disputes,
            },
            events,
        };
        // The setup must be replayable before it is stored.
        let mut table = rules.table(&options, players.len())?;
        for e in &first.events {
            table.apply(e)?;
        }
        let chained = Chained::new(&first, &record::genesis_hash(&game_id));
        let host_salt = crate::secret::random_id();
        let game = GameRow {
            id: game_id.clone(),
            ruleset: rules.id().to_owned(),
            title: title.clone(),
            options: options.to_string(),
            seat_count: players.len() as i64,
            seed: hex::encode(seed),
            commitment,
            host_salt: host_salt.clone(),
            lang: new.lang.code().to_owned(),
            created_at: now,
            last_seq: 1,
            finished_at: None,
        };
        let mut seat_rows = Vec::new();
        let mut links = Vec::new();
        for (i, p) in players.iter().enumerate() {
            let salt = crate::secret::random_id();
            let token = self.secret.seat_token(&game_id, i as u32, &salt);
            seat_rows.push(SeatRow {
                game_id: game_id.clone(),
                seat: i as i64,
                name: p.name.clone(),
                email: p.email.clone(),
                token_salt: salt,
                token_hash: crate::secret::token_hash(&token),
            });
            links.push(SeatLink { seat: i as Seat, name: p.name.clone(), url: self.seat_url(&token), token });
        }
        let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        let tr = Tr::new(new.lang).with_names(names);
        let mut outbox = Vec::new();
        for (link, seat) in links.iter().zip(&seat_rows) {
            if seat.email.is_empty() {
                continue;
            }
            outbox.push(mail::invitation(&tr, &game, seat, &link.url, now));
        }
        for seat in table.to_act() {
            if let (Some(row), Some(link)) = (seat_rows.get(usize::from(seat)), links.get(usize::from(seat)))
                && !row.email.is_empty()
            {
                let (asked, seen) = mail_cases::asked_and_seen(table.as_ref(), seat, &first.events);
                outbox.push(mail::your_turn(&tr, &game, row, &link.url, 1, &asked, &seen, now));
            }
        }
        self.store.create_game(&game, &seat_rows, &chained, &outbox).await?;
        self.save_clock(&game_id, &new.deadline).await?;
        self.mail_ready.notify_one();
        let host_token = self.secret.host_token(&game_id, &host_salt);
        Ok(Created {
            host_url: self.host_url(&game_id, &host_token),
            host_path: host_path(&game_id, &host_token),
            game_id,
            seq: 1,
            seats: links,
        })
    }

    /// Who holds `token`.
    pub async fn identify(&self, token: &str) -> Result<(SeatRow, Identity), PlayError> {
        if token.len() > 128 {
            return Err(PlayError::UnknownLink);
        }
        let seat = self
            .store
            .seat_by_token_hash(&crate::secret::token_hash(token))
            .await?
            .ok_or(PlayError::UnknownLink)?;
        let identity = Identity { game_id: seat.game_id.clone(), seat: Some(seat.seat as Seat) };
        Ok((seat, identity))
    }

    /// The game of a seat link, loaded, and the seat.
    pub async fn load_seat(&self, token: &str) -> Result<(Loaded, Seat), PlayError> {
        let (seat, identity) = self.identify(token).await?;
        Ok((self.load(&identity.game_id).await?, seat.seat as Seat))
    }

    /// Like [`Play::load_seat`], for a request that names the game too: a link of another game
    /// is refused, and a game that does not exist is named as such.
    pub async fn load_seat_in(&self, token: &str, game_id: &str) -> Result<(Loaded, Seat), PlayError> {
        if self.store.game(game_id).await?.is_none() {
            return Err(PlayError::UnknownGame);
        }
        let (loaded, seat) = self.load_seat(token).await?;
        if loaded.game.id != game_id {
            return Err(PlayError::WrongGame);
        }
        Ok((loaded, seat))
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

    /// Whether an ended game's log checks out: the chain, the seed against its commitment,
    /// and every die and decision re-derived (`None` while the game goes on).
    pub async fn verified(
        &self,
        loaded: &Loaded,
    ) -> Result<Option<Result<crate::audit::Verified, crate::audit::AuditError>>, PlayError> {
        if !loaded.finished() {
            return Ok(None);
        }
        let game = self.store.game(&loaded.game.id).await?.ok_or(PlayError::UnknownGame)?;
        let export = self.full_export(&game).await?;
        Ok(Some(crate::audit::verify(&export)))
    }

    /// Send a seat its invitation again (the host's button): the same link, a new mail.
    pub async fn resend_invitation(&self, loaded: &Loaded, seat: Seat) -> Result<(), PlayError> {
        let row =
            loaded.seats.get(usize::from(seat)).ok_or_else(|| PlayError::Invalid("no such seat".into()))?;
        if row.email.is_empty() {
            return Err(PlayError::Invalid("this seat has no email address".into()));
        }
        let tr = Tr::new(Lang::from_code(&loaded.game.lang).unwrap_or_default()).with_names(loaded.names());
        let token = self.secret.seat_token(&row.game_id, row.seat as u32, &row.token_salt);
        let mut mail = mail::invitation(&tr, &loaded.game, row, &self.seat_url(&token), self.now());
        // One re-sent invitation per state of the game (a double click sends one).
        mail.seq = loaded.seq as i64;
        mail.kind = "reinvite".into();
        self.store.outbox_insert(std::slice::from_ref(&mail)).await?;
        self.mail_ready.notify_one();
        Ok(())
    }

    /// Give `seat` to a new player (the host's decision when a player left): a logged record,
    /// a new link (the old one stops working), an invitation to the new player and a notice to
    /// the others — all in one transaction.
    pub async fn replace_player(
        &self,
        loaded: Loaded,
        seat: Seat,
        name: &str,
        email: &str,
    ) -> Result<SeatLink, PlayError> {
        let name = name.trim();
        let email = email.trim();
        if name.is_empty() || name.chars().count() > MAX_PLAYERS_NAME {
            return Err(PlayError::Invalid(format!(
                "the new player needs a name of at most {MAX_PLAYERS_NAME} characters"
            )));
        }
        if !email.is_empty() && !mail::looks_like_email(email) {
            return Err(PlayError::Invalid(format!("{email:?} is not an email address")));
        }
        let old = loaded
            .seats
            .get(usize::from(seat))
            .ok_or_else(|| PlayError::Invalid("no such seat".into()))?
            .clone();
        if loaded.finished() {
            return Err(PlayError::Finished);
        }
        let salt = crate::secret::random_id();
        let token = self.secret.seat_token(&loaded.game.id, u32::from(seat), &salt);
        let new = SeatRow {
            name: name.to_owned(),
            email: email.to_owned(),
            token_salt: salt,
            token_hash: crate::secret::token_hash(&token),
            ..old
        };
        let now = self.now();
        let record = Record {
            seq: loaded.seq + 1,
            at: now,
            cause: Cause::Replaced { seat, name: name.to_owned() },
            events: vec![],
        };
        let chained = Chained::new(&record, &loaded.last_hash);
        let mut names = loaded.names();
        names[usize::from(seat)] = name.to_owned();
        let tr = Tr::new(Lang::from_code(&loaded.game.lang).unwrap_or_default()).with_names(names);
        let mut outbox = Vec::new();
        if !new.email.is_empty() {
            let mut invite = mail::invitation(&tr, &loaded.game, &new, &self.seat_url(&token), now);
            invite.seq = record.seq as i64;
            outbox.push(invite);
        }
        let what = describe_meta(&record.cause);
        for row in loaded.seats.iter().filter(|r| r.seat != new.seat && !r.email.is_empty()) {
            let link = self.seat_url(&self.secret.seat_token(&row.game_id, row.seat as u32, &row.token_salt));
            outbox.push(mail::notice(&tr, &loaded.game, row, &link, record.seq, "replaced", &what, now));
        }
        let result = self
            .store
            .append_and_reseat(
                &loaded.game.id,
                loaded.seq,
                std::slice::from_ref(&chained),
                &outbox,
                None,
                Some(&new),
            )
            .await;
        self.forget(&loaded.game.id);
        result?;
        self.mail_ready.notify_one();
        Ok(SeatLink { seat, name: new.name, url: self.seat_url(&token), token })
    }

    /// The seat links of a game (for its host).
    pub fn seat_links(&self, loaded: &Loaded) -> Vec<SeatLink> {
        loaded
            .seats
            .iter()
            .map(|s| {
                let token = self.secret.seat_token(&s.game_id, s.seat as u32, &s.token_salt);
                SeatLink { seat: s.seat as Seat, name: s.name.clone(), url: self.seat_url(&token), token }
            })
            .collect()
    }

    /// Load a game and bring its state up to date, folding only what the cache lacks.
    pub async fn load(&self, game_id: &str) -> Result<Loaded, PlayError> {
        let game = self.store.game(game_id).await?.ok_or(PlayError::UnknownGame)?;
        let rules = games::by_id(&game.ruleset)
            .ok_or_else(|| PlayError::Internal(format!("ruleset {} is gone", game.ruleset)))?;
        let seats = self.store.seats(game_id).await?;
        let cached = {
            let cache = self.cache.lock().expect("cache lock");
            cache
                .get(game_id)
                .filter(|c| c.seq <= game.last_seq as u64)
                .map(|c| (c.seq, c.last_hash.clone(), c.table.clone_box()))
        };
        let options: Value =
            serde_json::from_str(&game.options).map_err(|e| PlayError::Internal(e.to_string()))?;
        let seat_count = game.seat_count as usize;
        let fresh = |rules: &'static dyn Game| rules.table(&options, seat_count);
        let Some((mut seq, mut last_hash, mut table)) = cached else {
            return self.load_from_scratch(game, seats, rules, fresh(rules)?).await;
        };
        let new = self.store.records(game_id, seq).await?;
        let new_records = new
            .iter()
            .map(|c| c.record().map_err(|e| PlayError::Internal(format!("record {}: {e}", c.seq))))
            .collect::<Result<Vec<_>, _>>()?;
        if new_records.iter().any(|r| record::rewinds(&r.cause)) {
            // Something after the cached state rewinds the game: rebuild from the whole log.
            return self.load_from_scratch(game, seats, rules, fresh(rules)?).await;
        }
        for (c, record) in new.iter().zip(&new_records) {
            for e in &record.events {
                table.apply(e)?;
            }
            seq = c.seq;
            last_hash = c.hash.clone();
        }
        self.remember(game_id, seq, &last_hash, table.as_ref());
        Ok(Loaded { game, seats, rules, table, seq, last_hash })
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
        let table = fold_stored(empty, &chained)?;
        let (seq, last_hash) =
            chained.last().map(|c| (c.seq, c.hash.clone())).unwrap_or((0, record::genesis_hash(&game.id)));
        self.remember(&game.id, seq, &last_hash, table.as_ref());
        Ok(Loaded { game, seats, rules, table, seq, last_hash })
    }

    /// A game's records, read and parsed.
    pub(crate) async fn records_of(&self, game_id: &str) -> Result<(Vec<Record>, Vec<Chained>), PlayError> {
        let chained = self.store.records(game_id, 0).await?;
        let records = chained
            .iter()
            .map(|c| c.record().map_err(|e| PlayError::Internal(format!("record {}: {e}", c.seq))))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((records, chained))
    }

    fn remember(&self, game_id: &str, seq: u64, last_hash: &str, table: &dyn Table) {
        let mut cache = self.cache.lock().expect("cache lock");
        cache.insert(
            game_id.to_owned(),
            Cached { seq, last_hash: last_hash.to_owned(), table: table.clone_box() },
        );
    }

    fn forget(&self, game_id: &str) {
        self.cache.lock().expect("cache lock").remove(game_id);
    }

    /// The game as `seat` (or the public) sees it now.
    pub fn view(&self, loaded: &Loaded, seat: Option<Seat>) -> GameView {
        self.view_of(loaded, loaded.table.as_ref(), loaded.seq, seat)
    }

    fn view_of(&self, loaded: &Loaded, table: &dyn Table, seq: u64, seat: Option<Seat>) -> GameView {
        let viewer = loaded.viewer_for(seat);
        let to_act = table.to_act();
        let at_now = seq == loaded.seq;
        let legal_actions = match seat {
            Some(s) if at_now => table
                .legal_actions(s)
                .into_iter()
                .map(|(action, label, inputs)| LegalAction { action, label, inputs })
                .collect(),
            _ => Vec::new(),
        };
        GameView {
            game_id: loaded.game.id.clone(),
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
                })
                .collect(),
            your_turn: at_now && seat.is_some_and(|s| to_act.contains(&s)),
            to_act,
            legal_actions,
            view: table.view(viewer),
            outcome: table.outcome(),
            commitment: loaded.game.commitment.clone(),
            finished: loaded.finished(),
        }
    }

    /// The state after record `at`, replayed from scratch, as `seat` may see it.
    pub async fn table_at(&self, loaded: &Loaded, at: u64) -> Result<Box<dyn Table>, PlayError> {
        if at == 0 || at > loaded.seq {
            return Err(PlayError::NoSuchSeq(at));
        }
        if at == loaded.seq {
            return Ok(loaded.table.clone_box());
        }
        let (records, _) = self.records_of(&loaded.game.id).await?;
        let prefix: Vec<Record> = records.into_iter().take_while(|r| r.seq <= at).collect();
        let table = fold(loaded.empty_table()?, &prefix)?;
        Ok(table)
    }

    pub async fn view_at(
        &self,
        loaded: &Loaded,
        seat: Option<Seat>,
        at: u64,
    ) -> Result<(GameView, Box<dyn Table>), PlayError> {
        let table = self.table_at(loaded, at).await?;
        Ok((self.view_of(loaded, table.as_ref(), at, seat), table))
    }

    /// The history as `seat` may see it: events through the engine's redaction, actions only to
    /// their own seat until the end.
    pub async fn history(&self, loaded: &Loaded, seat: Option<Seat>) -> Result<Vec<HistoryEntry>, PlayError> {
        let viewer = loaded.viewer_for(seat);
        // Redaction is asked of a table of the right ruleset; it does not depend on the state.
        let table = loaded.empty_table()?;
        let (records, _) = self.records_of(&loaded.game.id).await?;
        let void = record::voided(&records);
        let mut out = Vec::new();
        for record in records {
            let mut events = Vec::new();
            let mut descriptions = Vec::new();
            for e in &record.events {
                if let Some((shown, msg)) = table.redact(e, viewer)? {
                    events.push(shown);
                    descriptions.push(msg);
                }
            }
            let (cause, actor, action) = match &record.cause {
                Cause::Created { .. } => ("created", None, None),
                Cause::Action { seat: s, action } => {
                    let mine = viewer == Viewer::Omniscient || Some(*s) == seat;
                    ("action", Some(*s), mine.then(|| action.clone()))
                }
                Cause::Deadline => ("deadline", None, None),
                // What the clock did is public: it carries nothing of any seat's.
                Cause::Clock { action, .. } => ("clock", None, Some(action.clone())),
                Cause::Paused { .. } => ("paused", None, None),
                Cause::Resumed { .. } => ("resumed", None, None),
                Cause::Absent { seat: s, .. } => ("absent", Some(*s), None),
                other => {
                    descriptions.push(describe_meta(other));
                    (meta_kind(other), meta_actor(other), None)
                }
            };
            out.push(HistoryEntry {
                seq: record.seq,
                at: record.at,
                cause: cause.into(),
                seat: actor,
                action,
                events,
                descriptions,
                void: void.contains(&record.seq),
            });
        }
        Ok(out)
    }

    /// Act for a seat. `expected_seq` is the sequence number the player saw; if the game moved
    /// on since, nothing is written and the answer says so.
    pub async fn act(
        &self,
        token: &str,
        game_id: Option<&str>,
        expected_seq: u64,
        action: &Value,
    ) -> Result<Acted, PlayError> {
        let (seat_row, identity) = self.identify(token).await?;
        if game_id.is_some_and(|g| g != identity.game_id) {
            return Err(PlayError::WrongGame);
        }
        let seat = seat_row.seat as Seat;
        let loaded = self.load(&identity.game_id).await?;
        if loaded.seq != expected_seq {
            return Err(PlayError::Conflict { expected: expected_seq, current: loaded.seq });
        }
        if loaded.finished() {
            return Err(PlayError::Finished);
        }
        // While the host's (or the deadline policy's) pause lasts, nobody moves.
        if let Some(until) = self.paused_until(&loaded.game.id).await? {
            return Err(PlayError::Paused { until });
        }
        let seed = loaded.game_seed()?;
        let seq = loaded.seq + 1;
        let mut rng = SeededRandom::new(&seed, &loaded.game.id, seq, "decide");
        let events = loaded.table.decide(seat, action, &mut rng)?;
        let record =
            Record { seq, at: self.now(), cause: Cause::Action { seat, action: action.clone() }, events };
        // The answer shows the events as the actor's history does: they may hold what others
        // answered at once by standing orders (a private Appel answer, a Hideaway held).
        let redactor = loaded.empty_table()?;
        let mut acted = self.commit(loaded, record).await?;
        let mut shown = Vec::with_capacity(acted.events.len());
        for e in &acted.events {
            if let Some((v, _)) = redactor.redact(e, Viewer::Seat(seat))? {
                shown.push(v);
            }
        }
        acted.events = shown;
        Ok(acted)
    }

    /// Append one record to a loaded game: apply it, find who must now be told, and write
    /// record and mails in one transaction.
    pub(crate) async fn commit(&self, loaded: Loaded, record: Record) -> Result<Acted, PlayError> {
        self.commit_with(loaded, record, Vec::new()).await
    }

    /// [`Play::commit`], with more mails to write in the same transaction (notices of pauses
    /// and absences).
    async fn commit_with(
        &self,
        loaded: Loaded,
        record: Record,
        extra: Vec<OutboxRow>,
    ) -> Result<Acted, PlayError> {
        // Once a game has ended, its seed is revealed and every seat has seen everything: a
        // rewind would play on with every future die known to all. Its record is final.
        if loaded.finished() && record::rewinds(&record.cause) {
            return Err(PlayError::Finished);
        }
        let before: Vec<Seat> = loaded.table.to_act();
        let table = if record::rewinds(&record.cause) {
            // The void set changes: the state after this record is the fold of the whole log.
            let (mut records, _) = self.records_of(&loaded.game.id).await?;
            records.push(record.clone());
            fold(loaded.empty_table()?, &records)?
        } else {
            let mut table = loaded.table.clone_box();
            for e in &record.events {
                table.apply(e)?;
            }
            table
        };
        let chained = Chained::new(&record, &loaded.last_hash);
        let now = record.at;
        let finished_at = table.outcome().map(|_| now);
        let lang = Lang::from_code(&loaded.game.lang).unwrap_or_default();
        let tr = Tr::new(lang).with_names(loaded.names());
        let mut outbox: Vec<OutboxRow> = extra;
        outbox.extend(self.turn_mails(&loaded, &record, table.as_ref(), &before, &tr).await?);
        if !record.cause.is_play()
            && !matches!(record.cause, Cause::Paused { .. } | Cause::Resumed { .. } | Cause::Absent { .. })
        {
            // Disputes, rulings, appeals and undo concern everyone at the table.
            let what = describe_meta(&record.cause);
            for row in loaded.seats.iter().filter(|r| !r.email.is_empty()) {
                let token = self.secret.seat_token(&row.game_id, row.seat as u32, &row.token_salt);
                outbox.push(mail::notice(
                    &tr,
                    &loaded.game,
                    row,
                    &self.seat_url(&token),
                    record.seq,
                    meta_kind(&record.cause),
                    &what,
                    now,
                ));
            }
        }
        if let Some(outcome) = table.outcome().filter(|_| loaded.table.outcome().is_none()) {
            for row in loaded.seats.iter().filter(|r| !r.email.is_empty()) {
                let token = self.secret.seat_token(&row.game_id, row.seat as u32, &row.token_salt);
                outbox.push(mail::game_over(
                    &tr,
                    &loaded.game,
                    row,
                    &self.seat_url(&token),
                    record.seq,
                    &outcome.summary,
                    now,
                ));
            }
        }
        match self
            .store
            .append(&loaded.game.id, loaded.seq, std::slice::from_ref(&chained), &outbox, finished_at)
            .await
        {
            Ok(()) => {}
            Err(StoreError::Conflict { expected }) => {
                self.forget(&loaded.game.id);
                let current =
                    self.store.game(&loaded.game.id).await?.map(|g| g.last_seq as u64).unwrap_or(expected);
                return Err(PlayError::Conflict { expected, current });
            }
            Err(e) => {
                self.forget(&loaded.game.id);
                return Err(e.into());
            }
        }
        self.remember(&loaded.game.id, record.seq, &chained.hash, table.as_ref());
        if !outbox.is_empty() {
            self.mail_ready.notify_one();
        }
        Ok(Acted { seq: record.seq, events: record.events })
    }

    /// The whole log. `seat`'s export holds only what that seat may see (redacted bodies carry
    /// no hashes that could be checked, so they are marked as such); the full export is for
    /// rulesets without hidden information, or for everyone once the game has ended.
    pub async fn export(&self, loaded: &Loaded, seat: Option<Seat>) -> Result<Export, PlayError> {
        let full = !loaded.rules.has_hidden_information() || loaded.finished();
        if full {
            let mut export = self.full_export(&loaded.game).await?;
            // The seed only with a game that has ended (and stays ended).
            if !loaded.finished() {
                export.seed = None;
            }
            return Ok(export);
        }
        // A viewer's export: each record as this viewer may see it (the engine's redaction;
        // actions only to their own seat), the chain's hashes kept up to the first redaction.
        let viewer = loaded.viewer_for(seat);
        let table = loaded.empty_table()?;
        let chained = self.store.records(&loaded.game.id, 0).await?;
        let mut records = Vec::with_capacity(chained.len());
        for c in chained {
            let mut record = c.record().map_err(|e| PlayError::Internal(e.to_string()))?;
            let mut events = Vec::new();
            for e in &record.events {
                if let Some((shown, _)) = table.redact(e, viewer)? {
                    events.push(shown);
                }
            }
            if let Cause::Action { seat: s, action } = &mut record.cause
                && Some(*s) != seat
            {
                *action = Value::Null;
            }
            record.events = events;
            let body = record.canonical_json();
            let redacted = body != c.body;
            records.push(Chained { body, redacted, ..c });
        }
        // A hash beside a redacted body would confirm a guess at what it hides (one card among a
        // hundred: hash each and compare), and so would every later hash, which chains over it.
        // From the first redacted record on, a viewer's export withholds the hashes.
        if let Some(first) = records.iter().position(|c| c.redacted) {
            for (i, c) in records.iter_mut().enumerate().skip(first) {
                c.redacted = true;
                c.hash = String::new();
                if i > first {
                    c.prev_hash = String::new();
                }
            }
        }
        Ok(Export {
            format: record::EXPORT_FORMAT.into(),
            game_id: loaded.game.id.clone(),
            ruleset: loaded.game.ruleset.clone(),
            title: loaded.game.title.clone(),
            viewer: match seat {
                Some(s) => format!("seat:{s}"),
                None => "public".into(),
            },
            seed: None,
            records,
        })
    }

    /// Everything as stored (the CLI's `export`, and everyone's after the end).
    pub async fn full_export(&self, game: &GameRow) -> Result<Export, PlayError> {
        let records = self.store.records(&game.id, 0).await?;
        Ok(Export {
            format: record::EXPORT_FORMAT.into(),
            game_id: game.id.clone(),
            ruleset: game.ruleset.clone(),
            title: game.title.clone(),
            viewer: "full".into(),
            seed: game.finished_at.map(|_| game.seed.clone()),
            records,
        })
    }
}

/// What a replay reads of a stored record: its number, its cause's type and its events as raw
/// JSON (decoded straight into the engine's types by [`Table::apply_json`]).
#[derive(Deserialize)]
struct StoredPlay<'a> {
    seq: u64,
    #[serde(borrow)]
    cause: CauseKind<'a>,
    #[serde(borrow)]
    events: Vec<&'a serde_json::value::RawValue>,
}

#[derive(Deserialize)]
struct CauseKind<'a> {
    #[serde(rename = "type", borrow)]
    kind: std::borrow::Cow<'a, str>,
}

/// Fold stored records (as the store returns them) into `table`, skipping void ones: the
/// same result as [`fold`] over the parsed records, without building JSON values.
pub fn fold_stored(mut table: Box<dyn Table>, chained: &[Chained]) -> Result<Box<dyn Table>, PlayError> {
    let unreadable = |seq: u64, e: serde_json::Error| PlayError::Internal(format!("record {seq}: {e}"));
    let plays: Vec<StoredPlay> = chained
        .iter()
        .map(|c| serde_json::from_str(&c.body).map_err(|e| unreadable(c.seq, e)))
        .collect::<Result<_, _>>()?;
    let is_play = |kind: &str| matches!(kind, "created" | "action" | "deadline" | "clock");
    // Records about other records are few: only they are read in full.
    let meta: Vec<Record> = chained
        .iter()
        .zip(&plays)
        .filter(|(_, p)| !is_play(&p.cause.kind))
        .map(|(c, _)| c.record().map_err(|e| unreadable(c.seq, e)))
        .collect::<Result<_, _>>()?;
    let spans = record::rewound_spans(meta.iter());
    for p in plays.iter().filter(|p| is_play(&p.cause.kind)) {
        if p.cause.kind != "created" && spans.iter().any(|(from, to)| (*from..*to).contains(&p.seq)) {
            continue;
        }
        for e in &p.events {
            table.apply_json(e.get())?;
        }
    }
    Ok(table)
}

/// Fold the effective records of a log prefix into `table` (void records are skipped).
pub fn fold(mut table: Box<dyn Table>, records: &[Record]) -> Result<Box<dyn Table>, GameError> {
    let void = record::voided(records);
    for r in records.iter().filter(|r| !void.contains(&r.seq)) {
        for e in &r.events {
            table.apply(e)?;
        }
    }
    Ok(table)
}

fn party(msg: Msg, name: &str, by: &record::Party) -> Msg {
    match by {
        record::Party::Seat(s) => msg.seat(name, *s),
        record::Party::Host => msg.key(name, "party-host"),
        record::Party::Vote => msg.key(name, "party-vote"),
        record::Party::Expiry => msg.key(name, "party-expiry"),
    }
}

/// The words for a record that talks about other records (disputes, rulings, undo).
pub fn describe_meta(cause: &Cause) -> Msg {
    use record::Verdict;
    match cause {
        Cause::Dispute { seat, against, claim, rule } => Msg::new("history-dispute")
            .seat("seat", *seat)
            .num("against", *against as i64)
            .text("claim", claim.clone())
            .text("rule", rule.clone().unwrap_or_else(|| "—".into())),
        Cause::Ruling { dispute, by, verdict, reason } => party(
            Msg::new(if *verdict == Verdict::Overturn {
                "history-ruling-overturn"
            } else {
                "history-ruling-uphold"
            }),
            "by",
            by,
        )
        .num("dispute", *dispute as i64)
        .text("reason", reason.clone()),
        Cause::Appeal { seat, ruling } => {
            Msg::new("history-appeal").seat("seat", *seat).num("ruling", *ruling as i64)
        }
        Cause::Vote { seat, appeal, reverse } => {
            Msg::new(if *reverse { "history-vote-reverse" } else { "history-vote-keep" })
                .seat("seat", *seat)
                .num("appeal", *appeal as i64)
        }
        Cause::AppealDecided { appeal, reverse, by } => party(
            Msg::new(if *reverse { "history-appeal-reversed" } else { "history-appeal-kept" }),
            "by",
            by,
        )
        .num("appeal", *appeal as i64),
        Cause::UndoRequested { seat, target } => {
            Msg::new("history-undo-requested").seat("seat", *seat).num("target", *target as i64)
        }
        Cause::UndoDeclined { request, by } => {
            party(Msg::new("history-undo-declined"), "by", by).num("request", *request as i64)
        }
        Cause::Undo { seat, target } => {
            Msg::new("history-undo").seat("seat", *seat).num("target", *target as i64)
        }
        Cause::Replaced { seat, name } => {
            Msg::new("history-replaced").num("seat", i64::from(*seat) + 1).text("name", name.clone())
        }
        Cause::Created { .. }
        | Cause::Action { .. }
        | Cause::Deadline
        | Cause::Clock { .. }
        | Cause::Paused { .. }
        | Cause::Resumed { .. }
        | Cause::Absent { .. } => Msg::new("history-play"),
    }
}

fn meta_kind(cause: &Cause) -> &'static str {
    match cause {
        Cause::Dispute { .. } => "dispute",
        Cause::Ruling { .. } => "ruling",
        Cause::Appeal { .. } => "appeal",
        Cause::Vote { .. } => "vote",
        Cause::AppealDecided { .. } => "appeal_decided",
        Cause::UndoRequested { .. } => "undo_requested",
        Cause::UndoDeclined { .. } => "undo_declined",
        Cause::Undo { .. } => "undo",
        Cause::Created { .. } => "created",
        Cause::Action { .. } => "action",
        Cause::Deadline => "deadline",
        Cause::Clock { .. } => "clock",
        Cause::Paused { .. } => "paused",
        Cause::Resumed { .. } => "resumed",
        Cause::Absent { .. } => "absent",
        Cause::Replaced { .. } => "replaced",
    }
}

fn meta_actor(cause: &Cause) -> Option<Seat> {
    match cause {
        Cause::Dispute { seat, .. }
        | Cause::Appeal { seat, .. }
        | Cause::Vote { seat, .. }
        | Cause::UndoRequested { seat, .. }
        | Cause::Undo { seat, .. } => Some(*seat),
        Cause::Ruling { by: record::Party::Seat(s), .. } | Cause::Absent { seat: s, .. } => Some(*s),
        _ => None,
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
