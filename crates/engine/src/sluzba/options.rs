//! The options a table chooses at creation: who sits where, which deck, which variants.

use serde::{Deserialize, Serialize};

use super::key::Team;
use crate::{Msg, Refusal, Seat};

/// The most seats one table may have (the seed recommends four and allows "twelve or more").
pub const MAX_SEATS: usize = 40;

/// How many players share the table; the seed gives each shape its own seating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Table {
    /// Two teams, each with one coordinator and at least one member (the normal game).
    #[default]
    TwoTeams,
    /// Variant V4: two coordinators and a guesser who plays for both teams.
    ThreePlayers,
    /// Variant V5: one red team against a fictitious blue team run by the red coordinator.
    OneTeam,
}

/// The seat's part in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(tag = "role", content = "team", rename_all = "snake_case")]
pub enum SeatRole {
    /// Gives the clues and holds the key.
    Coordinator(Team),
    /// Guesses for the team.
    Member(Team),
    /// Variant V4: guesses for whichever team is in turn.
    SharedMember,
}

impl SeatRole {
    pub fn is_coordinator(self) -> bool {
        matches!(self, SeatRole::Coordinator(_))
    }

    /// Whether this seat guesses (and may stop) on `team`'s turn.
    pub fn guesses_for(self, team: Team) -> bool {
        match self {
            SeatRole::Member(own) => own == team,
            SeatRole::SharedMember => true,
            SeatRole::Coordinator(_) => false,
        }
    }
}

/// Which word deck the random deal (or the coordinators' choice) draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum DeckChoice {
    #[default]
    Czech,
    English,
    CzechThemed,
}

impl DeckChoice {
    /// The language of the deck's words (a BCP 47 tag, for the page's `lang`).
    pub fn lang(self) -> &'static str {
        match self {
            DeckChoice::Czech | DeckChoice::CzechThemed => "cs",
            DeckChoice::English => "en",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The shape of the table (normal game, three players, one team).
    pub table: Table,
    /// One role per seat, in seat order. Empty: assigned from the seat number (see
    /// [`Options::role_of`]), so a game can be created without listing roles.
    pub roles: Vec<SeatRole>,
    pub deck: DeckChoice,
    /// Rules S7 and S8: a clue is one word and does not contain its number. Off: fixed
    /// multi-word expressions and the number inside the clue are allowed.
    pub strict_clues: bool,
    /// Variant V1: coordinators may add a multi-word explanation to the clue, and they choose
    /// the 25 words instead of a random deal.
    pub easier: bool,
    /// Variant V2: rhymes are accepted, so the engine does not warn about them.
    pub rhymes_allowed: bool,
    /// Variant V3: words that sound alike count as the same word (výr = vír, plod = plot).
    pub homophones_by_sound: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            table: Table::TwoTeams,
            roles: Vec::new(),
            deck: DeckChoice::Czech,
            strict_clues: true,
            easier: false,
            rhymes_allowed: false,
            homophones_by_sound: false,
        }
    }
}

impl Options {
    /// The role of `seat`: from `roles` when given, otherwise by seat number. Automatic
    /// seating: seat 0 is the red coordinator, seat 1 the blue coordinator (none in the
    /// one-team game, where seat 1 is a red member); the remaining seats are members, red and
    /// blue alternately in the normal game, shared guessers with three players, red members in
    /// the one-team game.
    pub fn role_of(&self, seat: Seat) -> Option<SeatRole> {
        if !self.roles.is_empty() {
            return self.roles.get(usize::from(seat)).copied();
        }
        Some(match (self.table, seat) {
            (_, 0) => SeatRole::Coordinator(Team::Red),
            (Table::OneTeam, _) => SeatRole::Member(Team::Red),
            (_, 1) => SeatRole::Coordinator(Team::Blue),
            (Table::ThreePlayers, _) => SeatRole::SharedMember,
            (Table::TwoTeams, n) if n % 2 == 0 => SeatRole::Member(Team::Red),
            (Table::TwoTeams, _) => SeatRole::Member(Team::Blue),
        })
    }

    /// The roles of a table of `seats` seats.
    pub fn roles_for(&self, seats: usize) -> Vec<SeatRole> {
        (0..seats)
            .map(|seat| {
                Seat::try_from(seat)
                    .ok()
                    .and_then(|seat| self.role_of(seat))
                    // Only reached with options that check_options refuses; a member seat is
                    // the role that can do the least harm.
                    .unwrap_or(SeatRole::Member(Team::Red))
            })
            .collect()
    }

    /// The 1-based number of a member among the members of the same team (for seat labels).
    pub fn member_number(&self, seat: Seat) -> usize {
        let Some(role) = self.role_of(seat) else { return 0 };
        (0..=seat).filter(|&s| self.role_of(s) == Some(role)).count()
    }

    pub fn seat_range(&self) -> std::ops::RangeInclusive<usize> {
        if !self.roles.is_empty() {
            return self.roles.len()..=self.roles.len();
        }
        match self.table {
            Table::TwoTeams => 4..=MAX_SEATS,
            Table::ThreePlayers => 3..=MAX_SEATS,
            Table::OneTeam => 2..=MAX_SEATS,
        }
    }

    /// Refuse seatings that the chosen table shape does not allow.
    pub fn check(&self, seats: usize) -> Result<(), Refusal> {
        let rule = match self.table {
            Table::TwoTeams => "S1",
            Table::ThreePlayers => "V4",
            Table::OneTeam => "V5",
        };
        if !self.seat_range().contains(&seats) || seats > MAX_SEATS {
            return Err(Refusal::new(
                rule,
                Msg::new("sluzba-refusal-seat-count")
                    .num("seats", seats as i64)
                    .num("min", *self.seat_range().start() as i64)
                    .num("max", (*self.seat_range().end()).min(MAX_SEATS) as i64),
            ));
        }
        let roles = self.roles_for(seats);
        let count = |wanted: SeatRole| roles.iter().filter(|&&r| r == wanted).count() as i64;
        let red_coordinators = count(SeatRole::Coordinator(Team::Red));
        let blue_coordinators = count(SeatRole::Coordinator(Team::Blue));
        let red_members = count(SeatRole::Member(Team::Red));
        let blue_members = count(SeatRole::Member(Team::Blue));
        let shared = count(SeatRole::SharedMember);
        // (what must hold, the refusal if it does not)
        let requirements: Vec<(bool, &str)> = match self.table {
            Table::TwoTeams => vec![
                (red_coordinators == 1, "sluzba-refusal-one-red-coordinator"),
                (blue_coordinators == 1, "sluzba-refusal-one-blue-coordinator"),
                (red_members >= 1, "sluzba-refusal-red-members"),
                (blue_members >= 1, "sluzba-refusal-blue-members"),
                (shared == 0, "sluzba-refusal-shared-member-only-three"),
            ],
            Table::ThreePlayers => vec![
                (red_coordinators == 1, "sluzba-refusal-one-red-coordinator"),
                (blue_coordinators == 1, "sluzba-refusal-one-blue-coordinator"),
                (shared >= 1, "sluzba-refusal-shared-member-needed"),
                (red_members + blue_members == 0, "sluzba-refusal-three-players-team-members"),
            ],
            Table::OneTeam => vec![
                (red_coordinators == 1, "sluzba-refusal-one-red-coordinator"),
                (red_members >= 1, "sluzba-refusal-red-members"),
                (blue_coordinators + blue_members == 0, "sluzba-refusal-one-team-no-blue"),
                (shared == 0, "sluzba-refusal-shared-member-only-three"),
            ],
        };
        match requirements.into_iter().find(|(holds, _)| !holds) {
            Some((_, refusal)) => Err(Refusal::new(rule, Msg::new(refusal))),
            None => Ok(()),
        }
    }
}
