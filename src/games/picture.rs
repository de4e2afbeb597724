//! A board as a picture for mail: the drawing a game's page shows (its SVG, from the viewer's
//! view only: docs/architecture.md, rule 4), made self-contained and rasterised to PNG, which
//! mail clients show where they show no SVG.
//!
//! The text is drawn with DejaVu Sans compiled into the binary (`assets/fonts/`), never with a
//! font of the machine, so a picture looks the same wherever it is made and has Czech and
//! Cyrillic letters. An `<image>` is resolved only to a drawing's unchanging layer
//! ([`super::asset`], the castle under Colditz's men); no file and no other link is read.

use resvg::tiny_skia;
use resvg::usvg;
use std::sync::{Arc, OnceLock};

/// The largest picture a mail carries, in bytes of PNG.
pub const MAX_PNG_BYTES: usize = 150 * 1024;

/// The widest picture made, in pixels: wide enough for a phone at twice its CSS pixels.
pub const MAX_WIDTH: u32 = 800;

/// The family every drawing names first, and the one a text without a family gets.
const FAMILY: &str = "DejaVu Sans";

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// A board as a picture: its self-contained SVG source (what the leak tests read) and the PNG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub svg: String,
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// Why a drawing could not be made a picture.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the drawing is not SVG that can be read: {0}")]
    Svg(String),
    #[error("the drawing has no size")]
    Empty,
    #[error("the PNG could not be written: {0}")]
    Png(String),
    #[error("the picture stays over {MAX_PNG_BYTES} bytes ({0} at its smallest)")]
    TooLarge(usize),
}

fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_data(REGULAR.to_vec());
            db.load_font_data(BOLD.to_vec());
            // Whatever family a drawing names (Verdana, sans-serif, serif), it gets DejaVu Sans.
            db.set_sans_serif_family(FAMILY);
            db.set_serif_family(FAMILY);
            db.set_monospace_family(FAMILY);
            db.set_cursive_family(FAMILY);
            db.set_fantasy_family(FAMILY);
            Arc::new(db)
        })
        .clone()
}

fn options() -> usvg::Options<'static> {
    let mut opt = usvg::Options { font_family: FAMILY.to_owned(), fontdb: fonts(), ..Default::default() };
    opt.image_href_resolver = usvg::ImageHrefResolver {
        // No data: URL is ever drawn (the drawings have none); nothing is decoded.
        resolve_data: Box::new(|_, _, _| None),
        resolve_string: Box::new(|href, opt| {
            let name = href.strip_prefix(super::page::ASSET_PATH)?;
            layer(name, opt).map(usvg::ImageKind::SVG)
        }),
    };
    opt
}

/// A drawing's unchanging layer by its file name, read once (the castle is most of what a
/// Colditz picture costs to read) and copied for each picture after.
fn layer(name: &str, opt: &usvg::Options) -> Option<usvg::Tree> {
    static READ: OnceLock<std::sync::Mutex<std::collections::HashMap<String, usvg::Tree>>> = OnceLock::new();
    let read = READ.get_or_init(Default::default);
    if let Some(tree) = read.lock().ok()?.get(name) {
        return Some(tree.clone());
    }
    let tree = usvg::Tree::from_str(&super::asset(name)?.svg, opt).ok()?;
    read.lock().ok()?.insert(name.to_owned(), tree.clone());
    Some(tree)
}

/// Rasterise a self-contained `svg` at `scale` pixels per unit (less when it would be wider
/// than [`MAX_WIDTH`]) on white, as PNG. A picture over [`MAX_PNG_BYTES`] is made again
/// smaller, down to half its width; past that it is refused.
pub fn render(svg: &str, scale: f32) -> Result<Picture, PictureError> {
    let tree = usvg::Tree::from_str(svg, &options()).map_err(|e| PictureError::Svg(e.to_string()))?;
    let size = tree.size();
    let mut scale = scale.min(MAX_WIDTH as f32 / size.width());
    let smallest = scale / 2.0;
    loop {
        let (width, height) = ((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32);
        let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(PictureError::Empty)?;
        pixmap.fill(tiny_skia::Color::WHITE);
        resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
        let png = pixmap.encode_png().map_err(|e| PictureError::Png(e.to_string()))?;
        if png.len() <= MAX_PNG_BYTES {
            return Ok(Picture { svg: svg.to_owned(), png, width, height });
        }
        if scale * 0.8 < smallest {
            return Err(PictureError::TooLarge(png.len()));
        }
        scale *= 0.8;
    }
}

/// Put `style` into `svg` as its first child (a `<style>` block resvg reads), so that the
/// drawing carries the classes the page's style sheet gives it.
pub fn with_style(svg: &str, style: &str) -> String {
    let Some(open) = svg.find("<svg") else { return svg.to_owned() };
    let Some(end) = svg[open..].find('>') else { return svg.to_owned() };
    let at = open + end + 1;
    format!("{}<style>{}</style>{}", &svg[..at], style, &svg[at..])
}

/// Set the `viewBox`, `width` and `height` of `svg`'s root to the rectangle `(x, y, w, h)`:
/// the same drawing, cut to that part.
pub fn cropped(svg: &str, (x, y, w, h): (f64, f64, f64, f64)) -> String {
    let Some(open) = svg.find("<svg") else { return svg.to_owned() };
    let Some(end) = svg[open..].find('>') else { return svg.to_owned() };
    // The root's own size and viewBox are dropped; the new ones follow.
    let head = ["viewBox", "width", "height"].iter().fold(svg[open..open + end].to_owned(), |head, name| {
        let key = format!(" {name}=\"");
        match head.find(&key) {
            Some(i) => match head[i + key.len()..].find('"') {
                Some(close) => format!("{}{}", &head[..i], &head[i + key.len() + close + 1..]),
                None => head,
            },
            None => head,
        }
    });
    format!(
        "{}{head} viewBox=\"{x} {y} {w} {h}\" width=\"{w}\" height=\"{h}\"{}",
        &svg[..open],
        &svg[open + end..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_in_czech_and_russian_is_drawn_with_the_embedded_font() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40" width="200" height="40"><text x="4" y="28" font-size="20" font-family="Verdana, sans-serif" fill="#000">Žluťoučký Ж</text></svg>"##;
        let picture = render(svg, 1.0).unwrap();
        let pixmap = tiny_skia::Pixmap::decode_png(&picture.png).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (200, 40));
        let dark = pixmap.pixels().iter().filter(|p| p.red() < 128).count();
        assert!(dark > 200, "the letters are drawn: {dark} dark pixels");
        // A positive control: the same picture without its text has no dark pixel.
        let blank = svg.replace("Žluťoučký Ж", "");
        let pixmap = tiny_skia::Pixmap::decode_png(&render(&blank, 1.0).unwrap().png).unwrap();
        assert_eq!(pixmap.pixels().iter().filter(|p| p.red() < 128).count(), 0);
    }

    #[test]
    fn an_unreadable_drawing_is_an_error_not_a_panic() {
        assert!(matches!(render("<svg", 1.0), Err(PictureError::Svg(_))));
        assert!(matches!(render("not svg at all", 1.0), Err(PictureError::Svg(_))));
    }

    #[test]
    fn a_crop_sets_the_root_box_and_keeps_the_drawing() {
        let svg =
            r#"<svg viewBox="0 0 100 100" width="100" height="100" class="castle"><circle r="2"/></svg>"#;
        let cut = cropped(svg, (10.0, 20.0, 30.0, 40.0));
        assert_eq!(
            cut,
            r#"<svg class="castle" viewBox="10 20 30 40" width="30" height="40"><circle r="2"/></svg>"#
        );
        assert!(with_style(&cut, ".a{fill:red}").starts_with(r#"<svg class="castle" viewBox="10 20 30 40" width="30" height="40"><style>.a{fill:red}</style><circle"#));
    }

    #[test]
    fn an_external_image_is_never_read() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10"><image href="/etc/passwd" width="10" height="10"/></svg>"#;
        assert!(render(svg, 1.0).is_ok());
    }
}
