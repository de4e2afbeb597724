//! Služba v ilegalitě by reply: a clue (`clue WORD 2` / `heslo SLOVO 2`), a guess by
//! the card's number as the table shows it (1–25, row by row) or by its word (`guess 7`,
//! `tipni PES`), `stop`, and the coordinators' approvals and rulings (S12, S13).

use crate::games::commands::{Spelling, Word};
use feldpost_engine::sluzba::{Action, Channel, State};

pub(super) fn spelling(state: &State, action: &Action) -> Spelling {
    let card = |c: &u8| {
        let mut ways = vec![Word::Lit((u32::from(*c) + 1).to_string())];
        if let Some(w) = state.words.get(usize::from(*c)) {
            ways.push(Word::Lit(w.clone()));
        }
        ways
    };
    match action {
        Action::ChooseWords { .. } => Spelling::verb("sluzba-cmd-choose"),
        Action::DealRest => Spelling::verb("sluzba-cmd-deal"),
        Action::AskApproval { .. } => Spelling::verb("sluzba-cmd-ask"),
        Action::Approve => Spelling::verb("sluzba-cmd-approve"),
        Action::Reject => Spelling::verb("sluzba-cmd-reject"),
        Action::WithdrawRequest => Spelling::verb("sluzba-cmd-withdraw"),
        Action::GiveClue { .. } => Spelling::verb("sluzba-cmd-clue"),
        Action::Guess { card: c } => Spelling::verb("sluzba-cmd-guess").either(card(c)),
        Action::Stop => Spelling::verb("sluzba-cmd-stop"),
        Action::Concede => Spelling::verb("sluzba-cmd-concede"),
        Action::RuleInvalid { .. } => Spelling::verb("sluzba-cmd-invalid"),
        Action::CoverFictitious { card: c } => Spelling::verb("sluzba-cmd-cover").either(card(c)),
        Action::Chat { channel, .. } => Spelling::verb("sluzba-cmd-chat").key(match channel {
            Channel::RedTeam | Channel::BlueTeam => "sluzba-cmd-chat-team",
            Channel::Coordinators => "sluzba-cmd-chat-coordinators",
        }),
    }
}
