//! Escape from Colditz as the printed game. One scenario per rule changed, named after
//! its rule id (docs/rules/colditz.md): the cards offered on the page (C24, R52, R53), doorways
//! and passages on the board graph (R45), the default time limit (C2), the hidden Escape Kit
//! (C11, C21), the Riot Squad (C12), draws after doubles (C4, in scenarios.rs), Advance Warning's
//! price (C17), the German's choice of cells (C13), keys and passes per gate (R41, R50), Appel in
//! the starting formation (C16), two men in a tunnel and no shot into one (R53, C24), men of two
//! teams claiming equipment (C10), Do or Die drawn first (R51, in part2.rs) and man numbers that
//! are no man (C5).

use super::*;
use crate::colditz::Colditz;
use crate::colditz::cards::Equipment;
use crate::colditz::events::{AppelAnswer, ArrestCause, Placement, StandingOrders, Warning};
use crate::colditz::options::{Dice, TimeLimit};
use crate::colditz::state::Window;
use crate::{Ruleset, Viewer};

/// Three players: seat 1's men are 0–6, seat 2's 7–13, the guards 14–25.
const G: ManId = 14;
const G2: ManId = 15;

fn mv(man: ManId, path: &[&str]) -> Action {
    Action::Move { man, path: path.iter().map(|p| c(p)).collect(), cell: None }
}
fn play(card: CardId, men: Vec<ManId>) -> Action {
    Action::Play { card, men, equipment: vec![], dice: vec![], tunnel: None, cells: vec![] }
}
fn manual() -> Options {
    Options { dice: Dice::Manual, ..Options::default() }
}
fn kit() -> CardId {
    card(CardKind::Kit)
}
fn offered(pos: &Pos, seat: Seat, pred: impl Fn(&Action) -> bool) -> Vec<Action> {
    Colditz::legal_actions(&pos.state, seat).into_iter().filter(|a| pred(a)).collect()
}

// ------------------------------------------------------------------ item 1: cards on the page

#[test]
fn c24_shoot_to_kill_is_offered_for_every_man_in_sight_beyond_the_wire() {
    let w = BOARD.wire_crossings()[0];
    let shot = card(CardKind::ShootToKill);
    for options in [Options::default(), manual()] {
        let manual = options.dice == Dice::Manual;
        let pos = Pos::with(options, 3)
            .clear()
            .put_at(0, w.outside)
            .put_at(G, w.inside)
            .hand(0, shot)
            .turn(0, &[[1, 3]]);
        let plays = offered(&pos, 0, |a| matches!(a, Action::Play { card, .. } if *card == shot));
        assert_eq!(plays, vec![play(shot, vec![G, 0])], "the guard nearest him fires at man 0");
        // As offered (seeded), or with its throw typed in (manual), it is accepted.
        let mut pos = pos;
        let action = if manual {
            Action::Play {
                card: shot,
                men: vec![G, 0],
                equipment: vec![],
                dice: vec![[1, 2]],
                tunnel: None,
                cells: vec![],
            }
        } else {
            plays[0].clone()
        };
        pos.act(0, action).unwrap();
        assert!(matches!(pos.state.window, Some(Window::Talisman { man: 0, .. })));
    }
}

#[test]
fn r53_tunnel_detected_is_offered_with_the_two_guards_nearest_the_tunnel() {
    let t = BOARD.tunnel_named("chapel").unwrap().1.clone();
    let detected = card(CardKind::TunnelDetected);
    let tunnel = card(CardKind::Tunnel("chapel"));
    // Guards 14 and 15 stand far off; 16 and 17 next to the tunnel's inner end.
    let end = t.ends()[0];
    let near: Vec<CircleId> =
        BOARD.links(end).iter().map(|l| l.to).filter(|&c| BOARD.is(c, CircleKind::Plain)).collect();
    let mut pos = Pos::new(3).clear().hand(1, tunnel).turn(1, &[[1, 2]]);
    pos.act(1, play(tunnel, vec![])).unwrap();
    pos.state.men[0].at = t.circles[2];
    pos.state.men[1].at = t.circles[3];
    pos.state.tunnellers.extend([0, 1]);
    let pos = pos
        .put(G, "r30c30")
        .put(G2, "r31c31")
        .put_at(16, near[0])
        .put_at(17, *near.get(1).unwrap_or(&t.circles[1]))
        .hand(0, detected)
        .turn(0, &[[3, 4]]);
    let plays = offered(&pos, 0, |a| matches!(a, Action::Play { card, .. } if *card == detected));
    assert_eq!(plays.len(), 1, "{plays:?}");
    let Action::Play { men, tunnel, .. } = &plays[0] else { unreachable!() };
    assert_eq!((men.clone(), tunnel.as_deref()), (vec![16, 17], Some("chapel")));
    let mut pos = pos;
    pos.act(0, plays[0].clone()).unwrap();
    assert!(pos.state.tunnels.is_empty() && pos.state.in_cell(0) && pos.state.in_cell(1));
}

#[test]
fn r52_the_staff_car_is_offered_to_a_man_on_a_car_circle() {
    let car = BOARD.staff_car_circles().next().unwrap();
    let staff = card(CardKind::StaffCar);
    for options in [Options::default(), manual()] {
        let pos =
            Pos::with(options, 3).clear().put_at(0, car).equip(1, kit()).hand(1, staff).turn(1, &[[1, 3]]);
        let plays = offered(&pos, 1, |a| matches!(a, Action::Play { card, .. } if *card == staff));
        assert_eq!(plays, vec![play(staff, vec![0])]);
    }
}

// ------------------------------------------------------------------ item 2: R45 on the graph

#[test]
fn r45_a_guard_may_not_end_on_the_circle_before_a_room_door() {
    // In front of the Chapel, the Office, the Sick Bay, the Interview Room, the Kitchen, the
    // Orderlies' Quarters and the Guard House.
    for front in ["r20c17", "r28c17", "r34c17", "r25c40", "r29c40", "r33c40", "r42c26"] {
        let front = c(front);
        assert!(BOARD.links(front).iter().any(|l| BOARD.is_door(l.to)), "{front} is in front of a door");
        let from = BOARD
            .links(front)
            .iter()
            .map(|l| l.to)
            .find(|&n| BOARD.in_courtyard(n) && BOARD.is(n, CircleKind::Plain) && !decide::doorway(n));
        if let Some(from) = from {
            let mut pos = Pos::new(3).clear().put_at(G, from).turn(0, &[[1, 2]]);
            assert_eq!(
                pos.refused(0, Action::Move { man: G, path: vec![front], cell: None }),
                "R45",
                "{front}"
            );
        }
        // Ending the turn is checked too (a guard put there by other means).
        let mut pos = Pos::new(3).clear().put_at(G, front).turn(0, &[[1, 2]]);
        assert_eq!(pos.refused(0, Action::EndTurn), "R45", "{front}");
    }
}

#[test]
fn r45_a_guard_may_not_stand_in_a_one_circle_passage_or_cut_a_gate_off() {
    // The passage to the north KEY door, the east passage, the gatehouse and Theatre passages.
    for (from, to) in [("r15c28", "r14c28"), ("r14c28", "r13c28"), ("r22c41", "r22c42"), ("r22c43", "r22c44")]
    {
        let mut pos = Pos::new(3).clear().put(G, from).turn(0, &[[1, 2]]);
        assert_eq!(pos.refused(0, mv(G, &[to])), "R45", "{to}");
    }
    for at in ["r40c26", "r40c33", "r11c28", "r22c47"] {
        let mut pos = Pos::new(3).clear().put(G, at).turn(0, &[[1, 2]]);
        assert_eq!(pos.refused(0, Action::EndTurn), "R45", "{at}");
    }
    // In the open courtyard a guard blocks nothing: the turn ends.
    let mut pos = Pos::new(3).clear().put(G, "r30c30").turn(0, &[[1, 2]]);
    pos.act(0, Action::EndTurn).unwrap();
}

#[test]
fn r45_guards_together_may_not_wall_off_a_door() {
    // The Chapel's door r20c16 opens only onto r20c17, whose other courtyard neighbours are
    // r19c17, r21c17 (row 20 is even: r19c16 and r21c16 are walls) and r20c18. Three guards on
    // those cut the door off though none stands in front of it.
    assert_eq!(decide::r45_blocked(&[c("r19c17"), c("r21c17")].into_iter().collect()), None);
    let walled = [c("r19c17"), c("r21c17"), c("r20c18")].into_iter().collect();
    assert_eq!(decide::r45_blocked(&walled), Some(c("r20c17")));
    let mut pos = Pos::new(3).clear().put(G, "r19c17").put(G2, "r21c17").put(16, "r20c19").turn(0, &[[1, 2]]);
    assert_eq!(pos.refused(0, mv(16, &["r20c18"])), "R45");
}

#[test]
fn r45_no_guard_post_blocks_anything_by_itself() {
    for post in BOARD.circles_of(CircleKind::GuardPost) {
        assert_eq!(decide::r45_blocked(&[post].into_iter().collect()), None, "{post}");
    }
}

// ------------------------------------------------------------------ item 3: the time limit

#[test]
fn c2_the_default_time_limit_is_a_number_of_rounds_and_no_limit_only_when_chosen() {
    use crate::colditz::options::standard_rounds;
    let options: Options = serde_json::from_str("{}").unwrap();
    assert_eq!(options.time_limit, TimeLimit::Standard);
    // The standard number of rounds by number of players (the simulation's choice).
    assert_eq!((2..=6).map(standard_rounds).collect::<Vec<_>>(), vec![60, 40, 40, 45, 45]);
    // It is written into the setup event and shown in every view.
    let pos = Pos::new(4);
    assert!(matches!(&pos.log[0], Event::Setup { rounds: Some(40), .. }));
    assert_eq!(Colditz::view(&pos.state, Viewer::Public).rounds_limit, Some(40));
    // The last round over, the German wins.
    let mut pos = Pos::new(2).turn(0, &[[1, 2]]);
    pos.state.round = 60;
    pos.act(0, Action::EndTurn).unwrap();
    assert_eq!(Colditz::outcome(&pos.state).unwrap().winners, vec![0]);
    // The number in the log rules, whatever the standard says later.
    let mut log = pos.log.clone();
    if let Event::Setup { rounds, .. } = &mut log[0] {
        *rounds = Some(7);
    }
    assert_eq!(crate::replay::<Colditz>(&pos.state.options, 2, &log[..1]).rounds_limit, Some(7));
    // No limit only when chosen.
    let none: Options = serde_json::from_str(r#"{"time_limit": {"kind": "none"}}"#).unwrap();
    assert_eq!(none.time_limit, TimeLimit::None);
    let mut pos = Pos::with(none, 2).turn(0, &[[1, 2]]);
    assert!(matches!(&pos.log[0], Event::Setup { rounds: None, .. }));
    pos.state.round = 10_000;
    pos.act(0, Action::EndTurn).unwrap();
    assert!(Colditz::outcome(&pos.state).is_none(), "no limit: the game goes on");
}

// ------------------------------------------------------------------ item 4: the hidden Kit

/// Seat 1's men 0–3 in the Laundry (disguise), the W.C. (compass), the Canteen (food) and the
/// Office (documents).
fn in_kit_rooms() -> Pos {
    Pos::new(3)
        .clear()
        .put_at(0, room("laundry")[0])
        .put_at(1, room("wc")[0])
        .put_at(2, room("canteen")[0])
        .put_at(3, room("office")[0])
        .turn(1, &[[1, 2]])
}

fn shows(state: &State, viewer: Viewer, card: CardId) -> bool {
    serde_json::to_string(&Colditz::view(state, viewer)).unwrap().contains(&format!("\"{card:?}\""))
}

#[test]
fn c11_c21_the_escape_kit_is_claimed_in_secret_and_shown_only_when_displayed() {
    let mut pos = in_kit_rooms();
    let events = pos.act(1, Action::ClaimKit { men: vec![0, 1, 2, 3], parts: vec![] }).unwrap();
    let mine = kit();
    assert_eq!(events, vec![Event::KitClaimed { seat: 1, card: mine, parts: vec![] }]);
    for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Public] {
        assert_eq!(
            Colditz::redact(&events[0], viewer),
            Some(Event::Private { seat: 1 }),
            "nobody else learns of the claim: a private move, as standing orders set"
        );
        assert!(!shows(&pos.state, viewer, mine), "{viewer:?} sees the Kit");
        // Nor may the Kit cards left in the stock tell that one is gone.
        let view = Colditz::view(&pos.state, viewer);
        assert!(view.packs.stock.iter().all(|c| c.id.kind() != CardKind::Kit));
        assert!(view.seats[1].equipment.is_empty());
    }
    assert!(shows(&pos.state, Viewer::Seat(1), mine), "the team sees its own Kit");
    // Displayed when a Do or Die run begins (the card drawn): then everyone sees it.
    let mut pos = pos.put_at(4, courtyard_walk(1)[0]).on_top(card(CardKind::DoOrDie(7)));
    pos = Pos {
        state: {
            let mut s = pos.state.clone();
            s.options.dice = Dice::Manual;
            s
        },
        log: pos.log,
    };
    pos = pos.before_throw(1);
    pos.act(1, Action::DoOrDie { man: 4, dice: vec![] }).unwrap();
    for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Public] {
        assert!(shows(&pos.state, viewer, mine), "{viewer:?}: displayed");
    }
}

#[test]
fn c11_c21_kit_parts_go_back_inside_the_claim_and_the_kit_card_tells_nothing_of_other_claims() {
    // Seat 2 (the second team) claims with both kit parts: its own Kit card is the second one,
    // whoever claimed first.
    let parts = [
        card(CardKind::KitPart(crate::colditz::cards::KitPart::CompassFood)),
        card(CardKind::KitPart(crate::colditz::cards::KitPart::DocumentsClothing)),
    ];
    let mut pos = Pos::new(3).clear().hand(2, parts[0]).hand(2, parts[1]).turn(2, &[[1, 2]]);
    let events = pos.act(2, Action::ClaimKit { men: vec![], parts: parts.to_vec() }).unwrap();
    assert_eq!(events, vec![Event::KitClaimed { seat: 2, card: CardId(28), parts: parts.to_vec() }]);
    assert!(pos.state.hands[2].is_empty(), "the parts left the hand");
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Public] {
        let seen: Vec<Event> = events.iter().filter_map(|e| Colditz::redact(e, viewer)).collect();
        assert_eq!(seen, vec![Event::Private { seat: 2 }], "{viewer:?}: one private move, no discards");
        for part in parts {
            assert!(!shows(&pos.state, viewer, part));
        }
    }
}

/// What a viewer sees of a record's events, in order.
fn seen_by(events: &[Event], viewer: Viewer) -> Vec<Event> {
    events.iter().filter_map(|e| Colditz::redact(e, viewer)).collect()
}

#[test]
fn c11_c21_a_kit_claim_looks_to_others_like_any_private_move_and_no_remedy_names_the_kit() {
    // What another seat sees of a private move that is not a claim: standing orders set.
    let mut pos = Pos::new(3).clear().turn(1, &[[1, 2]]);
    let orders = pos
        .act(
            1,
            Action::SetStandingOrders(StandingOrders { appel_all_attend: true, ..StandingOrders::default() }),
        )
        .unwrap();
    let parts = [
        card(CardKind::KitPart(crate::colditz::cards::KitPart::CompassFood)),
        card(CardKind::KitPart(crate::colditz::cards::KitPart::DocumentsClothing)),
    ];
    let part_cards: Vec<String> = cards_of(CardKind::KitPart(crate::colditz::cards::KitPart::CompassFood))
        .into_iter()
        .chain(cards_of(CardKind::KitPart(crate::colditz::cards::KitPart::DocumentsClothing)))
        .chain(cards_of(CardKind::Kit))
        .map(|c| serde_json::to_string(&c).unwrap())
        .collect();
    // A claim from the four rooms, with one kit part, with both.
    let claims: Vec<(Pos, Action)> = vec![
        (in_kit_rooms(), Action::ClaimKit { men: vec![0, 1, 2, 3], parts: vec![] }),
        (
            Pos::new(3)
                .clear()
                .put_at(1, room("wc")[0])
                .put_at(2, room("canteen")[0])
                .hand(1, parts[1])
                .turn(1, &[[1, 2]]),
            Action::ClaimKit { men: vec![1, 2], parts: vec![parts[1]] },
        ),
        (
            Pos::new(3).clear().hand(1, parts[0]).hand(1, parts[1]).turn(1, &[[1, 2]]),
            Action::ClaimKit { men: vec![], parts: parts.to_vec() },
        ),
    ];
    for (mut pos, claim) in claims {
        let before = pos.state.clone();
        let events = pos.act(1, claim.clone()).unwrap();
        for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Public] {
            let seen = seen_by(&events, viewer);
            assert_eq!(seen, seen_by(&orders, viewer), "{viewer:?}: {claim:?} looks like any private move");
            let words: Vec<crate::Msg> = seen.iter().map(Colditz::describe).collect();
            let orders_words: Vec<crate::Msg> =
                seen_by(&orders, viewer).iter().map(Colditz::describe).collect();
            assert_eq!(words, orders_words, "{viewer:?}: the same words");
            let json = serde_json::to_string(&seen).unwrap();
            assert!(part_cards.iter().all(|c| !json.contains(&format!(":{c}"))), "{viewer:?}: {json}");
        }
        // The owner sees the claim as it is.
        assert!(seen_by(&events, Viewer::Seat(1)).iter().any(|e| matches!(e, Event::KitClaimed { .. })));
        // No remedy names a card the team has not displayed.
        let remedies = <Colditz as crate::Remedies>::remedies(&before, &pos.state, &pos.state, 1, &claim);
        for r in &remedies {
            if let crate::Remedy::Correct {
                correction: crate::colditz::remedies::Correction::ReturnEquipment { card, .. },
            } = r
            {
                assert_ne!(card.kind().pack(), crate::colditz::cards::Pack::Kit, "{r:?}");
            }
        }
    }
}

// ------------------------------------------------------------------ item 5: the Riot Squad

#[test]
fn c12_the_riot_squad_posts_every_reserve_guard_for_the_whole_throw() {
    // Three players: 12 guards, 4 posted at setup, 8 in reserve.
    let pos = Pos::new(3).turn(0, &[[1, 2]]);
    let reserve: Vec<ManId> = pos.men(0).into_iter().filter(|&g| pos.state.in_barracks(g)).collect();
    assert_eq!(reserve.len(), 8);
    assert_eq!(
        offered(&pos, 0, |a| matches!(a, Action::RiotSquad { .. })),
        vec![Action::RiotSquad { posts: vec![] }]
    );
    let mut pos = pos;
    let events = pos.act(0, Action::RiotSquad { posts: vec![] }).unwrap();
    let Event::RiotSquad { posts } = &events[0] else { panic!("{events:?}") };
    assert_eq!(posts.len(), 8, "all his reserves");
    assert!(reserve.iter().all(|&g| !pos.state.in_barracks(g) && BOARD.is(pos.at(g), CircleKind::GuardPost)));
    // The price: the whole throw. Nothing else moves, posts or recalls that turn.
    assert_eq!(pos.state.turn.as_ref().unwrap().points, 0);
    assert_eq!(pos.refused(0, Action::ReturnGuard { guard: reserve[0] }), "C5");
    pos.act(0, Action::EndTurn).unwrap();
    // Only with the throw unused, and before any arrest.
    let mut pos = Pos::new(3).turn(0, &[[1, 2]]);
    let g = pos.men(0).into_iter().find(|&g| !pos.state.in_barracks(g)).unwrap();
    pos.act(0, Action::ReturnGuard { guard: g }).unwrap();
    assert_eq!(pos.refused(0, Action::RiotSquad { posts: vec![] }), "C12");
    let mut pos = Pos::new(3).turn(0, &[[1, 2]]);
    pos.state.turn.as_mut().unwrap().arrested = true;
    assert_eq!(pos.refused(0, Action::RiotSquad { posts: vec![] }), "C12");
    let mut pos = Pos::new(3).before_throw(0);
    assert_eq!(pos.refused(0, Action::RiotSquad { posts: vec![] }), "C4");
    // Posts of his choice: all the reserve, on free black circles.
    let mut pos = Pos::new(3).turn(0, &[[1, 2]]);
    let free: Vec<CircleId> =
        BOARD.circles_of(CircleKind::GuardPost).filter(|&p| !pos.state.occupied(p)).collect();
    assert_eq!(pos.refused(0, Action::RiotSquad { posts: free[..3].to_vec() }), "C12", "not all of them");
    assert_eq!(pos.refused(0, Action::RiotSquad { posts: vec![c("r30c30"); 8] }), "C12");
    pos.act(0, Action::RiotSquad { posts: free[..8].to_vec() }).unwrap();
    assert!(free[..8].iter().all(|&p| pos.state.occupied(p)));
}

// ------------------------------------------------------------------ item 7: Advance Warning

#[test]
fn c17_advance_warning_gives_up_the_equipment_the_way_to_the_safe_area_needs() {
    let appel = card(CardKind::Appel);
    let warning = card(CardKind::AdvanceWarning);
    let key = cards_of(CardKind::Equipment(Equipment::Key))[0];
    let safe = circles(|c| c.kind == CircleKind::Safe)[0];
    // Man 0 on the north terrace, beyond the north KEY door: his way back in takes a Key.
    let start = || Pos::new(3).clear().put(0, "r09c28").hand(1, warning).hand(0, appel).before_throw(0);
    let answer = AppelAnswer {
        absent: vec![],
        warning: Some(Warning { card: warning, moves: vec![Placement { man: 0, to: safe }] }),
    };
    let mut pos = start();
    pos.act(0, play(appel, vec![])).unwrap();
    assert_eq!(pos.refused(1, Action::AnswerAppel(answer.clone())), "C17", "no Key: no way");
    let mut pos = start().equip(1, key);
    pos.act(0, play(appel, vec![])).unwrap();
    let events = pos.act(1, Action::AnswerAppel(answer)).unwrap();
    let resolved = events.iter().find(|e| matches!(e, Event::AppelResolved { .. })).unwrap();
    assert!(matches!(resolved, Event::AppelResolved { surrendered, .. } if *surrendered == vec![key]));
    assert_eq!(pos.at(0), safe);
    assert!(pos.state.equipment[1].is_empty(), "the Key is given up");
    // A man in the courtyard gives up nothing.
    let mut pos =
        Pos::new(3).clear().put(0, "r30c30").equip(1, key).hand(1, warning).hand(0, appel).before_throw(0);
    pos.act(0, play(appel, vec![])).unwrap();
    let answer = AppelAnswer {
        absent: vec![],
        warning: Some(Warning { card: warning, moves: vec![Placement { man: 0, to: safe }] }),
    };
    pos.act(1, Action::AnswerAppel(answer)).unwrap();
    assert_eq!(pos.state.equipment[1], vec![key]);
}

// ------------------------------------------------------------------ item 8: cells

#[test]
fn c13_the_german_chooses_the_cell_for_men_caught_by_a_search_the_appel_and_a_holder_card() {
    let rope = cards_of(CardKind::Equipment(Equipment::Rope))[0];
    let outer = c("r50c52");
    assert!(BOARD.cell_block_of(outer).is_some_and(|(_, b)| b.outer));
    // A Search: the cells in the play.
    let search = card(CardKind::Search("kitchen"));
    let mut pos =
        Pos::new(3).clear().put_at(0, room("kitchen")[0]).equip(1, rope).hand(0, search).turn(0, &[[1, 2]]);
    let with_cells = |cells: Vec<CircleId>| Action::Play {
        card: search,
        men: vec![],
        equipment: vec![],
        dice: vec![],
        tunnel: None,
        cells,
    };
    assert_eq!(pos.refused(0, with_cells(vec![c("r30c30")])), "C13", "no cell");
    pos.act(0, with_cells(vec![outer])).unwrap();
    pos.act(1, Action::AnswerSearch(Default::default())).unwrap();
    assert_eq!(pos.at(0), outer);
    // Not given: the first free inner cell (the first block's first cell).
    let mut pos =
        Pos::new(3).clear().put_at(0, room("kitchen")[0]).equip(1, rope).hand(0, search).turn(0, &[[1, 2]]);
    pos.act(0, with_cells(vec![])).unwrap();
    pos.act(1, Action::AnswerSearch(Default::default())).unwrap();
    assert_eq!(pos.at(0), c("r38c22"));
    // The Appel's search for absentees.
    let appel = card(CardKind::Appel);
    let mut pos = Pos::new(3).clear().put(0, "r30c30").put(G, "r30c32").hand(0, appel).before_throw(0);
    pos.act(0, play(appel, vec![])).unwrap();
    pos.act(1, Action::AnswerAppel(AppelAnswer { absent: vec![0], warning: None })).unwrap();
    pos.act(0, Action::Throw { dice: vec![] }).unwrap();
    pos.act(0, Action::SearchAbsentees { cells: vec![outer] }).unwrap();
    assert_eq!(pos.at(0), outer);
    // Arrest Pass Holder: the cell in the answer.
    let gate = BOARD
        .gates()
        .iter()
        .find(|g| g.kind == crate::colditz::board::GateKind::Pass && !g.main)
        .unwrap()
        .circle;
    let before = BOARD.links(gate).iter().find(|l| l.kind == LinkKind::Step).unwrap().to;
    let pass = cards_of(CardKind::Equipment(Equipment::Pass))[0];
    let holder = card(CardKind::ArrestPassHolder);
    let ask = crate::colditz::events::StandingOrders {
        arrest_holders: crate::colditz::events::HolderOrders::Ask,
        ..Default::default()
    };
    let mut pos = Pos::new(3)
        .clear()
        .put_at(0, before)
        .equip(1, pass)
        .hand(0, holder)
        .orders(0, ask)
        .turn(1, &[[5, 6]]);
    pos.act(1, Action::Move { man: 0, path: vec![gate], cell: None }).unwrap();
    let events = pos.act(0, Action::AnswerArrestHolder { card: Some(holder), cell: Some(outer) }).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Arrested { cell, cause: ArrestCause::Holder, .. } if *cell == outer))
    );
}

#[test]
fn c13_where_the_german_does_not_act_his_standing_orders_name_the_cell() {
    // A failed staff car: the car is the Escape Officer's action.
    let car = BOARD.staff_car_circles().next().unwrap();
    let staff = card(CardKind::StaffCar);
    let orders = StandingOrders { cell: Some(c("r41c24")), ..StandingOrders::default() };
    let mut pos = Pos::with(manual(), 3)
        .clear()
        .put_at(0, car)
        .equip(1, kit())
        .hand(1, staff)
        .orders(0, orders)
        .turn(1, &[[1, 3]]);
    let run = Action::Play {
        card: staff,
        men: vec![0],
        equipment: vec![],
        dice: vec![[1, 2]; 6],
        tunnel: None,
        cells: vec![],
    };
    let events = pos.act(1, run).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Arrested { cause: ArrestCause::StaffCar, .. })));
    assert_eq!(pos.at(0), c("r41c24"));
}

#[test]
fn c13_tunnel_detected_sends_the_tunnellers_to_the_cells_the_german_names() {
    let t = BOARD.tunnel_named("chapel").unwrap().1.clone();
    let detected = card(CardKind::TunnelDetected);
    let tunnel = card(CardKind::Tunnel("chapel"));
    let end = t.ends()[0];
    let near: Vec<CircleId> =
        BOARD.links(end).iter().map(|l| l.to).filter(|&c| BOARD.is(c, CircleKind::Plain)).collect();
    let mut pos = Pos::new(3).clear().hand(1, tunnel).turn(1, &[[1, 2]]);
    pos.act(1, play(tunnel, vec![])).unwrap();
    pos.state.men[0].at = t.circles[2];
    pos.state.men[1].at = t.circles[3];
    pos.state.tunnellers.extend([0, 1]);
    let mut pos = pos.put_at(G, near[0]).put_at(G2, near[1]).hand(0, detected).turn(0, &[[3, 4]]);
    let cells = vec![c("r50c51"), c("r50c53")];
    pos.act(
        0,
        Action::Play {
            card: detected,
            men: vec![G, G2],
            equipment: vec![],
            dice: vec![],
            tunnel: None,
            cells: cells.clone(),
        },
    )
    .unwrap();
    assert_eq!((pos.at(0), pos.at(1)), (cells[0], cells[1]));
}

// ------------------------------------------------------------------ item 9: keys per gate

#[test]
fn r41_r50_each_key_or_pass_circle_crossed_takes_its_own_card() {
    // The gatehouse KEY (r48c26) and the north-door KEY (r10c28) are two gates: one Key each.
    let keys = cards_of(CardKind::Equipment(Equipment::Key));
    let mut pos =
        Pos::new(3).clear().put(0, "r47c26").put(1, "r11c28").equip(1, keys[0]).turn(1, &[[6, 6], [6, 5]]);
    let events = pos.act(1, mv(0, &["r48c26"])).unwrap();
    assert!(matches!(&events[0], Event::Moved { gates, .. } if *gates == vec![c("r48c26")]));
    // R49: the German's standing order answers at once (he holds no Arrest Key Holder).
    assert!(pos.state.window.is_none());
    assert_eq!(pos.refused(1, mv(1, &["r10c28"])), "R41", "the first Key opened only its own door");
    // Back and forth through the same gate the card serves the turn (R50).
    pos.act(1, mv(0, &["r47c26", "r48c26"])).unwrap();
    // With a second Key the second door opens.
    let mut pos = pos.equip(1, keys[1]);
    pos.act(1, mv(1, &["r10c28"])).unwrap();
    assert!(pos.state.equipment[1].is_empty());
}

// ------------------------------------------------------------------ item 10: the formation

#[test]
fn c16_appel_lines_men_up_in_the_starting_formation() {
    let appel = card(CardKind::Appel);
    // Man 0 started on r22c28 and man 1 on r22c29 (the three-player formation); a guard now
    // stands on man 1's circle. Man 2 stands on another Appel circle.
    let start = Pos::new(3);
    assert_eq!((start.at(0), start.at(1)), (c("r22c28"), c("r22c29")));
    let mut pos = start
        .put(0, "r30c30")
        .put(1, "r31c31")
        .put(G, "r22c29")
        .put(2, "r25c29")
        .hand(0, appel)
        .before_throw(0);
    let all_attend = StandingOrders { appel_all_attend: true, ..StandingOrders::default() };
    pos = pos.orders(1, all_attend).orders(2, all_attend);
    pos.act(0, play(appel, vec![])).unwrap();
    assert_eq!(pos.at(0), c("r22c28"), "his own circle");
    assert_eq!(pos.at(2), c("r23c27"), "his own circle, from another Appel circle");
    assert!(BOARD.is(pos.at(1), CircleKind::Appel) && pos.at(1) != c("r22c29"), "his circle was taken");
}

// ------------------------------------------------------------------ item 11: tunnels

#[test]
fn r53_a_man_left_alone_in_a_tunnel_at_the_end_of_his_turn_comes_up() {
    let t = BOARD.tunnel_named("chapel").unwrap().1.clone();
    let tunnel = card(CardKind::Tunnel("chapel"));
    let end = t.ends()[0];
    let outside = BOARD
        .links(end)
        .iter()
        .find(|l| l.kind == LinkKind::Step && !BOARD.is(l.to, CircleKind::Tunnel))
        .unwrap()
        .to;
    let near = neighbour(outside, |n| n.kind == CircleKind::Plain && n.id != end);
    let into = |man| Action::Move { man, path: vec![end, t.circles[1]], cell: None };
    let mut pos =
        Pos::new(3).clear().put_at(0, outside).put_at(1, near).hand(1, tunnel).turn(1, &[[6, 6], [6, 5]]);
    pos.act(1, play(tunnel, vec![])).unwrap();
    pos.act(1, into(0)).unwrap();
    let events = pos.act(1, Action::EndTurn).unwrap();
    assert!(matches!(events[0], Event::TunnelLeft { man: 0, .. }), "{events:?}");
    assert!(pos.state.tunnellers.is_empty() && !BOARD.is(pos.at(0), CircleKind::Tunnel));
    // Two men entering together stay.
    let mut pos =
        Pos::new(3).clear().put_at(0, outside).put_at(1, near).hand(1, tunnel).turn(1, &[[6, 6], [6, 5]]);
    pos.act(1, play(tunnel, vec![])).unwrap();
    pos.act(1, Action::Move { man: 0, path: vec![end, t.circles[1], t.circles[2]], cell: None }).unwrap();
    pos.act(1, Action::Move { man: 1, path: vec![outside, end, t.circles[1]], cell: None }).unwrap();
    assert_eq!(kinds(&pos.act(1, Action::EndTurn).unwrap()), vec!["turn_ended"]);
    assert_eq!(pos.state.tunnellers.len(), 2);
}

#[test]
fn c24_r53_a_man_inside_a_tunnel_under_the_fields_cannot_be_shot() {
    let t = BOARD.tunnel_named("chapel").unwrap().1.clone();
    let under_fields = *t.circles.iter().find(|&&c| BOARD.is_beyond(c)).unwrap();
    let shot = card(CardKind::ShootToKill);
    let mut pos = Pos::new(3)
        .clear()
        .put_at(0, under_fields)
        .put_at(G, BOARD.wire_crossings()[0].inside)
        .hand(0, shot)
        .turn(0, &[[1, 2]]);
    pos.state.tunnels.push(crate::colditz::state::OpenTunnel {
        tunnel: "chapel".into(),
        seat: 1,
        card: card(CardKind::Tunnel("chapel")),
    });
    pos.state.tunnellers.push(0);
    assert_eq!(pos.refused(0, play(shot, vec![G, 0])), "C24");
    assert!(offered(&pos, 0, |a| matches!(a, Action::Play { card, .. } if *card == shot)).is_empty());
    // Nor does he start a chase (R46): guards stay inside.
    assert!(!pos.state.chase_on());
}

// ------------------------------------------------------------------ item 12: two teams

#[test]
fn c10_escape_officers_combine_men_of_two_teams_to_claim_equipment() {
    // Seat 1's man 0 in the Chapel, seat 2's man 7 in the Stores: both show the rope.
    let base =
        || Pos::new(3).clear().put_at(0, room("chapel")[0]).put_at(7, room("stores")[0]).turn(1, &[[1, 2]]);
    let claim = Action::ClaimEquipment { equipment: Equipment::Rope, men: [0, 7] };
    let mut pos = base();
    assert!(offered(&pos, 1, |a| *a == claim).len() == 1, "offered");
    let events = pos.act(1, claim.clone()).unwrap();
    assert_eq!(kinds(&events), vec!["lend_asked"]);
    assert_eq!(Colditz::to_act(&pos.state), vec![2], "the lender is asked");
    assert_eq!(pos.refused(1, Action::EndTurn), "C15");
    let events = pos.act(2, Action::AnswerLend { agree: true }).unwrap();
    assert_eq!(kinds(&events), vec!["lend_answered", "equipment_claimed"]);
    assert_eq!(pos.state.equipment[1].len(), 1, "the claimant holds the rope");
    assert!(pos.state.equipment[2].is_empty());
    assert!(
        BOARD.is(pos.at(0), CircleKind::Appel) && BOARD.is(pos.at(7), CircleKind::Appel),
        "both to Appel"
    );
    // Refused: no claim. The deadline refuses too; a standing order agrees at once.
    let mut pos = base();
    pos.act(1, claim.clone()).unwrap();
    pos.act(2, Action::AnswerLend { agree: false }).unwrap();
    assert!(pos.state.equipment[1].is_empty() && pos.state.window.is_none());
    let mut pos = base();
    pos.act(1, claim.clone()).unwrap();
    assert_eq!(
        Colditz::deadline_passed(&pos.state, &mut crate::ScriptedRandom::default()),
        vec![Event::LendAnswered { lender: 2, agree: false }]
    );
    let mut pos = base().orders(2, StandingOrders { lend_men: true, ..StandingOrders::default() });
    assert_eq!(kinds(&pos.act(1, claim).unwrap()), vec!["lend_asked", "lend_answered", "equipment_claimed"]);
    // Two other teams' men are not the claimant's to combine.
    let mut pos = base().put_at(8, room("chapel")[1]);
    assert_eq!(pos.refused(1, Action::ClaimEquipment { equipment: Equipment::Rope, men: [7, 8] }), "C10");
}

// ------------------------------------------------------------------ item 14: no panic

#[test]
fn c5_a_man_number_that_is_no_man_is_refused_not_a_panic() {
    // The issue's action, in a two-player game (14 men): man 16 does not exist.
    let shot = card(CardKind::ShootToKill);
    let mut pos = Pos::new(2).hand(0, shot).turn(0, &[[1, 2]]);
    let action: Action = serde_json::from_str(r#"{"action":"play","card":"card79","men":[16,4]}"#).unwrap();
    assert_eq!(pos.refused(0, action), "C5");
    for man in [14, 200, 255] {
        assert_eq!(pos.refused(0, Action::Move { man, path: vec![c("r30c30")], cell: None }), "C5");
        assert_eq!(pos.refused(0, play(card(CardKind::TunnelDetected), vec![man, 0])), "C5");
    }
}
