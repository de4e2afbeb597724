//! What each mail says: a [`Letter`] per kind, in the game's language, rendered as plain text
//! (written here, to read well in any client) and as HTML (the askama template
//! `templates/mail/letter.html`, inline styles only, for webmail).

use super::sealed::Sealed;
use crate::clock::format_utc;
use crate::i18n::{Tr, isolated, unisolated};
use crate::record::CauseKind;
use crate::store::{GameRow, MailKind, OutboxRow, SeatRow};
use askama::Template;
use feldpost_engine::Msg;

/// A list under a heading ("What is asked of you", "Since your last turn").
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    pub heading: String,
    pub items: Vec<String>,
}

/// A game's table in a mail ([`crate::games::MailBoard`]), in the mail's language.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    pub caption: String,
    pub legend: String,
    pub rows: Vec<Vec<BoardCell>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BoardCell {
    pub number: u32,
    pub text: String,
    pub mark: String,
    pub says: String,
    /// The cell's background (CSS colour).
    pub tone: &'static str,
}

impl Board {
    pub fn new(tr: &Tr, b: &crate::games::MailBoard) -> Board {
        let rows = b
            .rows
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| BoardCell {
                        number: c.number,
                        text: c.text.clone(),
                        mark: tr.msg(&c.mark),
                        says: tr.msg(&c.says),
                        tone: c.tone.unwrap_or("#ffffff"),
                    })
                    .collect()
            })
            .collect();
        Board { caption: tr.msg(&b.caption), legend: tr.msg(&b.legend), rows }
    }

    /// The table as lines of the text part: each row of the table in two lines, the places'
    /// numbers and marks above their words, in columns as wide as their longest entry, two
    /// spaces apart; a blank line between rows. Short enough (a word of at most 12 letters: five
    /// columns take 68) that a flowed text part never breaks them, with no space at their ends
    /// (which would read as a soft break).
    pub fn text_lines(&self) -> Vec<String> {
        let columns = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        let head = |c: &BoardCell| format!("{} {}", c.number, c.mark);
        let width: Vec<usize> = (0..columns)
            .map(|i| {
                self.rows
                    .iter()
                    .filter_map(|r| r.get(i))
                    .map(|c| head(c).chars().count().max(c.text.chars().count()))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: Vec<String>| {
            let mut out = String::new();
            for (i, cell) in cells.iter().enumerate() {
                out.push_str(cell);
                if i + 1 < cells.len() {
                    let pad = width[i] - cell.chars().count() + 2;
                    out.extend(std::iter::repeat_n(' ', pad));
                }
            }
            out.trim_end().to_owned()
        };
        let mut lines = Vec::new();
        for (i, row) in self.rows.iter().enumerate() {
            if i > 0 {
                lines.push(String::new());
            }
            lines.push(line(row.iter().map(head).collect()));
            lines.push(line(row.iter().map(|c| c.text.clone()).collect()));
        }
        lines
    }
}

/// One mail's content, before it is rendered.
#[derive(Debug, Clone, PartialEq, Template)]
#[template(path = "mail/letter.html")]
pub struct Letter {
    pub lang: &'static str,
    /// One subject for every mail of a game, so that mail clients keep its thread together.
    pub subject: String,
    /// What this mail is about, first in its body (the subject no longer says it).
    pub headline: Option<String>,
    pub greeting: String,
    pub paragraphs: Vec<String>,
    /// The game's table as the seat sees it (Služba's cards), after the paragraphs.
    pub board: Option<Board>,
    /// Whether the HTML part has a place for a picture (the board, or the final statistics),
    /// drawn when the mail is sent ([`super::inline`]).
    pub picture: bool,
    pub sections: Vec<Section>,
    /// The seat's (or host's) page, and the words before it.
    pub link: Option<String>,
    pub link_label: String,
    pub button: String,
    /// A second link after the first, and the words before it.
    pub second_link: Option<String>,
    pub second_label: String,
    pub footer: String,
    /// The seat's mail-preferences page.
    pub prefs_url: Option<String>,
    pub prefs_label: String,
}

impl Letter {
    fn new(tr: &Tr, subject: String, greeting: String) -> Letter {
        Letter {
            lang: tr.lang.code(),
            subject,
            headline: None,
            greeting,
            paragraphs: Vec::new(),
            board: None,
            picture: false,
            sections: Vec::new(),
            link: None,
            link_label: tr.t("mail-open-link"),
            button: tr.t("mail-button"),
            second_link: None,
            second_label: String::new(),
            footer: tr.t("mail-footer"),
            prefs_url: None,
            prefs_label: tr.t("mail-prefs"),
        }
    }

    /// A mail of a game: the game's one subject, and what the mail is about as its headline.
    fn of_game(tr: &Tr, game: &GameRow, headline: String, greeting: String) -> Letter {
        let mut l = Letter::new(tr, game_subject(tr, game), greeting);
        l.headline = Some(headline);
        l
    }

    fn para(mut self, p: String) -> Self {
        self.paragraphs.push(p);
        self
    }

    /// A place for the picture the mail worker draws (see [`super::inline`]).
    fn with_picture(mut self) -> Self {
        self.picture = true;
        self
    }

    fn section(mut self, heading: String, items: Vec<String>) -> Self {
        if !items.is_empty() {
            self.sections.push(Section { heading, items });
        }
        self
    }

    /// The seat's link, and its preferences page next to it.
    fn seat_link(mut self, link: &str) -> Self {
        self.link = Some(link.to_owned());
        self.prefs_url = Some(prefs_url(link));
        self
    }
}

/// The preferences page of a seat link (GET shows it; only its POST form changes anything).
pub fn prefs_url(link: &str) -> String {
    format!("{link}/mail")
}

/// The one-click unsubscribe target of a seat link (RFC 8058: mail providers POST to it).
pub fn unsubscribe_url(link: &str) -> String {
    format!("{link}/mail/unsubscribe")
}

/// The subject of every mail of a game (one thread, one subject).
pub fn game_subject(tr: &Tr, game: &GameRow) -> String {
    tr.t_args("mail-game-subject", &[("game", isolated(&game.title))])
}

/// The thread of a seat's mail: its invitation's Message-ID (the invitation's row id), made
/// from the game, the seat and its link's salt, so a new player in the seat has a new thread
/// and nothing of the link is given away.
pub fn thread_of(seat: &SeatRow) -> String {
    use sha2::Digest;
    let salt = hex::encode(sha2::Sha256::digest(seat.token_salt.as_bytes()));
    format!("game-{}-{}-{}", seat.game_id, seat.seat, &salt[..8])
}

/// The thread of the mail to a game's host (the confirmation mail is its root).
pub fn host_thread(game_id: &str) -> String {
    format!("game-{game_id}-host")
}

/// The plain-text body.
pub fn render_text(l: &Letter) -> String {
    let mut out = String::new();
    if let Some(h) = &l.headline {
        out.push_str(h);
        out.push_str("\n\n");
    }
    out.push_str(&l.greeting);
    out.push_str("\n\n");
    for p in &l.paragraphs {
        out.push_str(p);
        out.push_str("\n\n");
    }
    if let Some(b) = &l.board {
        out.push_str(&b.caption);
        out.push_str("\n\n");
        for line in b.text_lines() {
            out.push_str(&line);
            out.push('\n');
        }
        out.push('\n');
        out.push_str(&b.legend);
        out.push_str("\n\n");
    }
    for s in &l.sections {
        out.push_str(&s.heading);
        out.push('\n');
        for i in &s.items {
            out.push_str("  - ");
            out.push_str(i);
            out.push('\n');
        }
        out.push('\n');
    }
    if let Some(link) = &l.link {
        out.push_str(&l.link_label);
        out.push('\n');
        out.push_str(link);
        out.push_str("\n\n");
    }
    if let Some(link) = &l.second_link {
        out.push_str(&l.second_label);
        out.push('\n');
        out.push_str(link);
        out.push_str("\n\n");
    }
    out.push_str("-- \n");
    out.push_str(&l.footer);
    out.push('\n');
    if let Some(p) = &l.prefs_url {
        out.push_str(&l.prefs_label);
        out.push_str(": ");
        out.push_str(p);
        out.push('\n');
    }
    // The names and titles are isolated for the HTML part only (a plain-text reader may show
    // the marks).
    unisolated(&out)
}

/// The HTML alternative.
pub fn render_html(l: &Letter) -> String {
    l.render().unwrap_or_else(|e| format!("<pre>template error: {e}</pre>"))
}

fn row(
    game: &GameRow,
    seat: Option<&SeatRow>,
    recipient: &str,
    seq: u64,
    kind: MailKind,
    letter: &Letter,
    now: i64,
) -> OutboxRow {
    OutboxRow {
        seat: seat.map(|s| s.seat),
        thread: Some(seat.map(thread_of).unwrap_or_else(|| host_thread(&game.id))),
        body_html: Some(render_html(letter)),
        unsubscribe_url: letter.link.as_deref().filter(|_| seat.is_some()).map(unsubscribe_url),
        ..OutboxRow::pending(
            &game.id,
            seq as i64,
            recipient,
            kind,
            unisolated(&letter.subject),
            render_text(letter),
            now,
        )
    }
}

fn args(game: &GameRow, seat: &SeatRow) -> [(&'static str, String); 2] {
    [("game", isolated(&game.title)), ("player", isolated(&seat.name))]
}

/// "Hello Ana," in English. Czech greets in the vocative ("Dobrý den, Radko,"), which no
/// well-kept crate forms for any name; a wrong case reads worse than none, so the Czech
/// catalog leaves the name out ("Dobrý den,").
fn greeting(tr: &Tr, seat: &SeatRow) -> String {
    tr.t_args("mail-greeting", &[("player", isolated(&seat.name))])
}

/// The invitation: the root of the seat's thread (its row id is the thread's Message-ID), with
/// the game, its rules and the seat's role named.
/// A seat's invitation; `position_to_come`: the game goes on from a real table's position that
/// is still to be entered or agreed, and the invitation says what will be asked first.
pub fn invitation(
    tr: &Tr,
    game: &GameRow,
    seat: &SeatRow,
    role: &Msg,
    link: &str,
    position_to_come: bool,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let mut a = args(game, seat).to_vec();
    a.push(("ruleset", tr.t(&format!("{}-name", game.ruleset))));
    a.push(("role", tr.msg(role)));
    let mut l = Letter::of_game(tr, game, tr.t_args("mail-invite-subject", &a), greeting(tr, seat))
        .para(tr.t_args("mail-invite-body", &a))
        .para(tr.t_args("mail-invite-role", &a));
    if position_to_come {
        l = l.para(tr.t("mail-invite-position"));
    }
    let l = l.seat_link(link);
    let mut row = row(game, Some(seat), &seat.email, 1, MailKind::Invite, &l, now);
    row.id = thread_of(seat);
    row
}

/// To the address given as a new game's host: confirm that you host it (the link carries a
/// secret only this mail has). A mail of no game: it goes out while the game's mail waits for it.
pub fn host_confirmation(
    tr: &Tr,
    game: &GameRow,
    to: &str,
    link: &str,
    invited: usize,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let a = [("game", isolated(&game.title))];
    let body =
        Msg::new("mail-confirm-body").text("game", isolated(&game.title)).num("invited", invited as i64);
    let mut l = Letter::of_game(tr, game, tr.t_args("mail-confirm-subject", &a), tr.t("mail-greeting-host"))
        .para(tr.msg(&body))
        .para(tr.t("mail-confirm-not-you"));
    l.link = Some(link.to_owned());
    l.link_label = tr.t("mail-confirm-link");
    l.button = tr.t("mail-confirm-button");
    // The root of the host's thread: the game's later mail to the host answers it.
    let thread = host_thread(&game.id);
    OutboxRow {
        id: thread.clone(),
        thread: Some(thread),
        body_html: Some(render_html(&l)),
        ..OutboxRow::pending("", 0, to, MailKind::HostConfirm, unisolated(&l.subject), render_text(&l), now)
    }
}

/// How many events a turn mail lists, the newest.
const EVENTS_SHOWN: usize = 60;

/// What a turn mail asks of its seat: the choices as commands for a reply, and the reply tag
/// that makes its Reply-To.
pub struct Asked<'a> {
    /// What the seat's view says first (Služba: the clue to guess by).
    pub lead: &'a [Msg],
    /// The game's table as the seat's view shows it, if the game draws one for mail.
    pub board: Option<&'a crate::games::MailBoard>,
    /// Where the pieces stand, in words, from the seat's view (`Presented::mail_places`).
    pub places: &'a [Msg],
    /// The game's own words on how to reply, when its commands carry their own numbers
    /// (`Presented::OWN_NUMBERS`): then the list has no line numbers.
    pub own_numbers: Option<&'static str>,
    /// Each choice: the command to type, and its words on the page.
    pub commands: &'a [(String, String)],
    /// The command that concedes the game, if the seat may: named apart from the list, by its
    /// word only.
    pub concede: Option<String>,
    pub reply_tag: Option<String>,
    /// The table talk the seat may read since its last turn mail, each line in words
    /// (`play::chat::mail_line`).
    pub talk: &'a [String],
    /// When the seat must have acted (ms since the epoch), if the game has a deadline: stated
    /// in the seat's time zone.
    pub deadline: Option<i64>,
    /// A game from a real table whose position waits for this seat's answer: the position as
    /// the seat's view shows it, in lines of words (empty where the mail's table shows it all,
    /// as Služba's cards); `None` when no position waits for the seat.
    pub position: Option<&'a [String]>,
}

impl Asked<'_> {
    /// The choices as a reply may name them, one per line: "1. táhni 2 — Táhnout kamenem 2 …";
    /// where the commands carry their own numbers, without the line's: "tipni 7 — Tipnout …",
    /// and many commands of one verb that differ only in their number in one line ("tipni N,
    /// where N is one of 1, 2, 4 …"): the mail's table shows what each number stands for.
    fn items(&self, tr: &Tr) -> Vec<String> {
        let mut items = self.listed(tr);
        if let Some(word) = &self.concede {
            items.push(tr.t_args("mail-commands-concede", &[("command", word.clone())]));
        }
        items
    }

    fn listed(&self, tr: &Tr) -> Vec<String> {
        // The answers to a position are said in words, never by a number.
        if self.position.is_some() {
            return self.commands.iter().map(|(cmd, label)| format!("{cmd} — {label}")).collect();
        }
        if self.own_numbers.is_none() {
            return self
                .commands
                .iter()
                .enumerate()
                .map(|(i, (cmd, label))| format!("{}. {cmd} — {label}", i + 1))
                .collect();
        }
        let mut by_verb: Vec<(&str, Vec<&str>)> = Vec::new();
        for (cmd, _) in self.commands {
            if let Some((verb, number)) = numbered(cmd) {
                match by_verb.iter_mut().find(|(v, _)| *v == verb) {
                    Some((_, numbers)) => numbers.push(number),
                    None => by_verb.push((verb, vec![number])),
                }
            }
        }
        let grouped = |verb: &str| by_verb.iter().find(|(v, n)| *v == verb && n.len() > GROUPED_FROM);
        let mut out = Vec::new();
        let mut written: Vec<&str> = Vec::new();
        for (cmd, label) in self.commands {
            match numbered(cmd).and_then(|(verb, _)| grouped(verb)) {
                Some((verb, _)) if written.contains(verb) => {}
                Some((verb, numbers)) => {
                    written.push(verb);
                    out.push(tr.t_args(
                        "mail-commands-one-of",
                        &[("command", (*verb).to_owned()), ("numbers", numbers.join(", "))],
                    ));
                }
                None => out.push(format!("{cmd} — {label}")),
            }
        }
        out
    }

    /// The heading of the choices: how to reply to them. The game's own words where a command
    /// names something by its number; otherwise the plain ones, which then say nothing of numbers.
    fn heading(&self, tr: &Tr) -> String {
        if self.position.is_some() {
            return tr.t("mail-position-how");
        }
        match self.own_numbers {
            Some(own) if self.commands.iter().any(|(cmd, _)| numbered(cmd).is_some()) => tr.t(own),
            Some(_) => tr.t("mail-commands-own-words"),
            None => tr.t("mail-commands"),
        }
    }
}

/// Commands of one verb that differ only in their number are listed together from this many.
const GROUPED_FROM: usize = 3;

/// A command that is a verb and a number ("tipni 7"): the two.
fn numbered(cmd: &str) -> Option<(&str, &str)> {
    let (verb, number) = cmd.rsplit_once(' ')?;
    (!verb.contains(' ') && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
        .then_some((verb, number))
}

/// "It is your turn": what is asked, and what happened since the seat's last turn mail, as the
/// seat sees it (`seen` and `asked.lead` have been through the engine's view and redaction for
/// this seat; nothing else of the game goes into the mail).
#[allow(clippy::too_many_arguments)]
pub fn your_turn(
    tr: &Tr,
    game: &GameRow,
    seat: &SeatRow,
    link: &str,
    seq: u64,
    asked: &Asked,
    seen: &[Msg],
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let mut a = args(game, seat).to_vec();
    let what = match asked.commands {
        [(_, one)] => one.clone(),
        many => tr.msg(&Msg::new("mail-asked-choose").num("n", many.len() as i64)),
    };
    a.push(("asked", what));
    let skip = seen.len().saturating_sub(EVENTS_SHOWN);
    let events: Vec<String> = seen.iter().skip(skip).map(|m| tr.msg(m)).collect();
    let mut l = Letter::of_game(tr, game, tr.t_args("mail-turn-subject", &a), greeting(tr, seat))
        .para(tr.t_args("mail-turn-body", &a));
    if let Some(deadline) = asked.deadline {
        l = l.para(tr.t_args("mail-turn-deadline", &[("when", tr.deadline(deadline, seat.zone().as_ref()))]));
    }
    for m in asked.lead {
        l = l.para(tr.msg(m));
    }
    l.board = asked.board.map(|b| Board::new(tr, b));
    let heading = if asked.reply_tag.is_some() { asked.heading(tr) } else { tr.t("mail-asked") };
    let l = l
        .with_picture()
        .section(tr.t("mail-places"), places(tr, asked.places))
        .section(heading, asked.items(tr))
        .section(tr.t("mail-what-happened"), events)
        .section(tr.t("chat-title"), asked.talk.to_vec())
        .seat_link(link);
    let mut row = row(game, Some(seat), &seat.email, seq, MailKind::Turn, &l, now);
    row.reply_to = asked.reply_tag.clone();
    row
}

/// The two answers a reply to a position gives, as the mails list them: the command to type
/// and what it says.
pub fn position_answers(tr: &Tr) -> Vec<(String, String)> {
    vec![
        (tr.t("mail-position-cmd-agree"), tr.t("position-agree")),
        (tr.t("mail-position-cmd-wrong"), tr.t("position-disagree")),
    ]
}

/// To every seat of a game from a real table (docs/positions.md): the host entered (or
/// corrected) the position at step `seq`; here it is as the seat's view shows it (`position`,
/// in words, and the board's picture in the HTML part), and how to answer by reply: agree, or
/// say what is wrong. The reply address (`reply_tag`) names the position's step.
#[allow(clippy::too_many_arguments)]
pub fn position_asked(
    tr: &Tr,
    game: &GameRow,
    seat: &SeatRow,
    link: &str,
    seq: u64,
    position: &[String],
    board: Option<&crate::games::MailBoard>,
    reply_tag: String,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let a = args(game, seat);
    let how = position_answers(tr).into_iter().map(|(cmd, label)| format!("{cmd} — {label}")).collect();
    let mut l = Letter::of_game(tr, game, tr.t_args("mail-position-subject", &a), greeting(tr, seat))
        .para(tr.t_args("mail-position-body", &a));
    // The game's table as the seat's view shows it (Služba's cards), where it draws one.
    l.board = board.map(|b| Board::new(tr, b));
    let l = l
        .with_picture()
        .section(tr.t("mail-position-list"), position.to_vec())
        .section(tr.t("mail-position-how"), how)
        .para(tr.t("mail-position-page"))
        .seat_link(link);
    let mut row = row(game, Some(seat), &seat.email, seq, MailKind::Notice(CauseKind::Position), &l, now);
    row.reply_to = Some(reply_tag);
    row
}

/// To the host of a game from a real table: `who` does not agree with the position entered,
/// and says why (`note`, the player's own words); the host page corrects it.
#[allow(clippy::too_many_arguments)]
pub fn position_disputed(
    tr: &Tr,
    game: &GameRow,
    host_email: &str,
    who: &SeatRow,
    note: &str,
    host_link: &str,
    seq: u64,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let mut a = args(game, who).to_vec();
    a.push(("note", isolated(note)));
    let mut l = Letter::of_game(
        tr,
        game,
        tr.t_args("mail-position-disputed-subject", &a),
        tr.t("mail-greeting-host"),
    )
    .para(tr.t_args("mail-position-disputed-body", &a))
    .para(tr.t_args("mail-position-disputed-note", &a))
    .para(tr.t("mail-position-disputed-fix"));
    l.link = Some(host_link.to_owned());
    l.link_label = tr.t("mail-position-disputed-link");
    l.button = tr.t("mail-position-disputed-button");
    row(game, None, host_email, seq, MailKind::Notice(CauseKind::PositionAnswer), &l, now)
}

/// To a seat: another seat wrote it a line alone (`play::chat`), at step `seq` of the game.
/// The line is the player's own text, told as such, never a command or markup: the letter
/// escapes it in HTML and names its writer first.
#[allow(clippy::too_many_arguments)]
pub fn private_line(
    tr: &Tr,
    game: &GameRow,
    seat: &SeatRow,
    link: &str,
    seq: u64,
    from: &str,
    text: &str,
    n: i64,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let mut a = args(game, seat).to_vec();
    a.push(("from", isolated(from)));
    let line = tr.t_args("chat-mail-line", &[("from", isolated(from)), ("text", isolated(text))]);
    let l = Letter::of_game(tr, game, tr.t_args("chat-mail-private-subject", &a), greeting(tr, seat))
        .para(tr.t_args("chat-mail-private-body", &a))
        .para(line)
        .seat_link(link);
    row(game, Some(seat), &seat.email, seq, MailKind::Chat { n }, &l, now)
}

/// The answer to a reply: what came of it (done, refused, too late) and what comes next — the
/// current choices as commands again, with a fresh Reply-To, when the seat must still act.
#[allow(clippy::too_many_arguments)]
pub fn reply_answer(
    tr: &Tr,
    game: &GameRow,
    seat: &SeatRow,
    link: &str,
    seq: u64,
    outcome: &[String],
    changed: &[Msg],
    next: &Asked,
    waiting_for: Option<String>,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let a = args(game, seat);
    let mut l = Letter::of_game(tr, game, tr.t_args("mail-reply-subject", &a), greeting(tr, seat));
    for p in outcome {
        l = l.para(p.clone());
    }
    l = l.section(tr.t("mail-reply-changed"), changed.iter().map(|m| tr.msg(m)).collect());
    for m in next.lead {
        l = l.para(tr.msg(m));
    }
    if let Some(w) = waiting_for {
        l = l.para(w);
    }
    l.board = next.board.map(|b| Board::new(tr, b));
    let l = l
        // A position waiting to be agreed lists every stone; else where the pieces stand.
        .section(tr.t("mail-position-list"), next.position.unwrap_or_default().to_vec())
        .section(
            tr.t("mail-places"),
            if next.position.is_none_or(|p| p.is_empty()) { places(tr, next.places) } else { Vec::new() },
        )
        .section(next.heading(tr), next.items(tr))
        .seat_link(link);
    // One answer per reply: the kind names the answered message's row so that two answers of
    // one state are not taken for a double click.
    let kind = MailKind::ReplyAnswer { id: crate::secret::random_id() };
    let mut row = row(game, Some(seat), &seat.email, seq, kind, &l, now);
    row.reply_to = next.reply_tag.clone();
    row
}

/// To a seat's own address: a reply to its mail came from another address, and was neither
/// taken nor answered (the sender is never mailed: see `play::reply::reply`). In the seat's thread,
/// held back or stopped by its mail preference like any notice.
pub fn reply_from_stranger(
    tr: &Tr,
    game: &GameRow,
    seat: &SeatRow,
    link: &str,
    seq: u64,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    // The stranger's From is never quoted: anyone can write any text there ("urgent: visit
    // …"), and this mail is a genuine one of ours. The reply is logged and kept by its id.
    let a = [("seat", seat.email.clone())];
    let l = Letter::of_game(tr, game, tr.t("mail-reply-stranger-subject"), greeting(tr, seat))
        .para(tr.t_args("mail-reply-stranger", &a))
        .para(tr.t_args("mail-reply-stranger-what", &a))
        .seat_link(link);
    // One notice per refused reply: the kind tells two of one state apart.
    let kind = MailKind::Stranger { id: crate::secret::random_id() };
    row(game, Some(seat), &seat.email, seq, kind, &l, now)
}

/// The HTML part of an account mail (login, registration, password), written as text: its
/// paragraphs, and its first link as the button.
pub fn account_html(tr: &Tr, subject: &str, body: &str) -> String {
    let mut paragraphs = body.split("\n\n").map(str::trim).filter(|p| !p.is_empty() && *p != "--");
    let greeting = paragraphs.next().unwrap_or_default().to_owned();
    let mut l = Letter::new(tr, subject.to_owned(), greeting);
    for p in paragraphs {
        // The signature line ("-- ") and the footer are the template's own.
        if p.starts_with("-- ") || p == tr.t("mail-footer") {
            continue;
        }
        match p
            .split_whitespace()
            .find(|w| w.starts_with("https://") || w.starts_with("http://") || super::sealed::is_sealed(w))
        {
            Some(url) if l.link.is_none() && p.trim() == url => {
                l.link = Some(url.to_owned());
                l.link_label = String::new();
            }
            _ => l = l.para(p.to_owned()),
        }
    }
    render_html(&l)
}

pub fn game_over(
    tr: &Tr,
    game: &GameRow,
    seat: &SeatRow,
    link: &str,
    seq: u64,
    summary: &Msg,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let a = args(game, seat);
    let l = Letter::of_game(tr, game, tr.t_args("mail-end-subject", &a), greeting(tr, seat))
        .para(tr.t_args("mail-end-body", &a))
        .para(tr.msg(summary))
        .with_picture()
        .seat_link(link);
    row(game, Some(seat), &seat.email, seq, MailKind::End, &l, now)
}

/// A dispute, ruling, appeal or undo: what happened, told to everyone at the table.
#[allow(clippy::too_many_arguments)]
pub fn notice(
    tr: &Tr,
    game: &GameRow,
    seat: &SeatRow,
    link: &str,
    seq: u64,
    kind: CauseKind,
    what: &Msg,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let a = args(game, seat);
    // A notice about the table's position is no dispute: its headline says what it is.
    let headline =
        if kind == CauseKind::Position { "mail-notice-position-subject" } else { "mail-notice-subject" };
    let l = Letter::of_game(tr, game, tr.t_args(headline, &a), greeting(tr, seat))
        .para(tr.t_args("mail-notice-body", &a))
        .para(tr.msg(what))
        .seat_link(link);
    row(game, Some(seat), &seat.email, seq, MailKind::Notice(kind), &l, now)
}

/// Where the pieces stand, one line each, in the reader's language.
fn places(tr: &Tr, places: &[Msg]) -> Vec<String> {
    places.iter().map(|m| tr.msg(m)).collect()
}

/// Before the deadline of a turn: where the pieces stand and what the seat is asked, from its
/// view, as in its turn mail (a reply to a reminder acts on the turn as it stands).
#[allow(clippy::too_many_arguments)]
pub fn reminder(
    tr: &Tr,
    game: &GameRow,
    seat: &SeatRow,
    link: &str,
    seq: u64,
    deadline: i64,
    asked: &Asked,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let mut a = args(game, seat).to_vec();
    a.push(("when", tr.deadline(deadline, seat.zone().as_ref())));
    let l = Letter::of_game(tr, game, tr.t_args("mail-reminder-subject", &a), greeting(tr, seat))
        .para(tr.t_args("mail-reminder-body", &a));
    let mut l = l;
    for m in asked.lead {
        l = l.para(tr.msg(m));
    }
    l.board = asked.board.map(|b| Board::new(tr, b));
    let l = l
        .with_picture()
        .section(tr.t("mail-places"), places(tr, asked.places))
        .section(asked.heading(tr), asked.items(tr))
        .seat_link(link);
    row(game, Some(seat), &seat.email, seq, MailKind::Reminder, &l, now)
}

/// After the deadline, to the seat that has not acted.
pub fn overdue_seat(
    tr: &Tr,
    game: &GameRow,
    seat: &SeatRow,
    link: &str,
    seq: u64,
    deadline: i64,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let mut a = args(game, seat).to_vec();
    a.push(("when", tr.deadline(deadline, seat.zone().as_ref())));
    let l = Letter::of_game(tr, game, tr.t_args("mail-overdue-subject", &a), greeting(tr, seat))
        .para(tr.t_args("mail-overdue-body", &a))
        .seat_link(link);
    row(game, Some(seat), &seat.email, seq, MailKind::Overdue, &l, now)
}

/// After the deadline, to the host (who has no seat link here: the host keeps the host page).
#[allow(clippy::too_many_arguments)]
pub fn overdue_host(
    tr: &Tr,
    game: &GameRow,
    host_email: &str,
    host_zone: Option<&crate::input::TimeZoneName>,
    late: &SeatRow,
    seq: u64,
    deadline: i64,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let mut a = args(game, late).to_vec();
    // The host has no seat: the zone of the host's account (by the host's proved address), else
    // UTC, said so.
    a.push(("when", tr.deadline(deadline, host_zone)));
    let l = Letter::of_game(tr, game, tr.t_args("mail-host-subject", &a), tr.t("mail-greeting-host"))
        .para(tr.t_args("mail-host-body", &a));
    row(game, None, host_email, seq, MailKind::OverdueHost { seat: late.seat }, &l, now)
}

/// To the host: mail to `seat`'s address does not arrive (it bounced, or the mail server
/// refused it for good), feldpost sends it no more, and how to go on (a new address for the
/// seat, on the host page).
#[allow(clippy::too_many_arguments)]
pub fn address_failing(
    tr: &Tr,
    game: &GameRow,
    host_email: &str,
    seat: &SeatRow,
    host_link: &str,
    why: &str,
    seq: u64,
    now: i64,
) -> OutboxRow {
    let mut a = args(game, seat).to_vec();
    a.push(("email", seat.email.clone()));
    a.push(("why", why.to_owned()));
    let mut l = Letter::of_game(tr, game, tr.t_args("mail-failing-subject", &a), tr.t("mail-greeting-host"))
        .para(tr.t_args("mail-failing-body", &a))
        .para(tr.t_args("mail-failing-fix", &a));
    l.link = Some(host_link.to_owned());
    l.link_label = tr.t("mail-failing-link");
    l.button = tr.t("mail-failing-button");
    row(game, None, host_email, seq, MailKind::Failing { seat: seat.seat }, &l, now)
}

/// A webhook of `to` (a seat, or None: the host) was paused after failing again and again:
/// what it is, why it failed last, and the page where it is resumed.
#[allow(clippy::too_many_arguments)]
pub fn webhook_paused(
    tr: &Tr,
    game: &GameRow,
    seat: Option<&SeatRow>,
    address: &str,
    webhook_id: &str,
    target: &str,
    why: &str,
    failures: i64,
    link: &str,
    seq: u64,
    now: i64,
) -> OutboxRow {
    let a = [
        ("game", isolated(&game.title)),
        ("target", target.to_owned()),
        ("why", why.to_owned()),
        ("failures", failures.to_string()),
    ];
    let hello = match seat {
        Some(s) => greeting(tr, s),
        None => tr.t("mail-greeting-host"),
    };
    let mut l = Letter::of_game(tr, game, tr.t_args("mail-webhook-paused-subject", &a), hello)
        .para(tr.t_args("mail-webhook-paused-body", &a))
        .para(tr.t_args("mail-webhook-paused-fix", &a));
    l.link = Some(link.to_owned());
    l.link_label = tr.t("mail-webhook-paused-link");
    l.button = tr.t("mail-webhook-paused-button");
    row(game, seat, address, seq, MailKind::WebhookPaused { id: webhook_id.to_owned() }, &l, now)
}

/// The two links to what is held about `to` (`play::people`): to download it, and to have the
/// address forgotten. `link` is the sealed link both extend; `minutes`, how long they work.
pub fn address_links(tr: &Tr, to: &str, link: &str, minutes: i64, now: i64) -> OutboxRow {
    let subject = tr.t("people-mail-subject");
    let mut l = Letter::new(tr, subject.clone(), tr.t("people-mail-body"))
        .para(tr.t_args("people-mail-expiry", &[("minutes", minutes.to_string())]))
        .para(tr.t("people-mail-not-you"));
    l.link = Some(format!("{link}/data"));
    l.link_label = tr.t("people-mail-data");
    l.button = tr.t("people-mail-data-button");
    l.second_link = Some(format!("{link}/forget"));
    l.second_label = tr.t("people-mail-forget");
    let mut row =
        OutboxRow::pending("", 0, to, MailKind::Account { what: "data" }, subject, render_text(&l), now);
    row.body_html = Some(render_html(&l));
    row
}

/// The answer to mail sent to our bare address (`feldpost@…`, no tag): nobody reads it; a
/// move is made by replying to the turn mail or on the game page. A mail of no game.
pub fn autoreply(tr: &Tr, to: &str, own: &str, day: i64, now: i64) -> OutboxRow {
    let a = [("address", own.to_owned())];
    let subject = tr.t("mail-autoreply-subject");
    let body = format!(
        "{}\n\n{}\n\n{}\n\n{}\n",
        tr.t("mail-autoreply-greeting"),
        tr.t_args("mail-autoreply-body", &a),
        tr.t("mail-autoreply-how"),
        tr.t("mail-autoreply-once"),
    );
    let mut row = OutboxRow::pending("", 0, to, MailKind::Autoreply { day }, subject, body, now);
    row.body_html = Some(account_html(tr, &row.subject, &row.body_text));
    row
}

/// To the other seats: `away` is absent until `until`, and its clock stops.
#[allow(clippy::too_many_arguments)]
pub fn absence_notice(
    tr: &Tr,
    game: &GameRow,
    to: &SeatRow,
    link: &str,
    seq: u64,
    away: &SeatRow,
    until: i64,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let a = [
        ("game", isolated(&game.title)),
        ("player", isolated(&away.name)),
        ("when", tr.deadline(until, to.zone().as_ref())),
    ];
    let l = Letter::of_game(tr, game, tr.t_args("mail-absence-subject", &a), greeting(tr, to))
        .para(tr.t_args("mail-absence-body", &a))
        .seat_link(link);
    row(game, Some(to), &to.email, seq, MailKind::Absence, &l, now)
}

pub fn pause_notice(
    tr: &Tr,
    game: &GameRow,
    to: &SeatRow,
    link: &str,
    seq: u64,
    until: i64,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let mut a = args(game, to).to_vec();
    a.push(("when", tr.deadline(until, to.zone().as_ref())));
    let l = Letter::of_game(tr, game, tr.t_args("mail-pause-subject", &a), greeting(tr, to))
        .para(tr.t_args("mail-pause-body", &a))
        .seat_link(link);
    row(game, Some(to), &to.email, seq, MailKind::Pause, &l, now)
}

pub fn resume_notice(tr: &Tr, game: &GameRow, to: &SeatRow, link: &str, seq: u64, now: i64) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let a = args(game, to);
    let l = Letter::of_game(tr, game, tr.t_args("mail-resume-subject", &a), greeting(tr, to))
        .para(tr.t_args("mail-resume-body", &a))
        .seat_link(link);
    row(game, Some(to), &to.email, seq, MailKind::Resume, &l, now)
}

/// The day's held notices of one seat in one game, in one mail. `day` (days since the epoch)
/// makes it one digest per day. `talk`: the table talk the seat may read since its last turn
/// mail before them, in words.
#[allow(clippy::too_many_arguments)]
pub fn digest(
    tr: &Tr,
    game: &GameRow,
    seat: &SeatRow,
    link: &str,
    held: &[OutboxRow],
    talk: &[String],
    day: i64,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let a = args(game, seat);
    // Every mail of a game has the one subject: a held mail is named by its headline, the first
    // line of its text.
    let items = held
        .iter()
        .map(|h| {
            format!("{} ({})", h.body_text.lines().next().unwrap_or(&h.subject), format_utc(h.created_at))
        })
        .collect();
    let l = Letter::of_game(tr, game, tr.t_args("mail-digest-subject", &a), greeting(tr, seat))
        .para(tr.t_args("mail-digest-body", &a))
        .with_picture()
        .section(tr.t("mail-digest-list"), items)
        .section(tr.t("chat-title"), talk.to_vec())
        .seat_link(link);
    let seq = held.iter().map(|h| h.seq).max().unwrap_or(0) as u64;
    row(game, Some(seat), &seat.email, seq, MailKind::Digest { day }, &l, now)
}

/// Put the game's chain head into each mail of the game: a `Feldpost-Chain: <seq> <hash>`
/// header (sent by the transport) and the same in words at the end of both parts. A player who
/// keeps their mail holds proof of how far the record had come (docs/disputes.md, D8).
pub fn stamp_receipts(rows: &mut [OutboxRow], tr: &Tr, seq: u64, hash: &str) {
    let mut receipt = None;
    for row in rows.iter_mut().filter(|r| !r.game_id.is_empty()) {
        // Written once for all the step's mails (a new hash each step: nothing to keep).
        let receipt = receipt.get_or_insert_with(|| Receipt::new(tr, seq, hash));
        receipt.stamp(row);
    }
}

/// The receipt on one mail about the game, whether or not it is held as the game's (the host's
/// confirmation goes out before the game's mail may).
pub fn stamp_receipt(row: &mut OutboxRow, tr: &Tr, seq: u64, hash: &str) {
    Receipt::new(tr, seq, hash).stamp(row);
}

/// A step's receipt as a mail carries it: its header, its line of text and its HTML paragraph.
struct Receipt {
    head: String,
    words: String,
    paragraph: String,
}

impl Receipt {
    fn new(tr: &Tr, seq: u64, hash: &str) -> Receipt {
        let words = tr.t_args_once("mail-receipt", &[("seq", seq.to_string()), ("hash", hash.to_owned())]);
        let paragraph = format!(
            "<p style=\"max-width:36em;margin:0.75em auto;padding:0 1.25em;color:#666;font-size:12px;word-break:break-all\">{}</p>",
            askama::filters::escape(&words, askama::filters::Html).map(|e| e.to_string()).unwrap_or_default()
        );
        Receipt { head: format!("{seq} {hash}"), words, paragraph }
    }

    fn stamp(&self, row: &mut OutboxRow) {
        row.chain_head = Some(self.head.clone());
        row.body_text.push_str(&self.words);
        row.body_text.push('\n');
        if let Some(html) = &mut row.body_html {
            match html.rfind("</body>") {
                Some(at) => html.insert_str(at, &self.paragraph),
                None => html.push_str(&self.paragraph),
            }
        }
    }
}

/// Put the "never mail me again" link of each mail's recipient at its end, in both parts:
/// `link` gives an address's link (signed for that address only).
pub fn stamp_never(rows: &mut [OutboxRow], tr: &Tr, link: &dyn Fn(&str) -> String) {
    // Every mail also names the page where its reader asks what is held about the address.
    let privacy = Sealed::PrivacyPage.text();
    let privacy_words = tr.t("mail-privacy");
    for row in rows.iter_mut() {
        let url = link(&row.recipient);
        let words = tr.t("mail-never");
        row.body_text.push_str(&format!("{words}: {url}\n{privacy_words}: {privacy}\n"));
        if let Some(html) = &mut row.body_html {
            let escape = |t: &str| {
                askama::filters::escape(t, askama::filters::Html).map(|e| e.to_string()).unwrap_or_default()
            };
            let p = format!(
                "<p style=\"max-width:36em;margin:0.75em auto;padding:0 1.25em;color:#666;font-size:12px\"><a href=\"{}\" style=\"color:#666\">{}</a> · <a href=\"{}\" style=\"color:#666\">{}</a></p>",
                escape(&url),
                escape(&words),
                escape(&privacy),
                escape(&privacy_words)
            );
            match html.rfind("</body>") {
                Some(at) => html.insert_str(at, &p),
                None => html.push_str(&p),
            }
        }
    }
}

/// A dispute as its adjudicator's mail names it.
pub struct DisputeAsked<'a> {
    /// The dispute's own record.
    pub seq: u64,
    /// The contested record.
    pub against: u64,
    pub claim: &'a str,
    /// When it is upheld unless ruled on.
    pub expires_at: i64,
}

/// To a dispute's adjudicator: you are asked to rule on dispute N by its deadline (or, as a
/// reminder, that the deadline is near), with the ruling page's link.
#[allow(clippy::too_many_arguments)]
pub fn ruling_request(
    tr: &Tr,
    game: &GameRow,
    to: &str,
    greeting: String,
    link: &str,
    d: &DisputeAsked,
    zone: Option<&crate::input::TimeZoneName>,
    reminder: bool,
    now: i64,
) -> OutboxRow {
    let tr = &tr.clone().isolating(); // names set apart (render_text and the subject drop the marks)
    let a = [
        ("game", isolated(&game.title)),
        ("dispute", d.seq.to_string()),
        ("against", d.against.to_string()),
        ("claim", d.claim.to_owned()),
        ("when", tr.deadline(d.expires_at, zone)),
    ];
    let (subject, body, kind) = if reminder {
        ("mail-rule-reminder-subject", "mail-rule-reminder-body", MailKind::RuleReminder)
    } else {
        ("mail-rule-subject", "mail-rule-body", MailKind::RuleRequest)
    };
    let mut l = Letter::of_game(tr, game, tr.t_args(subject, &a), greeting)
        .para(tr.t_args(body, &a))
        .para(tr.t_args("mail-rule-claim", &a))
        .para(tr.t_args("mail-rule-default", &a));
    l.link = Some(link.to_owned());
    l.link_label = tr.t("mail-rule-link");
    l.button = tr.t("mail-rule-button");
    row(game, None, to, d.seq, kind, &l, now)
}

#[cfg(test)]
mod tests {
    use crate::i18n::cs_z_before;

    #[test]
    fn czech_says_ze_before_numbers_spoken_with_a_cluster_or_a_sibilant() {
        // "ze dvou, ze tří, ze čtyř, z pěti, ze šesti, ze sedmi, z osmi, z deseti, ze dvaceti
        // tří, z padesáti, ze sta, z tisíce, ze dvou tisíc"
        let expected = [
            (2, "ze"),
            (3, "ze"),
            (4, "ze"),
            (5, "z"),
            (6, "ze"),
            (7, "ze"),
            (8, "z"),
            (10, "z"),
            (12, "ze"),
            (15, "z"),
            (23, "ze"),
            (50, "z"),
            (100, "ze"),
            (1000, "z"),
            (2000, "ze"),
        ];
        for (n, z) in expected {
            assert_eq!(cs_z_before(n), z, "{n}");
        }
    }
}

#[cfg(test)]
mod fluent_tests {
    use crate::i18n::{Lang, Tr};
    use feldpost_engine::Msg;

    #[test]
    fn the_czech_choice_of_moves_says_ze_or_z_as_the_number_is_spoken() {
        let cs = Tr::new(Lang::Cs);
        let say = |n: u64| cs.msg(&Msg::new("mail-asked-choose").num("n", n as i64));
        assert_eq!(say(3), "vyberte jeden ze 3 tahů");
        assert_eq!(say(5), "vyberte jeden z 5 tahů");
        assert_eq!(say(17), "vyberte jeden ze 17 tahů");
        let en = Tr::new(Lang::En).msg(&Msg::new("mail-asked-choose").num("n", 3));
        assert_eq!(en, "choose one of 3 moves");
    }
}
