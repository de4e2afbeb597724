//! Delivery over SMTP with lettre, and the shape of every message on the wire.
//!
//! Mail goes out at wire speed: connections are kept and reused, several mails are
//! in flight at once (the worker sends on as many connections), and our own sockets set
//! TCP_NODELAY, so the message's final dot is not held back by Nagle's algorithm against the
//! server's delayed ACK (about 40 ms a mail otherwise). To a server that offers PIPELINING
//! the envelope goes in one write: a mail is two round trips, not four; to one that offers
//! CHUNKING too (Postfix does), the message goes in that write as well: one round trip.
//! `smtp://` (plain or STARTTLS) goes over such sockets; `smtps://` (TLS from the first byte)
//! over lettre's own connection pool.

use crate::store::OutboxRow;
use lettre::address::{Address, Envelope};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::PoolConfig;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{AsyncSmtpConnection, TlsParameters};
use lettre::transport::smtp::commands::{Data, Ehlo, Mail, Rcpt, Rset};
use lettre::transport::smtp::extension::{ClientId, Extension, MailBodyParameter, MailParameter, ServerInfo};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::sync::Mutex;
use std::time::{Duration, Instant, UNIX_EPOCH};

/// Well below the outbox lease, so a hung server never lets two workers send a row.
const TIMEOUT: Duration = Duration::from_secs(60);
/// A kept connection idle longer than this is asked NOOP before it is used again (servers
/// close idle connections; a mail should not fail on one that is gone).
const CHECK_IDLE_AFTER: Duration = Duration::from_secs(5);
/// Idle connections kept at most (more than the worker ever has in flight).
const MAX_IDLE: usize = 64;

/// Why a mail did not go out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The server refused it for good (a 5xx answer): trying again cannot help.
    pub permanent: bool,
    pub why: String,
}

impl Refusal {
    fn of(e: lettre::transport::smtp::Error) -> Refusal {
        Refusal { permanent: e.is_permanent(), why: e.to_string() }
    }
    fn transient(why: String) -> Refusal {
        Refusal { permanent: false, why }
    }
}

/// An SMTP server and the address feldpost writes from.
pub struct SmtpTransport {
    route: Route,
    from: Mailbox,
    /// FELDPOST_DKIM_KEY: every message is signed with it before it goes.
    dkim: Option<super::Dkim>,
}

enum Route {
    /// `smtp://`: our own sockets (TCP_NODELAY), kept between mails.
    Direct(Direct),
    /// `smtps://`: lettre's pooled transport.
    Wrapped(AsyncSmtpTransport<Tokio1Executor>),
}

struct Direct {
    host: String,
    port: u16,
    /// STARTTLS: None (plain, local relays), or the parameters and whether it is required.
    starttls: Option<(TlsParameters, bool)>,
    credentials: Option<Credentials>,
    hello: ClientId,
    idle: Mutex<Vec<Kept>>,
}

/// A connection between mails, and what its server said it can do.
struct Kept {
    conn: AsyncSmtpConnection,
    /// The server offers PIPELINING (RFC 2920): MAIL, RCPT and DATA go in one write.
    pipelining: bool,
    /// The server offers CHUNKING (RFC 3030) as well: the message goes in that same write.
    chunking: bool,
    since: Instant,
}

impl Direct {
    async fn connect(&self) -> Result<Kept, Refusal> {
        let connecting = tokio::net::TcpStream::connect((self.host.as_str(), self.port));
        let tcp = tokio::time::timeout(TIMEOUT, connecting)
            .await
            .map_err(|_| Refusal::transient(format!("connecting to {}:{} timed out", self.host, self.port)))?
            .map_err(|e| Refusal::transient(format!("connecting to {}:{}: {e}", self.host, self.port)))?;
        tcp.set_nodelay(true).map_err(|e| Refusal::transient(format!("TCP_NODELAY: {e}")))?;
        let mut conn = AsyncSmtpConnection::connect_with_transport(Box::new(tcp), &self.hello)
            .await
            .map_err(Refusal::of)?;
        if let Some((tls, required)) = &self.starttls {
            if conn.can_starttls() {
                conn.starttls(tls.clone(), &self.hello).await.map_err(Refusal::of)?;
            } else if *required {
                conn.abort().await;
                return Err(Refusal::transient("the server offers no STARTTLS, and TLS is required".into()));
            }
        }
        if let Some(credentials) = &self.credentials {
            conn.auth(&[Mechanism::Plain, Mechanism::Login], credentials).await.map_err(Refusal::of)?;
        }
        // lettre keeps only the extensions it uses from the greeting's EHLO; whether the server
        // pipelines is asked once more, here, once a connection (a second EHLO is allowed,
        // and after AUTH it is what RFC 4954 asks for). A server may still refuse it (Python's
        // smtpd says "503 Duplicate HELO/EHLO"): then mail goes to it unpipelined, as before
        // the question; a refusal here says nothing about any mail.
        let (pipelining, chunking) = match conn.command(Ehlo::new(self.hello.clone())).await {
            Ok(ehlo) => {
                let offers = |keyword: &str| {
                    ehlo.message().any(|line| {
                        line.split_ascii_whitespace().next().is_some_and(|k| k.eq_ignore_ascii_case(keyword))
                    })
                };
                (offers("PIPELINING"), offers("CHUNKING"))
            }
            Err(_) if !conn.has_broken() => (false, false),
            Err(e) => return Err(Refusal::transient(format!("asking the server what it offers: {e}"))),
        };
        Ok(Kept { conn, pipelining, chunking, since: Instant::now() })
    }

    /// A kept connection that still answers, or a new one.
    async fn take(&self) -> Result<Kept, Refusal> {
        loop {
            let kept = self.idle.lock().expect("smtp pool").pop();
            let Some(mut kept) = kept else { return self.connect().await };
            if kept.conn.has_broken() {
                continue;
            }
            if kept.since.elapsed() < CHECK_IDLE_AFTER || kept.conn.test_connected().await {
                return Ok(kept);
            }
            kept.conn.abort().await;
        }
    }

    fn put_back(&self, mut kept: Kept) {
        let mut idle = self.idle.lock().expect("smtp pool");
        if idle.len() < MAX_IDLE && !kept.conn.has_broken() {
            kept.since = Instant::now();
            idle.push(kept);
        }
    }

    /// Send the message `build` writes, told whether this connection's server takes 8-bit
    /// bodies (8BITMIME): the connection is taken first, so the message can be written for it.
    async fn send(
        &self,
        envelope: &Envelope,
        build: impl FnOnce(Wire) -> Result<Message, Refusal>,
    ) -> Result<(), Refusal> {
        let mut kept = self.take().await?;
        let wire = if kept.conn.server_info().supports_feature(Extension::EightBitMime) {
            Wire::EightBit
        } else {
            Wire::SevenBit
        };
        let email = match build(wire) {
            Ok(message) => message.formatted(),
            Err(refusal) => {
                self.put_back(kept);
                return Err(refusal);
            }
        };
        let sent = if kept.pipelining && kept.chunking {
            tokio::time::timeout(TIMEOUT, chunked(&mut kept.conn, envelope, &email)).await
        } else if kept.pipelining {
            tokio::time::timeout(TIMEOUT, pipelined(&mut kept.conn, envelope, &email)).await
        } else {
            tokio::time::timeout(TIMEOUT, async {
                kept.conn.send(envelope, &email).await.map(|_| ()).map_err(Refusal::of)
            })
            .await
        };
        match sent {
            Ok(Ok(())) => {
                self.put_back(kept);
                Ok(())
            }
            Ok(Err(refusal)) => {
                // After a refusal of this message the connection is still good for the next
                // (RSET); lettre marks it broken when it is not.
                if refusal.permanent && !kept.conn.has_broken() {
                    if kept.conn.command(Rset).await.is_ok() {
                        self.put_back(kept);
                    }
                } else {
                    kept.conn.abort().await;
                }
                Err(refusal)
            }
            Err(_) => {
                kept.conn.abort().await;
                Err(Refusal::transient("the SMTP server did not answer in time".into()))
            }
        }
    }
}

/// `email` as DATA sends it, in one piece: every line that starts with a dot gets another
/// (RFC 5321, 4.5.2), and the end of data follows, as lettre writes them (it writes the two
/// apart, a byte at a time). None for a message that is not text (ours are ASCII: every part
/// is encoded); lettre sends that one.
fn with_end_of_data(email: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(email).ok()?;
    let mut data = String::with_capacity(text.len() + 64);
    let mut rest = text;
    if rest.starts_with('.') {
        data.push('.');
    }
    while let Some(at) = memchr::memmem::find(rest.as_bytes(), b"\r\n.") {
        data.push_str(&rest[..at + 2]);
        data.push('.');
        rest = &rest[at + 2..];
    }
    data.push_str(rest);
    data.push_str("\r\n.\r\n");
    Some(data)
}

/// MAIL and RCPT for `envelope`, as one piece of text to send, with the parameters the
/// message needs (SMTPUTF8, BODY=8BITMIME); refused for good when the server cannot take it.
fn envelope_commands(info: &ServerInfo, envelope: &Envelope, email: &[u8]) -> Result<String, Refusal> {
    let mut options = Vec::new();
    let mut addresses = envelope.from().into_iter().chain(envelope.to());
    if addresses.any(|a: &Address| !AsRef::<str>::as_ref(a).is_ascii()) {
        if !info.supports_feature(Extension::SmtpUtfEight) {
            return Err(Refusal {
                permanent: true,
                why: "an address beyond ASCII, and the server offers no SMTPUTF8".into(),
            });
        }
        options.push(MailParameter::SmtpUtfEight);
    }
    if !email.is_ascii() {
        if !info.supports_feature(Extension::EightBitMime) {
            return Err(Refusal { permanent: true, why: "the server offers no 8BITMIME".into() });
        }
        options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
    }
    let mut commands = Mail::new(envelope.from().cloned(), options).to_string();
    for to in envelope.to() {
        commands.push_str(&Rcpt::new(to.clone(), vec![]).to_string());
    }
    Ok(commands)
}

/// One answer to a pipelined command: a refusal is kept to be told (the first one counts), an
/// answer that is no answer (the connection broke) ends the message at once.
fn answered(
    answer: Result<lettre::transport::smtp::response::Response, lettre::transport::smtp::Error>,
) -> Result<Option<Refusal>, Refusal> {
    match answer {
        Ok(_) => Ok(None),
        Err(e) if e.is_permanent() || e.is_transient() => Ok(Some(Refusal::of(e))),
        Err(e) => Err(Refusal::of(e)),
    }
}

/// One message over `conn` with MAIL, RCPT and DATA in one write (RFC 2920): two round trips
/// a mail instead of four, which is most of what sending costs on a local relay and most of
/// the wait on a distant one. A refusal is the first answer that refused; a server that still
/// says 354 to DATA after refusing the recipient gets the bare end of data, so the connection
/// stays in step. An answer that is no answer (the connection broke) breaks the connection.
async fn pipelined(conn: &mut AsyncSmtpConnection, envelope: &Envelope, email: &[u8]) -> Result<(), Refusal> {
    let mut commands = envelope_commands(conn.server_info(), envelope, email)?;
    commands.push_str(&Data.to_string());
    // Each answer in the order its command was sent; a broken connection ends it at once.
    let mut refused = answered(conn.command(commands).await)?;
    for _ in envelope.to() {
        let rcpt = answered(conn.read_response().await)?;
        refused = refused.or(rcpt);
    }
    let data = answered(conn.read_response().await)?;
    match (refused, data) {
        (None, None) => match with_end_of_data(email) {
            Some(data) => conn.command(data).await.map(|_| ()).map_err(Refusal::of),
            None => conn.message(email).await.map(|_| ()).map_err(Refusal::of),
        },
        (Some(refusal), None) => {
            // DATA was taken after all: an empty message ends it, and is refused or dropped.
            let _ = conn.command(".\r\n").await;
            Err(refusal)
        }
        (refused, Some(data)) => Err(refused.unwrap_or(data)),
    }
}

/// One message over `conn` in one write and one round trip: MAIL, RCPT and the whole message
/// as a single last chunk (BDAT, RFC 3030, pipelined after the envelope as RFC 2920 allows),
/// to a server that offers both (Postfix does). Half the round trips of DATA (the wait on a
/// distant relay), and the message goes as it is: a chunk says its length, so no dot is
/// doubled and no end of data follows. The server reads a chunk whatever it answered before,
/// so after a refused recipient the connection stays in step; the refusal told is the first.
async fn chunked(conn: &mut AsyncSmtpConnection, envelope: &Envelope, email: &[u8]) -> Result<(), Refusal> {
    let Ok(text) = std::str::from_utf8(email) else {
        // lettre sends text only; a message that is not (ours are) goes by DATA.
        return pipelined(conn, envelope, email).await;
    };
    let mut commands = envelope_commands(conn.server_info(), envelope, email)?;
    commands.reserve(text.len() + 24);
    commands.push_str(&format!("BDAT {} LAST\r\n", email.len()));
    commands.push_str(text);
    let mut refused = answered(conn.command(commands).await)?;
    for _ in envelope.to() {
        let rcpt = answered(conn.read_response().await)?;
        refused = refused.or(rcpt);
    }
    let chunk = answered(conn.read_response().await)?;
    match refused.or(chunk) {
        None => Ok(()),
        Some(refusal) => Err(refusal),
    }
}

impl SmtpTransport {
    /// `url` in lettre's form: `smtp://user:pass@host:587?tls=required` (STARTTLS),
    /// `smtps://user:pass@host` (TLS from the start), `smtp://host:25` (plain, local relays).
    /// Call it inside the Tokio runtime: the `smtps://` pool starts a task of its own.
    pub fn new(url: &str, from: &str) -> Result<SmtpTransport, String> {
        let from: Mailbox = from.parse().map_err(|e| format!("FELDPOST_MAIL_FROM {from:?}: {e}"))?;
        let bad = |why: String| format!("FELDPOST_SMTP_URL: {why}");
        let parsed = url::Url::parse(url).map_err(|e| bad(e.to_string()))?;
        let route = match parsed.scheme() {
            "smtp" => {
                let host = parsed.host_str().ok_or_else(|| bad("no host".into()))?.to_owned();
                let tls = parsed.query_pairs().find(|(k, _)| k == "tls").map(|(_, v)| v.into_owned());
                let starttls = match tls.as_deref() {
                    None => None,
                    Some(mode @ ("required" | "opportunistic")) => Some((
                        TlsParameters::new(host.clone()).map_err(|e| bad(e.to_string()))?,
                        mode == "required",
                    )),
                    Some(other) => return Err(bad(format!("unknown tls={other}"))),
                };
                let port = parsed.port().unwrap_or(if starttls.is_some() { 587 } else { 25 });
                let decode = |s: &str| {
                    url::form_urlencoded::parse(format!("x={s}").as_bytes())
                        .next()
                        .map(|(_, v)| v.into_owned())
                        .unwrap_or_default()
                };
                let credentials = parsed
                    .password()
                    .map(|password| Credentials::new(decode(parsed.username()), decode(password)));
                let hello = match parsed.path().trim_matches('/') {
                    "" => ClientId::default(),
                    name => ClientId::Domain(name.to_owned()),
                };
                Route::Direct(Direct {
                    host,
                    port,
                    starttls,
                    credentials,
                    hello,
                    idle: Mutex::new(Vec::new()),
                })
            }
            "smtps" => Route::Wrapped(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| bad(e.to_string()))?
                    .timeout(Some(TIMEOUT))
                    .pool_config(PoolConfig::new().max_size(super::DEFAULT_IN_FLIGHT as u32 * 2))
                    .build(),
            ),
            other => return Err(bad(format!("unknown scheme {other:?} (smtp or smtps)"))),
        };
        Ok(SmtpTransport { route, from, dkim: None })
    }

    /// Sign every message with `dkim` (None: send them unsigned).
    pub fn signing(mut self, dkim: Option<super::Dkim>) -> SmtpTransport {
        self.dkim = dkim;
        self
    }

    pub fn from(&self) -> &Mailbox {
        &self.from
    }

    /// Send `row` with `bounce_tag` (see [`envelope`]) making its envelope sender.
    pub async fn send(&self, row: &OutboxRow, bounce_tag: Option<&str>, now: i64) -> Result<(), Refusal> {
        self.send_with(row, &[], bounce_tag, now).await
    }

    /// [`SmtpTransport::send`], with `pictures` in the HTML part.
    pub async fn send_with(
        &self,
        row: &OutboxRow,
        pictures: &[super::MailPicture],
        bounce_tag: Option<&str>,
        now: i64,
    ) -> Result<(), Refusal> {
        // A message that cannot even be written (an address no server takes) never will be.
        let for_good = |why: String| Refusal { permanent: true, why };
        let to = recipient(row).map_err(for_good)?;
        let envelope = envelope_to(to.clone(), &self.from, bounce_tag).map_err(for_good)?;
        // A signed mail goes in 7 bits: a hop that cannot take 8 would convert it and break
        // the signature.
        let signing = self.dkim.is_some();
        let build = |wire: Wire| {
            let wire = if signing { Wire::SevenBit } else { wire };
            let mut message = build_message_for(row, to, Some(&envelope), pictures, &self.from, now, wire)
                .map_err(for_good)?;
            // Every kind of mail is sent from here, so every kind is signed here; nothing may
            // change the message after this (the signature covers its body and headers).
            if let Some(dkim) = &self.dkim {
                dkim.sign(&mut message);
            }
            Ok(message)
        };
        match &self.route {
            Route::Direct(direct) => direct.send(&envelope, build).await,
            Route::Wrapped(inner) => {
                // lettre's pool says nothing of the server before it sends: 7-bit bodies.
                let message = build(Wire::SevenBit)?;
                inner.send_raw(&envelope, &message.formatted()).await.map(|_| ()).map_err(Refusal::of)
            }
        }
    }
}

/// The longest local part of an address (RFC 5321, 4.5.3.1.1).
pub const MAX_LOCAL_PART: usize = 64;

/// The SMTP envelope of a message: to its recipient, from our own address with the message's
/// bounce tag as its subaddress (VERP: `feldpost+b-TAG@domain`), so that a bounce the relay
/// sends later names the message and the recipient it is about. The From header stays our
/// plain address. A local part that would be longer than [`MAX_LOCAL_PART`] octets is not
/// made: the envelope sender is then the plain From, and a bounce of that message is not
/// matched (it reaches the bare address, which does not act on bounces).
pub fn envelope(row: &OutboxRow, from: &Mailbox, bounce_tag: Option<&str>) -> Result<Envelope, String> {
    envelope_to(recipient(row)?, from, bounce_tag)
}

/// The message's recipient, read once for its envelope and its To header (lettre's mailbox
/// parser, which also reads display names, cost more than the rest of the header).
fn recipient(row: &OutboxRow) -> Result<Address, String> {
    row.recipient.parse().map_err(|e| format!("recipient {:?}: {e}", row.recipient))
}

/// [`envelope`] to an address already read.
fn envelope_to(to: Address, from: &Mailbox, bounce_tag: Option<&str>) -> Result<Envelope, String> {
    let user = from.email.user();
    let sender = match bounce_tag {
        Some(tag) if user.len() + 1 + tag.len() <= MAX_LOCAL_PART => {
            let verp = format!("{user}+{tag}@{}", from.email.domain());
            verp.parse::<Address>().unwrap_or_else(|_| from.email.clone())
        }
        _ => from.email.clone(),
    };
    Envelope::new(Some(sender), vec![to]).map_err(|e| e.to_string())
}

fn flowed_text() -> ContentType {
    ContentType::parse("text/plain; charset=utf-8; format=flowed").expect("a well-formed content type")
}

fn header(name: &'static str, value: String) -> HeaderValue {
    HeaderValue::new(HeaderName::new_from_ascii_str(name), value)
}

/// The message as it goes out: Date (the send time), a Message-ID of its own (the same on a
/// retry, so a duplicate is recognisable), the thread it belongs to (its root is the seat's
/// invitation, whose row id is the thread's id, so the root is a message that was sent), the
/// game's List-Id, Reply-To for a turn mail that takes moves by reply, List-Unsubscribe with
/// one-click POST, and text + HTML alternatives. Mail of no game (account mail) has none of
/// the game's headers.
pub fn build_message(row: &OutboxRow, from: &Mailbox, now: i64) -> Result<Message, String> {
    build_message_with(row, &[], from, now)
}

/// [`build_message`] with `picture` shown in the HTML part: text + (HTML + the PNG, related)
/// alternatives, the image inline and referenced by its Content-ID. Without a picture, or
/// without a place for one in the HTML, the message is as [`build_message`] makes it.
pub fn build_message_with(
    row: &OutboxRow,
    pictures: &[super::MailPicture],
    from: &Mailbox,
    now: i64,
) -> Result<Message, String> {
    build_message_for(row, recipient(row)?, None, pictures, from, now, Wire::SevenBit)
}

/// What the server a message goes to takes in a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wire {
    /// Lines of ASCII only: anything else quoted-printable (or base64, as lettre chooses).
    SevenBit,
    /// 8BITMIME (RFC 6152): UTF-8 text goes as it is, in lines of at most 998 octets.
    EightBit,
}

/// [`build_message_with`] to `to`, its parts written for `wire`.
/// With `envelope` given, the message carries it (else lettre reads one back from the
/// headers it has just written, parsing every address again).
fn build_message_for(
    row: &OutboxRow,
    to: Address,
    envelope: Option<&Envelope>,
    pictures: &[super::MailPicture],
    from: &Mailbox,
    now: i64,
    wire: Wire,
) -> Result<Message, String> {
    let domain = from.email.domain().to_owned();
    let mut builder = Message::builder();
    if let Some(envelope) = envelope {
        builder = builder.envelope(envelope.clone());
    }
    let mut builder = builder
        .from(from.clone())
        .to(Mailbox::new(None, to))
        .subject(row.subject.clone())
        .date(UNIX_EPOCH + Duration::from_millis(now.max(0) as u64))
        .message_id(Some(format!("<{}@{}>", row.id, domain)))
        .raw_header(header("Auto-Submitted", "auto-generated".into()));
    if let Some(thread) = row.thread.as_deref().filter(|t| *t != row.id) {
        let root = format!("<{thread}@{domain}>");
        builder = builder.in_reply_to(root.clone()).references(root);
    }
    if !row.game_id.is_empty() {
        builder = builder.raw_header(header("List-Id", format!("<game-{}.{}>", row.game_id, domain)));
    }
    if let Some(tag) = &row.reply_to {
        // Our own address with the turn's signed tag as its subaddress.
        let address = super::reply_address(from.email.user(), tag, &domain);
        let address = address.parse().map_err(|e| format!("reply-to {address:?}: {e}"))?;
        builder = builder.reply_to(Mailbox::new(from.name.clone(), address));
    }
    if let Some(head) = &row.chain_head {
        // The receipt: the game's chain head this mail was written at (`feldpost verify
        // --receipt` checks an export against it).
        builder = builder.raw_header(header("Feldpost-Chain", head.clone()));
    }
    if let Some(url) = &row.unsubscribe_url {
        builder = builder
            .raw_header(header("List-Unsubscribe", format!("<{url}>")))
            .raw_header(header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click".into()));
    }
    // The text part goes out flowed: short lines for any client, joined again by those that
    // know the format (links are never broken).
    let text = SinglePart::builder()
        .header(flowed_text())
        .body(part_body(with_crlf(&super::flowed::encode(&row.body_text)), wire));
    let html_part =
        |html: String| SinglePart::builder().header(ContentType::TEXT_HTML).body(part_body(html, wire));
    let pictures: &[super::MailPicture] =
        if row.body_html.as_deref().is_some_and(|h| h.contains(super::inline::MARK)) {
            pictures
        } else {
            &[]
        };
    let built = match &row.body_html {
        Some(html) if !pictures.is_empty() => {
            let placed: Vec<_> = pictures
                .iter()
                .enumerate()
                .map(|(n, p)| (p, super::inline::content_id(&row.id, n, &domain)))
                .collect();
            let png = ContentType::parse("image/png").expect("a well-formed content type");
            let mut related =
                MultiPart::related().singlepart(html_part(with_crlf(&super::inline::place(html, &placed))));
            for (p, cid) in placed {
                related = related.singlepart(
                    lettre::message::Attachment::new_inline(cid).body(p.png.clone(), png.clone()),
                );
            }
            builder.multipart(MultiPart::alternative().singlepart(text).multipart(related))
        }
        Some(html) => builder.multipart(
            MultiPart::alternative()
                .singlepart(text)
                .singlepart(html_part(with_crlf(&super::inline::place(html, &[])))),
        ),
        None => builder.singlepart(text),
    };
    built.map_err(|e| e.to_string())
}

/// The longest line a 7-bit or 8-bit body may hold, in octets without its CRLF (RFC 5322,
/// 2.1.1; RFC 2045, 2.7 and 2.8).
const MAX_LINE: usize = 998;

/// A part's body (`text` with CRLF line ends) as `wire` carries it. ASCII in lines that fit
/// goes as 7-bit; to a server that takes 8-bit bodies, UTF-8 in lines that fit goes as it is.
/// Only what neither can carry is encoded, as lettre chooses: encoding every part as
/// quoted-printable (the names' direction marks alone made every HTML part need it) was a
/// quarter of writing a mail.
fn part_body(text: String, wire: Wire) -> lettre::message::Body {
    use lettre::message::Body;
    use lettre::message::header::ContentTransferEncoding;
    // Each pass a search for one byte (memchr): a line too long, a CR that ends no line, a NUL.
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut fits = memchr::memchr_iter(b'\n', bytes).all(|end| {
        let long = end - start > MAX_LINE + 1;
        start = end + 1;
        !long
    }) && bytes.len() - start <= MAX_LINE;
    fits = fits
        && memchr::memchr_iter(b'\r', bytes).count() == memchr::memchr_iter(b'\n', bytes).count()
        && memchr::memchr(0, bytes).is_none();
    match (fits, text.is_ascii(), wire) {
        (true, true, _) => Body::dangerous_pre_encoded(text.into_bytes(), ContentTransferEncoding::SevenBit),
        (true, false, Wire::EightBit) => {
            Body::dangerous_pre_encoded(text.into_bytes(), ContentTransferEncoding::EightBit)
        }
        _ => Body::new(text),
    }
}

/// `text` with every line ending in CRLF, as a part's body must, in one pass. lettre adds a
/// missing CR itself, but one at a time in place, moving the rest of the part each time: for
/// a mail of a hundred lines that was more copying than the mail's own bytes.
fn with_crlf(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 24 + 2);
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', text.as_bytes()) {
        let line = &text[start..end];
        out.push_str(line.strip_suffix('\r').unwrap_or(line));
        out.push_str("\r\n");
        start = end + 1;
    }
    out.push_str(&text[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // In a runtime: lettre's pool (smtps://) starts its reaper task when built.
    #[tokio::test]
    async fn smtp_urls_with_tls_and_auth_are_understood() {
        for url in [
            "smtp://127.0.0.1:2525",
            "smtp://user:secret@smtp.example.org:587?tls=required",
            "smtps://user:secret@smtp.example.org",
        ] {
            SmtpTransport::new(url, "feldpost <feldpost@example.org>")
                .unwrap_or_else(|e| panic!("{url}: {e}"));
        }
        assert!(SmtpTransport::new("http://example.org", "feldpost@example.org").is_err());
        assert!(SmtpTransport::new("smtp://127.0.0.1", "not an address").is_err());
    }

    #[test]
    fn data_in_one_piece_doubles_leading_dots_and_ends_as_lettre_ends_it() {
        let email = b".starts\r\nmiddle.dot\r\n.\r\n..two\r\nlast";
        let ours = with_end_of_data(email).unwrap();
        assert_eq!(ours, "..starts\r\nmiddle.dot\r\n..\r\n...two\r\nlast\r\n.\r\n");
        assert_eq!(with_end_of_data(&[0xff, b'a']), None, "not text: lettre's own way");
    }

    #[test]
    fn line_ends_made_crlf_in_one_pass_encode_as_lettre_would() {
        use lettre::message::Body;
        for text in ["", "one line", "a\nb\n", "\nstarts\r\nmixed\n\nČeština ěščř\n", "end\r\n"] {
            let ours = with_crlf(text);
            assert!(!ours.replace("\r\n", "").contains('\n'), "{ours:?}");
            let (theirs, mine) = (Body::new(text.to_owned()), Body::new(ours.clone()));
            assert_eq!(mine.encoding(), theirs.encoding(), "{text:?}");
            assert_eq!(mine.into_vec(), theirs.into_vec(), "{text:?}");
        }
    }

    #[test]
    fn a_message_without_html_is_plain_text_and_has_no_unsubscribe_without_a_seat() {
        let row = OutboxRow {
            id: "m1".into(),
            game_id: "g1".into(),
            seq: 3,
            recipient: "host@example.org".into(),
            kind: crate::store::MailKind::OverdueHost { seat: 0 },
            subject: "Příliš pozdě".into(),
            body_text: "Dobrý den,\n".into(),
            created_at: 0,
            status: crate::store::MailStatus::Pending,
            attempts: 0,
            next_attempt_at: 0,
            sent_at: None,
            transport: None,
            last_error: None,
            seat: None,
            body_html: None,
            unsubscribe_url: None,
            chain_head: None,
            thread: Some("game-g1-0-abcd".into()),
            reply_to: None,
        };
        let from: Mailbox = "feldpost <feldpost@example.org>".parse().unwrap();
        let text =
            String::from_utf8(build_message(&row, &from, 1_764_000_000_000).unwrap().formatted()).unwrap();
        assert!(text.contains("Message-ID: <m1@example.org>"), "{text}");
        assert!(text.contains("In-Reply-To: <game-g1-0-abcd@example.org>"), "{text}");
        assert!(text.contains("Date: Mon, 24 Nov 2025 16:00:00 +0000"), "{text}");
        assert!(text.contains("Content-Type: text/plain; charset=utf-8"), "{text}");
        assert!(!text.contains("List-Unsubscribe"), "{text}");
        assert!(text.contains("Subject: =?utf-8?"), "a non-ASCII subject is encoded: {text}");
        // The envelope sender carries the bounce tag; the From header does not.
        let sent = envelope(&row, &from, Some("b-m1.0123456789abcde")).unwrap();
        assert_eq!(sent.from().unwrap().to_string(), "feldpost+b-m1.0123456789abcde@example.org");
        assert!(text.contains("From: feldpost <feldpost@example.org>"), "{text}");
        // A tag that would make the local part longer than 64 octets: the plain address.
        let long = format!("b-{}.0123456789abcde", "x".repeat(50));
        assert_eq!(
            envelope(&row, &from, Some(&long)).unwrap().from().unwrap().to_string(),
            "feldpost@example.org"
        );
    }
}
