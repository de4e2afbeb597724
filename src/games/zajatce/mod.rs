//! Na zajatce as people meet it: the board drawn from the view, the die typed in with manual dice.

mod board;
mod commands;
mod mail;
mod position;

use super::page::{Look, Page, StaticFile};
use super::{Input, InputKind, Presented};
use feldpost_engine::{Msg, Ruleset};

impl Presented for feldpost_engine::zajatce::Zajatce {
    const HIDDEN_INFORMATION: bool = false;
    /// A click on a stone, or on the field it reaches, sends its move (zajatce.js, on the seat's
    /// page, from the forms' marks below).
    const LOOK: Look = Look {
        files: &[
            StaticFile { name: "zajatce.js", body: include_str!("static/zajatce.js") },
            StaticFile { name: "zajatce.css", body: include_str!("static/zajatce.css") },
        ],
        styles: &["zajatce.css"],
        scripts: &[("zajatce.js", &[Page::Seat])],
        ..Look::PLAIN
    };
    fn board_svg(view: &Self::View, names: &[String], tr: &dyn Fn(&Msg) -> String) -> String {
        board::board_svg(view, names, tr)
    }
    fn picture_svg(
        view: &Self::View,
        names: &[String],
        tr: &dyn Fn(&Msg) -> String,
    ) -> Option<(String, f32)> {
        // The whole board, drawn with attributes only (the page's style sheet adds no more than
        // what a click may pick), at 1.5 px a unit: 696 px across.
        Some((board::board_svg(view, names, tr), 1.5))
    }
    fn mail_places(view: &Self::View) -> Vec<Msg> {
        mail::places(view)
    }
    fn spelling(state: &Self::State, action: &Self::Action) -> super::commands::Spelling {
        commands::spelling(state, action)
    }
    fn position_fields(
        seats: usize,
        current: Option<&serde_json::Value>,
        tr: &dyn Fn(&Msg) -> String,
    ) -> String {
        position::fields(seats, current, tr)
    }
    fn position_words(view: &Self::View, tr: &dyn Fn(&Msg) -> String) -> Vec<String> {
        position::words(view, tr)
    }
    fn before_position(view: Self::View) -> Self::View {
        position::before(view)
    }
    fn read_position(
        fields: &std::collections::HashMap<String, String>,
        seats: usize,
    ) -> Result<serde_json::Value, &'static str> {
        position::read(fields, seats)
    }
    fn concession(action: &Self::Action) -> bool {
        *action == feldpost_engine::zajatce::Action::Concede
    }
    /// Conceding cannot be taken back (Z18): the page says what follows and asks once.
    fn confirmation(
        _state: &Self::State,
        _seat: feldpost_engine::Seat,
        action: &Self::Action,
    ) -> Option<Msg> {
        Self::concession(action).then(|| Msg::new("zajatce-confirm-concede"))
    }
    fn inputs(state: &Self::State, action: &Self::Action) -> Vec<Input> {
        use feldpost_engine::zajatce::Action;
        match action {
            Action::Roll { die: None } if state.options.manual_dice => {
                vec![Input::new("die", InputKind::Number { min: 1, max: 6 }, "input-die", true)]
            }
            _ => Vec::new(),
        }
    }
    /// A move's form names its stone and where it lands, as its button says (the events it
    /// would cause, decided on the state at hand; a move draws nothing, so the generator is
    /// never asked).
    fn form_marks(state: &Self::State, action: &Self::Action) -> Vec<(&'static str, String)> {
        use feldpost_engine::zajatce::{Action, Event};
        if matches!(action, Action::Roll { .. } | Action::Concede) {
            return Vec::new();
        }
        let Some(seat) = state.seat_to_act() else { return Vec::new() };
        let mut unused = feldpost_engine::SeededRandom::new(&[0; 32], "form-marks", 0, "none");
        let Ok(events) = Self::decide(state, seat, action, &mut unused) else { return Vec::new() };
        match events.first() {
            Some(Event::Entered { stone, field, .. }) => {
                vec![("data-stone", board::stone_key(*stone)), ("data-target", format!("field:{field}"))]
            }
            Some(Event::Moved { stone, to, .. }) => {
                vec![("data-stone", board::stone_key(*stone)), ("data-target", format!("field:{to}"))]
            }
            Some(Event::CameHome { stone, seat, .. }) => {
                vec![("data-stone", board::stone_key(*stone)), ("data-target", format!("camp:{seat}"))]
            }
            _ => Vec::new(),
        }
    }
}
