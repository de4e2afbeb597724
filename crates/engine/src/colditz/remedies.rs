//! Remedies under rule 55: the German Security Officer rules on every dispute, and puts right
//! what the rules allow without taking back what anyone has seen. A rewind is offered too; the
//! server allows it only where nothing was drawn or came to light since (so, in practice, almost
//! never once dice were thrown).
//!
//! The corrections name only what is public: men on the board and the teams' equipment. A card
//! in a hand is hidden from the German: a correction naming it would show it to him, so none is
//! offered; he may send the man to solitary instead.

use super::board::{BOARD, CircleId, CircleKind};
use super::cards::CardId;
use super::events::{Action, Event, ManId};
use super::{Colditz, State};
use crate::{Msg, Random, Refusal, Remedy, Seat};
use serde::{Deserialize, Serialize};

/// What the German may order after a justified complaint, instead of a rewind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "correction", rename_all = "snake_case")]
pub enum Correction {
    /// Put a man back where he stood before the contested step (undoes a move or an arrest).
    PutBack { man: ManId, to: CircleId },
    /// Send a PoW to solitary for the infringement (rule 55), to the first free cell.
    Solitary { man: ManId },
    /// An equipment card a team took on the contested step goes back to the stock.
    ReturnEquipment { seat: Seat, card: CardId },
}

fn refuse(key: &str) -> Refusal {
    Refusal::new("R55", Msg::new(format!("colditz-refusal-{key}")))
}

impl crate::Remedies for Colditz {
    type Correction = Correction;

    /// Corrections only for what the contested step changed (docs/disputes.md, D3): a man it
    /// moved, not yet back where he stood; a card it gave a team, still held. Men and cards
    /// later steps moved or took are not the step's to put right.
    fn remedies(
        before: &State,
        after: &State,
        now: &State,
        _seat: Seat,
        _action: &Action,
    ) -> Vec<Remedy<Correction>> {
        let mut out = vec![Remedy::Rewind];
        for (i, ((then, moved), n)) in before.men.iter().zip(&after.men).zip(&now.men).enumerate() {
            let man = i as ManId;
            if then.at != moved.at && then.at != n.at && !now.is_gone(man) {
                out.push(Remedy::Correct { correction: Correction::PutBack { man, to: then.at } });
                if n.seat != now.german && !now.in_cell(man) {
                    out.push(Remedy::Correct { correction: Correction::Solitary { man } });
                }
            }
        }
        for (seat, cards) in now.equipment.iter().enumerate() {
            let had = before.equipment.get(seat).cloned().unwrap_or_default();
            let got = after.equipment.get(seat).cloned().unwrap_or_default();
            // Only what the team has displayed: an undisplayed Escape Kit is named to no one
            // (C21), so it is never given back by a correction; a rewind stays offered.
            for card in cards.iter().filter(|c| {
                got.contains(c) && !had.contains(c) && super::view::shown_to_all(now, seat as Seat, **c)
            }) {
                out.push(Remedy::Correct {
                    correction: Correction::ReturnEquipment { seat: seat as Seat, card: *card },
                });
            }
        }
        out
    }

    fn correct(
        now: &State,
        _by: Option<Seat>,
        correction: &Correction,
        _rng: &mut dyn Random,
    ) -> Result<Vec<Event>, Refusal> {
        match correction {
            Correction::PutBack { man, to } => {
                if now.men.get(usize::from(*man)).is_none() || now.is_gone(*man) {
                    return Err(refuse("not-a-man"));
                }
                if BOARD.circle(*to).is_none() {
                    return Err(refuse("no-such-circle"));
                }
                if now.surface_man_at(*to).is_some_and(|m| m != *man) {
                    return Err(refuse("put-back-taken"));
                }
                Ok(vec![Event::PutBack { man: *man, to: *to }])
            }
            Correction::Solitary { man } => {
                let is_pow = now.men.get(usize::from(*man)).is_some_and(|m| m.seat != now.german);
                if !is_pow || now.is_gone(*man) || now.in_cell(*man) {
                    return Err(refuse("not-a-pow"));
                }
                let cell = now.default_cell();
                debug_assert!(BOARD.is(cell, CircleKind::Cell));
                Ok(vec![Event::Disciplined { man: *man, cell, infringement: "R55".into() }])
            }
            Correction::ReturnEquipment { seat, card } => {
                if !now.equipment.get(usize::from(*seat)).is_some_and(|e| e.contains(card)) {
                    return Err(refuse("equipment-not-held"));
                }
                Ok(vec![Event::EquipmentReturned { seat: *seat, card: *card }])
            }
        }
    }

    fn describe_correction(correction: &Correction) -> Msg {
        match correction {
            Correction::PutBack { man, to } => {
                super::view::with_place(Msg::new("colditz-remedy-put-back").num("man", *man), "to", *to)
            }
            Correction::Solitary { man } => Msg::new("colditz-remedy-solitary").num("man", *man),
            Correction::ReturnEquipment { seat, card } => Msg::new("colditz-remedy-return-equipment")
                .seat("seat", *seat)
                .key("card", format!("colditz-card-{}", card.kind().key())),
        }
    }
}
