//! The Fluent catalogs: every message id the engine emits exists in English and Czech, with the
//! arguments its text uses.

use std::collections::{BTreeMap, BTreeSet};

use super::Game;
use super::driver::{play, table_options};
use crate::sluzba::Sluzba;
use crate::{Arg, Msg, Ruleset, Viewer};

const ENGLISH: &str = include_str!("../../../../../src/locales/en/sluzba.ftl");
const CZECH: &str = include_str!("../../../../../src/locales/cs/sluzba.ftl");

/// The engine's sources: every id is written out in full in one of them.
const SOURCES: [&str; 9] = [
    include_str!("../mod.rs"),
    include_str!("../clue.rs"),
    include_str!("../decide.rs"),
    include_str!("../describe.rs"),
    include_str!("../events.rs"),
    include_str!("../options.rs"),
    include_str!("../state.rs"),
    include_str!("../view.rs"),
    include_str!("../words.rs"),
];

/// Message id → the variables its text (attributes and variants included) uses.
fn catalog(text: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut messages: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let is_entry = line.chars().next().is_some_and(|c| c.is_ascii_lowercase());
        if is_entry && let Some((id, _)) = line.split_once(" =") {
            current = Some(id.trim().to_owned());
            messages.entry(id.trim().to_owned()).or_default();
        } else if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some(id) = &current {
            let mut rest = line;
            while let Some(at) = rest.find('$') {
                let name: String = rest[at + 1..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                    .collect();
                messages.get_mut(id).unwrap().insert(name);
                rest = &rest[at + 1..];
            }
        }
    }
    messages
}

/// Ids written in the source: string literals starting with `sluzba-`.
fn source_ids() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for source in SOURCES {
        for piece in source.split("\"sluzba-").skip(1) {
            let rest: String = piece.chars().take_while(|c| c.is_ascii_lowercase() || *c == '-').collect();
            if piece[rest.len()..].starts_with('"') {
                ids.insert(format!("sluzba-{rest}"));
            }
        }
    }
    ids
}

#[test]
fn both_catalogs_have_the_same_ids() {
    let english: BTreeSet<_> = catalog(ENGLISH).into_keys().collect();
    let czech: BTreeSet<_> = catalog(CZECH).into_keys().collect();
    assert_eq!(english.difference(&czech).collect::<Vec<_>>(), Vec::<&String>::new(), "missing in Czech");
    assert_eq!(czech.difference(&english).collect::<Vec<_>>(), Vec::<&String>::new(), "missing in English");
    assert!(english.iter().all(|id| id.starts_with("sluzba-")));
}

#[test]
fn every_id_in_the_source_is_in_both_catalogs_and_no_catalog_id_is_stale() {
    let ids = source_ids();
    assert!(ids.len() > 100, "the scan finds the ids ({})", ids.len());
    for (name, text) in [("en", ENGLISH), ("cs", CZECH)] {
        let messages = catalog(text);
        let missing: Vec<_> = ids.iter().filter(|id| !messages.contains_key(*id)).collect();
        assert!(missing.is_empty(), "{name}: missing {missing:?}");
        let stale: Vec<_> = messages.keys().filter(|id| !ids.contains(*id)).collect();
        assert!(stale.is_empty(), "{name}: not used by the engine {stale:?}");
    }
}

fn collect(msg: &Msg, into: &mut Vec<Msg>) {
    into.push(msg.clone());
    for (_, arg) in &msg.args {
        if let Arg::Key(key) = arg {
            into.push(Msg::new(key.clone()));
        }
    }
}

#[test]
fn every_message_of_sample_games_is_in_both_catalogs_with_its_arguments() {
    let mut emitted: Vec<Msg> = Vec::new();
    for seed in 0..36u64 {
        let (options, seats) = table_options(seed as usize);
        for seat in 0..seats {
            collect(&Sluzba::seat_label(&options, seat as u8), &mut emitted);
        }
        let mut game = Game::dealt(options, seats, seed);
        let driver = play(&mut game, seed, |_, _| {});
        for event in &game.events {
            for viewer in [Viewer::Omniscient, Viewer::Public, Viewer::Seat(0), Viewer::Seat(seats as u8 - 1)]
            {
                if let Some(seen) = Sluzba::redact(event, viewer) {
                    collect(&Sluzba::describe(&seen), &mut emitted);
                }
            }
        }
        for msg in driver.seen.action_labels.iter().chain(driver.seen.refusals.iter().map(|r| &r.reason)) {
            collect(msg, &mut emitted);
        }
        for clue in Sluzba::view(&game.state, Viewer::Public).clues {
            clue.warnings.iter().for_each(|w| collect(w, &mut emitted));
        }
        collect(&Sluzba::outcome(&game.state).expect("played to the end").summary, &mut emitted);
    }
    let distinct: BTreeSet<&str> = emitted.iter().map(|m| m.key.as_str()).collect();
    assert!(distinct.len() > 60, "the sample reaches most messages ({})", distinct.len());
    for (name, text) in [("en", ENGLISH), ("cs", CZECH)] {
        let messages = catalog(text);
        for msg in &emitted {
            let Some(variables) = messages.get(&msg.key) else { panic!("{name}: no message {}", msg.key) };
            for variable in variables {
                assert!(
                    msg.args.iter().any(|(arg, _)| arg == variable),
                    "{name}: {} uses ${variable}, which the engine does not give ({:?})",
                    msg.key,
                    msg.args
                );
            }
        }
    }
}
