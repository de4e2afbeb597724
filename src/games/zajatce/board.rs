//! The Na zajatce board as SVG, drawn from the view alone.
//!
//! The board is the classic 11 × 11 cross: the 40-field track runs clockwise round the arms,
//! each corner holds its player's reserve, and each arm's middle row is that player's home,
//! here the prison camp. Every stone in the game is drawn exactly once (on the track, in a
//! reserve or in a camp) as an element of class `stone`, so pages and tests can find them.
//! Colours are told apart by more than hue: each colour has its own outline dash pattern and
//! its own marker shape by the player's name, and every field and stone has a `<title>`.

use feldpost_engine::zajatce::{Colour, SeatView, StoneId, UnitView, View};
use feldpost_engine::{Msg, Seat};
use svg::Document;
use svg::node::element::{Circle, Group, Polygon, Rectangle, Text, Title};

/// Side of one grid cell, in SVG user units.
const CELL: f64 = 40.0;
/// Space round the board.
const MARGIN: f64 = 12.0;
/// Grid cells per side.
const GRID: usize = 11;
/// Height of the status line under the board.
const STATUS: f64 = 34.0;
const FIELD_RADIUS: f64 = 18.5;
const LEADER_RADIUS: f64 = 9.5;
/// Stones on a track field sit this much above its centre, so that the field's number stays
/// readable below them (the buttons name fields by number).
const UNIT_LIFT: f64 = 4.5;
const RIDER_RADIUS: f64 = 4.5;
const CAMP_RADIUS: f64 = 5.5;
const INK: &str = "#222222";

/// Track fields 0–39 as (column, row), clockwise from the first corner's start field.
#[rustfmt::skip]
const TRACK: [(u8, u8); 40] = [
    (0, 4), (1, 4), (2, 4), (3, 4), (4, 4), (4, 3), (4, 2), (4, 1), (4, 0), (5, 0),
    (6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (7, 4), (8, 4), (9, 4), (10, 4), (10, 5),
    (10, 6), (9, 6), (8, 6), (7, 6), (6, 6), (6, 7), (6, 8), (6, 9), (6, 10), (5, 10),
    (4, 10), (4, 9), (4, 8), (4, 7), (4, 6), (3, 6), (2, 6), (1, 6), (0, 6), (0, 5),
];

/// Each corner's home (camp) fields, from the entrance inwards.
const HOMES: [[(u8, u8); 4]; 4] = [
    [(1, 5), (2, 5), (3, 5), (4, 5)],
    [(5, 1), (5, 2), (5, 3), (5, 4)],
    [(9, 5), (8, 5), (7, 5), (6, 5)],
    [(5, 9), (5, 8), (5, 7), (5, 6)],
];

/// Top-left cell of each corner's 4 × 4 block, where its reserve and label go.
const CORNER_BLOCKS: [(u8, u8); 4] = [(0, 0), (7, 0), (7, 7), (0, 7)];

struct Palette {
    fill: &'static str,
    light: &'static str,
    dash: &'static str,
    code: &'static str,
}

fn palette(colour: Colour) -> Palette {
    // Okabe–Ito hues, which stay distinct for the common colour-vision deficiencies.
    match colour {
        // Red is drawn red (Okabe–Ito's vermillion read as orange); the dash pattern and the
        // triangle marker still tell it apart for colour-blind players.
        Colour::Red => Palette { fill: "#C8102E", light: "#F6C9CF", dash: "none", code: "red" },
        Colour::Blue => Palette { fill: "#0072B2", light: "#BFDDF0", dash: "4 2", code: "blue" },
        Colour::Green => Palette { fill: "#009E73", light: "#BDEBDD", dash: "1.5 1.5", code: "green" },
        Colour::Yellow => Palette { fill: "#F0E442", light: "#FAF5C4", dash: "6 2 1.5 2", code: "yellow" },
    }
}

fn centre((column, row): (u8, u8)) -> (f64, f64) {
    (MARGIN + (f64::from(column) + 0.5) * CELL, MARGIN + (f64::from(row) + 0.5) * CELL)
}

fn titled<T: Into<String>>(group: Group, title: T) -> Group {
    group.add(Title::new(title))
}

/// The board of `view` as an SVG document. `seat_names` are the players' names by seat;
/// `tr` translates the `zajatce-*` messages (seat arguments become names there too).
pub fn board_svg(view: &View, seat_names: &[String], tr: &dyn Fn(&Msg) -> String) -> String {
    let name =
        |seat: Seat| seat_names.get(usize::from(seat)).cloned().unwrap_or_else(|| format!("{}", seat + 1));
    let side = 2.0 * MARGIN + GRID as f64 * CELL;
    let mut document = Document::new()
        .set("viewBox", (0, 0, side, side + STATUS))
        .set("width", "100%")
        .set("role", "img")
        .set("class", "board")
        .set("data-game", "zajatce")
        .set("font-family", "sans-serif")
        .add(Title::new(tr(&Msg::new("zajatce-board-title"))))
        .add(Rectangle::new().set("width", side).set("height", side + STATUS).set("fill", "#FBF8F0"));

    document = document.add(track(view, tr));
    for seat in &view.seats {
        document = document.add(corner(seat, &name(seat.seat), tr));
    }
    for seat in &view.seats {
        document = document.add(home(seat, tr));
    }
    // Units sharing a field are spread round its centre.
    for field in 0..view.track_fields {
        let here: Vec<&UnitView> = view.units.iter().filter(|u| u.field == field).collect();
        let (x, y) = centre(TRACK[usize::from(field) % TRACK.len()]);
        let y = y - UNIT_LIFT;
        let scale = if here.len() > 1 { 0.62 } else { 1.0 };
        for (i, unit) in here.iter().enumerate() {
            let (dx, dy) = spread(i, here.len(), 8.0);
            document = document.add(unit_group(unit, x + dx, y + dy, scale, tr));
        }
    }
    if let Some(throw) = view.last_throw {
        document = document.add(die(throw.die, view, tr));
    }
    document.add(status(view, tr)).to_string()
}

/// The pips of a die face, as offsets from its centre in pip spacings.
fn pips(face: u8) -> &'static [(f64, f64)] {
    match face {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
    }
}

/// The last throw as a die in the middle of the board, outlined in the thrower's colour; its
/// words are its title (a tooltip) and the status line under the board (the text alternative
/// screen readers read, the board being one picture to them).
fn die(face: u8, view: &View, tr: &dyn Fn(&Msg) -> String) -> Group {
    const SIZE: f64 = 32.0;
    let Some(throw) = view.last_throw else { return Group::new() };
    let colour = view.seats.iter().find(|s| s.seat == throw.seat).map_or(INK, |s| palette(s.colour).fill);
    let (x, y) = centre((5, 5));
    let words = tr(&Msg::new("zajatce-last-throw").seat("player", throw.seat).num("die", face));
    let mut group = Group::new().set("class", "die").set("data-die", face).add(Title::new(words)).add(
        Rectangle::new()
            .set("x", x - SIZE / 2.0)
            .set("y", y - SIZE / 2.0)
            .set("width", SIZE)
            .set("height", SIZE)
            .set("rx", 6)
            .set("fill", "#FFFFFF")
            .set("stroke", colour)
            .set("stroke-width", 3),
    );
    for (dx, dy) in pips(face) {
        group = group.add(
            Circle::new()
                .set("class", "pip")
                .set("cx", x + dx * 8.5)
                .set("cy", y + dy * 8.5)
                .set("r", 3.2)
                .set("fill", INK),
        );
    }
    group
}

/// Offset of item `i` of `n` placed evenly on a circle of `radius` (none for a single item).
fn spread(i: usize, n: usize, radius: f64) -> (f64, f64) {
    if n <= 1 {
        return (0.0, 0.0);
    }
    let angle = -std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * i as f64 / n as f64;
    (radius * angle.cos(), radius * angle.sin())
}

/// Offset of rider `i` of `n` on the upper arc round its leader (the field's number is below).
fn over_the_top(i: usize, n: usize, radius: f64) -> (f64, f64) {
    let (from, to) = (-std::f64::consts::PI * 17.0 / 18.0, -std::f64::consts::PI / 18.0);
    let angle =
        if n <= 1 { -std::f64::consts::FRAC_PI_2 } else { from + (to - from) * i as f64 / (n - 1) as f64 };
    (radius * angle.cos(), radius * angle.sin())
}

fn track(view: &View, tr: &dyn Fn(&Msg) -> String) -> Group {
    let mut group = Group::new().set("class", "track");
    for (field, &cell) in TRACK.iter().enumerate() {
        let (x, y) = centre(cell);
        let field = field as u8;
        let owner = view.seats.iter().find(|s| s.start_field == field);
        let (fill, title) = match owner {
            Some(seat) => (
                palette(seat.colour).light,
                tr(&Msg::new("zajatce-start-field")
                    .num("field", i64::from(field) + 1)
                    .seat("player", seat.seat)),
            ),
            None => ("#FFFFFF", tr(&Msg::new("zajatce-field").num("field", i64::from(field) + 1))),
        };
        let mut circle = Circle::new()
            .set("cx", x)
            .set("cy", y)
            .set("r", FIELD_RADIUS)
            .set("fill", fill)
            .set("stroke", INK)
            .set("stroke-width", 1.2);
        if let Some(seat) = owner {
            circle = circle.set("stroke", palette(seat.colour).fill).set("stroke-width", 3);
        }
        // The field's number, visible (not only in the tooltip), under any stone on it.
        let number = Text::new((u16::from(field) + 1).to_string())
            .set("class", "field-number")
            .set("x", x)
            .set("y", y + FIELD_RADIUS - 3.0)
            .set("text-anchor", "middle")
            .set("font-size", 12)
            .set("font-weight", "bold")
            .set("fill", "#444444");
        // The last step: a ring round the field the stone left and a bolder one where it
        // went, said in the field's tooltip too.
        let last = view.last_step.filter(|l| l.to == field || l.from == Some(field));
        let title = match last {
            Some(l) => {
                let key = if l.to == field { "zajatce-last-step-to" } else { "zajatce-last-step-from" };
                format!("{title} · {}", tr(&Msg::new(key).seat("player", l.seat)))
            }
            None => title,
        };
        let mut cell = titled(Group::new().set("class", "field").set("data-field", field), title)
            .add(circle)
            .add(number);
        if let Some(l) = last {
            let to = l.to == field;
            let mut ring = Circle::new()
                .set("class", if to { "last-to" } else { "last-from" })
                .set("cx", x)
                .set("cy", y)
                .set("r", FIELD_RADIUS + 3.5)
                .set("fill", "none")
                .set("stroke", INK)
                .set("stroke-width", if to { 3.0 } else { 1.5 });
            if !to {
                ring = ring.set("stroke-dasharray", "3 3");
            }
            cell = cell.add(ring);
        }
        group = group.add(cell);
    }
    group
}

/// The marker shape of a colour, centred on (x, y): a second cue besides the hue.
fn marker(colour: Colour, x: f64, y: f64, size: f64) -> Polygon {
    let points: Vec<(f64, f64)> = match colour {
        Colour::Red => vec![(0.0, -1.0), (0.87, 0.5), (-0.87, 0.5)],
        Colour::Blue => vec![(-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)],
        Colour::Green => vec![(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)],
        Colour::Yellow => (0..6)
            .map(|k| {
                let a = std::f64::consts::TAU * f64::from(k) / 6.0;
                (a.cos(), a.sin())
            })
            .collect(),
    };
    let points: Vec<String> =
        points.iter().map(|(px, py)| format!("{:.1},{:.1}", x + px * size, y + py * size)).collect();
    Polygon::new()
        .set("points", points.join(" "))
        .set("fill", palette(colour).fill)
        .set("stroke", INK)
        .set("stroke-width", 1)
}

fn stone_circle(stone: StoneId, role: &str, x: f64, y: f64, radius: f64) -> Circle {
    let colour = palette(Colour::of(stone.seat));
    Circle::new()
        .set("class", format!("stone {role}"))
        .set("data-stone", stone_key(stone))
        .set("data-seat", stone.seat)
        .set("data-number", stone.number)
        .set("cx", x)
        .set("cy", y)
        .set("r", radius)
        .set("fill", colour.fill)
        .set("stroke", INK)
        .set("stroke-width", if radius > 6.0 { 1.6 } else { 1.0 })
        .set("stroke-dasharray", colour.dash)
}

/// A stone's name on the page (`s{seat}-{number}`): the action forms that move it carry the
/// same name (see `targets` in mod.rs), so a click on the stone finds its move.
pub fn stone_key(stone: StoneId) -> String {
    format!("s{}-{}", stone.seat, stone.number)
}

fn stone_title(stone: StoneId) -> Msg {
    Msg::new("zajatce-stone").text("colour", palette(Colour::of(stone.seat)).code).num("number", stone.number)
}

/// A corner block: the player's name with their marker, prisoners counted, and the reserve.
fn corner(seat: &SeatView, name: &str, tr: &dyn Fn(&Msg) -> String) -> Group {
    let (column, row) = CORNER_BLOCKS[usize::from(seat.corner) % CORNER_BLOCKS.len()];
    let (left, top) = (MARGIN + f64::from(column) * CELL, MARGIN + f64::from(row) * CELL);
    let colour = palette(seat.colour);
    let label = if seat.eliminated {
        tr(&Msg::new("zajatce-seat-out").seat("player", seat.seat))
    } else {
        name.to_string()
    };
    let reserve_title =
        tr(&Msg::new("zajatce-reserve").seat("player", seat.seat).num("stones", seat.reserve.len() as i64));
    let mut reserve = titled(Group::new().set("class", "reserve").set("data-seat", seat.seat), reserve_title)
        .add(
            Rectangle::new()
                .set("x", left + 4.0)
                .set("y", top + 4.0)
                .set("width", 3.0 * CELL - 8.0)
                .set("height", 2.0 * CELL - 8.0)
                .set("rx", 10)
                .set("fill", colour.light)
                .set("stroke", colour.fill)
                .set("stroke-width", 2),
        );
    for (k, &stone) in seat.reserve.iter().enumerate() {
        let (x, y) = (left + (0.5 + (k % 3) as f64) * CELL, top + (0.5 + (k / 3) as f64) * CELL);
        reserve = reserve.add(titled(Group::new(), tr(&stone_title(stone))).add(stone_circle(
            stone,
            "reserve",
            x,
            y,
            LEADER_RADIUS,
        )));
    }
    // Two short lines rather than one long one: "Prisoners: 0 (+2 on the way)" ran off the
    // board on a phone.
    let score = tr(&Msg::new("zajatce-score").num("camp", seat.camp.len() as i64));
    let led = (seat.prisoners_led > 0)
        .then(|| tr(&Msg::new("zajatce-score-led").num("led", i64::from(seat.prisoners_led))));
    let mut group = Group::new()
        .set("class", "corner")
        .add(reserve)
        .add(marker(seat.colour, left + 12.0, top + 2.0 * CELL + 18.0, 7.0))
        .add(
            Text::new(label)
                .set("x", left + 24.0)
                .set("y", top + 2.0 * CELL + 23.0)
                .set("font-size", 14)
                .set("font-weight", if seat.eliminated { "normal" } else { "bold" })
                .set("fill", INK),
        )
        .add(
            titled(
                Group::new(),
                tr(&Msg::new("zajatce-camp")
                    .seat("player", seat.seat)
                    .num("prisoners", seat.camp.len() as i64)),
            )
            .add(
                Text::new(score)
                    .set("x", left + 24.0)
                    .set("y", top + 2.0 * CELL + 42.0)
                    .set("font-size", 13)
                    .set("fill", INK),
            ),
        );
    if let Some(led) = led {
        group = group.add(
            Text::new(led)
                .set("class", "led")
                .set("x", left + 24.0)
                .set("y", top + 2.0 * CELL + 59.0)
                .set("font-size", 13)
                .set("fill", INK),
        );
    }
    group
}

/// The home arm: the camp, holding the prisoners brought home.
fn home(seat: &SeatView, tr: &dyn Fn(&Msg) -> String) -> Group {
    let colour = palette(seat.colour);
    let cells = HOMES[usize::from(seat.corner) % HOMES.len()];
    let title =
        tr(&Msg::new("zajatce-camp").seat("player", seat.seat).num("prisoners", seat.camp.len() as i64));
    let mut group = titled(Group::new().set("class", "camp").set("data-seat", seat.seat), title);
    for &cell in &cells {
        let (x, y) = centre(cell);
        group = group.add(
            Circle::new()
                .set("cx", x)
                .set("cy", y)
                .set("r", FIELD_RADIUS)
                .set("fill", colour.light)
                .set("stroke", colour.fill)
                .set("stroke-width", 2),
        );
    }
    // Up to four prisoners per home field, filling them from the entrance inwards.
    for (k, &stone) in seat.camp.iter().enumerate() {
        let (x, y) = centre(cells[(k / 4) % cells.len()]);
        let (dx, dy) = [(-6.5, -6.5), (6.5, -6.5), (-6.5, 6.5), (6.5, 6.5)][k % 4];
        let spill = (k / 16) as f64 * 2.0; // a 17th prisoner cannot happen with 20 stones, but never hide one
        group = group.add(titled(Group::new(), tr(&stone_title(stone))).add(stone_circle(
            stone,
            "camp",
            x + dx + spill,
            y + dy + spill,
            CAMP_RADIUS,
        )));
    }
    group
}

/// A unit: the leader with its number, its riders (freed members, then prisoners) in a ring
/// round it, and a badge counting the prisoners.
fn unit_group(unit: &UnitView, x: f64, y: f64, scale: f64, tr: &dyn Fn(&Msg) -> String) -> Group {
    let title = if unit.prisoners.is_empty() && unit.members.is_empty() {
        tr(&stone_title(unit.leader))
    } else {
        tr(&Msg::new("zajatce-group")
            .text("colour", palette(Colour::of(unit.leader.seat)).code)
            .num("number", unit.leader.number)
            .num("prisoners", unit.prisoners.len() as i64)
            .num("members", unit.members.len() as i64))
    };
    let mut group = titled(
        Group::new()
            .set("class", "unit")
            .set("data-field", unit.field)
            .set("data-stone", stone_key(unit.leader)),
        title,
    );
    let riders: Vec<(StoneId, &str)> = unit
        .members
        .iter()
        .map(|&s| (s, "member"))
        .chain(unit.prisoners.iter().map(|&s| (s, "prisoner")))
        .collect();
    for (i, &(stone, role)) in riders.iter().enumerate() {
        let (dx, dy) = over_the_top(i, riders.len(), (LEADER_RADIUS + RIDER_RADIUS + 1.0) * scale);
        group = group.add(stone_circle(stone, role, x + dx, y + dy, RIDER_RADIUS * scale));
    }
    group = group.add(stone_circle(unit.leader, "leader", x, y, LEADER_RADIUS * scale)).add(
        Text::new(unit.leader.number.to_string())
            .set("x", x)
            .set("y", y + 4.0 * scale)
            .set("text-anchor", "middle")
            .set("font-size", 11.0 * scale)
            .set("font-weight", "bold")
            .set("fill", if Colour::of(unit.leader.seat) == Colour::Yellow { INK } else { "#FFFFFF" }),
    );
    if !unit.prisoners.is_empty() {
        let (bx, by) = (x + 12.0 * scale, y - 12.0 * scale);
        group = group
            .add(
                Circle::new()
                    .set("class", "badge")
                    .set("cx", bx)
                    .set("cy", by)
                    .set("r", 6.5 * scale)
                    .set("fill", INK),
            )
            .add(
                Text::new(unit.prisoners.len().to_string())
                    .set("x", bx)
                    .set("y", by + 3.5 * scale)
                    .set("text-anchor", "middle")
                    .set("font-size", 9.0 * scale)
                    .set("fill", "#FFFFFF"),
            );
    }
    group
}

/// The line under the board: the last throw, and the outcome once there is one.
fn status(view: &View, tr: &dyn Fn(&Msg) -> String) -> Group {
    let side = 2.0 * MARGIN + GRID as f64 * CELL;
    let mut line = match view.last_throw {
        Some(throw) => tr(&Msg::new("zajatce-last-throw").seat("player", throw.seat).num("die", throw.die)),
        None => String::new(),
    };
    if let Some(outcome) = &view.outcome {
        line = tr(&outcome.summary);
    }
    Group::new().set("class", "status").add(
        Text::new(line)
            .set("x", side / 2.0)
            .set("y", side + STATUS / 2.0)
            .set("text-anchor", "middle")
            .set("font-size", 14)
            .set("fill", INK),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use feldpost_engine::zajatce::{Action, Options, State, Zajatce};
    use feldpost_engine::{Arg, Random, Ruleset, SeededRandom, Viewer};
    use fluent_templates::fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
    use svg::parser::Event;

    const EN: &str = include_str!("../../locales/en/zajatce.ftl");
    const CS: &str = include_str!("../../locales/cs/zajatce.ftl");
    const RU: &str = include_str!("../../locales/ru/zajatce.ftl");

    /// A translator like the web layer's: seats become names, nested keys are translated.
    fn translator(ftl: &str, lang: &str, names: Vec<String>) -> impl Fn(&Msg) -> String {
        let resource = FluentResource::try_new(ftl.to_string())
            .unwrap_or_else(|(_, errors)| panic!("{lang}: {errors:?}"));
        let mut bundle = FluentBundle::new(vec![lang.parse().unwrap()]);
        bundle.set_use_isolating(false);
        bundle.add_resource(resource).expect("no id is defined twice");
        move |msg: &Msg| {
            let mut args = FluentArgs::new();
            for (key, arg) in &msg.args {
                let value = match arg {
                    Arg::Seat(seat) => FluentValue::from(names[usize::from(*seat)].clone()),
                    Arg::Num(n) => FluentValue::from(*n),
                    Arg::Text(text) => FluentValue::from(text.clone()),
                    Arg::Key(key) => FluentValue::from(key.clone()),
                };
                args.set(key.clone(), value);
            }
            let message = bundle.get_message(&msg.key).unwrap_or_else(|| panic!("{lang}: no {}", msg.key));
            let mut errors = Vec::new();
            let text = bundle.format_pattern(message.value().unwrap(), Some(&args), &mut errors);
            assert!(errors.is_empty(), "{lang}: {}: {errors:?}", msg.key);
            text.into_owned()
        }
    }

    /// A position some way into a seeded four-player game, with groups and camps on the board.
    fn mid_game(decisions: usize, seats: usize) -> State {
        let options = Options::default();
        let seed = [9u8; 32];
        let setup = Zajatce::setup(&options, seats, &mut SeededRandom::new(&seed, "render", 0, "setup"));
        let mut state = feldpost_engine::replay::<Zajatce>(&options, seats, &setup);
        let mut choices = SeededRandom::new(&seed, "render", 0, "choices");
        for n in 0..decisions {
            let Some(&seat) = Zajatce::to_act(&state).first() else { break };
            let legal: Vec<Action> = Zajatce::legal_actions(&state, seat);
            let action = legal[choices.below(legal.len() as u32) as usize];
            let events = Zajatce::decide(
                &state,
                seat,
                &action,
                &mut SeededRandom::new(&seed, "render", n as u64 + 1, "dice"),
            )
            .expect("offered actions are accepted");
            for event in &events {
                Zajatce::apply(&mut state, event);
            }
        }
        state
    }

    /// Parses the SVG, failing on any error, and returns the `class` of every element.
    fn classes(svg_text: &str) -> Vec<String> {
        let mut found = Vec::new();
        let mut depth = 0i32;
        for event in svg::read(svg_text).expect("readable") {
            match event {
                Event::Error(error) => panic!("malformed SVG: {error:?}"),
                Event::Tag(_, kind, attributes) => {
                    use svg::node::element::tag::Type;
                    match kind {
                        Type::Start => depth += 1,
                        Type::End => depth -= 1,
                        Type::Empty => {}
                    }
                    if let Some(class) = attributes.get("class") {
                        found.push(class.to_string());
                    }
                }
                _ => {}
            }
        }
        assert_eq!(depth, 0, "unbalanced tags");
        found
    }

    #[test]
    fn every_stone_is_drawn_once_in_a_well_formed_document() {
        for (decisions, seats) in [(0, 2), (150, 3), (400, 4), (2_000, 4)] {
            let state = mid_game(decisions, seats);
            let view = Zajatce::view(&state, Viewer::Public);
            let names: Vec<String> =
                ["Ann <&> \"Bo\"", "Čeněk", "Dana", "Emil"][..seats].iter().map(|s| s.to_string()).collect();
            for (ftl, lang) in [(EN, "en"), (CS, "cs"), (RU, "ru")] {
                let tr = translator(ftl, lang, names.clone());
                let picture = board_svg(&view, &names, &tr);
                let classes = classes(&picture);
                let stones = classes.iter().filter(|c| c.split(' ').next() == Some("stone")).count();
                assert_eq!(stones, seats * 5, "every stone exactly once");
                let on_track: usize =
                    view.units.iter().map(|u| 1 + u.members.len() + u.prisoners.len()).sum();
                let drawn_on_track = classes
                    .iter()
                    .filter(|c| ["stone leader", "stone member", "stone prisoner"].contains(&c.as_str()))
                    .count();
                assert_eq!(drawn_on_track, on_track, "one stone element per stone on the track");
                assert_eq!(classes.iter().filter(|c| *c == "field").count(), 40);
                assert!(picture.contains("viewBox"));
                assert!(picture.contains("Ann &lt;&amp;&gt;"), "names are escaped");
            }
        }
    }

    #[test]
    fn the_thrown_die_is_drawn_with_its_pips_and_said_in_words() {
        let names: Vec<String> = (1..=4).map(|n| format!("P{n}")).collect();
        let fresh = Zajatce::view(&mid_game(0, 4), Viewer::Public);
        let picture = board_svg(&fresh, &names, &translator(EN, "en", names.clone()));
        assert!(!picture.contains("class=\"die\""), "no die before the first throw");
        let view = Zajatce::view(&mid_game(400, 4), Viewer::Public);
        let throw = view.last_throw.expect("thrown by now");
        for (ftl, lang) in [(EN, "en"), (CS, "cs"), (RU, "ru")] {
            let picture = board_svg(&view, &names, &translator(ftl, lang, names.clone()));
            let die = picture.split("class=\"die\"").nth(1).expect("a die");
            let die = &die[..die.find("</g>").unwrap()];
            assert!(die.contains(&format!("data-die=\"{}\"", throw.die)), "{lang}: {die}");
            assert_eq!(die.matches("class=\"pip\"").count(), usize::from(throw.die), "{lang}: {die}");
            assert!(die.contains("<title>") && !die.contains("zajatce-last-throw"), "{lang}: {die}");
        }
        for face in 1..=6u8 {
            assert_eq!(pips(face).len(), usize::from(face));
        }
    }

    #[test]
    fn the_last_step_is_marked_where_the_stone_left_and_where_it_went() {
        let state = mid_game(400, 4);
        let view = Zajatce::view(&state, Viewer::Public);
        let last = view.last_step.expect("a stone has moved by now");
        let names: Vec<String> = (1..=4).map(|n| format!("P{n}")).collect();
        for (ftl, lang) in [(EN, "en"), (CS, "cs"), (RU, "ru")] {
            let picture = board_svg(&view, &names, &translator(ftl, lang, names.clone()));
            assert_eq!(picture.matches("class=\"last-to\"").count(), 1, "{lang}");
            assert_eq!(
                picture.matches("class=\"last-from\"").count(),
                usize::from(last.from.is_some()),
                "{lang}"
            );
            // The ring stands in the group of the field the stone went to.
            let group = picture.split(&format!("data-field=\"{}\"", last.to)).nth(1).unwrap();
            let group = &group[..group.find("</g>").unwrap()];
            assert!(group.contains("last-to"), "{lang}: {group}");
            assert!(!group.contains("last-step-to"), "{lang}: the tooltip is translated: {group}");
        }
        // Before any move nothing is marked.
        let fresh = Zajatce::view(&mid_game(0, 4), Viewer::Public);
        let picture = board_svg(&fresh, &names, &translator(EN, "en", names.clone()));
        assert!(!picture.contains("last-to") && !picture.contains("last-from"));
    }

    #[test]
    fn fields_have_numbered_tooltips_and_groups_show_their_prisoners() {
        let state = mid_game(400, 4);
        let view = Zajatce::view(&state, Viewer::Public);
        let names: Vec<String> = (1..=4).map(|n| format!("P{n}")).collect();
        let picture = board_svg(&view, &names, &translator(EN, "en", names.clone()));
        assert!(picture.contains("<title>Field 2</title>"));
        assert!(picture.contains("<title>Field 40</title>"));
        assert!(picture.contains("P1's start field"));
        assert_eq!(picture.matches("Prisoners: ").count(), 4, "each corner counts its prisoners");
        // Field numbers are on the board itself, not only in tooltips.
        let numbers: Vec<String> = picture
            .split("class=\"field-number\"")
            .skip(1)
            .map(|rest| {
                let text = &rest[rest.find('>').unwrap() + 1..];
                text[..text.find("</text>").unwrap()].trim().to_owned()
            })
            .collect();
        let expected: Vec<String> = (1..=40).map(|n| n.to_string()).collect();
        assert_eq!(numbers, expected, "every field's number is drawn on it, in track order");
        // Prisoners on the way are a line of their own (one line ran off the board on a phone).
        assert!(!picture.contains("(+"), "no long combined line");
        for seat in view.seats.iter().filter(|s| s.prisoners_led > 0) {
            assert!(picture.contains(&format!("+{} on the way", seat.prisoners_led)));
        }
        for unit in view.units.iter().filter(|u| !u.prisoners.is_empty()) {
            let count = unit.prisoners.len();
            let expected = if count == 1 {
                "leading one prisoner".to_string()
            } else {
                format!("leading {count} prisoners")
            };
            assert!(picture.contains(&expected), "{expected} missing");
        }
    }

    #[test]
    fn the_track_is_a_closed_path_of_neighbouring_cells_with_homes_off_the_entrances() {
        let adjacent = |(a, b): (u8, u8), (c, d): (u8, u8)| a.abs_diff(c) + b.abs_diff(d) == 1;
        for i in 0..TRACK.len() {
            assert!(
                adjacent(TRACK[i], TRACK[(i + 1) % TRACK.len()]),
                "fields {i} and {} are not neighbours",
                i + 1
            );
            assert!(!TRACK[..i].contains(&TRACK[i]), "field {i} repeats a cell");
        }
        for corner in 0..4u8 {
            let start = TRACK[usize::from(feldpost_engine::zajatce::start_field(corner))];
            let entrance = TRACK[usize::from(feldpost_engine::zajatce::home_entrance(corner))];
            let home = HOMES[usize::from(corner)];
            assert!(adjacent(entrance, home[0]), "corner {corner}: the home starts beside the entrance");
            assert!(home.windows(2).all(|w| adjacent(w[0], w[1])));
            assert_eq!(home[3].0.abs_diff(5) + home[3].1.abs_diff(5), 1, "homes end next to the centre");
            // The start field touches its corner's 4 × 4 block, where the reserve waits.
            let (column, row) = CORNER_BLOCKS[usize::from(corner)];
            let gap = |v: u8, low: u8| if v < low { low - v } else { v.saturating_sub(low + 3) };
            assert_eq!(
                gap(start.0, column) + gap(start.1, row),
                1,
                "corner {corner}: start beside its block"
            );
            assert!(!TRACK.contains(&home[0]));
        }
    }

    #[test]
    fn the_renderer_message_ids_are_in_every_catalog() {
        let source = include_str!("board.rs");
        for literal in source.split('"').skip(1).step_by(2).filter(|l| l.starts_with("zajatce-")) {
            for (ftl, lang) in [(EN, "en"), (CS, "cs"), (RU, "ru")] {
                assert!(
                    ftl.lines().any(|line| line.starts_with(&format!("{literal} ="))),
                    "{lang}: {literal} missing"
                );
            }
        }
    }
}
