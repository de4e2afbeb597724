//! Inbound mail: a reply to a turn mail, read from RFC 5322 text into what the
//! play layer needs — who sent it, to which of our addresses, whether a machine sent it, and
//! the lines the player wrote (quoted text, the signature and the client's "On … wrote:" line
//! left out). MIME is mailparse's work; nothing here knows a game.

use mailparse::{MailAddr, MailHeaderMap, ParsedMail};

/// One inbound message, read.
#[derive(Debug, Clone, PartialEq)]
pub struct InboundMail {
    /// Its Message-ID without the angle brackets (a message without one gets the SHA-256 of
    /// its bytes, so that a second delivery is still recognised).
    pub message_id: String,
    /// The From address, lower case; empty when there is none.
    pub from: String,
    /// Addresses it was delivered to, as far as the headers tell (Delivered-To, X-Original-To,
    /// To, Cc); the SMTP envelope's are added by the listener.
    pub recipients: Vec<String>,
    /// Why it must not be answered (RFC 3834 Auto-Submitted, a bounce, a list), if it must not.
    pub automatic: Option<&'static str>,
    /// The player's own lines, in order, without the empty ones.
    pub lines: Vec<String>,
    /// What a delivery status notification (a bounce) says of the recipients it is about;
    /// empty when the message is none.
    pub report: Vec<Delivery>,
}

/// What a bounce says of one recipient: RFC 3464's per-recipient fields, or what could be read
/// from a bounce in no standard form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    /// The recipient (Original-Recipient, else Final-Recipient; lower case), if named.
    pub recipient: Option<String>,
    /// "failed", "delayed", "delivered", "relayed", "expanded" (lower case); empty: not said.
    pub action: String,
    /// The status code ("5.1.1"); empty: none found.
    pub status: String,
    /// The remote server's words (Diagnostic-Code), if any.
    pub diagnostic: String,
}

impl Delivery {
    /// Whether the mail will never arrive: a 5.x.x status, or a failed action without one.
    pub fn hard(&self) -> bool {
        self.status.starts_with('5') || (self.status.is_empty() && self.action == "failed")
    }

    /// Whether it is a bounce at all: a failure or a delay (a report of delivery is not).
    pub fn bounced(&self) -> bool {
        matches!(self.action.as_str(), "failed" | "delayed")
            || (self.action.is_empty() && (self.status.starts_with('5') || self.status.starts_with('4')))
    }
}

/// Why a message cannot be read at all.
#[derive(Debug, thiserror::Error)]
#[error("unreadable message: {0}")]
pub struct Unreadable(String);

/// Read a message.
pub fn read(raw: &[u8]) -> Result<InboundMail, Unreadable> {
    let parsed = mailparse::parse_mail(raw).map_err(|e| Unreadable(e.to_string()))?;
    let h = &parsed.headers;
    let message_id = h
        .get_first_value("Message-ID")
        .map(|v| v.trim().trim_start_matches('<').trim_end_matches('>').trim().to_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| {
            use sha2::Digest;
            format!("sha256-{}", hex::encode(sha2::Sha256::digest(raw)))
        });
    let from = h
        .get_first_value("From")
        .map(|v| addresses(&v))
        .unwrap_or_default()
        .into_iter()
        .next()
        .unwrap_or_default();
    let mut recipients = Vec::new();
    for name in ["Delivered-To", "X-Original-To", "Envelope-To", "To", "Cc"] {
        for v in h.get_all_values(name) {
            recipients.extend(addresses(&v));
        }
    }
    let automatic = automatic(&parsed, &from);
    let body = body_text(&parsed).unwrap_or_default();
    let report = report(&parsed, &body);
    Ok(InboundMail { message_id, from, recipients, automatic, lines: own_lines(&body), report })
}

/// What a bounce says of its recipients. RFC 3464: a multipart/report whose
/// message/delivery-status part holds a block of fields per recipient. Otherwise, for a
/// machine's mail that looks like a bounce (a mailer-daemon, a null sender, an
/// X-Failed-Recipients header as Exim writes), the failed recipients named by
/// X-Failed-Recipients and the first status code ("5.1.1", "4.2.2") in its text.
fn report(parsed: &ParsedMail, body: &str) -> Vec<Delivery> {
    fn find<'a>(p: &'a ParsedMail<'a>) -> Option<&'a ParsedMail<'a>> {
        let mime = p.ctype.mimetype.to_ascii_lowercase();
        if mime == "message/delivery-status" || mime == "message/global-delivery-status" {
            return Some(p);
        }
        p.subparts.iter().find_map(find)
    }
    if let Some(part) = find(parsed) {
        let text = part.get_body_raw().map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
        let found = delivery_status(&text);
        if !found.is_empty() {
            return found;
        }
    }
    let h = &parsed.headers;
    let failed: Vec<String> =
        h.get_all_values("X-Failed-Recipients").iter().flat_map(|v| addresses(v)).collect();
    let from = h.get_first_value("From").map(|v| addresses(&v)).unwrap_or_default();
    let daemon = from.first().is_none_or(|f| {
        let local = f.split('@').next().unwrap_or_default();
        matches!(local, "mailer-daemon" | "postmaster")
    });
    if failed.is_empty() && !daemon {
        return Vec::new();
    }
    // The whole text, the quoted original included: the status is often in its lines.
    let text = parsed.get_body().unwrap_or_else(|_| body.to_owned());
    let status = status_in(&text).unwrap_or_default();
    let action = if failed.is_empty() && status.is_empty() { String::new() } else { "failed".to_owned() };
    let action = if status.starts_with('4') { "delayed".to_owned() } else { action };
    if failed.is_empty() {
        return vec![Delivery { recipient: None, action, status, diagnostic: String::new() }];
    }
    failed
        .into_iter()
        .map(|r| Delivery {
            recipient: Some(r),
            action: action.clone(),
            status: status.clone(),
            diagnostic: String::new(),
        })
        .collect()
}

/// The per-recipient blocks of a message/delivery-status body (RFC 3464, 2.3): the first block
/// is the message's, the others each a recipient's; blocks are parted by an empty line, and a
/// field may go on over lines that start with a space.
fn delivery_status(text: &str) -> Vec<Delivery> {
    let mut blocks: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            if !blocks.last().is_some_and(Vec::is_empty) {
                blocks.push(Vec::new());
            }
            continue;
        }
        let block = blocks.last_mut().expect("a block");
        if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = block.last_mut() {
                value.push(' ');
                value.push_str(line.trim());
            }
            continue;
        }
        if let Some((name, value)) = line.split_once(':') {
            block.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
    }
    let field =
        |b: &[(String, String)], name: &str| b.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
    // "rfc822; ana@example.org" → the address.
    let address = |v: String| {
        let a =
            v.split_once(';').map(|(_, a)| a).unwrap_or(&v).trim().trim_matches(['<', '>']).to_lowercase();
        (!a.is_empty()).then_some(a)
    };
    blocks
        .iter()
        .filter(|b| field(b, "final-recipient").is_some() || field(b, "original-recipient").is_some())
        .map(|b| Delivery {
            recipient: field(b, "original-recipient")
                .and_then(address)
                .or_else(|| field(b, "final-recipient").and_then(address)),
            action: field(b, "action").unwrap_or_default().to_ascii_lowercase(),
            status: field(b, "status").and_then(|s| status_in(&s)).unwrap_or_default(),
            diagnostic: field(b, "diagnostic-code").unwrap_or_default(),
        })
        .collect()
}

/// The first enhanced status code (RFC 3463: class 2, 4 or 5, then two numbers) in `text`.
fn status_in(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        if !matches!(c, b'2' | b'4' | b'5') || bytes.get(i + 1) != Some(&b'.') {
            continue;
        }
        if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'.') {
            continue;
        }
        let rest = &text[i + 2..];
        let a: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if a.is_empty() || a.len() > 3 || !rest[a.len()..].starts_with('.') {
            continue;
        }
        let rest = &rest[a.len() + 1..];
        let b: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if b.is_empty()
            || b.len() > 3
            || rest[b.len()..].starts_with(|ch: char| ch.is_ascii_alphanumeric() || ch == '.')
        {
            continue;
        }
        return Some(format!("{}.{a}.{b}", c as char));
    }
    None
}

/// The addresses of a header, lower case.
pub fn addresses(value: &str) -> Vec<String> {
    let Ok(list) = mailparse::addrparse(value) else { return Vec::new() };
    let mut out = Vec::new();
    for a in list.iter() {
        match a {
            MailAddr::Single(s) => out.push(s.addr.trim().to_lowercase()),
            MailAddr::Group(g) => out.extend(g.addrs.iter().map(|s| s.addr.trim().to_lowercase())),
        }
    }
    out
}

/// Mail that a machine sent, which must not be answered, lest two machines answer each other
/// for ever (RFC 3834): Auto-Submitted other than "no", a bounce (a delivery report, a
/// mailer-daemon or postmaster sender, no sender), a list's or a bulk sender's mail.
fn automatic(parsed: &ParsedMail, from: &str) -> Option<&'static str> {
    let h = &parsed.headers;
    let value = |name: &str| h.get_first_value(name).map(|v| v.trim().to_ascii_lowercase());
    if value("Auto-Submitted").is_some_and(|v| !v.is_empty() && v != "no") {
        return Some("auto-submitted");
    }
    if value("Return-Path").is_some_and(|v| v == "<>") || from.is_empty() {
        return Some("null sender");
    }
    let local = from.split('@').next().unwrap_or_default();
    if matches!(local, "mailer-daemon" | "postmaster") {
        return Some("bounce");
    }
    if parsed.ctype.mimetype.eq_ignore_ascii_case("multipart/report") {
        return Some("delivery report");
    }
    if value("Precedence").is_some_and(|v| matches!(v.as_str(), "bulk" | "junk" | "list"))
        || h.get_first_value("List-Id").is_some()
        || h.get_first_value("X-Autoreply").is_some()
        || h.get_first_value("X-Autorespond").is_some()
    {
        return Some("bulk");
    }
    None
}

/// The text a person wrote: the first text/plain part, else the first text/html part made
/// text. Attachments are not read.
fn body_text(parsed: &ParsedMail) -> Option<String> {
    fn find<'a>(p: &'a ParsedMail<'a>, mime: &str) -> Option<&'a ParsedMail<'a>> {
        let attachment = p
            .headers
            .get_first_value("Content-Disposition")
            .is_some_and(|d| d.trim().to_ascii_lowercase().starts_with("attachment"));
        if p.subparts.is_empty() {
            return (!attachment && p.ctype.mimetype.eq_ignore_ascii_case(mime)).then_some(p);
        }
        p.subparts.iter().find_map(|s| find(s, mime))
    }
    if let Some(plain) = find(parsed, "text/plain") {
        return text_of(plain);
    }
    find(parsed, "text/html").and_then(text_of).map(|h| html_text(&h))
}

/// A text part's text. Without a charset its bytes are read as UTF-8 when they are UTF-8 (what
/// every phone sends), else as the standard's default: "táhni" from a client that forgot the
/// charset is "táhni", not "tÃ¡hni".
fn text_of(part: &ParsedMail) -> Option<String> {
    if !part.ctype.params.contains_key("charset")
        && let Ok(raw) = part.get_body_raw()
        && let Ok(text) = String::from_utf8(raw)
    {
        return Some(text);
    }
    part.get_body().ok()
}

/// Lines of a reply that are the sender's own: up to the signature ("-- "), without quoted
/// lines ("> …") and without the line a client puts above the quote ("On … wrote:",
/// "Dne … napsal(a):"), and without everything after an Outlook-style "-----Original Message-----".
pub fn own_lines(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in body.lines() {
        let trimmed = line.trim_end_matches('\r');
        if trimmed == "-- " || trimmed == "--" {
            break;
        }
        let t = trimmed.trim();
        if t.starts_with('>') || t.is_empty() {
            continue;
        }
        if is_attribution(t) {
            continue;
        }
        if t.starts_with("-----") && t.to_lowercase().contains("original") {
            break;
        }
        out.push(t.to_owned());
    }
    out
}

/// "On Mon, 1 Dec 2026 at 14:00, feldpost <…> wrote:", "Dne po 1. 12. 2026 14:00 uživatel …
/// napsal:" and the like: a line that introduces the quote below it.
fn is_attribution(line: &str) -> bool {
    let l = line.to_lowercase();
    let ends = l.ends_with(':');
    let english =
        (l.starts_with("on ") && (l.contains(" wrote") || l.contains(" writes"))) || l.contains(" wrote:");
    let czech =
        l.starts_with("dne ") && (l.contains("napsal") || l.contains("napsala") || l.contains("napsal(a)"));
    ends && (english || czech)
}

/// HTML to text as a mail client shows it, just enough for a reply: read by a real HTML parser
/// (html5ever, through scraper), so that only what a person sees is read. Left out: comments,
/// `<head>`, `<style>`, `<script>`, `<template>`, elements that are `hidden` or styled
/// `display: none` / `visibility: hidden`, and quoted parts (`<blockquote>`, Gmail's, Outlook's
/// and Thunderbird's quote blocks). Block ends become line breaks; entities are decoded by the
/// parser. Only the first lines of a reply are read, so layout does not matter.
pub fn html_text(html: &str) -> String {
    enum Step<N> {
        Enter(N),
        Leave { block: bool },
    }
    let doc = scraper::Html::parse_document(html);
    let mut out = String::new();
    let mut steps = vec![Step::Enter(doc.tree.root())];
    while let Some(step) = steps.pop() {
        let node = match step {
            Step::Enter(node) => node,
            Step::Leave { block } => {
                if block {
                    out.push('\n');
                }
                continue;
            }
        };
        match node.value() {
            scraper::Node::Text(text) => {
                // A no-break space is a space to whoever reads the command.
                out.extend(text.chars().map(|c| if c == '\u{a0}' { ' ' } else { c }));
                continue;
            }
            scraper::Node::Element(e) => {
                if unseen(e) {
                    continue;
                }
                let block = matches!(
                    e.name(),
                    "br" | "p"
                        | "div"
                        | "li"
                        | "tr"
                        | "h1"
                        | "h2"
                        | "h3"
                        | "h4"
                        | "pre"
                        | "table"
                        | "ul"
                        | "ol"
                );
                if block {
                    out.push('\n');
                }
                steps.push(Step::Leave { block });
            }
            scraper::Node::Document | scraper::Node::Fragment => {}
            // Comments, doctypes and processing instructions show nothing.
            _ => continue,
        }
        let children: Vec<_> = node.children().collect();
        steps.extend(children.into_iter().rev().map(Step::Enter));
    }
    out
}

/// Whether a mail client shows nothing of `e` (or it is the quote of the mail answered).
fn unseen(e: &scraper::node::Element) -> bool {
    if matches!(e.name(), "head" | "style" | "script" | "template" | "noscript" | "blockquote" | "title") {
        return true;
    }
    if e.attr("hidden").is_some() || e.attr("aria-hidden").is_some_and(|v| v.eq_ignore_ascii_case("true")) {
        return true;
    }
    let style: String = e.attr("style").unwrap_or_default().chars().filter(|c| !c.is_whitespace()).collect();
    let style = style.to_ascii_lowercase();
    if style.contains("display:none") || style.contains("visibility:hidden") {
        return true;
    }
    let class = e.attr("class").unwrap_or_default().to_ascii_lowercase();
    let id = e.attr("id").unwrap_or_default().to_ascii_lowercase();
    class.contains("gmail_quote") || class.contains("moz-cite-prefix") || id.contains("divrplyfwdmsg")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_text_signature_and_attribution_are_not_the_command() {
        let body = "táhni 2\r\n\r\nOn Mon, 1 Dec 2026 at 14:00, feldpost <feldpost@x.test> wrote:\r\n> Jste na tahu\r\n> 1. hod\r\n-- \r\nRadka\r\n";
        assert_eq!(own_lines(body), vec!["táhni 2"]);
        let cs = "Dne po 1. 12. 2026 14:00 uživatel feldpost <feldpost@x.test> napsal:\n> hod\n";
        assert!(own_lines(cs).is_empty());
        assert_eq!(own_lines("\n\n  hod  \nthanks\n"), vec!["hod", "thanks"]);
    }

    #[test]
    fn only_what_a_mail_client_shows_is_read_as_the_command() {
        let hidden = "<html><body><!-- hidden >\nthrow\n--><div style=\"display: none\">throw</div>\
                      <p hidden>throw</p><span style=\"VISIBILITY:hidden\">throw</span>\
                      <script>throw</script><div>end</div></body></html>";
        assert_eq!(own_lines(&html_text(hidden)), ["end"]);
        let entities = "<p>move&nbsp;2 &amp; &#x17E;</p>";
        assert_eq!(own_lines(&html_text(entities)), ["move 2 & ž"]);
    }

    #[test]
    fn html_replies_are_read_without_their_quote() {
        let html = "<html><head><style>p{}</style></head><body><div dir=\"ltr\">move&nbsp;2</div><br>\
                    <div class=\"gmail_quote\"><div>On Mon wrote:</div><blockquote>hod<blockquote>x</blockquote></blockquote></div></body></html>";
        let text = html_text(html);
        assert_eq!(own_lines(&text), vec!["move 2"]);
        assert_eq!(html_text("a &amp; b &#382; &#x17E; &bogus; &"), "a & b ž ž &bogus; &");
    }

    #[test]
    fn eight_bit_text_without_a_charset_is_read_as_utf8_when_it_is() {
        let raw = "From: a@x.test\r\nMessage-ID: <2@x>\r\nContent-Type: text/plain\r\n\r\ntáhni 2\r\n";
        assert_eq!(read(raw.as_bytes()).unwrap().lines, ["táhni 2"]);
        let latin1 = b"From: a@x.test\r\nMessage-ID: <3@x>\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\nt\xe1hni 2\r\n";
        assert_eq!(read(latin1).unwrap().lines, ["táhni 2"], "a charset given is the charset");
    }

    #[test]
    fn machines_are_recognised() {
        let auto = b"From: a@x.test\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <1@x>\r\n\r\nhod\r\n";
        assert_eq!(read(auto).unwrap().automatic, Some("auto-submitted"));
        let no = b"From: a@x.test\r\nAuto-Submitted: no\r\nMessage-ID: <1@x>\r\n\r\nhod\r\n";
        assert_eq!(read(no).unwrap().automatic, None);
        let bounce = b"From: MAILER-DAEMON@x.test\r\nMessage-ID: <1@x>\r\n\r\nhod\r\n";
        assert_eq!(read(bounce).unwrap().automatic, Some("bounce"));
        let none = b"Message-ID: <1@x>\r\n\r\nhod\r\n";
        assert_eq!(read(none).unwrap().automatic, Some("null sender"));
    }

    #[test]
    fn a_delivery_status_notification_is_read() {
        let raw = "From: MAILER-DAEMON@relay.test\r\nTo: feldpost+b-x@y.test\r\nMessage-ID: <b1@relay.test>\r\n\
                   MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=r\r\n\r\n\
                   --r\r\nContent-Type: text/plain\r\n\r\nYour mail could not be delivered.\r\n\
                   --r\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; relay.test\r\n\r\n\
                   Final-Recipient: rfc822; Ana@Example.org\r\nAction: failed\r\nStatus: 5.1.1\r\n\
                   Diagnostic-Code: smtp; 550 5.1.1 <ana@example.org>: user\r\n unknown\r\n\r\n\
                   --r\r\nContent-Type: text/rfc822-headers\r\n\r\nFrom: feldpost@y.test\r\n--r--\r\n";
        let m = read(raw.as_bytes()).unwrap();
        assert_eq!(m.automatic, Some("bounce"));
        assert_eq!(m.report.len(), 1);
        let d = &m.report[0];
        assert_eq!(d.recipient.as_deref(), Some("ana@example.org"));
        assert_eq!((d.action.as_str(), d.status.as_str()), ("failed", "5.1.1"));
        assert!(d.diagnostic.ends_with("user unknown"), "{}", d.diagnostic);
        assert!(d.hard() && d.bounced());
        let delayed =
            raw.replace("Action: failed", "Action: delayed").replace("Status: 5.1.1", "Status: 4.4.1");
        let d = read(delayed.as_bytes()).unwrap().report.remove(0);
        assert!(!d.hard() && d.bounced());
    }

    #[test]
    fn a_bounce_in_no_standard_form_is_read_as_well_as_it_can_be() {
        let exim = "From: Mail Delivery System <Mailer-Daemon@relay.test>\r\nX-Failed-Recipients: ana@example.org\r\n\
                    Message-ID: <b2@relay.test>\r\nSubject: Mail delivery failed\r\n\r\n\
                    This message was created automatically.\r\n  ana@example.org\r\n    host mx.example.org said: 550 5.7.1 rejected\r\n";
        let d = read(exim.as_bytes()).unwrap().report.remove(0);
        assert_eq!(d.recipient.as_deref(), Some("ana@example.org"));
        assert!(d.hard(), "{d:?}");
        let person = b"From: ana@example.org\r\nMessage-ID: <p@x>\r\n\r\nversion 5.1.1 is out\r\n";
        assert!(read(person).unwrap().report.is_empty(), "a person's mail is no bounce");
        assert_eq!(status_in("see 4.2.2 and 5.1.1"), Some("4.2.2".into()));
        assert_eq!(status_in("v1.5.1.1 10.5.1"), None);
    }

    #[test]
    fn plain_text_is_preferred_to_html() {
        let raw = "From: Ana <Ana@X.test>\r\nTo: feldpost+tag@y.test\r\nMessage-ID: <m1@x.test>\r\nMIME-Version: 1.0\r\n\
                   Content-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nhod\r\n\
                   --b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>enter</p>\r\n--b--\r\n";
        let m = read(raw.as_bytes()).unwrap();
        assert_eq!(m.lines, vec!["hod"]);
        assert_eq!(m.from, "ana@x.test");
        assert_eq!(m.message_id, "m1@x.test");
        assert_eq!(m.recipients, vec!["feldpost+tag@y.test"]);
    }
}
