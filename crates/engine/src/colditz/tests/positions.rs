//! C26: positions carried over from a real table. Each check with a position it refuses and
//! one it takes; each seat's hand entered privately and seen by that seat only; a corrected
//! table asks for the hands again; play goes on from an entered position; arbitrary positions
//! and hands never panic.

use proptest::prelude::*;

use super::*;
use crate::colditz::board::Region;
use crate::colditz::cards::{self, COUNT, Equipment};
use crate::colditz::events::TunnelHeld;
use crate::colditz::position::{HandEntry, Position, TeamPosition};
use crate::colditz::state::Phase;
use crate::colditz::{Colditz, view};
use crate::{Positions, RefusalKind, Ruleset, Viewer};

const GERMAN: Seat = 0;
const PLAYERS: usize = 3;

/// A game of three just set up, as a game from a real table starts: the German, then two teams.
struct Table {
    state: State,
    log: Vec<Event>,
    draws: u64,
}

impl Table {
    fn new() -> Table {
        Self::with(Options::default())
    }
    fn with(options: Options) -> Table {
        let mut rng = SeededRandom::new(&[3; 32], "table", 0, "setup");
        let mut state = State::new(&options, PLAYERS);
        let log = decide::setup(&options, PLAYERS, &mut rng);
        for e in &log {
            state.apply(e);
        }
        Table { state, log, draws: 0 }
    }
    fn rng(&mut self) -> SeededRandom {
        self.draws += 1;
        SeededRandom::new(&[3; 32], "table", self.draws, "position")
    }
    fn record(&mut self, events: &[Event]) {
        for e in events {
            self.state.apply(e);
        }
        self.log.extend_from_slice(events);
    }
    fn enter(&mut self, position: &Position) -> Result<Vec<Event>, Refusal> {
        let mut rng = self.rng();
        let events = Colditz::enter(&self.state, position, &mut rng)?;
        self.record(&events);
        Ok(events)
    }
    fn hand(&mut self, seat: Seat, cards: &[&str], kit: bool) -> Result<Vec<Event>, Refusal> {
        let mut rng = self.rng();
        let entry = HandEntry { cards: cards.iter().map(|c| c.to_string()).collect(), kit };
        let events = Colditz::enter_private(&self.state, seat, &entry, &mut rng)?;
        self.record(&events);
        Ok(events)
    }
    /// The refusal of a position, which must leave the state as it was.
    #[track_caller]
    fn refused(&mut self, position: &Position) -> String {
        let before = self.state.clone();
        let refusal = self.enter(position).expect_err("refused");
        assert_eq!(self.state, before);
        assert_eq!(refusal.rule, "C26");
        refusal.reason.key
    }
    #[track_caller]
    fn hand_refused(&mut self, seat: Seat, cards: &[&str], kit: bool) -> Refusal {
        let before = self.state.clone();
        let refusal = self.hand(seat, cards, kit).expect_err("refused");
        assert_eq!(self.state, before);
        assert_eq!(refusal.rule, "C26");
        refusal
    }
    fn men_of(&self, seat: Seat) -> Vec<ManId> {
        (0..self.state.men.len() as ManId).filter(|&m| self.state.men[usize::from(m)].seat == seat).collect()
    }
}

/// Every man where the setup put him (the Appel formation), the guards in the barracks, a
/// Rope for the first team, round 3, the first team to move.
fn good() -> Position {
    let formation = BOARD.formation(PLAYERS as u8).unwrap();
    let teams = [1, 2]
        .into_iter()
        .zip(&formation.teams)
        .map(|(seat, circles)| TeamPosition {
            seat,
            men: circles.clone(),
            escaped: 0,
            dead: 0,
            equipment: if seat == 1 { vec![Equipment::Rope] } else { Vec::new() },
            kit_shown: false,
        })
        .collect();
    let guards = BOARD.barracks_slots().take(usize::from(formation.guards)).collect();
    Position { teams, guards, tunnels: Vec::new(), round: 3, to_move: 1 }
}

fn tunnel_circles(key: &str) -> Vec<CircleId> {
    BOARD.tunnel_named(key).unwrap().1.circles.clone()
}

fn all_hands(t: &mut Table) {
    t.hand(GERMAN, &["appel"], false).unwrap();
    t.hand(1, &["diversion", "bribe"], true).unwrap();
    t.hand(2, &[], false).unwrap();
}

#[test]
fn c26_a_legal_position_waits_for_every_hand_then_play_goes_on_from_it() {
    let mut t = Table::new();
    let mut position = good();
    position.teams[0].men[0] = tunnel_circles("chapel")[0];
    position.teams[0].men[1] = tunnel_circles("chapel")[1];
    position.tunnels = vec![TunnelHeld { tunnel: "chapel".into(), seat: 1 }];
    t.enter(&position).expect("legal");
    let s = &t.state;
    assert_eq!((s.phase.clone(), s.round, s.turn_seat()), (Phase::Playing, 3, Some(1)));
    assert_eq!(
        s.equipment[1].iter().map(|c| c.kind()).collect::<Vec<_>>(),
        vec![CardKind::Equipment(Equipment::Rope)]
    );
    assert_eq!(s.tunnels.len(), 1, "the chapel's Tunnel card lies shown");
    assert_eq!(s.tunnellers.len(), 2, "two men hold the tunnel");
    assert!(!s.opportunity.contains(&s.tunnels[0].card), "a shown card is in no pile");
    assert_eq!(s.opportunity.len() + 1, cards::pack_cards(Pack::Opportunity).len());
    assert!(s.hands.iter().all(Vec::is_empty));
    assert!(!Colditz::position_complete(s), "the hands are still to come");
    assert_eq!(view::view(s, Viewer::Public).hands_awaited, vec![0, 1, 2]);

    all_hands(&mut t);
    assert!(Colditz::position_complete(&t.state));
    assert!(view::view(&t.state, Viewer::Public).hands_awaited.is_empty());
    assert_eq!(t.state.hands[1].len(), 2);
    assert_eq!(t.state.opportunity.len() + 3, cards::pack_cards(Pack::Opportunity).len());
    assert_eq!(t.state.security.len() + 1, cards::pack_cards(Pack::Security).len());
    assert!(t.state.holds_kit(1), "the Kit entered privately is the team's");
    assert_eq!(Colditz::to_act(&t.state), vec![1]);

    // Play goes on: the first team throws, and the turns go round from there.
    let mut rng = t.rng();
    let thrown = Colditz::decide(&t.state, 1, &Action::Throw { dice: Vec::new() }, &mut rng).expect("throws");
    t.record(&thrown);
    let ended = Colditz::decide(&t.state, 1, &Action::EndTurn, &mut rng);
    if let Ok(events) = ended {
        t.record(&events);
        assert_eq!(t.state.turn_seat(), Some(2));
    }
    // Once play has begun no hand is entered.
    assert_eq!(t.hand_refused(2, &[], false).reason.key, "colditz-position-hand-in-play");
}

#[test]
fn c26_a_position_needs_a_game_set_up() {
    let mut bare = Table::new();
    bare.state = State::new(&Options::default(), PLAYERS);
    assert_eq!(bare.refused(&good()), "colditz-position-not-set-up");
    Table::new().enter(&good()).expect("set up, it takes the table");
}

#[test]
fn c26_every_team_once_with_the_men_the_setup_gave_it() {
    let mut t = Table::new();
    let mut missing = good();
    missing.teams.pop();
    assert_eq!(t.refused(&missing), "colditz-position-team-missing");
    let mut twice = good();
    twice.teams[1].seat = 1;
    assert_eq!(t.refused(&twice), "colditz-position-team-twice");
    let mut german = good();
    german.teams[1].seat = GERMAN;
    assert_eq!(t.refused(&german), "colditz-position-team-unknown");
    let mut short = good();
    short.teams[0].men.pop();
    assert_eq!(t.refused(&short), "colditz-position-men-count");
    let mut empty = good();
    empty.teams[1].dead = empty.teams[1].men.len() as u8;
    empty.teams[1].men.clear();
    assert_eq!(t.refused(&empty), "colditz-position-team-empty");
    // A man who died at the table is counted, not placed.
    let mut dead = good();
    dead.teams[0].men.pop();
    dead.teams[0].dead = 1;
    t.enter(&dead).expect("legal");
    let team = t.men_of(1);
    assert!(t.state.is_gone(*team.last().unwrap()), "the last man of the team is dead");
    assert_eq!(t.state.men_of(1).count(), team.len() - 1);
}

#[test]
fn c26_the_guards_are_as_many_as_the_german_has() {
    let mut t = Table::new();
    let mut few = good();
    few.guards.pop();
    assert_eq!(t.refused(&few), "colditz-position-guards-count");
    let mut posted = good();
    posted.guards[0] = BOARD.guard_posts(Region::Inner).next().unwrap();
    t.enter(&posted).expect("legal");
    assert_eq!(t.state.at(t.men_of(GERMAN)[0]), posted.guards[0]);
}

#[test]
fn c26_every_man_stands_on_a_circle_of_the_board_that_he_may_stand_on() {
    let mut t = Table::new();
    let mut nowhere = good();
    nowhere.teams[0].men[0] = CircleId::new(99, 99);
    assert_eq!(t.refused(&nowhere), "colditz-position-no-circle");
    let mut in_barracks = good();
    in_barracks.teams[0].men[0] = BOARD.barracks_slots().last().unwrap();
    assert_eq!(t.refused(&in_barracks), "colditz-position-pow-circle");
    let beyond =
        BOARD.circles().iter().find(|c| BOARD.is_beyond(c.id) && c.kind == CircleKind::Plain).unwrap().id;
    let mut chased = good();
    chased.teams[0].men[0] = beyond;
    assert_eq!(t.refused(&chased), "colditz-position-beyond");
    let cell = BOARD.circles_of(CircleKind::Cell).next().unwrap();
    let mut guard_in_cell = good();
    guard_in_cell.guards[0] = cell;
    assert_eq!(t.refused(&guard_in_cell), "colditz-position-guard-circle");
    let mut guard_in_tunnel = good();
    guard_in_tunnel.guards[0] = tunnel_circles("theatre")[0];
    assert_eq!(t.refused(&guard_in_tunnel), "colditz-position-guard-circle");
    // A prisoner in a cell is where the table put him.
    let mut solitary = good();
    solitary.teams[0].men[0] = cell;
    t.enter(&solitary).expect("legal");
    assert!(t.state.in_cell(t.men_of(1)[0]));
}

#[test]
fn c26_no_two_men_on_one_circle_but_in_a_cell() {
    let mut t = Table::new();
    let mut crowded = good();
    crowded.teams[0].men[1] = crowded.teams[0].men[0];
    assert_eq!(t.refused(&crowded), "colditz-position-circle-twice");
    let mut on_a_guard = good();
    on_a_guard.guards[0] = on_a_guard.teams[1].men[0];
    assert_eq!(t.refused(&on_a_guard), "colditz-position-circle-twice");
    let cell = BOARD.circles_of(CircleKind::Cell).next().unwrap();
    let mut shared_cell = good();
    shared_cell.teams[0].men[0] = cell;
    shared_cell.teams[1].men[0] = cell;
    t.enter(&shared_cell).expect("a cell holds several");
}

#[test]
fn c26_no_more_equipment_of_a_kind_than_the_pack_holds() {
    let mut t = Table::new();
    let mut too_many = good();
    too_many.teams[0].equipment = vec![Equipment::WireCutters; 3];
    too_many.teams[1].equipment = vec![Equipment::WireCutters; 2];
    assert_eq!(t.refused(&too_many), "colditz-position-equipment-too-many");
    too_many.teams[1].equipment.pop();
    t.enter(&too_many).expect("all four Wire Cutters");
    assert!(!t.state.stock.iter().any(|c| c.kind() == CardKind::Equipment(Equipment::WireCutters)));
    let mut ids: Vec<CardId> = t.state.equipment.iter().flatten().copied().collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 4, "four different cards");
}

#[test]
fn c26_some_team_can_still_reach_the_formula() {
    let mut t = Table::new();
    let mut hopeless = good();
    for team in &mut hopeless.teams {
        team.dead = team.men.len() as u8 - 1;
        team.men.truncate(1);
    }
    assert_eq!(t.refused(&hopeless), "colditz-position-hopeless");
    let mut one_hope = hopeless.clone();
    one_hope.teams[0].men.push(good().teams[0].men[1]);
    one_hope.teams[0].dead -= 1;
    t.enter(&one_hope).expect("the British can still make two escapes");
    assert!(t.state.ended().is_none());
}

#[test]
fn c26_escapes_need_the_kit_displayed_and_fall_short_of_the_formula() {
    let mut t = Table::new();
    let mut no_kit = good();
    no_kit.teams[0].men.pop();
    no_kit.teams[0].escaped = 1;
    assert_eq!(t.refused(&no_kit), "colditz-position-escaped-without-kit");
    let mut won = good();
    let keep = won.teams[0].men.len() - 2;
    won.teams[0].men.truncate(keep);
    won.teams[0].escaped = 2;
    won.teams[0].kit_shown = true;
    assert_eq!(t.refused(&won), "colditz-position-won");
    let mut escaped = no_kit.clone();
    escaped.teams[0].kit_shown = true;
    t.enter(&escaped).expect("legal");
    assert_eq!(t.state.escapes(1), 1);
    assert!(t.state.kit_shown.contains(&1) && t.state.holds_kit(1));
    let public = view::view(&t.state, Viewer::Seat(2));
    assert!(public.seats[1].equipment.iter().any(|c| c.key == "kit"), "a displayed Kit is public");
    // Its Escape Officer enters no second Kit.
    assert_eq!(t.hand_refused(1, &[], true).reason.key, "colditz-position-hand-kit-shown");
}

#[test]
fn c26_a_tunnel_in_use_holds_at_least_two_men_and_none_is_in_a_closed_one() {
    let mut t = Table::new();
    let chapel = tunnel_circles("chapel");
    let mut alone = good();
    alone.teams[0].men[0] = chapel[0];
    alone.tunnels = vec![TunnelHeld { tunnel: "chapel".into(), seat: 1 }];
    assert_eq!(t.refused(&alone), "colditz-position-tunnel-alone");
    let mut closed = good();
    closed.teams[0].men[0] = chapel[0];
    closed.teams[1].men[0] = chapel[1];
    assert_eq!(t.refused(&closed), "colditz-position-tunnel-closed");
    let mut unknown = good();
    unknown.tunnels = vec![TunnelHeld { tunnel: "cellar".into(), seat: 1 }];
    assert_eq!(t.refused(&unknown), "colditz-position-tunnel-unknown");
    let mut by_german = good();
    by_german.tunnels = vec![TunnelHeld { tunnel: "chapel".into(), seat: GERMAN }];
    assert_eq!(t.refused(&by_german), "colditz-position-tunnel-seat");
    let mut twice = good();
    twice.tunnels = vec![TunnelHeld { tunnel: "chapel".into(), seat: 1 }; 2];
    assert_eq!(t.refused(&twice), "colditz-position-tunnel-twice");
    // Two men of two nations hold it; an open tunnel may also be empty.
    let mut held = closed.clone();
    held.tunnels = vec![
        TunnelHeld { tunnel: "chapel".into(), seat: 2 },
        TunnelHeld { tunnel: "canteen".into(), seat: 1 },
    ];
    t.enter(&held).expect("legal");
    assert_eq!(t.state.inside("chapel").len(), 2);
    assert_eq!(t.state.tunnels.len(), 2);
    // The shown card is on the table: no hand holds it.
    let refusal = t.hand_refused(1, &["tunnel-chapel"], false);
    assert_eq!(refusal.reason.key, "colditz-position-hand-card-gone");
}

#[test]
fn c26_the_round_is_within_the_time_limit_and_the_player_to_move_has_a_seat() {
    let mut t = Table::new();
    let limit = t.state.rounds_limit.unwrap();
    let mut zero = good();
    zero.round = 0;
    assert_eq!(t.refused(&zero), "colditz-position-round");
    let mut late = good();
    late.round = limit + 1;
    assert_eq!(t.refused(&late), "colditz-position-round");
    let mut nobody = good();
    nobody.to_move = 7;
    assert_eq!(t.refused(&nobody), "colditz-position-to-move");
    let mut last = good();
    last.round = limit;
    last.to_move = GERMAN;
    t.enter(&last).expect("the last round, the German to move");
    assert_eq!((t.state.round, t.state.turn_seat()), (limit, Some(GERMAN)));
    // Without a limit in rounds any round goes.
    let mut t =
        Table::with(Options { time_limit: crate::colditz::options::TimeLimit::None, ..Options::default() });
    let mut far = good();
    far.round = 500;
    t.enter(&far).expect("no limit");
}

#[test]
fn c26_a_hand_is_at_most_three_cards_of_the_seats_own_pack() {
    let mut t = Table::new();
    assert_eq!(t.hand_refused(1, &["diversion"], false).reason.key, "colditz-position-hand-before-table");
    t.enter(&good()).unwrap();
    assert_eq!(
        t.hand_refused(1, &["diversion", "bribe", "sabotage", "hideaway"], false).reason.key,
        "colditz-position-hand-too-many"
    );
    assert_eq!(t.hand_refused(1, &["appel"], false).reason.key, "colditz-position-hand-wrong-pack");
    assert_eq!(t.hand_refused(GERMAN, &["bribe"], false).reason.key, "colditz-position-hand-wrong-pack");
    assert_eq!(t.hand_refused(1, &["joker"], false).reason.key, "colditz-position-hand-card-unknown");
    assert_eq!(t.hand_refused(GERMAN, &[], true).reason.key, "colditz-position-hand-kit-german");
    let stranger = t.hand_refused(5, &[], false);
    assert_eq!(stranger.kind, RefusalKind::NotYourTurn);
    t.hand(1, &["diversion", "bribe", "sabotage"], false).expect("three cards");
    t.hand(GERMAN, &["appel", "shoot-to-kill"], false).expect("the German's Security cards");
    assert_eq!(t.state.hands[usize::from(GERMAN)].len(), 2);
}

#[test]
fn c26_no_hand_is_entered_once_anything_else_has_happened() {
    let mut t = Table::new();
    t.enter(&good()).unwrap();
    all_hands(&mut t);
    // Standing orders set before the first throw: the turn has not moved, but play has begun.
    let mut rng = t.rng();
    let orders = Action::SetStandingOrders(Default::default());
    let set = Colditz::decide(&t.state, 2, &orders, &mut rng).expect("standing orders");
    t.record(&set);
    assert_eq!(t.hand_refused(2, &["bribe"], false).reason.key, "colditz-position-hand-in-play");
    // A correction of the table (which the server takes only before every seat agrees) opens
    // the hands again.
    t.enter(&good()).unwrap();
    t.hand(2, &["bribe"], false).expect("a hand for the corrected table");
}

#[test]
fn c26_a_card_lies_in_one_place_only() {
    let mut t = Table::new();
    t.enter(&good()).unwrap();
    // One Tunnel card names the theatre: once in a hand, it is in no other. A second hand that
    // claims it is not refused (a refusal would tell its seat what another hand holds): every
    // Escape Officer's hand goes back to the pack, as everyone sees, and each enters it again.
    t.hand(1, &["tunnel-theatre"], false).unwrap();
    t.hand(0, &["search-chapel"], false).expect("the German's hand");
    let german_hand = t.state.hands[0].clone();
    let events = t.hand(2, &["tunnel-theatre"], false).expect("not refused");
    let [Event::HandsReturned { pile }] = events.as_slice() else { panic!("{events:?}") };
    assert!(t.state.hands[1].is_empty() && t.state.hands[2].is_empty(), "every officer's hand is back");
    assert_eq!(t.state.hands[0], german_hand, "the German's pack is his own: his hand stays");
    assert_eq!(pile.len(), t.state.opportunity.len());
    assert_eq!(view::hands_awaited(&t.state), vec![1, 2], "each officer enters again");
    // What everyone is shown of it names no seat, no kind and no card.
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Seat(2), Viewer::Public] {
        let seen = view::redact(&events[0], viewer);
        assert_eq!(seen, Some(Event::HandsReturned { pile: Vec::new() }), "{viewer:?}");
    }
    // A kind no hand can hold, because the table shows it or the pack has no more, is refused:
    // that tells nothing the table does not.
    t.hand(1, &["tunnel-theatre"], false).unwrap();
    assert_eq!(
        t.hand_refused(1, &["tunnel-theatre", "tunnel-theatre"], false).reason.key,
        "colditz-position-hand-card-gone"
    );
    // The seat enters its hand again: the card it held is free again.
    t.hand(1, &[], false).unwrap();
    t.hand(2, &["tunnel-theatre"], false).expect("now free");
    let every: Vec<CardId> = t
        .state
        .hands
        .iter()
        .flatten()
        .chain(&t.state.opportunity)
        .chain(&t.state.security)
        .chain(t.state.tunnels.iter().map(|o| &o.card))
        .copied()
        .collect();
    let mut unique = every.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(every.len(), unique.len(), "no card in two places");
    assert_eq!(
        every.len(),
        cards::pack_cards(Pack::Opportunity).len() + cards::pack_cards(Pack::Security).len()
    );
    // A seat whose own hand is empty (the only hand its copy of the log knows) claims the card
    // another holds: the hands go back, and the fold of that seat's redacted copy, which carries
    // no pile, still says that its hand went back and is awaited again.
    t.hand(1, &[], false).unwrap();
    let events = t.hand(1, &["tunnel-theatre"], false).expect("not refused");
    assert!(matches!(events.as_slice(), [Event::HandsReturned { .. }]), "{events:?}");
    assert_eq!(view::hands_awaited(&t.state), vec![1, 2]);
    let seen: Vec<Event> = t.log.iter().filter_map(|e| view::redact(e, Viewer::Seat(1))).collect();
    let folded = crate::replay::<Colditz>(&Options::default(), PLAYERS, &seen);
    assert!(folded.hands.iter().all(Vec::is_empty), "{:?}", folded.hands);
    assert!(view::hands_awaited(&folded).contains(&1), "seat 1's copy awaits its hand again");
}

#[test]
fn c26_c21_a_hand_and_an_undisplayed_kit_are_seen_by_their_seat_only() {
    let mut t = Table::new();
    t.enter(&good()).unwrap();
    let events = t.hand(1, &["diversion", "bribe"], true).unwrap();
    let hand = t.state.hands[1].clone();
    for viewer in [Viewer::Public, Viewer::Seat(GERMAN), Viewer::Seat(2)] {
        for e in &events {
            let seen = Colditz::redact(e, viewer).unwrap();
            let text = serde_json::to_string(&seen).unwrap();
            for card in &hand {
                assert!(!text.contains(&format!("\"{card:?}\"")), "{viewer:?} sees {card:?} in {text}");
            }
            assert!(!text.contains("kit"), "{viewer:?}: {text}");
        }
        let v = view::view(&t.state, viewer);
        assert!(v.seats[1].hand.is_none(), "{viewer:?} sees no hand");
        assert_eq!(v.seats[1].hand_size, 2, "the size is public (C21)");
        assert!(!v.seats[1].equipment.iter().any(|c| c.key == "kit"), "{viewer:?} sees no Kit");
        let json = serde_json::to_string(&v).unwrap();
        for card in &hand {
            assert!(!json.contains(&format!("\"{card:?}\"")), "{viewer:?} sees {card:?}");
        }
    }
    // The positive control: the seat sees its own; the piles' new order nobody does.
    let mine = Colditz::redact(&events[0], Viewer::Seat(1)).unwrap();
    let Event::HandEntered { cards: Some(cards), kit: Some(true), pile, .. } = mine else {
        panic!("{mine:?}")
    };
    assert_eq!((cards, pile.is_empty()), (hand.clone(), true));
    let v = view::view(&t.state, Viewer::Seat(1));
    assert_eq!(v.seats[1].hand.as_ref().unwrap().iter().map(|c| c.id).collect::<Vec<_>>(), hand);
    assert!(v.seats[1].equipment.iter().any(|c| c.key == "kit"));
    // The table's piles, hidden like the setup's.
    let Some(Event::PositionEntered { opportunity, .. }) = t
        .log
        .iter()
        .find(|e| matches!(e, Event::PositionEntered { .. }))
        .and_then(|e| Colditz::redact(e, Viewer::Seat(1)))
    else {
        panic!()
    };
    assert!(opportunity.is_empty());
}

#[test]
fn c26_a_corrected_table_asks_for_every_hand_again() {
    let mut t = Table::new();
    t.enter(&good()).unwrap();
    all_hands(&mut t);
    assert!(Colditz::position_complete(&t.state));
    let mut corrected = good();
    corrected.round = 4;
    t.enter(&corrected).unwrap();
    assert!(!Colditz::position_complete(&t.state));
    assert!(t.state.hands.iter().all(Vec::is_empty), "the hands go back to the packs");
    assert!(!t.state.holds_kit(1), "the undisplayed Kit too");
    assert_eq!(t.state.opportunity.len(), cards::pack_cards(Pack::Opportunity).len());
}

/// The whole log of an entered position replays to the same state (events fold, never draw).
#[test]
fn c26_an_entered_position_replays_from_its_events() {
    let mut t = Table::new();
    t.enter(&good()).unwrap();
    all_hands(&mut t);
    let replayed = crate::replay::<Colditz>(&Options::default(), PLAYERS, &t.log);
    assert_eq!(replayed, t.state);
}

pub fn arbitrary_position() -> impl Strategy<Value = Position> {
    let circle = (0u8..40, 0u8..70).prop_map(|(r, c)| CircleId::new(r, c));
    let equipment = prop::sample::select(Equipment::ALL.to_vec());
    let team = (
        0u8..7,
        prop::collection::vec(circle.clone(), 0..10),
        0u8..4,
        0u8..3,
        prop::collection::vec(equipment, 0..6),
        any::<bool>(),
    )
        .prop_map(|(seat, men, escaped, dead, equipment, kit_shown)| TeamPosition {
            seat,
            men,
            escaped,
            dead,
            equipment,
            kit_shown,
        });
    let tunnel = (prop::sample::select(vec!["chapel", "canteen", "theatre", "x"]), 0u8..7)
        .prop_map(|(t, seat)| TunnelHeld { tunnel: t.into(), seat });
    (
        prop::collection::vec(team, 0..6),
        prop::collection::vec(circle, 0..20),
        prop::collection::vec(tunnel, 0..3),
        0u32..70,
        0u8..7,
    )
        .prop_map(|(teams, guards, tunnels, round, to_move)| Position {
            teams,
            guards,
            tunnels,
            round,
            to_move,
        })
}

pub fn arbitrary_hand() -> impl Strategy<Value = HandEntry> {
    let key = prop::sample::select(
        (0..COUNT as u8).map(|n| CardId(n).kind().key()).chain(["joker".to_owned()]).collect::<Vec<_>>(),
    );
    (prop::collection::vec(key, 0..5), any::<bool>()).prop_map(|(cards, kit)| HandEntry { cards, kit })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
    #[test]
    fn c26_arbitrary_positions_and_hands_never_panic(
        position in arbitrary_position(),
        hand in arbitrary_hand(),
        seat in 0u8..5,
        formation in any::<bool>(),
    ) {
        let mut t = Table::new();
        // Half the time from a legal table, so that hands meet one.
        let entered = if formation { t.enter(&good()) } else { t.enter(&position) };
        if let Ok(events) = entered {
            for viewer in [Viewer::Public, Viewer::Seat(0), Viewer::Seat(seat)] {
                for e in &events {
                    let _ = Colditz::redact(e, viewer);
                }
                let _ = Colditz::view(&t.state, viewer);
            }
        }
        if let Ok(events) = t.hand(seat, &hand.cards.iter().map(String::as_str).collect::<Vec<_>>(), hand.kit) {
            for e in &events {
                let _ = Colditz::redact(e, Viewer::Seat(0));
                let _ = Colditz::describe(e);
            }
        }
        let _ = Colditz::view(&t.state, Viewer::Seat(seat));
        let _ = Colditz::legal_actions(&t.state, seat);
        let _ = Colditz::to_act(&t.state);
        let _ = Colditz::position_complete(&t.state);
    }
}
