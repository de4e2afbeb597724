//! A game's statistics as bar charts, each with the table that says the same: drawn for the
//! statistics page (`web::pages::stats`) and, as pictures, for the game-over mail
//! (`play::pictures`), from the numbers `play::stats` counted for one viewer.
//!
//! A chart's drawing is SVG written by a template (`templates/chart.svg`), bar by bar, as the
//! game boards are drawn: no chart crate.

use super::stats::{Dice, Fairness, Stats, Thrower, Who};
use crate::i18n::Tr;
use askama::Template;

/// The drawing's width (its viewBox; the drawing scales to the page) and where its bars begin
/// and may end: labels stand left of `BAR_X`, the value right of the bar.
const WIDTH: u32 = 400;
const BAR_X: u32 = 150;
const BAR_MAX: u32 = 190;
const ROW: u32 = 24;

/// A horizontal bar chart and the table that says the same (the drawing is hidden from screen
/// readers; the table is read).
pub struct Chart {
    pub title: String,
    /// What the drawing's marks mean, when more than a bar.
    pub note: Option<String>,
    /// The table's column heads: the label's, then one per value column.
    pub heads: Vec<String>,
    pub rows: Vec<ChartRow>,
    pub height: u32,
}

pub struct ChartRow {
    /// The row's label in the table (a name stands in a `<bdi>` there) and, shortened, in the
    /// drawing.
    pub label: String,
    pub short: String,
    /// The table's values, one per value column.
    pub cells: Vec<String>,
    /// The value written by the bar.
    pub value: String,
    /// The bar's top and widths: the main bar, a lighter one behind it, a mark across it.
    pub y: u32,
    pub bar: u32,
    pub back: Option<u32>,
    pub mark: Option<u32>,
}

impl ChartRow {
    /// Where the value is written: right of the bar, the bar behind it and the mark.
    pub fn value_x(&self) -> u32 {
        let mark = self.mark.map_or(0, |m| m - BAR_X + 2);
        BAR_X + self.bar.max(self.back.unwrap_or(0)).max(mark) + 5
    }
}

impl Chart {
    /// A chart of `rows` (label, main value, lighter value behind, mark, value text, cells),
    /// scaled to the largest of them.
    fn new(title: String, note: Option<String>, heads: Vec<String>, rows: Vec<Row>) -> Chart {
        let max = rows
            .iter()
            .flat_map(|r| [r.main, r.back.unwrap_or(0.0), r.mark.unwrap_or(0.0)])
            .fold(0.0, f64::max);
        let scale = |v: f64| if max > 0.0 { (v / max * f64::from(BAR_MAX)).round() as u32 } else { 0 };
        let n = rows.len() as u32;
        Chart {
            title,
            note,
            heads,
            height: n * ROW + 8,
            rows: rows
                .into_iter()
                .enumerate()
                .map(|(i, r)| ChartRow {
                    short: short(&r.label),
                    label: r.label,
                    cells: r.cells,
                    value: r.value,
                    y: i as u32 * ROW + 4,
                    bar: scale(r.main),
                    back: r.back.map(scale),
                    mark: r.mark.map(|m| BAR_X + scale(m)),
                })
                .collect(),
        }
    }

    pub fn bar_x(&self) -> u32 {
        BAR_X
    }

    pub fn width(&self) -> u32 {
        WIDTH
    }
}

struct Row {
    label: String,
    main: f64,
    back: Option<f64>,
    mark: Option<f64>,
    value: String,
    cells: Vec<String>,
}

impl Row {
    fn plain(label: String, n: u64) -> Row {
        Row {
            label,
            main: n as f64,
            back: None,
            mark: None,
            value: n.to_string(),
            cells: vec![n.to_string()],
        }
    }
}

/// A label short enough to stand left of the bars (the table beside has it whole); a name set
/// apart by isolation marks keeps its closing mark.
fn short(label: &str) -> String {
    const MAX: usize = 16;
    let isolated = label.starts_with('\u{2068}') && label.ends_with('\u{2069}');
    let inner = if isolated { &label[3..label.len() - 3] } else { label };
    if inner.chars().count() <= MAX {
        return label.to_owned();
    }
    let cut: String = inner.chars().take(MAX - 1).collect::<String>() + "…";
    if isolated { format!("\u{2068}{cut}\u{2069}") } else { cut }
}

/// A length of time in words: "45 s", "12 min", "3 h 20 min", "2 d 4 h".
fn duration(ms: i64, tr: &Tr) -> String {
    let s = ms.max(0) / 1000;
    let n = |v: i64| v.to_string();
    match s {
        0..60 => tr.t_args("stats-duration-s", &[("s", n(s))]),
        60..3600 => tr.t_args("stats-duration-min", &[("min", n(s / 60))]),
        3600..86400 => tr.t_args("stats-duration-h", &[("h", n(s / 3600)), ("min", n(s % 3600 / 60))]),
        _ => tr.t_args("stats-duration-d", &[("d", n(s / 86400)), ("h", n(s % 86400 / 3600))]),
    }
}

/// A p-value as the page writes it: three places, or "< 0.001".
fn p_text(p: f64, tr: &Tr) -> String {
    if p < 0.001 { decimal("< 0.001".to_owned(), tr) } else { decimal(format!("{p:.3}"), tr) }
}

/// A decimal number written as the reader's language writes it: Czech and Russian with a comma.
fn decimal(text: String, tr: &Tr) -> String {
    if tr.lang.code() == "en" { text } else { text.replace('.', ",") }
}

/// The fairness of a set of dice in words.
fn verdict(d: &Dice, tr: &Tr) -> String {
    match (d.fairness, d.p) {
        (Fairness::Fair, Some(p)) => tr.t_args("stats-dice-fair", &[("p", p_text(p, tr))]),
        (Fairness::Unusual, Some(p)) => tr.t_args("stats-dice-unusual", &[("p", p_text(p, tr))]),
        _ => tr.t_args("stats-dice-too-few", &[("min", crate::play::stats::MIN_THROWS.to_string())]),
    }
}

/// The dice of one kind: the chart and its verdict.
pub struct DiceBlock {
    pub chart: Chart,
    pub total: String,
    pub verdict: String,
    pub unusual: bool,
}

fn who(w: &Who, tr: &Tr) -> String {
    match w {
        Who::Seat(s) => tr.seat_name(*s),
        Who::Team(t) => tr.t(&format!("stats-team-{t}")),
        Who::Colour(c) => tr.t(&format!("stats-colour-{c}")),
    }
}

/// A statistics page's charts, in the page's order: the dice, the game's own counts, the turn
/// times (none before a seat ended a turn), the records per day.
pub struct Charts {
    pub dice: Vec<DiceBlock>,
    pub tallies: Vec<Chart>,
    pub times: Option<Chart>,
    pub days: Chart,
}

/// The charts of `stats`, in `tr`'s words.
pub fn charts(stats: &Stats, tr: &Tr) -> Charts {
    let tr = tr.clone();
    let dice = stats
        .dice
        .iter()
        .map(|d| {
            let expected = decimal(format!("{:.1}", d.expected), &tr);
            let rows = (0..6)
                .map(|i| Row {
                    label: (i + 1).to_string(),
                    main: d.faces[i] as f64,
                    back: None,
                    mark: (d.total > 0).then_some(d.expected),
                    value: d.faces[i].to_string(),
                    cells: vec![d.faces[i].to_string(), expected.clone()],
                })
                .collect();
            let title = tr.t(match d.thrower {
                Thrower::Server => "stats-dice-server",
                Thrower::Manual => "stats-dice-manual",
            });
            DiceBlock {
                chart: Chart::new(
                    title,
                    Some(tr.t("stats-dice-note")),
                    vec![tr.t("stats-dice-face"), tr.t("stats-dice-count"), tr.t("stats-dice-expected")],
                    rows,
                ),
                total: tr.t_args("stats-dice-total", &[("total", d.total.to_string())]),
                verdict: verdict(d, &tr),
                unusual: d.fairness == Fairness::Unusual,
            }
        })
        .collect();
    let times = stats.seats.iter().any(|s| s.turns > 0).then(|| {
        let rows = stats
            .seats
            .iter()
            .map(|s| {
                let text = |ms: Option<i64>| ms.map(|ms| duration(ms, &tr)).unwrap_or_else(|| "–".to_owned());
                Row {
                    label: tr.seat_name(s.seat),
                    main: s.median_ms.unwrap_or(0) as f64,
                    back: s.longest_ms.map(|l| l as f64),
                    mark: None,
                    value: text(s.median_ms),
                    cells: vec![s.turns.to_string(), text(s.median_ms), text(s.longest_ms)],
                }
            })
            .collect();
        Chart::new(
            tr.t("stats-times-title"),
            Some(tr.t("stats-times-note")),
            vec![
                tr.t("stats-player"),
                tr.t("stats-times-turns"),
                tr.t("stats-times-median"),
                tr.t("stats-times-longest"),
            ],
            rows,
        )
    });
    let days = Chart::new(
        tr.t("stats-days-title"),
        None,
        vec![tr.t("stats-days-date"), tr.t("stats-days-records")],
        stats.days.iter().map(|d| Row::plain(d.date.clone(), d.records)).collect(),
    );
    let tallies = stats
        .tallies
        .iter()
        .map(|t| {
            let first = match t.rows.first().map(|r| &r.who) {
                Some(Who::Seat(_)) | None => "stats-player",
                Some(Who::Team(_)) => "stats-team",
                Some(Who::Colour(_)) => "stats-colour",
            };
            Chart::new(
                tr.t(&format!("stats-tally-{}", t.what)),
                None,
                vec![tr.t(first), tr.t("stats-count")],
                t.rows.iter().map(|r| Row::plain(who(&r.who, &tr), r.count)).collect(),
            )
        })
        .collect();
    Charts { dice, tallies, times, days }
}

#[derive(Template)]
#[template(path = "chart.svg", escape = "html")]
struct ChartSvg<'a> {
    c: &'a Chart,
}

impl Chart {
    /// The chart's drawing (hidden from screen readers: the table says the same).
    pub fn svg(&self) -> String {
        ChartSvg { c: self }.render().unwrap_or_default()
    }

    /// The chart in words, for a picture's alt text: its title, then each row with its cells.
    pub fn words(&self) -> String {
        let rows: Vec<String> =
            self.rows.iter().map(|r| format!("{} {}", r.label, r.cells.join(" / "))).collect();
        format!("{}: {}.", self.title, rows.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn a_long_name_is_shortened_in_the_drawing_and_keeps_its_isolation() {
        assert_eq!(short("Alena"), "Alena");
        assert_eq!(short("\u{2068}Alena\u{2069}"), "\u{2068}Alena\u{2069}");
        assert_eq!(short("\u{2068}Bartoloměj Kristián\u{2069}"), "\u{2068}Bartoloměj Kris…\u{2069}");
    }
}
