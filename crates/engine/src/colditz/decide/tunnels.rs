//! Tunnels in use (R53): Tunnel Detected, by which two guards walk in by the dice and every
//! tunneller goes to solitary; the holder closing his tunnel by returning its card; the guards
//! nearest a tunnel; and where a man coming up from one may be put.
//!
//! Apart because a tunnel ends otherwise than any walk: the men inside come up, or are caught,
//! all at once. Walking into, along and out of a tunnel is part of the PoWs' walk (`move_pow`).

use std::collections::BTreeSet;

use super::arrests::cells_for;
use super::{Decided, direct, refuse};
use crate::Seat;
use crate::colditz::board::{BOARD, Circle, CircleId, CircleKind, LinkKind, Passage};
use crate::colditz::cards::CardId;
use crate::colditz::events::{Effect, Event, ManId, Placement};
use crate::colditz::state::State;

/// Where a man coming up from a tunnel may be put: a circle men walk on and may stop on.
pub(super) fn surface_circle(c: &Circle) -> bool {
    c.terrain.walkable()
        && matches!(c.kind, CircleKind::Plain | CircleKind::Appel | CircleKind::Safe | CircleKind::GuardPost)
}

/// R53 (revision 1): where a man who must come up does: on a free circle next to the end he went
/// down by, as if he walked out there (else the free circle nearest that end). Never at the
/// other end: a man alone would then have run the tunnel without the two who must hold it.
pub(super) fn up_at_entry(state: &State, man: ManId, occupied: &BTreeSet<CircleId>) -> Option<CircleId> {
    let end = state.tunnel_entry(man)?;
    let beside = BOARD
        .links(end)
        .iter()
        .filter(|l| !matches!(l.kind, LinkKind::Tunnel(_)))
        .map(|l| l.to)
        .filter(|&c| !occupied.contains(&c) && BOARD.circle(c).is_some_and(surface_circle))
        .min();
    beside.or_else(|| BOARD.nearest_free(end, &surface_circle, &|c| occupied.contains(&c)))
}

/// R53 Tunnel Detected, in the German's turn after the throw: two guards on the board walk
/// into the tunnel by the dice (entering at any of its circles, the two walks together within
/// the score); every tunneller goes to solitary, both guards directly to barracks, and the
/// tunnel closes (its card to the bottom of the Opportunity pack).
pub(super) fn tunnel_detected(
    state: &State,
    seat: Seat,
    card: CardId,
    men: &[ManId],
    tunnel: Option<&str>,
    cells: &[CircleId],
) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if !state.is_german(seat) {
        return Err(refuse("R47", "card-not-held"));
    }
    if turn.throws.is_empty() {
        return Err(refuse("C4", "throw-first"));
    }
    let open = match tunnel {
        Some(key) => state.tunnels.iter().find(|t| t.tunnel == key),
        None if state.tunnels.len() == 1 => state.tunnels.first(),
        None => None,
    }
    .ok_or_else(|| refuse("R53", "no-such-tunnel"))?;
    let [g1, g2] = men else {
        return Err(refuse("R53", "two-guards"));
    };
    if g1 == g2 || [g1, g2].iter().any(|&&g| !state.is_guard(g) || state.in_barracks(g)) {
        return Err(refuse("R53", "two-guards"));
    }
    let (_, t) = BOARD.tunnel_named(&open.tunnel).expect("open tunnels exist");
    let circles = t.circles.clone();
    // PoWs on the surface are in the way; the other guard is not (they go one by one).
    let reach = |g: ManId| guard_reach(state, g, &circles);
    let steps = match (reach(*g1), reach(*g2)) {
        (Some(a), Some(b)) if a + b <= turn.points => a + b,
        _ => return Err(refuse("R53", "guards-too-far")),
    };
    let inside = state.inside(&open.tunnel);
    let caught = inside
        .iter()
        .copied()
        .zip(cells_for(state, cells, inside.len())?)
        .map(|(man, to)| Placement { man, to })
        .collect();
    let guards = direct(state, &[*g1, *g2], &|c| c.kind == CircleKind::BarracksSlot);
    Ok(vec![Event::Played {
        seat,
        card,
        effect: Effect::TunnelDetected { tunnel: open.tunnel.clone(), steps, caught, guards },
    }])
}

/// R53: the holder returns the shown Tunnel card in his turn: the tunnel closes; men still in
/// it come up directly at the nearest free circles where a man may stand.
pub(super) fn close_tunnel(state: &State, seat: Seat, card: CardId) -> Decided {
    let open = state.tunnels.iter().find(|t| t.card == card).expect("checked by the caller");
    if open.seat != seat {
        return Err(refuse("R47", "card-not-held"));
    }
    let inside = state.inside(&open.tunnel);
    let moves = if state.tunnels_need_two() {
        // Revision 1: each comes up where he went down.
        let mut occupied: BTreeSet<CircleId> = state.men.iter().map(|m| m.at).collect();
        let mut moves = Vec::new();
        for man in inside {
            if let Some(to) = up_at_entry(state, man, &occupied) {
                occupied.insert(to);
                moves.push(Placement { man, to });
            }
        }
        moves
    } else {
        direct(state, &inside, &surface_circle)
    };
    Ok(vec![Event::TunnelClosed { tunnel: open.tunnel.clone(), card, moves }])
}

/// R53: the two guards on the board who reach the tunnel in the fewest steps (PoWs on the surface
/// in the way), as Tunnel Detected counts them.
pub fn nearest_guards_to_tunnel(state: &State, tunnel: &str) -> Vec<ManId> {
    let Some((_, t)) = BOARD.tunnel_named(tunnel) else { return Vec::new() };
    let mut near: Vec<(u16, ManId)> = state
        .men_of(state.german)
        .filter(|&g| !state.in_barracks(g))
        .filter_map(|g| guard_reach(state, g, &t.circles).map(|d| (d, g)))
        .collect();
    near.sort();
    near.into_iter().take(2).map(|(_, g)| g).collect()
}

/// Steps for a guard to any of `circles`, PoWs on the surface in the way, guards not.
fn guard_reach(state: &State, guard: ManId, circles: &[CircleId]) -> Option<u16> {
    let me = state.at(guard);
    let pows: BTreeSet<CircleId> = state
        .escape_seats()
        .into_iter()
        .flat_map(|s| state.men_of(s))
        .filter(|m| !state.tunnellers.contains(m))
        .map(|m| state.at(m))
        .collect();
    let d = BOARD.distances(&[me], Passage::GUARD, &|c| c != me && pows.contains(&c));
    circles.iter().filter_map(|&c| d.to(c)).min()
}
