//! Creating a game: players, options, setup from the game's own seed, invitations.

use super::{Deadline, Play, PlayError, host_path};
use crate::games;
use crate::i18n::{Lang, Tr};
use crate::input::{EmailAddress, Field, GameTitle, PlayerName};
use crate::mail;
use crate::record::{self, Cause, Chained, Record};
use crate::store::{GameRow, SeatRow};
use feldpost_engine::{Seat, SeededRandom};
use serde::{Deserialize, Serialize};
use serde_json::Value;

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

/// A new game with every field parsed: only this is ever stored.
struct Parsed {
    rules: &'static dyn games::Game,
    title: Option<GameTitle>,
    players: Vec<Player>,
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
        let title = match self.title.trim() {
            "" => None,
            t => Some(GameTitle::parse(t).map_err(PlayError::input(Field::Title))?),
        };
        self.deadline.check()?;
        Ok(Parsed { rules, title, players })
    }
}

impl Play {
    /// Create a game: check the ruleset and options, set it up (drawing from its own seed), and
    /// store it with its invitations, all in one transaction.
    pub async fn create(&self, new: NewGame) -> Result<Created, PlayError> {
        let Parsed { rules, title, players } = new.parse()?;
        let options = rules.options(&new.options, players.len())?;
        let (game_id, seed) = self.seeds.new_game();
        let commitment = record::seed_commitment(&seed);
        let mut rng = SeededRandom::new(&seed, &game_id, 1, "setup");
        let events = rules.setup(&options, players.len(), &mut rng)?;
        let now = self.now();
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
            },
            events,
            nonce: None,
        };
        // The setup must be replayable before it is stored.
        let mut table = rules.table(&options, players.len())?;
        for e in &first.events {
            table.apply(e)?;
        }
        let mut first = first;
        if rules.has_hidden_information() {
            first.nonce = Some(self.secret.record_nonce(&game_id, 1));
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
                name: p.name.to_string(),
                email: p.email.as_ref().map(|e| e.to_string()).unwrap_or_default(),
                token_salt: salt,
                token_hash: crate::secret::token_hash(&token),
            });
            links.push(SeatLink {
                seat: i as Seat,
                name: p.name.to_string(),
                url: self.seat_url(&token),
                token,
            });
        }
        let names: Vec<String> = players.iter().map(|p| p.name.to_string()).collect();
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
                let (asked, seen) = super::mailing::asked_and_seen(table.as_ref(), seat, &first.events);
                outbox.push(mail::your_turn(&tr, &game, row, &link.url, 1, &asked, &seen, now));
            }
        }
        mail::stamp_receipts(&mut outbox, &tr, 1, &chained.hash);
        let clock = new.deadline.clock(&game_id);
        self.store.create_game(&game, &seat_rows, &chained, &outbox, &clock).await?;
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
}
