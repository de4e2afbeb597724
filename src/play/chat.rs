//! Table talk: a line from a seat or the host to everyone at the table, or (in a game that
//! allows it, `Game::private_talk`) from one seat to one other seat alone. Talk is not a move:
//! it is kept beside the log, never in it (docs/architecture.md, rule 2), so it changes no
//! state, no replay and no record's hash; the host may hide a line, which then stays in its
//! place without its text.
//!
//! Who may read a line is decided here and nowhere else, as the engine's per-viewer view
//! decides the game (docs/architecture.md, rule 4): [`reader`] names whose lines the store
//! selects, and [`visible`] holds every line given out to it again. A private line is read by
//! its writer and its addressee only: not the host, not spectators, not another seat's export
//! or mail, not after the end.

use super::disputes::Who;
use super::error::PlayError;
use super::limits::{self, Limit};
use super::log::{GameLog, Loaded, Posting};
use crate::i18n::Tr;
use crate::store::{ChatCleared, ChatRow};
use feldpost_engine::Seat;
use serde::Serialize;

/// The longest line, in characters.
pub const MAX_LINE: usize = 500;

/// How many lines the game page shows (the newest; the rest on the talk page).
pub const ON_THE_PAGE: i64 = 20;

/// One line as a reader may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ChatLine {
    /// Its number in the game, from 1.
    pub n: u64,
    /// When it was written (ms since the epoch).
    pub at: i64,
    /// The game's step (the last record's sequence number) when it was written.
    pub step: u64,
    /// The writer's seat; absent: the host.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Seat>,
    /// The one seat it was written to; absent: everyone at the table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Seat>,
    /// What it says; absent once the host has hidden it or its text was cleared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The host has hidden it.
    pub hidden: bool,
    /// Why its text is gone from the server, if it is: "withdrawn" (its writer's address was
    /// forgotten) or "expired" (the game ended longer ago than table talk is kept).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cleared: Option<ChatCleared>,
}

/// Whose lines the store selects for a reader: a seat's (the lines to everyone, and those it
/// wrote or was written), or for anyone else (the host, spectators) the lines to everyone only.
pub fn reader(seat: Option<Seat>) -> i64 {
    seat.map_or(-1, i64::from)
}

/// Whether `seat` (None: the host, a spectator) may read `row` at all.
pub fn visible(row: &ChatRow, seat: Option<Seat>) -> bool {
    match (row.to_seat, seat) {
        (None, _) => true,
        (Some(to), Some(s)) => to == i64::from(s) || row.from_seat == Some(i64::from(s)),
        (Some(_), None) => false,
    }
}

fn line(row: ChatRow) -> ChatLine {
    let hidden = row.hidden_at.is_some();
    let cleared = row.cleared;
    ChatLine {
        n: row.n as u64,
        at: row.at,
        step: row.seq as u64,
        from: row.from_seat.map(|s| s as Seat),
        to: row.to_seat.map(|s| s as Seat),
        text: (!hidden && cleared.is_none()).then_some(row.body),
        hidden,
        cleared,
    }
}

fn shown(rows: Vec<ChatRow>, seat: Option<Seat>) -> Vec<ChatLine> {
    rows.into_iter().filter(|r| visible(r, seat)).map(line).collect()
}

/// Which of a reader's lines.
#[derive(Debug, Clone, Copy)]
pub enum Which {
    All,
    /// The newest this many.
    Last(i64),
    /// Those written at this step of the game.
    AtStep(u64),
}

/// `seat`'s lines of the game (None: the host's or a spectator's), in order.
pub async fn lines(
    log: &GameLog,
    loaded: &Loaded,
    seat: Option<Seat>,
    which: Which,
) -> Result<Vec<ChatLine>, PlayError> {
    let (step, last) = match which {
        Which::All => (None, None),
        Which::Last(n) => (None, Some(n)),
        Which::AtStep(s) => (Some(s as i64), None),
    };
    let rows = log.store.chat_lines(&loaded.game.id, reader(seat), step, last).await?;
    Ok(shown(rows, seat))
}

/// What tells a live page that `seat`'s talk changed (a line came, or one was hidden or
/// cleared).
pub async fn mark(log: &GameLog, game_id: &str, seat: Option<Seat>) -> Result<(i64, i64), PlayError> {
    Ok(log.store.chat_mark(game_id, reader(seat)).await?)
}

/// Write a line as `who`, to everyone or (`to`) to one other seat alone.
pub async fn say(
    log: &GameLog,
    loaded: &Loaded,
    who: Who,
    to: Option<Seat>,
    text: &str,
) -> Result<ChatLine, PlayError> {
    // One line: line breaks and tabs become spaces.
    let text = crate::input::paragraph(text, MAX_LINE, true)
        .map_err(PlayError::input(crate::input::Field::ChatLine))?
        .split(['\n', '\r', '\t'])
        .filter(|p| !p.trim().is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ");
    let from = match who {
        Who::Seat(s) => Some(s),
        Who::Host => None,
    };
    if let Some(to) = to {
        let private_allowed = loaded.rules.private_talk() && from.is_some();
        if !private_allowed {
            return Err(PlayError::invalid("chat-error-private"));
        }
        if Some(to) == from || usize::from(to) >= loaded.seats.len() {
            return Err(PlayError::invalid("chat-error-addressee"));
        }
    }
    let key = match from {
        Some(s) => format!("{}:{s}", loaded.game.id),
        None => format!("{}:host", loaded.game.id),
    };
    limits::take(log, Limit::ChatPerWriter, &key).await?;
    let at = log.now();
    let n = log
        .store
        .chat_append(&loaded.game.id, at, loaded.seq as i64, from.map(i64::from), to.map(i64::from), &text)
        .await?;
    log.heard_talk(&loaded.game.id);
    log.store.announce_talk(&loaded.game.id);
    // A private line is mailed to its addressee at once (as their mail preference lets it).
    if let (Some(to), Some(from)) = (to, from)
        && let (Some(row), Some(writer)) =
            (loaded.seats.get(usize::from(to)), loaded.seats.get(usize::from(from)))
        && !row.email.is_empty()
    {
        let tr: Tr = loaded.tr();
        let mail = crate::mail::private_line(
            &tr,
            &loaded.game,
            row,
            &log.links().sealed().seat(row),
            loaded.seq,
            &writer.name,
            &text,
            n,
            at,
        );
        log.send(loaded, vec![mail], Posting::Queue).await?;
    }
    Ok(ChatLine {
        n: n as u64,
        at,
        step: loaded.seq,
        from,
        to,
        text: Some(text),
        hidden: false,
        cleared: None,
    })
}

/// The host hides line `n` (a line to everyone: the host reads no other).
pub async fn hide(log: &GameLog, loaded: &Loaded, n: u64) -> Result<(), PlayError> {
    let n = i64::try_from(n).map_err(|_| PlayError::invalid("chat-error-no-line"))?;
    if !log.store.chat_hide(&loaded.game.id, n, log.now()).await? {
        // No such line to everyone, or hidden before: which, the host is not told (a private
        // line's number says nothing of its text, but its existence is not theirs either).
        let shown = lines(log, loaded, None, Which::All).await?;
        return match shown.iter().find(|l| l.n == n as u64) {
            Some(l) if l.hidden => Ok(()),
            _ => Err(PlayError::invalid("chat-error-no-line")),
        };
    }
    log.store.announce_talk(&loaded.game.id);
    Ok(())
}

/// The lines for `seat`'s next turn mail: those it may read, written since its last turn mail,
/// not hidden, each as "name: text" ("name → name: text" for a private one).
pub async fn for_turn_mail(
    log: &GameLog,
    game_id: &str,
    seat: Seat,
    tr: &Tr,
    names: &[String],
) -> Result<Vec<String>, PlayError> {
    let rows = log.store.chat_since_turn_mail(game_id, i64::from(seat)).await?;
    Ok(shown(rows, Some(seat)).iter().filter_map(|l| mail_line(l, tr, names)).collect())
}

/// The lines for `seat`'s digest of the mail held since `before` (ms): those it may read,
/// written since its last turn mail before then, not hidden, in words.
pub async fn for_digest(
    log: &GameLog,
    loaded: &Loaded,
    seat: Seat,
    before: i64,
) -> Result<Vec<String>, PlayError> {
    let rows = log.store.chat_for_digest(&loaded.game.id, i64::from(seat), before).await?;
    let (tr, names) = (loaded.tr(), loaded.names());
    Ok(shown(rows, Some(seat)).iter().filter_map(|l| mail_line(l, &tr, &names)).collect())
}

/// A line in a mail's words, its writer named first (so that it never reads as a command of a
/// reply); a hidden line has none.
pub fn mail_line(l: &ChatLine, tr: &Tr, names: &[String]) -> Option<String> {
    let text = l.text.as_ref()?;
    let who = |s: Option<Seat>| match s {
        Some(s) => crate::i18n::isolated(names.get(usize::from(s)).map_or("?", String::as_str)),
        None => tr.t("chat-host"),
    };
    Some(match l.to {
        Some(to) => tr.t_args(
            "chat-mail-private-line",
            &[("from", who(l.from)), ("to", who(Some(to))), ("text", crate::i18n::isolated(text))],
        ),
        None => tr.t_args("chat-mail-line", &[("from", who(l.from)), ("text", crate::i18n::isolated(text))]),
    })
}
