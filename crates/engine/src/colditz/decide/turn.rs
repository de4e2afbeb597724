//! A turn's frame: the throw that opens it, doubles throwing again and 3, 7 or 11 drawing a card
//! (C4), and the end its player declares (C7), which first checks what may not outlast the turn:
//! a hand over three (C18), a guard in a room (R44) or a doorway (R45), a man alone in a tunnel
//! (R53).
//!
//! Apart because these two bound every turn, whoever plays it; what happens between them is
//! judged in the rule areas.

use std::collections::BTreeSet;

use super::courtyard::r45_blocked;
use super::guards::guard_circles;
use super::tunnels::{surface_circle, up_at_entry};
use super::{Decided, MOST_THROWS, hand, refuse};
use crate::colditz::board::{BOARD, CircleId};
use crate::colditz::cards::Pack;
use crate::colditz::events::Event;
use crate::colditz::options::Dice;
use crate::colditz::state::State;
use crate::{Random, Seat};

/// C4: all throws of a turn (doubles throw again, capped by the option), then a card when a throw
/// totals 3, 7 or 11 (only the last can: a double never does).
pub(super) fn throw(state: &State, seat: Seat, dice: &[[u8; 2]], rng: &mut dyn Random) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if !turn.throws.is_empty() {
        return Err(refuse("C4", "thrown-already"));
    }
    if turn.do_or_die.is_some() {
        return Err(refuse("R51", "throw-the-run"));
    }
    let cap = Some(state.options.max_throws.map_or(MOST_THROWS, usize::from).min(MOST_THROWS));
    let throws: Vec<[u8; 2]> = match state.options.dice {
        Dice::Seeded => {
            if !dice.is_empty() {
                return Err(refuse("C4", "seeded-dice"));
            }
            let mut throws = Vec::new();
            loop {
                let t = [rng.d6(), rng.d6()];
                throws.push(t);
                if t[0] != t[1] || cap.is_some_and(|c| throws.len() >= c) {
                    break throws;
                }
            }
        }
        Dice::Manual => {
            let valid = !dice.is_empty()
                && dice.iter().flatten().all(|f| (1..=6).contains(f))
                && dice[..dice.len() - 1].iter().all(|t| t[0] == t[1])
                && cap.is_none_or(|c| dice.len() <= c)
                && (dice[dice.len() - 1][0] != dice[dice.len() - 1][1] || cap == Some(dice.len()));
            // The option's cap, or our bound: a last double then throws no more.
            if !valid {
                return Err(refuse("C4", "manual-dice"));
            }
            dice.to_vec()
        }
    };
    let draws = throws.iter().any(|&[a, b]| matches!(a + b, 3 | 7 | 11));
    let mut events = vec![Event::Thrown { seat, throws: throws.clone() }];
    if draws {
        let (pack, pile) = if state.is_german(seat) {
            (Pack::Security, &state.security)
        } else {
            (Pack::Opportunity, &state.opportunity)
        };
        if let Some(&card) = pile.front() {
            events.push(Event::Drew { seat, pack, card: Some(card) });
        }
    }
    Ok(events)
}

/// C7, R44, R45, R47, R53.
pub(super) fn end_turn(state: &State, seat: Seat) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if turn.do_or_die.is_some() {
        return Err(refuse("R51", "throw-the-run"));
    }
    if turn.throws.is_empty() {
        return Err(refuse("C4", "throw-first"));
    }
    if hand(state, seat).len() > 3 {
        return Err(refuse("C18", "hand-over-three"));
    }
    let mut events = Vec::new();
    if state.tunnels_need_two() {
        // R53: at the end of every turn a tunnel holds no man or at least two; a man alone (his
        // second never followed, or the German took the other) comes back up where he went down.
        let mut occupied: BTreeSet<CircleId> = state.men.iter().map(|m| m.at).collect();
        for open in &state.tunnels {
            if let [man] = state.inside(&open.tunnel)[..]
                && let Some(to) = up_at_entry(state, man, &occupied)
            {
                occupied.insert(to);
                events.push(Event::TunnelLeft { man, to });
            }
        }
    }
    if state.is_german(seat) {
        for g in state.men_of(seat) {
            if BOARD.room_of(state.at(g)).is_some() {
                return Err(refuse("R44", "guard-in-room"));
            }
        }
        if r45_blocked(&guard_circles(state, None)).is_some() {
            return Err(refuse("R45", "guard-in-doorway"));
        }
    } else if !state.tunnels_need_two() {
        // R53 (revision 0): a man of this team left alone in a tunnel comes up at the nearest
        // free circle.
        let mut occupied: BTreeSet<CircleId> = state.men.iter().map(|m| m.at).collect();
        for open in &state.tunnels {
            if let [man] = state.inside(&open.tunnel)[..]
                && state.seat_of(man) == Some(seat)
            {
                let from = state.at(man);
                if let Some(to) = BOARD.nearest_free(from, &surface_circle, &|c| occupied.contains(&c)) {
                    occupied.insert(to);
                    events.push(Event::TunnelLeft { man, to });
                }
            }
        }
    }
    events.push(Event::TurnEnded { seat });
    Ok(events)
}
