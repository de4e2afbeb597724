//! Escape from Colditz by reply: one verb for each kind of action, followed by what tells alike
//! actions apart (the man's number, the card's number, the offer's number), then what must be
//! typed in, read as the page reads its fields (`games::typed`): circles by the grid reference
//! the board prints along its edges (`17·30`, `17.30`, `17,30`, optionally after the area's
//! name: `places::place_typed`), dice, cards. `move 14 17·30 17·31`, `play 66`, `post 8·44`,
//! `end` / `konec`.

use crate::games::commands::{Spelling, Word};
use feldpost_engine::colditz::{Action, State, cards::CardId};

fn card(c: &CardId) -> Vec<Word> {
    vec![Word::Lit(c.0.to_string()), Word::Lit(format!("{c:?}"))]
}

pub(super) fn spelling(_state: &State, action: &Action) -> Spelling {
    let v = Spelling::verb;
    match action {
        Action::PlaceGuards { .. } => v("colditz-cmd-place-guards"),
        Action::Throw { .. } => v("colditz-cmd-throw"),
        Action::Move { man, .. } => v("colditz-cmd-move").lit(man),
        Action::Release { man } => v("colditz-cmd-release").lit(man),
        Action::ClaimEquipment { equipment, .. } => {
            v("colditz-cmd-claim").key(format!("colditz-cmd-equipment-{}", equipment.key()))
        }
        Action::ClaimKit { .. } => v("colditz-cmd-claim-kit"),
        Action::Play { card: c, .. } => v("colditz-cmd-play").either(card(c)),
        Action::Discard { card: c } => v("colditz-cmd-discard").either(card(c)),
        Action::Give { card: c, to } => v("colditz-cmd-give").either(card(c)).lit(u32::from(*to) + 1),
        // Every post folds into one command with the circle typed after it.
        Action::PostGuard { .. } => v("colditz-cmd-post"),
        Action::ReturnGuard { guard } => v("colditz-cmd-recall").lit(guard),
        Action::SearchAbsentees { .. } => v("colditz-cmd-search"),
        Action::RiotSquad { .. } => v("colditz-cmd-riot-squad"),
        Action::EndTurn => v("colditz-cmd-end"),
        Action::AnswerAppel(a) if a.warning.is_some() => v("colditz-cmd-appel").key("colditz-cmd-warning"),
        Action::AnswerAppel(_) => v("colditz-cmd-appel"),
        Action::AnswerSearch(a) if a.warning.is_some() => {
            v("colditz-cmd-search-answer").key("colditz-cmd-warning")
        }
        Action::AnswerSearch(_) => v("colditz-cmd-search-answer"),
        Action::AnswerConfiscation { hideaway: Some(c), .. } => v("colditz-cmd-hideaway").either(card(c)),
        Action::AnswerConfiscation { surrender: Some(c), .. } => v("colditz-cmd-surrender").either(card(c)),
        Action::AnswerConfiscation { .. } => v("colditz-cmd-surrender"),
        Action::ReturnSecurity { .. } => v("colditz-cmd-return-security"),
        Action::OfferTrade { to, .. } => v("colditz-cmd-offer").lit(u32::from(*to) + 1),
        Action::AcceptOffer { offer } => v("colditz-cmd-accept").lit(offer),
        Action::DeclineOffer { offer } => v("colditz-cmd-decline").lit(offer),
        Action::WithdrawOffer { offer } => v("colditz-cmd-withdraw").lit(offer),
        Action::Discipline { .. } => v("colditz-cmd-discipline"),
        Action::SetStandingOrders(_) => v("colditz-cmd-orders"),
        Action::DoOrDie { man, .. } => v("colditz-cmd-do-or-die").lit(man),
        Action::AnswerTalisman { talisman: Some(c) } => v("colditz-cmd-talisman").either(card(c)),
        Action::AnswerTalisman { talisman: None } => v("colditz-cmd-no-talisman"),
        Action::AnswerArrestHolder { card: Some(c), .. } => v("colditz-cmd-arrest-holder").either(card(c)),
        Action::AnswerArrestHolder { card: None, .. } => v("colditz-cmd-no-arrest"),
        Action::AnswerLend { agree: true } => v("colditz-cmd-lend"),
        Action::AnswerLend { agree: false } => v("colditz-cmd-refuse-lend"),
        Action::TimeUp { .. } => v("colditz-cmd-time-up"),
        Action::Concede => v("colditz-cmd-concede"),
    }
}
