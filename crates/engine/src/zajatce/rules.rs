//! Judging actions: which are legal, and the events each one causes.

use super::board::{self, Direction, STONES_PER_PLAYER};
use super::state::{Place, State, StoneId, Turn};
use super::{Action, EndReason, Event, rule};
use crate::{Msg, Random, Refusal, Seat};

/// The events of one decision, applied to a scratch copy of the position as they are emitted,
/// so that each later step (captures, eliminations, the end) sees the position it follows.
struct Resolution {
    state: State,
    events: Vec<Event>,
}

impl Resolution {
    fn new(state: &State) -> Self {
        Resolution { state: state.clone(), events: Vec::new() }
    }
    fn emit(&mut self, event: Event) {
        self.state.apply(&event);
        self.events.push(event);
    }
}

pub fn decide(
    state: &State,
    seat: Seat,
    action: &Action,
    rng: &mut dyn Random,
) -> Result<Vec<Event>, Refusal> {
    if *action == Action::Concede {
        return concede(state, seat);
    }
    check_turn(state, seat)?;
    match (state.turn, *action) {
        (Turn::Roll { .. }, Action::Roll { die }) => {
            let die = throw_die(state, die, rng)?;
            let mut res = Resolution::new(state);
            res.emit(Event::Rolled { seat, die });
            if legal_moves(&res.state, seat, die).is_empty() {
                res.emit(Event::NoMove { seat, die });
                finish_throw(&mut res, seat, die);
            }
            Ok(res.events)
        }
        (Turn::Roll { .. }, _) => Err(Refusal::new(rule::TURN, Msg::new("zajatce-refusal-throw-first"))),
        (Turn::Move { die, .. }, Action::Roll { .. }) => {
            Err(Refusal::new(rule::TURN, Msg::new("zajatce-refusal-move-first").num("die", die)))
        }
        (Turn::Move { die, .. }, action @ (Action::Enter | Action::Move { .. } | Action::Leave { .. })) => {
            check_move(state, seat, die, action)?;
            let mut res = Resolution::new(state);
            play(&mut res, seat, die, action);
            finish_throw(&mut res, seat, die);
            Ok(res.events)
        }
        (_, Action::Concede) => unreachable!("conceding is judged first"),
        (Turn::Setup | Turn::Over, _) => unreachable!("check_turn refuses when nobody is to act"),
    }
}

/// Z18: a player still in the game may concede at any time, in turn or not. Its stones on the
/// track leave the board and the prisoners they led go back to their owners' reserves; its turns
/// are skipped from then on. When one player is left, that player wins.
fn concede(state: &State, seat: Seat) -> Result<Vec<Event>, Refusal> {
    match state.turn {
        Turn::Over => return Err(Refusal::new(rule::CONCEDE, Msg::new("zajatce-refusal-game-over"))),
        Turn::Setup => return Err(Refusal::new(rule::CONCEDE, Msg::new("zajatce-refusal-not-started"))),
        Turn::Roll { .. } | Turn::Move { .. } => {}
    }
    let Some(player) = state.player(seat) else {
        return Err(Refusal::not_your_turn(
            rule::CONCEDE,
            Msg::new("zajatce-refusal-no-such-player").num("seat", i64::from(seat) + 1),
        ));
    };
    if player.conceded {
        return Err(Refusal::new(rule::CONCEDE, Msg::new("zajatce-refusal-conceded").seat("player", seat)));
    }
    if player.eliminated {
        return Err(Refusal::new(rule::CONCEDE, Msg::new("zajatce-refusal-eliminated").seat("player", seat)));
    }
    let mut stones = Vec::new();
    let mut freed = Vec::new();
    for unit in state.units.iter().filter(|u| u.owner() == seat) {
        stones.push(unit.leader);
        stones.extend(unit.members.iter().copied());
        freed.extend(unit.prisoners.iter().copied());
    }
    stones.sort();
    freed.sort();
    let mut res = Resolution::new(state);
    res.emit(Event::Conceded { seat, stones, freed });
    if res.state.active_seats().count() <= 1 {
        end_game(&mut res, EndReason::Conceded);
        return Ok(res.events);
    }
    if !res.state.backward_phase && res.state.active_seats().all(|s| res.state.free_stones(s) == 1) {
        res.emit(Event::BackwardPhaseBegan);
    }
    if state.seat_to_act() == Some(seat) {
        let next = res.state.next_active_seat(seat);
        res.emit(Event::NextTurn { seat: next, again: false });
    }
    Ok(res.events)
}

/// Every action `seat` may take now: the throw (a template with no die under manual dice), or
/// every way to use the die thrown.
pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    let mut actions = match state.turn {
        Turn::Roll { seat: to_act } if to_act == seat => vec![Action::Roll { die: None }],
        Turn::Move { seat: to_act, die } if to_act == seat => legal_moves(state, seat, die),
        _ => Vec::new(),
    };
    // Z18: anyone still in the game may concede, in turn or not.
    if matches!(state.turn, Turn::Roll { .. } | Turn::Move { .. })
        && state.player(seat).is_some_and(|p| !p.eliminated)
    {
        actions.push(Action::Concede);
    }
    actions
}

/// The ways `seat` may use `die`. Every unit can always move (any field may be landed on and a
/// homecoming needs no exact throw), so this is empty only when all free stones are in
/// reserve and the die is not a six.
fn legal_moves(state: &State, seat: Seat, die: u8) -> Vec<Action> {
    let directions: &[Direction] =
        if state.backward_phase { &[Direction::Forward, Direction::Backward] } else { &[Direction::Forward] };
    let mut moves = Vec::new();
    if die == 6 && state.player(seat).is_some_and(|p| !p.reserve.is_empty()) {
        moves.push(Action::Enter);
    }
    for unit in state.units.iter().filter(|u| u.owner() == seat) {
        for &direction in directions {
            moves.push(Action::Move { stone: unit.leader, direction });
        }
        for &member in &unit.members {
            for &direction in directions {
                moves.push(Action::Leave { stone: member, direction });
            }
        }
    }
    moves
}

fn check_turn(state: &State, seat: Seat) -> Result<(), Refusal> {
    let to_act = match state.turn {
        Turn::Over => return Err(Refusal::not_your_turn(rule::END, Msg::new("zajatce-refusal-game-over"))),
        Turn::Setup => {
            return Err(Refusal::not_your_turn(rule::BOARD, Msg::new("zajatce-refusal-not-started")));
        }
        Turn::Roll { seat } | Turn::Move { seat, .. } => seat,
    };
    if seat == to_act {
        return Ok(());
    }
    if state.player(seat).is_some_and(|p| p.eliminated) {
        return Err(Refusal::not_your_turn(
            rule::ELIMINATION,
            Msg::new("zajatce-refusal-eliminated").seat("player", seat),
        ));
    }
    Err(Refusal::not_your_turn(rule::TURN, Msg::new("zajatce-refusal-not-your-turn").seat("player", to_act)))
}

/// Z3: the server throws unless the game uses manual dice; a typed die must be 1–6.
fn throw_die(state: &State, typed: Option<u8>, rng: &mut dyn Random) -> Result<u8, Refusal> {
    match (state.options.manual_dice, typed) {
        (false, None) => Ok(rng.d6()),
        (false, Some(_)) => Err(Refusal::new(rule::DIE, Msg::new("zajatce-refusal-die-by-server"))),
        (true, None) => Err(Refusal::new(rule::DIE, Msg::new("zajatce-refusal-die-missing"))),
        (true, Some(die)) if (1..=6).contains(&die) => Ok(die),
        (true, Some(die)) => {
            Err(Refusal::new(rule::DIE, Msg::new("zajatce-refusal-die-range").num("die", die)))
        }
    }
}

/// Why a move, a leave or an entry is illegal with `die`, naming the rule it breaks.
fn check_move(state: &State, seat: Seat, die: u8, action: Action) -> Result<(), Refusal> {
    let (stone, direction, leaving) = match action {
        Action::Enter => {
            if die != 6 {
                return Err(Refusal::new(
                    rule::SIX_ENTERS,
                    Msg::new("zajatce-refusal-enter-needs-six").num("die", die),
                ));
            }
            if state.player(seat).is_none_or(|p| p.reserve.is_empty()) {
                return Err(Refusal::new(rule::SIX_ENTERS, Msg::new("zajatce-refusal-reserve-empty")));
            }
            return Ok(());
        }
        Action::Move { stone, direction } => (stone, direction, false),
        Action::Leave { stone, direction } => (stone, direction, true),
        Action::Roll { .. } | Action::Concede => unreachable!("decide handles throws and concessions"),
    };
    // Each refusal says what is wrong with this stone where it stands, and names the players
    // concerned (the server puts their names in for seats).
    if state.player(stone.seat).is_none() {
        return Err(Refusal::new(
            rule::MOVE,
            Msg::new("zajatce-refusal-no-such-player").num("seat", i64::from(stone.seat) + 1),
        ));
    }
    if stone.seat != seat {
        return Err(Refusal::new(
            rule::MOVE,
            Msg::new("zajatce-refusal-not-your-stone").num("stone", stone.number).seat("owner", stone.seat),
        ));
    }
    let stone_msg = |key: &str| Msg::new(key).num("stone", stone.number);
    match state.locate(stone) {
        None => {
            return Err(Refusal::new(
                rule::MOVE,
                stone_msg("zajatce-refusal-no-such-stone").num("stones", STONES_PER_PLAYER),
            ));
        }
        Some(Place::Reserve) if die == 6 => {
            return Err(Refusal::new(rule::SIX_ENTERS, stone_msg("zajatce-refusal-stone-in-reserve-enter")));
        }
        Some(Place::Reserve) => {
            return Err(Refusal::new(
                rule::SIX_ENTERS,
                stone_msg("zajatce-refusal-stone-in-reserve").num("die", die),
            ));
        }
        Some(Place::Camp(owner)) => {
            return Err(Refusal::new(
                rule::HOMECOMING,
                stone_msg("zajatce-refusal-stone-in-camp").seat("owner", owner),
            ));
        }
        Some(Place::Prisoner(unit)) => {
            let captor = state.units[unit].leader;
            return Err(Refusal::new(
                rule::CAPTURE,
                stone_msg("zajatce-refusal-prisoner")
                    .seat("captor", captor.seat)
                    .num("leader", captor.number),
            ));
        }
        Some(Place::Member(unit)) if !leaving => {
            let leader = state.units[unit].leader;
            return Err(Refusal::new(
                rule::FREEING,
                stone_msg("zajatce-refusal-member-must-leave").num("leader", leader.number),
            ));
        }
        Some(Place::Leader(unit)) if leaving => {
            let unit = &state.units[unit];
            let msg = if unit.members.is_empty() && unit.prisoners.is_empty() {
                stone_msg("zajatce-refusal-not-in-group")
            } else {
                stone_msg("zajatce-refusal-leader-cannot-leave").num("prisoners", unit.prisoners.len() as i64)
            };
            return Err(Refusal::new(rule::FREEING, msg));
        }
        Some(Place::Leader(_) | Place::Member(_)) => {}
    }
    if direction == Direction::Backward && !state.backward_phase {
        return Err(Refusal::new(rule::BACKWARD, Msg::new("zajatce-refusal-backward-not-yet")));
    }
    Ok(())
}

/// Carry out a checked entry, move or leave.
fn play(res: &mut Resolution, seat: Seat, die: u8, action: Action) {
    match action {
        Action::Enter => {
            let player = &res.state.players[usize::from(seat)];
            let (stone, field) = (player.reserve[0], player.start_field());
            res.emit(Event::Entered { seat, stone, field });
            capture(res, seat, stone, field);
        }
        Action::Move { stone, direction } => move_stone(res, seat, stone, die, direction, false),
        Action::Leave { stone, direction } => move_stone(res, seat, stone, die, direction, true),
        Action::Roll { .. } | Action::Concede => unreachable!("decide handles throws and concessions"),
    }
}

fn move_stone(
    res: &mut Resolution,
    seat: Seat,
    stone: StoneId,
    die: u8,
    direction: Direction,
    leaving: bool,
) {
    let Some(unit) =
        res.state.units.iter().find(|u| u.leader == stone || (leaving && u.members.contains(&stone)))
    else {
        unreachable!("check_move found the stone on the track")
    };
    let from = unit.field;
    let corner = res.state.players[usize::from(seat)].corner;
    // Z11: only a unit that leads prisoners turns home, and only moving forwards (the home
    // branches off the track in the direction of travel).
    let turns_home = !leaving
        && !unit.prisoners.is_empty()
        && direction == Direction::Forward
        && board::reaches_home_entrance(from, die, corner);
    if turns_home {
        let (members, prisoners) = (unit.members.clone(), unit.prisoners.clone());
        res.emit(Event::CameHome { seat, stone, from, steps: die, members, prisoners });
    } else {
        let to = board::step(from, die, direction);
        res.emit(Event::Moved { seat, stone, leaving, direction, from, steps: die, to });
        capture(res, seat, stone, to);
    }
}

/// Z8–Z10: the unit led by `stone` takes every enemy stone on `field`: the enemy units' leaders,
/// their free members and their prisoners, except stones of its own colour, which it frees.
/// Units of its own colour on the field are left alone.
fn capture(res: &mut Resolution, seat: Seat, stone: StoneId, field: u8) {
    let (mut taken, mut freed) = (Vec::new(), Vec::new());
    for unit in res.state.units.iter().filter(|u| u.field == field && u.owner() != seat) {
        for s in unit.stones() {
            if s.seat == seat { freed.push(s) } else { taken.push(s) }
        }
    }
    if !taken.is_empty() {
        res.emit(Event::Captured { seat, stone, field, taken, freed });
    }
}

/// What follows every used or lost throw: eliminations (Z13), the end (Z14, Z16, Z17), the
/// backward phase (Z12), and who throws next (Z2, Z6).
fn finish_throw(res: &mut Resolution, seat: Seat, die: u8) {
    let out_now: Vec<Seat> = res.state.active_seats().filter(|&s| res.state.free_stones(s) == 0).collect();
    for out in out_now {
        res.emit(Event::Eliminated { seat: out });
    }
    let state = &res.state;
    let end = if state.active_seats().count() <= 1 {
        Some(EndReason::LastPlayer)
    } else if state.throws >= state.options.throw_limit {
        Some(EndReason::ThrowLimit)
    } else if state.options.quiet_limit > 0 && state.quiet_throws >= state.options.quiet_limit {
        Some(EndReason::QuietLimit)
    } else {
        None
    };
    if let Some(reason) = end {
        end_game(res, reason);
        return;
    }
    if !res.state.backward_phase && res.state.active_seats().all(|s| res.state.free_stones(s) == 1) {
        res.emit(Event::BackwardPhaseBegan);
    }
    let next = if die == 6 && res.state.options.throw_again_on_six {
        Event::NextTurn { seat, again: true }
    } else {
        Event::NextTurn { seat: res.state.next_active_seat(seat), again: false }
    };
    res.emit(next);
}

/// Z14, Z15: every unit still on the track carries its prisoners straight home, then the camps
/// are counted. A player who is out has lost (Z13: "prohrál a odstupuje ze hry"), so only the
/// players still in the game can win: most prisoners wins, a tie shares the win, and without a
/// prisoner nobody wins. When the others conceded (Z18), the one left wins whatever the camps hold.
fn end_game(res: &mut Resolution, reason: EndReason) {
    let carriers: Vec<_> = res
        .state
        .units
        .iter()
        .filter(|u| !u.prisoners.is_empty())
        .map(|u| (u.owner(), u.leader, u.prisoners.clone()))
        .collect();
    for (seat, stone, prisoners) in carriers {
        res.emit(Event::CarriedHome { seat, stone, prisoners });
    }
    let prisoners: Vec<u8> = res.state.players.iter().map(|p| p.camp.len() as u8).collect();
    let in_game: Vec<Seat> = res.state.active_seats().collect();
    let most = in_game.iter().map(|&s| prisoners[usize::from(s)]).max().unwrap_or(0);
    let winners = if reason == EndReason::Conceded {
        in_game
    } else if most == 0 {
        Vec::new()
    } else {
        in_game.into_iter().filter(|&s| prisoners[usize::from(s)] == most).collect()
    };
    res.emit(Event::Ended { reason, prisoners, winners });
}

/// The events a legal action would cause, for describing buttons; `None` if it is not legal.
pub fn preview(state: &State, action: &Action) -> Option<Vec<Event>> {
    let seat = state.seat_to_act()?;
    if *action == Action::Concede {
        return None;
    }
    let Turn::Move { die, .. } = state.turn else { return None };
    check_move(state, seat, die, *action).ok()?;
    let mut res = Resolution::new(state);
    play(&mut res, seat, die, *action);
    Some(res.events)
}
