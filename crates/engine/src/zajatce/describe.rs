//! Events, actions and the outcome in words: Fluent ids (prefixed `zajatce-`) with typed
//! arguments. Field numbers are shown 1–40, as printed on the board picture.

use super::rules;
use super::state::{Ending, State, StoneId};
use super::{Action, Direction, EndReason, Event};
use crate::{Msg, Outcome};

fn field_number(field: u8) -> i64 {
    i64::from(field) + 1
}

fn direction_text(direction: Direction) -> &'static str {
    match direction {
        Direction::Forward => "forward",
        Direction::Backward => "backward",
    }
}

fn reason_text(reason: EndReason) -> &'static str {
    match reason {
        EndReason::LastPlayer => "last-player",
        EndReason::QuietLimit => "quiet-limit",
        EndReason::ThrowLimit => "throw-limit",
        EndReason::Conceded => "conceded",
    }
}

fn count(stones: &[StoneId]) -> i64 {
    stones.len() as i64
}

pub fn event(event: &Event) -> Msg {
    match event {
        Event::Started { first } => Msg::new("zajatce-event-started").seat("player", *first),
        Event::Rolled { seat, die } => {
            Msg::new("zajatce-event-rolled").seat("player", *seat).num("die", *die)
        }
        Event::Entered { seat, stone, field } => Msg::new("zajatce-event-entered")
            .seat("player", *seat)
            .num("stone", stone.number)
            .num("field", field_number(*field)),
        Event::Moved { seat, stone, leaving, direction, from, steps, to } => {
            let key = if *leaving { "zajatce-event-left-group" } else { "zajatce-event-moved" };
            Msg::new(key)
                .seat("player", *seat)
                .num("stone", stone.number)
                .text("direction", direction_text(*direction))
                .num("steps", *steps)
                .num("from", field_number(*from))
                .num("to", field_number(*to))
        }
        Event::Captured { seat, stone, field, taken, freed } => Msg::new("zajatce-event-captured")
            .seat("player", *seat)
            .num("stone", stone.number)
            .num("field", field_number(*field))
            .num("taken", count(taken))
            .num("freed", count(freed)),
        Event::CameHome { seat, stone, members, prisoners, .. } => Msg::new("zajatce-event-came-home")
            .seat("player", *seat)
            .num("stone", stone.number)
            .num("prisoners", count(prisoners))
            .num("members", count(members)),
        Event::NoMove { seat, die } => {
            Msg::new("zajatce-event-no-move").seat("player", *seat).num("die", *die)
        }
        Event::Eliminated { seat } => Msg::new("zajatce-event-eliminated").seat("player", *seat),
        Event::Conceded { seat, stones, freed } => Msg::new("zajatce-event-conceded")
            .seat("player", *seat)
            .num("stones", count(stones))
            .num("freed", count(freed)),
        Event::BackwardPhaseBegan => Msg::new("zajatce-event-backward-phase"),
        Event::NextTurn { seat, again: true } => Msg::new("zajatce-event-throws-again").seat("player", *seat),
        Event::NextTurn { seat, again: false } => Msg::new("zajatce-event-next-turn").seat("player", *seat),
        Event::CarriedHome { seat, stone, prisoners } => Msg::new("zajatce-event-carried-home")
            .seat("player", *seat)
            .num("stone", stone.number)
            .num("prisoners", count(prisoners)),
        Event::Ended { reason, .. } => Msg::new("zajatce-event-ended").text("reason", reason_text(*reason)),
        Event::PositionEntered { position } => {
            Msg::new("zajatce-event-position-entered").seat("player", position.to_move)
        }
    }
}

/// A button's label. Legal moves are previewed, so the label says where the stone lands and
/// what it takes.
pub fn action(state: &State, action: &Action) -> Msg {
    match action {
        Action::Roll { die: None } if state.options.manual_dice => Msg::new("zajatce-action-roll-manual"),
        Action::Roll { die: None } => Msg::new("zajatce-action-roll"),
        Action::Roll { die: Some(die) } => Msg::new("zajatce-action-roll-typed").num("die", *die),
        Action::Concede => Msg::new("zajatce-action-concede"),
        Action::Enter | Action::Move { .. } | Action::Leave { .. } => match rules::preview(state, action) {
            Some(events) => previewed(action, &events),
            None => unjudged(action),
        },
    }
}

/// The label of an action that is not legal now (shown, for instance, in a refusal's context).
fn unjudged(action: &Action) -> Msg {
    match action {
        Action::Enter => Msg::new("zajatce-action-enter-any"),
        Action::Move { stone, direction } | Action::Leave { stone, direction } => {
            Msg::new("zajatce-action-stone")
                .num("stone", stone.number)
                .text("direction", direction_text(*direction))
        }
        Action::Roll { .. } => Msg::new("zajatce-action-roll"),
        Action::Concede => Msg::new("zajatce-action-concede"),
    }
}

fn previewed(action: &Action, events: &[Event]) -> Msg {
    let taken = events
        .iter()
        .find_map(|e| match e {
            Event::Captured { taken, .. } => Some(count(taken)),
            _ => None,
        })
        .unwrap_or(0);
    match events.first() {
        Some(Event::Entered { field, .. }) => {
            Msg::new("zajatce-action-enter").num("field", field_number(*field)).num("taken", taken)
        }
        Some(Event::CameHome { stone, prisoners, .. }) => {
            Msg::new("zajatce-action-home").num("stone", stone.number).num("prisoners", count(prisoners))
        }
        Some(Event::Moved { stone, leaving, direction, to, .. }) => {
            let key = if *leaving { "zajatce-action-leave" } else { "zajatce-action-move" };
            Msg::new(key)
                .num("stone", stone.number)
                .text("direction", direction_text(*direction))
                .num("to", field_number(*to))
                .num("taken", taken)
        }
        _ => unjudged(action),
    }
}

pub fn outcome(ending: &Ending) -> Outcome {
    // The winners' count, not the largest camp: a player who is out may hold more (Z13, Z15).
    let most =
        ending.winners.first().and_then(|&w| ending.prisoners.get(usize::from(w))).copied().unwrap_or(0);
    let summary = match ending.winners.as_slice() {
        [winner] if ending.reason == EndReason::Conceded => {
            Msg::new("zajatce-outcome-conceded").seat("winner", *winner).num("prisoners", most)
        }
        [] => Msg::new("zajatce-outcome-no-winner"),
        [winner] => Msg::new("zajatce-outcome-winner").seat("winner", *winner).num("prisoners", most),
        [first, second] => Msg::new("zajatce-outcome-shared-two")
            .seat("first", *first)
            .seat("second", *second)
            .num("prisoners", most),
        [first, second, third] => Msg::new("zajatce-outcome-shared-three")
            .seat("first", *first)
            .seat("second", *second)
            .seat("third", *third)
            .num("prisoners", most),
        [first, second, third, fourth, ..] => Msg::new("zajatce-outcome-shared-four")
            .seat("first", *first)
            .seat("second", *second)
            .seat("third", *third)
            .seat("fourth", *fourth)
            .num("prisoners", most),
    };
    Outcome { winners: ending.winners.clone(), summary }
}
