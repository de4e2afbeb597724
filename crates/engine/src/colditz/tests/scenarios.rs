//! One scenario (or a few) per rule id of docs/rules/colditz.md. Three players unless said:
//! seat 0 the German (guards are men 14–25), seat 1 American (men 0–6), seat 2 British (men
//! 7–13).

use super::*;
use crate::colditz::Colditz;
use crate::colditz::board::Symbol;
use crate::colditz::cards::Equipment;
use crate::colditz::events::{AppelAnswer, Placement, SearchAnswer, StandingOrders, Warning};
use crate::colditz::options::{Dice, Nation, Role};
use crate::colditz::state::Window;
use crate::{Ruleset, Viewer};

const G: ManId = 14; // the first guard (3 players)
const G2: ManId = 15;

fn rope() -> CardId {
    card(CardKind::Equipment(Equipment::Rope))
}

#[test]
fn c1_setup_pieces_nations_and_turn_order() {
    for (players, guards, pows) in [(2, 6, 8), (3, 12, 7), (4, 14, 6), (5, 15, 5), (6, 16, 4)] {
        let mut rng = SeededRandom::new(&[1; 32], "g", 0, "setup");
        let events = decide::setup(&Options::default(), players, &mut rng);
        let state = crate::replay::<Colditz>(&Options::default(), players, &events);
        assert_eq!(state.men_of(0).count(), guards, "{players} players");
        for seat in 1..players as Seat {
            assert_eq!(state.men_of(seat).count(), pows);
            assert!(state.men_of(seat).all(|m| BOARD.is(state.at(m), CircleKind::Appel)), "PoWs on Appel");
        }
        assert!(state.men_of(0).all(|m| BOARD.is(state.at(m), CircleKind::BarracksSlot)));
        assert_eq!((state.opportunity.len(), state.security.len(), state.do_or_die.len()), (45, 14, 5));
        assert_eq!(state.stock.len(), 27 + 5);
        assert_eq!(*state.order.last().unwrap(), 0, "the German plays last");
        assert_eq!(state.order[0], 1, "the Escape Officer on his left first");
    }
    let options = Options {
        german: 2,
        nations: vec![Nation::Polish, Nation::Dutch, Nation::French],
        ..Options::default()
    };
    assert!(Colditz::check_options(&options, 4).is_ok());
    assert_eq!(
        options.roles(4),
        vec![
            Role::Escape(Nation::Polish),
            Role::Escape(Nation::Dutch),
            Role::German,
            Role::Escape(Nation::French)
        ]
    );
    let events = decide::setup(&options, 4, &mut SeededRandom::new(&[1; 32], "g", 0, "s"));
    let Event::Setup { order, .. } = &events[0] else { panic!() };
    assert_eq!(order, &vec![3, 0, 1, 2]);
    let bad = Options { nations: vec![Nation::Polish, Nation::Polish], ..Options::default() };
    assert_eq!(Colditz::check_options(&bad, 3).unwrap_err().rule, "C1");
    assert_eq!(Colditz::check_options(&Options::default(), 7).unwrap_err().rule, "C1");
}

#[test]
fn c2_success_formula_and_time_limit_are_options() {
    let o: Options =
        serde_json::from_str(r#"{"success":{"escapes":3},"time_limit":{"kind":"rounds","value":40}}"#)
            .unwrap();
    assert_eq!(o.success.escapes, 3);
    assert!(Colditz::check_options(&o, 3).is_ok());
    let o: Options = serde_json::from_str(r#"{"success":{"escapes":0}}"#).unwrap();
    assert_eq!(Colditz::check_options(&o, 3).unwrap_err().rule, "C2");
    assert_eq!(Options::default().success.escapes, 2);
}

#[test]
fn c3_the_german_places_one_guard_per_team_inside_and_two_to_seven_outside() {
    let options = Options::default();
    let mut rng = SeededRandom::new(&[1; 32], "g", 0, "setup");
    let mut state = State::new(&options, 3);
    for e in decide::setup(&options, 3, &mut rng) {
        state.apply(&e);
    }
    let inner: Vec<CircleId> = BOARD.guard_posts(Region::Inner).collect();
    let outer: Vec<CircleId> = BOARD.guard_posts(Region::Outer).collect();
    let try_place = |i: &[CircleId], o: &[CircleId]| {
        decide::decide(
            &state,
            0,
            &Action::PlaceGuards { inner: i.to_vec(), outer: o.to_vec() },
            &mut ScriptedRandom::default(),
        )
    };
    assert_eq!(try_place(&inner[..1], &outer[..2]).unwrap_err().rule, "C3");
    assert_eq!(try_place(&inner[..2], &outer[..1]).unwrap_err().rule, "C3");
    assert_eq!(try_place(&inner[..2], &outer[..8]).unwrap_err().rule, "C3");
    assert_eq!(try_place(&outer[..2], &outer[2..4]).unwrap_err().rule, "C3");
    assert_eq!(
        decide::decide(&state, 1, &Action::Throw { dice: vec![] }, &mut ScriptedRandom::default())
            .unwrap_err()
            .rule,
        "C3"
    );
    let events = try_place(&inner[..2], &outer[..7]).unwrap();
    state.apply(&events[0]);
    assert_eq!(state.men_of(0).filter(|&g| state.in_barracks(g)).count(), 12 - 9);
    assert_eq!(state.turn_seat(), Some(1));
}

#[test]
fn c4_doubles_throw_again_and_every_throw_of_3_7_or_11_draws_a_card() {
    let mut pos = Pos::new(3).before_throw(1);
    let events = pos
        .act_with(1, Action::Throw { dice: vec![] }, &mut ScriptedRandom::dice([3, 3, 2, 2, 1, 5]))
        .unwrap();
    assert_eq!(events, vec![Event::Thrown { seat: 1, throws: vec![[3, 3], [2, 2], [1, 5]] }]);
    assert_eq!(pos.state.turn.as_ref().unwrap().points, 16);
    let mut pos = Pos::new(3).before_throw(1);
    let top = pos.state.opportunity[0];
    let events = pos.act_with(1, Action::Throw { dice: vec![] }, &mut ScriptedRandom::dice([3, 4])).unwrap();
    assert_eq!(events[1], Event::Drew { seat: 1, pack: Pack::Opportunity, card: Some(top) });
    assert_eq!(pos.state.hands[1], vec![top]);
    assert_eq!(pos.refused(1, Action::Throw { dice: vec![] }), "C4");
    // The German draws Security cards.
    let mut pos = Pos::new(3).before_throw(0);
    let top = pos.state.security[0];
    pos.act_with(0, Action::Throw { dice: vec![] }, &mut ScriptedRandom::dice([5, 6])).unwrap();
    assert_eq!(pos.state.hands[0], vec![top]);
    // Capped at three throws.
    let options = Options { max_throws: Some(3), ..Options::default() };
    let mut pos = Pos::with(options, 3).before_throw(1);
    let events = pos
        .act_with(1, Action::Throw { dice: vec![] }, &mut ScriptedRandom::dice([1, 1, 2, 2, 3, 3]))
        .unwrap();
    assert_eq!(events, vec![Event::Thrown { seat: 1, throws: vec![[1, 1], [2, 2], [3, 3]] }]);
    // Manual dice: typed by the player, checked.
    let options = Options { dice: Dice::Manual, ..Options::default() };
    let mut pos = Pos::with(options, 3).before_throw(1);
    assert_eq!(pos.refused(1, Action::Throw { dice: vec![] }), "C4");
    assert_eq!(pos.refused(1, Action::Throw { dice: vec![[2, 3], [4, 4]] }), "C4");
    assert_eq!(pos.refused(1, Action::Throw { dice: vec![[7, 1]] }), "C4");
    assert_eq!(pos.refused(1, Action::Throw { dice: vec![[4, 4]] }), "C4");
    let events = pos.act(1, Action::Throw { dice: vec![[4, 4], [2, 3]] }).unwrap();
    assert_eq!(events.len(), 1, "8 and 5: no card");
    // The throw after doubles draws too (2+2, then 1+2 = 3).
    let mut pos = Pos::new(3).before_throw(1);
    let top = pos.state.opportunity[0];
    let events =
        pos.act_with(1, Action::Throw { dice: vec![] }, &mut ScriptedRandom::dice([2, 2, 1, 2])).unwrap();
    assert_eq!(events[1], Event::Drew { seat: 1, pack: Pack::Opportunity, card: Some(top) });
    let options = Options { dice: Dice::Manual, ..Options::default() };
    let mut pos = Pos::with(options, 3).before_throw(1);
    let events = pos.act(1, Action::Throw { dice: vec![[6, 6], [5, 5], [5, 6]] }).unwrap();
    assert_eq!(kinds(&events), vec!["thrown", "drew"], "6+6, 5+5, then 11");
    // Not in turn.
    let mut pos = Pos::new(3).before_throw(1);
    let refusal =
        decide::decide(&pos.state, 2, &Action::Throw { dice: vec![] }, &mut ScriptedRandom::default())
            .unwrap_err();
    assert_eq!((refusal.rule.as_str(), refusal.kind), ("C4", crate::RefusalKind::NotYourTurn));
    assert_eq!(pos.refused(1, Action::EndTurn), "C4");
}

#[test]
fn c5_c6_men_move_step_by_step_to_free_neighbours_within_the_score() {
    let w = courtyard_walk(6);
    let mut pos = Pos::new(3).clear().put_at(0, w[0]).put_at(1, w[5]).turn(1, &[[2, 3]]);
    assert_eq!(
        pos.refused(1, Action::Move { man: 0, path: w[1..6].to_vec(), cell: None }),
        "C6",
        "through a man"
    );
    pos = pos.put_at(1, w[6]);
    assert_eq!(
        pos.refused(1, Action::Move { man: 0, path: w[1..7].to_vec(), cell: None }),
        "C5",
        "six steps on a five"
    );
    assert_eq!(
        pos.refused(1, Action::Move { man: 0, path: vec![w[2]], cell: None }),
        "C6",
        "not a neighbour"
    );
    assert_eq!(pos.refused(1, Action::Move { man: 7, path: vec![w[1]], cell: None }), "C5", "not his man");
    pos.act(1, Action::Move { man: 0, path: w[1..3].to_vec(), cell: None }).unwrap();
    assert_eq!(pos.state.turn.as_ref().unwrap().points, 3);
    pos.act(1, Action::Move { man: 1, path: vec![w[5]], cell: None }).unwrap();
    assert_eq!(pos.at(1), w[5]);
    pos.act(1, Action::EndTurn).unwrap();
    assert_eq!(pos.state.turn_seat(), Some(2), "unused points are left");
}

#[test]
fn r42_a_pow_never_stops_in_a_searchlight() {
    let plain = |c: &crate::colditz::board::Circle| c.kind == CircleKind::Plain;
    let light = circles(|c| c.kind == CircleKind::Searchlight)
        .into_iter()
        .find(|&l| {
            BOARD.links(l).iter().any(|k| k.kind == LinkKind::Step && BOARD.circle(k.to).is_some_and(plain))
        })
        .unwrap();
    let before = neighbour(light, plain);
    let mut pos = Pos::new(3).clear().put_at(0, before).turn(1, &[[2, 3]]);
    assert_eq!(pos.refused(1, Action::Move { man: 0, path: vec![light], cell: None }), "R42");
    // Crossing the beam is fine: walk through it to a plain circle on the far side.
    let mut path = vec![light];
    let mut at = light;
    for _ in 0..4 {
        let next = BOARD.links(at).iter().map(|k| k.to).find(|&t| {
            t != before && !path.contains(&t) && BOARD.link(at, t).is_some_and(|k| k.kind == LinkKind::Step)
        });
        let Some(next) = next else { break };
        path.push(next);
        at = next;
        if BOARD.is(next, CircleKind::Plain) {
            break;
        }
    }
    if BOARD.is(at, CircleKind::Plain) {
        pos.act(1, Action::Move { man: 0, path, cell: None }).unwrap();
    }
}

#[test]
fn r44_guards_enter_rooms_only_with_search_or_appel() {
    let kitchen = BOARD.room_named("kitchen").unwrap().1.clone();
    let door = kitchen.doors[0];
    let outside = neighbour(door, |c| c.terrain == Terrain::Courtyard && c.kind == CircleKind::Plain);
    let mut pos = Pos::new(3).clear().put_at(G, outside).turn(0, &[[2, 3]]);
    assert_eq!(pos.refused(0, Action::Move { man: G, path: vec![door], cell: None }), "R44");
    pos = pos.hand(0, card(CardKind::Search("kitchen")));
    pos.act(
        0,
        Action::Play {
            card: card(CardKind::Search("kitchen")),
            men: vec![],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    assert_eq!(
        pos.refused(0, Action::Move { man: G, path: vec![door], cell: None }),
        "R44",
        "guards do not stop in rooms"
    );
    let inside = *kitchen.circles.iter().find(|&&c| c != door && BOARD.link(door, c).is_some()).unwrap();
    // Out again, and a step away from the circle in front of the door (R45).
    let away = neighbour(outside, |c| {
        c.terrain == Terrain::Courtyard && c.kind == CircleKind::Plain && !decide::doorway(c.id)
    });
    pos.act(0, Action::Move { man: G, path: vec![door, inside, door, outside, away], cell: None }).unwrap();
    pos.act(0, Action::EndTurn).unwrap();
}

#[test]
fn r45_guards_do_not_stay_in_doorways_between_turns() {
    let door = BOARD.cell_blocks()[0].door;
    let next = neighbour(door, |c| c.kind == CircleKind::Plain && c.terrain == Terrain::Courtyard);
    let mut pos = Pos::new(3).clear().put_at(G, next).turn(0, &[[1, 2]]);
    assert_eq!(pos.refused(0, Action::Move { man: G, path: vec![door], cell: None }), "R45");
    // Ending the turn is checked too (a guard put there by other means).
    pos = pos.put_at(G, door);
    assert_eq!(pos.refused(0, Action::EndTurn), "R45");
}

#[test]
fn c10_two_men_in_symbol_rooms_claim_equipment_and_go_directly_to_appel() {
    let kitchen = room("kitchen");
    let sick_bay = room("sick-bay");
    let mut pos = Pos::new(3)
        .clear()
        .put_at(0, kitchen[0])
        .put_at(1, kitchen[1])
        .put_at(2, sick_bay[0])
        .before_throw(1);
    assert_eq!(pos.refused(1, Action::ClaimEquipment { equipment: Equipment::Rope, men: [0, 1] }), "C10");
    assert_eq!(
        pos.refused(1, Action::ClaimEquipment { equipment: Equipment::WireCutters, men: [0, 3] }),
        "C10"
    );
    let events =
        pos.act(1, Action::ClaimEquipment { equipment: Equipment::WireCutters, men: [0, 1] }).unwrap();
    let Event::EquipmentClaimed { card, moves, .. } = &events[0] else { panic!() };
    assert_eq!(card.kind(), CardKind::Equipment(Equipment::WireCutters));
    assert_eq!(moves.len(), 2);
    assert!(BOARD.is(pos.at(0), CircleKind::Appel) && BOARD.is(pos.at(1), CircleKind::Appel));
    // One man in each of the two rooms with the symbol.
    pos = pos.put_at(1, kitchen[0]);
    pos.act(1, Action::ClaimEquipment { equipment: Equipment::WireCutters, men: [1, 2] }).unwrap();
    assert_eq!(pos.state.equipment[1].len(), 2);
    // None left.
    let mut pos = Pos::new(3).clear().put_at(0, kitchen[0]).put_at(1, kitchen[1]).before_throw(1);
    for c in cards_of(CardKind::Equipment(Equipment::WireCutters)) {
        pos = pos.equip(2, c);
    }
    assert_eq!(
        pos.refused(1, Action::ClaimEquipment { equipment: Equipment::WireCutters, men: [0, 1] }),
        "C10"
    );
}

#[test]
fn c11_the_escape_kit_from_four_rooms_or_kit_parts_one_per_team() {
    let rooms = |s: Symbol| BOARD.rooms_with(s).next().unwrap().1.circles[0];
    let mut pos = Pos::new(3)
        .clear()
        .put_at(0, rooms(Symbol::Disguise))
        .put_at(1, rooms(Symbol::Compass))
        .put_at(2, rooms(Symbol::Food))
        .before_throw(1);
    assert_eq!(pos.refused(1, Action::ClaimKit { men: vec![0, 1, 2], parts: vec![] }), "C11");
    pos = pos.put_at(3, rooms(Symbol::Documents));
    let events = pos.act(1, Action::ClaimKit { men: vec![3, 2, 1, 0], parts: vec![] }).unwrap();
    assert!(matches!(events[0], Event::KitClaimed { .. }));
    assert!(pos.state.holds_kit(1));
    assert_eq!(pos.at(0), rooms(Symbol::Disguise), "no return to Appel after the kit");
    assert!(!pos.state.holds_equipment(1), "the kit is not escape equipment");
    assert_eq!(pos.refused(1, Action::ClaimKit { men: vec![3, 2, 1, 0], parts: vec![] }), "C11");
    // Kit parts plus men.
    let parts = cards_of(CardKind::KitPart(crate::colditz::cards::KitPart::CompassFood))[0];
    let mut pos = Pos::new(3)
        .clear()
        .hand(2, parts)
        .put_at(7, rooms(Symbol::Disguise))
        .put_at(8, rooms(Symbol::Documents))
        .before_throw(2);
    assert_eq!(
        pos.refused(
            2,
            Action::Play {
                card: parts,
                men: vec![],
                equipment: vec![],
                dice: Vec::new(),
                tunnel: None,
                cells: vec![]
            }
        ),
        "C11"
    );
    pos.act(2, Action::ClaimKit { men: vec![7, 8], parts: vec![parts] }).unwrap();
    assert!(pos.state.hands[2].is_empty() && pos.state.opportunity.back() == Some(&parts));
    assert!(pos.state.holds_kit(2));
}

#[test]
fn c12_posting_before_arrests_recalled_guards_not_reposted() {
    let post = circles(|c| c.kind == CircleKind::GuardPost)[5];
    let mut pos = Pos::new(3).turn(0, &[[2, 3]]);
    let events = pos.act(0, Action::PostGuard { to: post }).unwrap();
    let Event::Posted { placement } = events[0] else { panic!() };
    assert_eq!(pos.state.turn.as_ref().unwrap().points, 4);
    assert_eq!(pos.refused(0, Action::PostGuard { to: post }), "C12");
    pos.act(0, Action::ReturnGuard { guard: placement.man }).unwrap();
    assert!(pos.state.in_barracks(placement.man));
    let events = pos.act(0, Action::PostGuard { to: post }).unwrap();
    let Event::Posted { placement: again } = events[0] else { panic!() };
    assert_ne!(again.man, placement.man, "the recalled guard stays in barracks this turn");
    let walk = courtyard_walk(2);
    assert_eq!(pos.refused(0, Action::ReturnGuard { guard: 25 }), "C12");
    // After an arrest no more posting.
    let mut pos =
        Pos::new(3).clear().equip(1, rope()).put_at(G, walk[0]).put_at(0, walk[1]).turn(0, &[[2, 3]]);
    pos.act(0, Action::Move { man: G, path: vec![walk[1]], cell: None }).unwrap();
    assert_eq!(pos.refused(0, Action::PostGuard { to: post }), "C12");
}

#[test]
fn c13_arrests_in_the_courtyard_need_equipment_and_confiscate_nothing() {
    let w = courtyard_walk(2);
    let mut pos = Pos::new(3).clear().put_at(G, w[0]).put_at(0, w[1]).turn(0, &[[2, 3]]);
    assert_eq!(pos.refused(0, Action::Move { man: G, path: vec![w[1]], cell: None }), "C13");
    pos = pos.equip(1, rope());
    let cell = circles(|c| c.kind == CircleKind::Cell)[3];
    assert_eq!(pos.refused(0, Action::Move { man: G, path: vec![w[1]], cell: Some(w[2]) }), "C13");
    let events = pos.act(0, Action::Move { man: G, path: vec![w[1]], cell: Some(cell) }).unwrap();
    let Event::Arrested { confiscate, guard, .. } = &events[1] else { panic!() };
    assert!(!confiscate);
    assert_eq!(pos.at(0), cell, "to the cell the German chose");
    assert!(BOARD.is(guard.unwrap().to, CircleKind::BarracksSlot) && pos.state.in_barracks(G));
    assert_eq!(pos.state.equipment[1], vec![rope()]);
}

#[test]
fn c13_outside_the_courtyard_always_and_the_team_gives_up_a_card_of_its_choice() {
    let w = outer_walk(2);
    let key = card(CardKind::Equipment(Equipment::Key));
    let mut pos = Pos::new(3).clear().put_at(G, w[0]).put_at(7, w[1]).turn(0, &[[2, 3]]);
    let events = pos.act(0, Action::Move { man: G, path: vec![w[1]], cell: None }).unwrap();
    let Event::Arrested { confiscate, .. } = &events[1] else { panic!() };
    assert!(!confiscate, "nothing to confiscate");
    // With equipment: a decision for the team, the German waits.
    let mut pos =
        Pos::new(3).clear().equip(2, rope()).equip(2, key).put_at(G, w[0]).put_at(7, w[1]).turn(0, &[[2, 3]]);
    pos.act(0, Action::Move { man: G, path: vec![w[1]], cell: None }).unwrap();
    assert_eq!(decide::to_act(&pos.state), vec![2]);
    assert_eq!(pos.refused(0, Action::EndTurn), "C15");
    pos.act(2, Action::AnswerConfiscation { hideaway: None, surrender: Some(key) }).unwrap();
    assert_eq!(pos.state.equipment[2], vec![rope()]);
    assert!(pos.state.stock.contains(&key));
    assert_eq!(decide::to_act(&pos.state), vec![0]);
}

#[test]
fn c13_one_arrest_per_guard_and_none_on_appel_safe_or_in_rooms() {
    let appel = circles(|c| c.kind == CircleKind::Appel);
    let a_next = neighbour(appel[0], |c| c.kind == CircleKind::Plain || c.kind == CircleKind::Appel);
    let mut pos =
        Pos::new(3).clear().equip(1, rope()).put_at(G, a_next).put_at(0, appel[0]).turn(0, &[[2, 3]]);
    assert_eq!(pos.refused(0, Action::Move { man: G, path: vec![appel[0]], cell: None }), "R35");
    let safe = circles(|c| c.kind == CircleKind::Safe)[0];
    let s_next = neighbour(safe, |c| c.kind == CircleKind::Plain);
    let mut pos = Pos::new(3).clear().equip(1, rope()).put_at(G, s_next).put_at(0, safe).turn(0, &[[2, 3]]);
    assert_eq!(pos.refused(0, Action::Move { man: G, path: vec![safe], cell: None }), "C9", "safe area");
    // The arresting guard went to barracks: he cannot arrest again this turn.
    let w = courtyard_walk(3);
    let mut pos = Pos::new(3)
        .clear()
        .equip(1, rope())
        .put_at(G, w[0])
        .put_at(0, w[1])
        .put_at(1, w[3])
        .turn(0, &[[2, 3]]);
    pos.act(0, Action::Move { man: G, path: vec![w[1]], cell: None }).unwrap();
    assert_eq!(pos.refused(0, Action::Move { man: G, path: vec![w[2]], cell: None }), "C12");
}

#[test]
fn r43_a_pow_may_walk_onto_a_guard_to_be_arrested() {
    let w = courtyard_walk(2);
    let mut pos = Pos::new(3).clear().put_at(0, w[0]).put_at(G, w[2]).turn(1, &[[1, 2]]);
    // In the courtyard the arrest rules need equipment (C13): without it the guard blocks.
    assert_eq!(pos.refused(1, Action::Move { man: 0, path: vec![w[1], w[2]], cell: None }), "C13");
    pos = pos.equip(1, rope());
    let events = pos.act(1, Action::Move { man: 0, path: vec![w[1], w[2]], cell: None }).unwrap();
    assert!(matches!(events[1], Event::Arrested { cause: crate::colditz::events::ArrestCause::Forced, .. }));
    assert!(pos.state.in_cell(0) && pos.state.in_barracks(G));
    // Not through a guard.
    let mut pos = Pos::new(3).clear().put_at(0, w[0]).put_at(G, w[1]).turn(1, &[[1, 2]]);
    assert_eq!(pos.refused(1, Action::Move { man: 0, path: vec![w[1], w[2]], cell: None }), "C6");
}

#[test]
fn r37_a_double_releases_a_man_for_one_point_and_release_cards() {
    let block = &BOARD.cell_blocks()[0];
    let (cell, door) = (block.cells[0], block.door);
    let mut pos = Pos::new(3).clear().put_at(0, cell).turn(1, &[[2, 5]]);
    assert_eq!(pos.refused(1, Action::Release { man: 0 }), "R37");
    assert_eq!(pos.refused(1, Action::Move { man: 0, path: vec![door], cell: None }), "R37");
    let mut pos = Pos::new(3).clear().put_at(0, cell).put_at(1, block.cells[1]).turn(1, &[[3, 3], [1, 2]]);
    pos.act(1, Action::Release { man: 0 }).unwrap();
    assert_eq!(pos.at(0), door);
    assert_eq!(pos.state.turn.as_ref().unwrap().points, 8, "the score less one");
    assert_eq!(pos.refused(1, Action::Release { man: 1 }), "R37", "one double, one release");
    // The door is taken: the nearest free circle.
    let mut pos = Pos::new(3).clear().put_at(0, cell).put_at(7, door).turn(1, &[[3, 3], [1, 2]]);
    pos.act(1, Action::Release { man: 0 }).unwrap();
    assert_ne!(pos.at(0), door);
    assert!(!pos.state.in_cell(0));
    // A release card, no dice needed.
    let release = card(CardKind::ReleaseFromSolitary);
    let mut pos = Pos::new(3).clear().put_at(0, cell).hand(1, release).before_throw(1);
    pos.act(
        1,
        Action::Play {
            card: release,
            men: vec![0],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    assert_eq!(pos.at(0), door);
    assert_eq!(pos.state.opportunity.back(), Some(&release), "to the bottom of the pack");
}

#[test]
fn r38_men_in_cells_and_safe_areas_do_not_attend_appel() {
    let safe = circles(|c| c.kind == CircleKind::Safe)[0];
    let w = courtyard_walk(1);
    let appel = card(CardKind::Appel);
    let mut pos = Pos::new(3).clear().put_at(0, safe).put_at(7, w[0]).hand(0, appel).before_throw(0);
    let events = pos
        .act(
            0,
            Action::Play {
                card: appel,
                men: vec![],
                equipment: vec![],
                dice: Vec::new(),
                tunnel: None,
                cells: vec![],
            },
        )
        .unwrap();
    let Event::Played { effect: crate::colditz::events::Effect::Appel { asked }, .. } = &events[0] else {
        panic!()
    };
    assert_eq!(asked, &vec![2], "team 1 has only men in cells and a safe area");
    pos.act(2, Action::AnswerAppel(AppelAnswer::default())).unwrap();
    assert_eq!(pos.at(0), safe);
    assert!(BOARD.is(pos.at(7), CircleKind::Appel));
}

#[test]
fn r39_a_man_from_the_outer_cells_is_immune_while_he_heads_straight_back() {
    let block = BOARD.cell_blocks().iter().find(|b| b.outer).unwrap().clone();
    let gate = BOARD.return_gate().circle;
    let back = crate::colditz::board::Passage { passes: true, ..crate::colditz::board::Passage::WALK };
    let d = |c: CircleId| BOARD.distance(c, gate, back, &|_| false).unwrap();
    let mut pos = Pos::new(3).clear().put_at(7, block.cells[0]).equip(2, rope()).turn(2, &[[4, 4], [1, 2]]);
    pos.act(2, Action::Release { man: 7 }).unwrap();
    assert!(pos.state.returning.contains(&7));
    assert!(Colditz::view(&pos.state, Viewer::Public).men[7].immune, "the view shows it");
    let here = pos.at(7);
    let closer = BOARD
        .links(here)
        .iter()
        .map(|l| l.to)
        .find(|&t| BOARD.kind(t) == Some(CircleKind::Plain) && d(t) + 1 == d(here))
        .unwrap();
    pos.act(2, Action::Move { man: 7, path: vec![closer], cell: None }).unwrap();
    assert!(pos.state.returning.contains(&7));
    // A guard may not arrest him now.
    let g_at = BOARD
        .links(closer)
        .iter()
        .map(|l| l.to)
        .find(|&t| BOARD.kind(t) == Some(CircleKind::Plain) && !pos.state.occupied(t))
        .unwrap();
    let mut german = Pos { state: pos.state.clone(), log: vec![] }.put_at(G, g_at).turn(0, &[[1, 2]]);
    assert_eq!(german.refused(0, Action::Move { man: G, path: vec![closer], cell: None }), "R39");
    // A step that does not bring him closer ends the immunity.
    let away = BOARD
        .links(closer)
        .iter()
        .map(|l| l.to)
        .find(|&t| BOARD.kind(t) == Some(CircleKind::Plain) && d(t) >= d(closer) && !pos.state.occupied(t))
        .unwrap();
    let events = pos.act(2, Action::Move { man: 7, path: vec![away], cell: None }).unwrap();
    assert!(events.contains(&Event::ImmunityLost { man: 7 }));
    assert!(!Colditz::view(&pos.state, Viewer::Public).men[7].immune);
}

#[test]
fn r41_r50_a_key_circle_takes_a_key_card_and_serves_the_turn_through_that_circle() {
    let gate = BOARD.gates().iter().find(|g| g.kind == crate::colditz::board::GateKind::Key).unwrap().circle;
    let links: Vec<CircleId> =
        BOARD.links(gate).iter().filter(|l| l.kind == LinkKind::Step).map(|l| l.to).collect();
    let before = links[0];
    let after = *links.iter().find(|&&t| BOARD.region(t) != BOARD.region(before)).unwrap_or(&links[1]);
    let mut pos = Pos::new(3).clear().put_at(0, before).turn(1, &[[5, 6]]);
    assert_eq!(pos.refused(1, Action::Move { man: 0, path: vec![gate, after], cell: None }), "R41");
    let keys = cards_of(CardKind::Equipment(Equipment::Key));
    pos = pos.equip(1, keys[0]).equip(1, keys[1]);
    let events = pos.act(1, Action::Move { man: 0, path: vec![gate, after], cell: None }).unwrap();
    assert_eq!(
        events[0],
        Event::Moved { man: 0, path: vec![gate, after], surrendered: vec![keys[0]], gates: vec![gate] }
    );
    // R49: the German's standing order answers about Arrest Key Holder at once; the turn goes on.
    assert!(pos.state.window.is_none());
    pos.act(1, Action::Move { man: 0, path: vec![gate, before], cell: None }).unwrap();
    assert_eq!(pos.state.equipment[1], vec![keys[1]], "one card serves that circle the whole turn (R50)");
}

#[test]
fn c16_appel_is_a_simultaneous_private_decision_then_the_throw_searches() {
    let appel = card(CardKind::Appel);
    let w = courtyard_walk(3);
    let mut pos = Pos::new(3)
        .clear()
        .put_at(0, w[0])
        .put_at(1, w[1])
        .put_at(7, w[3])
        .put_at(G, w[2])
        .hand(0, appel)
        .before_throw(0);
    let mut late = Pos { state: pos.state.clone(), log: vec![] }.turn(0, &[[1, 2]]);
    assert_eq!(
        late.refused(
            0,
            Action::Play {
                card: appel,
                men: vec![],
                equipment: vec![],
                dice: Vec::new(),
                tunnel: None,
                cells: vec![]
            }
        ),
        "C16"
    );
    pos.act(
        0,
        Action::Play {
            card: appel,
            men: vec![],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    assert_eq!(decide::to_act(&pos.state), vec![1, 2]);
    assert_eq!(pos.refused(0, Action::Throw { dice: vec![] }), "C15");
    let answered = pos.act(1, Action::AnswerAppel(AppelAnswer { absent: vec![1], warning: None })).unwrap();
    // Hidden from the others until it resolves.
    let seen = Colditz::redact(&answered[0], Viewer::Seat(2)).unwrap();
    assert_eq!(seen, Event::AppelAnswered { seat: 1, answer: None });
    let view = serde_json::to_string(&Colditz::view(&pos.state, Viewer::Seat(2))).unwrap();
    assert!(!view.contains("\"absent\":[1]"), "{view}");
    let events = pos.act(2, Action::AnswerAppel(AppelAnswer::default())).unwrap();
    let Event::AppelResolved { absent, lined_up, .. } = events.last().unwrap() else { panic!() };
    assert_eq!(absent, &vec![1]);
    assert_eq!(lined_up.len(), 2);
    assert!(BOARD.is(pos.at(0), CircleKind::Appel) && BOARD.is(pos.at(7), CircleKind::Appel));
    assert_eq!(pos.at(1), w[1]);
    // The German throws and searches: man 1 is one step from the guard.
    pos.act_with(0, Action::Throw { dice: vec![] }, &mut ScriptedRandom::dice([1, 3])).unwrap();
    let events = pos.act(0, Action::SearchAbsentees { cells: vec![] }).unwrap();
    let Event::AbsenteesSearched { caught } = &events[0] else { panic!() };
    assert_eq!(caught.iter().map(|p| p.man).collect::<Vec<_>>(), vec![1]);
    assert!(pos.state.in_cell(1) && !pos.state.in_barracks(G), "the guard stays where he is");
    assert_eq!(pos.state.turn.as_ref().unwrap().points, 0, "the throw is spent");
    assert_eq!(pos.refused(0, Action::SearchAbsentees { cells: vec![] }), "C16");
}

#[test]
fn c16_appel_defaults_at_the_deadline_and_standing_orders_answer_at_once() {
    let appel = card(CardKind::Appel);
    let w = courtyard_walk(3);
    let orders = StandingOrders { appel_all_attend: true, confiscation: false, ..StandingOrders::default() };
    let mut pos =
        Pos::new(3).clear().put_at(0, w[0]).put_at(7, w[3]).orders(2, orders).hand(0, appel).before_throw(0);
    let events = pos
        .act(
            0,
            Action::Play {
                card: appel,
                men: vec![],
                equipment: vec![],
                dice: Vec::new(),
                tunnel: None,
                cells: vec![],
            },
        )
        .unwrap();
    assert_eq!(kinds(&events), vec!["played", "appel_answered"]);
    assert_eq!(decide::to_act(&pos.state), vec![1]);
    let events = Colditz::deadline_passed(&pos.state, &mut ScriptedRandom::default());
    assert_eq!(kinds(&events), vec!["appel_answered", "appel_resolved"]);
    for e in &events {
        pos.state.apply(e);
    }
    assert!(BOARD.is(pos.at(0), CircleKind::Appel), "by default all attend");
}

#[test]
fn c17_advance_warning_answers_appel_with_safe_circles() {
    let appel = card(CardKind::Appel);
    let warning = card(CardKind::AdvanceWarning);
    let w = courtyard_walk(1);
    let safe = circles(|c| c.kind == CircleKind::Safe)[2];
    let mut pos = Pos::new(3).clear().put_at(0, w[0]).hand(1, warning).hand(0, appel).before_throw(0);
    assert_eq!(
        pos.refused(
            1,
            Action::Play {
                card: warning,
                men: vec![],
                equipment: vec![],
                dice: Vec::new(),
                tunnel: None,
                cells: vec![]
            }
        ),
        "C4"
    );
    pos.act(
        0,
        Action::Play {
            card: appel,
            men: vec![],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    let answer = AppelAnswer {
        absent: vec![],
        warning: Some(Warning { card: warning, moves: vec![Placement { man: 0, to: safe }] }),
    };
    pos.act(1, Action::AnswerAppel(answer)).unwrap();
    assert_eq!(pos.at(0), safe);
    assert!(pos.state.hands[1].is_empty());
}

#[test]
fn c17_a_search_sends_men_of_teams_with_equipment_to_solitary_and_confiscates() {
    let search = card(CardKind::Search("kitchen"));
    let kitchen = room("kitchen");
    let hideaway = card(CardKind::Hideaway);
    let key = card(CardKind::Equipment(Equipment::Key));
    let mut pos = Pos::new(3)
        .clear()
        .put_at(0, kitchen[0])
        .put_at(1, kitchen[1])
        .put_at(7, kitchen[2])
        .equip(1, rope())
        .equip(1, key)
        .hand(0, search)
        .turn(0, &[[1, 2]]);
    let events = pos
        .act(
            0,
            Action::Play {
                card: search,
                men: vec![],
                equipment: vec![],
                dice: Vec::new(),
                tunnel: None,
                cells: vec![],
            },
        )
        .unwrap();
    let Event::Played { effect: crate::colditz::events::Effect::Search { asked, .. }, .. } = &events[0]
    else {
        panic!()
    };
    assert_eq!(asked, &vec![1], "team 2 holds no equipment: not asked, not caught");
    pos.act(1, Action::AnswerSearch(SearchAnswer { surrender: vec![key], ..SearchAnswer::default() }))
        .unwrap();
    assert!(pos.state.in_cell(0) && pos.state.in_cell(1) && !pos.state.in_cell(7));
    assert!(pos.state.equipment[1].is_empty(), "one card per man caught");
    // A Hideaway prevents confiscation.
    let mut pos = Pos::new(3)
        .clear()
        .put_at(0, kitchen[0])
        .equip(1, rope())
        .hand(1, hideaway)
        .hand(0, search)
        .turn(0, &[[1, 2]]);
    pos.act(
        0,
        Action::Play {
            card: search,
            men: vec![],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    pos.act(1, Action::AnswerSearch(SearchAnswer { hideaway: Some(hideaway), ..SearchAnswer::default() }))
        .unwrap();
    assert!(pos.state.in_cell(0));
    assert_eq!(pos.state.equipment[1], vec![rope()]);
}

#[test]
fn c13_hideaway_answers_a_confiscation_and_standing_orders_play_it() {
    let w = outer_walk(2);
    let hideaway = card(CardKind::Hideaway);
    let orders = StandingOrders { appel_all_attend: false, confiscation: true, ..StandingOrders::default() };
    let mut pos = Pos::new(3)
        .clear()
        .equip(2, rope())
        .hand(2, hideaway)
        .orders(2, orders)
        .put_at(G, w[0])
        .put_at(7, w[1])
        .turn(0, &[[2, 3]]);
    let events = pos.act(0, Action::Move { man: G, path: vec![w[1]], cell: None }).unwrap();
    assert_eq!(events.last().unwrap(), &Event::Confiscated { seat: 2, card: None, hideaway: Some(hideaway) });
    assert_eq!(pos.state.equipment[2], vec![rope()]);
    assert!(pos.state.window.is_none());
}

#[test]
fn c18_a_fourth_card_must_go_that_turn() {
    let cards = cards_of(CardKind::Bribe);
    let mut pos =
        Pos::new(3).hand(1, cards[0]).hand(1, cards[1]).hand(1, cards[2]).on_top(cards[3]).before_throw(1);
    pos.act_with(1, Action::Throw { dice: vec![] }, &mut ScriptedRandom::dice([1, 2])).unwrap();
    assert_eq!(pos.state.hands[1].len(), 4);
    assert_eq!(pos.refused(1, Action::EndTurn), "C18");
    let mut give = Pos { state: pos.state.clone(), log: vec![] };
    give.act(1, Action::Give { card: cards[3], to: 2 }).unwrap();
    assert_eq!(give.state.hands[2], vec![cards[3]]);
    give.act(1, Action::EndTurn).unwrap();
    pos.act(1, Action::Discard { card: cards[0] }).unwrap();
    pos.act(1, Action::EndTurn).unwrap();
    assert_eq!(pos.state.opportunity.back(), Some(&cards[0]));
}

#[test]
fn c19_exchange_bribe_quick_move_diversion_inspection() {
    let exchange = card(CardKind::Exchange(Equipment::Pass));
    let bribe = card(CardKind::Bribe);
    let quick = card(CardKind::QuickMove("dentist"));
    let diversion = card(CardKind::Diversion);
    let inspection = card(CardKind::HighCommandInspection);
    let w = courtyard_walk(2);
    let mut pos = Pos::new(3).clear().put_at(0, w[0]).put_at(G, w[1]).put_at(G2, w[2]);
    for c in [exchange, bribe, quick] {
        pos = pos.hand(1, c);
    }
    pos = pos.before_throw(1);
    pos.act(
        1,
        Action::Play {
            card: exchange,
            men: vec![],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    assert_eq!(
        pos.state.equipment[1].iter().map(|c| c.kind()).collect::<Vec<_>>(),
        vec![CardKind::Equipment(Equipment::Pass)]
    );
    assert_eq!(
        pos.refused(
            1,
            Action::Play {
                card: bribe,
                men: vec![],
                equipment: vec![Equipment::Rope],
                dice: Vec::new(),
                tunnel: None,
                cells: vec![],
            }
        ),
        "C19"
    );
    pos.act(
        1,
        Action::Play {
            card: bribe,
            men: vec![],
            equipment: vec![Equipment::Rope, Equipment::WireCutters],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    assert_eq!(pos.state.equipment[1].len(), 3);
    pos.act(
        1,
        Action::Play {
            card: quick,
            men: vec![0],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    assert!(room("dentist").contains(&pos.at(0)));
    pos = pos.hand(1, diversion).hand(1, inspection);
    assert_eq!(
        pos.refused(
            1,
            Action::Play {
                card: inspection,
                men: vec![G],
                equipment: vec![],
                dice: Vec::new(),
                tunnel: None,
                cells: vec![],
            }
        ),
        "R54"
    );
    pos.act(
        1,
        Action::Play {
            card: diversion,
            men: vec![G],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    assert!(pos.state.in_barracks(G));
    let posted: Vec<ManId> = pos.men(0).into_iter().filter(|&g| !pos.state.in_barracks(g)).collect();
    assert_eq!(posted, vec![G2]);
    pos.act(
        1,
        Action::Play {
            card: inspection,
            men: vec![G2],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    assert!(pos.state.in_barracks(G2));
}

#[test]
fn c20_sabotage_the_german_returns_two_security_cards_and_draws_one() {
    let sabotage = card(CardKind::Sabotage);
    let searches: Vec<CardId> =
        (0..3).map(|i| cards_of(CardKind::Search(["kitchen", "stores", "chapel"][i]))[0]).collect();
    let mut pos = Pos::new(3)
        .hand(1, sabotage)
        .hand(0, searches[0])
        .hand(0, searches[1])
        .hand(0, searches[2])
        .before_throw(1);
    pos.act(
        1,
        Action::Play {
            card: sabotage,
            men: vec![],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    assert_eq!(decide::to_act(&pos.state), vec![0]);
    assert_eq!(pos.refused(0, Action::ReturnSecurity { cards: vec![searches[0]] }), "C20");
    let top = pos.state.security[0];
    let events = pos.act(0, Action::ReturnSecurity { cards: vec![searches[0], searches[2]] }).unwrap();
    assert_eq!(pos.state.hands[0], vec![searches[1], top]);
    assert_eq!(
        Colditz::redact(&events[0], Viewer::Seat(1)).unwrap(),
        Event::SecurityReturned { cards: vec![], count: 2 }
    );
    assert_eq!(
        Colditz::redact(&events[1], Viewer::Seat(1)).unwrap(),
        Event::Drew { seat: 0, pack: Pack::Security, card: None }
    );
    // With two or fewer the choice is forced: at once.
    let mut pos = Pos::new(3).hand(1, sabotage).hand(0, searches[0]).before_throw(1);
    pos.act(
        1,
        Action::Play {
            card: sabotage,
            men: vec![],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    assert!(pos.state.window.is_none());
    assert_eq!(pos.state.hands[0].len(), 1);
}

#[test]
fn r49_answer_only_cards_are_not_played_in_turn() {
    for kind in [CardKind::Hideaway, CardKind::AdvanceWarning, CardKind::Talisman] {
        let mut pos = Pos::new(3).hand(1, card(kind)).before_throw(1);
        assert_eq!(
            pos.refused(
                1,
                Action::Play {
                    card: card(kind),
                    men: vec![],
                    equipment: vec![],
                    dice: Vec::new(),
                    tunnel: None,
                    cells: vec![],
                }
            ),
            "R49"
        );
        // Held cards may still be discarded in turn.
        pos.act(1, Action::Discard { card: card(kind) }).unwrap();
    }
}

#[test]
fn r47_cards_only_in_turn_and_used_cards_to_the_bottom() {
    let bribe = card(CardKind::Bribe);
    let mut pos = Pos::new(3).hand(2, bribe).before_throw(1);
    let refusal =
        decide::decide(&pos.state, 2, &Action::Discard { card: bribe }, &mut ScriptedRandom::default())
            .unwrap_err();
    assert_eq!(refusal.kind, crate::RefusalKind::NotYourTurn);
    assert_eq!(pos.refused(1, Action::Discard { card: bribe }), "R47");
}

#[test]
fn r48_trades_between_escape_officers_at_any_time() {
    let bribe = card(CardKind::Bribe);
    let key = card(CardKind::Equipment(Equipment::Key));
    let mut pos = Pos::new(3).hand(1, bribe).equip(2, key).before_throw(0);
    assert_eq!(pos.refused(1, Action::OfferTrade { to: 0, give: vec![bribe], want: vec![] }), "R48");
    assert_eq!(pos.refused(1, Action::OfferTrade { to: 2, give: vec![key], want: vec![] }), "R48");
    let events = pos.act(1, Action::OfferTrade { to: 2, give: vec![bribe], want: vec![key] }).unwrap();
    let Event::OfferMade { offer } = &events[0] else { panic!() };
    // The German does not see what is offered.
    let seen = Colditz::redact(&events[0], Viewer::Seat(0)).unwrap();
    assert_eq!(
        seen,
        Event::OfferMade { offer: crate::colditz::events::Offer { give: vec![], ..offer.clone() } }
    );
    let refusal = decide::decide(
        &pos.state,
        1,
        &Action::AcceptOffer { offer: offer.id },
        &mut ScriptedRandom::default(),
    )
    .unwrap_err();
    assert_eq!(refusal.rule, "R48");
    pos.act(2, Action::AcceptOffer { offer: offer.id }).unwrap();
    assert_eq!(pos.state.hands[2], vec![bribe]);
    assert_eq!(pos.state.equipment[1], vec![key]);
    let events = pos.act(2, Action::OfferTrade { to: 1, give: vec![bribe], want: vec![] }).unwrap();
    let Event::OfferMade { offer } = &events[0] else { panic!() };
    pos.act(1, Action::DeclineOffer { offer: offer.id }).unwrap();
    assert!(pos.state.offers.is_empty());
}

/// R48 as we read it (docs/rules/colditz.md, "Trades"): a trade gives at least one card of the
/// offerer's. A seat with nothing to give is offered no trade, and an offer that gives nothing
/// (asking for the other's equipment, or naming no card at all) is refused under R48; once the
/// seat holds a card (in hand or as its team's equipment) the trade is offered again.
#[test]
fn r48_a_trade_gives_at_least_one_card_so_a_seat_with_nothing_to_give_is_offered_none() {
    let key = card(CardKind::Equipment(Equipment::Key));
    let bribe = card(CardKind::Bribe);
    let trades = |pos: &Pos, seat: Seat| -> Vec<Action> {
        Colditz::legal_actions(&pos.state, seat)
            .into_iter()
            .filter(|a| matches!(a, Action::OfferTrade { .. }))
            .collect()
    };
    let mut pos = Pos::new(3).equip(2, key).before_throw(1);
    assert!(pos.state.hands[1].is_empty() && pos.state.equipment[1].is_empty(), "Amy holds nothing");
    assert_eq!(trades(&pos, 1), vec![], "no trade is offered to a seat with nothing to give");
    for nothing in [
        Action::OfferTrade { to: 2, give: vec![], want: vec![key] },
        Action::OfferTrade { to: 2, give: vec![], want: vec![] },
    ] {
        let refusal = pos.act(1, nothing.clone()).unwrap_err();
        assert_eq!(refusal.rule, "R48", "{nothing:?}");
        assert_eq!(refusal.reason.key, "colditz-refusal-nothing-to-give", "{nothing:?}");
    }
    // Bill, who holds a Key, is offered a trade with Amy (he has something to give).
    assert_eq!(trades(&pos, 2), vec![Action::OfferTrade { to: 1, give: vec![], want: vec![] }]);
    // Amy with a card: offered, and an offer giving it (asking for the Key) is made.
    let mut pos = pos.hand(1, bribe);
    assert_eq!(trades(&pos, 1), vec![Action::OfferTrade { to: 2, give: vec![], want: vec![] }]);
    pos.act(1, Action::OfferTrade { to: 2, give: vec![bribe], want: vec![key] }).unwrap();
    // Equipment alone is something to give too, but the Kit is never traded.
    let kit = CardId(27);
    let pos = Pos::new(3).equip(1, kit).before_throw(1);
    assert_eq!(trades(&pos, 1), vec![], "the Kit is not tradeable");
    let pos = pos.equip(1, key);
    assert_eq!(trades(&pos, 1).len(), 1, "a team's equipment can be given");
}

#[test]
fn r55_the_german_sends_a_pow_to_solitary_for_a_stated_infringement() {
    let mut pos = Pos::new(3).before_throw(1);
    assert_eq!(pos.refused(0, Action::Discipline { man: 3, infringement: " ".into(), cell: None }), "R55");
    assert_eq!(pos.refused(0, Action::Discipline { man: G, infringement: "x".into(), cell: None }), "R55");
    let refusal = decide::decide(
        &pos.state,
        1,
        &Action::Discipline { man: 3, infringement: "x".into(), cell: None },
        &mut ScriptedRandom::default(),
    )
    .unwrap_err();
    assert_eq!(refusal.rule, "R55");
    let events = pos
        .act(0, Action::Discipline { man: 3, infringement: "stopped in a searchlight".into(), cell: None })
        .unwrap();
    assert!(
        matches!(&events[0], Event::Disciplined { man: 3, infringement, .. } if infringement == "stopped in a searchlight")
    );
    assert!(pos.state.in_cell(3));
}

#[test]
fn c21_hands_are_private_and_draws_redacted() {
    let bribe = card(CardKind::Bribe);
    let appel = card(CardKind::Appel);
    let pos = Pos::new(3).hand(1, bribe).hand(0, appel).before_throw(1);
    let own = serde_json::to_string(&Colditz::view(&pos.state, Viewer::Seat(1))).unwrap();
    assert!(own.contains(&format!("\"{bribe:?}\"")));
    for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Public] {
        let json = serde_json::to_string(&Colditz::view(&pos.state, viewer)).unwrap();
        assert!(!json.contains(&format!("\"{bribe:?}\"")), "{viewer:?}");
        if viewer != Viewer::Seat(0) {
            assert!(!json.contains(&format!("\"{appel:?}\"")), "{viewer:?}");
        }
    }
    let view = Colditz::view(&pos.state, Viewer::Seat(2));
    assert_eq!(view.seats[1].hand_size, 1);
    let setup = &pos.log[0];
    let Some(Event::Setup { opportunity, .. }) = Colditz::redact(setup, Viewer::Seat(0)) else { panic!() };
    assert!(opportunity.is_empty(), "the packs' order is hidden");
    let drew = Event::Drew { seat: 1, pack: Pack::Opportunity, card: Some(bribe) };
    assert_eq!(Colditz::redact(&drew, Viewer::Seat(1)).unwrap(), drew);
    assert_eq!(
        Colditz::redact(&drew, Viewer::Seat(2)).unwrap(),
        Event::Drew { seat: 1, pack: Pack::Opportunity, card: None }
    );
    assert_eq!(Colditz::redact(&drew, Viewer::Omniscient).unwrap(), drew);
    let orders = Event::StandingOrdersSet {
        seat: 1,
        orders: StandingOrders { appel_all_attend: true, confiscation: true, ..StandingOrders::default() },
    };
    assert_eq!(Colditz::redact(&orders, Viewer::Seat(1)).unwrap(), orders);
    assert_eq!(Colditz::redact(&orders, Viewer::Seat(0)).unwrap(), Event::Private { seat: 1 });
}

#[test]
fn c15_windows_block_the_turn_and_only_the_asked_answer() {
    let search = card(CardKind::Search("chapel"));
    let chapel = room("chapel");
    let mut pos =
        Pos::new(3).clear().put_at(7, chapel[0]).equip(2, rope()).hand(0, search).turn(0, &[[1, 2]]);
    pos.act(
        0,
        Action::Play {
            card: search,
            men: vec![],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    assert!(matches!(pos.state.window, Some(Window::Search { .. })));
    let refusal = decide::decide(
        &pos.state,
        1,
        &Action::AnswerSearch(SearchAnswer::default()),
        &mut ScriptedRandom::default(),
    )
    .unwrap_err();
    assert_eq!((refusal.rule.as_str(), refusal.kind), ("C15", crate::RefusalKind::NotYourTurn));
    assert_eq!(pos.refused(2, Action::AnswerAppel(AppelAnswer::default())), "C15");
    let events = Colditz::deadline_passed(&pos.state, &mut ScriptedRandom::default());
    assert_eq!(kinds(&events), vec!["search_answered", "search_resolved"]);
}

#[test]
fn r36_pows_may_stop_on_black_circles_and_be_arrested_there() {
    let post = circles(|c| c.kind == CircleKind::GuardPost && c.terrain == Terrain::Courtyard)
        .into_iter()
        .find(|&p| BOARD.links(p).iter().filter(|l| BOARD.is(l.to, CircleKind::Plain)).count() >= 2)
        .unwrap();
    let a = neighbour(post, |c| c.kind == CircleKind::Plain);
    let b =
        BOARD.links(post).iter().map(|l| l.to).find(|&t| t != a && BOARD.is(t, CircleKind::Plain)).unwrap();
    let mut pos = Pos::new(3).clear().put_at(0, a).equip(1, rope()).turn(1, &[[1, 2]]);
    pos.act(1, Action::Move { man: 0, path: vec![post], cell: None }).unwrap();
    let mut german = Pos { state: pos.state.clone(), log: vec![] }.put_at(G, b).turn(0, &[[1, 2]]);
    german.act(0, Action::Move { man: G, path: vec![post], cell: None }).unwrap();
    assert!(german.state.in_cell(0));
}

#[test]
fn r53_nobody_stops_over_a_tunnel() {
    let tunnel = circles(|c| c.kind == CircleKind::Tunnel && c.terrain.walkable())
        .into_iter()
        .find(|&t| {
            BOARD.links(t).iter().any(|l| l.kind == LinkKind::Step && BOARD.is(l.to, CircleKind::Plain))
        })
        .expect("a tunnel circle on the surface");
    let before = neighbour(tunnel, |c| c.kind == CircleKind::Plain);
    let mut pos = Pos::new(3).clear().put_at(0, before).turn(1, &[[1, 2]]);
    assert_eq!(pos.refused(1, Action::Move { man: 0, path: vec![tunnel], cell: None }), "R53");
}

#[test]
fn c13_no_arrest_in_a_room_even_when_guards_may_enter() {
    let kitchen = BOARD.room_named("kitchen").unwrap().1.clone();
    let door = kitchen.doors[0];
    let outside = neighbour(door, |c| c.terrain == Terrain::Courtyard && c.kind == CircleKind::Plain);
    let search = card(CardKind::Search("kitchen"));
    let mut pos = Pos::new(3)
        .clear()
        .equip(1, rope())
        .put_at(G, outside)
        .put_at(0, door)
        .hand(0, search)
        .turn(0, &[[2, 3]]);
    pos.act(
        0,
        Action::Play {
            card: search,
            men: vec![],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    pos.act(1, Action::AnswerSearch(SearchAnswer::default())).unwrap();
    assert!(pos.state.in_cell(0), "the search took him");
    // Another man in the doorway after it: still no arrest in a room.
    pos = pos.put_at(1, door);
    assert_eq!(pos.refused(0, Action::Move { man: G, path: vec![door], cell: None }), "C13");
}

#[test]
fn c15_deadlines_answer_confiscation_and_sabotage_with_the_stated_defaults() {
    let w = outer_walk(2);
    let key = card(CardKind::Equipment(Equipment::Key));
    let hideaway = card(CardKind::Hideaway);
    let mut pos = Pos::new(3)
        .clear()
        .equip(2, key)
        .equip(2, rope())
        .hand(2, hideaway)
        .put_at(G, w[0])
        .put_at(7, w[1])
        .turn(0, &[[2, 3]]);
    pos.act(0, Action::Move { man: G, path: vec![w[1]], cell: None }).unwrap();
    let events = Colditz::deadline_passed(&pos.state, &mut ScriptedRandom::default());
    assert_eq!(
        events,
        vec![Event::Confiscated { seat: 2, card: Some(rope()), hideaway: None }],
        "the lowest card, no Hideaway played for him"
    );
    let sabotage = card(CardKind::Sabotage);
    let searches: Vec<CardId> =
        ["kitchen", "stores", "chapel"].iter().map(|r| card(CardKind::Search(r))).collect();
    let mut pos = Pos::new(3)
        .hand(1, sabotage)
        .hand(0, searches[2])
        .hand(0, searches[1])
        .hand(0, searches[0])
        .before_throw(1);
    pos.act(
        1,
        Action::Play {
            card: sabotage,
            men: vec![],
            equipment: vec![],
            dice: Vec::new(),
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    let events = Colditz::deadline_passed(&pos.state, &mut ScriptedRandom::default());
    let mut lowest = searches.clone();
    lowest.sort();
    assert_eq!(events[0], Event::SecurityReturned { cards: lowest[..2].to_vec(), count: 2 });
    // Nothing else waits on a deadline: a turn simply waits.
    let pos = Pos::new(3).before_throw(1);
    assert!(Colditz::deadline_passed(&pos.state, &mut ScriptedRandom::default()).is_empty());
}
