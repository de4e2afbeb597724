//! A mail's picture of the board (src/games/picture.rs): each game's per-viewer drawing for the
//! mail (`Table::picture_svg`) rasterised to PNG, after a few steps of a game set up from a
//! fixed seed: what the mail worker spends on one picture (drawn once per game, step and seat).

use criterion::{Criterion, criterion_group, criterion_main};
use feldpost::games::{self, Table, picture};
use feldpost::i18n::{Lang, Tr};
use feldpost_engine::{SeededRandom, Viewer};
use std::hint::black_box;

/// A game of `ruleset` for `seats` with its default options (and `options`), set up and played
/// `steps` steps by the first legal action of the seat to act.
fn played(ruleset: &str, seats: usize, options: serde_json::Value, steps: usize) -> Box<dyn Table> {
    let rules = games::by_id(ruleset).unwrap();
    let options = rules.options(&options, seats).unwrap();
    let mut table = rules.table(&options, seats).unwrap();
    let mut rng = SeededRandom::new(&[7; 32], "bench", 1, "setup");
    for event in rules.setup(&options, seats, &mut rng).unwrap() {
        table.apply(&event).unwrap();
    }
    for step in 0..steps {
        let Some(&seat) = table.to_act().first() else { break };
        let mut rng = SeededRandom::new(&[7; 32], "bench", step as u64 + 2, "act");
        // The first legal action the rules take as offered (a clue is given a word), never a
        // concession.
        let events = table.legal_actions(seat).into_iter().find_map(|(mut action, _, _)| {
            if action.get("word").is_some() {
                action["word"] = serde_json::json!("zzqa");
                action["number"] = serde_json::json!(1);
            }
            if table.concession(&action) {
                return None;
            }
            table.decide(seat, &action, &mut rng).ok()
        });
        let Some(events) = events else { break };
        for event in events {
            table.apply(&event).unwrap();
        }
    }
    table
}

fn pictures(c: &mut Criterion) {
    let names: Vec<String> = ["Alena", "Boris", "Cyril", "Dana", "Emil", "Fany"].map(String::from).to_vec();
    let tr = Tr::new(Lang::Cs).with_names(names.clone());
    let words = |m: &feldpost_engine::Msg| tr.msg(m);
    let mut group = c.benchmark_group("pictures");
    group.sample_size(20);
    for (ruleset, seats, options) in [
        ("zajatce", 4, serde_json::json!({})),
        ("sluzba", 4, serde_json::json!({})),
        ("colditz", 3, serde_json::json!({})),
    ] {
        let table = played(ruleset, seats, options, 3);
        let viewer = Viewer::Seat(table.to_act().first().copied().unwrap_or(0));
        let (svg, scale) = table.picture_svg(viewer, &names[..seats], &words).expect("a picture");
        let drawn = picture::render(&svg, scale).unwrap();
        println!("{ruleset}: {} × {} px, {} bytes of PNG", drawn.width, drawn.height, drawn.png.len());
        // What the PNG's encoding alone costs of it.
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&drawn.png).unwrap();
        group.bench_function(format!("{ruleset}_png_only"), |b| {
            b.iter(|| black_box(pixmap.encode_png().unwrap()))
        });
        group.bench_function(ruleset, |b| {
            b.iter(|| {
                let (svg, scale) = table.picture_svg(viewer, &names[..seats], &words).unwrap();
                black_box(picture::render(&svg, scale).unwrap())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, pictures);
criterion_main!(benches);
