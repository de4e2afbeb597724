//! The SMTP listener for replies (`FELDPOST_INBOUND_SMTP=host:port`): a relay or MX forwards
//! mail for our reply addresses here. Only addresses the [`Inbox`] accepts are taken at RCPT;
//! each message is handed to it at the end of DATA, and the answer code says whether the sender
//! must try again (451: the database is away). The inbox is the reply use case
//! (`src/play/reply.rs`), given to the listener by the server: mail knows no game.
//!
//! It runs on the server's tokio runtime: one task accepts, and each connection is a task that
//! runs a `Session` (`session.rs`, the conversation as a state machine) on its socket. It is
//! open to whoever reaches the port, so everything it does is bounded ([`Limits`]):
//!
//! - a line is at most 1,000 octets and a message at most `max_message` (announced as SIZE);
//!   the total of the messages being read at once at most four times that (past it, the message
//!   being read is refused with 452, to be sent again);
//! - at most `max_sessions` sessions at once, and at most `max_sessions_per_client` from one
//!   client address. When a connection comes and its place is taken (all of them, or all of its
//!   address's), the session there that has waited longest for its client's next line, if it has
//!   waited `idle_grace` or longer, is closed (421) to make room; if none has, the newcomer is
//!   told 421 and closed. Idle or slow clients cannot keep the door shut for a relay that talks:
//!   a session that reads a line now and then is always younger than theirs;
//! - a line must come within `command_timeout` and a session end within `session_timeout`;
//! - an error accepting a connection (no file descriptors left) pauses the loop, 10 ms at first,
//!   twice as long at each error in a row, at most a second;
//! - the log: a line per message and per session closed for a fault, at most 20 at once and 5 a
//!   second after (the lines left out are counted in the next), and the refusals, the sessions
//!   closed for others and the accept errors summed up once in ten seconds; every text a client
//!   chose is cut short and stripped of control characters.

use super::inbound::{self, InboundMail};
use super::session::{self, Ended, Message, Next, Session, Verdict};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio::time::Instant;

/// Where the listener hands what it receives.
pub trait Inbox: Send + Sync + 'static {
    /// Whether mail from `sender` (`None` for the null sender, `MAIL FROM:<>`) to `recipient`
    /// is taken (refused at RCPT otherwise).
    fn accepts(&self, sender: Option<&str>, recipient: &str) -> bool;
    /// Take one message.
    fn take(&self, mail: InboundMail) -> futures_util::future::BoxFuture<'static, Taken>;
}

/// What became of a message handed to the [`Inbox`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Taken {
    /// Taken (and answered, or not, as the inbox decided): the outcome's code, and what else
    /// the inbox wants in the log line (e.g. the game it was for; may be empty).
    Done { outcome: &'static str, note: String },
    /// None of its addresses is one of ours.
    NoSuchAddress,
    /// Not taken: the sender should try again later (the database is away).
    TryLater(String),
}

/// What the listener allows each client and all of them together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Sessions at once (FELDPOST_INBOUND_MAX_SESSIONS).
    pub max_sessions: usize,
    /// Sessions at once from one client address (FELDPOST_INBOUND_MAX_SESSIONS_PER_CLIENT; at
    /// most `max_sessions`).
    pub max_sessions_per_client: usize,
    /// The largest message in octets, announced in EHLO as SIZE (FELDPOST_INBOUND_MAX_MESSAGE).
    pub max_message: usize,
    /// How long a client may take for one line (FELDPOST_INBOUND_COMMAND_TIMEOUT_MS).
    pub command_timeout: Duration,
    /// How long a session may last (FELDPOST_INBOUND_SESSION_TIMEOUT_MS).
    pub session_timeout: Duration,
    /// How long a session must have waited for its client's next line before it may be closed
    /// to make room for a new connection when every place is taken: long enough for a greeting
    /// to cross the world and its answer to come back.
    pub idle_grace: Duration,
}

impl Limits {
    pub const DEFAULT_MAX_SESSIONS: usize = 100;
    pub const DEFAULT_MAX_SESSIONS_PER_CLIENT: usize = 50;
    pub const DEFAULT_MAX_MESSAGE: usize = 10 * 1024 * 1024;
    pub const DEFAULT_COMMAND_TIMEOUT: Duration = Duration::from_secs(60);
    pub const DEFAULT_SESSION_TIMEOUT: Duration = Duration::from_secs(5 * 60);
    pub const DEFAULT_IDLE_GRACE: Duration = Duration::from_millis(500);

    /// The octets of messages all sessions may hold at once.
    pub fn max_buffered(&self) -> usize {
        self.max_message.saturating_mul(4)
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_sessions: Limits::DEFAULT_MAX_SESSIONS,
            max_sessions_per_client: Limits::DEFAULT_MAX_SESSIONS_PER_CLIENT,
            max_message: Limits::DEFAULT_MAX_MESSAGE,
            command_timeout: Limits::DEFAULT_COMMAND_TIMEOUT,
            session_timeout: Limits::DEFAULT_SESSION_TIMEOUT,
            idle_grace: Limits::DEFAULT_IDLE_GRACE,
        }
    }
}

/// Listen for SMTP on `addr` with the default [`Limits`], for ever, handing each message to
/// `inbox`. Must be called on the tokio runtime.
pub fn spawn(inbox: Arc<dyn Inbox>, addr: &str) -> std::io::Result<SocketAddr> {
    spawn_with(inbox, addr, Limits::default())
}

/// Listen for SMTP on `addr` within `limits`, for ever (until the runtime stops), handing each
/// message to `inbox`. Must be called on the tokio runtime.
pub fn spawn_with(inbox: Arc<dyn Inbox>, addr: &str, limits: Limits) -> std::io::Result<SocketAddr> {
    let listener = bind(addr)?;
    let bound = listener.local_addr()?;
    let door = Arc::new(Door {
        inbox,
        limits,
        opened: Instant::now(),
        sessions: Mutex::new(Sessions { next_id: 0, open: HashMap::new() }),
        buffered: AtomicUsize::new(0),
        gate: Mutex::new(Gate { tokens: GATE_BURST, at: Instant::now(), left_out: 0 }),
        refused: AtomicU64::new(0),
        evicted: AtomicU64::new(0),
    });
    tokio::spawn(accept_loop(listener, door));
    Ok(bound)
}

/// A listening socket on the first of `addr`'s addresses that binds, with a backlog long
/// enough for a relay's burst of connections.
fn bind(addr: &str) -> std::io::Result<TcpListener> {
    use std::net::ToSocketAddrs;
    let mut last = std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("no address in {addr:?}"));
    for a in addr.to_socket_addrs()? {
        let socket =
            if a.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
        socket.set_reuseaddr(true)?;
        match socket.bind(a).and_then(|()| socket.listen(1024)) {
            Ok(listener) => return Ok(listener),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// How often the refusals, the sessions closed for others and the accept errors are summed up
/// in the log.
const REPORT_EVERY: Duration = Duration::from_secs(10);
/// The log lines of messages and sessions that may come at once, and how many a second after.
const GATE_BURST: f64 = 20.0;
const GATE_RATE: f64 = 5.0;
/// How much a session reads at once.
const READ_SIZE: usize = 8 * 1024;
/// The longest Message-ID taken: a header line's (RFC 5322, 2.1.1).
const MAX_MESSAGE_ID: usize = 998;
/// Once a session is over, what the client still sends is read and dropped for so long and so
/// much at most, so that it reads the last reply before the connection closes.
const LINGER: Duration = Duration::from_secs(1);
const LINGER_OCTETS: usize = 1024 * 1024;

/// What the listener's tasks share.
struct Door {
    inbox: Arc<dyn Inbox>,
    limits: Limits,
    opened: Instant,
    sessions: Mutex<Sessions>,
    /// The octets of messages the sessions hold now.
    buffered: AtomicUsize,
    gate: Mutex<Gate>,
    /// Connections refused over the limit, and sessions closed to make room, since the last
    /// summary.
    refused: AtomicU64,
    evicted: AtomicU64,
}

struct Sessions {
    next_id: u64,
    open: HashMap<u64, Arc<Place>>,
}

/// One session's place at the door.
struct Place {
    /// The client's address.
    client: IpAddr,
    /// While the session waits for its client: when it last read a whole line (milliseconds
    /// since the door opened). [`BUSY`] while it works.
    idle_since: AtomicU64,
    /// Told when the session is to make room for another.
    evict: Notify,
}

const BUSY: u64 = u64::MAX;

/// A token bucket for the log.
struct Gate {
    tokens: f64,
    at: Instant,
    left_out: u64,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Door {
    fn ms(&self, at: Instant) -> u64 {
        u64::try_from(at.saturating_duration_since(self.opened).as_millis()).unwrap_or(BUSY - 1)
    }

    /// A place for a new session from `client`, if there is one or one can be made.
    fn admit(self: &Arc<Door>, client: IpAddr) -> Option<Admitted> {
        let now = self.ms(Instant::now());
        let max = self.limits.max_sessions.max(1);
        let per_client = self.limits.max_sessions_per_client.clamp(1, max);
        let mut sessions = lock(&self.sessions);
        let theirs = sessions.open.values().filter(|p| p.client == client).count();
        // Where a place must be made, if one must: among the client's own, or among all.
        let among = if theirs >= per_client {
            Some(Some(client))
        } else if sessions.open.len() >= max {
            Some(None)
        } else {
            None
        };
        if let Some(among) = among {
            let grace = u64::try_from(self.limits.idle_grace.as_millis()).unwrap_or(u64::MAX);
            let (id, _) = sessions
                .open
                .iter()
                .filter(|(_, place)| among.is_none_or(|c| place.client == c))
                .map(|(id, place)| (*id, place.idle_since.load(Ordering::Relaxed)))
                .filter(|&(_, since)| since != BUSY && now.saturating_sub(since) >= grace)
                .min_by_key(|&(_, since)| since)?;
            if let Some(place) = sessions.open.remove(&id) {
                place.evict.notify_one();
                self.evicted.fetch_add(1, Ordering::Relaxed);
            }
        }
        let id = sessions.next_id;
        sessions.next_id += 1;
        let place = Arc::new(Place { client, idle_since: AtomicU64::new(now), evict: Notify::new() });
        sessions.open.insert(id, place.clone());
        Some(Admitted { door: self.clone(), id, place })
    }

    /// Whether a log line may be written now; if so, how many were left out before it.
    fn may_log(&self) -> Option<u64> {
        let mut gate = lock(&self.gate);
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(gate.at).as_secs_f64();
        gate.tokens = (gate.tokens + elapsed * GATE_RATE).min(GATE_BURST);
        gate.at = now;
        if gate.tokens >= 1.0 {
            gate.tokens -= 1.0;
            Some(std::mem::take(&mut gate.left_out))
        } else {
            gate.left_out += 1;
            None
        }
    }

    /// A connection: a session on it, or 421 if there is no place.
    fn open(self: &Arc<Door>, stream: TcpStream, peer: SocketAddr) {
        match self.admit(peer.ip()) {
            Some(admitted) => {
                tokio::spawn(converse(self.clone(), stream, peer, admitted));
            }
            None => {
                self.refused.fetch_add(1, Ordering::Relaxed);
                // A fresh socket's buffer takes the line at once; it is not waited for.
                if let Ok(mut std_stream) = stream.into_std() {
                    let _ = std::io::Write::write(&mut std_stream, session::TOO_MANY);
                }
            }
        }
    }

    /// Hand a message to the inbox; what became of it, logged.
    async fn deliver(&self, message: Message) -> Verdict {
        let count = message.recipients.len();
        let size = message.data.len();
        let about = |id: &str| {
            let s = if count == 1 { "" } else { "s" };
            format!("inbound mail <{}>: {count} recipient{s}, {size} octets", shown(id, 80))
        };
        let mut mail = match inbound::read(&message.data) {
            Ok(mail) => mail,
            Err(e) => {
                self.log(format_args!("{}: refused, {}", about("?"), shown(&e.to_string(), 120)));
                return Verdict::Unreadable;
            }
        };
        drop(message.data);
        if mail.message_id.len() > MAX_MESSAGE_ID {
            self.log(format_args!("{}: refused, its Message-ID is longer than a header line", about("?")));
            return Verdict::Unreadable;
        }
        // The envelope is the truth of where it was delivered and who bounces.
        mail.recipients.splice(0..0, message.recipients);
        if message.sender.is_none() {
            mail.automatic = Some("null sender");
        }
        let about = about(&mail.message_id);
        match self.inbox.take(mail).await {
            Taken::Done { outcome, note } if note.is_empty() => {
                self.log(format_args!("{about}: {outcome}"));
                Verdict::Taken
            }
            Taken::Done { outcome, note } => {
                self.log(format_args!("{about}: {outcome} ({})", shown(&note, 120)));
                Verdict::Taken
            }
            Taken::NoSuchAddress => {
                self.log(format_args!("{about}: refused, no such address"));
                Verdict::NoSuchAddress
            }
            Taken::TryLater(why) => {
                if let Some(left_out) = self.may_log() {
                    tracing::warn!(
                        "{about}: not taken, the sender is asked to try again: {}{}",
                        shown(&why, 200),
                        left_out_note(left_out)
                    );
                }
                Verdict::TryLater
            }
        }
    }

    fn log(&self, line: std::fmt::Arguments<'_>) {
        if let Some(left_out) = self.may_log() {
            tracing::info!("{line}{}", left_out_note(left_out));
        }
    }
}

fn left_out_note(left_out: u64) -> String {
    if left_out == 0 { String::new() } else { format!(" ({left_out} earlier lines left out of the log)") }
}

/// A text a client chose, for the log: at most `max` characters, without control characters.
fn shown(text: &str, max: usize) -> String {
    let mut out: String = text.chars().take(max).map(|c| if c.is_control() { '?' } else { c }).collect();
    if text.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}

/// A session's place, given back when the session ends.
struct Admitted {
    door: Arc<Door>,
    id: u64,
    place: Arc<Place>,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        lock(&self.door.sessions).open.remove(&self.id);
    }
}

/// The octets of messages one session holds, counted in the door's total.
struct Held<'a> {
    door: &'a Door,
    mine: usize,
}

impl Held<'_> {
    /// The session holds `now` octets: whether all sessions together are still within the
    /// limit.
    fn set(&mut self, now: usize) -> bool {
        if now >= self.mine {
            let total = self.door.buffered.fetch_add(now - self.mine, Ordering::Relaxed) + (now - self.mine);
            self.mine = now;
            total <= self.door.limits.max_buffered()
        } else {
            self.door.buffered.fetch_sub(self.mine - now, Ordering::Relaxed);
            self.mine = now;
            true
        }
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.door.buffered.fetch_sub(self.mine, Ordering::Relaxed);
    }
}

/// How a connection ended, beyond what the session says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// The session ended it (QUIT, a line too long, too many errors).
    Session(Option<Ended>),
    /// The client went away (or its socket failed).
    Gone,
    /// No line within the command timeout.
    TooSlow,
    /// The session timeout.
    TooLong,
    /// Closed to make room for another.
    MadeRoom,
}

async fn accept_loop(listener: TcpListener, door: Arc<Door>) {
    let mut pause = Duration::ZERO;
    let mut accept_errors = 0u64;
    let mut last_error = String::new();
    let mut next_report = Instant::now() + REPORT_EVERY;
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => Some(accepted),
            () = tokio::time::sleep_until(next_report) => None,
        };
        if Instant::now() >= next_report {
            next_report = Instant::now() + REPORT_EVERY;
            report(&door, std::mem::take(&mut accept_errors), &last_error);
        }
        match accepted {
            None => {}
            Some(Ok((stream, peer))) => {
                pause = Duration::ZERO;
                door.open(stream, peer);
            }
            // The connection's own trouble, not the listener's.
            Some(Err(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::ConnectionAborted
                        | std::io::ErrorKind::ConnectionReset
                        | std::io::ErrorKind::ConnectionRefused
                        | std::io::ErrorKind::Interrupted
                        | std::io::ErrorKind::WouldBlock
                ) => {}
            // Out of file descriptors (EMFILE, ENFILE) or memory: accepting again at once would
            // only spin. Pause, longer at each error in a row.
            Some(Err(e)) => {
                accept_errors += 1;
                if accept_errors == 1 {
                    last_error = shown(&e.to_string(), 120);
                }
                pause = (pause * 2).clamp(Duration::from_millis(10), Duration::from_secs(1));
                tokio::time::sleep(pause).await;
            }
        }
    }
}

/// What happened at the door since the last summary, in one line, if anything did.
fn report(door: &Door, accept_errors: u64, last_error: &str) {
    let refused = door.refused.swap(0, Ordering::Relaxed);
    let evicted = door.evicted.swap(0, Ordering::Relaxed);
    if refused + evicted + accept_errors == 0 {
        return;
    }
    tracing::warn!(
        "inbound SMTP in the last {} s: {refused} connections refused over the limits ({} sessions, {} \
         from one client), {evicted} idle sessions closed to make room, {accept_errors} errors accepting \
         connections{}",
        REPORT_EVERY.as_secs(),
        door.limits.max_sessions,
        door.limits.max_sessions_per_client,
        if accept_errors == 0 {
            String::new()
        } else {
            format!(" ({last_error}; paused up to 1 s between tries)")
        }
    );
}

/// One connection, from the greeting to the close.
async fn converse(door: Arc<Door>, mut stream: TcpStream, peer: SocketAddr, admitted: Admitted) {
    let _ = stream.set_nodelay(true);
    let limits = door.limits;
    let started = Instant::now();
    let session_deadline = started + limits.session_timeout;
    let mut line_deadline = started + limits.command_timeout;
    let mut last_line = started;
    let mut out = Vec::with_capacity(512);
    let mut session = Session::new(limits.max_message, &mut out);
    let mut held = Held { door: &door, mine: 0 };
    let mut lines = 0;
    let mut messages = 0u32;
    let mut buf = vec![0u8; READ_SIZE];
    let (mut start, mut end) = (0, 0);
    let desk = |sender: Option<&str>, recipient: &str| door.inbox.accepts(sender, recipient);
    let write_by = |now: Instant| (now + limits.command_timeout).min(session_deadline);
    let why = loop {
        if start == end {
            if !out.is_empty() {
                if !write(&mut stream, &out, write_by(Instant::now())).await {
                    break End::Gone;
                }
                out.clear();
            }
            admitted.place.idle_since.store(door.ms(last_line), Ordering::Relaxed);
            let read = tokio::select! {
                read = tokio::time::timeout_at(line_deadline.min(session_deadline), stream.read(&mut buf)) => read,
                () = admitted.place.evict.notified() => {
                    write(&mut stream, session::MAKING_ROOM, Instant::now() + LINGER).await;
                    break End::MadeRoom;
                }
            };
            admitted.place.idle_since.store(BUSY, Ordering::Relaxed);
            match read {
                Err(_) if session_deadline <= line_deadline => {
                    write(&mut stream, session::TOO_LONG, Instant::now() + LINGER).await;
                    break End::TooLong;
                }
                Err(_) => {
                    write(&mut stream, session::TOO_SLOW, Instant::now() + LINGER).await;
                    break End::TooSlow;
                }
                Ok(Ok(0) | Err(_)) => break End::Gone,
                Ok(Ok(n)) => (start, end) = (0, n),
            }
        }
        let (used, next) = session.receive(&buf[start..end], &desk, &mut out);
        start += used;
        debug_assert!(session.held() <= Session::bound(limits.max_message));
        if session.lines() != lines {
            lines = session.lines();
            last_line = Instant::now();
            line_deadline = last_line + limits.command_timeout;
        }
        if !held.set(session.held()) && session.in_data() {
            session.drop_message();
            held.set(session.held());
        }
        match next {
            Next::More => {
                if out.len() >= session::FLUSH_AT {
                    if !write(&mut stream, &out, write_by(Instant::now())).await {
                        break End::Gone;
                    }
                    out.clear();
                }
            }
            Next::Deliver(message) => {
                if !out.is_empty() {
                    if !write(&mut stream, &out, write_by(Instant::now())).await {
                        break End::Gone;
                    }
                    out.clear();
                }
                held.set(session.held() + message.data.capacity());
                // Not cut short by a timeout: a message half taken could be lost to a retry.
                let verdict = door.deliver(message).await;
                held.set(session.held());
                messages += 1;
                session.taken(verdict, &mut out);
                last_line = Instant::now();
                line_deadline = last_line + limits.command_timeout;
            }
            Next::Close => {
                write(&mut stream, &out, write_by(Instant::now())).await;
                break End::Session(session.ended());
            }
        }
    };
    drop(session);
    drop(held);
    drop(admitted);
    let seconds = started.elapsed().as_secs_f64();
    let fault = match why {
        End::Session(Some(Ended::LineTooLong)) => Some("a line too long"),
        End::Session(Some(Ended::TooManyErrors)) => Some("too many errors"),
        End::TooSlow => Some("no line within the command timeout"),
        End::TooLong => Some("the session timeout"),
        End::Session(_) | End::Gone | End::MadeRoom => None,
    };
    if let Some(fault) = fault {
        door.log(format_args!(
            "inbound SMTP session from {peer} closed after {seconds:.1} s and {messages} messages: {fault}"
        ));
    }
    if why != End::Gone {
        linger(&mut stream, &mut buf).await;
    }
}

/// Write `bytes` by `deadline`; whether it was written.
async fn write(stream: &mut TcpStream, bytes: &[u8], deadline: Instant) -> bool {
    matches!(tokio::time::timeout_at(deadline, stream.write_all(bytes)).await, Ok(Ok(())))
}

/// Close the sending side and read (and drop) what the client still sends, for a little
/// while, so that it reads the last reply rather than a reset.
async fn linger(stream: &mut TcpStream, buf: &mut [u8]) {
    let deadline = Instant::now() + LINGER;
    if tokio::time::timeout_at(deadline, stream.shutdown()).await.is_err() {
        return;
    }
    let mut drained = 0;
    while drained < LINGER_OCTETS {
        match tokio::time::timeout_at(deadline, stream.read(buf)).await {
            Ok(Ok(n)) if n > 0 => drained += n,
            _ => return,
        }
    }
}
