//! Judging actions: every rule id of docs/rules/colditz.md that refuses something is judged in
//! this folder, one module per rule area.
//!
//! Here: the entry points the ruleset calls (`setup`, `decide`, `to_act`, `check_options`;
//! `legal_actions` and `deadline_passed` are re-exported from their areas), the dispatch of each
//! action to the area that judges it, and what several areas share: refusals, a seat's cards,
//! moving men "directly", and runs of throws.
//!
//! The areas: `turn` (the throw and the end of a turn), `movement` (the PoWs' walk), `guards` and
//! `courtyard` (the German's guards, R45 on the board graph), `plays` (cards played in turn),
//! `equipment` (Escape Equipment and the Escape Kit), `arrests` (arrests and the cells), `appel`
//! (Appel and the Search of a room), `windows` (reaction windows), `tunnels`, `shooting`,
//! `staff_car`, `do_or_die`, `trades` (cards between Escape Officers), `date_limit` and `offered`
//! (what `legal_actions` offers).

mod appel;
mod arrests;
mod courtyard;
mod date_limit;
mod do_or_die;
mod equipment;
mod guards;
mod movement;
mod offered;
mod plays;
mod shooting;
mod staff_car;
mod trades;
mod tunnels;
mod turn;
mod windows;

pub use appel::exempt_from_appel;
pub use arrests::{arrestable, why_not_arrestable};
pub use courtyard::{doorway, r45_blocked};
pub use guards::{chase_step, riot_squad_posts};
pub use movement::road_back;
pub use offered::{kit_candidates, legal_actions, play_candidates};
pub use tunnels::nearest_guards_to_tunnel;

use std::collections::BTreeSet;

use appel::search_absentees;
use arrests::{discipline, release};
use date_limit::time_up;
use do_or_die::do_or_die;
use equipment::{claim_equipment, claim_kit};
use guards::{end_chase, move_guard, place_guards, post_guard, return_guard, riot_squad};
use movement::move_pow;
use plays::{Targets, play};
use trades::{accept_offer, give, offer_trade};
use tunnels::{close_tunnel, tunnel_detected};
use turn::{end_turn, throw};
use windows::answer;

use super::board::{BOARD, Circle, CircleId, CircleKind, Passage};
use super::cards::{self, CardId, CardKind, Equipment, Pack};
use super::events::{Action, Event, HolderOrders, Man, ManId, Placement, Warning};
use super::options::{Dice, Options};
use super::state::{Phase, State, score_of};
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
    let rounds = options.time_limit.rounds(seats);
    let revision = crate::colditz::state::RULES_REVISION;
    vec![Event::Setup { roles, order, men, opportunity, security, do_or_die, rounds, revision }]
}

// ------------------------------------------------------------------------------------ shared

/// The most throws one action may type (manual dice): 20 doubles in a row never happen at a table
/// (one chance in 6^19), and a bound keeps every sum in range.
const MOST_THROWS: usize = 20;

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
    state.turn.as_ref().map_or(0, |t| score_of(&t.throws))
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
    // Never more than our bound of throws, even without a cap (see MOST_THROWS).
    let cap = Some(cap.unwrap_or(MOST_THROWS).min(MOST_THROWS).max(base));
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
    score_of(throws)
}

/// Steps from `from` to the nearest target for a run that ignores men (R51, R52).
fn to_target(from: &[CircleId], passage: Passage) -> Option<u16> {
    let d = BOARD.distances(from, passage, &|_| false);
    BOARD.targets().iter().filter_map(|t| d.to(t.circle)).min()
}

fn own_pow(state: &State, seat: Seat, man: ManId) -> bool {
    state.men.get(usize::from(man)).is_some_and(|m| m.seat == seat) && !state.is_gone(man)
}

// ------------------------------------------------------------------------------------ decide

pub fn decide(state: &State, seat: Seat, action: &Action, rng: &mut dyn Random) -> Decided {
    let events = decide_inner(state, seat, action, rng)?;
    Ok(end_chase(state, events))
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
    if *action == Action::Concede {
        return concede(state, seat);
    }
    if state.out.contains(&seat) {
        return Err(refuse("R51", "team-out"));
    }
    if men_named(action).iter().any(|&m| !state.is_man(m)) {
        return Err(refuse("C5", "no-such-man"));
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
            // C13: the cell order names a cell (a circle of another kind could never hold him).
            if orders.cell.is_some_and(|c| !BOARD.is(c, CircleKind::Cell)) {
                return Err(refuse("C13", "not-a-cell"));
            }
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
    // R51: once a Do or Die card is drawn its throws come next.
    if turn.do_or_die.is_some() && !matches!(action, Action::DoOrDie { .. }) {
        return Err(refuse("R51", "throw-the-run"));
    }
    match action {
        Action::Throw { dice } => throw(state, seat, dice, rng),
        Action::EndTurn => end_turn(state, seat),
        Action::Play { card, men, equipment, dice, tunnel, cells } => {
            if let CardKind::TunnelDetected = card.kind()
                && in_hand(state, seat, *card)
            {
                return tunnel_detected(state, seat, *card, men, tunnel.as_deref(), cells);
            }
            play(state, seat, *card, Targets { men, equipment, dice, cells }, rng)
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
        Action::RiotSquad { posts } if german => riot_squad(state, posts),
        Action::ReturnGuard { guard } if german => return_guard(state, *guard),
        Action::SearchAbsentees { cells } if german => search_absentees(state, cells),
        _ => Err(refuse("C4", "not-now")),
    }
}

/// C25: a seat concedes, in its turn or not, but not while a question is open (C15): that is
/// answered first. An Escape Officer's men leave the board and his turns are skipped (R51's
/// "team out"); in his own turn the turn passes on. The German's concession ends the game for
/// the teams still in it; the last team's ends it for the German (`State::ended`).
fn concede(state: &State, seat: Seat) -> Decided {
    if state.conceded.contains(&seat) {
        return Err(refuse("C25", "conceded"));
    }
    if state.out.contains(&seat) {
        return Err(refuse("R51", "team-out"));
    }
    if state.window.is_some() {
        return Err(refuse("C25", "concede-window-open"));
    }
    let mut events = vec![Event::Conceded { seat }];
    if !state.is_german(seat) && state.turn_seat() == Some(seat) {
        let mut after = state.clone();
        after.apply(&events[0]);
        if after.ended().is_none() {
            events.push(Event::TurnEnded { seat });
        }
    }
    Ok(events)
}

/// C15: the stated defaults when a window's deadline passes, and what follows from them (a shot
/// that kills ends the chase, R46).
pub fn deadline_passed(state: &State) -> Vec<Event> {
    end_chase(state, windows::deadline_passed(state))
}

/// Every man number an action names (a request may send any number: each is checked).
fn men_named(action: &Action) -> Vec<ManId> {
    let warning_men =
        |w: &Option<Warning>| w.iter().flat_map(|w| w.moves.iter().map(|p| p.man)).collect::<Vec<_>>();
    match action {
        Action::Move { man, .. }
        | Action::Release { man }
        | Action::Discipline { man, .. }
        | Action::DoOrDie { man, .. }
        | Action::ReturnGuard { guard: man } => vec![*man],
        Action::ClaimEquipment { men, .. } => men.to_vec(),
        Action::ClaimKit { men, .. } | Action::Play { men, .. } => men.clone(),
        Action::AnswerAppel(a) => a.absent.iter().copied().chain(warning_men(&a.warning)).collect(),
        Action::AnswerSearch(a) => warning_men(&a.warning),
        _ => Vec::new(),
    }
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

/// Options are checked here so that `colditz/mod.rs` stays a table of contents.
pub fn check_options(options: &Options, seats: usize) -> Result<(), Refusal> {
    options.check(seats)
}

/// Answers that come at once when a window opens or an answer arrives: standing orders, forced
/// answers, and the resolution once everyone has answered. Here, beside `decide`, because every
/// rule area that opens a window settles it and the settling answers in each area's terms: kept
/// in any one area's module it would tie the areas to one another both ways.
pub(super) fn settle_window(state: &State) -> Vec<Event> {
    let mut state = state.clone();
    let mut events = Vec::new();
    loop {
        let next: Vec<Event> = match &state.window {
            None => break,
            Some(crate::colditz::state::Window::Appel { asked, answers }) => {
                let waiting: Vec<Seat> =
                    asked.iter().copied().filter(|s| !answers.iter().any(|(a, _)| a == s)).collect();
                match waiting.iter().find(|&&s| state.orders[usize::from(s)].appel_all_attend) {
                    Some(&seat) => vec![Event::AppelAnswered {
                        seat,
                        answer: Some(crate::colditz::events::AppelAnswer::default()),
                    }],
                    None if waiting.is_empty() => vec![appel::resolve_appel(&state)],
                    None => break,
                }
            }
            Some(crate::colditz::state::Window::Search { asked, answers, .. }) => {
                let waiting: Vec<Seat> =
                    asked.iter().copied().filter(|s| !answers.iter().any(|(a, _)| a == s)).collect();
                match waiting.iter().find(|&&s| state.orders[usize::from(s)].confiscation) {
                    Some(&seat) => {
                        let answer = crate::colditz::events::SearchAnswer {
                            hideaway: first_in_hand(&state, seat, CardKind::Hideaway),
                            ..crate::colditz::events::SearchAnswer::default()
                        };
                        vec![Event::SearchAnswered { seat, answer: Some(answer) }]
                    }
                    None if waiting.is_empty() => vec![appel::resolve_search(&state)],
                    None => break,
                }
            }
            Some(crate::colditz::state::Window::Confiscation { seat }) => {
                if state.orders[usize::from(*seat)].confiscation {
                    vec![arrests::default_confiscation(&state, *seat, true)]
                } else {
                    break;
                }
            }
            Some(crate::colditz::state::Window::Lend { lender, .. }) => {
                if state.orders[usize::from(*lender)].lend_men {
                    equipment::answer_lend(&state, true)
                } else {
                    break;
                }
            }
            Some(crate::colditz::state::Window::Holder { man, equipment }) => {
                // The design's decision for play by mail: the standing order answers at once
                // unless it is "ask", so a gate passed never waits on him by default.
                let card = match state.orders[usize::from(state.german)].arrest_holders {
                    HolderOrders::Always => arrests::holder_card(&state, *equipment),
                    HolderOrders::Never => None,
                    HolderOrders::Ask => break,
                };
                arrests::answer_holder(&state, *man, card, state.default_cell())
            }
            Some(crate::colditz::state::Window::Talisman { seat, .. }) => {
                if state.orders[usize::from(*seat)].talisman {
                    let card = first_in_hand(&state, *seat, CardKind::Talisman);
                    shooting::judge_shot(&state, card)
                } else {
                    break;
                }
            }
            Some(crate::colditz::state::Window::Sabotage { owed }) => {
                if hand(&state, state.german).len() <= usize::from(*owed) {
                    let cards = hand(&state, state.german).clone();
                    plays::sabotage_return(&state, cards)
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
