//! The SMTP listener for replies (`FELDPOST_INBOUND_SMTP=host:port`): a relay or MX forwards
//! mail for our reply addresses here. Only addresses the [`Inbox`] accepts are taken at RCPT;
//! each message is handed to it at the end of DATA, and the answer code says whether the sender
//! must try again (451: the database is away). The inbox is the reply use case
//! (`src/play/reply.rs`), given to the listener by the server: mail knows no game.

use super::inbound::{self, InboundMail};
use mailin_embedded::{Handler, Response, Server, SslConfig, response};
use std::sync::Arc;

/// Where the listener hands what it receives.
pub trait Inbox: Send + Sync + 'static {
    /// Whether mail to `address` is taken (refused at RCPT otherwise).
    fn accepts(&self, address: &str) -> bool;
    /// Take one message.
    fn take(&self, mail: InboundMail) -> futures_util::future::BoxFuture<'static, Taken>;
}

/// What became of a message handed to the [`Inbox`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Taken {
    /// Taken (and answered, or not, as the inbox decided): the outcome's code, for the log.
    Done(&'static str),
    /// None of its addresses is one of ours.
    NoSuchAddress,
    /// Not taken: the sender should try again later (the database is away).
    TryLater(String),
}

/// The largest message taken (a reply is a line; attachments are not read).
const MAX_MESSAGE: usize = 10 * 1024 * 1024;

#[derive(Clone)]
struct Replies {
    inbox: Arc<dyn Inbox>,
    runtime: tokio::runtime::Handle,
    null_sender: bool,
    envelope_to: Vec<String>,
    buf: Vec<u8>,
    too_big: bool,
}

impl Handler for Replies {
    fn mail(&mut self, _ip: std::net::IpAddr, _domain: &str, from: &str) -> Response {
        self.null_sender = from.trim().trim_matches(['<', '>']).is_empty();
        self.envelope_to.clear();
        response::OK
    }

    fn rcpt(&mut self, to: &str) -> Response {
        let to = to.trim().trim_matches(['<', '>']).to_lowercase();
        if self.inbox.accepts(&to) {
            self.envelope_to.push(to);
            response::OK
        } else {
            response::NO_MAILBOX
        }
    }

    fn data_start(&mut self, _domain: &str, _from: &str, _is8bit: bool, _to: &[String]) -> Response {
        self.buf.clear();
        self.too_big = false;
        response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        if self.buf.len() + buf.len() > MAX_MESSAGE {
            self.too_big = true;
        } else {
            self.buf.extend_from_slice(buf);
        }
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        if self.too_big {
            return response::NO_STORAGE;
        }
        let raw = std::mem::take(&mut self.buf);
        let Ok(mut mail) = inbound::read(&raw) else { return response::TRANSACTION_FAILED };
        // The envelope is the truth of where it was delivered and who bounces.
        mail.recipients.splice(0..0, self.envelope_to.iter().cloned());
        if self.null_sender {
            mail.automatic = Some("null sender");
        }
        match self.runtime.block_on(self.inbox.take(mail)) {
            Taken::NoSuchAddress => response::NO_MAILBOX,
            Taken::Done(outcome) => {
                tracing::info!("inbound mail: {outcome}");
                response::OK
            }
            Taken::TryLater(e) => {
                tracing::warn!("inbound mail: {e}");
                response::INTERNAL_ERROR
            }
        }
    }
}

/// Listen for SMTP on `addr` in threads of its own (mailin's server blocks), for ever, handing
/// each message to `inbox`.
pub fn spawn(inbox: Arc<dyn Inbox>, addr: &str) -> std::io::Result<std::net::SocketAddr> {
    let listener = std::net::TcpListener::bind(addr)?;
    let bound = listener.local_addr()?;
    let handler = Replies {
        inbox,
        runtime: tokio::runtime::Handle::current(),
        null_sender: false,
        envelope_to: Vec::new(),
        buf: Vec::new(),
        too_big: false,
    };
    let mut server = Server::new(handler);
    server
        .with_name("feldpost")
        .with_ssl(SslConfig::None)
        .map_err(|e| std::io::Error::other(e.to_string()))?
        .with_num_threads(2)
        .with_tcp_listener(listener);
    std::thread::spawn(move || {
        if let Err(e) = server.serve() {
            tracing::error!("inbound SMTP listener stopped: {e}");
        }
    });
    Ok(bound)
}
