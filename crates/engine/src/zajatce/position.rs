//! A position carried over from a real table (rule Z19): where each stone stands, as the
//! players enter it, checked for legality and turned into the game's state.
//!
//! The players name the place of every stone that is not in its owner's reserve; a stone not
//! named waits in reserve. A stone "with" another stone rides in that stone's group: as a free
//! member if it is of the leader's colour, as a prisoner otherwise (rules Z8–Z10 allow nothing
//! else). The throws counted towards Z16 and Z17 start again from the entered position.

use serde::{Deserialize, Serialize};

use super::board::{STONES_PER_PLAYER, TRACK_FIELDS, corners};
use super::state::{Player, State, StoneId, Turn, Unit};
use super::{Options, rule};
use crate::{Msg, Refusal, Seat};

/// What lies on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Every stone not in its owner's reserve, and where it is.
    #[serde(default)]
    pub stones: Vec<Placed>,
    /// The seat that throws next.
    pub to_move: Seat,
    /// Z12 had begun at the table (it stays on once begun, so the players say so). It is on
    /// anyway when every player still in has a single free stone.
    #[serde(default)]
    pub backward_phase: bool,
}

/// One stone and its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    pub stone: StoneId,
    pub at: At,
}

/// Where a stone is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "place", rename_all = "snake_case")]
pub enum At {
    /// In its owner's reserve (the same as not naming it).
    Reserve,
    /// On track field `field` (0–39), leading its own group.
    Field { field: u8 },
    /// In the group led by `leader` (a stone on a field).
    With { leader: StoneId },
    /// In the prison camp of `seat`.
    Camp { seat: Seat },
}

fn refuse(key: &str) -> Refusal {
    Refusal::new(rule::POSITION, Msg::new(key))
}

fn stone_msg(key: &str, stone: StoneId) -> Refusal {
    let mut r = refuse(key);
    r.reason = r.reason.seat("seat", stone.seat).num("number", stone.number);
    r
}

impl Position {
    /// Whether play could stand here: stones and places that exist, each stone once, groups
    /// led by stones on the track, no two colours on one field (a move ending there would have
    /// taken the other prisoner), at least two players with a free stone, and the seat to move
    /// one of them.
    pub fn check(&self, seats: usize) -> Result<(), Refusal> {
        let mut seen = std::collections::BTreeSet::new();
        for p in &self.stones {
            let s = p.stone;
            if usize::from(s.seat) >= seats || !(1..=STONES_PER_PLAYER).contains(&s.number) {
                return Err(stone_msg("zajatce-position-stone-unknown", s));
            }
            if !seen.insert(s) {
                return Err(stone_msg("zajatce-position-stone-twice", s));
            }
        }
        for p in &self.stones {
            match p.at {
                At::Reserve => {}
                At::Field { field } => {
                    if field >= TRACK_FIELDS {
                        return Err(stone_msg("zajatce-position-field-unknown", p.stone)
                            .num("field", i64::from(field) + 1));
                    }
                }
                At::With { leader } => {
                    let leads = self
                        .stones
                        .iter()
                        .any(|q| q.stone == leader && q.stone != p.stone && matches!(q.at, At::Field { .. }));
                    if !leads {
                        return Err(stone_msg("zajatce-position-leader-not-on-track", p.stone));
                    }
                }
                At::Camp { seat } => {
                    if usize::from(seat) >= seats || seat == p.stone.seat {
                        return Err(stone_msg("zajatce-position-camp-wrong", p.stone));
                    }
                }
            }
        }
        let mut owners_by_field: std::collections::BTreeMap<u8, Seat> = Default::default();
        for p in &self.stones {
            if let At::Field { field } = p.at
                && let Some(other) = owners_by_field.insert(field, p.stone.seat)
                && other != p.stone.seat
            {
                return Err(refuse("zajatce-position-field-shared").num("field", i64::from(field) + 1));
            }
        }
        let state = self.state(&Options::default(), seats);
        if state.active_seats().count() < 2 {
            return Err(refuse("zajatce-position-over"));
        }
        if usize::from(self.to_move) >= seats || state.free_stones(self.to_move) == 0 {
            return Err(refuse("zajatce-position-to-move"));
        }
        Ok(())
    }

    /// The game's state at this position. Never panics, even on a position [`Position::check`]
    /// refuses (what cannot be placed stays in reserve); only checked positions are recorded.
    pub fn state(&self, options: &Options, seats: usize) -> State {
        let mut players: Vec<Player> = corners(seats)
            .into_iter()
            .map(|corner| Player {
                corner,
                reserve: Vec::new(),
                camp: Vec::new(),
                eliminated: false,
                conceded: false,
            })
            .collect();
        let place_of = |stone: StoneId| {
            self.stones.iter().find(|p| p.stone == stone).map(|p| p.at).unwrap_or(At::Reserve)
        };
        let mut units: Vec<Unit> = Vec::new();
        for p in &self.stones {
            if let At::Field { field } = p.at
                && usize::from(p.stone.seat) < players.len()
                && !units.iter().any(|u| u.leader == p.stone)
            {
                units.push(Unit {
                    field: field % TRACK_FIELDS,
                    leader: p.stone,
                    members: vec![],
                    prisoners: vec![],
                });
            }
        }
        for (seat, player) in players.iter_mut().enumerate() {
            for number in 1..=STONES_PER_PLAYER {
                let stone = StoneId::new(seat as Seat, number);
                match place_of(stone) {
                    At::Field { .. } => {}
                    At::With { leader } => {
                        match units.iter_mut().find(|u| u.leader == leader && leader != stone) {
                            Some(unit) if unit.leader.seat == stone.seat => unit.members.push(stone),
                            Some(unit) => unit.prisoners.push(stone),
                            None => player.reserve.push(stone),
                        }
                    }
                    At::Camp { seat: camp } if usize::from(camp) < seats && camp != stone.seat => {}
                    _ => player.reserve.push(stone),
                }
            }
        }
        for p in &self.stones {
            if let At::Camp { seat } = p.at
                && usize::from(seat) < players.len()
                && usize::from(p.stone.seat) < players.len()
                && seat != p.stone.seat
                && usize::from(p.stone.number) <= usize::from(STONES_PER_PLAYER)
                && p.stone.number >= 1
            {
                players[usize::from(seat)].camp.push(p.stone);
            }
        }
        units.sort_by_key(|u| (u.field, u.leader));
        let mut state = State::new(options, seats);
        state.players = players;
        state.units = units;
        for seat in 0..seats {
            let out = state.free_stones(seat as Seat) == 0;
            state.players[seat].eliminated = out;
        }
        let active: Vec<Seat> = state.active_seats().collect();
        state.backward_phase =
            self.backward_phase || (active.len() > 1 && active.iter().all(|&s| state.free_stones(s) == 1));
        let to_move =
            if active.contains(&self.to_move) { self.to_move } else { active.first().copied().unwrap_or(0) };
        state.turn = Turn::Roll { seat: to_move };
        state
    }
}

/// A refusal with one more number for its message (fields counted from 1, as the board shows them).
trait WithNum {
    fn num(self, name: &str, n: i64) -> Self;
}

impl WithNum for Refusal {
    fn num(mut self, name: &str, n: i64) -> Self {
        self.reason = self.reason.num(name, n);
        self
    }
}
