//! Tests for Escape from Colditz: a scenario per rule id (scenarios.rs for part 1, part2.rs for
//! part 2, named after the ids in docs/rules/colditz.md), the cards (cards.rs), random games with
//! their invariants and the leak check (games.rs), random full games to the end (full_games.rs)
//! and the scripted winning game (winning.rs). `Pos` builds positions for scenarios.

mod cards;
mod chase;
mod concede;
mod contract;
mod full_games;
mod games;
mod last_step;
mod offered;
mod part2;
mod positions;
mod printed;
mod scenarios;
mod sensible;
mod tunnels;
mod winning;

use super::board::{BOARD, CircleId, CircleKind, LinkKind, Region, Terrain};
use super::cards::{CardId, CardKind, Pack};
use super::decide;
use super::events::{Action, Event, ManId};
use super::options::Options;
use super::state::{State, Turn};
use crate::{Refusal, ScriptedRandom, Seat, SeededRandom};

/// A position for a scenario: a real setup (seeded), then whatever the test puts where.
pub struct Pos {
    pub state: State,
    pub log: Vec<Event>,
}

#[allow(dead_code)]
pub fn c(text: &str) -> CircleId {
    text.parse().unwrap()
}

impl Pos {
    /// A game of `players` after setup and the default guard placement; seat 0 is the German,
    /// the Escape Officers' turn (seat 1) has not thrown yet.
    pub fn new(players: usize) -> Pos {
        Self::with(Options::default(), players)
    }

    pub fn with(options: Options, players: usize) -> Pos {
        let mut rng = SeededRandom::new(&[9; 32], "pos", 0, "setup");
        let mut state = State::new(&options, players);
        let mut log = decide::setup(&options, players, &mut rng);
        for e in &log {
            state.apply(e);
        }
        let teams = players - 1;
        let inner: Vec<CircleId> = BOARD.guard_posts(Region::Inner).take(teams).collect();
        let outer: Vec<CircleId> = BOARD.guard_posts(Region::Outer).take(2).collect();
        let placed =
            decide::decide(&state, state.german, &Action::PlaceGuards { inner, outer }, &mut rng).unwrap();
        for e in &placed {
            state.apply(e);
        }
        log.extend(placed);
        Pos { state, log }
    }

    /// Clear the board: every PoW to a far Appel circle, every guard to the barracks, so that a
    /// scenario places only the men it speaks of.
    pub fn clear(mut self) -> Self {
        let slots: Vec<CircleId> = BOARD.barracks_slots().collect();
        let cells: Vec<CircleId> = BOARD.circles_of(CircleKind::Cell).collect();
        let (mut g, mut p) = (0, 0);
        for i in 0..self.state.men.len() {
            if self.state.men[i].seat == self.state.german {
                self.state.men[i].at = slots[g];
                g += 1;
            } else {
                // Out of the way: in the cells (they do nothing unless released).
                self.state.men[i].at = cells[p % cells.len()];
                p += 1;
            }
        }
        self
    }

    #[allow(dead_code)]
    pub fn put(mut self, man: ManId, at: &str) -> Self {
        self.state.men[usize::from(man)].at = c(at);
        self
    }
    pub fn put_at(mut self, man: ManId, at: CircleId) -> Self {
        self.state.men[usize::from(man)].at = at;
        self
    }

    /// The turn of `seat`, thrown with these dice.
    pub fn turn(mut self, seat: Seat, throws: &[[u8; 2]]) -> Self {
        let points = throws.iter().map(|[a, b]| u16::from(*a) + u16::from(*b)).sum();
        let releases = throws.iter().filter(|[a, b]| a == b).count() as u8;
        self.state.turn = Some(Turn { seat, throws: throws.to_vec(), points, releases, ..Turn::default() });
        self
    }
    /// The turn of `seat`, not thrown yet.
    pub fn before_throw(mut self, seat: Seat) -> Self {
        self.state.turn = Some(Turn { seat, ..Turn::default() });
        self
    }

    fn take(&mut self, card: CardId) {
        let s = &mut self.state;
        s.opportunity.retain(|&c| c != card);
        s.security.retain(|&c| c != card);
        s.do_or_die.retain(|&c| c != card);
        s.stock.retain(|&c| c != card);
        for h in s.hands.iter_mut().chain(s.equipment.iter_mut()) {
            h.retain(|&c| c != card);
        }
    }
    /// Put a card in a seat's hand (from wherever it was).
    pub fn hand(mut self, seat: Seat, card: CardId) -> Self {
        self.take(card);
        self.state.hands[usize::from(seat)].push(card);
        self
    }
    /// Give a team an equipment or kit card.
    pub fn equip(mut self, seat: Seat, card: CardId) -> Self {
        self.take(card);
        self.state.equipment[usize::from(seat)].push(card);
        self.state.equipment[usize::from(seat)].sort();
        self
    }
    /// Put a card on top of its pack.
    pub fn on_top(mut self, card: CardId) -> Self {
        self.take(card);
        match card.kind().pack() {
            Pack::Opportunity => self.state.opportunity.push_front(card),
            Pack::Security => self.state.security.push_front(card),
            _ => self.state.do_or_die.push_front(card),
        }
        self
    }
    pub fn orders(mut self, seat: Seat, orders: super::events::StandingOrders) -> Self {
        self.state.orders[usize::from(seat)] = orders;
        self
    }

    /// Decide and apply; the events, or the refusal.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, Refusal> {
        self.act_with(seat, action, &mut ScriptedRandom::new(std::iter::repeat_n(0, 64)))
    }
    pub fn act_with(
        &mut self,
        seat: Seat,
        action: Action,
        rng: &mut dyn crate::Random,
    ) -> Result<Vec<Event>, Refusal> {
        let events = decide::decide(&self.state, seat, &action, rng)?;
        for e in &events {
            self.state.apply(e);
        }
        self.log.extend(events.iter().cloned());
        Ok(events)
    }
    pub fn refused(&mut self, seat: Seat, action: Action) -> String {
        match self.act(seat, action) {
            Ok(events) => panic!("expected a refusal, got {events:?}"),
            Err(r) => r.rule,
        }
    }
    pub fn at(&self, man: ManId) -> CircleId {
        self.state.at(man)
    }
    pub fn men(&self, seat: Seat) -> Vec<ManId> {
        self.state.men_of(seat).collect()
    }
}

/// The first card of a kind.
pub fn card(kind: CardKind) -> CardId {
    cards_of(kind)[0]
}
pub fn cards_of(kind: CardKind) -> Vec<CardId> {
    (0..96).map(CardId).filter(|c| c.kind() == kind).collect()
}

/// Circles matching a predicate, row by row.
pub fn circles(pred: impl Fn(&super::board::Circle) -> bool) -> Vec<CircleId> {
    BOARD.circles().iter().filter(|c| pred(c)).map(|c| c.id).collect()
}

/// A plain courtyard circle with `n` plain courtyard circles in a line of steps after it.
pub fn courtyard_walk(n: usize) -> Vec<CircleId> {
    walk(n, |c| c.terrain == Terrain::Courtyard && c.kind == CircleKind::Plain)
}
/// The same on the terraces (outside the courtyard).
pub fn outer_walk(n: usize) -> Vec<CircleId> {
    walk(n, |c| c.terrain == Terrain::Terrace && c.kind == CircleKind::Plain)
}

pub fn walk(n: usize, ok: impl Fn(&super::board::Circle) -> bool) -> Vec<CircleId> {
    for start in BOARD.circles().iter().filter(|c| ok(c)) {
        let mut path = vec![start.id];
        while path.len() <= n {
            let last = *path.last().unwrap();
            let next = BOARD
                .links(last)
                .iter()
                .filter(|l| l.kind == LinkKind::Step && !path.contains(&l.to))
                .map(|l| l.to)
                .find(|&t| BOARD.circle(t).is_some_and(&ok));
            match next {
                Some(t) => path.push(t),
                None => break,
            }
        }
        if path.len() > n {
            return path;
        }
    }
    panic!("no walk of {n} steps");
}

/// A plain step neighbour of a circle matching a predicate.
pub fn neighbour(of: CircleId, ok: impl Fn(&super::board::Circle) -> bool) -> CircleId {
    BOARD
        .links(of)
        .iter()
        .filter(|l| l.kind == LinkKind::Step)
        .map(|l| l.to)
        .find(|&t| BOARD.circle(t).is_some_and(&ok))
        .unwrap_or_else(|| panic!("no such neighbour of {of}"))
}

pub fn room(key: &str) -> Vec<CircleId> {
    BOARD.room_named(key).unwrap().1.circles.clone()
}

pub fn kinds(events: &[Event]) -> Vec<String> {
    events.iter().map(|e| serde_json::to_value(e).unwrap()["event"].as_str().unwrap().to_string()).collect()
}
