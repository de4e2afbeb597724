//! Reaction windows (C15): the answers to an open question (a confiscation, C13; Appel, C16; a
//! Search with Advance Warning and Hideaway, C17; Sabotage, C20; a lent man, C10; the Arrest
//! Key/Pass Holder, R49; the Talisman, C24), the answers standing orders give at once, and the
//! defaults when the deadline passes.
//!
//! Apart because every window, whatever opened it, is answered, settled and timed out the same
//! way: the game waits for the seats asked, then resolves in the rule area the window belongs to.

use std::collections::BTreeSet;

use super::appel::check_warning;
use super::arrests::{answer_holder, cell_for, default_confiscation, holder_card};
use super::equipment::answer_lend;
use super::plays::sabotage_return;
use super::shooting::judge_shot;
use super::{Decided, equipment_cards, hand, in_hand, refuse, settle_window};
use crate::colditz::cards::{CardId, CardKind};
use crate::colditz::events::{Action, AppelAnswer, Event, SearchAnswer};
use crate::colditz::state::{State, Window};
use crate::{Random, Seat};

/// Answers to an open window (C13, C15, C16, C17, C20).
pub(super) fn answer(
    state: &State,
    seat: Seat,
    window: &Window,
    action: &Action,
    _rng: &mut dyn Random,
) -> Decided {
    let mut events = match (window, action) {
        (Window::Appel { .. }, Action::AnswerAppel(a)) => {
            if a.absent.iter().any(|&m| state.men.get(usize::from(m)).is_none_or(|x| x.seat != seat)) {
                return Err(refuse("C16", "not-your-man"));
            }
            if let Some(w) = &a.warning {
                check_warning(state, seat, w)?;
            }
            vec![Event::AppelAnswered { seat, answer: Some(a.clone()) }]
        }
        (Window::Search { .. }, Action::AnswerSearch(a)) => {
            if let Some(w) = &a.warning {
                check_warning(state, seat, w)?;
            }
            if let Some(h) = a.hideaway
                && (!in_hand(state, seat, h) || h.kind() != CardKind::Hideaway)
            {
                return Err(refuse("C17", "no-hideaway-card"));
            }
            let held = equipment_cards(state, seat);
            if a.surrender.iter().any(|c| !held.contains(c)) {
                return Err(refuse("C17", "surrender-not-held"));
            }
            vec![Event::SearchAnswered { seat, answer: Some(a.clone()) }]
        }
        (Window::Confiscation { .. }, Action::AnswerConfiscation { hideaway, surrender }) => {
            if hideaway.is_some() && surrender.is_some() {
                return Err(refuse("C13", "hideaway-or-card"));
            }
            if let Some(h) = hideaway {
                if !in_hand(state, seat, *h) || h.kind() != CardKind::Hideaway {
                    return Err(refuse("C13", "no-hideaway-card"));
                }
                vec![Event::Confiscated { seat, card: None, hideaway: Some(*h) }]
            } else {
                let held = equipment_cards(state, seat);
                let card = match surrender {
                    Some(c) if held.contains(c) => *c,
                    Some(_) => return Err(refuse("C13", "surrender-not-held")),
                    None => match held.first() {
                        Some(&c) => c,
                        None => {
                            return Ok(vec![Event::Confiscated { seat, card: None, hideaway: None }]);
                        }
                    },
                };
                vec![Event::Confiscated { seat, card: Some(card), hideaway: None }]
            }
        }
        (Window::Sabotage { owed }, Action::ReturnSecurity { cards }) => {
            let distinct: BTreeSet<CardId> = cards.iter().copied().collect();
            if cards.len() != usize::from(*owed)
                || distinct.len() != cards.len()
                || cards.iter().any(|c| !in_hand(state, seat, *c))
            {
                return Err(refuse("C20", "return-two"));
            }
            sabotage_return(state, cards.clone())
        }
        (Window::Lend { .. }, Action::AnswerLend { agree }) => answer_lend(state, *agree),
        (Window::Holder { man, equipment }, Action::AnswerArrestHolder { card, cell }) => {
            let cell = cell_for(state, *cell)?;
            if let Some(c) = card
                && (!in_hand(state, seat, *c) || holder_card(state, *equipment) != Some(*c))
            {
                return Err(refuse("R49", "no-holder-card"));
            }
            answer_holder(state, *man, *card, cell)
        }
        (Window::Talisman { .. }, Action::AnswerTalisman { talisman }) => {
            if let Some(t) = talisman
                && (!in_hand(state, seat, *t) || t.kind() != CardKind::Talisman)
            {
                return Err(refuse("C24", "no-talisman-card"));
            }
            judge_shot(state, *talisman)
        }
        _ => return Err(refuse("C15", "answer-the-window")),
    };
    let mut after = state.clone();
    for e in &events {
        after.apply(e);
    }
    events.extend(settle_window(&after));
    Ok(events)
}

/// C15: when a window's deadline passes, the stated defaults answer for every seat still asked
/// (Appel: all attend; Search: nothing played; a confiscation: the team's lowest equipment card;
/// Sabotage: the lowest cards; no man lent, no holder arrested, no Talisman), then it settles.
pub fn deadline_passed(state: &State) -> Vec<Event> {
    let Some(window) = &state.window else {
        return Vec::new();
    };
    let mut events = Vec::new();
    let mut after = state.clone();
    match window {
        Window::Appel { .. } => {
            for seat in window.waiting(state.german) {
                events.push(Event::AppelAnswered { seat, answer: Some(AppelAnswer::default()) });
            }
        }
        Window::Search { .. } => {
            for seat in window.waiting(state.german) {
                events.push(Event::SearchAnswered { seat, answer: Some(SearchAnswer::default()) });
            }
        }
        Window::Confiscation { seat } => events.push(default_confiscation(state, *seat, false)),
        Window::Talisman { .. } => events.extend(judge_shot(state, None)),
        Window::Holder { man, .. } => events.extend(answer_holder(state, *man, None, state.default_cell())),
        Window::Lend { .. } => events.extend(answer_lend(state, false)),
        Window::Sabotage { owed } => {
            let mut cards = hand(state, state.german).clone();
            cards.sort();
            cards.truncate(usize::from(*owed));
            events.extend(sabotage_return(state, cards));
        }
    }
    for e in &events {
        after.apply(e);
    }
    events.extend(settle_window(&after));
    events
}
