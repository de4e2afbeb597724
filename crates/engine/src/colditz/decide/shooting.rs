//! Shoot to Kill (C24): the German's shot at a PoW beyond the walls or wire, the Talisman
//! question it opens, and the shot judged once that is answered.
//!
//! Apart because it is the German's one attack on a man beyond the walls: a run of throws against
//! a range measured on the board, with the Talisman window in between.

use super::settle_window;
use super::{Decided, refuse, run_throws, total};
use crate::colditz::board::{BOARD, Passage};
use crate::colditz::cards::CardId;
use crate::colditz::events::{Death, Effect, Event, ManId, Placement};
use crate::colditz::state::{State, Window};
use crate::{Random, Seat};

/// C24: Shoot to Kill, in the German's turn, at a PoW beyond the walls or wire: the German names
/// the guard and the man (`men: [guard, man]`) and throws (doubles again); the shot man's
/// Escape Officer is then asked about a Talisman.
pub(super) fn shoot(
    state: &State,
    seat: Seat,
    card: CardId,
    men: &[ManId],
    dice: &[[u8; 2]],
    rng: &mut dyn Random,
) -> Decided {
    let [guard, man] = men else {
        return Err(refuse("C24", "name-guard-and-man"));
    };
    if !state.is_german(seat)
        || !state.is_guard(*guard)
        || !state.is_man(*man)
        || state.in_barracks(*guard)
        || state.is_guard(*man)
        || state.is_gone(*man)
    {
        return Err(refuse("C24", "name-guard-and-man"));
    }
    // A man in a tunnel is out of sight, even under the fields (R53).
    if !BOARD.is_beyond(state.at(*man)) || state.tunnellers.contains(man) {
        return Err(refuse("C24", "not-beyond"));
    }
    let throws = run_throws(state, 1, state.options.max_throws.map(usize::from), dice, rng)?;
    let mut after = state.clone();
    let played = Event::Played { seat, card, effect: Effect::Shoot { guard: *guard, man: *man, throws } };
    after.apply(&played);
    let mut events = vec![played];
    events.extend(settle_window(&after));
    Ok(events)
}

/// C24: the shot judged once the Talisman question is answered.
pub(super) fn judge_shot(state: &State, talisman: Option<CardId>) -> Vec<Event> {
    let Some(Window::Talisman { seat, guard, man, throws }) = &state.window else {
        return Vec::new();
    };
    let score = total(throws);
    let range = if talisman.is_some() { score } else { 2 * score };
    let distance = BOARD.distance(state.at(*guard), state.at(*man), Passage::ANY, &|_| false);
    let hit = distance.is_some_and(|d| d <= range);
    // R46: "He must return directly to barracks ... when he ... shoots to kill" (revision 1).
    let back = Placement { man: *guard, to: state.barracks_place(state.at(*guard)) };
    let guard = state.chase_follows_roads().then_some(back);
    let mut events = vec![Event::ShotJudged { man: *man, talisman, range, distance, hit, guard }];
    if hit {
        events.push(Event::Died { man: *man, seat: *seat, cause: Death::Shot, team_out: false });
    }
    events
}
