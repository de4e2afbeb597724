//! The position of a game of Na zajatce, and how events change it.

use serde::{Deserialize, Serialize};

use super::board::{self, STONES_PER_PLAYER};
use super::{EndReason, Event, Options};
use crate::Seat;

/// One stone: its owner's seat and its number (1–5) among that player's stones. Stones of one
/// colour are alike under the rules; the number only lets actions and the history name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct StoneId {
    pub seat: Seat,
    pub number: u8,
}

impl StoneId {
    pub fn new(seat: Seat, number: u8) -> Self {
        StoneId { seat, number }
    }
}

/// A free stone on the track with everything it carries: the seed's "stone that leads
/// prisoners". Stones of one player that merely share a field stay separate units.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Track field, 0–39.
    pub field: u8,
    /// The free stone that moves the unit and owns its prisoners.
    pub leader: StoneId,
    /// Freed stones of the leader's colour riding along (rule Z10); each may leave on its own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<StoneId>,
    /// Captured stones of other colours (rules Z8, Z9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prisoners: Vec<StoneId>,
}

impl Unit {
    pub fn owner(&self) -> Seat {
        self.leader.seat
    }
    /// Every stone in the unit, leader first.
    pub fn stones(&self) -> impl Iterator<Item = StoneId> + '_ {
        std::iter::once(self.leader).chain(self.members.iter().copied()).chain(self.prisoners.iter().copied())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Board corner (0–3) this seat plays from.
    pub corner: u8,
    /// Free stones waiting off the board, sorted by number.
    pub reserve: Vec<StoneId>,
    /// Prisoners brought home, in order of arrival. They never move again (rule Z11).
    pub camp: Vec<StoneId>,
    /// Out of the game (rule Z13): no free stone left, or conceded (Z18).
    pub eliminated: bool,
    /// Z18: left the game by conceding (then `eliminated` too).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub conceded: bool,
}

impl Player {
    pub fn start_field(&self) -> u8 {
        board::start_field(self.corner)
    }
    pub fn home_entrance(&self) -> u8 {
        board::home_entrance(self.corner)
    }
}

/// Whose decision the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Turn {
    /// Before the setup event.
    Setup,
    /// `seat` must throw the die.
    Roll { seat: Seat },
    /// `seat` threw `die` and must choose how to use it.
    Move { seat: Seat, die: u8 },
    /// The game has ended.
    Over,
}

/// The last stone moved, for the board's mark: by whom, from which field (`None`: it was put
/// on its start field from the reserve) to which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastStep {
    pub seat: Seat,
    pub from: Option<u8>,
    pub to: u8,
}

/// The last throw, for the board's die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Throw {
    pub seat: Seat,
    pub die: u8,
}

/// How the game ended, as recorded by the final event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    pub reason: EndReason,
    /// Prisoners in each seat's camp at the end.
    pub prisoners: Vec<u8>,
    pub winners: Vec<Seat>,
}

/// Where a stone is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Reserve,
    /// In the camp of the given seat.
    Camp(Seat),
    /// Leads the unit at this index of `State::units`.
    Leader(usize),
    /// Free member of the unit at this index.
    Member(usize),
    /// Prisoner in the unit at this index.
    Prisoner(usize),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub players: Vec<Player>,
    /// Units on the track, kept sorted by (field, leader) so that equal positions compare equal.
    pub units: Vec<Unit>,
    pub turn: Turn,
    pub last_throw: Option<Throw>,
    /// The last stone moved (public: every move is).
    #[serde(default)]
    pub last_step: Option<LastStep>,
    /// Rule Z12: once on, it stays on.
    pub backward_phase: bool,
    /// Throws made so far (rule Z17).
    pub throws: u32,
    /// Throws since the last capture or homecoming (rule Z16).
    pub quiet_throws: u32,
    pub ending: Option<Ending>,
}

impl State {
    /// Everybody's stones in reserve, nothing on the track: the setup event places the first.
    pub fn new(options: &Options, seats: usize) -> Self {
        let players = board::corners(seats)
            .into_iter()
            .enumerate()
            .map(|(seat, corner)| Player {
                corner,
                reserve: (1..=STONES_PER_PLAYER).map(|n| StoneId::new(seat as Seat, n)).collect(),
                camp: Vec::new(),
                eliminated: false,
                conceded: false,
            })
            .collect();
        State {
            options: options.clone(),
            players,
            units: Vec::new(),
            turn: Turn::Setup,
            last_throw: None,
            last_step: None,
            backward_phase: false,
            throws: 0,
            quiet_throws: 0,
            ending: None,
        }
    }

    pub fn seats(&self) -> usize {
        self.players.len()
    }

    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players.get(usize::from(seat))
    }

    pub fn locate(&self, stone: StoneId) -> Option<Place> {
        for (i, unit) in self.units.iter().enumerate() {
            if unit.leader == stone {
                return Some(Place::Leader(i));
            }
            if unit.members.contains(&stone) {
                return Some(Place::Member(i));
            }
            if unit.prisoners.contains(&stone) {
                return Some(Place::Prisoner(i));
            }
        }
        if self.player(stone.seat).is_some_and(|p| p.reserve.contains(&stone)) {
            return Some(Place::Reserve);
        }
        self.players.iter().position(|p| p.camp.contains(&stone)).map(|owner| Place::Camp(owner as Seat))
    }

    pub fn unit_led_by(&self, stone: StoneId) -> Option<&Unit> {
        self.units.iter().find(|u| u.leader == stone)
    }

    /// Free stones of `seat`: leaders and free members on the track, and the reserve. A stone
    /// in reserve is free (the seed sends a leader back there after a homecoming and still calls
    /// it a free stone), so a player is out only when every stone is a prisoner.
    pub fn free_stones(&self, seat: Seat) -> usize {
        let on_track: usize =
            self.units.iter().filter(|u| u.owner() == seat).map(|u| 1 + u.members.len()).sum();
        on_track + self.player(seat).map_or(0, |p| p.reserve.len())
    }

    /// Seats not yet out of the game.
    pub fn active_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.players.iter().enumerate().filter(|(_, p)| !p.eliminated).map(|(s, _)| s as Seat)
    }

    /// The next seat after `seat`, clockwise in seat order, that is still in the game.
    pub fn next_active_seat(&self, seat: Seat) -> Seat {
        let n = self.seats();
        (1..=n)
            .map(|k| ((usize::from(seat) + k) % n) as Seat)
            .find(|&s| !self.players[usize::from(s)].eliminated)
            .unwrap_or(seat)
    }

    /// The seat whose decision the game waits for.
    pub fn seat_to_act(&self) -> Option<Seat> {
        match self.turn {
            Turn::Roll { seat } | Turn::Move { seat, .. } => Some(seat),
            Turn::Setup | Turn::Over => None,
        }
    }

    /// Fold one event into the position. Never fails: the event records what happened, and
    /// applying it moves exactly the stones it names.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::Started { first } => {
                for seat in 0..self.seats() {
                    let stone = StoneId::new(seat as Seat, 1);
                    let field = self.players[seat].start_field();
                    self.take_from_reserve(stone);
                    self.units.push(Unit {
                        field,
                        leader: stone,
                        members: Vec::new(),
                        prisoners: Vec::new(),
                    });
                }
                self.turn = Turn::Roll { seat: *first };
            }
            Event::Rolled { seat, die } => {
                self.turn = Turn::Move { seat: *seat, die: *die };
                self.last_throw = Some(Throw { seat: *seat, die: *die });
                self.throws += 1;
                self.quiet_throws += 1;
            }
            Event::Entered { seat, stone, field } => {
                self.last_step = Some(LastStep { seat: *seat, from: None, to: *field });
                self.take_from_reserve(*stone);
                self.units.push(Unit {
                    field: *field,
                    leader: *stone,
                    members: Vec::new(),
                    prisoners: Vec::new(),
                });
            }
            Event::Moved { seat, stone, to, leaving, from, .. } => {
                self.last_step = Some(LastStep { seat: *seat, from: Some(*from), to: *to });
                if *leaving {
                    self.detach(*stone);
                    self.units.push(Unit {
                        field: *to,
                        leader: *stone,
                        members: Vec::new(),
                        prisoners: Vec::new(),
                    });
                } else if let Some(unit) = self.units.iter_mut().find(|u| u.leader == *stone) {
                    unit.field = *to;
                }
            }
            Event::Captured { stone, taken, freed, .. } => {
                for &s in taken.iter().chain(freed) {
                    self.detach(s);
                }
                if let Some(unit) = self.units.iter_mut().find(|u| u.leader == *stone) {
                    unit.prisoners.extend(taken.iter().copied());
                    unit.members.extend(freed.iter().copied());
                }
                self.quiet_throws = 0;
            }
            Event::CameHome { seat, stone, members, prisoners, .. } => {
                self.units.retain(|u| u.leader != *stone);
                let player = &mut self.players[usize::from(*seat)];
                player.camp.extend(prisoners.iter().copied());
                player.reserve.push(*stone);
                player.reserve.extend(members.iter().copied());
                player.reserve.sort();
                self.quiet_throws = 0;
            }
            Event::NoMove { .. } => {}
            Event::Eliminated { seat } => self.players[usize::from(*seat)].eliminated = true,
            Event::Conceded { seat, stones, freed } => {
                for &s in stones.iter().chain(freed) {
                    self.detach(s);
                }
                for &s in stones.iter().chain(freed) {
                    if let Some(owner) = self.players.get_mut(usize::from(s.seat)) {
                        owner.reserve.push(s);
                        owner.reserve.sort();
                    }
                }
                let player = &mut self.players[usize::from(*seat)];
                player.eliminated = true;
                player.conceded = true;
            }
            Event::BackwardPhaseBegan => self.backward_phase = true,
            Event::NextTurn { seat, .. } => self.turn = Turn::Roll { seat: *seat },
            Event::CarriedHome { seat, stone, prisoners } => {
                if let Some(unit) = self.units.iter_mut().find(|u| u.leader == *stone) {
                    unit.prisoners.retain(|p| !prisoners.contains(p));
                }
                self.players[usize::from(*seat)].camp.extend(prisoners.iter().copied());
            }
            Event::PositionEntered { position } => {
                *self = position.state(&self.options, self.seats());
            }
            Event::Ended { reason, prisoners, winners } => {
                self.turn = Turn::Over;
                self.ending =
                    Some(Ending { reason: *reason, prisoners: prisoners.clone(), winners: winners.clone() });
            }
        }
        self.units.sort_by_key(|u| (u.field, u.leader));
    }

    fn take_from_reserve(&mut self, stone: StoneId) {
        if let Some(player) = self.players.get_mut(usize::from(stone.seat)) {
            player.reserve.retain(|&s| s != stone);
        }
    }

    /// Take a stone out of the unit it is in. A leader taken away ends its unit; by the time an
    /// event takes a leader, it also takes (or frees) every stone the unit held.
    fn detach(&mut self, stone: StoneId) {
        self.units.retain(|u| u.leader != stone);
        for unit in &mut self.units {
            unit.members.retain(|&s| s != stone);
            unit.prisoners.retain(|&s| s != stone);
        }
    }
}
