//! The numbers behind the defaults of the quiet limit (Z16) and the throw limit (Z17).
//! Run with `cargo test -p feldpost-engine measure -- --ignored --nocapture`.

use super::player::{Policy, play};
use crate::zajatce::{EndReason, Event, Options};

fn percentile(sorted: &[u32], p: f64) -> u32 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[test]
#[ignore = "a measurement, not a check: prints statistics of simulated games"]
fn measure_game_lengths_and_quiet_stretches() {
    let options = Options { quiet_limit: 0, throw_limit: 100_000, ..Options::default() };
    for policy in [Policy::Greedy, Policy::Random] {
        for seats in 2..=4 {
            let (mut lengths, mut longest_quiet, mut quiet_before_backward) =
                (Vec::new(), Vec::new(), Vec::new());
            let mut by_limit = 0;
            for seed in 0..400 {
                let game = play(&options, seats, seed, policy, 1_000_000, |_| {});
                let (mut quiet, mut longest, mut longest_before_backward, mut backward) =
                    (0u32, 0u32, 0u32, false);
                for event in &game.events {
                    match event {
                        Event::Rolled { .. } => {
                            quiet += 1;
                            longest = longest.max(quiet);
                            if !backward {
                                longest_before_backward = longest_before_backward.max(quiet);
                            }
                        }
                        Event::Captured { .. } | Event::CameHome { .. } => quiet = 0,
                        Event::BackwardPhaseBegan => backward = true,
                        Event::Ended { reason: EndReason::ThrowLimit, .. } => by_limit += 1,
                        _ => {}
                    }
                }
                lengths.push(game.state.throws);
                longest_quiet.push(longest);
                quiet_before_backward.push(longest_before_backward);
            }
            lengths.sort();
            longest_quiet.sort();
            quiet_before_backward.sort();
            println!(
                "{policy:?} {seats} players: throws median {} p99 {} max {}; longest quiet stretch median {} p99 {} max {}; \
                 before the backward phase p99 {} max {}; {by_limit} hit the throw limit; \
                 share of games with a quiet stretch of at least 100/150/200/250: {:?}",
                percentile(&lengths, 0.5),
                percentile(&lengths, 0.99),
                lengths.last().unwrap(),
                percentile(&longest_quiet, 0.5),
                percentile(&longest_quiet, 0.99),
                longest_quiet.last().unwrap(),
                percentile(&quiet_before_backward, 0.99),
                quiet_before_backward.last().unwrap(),
                [100, 150, 200, 250]
                    .map(|limit| longest_quiet.iter().filter(|&&q| q >= limit).count() as f64 / 400.0),
            );
        }
    }
}
