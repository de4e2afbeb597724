//! Do or Die (R51): with the Escape Kit, from the prisoners' area, before the throw: the top Do or
//! Die card is drawn, then its throws reach a target, or the man dies and (by default) his team is
//! out.
//!
//! Apart because it takes the place of the turn's throw and spans two actions with manual dice
//! (the draw, then the throws typed).

use super::{Decided, own_pow, refuse, run_throws, to_target, total};
use crate::colditz::board::{BOARD, CircleKind, Passage, Region};
use crate::colditz::cards::{CardId, CardKind};
use crate::colditz::events::{Death, Event, ManId, Route};
use crate::colditz::options::Dice;
use crate::colditz::state::State;
use crate::{Random, Seat};

/// R51: Do or Die, in the man's turn before the throw: with the Escape Kit, from anywhere in
/// the prisoners' area (or, by the option, a light-green circle), the top Do or Die card's
/// throws (doubles again), no cards drawn, guards cannot stop him. A target reached is an
/// escape; failing kills him and puts his team out (or only him, by the option).
///
/// As at the table the card is drawn first (an event that shows its count; the team's Kit is then
/// displayed), then the throws are taken: with seeded dice both in this one action; with manual
/// dice the first action (no dice) draws and a second one types the throws.
pub(super) fn do_or_die(
    state: &State,
    seat: Seat,
    man: ManId,
    dice: &[[u8; 2]],
    rng: &mut dyn Random,
) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if let Some(run) = turn.do_or_die {
        if run.man != man {
            return Err(refuse("R51", "throw-the-run"));
        }
        return do_or_die_run(state, seat, man, run.card, dice, rng);
    }
    if !turn.throws.is_empty() {
        return Err(refuse("R51", "before-the-throw"));
    }
    if !own_pow(state, seat, man) {
        return Err(refuse("C5", "not-your-man"));
    }
    if !state.holds_kit(seat) {
        return Err(refuse("R51", "needs-kit"));
    }
    // R53 (revision 1): men leave a tunnel only at its ends.
    if state.tunnels_need_two() && state.tunnellers.contains(&man) {
        return Err(refuse("R53", "leave-at-an-end"));
    }
    let at = state.at(man);
    let inside = BOARD.region(at) == Some(Region::Inner) && !state.in_cell(man);
    if !inside || (state.options.do_or_die_from_green && !BOARD.is(at, CircleKind::DoOrDie)) {
        return Err(refuse("R51", "not-in-prisoners-area"));
    }
    let Some(&card) = state.do_or_die.front() else {
        return Err(refuse("R51", "no-card"));
    };
    let drawn = Event::DoOrDieDrawn { man, card };
    match state.options.dice {
        Dice::Manual if !dice.is_empty() => Err(refuse("R51", "draw-first")),
        Dice::Manual => Ok(vec![drawn]),
        Dice::Seeded => {
            let mut after = state.clone();
            after.apply(&drawn);
            let mut events = vec![drawn];
            events.extend(do_or_die_run(&after, seat, man, card, dice, rng)?);
            Ok(events)
        }
    }
}

/// R51: the run's throws once its card is drawn.
fn do_or_die_run(
    state: &State,
    seat: Seat,
    man: ManId,
    card: CardId,
    dice: &[[u8; 2]],
    rng: &mut dyn Random,
) -> Decided {
    let CardKind::DoOrDie(n) = card.kind() else { unreachable!("the Do or Die pack holds Do or Die cards") };
    let at = state.at(man);
    let throws = run_throws(state, usize::from(n), None, dice, rng)?;
    let needed = to_target(&[at], Passage::DO_OR_DIE);
    let score = total(&throws);
    let mut events = vec![Event::DoOrDieRun { man, card, throws, needed }];
    match needed {
        Some(d) if score >= d => {
            let dist = BOARD.distances(&[at], Passage::DO_OR_DIE, &|_| false);
            let target = BOARD
                .targets()
                .iter()
                .filter_map(|t| dist.to(t.circle).map(|x| (x, t.circle)))
                .min()
                .map(|(_, c)| c)
                .expect("a target was reached");
            events.push(Event::Escaped { man, seat, target, route: Route::DoOrDie });
        }
        _ => {
            let team_out = !state.options.do_or_die_only_him;
            events.push(Event::Died { man, seat, cause: Death::DoOrDie, team_out });
            // A team out of the game plays no more: its turn ends at once.
            if team_out {
                events.push(Event::TurnEnded { seat });
            }
        }
    }
    Ok(events)
}
