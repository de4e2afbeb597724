//! The picture a turn mail, a reminder or a digest carries: the board as its seat may see it at
//! the mail's step, drawn by the mail worker at send time, never on a request.
//!
//! The outbox row says all it needs: its game, its step (`seq`) and its seat. The worker
//! replays the game to that step and draws it through the engine's per-viewer view, with the
//! board's own drawing code (`Presented::picture_svg`, docs/architecture.md, rule 4), and
//! rasterises it ([`crate::games::picture`]). A picture is drawn once per game, step and seat
//! and kept (`mail_pictures`), so a retry, or a second mail of that seat at that step, draws
//! nothing. A seat that reads mail as text only gets none; a seat whose view did not change at
//! that step gets none (a picture then would only show it an old board again); a drawing that
//! fails leaves the mail without a picture, and the mail goes.
//!
//! The game-over mail carries the game's final statistics instead: the statistics page's
//! charts as that seat's page shows them ([`stats_pictures`]), each a picture of its own.

use super::log::{GameLog, Loaded};
use super::view::table_at;
use crate::games::picture;
use crate::ids::GameId;
use crate::mail::{MailPicture, Unseal};
use crate::store::{MailKind, OutboxRow, StoredPicture};
use feldpost_engine::{Msg, Seat, Viewer};

/// The mails that carry the board (and the one that asks a seat to check a position from a
/// real table: the board shows it).
pub fn pictured(kind: &MailKind) -> bool {
    matches!(
        kind,
        MailKind::Turn
            | MailKind::Reminder
            | MailKind::Digest { .. }
            | MailKind::Notice(crate::record::CauseKind::Position)
    )
}

/// The most a mail's pictures come to together, in bytes of PNG: with the text, the HTML and
/// base64 the whole mail stays under 300 KB.
pub const MAX_PICTURES_BYTES: usize = 200 * 1024;

/// What the mail worker hands the outbox: the links made from the key, and the pictures.
pub struct WithPictures<'a>(pub &'a GameLog);

impl Unseal for WithPictures<'_> {
    fn unseal(&self, row: &mut OutboxRow) {
        self.0.links().unseal(row)
    }
    fn bounce_tag(&self, row: &OutboxRow) -> Option<String> {
        self.0.links().bounce_tag(row)
    }
    fn pictures<'a>(&'a self, row: &'a OutboxRow) -> futures_util::future::BoxFuture<'a, Vec<MailPicture>> {
        Box::pin(for_mail(self.0, row))
    }
}

/// The pictures `row` carries: the board (drawn now or kept from before) or, in the game-over
/// mail, the final statistics; none: the mail goes without.
pub async fn for_mail(log: &GameLog, row: &OutboxRow) -> Vec<MailPicture> {
    let Some(seat) = row.seat else { return Vec::new() };
    let end = row.kind == MailKind::End;
    if row.game_id.is_empty() || !(pictured(&row.kind) || end) {
        return Vec::new();
    }
    match log.store.seat_mail(&row.game_id, seat).await {
        Ok(m) if m.text_only => return Vec::new(),
        Ok(_) => {}
        Err(e) => {
            tracing::warn!("mail {}: the seat's mail settings: {e}", row.id);
            return Vec::new();
        }
    }
    if end {
        return match final_stats(log, &row.game_id, seat as Seat).await {
            Ok(pictures) => pictures,
            Err(why) => {
                tracing::warn!("mail {}: no pictures of the statistics: {why}", row.id);
                Vec::new()
            }
        };
    }
    board_for_mail(log, row, seat).await.into_iter().collect()
}

/// The board `row` carries, drawn now or kept from before.
async fn board_for_mail(log: &GameLog, row: &OutboxRow, seat: i64) -> Option<MailPicture> {
    let kept = match log.store.mail_picture(&row.game_id, row.seq, seat, "board").await {
        Ok(kept) => kept,
        Err(e) => {
            tracing::warn!("mail {}: the kept picture: {e}", row.id);
            return None;
        }
    };
    let stored = match kept {
        Some(stored) => stored,
        None => {
            let stored = match board(log, &row.game_id, row.seq, seat as Seat).await {
                Ok(Some(drawn)) => StoredPicture {
                    png: Some(drawn.png),
                    alt: drawn.alt,
                    width: drawn.width,
                    height: drawn.height,
                },
                Ok(None) => StoredPicture { png: None, alt: String::new(), width: 0, height: 0 },
                Err(why) => {
                    tracing::warn!("mail {}: no picture of the board: {why}", row.id);
                    StoredPicture { png: None, alt: String::new(), width: 0, height: 0 }
                }
            };
            if let Err(e) =
                log.store.put_mail_picture(&row.game_id, row.seq, seat, "board", &stored, log.now()).await
            {
                tracing::warn!("mail {}: keeping its picture: {e}", row.id);
            }
            stored
        }
    };
    let png = stored.png?;
    Some(MailPicture { png, alt: stored.alt, width: stored.width, height: stored.height })
}

/// The final statistics of `game_id` as `seat`'s statistics page shows them, drawn now: one
/// picture a chart, in the page's order, as many as fit in [`MAX_PICTURES_BYTES`]. Not kept:
/// a game ends once and its end mail is drawn once (again only on a retry).
pub async fn final_stats(log: &GameLog, game_id: &str, seat: Seat) -> Result<Vec<MailPicture>, String> {
    let loaded = log.load(&GameId::from_stored(game_id.to_owned())).await.map_err(|e| e.to_string())?;
    let sketches = stats_sketches(log, &loaded, seat).await?;
    let drawn = tokio::task::spawn_blocking(move || {
        let mut pictures = Vec::new();
        let mut bytes = 0;
        for Sketch { svg, scale, alt } in sketches {
            match picture::render(&svg, scale) {
                Ok(p) if bytes + p.png.len() <= MAX_PICTURES_BYTES => {
                    bytes += p.png.len();
                    pictures.push(MailPicture { png: p.png, alt, width: p.width, height: p.height });
                }
                // Past the mail's share the rest of the charts stay on the page (linked).
                Ok(_) => break,
                Err(e) => tracing::warn!("a chart of the statistics: {e}"),
            }
        }
        pictures
    })
    .await
    .map_err(|e| e.to_string())?;
    Ok(drawn)
}

/// The style rules a chart's drawing takes from the page's style sheet, for a picture.
const CHART_STYLE: &str = ".bar{fill:#8a2d1c}.bar-back{fill:#e7c9bf}.bar-mark{stroke:#1d232b;stroke-width:2;stroke-dasharray:3 2}text{fill:#1d232b;font-size:14px}";

/// The statistics page's charts as `seat` may see them now (`play::stats`, from the seat's
/// view of the history), each made a picture: the chart's own drawing under its title (and,
/// for the dice, the verdict), with the chart's table in words as alt text.
pub async fn stats_sketches(log: &GameLog, loaded: &Loaded, seat: Seat) -> Result<Vec<Sketch>, String> {
    let tr = loaded.tr().isolating();
    let stats = super::stats::stats(log, loaded, Some(seat)).await.map_err(|e| e.to_string())?;
    let charts = super::charts::charts(&stats, &tr);
    let mut titled: Vec<(Vec<String>, &super::charts::Chart)> = Vec::new();
    for d in &charts.dice {
        titled.push((vec![d.chart.title.clone(), format!("{} {}", d.verdict, d.total)], &d.chart));
    }
    for t in &charts.tallies {
        titled.push((vec![t.title.clone()], t));
    }
    if let Some(t) = &charts.times {
        titled.push((vec![t.title.clone()], t));
    }
    titled.push((vec![charts.days.title.clone()], &charts.days));
    Ok(titled
        .into_iter()
        .map(|(lines, chart)| {
            let top = 8 + 22 * lines.len() as u32;
            let (w, h) = (chart.width(), chart.height + top);
            let heads: String = lines
                .iter()
                .enumerate()
                .map(|(i, line)| {
                    let weight = if i == 0 { " font-weight=\"bold\"" } else { "" };
                    format!("<text x=\"6\" y=\"{}\"{weight}>{}</text>", 22 * (i + 1), escape(line))
                })
                .collect();
            let svg = format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" font-family=\"DejaVu Sans, sans-serif\"><style>{CHART_STYLE}</style>{heads}<svg x=\"0\" y=\"{top}\" width=\"{w}\" height=\"{}\"{}</svg>",
                chart.height,
                chart.svg().trim().strip_prefix("<svg").unwrap_or_default(),
            );
            let mut alt = lines;
            alt.push(chart.words());
            Sketch { svg, scale: 2.0, alt: alt.join(" ") }
        })
        .collect())
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// A board drawn for a mail: the SVG it was drawn from (what the leak tests read), the PNG and
/// its words.
#[derive(Debug, Clone)]
pub struct Drawn {
    pub svg: String,
    pub png: Vec<u8>,
    pub alt: String,
    pub width: u32,
    pub height: u32,
}

/// The viewer a seat's picture at a step is drawn for: the seat itself, or everyone's view
/// once the game had ended there (as its pages show it).
fn viewer_at(loaded: &Loaded, table: &dyn crate::games::Table, seat: Seat) -> Viewer {
    if table.outcome().is_some() { loaded.viewer_for(Some(seat)) } else { Viewer::Seat(seat) }
}

/// What a picture of the board is drawn from: the SVG (what the leak tests read), the pixels
/// a unit of it is drawn at, and the same in words.
#[derive(Debug, Clone)]
pub struct Sketch {
    pub svg: String,
    pub scale: f32,
    pub alt: String,
}

/// `seat`'s picture of the board at step `seq`, before it is drawn; None: the seat saw nothing
/// new at that step (the record's events, as the engine redacts them for the seat, are none),
/// or the game draws no picture.
pub async fn sketch(log: &GameLog, loaded: &Loaded, seq: u64, seat: Seat) -> Result<Option<Sketch>, String> {
    let tr = loaded.tr();
    let told =
        super::history::history_window(log, loaded, Some(seat), seq, seq).await.map_err(|e| e.to_string())?;
    let descriptions: Vec<String> =
        told.iter().flat_map(|e| e.descriptions.iter().map(|d| tr.msg(d))).collect();
    if told.iter().all(|e| e.events.is_empty()) {
        return Ok(None);
    }
    let table = table_at(log, loaded, seq).await.map_err(|e| e.to_string())?;
    let viewer = viewer_at(loaded, table.as_ref(), seat);
    let Some((svg, scale)) = table.picture_svg(viewer, &loaded.names(), &|m| tr.msg(m)) else {
        return Ok(None);
    };
    let mut alt = vec![tr.msg(&Msg::new("mail-picture-alt").num("step", seq as i64))];
    alt.extend(descriptions);
    Ok(Some(Sketch { svg, scale, alt: alt.join(" ") }))
}

/// `seat`'s picture of the board of `game_id` at step `seq`, drawn now (see [`sketch`]).
pub async fn board(log: &GameLog, game_id: &str, seq: i64, seat: Seat) -> Result<Option<Drawn>, String> {
    let loaded = log.load(&GameId::from_stored(game_id.to_owned())).await.map_err(|e| e.to_string())?;
    let seq = u64::try_from(seq).map_err(|_| format!("no step {seq}"))?;
    let Some(Sketch { svg, scale, alt }) = sketch(log, &loaded, seq, seat).await? else { return Ok(None) };
    // Drawing is work for a core, not for the worker's task: it waits on its own thread.
    let drawn = tokio::task::spawn_blocking(move || picture::render(&svg, scale))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    Ok(Some(Drawn { svg: drawn.svg, png: drawn.png, alt, width: drawn.width, height: drawn.height }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_mails_reminders_and_digests_carry_the_board_and_nothing_else_does() {
        for kind in [MailKind::Turn, MailKind::Reminder, MailKind::Digest { day: 3 }] {
            assert!(pictured(&kind), "{kind:?}");
        }
        for kind in [MailKind::Invite, MailKind::End, MailKind::Overdue, MailKind::Chat { n: 1 }] {
            assert!(!pictured(&kind), "{kind:?}");
        }
    }
}
