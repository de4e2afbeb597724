//! The account pages: register, log in (password, emailed link, emailed code), log out,
//! password reset, "My games", and attaching a seat from the game page.
//!
//! Thin like every page: the form is read and its CSRF token checked by its extractor
//! ([`PreSessionForm`], [`SessionForm`]), the account use case is called, its answer drawn. A
//! refusal is returned with `?` and drawn by the error middleware (`web::error`) in the
//! request's language, on an account page ([`Refusal`]): the sentence with the ways on, or the
//! refused form again, as it was filled in, with the sentence above it.
//!
//! CSRF: every form here carries a synchronizer token, checked in constant time. Forms of a
//! logged-in session carry the session's own token (stored with the session); the forms used
//! before logging in carry a random token that is also in the `fp_csrf` cookie (double submit).
//! The whole router is behind tower-http's `CsrfLayer` as well (Fetch metadata / Origin).

use super::{PageResult, page};
use crate::accounts::{
    AccountError, Accounts, NewSession, PURPOSE_LOGIN, PURPOSE_REGISTER, PURPOSE_RESET, SESSION_MS, Session,
};
use crate::i18n::Tr;
use crate::play::PlayError;
use crate::web::error::{Failure, FailurePage, PageError};
use crate::web::extract::{PageForm, PagePath, PageQuery};
use askama::Template;
use axum::Extension;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use feldpost_engine::{Msg, Seat};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;

pub const SESSION_COOKIE: &str = "fp_session";
pub const CSRF_COOKIE: &str = "fp_csrf";
/// The mark of a browser that logged in to an account (see `NewSession::device`).
pub const DEVICE_COOKIE: &str = "fp_device";

/// Refuse cross-site POSTs (Fetch metadata / Origin, tower-http's `CsrfLayer`) with a sentence
/// in both languages (the request's language is not known at that layer).
pub fn cross_site_guard(
    base_url: &str,
) -> tower_http::csrf::CsrfLayer<fn(tower_http::csrf::ProtectionError) -> Response> {
    let layer = tower_http::csrf::CsrfLayer::new().with_rejection_response(refuse_cross_site as fn(_) -> _);
    layer.clone().add_trusted_origin(base_url).unwrap_or(layer)
}

fn refuse_cross_site(_: tower_http::csrf::ProtectionError) -> Response {
    let text = "Refused: this form was sent from another site. Nothing was done.\nOdmítnuto: formulář byl odeslán z jiného webu. Nic se nestalo.\n";
    (StatusCode::FORBIDDEN, text).into_response()
}

/// The shared account state, for the router to hand to every request.
pub fn layer(accounts: Arc<Accounts>) -> Extension<Arc<Accounts>> {
    Extension(accounts)
}

fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
        .filter(|v| !v.is_empty())
}

fn set_cookie(response: &mut Response, cookie: &str) {
    if let Ok(v) = HeaderValue::from_str(cookie) {
        response.headers_mut().append(SET_COOKIE, v);
    }
}

/// Constant-time equality of two tokens.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Who is asking: the account state, the logged-in session if any, the client address and
/// the pre-session CSRF cookie. Read once per request: the form extractors below take it too.
#[derive(Clone)]
pub struct Who {
    pub accounts: Arc<Accounts>,
    pub session: Option<Session>,
    pub ip: String,
    /// The `fp_csrf` cookie, or a fresh token that the response will set.
    pub pre_csrf: String,
    pre_csrf_is_new: bool,
    /// The browser's device mark, if it logged in to an account before.
    pub device: Option<String>,
}

impl<S: Send + Sync> FromRequestParts<S> for Who {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        if let Some(who) = parts.extensions.get::<Who>() {
            return Ok(who.clone());
        }
        let accounts = parts
            .extensions
            .get::<Arc<Accounts>>()
            .cloned()
            .ok_or_else(|| PageError::from(PlayError::Internal("accounts are not set up".into())))?;
        let session = match cookie(&parts.headers, SESSION_COOKIE) {
            Some(token) => accounts.session(token).await?,
            None => None,
        };
        let ip = crate::web::extract::ClientIp::from_parts(parts).0;
        let (pre_csrf, pre_csrf_is_new) = match cookie(&parts.headers, CSRF_COOKIE).filter(|c| c.len() == 64)
        {
            Some(c) => (c.to_owned(), false),
            None => (hex::encode(crate::secret::random_bytes32()), true),
        };
        let device = cookie(&parts.headers, DEVICE_COOKIE).filter(|d| d.len() <= 200).map(str::to_owned);
        let who = Who { accounts, session, ip, pre_csrf, pre_csrf_is_new, device };
        parts.extensions.insert(who.clone());
        Ok(who)
    }
}

impl Who {
    fn secure(&self) -> &'static str {
        if self.accounts.secure_cookies() { "; Secure" } else { "" }
    }

    /// The pre-session token as this request's page carries it.
    pub(super) fn pre_session(&self) -> PreSession {
        let cookie =
            || format!("{CSRF_COOKIE}={}; Path=/; HttpOnly; SameSite=Lax{}", self.pre_csrf, self.secure());
        PreSession {
            token: self.pre_csrf.clone(),
            set_cookie: self.pre_csrf_is_new.then(cookie).and_then(|c| HeaderValue::from_str(&c).ok()),
        }
    }

    /// Open the session in the browser and go to `next`. A session the browser had before
    /// ends (no session fixation, no stale sessions).
    async fn logged_in(&self, new: NewSession, next: &str) -> Response {
        if let Some(old) = &self.session {
            let _ = self.accounts.logout(old).await;
        }
        let max_age = SESSION_MS / 1000;
        let mut response = Redirect::to(next).into_response();
        set_cookie(
            &mut response,
            &format!(
                "{SESSION_COOKIE}={}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{}",
                new.token,
                self.secure()
            ),
        );
        // A year: logging out ends the session, not what the browser is to this account.
        set_cookie(
            &mut response,
            &format!(
                "{DEVICE_COOKIE}={}; Path=/account; HttpOnly; SameSite=Lax; Max-Age=31536000{}",
                new.device,
                self.secure()
            ),
        );
        response
    }

    /// `e`, shown on a page of the forms before logging in: the sentence alone, the page setting
    /// the pre-session cookie as each of them does.
    fn refused(&self, e: AccountError) -> PageError {
        PageError(Failure::Account(e)).shown_by(Refusal::Message(Some(self.pre_session())))
    }

    /// `e`, shown with the form that was refused again, as it was filled in.
    fn refused_again(&self, e: AccountError, again: Again) -> PageError {
        PageError(Failure::Account(e)).shown_by(Refusal::Again(self.pre_session(), again))
    }
}

/// The pre-session CSRF token as a page carries it: in each of its forms, and in the cookie
/// the page sets when the browser has none.
#[derive(Debug, Clone)]
pub(super) struct PreSession {
    pub(super) token: String,
    set_cookie: Option<HeaderValue>,
}

impl PreSession {
    /// `template` with `status`, setting the cookie if the browser has none.
    pub(super) fn page<T: Template>(&self, status: StatusCode, template: &T) -> Response {
        let mut response = page(status, template);
        if let Some(c) = &self.set_cookie {
            response.headers_mut().append(SET_COOKIE, c.clone());
        }
        response
    }
}

/// How an account page shows a refusal, drawn by the error middleware in the request's
/// language.
#[derive(Debug)]
enum Refusal {
    /// The sentence alone, with a link to log in and one home (on a page before logging in,
    /// with its pre-session cookie).
    Message(Option<PreSession>),
    /// The refused form again, as it was filled in, with the sentence above it.
    Again(PreSession, Again),
}

/// A refused form, as it was filled in.
#[derive(Debug)]
enum Again {
    /// The login forms, with the address typed in and where to go after logging in.
    Login {
        next: String,
        email: String,
    },
    Register {
        email: String,
    },
    Reset,
    /// The new password of a reset link, for the account's address.
    NewPassword {
        token: String,
        email: String,
    },
}

impl Again {
    fn login(form: &AccountForm) -> Again {
        Again::Login { next: safe_next(form.next.as_ref()), email: form.email.clone() }
    }
}

impl FailurePage for Refusal {
    fn render(&self, tr: Tr, message: String, status: StatusCode) -> Response {
        let error = Some(message);
        match self {
            Refusal::Message(pre) => {
                let links = vec![
                    ("/account/login".into(), tr.t("account-login-title")),
                    ("/".into(), tr.t("back-home")),
                ];
                let title = tr.t("error-title");
                let shown = AccountPage { tr, title, notice: None, error, forms: Vec::new(), links };
                match pre {
                    Some(pre) => pre.page(status, &shown),
                    None => page(status, &shown),
                }
            }
            Refusal::Again(pre, Again::Login { next, email }) => {
                login_view(pre, tr, next, email, None, error, status)
            }
            Refusal::Again(pre, Again::Register { email }) => register_view(pre, tr, email, error, status),
            Refusal::Again(pre, Again::Reset) => reset_view(pre, tr, None, error, status),
            Refusal::Again(pre, Again::NewPassword { token, email }) => {
                reset_set_view(pre, tr, token, email.clone(), error, status)
            }
        }
    }
}

/// An account refusal answers with an account page: the sentence, a link to log in and one
/// home.
impl From<AccountError> for PageError {
    fn from(e: AccountError) -> Self {
        PageError(Failure::Account(e)).shown_by(Refusal::Message(None))
    }
}

/// A form that carries the CSRF token its page put in it (the hidden `csrf` field).
pub trait CarriesCsrf {
    fn csrf(&self) -> Option<&str>;
}

/// A form whose token is missing or not the one expected: nothing is done (403).
fn csrf_refused() -> PageError {
    PageError(Failure::request(StatusCode::FORBIDDEN, "csrf", Msg::new("account-error-csrf")))
        .shown_by(Refusal::Message(None))
}

/// A form of the pages before logging in, read into `T`. Refused (403, nothing done) unless
/// its token is the browser's `fp_csrf` cookie (double submit: another site's page can
/// neither read nor set it).
pub struct PreSessionForm<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + CarriesCsrf> FromRequest<S> for PreSessionForm<T> {
    type Rejection = PageError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (mut parts, body) = req.into_parts();
        let who = Who::from_request_parts(&mut parts, state).await?;
        let PageForm(form) = PageForm::<T>::from_request(Request::from_parts(parts, body), state).await?;
        // A fresh token is no browser's: its cookie is only being set now.
        if who.pre_csrf_is_new || !form.csrf().is_some_and(|sent| same(sent, &who.pre_csrf)) {
            return Err(csrf_refused());
        }
        Ok(PreSessionForm(form))
    }
}

/// A form of a logged-in session, read into `form`. Refused (403, nothing done) unless its
/// token is the session's own. Without a session there is nobody it could act for: `session`
/// is None, and the handler says where to go.
pub struct SessionForm<T> {
    pub session: Option<Session>,
    pub form: T,
}

impl<S: Send + Sync, T: DeserializeOwned + CarriesCsrf> FromRequest<S> for SessionForm<T> {
    type Rejection = PageError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (mut parts, body) = req.into_parts();
        let who = Who::from_request_parts(&mut parts, state).await?;
        let PageForm(form) = PageForm::<T>::from_request(Request::from_parts(parts, body), state).await?;
        match who.session {
            Some(s) if !form.csrf().is_some_and(|sent| same(sent, &s.csrf)) => Err(csrf_refused()),
            session => Ok(SessionForm { session, form }),
        }
    }
}

/// Where to go after logging in: a path on this server only (printable ASCII, so that it is a
/// valid Location header).
fn safe_next(next: Option<&String>) -> String {
    match next {
        Some(n)
            if n.starts_with('/')
                && !n.starts_with("//")
                && !n.contains('\\')
                && n.len() < 300
                && n.bytes().all(|b| b.is_ascii_graphic()) =>
        {
            n.clone()
        }
        _ => "/account".into(),
    }
}

/// One field of a form.
pub struct Field {
    name: &'static str,
    label: String,
    kind: &'static str,
    value: String,
    autocomplete: &'static str,
}

fn field(name: &'static str, label: String, kind: &'static str, autocomplete: &'static str) -> Field {
    Field { name, label, kind, value: String::new(), autocomplete }
}

/// One form of an account page.
pub struct FormSpec {
    title: Option<String>,
    action: String,
    csrf: String,
    hidden: Vec<(&'static str, String)>,
    fields: Vec<Field>,
    button: String,
}

/// Every account page but "My games": a heading, a notice or an error, forms, links.
#[derive(Template)]
#[template(path = "account_page.html")]
struct AccountPage {
    tr: Tr,
    title: String,
    notice: Option<String>,
    error: Option<String>,
    forms: Vec<FormSpec>,
    links: Vec<(String, String)>,
}

#[derive(Deserialize, Default)]
pub struct NextQuery {
    next: Option<String>,
}

/// The login, registration and reset forms: the fields each one draws (the others stay empty),
/// and its CSRF token.
#[derive(Deserialize)]
pub struct AccountForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    code: String,
    csrf: Option<String>,
    next: Option<String>,
}

impl CarriesCsrf for AccountForm {
    fn csrf(&self) -> Option<&str> {
        self.csrf.as_deref()
    }
}

/// A form that is only a button (log out, attach a seat, log in with a mailed link): its CSRF
/// token.
#[derive(Deserialize)]
pub struct Button {
    csrf: Option<String>,
}

impl CarriesCsrf for Button {
    fn csrf(&self) -> Option<&str> {
        self.csrf.as_deref()
    }
}

fn login_forms(tr: &Tr, csrf: &str, next: &str, email: &str) -> Vec<FormSpec> {
    let hidden = vec![("next", next.to_owned())];
    let mut email_field = field("email", tr.t("account-email"), "email", "email");
    email_field.value = email.to_owned();
    let mut email_field2 = field("email", tr.t("account-email"), "email", "email");
    email_field2.value = email.to_owned();
    let mut email_field3 = field("email", tr.t("account-email"), "email", "email");
    email_field3.value = email.to_owned();
    vec![
        FormSpec {
            title: None,
            action: "/account/login".into(),
            csrf: csrf.to_owned(),
            hidden: hidden.clone(),
            fields: vec![
                email_field,
                field("password", tr.t("account-password"), "password", "current-password"),
            ],
            button: tr.t("account-login-button"),
        },
        FormSpec {
            title: Some(tr.t("account-link-title")),
            action: "/account/login/link".into(),
            csrf: csrf.to_owned(),
            hidden: hidden.clone(),
            fields: vec![email_field2],
            button: tr.t("account-link-button"),
        },
        FormSpec {
            title: Some(tr.t("account-code-title")),
            action: "/account/login/code".into(),
            csrf: csrf.to_owned(),
            hidden,
            fields: vec![email_field3, field("code", tr.t("account-code"), "text", "one-time-code")],
            button: tr.t("account-login-button"),
        },
    ]
}

fn login_links(tr: &Tr) -> Vec<(String, String)> {
    vec![
        ("/account/register".into(), tr.t("account-register-title")),
        ("/account/reset".into(), tr.t("account-reset-title")),
    ]
}

fn login_view(
    pre: &PreSession,
    tr: Tr,
    next: &str,
    email: &str,
    notice: Option<String>,
    error: Option<String>,
    status: StatusCode,
) -> Response {
    let forms = login_forms(&tr, &pre.token, next, email);
    let links = login_links(&tr);
    pre.page(status, &AccountPage { title: tr.t("account-login-title"), notice, error, forms, links, tr })
}

pub async fn login_page(who: Who, tr: Tr, PageQuery(q): PageQuery<NextQuery>) -> PageResult {
    let next = safe_next(q.next.as_ref());
    Ok(login_view(&who.pre_session(), tr, &next, "", None, None, StatusCode::OK))
}

pub async fn login(who: Who, PreSessionForm(form): PreSessionForm<AccountForm>) -> PageResult {
    let new = who
        .accounts
        .login(&form.email, &form.password, &who.ip, who.device.as_deref())
        .await
        .map_err(|e| who.refused_again(e, Again::login(&form)))?;
    Ok(who.logged_in(new, &safe_next(form.next.as_ref())).await)
}

pub async fn send_link(who: Who, tr: Tr, PreSessionForm(form): PreSessionForm<AccountForm>) -> PageResult {
    who.accounts
        .send_login_link(&form.email, tr.lang, &who.ip)
        .await
        .map_err(|e| who.refused_again(e, Again::login(&form)))?;
    let notice = Some(tr.t("account-link-sent"));
    let next = safe_next(form.next.as_ref());
    Ok(login_view(&who.pre_session(), tr, &next, &form.email, notice, None, StatusCode::OK))
}

pub async fn login_code(who: Who, PreSessionForm(form): PreSessionForm<AccountForm>) -> PageResult {
    let new = who
        .accounts
        .login_with_code(&form.email, &form.code, &who.ip, who.device.as_deref())
        .await
        .map_err(|e| who.refused_again(e, Again::login(&form)))?;
    Ok(who.logged_in(new, &safe_next(form.next.as_ref())).await)
}

/// The page an emailed login link opens: it only shows a button (GET never acts).
pub async fn link_page(who: Who, tr: Tr, PagePath(token): PagePath<String>) -> PageResult {
    let email = who
        .accounts
        .check_token(&token, &[PURPOSE_LOGIN, PURPOSE_REGISTER])
        .await
        .map_err(|e| who.refused(e))?;
    let pre = who.pre_session();
    let form = FormSpec {
        title: None,
        action: format!("/account/link/{token}"),
        csrf: pre.token.clone(),
        hidden: Vec::new(),
        fields: Vec::new(),
        button: tr.t("account-login-button"),
    };
    let notice = Some(tr.t_args("account-link-confirm", &[("email", email)]));
    Ok(pre.page(
        StatusCode::OK,
        &AccountPage {
            title: tr.t("account-login-title"),
            notice,
            error: None,
            forms: vec![form],
            links: Vec::new(),
            tr,
        },
    ))
}

pub async fn link_login(
    who: Who,
    PagePath(token): PagePath<String>,
    _: PreSessionForm<Button>,
) -> PageResult {
    let new = who.accounts.login_with_link(&token).await?;
    Ok(who.logged_in(new, "/account").await)
}

fn register_view(
    pre: &PreSession,
    tr: Tr,
    email: &str,
    error: Option<String>,
    status: StatusCode,
) -> Response {
    let mut email_field = field("email", tr.t("account-email"), "email", "email");
    email_field.value = email.to_owned();
    let form = FormSpec {
        title: None,
        action: "/account/register".into(),
        csrf: pre.token.clone(),
        hidden: Vec::new(),
        fields: vec![
            email_field,
            field(
                "password",
                tr.t_args("account-new-password", &[("min", crate::accounts::password::MIN_LEN.to_string())]),
                "password",
                "new-password",
            ),
        ],
        button: tr.t("account-register-button"),
    };
    let links = vec![("/account/login".into(), tr.t("account-login-title"))];
    let notice = Some(tr.t("account-register-lead"));
    pre.page(
        status,
        &AccountPage { title: tr.t("account-register-title"), notice, error, forms: vec![form], links, tr },
    )
}

pub async fn register_page(who: Who, tr: Tr) -> PageResult {
    Ok(register_view(&who.pre_session(), tr, "", None, StatusCode::OK))
}

pub async fn register(who: Who, tr: Tr, PreSessionForm(form): PreSessionForm<AccountForm>) -> PageResult {
    who.accounts
        .register(&form.email, &form.password, tr.lang, &who.ip)
        .await
        .map_err(|e| who.refused_again(e, Again::Register { email: form.email.clone() }))?;
    // The same page whether the address is new or known: only its owner learns which.
    let notice = Some(tr.t_args("account-register-sent", &[("email", form.email.trim().to_owned())]));
    Ok(who.pre_session().page(
        StatusCode::OK,
        &AccountPage {
            title: tr.t("account-register-title"),
            notice,
            error: None,
            forms: Vec::new(),
            links: Vec::new(),
            tr,
        },
    ))
}

pub async fn logout(who: Who, SessionForm { session, .. }: SessionForm<Button>) -> PageResult {
    let Some(session) = session else {
        // Not logged in (any more): nothing to end.
        return Ok(Redirect::to("/account/login").into_response());
    };
    who.accounts.logout(&session).await?;
    let mut response = Redirect::to("/").into_response();
    set_cookie(
        &mut response,
        &format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{}", who.secure()),
    );
    Ok(response)
}

fn reset_view(
    pre: &PreSession,
    tr: Tr,
    notice: Option<String>,
    error: Option<String>,
    status: StatusCode,
) -> Response {
    let form = FormSpec {
        title: None,
        action: "/account/reset".into(),
        csrf: pre.token.clone(),
        hidden: Vec::new(),
        fields: vec![field("email", tr.t("account-email"), "email", "email")],
        button: tr.t("account-reset-button"),
    };
    let links = vec![("/account/login".into(), tr.t("account-login-title"))];
    pre.page(
        status,
        &AccountPage { title: tr.t("account-reset-title"), notice, error, forms: vec![form], links, tr },
    )
}

pub async fn reset_page(who: Who, tr: Tr) -> PageResult {
    let lead = Some(tr.t("account-reset-lead"));
    Ok(reset_view(&who.pre_session(), tr, lead, None, StatusCode::OK))
}

pub async fn send_reset(who: Who, tr: Tr, PreSessionForm(form): PreSessionForm<AccountForm>) -> PageResult {
    who.accounts
        .send_reset(&form.email, tr.lang, &who.ip)
        .await
        .map_err(|e| who.refused_again(e, Again::Reset))?;
    let sent = Some(tr.t("account-reset-sent"));
    Ok(reset_view(&who.pre_session(), tr, sent, None, StatusCode::OK))
}

fn reset_set_view(
    pre: &PreSession,
    tr: Tr,
    token: &str,
    email: String,
    error: Option<String>,
    status: StatusCode,
) -> Response {
    let form = FormSpec {
        title: None,
        action: format!("/account/reset/{token}"),
        csrf: pre.token.clone(),
        hidden: Vec::new(),
        fields: vec![field(
            "password",
            tr.t_args("account-new-password", &[("min", crate::accounts::password::MIN_LEN.to_string())]),
            "password",
            "new-password",
        )],
        button: tr.t("account-reset-set-button"),
    };
    let notice = Some(tr.t_args("account-reset-for", &[("email", email)]));
    pre.page(
        status,
        &AccountPage {
            title: tr.t("account-reset-title"),
            notice,
            error,
            forms: vec![form],
            links: Vec::new(),
            tr,
        },
    )
}

/// The page a reset link opens: a form for the new password (the link is used by the POST).
pub async fn reset_set_page(who: Who, tr: Tr, PagePath(token): PagePath<String>) -> PageResult {
    let email = who.accounts.check_token(&token, &[PURPOSE_RESET]).await.map_err(|e| who.refused(e))?;
    Ok(reset_set_view(&who.pre_session(), tr, &token, email, None, StatusCode::OK))
}

pub async fn reset_set(
    who: Who,
    PagePath(token): PagePath<String>,
    PreSessionForm(form): PreSessionForm<AccountForm>,
) -> PageResult {
    match who.accounts.reset_password(&token, &form.password).await {
        Ok(new) => Ok(who.logged_in(new, "/account").await),
        // Too short: the form again (the link is not used up by it).
        Err(e @ AccountError::BadPassword) => {
            let email = who.accounts.check_token(&token, &[PURPOSE_RESET]).await.unwrap_or_default();
            Err(who.refused_again(e, Again::NewPassword { token, email }))
        }
        Err(e) => Err(e.into()),
    }
}

struct GameRowView {
    title: String,
    game: String,
    /// The seat's player; `None` on the line of a game the account hosts.
    seat_name: Option<String>,
    path: String,
    status: String,
    waiting: bool,
    /// "last move …" and "deadline …", their times written in UTC (the page's script shows
    /// them in the reader's time zone).
    moved: Option<String>,
    deadline: Option<String>,
}

#[derive(Template)]
#[template(path = "account_games.html")]
struct GamesPage {
    tr: Tr,
    email: String,
    csrf: String,
    waiting: Vec<GameRowView>,
    others: Vec<GameRowView>,
    /// The links to the pages before and after (plain links), with their words.
    earlier: Option<(String, String)>,
    later: Option<(String, String)>,
    /// The account's private calendar feed (`src/play/calendar.rs`).
    calendar_url: String,
    /// The account's time zone as the form shows it ('' for none), and in words.
    time_zone: String,
    zone_now: String,
    /// What a form of the page just did (after its redirect).
    notice: Option<String>,
    /// The server's VAPID public key, for the browser notifications switch (static/push.js).
    push_key: String,
}

/// How many games one page of "My games" lists.
pub const GAMES_PER_PAGE: i64 = 50;

#[derive(serde::Deserialize)]
pub struct PageNumber {
    page: Option<u32>,
    /// Set by the redirect after a form of the page: what it did.
    done: Option<String>,
}

pub async fn my_games(who: Who, tr: Tr, PageQuery(query): PageQuery<PageNumber>) -> PageResult {
    let Some(session) = &who.session else {
        return Ok(Redirect::to("/account/login").into_response());
    };
    let number = i64::from(query.page.unwrap_or(1).max(1));
    let offset = (number - 1) * GAMES_PER_PAGE;
    let mut games = who.accounts.my_games(session, offset, GAMES_PER_PAGE + 1).await?;
    let more = games.len() as i64 > GAMES_PER_PAGE;
    games.truncate(GAMES_PER_PAGE as usize);
    let link = |n: i64, key: &str| (format!("/account?page={n}"), tr.t_args(key, &[("page", n.to_string())]));
    let earlier = (number > 1).then(|| link(number - 1, "account-games-page-earlier"));
    let later = more.then(|| link(number + 1, "account-games-page-later"));
    let (calendar_url, zone) =
        crate::play::calendar::account_settings(&who.accounts.log, &session.account_id).await?;
    let zone_now = match &zone {
        Some(z) => tr.t_args("time-zone-now", &[("zone", z.to_string())]),
        None => tr.t("time-zone-now-utc"),
    };
    let notice = match query.done.as_deref() {
        Some("calendar") => Some(tr.t("calendar-renewed")),
        Some("time-zone") => Some(zone.as_ref().map_or_else(
            || tr.t("time-zone-cleared"),
            |z| tr.t_args("time-zone-saved", &[("zone", z.to_string())]),
        )),
        Some("push-stopped") => Some(tr.t("push-stopped")),
        _ => None,
    };
    let when =
        |key: &str, at: Option<i64>| at.map(|at| tr.t_args(key, &[("when", crate::clock::format_utc(at))]));
    let (waiting, others): (Vec<_>, Vec<_>) = games
        .into_iter()
        .map(|g| GameRowView {
            moved: when("account-games-moved", g.moved_at),
            deadline: when("account-games-deadline", g.deadline),
            game: tr.t(&format!("{}-name", g.ruleset)),
            status: tr.t(if g.waiting_on_me {
                "account-games-your-turn"
            } else if g.finished {
                "account-games-finished"
            } else {
                "account-games-waiting"
            }),
            waiting: g.waiting_on_me,
            title: g.title,
            seat_name: g.seat.map(|(_, name)| name),
            path: g.path,
        })
        .partition(|g| g.waiting);
    Ok(page(
        StatusCode::OK,
        &GamesPage {
            email: session.email.clone(),
            csrf: session.csrf.clone(),
            waiting,
            others,
            earlier,
            later,
            calendar_url,
            time_zone: zone.map(|z| z.to_string()).unwrap_or_default(),
            zone_now,
            notice,
            push_key: who.accounts.log.vapid().public_key(),
            tr,
        },
    ))
}

#[derive(serde::Deserialize)]
pub struct PushForm {
    #[serde(default)]
    url: String,
    #[serde(default)]
    p256dh: String,
    #[serde(default)]
    auth: String,
    csrf: Option<String>,
}

impl CarriesCsrf for PushForm {
    fn csrf(&self) -> Option<&str> {
        self.csrf.as_deref()
    }
}

/// Browser notifications for all the account's games: the subscription the page's script made
/// (static/push.js), posted with the session's token. Answers with how many seats it reaches.
pub async fn push_on(who: Who, tr: Tr, SessionForm { session, form }: SessionForm<PushForm>) -> PageResult {
    let Some(session) = session else { return Ok(Redirect::to("/account/login").into_response()) };
    let sub = crate::store::AccountPush {
        endpoint: form.url.trim().to_owned(),
        p256dh: form.p256dh,
        auth: form.auth,
    };
    let address = session.confirmed.then_some(session.email.as_str());
    let reached =
        crate::play::webhooks::push_for_account(&who.accounts.log, &session.account_id, address, &sub)
            .await?;
    Ok((StatusCode::OK, tr.t_args("push-account-done", &[("seats", reached.to_string())])).into_response())
}

/// Stop the account's notifications on one browser (`url`, its endpoint), in every game.
pub async fn push_off(who: Who, SessionForm { session, form }: SessionForm<PushForm>) -> PageResult {
    let Some(session) = session else { return Ok(Redirect::to("/account/login").into_response()) };
    crate::play::webhooks::stop_account_push(&who.accounts.log, &session.account_id, form.url.trim()).await?;
    Ok(Redirect::to("/account?done=push-stopped").into_response())
}

/// A seat's link in the path, as far as its shape goes (letters and digits, at most 128): any
/// other names no seat (404). Read before anything else: it goes into a Location header.
pub struct SeatLink(pub String);

impl<S: Send + Sync> FromRequestParts<S> for SeatLink {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let PagePath(token) = PagePath::<String>::from_request_parts(parts, state).await?;
        if token.is_empty() || token.len() > 128 || !token.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(AccountError::Play(PlayError::UnknownLink).into());
        }
        Ok(SeatLink(token))
    }
}

pub async fn attach(
    SeatLink(token): SeatLink,
    who: Who,
    SessionForm { session, .. }: SessionForm<Button>,
) -> PageResult {
    let Some(session) = session else {
        return Ok(Redirect::to(&format!("/account/login?next=/play/{token}")).into_response());
    };
    who.accounts.attach_seat(&session, &token).await?;
    Ok(Redirect::to(&format!("/play/{token}")).into_response())
}

/// What the game page shows about accounts for one seat.
pub struct AttachBox {
    /// Logged in, seat not yet attached: the attach form's CSRF token.
    pub csrf: Option<String>,
    pub attached: bool,
    pub logged_in: bool,
}

impl Who {
    pub async fn attach_box(&self, game_id: &str, seat: Seat) -> AttachBox {
        match &self.session {
            None => AttachBox { csrf: None, attached: false, logged_in: false },
            Some(s) => {
                let attached = self.accounts.holds(s, game_id, seat).await.unwrap_or(false);
                AttachBox { csrf: (!attached).then(|| s.csrf.clone()), attached, logged_in: true }
            }
        }
    }
}
