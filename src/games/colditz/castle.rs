//! The Escape from Colditz board as an SVG picture, with pieces on it.
//!
//! Everything drawn comes from the [`Board`]: the terrain of every grid cell, every circle by
//! kind, rope drops with their 30/60 marks, the wire, KEY and PASS marks, tunnels, targets,
//! barracks and the staff car. Words come through `tr`, so the picture speaks the viewer's
//! language. Each circle carries its id (`id` attribute and a `<title>` shown on hover), so a page
//! can point at circles and a player can read the id to type in a move.

use feldpost_engine::Msg;
use feldpost_engine::colditz::board::{Board, CircleId, CircleKind, Terrain};
use svg::Document;
use svg::node::element::{Circle, Group, Line, Polygon, Polyline, Rectangle, Style, Text, Title};

/// The five nations of Escape Officers, with their piece colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nation {
    American,
    British,
    Dutch,
    French,
    Polish,
}

impl Nation {
    pub const ALL: [Nation; 5] =
        [Nation::American, Nation::British, Nation::Dutch, Nation::French, Nation::Polish];

    /// Blue, red, orange, brown, green (the rules' team colours).
    pub fn colour(self) -> &'static str {
        match self {
            Nation::American => "#1f5fbf",
            Nation::British => "#c62828",
            Nation::Dutch => "#ef7d00",
            Nation::French => "#7b4a24",
            Nation::Polish => "#2e8b3a",
        }
    }
}

/// Whose piece it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// A German guard (grey).
    Guard,
    /// A prisoner of war of a nation.
    Pow(Nation),
}

impl Side {
    fn colour(self) -> &'static str {
        match self {
            Side::Guard => "#6e6e6e",
            Side::Pow(nation) => nation.colour(),
        }
    }
}

/// A piece to draw: whose it is, where it stands, and a short label (e.g. "3" or "G12").
/// Several pieces on one circle (a cell) are drawn side by side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceMark {
    pub circle: CircleId,
    pub side: Side,
    pub label: String,
    /// Words shown on hover (empty: the label and the circle id).
    pub title: String,
}

/// One mark of the last step (docs/architecture.md, rule 4: drawn from the viewer's view): a
/// man's way from the first circle through the rest to the last, a dashed ring where he left and
/// a ring where he stands; an arrest goes straight to its cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepMark {
    pub man: String,
    /// From where, through each circle, to where.
    pub way: Vec<CircleId>,
    pub arrest: bool,
    /// Said in the mark's tooltip and to screen readers.
    pub title: String,
}

/// Distance between neighbouring circles in a row, in SVG units.
const STEP: f64 = 12.0;
/// Rows of a hex grid are closer than columns: sin 60°.
const ROW_STEP: f64 = STEP * 0.866_025_4;
/// Height of one hexagonal cell (pointy top).
const HEX_HEIGHT: f64 = STEP * 1.154_700_5;
const MARGIN: f64 = 10.0;
const CIRCLE_RADIUS: f64 = 4.4;
const PIECE_RADIUS: f64 = 5.4;
const LEGEND_WIDTH: f64 = 270.0;
const LEGEND_LINE: f64 = 15.0;

/// SVG units rounded to a tenth: the picture stays exact enough and far smaller.
fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn centre(row: u8, col: u8) -> (f64, f64) {
    let shift = if row % 2 == 1 { STEP / 2.0 } else { 0.0 };
    (
        tenth(MARGIN + STEP / 2.0 + f64::from(col) * STEP + shift),
        tenth(MARGIN + HEX_HEIGHT / 2.0 + f64::from(row) * ROW_STEP),
    )
}

fn at(id: CircleId) -> (f64, f64) {
    centre(id.row(), id.col())
}

fn terrain_class(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Wall => "t-wall",
        Terrain::Wire | Terrain::Fields => "t-fields",
        Terrain::River => "t-river",
        Terrain::Bridge => "t-bridge",
        Terrain::Courtyard => "t-courtyard",
        Terrain::Terrace => "t-terrace",
        Terrain::Kommandantur => "t-kommandantur",
        Terrain::Lawn | Terrain::StaffCar => "t-lawn",
        Terrain::Barracks => "t-barracks",
        Terrain::Cells(_) => "t-cells",
        Terrain::Room(_) => "t-room",
    }
}

const STYLE: &str = "
text{font-family:'DejaVu Sans',Verdana,sans-serif;paint-order:stroke;stroke:#fff;stroke-width:1.6px;stroke-linejoin:round}
.t-wall{fill:#6b5d4f}.t-fields{fill:#b9dc9b}.t-river{fill:#74aee0}.t-bridge{fill:#9a7048}
.t-courtyard{fill:#c9c9c9}.t-terrace{fill:#e8d5a5}.t-kommandantur{fill:#d6bd86}.t-lawn{fill:#8fc46f}
.t-barracks{fill:#a85a44}.t-cells{fill:#4d4d4d}.t-room{fill:#f3ead2}
.c{stroke:#3a3a3a;stroke-width:.5}
.plain{fill:#fbfaf4}.appel{fill:#fff;stroke:#000;stroke-width:1}.safe{fill:#8fd0f2}
.guard-post{fill:#111}.searchlight{fill:#ffe23d}.key,.pass{fill:#fff;stroke:#c0392b;stroke-width:1.3}
.tunnel{fill:#5a3a1e}.do-or-die{fill:#b8f5a0}.rope-drop{fill:#fff;stroke:#7a4a1a;stroke-width:1.2}
.landing{fill:#fbfaf4;stroke:#fff;stroke-width:2}.landing-rim{fill:#3a3a3a}.target{fill:#d62828;stroke:#fff;stroke-width:1.2}
.cell{fill:#8a8a8a}.cell-door{fill:#fbfaf4;stroke:#000;stroke-width:1.7}.barracks-slot{fill:#3b3b3b;stroke:#ddd}
.staff-car{fill:#e8d5a5;stroke:#7d6228;stroke-width:.9}
.wire{stroke:#2b2b2b;stroke-width:.9;stroke-dasharray:2 1.2}
.crossing{stroke:#2b2b2b;stroke-width:.6;stroke-dasharray:.8 .8}
.rope{stroke:#7a4a1a;stroke-width:1;stroke-dasharray:1.5 1}
.tunnel-line{fill:none;stroke:#5a3a1e;stroke-opacity:.55;stroke-width:5;stroke-linecap:round;stroke-linejoin:round}
.room-name{font-size:5.6px;font-weight:bold;fill:#3b2f1e;text-anchor:middle}
.room-symbol{font-size:4.6px;font-style:italic;fill:#6a4b16;text-anchor:middle}
.mark{font-size:4.6px;font-weight:bold;fill:#b0281b;text-anchor:middle}
.rope-mark{font-size:4.6px;font-weight:bold;fill:#5b3410;text-anchor:middle}
.area-name{font-size:7px;font-weight:bold;fill:#4b3a17;text-anchor:middle}
.target-name{font-size:5.5px;font-weight:bold;fill:#8b1010}
.car{fill:#37474f;stroke:#111;stroke-width:.6}
.car-name{font-size:4.5px;fill:#fff;stroke:none;text-anchor:middle}
.piece{stroke:#fff;stroke-width:1}
.piece-label{font-size:4.6px;font-weight:bold;fill:#fff;stroke:none;text-anchor:middle;pointer-events:none}
.piece-label.small{font-size:3.2px}
.legend-title{font-size:11px;font-weight:bold}
.legend{font-size:7.5px;fill:#222;stroke:none}
.grid{font-size:4.4px;fill:#444;stroke:none;text-anchor:middle}
";

/// The size of the whole drawing (map and legend), in SVG units.
fn size(board: &Board) -> (f64, f64, f64) {
    let map_width = MARGIN * 2.0 + (f64::from(board.width()) + 0.5) * STEP;
    let map_height = MARGIN * 2.0 + HEX_HEIGHT + f64::from(board.height() - 1) * ROW_STEP;
    (tenth(map_width + LEGEND_WIDTH), tenth(map_height.max(legend_height())), map_width)
}

/// The board's unchanging layer: terrain, circles, marks, names, grid references and legend,
/// without a piece. Pages show it as one cached picture and draw the pieces over it
/// ([`overlay_svg`]), so a page carries only what changes.
pub fn fixed_svg(board: &Board, tr: &dyn Fn(&Msg) -> String) -> String {
    drawing(board, None, tr).to_string()
}

/// The whole drawing, with `pieces` drawn over the circles and under the legend when given.
fn drawing(board: &Board, pieces: Option<&[PieceMark]>, tr: &dyn Fn(&Msg) -> String) -> Document {
    let (width, height, map_width) = size(board);
    let mut document = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .add(Title::new(tr(&Msg::new("colditz-board-title"))))
        .add(Style::new(STYLE))
        .add(Rectangle::new().set("width", width).set("height", height).set("fill", "#fdfcf7"))
        .add(terrain_layer(board))
        .add(wire_layer(board))
        .add(tunnel_layer(board, tr))
        .add(staff_car(board, tr))
        .add(circle_layer(board))
        .add(marks_layer(board, tr))
        .add(labels_layer(board, tr))
        .add(grid_layer(board));
    if let Some(pieces) = pieces {
        document = document.add(pieces_layer(pieces));
    }
    document.add(legend(map_width, tr))
}

pub use crate::games::page::{ASSET_PATH, Asset};

/// The unchanging layer as a file (see [`Asset`]).
pub fn asset(board: &Board, tr: &dyn Fn(&Msg) -> String) -> Asset {
    use sha2::{Digest, Sha256};
    let svg = fixed_svg(board, tr);
    let hash = Sha256::digest(svg.as_bytes());
    let short: String = hash.iter().take(8).map(|b| format!("{b:02x}")).collect();
    Asset { name: format!("colditz-board-{short}.svg"), svg }
}

/// What a page draws over the unchanging layer (an `<image>` of `href`): where every circle is
/// (`data-circles`: id, x and y of each, `;` between circles; no ids, so several boards may
/// share a page), the pieces, and rings around `marked` circles (what a contested step
/// changed). `label` names the picture. A click is read as the circle nearest to it (colditz.js),
/// so the page carries no element per circle: a game page at 390 px had 2,551 elements, more
/// than half of them click targets.
pub fn overlay_svg(
    board: &Board,
    href: &str,
    pieces: &[PieceMark],
    marked: &[CircleId],
    last: &[StepMark],
    label: &str,
) -> String {
    let (width, height, _) = size(board);
    let circles: Vec<String> = board
        .circles()
        .iter()
        .map(|circle| {
            let (x, y) = at(circle.id);
            format!("{},{x},{y}", circle.id)
        })
        .collect();
    let mut rings = Group::new().set("class", "changed");
    for c in marked {
        let (x, y) = at(*c);
        rings = rings.add(Circle::new().set("cx", x).set("cy", y).set("r", PIECE_RADIUS + 3.0));
    }
    Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("class", "castle")
        .set("role", "img")
        .set("aria-label", label)
        .set("data-circles", circles.join(";"))
        .set("data-step", STEP)
        .add(svg::node::element::Image::new().set("href", href).set("width", width).set("height", height))
        .add(rings)
        .add(last_layer(last))
        .add(pieces_layer(pieces))
        .to_string()
}

/// The widest and highest part of the castle a mail's picture shows, in SVG units: narrow
/// enough that a man's number stays readable on a phone 390 px wide.
pub const CROP: (f64, f64) = (180.0, 150.0);

/// The part of the castle (`x, y, width, height`, at most [`CROP`]) a mail's picture shows:
/// around every circle of `first` (where the last step happened) and as many of `then` (the
/// reader's men) as fit with them, kept inside the map. Nothing in either: the whole map's
/// middle.
pub fn crop_around(board: &Board, first: &[CircleId], then: &[CircleId]) -> (f64, f64, f64, f64) {
    let (_, height, map_width) = size(board);
    let (w, h) = (CROP.0.min(map_width), CROP.1.min(height));
    let pad = PIECE_RADIUS * 3.0;
    let fits = |b: (f64, f64, f64, f64)| b.2 - b.0 + 2.0 * pad <= w && b.3 - b.1 + 2.0 * pad <= h;
    let grow = |b: Option<(f64, f64, f64, f64)>, (x, y): (f64, f64)| match b {
        None => Some((x, y, x, y)),
        Some((x0, y0, x1, y1)) => Some((x0.min(x), y0.min(y), x1.max(x), y1.max(y))),
    };
    let mut bounds: Option<(f64, f64, f64, f64)> = None;
    for c in first {
        let grown = grow(bounds, at(*c));
        // The step's own circles come first; a step wider than the crop keeps where it began.
        if bounds.is_none() || grown.is_some_and(fits) {
            bounds = grown;
        }
    }
    for c in then {
        let grown = grow(bounds, at(*c));
        if bounds.is_none() || grown.is_some_and(fits) {
            bounds = grown;
        }
    }
    let (cx, cy) = match bounds {
        Some((x0, y0, x1, y1)) => ((x0 + x1) / 2.0, (y0 + y1) / 2.0),
        None => (map_width / 2.0, height / 2.0),
    };
    let x = (cx - w / 2.0).clamp(0.0, map_width - w);
    let y = (cy - h / 2.0).clamp(0.0, height - h);
    (tenth(x), tenth(y), w, h)
}

/// The last step's marks, under the pieces: a line along each man's way, a dashed ring where it
/// began and a bold one where it ended.
fn last_layer(last: &[StepMark]) -> Group {
    const INK: &str = "#d0021b";
    let mut group = Group::new().set("class", "last-step");
    for mark in last {
        let (Some(&from), Some(&to)) = (mark.way.first(), mark.way.last()) else { continue };
        let points: Vec<String> = mark
            .way
            .iter()
            .map(|&c| {
                let (x, y) = at(c);
                format!("{x},{y}")
            })
            .collect();
        let (fx, fy) = at(from);
        let (tx, ty) = at(to);
        let ring = |class: &str, x: f64, y: f64, width: f64| {
            Circle::new()
                .set("class", class.to_string())
                .set("cx", x)
                .set("cy", y)
                .set("r", PIECE_RADIUS + 2.0)
                .set("fill", "none")
                .set("stroke", INK)
                .set("stroke-width", width)
        };
        let mut way = Polyline::new()
            .set("class", "last-way")
            .set("points", points.join(" "))
            .set("fill", "none")
            .set("stroke", INK)
            .set("stroke-width", 1.6)
            .set("stroke-linecap", "round")
            .set("stroke-linejoin", "round")
            .set("opacity", 0.8);
        if mark.arrest {
            way = way.set("stroke-dasharray", "2 2");
        }
        group = group.add(
            Group::new()
                .set("class", if mark.arrest { "last-mark arrest" } else { "last-mark" })
                .set("data-man", mark.man.clone())
                .set("data-from", from.to_string())
                .set("data-to", to.to_string())
                .add(Title::new(mark.title.clone()))
                .add(way)
                .add(ring("last-from", fx, fy, 1.2).set("stroke-dasharray", "2 1.5"))
                .add(ring("last-to", tx, ty, 2.4)),
        );
    }
    group
}

/// Draw the board with `pieces` on it, all in one picture. `tr` turns every word into the
/// viewer's language.
pub fn board_svg(board: &Board, pieces: &[PieceMark], tr: &dyn Fn(&Msg) -> String) -> String {
    drawing(board, Some(pieces), tr).to_string()
}

/// Row numbers down both sides and column numbers along the top and bottom: the grid
/// references pages name places by ("Courtyard 13·28").
fn grid_layer(board: &Board) -> Group {
    let (_, _, map_width) = size(board);
    let map_height = MARGIN * 2.0 + HEX_HEIGHT + f64::from(board.height() - 1) * ROW_STEP;
    let mut group = Group::new().set("id", "grid");
    for row in 0..board.height() {
        let (_, y) = centre(row, 0);
        for x in [MARGIN / 2.0, map_width - MARGIN / 2.0] {
            group = group.add(
                Text::new(row.to_string()).set("class", "grid").set("x", tenth(x)).set("y", tenth(y + 1.6)),
            );
        }
    }
    for col in 0..board.width() {
        let (x, _) = centre(0, col);
        for y in [MARGIN - 2.5, map_height - 2.0] {
            group = group.add(Text::new(col.to_string()).set("class", "grid").set("x", x).set("y", tenth(y)));
        }
    }
    group
}

/// Terrain drawn as runs of hexagonal cells, one polygon per run of equal terrain in a row.
fn terrain_layer(board: &Board) -> Group {
    let mut group = Group::new().set("id", "terrain");
    for row in 0..board.height() {
        let mut col = 0;
        while col < board.width() {
            let terrain = board.terrain(row, col).expect("inside the board");
            let class = terrain_class(terrain);
            let mut end = col;
            while end + 1 < board.width()
                && terrain_class(board.terrain(row, end + 1).expect("inside")) == class
            {
                end += 1;
            }
            group = group.add(Polygon::new().set("class", class).set("points", run_outline(row, col, end)));
            col = end + 1;
        }
    }
    group
}

/// The outline of cells `first..=last` of a row: zigzag along the top, back along the bottom.
fn run_outline(row: u8, first: u8, last: u8) -> String {
    let (half_w, quarter_h, half_h) = (STEP / 2.0, HEX_HEIGHT / 4.0, HEX_HEIGHT / 2.0);
    // A hair of overlap hides anti-aliasing seams between runs.
    let (ow, oh) = (0.25, 0.25);
    let mut points = Vec::new();
    for col in first..=last {
        let (x, y) = centre(row, col);
        points.push((x - half_w - ow, y - quarter_h - oh));
        points.push((x, y - half_h - oh));
    }
    let (x, y) = centre(row, last);
    points.push((x + half_w + ow, y - quarter_h - oh));
    points.push((x + half_w + ow, y + quarter_h + oh));
    for col in (first..=last).rev() {
        let (x, y) = centre(row, col);
        points.push((x, y + half_h + oh));
        points.push((x - half_w - ow, y + quarter_h + oh));
    }
    points.iter().map(|(x, y)| format!("{},{}", tenth(*x), tenth(*y))).collect::<Vec<_>>().join(" ")
}

/// The wire as a dashed line through neighbouring wire cells, and the crossing places.
fn wire_layer(board: &Board) -> Group {
    let mut group = Group::new().set("id", "wire");
    let is_wire = |r: i32, c: i32| {
        u8::try_from(r).ok().zip(u8::try_from(c).ok()).and_then(|(r, c)| board.terrain(r, c))
            == Some(Terrain::Wire)
    };
    for row in 0..board.height() {
        for col in 0..board.width() {
            if board.terrain(row, col) != Some(Terrain::Wire) {
                continue;
            }
            let (r, c) = (i32::from(row), i32::from(col));
            // Join to the neighbours to the east and below, so each segment is drawn once.
            let below =
                if row % 2 == 0 { [(r + 1, c - 1), (r + 1, c)] } else { [(r + 1, c), (r + 1, c + 1)] };
            for (nr, nc) in std::iter::once((r, c + 1)).chain(below) {
                if is_wire(nr, nc) {
                    let (x1, y1) = centre(row, col);
                    let (x2, y2) = centre(nr as u8, nc as u8);
                    group = group.add(segment("wire", (x1, y1), (x2, y2)));
                }
            }
        }
    }
    for crossing in board.wire_crossings() {
        group = group.add(segment("crossing", at(crossing.inside), at(crossing.outside)));
    }
    group
}

fn segment(class: &str, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) -> Line {
    Line::new().set("class", class).set("x1", x1).set("y1", y1).set("x2", x2).set("y2", y2)
}

fn tunnel_layer(board: &Board, tr: &dyn Fn(&Msg) -> String) -> Group {
    let mut group = Group::new().set("id", "tunnels");
    for tunnel in board.tunnels() {
        let points: Vec<String> = tunnel
            .circles
            .iter()
            .map(|c| {
                let (x, y) = at(*c);
                format!("{x},{y}")
            })
            .collect();
        group = group.add(
            Polyline::new()
                .set("class", "tunnel-line")
                .set("points", points.join(" "))
                .add(Title::new(tr(&tunnel.name()))),
        );
    }
    group
}

/// The car on its lawn, drawn over the car's cells.
fn staff_car(board: &Board, tr: &dyn Fn(&Msg) -> String) -> Group {
    let mut cells = Vec::new();
    for row in 0..board.height() {
        for col in 0..board.width() {
            if board.terrain(row, col) == Some(Terrain::StaffCar) {
                cells.push(centre(row, col));
            }
        }
    }
    let mut group = Group::new().set("id", "staff-car");
    if cells.is_empty() {
        return group;
    }
    let min_x = cells.iter().map(|p| p.0).fold(f64::MAX, f64::min) - STEP / 3.0;
    let max_x = cells.iter().map(|p| p.0).fold(f64::MIN, f64::max) + STEP / 3.0;
    let min_y = cells.iter().map(|p| p.1).fold(f64::MAX, f64::min) - ROW_STEP / 3.0;
    let max_y = cells.iter().map(|p| p.1).fold(f64::MIN, f64::max) + ROW_STEP / 3.0;
    let name = tr(&Msg::new("colditz-board-staff-car"));
    group = group
        .add(
            Rectangle::new()
                .set("class", "car")
                .set("x", tenth(min_x))
                .set("y", tenth(min_y))
                .set("width", tenth(max_x - min_x))
                .set("height", tenth(max_y - min_y))
                .set("rx", 3)
                .add(Title::new(name.clone())),
        )
        .add(
            Text::new(name)
                .set("class", "car-name")
                .set("x", tenth((min_x + max_x) / 2.0))
                .set("y", tenth((min_y + max_y) / 2.0 + 1.5)),
        );
    group
}

/// Every circle once, classed by kind, with its id.
fn circle_layer(board: &Board) -> Group {
    let mut group = Group::new().set("id", "circles");
    for circle in board.circles() {
        let (x, y) = at(circle.id);
        if circle.kind == CircleKind::Landing {
            group = group.add(landing_backing(x, y));
        }
        let radius = if circle.kind == CircleKind::Target { CIRCLE_RADIUS + 1.6 } else { CIRCLE_RADIUS };
        group = group.add(
            Circle::new()
                .set("id", circle.id.to_string())
                .set("class", format!("c {}", circle.kind.key()))
                .set("cx", x)
                .set("cy", y)
                .set("r", radius)
                .set("data-circle", circle.id.to_string())
                .add(Title::new(circle.id.to_string())),
        );
    }
    group
}

/// A dark rim behind a landing circle, so that its white ring shows on any ground.
fn landing_backing(x: f64, y: f64) -> Circle {
    Circle::new().set("class", "landing-rim").set("cx", x).set("cy", y).set("r", CIRCLE_RADIUS + 1.6)
}

/// Rope drops with 30/60, KEY and PASS words, target names.
fn marks_layer(board: &Board, tr: &dyn Fn(&Msg) -> String) -> Group {
    let mut group = Group::new().set("id", "marks");
    for drop in board.drops() {
        let (from, to) = (at(drop.from), at(drop.to));
        group = group.add(segment("rope", from, to));
        // The number sits on the wall beside the rope's middle, clear of room names and circles.
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length = (dx * dx + dy * dy).sqrt().max(1.0);
        let (mx, my) = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
        let (x, y) = (mx - dy / length * 6.0, my + dx / length * 6.0 + 1.6);
        group = group.add(
            Text::new(drop.feet().to_string())
                .set("class", "rope-mark")
                .set("x", tenth(x))
                .set("y", tenth(y)),
        );
    }
    for gate in board.gates() {
        let (x, y) = at(gate.circle);
        let word = tr(&Msg::new(format!("colditz-board-mark-{}", gate.kind.key())));
        group = group
            .add(Text::new(word).set("class", "mark").set("x", x).set("y", tenth(y - CIRCLE_RADIUS - 1.2)));
    }
    for target in board.targets() {
        let (x, y) = at(target.circle);
        // Names go inward, towards the middle of the board, so they stay on the sheet.
        let east = target.circle.col() > board.width() / 2;
        let text = Text::new(tr(&target.name()))
            .set("class", "target-name")
            .set("x", tenth(if east { x - 8.0 } else { x + 8.0 }))
            .set("y", tenth(y + 2.0))
            .set("text-anchor", if east { "end" } else { "start" });
        group = group.add(text);
    }
    group
}

fn centroid(points: impl Iterator<Item = (f64, f64)>) -> (f64, f64) {
    let (mut sx, mut sy, mut n) = (0.0_f64, 0.0_f64, 0.0_f64);
    for (x, y) in points {
        sx += x;
        sy += y;
        n += 1.0;
    }
    (tenth(sx / n.max(1.0)), tenth(sy / n.max(1.0)))
}

/// Room names with their symbols, barracks and the Kommandantur.
fn labels_layer(board: &Board, tr: &dyn Fn(&Msg) -> String) -> Group {
    let mut group = Group::new().set("id", "labels");
    for room in board.rooms() {
        // The door circle pokes out of the room; centre the label on the room's body.
        let (x, y) = centroid(room.circles.iter().filter(|c| !room.doors.contains(c)).map(|c| at(*c)));
        group = group
            .add(Text::new(tr(&room.name())).set("class", "room-name").set("x", x).set("y", tenth(y - 0.6)))
            .add(
                Text::new(tr(&room.symbol.name()))
                    .set("class", "room-symbol")
                    .set("x", x)
                    .set("y", tenth(y + 5.0)),
            );
    }
    for barracks in board.barracks() {
        let (x, y) = centroid(barracks.slots.iter().map(|c| at(*c)));
        let vertical = barracks.slots.first().map(|c| c.col()) == barracks.slots.last().map(|c| c.col());
        let mut text = Text::new(tr(&Msg::new("colditz-board-barracks"))).set("class", "area-name");
        text = if vertical {
            // A column of slots: the name runs down beside it.
            let (tx, ty) = (tenth(x - STEP), y);
            text.set("x", tx).set("y", ty).set("transform", format!("rotate(90 {tx} {ty})"))
        } else {
            text.set("x", x).set("y", tenth(y + ROW_STEP + 3.0))
        };
        group = group.add(text);
    }
    let kommandantur: Vec<(f64, f64)> =
        board.circles().iter().filter(|c| c.terrain == Terrain::Kommandantur).map(|c| at(c.id)).collect();
    if !kommandantur.is_empty() {
        let (x, _) = centroid(kommandantur.iter().copied());
        let top = kommandantur.iter().map(|p| p.1).fold(f64::MAX, f64::min);
        let bottom = kommandantur.iter().map(|p| p.1).fold(f64::MIN, f64::max);
        let (tx, ty) = (x, tenth(top + (bottom - top) * 0.62));
        group = group.add(
            Text::new(tr(&Msg::new("colditz-board-kommandantur")))
                .set("class", "area-name")
                .set("x", tx)
                .set("y", ty),
        );
    }
    group
}

fn pieces_layer(pieces: &[PieceMark]) -> Group {
    let mut group = Group::new().set("class", "pieces");
    for (i, piece) in pieces.iter().enumerate() {
        // Pieces sharing a circle (a cell) sit side by side, a little smaller.
        let sharing: Vec<usize> = (0..pieces.len()).filter(|&j| pieces[j].circle == piece.circle).collect();
        let (n, k) = (sharing.len(), sharing.iter().position(|&j| j == i).unwrap_or(0));
        let (cx, cy) = at(piece.circle);
        let (x, y, r) = if n > 1 {
            let angle = std::f64::consts::TAU * k as f64 / n as f64;
            (tenth(cx + 3.2 * angle.cos()), tenth(cy + 3.2 * angle.sin()), PIECE_RADIUS * 0.62)
        } else {
            (cx, cy, PIECE_RADIUS)
        };
        let title = if piece.title.is_empty() {
            format!("{} ({})", piece.label, piece.circle)
        } else {
            piece.title.clone()
        };
        group = group.add(
            Group::new()
                .set("class", "man")
                .set("data-circle", piece.circle.to_string())
                .set("data-man", piece.label.clone())
                .add(
                    Circle::new()
                        .set("class", "piece")
                        .set("fill", piece.side.colour())
                        .set("cx", x)
                        .set("cy", y)
                        .set("r", r)
                        .add(Title::new(title)),
                )
                .add(
                    Text::new(piece.label.clone())
                        .set("class", if n > 1 { "piece-label small" } else { "piece-label" })
                        .set("x", x)
                        .set("y", tenth(y + if n > 1 { 1.1 } else { 1.6 })),
                ),
        );
    }
    group
}

/// Areas shown in the legend, with their Fluent ids.
const LEGEND_AREAS: [(&str, &str); 12] = [
    ("t-courtyard", "courtyard"),
    ("t-room", "room"),
    ("t-cells", "cells"),
    ("t-terrace", "terrace"),
    ("t-kommandantur", "kommandantur"),
    ("t-lawn", "lawn"),
    ("t-barracks", "barracks"),
    ("t-fields", "fields"),
    ("t-river", "river"),
    ("t-bridge", "bridge"),
    ("t-wall", "wall"),
    ("t-fields", "wire"),
];

fn legend_height() -> f64 {
    MARGIN * 2.0 + 30.0 + (CircleKind::ALL.len() + LEGEND_AREAS.len() + 2) as f64 * LEGEND_LINE
}

fn legend(left: f64, tr: &dyn Fn(&Msg) -> String) -> Group {
    let x = left + 8.0;
    let mut y = MARGIN + 14.0;
    let mut group = Group::new().set("id", "legend").add(
        Text::new(tr(&Msg::new("colditz-board-legend-title")))
            .set("class", "legend-title")
            .set("x", x)
            .set("y", y),
    );
    y += 16.0;
    let entry = |group: Group, y: f64, sample: Box<dyn svg::Node>, key: &str| {
        group.add(sample).add(
            Text::new(tr(&Msg::new(key.to_string())))
                .set("class", "legend")
                .set("x", tenth(x + 16.0))
                .set("y", tenth(y + 2.6)),
        )
    };
    for kind in CircleKind::ALL {
        let sample: Box<dyn svg::Node> = Box::new(
            Circle::new()
                .set("class", format!("c {}", kind.key()))
                .set("cx", tenth(x + 5.0))
                .set("cy", tenth(y))
                .set("r", CIRCLE_RADIUS),
        );
        if *kind == CircleKind::Landing {
            group = group.add(landing_backing(tenth(x + 5.0), tenth(y)));
        }
        group = entry(group, y, sample, &format!("colditz-board-legend-{}", kind.key()));
        y += LEGEND_LINE;
    }
    y += LEGEND_LINE / 2.0;
    for (class, key) in LEGEND_AREAS {
        let swatch: Box<dyn svg::Node> = Box::new(
            Rectangle::new()
                .set("class", class)
                .set("x", tenth(x - 1.0))
                .set("y", tenth(y - 5.0))
                .set("width", 12)
                .set("height", 10),
        );
        if key == "wire" {
            group = group.add(swatch).add(segment(
                "wire",
                (tenth(x - 1.0), tenth(y)),
                (tenth(x + 11.0), tenth(y)),
            ));
            group = group.add(
                Text::new(tr(&Msg::new(format!("colditz-board-area-{key}"))))
                    .set("class", "legend")
                    .set("x", tenth(x + 16.0))
                    .set("y", tenth(y + 2.6)),
            );
        } else {
            group = entry(group, y, swatch, &format!("colditz-board-area-{key}"));
        }
        y += LEGEND_LINE;
    }
    group
}

#[cfg(test)]
mod tests {
    use super::*;
    use feldpost_engine::colditz::board::BOARD;
    use std::cell::RefCell;
    use std::collections::{BTreeMap, BTreeSet};
    use svg::node::element::tag::Type;
    use svg::parser::Event;

    const EN: &str = include_str!("../../locales/en/colditz.ftl");
    const CS: &str = include_str!("../../locales/cs/colditz.ftl");
    const RU: &str = include_str!("../../locales/ru/colditz.ftl");

    /// Message ids and values of a Fluent file (simple `id = value` messages).
    fn catalog(source: &str) -> BTreeMap<String, String> {
        source
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with(' '))
            .filter_map(|l| l.split_once(" = "))
            .map(|(id, value)| (id.trim().to_string(), value.trim().to_string()))
            .collect()
    }

    fn render_with(pieces: &[PieceMark], catalog: &BTreeMap<String, String>) -> (String, BTreeSet<String>) {
        let asked = RefCell::new(BTreeSet::new());
        let tr = |msg: &Msg| {
            asked.borrow_mut().insert(msg.key.clone());
            catalog.get(&msg.key).cloned().unwrap_or_else(|| format!("??{}", msg.key))
        };
        let svg = board_svg(&BOARD, pieces, &tr);
        (svg, asked.into_inner())
    }

    /// Every piece of text in the picture (titles and labels).
    fn texts(svg: &str) -> BTreeSet<String> {
        svg::read(svg)
            .unwrap()
            .filter_map(|event| match event {
                Event::Text(text) => Some(text.trim().to_string()),
                _ => None,
            })
            .collect()
    }

    fn sample_pieces() -> Vec<PieceMark> {
        let formation = BOARD.formation(6).unwrap();
        let mut pieces: Vec<PieceMark> = formation
            .teams
            .iter()
            .zip(Nation::ALL)
            .flat_map(|(team, nation)| {
                team.iter().enumerate().map(move |(i, c)| PieceMark {
                    circle: *c,
                    side: Side::Pow(nation),
                    label: (i + 1).to_string(),
                    title: String::new(),
                })
            })
            .collect();
        let posts = BOARD.circles_of(CircleKind::GuardPost).take(5);
        pieces.extend(posts.enumerate().map(|(i, c)| PieceMark {
            circle: c,
            side: Side::Guard,
            label: format!("G{}", i + 1),
            title: String::new(),
        }));
        pieces
    }

    #[test]
    fn every_circle_appears_once_with_its_id_in_well_formed_svg() {
        let (svg, _) = render_with(&sample_pieces(), &catalog(EN));
        let mut open: Vec<String> = Vec::new();
        let mut circle_ids: BTreeMap<String, usize> = BTreeMap::new();
        let mut titles: BTreeSet<String> = BTreeSet::new();
        let mut in_title = false;
        for event in svg::read(&svg).unwrap() {
            match event {
                Event::Error(error) => panic!("malformed SVG: {error:?}"),
                Event::Tag(name, kind, attributes) => {
                    match kind {
                        Type::Start => open.push(name.to_string()),
                        Type::End => {
                            assert_eq!(open.pop().as_deref(), Some(name), "unbalanced </{name}>")
                        }
                        Type::Empty => {}
                    }
                    in_title = name == "title" && kind == Type::Start;
                    if name == "circle"
                        && let Some(id) = attributes.get("id")
                    {
                        *circle_ids.entry(id.to_string()).or_default() += 1;
                    }
                }
                Event::Text(text) if in_title => {
                    titles.insert(text.to_string());
                }
                _ => {}
            }
        }
        assert!(open.is_empty(), "unclosed tags: {open:?}");
        assert_eq!(circle_ids.len(), BOARD.circles().len());
        for circle in BOARD.circles() {
            let id = circle.id.to_string();
            assert_eq!(circle_ids.get(&id), Some(&1), "circle {id}");
            assert!(titles.contains(&id), "circle {id} has no title");
        }
        assert!(svg.contains("viewBox=\"0 0 "));
    }

    #[test]
    fn pieces_are_drawn_in_their_colours_with_labels() {
        let pieces = sample_pieces();
        let (svg, _) = render_with(&pieces, &catalog(EN));
        for nation in Nation::ALL {
            assert!(svg.contains(&format!("fill=\"{}\"", nation.colour())), "{nation:?}");
        }
        assert!(svg.contains(&format!("fill=\"{}\"", Side::Guard.colour())));
        assert!(texts(&svg).contains("G5"));
        assert_eq!(svg.matches("class=\"piece\"").count(), pieces.len());
    }

    #[test]
    fn words_come_from_tr_in_the_viewers_language() {
        let (english, _) = render_with(&[], &catalog(EN));
        let (czech, _) = render_with(&[], &catalog(CS));
        let (russian, _) = render_with(&[], &catalog(RU));
        let (english, czech, russian) = (texts(&english), texts(&czech), texts(&russian));
        assert!(english.contains("Chapel") && english.contains("Legend"));
        assert!(czech.contains("Kaple") && czech.contains("Vysvětlivky"));
        assert!(russian.contains("Часовня") && russian.contains("Легенда"));
        assert!(
            english.iter().chain(&czech).chain(&russian).all(|t| !t.starts_with("??")),
            "a message id is missing"
        );
    }

    #[test]
    fn every_message_id_used_exists_in_every_catalog() {
        let (english, czech, russian) = (catalog(EN), catalog(CS), catalog(RU));
        let (_, asked) = render_with(&sample_pieces(), &english);
        // Names the board offers that a page may show even where the picture does not.
        let mut used = asked;
        for symbol in feldpost_engine::colditz::board::Symbol::ALL {
            used.insert(symbol.name().key);
        }
        for tunnel in BOARD.tunnels() {
            used.insert(tunnel.name().key);
        }
        for id in &used {
            assert!(english.contains_key(id), "{id} missing in en/colditz.ftl");
            assert!(czech.contains_key(id), "{id} missing in cs/colditz.ftl");
            assert!(russian.contains_key(id), "{id} missing in ru/colditz.ftl");
        }
        let english_ids: BTreeSet<&String> = english.keys().collect();
        let czech_ids: BTreeSet<&String> = czech.keys().collect();
        let russian_ids: BTreeSet<&String> = russian.keys().collect();
        assert_eq!(english_ids, czech_ids, "cs names other messages than en");
        assert_eq!(english_ids, russian_ids, "ru names other messages than en");
        assert!(english.values().chain(czech.values()).chain(russian.values()).all(|v| !v.is_empty()));
    }
}
