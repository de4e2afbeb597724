//! The Escape from Colditz board: circles on a hexagonal grid, the walls between them, and every
//! place the rules speak of (rooms, gates, rope drops, wire, tunnels, searchlights, cells,
//! barracks, the staff car, targets, Appel formations).
//!
//! The board is data: `board.txt` beside this file, parsed once into [`BOARD`]. Nothing here
//! knows where a room is; the rules engine asks the board. docs/rules/colditz-board.md describes
//! the file, the id scheme and the design decisions.
//!
//! Movement is a graph. Every [`Link`] is typed by what it takes to use it ([`Link::needs`]),
//! and the distance queries take a [`Passage`] saying which kinds of link a man may use, so the
//! same board answers a walking PoW, a PoW with a key and a rope, a guard, a Do or Die runner
//! and a tunneller.

mod parse;
#[cfg(test)]
mod tests;

use crate::Msg;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

pub use parse::BoardError;

/// The board's source text, compiled in so that the engine stays free of I/O.
pub const SOURCE: &str = include_str!("board.txt");

/// The board, parsed on first use. The file is checked by the tests, so a malformed file fails
/// the build's tests long before it could fail a game.
pub static BOARD: LazyLock<Board> =
    LazyLock::new(|| Board::parse(SOURCE).unwrap_or_else(|error| panic!("colditz/board.txt: {error}")));

/// Where a circle stands: its grid row and column. Written `r07c23` (two digits each), which is
/// the id stored in game logs. Ids depend only on the place, so editing the map never renames a
/// circle as long as rows and columns are neither inserted nor deleted (the loader checks the row
/// numbers in the margin).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CircleId {
    row: u8,
    col: u8,
}

impl CircleId {
    pub const fn new(row: u8, col: u8) -> Self {
        CircleId { row, col }
    }
    pub const fn row(self) -> u8 {
        self.row
    }
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The six grid cells around this one (some may lie off the board or hold no circle).
    /// Odd rows sit half a circle to the right, so the diagonal neighbours depend on the parity.
    fn grid_neighbours(self) -> impl Iterator<Item = (i32, i32)> {
        let (r, c) = (i32::from(self.row), i32::from(self.col));
        let shift = if r % 2 == 0 { -1 } else { 0 };
        [(0, -1), (0, 1), (-1, shift), (-1, shift + 1), (1, shift), (1, shift + 1)]
            .into_iter()
            .map(move |(dr, dc)| (r + dr, c + dc))
    }

    /// Cube coordinates of the offset grid, for straight-line hex distances.
    fn cube(self) -> (i32, i32, i32) {
        let r = i32::from(self.row);
        let x = i32::from(self.col) - (r - (r & 1)) / 2;
        (x, -x - r, r)
    }

    /// Straight-line distance in circles, ignoring walls (e.g. for a line of fire).
    pub fn hex_distance(self, other: CircleId) -> u16 {
        let (a, b) = (self.cube(), other.cube());
        let d = (a.0 - b.0).abs().max((a.1 - b.1).abs()).max((a.2 - b.2).abs());
        u16::try_from(d).unwrap_or(u16::MAX)
    }
}

/// A circle's grid reference as the board prints it along its edges: row·column.
pub fn grid_ref(id: CircleId) -> String {
    format!("{}·{}", id.row, id.col)
}

impl fmt::Display for CircleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{:02}c{:02}", self.row, self.col)
    }
}

impl fmt::Debug for CircleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for CircleId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("{s:?} is not a circle id (expected the form r07c23)");
        let rest = s.strip_prefix('r').ok_or_else(bad)?;
        let (row, col) = rest.split_once('c').ok_or_else(bad)?;
        let two_digits = |t: &str| t.len() == 2 && t.bytes().all(|b| b.is_ascii_digit());
        if !two_digits(row) || !two_digits(col) {
            return Err(bad());
        }
        Ok(CircleId { row: row.parse().map_err(|_| bad())?, col: col.parse().map_err(|_| bad())? })
    }
}

impl Serialize for CircleId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CircleId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Declares an enum whose variants are named in board.txt by a fixed word.
macro_rules! keyed_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $key:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The word for it in board.txt and in Fluent ids.
            pub const fn key(self) -> &'static str {
                match self { $($name::$variant => $key),+ }
            }
            pub fn from_key(key: &str) -> Option<Self> {
                match key { $($key => Some($name::$variant),)+ _ => None }
            }
        }
    };
}

keyed_enum! {
    /// What a circle is (its colour or mark on the printed board).
    CircleKind {
        /// An ordinary circle.
        Plain = "plain",
        /// White Appel circle: a PoW cannot be arrested on it (R35).
        Appel = "appel",
        /// Pale-blue safe circle: no arrest, no Appel.
        Safe = "safe",
        /// Black guard circle: where guards are posted and recalled from.
        GuardPost = "guard-post",
        /// Yellow searchlight circle: a PoW may cross it but never remain on it (R42).
        Searchlight = "searchlight",
        /// KEY circle: a PoW steps on it only by surrendering a Key (R41).
        Key = "key",
        /// PASS circle: a PoW steps on it only by surrendering a Pass (R41).
        Pass = "pass",
        /// Dark-brown tunnel circle.
        Tunnel = "tunnel",
        /// Light-green circle from which a Do or Die run starts.
        DoOrDie = "do-or-die",
        /// A window or wall top marked 30 or 60: a rope drop starts here.
        RopeDrop = "rope-drop",
        /// White-ringed circle where a rope drop lands.
        Landing = "landing",
        /// An escape target.
        Target = "target",
        /// A solitary confinement cell.
        Cell = "cell",
        /// The bold circle outside a block of cells where a released PoW comes out.
        CellDoor = "cell-door",
        /// A place in the German Barracks for a guard in reserve.
        BarracksSlot = "barracks-slot",
        /// A sand circle next to the staff car, where a PoW boards it.
        StaffCar = "staff-car",
    }
}

keyed_enum! {
    /// The eight equipment symbols printed in the rooms.
    Symbol {
        Food = "food",
        Rope = "rope",
        Key = "key",
        Pass = "pass",
        Documents = "documents",
        WireCutters = "wire-cutters",
        Disguise = "disguise",
        Compass = "compass",
    }
}

keyed_enum! {
    /// KEY or PASS.
    GateKind {
        Key = "key",
        Pass = "pass",
    }
}

impl Symbol {
    /// The symbol's name, for people.
    pub fn name(self) -> Msg {
        Msg::new(format!("colditz-symbol-{}", self.key()))
    }
}

impl CircleKind {
    /// The legend entry for this kind of circle.
    pub fn legend(self) -> Msg {
        Msg::new(format!("colditz-board-legend-{}", self.key()))
    }
}

/// Index of a room in [`Board::rooms`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomId(pub u8);
/// Index of a block of cells in [`Board::cell_blocks`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellBlockId(pub u8);
/// Index of a tunnel in [`Board::tunnels`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TunnelId(pub u8);

/// What a grid cell is, whether or not a circle stands on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Castle and building walls: impassable (tunnels may run beneath).
    Wall,
    /// The wire: crossed only at a wire crossing, with Wire Cutters.
    Wire,
    River,
    /// Green fields beyond the walls and the wire, where the targets are.
    Fields,
    Bridge,
    /// The grey Inner PoW Courtyard, with its passages.
    Courtyard,
    /// Sand-coloured outer areas inside the walls or wire: terraces, the garden.
    Terrace,
    /// The garrison courtyard.
    Kommandantur,
    /// The Kommandantur lawn, where the staff car stands.
    Lawn,
    /// The German Barracks.
    Barracks,
    /// The staff car itself (no circles).
    StaffCar,
    Cells(CellBlockId),
    Room(RoomId),
}

impl Terrain {
    /// Whether men walk on circles of this terrain (cells and barracks are entered only by
    /// "moving directly"; walls, wire and river only by tunnellers beneath).
    pub fn walkable(self) -> bool {
        matches!(
            self,
            Terrain::Fields
                | Terrain::Bridge
                | Terrain::Courtyard
                | Terrain::Terrace
                | Terrain::Kommandantur
                | Terrain::Lawn
                | Terrain::Room(_)
        )
    }
}

/// The broad zones the rules distinguish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Region {
    /// The prisoners' area: courtyard, rooms, the inner cells.
    Inner,
    /// Inside the outer walls or wire but outside the courtyard: terraces, garden, Kommandantur,
    /// barracks, the outer cells.
    Outer,
    /// Outside the entire castle walls or wire (R38): fields, bridges, the river terrace.
    Beyond,
    /// A tunnel circle beneath a wall, wire or river: only tunnellers are ever there.
    Underground,
}

/// One circle of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Circle {
    pub id: CircleId,
    pub kind: CircleKind,
    pub terrain: Terrain,
    pub region: Region,
}

impl Circle {
    /// The room this circle is in.
    pub fn room(&self) -> Option<RoomId> {
        match self.terrain {
            Terrain::Room(room) => Some(room),
            _ => None,
        }
    }
}

/// A way from one circle to another, typed by what it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    pub to: CircleId,
    pub kind: LinkKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    /// A step to a neighbouring circle.
    Step,
    /// A step onto a KEY or PASS circle (R41: the PoW surrenders the card; guards pass freely).
    Gate(GateKind),
    /// Down a rope from a drop circle to its landing circle (one way).
    RopeDown { ropes: u8 },
    /// Back up the rope from the landing circle into the castle: R40 makes a PoW who returns
    /// forfeit another rope of the same length.
    RopeUp { ropes: u8 },
    /// Through the wire between two facing circles.
    Wire,
    /// Along a tunnel, for men inside it (R53: surface walkers cross tunnels, never follow them).
    Tunnel(TunnelId),
}

/// What using a link takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    Nothing,
    Key,
    Pass,
    Ropes(u8),
    WireCutters,
    /// Being a tunneller of this tunnel (its Tunnel card is in play).
    Tunnel(TunnelId),
}

impl Link {
    pub fn needs(&self) -> Need {
        match self.kind {
            LinkKind::Step => Need::Nothing,
            LinkKind::Gate(GateKind::Key) => Need::Key,
            LinkKind::Gate(GateKind::Pass) => Need::Pass,
            LinkKind::RopeDown { ropes } | LinkKind::RopeUp { ropes } => Need::Ropes(ropes),
            LinkKind::Wire => Need::WireCutters,
            LinkKind::Tunnel(tunnel) => Need::Tunnel(tunnel),
        }
    }
}

/// Which tunnels a search may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TunnelAccess {
    None,
    All,
    Only(TunnelId),
}

/// Which special links a distance query may use. Plain steps are always allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Passage {
    /// Step onto KEY circles.
    pub keys: bool,
    /// Step onto PASS circles.
    pub passes: bool,
    /// The most Rope cards one drop (or climb) may take: 0 none, 1 the 30s, 2 also the 60s.
    pub ropes: u8,
    /// Cross the wire at the crossings.
    pub wire: bool,
    pub tunnels: TunnelAccess,
}

impl Passage {
    /// A man with nothing: plain steps only.
    pub const WALK: Passage =
        Passage { keys: false, passes: false, ropes: 0, wire: false, tunnels: TunnelAccess::None };
    /// Every link on the board.
    pub const ANY: Passage =
        Passage { keys: true, passes: true, ropes: 2, wire: true, tunnels: TunnelAccess::All };
    /// A guard on his rounds: through gates, not over walls or wire, not into tunnels. (A guard
    /// giving chase follows the escaper's route instead, R46; the rules engine widens this.)
    pub const GUARD: Passage =
        Passage { keys: true, passes: true, ropes: 0, wire: false, tunnels: TunnelAccess::None };
    /// A Do or Die runner (R51): "requiring no equipment", he runs out through the gates of the
    /// Kommandantur; he does not climb down walls or cut wire.
    pub const DO_OR_DIE: Passage = Passage::GUARD;

    fn allows(&self, kind: LinkKind) -> bool {
        match kind {
            LinkKind::Step => true,
            LinkKind::Gate(GateKind::Key) => self.keys,
            LinkKind::Gate(GateKind::Pass) => self.passes,
            LinkKind::RopeDown { ropes } | LinkKind::RopeUp { ropes } => ropes <= self.ropes,
            LinkKind::Wire => self.wire,
            LinkKind::Tunnel(tunnel) => self.tunnel(tunnel),
        }
    }

    fn tunnel(&self, tunnel: TunnelId) -> bool {
        match self.tunnels {
            TunnelAccess::None => false,
            TunnelAccess::All => true,
            TunnelAccess::Only(only) => only == tunnel,
        }
    }
}

/// A room: its circles, its doors and its equipment symbol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Room {
    /// Stable name used by cards and logs ("kitchen").
    pub key: String,
    pub symbol: Symbol,
    pub circles: Vec<CircleId>,
    /// The room's circles from which a man steps out of it.
    pub doors: Vec<CircleId>,
}

impl Room {
    pub fn name(&self) -> Msg {
        Msg::new(format!("colditz-room-{}", self.key))
    }
}

/// A block of solitary confinement cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellBlock {
    pub key: String,
    /// The outer block (section 4 of the board, R39) rather than an inner one.
    pub outer: bool,
    pub cells: Vec<CircleId>,
    /// Where a released PoW comes out (R37).
    pub door: CircleId,
}

/// A tunnel: its circles in order from one end to the other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tunnel {
    /// "chapel", "canteen", "theatre": the room its Tunnel card names.
    pub key: String,
    pub circles: Vec<CircleId>,
}

impl Tunnel {
    /// The two circles by which tunnellers enter and leave.
    pub fn ends(&self) -> [CircleId; 2] {
        [self.circles[0], self.circles[self.circles.len() - 1]]
    }
    pub fn name(&self) -> Msg {
        Msg::new(format!("colditz-tunnel-{}", self.key))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RopeDrop {
    pub from: CircleId,
    pub to: CircleId,
    /// Rope cards needed: 1 for a drop marked 30, 2 for 60.
    pub ropes: u8,
}

impl RopeDrop {
    /// The mark printed at the drop, in feet.
    pub fn feet(&self) -> u16 {
        u16::from(self.ropes) * 30
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WireCrossing {
    pub inside: CircleId,
    pub outside: CircleId,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gate {
    pub key: String,
    pub kind: GateKind,
    pub circle: CircleId,
    /// The main gate: the staff car drives through without a pass (R52).
    pub main: bool,
    /// The Pass circle through which a PoW released from the outer cells walks back (R39).
    pub r39_return: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// "nw", "n", "ne", "e", "sw", "s", "se".
    pub key: String,
    pub circle: CircleId,
}

impl Target {
    pub fn name(&self) -> Msg {
        Msg::new(format!("colditz-target-{}", self.key))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Searchlight {
    pub key: String,
    pub circles: Vec<CircleId>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Barracks {
    pub key: String,
    pub slots: Vec<CircleId>,
}

/// The Appel formation for one number of players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formation {
    pub players: u8,
    /// The German Security Officer's guards for this many players.
    pub guards: u8,
    /// Per team (in seat order of the Escape Officers), the Appel circles of its men.
    pub teams: Vec<Vec<CircleId>>,
}

/// The parsed board. Built by [`Board::parse`]; use [`BOARD`] for the game's own.
#[derive(Debug, Clone)]
pub struct Board {
    width: u8,
    height: u8,
    terrain: Vec<Terrain>,
    circles: Vec<Circle>,
    /// Grid cell → index into `circles`.
    at: Vec<Option<u32>>,
    links: Vec<Vec<Link>>,
    rooms: Vec<Room>,
    cell_blocks: Vec<CellBlock>,
    tunnels: Vec<Tunnel>,
    drops: Vec<RopeDrop>,
    wire_crossings: Vec<WireCrossing>,
    gates: Vec<Gate>,
    targets: Vec<Target>,
    searchlights: Vec<Searchlight>,
    barracks: Vec<Barracks>,
    formations: Vec<Formation>,
}

/// Shortest distances from a set of circles, as found by [`Board::distances`].
#[derive(Debug, Clone)]
pub struct Distances<'b> {
    board: &'b Board,
    steps: Vec<Option<u16>>,
}

impl Distances<'_> {
    /// Steps to `id`, or `None` when it cannot be reached.
    pub fn to(&self, id: CircleId) -> Option<u16> {
        self.board.index(id).and_then(|i| self.steps.get(i).copied().flatten())
    }
    /// Every reachable circle with its distance.
    pub fn reached(&self) -> impl Iterator<Item = (CircleId, u16)> + '_ {
        self.steps.iter().enumerate().filter_map(|(i, d)| d.map(|d| (self.board.circles[i].id, d)))
    }
}

impl Board {
    /// Parse and check a board file. Errors name the line and column at fault.
    pub fn parse(source: &str) -> Result<Board, BoardError> {
        parse::parse(source)
    }

    pub fn width(&self) -> u8 {
        self.width
    }
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The terrain of a grid cell (circle or not); `None` off the board.
    pub fn terrain(&self, row: u8, col: u8) -> Option<Terrain> {
        (row < self.height && col < self.width)
            .then(|| self.terrain[usize::from(row) * usize::from(self.width) + usize::from(col)])
    }

    fn cell_index(&self, row: i32, col: i32) -> Option<usize> {
        let (w, h) = (i32::from(self.width), i32::from(self.height));
        (row >= 0 && row < h && col >= 0 && col < w).then(|| (row * w + col) as usize)
    }

    fn index(&self, id: CircleId) -> Option<usize> {
        self.cell_index(i32::from(id.row), i32::from(id.col))
            .and_then(|cell| self.at[cell])
            .map(|i| i as usize)
    }

    /// Every circle, row by row.
    pub fn circles(&self) -> &[Circle] {
        &self.circles
    }

    pub fn circle(&self, id: CircleId) -> Option<&Circle> {
        self.index(id).map(|i| &self.circles[i])
    }

    pub fn contains(&self, id: CircleId) -> bool {
        self.index(id).is_some()
    }

    /// The circles of one kind, row by row.
    pub fn circles_of(&self, kind: CircleKind) -> impl Iterator<Item = CircleId> + '_ {
        self.circles.iter().filter(move |c| c.kind == kind).map(|c| c.id)
    }

    /// Every way out of a circle.
    pub fn links(&self, id: CircleId) -> &[Link] {
        self.index(id).map_or(&[], |i| &self.links[i])
    }

    /// The link from `from` to `to`, if they are joined.
    pub fn link(&self, from: CircleId, to: CircleId) -> Option<Link> {
        self.links(from).iter().find(|l| l.to == to).copied()
    }

    pub fn region(&self, id: CircleId) -> Option<Region> {
        self.circle(id).map(|c| c.region)
    }

    /// In the grey Inner PoW Courtyard proper (not a room, not a cell): where a PoW of a team
    /// holding equipment may be arrested.
    pub fn in_courtyard(&self, id: CircleId) -> bool {
        self.circle(id).is_some_and(|c| c.terrain == Terrain::Courtyard)
    }

    /// Outside the entire castle walls or wire (R38; where Shoot to Kill applies).
    pub fn is_beyond(&self, id: CircleId) -> bool {
        self.region(id) == Some(Region::Beyond)
    }

    pub fn kind(&self, id: CircleId) -> Option<CircleKind> {
        self.circle(id).map(|c| c.kind)
    }

    pub fn is(&self, id: CircleId, kind: CircleKind) -> bool {
        self.kind(id) == Some(kind)
    }

    // ---------------------------------------------------------------- rooms and places

    pub fn rooms(&self) -> &[Room] {
        &self.rooms
    }
    pub fn room(&self, id: RoomId) -> &Room {
        &self.rooms[usize::from(id.0)]
    }
    /// A room by its stable name ("kitchen").
    pub fn room_named(&self, key: &str) -> Option<(RoomId, &Room)> {
        self.rooms.iter().enumerate().find(|(_, r)| r.key == key).map(|(i, r)| (RoomId(i as u8), r))
    }
    /// The room a circle is in.
    /// The message id of the room, tunnel or area a circle lies in, as pages name places.
    pub fn area_key(&self, id: CircleId) -> String {
        if let Some((_, room)) = self.room_of(id) {
            return room.name().key;
        }
        if let Some((_, tunnel)) = self.tunnel_of(id) {
            return tunnel.name().key;
        }
        let area = match self.circle(id).map(|c| c.terrain) {
            Some(Terrain::Courtyard) => "courtyard",
            Some(Terrain::Cells(_)) => "cells",
            Some(Terrain::Terrace) => "terrace",
            Some(Terrain::Kommandantur) => "kommandantur",
            Some(Terrain::Lawn | Terrain::StaffCar) => "lawn",
            Some(Terrain::Barracks) => "barracks",
            Some(Terrain::Fields | Terrain::Wire) => "fields",
            Some(Terrain::River) => "river",
            Some(Terrain::Bridge) => "bridge",
            Some(Terrain::Wall) => "wall",
            Some(Terrain::Room(_)) | None => "board",
        };
        format!("colditz-place-{area}")
    }
    pub fn room_of(&self, id: CircleId) -> Option<(RoomId, &Room)> {
        let room = self.circle(id)?.room()?;
        Some((room, self.room(room)))
    }
    /// The rooms showing a symbol.
    pub fn rooms_with(&self, symbol: Symbol) -> impl Iterator<Item = (RoomId, &Room)> + '_ {
        self.rooms
            .iter()
            .enumerate()
            .filter(move |(_, r)| r.symbol == symbol)
            .map(|(i, r)| (RoomId(i as u8), r))
    }
    /// Whether a circle is a room's door circle (where guards may not stand between turns, R45).
    pub fn is_door(&self, id: CircleId) -> bool {
        self.room_of(id).is_some_and(|(_, room)| room.doors.contains(&id))
    }

    pub fn cell_blocks(&self) -> &[CellBlock] {
        &self.cell_blocks
    }
    pub fn cell_block(&self, id: CellBlockId) -> &CellBlock {
        &self.cell_blocks[usize::from(id.0)]
    }
    /// The block of cells a circle belongs to.
    pub fn cell_block_of(&self, id: CircleId) -> Option<(CellBlockId, &CellBlock)> {
        match self.circle(id)?.terrain {
            Terrain::Cells(block) => Some((block, self.cell_block(block))),
            _ => None,
        }
    }

    pub fn tunnels(&self) -> &[Tunnel] {
        &self.tunnels
    }
    pub fn tunnel(&self, id: TunnelId) -> &Tunnel {
        &self.tunnels[usize::from(id.0)]
    }
    pub fn tunnel_named(&self, key: &str) -> Option<(TunnelId, &Tunnel)> {
        self.tunnels.iter().enumerate().find(|(_, t)| t.key == key).map(|(i, t)| (TunnelId(i as u8), t))
    }
    /// The tunnel a circle belongs to.
    pub fn tunnel_of(&self, id: CircleId) -> Option<(TunnelId, &Tunnel)> {
        self.tunnels
            .iter()
            .enumerate()
            .find(|(_, t)| t.circles.contains(&id))
            .map(|(i, t)| (TunnelId(i as u8), t))
    }

    pub fn drops(&self) -> &[RopeDrop] {
        &self.drops
    }
    pub fn wire_crossings(&self) -> &[WireCrossing] {
        &self.wire_crossings
    }
    pub fn gates(&self) -> &[Gate] {
        &self.gates
    }
    pub fn gate_at(&self, id: CircleId) -> Option<&Gate> {
        self.gates.iter().find(|g| g.circle == id)
    }
    /// The main gate (R52).
    pub fn main_gate(&self) -> &Gate {
        self.gates.iter().find(|g| g.main).expect("the loader requires a main gate")
    }
    /// The Pass circle of rule 39.
    pub fn return_gate(&self) -> &Gate {
        self.gates.iter().find(|g| g.r39_return).expect("the loader requires a return gate")
    }
    pub fn targets(&self) -> &[Target] {
        &self.targets
    }
    pub fn target_at(&self, id: CircleId) -> Option<&Target> {
        self.targets.iter().find(|t| t.circle == id)
    }
    pub fn searchlights(&self) -> &[Searchlight] {
        &self.searchlights
    }
    pub fn barracks(&self) -> &[Barracks] {
        &self.barracks
    }
    /// Every barracks slot, block by block.
    pub fn barracks_slots(&self) -> impl Iterator<Item = CircleId> + '_ {
        self.barracks.iter().flat_map(|b| b.slots.iter().copied())
    }
    pub fn staff_car_circles(&self) -> impl Iterator<Item = CircleId> + '_ {
        self.circles_of(CircleKind::StaffCar)
    }
    /// The black guard circles inside the courtyard (`Region::Inner`) or in the outer areas
    /// (`Region::Outer`): the two setup zones.
    pub fn guard_posts(&self, region: Region) -> impl Iterator<Item = CircleId> + '_ {
        self.circles
            .iter()
            .filter(move |c| c.kind == CircleKind::GuardPost && c.region == region)
            .map(|c| c.id)
    }

    pub fn formations(&self) -> &[Formation] {
        &self.formations
    }
    /// The Appel formation for a number of players (2–6).
    pub fn formation(&self, players: u8) -> Option<&Formation> {
        self.formations.iter().find(|f| f.players == players)
    }

    // ---------------------------------------------------------------- distances

    /// Shortest distances in steps from any of `from`, using plain steps and the links `passage`
    /// allows, never entering a circle for which `blocked` is true (e.g. one occupied by another
    /// man). A rope drop, a wire crossing and a step along a tunnel each count one step.
    ///
    /// Tunnels follow R53: a man enters or leaves a tunnel only at one of its two ends; inside,
    /// he moves along it; on the surface he may cross tunnel circles but never follow them.
    pub fn distances(
        &self,
        from: &[CircleId],
        passage: Passage,
        blocked: &dyn Fn(CircleId) -> bool,
    ) -> Distances<'_> {
        let n = self.circles.len();
        // State i: circle i on the surface; state n + i: circle i inside its tunnel.
        let mut best: Vec<Option<u16>> = vec![None; 2 * n];
        let mut queue = VecDeque::new();
        for &id in from {
            if let Some(i) = self.index(id) {
                best[i] = Some(0);
                queue.push_back(i);
            }
        }
        // The tunnels' end circles this passage may go down at (a handful: looked up by index).
        let ends: Vec<(usize, TunnelId)> = self
            .tunnels
            .iter()
            .enumerate()
            .map(|(t, tunnel)| (TunnelId(t as u8), tunnel))
            .filter(|(id, _)| passage.tunnel(*id))
            .flat_map(|(id, tunnel)| tunnel.ends().map(|c| (c, id)))
            .filter_map(|(c, id)| self.index(c).map(|i| (i, id)))
            .collect();
        let tunnel_end =
            |i: usize| -> Option<TunnelId> { ends.iter().find(|&&(e, _)| e == i).map(|&(_, t)| t) };
        // 0-1 breadth-first search: going down into or up out of a tunnel end costs nothing.
        while let Some(state) = queue.pop_front() {
            let d = best[state].expect("queued states have a distance");
            let (i, inside) = (state % n, state >= n);
            let mut relax = |next: usize, cost: u16, queue: &mut VecDeque<usize>| {
                if best[next].is_none_or(|old| d + cost < old) {
                    best[next] = Some(d + cost);
                    if cost == 0 {
                        queue.push_front(next);
                    } else {
                        queue.push_back(next);
                    }
                }
            };
            if tunnel_end(i).is_some() {
                relax(if inside { i } else { n + i }, 0, &mut queue);
            }
            for link in &self.links[i] {
                let along_tunnel = matches!(link.kind, LinkKind::Tunnel(_));
                if along_tunnel != inside || !passage.allows(link.kind) || blocked(link.to) {
                    continue;
                }
                let j = self.index(link.to).expect("links join circles");
                relax(if inside { n + j } else { j }, 1, &mut queue);
            }
        }
        let steps = (0..n)
            .map(|i| match (best[i], best[n + i]) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            })
            .collect();
        Distances { board: self, steps }
    }

    /// The shortest distance from one circle to another (see [`Board::distances`]).
    pub fn distance(
        &self,
        from: CircleId,
        to: CircleId,
        passage: Passage,
        blocked: &dyn Fn(CircleId) -> bool,
    ) -> Option<u16> {
        self.distances(&[from], passage, blocked).to(to)
    }

    /// For "move directly": the free circle nearest to `from` among those `accept` takes.
    /// Nearness is counted over every link of the board regardless of who stands where (a man
    /// moved directly is not stopped on the way); circles no link reaches (cells, barracks) come
    /// after, by straight-line distance. Ties go to the lower id, so the answer is the same on
    /// every replay.
    pub fn nearest_free(
        &self,
        from: CircleId,
        accept: &dyn Fn(&Circle) -> bool,
        occupied: &dyn Fn(CircleId) -> bool,
    ) -> Option<CircleId> {
        let candidates: Vec<&Circle> = self.circles.iter().filter(|c| accept(c) && !occupied(c.id)).collect();
        // Circles no link reaches (cells, barracks places) need no search.
        let linked = candidates.iter().any(|c| !self.links(c.id).is_empty());
        let distances = if linked {
            self.distances(&[from], Passage::ANY, &|_| false)
        } else {
            Distances { board: self, steps: Vec::new() }
        };
        candidates
            .into_iter()
            .min_by_key(|c| {
                let rank = match distances.to(c.id) {
                    Some(d) => u32::from(d),
                    None => u32::from(u16::MAX) + u32::from(from.hex_distance(c.id)),
                };
                (rank, c.id)
            })
            .map(|c| c.id)
    }
}
