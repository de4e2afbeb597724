//! The contract every ruleset keeps, checked by playing many seeded random games (the habit of
//! brdgme's `assert_gamer_contract`, and of the fuzz targets of shakmaty and scalachess).
//!
//! At every step of every game [`Contract::run`] asserts:
//! - every action `legal_actions` offers any seat is accepted by `decide` (a template that needs
//!   typed input, such as a die thrown at the table or a clue, is filled in by the ruleset's
//!   [`Fill`] first, and each filling must be accepted);
//! - whoever `to_act` names is offered something; `to_act` is empty exactly when `outcome` is
//!   `Some`; a seat that is offered nothing, or is not at the table at all, has every action
//!   refused; an accepted action records at least one event; `decide` gives the same events for
//!   the same draws (it reads no clock and no global generator);
//! - every event, every offered action and the options come back unchanged from JSON; `view` for
//!   every viewer (each seat, the public, the omniscient) and `redact` of every event for every
//!   viewer never panic, serialise, and a redacted event reads back unchanged too;
//! - replaying the log gives the live state (every `replay_every` steps and at the end, so the
//!   check stays linear in the length of a game), and each viewer's redacted log folds;
//! - every game ends within the bound the caller gives.
//!
//! On the way it collects every [`Msg`] the engine said ([`Messages`]): events as each viewer is
//! told them, the buttons of offered actions, seat labels, outcomes, messages inside views and
//! the reasons of refused probes (random actions the caller's probes and earlier offers
//! suggest), with nested [`Arg::Key`] ids. The server's tests check every one of them against
//! every Fluent catalog (`tests/all/contract.rs`), which the engine cannot read (it does no I/O).
//!
//! The standard run of each ruleset is here too ([`zajatce`], [`sluzba`], [`colditz`]): the
//! engine's tests, the server's tests and the fuzz targets (`fuzz/`) share it. [`Position`] and
//! [`Shapes`] give the fuzz targets and the property tests positions reached by seeded play and
//! arbitrary JSON shaped like the actions those positions offer.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize as _, Serialize};
use serde_json::{Map, Value};

use crate::{Arg, Msg, Random, Ruleset, Seat, SeededRandom, Viewer, replay};

/// Turns an offered action into the actions a player would send: `vec![offered.clone()]` when it
/// needs no input, one or more fillings of a template, or nothing when no filling could be found
/// (counted in [`Report::unfilled`]; the caller decides how many it tolerates).
pub type Fill<R> = Box<
    dyn Fn(
            &<R as Ruleset>::State,
            Seat,
            &<R as Ruleset>::Action,
            &mut dyn Random,
        ) -> Vec<<R as Ruleset>::Action>
        + Send
        + Sync,
>;

/// Actions worth trying in a position whether or not they are offered (their refusals' words are
/// collected; none may be accepted from a seat that is offered nothing).
pub type Probe<R> =
    Box<dyn Fn(&<R as Ruleset>::State, usize, &mut dyn Random) -> Vec<<R as Ruleset>::Action> + Send + Sync>;

/// How likely random play picks an action (relative weights; 0 never).
pub type Weigh<R> = Box<dyn Fn(&<R as Ruleset>::Action) -> u32 + Send + Sync>;

/// Every filling is the action as offered.
pub fn as_offered<R: Ruleset>() -> Fill<R> {
    Box::new(|_, _, action, _| vec![action.clone()])
}

/// A contract run for one ruleset: the tables to play and how to play them.
pub struct Contract<R: Ruleset> {
    tables: Vec<(R::Options, usize)>,
    refused_tables: Vec<(R::Options, usize)>,
    games: usize,
    max_steps: usize,
    replay_every: usize,
    deadline_percent: u32,
    seed: u64,
    fill: Fill<R>,
    probe: Option<Probe<R>>,
    weigh: Option<Weigh<R>>,
}

/// What a run did and said.
#[derive(Debug, Default, Clone)]
pub struct Report {
    pub games: usize,
    /// Decisions and deadlines applied, over all games.
    pub steps: usize,
    /// Steps of the longest game.
    pub longest_game: usize,
    /// Offered actions (after filling) that `decide` accepted, over all steps.
    pub accepted: usize,
    /// Templates the filler found no filling for.
    pub unfilled: usize,
    /// A few of those, for the failure message.
    pub unfilled_examples: Vec<String>,
    /// The unfilled templates by variant (the action's name as `Debug` writes it).
    pub unfilled_by_variant: BTreeMap<String, usize>,
    /// Deadlines that passed with a consequence.
    pub deadlines: usize,
    /// Probes refused.
    pub refusals: usize,
    /// How each game ended: the outcome's message id, and how often.
    pub endings: BTreeMap<String, usize>,
    pub messages: Messages,
}

/// Every message id the engine used, with the argument names it was given each time and the
/// values of text arguments (which a message may select variants by).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Messages {
    uses: BTreeMap<String, MessageUse>,
}

#[derive(Debug, Default, Clone, PartialEq)]
pub struct MessageUse {
    /// How often the id was used.
    pub count: usize,
    /// Each distinct set of argument names it came with, sorted.
    pub arg_sets: BTreeSet<Vec<String>>,
    /// The values of each text argument (at most [`TEXT_VALUES_KEPT`] distinct ones).
    pub texts: BTreeMap<String, BTreeSet<String>>,
}

/// Distinct values kept per text argument: enough for every variant a message selects on; free
/// text (chat, clue words) would otherwise fill memory.
pub const TEXT_VALUES_KEPT: usize = 64;

impl Messages {
    /// Record a message and, as messages of their own, the ids nested in its arguments (the
    /// server translates those without arguments).
    pub fn note(&mut self, msg: &Msg) {
        let entry = self.uses.entry(msg.key.clone()).or_default();
        entry.count += 1;
        let mut names: Vec<String> = msg.args.iter().map(|(name, _)| name.clone()).collect();
        names.sort();
        entry.arg_sets.insert(names);
        for (name, arg) in &msg.args {
            if let Arg::Text(text) = arg {
                let values = entry.texts.entry(name.clone()).or_default();
                if values.len() < TEXT_VALUES_KEPT {
                    values.insert(text.clone());
                }
            }
        }
        for (_, arg) in &msg.args {
            if let Arg::Key(key) = arg {
                self.note(&Msg::new(key.clone()));
            }
        }
    }

    pub fn merge(&mut self, other: &Messages) {
        for (key, used) in &other.uses {
            let entry = self.uses.entry(key.clone()).or_default();
            entry.count += used.count;
            entry.arg_sets.extend(used.arg_sets.iter().cloned());
            for (name, values) in &used.texts {
                let mine = entry.texts.entry(name.clone()).or_default();
                for value in values {
                    if mine.len() < TEXT_VALUES_KEPT {
                        mine.insert(value.clone());
                    }
                }
            }
        }
    }

    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.uses.keys().map(String::as_str)
    }

    pub fn uses(&self) -> impl Iterator<Item = (&str, &MessageUse)> {
        self.uses.iter().map(|(k, v)| (k.as_str(), v))
    }

    pub fn get(&self, id: &str) -> Option<&MessageUse> {
        self.uses.get(id)
    }

    pub fn len(&self) -> usize {
        self.uses.len()
    }

    pub fn is_empty(&self) -> bool {
        self.uses.is_empty()
    }
}

/// Every viewer of a table of `seats`: each seat, the public, the omniscient.
pub fn viewers(seats: usize) -> Vec<Viewer> {
    (0..seats).map(|s| Viewer::Seat(s as Seat)).chain([Viewer::Public, Viewer::Omniscient]).collect()
}

/// The value after a trip through JSON text (as the server stores and reads it); panics, naming
/// `what`, if it does not come back the same.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(
    at: &dyn Fn() -> String,
    what: &str,
    value: &T,
) -> Value {
    let json = serde_json::to_value(value)
        .unwrap_or_else(|e| panic!("{}: {what} does not serialise ({e}): {value:?}", at()));
    let text = json.to_string();
    let back: T = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{}: {what} does not read back ({e}): {text}", at()));
    assert!(
        back == *value,
        "{}: {what} changes in a JSON round trip: {value:?} became {back:?} ({text})",
        at()
    );
    json
}

/// The messages inside a serialised view: objects of the shape of a [`Msg`] (`key`, and `args`
/// if any). Views carry messages such as clue warnings and the outcome's summary.
fn messages_in(value: &Value, into: &mut Messages) {
    match value {
        Value::Object(map) => {
            let shaped =
                map.get("key").is_some_and(Value::is_string) && map.keys().all(|k| k == "key" || k == "args");
            if shaped && let Ok(msg) = serde_json::from_value::<Msg>(value.clone()) {
                into.note(&msg);
                return;
            }
            map.values().for_each(|v| messages_in(v, into));
        }
        Value::Array(items) => items.iter().for_each(|v| messages_in(v, into)),
        _ => {}
    }
}

/// The 32-byte seed of game `game` of a run seeded `seed`.
fn game_seed(seed: u64, game: usize) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..16].copy_from_slice(&(game as u64).to_le_bytes());
    bytes
}

/// Pick an index by weight (`None` when all weights are 0).
fn pick_weighted(weights: &[u32], rng: &mut dyn Random) -> Option<usize> {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if total == 0 {
        return None;
    }
    let total = u32::try_from(total).unwrap_or(u32::MAX);
    let mut pick = rng.below(total);
    for (i, &w) in weights.iter().enumerate() {
        if pick < w {
            return Some(i);
        }
        pick -= w;
    }
    weights.iter().rposition(|&w| w > 0)
}

/// One offered action as sent, and what `decide` made of it.
struct Candidate<R: Ruleset> {
    seat: Seat,
    action: R::Action,
    events: Vec<R::Event>,
}

/// One game in progress.
struct Game<R: Ruleset> {
    index: usize,
    options: R::Options,
    seats: usize,
    seed: [u8; 32],
    state: R::State,
    log: Vec<R::Event>,
    /// Each viewer's redacted log (in the order of [`viewers`]).
    redacted: Vec<Vec<R::Event>>,
    /// Actions offered earlier in this game, for probes (bounded, distinct).
    pool: Vec<R::Action>,
    step: usize,
}

impl<R: Ruleset> Game<R> {
    fn at(&self) -> String {
        let options = serde_json::to_string(&self.options).unwrap_or_default();
        format!(
            "{} contract: game {} ({} seats, options {options}), step {}",
            R::ID,
            self.index,
            self.seats,
            self.step
        )
    }

    fn rng(&self, purpose: &str) -> SeededRandom {
        SeededRandom::new(&self.seed, "contract", self.step as u64, purpose)
    }
}

impl<R: Ruleset> Contract<R> {
    /// A run over `tables` (options and seat count; game `i` plays table `i % len`), with
    /// defaults: as many games as tables, 2,000 steps, replay every 100 steps, no deadlines.
    pub fn new(tables: Vec<(R::Options, usize)>) -> Self {
        assert!(!tables.is_empty(), "a contract run needs a table");
        Contract {
            games: tables.len(),
            tables,
            refused_tables: Vec::new(),
            max_steps: 2_000,
            replay_every: 100,
            deadline_percent: 0,
            seed: 0x0fe1_d905,
            fill: as_offered::<R>(),
            probe: None,
            weigh: None,
        }
    }
    /// How many games to play.
    pub fn games(mut self, games: usize) -> Self {
        self.games = games;
        self
    }
    /// Every game must end within this many steps.
    pub fn max_steps(mut self, steps: usize) -> Self {
        self.max_steps = steps;
        self
    }
    /// Compare the replayed log with the live state every this many steps (and at the end).
    pub fn replay_every(mut self, steps: usize) -> Self {
        self.replay_every = steps.max(1);
        self
    }
    /// In this share of steps (percent) the current wait's deadline passes.
    pub fn deadlines(mut self, percent: u32) -> Self {
        self.deadline_percent = percent.min(100);
        self
    }
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
    pub fn fill(
        mut self,
        fill: impl Fn(&R::State, Seat, &R::Action, &mut dyn Random) -> Vec<R::Action> + Send + Sync + 'static,
    ) -> Self {
        self.fill = Box::new(fill);
        self
    }
    pub fn probe(
        mut self,
        probe: impl Fn(&R::State, usize, &mut dyn Random) -> Vec<R::Action> + Send + Sync + 'static,
    ) -> Self {
        self.probe = Some(Box::new(probe));
        self
    }
    pub fn weigh(mut self, weigh: impl Fn(&R::Action) -> u32 + Send + Sync + 'static) -> Self {
        self.weigh = Some(Box::new(weigh));
        self
    }
    /// Tables `check_options` must refuse (their reasons are collected).
    pub fn refused_tables(mut self, tables: Vec<(R::Options, usize)>) -> Self {
        self.refused_tables = tables;
        self
    }

    /// Play every game, asserting the contract at every step (panics with the game, the step and
    /// the action on the first breach).
    pub fn run(&self) -> Report {
        let mut report = Report::default();
        for (options, seats) in &self.refused_tables {
            let refusal =
                R::check_options(options, *seats).expect_err("a table the contract expects refused");
            report.messages.note(&refusal.reason);
        }
        for index in 0..self.games {
            self.run_game(index, &mut report);
        }
        report
    }

    fn start(&self, index: usize, report: Option<&mut Report>) -> Game<R> {
        let (options, seats) = self.tables[index % self.tables.len()].clone();
        let seed = game_seed(self.seed, index);
        let state = R::initial(&options, seats);
        let redacted = vec![Vec::new(); seats + 2];
        let mut game =
            Game { index, options, seats, seed, state, log: Vec::new(), redacted, pool: Vec::new(), step: 0 };
        let setup = R::setup(&game.options, seats, &mut game.rng("setup"));
        self.record(&mut game, setup, report);
        game
    }

    /// Fold events into the game; with a report, check and describe each one for every viewer.
    fn record(&self, game: &mut Game<R>, events: Vec<R::Event>, mut report: Option<&mut Report>) {
        for event in events {
            if let Some(report) = report.as_deref_mut() {
                let mut seen_by = Vec::new();
                let at = || game.at();
                round_trip(&at, "an event", &event);
                for (i, viewer) in viewers(game.seats).into_iter().enumerate() {
                    if let Some(seen) = R::redact(&event, viewer) {
                        round_trip(&at, &format!("an event redacted for {viewer:?}"), &seen);
                        report.messages.note(&R::describe(&seen));
                        seen_by.push((i, seen));
                    }
                }
                for (i, seen) in seen_by {
                    game.redacted[i].push(seen);
                }
            }
            R::apply(&mut game.state, &event);
            game.log.push(event);
        }
    }

    fn run_game(&self, index: usize, report: &mut Report) {
        let (options, seats) = &self.tables[index % self.tables.len()];
        let at = || format!("{} contract: game {index}", R::ID);
        R::check_options(options, *seats)
            .unwrap_or_else(|r| panic!("{}: the contract's own table is refused: {r:?}", at()));
        round_trip(&at, "the options", options);
        for seat in 0..*seats {
            report.messages.note(&R::seat_label(options, seat as Seat));
        }
        let mut game = self.start(index, Some(report));
        loop {
            let candidates = self.examine(&game, report);
            for c in &candidates {
                if game.pool.len() < 100 && !game.pool.contains(&c.action) {
                    game.pool.push(c.action.clone());
                }
            }
            if let Some(outcome) = R::outcome(&game.state) {
                report.messages.note(&outcome.summary);
                *report.endings.entry(outcome.summary.key.clone()).or_default() += 1;
                break;
            }
            assert!(
                game.step < self.max_steps,
                "{}: the game did not end within {} steps: {:?}",
                game.at(),
                self.max_steps,
                game.state
            );
            let events = self.choose(&game, candidates, Some(report));
            self.record(&mut game, events, Some(report));
            game.step += 1;
            report.steps += 1;
            if game.step.is_multiple_of(self.replay_every) {
                self.check_replay(&game);
            }
        }
        self.check_replay(&game);
        for (viewer, log) in viewers(game.seats).into_iter().zip(&game.redacted) {
            // Folding a viewer's log must not fail either (history pages fold what they show).
            let _ = (viewer, replay::<R>(&game.options, game.seats, log));
        }
        report.games += 1;
        report.longest_game = report.longest_game.max(game.step);
    }

    fn check_replay(&self, game: &Game<R>) {
        let replayed = replay::<R>(&game.options, game.seats, &game.log);
        assert!(replayed == game.state, "{}: the replayed log differs from the live state", game.at());
    }

    /// The checks of one position; returns the offered actions as sent, with their events.
    fn examine(&self, game: &Game<R>, report: &mut Report) -> Vec<Candidate<R>> {
        let state = &game.state;
        let at = || game.at();
        let to_act = R::to_act(state);
        let outcome = R::outcome(state);
        assert_eq!(
            to_act.is_empty(),
            outcome.is_some(),
            "{}: to_act {to_act:?} but outcome {outcome:?}",
            at()
        );
        assert!(to_act.iter().all(|&s| usize::from(s) < game.seats), "{}: to_act {to_act:?}", at());
        if let Some(outcome) = &outcome {
            assert!(outcome.winners.iter().all(|&s| usize::from(s) < game.seats), "{}: {outcome:?}", at());
        }
        for viewer in viewers(game.seats) {
            let view = R::view(state, viewer);
            let json = serde_json::to_value(&view)
                .unwrap_or_else(|e| panic!("{}: the view for {viewer:?} does not serialise: {e}", at()));
            messages_in(&json, &mut report.messages);
        }
        let mut candidates = Vec::new();
        let mut idle = Vec::new();
        for seat in 0..game.seats as Seat {
            let offered = R::legal_actions(state, seat);
            if offered.is_empty() {
                assert!(!to_act.contains(&seat), "{}: seat {seat} must act but is offered nothing", at());
                idle.push(seat);
            }
            for action in offered {
                round_trip(&at, "an offered action", &action);
                report.messages.note(&R::describe_action(state, &action));
                let fillings = (self.fill)(state, seat, &action, &mut game.rng("fill"));
                if fillings.is_empty() {
                    report.unfilled += 1;
                    let shown = format!("{action:?}");
                    let variant = shown.split([' ', '(', '{']).next().unwrap_or_default().to_owned();
                    *report.unfilled_by_variant.entry(variant).or_default() += 1;
                    if report.unfilled_examples.len() < 10 {
                        report.unfilled_examples.push(format!("{}: seat {seat}: {action:?}", at()));
                    }
                }
                for filled in fillings {
                    round_trip(&at, "a filled action", &filled);
                    if filled != action {
                        report.messages.note(&R::describe_action(state, &filled));
                    }
                    let events =
                        R::decide(state, seat, &filled, &mut game.rng("decide")).unwrap_or_else(|r| {
                            panic!(
                                "{}: seat {seat} was offered {action:?}, sent {filled:?}, refused: {r:?}",
                                at()
                            )
                        });
                    assert!(
                        !events.is_empty(),
                        "{}: seat {seat}'s {filled:?} was accepted with no event",
                        at()
                    );
                    report.accepted += 1;
                    candidates.push(Candidate { seat, action: filled, events });
                }
            }
        }
        self.probe_refusals(game, &idle, &candidates, report);
        candidates
    }

    /// Try actions that may not be legal: earlier offers and the caller's probes, by random
    /// seats (one of them not at the table). Refusals are collected; nothing may be accepted
    /// from a seat that is offered nothing, or from beyond the table.
    fn probe_refusals(
        &self,
        game: &Game<R>,
        idle: &[Seat],
        candidates: &[Candidate<R>],
        report: &mut Report,
    ) {
        let state = &game.state;
        let mut rng = game.rng("probe");
        let mut probes: Vec<R::Action> = Vec::new();
        for _ in 0..2 {
            if !game.pool.is_empty() {
                probes.push(game.pool[rng.below(game.pool.len() as u32) as usize].clone());
            }
        }
        if let Some(probe) = &self.probe {
            probes.extend(probe(state, game.seats, &mut rng));
        }
        if let Some(c) = candidates.first() {
            probes.push(c.action.clone());
        }
        for action in probes {
            let seat = rng.below(game.seats as u32 + 1) as Seat;
            let result = R::decide(state, seat, &action, &mut game.rng("decide"));
            match result {
                Err(refusal) => {
                    report.refusals += 1;
                    report.messages.note(&refusal.reason);
                }
                Ok(events) => {
                    let beyond = usize::from(seat) >= game.seats;
                    assert!(
                        !beyond && !idle.contains(&seat),
                        "{}: seat {seat} (offered nothing) had {action:?} accepted: {events:?}",
                        game.at()
                    );
                }
            }
        }
    }

    /// The events of the step: a deadline's, or one candidate's, picked at random (mostly among
    /// the seats the game waits for, so that games move on).
    fn choose(
        &self,
        game: &Game<R>,
        candidates: Vec<Candidate<R>>,
        report: Option<&mut Report>,
    ) -> Vec<R::Event> {
        let mut rng = game.rng("choice");
        if self.deadline_percent > 0 && rng.below(100) < self.deadline_percent {
            let events = R::deadline_passed(&game.state, &mut game.rng("deadline"));
            if !events.is_empty() {
                if let Some(report) = report {
                    report.deadlines += 1;
                }
                return events;
            }
        }
        let to_act = R::to_act(&game.state);
        let waited: Vec<&Candidate<R>> = candidates.iter().filter(|c| to_act.contains(&c.seat)).collect();
        let pool: Vec<&Candidate<R>> =
            if !waited.is_empty() && rng.below(10) != 0 { waited } else { candidates.iter().collect() };
        let weights: Vec<u32> =
            pool.iter().map(|c| self.weigh.as_ref().map_or(1, |weigh| weigh(&c.action))).collect();
        let Some(chosen) = pick_weighted(&weights, &mut rng).map(|i| pool[i]) else {
            panic!("{}: the game waits for {to_act:?} but nothing can be played", game.at())
        };
        if report.is_some() {
            // The same draws, the same events: decide is a function of its inputs.
            let again = R::decide(&game.state, chosen.seat, &chosen.action, &mut game.rng("decide"));
            assert!(
                again.as_ref() == Ok(&chosen.events),
                "{}: {:?} decided twice differently",
                game.at(),
                chosen.action
            );
        }
        chosen.events.clone()
    }

    /// Seeded random play of game `index` for up to `steps` steps (stopping before the step that
    /// would end it), without the contract's checks: a position for fuzzing, with the shapes of
    /// every action offered on the way.
    pub fn position(&self, index: usize, steps: usize) -> Position<R> {
        let mut game = self.start(index, None);
        let mut shapes = Shapes::default();
        while game.step < steps && R::outcome(&game.state).is_none() {
            let mut candidates = Vec::new();
            for seat in 0..game.seats as Seat {
                for action in R::legal_actions(&game.state, seat) {
                    shapes.learn(&action);
                    for filled in (self.fill)(&game.state, seat, &action, &mut game.rng("fill")) {
                        shapes.learn(&filled);
                        if let Ok(events) = R::decide(&game.state, seat, &filled, &mut game.rng("decide"))
                            && !events.is_empty()
                        {
                            candidates.push(Candidate { seat, action: filled, events });
                        }
                    }
                }
            }
            if candidates.is_empty() && R::deadline_passed(&game.state, &mut game.rng("deadline")).is_empty()
            {
                break;
            }
            let events = self.choose(&game, candidates, None);
            // Stop short of the end: a running game is where actions are judged.
            let mut next = game.state.clone();
            events.iter().for_each(|e| R::apply(&mut next, e));
            if R::outcome(&next).is_some() {
                break;
            }
            self.record(&mut game, events, None);
            game.step += 1;
        }
        for seat in 0..game.seats as Seat {
            R::legal_actions(&game.state, seat).iter().for_each(|a| shapes.learn(a));
        }
        Position { state: game.state, seats: game.seats, shapes }
    }

    /// Positions for fuzzing: `count` games walked for 0 to `max_steps` steps.
    pub fn positions(&self, count: usize, max_steps: usize) -> Vec<Position<R>> {
        (0..count)
            .map(|i| self.position(i, if count > 1 { i * max_steps / (count - 1) } else { max_steps }))
            .collect()
    }
}

/// A position reached by seeded play, and the shapes of the actions offered on the way.
pub struct Position<R: Ruleset> {
    pub state: R::State,
    pub seats: usize,
    pub shapes: Shapes,
}

impl<R: Ruleset> Position<R> {
    /// Send `action` (JSON) for `seat` as the server would: decoded through serde, then decided.
    /// When the rules accept it, its events are folded and the next position is looked at as a
    /// page would look at it. Must never panic, whatever the JSON.
    pub fn try_json(&self, seat: Seat, action: &Value, rng: &mut dyn Random) {
        if let Ok(action) = R::Action::deserialize(action) {
            self.try_action(seat, &action, rng);
        }
    }

    /// The same from raw bytes (what a request body holds).
    pub fn try_bytes(&self, seat: Seat, bytes: &[u8], rng: &mut dyn Random) {
        if let Ok(action) = serde_json::from_slice::<R::Action>(bytes) {
            self.try_action(seat, &action, rng);
        }
    }

    pub fn try_action(&self, seat: Seat, action: &R::Action, rng: &mut dyn Random) {
        let Ok(events) = R::decide(&self.state, seat, action, rng) else { return };
        self.look_after(&events);
    }

    /// Fold `events` into this position and look at the result as the server and its pages
    /// would: who acts, the outcome, every viewer's view, every seat's legal actions.
    fn look_after(&self, events: &[R::Event]) {
        let mut next = self.state.clone();
        for event in events {
            let _ = serde_json::to_string(event);
            R::apply(&mut next, event);
        }
        let _ = (R::to_act(&next), R::outcome(&next));
        for viewer in viewers(self.seats) {
            let _ = serde_json::to_string(&R::view(&next, viewer));
        }
        for seat in 0..self.seats as Seat {
            let _ = R::legal_actions(&next, seat);
        }
    }
}

/// One fuzz input: its first byte picks the position, the second the seat (one beyond the table
/// too), the third how the rest is read: as the JSON body of a request, or as the choices that
/// make JSON in the neighbourhood of the actions the position offered ([`Shapes::arbitrary`]).
/// The dice come from a fixed seed, so a crash replays from its input alone.
pub fn fuzz_one<R: Ruleset>(positions: &[Position<R>], data: &[u8]) {
    let [pick, seat, mode, rest @ ..] = data else { return };
    let Some(position) = positions.get(usize::from(*pick) % positions.len().max(1)) else { return };
    let seat = (usize::from(*seat) % (position.seats + 2)) as Seat;
    let mut dice = SeededRandom::new(&[7; 32], "fuzz", u64::from(*pick), "dice");
    if mode % 2 == 0 {
        position.try_bytes(seat, rest, &mut dice);
    } else {
        let json = position.shapes.arbitrary(&mut Bytes::new(rest));
        position.try_json(seat, &json, &mut dice);
    }
}

/// One fuzz input for what a table's players enter (docs/positions.md): its first byte picks
/// the position it is entered on, the second the seat of a private part; the rest is read as
/// the JSON of the host's position and of a seat's private part (Služba's key card, a Colditz
/// hand). Refused or set up and then looked at as a page would, never a panic. (In play a
/// position is entered only before the first move; here any position takes it, which asks more
/// of the engine.)
pub fn fuzz_position<R: crate::Positions>(positions: &[Position<R>], data: &[u8]) {
    let [pick, seat, rest @ ..] = data else { return };
    let Some(position) = positions.get(usize::from(*pick) % positions.len().max(1)) else { return };
    let seat = (usize::from(*seat) % (position.seats + 2)) as Seat;
    let mut dice = SeededRandom::new(&[7; 32], "fuzz", u64::from(*pick), "position");
    if let Ok(entered) = serde_json::from_slice::<R::Position>(rest)
        && let Ok(events) = R::enter(&position.state, &entered, &mut dice)
    {
        position.look_after(&events);
        let _ = R::position_complete(&position.state);
    }
    if let Ok(part) = serde_json::from_slice::<R::Private>(rest)
        && let Ok(events) = R::enter_private(&position.state, seat, &part, &mut dice)
    {
        position.look_after(&events);
    }
}

/// What actions look like as JSON in one game (their keys, scalar values and whole shapes), from
/// which [`Shapes::arbitrary`] makes JSON that is almost an action: a field dropped, a number out
/// of range, an unknown id, a list thousands long, a tag of another variant.
#[derive(Debug, Clone, Default)]
pub struct Shapes {
    /// Distinct offered actions, as JSON (at most 200).
    pub offered: Vec<Value>,
    keys: BTreeSet<String>,
    /// Every scalar seen under its key (tags among them).
    pairs: BTreeSet<(String, String)>,
    strings: BTreeSet<String>,
    seen: HashSet<String>,
}

/// Numbers at the edges of what fields hold: dice, seats, cards, circles, integer widths.
const EDGES: [&str; 22] = [
    "0",
    "1",
    "-1",
    "2",
    "6",
    "7",
    "9",
    "10",
    "24",
    "25",
    "40",
    "95",
    "96",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "-9223372036854775808",
    "0.5",
];

impl Shapes {
    /// The values seen under `key` (a tag's variants, say).
    pub fn values_of(&self, key: &str) -> Vec<Value> {
        self.pairs
            .iter()
            .filter(|(k, _)| k == key)
            .filter_map(|(_, v)| serde_json::from_str(v).ok())
            .collect()
    }

    /// The shapes of several positions together.
    pub fn merge(&mut self, other: &Shapes) {
        for value in &other.offered {
            self.learn(value);
        }
    }

    pub fn learn<T: Serialize>(&mut self, action: &T) {
        let Ok(json) = serde_json::to_value(action) else { return };
        let text = json.to_string();
        if self.offered.len() < 200 && self.seen.insert(text) {
            self.walk(&json, None);
            self.offered.push(json);
        }
    }

    fn walk(&mut self, value: &Value, key: Option<&str>) {
        match value {
            Value::Object(map) => {
                for (k, v) in map {
                    self.keys.insert(k.clone());
                    self.walk(v, Some(k));
                }
            }
            Value::Array(items) => items.iter().for_each(|v| self.walk(v, key)),
            Value::String(s) => {
                self.strings.insert(s.clone());
                if let Some(k) = key {
                    self.pairs.insert((k.to_owned(), value.to_string()));
                }
            }
            Value::Number(_) | Value::Bool(_) => {
                if let Some(k) = key {
                    self.pairs.insert((k.to_owned(), value.to_string()));
                }
            }
            Value::Null => {}
        }
    }

    /// JSON in the neighbourhood of the actions seen, chosen by `rng`.
    pub fn arbitrary(&self, rng: &mut dyn Random) -> Value {
        match rng.below(5) {
            0..=2 if !self.offered.is_empty() => {
                let mut value = self.offered[rng.below(self.offered.len() as u32) as usize].clone();
                for _ in 0..=rng.below(3) {
                    self.mutate(&mut value, rng);
                }
                value
            }
            3 => {
                let mut map = Map::new();
                for _ in 0..=rng.below(4) {
                    if let Some((k, v)) = self.any_pair(rng) {
                        map.insert(k, v);
                    }
                    let key = self.any_key(rng);
                    map.insert(key, self.value(rng, 2));
                }
                Value::Object(map)
            }
            _ => self.value(rng, 3),
        }
    }

    fn any_key(&self, rng: &mut dyn Random) -> String {
        if self.keys.is_empty() || rng.below(8) == 0 {
            return ["type", "action", "x", "", "seat"][rng.below(5) as usize].to_owned();
        }
        self.keys.iter().nth(rng.below(self.keys.len() as u32) as usize).cloned().unwrap_or_default()
    }

    fn any_pair(&self, rng: &mut dyn Random) -> Option<(String, Value)> {
        let (k, v) = self.pairs.iter().nth(rng.below(self.pairs.len().max(1) as u32) as usize)?;
        Some((k.clone(), serde_json::from_str(v).ok()?))
    }

    fn number(&self, rng: &mut dyn Random) -> Value {
        match rng.below(3) {
            0 => Value::from(rng.below(300) as i64 - 20),
            _ => serde_json::from_str(EDGES[rng.below(EDGES.len() as u32) as usize]).unwrap_or(Value::Null),
        }
    }

    fn string(&self, rng: &mut dyn Random) -> String {
        match rng.below(6) {
            0 | 1 if !self.strings.is_empty() => {
                let s = self.strings.iter().nth(rng.below(self.strings.len() as u32) as usize);
                let s = s.cloned().unwrap_or_default();
                // A known string, sometimes changed a little (another number inside, a letter).
                match rng.below(3) {
                    0 => s.replace(|c: char| c.is_ascii_digit(), &rng.below(10).to_string()),
                    1 => format!("{s}{}", rng.below(100)),
                    _ => s,
                }
            }
            2 => String::new(),
            3 => "x".repeat(1 + rng.below(2_000) as usize),
            4 => ["\u{0}", " ", "\n", "💣", "ř", "card999", "r99c99", "-", "2027-02-30", "infinity"]
                [rng.below(10) as usize]
                .to_owned(),
            _ => format!("{}{}", ["card", "r", "man", "seat"][rng.below(4) as usize], rng.below(1000)),
        }
    }

    fn value(&self, rng: &mut dyn Random, depth: u32) -> Value {
        let kinds = if depth == 0 { 4 } else { 7 };
        match rng.below(kinds) {
            0 => Value::Null,
            1 => Value::Bool(rng.below(2) == 0),
            2 => self.number(rng),
            3 => Value::String(self.string(rng)),
            4 if rng.below(4) == 0 => {
                // A huge list of one scalar: long for the engine, cheap to build (lists of huge
                // lists would only exhaust memory).
                Value::Array(vec![self.value(rng, 0); 1_000 + rng.below(4_000) as usize])
            }
            4 | 5 => Value::Array((0..rng.below(4)).map(|_| self.value(rng, depth - 1)).collect()),
            _ => {
                let mut map = Map::new();
                for _ in 0..rng.below(4) {
                    map.insert(self.any_key(rng), self.value(rng, depth - 1));
                }
                Value::Object(map)
            }
        }
    }

    /// Change one node of `value`: replace it, drop or add a field, stretch a list.
    fn mutate(&self, value: &mut Value, rng: &mut dyn Random) {
        let mut count = 0;
        count_nodes(value, &mut count);
        let target = rng.below(count.max(1));
        let mut index = 0;
        visit_nth(value, target, &mut index, &mut |node| match node {
            Value::Object(map) if !map.is_empty() && rng.below(2) == 0 => {
                let key = map.keys().nth(rng.below(map.len() as u32) as usize).cloned().unwrap_or_default();
                if rng.below(2) == 0 {
                    map.remove(&key);
                } else {
                    map.insert(key, self.value(rng, 2));
                }
            }
            Value::Object(map) => {
                map.insert(self.any_key(rng), self.value(rng, 2));
            }
            Value::Array(items) if !items.is_empty() && items.len() < 16 && rng.below(3) == 0 => {
                let item = items[rng.below(items.len() as u32) as usize].clone();
                let small = !matches!(item, Value::Array(_) | Value::Object(_));
                let more = if small && rng.below(2) == 0 { 1_000 + rng.below(4_000) as usize } else { 1 };
                items.extend(std::iter::repeat_n(item, more));
            }
            Value::Number(_) => *node = self.number(rng),
            Value::String(_) if rng.below(2) == 0 => *node = Value::String(self.string(rng)),
            other => *other = self.value(rng, 2),
        });
    }
}

fn count_nodes(value: &Value, count: &mut u32) {
    *count += 1;
    match value {
        Value::Object(map) => map.values().for_each(|v| count_nodes(v, count)),
        Value::Array(items) => items.iter().take(64).for_each(|v| count_nodes(v, count)),
        _ => {}
    }
}

fn visit_nth(value: &mut Value, target: u32, index: &mut u32, f: &mut dyn FnMut(&mut Value)) -> bool {
    if *index == target {
        f(value);
        return true;
    }
    *index += 1;
    match value {
        Value::Object(map) => map.values_mut().any(|v| visit_nth(v, target, index, f)),
        Value::Array(items) => items.iter_mut().take(64).any(|v| visit_nth(v, target, index, f)),
        _ => false,
    }
}

/// Draws taken from a byte string (a fuzzer's input): the same bytes, the same choices. When the
/// bytes run out every draw is 0.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }
    /// The bytes not drawn yet.
    pub fn rest(&self) -> &'a [u8] {
        self.data
    }
}

impl Random for Bytes<'_> {
    fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        // As few bytes as the range needs, so that short inputs still choose.
        let width = if n <= 1 << 8 {
            1
        } else if n <= 1 << 16 {
            2
        } else {
            4
        };
        let (head, rest) = self.data.split_at(width.min(self.data.len()));
        self.data = rest;
        let mut x = 0u32;
        for &b in head {
            x = (x << 8) | u32::from(b);
        }
        x % n
    }
}

// ------------------------------------------------------------------------------------------
// The standard run of each ruleset.

/// Lowercase letters-only words that are no word of any deck or table: fresh clues and chat.
fn fresh_word(rng: &mut dyn Random) -> String {
    const CONSONANTS: &[u8] = b"bcdfghklmnprstvz";
    const VOWELS: &[u8] = b"aeiouy";
    let mut word = String::from("kontra");
    for i in 0..6 {
        let set = if i % 2 == 0 { CONSONANTS } else { VOWELS };
        word.push(char::from(set[rng.below(set.len() as u32) as usize]));
    }
    word
}

/// Na zajatce: tables of two to four players, server and manual dice, with and without the
/// throw again on a six, small limits so that some games end by them (Z16, Z17).
pub fn zajatce() -> Contract<crate::zajatce::Zajatce> {
    use crate::zajatce::{Action, Direction, Options, StoneId};
    let base = Options::default();
    let tables = vec![
        (base.clone(), 2),
        (base.clone(), 3),
        (base.clone(), 4),
        (Options { manual_dice: true, ..base.clone() }, 3),
        (Options { throw_again_on_six: false, quiet_limit: 40, ..base.clone() }, 2),
        (Options { quiet_limit: 0, throw_limit: 300, ..base.clone() }, 4),
        (Options { manual_dice: true, throw_again_on_six: false, quiet_limit: 60, ..base.clone() }, 4),
        (Options { throw_limit: 120, ..base.clone() }, 3),
    ];
    Contract::<crate::zajatce::Zajatce>::new(tables)
        .games(40)
        .max_steps(7_000)
        .replay_every(250)
        .refused_tables(vec![(base.clone(), 1), (base.clone(), 7), (Options { throw_limit: 0, ..base }, 2)])
        .fill(|state, _, action, _| match action {
            // Manual dice: the player types any face the die shows.
            Action::Roll { die: None } if state.options.manual_dice => {
                (1..=6).map(|die| Action::Roll { die: Some(die) }).collect()
            }
            other => vec![*other],
        })
        // Z18: offered at every step and decided there (`examine`), never played at random: the
        // games are played out, and are the games they were before it was offered.
        .weigh(|action| u32::from(*action != Action::Concede))
        .probe(|state, seats, rng| {
            let stone = StoneId::new(rng.below(seats as u32 + 1) as Seat, rng.below(7) as u8);
            let direction = if rng.below(2) == 0 { Direction::Forward } else { Direction::Backward };
            // An own stone, wherever it is (reserve, camp, prisoner, member, leader).
            let own = StoneId::new(state.seat_to_act().unwrap_or(0), 1 + rng.below(5) as u8);
            vec![
                Action::Roll { die: Some(rng.below(9) as u8) },
                Action::Roll { die: None },
                Action::Enter,
                Action::Move { stone, direction },
                Action::Leave { stone, direction },
                Action::Move { stone: own, direction },
                Action::Leave { stone: own, direction },
            ]
        })
}

/// Služba v ilegalitě: every table shape and variant, approvals, rulings, chat and deadlines.
pub fn sluzba() -> Contract<crate::sluzba::Sluzba> {
    use crate::sluzba::decks::deck;
    use crate::sluzba::{Action, Channel, ClueNumber, DeckChoice, Options, Table};
    let base = Options::default();
    let tables = vec![
        (base.clone(), 4),
        (base.clone(), 7),
        (Options { table: Table::ThreePlayers, ..base.clone() }, 3),
        (Options { table: Table::OneTeam, ..base.clone() }, 2),
        (Options { table: Table::OneTeam, easier: true, deck: DeckChoice::CzechThemed, ..base.clone() }, 4),
        (Options { easier: true, ..base.clone() }, 5),
        (
            Options {
                strict_clues: false,
                rhymes_allowed: true,
                homophones_by_sound: true,
                deck: DeckChoice::English,
                ..base.clone()
            },
            6,
        ),
        (Options { table: Table::ThreePlayers, easier: true, ..base.clone() }, 4),
        (Options { deck: DeckChoice::CzechThemed, homophones_by_sound: true, ..base.clone() }, 4),
    ];
    Contract::<crate::sluzba::Sluzba>::new(tables)
        .games(45)
        .max_steps(3_000)
        .replay_every(50)
        .deadlines(3)
        .refused_tables(vec![
            (base.clone(), 3),
            (Options { table: Table::OneTeam, ..base.clone() }, 1),
            (Options { roles: vec![crate::sluzba::SeatRole::SharedMember; 4], ..base }, 4),
        ])
        .fill(|state, seat, action, rng| {
            let fresh = |rng: &mut dyn Random| loop {
                let word = fresh_word(rng);
                if !state.rulings.iter().any(|r| r.draft.same_text(&word, None)) {
                    return word;
                }
            };
            match action {
                Action::ChooseWords { words } if words.is_empty() => {
                    let deck = deck(state.options.deck);
                    let mut used: Vec<usize> =
                        state.chosen.iter().filter_map(|(_, w)| deck.find(w).map(|(card, _)| card)).collect();
                    let count = 1 + rng.below(state.picks_left(seat).clamp(1, 6) as u32) as usize;
                    let mut words = Vec::new();
                    while words.len() < count && used.len() < deck.cards.len() {
                        let card = rng.below(deck.cards.len() as u32) as usize;
                        if !used.contains(&card) {
                            used.push(card);
                            words.push(deck.cards[card].side(rng.below(2) == 0).to_owned());
                        }
                    }
                    vec![Action::ChooseWords { words }]
                }
                Action::GiveClue { word, .. } if word.is_empty() => {
                    let number = if rng.below(10) == 0 {
                        ClueNumber::Infinity
                    } else {
                        ClueNumber::Count(rng.below(10) as u8)
                    };
                    // A word approved this turn now and then, so approved clues are played too.
                    let approved: Vec<_> = state.rulings.iter().filter(|r| r.approved).collect();
                    let (word, explanation) = match approved.as_slice() {
                        [first, ..] if rng.below(2) == 0 => {
                            (first.draft.word.clone(), first.draft.explanation.clone())
                        }
                        _ => (fresh(rng), None),
                    };
                    vec![Action::GiveClue { word, number, explanation }]
                }
                Action::AskApproval { word, .. } if word.is_empty() => {
                    vec![Action::AskApproval { word: fresh(rng), explanation: None }]
                }
                Action::Chat { channel, text } if text.is_empty() => {
                    vec![Action::Chat { channel: *channel, text: format!("zpráva {}", fresh_word(rng)) }]
                }
                other => vec![other.clone()],
            }
        })
        .weigh(|action| match action {
            Action::GiveClue { .. } => 20,
            Action::ChooseWords { .. } => 10,
            Action::Approve => 8,
            // Offered to the other coordinator, whom the game does not wait for.
            Action::RuleInvalid { .. } => 10,
            Action::Reject | Action::Stop => 6,
            Action::AskApproval { .. } | Action::CoverFictitious { .. } | Action::DealRest => 3,
            Action::Guess { .. } | Action::WithdrawRequest => 2,
            Action::Chat { .. } => 1,
            // A4: offered at every step and decided there (`examine`), never played at random:
            // the games are played out, and are the games they were before it was offered.
            Action::Concede => 0,
        })
        .probe(|state, _, rng| {
            let card = rng.below(27) as u8;
            let channel = Channel::ALL[rng.below(3) as usize];
            let uncovered = state.uncovered_words();
            let table_word = uncovered
                .get(rng.below(uncovered.len().max(1) as u32) as usize)
                .map_or("anděl".to_owned(), |w| w.to_uppercase());
            let chosen = state.chosen.first().map_or("pes".to_owned(), |(_, w)| w.clone());
            let count = |n: u8| ClueNumber::Count(n);
            let clue = |word: &str, number: ClueNumber| Action::GiveClue {
                word: word.into(),
                number,
                explanation: None,
            };
            vec![
                Action::Guess { card },
                Action::Stop,
                Action::Approve,
                Action::Reject,
                Action::WithdrawRequest,
                Action::RuleInvalid { reason: None },
                Action::RuleInvalid { reason: Some("x".repeat(300)) },
                Action::CoverFictitious { card },
                Action::DealRest,
                clue(&table_word, count(2)),
                clue("dvě slova", count(2)),
                clue("  ", count(1)),
                clue(&"x".repeat(41), count(1)),
                clue("pes", count(10 + rng.below(200) as u8)),
                clue("tři", count(3)),
                clue("hledej", count(1)),
                Action::GiveClue {
                    word: "pes".into(),
                    number: count(1),
                    explanation: Some("nápověda navíc".into()),
                },
                Action::AskApproval { word: table_word.clone(), explanation: None },
                Action::ChooseWords { words: vec!["neexistujícíslovo".into()] },
                Action::ChooseWords { words: vec![chosen.clone(), chosen] },
                Action::ChooseWords { words: vec!["pes".into(); 30] },
                Action::Chat { channel, text: "ahoj".into() },
                Action::Chat { channel, text: "   ".into() },
                Action::Chat { channel, text: "x".repeat(1_001) },
            ]
        })
}

/// Escape from Colditz: two to six players, seeded and manual dice, a few rounds (the German wins
/// at the time limit unless an escape comes first).
pub fn colditz() -> Contract<crate::colditz::Colditz> {
    use crate::colditz::board::{BOARD, LinkKind};
    use crate::colditz::options::{Dice, TimeLimit};
    use crate::colditz::{Action, CardId, Colditz, Equipment, Options};
    let base = Options { time_limit: TimeLimit::Rounds(4), ..Options::default() };
    let tables = vec![
        (base.clone(), 3),
        (Options { german: 1, dice: Dice::Manual, ..base.clone() }, 2),
        (Options { max_throws: Some(3), ..base.clone() }, 4),
        (Options { german: 2, dice: Dice::Manual, max_throws: Some(2), ..base.clone() }, 5),
        (Options { time_limit: TimeLimit::Rounds(2), ..base.clone() }, 6),
        (Options { do_or_die_only_him: true, do_or_die_from_green: true, ..base.clone() }, 3),
    ];
    // Manual dice: the throws of a turn as a table throws them, doubles throwing again.
    fn throws(cap: Option<u8>, rng: &mut dyn Random) -> Vec<[u8; 2]> {
        let mut dice = Vec::new();
        loop {
            let throw = [rng.d6(), rng.d6()];
            dice.push(throw);
            if throw[0] != throw[1] || cap.is_some_and(|c| dice.len() >= usize::from(c)) || dice.len() >= 8 {
                return dice;
            }
        }
    }
    let accepted = |state: &crate::colditz::State, seat: Seat, candidates: Vec<Action>| -> Vec<Action> {
        let mut rng = crate::ScriptedRandom::new((0..64).map(|i| i % 6));
        candidates.into_iter().filter(|a| Colditz::decide(state, seat, a, &mut rng).is_ok()).take(3).collect()
    };
    Contract::<Colditz>::new(tables)
        .games(18)
        .max_steps(4_000)
        .replay_every(100)
        // Windows are rare in four rounds (one or two in these games): one step in five
        // leaves the open window to its deadline.
        .deadlines(20)
        .refused_tables(vec![(base.clone(), 1), (base.clone(), 7), (Options { german: 5, ..base }, 3)])
        .fill(move |state, seat, action, rng| match action {
            Action::Throw { dice } if dice.is_empty() && state.options.dice == Dice::Manual => {
                vec![Action::Throw { dice: throws(state.options.max_throws, rng) }]
            }
            Action::DoOrDie { man, dice } if dice.is_empty() && state.options.dice == Dice::Manual => {
                // The run's length is on the hidden top card: the table would know it.
                let candidates = (3..=7)
                    .map(|n| Action::DoOrDie {
                        man: *man,
                        dice: (0..n).map(|i| [1 + i % 5, 2 + i % 4]).collect(),
                    })
                    .collect();
                accepted(state, seat, candidates)
            }
            // A man offered a move: the steps to his free neighbours that the rules allow.
            Action::Move { man, path, cell } if path.is_empty() => {
                let from = state.at(*man);
                let candidates = BOARD
                    .links(from)
                    .iter()
                    .filter(|l| matches!(l.kind, LinkKind::Step | LinkKind::Gate(_)))
                    .map(|l| Action::Move { man: *man, path: vec![l.to], cell: *cell })
                    .collect();
                accepted(state, seat, candidates)
            }
            Action::OfferTrade { to, give, want } if give.is_empty() && want.is_empty() => {
                // A trade gives one of the seat's cards (R48), from its hand or its team's
                // equipment, and may ask for one of the other's.
                let mine: Vec<_> = state.hands[usize::from(seat)]
                    .iter()
                    .chain(&state.equipment[usize::from(seat)])
                    .copied()
                    .collect();
                let theirs: Vec<_> = state.equipment[usize::from(*to)].to_vec();
                let gifts =
                    mine.iter().map(|&c| Action::OfferTrade { to: *to, give: vec![c], want: Vec::new() });
                let swaps = mine.iter().flat_map(|&c| {
                    theirs.iter().map(move |&w| Action::OfferTrade { to: *to, give: vec![c], want: vec![w] })
                });
                accepted(state, seat, gifts.chain(swaps).collect())
            }
            Action::Discipline { man, infringement, cell } if infringement.is_empty() => {
                vec![Action::Discipline {
                    man: *man,
                    infringement: "left the Appel early".into(),
                    cell: *cell,
                }]
            }
            other => vec![other.clone()],
        })
        .weigh(|action| match action {
            Action::Throw { .. } => 30,
            // Cards open the windows (Appel, Search) whose deadlines the contract checks.
            Action::Play { .. } => 12,
            Action::Move { .. } => 8,
            Action::EndTurn => 4,
            Action::SetStandingOrders(_) | Action::OfferTrade { .. } | Action::Discipline { .. } => 1,
            // C25: offered at every step and decided there (`examine`), never played at random:
            // the games are played out, and are the games they were before it was offered.
            Action::Concede => 0,
            _ => 3,
        })
        .probe(|state, seats, rng| {
            let men = state.men.len() as u32;
            let man = rng.below(men) as u8;
            let card = CardId(rng.below(96) as u8);
            let circles = BOARD.circles();
            let circle = circles[rng.below(circles.len() as u32) as usize].id;
            let seat = rng.below(seats as u32) as Seat;
            vec![
                Action::Move { man, path: vec![circle], cell: None },
                Action::Play {
                    card,
                    men: vec![man],
                    equipment: vec![],
                    dice: vec![],
                    tunnel: None,
                    cells: vec![],
                },
                Action::Discard { card },
                Action::Give { card, to: seat },
                Action::PostGuard { to: circle },
                Action::ReturnGuard { guard: man },
                Action::Release { man },
                Action::AcceptOffer { offer: rng.below(4) },
                Action::DeclineOffer { offer: rng.below(4) },
                Action::WithdrawOffer { offer: rng.below(4) },
                Action::TimeUp { today: "2020-01-01".into() },
                Action::SearchAbsentees { cells: vec![] },
                Action::EndTurn,
                Action::Throw { dice: vec![[3, 4]] },
                Action::ClaimKit { men: vec![man], parts: vec![] },
                Action::ClaimEquipment { equipment: Equipment::ALL[rng.below(4) as usize], men: [man, man] },
                Action::AnswerTalisman { talisman: None },
                Action::AnswerArrestHolder { card: None, cell: None },
                Action::ReturnSecurity { cards: vec![card] },
                Action::OfferTrade { to: seat, give: vec![card], want: vec![] },
            ]
        })
}

/// Proptest strategies for JSON that is almost an action (the property tests of each ruleset).
#[cfg(test)]
pub(crate) mod strategies {
    use proptest::prelude::*;
    use serde_json::{Map, Value};

    use super::Shapes;

    fn leaf(words: Vec<String>) -> impl Strategy<Value = Value> {
        let words = if words.is_empty() { vec![String::new()] } else { words };
        prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            (-3i64..300).prop_map(Value::from),
            any::<f64>().prop_filter_map("finite", |f| serde_json::Number::from_f64(f).map(Value::Number)),
            any::<String>().prop_map(Value::String),
            "[a-z0-9_-]{0,12}".prop_map(Value::String),
            prop::sample::select(words).prop_map(Value::String),
        ]
    }

    /// Any JSON, its keys and strings mostly the ones the ruleset's actions use: random shapes,
    /// numbers out of range, unknown ids, lists thousands long.
    pub fn json(shapes: &Shapes) -> impl Strategy<Value = Value> + use<> {
        let keys: Vec<String> = shapes.keys.iter().cloned().chain(["x".to_owned()]).collect();
        let words: Vec<String> = shapes.strings.iter().cloned().collect();
        leaf(words).prop_recursive(4, 48, 6, move |inner| {
            let keys = keys.clone();
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                // Huge lists of scalars only: lists of huge lists would only exhaust memory.
                (leaf(Vec::new()), 1_000usize..5_000).prop_map(|(v, n)| Value::Array(vec![v; n])),
                prop::collection::vec((prop::sample::select(keys), inner), 0..6)
                    .prop_map(|fields| Value::Object(fields.into_iter().collect::<Map<_, _>>())),
            ]
        })
    }

    /// An object tagged as one of the ruleset's actions (`tag` = one of the tags seen), with
    /// fields of the names its actions use and arbitrary values.
    pub fn tagged(shapes: &Shapes, tag: &str) -> impl Strategy<Value = Value> + use<> {
        let tags: Vec<Value> = shapes.values_of(tag);
        let tags = if tags.is_empty() { vec![Value::Null] } else { tags };
        let keys: Vec<String> = shapes.keys.iter().cloned().chain(["x".to_owned()]).collect();
        let tag = tag.to_owned();
        (prop::sample::select(tags), prop::collection::vec((prop::sample::select(keys), json(shapes)), 0..5))
            .prop_map(move |(value, fields)| {
                let mut map: Map<String, Value> = fields.into_iter().collect();
                map.insert(tag.clone(), value);
                Value::Object(map)
            })
    }
}
