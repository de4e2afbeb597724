//! Table talk on the pages (`play::chat`): the section under a game's board (templates/chat.html,
//! on the seat's game page, its history and the host's page), the page of every line, and the
//! forms that write a line and that hide one (the host's).

use super::{PageResult, page};
use crate::clock::format_utc;
use crate::i18n::Tr;
use crate::play::chat::{self, ChatLine, Which};
use crate::play::disputes::Who;
use crate::play::{Loaded, PlayError};
use crate::store::ChatCleared;
use crate::web::AppState;
use crate::web::extract::{PageForm, PagePath, game_id, seat_token};
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use feldpost_engine::Seat;
use serde::Deserialize;

/// One line as the section shows it.
pub struct TalkLine {
    pub n: u64,
    pub step: u64,
    pub at: String,
    pub from: String,
    /// The one seat it was written to (a private line), named.
    pub to: Option<String>,
    /// `None`: hidden by the host, or cleared.
    pub text: Option<String>,
    /// What stands in its place when it has no text.
    pub gone: String,
}

/// The table-talk section of a page.
pub struct Talk {
    pub heading: String,
    pub lines: Vec<TalkLine>,
    /// Where a new line is posted (`None`: no form on this page).
    pub post: Option<String>,
    /// The seats a line may be written to alone, with their names (empty: to everyone only).
    pub to: Vec<(Seat, String)>,
    /// The page of every line, when this shows only the newest.
    pub all: Option<String>,
    /// Where the host's hide buttons post (the line's number and `/hide` follow).
    pub hide: Option<String>,
    /// What the section says when it has no line.
    pub empty: String,
}

impl Talk {
    fn new(tr: &Tr, heading: &str, lines: &[ChatLine], names: &[String]) -> Talk {
        let name = |s: Option<Seat>| match s {
            Some(s) => names.get(usize::from(s)).cloned().unwrap_or_default(),
            None => tr.t("chat-host"),
        };
        Talk {
            heading: tr.t(heading),
            lines: lines
                .iter()
                .map(|l| TalkLine {
                    n: l.n,
                    step: l.step,
                    at: format_utc(l.at),
                    from: name(l.from),
                    to: l.to.map(|s| name(Some(s))),
                    text: l.text.clone(),
                    gone: tr.t(match l.cleared {
                        Some(ChatCleared::Withdrawn) => "chat-withdrawn",
                        Some(ChatCleared::Expired) => "chat-expired",
                        None => "chat-hidden",
                    }),
                })
                .collect(),
            post: None,
            to: Vec::new(),
            all: None,
            hide: None,
            empty: tr.t("chat-empty"),
        }
    }
}

/// The section under a seat's board: its newest lines, the form, the link to all.
pub async fn for_seat(
    state: &AppState,
    loaded: &Loaded,
    seat: Seat,
    token: &str,
    tr: &Tr,
) -> Result<Talk, PlayError> {
    let lines = chat::lines(&state.log, loaded, Some(seat), Which::Last(chat::ON_THE_PAGE + 1)).await?;
    let more = lines.len() as i64 > chat::ON_THE_PAGE;
    let shown = &lines[usize::from(more)..];
    let mut talk = Talk::new(tr, "chat-title", shown, &loaded.names());
    talk.post = Some(format!("/play/{token}/chat"));
    talk.all = more.then(|| format!("/play/{token}/chat"));
    talk.to = recipients(loaded, seat);
    Ok(talk)
}

/// The seats `seat` may write to alone (none in a game without private talk).
fn recipients(loaded: &Loaded, seat: Seat) -> Vec<(Seat, String)> {
    if !loaded.rules.private_talk() {
        return Vec::new();
    }
    loaded.seats.iter().map(|r| (r.seat as Seat, r.name.clone())).filter(|(s, _)| *s != seat).collect()
}

/// The section of a history step: the lines written at that step.
pub async fn at_step(
    state: &AppState,
    loaded: &Loaded,
    seat: Option<Seat>,
    step: u64,
    tr: &Tr,
) -> Result<Talk, PlayError> {
    let lines = chat::lines(&state.log, loaded, seat, Which::AtStep(step)).await?;
    let mut talk = Talk::new(tr, "chat-title-step", &lines, &loaded.names());
    talk.empty = tr.t("chat-empty-step");
    Ok(talk)
}

/// The host's section: every line to everyone, with a button to hide each, and the form.
pub async fn for_host(state: &AppState, loaded: &Loaded, base: &str, tr: &Tr) -> Result<Talk, PlayError> {
    let lines = chat::lines(&state.log, loaded, None, Which::All).await?;
    let mut talk = Talk::new(tr, "chat-title", &lines, &loaded.names());
    talk.post = Some(format!("{base}/chat"));
    talk.hide = Some(format!("{base}/chat"));
    Ok(talk)
}

#[derive(Template)]
#[template(path = "talk.html")]
struct TalkPage {
    tr: Tr,
    title: String,
    back: String,
    talk: Talk,
}

/// Every line the seat may read.
pub async fn seat_page(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
) -> PageResult {
    let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
    let tr = tr.with_names(loaded.names()).isolating();
    let lines = chat::lines(&state.log, &loaded, Some(seat), Which::All).await?;
    let mut talk = Talk::new(&tr, "chat-title", &lines, &loaded.names());
    talk.post = Some(format!("/play/{token}/chat"));
    talk.to = recipients(&loaded, seat);
    let title = loaded.game.title.clone();
    Ok(page(StatusCode::OK, &TalkPage { tr, title, back: format!("/play/{token}"), talk }))
}

/// A line as the form sends it: its text, and the seat it is for alone (empty: everyone).
#[derive(Deserialize)]
pub struct LineForm {
    #[serde(default)]
    text: String,
    #[serde(default)]
    to: String,
}

impl LineForm {
    fn to(&self) -> Result<Option<Seat>, PlayError> {
        match self.to.trim() {
            "" => Ok(None),
            s => s.parse().map(Some).map_err(|_| PlayError::invalid("chat-error-addressee")),
        }
    }
}

/// A seat writes a line; back to its game page (a refusal is shown on it).
pub async fn seat_say(
    State(state): State<AppState>,
    tr: Tr,
    PagePath(token): PagePath<String>,
    PageForm(form): PageForm<LineForm>,
) -> PageResult {
    let (loaded, seat) = state.log.load_seat(&seat_token(&token)?).await?;
    let said = match form.to() {
        Ok(to) => chat::say(&state.log, &loaded, Who::Seat(seat), to, &form.text).await.map(drop),
        Err(e) => Err(e),
    };
    match said {
        Ok(()) => Ok(Redirect::to(&format!("/play/{token}#talk")).into_response()),
        Err(e) => super::seat::answer(&state, &token, tr, Err(e)).await,
    }
}

/// The host writes a line (to everyone).
pub async fn host_say(
    State(state): State<AppState>,
    PagePath((id, token)): PagePath<(String, String)>,
    PageForm(form): PageForm<LineForm>,
) -> PageResult {
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    let to = form.to()?;
    chat::say(&state.log, &loaded, Who::Host, to, &form.text).await?;
    Ok(Redirect::to(&format!("/host/{id}/{token}#talk")).into_response())
}

/// The host hides line `n`.
pub async fn host_hide(
    State(state): State<AppState>,
    PagePath((id, token, n)): PagePath<(String, String, u64)>,
) -> PageResult {
    let loaded = state.log.load_host(&game_id(&id)?, &token).await?;
    chat::hide(&state.log, &loaded, n).await?;
    Ok(Redirect::to(&format!("/host/{id}/{token}#talk")).into_response())
}
