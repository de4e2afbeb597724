//! Plays whole games with seeded dice and seeded choices, for the property test, the catalog
//! check and the measurements.

use crate::zajatce::{Action, Event, Options, State, Zajatce};
use crate::{Random, Ruleset, Seat, SeededRandom};

/// How the simulated players choose among the legal actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly at random.
    Random,
    /// A capture or homecoming when there is one, otherwise at random: closer to how people play.
    Greedy,
}

/// One decision of a simulated game, handed to the observer once it is applied.
pub struct Step<'a> {
    /// Decisions taken before this one.
    pub index: usize,
    /// Who was to act before it.
    pub before_to_act: Option<Seat>,
    pub seat: Seat,
    /// The events this decision caused.
    pub events: &'a [Event],
    /// The whole log so far, setup included.
    pub log: &'a [Event],
    pub after: &'a State,
}

/// A finished (or cut off) game.
pub struct Game {
    pub events: Vec<Event>,
    pub state: State,
    pub decisions: usize,
}

pub fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes
}

/// Plays until the game ends or `max_decisions` decisions were taken.
pub fn play(
    options: &Options,
    seats: usize,
    seed: u64,
    policy: Policy,
    max_decisions: usize,
    mut observe: impl FnMut(&Step),
) -> Game {
    let seed = seed_bytes(seed);
    let mut setup_rng = SeededRandom::new(&seed, "sim", 0, "setup");
    let mut events = Zajatce::setup(options, seats, &mut setup_rng);
    let mut state = crate::replay::<Zajatce>(options, seats, &events);
    let mut choices = SeededRandom::new(&seed, "sim", 0, "choices");
    let mut table_dice = SeededRandom::new(&seed, "sim", 0, "table dice");
    let mut decisions = 0;
    while decisions < max_decisions {
        let Some(seat) = Zajatce::to_act(&state).first().copied() else { break };
        // Z18: these players never concede (the tests of conceding play it out on purpose).
        let legal: Vec<Action> =
            Zajatce::legal_actions(&state, seat).into_iter().filter(|a| *a != Action::Concede).collect();
        let mut action = choose(&state, &legal, policy, &mut choices);
        if let Action::Roll { die: None } = action
            && options.manual_dice
        {
            action = Action::Roll { die: Some(table_dice.d6()) };
        }
        let mut dice = SeededRandom::new(&seed, "sim", decisions as u64 + 1, "dice");
        let new_events = Zajatce::decide(&state, seat, &action, &mut dice)
            .unwrap_or_else(|refusal| panic!("offered action {action:?} refused: {refusal}"));
        let before_to_act = state.seat_to_act();
        for event in &new_events {
            Zajatce::apply(&mut state, event);
        }
        let first_new = events.len();
        events.extend(new_events);
        observe(&Step {
            index: decisions,
            before_to_act,
            seat,
            events: &events[first_new..],
            log: &events,
            after: &state,
        });
        decisions += 1;
    }
    Game { events, state, decisions }
}

fn choose(state: &State, legal: &[Action], policy: Policy, rng: &mut dyn Random) -> Action {
    assert!(!legal.is_empty(), "the seat to act has no legal action in {state:?}");
    if policy == Policy::Greedy {
        let gains: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| {
                crate::zajatce::rules::preview(state, a).is_some_and(|events| {
                    events.iter().any(|e| matches!(e, Event::Captured { .. } | Event::CameHome { .. }))
                })
            })
            .collect();
        if !gains.is_empty() {
            return gains[rng.below(gains.len() as u32) as usize];
        }
    }
    legal[rng.below(legal.len() as u32) as usize]
}
