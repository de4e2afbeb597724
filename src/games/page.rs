//! What a game puts on the pages around its board, as the generic pages ask for it: its files
//! (scripts and style sheets, served under `/static/games/<game>/`), its zoom levels, the block
//! its board stands in, the words above the action forms, its board on a public page of its
//! own. The pages name no game: they ask the game's [`super::Game`] for these, and a game
//! that asks for nothing special draws its board in a plain block.

use feldpost_engine::Msg;

/// The kinds of page that show a game's board (a game's scripts say on which they run).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// A seat's game page, with its action forms.
    Seat,
    /// A seat's history, step by step.
    History,
    /// The spectators' page.
    Watch,
    /// A dispute's audit: the boards before and after the contested step.
    Audit,
    /// The host's page.
    Host,
}

/// A file of a game's own, served at `/static/games/<game>/<name>` (see `crate::web::files`).
#[derive(Debug, Clone, Copy)]
pub struct StaticFile {
    pub name: &'static str,
    pub body: &'static str,
}

impl StaticFile {
    /// The file's type, by its name's ending.
    pub fn content_type(&self) -> &'static str {
        match self.name.rsplit_once('.').map(|(_, ending)| ending) {
            Some("js") => "text/javascript; charset=utf-8",
            Some("css") => "text/css; charset=utf-8",
            Some("svg") => "image/svg+xml",
            _ => "text/plain; charset=utf-8",
        }
    }
}

/// Words that are a Fluent id, or the same in every language (a zoom's "2×").
#[derive(Debug, Clone, Copy)]
pub enum Words {
    Id(&'static str),
    Literal(&'static str),
}

/// The zoom of a board that a page shows in a scrolled region of its own: the levels, each with
/// its words, the level a page opens at, and the level a phone opens at instead when the page
/// asks for none (the game's script reads it from the link marked `data-touch`).
#[derive(Debug, Clone, Copy)]
pub struct Zooms {
    pub levels: &'static [(u32, Words)],
    pub default: u32,
    pub touch: Option<u32>,
}

/// How a game's pages look beyond the generic ones: its files, which of them are style sheets
/// (every page of the game links them) and scripts (on the pages named with each), its zoom,
/// and the fields of its action forms that words on the page describe (a field's name, the id
/// of the words: `aria-describedby`).
#[derive(Debug, Clone, Copy)]
pub struct Look {
    pub files: &'static [StaticFile],
    pub styles: &'static [&'static str],
    pub scripts: &'static [(&'static str, &'static [Page])],
    pub zoom: Option<Zooms>,
    pub described: &'static [(&'static str, &'static str)],
}

impl Look {
    /// Nothing of its own: the generic page, its board in a plain block.
    pub const PLAIN: Look = Look { files: &[], styles: &[], scripts: &[], zoom: None, described: &[] };

    pub fn file(&self, name: &str) -> Option<&'static StaticFile> {
        self.files.iter().find(|f| f.name == name)
    }

    /// The scripts a page of `kind` runs, by file name.
    pub fn scripts_on(&self, kind: Page) -> impl Iterator<Item = &'static str> + '_ {
        self.scripts.iter().filter(move |(_, pages)| pages.contains(&kind)).map(|(name, _)| *name)
    }

    /// The id of the words that describe an action form's field, by the field's name.
    pub fn described_by(&self, field: &str) -> Option<&'static str> {
        self.described.iter().find(|(name, _)| *name == field).map(|(_, id)| *id)
    }
}

/// Words in the reader's language, for a game's own templates: `tr.t("board-zoom")`.
pub struct Tr<'a>(pub &'a dyn Fn(&Msg) -> String);

impl Tr<'_> {
    pub fn t(&self, key: &str) -> String {
        (self.0)(&Msg::new(key))
    }
}

/// The zoom a page shows: the level, and a link to each level.
pub struct Zoom {
    pub level: u32,
    pub links: Vec<ZoomLink>,
}

pub struct ZoomLink {
    pub level: u32,
    pub words: String,
    /// The level a phone opens at (see [`Zooms::touch`]).
    pub touch: bool,
    /// The page's own query with this zoom (`keep` is what else the page's links carry, e.g.
    /// `at=5` on a history step).
    pub href: String,
}

impl Zoom {
    /// The zoom asked for (the default when none, clamped to the levels there are), with links
    /// that keep the rest of the page's query, `keep` (empty, or `at=N`).
    pub fn new(zooms: &Zooms, asked: Option<u32>, keep: &str, tr: &dyn Fn(&Msg) -> String) -> Self {
        let lowest = zooms.levels.iter().map(|(z, _)| *z).min().unwrap_or(1);
        let highest = zooms.levels.iter().map(|(z, _)| *z).max().unwrap_or(1);
        let level = asked.unwrap_or(zooms.default).clamp(lowest, highest);
        let links = zooms
            .levels
            .iter()
            .map(|(z, words)| ZoomLink {
                level: *z,
                touch: zooms.touch == Some(*z),
                words: match words {
                    Words::Id(key) => tr(&Msg::new(*key)),
                    Words::Literal(text) => (*text).to_owned(),
                },
                href: if keep.is_empty() { format!("?zoom={z}") } else { format!("?{keep}&zoom={z}") },
            })
            .collect();
        Zoom { level, links }
    }

    /// What a link to another step of the same page adds to keep this zoom.
    pub fn param(&self) -> String {
        format!("&zoom={}", self.level)
    }
}

/// A board as a page shows it: its drawing (from the viewer's view), the zoom when the game has
/// one, and the reader's words.
pub struct Shown<'a> {
    pub board: &'a str,
    pub zoom: Option<&'a Zoom>,
    pub tr: &'a dyn Fn(&Msg) -> String,
}

/// The plain block a board stands in.
pub fn plain_block(board: &str) -> String {
    format!("<div class=\"board\">{board}</div>")
}

/// A game's board on a public page of its own (`/boards/<game>`), in the reader's words: the
/// page's title, the lines under it, and the drawing's file (see [`Asset`]).
pub struct BoardPage {
    pub title: String,
    pub lead: String,
    pub note: String,
    pub src: String,
}

/// A drawing's unchanging layer as a file: its name carries a hash of its content (so a new
/// drawing is a new name, and browsers may keep a file for ever), and the text.
pub struct Asset {
    pub name: String,
    pub svg: String,
}

/// Where pages find the unchanging layers.
pub const ASSET_PATH: &str = "/assets/";
