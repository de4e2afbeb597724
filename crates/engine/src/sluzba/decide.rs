//! Judging actions: which events an action causes, or which rule it breaks. Every check that
//! depends on the key comes after the checks of who may act, so a refusal never tells a seat
//! without the key anything about the key.

use std::collections::HashSet;

use super::clue::{ClueDraft, ClueNumber, check_clue, tidy};
use super::decks::{Deck, deck};
use super::events::{Action, Channel, EndReason, Event, TurnEnd};
use super::key::{Colour, GRID_CARDS, Key, Team, commitment, draw_salt};
use super::options::{Options, SeatRole};
use super::state::{Phase, State};
use crate::random::{Random, shuffle};
use crate::{Msg, Refusal, Seat};

/// The longest chat message.
pub const MAX_CHAT_CHARS: usize = 1000;
/// The longest reason given with an invalid-clue ruling.
pub const MAX_REASON_CHARS: usize = 280;

/// The events that set a game up: the key and its commitment, and (unless the coordinators
/// choose the words, V1) the random deal.
pub fn setup(options: &Options, seats: usize, rng: &mut dyn Random) -> Vec<Event> {
    let state = State::new(options, seats);
    let key = Key::draw(rng);
    let salt = draw_salt(rng);
    let mut events = vec![Event::KeyDrawn {
        commitment: commitment(&key, &salt),
        key_holders: state.coordinators(),
        key: Some(key),
        salt: Some(salt),
    }];
    if !options.easier {
        let words = draw_words(deck(options.deck), &HashSet::new(), GRID_CARDS, rng);
        events.push(Event::GridLaid { words });
    }
    events
}

/// `count` words from cards not in `used`, each card's side drawn too (S2: the deal chooses
/// card and side). A partial Fisher–Yates, so the draw costs `2 × count` numbers.
fn draw_words(deck: &Deck, used: &HashSet<usize>, count: usize, rng: &mut dyn Random) -> Vec<String> {
    let mut free: Vec<usize> = (0..deck.cards.len()).filter(|c| !used.contains(c)).collect();
    let count = count.min(free.len());
    for i in 0..count {
        let j = i + rng.below((free.len() - i) as u32) as usize;
        free.swap(i, j);
    }
    free[..count].iter().map(|&card| deck.cards[card].side(rng.below(2) == 1).to_owned()).collect()
}

/// The refusal for an action the current phase does not take: nothing is taken after the end;
/// otherwise the refusal names what the game waits for.
fn wrong_phase(state: &State) -> Refusal {
    let phase = match state.phase {
        Phase::Ended { .. } => return Refusal::not_your_turn("S4", Msg::new("sluzba-refusal-game-over")),
        Phase::Setup => "sluzba-phase-setup",
        Phase::Choosing => "sluzba-phase-choosing",
        Phase::Clue { .. } => "sluzba-phase-clue",
        Phase::AwaitingApproval { .. } => "sluzba-phase-approval",
        Phase::Guessing { .. } => "sluzba-phase-guessing",
        Phase::Fictitious => "sluzba-phase-fictitious",
    };
    Refusal::not_your_turn("S4", Msg::new("sluzba-refusal-wrong-phase").key("phase", phase))
}

pub fn decide(
    state: &State,
    seat: Seat,
    action: &Action,
    rng: &mut dyn Random,
) -> Result<Vec<Event>, Refusal> {
    let Some(role) = state.role(seat) else {
        return Err(Refusal::not_your_turn("S1", Msg::new("sluzba-refusal-no-such-seat")));
    };
    match action {
        Action::Chat { channel, text } => chat(state, seat, *channel, text),
        Action::ChooseWords { words } => choose_words(state, seat, words, rng),
        Action::DealRest => deal_rest(state, seat, rng),
        Action::AskApproval { word, explanation } => {
            ask_approval(state, seat, role, word, explanation.as_deref())
        }
        Action::Approve | Action::Reject => answer_approval(state, seat, role, *action == Action::Approve),
        Action::WithdrawRequest => withdraw_request(state, seat),
        Action::GiveClue { word, number, explanation } => {
            give_clue(state, seat, role, word, *number, explanation.as_deref())
        }
        Action::Guess { card } => guess(state, seat, role, *card),
        Action::Stop => stop(state, seat, role),
        Action::RuleInvalid { reason } => rule_invalid(state, seat, role, reason.as_deref()),
        Action::CoverFictitious { card } => cover_fictitious(state, seat, role, *card),
        Action::Concede => concede(state, seat, role),
    }
}

/// Rule A4: any seat of a team may concede for it, at any time of play (in turn or not): the
/// team loses at once and the other wins (in V5 the fictitious team). The V4 guesser plays for
/// both teams and has no side to give up, so only a coordinator concedes there.
fn concede(state: &State, seat: Seat, role: SeatRole) -> Result<Vec<Event>, Refusal> {
    if matches!(state.phase, Phase::Ended { .. } | Phase::Setup) {
        return Err(wrong_phase(state));
    }
    let team = match role {
        SeatRole::Coordinator(team) | SeatRole::Member(team) => team,
        SeatRole::SharedMember => {
            return Err(Refusal::new("A4", Msg::new("sluzba-refusal-shared-member-concedes")));
        }
    };
    let mut events = vec![Event::Conceded { seat, team }];
    events.extend(game_over(state, team.other(), EndReason::Conceded { team }));
    Ok(events)
}

fn chat(state: &State, seat: Seat, channel: Channel, text: &str) -> Result<Vec<Event>, Refusal> {
    if !state.may_post(seat, channel) {
        let coordinator_in_team_channel =
            channel != Channel::Coordinators && state.audience(channel).contains(&seat);
        return Err(if coordinator_in_team_channel {
            Refusal::new("S20", Msg::new("sluzba-refusal-coordinator-silent"))
        } else {
            Refusal::not_your_turn(
                "A1",
                Msg::new("sluzba-refusal-not-in-channel").key("channel", channel_key(channel)),
            )
        });
    }
    let text = text.trim();
    if text.is_empty() {
        return Err(Refusal::new("A1", Msg::new("sluzba-refusal-chat-empty")));
    }
    if text.chars().count() > MAX_CHAT_CHARS {
        return Err(Refusal::new(
            "A1",
            Msg::new("sluzba-refusal-chat-too-long").num("max", MAX_CHAT_CHARS as i64),
        ));
    }
    Ok(vec![Event::Chat { seat, channel, audience: state.audience(channel), text: text.to_owned() }])
}

pub fn channel_key(channel: Channel) -> &'static str {
    match channel {
        Channel::RedTeam => "sluzba-channel-red-team",
        Channel::BlueTeam => "sluzba-channel-blue-team",
        Channel::Coordinators => "sluzba-channel-coordinators",
    }
}

/// The deck cards already on their way to the table (V1), looked up by word so that a game
/// keeps working if the deck file gains cards between two moves.
fn used_cards(state: &State, deck: &Deck) -> HashSet<usize> {
    state.chosen.iter().filter_map(|(_, word)| deck.find(word).map(|(card, _)| card)).collect()
}

fn check_picker(state: &State, seat: Seat) -> Result<usize, Refusal> {
    if state.phase != Phase::Choosing {
        return Err(wrong_phase(state));
    }
    match state.picks_left(seat) {
        0 => Err(Refusal::not_your_turn("V1", Msg::new("sluzba-refusal-no-picks-left"))),
        left => Ok(left),
    }
}

/// Once all 25 words are picked, they go to random places on the grid.
fn lay_chosen_grid(state: &State, new_words: &[String], rng: &mut dyn Random) -> Option<Event> {
    let mut words: Vec<String> =
        state.chosen.iter().map(|(_, w)| w.clone()).chain(new_words.iter().cloned()).collect();
    if words.len() < GRID_CARDS {
        return None;
    }
    shuffle(&mut words, rng);
    Some(Event::GridLaid { words })
}

fn choose_words(
    state: &State,
    seat: Seat,
    words: &[String],
    rng: &mut dyn Random,
) -> Result<Vec<Event>, Refusal> {
    let left = check_picker(state, seat)?;
    if words.is_empty() {
        return Err(Refusal::new("V1", Msg::new("sluzba-refusal-no-words")));
    }
    if words.len() > left {
        return Err(Refusal::new("V1", Msg::new("sluzba-refusal-too-many-words").num("left", left as i64)));
    }
    let deck = deck(state.options.deck);
    let mut used = used_cards(state, deck);
    let mut picked = Vec::new();
    for word in words {
        let Some((card, spelled)) = deck.find(word) else {
            return Err(Refusal::new("V1", Msg::new("sluzba-refusal-not-in-deck").text("word", word.trim())));
        };
        if !used.insert(card) {
            return Err(Refusal::new("V1", Msg::new("sluzba-refusal-card-taken").text("word", spelled)));
        }
        picked.push(spelled.to_owned());
    }
    let grid = lay_chosen_grid(state, &picked, rng);
    Ok(std::iter::once(Event::WordsChosen { seat, words: picked, at_random: false }).chain(grid).collect())
}

fn deal_rest(state: &State, seat: Seat, rng: &mut dyn Random) -> Result<Vec<Event>, Refusal> {
    let left = check_picker(state, seat)?;
    Ok(deal_picks(state, &[(seat, left)], rng))
}

/// Random picks for the given seats (how many each), then the grid if it is complete.
fn deal_picks(state: &State, picks: &[(Seat, usize)], rng: &mut dyn Random) -> Vec<Event> {
    let deck = deck(state.options.deck);
    let mut used = used_cards(state, deck);
    let mut events = Vec::new();
    let mut dealt = Vec::new();
    for &(seat, count) in picks {
        let words = draw_words(deck, &used, count, rng);
        used.extend(words.iter().filter_map(|w| deck.find(w).map(|(card, _)| card)));
        dealt.extend(words.iter().cloned());
        events.push(Event::WordsChosen { seat, words, at_random: true });
    }
    events.extend(lay_chosen_grid(state, &dealt, rng));
    events
}

/// The clue phase's team, if `seat` is its coordinator.
fn clue_giver(state: &State, role: SeatRole) -> Result<Team, Refusal> {
    let Phase::Clue { team } = state.phase else { return Err(wrong_phase(state)) };
    if role != SeatRole::Coordinator(team) {
        return Err(Refusal::not_your_turn("S5", Msg::new("sluzba-refusal-not-your-clue")));
    }
    Ok(team)
}

fn ask_approval(
    state: &State,
    seat: Seat,
    role: SeatRole,
    word: &str,
    explanation: Option<&str>,
) -> Result<Vec<Event>, Refusal> {
    let team = clue_giver(state, role)?;
    if !state.has_two_coordinators() {
        return Err(Refusal::new("V5", Msg::new("sluzba-refusal-no-other-coordinator")));
    }
    let (word, explanation) = tidy(word, explanation);
    check_clue(&state.options, &state.uncovered_words(), &word, explanation.as_deref(), None)?;
    if state.rulings.iter().any(|r| r.draft.same_text(&word, explanation.as_deref())) {
        return Err(Refusal::new("S12", Msg::new("sluzba-refusal-already-answered")));
    }
    Ok(vec![Event::ApprovalRequested {
        seat,
        team,
        audience: state.coordinators(),
        draft: Some(ClueDraft { word, explanation }),
    }])
}

fn answer_approval(state: &State, seat: Seat, role: SeatRole, approved: bool) -> Result<Vec<Event>, Refusal> {
    let Phase::AwaitingApproval { team, draft, .. } = &state.phase else { return Err(wrong_phase(state)) };
    if role != SeatRole::Coordinator(team.other()) {
        return Err(Refusal::not_your_turn("S12", Msg::new("sluzba-refusal-not-asked")));
    }
    Ok(vec![Event::ApprovalAnswered {
        seat,
        approved,
        audience: state.coordinators(),
        draft: Some(draft.clone()),
    }])
}

fn withdraw_request(state: &State, seat: Seat) -> Result<Vec<Event>, Refusal> {
    let Phase::AwaitingApproval { asked_by, draft, .. } = &state.phase else {
        return Err(wrong_phase(state));
    };
    if *asked_by != seat {
        return Err(Refusal::not_your_turn("S12", Msg::new("sluzba-refusal-not-your-request")));
    }
    Ok(vec![Event::ApprovalWithdrawn { seat, audience: state.coordinators(), draft: Some(draft.clone()) }])
}

fn give_clue(
    state: &State,
    seat: Seat,
    role: SeatRole,
    word: &str,
    number: ClueNumber,
    explanation: Option<&str>,
) -> Result<Vec<Event>, Refusal> {
    let team = clue_giver(state, role)?;
    let (word, explanation) = tidy(word, explanation);
    let warnings =
        check_clue(&state.options, &state.uncovered_words(), &word, explanation.as_deref(), Some(number))?;
    let ruling = state.rulings.iter().rev().find(|r| r.draft.same_text(&word, explanation.as_deref()));
    if ruling.is_some_and(|r| !r.approved) {
        return Err(Refusal::new("S12", Msg::new("sluzba-refusal-clue-rejected")));
    }
    Ok(vec![Event::ClueGiven {
        seat,
        team,
        clue: super::clue::Clue { word, number, explanation },
        approved: ruling.is_some(),
        warnings,
    }])
}

/// The guessing team and guesses made, if `seat` guesses for it now.
fn guesser(state: &State, role: SeatRole) -> Result<(Team, u8), Refusal> {
    let Phase::Guessing { team, guesses } = state.phase else { return Err(wrong_phase(state)) };
    if !role.guesses_for(team) {
        return Err(Refusal::not_your_turn("S14", Msg::new("sluzba-refusal-not-your-guess")));
    }
    Ok((team, guesses))
}

fn checked_card(state: &State, card: u8, rule: &str) -> Result<usize, Refusal> {
    let index = usize::from(card);
    if index >= state.words.len() {
        return Err(Refusal::new(rule, Msg::new("sluzba-refusal-no-such-card").num("card", i64::from(card))));
    }
    if state.is_covered(index) {
        return Err(Refusal::new(
            rule,
            Msg::new("sluzba-refusal-card-covered").text("word", state.words[index].clone()),
        ));
    }
    Ok(index)
}

/// The events that end the game: the result and the key's reveal.
fn game_over(state: &State, winner: Team, reason: EndReason) -> Vec<Event> {
    let mut events = vec![Event::GameEnded { winner, reason }];
    if let Some(secret) = &state.secret {
        events.push(Event::KeyRevealed { key: secret.key.clone(), salt: secret.salt.clone() });
    }
    events
}

/// After `card` is covered: the game ends if it was the pursuer (S18) or the last card of a
/// team (S19). `touched_by` is the team whose member touched it.
fn ending_after_cover(state: &State, card: usize, touched_by: Option<Team>) -> Option<Vec<Event>> {
    let colour = state.colour(card)?;
    if colour == Colour::Pursuer {
        let loser = touched_by.unwrap_or(Team::Red);
        return Some(game_over(state, loser.other(), EndReason::Pursuer { team: loser }));
    }
    let owner = colour.team()?;
    (state.left(owner) == 1).then(|| game_over(state, owner, EndReason::AllCovered { team: owner }))
}

fn guess(state: &State, seat: Seat, role: SeatRole, card: u8) -> Result<Vec<Event>, Refusal> {
    let (team, guesses) = guesser(state, role)?;
    let index = checked_card(state, card, "S14")?;
    let Some(colour) = state.colour(index) else { return Err(wrong_phase(state)) };
    let mut events = vec![Event::Guessed { seat, team, card, word: state.words[index].clone(), colour }];
    if let Some(ending) = ending_after_cover(state, index, Some(team)) {
        events.extend(ending);
    } else if colour != team.colour() {
        events.push(Event::TurnEnded { team, reason: TurnEnd::WrongCard });
    } else if let Some(allowed) = state.clues.last().and_then(|c| c.clue.number.guesses_allowed())
        && guesses + 1 >= allowed
    {
        events.push(Event::TurnEnded { team, reason: TurnEnd::GuessesUsed });
    }
    Ok(events)
}

fn stop(state: &State, seat: Seat, role: SeatRole) -> Result<Vec<Event>, Refusal> {
    let (team, guesses) = guesser(state, role)?;
    if guesses == 0 {
        return Err(Refusal::new("S14", Msg::new("sluzba-refusal-guess-first")));
    }
    Ok(vec![Event::Stopped { seat, team }, Event::TurnEnded { team, reason: TurnEnd::Stopped }])
}

fn rule_invalid(
    state: &State,
    seat: Seat,
    role: SeatRole,
    reason: Option<&str>,
) -> Result<Vec<Event>, Refusal> {
    let Phase::Guessing { team, .. } = state.phase else { return Err(wrong_phase(state)) };
    if role != SeatRole::Coordinator(team.other()) {
        return Err(Refusal::not_your_turn("S13", Msg::new("sluzba-refusal-not-the-other-coordinator")));
    }
    let Some(clue) = state.clues.last() else { return Err(wrong_phase(state)) };
    if clue.approved {
        return Err(Refusal::new("S12", Msg::new("sluzba-refusal-clue-approved")));
    }
    let reason = reason.map(str::trim).filter(|r| !r.is_empty()).map(str::to_owned);
    if reason
        .as_ref()
        .is_some_and(|r| r.chars().count() > MAX_REASON_CHARS || r.chars().any(char::is_control))
    {
        return Err(Refusal::new(
            "S13",
            Msg::new("sluzba-refusal-reason-too-long").num("max", MAX_REASON_CHARS as i64),
        ));
    }
    Ok(vec![
        Event::ClueRuledInvalid { seat, team, clue_word: clue.clue.word.clone(), reason },
        Event::TurnEnded { team, reason: TurnEnd::ClueInvalid },
    ])
}

fn fictitious_cover(state: &State, seat: Option<Seat>, index: usize) -> Vec<Event> {
    let card = index as u8;
    let mut events = vec![Event::FictitiousCovered { seat, card, word: state.words[index].clone() }];
    events.extend(ending_after_cover(state, index, None).unwrap_or_default());
    events
}

fn cover_fictitious(state: &State, seat: Seat, role: SeatRole, card: u8) -> Result<Vec<Event>, Refusal> {
    if state.phase != Phase::Fictitious {
        return Err(wrong_phase(state));
    }
    if role != SeatRole::Coordinator(Team::Red) {
        return Err(Refusal::not_your_turn("V5", Msg::new("sluzba-refusal-not-your-cover")));
    }
    let index = checked_card(state, card, "V5")?;
    if state.colour(index) != Some(Colour::Blue) {
        return Err(Refusal::new(
            "V5",
            Msg::new("sluzba-refusal-not-fictitious-card").text("word", state.words[index].clone()),
        ));
    }
    Ok(fictitious_cover(state, Some(seat), index))
}

/// The seats the game waits for.
pub fn to_act(state: &State) -> Vec<Seat> {
    match &state.phase {
        Phase::Choosing => state.coordinators().into_iter().filter(|&s| state.picks_left(s) > 0).collect(),
        Phase::Clue { team } => state.coordinator(*team).into_iter().collect(),
        Phase::AwaitingApproval { team, .. } => state.coordinator(team.other()).into_iter().collect(),
        Phase::Guessing { team, .. } => state.guessers(*team),
        Phase::Fictitious => state.coordinator(Team::Red).into_iter().collect(),
        Phase::Setup | Phase::Ended { .. } => Vec::new(),
    }
}

pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    let Some(role) = state.role(seat) else { return Vec::new() };
    let mut actions = Vec::new();
    match &state.phase {
        Phase::Choosing if state.picks_left(seat) > 0 => {
            actions.push(Action::ChooseWords { words: Vec::new() });
            actions.push(Action::DealRest);
        }
        Phase::Clue { team } if role == SeatRole::Coordinator(*team) => {
            actions.push(Action::GiveClue {
                word: String::new(),
                number: ClueNumber::Count(1),
                explanation: None,
            });
            if state.has_two_coordinators() {
                actions.push(Action::AskApproval { word: String::new(), explanation: None });
            }
        }
        Phase::AwaitingApproval { team, asked_by, .. } => {
            if role == SeatRole::Coordinator(team.other()) {
                actions.extend([Action::Approve, Action::Reject]);
            }
            if *asked_by == seat {
                actions.push(Action::WithdrawRequest);
            }
        }
        Phase::Guessing { team, guesses } => {
            if role.guesses_for(*team) {
                actions.extend(
                    (0..state.words.len())
                        .filter(|&c| !state.is_covered(c))
                        .map(|c| Action::Guess { card: c as u8 }),
                );
                if *guesses > 0 {
                    actions.push(Action::Stop);
                }
            }
            if role == SeatRole::Coordinator(team.other()) && state.clues.last().is_some_and(|c| !c.approved)
            {
                actions.push(Action::RuleInvalid { reason: None });
            }
        }
        Phase::Fictitious if role == SeatRole::Coordinator(Team::Red) => {
            actions.extend(
                fictitious_cards(state).into_iter().map(|c| Action::CoverFictitious { card: c as u8 }),
            );
        }
        _ => {}
    }
    actions.extend(
        Channel::ALL
            .into_iter()
            .filter(|&channel| state.may_post(seat, channel))
            .map(|channel| Action::Chat { channel, text: String::new() }),
    );
    // A4: a team's seat may concede for it while the game goes on.
    if !matches!(state.phase, Phase::Ended { .. } | Phase::Setup) && role != SeatRole::SharedMember {
        actions.push(Action::Concede);
    }
    actions
}

/// Uncovered cards of the fictitious (blue) team.
fn fictitious_cards(state: &State) -> Vec<usize> {
    (0..state.words.len())
        .filter(|&c| !state.is_covered(c) && state.colour(c) == Some(Colour::Blue))
        .collect()
}

/// What follows when the current wait's deadline passes (rule S21; docs/rules/sluzba.md,
/// "Interpretations"): unpicked words are dealt at random; a clue not given or a turn not
/// finished ends the turn; an unanswered approval lapses (neither approved nor rejected); the
/// fictitious team's card is covered at random.
pub fn deadline_passed(state: &State, rng: &mut dyn Random) -> Vec<Event> {
    match &state.phase {
        Phase::Choosing => {
            let picks: Vec<(Seat, usize)> = state
                .coordinators()
                .into_iter()
                .map(|s| (s, state.picks_left(s)))
                .filter(|&(_, left)| left > 0)
                .collect();
            deal_picks(state, &picks, rng)
        }
        Phase::Clue { team } | Phase::Guessing { team, .. } => {
            vec![Event::TurnEnded { team: *team, reason: TurnEnd::Deadline }]
        }
        Phase::AwaitingApproval { draft, .. } => {
            vec![Event::ApprovalLapsed { audience: state.coordinators(), draft: Some(draft.clone()) }]
        }
        Phase::Fictitious => {
            let cards = fictitious_cards(state);
            if cards.is_empty() {
                return Vec::new();
            }
            let index = cards[rng.below(cards.len() as u32) as usize];
            fictitious_cover(state, None, index)
        }
        Phase::Setup | Phase::Ended { .. } => Vec::new(),
    }
}
