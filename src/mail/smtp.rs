//! Delivery over SMTP with lettre, and the shape of every message on the wire.

use crate::store::OutboxRow;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::time::{Duration, UNIX_EPOCH};

/// An SMTP server and the address feldpost writes from.
pub struct SmtpTransport {
    inner: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpTransport {
    /// `url` in lettre's form: `smtp://user:pass@host:587?tls=required` (STARTTLS),
    /// `smtps://user:pass@host` (TLS from the start), `smtp://host:25` (plain, local relays).
    pub fn new(url: &str, from: &str) -> Result<SmtpTransport, String> {
        let from: Mailbox = from.parse().map_err(|e| format!("FELDPOST_MAIL_FROM {from:?}: {e}"))?;
        let inner = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| format!("FELDPOST_SMTP_URL: {e}"))?
            // Well below the outbox lease, so a hung server never lets two workers send a row.
            .timeout(Some(Duration::from_secs(60)))
            .build();
        Ok(SmtpTransport { inner, from })
    }

    pub fn from(&self) -> &Mailbox {
        &self.from
    }

    pub async fn send(&self, row: &OutboxRow, now: i64) -> Result<(), String> {
        let message = build_message(row, &self.from, now)?;
        self.inner.send(message).await.map(|_| ()).map_err(|e| e.to_string())
    }
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
    let domain = from.email.domain().to_owned();
    let to: Mailbox = row.recipient.parse().map_err(|e| format!("recipient {:?}: {e}", row.recipient))?;
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to)
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
        // Our own address with the turn's signed tag as its subaddress (issue 17).
        let address = format!("{}+{tag}@{domain}", from.email.user());
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
    let built = match &row.body_html {
        Some(html) => {
            builder.multipart(MultiPart::alternative_plain_html(row.body_text.clone(), html.clone()))
        }
        None => builder
            .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(row.body_text.clone())),
    };
    built.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_urls_with_tls_and_auth_are_understood() {
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
    fn a_message_without_html_is_plain_text_and_has_no_unsubscribe_without_a_seat() {
        let row = OutboxRow {
            id: "m1".into(),
            game_id: "g1".into(),
            seq: 3,
            recipient: "host@example.org".into(),
            kind: "overdue-host-0".into(),
            subject: "Příliš pozdě".into(),
            body_text: "Dobrý den,\n".into(),
            created_at: 0,
            status: "pending".into(),
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
    }
}
