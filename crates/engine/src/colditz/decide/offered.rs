//! What is offered: every action a seat may take now (`legal_actions`), concrete or as a template
//! whose typed fields the player fills (docs/rules/colditz.md, "What `legal_actions` offers"):
//! the answers to a window, a turn's actions, each man's moves (paths probed through `decide`),
//! the claims of equipment (C10) and of the Kit (C11), the sensible plays of each card, and what
//! is open at any time (trades, R48; rule 55; standing orders).
//!
//! Apart because it judges nothing itself: it proposes candidates and, wherever one may be
//! refused, asks `decide`, so that what is offered and what is accepted cannot drift apart.

use std::collections::BTreeSet;

use super::arrests::holder_card;
use super::trades::has_tradeable;
use super::tunnels::nearest_guards_to_tunnel;
use super::{decide, equipment_cards, first_in_hand, hand};
use crate::colditz::board::{BOARD, CircleId, CircleKind, Passage, Region, Symbol};
use crate::colditz::cards::{CardId, CardKind, Equipment, KitPart};
use crate::colditz::events::{Action, AppelAnswer, ManId, SearchAnswer};
use crate::colditz::options::Dice;
use crate::colditz::state::{Phase, State, Window};
use crate::{Refusal, Seat};

/// A source for probing actions inside `legal_actions`: alternating faces, so that runs of
/// throws (staff car, shots, Do or Die) end.
fn probe_rng() -> crate::ScriptedRandom {
    crate::ScriptedRandom::new((0..512).map(|i| i % 2))
}

/// Whether `decide` accepts the action as offered, or, for a manual-dice run whose `dice` the
/// player types, once a run of the right length is typed in.
fn accepted(state: &State, seat: Seat, action: &Action) -> bool {
    let probe = match action {
        _ if state.options.dice != Dice::Manual => action.clone(),
        Action::Play { card, men, equipment, dice, tunnel, cells } if dice.is_empty() => {
            let base = match card.kind() {
                CardKind::StaffCar => 6,
                CardKind::ShootToKill => 1,
                _ => 0,
            };
            Action::Play {
                card: *card,
                men: men.clone(),
                equipment: equipment.clone(),
                dice: vec![[1, 2]; base],
                tunnel: tunnel.clone(),
                cells: cells.clone(),
            }
        }
        Action::DoOrDie { man, dice } if dice.is_empty() => {
            match state.turn.as_ref().and_then(|t| t.do_or_die) {
                Some(run) => match run.card.kind() {
                    CardKind::DoOrDie(n) => Action::DoOrDie { man: *man, dice: vec![[1, 2]; usize::from(n)] },
                    _ => action.clone(),
                },
                None => action.clone(),
            }
        }
        _ => action.clone(),
    };
    decide(state, seat, &probe, &mut probe_rng()).is_ok()
}

/// How deep `has_move` looks for a circle to stop on.
const MOVE_PROBE_DEPTH: u16 = 6;

/// Whether `man` has a legal move now: a breadth-first search over paths, each judged by `decide`
/// itself (one path kept per circle), going on through circles a man may cross but not stop on
/// (searchlights, tunnels, rooms and doorways for guards).
fn has_move(state: &State, seat: Seat, man: ManId) -> bool {
    let points = state.turn.as_ref().map_or(0, |t| t.points);
    let start = state.at(man);
    let mut seen: BTreeSet<CircleId> = BTreeSet::from([start]);
    let mut frontier: Vec<Vec<CircleId>> = vec![Vec::new()];
    for _ in 0..points.min(MOVE_PROBE_DEPTH) {
        let mut next = Vec::new();
        for path in &frontier {
            let last = path.last().copied().unwrap_or(start);
            for link in BOARD.links(last) {
                if seen.contains(&link.to) {
                    continue;
                }
                let mut longer = path.clone();
                longer.push(link.to);
                let action = Action::Move { man, path: longer.clone(), cell: None };
                match decide(state, seat, &action, &mut probe_rng()) {
                    Ok(_) => return true,
                    Err(r) if passed_through(&r) => {
                        seen.insert(link.to);
                        next.push(longer);
                    }
                    Err(_) => {}
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    false
}

/// Refusals of a move that only forbid stopping where it ends.
fn passed_through(r: &Refusal) -> bool {
    matches!(
        (r.rule.as_str(), r.reason.key.as_str()),
        ("R42", "colditz-refusal-stop-in-searchlight")
            | ("R53", "colditz-refusal-stop-over-tunnel")
            | ("R44", "colditz-refusal-guard-in-room")
            | ("R45", "colditz-refusal-guard-in-doorway")
    )
}

/// Every action `seat` may take now. What is offered, and which fields the player types
/// (templates), is listed in docs/rules/colditz.md ("What `legal_actions` offers"); the property
/// test in tests/offered.rs checks that every offered action is accepted (templates once their
/// typed fields are filled) and that every accepted action is offered.
pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    if state.ended().is_some() || state.out.contains(&seat) || usize::from(seat) >= state.seats {
        return out;
    }
    let keep = |out: &mut Vec<Action>, action: Action| {
        if accepted(state, seat, &action) {
            out.push(action);
        }
    };
    match state.phase {
        Phase::Starting => return out,
        Phase::Placing => {
            if state.is_german(seat) {
                let teams = state.escape_seats().len();
                let inner: Vec<CircleId> = BOARD.guard_posts(Region::Inner).take(teams).collect();
                let outer: Vec<CircleId> = BOARD.guard_posts(Region::Outer).take(2).collect();
                keep(&mut out, Action::PlaceGuards { inner, outer });
            }
            out.push(Action::SetStandingOrders(state.orders[usize::from(seat)]));
            out.push(Action::Concede);
            return out;
        }
        Phase::Playing => {}
    }
    if let Some(window) = &state.window {
        if window.waiting(state.german).contains(&seat) {
            window_answers(state, seat, window, &mut out);
        }
    } else if state.turn_seat() == Some(seat) {
        turn_actions(state, seat, &mut out);
    }
    // Open at any time: offers, rule 55 and standing orders.
    if state.is_german(seat) {
        if state.escape_seats().into_iter().flat_map(|s| state.men_of(s)).any(|m| !state.in_cell(m)) {
            let man =
                state.escape_seats().into_iter().flat_map(|s| state.men_of(s)).find(|&m| !state.in_cell(m));
            if let Some(man) = man {
                out.push(Action::Discipline { man, infringement: String::new(), cell: None });
            }
        }
    } else {
        // R48: a trade is offered only to a seat that has something to give.
        if has_tradeable(state, seat) {
            for to in state.escape_seats().into_iter().filter(|&to| to != seat && !state.out.contains(&to)) {
                out.push(Action::OfferTrade { to, give: Vec::new(), want: Vec::new() });
            }
        }
        for o in state.offers.iter().filter(|o| o.to == seat) {
            keep(&mut out, Action::AcceptOffer { offer: o.id });
            out.push(Action::DeclineOffer { offer: o.id });
        }
        for o in state.offers.iter().filter(|o| o.from == seat) {
            out.push(Action::WithdrawOffer { offer: o.id });
        }
    }
    out.push(Action::SetStandingOrders(state.orders[usize::from(seat)]));
    // C25: conceding waits for an open question to be answered.
    if state.window.is_none() {
        out.push(Action::Concede);
    }
    out
}

/// The answers to the open window (the default first).
fn window_answers(state: &State, seat: Seat, window: &Window, out: &mut Vec<Action>) {
    match window {
        Window::Appel { .. } => out.push(Action::AnswerAppel(AppelAnswer::default())),
        Window::Search { .. } => out.push(Action::AnswerSearch(SearchAnswer::default())),
        Window::Confiscation { .. } => {
            out.push(Action::AnswerConfiscation { hideaway: None, surrender: None });
            for c in equipment_cards(state, seat) {
                out.push(Action::AnswerConfiscation { hideaway: None, surrender: Some(c) });
            }
            for &h in hand(state, seat).iter().filter(|c| c.kind() == CardKind::Hideaway) {
                out.push(Action::AnswerConfiscation { hideaway: Some(h), surrender: None });
            }
        }
        Window::Holder { equipment, .. } => {
            out.push(Action::AnswerArrestHolder { card: None, cell: None });
            if let Some(c) = holder_card(state, *equipment) {
                out.push(Action::AnswerArrestHolder { card: Some(c), cell: None });
            }
        }
        Window::Talisman { .. } => {
            out.push(Action::AnswerTalisman { talisman: None });
            for &t in hand(state, seat).iter().filter(|c| c.kind() == CardKind::Talisman) {
                out.push(Action::AnswerTalisman { talisman: Some(t) });
            }
        }
        Window::Sabotage { owed } => {
            let cards: Vec<CardId> = hand(state, seat).iter().copied().take(usize::from(*owed)).collect();
            out.push(Action::ReturnSecurity { cards });
        }
        Window::Lend { .. } => {
            out.push(Action::AnswerLend { agree: false });
            out.push(Action::AnswerLend { agree: true });
        }
    }
}

/// The actions of the seat whose turn it is, no window open.
fn turn_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
    let keep = |out: &mut Vec<Action>, action: Action| {
        if accepted(state, seat, &action) {
            out.push(action);
        }
    };
    let turn = state.turn.as_ref().expect("in turn");
    if let Some(run) = turn.do_or_die {
        // R51: the card is drawn; only its throws may follow.
        out.push(Action::DoOrDie { man: run.man, dice: Vec::new() });
        return;
    }
    if turn.throws.is_empty() {
        out.push(Action::Throw { dice: Vec::new() });
    }
    keep(out, Action::EndTurn);
    for &card in hand(state, seat) {
        keep(out, Action::Discard { card });
        for candidate in play_candidates(state, seat, card) {
            keep(out, candidate);
        }
    }
    // A Tunnel card shown: returned (discarded) by its holder to close the tunnel.
    for t in state.tunnels.iter().filter(|t| t.seat == seat) {
        keep(out, Action::Discard { card: t.card });
    }
    if state.is_german(seat) {
        if turn.points > 0 {
            for g in state.men_of(seat).filter(|&g| !state.in_barracks(g)) {
                if has_move(state, seat, g) {
                    out.push(Action::Move { man: g, path: Vec::new(), cell: None });
                }
                keep(out, Action::ReturnGuard { guard: g });
            }
            for post in BOARD.circles_of(CircleKind::GuardPost) {
                keep(out, Action::PostGuard { to: post });
            }
            keep(out, Action::RiotSquad { posts: Vec::new() });
        }
        keep(out, Action::SearchAbsentees { cells: Vec::new() });
        return;
    }
    if turn.points > 0 {
        for m in state.men_of(seat) {
            if state.in_cell(m) {
                keep(out, Action::Release { man: m });
            } else if has_move(state, seat, m) {
                out.push(Action::Move { man: m, path: Vec::new(), cell: None });
            }
        }
    }
    // R51: Do or Die, before the throw, for every man who may run.
    if turn.throws.is_empty() && state.holds_kit(seat) {
        for m in state.men_of(seat) {
            keep(out, Action::DoOrDie { man: m, dice: Vec::new() });
        }
    }
    for claim in kit_candidates(state, seat) {
        keep(out, claim);
    }
    for &card in hand(state, seat) {
        for to in state.escape_seats() {
            keep(out, Action::Give { card, to });
        }
    }
    for claim in equipment_candidates(state, seat) {
        keep(out, claim);
    }
}

/// C10: every pair of men who may claim each kind of equipment: one of the seat's own with
/// another of his, or with another team's man (who is then asked).
fn equipment_candidates(state: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    for e in Equipment::ALL {
        let inside = |s: Seat| -> Vec<ManId> {
            state
                .men_of(s)
                .filter(|&m| BOARD.room_of(state.at(m)).is_some_and(|(_, r)| r.symbol == e.symbol()))
                .collect()
        };
        let mine = inside(seat);
        let others: Vec<ManId> = state
            .escape_seats()
            .into_iter()
            .filter(|&s| s != seat && !state.out.contains(&s))
            .flat_map(inside)
            .collect();
        for (i, &a) in mine.iter().enumerate() {
            for &b in mine[i + 1..].iter().chain(&others) {
                out.push(Action::ClaimEquipment { equipment: e, men: [a, b] });
            }
        }
    }
    out
}

/// C11: a kit claim for each choice of kit-part cards in hand (none, either, both), with the
/// men standing in the rooms still needed.
pub fn kit_candidates(state: &State, seat: Seat) -> Vec<Action> {
    if state.holds_kit(seat) {
        return Vec::new();
    }
    let held: Vec<(CardId, [Symbol; 2])> = [
        (KitPart::CompassFood, [Symbol::Compass, Symbol::Food]),
        (KitPart::DocumentsClothing, [Symbol::Documents, Symbol::Disguise]),
    ]
    .into_iter()
    .filter_map(|(part, covers)| first_in_hand(state, seat, CardKind::KitPart(part)).map(|c| (c, covers)))
    .collect();
    let mut out = Vec::new();
    for choice in 0..(1u8 << held.len()) {
        let mut needed = vec![Symbol::Disguise, Symbol::Compass, Symbol::Food, Symbol::Documents];
        let mut parts = Vec::new();
        for (i, (card, covers)) in held.iter().enumerate() {
            if choice & (1 << i) != 0 {
                parts.push(*card);
                needed.retain(|s| !covers.contains(s));
            }
        }
        let men = assign_men(state, seat, &needed);
        if let Some(men) = men {
            out.push(Action::ClaimKit { men, parts });
        }
    }
    out
}

/// A distinct man of the team standing in a room of each symbol, if there is such a choice.
fn assign_men(state: &State, seat: Seat, needed: &[Symbol]) -> Option<Vec<ManId>> {
    let Some((first, rest)) = needed.split_first() else { return Some(Vec::new()) };
    for m in
        state.men_of(seat).filter(|&m| BOARD.room_of(state.at(m)).is_some_and(|(_, r)| r.symbol == *first))
    {
        let mut without = state.clone();
        without.men[usize::from(m)].at = CircleId::new(0, 0);
        if let Some(mut others) = assign_men(&without, seat, rest) {
            others.insert(0, m);
            return Some(others);
        }
    }
    None
}

/// Ready-made plays of a card: its sensible targets, the fields the player types filled with a
/// default.
pub fn play_candidates(state: &State, seat: Seat, card: CardId) -> Vec<Action> {
    let play = |men: Vec<ManId>, equipment: Vec<Equipment>| Action::Play {
        card,
        men,
        equipment,
        dice: Vec::new(),
        tunnel: None,
        cells: Vec::new(),
    };
    let accepted_first = |candidates: Vec<Action>| -> Vec<Action> {
        candidates.into_iter().find(|a| accepted(state, seat, a)).into_iter().collect()
    };
    match card.kind() {
        CardKind::ReleaseFromSolitary => {
            state.men_of(seat).filter(|&m| state.in_cell(m)).map(|m| play(vec![m], vec![])).collect()
        }
        // The man is typed; offered with the first man it can move.
        CardKind::QuickMove(_) => accepted_first(state.men_of(seat).map(|m| play(vec![m], vec![])).collect()),
        CardKind::Diversion | CardKind::HighCommandInspection => {
            let n = if card.kind() == CardKind::Diversion { 1 } else { 2 };
            let guards: Vec<ManId> =
                state.men_of(state.german).filter(|&g| !state.in_barracks(g)).take(n).collect();
            vec![play(guards, vec![])]
        }
        // The equipment is typed; offered with the first pair the stock still has.
        CardKind::Bribe => accepted_first(
            Equipment::ALL
                .iter()
                .flat_map(|&a| Equipment::ALL.iter().map(move |&b| play(vec![], vec![a, b])))
                .collect(),
        ),
        CardKind::TunnelDetected => state
            .tunnels
            .iter()
            .map(|t| Action::Play {
                card,
                men: nearest_guards_to_tunnel(state, &t.tunnel),
                equipment: vec![],
                dice: vec![],
                tunnel: Some(t.tunnel.clone()),
                cells: vec![],
            })
            .collect(),
        CardKind::StaffCar => state
            .men_of(seat)
            .filter(|&m| BOARD.is(state.at(m), CircleKind::StaffCar))
            .map(|m| play(vec![m], vec![]))
            .collect(),
        // One per man in sight beyond the walls, fired by the guard nearest him (the guard is
        // typed).
        CardKind::ShootToKill => state
            .escape_seats()
            .into_iter()
            .flat_map(|s| state.men_of(s))
            .filter(|&m| BOARD.is_beyond(state.at(m)) && !state.tunnellers.contains(&m))
            .filter_map(|m| {
                let d = BOARD.distances(&[state.at(m)], Passage::ANY, &|_| false);
                state
                    .men_of(seat)
                    .filter(|&g| !state.in_barracks(g))
                    .filter_map(|g| d.to(state.at(g)).map(|x| (x, g)))
                    .min()
                    .map(|(_, g)| play(vec![g, m], vec![]))
            })
            .collect(),
        CardKind::Exchange(_)
        | CardKind::Sabotage
        | CardKind::Appel
        | CardKind::Search(_)
        | CardKind::Tunnel(_) => vec![play(vec![], vec![])],
        CardKind::Equipment(_)
        | CardKind::Kit
        | CardKind::KitPart(_)
        | CardKind::AdvanceWarning
        | CardKind::Hideaway
        | CardKind::Talisman
        | CardKind::ArrestKeyHolder
        | CardKind::ArrestPassHolder
        | CardKind::DoOrDie(_) => Vec::new(),
    }
}
