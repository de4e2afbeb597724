//! The PoWs' walk (C5, C6): step by step along the board's links within the score, paying for
//! KEY and PASS circles (R41, R50), rope drops and the wire (R40, R50, C6), the way back from the
//! outer cells (R39), searchlights (R42), tunnels entered and left at an end (R53), a target
//! reached with the Escape Kit (C22), a walk onto a guard (R43), and the holder question a Key or
//! Pass given up opens (R49).
//!
//! Apart because it is the largest single judgement of the game: one walk, checked link by link,
//! with everything a PoW may meet on the way.

use super::arrests::{standing_confiscation, why_not_arrestable};
use super::settle_window;
use super::{Decided, equipment_cards, refuse};
use crate::Seat;
use crate::colditz::board::{BOARD, CircleId, CircleKind, Distances, GateKind, LinkKind, Passage, Region};
use crate::colditz::cards::{CardId, CardKind, Equipment};
use crate::colditz::events::{ArrestCause, Event, ManId, Placement, Route};
use crate::colditz::state::State;

/// The PoW walk of C5/C6 with gates (R41, R50, R39), searchlights (R42), tunnels (R53) and the
/// forced arrest (R43).
pub(super) fn move_pow(state: &State, seat: Seat, man: ManId, path: &[CircleId]) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if state.men.get(usize::from(man)).is_none_or(|m| m.seat != seat) {
        return Err(refuse("C5", "not-your-man"));
    }
    if path.is_empty() || path.len() > usize::from(turn.points) {
        return Err(refuse("C5", "too-far"));
    }
    if state.in_cell(man) {
        return Err(refuse("R37", "in-solitary"));
    }
    let returning = state.returning.contains(&man);
    let gate = BOARD.return_gate().circle;
    let road = returning.then(road_back);
    let on_road = |c: CircleId| road.as_ref().and_then(|r| r.to(c));
    // Revision 0: the shortest way to the Pass circle over the whole board, any link.
    let old_back = Passage { passes: true, ..Passage::WALK };
    let to_gate = |c: CircleId| BOARD.distance(c, gate, old_back, &|_| false);
    let mut lost = false;
    let mut surrendered: Vec<CardId> = Vec::new();
    let mut gates_paid = turn.gates_paid.clone();
    let mut new_gates = Vec::new();
    let mut from = state.at(man);
    let mut arrested_by = None;
    let mut escaped = None;
    let mut paid: Vec<(CircleId, CircleId)> = turn.paid.clone();
    let mut inside = state.tunnellers.contains(&man);
    for (i, &next) in path.iter().enumerate() {
        let Some(link) = BOARD.link(from, next) else {
            return Err(refuse("C6", "not-a-neighbour"));
        };
        match link.kind {
            LinkKind::Step => {}
            LinkKind::Gate(kind) => {
                // R41, R50: one card for each KEY or PASS circle; it serves the team's men through
                // that circle for the rest of the turn.
                let free_return = returning && !lost && kind == GateKind::Pass && next == gate;
                let equipment = if kind == GateKind::Key { Equipment::Key } else { Equipment::Pass };
                if !free_return && !gates_paid.contains(&next) {
                    let card = equipment_cards(state, seat)
                        .into_iter()
                        .find(|c| c.kind() == CardKind::Equipment(equipment) && !surrendered.contains(c));
                    let Some(card) = card else {
                        return Err(refuse("R41", "gate-needs-card"));
                    };
                    surrendered.push(card);
                    gates_paid.push(next);
                    new_gates.push(next);
                }
            }
            LinkKind::RopeDown { .. } | LinkKind::RopeUp { .. } | LinkKind::Wire => {
                let ropes = match link.kind {
                    LinkKind::RopeDown { ropes } | LinkKind::RopeUp { ropes } => ropes,
                    _ => 1,
                };
                // R50: one payment serves the team's men for the rest of the turn. R40: going
                // back in (up a rope, in through the wire) is a crossing of its own and costs
                // again. Wire Cutters are given up at each crossing (our reading of R40's
                // "another card").
                let key = (from, next);
                if !paid.contains(&key) {
                    let (equipment, n) = match link.kind {
                        LinkKind::Wire => (Equipment::WireCutters, 1),
                        _ => (Equipment::Rope, usize::from(ropes)),
                    };
                    let cards: Vec<CardId> = equipment_cards(state, seat)
                        .into_iter()
                        .filter(|c| c.kind() == CardKind::Equipment(equipment) && !surrendered.contains(c))
                        .take(n)
                        .collect();
                    if cards.len() < n {
                        let (rule, key) = match link.kind {
                            LinkKind::Wire if BOARD.is_beyond(from) => ("R40", "wire-back-needs-card"),
                            LinkKind::Wire => ("C6", "wire-needs-cutters"),
                            LinkKind::RopeUp { .. } => ("R40", "rope-back-needs-card"),
                            _ => ("R50", "rope-needs-cards"),
                        };
                        return Err(refuse(rule, key));
                    }
                    surrendered.extend(cards);
                    paid.push(key);
                }
            }
            LinkKind::Tunnel(t) => {
                // R53: only in a tunnel in use, entered only at one of its ends.
                let tunnel = BOARD.tunnel(t);
                if !state.tunnels.iter().any(|o| o.tunnel == tunnel.key) {
                    return Err(refuse("R53", "tunnel-not-open"));
                }
                if !inside && !tunnel.ends().contains(&from) {
                    return Err(refuse("R53", "enter-at-an-end"));
                }
                inside = true;
            }
        }
        if inside && !matches!(link.kind, LinkKind::Tunnel(_)) {
            // R53: out only at an end, and at least two stay inside.
            let Some((_, tunnel)) = BOARD.tunnel_of(from).filter(|(_, t)| t.ends().contains(&from)) else {
                return Err(refuse("R53", "leave-at-an-end"));
            };
            // The last two cannot leave. Revision 1: nor can a man alone, who would have run the
            // tunnel without the two who must hold it (before, a man alone might).
            let others = state.inside(&tunnel.key).iter().filter(|&&m| m != man).count();
            if others == 1 {
                return Err(refuse("R53", "two-stay-inside"));
            }
            if others == 0 && state.tunnels_need_two() {
                return Err(refuse("R53", "tunnel-alone"));
            }
            inside = false;
        }
        if BOARD.target_at(next).is_some() {
            // C22: reaching a target is the escape; the path ends there (exact score not
            // needed), and only with the team's Escape Kit.
            if !state.holds_kit(seat) {
                return Err(refuse("C22", "escape-needs-kit"));
            }
            if i + 1 != path.len() {
                return Err(refuse("C22", "path-past-target"));
            }
            escaped = Some(next);
        }
        let other = if inside { state.tunneller_at(next) } else { state.surface_man_at(next) };
        if let Some(other) = other.filter(|&o| o != man) {
            if state.is_guard(other) && i + 1 == path.len() {
                arrested_by = Some(other);
            } else {
                return Err(refuse("C6", "occupied"));
            }
        }
        // R39: immune only while each step walks one circle closer along the road to the Pass
        // circle; a rope, the wire, a tunnel or another way into the prisoners' area is not it.
        if returning && !lost {
            let walked = matches!(link.kind, LinkKind::Step | LinkKind::Gate(_));
            let closer = if state.chase_follows_roads() {
                matches!((on_road(from), on_road(next)), (Some(a), Some(b)) if walked && b + 1 == a)
            } else {
                matches!((to_gate(from), to_gate(next)), (Some(a), Some(b)) if b + 1 == a)
            };
            if !closer {
                lost = true;
            }
        }
        from = next;
    }
    if arrested_by.is_none() && !inside {
        if BOARD.is(from, CircleKind::Searchlight) {
            return Err(refuse("R42", "stop-in-searchlight"));
        }
        if BOARD.is(from, CircleKind::Tunnel) {
            return Err(refuse("R53", "stop-over-tunnel"));
        }
    }
    let mut events =
        vec![Event::Moved { man, path: path.to_vec(), surrendered: surrendered.clone(), gates: new_gates }];
    if lost && from != gate {
        events.push(Event::ImmunityLost { man });
    }
    if let Some(target) = escaped {
        events.push(Event::Escaped { man, seat, target, route: Route::Walk });
        return Ok(events);
    }
    // R49: a Key or Pass given up: the German may arrest the holder (asked whether or not he
    // holds the card). A man arrested on this move anyway is not asked about.
    let used = surrendered.iter().rev().find_map(|c| match c.kind() {
        CardKind::Equipment(e @ (Equipment::Key | Equipment::Pass)) => Some(e),
        _ => None,
    });
    if let (Some(equipment), None) = (used, arrested_by) {
        let asked = Event::HolderAsked { man, equipment };
        let mut after = state.clone();
        for e in &events {
            after.apply(e);
        }
        after.apply(&asked);
        events.push(asked);
        events.extend(settle_window(&after));
        return Ok(events);
    }
    if let Some(guard) = arrested_by {
        // R43: the arrest rules apply as if the guard had moved onto him there (C13).
        let mut there = state.clone();
        there.men[usize::from(man)].at = from;
        there.returning.retain(|&m| m != man);
        let confiscate = why_not_arrestable(&there, man).map_err(|rule| refuse(rule, "not-arrestable"))?;
        let cell = state.default_cell();
        let slot = state.barracks_place(from);
        events.push(Event::Arrested {
            man,
            cell,
            guard: Some(Placement { man: guard, to: slot }),
            cause: ArrestCause::Forced,
            confiscate,
        });
        if confiscate {
            events.extend(standing_confiscation(state, seat));
        }
    }
    Ok(events)
}

/// R39: the distances along the road back from the outer cells: walking (plain steps, the
/// PASS circles) outside the prisoners' area, whose one way in is the return Pass circle
/// ("may only re-enter the Prisoner's Courtyard through the 'Pass' circle"). Men do not block
/// it: a man who must go round another is no longer on his road.
pub fn road_back() -> Distances<'static> {
    let gate = BOARD.return_gate().circle;
    let back = Passage { passes: true, ..Passage::WALK };
    BOARD.distances(&[gate], back, &|c| c != gate && BOARD.region(c) == Some(Region::Inner))
}
