//! Calendars and time zones: each seat's and each account's private calendar feed (iCalendar,
//! RFC 5545) of its turn deadlines and of the rulings it owes, and the time zone its mail
//! states deadlines in (`Tr::deadline`).
//!
//! A feed's link carries a token made from the server's key, like a seat's link
//! (`src/play/links.rs`): a seat's from its link's salt and a calendar salt, an account's from
//! its id and a calendar salt. A new calendar salt (a POST) retires the old link. Reading a
//! feed writes nothing (docs/architecture.md, rule 5).
//!
//! What a feed says of a game goes through the same gate as everything else (rule 4): a seat's
//! turn only when the engine asks that seat to act, a ruling only when the seat (or, on an
//! account's feed, its address as the game's host) is the one to rule, and nothing of the
//! board or of other seats but the game's title.
//!
//! Each thing keeps one UID while it lasts: a seat's turn in a game is one event whose time
//! moves with each record (its SEQUENCE is the record's number, so it only grows), a ruling one
//! event per dispute. DTSTAMP is the time of the record that set the deadline: a feed read
//! twice says the same thing twice.

use super::error::PlayError;
use super::log::{GameLog, Loaded};
use crate::i18n::{Lang, Tr};
use crate::ids::{GameId, SeatToken};
use crate::input::TimeZoneName;
use crate::record::Party;
use crate::store::SeatRow;
use feldpost_engine::Seat;
use icalendar::{Calendar, Component, Event, Parameter, Property};

/// How many of an account's games its feed reads at most (the games waiting on it first).
pub const ACCOUNT_FEED_GAMES: i64 = 200;

/// One thing in a feed: a deadline by which its owner must do something.
#[derive(Debug, Clone, PartialEq)]
pub struct Due {
    pub what: DueKind,
    pub game_id: GameId,
    pub title: String,
    /// The moment it is due (ms since the epoch).
    pub at: i64,
    /// The record that set it: its number (the event's SEQUENCE) and time (its DTSTAMP).
    pub set_by_seq: u64,
    pub set_at: i64,
    /// The page where it is done.
    pub url: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DueKind {
    /// The seat's turn.
    Turn { seat: Seat },
    /// A ruling on the dispute of this record.
    Ruling { dispute: u64, against: u64 },
}

/// A feed: whose it is (for its name) and what is due.
#[derive(Debug, Clone, PartialEq)]
pub struct Feed {
    pub lang: Lang,
    pub name: String,
    pub due: Vec<Due>,
}

/// The feed of the seat `seat` of `game_id`, if `token` is its calendar link's token now.
pub async fn seat_feed(log: &GameLog, game_id: &GameId, seat: i64, token: &str) -> Result<Feed, PlayError> {
    let loaded = log.load(game_id).await?;
    let row = loaded
        .seats
        .iter()
        .find(|r| r.seat == seat)
        .filter(|r| log.links().is_seat_calendar_token(r, token))
        .cloned()
        .ok_or(PlayError::UnknownLink)?;
    let tr = Tr::new(loaded.lang());
    let name =
        tr.t_args("calendar-name-seat", &[("game", loaded.game.title.clone()), ("player", row.name.clone())]);
    let due = seat_due(log, &loaded, &row).await?;
    Ok(Feed { lang: loaded.lang(), name, due })
}

/// The feed of account `account_id`, if `token` is its calendar link's token now: every game
/// its "My games" lists that has not ended (its seats, and the games its address hosts).
pub async fn account_feed(log: &GameLog, account_id: &str, token: &str) -> Result<Feed, PlayError> {
    let account = match crate::secret::plausible_id(account_id) {
        true => log.store.account_calendar(account_id).await?,
        false => None,
    };
    let account = account
        .filter(|a| log.links().is_account_calendar_token(account_id, &a.calendar_salt, token))
        .ok_or(PlayError::UnknownLink)?;
    let lang = log.store.account_by_id(account_id).await?.map(|a| a.lang).unwrap_or(Lang::En);
    let address = account.confirmed_at.map(|_| account.email.as_str());
    let lines = log.store.my_games_page(account_id, address, 0, ACCOUNT_FEED_GAMES).await?;
    let mut due = Vec::new();
    for line in lines.into_iter().filter(|l| !l.finished) {
        let Some(game_id) = GameId::parse(&line.game_id) else { continue };
        // A game that cannot be read now leaves the feed for this once; the rest is served.
        let loaded = match log.load(&game_id).await {
            Ok(loaded) => loaded,
            Err(e) => {
                tracing::warn!("calendar of an account: game {game_id}: {e}");
                continue;
            }
        };
        match line.seat {
            Some(seat) => {
                if let Some(row) = loaded.seats.iter().find(|r| r.seat == seat) {
                    due.extend(seat_due(log, &loaded, row).await?);
                }
            }
            None => due.extend(host_due(log, &loaded)),
        }
    }
    due.sort_by_key(|d| d.at);
    Ok(Feed { lang, name: Tr::new(lang).t("calendar-name-account"), due })
}

/// What `row`'s seat must do in a loaded game, and by when.
async fn seat_due(log: &GameLog, loaded: &Loaded, row: &SeatRow) -> Result<Vec<Due>, PlayError> {
    let seat = row.seat as Seat;
    let seat_url = log.links().seat(row);
    let mut due = Vec::new();
    if loaded.table.to_act().contains(&seat)
        && let Some(at) = super::deadlines::deadline(log, loaded).await?
    {
        due.push(Due {
            what: DueKind::Turn { seat },
            game_id: loaded.game.id.clone(),
            title: loaded.game.title.clone(),
            at,
            set_by_seq: loaded.seq,
            set_at: loaded.last_at,
            url: seat_url.clone(),
        });
    }
    due.extend(rulings_owed(loaded, Party::Seat(seat), &seat_url));
    Ok(due)
}

/// The rulings the host of a loaded game owes (on an account's feed, for the games its address
/// hosts).
fn host_due(log: &GameLog, loaded: &Loaded) -> Vec<Due> {
    rulings_owed(loaded, Party::Host, &log.links().host_url(&loaded.game))
}

/// The open disputes `party` is to rule on, each due when it expires unruled.
fn rulings_owed(loaded: &Loaded, party: Party, page: &str) -> Vec<Due> {
    if loaded.finished() {
        return Vec::new();
    }
    super::disputes::disputes(loaded)
        .into_iter()
        .filter(|d| d.status == super::disputes::DisputeStatus::Open && d.adjudicator == party)
        .map(|d| Due {
            what: DueKind::Ruling { dispute: d.seq, against: d.against },
            game_id: loaded.game.id.clone(),
            title: loaded.game.title.clone(),
            at: d.expires_at,
            set_by_seq: d.seq,
            set_at: d.at,
            url: format!("{page}/disputes/{}", d.seq),
        })
        .collect()
}

/// Renew a seat's calendar link: the old one names nothing from now on.
pub async fn renew_seat_calendar(log: &GameLog, token: &SeatToken) -> Result<(), PlayError> {
    let row = log.identify(token).await?;
    log.store.seat_set_calendar_salt(&row.game_id, row.seat, &crate::secret::random_id()).await?;
    // The seat rows are cached with the game: read them again.
    log.forget_game(&row.game_id);
    Ok(())
}

/// Renew an account's calendar link.
pub async fn renew_account_calendar(log: &GameLog, account_id: &str) -> Result<(), PlayError> {
    log.store.account_set_calendar_salt(account_id, &crate::secret::random_id()).await?;
    Ok(())
}

/// The link of a seat's calendar now.
pub async fn seat_calendar_url(log: &GameLog, token: &SeatToken) -> Result<String, PlayError> {
    Ok(log.links().seat_calendar_url(&log.identify(token).await?))
}

/// An account's calendar link and its own time zone.
pub async fn account_settings(
    log: &GameLog,
    account_id: &str,
) -> Result<(String, Option<TimeZoneName>), PlayError> {
    let account = log.store.account_calendar(account_id).await?.ok_or(PlayError::UnknownLink)?;
    let zone = account.time_zone.as_deref().and_then(TimeZoneName::from_stored);
    Ok((log.links().account_calendar_url(account_id, &account.calendar_salt), zone))
}

/// Set (or clear) a seat's own time zone.
pub async fn set_seat_time_zone(
    log: &GameLog,
    token: &SeatToken,
    zone: Option<&TimeZoneName>,
) -> Result<(), PlayError> {
    let row = log.identify(token).await?;
    log.store.seat_set_time_zone(&row.game_id, row.seat, zone.map(TimeZoneName::as_str)).await?;
    log.forget_game(&row.game_id);
    Ok(())
}

/// Set (or clear) an account's time zone.
pub async fn set_account_time_zone(
    log: &GameLog,
    account_id: &str,
    zone: Option<&TimeZoneName>,
) -> Result<(), PlayError> {
    log.store.account_set_time_zone(account_id, zone.map(TimeZoneName::as_str)).await?;
    // Its seats' rows, cached with their games, carry the account's zone: read them again.
    for seat in log.store.attached_seats(account_id).await? {
        log.forget_game(&seat.game_id);
    }
    Ok(())
}

impl Feed {
    /// The feed as iCalendar text. `base_url` names the server (the UIDs' domain).
    pub fn to_ics(&self, base_url: &str) -> String {
        let domain = url::Url::parse(base_url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_owned))
            .unwrap_or_else(|| "feldpost".to_owned());
        let tr = Tr::new(self.lang);
        let mut calendar = Calendar::empty();
        calendar
            .append_property(Property::new("VERSION", "2.0"))
            .append_property(Property::new("PRODID", "-//feldpost//deadlines//EN"))
            .append_property(Property::new("CALSCALE", "GREGORIAN"))
            .name(&self.name)
            // Deadlines move with every move: calendars that honour it read the feed hourly.
            .append_property(
                Property::new("REFRESH-INTERVAL", "PT1H")
                    .append_parameter(Parameter::new("VALUE", "DURATION"))
                    .done(),
            )
            .append_property(Property::new("X-PUBLISHED-TTL", "PT1H"));
        for d in &self.due {
            let game = [("game", d.title.clone())];
            let (uid, summary, description) = match d.what {
                DueKind::Turn { seat } => (
                    format!("turn-{}-{seat}@{domain}", d.game_id),
                    tr.t_args("calendar-turn-summary", &game),
                    tr.t_args("calendar-turn-description", &game),
                ),
                DueKind::Ruling { dispute, against } => {
                    let args = [("game", d.title.clone()), ("against", against.to_string())];
                    (
                        format!("ruling-{}-{dispute}@{domain}", d.game_id),
                        tr.t_args("calendar-ruling-summary", &args),
                        tr.t_args("calendar-ruling-description", &args),
                    )
                }
            };
            let at = ics_utc(d.at);
            calendar.push(
                Event::new()
                    .uid(&uid)
                    .summary(&summary)
                    .description(&format!("{description}\n{}", d.url))
                    .url(&d.url)
                    .add_property("DTSTART", &at)
                    .add_property("DTEND", &at)
                    .add_property("DTSTAMP", ics_utc(d.set_at))
                    .add_property("LAST-MODIFIED", ics_utc(d.set_at))
                    .sequence(u32::try_from(d.set_by_seq).unwrap_or(u32::MAX))
                    .done(),
            );
        }
        calendar.to_string()
    }
}

/// A moment as an iCalendar UTC date-time: `20261208T170000Z`.
fn ics_utc(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms)
        .map(|t| t.strftime("%Y%m%dT%H%M%SZ").to_string())
        .unwrap_or_else(|_| "19700101T000000Z".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moment_is_written_as_a_utc_date_time() {
        // 2026-12-08 17:00 UTC.
        assert_eq!(ics_utc(1_796_749_200_000), "20261208T170000Z");
    }
}
