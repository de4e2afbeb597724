//! Games: the new-game form, built from the ruleset's options, and creating the game.

use super::{PageResult, page};
use crate::games::{self, Game};
use crate::i18n::{Lang, Tr};
use crate::input::EmailAddress;
use crate::play::PlayError;
use crate::play::create::{NewGame, NewPlayer, Requester};
use crate::play::deadlines::{Deadline, DeadlinePolicy};
use crate::record::DisputePolicy;
use crate::web::AppState;
use crate::web::error::{PageError, explain, status_of};
use crate::web::extract::{PageForm, PageQuery};
use crate::web::pages::accounts::Who;
use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;

struct OptionField {
    name: String,
    label: String,
    checked: bool,
}

struct ChoiceField {
    name: String,
    label: String,
    /// (value, label, selected)
    options: Vec<(String, String, bool)>,
}

#[derive(Template)]
#[template(path = "new_game.html")]
struct NewGamePage {
    tr: Tr,
    ruleset: &'static str,
    name: String,
    options: Vec<OptionField>,
    choices: Vec<ChoiceField>,
    help: String,
    /// The player rows drawn (as many as asked for with `?players=N`, at first as many as the
    /// default table needs); more can be added without script by asking again, with script in
    /// place (static/new_game.js).
    rows: Vec<usize>,
    /// Rows that must be filled: the fewest players any table of this game takes.
    required_rows: usize,
    /// The most rows the form may have.
    max_players: usize,
    /// The player counts each table shape takes, in words.
    counts: String,
    error: Option<String>,
    lang_code: &'static str,
    /// The logged-in account's address (then it is the host's, proved already).
    host_account: Option<String>,
    /// Whether the host rules this game's disputes (then the host's address is required).
    host_rules: bool,
    /// Whether the game may go on from a position at a real table (docs/positions.md).
    takes_positions: bool,
    /// The ruleset's own fields for nested options (HTML it renders itself).
    extra: String,
}

/// The player counts of each shape of table (each value of a select option), from the engine:
/// (the value's words, its range); one entry with no words when the game has a single shape.
fn seat_counts(ruleset: &dyn Game, tr: &Tr) -> Vec<(Option<String>, std::ops::RangeInclusive<usize>)> {
    let defaults = ruleset.default_options();
    let key = |field: &str| format!("{}-opt-{}", ruleset.id(), field.replace('_', "-"));
    let mut counts = Vec::new();
    for (field, _) in defaults.as_object().into_iter().flatten().filter(|(_, v)| v.is_string()) {
        let default_range = ruleset.seats(&defaults).ok();
        let ranges: Vec<_> = ruleset
            .option_choices(field)
            .iter()
            .filter_map(|v| {
                let mut options = defaults.clone();
                options[field.as_str()] = Value::String((*v).to_owned());
                let words = tr.t(&format!("{}-{}", key(field), v.replace('_', "-")));
                ruleset.seats(&options).ok().map(|r| (Some(words), r))
            })
            .collect();
        // Only an option that changes the player count is worth naming.
        if ranges.iter().any(|(_, r)| Some(r) != default_range.as_ref()) {
            counts.extend(ranges);
        }
    }
    if counts.is_empty() {
        counts.push((None, ruleset.seats(&defaults).unwrap_or(1..=1)));
    }
    counts
}

/// "2–4", "3", "4–40".
fn range_words(r: &std::ops::RangeInclusive<usize>) -> String {
    if r.start() == r.end() { r.start().to_string() } else { format!("{}–{}", r.start(), r.end()) }
}

/// The real player counts of a game, in words (the home page and the form say the same).
pub fn player_counts(ruleset: &dyn Game, tr: &Tr) -> String {
    seat_counts(ruleset, tr)
        .iter()
        .map(|(words, r)| {
            let n = tr.t_args("new-players-count", &[("count", range_words(r))]);
            match words {
                Some(w) => format!("{w}: {n}"),
                None => n,
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[derive(Deserialize)]
pub struct RowsQuery {
    players: Option<usize>,
}

fn new_game_page(
    ruleset: &'static dyn Game,
    tr: Tr,
    error: Option<String>,
    who: &Who,
    players: Option<usize>,
) -> NewGamePage {
    let defaults = ruleset.default_options();
    let key = |field: &str| format!("{}-opt-{}", ruleset.id(), field.replace('_', "-"));
    let fields = defaults.as_object().cloned().unwrap_or_default();
    let options = fields
        .iter()
        .filter_map(|(k, v)| {
            v.as_bool().map(|b| OptionField { name: k.clone(), label: tr.t(&key(k)), checked: b })
        })
        .collect();
    let choices = fields
        .iter()
        .filter_map(|(k, v)| v.as_str().map(|current| (k, current)))
        .filter(|(k, _)| !ruleset.option_choices(k).is_empty())
        .map(|(k, current)| ChoiceField {
            name: k.clone(),
            label: tr.t(&key(k)),
            options: ruleset
                .option_choices(k)
                .iter()
                .map(|v| {
                    ((*v).to_owned(), tr.t(&format!("{}-{}", key(k), v.replace('_', "-"))), *v == current)
                })
                .collect(),
        })
        .collect();
    let help_key = format!("{}-new-help", ruleset.id());
    let help = if tr.has(&help_key) { tr.t(&help_key) } else { String::new() };
    let seats = ruleset.seats(&defaults).unwrap_or(1..=1);
    let shapes = seat_counts(ruleset, &tr);
    let fewest = shapes.iter().map(|(_, r)| *r.start()).min().unwrap_or(*seats.start());
    let most = shapes.iter().map(|(_, r)| *r.end()).max().unwrap_or(*seats.end()).min(MAX_ROWS);
    let shown = players.unwrap_or(*seats.start()).clamp(fewest, most);
    NewGamePage {
        choices,
        help,
        name: tr.t(&format!("{}-name", ruleset.id())),
        ruleset: ruleset.id(),
        options,
        rows: (0..shown).collect(),
        required_rows: fewest,
        max_players: most,
        counts: player_counts(ruleset, &tr),
        error,
        lang_code: tr.lang.code(),
        host_account: who.session.as_ref().map(|s| s.email.clone()),
        host_rules: ruleset.host_rules_disputes(),
        takes_positions: ruleset.takes_positions(),
        extra: ruleset.form_fields(&|m| tr.msg(m)),
        tr,
    }
}

pub async fn new_game_form(
    who: Who,
    tr: Tr,
    Path(ruleset): Path<String>,
    PageQuery(q): PageQuery<RowsQuery>,
) -> PageResult {
    let ruleset = games::by_id(&ruleset).ok_or(PlayError::UnknownRuleset(ruleset))?;
    Ok(page(StatusCode::OK, &new_game_page(ruleset, tr, None, &who, q.players)))
}

/// The most player rows a form may send (more than any ruleset seats).
const MAX_ROWS: usize = 64;

/// The new-game form as sent. Its fields are named by the page: `name_<i>` and `email_<i>` per
/// player row, `opt_<option>` per option the ruleset has, and the deadline's fields.
struct NewGameForm {
    fields: HashMap<String, String>,
}

impl NewGameForm {
    fn get(&self, name: &str) -> &str {
        self.fields.get(name).map(String::as_str).unwrap_or("")
    }

    /// A positive whole number, or none when left empty (or not a number: the form's number
    /// fields cannot send anything else).
    fn hours(&self, name: &str) -> Option<u32> {
        self.get(name).trim().parse::<u32>().ok().filter(|n| *n > 0)
    }

    /// The options: the ruleset's defaults, with each checkbox (present: on) and select box the
    /// page drew read back.
    fn options(&self, ruleset: &dyn Game) -> Value {
        let mut options = ruleset.default_options();
        if let Some(o) = options.as_object_mut() {
            for (k, v) in o.iter_mut() {
                let sent = self.fields.get(&format!("opt_{k}"));
                if v.is_boolean() {
                    *v = Value::Bool(sent.is_some());
                } else if v.is_string()
                    && let Some(chosen) = sent
                {
                    *v = Value::String(chosen.clone());
                }
            }
        }
        options
    }

    fn deadline(&self) -> Deadline {
        Deadline {
            hours: self.hours("deadline_hours"),
            remind_hours: self.hours("remind_hours"),
            policy: DeadlinePolicy::from_code(self.get("deadline_policy")).unwrap_or_default(),
            absence_days: self.get("absence_days").trim().parse().ok(),
            pause_hours: self.hours("pause_hours"),
        }
    }

    fn into_new_game(self, ruleset: &dyn Game, page_lang: Lang) -> Result<NewGame, PlayError> {
        let mut options = self.options(ruleset);
        let seats = (0..MAX_ROWS).filter(|i| !self.get(&format!("name_{i}")).trim().is_empty()).count();
        ruleset.read_form(&self.fields, seats, &mut options).map_err(PlayError::invalid)?;
        Ok(NewGame {
            ruleset: ruleset.id().to_owned(),
            title: self.get("title").to_owned(),
            options,
            players: (0..MAX_ROWS)
                .map(|i| NewPlayer {
                    name: self.get(&format!("name_{i}")).to_owned(),
                    email: self.get(&format!("email_{i}")).to_owned(),
                })
                .collect(),
            lang: Lang::from_code(self.get("lang")).unwrap_or(page_lang),
            disputes: DisputePolicy { appeals: self.fields.contains_key("appeals"), ..Default::default() },
            deadline: self.deadline(),
            host_email: self.get("host_email").to_owned(),
            from_position: self.fields.contains_key("from_position"),
        })
    }
}

/// A logged-in host's address is proved: the game's mail goes out at once, to and from it.
pub async fn create_game(
    State(state): State<AppState>,
    who: Who,
    tr: Tr,
    PageForm(fields): PageForm<HashMap<String, String>>,
) -> PageResult {
    let form = NewGameForm { fields };
    let ruleset = games::by_id(form.get("ruleset"))
        .ok_or_else(|| PlayError::UnknownRuleset(form.get("ruleset").into()))?;
    let by = Requester {
        client: who.ip.clone(),
        account: who.session.as_ref().and_then(|s| EmailAddress::parse(&s.email).ok()),
    };
    // On a refusal the form comes back with as many rows as were sent.
    let sent = (0..MAX_ROWS).rev().find(|i| form.get(&format!("name_{i}")).trim() != "");
    let created = match form.into_new_game(ruleset, tr.lang) {
        Ok(new) => crate::play::create::create(&state.log, new, &by).await,
        Err(e) => Err(e),
    };
    match created {
        Ok(created) => Ok(Redirect::to(&created.host_path).into_response()),
        // What the host typed is refused: the form again, saying why.
        Err(
            e @ (PlayError::Invalid(_)
            | PlayError::Malformed(_)
            | PlayError::Refused(_)
            | PlayError::TooMany(_)),
        ) => {
            let message = explain(&e, &tr);
            let mut answer =
                page(status_of(&e), &new_game_page(ruleset, tr, Some(message), &who, sent.map(|i| i + 1)));
            if let PlayError::TooMany(wait) = e
                && let Ok(v) = axum::http::HeaderValue::from_str(&wait.as_secs().max(1).to_string())
            {
                answer.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
            }
            Ok(answer)
        }
        Err(e) => Err(PageError::from(e)),
    }
}
