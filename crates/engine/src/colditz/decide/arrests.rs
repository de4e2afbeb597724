//! Arrests and the cells: whether a PoW may be arrested where he stands and whether his team then
//! gives up equipment (C13, R35, C9, R39), the cell each man caught goes to (C13), the
//! confiscation that follows, release by a double (R37), the Arrest Key/Pass Holder (R49) and the
//! German's rule 55 (R55).
//!
//! Apart because every way a man goes to solitary (a guard's move, a forced arrest, a search, a
//! holder card, an infringement) asks these same questions.

use std::collections::BTreeSet;

use super::{Decided, equipment_cards, first_in_hand, not_yours, refuse};
use crate::colditz::board::{BOARD, CircleId, CircleKind, Region, Terrain};
use crate::colditz::cards::{CardId, CardKind, Equipment};
use crate::colditz::events::{ArrestCause, Event, ManId, Placement};
use crate::colditz::state::{Phase, State};
use crate::{Refusal, Seat};

/// C13, R35, R39: whether a guard may arrest this PoW where he stands, and whether his team then
/// owes an equipment card. `None`: he may not be arrested.
pub fn arrestable(state: &State, man: ManId) -> Option<bool> {
    why_not_arrestable(state, man).ok()
}

/// The same, with the rule that protects him: R35 (Appel circle), C9 (safe area), R39 (on his
/// way back from the outer cells), C13 (a room, a cell, a tunnel, or the courtyard without
/// equipment).
pub fn why_not_arrestable(state: &State, man: ManId) -> Result<bool, &'static str> {
    let Some(c) = BOARD.circle(state.at(man)) else {
        return Err("C13");
    };
    let seat = state.men[usize::from(man)].seat;
    match c.kind {
        CircleKind::Appel => return Err("R35"),
        CircleKind::Safe => return Err("C9"),
        CircleKind::Cell | CircleKind::Tunnel => return Err("C13"),
        _ => {}
    }
    if state.returning.contains(&man) {
        return Err("R39");
    }
    match (c.terrain, c.region) {
        (Terrain::Room(_), _) => Err("C13"),
        (Terrain::Courtyard, _) if state.holds_equipment(seat) => Ok(false),
        (Terrain::Courtyard, _) => Err("C13"),
        (_, Region::Outer | Region::Beyond) => Ok(state.holds_equipment(seat)),
        _ => Err("C13"),
    }
}

/// The longest infringement text a rule 55 action may state.
const MOST_TEXT: usize = 1000;

/// C13: the cells for `n` men caught at once: the German's choice in order (`chosen`), then the
/// first free inner cells, then inner cells shared. Refused when a chosen circle is no cell.
pub(super) fn cells_for(state: &State, chosen: &[CircleId], n: usize) -> Result<Vec<CircleId>, Refusal> {
    if chosen.iter().any(|&c| !BOARD.is(c, CircleKind::Cell)) {
        return Err(refuse("C13", "not-a-cell"));
    }
    let mut occupied: BTreeSet<CircleId> = state.men.iter().map(|m| m.at).collect();
    let inner: Vec<CircleId> = state.inner_cells().collect();
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let cell = match chosen.get(i) {
            Some(&c) => c,
            None => match state.orders[usize::from(state.german)].cell {
                Some(c) if BOARD.is(c, CircleKind::Cell) => c,
                _ => inner.iter().copied().find(|c| !occupied.contains(c)).unwrap_or(inner[i % inner.len()]),
            },
        };
        occupied.insert(cell);
        out.push(cell);
    }
    Ok(out)
}

/// C13: the cell for one man: the German's choice, else the default.
pub(super) fn cell_for(state: &State, chosen: Option<CircleId>) -> Result<CircleId, Refusal> {
    match chosen {
        Some(c) if BOARD.is(c, CircleKind::Cell) => Ok(c),
        Some(_) => Err(refuse("C13", "not-a-cell")),
        None => Ok(state.default_cell()),
    }
}

/// The answer a team's standing orders give at once to a confiscation (C15).
pub(super) fn standing_confiscation(state: &State, seat: Seat) -> Vec<Event> {
    if !state.orders[usize::from(seat)].confiscation {
        return Vec::new();
    }
    vec![default_confiscation(state, seat, true)]
}

pub(super) fn default_confiscation(state: &State, seat: Seat, use_hideaway: bool) -> Event {
    let hideaway = if use_hideaway { first_in_hand(state, seat, CardKind::Hideaway) } else { None };
    let card = if hideaway.is_some() { None } else { equipment_cards(state, seat).first().copied() };
    Event::Confiscated { seat, card, hideaway }
}

/// R37: a double releases one man (one point of the score).
pub(super) fn release(state: &State, seat: Seat, man: ManId) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if state.men.get(usize::from(man)).is_none_or(|m| m.seat != seat) || !state.in_cell(man) {
        return Err(refuse("R37", "not-in-solitary"));
    }
    if turn.releases == 0 || turn.points == 0 {
        return Err(refuse("R37", "no-double"));
    }
    let to = state.release_circle(man).ok_or_else(|| refuse("R37", "no-free-circle"))?;
    Ok(vec![Event::Released { placement: Placement { man, to } }])
}

/// R49: the German's Arrest Key/Pass Holder card for this equipment, if he holds it.
pub(super) fn holder_card(state: &State, equipment: Equipment) -> Option<CardId> {
    let kind = match equipment {
        Equipment::Key => CardKind::ArrestKeyHolder,
        _ => CardKind::ArrestPassHolder,
    };
    first_in_hand(state, state.german, kind)
}

/// R49: the answer: with the card, the man goes to solitary (the card he used is already
/// given up: that is its confiscation).
pub(super) fn answer_holder(state: &State, man: ManId, card: Option<CardId>, cell: CircleId) -> Vec<Event> {
    let mut events = vec![Event::HolderAnswered { man, card }];
    if card.is_some() && !state.is_gone(man) {
        events.push(Event::Arrested {
            man,
            cell,
            guard: None,
            cause: ArrestCause::Holder,
            confiscate: false,
        });
    }
    events
}

/// R55: the German sends a PoW to solitary, stating the infringement.
pub(super) fn discipline(
    state: &State,
    seat: Seat,
    man: ManId,
    infringement: &str,
    cell: Option<CircleId>,
) -> Decided {
    if !state.is_german(seat) {
        return Err(not_yours("R55", "german-only"));
    }
    if state.phase != Phase::Playing {
        return Err(refuse("R55", "not-started"));
    }
    if state.men.get(usize::from(man)).is_none_or(|m| m.seat == state.german)
        || state.in_cell(man)
        || state.is_gone(man)
    {
        return Err(refuse("R55", "not-a-pow"));
    }
    if infringement.trim().is_empty() {
        return Err(refuse("R55", "state-infringement"));
    }
    if infringement.len() > MOST_TEXT {
        return Err(refuse("R55", "infringement-too-long"));
    }
    let cell = match cell {
        Some(c) if BOARD.is(c, CircleKind::Cell) => c,
        Some(_) => return Err(refuse("R55", "not-a-cell")),
        None => state.default_cell(),
    };
    Ok(vec![Event::Disciplined { man, cell, infringement: infringement.trim().to_string() }])
}
