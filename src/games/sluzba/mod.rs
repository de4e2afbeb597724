//! Služba v ilegalitě as people meet it: the table drawn from the view, the clue and chat typed
//! in, the clues and channels listed beside the table, and who rules on a clue.

mod board;
mod commands;
mod mail;
mod position;

use super::page::{Look, StaticFile};
use super::schema;
use super::{Input, InputKind, Note, Presented};
use feldpost_engine::sluzba::{Options, SeatRole, Table, Team};
use feldpost_engine::{Msg, Seat};
use serde_json::{Value, json};

impl Presented for feldpost_engine::sluzba::Sluzba {
    const HIDDEN_INFORMATION: bool = true;
    fn board_svg(view: &Self::View, names: &[String], tr: &dyn Fn(&Msg) -> String) -> String {
        board::board_svg(view, names, tr)
    }
    fn picture_svg(
        view: &Self::View,
        _names: &[String],
        tr: &dyn Fn(&Msg) -> String,
    ) -> Option<(String, f32)> {
        board::picture_svg(view, tr)
    }
    fn spelling(state: &Self::State, action: &Self::Action) -> super::commands::Spelling {
        commands::spelling(state, action)
    }
    fn actions_lead(tr: &dyn Fn(&Msg) -> String) -> String {
        use askama::Template;
        ActionsLead { tr: super::page::Tr(tr) }.render().unwrap_or_else(|e| {
            tracing::error!("sluzba actions lead: {e}");
            String::new()
        })
    }
    /// A guess or a cover names a card by its number on the table, never by a line of the
    /// mail's list (whose numbers drift as cards are covered).
    const OWN_NUMBERS: Option<&'static str> = Some("sluzba-mail-commands");
    /// Rule A5: the host's form shows the grid as the public sees it; the key card is entered
    /// on a coordinator's own page (docs/positions.md).
    fn position_fields_at(
        view: &Self::View,
        _seats: usize,
        current: Option<&Value>,
        tr: &dyn Fn(&Msg) -> String,
    ) -> String {
        position::host_fields(view, current, tr)
    }
    fn read_position(
        fields: &std::collections::HashMap<String, String>,
        _seats: usize,
    ) -> Result<Value, &'static str> {
        position::read_host(fields)
    }
    fn private_position_fields(view: &Self::View, _seat: Seat, tr: &dyn Fn(&Msg) -> String) -> String {
        position::key_fields(view, tr)
    }
    fn read_private_position(
        fields: &std::collections::HashMap<String, String>,
    ) -> Result<Value, &'static str> {
        position::read_key(fields)
    }
    /// "key: RBNP…": the key card's 25 letters, as the API takes them (the engine reads them).
    /// The marks the mail's table uses in any language we ship (Č/M in Czech, К/С/Н/П in
    /// Russian) are read as the same colours, so a player types what the mail shows.
    fn private_from_reply(text: &str) -> Option<Value> {
        Some(json!({ "key": mail::key_letters(text.trim()) }))
    }
    fn mail_board(view: &Self::View) -> Option<super::MailBoard> {
        mail::board(view)
    }
    fn number_not_offered(view: &Self::View, number: i64) -> Msg {
        mail::number_not_offered(view, number)
    }
    /// A member guesses by the clue: the turn mail says it before the cards.
    fn turn_lead(view: &Self::View) -> Vec<Msg> {
        clue_lines(view).into_iter().last().into_iter().collect()
    }
    fn inputs(state: &Self::State, action: &Self::Action) -> Vec<Input> {
        use feldpost_engine::sluzba::Action;
        let explanation =
            || Input::new("explanation", InputKind::Text { max_len: 200 }, "sluzba-input-explanation", false);
        let word = || Input::new("word", InputKind::Text { max_len: 40 }, "sluzba-input-word", true);
        match action {
            Action::GiveClue { word: w, .. } if w.is_empty() => {
                // An empty first choice: the number has no silent default (a forgotten select
                // would otherwise give 0, unlimited guesses); the server refuses it left empty.
                let mut values: Vec<String> = vec![String::new()];
                values.extend((0..=9).map(|n| n.to_string()));
                values.push("infinity".into());
                let labels = values
                    .iter()
                    .map(|v| match v.as_str() {
                        "" => "sluzba-number-choose".into(),
                        "infinity" => "sluzba-number-infinity".into(),
                        _ => format!("number-{v}"),
                    })
                    .collect();
                let mut inputs = vec![
                    word(),
                    Input::new("number", InputKind::Choice { values, labels }, "sluzba-input-number", true),
                ];
                if state.options.easier {
                    inputs.push(explanation());
                }
                inputs
            }
            Action::AskApproval { word: w, .. } if w.is_empty() => {
                let mut inputs = vec![word()];
                if state.options.easier {
                    inputs.push(explanation());
                }
                inputs
            }
            Action::ChooseWords { words } if words.is_empty() => {
                vec![Input::new("words", InputKind::Words, "sluzba-input-words", true)]
            }
            Action::RuleInvalid { reason: None } => {
                vec![Input::new("reason", InputKind::Text { max_len: 200 }, "sluzba-input-reason", false)]
            }
            Action::Chat { text, .. } if text.is_empty() => {
                vec![Input::new("text", InputKind::Text { max_len: 500 }, "input-chat-text", true)]
            }
            _ => Vec::new(),
        }
    }
    fn notes(view: &Self::View) -> Vec<Note> {
        let mut notes = Vec::new();
        if !view.clues.is_empty() {
            notes.push(Note { title: Msg::new("sluzba-note-clues"), lines: clue_lines(view) });
        }
        if let Some(approval) = view.approval.as_ref().and_then(|a| a.pending.as_ref()) {
            notes.push(Note {
                title: Msg::new("sluzba-note-approval"),
                lines: vec![Msg::new("sluzba-note-approval-draft").text("word", approval.word.clone())],
            });
        }
        for channel in feldpost_engine::sluzba::Channel::ALL {
            let lines: Vec<Msg> = view
                .chat
                .iter()
                .filter(|c| c.channel == channel)
                .map(|c| Msg::new("sluzba-note-chat-line").seat("seat", c.seat).text("text", c.text.clone()))
                .collect();
            if !lines.is_empty() {
                notes.push(Note { title: Msg::new(channel_key(channel)), lines });
            }
        }
        notes
    }
    fn commitment_label() -> &'static str {
        "sluzba-commitment"
    }
    fn concession(action: &Self::Action) -> bool {
        *action == feldpost_engine::sluzba::Action::Concede
    }
    /// A guess touches a card for good (rule S14), and conceding ends the game (A4): the page
    /// asks once before either is sent.
    fn confirmation(state: &Self::State, _seat: feldpost_engine::Seat, action: &Self::Action) -> Option<Msg> {
        use feldpost_engine::sluzba::{Action, CardView};
        if *action == Action::Concede {
            return Some(Msg::new("sluzba-confirm-concede"));
        }
        let Action::Guess { card } = action else { return None };
        // The words are public; the public view is enough to name the card.
        let view = <Self as feldpost_engine::Ruleset>::view(state, feldpost_engine::Viewer::Public);
        let word = match view.cards.get(usize::from(*card))? {
            CardView::Uncovered { word } | CardView::Keyed { word, .. } | CardView::Covered { word, .. } => {
                word.clone()
            }
        };
        Some(Msg::new("sluzba-confirm-guess").num("card", i64::from(*card) + 1).text("word", word))
    }
    fn reveals(event: &Self::Event) -> bool {
        use feldpost_engine::sluzba::Event;
        matches!(
            event,
            Event::Guessed { .. }
                | Event::FictitiousCovered { .. }
                | Event::KeyRevealed { .. }
                | Event::GameEnded { .. }
        )
    }
    /// Clue validity is for the other team's coordinator (seed, S12/S13); anything else for
    /// the host.
    fn adjudicator(
        state: &Self::State,
        seats: usize,
        seat: Option<Seat>,
        action: Option<&Self::Action>,
    ) -> Option<Seat> {
        use feldpost_engine::sluzba::{Action, SeatRole};
        let (Some(seat), Some(Action::GiveClue { .. })) = (seat, action) else { return None };
        let Some(SeatRole::Coordinator(team)) = state.role(seat) else { return None };
        (0..seats as Seat).find(|s| state.role(*s) == Some(SeatRole::Coordinator(team.other())))
    }
    /// A guess's form is tied to its card on the table (a click on the card sends it).
    fn form_marks(_state: &Self::State, action: &Self::Action) -> Vec<(&'static str, String)> {
        match action {
            feldpost_engine::sluzba::Action::Guess { card } => {
                vec![("data-pick", board::pick(usize::from(*card)))]
            }
            _ => Vec::new(),
        }
    }
    const LOOK: Look = Look {
        files: &[StaticFile { name: "sluzba.css", body: include_str!("static/sluzba.css") }],
        styles: &["sluzba.css"],
        ..Look::PLAIN
    };
    /// The seating rules of `check_options` (S1; V4 three players; V5 one team) for a table of
    /// `seats`: without roles, the tables whose seating by seat number takes so many; with
    /// roles, one per seat, as each table asks. `tests/all/options_schema.rs` holds the two to
    /// each other for every seating of up to six.
    fn options_schema(generated: Value, seats: usize) -> Option<Value> {
        options_schema(generated, seats)
    }
    fn option_choices(field: &str) -> &'static [&'static str] {
        match field {
            "table" => &["two_teams", "three_players", "one_team"],
            "deck" => &["czech", "english", "czech_themed"],
            _ => &[],
        }
    }
}

/// Each clue given so far, as the view shows it.
fn clue_lines(view: &feldpost_engine::sluzba::View) -> Vec<Msg> {
    view.clues
        .iter()
        .map(|c| {
            let number = match c.number {
                feldpost_engine::sluzba::ClueNumber::Count(n) => Msg::new(format!("number-{n}")),
                feldpost_engine::sluzba::ClueNumber::Infinity => Msg::new("sluzba-number-infinity"),
            };
            let mut m =
                Msg::new(if c.ruled_invalid { "sluzba-note-clue-invalid" } else { "sluzba-note-clue" })
                    .seat("seat", c.seat)
                    .text("word", c.word.clone())
                    .key("number", number.key)
                    .num("guessed", found(view, c.team, &c.guessed));
            if let Some(e) = &c.explanation {
                m = m.text("explanation", e.clone());
            }
            m
        })
        .collect()
}

/// How many of the cards `touched` on a clue were its `team`'s own: a bystander or the other
/// team's card touched ends the guessing and finds nothing.
fn found(view: &feldpost_engine::sluzba::View, team: feldpost_engine::sluzba::Team, touched: &[u8]) -> i64 {
    use feldpost_engine::sluzba::CardView;
    let own = team.colour();
    touched
        .iter()
        .filter(|&&card| {
            matches!(view.cards.get(usize::from(card)), Some(CardView::Covered { colour, .. }) if *colour == own)
        })
        .count() as i64
}

fn channel_key(channel: feldpost_engine::sluzba::Channel) -> &'static str {
    use feldpost_engine::sluzba::Channel;
    match channel {
        Channel::RedTeam => "sluzba-channel-red-team",
        Channel::BlueTeam => "sluzba-channel-blue-team",
        Channel::Coordinators => "sluzba-channel-coordinators",
    }
}

/// See [`Presented::options_schema`] above.
fn options_schema(mut generated: Value, seats: usize) -> Option<Value> {
    let tables = [Table::TwoTeams, Table::ThreePlayers, Table::OneTeam];
    let default = Options::default().table;
    let mut ways = Vec::new();
    // Without roles: the tables whose seating by seat number takes `seats` players.
    let unlisted: Vec<Table> = tables
        .into_iter()
        .filter(|t| Options { table: *t, ..Options::default() }.check(seats).is_ok())
        .collect();
    if !unlisted.is_empty() {
        ways.push(way(&unlisted, default, json!({"maxItems": 0})));
    }
    // With roles: one per seat; a table's own roles only; its coordinators once each, and at
    // least one guesser of each kind it has.
    let role = |r: SeatRole| {
        schema::exactly(&serde_json::to_value(r).expect("a role serialises to JSON"), &["role", "team"])
    };
    let (red, blue) = (SeatRole::Coordinator(Team::Red), SeatRole::Coordinator(Team::Blue));
    for table in tables {
        let (others, guessers): (&[SeatRole], &[SeatRole]) = match table {
            Table::TwoTeams => (&[blue], &[SeatRole::Member(Team::Red), SeatRole::Member(Team::Blue)]),
            Table::ThreePlayers => (&[blue], &[SeatRole::SharedMember]),
            Table::OneTeam => (&[], &[SeatRole::Member(Team::Red)]),
        };
        let coordinators: Vec<SeatRole> = std::iter::once(red).chain(others.iter().copied()).collect();
        if seats < coordinators.len() + guessers.len() || seats > feldpost_engine::sluzba::options::MAX_SEATS
        {
            continue;
        }
        let once =
            coordinators.iter().map(|c| json!({"contains": role(*c), "minContains": 1, "maxContains": 1}));
        let some = guessers.iter().map(|g| json!({"contains": role(*g)}));
        let roles = json!({
            "minItems": seats,
            "maxItems": seats,
            "items": {"anyOf": coordinators.iter().chain(guessers).map(|r| role(*r)).collect::<Vec<_>>()},
            "allOf": once.chain(some).collect::<Vec<_>>(),
        });
        ways.push(way(&[table], default, roles));
    }
    if ways.is_empty() {
        return None;
    }
    generated["anyOf"] = Value::Array(ways);
    Some(generated)
}

/// One way of seating a table: the tables it is for (absent: the default table), and what it
/// asks of the roles.
fn way(tables: &[Table], default: Table, roles: Value) -> Value {
    let names: Vec<Value> =
        tables.iter().map(|t| serde_json::to_value(t).expect("a table serialises to JSON")).collect();
    let mut way = json!({"properties": {"table": {"enum": names}, "roles": roles}});
    if !tables.contains(&default) {
        way["required"] = json!(["table"]);
    }
    way
}

/// Once above the action forms: how to guess, and which chat is which (see
/// `templates/actions_lead.html`).
#[derive(askama::Template)]
#[template(path = "sluzba/templates/actions_lead.html")]
struct ActionsLead<'a> {
    tr: super::page::Tr<'a>,
}
