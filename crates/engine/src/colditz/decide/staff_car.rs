//! The Staff Car (R52): a PoW on one of the car's circles drives out through the main gate by six
//! throws, to a target (with the Escape Kit, C22) or to solitary.
//!
//! Apart because the car escapes by a run of throws measured on the board, not by a walk: no
//! gate, guard or man stops it.

use super::{Decided, own_pow, refuse, run_throws, to_target, total};
use crate::colditz::board::{BOARD, CircleKind, Passage};
use crate::colditz::cards::CardId;
use crate::colditz::events::{ArrestCause, Effect, Event, ManId, Route};
use crate::colditz::state::State;
use crate::{Random, Seat};

/// R52: the Staff Car. The man stands on a circle by the car; he throws six times (doubles
/// again) and drives out through the main gate, guards standing aside, no pass needed. Reaching
/// a target (with the kit, C22) is an escape; short of it he goes to solitary.
pub(super) fn staff_car(
    state: &State,
    seat: Seat,
    card: CardId,
    men: &[ManId],
    dice: &[[u8; 2]],
    rng: &mut dyn Random,
) -> Decided {
    let [man] = men else {
        return Err(refuse("C19", "choose-one-man"));
    };
    let man = *man;
    if !own_pow(state, seat, man) || !BOARD.is(state.at(man), CircleKind::StaffCar) {
        return Err(refuse("R52", "not-at-the-car"));
    }
    if !state.holds_kit(seat) {
        return Err(refuse("C22", "escape-needs-kit"));
    }
    let throws = run_throws(state, 6, None, dice, rng)?;
    let gate = BOARD.main_gate().circle;
    let needed = BOARD
        .distance(state.at(man), gate, Passage::GUARD, &|_| false)
        .zip(to_target(&[gate], Passage::GUARD))
        .map(|(a, b)| a + b);
    let score = total(&throws);
    let mut events = vec![Event::Played { seat, card, effect: Effect::StaffCar { man, throws, needed } }];
    match needed {
        Some(n) if score >= n => {
            let d = BOARD.distances(&[gate], Passage::GUARD, &|_| false);
            let target = BOARD
                .targets()
                .iter()
                .filter_map(|t| d.to(t.circle).map(|x| (x, t.circle)))
                .min()
                .map(|(_, c)| c)
                .expect("a target was reached");
            events.push(Event::Escaped { man, seat, target, route: Route::StaffCar });
        }
        _ => events.push(Event::Arrested {
            man,
            cell: state.default_cell(),
            guard: None,
            cause: ArrestCause::StaffCar,
            confiscate: false,
        }),
    }
    Ok(events)
}
