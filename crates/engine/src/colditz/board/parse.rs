//! Reading board.txt: sections, the two map layers, the keys, features and formations, and every
//! check that makes a file a board. Each refusal names the line and column at fault.

use super::{
    Barracks, Board, CellBlock, CellBlockId, Circle, CircleId, CircleKind, Formation, Gate, GateKind, Link,
    LinkKind, Region, Room, RoomId, RopeDrop, Searchlight, Symbol, Target, Terrain, Tunnel, TunnelId,
    WireCrossing,
};
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt;

/// Why a board file was refused, and where (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for BoardError {}

fn fail<T>(line: usize, column: usize, message: impl Into<String>) -> Result<T, BoardError> {
    Err(BoardError { line, column, message: message.into() })
}

/// Width of the row-number margin in front of each map row ("07  ").
const MARGIN: usize = 4;

/// A word of a legend line with its place.
#[derive(Debug, Clone, Copy)]
struct Token<'a> {
    line: usize,
    column: usize,
    text: &'a str,
}

impl Token<'_> {
    fn fail<T>(&self, message: impl Into<String>) -> Result<T, BoardError> {
        fail(self.line, self.column, message)
    }
}

/// The words of a line up to a `//` comment.
fn tokens(line: usize, text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices().chain([(text.len(), ' ')]) {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                let word = &text[s..i];
                if word.starts_with("//") {
                    break;
                }
                out.push(Token { line, column: text[..s].chars().count() + 1, text: word });
                start = None;
            }
            _ => {}
        }
    }
    out
}

struct Section<'a> {
    name: &'a str,
    line: usize,
    lines: Vec<(usize, &'a str)>,
}

fn is_comment_or_blank(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t.starts_with("//")
}

fn split_sections(source: &str) -> Result<Vec<Section<'_>>, BoardError> {
    let mut sections: Vec<Section<'_>> = Vec::new();
    for (i, text) in source.lines().enumerate() {
        let line = i + 1;
        let trimmed = text.trim();
        if let Some(name) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            if sections.iter().any(|s| s.name == name) {
                return fail(line, 1, format!("section [{name}] appears twice"));
            }
            sections.push(Section { name, line, lines: Vec::new() });
        } else if let Some(current) = sections.last_mut() {
            current.lines.push((line, text));
        } else if !is_comment_or_blank(text) {
            return fail(line, 1, "text before the first [section]");
        }
    }
    Ok(sections)
}

/// What an [areas] character stands for, as declared in [area key].
#[derive(Debug, Clone)]
enum AreaDef {
    Plain(Terrain),
    Cells(CellBlockId),
    Room(RoomId),
}

struct Declared<'a> {
    /// The declaring line's tokens, kept to point at them when a later check fails.
    at: Token<'a>,
    key: String,
}

struct RoomDecl<'a> {
    decl: Declared<'a>,
    symbol: Symbol,
    doors: Vec<(CircleId, Token<'a>)>,
}

struct CellsDecl<'a> {
    decl: Declared<'a>,
    outer: bool,
    door: (CircleId, Token<'a>),
}

fn parse_id(token: Token<'_>) -> Result<CircleId, BoardError> {
    token.text.parse::<CircleId>().or_else(|message| token.fail(message))
}

fn single_char(token: Token<'_>) -> Result<char, BoardError> {
    let mut chars = token.text.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) => Ok(ch),
        _ => token.fail(format!("expected one map character, found {:?}", token.text)),
    }
}

fn expect_word<'a>(
    words: &[Token<'a>],
    index: usize,
    after: &Token<'_>,
    what: &str,
) -> Result<Token<'a>, BoardError> {
    match words.get(index) {
        Some(t) => Ok(*t),
        None => fail(after.line, after.column + after.text.chars().count(), format!("missing {what}")),
    }
}

/// The grid as read from a map section: characters and where each row was written.
struct Layer {
    chars: Vec<char>,
    row_lines: Vec<usize>,
}

fn read_layer(section: &Section<'_>, width: usize, height: usize) -> Result<Layer, BoardError> {
    let mut chars = Vec::with_capacity(width * height);
    let mut row_lines = Vec::with_capacity(height);
    for &(line, text) in &section.lines {
        // Rulers (indented) and comments help people; the loader skips them.
        if is_comment_or_blank(text) || text.starts_with(' ') {
            continue;
        }
        let row = row_lines.len();
        if row == height {
            return fail(line, 1, format!("[{}] has more than {height} rows", section.name));
        }
        let expected = format!("{row:02}  ");
        if !text.starts_with(&expected) {
            return fail(
                line,
                1,
                format!("expected row {row:02} here, written as {expected:?} followed by the row"),
            );
        }
        let cells: Vec<char> = text[MARGIN..].chars().collect();
        if cells.len() != width {
            return fail(
                line,
                MARGIN + 1,
                format!("row {row:02} has {} characters, the board is {width} wide", cells.len()),
            );
        }
        chars.extend(cells);
        row_lines.push(line);
    }
    if row_lines.len() != height {
        return fail(
            section.line,
            1,
            format!("[{}] has {} rows, the board is {height} high", section.name, row_lines.len()),
        );
    }
    Ok(Layer { chars, row_lines })
}

fn section<'s, 'a>(
    sections: &'s [Section<'a>],
    name: &str,
    source: &str,
) -> Result<&'s Section<'a>, BoardError> {
    sections
        .iter()
        .find(|s| s.name == name)
        .map_or_else(|| fail(source.lines().count() + 1, 1, format!("section [{name}] is missing")), Ok)
}

fn legend_lines<'s, 'a>(section: &'s Section<'a>) -> impl Iterator<Item = Vec<Token<'a>>> + 's {
    section.lines.iter().map(|&(line, text)| tokens(line, text)).filter(|words| !words.is_empty())
}

/// Parse and check a whole board file.
pub(super) fn parse(source: &str) -> Result<Board, BoardError> {
    let sections = split_sections(source)?;
    for s in &sections {
        let known = matches!(s.name, "board" | "areas" | "circles" | "area key" | "circle key" | "features")
            || s.name.starts_with("formation ");
        if !known {
            return fail(s.line, 1, format!("unknown section [{}]", s.name));
        }
    }

    // ------------------------------------------------------------ [board]
    let header = section(&sections, "board", source)?;
    let mut size = None;
    for words in legend_lines(header) {
        match words[0].text {
            "size" => {
                let width = expect_word(&words, 1, &words[0], "the width")?;
                let height = expect_word(&words, 2, &width, "the height")?;
                let number = |t: Token<'_>| match t.text.parse::<u8>() {
                    Ok(n) if (1..=99).contains(&n) => Ok(n),
                    _ => t.fail(format!("{:?} is not a size from 1 to 99 (ids have two digits)", t.text)),
                };
                size = Some((number(width)?, number(height)?));
            }
            other => return words[0].fail(format!("unknown setting {other:?} in [board]")),
        }
    }
    let Some((width, height)) = size else {
        return fail(header.line, 1, "[board] needs a line `size <columns> <rows>`");
    };
    let (w, h) = (usize::from(width), usize::from(height));

    // ------------------------------------------------------------ [area key]
    let area_section = section(&sections, "area key", source)?;
    let mut area_defs: HashMap<char, AreaDef> = HashMap::new();
    let mut rooms: Vec<RoomDecl<'_>> = Vec::new();
    let mut cells: Vec<CellsDecl<'_>> = Vec::new();
    for words in legend_lines(area_section) {
        let ch = single_char(words[0])?;
        if area_defs.contains_key(&ch) {
            return words[0].fail(format!("area character {ch:?} is declared twice"));
        }
        let kind = expect_word(&words, 1, &words[0], "what the character stands for")?;
        let def = match kind.text {
            "room" => {
                let name = expect_word(&words, 2, &kind, "the room's name")?;
                let symbol_word = expect_word(&words, 3, &name, "the room's equipment symbol")?;
                let Some(symbol) = Symbol::from_key(symbol_word.text) else {
                    return symbol_word.fail(format!(
                        "room {} needs an equipment symbol ({}), found {:?}",
                        name.text,
                        Symbol::ALL.iter().map(|s| s.key()).collect::<Vec<_>>().join(", "),
                        symbol_word.text
                    ));
                };
                let door_word = expect_word(&words, 4, &symbol_word, "`door` and the room's door circles")?;
                if door_word.text != "door" {
                    return door_word.fail("expected `door` followed by the room's door circles");
                }
                let doors =
                    words[5..].iter().map(|&t| Ok((parse_id(t)?, t))).collect::<Result<Vec<_>, _>>()?;
                if doors.is_empty() {
                    return fail(
                        door_word.line,
                        door_word.column + 4,
                        format!("room {} names no door circle", name.text),
                    );
                }
                if rooms.iter().any(|r| r.decl.key == name.text) {
                    return name.fail(format!("room {} is declared twice", name.text));
                }
                rooms.push(RoomDecl {
                    decl: Declared { at: name, key: name.text.to_string() },
                    symbol,
                    doors,
                });
                AreaDef::Room(RoomId((rooms.len() - 1) as u8))
            }
            "cells" => {
                let name = expect_word(&words, 2, &kind, "the block's name")?;
                let side = expect_word(&words, 3, &name, "`inner` or `outer`")?;
                let outer = match side.text {
                    "inner" => false,
                    "outer" => true,
                    _ => return side.fail("expected `inner` or `outer`"),
                };
                let door_word = expect_word(&words, 4, &side, "`door` and the block's door circle")?;
                if door_word.text != "door" {
                    return door_word.fail("expected `door` followed by the block's door circle");
                }
                let door = expect_word(&words, 5, &door_word, "the block's door circle")?;
                cells.push(CellsDecl {
                    decl: Declared { at: name, key: name.text.to_string() },
                    outer,
                    door: (parse_id(door)?, door),
                });
                AreaDef::Cells(CellBlockId((cells.len() - 1) as u8))
            }
            word => {
                let terrain = match word {
                    "wall" => Terrain::Wall,
                    "wire" => Terrain::Wire,
                    "river" => Terrain::River,
                    "fields" => Terrain::Fields,
                    "bridge" => Terrain::Bridge,
                    "courtyard" => Terrain::Courtyard,
                    "terrace" => Terrain::Terrace,
                    "kommandantur" => Terrain::Kommandantur,
                    "lawn" => Terrain::Lawn,
                    "barracks" => Terrain::Barracks,
                    "staff-car" => Terrain::StaffCar,
                    _ => return kind.fail(format!("unknown kind of area {word:?}")),
                };
                AreaDef::Plain(terrain)
            }
        };
        area_defs.insert(ch, def);
    }

    // ------------------------------------------------------------ [circle key]
    let circle_section = section(&sections, "circle key", source)?;
    let mut circle_defs: HashMap<char, Option<CircleKind>> = HashMap::new();
    for words in legend_lines(circle_section) {
        let ch = single_char(words[0])?;
        if circle_defs.contains_key(&ch) {
            return words[0].fail(format!("circle character {ch:?} is declared twice"));
        }
        let kind = expect_word(&words, 1, &words[0], "the kind of circle")?;
        let def = match kind.text {
            "none" => None,
            word => match CircleKind::from_key(word) {
                Some(k) => Some(k),
                None => return kind.fail(format!("unknown kind of circle {word:?}")),
            },
        };
        circle_defs.insert(ch, def);
    }

    // ------------------------------------------------------------ the two layers
    let areas = read_layer(section(&sections, "areas", source)?, w, h)?;
    let marks = read_layer(section(&sections, "circles", source)?, w, h)?;
    let mut terrain = Vec::with_capacity(w * h);
    for (cell, ch) in areas.chars.iter().enumerate() {
        let (row, col) = (cell / w, cell % w);
        let t = match area_defs.get(ch) {
            Some(AreaDef::Plain(t)) => *t,
            Some(AreaDef::Cells(block)) => Terrain::Cells(*block),
            Some(AreaDef::Room(room)) => Terrain::Room(*room),
            None => {
                return fail(
                    areas.row_lines[row],
                    MARGIN + col + 1,
                    format!("unknown area character {ch:?} (not in [area key])"),
                );
            }
        };
        terrain.push(t);
    }
    let mut circles = Vec::new();
    let mut at = vec![None; w * h];
    for (cell, ch) in marks.chars.iter().enumerate() {
        let (row, col) = (cell / w, cell % w);
        let (line, column) = (marks.row_lines[row], MARGIN + col + 1);
        let kind = match circle_defs.get(ch) {
            Some(Some(kind)) => *kind,
            Some(None) => continue,
            None => {
                return fail(line, column, format!("unknown circle character {ch:?} (not in [circle key])"));
            }
        };
        let t = terrain[cell];
        let id = CircleId::new(row as u8, col as u8);
        let misplaced = |why: &str| fail(line, column, format!("circle {id} ({}) {why}", kind.key()));
        let region = match t {
            Terrain::Wall | Terrain::Wire | Terrain::River if kind != CircleKind::Tunnel => {
                return misplaced("stands on a wall, the wire or the river: only tunnels run there");
            }
            Terrain::Wall | Terrain::Wire | Terrain::River => Region::Underground,
            Terrain::StaffCar => return misplaced("stands on the staff car itself"),
            Terrain::Cells(_) if kind != CircleKind::Cell => {
                return misplaced("stands in a block of cells: only cells do");
            }
            Terrain::Cells(block) if cells[usize::from(block.0)].outer => Region::Outer,
            Terrain::Cells(_) => Region::Inner,
            Terrain::Barracks if kind != CircleKind::BarracksSlot => {
                return misplaced("stands in the barracks: only barracks slots do");
            }
            Terrain::Courtyard | Terrain::Room(_) => Region::Inner,
            Terrain::Terrace | Terrain::Kommandantur | Terrain::Lawn | Terrain::Barracks => Region::Outer,
            Terrain::Fields | Terrain::Bridge => Region::Beyond,
        };
        if kind == CircleKind::Cell && !matches!(t, Terrain::Cells(_)) {
            return misplaced("is outside every block of cells");
        }
        if kind == CircleKind::BarracksSlot && t != Terrain::Barracks {
            return misplaced("is outside the barracks");
        }
        at[cell] = Some(circles.len() as u32);
        circles.push(Circle { id, kind, terrain: t, region });
    }

    let mut board = Board {
        width,
        height,
        terrain,
        circles,
        at,
        links: Vec::new(),
        rooms: Vec::new(),
        cell_blocks: Vec::new(),
        tunnels: Vec::new(),
        drops: Vec::new(),
        wire_crossings: Vec::new(),
        gates: Vec::new(),
        targets: Vec::new(),
        searchlights: Vec::new(),
        barracks: Vec::new(),
        formations: Vec::new(),
    };
    let circle_at = |board: &Board, token: Token<'_>| -> Result<CircleId, BoardError> {
        let id = parse_id(token)?;
        if board.contains(id) { Ok(id) } else { token.fail(format!("there is no circle at {id}")) }
    };
    let of_kind = |board: &Board, token: Token<'_>, kind: CircleKind| -> Result<CircleId, BoardError> {
        let id = circle_at(board, token)?;
        let found = board.kind(id).expect("checked above");
        if found == kind {
            Ok(id)
        } else {
            token.fail(format!("{id} should be a {} circle but is a {} circle", kind.key(), found.key()))
        }
    };

    // ------------------------------------------------------------ [features]
    let features = section(&sections, "features", source)?;
    let mut tunnel_lines = Vec::new();
    for words in legend_lines(features) {
        let keyword = words[0];
        match keyword.text {
            "tunnel" => {
                let name = expect_word(&words, 1, &keyword, "the tunnel's name")?;
                let a = expect_word(&words, 2, &name, "the tunnel's first end")?;
                let b = expect_word(&words, 3, &a, "the tunnel's second end")?;
                let ends = (of_kind(&board, a, CircleKind::Tunnel)?, of_kind(&board, b, CircleKind::Tunnel)?);
                if board.tunnels.iter().any(|t| t.key == name.text) {
                    return name.fail(format!("tunnel {} is declared twice", name.text));
                }
                let circles = trace_tunnel(&board, ends, name)?;
                board.tunnels.push(Tunnel { key: name.text.to_string(), circles });
                tunnel_lines.push(name);
            }
            "drop" => {
                let from = expect_word(&words, 1, &keyword, "the drop circle")?;
                let ropes = expect_word(&words, 2, &from, "the number of Rope cards (1 for 30, 2 for 60)")?;
                let to = expect_word(&words, 3, &ropes, "the landing circle")?;
                let from_id = of_kind(&board, from, CircleKind::RopeDrop)?;
                let ropes_n = match ropes.text {
                    "1" => 1,
                    "2" => 2,
                    _ => return ropes.fail("a drop takes 1 Rope card (30) or 2 (60)"),
                };
                let to_id = of_kind(&board, to, CircleKind::Landing)?;
                let span = from_id.hex_distance(to_id);
                if !(2..=3).contains(&span) {
                    return to.fail(format!(
                        "the landing is {span} circles from the drop; a drop crosses one wall (2 or 3)"
                    ));
                }
                if board.drops.iter().any(|d| d.from == from_id) {
                    return from.fail(format!("{from_id} already starts a drop"));
                }
                board.drops.push(RopeDrop { from: from_id, to: to_id, ropes: ropes_n });
            }
            "wire" => {
                let inside = expect_word(&words, 1, &keyword, "the circle inside the wire")?;
                let outside = expect_word(&words, 2, &inside, "the circle outside the wire")?;
                let (i, o) = (circle_at(&board, inside)?, circle_at(&board, outside)?);
                if board.region(o) != Some(Region::Beyond) || board.region(i) == Some(Region::Beyond) {
                    return inside.fail(format!(
                        "a wire crossing joins a circle inside the wire to one beyond it ({i} to {o})"
                    ));
                }
                let faces = i.hex_distance(o) == 2
                    && i.grid_neighbours().any(|(r, c)| {
                        o.grid_neighbours().any(|n| n == (r, c))
                            && board.cell_index(r, c).is_some_and(|cell| board.terrain[cell] == Terrain::Wire)
                    });
                if !faces {
                    return outside.fail(format!("{i} and {o} do not face each other across the wire"));
                }
                board.wire_crossings.push(WireCrossing { inside: i, outside: o });
            }
            "gate" => {
                let name = expect_word(&words, 1, &keyword, "the gate's name")?;
                let kind_word = expect_word(&words, 2, &name, "`key` or `pass`")?;
                let Some(kind) = GateKind::from_key(kind_word.text) else {
                    return kind_word.fail("expected `key` or `pass`");
                };
                let place = expect_word(&words, 3, &kind_word, "the gate's circle")?;
                let circle_kind = match kind {
                    GateKind::Key => CircleKind::Key,
                    GateKind::Pass => CircleKind::Pass,
                };
                let circle = of_kind(&board, place, circle_kind)?;
                let (mut main, mut r39_return) = (false, false);
                for flag in &words[4..] {
                    match flag.text {
                        "main" => main = true,
                        "return" => r39_return = true,
                        other => {
                            return flag
                                .fail(format!("unknown gate flag {other:?} (expected main or return)"));
                        }
                    }
                }
                if r39_return && kind != GateKind::Pass {
                    return kind_word.fail("rule 39's way back is a Pass circle");
                }
                if board.gates.iter().any(|g| g.circle == circle || g.key == name.text) {
                    return name.fail(format!("gate {} or circle {circle} is named twice", name.text));
                }
                board.gates.push(Gate { key: name.text.to_string(), kind, circle, main, r39_return });
            }
            "target" => {
                let name = expect_word(&words, 1, &keyword, "the target's name")?;
                let place = expect_word(&words, 2, &name, "the target's circle")?;
                let circle = of_kind(&board, place, CircleKind::Target)?;
                if board.targets.iter().any(|t| t.circle == circle || t.key == name.text) {
                    return name.fail(format!("target {} or circle {circle} is named twice", name.text));
                }
                board.targets.push(Target { key: name.text.to_string(), circle });
            }
            "searchlight" | "barracks" => {
                let name = expect_word(&words, 1, &keyword, "a name")?;
                let seed = expect_word(&words, 2, &name, "one of its circles")?;
                let kind = if keyword.text == "searchlight" {
                    CircleKind::Searchlight
                } else {
                    CircleKind::BarracksSlot
                };
                let start = of_kind(&board, seed, kind)?;
                let group = cluster(&board, start, kind);
                let taken = |g: &[CircleId]| g.contains(&start);
                let clash = board.searchlights.iter().any(|s| taken(&s.circles) || s.key == name.text)
                    || board.barracks.iter().any(|b| taken(&b.slots) || b.key == name.text);
                if clash {
                    return seed.fail(format!(
                        "{start} ({}) is already part of another {}",
                        name.text, keyword.text
                    ));
                }
                if kind == CircleKind::Searchlight {
                    board.searchlights.push(Searchlight { key: name.text.to_string(), circles: group });
                } else {
                    board.barracks.push(Barracks { key: name.text.to_string(), slots: group });
                }
            }
            other => return keyword.fail(format!("unknown feature {other:?}")),
        }
    }

    // Every special circle must be explained by a feature line.
    let unexplained =
        |kind: CircleKind, explained: &BTreeSet<CircleId>, what: &str| -> Result<(), BoardError> {
            match board.circles_of(kind).find(|id| !explained.contains(id)) {
                Some(id) => {
                    let line = marks.row_lines[usize::from(id.row())];
                    fail(
                        line,
                        MARGIN + usize::from(id.col()) + 1,
                        format!("{} circle {id} is not part of any {what}", kind.key()),
                    )
                }
                None => Ok(()),
            }
        };
    let set = |ids: Vec<CircleId>| ids.into_iter().collect::<BTreeSet<_>>();
    unexplained(
        CircleKind::Tunnel,
        &set(board.tunnels.iter().flat_map(|t| t.circles.clone()).collect()),
        "tunnel line",
    )?;
    unexplained(CircleKind::RopeDrop, &set(board.drops.iter().map(|d| d.from).collect()), "drop line")?;
    unexplained(CircleKind::Landing, &set(board.drops.iter().map(|d| d.to).collect()), "drop line")?;
    unexplained(CircleKind::Key, &set(board.gates.iter().map(|g| g.circle).collect()), "gate line")?;
    unexplained(CircleKind::Pass, &set(board.gates.iter().map(|g| g.circle).collect()), "gate line")?;
    unexplained(CircleKind::Target, &set(board.targets.iter().map(|t| t.circle).collect()), "target line")?;
    unexplained(
        CircleKind::Searchlight,
        &set(board.searchlights.iter().flat_map(|s| s.circles.clone()).collect()),
        "searchlight line",
    )?;
    unexplained(
        CircleKind::BarracksSlot,
        &set(board.barracks.iter().flat_map(|b| b.slots.clone()).collect()),
        "barracks line",
    )?;
    unexplained(
        CircleKind::CellDoor,
        &set(cells.iter().map(|c| c.door.0).collect()),
        "cells line in [area key]",
    )?;
    let at_features = |message: String| fail(features.line, 1, message);
    match board.gates.iter().filter(|g| g.main).count() {
        1 => {}
        n => return at_features(format!("exactly one gate must be marked main, found {n}")),
    }
    match board.gates.iter().filter(|g| g.r39_return).count() {
        1 => {}
        n => return at_features(format!("exactly one gate must be marked return, found {n}")),
    }
    for id in board.circles_of(CircleKind::StaffCar) {
        let touches_car = id.grid_neighbours().any(|(r, c)| {
            board.cell_index(r, c).is_some_and(|cell| board.terrain[cell] == Terrain::StaffCar)
        });
        if !touches_car {
            let line = marks.row_lines[usize::from(id.row())];
            return fail(
                line,
                MARGIN + usize::from(id.col()) + 1,
                format!("staff-car circle {id} does not touch the staff car"),
            );
        }
    }

    // ------------------------------------------------------------ the graph
    board.links = build_links(&board);

    // ------------------------------------------------------------ rooms and cells, now that doors can be seen
    for (index, decl) in rooms.iter().enumerate() {
        let id = RoomId(index as u8);
        let circles: Vec<CircleId> =
            board.circles.iter().filter(|c| c.room() == Some(id)).map(|c| c.id).collect();
        if circles.is_empty() {
            return decl.decl.at.fail(format!("room {} has no circles on the map", decl.decl.key));
        }
        let opens: BTreeSet<CircleId> = circles
            .iter()
            .copied()
            .filter(|&c| {
                board.links(c).iter().any(|l| {
                    matches!(l.kind, LinkKind::Step | LinkKind::Gate(_))
                        && board.circle(l.to).and_then(Circle::room) != Some(id)
                })
            })
            .collect();
        let declared: BTreeSet<CircleId> = decl.doors.iter().map(|d| d.0).collect();
        if opens != declared {
            let list =
                |s: &BTreeSet<CircleId>| s.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
            let at = decl.doors.first().map_or(decl.decl.at, |d| d.1);
            return at.fail(format!(
                "room {} opens at [{}] but its door list says [{}] (a wall is missing or a door is not listed)",
                decl.decl.key,
                list(&opens),
                list(&declared)
            ));
        }
        board.rooms.push(Room {
            key: decl.decl.key.clone(),
            symbol: decl.symbol,
            circles,
            doors: declared.into_iter().collect(),
        });
    }
    for (index, decl) in cells.iter().enumerate() {
        let id = CellBlockId(index as u8);
        let members: Vec<CircleId> =
            board.circles.iter().filter(|c| c.terrain == Terrain::Cells(id)).map(|c| c.id).collect();
        if members.is_empty() {
            return decl
                .decl
                .at
                .fail(format!("block of cells {} has no cell circles on the map", decl.decl.key));
        }
        let door = of_kind(&board, decl.door.1, CircleKind::CellDoor)?;
        board.cell_blocks.push(CellBlock {
            key: decl.decl.key.clone(),
            outer: decl.outer,
            cells: members,
            door,
        });
    }

    // ------------------------------------------------------------ formations
    let appel_rows: BTreeMap<u8, Vec<CircleId>> =
        board.circles_of(CircleKind::Appel).fold(BTreeMap::new(), |mut rows, id| {
            rows.entry(id.row()).or_insert_with(Vec::new).push(id);
            rows
        });
    for s in sections.iter().filter(|s| s.name.starts_with("formation ")) {
        let formation = parse_formation(s, &appel_rows)?;
        board.formations.push(formation);
    }
    board.formations.sort_by_key(|f| f.players);
    Ok(board)
}

/// Follow a tunnel from one end to the other over neighbouring tunnel circles. A tunnel is one
/// line: every circle but the ends touches exactly two others, so tunnellers have one way along.
fn trace_tunnel(
    board: &Board,
    (start, end): (CircleId, CircleId),
    name: Token<'_>,
) -> Result<Vec<CircleId>, BoardError> {
    let tunnel_neighbours = |id: CircleId| -> Vec<CircleId> {
        id.grid_neighbours()
            .filter_map(|(r, c)| board.cell_index(r, c).and_then(|cell| board.at[cell]))
            .map(|i| &board.circles[i as usize])
            .filter(|c| c.kind == CircleKind::Tunnel)
            .map(|c| c.id)
            .collect()
    };
    if start == end {
        return name.fail("a tunnel needs two different ends");
    }
    let mut path = vec![start];
    let mut previous = None;
    let mut here = start;
    loop {
        let next: Vec<CircleId> =
            tunnel_neighbours(here).into_iter().filter(|&n| Some(n) != previous).collect();
        let expected = if here == start { 1 } else { usize::from(here != end) };
        if next.len() != expected || (here == start && tunnel_neighbours(here).len() != 1) {
            return name.fail(format!(
                "tunnel {} is not a single line of tunnel circles from end to end: {here} touches {} tunnel circles",
                name.text,
                tunnel_neighbours(here).len()
            ));
        }
        if here == end {
            return Ok(path);
        }
        previous = Some(here);
        here = next[0];
        path.push(here);
    }
}

/// The circles of `kind` joined to `start` through neighbours of the same kind.
fn cluster(board: &Board, start: CircleId, kind: CircleKind) -> Vec<CircleId> {
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(id) = queue.pop_front() {
        for (r, c) in id.grid_neighbours() {
            let Some(i) = board.cell_index(r, c).and_then(|cell| board.at[cell]) else {
                continue;
            };
            let circle = &board.circles[i as usize];
            if circle.kind == kind && seen.insert(circle.id) {
                queue.push_back(circle.id);
            }
        }
    }
    seen.into_iter().collect()
}

/// Neighbours on the surface, tunnels, rope drops and wire crossings, typed by what they take.
fn build_links(board: &Board) -> Vec<Vec<Link>> {
    let on_surface =
        |c: &Circle| c.terrain.walkable() && c.kind != CircleKind::Cell && c.kind != CircleKind::BarracksSlot;
    let mut links: Vec<Vec<Link>> = vec![Vec::new(); board.circles.len()];
    for (i, circle) in board.circles.iter().enumerate() {
        if !on_surface(circle) {
            continue;
        }
        for (r, c) in circle.id.grid_neighbours() {
            let Some(j) = board.cell_index(r, c).and_then(|cell| board.at[cell]) else {
                continue;
            };
            let other = &board.circles[j as usize];
            // Walkers cross a tunnel but never follow it (R53): no step from one tunnel circle to
            // the next; tunnellers use the tunnel links below.
            if !on_surface(other) || (circle.kind == CircleKind::Tunnel && other.kind == CircleKind::Tunnel) {
                continue;
            }
            let kind = match other.kind {
                CircleKind::Key => LinkKind::Gate(GateKind::Key),
                CircleKind::Pass => LinkKind::Gate(GateKind::Pass),
                _ => LinkKind::Step,
            };
            links[i].push(Link { to: other.id, kind });
        }
    }
    let mut add = |from: CircleId, to: CircleId, kind: LinkKind| {
        let i = board.index(from).expect("features name circles");
        links[i].push(Link { to, kind });
    };
    for (t, tunnel) in board.tunnels.iter().enumerate() {
        for pair in tunnel.circles.windows(2) {
            add(pair[0], pair[1], LinkKind::Tunnel(TunnelId(t as u8)));
            add(pair[1], pair[0], LinkKind::Tunnel(TunnelId(t as u8)));
        }
    }
    for drop in &board.drops {
        add(drop.from, drop.to, LinkKind::RopeDown { ropes: drop.ropes });
        add(drop.to, drop.from, LinkKind::RopeUp { ropes: drop.ropes });
    }
    for wire in &board.wire_crossings {
        add(wire.inside, wire.outside, LinkKind::Wire);
        add(wire.outside, wire.inside, LinkKind::Wire);
    }
    links
}

/// `[formation N]`: a `guards G` line, then one line per Appel row with a team number or '.'
/// for each of the row's circles.
fn parse_formation(
    section: &Section<'_>,
    appel_rows: &BTreeMap<u8, Vec<CircleId>>,
) -> Result<Formation, BoardError> {
    let players = match section.name["formation ".len()..].trim().parse::<u8>() {
        Ok(n) if (2..=6).contains(&n) => n,
        _ => {
            return fail(section.line, 1, format!("[{}]: a formation is for 2 to 6 players", section.name));
        }
    };
    let mut lines = section.lines.iter().map(|&(line, text)| tokens(line, text)).filter(|w| !w.is_empty());
    let Some(guard_words) = lines.next() else {
        return fail(section.line, 1, format!("[{}] is empty", section.name));
    };
    if guard_words[0].text != "guards" {
        return guard_words[0].fail("a formation starts with `guards <number>`");
    }
    let count = expect_word(&guard_words, 1, &guard_words[0], "the number of guards")?;
    let Ok(guards) = count.text.parse::<u8>() else {
        return count.fail("expected the number of guards");
    };
    let mut teams: Vec<Vec<CircleId>> = Vec::new();
    let mut rows = appel_rows.values();
    let mut last_line = section.line;
    for words in lines {
        last_line = words[0].line;
        let Some(row) = rows.next() else {
            return words[0].fail("more formation lines than rows of Appel circles");
        };
        if words.len() != row.len() {
            return words[0].fail(format!(
                "this Appel row has {} circles but the line gives {}",
                row.len(),
                words.len()
            ));
        }
        for (word, &circle) in words.iter().zip(row) {
            if word.text == "." {
                continue;
            }
            let team = match word.text.parse::<usize>() {
                Ok(n) if (1..=9).contains(&n) => n,
                _ => {
                    return word.fail(format!("expected a team number or '.', found {:?}", word.text));
                }
            };
            if teams.len() < team {
                teams.resize(team, Vec::new());
            }
            teams[team - 1].push(circle);
        }
    }
    if rows.next().is_some() {
        return fail(last_line, 1, format!("[{}] has fewer lines than rows of Appel circles", section.name));
    }
    if let Some(missing) = teams.iter().position(Vec::is_empty) {
        return fail(section.line, 1, format!("[{}] skips team {}", section.name, missing + 1));
    }
    Ok(Formation { players, guards, teams })
}
