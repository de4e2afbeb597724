//! Creating a game: players, options, setup from the game's own seed, invitations.

use super::deadlines::Deadline;
use super::error::PlayError;
use super::limits::{self, Limit};
use super::log::{GameLog, Loaded, NewGame as LogNewGame, Posting};
use super::seats::SeatLink;
use crate::games;
use crate::i18n::{Lang, Tr};
use crate::ids::GameId;
use crate::input::{EmailAddress, Field, GameTitle, PlayerName};
use crate::mail;
use crate::record::{self, Cause, Record};
use crate::store::{GameHost, GameRow, SeatRow};
use feldpost_engine::SeededRandom;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A new game, as the host fills it in.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The ruleset id: "zajatce".
    pub ruleset: String,
    #[serde(default)]
    pub title: String,
    /// The ruleset's options; missing ones take their defaults.
    #[serde(default = "empty_object")]
    #[schema(value_type = Object)]
    pub options: Value,
    #[serde(deserialize_with = "crate::input::object::objects")]
    pub players: Vec<NewPlayer>,
    /// Language of the game's emails ("cs", "en" or "ru").
    #[serde(default)]
    #[schema(value_type = String)]
    pub lang: Lang,
    /// How disputes are settled (default: the adjudicator's word is final; 72 h to rule).
    #[serde(default, deserialize_with = "crate::input::object::one_object")]
    pub disputes: record::DisputePolicy,
    /// The turn deadline and what happens after it (none by default).
    #[serde(default, deserialize_with = "crate::input::object::one_object")]
    pub deadline: Deadline,
    /// The host's address: told when a deadline passes or a dispute waits for the host's
    /// ruling. Needed for a game whose host rules disputes (Na zajatce, Služba) and for a game
    /// that mails its players, unless the creator is logged in (then the account's address is
    /// the host's). The host confirms it by a link mailed to it; until then the game's mail
    /// waits.
    #[serde(default)]
    #[schema(format = "email", max_length = 254)]
    pub host_email: String,
    /// Go on from a position at a real table: the host enters it on the host page
    /// (`POST /api/games/{id}/position`), every seat agrees to it, then play
    /// begins. Only for rulesets that take positions (docs/positions.md).
    #[serde(default)]
    pub from_position: bool,
}

/// Who asks for a new game.
#[derive(Debug, Clone, Default)]
pub struct Requester {
    /// The client's address (the per-address limits count it).
    pub client: String,
    /// The address of the logged-in account that asks, if any: proved already, and the host's.
    pub account: Option<EmailAddress>,
}

/// Whether the game's mail goes out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MailRelease {
    /// The host's address is proved (a logged-in account): the game's mail goes out.
    Sent,
    /// A link was mailed to `host_email`; the game's mail waits in the outbox until the host
    /// follows it.
    WaitingForHost,
    /// Nobody in the game has an address: nothing is mailed.
    NoMail,
}

fn empty_object() -> Value {
    Value::Object(Default::default())
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    pub name: String,
    #[serde(default)]
    pub email: String,
}

/// A created game: where each seat plays, and the host's page.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Created {
    #[schema(value_type = String)]
    pub game_id: GameId,
    pub seq: u64,
    pub host_url: String,
    /// Whether the game's mail goes out, or waits for the host to confirm `host_email`.
    pub mail: MailRelease,
    /// The host page's path on this server (`host_url` without the base).
    #[serde(skip)]
    pub host_path: String,
    pub seats: Vec<SeatLink>,
}

/// A new game with every field parsed: only this is ever stored.
struct Parsed {
    rules: &'static dyn games::Game,
    title: Option<GameTitle>,
    players: Vec<Player>,
    host_email: Option<EmailAddress>,
}

struct Player {
    name: PlayerName,
    email: Option<EmailAddress>,
}

impl Player {
    /// A row of the players' list: `None` when left blank, a player, or why not.
    pub(super) fn parse(name: &str, email: &str) -> Result<Option<Player>, PlayError> {
        if name.trim().is_empty() && email.trim().is_empty() {
            return Ok(None);
        }
        let name = PlayerName::parse(name).map_err(PlayError::input(Field::PlayerName))?;
        let email = EmailAddress::parse_optional(email).map_err(PlayError::input(Field::Email))?;
        Ok(Some(Player { name, email }))
    }
}

impl NewGame {
    fn parse(&self) -> Result<Parsed, PlayError> {
        let rules =
            games::by_id(&self.ruleset).ok_or_else(|| PlayError::UnknownRuleset(self.ruleset.clone()))?;
        let mut players = Vec::new();
        for p in &self.players {
            players.extend(Player::parse(&p.name, &p.email)?);
        }
        let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
        crate::play::seats::distinct_names(&names)?;
        let title = match self.title.trim() {
            "" => None,
            t => Some(GameTitle::parse(t).map_err(PlayError::input(Field::Title))?),
        };
        self.deadline.check()?;
        for (name, hours) in [
            ("field-ruling-hours", self.disputes.ruling_hours),
            ("field-appeal-hours", self.disputes.appeal_hours),
        ] {
            if !(1..=super::deadlines::MAX_HOURS).contains(&hours) {
                return Err(PlayError::Invalid(
                    feldpost_engine::Msg::new("input-error-hours")
                        .key("field", name)
                        .num("max", super::deadlines::MAX_HOURS),
                ));
            }
        }
        let host_email =
            EmailAddress::parse_optional(&self.host_email).map_err(PlayError::input(Field::HostEmail))?;
        Ok(Parsed { rules, title, players, host_email })
    }
}

/// Create a game: check the ruleset and options, set it up (drawing from its own seed), and
/// store it with its invitations, all in one transaction.
pub async fn create(log: &GameLog, new: NewGame, by: &Requester) -> Result<Created, PlayError> {
    create_game(log, new, by, None).await
}

/// Start a rematch of the ended game `loaded`, as its host asks: a new game with the same
/// ruleset, options, title, language, dispute policy and deadlines, and the same players (names
/// and addresses, in their seats), set up from a seed of its own, its invitations mailed as at
/// any creation, each seat with a new link. A host whose address the old game proved need not
/// prove it again. Refused before the old game has ended, and once it has a rematch.
pub async fn rematch(log: &GameLog, loaded: &Loaded, client: &str) -> Result<Created, PlayError> {
    if !loaded.finished() {
        return Err(PlayError::invalid("error-rematch-not-ended"));
    }
    let old = &loaded.game.id;
    if log.store.rematch_of(old).await?.is_some() {
        return Err(PlayError::invalid("error-rematch-started"));
    }
    let host = log.store.game_host(old).await?.filter(|h| !h.email.is_empty());
    let proved =
        host.as_ref().filter(|h| h.confirmed_at.is_some()).and_then(|h| EmailAddress::parse(&h.email).ok());
    let clock = log.store.game_clock(old).await?;
    // The addresses as they stand now (one forgotten since is not invited again).
    let players =
        log.store.seats(old).await?.into_iter().map(|s| NewPlayer { name: s.name, email: s.email }).collect();
    let new = NewGame {
        ruleset: loaded.game.ruleset.clone(),
        title: loaded.game.title.clone(),
        options: serde_json::from_str(&loaded.game.options)
            .map_err(|e| PlayError::Internal(e.to_string()))?,
        players,
        lang: loaded.game.lang,
        disputes: loaded.notes.policy(),
        deadline: Deadline::default(),
        host_email: match (&proved, &host) {
            (None, Some(h)) => h.email.clone(),
            _ => String::new(),
        },
        // The rematch starts afresh from the rules' own setup.
        from_position: false,
    };
    let by = Requester { client: client.to_owned(), account: proved };
    create_game(log, new, &by, Some((old.clone(), clock))).await
}

/// The rematch of `loaded`'s game, once its host has started one.
pub async fn rematch_started(log: &GameLog, loaded: &Loaded) -> Result<Option<GameRow>, PlayError> {
    match log.store.rematch_of(&loaded.game.id).await? {
        Some(id) => Ok(log.store.game(&id).await?),
        None => Ok(None),
    }
}

/// Where `seat` of `loaded`'s game plays its rematch (the same seat, with a link of its own),
/// once the host has started one.
pub async fn rematch_seat(log: &GameLog, loaded: &Loaded, seat: u8) -> Result<Option<SeatLink>, PlayError> {
    let Some(game) = rematch_started(log, loaded).await? else { return Ok(None) };
    let seats = log.store.seats(&game.id).await?;
    Ok(seats.iter().find(|s| s.seat == i64::from(seat)).map(|row| SeatLink::of(log, row)))
}

/// [`create`], or a rematch of the game named (with that game's clock row, whose deadlines the
/// new game keeps).
async fn create_game(
    log: &GameLog,
    new: NewGame,
    by: &Requester,
    rematch_of: Option<(GameId, Option<crate::store::GameClock>)>,
) -> Result<Created, PlayError> {
    let Parsed { rules, title, players, host_email } = new.parse()?;
    let options = rules.options(&whole_numbers(new.options.clone()), players.len())?;
    if new.from_position && !rules.takes_positions() {
        return Err(PlayError::invalid("error-position-not-taken"));
    }
    // The host's address: proved already by a logged-in account, or to be proved by a link.
    let proved = by.account.is_some();
    let host = by.account.clone().or(host_email);
    let mails = players.iter().any(|p| p.email.is_some());
    if host.is_none() {
        // Whoever rules the disputes must be reachable; and nobody mails players on a
        // stranger's word.
        if rules.host_rules_disputes() {
            return Err(PlayError::invalid("error-host-needed-for-disputes"));
        }
        if mails {
            return Err(PlayError::invalid("error-host-needed-for-mail"));
        }
    }
    // A logged-in account the operator trusts with more (a league's organiser) has its own
    // allowance of games at once; anyone else the limits as configured.
    let allowance = match &by.account {
        Some(account) => log.store.games_allowance(account.as_str()).await?,
        None => None,
    };
    limits::take_allowing(log, Limit::GamesPerClient, &by.client, allowance).await?;
    if let Some(h) = &host {
        // Also what bounds the confirmation mails to one address: one per game.
        limits::take_allowing(log, Limit::GamesPerHost, h.as_str(), allowance).await?;
    }
    let mut invited: Vec<&str> =
        players.iter().filter_map(|p| p.email.as_ref().map(|e| e.as_str())).collect();
    invited.sort_by_key(|e| e.to_lowercase());
    invited.dedup_by_key(|e| e.to_lowercase());
    for to in &invited {
        limits::take(log, Limit::InvitesPerRecipient, to).await?;
    }
    let (id, seed) = log.new_game_seed();
    let game_id =
        GameId::parse(&id).ok_or_else(|| PlayError::Internal(format!("a new game's id {id:?} is no id")))?;
    let commitment = record::seed_commitment(&seed);
    let mut rng = SeededRandom::new(&seed, &game_id, 1, "setup");
    let events = rules.setup(&options, players.len(), &mut rng)?;
    let now = log.now();
    let title = match title {
        Some(t) => t.into_string(),
        None => format!("{} {}", Tr::new(new.lang).t(&format!("{}-name", rules.id())), &game_id[..4]),
    };
    let first = Record {
        seq: 1,
        at: now,
        cause: Cause::Created {
            ruleset: rules.id().to_owned(),
            options: options.clone(),
            players: players.iter().map(|p| p.name.to_string()).collect(),
            commitment: commitment.clone(),
            disputes: new.disputes,
            from_position: new.from_position,
        },
        events,
        nonce: None,
    };
    let game = GameRow {
        id: game_id.clone(),
        ruleset: rules.id().to_owned(),
        title,
        options: options.to_string(),
        seat_count: players.len() as i64,
        seed: hex::encode(seed),
        commitment,
        host_salt: crate::secret::random_id(),
        lang: new.lang,
        created_at: now,
        last_seq: 1,
        finished_at: None,
    };
    let mut seats = Vec::new();
    for (i, p) in players.iter().enumerate() {
        let salt = crate::secret::random_id();
        let token = log.links().secret().seat_token(&game_id, i as u32, &salt);
        seats.push(SeatRow {
            game_id: game_id.clone(),
            seat: i as i64,
            name: p.name.to_string(),
            email: p.email.as_ref().map(|e| e.to_string()).unwrap_or_default(),
            token_salt: salt,
            token_hash: crate::secret::token_hash(&token),
            time_zone: None,
            account_time_zone: None,
            calendar_salt: String::new(),
        });
    }
    let host_address = host.as_ref().map(|h| h.as_str()).unwrap_or("");
    let clock = match rematch_of.as_ref().and_then(|(_, clock)| clock.clone()) {
        // The old game's deadlines, afresh: nothing reminded, nothing overdue, not paused.
        Some(old) => crate::store::GameClock {
            game_id: game_id.to_string(),
            host_email: host_address.to_owned(),
            reminded_seq: 0,
            overdue_seq: 0,
            paused_until: None,
            ..old
        },
        None => new.deadline.clock(&game_id, host_address),
    };
    // The host proves the address by a link whose secret only the mail to it carries (the
    // host link does not suffice: whoever made the game has that).
    let (host_row, release, host_confirmation) = match &host {
        None => (None, MailRelease::NoMail, None),
        Some(h) if proved => (
            Some(GameHost {
                game_id: game_id.to_string(),
                email: h.to_string(),
                confirm_hash: None,
                confirmed_at: Some(now),
            }),
            if mails { MailRelease::Sent } else { MailRelease::NoMail },
            None,
        ),
        Some(h) => {
            // The link's secret is made from the key and a nonce the mail keeps (the outbox holds
            // no link that works without the key); only the secret's hash is stored.
            let nonce = crate::secret::random_id();
            let secret = log.links().confirm_secret(&game_id, &nonce);
            let tr = Tr::new(new.lang).with_names(players.iter().map(|p| p.name.to_string()).collect());
            let link = log.links().sealed().confirm_url(&game_id, &nonce);
            let confirm = mail::host_confirmation(&tr, &game, h.as_str(), &link, invited.len(), now);
            (
                Some(GameHost {
                    game_id: game_id.to_string(),
                    email: h.to_string(),
                    confirm_hash: Some(crate::secret::token_hash(&secret)),
                    confirmed_at: None,
                }),
                MailRelease::WaitingForHost,
                Some(confirm),
            )
        }
    };
    let links: Vec<SeatLink> = seats.iter().map(|row| SeatLink::of(log, row)).collect();
    let (host_url, host_path) = (log.links().host_url(&game), log.links().host_path(&game));
    let rematch_of = rematch_of.map(|(old, _)| old);
    let addressed: Vec<i64> = seats.iter().filter(|r| !r.email.is_empty()).map(|r| r.seat).collect();
    log.create(LogNewGame { game, seats, first, clock, host: host_row, host_confirmation, rematch_of })
        .await?;
    // A seat of an account that has browser notifications on for all its games gets them here.
    for seat in addressed {
        super::webhooks::push_for_seat(log, game_id.as_str(), seat, true).await;
    }
    Ok(Created { mail: release, host_url, host_path, game_id: game_id.clone(), seq: 1, seats: links })
}

/// What the page behind a host's confirmation link shows.
pub struct HostConfirmation {
    pub title: String,
    pub email: String,
    /// Players who will be invited by mail.
    pub invited: usize,
    pub confirmed: bool,
    /// The host page's path (the confirmation link went to the host's own address).
    pub host_path: String,
}

/// The confirmation link's page (GET shows it; only its POST confirms).
pub async fn host_confirmation(
    log: &GameLog,
    game_id: &GameId,
    secret: &str,
) -> Result<HostConfirmation, PlayError> {
    let host = log.store.game_host(game_id).await?.ok_or(PlayError::UnknownLink)?;
    let hash = crate::secret::token_hash(secret);
    if host.confirm_hash.as_deref().is_none_or(|h| !crate::secret::constant_time_eq(h, &hash)) {
        return Err(PlayError::UnknownLink);
    }
    let game = log.store.game(game_id).await?.ok_or(PlayError::UnknownGame)?;
    let invited = log.store.seats(game_id).await?.iter().filter(|s| !s.email.is_empty()).count();
    Ok(HostConfirmation {
        host_path: log.links().host_path(&game),
        title: game.title,
        email: host.email,
        invited,
        confirmed: host.confirmed_at.is_some(),
    })
}

/// The host follows the link mailed to the host's address: proved, and the game's mail goes
/// out. Confirming twice is fine.
pub async fn confirm_host(
    log: &GameLog,
    game_id: &GameId,
    secret: &str,
) -> Result<HostConfirmation, PlayError> {
    host_confirmation(log, game_id, secret).await?;
    if !log.store.game_host_confirm(game_id, &crate::secret::token_hash(secret), log.now()).await? {
        return Err(PlayError::UnknownLink);
    }
    log.wake_mail();
    host_confirmation(log, game_id, secret).await
}

/// The host asks for the confirmation link again (the mail went astray): a new link, mailed
/// to the same address; the old one stops working. Nothing to do once the address is proved.
pub async fn resend_host_confirmation(log: &GameLog, loaded: &Loaded) -> Result<(), PlayError> {
    let Some(host) = log.store.game_host(&loaded.game.id).await?.filter(|h| !h.email.is_empty()) else {
        return Err(PlayError::invalid("error-no-host-address"));
    };
    if host.confirmed_at.is_some() {
        return Ok(());
    }
    limits::take(log, Limit::InvitesPerRecipient, &host.email).await?;
    let nonce = crate::secret::random_id();
    let secret = log.links().confirm_secret(&loaded.game.id, &nonce);
    let link = log.links().sealed().confirm_url(&loaded.game.id, &nonce);
    let invited = loaded.seats.iter().filter(|s| !s.email.is_empty()).count();
    let mut mail =
        mail::host_confirmation(&loaded.tr(), &loaded.game, &host.email, &link, invited, log.now());
    // It answers the first confirmation mail, the root of the host's thread.
    mail.id = crate::secret::random_id();
    let posting = Posting::HostConfirmation { secret_hash: crate::secret::token_hash(&secret) };
    log.send(loaded, vec![mail], posting).await?;
    Ok(())
}

/// The host's address and whether the game's mail waits for its confirmation (host page).
pub async fn host_mail(log: &GameLog, game_id: &GameId) -> Result<Option<GameHost>, PlayError> {
    Ok(log.store.game_host(game_id).await?)
}

/// Options as JSON Schema reads numbers: `3.0` is the whole number 3 (the rulesets read whole
/// numbers only).
fn whole_numbers(v: Value) -> Value {
    match v {
        Value::Number(n) if n.as_u64().is_none() && n.as_i64().is_none() => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => {
                if f >= 0.0 {
                    Value::from(f as u64)
                } else {
                    Value::from(f as i64)
                }
            }
            _ => Value::Number(n),
        },
        Value::Array(a) => Value::Array(a.into_iter().map(whole_numbers).collect()),
        Value::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k, whole_numbers(v))).collect()),
        other => other,
    }
}
