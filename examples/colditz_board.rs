//! Draw the Colditz board with a 6-player Appel on it, to look at it.
//!
//! `cargo run --example colditz_board -- [out.svg] [en|cs]` (default /tmp/colditz.svg, English),
//! then e.g. `rsvg-convert -o /tmp/colditz.png /tmp/colditz.svg`.

use feldpost::games::colditz::castle::{Nation, PieceMark, Side, board_svg};
use feldpost_engine::Msg;
use feldpost_engine::colditz::board::{BOARD, CircleKind};
use std::collections::HashMap;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let out = args.next().unwrap_or_else(|| "/tmp/colditz.svg".to_string());
    let catalog = match args.next().as_deref() {
        Some("cs") => include_str!("../src/locales/cs/colditz.ftl"),
        _ => include_str!("../src/locales/en/colditz.ftl"),
    };
    // The board's messages are plain `id = text` lines; the web layer uses full Fluent.
    let words: HashMap<&str, &str> =
        catalog.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split_once(" = ")).collect();
    let tr = |msg: &Msg| words.get(msg.key.as_str()).map_or_else(|| msg.key.clone(), |w| w.to_string());

    let mut pieces = Vec::new();
    for (team, nation) in BOARD.formation(6).expect("six-player formation").teams.iter().zip(Nation::ALL) {
        for (i, circle) in team.iter().enumerate() {
            pieces.push(PieceMark {
                circle: *circle,
                side: Side::Pow(nation),
                label: (i + 1).to_string(),
                title: String::new(),
            });
        }
    }
    for (i, circle) in BOARD.circles_of(CircleKind::GuardPost).step_by(3).enumerate() {
        pieces.push(PieceMark {
            circle,
            side: Side::Guard,
            label: format!("G{}", i + 1),
            title: String::new(),
        });
    }
    std::fs::write(&out, board_svg(&BOARD, &pieces, &tr))?;
    println!("wrote {out}");
    Ok(())
}
