//! Colours, the secret key, and its SHA-256 commitment.
//!
//! Commitment format (docs/rules/sluzba.md, "The key's commitment"): the lowercase hex SHA-256
//! of the ASCII text `sluzba-key:<KEY>:<SALT>`, where `<KEY>` is the 25 colours of the grid in
//! reading order (row by row, left to right) as the letters R (red), B (blue), N (bystander,
//! "náhodný kolemjdoucí"), P (pursuer), and `<SALT>` is 64 lowercase hex digits (32 random
//! bytes). Only 25!/(9!·8!·7!·1!) ≈ 8·10^12 keys exist, so without the salt anyone could try
//! them all against the commitment; with it, the commitment says nothing until the reveal.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

use crate::random::{Random, shuffle};

/// The number of word cards on the table (a 5×5 grid).
pub const GRID_CARDS: usize = 25;
/// Cards per row of the grid.
pub const GRID_SIDE: usize = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Team {
    Red,
    Blue,
}

impl Team {
    pub fn other(self) -> Team {
        match self {
            Team::Red => Team::Blue,
            Team::Blue => Team::Red,
        }
    }

    pub fn colour(self) -> Colour {
        match self {
            Team::Red => Colour::Red,
            Team::Blue => Colour::Blue,
        }
    }

    /// How many cards of the team the key holds: the starting team (red) has one more.
    pub fn cards(self) -> usize {
        match self {
            Team::Red => 9,
            Team::Blue => 8,
        }
    }
}

/// What the key says is under a word card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Blue,
    Bystander,
    Pursuer,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Bystander, Colour::Pursuer];

    /// The letter of the colour in the key's canonical text.
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Blue => 'B',
            Colour::Bystander => 'N',
            Colour::Pursuer => 'P',
        }
    }

    pub fn from_letter(letter: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.letter() == letter)
    }

    /// How many cards of this colour every key holds (9 red, 8 blue, 7 bystanders, 1 pursuer).
    pub fn count(self) -> usize {
        match self {
            Colour::Red => Team::Red.cards(),
            Colour::Blue => Team::Blue.cards(),
            Colour::Bystander => 7,
            Colour::Pursuer => 1,
        }
    }

    pub fn team(self) -> Option<Team> {
        match self {
            Colour::Red => Some(Team::Red),
            Colour::Blue => Some(Team::Blue),
            Colour::Bystander | Colour::Pursuer => None,
        }
    }
}

/// The secret key: the colour under each of the 25 grid positions, in reading order. A `Key`
/// always holds exactly 9/8/7/1 cards of the four colours (construction checks it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key([Colour; GRID_CARDS]);

impl Key {
    /// Parse the canonical text (25 letters R/B/N/P, with the right count of each).
    pub fn from_letters(text: &str) -> Result<Key, String> {
        let colours: Vec<Colour> = text
            .chars()
            .map(|c| Colour::from_letter(c).ok_or_else(|| format!("{c:?} is not a key letter")))
            .collect::<Result<_, _>>()?;
        let colours: [Colour; GRID_CARDS] = colours
            .try_into()
            .map_err(|v: Vec<Colour>| format!("a key has {GRID_CARDS} letters, not {}", v.len()))?;
        for colour in Colour::ALL {
            let n = colours.iter().filter(|&&c| c == colour).count();
            if n != colour.count() {
                return Err(format!("a key has {} {colour:?} cards, not {n}", colour.count()));
            }
        }
        Ok(Key(colours))
    }

    /// A uniformly random key: the 25 colours shuffled.
    pub fn draw(rng: &mut dyn Random) -> Key {
        let mut colours: Vec<Colour> =
            Colour::ALL.into_iter().flat_map(|c| std::iter::repeat_n(c, c.count())).collect();
        shuffle(&mut colours, rng);
        Key(colours.try_into().expect("the colour counts add up to 25"))
    }

    /// The canonical text: one letter per card in reading order.
    pub fn letters(&self) -> String {
        self.0.iter().map(|c| c.letter()).collect()
    }

    pub fn colour(&self, card: usize) -> Colour {
        self.0[card]
    }

    pub fn colours(&self) -> &[Colour; GRID_CARDS] {
        &self.0
    }

    /// A key from its 25 colours (refused unless the counts are 9/8/7/1).
    pub fn with_colours(colours: [Colour; GRID_CARDS]) -> Result<Key, String> {
        Key::from_letters(&colours.iter().map(|c| c.letter()).collect::<String>())
    }
}

impl Serialize for Key {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.letters())
    }
}

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Key::from_letters(&text).map_err(serde::de::Error::custom)
    }
}

/// 32 random bytes as 64 lowercase hex digits.
pub fn draw_salt(rng: &mut dyn Random) -> String {
    let bytes: Vec<u8> = (0..32).map(|_| rng.below(256) as u8).collect();
    hex::encode(bytes)
}

/// The text whose SHA-256 is the commitment.
pub fn commitment_preimage(key_letters: &str, salt: &str) -> String {
    format!("sluzba-key:{key_letters}:{salt}")
}

/// The public commitment to `key` under `salt`: lowercase hex SHA-256 of the preimage.
pub fn commitment(key: &Key, salt: &str) -> String {
    hex::encode(Sha256::digest(commitment_preimage(&key.letters(), salt).as_bytes()))
}

/// Check a revealed key against the commitment published at the start: `key_letters` is the
/// revealed key's text (25 letters), `salt` the revealed salt. True only if the key is a
/// well-formed key and the hash matches (hex compared case-insensitively).
pub fn verify_commitment(commitment_hex: &str, key_letters: &str, salt: &str) -> bool {
    match Key::from_letters(key_letters) {
        Ok(key) => self::commitment(&key, salt).eq_ignore_ascii_case(commitment_hex.trim()),
        Err(_) => false,
    }
}
