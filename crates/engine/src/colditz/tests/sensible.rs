//! Sensible play for both sides, and the simulation that chose the default time limit (C2;
//! docs/rules/colditz.md, "The time limit").
//!
//! The policy is the one of full_games.rs made purposeful, without its random exploration:
//! - **Escape Officers** set standing orders (all attend Appel, Hideaway or the lowest card at a
//!   confiscation, a Talisman when shot); claim the Kit from four men in the four kit rooms
//!   (with kit parts when held), then equipment for a way out (ropes, then wire cutters, then a
//!   key); play exchange cards, Bribes, releases and Diversions (on the guard nearest their
//!   escaper), drive the staff car when they hold it (tunnels are left aside: the policy does not
//!   plan the two men who must go in together); walk the man nearest a target along the shortest way their equipment opens,
//!   stopping where no guard can reach him next turn when the target is out of reach; run Do or
//!   Die when the odds (computed exactly) are good, or when the time limit is near and nothing
//!   else can win.
//! - **The German** answers Arrest Key/Pass Holder at once; calls Appel when men are out of the
//!   courtyard, Searches rooms holding men of teams with equipment; shoots at men beyond the
//!   wire, raids tunnels; arrests whenever a guard can reach a man liable to arrest (escapers
//!   first); calls the Riot Squad when his reserve is larger than his throw and men are out,
//!   posts guards next to men outside the courtyard, and otherwise moves guards towards the man
//!   nearest a target, or to the rope landings and wire crossings.

use super::full_games::{count_held, passage, throw_action, toward};
use super::games::{Game, check_step};
use super::*;
use crate::colditz::Colditz;
use crate::colditz::board::{Passage, Symbol, TunnelAccess};
use crate::colditz::cards::Equipment;
use crate::colditz::events::StandingOrders;
use crate::colditz::options::{Dice, Success, TimeLimit};
use crate::colditz::state::{Fate, Phase};
use crate::{Random, Ruleset};

/// R51's odds, exact: the chance that `throws` throws of two dice (each double throwing once
/// more) add up to at least `needed`.
pub fn do_or_die_odds(throws: u8, needed: u16) -> f64 {
    fn go(left: u8, needed: i32, memo: &mut std::collections::HashMap<(u8, i32), f64>) -> f64 {
        if needed <= 0 {
            return 1.0;
        }
        if left == 0 {
            return 0.0;
        }
        if let Some(&p) = memo.get(&(left, needed)) {
            return p;
        }
        let mut p = 0.0;
        for a in 1..=6 {
            for b in 1..=6 {
                let next = if a == b { left } else { left - 1 };
                p += go(next, needed - a - b, memo) / 36.0;
            }
        }
        memo.insert((left, needed), p);
        p
    }
    go(throws, i32::from(needed), &mut std::collections::HashMap::new())
}

/// The chance of a Do or Die run from a man's circle, over the cards still in the pack (the top
/// card is unknown, each equally likely).
fn run_odds(s: &State, at: CircleId) -> f64 {
    let Some(needed) = distance_to_target(&[at], Passage::DO_OR_DIE) else { return 0.0 };
    let cards: Vec<u8> = s
        .do_or_die
        .iter()
        .filter_map(|c| match c.kind() {
            CardKind::DoOrDie(n) => Some(n),
            _ => None,
        })
        .collect();
    if cards.is_empty() {
        return 0.0;
    }
    cards.iter().map(|&n| do_or_die_odds(n, needed)).sum::<f64>() / cards.len() as f64
}

fn distance_to_target(from: &[CircleId], passage: Passage) -> Option<u16> {
    let d = BOARD.distances(from, passage, &|_| false);
    BOARD.targets().iter().filter_map(|t| d.to(t.circle)).min()
}

/// Steps from the nearest guard (through gates, as a guard on his rounds walks): a guard on the
/// board, or one the German may post from his reserve on a free black circle (one point more).
fn guard_distances(s: &State) -> super::super::board::Distances<'static> {
    let mut from: Vec<CircleId> =
        s.men_of(s.german).filter(|&g| !s.in_barracks(g)).map(|g| s.at(g)).collect();
    if s.men_of(s.german).any(|g| s.in_barracks(g)) {
        // A posted guard starts a step behind: his neighbours stand for him.
        from.extend(
            BOARD
                .circles_of(CircleKind::GuardPost)
                .filter(|&c| !s.occupied(c))
                .flat_map(|c| BOARD.links(c).iter().map(|l| l.to).collect::<Vec<_>>()),
        );
    }
    BOARD.distances(&from, Passage::GUARD, &|_| false)
}

/// Whether a man of `seat` standing on `c` could be arrested there (C13, R35, C9).
fn liable_at(s: &State, seat: Seat, c: CircleId) -> bool {
    let Some(circle) = BOARD.circle(c) else { return false };
    match circle.kind {
        CircleKind::Appel | CircleKind::Safe | CircleKind::Cell | CircleKind::Tunnel | CircleKind::Target => {
            return false;
        }
        _ => {}
    }
    match circle.terrain {
        Terrain::Room(_) => false,
        Terrain::Courtyard => s.holds_equipment(seat),
        _ => true,
    }
}

/// The German's throw is seven on average, more with doubles: a man liable to arrest within this
/// many steps of a guard (or of a free black circle, while guards wait in reserve) is in danger.
const DANGER: u16 = 9;

fn accepts(s: &State, seat: Seat, action: &Action) -> bool {
    Colditz::decide(s, seat, action, &mut SeededRandom::new(&[0; 32], "probe", 0, "probe")).is_ok()
}

/// The longest prefix of `path` that `decide` accepts and that does not leave the man in danger
/// (a prefix reaching a target always does).
fn safe_prefix(s: &State, seat: Seat, man: ManId, path: &[CircleId], careful: bool) -> Option<Action> {
    let near = guard_distances(s);
    for k in (1..=path.len()).rev() {
        let end = path[k - 1];
        let escaping = BOARD.target_at(end).is_some();
        if careful && !escaping && liable_at(s, seat, end) && near.to(end).is_some_and(|d| d <= DANGER) {
            continue;
        }
        let action = Action::Move { man, path: path[..k].to_vec(), cell: None };
        if accepts(s, seat, &action) {
            return Some(action);
        }
    }
    None
}

fn card_in_hand(s: &State, seat: Seat, pred: impl Fn(CardKind) -> bool) -> Option<CardId> {
    s.hands[usize::from(seat)].iter().copied().find(|c| pred(c.kind()))
}

fn play(card: CardId, men: Vec<ManId>, equipment: Vec<Equipment>) -> Action {
    Action::Play { card, men, equipment, dice: vec![], tunnel: None, cells: vec![] }
}

/// Fill the throws of a manual-dice run, as a player at a table throws them.
fn with_dice(game: &Game, action: Action, pick: &mut dyn Random) -> Action {
    if game.options.dice != Dice::Manual {
        return action;
    }
    match action {
        Action::Play { card, men, equipment, tunnel, cells, .. } => {
            let base = match card.kind() {
                CardKind::StaffCar => 6,
                CardKind::ShootToKill => 1,
                _ => 0,
            };
            let mut dice = super::full_games::run(base, pick);
            dice.truncate(game.options.max_throws.map_or(20, usize::from).max(base));
            Action::Play { card, men, equipment, dice, tunnel, cells }
        }
        Action::DoOrDie { man, .. } => match game.state.turn.as_ref().and_then(|t| t.do_or_die) {
            Some(run) => match run.card.kind() {
                CardKind::DoOrDie(n) => {
                    Action::DoOrDie { man, dice: super::full_games::run(usize::from(n), pick) }
                }
                _ => Action::DoOrDie { man, dice: vec![] },
            },
            None => Action::DoOrDie { man, dice: vec![] },
        },
        other => other,
    }
}

/// The equipment a team still lacks for a way out, if any.
fn wanted(s: &State, seat: Seat) -> Option<Equipment> {
    let men: Vec<CircleId> = s.men_of(seat).filter(|&m| !s.in_cell(m)).map(|m| s.at(m)).collect();
    if men.is_empty() {
        return None;
    }
    if distance_to_target(&men, passage(s, seat)).is_some() && count_held(s, seat, Equipment::Rope) >= 2 {
        return None;
    }
    if count_held(s, seat, Equipment::Rope) < 2 {
        Some(Equipment::Rope)
    } else if count_held(s, seat, Equipment::WireCutters) == 0 {
        Some(Equipment::WireCutters)
    } else {
        Some(Equipment::Key)
    }
}

/// One decision of an Escape Officer in his turn (None: end the turn).
fn escape_officer(game: &Game, seat: Seat, pick: &mut dyn Random, limit: Option<u32>) -> Option<Action> {
    let s = &game.state;
    let turn = s.turn.as_ref()?;
    if let Some(run) = turn.do_or_die {
        return Some(with_dice(game, Action::DoOrDie { man: run.man, dice: vec![] }, pick));
    }
    let men: Vec<ManId> = s.men_of(seat).filter(|&m| !s.in_cell(m)).collect();
    let escapes_needed = usize::from(s.options.success.escapes).saturating_sub(s.escapes(seat));
    if turn.throws.is_empty() {
        // Do or Die: good odds, or the last chance before the time limit.
        if s.holds_kit(seat) {
            let last_rounds = limit.is_some_and(|n| s.round + 1 >= n);
            let best = men
                .iter()
                .filter(|&&m| BOARD.region(s.at(m)) == Some(super::super::board::Region::Inner))
                .map(|&m| (run_odds(s, s.at(m)), m))
                .max_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((odds, man)) = best
                && (odds >= 0.8 || (last_rounds && escapes_needed == 1 && odds > 0.05))
                && accepts(s, seat, &Action::DoOrDie { man, dice: vec![] })
            {
                return Some(with_dice(game, Action::DoOrDie { man, dice: vec![] }, pick));
            }
        }
        return Some(throw_action(game, pick));
    }
    // Claims and releases first.
    // The claim keeping the kit parts if men stand in the rooms (they may be traded on).
    let claim_kit = decide::kit_candidates(s, seat).into_iter().find(|a| accepts(s, seat, a));
    if let Some(a) = claim_kit {
        return Some(a);
    }
    if turn.releases > 0
        && turn.points > 0
        && let Some(&m) = s.men_of(seat).collect::<Vec<_>>().iter().find(|&&m| s.in_cell(m))
        && accepts(s, seat, &Action::Release { man: m })
    {
        return Some(Action::Release { man: m });
    }
    let want = wanted(s, seat);
    for e in Equipment::ALL {
        let inside: Vec<ManId> = men
            .iter()
            .copied()
            .filter(|&m| BOARD.room_of(s.at(m)).is_some_and(|(_, r)| r.symbol == e.symbol()))
            .collect();
        // Equipment makes the whole team liable to arrest: none before the Kit.
        if inside.len() >= 2 && s.holds_kit(seat) {
            let a = Action::ClaimEquipment { equipment: e, men: [inside[0], inside[1]] };
            if accepts(s, seat, &a) {
                return Some(a);
            }
        }
    }
    // Cards that help.
    for &card in &s.hands[usize::from(seat)] {
        let a = match card.kind() {
            CardKind::Sabotage => play(card, vec![], vec![]),
            // Equipment only once the Kit is held (or when the hand is full).
            CardKind::Exchange(_) | CardKind::Bribe
                if !s.holds_kit(seat) && s.hands[usize::from(seat)].len() <= 3 =>
            {
                continue;
            }
            CardKind::Exchange(_) => play(card, vec![], vec![]),
            CardKind::Bribe => {
                let e = want.unwrap_or(Equipment::Rope);
                play(card, vec![], vec![e, Equipment::Rope])
            }
            CardKind::ReleaseFromSolitary => match s.men_of(seat).find(|&m| s.in_cell(m)) {
                Some(m) => play(card, vec![m], vec![]),
                None => continue,
            },
            CardKind::StaffCar => match men.iter().find(|&&m| BOARD.is(s.at(m), CircleKind::StaffCar)) {
                Some(&m) if s.holds_kit(seat) => with_dice(game, play(card, vec![m], vec![]), pick),
                _ => continue,
            },
            CardKind::Diversion | CardKind::HighCommandInspection => {
                // On the guards nearest the team's men outside the courtyard.
                let out: Vec<CircleId> = men
                    .iter()
                    .map(|&m| s.at(m))
                    .filter(|&c| liable_at(s, seat, c) && !BOARD.in_courtyard(c))
                    .collect();
                if out.is_empty() {
                    continue;
                }
                let d = BOARD.distances(&out, Passage::GUARD, &|_| false);
                let mut guards: Vec<(u16, ManId)> = s
                    .men_of(s.german)
                    .filter(|&g| !s.in_barracks(g))
                    .filter_map(|g| d.to(s.at(g)).map(|x| (x, g)))
                    .collect();
                guards.sort();
                let n = if card.kind() == CardKind::Diversion { 1 } else { 2 };
                if guards.first().is_none_or(|&(x, _)| x > DANGER) {
                    continue;
                }
                play(card, guards.into_iter().take(n).map(|(_, g)| g).collect(), vec![])
            }
            _ => continue,
        };
        if accepts(s, seat, &a) {
            return Some(a);
        }
    }
    if turn.points == 0 || men.is_empty() {
        return None;
    }
    // Tunnels are left aside: the first two men must go in together, which this policy does not
    // plan (a man alone in a tunnel only comes up again).
    let p = Passage { tunnels: TunnelAccess::None, ..passage(s, seat) };
    // The Kit: one man to each kit room still unmanned.
    if !s.holds_kit(seat) {
        let mut needed = vec![Symbol::Disguise, Symbol::Compass, Symbol::Food, Symbol::Documents];
        for part in
            [crate::colditz::cards::KitPart::CompassFood, crate::colditz::cards::KitPart::DocumentsClothing]
        {
            if card_in_hand(s, seat, |k| k == CardKind::KitPart(part)).is_some() {
                needed.retain(|sym| match part {
                    crate::colditz::cards::KitPart::CompassFood => {
                        !matches!(sym, Symbol::Compass | Symbol::Food)
                    }
                    _ => !matches!(sym, Symbol::Documents | Symbol::Disguise),
                });
            }
        }
        let mut busy: Vec<ManId> = Vec::new();
        for &symbol in &needed {
            if let Some(&m) = men.iter().find(|&&m| {
                !busy.contains(&m) && BOARD.room_of(s.at(m)).is_some_and(|(_, r)| r.symbol == symbol)
            }) {
                busy.push(m);
            }
        }
        for &symbol in &needed {
            if men.iter().any(|&m| {
                busy.contains(&m) && BOARD.room_of(s.at(m)).is_some_and(|(_, r)| r.symbol == symbol)
            }) {
                continue;
            }
            let rooms: Vec<CircleId> =
                BOARD.rooms_with(symbol).flat_map(|(_, r)| r.circles.clone()).collect();
            let mut options: Vec<(usize, ManId, Vec<CircleId>)> = men
                .iter()
                .filter(|m| !busy.contains(m))
                .map(|&m| {
                    let path = toward(s, m, &rooms, Passage::WALK, turn.points);
                    (path.len(), m, path)
                })
                .filter(|(n, _, _)| *n > 0)
                .collect();
            options.sort_by_key(|(n, m, _)| (std::cmp::Reverse(*n), *m));
            for (_, m, path) in options {
                if let Some(a) = safe_prefix(s, seat, m, &path, true) {
                    return Some(a);
                }
            }
        }
    }
    // An escape: the man nearest a target along the ways the team's equipment opens.
    let targets: Vec<CircleId> = BOARD.targets().iter().map(|t| t.circle).collect();
    if s.holds_kit(seat) {
        let staff_car = card_in_hand(s, seat, |k| k == CardKind::StaffCar).is_some();
        let goals: Vec<CircleId> =
            if staff_car { BOARD.staff_car_circles().collect() } else { targets.clone() };
        let occupied = s.occupancy();
        let mut runners: Vec<(u16, ManId)> = men
            .iter()
            .filter_map(|&m| {
                let d = BOARD.distances(&[s.at(m)], p, &|c| occupied.contains(&c) && !goals.contains(&c));
                goals.iter().filter_map(|&t| d.to(t)).min().map(|d| (d, m))
            })
            .collect();
        runners.sort();
        for (_, man) in runners.into_iter().take(3) {
            let path = toward(s, man, &goals, p, turn.points);
            if let Some(a) = safe_prefix(s, seat, man, &path, true) {
                return Some(a);
            }
        }
    }
    // Equipment: two men to the rooms of what is wanted.
    if let Some(e) = want {
        let rooms: Vec<CircleId> =
            BOARD.rooms_with(e.symbol()).flat_map(|(_, r)| r.circles.clone()).collect();
        let there = men.iter().filter(|&&m| rooms.contains(&s.at(m))).count();
        if there < 2 {
            let mut options: Vec<(usize, ManId, Vec<CircleId>)> = men
                .iter()
                .filter(|&&m| !rooms.contains(&s.at(m)))
                .map(|&m| {
                    let path = toward(s, m, &rooms, Passage::WALK, turn.points);
                    (path.len(), m, path)
                })
                .filter(|(n, _, _)| *n > 0)
                .collect();
            options.sort_by_key(|(n, m, _)| (std::cmp::Reverse(*n), *m));
            for (_, m, path) in options.into_iter().take(3) {
                if let Some(a) = safe_prefix(s, seat, m, &path, true) {
                    return Some(a);
                }
            }
        }
    }
    None
}

/// One decision of the German Security Officer in his turn (None: end the turn).
fn german(game: &Game, seat: Seat, pick: &mut dyn Random) -> Option<Action> {
    let s = &game.state;
    let turn = s.turn.as_ref()?;
    let pows: Vec<ManId> = s.escape_seats().into_iter().flat_map(|e| s.men_of(e)).collect();
    let out_of_yard: Vec<ManId> = pows
        .iter()
        .copied()
        .filter(|&m| !s.in_cell(m) && BOARD.region(s.at(m)) == Some(super::super::board::Region::Outer))
        .collect();
    if turn.throws.is_empty() {
        // Appel pulls men out of the outer areas back into the courtyard; a team gathering its Kit
        // loses its places too.
        let gathering = s.escape_seats().into_iter().any(|e| {
            !s.holds_kit(e) && s.men_of(e).filter(|&m| BOARD.room_of(s.at(m)).is_some()).count() >= 3
        });
        if let Some(card) = card_in_hand(s, seat, |k| k == CardKind::Appel)
            && (!out_of_yard.is_empty() || gathering)
            && accepts(s, seat, &play(card, vec![], vec![]))
        {
            return Some(play(card, vec![], vec![]));
        }
        return Some(throw_action(game, pick));
    }
    // Appel called: search for absentees when the throw reaches one.
    if turn.appel
        && !turn.searched
        && !turn.absent.is_empty()
        && accepts(s, seat, &Action::SearchAbsentees { cells: vec![] })
    {
        return Some(Action::SearchAbsentees { cells: vec![] });
    }
    // Cards: Shoot to Kill, Tunnel Detected, Searches where they catch someone.
    let offers: Vec<Action> =
        s.hands[usize::from(seat)].iter().flat_map(|&c| decide::play_candidates(s, seat, c)).collect();
    for a in offers.iter().filter(|a| {
        accepts(s, seat, &with_dice(game, (*a).clone(), &mut SeededRandom::new(&[0; 32], "p", 0, "p")))
    }) {
        if let Action::Play { card, men, .. } = a {
            let good = match card.kind() {
                CardKind::ShootToKill => true,
                CardKind::TunnelDetected => true,
                CardKind::Search(room) => pows.iter().any(|&m| {
                    s.holds_equipment(s.men[usize::from(m)].seat)
                        && BOARD.room_of(s.at(m)).is_some_and(|(_, r)| r.key == room)
                }),
                _ => false,
            };
            if good && !(card.kind() == CardKind::ShootToKill && men.len() != 2) {
                return Some(with_dice(game, a.clone(), pick));
            }
        }
    }
    if turn.points == 0 {
        return None;
    }
    // Arrests: every guard that reaches a man liable to arrest; escapers beyond the wire first.
    let guards: Vec<ManId> = s.men_of(seat).filter(|&g| !s.in_barracks(g)).collect();
    let mut prey: Vec<(u8, ManId)> = pows
        .iter()
        .copied()
        .filter(|&m| decide::arrestable(s, m).is_some())
        .map(|m| {
            let rank = match BOARD.region(s.at(m)) {
                Some(super::super::board::Region::Beyond) => 0,
                Some(super::super::board::Region::Outer) => 1,
                _ => 2,
            };
            (rank, m)
        })
        .collect();
    prey.sort();
    for &(_, m) in &prey {
        let at = s.at(m);
        let mut best: Option<(usize, Action)> = None;
        // Beyond the walls a guard may follow the escaper's rope or wire (R46).
        let chase = Passage { ropes: 2, wire: true, ..Passage::GUARD };
        for (&g, passage) in guards.iter().flat_map(|g| [(g, Passage::GUARD), (g, chase)]) {
            let path = toward(s, g, &[at], passage, turn.points);
            if path.last() == Some(&at) {
                let a = Action::Move { man: g, path: path.clone(), cell: None };
                if best.as_ref().is_none_or(|(n, _)| path.len() < *n) && accepts(s, seat, &a) {
                    best = Some((path.len(), a));
                }
            }
        }
        if let Some((_, a)) = best {
            return Some(a);
        }
    }
    // The Riot Squad when many guards wait and men are out.
    let reserve = s.men_of(seat).filter(|&g| s.in_barracks(g)).count();
    if !out_of_yard.is_empty()
        && reserve as u16 > turn.points + 2
        && turn.points == decide_score(s)
        && accepts(s, seat, &Action::RiotSquad { posts: vec![] })
    {
        // Posts nearest the men out.
        let outs: Vec<CircleId> = out_of_yard.iter().map(|&m| s.at(m)).collect();
        let d = BOARD.distances(&outs, Passage::GUARD, &|_| false);
        let mut posts: Vec<(u16, CircleId)> = BOARD
            .circles_of(CircleKind::GuardPost)
            .filter(|&c| !s.occupied(c))
            .filter_map(|c| d.to(c).map(|x| (x, c)))
            .collect();
        posts.sort();
        let chosen: Vec<CircleId> = posts.into_iter().take(reserve).map(|(_, c)| c).collect();
        let a = Action::RiotSquad { posts: chosen };
        return Some(if accepts(s, seat, &a) { a } else { Action::RiotSquad { posts: vec![] } });
    }
    // Post a guard next to a man out of the courtyard.
    if reserve > 0 && !out_of_yard.is_empty() && !turn.arrested {
        let outs: Vec<CircleId> = out_of_yard.iter().map(|&m| s.at(m)).collect();
        let d = BOARD.distances(&outs, Passage::GUARD, &|_| false);
        let post = BOARD
            .circles_of(CircleKind::GuardPost)
            .filter(|&c| !s.occupied(c))
            .filter_map(|c| d.to(c).map(|x| (x, c)))
            .filter(|&(x, _)| x <= 2 * DANGER)
            .min();
        if let Some((_, to)) = post
            && accepts(s, seat, &Action::PostGuard { to })
        {
            return Some(Action::PostGuard { to });
        }
    }
    if guards.is_empty() {
        return None;
    }
    // Close in: on the man nearest a target (not in a cell or on an Appel circle), else watch the
    // landings and the wire. Each guard moves once a turn at most (no dithering).
    let moved: Vec<ManId> = game
        .events
        .iter()
        .rev()
        .take_while(|e| !matches!(e, Event::TurnEnded { .. }))
        .filter_map(|e| match e {
            Event::Moved { man, .. } => Some(*man),
            _ => None,
        })
        .collect();
    let targets: Vec<CircleId> = BOARD.targets().iter().map(|t| t.circle).collect();
    let danger: Option<ManId> = pows
        .iter()
        .copied()
        .filter(|&m| {
            !s.in_cell(m) && !BOARD.is(s.at(m), CircleKind::Appel) && BOARD.room_of(s.at(m)).is_none()
        })
        .filter_map(|m| distance_to_target(&[s.at(m)], Passage::ANY).map(|d| (d, m)))
        .min()
        .map(|(_, m)| m)
        .filter(|_| !targets.is_empty());
    let goals: Vec<CircleId> = match danger {
        Some(m) => vec![s.at(m)],
        None => BOARD
            .drops()
            .iter()
            .map(|d| d.to)
            .chain(BOARD.wire_crossings().iter().map(|w| w.inside))
            .filter(|&c| BOARD.region(c) != Some(super::super::board::Region::Beyond))
            .collect(),
    };
    let d = BOARD.distances(&goals, Passage::GUARD, &|_| false);
    let mut free: Vec<(u16, ManId)> = guards
        .iter()
        .copied()
        .filter(|g| !moved.contains(g))
        .filter_map(|g| d.to(s.at(g)).map(|x| (x, g)))
        .filter(|&(x, _)| x > 1)
        .collect();
    free.sort();
    for (_, g) in free.into_iter().take(3) {
        let path = toward(s, g, &goals, Passage::GUARD, turn.points.min(DANGER));
        let path: Vec<CircleId> =
            path.into_iter().take_while(|c| !goals.contains(c) || danger.is_none()).collect();
        if let Some(a) = safe_prefix(s, seat, g, &path, false) {
            return Some(a);
        }
    }
    None
}

fn decide_score(s: &State) -> u16 {
    s.turn.as_ref().map_or(0, |t| crate::colditz::state::score_of(&t.throws))
}

/// How a sensible game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// The round in which it ended.
    pub round: u32,
    pub escape_win: bool,
    pub escapes: usize,
    pub deaths: usize,
    /// Events of the game by kind (for a look at how it was played).
    pub counts: std::collections::BTreeMap<String, usize>,
}

/// One game of `players` played sensibly to its end under `limit`.
pub fn sensible_game(seed: u64, players: usize, limit: TimeLimit) -> Ending {
    sensible_play(seed, players, limit).0
}

fn sensible_play(seed: u64, players: usize, limit: TimeLimit) -> (Ending, Game) {
    let key = [
        seed as u8 ^ 0xa7,
        (seed >> 8) as u8,
        players as u8,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
        7,
    ];
    let mut pick = SeededRandom::new(&key, "sensible", seed, "pick");
    let rounds = match limit {
        TimeLimit::Rounds(n) => Some(n),
        _ => None,
    };
    let options = Options {
        german: pick.below(players as u32) as Seat,
        success: Success::default(),
        time_limit: limit,
        dice: if seed % 4 == 3 { Dice::Manual } else { Dice::Seeded },
        ..Options::default()
    };
    let mut state = State::new(&options, players);
    let events = Colditz::setup(&options, players, &mut SeededRandom::new(&key, "g", 0, "setup"));
    for e in &events {
        state.apply(e);
    }
    let mut game = Game { options, seats: players, state, events };
    // Standing orders as a sensible player sets them at the start.
    for seat in 0..players as Seat {
        let orders = if game.state.is_german(seat) {
            StandingOrders {
                arrest_holders: crate::colditz::events::HolderOrders::Always,
                ..StandingOrders::default()
            }
        } else {
            StandingOrders {
                appel_all_attend: true,
                confiscation: true,
                talisman: true,
                ..StandingOrders::default()
            }
        };
        let events =
            Colditz::decide(&game.state, seat, &Action::SetStandingOrders(orders), &mut pick).unwrap();
        apply_all(&mut game, events);
    }
    for step in 0..200_000u64 {
        if Colditz::outcome(&game.state).is_some() {
            break;
        }
        // A game without a limit is stopped here (it counts as not won by the Escape Officers).
        if game.state.round > 300 {
            break;
        }
        let to_act = Colditz::to_act(&game.state);
        let seat = to_act[0];
        let mut rng = SeededRandom::new(&key, "g", step + 1, "decide");
        if game.state.phase == Phase::Placing {
            let a = Colditz::legal_actions(&game.state, seat).into_iter().next().unwrap();
            let events = Colditz::decide(&game.state, seat, &a, &mut rng).unwrap();
            apply_all(&mut game, events);
            continue;
        }
        if game.state.window.is_some() {
            let events = Colditz::deadline_passed(&game.state, &mut rng);
            apply_all(&mut game, events);
            continue;
        }
        let action = if game.state.is_german(seat) {
            german(&game, seat, &mut pick)
        } else {
            escape_officer(&game, seat, &mut pick, rounds)
        };
        let events = match action.map(|a| Colditz::decide(&game.state, seat, &a, &mut rng)) {
            Some(Ok(events)) => events,
            _ => match Colditz::decide(&game.state, seat, &Action::EndTurn, &mut rng) {
                Ok(events) => events,
                Err(_) => {
                    let hand = game.state.hands[usize::from(seat)].clone();
                    let card = hand
                        .iter()
                        .copied()
                        .find(|c| {
                            matches!(
                                c.kind(),
                                CardKind::QuickMove(_) | CardKind::Sabotage | CardKind::AdvanceWarning
                            )
                        })
                        .or(hand.first().copied())
                        .expect("a turn that cannot end holds too many cards");
                    Colditz::decide(&game.state, seat, &Action::Discard { card }, &mut rng).unwrap()
                }
            },
        };
        apply_all(&mut game, events);
    }
    let s = &game.state;
    let escape_win = Colditz::outcome(s).is_some_and(|o| o.winners != vec![s.german]);
    let ending = Ending {
        round: s.round,
        escape_win,
        escapes: s.gone.iter().filter(|g| g.fate == Fate::Escaped).count(),
        deaths: s.gone.iter().filter(|g| g.fate != Fate::Escaped).count(),
        counts: game.events.iter().fold(std::collections::BTreeMap::new(), |mut m, e| {
            let kind = match e {
                Event::Arrested { cause, .. } => format!("arrested {cause:?}"),
                Event::Played { card, .. } => format!("played {}", card.kind().key()),
                Event::Escaped { route, .. } => format!("escaped {route:?}"),
                other => serde_json::to_value(other).unwrap()["event"].as_str().unwrap().to_string(),
            };
            *m.entry(kind).or_insert(0) += 1;
            m
        }),
    };
    (ending, game)
}

/// The time line of one sensible game: `cargo test -p feldpost-engine --release
/// trace_a_sensible_game -- --ignored --nocapture`.
#[test]
#[ignore]
fn trace_a_sensible_game() {
    let (ending, game) = sensible_play(0, 2, TimeLimit::None);
    let mut s = State::new(&game.options, game.seats);
    for e in &game.events {
        let shown = match e {
            Event::KitClaimed { .. }
            | Event::EquipmentClaimed { .. }
            | Event::Escaped { .. }
            | Event::AppelResolved { .. }
            | Event::Confiscated { .. }
            | Event::Played { .. }
            | Event::RiotSquad { .. } => true,
            Event::Arrested { man, .. } => {
                print!("[arrest of {man} at {} {:?}] ", s.at(*man), BOARD.region(s.at(*man)));
                true
            }
            _ => false,
        };
        if shown {
            println!(
                "round {}: {}",
                s.round,
                serde_json::to_string(e).unwrap().chars().take(160).collect::<String>()
            );
        }
        s.apply(e);
    }
    let beyond = game.state.men_of(1).map(|m| (m, game.state.at(m))).collect::<Vec<_>>();
    println!("{ending:?}\nmen at the end: {beyond:?}\nequipment {:?}", game.state.equipment);
}

fn apply_all(game: &mut Game, events: Vec<Event>) {
    for e in &events {
        game.state.apply(e);
    }
    game.events.extend(events);
    if cfg!(debug_assertions) {
        check_step(game);
    }
}

/// Games the measurement plays per number of players and limit (`COLDITZ_GAMES` overrides).
fn measured_games() -> u64 {
    std::env::var("COLDITZ_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(60)
}

/// The measurement behind the default time limit (docs/rules/colditz.md, "The time limit"):
/// `cargo test -p feldpost-engine --release measure_the_time_limit -- --ignored --nocapture`.
/// For each number of players and each limit, the share of games the Escape Officers win.
#[test]
#[ignore]
fn measure_the_time_limit() {
    let games = measured_games();
    // Without a limit first: the round in which the Escape Officers reach the formula.
    for players in 2..=6 {
        let mut rounds: Vec<u32> = (0..games)
            .map(|seed| sensible_game(seed, players, TimeLimit::None))
            .map(|e| if e.escape_win { e.round } else { u32::MAX })
            .collect();
        rounds.sort();
        let median = rounds[rounds.len() / 2];
        println!(
            "no limit, {players} players: the Escape Officers win by round {median} in half the games; {rounds:?}"
        );
    }
    // Then the limits around those rounds: the share of games the Escape Officers win.
    let grid: [(usize, &[u32]); 5] = [
        (2, &[60, 65, 70, 75, 80]),
        (3, &[40, 45, 50]),
        (4, &[35, 40, 45]),
        (5, &[45, 50, 55]),
        (6, &[40, 45, 50]),
    ];
    for (players, limits) in grid {
        let shares: Vec<String> = limits
            .iter()
            .map(|&n| {
                let wins = (0..games)
                    .filter(|&seed| sensible_game(seed, players, TimeLimit::Rounds(n)).escape_win)
                    .count();
                format!("{n} rounds: {}%", 100 * wins / games as usize)
            })
            .collect();
        println!("{players} players, Escape Officers win: {}", shares.join(", "));
    }
}

/// Do or Die odds as the rules reference states them (R51), from the board's 39 steps between
/// the light-green circles and the nearest target, and the staff car's 31 (R52).
#[test]
fn r51_r52_the_odds_of_a_run_are_those_the_rules_reference_states() {
    let percent = |throws: u8, needed: u16| (do_or_die_odds(throws, needed) * 100.0).round() as u32;
    let green: Vec<CircleId> = BOARD.circles_of(CircleKind::DoOrDie).collect();
    assert_eq!(distance_to_target(&green, Passage::DO_OR_DIE), Some(39));
    // The method, checked against the obvious cases and against throwing dice many times.
    assert!((do_or_die_odds(1, 2) - 1.0).abs() < 1e-12);
    assert_eq!(do_or_die_odds(0, 1), 0.0);
    let mut dice = SeededRandom::new(&[3; 32], "odds", 0, "dice");
    for (throws, needed) in [(3u8, 30u16), (5, 39), (7, 39)] {
        let runs = 40_000;
        let made = (0..runs)
            .filter(|_| {
                let (mut left, mut total) = (throws, 0u16);
                while left > 0 {
                    let (a, b) = (dice.d6(), dice.d6());
                    total += u16::from(a + b);
                    if a != b {
                        left -= 1;
                    }
                }
                total >= needed
            })
            .count();
        let seen = made as f64 / f64::from(runs);
        assert!((seen - do_or_die_odds(throws, needed)).abs() < 0.015, "{throws} throws, {needed}: {seen}");
    }
    assert_eq!([7, 6, 5, 4, 3].map(|n| percent(n, 39)), [99, 90, 59, 24, 6]);
    let gate = BOARD.main_gate().circle;
    let needed: Vec<u16> = BOARD
        .staff_car_circles()
        .map(|car| {
            BOARD.distance(car, gate, Passage::GUARD, &|_| false).unwrap()
                + distance_to_target(&[gate], Passage::GUARD).unwrap()
        })
        .collect();
    assert_eq!((needed.iter().min(), needed.iter().max()), (Some(&31), Some(&35)));
    assert_eq!([percent(6, 31), percent(6, 35)], [99, 97]);
}

/// A look at sensible games: `cargo test -p feldpost-engine --release look_at_sensible_games --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn look_at_sensible_games() {
    for players in [2, 4, 6] {
        for seed in 0..3 {
            let e = sensible_game(seed, players, TimeLimit::None);
            println!(
                "{players}p seed {seed}: round {} win {} escapes {} deaths {}\n  {:?}",
                e.round, e.escape_win, e.escapes, e.deaths, e.counts
            );
        }
    }
}

/// A sensible game ends and keeps the invariants (the measurement itself is ignored: it takes
/// minutes).
#[test]
fn a_sensible_game_ends() {
    let ending = sensible_game(1, 3, TimeLimit::Standard);
    assert!(ending.round <= crate::colditz::options::standard_rounds(3) + 1, "{ending:?}");
}
