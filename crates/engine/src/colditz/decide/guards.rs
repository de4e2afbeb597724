//! The German's guards: placed before the first turn (C3), moved (through KEY and PASS circles
//! freely, into rooms only with Appel or a Search, R44; beyond the walls only giving chase, R46;
//! never stopping over a tunnel, R53; arresting by a last step onto a PoW, C13), posted from and
//! recalled to the barracks (C12, the Riot Squad), and sent back when the chase ends (R46).
//!
//! Apart from the PoWs' walk because guards follow other rules at every step, and every way a
//! guard comes to stand somewhere ends in the same check of the courtyard (R45).

use std::collections::BTreeSet;

use super::arrests::{cell_for, standing_confiscation, why_not_arrestable};
use super::courtyard::{doorway, r45_blocked};
use super::{Decided, direct, refuse, score};
use crate::Seat;
use crate::colditz::board::{BOARD, CircleId, CircleKind, LinkKind, Region};
use crate::colditz::events::{ArrestCause, Event, ManId, Placement};
use crate::colditz::state::{Road, State, crosses_out};

/// Where the guards stand, with `moved` put on `to` (`None`: taken off the board).
pub(super) fn guard_circles(state: &State, moved: Option<(ManId, Option<CircleId>)>) -> BTreeSet<CircleId> {
    state
        .men_of(state.german)
        .filter_map(|g| match moved {
            Some((m, to)) if m == g => to,
            _ => Some(state.at(g)),
        })
        .filter(|&c| !BOARD.is(c, CircleKind::BarracksSlot))
        .collect()
}

/// R46: a guard's step that the chase rules govern: over a wall (a rope) or the wire, or from
/// or onto a circle beyond the castle.
pub fn chase_step(from: CircleId, to: CircleId) -> bool {
    crosses_out(from, to) || BOARD.is_beyond(from) || BOARD.is_beyond(to)
}

/// R46: when an escaper reaches his target, is arrested or shot, the guards chasing him
/// (beyond the walls on his road, and on no other escaper's) go directly to barracks; when
/// nobody is left beyond the walls, every guard beyond them does, and the opened routes close.
pub(super) fn end_chase(state: &State, mut events: Vec<Event>) -> Vec<Event> {
    let trigger = events.iter().any(|e| {
        matches!(
            e,
            Event::Escaped { .. } | Event::Died { .. } | Event::Arrested { .. } | Event::Conceded { .. }
        )
    });
    if !trigger {
        return events;
    }
    let mut after = state.clone();
    for e in &events {
        after.apply(e);
    }
    let beyond: Vec<ManId> = after.men_of(after.german).filter(|&g| BOARD.is_beyond(after.at(g))).collect();
    if !after.chase_on() {
        if beyond.is_empty() && after.opened.is_empty() {
            return events;
        }
        let moves = direct(&after, &beyond, &|c| c.kind == CircleKind::BarracksSlot);
        events.push(Event::ChaseEnded { moves, others_beyond: false });
        return events;
    }
    // Others are still beyond the walls: only the chasers of the men whose roads closed go
    // (revision 0: they all stay until nobody is left beyond the walls).
    if !state.chase_follows_roads() {
        return events;
    }
    let closed: Vec<&Road> =
        state.roads.iter().filter(|r| !after.roads.iter().any(|a| a.man == r.man)).collect();
    let chasers: Vec<ManId> = beyond
        .into_iter()
        .filter(|&g| {
            let at = after.at(g);
            closed.iter().any(|r| r.circles.contains(&at))
                && !after.roads.iter().any(|r| r.circles.contains(&at))
        })
        .collect();
    if !chasers.is_empty() {
        let moves = direct(&after, &chasers, &|c| c.kind == CircleKind::BarracksSlot);
        events.push(Event::ChaseEnded { moves, others_beyond: true });
    }
    events
}

pub(super) fn place_guards(state: &State, inner: &[CircleId], outer: &[CircleId]) -> Decided {
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
    if r45_blocked(&all).is_some() {
        return Err(refuse("R45", "guard-in-doorway"));
    }
    let posts = inner.iter().chain(outer).zip(guards).map(|(&to, man)| Placement { man, to }).collect();
    Ok(vec![Event::GuardsPlaced { posts }])
}

/// Guards move like PoWs but through KEY and PASS circles freely; never into rooms without Appel
/// or that room's Search (R44), never beyond the walls (R46, part 2), never stopping over a
/// tunnel (R53). A last step onto an arrestable PoW arrests him (C13).
pub(super) fn move_guard(
    state: &State,
    seat: Seat,
    man: ManId,
    path: &[CircleId],
    cell: Option<CircleId>,
) -> Decided {
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
        if let LinkKind::Tunnel(_) = link.kind {
            return Err(refuse("R53", "guard-in-tunnel"));
        }
        // Revision 0: over walls and wire only along a route an escaper opened.
        if !state.chase_follows_roads()
            && matches!(link.kind, LinkKind::RopeDown { .. } | LinkKind::RopeUp { .. } | LinkKind::Wire)
            && !state.opened.contains(&(from.min(next), from.max(next)))
        {
            return Err(refuse("R46", "guard-chase-route"));
        }
        // R46: guards leave the camp only to chase an escaper beyond the walls.
        if BOARD.region(next) != BOARD.region(from)
            && matches!(BOARD.region(next), Some(Region::Beyond))
            && !state.chase_on()
        {
            return Err(refuse("R46", "guard-beyond"));
        }
        // R46: over walls and wire, and beyond the castle, only along an escaper's road, circle
        // by circle (000: "nesmí mu nadbíhat jinudy", he may not head him off another way).
        if state.chase_follows_roads()
            && chase_step(from, next)
            && !state.roads.iter().any(|r| r.joins(from, next))
        {
            return Err(refuse("R46", "guard-chase-route"));
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
        // R45, judged on the board graph with every guard where he stands after this move. A
        // guard who stops outside the courtyard blocks nothing of it.
        if (BOARD.in_courtyard(from) || doorway(from))
            && r45_blocked(&guard_circles(state, Some((man, Some(from))))).is_some()
        {
            return Err(refuse("R45", "guard-in-doorway"));
        }
    }
    let mut events =
        vec![Event::Moved { man, path: path.to_vec(), surrendered: Vec::new(), gates: Vec::new() }];
    if let Some((pow, confiscate)) = arrest {
        let cell = cell_for(state, cell)?;
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

/// C12: posting from the reserve, before any arrest, not a guard recalled this turn.
pub(super) fn post_guard(state: &State, to: CircleId) -> Decided {
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
    let guard = reserve(state).first().copied().ok_or_else(|| refuse("C12", "no-reserve"))?;
    let mut guards = guard_circles(state, None);
    guards.insert(to);
    if r45_blocked(&guards).is_some() {
        return Err(refuse("R45", "guard-in-doorway"));
    }
    Ok(vec![Event::Posted { placement: Placement { man: guard, to } }])
}

/// C12: the guards in reserve who may be posted this turn (not those recalled this turn).
fn reserve(state: &State) -> Vec<ManId> {
    let recalled = state.turn.as_ref().map_or(&[][..], |t| &t.recalled[..]);
    state.men_of(state.german).filter(|&g| state.in_barracks(g) && !recalled.contains(&g)).collect()
}

/// The free guard posts where one more guard breaks no part of R45, row by row.
fn free_posts(state: &State, guards: &BTreeSet<CircleId>) -> Vec<CircleId> {
    BOARD
        .circles_of(CircleKind::GuardPost)
        .filter(|&c| !state.occupied(c) && !guards.contains(&c))
        .filter(|&c| {
            let mut with = guards.clone();
            with.insert(c);
            r45_blocked(&with).is_none()
        })
        .collect()
}

/// C12 Riot Squad ("in a dangerous situation he may also choose to employ all his reserves"):
/// instead of a point per guard, every guard in reserve is posted at once, on free black circles
/// of the German's choice (`posts` in order; empty: the first free ones). Before any arrest of
/// the turn; it costs the whole throw, which must still be unused: no guard moves, posts or
/// recalls that turn, so no arrest follows either (our decision: the rule names no price, and a
/// squad for free would make posting by points pointless).
pub(super) fn riot_squad(state: &State, posts: &[CircleId]) -> Decided {
    let turn = state.turn.as_ref().expect("in turn");
    if turn.arrested {
        return Err(refuse("C12", "post-after-arrest"));
    }
    if turn.points == 0 || turn.points != score(state) {
        return Err(refuse("C12", "riot-squad-whole-throw"));
    }
    let guards = reserve(state);
    if guards.is_empty() {
        return Err(refuse("C12", "no-reserve"));
    }
    let mut standing = guard_circles(state, None);
    let chosen: Vec<CircleId> = if posts.is_empty() {
        riot_squad_posts(state)
    } else {
        let distinct: BTreeSet<CircleId> = posts.iter().copied().collect();
        if distinct.len() != posts.len()
            || posts.iter().any(|&c| !BOARD.is(c, CircleKind::GuardPost) || state.occupied(c))
        {
            return Err(refuse("C12", "not-a-free-post"));
        }
        standing.extend(posts.iter().copied());
        if r45_blocked(&standing).is_some() {
            return Err(refuse("R45", "guard-in-doorway"));
        }
        // All his reserves: every guard, or as many as the free posts take.
        if posts.len() > guards.len()
            || (posts.len() < guards.len() && !free_posts(state, &standing).is_empty())
        {
            return Err(refuse("C12", "riot-squad-all-reserves"));
        }
        posts.to_vec()
    };
    if chosen.is_empty() {
        return Err(refuse("C12", "not-a-free-post"));
    }
    let posts = guards.into_iter().zip(chosen).map(|(man, to)| Placement { man, to }).collect();
    Ok(vec![Event::RiotSquad { posts }])
}

/// C12: the posts the Riot Squad takes when the German names none: one per reserve guard,
/// chosen one by one in board order, each leaving the courtyard open (R45) with those before
/// it. Its length is the number of guards the squad posts.
pub fn riot_squad_posts(state: &State) -> Vec<CircleId> {
    let guards = reserve(state);
    let mut standing = guard_circles(state, None);
    let mut out = Vec::new();
    for post in BOARD.circles_of(CircleKind::GuardPost) {
        if out.len() == guards.len() {
            break;
        }
        if state.occupied(post) || standing.contains(&post) {
            continue;
        }
        standing.insert(post);
        if r45_blocked(&standing).is_some() {
            standing.remove(&post);
        } else {
            out.push(post);
        }
    }
    out
}

pub(super) fn return_guard(state: &State, guard: ManId) -> Decided {
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
