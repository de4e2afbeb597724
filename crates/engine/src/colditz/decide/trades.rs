//! Cards passing between Escape Officers: an Opportunity card given in turn, the recipient's hand
//! staying at three (C18), and trades offered, accepted, declined or withdrawn at any time (R48).
//!
//! Apart because these move cards between teams, not men on the board, and trades are open at
//! any time of play, outside the turn.

use std::collections::BTreeSet;

use super::{Decided, hand, in_hand, not_yours, refuse};
use crate::Seat;
use crate::colditz::cards::{CardId, Pack};
use crate::colditz::events::{Event, Offer};
use crate::colditz::state::{Phase, State};

/// C18: give an Opportunity card to another Escape Officer (whose hand stays at three at most).
pub(super) fn give(state: &State, seat: Seat, card: CardId, to: Seat) -> Decided {
    if state.is_german(seat) || state.is_german(to) || to == seat || usize::from(to) >= state.seats {
        return Err(refuse("C18", "give-to-escape-officer"));
    }
    if !in_hand(state, seat, card) {
        return Err(refuse("R47", "card-not-held"));
    }
    if hand(state, to).len() >= 3 {
        return Err(refuse("C18", "recipient-full"));
    }
    Ok(vec![Event::Given { from: seat, to, card: Some(card) }])
}

fn holds(state: &State, seat: Seat, card: CardId) -> bool {
    in_hand(state, seat, card) || state.equipment[usize::from(seat)].contains(&card)
}

fn tradeable(card: CardId) -> bool {
    matches!(card.kind().pack(), Pack::Opportunity | Pack::Equipment)
}

/// Whether `seat` holds a card it may give in a trade (R48): an Opportunity card in hand or an
/// Escape Equipment card of its team.
pub(super) fn has_tradeable(state: &State, seat: Seat) -> bool {
    hand(state, seat).iter().chain(&state.equipment[usize::from(seat)]).any(|&c| tradeable(c))
}

/// R48: offers between Escape Officers at any time; an offer gives at least one card.
pub(super) fn offer_trade(state: &State, seat: Seat, to: Seat, give: &[CardId], want: &[CardId]) -> Decided {
    if state.phase != Phase::Playing {
        return Err(refuse("R48", "not-started"));
    }
    if state.is_german(seat)
        || state.is_german(to)
        || to == seat
        || usize::from(to) >= state.seats
        || state.out.contains(&to)
    {
        return Err(refuse("R48", "trade-between-escape-officers"));
    }
    // A trade gives something of the offerer's (see docs/rules/colditz.md, "Trades"): asking
    // with nothing to give is no trade, so it is neither offered nor accepted.
    if give.is_empty() {
        return Err(refuse("R48", "nothing-to-give"));
    }
    let all: BTreeSet<CardId> = give.iter().chain(want).copied().collect();
    if all.len() != give.len() + want.len() || !all.iter().all(|&c| tradeable(c)) {
        return Err(refuse("R48", "untradeable"));
    }
    if give.iter().any(|&c| !holds(state, seat, c)) {
        return Err(refuse("R48", "card-not-held"));
    }
    Ok(vec![Event::OfferMade {
        offer: Offer { id: state.next_offer, from: seat, to, give: give.to_vec(), want: want.to_vec() },
    }])
}

pub(super) fn accept_offer(state: &State, seat: Seat, id: u32) -> Decided {
    let Some(offer) = state.offers.iter().find(|o| o.id == id) else {
        return Err(refuse("R48", "no-such-offer"));
    };
    if offer.to != seat {
        return Err(not_yours("R48", "not-your-offer"));
    }
    if offer.give.iter().any(|&c| !holds(state, offer.from, c))
        || offer.want.iter().any(|&c| !holds(state, offer.to, c))
    {
        return Err(refuse("R48", "offer-stale"));
    }
    let opp = |cards: &[CardId]| cards.iter().filter(|c| c.kind().pack() == Pack::Opportunity).count();
    let in_turn = state.turn_seat();
    let from_after = hand(state, offer.from).len() + opp(&offer.want) - opp(&offer.give);
    let to_after = hand(state, offer.to).len() + opp(&offer.give) - opp(&offer.want);
    if (from_after > 3 && in_turn != Some(offer.from)) || (to_after > 3 && in_turn != Some(offer.to)) {
        return Err(refuse("C18", "recipient-full"));
    }
    Ok(vec![Event::OfferAccepted { offer: id }])
}
