//! Part 2 scenarios: the perimeter, the chase, escapes, the end of the game, the staff car,
//! Do or Die and Shoot to Kill (named after the rule ids in docs/rules/colditz.md).

use super::*;
use crate::colditz::Colditz;
use crate::colditz::cards::Equipment;
use crate::colditz::events::{ArrestCause, Death, HolderOrders, Route, StandingOrders};
use crate::colditz::options::{Dice, Success, TimeLimit};
use crate::colditz::state::Window;
use crate::{Ruleset, Viewer};

const G: ManId = 14; // the first guard (3 players)
const G2: ManId = 15;

fn kit() -> CardId {
    card(CardKind::Kit)
}
fn ropes(n: usize) -> Vec<CardId> {
    cards_of(CardKind::Equipment(Equipment::Rope)).into_iter().take(n).collect()
}
fn cutters() -> CardId {
    card(CardKind::Equipment(Equipment::WireCutters))
}
fn mv(man: ManId, path: &[CircleId]) -> Action {
    Action::Move { man, path: path.to_vec(), cell: None }
}
fn manual() -> Options {
    Options { dice: Dice::Manual, ..Options::default() }
}
fn drop_of(ropes: u8, beyond: bool) -> super::super::board::RopeDrop {
    *BOARD.drops().iter().find(|d| d.ropes == ropes && BOARD.is_beyond(d.to) == beyond).unwrap()
}
/// A free plain step from `of` (not back to `not`).
fn step_from(of: CircleId, not: CircleId) -> CircleId {
    BOARD
        .links(of)
        .iter()
        .filter(|l| l.kind == LinkKind::Step && l.to != not)
        .map(|l| l.to)
        .find(|&t| BOARD.is(t, CircleKind::Plain))
        .unwrap()
}

#[test]
fn r50_a_thirty_takes_one_rope_a_sixty_two_and_one_payment_serves_the_team_that_turn() {
    let d30 = drop_of(1, false);
    let mut pos = Pos::new(3).clear().put_at(0, d30.from).equip(1, ropes(1)[0]).turn(1, &[[6, 6], [6, 5]]);
    let events = pos.act(1, mv(0, &[d30.to])).unwrap();
    assert!(matches!(&events[0], Event::Moved { surrendered, .. } if surrendered.len() == 1));
    assert!(pos.state.equipment[1].is_empty(), "the rope card is used");
    // Another man of the team uses the same drop that turn without a card (R50).
    let on = step_from(d30.to, d30.from);
    pos.act(1, mv(0, &[on])).unwrap();
    pos = pos.put_at(1, d30.from);
    pos.act(1, mv(1, &[d30.to])).unwrap();
    assert_eq!(pos.at(1), d30.to);
    // A 60 needs two cards.
    let d60 = drop_of(2, false);
    let mut pos = Pos::new(3).clear().put_at(0, d60.from).equip(1, ropes(1)[0]).turn(1, &[[2, 3]]);
    assert_eq!(pos.refused(1, mv(0, &[d60.to])), "R50");
    let mut pos = pos.equip(1, ropes(2)[1]);
    let events = pos.act(1, mv(0, &[d60.to])).unwrap();
    assert!(matches!(&events[0], Event::Moved { surrendered, .. } if surrendered.len() == 2));
}

#[test]
fn r40_going_back_up_a_rope_or_through_the_wire_costs_another_card() {
    let d30 = drop_of(1, false);
    let mut pos = Pos::new(3).clear().put_at(0, d30.to).turn(1, &[[2, 3]]);
    assert_eq!(pos.refused(1, mv(0, &[d30.from])), "R40");
    let mut pos = pos.equip(1, ropes(1)[0]);
    let events = pos.act(1, mv(0, &[d30.from])).unwrap();
    assert!(matches!(&events[0], Event::Moved { surrendered, .. } if surrendered.len() == 1));
    // The wire: out with cutters (one card), back in with another.
    let w = BOARD.wire_crossings()[0];
    let [c1, c2] = [
        cards_of(CardKind::Equipment(Equipment::WireCutters))[0],
        cards_of(CardKind::Equipment(Equipment::WireCutters))[1],
    ];
    let mut pos = Pos::new(3).clear().put_at(0, w.inside).equip(1, c1).turn(1, &[[2, 3]]);
    pos.act(1, mv(0, &[w.outside])).unwrap();
    assert_eq!(pos.refused(1, mv(0, &[w.inside])), "R40");
    let mut pos = pos.equip(1, c2);
    pos.act(1, mv(0, &[w.inside])).unwrap();
    assert!(pos.state.equipment[1].is_empty());
}

#[test]
fn c6_the_wire_is_crossed_only_at_a_crossing_with_wire_cutters() {
    let w = BOARD.wire_crossings()[0];
    let mut pos = Pos::new(3).clear().put_at(0, w.inside).turn(1, &[[2, 3]]);
    assert_eq!(pos.refused(1, mv(0, &[w.outside])), "C6");
    let mut pos = pos.equip(1, cutters());
    let events = pos.act(1, mv(0, &[w.outside])).unwrap();
    assert!(matches!(&events[0], Event::Moved { surrendered, .. } if surrendered == &vec![cutters()]));
    assert!(BOARD.is_beyond(pos.at(0)));
    assert!(pos.state.opened.contains(&(w.inside.min(w.outside), w.inside.max(w.outside))));
}

/// A circle next to a target, and the target.
fn before_target() -> (CircleId, CircleId) {
    let t = BOARD.targets()[0].circle;
    (BOARD.links(t)[0].to, t)
}

#[test]
fn c22_a_pow_reaching_a_target_with_the_kit_has_gone_away() {
    let (near, target) = before_target();
    let mut pos = Pos::new(3).clear().put_at(0, near).turn(1, &[[2, 3]]);
    assert_eq!(pos.refused(1, mv(0, &[target])), "C22", "no kit, no escape");
    let mut pos = pos.equip(1, kit());
    // The exact score is not needed, but the path ends on the target.
    assert_eq!(pos.refused(1, mv(0, &[target, near])), "C22");
    let events = pos.act(1, mv(0, &[target])).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Escaped { man: 0, seat: 1, route: Route::Walk, .. })));
    assert!(pos.state.is_gone(0));
    assert_eq!(pos.state.escapes(1), 1);
    assert!(pos.state.man_at(target).is_none(), "he is off the board");
    let view = Colditz::view(&pos.state, Viewer::Public);
    assert_eq!(view.seats[1].escapes, 1);
    assert_eq!(view.men[0].gone, Some(crate::colditz::state::Fate::Escaped));
    assert!(Colditz::outcome(&pos.state).is_none(), "two escapes win by default");
}

#[test]
fn c23_the_success_formula_ends_the_game_and_then_everything_is_shown() {
    let (near, target) = before_target();
    let options = Options { success: Success { escapes: 1 }, ..Options::default() };
    let opp = card(CardKind::Bribe);
    let mut pos =
        Pos::with(options, 3).clear().put_at(0, near).equip(1, kit()).hand(2, opp).turn(1, &[[2, 3]]);
    pos.act(1, mv(0, &[target])).unwrap();
    let outcome = Colditz::outcome(&pos.state).expect("the game has ended");
    assert_eq!(outcome.winners, vec![1]);
    assert_eq!(pos.refused(1, Action::EndTurn), "C23");
    assert_eq!(pos.refused(2, Action::Discard { card: opp }), "C23");
    let view = Colditz::view(&pos.state, Viewer::Seat(1));
    assert!(view.seats[2].hand.is_some(), "after the end every hand is shown");
    let ended = view.ended.unwrap();
    assert_eq!(ended.winners, vec![1]);
    assert_eq!(ended.escapes, vec![(1, 1), (2, 0)]);
    assert_eq!(view.gone.len(), 1);
    let omni = Colditz::view(&pos.state, Viewer::Omniscient);
    assert!(omni.packs.order.is_some());
}

#[test]
fn c23_the_time_limit_gives_the_german_the_win() {
    // Rounds: the game ends when the German's turn of the last round ends.
    let options = Options { time_limit: TimeLimit::Rounds(1), ..Options::default() };
    let mut pos = Pos::with(options, 3).turn(0, &[[1, 3]]);
    assert!(Colditz::outcome(&pos.state).is_none());
    pos.act(0, Action::EndTurn).unwrap();
    assert_eq!(Colditz::outcome(&pos.state).unwrap().winners, vec![0]);
    assert_eq!(Colditz::outcome(&pos.state).unwrap().summary.key, "colditz-outcome-german-time");
    // A date: the server's date is sent in an action; refused before the limit.
    let options = Options { time_limit: TimeLimit::Date("2027-01-31".into()), ..Options::default() };
    let mut pos = Pos::with(options, 3).turn(1, &[[1, 3]]);
    assert_eq!(pos.refused(2, Action::TimeUp { today: "2027-01-30".into() }), "C23");
    assert_eq!(pos.refused(2, Action::TimeUp { today: "soon".into() }), "C23");
    pos.act(2, Action::TimeUp { today: "2027-01-31".into() }).unwrap();
    assert_eq!(Colditz::outcome(&pos.state).unwrap().winners, vec![0]);
    assert_eq!(Colditz::outcome(&pos.state).unwrap().summary.key, "colditz-outcome-german-time");
    // Without a date limit the action is refused.
    let mut pos = Pos::new(3).turn(1, &[[1, 3]]);
    assert_eq!(pos.refused(1, Action::TimeUp { today: "2099-01-01".into() }), "C23");
}

#[test]
fn r46_guards_leave_the_camp_only_to_chase_along_the_route_opened_and_return_after() {
    let w = BOARD.wire_crossings()[0];
    // No escaper beyond: the guard may not step out, nor cross wire nobody opened.
    let mut pos = Pos::new(3).clear().put_at(G, w.inside).turn(0, &[[2, 3]]);
    assert_eq!(pos.refused(0, mv(G, &[w.outside])), "R46");
    // An escaper cuts through; the guard follows his route.
    let beyond = step_from(w.outside, w.inside);
    let mut pos =
        Pos::new(3).clear().put_at(0, w.inside).equip(1, cutters()).equip(1, ropes(1)[0]).turn(1, &[[2, 3]]);
    pos.act(1, mv(0, &[w.outside, beyond])).unwrap();
    pos = pos.put_at(G, w.inside).put_at(G2, w.inside).turn(0, &[[2, 3]]);
    pos = pos.put_at(G2, BOARD.barracks_slots().nth(5).unwrap());
    pos.act(0, mv(G, &[w.outside])).unwrap();
    assert!(BOARD.is_beyond(pos.at(G)));
    // The guard arrests the escaper (his team holds equipment): the chase ends, the guard went
    // to barracks with the arrest and the route closes.
    let events = pos.act(0, mv(G, &[beyond])).unwrap();
    assert!(kinds(&events).contains(&"arrested".to_string()));
    assert!(kinds(&events).contains(&"chase_ended".to_string()));
    assert!(pos.state.opened.is_empty());
    assert!(pos.state.in_barracks(G));
}

#[test]
fn r46_the_chasers_return_to_barracks_when_the_escaper_reaches_his_target() {
    let (near, target) = before_target();
    let other = step_from(near, target);
    let mut pos = Pos::new(3).clear().put_at(0, near).equip(1, kit()).turn(1, &[[2, 3]]);
    pos.state.men[usize::from(G)].at = other;
    pos.state.opened.push((near, other));
    let events = pos.act(1, mv(0, &[target])).unwrap();
    assert_eq!(kinds(&events), vec!["moved", "escaped", "chase_ended"]);
    assert!(pos.state.in_barracks(G));
}

#[test]
fn r52_the_staff_car_drives_out_through_the_main_gate_or_ends_in_solitary() {
    let car = BOARD.staff_car_circles().next().unwrap();
    let staff = card(CardKind::StaffCar);
    let play = |dice: Vec<[u8; 2]>| Action::Play {
        card: staff,
        men: vec![0],
        equipment: vec![],
        dice,
        tunnel: None,
        cells: vec![],
    };
    let base = || Pos::with(manual(), 3).clear().put_at(0, car).hand(1, staff).turn(1, &[[1, 3]]);
    // A guard on the route stands aside: one on the main gate changes nothing.
    let mut pos = base().put_at(G, BOARD.main_gate().circle);
    assert_eq!(pos.refused(1, play(vec![[6, 5]; 6])), "C22", "the kit is needed");
    let mut pos = pos.equip(1, kit());
    assert_eq!(pos.refused(1, play(vec![[6, 5]; 5])), "C4", "six throws");
    assert_eq!(
        pos.refused(1, play(vec![[6, 6], [6, 5], [6, 5], [6, 5], [6, 5], [6, 5]])),
        "C4",
        "a double throws again"
    );
    let events = pos.act(1, play(vec![[6, 5]; 6])).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Escaped { route: Route::StaffCar, .. })));
    assert!(!pos.state.hands[1].contains(&staff), "the card goes back");
    // Short of a target: solitary.
    let mut pos = base().equip(1, kit());
    let events = pos.act(1, play(vec![[1, 2]; 6])).unwrap();
    assert!(matches!(events[1], Event::Arrested { cause: ArrestCause::StaffCar, .. }));
    assert!(pos.state.in_cell(0));
    // Only from the car's circles.
    let mut pos = base().equip(1, kit()).put(0, "r30c30");
    assert_eq!(pos.refused(1, play(vec![[6, 5]; 6])), "R52");
}

fn do_or_die_pos(options: Options, throws: u8) -> Pos {
    let start = courtyard_walk(1)[0];
    let card = card(CardKind::DoOrDie(throws));
    Pos::with(options, 3)
        .clear()
        .put_at(0, start)
        .put_at(1, courtyard_walk(1)[1])
        .equip(1, kit())
        .on_top(card)
        .before_throw(1)
}

/// A Do or Die run with manual dice: the card drawn first, then the throws typed (R51).
fn run(pos: &mut Pos, man: ManId, dice: Vec<[u8; 2]>) -> Result<Vec<Event>, crate::Refusal> {
    pos.act(1, Action::DoOrDie { man, dice: vec![] })?;
    pos.act(1, Action::DoOrDie { man, dice })
}

#[test]
fn r51_do_or_die_reaches_a_target_or_kills_the_runner_and_his_team() {
    // Without the kit: refused.
    let mut pos = Pos::with(manual(), 3).clear().put_at(0, courtyard_walk(1)[0]).before_throw(1);
    assert_eq!(pos.refused(1, Action::DoOrDie { man: 0, dice: vec![[6, 5]; 3] }), "R51");
    // Three throws (the card), guards in the way do not stop him; a long run escapes.
    let mut pos = do_or_die_pos(manual(), 3);
    let mut dice = vec![[6, 6]; 8];
    dice.extend([[6, 5]; 3]);
    let events = run(&mut pos, 0, dice).unwrap();
    assert!(matches!(events[0], Event::DoOrDieRun { .. }));
    assert!(matches!(events[1], Event::Escaped { route: Route::DoOrDie, .. }));
    assert_eq!(pos.state.do_or_die.back(), Some(&card(CardKind::DoOrDie(3))));
    assert!(
        pos.state.opportunity.len() == 45 - pos.state.hands.iter().map(Vec::len).sum::<usize>(),
        "no cards drawn"
    );
    assert_eq!(pos.refused(1, mv(1, &[courtyard_walk(2)[2]])), "C5", "the turn's throw is spent");
    pos.act(1, Action::EndTurn).unwrap();
    // A short run dies, and the whole team is out.
    let mut pos = do_or_die_pos(manual(), 3);
    let events = run(&mut pos, 0, vec![[1, 2]; 3]).unwrap();
    assert!(matches!(events[1], Event::Died { cause: Death::DoOrDie, team_out: true, .. }));
    assert!(pos.state.out.contains(&1));
    assert_eq!(pos.state.men_of(1).count(), 0);
    assert!(matches!(events[2], Event::TurnEnded { seat: 1 }), "its turn ends at once");
    assert_eq!(pos.state.turn_seat(), Some(2));
    assert_eq!(pos.refused(1, Action::SetStandingOrders(StandingOrders::default())), "R51");
    // Variant: only he dies.
    let options = Options { do_or_die_only_him: true, ..manual() };
    let mut pos = do_or_die_pos(options, 3);
    run(&mut pos, 0, vec![[1, 2]; 3]).unwrap();
    assert!(!pos.state.out.contains(&1));
    assert_eq!(pos.state.men_of(1).count(), 6);
    // Variant: he must start on a light-green circle.
    let options = Options { do_or_die_from_green: true, ..manual() };
    let mut pos = do_or_die_pos(options, 3);
    assert_eq!(pos.refused(1, Action::DoOrDie { man: 0, dice: vec![] }), "R51");
    let green = BOARD.circles_of(CircleKind::DoOrDie).next().unwrap();
    let mut pos = pos.put_at(0, green);
    run(&mut pos, 0, vec![[1, 2]; 3]).unwrap();
    // After the throw it is too late.
    let mut pos = do_or_die_pos(manual(), 3).turn(1, &[[1, 3]]);
    assert_eq!(pos.refused(1, Action::DoOrDie { man: 0, dice: vec![] }), "R51");
}

/// With manual dice the card is drawn first, in an event that shows its count
/// to everyone; only then are the throws typed, and nothing else happens in between.
#[test]
fn r51_with_manual_dice_the_do_or_die_card_is_drawn_first_then_the_throws_typed() {
    let mut pos = do_or_die_pos(manual(), 5);
    // Typed throws before the card is drawn are refused whatever their number: no guessing.
    for n in 3..=7 {
        assert_eq!(pos.refused(1, Action::DoOrDie { man: 0, dice: vec![[1, 2]; n] }), "R51");
    }
    let events = pos.act(1, Action::DoOrDie { man: 0, dice: vec![] }).unwrap();
    assert_eq!(events, vec![Event::DoOrDieDrawn { man: 0, card: card(CardKind::DoOrDie(5)) }]);
    for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Public] {
        assert_eq!(Colditz::redact(&events[0], viewer).as_ref(), Some(&events[0]), "the count is shown");
    }
    let said = Colditz::describe(&events[0]);
    assert!(said.args.contains(&("throws".to_string(), crate::Arg::Num(5))));
    // Now only the run: no throw, no end of turn, no other man.
    assert_eq!(pos.refused(1, Action::Throw { dice: vec![[1, 2]] }), "R51");
    assert_eq!(pos.refused(1, Action::EndTurn), "R51");
    assert_eq!(pos.refused(1, Action::DoOrDie { man: 1, dice: vec![[1, 2]; 5] }), "R51");
    assert_eq!(
        Colditz::legal_actions(&pos.state, 1)
            .into_iter()
            .filter(|a| !matches!(
                a,
                Action::SetStandingOrders(_) | Action::OfferTrade { .. } | Action::Concede
            ))
            .collect::<Vec<_>>(),
        vec![Action::DoOrDie { man: 0, dice: vec![] }]
    );
    assert_eq!(pos.refused(1, Action::DoOrDie { man: 0, dice: vec![[1, 2]; 4] }), "C4", "five throws");
    let events = pos.act(1, Action::DoOrDie { man: 0, dice: vec![[1, 2]; 5] }).unwrap();
    assert!(matches!(events[0], Event::DoOrDieRun { ref throws, .. } if throws.len() == 5));
    assert_eq!(pos.state.do_or_die.back(), Some(&card(CardKind::DoOrDie(5))), "to the bottom");
}

fn shoot_pos(orders: StandingOrders) -> (Pos, CircleId) {
    let w = BOARD.wire_crossings()[0];
    let shot = card(CardKind::ShootToKill);
    let pos = Pos::with(manual(), 3)
        .clear()
        .put_at(0, w.outside)
        .put_at(G, w.inside)
        .hand(0, shot)
        .orders(1, orders)
        .turn(0, &[[1, 3]]);
    (pos, w.outside)
}
fn shoot(dice: Vec<[u8; 2]>) -> Action {
    Action::Play {
        card: card(CardKind::ShootToKill),
        men: vec![G, 0],
        equipment: vec![],
        dice,
        tunnel: None,
        cells: vec![],
    }
}

#[test]
fn c24_shoot_to_kill_doubles_the_score_and_a_talisman_halves_it_back() {
    // Distance 2 (through the wire): a throw of 1+1 doubled... is a double: throw again.
    let (mut pos, _) = shoot_pos(StandingOrders::default());
    assert_eq!(pos.refused(0, shoot(vec![[1, 1]])), "C4");
    // Score 1+2 = 3, doubled 6: hit; the officer is asked first (talisman window).
    let events = pos.act(0, shoot(vec![[1, 2]])).unwrap();
    assert_eq!(kinds(&events), vec!["played"]);
    assert!(matches!(pos.state.window, Some(Window::Talisman { seat: 1, .. })));
    assert_eq!(pos.refused(0, Action::EndTurn), "C15");
    let events = pos.act(1, Action::AnswerTalisman { talisman: None }).unwrap();
    assert!(matches!(events[0], Event::ShotJudged { hit: true, range: 6, .. }));
    assert!(matches!(events[1], Event::Died { cause: Death::Shot, team_out: false, .. }));
    assert!(pos.state.is_gone(0));
    // With a Talisman the range is the thrown score.
    let talisman = card(CardKind::Talisman);
    let far = {
        // A circle beyond, four steps from the guard.
        let d =
            BOARD.distances(&[BOARD.wire_crossings()[0].inside], super::super::board::Passage::ANY, &|_| {
                false
            });
        BOARD.circles().iter().find(|c| BOARD.is_beyond(c.id) && d.to(c.id) == Some(4)).unwrap().id
    };
    let (pos, _) = shoot_pos(StandingOrders::default());
    let mut pos = pos.put_at(0, far).hand(1, talisman);
    pos.act(0, shoot(vec![[1, 2]])).unwrap();
    assert_eq!(pos.refused(1, Action::AnswerTalisman { talisman: Some(card(CardKind::Bribe)) }), "C24");
    let events = pos.act(1, Action::AnswerTalisman { talisman: Some(talisman) }).unwrap();
    assert!(matches!(events[0], Event::ShotJudged { hit: false, range: 3, .. }));
    assert!(!pos.state.is_gone(0));
    // Standing orders play the Talisman at once.
    let orders = StandingOrders { talisman: true, ..StandingOrders::default() };
    let (pos, _) = shoot_pos(orders);
    let mut pos = pos.put_at(0, far).hand(1, talisman);
    let events = pos.act(0, shoot(vec![[1, 2]])).unwrap();
    assert_eq!(kinds(&events), vec!["played", "shot_judged"]);
    // The deadline answers "no Talisman".
    let (pos, _) = shoot_pos(StandingOrders::default());
    let mut pos = pos.put_at(0, far);
    pos.act(0, shoot(vec![[1, 2]])).unwrap();
    let events = Colditz::deadline_passed(&pos.state, &mut ScriptedRandom::default());
    assert!(matches!(events[0], Event::ShotJudged { hit: true, range: 6, .. }));
    // Only at a man beyond the walls or wire.
    let (pos, _) = shoot_pos(StandingOrders::default());
    let mut pos = pos.put(0, "r30c30");
    assert_eq!(pos.refused(0, shoot(vec![[1, 2]])), "C24");
}

#[test]
fn r49_arrest_key_holder_answers_a_key_used_and_standing_orders_answer_at_once() {
    let gate = BOARD.gates().iter().find(|g| g.kind == super::super::board::GateKind::Key).unwrap().circle;
    let before = BOARD.links(gate).iter().find(|l| l.kind == LinkKind::Step).unwrap().to;
    let key = cards_of(CardKind::Equipment(Equipment::Key))[0];
    let holder = card(CardKind::ArrestKeyHolder);
    let ask = StandingOrders { arrest_holders: HolderOrders::Ask, ..StandingOrders::default() };
    let base = || Pos::new(3).clear().put_at(0, before).equip(1, key).orders(0, ask).turn(1, &[[5, 6]]);
    // Under "ask me" the German is asked whether or not he holds the card.
    let mut pos = base();
    let events = pos.act(1, mv(0, &[gate])).unwrap();
    assert_eq!(kinds(&events), vec!["moved", "holder_asked"]);
    assert_eq!(Colditz::to_act(&pos.state), vec![0]);
    assert_eq!(pos.refused(1, Action::EndTurn), "C15");
    assert_eq!(
        pos.refused(0, Action::AnswerArrestHolder { card: Some(holder), cell: None }),
        "R49",
        "he does not hold it"
    );
    pos.act(0, Action::AnswerArrestHolder { card: None, cell: None }).unwrap();
    assert_eq!(pos.at(0), gate);
    // With the card: solitary; the card goes back.
    let mut pos = base().hand(0, holder);
    pos.act(1, mv(0, &[gate])).unwrap();
    let events = pos.act(0, Action::AnswerArrestHolder { card: Some(holder), cell: None }).unwrap();
    assert!(matches!(events[1], Event::Arrested { cause: ArrestCause::Holder, .. }));
    assert!(pos.state.in_cell(0));
    assert!(!pos.state.hands[0].contains(&holder));
    // Not playable in turn; the Pass card is not the Key card's answer.
    let mut pos = base().hand(0, holder).before_throw(0);
    assert_eq!(
        pos.refused(
            0,
            Action::Play {
                card: holder,
                men: vec![],
                equipment: vec![],
                dice: vec![],
                tunnel: None,
                cells: vec![]
            }
        ),
        "R49"
    );
    // Standing orders: answered at once (with the card when held).
    let orders = StandingOrders { arrest_holders: HolderOrders::Always, ..StandingOrders::default() };
    let mut pos = base().orders(0, orders);
    let events = pos.act(1, mv(0, &[gate])).unwrap();
    assert_eq!(kinds(&events), vec!["moved", "holder_asked", "holder_answered"]);
    let mut pos = base().orders(0, orders).hand(0, holder);
    let events = pos.act(1, mv(0, &[gate])).unwrap();
    assert_eq!(kinds(&events), vec!["moved", "holder_asked", "holder_answered", "arrested"]);
    // The deadline: no arrest.
    let mut pos = base().hand(0, holder);
    pos.act(1, mv(0, &[gate])).unwrap();
    let events = Colditz::deadline_passed(&pos.state, &mut ScriptedRandom::default());
    assert_eq!(events, vec![Event::HolderAnswered { man: 0, card: None }]);
}

fn chapel() -> super::super::board::Tunnel {
    BOARD.tunnel_named("chapel").unwrap().1.clone()
}
/// A surface circle stepping onto the tunnel's inner end.
fn before_tunnel(t: &super::super::board::Tunnel) -> CircleId {
    let end = t.ends()[0];
    BOARD
        .links(end)
        .iter()
        .find(|l| l.kind == LinkKind::Step && !BOARD.is(l.to, CircleKind::Tunnel))
        .unwrap()
        .to
}
fn tunnel_card(key: &'static str) -> CardId {
    card(CardKind::Tunnel(key))
}
fn play_tunnel(pos: &mut Pos, seat: Seat, key: &'static str) -> Vec<Event> {
    pos.act(
        seat,
        Action::Play {
            card: tunnel_card(key),
            men: vec![],
            equipment: vec![],
            dice: vec![],
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap()
}

#[test]
fn r53_a_tunnel_in_use_is_entered_at_an_end_and_two_men_always_stay_in_it() {
    for key in ["chapel", "canteen", "theatre"] {
        tunnel_in_use(key);
    }
}

fn tunnel_in_use(key: &'static str) {
    let t = BOARD.tunnel_named(key).unwrap().1.clone();
    let outside = before_tunnel(&t);
    let c = &t.circles;
    let mut pos =
        Pos::new(3).clear().put_at(0, outside).hand(1, tunnel_card(key)).turn(1, &[[6, 6], [6, 6], [6, 5]]);
    // Not before the card is shown.
    assert_eq!(pos.refused(1, mv(0, &[c[0], c[1]])), "R53");
    play_tunnel(&mut pos, 1, key);
    assert!(!pos.state.hands[1].contains(&tunnel_card(key)), "shown, not in hand");
    assert_eq!(pos.state.tunnels[0].seat, 1);
    // In at the end, along the tunnel.
    pos.act(1, mv(0, &[c[0], c[1], c[2], c[3]])).unwrap();
    assert!(pos.state.tunnellers.contains(&0));
    // Tunnellers attend no Appel and cannot be arrested.
    assert!(decide::exempt_from_appel(pos.at(0)));
    assert!(decide::arrestable(&pos.state, 0).is_none());
    // Men of any nation join (seat 2's man, in seat 2's turn).
    pos = pos.put_at(7, outside).turn(2, &[[6, 5]]);
    pos.act(2, mv(7, &[c[0], c[1], c[2]])).unwrap();
    pos = pos.put_at(1, outside).turn(1, &[[6, 6], [6, 6], [6, 5]]);
    pos.act(1, mv(1, &[c[0], c[1]])).unwrap();
    // Out only at an end: the man ahead walks to the far end and out; two stay inside.
    let last = c.len() - 1;
    let beyond = BOARD.links(c[last]).iter().find(|l| l.kind == LinkKind::Step).unwrap().to;
    let mut path: Vec<CircleId> = c[4..=last].to_vec();
    path.push(beyond);
    pos.act(1, mv(0, &path)).unwrap();
    assert!(!pos.state.tunnellers.contains(&0));
    assert!(BOARD.is_beyond(pos.at(0)));
    // Now the last two may not leave.
    assert_eq!(pos.refused(1, mv(1, &[c[0], outside])), "R53");
    assert_eq!(pos.state.inside(key).len(), 2);
}

#[test]
fn r53_surface_walkers_cross_tunnels_and_tunnellers_but_never_follow_or_stop() {
    let t = chapel();
    let c = &t.circles;
    // A middle circle a walker can step on from the surface, with a surface circle beyond.
    let (mid, a, b) = c[1..c.len() - 1]
        .iter()
        .find_map(|&m| {
            let steps: Vec<CircleId> = BOARD
                .links(m)
                .iter()
                .filter(|l| l.kind == LinkKind::Step && !BOARD.is(l.to, CircleKind::Tunnel))
                .map(|l| l.to)
                .collect();
            (steps.len() >= 2).then(|| (m, steps[0], steps[steps.len() - 1]))
        })
        .expect("a tunnel circle under walkable ground");
    let i = c.iter().position(|&x| x == mid).unwrap();
    let mut pos = Pos::new(3).clear().put_at(0, a).hand(1, tunnel_card("chapel")).turn(1, &[[6, 5]]);
    play_tunnel(&mut pos, 1, "chapel");
    // Entering in the middle is refused; so is stopping over the tunnel.
    assert_eq!(pos.refused(1, mv(0, &[mid, c[i + 1]])), "R53");
    assert_eq!(pos.refused(1, mv(0, &[mid])), "R53");
    // A tunneller below does not stop a walker crossing over him.
    pos.state.men[1].at = mid;
    pos.state.tunnellers.push(1);
    pos.act(1, mv(0, &[mid, b])).unwrap();
    assert_eq!(pos.at(0), b);
}

#[test]
fn r53_tunnel_detected_sends_the_tunnellers_to_solitary_and_the_guards_to_barracks() {
    let t = chapel();
    let c = &t.circles;
    let outside = before_tunnel(&t);
    let detected = card(CardKind::TunnelDetected);
    let mut pos = Pos::new(3).clear().hand(1, tunnel_card("chapel")).turn(1, &[[1, 2]]);
    play_tunnel(&mut pos, 1, "chapel");
    pos.state.men[0].at = c[1];
    pos.state.men[1].at = c[2];
    pos.state.tunnellers.extend([0, 1]);
    let near = step_from(outside, c[0]);
    let detect = |tunnel: Option<String>| Action::Play {
        card: detected,
        men: vec![G, G2],
        equipment: vec![],
        dice: vec![],
        tunnel,
        cells: vec![],
    };
    let mut pos = pos.put_at(G, outside).put_at(G2, near).hand(0, detected).turn(0, &[[1, 2]]);
    // Entering anywhere: one step and two steps, within the score of 3.
    let events = pos.act(0, detect(Some("chapel".into()))).unwrap();
    assert!(matches!(
        &events[0],
        Event::Played { effect: crate::colditz::events::Effect::TunnelDetected { steps: 3, caught, .. }, .. } if caught.len() == 2
    ));
    assert!(pos.state.in_cell(0) && pos.state.in_cell(1));
    assert!(pos.state.in_barracks(G) && pos.state.in_barracks(G2));
    assert!(pos.state.tunnels.is_empty() && pos.state.tunnellers.is_empty());
    assert_eq!(pos.state.opportunity.back(), Some(&tunnel_card("chapel")));
    // Too far for the score: refused.
    let mut pos = Pos::new(3).clear().hand(1, tunnel_card("chapel")).turn(1, &[[1, 2]]);
    play_tunnel(&mut pos, 1, "chapel");
    let mut pos = pos.put_at(G, outside).put_at(G2, near).hand(0, detected).turn(0, &[[1, 1]]);
    assert_eq!(pos.refused(0, detect(None)), "R53");
}

#[test]
fn r53_the_holder_returns_the_tunnel_card_and_the_men_inside_come_up() {
    let t = chapel();
    let c = &t.circles;
    let mut pos = Pos::new(3).clear().hand(1, tunnel_card("chapel")).turn(1, &[[1, 2]]);
    play_tunnel(&mut pos, 1, "chapel");
    pos.state.men[0].at = c[1];
    pos.state.tunnellers.push(0);
    let events = pos.act(1, Action::Discard { card: tunnel_card("chapel") }).unwrap();
    assert!(matches!(events[0], Event::TunnelClosed { .. }));
    assert!(pos.state.tunnels.is_empty() && pos.state.tunnellers.is_empty());
    assert!(!BOARD.is(pos.at(0), CircleKind::Tunnel));
    assert_eq!(pos.state.opportunity.back(), Some(&tunnel_card("chapel")));
    let view = Colditz::view(&pos.state, Viewer::Public);
    assert!(view.men.iter().all(|m| !m.gone.is_some_and(|_| false)));
}

#[test]
fn r49_arrest_pass_holder_answers_a_pass_used() {
    let gate = BOARD
        .gates()
        .iter()
        .find(|g| g.kind == super::super::board::GateKind::Pass && !g.r39_return)
        .unwrap()
        .circle;
    let before = BOARD.links(gate).iter().find(|l| l.kind == LinkKind::Step).unwrap().to;
    let pass = cards_of(CardKind::Equipment(Equipment::Pass))[0];
    let holder = card(CardKind::ArrestPassHolder);
    let mut pos = Pos::new(3)
        .clear()
        .put_at(0, before)
        .equip(1, pass)
        .hand(0, holder)
        .hand(0, card(CardKind::ArrestKeyHolder))
        .orders(0, StandingOrders { arrest_holders: HolderOrders::Ask, ..StandingOrders::default() })
        .turn(1, &[[5, 6]]);
    pos.act(1, mv(0, &[gate])).unwrap();
    assert_eq!(
        pos.refused(
            0,
            Action::AnswerArrestHolder { card: Some(card(CardKind::ArrestKeyHolder)), cell: None }
        ),
        "R49",
        "the Key card does not answer a Pass"
    );
    pos.act(0, Action::AnswerArrestHolder { card: Some(holder), cell: None }).unwrap();
    assert!(pos.state.in_cell(0));
}

#[test]
fn c23_the_german_wins_when_no_team_can_reach_the_formula() {
    // Two players: the only team dies in a Do or Die.
    let mut pos = Pos::with(manual(), 2)
        .clear()
        .put_at(0, courtyard_walk(1)[0])
        .equip(1, kit())
        .on_top(card(CardKind::DoOrDie(3)))
        .before_throw(1);
    run(&mut pos, 0, vec![[1, 2]; 3]).unwrap();
    let outcome = Colditz::outcome(&pos.state).expect("over");
    assert_eq!(outcome.winners, vec![0]);
    assert_eq!(outcome.summary.key, "colditz-outcome-german");
}

#[test]
fn r46_a_guard_follows_a_rope_only_where_an_escaper_went_down() {
    let d = drop_of(1, true);
    let on = step_from(d.to, d.from);
    let mut pos = Pos::new(3).clear().put_at(0, d.from).equip(1, ropes(1)[0]).turn(1, &[[2, 3]]);
    // Before anyone went down, the guard cannot use the drop.
    let mut guard =
        Pos { state: pos.state.clone(), log: vec![] }.put_at(0, on).put_at(G, d.from).turn(0, &[[2, 3]]);
    assert_eq!(guard.refused(0, mv(G, &[d.to])), "R46");
    pos.act(1, mv(0, &[d.to, on])).unwrap();
    let mut pos = pos.put_at(G, d.from).turn(0, &[[2, 3]]);
    pos.act(0, mv(G, &[d.to])).unwrap();
    assert_eq!(pos.at(G), d.to);
    assert_eq!(pos.state.opened, vec![(d.from.min(d.to), d.from.max(d.to))]);
}
