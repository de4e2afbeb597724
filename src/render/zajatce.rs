//! The Na zajatce board as SVG: the cross-shaped 40-field track of Člověče, nezlob se on an
//! 11 × 11 grid, the four start fields and homes (prison camps) in the players' colours, the
//! reserves in the corners, and every unit on the track with its members and prisoners visible.
//! Drawn from the view only.

use feldpost_engine::Msg;
use feldpost_engine::zajatce::{Colour, StoneId, UnitView, View};
use svg::Document;
use svg::node::element::{Circle, Group, Rectangle, Text, Title};

const CELL: f64 = 40.0;
const MARGIN: f64 = 20.0;

/// Grid cells (column, row) of the track, clockwise from corner 0's start field.
const TRACK: [(u8, u8); 40] = [
    (0, 4), (1, 4), (2, 4), (3, 4), (4, 4), (4, 3), (4, 2), (4, 1), (4, 0), (5, 0),
    (6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (7, 4), (8, 4), (9, 4), (10, 4), (10, 5),
    (10, 6), (9, 6), (8, 6), (7, 6), (6, 6), (6, 7), (6, 8), (6, 9), (6, 10), (5, 10),
    (4, 10), (4, 9), (4, 8), (4, 7), (4, 6), (3, 6), (2, 6), (1, 6), (0, 6), (0, 5),
];

/// Each corner's home row, from the entrance inwards.
fn home_cells(corner: u8) -> [(u8, u8); 4] {
    match corner % 4 {
        0 => [(1, 5), (2, 5), (3, 5), (4, 5)],
        1 => [(5, 1), (5, 2), (5, 3), (5, 4)],
        2 => [(9, 5), (8, 5), (7, 5), (6, 5)],
        _ => [(5, 9), (5, 8), (5, 7), (5, 6)],
    }
}

/// The 2 × 2 reserve yard of each corner (top-left cell).
fn yard(corner: u8) -> (u8, u8) {
    match corner % 4 {
        0 => (0, 0),
        1 => (9, 0),
        2 => (9, 9),
        _ => (0, 9),
    }
}

fn fill(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "#c0392b",
        Colour::Blue => "#2563a6",
        Colour::Green => "#2e8b57",
        Colour::Yellow => "#e0b000",
    }
}

fn light(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "#f6d5d1",
        Colour::Blue => "#d3e2f3",
        Colour::Green => "#d2ecdd",
        Colour::Yellow => "#f8edc0",
    }
}

fn centre((c, r): (u8, u8)) -> (f64, f64) {
    (MARGIN + (f64::from(c) + 0.5) * CELL, MARGIN + (f64::from(r) + 0.5) * CELL)
}

fn colour_of(view: &View, seat: u8) -> Colour {
    view.seats.iter().find(|s| s.seat == seat).map(|s| s.colour).unwrap_or(Colour::of(seat))
}

/// A stone: a filled circle with a dark outline and its number, so colours are told apart
/// without relying on colour alone.
fn stone(view: &View, id: StoneId, x: f64, y: f64, r: f64, class: &str, title: String) -> Group {
    let colour = colour_of(view, id.seat);
    let text_fill = if colour == Colour::Yellow { "#222" } else { "#fff" };
    Group::new()
        .set("class", format!("stone {class}"))
        .add(Title::new(title))
        .add(Circle::new().set("cx", x).set("cy", y).set("r", r).set("fill", fill(colour)).set("stroke", "#1d232b").set("stroke-width", 1.5))
        .add(
            Text::new(id.number.to_string())
                .set("x", x)
                .set("y", y + r * 0.38)
                .set("text-anchor", "middle")
                .set("font-size", r * 1.05)
                .set("font-family", "sans-serif")
                .set("fill", text_fill),
        )
}

fn stone_name(names: &[String], tr: &dyn Fn(&Msg) -> String, id: StoneId) -> String {
    let owner = names.get(usize::from(id.seat)).cloned().unwrap_or_else(|| tr(&Msg::new(Colour::of(id.seat).key())));
    format!("{owner} #{}", id.number)
}

fn unit_group(view: &View, unit: &UnitView, names: &[String], tr: &dyn Fn(&Msg) -> String, nth_on_field: usize) -> Group {
    let (cx, cy) = centre(TRACK[usize::from(unit.field) % TRACK.len()]);
    // Several units on one field are spread a little so each stays visible.
    let (cx, cy) = (cx + nth_on_field as f64 * 6.0, cy - nth_on_field as f64 * 6.0);
    let mut g = Group::new().set("class", "unit").set("data-field", unit.field);
    let leader_title = format!(
        "{} · {}: {} · {}: {}",
        stone_name(names, tr, unit.leader),
        tr(&Msg::new("zajatce-board-members")),
        unit.members.len(),
        tr(&Msg::new("zajatce-board-prisoners")),
        unit.prisoners.len()
    );
    g = g.add(stone(view, unit.leader, cx, cy, 12.0, "leader", leader_title));
    // Free members ride beside the leader, prisoners in a small arc below it.
    for (i, m) in unit.members.iter().enumerate() {
        g = g.add(stone(view, *m, cx + 11.0 + i as f64 * 7.0, cy - 11.0, 5.5, "member", stone_name(names, tr, *m)));
    }
    for (i, p) in unit.prisoners.iter().enumerate() {
        let x = cx - 12.0 + (i % 5) as f64 * 6.0;
        let y = cy + 13.0 + (i / 5) as f64 * 6.0;
        g = g.add(stone(view, *p, x, y, 3.6, "prisoner", format!("{} ({})", stone_name(names, tr, *p), tr(&Msg::new("zajatce-board-prisoner")))));
    }
    if !unit.prisoners.is_empty() {
        g = g.add(
            Text::new(format!("×{}", unit.prisoners.len()))
                .set("x", cx + 14.0)
                .set("y", cy + 16.0)
                .set("font-size", 10)
                .set("font-family", "sans-serif")
                .set("fill", "#1d232b"),
        );
    }
    g
}

pub fn board_svg(view: &View, names: &[String], tr: &dyn Fn(&Msg) -> String) -> String {
    let size = MARGIN * 2.0 + CELL * 11.0;
    let mut doc = Document::new()
        .set("viewBox", (0, 0, size, size))
        .set("role", "img")
        .set("aria-label", tr(&Msg::new("zajatce-board-title")))
        .add(Rectangle::new().set("x", 0).set("y", 0).set("width", size).set("height", size).set("fill", "#fbf3dc"));

    // The track.
    for (field, cell) in TRACK.iter().enumerate() {
        let (x, y) = centre(*cell);
        let start = view.seats.iter().find(|s| usize::from(s.start_field) == field);
        let ring = start.map(|s| fill(s.colour)).unwrap_or("#6b5b45");
        let inner = start.map(|s| light(s.colour)).unwrap_or("#fffaf0");
        doc = doc.add(
            Group::new()
                .set("class", "field")
                .set("data-field", field)
                .add(Title::new(format!("{} {}", tr(&Msg::new("zajatce-board-field")), field)))
                .add(Circle::new().set("cx", x).set("cy", y).set("r", 16).set("fill", inner).set("stroke", ring).set("stroke-width", if start.is_some() { 4 } else { 2 })),
        );
    }

    // Homes (prison camps) and reserves, per seat.
    for seat in &view.seats {
        let colour = seat.colour;
        let seat_name = names.get(usize::from(seat.seat)).cloned().unwrap_or_else(|| tr(&Msg::new(colour.key())));
        let mut camp = Group::new().set("class", "camp").add(Title::new(format!("{}: {} ({})", tr(&Msg::new("zajatce-board-camp")), seat_name, seat.camp.len())));
        for cell in home_cells(seat.corner) {
            let (x, y) = centre(cell);
            camp = camp.add(Circle::new().set("cx", x).set("cy", y).set("r", 15).set("fill", light(colour)).set("stroke", fill(colour)).set("stroke-width", 2));
        }
        // Prisoners in the camp, packed into its four fields.
        for (i, p) in seat.camp.iter().enumerate() {
            let (x, y) = centre(home_cells(seat.corner)[i % 4]);
            let k = i / 4;
            let (dx, dy) = [(-6.0, -6.0), (6.0, -6.0), (-6.0, 6.0), (6.0, 6.0), (0.0, 0.0)][k % 5];
            camp = camp.add(stone(view, *p, x + dx, y + dy, 4.5, "camp-prisoner", stone_name(names, tr, *p)));
        }
        doc = doc.add(camp);

        let (c, r) = yard(seat.corner);
        let (x0, y0) = (MARGIN + f64::from(c) * CELL, MARGIN + f64::from(r) * CELL);
        let mut yard_group = Group::new()
            .set("class", "reserve")
            .add(Title::new(format!("{}: {}", tr(&Msg::new("zajatce-board-reserve")), seat_name)))
            .add(Rectangle::new().set("x", x0 + 2.0).set("y", y0 + 2.0).set("width", CELL * 2.0 - 4.0).set("height", CELL * 2.0 - 4.0).set("rx", 10).set("fill", light(colour)).set("stroke", fill(colour)).set("stroke-width", 2));
        for (i, id) in seat.reserve.iter().enumerate() {
            let (dx, dy) = [(0.5, 0.5), (1.5, 0.5), (0.5, 1.5), (1.5, 1.5), (1.0, 1.0)][i % 5];
            yard_group = yard_group.add(stone(view, *id, x0 + dx * CELL, y0 + dy * CELL, 10.0, "in-reserve", stone_name(names, tr, *id)));
        }
        let label_y = if r == 0 { y0 + CELL * 2.0 + 12.0 } else { y0 - 4.0 };
        let mut label = seat_name;
        if seat.eliminated {
            label.push_str(&format!(" ({})", tr(&Msg::new("zajatce-board-out"))));
        }
        yard_group = yard_group.add(Text::new(label).set("x", x0 + CELL).set("y", label_y).set("text-anchor", "middle").set("font-size", 12).set("font-family", "sans-serif").set("fill", "#1d232b"));
        doc = doc.add(yard_group);
    }

    // Units on the track.
    let mut seen_on_field = std::collections::HashMap::<u8, usize>::new();
    for unit in &view.units {
        let n = seen_on_field.entry(unit.field).or_default();
        doc = doc.add(unit_group(view, unit, names, tr, *n));
        *n += 1;
    }

    // The last throw, in the centre.
    if let Some(throw) = view.last_throw {
        let (x, y) = centre((5, 5));
        doc = doc.add(
            Group::new()
                .set("class", "die")
                .add(Title::new(tr(&Msg::new("zajatce-board-last-throw"))))
                .add(Rectangle::new().set("x", x - 14.0).set("y", y - 14.0).set("width", 28).set("height", 28).set("rx", 5).set("fill", "#fff").set("stroke", fill(colour_of(view, throw.seat))).set("stroke-width", 3))
                .add(Text::new(throw.die.to_string()).set("x", x).set("y", y + 6.0).set("text-anchor", "middle").set("font-size", 18).set("font-family", "sans-serif").set("fill", "#1d232b")),
        );
    }
    doc.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use feldpost_engine::zajatce::{Options, Zajatce};
    use feldpost_engine::{Ruleset, SeededRandom, Viewer};

    #[test]
    fn track_cells_are_forty_distinct_neighbours() {
        let mut cells = TRACK.to_vec();
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), 40);
        for i in 0..40 {
            let (a, b) = (TRACK[i], TRACK[(i + 1) % 40]);
            let d = a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
            assert_eq!(d, 1, "fields {i} and {} are not adjacent", (i + 1) % 40);
        }
        for corner in 0..4u8 {
            let entrance = TRACK[usize::from((corner * 10 + 39) % 40)];
            let first_home = home_cells(corner)[0];
            assert_eq!(entrance.0.abs_diff(first_home.0) + entrance.1.abs_diff(first_home.1), 1, "corner {corner}'s home starts next to its entrance");
        }
    }

    #[test]
    fn the_drawing_is_valid_svg_with_every_stone() {
        let options = Options::default();
        let mut state = Zajatce::initial(&options, 4);
        for e in Zajatce::setup(&options, 4, &mut SeededRandom::new(&[3; 32], "svg", 1, "setup")) {
            Zajatce::apply(&mut state, &e);
        }
        // Play a while so that stones are spread over track, reserves and camps.
        for seq in 2..400u64 {
            let Some(&seat) = Zajatce::to_act(&state).first() else { break };
            let actions = Zajatce::legal_actions(&state, seat);
            let action = &actions[(seq as usize) % actions.len()];
            for e in Zajatce::decide(&state, seat, action, &mut SeededRandom::new(&[3; 32], "svg", seq, "decide")).unwrap() {
                Zajatce::apply(&mut state, &e);
            }
        }
        let view = Zajatce::view(&state, Viewer::Public);
        let names: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
        let svg_text = board_svg(&view, &names, &|m| m.key.clone());
        let mut stones = 0;
        let mut depth = 0i32;
        for event in svg::read(&svg_text).expect("parses") {
            match event {
                svg::parser::Event::Tag(_, svg::node::element::tag::Type::Start, attrs) => {
                    depth += 1;
                    if attrs.get("class").is_some_and(|c| c.to_string().starts_with("stone")) {
                        stones += 1;
                    }
                }
                svg::parser::Event::Tag(_, svg::node::element::tag::Type::End, _) => depth -= 1,
                svg::parser::Event::Error(e) => panic!("not well-formed: {e:?}"),
                _ => {}
            }
        }
        assert_eq!(depth, 0, "every element is closed");
        let on_board: usize = view.units.iter().map(|u| 1 + u.members.len() + u.prisoners.len()).sum::<usize>()
            + view.seats.iter().map(|s| s.reserve.len() + s.camp.len()).sum::<usize>();
        assert_eq!(on_board, 20, "four players' five stones are all somewhere");
        assert_eq!(stones, on_board, "one drawn stone per stone");
    }
}
