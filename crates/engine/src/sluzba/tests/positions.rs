//! A5: positions carried over from a real table. Each check with a position it refuses and the
//! same position put right; the key card entered by a coordinator or drawn by the server, and
//! seen by the coordinators only; a position played on to its end; arbitrary positions and key
//! entries never panic.

use proptest::prelude::*;

use super::*;
use crate::sluzba::key::{Colour, Team, verify_commitment};
use crate::sluzba::state::Phase;
use crate::sluzba::view::CardView;
use crate::sluzba::{CoveredCard, KeyEntry, Position};
use crate::{Positions, RefusalKind, Viewer};

fn covered(card: u8, colour: Colour) -> CoveredCard {
    CoveredCard { card, colour }
}

/// Two red cards, a blue one and a bystander covered at the table (agreeing with TEST_KEY);
/// blue to move.
fn good() -> Position {
    Position {
        covered: vec![
            covered(0, Colour::Red),
            covered(1, Colour::Red),
            covered(9, Colour::Blue),
            covered(BYSTANDER, Colour::Bystander),
        ],
        to_move: Team::Blue,
        draw_key: false,
        words: None,
    }
}

fn four() -> Game {
    Game::fixed(Options::default(), 4)
}

fn enter(game: &mut Game, position: &Position) -> Result<Vec<Event>, Refusal> {
    let mut rng = game.rng("position");
    let events = Sluzba::enter(&game.state, position, &mut rng)?;
    game.record(&events);
    Ok(events)
}

fn enter_key(game: &mut Game, seat: Seat, key: &str) -> Result<Vec<Event>, Refusal> {
    let mut rng = game.rng("position");
    let events = Sluzba::enter_private(&game.state, seat, &KeyEntry { key: key.into() }, &mut rng)?;
    game.record(&events);
    Ok(events)
}

/// The refusal of a position, which must leave the state as it was.
#[track_caller]
fn refused(position: &Position) -> Refusal {
    let mut game = four();
    let before = game.state.clone();
    let refusal = enter(&mut game, position).expect_err("refused");
    assert_eq!(game.state, before);
    assert_eq!(refusal.rule, "A5");
    refusal
}

#[track_caller]
fn key_refused(game: &mut Game, seat: Seat, key: &str) -> Refusal {
    let before = game.state.clone();
    let refusal = enter_key(game, seat, key).expect_err("refused");
    assert_eq!(game.state, before);
    assert_eq!(refusal.rule, "A5");
    refusal
}

#[test]
fn a5_a_legal_position_waits_for_the_key_and_play_goes_on_from_it() {
    let mut game = four();
    enter(&mut game, &good()).expect("legal");
    assert_eq!(game.state.phase, Phase::Setup, "no play before the key");
    assert!(!Sluzba::position_complete(&game.state));
    assert!(Sluzba::to_act(&game.state).is_empty());
    // The covered cards' colours are public at once; the rest is unknown, to everybody.
    let view = Sluzba::view(&game.state, Viewer::Seat(RED_MEMBER));
    assert!(matches!(&view.cards[0], CardView::Covered { colour: Colour::Red, .. }));
    assert!(matches!(&view.cards[2], CardView::Uncovered { .. }));
    assert_eq!((view.left.red, view.left.blue), (7, 7));

    enter_key(&mut game, RED_COORDINATOR, TEST_KEY).expect("the table's key");
    assert!(Sluzba::position_complete(&game.state));
    assert_eq!(game.state.phase, Phase::Clue { team: Team::Blue });
    assert_eq!(Sluzba::to_act(&game.state), vec![BLUE_COORDINATOR]);
    let secret = game.state.secret.clone().expect("the key is on the table");
    assert!(verify_commitment(&game.state.commitment, TEST_KEY, &secret.salt));
    game.ok(BLUE_COORDINATOR, clue("zvíře", 1));
    let events = game.ok(BLUE_MEMBER, guess(10));
    assert!(events.iter().any(|e| matches!(e, Event::Guessed { colour: Colour::Blue, .. })));
}

#[test]
fn a5_a_card_that_does_not_exist_is_refused() {
    let mut p = good();
    p.covered.push(covered(25, Colour::Blue));
    assert_eq!(refused(&p).reason.key, "sluzba-position-card-unknown");
    p.covered.pop();
    p.covered.push(covered(24, Colour::Blue));
    enter(&mut four(), &p).expect("card 24 is the last of the grid");
}

#[test]
fn a5_a_card_covered_twice_is_refused() {
    let mut p = good();
    p.covered.push(covered(0, Colour::Red));
    assert_eq!(refused(&p).reason.key, "sluzba-position-card-twice");
    p.covered.pop();
    p.covered.push(covered(2, Colour::Red));
    enter(&mut four(), &p).expect("another card");
}

#[test]
fn a5_a_covered_pursuer_ended_the_game_and_is_no_position() {
    let mut p = good();
    p.covered.push(covered(PURSUER, Colour::Pursuer));
    assert_eq!(refused(&p).reason.key, "sluzba-position-pursuer-covered");
    p.covered.pop();
    p.covered.push(covered(PURSUER, Colour::Bystander));
    enter(&mut four(), &p).expect("a bystander there is a position");
}

#[test]
fn a5_a_team_with_every_card_covered_has_won_and_is_no_position() {
    let mut p = good();
    p.covered = (9..17).map(|c| covered(c, Colour::Blue)).collect();
    let refusal = refused(&p);
    assert_eq!(refusal.reason.key, "sluzba-position-team-done");
    p.covered.pop();
    enter(&mut four(), &p).expect("seven blue cards covered, one to find");
    let mut red = good();
    red.covered = (0..9).map(|c| covered(c, Colour::Red)).collect();
    assert_eq!(refused(&red).reason.key, "sluzba-position-team-done");
}

#[test]
fn a5_more_bystanders_than_a_key_holds_is_no_valid_key() {
    let mut p = good();
    p.covered = (10..18).map(|c| covered(c, Colour::Bystander)).collect();
    assert_eq!(refused(&p).reason.key, "sluzba-position-too-many");
    p.covered.pop();
    enter(&mut four(), &p).expect("seven bystanders is every one");
}

#[test]
fn a5_the_tables_words_are_25_distinct_words() {
    let mut p = good();
    let mut words: Vec<String> = TEST_WORDS.iter().map(|w| format!("{w}x")).collect();
    p.words = Some(words[..24].to_vec());
    assert_eq!(refused(&p).reason.key, "sluzba-position-words-count");
    words[3] = "ANDĚLX".into();
    p.words = Some(words.clone());
    assert_eq!(refused(&p).reason.key, "sluzba-position-word-twice");
    words[3] = "dvě slova".into();
    p.words = Some(words.clone());
    assert_eq!(refused(&p).reason.key, "sluzba-position-word-bad");
    words[3] = " řekax ".into();
    p.words = Some(words);
    let mut game = four();
    enter(&mut game, &p).expect("25 distinct words");
    assert_eq!(game.state.words[3], "řekax");
    // The coordinators chose no words yet (V1): the table's words are needed.
    let mut easier = Game::fixed(Options { easier: true, ..Options::default() }, 4);
    let before = easier.state.clone();
    let refusal = enter(&mut easier, &good()).expect_err("no grid to keep");
    assert_eq!((refusal.reason.key.as_str(), &easier.state), ("sluzba-position-words-needed", &before));
}

#[test]
fn a5_a_key_card_must_be_a_valid_key() {
    let mut game = four();
    enter(&mut game, &good()).unwrap();
    for bad in ["", "RRRR", "RRRRRRRRRBBBBBBBBNNNNNNNN", "RRRRRRRRRBBBBBBBBNNNNNNNX", &"R".repeat(500)] {
        let refusal = key_refused(&mut game, RED_COORDINATOR, bad);
        assert_eq!(refusal.reason.key, "sluzba-position-key-invalid", "{bad:?}");
    }
    enter_key(&mut game, RED_COORDINATOR, "rrrrr rrrrb bbbbb bbnnn nnnnp")
        .expect("case and spaces do not matter");
}

#[test]
fn a5_the_key_must_agree_with_the_covered_cards() {
    let mut game = four();
    enter(&mut game, &good()).unwrap();
    // Cards 0 and 9 swapped: card 0 would be blue, but it was red at the table.
    let swapped = "BRRRRRRRRRBBBBBBBNNNNNNNP";
    let refusal = key_refused(&mut game, RED_COORDINATOR, swapped);
    assert_eq!(refusal.reason, crate::Msg::new("sluzba-position-key-disagrees").num("card", 1));
    enter_key(&mut game, RED_COORDINATOR, TEST_KEY).expect("the key agrees");
}

#[test]
fn a5_only_a_coordinator_enters_the_key_after_the_table_and_not_over_a_drawn_one() {
    let mut game = four();
    let refusal = key_refused(&mut game, RED_COORDINATOR, TEST_KEY);
    assert_eq!(refusal.reason.key, "sluzba-position-key-before-table");
    enter(&mut game, &good()).unwrap();
    let refusal = key_refused(&mut game, RED_MEMBER, TEST_KEY);
    assert_eq!(
        (refusal.kind, refusal.reason.key.as_str()),
        (RefusalKind::NotYourTurn, "sluzba-position-key-not-coordinator")
    );
    enter_key(&mut game, BLUE_COORDINATOR, TEST_KEY).expect("either coordinator");
    let mut drawn = four();
    enter(&mut drawn, &Position { draw_key: true, ..good() }).unwrap();
    let refusal = key_refused(&mut drawn, RED_COORDINATOR, TEST_KEY);
    assert_eq!(refusal.reason.key, "sluzba-position-key-drawn");
}

#[test]
fn a5_a_drawn_key_agrees_with_the_covered_cards_and_only_the_coordinators_see_it() {
    for seed in 0..20u64 {
        let mut game = Game::dealt(Options::default(), 4, seed);
        let events = enter(&mut game, &Position { draw_key: true, ..good() }).expect("legal");
        assert!(Sluzba::position_complete(&game.state));
        assert_eq!(game.state.phase, Phase::Clue { team: Team::Blue });
        let key = game.state.secret.clone().expect("drawn").key;
        for c in good().covered {
            assert_eq!(key.colour(usize::from(c.card)), c.colour);
        }
        for e in &events {
            let member = serde_json::to_string(&Sluzba::redact(e, Viewer::Seat(RED_MEMBER))).unwrap();
            let public = serde_json::to_string(&Sluzba::redact(e, Viewer::Public)).unwrap();
            let coordinator =
                serde_json::to_string(&Sluzba::redact(e, Viewer::Seat(BLUE_COORDINATOR))).unwrap();
            assert!(!member.contains(&key.letters()) && !public.contains(&key.letters()));
            if matches!(e, Event::KeyDrawn { .. }) {
                assert!(
                    coordinator.contains(&key.letters()),
                    "positive control: the coordinator's copy holds it"
                );
            }
        }
    }
}

#[test]
fn a5_an_entered_key_reaches_the_coordinators_only() {
    let mut game = four();
    enter(&mut game, &good()).unwrap();
    let events = enter_key(&mut game, RED_COORDINATOR, TEST_KEY).unwrap();
    let shown = |viewer| {
        serde_json::to_string(&events.iter().map(|e| Sluzba::redact(e, viewer)).collect::<Vec<_>>()).unwrap()
    };
    let keyed = |viewer| {
        let view = Sluzba::view(&game.state, viewer);
        view.cards.iter().filter(|c| matches!(c, CardView::Keyed { .. })).count()
    };
    for member in [Viewer::Seat(RED_MEMBER), Viewer::Seat(BLUE_MEMBER), Viewer::Public] {
        assert!(!shown(member).contains(TEST_KEY));
        assert_eq!(keyed(member), 0);
    }
    for coordinator in [RED_COORDINATOR, BLUE_COORDINATOR] {
        assert!(shown(Viewer::Seat(coordinator)).contains(TEST_KEY), "positive control");
        assert_eq!(keyed(Viewer::Seat(coordinator)), 21, "every open card keyed");
    }
}

#[test]
fn a5_a_corrected_table_drops_the_entered_key() {
    let mut game = four();
    enter(&mut game, &good()).unwrap();
    enter_key(&mut game, RED_COORDINATOR, TEST_KEY).unwrap();
    enter(&mut game, &Position { to_move: Team::Red, ..good() }).expect("a correction");
    assert_eq!(game.state.phase, Phase::Setup);
    assert!(game.state.secret.is_none(), "the coordinators enter the key again");
}

#[test]
fn a5_a_game_from_an_entered_position_is_played_to_its_end() {
    let mut game = four();
    enter(&mut game, &good()).unwrap();
    enter_key(&mut game, BLUE_COORDINATOR, TEST_KEY).unwrap();
    game.ok(BLUE_COORDINATOR, clue("zvíře", 1));
    game.ok(BLUE_MEMBER, guess(10));
    game.ok(BLUE_MEMBER, Action::Stop);
    game.ok(RED_COORDINATOR, clue_infinity("nebe"));
    for card in 2..9 {
        game.ok(RED_MEMBER, guess(card));
    }
    assert!(matches!(game.state.phase, Phase::Ended { winner: Team::Red, .. }));
    let revealed = game.events.iter().rev().find_map(|e| match e {
        Event::KeyRevealed { key, salt } => Some((key.letters(), salt.clone())),
        _ => None,
    });
    let (key, salt) = revealed.expect("the key is revealed at the end");
    assert!(verify_commitment(&game.state.commitment, &key, &salt), "A2 holds for the entered key");
}

pub(super) fn arbitrary_position() -> impl Strategy<Value = Position> {
    let colour = prop::sample::select(Colour::ALL.to_vec());
    let card = (0u8..40, colour).prop_map(|(card, colour)| CoveredCard { card, colour });
    let team = prop::sample::select(vec![Team::Red, Team::Blue]);
    let words = prop::option::of(prop::collection::vec("[a-zA-Z ]{0,6}", 0..30));
    (prop::collection::vec(card, 0..30), team, any::<bool>(), words)
        .prop_map(|(covered, to_move, draw_key, words)| Position { covered, to_move, draw_key, words })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
    #[test]
    fn a5_arbitrary_positions_never_panic(
        position in arbitrary_position(),
        key in "[RBNPrbnp -]{0,40}",
        seat in 0u8..6,
        easier in any::<bool>(),
        one_team in any::<bool>(),
    ) {
        let options = Options {
            easier,
            table: if one_team { crate::sluzba::Table::OneTeam } else { crate::sluzba::Table::TwoTeams },
            ..Options::default()
        };
        let seats = if one_team { 2 } else { 4 };
        let mut game = Game::dealt(options, seats, 7);
        if let Ok(events) = enter(&mut game, &position) {
            position.check(&game.state).ok();
            for viewer in [Viewer::Public, Viewer::Seat(0), Viewer::Seat(seat)] {
                for e in &events {
                    let _ = Sluzba::redact(e, viewer);
                }
                let _ = Sluzba::view(&game.state, viewer);
            }
        }
        let _ = enter_key(&mut game, seat, &key);
        let _ = Sluzba::view(&game.state, Viewer::Seat(seat));
        let _ = Sluzba::legal_actions(&game.state, seat);
        let _ = Sluzba::to_act(&game.state);
    }
}
