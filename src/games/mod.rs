//! The games feldpost plays, behind one object-safe interface, so that the play layer and the
//! web work with any ruleset by its id. Actions and events cross this boundary as JSON; each
//! ruleset's typed engine does the work.

use feldpost_engine::{Msg, Outcome, Random, Refusal, Ruleset, Seat, Viewer};
use serde_json::Value;
use std::marker::PhantomData;
use std::ops::RangeInclusive;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GameError {
    /// The input is not what this ruleset reads (bad JSON shape, unknown option).
    #[error("malformed: {0}")]
    Malformed(String),
    /// The rules refuse it.
    #[error("refused under rule {}", .0.rule)]
    Refused(Refusal),
    /// A stored event can no longer be read: the log and the code disagree.
    #[error("the stored log cannot be read: {0}")]
    Corrupt(String),
}

/// A ruleset, type-erased.
pub trait Game: Send + Sync {
    fn id(&self) -> &'static str;
    /// Whether any seat ever sees less than another (exports are then per viewer until the end).
    fn has_hidden_information(&self) -> bool;
    /// Whether some things stay private even after the end (then everyone keeps their own view).
    fn private_after_end(&self) -> bool;
    /// Whether a seat may write a line of table talk to one other seat alone
    /// (`play::chat`; Colditz: trades are negotiated).
    fn private_talk(&self) -> bool;
    /// The default options (the creation form is built from their shape).
    fn default_options(&self) -> Value;
    /// The values a text option may take (select boxes on the creation form).
    fn option_choices(&self, field: &str) -> &'static [&'static str];
    /// The options with every default filled in, or why they are refused.
    fn options(&self, options: &Value, seats: usize) -> Result<Value, GameError>;
    fn seats(&self, options: &Value) -> Result<RangeInclusive<usize>, GameError>;
    /// The state before any event.
    fn table(&self, options: &Value, seats: usize) -> Result<Box<dyn Table>, GameError>;
    /// The events that set a new game up.
    fn setup(&self, options: &Value, seats: usize, rng: &mut dyn Random) -> Result<Vec<Value>, GameError>;
    /// The setup events derived again for a verifier, given those `recorded` (see
    /// [`feldpost_engine::Ruleset::setup_again`]).
    fn setup_again(
        &self,
        options: &Value,
        seats: usize,
        rng: &mut dyn Random,
        recorded: &[Value],
    ) -> Result<Vec<Value>, GameError>;
    /// The new-game form's fields for options it cannot draw from their shape (HTML; empty:
    /// none), and reading them back for a game of `seats` players (`Err`: a Fluent id).
    fn form_fields(&self, tr: &dyn Fn(&Msg) -> String) -> String;
    fn read_form(
        &self,
        fields: &std::collections::HashMap<String, String>,
        seats: usize,
        options: &mut Value,
    ) -> Result<(), &'static str>;
    /// Whether the game's host rules on any of its disputes (see [`Presented::host_rules_disputes`]):
    /// then the game cannot be made without a way to reach the host.
    fn host_rules_disputes(&self) -> bool;
    /// See [`Presented::read_place`].
    fn read_place(&self, field: &str) -> Option<typed::ReadPlace>;
    /// See [`Presented::OWN_NUMBERS`].
    fn own_numbers(&self) -> Option<&'static str>;
    /// How its pages look: files, style sheets, scripts, zoom (see [`Presented::LOOK`]).
    fn look(&self) -> &'static page::Look;
    /// The block a page shows the board in (see [`Presented::board_block`]).
    fn board_block(&self, shown: &page::Shown) -> String;
    /// What a seat's page says above the action forms (see [`Presented::actions_lead`]).
    fn actions_lead(&self, tr: &dyn Fn(&Msg) -> String) -> String;
    /// The board on a public page of its own (see [`Presented::board_page`]), and the words of
    /// the home page's link to it.
    fn board_page(&self, tr: &dyn Fn(&Msg) -> String) -> Option<page::BoardPage>;
    fn board_page_link(&self) -> Option<&'static str>;
    /// A drawing's unchanging layer, by its file name (see [`Presented::asset`]).
    fn asset(&self, name: &str) -> Option<&'static page::Asset>;
    /// The `<style>` texts its drawings embed (see [`Presented::board_styles`]).
    fn board_styles(&self) -> Vec<String>;
    /// The JSON Schema of the options of a game of `seats` players, as the server reads them
    /// (`None`: no options seat so many); see [`Presented::options_schema`].
    fn options_schema(&self, seats: usize) -> Option<Value>;
    /// Whether a game may go on from a position its players enter (docs/positions.md).
    fn takes_positions(&self) -> bool;
    /// The host's form for such a position (see [`Presented::position_fields`]).
    fn position_fields(&self, seats: usize, current: Option<&Value>, tr: &dyn Fn(&Msg) -> String) -> String;
    /// Read that form back (see [`Presented::read_position`]).
    fn read_position(
        &self,
        fields: &std::collections::HashMap<String, String>,
        seats: usize,
    ) -> Result<Value, &'static str>;
    /// Read a seat's private form back (see [`Presented::read_private_position`]).
    fn read_private_position(
        &self,
        fields: &std::collections::HashMap<String, String>,
    ) -> Result<Value, &'static str>;
}

/// One game's state, type-erased.
pub trait Table: Send + Sync {
    fn apply(&mut self, event: &Value) -> Result<(), GameError>;
    /// [`Table::apply`] straight from stored JSON text (a replay's hot path: no `Value` between).
    fn apply_json(&mut self, event: &str) -> Result<(), GameError>;
    fn decide(&self, seat: Seat, action: &Value, rng: &mut dyn Random) -> Result<Vec<Value>, GameError>;
    fn deadline_passed(&self, rng: &mut dyn Random) -> Vec<Value>;
    fn to_act(&self) -> Vec<Seat>;
    /// Each legal action with the words for its button and what the player must type in.
    fn legal_actions(&self, seat: Seat) -> Vec<(Value, Msg, Vec<Input>)>;
    fn view(&self, viewer: Viewer) -> Value;
    /// [`Table::view`] as JSON text, written straight from the engine's view (an answer that
    /// only sends it on need not build and drop its tree).
    fn view_json(&self, viewer: Viewer) -> Box<serde_json::value::RawValue>;
    /// What `viewer` may see of a stored event, and its description; `None`: nothing.
    fn redact(&self, event: &Value, viewer: Viewer) -> Result<Option<(Value, Msg)>, GameError>;
    /// The description of what `viewer` may see of a stored event, alone (a mail tells the
    /// words, not the event); `None`: nothing.
    fn described(&self, event: &Value, viewer: Viewer) -> Result<Option<Msg>, GameError>;
    /// What `viewer` may see of a stored event, without its description (the redaction does
    /// not depend on the state, so any table of the game's ruleset answers the same).
    fn shown(&self, event: &Value, viewer: Viewer) -> Result<Option<Value>, GameError>;
    fn outcome(&self) -> Option<Outcome>;
    fn seat_label(&self, seat: Seat) -> Msg;
    fn seat_count(&self) -> usize;
    /// Whether a stored event brings hidden information to light (an undo may not cross it).
    fn reveals(&self, event: &Value) -> bool;
    /// The data attributes of `action`'s form (see [`Presented::form_marks`]).
    fn form_marks(&self, action: &Value) -> Vec<(&'static str, String)>;
    /// What the published commitment is to, a Fluent id (see [`Presented::commitment_label`]).
    fn commitment_label(&self) -> &'static str;
    /// The question to ask `seat` before `action` is sent (see [`Presented::confirmation`]).
    fn confirmation(&self, seat: Seat, action: &Value) -> Option<Msg>;
    /// Whether `action` is the game's concession (see [`Presented::concession`]).
    fn concession(&self, action: &Value) -> bool;
    /// The action the server's clock takes now, and for which seat (see [`Presented::clock_action`]).
    fn clock_action(&self, now_ms: i64) -> Option<(Seat, Value)>;
    /// Who rules on a dispute about `seat`'s `action` (or a deadline record: both `None`):
    /// a seat named by the ruleset, or `None` for the game's host.
    fn adjudicator(&self, seat: Option<Seat>, action: Option<&Value>) -> Option<Seat>;
    /// The board as `viewer` sees it, as an SVG document.
    fn board_svg(&self, viewer: Viewer, names: &[String], tr: &dyn Fn(&Msg) -> String) -> String;
    /// The board for a mail's picture as `viewer` sees it (see [`Presented::picture_svg`]).
    fn picture_svg(
        &self,
        viewer: Viewer,
        names: &[String],
        tr: &dyn Fn(&Msg) -> String,
    ) -> Option<(String, f32)>;
    /// Lines beside the board for `viewer` (clues, chat).
    fn notes(&self, viewer: Viewer) -> Vec<Note>;
    /// When `seat` is asked to act outside a turn of its own (a reaction window), what it is
    /// asked and during whose turn (see [`Presented::asked`]).
    fn asked(&self, seat: Seat) -> Option<Msg>;
    /// Each legal action of `seat` as a command for a reply to its turn mail.
    fn commands(&self, seat: Seat) -> Vec<commands::Command>;
    /// What `seat`'s turn mail says first, from its view (see [`Presented::turn_lead`]).
    fn turn_lead(&self, seat: Seat) -> Vec<Msg>;
    /// The table as `seat`'s mail shows it, from its view (see [`Presented::mail_board`]).
    fn mail_board(&self, seat: Seat) -> Option<MailBoard>;
    /// Where the pieces stand, in words, from `seat`'s view (see [`Presented::mail_places`]).
    fn mail_places(&self, seat: Seat) -> Vec<Msg>;
    /// The position as `seat`'s view shows it, in lines of words (see
    /// [`Presented::position_words`]).
    fn position_words(&self, seat: Seat, tr: &dyn Fn(&Msg) -> String) -> Vec<String>;
    /// The board as `viewer` sees it while a game from a real table waits for its position
    /// (see [`Presented::before_position`]).
    fn board_svg_before_position(
        &self,
        viewer: Viewer,
        names: &[String],
        tr: &dyn Fn(&Msg) -> String,
    ) -> String;
    /// The lines beside that board (see [`Presented::before_position`]).
    fn notes_before_position(&self, viewer: Viewer) -> Vec<Note>;
    /// See [`Presented::OWN_NUMBERS`].
    fn own_numbers(&self) -> Option<&'static str>;
    /// Why `number` names none of `seat`'s choices (see [`Presented::number_not_offered`]).
    fn number_not_offered(&self, seat: Seat, number: i64) -> Msg;
    /// The whole state, for `feldpost replay` and equality checks.
    fn state_json(&self) -> Value;
    fn clone_box(&self) -> Box<dyn Table>;
    /// The remedies the rules allow for a justified complaint about `seat`'s `action`, taken in
    /// the state `before` (a table of the same game): each as JSON (`{"remedy": "rewind"}` or
    /// `{"remedy": "correct", "correction": …}`) with its words.
    /// `before` and `after`: tables of the same game just before and just after the step.
    fn remedies(
        &self,
        before: &dyn Table,
        after: &dyn Table,
        seat: Seat,
        action: &Value,
    ) -> Vec<(Value, Msg)>;
    /// The events of a correction ordered by `by` (a seat; `None`: the host), decided now.
    fn correct(
        &self,
        by: Option<Seat>,
        correction: &Value,
        rng: &mut dyn Random,
    ) -> Result<Vec<Value>, GameError>;
    /// For downcasting a table of the same game.
    fn as_any(&self) -> &dyn std::any::Any;
    /// The events that put the position the players entered on this table, or the rule it
    /// breaks: the host's (`by` none) or a seat's private part (`by` that seat). What the
    /// position asks the server to draw comes from `rng`.
    fn enter_position(
        &self,
        by: Option<Seat>,
        position: &Value,
        rng: &mut dyn Random,
    ) -> Result<Vec<Value>, GameError>;
    /// Whether the position entered so far is whole (no private part it needs is missing).
    fn position_complete(&self) -> bool;
    /// The host's form for the position, drawn from the public view, filled in with `current`
    /// (see [`Presented::position_fields_at`]).
    fn position_form(&self, seats: usize, current: Option<&Value>, tr: &dyn Fn(&Msg) -> String) -> String;
    /// `seat`'s private form, drawn from its own view (empty: the seat enters nothing of its
    /// own now; see [`Presented::private_position_fields`]).
    fn private_position_form(&self, seat: Seat, tr: &dyn Fn(&Msg) -> String) -> String;
    /// See [`Presented::private_from_reply`].
    fn private_from_reply(&self, text: &str) -> Option<Value>;
}

/// A value the player types in before an action can be sent (the die thrown at a real table,
/// a clue, a chat message). The form shows a field for it; an API client sets `field` in the
/// action itself.
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
pub struct Input {
    pub field: String,
    pub kind: InputKind,
    /// Words for the field's label (a Fluent id).
    pub label: String,
    pub required: bool,
    /// What an empty field stands for, shown in it (the value the action was offered with, as
    /// the page names it: a Colditz proposal's grid references). The same in every language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum InputKind {
    /// An integer in `min..=max`.
    Number { min: i64, max: i64 },
    /// A line of text.
    Text { max_len: usize },
    /// A list of words (typed separated by spaces, commas, semicolons or new lines).
    Words,
    /// One of `values` (a number or a boolean where it reads as one, else the text); `labels`
    /// are Fluent ids.
    Choice { values: Vec<String>, labels: Vec<String> },
    /// A list of ids (circles, cards, men): the form takes them separated by spaces, commas or
    /// new lines; those that read as numbers become numbers, places are read by the game
    /// ([`Presented::read_place`]). Left empty, the action keeps the value it was offered with
    /// (unless the input is required).
    Ids,
    /// Throws of two dice, e.g. `[[3,4],[6,6]]`: the form takes the numbers in order, two per
    /// throw ("3 4; 6 6").
    Throws,
    /// Several of `values` (cards of the seat's own, by name): the form shows a checkbox each;
    /// `labels` are Fluent ids. None ticked: the action keeps the value it was offered with.
    Cards { values: Vec<String>, labels: Vec<String> },
    /// Men put on circles, `[{"man": 3, "to": "r16c18"}]`: the form takes a man's number and his
    /// circle in turn ("3 r16c18, 4 r16c19"). `field` may be a dotted path into the action
    /// (`warning.moves`).
    Placements,
}

impl Input {
    fn new(field: &str, kind: InputKind, label: &str, required: bool) -> Self {
        Input { field: field.into(), kind, label: label.into(), required, placeholder: None }
    }
    fn placeholder(mut self, text: String) -> Self {
        self.placeholder = Some(text);
        self
    }
}

/// A game's table as a mail shows it (Služba's 5×5 grid of word cards), drawn from one
/// seat's view only: the mail composer writes it as short lines in the text part and as a table
/// in the HTML part (see `src/mail/compose.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct MailBoard {
    /// What the table is ("The table: …").
    pub caption: Msg,
    /// What the marks mean.
    pub legend: Msg,
    pub rows: Vec<Vec<MailCell>>,
}

/// One place of a [`MailBoard`].
#[derive(Debug, Clone, PartialEq)]
pub struct MailCell {
    /// The number a reply names it by (a card's number).
    pub number: u32,
    /// What lies there (a card's word), the same in every language.
    pub text: String,
    /// A short mark of what the viewer knows of it ("R", "[N]", "?"), explained by the legend.
    pub mark: Msg,
    /// The same in words, for the HTML part (colour is never the only sign of it).
    pub says: Msg,
    /// A background colour for the HTML part (CSS), when the viewer knows one.
    pub tone: Option<&'static str>,
}

/// A block of lines beside the board (clues given, chat): drawn from the view only.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Note {
    pub title: Msg,
    pub lines: Vec<Msg>,
}

/// How a ruleset meets people: the board is drawn from the viewer's view only, so a drawing
/// can never show what the view hides; inputs name what a form must ask for.
pub trait Presented: Ruleset {
    const HIDDEN_INFORMATION: bool;
    /// See [`Game::private_talk`]. None by default.
    const PRIVATE_TALK: bool = false;
    fn board_svg(view: &Self::View, names: &[String], tr: &dyn Fn(&Msg) -> String) -> String;
    /// The board for a mail's picture as `view`'s viewer sees it: a self-contained SVG made
    /// by the board's own drawing code (with what it needs of the page's styles put in), and
    /// the pixels a unit of it is drawn at ([`picture::render`]). By default the board's
    /// drawing as it stands, at one pixel a unit; `None`: no picture.
    fn picture_svg(
        view: &Self::View,
        names: &[String],
        tr: &dyn Fn(&Msg) -> String,
    ) -> Option<(String, f32)> {
        Some((Self::board_svg(view, names, tr), 1.0))
    }
    fn inputs(state: &Self::State, action: &Self::Action) -> Vec<Input>;
    /// The legal actions as a seat is offered them: each with its words and its inputs. By
    /// default one per engine action; a ruleset may fold many alike into one with a choice.
    fn present(
        state: &Self::State,
        seat: Seat,
        actions: Vec<Self::Action>,
    ) -> Vec<(Self::Action, Msg, Vec<Input>)> {
        let _ = seat;
        actions
            .into_iter()
            .map(|a| {
                let (label, inputs) = (Self::describe_action(state, &a), Self::inputs(state, &a));
                (a, label, inputs)
            })
            .collect()
    }
    /// How a player names `action` in a reply to the turn mail (a verb and the words that tell
    /// alike actions apart): see `src/games/<game>/commands.rs`.
    fn spelling(state: &Self::State, action: &Self::Action) -> commands::Spelling;
    /// What a seat's turn mail says before the choices, from the seat's view (Služba: the
    /// clue a member guesses by). Nothing by default.
    fn turn_lead(view: &Self::View) -> Vec<Msg> {
        let _ = view;
        Vec::new()
    }
    /// The game's table as the seat's mail shows it, from its view (docs/architecture.md,
    /// rule 4: nothing else goes into it). `None` (the default): the mail shows no table.
    fn mail_board(view: &Self::View) -> Option<MailBoard> {
        let _ = view;
        None
    }
    /// Where the pieces stand, one line each, from the seat's view (docs/architecture.md,
    /// rule 4): the board in words for a mail, so that a reader who sees no picture (text only,
    /// images blocked, a screen reader) still knows the table. None by default: the game's
    /// mail says it otherwise (Služba's table of cards) or not at all.
    fn mail_places(view: &Self::View) -> Vec<Msg> {
        let _ = view;
        Vec::new()
    }
    /// Where everything stands, from the viewer's view, in lines of words: what the mail that
    /// asks a seat to check a position from a real table lists (docs/positions.md). Empty (the
    /// default) where the ruleset takes no position.
    fn position_words(view: &Self::View, tr: &dyn Fn(&Msg) -> String) -> Vec<String> {
        let _ = (view, tr);
        Vec::new()
    }
    /// What the board shows while a game from a real table waits for the host to enter its
    /// position (docs/positions.md): not the usual start, which is not where the pieces stand,
    /// but the board with nothing played yet (Na zajatce: every stone in its reserve, as the
    /// host's form has it until it is changed). By default the view as it is.
    fn before_position(view: Self::View) -> Self::View {
        view
    }
    /// Whether the game's commands carry their own numbers (Služba: a guess names a card by its
    /// number on the table). Then the mail lists the choices without line numbers, and a reply
    /// of a bare number (or of the words after a command's verb, a card's word) names the choice
    /// that carries it, never a line of the list, whose numbers drift as choices go. `Some`
    /// holds the Fluent id of the mail's words on how to reply, said instead of the generic
    /// ones. `None` (the default): a bare number is the number of a line of the list.
    const OWN_NUMBERS: Option<&'static str> = None;
    /// With [`Presented::OWN_NUMBERS`]: why `number`, typed in a reply, names none of the
    /// choices offered, as the viewer's view explains it (Služba: the card is covered, or there
    /// is no such card).
    fn number_not_offered(view: &Self::View, number: i64) -> Msg {
        let _ = view;
        Msg::new("mail-reply-number-not-offered").num("number", number)
    }
    /// A message about this game as players read it (Colditz names places as the board does,
    /// and guards as guards); by default as the engine words it.
    fn readable(state: &Self::State, msg: Msg) -> Msg {
        let _ = state;
        msg
    }
    /// Fields of the new-game form for nested options (none by default), as HTML.
    fn form_fields(tr: &dyn Fn(&Msg) -> String) -> String {
        let _ = tr;
        String::new()
    }
    /// Read [`Presented::form_fields`] back into `options`.
    fn read_form(
        fields: &std::collections::HashMap<String, String>,
        seats: usize,
        options: &mut Value,
    ) -> Result<(), &'static str> {
        let _ = (fields, seats, options);
        Ok(())
    }
    /// The host's form for a position from a real table (docs/positions.md), as HTML fields for
    /// `seats` players, filled in with the position entered last (`current`, if any); empty
    /// where the ruleset takes no position.
    fn position_fields(seats: usize, current: Option<&Value>, tr: &dyn Fn(&Msg) -> String) -> String {
        let _ = (seats, current, tr);
        String::new()
    }
    /// Read [`Presented::position_fields`] back into the ruleset's position (as the API takes
    /// it); `Err`: a message id.
    fn read_position(
        fields: &std::collections::HashMap<String, String>,
        seats: usize,
    ) -> Result<Value, &'static str> {
        let _ = (fields, seats);
        Err("error-position-not-taken")
    }
    /// [`Presented::position_fields`], for a ruleset whose form shows what is on the table now
    /// (Služba's grid of words): `view` is the public view, which is all the host may see.
    fn position_fields_at(
        view: &Self::View,
        seats: usize,
        current: Option<&Value>,
        tr: &dyn Fn(&Msg) -> String,
    ) -> String {
        let _ = view;
        Self::position_fields(seats, current, tr)
    }
    /// A seat's private part of the position as a reply by mail gives it, after the words that
    /// name it (`mail-position-private-words`): the ruleset's private part as the API takes it,
    /// or None where it is entered on the page only.
    fn private_from_reply(text: &str) -> Option<Value> {
        let _ = text;
        None
    }
    /// The form of a seat's private part of the position (Služba's key card, on a
    /// coordinator's page), drawn from that seat's own `view`; empty where the seat enters none.
    fn private_position_fields(view: &Self::View, seat: Seat, tr: &dyn Fn(&Msg) -> String) -> String {
        let _ = (view, seat, tr);
        String::new()
    }
    /// Read [`Presented::private_position_fields`] back into the ruleset's private part (as the
    /// API takes it); `Err`: a message id.
    fn read_private_position(
        fields: &std::collections::HashMap<String, String>,
    ) -> Result<Value, &'static str> {
        let _ = fields;
        Err("error-position-not-taken")
    }
    /// How a place is read where a player types one into an action's input `field` (by the
    /// input's field, e.g. `path`, on the page and in a reply alike): Colditz reads its grid
    /// references into circle ids. `None` (the default): the field holds no places. The reader
    /// of typed text ([`typed`]) calls it.
    fn read_place(field: &str) -> Option<typed::ReadPlace> {
        let _ = field;
        None
    }
    /// Lines beside the board for this view (none by default).
    fn notes(view: &Self::View) -> Vec<Note> {
        let _ = view;
        Vec::new()
    }
    /// What `viewer` (a seat) is asked when it must act outside a turn of its own, from its
    /// view: the page says this instead of "It is your turn". `None` (the default): nothing
    /// of the kind.
    fn asked(view: &Self::View, seat: Seat) -> Option<Msg> {
        let _ = (view, seat);
        None
    }
    /// The values a text option may take, for the creation form's select boxes.
    fn option_choices(field: &str) -> &'static [&'static str] {
        let _ = field;
        &[]
    }
    /// Data attributes that tie an action's form to what the board shows of it (a Na zajatce
    /// move: the stone it moves, the field it lands on), so that a click on the board finds the
    /// form and the target can be marked. Computed from the state the seat acts in; nothing
    /// beyond what the action's own label says. None by default.
    fn form_marks(state: &Self::State, action: &Self::Action) -> Vec<(&'static str, String)> {
        let _ = (state, action);
        Vec::new()
    }
    /// What the commitment shown under a game page is to (a Fluent id): the dice seed by
    /// default; Služba has no dice, its seed deals the cards and the key.
    fn commitment_label() -> &'static str {
        "game-commitment"
    }
    /// For an action that cannot be taken back (a Služba guess), the question the page asks
    /// once before sending it (`seat` asks); `None` (the default): sent at once.
    fn confirmation(state: &Self::State, seat: Seat, action: &Self::Action) -> Option<Msg> {
        let _ = (state, seat, action);
        None
    }
    /// Whether `action` gives the game up (every game's `Concede`): a reply to a turn mail names
    /// it by its word only, never by a number of the list, and the mail lists it apart.
    fn concession(action: &Self::Action) -> bool {
        let _ = action;
        false
    }
    /// Whether `event` uncovers something that was hidden (a card's colour); events hidden
    /// from the public are caught anyway by redaction.
    fn reveals(event: &Self::Event) -> bool {
        let _ = event;
        false
    }
    /// An action the server's clock takes when the date reaches a point the rules name (the
    /// Colditz date limit), and for which seat it is decided. `None`: nothing to do now.
    fn clock_action(state: &Self::State, now_ms: i64) -> Option<(Seat, Self::Action)> {
        let _ = (state, now_ms);
        None
    }
    /// Whether the host rules on any dispute of this game (the default: the host rules where
    /// [`Presented::adjudicator`] names no seat). A game whose rules name a seat for every
    /// dispute (Colditz: the German, rule 55) answers false.
    fn host_rules_disputes() -> bool {
        true
    }
    /// Who rules on a dispute about `seat`'s `action`: a seat, or `None` for the host (the
    /// default, as the seeds of Na zajatce and Služba name no referee for it).
    fn adjudicator(
        state: &Self::State,
        seats: usize,
        seat: Option<Seat>,
        action: Option<&Self::Action>,
    ) -> Option<Seat> {
        let _ = (state, seats, seat, action);
        None
    }
    /// How the game's pages look beyond the generic ones: its own files (scripts, style
    /// sheets), on which pages each script runs, the board's zoom, the form fields words on
    /// the page describe. None by default.
    const LOOK: page::Look = page::Look::PLAIN;
    /// The block a page shows the board in (the drawing, zoomed as the page asks when the game
    /// has a zoom): a plain block by default.
    fn board_block(shown: &page::Shown) -> String {
        page::plain_block(shown.board)
    }
    /// What a seat's page says once above the action forms, as HTML (how to fill a field by
    /// clicking the board, say); nothing by default.
    fn actions_lead(tr: &dyn Fn(&Msg) -> String) -> String {
        let _ = tr;
        String::new()
    }
    /// The board on a public page of its own (`/boards/<game>`, linked from the home page with
    /// the words [`Presented::board_page_link`] names); none by default.
    fn board_page(tr: &dyn Fn(&Msg) -> String) -> Option<page::BoardPage> {
        let _ = tr;
        None
    }
    fn board_page_link() -> Option<&'static str> {
        None
    }
    /// The unchanging layer of a drawing, served as a file of its own (`/assets/<name>`) and
    /// cached for ever under its name; none by default.
    fn asset(name: &str) -> Option<&'static page::Asset> {
        let _ = name;
        None
    }
    /// The text of every `<style>` element the game's drawings embed (the pages'
    /// Content-Security-Policy allows exactly these, by their hashes); none by default.
    fn board_styles() -> Vec<String> {
        Vec::new()
    }
    /// The JSON Schema of the options of a game of `seats` players: `generated` is the options
    /// type's own schema (derived from it, see [`schema::of`]), with no option but its own;
    /// a game adds what its `check_options` asks of so many players. `None`: no options seat
    /// `seats` players. By default the options' seats, whatever the options.
    fn options_schema(generated: Value, seats: usize) -> Option<Value> {
        Self::seats(&Self::Options::default()).contains(&seats).then_some(generated)
    }
}

pub mod colditz;
pub mod commands;
pub mod page;
pub mod picture;
mod replay;
pub mod schema;
pub mod sluzba;
pub mod typed;
pub mod zajatce;

pub use replay::fold;

/// Every ruleset feldpost offers, by id.
pub fn all() -> &'static [&'static dyn Game] {
    static ZAJATCE: Erased<feldpost_engine::zajatce::Zajatce> = Erased(PhantomData);
    static SLUZBA: Erased<feldpost_engine::sluzba::Sluzba> = Erased(PhantomData);
    static COLDITZ: Erased<feldpost_engine::colditz::Colditz> = Erased(PhantomData);
    static ALL: [&dyn Game; 3] = [&ZAJATCE, &SLUZBA, &COLDITZ];
    &ALL
}

pub fn by_id(id: &str) -> Option<&'static dyn Game> {
    all().iter().copied().find(|g| g.id() == id)
}

/// The text of every `<style>` element a board drawing of any game embeds, as a browser reads
/// it (the pages' Content-Security-Policy allows exactly these, by their hashes; see
/// `src/web/headers.rs`).
pub fn board_styles() -> Vec<String> {
    all().iter().flat_map(|g| g.board_styles()).collect()
}

/// The unchanging layer of a drawing of any game, by its file name.
pub fn asset(name: &str) -> Option<&'static page::Asset> {
    all().iter().find_map(|g| g.asset(name))
}

/// The contents of the `<style>` elements of a drawing, with XML's escapes undone.
pub fn style_texts(svg: &str) -> Vec<String> {
    svg.split("<style>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</style>").map(|(text, _)| text))
        .map(|t| {
            t.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&")
        })
        .collect()
}

struct Erased<R>(PhantomData<fn() -> R>);

fn decode<T: serde::de::DeserializeOwned>(v: &Value) -> Result<T, serde_json::Error> {
    T::deserialize(v)
}

fn encode<T: serde::Serialize>(t: &T) -> Value {
    serde_json::to_value(t).expect("engine types serialise to JSON")
}

impl<R: Presented + feldpost_engine::Remedies + feldpost_engine::Positions> Game for Erased<R>
where
    R::State: Send + Sync,
    R::Options: Send + Sync + utoipa::ToSchema,
{
    fn id(&self) -> &'static str {
        R::ID
    }
    fn has_hidden_information(&self) -> bool {
        R::HIDDEN_INFORMATION
    }
    fn private_after_end(&self) -> bool {
        R::PRIVATE_AFTER_END
    }
    fn private_talk(&self) -> bool {
        R::PRIVATE_TALK
    }
    fn default_options(&self) -> Value {
        encode(&R::Options::default())
    }
    fn option_choices(&self, field: &str) -> &'static [&'static str] {
        R::option_choices(field)
    }
    fn options(&self, options: &Value, seats: usize) -> Result<Value, GameError> {
        // Options are an object, and an option this ruleset does not have is a mistake to tell,
        // not to ignore.
        let Some(given) = options.as_object() else {
            return Err(GameError::Malformed(format!("options must be an object, not {options}")));
        };
        if let Value::Object(known) = encode(&R::Options::default())
            && let Some(unknown) = given.keys().find(|k| !known.contains_key(*k))
        {
            return Err(GameError::Malformed(format!("unknown option {unknown:?}")));
        }
        let opts: R::Options = decode(options).map_err(|e| GameError::Malformed(e.to_string()))?;
        if !R::seats(&opts).contains(&seats) {
            return Err(GameError::Malformed(format!(
                "this game takes {}–{} players, not {seats}",
                R::seats(&opts).start(),
                R::seats(&opts).end()
            )));
        }
        R::check_options(&opts, seats).map_err(GameError::Refused)?;
        Ok(encode(&opts))
    }
    fn seats(&self, options: &Value) -> Result<RangeInclusive<usize>, GameError> {
        let opts: R::Options = decode(options).map_err(|e| GameError::Malformed(e.to_string()))?;
        Ok(R::seats(&opts))
    }
    fn table(&self, options: &Value, seats: usize) -> Result<Box<dyn Table>, GameError> {
        let options: R::Options = decode(options).map_err(|e| GameError::Corrupt(e.to_string()))?;
        let state = R::initial(&options, seats);
        Ok(Box::new(TypedTable::<R> { options, seats, state }))
    }
    fn setup(&self, options: &Value, seats: usize, rng: &mut dyn Random) -> Result<Vec<Value>, GameError> {
        let options: R::Options = decode(options).map_err(|e| GameError::Malformed(e.to_string()))?;
        Ok(R::setup(&options, seats, rng).iter().map(encode).collect())
    }
    fn setup_again(
        &self,
        options: &Value,
        seats: usize,
        rng: &mut dyn Random,
        recorded: &[Value],
    ) -> Result<Vec<Value>, GameError> {
        let options: R::Options = decode(options).map_err(|e| GameError::Malformed(e.to_string()))?;
        // What cannot be read as this ruleset's events is compared as it stands, and differs.
        let recorded: Vec<R::Event> = recorded.iter().filter_map(|e| decode(e).ok()).collect();
        Ok(R::setup_again(&options, seats, rng, &recorded).iter().map(encode).collect())
    }
    fn host_rules_disputes(&self) -> bool {
        R::host_rules_disputes()
    }
    fn form_fields(&self, tr: &dyn Fn(&Msg) -> String) -> String {
        R::form_fields(tr)
    }
    fn read_place(&self, field: &str) -> Option<typed::ReadPlace> {
        R::read_place(field)
    }
    fn own_numbers(&self) -> Option<&'static str> {
        R::OWN_NUMBERS
    }
    fn read_form(
        &self,
        fields: &std::collections::HashMap<String, String>,
        seats: usize,
        options: &mut Value,
    ) -> Result<(), &'static str> {
        R::read_form(fields, seats, options)
    }
    fn look(&self) -> &'static page::Look {
        &R::LOOK
    }
    fn board_block(&self, shown: &page::Shown) -> String {
        R::board_block(shown)
    }
    fn actions_lead(&self, tr: &dyn Fn(&Msg) -> String) -> String {
        R::actions_lead(tr)
    }
    fn board_page(&self, tr: &dyn Fn(&Msg) -> String) -> Option<page::BoardPage> {
        R::board_page(tr)
    }
    fn board_page_link(&self) -> Option<&'static str> {
        R::board_page_link()
    }
    fn asset(&self, name: &str) -> Option<&'static page::Asset> {
        R::asset(name)
    }
    fn board_styles(&self) -> Vec<String> {
        R::board_styles()
    }
    fn options_schema(&self, seats: usize) -> Option<Value> {
        let mut generated = schema::of::<R::Options>();
        // An option the ruleset does not have is refused (see `options` above).
        generated["additionalProperties"] = Value::Bool(false);
        R::options_schema(generated, seats)
    }
    fn takes_positions(&self) -> bool {
        R::TAKES_POSITIONS
    }
    fn position_fields(&self, seats: usize, current: Option<&Value>, tr: &dyn Fn(&Msg) -> String) -> String {
        R::position_fields(seats, current, tr)
    }
    fn read_position(
        &self,
        fields: &std::collections::HashMap<String, String>,
        seats: usize,
    ) -> Result<Value, &'static str> {
        R::read_position(fields, seats)
    }
    fn read_private_position(
        &self,
        fields: &std::collections::HashMap<String, String>,
    ) -> Result<Value, &'static str> {
        R::read_private_position(fields)
    }
}

struct TypedTable<R: Ruleset> {
    options: R::Options,
    seats: usize,
    state: R::State,
}

impl<R: Presented + feldpost_engine::Remedies + feldpost_engine::Positions> Table for TypedTable<R>
where
    R::State: Send + Sync,
    R::Options: Send + Sync,
{
    fn apply(&mut self, event: &Value) -> Result<(), GameError> {
        let event: R::Event = decode(event).map_err(|e| GameError::Corrupt(e.to_string()))?;
        R::apply(&mut self.state, &event);
        Ok(())
    }
    fn apply_json(&mut self, event: &str) -> Result<(), GameError> {
        let event: R::Event = serde_json::from_str(event).map_err(|e| GameError::Corrupt(e.to_string()))?;
        R::apply(&mut self.state, &event);
        Ok(())
    }
    fn decide(&self, seat: Seat, action: &Value, rng: &mut dyn Random) -> Result<Vec<Value>, GameError> {
        let action: R::Action = decode(action).map_err(|e| GameError::Malformed(e.to_string()))?;
        let events = R::decide(&self.state, seat, &action, rng).map_err(GameError::Refused)?;
        Ok(events.iter().map(encode).collect())
    }
    fn deadline_passed(&self, rng: &mut dyn Random) -> Vec<Value> {
        R::deadline_passed(&self.state, rng).iter().map(encode).collect()
    }
    fn to_act(&self) -> Vec<Seat> {
        R::to_act(&self.state)
    }
    fn legal_actions(&self, seat: Seat) -> Vec<(Value, Msg, Vec<Input>)> {
        R::present(&self.state, seat, R::legal_actions(&self.state, seat))
            .into_iter()
            .map(|(a, label, inputs)| (encode(&a), R::readable(&self.state, label), inputs))
            .collect()
    }
    fn view(&self, viewer: Viewer) -> Value {
        encode(&R::view(&self.state, viewer))
    }
    fn view_json(&self, viewer: Viewer) -> Box<serde_json::value::RawValue> {
        serde_json::value::to_raw_value(&R::view(&self.state, viewer))
            .expect("engine types serialise to JSON")
    }
    fn redact(&self, event: &Value, viewer: Viewer) -> Result<Option<(Value, Msg)>, GameError> {
        let event: R::Event = decode(event).map_err(|e| GameError::Corrupt(e.to_string()))?;
        Ok(R::redact(&event, viewer).map(|e| (encode(&e), R::readable(&self.state, R::describe(&e)))))
    }
    fn described(&self, event: &Value, viewer: Viewer) -> Result<Option<Msg>, GameError> {
        let event: R::Event = decode(event).map_err(|e| GameError::Corrupt(e.to_string()))?;
        Ok(R::redact(&event, viewer).map(|e| R::readable(&self.state, R::describe(&e))))
    }
    fn shown(&self, event: &Value, viewer: Viewer) -> Result<Option<Value>, GameError> {
        let event: R::Event = decode(event).map_err(|e| GameError::Corrupt(e.to_string()))?;
        Ok(R::redact(&event, viewer).map(|e| encode(&e)))
    }
    fn outcome(&self) -> Option<Outcome> {
        R::outcome(&self.state)
    }
    fn seat_label(&self, seat: Seat) -> Msg {
        R::seat_label(&self.options, seat)
    }
    fn seat_count(&self) -> usize {
        self.seats
    }
    fn reveals(&self, event: &Value) -> bool {
        decode::<R::Event>(event).map(|e| R::reveals(&e)).unwrap_or(true)
    }
    fn commitment_label(&self) -> &'static str {
        R::commitment_label()
    }
    fn form_marks(&self, action: &Value) -> Vec<(&'static str, String)> {
        decode::<R::Action>(action).map(|a| R::form_marks(&self.state, &a)).unwrap_or_default()
    }
    fn confirmation(&self, seat: Seat, action: &Value) -> Option<Msg> {
        decode::<R::Action>(action).ok().and_then(|a| R::confirmation(&self.state, seat, &a))
    }
    fn concession(&self, action: &Value) -> bool {
        decode::<R::Action>(action).is_ok_and(|a| R::concession(&a))
    }
    fn clock_action(&self, now_ms: i64) -> Option<(Seat, Value)> {
        if R::outcome(&self.state).is_some() {
            return None;
        }
        R::clock_action(&self.state, now_ms).map(|(seat, action)| (seat, encode(&action)))
    }
    fn adjudicator(&self, seat: Option<Seat>, action: Option<&Value>) -> Option<Seat> {
        let action: Option<R::Action> = action.and_then(|a| decode(a).ok());
        R::adjudicator(&self.state, self.seats, seat, action.as_ref())
    }
    fn board_svg(&self, viewer: Viewer, names: &[String], tr: &dyn Fn(&Msg) -> String) -> String {
        R::board_svg(&R::view(&self.state, viewer), names, tr)
    }
    fn picture_svg(
        &self,
        viewer: Viewer,
        names: &[String],
        tr: &dyn Fn(&Msg) -> String,
    ) -> Option<(String, f32)> {
        R::picture_svg(&R::view(&self.state, viewer), names, tr)
    }
    fn notes(&self, viewer: Viewer) -> Vec<Note> {
        R::notes(&R::view(&self.state, viewer))
    }
    fn asked(&self, seat: Seat) -> Option<Msg> {
        R::asked(&R::view(&self.state, Viewer::Seat(seat)), seat)
    }
    fn commands(&self, seat: Seat) -> Vec<commands::Command> {
        let mut commands: Vec<commands::Command> =
            R::present(&self.state, seat, R::legal_actions(&self.state, seat))
                .into_iter()
                .map(|(a, label, inputs)| commands::Command {
                    spelling: R::spelling(&self.state, &a),
                    words_only: R::concession(&a),
                    action: encode(&a),
                    label,
                    inputs,
                })
                .collect();
        // Said in words only, and last: the mail's numbers are those of the others.
        commands.sort_by_key(|c| c.words_only);
        commands
    }
    fn turn_lead(&self, seat: Seat) -> Vec<Msg> {
        R::turn_lead(&R::view(&self.state, Viewer::Seat(seat)))
    }
    fn own_numbers(&self) -> Option<&'static str> {
        R::OWN_NUMBERS
    }
    fn mail_board(&self, seat: Seat) -> Option<MailBoard> {
        R::mail_board(&R::view(&self.state, Viewer::Seat(seat)))
    }
    fn mail_places(&self, seat: Seat) -> Vec<Msg> {
        R::mail_places(&R::view(&self.state, Viewer::Seat(seat)))
    }
    fn position_words(&self, seat: Seat, tr: &dyn Fn(&Msg) -> String) -> Vec<String> {
        R::position_words(&R::view(&self.state, Viewer::Seat(seat)), tr)
    }
    fn board_svg_before_position(
        &self,
        viewer: Viewer,
        names: &[String],
        tr: &dyn Fn(&Msg) -> String,
    ) -> String {
        R::board_svg(&R::before_position(R::view(&self.state, viewer)), names, tr)
    }
    fn notes_before_position(&self, viewer: Viewer) -> Vec<Note> {
        R::notes(&R::before_position(R::view(&self.state, viewer)))
    }
    fn number_not_offered(&self, seat: Seat, number: i64) -> Msg {
        R::number_not_offered(&R::view(&self.state, Viewer::Seat(seat)), number)
    }
    fn state_json(&self) -> Value {
        encode(&self.state)
    }
    fn clone_box(&self) -> Box<dyn Table> {
        Box::new(TypedTable::<R> {
            options: self.options.clone(),
            seats: self.seats,
            state: self.state.clone(),
        })
    }
    fn remedies(
        &self,
        before: &dyn Table,
        after: &dyn Table,
        seat: Seat,
        action: &Value,
    ) -> Vec<(Value, Msg)> {
        let (Some(before), Some(after), Ok(action)) = (
            before.as_any().downcast_ref::<TypedTable<R>>(),
            after.as_any().downcast_ref::<TypedTable<R>>(),
            decode::<R::Action>(action),
        ) else {
            return Vec::new();
        };
        R::remedies(&before.state, &after.state, &self.state, seat, &action)
            .into_iter()
            .map(|remedy| {
                let label = match &remedy {
                    feldpost_engine::Remedy::Rewind => Msg::new("remedy-rewind"),
                    feldpost_engine::Remedy::Correct { correction } => {
                        R::readable(&self.state, R::describe_correction(correction))
                    }
                };
                (encode(&remedy), label)
            })
            .collect()
    }
    fn correct(
        &self,
        by: Option<Seat>,
        correction: &Value,
        rng: &mut dyn Random,
    ) -> Result<Vec<Value>, GameError> {
        let correction: R::Correction =
            decode(correction).map_err(|e| GameError::Malformed(e.to_string()))?;
        let events = R::correct(&self.state, by, &correction, rng).map_err(GameError::Refused)?;
        Ok(events.iter().map(encode).collect())
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn enter_position(
        &self,
        by: Option<Seat>,
        position: &Value,
        rng: &mut dyn Random,
    ) -> Result<Vec<Value>, GameError> {
        let events = match by {
            None => {
                let position: R::Position =
                    decode(position).map_err(|e| GameError::Malformed(e.to_string()))?;
                R::enter(&self.state, &position, rng)
            }
            Some(seat) => {
                let part: R::Private = decode(position).map_err(|e| GameError::Malformed(e.to_string()))?;
                R::enter_private(&self.state, seat, &part, rng)
            }
        }
        .map_err(GameError::Refused)?;
        Ok(events.iter().map(encode).collect())
    }
    fn position_complete(&self) -> bool {
        R::position_complete(&self.state)
    }
    fn position_form(&self, seats: usize, current: Option<&Value>, tr: &dyn Fn(&Msg) -> String) -> String {
        R::position_fields_at(&R::view(&self.state, Viewer::Public), seats, current, tr)
    }
    fn private_position_form(&self, seat: Seat, tr: &dyn Fn(&Msg) -> String) -> String {
        R::private_position_fields(&R::view(&self.state, Viewer::Seat(seat)), seat, tr)
    }
    fn private_from_reply(&self, text: &str) -> Option<Value> {
        R::private_from_reply(text)
    }
}
