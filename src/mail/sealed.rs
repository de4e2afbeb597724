//! Links sealed in the outbox. A mail's links open a seat, a host's page, an account or a
//! never-mail page; the outbox keeps instead what makes each link with the server's key (a
//! seat's salt, a nonce), written as a placeholder, and the links are made when the mail is
//! sent. So a copy of the database hands out no link: without the key its placeholders open
//! nothing. The key lives outside the database (`src/secret.rs`).
//!
//! A placeholder is `{{feldpost:<kind>:<part>:…}}`; its parts are letters, digits and hex, so
//! no escaping of the text or HTML part changes it.

use crate::store::OutboxRow;

/// A link as the outbox keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sealed {
    /// A seat's game page (its salt makes its token).
    Seat { game: String, seat: i64, salt: String },
    /// The host's page (the game's host salt makes its token).
    Host { game: String, salt: String },
    /// The never-mail page of an address.
    Never { address: String },
    /// The host's confirmation link.
    Confirm { game: String, nonce: String },
    /// An account's one-time link: to log in (or confirm), or to set a new password.
    Account { reset: bool, nonce: String },
    /// An account's one-time code to type in.
    Code { nonce: String },
    /// A turn's reply address tag.
    Reply { game: String, seat: u32, seq: u64 },
    /// The one-time link to what is held about an address (`play::people`), without the
    /// `/data` or `/forget` that follows it.
    AddressLink { nonce: String },
    /// The page where anyone asks for that link (every mail's footer names it).
    PrivacyPage,
}

const OPEN: &str = "{{feldpost:";
const CLOSE: &str = "}}";

impl Sealed {
    /// The placeholder the outbox keeps.
    pub fn text(&self) -> String {
        let parts = match self {
            Sealed::Seat { game, seat, salt } => format!("seat:{game}:{seat}:{salt}"),
            Sealed::Host { game, salt } => format!("host:{game}:{salt}"),
            Sealed::Never { address } => format!("never:{}", hex::encode(address)),
            Sealed::Confirm { game, nonce } => format!("confirm:{game}:{nonce}"),
            Sealed::Account { reset, nonce } => {
                format!("{}:{nonce}", if *reset { "reset" } else { "account" })
            }
            Sealed::Code { nonce } => format!("code:{nonce}"),
            Sealed::Reply { game, seat, seq } => format!("reply:{game}:{seat}:{seq}"),
            Sealed::AddressLink { nonce } => format!("address:{nonce}"),
            Sealed::PrivacyPage => "privacy".to_owned(),
        };
        format!("{OPEN}{parts}{CLOSE}")
    }

    /// A placeholder's inside (between its braces) read back.
    fn parse(inside: &str) -> Option<Sealed> {
        let parts: Vec<&str> = inside.split(':').collect();
        let plain = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric());
        if !parts.iter().all(|p| plain(p)) {
            return None;
        }
        Some(match parts.as_slice() {
            ["seat", game, seat, salt] => {
                Sealed::Seat { game: (*game).into(), seat: seat.parse().ok()?, salt: (*salt).into() }
            }
            ["host", game, salt] => Sealed::Host { game: (*game).into(), salt: (*salt).into() },
            ["never", address] => {
                Sealed::Never { address: String::from_utf8(hex::decode(address).ok()?).ok()? }
            }
            ["confirm", game, nonce] => Sealed::Confirm { game: (*game).into(), nonce: (*nonce).into() },
            ["account", nonce] => Sealed::Account { reset: false, nonce: (*nonce).into() },
            ["reset", nonce] => Sealed::Account { reset: true, nonce: (*nonce).into() },
            ["code", nonce] => Sealed::Code { nonce: (*nonce).into() },
            ["address", nonce] => Sealed::AddressLink { nonce: (*nonce).into() },
            ["privacy"] => Sealed::PrivacyPage,
            ["reply", game, seat, seq] => {
                Sealed::Reply { game: (*game).into(), seat: seat.parse().ok()?, seq: seq.parse().ok()? }
            }
            _ => return None,
        })
    }
}

/// `text` with every placeholder made into what `make` makes of it; anything that only looks
/// like one is left as it is.
pub fn unseal_text(text: &str, make: &dyn Fn(&Sealed) -> String) -> String {
    unseal_with(text, &mut |inside, out| match Sealed::parse(inside) {
        Some(sealed) => {
            out.push_str(&make(&sealed));
            true
        }
        None => false,
    })
}

/// `text` with each placeholder's inside (between its braces) given to `make`, which writes what
/// it stands for and says whether it was one.
fn unseal_with<'t>(text: &'t str, make: &mut dyn FnMut(&'t str, &mut String) -> bool) -> String {
    // Searched with memchr's finder: `str::find` took more of a mail's sending than the links
    // themselves.
    static FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(OPEN));
    let mut out = String::with_capacity(text.len() + 64);
    let mut rest = text;
    while let Some(at) = FINDER.find(rest.as_bytes()) {
        out.push_str(&rest[..at]);
        let after = &rest[at + OPEN.len()..];
        match after.find(CLOSE).filter(|end| make(&after[..*end], &mut out)) {
            Some(end) => rest = &after[end + CLOSE.len()..],
            None => {
                out.push_str(OPEN);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A mail as it is sent: every field that may hold a placeholder made whole. A mail names the
/// same link several times (text, HTML button and line, preferences): each is read and made
/// once, and known again by its text.
pub fn unseal_row(row: &mut OutboxRow, make: &dyn Fn(&Sealed) -> String) {
    let mut made = Made { make, links: Vec::new() };
    let text = unseal_with(&row.body_text, &mut |inside, out| made.write(inside, out));
    let [html, unsubscribe, reply_to] = [&row.body_html, &row.unsubscribe_url, &row.reply_to]
        .map(|field| field.as_deref().map(|f| unseal_with(f, &mut |inside, out| made.write(inside, out))));
    row.body_text = text;
    for (field, made) in [&mut row.body_html, &mut row.unsubscribe_url, &mut row.reply_to].into_iter().zip([
        html,
        unsubscribe,
        reply_to,
    ]) {
        *field = made;
    }
}

/// The links of one mail made so far, by their placeholder's inside (`None`: not one).
struct Made<'t, 'm> {
    make: &'m dyn Fn(&Sealed) -> String,
    links: Vec<(&'t str, Option<String>)>,
}

impl<'t> Made<'t, '_> {
    fn write(&mut self, inside: &'t str, out: &mut String) -> bool {
        let at = match self.links.iter().position(|(k, _)| *k == inside) {
            Some(at) => at,
            None => {
                self.links.push((inside, Sealed::parse(inside).map(|s| (self.make)(&s))));
                self.links.len() - 1
            }
        };
        self.links[at].1.as_deref().map(|link| out.push_str(link)).is_some()
    }
}

/// Whether `text` holds a placeholder (an account mail's link is one).
pub fn is_sealed(word: &str) -> bool {
    word.starts_with(OPEN) && word.contains(CLOSE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_placeholder_reads_back_and_is_made_in_place() {
        let all = [
            Sealed::Seat { game: "g1".into(), seat: 2, salt: "s4lt".into() },
            Sealed::Host { game: "g1".into(), salt: "h".into() },
            Sealed::Never { address: "a.b+c@example.org".into() },
            Sealed::Confirm { game: "g1".into(), nonce: "n1".into() },
            Sealed::Account { reset: true, nonce: "n2".into() },
            Sealed::Account { reset: false, nonce: "n3".into() },
            Sealed::Code { nonce: "n4".into() },
            Sealed::Reply { game: "g1".into(), seat: 1, seq: 40 },
            Sealed::AddressLink { nonce: "n5".into() },
            Sealed::PrivacyPage,
        ];
        for s in &all {
            let text = format!("see {} and <a href=\"{}/mail\">", s.text(), s.text());
            let made = unseal_text(&text, &|x| if x == s { "LINK".into() } else { "WRONG".into() });
            assert_eq!(made, "see LINK and <a href=\"LINK/mail\">", "{s:?}");
        }
        let odd = "{{feldpost:seat:g1}} {{feldpost:nothing}} {{feldpost:seat:g:1:s";
        assert_eq!(unseal_text(odd, &|_| "LINK".into()), odd, "what only looks like one stays");
    }

    #[test]
    fn a_mail_makes_each_of_its_links_once_in_every_field() {
        let seat = Sealed::Seat { game: "g1".into(), seat: 2, salt: "s4lt".into() };
        let reply = Sealed::Reply { game: "g1".into(), seat: 2, seq: 7 };
        let mut row = OutboxRow::pending(
            "g1",
            7,
            "a@example.org",
            crate::store::MailKind::Turn,
            "s".into(),
            format!("open {} or {}; {{{{feldpost:odd}}}}", seat.text(), seat.text()),
            0,
        );
        row.body_html = Some(format!("<a href=\"{}\">", seat.text()));
        row.reply_to = Some(format!("play+{}@example.org", reply.text()));
        let asked = std::cell::Cell::new(0);
        unseal_row(&mut row, &|s| {
            asked.set(asked.get() + 1);
            if *s == seat { "SEAT".into() } else { format!("{s:?}").len().to_string() }
        });
        assert_eq!(row.body_text, "open SEAT or SEAT; {{feldpost:odd}}");
        assert_eq!(row.body_html.as_deref(), Some("<a href=\"SEAT\">"));
        assert!(row.reply_to.as_deref().is_some_and(|r| r.starts_with("play+") && !r.contains("feldpost")));
        assert_eq!(row.unsubscribe_url, None);
        assert_eq!(asked.get(), 2, "the seat's link and the reply tag, each made once");
    }
}
