//! Replay speed (docs/architecture.md: replay must be cheap; a 10,000-event log in about 10 ms; the aim is 1,000,000
//! events per second). Two measurements of the same log:
//! - `typed`: the engine folding its own events (what a cached game does per new event);
//! - `stored`: records as the store returns them (canonical JSON bodies) decoded and folded
//!   through the type-erased table (`play::fold_stored`: what a cold cache does).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use feldpost::games;
use feldpost::record::{Cause, Chained, Record, genesis_hash};
use feldpost_engine::zajatce::{Event, Options, Zajatce};
use feldpost_engine::{Ruleset, SeededRandom};
use std::hint::black_box;

const EVENTS: usize = 10_000;

/// A long legal game: limits off, and players who avoid captures where they can. Stopped at
/// 10,000 events; if captures end it sooner, the longest of several seeds is taken.
fn long_log() -> (Options, usize, Vec<Vec<Event>>) {
    (0..40u8)
        .map(|s| game_log([s; 32]))
        .take_while_inclusive(|(_, _, records)| records.iter().map(Vec::len).sum::<usize>() < EVENTS)
        .max_by_key(|(_, _, records)| records.iter().map(Vec::len).sum::<usize>())
        .expect("at least one game")
}

trait TakeWhileInclusive: Iterator + Sized {
    fn take_while_inclusive(
        self,
        keep_going: impl FnMut(&Self::Item) -> bool,
    ) -> std::vec::IntoIter<Self::Item>;
}

impl<I: Iterator> TakeWhileInclusive for I {
    fn take_while_inclusive(
        self,
        mut keep_going: impl FnMut(&Self::Item) -> bool,
    ) -> std::vec::IntoIter<Self::Item> {
        let mut out = Vec::new();
        for item in self {
            let go_on = keep_going(&item);
            out.push(item);
            if !go_on {
                break;
            }
        }
        out.into_iter()
    }
}

fn game_log(seed: [u8; 32]) -> (Options, usize, Vec<Vec<Event>>) {
    let options = Options { quiet_limit: 0, throw_limit: u32::MAX, ..Options::default() };
    let seats = 4;
    let mut state = Zajatce::initial(&options, seats);
    let setup = Zajatce::setup(&options, seats, &mut SeededRandom::new(&seed, "bench", 1, "setup"));
    for e in &setup {
        Zajatce::apply(&mut state, e);
    }
    let mut records = vec![setup];
    let mut total = records[0].len();
    let mut seq = 1u64;
    while total < EVENTS {
        seq += 1;
        let seat = Zajatce::to_act(&state)[0];
        let mut chosen = None;
        for action in Zajatce::legal_actions(&state, seat) {
            let events =
                Zajatce::decide(&state, seat, &action, &mut SeededRandom::new(&seed, "bench", seq, "decide"))
                    .expect("offered actions are legal");
            let captures = events.iter().any(|e| matches!(e, Event::Captured { .. }));
            if !captures || chosen.is_none() {
                let done = !captures;
                chosen = Some(events);
                if done {
                    break;
                }
            }
        }
        let events = chosen.expect("the acting seat always has an action");
        for e in &events {
            Zajatce::apply(&mut state, e);
        }
        total += events.len();
        records.push(events);
        if Zajatce::outcome(&state).is_some() {
            break;
        }
    }
    (options, seats, records)
}

fn bench(c: &mut Criterion) {
    let (options, seats, records) = long_log();
    let events: Vec<Event> = records.iter().flatten().cloned().collect();
    eprintln!("replay benchmark: a log of {} records, {} events", records.len(), events.len());
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(events.len() as u64));
    group.bench_function(format!("typed_{}_events", events.len()), |b| {
        b.iter(|| black_box(feldpost_engine::replay::<Zajatce>(&options, seats, black_box(&events))))
    });

    // The same log as stored records.
    let mut prev = genesis_hash("bench");
    let stored: Vec<Chained> = records
        .iter()
        .enumerate()
        .map(|(i, evs)| {
            let record = Record {
                seq: i as u64 + 1,
                at: 0,
                cause: Cause::Deadline,
                events: evs.iter().map(|e| serde_json::to_value(e).unwrap()).collect(),
                nonce: None,
            };
            let c = Chained::new(&record, &prev);
            prev = c.hash.clone();
            c
        })
        .collect();
    let rules = games::by_id("zajatce").unwrap();
    let options_json = serde_json::to_value(&options).unwrap();
    group.bench_function(format!("stored_{}_events", events.len()), |b| {
        b.iter(|| {
            black_box(
                feldpost::play::log::fold_stored(
                    rules.table(&options_json, seats).unwrap(),
                    black_box(&stored),
                )
                .unwrap(),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
