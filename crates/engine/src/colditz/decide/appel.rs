//! Appel and the Search of a room: who must attend (R38), the German's search for absentees with
//! his throw (C16), the line-up in the starting formation (C1, C16), the Search's arrests and
//! confiscations (C17), and Advance Warning, whose warned men go directly to safe circles paying
//! the equipment their way there takes (C17, R50).
//!
//! Apart because both are the German's questions to every team at once: they open a window, and
//! once everyone has answered they are resolved here in one event.

use std::collections::BTreeSet;

use super::arrests::cells_for;
use super::{Decided, appel_circle, equipment_cards, in_hand, refuse, score};
use crate::colditz::board::{
    BOARD, CircleId, CircleKind, GateKind, Link, LinkKind, Passage, Region, TunnelId,
};
use crate::colditz::cards::{CardId, CardKind, Equipment};
use crate::colditz::events::{Event, ManId, Placement, Warning};
use crate::colditz::state::{State, Window};
use crate::{Refusal, Seat};

/// R38: men in cells, safe areas, tunnels or beyond the walls do not attend Appel.
pub fn exempt_from_appel(at: CircleId) -> bool {
    let Some(c) = BOARD.circle(at) else {
        return true;
    };
    matches!(c.kind, CircleKind::Cell | CircleKind::Safe | CircleKind::Tunnel)
        || matches!(c.region, Region::Beyond | Region::Underground)
}

/// C16: absentees within the throw's reach of a guard go to solitary (cells of the German's
/// choice, C13); the throw is spent.
pub(super) fn search_absentees(state: &State, cells: &[CircleId]) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if !turn.appel || turn.searched {
        return Err(refuse("C16", "no-appel"));
    }
    let total = score(state);
    if turn.points != total {
        return Err(refuse("C16", "throw-used"));
    }
    let guards: Vec<CircleId> =
        state.men_of(state.german).filter(|&g| !state.in_barracks(g)).map(|g| state.at(g)).collect();
    let reach = BOARD.distances(&guards, Passage::GUARD, &|_| false);
    let found: Vec<ManId> = turn
        .absent
        .iter()
        .copied()
        .filter(|&m| {
            let at = state.at(m);
            !exempt_from_appel(at)
                && !BOARD.is(at, CircleKind::Appel)
                && reach.to(at).is_some_and(|d| d <= total)
        })
        .collect();
    let cells = cells_for(state, cells, found.len())?;
    let caught = found.into_iter().zip(cells).map(|(man, to)| Placement { man, to }).collect();
    Ok(vec![Event::AbsenteesSearched { caught }])
}

/// C16: warned men to safe circles; the rest who must attend line up "as at the beginning of the
/// game": each on his own circle of the Appel formation for this number of players, or, when
/// that circle is taken (a guard, a man who stays away), on the nearest free Appel circle.
/// Absentees are noted for the German's search.
pub(super) fn resolve_appel(state: &State) -> Event {
    let Some(Window::Appel { answers, .. }) = &state.window else { unreachable!("an Appel window") };
    let mut occupied: BTreeSet<CircleId> = state.men.iter().map(|m| m.at).collect();
    let (warned, warnings, surrendered, moved) =
        warnings_of(state, answers.iter().map(|(s, a)| (*s, &a.warning)), &mut occupied);
    let mut attending = Vec::new();
    let mut absent = Vec::new();
    for seat in state.escape_seats() {
        let away: &[ManId] = answers.iter().find(|(s, _)| *s == seat).map_or(&[], |(_, a)| &a.absent);
        for man in state.men_of(seat) {
            if moved.contains(&man) || exempt_from_appel(state.at(man)) {
                continue;
            }
            if away.contains(&man) {
                absent.push(man);
            } else {
                attending.push(man);
            }
        }
    }
    // Everyone lining up leaves his circle at once; the others stay where they are.
    for &man in &attending {
        occupied.remove(&state.at(man));
    }
    let mut spots: Vec<(ManId, CircleId)> = Vec::new();
    let mut homeless = Vec::new();
    for &man in &attending {
        match formation_spot(state, man).filter(|c| !occupied.contains(c)) {
            Some(spot) => {
                occupied.insert(spot);
                spots.push((man, spot));
            }
            None => homeless.push(man),
        }
    }
    for man in homeless {
        if let Some(to) = BOARD.nearest_free(state.at(man), &appel_circle, &|c| occupied.contains(&c)) {
            occupied.insert(to);
            spots.push((man, to));
        } else {
            // No Appel circle free: he stays where he is.
            occupied.insert(state.at(man));
        }
    }
    let lined_up = spots
        .into_iter()
        .filter(|&(m, to)| state.at(m) != to)
        .map(|(man, to)| Placement { man, to })
        .collect();
    Event::AppelResolved { lined_up, warned, warnings, absent, surrendered }
}

/// C1, C16: a man's circle of the Appel formation: the one he stood on at the start.
fn formation_spot(state: &State, man: ManId) -> Option<CircleId> {
    let seat = state.seat_of(man)?;
    let team = state.escape_seats().iter().position(|&s| s == seat)?;
    let index = (0..man).filter(|&m| state.seat_of(m) == Some(seat)).count();
    BOARD.formation(u8::try_from(state.seats).ok()?)?.teams.get(team)?.get(index).copied()
}

/// Advance Warning answers (C17): each warned man directly to the safe circle he was given (or
/// the nearest free one), giving up the equipment his way there takes (our reading of the card's
/// "must only give up any equipment cards needed to reach the safe area"). A man whose way his
/// team cannot pay stays. The warned men, the Warning cards, the equipment given up and who moved.
fn warnings_of<'a>(
    state: &State,
    answers: impl Iterator<Item = (Seat, &'a Option<Warning>)>,
    occupied: &mut BTreeSet<CircleId>,
) -> (Vec<Placement>, Vec<CardId>, Vec<CardId>, BTreeSet<ManId>) {
    let mut warned = Vec::new();
    let mut cards = Vec::new();
    let mut surrendered = Vec::new();
    let mut moved = BTreeSet::new();
    for (seat, warning) in answers {
        let Some(w) = warning else { continue };
        cards.push(w.card);
        let mut spent = Spent::default();
        for p in &w.moves {
            if !state.is_man(p.man) || moved.contains(&p.man) {
                continue;
            }
            let from = state.at(p.man);
            let to = if !occupied.contains(&p.to) && BOARD.is(p.to, CircleKind::Safe) {
                Some(p.to)
            } else {
                BOARD.nearest_free(from, &|c| c.kind == CircleKind::Safe, &|c| occupied.contains(&c))
            };
            let Some(to) = to else { continue };
            let mut trial = spent.clone();
            if !way_paid(state, seat, from, to, &mut trial) {
                continue;
            }
            spent = trial;
            occupied.remove(&from);
            occupied.insert(to);
            moved.insert(p.man);
            warned.push(Placement { man: p.man, to });
        }
        surrendered.extend(spent.cards);
    }
    (warned, cards, surrendered, moved)
}

/// Equipment given up on one team's ways "directly" somewhere (C17): the cards, and the gates,
/// drops and wire crossings already paid (each serves the team's other men, R50).
#[derive(Debug, Clone, Default)]
struct Spent {
    cards: Vec<CardId>,
    gates: Vec<CircleId>,
    links: Vec<(CircleId, CircleId)>,
}

/// Find the way from `from` to `to` that takes the fewest equipment cards the team still holds
/// (then the fewest steps), men ignored, and pay it into `spent`. False when no way can be paid.
fn way_paid(state: &State, seat: Seat, from: CircleId, to: CircleId, spent: &mut Spent) -> bool {
    use std::cmp::Reverse;
    use std::collections::{BTreeMap, BinaryHeap};
    let held = |e: Equipment, spent: &Spent| {
        equipment_cards(state, seat)
            .into_iter()
            .filter(|c| c.kind() == CardKind::Equipment(e) && !spent.cards.contains(c))
            .collect::<Vec<_>>()
    };
    let open_tunnel = |t: TunnelId| state.tunnels.iter().any(|o| o.tunnel == BOARD.tunnel(t).key);
    // What a link takes now: `Some((equipment, cards))`, `(None, 0)` when free; None: not usable.
    let price = |a: CircleId, l: &Link, spent: &Spent| -> Option<(Option<Equipment>, usize)> {
        let paid = match l.kind {
            LinkKind::Gate(_) => spent.gates.contains(&l.to),
            _ => spent.links.contains(&(a, l.to)),
        };
        match l.kind {
            LinkKind::Step => Some((None, 0)),
            LinkKind::Tunnel(t) => open_tunnel(t).then_some((None, 0)),
            _ if paid => Some((None, 0)),
            LinkKind::Gate(GateKind::Key) => Some((Some(Equipment::Key), 1)),
            LinkKind::Gate(GateKind::Pass) => Some((Some(Equipment::Pass), 1)),
            LinkKind::RopeDown { ropes } | LinkKind::RopeUp { ropes } => {
                Some((Some(Equipment::Rope), usize::from(ropes)))
            }
            LinkKind::Wire => Some((Some(Equipment::WireCutters), 1)),
        }
    };
    let mut best: BTreeMap<CircleId, (usize, usize)> = BTreeMap::new();
    let mut back: BTreeMap<CircleId, CircleId> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    best.insert(from, (0, 0));
    heap.push(Reverse((0usize, 0usize, from)));
    while let Some(Reverse((cards, steps, at))) = heap.pop() {
        if at == to {
            break;
        }
        if best.get(&at).is_some_and(|&b| b < (cards, steps)) {
            continue;
        }
        for l in BOARD.links(at) {
            let Some((kind, n)) = price(at, l, spent) else { continue };
            if kind.is_some_and(|e| held(e, spent).len() < n) {
                continue;
            }
            let next = (cards + n, steps + 1);
            if best.get(&l.to).is_none_or(|&b| next < b) {
                best.insert(l.to, next);
                back.insert(l.to, at);
                heap.push(Reverse((next.0, next.1, l.to)));
            }
        }
    }
    if !best.contains_key(&to) {
        return false;
    }
    let mut way = vec![to];
    while let Some(&prev) = back.get(&way[way.len() - 1]) {
        way.push(prev);
        if prev == from {
            break;
        }
    }
    way.reverse();
    // Pay along the way: the cheapest way may still ask more of a kind than the team holds.
    let mut trial = spent.clone();
    for pair in way.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let Some(l) = BOARD.link(a, b) else { return false };
        let Some((Some(kind), n)) = price(a, &l, &trial) else { continue };
        let cards: Vec<CardId> = held(kind, &trial).into_iter().take(n).collect();
        if cards.len() < n {
            return false;
        }
        trial.cards.extend(cards);
        match l.kind {
            LinkKind::Gate(_) => trial.gates.push(b),
            _ => trial.links.push((a, b)),
        }
    }
    *spent = trial;
    true
}

/// C17: warned men leave; men still in the room whose team holds equipment go to solitary (cells
/// of the German's choice, C13), one equipment card confiscated each unless the team played a
/// Hideaway.
pub(super) fn resolve_search(state: &State) -> Event {
    let Some(Window::Search { room, answers, cells, .. }) = &state.window else {
        unreachable!("a Search window")
    };
    let mut occupied: BTreeSet<CircleId> = state.men.iter().map(|m| m.at).collect();
    let (warned, mut cards_played, surrendered, moved) =
        warnings_of(state, answers.iter().map(|(s, a)| (*s, &a.warning)), &mut occupied);
    for (_, answer) in answers {
        if let Some(h) = answer.hideaway {
            cards_played.push(h);
        }
    }
    let mut found = Vec::new();
    let mut confiscated = Vec::new();
    for seat in state.escape_seats() {
        if !state.holds_equipment(seat) {
            continue;
        }
        let in_room: Vec<ManId> = state
            .men_of(seat)
            .filter(|m| {
                !moved.contains(m) && BOARD.room_of(state.at(*m)).is_some_and(|(_, r)| &r.key == room)
            })
            .collect();
        let answer = answers.iter().find(|(s, _)| *s == seat).map(|(_, a)| a.clone()).unwrap_or_default();
        if answer.hideaway.is_none() {
            let held: Vec<CardId> =
                equipment_cards(state, seat).into_iter().filter(|c| !surrendered.contains(c)).collect();
            let mut order: Vec<CardId> =
                answer.surrender.iter().copied().filter(|c| held.contains(c)).collect();
            order.extend(held.iter().copied().filter(|c| !answer.surrender.contains(c)));
            confiscated.extend(order.into_iter().take(in_room.len()));
        }
        found.extend(in_room);
    }
    // The cells were checked when the card was played.
    let cells = cells_for(state, cells, found.len()).unwrap_or_default();
    let caught = found.into_iter().zip(cells).map(|(man, to)| Placement { man, to }).collect();
    Event::SearchResolved { room: room.clone(), warned, caught, confiscated, cards_played, surrendered }
}

pub(super) fn check_warning(state: &State, seat: Seat, w: &Warning) -> Result<(), Refusal> {
    if !in_hand(state, seat, w.card) || w.card.kind() != CardKind::AdvanceWarning {
        return Err(refuse("C17", "no-warning-card"));
    }
    let targets: BTreeSet<CircleId> = w.moves.iter().map(|p| p.to).collect();
    let men: BTreeSet<ManId> = w.moves.iter().map(|p| p.man).collect();
    if targets.len() != w.moves.len() || men.len() != w.moves.len() {
        return Err(refuse("C17", "warning-moves"));
    }
    let mut spent = Spent::default();
    for p in &w.moves {
        if state.seat_of(p.man) != Some(seat) || state.in_cell(p.man) {
            return Err(refuse("C17", "warning-moves"));
        }
        if !BOARD.is(p.to, CircleKind::Safe) || state.occupied(p.to) {
            return Err(refuse("C17", "warning-moves"));
        }
        if !way_paid(state, seat, state.at(p.man), p.to, &mut spent) {
            return Err(refuse("C17", "warning-needs-equipment"));
        }
    }
    Ok(())
}
