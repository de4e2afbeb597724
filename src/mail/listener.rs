//! The SMTP listener for replies (issue 17, `FELDPOST_INBOUND_SMTP=host:port`): a relay or MX
//! forwards mail for our reply addresses here. Only addresses this server signed are accepted
//! at RCPT; each message is handed to [`Play::reply`] at the end of DATA, and the answer code
//! says whether the sender must try again (451: the database is away).

use super::inbound;
use crate::play::{Play, ReplyOutcome};
use mailin_embedded::{Handler, Response, Server, SslConfig, response};
use std::sync::{Arc, Weak};

/// The largest message taken (a reply is a line; attachments are not read).
const MAX_MESSAGE: usize = 10 * 1024 * 1024;

#[derive(Clone)]
struct Replies {
    /// Weak: the listener's threads never end, and must not keep the server's state (its
    /// database pool) alive after the server has let it go; then mail is answered 451.
    play: Weak<Play>,
    runtime: tokio::runtime::Handle,
    own: String,
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
        let Some(play) = self.play.upgrade() else { return response::INTERNAL_ERROR };
        if play.is_reply_address(&to) {
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
        let Some(play) = self.play.upgrade() else { return response::INTERNAL_ERROR };
        let own = self.own.clone();
        match self.runtime.block_on(async move { play.reply(&mail, &own).await }) {
            Ok(ReplyOutcome::UnknownAddress) => response::NO_MAILBOX,
            Ok(outcome) => {
                tracing::info!("inbound mail: {}", outcome.code());
                response::OK
            }
            Err(e) => {
                tracing::warn!("inbound mail: {e}");
                response::INTERNAL_ERROR
            }
        }
    }
}

/// Listen for SMTP on `addr` in threads of its own (mailin's server blocks), for ever.
/// `own` is our From address (mail from it is a loop).
pub fn spawn(play: Arc<Play>, addr: &str, own: &str) -> std::io::Result<std::net::SocketAddr> {
    let listener = std::net::TcpListener::bind(addr)?;
    let bound = listener.local_addr()?;
    let handler = Replies {
        play: Arc::downgrade(&play),
        runtime: tokio::runtime::Handle::current(),
        own: own.to_owned(),
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
