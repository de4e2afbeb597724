//! Cards played in turn (C19, C20, R54): what each Opportunity and Security card does when its
//! holder plays it, and the Security cards the German returns under Sabotage (C20). Cards that
//! only answer a window are refused here (R49); Do or Die cards are not in a hand (R51).
//!
//! Apart because every card in a hand is judged by this one `play`, which hands the cards that
//! are whole rule areas (the Staff Car, Shoot to Kill) on to theirs.

use std::collections::BTreeSet;

use super::appel::exempt_from_appel;
use super::settle_window;
use super::shooting::shoot;
use super::staff_car::staff_car;
use super::{Decided, direct, hand, in_hand, refuse, stock_of};
use crate::colditz::board::{BOARD, CircleId, CircleKind};
use crate::colditz::cards::{CardId, CardKind, Equipment, Pack};
use crate::colditz::events::{Effect, Event, ManId, Placement};
use crate::colditz::state::State;
use crate::{Random, Seat};

/// What a card play names besides the card.
pub(super) struct Targets<'a> {
    pub(super) men: &'a [ManId],
    pub(super) equipment: &'a [Equipment],
    pub(super) dice: &'a [[u8; 2]],
    pub(super) cells: &'a [CircleId],
}

/// C19, C20: cards played in turn.
pub(super) fn play(
    state: &State,
    seat: Seat,
    card: CardId,
    targets: Targets,
    rng: &mut dyn Random,
) -> Decided {
    let Targets { men, equipment, dice, cells } = targets;
    if !in_hand(state, seat, card) {
        return Err(refuse("R47", "card-not-held"));
    }
    let kind = card.kind();
    match kind {
        CardKind::Tunnel(key) => {
            let effect = Effect::Tunnel { tunnel: key.to_string() };
            return Ok(vec![Event::Played { seat, card, effect }]);
        }
        CardKind::StaffCar => return staff_car(state, seat, card, men, dice, rng),
        CardKind::ShootToKill => return shoot(state, seat, card, men, dice, rng),
        CardKind::Talisman | CardKind::ArrestKeyHolder | CardKind::ArrestPassHolder => {
            return Err(refuse("R49", "answer-only"));
        }
        _ => {}
    }
    if let CardKind::DoOrDie(_) = kind {
        return Err(refuse("R51", "not-a-hand-card"));
    }
    let own_man = |m: ManId| state.men.get(usize::from(m)).is_some_and(|x| x.seat == seat);
    let effect = match kind {
        CardKind::Exchange(e) => {
            Effect::Equipment { card: stock_of(state, e, &[]).ok_or_else(|| refuse("C19", "none-left"))? }
        }
        CardKind::KitPart(_) => return Err(refuse("C11", "kit-part-in-claim")),
        CardKind::ReleaseFromSolitary => {
            let [man] = men else {
                return Err(refuse("C19", "choose-one-man"));
            };
            if !own_man(*man) || !state.in_cell(*man) {
                return Err(refuse("R37", "not-in-solitary"));
            }
            let to = state.release_circle(*man).ok_or_else(|| refuse("R37", "no-free-circle"))?;
            Effect::Release { placement: Placement { man: *man, to } }
        }
        CardKind::Diversion | CardKind::HighCommandInspection => {
            let n = if kind == CardKind::Diversion { 1 } else { 2 };
            let on_duty = state.men_of(state.german).filter(|&g| !state.in_barracks(g)).count();
            let distinct: BTreeSet<ManId> = men.iter().copied().collect();
            if men.len() != n.min(on_duty)
                || distinct.len() != men.len()
                || men.iter().any(|&g| {
                    state.men.get(usize::from(g)).is_none_or(|x| x.seat != state.german)
                        || state.in_barracks(g)
                })
            {
                return Err(refuse("R54", "choose-guards"));
            }
            Effect::Guards { moves: direct(state, men, &|c| c.kind == CircleKind::BarracksSlot) }
        }
        CardKind::AdvanceWarning | CardKind::Hideaway => return Err(refuse("R49", "answer-only")),
        CardKind::Bribe => {
            if equipment.len() != 2 {
                return Err(refuse("C19", "bribe-two"));
            }
            let first = stock_of(state, equipment[0], &[]).ok_or_else(|| refuse("C19", "none-left"))?;
            let second = stock_of(state, equipment[1], &[first]).ok_or_else(|| refuse("C19", "none-left"))?;
            Effect::Bribe { cards: vec![first, second] }
        }
        CardKind::Sabotage => Effect::Sabotage { owed: hand(state, state.german).len().min(2) as u8 },
        CardKind::QuickMove(room) => {
            let [man] = men else {
                return Err(refuse("C19", "choose-one-man"));
            };
            if !own_man(*man) || state.in_cell(*man) {
                return Err(refuse("C19", "quick-move-man"));
            }
            // R53 (revision 1): men leave a tunnel only at its ends.
            if state.tunnels_need_two() && state.tunnellers.contains(man) {
                return Err(refuse("R53", "leave-at-an-end"));
            }
            let (room_id, _) = BOARD.room_named(room).expect("quick-move rooms exist on the board");
            let to = state
                .nearest_free(state.at(*man), &|c| c.room() == Some(room_id))
                .ok_or_else(|| refuse("C19", "room-full"))?;
            Effect::QuickMove { placement: Placement { man: *man, to } }
        }
        CardKind::Appel => {
            if !state.turn.as_ref().is_some_and(|t| t.throws.is_empty()) {
                return Err(refuse("C16", "appel-before-throw"));
            }
            let asked = state
                .escape_seats()
                .into_iter()
                .filter(|&s| state.men_of(s).any(|m| !exempt_from_appel(state.at(m))))
                .collect();
            Effect::Appel { asked }
        }
        CardKind::Search(room) => {
            let asked = state
                .escape_seats()
                .into_iter()
                .filter(|&s| {
                    state.holds_equipment(s)
                        && state
                            .men_of(s)
                            .any(|m| BOARD.room_of(state.at(m)).is_some_and(|(_, r)| r.key == room))
                })
                .collect();
            if cells.iter().any(|&c| !BOARD.is(c, CircleKind::Cell)) {
                return Err(refuse("C13", "not-a-cell"));
            }
            Effect::Search { room: room.to_string(), asked, cells: cells.to_vec() }
        }
        _ => return Err(refuse("C19", "not-playable")),
    };
    let mut after = state.clone();
    let played = Event::Played { seat, card, effect };
    after.apply(&played);
    let mut events = vec![played];
    events.extend(settle_window(&after));
    Ok(events)
}

pub(super) fn sabotage_return(state: &State, cards: Vec<CardId>) -> Vec<Event> {
    let count = cards.len() as u8;
    let mut events = vec![Event::SecurityReturned { cards, count }];
    let mut after = state.clone();
    after.apply(&events[0]);
    if let Some(&card) = after.security.front() {
        events.push(Event::Drew { seat: state.german, pack: Pack::Security, card: Some(card) });
    }
    events
}
