//! Escape Equipment and the Escape Kit: two men in rooms with the symbol claim an equipment card
//! and go directly to Appel, with a man lent by another Escape Officer if he agrees (C10); the
//! Kit from men in the four kit rooms and/or kit-part cards, claimed in secret (C11, C21).
//!
//! Apart because these are the claims a team makes with its men standing in rooms: the same
//! question (who stands where, under which symbol) answers both.

use std::collections::BTreeSet;

use super::settle_window;
use super::{Decided, appel_circle, direct, in_hand, refuse, stock_of};
use crate::colditz::board::{BOARD, Symbol};
use crate::colditz::cards::{CardId, CardKind, Equipment, KitPart};
use crate::colditz::events::{Event, ManId};
use crate::colditz::state::{State, Window};
use crate::{Refusal, Seat};

/// C10: two men in rooms with the symbol claim the card and go directly to Appel. At least one
/// is the claimant's; the other may be another Escape Officer's ("Escape Officers may combine
/// members of their respective teams"), who is asked first (a reaction window; standing order
/// `lend_men` agrees at once; the deadline refuses). The card goes to the claimant.
pub(super) fn claim_equipment(state: &State, seat: Seat, equipment: Equipment, men: [ManId; 2]) -> Decided {
    let lender = check_claim(state, seat, equipment, men)?;
    match lender {
        None => {
            let card = stock_of(state, equipment, &[]).ok_or_else(|| refuse("C10", "none-left"))?;
            let moves = direct(state, &men, &appel_circle);
            Ok(vec![Event::EquipmentClaimed { seat, card, moves }])
        }
        Some(lender) => {
            let asked = Event::LendAsked { seat, lender, equipment, men };
            let mut after = state.clone();
            after.apply(&asked);
            let mut events = vec![asked];
            events.extend(settle_window(&after));
            Ok(events)
        }
    }
}

/// C10: whether two men may claim this equipment for `seat`; the other Escape Officer who lends
/// one of them, if any.
fn check_claim(
    state: &State,
    seat: Seat,
    equipment: Equipment,
    men: [ManId; 2],
) -> Result<Option<Seat>, Refusal> {
    let seats: Vec<Option<Seat>> =
        men.iter().map(|&m| state.seat_of(m).filter(|_| !state.is_gone(m))).collect();
    let foreign: Vec<Seat> = seats.iter().flatten().copied().filter(|&s| s != seat).collect();
    if men[0] == men[1]
        || seats.iter().any(|s| s.is_none_or(|s| state.is_german(s) || state.out.contains(&s)))
        || foreign.len() > 1
    {
        return Err(refuse("C10", "not-your-man"));
    }
    let symbol = equipment.symbol();
    if !men.iter().all(|&m| BOARD.room_of(state.at(m)).is_some_and(|(_, r)| r.symbol == symbol)) {
        return Err(refuse("C10", "not-in-symbol-rooms"));
    }
    if stock_of(state, equipment, &[]).is_none() {
        return Err(refuse("C10", "none-left"));
    }
    Ok(foreign.first().copied())
}

/// C10: the lender's answer: agreed, the claim is made (if it still holds).
pub(super) fn answer_lend(state: &State, agree: bool) -> Vec<Event> {
    let Some(Window::Lend { seat, lender, equipment, men }) = &state.window else {
        return Vec::new();
    };
    let mut events = vec![Event::LendAnswered { lender: *lender, agree }];
    if agree
        && check_claim(state, *seat, *equipment, *men).is_ok()
        && let Some(card) = stock_of(state, *equipment, &[])
    {
        events.push(Event::EquipmentClaimed { seat: *seat, card, moves: direct(state, men, &appel_circle) });
    }
    events
}

/// C11: the Escape Kit from men in the four kit rooms and/or kit-part cards.
pub(super) fn claim_kit(state: &State, seat: Seat, men: &[ManId], parts: &[CardId]) -> Decided {
    if state.holds_kit(seat) {
        return Err(refuse("C11", "kit-held"));
    }
    let mut needed: Vec<Symbol> = vec![Symbol::Disguise, Symbol::Compass, Symbol::Food, Symbol::Documents];
    let distinct: BTreeSet<CardId> = parts.iter().copied().collect();
    if distinct.len() != parts.len() {
        return Err(refuse("C11", "kit-parts"));
    }
    for &p in parts {
        if !in_hand(state, seat, p) {
            return Err(refuse("C11", "kit-parts"));
        }
        let covers = match p.kind() {
            CardKind::KitPart(KitPart::CompassFood) => [Symbol::Compass, Symbol::Food],
            CardKind::KitPart(KitPart::DocumentsClothing) => [Symbol::Documents, Symbol::Disguise],
            _ => return Err(refuse("C11", "kit-parts")),
        };
        if !covers.iter().all(|s| needed.contains(s)) {
            return Err(refuse("C11", "kit-parts"));
        }
        needed.retain(|s| !covers.contains(s));
    }
    let distinct_men: BTreeSet<ManId> = men.iter().copied().collect();
    if distinct_men.len() != men.len()
        || men.len() != needed.len()
        || men.iter().any(|&m| state.men.get(usize::from(m)).is_none_or(|x| x.seat != seat))
    {
        return Err(refuse("C11", "kit-rooms"));
    }
    let symbols: Vec<Option<Symbol>> =
        men.iter().map(|&m| BOARD.room_of(state.at(m)).map(|(_, r)| r.symbol)).collect();
    if !matches_all(&needed, &symbols) {
        return Err(refuse("C11", "kit-rooms"));
    }
    // The team's own Kit card (`State::kit_card`), so the id it displays one day tells nothing.
    let card = state
        .kit_card(seat)
        .filter(|c| state.stock.contains(c))
        .or_else(|| state.stock.iter().copied().find(|c| c.kind() == CardKind::Kit))
        .ok_or_else(|| refuse("C11", "none-left"))?;
    // The kit parts go back to the bottom of the pack inside the claim itself (`State::apply`),
    // not as discards of their own: to another seat the whole claim is one private move, like
    // standing orders set (C21), and never two cards discarded at once.
    Ok(vec![Event::KitClaimed { seat, card, parts: parts.to_vec() }])
}

/// Whether each needed symbol can be given a distinct man standing in a room with it.
fn matches_all(needed: &[Symbol], symbols: &[Option<Symbol>]) -> bool {
    match needed.split_first() {
        None => true,
        Some((first, rest)) => (0..symbols.len()).any(|i| {
            symbols[i] == Some(*first) && {
                let mut others = symbols.to_vec();
                others[i] = None;
                matches_all(rest, &others)
            }
        }),
    }
}
