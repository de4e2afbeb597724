//! Options chosen at creation: who is the German, the nations, the success formula, the time
//! limit and the dice (rules C1, C2, C4).

use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

use crate::{Msg, Refusal, Seat};

/// The five nations of prisoners, each an Escape Officer's team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    /// Blue.
    American,
    /// Red.
    British,
    /// Orange.
    Dutch,
    /// Brown.
    French,
    /// Green.
    Polish,
}

impl Nation {
    pub const ALL: [Nation; 5] =
        [Nation::American, Nation::British, Nation::Dutch, Nation::French, Nation::Polish];
    pub fn key(self) -> &'static str {
        match self {
            Nation::American => "american",
            Nation::British => "british",
            Nation::Dutch => "dutch",
            Nation::French => "french",
            Nation::Polish => "polish",
        }
    }
    pub fn colour(self) -> &'static str {
        match self {
            Nation::American => "blue",
            Nation::British => "red",
            Nation::Dutch => "orange",
            Nation::French => "brown",
            Nation::Polish => "green",
        }
    }
}

/// Which side a seat plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "side", content = "nation", rename_all = "snake_case")]
pub enum Role {
    /// The German Security Officer.
    German,
    /// An Escape Officer and his team.
    Escape(Nation),
}

/// How the game is won (C2). Escapes are part 2; the formula is agreed now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct Success {
    /// The first Escape Officer with this many escapes wins.
    #[cfg_attr(feature = "schema", schema(minimum = 1, maximum = 255))]
    pub escapes: u8,
}

impl Default for Success {
    fn default() -> Self {
        Success { escapes: 2 }
    }
}

/// The standard time limit (C2), in rounds, by number of players: chosen by simulation so that,
/// with sensible play, each side wins a fair share of games (docs/rules/colditz.md, "The time
/// limit"). More teams race for the formula, so fewer rounds give the German his chance.
pub fn standard_rounds(players: usize) -> u32 {
    match players {
        0..=2 => 60,
        3 => 40,
        4 => 40,
        5 => 45,
        _ => 45,
    }
}

/// When the German wins if no Escape Officer has reached the success formula (C2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum TimeLimit {
    /// The default: the standard number of rounds for this many players ([`standard_rounds`]).
    /// The number in force is written into the setup event, so that a later change of the
    /// standard changes no game already set up.
    #[default]
    Standard,
    /// No limit: only when chosen explicitly (`{"kind": "none"}`); the German then practically
    /// cannot win.
    None,
    /// After this many rounds (a round ends with the German's turn).
    Rounds(u32),
    /// At this date (ISO 8601); the server's clock judges it, the engine only records it.
    Date(String),
}

impl TimeLimit {
    /// The limit in rounds for this many players (`None`: no limit in rounds).
    pub fn rounds(&self, players: usize) -> Option<u32> {
        match self {
            TimeLimit::Standard => Some(standard_rounds(players)),
            TimeLimit::Rounds(n) => Some(*n),
            TimeLimit::None | TimeLimit::Date(_) => None,
        }
    }
}

/// Dice (C4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Dice {
    /// The server throws (seeded, provably fair).
    #[default]
    Seeded,
    /// The players throw real dice and type them.
    Manual,
}

/// JSON: `{"german": 0, "nations": ["british", ...], "success": {"escapes": 2},
/// "time_limit": {"kind": "rounds", "value": 40}, "dice": "seeded", "max_throws": 3}`; every
/// field may be left out (the time limit then is the standard number of rounds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct Options {
    /// The German Security Officer's seat.
    #[cfg_attr(feature = "schema", schema(value_type = u8, maximum = 255))]
    pub german: Seat,
    /// The Escape Officers' nations in seat order; empty: American, British, Dutch, French,
    /// Polish in that order.
    pub nations: Vec<Nation>,
    pub success: Success,
    pub time_limit: TimeLimit,
    pub dice: Dice,
    /// At most this many throws in a turn (doubles throw again); `None`: no cap.
    #[cfg_attr(feature = "schema", schema(minimum = 1, maximum = 255))]
    pub max_throws: Option<u8>,
    /// R51 variant: a failed Do or Die kills only the runner, not his whole team.
    pub do_or_die_only_him: bool,
    /// R51 variant: the runner must first stand on a light-green Do or Die circle.
    pub do_or_die_from_green: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            german: 0,
            nations: Vec::new(),
            success: Success::default(),
            time_limit: TimeLimit::default(),
            dice: Dice::Seeded,
            max_throws: None,
            do_or_die_only_him: false,
            do_or_die_from_green: false,
        }
    }
}

impl Options {
    pub fn seat_range() -> RangeInclusive<usize> {
        2..=6
    }

    /// The role of every seat.
    pub fn roles(&self, seats: usize) -> Vec<Role> {
        let mut nations = if self.nations.is_empty() { Nation::ALL.to_vec() } else { self.nations.clone() };
        nations.reverse();
        (0..seats)
            .map(|s| {
                if s == usize::from(self.german) {
                    Role::German
                } else {
                    Role::Escape(nations.pop().unwrap_or(Nation::Polish))
                }
            })
            .collect()
    }

    pub fn check(&self, seats: usize) -> Result<(), Refusal> {
        let bad = |key: &str| Err(Refusal::new("C1", Msg::new(format!("colditz-refusal-{key}"))));
        if !Self::seat_range().contains(&seats) {
            return bad("seats");
        }
        if usize::from(self.german) >= seats {
            return bad("german-seat");
        }
        if !self.nations.is_empty() {
            let mut sorted = self.nations.clone();
            sorted.sort();
            sorted.dedup();
            if self.nations.len() != seats - 1 || sorted.len() != self.nations.len() {
                return bad("nations");
            }
        }
        if self.success.escapes == 0 {
            return Err(Refusal::new("C2", Msg::new("colditz-refusal-success")));
        }
        if matches!(self.time_limit, TimeLimit::Rounds(0)) {
            return Err(Refusal::new("C2", Msg::new("colditz-refusal-time-limit")));
        }
        if self.max_throws == Some(0) {
            return Err(Refusal::new("C4", Msg::new("colditz-refusal-max-throws")));
        }
        Ok(())
    }
}
