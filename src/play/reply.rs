//! A move made by replying to the turn mail (issue 17). The reply's address names the game,
//! the seat and the step the mail was written at, signed with the server's secret; its first
//! own line is a command, read into one of the actions the seat is offered now; and the action
//! goes through [`Play::act`], the one write path (docs/architecture.md, rule 3), as a click
//! would. Every reply a person sent from the seat's address is answered by mail: done, refused
//! (with the rule), or the game moved on — each with the current choices. Machines are not
//! answered, and neither is a reply from any other address: the seat's own address is told
//! instead ([`Play::refuse_stranger`]).

use super::limits::Limit;
use super::{Loaded, Play, PlayError};
use crate::games::commands::{self, NotACommand};
use crate::i18n::{Lang, Tr};
use crate::mail::{self, Asked, inbound::InboundMail};
use crate::store::{OutboxRow, SeatRow, normalize_address};
use feldpost_engine::{Msg, Seat, Viewer};

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
            ReplyOutcome::UnknownAddress => "unknown-address",
        }
    }
}

/// The subaddress of one of `recipients` that is a valid reply tag: game, seat, step.
fn reply_target(play: &Play, recipients: &[String]) -> Option<(String, u32, u64)> {
    recipients.iter().find_map(|address| {
        let local = address.rsplit_once('@')?.0;
        let tag = local.split_once('+')?.1;
        play.secret.check_reply_tag(tag)
    })
}

impl Play {
    /// Whether one of `recipients` is a reply address this server signed (the SMTP listener
    /// refuses the others at RCPT).
    pub fn is_reply_address(&self, address: &str) -> bool {
        reply_target(self, &[address.trim().to_lowercase()]).is_some()
    }

    /// Act on a reply. `own` is our From address: mail from it is a loop. Errors are what a
    /// sender should retry (the database away); the claim on the Message-ID is then given back.
    pub async fn reply(&self, m: &InboundMail, own: &str) -> Result<ReplyOutcome, PlayError> {
        let Some((game_id, seat, seq)) = reply_target(self, &m.recipients) else {
            return Ok(ReplyOutcome::UnknownAddress);
        };
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
        if !self.store.inbound_claim(&m.message_id, &game_id, self.now()).await? {
            return Ok(ReplyOutcome::Duplicate);
        }
        match self.answer_reply(m, &game_id, seat as Seat, seq).await {
            Ok(outcome) => {
                self.store.inbound_outcome(&m.message_id, outcome.code()).await?;
                Ok(outcome)
            }
            Err(e) => {
                // Nothing was done: the sender's retry must not count as a second delivery.
                let _ = self.store.inbound_release(&m.message_id).await;
                Err(e)
            }
        }
    }

    async fn answer_reply(
        &self,
        m: &InboundMail,
        game_id: &str,
        seat: Seat,
        seq: u64,
    ) -> Result<ReplyOutcome, PlayError> {
        let loaded = match self.load(game_id).await {
            Ok(l) => l,
            Err(PlayError::UnknownGame) => return Ok(ReplyOutcome::UnknownAddress),
            Err(e) => return Err(e),
        };
        let Some(row) = loaded.seats.get(usize::from(seat)).cloned() else {
            return Ok(ReplyOutcome::UnknownAddress);
        };
        let tr = Tr::new(Lang::from_code(&loaded.game.lang).unwrap_or_default()).with_names(loaded.names());
        // A seat without an address has no reply address of its own to answer from: anyone
        // writing for it is a stranger too.
        if row.email.is_empty() || normalize_address(&row.email) != m.from {
            self.refuse_stranger(m, &loaded, &row, &tr).await?;
            return Ok(ReplyOutcome::Stranger);
        }
        let command = m.lines.first().cloned().unwrap_or_default();
        let quoted = |key: &str| tr.t_args(key, &[("command", command.clone())]);
        if loaded.seq != seq {
            let said = vec![tr.t("mail-reply-moved-on")];
            self.send_answer(&tr, loaded, &row, said, Vec::new()).await?;
            return Ok(ReplyOutcome::MovedOn);
        }
        if command.is_empty() {
            self.send_answer(&tr, loaded, &row, vec![tr.t("mail-reply-empty")], Vec::new()).await?;
            return Ok(ReplyOutcome::Refused);
        }
        let action = match commands::parse(&command, &loaded.table.commands(seat)) {
            Ok(a) => a,
            Err(NotACommand::Unknown) => {
                self.send_answer(&tr, loaded, &row, vec![quoted("mail-reply-unknown")], Vec::new()).await?;
                return Ok(ReplyOutcome::Refused);
            }
            Err(NotACommand::Incomplete(why)) => {
                let said =
                    vec![tr.t_args(
                        "mail-reply-refused",
                        &[("command", command.clone()), ("reason", tr.msg(&why))],
                    )];
                self.send_answer(&tr, loaded, &row, said, Vec::new()).await?;
                return Ok(ReplyOutcome::Refused);
            }
        };
        let token = self.secret.seat_token(&row.game_id, row.seat as u32, &row.token_salt);
        let redactor = loaded.empty_table()?;
        drop(loaded);
        let refused = |reason: String| {
            tr.t_args("mail-reply-refused", &[("command", command.clone()), ("reason", reason)])
        };
        let (outcome, said, changed) = match self.act(&token, Some(game_id), seq, &action).await {
            Ok(acted) => {
                let changed = acted
                    .events
                    .iter()
                    .filter_map(|e| redactor.redact(e, Viewer::Seat(seat)).ok().flatten().map(|(_, m)| m))
                    .collect();
                (ReplyOutcome::Done, vec![quoted("mail-reply-done")], changed)
            }
            Err(PlayError::Conflict { .. }) => {
                (ReplyOutcome::MovedOn, vec![tr.t("mail-reply-moved-on")], Vec::new())
            }
            Err(PlayError::Refused(r) | PlayError::NotYourTurn(r)) => {
                let reason = format!(
                    "{} {}",
                    tr.msg(&r.reason),
                    tr.t_args("mail-reply-rule", &[("rule", r.rule.clone())])
                );
                (ReplyOutcome::Refused, vec![refused(reason)], Vec::new())
            }
            Err(PlayError::Finished) => {
                (ReplyOutcome::Refused, vec![refused(tr.t("mail-reply-finished"))], Vec::new())
            }
            Err(PlayError::Paused { until }) => {
                let when = crate::clock::format_utc(until);
                (
                    ReplyOutcome::Refused,
                    vec![refused(tr.t_args("mail-reply-paused", &[("when", when)]))],
                    Vec::new(),
                )
            }
            Err(PlayError::Malformed(why)) => {
                tracing::info!("inbound {}: {why}", m.message_id);
                (ReplyOutcome::Refused, vec![quoted("mail-reply-unknown")], Vec::new())
            }
            Err(PlayError::Invalid(msg)) => (ReplyOutcome::Refused, vec![refused(tr.msg(&msg))], Vec::new()),
            Err(e) => return Err(e),
        };
        let now = self.load(game_id).await?;
        self.send_answer(&tr, now, &row, said, changed).await?;
        Ok(outcome)
    }

    /// A reply from another address than the seat's: nothing is done, and its sender is never
    /// answered. Anyone can write any From, so an answer to it would let whoever holds one reply
    /// address make this server mail any address they like. The refusal is logged and recorded
    /// with the message (outcome "stranger"), and the seat's own address, which the game mails
    /// anyway, is told, at most once per [`Limit::StrangerNoticePerSeat`]: a player who wrote
    /// from a second address learns why nothing happened, and one whose turn mail reached
    /// someone else learns that.
    async fn refuse_stranger(
        &self,
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
        match self.limit(Limit::StrangerNoticePerSeat, &format!("{}:{}", row.game_id, row.seat)).await {
            Ok(()) => {}
            Err(PlayError::TooMany(_)) => {
                tracing::info!("inbound {}: the seat was told of another lately; not again", m.message_id);
                return Ok(());
            }
            Err(e) => return Err(e),
        }
        let mut notice = mail::reply_from_stranger(
            tr,
            &loaded.game,
            row,
            &self.link_of(row),
            loaded.seq,
            &m.from,
            self.now(),
        );
        self.seal(std::slice::from_mut(&mut notice), tr, loaded.seq, &loaded.last_hash);
        self.queue_answer(notice).await
    }

    /// The answer to a reply, with the game as it stands now: the seat's choices with a fresh
    /// Reply-To when it must act, else who must.
    async fn send_answer(
        &self,
        tr: &Tr,
        loaded: Loaded,
        row: &SeatRow,
        said: Vec<String>,
        changed: Vec<Msg>,
    ) -> Result<(), PlayError> {
        let seat = row.seat as Seat;
        let to_act = if loaded.finished() { Vec::new() } else { loaded.table.to_act() };
        let (commands, lead) = if to_act.contains(&seat) {
            super::mailing::commands_of(loaded.table.as_ref(), seat, tr)
        } else {
            (Vec::new(), Vec::new())
        };
        let reply_tag =
            (!commands.is_empty()).then(|| self.secret.reply_tag(&loaded.game.id, seat.into(), loaded.seq));
        // Nothing to wait for once the game has ended, or while the seat itself is asked.
        let waiting_for = if loaded.finished() || to_act.contains(&seat) {
            None
        } else if to_act.is_empty() {
            Some(tr.t("mail-reply-no-turn"))
        } else {
            let players = to_act.iter().map(|s| tr.seat_name(*s)).collect::<Vec<_>>().join(", ");
            Some(tr.t_args("mail-reply-wait", &[("players", players)]))
        };
        let asked = Asked { lead: &lead, commands: &commands, reply_tag };
        let mut answer = mail::reply_answer(
            tr,
            &loaded.game,
            row,
            &self.link_of(row),
            loaded.seq,
            &said,
            &changed,
            &asked,
            waiting_for,
            self.now(),
        );
        // An answer to what the player sent, not a notice: no mail preference holds it back.
        answer.seat = None;
        self.seal(std::slice::from_mut(&mut answer), tr, loaded.seq, &loaded.last_hash);
        self.queue_answer(answer).await
    }

    async fn queue_answer(&self, answer: OutboxRow) -> Result<(), PlayError> {
        self.store.outbox_insert(std::slice::from_ref(&answer)).await?;
        self.mail_ready.notify_one();
        Ok(())
    }
}
