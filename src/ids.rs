//! The names the server gives things, as types: a game's id and a seat's link token. Each is
//! parsed where it comes in (a URL's path, a bearer token, a reply's address) and cannot be
//! mistaken for the other past that point: a function that takes a game's id cannot be handed
//! a token (docs/architecture.md, "At the boundary").

use serde::{Deserialize, Serialize};
use std::fmt;

/// A game's id: short and alphanumeric (see [`crate::secret::plausible_id`]).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GameId(String);

impl GameId {
    /// An id as a request names it; `None` when no game could have it.
    pub fn parse(text: &str) -> Option<GameId> {
        crate::secret::plausible_id(text).then(|| GameId(text.to_owned()))
    }

    /// An id as the store keeps it (every stored id was parsed on its way in).
    pub fn from_stored(text: String) -> GameId {
        GameId(text)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for GameId {
    type Error = String;
    fn try_from(text: String) -> Result<GameId, String> {
        GameId::parse(&text).ok_or_else(|| format!("{text:?} is not a game's id"))
    }
}

impl From<GameId> for String {
    fn from(id: GameId) -> String {
        id.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Read as the text it is wherever text is taken (SQL parameters, URLs, log lines); only a
/// parsed id is a `GameId`.
impl std::ops::Deref for GameId {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for GameId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for GameId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for GameId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for GameId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<GameId> for &str {
    fn eq(&self, other: &GameId) -> bool {
        *self == other.0
    }
}

impl PartialEq<GameId> for str {
    fn eq(&self, other: &GameId) -> bool {
        self == other.0
    }
}

impl PartialEq<String> for GameId {
    fn eq(&self, other: &String) -> bool {
        &self.0 == other
    }
}

impl PartialEq<GameId> for String {
    fn eq(&self, other: &GameId) -> bool {
        *self == other.0
    }
}

/// A seat's bearer token: the secret part of its link, made by the server's key (hex, short).
/// Only its hash is stored.
#[derive(Clone, PartialEq, Eq)]
pub struct SeatToken(String);

impl SeatToken {
    /// The longest token taken: anything longer names no seat and is not hashed.
    pub const MAX: usize = 128;

    /// A token as a request carries it; `None` when no seat could have it.
    pub fn parse(text: &str) -> Option<SeatToken> {
        (!text.is_empty() && text.len() <= Self::MAX && text.bytes().all(|b| b.is_ascii_alphanumeric()))
            .then(|| SeatToken(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the store keeps of it.
    pub fn hash(&self) -> String {
        crate::secret::token_hash(&self.0)
    }
}

/// A token is a password: never printed whole.
impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SeatToken({}…)", self.0.get(..4).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens_are_parsed_where_they_come_in() {
        assert_eq!(GameId::parse("abc123").unwrap().as_str(), "abc123");
        for bad in ["", "a b", "a/b", "ab\0", &"a".repeat(65)] {
            assert!(GameId::parse(bad).is_none(), "{bad:?}");
        }
        assert!(SeatToken::parse("0f3a").is_some());
        for bad in ["", "x y", "../x", &"a".repeat(129)] {
            assert!(SeatToken::parse(bad).is_none(), "{bad:?}");
        }
        assert_eq!(format!("{:?}", SeatToken::parse("abcdef012345").unwrap()), "SeatToken(abcd…)");
    }
}
