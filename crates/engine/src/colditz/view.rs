//! What each viewer may see (C21), and the words for events and actions.

use serde::Serialize;

use super::board::CircleId;
use super::cards::{CardId, Pack};
use super::events::{Action, Death, Effect, Event, ManId, Offer, StandingOrders};
use super::options::{Nation, Options, Role};
use super::state::{Fate, Gone, OpenTunnel, Phase, State, StepMove, Turn, Window, WindowKind};
use crate::{Msg, Outcome, Seat, Viewer};

#[derive(Debug, Clone, Serialize)]
pub struct CardView {
    pub id: CardId,
    /// `colditz-card-<key>` names it.
    pub key: String,
}

impl CardView {
    fn of(id: CardId) -> Self {
        CardView { id, key: id.kind().key() }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ManView {
    pub id: ManId,
    pub seat: Seat,
    pub at: CircleId,
    /// R39: returning from the outer cells, not liable to arrest while he heads straight back.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub immune: bool,
    /// Off the board for good (C22, R51, C24).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gone: Option<Fate>,
    /// R53: inside a tunnel (under the surface).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tunnel: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct SeatView {
    pub seat: Seat,
    pub role: Role,
    /// Cards in hand (Opportunity or Security): everyone sees the count.
    pub hand_size: usize,
    /// The cards themselves: only for the seat itself (and the omniscient viewer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<CardView>>,
    /// Escape Equipment: public. The Escape Kit: only for the team itself until displayed (at a
    /// target, or when a Do or Die or staff-car run begins).
    pub equipment: Vec<CardView>,
    /// C22: escapes made by this team.
    pub escapes: usize,
    /// R51: the team is out of the game.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub out: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct WindowView {
    pub kind: WindowKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub room: Option<String>,
    pub waiting: Vec<Seat>,
    /// Seats that have answered (what they answered stays hidden until it resolves).
    pub answered: Vec<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owed: Option<u8>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PackSizes {
    pub opportunity: usize,
    pub security: usize,
    pub do_or_die: usize,
    /// Escape Equipment cards not held, face up (the Kit cards are left out before the end: how
    /// many remain would tell who claimed one).
    pub stock: Vec<CardView>,
    /// The packs' order, top first: only for the omniscient viewer (after the end).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<PackOrder>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PackOrder {
    pub opportunity: Vec<CardId>,
    pub security: Vec<CardId>,
    pub do_or_die: Vec<CardId>,
}

/// C23: the end of the game.
#[derive(Debug, Clone, Serialize)]
pub struct EndView {
    pub winners: Vec<Seat>,
    /// Escapes per Escape Officer's seat.
    pub escapes: Vec<(Seat, usize)>,
    pub deaths: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct View {
    pub viewer: Viewer,
    pub phase: Phase,
    pub round: u32,
    /// C2: the time limit in rounds in force (absent: none in rounds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds_limit: Option<u32>,
    pub order: Vec<Seat>,
    pub german: Seat,
    pub seats: Vec<SeatView>,
    pub men: Vec<ManView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<Turn>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<WindowView>,
    pub packs: PackSizes,
    /// Offers the viewer made or received (all, for the omniscient viewer).
    pub offers: Vec<Offer>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standing_orders: Option<StandingOrders>,
    /// Men off the board, in order: the time line of escapes and deaths (public).
    pub gone: Vec<Gone>,
    /// R46: rope drops and wire crossings opened by escapers (the chase may follow them).
    pub opened: Vec<(CircleId, CircleId)>,
    /// R46: each escaper's road out, circle by circle: the only way the chase may go (public:
    /// every step of it was a public move).
    pub roads: Vec<super::state::Road>,
    /// R53: tunnels in use, with the shown card and who showed it (public).
    pub tunnels: Vec<OpenTunnel>,
    /// C23: set once the game has ended; then every hand is shown to every viewer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<EndView>,
    /// What the last step that changed the board changed, as far as this viewer may see it: the
    /// board marks it until the next such step.
    pub last_step: LastStepView,
    /// C26: a position from a real table waits for these seats to enter their hands (public:
    /// who has entered one, never what).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hands_awaited: Vec<Seat>,
}

/// The last step's marks for one viewer (C21): men he sees, cards he may know.
#[derive(Debug, Clone, Default, Serialize)]
pub struct LastStepView {
    pub moves: Vec<StepMove>,
    /// Men taken to a cell: the man, where he was, the cell.
    pub arrests: Vec<(ManId, CircleId, CircleId)>,
    /// Cards shown in the step, with the seat that showed them.
    pub cards: Vec<(Seat, CardView)>,
}

impl LastStepView {
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty() && self.arrests.is_empty() && self.cards.is_empty()
    }
}

fn last_step_view(state: &State, viewer: Viewer, men: &[ManView]) -> LastStepView {
    let seen = |man: ManId| men.iter().any(|m| m.id == man);
    let step = &state.last_step;
    LastStepView {
        moves: step.moves.iter().filter(|m| seen(m.man)).cloned().collect(),
        arrests: step.arrests.iter().filter(|a| seen(a.0)).copied().collect(),
        cards: step
            .cards
            .iter()
            .filter(|(seat, card)| shows_held(state, viewer, *seat, *card))
            .map(|&(seat, card)| (seat, CardView::of(card)))
            .collect(),
    }
}

fn sees_all(viewer: Viewer, seat: Seat) -> bool {
    match viewer {
        Viewer::Omniscient => true,
        Viewer::Seat(s) => s == seat,
        Viewer::Public => false,
    }
}

/// Whether `viewer` may see a card a team holds as equipment: Escape Equipment always; the Kit
/// once displayed, or by the team itself (C11, C21).
/// Whether a card `seat` holds as equipment may be named to every seat (C21).
pub(super) fn shown_to_all(state: &State, seat: Seat, card: CardId) -> bool {
    shows_held(state, Viewer::Public, seat, card)
}

fn shows_held(state: &State, viewer: Viewer, seat: Seat, card: CardId) -> bool {
    card.kind().pack() != Pack::Kit
        || state.kit_shown.contains(&seat)
        || state.ended().is_some()
        || sees_all(viewer, seat)
}

pub fn view(state: &State, viewer: Viewer) -> View {
    let ended = state.ended();
    let sees_all = |viewer: Viewer, seat: Seat| ended.is_some() || sees_all(viewer, seat);
    let seats = (0..state.seats as Seat)
        .map(|seat| SeatView {
            seat,
            role: state.roles.get(usize::from(seat)).copied().unwrap_or(Role::German),
            hand_size: state.hands[usize::from(seat)].len(),
            hand: sees_all(viewer, seat)
                .then(|| state.hands[usize::from(seat)].iter().map(|&c| CardView::of(c)).collect()),
            equipment: state.equipment[usize::from(seat)]
                .iter()
                .filter(|&&c| shows_held(state, viewer, seat, c))
                .map(|&c| CardView::of(c))
                .collect(),
            escapes: state.escapes(seat),
            out: state.out.contains(&seat),
        })
        .collect();
    let men = state
        .men
        .iter()
        .enumerate()
        .map(|(i, m)| ManView {
            id: i as ManId,
            seat: m.seat,
            at: m.at,
            immune: state.returning.contains(&(i as ManId)),
            gone: state.gone.iter().find(|g| g.man == i as ManId).map(|g| g.fate),
            tunnel: state.tunnellers.contains(&(i as ManId)),
        })
        .collect::<Vec<ManView>>();
    let last_step = last_step_view(state, viewer, &men);
    let window = state.window.as_ref().map(|w| {
        let waiting = w.waiting(state.german);
        let (room, answered, owed) = match w {
            Window::Appel { answers, .. } => (None, answers.iter().map(|(s, _)| *s).collect(), None),
            Window::Search { room, answers, .. } => {
                (Some(room.clone()), answers.iter().map(|(s, _)| *s).collect(), None)
            }
            Window::Sabotage { owed } => (None, Vec::new(), Some(*owed)),
            Window::Confiscation { .. }
            | Window::Talisman { .. }
            | Window::Holder { .. }
            | Window::Lend { .. } => (None, Vec::new(), None),
        };
        WindowView { kind: w.kind(), room, waiting, answered, owed }
    });
    let offers = state
        .offers
        .iter()
        .filter(|o| match viewer {
            Viewer::Omniscient => true,
            Viewer::Seat(s) => o.from == s || o.to == s,
            Viewer::Public => false,
        })
        .cloned()
        .collect();
    View {
        viewer,
        phase: state.phase.clone(),
        round: state.round,
        rounds_limit: state.rounds_limit,
        order: state.order.clone(),
        german: state.german,
        seats,
        men,
        turn: state.turn.clone(),
        window,
        packs: PackSizes {
            opportunity: state.opportunity.len(),
            security: state.security.len(),
            do_or_die: state.do_or_die.len(),
            stock: state
                .stock
                .iter()
                .filter(|c| c.kind().pack() != Pack::Kit || ended.is_some() || viewer == Viewer::Omniscient)
                .map(|&c| CardView::of(c))
                .collect(),
            order: (viewer == Viewer::Omniscient).then(|| PackOrder {
                opportunity: state.opportunity.iter().copied().collect(),
                security: state.security.iter().copied().collect(),
                do_or_die: state.do_or_die.iter().copied().collect(),
            }),
        },
        offers,
        standing_orders: match viewer {
            Viewer::Seat(s) if usize::from(s) < state.seats => Some(state.orders[usize::from(s)]),
            _ => None,
        },
        gone: state.gone.clone(),
        opened: state.opened.clone(),
        roads: state.roads.clone(),
        tunnels: state.tunnels.clone(),
        ended: ended.map(|winners| EndView {
            winners,
            escapes: state.escape_seats().into_iter().map(|s| (s, state.escapes(s))).collect(),
            deaths: state.gone.iter().filter(|g| g.fate.is_death()).count(),
        }),
        last_step,
        hands_awaited: hands_awaited(state),
    }
}

/// C26: the seats still to enter their hands, while a position from a real table waits for them.
pub fn hands_awaited(state: &State) -> Vec<Seat> {
    match &state.position {
        Some(p) => {
            (0..state.seats as Seat).filter(|s| !p.hands.contains(s) && !state.out.contains(s)).collect()
        }
        None => Vec::new(),
    }
}

/// C21: strip what the viewer may not see.
pub fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    if viewer == Viewer::Omniscient {
        return Some(event.clone());
    }
    let mine = |seat: Seat| viewer == Viewer::Seat(seat);
    let mut e = event.clone();
    match &mut e {
        Event::Setup { opportunity, security, do_or_die, .. }
        | Event::PositionEntered { opportunity, security, do_or_die, .. } => {
            opportunity.clear();
            security.clear();
            do_or_die.clear();
        }
        // C26: the pack's new order is nobody's; that the hands went back is everyone's.
        Event::HandsReturned { pile } => pile.clear(),
        // C26: a hand is its seat's secret; the pile's new order is nobody's.
        Event::HandEntered { seat, cards, kit, pile } => {
            pile.clear();
            if !mine(*seat) {
                *cards = None;
                *kit = None;
            }
        }
        Event::Drew { seat, card, .. } | Event::Discarded { seat, card } if !mine(*seat) => {
            *card = None;
        }
        Event::Given { from, to, card } if !mine(*from) && !mine(*to) => {
            *card = None;
        }
        Event::AppelAnswered { seat, answer } if !mine(*seat) => {
            *answer = None;
        }
        Event::SearchAnswered { seat, answer } if !mine(*seat) => {
            *answer = None;
        }
        // Security cards returned under Sabotage go face down to the bottom of the pack: only the
        // omniscient viewer sees which (the German knows his own hand from his view).
        Event::SecurityReturned { cards, .. } => cards.clear(),
        Event::OfferMade { offer } if !mine(offer.from) && !mine(offer.to) => {
            offer.give.retain(|c| c.kind().pack() != Pack::Opportunity);
            offer.want.retain(|c| c.kind().pack() != Pack::Opportunity);
        }
        // Standing orders are a seat's private instructions, and the Escape Kit is collected in
        // secret (C11): to anyone else both are the same private move of that seat, with the
        // same words and shape, so that a claim (with its kit parts, which go back inside it)
        // cannot be told from orders set.
        Event::StandingOrdersSet { seat, .. } | Event::KitClaimed { seat, .. } if !mine(*seat) => {
            return Some(Event::Private { seat: *seat });
        }
        _ => {}
    }
    Some(e)
}

/// `msg` naming a place as the board does: `name` is the room or area (a message id) and
/// `name-ref` its grid reference, row·column as numbered along the board's edges (never the
/// circle id of the log).
pub fn with_place(msg: Msg, name: &str, circle: CircleId) -> Msg {
    msg.key(name, super::board::BOARD.area_key(circle))
        .text(&format!("{name}-ref"), super::board::grid_ref(circle))
}

fn seat_msg(key: &str, seat: Seat) -> Msg {
    Msg::new(format!("colditz-event-{key}")).seat("player", seat)
}

pub fn describe(event: &Event) -> Msg {
    match event {
        Event::Setup { .. } => Msg::new("colditz-event-setup"),
        Event::GuardsPlaced { posts } => {
            Msg::new("colditz-event-guards-placed").num("count", posts.len() as i64)
        }
        Event::Thrown { seat, throws } => seat_msg("thrown", *seat)
            .text("dice", throws.iter().map(|[a, b]| format!("{a}+{b}")).collect::<Vec<_>>().join(", "))
            .num("score", throws.iter().map(|[a, b]| i64::from(*a) + i64::from(*b)).sum::<i64>()),
        Event::Drew { seat, pack, card } => match card {
            Some(c) => seat_msg("drew-card", *seat).key("card", c.kind().name()),
            None => {
                seat_msg(if *pack == Pack::Security { "drew-security" } else { "drew-opportunity" }, *seat)
            }
        },
        Event::Moved { man, path, surrendered, .. } => {
            let msg = Msg::new("colditz-event-moved")
                .num("man", *man)
                .num("steps", path.len() as i64)
                .num("surrendered", surrendered.len() as i64);
            match path.last() {
                Some(to) => with_place(msg, "to", *to),
                None => msg.text("to", "").text("to-ref", ""),
            }
        }
        Event::ImmunityLost { man } => Msg::new("colditz-event-immunity-lost").num("man", *man),
        Event::Arrested { man, cell, .. } => {
            with_place(Msg::new("colditz-event-arrested").num("man", *man), "cell", *cell)
        }
        Event::Confiscated { seat, card, hideaway } => match (card, hideaway) {
            (_, Some(_)) => seat_msg("hideaway", *seat),
            (Some(c), None) => seat_msg("confiscated", *seat).key("card", c.kind().name()),
            (None, None) => seat_msg("nothing-confiscated", *seat),
        },
        Event::Posted { placement } => {
            with_place(Msg::new("colditz-event-posted").num("man", placement.man), "to", placement.to)
        }
        Event::Recalled { placement } => Msg::new("colditz-event-recalled").num("man", placement.man),
        Event::RiotSquad { posts } => Msg::new("colditz-event-riot-squad").num("count", posts.len() as i64),
        Event::LendAsked { seat, lender, .. } => seat_msg("lend-asked", *seat).seat("lender", *lender),
        Event::LendAnswered { lender, agree } => {
            seat_msg(if *agree { "lend-agreed" } else { "lend-refused" }, *lender)
        }
        Event::DoOrDieDrawn { man, card } => Msg::new("colditz-event-do-or-die-drawn").num("man", *man).num(
            "throws",
            match card.kind() {
                super::cards::CardKind::DoOrDie(n) => i64::from(n),
                _ => 0,
            },
        ),
        Event::TunnelLeft { man, .. } => Msg::new("colditz-event-tunnel-left").num("man", *man),
        Event::Released { placement } => {
            with_place(Msg::new("colditz-event-released").num("man", placement.man), "to", placement.to)
        }
        Event::EquipmentClaimed { seat, card, .. } => {
            seat_msg("equipment-claimed", *seat).key("card", card.kind().name())
        }
        Event::KitClaimed { seat, .. } => seat_msg("kit-claimed", *seat),
        Event::Played { seat, card, effect } => {
            let msg = seat_msg("played", *seat).key("card", card.kind().name());
            match effect {
                Effect::Appel { asked } | Effect::Search { asked, .. } => {
                    msg.num("asked", asked.len() as i64)
                }
                Effect::TunnelDetected { caught, .. } => {
                    Msg::new("colditz-event-tunnel-detected").num("caught", caught.len() as i64)
                }
                _ => msg,
            }
        }
        Event::Discarded { seat, card } => match card {
            Some(c) => seat_msg("discarded-card", *seat).key("card", c.kind().name()),
            None => seat_msg("discarded", *seat),
        },
        Event::Given { from, to, card } => match card {
            Some(c) => seat_msg("given-card", *from).seat("to", *to).key("card", c.kind().name()),
            None => seat_msg("given", *from).seat("to", *to),
        },
        Event::AppelAnswered { seat, .. } => seat_msg("appel-answered", *seat),
        Event::AppelResolved { lined_up, absent, .. } => Msg::new("colditz-event-appel-resolved")
            .num("lined", lined_up.len() as i64)
            .num("absent", absent.len() as i64),
        Event::AbsenteesSearched { caught } => {
            Msg::new("colditz-event-absentees-searched").num("caught", caught.len() as i64)
        }
        Event::SearchAnswered { seat, .. } => seat_msg("search-answered", *seat),
        Event::SearchResolved { room, caught, confiscated, .. } => Msg::new("colditz-event-search-resolved")
            .key("room", format!("colditz-room-{room}"))
            .num("caught", caught.len() as i64)
            .num("confiscated", confiscated.len() as i64),
        Event::SecurityReturned { count, .. } => {
            Msg::new("colditz-event-security-returned").num("count", *count)
        }
        Event::OfferMade { offer } => seat_msg("offer-made", offer.from).seat("to", offer.to),
        Event::OfferAccepted { .. } => Msg::new("colditz-event-offer-accepted"),
        Event::OfferDeclined { .. } => Msg::new("colditz-event-offer-declined"),
        Event::OfferWithdrawn { .. } => Msg::new("colditz-event-offer-withdrawn"),
        Event::PutBack { man, to } => {
            with_place(Msg::new("colditz-event-put-back").num("man", *man), "to", *to)
        }
        Event::EquipmentReturned { seat, card } => {
            seat_msg("equipment-returned", *seat).key("card", format!("colditz-card-{}", card.kind().key()))
        }
        Event::Disciplined { man, infringement, .. } => {
            Msg::new("colditz-event-disciplined").num("man", *man).text("infringement", infringement.clone())
        }
        Event::StandingOrdersSet { seat, .. } => seat_msg("standing-orders", *seat),
        Event::Private { seat } => seat_msg("private", *seat),
        Event::TurnEnded { seat } => seat_msg("turn-ended", *seat),
        Event::Conceded { seat } => seat_msg("conceded", *seat),
        Event::Escaped { man, seat, .. } => seat_msg("escaped", *seat).num("man", *man),
        Event::Died { man, seat, cause, team_out } => seat_msg(
            match (cause, team_out) {
                (Death::Shot, _) => "shot",
                (Death::DoOrDie, true) => "died-team-out",
                (Death::DoOrDie, false) => "died",
            },
            *seat,
        )
        .num("man", *man),
        Event::ChaseEnded { moves, .. } => {
            Msg::new("colditz-event-chase-ended").num("count", moves.len() as i64)
        }
        Event::DoOrDieRun { man, throws, needed, .. } => Msg::new("colditz-event-do-or-die")
            .num("man", *man)
            .num("throws", throws.len() as i64)
            .num("score", throws.iter().map(|[a, b]| i64::from(*a) + i64::from(*b)).sum::<i64>())
            .num("needed", needed.map_or(-1, i64::from)),
        Event::ShotJudged { man, range, hit, .. } => {
            Msg::new(if *hit { "colditz-event-shot-hit" } else { "colditz-event-shot-missed" })
                .num("man", *man)
                .num("range", *range)
        }
        Event::TunnelClosed { tunnel, .. } => {
            Msg::new("colditz-event-tunnel-closed").key("tunnel", format!("colditz-tunnel-{tunnel}"))
        }
        Event::HolderAsked { man, .. } => Msg::new("colditz-event-holder-asked").num("man", *man),
        Event::HolderAnswered { man, card } => Msg::new(if card.is_some() {
            "colditz-event-holder-arrested"
        } else {
            "colditz-event-holder-not-arrested"
        })
        .num("man", *man),
        Event::TimeUp { today } => Msg::new("colditz-event-time-up").text("today", today.clone()),
        Event::PositionEntered { round, to_move, .. } => Msg::new("colditz-event-position-entered")
            .num("round", i64::from(*round))
            .seat("player", *to_move),
        Event::HandsReturned { .. } => Msg::new("colditz-event-hands-returned"),
        // The cards themselves are on the seat's own page, not in words that travel.
        Event::HandEntered { seat, cards, .. } => match cards {
            Some(cards) => seat_msg("hand-entered-own", *seat).num("count", cards.len() as i64),
            None => seat_msg("hand-entered", *seat),
        },
    }
}

pub fn describe_action(_state: &State, action: &Action) -> Msg {
    let key = match action {
        Action::PlaceGuards { .. } => "place-guards",
        Action::Throw { .. } => "throw",
        Action::Move { .. } => "move",
        Action::Release { .. } => "release",
        Action::ClaimEquipment { .. } => "claim-equipment",
        Action::ClaimKit { .. } => "claim-kit",
        Action::Play { card, .. } => {
            return Msg::new("colditz-action-play").key("card", card.kind().name());
        }
        Action::Discard { card } => {
            return Msg::new("colditz-action-discard").key("card", card.kind().name());
        }
        Action::Give { .. } => "give",
        Action::PostGuard { .. } => "post-guard",
        Action::ReturnGuard { .. } => "return-guard",
        Action::SearchAbsentees { .. } => "search-absentees",
        Action::RiotSquad { .. } => "riot-squad",
        Action::AnswerLend { .. } => "answer-lend",
        Action::EndTurn => "end-turn",
        Action::AnswerAppel(_) => "answer-appel",
        Action::AnswerSearch(_) => "answer-search",
        Action::AnswerConfiscation { .. } => "answer-confiscation",
        Action::ReturnSecurity { .. } => "return-security",
        Action::OfferTrade { .. } => "offer-trade",
        Action::AcceptOffer { .. } => "accept-offer",
        Action::DeclineOffer { .. } => "decline-offer",
        Action::WithdrawOffer { .. } => "withdraw-offer",
        Action::Discipline { .. } => "discipline",
        Action::SetStandingOrders(_) => "standing-orders",
        Action::DoOrDie { .. } => "do-or-die",
        Action::AnswerTalisman { .. } => "answer-talisman",
        Action::TimeUp { .. } => "time-up",
        Action::Concede => "concede",
        Action::AnswerArrestHolder { .. } => "answer-arrest-holder",
    };
    Msg::new(format!("colditz-action-{key}"))
}

/// C23: the winners once the game has ended: the first team to the success formula, or the
/// German at the time limit (or when no team can still reach it).
pub fn outcome(state: &State) -> Option<Outcome> {
    let winners = state.ended()?;
    let summary = if state.conceded.contains(&state.german) {
        Msg::new("colditz-outcome-german-conceded").seat("player", state.german)
    } else if winners == vec![state.german]
        && !state.conceded.is_empty()
        && state.escape_seats().iter().all(|s| state.out.contains(s))
    {
        Msg::new("colditz-outcome-escapers-conceded")
    } else if winners == vec![state.german]
        && (state.time_up || state.rounds_limit.is_some_and(|n| state.round > n))
    {
        // The players read why the German won: the time ran out, not the teams' men.
        Msg::new("colditz-outcome-german-time")
    } else if winners == vec![state.german] {
        Msg::new("colditz-outcome-german")
    } else {
        Msg::new("colditz-outcome-escape").seat("player", winners[0])
    }
    .num("escapes", state.gone.iter().filter(|g| g.fate == Fate::Escaped).count() as i64)
    .num("deaths", state.gone.iter().filter(|g| g.fate.is_death()).count() as i64);
    Some(Outcome { winners, summary })
}

pub fn seat_label(options: &Options, seat: Seat) -> Msg {
    let roles = options.roles(6.max(usize::from(seat) + 1));
    match roles[usize::from(seat)] {
        Role::German => Msg::new("colditz-seat-german"),
        Role::Escape(nation) => Msg::new(format!("colditz-seat-{}", nation_key(nation))),
    }
}

fn nation_key(nation: Nation) -> &'static str {
    nation.key()
}
