//! The chase and its neighbours, named after the rule ids in docs/rules/colditz.md: guards
//! giving chase follow the escaper's road circle by circle and go back to barracks after a
//! target, an arrest or a shot (R46); the Arrest Key/Pass Holder question answered by the
//! German's standing order (R49); the way back from the outer cells (R39); the Riot Squad's
//! size (C12); and random games in which every chase step of a guard lies on an escaper's road.

use super::games::Game;
use super::*;
use crate::colditz::Colditz;
use crate::colditz::cards::Equipment;
use crate::colditz::events::{HolderOrders, Placement, StandingOrders};
use crate::colditz::options::{Dice, Success, TimeLimit};
use crate::colditz::state::{Road, Window};
use crate::{Random, Ruleset, Viewer};

const G: ManId = 14; // the first guard (3 players)
const G2: ManId = 15;
const G3: ManId = 16;

fn mv(man: ManId, path: &[CircleId]) -> Action {
    Action::Move { man, path: path.to_vec(), cell: None }
}
fn cutters(n: usize) -> Vec<CardId> {
    cards_of(CardKind::Equipment(Equipment::WireCutters)).into_iter().take(n).collect()
}
/// A plain circle beyond the walls one step from `of`, not `not` and not in `avoid`.
fn beyond_from(of: CircleId, avoid: &[CircleId]) -> CircleId {
    BOARD
        .links(of)
        .iter()
        .filter(|l| l.kind == LinkKind::Step && !avoid.contains(&l.to))
        .map(|l| l.to)
        .find(|&t| BOARD.is_beyond(t) && BOARD.is(t, CircleKind::Plain))
        .unwrap_or_else(|| panic!("no plain circle beyond next to {of}"))
}
/// A walk of `n` plain circles beyond the walls after `w`'s outside circle.
fn walk_out(w: crate::colditz::board::WireCrossing, n: usize) -> Vec<CircleId> {
    let mut path = vec![w.outside];
    while path.len() <= n {
        let mut avoid = path.clone();
        avoid.push(w.inside);
        path.push(beyond_from(*path.last().unwrap(), &avoid));
    }
    path
}

// ------------------------------------------------------------------ R46: the road

#[test]
fn r46_a_guard_may_not_head_off_an_escaper_who_came_out_of_the_theatre_tunnel() {
    let (_, t) = BOARD.tunnel_named("theatre").unwrap();
    let c = t.circles.clone();
    let outside = BOARD
        .links(c[0])
        .iter()
        .find(|l| l.kind == LinkKind::Step && !BOARD.is(l.to, CircleKind::Tunnel))
        .unwrap()
        .to;
    let tunnel = card(CardKind::Tunnel("theatre"));
    let mut pos =
        Pos::new(3).clear().put_at(0, outside).hand(1, tunnel).turn(1, &[[6, 6], [6, 6], [6, 6], [6, 5]]);
    pos.act(
        1,
        Action::Play {
            card: tunnel,
            men: vec![],
            equipment: vec![],
            dice: vec![],
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    // Three men in; the first walks the tunnel to its far end and out beyond the walls.
    pos.act(1, mv(0, &c[0..4])).unwrap();
    pos = pos.put_at(1, outside);
    pos.act(1, mv(1, &c[0..3])).unwrap();
    pos = pos.put_at(2, outside);
    pos.act(1, mv(2, &c[0..2])).unwrap();
    let last = c.len() - 1;
    let out = beyond_from(c[last], &c);
    let mut path = c[4..=last].to_vec();
    path.push(out);
    pos.act(1, mv(0, &path)).unwrap();
    assert!(BOARD.is_beyond(pos.at(0)) && pos.state.chase_on());
    let road = pos.state.roads.iter().find(|r| r.man == 0).expect("his road is recorded").clone();
    assert_eq!(road.circles.last(), Some(&out));
    assert!(Colditz::view(&pos.state, Viewer::Public).roads.contains(&road), "the road is public");
    // A guard at the main gate may not go out that way after him (he came out of the tunnel).
    let gate = BOARD.main_gate().circle;
    let through = beyond_from(gate, &[]);
    let mut german = Pos { state: pos.state.clone(), log: vec![] }.put_at(G, gate).turn(0, &[[2, 3]]);
    assert_eq!(german.refused(0, mv(G, &[through])), "R46");
    assert_eq!(german.at(G), gate, "nothing is written");
    // Nor along the tunnel itself (R53): nobody may chase a man who came out of a tunnel.
    let mut german = Pos { state: pos.state.clone(), log: vec![] }.put_at(G, c[last - 1]).turn(0, &[[2, 3]]);
    assert_eq!(german.refused(0, mv(G, &[c[last]])), "R53");
}

#[test]
fn r46_every_chase_step_of_a_guard_lies_on_the_escapers_road() {
    let w = BOARD.wire_crossings()[0];
    let road = walk_out(w, 3);
    let mut pos = Pos::new(3).clear().put_at(0, w.inside).equip(1, cutters(1)[0]).turn(1, &[[6, 6], [2, 3]]);
    pos.act(1, mv(0, &road)).unwrap();
    let mut expected = vec![w.inside];
    expected.extend(&road);
    assert_eq!(pos.state.roads, vec![Road { man: 0, circles: expected }]);
    // A guard at the main gate may not go out by it: the escaper cut the wire.
    let gate = BOARD.main_gate().circle;
    let mut german = pos.put_at(G, w.inside).put_at(G2, gate).turn(0, &[[3, 4]]);
    assert_eq!(german.refused(0, mv(G2, &[beyond_from(gate, &[])])), "R46");
    // Through the wire and along the road he may, circle by circle.
    german.act(0, mv(G, &road[0..2])).unwrap();
    assert_eq!(german.at(G), road[1]);
    // A step beyond the walls off the road is refused, and nothing is written.
    let off = beyond_from(road[1], &road);
    assert_eq!(german.refused(0, mv(G, &[off])), "R46");
    assert_eq!(german.at(G), road[1]);
    // Back along it towards the castle he may go too.
    german.act(0, mv(G, &[road[0]])).unwrap();
    assert_eq!(german.at(G), road[0]);
}

#[test]
fn r46_the_guard_who_shoots_goes_back_to_barracks_and_a_kill_sends_the_chasers_back() {
    let w = BOARD.wire_crossings()[0];
    let road = walk_out(w, 3);
    let shot = card(CardKind::ShootToKill);
    let setup = || {
        let mut pos = Pos::with(Options { dice: Dice::Manual, ..Options::default() }, 3)
            .clear()
            .put_at(0, w.inside)
            .equip(1, cutters(1)[0])
            .hand(0, shot)
            .turn(1, &[[6, 6], [2, 3]]);
        pos.act(1, mv(0, &road)).unwrap();
        // A chaser on the road beyond the walls; the shooter inside the wire.
        let mut pos = pos.put_at(G, w.inside).put_at(G2, road[1]).turn(0, &[[1, 3]]);
        pos.state.turn.as_mut().unwrap().points = 4;
        pos
    };
    let fire = |dice: Vec<[u8; 2]>| Action::Play {
        card: shot,
        men: vec![G, 0],
        equipment: vec![],
        dice,
        tunnel: None,
        cells: vec![],
    };
    // A miss (fired from the main gate, far off): the man runs on, the chaser chases on, the
    // guard who fired goes to barracks.
    let mut pos = setup().put_at(G, BOARD.main_gate().circle);
    pos.act(0, fire(vec![[1, 2]])).unwrap();
    let events = pos.act(1, Action::AnswerTalisman { talisman: None }).unwrap();
    assert!(matches!(events[0], Event::ShotJudged { hit: false, guard: Some(Placement { man: G, .. }), .. }));
    assert!(pos.state.in_barracks(G), "the guard who fired goes back");
    assert_eq!(pos.at(G2), road[1], "the chaser chases on");
    assert!(!pos.state.is_gone(0));
    // A hit: the shooter and every chaser go back; the road closes.
    let mut pos = setup();
    pos.act(0, fire(vec![[4, 5]])).unwrap();
    let events = pos.act(1, Action::AnswerTalisman { talisman: None }).unwrap();
    assert_eq!(kinds(&events), vec!["shot_judged", "died", "chase_ended"]);
    assert!(pos.state.is_gone(0));
    assert!(pos.state.in_barracks(G) && pos.state.in_barracks(G2));
    assert!(pos.state.roads.is_empty());
    // The same when the deadline answers for the Escape Officer.
    let mut pos = setup();
    pos.act(0, fire(vec![[4, 5]])).unwrap();
    let events = Colditz::deadline_passed(&pos.state, &mut ScriptedRandom::default());
    assert_eq!(kinds(&events), vec!["shot_judged", "died", "chase_ended"]);
}

#[test]
fn r46_when_one_escaper_is_caught_his_chasers_go_back_and_the_others_chase_on() {
    let (w0, w1) = (BOARD.wire_crossings()[0], BOARD.wire_crossings()[2]);
    let a = walk_out(w0, 3);
    let b = walk_out(w1, 1);
    let cards = cutters(2);
    let mut pos = Pos::new(3)
        .clear()
        .put_at(0, w0.inside)
        .put_at(1, w1.inside)
        .equip(1, cards[0])
        .equip(1, cards[1])
        .turn(1, &[[6, 6], [6, 5]]);
    pos.act(1, mv(0, &a)).unwrap();
    pos.act(1, mv(1, &b)).unwrap();
    assert!(a.iter().all(|c| !b.contains(c)), "two roads apart");
    // G follows A next to him, G3 behind; G2 follows B.
    let mut pos = pos.put_at(G, w0.inside).put_at(G2, w1.inside).turn(0, &[[6, 6], [6, 5]]);
    pos.act(0, mv(G, &a[0..3])).unwrap();
    pos = pos.put_at(G3, w0.inside);
    pos.act(0, mv(G3, &a[0..1])).unwrap();
    pos.act(0, mv(G2, &b[0..1])).unwrap();
    // G arrests A: he goes to barracks with the arrest, G3 goes back; G2 chases B on.
    let events = pos.act(0, mv(G, &a[3..4])).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Arrested { man: 0, .. })));
    assert!(events.iter().any(|e| matches!(e, Event::ChaseEnded { others_beyond: true, moves } if moves.len() == 1 && moves[0].man == G3)));
    assert!(pos.state.in_barracks(G) && pos.state.in_barracks(G3));
    assert_eq!(pos.at(G2), b[0]);
    assert_eq!(pos.state.roads.iter().map(|r| r.man).collect::<Vec<_>>(), vec![1]);
    assert!(!pos.state.opened.is_empty(), "B's wire stays open");
}

/// A game set up before the road rules (rules revision 0) is judged as it began: its guard may
/// leave by the main gate after an escaper from the Theatre tunnel, and the guard who shoots
/// stays where he is. So an old log's decisions are derived again alike by a verifier.
#[test]
fn r46_r39_a_game_set_up_before_the_road_rules_keeps_its_chase() {
    let w = BOARD.wire_crossings()[0];
    let road = walk_out(w, 3);
    let shot = card(CardKind::ShootToKill);
    let mut pos = Pos::with(Options { dice: Dice::Manual, ..Options::default() }, 3)
        .clear()
        .put_at(0, w.inside)
        .equip(1, cutters(1)[0])
        .hand(0, shot)
        .turn(1, &[[6, 6], [2, 3]]);
    pos.state.revision = 0;
    assert!(!pos.state.chase_follows_roads());
    pos.act(1, mv(0, &road)).unwrap();
    // Out by the main gate, off the escaper's road: allowed under revision 0.
    let gate = BOARD.main_gate().circle;
    let through = beyond_from(gate, &[]);
    let mut german = Pos { state: pos.state.clone(), log: vec![] }.put_at(G, gate).turn(0, &[[2, 3]]);
    german.act(0, mv(G, &[through])).unwrap();
    assert_eq!(german.at(G), through);
    // The shooter stays where he fired from.
    let mut pos = pos.put_at(G, gate).turn(0, &[[1, 3]]);
    pos.act(
        0,
        Action::Play {
            card: shot,
            men: vec![G, 0],
            equipment: vec![],
            dice: vec![[1, 2]],
            tunnel: None,
            cells: vec![],
        },
    )
    .unwrap();
    let events = pos.act(1, Action::AnswerTalisman { talisman: None }).unwrap();
    assert!(matches!(events[0], Event::ShotJudged { hit: false, guard: None, .. }), "{events:?}");
    assert_eq!(pos.at(G), gate);
}

#[test]
fn r46_logs_written_before_the_road_fold_as_they_did() {
    // A shot judged and a chase ended as older logs wrote them: no guard sent back by the shot,
    // and every opened route closed by the chase's end.
    let old_shot: Event =
        serde_json::from_str(r#"{"event":"shot_judged","man":0,"range":6,"distance":2,"hit":false}"#)
            .unwrap();
    assert!(matches!(old_shot, Event::ShotJudged { guard: None, .. }));
    let old_end: Event = serde_json::from_str(r#"{"event":"chase_ended","moves":[]}"#).unwrap();
    assert_eq!(old_end, Event::ChaseEnded { moves: vec![], others_beyond: false });
    let w = BOARD.wire_crossings()[0];
    let mut pos = Pos::new(3).clear().put_at(0, w.outside).put_at(G, w.inside);
    pos.state.opened.push((w.inside.min(w.outside), w.inside.max(w.outside)));
    pos.state.apply(&old_shot);
    assert_eq!(pos.at(G), w.inside, "an old shot leaves the guard where he stood");
    pos.state.apply(&old_end);
    assert!(pos.state.opened.is_empty());
    // And they still read back as they were written.
    assert_eq!(
        serde_json::to_value(&old_end).unwrap(),
        serde_json::json!({"event":"chase_ended","moves":[]})
    );
}

// ------------------------------------------------------------------ R39: the road back

#[test]
fn r39_immunity_holds_only_along_the_road_to_the_pass_circle() {
    let block = BOARD.cell_blocks().iter().find(|b| b.outer).unwrap().clone();
    let gate = BOARD.return_gate().circle;
    let road = decide::road_back();
    let rope = cards_of(CardKind::Equipment(Equipment::Rope))[0];
    let mut pos =
        Pos::new(3).clear().put_at(7, block.cells[0]).equip(2, rope).turn(2, &[[6, 6], [6, 6], [6, 5]]);
    pos.act(2, Action::Release { man: 7 }).unwrap();
    assert!(pos.state.returning.contains(&7));
    // The road: one circle closer at every step, to the rope's landing below the Theatre.
    // The Theatre's window drop lands on the terrace road back (r49c37).
    let landing = BOARD.drops().iter().find(|d| d.to == c("r49c37")).unwrap();
    assert!(road.to(landing.to).is_some() && road.to(landing.from).is_none());
    let mut path = Vec::new();
    let mut at = pos.at(7);
    while at != landing.to {
        let d = road.to(at).unwrap();
        at = BOARD
            .links(at)
            .iter()
            .map(|l| l.to)
            .filter(|&t| road.to(t) == Some(d - 1))
            .min_by_key(|&t| BOARD.distance(t, landing.to, crate::colditz::board::Passage::WALK, &|_| false))
            .unwrap();
        path.push(at);
    }
    assert!(road.to(landing.to).unwrap() > 0);
    pos.act(2, mv(7, &path)).unwrap();
    assert!(pos.state.returning.contains(&7), "on the road he stays immune");
    let mut german = Pos { state: pos.state.clone(), log: vec![] }.turn(0, &[[1, 2]]);
    assert_eq!(decide::why_not_arrestable(&german.state, 7), Err("R39"));
    // Up the rope into the castle is another way in, not the road: the immunity ends, and the
    // Pass circle is no longer free.
    let events = pos.act(2, mv(7, &[landing.from])).unwrap();
    assert!(events.contains(&Event::ImmunityLost { man: 7 }));
    assert!(!pos.state.returning.contains(&7));
    assert!(!Colditz::view(&pos.state, Viewer::Public).men[7].immune);
    let _ = &mut german;
    // Along the road the Pass circle itself is free and ends the return.
    let mut pos = Pos::new(3).clear().put_at(7, block.cells[0]).turn(2, &[[6, 6], [6, 6], [6, 6], [6, 5]]);
    pos.act(2, Action::Release { man: 7 }).unwrap();
    let mut path = Vec::new();
    let mut at = pos.at(7);
    while at != gate {
        let d = road.to(at).unwrap();
        at = BOARD.links(at).iter().map(|l| l.to).find(|&t| road.to(t) == Some(d - 1)).unwrap();
        path.push(at);
    }
    let events = pos.act(2, mv(7, &path)).unwrap();
    assert!(matches!(&events[0], Event::Moved { surrendered, .. } if surrendered.is_empty()));
    assert!(!events.contains(&Event::ImmunityLost { man: 7 }));
    assert!(!pos.state.returning.contains(&7));
}

// ------------------------------------------------------------------ R49: standing orders

fn gate_pos(orders: HolderOrders, holds: bool) -> Pos {
    let gate = BOARD.gates().iter().find(|g| g.kind == crate::colditz::board::GateKind::Key).unwrap().circle;
    let before = BOARD.links(gate).iter().find(|l| l.kind == LinkKind::Step).unwrap().to;
    let key = cards_of(CardKind::Equipment(Equipment::Key))[0];
    let mut pos = Pos::new(3)
        .clear()
        .put_at(0, before)
        .equip(1, key)
        .orders(0, StandingOrders { arrest_holders: orders, ..StandingOrders::default() })
        .turn(1, &[[5, 6]]);
    if holds {
        pos = pos.hand(0, card(CardKind::ArrestKeyHolder));
    }
    pos
}
fn through_gate(pos: &mut Pos) -> Vec<Event> {
    let gate = BOARD.gates().iter().find(|g| g.kind == crate::colditz::board::GateKind::Key).unwrap().circle;
    pos.act(1, mv(0, &[gate])).unwrap()
}

#[test]
fn r49_the_germans_standing_order_answers_a_key_used_at_once_and_tells_nothing_of_his_hand() {
    // The default: "play it whenever I hold it".
    assert_eq!(StandingOrders::default().arrest_holders, HolderOrders::Always);
    let mut held = gate_pos(HolderOrders::Always, true);
    let events = through_gate(&mut held);
    assert_eq!(kinds(&events), vec!["moved", "holder_asked", "holder_answered", "arrested"]);
    assert!(held.state.in_cell(0));
    // Without the card, and under "never" with it, the same words: the turn goes on.
    let mut not_held = gate_pos(HolderOrders::Always, false);
    let mut never = gate_pos(HolderOrders::Never, true);
    let (a, b) = (through_gate(&mut not_held), through_gate(&mut never));
    assert_eq!(a, b, "nobody can tell \"not held\" from \"never\"");
    assert_eq!(kinds(&a), vec!["moved", "holder_asked", "holder_answered"]);
    for pos in [&not_held, &never] {
        assert!(pos.state.window.is_none());
        assert_eq!(Colditz::to_act(&pos.state), vec![1], "the Escape Officer plays on");
    }
    assert!(never.state.hands[0].contains(&card(CardKind::ArrestKeyHolder)), "never played");
    // "Ask me": the turn waits on him whether or not he holds the card.
    for holds in [false, true] {
        let mut ask = gate_pos(HolderOrders::Ask, holds);
        assert_eq!(kinds(&through_gate(&mut ask)), vec!["moved", "holder_asked"]);
        assert!(matches!(ask.state.window, Some(Window::Holder { .. })));
        assert_eq!(Colditz::to_act(&ask.state), vec![0]);
        assert_eq!(ask.refused(1, Action::EndTurn), "C15");
    }
}

#[test]
fn r49_standing_orders_stored_as_booleans_keep_their_meaning() {
    let read = |json: &str| serde_json::from_str::<StandingOrders>(json).unwrap().arrest_holders;
    assert_eq!(read(r#"{"arrest_holders": true}"#), HolderOrders::Always);
    assert_eq!(read(r#"{"arrest_holders": false}"#), HolderOrders::Ask);
    assert_eq!(read(r#"{}"#), HolderOrders::Always);
    for o in HolderOrders::ALL {
        assert_eq!(read(&format!(r#"{{"arrest_holders": "{}"}}"#, o.key())), o);
    }
    assert!(serde_json::from_str::<StandingOrders>(r#"{"arrest_holders": "sometimes"}"#).is_err());
    // An order set through an action reads the same way.
    let action: Action =
        serde_json::from_str(r#"{"action":"set_standing_orders","arrest_holders":"never","cell":"r45c30"}"#)
            .unwrap();
    assert!(matches!(action, Action::SetStandingOrders(o) if o.arrest_holders == HolderOrders::Never));
}

/// The times the German is asked to act in one seeded game: his turns, and the windows that
/// wait on him (a window answered at once by a standing order asks nothing of him). Also how
/// many times a Key or Pass was given up, and how many of those waited on him.
fn german_asked(orders: HolderOrders, seed: u64, steps: usize) -> (usize, usize, usize, usize) {
    let players = 3;
    let key = [seed as u8; 32];
    let mut pick = SeededRandom::new(&key, "asked", seed, "pick");
    let options = Options { german: 0, dice: Dice::Seeded, ..Options::default() };
    let mut state = State::new(&options, players);
    let mut events = Colditz::setup(&options, players, &mut SeededRandom::new(&key, "g", 0, "setup"));
    // Keys, passes and the holder cards near the top of their packs (a shuffle like any other),
    // so that the game passes gates within its steps.
    if let Event::Setup { opportunity, security, .. } = &mut events[0] {
        let first = |c: &CardId| {
            matches!(
                c.kind(),
                CardKind::Exchange(_)
                    | CardKind::Bribe
                    | CardKind::ArrestKeyHolder
                    | CardKind::ArrestPassHolder
            )
        };
        for pile in [opportunity, security] {
            let (a, b): (Vec<CardId>, Vec<CardId>) = pile.iter().partition(|c| first(c));
            *pile = a.into_iter().chain(b).collect();
        }
    }
    for e in &events {
        state.apply(e);
    }
    state.orders[0].arrest_holders = orders;
    let mut game = Game { options, seats: players, state, events };
    let (mut turns, mut windows, mut uses, mut waited) = (0, 0, 0, 0);
    for step in 0..steps {
        let to_act = Colditz::to_act(&game.state);
        if to_act.is_empty() {
            break;
        }
        let mut rng = SeededRandom::new(&key, "g", step as u64 + 1, "decide");
        let seat = to_act[0];
        let open = game.state.window.is_some();
        let events = if open {
            let answer = Colditz::legal_actions(&game.state, seat).into_iter().find(|a| {
                !matches!(
                    a,
                    Action::SetStandingOrders(_) | Action::OfferTrade { .. } | Action::Discipline { .. }
                )
            });
            match answer {
                Some(a) => Colditz::decide(&game.state, seat, &a, &mut rng).unwrap(),
                None => Colditz::deadline_passed(&game.state, &mut rng),
            }
        } else {
            let action = super::full_games::choose(&game, seat, &mut pick);
            match action.map(|a| Colditz::decide(&game.state, seat, &a, &mut rng)) {
                Some(Ok(e)) => e,
                _ => Colditz::decide(&game.state, seat, &Action::EndTurn, &mut rng).unwrap_or_else(|_| {
                    let card = game.state.hands[usize::from(seat)][0];
                    Colditz::decide(&game.state, seat, &Action::Discard { card }, &mut rng).unwrap()
                }),
            }
        };
        for e in &events {
            game.state.apply(e);
            match e {
                Event::HolderAsked { .. } => uses += 1,
                Event::TurnEnded { .. } if game.state.turn_seat() == Some(game.state.german) => turns += 1,
                _ => {}
            }
        }
        game.events.extend(events);
        if let Some(w) = &game.state.window
            && !open
            && w.waiting(game.state.german).contains(&game.state.german)
        {
            windows += 1;
            if matches!(w, Window::Holder { .. }) {
                waited += 1;
            }
        }
    }
    (turns, windows, uses, waited)
}

/// R49 in play by mail: under the default standing order no Key or Pass given up waits on the
/// German; under "ask me" (the old default) every one did. The figures are printed
/// (`cargo test -p feldpost-engine r49_the_german_is_asked -- --nocapture`).
#[test]
fn r49_the_german_is_asked_to_act_only_in_his_turns_under_the_default_standing_order() {
    let (seed, steps) = (5, 300);
    let (turns, windows, uses, waited) = german_asked(HolderOrders::Ask, seed, steps);
    eprintln!("ask me: {turns} turns + {windows} windows = {} ({uses} keys or passes used)", turns + windows);
    assert!(uses > 0, "the game passes gates");
    assert_eq!(waited, uses, "under \"ask me\" every use waits on him");
    let (turns, windows, uses, waited) = german_asked(HolderOrders::Always, seed, steps);
    eprintln!(
        "default: {turns} turns + {windows} windows = {} ({uses} keys or passes used)",
        turns + windows
    );
    assert!(uses > 0, "the game passes gates");
    assert_eq!(waited, 0, "under the default no use waits on him");
}

// ------------------------------------------------------------------ C12: the Riot Squad

#[test]
fn c12_the_riot_squad_is_offered_with_the_guards_it_posts() {
    let pos = Pos::new(3).turn(0, &[[3, 4]]);
    let posts = decide::riot_squad_posts(&pos.state);
    let reserve = pos.state.men_of(0).filter(|&g| pos.state.in_barracks(g)).count();
    assert!(reserve > 0);
    assert_eq!(posts.len(), reserve);
    let mut pos = pos;
    let events = pos.act(0, Action::RiotSquad { posts: vec![] }).unwrap();
    assert!(
        matches!(&events[0], Event::RiotSquad { posts: p } if p.iter().map(|x| x.to).collect::<Vec<_>>() == posts)
    );
}

// ------------------------------------------------------------------ random games

/// The German's policy for the chase: a guard on an escaper's road walks along it towards him,
/// a guard near its start walks there; otherwise the purposeful policy of full_games.rs.
fn chase(game: &Game, seat: Seat, pick: &mut dyn Random) -> Option<Action> {
    let s = &game.state;
    if let Some(turn) = &s.turn
        && s.phase == crate::colditz::state::Phase::Playing
        && s.is_german(seat)
        && !turn.throws.is_empty()
        && turn.points > 0
    {
        for road in &s.roads {
            for g in s.men_of(seat).filter(|&g| !s.in_barracks(g)) {
                if let Some(i) = road.circles.iter().position(|&c| c == s.at(g)) {
                    let path: Vec<CircleId> = road.circles[i + 1..]
                        .iter()
                        .copied()
                        .take_while(|&c| s.surface_man_at(c).is_none_or(|m| !s.is_guard(m)))
                        .take(usize::from(turn.points))
                        .collect();
                    if !path.is_empty() {
                        return Some(mv(g, &path));
                    }
                }
            }
            // The castle side of his road, where a guard may walk to take it up.
            let starts: Vec<CircleId> = road
                .circles
                .iter()
                .copied()
                .filter(|&c| !BOARD.is_beyond(c) && BOARD.room_of(c).is_none())
                .collect();
            let guard = crate::colditz::board::Passage::GUARD;
            let near = s
                .men_of(seat)
                .filter(|&g| !s.in_barracks(g))
                .filter_map(|g| {
                    BOARD
                        .distances(&[s.at(g)], guard, &|_| false)
                        .reached()
                        .filter(|(c, _)| starts.contains(c))
                        .map(|(_, d)| (d, g))
                        .min()
                })
                .min();
            if let Some((_, near)) = near {
                let path = super::full_games::toward(s, near, &starts, guard, turn.points);
                if !path.is_empty() && pick.below(4) != 0 {
                    return Some(mv(near, &path));
                }
            }
        }
    }
    super::full_games::choose(game, seat, pick)
}

/// One game played to its end (or `steps`), the chase policy for the German; the chase steps
/// of guards made, each checked against the roads of the state before its move.
fn chase_game(seed: u64, players: usize, steps: usize) -> usize {
    let key = [seed as u8 ^ 0x46; 32];
    let mut pick = SeededRandom::new(&key, "chase", seed, "pick");
    let options = Options {
        german: pick.below(players as u32) as Seat,
        success: Success { escapes: 2 },
        time_limit: TimeLimit::Rounds(40),
        dice: if pick.below(3) == 0 { Dice::Manual } else { Dice::Seeded },
        ..Options::default()
    };
    let mut state = State::new(&options, players);
    let events = Colditz::setup(&options, players, &mut SeededRandom::new(&key, "g", 0, "setup"));
    for e in &events {
        state.apply(e);
    }
    let mut game = Game { options, seats: players, state, events };
    let mut chase_steps = 0;
    for step in 0..steps {
        if Colditz::outcome(&game.state).is_some() {
            break;
        }
        let seat = Colditz::to_act(&game.state)[0];
        let mut rng = SeededRandom::new(&key, "g", step as u64 + 1, "decide");
        let events = if game.state.window.is_some() {
            match Colditz::legal_actions(&game.state, seat).into_iter().rfind(|a| {
                !matches!(
                    a,
                    Action::SetStandingOrders(_)
                        | Action::OfferTrade { .. }
                        | Action::Discipline { .. }
                        | Action::DeclineOffer { .. }
                        | Action::WithdrawOffer { .. }
                        | Action::AcceptOffer { .. }
                )
            }) {
                Some(a) => Colditz::decide(&game.state, seat, &a, &mut rng).unwrap(),
                None => Colditz::deadline_passed(&game.state, &mut rng),
            }
        } else {
            let action = chase(&game, seat, &mut pick);
            match action.map(|a| Colditz::decide(&game.state, seat, &a, &mut rng)) {
                Some(Ok(events)) => events,
                _ => [Action::EndTurn, super::full_games::throw_action(&game, &mut pick)]
                    .into_iter()
                    .chain(game.state.hands[usize::from(seat)].iter().map(|&card| Action::Discard { card }))
                    .find_map(|a| Colditz::decide(&game.state, seat, &a, &mut rng).ok())
                    .expect("a turn can always go on"),
            }
        };
        for e in &events {
            if let Event::Moved { man, path, .. } = e
                && game.state.is_guard(*man)
            {
                let mut at = game.state.at(*man);
                for &next in path {
                    if decide::chase_step(at, next) {
                        assert!(
                            game.state.roads.iter().any(|r| r.joins(at, next)),
                            "guard {man} stepped {at} → {next} off every road: {:?}",
                            game.state.roads
                        );
                        chase_steps += 1;
                    }
                    at = next;
                }
            }
            game.state.apply(e);
        }
        game.events.extend(events);
    }
    assert_eq!(crate::replay::<Colditz>(&game.options, players, &game.events), game.state);
    chase_steps
}

/// Over random games: every step a guard takes over a wall or the wire, or beyond the castle,
/// goes between two circles next to each other on an escaper's road (the games do chase).
#[test]
fn r46_random_games_every_chase_step_of_a_guard_lies_on_an_escapers_road() {
    let chase_steps: usize = (0..12).map(|seed| chase_game(seed, 2 + (seed as usize % 3), 3000)).sum();
    eprintln!("chase steps: {chase_steps}");
    assert!(chase_steps > 0, "the guards gave chase");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 4, .. proptest::prelude::ProptestConfig::default() })]
    /// Any seed: every chase step of a guard lies on an escaper's road.
    #[test]
    fn r46_any_random_game_keeps_the_chase_on_the_roads(seed in 0u64..1_000_000, players in 2usize..=6) {
        chase_game(seed, players, 3000);
    }
}
