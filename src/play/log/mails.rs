//! Which mails a change causes: one pure function of the state before and after, the records
//! and the seats ([`caused`]; a new game's: [`created`]). Everything it needs that is stored
//! elsewhere (the events since a seat's last turn mail, the host's address) the commit reads
//! first. What each mail says is composed in `src/mail/compose.rs`, through the per-viewer gate
//! (docs/architecture.md, rule 4): a seat is told only what its view shows.

use crate::games::Table;
use crate::i18n::{Lang, Tr};
use crate::mail;
use crate::play::Links;
use crate::play::describe::describe_meta;
use crate::record::{Cause, CauseKind, DisputePolicy, Party, Record};
use crate::store::{GameRow, OutboxRow, SeatRow};
use feldpost_engine::{Msg, Seat, Viewer};
use serde_json::Value;

/// What a committed change's mails are decided from.
pub(crate) struct Caused<'a> {
    pub game: &'a GameRow,
    /// The seats before the change (a seat handed on: its former player is not told).
    pub seats_before: &'a [SeatRow],
    /// The seats after it.
    pub seats: &'a [SeatRow],
    pub before: &'a dyn Table,
    pub after: &'a dyn Table,
    pub records: &'a [Record],
    /// The game's notes before these records: every record about other records.
    pub notes: &'a [Record],
    /// Who was asked to act before (nobody after a rewind: everyone asked now is told).
    pub asked_before: &'a [Seat],
    /// For each seat newly asked that has an address: the events since its last turn mail,
    /// before these records.
    pub since: &'a [(Seat, Vec<std::sync::Arc<[Value]>>)],
    /// For each seat newly asked that has an address: the table talk it may read since its
    /// last turn mail, in words (`play::chat::for_turn_mail`).
    pub talk: &'a [(Seat, Vec<String>)],
    /// Each dispute record's adjudicator (by the dispute's seq).
    pub adjudicators: &'a [(u64, Party)],
    /// The host's address, when a dispute asks the host to rule or a seat disagrees with a
    /// position from a real table.
    pub host_email: Option<&'a str>,
    pub policy: DisputePolicy,
    /// When the seats asked after the change must have acted, if the game has a running
    /// deadline (its turn mails state it, each in its seat's time zone).
    pub deadline: Option<i64>,
    pub links: &'a Links,
    pub lang: Lang,
}

/// The seats asked to act after a change that were not asked before (nobody once the game
/// has ended).
pub(crate) fn newly_asked(after: &dyn Table, asked_before: &[Seat]) -> Vec<Seat> {
    if after.outcome().is_some() {
        return Vec::new();
    }
    after.to_act().into_iter().filter(|s| !asked_before.contains(s)).collect()
}

/// The mails a change causes, in the order they are queued: what each record asks for itself
/// (a dispute's adjudicator asked to rule, an absence, a pause or its end told, a new player
/// invited), then a turn mail to each seat newly asked, then a notice of each record that
/// concerns everyone, then the end of the game.
pub(crate) fn caused(c: &Caused) -> Vec<OutboxRow> {
    let mut out = Vec::new();
    let (Some(last), Some(_)) = (c.records.last(), c.records.first()) else { return out };
    let now = last.at;
    let tr = Tr::new(c.lang).with_names(c.seats.iter().map(|s| s.name.clone()).collect());
    for r in c.records {
        match &r.cause {
            Cause::Dispute { against, claim, .. } => {
                let party = c.adjudicators.iter().find(|(d, _)| *d == r.seq).map(|(_, p)| *p);
                let asked = mail::DisputeAsked {
                    seq: r.seq,
                    against: *against,
                    claim,
                    expires_at: r.at + i64::from(c.policy.ruling_hours) * crate::clock::HOUR_MS,
                };
                let to =
                    Adjudicator { game: c.game, seats: c.seats, links: c.links, host_email: c.host_email };
                out.extend(party.and_then(|p| to.asked(&tr, p, &asked, false, now)));
            }
            Cause::Absent { seat, until } => {
                let Some(away) = c.seats.get(usize::from(*seat)) else { continue };
                for to in mailable(c.seats).filter(|to| to.seat != away.seat) {
                    let link = c.links.sealed().seat(to);
                    out.push(mail::absence_notice(&tr, c.game, to, &link, r.seq, away, *until, r.at));
                }
            }
            Cause::Paused { until, .. } => {
                for to in mailable(c.seats) {
                    out.push(mail::pause_notice(
                        &tr,
                        c.game,
                        to,
                        &c.links.sealed().seat(to),
                        r.seq,
                        *until,
                        r.at,
                    ));
                }
            }
            Cause::Resumed { .. } => {
                for to in mailable(c.seats) {
                    out.push(mail::resume_notice(&tr, c.game, to, &c.links.sealed().seat(to), r.seq, r.at));
                }
            }
            Cause::Replaced { seat, .. } => {
                if let Some(new) = c.seats.get(usize::from(*seat)).filter(|s| !s.email.is_empty()) {
                    let role = c.after.seat_label(*seat);
                    let position_to_come =
                        super::notes::position_wait(c.notes.iter().chain(c.records.iter()), c.seats.len())
                            .is_some();
                    let link = c.links.sealed().seat(new);
                    let mut invite = mail::invitation(&tr, c.game, new, &role, &link, position_to_come, r.at);
                    invite.seq = r.seq as i64;
                    out.push(invite);
                    // A new player whose turn it is hears so at once, after the invitation.
                    if c.after.outcome().is_none() && c.after.to_act().contains(seat) {
                        let mut turn =
                            turn_mail(c.game, new, c.after, &[], &[], r.seq, r.at, c.deadline, c.links, &tr);
                        turn.created_at = r.at + 1;
                        out.push(turn);
                    }
                }
            }
            // A game from a real table: every seat is asked to check the position entered (or
            // corrected), as its own view shows it, and may answer by reply.
            // While a part that a seat enters privately is missing (Služba's key card), nobody
            // is asked to agree yet: the seats that must enter theirs are told so instead.
            Cause::Position { .. } if c.after.position_complete() => {
                for to in mailable(c.seats) {
                    out.push(position_asked(c.game, to, c.after, r.seq, r.at, c.links, &tr));
                }
            }
            // Told once, when the host enters (or corrects) the table: a seat's own entry
            // (one Colditz hand of several) tells the others nothing new.
            Cause::Position { by: crate::record::Party::Host, .. } => {
                for to in mailable(c.seats) {
                    if c.after.private_position_form(to.seat as Seat, &|m| tr.msg(m)).is_empty() {
                        continue;
                    }
                    // Where the part may come by reply (Služba's key card), the mail says how.
                    let by_mail = c.after.private_from_reply("").is_some();
                    let what = Msg::new(if by_mail {
                        "mail-position-private-or-reply"
                    } else {
                        "mail-position-private"
                    });
                    let link = c.links.sealed().seat(to);
                    out.push(mail::notice(&tr, c.game, to, &link, r.seq, CauseKind::Position, &what, r.at));
                }
            }
            // A seat's entry may send other parts back to be entered again (Colditz hands that
            // claimed more cards than the pack has): whoever must enter theirs again is told,
            // in the same words for everyone.
            Cause::Position { by: crate::record::Party::Seat(_), .. } => {
                for to in mailable(c.seats) {
                    let seat = to.seat as Seat;
                    let asked = |t: &dyn Table| !t.private_position_form(seat, &|m| tr.msg(m)).is_empty();
                    if asked(c.after) && !asked(c.before) {
                        let what = Msg::new("mail-position-private-again");
                        let link = c.links.sealed().seat(to);
                        out.push(mail::notice(
                            &tr,
                            c.game,
                            to,
                            &link,
                            r.seq,
                            CauseKind::Position,
                            &what,
                            r.at,
                        ));
                    }
                }
            }
            // The host hears of a disagreement at once, with the seat's note.
            Cause::PositionAnswer { seat, agrees: false, note, .. } => {
                if let (Some(host), Some(who)) = (c.host_email, c.seats.get(usize::from(*seat))) {
                    let link = c.links.sealed().host_url(c.game);
                    out.push(mail::position_disputed(&tr, c.game, host, who, note, &link, r.seq, r.at));
                }
            }
            _ => {}
        }
    }
    // The turn mails tell what happened: every record's events, as of the last record.
    let told: Vec<&Value> = c.records.iter().flat_map(|r| r.events.iter()).collect();
    // A game carried over from a real table asks nobody to move while its position waits for
    // the seats' answers; the last agreement asks whoever the position names.
    let seats = c.seats.len();
    let waited = super::notes::position_wait(c.notes.iter(), seats).is_some();
    let waits = super::notes::position_wait(c.notes.iter().chain(c.records.iter()), seats).is_some();
    let asked = match (waited, waits) {
        (_, true) => Vec::new(),
        (true, false) => newly_asked(c.after, &[]),
        (false, false) => newly_asked(c.after, c.asked_before),
    };
    for seat in asked {
        let Some(row) = c.seats.get(usize::from(seat)).filter(|r| !r.email.is_empty()) else { continue };
        // Borrowed, not copied: a seat's events are read once, to describe them.
        let before = c.since.iter().find(|(s, _)| *s == seat).map_or(&[][..], |(_, e)| e.as_slice());
        let events: Vec<&Value> = before.iter().flat_map(|r| r.iter()).chain(told.iter().copied()).collect();
        let talk = c.talk.iter().find(|(s, _)| *s == seat).map_or(&[][..], |(_, t)| t.as_slice());
        out.push(turn_mail(c.game, row, c.after, &events, talk, last.seq, last.at, c.deadline, c.links, &tr));
    }
    for r in c.records.iter().filter(|r| r.cause.kind().concerns_everyone()) {
        let what = describe_meta(&r.cause, &|seq| crate::record::concerned_step(&[c.notes, c.records], seq));
        let handed_on = match r.cause {
            Cause::Replaced { seat, .. } => Some(i64::from(seat)),
            _ => None,
        };
        for row in mailable(c.seats_before).filter(|row| Some(row.seat) != handed_on) {
            let link = c.links.sealed().seat(row);
            out.push(mail::notice(&tr, c.game, row, &link, r.seq, r.cause.kind(), &what, now));
        }
    }
    if let Some(outcome) = c.after.outcome().filter(|_| c.before.outcome().is_none()) {
        for row in mailable(c.seats_before) {
            out.push(mail::game_over(
                &tr,
                c.game,
                row,
                &c.links.sealed().seat(row),
                last.seq,
                &outcome.summary,
                now,
            ));
        }
    }
    out
}

/// A new game's mails: each seat's invitation (the root of its thread), then the first turn
/// mail of each seat asked to act, a moment later so that it goes out after the invitation.
pub(crate) struct Created<'a> {
    pub game: &'a GameRow,
    pub seats: &'a [SeatRow],
    /// The state after the first record.
    pub table: &'a dyn Table,
    pub first: &'a Record,
    /// When the first seats asked must have acted, if the game has a deadline.
    pub deadline: Option<i64>,
    pub links: &'a Links,
    pub tr: &'a Tr,
}

pub(crate) fn created(c: &Created) -> Vec<OutboxRow> {
    let now = c.first.at;
    let mut out = Vec::new();
    // A game carried over from a real table: nobody moves before its position is agreed.
    let waits = matches!(c.first.cause, crate::record::Cause::Created { from_position: true, .. });
    for seat in c.seats.iter().filter(|s| !s.email.is_empty()) {
        let role = c.table.seat_label(seat.seat as Seat);
        let link = c.links.sealed().seat(seat);
        out.push(mail::invitation(c.tr, c.game, seat, &role, &link, waits, now));
    }
    for seat in c.table.to_act().into_iter().filter(|_| !waits) {
        if let Some(row) = c.seats.get(usize::from(seat)).filter(|r| !r.email.is_empty()) {
            let mut turn = turn_mail(
                c.game,
                row,
                c.table,
                &c.first.events.iter().collect::<Vec<_>>(),
                &[],
                c.first.seq,
                now,
                c.deadline,
                c.links,
                c.tr,
            );
            // The outbox is sent oldest first: the invitation, the thread's root, goes first.
            turn.created_at = now + 1;
            out.push(turn);
        }
    }
    out
}

/// Where a dispute's adjudicator is reached: a seat at its address, or the host at theirs.
pub(crate) struct Adjudicator<'a> {
    pub game: &'a GameRow,
    pub seats: &'a [SeatRow],
    pub links: &'a Links,
    pub host_email: Option<&'a str>,
}

impl Adjudicator<'_> {
    /// The mail that asks `party` to rule on a dispute (or reminds them), with a link to the
    /// ruling page: a seat's own, or the host's. `None` when the adjudicator has no address.
    pub(crate) fn asked(
        &self,
        tr: &Tr,
        party: Party,
        d: &mail::DisputeAsked,
        reminder: bool,
        now: i64,
    ) -> Option<OutboxRow> {
        // A seat's deadline in its own time zone; the host's in UTC.
        let (to, greeting, link, zone) = match party {
            Party::Seat(s) => {
                let row = self.seats.get(usize::from(s)).filter(|r| !r.email.is_empty())?;
                let link = format!("{}/disputes/{}", self.links.sealed().seat(row), d.seq);
                (
                    row.email.clone(),
                    tr.t_args("mail-greeting", &[("player", row.name.clone())]),
                    link,
                    row.zone(),
                )
            }
            _ => {
                let host = self.host_email.filter(|h| !h.is_empty())?;
                let link = format!("{}/disputes/{}", self.links.sealed().host_url(self.game), d.seq);
                (host.to_owned(), tr.t("mail-greeting-host"), link, None)
            }
        };
        Some(mail::ruling_request(tr, self.game, &to, greeting, &link, d, zone.as_ref(), reminder, now))
    }
}

/// The seats that have an address.
fn mailable(seats: &[SeatRow]) -> impl Iterator<Item = &SeatRow> {
    seats.iter().filter(|r| !r.email.is_empty())
}

/// `seat`'s turn mail: what it is asked (each legal action as a command for a reply) and
/// every event in `events` as its view shows them.
#[allow(clippy::too_many_arguments)]
fn turn_mail(
    game: &GameRow,
    row: &SeatRow,
    table: &dyn Table,
    events: &[&Value],
    talk: &[String],
    seq: u64,
    at: i64,
    deadline: Option<i64>,
    links: &Links,
    tr: &Tr,
) -> OutboxRow {
    let seat = row.seat as Seat;
    let seen = seen_by(table, seat, events);
    let (commands, lead, concede) = commands_of(table, seat, tr);
    let board = table.mail_board(seat);
    let places = table.mail_places(seat);
    let asked = mail::Asked {
        lead: &lead,
        board: board.as_ref(),
        places: &places,
        own_numbers: table.own_numbers(),
        commands: &commands,
        concede,
        reply_tag: Some(links.sealed().reply_tag(&game.id, u32::from(seat), seq)),
        talk,
        deadline,
        position: None,
    };
    mail::your_turn(tr, game, row, &links.sealed().seat(row), seq, &asked, &seen, at)
}

/// The mail that asks `row`'s seat to check the position entered at step `seq`: the position
/// as its view shows it (docs/architecture.md, rule 4), and a reply address for its answer.
pub(crate) fn position_asked(
    game: &GameRow,
    row: &SeatRow,
    table: &dyn Table,
    seq: u64,
    at: i64,
    links: &Links,
    tr: &Tr,
) -> OutboxRow {
    let seat = row.seat as Seat;
    let named = tr.clone().isolating();
    let words = table.position_words(seat, &|m| named.msg(m));
    let board = table.mail_board(seat);
    let tag = links.sealed().reply_tag(&game.id, u32::from(seat), seq);
    mail::position_asked(tr, game, row, &links.sealed().seat(row), seq, &words, board.as_ref(), tag, at)
}

/// What `events` show `seat` (through the engine's redaction).
pub(crate) fn seen_by(table: &dyn Table, seat: Seat, events: &[&Value]) -> Vec<Msg> {
    events.iter().filter_map(|e| table.described(e, Viewer::Seat(seat)).ok().flatten()).collect()
}

/// What a mail offers `seat`: each legal action as a command for a reply with its words, what
/// its view says first, and apart from the list the word that concedes, if the seat may
/// (docs/architecture.md, rule 4: all come from the engine's legal actions and per-viewer view).
pub(crate) fn commands_of(
    table: &dyn Table,
    seat: Seat,
    tr: &Tr,
) -> (Vec<(String, String)>, Vec<Msg>, Option<String>) {
    let all = table.commands(seat);
    let commands = all.iter().filter(|c| !c.words_only).map(|c| (c.render(tr), tr.msg(&c.label))).collect();
    let concede = all.iter().find(|c| c.words_only).map(|c| c.render(tr));
    (commands, table.turn_lead(seat), concede)
}
