//! Events, actions, seats and results in words: Fluent message ids with typed arguments
//! (catalogs: src/locales/{en,cs}/sluzba.ftl). Every id here is written out in full, so the
//! catalog test can find them all in the source.

use super::clue::ClueNumber;
use super::decide::channel_key;
use super::events::{Action, EndReason, Event, TurnEnd};
use super::key::{Colour, Team};
use super::options::{Options, SeatRole, Table};
use super::state::{Phase, State};
use crate::{Msg, Outcome, Seat};

pub fn team_key(team: Team) -> &'static str {
    match team {
        Team::Red => "sluzba-team-red",
        Team::Blue => "sluzba-team-blue",
    }
}

pub fn colour_key(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "sluzba-colour-red",
        Colour::Blue => "sluzba-colour-blue",
        Colour::Bystander => "sluzba-colour-bystander",
        Colour::Pursuer => "sluzba-colour-pursuer",
    }
}

fn turn_end_key(reason: TurnEnd) -> &'static str {
    match reason {
        TurnEnd::Stopped => "sluzba-turn-end-stopped",
        TurnEnd::WrongCard => "sluzba-turn-end-wrong-card",
        TurnEnd::GuessesUsed => "sluzba-turn-end-guesses-used",
        TurnEnd::ClueInvalid => "sluzba-turn-end-clue-invalid",
        TurnEnd::Deadline => "sluzba-turn-end-deadline",
    }
}

/// A clue's number as an argument: the count, or the word for infinity.
fn with_number(msg: Msg, number: ClueNumber) -> Msg {
    match number {
        ClueNumber::Count(n) => msg.num("number", n),
        ClueNumber::Infinity => msg.key("number", "sluzba-number-infinity"),
    }
}

pub fn describe(event: &Event) -> Msg {
    match event {
        Event::KeyDrawn { commitment, key: Some(key), .. } => Msg::new("sluzba-event-key-drawn-secret")
            .text("commitment", commitment.clone())
            .text("key", key.letters()),
        Event::KeyDrawn { commitment, .. } => {
            Msg::new("sluzba-event-key-drawn").text("commitment", commitment.clone())
        }
        Event::PositionEntered { covered, to_move, key_drawn, .. } => Msg::new(if *key_drawn {
            "sluzba-event-position-entered-key-drawn"
        } else {
            "sluzba-event-position-entered"
        })
        .num("count", covered.len() as i64)
        .key("team", team_key(*to_move)),
        Event::KeyEntered { seat, commitment, key: Some(key), .. } => {
            Msg::new("sluzba-event-key-entered-secret")
                .seat("seat", *seat)
                .text("commitment", commitment.clone())
                .text("key", key.letters())
        }
        Event::KeyEntered { seat, commitment, .. } => {
            Msg::new("sluzba-event-key-entered").seat("seat", *seat).text("commitment", commitment.clone())
        }
        Event::WordsChosen { seat, words, at_random } => {
            Msg::new(if *at_random { "sluzba-event-words-dealt" } else { "sluzba-event-words-chosen" })
                .seat("seat", *seat)
                .num("count", words.len() as i64)
                .text("words", words.join(", "))
        }
        Event::GridLaid { words } => Msg::new("sluzba-event-grid-laid").num("count", words.len() as i64),
        Event::ApprovalRequested { seat, draft: Some(draft), .. } => {
            Msg::new("sluzba-event-approval-requested-word")
                .seat("seat", *seat)
                .text("word", draft.word.clone())
        }
        Event::ApprovalRequested { seat, .. } => {
            Msg::new("sluzba-event-approval-requested").seat("seat", *seat)
        }
        Event::ApprovalAnswered { seat, approved, draft, .. } => {
            let msg = match (approved, draft) {
                (true, Some(draft)) => {
                    Msg::new("sluzba-event-approved-word").text("word", draft.word.clone())
                }
                (true, None) => Msg::new("sluzba-event-approved"),
                (false, Some(draft)) => {
                    Msg::new("sluzba-event-rejected-word").text("word", draft.word.clone())
                }
                (false, None) => Msg::new("sluzba-event-rejected"),
            };
            msg.seat("seat", *seat)
        }
        Event::ApprovalWithdrawn { seat, .. } => {
            Msg::new("sluzba-event-approval-withdrawn").seat("seat", *seat)
        }
        Event::ApprovalLapsed { .. } => Msg::new("sluzba-event-approval-lapsed"),
        Event::ClueGiven { seat, team, clue, approved, warnings } => {
            let msg = match &clue.explanation {
                Some(explanation) => {
                    Msg::new("sluzba-event-clue-explained").text("explanation", explanation.clone())
                }
                None => Msg::new("sluzba-event-clue"),
            };
            with_number(
                msg.seat("seat", *seat).key("team", team_key(*team)).text("word", clue.word.clone()),
                clue.number,
            )
            .num("approved", i64::from(*approved))
            .num("warnings", warnings.len() as i64)
        }
        Event::Guessed { seat, word, colour, .. } => Msg::new("sluzba-event-guessed")
            .seat("seat", *seat)
            .text("word", word.clone())
            .key("colour", colour_key(*colour)),
        Event::Stopped { seat, team } => {
            Msg::new("sluzba-event-stopped").seat("seat", *seat).key("team", team_key(*team))
        }
        Event::ClueRuledInvalid { seat, team, clue_word, reason } => {
            let msg = match reason {
                Some(reason) => Msg::new("sluzba-event-ruled-invalid-reason").text("reason", reason.clone()),
                None => Msg::new("sluzba-event-ruled-invalid"),
            };
            msg.seat("seat", *seat).key("team", team_key(*team)).text("word", clue_word.clone())
        }
        Event::ClueFoundInvalid { by, team, clue_word, .. } => {
            let msg = Msg::new("sluzba-event-clue-found-invalid")
                .key("team", team_key(*team))
                .text("word", clue_word.clone());
            match by {
                Some(seat) => msg.seat("by", *seat),
                None => msg.key("by", "party-host"),
            }
        }
        Event::TurnEnded { team, reason } => Msg::new("sluzba-event-turn-ended")
            .key("team", team_key(*team))
            .key("reason", turn_end_key(*reason)),
        Event::FictitiousCovered { seat: Some(seat), word, .. } => {
            Msg::new("sluzba-event-fictitious-covered").seat("seat", *seat).text("word", word.clone())
        }
        Event::FictitiousCovered { seat: None, word, .. } => {
            Msg::new("sluzba-event-fictitious-covered-deadline").text("word", word.clone())
        }
        Event::Chat { seat, channel, text, .. } => Msg::new("sluzba-event-chat")
            .seat("seat", *seat)
            .key("channel", channel_key(*channel))
            .text("text", text.clone()),
        Event::GameEnded { winner, reason: EndReason::AllCovered { team } } => {
            Msg::new("sluzba-event-ended-all-covered")
                .key("team", team_key(*team))
                .key("winner", team_key(*winner))
        }
        Event::GameEnded { winner, reason: EndReason::Pursuer { team } } => {
            Msg::new("sluzba-event-ended-pursuer")
                .key("team", team_key(*team))
                .key("winner", team_key(*winner))
        }
        Event::Conceded { seat, team } => {
            Msg::new("sluzba-event-conceded").seat("seat", *seat).key("team", team_key(*team))
        }
        Event::GameEnded { winner, reason: EndReason::Conceded { team } } => {
            Msg::new("sluzba-event-ended-conceded")
                .key("team", team_key(*team))
                .key("winner", team_key(*winner))
        }
        Event::KeyRevealed { key, salt } => {
            Msg::new("sluzba-event-key-revealed").text("key", key.letters()).text("salt", salt.clone())
        }
    }
}

/// A button's label. Never names a secret: approval drafts stay out of the labels, since a
/// label may end up in front of anyone.
pub fn describe_action(state: &State, action: &Action) -> Msg {
    let word_of = |card: u8| state.words.get(usize::from(card)).cloned().unwrap_or_default();
    match action {
        Action::ChooseWords { words } if words.is_empty() => Msg::new("sluzba-action-choose-words"),
        Action::ChooseWords { words } => Msg::new("sluzba-action-choose-these-words")
            .num("count", words.len() as i64)
            .text("words", words.join(", ")),
        Action::DealRest => Msg::new("sluzba-action-deal-rest"),
        Action::AskApproval { .. } => Msg::new("sluzba-action-ask-approval"),
        Action::Approve => Msg::new("sluzba-action-approve"),
        Action::Reject => Msg::new("sluzba-action-reject"),
        Action::WithdrawRequest => Msg::new("sluzba-action-withdraw-request"),
        Action::GiveClue { word, .. } if word.is_empty() => Msg::new("sluzba-action-give-clue"),
        Action::GiveClue { word, number, .. } => {
            with_number(Msg::new("sluzba-action-give-clue-word").text("word", word.clone()), *number)
        }
        Action::Guess { card } => Msg::new("sluzba-action-guess").text("word", word_of(*card)),
        Action::Stop => Msg::new("sluzba-action-stop"),
        Action::RuleInvalid { .. } => Msg::new("sluzba-action-rule-invalid")
            .text("word", state.clues.last().map(|c| c.clue.word.clone()).unwrap_or_default()),
        Action::CoverFictitious { card } => {
            Msg::new("sluzba-action-cover-fictitious").text("word", word_of(*card))
        }
        Action::Chat { channel, .. } => Msg::new("sluzba-action-chat").key("channel", channel_key(*channel)),
        Action::Concede => Msg::new("sluzba-action-concede"),
    }
}

pub fn seat_label(options: &Options, seat: Seat) -> Msg {
    let n = options.member_number(seat) as i64;
    match options.role_of(seat) {
        Some(SeatRole::Coordinator(Team::Red)) => Msg::new("sluzba-seat-red-coordinator"),
        Some(SeatRole::Coordinator(Team::Blue)) => Msg::new("sluzba-seat-blue-coordinator"),
        Some(SeatRole::Member(Team::Red)) => Msg::new("sluzba-seat-red-member").num("n", n),
        Some(SeatRole::Member(Team::Blue)) => Msg::new("sluzba-seat-blue-member").num("n", n),
        Some(SeatRole::SharedMember) => Msg::new("sluzba-seat-shared-member").num("n", n),
        None => Msg::new("seat-numbered").num("n", i64::from(seat) + 1),
    }
}

pub fn outcome(state: &State) -> Option<Outcome> {
    let Phase::Ended { winner, reason } = state.phase else { return None };
    let one_team = state.options.table == Table::OneTeam;
    let (red_left, blue_left) = (state.left(Team::Red) as i64, state.left(Team::Blue) as i64);
    let summary = match (one_team, reason) {
        (true, EndReason::AllCovered { team: Team::Red }) => {
            Msg::new("sluzba-outcome-one-team-won").num("fictitious_left", blue_left)
        }
        (true, EndReason::AllCovered { team: Team::Blue }) => {
            Msg::new("sluzba-outcome-fictitious-won").num("red_left", red_left)
        }
        (true, EndReason::Pursuer { .. }) => {
            Msg::new("sluzba-outcome-one-team-pursuer").num("red_left", red_left)
        }
        (false, EndReason::AllCovered { team }) => Msg::new("sluzba-outcome-all-covered")
            .key("team", team_key(team))
            .num("red_left", red_left)
            .num("blue_left", blue_left),
        (false, EndReason::Pursuer { team }) => {
            Msg::new("sluzba-outcome-pursuer").key("team", team_key(team)).key("winner", team_key(winner))
        }
        (true, EndReason::Conceded { .. }) => {
            Msg::new("sluzba-outcome-one-team-conceded").num("red_left", red_left)
        }
        (false, EndReason::Conceded { team }) => {
            Msg::new("sluzba-outcome-conceded").key("team", team_key(team)).key("winner", team_key(winner))
        }
    };
    Some(Outcome { winners: state.team_seats(winner), summary })
}
