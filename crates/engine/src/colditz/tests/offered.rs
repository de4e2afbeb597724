//! Property tests over random positions reached by play: what `legal_actions` offers
//! and what `decide` accepts are the same actions, and no action a request can send makes the
//! engine panic.
//!
//! **What "offered" means.** `legal_actions` lists concrete actions and *templates*: actions
//! whose typed fields (what the page's form asks the player for) are left empty or filled with a
//! default. Two actions are *the same offer* when they have the same kind and the same *fixed
//! fields*; typed fields are ignored. `shape` below computes that: the kind and the fixed fields,
//! per kind:
//!
//! | action | fixed fields | typed fields |
//! |---|---|---|
//! | `move` | `man` | `path`, `cell` |
//! | `throw` | – | `dice` |
//! | `play` | `card`; for Release from Solitary and the Staff Car the man; for Shoot to Kill the man shot (`men[1]`); for Tunnel Detected the tunnel | the rest: `men` (guards, the Quick Move man), `equipment`, `dice`, `cells` |
//! | `do_or_die` | `man` | `dice` |
//! | `claim_equipment` | `equipment`, the two men (as a set) | – |
//! | `claim_kit` | the kinds of kit part used | `men` (which men stand for the rooms changes nothing) |
//! | `discard`, `give`, `post_guard`, `return_guard`, `release`, `accept_offer`, `decline_offer`, `withdraw_offer`, `answer_confiscation`, `answer_talisman`, `answer_lend` | every field | – |
//! | `answer_arrest_holder` | `card` | `cell` |
//! | `offer_trade` | `to` | `give`, `want` |
//! | `riot_squad`, `search_absentees`, `answer_appel`, `answer_search`, `return_security`, `discipline`, `set_standing_orders`, `place_guards`, `end_turn` | – | every field |
//!
//! `time_up` is left out: the server's clock sends it (the engine reads no date, so it cannot
//! offer it).
//!
//! **Offered ⇒ accepted**: a concrete action is accepted as it stands; a template once its typed
//! fields are filled (a path found by searching, the throws of a run, a card wanted in a trade,
//! the text of an infringement). **Accepted ⇒ offered**: many candidate actions of every kind
//! (random paths, every card with sensible and random men, every pair of men in symbol rooms,
//! every post...) are put to `decide`; each one accepted must have its shape among the offers.

use proptest::prelude::*;
use std::collections::BTreeSet;

use super::games::{Game, check_step};
use super::*;
use crate::colditz::Colditz;
use crate::colditz::cards::Equipment;
use crate::colditz::events::{AppelAnswer, Placement, SearchAnswer, StandingOrders, Warning};
use crate::colditz::options::{Dice, Success, TimeLimit};
use crate::colditz::state::Phase;
use crate::{Random, Ruleset, Viewer};

/// The kind and fixed fields of an action (see the module's table).
fn shape(state: &State, action: &Action) -> String {
    match action {
        Action::Move { man, .. } => format!("move {man}"),
        Action::Throw { .. } => "throw".into(),
        Action::Play { card, men, tunnel, .. } => match card.kind() {
            CardKind::ReleaseFromSolitary | CardKind::StaffCar => format!("play {card:?} {men:?}"),
            CardKind::ShootToKill => format!("play {card:?} at {:?}", men.get(1)),
            CardKind::TunnelDetected => {
                let only = (state.tunnels.len() == 1).then(|| state.tunnels[0].tunnel.clone());
                format!("play {card:?} {:?}", tunnel.clone().or(only))
            }
            _ => format!("play {card:?}"),
        },
        Action::DoOrDie { man, .. } => format!("do_or_die {man}"),
        Action::ClaimEquipment { equipment, men } => {
            format!("claim {equipment:?} {:?}", men.iter().collect::<BTreeSet<_>>())
        }
        Action::ClaimKit { parts, .. } => {
            let kinds: BTreeSet<String> = parts.iter().map(|p| p.kind().key()).collect();
            format!("claim_kit {kinds:?}")
        }
        Action::AnswerArrestHolder { card, .. } => format!("holder {card:?}"),
        Action::OfferTrade { to, .. } => format!("offer {to}"),
        Action::RiotSquad { .. } => "riot_squad".into(),
        Action::SearchAbsentees { .. } => "search_absentees".into(),
        Action::AnswerAppel(_) => "answer_appel".into(),
        Action::AnswerSearch(_) => "answer_search".into(),
        Action::ReturnSecurity { .. } => "return_security".into(),
        Action::Discipline { .. } => "discipline".into(),
        Action::SetStandingOrders(_) => "standing_orders".into(),
        Action::PlaceGuards { .. } => "place_guards".into(),
        Action::EndTurn => "end_turn".into(),
        other => serde_json::to_string(other).unwrap(),
    }
}

fn rng() -> crate::ScriptedRandom {
    crate::ScriptedRandom::new((0..512).map(|i| (i * 7 + 3) % 6))
}
fn accepts(state: &State, seat: Seat, action: &Action) -> bool {
    Colditz::decide(state, seat, action, &mut rng()).is_ok()
}

/// A run of throws of `n` (no doubles), as a player types them.
fn plain_run(n: usize) -> Vec<[u8; 2]> {
    vec![[1, 2]; n]
}

/// Fill a template's typed fields so that `decide` accepts it, if that can be done; a concrete
/// action comes back as it is.
fn fill(state: &State, seat: Seat, action: &Action) -> Option<Action> {
    let manual = state.options.dice == Dice::Manual;
    let filled = match action {
        Action::Move { man, path, .. } if path.is_empty() => {
            // Breadth-first over every path (one kept per circle), as deep as `legal_actions` looks.
            let points = state.turn.as_ref().map_or(0, |t| t.points).min(6);
            let mut frontier = vec![Vec::<CircleId>::new()];
            let mut seen = BTreeSet::from([state.at(*man)]);
            for _ in 0..points {
                let mut next = Vec::new();
                for p in &frontier {
                    let last = p.last().copied().unwrap_or(state.at(*man));
                    for l in BOARD.links(last) {
                        if !seen.insert(l.to) {
                            continue;
                        }
                        let mut longer = p.clone();
                        longer.push(l.to);
                        let a = Action::Move { man: *man, path: longer.clone(), cell: None };
                        if accepts(state, seat, &a) {
                            return Some(a);
                        }
                        next.push(longer);
                    }
                }
                frontier = next;
            }
            return None;
        }
        Action::Throw { dice } if dice.is_empty() && manual => Action::Throw { dice: vec![[1, 2]] },
        Action::DoOrDie { man, dice } if dice.is_empty() && manual => {
            match state.turn.as_ref().and_then(|t| t.do_or_die).map(|r| r.card.kind()) {
                Some(CardKind::DoOrDie(n)) => Action::DoOrDie { man: *man, dice: plain_run(usize::from(n)) },
                _ => action.clone(),
            }
        }
        Action::Play { card, men, equipment, dice, tunnel, cells } if dice.is_empty() && manual => {
            let n = match card.kind() {
                CardKind::StaffCar => 6,
                CardKind::ShootToKill => 1,
                _ => 0,
            };
            Action::Play {
                card: *card,
                men: men.clone(),
                equipment: equipment.clone(),
                dice: plain_run(n),
                tunnel: tunnel.clone(),
                cells: cells.clone(),
            }
        }
        // A trade gives one of the seat's cards (R48).
        Action::OfferTrade { to, give, want } if give.is_empty() && want.is_empty() => {
            let own = state.hands[usize::from(seat)].iter().chain(&state.equipment[usize::from(seat)]);
            let card =
                own.copied().find(|c| matches!(c.kind().pack(), Pack::Opportunity | Pack::Equipment))?;
            Action::OfferTrade { to: *to, give: vec![card], want: vec![] }
        }
        Action::Discipline { man, infringement, cell } if infringement.is_empty() => {
            Action::Discipline { man: *man, infringement: "rule 55".into(), cell: *cell }
        }
        _ => action.clone(),
    };
    accepts(state, seat, &filled).then_some(filled)
}

/// Candidate actions of every kind for `seat`: the offers themselves and many others.
fn candidates(state: &State, seat: Seat, pick: &mut dyn Random) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::new();
    let men: Vec<ManId> = (0..state.men.len() as ManId).collect();
    let mine: Vec<ManId> = state.men_of(seat).collect();
    let guards: Vec<ManId> = state.men_of(state.german).filter(|&g| !state.in_barracks(g)).collect();
    let points = state.turn.as_ref().map_or(0, |t| t.points);
    let hand: Vec<CardId> = state.hands[usize::from(seat)].clone();
    // Moves: random walks from every man of the seat.
    for &m in &mine {
        for _ in 0..4 {
            let mut path = Vec::new();
            let mut at = state.at(m);
            let len = 1 + pick.below(u32::from(points.clamp(1, 8)));
            for _ in 0..len {
                let links = BOARD.links(at);
                if links.is_empty() {
                    break;
                }
                at = links[pick.below(links.len() as u32) as usize].to;
                path.push(at);
            }
            out.push(Action::Move { man: m, path, cell: None });
        }
        out.push(Action::Release { man: m });
        out.push(Action::DoOrDie { man: m, dice: vec![] });
        if let Some(run) = state.turn.as_ref().and_then(|t| t.do_or_die)
            && let CardKind::DoOrDie(n) = run.card.kind()
        {
            out.push(Action::DoOrDie { man: m, dice: plain_run(usize::from(n)) });
        }
    }
    out.push(Action::Throw { dice: vec![] });
    out.push(Action::Throw { dice: vec![[1, 2]] });
    out.push(Action::Throw { dice: vec![[3, 3], [2, 5]] });
    out.push(Action::EndTurn);
    out.push(Action::SearchAbsentees { cells: vec![] });
    out.push(Action::RiotSquad { posts: vec![] });
    for post in BOARD.circles_of(CircleKind::GuardPost) {
        out.push(Action::PostGuard { to: post });
    }
    for &g in &guards {
        out.push(Action::ReturnGuard { guard: g });
    }
    // Cards: every card of the hand (and a few others) played with sensible and random men.
    let beyond: Vec<ManId> = men.iter().copied().filter(|&m| BOARD.is_beyond(state.at(m))).collect();
    let mut cards: Vec<CardId> = hand.clone();
    cards.extend(state.tunnels.iter().map(|t| t.card));
    cards.push(CardId(pick.below(96) as u8));
    for &card in &cards {
        out.push(Action::Discard { card });
        for to in 0..state.seats as Seat {
            out.push(Action::Give { card, to });
        }
        let mut men_lists: Vec<Vec<ManId>> = vec![vec![]];
        men_lists.extend(mine.iter().map(|&m| vec![m]));
        men_lists.extend(guards.iter().map(|&g| vec![g]));
        men_lists.extend(guards.windows(2).map(|w| w.to_vec()));
        for &g in guards.iter().take(3) {
            for &b in &beyond {
                men_lists.push(vec![g, b]);
            }
        }
        men_lists.push(vec![men[pick.below(men.len() as u32) as usize]]);
        for men in men_lists {
            let dice = match card.kind() {
                CardKind::StaffCar if state.options.dice == Dice::Manual => plain_run(6),
                CardKind::ShootToKill if state.options.dice == Dice::Manual => plain_run(1),
                _ => vec![],
            };
            let equipment =
                if card.kind() == CardKind::Bribe { vec![Equipment::Rope, Equipment::Key] } else { vec![] };
            out.push(Action::Play { card, men, equipment, dice, tunnel: None, cells: vec![] });
        }
        for t in &state.tunnels {
            let near = decide::nearest_guards_to_tunnel(state, &t.tunnel);
            out.push(Action::Play {
                card,
                men: near,
                equipment: vec![],
                dice: vec![],
                tunnel: Some(t.tunnel.clone()),
                cells: vec![],
            });
        }
    }
    // Claims: every pair of men in rooms of each symbol; kits with and without parts.
    let in_rooms: Vec<ManId> =
        men.iter().copied().filter(|&m| !state.is_gone(m) && BOARD.room_of(state.at(m)).is_some()).collect();
    for e in Equipment::ALL {
        for &a in &in_rooms {
            for &b in &in_rooms {
                out.push(Action::ClaimEquipment { equipment: e, men: [a, b] });
            }
        }
    }
    let parts: Vec<CardId> =
        hand.iter().copied().filter(|c| matches!(c.kind(), CardKind::KitPart(_))).collect();
    let kit_men: Vec<ManId> =
        mine.iter().copied().filter(|&m| BOARD.room_of(state.at(m)).is_some()).collect();
    for k in 0..=kit_men.len().min(4) {
        for p in 0..=parts.len() {
            out.push(Action::ClaimKit { men: kit_men[..k].to_vec(), parts: parts[..p].to_vec() });
        }
    }
    // Answers.
    out.push(Action::AnswerAppel(AppelAnswer::default()));
    out.push(Action::AnswerAppel(AppelAnswer { absent: mine.clone(), warning: None }));
    out.push(Action::AnswerSearch(SearchAnswer::default()));
    out.push(Action::AnswerConfiscation { hideaway: None, surrender: None });
    for &c in state.equipment[usize::from(seat)].iter().chain(&hand) {
        out.push(Action::AnswerConfiscation { hideaway: None, surrender: Some(c) });
        out.push(Action::AnswerConfiscation { hideaway: Some(c), surrender: None });
        out.push(Action::AnswerTalisman { talisman: Some(c) });
        out.push(Action::AnswerArrestHolder { card: Some(c), cell: None });
    }
    out.push(Action::AnswerTalisman { talisman: None });
    out.push(Action::AnswerArrestHolder { card: None, cell: None });
    out.push(Action::AnswerLend { agree: true });
    out.push(Action::AnswerLend { agree: false });
    out.push(Action::ReturnSecurity { cards: hand.iter().copied().take(2).collect() });
    out.push(Action::ReturnSecurity { cards: hand.iter().copied().take(1).collect() });
    // At any time.
    out.push(Action::SetStandingOrders(StandingOrders::default()));
    for to in 0..state.seats as Seat {
        out.push(Action::OfferTrade { to, give: vec![], want: vec![CardId(40)] });
        for &c in hand.iter().chain(&state.equipment[usize::from(seat)]).take(2) {
            out.push(Action::OfferTrade { to, give: vec![c], want: vec![] });
            out.push(Action::OfferTrade { to, give: vec![c], want: vec![CardId(40)] });
        }
    }
    for o in &state.offers {
        out.push(Action::AcceptOffer { offer: o.id });
        out.push(Action::DeclineOffer { offer: o.id });
        out.push(Action::WithdrawOffer { offer: o.id });
    }
    for &m in men.iter().take(20) {
        out.push(Action::Discipline { man: m, infringement: "rule 55".into(), cell: None });
    }
    if state.phase == Phase::Placing {
        out.extend(
            Colditz::legal_actions(state, seat)
                .into_iter()
                .filter(|a| matches!(a, Action::PlaceGuards { .. })),
        );
    }
    out
}

/// Both directions of the property at one position, for every seat; the shapes of the
/// candidates accepted (so that a run can show it put many kinds of action to the test).
fn check_offers(state: &State, pick: &mut dyn Random) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for seat in 0..state.seats as Seat {
        let offers = Colditz::legal_actions(state, seat);
        let shapes: BTreeSet<String> = offers.iter().map(|a| shape(state, a)).collect();
        for offer in &offers {
            assert!(
                fill(state, seat, offer).is_some(),
                "seat {seat} is offered {offer:?}, which cannot be accepted"
            );
        }
        for candidate in candidates(state, seat, pick) {
            if accepts(state, seat, &candidate) {
                seen.insert(
                    serde_json::to_value(&candidate).unwrap()["action"].as_str().unwrap().to_string(),
                );
                assert!(
                    shapes.contains(&shape(state, &candidate)),
                    "seat {seat}: {candidate:?} is accepted but not offered ({})\noffers: {shapes:?}",
                    shape(state, &candidate)
                );
            }
        }
    }
    seen
}

/// A game played by the purposeful policy of full_games.rs mixed with random offers (filled),
/// calling `visit` on the state before each step.
fn play_positions(seed: u64, players: usize, steps: usize, visit: &mut dyn FnMut(&State, &mut dyn Random)) {
    let key = [seed as u8 ^ 0x33; 32];
    let mut pick = SeededRandom::new(&key, "offered", seed, "pick");
    let options = Options {
        german: pick.below(players as u32) as Seat,
        success: Success { escapes: 2 },
        time_limit: TimeLimit::Rounds(60),
        dice: if pick.below(2) == 0 { Dice::Manual } else { Dice::Seeded },
        max_throws: if pick.below(2) == 0 { Some(3) } else { None },
        ..Options::default()
    };
    let mut state = State::new(&options, players);
    let events = Colditz::setup(&options, players, &mut SeededRandom::new(&key, "g", 0, "setup"));
    for e in &events {
        state.apply(e);
    }
    let mut game = Game { options, seats: players, state, events };
    for step in 0..steps {
        let to_act = Colditz::to_act(&game.state);
        if to_act.is_empty() {
            break;
        }
        visit(&game.state, &mut pick);
        let mut rng = SeededRandom::new(&key, "g", step as u64 + 1, "decide");
        let seat = to_act[pick.below(to_act.len() as u32) as usize];
        let policy = if pick.below(2) == 0 && game.state.window.is_none() {
            super::full_games::choose(&game, seat, &mut pick)
        } else {
            None
        };
        let action = policy.or_else(|| {
            let offers: Vec<Action> = Colditz::legal_actions(&game.state, seat)
                .into_iter()
                .filter(|a| {
                    !matches!(
                        a,
                        Action::SetStandingOrders(_)
                            | Action::Discipline { .. }
                            | Action::OfferTrade { .. }
                            | Action::Concede
                    )
                })
                .collect();
            let a = offers.get(pick.below(offers.len().max(1) as u32) as usize)?;
            fill(&game.state, seat, a)
        });
        let events = match action.map(|a| Colditz::decide(&game.state, seat, &a, &mut rng)) {
            Some(Ok(events)) => events,
            _ => match Colditz::decide(&game.state, seat, &Action::EndTurn, &mut rng) {
                Ok(events) => events,
                Err(_) => match game.state.hands[usize::from(seat)].first() {
                    Some(&card) if game.state.window.is_none() && game.state.turn_seat() == Some(seat) => {
                        Colditz::decide(&game.state, seat, &Action::Discard { card }, &mut rng)
                            .unwrap_or_default()
                    }
                    _ => Colditz::deadline_passed(&game.state, &mut rng),
                },
            },
        };
        for e in &events {
            game.state.apply(e);
        }
        game.events.extend(events);
        check_step(&game);
    }
}

const EVERY_GAME: [&str; 4] = ["move", "throw", "end_turn", "set_standing_orders"];

/// The kinds of action accepted on the positions checked over one game (every position until
/// each kind every game has was accepted once — a game whose fourth positions all fell between
/// throws left "throw" unchecked — then every fourth).
fn offers_over_a_game(seed: u64, players: usize) -> BTreeSet<String> {
    let mut step = 0;
    let mut kinds = BTreeSet::new();
    play_positions(seed, players, 160, &mut |state, pick| {
        step += 1;
        if step % 4 == 0 || !EVERY_GAME.iter().all(|k| kinds.contains(*k)) {
            kinds.extend(check_offers(state, pick));
        }
    });
    kinds
}

/// The two-player game that once reached no throw on the positions checked.
#[test]
fn the_game_that_missed_a_throw_checks_one() {
    let kinds = offers_over_a_game(988_594, 2);
    assert!(EVERY_GAME.iter().all(|k| kinds.contains(*k)), "{kinds:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, .. ProptestConfig::default() })]
    /// Every offered action is accepted and every accepted action is offered, on positions
    /// reached by play (every fourth step of a game checked).
    #[test]
    fn offered_and_accepted_actions_are_the_same(seed in 0u64..1_000_000, players in 2usize..=6) {
        let kinds = offers_over_a_game(seed, players);
        // The candidates reached the kinds of action every game has (a check on the test's reach).
        for kind in EVERY_GAME {
            prop_assert!(kinds.contains(kind), "{kind} never accepted: {kinds:?}");
        }
    }
}

// ------------------------------------------------------------------ no panic, ever

/// Any man number, including numbers of no man.
fn any_man(pick: &mut dyn Random) -> ManId {
    match pick.below(4) {
        0 => 255,
        1 => pick.below(256) as u8,
        _ => pick.below(30) as u8,
    }
}
/// Any circle id, including ids of no circle.
fn any_circle(pick: &mut dyn Random) -> CircleId {
    match pick.below(3) {
        0 => CircleId::new(pick.below(256) as u8, pick.below(256) as u8),
        _ => BOARD.circles()[pick.below(BOARD.circles().len() as u32) as usize].id,
    }
}
fn any_card(pick: &mut dyn Random) -> CardId {
    CardId(pick.below(96) as u8)
}
fn any_list<T>(pick: &mut dyn Random, f: &mut dyn FnMut(&mut dyn Random) -> T) -> Vec<T> {
    let n = match pick.below(5) {
        0 => 0,
        1 => 1,
        2 => 2,
        3 => pick.below(8) as usize,
        _ => 300,
    };
    (0..n).map(|_| f(pick)).collect()
}
fn any_dice(pick: &mut dyn Random) -> Vec<[u8; 2]> {
    any_list(pick, &mut |p| match p.below(4) {
        0 => [p.below(256) as u8, p.below(256) as u8],
        1 => [6, 6],
        _ => [p.d6(), p.d6()],
    })
}
fn any_equipment(pick: &mut dyn Random) -> Equipment {
    Equipment::ALL[pick.below(4) as usize]
}

/// An action of any kind with arbitrary, malformed and out-of-range fields.
fn any_action(pick: &mut dyn Random) -> Action {
    let seat = pick.below(256) as u8;
    match pick.below(31) {
        0 => Action::PlaceGuards {
            inner: any_list(pick, &mut any_circle),
            outer: any_list(pick, &mut any_circle),
        },
        1 => Action::Throw { dice: any_dice(pick) },
        2 => Action::Move {
            man: any_man(pick),
            path: any_list(pick, &mut any_circle),
            cell: Some(any_circle(pick)),
        },
        3 => Action::Release { man: any_man(pick) },
        4 => Action::ClaimEquipment { equipment: any_equipment(pick), men: [any_man(pick), any_man(pick)] },
        5 => Action::ClaimKit { men: any_list(pick, &mut any_man), parts: any_list(pick, &mut any_card) },
        6 => Action::Play {
            card: any_card(pick),
            men: any_list(pick, &mut any_man),
            equipment: any_list(pick, &mut any_equipment),
            dice: any_dice(pick),
            tunnel: [None, Some("chapel".into()), Some("nowhere".into()), Some(String::new())]
                [pick.below(4) as usize]
                .clone(),
            cells: any_list(pick, &mut any_circle),
        },
        7 => Action::Discard { card: any_card(pick) },
        8 => Action::Give { card: any_card(pick), to: seat },
        9 => Action::PostGuard { to: any_circle(pick) },
        10 => Action::ReturnGuard { guard: any_man(pick) },
        11 => Action::SearchAbsentees { cells: any_list(pick, &mut any_circle) },
        12 => Action::RiotSquad { posts: any_list(pick, &mut any_circle) },
        13 => Action::EndTurn,
        14 => Action::AnswerAppel(AppelAnswer {
            absent: any_list(pick, &mut any_man),
            warning: Some(Warning {
                card: any_card(pick),
                moves: any_list(pick, &mut |p| Placement { man: any_man(p), to: any_circle(p) }),
            }),
        }),
        15 => Action::AnswerSearch(SearchAnswer {
            warning: Some(Warning {
                card: any_card(pick),
                moves: any_list(pick, &mut |p| Placement { man: any_man(p), to: any_circle(p) }),
            }),
            hideaway: Some(any_card(pick)),
            surrender: any_list(pick, &mut any_card),
        }),
        16 => Action::AnswerConfiscation { hideaway: Some(any_card(pick)), surrender: Some(any_card(pick)) },
        17 => Action::ReturnSecurity { cards: any_list(pick, &mut any_card) },
        18 => Action::OfferTrade {
            to: seat,
            give: any_list(pick, &mut any_card),
            want: any_list(pick, &mut any_card),
        },
        19 => Action::AcceptOffer { offer: [0, 1, u32::MAX][pick.below(3) as usize] },
        20 => Action::DeclineOffer { offer: u32::MAX },
        21 => Action::WithdrawOffer { offer: pick.below(5) },
        22 => Action::Discipline {
            man: any_man(pick),
            infringement: ["", " ", "x", &"long ".repeat(3000)][pick.below(4) as usize].to_string(),
            cell: Some(any_circle(pick)),
        },
        23 => Action::SetStandingOrders(StandingOrders {
            appel_all_attend: pick.below(2) == 0,
            cell: Some(any_circle(pick)),
            lend_men: pick.below(2) == 0,
            ..StandingOrders::default()
        }),
        24 => Action::DoOrDie { man: any_man(pick), dice: any_dice(pick) },
        25 => Action::AnswerTalisman { talisman: Some(any_card(pick)) },
        26 => Action::AnswerArrestHolder { card: Some(any_card(pick)), cell: Some(any_circle(pick)) },
        27 => Action::AnswerLend { agree: pick.below(2) == 0 },
        28 => Action::TimeUp {
            today: ["", "2027-01-31", "9999-99-99x", "é€2027-01-31", "20270131"][pick.below(5) as usize]
                .into(),
        },
        29 => Action::Play {
            card: CardId(79),
            men: vec![16, 4],
            equipment: vec![],
            dice: vec![],
            tunnel: None,
            cells: vec![],
        },
        _ => Action::Move {
            man: any_man(pick),
            path: vec![any_circle(pick); 1 + pick.below(3) as usize],
            cell: None,
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, .. ProptestConfig::default() })]
    /// Arbitrary, malformed and out-of-range actions from any seat number on positions reached
    /// by play: `decide` answers (accepts or refuses) and never panics; what it accepts folds.
    #[test]
    fn no_action_makes_decide_panic(seed in 0u64..1_000_000, players in 2usize..=6) {
        play_positions(seed, players, 120, &mut |state, pick| {
            for _ in 0..40 {
                let action = any_action(pick);
                let seat = match pick.below(3) { 0 => pick.below(256) as u8, _ => pick.below(state.seats as u32) as u8 };
                let mut rng = SeededRandom::new(&[1; 32], "fuzz", 0, "decide");
                if let Ok(events) = Colditz::decide(state, seat, &action, &mut rng) {
                    let mut after = state.clone();
                    for e in &events {
                        after.apply(e);
                    }
                }
                // And what a request reads: legal actions, views and redactions.
                let _ = Colditz::legal_actions(state, seat);
                let _ = Colditz::view(state, Viewer::Seat(seat));
            }
        });
    }
}

/// The same through JSON, as the server hands a request to the engine: malformed documents are
/// refused by parsing; those that parse are judged without a panic.
#[test]
fn no_json_action_makes_decide_panic() {
    let state = Pos::new(2).turn(0, &[[1, 2]]).state;
    let texts = [
        r#"{"action":"play","card":"card79","men":[16,4]}"#,
        r#"{"action":"play","card":"card96"}"#,
        r#"{"action":"play","card":"card79","men":[255,255,255]}"#,
        r#"{"action":"move","man":250,"path":["r99c99","r00c00"]}"#,
        r#"{"action":"move","man":3,"path":[]}"#,
        r#"{"action":"throw","dice":[[0,0]]}"#,
        r#"{"action":"throw","dice":[[255,255],[6,6]]}"#,
        r#"{"action":"claim_equipment","equipment":"rope","men":[200,201]}"#,
        r#"{"action":"search_absentees"}"#,
        r#"{"action":"riot_squad","posts":["r00c00","r99c99"]}"#,
        r#"{"action":"answer_arrest_holder","cell":"r38c22"}"#,
        r#"{"action":"do_or_die","man":99,"dice":[[6,6]]}"#,
        r#"{"action":"give","card":"card40","to":200}"#,
        r#"{"action":"accept_offer","offer":4294967295}"#,
        r#"{"action":"time_up","today":"ééééééééééé"}"#,
    ];
    for text in texts {
        if let Ok(action) = serde_json::from_str::<Action>(text) {
            for seat in [0, 1, 2, 255] {
                let _ = Colditz::decide(&state, seat, &action, &mut SeededRandom::new(&[1; 32], "j", 0, "d"));
            }
        }
    }
    let many = format!(r#"{{"action":"throw","dice":[{}]}}"#, vec!["[6,6]"; 5000].join(","));
    let action: Action = serde_json::from_str(&many).unwrap();
    let options = Options { dice: Dice::Manual, ..Options::default() };
    let state = Pos::with(options, 2).before_throw(1).state;
    assert!(
        Colditz::decide(&state, 1, &action, &mut crate::ScriptedRandom::default()).is_err(),
        "5000 doubles"
    );
}
