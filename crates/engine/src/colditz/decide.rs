//! Judging actions: every rule id of docs/rules/colditz.md that refuses something is here.

use std::collections::BTreeSet;

use super::board::{BOARD, Circle, CircleId, CircleKind, GateKind, LinkKind, Passage, Region, Terrain};
use super::cards::{self, CardId, CardKind, Equipment, KitPart, Pack};
use super::events::{
    Action, AppelAnswer, ArrestCause, Death, Effect, Event, Man, ManId, Offer, Placement, Route,
    SearchAnswer, Warning,
};
use super::options::{Dice, Options};
use super::state::{Phase, State, Window};
use crate::random::shuffle;
use crate::{Msg, Random, Refusal, Seat};

type Decided = Result<Vec<Event>, Refusal>;

fn refuse(rule: &str, key: &str) -> Refusal {
    Refusal::new(rule, Msg::new(format!("colditz-refusal-{key}")))
}
fn not_yours(rule: &str, key: &str) -> Refusal {
    Refusal::not_your_turn(rule, Msg::new(format!("colditz-refusal-{key}")))
}

// ------------------------------------------------------------------------------------ setup

/// C1, C8: roles, turn order, the men on the Appel formation and in the barracks, shuffled packs.
pub fn setup(options: &Options, seats: usize, rng: &mut dyn Random) -> Vec<Event> {
    let roles = options.roles(seats);
    let german = options.german;
    let n = seats as Seat;
    let order: Vec<Seat> = (1..=n).map(|k| (german + k) % n).collect();
    let formation = BOARD.formation(seats as u8).expect("a formation for 2–6 players");
    let mut men = Vec::new();
    let mut team = 0;
    for seat in 0..n {
        if seat == german {
            continue;
        }
        for &at in &formation.teams[team] {
            men.push(Man { seat, at });
        }
        team += 1;
    }
    for at in BOARD.barracks_slots().take(usize::from(formation.guards)) {
        men.push(Man { seat: german, at });
    }
    let mut shuffled = |pack: Pack| {
        let mut cards = cards::pack_cards(pack);
        shuffle(&mut cards, rng);
        cards
    };
    let opportunity = shuffled(Pack::Opportunity);
    let security = shuffled(Pack::Security);
    let do_or_die = shuffled(Pack::DoOrDie);
    vec![Event::Setup { roles, order, men, opportunity, security, do_or_die }]
}

// ------------------------------------------------------------------------------------ helpers

/// R38: men in cells, safe areas, tunnels or beyond the walls do not attend Appel.
pub fn exempt_from_appel(at: CircleId) -> bool {
    let Some(c) = BOARD.circle(at) else {
        return true;
    };
    matches!(c.kind, CircleKind::Cell | CircleKind::Safe | CircleKind::Tunnel)
        || matches!(c.region, Region::Beyond | Region::Underground)
}

/// C13, R35, R39: whether a guard may arrest this PoW where he stands, and whether his team then
/// owes an equipment card. `None`: he may not be arrested.
pub fn arrestable(state: &State, man: ManId) -> Option<bool> {
    why_not_arrestable(state, man).ok()
}

/// The same, with the rule that protects him: R35 (Appel circle), C9 (safe area), R39 (on his
/// way back from the outer cells), C13 (a room, a cell, a tunnel, or the courtyard without
/// equipment).
pub fn why_not_arrestable(state: &State, man: ManId) -> Result<bool, &'static str> {
    let Some(c) = BOARD.circle(state.at(man)) else {
        return Err("C13");
    };
    let seat = state.men[usize::from(man)].seat;
    match c.kind {
        CircleKind::Appel => return Err("R35"),
        CircleKind::Safe => return Err("C9"),
        CircleKind::Cell | CircleKind::Tunnel => return Err("C13"),
        _ => {}
    }
    if state.returning.contains(&man) {
        return Err("R39");
    }
    match (c.terrain, c.region) {
        (Terrain::Room(_), _) => Err("C13"),
        (Terrain::Courtyard, _) if state.holds_equipment(seat) => Ok(false),
        (Terrain::Courtyard, _) => Err("C13"),
        (_, Region::Outer | Region::Beyond) => Ok(state.holds_equipment(seat)),
        _ => Err("C13"),
    }
}

/// R45: where a guard may not stay between turns: a room's door circle, a block of cells' door
/// circle, or a KEY/PASS circle opening onto the courtyard.
pub fn doorway(at: CircleId) -> bool {
    BOARD.is_door(at)
        || BOARD.is(at, CircleKind::CellDoor)
        || (BOARD.gate_at(at).is_some() && BOARD.links(at).iter().any(|l| BOARD.in_courtyard(l.to)))
}

/// "Move directly" for several men at once, each to the nearest free circle `accept` takes, in
/// order, each placement counting for the next.
fn direct(state: &State, men: &[ManId], accept: &dyn Fn(&Circle) -> bool) -> Vec<Placement> {
    let mut occupied: BTreeSet<CircleId> = state.men.iter().map(|m| m.at).collect();
    let mut out = Vec::new();
    for &man in men {
        let from = state.at(man);
        if let Some(to) = BOARD.nearest_free(from, accept, &|c| occupied.contains(&c)) {
            occupied.remove(&from);
            occupied.insert(to);
            out.push(Placement { man, to });
        }
    }
    out
}

fn appel_circle(c: &Circle) -> bool {
    c.kind == CircleKind::Appel
}

/// Cells for several arrested men (first free cells, then shared).
fn cells_for(state: &State, n: usize) -> Vec<CircleId> {
    let occupied: BTreeSet<CircleId> = state.men.iter().map(|m| m.at).collect();
    let all: Vec<CircleId> = BOARD.circles_of(CircleKind::Cell).collect();
    let mut free: Vec<CircleId> = all.iter().copied().filter(|c| !occupied.contains(c)).collect();
    free.reverse();
    (0..n).map(|i| free.pop().unwrap_or(all[i % all.len()])).collect()
}

fn hand(state: &State, seat: Seat) -> &Vec<CardId> {
    &state.hands[usize::from(seat)]
}
fn in_hand(state: &State, seat: Seat, card: CardId) -> bool {
    hand(state, seat).contains(&card)
}
fn first_in_hand(state: &State, seat: Seat, kind: CardKind) -> Option<CardId> {
    hand(state, seat).iter().copied().filter(|c| c.kind() == kind).min()
}
fn stock_of(state: &State, equipment: Equipment, skip: &[CardId]) -> Option<CardId> {
    state.stock.iter().copied().find(|c| c.kind() == CardKind::Equipment(equipment) && !skip.contains(c))
}
fn equipment_cards(state: &State, seat: Seat) -> Vec<CardId> {
    state.equipment[usize::from(seat)]
        .iter()
        .copied()
        .filter(|c| matches!(c.kind(), CardKind::Equipment(_)))
        .collect()
}
fn score(state: &State) -> u16 {
    state.turn.as_ref().map_or(0, |t| t.throws.iter().map(|[a, b]| u16::from(*a) + u16::from(*b)).sum())
}

// ------------------------------------------------------------------------------------ decide

pub fn decide(state: &State, seat: Seat, action: &Action, rng: &mut dyn Random) -> Decided {
    let events = decide_inner(state, seat, action, rng)?;
    Ok(end_chase(state, events))
}

/// R46: when an escaper reaches a target, is arrested or shot and nobody is left beyond the
/// walls, the guards beyond them go directly to barracks and the opened routes close.
fn end_chase(state: &State, mut events: Vec<Event>) -> Vec<Event> {
    let trigger = events
        .iter()
        .any(|e| matches!(e, Event::Escaped { .. } | Event::Died { .. } | Event::Arrested { .. }));
    if !trigger {
        return events;
    }
    let mut after = state.clone();
    for e in &events {
        after.apply(e);
    }
    let chasers: Vec<ManId> = after.men_of(after.german).filter(|&g| BOARD.is_beyond(after.at(g))).collect();
    if after.chase_on() || (chasers.is_empty() && after.opened.is_empty()) {
        return events;
    }
    let moves = direct(&after, &chasers, &|c| c.kind == CircleKind::BarracksSlot);
    events.push(Event::ChaseEnded { moves });
    events
}

fn decide_inner(state: &State, seat: Seat, action: &Action, rng: &mut dyn Random) -> Decided {
    if usize::from(seat) >= state.seats {
        return Err(not_yours("C1", "no-such-seat"));
    }
    if state.phase == Phase::Starting {
        return Err(not_yours("C1", "not-started"));
    }
    if state.ended().is_some() {
        return Err(refuse("C23", "game-over"));
    }
    if state.out.contains(&seat) {
        return Err(refuse("R51", "team-out"));
    }
    // Actions open at any time of play.
    match action {
        Action::TimeUp { today } => return time_up(state, today),
        Action::OfferTrade { to, give, want } => return offer_trade(state, seat, *to, give, want),
        Action::AcceptOffer { offer } => return accept_offer(state, seat, *offer),
        Action::DeclineOffer { offer } => {
            return match state.offers.iter().find(|o| o.id == *offer) {
                Some(o) if o.to == seat => Ok(vec![Event::OfferDeclined { offer: *offer }]),
                Some(_) => Err(not_yours("R48", "not-your-offer")),
                None => Err(refuse("R48", "no-such-offer")),
            };
        }
        Action::WithdrawOffer { offer } => {
            return match state.offers.iter().find(|o| o.id == *offer) {
                Some(o) if o.from == seat => Ok(vec![Event::OfferWithdrawn { offer: *offer }]),
                Some(_) => Err(not_yours("R48", "not-your-offer")),
                None => Err(refuse("R48", "no-such-offer")),
            };
        }
        Action::SetStandingOrders(orders) => {
            return Ok(vec![Event::StandingOrdersSet { seat, orders: *orders }]);
        }
        Action::Discipline { man, infringement, cell } => {
            return discipline(state, seat, *man, infringement, *cell);
        }
        _ => {}
    }
    if state.phase == Phase::Placing {
        return match action {
            Action::PlaceGuards { inner, outer } if state.is_german(seat) => {
                place_guards(state, inner, outer)
            }
            _ if !state.is_german(seat) => Err(not_yours("C3", "german-places-guards")),
            _ => Err(refuse("C3", "place-guards-first")),
        };
    }
    if let Some(window) = &state.window {
        if !window.waiting(state.german).contains(&seat) {
            return Err(not_yours("C15", "window-open"));
        }
        return answer(state, seat, window, action, rng);
    }
    let Some(turn) = &state.turn else {
        return Err(not_yours("C4", "no-turn"));
    };
    if turn.seat != seat {
        return Err(not_yours("C4", "not-your-turn"));
    }
    let thrown = !turn.throws.is_empty();
    let german = state.is_german(seat);
    match action {
        Action::Throw { dice } => throw(state, seat, dice, rng),
        Action::EndTurn => end_turn(state, seat),
        Action::Play { card, men, equipment, dice, tunnel } => {
            if let CardKind::TunnelDetected = card.kind()
                && in_hand(state, seat, *card)
            {
                return tunnel_detected(state, seat, *card, men, tunnel.as_deref());
            }
            play(state, seat, *card, men, equipment, dice, rng)
        }
        Action::Discard { card } if state.tunnels.iter().any(|t| t.card == *card) => {
            close_tunnel(state, seat, *card)
        }
        Action::DoOrDie { man, dice } if !german => do_or_die(state, seat, *man, dice, rng),
        Action::Discard { card } => {
            if in_hand(state, seat, *card) {
                Ok(vec![Event::Discarded { seat, card: Some(*card) }])
            } else {
                Err(refuse("R47", "card-not-held"))
            }
        }
        Action::Give { card, to } => give(state, seat, *card, *to),
        Action::ClaimEquipment { equipment, men } if !german => {
            claim_equipment(state, seat, *equipment, *men)
        }
        Action::ClaimKit { men, parts } if !german => claim_kit(state, seat, men, parts),
        _ if !thrown => Err(refuse("C4", "throw-first")),
        Action::Move { man, path, cell } => {
            if german {
                move_guard(state, seat, *man, path, *cell)
            } else {
                move_pow(state, seat, *man, path)
            }
        }
        Action::Release { man } if !german => release(state, seat, *man),
        Action::PostGuard { to } if german => post_guard(state, *to),
        Action::ReturnGuard { guard } if german => return_guard(state, *guard),
        Action::SearchAbsentees if german => search_absentees(state),
        _ => Err(refuse("C4", "not-now")),
    }
}

fn place_guards(state: &State, inner: &[CircleId], outer: &[CircleId]) -> Decided {
    let teams = state.escape_seats().len();
    if inner.len() != teams {
        return Err(refuse("C3", "inner-guards"));
    }
    if !(2..=7).contains(&outer.len()) {
        return Err(refuse("C3", "outer-guards"));
    }
    let guards: Vec<ManId> = state.men_of(state.german).collect();
    if inner.len() + outer.len() > guards.len() {
        return Err(refuse("C3", "too-many-guards"));
    }
    let inner_posts: BTreeSet<CircleId> = BOARD.guard_posts(Region::Inner).collect();
    let outer_posts: BTreeSet<CircleId> = BOARD.guard_posts(Region::Outer).collect();
    if !inner.iter().all(|c| inner_posts.contains(c)) || !outer.iter().all(|c| outer_posts.contains(c)) {
        return Err(refuse("C3", "not-a-guard-post"));
    }
    let all: BTreeSet<CircleId> = inner.iter().chain(outer).copied().collect();
    if all.len() != inner.len() + outer.len() {
        return Err(refuse("C3", "same-post-twice"));
    }
    let posts = inner.iter().chain(outer).zip(guards).map(|(&to, man)| Placement { man, to }).collect();
    Ok(vec![Event::GuardsPlaced { posts }])
}

/// C4: all throws of a turn (doubles throw again, capped by the option), then a card on a single
/// throw of 3, 7 or 11.
fn throw(state: &State, seat: Seat, dice: &[[u8; 2]], rng: &mut dyn Random) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if !turn.throws.is_empty() {
        return Err(refuse("C4", "thrown-already"));
    }
    let cap = state.options.max_throws.map(usize::from);
    let throws: Vec<[u8; 2]> = match state.options.dice {
        Dice::Seeded => {
            if !dice.is_empty() {
                return Err(refuse("C4", "seeded-dice"));
            }
            let mut throws = Vec::new();
            loop {
                let t = [rng.d6(), rng.d6()];
                throws.push(t);
                if t[0] != t[1] || cap.is_some_and(|c| throws.len() >= c) {
                    break throws;
                }
            }
        }
        Dice::Manual => {
            let valid = !dice.is_empty()
                && dice.iter().flatten().all(|f| (1..=6).contains(f))
                && dice[..dice.len() - 1].iter().all(|t| t[0] == t[1])
                && cap.is_none_or(|c| dice.len() <= c)
                && (dice[dice.len() - 1][0] != dice[dice.len() - 1][1] || cap == Some(dice.len()));
            if !valid {
                return Err(refuse("C4", "manual-dice"));
            }
            dice.to_vec()
        }
    };
    let mut events = vec![Event::Thrown { seat, throws: throws.clone() }];
    if throws.len() == 1 && matches!(throws[0][0] + throws[0][1], 3 | 7 | 11) {
        let (pack, pile) = if state.is_german(seat) {
            (Pack::Security, &state.security)
        } else {
            (Pack::Opportunity, &state.opportunity)
        };
        if let Some(&card) = pile.front() {
            events.push(Event::Drew { seat, pack, card: Some(card) });
        }
    }
    Ok(events)
}

/// C7, R44, R45, R47.
fn end_turn(state: &State, seat: Seat) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if turn.throws.is_empty() {
        return Err(refuse("C4", "throw-first"));
    }
    if hand(state, seat).len() > 3 {
        return Err(refuse("C18", "hand-over-three"));
    }
    if state.is_german(seat) {
        for g in state.men_of(seat) {
            let at = state.at(g);
            if BOARD.room_of(at).is_some() {
                return Err(refuse("R44", "guard-in-room"));
            }
            if doorway(at) {
                return Err(refuse("R45", "guard-in-doorway"));
            }
        }
    }
    Ok(vec![Event::TurnEnded { seat }])
}

/// The PoW walk of C5/C6 with gates (R41, R50, R39), searchlights (R42), tunnels (R53) and the
/// forced arrest (R43).
fn move_pow(state: &State, seat: Seat, man: ManId, path: &[CircleId]) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if state.men.get(usize::from(man)).is_none_or(|m| m.seat != seat) {
        return Err(refuse("C5", "not-your-man"));
    }
    if path.is_empty() || path.len() > usize::from(turn.points) {
        return Err(refuse("C5", "too-far"));
    }
    if state.in_cell(man) {
        return Err(refuse("R37", "in-solitary"));
    }
    let returning = state.returning.contains(&man);
    let back = Passage { passes: true, ..Passage::WALK };
    let gate = BOARD.return_gate().circle;
    let to_gate = |c: CircleId| BOARD.distance(c, gate, back, &|_| false);
    let mut lost = false;
    let mut surrendered: Vec<CardId> = Vec::new();
    let mut open = turn.gates_open.clone();
    let mut from = state.at(man);
    let mut arrested_by = None;
    let mut escaped = None;
    let mut paid: Vec<(CircleId, CircleId)> = turn.paid.clone();
    let mut inside = state.tunnellers.contains(&man);
    for (i, &next) in path.iter().enumerate() {
        let Some(link) = BOARD.link(from, next) else {
            return Err(refuse("C6", "not-a-neighbour"));
        };
        match link.kind {
            LinkKind::Step => {}
            LinkKind::Gate(kind) => {
                let free_return = returning && !lost && kind == GateKind::Pass && next == gate;
                let equipment = if kind == GateKind::Key { Equipment::Key } else { Equipment::Pass };
                if !free_return && !open.contains(&equipment) {
                    let card = equipment_cards(state, seat)
                        .into_iter()
                        .find(|c| c.kind() == CardKind::Equipment(equipment));
                    let Some(card) = card else {
                        return Err(refuse("R41", "gate-needs-card"));
                    };
                    surrendered.push(card);
                    open.push(equipment);
                }
            }
            LinkKind::RopeDown { .. } | LinkKind::RopeUp { .. } | LinkKind::Wire => {
                let ropes = match link.kind {
                    LinkKind::RopeDown { ropes } | LinkKind::RopeUp { ropes } => ropes,
                    _ => 1,
                };
                // R50: one payment serves the team's men for the rest of the turn. R40: going
                // back in (up a rope, in through the wire) is a crossing of its own and costs
                // again. Wire Cutters are given up at each crossing (our reading of R40's
                // "another card").
                let key = (from, next);
                if !paid.contains(&key) {
                    let (equipment, n) = match link.kind {
                        LinkKind::Wire => (Equipment::WireCutters, 1),
                        _ => (Equipment::Rope, usize::from(ropes)),
                    };
                    let cards: Vec<CardId> = equipment_cards(state, seat)
                        .into_iter()
                        .filter(|c| c.kind() == CardKind::Equipment(equipment) && !surrendered.contains(c))
                        .take(n)
                        .collect();
                    if cards.len() < n {
                        let (rule, key) = match link.kind {
                            LinkKind::Wire if BOARD.is_beyond(from) => ("R40", "wire-back-needs-card"),
                            LinkKind::Wire => ("C6", "wire-needs-cutters"),
                            LinkKind::RopeUp { .. } => ("R40", "rope-back-needs-card"),
                            _ => ("R50", "rope-needs-cards"),
                        };
                        return Err(refuse(rule, key));
                    }
                    surrendered.extend(cards);
                    paid.push(key);
                }
            }
            LinkKind::Tunnel(t) => {
                // R53: only in a tunnel in use, entered only at one of its ends.
                let tunnel = BOARD.tunnel(t);
                if !state.tunnels.iter().any(|o| o.tunnel == tunnel.key) {
                    return Err(refuse("R53", "tunnel-not-open"));
                }
                if !inside && !tunnel.ends().contains(&from) {
                    return Err(refuse("R53", "enter-at-an-end"));
                }
                inside = true;
            }
        }
        if inside && !matches!(link.kind, LinkKind::Tunnel(_)) {
            // R53: out only at an end, and at least two stay inside.
            let Some((_, tunnel)) = BOARD.tunnel_of(from).filter(|(_, t)| t.ends().contains(&from)) else {
                return Err(refuse("R53", "leave-at-an-end"));
            };
            if state.inside(&tunnel.key).iter().filter(|&&m| m != man).count() < 2 {
                return Err(refuse("R53", "two-stay-inside"));
            }
            inside = false;
        }
        if BOARD.target_at(next).is_some() {
            // C22: reaching a target is the escape; the path ends there (exact score not
            // needed), and only with the team's Escape Kit.
            if !state.holds_kit(seat) {
                return Err(refuse("C22", "escape-needs-kit"));
            }
            if i + 1 != path.len() {
                return Err(refuse("C22", "path-past-target"));
            }
            escaped = Some(next);
        }
        let other = if inside { state.tunneller_at(next) } else { state.surface_man_at(next) };
        if let Some(other) = other.filter(|&o| o != man) {
            if state.is_guard(other) && i + 1 == path.len() {
                arrested_by = Some(other);
            } else {
                return Err(refuse("C6", "occupied"));
            }
        }
        if returning && !lost {
            match (to_gate(from), to_gate(next)) {
                (Some(a), Some(b)) if b + 1 == a => {}
                _ => lost = true,
            }
        }
        from = next;
    }
    if arrested_by.is_none() && !inside {
        if BOARD.is(from, CircleKind::Searchlight) {
            return Err(refuse("R42", "stop-in-searchlight"));
        }
        if BOARD.is(from, CircleKind::Tunnel) {
            return Err(refuse("R53", "stop-over-tunnel"));
        }
    }
    let mut events = vec![Event::Moved { man, path: path.to_vec(), surrendered: surrendered.clone() }];
    if lost && from != gate {
        events.push(Event::ImmunityLost { man });
    }
    if let Some(target) = escaped {
        events.push(Event::Escaped { man, seat, target, route: Route::Walk });
        return Ok(events);
    }
    // R49: a Key or Pass given up: the German may arrest the holder (asked whether or not he
    // holds the card). A man arrested on this move anyway is not asked about.
    let used = surrendered.iter().rev().find_map(|c| match c.kind() {
        CardKind::Equipment(e @ (Equipment::Key | Equipment::Pass)) => Some(e),
        _ => None,
    });
    if let (Some(equipment), None) = (used, arrested_by) {
        let asked = Event::HolderAsked { man, equipment };
        let mut after = state.clone();
        for e in &events {
            after.apply(e);
        }
        after.apply(&asked);
        events.push(asked);
        events.extend(settle_window(&after));
        return Ok(events);
    }
    if let Some(guard) = arrested_by {
        // R43: the arrest rules apply as if the guard had moved onto him there (C13).
        let mut there = state.clone();
        there.men[usize::from(man)].at = from;
        there.returning.retain(|&m| m != man);
        let confiscate = why_not_arrestable(&there, man).map_err(|rule| refuse(rule, "not-arrestable"))?;
        let cell = state.default_cell();
        let slot = state.barracks_place(from);
        events.push(Event::Arrested {
            man,
            cell,
            guard: Some(Placement { man: guard, to: slot }),
            cause: ArrestCause::Forced,
            confiscate,
        });
        if confiscate {
            events.extend(standing_confiscation(state, seat));
        }
    }
    Ok(events)
}

/// Guards move like PoWs but through KEY and PASS circles freely; never into rooms without Appel
/// or that room's Search (R44), never beyond the walls (R46, part 2), never stopping over a
/// tunnel (R53). A last step onto an arrestable PoW arrests him (C13).
fn move_guard(state: &State, seat: Seat, man: ManId, path: &[CircleId], cell: Option<CircleId>) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if state.men.get(usize::from(man)).is_none_or(|m| m.seat != seat) {
        return Err(refuse("C5", "not-your-man"));
    }
    if state.in_barracks(man) {
        return Err(refuse("C12", "post-from-barracks"));
    }
    if path.is_empty() || path.len() > usize::from(turn.points) {
        return Err(refuse("C5", "too-far"));
    }
    let mut from = state.at(man);
    let mut arrest = None;
    for (i, &next) in path.iter().enumerate() {
        let Some(link) = BOARD.link(from, next) else {
            return Err(refuse("C6", "not-a-neighbour"));
        };
        match link.kind {
            LinkKind::Step | LinkKind::Gate(_) => {}
            // R46: over walls and wire only along a route an escaper opened.
            LinkKind::RopeDown { .. } | LinkKind::RopeUp { .. } | LinkKind::Wire => {
                if !state.opened.contains(&(from.min(next), from.max(next))) {
                    return Err(refuse("R46", "guard-chase-route"));
                }
            }
            LinkKind::Tunnel(_) => return Err(refuse("R53", "guard-in-tunnel")),
        }
        // R46: guards leave the camp only to chase an escaper beyond the walls.
        if BOARD.region(next) != BOARD.region(from)
            && matches!(BOARD.region(next), Some(Region::Beyond))
            && !state.chase_on()
        {
            return Err(refuse("R46", "guard-beyond"));
        }
        if let Some((_, room)) = BOARD.room_of(next)
            && !turn.appel
            && !turn.searched_rooms.contains(&room.key)
        {
            return Err(refuse("R44", "guard-into-room"));
        }
        if let Some(other) = state.surface_man_at(next).filter(|&o| o != man) {
            if i + 1 == path.len() && !state.is_guard(other) {
                match why_not_arrestable(state, other) {
                    Ok(confiscate) => arrest = Some((other, confiscate)),
                    Err(rule) => return Err(refuse(rule, "not-arrestable")),
                }
            } else {
                return Err(refuse("C6", "occupied"));
            }
        }
        from = next;
    }
    if arrest.is_none() {
        if BOARD.is(from, CircleKind::Tunnel) {
            return Err(refuse("R53", "stop-over-tunnel"));
        }
        // Checked when the move ends, so that the German can never be left unable to end
        // his turn: guards pass through rooms and doorways but do not stop there.
        if BOARD.room_of(from).is_some() {
            return Err(refuse("R44", "guard-in-room"));
        }
        if doorway(from) {
            return Err(refuse("R45", "guard-in-doorway"));
        }
    }
    let mut events = vec![Event::Moved { man, path: path.to_vec(), surrendered: Vec::new() }];
    if let Some((pow, confiscate)) = arrest {
        let cell = match cell {
            Some(c) if BOARD.is(c, CircleKind::Cell) => c,
            Some(_) => return Err(refuse("C13", "not-a-cell")),
            None => state.default_cell(),
        };
        let slot = state.barracks_place(from);
        events.push(Event::Arrested {
            man: pow,
            cell,
            guard: Some(Placement { man, to: slot }),
            cause: ArrestCause::Guard,
            confiscate,
        });
        if confiscate {
            events.extend(standing_confiscation(state, state.men[usize::from(pow)].seat));
        }
    }
    Ok(events)
}

/// The answer a team's standing orders give at once to a confiscation (C15).
fn standing_confiscation(state: &State, seat: Seat) -> Vec<Event> {
    if !state.orders[usize::from(seat)].confiscation {
        return Vec::new();
    }
    vec![default_confiscation(state, seat, true)]
}

fn default_confiscation(state: &State, seat: Seat, use_hideaway: bool) -> Event {
    let hideaway = if use_hideaway { first_in_hand(state, seat, CardKind::Hideaway) } else { None };
    let card = if hideaway.is_some() { None } else { equipment_cards(state, seat).first().copied() };
    Event::Confiscated { seat, card, hideaway }
}

/// R37: a double releases one man (one point of the score).
fn release(state: &State, seat: Seat, man: ManId) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if state.men.get(usize::from(man)).is_none_or(|m| m.seat != seat) || !state.in_cell(man) {
        return Err(refuse("R37", "not-in-solitary"));
    }
    if turn.releases == 0 || turn.points == 0 {
        return Err(refuse("R37", "no-double"));
    }
    let to = state.release_circle(man).ok_or_else(|| refuse("R37", "no-free-circle"))?;
    Ok(vec![Event::Released { placement: Placement { man, to } }])
}

/// C12: posting from the reserve, before any arrest, not a guard recalled this turn.
fn post_guard(state: &State, to: CircleId) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if turn.points == 0 {
        return Err(refuse("C5", "too-far"));
    }
    if turn.arrested {
        return Err(refuse("C12", "post-after-arrest"));
    }
    if !BOARD.is(to, CircleKind::GuardPost) || state.occupied(to) {
        return Err(refuse("C12", "not-a-free-post"));
    }
    let guard = state
        .men_of(state.german)
        .find(|&g| state.in_barracks(g) && !turn.recalled.contains(&g))
        .ok_or_else(|| refuse("C12", "no-reserve"))?;
    Ok(vec![Event::Posted { placement: Placement { man: guard, to } }])
}

fn return_guard(state: &State, guard: ManId) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if turn.points == 0 {
        return Err(refuse("C5", "too-far"));
    }
    if state.men.get(usize::from(guard)).is_none_or(|m| m.seat != state.german)
        || !BOARD.is(state.at(guard), CircleKind::GuardPost)
    {
        return Err(refuse("C12", "recall-from-post"));
    }
    let to = state.barracks_place(state.at(guard));
    Ok(vec![Event::Recalled { placement: Placement { man: guard, to } }])
}

/// C16: absentees within the throw's reach of a guard go to solitary; the throw is spent.
fn search_absentees(state: &State) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if !turn.appel || turn.searched {
        return Err(refuse("C16", "no-appel"));
    }
    let total = score(state);
    if turn.points != total {
        return Err(refuse("C16", "throw-used"));
    }
    let guards: Vec<CircleId> =
        state.men_of(state.german).filter(|&g| !state.in_barracks(g)).map(|g| state.at(g)).collect();
    let reach = BOARD.distances(&guards, Passage::GUARD, &|_| false);
    let found: Vec<ManId> = turn
        .absent
        .iter()
        .copied()
        .filter(|&m| {
            let at = state.at(m);
            !exempt_from_appel(at)
                && !BOARD.is(at, CircleKind::Appel)
                && reach.to(at).is_some_and(|d| d <= total)
        })
        .collect();
    let cells = cells_for(state, found.len());
    let caught = found.into_iter().zip(cells).map(|(man, to)| Placement { man, to }).collect();
    Ok(vec![Event::AbsenteesSearched { caught }])
}

/// C10: two men in rooms with the symbol claim the card and go directly to Appel.
fn claim_equipment(state: &State, seat: Seat, equipment: Equipment, men: [ManId; 2]) -> Decided {
    if men[0] == men[1] || men.iter().any(|&m| state.men.get(usize::from(m)).is_none_or(|x| x.seat != seat)) {
        return Err(refuse("C10", "not-your-man"));
    }
    let symbol = equipment.symbol();
    if !men.iter().all(|&m| BOARD.room_of(state.at(m)).is_some_and(|(_, r)| r.symbol == symbol)) {
        return Err(refuse("C10", "not-in-symbol-rooms"));
    }
    let card = stock_of(state, equipment, &[]).ok_or_else(|| refuse("C10", "none-left"))?;
    let moves = direct(state, &men, &appel_circle);
    Ok(vec![Event::EquipmentClaimed { seat, card, moves }])
}

/// C11: the Escape Kit from men in the four kit rooms and/or kit-part cards.
fn claim_kit(state: &State, seat: Seat, men: &[ManId], parts: &[CardId]) -> Decided {
    use super::board::Symbol;
    if state.holds_kit(seat) {
        return Err(refuse("C11", "kit-held"));
    }
    let mut needed: Vec<Symbol> = vec![Symbol::Disguise, Symbol::Compass, Symbol::Food, Symbol::Documents];
    let distinct: BTreeSet<CardId> = parts.iter().copied().collect();
    if distinct.len() != parts.len() {
        return Err(refuse("C11", "kit-parts"));
    }
    for &p in parts {
        if !in_hand(state, seat, p) {
            return Err(refuse("C11", "kit-parts"));
        }
        let covers = match p.kind() {
            CardKind::KitPart(KitPart::CompassFood) => [Symbol::Compass, Symbol::Food],
            CardKind::KitPart(KitPart::DocumentsClothing) => [Symbol::Documents, Symbol::Disguise],
            _ => return Err(refuse("C11", "kit-parts")),
        };
        if !covers.iter().all(|s| needed.contains(s)) {
            return Err(refuse("C11", "kit-parts"));
        }
        needed.retain(|s| !covers.contains(s));
    }
    let distinct_men: BTreeSet<ManId> = men.iter().copied().collect();
    if distinct_men.len() != men.len()
        || men.len() != needed.len()
        || men.iter().any(|&m| state.men.get(usize::from(m)).is_none_or(|x| x.seat != seat))
    {
        return Err(refuse("C11", "kit-rooms"));
    }
    let symbols: Vec<Option<Symbol>> =
        men.iter().map(|&m| BOARD.room_of(state.at(m)).map(|(_, r)| r.symbol)).collect();
    if !matches_all(&needed, &symbols) {
        return Err(refuse("C11", "kit-rooms"));
    }
    let card = state
        .stock
        .iter()
        .copied()
        .find(|c| c.kind() == CardKind::Kit)
        .ok_or_else(|| refuse("C11", "none-left"))?;
    Ok(vec![Event::KitClaimed { seat, card, parts: parts.to_vec() }])
}

/// Whether each needed symbol can be given a distinct man standing in a room with it.
fn matches_all(needed: &[super::board::Symbol], symbols: &[Option<super::board::Symbol>]) -> bool {
    match needed.split_first() {
        None => true,
        Some((first, rest)) => (0..symbols.len()).any(|i| {
            symbols[i] == Some(*first) && {
                let mut others = symbols.to_vec();
                others[i] = None;
                matches_all(rest, &others)
            }
        }),
    }
}

/// C19, C20: cards played in turn.
#[allow(clippy::too_many_arguments)]
fn play(
    state: &State,
    seat: Seat,
    card: CardId,
    men: &[ManId],
    equipment: &[Equipment],
    dice: &[[u8; 2]],
    rng: &mut dyn Random,
) -> Decided {
    if !in_hand(state, seat, card) {
        return Err(refuse("R47", "card-not-held"));
    }
    let kind = card.kind();
    match kind {
        CardKind::Tunnel(key) => {
            let effect = Effect::Tunnel { tunnel: key.to_string() };
            return Ok(vec![Event::Played { seat, card, effect }]);
        }
        CardKind::StaffCar => return staff_car(state, seat, card, men, dice, rng),
        CardKind::ShootToKill => return shoot(state, seat, card, men, dice, rng),
        CardKind::Talisman | CardKind::ArrestKeyHolder | CardKind::ArrestPassHolder => {
            return Err(refuse("R49", "answer-only"));
        }
        _ => {}
    }
    if let CardKind::DoOrDie(_) = kind {
        return Err(refuse("R51", "not-a-hand-card"));
    }
    let own_man = |m: ManId| state.men.get(usize::from(m)).is_some_and(|x| x.seat == seat);
    let effect = match kind {
        CardKind::Exchange(e) => {
            Effect::Equipment { card: stock_of(state, e, &[]).ok_or_else(|| refuse("C19", "none-left"))? }
        }
        CardKind::KitPart(_) => return Err(refuse("C11", "kit-part-in-claim")),
        CardKind::ReleaseFromSolitary => {
            let [man] = men else {
                return Err(refuse("C19", "choose-one-man"));
            };
            if !own_man(*man) || !state.in_cell(*man) {
                return Err(refuse("R37", "not-in-solitary"));
            }
            let to = state.release_circle(*man).ok_or_else(|| refuse("R37", "no-free-circle"))?;
            Effect::Release { placement: Placement { man: *man, to } }
        }
        CardKind::Diversion | CardKind::HighCommandInspection => {
            let n = if kind == CardKind::Diversion { 1 } else { 2 };
            let on_duty = state.men_of(state.german).filter(|&g| !state.in_barracks(g)).count();
            let distinct: BTreeSet<ManId> = men.iter().copied().collect();
            if men.len() != n.min(on_duty)
                || distinct.len() != men.len()
                || men.iter().any(|&g| {
                    state.men.get(usize::from(g)).is_none_or(|x| x.seat != state.german)
                        || state.in_barracks(g)
                })
            {
                return Err(refuse("R54", "choose-guards"));
            }
            Effect::Guards { moves: direct(state, men, &|c| c.kind == CircleKind::BarracksSlot) }
        }
        CardKind::AdvanceWarning | CardKind::Hideaway => return Err(refuse("R49", "answer-only")),
        CardKind::Bribe => {
            if equipment.len() != 2 {
                return Err(refuse("C19", "bribe-two"));
            }
            let first = stock_of(state, equipment[0], &[]).ok_or_else(|| refuse("C19", "none-left"))?;
            let second = stock_of(state, equipment[1], &[first]).ok_or_else(|| refuse("C19", "none-left"))?;
            Effect::Bribe { cards: vec![first, second] }
        }
        CardKind::Sabotage => Effect::Sabotage { owed: hand(state, state.german).len().min(2) as u8 },
        CardKind::QuickMove(room) => {
            let [man] = men else {
                return Err(refuse("C19", "choose-one-man"));
            };
            if !own_man(*man) || state.in_cell(*man) {
                return Err(refuse("C19", "quick-move-man"));
            }
            let (room_id, _) = BOARD.room_named(room).expect("quick-move rooms exist on the board");
            let to = state
                .nearest_free(state.at(*man), &|c| c.room() == Some(room_id))
                .ok_or_else(|| refuse("C19", "room-full"))?;
            Effect::QuickMove { placement: Placement { man: *man, to } }
        }
        CardKind::Appel => {
            if !state.turn.as_ref().is_some_and(|t| t.throws.is_empty()) {
                return Err(refuse("C16", "appel-before-throw"));
            }
            let asked = state
                .escape_seats()
                .into_iter()
                .filter(|&s| state.men_of(s).any(|m| !exempt_from_appel(state.at(m))))
                .collect();
            Effect::Appel { asked }
        }
        CardKind::Search(room) => {
            let asked = state
                .escape_seats()
                .into_iter()
                .filter(|&s| {
                    state.holds_equipment(s)
                        && state
                            .men_of(s)
                            .any(|m| BOARD.room_of(state.at(m)).is_some_and(|(_, r)| r.key == room))
                })
                .collect();
            Effect::Search { room: room.to_string(), asked }
        }
        _ => return Err(refuse("C19", "not-playable")),
    };
    let mut after = state.clone();
    let played = Event::Played { seat, card, effect };
    after.apply(&played);
    let mut events = vec![played];
    events.extend(settle_window(&after));
    Ok(events)
}

/// Throws of a run (R51, R52, C24): `base` throws, every double throwing once more (`cap`: at
/// most this many in all). Seeded dice are thrown here; manual dice must be exactly such a run.
fn run_throws(
    state: &State,
    base: usize,
    cap: Option<usize>,
    dice: &[[u8; 2]],
    rng: &mut dyn Random,
) -> Result<Vec<[u8; 2]>, Refusal> {
    let more = |throws: &[[u8; 2]], remaining: &mut usize| {
        let t = throws[throws.len() - 1];
        *remaining -= 1;
        if t[0] == t[1] && cap.is_none_or(|c| throws.len() < c) {
            *remaining += 1;
        }
        if cap.is_some_and(|c| throws.len() >= c) {
            *remaining = 0;
        }
    };
    let mut throws = Vec::new();
    let mut remaining = base;
    match state.options.dice {
        Dice::Seeded => {
            if !dice.is_empty() {
                return Err(refuse("C4", "seeded-dice"));
            }
            while remaining > 0 {
                throws.push([rng.d6(), rng.d6()]);
                more(&throws, &mut remaining);
            }
        }
        Dice::Manual => {
            for t in dice {
                if remaining == 0 || !t.iter().all(|f| (1..=6).contains(f)) {
                    return Err(refuse("C4", "manual-dice"));
                }
                throws.push(*t);
                more(&throws, &mut remaining);
            }
            if remaining > 0 {
                return Err(refuse("C4", "manual-dice"));
            }
        }
    }
    Ok(throws)
}

fn total(throws: &[[u8; 2]]) -> u16 {
    throws.iter().map(|[a, b]| u16::from(*a) + u16::from(*b)).sum()
}

/// Steps from `from` to the nearest target for a run that ignores men (R51, R52).
fn to_target(from: &[CircleId], passage: Passage) -> Option<u16> {
    let d = BOARD.distances(from, passage, &|_| false);
    BOARD.targets().iter().filter_map(|t| d.to(t.circle)).min()
}

fn own_pow(state: &State, seat: Seat, man: ManId) -> bool {
    state.men.get(usize::from(man)).is_some_and(|m| m.seat == seat) && !state.is_gone(man)
}

/// R52: the Staff Car. The man stands on a circle by the car; he throws six times (doubles
/// again) and drives out through the main gate, guards standing aside, no pass needed. Reaching
/// a target (with the kit, C22) is an escape; short of it he goes to solitary.
fn staff_car(
    state: &State,
    seat: Seat,
    card: CardId,
    men: &[ManId],
    dice: &[[u8; 2]],
    rng: &mut dyn Random,
) -> Decided {
    let [man] = men else {
        return Err(refuse("C19", "choose-one-man"));
    };
    let man = *man;
    if !own_pow(state, seat, man) || !BOARD.is(state.at(man), CircleKind::StaffCar) {
        return Err(refuse("R52", "not-at-the-car"));
    }
    if !state.holds_kit(seat) {
        return Err(refuse("C22", "escape-needs-kit"));
    }
    let throws = run_throws(state, 6, None, dice, rng)?;
    let gate = BOARD.main_gate().circle;
    let needed = BOARD
        .distance(state.at(man), gate, Passage::GUARD, &|_| false)
        .zip(to_target(&[gate], Passage::GUARD))
        .map(|(a, b)| a + b);
    let score = total(&throws);
    let mut events = vec![Event::Played { seat, card, effect: Effect::StaffCar { man, throws, needed } }];
    match needed {
        Some(n) if score >= n => {
            let d = BOARD.distances(&[gate], Passage::GUARD, &|_| false);
            let target = BOARD
                .targets()
                .iter()
                .filter_map(|t| d.to(t.circle).map(|x| (x, t.circle)))
                .min()
                .map(|(_, c)| c)
                .expect("a target was reached");
            events.push(Event::Escaped { man, seat, target, route: Route::StaffCar });
        }
        _ => events.push(Event::Arrested {
            man,
            cell: state.default_cell(),
            guard: None,
            cause: ArrestCause::StaffCar,
            confiscate: false,
        }),
    }
    Ok(events)
}

/// C24: Shoot to Kill, in the German's turn, at a PoW beyond the walls or wire: the German names
/// the guard and the man (`men: [guard, man]`) and throws (doubles again); the shot man's
/// Escape Officer is then asked about a Talisman.
fn shoot(
    state: &State,
    seat: Seat,
    card: CardId,
    men: &[ManId],
    dice: &[[u8; 2]],
    rng: &mut dyn Random,
) -> Decided {
    let [guard, man] = men else {
        return Err(refuse("C24", "name-guard-and-man"));
    };
    if !state.is_german(seat)
        || !state.is_guard(*guard)
        || state.in_barracks(*guard)
        || state.is_guard(*man)
        || state.is_gone(*man)
    {
        return Err(refuse("C24", "name-guard-and-man"));
    }
    if !BOARD.is_beyond(state.at(*man)) {
        return Err(refuse("C24", "not-beyond"));
    }
    let throws = run_throws(state, 1, state.options.max_throws.map(usize::from), dice, rng)?;
    let mut after = state.clone();
    let played = Event::Played { seat, card, effect: Effect::Shoot { guard: *guard, man: *man, throws } };
    after.apply(&played);
    let mut events = vec![played];
    events.extend(settle_window(&after));
    Ok(events)
}

/// R53 Tunnel Detected, in the German's turn after the throw: two guards on the board walk
/// into the tunnel by the dice (entering at any of its circles, the two walks together within
/// the score); every tunneller goes to solitary, both guards directly to barracks, and the
/// tunnel closes (its card to the bottom of the Opportunity pack).
fn tunnel_detected(state: &State, seat: Seat, card: CardId, men: &[ManId], tunnel: Option<&str>) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if !state.is_german(seat) {
        return Err(refuse("R47", "card-not-held"));
    }
    if turn.throws.is_empty() {
        return Err(refuse("C4", "throw-first"));
    }
    let open = match tunnel {
        Some(key) => state.tunnels.iter().find(|t| t.tunnel == key),
        None if state.tunnels.len() == 1 => state.tunnels.first(),
        None => None,
    }
    .ok_or_else(|| refuse("R53", "no-such-tunnel"))?;
    let [g1, g2] = men else {
        return Err(refuse("R53", "two-guards"));
    };
    if g1 == g2 || [g1, g2].iter().any(|&&g| !state.is_guard(g) || state.in_barracks(g)) {
        return Err(refuse("R53", "two-guards"));
    }
    let (_, t) = BOARD.tunnel_named(&open.tunnel).expect("open tunnels exist");
    let circles = t.circles.clone();
    let reach = |g: ManId| {
        let me = state.at(g);
        // PoWs on the surface are in the way; the other guard is not (they go one by one).
        let d = BOARD.distances(&[me], Passage::GUARD, &|c| {
            c != me && state.surface_man_at(c).is_some_and(|m| !state.is_guard(m))
        });
        circles.iter().filter_map(|&c| d.to(c)).min()
    };
    let steps = match (reach(*g1), reach(*g2)) {
        (Some(a), Some(b)) if a + b <= turn.points => a + b,
        _ => return Err(refuse("R53", "guards-too-far")),
    };
    let inside = state.inside(&open.tunnel);
    let caught = inside
        .iter()
        .copied()
        .zip(cells_for(state, inside.len()))
        .map(|(man, to)| Placement { man, to })
        .collect();
    let guards = direct(state, &[*g1, *g2], &|c| c.kind == CircleKind::BarracksSlot);
    Ok(vec![Event::Played {
        seat,
        card,
        effect: Effect::TunnelDetected { tunnel: open.tunnel.clone(), steps, caught, guards },
    }])
}

/// R53: the holder returns the shown Tunnel card in his turn: the tunnel closes; men still in
/// it come up directly at the nearest free circles where a man may stand.
fn close_tunnel(state: &State, seat: Seat, card: CardId) -> Decided {
    let open = state.tunnels.iter().find(|t| t.card == card).expect("checked by the caller");
    if open.seat != seat {
        return Err(refuse("R47", "card-not-held"));
    }
    let inside = state.inside(&open.tunnel);
    let moves = direct(state, &inside, &|c| {
        c.terrain.walkable()
            && matches!(
                c.kind,
                CircleKind::Plain | CircleKind::Appel | CircleKind::Safe | CircleKind::GuardPost
            )
    });
    Ok(vec![Event::TunnelClosed { tunnel: open.tunnel.clone(), card, moves }])
}

/// R49: the German's Arrest Key/Pass Holder card for this equipment, if he holds it.
fn holder_card(state: &State, equipment: Equipment) -> Option<CardId> {
    let kind = match equipment {
        Equipment::Key => CardKind::ArrestKeyHolder,
        _ => CardKind::ArrestPassHolder,
    };
    first_in_hand(state, state.german, kind)
}

/// R49: the answer: with the card, the man goes to solitary (the card he used is already
/// given up: that is its confiscation).
fn answer_holder(state: &State, man: ManId, card: Option<CardId>) -> Vec<Event> {
    let mut events = vec![Event::HolderAnswered { man, card }];
    if card.is_some() && !state.is_gone(man) {
        events.push(Event::Arrested {
            man,
            cell: state.default_cell(),
            guard: None,
            cause: ArrestCause::Holder,
            confiscate: false,
        });
    }
    events
}

/// C24: the shot judged once the Talisman question is answered.
fn judge_shot(state: &State, talisman: Option<CardId>) -> Vec<Event> {
    let Some(Window::Talisman { seat, guard, man, throws }) = &state.window else {
        return Vec::new();
    };
    let score = total(throws);
    let range = if talisman.is_some() { score } else { 2 * score };
    let distance = BOARD.distance(state.at(*guard), state.at(*man), Passage::ANY, &|_| false);
    let hit = distance.is_some_and(|d| d <= range);
    let mut events = vec![Event::ShotJudged { man: *man, talisman, range, distance, hit }];
    if hit {
        events.push(Event::Died { man: *man, seat: *seat, cause: Death::Shot, team_out: false });
    }
    events
}

/// R51: Do or Die, in the man's turn before the throw: with the Escape Kit, from anywhere in
/// the prisoners' area (or, by the option, a light-green circle), the top Do or Die card's
/// throws (doubles again), no cards drawn, guards cannot stop him. A target reached is an
/// escape; failing kills him and puts his team out (or only him, by the option).
fn do_or_die(state: &State, seat: Seat, man: ManId, dice: &[[u8; 2]], rng: &mut dyn Random) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if !turn.throws.is_empty() {
        return Err(refuse("R51", "before-the-throw"));
    }
    if !own_pow(state, seat, man) {
        return Err(refuse("C5", "not-your-man"));
    }
    if !state.holds_kit(seat) {
        return Err(refuse("R51", "needs-kit"));
    }
    let at = state.at(man);
    let inside = BOARD.region(at) == Some(Region::Inner) && !state.in_cell(man);
    if !inside || (state.options.do_or_die_from_green && !BOARD.is(at, CircleKind::DoOrDie)) {
        return Err(refuse("R51", "not-in-prisoners-area"));
    }
    let Some(&card) = state.do_or_die.front() else {
        return Err(refuse("R51", "no-card"));
    };
    let CardKind::DoOrDie(n) = card.kind() else { unreachable!("the Do or Die pack holds Do or Die cards") };
    let throws = run_throws(state, usize::from(n), None, dice, rng)?;
    let needed = to_target(&[at], Passage::DO_OR_DIE);
    let score = total(&throws);
    let mut events = vec![Event::DoOrDieRun { man, card, throws, needed }];
    match needed {
        Some(d) if score >= d => {
            let dist = BOARD.distances(&[at], Passage::DO_OR_DIE, &|_| false);
            let target = BOARD
                .targets()
                .iter()
                .filter_map(|t| dist.to(t.circle).map(|x| (x, t.circle)))
                .min()
                .map(|(_, c)| c)
                .expect("a target was reached");
            events.push(Event::Escaped { man, seat, target, route: Route::DoOrDie });
        }
        _ => {
            let team_out = !state.options.do_or_die_only_him;
            events.push(Event::Died { man, seat, cause: Death::DoOrDie, team_out });
            // A team out of the game plays no more: its turn ends at once.
            if team_out {
                events.push(Event::TurnEnded { seat });
            }
        }
    }
    Ok(events)
}

/// C23: the date limit has passed (the server's date, compared as ISO 8601 text).
fn time_up(state: &State, today: &str) -> Decided {
    let super::options::TimeLimit::Date(limit) = &state.options.time_limit else {
        return Err(refuse("C23", "no-date-limit"));
    };
    if state.phase != Phase::Playing {
        return Err(refuse("C23", "not-started"));
    }
    let valid = today.len() >= 10 && today.is_char_boundary(10) && today[..10].parse::<TinyDate>().is_ok();
    if !valid {
        return Err(refuse("C23", "bad-date"));
    }
    if today[..10] < *limit.get(..10).unwrap_or(limit) {
        return Err(refuse("C23", "before-the-limit"));
    }
    Ok(vec![Event::TimeUp { today: today[..10].to_string() }])
}

/// A date `YYYY-MM-DD`, only checked for shape.
struct TinyDate;
impl std::str::FromStr for TinyDate {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        let b = s.as_bytes();
        let digits = |r: std::ops::Range<usize>| r.into_iter().all(|i| b[i].is_ascii_digit());
        (b.len() == 10 && digits(0..4) && b[4] == b'-' && digits(5..7) && b[7] == b'-' && digits(8..10))
            .then_some(TinyDate)
            .ok_or(())
    }
}

/// Answers that come at once when a window opens or an answer arrives: standing orders, forced
/// answers, and the resolution once everyone has answered.
fn settle_window(state: &State) -> Vec<Event> {
    let mut state = state.clone();
    let mut events = Vec::new();
    loop {
        let next: Vec<Event> = match &state.window {
            None => break,
            Some(Window::Appel { asked, answers }) => {
                let waiting: Vec<Seat> =
                    asked.iter().copied().filter(|s| !answers.iter().any(|(a, _)| a == s)).collect();
                match waiting.iter().find(|&&s| state.orders[usize::from(s)].appel_all_attend) {
                    Some(&seat) => vec![Event::AppelAnswered { seat, answer: Some(AppelAnswer::default()) }],
                    None if waiting.is_empty() => vec![resolve_appel(&state)],
                    None => break,
                }
            }
            Some(Window::Search { asked, answers, .. }) => {
                let waiting: Vec<Seat> =
                    asked.iter().copied().filter(|s| !answers.iter().any(|(a, _)| a == s)).collect();
                match waiting.iter().find(|&&s| state.orders[usize::from(s)].confiscation) {
                    Some(&seat) => {
                        let answer = SearchAnswer {
                            hideaway: first_in_hand(&state, seat, CardKind::Hideaway),
                            ..SearchAnswer::default()
                        };
                        vec![Event::SearchAnswered { seat, answer: Some(answer) }]
                    }
                    None if waiting.is_empty() => vec![resolve_search(&state)],
                    None => break,
                }
            }
            Some(Window::Confiscation { seat }) => {
                if state.orders[usize::from(*seat)].confiscation {
                    vec![default_confiscation(&state, *seat, true)]
                } else {
                    break;
                }
            }
            Some(Window::Holder { man, equipment }) => {
                if state.orders[usize::from(state.german)].arrest_holders {
                    answer_holder(&state, *man, holder_card(&state, *equipment))
                } else {
                    break;
                }
            }
            Some(Window::Talisman { seat, .. }) => {
                if state.orders[usize::from(*seat)].talisman {
                    let card = first_in_hand(&state, *seat, CardKind::Talisman);
                    judge_shot(&state, card)
                } else {
                    break;
                }
            }
            Some(Window::Sabotage { owed }) => {
                if hand(&state, state.german).len() <= usize::from(*owed) {
                    let cards = hand(&state, state.german).clone();
                    sabotage_return(&state, cards)
                } else {
                    break;
                }
            }
        };
        for e in &next {
            state.apply(e);
        }
        events.extend(next);
    }
    events
}

fn sabotage_return(state: &State, cards: Vec<CardId>) -> Vec<Event> {
    let count = cards.len() as u8;
    let mut events = vec![Event::SecurityReturned { cards, count }];
    let mut after = state.clone();
    after.apply(&events[0]);
    if let Some(&card) = after.security.front() {
        events.push(Event::Drew { seat: state.german, pack: Pack::Security, card: Some(card) });
    }
    events
}

/// C16: warned men to safe circles, the rest who must attend line up on the nearest free Appel
/// circles; absentees are noted for the German's search.
fn resolve_appel(state: &State) -> Event {
    let Some(Window::Appel { answers, .. }) = &state.window else { unreachable!("an Appel window") };
    let mut occupied: BTreeSet<CircleId> = state.men.iter().map(|m| m.at).collect();
    let mut warned = Vec::new();
    let mut warnings = Vec::new();
    let mut moved: BTreeSet<ManId> = BTreeSet::new();
    for (_, answer) in answers {
        if let Some(w) = &answer.warning {
            warnings.push(w.card);
            warned.extend(warn(state, w, &mut occupied, &mut moved));
        }
    }
    let mut lined_up = Vec::new();
    let mut absent = Vec::new();
    for seat in state.escape_seats() {
        let away: &[ManId] = answers.iter().find(|(s, _)| *s == seat).map_or(&[], |(_, a)| &a.absent);
        for man in state.men_of(seat) {
            let at = state.at(man);
            if moved.contains(&man) || exempt_from_appel(at) {
                continue;
            }
            if away.contains(&man) {
                absent.push(man);
            } else if !BOARD.is(at, CircleKind::Appel)
                && let Some(to) = BOARD.nearest_free(at, &appel_circle, &|c| occupied.contains(&c))
            {
                occupied.remove(&at);
                occupied.insert(to);
                lined_up.push(Placement { man, to });
            }
        }
    }
    Event::AppelResolved { lined_up, warned, warnings, absent }
}

/// Advance Warning's moves: to the chosen free safe circle, else the nearest free one.
fn warn(
    state: &State,
    w: &Warning,
    occupied: &mut BTreeSet<CircleId>,
    moved: &mut BTreeSet<ManId>,
) -> Vec<Placement> {
    let mut out = Vec::new();
    for p in &w.moves {
        let from = state.at(p.man);
        let to = if !occupied.contains(&p.to) && BOARD.is(p.to, CircleKind::Safe) {
            Some(p.to)
        } else {
            BOARD.nearest_free(from, &|c| c.kind == CircleKind::Safe, &|c| occupied.contains(&c))
        };
        if let Some(to) = to {
            occupied.remove(&from);
            occupied.insert(to);
            moved.insert(p.man);
            out.push(Placement { man: p.man, to });
        }
    }
    out
}

/// C17: warned men leave; men still in the room whose team holds equipment go to solitary, one
/// equipment card confiscated each unless the team played a Hideaway.
fn resolve_search(state: &State) -> Event {
    let Some(Window::Search { room, answers, .. }) = &state.window else { unreachable!("a Search window") };
    let mut occupied: BTreeSet<CircleId> = state.men.iter().map(|m| m.at).collect();
    let mut moved = BTreeSet::new();
    let mut warned = Vec::new();
    let mut cards_played = Vec::new();
    for (_, answer) in answers {
        if let Some(w) = &answer.warning {
            cards_played.push(w.card);
            warned.extend(warn(state, w, &mut occupied, &mut moved));
        }
        if let Some(h) = answer.hideaway {
            cards_played.push(h);
        }
    }
    let mut found = Vec::new();
    let mut confiscated = Vec::new();
    for seat in state.escape_seats() {
        if !state.holds_equipment(seat) {
            continue;
        }
        let in_room: Vec<ManId> = state
            .men_of(seat)
            .filter(|m| {
                !moved.contains(m) && BOARD.room_of(state.at(*m)).is_some_and(|(_, r)| &r.key == room)
            })
            .collect();
        let answer = answers.iter().find(|(s, _)| *s == seat).map(|(_, a)| a.clone()).unwrap_or_default();
        if answer.hideaway.is_none() {
            let held = equipment_cards(state, seat);
            let mut order: Vec<CardId> =
                answer.surrender.iter().copied().filter(|c| held.contains(c)).collect();
            order.extend(held.iter().copied().filter(|c| !answer.surrender.contains(c)));
            confiscated.extend(order.into_iter().take(in_room.len()));
        }
        found.extend(in_room);
    }
    let cells = cells_for(state, found.len());
    let caught = found.into_iter().zip(cells).map(|(man, to)| Placement { man, to }).collect();
    Event::SearchResolved { room: room.clone(), warned, caught, confiscated, cards_played }
}

fn check_warning(state: &State, seat: Seat, w: &Warning) -> Result<(), Refusal> {
    if !in_hand(state, seat, w.card) || w.card.kind() != CardKind::AdvanceWarning {
        return Err(refuse("C17", "no-warning-card"));
    }
    let targets: BTreeSet<CircleId> = w.moves.iter().map(|p| p.to).collect();
    let men: BTreeSet<ManId> = w.moves.iter().map(|p| p.man).collect();
    if targets.len() != w.moves.len() || men.len() != w.moves.len() {
        return Err(refuse("C17", "warning-moves"));
    }
    for p in &w.moves {
        if state.men.get(usize::from(p.man)).is_none_or(|m| m.seat != seat) || state.in_cell(p.man) {
            return Err(refuse("C17", "warning-moves"));
        }
        if !BOARD.is(p.to, CircleKind::Safe) || state.occupied(p.to) {
            return Err(refuse("C17", "warning-moves"));
        }
    }
    Ok(())
}

/// Answers to an open window (C13, C15, C16, C17, C20).
fn answer(state: &State, seat: Seat, window: &Window, action: &Action, _rng: &mut dyn Random) -> Decided {
    let mut events = match (window, action) {
        (Window::Appel { .. }, Action::AnswerAppel(a)) => {
            if a.absent.iter().any(|&m| state.men.get(usize::from(m)).is_none_or(|x| x.seat != seat)) {
                return Err(refuse("C16", "not-your-man"));
            }
            if let Some(w) = &a.warning {
                check_warning(state, seat, w)?;
            }
            vec![Event::AppelAnswered { seat, answer: Some(a.clone()) }]
        }
        (Window::Search { .. }, Action::AnswerSearch(a)) => {
            if let Some(w) = &a.warning {
                check_warning(state, seat, w)?;
            }
            if let Some(h) = a.hideaway
                && (!in_hand(state, seat, h) || h.kind() != CardKind::Hideaway)
            {
                return Err(refuse("C17", "no-hideaway-card"));
            }
            let held = equipment_cards(state, seat);
            if a.surrender.iter().any(|c| !held.contains(c)) {
                return Err(refuse("C17", "surrender-not-held"));
            }
            vec![Event::SearchAnswered { seat, answer: Some(a.clone()) }]
        }
        (Window::Confiscation { .. }, Action::AnswerConfiscation { hideaway, surrender }) => {
            if let Some(h) = hideaway {
                if !in_hand(state, seat, *h) || h.kind() != CardKind::Hideaway {
                    return Err(refuse("C13", "no-hideaway-card"));
                }
                vec![Event::Confiscated { seat, card: None, hideaway: Some(*h) }]
            } else {
                let held = equipment_cards(state, seat);
                let card = match surrender {
                    Some(c) if held.contains(c) => *c,
                    Some(_) => return Err(refuse("C13", "surrender-not-held")),
                    None => match held.first() {
                        Some(&c) => c,
                        None => {
                            return Ok(vec![Event::Confiscated { seat, card: None, hideaway: None }]);
                        }
                    },
                };
                vec![Event::Confiscated { seat, card: Some(card), hideaway: None }]
            }
        }
        (Window::Sabotage { owed }, Action::ReturnSecurity { cards }) => {
            let distinct: BTreeSet<CardId> = cards.iter().copied().collect();
            if cards.len() != usize::from(*owed)
                || distinct.len() != cards.len()
                || cards.iter().any(|c| !in_hand(state, seat, *c))
            {
                return Err(refuse("C20", "return-two"));
            }
            sabotage_return(state, cards.clone())
        }
        (Window::Holder { man, equipment }, Action::AnswerArrestHolder { card }) => {
            if let Some(c) = card
                && (!in_hand(state, seat, *c) || holder_card(state, *equipment) != Some(*c))
            {
                return Err(refuse("R49", "no-holder-card"));
            }
            answer_holder(state, *man, *card)
        }
        (Window::Talisman { .. }, Action::AnswerTalisman { talisman }) => {
            if let Some(t) = talisman
                && (!in_hand(state, seat, *t) || t.kind() != CardKind::Talisman)
            {
                return Err(refuse("C24", "no-talisman-card"));
            }
            judge_shot(state, *talisman)
        }
        _ => return Err(refuse("C15", "answer-the-window")),
    };
    let mut after = state.clone();
    for e in &events {
        after.apply(e);
    }
    events.extend(settle_window(&after));
    Ok(events)
}

/// The defaults when a window's deadline passes (design: reaction windows).
pub fn deadline_passed(state: &State) -> Vec<Event> {
    let Some(window) = &state.window else {
        return Vec::new();
    };
    let mut events = Vec::new();
    let mut after = state.clone();
    match window {
        Window::Appel { .. } => {
            for seat in window.waiting(state.german) {
                events.push(Event::AppelAnswered { seat, answer: Some(AppelAnswer::default()) });
            }
        }
        Window::Search { .. } => {
            for seat in window.waiting(state.german) {
                events.push(Event::SearchAnswered { seat, answer: Some(SearchAnswer::default()) });
            }
        }
        Window::Confiscation { seat } => events.push(default_confiscation(state, *seat, false)),
        Window::Talisman { .. } => events.extend(judge_shot(state, None)),
        Window::Holder { man, .. } => events.extend(answer_holder(state, *man, None)),
        Window::Sabotage { owed } => {
            let mut cards = hand(state, state.german).clone();
            cards.sort();
            cards.truncate(usize::from(*owed));
            events.extend(sabotage_return(state, cards));
        }
    }
    for e in &events {
        after.apply(e);
    }
    events.extend(settle_window(&after));
    events
}

/// C18: give an Opportunity card to another Escape Officer (whose hand stays at three at most).
fn give(state: &State, seat: Seat, card: CardId, to: Seat) -> Decided {
    if state.is_german(seat) || state.is_german(to) || to == seat || usize::from(to) >= state.seats {
        return Err(refuse("C18", "give-to-escape-officer"));
    }
    if !in_hand(state, seat, card) {
        return Err(refuse("R47", "card-not-held"));
    }
    if hand(state, to).len() >= 3 {
        return Err(refuse("C18", "recipient-full"));
    }
    Ok(vec![Event::Given { from: seat, to, card: Some(card) }])
}

fn holds(state: &State, seat: Seat, card: CardId) -> bool {
    in_hand(state, seat, card) || state.equipment[usize::from(seat)].contains(&card)
}
fn tradeable(card: CardId) -> bool {
    matches!(card.kind().pack(), Pack::Opportunity | Pack::Equipment)
}

/// R48: offers between Escape Officers at any time.
fn offer_trade(state: &State, seat: Seat, to: Seat, give: &[CardId], want: &[CardId]) -> Decided {
    if state.phase != Phase::Playing {
        return Err(refuse("R48", "not-started"));
    }
    if state.is_german(seat) || state.is_german(to) || to == seat || usize::from(to) >= state.seats {
        return Err(refuse("R48", "trade-between-escape-officers"));
    }
    if give.is_empty() && want.is_empty() {
        return Err(refuse("R48", "empty-offer"));
    }
    let all: BTreeSet<CardId> = give.iter().chain(want).copied().collect();
    if all.len() != give.len() + want.len() || !all.iter().all(|&c| tradeable(c)) {
        return Err(refuse("R48", "untradeable"));
    }
    if give.iter().any(|&c| !holds(state, seat, c)) {
        return Err(refuse("R48", "card-not-held"));
    }
    Ok(vec![Event::OfferMade {
        offer: Offer { id: state.next_offer, from: seat, to, give: give.to_vec(), want: want.to_vec() },
    }])
}

fn accept_offer(state: &State, seat: Seat, id: u32) -> Decided {
    let Some(offer) = state.offers.iter().find(|o| o.id == id) else {
        return Err(refuse("R48", "no-such-offer"));
    };
    if offer.to != seat {
        return Err(not_yours("R48", "not-your-offer"));
    }
    if offer.give.iter().any(|&c| !holds(state, offer.from, c))
        || offer.want.iter().any(|&c| !holds(state, offer.to, c))
    {
        return Err(refuse("R48", "offer-stale"));
    }
    let opp = |cards: &[CardId]| cards.iter().filter(|c| c.kind().pack() == Pack::Opportunity).count();
    let in_turn = state.turn_seat();
    let from_after = hand(state, offer.from).len() + opp(&offer.want) - opp(&offer.give);
    let to_after = hand(state, offer.to).len() + opp(&offer.give) - opp(&offer.want);
    if (from_after > 3 && in_turn != Some(offer.from)) || (to_after > 3 && in_turn != Some(offer.to)) {
        return Err(refuse("C18", "recipient-full"));
    }
    Ok(vec![Event::OfferAccepted { offer: id }])
}

/// R55: the German sends a PoW to solitary, stating the infringement.
fn discipline(state: &State, seat: Seat, man: ManId, infringement: &str, cell: Option<CircleId>) -> Decided {
    if !state.is_german(seat) {
        return Err(not_yours("R55", "german-only"));
    }
    if state.phase != Phase::Playing {
        return Err(refuse("R55", "not-started"));
    }
    if state.men.get(usize::from(man)).is_none_or(|m| m.seat == state.german) || state.in_cell(man) {
        return Err(refuse("R55", "not-a-pow"));
    }
    if infringement.trim().is_empty() {
        return Err(refuse("R55", "state-infringement"));
    }
    let cell = match cell {
        Some(c) if BOARD.is(c, CircleKind::Cell) => c,
        Some(_) => return Err(refuse("R55", "not-a-cell")),
        None => state.default_cell(),
    };
    Ok(vec![Event::Disciplined { man, cell, infringement: infringement.trim().to_string() }])
}

// ------------------------------------------------------------------------------------ who acts

pub fn to_act(state: &State) -> Vec<Seat> {
    if state.ended().is_some() {
        return Vec::new();
    }
    match state.phase {
        Phase::Starting => Vec::new(),
        Phase::Placing => vec![state.german],
        Phase::Playing => match &state.window {
            Some(w) => w.waiting(state.german),
            None => state.turn_seat().into_iter().collect(),
        },
    }
}

/// Every action `seat` may take now (movement and typed input as templates).
pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    if state.ended().is_some() || state.out.contains(&seat) {
        return out;
    }
    let keep = |out: &mut Vec<Action>, action: Action| {
        // Alternating faces: runs of throws (staff car, shots, Do or Die) end.
        let mut rng = crate::ScriptedRandom::new((0..64).map(|i| i % 2));
        if decide(state, seat, &action, &mut rng).is_ok() {
            out.push(action);
        }
    };
    if state.phase == Phase::Placing {
        if state.is_german(seat) {
            let teams = state.escape_seats().len();
            let inner: Vec<CircleId> = BOARD.guard_posts(Region::Inner).take(teams).collect();
            let outer: Vec<CircleId> = BOARD.guard_posts(Region::Outer).take(2).collect();
            out.push(Action::PlaceGuards { inner, outer });
        }
        return out;
    }
    if state.phase != Phase::Playing {
        return out;
    }
    if let Some(window) = &state.window {
        if window.waiting(state.german).contains(&seat) {
            match window {
                Window::Appel { .. } => out.push(Action::AnswerAppel(AppelAnswer::default())),
                Window::Search { .. } => out.push(Action::AnswerSearch(SearchAnswer::default())),
                Window::Confiscation { .. } => {
                    for c in equipment_cards(state, seat) {
                        out.push(Action::AnswerConfiscation { hideaway: None, surrender: Some(c) });
                    }
                    if let Some(h) = first_in_hand(state, seat, CardKind::Hideaway) {
                        out.push(Action::AnswerConfiscation { hideaway: Some(h), surrender: None });
                    }
                }
                Window::Holder { equipment, .. } => {
                    out.push(Action::AnswerArrestHolder { card: None });
                    if let Some(c) = holder_card(state, *equipment) {
                        out.push(Action::AnswerArrestHolder { card: Some(c) });
                    }
                }
                Window::Talisman { .. } => {
                    out.push(Action::AnswerTalisman { talisman: None });
                    if let Some(t) = first_in_hand(state, seat, CardKind::Talisman) {
                        out.push(Action::AnswerTalisman { talisman: Some(t) });
                    }
                }
                Window::Sabotage { owed } => {
                    let cards: Vec<CardId> =
                        hand(state, seat).iter().copied().take(usize::from(*owed)).collect();
                    out.push(Action::ReturnSecurity { cards });
                }
            }
        }
    } else if state.turn_seat() == Some(seat) {
        let turn = state.turn.as_ref().expect("in turn");
        if turn.throws.is_empty() {
            out.push(Action::Throw { dice: Vec::new() });
        }
        keep(&mut out, Action::EndTurn);
        for &card in hand(state, seat) {
            out.push(Action::Discard { card });
            for candidate in play_candidates(state, seat, card) {
                keep(&mut out, candidate);
            }
        }
        if state.is_german(seat) {
            if turn.points > 0 {
                for g in state.men_of(seat).filter(|&g| !state.in_barracks(g)) {
                    out.push(Action::Move { man: g, path: Vec::new(), cell: None });
                    keep(&mut out, Action::ReturnGuard { guard: g });
                }
                for post in BOARD.circles_of(CircleKind::GuardPost) {
                    keep(&mut out, Action::PostGuard { to: post });
                }
            }
            keep(&mut out, Action::SearchAbsentees);
        } else {
            if turn.points > 0 {
                for m in state.men_of(seat) {
                    if state.in_cell(m) {
                        keep(&mut out, Action::Release { man: m });
                    } else {
                        out.push(Action::Move { man: m, path: Vec::new(), cell: None });
                    }
                }
            }
            let men: Vec<ManId> = state.men_of(seat).collect();
            // R51: Do or Die, before the throw (manual dice: a template the form fills).
            if turn.throws.is_empty()
                && state.holds_kit(seat)
                && let Some(&man) = men.iter().find(|&&m| {
                    BOARD.region(state.at(m)) == Some(Region::Inner)
                        && !state.in_cell(m)
                        && (!state.options.do_or_die_from_green || BOARD.is(state.at(m), CircleKind::DoOrDie))
                })
            {
                out.push(Action::DoOrDie { man, dice: Vec::new() });
            }
            if let Some(claim) = kit_candidate(state, seat) {
                keep(&mut out, claim);
            }
            for &card in hand(state, seat) {
                for to in state.escape_seats() {
                    keep(&mut out, Action::Give { card, to });
                }
            }
            for e in Equipment::ALL {
                let inside: Vec<ManId> = men
                    .iter()
                    .copied()
                    .filter(|&m| BOARD.room_of(state.at(m)).is_some_and(|(_, r)| r.symbol == e.symbol()))
                    .collect();
                if inside.len() >= 2 {
                    keep(&mut out, Action::ClaimEquipment { equipment: e, men: [inside[0], inside[1]] });
                }
            }
        }
    }
    // Open at any time: templates for an offer, rule 55 and standing orders.
    if state.is_german(seat) {
        if let Some(man) =
            state.escape_seats().into_iter().flat_map(|s| state.men_of(s)).find(|&m| !state.in_cell(m))
        {
            out.push(Action::Discipline { man, infringement: String::new(), cell: None });
        }
    } else {
        for to in state.escape_seats().into_iter().filter(|&to| to != seat) {
            out.push(Action::OfferTrade { to, give: Vec::new(), want: Vec::new() });
        }
    }
    out.push(Action::SetStandingOrders(state.orders[usize::from(seat)]));
    if !state.is_german(seat) {
        for o in state.offers.iter().filter(|o| o.to == seat) {
            keep(&mut out, Action::AcceptOffer { offer: o.id });
            out.push(Action::DeclineOffer { offer: o.id });
        }
        for o in state.offers.iter().filter(|o| o.from == seat) {
            out.push(Action::WithdrawOffer { offer: o.id });
        }
    }
    out
}

/// A kit claim from the kit parts in hand and men standing in the rooms still needed.
fn kit_candidate(state: &State, seat: Seat) -> Option<Action> {
    use super::board::Symbol;
    if state.holds_kit(seat) {
        return None;
    }
    let mut needed = vec![Symbol::Disguise, Symbol::Compass, Symbol::Food, Symbol::Documents];
    let mut parts = Vec::new();
    for (part, covers) in [
        (KitPart::CompassFood, [Symbol::Compass, Symbol::Food]),
        (KitPart::DocumentsClothing, [Symbol::Documents, Symbol::Disguise]),
    ] {
        if let Some(card) = first_in_hand(state, seat, CardKind::KitPart(part)) {
            parts.push(card);
            needed.retain(|s| !covers.contains(s));
        }
    }
    let mut men = Vec::new();
    for symbol in needed {
        let man = state.men_of(seat).find(|m| {
            !men.contains(m) && BOARD.room_of(state.at(*m)).is_some_and(|(_, r)| r.symbol == symbol)
        })?;
        men.push(man);
    }
    Some(Action::ClaimKit { men, parts })
}

/// Ready-made plays of a card (its first sensible targets).
fn play_candidates(state: &State, seat: Seat, card: CardId) -> Vec<Action> {
    let play = |men: Vec<ManId>, equipment: Vec<Equipment>| Action::Play {
        card,
        men,
        equipment,
        dice: Vec::new(),
        tunnel: None,
    };
    match card.kind() {
        CardKind::ReleaseFromSolitary => {
            state.men_of(seat).filter(|&m| state.in_cell(m)).map(|m| play(vec![m], vec![])).collect()
        }
        CardKind::QuickMove(_) => {
            state.men_of(seat).filter(|&m| !state.in_cell(m)).take(1).map(|m| play(vec![m], vec![])).collect()
        }
        CardKind::Diversion | CardKind::HighCommandInspection => {
            let n = if card.kind() == CardKind::Diversion { 1 } else { 2 };
            let guards: Vec<ManId> =
                state.men_of(state.german).filter(|&g| !state.in_barracks(g)).take(n).collect();
            vec![play(guards, vec![])]
        }
        CardKind::Bribe => vec![play(vec![], vec![Equipment::Rope, Equipment::Key])],
        CardKind::TunnelDetected => {
            let guards: Vec<ManId> = state.men_of(seat).filter(|&g| !state.in_barracks(g)).take(2).collect();
            state
                .tunnels
                .iter()
                .map(|t| Action::Play {
                    card,
                    men: guards.clone(),
                    equipment: vec![],
                    dice: vec![],
                    tunnel: Some(t.tunnel.clone()),
                })
                .collect()
        }
        CardKind::StaffCar => state
            .men_of(seat)
            .filter(|&m| BOARD.is(state.at(m), CircleKind::StaffCar))
            .take(1)
            .map(|m| play(vec![m], vec![]))
            .collect(),
        CardKind::ShootToKill => {
            let guard = state.men_of(seat).filter(|&g| !state.in_barracks(g)).min_by_key(|&g| g);
            let target = state
                .escape_seats()
                .into_iter()
                .flat_map(|s| state.men_of(s))
                .find(|&m| BOARD.is_beyond(state.at(m)));
            guard.zip(target).map(|(g, m)| play(vec![g, m], vec![])).into_iter().collect()
        }
        _ => vec![play(vec![], vec![])],
    }
}

/// Options are checked here so that `mod.rs` stays a table of contents.
pub fn check_options(options: &Options, seats: usize) -> Result<(), Refusal> {
    options.check(seats)
}
