//! The one gate for hidden information (docs/architecture.md, rule 4): what a viewer may see of the state
//! (`view`) and of each event (`redact`). The view types carry no field for a secret a viewer
//! may not see: a member's uncovered card is `{"status":"uncovered","word":…}` and nothing else.

use serde::Serialize;

use super::clue::{ClueDraft, ClueNumber};
use super::events::{Channel, EndReason, Event};
use super::key::{Colour, Key, Team, verify_commitment};
use super::options::{DeckChoice, SeatRole, Table};
use super::state::{Phase, Ruling, State};
use crate::{Msg, Outcome, Seat, Viewer};

/// One grid cell as a viewer sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CardView {
    /// Not covered, colour unknown to this viewer.
    Uncovered { word: String },
    /// Not covered; the viewer holds the key (coordinators; everyone once the key is revealed).
    Keyed { word: String, colour: Colour },
    /// Covered: the colour is public.
    Covered { word: String, colour: Colour },
}

/// What the game waits for, without secrets.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PhaseView {
    Setup,
    Choosing,
    Clue {
        team: Team,
    },
    /// The other coordinator is to answer a request; the draft is in `approval`, for
    /// coordinators only.
    AwaitingApproval {
        team: Team,
        asked_by: Seat,
    },
    Guessing {
        team: Team,
    },
    Fictitious,
    Ended {
        winner: Team,
        reason: EndReason,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClueView {
    pub seat: Seat,
    pub team: Team,
    pub word: String,
    pub number: ClueNumber,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    pub approved: bool,
    pub ruled_invalid: bool,
    /// The engine's warnings, as messages (S8–S10).
    pub warnings: Vec<Msg>,
    /// Cards touched on this clue.
    pub guessed: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GuessesView {
    pub made: u8,
    /// `None`: any number (clue 0 or infinity).
    pub allowed: Option<u8>,
    pub left: Option<u8>,
}

/// Cards still to find per team.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Left {
    pub red: usize,
    pub blue: usize,
}

/// Coordinators only: the pending request and this turn's answers (S12).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ApprovalView {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending: Option<ClueDraft>,
    pub rulings: Vec<Ruling>,
}

/// Variant V1: the words picked so far (public: they will all lie on the table) and each
/// coordinator's picks left.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChoosingView {
    pub chosen: Vec<String>,
    pub picks_left: Vec<(Seat, usize)>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChatView {
    pub seat: Seat,
    pub channel: Channel,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RevealedKey {
    pub key: Key,
    pub salt: String,
    /// Whether key and salt hash to the commitment published at the start.
    pub matches_commitment: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// The viewer's role (none for the public and the omniscient viewer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub you: Option<SeatRole>,
    pub table: Table,
    /// The deck the words are drawn from (so the page can mark their language).
    pub deck: DeckChoice,
    pub phase: PhaseView,
    pub to_act: Vec<Seat>,
    /// The 25 cards, row by row (empty before the grid is laid).
    pub cards: Vec<CardView>,
    pub left: Left,
    /// The clue being guessed on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clue: Option<ClueView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guesses: Option<GuessesView>,
    /// Every clue of the game, oldest first (teams may guess on earlier clues).
    pub clues: Vec<ClueView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approval: Option<ApprovalView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choosing: Option<ChoosingView>,
    /// The chat of the channels this viewer reads (none for the public).
    pub chat: Vec<ChatView>,
    pub commitment: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revealed_key: Option<RevealedKey>,
    /// Once the game is over: the winning seats and a one-line summary.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// Whether `viewer` may see a secret meant for `audience`.
fn sees(viewer: Viewer, audience: &[Seat]) -> bool {
    match viewer {
        Viewer::Omniscient => true,
        Viewer::Seat(seat) => audience.contains(&seat),
        Viewer::Public => false,
    }
}

fn clue_view(record: &super::state::ClueRecord) -> ClueView {
    ClueView {
        seat: record.seat,
        team: record.team,
        word: record.clue.word.clone(),
        number: record.clue.number,
        explanation: record.clue.explanation.clone(),
        approved: record.approved,
        ruled_invalid: record.ruled_invalid,
        warnings: record.warnings.iter().map(|w| w.msg(&record.clue.word)).collect(),
        guessed: record.guessed.clone(),
    }
}

pub fn view(state: &State, viewer: Viewer) -> View {
    let you = match viewer {
        Viewer::Seat(seat) => state.role(seat),
        _ => None,
    };
    let is_coordinator = you.is_some_and(SeatRole::is_coordinator);
    let knows_key = viewer == Viewer::Omniscient || is_coordinator || state.key_revealed;
    let sees_coordinator_talk =
        viewer == Viewer::Omniscient || (is_coordinator && state.has_two_coordinators());

    let cards = (0..state.words.len())
        .map(|card| {
            let word = state.words[card].clone();
            match state.colour(card) {
                Some(colour) if state.is_covered(card) => CardView::Covered { word, colour },
                Some(colour) if knows_key => CardView::Keyed { word, colour },
                _ => CardView::Uncovered { word },
            }
        })
        .collect();

    let phase = match &state.phase {
        Phase::Setup => PhaseView::Setup,
        Phase::Choosing => PhaseView::Choosing,
        Phase::Clue { team } => PhaseView::Clue { team: *team },
        Phase::AwaitingApproval { team, asked_by, .. } => {
            PhaseView::AwaitingApproval { team: *team, asked_by: *asked_by }
        }
        Phase::Guessing { team, .. } => PhaseView::Guessing { team: *team },
        Phase::Fictitious => PhaseView::Fictitious,
        Phase::Ended { winner, reason } => PhaseView::Ended { winner: *winner, reason: *reason },
    };

    let guesses = match (&state.phase, state.current_clue()) {
        (Phase::Guessing { guesses, .. }, Some(clue)) => {
            let allowed = clue.clue.number.guesses_allowed();
            Some(GuessesView { made: *guesses, allowed, left: allowed.map(|a| a.saturating_sub(*guesses)) })
        }
        _ => None,
    };

    let approval = sees_coordinator_talk.then(|| ApprovalView {
        pending: match &state.phase {
            Phase::AwaitingApproval { draft, .. } => Some(draft.clone()),
            _ => None,
        },
        rulings: state.rulings.clone(),
    });

    let choosing = (state.phase == Phase::Choosing).then(|| ChoosingView {
        chosen: state.chosen.iter().map(|(_, w)| w.clone()).collect(),
        picks_left: state.coordinators().into_iter().map(|s| (s, state.picks_left(s))).collect(),
    });

    let chat = state
        .chat
        .iter()
        .filter(|line| sees(viewer, &line.audience))
        .map(|line| ChatView { seat: line.seat, channel: line.channel, text: line.text.clone() })
        .collect();

    let revealed_key = match &state.secret {
        Some(secret) if state.key_revealed => Some(RevealedKey {
            key: secret.key.clone(),
            salt: secret.salt.clone(),
            matches_commitment: verify_commitment(&state.commitment, &secret.key.letters(), &secret.salt),
        }),
        _ => None,
    };

    View {
        you,
        table: state.options.table,
        deck: state.options.deck,
        phase,
        to_act: super::decide::to_act(state),
        cards,
        left: Left { red: state.left(Team::Red), blue: state.left(Team::Blue) },
        clue: state.current_clue().map(clue_view),
        guesses,
        clues: state.clues.iter().map(clue_view).collect(),
        approval,
        choosing,
        chat,
        commitment: state.commitment.clone(),
        revealed_key,
        outcome: super::describe::outcome(state),
    }
}

/// What `viewer` may see of `event`: the key, approval drafts and chat only for their audience.
pub fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    let redacted = match event {
        Event::KeyDrawn { commitment, key_holders, .. } if !sees(viewer, key_holders) => Event::KeyDrawn {
            commitment: commitment.clone(),
            key_holders: key_holders.clone(),
            key: None,
            salt: None,
        },
        Event::KeyEntered { seat, commitment, key_holders, .. } if !sees(viewer, key_holders) => {
            Event::KeyEntered {
                seat: *seat,
                commitment: commitment.clone(),
                key_holders: key_holders.clone(),
                key: None,
                salt: None,
            }
        }
        Event::ApprovalRequested { seat, team, audience, .. } if !sees(viewer, audience) => {
            Event::ApprovalRequested { seat: *seat, team: *team, audience: audience.clone(), draft: None }
        }
        Event::ApprovalAnswered { seat, approved, audience, .. } if !sees(viewer, audience) => {
            Event::ApprovalAnswered {
                seat: *seat,
                approved: *approved,
                audience: audience.clone(),
                draft: None,
            }
        }
        Event::ApprovalWithdrawn { seat, audience, .. } if !sees(viewer, audience) => {
            Event::ApprovalWithdrawn { seat: *seat, audience: audience.clone(), draft: None }
        }
        Event::ApprovalLapsed { audience, .. } if !sees(viewer, audience) => {
            Event::ApprovalLapsed { audience: audience.clone(), draft: None }
        }
        Event::Chat { audience, .. } if !sees(viewer, audience) => return None,
        other => other.clone(),
    };
    Some(redacted)
}
