//! Failures at the boundary: one error type per surface, so that handlers return `Result` and
//! use `?`.
//!
//! [`PageError`] answers with the error page, [`ApiError`] with the API's JSON error. Neither
//! knows the request's language: each puts the failure into its response, and one middleware
//! ([`render_failures`]) writes the body in the language the request asked for. So a handler
//! never translates an error by hand, and every failure of a surface looks the same.
//! Infrastructure errors are logged, never shown.
//!
//! A page may show a failure itself instead of the error page ([`FailurePage`]): the account
//! pages show a refused form again, as it was filled in, with what was wrong above it. The
//! sentence and the status are still this module's, and the page is drawn by the same
//! middleware, in the request's language.

use super::PageLang;
use crate::accounts::AccountError;
use crate::i18n::Tr;
use crate::play::PlayError;
use crate::store::StoreError;
use askama::Template;
use axum::Json;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use feldpost_engine::Msg;
use serde::Serialize;
use std::sync::Arc;

/// What went wrong, before it is put into words.
#[derive(Debug)]
pub enum Failure {
    /// The play layer refused or failed. `names` (the players, by seat) let a refusal that
    /// names a seat name its player.
    Play { error: PlayError, names: Vec<String> },
    /// The request itself is unusable (not JSON, too large, no token, an unknown path).
    Request { status: StatusCode, code: &'static str, message: Msg, detail: Option<String> },
    /// An account use case refused or failed (a wrong password, a used link, too many
    /// attempts). A page makes it from an [`AccountError`] with `?` (the conversion is beside
    /// the account pages, `pages::accounts`, which show it on an account page).
    Account(AccountError),
    /// `failure`, shown by `page` instead of the error page (pages only: the API answers
    /// `failure` as it is).
    Shown { failure: Box<Failure>, page: Box<dyn FailurePage> },
}

/// A page that shows a failure itself instead of the error page: a refused form shown again,
/// with what was wrong above it. [`render_failures`] draws it with the request's translator, the
/// failure's sentence and its status, and adds what every failure's answer carries
/// (Retry-After); headers the page sets (a cookie) are kept.
pub trait FailurePage: std::fmt::Debug + Send + Sync + 'static {
    fn render(&self, tr: Tr, message: String, status: StatusCode) -> Response;
}

impl Failure {
    pub fn request(status: StatusCode, code: &'static str, message: Msg) -> Self {
        Failure::Request { status, code, message, detail: None }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Failure::Play { error, .. } => status_of(error),
            Failure::Request { status, .. } => *status,
            Failure::Account(e) => status_of_account(e),
            Failure::Shown { failure, .. } => failure.status(),
        }
    }

    fn code(&self) -> &'static str {
        match self {
            Failure::Play { error, .. } => code_of(error),
            Failure::Request { code, .. } => code,
            Failure::Account(e) => code_of_account(e),
            Failure::Shown { failure, .. } => failure.code(),
        }
    }

    /// The sentence for people, in `tr`'s language.
    fn explain(&self, tr: &Tr) -> String {
        match self {
            Failure::Play { error, names } => explain(error, &tr.clone().with_names(names.clone())),
            Failure::Request { message, detail: Some(d), .. } => format!("{}: {d}", tr.msg(message)),
            Failure::Request { message, detail: None, .. } => tr.msg(message),
            Failure::Account(e) => explain_account(e, tr),
            Failure::Shown { failure, .. } => failure.explain(tr),
        }
    }

    /// The sentence a page shows: in the reader's language only, without the parser's detail
    /// (English, for developers), which is for the API's answers.
    fn explain_on_page(&self, tr: &Tr) -> String {
        match self {
            Failure::Request { message, .. } => tr.msg(message),
            Failure::Shown { failure, .. } => failure.explain_on_page(tr),
            _ => self.explain(tr),
        }
    }

    /// The play layer's answer inside, if the failure is one.
    fn play_error(&self) -> Option<&PlayError> {
        match self {
            Failure::Play { error, .. } | Failure::Account(AccountError::Play(error)) => Some(error),
            Failure::Shown { failure, .. } => failure.play_error(),
            _ => None,
        }
    }

    fn log(&self) {
        if let Some(e @ (PlayError::Internal(_) | PlayError::Unavailable(_))) = self.play_error() {
            tracing::error!("{e}");
        }
    }

    /// A database that is away, or too many attempts: tell clients when to try again.
    fn retry_after(&self) -> Option<HeaderValue> {
        let wait = |d: &std::time::Duration| HeaderValue::from_str(&d.as_secs().max(1).to_string()).ok();
        match self {
            Failure::Account(AccountError::TooMany(w)) => wait(w),
            Failure::Shown { failure, .. } => failure.retry_after(),
            _ => match self.play_error() {
                Some(PlayError::Unavailable(_)) => Some(HeaderValue::from_static("5")),
                Some(PlayError::TooMany(w)) => wait(w),
                _ => None,
            },
        }
    }
}

/// A failure of a page: answered with the error page in the request's language.
#[derive(Debug)]
pub struct PageError(pub Failure);

/// A failure of the JSON API: answered with [`ApiErrorBody`] in the request's language.
#[derive(Debug)]
pub struct ApiError(pub Failure);

impl PageError {
    /// A refusal that names seats: the message will name their players.
    pub fn named(error: PlayError, names: Vec<String>) -> Self {
        PageError(Failure::Play { error, names })
    }

    /// The same failure, shown by `page` instead of the error page (instead of the page that
    /// was to show it, if one was).
    pub fn shown_by(self, page: impl FailurePage) -> Self {
        let failure = match self.0 {
            Failure::Shown { failure, .. } => failure,
            failure => Box::new(failure),
        };
        PageError(Failure::Shown { failure, page: Box::new(page) })
    }
}

impl ApiError {
    pub fn request(status: StatusCode, code: &'static str, message: Msg) -> Self {
        ApiError(Failure::request(status, code, message))
    }
    pub fn named(error: PlayError, names: Vec<String>) -> Self {
        ApiError(Failure::Play { error, names })
    }
}

impl From<PlayError> for PageError {
    fn from(error: PlayError) -> Self {
        PageError(Failure::Play { error, names: Vec::new() })
    }
}

impl From<StoreError> for PageError {
    fn from(e: StoreError) -> Self {
        PlayError::from(e).into()
    }
}

impl From<PlayError> for ApiError {
    fn from(error: PlayError) -> Self {
        ApiError(Failure::Play { error, names: Vec::new() })
    }
}

/// The failure travels in the response's extensions to [`render_failures`].
#[derive(Clone)]
struct FailedPage(Arc<Failure>);
#[derive(Clone)]
struct FailedApi(Arc<Failure>);

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let mut response = self.0.status().into_response();
        response.extensions_mut().insert(FailedPage(Arc::new(self.0)));
        response
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = self.0.status().into_response();
        response.extensions_mut().insert(FailedApi(Arc::new(self.0)));
        response
    }
}

/// Every error answer of the API.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ApiError)]
pub struct ApiErrorBody {
    /// Stable code: invalid, malformed_json, unsupported_media_type, unknown_ruleset,
    /// unknown_game, unknown_link, unauthorized, wrong_game, not_your_turn, illegal, conflict,
    /// finished, paused, no_such_seq, not_found, too_large, too_many, unavailable, internal.
    pub error: String,
    /// A sentence for people (in the request's language).
    pub message: String,
    /// The id of the rule an illegal action breaks (see docs/rules/).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// With `conflict`: the game's sequence number now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_seq: Option<u64>,
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    tr: Tr,
    /// The page's heading, by status (a 404 says the page is not there).
    title: String,
    message: String,
}

/// The error page's heading: its own for the statuses people meet, else the general one.
fn page_title(status: StatusCode, tr: &Tr) -> String {
    let key = format!("error-title-{}", status.as_u16());
    tr.t(if tr.has(&key) { &key } else { "error-title" })
}

/// A handler panicked (the answer of tower-http's `CatchPanicLayer`): an internal error, whose
/// body [`render_failures`] writes as the page or the API error, as the path asks.
#[derive(Clone)]
struct Panicked(Arc<String>);

/// What `CatchPanicLayer` answers for a panic: a bare 500 marked [`Panicked`], with what the
/// panic said (for the log, never for the answer).
pub fn panicked(payload: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let said = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into());
    let mut response = StatusCode::INTERNAL_SERVER_ERROR.into_response();
    response.extensions_mut().insert(Panicked(Arc::new(said)));
    response
}

/// Writes the body of every failed page and API answer, in the request's language.
pub async fn render_failures(lang: PageLang, request: Request, next: Next) -> Response {
    let api = is_api(request.uri().path());
    let response = next.run(request).await;
    // The router's 405 names the methods the address takes (RFC 9110 §15.5.6): the answer
    // written here keeps that.
    let allow = response.headers().get(header::ALLOW).cloned();
    let mut answer = rendered(api, lang, response);
    if let Some(allow) = allow {
        answer.headers_mut().insert(header::ALLOW, allow);
    }
    answer
}

/// The failure a handler left in `response`'s extensions, written as the error page or the
/// API's JSON error; any other response as it is.
fn rendered(api: bool, lang: PageLang, mut response: Response) -> Response {
    if let Some(Panicked(said)) = response.extensions_mut().remove::<Panicked>() {
        let failure = Failure::Play {
            error: PlayError::Internal(format!("a handler panicked: {said}")),
            names: Vec::new(),
        };
        response = if api { ApiError(failure).into_response() } else { PageError(failure).into_response() };
    }
    let tr = lang.tr();
    if let Some(FailedPage(failure)) = response.extensions_mut().remove::<FailedPage>() {
        failure.log();
        let (status, message) = (failure.status(), failure.explain_on_page(&tr));
        let mut answer = match &*failure {
            Failure::Shown { page, .. } => page.render(tr, message, status),
            _ => {
                let page = ErrorPage { title: page_title(status, &tr), message, tr };
                match page.render() {
                    Ok(html) => (status, Html(html)).into_response(),
                    Err(e) => {
                        tracing::error!("error page: {e}");
                        status.into_response()
                    }
                }
            }
        };
        with_retry_after(&mut answer, &failure);
        return answer;
    }
    if let Some(FailedApi(failure)) = response.extensions_mut().remove::<FailedApi>() {
        failure.log();
        let (rule, current_seq) = match &*failure {
            Failure::Play { error: PlayError::Refused(r) | PlayError::NotYourTurn(r), .. } => {
                (Some(r.rule.clone()), None)
            }
            Failure::Play { error: PlayError::Conflict { current, .. }, .. } => (None, Some(*current)),
            _ => (None, None),
        };
        let body =
            ApiErrorBody { error: failure.code().into(), message: failure.explain(&tr), rule, current_seq };
        let mut answer = (failure.status(), Json(body)).into_response();
        with_retry_after(&mut answer, &failure);
        return answer;
    }
    response
}

fn with_retry_after(response: &mut Response, failure: &Failure) {
    if let Some(v) = failure.retry_after() {
        response.headers_mut().insert(header::RETRY_AFTER, v);
    }
}

/// A path nobody serves: the error page (or, under /api, the JSON error) in the request's
/// language.
pub async fn not_found(request: Request) -> Response {
    let failure = Failure::request(StatusCode::NOT_FOUND, "not_found", Msg::new("error-not-found"));
    if is_api(request.uri().path()) {
        ApiError(failure).into_response()
    } else {
        PageError(failure).into_response()
    }
}

/// A path served, but not with this method (a GET of a form's POST address): the error page.
pub async fn method_not_allowed(request: Request) -> Response {
    let failure =
        Failure::request(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", Msg::new("error-method"));
    if is_api(request.uri().path()) {
        ApiError(failure).into_response()
    } else {
        PageError(failure).into_response()
    }
}

/// Whether a path is the JSON API's (answered with its JSON error) rather than a page's.
fn is_api(path: &str) -> bool {
    path.starts_with("/api/")
}

/// The HTTP status for each answer of the play layer.
pub fn status_of(e: &PlayError) -> StatusCode {
    match e {
        PlayError::UnknownRuleset(_)
        | PlayError::Invalid(_)
        | PlayError::Malformed(_)
        | PlayError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
        PlayError::UnknownGame | PlayError::UnknownLink | PlayError::NoSuchSeq(_) => StatusCode::NOT_FOUND,
        PlayError::WrongGame | PlayError::NotYourTurn(_) => StatusCode::FORBIDDEN,
        PlayError::Conflict { .. } | PlayError::Finished | PlayError::Paused { .. } => StatusCode::CONFLICT,
        PlayError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        PlayError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        PlayError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// A stable machine-readable code for each answer.
pub fn code_of(e: &PlayError) -> &'static str {
    match e {
        PlayError::UnknownRuleset(_) => "unknown_ruleset",
        PlayError::Invalid(_) | PlayError::Malformed(_) => "invalid",
        PlayError::Refused(_) => "illegal",
        PlayError::UnknownGame => "unknown_game",
        PlayError::UnknownLink => "unknown_link",
        PlayError::NoSuchSeq(_) => "no_such_seq",
        PlayError::WrongGame => "wrong_game",
        PlayError::NotYourTurn(_) => "not_your_turn",
        PlayError::Conflict { .. } => "conflict",
        PlayError::Finished => "finished",
        PlayError::Paused { .. } => "paused",
        PlayError::TooMany(_) => "too_many",
        PlayError::Unavailable(_) => "unavailable",
        PlayError::Internal(_) => "internal",
    }
}

/// The HTTP status for each answer of an account use case.
fn status_of_account(e: &AccountError) -> StatusCode {
    match e {
        AccountError::BadCredentials | AccountError::BadToken => StatusCode::FORBIDDEN,
        AccountError::BadEmail | AccountError::BadPassword => StatusCode::UNPROCESSABLE_ENTITY,
        AccountError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        AccountError::SeatTaken => StatusCode::CONFLICT,
        AccountError::Play(p) => status_of(p),
    }
}

/// The code for each answer of an account use case: one of the API's (no API operation answers
/// an account error so far; pages show no code).
fn code_of_account(e: &AccountError) -> &'static str {
    match e {
        AccountError::BadCredentials => "unauthorized",
        AccountError::BadToken => "unknown_link",
        AccountError::BadEmail | AccountError::BadPassword => "invalid",
        AccountError::TooMany(_) => "too_many",
        AccountError::SeatTaken => "conflict",
        AccountError::Play(p) => code_of(p),
    }
}

/// The sentence for people about an account use case's answer, in their language.
fn explain_account(e: &AccountError, tr: &Tr) -> String {
    match e {
        AccountError::BadCredentials => tr.t("account-error-credentials"),
        AccountError::BadEmail => tr.t("account-error-email"),
        AccountError::BadPassword => {
            tr.t_args("account-error-password", &[("min", crate::accounts::password::MIN_LEN.to_string())])
        }
        AccountError::BadToken => tr.t("account-error-token"),
        AccountError::TooMany(wait) => tr
            .t_args("account-error-too-many", &[("minutes", wait.as_secs().div_ceil(60).max(1).to_string())]),
        AccountError::SeatTaken => tr.t("account-error-seat-taken"),
        AccountError::Play(p) => explain(p, tr),
    }
}

/// The sentence for people, in their language.
pub fn explain(e: &PlayError, tr: &Tr) -> String {
    match e {
        PlayError::Refused(r) | PlayError::NotYourTurn(r) => {
            format!("{} ({} {})", tr.msg(&r.reason), tr.t("rule"), r.rule)
        }
        PlayError::Conflict { .. } => tr.t("error-conflict"),
        PlayError::UnknownLink => tr.t("error-unknown-link"),
        PlayError::UnknownGame => tr.t("error-unknown-game"),
        PlayError::WrongGame => tr.t("error-wrong-game"),
        PlayError::Finished => tr.t("error-finished"),
        PlayError::Paused { until } => {
            tr.t_args("error-paused", &[("when", crate::clock::format_utc(*until))])
        }
        PlayError::NoSuchSeq(n) => tr.t_args("error-no-such-seq", &[("n", n.to_string())]),
        PlayError::TooMany(wait) => {
            tr.t_args("error-too-many", &[("minutes", wait.as_secs().div_ceil(60).max(1).to_string())])
        }
        PlayError::Unavailable(_) => tr.t("error-unavailable"),
        PlayError::Internal(_) => tr.t("error-internal"),
        PlayError::UnknownRuleset(r) => tr.t_args("error-unknown-ruleset", &[("ruleset", r.clone())]),
        PlayError::Invalid(m) => tr.msg(m),
        PlayError::Malformed(m) => format!("{}: {m}", tr.t("error-invalid")),
    }
}
