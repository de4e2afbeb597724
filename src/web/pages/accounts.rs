//! The account pages: register, log in (password, emailed link, emailed code), log out,
//! password reset, "My games", and attaching a seat from the game page.
//!
//! CSRF: every form here carries a synchronizer token, checked in constant time. Forms of a
//! logged-in session carry the session's own token (stored with the session); the forms used
//! before logging in carry a random token that is also in the `fp_csrf` cookie (double submit).
//! The whole router is behind tower-http's `CsrfLayer` as well (Fetch metadata / Origin).

use super::page;
use crate::accounts::{AccountError, Accounts, NewSession, SESSION_MS, Session};
use crate::i18n::Tr;
use crate::web::error::{explain, status_of};
use crate::web::extract::PageForm;
use askama::Template;
use axum::Extension;
use axum::extract::{FromRequestParts, Path, Query};
use axum::http::header::{COOKIE, RETRY_AFTER, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use feldpost_engine::Seat;
use serde::Deserialize;
use std::sync::Arc;

pub const SESSION_COOKIE: &str = "fp_session";
pub const CSRF_COOKIE: &str = "fp_csrf";

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

/// Constant-time equality of two tokens.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Who is asking: the account state, the logged-in session if any, the client address and
/// the pre-session CSRF cookie.
pub struct Who {
    pub accounts: Arc<Accounts>,
    pub session: Option<Session>,
    pub ip: String,
    /// The `fp_csrf` cookie, or a fresh token that the response will set.
    pub pre_csrf: String,
    pre_csrf_is_new: bool,
}

impl<S: Send + Sync> FromRequestParts<S> for Who {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let Some(accounts) = parts.extensions.get::<Arc<Accounts>>().cloned() else {
            return Err((StatusCode::INTERNAL_SERVER_ERROR, "accounts are not set up").into_response());
        };
        let session = match cookie(&parts.headers, SESSION_COOKIE) {
            Some(token) => {
                accounts.session(token).await.map_err(|e| error_response(&e, &Tr::new(Default::default())))?
            }
            None => None,
        };
        let ip = crate::web::extract::ClientIp::from_parts(parts).0;
        let (pre_csrf, pre_csrf_is_new) = match cookie(&parts.headers, CSRF_COOKIE).filter(|c| c.len() == 64)
        {
            Some(c) => (c.to_owned(), false),
            None => (hex::encode(crate::secret::random_bytes32()), true),
        };
        Ok(Who { accounts, session, ip, pre_csrf, pre_csrf_is_new })
    }
}

impl Who {
    /// A pre-session form's token matches the cookie.
    fn pre_csrf_ok(&self, sent: Option<&String>) -> bool {
        !self.pre_csrf_is_new && sent.is_some_and(|s| same(s, &self.pre_csrf))
    }

    /// A session form's token matches the session's.
    fn session_csrf_ok(&self, sent: Option<&String>) -> Option<&Session> {
        self.session.as_ref().filter(|s| sent.is_some_and(|t| same(t, &s.csrf)))
    }

    /// Add the pre-session CSRF cookie to a response if the request had none.
    fn with_cookie(&self, mut response: Response) -> Response {
        if self.pre_csrf_is_new {
            let c =
                format!("{CSRF_COOKIE}={}; Path=/; HttpOnly; SameSite=Lax{}", self.pre_csrf, self.secure());
            if let Ok(v) = HeaderValue::from_str(&c) {
                response.headers_mut().append(SET_COOKIE, v);
            }
        }
        response
    }

    fn secure(&self) -> &'static str {
        if self.accounts.secure_cookies() { "; Secure" } else { "" }
    }

    /// Open the session in the browser and go to `next`. A session the browser had before
    /// ends (no session fixation, no stale sessions).
    async fn logged_in(&self, new: NewSession, next: &str) -> Response {
        if let Some(old) = &self.session {
            let _ = self.accounts.logout(old).await;
        }
        let max_age = SESSION_MS / 1000;
        let c = format!(
            "{SESSION_COOKIE}={}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{}",
            new.token,
            self.secure()
        );
        let mut response = Redirect::to(next).into_response();
        if let Ok(v) = HeaderValue::from_str(&c) {
            response.headers_mut().append(SET_COOKIE, v);
        }
        response
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

fn status_of_account(e: &AccountError) -> StatusCode {
    match e {
        AccountError::BadCredentials | AccountError::BadToken => StatusCode::FORBIDDEN,
        AccountError::BadEmail | AccountError::BadPassword => StatusCode::UNPROCESSABLE_ENTITY,
        AccountError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        AccountError::SeatTaken => StatusCode::CONFLICT,
        AccountError::Play(p) => status_of(p),
    }
}

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

fn error_response(e: &AccountError, tr: &Tr) -> Response {
    if let AccountError::Play(crate::play::PlayError::Internal(m)) = e {
        tracing::error!("{m}");
    }
    let mut response = page(
        status_of_account(e),
        &AccountPage::message(tr.clone(), tr.t("error-title"), None, Some(explain_account(e, tr))),
    );
    retry_after(&mut response, e);
    response
}

/// Say when to try again (HTTP Retry-After) on a refusal for too many attempts, and when the
/// database is away.
fn retry_after(response: &mut Response, e: &AccountError) {
    let seconds = match e {
        AccountError::TooMany(wait) => wait.as_secs().max(1),
        AccountError::Play(crate::play::PlayError::Unavailable(m)) => {
            tracing::error!("{m}");
            5
        }
        _ => return,
    };
    if let Ok(v) = HeaderValue::from_str(&seconds.to_string()) {
        response.headers_mut().insert(RETRY_AFTER, v);
    }
}

fn csrf_refused(tr: &Tr) -> Response {
    page(
        StatusCode::FORBIDDEN,
        &AccountPage::message(tr.clone(), tr.t("error-title"), None, Some(tr.t("account-error-csrf"))),
    )
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

impl AccountPage {
    fn message(tr: Tr, title: String, notice: Option<String>, error: Option<String>) -> AccountPage {
        let links =
            vec![("/account/login".into(), tr.t("account-login-title")), ("/".into(), tr.t("back-home"))];
        AccountPage { tr, title, notice, error, forms: Vec::new(), links }
    }
}

#[derive(Deserialize, Default)]
pub struct NextQuery {
    next: Option<String>,
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
    who: &Who,
    tr: Tr,
    next: &str,
    email: &str,
    notice: Option<String>,
    error: Option<String>,
    status: StatusCode,
) -> Response {
    let forms = login_forms(&tr, &who.pre_csrf, next, email);
    let links = login_links(&tr);
    who.with_cookie(page(
        status,
        &AccountPage { title: tr.t("account-login-title"), notice, error, forms, links, tr },
    ))
}

pub async fn login_page(who: Who, tr: Tr, Query(q): Query<NextQuery>) -> Response {
    let next = safe_next(q.next.as_ref());
    login_view(&who, tr, &next, "", None, None, StatusCode::OK)
}

/// Every account form: the fields each one draws (the others stay empty), and its CSRF token.
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

type Fields = PageForm<AccountForm>;

/// The login page again, with the error (a refused login).
fn login_refused(who: &Who, tr: Tr, form: &AccountForm, e: &AccountError) -> Response {
    let message = explain_account(e, &tr);
    let mut response = login_view(
        who,
        tr,
        &safe_next(form.next.as_ref()),
        &form.email,
        None,
        Some(message),
        status_of_account(e),
    );
    retry_after(&mut response, e);
    response
}

pub async fn login(who: Who, tr: Tr, PageForm(form): Fields) -> Response {
    if !who.pre_csrf_ok(form.csrf.as_ref()) {
        return csrf_refused(&tr);
    }
    match who.accounts.login(&form.email, &form.password, &who.ip).await {
        Ok(new) => who.logged_in(new, &safe_next(form.next.as_ref())).await,
        Err(e) => login_refused(&who, tr, &form, &e),
    }
}

pub async fn send_link(who: Who, tr: Tr, PageForm(form): Fields) -> Response {
    if !who.pre_csrf_ok(form.csrf.as_ref()) {
        return csrf_refused(&tr);
    }
    match who.accounts.send_login_link(&form.email, tr.lang, &who.ip).await {
        Ok(()) => login_view(
            &who,
            tr.clone(),
            &safe_next(form.next.as_ref()),
            &form.email,
            Some(tr.t("account-link-sent")),
            None,
            StatusCode::OK,
        ),
        Err(e) => login_refused(&who, tr, &form, &e),
    }
}

pub async fn login_code(who: Who, tr: Tr, PageForm(form): Fields) -> Response {
    if !who.pre_csrf_ok(form.csrf.as_ref()) {
        return csrf_refused(&tr);
    }
    match who.accounts.login_with_code(&form.email, &form.code, &who.ip).await {
        Ok(new) => who.logged_in(new, &safe_next(form.next.as_ref())).await,
        Err(e) => login_refused(&who, tr, &form, &e),
    }
}

/// The page an emailed login link opens: it only shows a button (GET never acts).
pub async fn link_page(who: Who, tr: Tr, Path(token): Path<String>) -> Response {
    match who
        .accounts
        .check_token(&token, &[crate::accounts::PURPOSE_LOGIN, crate::accounts::PURPOSE_REGISTER])
        .await
    {
        Ok(email) => {
            let form = FormSpec {
                title: None,
                action: format!("/account/link/{token}"),
                csrf: who.pre_csrf.clone(),
                hidden: Vec::new(),
                fields: Vec::new(),
                button: tr.t("account-login-button"),
            };
            let notice = Some(tr.t_args("account-link-confirm", &[("email", email)]));
            who.with_cookie(page(
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
        Err(e) => who.with_cookie(error_response(&e, &tr)),
    }
}

pub async fn link_login(who: Who, tr: Tr, Path(token): Path<String>, PageForm(form): Fields) -> Response {
    if !who.pre_csrf_ok(form.csrf.as_ref()) {
        return csrf_refused(&tr);
    }
    match who.accounts.login_with_link(&token).await {
        Ok(new) => who.logged_in(new, "/account").await,
        Err(e) => error_response(&e, &tr),
    }
}

fn register_view(who: &Who, tr: Tr, email: &str, error: Option<String>, status: StatusCode) -> Response {
    let mut email_field = field("email", tr.t("account-email"), "email", "email");
    email_field.value = email.to_owned();
    let form = FormSpec {
        title: None,
        action: "/account/register".into(),
        csrf: who.pre_csrf.clone(),
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
    who.with_cookie(page(
        status,
        &AccountPage { title: tr.t("account-register-title"), notice, error, forms: vec![form], links, tr },
    ))
}

pub async fn register_page(who: Who, tr: Tr) -> Response {
    register_view(&who, tr, "", None, StatusCode::OK)
}

pub async fn register(who: Who, tr: Tr, PageForm(form): Fields) -> Response {
    if !who.pre_csrf_ok(form.csrf.as_ref()) {
        return csrf_refused(&tr);
    }
    match who.accounts.register(&form.email, &form.password, tr.lang, &who.ip).await {
        Ok(()) => {
            // The same page whether the address is new or known: only its owner learns which.
            let notice = Some(tr.t_args("account-register-sent", &[("email", form.email.trim().to_owned())]));
            who.with_cookie(page(
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
        Err(e) => {
            let message = explain_account(&e, &tr);
            let mut r = register_view(&who, tr, &form.email, Some(message), status_of_account(&e));
            retry_after(&mut r, &e);
            r
        }
    }
}

pub async fn logout(who: Who, tr: Tr, PageForm(form): Fields) -> Response {
    let Some(session) = who.session_csrf_ok(form.csrf.as_ref()) else {
        if who.session.is_none() {
            // Not logged in (any more): nothing to end.
            return Redirect::to("/account/login").into_response();
        }
        return csrf_refused(&tr);
    };
    if let Err(e) = who.accounts.logout(session).await {
        return error_response(&e, &tr);
    }
    let mut response = Redirect::to("/").into_response();
    let c = format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{}", who.secure());
    if let Ok(v) = HeaderValue::from_str(&c) {
        response.headers_mut().append(SET_COOKIE, v);
    }
    response
}

fn reset_view(
    who: &Who,
    tr: Tr,
    notice: Option<String>,
    error: Option<String>,
    status: StatusCode,
) -> Response {
    let form = FormSpec {
        title: None,
        action: "/account/reset".into(),
        csrf: who.pre_csrf.clone(),
        hidden: Vec::new(),
        fields: vec![field("email", tr.t("account-email"), "email", "email")],
        button: tr.t("account-reset-button"),
    };
    let links = vec![("/account/login".into(), tr.t("account-login-title"))];
    who.with_cookie(page(
        status,
        &AccountPage { title: tr.t("account-reset-title"), notice, error, forms: vec![form], links, tr },
    ))
}

pub async fn reset_page(who: Who, tr: Tr) -> Response {
    let lead = Some(tr.t("account-reset-lead"));
    reset_view(&who, tr, lead, None, StatusCode::OK)
}

pub async fn send_reset(who: Who, tr: Tr, PageForm(form): Fields) -> Response {
    if !who.pre_csrf_ok(form.csrf.as_ref()) {
        return csrf_refused(&tr);
    }
    match who.accounts.send_reset(&form.email, tr.lang, &who.ip).await {
        Ok(()) => {
            let sent = Some(tr.t("account-reset-sent"));
            reset_view(&who, tr, sent, None, StatusCode::OK)
        }
        Err(e) => {
            let message = Some(explain_account(&e, &tr));
            let mut r = reset_view(&who, tr, None, message, status_of_account(&e));
            retry_after(&mut r, &e);
            r
        }
    }
}

fn reset_set_view(
    who: &Who,
    tr: Tr,
    token: &str,
    email: String,
    error: Option<String>,
    status: StatusCode,
) -> Response {
    let form = FormSpec {
        title: None,
        action: format!("/account/reset/{token}"),
        csrf: who.pre_csrf.clone(),
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
    who.with_cookie(page(
        status,
        &AccountPage {
            title: tr.t("account-reset-title"),
            notice,
            error,
            forms: vec![form],
            links: Vec::new(),
            tr,
        },
    ))
}

/// The page a reset link opens: a form for the new password (the link is used by the POST).
pub async fn reset_set_page(who: Who, tr: Tr, Path(token): Path<String>) -> Response {
    match who.accounts.check_token(&token, &[crate::accounts::PURPOSE_RESET]).await {
        Ok(email) => reset_set_view(&who, tr, &token, email, None, StatusCode::OK),
        Err(e) => who.with_cookie(error_response(&e, &tr)),
    }
}

pub async fn reset_set(who: Who, tr: Tr, Path(token): Path<String>, PageForm(form): Fields) -> Response {
    if !who.pre_csrf_ok(form.csrf.as_ref()) {
        return csrf_refused(&tr);
    }
    match who.accounts.reset_password(&token, &form.password).await {
        Ok(new) => who.logged_in(new, "/account").await,
        Err(e @ AccountError::BadPassword) => {
            let email =
                who.accounts.check_token(&token, &[crate::accounts::PURPOSE_RESET]).await.unwrap_or_default();
            let message = Some(explain_account(&e, &tr));
            reset_set_view(&who, tr, &token, email, message, status_of_account(&e))
        }
        Err(e) => error_response(&e, &tr),
    }
}

struct GameRowView {
    title: String,
    game: String,
    seat_name: String,
    path: String,
    status: String,
    waiting: bool,
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
}

/// How many games one page of "My games" lists.
pub const GAMES_PER_PAGE: i64 = 50;

#[derive(serde::Deserialize)]
pub struct PageNumber {
    page: Option<u32>,
}

pub async fn my_games(
    who: Who,
    tr: Tr,
    crate::web::extract::PageQuery(query): crate::web::extract::PageQuery<PageNumber>,
) -> Response {
    let Some(session) = &who.session else {
        return Redirect::to("/account/login").into_response();
    };
    let number = i64::from(query.page.unwrap_or(1).max(1));
    let offset = (number - 1) * GAMES_PER_PAGE;
    let mut games = match who.accounts.my_games(session, offset, GAMES_PER_PAGE + 1).await {
        Ok(g) => g,
        Err(e) => return error_response(&e, &tr),
    };
    let more = games.len() as i64 > GAMES_PER_PAGE;
    games.truncate(GAMES_PER_PAGE as usize);
    let link = |n: i64, key: &str| (format!("/account?page={n}"), tr.t_args(key, &[("page", n.to_string())]));
    let earlier = (number > 1).then(|| link(number - 1, "account-games-page-earlier"));
    let later = more.then(|| link(number + 1, "account-games-page-later"));
    let (waiting, others): (Vec<_>, Vec<_>) = games
        .into_iter()
        .map(|g| GameRowView {
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
            seat_name: g.seat_name,
            path: g.path,
        })
        .partition(|g| g.waiting);
    page(
        StatusCode::OK,
        &GamesPage {
            email: session.email.clone(),
            csrf: session.csrf.clone(),
            waiting,
            others,
            earlier,
            later,
            tr,
        },
    )
}

pub async fn attach(who: Who, tr: Tr, Path(token): Path<String>, PageForm(form): Fields) -> Response {
    if token.is_empty() || token.len() > 128 || !token.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return error_response(&AccountError::Play(crate::play::PlayError::UnknownLink), &tr);
    }
    if who.session.is_none() {
        return Redirect::to(&format!("/account/login?next=/play/{token}")).into_response();
    }
    let Some(session) = who.session_csrf_ok(form.csrf.as_ref()) else {
        return csrf_refused(&tr);
    };
    match who.accounts.attach_seat(session, &token).await {
        Ok(()) => Redirect::to(&format!("/play/{token}")).into_response(),
        Err(e) => error_response(&e, &tr),
    }
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
