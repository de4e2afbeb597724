//! A game carried over from a real table (rule C26, docs/positions.md): what lies open on the
//! table, entered by the host ([`Position`]): every man's circle, the men escaped or dead,
//! each team's Escape Equipment (and its Kit, once displayed), the tunnels in use, the round
//! and whose turn it is; and each seat's hand, which is that seat's secret, entered privately
//! by the seat ([`HandEntry`]). What lies on no table (the rest of the packs) is shuffled by
//! the server from its seed, and shuffled again each time a hand is taken out of it.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::board::{BOARD, CircleId, CircleKind};
use super::cards::{self, CardId, CardKind, Equipment, Pack};
use super::events::{Event, Man, ManId, TunnelHeld};
use super::options::Role;
use super::state::State;
use crate::random::{Random, shuffle};
use crate::{Msg, Refusal, Seat};

/// The rule every refusal here names.
pub const RULE: &str = "C26";

/// C18: the most cards a hand holds between turns.
pub const MOST_IN_HAND: usize = 3;

/// What the host enters: the open table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// One entry per Escape Officer's team.
    pub teams: Vec<TeamPosition>,
    /// Every guard's circle (barracks places for those in reserve).
    pub guards: Vec<CircleId>,
    /// Tunnels in use: their Tunnel card lies shown before the Escape Officer who played it.
    #[serde(default)]
    pub tunnels: Vec<TunnelHeld>,
    /// The round being played (from 1).
    pub round: u32,
    /// The seat whose turn begins (its throw still to come).
    pub to_move: Seat,
}

/// One team at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamPosition {
    pub seat: Seat,
    /// The circle of every man still on the board (cells may hold several).
    pub men: Vec<CircleId>,
    /// Men who have escaped (C22).
    #[serde(default)]
    pub escaped: u8,
    /// Men who died (shot, C24, or on a Do or Die run, R51).
    #[serde(default)]
    pub dead: u8,
    /// The team's Escape Equipment cards, by kind (public, C21).
    #[serde(default)]
    pub equipment: Vec<Equipment>,
    /// The team's Escape Kit lies displayed on the table (C11: at a target, or when a run
    /// began). An undisplayed Kit is the team's secret: its Escape Officer enters it with his
    /// hand.
    #[serde(default)]
    pub kit_shown: bool,
}

/// What one seat enters privately: the cards in its hand (Opportunity cards for an Escape
/// Officer, Security cards for the German), each by its kind's key (`"diversion"`,
/// `"tunnel-chapel"`, `"search-chapel"`…), and whether its team holds its Escape Kit, not yet
/// displayed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandEntry {
    #[serde(default)]
    pub cards: Vec<String>,
    #[serde(default)]
    pub kit: bool,
}

/// What the state remembers of an entered position until play begins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entered {
    pub round: u32,
    pub to_move: Seat,
    /// The seats whose hands are in, in the order they were entered.
    pub hands: Vec<Seat>,
    /// Play has begun from it: some other event followed (no hand is entered any more).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub played: bool,
}

fn refuse(key: &str) -> Refusal {
    Refusal::new(RULE, Msg::new(format!("colditz-position-{key}")))
}

fn refuse_seat(key: &str, seat: Seat) -> Refusal {
    Refusal::new(RULE, Msg::new(format!("colditz-position-{key}")).seat("player", seat))
}

fn refuse_place(key: &str, circle: CircleId) -> Refusal {
    Refusal::new(RULE, super::view::with_place(Msg::new(format!("colditz-position-{key}")), "place", circle))
}

/// The card of a kind that the key names (`None`: no card of the game is of that kind).
fn kind_of_key(key: &str) -> Option<CardKind> {
    (0..cards::COUNT as u8).map(|n| CardId(n).kind()).find(|k| k.key() == key)
}

/// The Tunnel card of a tunnel.
pub fn tunnel_card(tunnel: &str) -> Option<CardId> {
    let key = tunnel_key(tunnel)?;
    cards::pack_cards(Pack::Opportunity).into_iter().find(|c| c.kind() == CardKind::Tunnel(key))
}

/// The board's tunnel key as the card names it (the cards name their tunnels by static keys).
fn tunnel_key(tunnel: &str) -> Option<&'static str> {
    ["chapel", "canteen", "theatre"].into_iter().find(|k| *k == tunnel)
}

/// The men of `seat`, in the setup's order.
fn men_of_seat(state: &State, seat: Seat) -> Vec<ManId> {
    (0..state.men.len()).filter(|&i| state.men[i].seat == seat).map(|i| i as ManId).collect()
}

impl Position {
    /// Whether play could go on from here: every team once with as many men as the setup gave
    /// it, as many guards as the German has, every man on a circle of the board where he may
    /// stand (no prisoner beyond the walls but in a tunnel) and no two on one (cells aside), no more equipment of a kind than the pack holds,
    /// tunnels that exist, held by an Escape Officer and at least two men (or none) inside,
    /// nobody in a tunnel not in use, no team without a man on the board or already past the
    /// success formula, some team still able to reach it, escapes only with the Kit displayed, a round within the time limit
    /// and a seat of the turn order to move.
    pub fn check(&self, state: &State) -> Result<(), Refusal> {
        if state.men.is_empty() {
            return Err(refuse("not-set-up"));
        }
        let escape_seats = state.escape_seats();
        let mut seen = BTreeSet::new();
        for team in &self.teams {
            if !escape_seats.contains(&team.seat) {
                return Err(refuse_seat("team-unknown", team.seat));
            }
            if !seen.insert(team.seat) {
                return Err(refuse_seat("team-twice", team.seat));
            }
        }
        if let Some(&missing) = escape_seats.iter().find(|s| !seen.contains(s)) {
            return Err(refuse_seat("team-missing", missing));
        }
        let mut taken: BTreeMap<CircleId, bool> = BTreeMap::new();
        for team in &self.teams {
            let set_up = men_of_seat(state, team.seat).len();
            let entered = team.men.len() + usize::from(team.escaped) + usize::from(team.dead);
            if entered != set_up {
                return Err(Refusal::new(
                    RULE,
                    Msg::new("colditz-position-men-count")
                        .seat("player", team.seat)
                        .num("count", entered as i64)
                        .num("expected", set_up as i64),
                ));
            }
            if team.men.is_empty() {
                return Err(refuse_seat("team-empty", team.seat));
            }
            if team.escaped >= state.options.success.escapes {
                return Err(refuse_seat("won", team.seat));
            }
            if team.escaped > 0 && !team.kit_shown {
                return Err(refuse_seat("escaped-without-kit", team.seat));
            }
            for &at in &team.men {
                let Some(circle) = BOARD.circle(at) else { return Err(refuse("no-circle")) };
                if matches!(circle.kind, CircleKind::BarracksSlot | CircleKind::Target) {
                    return Err(refuse_place("pow-circle", at));
                }
                // R46: a man beyond the walls on the surface is chased along the road he took,
                // which no position can say: the table finishes the chase first.
                if BOARD.is_beyond(at) && circle.kind != CircleKind::Tunnel {
                    return Err(refuse_place("beyond", at));
                }
                let in_cell = circle.kind == CircleKind::Cell;
                if taken.get(&at).is_some_and(|&cell| !(cell && in_cell)) {
                    return Err(refuse_place("circle-twice", at));
                }
                taken.insert(at, in_cell);
            }
        }
        // C23: with too few men left for the formula anywhere, the German has already won.
        let need = usize::from(state.options.success.escapes);
        if self.teams.iter().all(|t| usize::from(t.escaped) + t.men.len() < need) {
            return Err(refuse("hopeless"));
        }
        let guards = men_of_seat(state, state.german).len();
        if self.guards.len() != guards {
            return Err(Refusal::new(
                RULE,
                Msg::new("colditz-position-guards-count")
                    .num("count", self.guards.len() as i64)
                    .num("expected", guards as i64),
            ));
        }
        for &at in &self.guards {
            let Some(circle) = BOARD.circle(at) else { return Err(refuse("no-circle")) };
            if matches!(circle.kind, CircleKind::Cell | CircleKind::Tunnel | CircleKind::Target) {
                return Err(refuse_place("guard-circle", at));
            }
            if taken.insert(at, false).is_some() {
                return Err(refuse_place("circle-twice", at));
            }
        }
        for equipment in Equipment::ALL {
            let held = self.teams.iter().flat_map(|t| &t.equipment).filter(|&&e| e == equipment).count();
            let pack = cards::pack_cards(Pack::Equipment)
                .into_iter()
                .filter(|c| c.kind() == CardKind::Equipment(equipment))
                .count();
            if held > pack {
                return Err(Refusal::new(
                    RULE,
                    Msg::new("colditz-position-equipment-too-many")
                        .key("equipment", CardKind::Equipment(equipment).name())
                        .num("max", pack as i64),
                ));
            }
        }
        let mut open = BTreeSet::new();
        for held in &self.tunnels {
            if tunnel_card(&held.tunnel).is_none() || BOARD.tunnel_named(&held.tunnel).is_none() {
                return Err(Refusal::new(
                    RULE,
                    Msg::new("colditz-position-tunnel-unknown").text("tunnel", held.tunnel.clone()),
                ));
            }
            if !open.insert(held.tunnel.as_str()) {
                return Err(refuse("tunnel-twice"));
            }
            if !escape_seats.contains(&held.seat) {
                return Err(refuse_seat("tunnel-seat", held.seat));
            }
        }
        let mut inside: BTreeMap<&str, usize> = BTreeMap::new();
        for &at in self.teams.iter().flat_map(|t| &t.men) {
            if let Some((_, tunnel)) = BOARD.tunnel_of(at) {
                if !open.contains(tunnel.key.as_str()) {
                    return Err(refuse_place("tunnel-closed", at));
                }
                *inside.entry(tunnel.key.as_str()).or_default() += 1;
            }
        }
        if state.tunnels_need_two() && inside.values().any(|&n| n == 1) {
            return Err(refuse("tunnel-alone"));
        }
        let limit = state.rounds_limit;
        if self.round == 0 || limit.is_some_and(|n| self.round > n) {
            return Err(Refusal::new(
                RULE,
                Msg::new("colditz-position-round")
                    .num("round", i64::from(self.round))
                    .num("limit", i64::from(limit.unwrap_or(0))),
            ));
        }
        if !state.order.contains(&self.to_move) {
            return Err(refuse("to-move"));
        }
        Ok(())
    }

    /// The event that puts the position on the table, with the draw piles shuffled of every
    /// card that lies on no table (the tunnels' shown cards are on it; hands are still empty).
    pub fn events(&self, state: &State, rng: &mut dyn Random) -> Result<Vec<Event>, Refusal> {
        self.check(state)?;
        let mut men: Vec<Man> = state.men.clone();
        let (mut escaped, mut dead) = (Vec::new(), Vec::new());
        let mut equipment = vec![Vec::new(); state.seats];
        let mut kit_shown = Vec::new();
        let mut stock = cards::pack_cards(Pack::Equipment);
        for team in &self.teams {
            let ids = men_of_seat(state, team.seat);
            let mut ids = ids.into_iter();
            for (&at, man) in team.men.iter().zip(ids.by_ref()) {
                men[usize::from(man)].at = at;
            }
            // The men off the board keep the circle of their start (no page draws them).
            escaped.extend(ids.by_ref().take(usize::from(team.escaped)));
            dead.extend(ids);
            let held = &mut equipment[usize::from(team.seat)];
            for &kind in &team.equipment {
                if let Some(i) = stock.iter().position(|c| c.kind() == CardKind::Equipment(kind)) {
                    held.push(stock.remove(i));
                }
            }
            if team.kit_shown {
                kit_shown.push(team.seat);
                held.extend(state.kit_card(team.seat));
            }
            held.sort();
        }
        for (&at, man) in self.guards.iter().zip(men_of_seat(state, state.german)) {
            men[usize::from(man)].at = at;
        }
        let shown: Vec<CardId> = self.tunnels.iter().filter_map(|t| tunnel_card(&t.tunnel)).collect();
        let mut pile = |pack: Pack| {
            let mut cards: Vec<CardId> =
                cards::pack_cards(pack).into_iter().filter(|c| !shown.contains(c)).collect();
            shuffle(&mut cards, rng);
            cards
        };
        let opportunity = pile(Pack::Opportunity);
        let security = pile(Pack::Security);
        let do_or_die = pile(Pack::DoOrDie);
        Ok(vec![Event::PositionEntered {
            men,
            escaped,
            dead,
            equipment,
            kit_shown,
            tunnels: self.tunnels.clone(),
            round: self.round,
            to_move: self.to_move,
            opportunity,
            security,
            do_or_die,
        }])
    }
}

/// The pack a seat's hand is drawn from.
fn hand_pack(state: &State, seat: Seat) -> Pack {
    if state.is_german(seat) { Pack::Security } else { Pack::Opportunity }
}

/// C26: every Escape Officer's hand back in the Opportunity pack, shuffled from the seed (the
/// German's hand is of a pack of its own and stays).
fn hands_returned(state: &State, rng: &mut dyn Random) -> Event {
    let mut pile: Vec<CardId> = state.opportunity.iter().copied().collect();
    for (s, hand) in state.hands.iter().enumerate() {
        if !state.is_german(s as Seat) {
            pile.extend(hand.iter().copied());
        }
    }
    pile.sort();
    shuffle(&mut pile, rng);
    Event::HandsReturned { pile }
}

impl HandEntry {
    /// A seat's hand, checked against what lies on no table: the seat is at the table, the host
    /// has entered the position and play has not begun; at most three cards (C18), each of the
    /// seat's pack and still in it (a card lies in one place only: no other hand holds it and
    /// no tunnel shows it); the Kit only for an Escape Officer whose Kit is not on the table.
    pub fn events(&self, state: &State, seat: Seat, rng: &mut dyn Random) -> Result<Vec<Event>, Refusal> {
        if usize::from(seat) >= state.seats || state.out.contains(&seat) {
            return Err(Refusal::not_your_turn(RULE, Msg::new("colditz-position-hand-no-seat")));
        }
        let Some(entered) = &state.position else { return Err(refuse("hand-before-table")) };
        let waiting = state.turn.as_ref().is_some_and(|t| t.seat == entered.to_move && t.throws.is_empty());
        if entered.played
            || !waiting
            || state.round != entered.round
            || state.window.is_some()
            || state.ended().is_some()
        {
            return Err(refuse("hand-in-play"));
        }
        if self.cards.len() > MOST_IN_HAND {
            return Err(Refusal::new(
                RULE,
                Msg::new("colditz-position-hand-too-many")
                    .num("count", self.cards.len() as i64)
                    .num("max", MOST_IN_HAND as i64),
            ));
        }
        let pack = hand_pack(state, seat);
        // What this seat may take: its pile, and the hand it entered before (entered again).
        let mut free: Vec<CardId> = match pack {
            Pack::Security => state.security.iter().copied().collect(),
            _ => state.opportunity.iter().copied().collect(),
        };
        free.extend(state.hands[usize::from(seat)].iter().copied());
        free.sort();
        let mut hand = Vec::new();
        for key in &self.cards {
            let unknown = || {
                Refusal::new(RULE, Msg::new("colditz-position-hand-card-unknown").text("card", key.clone()))
            };
            let kind = kind_of_key(key.trim()).ok_or_else(unknown)?;
            if kind.pack() != pack {
                return Err(Refusal::new(
                    RULE,
                    Msg::new("colditz-position-hand-wrong-pack").key("card", kind.name()),
                ));
            }
            let Some(i) = free.iter().position(|c| c.kind() == kind) else {
                // No card of the kind left for this hand. Held on the table (public) or by
                // nobody: refused, which tells nothing the table does not show. Held in other
                // hands: the hands disagree with the pack, and a refusal would tell this seat
                // what the others hold, so every Escape Officer's hand goes back to the pack
                // instead, for everyone to enter again, as everyone sees.
                let in_other_hands = state
                    .hands
                    .iter()
                    .enumerate()
                    .filter(|(other, _)| *other != usize::from(seat))
                    .flat_map(|(_, h)| h)
                    .any(|c| c.kind() == kind);
                if !in_other_hands {
                    return Err(Refusal::new(
                        RULE,
                        Msg::new("colditz-position-hand-card-gone").key("card", kind.name()),
                    ));
                }
                return Ok(vec![hands_returned(state, rng)]);
            };
            hand.push(free.remove(i));
        }
        hand.sort();
        let kit = match state.roles.get(usize::from(seat)) {
            Some(Role::Escape(_)) => {
                if self.kit && state.kit_shown.contains(&seat) {
                    return Err(refuse("hand-kit-shown"));
                }
                self.kit
            }
            _ if self.kit => return Err(refuse("hand-kit-german")),
            _ => false,
        };
        shuffle(&mut free, rng);
        Ok(vec![Event::HandEntered { seat, cards: Some(hand), kit: Some(kit), pile: free }])
    }
}
