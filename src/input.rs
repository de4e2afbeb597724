//! What people type, parsed once at the boundary into types that cannot hold a bad value:
//! player names, game titles, email addresses (docs/architecture.md, "At the boundary: input
//! and errors").
//!
//! Every refusal is a [`Msg`], so it reaches the player in their language. Names and titles
//! refuse what would break a page, a mail or a database: control characters (CR and LF would
//! make extra lines in a mail, NUL is refused by Postgres), text made only of invisible
//! characters, and text longer than the limit. Addresses are checked as mail servers will.

use feldpost_engine::Msg;
use std::fmt;

/// Why typed text was refused (each has a Fluent message, `input-error-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputError {
    Empty,
    Invisible,
    Control,
    TooLong {
        max: usize,
    },
    NotAnEmail,
    /// A character that reorders the text around it (a bidirectional override, embedding or
    /// isolate): "gnp.exe" after a right-to-left override shows as "exe.png".
    Bidi,
    /// More than [`MAX_COMBINING`] combining marks on one character (text that spills over the
    /// lines around it).
    Combining,
}

/// The most combining marks one character may carry: enough for every language we know of
/// (Vietnamese stacks two), far below what floods a page.
pub const MAX_COMBINING: usize = 3;

/// Which field a refusal is about (its Fluent id names it in the message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    PlayerName,
    Title,
    Email,
    HostEmail,
    Claim,
    Reason,
    ChatLine,
}

impl Field {
    fn key(self) -> &'static str {
        match self {
            Field::PlayerName => "field-player-name",
            Field::Title => "field-title",
            Field::Email => "field-email",
            Field::HostEmail => "field-host-email",
            Field::Claim => "field-claim",
            Field::Reason => "field-reason",
            Field::ChatLine => "field-chat-line",
        }
    }
}

impl InputError {
    /// The refusal in words, naming the field and, for a name, what was typed.
    pub fn msg(self, field: Field) -> Msg {
        let m = match self {
            InputError::Empty => Msg::new("input-error-empty"),
            InputError::Invisible => Msg::new("input-error-invisible"),
            InputError::Control => Msg::new("input-error-control"),
            InputError::TooLong { max } => Msg::new("input-error-too-long").num("max", max as i64),
            InputError::NotAnEmail => Msg::new("input-error-email"),
            InputError::Bidi => Msg::new("input-error-bidi"),
            InputError::Combining => Msg::new("input-error-combining").num("max", MAX_COMBINING as i64),
        };
        m.key("field", field.key())
    }
}

/// Characters that draw nothing: a name made only of these would look empty on every page.
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}' // soft hyphen
                | '\u{034F}' // combining grapheme joiner
                | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
                | '\u{180E}' // Mongolian vowel separator
                | '\u{200B}'..='\u{200F}' // zero-width space, joiners, direction marks
                | '\u{202A}'..='\u{202E}' // bidirectional embeddings
                | '\u{2060}'..='\u{2064}' // word joiner, invisible operators
                | '\u{2066}'..='\u{2069}' // bidirectional isolates
                | '\u{2800}' // braille blank
                | '\u{FEFF}' // byte order mark
        )
}

/// The characters that change the direction text is shown in: embeddings, overrides and
/// isolates (and the Arabic letter mark). A name or title is shown among other text, so none
/// may hold one: an override turns what follows around, an unclosed isolate spills over.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{061C}')
}

/// Whether two players' names would be taken for one another: equal once compatibility forms
/// and case are folded ("Ａlena", "ALENA"), or of one skeleton by Unicode's confusables (TR39:
/// a Cyrillic "а" in "Аlena"). Two seats of one game may not have such names.
pub fn names_alike(a: &str, b: &str) -> bool {
    use unicode_normalization::UnicodeNormalization;
    let (na, nb) = (a.nfkc().collect::<String>(), b.nfkc().collect::<String>());
    let (la, lb) = (na.to_lowercase(), nb.to_lowercase());
    // Look-alikes in either case: "В" looks like "B" (its lower case "в" does not look like "b").
    la == lb
        || unicode_security::skeleton(&na).eq(unicode_security::skeleton(&nb))
        || unicode_security::skeleton(&la).eq(unicode_security::skeleton(&lb))
}

/// One line of text for people to read: trimmed, no control characters, something visible,
/// at most `max` characters as typed (white space around it included: what the API document
/// says, a JSON schema's `maxLength`, is what the server counts).
fn line(raw: &str, max: usize) -> Result<String, InputError> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(InputError::Empty);
    }
    if text.chars().any(char::is_control) {
        return Err(InputError::Control);
    }
    if text.chars().all(is_invisible) {
        return Err(InputError::Invisible);
    }
    if text.chars().any(is_bidi_control) {
        return Err(InputError::Bidi);
    }
    let mut marks = 0;
    for c in text.chars() {
        marks = if unicode_normalization::char::is_combining_mark(c) { marks + 1 } else { 0 };
        if marks > MAX_COMBINING {
            return Err(InputError::Combining);
        }
    }
    if raw.chars().count() > max {
        return Err(InputError::TooLong { max });
    }
    Ok(text.to_owned())
}

macro_rules! text_type {
    ($(#[$doc:meta])* $name:ident, $max:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            pub const MAX: usize = $max;
            pub fn parse(raw: &str) -> Result<Self, InputError> {
                line(raw, Self::MAX).map($name)
            }
            pub fn as_str(&self) -> &str {
                &self.0
            }
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

text_type!(
    /// A player's name as the table shows it.
    PlayerName,
    80
);
text_type!(
    /// A game's title.
    GameTitle,
    120
);

/// A mail address a mail server will take: lettre's parser, a local part of at most 64 octets
/// and at most 254 octets in all (RFC 5321).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct EmailAddress(String);

impl EmailAddress {
    pub const MAX: usize = 254;
    pub const MAX_LOCAL: usize = 64;

    pub fn parse(raw: &str) -> Result<Self, InputError> {
        let text = raw.trim();
        if text.is_empty() {
            return Err(InputError::Empty);
        }
        if text.chars().any(|c| c.is_control() || is_invisible(c)) {
            return Err(InputError::NotAnEmail);
        }
        if text.len() > Self::MAX {
            return Err(InputError::TooLong { max: Self::MAX });
        }
        let address: lettre::Address = text.parse().map_err(|_| InputError::NotAnEmail)?;
        if address.user().len() > Self::MAX_LOCAL || !address.domain().contains('.') {
            return Err(InputError::NotAnEmail);
        }
        Ok(EmailAddress(text.to_owned()))
    }

    /// Empty text is no address; anything else must be one.
    pub fn parse_optional(raw: &str) -> Result<Option<Self>, InputError> {
        if raw.trim().is_empty() { Ok(None) } else { Self::parse(raw).map(Some) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Free text of several lines (a dispute's claim, a ruling's reason): no control characters
/// but line breaks and tabs, at most `max` characters; empty is allowed where `required` is not.
pub fn paragraph(raw: &str, max: usize, required: bool) -> Result<String, InputError> {
    let text = raw.trim();
    if text.is_empty() {
        return if required { Err(InputError::Empty) } else { Ok(String::new()) };
    }
    if text.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
        return Err(InputError::Control);
    }
    if text.chars().all(is_invisible) {
        return if required { Err(InputError::Invisible) } else { Ok(String::new()) };
    }
    if text.chars().count() > max {
        return Err(InputError::TooLong { max });
    }
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_would_be_taken_for_one_another_are_alike() {
        for (a, b) in [("Bob", "BOB"), ("Bob", "Ｂob"), ("Bob", "Вob"), ("Alena", "Аlena"), ("Ivan", "lvan")]
        {
            assert!(names_alike(a, b), "{a} / {b}");
        }
        for (a, b) in [("Bob", "Rob"), ("Alena", "Alenka"), ("Đặng", "Dang"), ("Ярослава", "Ярослав")]
        {
            assert!(!names_alike(a, b), "{a} / {b}");
        }
        assert_eq!(PlayerName::parse("a\u{202E}b"), Err(InputError::Bidi));
        assert_eq!(PlayerName::parse("a\u{2066}b"), Err(InputError::Bidi));
        assert_eq!(PlayerName::parse("e\u{301}\u{302}\u{303}\u{304}"), Err(InputError::Combining));
        assert!(PlayerName::parse("e\u{301}\u{302}\u{303}").is_ok(), "three marks are a letter still");
    }

    #[test]
    fn names_are_trimmed_and_refuse_what_would_break_a_page_or_a_mail() {
        assert_eq!(PlayerName::parse("  Radka ").unwrap().as_str(), "Radka");
        assert_eq!(PlayerName::parse("Jiří Novák").unwrap().as_str(), "Jiří Novák");
        assert_eq!(PlayerName::parse("   "), Err(InputError::Empty));
        assert_eq!(PlayerName::parse("\u{200B}\u{200B}"), Err(InputError::Invisible));
        assert_eq!(PlayerName::parse("\u{FEFF} \u{2060}"), Err(InputError::Invisible));
        assert_eq!(PlayerName::parse("Eve\nBcc: x@example.org"), Err(InputError::Control));
        assert_eq!(PlayerName::parse("Eve\r"), Ok(PlayerName("Eve".into())), "trailing CR is trimmed");
        assert_eq!(PlayerName::parse("E\rve"), Err(InputError::Control));
        assert_eq!(PlayerName::parse("nul\0byte"), Err(InputError::Control));
        assert_eq!(PlayerName::parse(&"x".repeat(80)).unwrap().as_str().len(), 80);
        assert_eq!(PlayerName::parse(&"x".repeat(81)), Err(InputError::TooLong { max: 80 }));
        assert_eq!(
            PlayerName::parse(&format!("{} ", "x".repeat(80))),
            Err(InputError::TooLong { max: 80 }),
            "counted as typed"
        );
        // Characters, not bytes: 80 Czech letters fit.
        assert!(PlayerName::parse(&"ř".repeat(80)).is_ok());
        assert_eq!(GameTitle::parse(&"t".repeat(121)), Err(InputError::TooLong { max: 120 }));
    }

    #[test]
    fn addresses_are_checked_as_mail_servers_will() {
        assert_eq!(EmailAddress::parse(" amy@example.org ").unwrap().as_str(), "amy@example.org");
        for bad in ["amy", "amy@", "@example.org", "amy@@example.org", "a my@example.org", "amy@localhost"] {
            assert_eq!(EmailAddress::parse(bad), Err(InputError::NotAnEmail), "{bad}");
        }
        assert_eq!(EmailAddress::parse("amy\0@example.org"), Err(InputError::NotAnEmail));
        assert_eq!(EmailAddress::parse("amy@example.org\nBcc: x@y.z"), Err(InputError::NotAnEmail));
        let long_local = format!("{}@example.org", "a".repeat(65));
        assert_eq!(EmailAddress::parse(&long_local), Err(InputError::NotAnEmail));
        assert!(EmailAddress::parse(&format!("{}@example.org", "a".repeat(64))).is_ok());
        let too_long = format!("a@{}.org", "b".repeat(250));
        assert_eq!(EmailAddress::parse(&too_long), Err(InputError::TooLong { max: 254 }));
        assert_eq!(EmailAddress::parse_optional("  "), Ok(None));
    }

    #[test]
    fn paragraphs_keep_their_line_breaks_but_no_other_control_characters() {
        assert_eq!(paragraph("a\nb", 10, true).unwrap(), "a\nb");
        assert_eq!(paragraph("a\u{7}b", 10, true), Err(InputError::Control));
        assert_eq!(paragraph("", 10, true), Err(InputError::Empty));
        assert_eq!(paragraph("", 10, false), Ok(String::new()));
        assert_eq!(paragraph(&"x".repeat(11), 10, false), Err(InputError::TooLong { max: 10 }));
    }
}

/// JSON objects only, where a request has a struct: serde would also read a struct from an
/// array of its fields in order (`"deadline": [72, null]`), which no client means and the API
/// document does not allow. For `#[serde(deserialize_with = …)]`.
pub mod object {
    use serde::de::{Deserialize, DeserializeOwned, Deserializer, Error};
    use serde_json::Value;

    fn one<T: DeserializeOwned, E: Error>(v: Value) -> Result<T, E> {
        if !v.is_object() {
            return Err(E::custom(format!("expected an object, not {v}")));
        }
        T::deserialize(v).map_err(E::custom)
    }

    pub fn one_object<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<T, D::Error> {
        one(Value::deserialize(d)?)
    }

    pub fn objects<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<Vec<T>, D::Error> {
        Vec::<Value>::deserialize(d)?.into_iter().map(one).collect()
    }
}

/// Whole numbers in JSON requests, written as `7` or as `7.0` (JSON Schema calls both an
/// integer, so a client that follows the API document may send either). For
/// `#[serde(deserialize_with = …)]`.
pub mod whole {
    use serde::de::{Deserialize, Deserializer, Error};

    fn from_number<'de, D: Deserializer<'de>, T: TryFrom<u64>>(d: D) -> Result<T, D::Error> {
        let n = serde_json::Number::deserialize(d)?;
        let v = match (n.as_u64(), n.as_f64()) {
            (Some(v), _) => v,
            (None, Some(f)) if f >= 0.0 && f.fract() == 0.0 && f <= u64::MAX as f64 => f as u64,
            _ => return Err(D::Error::custom(format!("{n} is not a whole number of the range"))),
        };
        T::try_from(v).map_err(|_| D::Error::custom(format!("{n} is out of range")))
    }

    pub fn u64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        from_number(d)
    }

    pub fn u32<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        from_number(d)
    }

    pub fn opt_u32<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
        #[derive(serde::Deserialize)]
        struct W(#[serde(deserialize_with = "u32")] u32);
        Ok(Option::<W>::deserialize(d)?.map(|w| w.0))
    }

    #[cfg(test)]
    mod tests {
        #[derive(serde::Deserialize, Debug)]
        struct T {
            #[serde(deserialize_with = "super::u64")]
            n: u64,
            #[serde(default, deserialize_with = "super::opt_u32")]
            o: Option<u32>,
        }

        #[test]
        fn whole_numbers_written_either_way_are_read_and_others_refused() {
            let t: T = serde_json::from_str(r#"{"n": 96.0, "o": 3}"#).unwrap();
            assert_eq!((t.n, t.o), (96, Some(3)));
            let t: T = serde_json::from_str(r#"{"n": 7, "o": null}"#).unwrap();
            assert_eq!((t.n, t.o), (7, None));
            for bad in [r#"{"n": 1.5}"#, r#"{"n": -1}"#, r#"{"n": 1, "o": 5000000000}"#, r#"{"n": "1"}"#] {
                assert!(serde_json::from_str::<T>(bad).is_err(), "{bad}");
            }
        }
    }
}

/// An IANA time zone's name (`Europe/Prague`, `Asia/Vladivostok`, `UTC`) that the time zone
/// database compiled into the server knows, as that database spells it. A player's deadlines
/// are stated in it (`crate::i18n::Tr::deadline`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct TimeZoneName(String);

impl TimeZoneName {
    /// The longest name taken (the database's longest is 32 characters).
    pub const MAX: usize = 64;

    /// A name as typed (any case: `europe/prague` is Europe/Prague); refused with a message
    /// that repeats what was typed and shows the form of a name.
    pub fn parse(raw: &str) -> Result<Self, Msg> {
        let text = raw.trim();
        let refused = || {
            let shown: String = text.chars().filter(|c| !c.is_control()).take(Self::MAX).collect();
            Msg::new("input-error-time-zone").text("zone", shown)
        };
        // Only the letters of the database's names: no path (`../`), no POSIX rule, no `:`.
        if text.is_empty()
            || text.len() > Self::MAX
            || !text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'-' | b'+'))
            || text.starts_with('/')
            || text.contains("..")
        {
            return Err(refused());
        }
        let zone = jiff::tz::db().get(text).map_err(|_| refused())?;
        Ok(TimeZoneName(zone.iana_name().unwrap_or(text).to_owned()))
    }

    /// Empty text is no zone (the account's, else UTC); anything else must be one.
    pub fn parse_optional(raw: &str) -> Result<Option<Self>, Msg> {
        if raw.trim().is_empty() { Ok(None) } else { Self::parse(raw).map(Some) }
    }

    /// A name as the store keeps it (parsed on its way in); `None` if the database no longer
    /// knows it.
    pub fn from_stored(text: &str) -> Option<Self> {
        Self::parse(text).ok()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The zone's rules, from the compiled-in database.
    pub fn zone(&self) -> jiff::tz::TimeZone {
        jiff::tz::db().get(&self.0).unwrap_or(jiff::tz::TimeZone::UTC)
    }
}

impl fmt::Display for TimeZoneName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
