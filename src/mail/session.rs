//! One SMTP conversation of the inbound listener (RFC 5321, with the ESMTP extensions a relay
//! uses: PIPELINING, SIZE, 8BITMIME, SMTPUTF8, ENHANCEDSTATUSCODES), as a state machine: fed the
//! bytes a client sends, it writes the replies and says when a message is complete, when the
//! connection is to be closed, or that it wants more bytes. It does no I/O and keeps no clock:
//! the listener (`listener.rs`) runs it on a socket with the timeouts and the connection limits,
//! and the unit tests and the fuzz target feed it bytes directly.
//!
//! What it holds is bounded whatever it is fed: one line of at most [`MAX_LINE`] octets (a
//! longer one is answered 500 and the connection closed, never buffered), one message of at most
//! the size it announces (a larger one is read to its end without being kept and refused with
//! 552, never cut and taken), at most [`MAX_RECIPIENTS`] recipients. It knows nothing but `std`,
//! so that the fuzz target builds it on its own.

/// The longest line, command or text, with its CRLF (RFC 5321, 4.5.3.1.4 and 4.5.3.1.6).
pub const MAX_LINE: usize = 1000;
/// The most recipients of one message (RFC 5321, 4.5.3.1.8, asks a server to take 100).
pub const MAX_RECIPIENTS: usize = 100;
/// Commands refused for their syntax or their order before the connection is closed.
pub const MAX_ERRORS: u32 = 20;
/// The longest address kept (RFC 5321, 4.5.3.1.3: a path is at most 256 octets).
pub const MAX_PATH: usize = 256;
/// Replies are handed out to be written once this many octets are waiting (a pipelining client
/// may send many commands at once; their replies are written together, but not without end).
pub const FLUSH_AT: usize = 4096;

/// The greeting.
pub const GREETING: &[u8] = b"220 feldpost ESMTP ready\r\n";
/// To the connection over the limit of sessions, before it is closed.
pub const TOO_MANY: &[u8] = b"421 4.3.2 feldpost: too many connections, try again later\r\n";
/// To an idle session closed to make room for a new one.
pub const MAKING_ROOM: &[u8] =
    b"421 4.3.2 feldpost: closing an idle connection for another, try again later\r\n";
/// To a client that took longer than the command timeout for one line.
pub const TOO_SLOW: &[u8] = b"421 4.4.2 feldpost: too slow for a line, closing\r\n";
/// To a client whose session lasted longer than the session timeout.
pub const TOO_LONG: &[u8] = b"421 4.4.2 feldpost: the session lasted too long, closing\r\n";

/// What the session asks of the server while it reads commands: whether a recipient is taken.
pub trait Desk {
    /// Whether mail from `sender` (`None`: the null sender, `MAIL FROM:<>`) to `recipient` is
    /// taken; refused at RCPT otherwise.
    fn accepts(&self, sender: Option<&str>, recipient: &str) -> bool;
}

impl<F: Fn(Option<&str>, &str) -> bool> Desk for F {
    fn accepts(&self, sender: Option<&str>, recipient: &str) -> bool {
        self(sender, recipient)
    }
}

/// What to do after [`Session::receive`].
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    /// Write the replies waiting, then call `receive` again with the bytes it did not consume,
    /// or with more once it consumed all.
    More,
    /// A message is complete: hand it over, then tell the session with [`Session::taken`].
    /// Nothing is read meanwhile.
    Deliver(Message),
    /// Write the replies waiting, then close the connection.
    Close,
}

/// A message as received: the envelope and the text, dot-stuffing undone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// `MAIL FROM`, `None` for the null sender.
    pub sender: Option<String>,
    /// The recipients the desk accepted, lower case, each once.
    pub recipients: Vec<String>,
    /// The message, as sent, each line with its line end.
    pub data: Vec<u8>,
}

/// What became of a message handed over (the reply at the end of DATA).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// 250: taken.
    Taken,
    /// 550 5.1.1: none of its recipients is an address of ours after all.
    NoSuchAddress,
    /// 451 4.3.0: not taken now; the sender keeps it and tries again.
    TryLater,
    /// 554 5.6.0: it cannot be read as a message.
    Unreadable,
}

/// Why a session ended, for its summary in the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The client said QUIT.
    Quit,
    /// A line longer than [`MAX_LINE`].
    LineTooLong,
    /// More than [`MAX_ERRORS`] commands refused for their syntax or order.
    TooManyErrors,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Reading commands.
    Commands,
    /// Reading the text of a message, up to the line ".".
    Data,
    /// A message was handed over; waiting for [`Session::taken`].
    Taking,
    /// Nothing more is read.
    Closed,
}

/// One mail transaction: from MAIL to the end of DATA (or RSET).
#[derive(Debug, Default)]
struct Transaction {
    sender: Option<String>,
    recipients: Vec<String>,
}

/// One SMTP session.
#[derive(Debug)]
pub struct Session {
    max_message: usize,
    phase: Phase,
    /// HELO or EHLO was said.
    greeted: bool,
    transaction: Option<Transaction>,
    /// The line being read (at most [`MAX_LINE`] octets).
    line: Vec<u8>,
    /// The message being read (at most `max_message` octets).
    data: Vec<u8>,
    /// The size of the message being read, counted on after it was found too big.
    size: usize,
    /// The message being read is over `max_message`: it is read to its end, not kept.
    too_big: bool,
    /// The server ran short of memory for messages: this one is read to its end, not kept.
    short: bool,
    /// The last text line ended with CRLF (the end of DATA is CRLF "." CRLF, nothing else).
    after_crlf: bool,
    errors: u32,
    lines: u64,
    ended: Option<Ended>,
}

impl Session {
    /// A session that takes messages of up to `max_message` octets; the greeting is written to
    /// `out`.
    pub fn new(max_message: usize, out: &mut Vec<u8>) -> Session {
        out.extend_from_slice(GREETING);
        Session {
            max_message,
            phase: Phase::Commands,
            greeted: false,
            transaction: None,
            line: Vec::with_capacity(MAX_LINE),
            data: Vec::new(),
            size: 0,
            too_big: false,
            short: false,
            after_crlf: true,
            errors: 0,
            lines: 0,
            ended: None,
        }
    }

    /// Read `input`, writing replies to `out`. Returns how many octets were consumed and what
    /// to do next; it consumes at least one octet of a non-empty input unless it returns
    /// [`Next::Deliver`] or [`Next::Close`], or is waiting for [`Session::taken`].
    pub fn receive(&mut self, input: &[u8], desk: &dyn Desk, out: &mut Vec<u8>) -> (usize, Next) {
        let mut used = 0;
        while used < input.len() {
            if matches!(self.phase, Phase::Taking | Phase::Closed) {
                return (used, if self.phase == Phase::Closed { Next::Close } else { Next::More });
            }
            let rest = &input[used..];
            let room = MAX_LINE - self.line.len();
            let window = &rest[..rest.len().min(room)];
            match window.iter().position(|&b| b == b'\n') {
                Some(end) => {
                    self.line.extend_from_slice(&window[..=end]);
                    used += end + 1;
                    self.lines += 1;
                    let line = std::mem::take(&mut self.line);
                    let next = match self.phase {
                        Phase::Data => self.text_line(&line, out),
                        _ => self.command_line(&line, desk, out),
                    };
                    self.line = line;
                    self.line.clear();
                    if let Some(next) = next {
                        return (used, next);
                    }
                    if out.len() >= FLUSH_AT {
                        return (used, Next::More);
                    }
                }
                None if rest.len() < room => {
                    self.line.extend_from_slice(rest);
                    used = input.len();
                }
                None => {
                    // The line would be longer than the limit: refused before it is read.
                    reply(out, "500 5.5.2 Line too long (at most 1000 octets with CRLF), closing");
                    self.close(Ended::LineTooLong);
                    return (used + window.len(), Next::Close);
                }
            }
        }
        match self.phase {
            Phase::Closed => (used, Next::Close),
            _ => (used, Next::More),
        }
    }

    /// What became of the message last handed over: its reply is written to `out`, and the
    /// session is back at the start of a transaction.
    pub fn taken(&mut self, verdict: Verdict, out: &mut Vec<u8>) {
        if self.phase != Phase::Taking {
            return;
        }
        reply(
            out,
            match verdict {
                Verdict::Taken => "250 2.0.0 Taken",
                Verdict::NoSuchAddress => "550 5.1.1 None of the recipients is an address of this server",
                Verdict::TryLater => {
                    "451 4.3.0 The message was not taken: the server cannot act on it now, please try again later"
                }
                Verdict::Unreadable => "554 5.6.0 The message cannot be read",
            },
        );
        self.phase = Phase::Commands;
    }

    /// Drop the message being read (the server is short of memory for messages): it is read to
    /// its end and refused with 452, so that the sender tries again.
    pub fn drop_message(&mut self) {
        if self.phase == Phase::Data && !self.short {
            self.short = true;
            self.data = Vec::new();
        }
    }

    /// The octets this session holds now (the line, the message, the envelope).
    pub fn held(&self) -> usize {
        let envelope = self.transaction.as_ref().map_or(0, |t| {
            t.sender.as_ref().map_or(0, String::capacity)
                + t.recipients.capacity() * std::mem::size_of::<String>()
                + t.recipients.iter().map(String::capacity).sum::<usize>()
        });
        self.line.capacity() + self.data.capacity() + envelope
    }

    /// The most a session taking messages of `max_message` octets ever holds.
    pub fn bound(max_message: usize) -> usize {
        MAX_LINE
            + max_message
            + (MAX_RECIPIENTS + 1) * (MAX_PATH + std::mem::size_of::<String>())
            + MAX_RECIPIENTS.next_power_of_two() * std::mem::size_of::<String>()
    }

    /// Lines read so far (command and text): the listener's per-line timeout starts again at each.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Whether a message is being read (between DATA's 354 and its end).
    pub fn in_data(&self) -> bool {
        self.phase == Phase::Data
    }

    /// Why the session ended, once it has.
    pub fn ended(&self) -> Option<Ended> {
        self.ended
    }

    fn close(&mut self, why: Ended) {
        self.phase = Phase::Closed;
        self.ended = Some(why);
        self.data = Vec::new();
        self.transaction = None;
    }

    /// A command refused for its syntax or its order.
    fn refuse(&mut self, out: &mut Vec<u8>, text: &str) -> Option<Next> {
        reply(out, text);
        self.errors += 1;
        if self.errors >= MAX_ERRORS {
            reply(out, "421 4.7.0 Too many errors, closing");
            self.close(Ended::TooManyErrors);
            return Some(Next::Close);
        }
        None
    }

    fn command_line(&mut self, line: &[u8], desk: &dyn Desk, out: &mut Vec<u8>) -> Option<Next> {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let Ok(line) = std::str::from_utf8(line) else {
            return self.refuse(out, "500 5.5.2 Syntax error: the command is not UTF-8");
        };
        let (verb, argument) = match line.split_once(' ') {
            Some((v, a)) => (v, a.trim()),
            None => (line, ""),
        };
        match verb.to_ascii_uppercase().as_str() {
            "EHLO" | "HELO" if argument.is_empty() => {
                self.refuse(out, "501 5.5.4 Syntax: EHLO (or HELO) and your domain")
            }
            "EHLO" => {
                self.greeted = true;
                self.transaction = None;
                let size = format!("250-SIZE {}", self.max_message);
                for l in ["250-feldpost", "250-PIPELINING", &size, "250-8BITMIME", "250-SMTPUTF8"] {
                    reply(out, l);
                }
                reply(out, "250 ENHANCEDSTATUSCODES");
                None
            }
            "HELO" => {
                self.greeted = true;
                self.transaction = None;
                reply(out, "250 feldpost");
                None
            }
            "MAIL" => self.mail(argument, out),
            "RCPT" => self.rcpt(argument, desk, out),
            "DATA" => {
                if !argument.is_empty() {
                    return self.refuse(out, "501 5.5.4 Syntax: DATA, without anything after it");
                }
                match &self.transaction {
                    None => self.refuse(out, "503 5.5.1 Bad sequence of commands: MAIL first"),
                    Some(t) if t.recipients.is_empty() => {
                        self.refuse(out, "503 5.5.1 Bad sequence of commands: no recipient was accepted")
                    }
                    Some(_) => {
                        reply(out, "354 End data with <CR><LF>.<CR><LF>");
                        self.phase = Phase::Data;
                        self.data = Vec::new();
                        self.size = 0;
                        self.too_big = false;
                        self.short = false;
                        self.after_crlf = true;
                        None
                    }
                }
            }
            "RSET" => {
                self.transaction = None;
                reply(out, "250 2.0.0 OK");
                None
            }
            "NOOP" => {
                reply(out, "250 2.0.0 OK");
                None
            }
            "QUIT" => {
                reply(out, "221 2.0.0 Bye");
                self.close(Ended::Quit);
                Some(Next::Close)
            }
            "VRFY" => {
                reply(out, "252 2.5.0 Cannot verify the address; send some mail and see");
                None
            }
            "HELP" => {
                reply(
                    out,
                    "214 2.0.0 feldpost takes replies to its mail: EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT",
                );
                None
            }
            "EXPN" | "STARTTLS" | "AUTH" | "BDAT" | "ETRN" | "TURN" | "ATRN" => {
                self.refuse(out, "502 5.5.1 Command not implemented")
            }
            _ => self.refuse(out, "500 5.5.2 Syntax error: command unrecognized"),
        }
    }

    fn mail(&mut self, argument: &str, out: &mut Vec<u8>) -> Option<Next> {
        if !self.greeted {
            return self.refuse(out, "503 5.5.1 Bad sequence of commands: EHLO first");
        }
        if self.transaction.is_some() {
            return self
                .refuse(out, "503 5.5.1 Bad sequence of commands: a transaction is under way (RSET first)");
        }
        let Some((address, parameters)) = path(argument, "FROM:") else {
            return self.refuse(out, "501 5.5.4 Syntax: MAIL FROM:<address>");
        };
        if !(address.is_empty() || is_address(address)) {
            return self.refuse(out, "501 5.1.7 Bad sender address syntax");
        }
        for parameter in parameters.split(' ').filter(|p| !p.is_empty()) {
            let (key, value) = parameter.split_once('=').unwrap_or((parameter, ""));
            match (key.to_ascii_uppercase().as_str(), value.to_ascii_uppercase().as_str()) {
                ("SIZE", n) => match n.parse::<u64>() {
                    Ok(n) if n > self.max_message as u64 => {
                        reply(
                            out,
                            &format!(
                                "552 5.3.4 Message too big: this server takes at most {} octets",
                                self.max_message
                            ),
                        );
                        return None;
                    }
                    Ok(_) => {}
                    Err(_) => return self.refuse(out, "501 5.5.4 Syntax: SIZE=octets"),
                },
                ("BODY", "7BIT" | "8BITMIME") | ("SMTPUTF8", "") => {}
                _ => return self.refuse(out, "555 5.5.4 MAIL parameter not recognized or not implemented"),
            }
        }
        let sender = (!address.is_empty()).then(|| address.to_owned());
        self.transaction = Some(Transaction { sender, recipients: Vec::new() });
        reply(out, "250 2.1.0 OK");
        None
    }

    fn rcpt(&mut self, argument: &str, desk: &dyn Desk, out: &mut Vec<u8>) -> Option<Next> {
        let Some(transaction) = &self.transaction else {
            return self.refuse(out, "503 5.5.1 Bad sequence of commands: MAIL first");
        };
        let Some((address, parameters)) = path(argument, "TO:") else {
            return self.refuse(out, "501 5.5.4 Syntax: RCPT TO:<address>");
        };
        if !parameters.trim().is_empty() {
            return self.refuse(out, "555 5.5.4 RCPT parameters not recognized or not implemented");
        }
        if !is_address(address) {
            return self.refuse(out, "501 5.1.3 Bad recipient address syntax");
        }
        let mut recipient = address.to_lowercase();
        if recipient.len() > MAX_PATH {
            return self.refuse(out, "501 5.1.3 Bad recipient address syntax");
        }
        recipient.shrink_to_fit();
        if transaction.recipients.contains(&recipient) {
            reply(out, "250 2.1.5 OK");
            return None;
        }
        if transaction.recipients.len() >= MAX_RECIPIENTS {
            reply(out, "452 4.5.3 Too many recipients");
            return None;
        }
        if !desk.accepts(transaction.sender.as_deref(), &recipient) {
            reply(out, "550 5.1.1 No such address here");
            return None;
        }
        if let Some(t) = self.transaction.as_mut() {
            t.recipients.push(recipient);
        }
        reply(out, "250 2.1.5 OK");
        None
    }

    fn text_line(&mut self, line: &[u8], out: &mut Vec<u8>) -> Option<Next> {
        if self.after_crlf && line == b".\r\n" {
            return self.end_of_data(out);
        }
        self.after_crlf = line.ends_with(b"\r\n");
        // Dot-stuffing undone: a line that starts with "." was sent with one more.
        let text = line.strip_prefix(b".").unwrap_or(line);
        self.size = self.size.saturating_add(text.len());
        if self.size > self.max_message && !self.too_big {
            self.too_big = true;
            self.data = Vec::new();
        }
        if !self.too_big && !self.short {
            let need = self.data.len() + text.len();
            if need > self.data.capacity() {
                // Grown by doubling, but never past the largest message.
                let target = need.max(self.data.capacity() * 2).max(4096).min(self.max_message);
                self.data.reserve_exact(target - self.data.len());
            }
            self.data.extend_from_slice(text);
        }
        None
    }

    fn end_of_data(&mut self, out: &mut Vec<u8>) -> Option<Next> {
        let transaction = self.transaction.take().unwrap_or_default();
        let data = std::mem::take(&mut self.data);
        if self.too_big {
            self.phase = Phase::Commands;
            let max = self.max_message;
            reply(out, &format!("552 5.3.4 Message too big: this server takes at most {max} octets"));
            return None;
        }
        if self.short {
            self.phase = Phase::Commands;
            reply(out, "452 4.3.1 Insufficient system storage, please try again later");
            return None;
        }
        self.phase = Phase::Taking;
        Some(Next::Deliver(Message { sender: transaction.sender, recipients: transaction.recipients, data }))
    }
}

/// Write one reply line.
fn reply(out: &mut Vec<u8>, text: &str) {
    out.extend_from_slice(text.as_bytes());
    out.extend_from_slice(b"\r\n");
}

/// The path of MAIL FROM: or RCPT TO: (`keyword`) and the parameters after it: `<a@b>` (a
/// source route before a colon is dropped), `<>`, or an address without brackets as some
/// clients send. `None` if it cannot be read.
fn path<'a>(argument: &'a str, keyword: &str) -> Option<(&'a str, &'a str)> {
    let head = argument.get(..keyword.len())?;
    if !head.eq_ignore_ascii_case(keyword) {
        return None;
    }
    let rest = argument[keyword.len()..].trim_start();
    let (address, parameters) = if let Some(inner) = rest.strip_prefix('<') {
        let close = closing_bracket(inner)?;
        (&inner[..close], &inner[close + 1..])
    } else {
        let end = rest.find(' ').unwrap_or(rest.len());
        if end == 0 {
            return None;
        }
        (&rest[..end], &rest[end..])
    };
    if !parameters.is_empty() && !parameters.starts_with(' ') {
        return None;
    }
    // "@a,@b:user@c": the source route is ignored (RFC 5321, 3.3 and appendix C).
    let address = match address.strip_prefix('@') {
        Some(route) => &route[route.find(':')? + 1..],
        None => address,
    };
    Some((address, parameters.trim()))
}

/// Where the `>` that closes a path is, past quoted strings (`"a>b"@c`).
fn closing_bracket(inner: &str) -> Option<usize> {
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in inner.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '>' if !quoted => return Some(i),
            _ => {}
        }
    }
    None
}

/// A mailbox as SMTP carries it, loosely: not too long, a local part and a domain (or the
/// bare `postmaster`), no spaces or controls outside quotes, UTF-8 allowed (SMTPUTF8).
fn is_address(address: &str) -> bool {
    if address.len() > MAX_PATH {
        return false;
    }
    if address.eq_ignore_ascii_case("postmaster") {
        return true;
    }
    let Some((local, domain)) = address.rsplit_once('@') else { return false };
    let unquoted = !local.starts_with('"');
    !local.is_empty()
        && !domain.is_empty()
        && address.chars().all(|c| !c.is_control())
        && (!unquoted || !local.contains([' ', '<', '>']))
        && !domain.contains([' ', '<', '>', '"', '@'])
}

/// Feed `data` to sessions as the fuzz target does, checking what must always hold: no
/// panic, never more held than the bound, every reply a line with a code, the session over
/// once closed. The first octets choose how the rest is cut into reads and what each message
/// handed over becomes.
#[cfg(any(test, fuzzing))]
pub fn exercise(data: &[u8]) {
    const MAX_MESSAGE: usize = 4096;
    let Some((&choice, data)) = data.split_first() else { return };
    let chunk = usize::from(choice % 61) + 1;
    let verdicts = [Verdict::Taken, Verdict::NoSuchAddress, Verdict::TryLater, Verdict::Unreadable];
    let desk = |sender: Option<&str>, rcpt: &str| !rcpt.len().is_multiple_of(3) || sender.is_none();
    let mut out = Vec::new();
    let mut session = Session::new(MAX_MESSAGE, &mut out);
    let mut delivered = 0usize;
    let mut closed = false;
    for piece in data.chunks(chunk) {
        let mut rest = piece;
        while !rest.is_empty() && !closed {
            let (used, next) = session.receive(rest, &desk, &mut out);
            assert!(used <= rest.len());
            assert!(session.line.len() <= MAX_LINE, "a line held past the limit");
            assert!(session.held() <= Session::bound(MAX_MESSAGE), "{} held", session.held());
            rest = &rest[used..];
            match next {
                Next::More => assert!(used > 0 || out.len() >= FLUSH_AT, "no progress"),
                Next::Deliver(message) => {
                    assert!(message.data.len() <= MAX_MESSAGE);
                    assert!(!message.recipients.is_empty() && message.recipients.len() <= MAX_RECIPIENTS);
                    assert!(session.receive(b"NOOP\r\n", &desk, &mut out) == (0, Next::More));
                    session.taken(verdicts[delivered % verdicts.len()], &mut out);
                    delivered += 1;
                }
                Next::Close => {
                    assert!(session.ended().is_some());
                    closed = true;
                }
            }
            check_replies(&out);
            out.clear();
        }
    }
    if closed {
        let (used, next) = session.receive(b"NOOP\r\n", &desk, &mut out);
        assert_eq!((used, next), (0, Next::Close));
        assert!(out.is_empty());
    }
}

/// Every reply is whole lines, each a three-digit code, then a space or a hyphen.
#[cfg(any(test, fuzzing))]
fn check_replies(out: &[u8]) {
    assert!(out.is_empty() || out.ends_with(b"\r\n"));
    for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        assert!(line.len() >= 5 && line.len() <= 512, "{:?}", String::from_utf8_lossy(line));
        assert!(line[..3].iter().all(u8::is_ascii_digit) && matches!(line[3], b' ' | b'-'));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A client of one session: what it sends, the replies it reads, the messages handed over
    /// (each answered with `verdict`).
    struct Client {
        session: Session,
        out: Vec<u8>,
        verdict: Verdict,
        delivered: Vec<Message>,
        closed: bool,
        senders: std::cell::RefCell<Vec<Option<String>>>,
    }

    impl Client {
        fn new(max_message: usize) -> Client {
            let mut out = Vec::new();
            let session = Session::new(max_message, &mut out);
            assert_eq!(out, GREETING);
            Client {
                session,
                out: Vec::new(),
                verdict: Verdict::Taken,
                delivered: Vec::new(),
                closed: false,
                senders: Default::default(),
            }
        }

        /// Send `input` (in one piece, as a pipelining client may); the replies, in order.
        fn send(&mut self, input: impl AsRef<[u8]>) -> String {
            let senders = &self.senders;
            // Only addresses at feldpost.test are ours.
            let desk = |sender: Option<&str>, rcpt: &str| {
                senders.borrow_mut().push(sender.map(str::to_owned));
                rcpt.ends_with("@feldpost.test")
            };
            let mut rest = input.as_ref();
            while !rest.is_empty() {
                let (used, next) = self.session.receive(rest, &desk, &mut self.out);
                rest = &rest[used..];
                match next {
                    Next::More => {}
                    Next::Deliver(m) => {
                        self.delivered.push(m);
                        self.session.taken(self.verdict, &mut self.out);
                    }
                    Next::Close => {
                        self.closed = true;
                        break;
                    }
                }
            }
            String::from_utf8(std::mem::take(&mut self.out)).unwrap()
        }

        /// The codes of the replies (the last line of each multi-line reply).
        fn codes(&mut self, input: impl AsRef<[u8]>) -> Vec<String> {
            let replies = self.send(input);
            replies
                .lines()
                .filter(|l| l.as_bytes().get(3) == Some(&b' '))
                .map(|l| l[..3].to_owned())
                .collect()
        }

        /// A client that said EHLO.
        fn greeted(max_message: usize) -> Client {
            let mut c = Client::new(max_message);
            c.send("EHLO relay.example.org\r\n");
            c
        }
    }

    const TRANSACTION: &str = "MAIL FROM:<ana@example.org>\r\nRCPT TO:<feldpost+x@feldpost.test>\r\nDATA\r\n";

    #[test]
    fn ehlo_offers_what_is_implemented_and_the_size() {
        let mut c = Client::new(10 * 1024 * 1024);
        let ehlo = c.send("EHLO relay.example.org\r\n");
        let lines: Vec<&str> = ehlo.lines().collect();
        assert_eq!(
            lines,
            [
                "250-feldpost",
                "250-PIPELINING",
                "250-SIZE 10485760",
                "250-8BITMIME",
                "250-SMTPUTF8",
                "250 ENHANCEDSTATUSCODES"
            ]
        );
        assert_eq!(c.send("HELO relay.example.org\r\n"), "250 feldpost\r\n");
        assert_eq!(c.codes("EHLO\r\n"), ["501"]);
    }

    #[test]
    fn a_message_is_taken_with_dot_stuffing_undone_and_the_session_goes_on() {
        let mut c = Client::greeted(1024);
        assert_eq!(c.codes(TRANSACTION), ["250", "250", "354"]);
        assert_eq!(c.codes("Subject: x\r\n\r\n..hod\r\n.\r\n"), ["250"]);
        let m = &c.delivered[0];
        assert_eq!(m.sender.as_deref(), Some("ana@example.org"));
        assert_eq!(m.recipients, ["feldpost+x@feldpost.test"]);
        assert_eq!(m.data, b"Subject: x\r\n\r\n.hod\r\n");
        // A second transaction in the same session, without RSET.
        assert_eq!(c.codes(TRANSACTION), ["250", "250", "354"]);
        assert_eq!(c.codes(".\r\n"), ["250"]);
        assert_eq!(c.delivered[1].data, b"");
        assert_eq!(c.codes("QUIT\r\n"), ["221"]);
        assert!(c.closed);
        assert_eq!(c.session.ended(), Some(Ended::Quit));
    }

    #[test]
    fn only_crlf_dot_crlf_ends_the_text() {
        let mut c = Client::greeted(1024);
        c.send(TRANSACTION);
        // A bare LF before or after the dot is text (no message smuggled past the end).
        assert_eq!(c.codes("a\n.\r\nb\r\n.\nc\r\n.\r\n"), ["250"]);
        assert_eq!(c.delivered[0].data, b"a\n\r\nb\r\n\nc\r\n");
    }

    #[test]
    fn a_long_line_is_refused_and_closed_without_being_held() {
        // A line of exactly 1000 octets with its CRLF is a line.
        let mut c = Client::greeted(1024);
        let most = format!("NOOP {}\r\n", "x".repeat(MAX_LINE - 7));
        assert_eq!(most.len(), MAX_LINE);
        assert_eq!(c.codes(&most), ["250"]);
        // One more octet is not; the rest is never read.
        let long = format!("NOOP {}\r\n", "x".repeat(MAX_LINE - 6));
        let mut c = Client::greeted(1024);
        assert_eq!(c.codes(&long), ["500"]);
        assert!(c.closed);
        assert_eq!(c.session.ended(), Some(Ended::LineTooLong));
        // Two megabytes without a newline, in pieces: refused once a line's worth has come.
        let mut c = Client::greeted(1024);
        let piece = vec![b'a'; 64 * 1024];
        let mut out = Vec::new();
        let desk = |_: Option<&str>, _: &str| true;
        let (used, next) = c.session.receive(&piece, &desk, &mut out);
        assert_eq!((used, next), (MAX_LINE, Next::Close));
        assert!(String::from_utf8(out).unwrap().starts_with("500 5.5.2 Line too long"));
        assert!(c.session.held() <= Session::bound(1024));
        // In a message's text too.
        let mut c = Client::greeted(10_000);
        c.send(TRANSACTION);
        assert_eq!(c.codes(format!("{}\r\n", "y".repeat(MAX_LINE))), ["500"]);
        assert!(c.closed && c.delivered.is_empty());
    }

    #[test]
    fn a_message_over_the_size_is_refused_at_its_end_never_cut_and_taken() {
        let mut c = Client::greeted(100);
        c.send(TRANSACTION);
        let text = "0123456789012345678\r\n".repeat(10);
        let replies = c.send(format!("{text}.\r\n"));
        assert_eq!(replies, "552 5.3.4 Message too big: this server takes at most 100 octets\r\n");
        assert!(c.delivered.is_empty());
        assert!(c.session.held() <= Session::bound(100));
        // Exactly the size is taken.
        c.send(TRANSACTION);
        assert_eq!(c.codes(format!("{}.\r\n", "012345678901234567\r\n".repeat(5))), ["250"]);
        assert_eq!(c.delivered[0].data.len(), 100);
    }

    #[test]
    fn size_at_mail_is_refused_at_once_when_too_big() {
        let mut c = Client::greeted(1000);
        assert_eq!(c.codes("MAIL FROM:<ana@example.org> SIZE=1001\r\n"), ["552"]);
        assert_eq!(c.codes("RCPT TO:<feldpost+x@feldpost.test>\r\n"), ["503"], "no transaction began");
        assert_eq!(c.codes("MAIL FROM:<ana@example.org> SIZE=x\r\n"), ["501"]);
        assert_eq!(c.codes("MAIL FROM:<ana@example.org> SIZE=1000 BODY=8BITMIME SMTPUTF8\r\n"), ["250"]);
        assert_eq!(c.codes("RSET\r\nMAIL FROM:<ana@example.org> BODY=BINARYMIME\r\n"), ["250", "555"]);
        assert_eq!(c.codes("MAIL FROM:<ana@example.org> RET=HDRS\r\n"), ["555"]);
    }

    #[test]
    fn rset_noop_quit_are_answered_after_every_refusal_at_the_end_of_data() {
        for (verdict, code) in [
            (Verdict::TryLater, "451 4.3.0 "),
            (Verdict::NoSuchAddress, "550 5.1.1 "),
            (Verdict::Unreadable, "554 5.6.0 "),
            (Verdict::Taken, "250 2.0.0 "),
        ] {
            let mut c = Client::greeted(1024);
            c.verdict = verdict;
            c.send(TRANSACTION);
            let end = c.send("hod\r\n.\r\n");
            assert!(end.starts_with(code), "{verdict:?}: {end}");
            // Back at the start of a transaction: not text, not a transaction under way.
            assert_eq!(
                c.codes("NOOP\r\nRSET\r\nRCPT TO:<feldpost+x@feldpost.test>\r\n"),
                ["250", "250", "503"]
            );
            assert_eq!(c.codes(TRANSACTION), ["250", "250", "354"], "{verdict:?}");
            assert_eq!(c.codes(".\r\nQUIT\r\n"), [&code[..3], "221"]);
            assert!(c.closed);
        }
        // The size refusal too.
        let mut c = Client::greeted(10);
        c.send(TRANSACTION);
        assert_eq!(
            c.codes("0123456789ab\r\n.\r\nRSET\r\nNOOP\r\nEHLO x\r\nQUIT\r\n"),
            ["552", "250", "250", "250", "221"]
        );
        // And the one for want of memory.
        let mut c = Client::greeted(1024);
        c.send(TRANSACTION);
        c.send("a\r\n");
        c.session.drop_message();
        assert_eq!(c.codes("b\r\n.\r\nNOOP\r\nQUIT\r\n"), ["452", "250", "221"]);
        assert!(c.delivered.is_empty());
    }

    #[test]
    fn commands_out_of_order_get_503_and_unknown_ones_500_or_502() {
        let mut c = Client::new(1024);
        assert_eq!(c.codes("MAIL FROM:<ana@example.org>\r\n"), ["503"], "EHLO first");
        assert_eq!(c.codes("RCPT TO:<feldpost+x@feldpost.test>\r\nDATA\r\n"), ["503", "503"]);
        assert_eq!(c.codes("NOOP\r\nRSET\r\n"), ["250", "250"], "answered before EHLO too");
        c.send("EHLO x\r\n");
        assert_eq!(c.codes("DATA\r\n"), ["503"], "MAIL first");
        assert_eq!(c.codes("MAIL FROM:<ana@example.org>\r\nMAIL FROM:<ana@example.org>\r\n"), ["250", "503"]);
        assert_eq!(c.codes("RCPT TO:<nobody@example.org>\r\nDATA\r\n"), ["550", "503"], "no recipient taken");
        assert_eq!(
            c.codes("FROB\r\n\r\nSTARTTLS\r\nAUTH PLAIN\r\nBDAT 10\r\nVRFY ana\r\n"),
            ["500", "500", "502", "502", "502", "252"]
        );
        assert_eq!(
            c.codes("DATA x\r\nRCPT TO:<a b@c>\r\nRSET\r\nMAIL FROM ana\r\n"),
            ["501", "501", "250", "501"]
        );
        assert_eq!(c.codes(b"\xff\xfe\r\n"), ["500"]);
        assert!(!c.closed);
        assert_eq!(c.codes("rset\r\nnoop\r\nquit\r\n"), ["250", "250", "221"], "verbs in any case");
    }

    #[test]
    fn too_many_errors_close_the_session() {
        let mut c = Client::greeted(1024);
        let replies = c.send("FROB\r\n".repeat(MAX_ERRORS as usize + 5));
        assert_eq!(replies.lines().filter(|l| l.starts_with("500")).count(), MAX_ERRORS as usize);
        assert!(replies.ends_with("421 4.7.0 Too many errors, closing\r\n"), "{replies}");
        assert!(c.closed);
        assert_eq!(c.session.ended(), Some(Ended::TooManyErrors));
    }

    #[test]
    fn the_null_sender_is_taken_at_mail_and_the_desk_decides_at_rcpt() {
        let mut c = Client::greeted(1024);
        assert_eq!(c.codes("MAIL FROM:<>\r\n"), ["250"]);
        assert_eq!(
            c.codes("RCPT TO:<nobody@example.org>\r\nRCPT TO:<Feldpost+X@feldpost.test>\r\n"),
            ["550", "250"]
        );
        assert_eq!(*c.senders.borrow(), [None, None], "the desk saw the null sender");
        c.send("DATA\r\nhod\r\n.\r\n");
        assert_eq!(c.delivered[0].sender, None);
        assert_eq!(c.delivered[0].recipients, ["feldpost+x@feldpost.test"], "lower case");
        // A sender the desk sees as it is; spaces after the colon and no brackets are read too.
        let mut c = Client::greeted(1024);
        c.codes("MAIL FROM: <Ana@Example.org>\r\nRCPT TO: feldpost+y@feldpost.test\r\n");
        assert_eq!(*c.senders.borrow(), [Some("Ana@Example.org".to_owned())]);
    }

    #[test]
    fn smtputf8_and_8bitmime_are_taken() {
        let mut c = Client::greeted(1024);
        let replies = c.codes(
            "MAIL FROM:<radka@příklad.cz> SMTPUTF8 BODY=8BITMIME\r\nRCPT TO:<feldpost+ž@feldpost.test>\r\nDATA\r\n",
        );
        assert_eq!(replies, ["250", "250", "354"]);
        assert_eq!(
            c.codes("From: Radka Nováková <radka@příklad.cz>\r\nSubject: tah\r\n\r\nhoď\r\n.\r\n"),
            ["250"]
        );
        assert_eq!(c.delivered[0].sender.as_deref(), Some("radka@příklad.cz"));
        assert!(String::from_utf8(c.delivered[0].data.clone()).unwrap().contains("Nováková"));
    }

    #[test]
    fn pipelined_commands_are_answered_in_order_around_a_message() {
        let mut c = Client::greeted(1024);
        let all = format!("RSET\r\n{TRANSACTION}hod\r\n.\r\nNOOP\r\n{TRANSACTION}tah\r\n.\r\nQUIT\r\n");
        assert_eq!(
            c.codes(all),
            ["250", "250", "250", "354", "250", "250", "250", "250", "354", "250", "221"]
        );
        assert_eq!(c.delivered.len(), 2);
        assert_eq!(c.delivered[1].data, b"tah\r\n");
    }

    #[test]
    fn recipients_are_bounded() {
        let mut c = Client::greeted(1024);
        c.send("MAIL FROM:<ana@example.org>\r\n");
        let rcpts: String =
            (0..MAX_RECIPIENTS + 3).map(|i| format!("RCPT TO:<feldpost+{i}@feldpost.test>\r\n")).collect();
        let codes = c.codes(rcpts);
        assert_eq!(codes.iter().filter(|c| *c == "250").count(), MAX_RECIPIENTS);
        assert_eq!(codes.iter().filter(|c| *c == "452").count(), 3);
        assert_eq!(
            c.codes("RCPT TO:<feldpost+0@feldpost.test>\r\n"),
            ["250"],
            "a recipient again is no new one"
        );
        assert!(c.session.held() <= Session::bound(1024));
    }

    #[test]
    fn a_session_waiting_on_its_message_reads_nothing() {
        let mut c = Client::greeted(1024);
        c.send(TRANSACTION);
        let desk = |_: Option<&str>, _: &str| true;
        let (used, next) = c.session.receive(b"x\r\n.\r\nNOOP\r\n", &desk, &mut c.out);
        assert!(matches!(next, Next::Deliver(_)));
        assert_eq!(used, 6);
        assert_eq!(c.session.receive(b"NOOP\r\n", &desk, &mut c.out), (0, Next::More));
        c.session.taken(Verdict::Taken, &mut c.out);
        assert_eq!(c.session.receive(b"NOOP\r\n", &desk, &mut c.out), (6, Next::More));
        assert_eq!(
            String::from_utf8(std::mem::take(&mut c.out)).unwrap(),
            "250 2.0.0 Taken\r\n250 2.0.0 OK\r\n"
        );
    }

    /// The fuzz target's body over a corpus: the cases above cut into every size of read,
    /// and pseudo-random bytes built from SMTP's words.
    #[test]
    fn the_fuzz_target_holds_over_a_corpus() {
        let mut corpus: Vec<Vec<u8>> = vec![
            format!("EHLO x\r\n{TRANSACTION}hod\r\n..a\r\n.\r\nQUIT\r\n").into_bytes(),
            format!(
                "EHLO x\r\nMAIL FROM:<>\r\nRCPT TO:<ab@c>\r\nDATA\r\n{}\r\n.\r\nRSET\r\n",
                "z".repeat(998)
            )
            .into_bytes(),
            format!("EHLO x\r\n{TRANSACTION}{}.\r\nNOOP\r\n", "0123456789\r\n".repeat(500)).into_bytes(),
            vec![b'a'; 5000],
            "FROB\r\n".repeat(30).into_bytes(),
        ];
        let words: [&[u8]; 14] = [
            b"EHLO x\r\n",
            b"HELO y\r\n",
            b"MAIL FROM:<a@b>",
            b"MAIL FROM:<>",
            b" SIZE=99999",
            b"RCPT TO:<ab@c>",
            b"RCPT TO:<abc@d>",
            b"DATA",
            b"\r\n",
            b"\n",
            b".",
            b"RSET\r\n",
            b"\xc3\xa9\xff",
            b"QUIT\r\n",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..300 {
            let mut input = Vec::new();
            for _ in 0..200 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                input.extend_from_slice(words[(seed % words.len() as u64) as usize]);
            }
            corpus.push(input);
        }
        for input in &corpus {
            for choice in [0u8, 1, 6, 60, 255] {
                let mut data = vec![choice];
                data.extend_from_slice(input);
                exercise(&data);
            }
        }
    }
}
