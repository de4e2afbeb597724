//! Na zajatce as people meet it: the board drawn from the view, the die typed in with manual dice.

mod board;
mod commands;

use super::{Input, InputKind, Presented};
use feldpost_engine::Msg;

impl Presented for feldpost_engine::zajatce::Zajatce {
    const HIDDEN_INFORMATION: bool = false;
    fn board_svg(view: &Self::View, names: &[String], tr: &dyn Fn(&Msg) -> String) -> String {
        board::board_svg(view, names, tr)
    }
    fn spelling(state: &Self::State, action: &Self::Action) -> super::commands::Spelling {
        commands::spelling(state, action)
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
}
