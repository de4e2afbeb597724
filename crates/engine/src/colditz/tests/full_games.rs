//! Random full games (2 to 6 players) played to their end by a purposeful policy: Escape
//! Officers gather the Escape Kit and equipment, walk their men towards the targets along
//! shortest routes using the equipment they hold (ropes, wire cutters, keys, passes), run Do or
//! Die now and then, drive the staff car when they can; the German chases, shoots and plays his
//! cards. Every game must end (the time limit is a number of rounds); across the runs escapes,
//! deaths and the time limit all occur, and so do the rarer rules: the policy keeps the part 2
//! cards (never discards them) and plays them when it can (a Tunnel card at once, Tunnel
//! Detected with the two guards nearest the open tunnel, which close in on it while the German
//! holds the card, Shoot to Kill preferably at a man whose team holds a Talisman, the staff car
//! once a man stands on it), a team with no man beyond the walls gives its Talisman to one that
//! has, and teams fetch wire cutters or passes now and then (walking out through the PASS gates
//! when they hold one). In every other game the rarer cards lie near the top of their packs (a
//! shuffle like any other), so that the thirty games surely play them. Counted from the log and
//! asserted: Tunnel
//! cards, moves through a tunnel, Tunnel Detected, shots with and without a Talisman, staff car
//! runs, arrests by Arrest Key Holder and by Arrest Pass Holder, rope drops, wire crossings.
//! Invariants: replay equals the incremental state, views
//! and redacted logs leak no other seat's hand (checked just before the end, after which all is
//! revealed by design), windows are always answerable.

use super::games::{Game, check_game, check_step};
use super::*;
use crate::colditz::Colditz;
use crate::colditz::board::{Passage, Symbol, TunnelAccess};
use crate::colditz::cards::Equipment;
use crate::colditz::options::{Dice, Success, TimeLimit};
use crate::{Random, Ruleset};

#[derive(Default, Debug)]
struct Stats {
    escapes: usize,
    deaths: usize,
    german_wins: usize,
    escape_wins: usize,
    time_limit: usize,
    walked_out: usize,
    shots: usize,
    staff_car: usize,
    tunnels: usize,
    tunnel_detected: usize,
    /// Moves that took a tunnel link (a man under the wire).
    tunnel_moves: usize,
    shots_talisman: usize,
    shots_plain: usize,
    /// R49: a man arrested by Arrest Key Holder or Arrest Pass Holder.
    holder_arrests: usize,
    /// The same, by card: Arrest Key Holder, Arrest Pass Holder.
    key_holder: usize,
    pass_holder: usize,
    rope_drops: usize,
    wire_crossings: usize,
    /// Pass cards given up at PASS circles.
    passes_given: usize,
    /// Tunnel Detected played while an Appel was pending (answers still owed).
    detected_during_appel: usize,
}

/// Cards the policy keeps (never discards): they make the rarer rules happen.
fn rare(kind: CardKind) -> bool {
    matches!(
        kind,
        CardKind::Tunnel(_)
            | CardKind::StaffCar
            | CardKind::Talisman
            | CardKind::ShootToKill
            | CardKind::ArrestKeyHolder
            | CardKind::ArrestPassHolder
            | CardKind::TunnelDetected
    )
}

/// The guards on the board by their distance to the open tunnel (PoWs on the surface in the way).
fn nearest_guards(s: &State, seat: Seat) -> Vec<(u16, ManId)> {
    let Some((_, t)) = s.tunnels.first().and_then(|open| BOARD.tunnel_named(&open.tunnel)) else {
        return Vec::new();
    };
    let mut near: Vec<(u16, ManId)> = s
        .men_of(seat)
        .filter(|&g| !s.in_barracks(g))
        .filter_map(|g| {
            let me = s.at(g);
            let pows: std::collections::BTreeSet<CircleId> = s
                .escape_seats()
                .into_iter()
                .flat_map(|e| s.men_of(e))
                .filter(|m| !s.tunnellers.contains(m))
                .map(|m| s.at(m))
                .collect();
            let d = BOARD.distances(&[me], Passage::GUARD, &|c| c != me && pows.contains(&c));
            t.circles.iter().filter_map(|&c| d.to(c)).min().map(|d| (d, g))
        })
        .collect();
    near.sort();
    near
}

/// Tunnel Detected with the two guards nearest the tunnel.
fn detect(s: &State, seat: Seat, card: CardId) -> Option<Action> {
    let open = s.tunnels.first()?;
    let near = nearest_guards(s, seat);
    let men: Vec<ManId> = near.iter().take(2).map(|&(_, g)| g).collect();
    (men.len() == 2).then(|| Action::Play {
        card,
        men,
        equipment: vec![],
        dice: vec![],
        tunnel: Some(open.tunnel.clone()),
        cells: vec![],
    })
}

pub(super) fn count_held(state: &State, seat: Seat, e: Equipment) -> usize {
    state.equipment[usize::from(seat)].iter().filter(|c| c.kind() == CardKind::Equipment(e)).count()
}

/// The passage a team's men may use now: what it holds.
pub(super) fn passage(state: &State, seat: Seat) -> Passage {
    let held = |e: Equipment| {
        state.equipment[usize::from(seat)].iter().filter(|c| c.kind() == CardKind::Equipment(e)).count()
    };
    Passage {
        keys: held(Equipment::Key) > 0,
        passes: held(Equipment::Pass) > 0,
        ropes: held(Equipment::Rope).min(2) as u8,
        wire: held(Equipment::WireCutters) > 0,
        // A tunnel in use (any team's: men of any nation may join it).
        tunnels: state
            .tunnels
            .first()
            .and_then(|t| BOARD.tunnel_named(&t.tunnel))
            .map_or(TunnelAccess::None, |(id, _)| TunnelAccess::Only(id)),
    }
}

fn allows(p: Passage, kind: LinkKind) -> bool {
    match kind {
        LinkKind::Step => true,
        LinkKind::Gate(crate::colditz::board::GateKind::Key) => p.keys,
        LinkKind::Gate(crate::colditz::board::GateKind::Pass) => p.passes,
        LinkKind::RopeDown { ropes } | LinkKind::RopeUp { ropes } => ropes <= p.ropes,
        LinkKind::Wire => p.wire,
        LinkKind::Tunnel(t) => p.tunnels == TunnelAccess::Only(t) || p.tunnels == TunnelAccess::All,
    }
}

/// The shortest walk towards `goals` (circles), up to `n` steps, with `passage`.
pub(super) fn toward(
    state: &State,
    man: ManId,
    goals: &[CircleId],
    passage: Passage,
    n: u16,
) -> Vec<CircleId> {
    let me = state.at(man);
    let occupied: std::collections::BTreeSet<CircleId> =
        (0..state.men.len() as ManId).filter(|&m| !state.is_gone(m)).map(|m| state.at(m)).collect();
    let dist = BOARD.distances(goals, passage, &|c| c != me && occupied.contains(&c) && !goals.contains(&c));
    let mut path = Vec::new();
    let mut at = me;
    while path.len() < usize::from(n) {
        let Some(d) = dist.to(at) else { break };
        if d == 0 {
            break;
        }
        // Distances were searched from the goals outwards: step to a neighbour one closer,
        // along a link the passage allows (links are not all symmetric: check the way out).
        let next = BOARD.links(at).iter().find(|l| dist.to(l.to) == Some(d - 1) && allows(passage, l.kind));
        let Some(l) = next else { break };
        path.push(l.to);
        at = l.to;
    }
    // Never stop where a PoW may not stand (inside a tunnel he may).
    let tunnelling = path
        .windows(2)
        .chain(std::iter::once(&[me, path.first().copied().unwrap_or(me)][..]))
        .any(|w| matches!(BOARD.link(w[0], w[1]).map(|l| l.kind), Some(LinkKind::Tunnel(_))));
    while let Some(&last) = path.last() {
        if tunnelling {
            break;
        }
        if BOARD.is(last, CircleKind::Searchlight) || BOARD.is(last, CircleKind::Tunnel) {
            path.pop();
        } else {
            break;
        }
    }
    path
}

pub(super) fn throw_action(game: &Game, rng: &mut dyn Random) -> Action {
    match game.options.dice {
        Dice::Seeded => Action::Throw { dice: vec![] },
        Dice::Manual => {
            let mut dice = Vec::new();
            loop {
                let t = [rng.d6(), rng.d6()];
                dice.push(t);
                if t[0] != t[1] || game.options.max_throws.is_some_and(|c| dice.len() >= usize::from(c)) {
                    break dice.into();
                }
            }
        }
    }
}

impl From<Vec<[u8; 2]>> for Action {
    fn from(dice: Vec<[u8; 2]>) -> Action {
        Action::Throw { dice }
    }
}

/// A run of throws (manual dice): `base` throws, doubles again.
pub(super) fn run(base: usize, rng: &mut dyn Random) -> Vec<[u8; 2]> {
    let mut out = Vec::new();
    let mut left = base;
    while left > 0 {
        let t = [rng.d6(), rng.d6()];
        out.push(t);
        left -= 1;
        if t[0] == t[1] {
            left += 1;
        }
    }
    out
}

fn apply(game: &mut Game, events: Vec<Event>) {
    for e in &events {
        game.state.apply(e);
    }
    game.events.extend(events);
    check_step(game);
}

/// One decision for `seat`, or None when nothing sensible was found (then the turn ends).
pub(super) fn choose(game: &Game, seat: Seat, pick: &mut dyn Random) -> Option<Action> {
    let s = &game.state;
    if s.phase == crate::colditz::state::Phase::Placing {
        return Colditz::legal_actions(s, seat).into_iter().next();
    }
    let turn = s.turn.as_ref()?;
    let manual = game.options.dice == Dice::Manual;
    let fill = |a: Action, pick: &mut dyn Random| -> Action {
        match a {
            // Manual dice: the card is drawn first (no dice), then its throws are typed.
            Action::DoOrDie { man, .. } if manual => match turn.do_or_die.map(|r| r.card.kind()) {
                Some(CardKind::DoOrDie(n)) => Action::DoOrDie { man, dice: run(usize::from(n), pick) },
                _ => Action::DoOrDie { man, dice: vec![] },
            },
            Action::Play { card, men, equipment, .. }
                if manual && matches!(card.kind(), CardKind::StaffCar) =>
            {
                Action::Play { card, men, equipment, dice: run(6, pick), tunnel: None, cells: vec![] }
            }
            Action::Play { card, men, equipment, .. }
                if manual && matches!(card.kind(), CardKind::ShootToKill) =>
            {
                Action::Play {
                    card,
                    men,
                    equipment,
                    dice: run(1, pick)
                        .into_iter()
                        .take(game.options.max_throws.map_or(usize::MAX, usize::from))
                        .collect(),
                    tunnel: None,
                    cells: vec![],
                }
            }
            a => a,
        }
    };
    let legal = Colditz::legal_actions(s, seat);
    if let Some(run) = turn.do_or_die {
        return Some(fill(Action::DoOrDie { man: run.man, dice: vec![] }, pick));
    }
    if turn.throws.is_empty() {
        // Before the throw: Do or Die now and then, Appel sometimes, then throw.
        if let Some(d) = legal.iter().find(|a| matches!(a, Action::DoOrDie { .. }))
            && pick.below(12) == 0
        {
            return Some(fill(d.clone(), pick));
        }
        if let Some(a) =
            legal.iter().find(|a| matches!(a, Action::Play { card, .. } if card.kind() == CardKind::Appel))
            && (pick.below(3) == 0
                || !s.tunnels.is_empty()
                    && s.hands[usize::from(seat)].iter().any(|c| c.kind() == CardKind::TunnelDetected))
        {
            return Some(a.clone());
        }
        return Some(throw_action(game, pick));
    }
    // A Talisman goes to a team with a man beyond the walls (C18) when the holder has none.
    let beyond = |e: Seat| s.men_of(e).any(|m| BOARD.is_beyond(s.at(m)));
    if !s.is_german(seat)
        && !beyond(seat)
        && let Some(&card) = s.hands[usize::from(seat)].iter().find(|c| c.kind() == CardKind::Talisman)
        && let Some(to) = s
            .escape_seats()
            .into_iter()
            .find(|&e| e != seat && beyond(e) && s.hands[usize::from(e)].len() < 3)
    {
        return Some(Action::Give { card, to });
    }
    // Claims first, then cards that help, then moves.
    if let Some(a) = legal.iter().find(|a| matches!(a, Action::ClaimKit { .. } | Action::Release { .. })) {
        return Some(a.clone());
    }
    // The rarer cards whenever they can be played: Tunnel Detected with the guards nearest the
    // tunnel, Shoot to Kill, the staff car, a Tunnel card.
    if s.is_german(seat)
        && let Some(&card) = s.hands[usize::from(seat)].iter().find(|c| c.kind() == CardKind::TunnelDetected)
        && let Some(a) = detect(s, seat, card)
        && Colditz::decide(s, seat, &a, &mut SeededRandom::new(&[0; 32], "probe", 0, "probe")).is_ok()
    {
        return Some(a);
    }
    // Shoot to Kill: at a man whose team holds a Talisman when there is one beyond the walls
    // (the Talisman question then has two answers), else at the first man beyond.
    if s.is_german(seat)
        && let Some(&card) = s.hands[usize::from(seat)].iter().find(|c| c.kind() == CardKind::ShootToKill)
        && let Some(guard) = s.men_of(seat).filter(|&g| !s.in_barracks(g)).min()
        && let Some(man) = s.escape_seats().into_iter().flat_map(|e| s.men_of(e)).find(|&m| {
            BOARD.is_beyond(s.at(m))
                && s.hands[usize::from(s.men[usize::from(m)].seat)]
                    .iter()
                    .any(|c| c.kind() == CardKind::Talisman)
        })
    {
        let a = Action::Play {
            card,
            men: vec![guard, man],
            equipment: vec![],
            dice: vec![],
            tunnel: None,
            cells: vec![],
        };
        return Some(fill(a, pick));
    }
    if let Some(a) = legal.iter().find(|a| {
        matches!(a, Action::Play { card, .. }
            if matches!(card.kind(), CardKind::ShootToKill | CardKind::StaffCar | CardKind::Tunnel(_))
                && !s.tunnels.iter().any(|t| t.card == *card))
    }) {
        return Some(fill(a.clone(), pick));
    }
    for a in &legal {
        if let Action::Play { card, .. } = a {
            let useful = matches!(
                card.kind(),
                CardKind::StaffCar
                    | CardKind::Tunnel(_)
                    | CardKind::TunnelDetected
                    | CardKind::ShootToKill
                    | CardKind::Exchange(_)
                    | CardKind::Bribe
                    | CardKind::ReleaseFromSolitary
                    | CardKind::Diversion
                    | CardKind::Search(_)
            );
            if useful && pick.below(2) == 0 {
                return Some(fill(a.clone(), pick));
            }
        }
    }
    if turn.points == 0 {
        return None;
    }
    if s.is_german(seat) {
        // Chase men beyond the walls, or go after men outside the courtyard; else wander.
        let prey: Vec<CircleId> = s
            .escape_seats()
            .into_iter()
            .flat_map(|e| s.men_of(e))
            .map(|m| s.at(m))
            .filter(|&c| !BOARD.is(c, CircleKind::Cell))
            .collect();
        let guards: Vec<ManId> = s.men_of(seat).filter(|&g| !s.in_barracks(g)).collect();
        if guards.is_empty() {
            return None;
        }
        // Holding Tunnel Detected while a tunnel is open: bring guards next to it.
        if s.hands[usize::from(seat)].iter().any(|c| c.kind() == CardKind::TunnelDetected)
            && let Some(open) = s.tunnels.first()
            && let Some((_, t)) = BOARD.tunnel_named(&open.tunnel)
            && pick.below(4) != 0
        {
            for (_, g) in nearest_guards(s, seat).into_iter().take(2).filter(|&(d, _)| d > 1) {
                let path = toward(s, g, &t.circles, Passage::GUARD, turn.points);
                if path.len() > 1 || path.last().is_some_and(|c| !t.circles.contains(c)) {
                    return Some(Action::Move { man: g, path, cell: None });
                }
            }
        }
        let g = guards[pick.below(guards.len() as u32) as usize];
        let mut path = toward(s, g, &prey, Passage::GUARD, turn.points);
        if pick.below(3) == 0 || path.is_empty() {
            path = toward(
                s,
                g,
                &[BOARD.guard_posts(crate::colditz::board::Region::Outer).nth(pick.below(5) as usize)?],
                Passage::GUARD,
                turn.points,
            );
        }
        return (!path.is_empty()).then_some(Action::Move { man: g, path, cell: None });
    }
    let men: Vec<ManId> = s.men_of(seat).filter(|&m| !s.in_cell(m)).collect();
    if men.is_empty() {
        return None;
    }
    if !s.holds_kit(seat) {
        // Gather the kit: one man to each kit room still unmanned.
        let symbols = [Symbol::Disguise, Symbol::Compass, Symbol::Food, Symbol::Documents];
        for (i, symbol) in symbols.into_iter().enumerate() {
            let Some(&man) = men.get(i) else { break };
            if BOARD.room_of(s.at(man)).is_some_and(|(_, r)| r.symbol == symbol) {
                continue;
            }
            let rooms: Vec<CircleId> =
                BOARD.rooms_with(symbol).flat_map(|(_, r)| r.circles.clone()).collect();
            let path = toward(s, man, &rooms, Passage::WALK, turn.points);
            if !path.is_empty() {
                return Some(Action::Move { man, path, cell: None });
            }
        }
        return None;
    }
    // Equipment: claim what two men in a symbol room can, else bring two men to rope rooms.
    if let Some(a) = legal
        .iter()
        .find(|a| {
            matches!(a, Action::ClaimEquipment { equipment: Equipment::WireCutters | Equipment::Pass, .. })
        })
        .or_else(|| legal.iter().find(|a| matches!(a, Action::ClaimEquipment { .. })))
    {
        return Some(a.clone());
    }
    let mut p = passage(s, seat);
    // Holding a Pass, walk out through the PASS gates now and then rather than down a rope.
    if p.passes && pick.below(4) != 0 {
        p.ropes = 0;
        p.wire = false;
    }
    let targets: Vec<CircleId> = BOARD.targets().iter().map(|t| t.circle).collect();
    // The staff car for its holder.
    if s.hands[usize::from(seat)].iter().any(|c| c.kind() == CardKind::StaffCar) {
        let car: Vec<CircleId> = BOARD.staff_car_circles().collect();
        let path = toward(s, men[0], &car, p, turn.points);
        if !path.is_empty() {
            return Some(Action::Move { man: men[0], path, cell: None });
        }
    }
    // Wire cutters or passes now and then (two men to their rooms): routes over the wire and
    // through the PASS gates (where Arrest Pass Holder waits).
    let fetch = [(Equipment::WireCutters, Symbol::WireCutters), (Equipment::Pass, Symbol::Pass)]
        [pick.below(2) as usize];
    if count_held(s, seat, fetch.0) == 0 && pick.below(2) == 0 {
        let rooms: Vec<CircleId> = BOARD.rooms_with(fetch.1).flat_map(|(_, r)| r.circles.clone()).collect();
        for &man in men.iter().skip(1).take(2) {
            if BOARD.room_of(s.at(man)).is_some_and(|(_, r)| r.symbol == fetch.1) {
                continue;
            }
            let path = toward(s, man, &rooms, Passage::WALK, turn.points);
            if !path.is_empty() {
                return Some(Action::Move { man, path, cell: None });
            }
        }
    }
    // Escapers: the man closest to a target with what the team holds.
    let occupied = s.occupancy();
    let best = men
        .iter()
        .copied()
        .filter_map(|m| {
            BOARD
                .distances(&[s.at(m)], p, &|c| occupied.contains(&c) && !targets.contains(&c))
                .reached()
                .filter(|(c, _)| targets.contains(c))
                .map(|(_, d)| d)
                .min()
                .map(|d| (d, m))
        })
        .min();
    if let Some((_, man)) = best {
        let path = toward(s, man, &targets, p, turn.points);
        if !path.is_empty() {
            return Some(Action::Move { man, path, cell: None });
        }
    }
    // No route yet: fetch rope (two men into the rope rooms).
    let rope_rooms: Vec<CircleId> =
        BOARD.rooms_with(Symbol::Rope).flat_map(|(_, r)| r.circles.clone()).collect();
    for &man in men.iter().take(2) {
        if BOARD.room_of(s.at(man)).is_some_and(|(_, r)| r.symbol == Symbol::Rope) {
            continue;
        }
        let path = toward(s, man, &rope_rooms, Passage::WALK, turn.points);
        if !path.is_empty() {
            return Some(Action::Move { man, path, cell: None });
        }
    }
    None
}

fn play_full(seed: u64, players: usize, stats: &mut Stats) -> Game {
    let key = [seed as u8 ^ SALT; 32];
    let mut pick = SeededRandom::new(&key, "full", seed, "pick");
    let options = Options {
        german: pick.below(players as u32) as Seat,
        success: Success { escapes: 1 + pick.below(2) as u8 },
        time_limit: TimeLimit::Rounds(25 + pick.below(20)),
        dice: if pick.below(3) == 0 { Dice::Manual } else { Dice::Seeded },
        max_throws: if pick.below(2) == 0 { Some(3) } else { None },
        do_or_die_only_him: pick.below(2) == 0,
        ..Options::default()
    };
    let mut state = State::new(&options, players);
    let mut events = Colditz::setup(&options, players, &mut SeededRandom::new(&key, "g", 0, "setup"));
    // In every other game the rarer cards lie near the top of their packs (any order is a
    // shuffle the dice could have made), so that thirty games surely see them played.
    if seed.is_multiple_of(2)
        && let Event::Setup { opportunity, security, .. } = &mut events[0]
    {
        for pile in [opportunity, security] {
            let (mut rarer, rest): (Vec<CardId>, Vec<CardId>) = pile.iter().partition(|c| rare(c.kind()));
            let cut = (pick.below(4) as usize).min(rest.len());
            rarer.extend(rest[cut..].iter().copied());
            *pile = rest[..cut].iter().copied().chain(rarer).collect();
        }
    }
    for e in &events {
        state.apply(e);
    }
    let mut game = Game { options, seats: players, state, events };
    let mut before_end: Option<(State, usize)> = None;
    for step in 0..20_000 {
        if Colditz::outcome(&game.state).is_some() {
            break;
        }
        let to_act = Colditz::to_act(&game.state);
        assert!(!to_act.is_empty(), "someone acts until the end");
        before_end = Some((game.state.clone(), game.events.len()));
        let mut rng = SeededRandom::new(&key, "g", step as u64 + 1, "decide");
        let seat = to_act[0];
        if game.state.window.is_some() {
            // Answer with the last legal answer (the one playing a card when there is one), or
            // let the deadline pass.
            let events = match Colditz::legal_actions(&game.state, seat).into_iter().rfind(|a| {
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
                Some(a) if pick.below(3) != 0 => Colditz::decide(&game.state, seat, &a, &mut rng)
                    .unwrap_or_else(|r| panic!("{a:?}: {r:?}")),
                _ => Colditz::deadline_passed(&game.state, &mut rng),
            };
            assert!(!events.is_empty(), "a window always moves on");
            apply(&mut game, events);
            continue;
        }
        let action = choose(&game, seat, &mut pick);
        let result = action.as_ref().map(|a| Colditz::decide(&game.state, seat, a, &mut rng));
        let events = match result {
            Some(Ok(events)) => events,
            _ => {
                // End the turn; over three cards: discard first.
                match Colditz::decide(&game.state, seat, &Action::EndTurn, &mut rng) {
                    Ok(events) => events,
                    Err(r) => {
                        let hand = &game.state.hands[usize::from(seat)];
                        let Some(&card) = hand.iter().find(|c| !rare(c.kind())).or(hand.first()) else {
                            panic!("{action:?} refused, and the turn cannot end: {r:?}");
                        };
                        Colditz::decide(&game.state, seat, &Action::Discard { card }, &mut rng)
                            .expect("a card in turn may be discarded")
                    }
                }
            }
        };
        apply(&mut game, events);
    }
    let outcome = Colditz::outcome(&game.state).expect("every game ends");
    stats.escapes +=
        game.state.gone.iter().filter(|g| g.fate == crate::colditz::state::Fate::Escaped).count();
    stats.deaths += game.state.gone.iter().filter(|g| g.fate != crate::colditz::state::Fate::Escaped).count();
    // Replay the log to see each move's links and each shot's answer.
    let mut replayed = State::new(&game.options, players);
    for e in &game.events {
        match e {
            Event::Moved { man, path, surrendered, .. } => {
                stats.passes_given +=
                    surrendered.iter().filter(|c| c.kind() == CardKind::Equipment(Equipment::Pass)).count();
                let mut at = replayed.at(*man);
                for &to in path {
                    match BOARD.link(at, to).map(|l| l.kind) {
                        Some(LinkKind::Tunnel(_)) => stats.tunnel_moves += 1,
                        Some(LinkKind::RopeDown { .. }) => stats.rope_drops += 1,
                        Some(LinkKind::Wire) => stats.wire_crossings += 1,
                        _ => {}
                    }
                    at = to;
                }
            }
            Event::HolderAnswered { card: Some(c), .. } => match c.kind() {
                CardKind::ArrestKeyHolder => stats.key_holder += 1,
                _ => stats.pass_holder += 1,
            },
            Event::ShotJudged { talisman: Some(_), .. } => stats.shots_talisman += 1,
            Event::ShotJudged { talisman: None, .. } => stats.shots_plain += 1,
            Event::Arrested { cause: crate::colditz::events::ArrestCause::Holder, .. } => {
                stats.holder_arrests += 1
            }
            Event::Played { effect: crate::colditz::events::Effect::TunnelDetected { .. }, .. }
                if replayed.turn.as_ref().is_some_and(|t| t.appel && !t.searched) =>
            {
                stats.detected_during_appel += 1
            }
            _ => {}
        }
        replayed.apply(e);
    }
    for e in &game.events {
        match e {
            Event::Escaped { route: crate::colditz::events::Route::Walk, .. } => stats.walked_out += 1,
            Event::ShotJudged { .. } => stats.shots += 1,
            Event::Played { effect: crate::colditz::events::Effect::Tunnel { .. }, .. } => stats.tunnels += 1,
            Event::Played { effect: crate::colditz::events::Effect::TunnelDetected { .. }, .. } => {
                stats.tunnel_detected += 1
            }
            Event::Played { effect: crate::colditz::events::Effect::StaffCar { .. }, .. } => {
                stats.staff_car += 1
            }
            _ => {}
        }
    }
    if let TimeLimit::Rounds(n) = game.options.time_limit
        && game.state.round > n
    {
        stats.time_limit += 1;
    }
    if outcome.winners == vec![game.state.german] {
        stats.german_wins += 1;
    } else {
        stats.escape_wins += 1;
    }
    // The invariants on the last state before the end (after it every hand is revealed).
    let (state, len) = before_end.expect("at least one step");
    let mut events = game.events.clone();
    events.truncate(len);
    check_game(&Game { options: game.options.clone(), seats: players, state, events });
    // Replay of the whole log equals the final state.
    assert_eq!(crate::replay::<Colditz>(&game.options, players, &game.events), game.state);
    game
}

#[test]
fn random_full_games_reach_their_end_with_escapes_deaths_and_the_time_limit() {
    let mut stats = Stats::default();
    for seed in 0..GAMES {
        let players = 2 + (seed as usize % 5);
        play_full(seed, players, &mut stats);
    }
    eprintln!("{stats:?}");
    assert!(stats.escapes > 0, "{stats:?}");
    assert!(stats.deaths > 0, "{stats:?}");
    assert!(stats.german_wins > 0, "{stats:?}");
    assert!(stats.escape_wins > 0, "{stats:?}");
    assert!(stats.time_limit > 0, "{stats:?}");
    assert!(stats.walked_out > 0, "{stats:?}");
    // The rarer rules happen in random play too.
    assert!(stats.tunnels > 0, "{stats:?}");
    assert!(stats.tunnel_moves > 0, "{stats:?}");
    assert!(stats.tunnel_detected > 0, "{stats:?}");
    assert!(stats.shots_plain > 0, "{stats:?}");
    assert!(stats.shots_talisman > 0, "{stats:?}");
    assert!(stats.staff_car > 0, "{stats:?}");
    assert!(stats.holder_arrests > 0, "{stats:?}");
    assert!(stats.key_holder > 0 && stats.pass_holder > 0, "{stats:?}");
    assert!(stats.rope_drops > 0, "{stats:?}");
    assert!(stats.wire_crossings > 0, "{stats:?}");
}

/// The seeds' salt (any value: the rarer rules must show whatever it is, given enough games).
const SALT: u8 = 0x5b;

/// Games in the deterministic run.
const GAMES: u64 = 30;

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 4, .. proptest::prelude::ProptestConfig::default() })]
    /// Any seed, any number of players: the game ends, with the invariants kept on the way.
    #[test]
    fn any_random_full_game_ends(seed in 0u64..1_000_000, players in 2usize..=6) {
        let mut stats = Stats::default();
        play_full(seed, players, &mut stats);
    }
}
