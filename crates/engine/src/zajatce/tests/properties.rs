//! Random whole games: after every decision the position must keep its invariants, replay
//! exactly, and agree with `legal_actions` about what is legal.

use proptest::prelude::*;

use super::player::{Policy, Step, play, seed_bytes};
use crate::zajatce::{Action, Direction, Event, Options, STONES_PER_PLAYER, State, StoneId, Turn, Zajatce};
use crate::{Random, RefusalKind, Ruleset, Seat, SeededRandom};

/// Rule ids a refusal may name.
const RULE_IDS: [&str; 17] = [
    "Z1", "Z2", "Z3", "Z4", "Z5", "Z6", "Z7", "Z8", "Z9", "Z10", "Z11", "Z12", "Z13", "Z14", "Z15", "Z16",
    "Z17",
];

/// Every stone exists exactly once: on the track, in a reserve or in a camp.
fn check_stones(state: &State) {
    let mut seen = [[false; STONES_PER_PLAYER as usize + 1]; 4];
    let mut count = 0;
    let mut see = |stone: StoneId| {
        assert!((1..=STONES_PER_PLAYER).contains(&stone.number) && usize::from(stone.seat) < state.seats());
        let slot = &mut seen[usize::from(stone.seat)][usize::from(stone.number)];
        assert!(!*slot, "{stone:?} is in two places");
        *slot = true;
        count += 1;
    };
    for unit in &state.units {
        unit.stones().for_each(&mut see);
    }
    for player in &state.players {
        player.reserve.iter().chain(&player.camp).copied().for_each(&mut see);
    }
    assert_eq!(count, state.seats() * usize::from(STONES_PER_PLAYER), "stones were lost");
    for seat in 0..state.seats() as Seat {
        let player = &state.players[usize::from(seat)];
        assert!(player.reserve.iter().all(|s| s.seat == seat), "a reserve holds a foreign stone");
        assert!(player.camp.iter().all(|s| s.seat != seat), "a camp holds its own colour");
        assert_eq!(
            player.eliminated,
            player.conceded || state.free_stones(seat) == 0,
            "seat {seat} out iff it conceded or has no free stone"
        );
    }
    for unit in &state.units {
        assert!(unit.members.iter().all(|m| m.seat == unit.owner()), "a member of another colour");
        assert!(unit.prisoners.iter().all(|p| p.seat != unit.owner()), "a prisoner of the leader's colour");
        assert!(!state.players[usize::from(unit.owner())].eliminated);
    }
}

fn check_turn(state: &State) {
    match state.turn {
        Turn::Roll { seat } | Turn::Move { seat, .. } => {
            assert!(!state.players[usize::from(seat)].eliminated, "an eliminated seat is to act");
            assert!(!Zajatce::legal_actions(state, seat).is_empty(), "the seat to act has nothing to do");
            assert!(state.ending.is_none());
        }
        Turn::Over => assert!(state.ending.is_some() && Zajatce::outcome(state).is_some()),
        Turn::Setup => panic!("setup after the start"),
    }
}

/// A candidate action drawn from everything that can be written down, legal or not.
fn any_action(rng: &mut dyn Random, seats: usize) -> Action {
    let direction = if rng.below(2) == 0 { Direction::Forward } else { Direction::Backward };
    let stone = StoneId::new(rng.below(seats as u32 + 1) as Seat, rng.below(7) as u8);
    match rng.below(6) {
        0 => Action::Roll { die: None },
        1 => Action::Roll { die: Some(rng.below(9) as u8) },
        2 => Action::Enter,
        3 => Action::Leave { stone, direction },
        _ => Action::Move { stone, direction },
    }
}

/// Whether `legal_actions` offers `action`; under manual dice a throw with a die from 1 to 6
/// fills the offered template.
fn offered(legal: &[Action], action: &Action, manual_dice: bool) -> bool {
    match action {
        Action::Roll { die: Some(die) } if manual_dice => {
            (1..=6).contains(die) && legal.contains(&Action::Roll { die: None })
        }
        Action::Roll { die: None } if manual_dice => false,
        _ => legal.contains(action),
    }
}

fn fill_template(action: Action, manual_dice: bool, die: u8) -> Action {
    match action {
        Action::Roll { die: None } if manual_dice => Action::Roll { die: Some(die) },
        other => other,
    }
}

/// Every check that follows one decision.
struct Checker {
    options: Options,
    seats: usize,
    /// The log folded from events that went through JSON: a replay from scratch, kept up to
    /// date one event at a time.
    shadow: State,
    probes: SeededRandom,
}

impl Checker {
    fn check(&mut self, step: &Step) {
        // Every event survives a JSON round trip, and the round-tripped log replays to the
        // very same position.
        for event in step.events {
            let json = serde_json::to_string(event).unwrap();
            let back: Event = serde_json::from_str(&json).unwrap();
            assert_eq!(&back, event, "{json}");
            Zajatce::apply(&mut self.shadow, &back);
        }
        assert_eq!(&self.shadow, step.after, "the replayed log differs after decision {}", step.index);
        // A full replay from the first event, every 64 decisions (each is linear in the log).
        if step.index.is_multiple_of(64) || step.after.turn == Turn::Over {
            assert_eq!(&crate::replay::<Zajatce>(&self.options, self.seats, step.log), step.after);
        }
        check_stones(step.after);
        check_turn(step.after);
        // The seat that acted was the one to act.
        assert_eq!(step.before_to_act, Some(step.seat));

        let state = step.after;
        let Some(seat) = state.seat_to_act() else {
            for seat in 0..self.seats as Seat {
                let refusal = Zajatce::decide(state, seat, &Action::Roll { die: Some(3) }, &mut self.probes)
                    .unwrap_err();
                assert_eq!(refusal.kind, RefusalKind::NotYourTurn);
                assert!(Zajatce::legal_actions(state, seat).is_empty());
            }
            return;
        };
        let manual = self.options.manual_dice;
        let legal = Zajatce::legal_actions(state, seat);
        // Everything offered is accepted.
        for action in &legal {
            let action = fill_template(*action, manual, 1 + self.probes.below(6) as u8);
            if let Err(refusal) = Zajatce::decide(state, seat, &action, &mut self.probes) {
                panic!("offered {action:?} refused: {refusal}");
            }
        }
        // Anything else is refused, with a rule id from the list.
        for _ in 0..2 {
            let action = any_action(&mut self.probes, self.seats);
            let verdict = Zajatce::decide(state, seat, &action, &mut self.probes);
            match (offered(&legal, &action, manual), verdict) {
                (true, Ok(_)) => {}
                (true, Err(refusal)) => panic!("offered {action:?} refused: {refusal}"),
                (false, Ok(events)) => panic!("{action:?} is not offered but was accepted: {events:?}"),
                (false, Err(refusal)) => {
                    assert!(RULE_IDS.contains(&refusal.rule.as_str()), "unknown rule {}", refusal.rule);
                    assert_eq!(refusal.kind, RefusalKind::Illegal);
                    assert!(refusal.reason.key.starts_with("zajatce-refusal-"));
                }
            }
        }
        // Another seat acting is refused as out of turn, whatever it tries.
        let other = ((usize::from(seat) + 1 + self.probes.below(self.seats as u32) as usize)
            % (self.seats + 1)) as Seat;
        if other != seat {
            let action = legal.first().copied().map_or(Action::Enter, |a| fill_template(a, manual, 4));
            let refusal = Zajatce::decide(state, other, &action, &mut self.probes).unwrap_err();
            assert_eq!(refusal.kind, RefusalKind::NotYourTurn);
            // Z18: out of turn, a player still in the game may only concede.
            let offered = Zajatce::legal_actions(state, other);
            let in_game = state.player(other).is_some_and(|p| !p.eliminated);
            assert_eq!(offered, if in_game { vec![Action::Concede] } else { vec![] });
        }
    }
}

fn play_and_check(options: Options, seats: usize, seed: u64, policy: Policy) {
    let setup = Zajatce::setup(&options, seats, &mut SeededRandom::new(&seed_bytes(seed), "sim", 0, "setup"));
    let shadow = crate::replay::<Zajatce>(&options, seats, &setup);
    let probes = SeededRandom::new(&seed_bytes(seed), "sim", 0, "probes");
    let mut checker = Checker { options: options.clone(), seats, shadow, probes };
    // A throw is at most two decisions (throw, then move), and the throw limit ends every game.
    let bound = 2 * options.throw_limit as usize;
    let game = play(&options, seats, seed, policy, bound + 1, |step| checker.check(step));
    assert_eq!(game.state.turn, Turn::Over, "the game did not end within {bound} decisions");
    assert!(game.decisions <= bound);
    assert!(game.state.throws <= options.throw_limit);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_end_and_keep_every_invariant(
        seed in any::<u64>(),
        seats in 2usize..=4,
        manual_dice in prop::bool::weighted(0.25),
        throw_again_on_six in prop::bool::weighted(0.75),
        greedy in any::<bool>(),
    ) {
        let options = Options { manual_dice, throw_again_on_six, ..Options::default() };
        play_and_check(options, seats, seed, if greedy { Policy::Greedy } else { Policy::Random });
    }
}

/// The limits end games too: small limits, so that games end by them.
#[test]
fn random_games_under_small_limits_end_by_them() {
    let mut by_reason = std::collections::HashMap::new();
    for seed in 0..40 {
        let options = Options {
            quiet_limit: 15 + (seed as u32 % 20),
            throw_limit: 40 + 5 * seed as u32,
            ..Options::default()
        };
        play_and_check(options.clone(), 2 + (seed as usize % 3), seed, Policy::Random);
        let game = play(&options, 2 + (seed as usize % 3), seed, Policy::Random, usize::MAX, |_| {});
        if let Some(ending) = &game.state.ending {
            *by_reason.entry(ending.reason).or_insert(0) += 1;
        }
    }
    assert!(by_reason.len() >= 2, "both limits should end some of these games: {by_reason:?}");
}
