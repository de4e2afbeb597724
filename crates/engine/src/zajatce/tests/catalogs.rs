//! Every message id the engine can emit exists in both Fluent catalogs, with the variables it
//! uses among the message's arguments. A missing translation fails here, not in front of a
//! player.

use std::collections::{BTreeMap, BTreeSet};

use super::player::{Policy, play, seed_bytes};
use crate::zajatce::{Action, Direction, Options, StoneId, Zajatce};
use crate::{Arg, Msg, Random, Ruleset, Seat, SeededRandom};

const CATALOGS: [(&str, &str); 2] = [
    ("en", include_str!("../../../../../src/locales/en/zajatce.ftl")),
    ("cs", include_str!("../../../../../src/locales/cs/zajatce.ftl")),
];

/// The engine's sources: every `"zajatce-…"` literal in them must be a catalog id.
const SOURCES: [(&str, &str); 5] = [
    ("mod.rs", include_str!("../mod.rs")),
    ("rules.rs", include_str!("../rules.rs")),
    ("describe.rs", include_str!("../describe.rs")),
    ("view.rs", include_str!("../view.rs")),
    ("state.rs", include_str!("../state.rs")),
];

/// Message id → its whole text (the first line and the indented lines that continue it).
fn parse_catalog(text: &str) -> BTreeMap<String, String> {
    let mut messages = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let starts_message = line.starts_with(|c: char| c.is_ascii_lowercase()) && line.contains(" =");
        if starts_message {
            let (id, body) = line.split_once(" =").unwrap();
            assert!(
                id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "bad id {id:?}"
            );
            assert!(messages.insert(id.to_string(), body.to_string()).is_none(), "{id} is defined twice");
            current = Some(id.to_string());
        } else if line.starts_with(' ') {
            if let Some(id) = &current {
                let body = messages.get_mut(id).unwrap();
                body.push('\n');
                body.push_str(line);
            }
        } else {
            current = None;
        }
    }
    messages
}

/// The `$variables` a message uses.
fn variables(body: &str) -> BTreeSet<String> {
    body.split('$')
        .skip(1)
        .map(|rest| {
            rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect()
        })
        .collect()
}

fn catalogs() -> Vec<(&'static str, BTreeMap<String, String>)> {
    CATALOGS.iter().map(|(lang, text)| (*lang, parse_catalog(text))).collect()
}

fn check_msg(msg: &Msg, catalogs: &[(&str, BTreeMap<String, String>)]) {
    for (lang, catalog) in catalogs {
        let Some(body) = catalog.get(&msg.key) else { panic!("{lang}: {} is missing", msg.key) };
        let given: BTreeSet<String> = msg.args.iter().map(|(name, _)| name.clone()).collect();
        let used = variables(body);
        assert!(used.is_subset(&given), "{lang}: {} uses {used:?} but is given {given:?}", msg.key);
        for (name, arg) in &msg.args {
            match arg {
                Arg::Key(key) => assert!(catalog.contains_key(key), "{lang}: nested {key} is missing"),
                // A text argument picks a variant: each value it takes must be spelt out.
                Arg::Text(value) if body.contains(&format!("${name} ->")) => {
                    assert!(
                        body.contains(&format!("[{value}]")),
                        "{lang}: {} has no variant [{value}]",
                        msg.key
                    )
                }
                _ => {}
            }
        }
    }
}

#[test]
fn both_catalogs_define_the_same_ids() {
    let catalogs = catalogs();
    let ids = |i: usize| catalogs[i].1.keys().cloned().collect::<BTreeSet<_>>();
    assert_eq!(ids(0), ids(1));
    assert!(ids(0).iter().all(|id| id.starts_with("zajatce-")));
}

#[test]
fn every_message_id_in_the_engine_source_is_in_both_catalogs() {
    let catalogs = catalogs();
    let mut found = 0;
    for (file, source) in SOURCES {
        for literal in source.split('"').skip(1).step_by(2) {
            if literal.starts_with("zajatce-") {
                found += 1;
                for (lang, catalog) in &catalogs {
                    assert!(catalog.contains_key(literal), "{lang}: {literal} (used in {file}) is missing");
                }
            }
        }
    }
    assert!(found > 40, "the scan found only {found} ids: is it reading the sources?");
}

#[test]
fn every_message_of_random_games_is_translated_with_its_arguments() {
    let catalogs = catalogs();
    let mut keys = BTreeSet::new();
    let mut check = |msg: Msg| {
        check_msg(&msg, &catalogs);
        keys.insert(msg.key);
    };
    let options = Options::default();
    for seat in 0..4 {
        check(Zajatce::seat_label(&options, seat));
    }
    for seed in 0..60u64 {
        let seats = 2 + (seed % 3) as usize;
        let options = Options {
            manual_dice: seed % 4 == 0,
            quiet_limit: [200, 40, 0][seed as usize % 3],
            ..Options::default()
        };
        let policy = if seed % 2 == 0 { Policy::Greedy } else { Policy::Random };
        let mut probes = SeededRandom::new(&seed_bytes(seed), "catalogs", 0, "probes");
        let game = play(&options, seats, seed, policy, usize::MAX, |step| {
            for event in step.events {
                check(Zajatce::describe(event));
            }
            let state = step.after;
            let Some(seat) = state.seat_to_act() else {
                let refusal =
                    Zajatce::decide(state, 0, &Action::Roll { die: None }, &mut probes).unwrap_err();
                check(refusal.reason);
                return;
            };
            for action in Zajatce::legal_actions(state, seat) {
                check(Zajatce::describe_action(state, &action));
            }
            let stone = StoneId::new(probes.below(seats as u32 + 1) as Seat, probes.below(7) as u8);
            let direction = if probes.below(2) == 0 { Direction::Forward } else { Direction::Backward };
            let probe_actions = [
                Action::Roll { die: Some(probes.below(9) as u8) },
                Action::Roll { die: None },
                Action::Enter,
                Action::Move { stone, direction },
                Action::Leave { stone, direction },
            ];
            for action in probe_actions {
                check(Zajatce::describe_action(state, &action));
                if let Err(refusal) = Zajatce::decide(state, seat, &action, &mut probes) {
                    check(refusal.reason);
                }
            }
            let other = ((usize::from(seat) + 1) % seats) as Seat;
            if let Err(refusal) = Zajatce::decide(state, other, &Action::Roll { die: None }, &mut probes) {
                check(refusal.reason);
            }
        });
        check(Zajatce::outcome(&game.state).expect("the game ended").summary);
    }
    for refusal in [
        Zajatce::check_options(&options, 7),
        Zajatce::check_options(&Options { throw_limit: 0, ..options.clone() }, 2),
    ] {
        check(refusal.unwrap_err().reason);
    }
    // The sample must reach most of what the engine says, or it proves little.
    assert!(keys.len() >= 45, "only {} ids were exercised: {keys:?}", keys.len());
}
