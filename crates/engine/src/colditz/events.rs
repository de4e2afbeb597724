//! What players do (actions) and what the log records (events). Both are JSON on the wire; the
//! shapes are listed in docs/rules/colditz.md.

use serde::{Deserialize, Serialize};

use super::board::CircleId;
use super::cards::{CardId, Equipment, Pack};
use super::options::Role;
use crate::Seat;

/// A man on the board (guard or PoW): his index in the setup event's list.
pub type ManId = u8;

/// A man and a circle: where he is put (moved directly, posted, placed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub man: ManId,
    pub to: CircleId,
}

/// A man as set up: whose he is and where he stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Man {
    /// The seat he belongs to: the German's seat for guards.
    pub seat: Seat,
    pub at: CircleId,
}

/// Advance Warning played in answer to Appel or a Search (C17): men directly to free safe
/// circles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Warning {
    pub card: CardId,
    pub moves: Vec<Placement>,
}

/// An Escape Officer's private answer to Appel (C16).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct AppelAnswer {
    /// Men who stay away (the rest of those who must attend line up).
    #[serde(default)]
    pub absent: Vec<ManId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<Warning>,
}

/// An Escape Officer's answer to a Search of a room where his men are (C17).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct SearchAnswer {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<Warning>,
    /// A Hideaway card: nothing is confiscated from this team at this search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hideaway: Option<CardId>,
    /// Equipment cards to give up, in order of preference (the engine takes the lowest ids for
    /// any still owed).
    #[serde(default)]
    pub surrender: Vec<CardId>,
}

/// Standing orders (design: reaction windows): questions they settle are answered at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct StandingOrders {
    /// At Appel, all my men attend: the question is answered at once.
    pub appel_all_attend: bool,
    /// Part 2 (C24): when the German shoots at one of my men, play a Talisman if I hold one
    /// (otherwise the question is answered "no Talisman" at once).
    pub talisman: bool,
    /// For the German (R49): what to do when a PoW gives up a Key or a Pass.
    pub arrest_holders: HolderOrders,
    /// When equipment is to be confiscated (arrest or search): play a Hideaway if I hold one,
    /// otherwise give up the lowest card; answered at once.
    pub confiscation: bool,
    /// For the German (C13): the cell for men caught where his action names none (a forced
    /// arrest, a failed staff car, an arrest by standing order); `None`: the first free inner
    /// cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<CircleId>,
    /// C10: when another Escape Officer asks to combine one of my men with his for an equipment
    /// claim, agree at once (otherwise I am asked).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub lend_men: bool,
}

/// The German's standing order for the Arrest Key/Pass Holder question (R49). Whatever he
/// holds, "always" and "never" answer at once in the same words when he plays no card, so the
/// turn goes on and the answer tells nothing of his hand; only "ask" makes the turn wait, and
/// then it waits whether or not he holds the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum HolderOrders {
    /// Play the card whenever I hold it (the default).
    #[default]
    Always,
    /// Never play it.
    Never,
    /// Ask me each time.
    Ask,
}

impl HolderOrders {
    pub const ALL: [HolderOrders; 3] = [HolderOrders::Always, HolderOrders::Never, HolderOrders::Ask];
    pub fn key(self) -> &'static str {
        match self {
            HolderOrders::Always => "always",
            HolderOrders::Never => "never",
            HolderOrders::Ask => "ask",
        }
    }
}

/// Orders stored before the three choices were booleans: `true` played the card when held,
/// `false` (no standing order) asked him. They keep meaning what they meant.
impl<'de> Deserialize<'de> for HolderOrders {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Stored {
            Old(bool),
            Named(String),
        }
        match Stored::deserialize(deserializer)? {
            Stored::Old(true) => Ok(HolderOrders::Always),
            Stored::Old(false) => Ok(HolderOrders::Ask),
            Stored::Named(name) => HolderOrders::ALL
                .into_iter()
                .find(|o| o.key() == name)
                .ok_or_else(|| serde::de::Error::unknown_variant(&name, &["always", "never", "ask"])),
        }
    }
}

/// A seat's move. JSON: `{"action": "<snake_case name>", ...fields}`.
///
/// Templates in `legal_actions` carry fields the player types (docs/rules/colditz.md, "What
/// `legal_actions` offers"): `throw` with empty `dice` (manual dice), `move` with an empty
/// `path` (one per man who has a legal move), `offer_trade` with empty lists, `discipline` with
/// an empty `infringement`, manual-dice runs (`do_or_die`, a staff car, a shot) with empty
/// `dice`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// C3: the German's setup posts: one per team on inner guard posts, 2–7 on outer ones.
    PlaceGuards {
        inner: Vec<CircleId>,
        outer: Vec<CircleId>,
    },
    /// C4: throw the dice. Seeded dice: `dice` empty. Manual dice: every throw of the turn,
    /// e.g. `[[3,3],[2,5]]`.
    Throw {
        #[serde(default)]
        dice: Vec<[u8; 2]>,
    },
    /// C5/C6: move one man step by step along `path` (not including where he stands). A guard's
    /// last step onto a PoW arrests him (C13); `cell` is the German's choice of cell.
    Move {
        man: ManId,
        path: Vec<CircleId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cell: Option<CircleId>,
    },
    /// R37: a double releases a man from solitary (one point of the score).
    Release {
        man: ManId,
    },
    /// C10: claim Escape Equipment with two men in rooms showing its symbol: at least one of
    /// them the claimant's; the other may be another Escape Officer's, who is asked first.
    ClaimEquipment {
        equipment: Equipment,
        men: [ManId; 2],
    },
    /// C11: claim the Escape Kit with men in the kit rooms and/or kit-part cards.
    ClaimKit {
        #[serde(default)]
        men: Vec<ManId>,
        #[serde(default)]
        parts: Vec<CardId>,
    },
    /// C19/C20: play a card in turn. `men`: the man or guards it acts on; `equipment`: what a
    /// Bribe takes.
    Play {
        card: CardId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        men: Vec<ManId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        equipment: Vec<Equipment>,
        /// Part 2, manual dice only: the throws of a Staff Car drive (R52) or of Shoot to Kill
        /// (C24); seeded dice leave it empty.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        dice: Vec<[u8; 2]>,
        /// R53 Tunnel Detected: the tunnel raided ("chapel", "canteen", "theatre"); may be left
        /// out when only one tunnel is open.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tunnel: Option<String>,
        /// C13: the German's choice of cells for the men a Search or Tunnel Detected catches, in
        /// order; men beyond the list go to the first free inner cell.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cells: Vec<CircleId>,
    },
    /// R47: discard a card in turn (to the bottom of its pack).
    Discard {
        card: CardId,
    },
    /// C18: give an Opportunity card away in turn.
    Give {
        card: CardId,
        to: Seat,
    },
    /// C12: post a guard from the barracks on a free black circle (one point).
    PostGuard {
        to: CircleId,
    },
    /// C12: recall a guard from a black circle to the barracks (one point).
    ReturnGuard {
        guard: ManId,
    },
    /// C16: after Appel, the German's throw searches for absentees; `cells`: his choice of cells
    /// for those caught, in order (C13).
    SearchAbsentees {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cells: Vec<CircleId>,
    },
    /// C12 Riot Squad: instead of paying a point per guard, the German posts every guard in
    /// reserve at once on free black circles (`posts`, in order; empty: the first free posts),
    /// before any arrest; it costs the whole throw.
    RiotSquad {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        posts: Vec<CircleId>,
    },
    /// C7: end the turn.
    EndTurn,
    /// C16: a private answer to Appel.
    AnswerAppel(AppelAnswer),
    /// C17: an answer to a Search.
    AnswerSearch(SearchAnswer),
    /// C13: the arrested man's team answers a confiscation: Hideaway, or the card given up.
    AnswerConfiscation {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hideaway: Option<CardId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        surrender: Option<CardId>,
    },
    /// C20 (Sabotage): the German chooses the two Security cards he returns.
    ReturnSecurity {
        cards: Vec<CardId>,
    },
    /// R48: offer cards to another Escape Officer, asking cards in return.
    OfferTrade {
        to: Seat,
        give: Vec<CardId>,
        want: Vec<CardId>,
    },
    AcceptOffer {
        offer: u32,
    },
    DeclineOffer {
        offer: u32,
    },
    WithdrawOffer {
        offer: u32,
    },
    /// R55: the German sends a PoW to solitary for a stated infringement.
    Discipline {
        man: ManId,
        infringement: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cell: Option<CircleId>,
    },
    /// Standing orders for reaction windows.
    SetStandingOrders(StandingOrders),
    /// R51: a Do or Die run by `man` (his team holds the Escape Kit), before the turn's throw.
    /// Seeded dice: one action draws the card and throws. Manual dice: the first (empty `dice`)
    /// draws the card, which shows its number of throws; the second types every throw.
    DoOrDie {
        man: ManId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        dice: Vec<[u8; 2]>,
    },
    /// C24: the answer of the shot man's Escape Officer: a Talisman, or none.
    AnswerTalisman {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        talisman: Option<CardId>,
    },
    /// R49: the German's answer when a PoW used a Key or Pass: Arrest Key Holder or Arrest Pass
    /// Holder, or none.
    AnswerArrestHolder {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CardId>,
        /// C13: the cell he goes to (default: the first free inner cell).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cell: Option<CircleId>,
    },
    /// C10: the answer of an Escape Officer asked to lend a man to another's equipment claim.
    AnswerLend {
        agree: bool,
    },
    /// C23: a date time limit (`time_limit` kind `date`) has passed. `today` is the server's
    /// date (ISO 8601, `2027-01-31`); refused while it is before the limit. Any seat may send
    /// it; the web side fills in the date from its clock.
    TimeUp {
        today: String,
    },
    /// C25: give up. An Escape Officer's team leaves the game (its men off the board, its turns
    /// skipped); the German's concession, or the last team's, ends the game.
    Concede,
}

/// What a played card did (C19, C20).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// Exchange card: this Escape Equipment card was taken.
    Equipment { card: CardId },
    /// Release from Solitary.
    Release { placement: Placement },
    /// Diversion, High Command Inspection: guards directly to barracks.
    Guards { moves: Vec<Placement> },
    /// Bribe: these Escape Equipment cards were taken.
    Bribe { cards: Vec<CardId> },
    /// Sabotage: the German owes this many Security cards back.
    Sabotage { owed: u8 },
    /// Quick Move.
    QuickMove { placement: Placement },
    /// Appel: the Escape Officers asked to answer.
    Appel { asked: Vec<Seat> },
    /// Search of a room: the Escape Officers asked to answer; the German's choice of cells for
    /// the men caught (C13).
    Search {
        room: String,
        asked: Vec<Seat>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cells: Vec<CircleId>,
    },
    /// C24 Shoot to Kill: the guard fires at the man; the throws (doubles thrown again). The
    /// shot man's Escape Officer is asked about a Talisman before it is judged.
    Shoot { guard: ManId, man: ManId, throws: Vec<[u8; 2]> },
    /// R53 Tunnel card: the tunnel is open (the card is shown and kept while in use).
    Tunnel { tunnel: String },
    /// R53 Tunnel Detected: two guards moved into the tunnel by dice (`steps` of the score);
    /// the tunnellers to solitary, the guards directly to barracks, the tunnel closed and its
    /// card back to the bottom of the Opportunity pack.
    TunnelDetected { tunnel: String, steps: u16, caught: Vec<Placement>, guards: Vec<Placement> },
    /// R52 Staff Car: the man's throws (six, doubles again) and the circles the car needs to a
    /// target through the main gate (`None`: no target reachable).
    StaffCar { man: ManId, throws: Vec<[u8; 2]>, needed: Option<u16> },
}

/// How a man left the castle for good (C22, R51, R52).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Route {
    /// He walked (over rope, wire or through gates) to a target.
    Walk,
    StaffCar,
    DoOrDie,
}

/// Why a man died (R51, C24).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Death {
    Shot,
    DoOrDie,
}

/// Why a man went to solitary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArrestCause {
    /// A guard moved onto him (C13).
    Guard,
    /// He walked onto a guard (R43).
    Forced,
    /// R52: the staff car fell short of a target.
    StaffCar,
    /// R49: Arrest Key Holder or Arrest Pass Holder.
    Holder,
}

/// An offer of cards between two Escape Officers (R48).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    pub id: u32,
    pub from: Seat,
    pub to: Seat,
    pub give: Vec<CardId>,
    pub want: Vec<CardId>,
}

/// One entry of the log. JSON: `{"event": "<snake_case name>", ...fields}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// C1, C8: roles, turn order, men and the shuffled packs (orders hidden from everyone but
    /// the omniscient viewer).
    Setup {
        roles: Vec<Role>,
        order: Vec<Seat>,
        men: Vec<Man>,
        opportunity: Vec<CardId>,
        security: Vec<CardId>,
        do_or_die: Vec<CardId>,
        /// C2: the time limit in rounds in force (the standard number for this many players, or
        /// the number chosen); absent: none in rounds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rounds: Option<u32>,
        /// The revision of the rules this game is judged by ([`crate::colditz::state::RULES_REVISION`]
        /// when it was set up); absent: 0, the rules before tunnels needed two men and card arrests
        /// counted (R53, C12). Written here so that a game keeps the rules it began with.
        #[serde(default, skip_serializing_if = "is_zero")]
        revision: u32,
    },
    /// C3.
    GuardsPlaced {
        posts: Vec<Placement>,
    },
    /// C4: every throw of the turn.
    Thrown {
        seat: Seat,
        throws: Vec<[u8; 2]>,
    },
    /// C4: a card from the top of a pack (`card` hidden from other seats).
    Drew {
        seat: Seat,
        pack: Pack,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CardId>,
    },
    /// C5/C6: a man walked `path`; equipment cards given up on the way (R41, R50), and the KEY
    /// and PASS circles they paid for (`gates`: open to the team's men for the rest of the turn).
    Moved {
        man: ManId,
        path: Vec<CircleId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        surrendered: Vec<CardId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        gates: Vec<CircleId>,
    },
    /// R39: a man returning from the outer cells stepped off the shortest way back.
    ImmunityLost {
        man: ManId,
    },
    /// C13, R43: a man to a cell; the guard (if any) directly to a barracks place. `confiscate`:
    /// his team now owes one equipment card.
    Arrested {
        man: ManId,
        cell: CircleId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        guard: Option<Placement>,
        cause: ArrestCause,
        confiscate: bool,
    },
    /// C13, C17: an equipment card given up, or a Hideaway played instead.
    Confiscated {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CardId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hideaway: Option<CardId>,
    },
    /// C12.
    Posted {
        placement: Placement,
    },
    /// C12.
    Recalled {
        placement: Placement,
    },
    /// C12 Riot Squad: every guard in reserve posted at once; the throw is spent.
    RiotSquad {
        posts: Vec<Placement>,
    },
    /// C10: an Escape Officer asks another to lend a man for an equipment claim.
    LendAsked {
        seat: Seat,
        lender: Seat,
        equipment: Equipment,
        men: [ManId; 2],
    },
    /// C10: the lender's answer (the claim follows as `equipment_claimed` when he agrees).
    LendAnswered {
        lender: Seat,
        agree: bool,
    },
    /// R37: released by a double.
    Released {
        placement: Placement,
    },
    /// C10: the equipment card and where the two men were moved directly (Appel circles).
    EquipmentClaimed {
        seat: Seat,
        card: CardId,
        moves: Vec<Placement>,
    },
    /// C11.
    KitClaimed {
        seat: Seat,
        card: CardId,
        parts: Vec<CardId>,
    },
    /// C19/C20: a card played in turn.
    Played {
        seat: Seat,
        card: CardId,
        effect: Effect,
    },
    /// R47 (`card` hidden from other seats).
    Discarded {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CardId>,
    },
    /// C18 (`card` hidden from third seats).
    Given {
        from: Seat,
        to: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CardId>,
    },
    /// C16: a private answer (hidden from others until the Appel resolves).
    AppelAnswered {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answer: Option<AppelAnswer>,
    },
    /// C16: the Appel resolved: men who lined up, men warned away, the absentees; `surrendered`:
    /// the equipment the warned men's way to the safe circles took (C17).
    AppelResolved {
        lined_up: Vec<Placement>,
        warned: Vec<Placement>,
        warnings: Vec<CardId>,
        absent: Vec<ManId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        surrendered: Vec<CardId>,
    },
    /// C16: the German's throw searched for absentees; these went to solitary.
    AbsenteesSearched {
        caught: Vec<Placement>,
    },
    /// C17 (hidden from others until the search resolves).
    SearchAnswered {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answer: Option<SearchAnswer>,
    },
    /// C17: warned men, men to solitary, cards confiscated, Hideaways and Warnings played.
    SearchResolved {
        room: String,
        warned: Vec<Placement>,
        caught: Vec<Placement>,
        confiscated: Vec<CardId>,
        cards_played: Vec<CardId>,
        /// The equipment the warned men's way to the safe circles took (C17).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        surrendered: Vec<CardId>,
    },
    /// C20 Sabotage: the German returned Security cards (hidden from the Escape Officers).
    SecurityReturned {
        #[serde(default)]
        cards: Vec<CardId>,
        count: u8,
    },
    /// R48.
    OfferMade {
        offer: Offer,
    },
    OfferAccepted {
        offer: u32,
    },
    OfferDeclined {
        offer: u32,
    },
    OfferWithdrawn {
        offer: u32,
    },
    /// R55 through a dispute: the German puts a man back on `to`, where he stood before the
    /// contested step (undoing a move, a direct move or an arrest).
    PutBack {
        man: ManId,
        to: CircleId,
    },
    /// R55 through a dispute: an Escape Equipment card a team took on the contested step goes
    /// back to the face-up stock (equipment is public).
    EquipmentReturned {
        seat: Seat,
        card: CardId,
    },
    /// R55.
    Disciplined {
        man: ManId,
        cell: CircleId,
        infringement: String,
    },
    StandingOrdersSet {
        seat: Seat,
        orders: StandingOrders,
    },
    /// C21: what another seat sees of a seat's private move (its standing orders set, its Escape
    /// Kit claimed): that the seat did something it keeps to itself, and nothing more. Never
    /// decided: only the redacted form of those events, so that they look alike.
    Private {
        seat: Seat,
    },
    /// C7.
    TurnEnded {
        seat: Seat,
    },
    /// C22: a man reached a target with his team's Escape Kit: he has gone away.
    Escaped {
        man: ManId,
        seat: Seat,
        target: CircleId,
        route: Route,
    },
    /// C25: `seat` conceded: an Escape Officer's men left the board and his team is out; the
    /// German's concession ends the game.
    Conceded {
        seat: Seat,
    },
    /// R51, C24: a man died; with `team_out` his whole team is out of the game (R51).
    Died {
        man: ManId,
        seat: Seat,
        cause: Death,
        #[serde(default)]
        team_out: bool,
    },
    /// R46: the chase is over: the guards beyond the walls go directly to barracks and the
    /// routes opened are closed (nobody left beyond the walls), or, with `others_beyond`, the
    /// chasers of an escaper who reached his target, was arrested or shot go back while other
    /// escapers are still chased (the routes stay open).
    ChaseEnded {
        moves: Vec<Placement>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        others_beyond: bool,
    },
    /// R51: the top Do or Die card drawn for `man` (shown: its number of throws), before the
    /// throws; the team's Escape Kit is displayed.
    DoOrDieDrawn {
        man: ManId,
        card: CardId,
    },
    /// R53: a man left alone in a tunnel at the end of his team's turn came up at the nearest
    /// free circle (at least two men occupy a tunnel at all times).
    TunnelLeft {
        man: ManId,
        to: CircleId,
    },
    /// R51: a Do or Die run: the card drawn (its number of throws) and every throw.
    DoOrDieRun {
        man: ManId,
        card: CardId,
        throws: Vec<[u8; 2]>,
        /// Steps to the nearest target, `None` if none is reachable.
        needed: Option<u16>,
    },
    /// C24: the shot judged: range (doubled score, or the plain score with a Talisman), the
    /// distance to the guard, whether he was hit.
    ShotJudged {
        man: ManId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        talisman: Option<CardId>,
        range: u16,
        distance: Option<u16>,
        hit: bool,
        /// R46: the guard who fired goes directly to barracks, hit or miss (absent in logs
        /// written before: he stayed where he stood).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        guard: Option<Placement>,
    },
    /// R49: a PoW gave up a Key or Pass: the German is asked whether he arrests the holder
    /// (asked whether or not he holds the card).
    HolderAsked {
        man: ManId,
        equipment: Equipment,
    },
    /// R49: the German's answer (`card` None: no arrest). An arrest follows as `arrested`.
    HolderAnswered {
        man: ManId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CardId>,
    },
    /// R53: the holder returned the shown Tunnel card (its escape use completed): the tunnel
    /// closes and the men still inside come up directly at the nearest free circles.
    TunnelClosed {
        tunnel: String,
        card: CardId,
        moves: Vec<Placement>,
    },
    /// C23: the date time limit has passed (`today` as the server sent it).
    TimeUp {
        today: String,
    },
    /// C26: the position of a game carried over from a real table, as the host entered it: every
    /// man where he stands (in the setup's order), the men escaped or dead, each team's
    /// equipment, the tunnels in use, the round and whose turn it is; and the draw piles the
    /// server shuffled of what lies on no table (hidden from everyone, as the setup's are).
    /// Every hand is empty until its seat enters it ([`Event::HandEntered`]).
    PositionEntered {
        men: Vec<Man>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        escaped: Vec<ManId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        dead: Vec<ManId>,
        /// Per seat: its Escape Equipment (and its Escape Kit, when displayed).
        equipment: Vec<Vec<CardId>>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        kit_shown: Vec<Seat>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tunnels: Vec<TunnelHeld>,
        round: u32,
        to_move: Seat,
        opportunity: Vec<CardId>,
        security: Vec<CardId>,
        do_or_die: Vec<CardId>,
    },
    /// C26: the hands entered held more Opportunity cards of one kind than the pack has, so
    /// every Escape Officer's hand went back to the pack (shuffled again: `pile`, for nobody)
    /// and each enters it again. Said to everyone alike, naming no seat and no kind.
    HandsReturned {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pile: Vec<CardId>,
    },
    /// C26: a seat's hand, entered privately by that seat, and (an Escape Officer's) whether
    /// his team holds its Escape Kit undisplayed. `cards`, `kit`: only for that seat; `pile`,
    /// the seat's draw pile shuffled again without the hand: for nobody (C21).
    HandEntered {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<CardId>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kit: Option<bool>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pile: Vec<CardId>,
    },
}

/// C26, R53: a tunnel in use at the table and the Escape Officer whose Tunnel card is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TunnelHeld {
    /// "chapel", "canteen", "theatre".
    pub tunnel: String,
    pub seat: Seat,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
