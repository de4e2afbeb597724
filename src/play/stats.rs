//! A game's numbers as one viewer may see them: the dice thrown, how long each seat took over
//! its turns, the records per day and each game's own counts (escapes, clues, captures).
//!
//! Everything is counted from the history as the viewer sees it (`history::entries`: the
//! engine's redaction, docs/architecture.md rule 4), so a die, a card or a key colour the
//! viewer may not see is not counted. Only whose turn it was after each record is read from a
//! replay of the log, and that every viewer is shown anyway (the status line of every page).

use super::error::PlayError;
use super::history::HistoryEntry;
use super::log::{GameLog, Loaded, parsed};
use crate::record;
use feldpost_engine::Seat;
use serde::Serialize;
use serde_json::Value;

/// Throws below this many are too few to judge the dice: with fewer than 30 the expected count
/// of a face is under 5, where the chi-square test is no longer to be trusted.
pub const MIN_THROWS: u64 = 30;

/// A game that spans at most this many days shows every day of it, those without records too.
pub const DAYS_FILLED: i64 = 120;

/// A game's numbers as one viewer may see them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Stats {
    /// The dice the server threw and the dice the players threw at their tables and typed,
    /// counted apart (each only when the game throws dice that way).
    pub dice: Vec<Dice>,
    /// How long each seat took over its turns, by seat.
    pub seats: Vec<SeatTimes>,
    /// The records of each day (UTC) the game had any.
    pub days: Vec<Day>,
    /// The game's own counts (escapes, arrests, clues, guesses, captures…).
    pub tallies: Vec<Tally>,
    pub finished: bool,
}

/// Who threw the dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Thrower {
    /// The server, from the game's seed (`feldpost verify` re-derives every die).
    Server,
    /// The players, at their own tables, typed in (manual dice).
    Manual,
}

/// Every die of one kind the viewer may see, and how well it fits fair dice.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Dice {
    pub thrower: Thrower,
    /// How often each face came up: `faces[0]` is the ones.
    pub faces: [u64; 6],
    pub total: u64,
    /// What fair dice give for each face: a sixth of the total.
    pub expected: f64,
    /// Pearson's chi-square statistic against fair dice (5 degrees of freedom).
    pub chi2: f64,
    /// The chance that fair dice stray this far or further; none when too few were thrown.
    pub p: Option<f64>,
    pub fairness: Fairness,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Fairness {
    /// Fewer than [`MIN_THROWS`] dice.
    TooFew,
    /// p ≥ 0.05.
    Fair,
    /// p < 0.05.
    Unusual,
}

/// How long one seat took over its turns: from the record that asked it to the record of the
/// action that ended its turn (a turn the clock or another ended is not counted).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeatTimes {
    pub seat: Seat,
    pub turns: u64,
    /// In milliseconds; none before the seat has ended a turn.
    pub median_ms: Option<i64>,
    pub longest_ms: Option<i64>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Day {
    /// "2026-12-04" (UTC).
    pub date: String,
    pub records: u64,
}

/// One of a game's own counts, by seat, team or colour.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Tally {
    /// What is counted: `escapes`, `arrests`, `cards_played` (Colditz); `clues`,
    /// `guesses_right`, `guesses_wrong`, `still_hidden` (Služba: the cards not yet covered, by
    /// colour, for a viewer who knows the key); `captures`, `prisoners` (Na zajatce).
    pub what: String,
    pub rows: Vec<TallyRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct TallyRow {
    pub who: Who,
    pub count: u64,
}

/// Whom a count is of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(tag = "kind", content = "of", rename_all = "snake_case")]
pub enum Who {
    Seat(Seat),
    /// A Služba team: "red" or "blue".
    Team(String),
    /// A Služba key colour: "red", "blue", "bystander" or "pursuer".
    Colour(String),
}

/// One record as the turn clock reads it: when it was made, whose action it was, and who was
/// asked to act after it (public: every page shows whose turn it is).
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub at: i64,
    pub actor: Option<Seat>,
    pub to_act: Vec<Seat>,
}

/// The game's numbers as `seat` (or the public) may see them now.
pub async fn stats(log: &GameLog, loaded: &Loaded, seat: Option<Seat>) -> Result<Stats, PlayError> {
    let records = parsed(&log.store.records_between(&loaded.game.id, 0, loaded.seq).await?)?;
    let void = record::void_among(&records, &loaded.notes.rewound_spans());
    // Whose turn it was after each record: the effective plays folded one by one.
    let mut table = loaded.empty_table()?;
    let mut steps = Vec::new();
    for r in &records {
        if r.cause.is_play() && !void.contains(&r.seq) {
            for e in &r.events {
                table.apply(e)?;
            }
            let actor = match &r.cause {
                record::Cause::Action { seat, .. } => Some(*seat),
                _ => None,
            };
            steps.push(Step { at: r.at, actor, to_act: table.to_act() });
        }
    }
    let history = super::history::entries(loaded, seat, records, &void)?;
    let options: Value = serde_json::from_str(&loaded.game.options).unwrap_or(Value::Null);
    Ok(count(loaded.rules.id(), &options, loaded.seats.len(), &history, &steps, loaded.finished()))
}

/// The numbers of a game of `ruleset` with `options` and `seats` seats, from its history as
/// one viewer sees it and its turn `steps`. Pure: what it counts is what the history shows.
pub fn count(
    ruleset: &str,
    options: &Value,
    seats: usize,
    history: &[HistoryEntry],
    steps: &[Step],
    finished: bool,
) -> Stats {
    let shown: Vec<&Value> = history.iter().filter(|h| !h.void).flat_map(|h| &h.events).collect();
    let manual = options["manual_dice"] == true || options["dice"] == "manual";
    let mut faces = [0u64; 6];
    for e in &shown {
        for die in dice_of(ruleset, e) {
            if (1..=6).contains(&die) {
                faces[usize::from(die) - 1] += 1;
            }
        }
    }
    // Služba throws no dice; the others show a histogram from the start (empty at first).
    let dice = match ruleset {
        "colditz" | "zajatce" => vec![judge(if manual { Thrower::Manual } else { Thrower::Server }, faces)],
        _ => Vec::new(),
    };
    // Records per day, the days between without any shown as 0 (in a game of up to
    // `DAYS_FILLED` days; a longer one lists only the days it had records).
    const DAY_MS: i64 = 86_400_000;
    let mut per_day: std::collections::BTreeMap<i64, u64> = Default::default();
    for h in history {
        *per_day.entry(h.at.div_euclid(DAY_MS)).or_default() += 1;
    }
    if let (Some(&first), Some(&last)) = (per_day.keys().next(), per_day.keys().next_back())
        && last - first <= DAYS_FILLED
    {
        for day in first..=last {
            per_day.entry(day).or_default();
        }
    }
    let days = per_day
        .into_iter()
        .map(|(day, records)| Day { date: crate::clock::format_date(day * DAY_MS), records })
        .collect();
    Stats { dice, seats: turn_times(seats, steps), days, tallies: tallies(ruleset, seats, &shown), finished }
}

/// The dice an event shows: Na zajatce's throw, every pair of a Colditz throw, Do or Die run,
/// staff car or shot (each of those events lists its pairs as `throws`).
fn dice_of(ruleset: &str, event: &Value) -> Vec<u8> {
    match ruleset {
        "zajatce" if event["type"] == "rolled" => {
            event["die"].as_u64().map(|d| d as u8).into_iter().collect()
        }
        "colditz" => {
            let mut dice = Vec::new();
            pairs_in(event, &mut dice);
            dice
        }
        _ => Vec::new(),
    }
}

fn pairs_in(value: &Value, dice: &mut Vec<u8>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("throws", Value::Array(throws)) => {
                        for pair in throws.iter().filter_map(Value::as_array) {
                            dice.extend(pair.iter().filter_map(Value::as_u64).map(|d| d as u8));
                        }
                    }
                    _ => pairs_in(v, dice),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| pairs_in(v, dice)),
        _ => {}
    }
}

/// The faces counted, judged against fair dice.
pub fn judge(thrower: Thrower, faces: [u64; 6]) -> Dice {
    let total: u64 = faces.iter().sum();
    let expected = total as f64 / 6.0;
    let chi2 =
        if total == 0 { 0.0 } else { faces.iter().map(|&n| (n as f64 - expected).powi(2) / expected).sum() };
    let p = (total >= MIN_THROWS).then(|| chi_square_5_p(chi2));
    let fairness = match p {
        None => Fairness::TooFew,
        Some(p) if p >= 0.05 => Fairness::Fair,
        Some(_) => Fairness::Unusual,
    };
    Dice { thrower, faces, total, expected, chi2, p, fairness }
}

/// The chance that a chi-square variable with 5 degrees of freedom is at least `x`: the
/// regularized upper incomplete gamma Q(5/2, x/2), which for a half-integer has the closed form
/// Q(5/2, y) = erfc(√y) + 2√(y/π)·e^(−y)·(1 + 2y/3).
pub fn chi_square_5_p(x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let y = x / 2.0;
    let p = erfc(y.sqrt()) + 2.0 * (y / std::f64::consts::PI).sqrt() * (-y).exp() * (1.0 + 2.0 * y / 3.0);
    p.clamp(0.0, 1.0)
}

/// The complementary error function, to a relative error below 1.2e-7 everywhere (the
/// Chebyshev fit of Numerical Recipes, 6.2): ample for a p-value shown to three places.
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// Each seat's turns: a turn begins with the record after which the seat is asked to act and
/// ends with the seat's own action after which it is no longer asked (a turn of several
/// actions counts once, from the first ask to the last action). A turn that ends otherwise
/// (the clock, a deadline, another seat's action) is not counted: it says nothing of the seat.
pub fn turn_times(seats: usize, steps: &[Step]) -> Vec<SeatTimes> {
    let mut since: Vec<Option<i64>> = vec![None; seats];
    let mut took: Vec<Vec<i64>> = vec![Vec::new(); seats];
    for step in steps {
        for (s, started) in since.iter_mut().enumerate() {
            let seat = s as Seat;
            let asked = step.to_act.contains(&seat);
            match (*started, asked) {
                (Some(from), false) => {
                    if step.actor == Some(seat) {
                        took[s].push(step.at - from);
                    }
                    *started = None;
                }
                (None, true) => *started = Some(step.at),
                _ => {}
            }
        }
    }
    took.into_iter()
        .enumerate()
        .map(|(s, mut t)| {
            t.sort_unstable();
            let median = match t.len() {
                0 => None,
                n if n % 2 == 1 => Some(t[n / 2]),
                n => Some((t[n / 2 - 1] + t[n / 2]) / 2),
            };
            SeatTimes {
                seat: s as Seat,
                turns: t.len() as u64,
                median_ms: median,
                longest_ms: t.last().copied(),
            }
        })
        .collect()
}

fn seat_of(v: &Value) -> Option<Seat> {
    v.as_u64().and_then(|s| Seat::try_from(s).ok())
}

/// A count by seat: every seat, each with what `of` gives for an event (nothing: 0).
fn by_seat(what: &str, seats: usize, events: &[&Value], of: impl Fn(&Value) -> Option<(Seat, u64)>) -> Tally {
    let mut counts = vec![0u64; seats];
    for (s, n) in events.iter().filter_map(|e| of(e)) {
        if let Some(c) = counts.get_mut(usize::from(s)) {
            *c += n;
        }
    }
    Tally {
        what: what.to_owned(),
        rows: counts
            .into_iter()
            .enumerate()
            .map(|(s, count)| TallyRow { who: Who::Seat(s as Seat), count })
            .collect(),
    }
}

fn by_name(what: &str, names: &[&str], kind: fn(String) -> Who, counted: impl Fn(&str) -> u64) -> Tally {
    Tally {
        what: what.to_owned(),
        rows: names.iter().map(|n| TallyRow { who: kind((*n).to_owned()), count: counted(n) }).collect(),
    }
}

/// The game's own counts, from the events the viewer is shown.
fn tallies(ruleset: &str, seats: usize, events: &[&Value]) -> Vec<Tally> {
    match ruleset {
        "colditz" => {
            let is = |e: &Value, name: &str| e["event"] == name;
            // Whose each man is: the setup lists them in order.
            let owners: Vec<Option<Seat>> = events
                .iter()
                .find(|e| is(e, "setup"))
                .and_then(|e| e["men"].as_array())
                .map(|men| men.iter().map(|m| seat_of(&m["seat"])).collect())
                .unwrap_or_default();
            let owner = |man: &Value| man.as_u64().and_then(|m| owners.get(m as usize).copied().flatten());
            vec![
                by_seat("escapes", seats, events, |e| {
                    is(e, "escaped").then(|| seat_of(&e["seat"])).flatten().map(|s| (s, 1))
                }),
                by_seat("arrests", seats, events, |e| {
                    is(e, "arrested").then(|| owner(&e["man"])).flatten().map(|s| (s, 1))
                }),
                by_seat("cards_played", seats, events, |e| {
                    is(e, "played").then(|| seat_of(&e["seat"])).flatten().map(|s| (s, 1))
                }),
            ]
        }
        "zajatce" => {
            let captured = |e: &Value| e["type"] == "captured";
            vec![
                by_seat("captures", seats, events, |e| {
                    captured(e).then(|| seat_of(&e["seat"])).flatten().map(|s| (s, 1))
                }),
                by_seat("prisoners", seats, events, |e| {
                    captured(e)
                        .then(|| seat_of(&e["seat"]))
                        .flatten()
                        .map(|s| (s, e["taken"].as_array().map_or(0, |t| t.len() as u64)))
                }),
            ]
        }
        "sluzba" => {
            let teams = ["red", "blue"];
            let of_team = |name: &str, team: &str, right: Option<bool>| {
                events
                    .iter()
                    .filter(|e| e["event"] == name && e["team"] == team)
                    .filter(|e| right.is_none_or(|r| (e["colour"] == team) == r))
                    .count() as u64
            };
            let mut out = vec![
                by_name("clues", &teams, Who::Team, |t| of_team("clue_given", t, None)),
                by_name("guesses_right", &teams, Who::Team, |t| of_team("guessed", t, Some(true))),
                by_name("guesses_wrong", &teams, Who::Team, |t| of_team("guessed", t, Some(false))),
            ];
            // The key, where this viewer is shown it (a coordinator; everyone after the end):
            // the cards each colour still has under cover.
            let key = events.iter().rev().find_map(|e| {
                matches!(e["event"].as_str(), Some("key_drawn" | "key_revealed"))
                    .then(|| e["key"].as_str())
                    .flatten()
            });
            if let Some(key) = key {
                let covered: std::collections::BTreeSet<u64> = events
                    .iter()
                    .filter(|e| matches!(e["event"].as_str(), Some("guessed" | "fictitious_covered")))
                    .filter_map(|e| e["card"].as_u64())
                    .collect();
                let hidden_of = |letter: char| {
                    key.chars()
                        .enumerate()
                        .filter(|(i, c)| *c == letter && !covered.contains(&(*i as u64)))
                        .count() as u64
                };
                out.push(by_name(
                    "still_hidden",
                    &["red", "blue", "bystander", "pursuer"],
                    Who::Colour,
                    |c| {
                        hidden_of(match c {
                            "red" => 'R',
                            "blue" => 'B',
                            "bystander" => 'N',
                            _ => 'P',
                        })
                    },
                ));
            }
            out
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::CauseKind;
    use serde_json::json;

    fn entry(seq: u64, at: i64, events: Vec<Value>) -> HistoryEntry {
        HistoryEntry {
            seq,
            at,
            cause: CauseKind::Action,
            seat: None,
            action: None,
            events,
            descriptions: Vec::new(),
            void: false,
        }
    }

    #[test]
    fn fair_dice_give_p_one_and_lopsided_dice_a_tiny_p() {
        assert_eq!(chi_square_5_p(0.0), 1.0);
        let even = judge(Thrower::Server, [10; 6]);
        assert_eq!(even.chi2, 0.0);
        assert_eq!(even.p, Some(1.0));
        assert_eq!(even.fairness, Fairness::Fair);
        // 60 dice, 10 expected a face: (100 + 25·4 + 100)/10 = 30.
        let lopsided = judge(Thrower::Manual, [20, 5, 5, 5, 5, 20]);
        assert!((lopsided.chi2 - 30.0).abs() < 1e-9, "chi2 = {}", lopsided.chi2);
        let p = lopsided.p.unwrap();
        assert!((p - 1.478e-5).abs() < 0.01e-5, "p = {p}");
        assert_eq!(lopsided.fairness, Fairness::Unusual);
    }

    #[test]
    fn the_closed_form_matches_the_tables_of_chi_square() {
        // The critical values of chi-square with 5 degrees of freedom.
        for (x, p) in [(11.0705, 0.05), (15.0863, 0.01), (1.6103, 0.9), (4.3515, 0.5), (20.515, 0.001)] {
            let got = chi_square_5_p(x);
            assert!((got - p).abs() < p * 1e-3, "Q({x}) = {got}, not {p}");
        }
    }

    #[test]
    fn too_few_dice_are_not_judged() {
        let few = judge(Thrower::Server, [29, 0, 0, 0, 0, 0]);
        assert_eq!(few.fairness, Fairness::TooFew);
        assert_eq!(few.p, None);
        assert_eq!(judge(Thrower::Server, [5; 6]).fairness, Fairness::Fair, "30 dice are enough");
    }

    #[test]
    fn zajatce_throws_and_captures_are_counted_by_seat() {
        let history = vec![
            entry(
                2,
                0,
                vec![
                    json!({"type": "rolled", "seat": 0, "die": 6}),
                    json!({"type": "next_turn", "seat": 0, "again": true}),
                ],
            ),
            entry(3, 0, vec![json!({"type": "rolled", "seat": 0, "die": 3})]),
            entry(
                4,
                0,
                vec![
                    json!({"type": "captured", "seat": 0, "stone": {"seat": 0, "number": 1}, "field": 3, "taken": [{"seat": 1, "number": 1}, {"seat": 1, "number": 2}], "freed": []}),
                ],
            ),
            entry(5, 0, vec![json!({"type": "rolled", "seat": 1, "die": 3})]),
        ];
        let stats = count("zajatce", &json!({"manual_dice": true}), 2, &history, &[], false);
        assert_eq!(stats.dice.len(), 1);
        assert_eq!(stats.dice[0].thrower, Thrower::Manual);
        assert_eq!(stats.dice[0].faces, [0, 0, 2, 0, 0, 1]);
        let tally = |what: &str| {
            stats
                .tallies
                .iter()
                .find(|t| t.what == what)
                .unwrap()
                .rows
                .iter()
                .map(|r| r.count)
                .collect::<Vec<_>>()
        };
        assert_eq!(tally("captures"), [1, 0]);
        assert_eq!(tally("prisoners"), [2, 0]);
    }

    #[test]
    fn colditz_dice_are_every_pair_of_every_throw() {
        let history = vec![entry(
            2,
            0,
            vec![
                json!({"event": "setup", "men": [{"seat": 0, "at": "a"}, {"seat": 1, "at": "b"}]}),
                json!({"event": "thrown", "seat": 1, "throws": [[1, 2], [6, 6]]}),
                json!({"event": "played", "seat": 1, "card": 4, "effect": {"kind": "staff_car", "man": 1, "throws": [[3, 4]]}}),
                json!({"event": "arrested", "man": 1, "cell": "c", "cause": "move", "confiscate": false}),
                json!({"event": "escaped", "man": 1, "seat": 1, "target": "t", "route": "r"}),
            ],
        )];
        let stats = count("colditz", &json!({"dice": "seeded"}), 2, &history, &[], false);
        assert_eq!(stats.dice[0].thrower, Thrower::Server);
        assert_eq!(stats.dice[0].faces, [1, 1, 1, 1, 0, 2]);
        let tally = |what: &str| {
            stats
                .tallies
                .iter()
                .find(|t| t.what == what)
                .unwrap()
                .rows
                .iter()
                .map(|r| r.count)
                .collect::<Vec<_>>()
        };
        assert_eq!(tally("arrests"), [0, 1]);
        assert_eq!(tally("escapes"), [0, 1]);
        assert_eq!(tally("cards_played"), [0, 1]);
    }

    #[test]
    fn a_sluzba_key_is_counted_only_where_the_history_shows_it() {
        let key = "RRRRRRRRRBBBBBBBBNNNNNNNP";
        let guessed =
            json!({"event": "guessed", "seat": 2, "team": "red", "card": 0, "word": "a", "colour": "red"});
        let wrong = json!({"event": "guessed", "seat": 2, "team": "red", "card": 20, "word": "b", "colour": "bystander"});
        let clue = json!({"event": "clue_given", "seat": 0, "team": "red"});
        let coordinator = vec![
            entry(
                1,
                0,
                vec![json!({"event": "key_drawn", "commitment": "c", "key_holders": [0, 1], "key": key})],
            ),
            entry(2, 0, vec![clue.clone(), guessed.clone(), wrong.clone()]),
        ];
        let member = vec![
            entry(1, 0, vec![json!({"event": "key_drawn", "commitment": "c", "key_holders": [0, 1]})]),
            entry(2, 0, vec![clue, guessed, wrong]),
        ];
        let of = |h: &[HistoryEntry]| count("sluzba", &json!({}), 4, h, &[], false);
        let (c, m) = (of(&coordinator), of(&member));
        assert!(c.dice.is_empty());
        let hidden =
            c.tallies.iter().find(|t| t.what == "still_hidden").expect("the coordinator knows the key");
        assert_eq!(hidden.rows.iter().map(|r| r.count).collect::<Vec<_>>(), [8, 8, 6, 1]);
        assert!(m.tallies.iter().all(|t| t.what != "still_hidden"), "a member does not");
        let rows = |s: &Stats, what: &str| {
            s.tallies
                .iter()
                .find(|t| t.what == what)
                .unwrap()
                .rows
                .iter()
                .map(|r| r.count)
                .collect::<Vec<_>>()
        };
        assert_eq!(rows(&m, "clues"), [1, 0]);
        assert_eq!(rows(&m, "guesses_right"), [1, 0]);
        assert_eq!(rows(&m, "guesses_wrong"), [1, 0]);
    }

    #[test]
    fn a_turn_runs_from_the_ask_to_the_seats_own_last_action() {
        let step =
            |at: i64, actor: Option<Seat>, to_act: &[Seat]| Step { at, actor, to_act: to_act.to_vec() };
        let steps = [
            step(0, None, &[0]),      // created: seat 0 asked
            step(10, Some(0), &[0]),  // seat 0 acts and goes on
            step(30, Some(0), &[1]),  // seat 0 ends its turn after 30
            step(100, Some(1), &[0]), // seat 1 took 70
            step(150, None, &[1]),    // the clock ended seat 0's turn: not counted
            step(160, Some(1), &[0]), // seat 1 took 10
        ];
        let t = turn_times(2, &steps);
        assert_eq!((t[0].turns, t[0].median_ms, t[0].longest_ms), (1, Some(30), Some(30)));
        assert_eq!((t[1].turns, t[1].median_ms, t[1].longest_ms), (2, Some(40), Some(70)));
    }

    #[test]
    fn records_are_counted_by_day() {
        let day = 86_400_000;
        let history = vec![entry(1, 0, vec![]), entry(2, day - 1, vec![]), entry(3, 2 * day + 5, vec![])];
        let stats = count("sluzba", &json!({}), 4, &history, &[], false);
        let days: Vec<(&str, u64)> = stats.days.iter().map(|d| (d.date.as_str(), d.records)).collect();
        assert_eq!(days, [("1970-01-01", 2), ("1970-01-02", 0), ("1970-01-03", 1)]);
    }
}
