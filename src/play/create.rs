//! Creating a game: players, options, setup from the game's own seed, invitations.

use super::{Deadline, Play, PlayError, host_path};
use crate::games;
use crate::i18n::{Lang, Tr};
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

pub(super) const MAX_PLAYERS_NAME: usize = 80;
pub(super) const MAX_TITLE: usize = 120;

impl Play {
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
                let (asked, seen) = super::mailing::asked_and_seen(table.as_ref(), seat, &first.events);
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
}
