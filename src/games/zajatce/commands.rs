//! Na zajatce by reply: `throw` / `hod` (with the number thrown, with manual dice),
//! `enter` / `nasaď`, `move 2` / `táhni 2` (`… back` / `… zpět` in the backward phase, rule
//! Z12), `leave 3` / `odpoj 3` (a freed member leaves its group, Z10), `concede` / `vzdávám`
//! (Z18). Stones by their number.

use crate::games::commands::Spelling;
use feldpost_engine::zajatce::{Action, Direction, State};

pub(super) fn spelling(_state: &State, action: &Action) -> Spelling {
    let with_direction = |s: Spelling, d: &Direction| match d {
        Direction::Forward => s,
        Direction::Backward => s.key("zajatce-cmd-back"),
    };
    match action {
        Action::Roll { .. } => Spelling::verb("zajatce-cmd-throw"),
        Action::Enter => Spelling::verb("zajatce-cmd-enter"),
        Action::Move { stone, direction } => {
            with_direction(Spelling::verb("zajatce-cmd-move").lit(stone.number), direction)
        }
        Action::Leave { stone, direction } => {
            with_direction(Spelling::verb("zajatce-cmd-leave").lit(stone.number), direction)
        }
        Action::Concede => Spelling::verb("zajatce-cmd-concede"),
    }
}
