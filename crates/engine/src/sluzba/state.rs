//! The game state, and how events fold into it (`apply` never fails and never draws).

use serde::Serialize;

use super::clue::{Clue, ClueDraft, ClueWarning};
use super::events::{Channel, EndReason, Event};
use super::key::{Colour, GRID_CARDS, Key, Team};
use super::options::{Options, SeatRole, Table};
use super::position::{Entered, first_phase};
use crate::Seat;

/// Variant V1: how many words each coordinator picks (red, who starts, picks the odd one).
pub const RED_PICKS: usize = 13;
pub const BLUE_PICKS: usize = GRID_CARDS - RED_PICKS;

/// What the game waits for.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Before the setup events.
    Setup,
    /// Variant V1: the coordinators pick the words.
    Choosing,
    /// `team`'s coordinator is to give a clue (or ask for approval).
    Clue {
        team: Team,
    },
    /// Rule S12: the other coordinator is to answer `draft`.
    AwaitingApproval {
        team: Team,
        asked_by: Seat,
        draft: ClueDraft,
    },
    /// `team` guesses on the last clue; `guesses` made so far.
    Guessing {
        team: Team,
        guesses: u8,
    },
    /// Variant V5: the coordinator covers a card of the fictitious team.
    Fictitious,
    Ended {
        winner: Team,
        reason: EndReason,
    },
}

/// The key and its salt: the secret the commitment hides.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Secret {
    pub key: Key,
    pub salt: String,
}

/// A clue given, with what became of it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClueRecord {
    pub seat: Seat,
    pub team: Team,
    pub clue: Clue,
    pub approved: bool,
    pub warnings: Vec<ClueWarning>,
    /// Cards touched on this clue, in order.
    pub guessed: Vec<u8>,
    pub ruled_invalid: bool,
}

/// The other coordinator's answer to a request this turn (rule S12).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ruling {
    pub draft: ClueDraft,
    pub approved: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChatLine {
    pub seat: Seat,
    pub channel: Channel,
    pub audience: Vec<Seat>,
    pub text: String,
}

/// Everything, secrets included: only the engine and `view` read it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct State {
    pub options: Options,
    pub roles: Vec<SeatRole>,
    /// Hex SHA-256 of the key (A2); empty before setup.
    pub commitment: String,
    pub secret: Option<Secret>,
    /// Variant V1: words picked so far, with the seat that picked them.
    pub chosen: Vec<(Seat, String)>,
    /// The grid's words, row by row (empty before the grid is laid).
    pub words: Vec<String>,
    pub covered: Vec<bool>,
    pub phase: Phase,
    pub clues: Vec<ClueRecord>,
    /// Answers to approval requests in the current turn.
    pub rulings: Vec<Ruling>,
    pub chat: Vec<ChatLine>,
    /// Whether the key has been revealed to everyone (at the end).
    pub key_revealed: bool,
    /// Rule A5: the position entered from a real table, if the game goes on from one.
    pub position: Option<Entered>,
}

impl State {
    pub fn new(options: &Options, seats: usize) -> State {
        State {
            options: options.clone(),
            roles: options.roles_for(seats),
            commitment: String::new(),
            secret: None,
            chosen: Vec::new(),
            words: Vec::new(),
            covered: Vec::new(),
            phase: Phase::Setup,
            clues: Vec::new(),
            rulings: Vec::new(),
            chat: Vec::new(),
            key_revealed: false,
            position: None,
        }
    }

    pub fn role(&self, seat: Seat) -> Option<SeatRole> {
        self.roles.get(usize::from(seat)).copied()
    }

    fn seats_where(&self, wanted: impl Fn(SeatRole) -> bool) -> Vec<Seat> {
        (0..self.roles.len())
            .filter(|&s| wanted(self.roles[s]))
            .filter_map(|s| Seat::try_from(s).ok())
            .collect()
    }

    pub fn coordinator(&self, team: Team) -> Option<Seat> {
        self.seats_where(|r| r == SeatRole::Coordinator(team)).first().copied()
    }

    pub fn coordinators(&self) -> Vec<Seat> {
        self.seats_where(SeatRole::is_coordinator)
    }

    /// The seats that guess (and may stop) on `team`'s turn.
    pub fn guessers(&self, team: Team) -> Vec<Seat> {
        self.seats_where(|r| r.guesses_for(team))
    }

    /// The seats that win when `team` wins: its coordinator, its members and the shared
    /// guessers (V4, who play for both teams). In V5 the fictitious blue team has no seats.
    pub fn team_seats(&self, team: Team) -> Vec<Seat> {
        self.seats_where(|r| match r {
            SeatRole::Coordinator(t) | SeatRole::Member(t) => t == team,
            SeatRole::SharedMember => true,
        })
    }

    /// Whether the table has two coordinators (so approvals and rulings exist, S12, S13).
    pub fn has_two_coordinators(&self) -> bool {
        self.coordinators().len() == 2
    }

    /// Who reads a channel (A1): a team's channel is read by the team's coordinator, its members
    /// and any shared guessers; the coordinators' channel by both coordinators.
    pub fn audience(&self, channel: Channel) -> Vec<Seat> {
        match channel {
            Channel::RedTeam | Channel::BlueTeam => {
                let team = if channel == Channel::RedTeam { Team::Red } else { Team::Blue };
                let audience = self.seats_where(|r| r == SeatRole::Coordinator(team) || r.guesses_for(team));
                // A team with nobody to talk to (V5's fictitious team) has no channel.
                if self.guessers(team).is_empty() { Vec::new() } else { audience }
            }
            Channel::Coordinators if self.has_two_coordinators() => self.coordinators(),
            Channel::Coordinators => Vec::new(),
        }
    }

    /// Who may post to a channel: everyone in its audience except a coordinator in a team's
    /// channel, who may give no hint beyond the clue (S20).
    pub fn may_post(&self, seat: Seat, channel: Channel) -> bool {
        let in_audience = self.audience(channel).contains(&seat);
        let silent_coordinator =
            channel != Channel::Coordinators && self.role(seat).is_some_and(SeatRole::is_coordinator);
        in_audience && !silent_coordinator
    }

    pub fn key(&self) -> Option<&Key> {
        self.secret.as_ref().map(|s| &s.key)
    }

    /// The colour under `card` (none before the key is drawn, or off the grid). While an
    /// entered position waits for its key, the covered cards' colours are the ones entered.
    pub fn colour(&self, card: usize) -> Option<Colour> {
        self.key().and_then(|k| k.colours().get(card).copied()).or_else(|| {
            let entered = self.position.as_ref()?;
            entered.covered.iter().find(|c| usize::from(c.card) == card).map(|c| c.colour)
        })
    }

    pub fn is_covered(&self, card: usize) -> bool {
        self.covered.get(card).copied().unwrap_or(false)
    }

    /// Words not yet covered: the ones a clue may not be (S6).
    pub fn uncovered_words(&self) -> Vec<&str> {
        (0..self.words.len()).filter(|&c| !self.is_covered(c)).map(|c| self.words[c].as_str()).collect()
    }

    pub fn covered_count(&self, colour: Colour) -> usize {
        (0..self.covered.len()).filter(|&c| self.is_covered(c) && self.colour(c) == Some(colour)).count()
    }

    /// Cards of `team` still to find (public: the counts are known to all).
    pub fn left(&self, team: Team) -> usize {
        team.cards() - self.covered_count(team.colour())
    }

    /// The clue being guessed on, while the team guesses.
    pub fn current_clue(&self) -> Option<&ClueRecord> {
        match self.phase {
            Phase::Guessing { .. } => self.clues.last(),
            _ => None,
        }
    }

    /// Variant V1: the picks a seat has left (0 for anyone who does not pick).
    pub fn picks_left(&self, seat: Seat) -> usize {
        let quota = match self.role(seat) {
            Some(SeatRole::Coordinator(_)) if self.options.table == Table::OneTeam => GRID_CARDS,
            Some(SeatRole::Coordinator(Team::Red)) => RED_PICKS,
            Some(SeatRole::Coordinator(Team::Blue)) => BLUE_PICKS,
            _ => 0,
        };
        quota.saturating_sub(self.chosen.iter().filter(|(s, _)| *s == seat).count())
    }

    /// Fold one event in. Never fails: an event that does not fit (which the engine never
    /// produces) changes what it can and nothing else.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::KeyDrawn { commitment, key, salt, .. } => {
                self.commitment = commitment.clone();
                if let (Some(key), Some(salt)) = (key, salt) {
                    self.secret = Some(Secret { key: key.clone(), salt: salt.clone() });
                }
                match &self.position {
                    Some(entered) if self.phase == Phase::Setup => {
                        self.phase = first_phase(self, entered.to_move);
                    }
                    _ if self.options.easier => self.phase = Phase::Choosing,
                    _ => {}
                }
            }
            Event::PositionEntered { words, covered, to_move, key_drawn } => {
                if let Some(words) = words {
                    self.words = words.clone();
                }
                self.covered = vec![false; self.words.len()];
                for c in covered {
                    if let Some(slot) = self.covered.get_mut(usize::from(c.card)) {
                        *slot = true;
                    }
                }
                self.commitment.clear();
                self.secret = None;
                self.key_revealed = false;
                self.chosen.clear();
                self.clues.clear();
                self.rulings.clear();
                self.position =
                    Some(Entered { to_move: *to_move, covered: covered.clone(), key_drawn: *key_drawn });
                self.phase = Phase::Setup;
            }
            Event::KeyEntered { commitment, key, salt, .. } => {
                self.commitment = commitment.clone();
                if let (Some(key), Some(salt)) = (key, salt) {
                    self.secret = Some(Secret { key: key.clone(), salt: salt.clone() });
                }
                if let Some(entered) = &self.position {
                    self.phase = first_phase(self, entered.to_move);
                }
            }
            Event::WordsChosen { seat, words, .. } => {
                self.chosen.extend(words.iter().map(|w| (*seat, w.clone())));
            }
            Event::GridLaid { words } => {
                self.words = words.clone();
                self.covered = vec![false; words.len()];
                self.rulings.clear();
                self.phase = Phase::Clue { team: Team::Red };
            }
            Event::ApprovalRequested { seat, team, draft, .. } => {
                self.phase = Phase::AwaitingApproval {
                    team: *team,
                    asked_by: *seat,
                    draft: draft.clone().unwrap_or(ClueDraft { word: String::new(), explanation: None }),
                };
            }
            Event::ApprovalAnswered { approved, .. } => {
                if let Phase::AwaitingApproval { team, draft, .. } = &self.phase {
                    self.rulings.push(Ruling { draft: draft.clone(), approved: *approved });
                    self.phase = Phase::Clue { team: *team };
                }
            }
            Event::ApprovalWithdrawn { .. } | Event::ApprovalLapsed { .. } => {
                if let Phase::AwaitingApproval { team, .. } = self.phase {
                    self.phase = Phase::Clue { team };
                }
            }
            Event::ClueGiven { seat, team, clue, approved, warnings } => {
                self.clues.push(ClueRecord {
                    seat: *seat,
                    team: *team,
                    clue: clue.clone(),
                    approved: *approved,
                    warnings: warnings.clone(),
                    guessed: Vec::new(),
                    ruled_invalid: false,
                });
                self.phase = Phase::Guessing { team: *team, guesses: 0 };
            }
            Event::Guessed { card, .. } => {
                if let Some(covered) = self.covered.get_mut(usize::from(*card)) {
                    *covered = true;
                }
                if let Phase::Guessing { guesses, .. } = &mut self.phase {
                    *guesses = guesses.saturating_add(1);
                    if let Some(clue) = self.clues.last_mut() {
                        clue.guessed.push(*card);
                    }
                }
            }
            Event::Stopped { .. } | Event::Conceded { .. } => {}
            Event::ClueRuledInvalid { .. } => {
                if let Some(clue) = self.clues.last_mut() {
                    clue.ruled_invalid = true;
                }
            }
            Event::ClueFoundInvalid { clue, .. } => {
                if let Some(clue) = self.clues.get_mut(usize::from(*clue)) {
                    clue.ruled_invalid = true;
                }
            }
            Event::TurnEnded { team, .. } => {
                self.rulings.clear();
                self.phase = if self.options.table == Table::OneTeam && *team == Team::Red {
                    Phase::Fictitious
                } else {
                    Phase::Clue { team: team.other() }
                };
            }
            Event::FictitiousCovered { card, .. } => {
                if let Some(covered) = self.covered.get_mut(usize::from(*card)) {
                    *covered = true;
                }
                self.rulings.clear();
                self.phase = Phase::Clue { team: Team::Red };
            }
            Event::Chat { seat, channel, audience, text } => self.chat.push(ChatLine {
                seat: *seat,
                channel: *channel,
                audience: audience.clone(),
                text: text.clone(),
            }),
            Event::GameEnded { winner, reason } => {
                self.phase = Phase::Ended { winner: *winner, reason: *reason };
            }
            Event::KeyRevealed { key, salt } => {
                self.key_revealed = true;
                if self.secret.is_none() {
                    self.secret = Some(Secret { key: key.clone(), salt: salt.clone() });
                }
            }
        }
    }
}
