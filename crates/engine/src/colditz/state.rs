//! The state of a game and how each event changes it. `apply` never fails and never draws:
//! every result (dice, cards, circles) is in the event.

use serde::Serialize;
use std::collections::{BTreeMap, VecDeque};

use super::board::{BOARD, CircleId, CircleKind, LinkKind, Terrain};
use super::cards::{self, CardId, CardKind, Pack};
use super::events::{
    AppelAnswer, ArrestCause, Death, Effect, Event, Man, ManId, Offer, SearchAnswer, StandingOrders,
};
use super::options::{Options, Role};
use crate::Seat;

/// The score of some throws (saturating: a request may type any number of throws).
pub fn score_of(throws: &[[u8; 2]]) -> u16 {
    throws.iter().fold(0u16, |sum, [a, b]| sum.saturating_add(u16::from(*a) + u16::from(*b)))
}

/// An open reaction window or decision: the game waits on it (design: reaction windows,
/// simultaneous decisions).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "window", rename_all = "snake_case")]
pub enum Window {
    /// C16: every asked Escape Officer answers privately.
    Appel { asked: Vec<Seat>, answers: Vec<(Seat, AppelAnswer)> },
    /// C17; `cells`: the German's choice of cells for the men caught (C13).
    Search { room: String, asked: Vec<Seat>, answers: Vec<(Seat, SearchAnswer)>, cells: Vec<CircleId> },
    /// C13: the arrested man's team gives up an equipment card (or plays Hideaway).
    Confiscation { seat: Seat },
    /// C20: the German returns Security cards after Sabotage.
    Sabotage { owed: u8 },
    /// R49: a PoW gave up a Key or Pass; the German is asked about Arrest Key/Pass Holder.
    Holder { man: ManId, equipment: cards::Equipment },
    /// C24: Shoot to Kill thrown; the shot man's Escape Officer is asked about a Talisman
    /// (whether or not he holds one, so the question leaks nothing).
    Talisman { seat: Seat, guard: ManId, man: ManId, throws: Vec<[u8; 2]> },
    /// C10: `seat` claims equipment combining one of his men with one of `lender`'s; the
    /// lender is asked.
    Lend { seat: Seat, lender: Seat, equipment: cards::Equipment, men: [ManId; 2] },
}

/// What kind of question a window asks (the view names it; Fluent ids use [`WindowKind::key`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WindowKind {
    Appel,
    Search,
    Confiscation,
    Sabotage,
    Talisman,
    ArrestHolder,
    Lend,
}

impl WindowKind {
    pub fn key(self) -> &'static str {
        match self {
            WindowKind::Appel => "appel",
            WindowKind::Search => "search",
            WindowKind::Confiscation => "confiscation",
            WindowKind::Sabotage => "sabotage",
            WindowKind::Talisman => "talisman",
            WindowKind::ArrestHolder => "arrest-holder",
            WindowKind::Lend => "lend",
        }
    }
}

impl std::fmt::Display for WindowKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

impl Window {
    /// Seats still to answer.
    pub fn waiting(&self, german: Seat) -> Vec<Seat> {
        match self {
            Window::Appel { asked, answers } => {
                asked.iter().copied().filter(|s| !answers.iter().any(|(a, _)| a == s)).collect()
            }
            Window::Search { asked, answers, .. } => {
                asked.iter().copied().filter(|s| !answers.iter().any(|(a, _)| a == s)).collect()
            }
            Window::Confiscation { seat } => vec![*seat],
            Window::Sabotage { .. } => vec![german],
            Window::Talisman { seat, .. } => vec![*seat],
            Window::Holder { .. } => vec![german],
            Window::Lend { lender, .. } => vec![*lender],
        }
    }

    pub fn kind(&self) -> WindowKind {
        match self {
            Window::Appel { .. } => WindowKind::Appel,
            Window::Search { .. } => WindowKind::Search,
            Window::Confiscation { .. } => WindowKind::Confiscation,
            Window::Sabotage { .. } => WindowKind::Sabotage,
            Window::Holder { .. } => WindowKind::ArrestHolder,
            Window::Talisman { .. } => WindowKind::Talisman,
            Window::Lend { .. } => WindowKind::Lend,
        }
    }
}

/// The turn in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct Turn {
    pub seat: Seat,
    /// Every throw so far (empty: not thrown yet).
    pub throws: Vec<[u8; 2]>,
    /// Points of the score left to move with.
    pub points: u16,
    /// Doubles not yet used to release a man (R37).
    pub releases: u8,
    /// Appel was called this turn (C16): guards may enter rooms (R44).
    pub appel: bool,
    /// Men who stayed away from this turn's Appel.
    pub absent: Vec<ManId>,
    /// The absentees were searched (the throw is spent).
    pub searched: bool,
    /// Rooms searched this turn (R44).
    pub searched_rooms: Vec<String>,
    /// An arrest was made this turn: no more posting (C12).
    pub arrested: bool,
    /// Guards recalled this turn: not reposted (C12).
    pub recalled: Vec<ManId>,
    /// KEY and PASS circles paid for this turn, one card each (R41, R50): the team's men pass
    /// these circles freely for the rest of it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gates_paid: Vec<CircleId>,
    /// R51, manual dice: the Do or Die card drawn for a man whose throws are still to come.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub do_or_die: Option<PendingRun>,
    /// C12: the Riot Squad was called this turn (the throw is spent).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub riot_squad: bool,
    /// R50, R40: rope drops and wire crossings paid for this turn, in the direction crossed
    /// (from, to): the team's men cross them again that way freely for the rest of it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paid: Vec<(CircleId, CircleId)>,
}

/// R46: the road a PoW took out: from the circle before his first step down a rope, through
/// the wire or out of the castle (by a gate or a tunnel), every circle he has walked since.
/// It closes when he is put anywhere but by his own walk (arrested, escaped, moved directly),
/// dies, or ends a walk back in the prisoners' area.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Road {
    pub man: ManId,
    pub circles: Vec<CircleId>,
}

impl Road {
    /// Whether `a` and `b` are next to each other on this road (either way).
    pub fn joins(&self, a: CircleId, b: CircleId) -> bool {
        self.circles.windows(2).any(|w| (w[0] == a && w[1] == b) || (w[0] == b && w[1] == a))
    }
}

/// R46: a step that leaves the camp: down or up a rope, through the wire, or onto a circle
/// beyond the castle from one that is not.
pub fn crosses_out(from: CircleId, to: CircleId) -> bool {
    let over = BOARD.link(from, to).is_some_and(|l| {
        matches!(l.kind, LinkKind::RopeDown { .. } | LinkKind::RopeUp { .. } | LinkKind::Wire)
    });
    over || (BOARD.is_beyond(to) && !BOARD.is_beyond(from))
}

/// R51: a Do or Die card drawn, its run still to be thrown (manual dice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PendingRun {
    pub man: ManId,
    pub card: CardId,
}

/// R53: a tunnel in use: its card is shown by the Escape Officer who played it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OpenTunnel {
    pub tunnel: String,
    pub seat: Seat,
    pub card: CardId,
}

/// How a man left the board for good (C22, R51, C24).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    Escaped,
    Shot,
    /// Died on a Do or Die run.
    DoOrDie,
    /// His team is out of the game (R51).
    TeamOut,
    /// His Escape Officer conceded (C25).
    Conceded,
}

impl Fate {
    /// Whether he left the board dead (a team out under R51 counts so; a concession does not).
    pub fn is_death(self) -> bool {
        !matches!(self, Fate::Escaped | Fate::Conceded)
    }
    pub fn key(self) -> &'static str {
        match self {
            Fate::Escaped => "escaped",
            Fate::Shot => "shot",
            Fate::DoOrDie => "do-or-die",
            Fate::TeamOut => "team-out",
            Fate::Conceded => "conceded",
        }
    }
}

impl std::fmt::Display for Fate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

/// A man off the board for good (C22, R51, C24).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Gone {
    pub man: ManId,
    pub seat: Seat,
    pub fate: Fate,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<CircleId>,
    pub round: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the setup event.
    Starting,
    /// C3: the German places his guards.
    Placing,
    Playing,
}

/// One man moved in the last step: where he stood and the circles he went through, the last
/// one where he stands now (a walk's whole path; one circle for a man put somewhere directly).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepMove {
    pub man: ManId,
    pub from: CircleId,
    pub path: Vec<CircleId>,
}

/// What the last step that changed the board changed, for the board's mark (public: every man
/// stands in the open and every card in it was shown face up; the view filters it all the same,
/// C21). Marks stay until the next such step: a throw, an answer, a card drawn or a private move
/// changes nothing here, so a seat's private move is never told by a mark that moved or vanished.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LastStep {
    /// Men moved (arrested men are under `arrests`).
    pub moves: Vec<StepMove>,
    /// Men taken to a cell: from where to which cell.
    pub arrests: Vec<(ManId, CircleId, CircleId)>,
    /// Cards shown in the step: played, claimed from the stock, confiscated, given up.
    pub cards: Vec<(Seat, CardId)>,
}

impl LastStep {
    fn moved(&mut self, man: ManId, from: CircleId, path: &[CircleId]) {
        let Some(&to) = path.last() else { return };
        if from == to {
            return;
        }
        if BOARD.is(to, CircleKind::Cell) {
            self.moves.retain(|m| m.man != man);
            self.arrests.retain(|a| a.0 != man);
            self.arrests.push((man, from, to));
        } else if let Some(m) = self.moves.iter_mut().find(|m| m.man == man) {
            m.path.extend_from_slice(path);
        } else {
            self.arrests.retain(|a| a.0 != man);
            self.moves.push(StepMove { man, from, path: path.to_vec() });
        }
    }

    /// Whether `event` begins a step's marks (a player's move, card or placing), or adds to the
    /// marks of the step before (its consequences: an arrest, a chase, an Appel resolved).
    fn begins(event: &Event) -> bool {
        matches!(
            event,
            Event::GuardsPlaced { .. }
                | Event::Moved { .. }
                | Event::Posted { .. }
                | Event::Recalled { .. }
                | Event::Released { .. }
                | Event::RiotSquad { .. }
                | Event::EquipmentClaimed { .. }
                | Event::Played { .. }
                | Event::AbsenteesSearched { .. }
                | Event::PutBack { .. }
                | Event::Disciplined { .. }
        )
    }

    /// Whether `event` may change where men stand or show a card (the others leave the marks).
    fn marks(event: &Event) -> bool {
        Self::begins(event)
            || matches!(
                event,
                Event::Arrested { .. }
                    | Event::Confiscated { .. }
                    | Event::AppelResolved { .. }
                    | Event::SearchResolved { .. }
                    | Event::Escaped { .. }
                    | Event::ChaseEnded { .. }
                    | Event::TunnelLeft { .. }
                    | Event::ShotJudged { .. }
                    | Event::TunnelClosed { .. }
                    | Event::HolderAnswered { .. }
            )
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct State {
    pub options: Options,
    pub seats: usize,
    pub roles: Vec<Role>,
    pub german: Seat,
    /// Turn order: the Escape Officer left of the German first, the German last (C4).
    pub order: Vec<Seat>,
    pub phase: Phase,
    pub men: Vec<Man>,
    /// Per seat: Opportunity cards (Escape Officers) or Security cards (the German). Private.
    pub hands: Vec<Vec<CardId>>,
    /// Per seat: Escape Equipment and Escape Kit cards held by the team. Equipment is public; the
    /// Kit only once displayed (`kit_shown`).
    pub equipment: Vec<Vec<CardId>>,
    /// Teams whose Escape Kit has been displayed: at a target, or when a Do or Die or staff-car
    /// run began (C11, C22).
    pub kit_shown: Vec<Seat>,
    /// Draw piles, top first (orders hidden).
    pub opportunity: VecDeque<CardId>,
    pub security: VecDeque<CardId>,
    pub do_or_die: VecDeque<CardId>,
    /// Escape Equipment and Kit cards not held by anyone (taken by choice).
    pub stock: Vec<CardId>,
    pub round: u32,
    pub turn: Option<Turn>,
    pub window: Option<Window>,
    pub offers: Vec<Offer>,
    pub next_offer: u32,
    pub orders: Vec<StandingOrders>,
    /// R39: men returning from the outer cells, immune while they head straight back.
    pub returning: Vec<ManId>,
    /// Men off the board: escaped or dead, in order (the time line of the end).
    pub gone: Vec<Gone>,
    /// R51: teams out of the game (C25: conceded ones too).
    pub out: Vec<Seat>,
    /// C25: seats that conceded, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conceded: Vec<Seat>,
    /// R46: rope drops and wire crossings opened by escapers (public; since the roads below,
    /// the chase follows `roads`).
    pub opened: Vec<(CircleId, CircleId)>,
    /// R46: each escaper's road out, circle by circle: every guard's step over a wall or the
    /// wire, or beyond the castle, goes between two circles next to each other on one of them.
    pub roads: Vec<Road>,
    /// C23: the date time limit was declared passed.
    pub time_up: bool,
    /// C2: the time limit in rounds in force (from the setup event).
    pub rounds_limit: Option<u32>,
    /// R53: tunnels in use, and the men inside them (any nation).
    pub tunnels: Vec<OpenTunnel>,
    pub tunnellers: Vec<ManId>,
    /// R53: the end by which each man last went down into a tunnel: where he comes up when he
    /// must (a man left alone, a tunnel closed).
    pub tunnel_entries: BTreeMap<ManId, CircleId>,
    /// The revision of the rules this game is judged by (from the setup event).
    pub revision: u32,
    /// What the last step that changed the board changed (the board marks it).
    pub last_step: LastStep,
    /// C26: the position a real table's players entered, and whose hands are in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<super::position::Entered>,
}

/// The revision of the rules new games are set up with. 1: a tunnel is held by at least two men
/// and a man who must come up does so at the end he went down by (R53); arrests made by a card
/// end the posting of guards like any other (C12). Games set up before keep revision 0.
pub const RULES_REVISION: u32 = 1;

impl State {
    pub fn new(options: &Options, seats: usize) -> State {
        State {
            options: options.clone(),
            seats,
            roles: Vec::new(),
            german: options.german,
            order: Vec::new(),
            phase: Phase::Starting,
            men: Vec::new(),
            hands: vec![Vec::new(); seats],
            equipment: vec![Vec::new(); seats],
            kit_shown: Vec::new(),
            opportunity: VecDeque::new(),
            security: VecDeque::new(),
            do_or_die: VecDeque::new(),
            stock: Vec::new(),
            round: 0,
            turn: None,
            window: None,
            offers: Vec::new(),
            next_offer: 0,
            orders: vec![StandingOrders::default(); seats],
            returning: Vec::new(),
            gone: Vec::new(),
            out: Vec::new(),
            conceded: Vec::new(),
            opened: Vec::new(),
            roads: Vec::new(),
            time_up: false,
            rounds_limit: options.time_limit.rounds(seats),
            tunnels: Vec::new(),
            tunnellers: Vec::new(),
            tunnel_entries: BTreeMap::new(),
            revision: 0,
            last_step: LastStep::default(),
            position: None,
        }
    }

    /// R53: the man on a circle for someone walking on the surface (men inside a tunnel are
    /// stepped over).
    pub fn surface_man_at(&self, circle: CircleId) -> Option<ManId> {
        self.men
            .iter()
            .enumerate()
            .position(|(i, m)| {
                m.at == circle && !self.is_gone(i as ManId) && !self.tunnellers.contains(&(i as ManId))
            })
            .map(|i| i as ManId)
    }
    /// R53 (revision 1): at the end of every turn an open tunnel holds no man or at least two,
    /// and a man leaves it only with two staying behind.
    pub fn tunnels_need_two(&self) -> bool {
        self.revision >= 1
    }
    /// C12 (revision 1): an arrest made by a card (Tunnel Detected, a Search, the search for
    /// Appel's absentees) ends the posting of guards for the turn, as a guard's arrest does.
    pub fn card_arrests_count(&self) -> bool {
        self.revision >= 1
    }
    /// R46, R39 (revision 1): a chasing guard keeps to an escaper's road, the guard who shoots
    /// and a finished escaper's chasers go back to barracks while others still run, and a man
    /// back from the outer cells is immune only on the road to the Pass circle. A game set up
    /// before keeps the chase it began with: guards over walls and wire only where an escaper
    /// opened them, the guards beyond going back once nobody is left beyond the walls.
    pub fn chase_follows_roads(&self) -> bool {
        self.revision >= 1
    }
    /// R53: the end by which a tunneller went down: the one recorded, else the tunnel's end
    /// inside the castle (its first circle).
    pub fn tunnel_entry(&self, man: ManId) -> Option<CircleId> {
        let (_, tunnel) = BOARD.tunnel_of(self.at(man))?;
        let recorded = self.tunnel_entries.get(&man).filter(|c| tunnel.ends().contains(c));
        Some(recorded.copied().unwrap_or(tunnel.ends()[0]))
    }
    /// R53: a tunneller on a circle.
    pub fn tunneller_at(&self, circle: CircleId) -> Option<ManId> {
        self.tunnellers.iter().copied().find(|&m| self.at(m) == circle)
    }
    /// R53: the tunnellers inside one tunnel.
    pub fn inside(&self, tunnel: &str) -> Vec<ManId> {
        self.tunnellers
            .iter()
            .copied()
            .filter(|&m| BOARD.tunnel_of(self.at(m)).is_some_and(|(_, t)| t.key == tunnel))
            .collect()
    }

    /// Whether a man has left the board for good.
    pub fn is_gone(&self, man: ManId) -> bool {
        self.gone.iter().any(|g| g.man == man)
    }
    /// Escapes made by a team.
    pub fn escapes(&self, seat: Seat) -> usize {
        self.gone.iter().filter(|g| g.seat == seat && g.fate == Fate::Escaped).count()
    }
    /// C23: the end of the game: the winners, or `None` while it goes on.
    pub fn ended(&self) -> Option<Vec<Seat>> {
        // C25: the German conceded (while placing his guards, too): the teams still in the game
        // share the win.
        if self.conceded.contains(&self.german) {
            return Some(self.escape_seats().into_iter().filter(|s| !self.out.contains(s)).collect());
        }
        // C25: the last team in the game conceded: the German wins.
        if !self.conceded.is_empty() && self.escape_seats().iter().all(|s| self.out.contains(s)) {
            return Some(vec![self.german]);
        }
        if self.phase != Phase::Playing {
            return None;
        }
        let need = usize::from(self.options.success.escapes);
        let winners: Vec<Seat> =
            self.escape_seats().into_iter().filter(|&s| self.escapes(s) >= need).collect();
        if !winners.is_empty() {
            return Some(winners);
        }
        let limit = self.rounds_limit.is_some_and(|n| self.round > n) || self.time_up;
        // Nobody can still reach the formula: every team is out or has too few men left.
        let hopeless = self
            .escape_seats()
            .into_iter()
            .all(|s| self.out.contains(&s) || self.escapes(s) + self.men_of(s).count() < need);
        (limit || hopeless).then(|| vec![self.german])
    }
    /// A PoW beyond the walls or wire on the surface (R46: a chase is on; a man in a tunnel under
    /// the fields is not in sight).
    pub fn chase_on(&self) -> bool {
        self.escape_seats()
            .into_iter()
            .flat_map(|s| self.men_of(s))
            .any(|m| BOARD.is_beyond(self.at(m)) && !self.tunnellers.contains(&m))
    }

    pub fn is_german(&self, seat: Seat) -> bool {
        seat == self.german
    }
    /// Whether `man` is a guard (false for a number that is no man: requests may name any).
    pub fn is_guard(&self, man: ManId) -> bool {
        self.men.get(usize::from(man)).is_some_and(|m| m.seat == self.german)
    }
    /// Whether `man` is a man of the game (a request may send any number).
    pub fn is_man(&self, man: ManId) -> bool {
        usize::from(man) < self.men.len()
    }
    /// The seat a man belongs to.
    pub fn seat_of(&self, man: ManId) -> Option<Seat> {
        self.men.get(usize::from(man)).map(|m| m.seat)
    }
    pub fn escape_seats(&self) -> Vec<Seat> {
        (0..self.seats as Seat).filter(|&s| s != self.german).collect()
    }
    pub fn at(&self, man: ManId) -> CircleId {
        self.men[usize::from(man)].at
    }
    /// The man standing on a circle (cells may hold several: the first).
    pub fn man_at(&self, circle: CircleId) -> Option<ManId> {
        self.men
            .iter()
            .enumerate()
            .position(|(i, m)| m.at == circle && !self.is_gone(i as ManId))
            .map(|i| i as ManId)
    }
    /// Every circle a man stands on (men gone left aside).
    pub fn occupancy(&self) -> std::collections::BTreeSet<CircleId> {
        self.men.iter().enumerate().filter(|(i, _)| !self.is_gone(*i as ManId)).map(|(_, m)| m.at).collect()
    }
    pub fn occupied(&self, circle: CircleId) -> bool {
        self.man_at(circle).is_some()
    }
    pub fn men_of(&self, seat: Seat) -> impl Iterator<Item = ManId> + '_ {
        self.men
            .iter()
            .enumerate()
            .filter(move |(i, m)| m.seat == seat && !self.is_gone(*i as ManId))
            .map(|(i, _)| i as ManId)
    }
    pub fn in_cell(&self, man: ManId) -> bool {
        BOARD.is(self.at(man), CircleKind::Cell)
    }
    pub fn in_barracks(&self, man: ManId) -> bool {
        BOARD.is(self.at(man), CircleKind::BarracksSlot)
    }
    /// Whether the team holds Escape Equipment (C13: liable to arrest in the courtyard).
    pub fn holds_equipment(&self, seat: Seat) -> bool {
        self.equipment[usize::from(seat)].iter().any(|c| matches!(c.kind(), CardKind::Equipment(_)))
    }
    pub fn holds_kit(&self, seat: Seat) -> bool {
        self.equipment[usize::from(seat)].iter().any(|c| c.kind() == CardKind::Kit)
    }
    pub fn turn_seat(&self) -> Option<Seat> {
        self.turn.as_ref().map(|t| t.seat)
    }

    /// Free circle for "moving directly" from `from` to circles `accept` takes.
    pub fn nearest_free(
        &self,
        from: CircleId,
        accept: &dyn Fn(&super::board::Circle) -> bool,
    ) -> Option<CircleId> {
        let occupied = self.occupancy();
        BOARD.nearest_free(from, accept, &|c| occupied.contains(&c))
    }
    /// A free barracks place for a guard sent back.
    pub fn barracks_place(&self, from: CircleId) -> CircleId {
        self.nearest_free(from, &|c| c.kind == CircleKind::BarracksSlot)
            .expect("16 barracks places hold every guard")
    }
    /// The cell a man goes to when the German does not choose (C13): the cell of his standing
    /// orders, else the first free inner cell, else the first inner cell (cells may be shared).
    pub fn default_cell(&self) -> CircleId {
        if let Some(cell) =
            self.orders[usize::from(self.german)].cell.filter(|&c| BOARD.is(c, CircleKind::Cell))
        {
            return cell;
        }
        self.inner_cells().find(|&c| !self.occupied(c)).unwrap_or_else(|| self.first_inner_cell())
    }
    /// The cells of the inner blocks, row by row.
    pub fn inner_cells(&self) -> impl Iterator<Item = CircleId> + '_ {
        BOARD.circles_of(CircleKind::Cell).filter(|&c| BOARD.cell_block_of(c).is_some_and(|(_, b)| !b.outer))
    }
    fn first_inner_cell(&self) -> CircleId {
        self.inner_cells().next().expect("the board has inner cells")
    }
    /// The Escape Kit card that is this team's (C11): one per team, fixed by the team's place in
    /// seat order, so that the id a team displays tells nothing of other teams' claims.
    pub fn kit_card(&self, seat: Seat) -> Option<CardId> {
        let team = self.escape_seats().iter().position(|&s| s == seat)?;
        cards::pack_cards(Pack::Kit).get(team).copied()
    }

    fn remove_card(list: &mut Vec<CardId>, card: CardId) -> bool {
        match list.iter().position(|&c| c == card) {
            Some(i) => {
                list.remove(i);
                true
            }
            None => false,
        }
    }

    /// A card leaves whoever holds it (hand or equipment) and goes back where used cards go
    /// (R47): the bottom of its pack, or the face-up stock.
    fn return_card(&mut self, card: CardId) {
        for seat in 0..self.seats {
            Self::remove_card(&mut self.hands[seat], card);
            Self::remove_card(&mut self.equipment[seat], card);
        }
        match card.kind().pack() {
            Pack::Opportunity => self.opportunity.push_back(card),
            Pack::Security => self.security.push_back(card),
            Pack::DoOrDie => self.do_or_die.push_back(card),
            Pack::Equipment | Pack::Kit => {
                self.stock.push(card);
                self.stock.sort();
            }
        }
    }

    /// A card from the stock to a team's equipment.
    fn take_stock(&mut self, seat: Seat, card: CardId) {
        Self::remove_card(&mut self.stock, card);
        self.equipment[usize::from(seat)].push(card);
        self.equipment[usize::from(seat)].sort();
    }

    fn place(&mut self, man: ManId, to: CircleId) {
        self.men[usize::from(man)].at = to;
        // Put anywhere but by his own walk (which keeps its road itself), his road is over.
        self.roads.retain(|r| r.man != man);
        // A man put anywhere but a tunnel circle (moved directly, arrested…) is out of it.
        if !BOARD.is(to, CircleKind::Tunnel) {
            self.tunnellers.retain(|&m| m != man);
        }
    }

    /// C12: men caught by a card count as an arrest of the turn (revision 1; before, they did
    /// not, and a log of then folds as it did).
    fn card_arrest(&mut self) {
        if self.card_arrests_count()
            && let Some(turn) = &mut self.turn
        {
            turn.arrested = true;
        }
    }

    fn spend(&mut self, points: u16) {
        if let Some(turn) = &mut self.turn {
            turn.points = turn.points.saturating_sub(points);
        }
    }

    fn begin_turn(&mut self, seat: Seat) {
        self.turn = Some(Turn { seat, ..Turn::default() });
    }

    /// Fold one event into the state.
    pub fn apply(&mut self, event: &Event) {
        // C26: anything but the table's own entries means play has begun from the position.
        if !matches!(
            event,
            Event::PositionEntered { .. } | Event::HandEntered { .. } | Event::HandsReturned { .. }
        ) && let Some(entered) = &mut self.position
        {
            entered.played = true;
        }
        if !LastStep::marks(event) {
            return self.fold(event);
        }
        let before: Vec<CircleId> = self.men.iter().map(|m| m.at).collect();
        if LastStep::begins(event) {
            self.last_step = LastStep::default();
        }
        self.fold(event);
        let walked = match event {
            Event::Moved { man, path, .. } => Some((*man, path)),
            _ => None,
        };
        for (i, (&from, man)) in before.iter().zip(&self.men).enumerate() {
            let id = i as ManId;
            match walked {
                Some((m, path)) if m == id => self.last_step.moved(id, from, path),
                _ => self.last_step.moved(id, from, &[man.at]),
            }
        }
        let shown: Vec<(Seat, CardId)> = match event {
            Event::Played { seat, card, .. } | Event::EquipmentClaimed { seat, card, .. } => {
                vec![(*seat, *card)]
            }
            Event::Confiscated { seat, card: Some(card), .. } => vec![(*seat, *card)],
            Event::HolderAnswered { card: Some(card), .. } => vec![(self.german, *card)],
            Event::ShotJudged { talisman: Some(card), man, .. } => {
                vec![(self.men[usize::from(*man)].seat, *card)]
            }
            _ => Vec::new(),
        };
        self.last_step.cards.extend(shown);
    }

    fn fold(&mut self, event: &Event) {
        match event {
            Event::Setup { roles, order, men, opportunity, security, do_or_die, rounds, revision } => {
                self.revision = *revision;
                // Older logs carry no number: the options' own.
                self.rounds_limit = rounds.or(self.options.time_limit.rounds(self.seats));
                self.roles = roles.clone();
                self.order = order.clone();
                self.men = men.clone();
                self.opportunity = opportunity.iter().copied().collect();
                self.security = security.iter().copied().collect();
                self.do_or_die = do_or_die.iter().copied().collect();
                self.stock = cards::pack_cards(Pack::Equipment)
                    .into_iter()
                    .chain(cards::pack_cards(Pack::Kit))
                    .collect();
                self.phase = Phase::Placing;
            }
            Event::GuardsPlaced { posts } => {
                for p in posts {
                    self.place(p.man, p.to);
                }
                self.phase = Phase::Playing;
                self.round = 1;
                let first = self.order[0];
                self.begin_turn(first);
            }
            Event::Thrown { throws, .. } => {
                if let Some(turn) = &mut self.turn {
                    turn.throws = throws.clone();
                    turn.points = score_of(throws);
                    turn.releases =
                        u8::try_from(throws.iter().filter(|[a, b]| a == b).count()).unwrap_or(u8::MAX);
                }
            }
            Event::Drew { seat, pack, card } => {
                let pile = match pack {
                    Pack::Opportunity => &mut self.opportunity,
                    Pack::Security => &mut self.security,
                    _ => &mut self.do_or_die,
                };
                let top = pile.pop_front();
                // A redacted event carries no card; the omniscient log always does.
                if let Some(card) = card.or(top) {
                    self.hands[usize::from(*seat)].push(card);
                }
            }
            Event::Moved { man, path, surrendered, gates } => {
                // R50, R46: rope drops and wire crossings used are paid for the turn and open
                // for the chase.
                let pow = !self.is_guard(*man);
                let mut from = self.at(*man);
                let mut road = self.roads.iter().position(|r| r.man == *man).map(|i| self.roads.remove(i));
                if pow {
                    let mut at = from;
                    for &next in path {
                        match &mut road {
                            Some(r) => r.circles.push(next),
                            None if crosses_out(at, next) => {
                                road = Some(Road { man: *man, circles: vec![at, next] })
                            }
                            None => {}
                        }
                        at = next;
                    }
                    // Back in the prisoners' area: the road is over.
                    if BOARD.region(at) == Some(super::board::Region::Inner) {
                        road = None;
                    }
                }
                let mut inside = self.tunnellers.contains(man);
                for &next in path {
                    // R53: down into a tunnel along its links, up again by a surface step.
                    let along = matches!(BOARD.link(from, next).map(|l| l.kind), Some(LinkKind::Tunnel(_)));
                    if pow && along && !inside {
                        self.tunnel_entries.insert(*man, from);
                    }
                    inside = along || (inside && BOARD.link(from, next).is_none());
                    if let Some(link) = BOARD.link(from, next)
                        && matches!(
                            link.kind,
                            LinkKind::RopeDown { .. } | LinkKind::RopeUp { .. } | LinkKind::Wire
                        )
                    {
                        let pair = (from.min(next), from.max(next));
                        if let Some(turn) = &mut self.turn
                            && !turn.paid.contains(&(from, next))
                        {
                            turn.paid.push((from, next));
                        }
                        if pow && !self.opened.contains(&pair) {
                            self.opened.push(pair);
                        }
                    }
                    from = next;
                }
                if pow && !path.is_empty() {
                    self.tunnellers.retain(|m| m != man);
                    if inside {
                        self.tunnellers.push(*man);
                    }
                }
                if let Some(&last) = path.last() {
                    self.place(*man, last);
                }
                self.roads.extend(road);
                self.spend(u16::try_from(path.len()).unwrap_or(u16::MAX));
                if let Some(turn) = &mut self.turn {
                    for &gate in gates {
                        if !turn.gates_paid.contains(&gate) {
                            turn.gates_paid.push(gate);
                        }
                    }
                }
                for &card in surrendered {
                    self.return_card(card);
                }
                if self.returning.contains(man)
                    && path.last().is_some_and(|&c| c == BOARD.return_gate().circle || BOARD.in_courtyard(c))
                {
                    self.returning.retain(|m| m != man);
                }
            }
            Event::ImmunityLost { man } => self.returning.retain(|m| m != man),
            Event::Arrested { man, cell, guard, confiscate, cause } => {
                self.place(*man, *cell);
                self.returning.retain(|m| m != man);
                self.tunnellers.retain(|m| m != man);
                if let Some(g) = guard {
                    self.place(g.man, g.to);
                }
                if *cause == ArrestCause::Guard
                    && let Some(turn) = &mut self.turn
                {
                    turn.arrested = true;
                }
                if *confiscate {
                    let seat = self.men[usize::from(*man)].seat;
                    self.window = Some(Window::Confiscation { seat });
                }
            }
            Event::Confiscated { card, hideaway, .. } => {
                for c in card.iter().chain(hideaway.iter()) {
                    self.return_card(*c);
                }
                if matches!(self.window, Some(Window::Confiscation { .. })) {
                    self.window = None;
                }
            }
            Event::Posted { placement } => {
                self.place(placement.man, placement.to);
                self.spend(1);
            }
            Event::RiotSquad { posts } => {
                for p in posts {
                    self.place(p.man, p.to);
                }
                if let Some(turn) = &mut self.turn {
                    turn.points = 0;
                    turn.riot_squad = true;
                }
            }
            Event::LendAsked { seat, lender, equipment, men } => {
                self.window =
                    Some(Window::Lend { seat: *seat, lender: *lender, equipment: *equipment, men: *men });
            }
            Event::LendAnswered { .. } => {
                if matches!(self.window, Some(Window::Lend { .. })) {
                    self.window = None;
                }
            }
            Event::Recalled { placement } => {
                self.place(placement.man, placement.to);
                self.spend(1);
                if let Some(turn) = &mut self.turn {
                    turn.recalled.push(placement.man);
                }
            }
            Event::Released { placement } => {
                self.release(*placement);
                self.spend(1);
                if let Some(turn) = &mut self.turn {
                    turn.releases = turn.releases.saturating_sub(1);
                }
            }
            Event::EquipmentClaimed { seat, card, moves } => {
                self.take_stock(*seat, *card);
                for p in moves {
                    self.place(p.man, p.to);
                }
            }
            Event::KitClaimed { seat, card, parts } => {
                for &p in parts {
                    self.return_card(p);
                }
                self.take_stock(*seat, *card);
            }
            Event::Played { seat, card, effect } => {
                if let Effect::Tunnel { tunnel } = effect {
                    // Shown and kept while in use (R53).
                    Self::remove_card(&mut self.hands[usize::from(*seat)], *card);
                    self.tunnels.push(OpenTunnel { tunnel: tunnel.clone(), seat: *seat, card: *card });
                } else {
                    self.return_card(*card);
                }
                match effect {
                    Effect::Equipment { card } => self.take_stock(*seat, *card),
                    Effect::Bribe { cards } => {
                        for &c in cards {
                            self.take_stock(*seat, c);
                        }
                    }
                    Effect::Release { placement } => self.release(*placement),
                    Effect::QuickMove { placement } => self.place(placement.man, placement.to),
                    Effect::Guards { moves } => {
                        for p in moves {
                            self.place(p.man, p.to);
                        }
                    }
                    Effect::Sabotage { owed } => {
                        if *owed > 0 {
                            self.window = Some(Window::Sabotage { owed: *owed });
                        }
                    }
                    Effect::Appel { asked } => {
                        if let Some(turn) = &mut self.turn {
                            turn.appel = true;
                        }
                        self.window = Some(Window::Appel { asked: asked.clone(), answers: Vec::new() });
                    }
                    Effect::Shoot { guard, man, throws } => {
                        let seat = self.men[usize::from(*man)].seat;
                        self.window =
                            Some(Window::Talisman { seat, guard: *guard, man: *man, throws: throws.clone() });
                    }
                    Effect::StaffCar { .. } => {
                        // The Kit is displayed when the run begins.
                        if !self.kit_shown.contains(seat) {
                            self.kit_shown.push(*seat);
                        }
                    }
                    Effect::Tunnel { .. } => {}
                    Effect::TunnelDetected { tunnel, steps, caught, guards } => {
                        for p in caught.iter().chain(guards) {
                            self.place(p.man, p.to);
                        }
                        self.tunnellers.retain(|m| !caught.iter().any(|p| p.man == *m));
                        self.close_tunnel(tunnel);
                        self.spend(*steps);
                        if !caught.is_empty() {
                            self.card_arrest();
                        }
                    }
                    Effect::Search { room, asked, cells } => {
                        if let Some(turn) = &mut self.turn {
                            turn.searched_rooms.push(room.clone());
                        }
                        self.window = Some(Window::Search {
                            room: room.clone(),
                            asked: asked.clone(),
                            answers: Vec::new(),
                            cells: cells.clone(),
                        });
                    }
                }
            }
            Event::Discarded { card, .. } => {
                // A redacted copy carries no card: nothing to fold (only full logs are replayed).
                if let Some(card) = card {
                    self.return_card(*card);
                }
            }
            Event::Given { from, to, card } => {
                if let Some(card) = card {
                    Self::remove_card(&mut self.hands[usize::from(*from)], *card);
                    self.hands[usize::from(*to)].push(*card);
                }
            }
            Event::AppelAnswered { seat, answer } => {
                if let Some(Window::Appel { answers, .. }) = &mut self.window {
                    answers.push((*seat, answer.clone().unwrap_or_default()));
                }
            }
            Event::AppelResolved { lined_up, warned, warnings, absent, surrendered } => {
                for p in lined_up.iter().chain(warned) {
                    self.place(p.man, p.to);
                }
                for &c in warnings.iter().chain(surrendered) {
                    self.return_card(c);
                }
                if let Some(turn) = &mut self.turn {
                    turn.absent = absent.clone();
                }
                self.window = None;
            }
            Event::AbsenteesSearched { caught } => {
                for p in caught {
                    self.place(p.man, p.to);
                    self.returning.retain(|m| *m != p.man);
                }
                if !caught.is_empty() {
                    self.card_arrest();
                }
                if let Some(turn) = &mut self.turn {
                    turn.searched = true;
                    turn.points = 0;
                }
            }
            Event::SearchAnswered { seat, answer } => {
                if let Some(Window::Search { answers, .. }) = &mut self.window {
                    answers.push((*seat, answer.clone().unwrap_or_default()));
                }
            }
            Event::SearchResolved { warned, caught, confiscated, cards_played, surrendered, .. } => {
                for p in warned.iter().chain(caught) {
                    self.place(p.man, p.to);
                }
                if !caught.is_empty() {
                    self.card_arrest();
                }
                for &c in confiscated.iter().chain(cards_played).chain(surrendered) {
                    self.return_card(c);
                }
                self.window = None;
            }
            Event::SecurityReturned { cards, count } => {
                let german = usize::from(self.german);
                let cards: Vec<CardId> = if cards.is_empty() {
                    self.hands[german].iter().take(usize::from(*count)).copied().collect()
                } else {
                    cards.clone()
                };
                for c in cards {
                    self.return_card(c);
                }
                self.window = None;
            }
            Event::OfferMade { offer } => {
                self.offers.push(offer.clone());
                self.next_offer = self.next_offer.max(offer.id + 1);
            }
            Event::OfferAccepted { offer } => {
                if let Some(i) = self.offers.iter().position(|o| o.id == *offer) {
                    let o = self.offers.remove(i);
                    for &c in &o.give {
                        self.transfer(c, o.from, o.to);
                    }
                    for &c in &o.want {
                        self.transfer(c, o.to, o.from);
                    }
                }
            }
            Event::OfferDeclined { offer } | Event::OfferWithdrawn { offer } => {
                self.offers.retain(|o| o.id != *offer)
            }
            Event::PutBack { man, to } => {
                self.place(*man, *to);
                self.returning.retain(|m| m != man);
            }
            Event::EquipmentReturned { card, .. } => self.return_card(*card),
            Event::Disciplined { man, cell, .. } => {
                self.tunnellers.retain(|m| m != man);
                self.place(*man, *cell);
                self.returning.retain(|m| m != man);
            }
            Event::StandingOrdersSet { seat, orders } => self.orders[usize::from(*seat)] = *orders,
            // Only ever a redacted event: it changes nothing.
            Event::Private { .. } => {}
            Event::TurnEnded { seat } => {
                // R51: a team out of the game has no more turns.
                let mut i = self.order.iter().position(|s| s == seat).unwrap_or(0);
                loop {
                    if i + 1 == self.order.len() {
                        self.round += 1;
                    }
                    i = (i + 1) % self.order.len();
                    if !self.out.contains(&self.order[i]) {
                        break;
                    }
                }
                self.begin_turn(self.order[i]);
            }
            Event::Escaped { man, seat, target, .. } => {
                self.tunnellers.retain(|m| m != man);
                self.place(*man, *target);
                self.returning.retain(|m| m != man);
                if !self.kit_shown.contains(seat) {
                    self.kit_shown.push(*seat);
                }
                self.gone.push(Gone {
                    man: *man,
                    seat: *seat,
                    fate: Fate::Escaped,
                    target: Some(*target),
                    round: self.round,
                });
            }
            Event::Died { man, seat, cause, team_out } => {
                self.returning.retain(|m| m != man);
                self.roads.retain(|r| r.man != *man);
                self.gone.push(Gone {
                    man: *man,
                    seat: *seat,
                    fate: match cause {
                        Death::Shot => Fate::Shot,
                        Death::DoOrDie => Fate::DoOrDie,
                    },
                    target: None,
                    round: self.round,
                });
                if *team_out {
                    let rest: Vec<ManId> = self.men_of(*seat).collect();
                    for m in rest {
                        self.returning.retain(|r| *r != m);
                        self.roads.retain(|r| r.man != m);
                        self.gone.push(Gone {
                            man: m,
                            seat: *seat,
                            fate: Fate::TeamOut,
                            target: None,
                            round: self.round,
                        });
                    }
                    self.out.push(*seat);
                }
            }
            Event::Conceded { seat } => {
                self.conceded.push(*seat);
                if *seat != self.german {
                    let rest: Vec<ManId> = self.men_of(*seat).collect();
                    for m in rest {
                        self.returning.retain(|r| *r != m);
                        self.roads.retain(|r| r.man != m);
                        self.tunnellers.retain(|r| *r != m);
                        self.gone.push(Gone {
                            man: m,
                            seat: *seat,
                            fate: Fate::Conceded,
                            target: None,
                            round: self.round,
                        });
                    }
                    self.offers.retain(|o| o.from != *seat && o.to != *seat);
                    self.out.push(*seat);
                }
            }
            Event::ChaseEnded { moves, others_beyond } => {
                for p in moves {
                    self.place(p.man, p.to);
                }
                if !others_beyond {
                    self.opened.clear();
                }
            }
            Event::DoOrDieDrawn { man, card } => {
                if let Some(i) = self.do_or_die.iter().position(|c| c == card) {
                    self.do_or_die.remove(i);
                }
                let seat = self.men[usize::from(*man)].seat;
                if !self.kit_shown.contains(&seat) {
                    self.kit_shown.push(seat);
                }
                if let Some(turn) = &mut self.turn {
                    turn.do_or_die = Some(PendingRun { man: *man, card: *card });
                }
            }
            Event::DoOrDieRun { man, card, throws, .. } => {
                // The card goes to the bottom of its pack (drawn first, or in this event: older logs).
                if let Some(i) = self.do_or_die.iter().position(|c| c == card) {
                    self.do_or_die.remove(i);
                }
                self.do_or_die.push_back(*card);
                let seat = self.men[usize::from(*man)].seat;
                if !self.kit_shown.contains(&seat) {
                    self.kit_shown.push(seat);
                }
                if let Some(turn) = &mut self.turn {
                    turn.throws = throws.clone();
                    turn.points = 0;
                    turn.releases = 0;
                    turn.do_or_die = None;
                }
            }
            Event::TunnelLeft { man, to } => {
                self.tunnellers.retain(|m| m != man);
                self.place(*man, *to);
            }
            Event::ShotJudged { talisman, guard, .. } => {
                if let Some(c) = talisman {
                    self.return_card(*c);
                }
                if let Some(g) = guard {
                    self.place(g.man, g.to);
                }
                if matches!(self.window, Some(Window::Talisman { .. })) {
                    self.window = None;
                }
            }
            Event::TimeUp { .. } => self.time_up = true,
            Event::PositionEntered {
                men,
                escaped,
                dead,
                equipment,
                kit_shown,
                tunnels,
                round,
                to_move,
                opportunity,
                security,
                do_or_die,
            } => self.position_entered(
                men,
                escaped,
                dead,
                equipment,
                kit_shown,
                tunnels,
                (*round, *to_move),
                [opportunity, security, do_or_die],
            ),
            Event::HandsReturned { pile } => {
                // Every Escape Officer's hand goes back, whatever the copy: the one redacted for
                // a seat still says that its own hand went back and is awaited again. Only the
                // pack's new order is left out of a redacted copy: then the pile stays as it is.
                for s in 0..self.seats {
                    if !self.is_german(s as Seat) {
                        self.hands[s].clear();
                    }
                }
                if !pile.is_empty() {
                    self.opportunity = pile.iter().copied().collect();
                }
                let german: Vec<Seat> = (0..self.seats as Seat).filter(|s| self.is_german(*s)).collect();
                if let Some(entered) = &mut self.position {
                    entered.hands.retain(|s| german.contains(s));
                }
            }
            Event::HandEntered { seat, cards, kit, pile } => {
                // A redacted copy carries no hand: nothing to fold (only full logs are replayed).
                let Some(cards) = cards else { return };
                let s = usize::from(*seat);
                if s >= self.seats {
                    return;
                }
                self.hands[s] = cards.clone();
                if self.is_german(*seat) {
                    self.security = pile.iter().copied().collect();
                } else {
                    self.opportunity = pile.iter().copied().collect();
                }
                if let Some(card) = self.kit_card(*seat).filter(|_| !self.kit_shown.contains(seat)) {
                    Self::remove_card(&mut self.equipment[s], card);
                    Self::remove_card(&mut self.stock, card);
                    if *kit == Some(true) {
                        self.equipment[s].push(card);
                        self.equipment[s].sort();
                    } else {
                        self.stock.push(card);
                        self.stock.sort();
                    }
                }
                if let Some(entered) = &mut self.position
                    && !entered.hands.contains(seat)
                {
                    entered.hands.push(*seat);
                }
            }
            Event::TunnelClosed { tunnel, moves, .. } => {
                for p in moves {
                    self.place(p.man, p.to);
                    self.tunnellers.retain(|m| *m != p.man);
                }
                self.close_tunnel(tunnel);
            }
            Event::HolderAsked { man, equipment } => {
                self.window = Some(Window::Holder { man: *man, equipment: *equipment });
            }
            Event::HolderAnswered { card, .. } => {
                if let Some(c) = card {
                    self.return_card(*c);
                }
                if matches!(self.window, Some(Window::Holder { .. })) {
                    self.window = None;
                }
            }
        }
    }

    /// C26: the table as its players entered it replaces the board, the cards and the turn;
    /// every hand is empty until its seat enters it, and play waits for nothing else.
    #[allow(clippy::too_many_arguments)]
    fn position_entered(
        &mut self,
        men: &[Man],
        escaped: &[ManId],
        dead: &[ManId],
        equipment: &[Vec<CardId>],
        kit_shown: &[Seat],
        tunnels: &[super::events::TunnelHeld],
        (round, to_move): (u32, Seat),
        [opportunity, security, do_or_die]: [&Vec<CardId>; 3],
    ) {
        self.men = men.to_vec();
        self.gone = escaped
            .iter()
            .map(|&m| (m, Fate::Escaped))
            .chain(dead.iter().map(|&m| (m, Fate::Shot)))
            .filter_map(|(man, fate)| {
                let seat = self.men.get(usize::from(man))?.seat;
                Some(Gone { man, seat, fate, target: None, round })
            })
            .collect();
        self.hands = vec![Vec::new(); self.seats];
        self.equipment = vec![Vec::new(); self.seats];
        for (held, cards) in self.equipment.iter_mut().zip(equipment) {
            held.clone_from(cards);
        }
        self.stock = cards::pack_cards(Pack::Equipment)
            .into_iter()
            .chain(cards::pack_cards(Pack::Kit))
            .filter(|c| !self.equipment.iter().any(|held| held.contains(c)))
            .collect();
        self.kit_shown = kit_shown.to_vec();
        self.opportunity = opportunity.iter().copied().collect();
        self.security = security.iter().copied().collect();
        self.do_or_die = do_or_die.iter().copied().collect();
        self.tunnels = tunnels
            .iter()
            .filter_map(|t| {
                let card = super::position::tunnel_card(&t.tunnel)?;
                Some(OpenTunnel { tunnel: t.tunnel.clone(), seat: t.seat, card })
            })
            .collect();
        self.tunnellers = (0..self.men.len() as ManId)
            .filter(|&m| !self.is_gone(m) && BOARD.is(self.at(m), CircleKind::Tunnel))
            .collect();
        self.tunnel_entries.clear();
        self.phase = Phase::Playing;
        self.round = round;
        self.begin_turn(to_move);
        self.window = None;
        self.offers.clear();
        self.returning.clear();
        self.out.clear();
        self.conceded.clear();
        self.opened.clear();
        self.roads.clear();
        self.time_up = false;
        self.last_step = LastStep::default();
        self.position = Some(super::position::Entered { round, to_move, hands: Vec::new(), played: false });
    }

    /// R53: a tunnel closes; its card goes to the bottom of the Opportunity pack.
    fn close_tunnel(&mut self, tunnel: &str) {
        if let Some(i) = self.tunnels.iter().position(|t| t.tunnel == tunnel) {
            let open = self.tunnels.remove(i);
            self.opportunity.push_back(open.card);
        }
    }

    fn release(&mut self, p: super::events::Placement) {
        let from_outer = BOARD.cell_block_of(self.at(p.man)).is_some_and(|(_, b)| b.outer);
        self.place(p.man, p.to);
        if from_outer && !self.returning.contains(&p.man) {
            self.returning.push(p.man);
        }
    }

    fn transfer(&mut self, card: CardId, from: Seat, to: Seat) {
        let (from, to) = (usize::from(from), usize::from(to));
        if Self::remove_card(&mut self.hands[from], card) {
            self.hands[to].push(card);
        } else if Self::remove_card(&mut self.equipment[from], card) {
            self.equipment[to].push(card);
            self.equipment[to].sort();
        }
    }

    /// Circles a man released from a cell may be put on (R37): walkable, not a searchlight,
    /// tunnel or target.
    pub fn release_circle(&self, man: ManId) -> Option<CircleId> {
        let door = BOARD.cell_block_of(self.at(man))?.1.door;
        if !self.occupied(door) {
            return Some(door);
        }
        self.nearest_free(door, &|c| {
            c.terrain.walkable()
                && !matches!(c.terrain, Terrain::Room(_))
                && matches!(
                    c.kind,
                    CircleKind::Plain
                        | CircleKind::GuardPost
                        | CircleKind::CellDoor
                        | CircleKind::Appel
                        | CircleKind::Safe
                )
        })
    }
}
