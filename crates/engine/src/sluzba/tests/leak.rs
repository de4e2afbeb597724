//! The leak test (docs/architecture.md, rule 4): in many random games, after every step, nothing a seat or the
//! public receives (its view, every redacted event) reveals what it may not see: an unrevealed
//! colour, a chat line of a channel it is not in, a clue asked for approval in private.
//!
//! Chat is checked for every seat, coordinators included (a coordinator is outside the other
//! team's channel). The key is checked for the seats without it, in two ways. Direct: the key's
//! text and salt are absent from the bytes, and every uncovered card in the view is
//! `{"status":"uncovered","word":…}` and nothing more. Differential: the game replayed under
//! another key that agrees on every covered card must give the same bytes (the commitment
//! aside), so no field anywhere depends on an unrevealed colour.

use serde_json::Value;

use super::Game;
use super::driver::{Driver, play, table_options};
use crate::sluzba::Sluzba;
use crate::sluzba::events::{Channel, Event};
use crate::sluzba::key::{Colour, Key, Team, commitment};
use crate::sluzba::options::SeatRole;
use crate::sluzba::state::State;
use crate::sluzba::words::normalise;
use crate::{Ruleset, Seat, Viewer, replay};

/// The viewers without the key: the public and every member seat.
fn keyless_viewers(state: &State) -> Vec<Viewer> {
    let members =
        (0..state.roles.len() as Seat).filter(|&s| !matches!(state.role(s), Some(SeatRole::Coordinator(_))));
    std::iter::once(Viewer::Public).chain(members.map(Viewer::Seat)).collect()
}

/// Everything `viewer` receives, as JSON text: the view, then each redacted event.
fn received(state: &State, events: &[Event], viewer: Viewer) -> Vec<String> {
    let mut out = vec![serde_json::to_string(&Sluzba::view(state, viewer)).unwrap()];
    out.extend(
        events.iter().filter_map(|e| Sluzba::redact(e, viewer)).map(|e| serde_json::to_string(&e).unwrap()),
    );
    out
}

fn check_key(game: &Game, viewer: Viewer, bytes: &[String]) {
    let state = &game.state;
    let secret = state.secret.as_ref().unwrap();
    if !state.key_revealed {
        for text in bytes {
            assert!(!text.contains(&secret.key.letters()), "{viewer:?} received the key: {text}");
            assert!(!text.contains(&secret.salt), "{viewer:?} received the salt: {text}");
        }
        let view: Value = serde_json::from_str(&bytes[0]).unwrap();
        for (card, shown) in view["cards"].as_array().unwrap().iter().enumerate() {
            let fields: Vec<&str> = shown.as_object().unwrap().keys().map(String::as_str).collect();
            if state.is_covered(card) {
                assert_eq!(shown["status"], "covered");
            } else {
                assert_eq!(fields, ["status", "word"], "{viewer:?}, card {card}: {shown}");
                assert_eq!(shown["status"], "uncovered");
            }
        }
    }
}

/// Who may read a channel, worked out here from the seats' roles (not from the engine's
/// `audience`, which is what is under test): a team's coordinator, members and shared guessers;
/// the coordinators.
fn readers(state: &State, channel: Channel) -> Vec<Seat> {
    let reads = |role: SeatRole| match (channel, role) {
        (Channel::Coordinators, SeatRole::Coordinator(_)) => true,
        (Channel::Coordinators, _) => false,
        (_, SeatRole::SharedMember) => true,
        (Channel::RedTeam, SeatRole::Coordinator(team) | SeatRole::Member(team)) => team == Team::Red,
        (Channel::BlueTeam, SeatRole::Coordinator(team) | SeatRole::Member(team)) => team == Team::Blue,
    };
    (0..state.roles.len() as Seat).filter(|&s| reads(state.roles[usize::from(s)])).collect()
}

/// Chat of a channel the viewer is not in (coordinators included): its unique text is nowhere.
fn check_chat(game: &Game, viewer: Viewer, bytes: &[String]) {
    for line in &game.state.chat {
        if !matches!(viewer, Viewer::Seat(s) if readers(&game.state, line.channel).contains(&s)) {
            assert!(bytes.iter().all(|t| !t.contains(&line.text)), "{viewer:?} received {:?}", line.text);
        }
    }
}

/// Drafts asked in private and never given as a clue stay private.
fn check_drafts(game: &Game, driver: &Driver, viewer: Viewer, bytes: &[String]) {
    let given: Vec<String> = game.state.clues.iter().map(|c| normalise(&c.clue.word)).collect();
    for draft in driver.seen.drafts.iter().filter(|d| !given.contains(&normalise(d))) {
        assert!(bytes.iter().all(|t| !t.contains(draft.as_str())), "{viewer:?} received the draft {draft}");
    }
}

/// The same log under a key that differs only on uncovered cards.
fn under_other_key(game: &Game, rng: &mut Driver) -> (State, Vec<Event>) {
    let secret = game.state.secret.as_ref().unwrap();
    let mut colours = *secret.key.colours();
    let uncovered: Vec<usize> = (0..colours.len()).filter(|&c| !game.state.is_covered(c)).collect();
    let mut shuffled: Vec<Colour> = uncovered.iter().map(|&c| colours[c]).collect();
    rng.shuffle(&mut shuffled);
    for (&card, colour) in uncovered.iter().zip(shuffled) {
        colours[card] = colour;
    }
    let other = Key::with_colours(colours).unwrap();
    let events: Vec<Event> = game
        .events
        .iter()
        .map(|e| match e {
            Event::KeyDrawn { key_holders, salt, .. } => Event::KeyDrawn {
                commitment: commitment(&other, salt.as_ref().unwrap()),
                key_holders: key_holders.clone(),
                key: Some(other.clone()),
                salt: salt.clone(),
            },
            other => other.clone(),
        })
        .collect();
    (replay::<Sluzba>(&game.options, game.seats, &events), events)
}

fn check_step(game: &Game, driver: &mut Driver) {
    let keyless = keyless_viewers(&game.state);
    let differential = (!game.state.key_revealed).then(|| under_other_key(game, driver));
    let seats = (0..game.seats as Seat).map(Viewer::Seat);
    for viewer in std::iter::once(Viewer::Public).chain(seats) {
        let bytes = received(&game.state, &game.events, viewer);
        check_chat(game, viewer, &bytes);
        if !keyless.contains(&viewer) {
            continue;
        }
        check_key(game, viewer, &bytes);
        check_drafts(game, driver, viewer, &bytes);
        if let Some((other_state, other_events)) = &differential {
            let blank = |texts: Vec<String>, commitment: &str| -> Vec<String> {
                texts.into_iter().map(|t| t.replace(commitment, "<commitment>")).collect()
            };
            let ours = blank(bytes, &game.state.commitment);
            let theirs = blank(received(other_state, other_events, viewer), &other_state.commitment);
            assert_eq!(ours, theirs, "{viewer:?} receives something that depends on an unrevealed colour");
        }
    }
}

#[test]
fn members_and_the_public_never_receive_a_secret() {
    for seed in 0..45u64 {
        let (options, seats) = table_options(seed as usize);
        let mut game = Game::dealt(options, seats, 1_000 + seed);
        play(&mut game, seed, check_step);
    }
}

#[test]
fn the_differential_check_would_catch_a_leak() {
    // A view that showed uncovered colours to a member would differ under the other key.
    let mut game = Game::dealt(Default::default(), 4, 5);
    let mut driver = Driver::new(5);
    let (other, _) = under_other_key(&game, &mut driver);
    let leaky =
        |state: &State| serde_json::to_string(&Sluzba::view(state, Viewer::Omniscient).cards).unwrap();
    assert_ne!(leaky(&game.state), leaky(&other), "the other key differs on uncovered cards");
    // …while what a member receives stays the same.
    game.ok(0, super::clue("zzz", 1));
    check_step(&game, &mut driver);
}
