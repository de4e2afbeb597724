//! A move made by replying to the turn mail. The reply's address names the game, the seat and
//! the step the mail was written at, signed with the server's key; its first own line is a
//! command, read into one of the actions the seat is offered now; and the action goes through
//! the one write path (docs/architecture.md, rule 3) as the seat's, as a click would. Every
//! reply a person sent from the seat's address is answered by mail: done, refused (with the
//! rule), or the game moved on — each with the current choices. Machines are not answered,
//! and neither is a reply from any other address: the seat's own address is told instead
//! ([`refuse_stranger`]).

use super::act;
use super::error::PlayError;
use super::limits::{self, Limit};
use super::links::ANY_STEP;
use super::log::mails::commands_of;
use super::log::{GameLog, Loaded, PositionWait, Posting};
use crate::games::commands::{self, NotACommand, PositionReply};
use crate::i18n::Tr;
use crate::ids::GameId;
use crate::mail::listener::{Inbox, Taken};
use crate::mail::{self, Asked, inbound::InboundMail};
use crate::store::{SeatRow, normalize_address};
use feldpost_engine::{Msg, Seat, Viewer};
use std::sync::{Arc, Weak};

/// What came of an inbound message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplyOutcome {
    /// The command was done.
    Done,
    /// The command was refused (by the rules, or not read), and the sender told why.
    Refused,
    /// The mail answered was old: nothing done, the current choices sent.
    MovedOn,
    /// This Message-ID was acted on before: nothing done, nothing sent.
    Duplicate,
    /// A machine's mail (auto-reply, bounce, our own): nothing done, nothing sent.
    Ignored(&'static str),
    /// From another address than the seat's: nothing done, the sender not answered; the seat's
    /// own address told (at most once per [`Limit::StrangerNoticePerSeat`]).
    Stranger,
    /// A bounce to a message's own envelope sender: what came of it (see
    /// `src/play/bounces.rs`: "bounce-hard", "bounce-soft", "duplicate", …).
    Bounce(&'static str),
    /// Mail to our bare address: answered with how to reach a game, or not again today.
    Autoreply(&'static str),
    /// None of its addresses is a reply address of ours with a valid signature.
    UnknownAddress,
}

impl ReplyOutcome {
    pub fn code(&self) -> &'static str {
        match self {
            ReplyOutcome::Done => "done",
            ReplyOutcome::Refused => "refused",
            ReplyOutcome::MovedOn => "moved-on",
            ReplyOutcome::Duplicate => "duplicate",
            ReplyOutcome::Ignored(_) => "ignored",
            ReplyOutcome::Stranger => "stranger",
            ReplyOutcome::Bounce(outcome) | ReplyOutcome::Autoreply(outcome) => outcome,
            ReplyOutcome::UnknownAddress => "unknown-address",
        }
    }
}

/// Whether `address` is a reply address this server signed (the SMTP listener refuses the
/// others at RCPT).
pub fn is_reply_address(log: &GameLog, address: &str) -> bool {
    log.links().reply_target(&[address.trim().to_lowercase()]).is_some()
}

/// Whether `address` is our bare From address (`own`, no tag).
fn is_bare_address(own: &str, address: &str) -> bool {
    let own = normalize_address(own);
    !own.is_empty() && normalize_address(address) == own
}

/// Act on a reply. `own` is our From address: mail from it is a loop. Errors are what a
/// sender should retry (the database away); the claim on the Message-ID is then given back.
/// Mail to a message's bounce address goes to `src/play/bounces.rs`, and so does mail to the
/// bare `own` address (answered with how to reach a game).
pub async fn reply(log: &GameLog, m: &InboundMail, own: &str) -> Result<ReplyOutcome, PlayError> {
    if let Some(outbox_id) = log.links().bounce_target(&m.recipients) {
        return super::bounces::bounce(log, m, &outbox_id).await;
    }
    let Some((game_id, seat, seq)) = log.links().reply_target(&m.recipients) else {
        if m.recipients.iter().any(|r| is_bare_address(own, r)) {
            return super::bounces::autoreply(log, m, own).await;
        }
        return Ok(ReplyOutcome::UnknownAddress);
    };
    let Some(game_id) = GameId::parse(&game_id) else { return Ok(ReplyOutcome::UnknownAddress) };
    if let Some(why) = m.automatic {
        tracing::info!("inbound {}: not answered ({why})", m.message_id);
        return Ok(ReplyOutcome::Ignored(why));
    }
    // Our own mail (a bounce of ours, a copy come back) is a loop: the From, or the From
    // with a subaddress of ours.
    let own = normalize_address(own);
    let (own_user, own_domain) = own.split_once('@').unwrap_or((own.as_str(), ""));
    let (from_user, from_domain) = m.from.split_once('@').unwrap_or((m.from.as_str(), ""));
    let from_user = from_user.split_once('+').map(|(u, _)| u).unwrap_or(from_user);
    if !own.is_empty() && from_user == own_user && from_domain == own_domain {
        return Ok(ReplyOutcome::Ignored("our own mail"));
    }
    if !log.store.inbound_claim(&m.message_id, &game_id, log.now()).await? {
        return Ok(ReplyOutcome::Duplicate);
    }
    match answer_reply(log, m, &game_id, seat as Seat, seq).await {
        Ok(outcome) => {
            log.store.inbound_outcome(&m.message_id, outcome.code()).await?;
            Ok(outcome)
        }
        Err(e) => {
            // Nothing was done: the sender's retry must not count as a second delivery.
            let _ = log.store.inbound_release(&m.message_id).await;
            Err(e)
        }
    }
}

async fn answer_reply(
    log: &GameLog,
    m: &InboundMail,
    game_id: &GameId,
    seat: Seat,
    seq: u64,
) -> Result<ReplyOutcome, PlayError> {
    let loaded = match log.load(game_id).await {
        Ok(l) => l,
        Err(PlayError::UnknownGame) => return Ok(ReplyOutcome::UnknownAddress),
        Err(e) => return Err(e),
    };
    let Some(mut row) = loaded.seats.get(usize::from(seat)).cloned() else {
        return Ok(ReplyOutcome::UnknownAddress);
    };
    // The address as the database has it now: a cached seat keeps one that was forgotten since
    // outside any record (`feldpost forget`, another server), and that address acts no more.
    row.email = log
        .store
        .seats(game_id)
        .await?
        .into_iter()
        .find(|s| s.seat == row.seat)
        .map(|s| s.email)
        .unwrap_or_default();
    let tr = loaded.tr();
    // A seat without an address has no reply address of its own to answer from: anyone
    // writing for it is a stranger too.
    if row.email.is_empty() || normalize_address(&row.email) != m.from {
        refuse_stranger(log, m, &loaded, &row, &tr).await?;
        return Ok(ReplyOutcome::Stranger);
    }
    let command = m.lines.first().cloned().unwrap_or_default();
    let quoted = |key: &str| tr.t_args(key, &[("command", command.clone())]);
    // A game from a real table waiting for the seats' answers to its position: a reply
    // answers that, through the same use case as the seat's page.
    if let Some(PositionWait::Answers { position, .. }) = loaded.notes.position_wait(loaded.seats.len()) {
        if let Some(part) = commands::private_reply(&command) {
            return enter_private(log, game_id, &tr, loaded, &row, part).await;
        }
        return answer_position(log, game_id, &tr, loaded, &row, seq, position, &command).await;
    }
    // A turn mail's reply address names the step it was written at: a reply to an older one
    // acts on nothing. Every other mail of the seat's (an invitation, a notice, a reminder, an
    // answer that asked nothing) names no step (0): a reply to it is a reply to the turn as it
    // stands now.
    let current = seq == ANY_STEP;
    let seq = if current { loaded.seq } else { seq };
    if loaded.seq != seq {
        let said = vec![tr.t("mail-reply-moved-on")];
        send_answer(log, &tr, loaded, &row, said, Vec::new(), true).await?;
        return Ok(ReplyOutcome::MovedOn);
    }
    if command.is_empty() {
        send_answer(log, &tr, loaded, &row, vec![tr.t("mail-reply-empty")], Vec::new(), true).await?;
        return Ok(ReplyOutcome::Refused);
    }
    let action = match commands::parse(&command, &loaded.table.commands(seat), loaded.rules) {
        Ok(a) => a,
        Err(NotACommand::Unknown) => {
            send_answer(log, &tr, loaded, &row, vec![quoted("mail-reply-unknown")], Vec::new(), true).await?;
            return Ok(ReplyOutcome::Refused);
        }
        Err(NotACommand::NotOffered(n)) => {
            let why = loaded.table.number_not_offered(seat, n);
            let said = vec![
                tr.t_args("mail-reply-refused", &[("command", command.clone()), ("reason", tr.msg(&why))]),
            ];
            send_answer(log, &tr, loaded, &row, said, Vec::new(), true).await?;
            return Ok(ReplyOutcome::Refused);
        }
        Err(NotACommand::Incomplete(why)) => {
            let said = vec![
                tr.t_args("mail-reply-refused", &[("command", command.clone()), ("reason", tr.msg(&why))]),
            ];
            send_answer(log, &tr, loaded, &row, said, Vec::new(), true).await?;
            return Ok(ReplyOutcome::Refused);
        }
    };
    let refused =
        |reason: String| tr.t_args("mail-reply-refused", &[("command", command.clone()), ("reason", reason)]);
    // The seat is known from the signed address: it acts as itself, in the game as loaded.
    let (outcome, said, changed, now) = match act::as_seat(log, loaded.clone(), seat, seq, &action).await {
        Ok(committed) => {
            // What the move did, as the seat may see it, in words.
            let changed = committed
                .events()
                .iter()
                .filter_map(|e| committed.after.table.described(e, Viewer::Seat(seat)).ok().flatten())
                .collect();
            (ReplyOutcome::Done, vec![quoted("mail-reply-done")], changed, committed.after)
        }
        Err(PlayError::Conflict { .. }) => {
            let now = log.load(game_id).await?;
            (ReplyOutcome::MovedOn, vec![tr.t("mail-reply-moved-on")], Vec::new(), now)
        }
        Err(PlayError::Refused(r) | PlayError::NotYourTurn(r)) => {
            let reason = format!(
                "{} {}",
                tr.msg(&r.reason),
                tr.t_args("mail-reply-rule", &[("rule", r.rule.clone())])
            );
            (ReplyOutcome::Refused, vec![refused(reason)], Vec::new(), loaded)
        }
        Err(PlayError::Finished) => {
            (ReplyOutcome::Refused, vec![refused(tr.t("mail-reply-finished"))], Vec::new(), loaded)
        }
        Err(PlayError::Paused { until }) => {
            let when = crate::clock::format_utc(until);
            let said = vec![refused(tr.t_args("mail-reply-paused", &[("when", when)]))];
            (ReplyOutcome::Refused, said, Vec::new(), loaded)
        }
        Err(PlayError::Malformed(why)) => {
            tracing::info!("inbound {}: {why}", m.message_id);
            (ReplyOutcome::Refused, vec![quoted("mail-reply-unknown")], Vec::new(), loaded)
        }
        Err(PlayError::Invalid(msg)) => {
            (ReplyOutcome::Refused, vec![refused(tr.msg(&msg))], Vec::new(), loaded)
        }
        Err(e) => return Err(e),
    };
    let refusal = outcome != ReplyOutcome::Done;
    send_answer(log, &tr, now, &row, said, changed, refusal).await?;
    Ok(outcome)
}

/// A reply that enters the seat's private part of the position ("key: RBNP…", Služba's key
/// card by a coordinator), through `play::position::enter_private` as the seat's page enters
/// it. A reply to any of the seat's mails will do: the engine checks the part against the
/// table as it stands. Where the ruleset takes its private part on the page only (a Colditz
/// hand), the answer says so. The answer never repeats the part: the mail stays the seat's,
/// but a key card has no business in more places than it must.
async fn enter_private(
    log: &GameLog,
    game_id: &GameId,
    tr: &Tr,
    loaded: Loaded,
    row: &SeatRow,
    text: &str,
) -> Result<ReplyOutcome, PlayError> {
    let seat = row.seat as Seat;
    if loaded.table.private_position_form(seat, &|m| tr.msg(m)).is_empty() {
        send_answer(log, tr, loaded, row, vec![tr.t("mail-position-private-none")], Vec::new(), true).await?;
        return Ok(ReplyOutcome::Refused);
    }
    let Some(part) = loaded.table.private_from_reply(text) else {
        send_answer(log, tr, loaded, row, vec![tr.t("mail-position-private-page-only")], Vec::new(), true)
            .await?;
        return Ok(ReplyOutcome::Refused);
    };
    match super::position::enter_private(log, loaded.clone(), seat, loaded.seq, &part).await {
        Ok(_) => {
            let now = log.load(game_id).await?;
            // The part that made the position whole: every seat has just been asked to check
            // it, this one too (the answer lists how).
            let said = if now.table.position_complete() && !loaded.table.position_complete() {
                tr.t("mail-position-private-entered-complete")
            } else {
                tr.t("mail-position-private-entered")
            };
            send_answer(log, tr, now, row, vec![said], Vec::new(), false).await?;
            Ok(ReplyOutcome::Done)
        }
        // A position's refusals name their rule in their own words.
        Err(PlayError::Refused(r) | PlayError::NotYourTurn(r)) => {
            let said = tr.t_args("mail-position-private-refused", &[("reason", tr.msg(&r.reason))]);
            send_answer(log, tr, loaded, row, vec![said], Vec::new(), true).await?;
            Ok(ReplyOutcome::Refused)
        }
        Err(PlayError::Invalid(msg)) => {
            let said = tr.t_args("mail-position-private-refused", &[("reason", tr.msg(&msg))]);
            send_answer(log, tr, loaded, row, vec![said], Vec::new(), true).await?;
            Ok(ReplyOutcome::Refused)
        }
        Err(PlayError::Conflict { .. }) => {
            let now = log.load(game_id).await?;
            send_answer(log, tr, now, row, vec![tr.t("mail-reply-moved-on")], Vec::new(), true).await?;
            Ok(ReplyOutcome::MovedOn)
        }
        Err(e) => Err(e),
    }
}

/// A reply to the mail that asked the seat to check the position of record `position`
/// (docs/positions.md): "agree", or "wrong:" and what is wrong, in any of our languages
/// ([`commands::position_reply`]), answered through `play::position::answer` as the seat's
/// page answers. A reply to any other mail (`tag_seq`, the step its address names) is not
/// taken for an answer: the position may have been corrected since the seat last saw it.
/// Anything else is refused with how to answer, and nothing is written.
#[allow(clippy::too_many_arguments)]
async fn answer_position(
    log: &GameLog,
    game_id: &GameId,
    tr: &Tr,
    loaded: Loaded,
    row: &SeatRow,
    tag_seq: u64,
    position: u64,
    command: &str,
) -> Result<ReplyOutcome, PlayError> {
    let seat = row.seat as Seat;
    if tag_seq != position {
        send_answer(log, tr, loaded, row, vec![tr.t("mail-position-reply-old")], Vec::new(), true).await?;
        return Ok(ReplyOutcome::MovedOn);
    }
    let (agrees, note) = match commands::position_reply(command) {
        Some(PositionReply::Agree) => (true, String::new()),
        Some(PositionReply::Wrong(note)) => (false, note),
        Some(PositionReply::NoNote) => {
            send_answer(log, tr, loaded, row, vec![tr.t("mail-position-reply-no-note")], Vec::new(), true)
                .await?;
            return Ok(ReplyOutcome::Refused);
        }
        None => {
            let said = if command.is_empty() {
                tr.t("mail-reply-empty")
            } else {
                tr.t_args("mail-position-reply-unknown", &[("command", command.to_owned())])
            };
            send_answer(log, tr, loaded, row, vec![said], Vec::new(), true).await?;
            return Ok(ReplyOutcome::Refused);
        }
    };
    // Another seat answering at the same moment moves the game on: the answer is given again
    // to the game as it stands, as long as the same position waits.
    let mut loaded = loaded;
    for _ in 0..3 {
        match super::position::answer(log, loaded.clone(), seat, loaded.seq, agrees, &note).await {
            Ok(_) => {
                let now = log.load(game_id).await?;
                let said = if agrees {
                    tr.t("mail-position-reply-agreed")
                } else {
                    tr.t_args("mail-position-reply-disagreed", &[("note", crate::i18n::isolated(&note))])
                };
                send_answer(log, tr, now, row, vec![said], Vec::new(), false).await?;
                return Ok(ReplyOutcome::Done);
            }
            Err(PlayError::Conflict { .. }) => {
                loaded = log.load(game_id).await?;
                if !matches!(
                    loaded.notes.position_wait(loaded.seats.len()),
                    Some(PositionWait::Answers { position: p, .. }) if p == position
                ) {
                    break;
                }
            }
            Err(PlayError::Invalid(msg)) => {
                let said = tr.t_args(
                    "mail-reply-refused",
                    &[("command", command.to_owned()), ("reason", tr.msg(&msg))],
                );
                send_answer(log, tr, loaded, row, vec![said], Vec::new(), true).await?;
                return Ok(ReplyOutcome::Refused);
            }
            Err(e) => return Err(e),
        }
    }
    send_answer(log, tr, loaded, row, vec![tr.t("mail-reply-moved-on")], Vec::new(), true).await?;
    Ok(ReplyOutcome::MovedOn)
}

/// A reply from another address than the seat's: nothing is done, and its sender is never
/// answered. Anyone can write any From, so an answer to it would let whoever holds one reply
/// address make this server mail any address they like. The refusal is logged and recorded
/// with the message (outcome "stranger"), and the seat's own address, which the game mails
/// anyway, is told, at most once per [`Limit::StrangerNoticePerSeat`]: a player who wrote
/// from a second address learns why nothing happened, and one whose turn mail reached
/// someone else learns that.
async fn refuse_stranger(
    log: &GameLog,
    m: &InboundMail,
    loaded: &Loaded,
    row: &SeatRow,
    tr: &Tr,
) -> Result<(), PlayError> {
    tracing::info!(
        "inbound {}: not from the address of seat {} of {}: nothing done, the sender not answered",
        m.message_id,
        row.seat,
        row.game_id
    );
    if row.email.is_empty() {
        return Ok(());
    }
    match limits::take(log, Limit::StrangerNoticePerSeat, &format!("{}:{}", row.game_id, row.seat)).await {
        Ok(()) => {}
        Err(PlayError::TooMany(_)) => {
            tracing::info!("inbound {}: the seat was told of another lately; not again", m.message_id);
            return Ok(());
        }
        Err(e) => return Err(e),
    }
    let notice = mail::reply_from_stranger(
        tr,
        &loaded.game,
        row,
        &log.links().sealed().seat(row),
        loaded.seq,
        log.now(),
    );
    log.send(loaded, vec![notice], Posting::Queue).await?;
    Ok(())
}

/// The answer to a reply, with the game as it stands now: the seat's choices with a fresh
/// Reply-To when it must act, else who must.
///
/// A refusal (`refusal`: nothing was done) is sent at most [`Limit::RefusalsPerSeat`] times a
/// step, and the same refusal at the same step only once: an auto-responder that ignores the
/// rules for machines (no Auto-Submitted, no memory) answers every answer, and without these
/// it and this server would mail each other for ever. A move made, or the next step, starts
/// afresh.
async fn send_answer(
    log: &GameLog,
    tr: &Tr,
    loaded: Loaded,
    row: &SeatRow,
    said: Vec<String>,
    changed: Vec<Msg>,
    refusal: bool,
) -> Result<(), PlayError> {
    let seat = row.seat as Seat;
    // A game from a real table waiting for its position asks no move of anyone; a seat that
    // has not agreed to the position is asked for its answer instead (the position again,
    // and a reply address for it).
    let wait = loaded.notes.position_wait(loaded.seats.len());
    let to_act = if loaded.finished() || wait.is_some() { Vec::new() } else { loaded.table.to_act() };
    let (mut commands, lead, concede) = if to_act.contains(&seat) {
        commands_of(loaded.table.as_ref(), seat, tr)
    } else {
        (Vec::new(), Vec::new(), None)
    };
    // Asked to act: a reply acts on this step; else on the turn as it will stand.
    let mut step = if commands.is_empty() { ANY_STEP } else { loaded.seq };
    let mut position = None;
    let mut position_waits = None;
    match &wait {
        Some(PositionWait::Answers { position: p, answers })
            if !matches!(answers.get(usize::from(seat)), Some(Some((true, _)))) =>
        {
            step = *p;
            let named = tr.clone().isolating();
            position = Some(loaded.table.position_words(seat, &|m| named.msg(m)));
            // A seat with a private part still to enter (the form its page offers it: Služba's
            // key card, a Colditz hand) may not agree until the position is whole: its part
            // comes first, so it is told how to enter it (by reply where the ruleset reads
            // one) and offered neither answer.
            if loaded.table.private_position_form(seat, &|m| tr.msg(m)).is_empty() {
                if loaded.table.position_complete() {
                    commands = mail::position_answers(tr);
                } else {
                    // Another seat's private part is still missing: agreeing would be refused.
                    position_waits = Some(tr.t("mail-position-reply-waiting-private"));
                }
            } else if loaded.table.private_from_reply("").is_some() {
                position_waits = Some(tr.t("mail-position-private-owed-reply"));
            } else {
                position_waits = Some(tr.t("mail-position-private-owed-page"));
            }
        }
        Some(PositionWait::Answers { .. }) => position_waits = Some(tr.t("mail-position-reply-waiting")),
        Some(PositionWait::Entry) => position_waits = Some(tr.t("position-waiting-entry")),
        None => {}
    }
    let reply_tag = Some(log.links().sealed().reply_tag(&loaded.game.id, seat.into(), step));
    // Nothing to wait for once the game has ended, or while the seat itself is asked.
    let waiting_for = if position_waits.is_some() {
        position_waits
    } else if loaded.finished() || to_act.contains(&seat) || position.is_some() {
        None
    } else if to_act.is_empty() {
        Some(tr.t("mail-reply-no-turn"))
    } else {
        let players = to_act.iter().map(|s| tr.seat_name(*s)).collect::<Vec<_>>().join(", ");
        Some(tr.t_args("mail-reply-wait", &[("players", players)]))
    };
    let board = loaded.table.mail_board(seat);
    let places = loaded.table.mail_places(seat);
    let asked = Asked {
        lead: &lead,
        board: board.as_ref(),
        places: &places,
        own_numbers: loaded.rules.own_numbers(),
        commands: &commands,
        concede,
        reply_tag,
        talk: &[],
        // An answer to a reply is no turn mail: the deadline is in the turn mail and its reminder.
        deadline: None,
        position: position.as_deref(),
    };
    let mut answer = mail::reply_answer(
        tr,
        &loaded.game,
        row,
        &log.links().sealed().seat(row),
        loaded.seq,
        &said,
        &changed,
        &asked,
        waiting_for,
        log.now(),
    );
    // An answer to what the player sent, not a notice: no mail preference holds it back.
    answer.seat = None;
    if refusal {
        // One of each refusal a step: the kind of a refusal is made of what it says (and the
        // outbox takes a mail once per game, step, recipient and kind).
        use sha2::Digest;
        let said_hash = sha2::Sha256::digest(said.join("\n").as_bytes());
        answer.kind = crate::store::MailKind::ReplyAnswer { id: hex::encode(&said_hash[..8]) };
        if log.store.outbox_has(&loaded.game.id, answer.seq, &answer.recipient, &answer.kind).await? {
            tracing::info!(
                "reply to seat {} of {}: the same refusal again, not answered",
                row.seat,
                loaded.game.id
            );
            return Ok(());
        }
        let key = format!("{}:{}:{}", loaded.game.id, row.seat, loaded.seq);
        match limits::take(log, Limit::RefusalsPerSeat, &key).await {
            Ok(()) => {}
            Err(PlayError::TooMany(_)) => {
                tracing::info!(
                    "reply to seat {} of {}: refused too often, not answered",
                    row.seat,
                    loaded.game.id
                );
                return Ok(());
            }
            Err(e) => return Err(e),
        }
    }
    log.send(&loaded, vec![answer], Posting::Queue).await?;
    Ok(())
}

/// The listener's inbox: each message it receives is a reply, acted on here. It holds the log
/// weakly: the listener's threads never end, and must not keep the server's state (its
/// database pool) alive after the server has let it go; then mail is answered "try later".
pub struct Replies {
    log: Weak<GameLog>,
    /// Our From address: mail from it is a loop.
    own: String,
}

impl Replies {
    pub fn new(log: &Arc<GameLog>, own: &str) -> Arc<Replies> {
        Arc::new(Replies { log: Arc::downgrade(log), own: own.to_owned() })
    }
}

impl Inbox for Replies {
    /// A bounce address of ours (a message's own envelope sender, signed) from any sender, the
    /// null sender above all; a reply address of ours, or our bare address, from any sender but
    /// the null sender (only a bounce comes from it, and bounces go to the bounce addresses).
    fn accepts(&self, sender: Option<&str>, address: &str) -> bool {
        let Some(log) = self.log.upgrade() else { return false };
        let address = address.trim().to_lowercase();
        if log.links().bounce_target(std::slice::from_ref(&address)).is_some() {
            return true;
        }
        sender.is_some() && (is_reply_address(&log, &address) || is_bare_address(&self.own, &address))
    }

    fn take(&self, mail: InboundMail) -> futures_util::future::BoxFuture<'static, Taken> {
        let (log, own) = (self.log.upgrade(), self.own.clone());
        Box::pin(async move {
            let Some(log) = log else { return Taken::TryLater("the server is stopping".into()) };
            // For the listener's log line: the game and seat the reply address names.
            let note = log
                .links()
                .reply_target(&mail.recipients)
                .map(|(game, seat, _)| format!("game {game}, seat {seat}"))
                .or_else(|| {
                    log.links().bounce_target(&mail.recipients).map(|id| format!("bounce of mail {id}"))
                })
                .unwrap_or_default();
            match reply(&log, &mail, &own).await {
                Ok(ReplyOutcome::UnknownAddress) => Taken::NoSuchAddress,
                Ok(outcome) => Taken::Done { outcome: outcome.code(), note },
                Err(e) => Taken::TryLater(e.to_string()),
            }
        })
    }
}
