//! One scenario per rule id of docs/rules/sluzba.md (the test names start with the id).

use super::*;
use crate::sluzba::clue::{ClueNumber, ClueWarning};
use crate::sluzba::decks::deck;
use crate::sluzba::events::{EndReason, TurnEnd};
use crate::sluzba::key::{Colour, Team, commitment_preimage, verify_commitment};
use crate::sluzba::options::{DeckChoice, SeatRole, Table};
use crate::sluzba::state::Phase;
use crate::sluzba::view::CardView;
use crate::sluzba::words::{normalise, rhymes, shares_root, sound_key};
use crate::{Msg, RefusalKind, Viewer};

fn four() -> Game {
    Game::fixed(Options::default(), 4)
}

fn turn_ended(events: &[Event]) -> Option<TurnEnd> {
    events.iter().find_map(|e| match e {
        Event::TurnEnded { reason, .. } => Some(*reason),
        _ => None,
    })
}

fn warnings_of(events: &[Event]) -> Vec<ClueWarning> {
    match events {
        [Event::ClueGiven { warnings, .. }] => warnings.clone(),
        other => panic!("expected one ClueGiven, got {other:?}"),
    }
}

#[test]
fn s1_seating_needs_one_coordinator_and_a_member_per_team() {
    let options = Options::default();
    assert_eq!(Sluzba::seats(&options), 4..=40);
    assert!(Sluzba::check_options(&options, 4).is_ok());
    assert!(Sluzba::check_options(&options, 9).is_ok());
    assert_eq!(Sluzba::check_options(&options, 3).unwrap_err().rule, "S1");
    // Automatic seating: coordinators first, then members alternately red and blue.
    let roles = options.roles_for(6);
    assert_eq!(
        roles,
        [
            SeatRole::Coordinator(Team::Red),
            SeatRole::Coordinator(Team::Blue),
            SeatRole::Member(Team::Red),
            SeatRole::Member(Team::Blue),
            SeatRole::Member(Team::Red),
            SeatRole::Member(Team::Blue),
        ]
    );
    let two_red_coordinators = Options {
        roles: vec![
            SeatRole::Coordinator(Team::Red),
            SeatRole::Coordinator(Team::Red),
            SeatRole::Member(Team::Red),
            SeatRole::Member(Team::Blue),
        ],
        ..Options::default()
    };
    let refusal = Sluzba::check_options(&two_red_coordinators, 4).unwrap_err();
    assert_eq!(refusal.reason.key, "sluzba-refusal-one-red-coordinator");
    let no_blue_member = Options {
        roles: vec![
            SeatRole::Coordinator(Team::Red),
            SeatRole::Coordinator(Team::Blue),
            SeatRole::Member(Team::Red),
            SeatRole::Member(Team::Red),
        ],
        ..Options::default()
    };
    assert_eq!(
        Sluzba::check_options(&no_blue_member, 4).unwrap_err().reason.key,
        "sluzba-refusal-blue-members"
    );
    // Listed roles fix the seat count.
    assert_eq!(Sluzba::seats(&no_blue_member), 4..=4);
    assert_eq!(
        Sluzba::check_options(&no_blue_member, 5).unwrap_err().reason.key,
        "sluzba-refusal-seat-count"
    );
    // Options arrive as JSON with defaults for what is left out.
    let parsed: Options = serde_json::from_str(
        r#"{"roles":[{"role":"coordinator","team":"blue"},{"role":"member","team":"blue"},
                      {"role":"coordinator","team":"red"},{"role":"member","team":"red"}]}"#,
    )
    .unwrap();
    assert!(parsed.strict_clues);
    assert!(Sluzba::check_options(&parsed, 4).is_ok());
    assert!(serde_json::from_str::<Options>(r#"{"strict":false}"#).is_err(), "unknown fields are refused");
    assert_eq!(Sluzba::seat_label(&options, 0), Msg::new("sluzba-seat-red-coordinator"));
    assert_eq!(Sluzba::seat_label(&options, 5), Msg::new("sluzba-seat-blue-member").num("n", 2));
}

#[test]
fn s2_the_deal_lays_25_words_from_distinct_cards_each_on_a_random_side() {
    let mut backs = 0;
    for seed in 0..20 {
        let game = Game::dealt(Options::default(), 4, seed);
        let deck = deck(DeckChoice::Czech);
        assert_eq!(game.state.words.len(), 25);
        let mut cards: Vec<usize> = game.state.words.iter().map(|w| deck.find(w).unwrap().0).collect();
        backs +=
            game.state.words.iter().zip(&cards).filter(|(w, c)| deck.cards[**c].back == w.as_str()).count();
        cards.sort();
        cards.dedup();
        assert_eq!(cards.len(), 25, "no card twice");
        assert_eq!(game.state.phase, Phase::Clue { team: Team::Red });
    }
    // Both sides show up (500 words, each side with probability one half).
    assert!((150..350).contains(&backs), "{backs} back sides of 500");
    // Different seeds, different tables.
    assert_ne!(
        Game::dealt(Options::default(), 4, 1).state.words,
        Game::dealt(Options::default(), 4, 2).state.words
    );
}

#[test]
fn s3_the_key_holds_9_8_7_1_and_only_coordinators_see_it() {
    for seed in 0..20 {
        let game = Game::dealt(Options::default(), 4, seed);
        let key = game.state.key().unwrap();
        for colour in Colour::ALL {
            assert_eq!(key.colours().iter().filter(|&&c| c == colour).count(), colour.count());
        }
    }
    assert!(Key::from_letters("RRRRRRRRRRBBBBBBBNNNNNNNP").is_err(), "ten red");
    assert!(Key::from_letters("RRRRRRRRRBBBBBBBBNNNNNNNPX").is_err(), "26 letters");
    let game = four();
    let keyed = |viewer| {
        Sluzba::view(&game.state, viewer).cards.iter().filter(|c| matches!(c, CardView::Keyed { .. })).count()
    };
    assert_eq!(keyed(Viewer::Seat(RED_COORDINATOR)), 25);
    assert_eq!(keyed(Viewer::Seat(BLUE_COORDINATOR)), 25);
    assert_eq!(keyed(Viewer::Omniscient), 25);
    assert_eq!(keyed(Viewer::Seat(RED_MEMBER)), 0);
    assert_eq!(keyed(Viewer::Seat(BLUE_MEMBER)), 0);
    assert_eq!(keyed(Viewer::Public), 0);
}

#[test]
fn s4_red_starts_and_the_teams_alternate() {
    let mut game = four();
    assert_eq!(Sluzba::to_act(&game.state), vec![RED_COORDINATOR]);
    let refusal = game.refused(BLUE_COORDINATOR, clue("Bůh", 2));
    assert_eq!(refusal.kind, RefusalKind::NotYourTurn);
    game.ok(RED_COORDINATOR, clue("Bůh", 2));
    assert_eq!(Sluzba::to_act(&game.state), vec![RED_MEMBER]);
    assert_eq!(game.refused(BLUE_MEMBER, guess(0)).kind, RefusalKind::NotYourTurn);
    let refusal = game.refused(RED_COORDINATOR, clue("Bůh", 2));
    assert_eq!((refusal.rule.as_str(), refusal.reason.key.as_str()), ("S4", "sluzba-refusal-wrong-phase"));
    game.ok(RED_MEMBER, guess(0));
    game.ok(RED_MEMBER, Action::Stop);
    assert_eq!(game.state.phase, Phase::Clue { team: Team::Blue });
    assert_eq!(Sluzba::to_act(&game.state), vec![BLUE_COORDINATOR]);
    game.ok(BLUE_COORDINATOR, clue("zvíře", 1));
    game.ok(BLUE_MEMBER, guess(BYSTANDER));
    assert_eq!(game.state.phase, Phase::Clue { team: Team::Red });
}

#[test]
fn s5_a_clue_is_a_word_and_a_number_from_the_coordinator_in_turn() {
    let mut game = four();
    assert_eq!(game.refused(RED_MEMBER, clue("Bůh", 2)).rule, "S5");
    assert_eq!(game.refused(RED_COORDINATOR, clue("Bůh", 10)).reason.key, "sluzba-refusal-number-range");
    assert_eq!(game.refused(RED_COORDINATOR, clue("   ", 1)).reason.key, "sluzba-refusal-clue-empty");
    assert_eq!(
        game.refused(RED_COORDINATOR, clue(&"a".repeat(41), 1)).reason.key,
        "sluzba-refusal-clue-too-long"
    );
    assert_eq!(game.refused(RED_COORDINATOR, clue("Bůh!", 1)).reason.key, "sluzba-refusal-clue-characters");
    let events = game.ok(RED_COORDINATOR, clue_infinity("  Bůh "));
    let Event::ClueGiven { clue: given, team, .. } = &events[0] else { panic!() };
    assert_eq!((given.word.as_str(), given.number, *team), ("Bůh", ClueNumber::Infinity, Team::Red));
    // The number travels as a number or the string "infinity".
    let json = serde_json::to_string(&clue_infinity("Bůh")).unwrap();
    assert_eq!(json, r#"{"action":"give_clue","word":"Bůh","number":"infinity"}"#);
    let parsed: Action = serde_json::from_str(r#"{"action":"give_clue","word":"Bůh","number":2}"#).unwrap();
    assert_eq!(parsed, clue("Bůh", 2));
    assert!(serde_json::from_str::<Action>(r#"{"action":"give_clue","word":"x","number":"many"}"#).is_err());
}

#[test]
fn s6_a_clue_may_not_be_an_uncovered_word_but_a_covered_one_is_free_again() {
    let mut game = four();
    for word in ["anděl", "ANDĚL", "andel", "Anděl", "ptako-pysk"] {
        let refusal = game.refused(RED_COORDINATOR, clue(word, 1));
        assert_eq!(
            (refusal.rule.as_str(), refusal.reason.key.as_str()),
            ("S6", "sluzba-refusal-clue-on-table"),
            "{word}"
        );
    }
    game.ok(RED_COORDINATOR, clue("Bůh", 1));
    game.ok(RED_MEMBER, guess(0)); // anděl is covered now
    game.ok(RED_MEMBER, Action::Stop);
    game.ok(BLUE_COORDINATOR, clue("anděl", 1));
    // With strict clues off, a word of a longer expression counts too.
    let mut lenient = Game::fixed(Options { strict_clues: false, ..Options::default() }, 4);
    assert_eq!(lenient.refused(RED_COORDINATOR, clue("hvězda severu", 1)).rule, "S6");
}

#[test]
fn s7_a_strict_clue_is_one_word_with_no_extra_hint() {
    let mut game = four();
    let refusal = game.refused(RED_COORDINATOR, clue("Boží posel", 2));
    assert_eq!((refusal.rule.as_str(), refusal.reason.key.as_str()), ("S7", "sluzba-refusal-clue-one-word"));
    let explained = Action::GiveClue {
        word: "Bůh".into(),
        number: ClueNumber::Count(2),
        explanation: Some("nebe".into()),
    };
    assert_eq!(game.refused(RED_COORDINATOR, explained).rule, "V1");
    // Joined words are one word; so are names with a hyphen.
    game.ok(RED_COORDINATOR, clue("Frýdek-Místek", 1));
}

#[test]
fn s8_the_number_is_no_part_of_the_clue() {
    let mut game = four();
    for (word, number) in [("tři", 3), ("TRI", 3), ("3D", 3), ("dvojka", 2), ("seven", 7)] {
        let refusal = game.refused(RED_COORDINATOR, clue(word, number));
        assert_eq!(
            (refusal.rule.as_str(), refusal.reason.key.as_str()),
            ("S8", "sluzba-refusal-clue-contains-number"),
            "{word}"
        );
    }
    assert_eq!(game.refused(RED_COORDINATOR, clue_infinity("nekonečno")).rule, "S8");
    // A number word is a fine clue for another number (sedm, 2: týden and dokonalost).
    let events = game.ok(RED_COORDINATOR, clue("sedm", 2));
    assert!(warnings_of(&events).is_empty());
    game.ok(RED_MEMBER, guess(5));
    game.ok(RED_MEMBER, Action::Stop);
    // A word that starts like the number is let through with a warning.
    let events = game.ok(BLUE_COORDINATOR, clue("sedmikráska", 7));
    assert_eq!(warnings_of(&events), vec![ClueWarning::NumberLike]);
}

#[test]
fn s9_a_shared_root_is_warned_about_and_the_warning_is_in_the_event() {
    let mut game = four();
    let events = game.ok(RED_COORDINATOR, clue("pták", 1));
    assert_eq!(warnings_of(&events), vec![ClueWarning::SharedRoot { word: "ptakopysk".into() }]);
    // Everyone sees the warning with the clue.
    let view = Sluzba::view(&game.state, Viewer::Seat(BLUE_COORDINATOR));
    assert_eq!(
        view.clue.unwrap().warnings,
        vec![Msg::new("sluzba-warning-shared-root").text("clue", "pták").text("word", "ptakopysk")]
    );
    // The heuristic on the rule book's examples.
    let root = |a: &str, b: &str| shares_root(&normalise(a), &normalise(b));
    assert!(root("pysk", "ptakopysk"));
    assert!(root("ptákovina", "ptakopysk"));
    assert!(root("luk", "Lukáš"));
    // A known miss, left to the other coordinator: consonant alternation (ruka / ručník).
    assert!(!root("ruka", "ručník"));
    assert!(!root("rybník", "vodník"), "a shared ending is no root");
    assert!(!root("obloha", "obchod"), "a shared prefix is no root");
    assert!(!root("pata", "lopata"), "too short to count inside another word");
}

#[test]
fn s10_rhymes_are_warned_about() {
    let mut game = four();
    let events = game.ok(RED_COORDINATOR, clue("čočka", 1));
    assert_eq!(warnings_of(&events), vec![ClueWarning::Rhyme { word: "kočka".into() }]);
    let rhyme = |a: &str, b: &str| rhymes(&normalise(a), &normalise(b));
    assert!(rhyme("vápník", "krápník"));
    assert!(!rhyme("rybník", "vodník"));
    assert!(!rhyme("pata", "lopata"));
    assert!(!rhyme("kočka", "kočka"));
}

#[test]
fn s11_homophones_are_different_words_by_default() {
    let mut game = four();
    // vír lies on the table; výr sounds the same but is spelled differently.
    let events = game.ok(RED_COORDINATOR, clue("výr", 1));
    assert!(matches!(&events[0], Event::ClueGiven { .. }));
}

#[test]
fn s12_the_other_coordinator_may_approve_a_clue_beforehand() {
    let mut game = four();
    assert_eq!(game.refused(RED_MEMBER, ask("Bůh")).kind, RefusalKind::NotYourTurn);
    assert_eq!(game.refused(RED_COORDINATOR, ask("anděl")).rule, "S6", "hard checks first");
    game.ok(RED_COORDINATOR, ask("Jehova"));
    assert!(matches!(game.state.phase, Phase::AwaitingApproval { team: Team::Red, .. }));
    assert_eq!(Sluzba::to_act(&game.state), vec![BLUE_COORDINATOR]);
    assert_eq!(game.refused(RED_COORDINATOR, Action::Approve).reason.key, "sluzba-refusal-not-asked");
    assert_eq!(game.refused(BLUE_MEMBER, Action::Approve).kind, RefusalKind::NotYourTurn);
    assert_eq!(game.refused(RED_COORDINATOR, clue("Jehova", 1)).rule, "S4", "the turn waits for the answer");
    game.ok(BLUE_COORDINATOR, Action::Reject);
    assert_eq!(game.refused(RED_COORDINATOR, clue("jehova", 1)).reason.key, "sluzba-refusal-clue-rejected");
    assert_eq!(game.refused(RED_COORDINATOR, ask("Jehova")).reason.key, "sluzba-refusal-already-answered");
    game.ok(RED_COORDINATOR, ask("Bůh"));
    game.ok(BLUE_COORDINATOR, Action::Approve);
    let events = game.ok(RED_COORDINATOR, clue("Bůh", 2));
    assert!(matches!(&events[0], Event::ClueGiven { approved: true, .. }));
    // An approved clue is valid: it cannot be ruled invalid afterwards.
    let refusal = game.refused(BLUE_COORDINATOR, Action::RuleInvalid { reason: None });
    assert_eq!((refusal.rule.as_str(), refusal.reason.key.as_str()), ("S12", "sluzba-refusal-clue-approved"));
    assert!(
        !Sluzba::legal_actions(&game.state, BLUE_COORDINATOR).contains(&Action::RuleInvalid { reason: None })
    );
    // Answers belong to one turn: next turn the same word may be asked again.
    game.ok(RED_MEMBER, guess(0));
    game.ok(RED_MEMBER, Action::Stop);
    game.ok(BLUE_COORDINATOR, ask("zvíře"));
    game.ok(BLUE_COORDINATOR, Action::WithdrawRequest);
    assert_eq!(game.state.phase, Phase::Clue { team: Team::Blue });
    // The request is secret: members learn only that one was made.
    let requested = game.events.iter().rev().find(|e| matches!(e, Event::ApprovalRequested { .. })).unwrap();
    assert_eq!(
        Sluzba::redact(requested, Viewer::Seat(RED_MEMBER)),
        Some(Event::ApprovalRequested {
            seat: BLUE_COORDINATOR,
            team: Team::Blue,
            audience: vec![0, 1],
            draft: None
        })
    );
    assert!(Sluzba::redact(requested, Viewer::Seat(RED_COORDINATOR)).unwrap() == *requested);
}

#[test]
fn s13_an_invalid_ruling_ends_the_turn_at_once() {
    let mut game = four();
    game.ok(RED_COORDINATOR, clue("Bůh", 3));
    game.ok(RED_MEMBER, guess(0));
    assert_eq!(game.refused(RED_COORDINATOR, Action::RuleInvalid { reason: None }).rule, "S13");
    assert_eq!(game.refused(RED_MEMBER, Action::RuleInvalid { reason: None }).rule, "S13");
    let events = game.ok(BLUE_COORDINATOR, Action::RuleInvalid { reason: Some("  cizí slovo  ".into()) });
    assert_eq!(
        events,
        vec![
            Event::ClueRuledInvalid {
                seat: BLUE_COORDINATOR,
                team: Team::Red,
                clue_word: "Bůh".into(),
                reason: Some("cizí slovo".into())
            },
            Event::TurnEnded { team: Team::Red, reason: TurnEnd::ClueInvalid },
        ]
    );
    assert_eq!(game.state.phase, Phase::Clue { team: Team::Blue });
    assert!(game.state.is_covered(0), "cards covered before the ruling stay covered");
    assert!(game.state.clues[0].ruled_invalid);
    // Only while the team guesses on the clue.
    assert_eq!(game.refused(RED_COORDINATOR, Action::RuleInvalid { reason: None }).rule, "S4");
}

#[test]
fn s14_any_member_may_guess_and_the_first_guess_is_compulsory() {
    let mut game = Game::fixed(Options::default(), 6); // red members 2 and 4
    game.ok(RED_COORDINATOR, clue("Bůh", 3));
    assert_eq!(Sluzba::to_act(&game.state), vec![2, 4]);
    let refusal = game.refused(2, Action::Stop);
    assert_eq!((refusal.rule.as_str(), refusal.reason.key.as_str()), ("S14", "sluzba-refusal-guess-first"));
    assert!(!Sluzba::legal_actions(&game.state, 2).contains(&Action::Stop));
    assert_eq!(game.refused(RED_COORDINATOR, guess(0)).rule, "S14");
    assert_eq!(game.refused(5, guess(0)).rule, "S14");
    assert_eq!(game.refused(2, guess(25)).reason.key, "sluzba-refusal-no-such-card");
    game.ok(2, guess(0));
    assert_eq!(game.refused(4, guess(0)).reason.key, "sluzba-refusal-card-covered");
    game.ok(4, guess(1));
    game.ok(2, Action::Stop);
}

#[test]
fn s15_at_most_number_plus_one_guesses_any_number_for_zero_and_infinity() {
    let mut game = four();
    game.ok(RED_COORDINATOR, clue("Bůh", 1));
    assert!(turn_ended(&game.ok(RED_MEMBER, guess(0))).is_none());
    assert_eq!(turn_ended(&game.ok(RED_MEMBER, guess(1))), Some(TurnEnd::GuessesUsed));
    game.ok(BLUE_COORDINATOR, clue("zvíře", 0));
    for card in 9..15 {
        assert!(turn_ended(&game.ok(BLUE_MEMBER, guess(card))).is_none(), "no limit with 0");
    }
    game.ok(BLUE_MEMBER, Action::Stop);
    game.ok(RED_COORDINATOR, clue_infinity("Bible"));
    for card in 2..8 {
        assert!(turn_ended(&game.ok(RED_MEMBER, guess(card))).is_none(), "no limit with infinity");
    }
    let view = Sluzba::view(&game.state, Viewer::Seat(RED_MEMBER));
    assert_eq!(view.guesses.map(|g| (g.made, g.allowed)), Some((6, None)));
}

#[test]
fn s16_the_team_may_stop_after_its_first_guess() {
    let mut game = four();
    game.ok(RED_COORDINATOR, clue("Bůh", 3));
    game.ok(RED_MEMBER, guess(0));
    assert!(Sluzba::legal_actions(&game.state, RED_MEMBER).contains(&Action::Stop));
    let events = game.ok(RED_MEMBER, Action::Stop);
    assert_eq!(
        events,
        vec![
            Event::Stopped { seat: RED_MEMBER, team: Team::Red },
            Event::TurnEnded { team: Team::Red, reason: TurnEnd::Stopped }
        ]
    );
}

#[test]
fn s17_own_card_goes_on_a_bystander_or_the_other_teams_card_ends_the_turn() {
    let mut game = four();
    game.ok(RED_COORDINATOR, clue("Bůh", 3));
    let events = game.ok(RED_MEMBER, guess(1));
    assert_eq!(
        events,
        vec![Event::Guessed {
            seat: RED_MEMBER,
            team: Team::Red,
            card: 1,
            word: "duch".into(),
            colour: Colour::Red
        }]
    );
    assert_eq!(turn_ended(&game.ok(RED_MEMBER, guess(BYSTANDER))), Some(TurnEnd::WrongCard));
    assert!(game.state.is_covered(BYSTANDER.into()));
    game.ok(BLUE_COORDINATOR, clue("zvíře", 2));
    let blue_left = game.state.left(Team::Blue);
    // Blue touches a red card: it is covered for red, and blue's turn ends.
    assert_eq!(turn_ended(&game.ok(BLUE_MEMBER, guess(2))), Some(TurnEnd::WrongCard));
    assert_eq!((game.state.left(Team::Red), game.state.left(Team::Blue)), (7, blue_left));
    let view = Sluzba::view(&game.state, Viewer::Public);
    assert_eq!(view.cards[2], CardView::Covered { word: "mapa".into(), colour: Colour::Red });
    assert_eq!((view.left.red, view.left.blue), (7, 8));
}

#[test]
fn s18_the_pursuer_ends_the_game_and_the_touching_team_loses() {
    let mut game = four();
    game.ok(RED_COORDINATOR, clue("Bůh", 3));
    let events = game.ok(RED_MEMBER, guess(PURSUER));
    assert_eq!(
        events[1],
        Event::GameEnded { winner: Team::Blue, reason: EndReason::Pursuer { team: Team::Red } }
    );
    assert!(matches!(events[2], Event::KeyRevealed { .. }));
    let outcome = Sluzba::outcome(&game.state).unwrap();
    assert_eq!(outcome.winners, vec![BLUE_COORDINATOR, BLUE_MEMBER]);
    assert_eq!(outcome.summary.key, "sluzba-outcome-pursuer");
    assert_eq!(Sluzba::view(&game.state, Viewer::Public).outcome, Some(outcome));
    assert!(Sluzba::to_act(&game.state).is_empty());
    assert_eq!(game.refused(BLUE_COORDINATOR, clue("zvíře", 1)).reason.key, "sluzba-refusal-game-over");
}

#[test]
fn s19_a_team_wins_when_its_last_card_is_covered_whoever_covers_it() {
    let mut game = four();
    game.ok(RED_COORDINATOR, clue_infinity("Bůh"));
    for card in 0..8 {
        game.ok(RED_MEMBER, guess(card));
    }
    game.ok(RED_MEMBER, Action::Stop);
    game.ok(BLUE_COORDINATOR, clue("zvíře", 1));
    // Blue touches red's last card: red wins.
    let events = game.ok(BLUE_MEMBER, guess(8));
    assert_eq!(
        events[1],
        Event::GameEnded { winner: Team::Red, reason: EndReason::AllCovered { team: Team::Red } }
    );
    let outcome = Sluzba::outcome(&game.state).unwrap();
    assert_eq!(outcome.winners, vec![RED_COORDINATOR, RED_MEMBER]);
    assert_eq!(
        outcome.summary,
        Msg::new("sluzba-outcome-all-covered")
            .key("team", "sluzba-team-red")
            .num("red_left", 0)
            .num("blue_left", 8)
    );
}

#[test]
fn s20_teams_confer_in_private_and_the_coordinator_stays_silent_there() {
    let mut game = four();
    let events = game.ok(RED_MEMBER, chat(Channel::RedTeam, "  mapa je jistá  "));
    let posted = &events[0];
    assert_eq!(
        *posted,
        Event::Chat {
            seat: RED_MEMBER,
            channel: Channel::RedTeam,
            audience: vec![RED_COORDINATOR, RED_MEMBER],
            text: "mapa je jistá".into()
        }
    );
    let refusal = game.refused(RED_COORDINATOR, chat(Channel::RedTeam, "zkuste mapu"));
    assert_eq!(
        (refusal.rule.as_str(), refusal.reason.key.as_str()),
        ("S20", "sluzba-refusal-coordinator-silent")
    );
    assert_eq!(game.refused(BLUE_MEMBER, chat(Channel::RedTeam, "ahoj")).rule, "A1");
    assert_eq!(Sluzba::redact(posted, Viewer::Seat(BLUE_MEMBER)), None);
    assert_eq!(Sluzba::redact(posted, Viewer::Seat(BLUE_COORDINATOR)), None);
    assert_eq!(Sluzba::redact(posted, Viewer::Public), None);
    assert_eq!(Sluzba::redact(posted, Viewer::Seat(RED_COORDINATOR)).as_ref(), Some(posted));
    assert_eq!(Sluzba::view(&game.state, Viewer::Seat(RED_COORDINATOR)).chat.len(), 1);
    assert!(Sluzba::view(&game.state, Viewer::Seat(BLUE_MEMBER)).chat.is_empty());
}

#[test]
fn s21_a_passed_deadline_ends_the_wait_with_the_stated_default() {
    let mut game = four();
    assert_eq!(game.deadline(), vec![Event::TurnEnded { team: Team::Red, reason: TurnEnd::Deadline }]);
    game.ok(BLUE_COORDINATOR, clue("zvíře", 2));
    assert_eq!(game.deadline(), vec![Event::TurnEnded { team: Team::Blue, reason: TurnEnd::Deadline }]);
    game.ok(RED_COORDINATOR, ask("Bůh"));
    let events = game.deadline();
    assert!(matches!(&events[..], [Event::ApprovalLapsed { .. }]));
    // Lapsed: neither approved (it can be ruled invalid) nor rejected (it can be given).
    assert_eq!(game.state.phase, Phase::Clue { team: Team::Red });
    let events = game.ok(RED_COORDINATOR, clue("Bůh", 1));
    assert!(matches!(&events[0], Event::ClueGiven { approved: false, .. }));
    game.ok(BLUE_COORDINATOR, Action::RuleInvalid { reason: None });
    // After the end nothing is waited for.
    game.ok(BLUE_COORDINATOR, clue("zvíře", 1));
    game.ok(BLUE_MEMBER, guess(PURSUER));
    assert!(game.deadline().is_empty());
}

#[test]
fn s22_meaning_is_judged_by_the_other_coordinator() {
    // "c, 3" for moc, noc and meč is about letters, not meaning: the engine cannot tell, so it
    // takes the clue, and the other coordinator rules it invalid.
    let mut game = four();
    let events = game.ok(RED_COORDINATOR, clue("c", 3));
    assert!(warnings_of(&events).is_empty());
    let events = game.ok(BLUE_COORDINATOR, Action::RuleInvalid { reason: Some("písmeno, ne význam".into()) });
    assert_eq!(turn_ended(&events), Some(TurnEnd::ClueInvalid));
    // A translation of a table word (noha → Fuß) passes the engine too, and is ruled likewise.
    game.ok(BLUE_COORDINATOR, clue("Fuß", 1));
    game.ok(RED_COORDINATOR, Action::RuleInvalid { reason: None });
    assert_eq!(game.state.phase, Phase::Clue { team: Team::Red });
}

#[test]
fn v1_easier_coordinators_choose_the_words_and_may_explain() {
    let options = Options { easier: true, ..Options::default() };
    let mut game = Game::fixed(options, 4);
    assert_eq!(game.state.phase, Phase::Choosing);
    assert_eq!(Sluzba::to_act(&game.state), vec![RED_COORDINATOR, BLUE_COORDINATOR]);
    assert_eq!(
        game.refused(RED_MEMBER, Action::ChooseWords { words: vec!["pes".into()] }).kind,
        RefusalKind::NotYourTurn
    );
    assert_eq!(
        game.refused(RED_COORDINATOR, Action::ChooseWords { words: vec!["xyzzy".into()] }).reason.key,
        "sluzba-refusal-not-in-deck"
    );
    game.ok(RED_COORDINATOR, Action::ChooseWords { words: vec!["PES".into(), "kocka".into()] });
    assert_eq!(
        game.state.chosen,
        vec![(RED_COORDINATOR, "pes".to_owned()), (RED_COORDINATOR, "kočka".to_owned())]
    );
    // The other side of a chosen card is taken.
    let deck = deck(DeckChoice::Czech);
    let (card, _) = deck.find("pes").unwrap();
    let other_side =
        if deck.cards[card].front == "pes" { deck.cards[card].back } else { deck.cards[card].front };
    let refusal = game.refused(BLUE_COORDINATOR, Action::ChooseWords { words: vec![other_side.into()] });
    assert_eq!(refusal.reason.key, "sluzba-refusal-card-taken");
    let too_many: Vec<String> = deck.cards[100..113].iter().map(|c| c.front.to_owned()).collect();
    assert_eq!(
        game.refused(BLUE_COORDINATOR, Action::ChooseWords { words: too_many }).reason.key,
        "sluzba-refusal-too-many-words"
    );
    game.ok(BLUE_COORDINATOR, Action::DealRest);
    assert_eq!(game.state.picks_left(BLUE_COORDINATOR), 0);
    assert_eq!(Sluzba::to_act(&game.state), vec![RED_COORDINATOR]);
    let events = game.ok(RED_COORDINATOR, Action::DealRest);
    let Some(Event::GridLaid { words }) = events.last() else { panic!("{events:?}") };
    let mut laid = words.clone();
    let mut chosen: Vec<String> = game.state.chosen.iter().map(|(_, w)| w.clone()).collect();
    laid.sort();
    chosen.sort();
    assert_eq!(laid, chosen, "the grid is the chosen words, shuffled");
    assert_eq!(game.state.phase, Phase::Clue { team: Team::Red });
    // Explanations are allowed, but no table word in them either.
    let first = game.state.words[0].clone();
    let explained = |text: &str| Action::GiveClue {
        word: "Bůh".into(),
        number: ClueNumber::Count(2),
        explanation: Some(text.into()),
    };
    assert_eq!(game.refused(RED_COORDINATOR, explained(&format!("ne {first}"))).rule, "S6");
    let events = game.ok(RED_COORDINATOR, explained("oba jsou v nebi"));
    assert!(
        matches!(&events[0], Event::ClueGiven { clue, .. } if clue.explanation.as_deref() == Some("oba jsou v nebi"))
    );
    // A missed deadline deals whatever is unpicked.
    let mut late = Game::fixed(Options { easier: true, ..Options::default() }, 4);
    late.ok(RED_COORDINATOR, Action::ChooseWords { words: vec!["pes".into()] });
    let events = late.deadline();
    assert_eq!(events.len(), 3, "red's rest, blue's picks, the grid: {events:?}");
    assert_eq!(late.state.words.len(), 25);
}

#[test]
fn v2_rhymes_allowed_means_no_rhyme_warning() {
    let mut game = Game::fixed(Options { rhymes_allowed: true, ..Options::default() }, 4);
    assert!(warnings_of(&game.ok(RED_COORDINATOR, clue("čočka", 1))).is_empty());
}

#[test]
fn v3_homophones_by_sound_count_as_the_same_word() {
    let mut game = Game::fixed(Options { homophones_by_sound: true, ..Options::default() }, 4);
    let refusal = game.refused(RED_COORDINATOR, clue("výr", 1));
    assert_eq!((refusal.rule.as_str(), refusal.reason.key.as_str()), ("S6", "sluzba-refusal-clue-on-table"));
    assert_eq!(sound_key("plod"), sound_key("plot"));
    assert_eq!(sound_key("výr"), sound_key("vír"));
    assert_ne!(sound_key("pes"), sound_key("les"));
}

#[test]
fn v4_three_players_one_guesser_for_both_teams() {
    let options = Options { table: Table::ThreePlayers, ..Options::default() };
    assert_eq!(Sluzba::check_options(&options, 3), Ok(()));
    assert_eq!(Sluzba::check_options(&options, 2).unwrap_err().rule, "V4");
    let with_team_member = Options {
        roles: vec![
            SeatRole::Coordinator(Team::Red),
            SeatRole::Coordinator(Team::Blue),
            SeatRole::Member(Team::Red),
        ],
        ..options.clone()
    };
    assert_eq!(
        Sluzba::check_options(&with_team_member, 3).unwrap_err().reason.key,
        "sluzba-refusal-shared-member-needed"
    );
    let mut game = Game::fixed(options.clone(), 3);
    game.ok(RED_COORDINATOR, clue("Bůh", 1));
    assert_eq!(Sluzba::to_act(&game.state), vec![2]);
    game.ok(2, guess(0));
    game.ok(2, Action::Stop);
    game.ok(BLUE_COORDINATOR, clue("zvíře", 1));
    assert_eq!(Sluzba::to_act(&game.state), vec![2]);
    game.ok(2, guess(9));
    assert_eq!(Sluzba::seat_label(&options, 2), Msg::new("sluzba-seat-shared-member").num("n", 1));
    // The shared guesser reads both teams' channels.
    assert!(game.state.may_post(2, Channel::RedTeam) && game.state.may_post(2, Channel::BlueTeam));
    game.ok(2, guess(PURSUER));
    let outcome = Sluzba::outcome(&game.state).unwrap();
    assert_eq!(outcome.winners, vec![RED_COORDINATOR, 2], "the shared guesser plays for both teams");
}

#[test]
fn v5_one_team_against_a_fictitious_team() {
    let options = Options { table: Table::OneTeam, ..Options::default() };
    assert_eq!(Sluzba::seats(&options), 2..=40);
    assert_eq!(Sluzba::check_options(&options, 1).unwrap_err().rule, "V5");
    let with_blue = Options {
        roles: vec![
            SeatRole::Coordinator(Team::Red),
            SeatRole::Member(Team::Red),
            SeatRole::Member(Team::Blue),
        ],
        ..options.clone()
    };
    assert_eq!(
        Sluzba::check_options(&with_blue, 3).unwrap_err().reason.key,
        "sluzba-refusal-one-team-no-blue"
    );
    let mut game = Game::fixed(options, 3);
    assert_eq!(game.refused(RED_COORDINATOR, ask("Bůh")).reason.key, "sluzba-refusal-no-other-coordinator");
    assert_eq!(game.refused(1, chat(Channel::BlueTeam, "haló")).rule, "A1");
    assert_eq!(game.refused(RED_COORDINATOR, chat(Channel::Coordinators, "haló")).rule, "A1");
    game.ok(RED_COORDINATOR, clue("Bůh", 1));
    game.ok(2, guess(0));
    game.ok(1, Action::Stop);
    assert_eq!(game.state.phase, Phase::Fictitious);
    assert_eq!(Sluzba::to_act(&game.state), vec![RED_COORDINATOR]);
    assert_eq!(game.refused(1, Action::CoverFictitious { card: 9 }).kind, RefusalKind::NotYourTurn);
    assert_eq!(
        game.refused(RED_COORDINATOR, Action::CoverFictitious { card: 1 }).reason.key,
        "sluzba-refusal-not-fictitious-card"
    );
    assert_eq!(
        Sluzba::legal_actions(&game.state, RED_COORDINATOR)
            .iter()
            .filter(|a| matches!(a, Action::CoverFictitious { .. }))
            .count(),
        8
    );
    game.ok(RED_COORDINATOR, Action::CoverFictitious { card: 9 });
    assert_eq!(game.state.phase, Phase::Clue { team: Team::Red });
    // Red touches a fictitious card: covered for the fictitious team, then its own cover.
    game.ok(RED_COORDINATOR, clue("zvíře", 1));
    game.ok(1, guess(10));
    assert_eq!(game.state.phase, Phase::Fictitious);
    let events = game.deadline();
    assert!(
        matches!(events[0], Event::FictitiousCovered { seat: None, .. }),
        "a missed deadline covers at random"
    );
    // The fictitious team wins when its eighth card is covered.
    while !matches!(game.state.phase, Phase::Ended { .. }) {
        game.ok(RED_COORDINATOR, clue("zvíře", 1));
        let bystander = (BYSTANDER..PURSUER).find(|&c| !game.state.is_covered(c.into())).unwrap();
        game.ok(1, guess(bystander));
        if let Some(card) = BLUE_CARDS.clone().find(|&c| !game.state.is_covered(c.into())) {
            game.ok(RED_COORDINATOR, Action::CoverFictitious { card });
        }
    }
    assert_eq!(
        game.state.phase,
        Phase::Ended { winner: Team::Blue, reason: EndReason::AllCovered { team: Team::Blue } }
    );
    let outcome = Sluzba::outcome(&game.state).unwrap();
    assert!(outcome.winners.is_empty());
    assert_eq!(outcome.summary.key, "sluzba-outcome-fictitious-won");
}

#[test]
fn v5_one_team_wins_by_finding_its_nine_cards() {
    let mut game = Game::fixed(Options { table: Table::OneTeam, ..Options::default() }, 2);
    game.ok(RED_COORDINATOR, clue_infinity("Bůh"));
    for card in RED_CARDS {
        game.ok(1, guess(card));
    }
    let outcome = Sluzba::outcome(&game.state).unwrap();
    assert_eq!(outcome.winners, vec![0, 1]);
    assert_eq!(outcome.summary, Msg::new("sluzba-outcome-one-team-won").num("fictitious_left", 8));
}

#[test]
fn v6_lenient_clues_allow_expressions_and_the_number() {
    let mut game = Game::fixed(Options { strict_clues: false, ..Options::default() }, 4);
    game.ok(RED_COORDINATOR, clue("černá ovce", 1));
    game.ok(RED_MEMBER, guess(0));
    game.ok(RED_MEMBER, Action::Stop);
    game.ok(BLUE_COORDINATOR, clue("tři", 3));
}

#[test]
fn a1_the_coordinators_channel_is_theirs_and_the_public_sees_no_chat() {
    let mut game = four();
    let events = game.ok(BLUE_COORDINATOR, chat(Channel::Coordinators, "platí to?"));
    assert_eq!(
        game.refused(RED_MEMBER, chat(Channel::Coordinators, "já taky")).kind,
        RefusalKind::NotYourTurn
    );
    assert_eq!(
        game.refused(RED_MEMBER, chat(Channel::RedTeam, "   ")).reason.key,
        "sluzba-refusal-chat-empty"
    );
    assert_eq!(
        game.refused(RED_MEMBER, chat(Channel::RedTeam, &"x".repeat(1001))).reason.key,
        "sluzba-refusal-chat-too-long"
    );
    for viewer in [Viewer::Seat(RED_MEMBER), Viewer::Seat(BLUE_MEMBER), Viewer::Public] {
        assert_eq!(Sluzba::redact(&events[0], viewer), None);
        assert!(Sluzba::view(&game.state, viewer).chat.is_empty());
    }
    assert!(Sluzba::redact(&events[0], Viewer::Seat(RED_COORDINATOR)).is_some());
    assert!(Sluzba::redact(&events[0], Viewer::Omniscient).is_some());
    // Chat stays open after the game.
    game.ok(RED_COORDINATOR, clue("Bůh", 1));
    game.ok(RED_MEMBER, guess(PURSUER));
    game.ok(BLUE_MEMBER, chat(Channel::BlueTeam, "hurá"));
}

#[test]
fn a2_the_commitment_is_public_from_the_start_and_the_revealed_key_matches_it() {
    let key = Key::from_letters(TEST_KEY).unwrap();
    // Pinned: `printf 'sluzba-key:%s:%s' "$KEY" "$SALT" | sha256sum` gives the same digest.
    assert_eq!(commitment_preimage(TEST_KEY, TEST_SALT), format!("sluzba-key:{TEST_KEY}:{TEST_SALT}"));
    assert_eq!(commitment(&key, TEST_SALT), PINNED_COMMITMENT);
    let mut game = four();
    let public = Sluzba::view(&game.state, Viewer::Public);
    assert_eq!(public.commitment, PINNED_COMMITMENT);
    assert!(public.revealed_key.is_none());
    assert_eq!(
        Sluzba::redact(&game.events[0], Viewer::Seat(RED_MEMBER)),
        Some(Event::KeyDrawn {
            commitment: PINNED_COMMITMENT.into(),
            key_holders: vec![0, 1],
            key: None,
            salt: None
        })
    );
    game.ok(RED_COORDINATOR, clue("Bůh", 1));
    game.ok(RED_MEMBER, guess(PURSUER));
    let Some(Event::KeyRevealed { key: revealed, salt }) = game.events.last() else { panic!() };
    assert!(verify_commitment(PINNED_COMMITMENT, &revealed.letters(), salt));
    assert!(verify_commitment(&PINNED_COMMITMENT.to_uppercase(), TEST_KEY, TEST_SALT));
    assert!(!verify_commitment(PINNED_COMMITMENT, "BRRRRRRRRRBBBBBBBNNNNNNNP", TEST_SALT), "another key");
    assert!(!verify_commitment(PINNED_COMMITMENT, TEST_KEY, &TEST_SALT.replace('5', "6")), "another salt");
    assert!(!verify_commitment(PINNED_COMMITMENT, "RRRR", TEST_SALT), "not a key");
    // After the end every viewer sees the key, checked.
    let view = Sluzba::view(&game.state, Viewer::Public);
    assert!(view.revealed_key.unwrap().matches_commitment);
    assert!(view.cards.iter().all(|c| !matches!(c, CardView::Uncovered { .. })));
    // Setup draws a fresh salt each game: the same key never gives the same commitment.
    let a = Game::dealt(Options::default(), 4, 7);
    let b = Game::dealt(Options::default(), 4, 8);
    assert_ne!(a.state.secret.as_ref().unwrap().salt, b.state.secret.as_ref().unwrap().salt);
    assert_eq!(a.state.secret.as_ref().unwrap().salt.len(), 64);
}

/// sha256("sluzba-key:RRRRRRRRRBBBBBBBBNNNNNNNP:5a17…0001"), computed with sha256sum.
const PINNED_COMMITMENT: &str = "a1fa8e772f650c74034d2fc7d8e3b345d1c51f8623b3d1c3c4f28d5e46ed5271";

#[test]
fn a3_views_and_events_carry_no_secret_for_those_who_may_not_see_it() {
    let mut game = four();
    game.ok(RED_COORDINATOR, ask("Bůh"));
    let member = serde_json::to_string(&Sluzba::view(&game.state, Viewer::Seat(RED_MEMBER))).unwrap();
    assert!(!member.contains("Bůh") && !member.contains(TEST_KEY) && !member.contains(TEST_SALT), "{member}");
    assert!(!member.contains("\"keyed\"") && !member.contains("\"approval\""));
    let coordinator =
        serde_json::to_string(&Sluzba::view(&game.state, Viewer::Seat(BLUE_COORDINATOR))).unwrap();
    assert!(coordinator.contains("Bůh") && coordinator.contains("\"keyed\""));
    // A refusal to a member never depends on the key: covering any card is refused alike.
    let mut one_team = Game::fixed(Options { table: Table::OneTeam, ..Options::default() }, 2);
    one_team.ok(RED_COORDINATOR, clue("Bůh", 1));
    one_team.ok(1, guess(BYSTANDER));
    let refusals: Vec<Refusal> = (0..25)
        .filter(|&c| c != BYSTANDER)
        .map(|c| one_team.refused(1, Action::CoverFictitious { card: c }))
        .collect();
    assert!(refusals.windows(2).all(|w| w[0] == w[1]), "{refusals:?}");
}

#[test]
fn a4_a_seat_concedes_for_its_team_which_loses_at_once() {
    let mut game = four();
    // Red's coordinator is in turn; a blue member, out of turn, gives up for blue.
    assert!(Sluzba::legal_actions(&game.state, BLUE_MEMBER).contains(&Action::Concede));
    let events = game.ok(BLUE_MEMBER, Action::Concede);
    assert_eq!(events[0], Event::Conceded { seat: BLUE_MEMBER, team: Team::Blue });
    assert_eq!(
        events[1],
        Event::GameEnded { winner: Team::Red, reason: EndReason::Conceded { team: Team::Blue } }
    );
    assert!(matches!(events[2], Event::KeyRevealed { .. }), "the key is revealed as at any end (A2)");
    let outcome = Sluzba::outcome(&game.state).expect("the game is over");
    assert_eq!(outcome.winners, vec![RED_COORDINATOR, RED_MEMBER]);
    assert_eq!(outcome.summary.key, "sluzba-outcome-conceded");
    assert!(Sluzba::to_act(&game.state).is_empty());
    // Nothing more, a second concession included.
    for seat in 0..4 {
        assert!(!Sluzba::legal_actions(&game.state, seat).contains(&Action::Concede));
    }
    let refusal = game.refused(RED_MEMBER, Action::Concede);
    assert_eq!(refusal.reason.key, "sluzba-refusal-game-over");
    assert_eq!(
        Sluzba::describe(&events[0]),
        Msg::new("sluzba-event-conceded").seat("seat", BLUE_MEMBER).key("team", "sluzba-team-blue")
    );
}

#[test]
fn a4_one_team_conceding_loses_to_the_fictitious_team_and_the_shared_guesser_cannot() {
    let mut game = Game::fixed(Options { table: Table::OneTeam, ..Options::default() }, 2);
    game.ok(1, Action::Concede);
    let outcome = Sluzba::outcome(&game.state).expect("the game is over");
    assert!(outcome.winners.is_empty(), "nobody at the table wins");
    assert_eq!(outcome.summary.key, "sluzba-outcome-one-team-conceded");

    let mut game = Game::fixed(Options { table: Table::ThreePlayers, ..Options::default() }, 3);
    assert!(!Sluzba::legal_actions(&game.state, 2).contains(&Action::Concede));
    assert_eq!(game.refused(2, Action::Concede).rule, "A4");
    game.ok(BLUE_COORDINATOR, Action::Concede);
    assert_eq!(Sluzba::outcome(&game.state).unwrap().winners, vec![RED_COORDINATOR, 2]);
}
