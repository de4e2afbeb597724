//! Accounts: register and log in by password or by an emailed one-time link or code,
//! server-side sessions, password reset, attaching seats, and "My games".
//!
//! A player never needs an account: seat links work alone. An account gathers seats that its
//! owner attached from the game page and, once the owner has proved the account's address (by
//! a mailed link or code), every seat and hosted game of that address. Tokens (session, link,
//! reset) are random; the store keeps only their SHA-256. Mail goes through the outbox like
//! every other message.

pub mod password;

use crate::i18n::{Lang, Tr};
use crate::mail::sealed::Sealed;
use crate::play::limits::Limit;
use crate::play::{GameLog, PlayError};
use crate::secret::{random_bytes32, random_id, token_hash};
use crate::store::{AccountRow, AccountTokenRow, Attach, MailKind, OutboxRow, SessionRow, StoreError};
use feldpost_engine::Seat;
use std::sync::Arc;
use std::time::Duration;

/// A session lasts 30 days.
pub const SESSION_MS: i64 = 30 * 24 * 3_600_000;
/// An emailed login link or code is good for 15 minutes.
pub const LOGIN_LINK_MS: i64 = 15 * 60_000;
/// A password-reset link is good for 1 hour.
pub const RESET_MS: i64 = 3_600_000;

pub const PURPOSE_LOGIN: &str = "login";
pub const PURPOSE_RESET: &str = "reset";
pub const PURPOSE_REGISTER: &str = "register";
/// How long a registration link stays good.
pub const REGISTER_MS: i64 = 24 * 3_600_000;

/// Everything an account use case can answer instead of success. The web layer words each one
/// (Fluent ids `account-error-…`, in `web::error`) and gives its status.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// Wrong password or no such account: one answer, so that nobody learns who has an account.
    #[error("wrong email or password")]
    BadCredentials,
    #[error("not an email address")]
    BadEmail,
    #[error("password too short or too long")]
    BadPassword,
    /// The link or code is unknown, used already, or expired.
    #[error("this link or code is not valid (unknown, used or expired)")]
    BadToken,
    #[error("too many attempts; wait {0:?}")]
    TooMany(Duration),
    #[error("this seat is attached to another account")]
    SeatTaken,
    #[error(transparent)]
    Play(#[from] PlayError),
}

impl From<StoreError> for AccountError {
    fn from(e: StoreError) -> Self {
        AccountError::Play(e.into())
    }
}

/// A logged-in session, as the web layer sees it.
#[derive(Debug, Clone)]
pub struct Session {
    pub token_hash: String,
    pub account_id: String,
    pub email: String,
    /// The synchronizer token the session's forms carry.
    pub csrf: String,
    /// The owner has proved the address: "My games" shows the games of the address too.
    pub confirmed: bool,
}

/// A freshly opened session: the token goes into the cookie and nowhere else.
#[derive(Debug, Clone)]
pub struct NewSession {
    pub token: String,
    pub expires_at: i64,
    /// The device mark to keep in a cookie: this browser has logged in to this account, so a
    /// stranger's failed attempts on the address do not lock it out (see `limit_login`).
    pub device: String,
}

/// One line of "My games": a seat, or a game the account's address hosts.
#[derive(Debug, Clone)]
pub struct MyGame {
    pub game_id: String,
    pub title: String,
    pub ruleset: String,
    /// The seat and its player's name; `None`: the host's line.
    pub seat: Option<(Seat, String)>,
    /// Path of the seat's page (or the host page) on this server.
    pub path: String,
    pub waiting_on_me: bool,
    pub finished: bool,
    pub last_seq: i64,
    /// The time of the game's newest record (`None`: not known; never for a game written since
    /// migration 0017).
    pub moved_at: Option<i64>,
    /// When the seats it waits on must have acted: `None` without a deadline, while the game
    /// is paused, or when it waits on nobody.
    pub deadline: Option<i64>,
}

pub struct Accounts {
    pub log: Arc<GameLog>,
}

pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

fn random_token() -> String {
    hex::encode(random_bytes32())
}

fn code_hash(email: &str, code: &str) -> String {
    token_hash(&format!("code\0{}\0{}", normalize_email(email), code.trim().to_uppercase()))
}

impl Accounts {
    /// A one-time link for a mail (to log in, or to set a new password): its token, whose hash
    /// the store keeps, and the link as the mail keeps it, sealed: made from the key and a
    /// nonce when the mail is sent, so the outbox holds no link that works without the key.
    fn mailed_link(&self, reset: bool) -> (String, String) {
        let nonce = random_id();
        let token = self.log.links().secret().derived_token("account", &nonce);
        (token, Sealed::Account { reset, nonce }.text())
    }

    /// An 8-character code to type in (40 bits; the login limits make guessing hopeless), and
    /// the code as the mail keeps it, sealed as [`Accounts::mailed_link`].
    fn mailed_code(&self) -> (String, String) {
        let nonce = random_id();
        (self.log.links().secret().derived_code(&nonce), Sealed::Code { nonce }.text())
    }

    pub fn new(log: Arc<GameLog>) -> Accounts {
        Accounts { log }
    }

    fn now(&self) -> i64 {
        self.log.now()
    }

    /// Whether cookies must be marked Secure (the server is reached over https).
    pub fn secure_cookies(&self) -> bool {
        self.log.links().base_url().starts_with("https://")
    }

    /// The limits live in the database (`crate::play::limits`): every server counts together.
    async fn limit(&self, limit: Limit, key: &str) -> Result<(), AccountError> {
        crate::play::limits::take(&self.log, limit, key).await.map_err(|e| match e {
            PlayError::TooMany(wait) => AccountError::TooMany(wait),
            e => AccountError::Play(e),
        })
    }

    /// Count a password or code attempt on `email` from `ip`. What a stranger's attempts from
    /// other addresses spend is theirs: the limit per address and client is counted for each
    /// pair, and the limit per address alone (against guessing from many clients) does not
    /// hold for a browser the account has logged in from before (`device`: its mark).
    async fn limit_login(&self, email: &str, ip: &str, device: Option<&str>) -> Result<(), AccountError> {
        self.limit(Limit::LoginClient, ip).await?;
        self.limit(Limit::LoginEmailClient, &format!("{email}\0{ip}")).await?;
        if !self.known_device(email, device).await? {
            self.limit(Limit::LoginEmail, email).await?;
        }
        Ok(())
    }

    /// Whether `device` is the mark of a browser that logged in to `email`'s account.
    async fn known_device(&self, email: &str, device: Option<&str>) -> Result<bool, AccountError> {
        let Some((account_id, nonce, mark)) = device.and_then(|d| {
            let mut parts = d.splitn(3, '.');
            Some((parts.next()?, parts.next()?, parts.next()?))
        }) else {
            return Ok(false);
        };
        if !crate::secret::constant_time_eq(&self.device_mark(account_id, nonce), mark) {
            return Ok(false);
        }
        Ok(self.log.store.account_by_email(email).await?.is_some_and(|a| a.id == account_id))
    }

    fn device_mark(&self, account_id: &str, nonce: &str) -> String {
        self.log.links().secret().derived_token("device", &format!("{account_id}\0{nonce}"))
    }

    /// Count a mail asked for `email` from `ip`: over the limit for the client, refused; over
    /// the limit for the address, answered as if sent and not sent (the address got a link
    /// lately, which works 15 minutes: a stranger asking for links never locks the owner out of
    /// theirs). `false`: send nothing.
    async fn limit_mail(&self, email: &str, ip: &str) -> Result<bool, AccountError> {
        self.limit(Limit::AccountMailClient, ip).await?;
        match self.limit(Limit::AccountMailEmail, email).await {
            Ok(()) => Ok(true),
            Err(AccountError::TooMany(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    async fn open_session(&self, account_id: &str) -> Result<NewSession, AccountError> {
        let token = random_token();
        let now = self.now();
        // Housekeeping on each login: expired sessions, and tokens a day past their expiry.
        self.log.store.accounts_purge_expired(now - 24 * 3_600_000).await?;
        let row = SessionRow {
            token_hash: token_hash(&token),
            account_id: account_id.to_owned(),
            csrf: random_token(),
            created_at: now,
            expires_at: now + SESSION_MS,
        };
        self.log.store.session_create(&row).await?;
        let nonce = random_id();
        let device = format!("{account_id}.{nonce}.{}", self.device_mark(account_id, &nonce));
        Ok(NewSession { token, expires_at: row.expires_at, device })
    }

    /// Register with email and password, and log in.
    pub async fn register(
        &self,
        email: &str,
        password: &str,
        lang: Lang,
        ip: &str,
    ) -> Result<(), AccountError> {
        let email = normalize_email(email);
        if crate::input::EmailAddress::parse(&email).is_err() {
            return Err(AccountError::BadEmail);
        }
        let chars = password.chars().count();
        if !(password::MIN_LEN..=password::MAX_LEN).contains(&chars) {
            return Err(AccountError::BadPassword);
        }
        if !self.limit_mail(&email, ip).await? {
            return Ok(());
        }
        let hash = password::hash(password.to_owned())
            .await
            .map_err(|e| AccountError::Play(PlayError::Internal(e)))?;
        let tr = Tr::new(lang);
        let now = self.now();
        if self.log.store.account_by_email(&email).await?.is_some() {
            // The same answer as for a new address; the owner is told by mail instead.
            let body = format!(
                "{}\n\n{}/account/login\n\n{}\n\n-- \n{}\n",
                tr.t("account-mail-exists-body"),
                self.log.links().base_url(),
                tr.t("account-mail-not-you"),
                tr.t("mail-footer")
            );
            self.log
                .store
                .account_mail_queue(&self.account_mail(
                    &tr,
                    &email,
                    "exists",
                    tr.t("account-mail-exists-subject"),
                    body,
                    now,
                ))
                .await?;
            self.log.wake_mail();
            return Ok(());
        }
        let account = AccountRow {
            id: random_id(),
            email: email.clone(),
            password_hash: None,
            lang,
            created_at: now,
            confirmed_at: None,
        };
        if !self.log.store.account_create(&account).await? {
            // Someone registered the address a moment ago: the same answer.
            return Ok(());
        }
        self.log.store.account_set_pending_password(&account.id, &hash).await?;
        let (token, link) = self.mailed_link(false);
        let body = format!(
            "{}\n\n{link}\n\n{}\n\n-- \n{}\n",
            tr.t("account-mail-register-body"),
            tr.t("account-mail-not-you"),
            tr.t("mail-footer")
        );
        let row = AccountTokenRow {
            token_hash: token_hash(&token),
            code_hash: None,
            account_id: account.id.clone(),
            purpose: PURPOSE_REGISTER.into(),
            created_at: now,
            expires_at: now + REGISTER_MS,
            used_at: None,
        };
        self.log
            .store
            .account_token_create(
                &row,
                &self.account_mail(&tr, &email, "register", tr.t("account-mail-register-subject"), body, now),
            )
            .await?;
        self.log.wake_mail();
        Ok(())
    }

    /// Log in with email and password. An unknown email and a wrong password get the same
    /// answer, after the same work.
    /// `device`: the browser's device mark, if it has one (see [`NewSession::device`]).
    pub async fn login(
        &self,
        email: &str,
        password: &str,
        ip: &str,
        device: Option<&str>,
    ) -> Result<NewSession, AccountError> {
        let email = normalize_email(email);
        self.limit_login(&email, ip, device).await?;
        if crate::input::EmailAddress::parse(&email).is_err() {
            // No account has it (and a NUL or a control character never reaches the database).
            return Err(AccountError::BadCredentials);
        }
        if password.len() > password::MAX_LEN * 4 {
            return Err(AccountError::BadCredentials);
        }
        let account = self.log.store.account_by_email(&email).await?;
        let stored = account.as_ref().and_then(|a| a.password_hash.clone());
        if !password::verify(password.to_owned(), stored).await {
            return Err(AccountError::BadCredentials);
        }
        let account = account.ok_or(AccountError::BadCredentials)?;
        self.open_session(&account.id).await
    }

    /// Mail a one-time login link and code to `email`, if it has an account. The answer is the
    /// same either way.
    pub async fn send_login_link(&self, email: &str, lang: Lang, ip: &str) -> Result<(), AccountError> {
        let email = normalize_email(email);
        if crate::input::EmailAddress::parse(&email).is_err() {
            return Err(AccountError::BadEmail);
        }
        if !self.limit_mail(&email, ip).await? {
            return Ok(());
        }
        let Some(account) = self.log.store.account_by_email(&email).await? else { return Ok(()) };
        let (token, link) = self.mailed_link(false);
        let (code, code_text) = self.mailed_code();
        let now = self.now();
        let tr = Tr::new(lang);
        let minutes = (LOGIN_LINK_MS / 60_000).to_string();
        let subject = tr.t("account-mail-login-subject");
        let body = format!(
            "{}\n\n{link}\n\n{}\n\n    {code_text}\n\n{}\n\n-- \n{}\n",
            tr.t_args("account-mail-login-body", &[("minutes", minutes)]),
            tr.t("account-mail-login-code"),
            tr.t("account-mail-not-you"),
            tr.t("mail-footer")
        );
        let row = AccountTokenRow {
            token_hash: token_hash(&token),
            code_hash: Some(code_hash(&email, &code)),
            account_id: account.id.clone(),
            purpose: PURPOSE_LOGIN.into(),
            created_at: now,
            expires_at: now + LOGIN_LINK_MS,
            used_at: None,
        };
        self.log
            .store
            .account_token_create(&row, &self.account_mail(&tr, &email, "login", subject, body, now))
            .await?;
        self.log.wake_mail();
        Ok(())
    }

    /// Whether a login, registration or reset link is still good (for the page it opens: GET
    /// never uses it). `purposes` are the kinds of link the page takes.
    pub async fn check_token(&self, token: &str, purposes: &[&str]) -> Result<String, AccountError> {
        let row =
            self.log.store.account_token(&token_hash(token), false).await?.ok_or(AccountError::BadToken)?;
        if !purposes.contains(&row.purpose.as_str()) || row.used_at.is_some() || row.expires_at <= self.now()
        {
            return Err(AccountError::BadToken);
        }
        let account = self.log.store.account_by_id(&row.account_id).await?.ok_or(AccountError::BadToken)?;
        Ok(account.email)
    }

    /// Log in with an emailed link (the POST from the link's page): a login link, or the link
    /// that confirms a registration (then the chosen password becomes the account's).
    pub async fn login_with_link(&self, token: &str) -> Result<NewSession, AccountError> {
        let hash = token_hash(token);
        let row = self.log.store.account_token(&hash, false).await?.ok_or(AccountError::BadToken)?;
        let purpose = row.purpose.as_str();
        if !(purpose == PURPOSE_LOGIN || purpose == PURPOSE_REGISTER)
            || !self.log.store.account_token_use(&hash, purpose, self.now()).await?
        {
            return Err(AccountError::BadToken);
        }
        if purpose == PURPOSE_REGISTER {
            self.log.store.account_confirm_password(&row.account_id).await?;
        }
        // The link came by mail to the address: its owner has it.
        self.log.store.account_confirm(&row.account_id, self.now()).await?;
        self.open_session(&row.account_id).await
    }

    /// Log in with the code from the login mail, typed in with the email.
    pub async fn login_with_code(
        &self,
        email: &str,
        code: &str,
        ip: &str,
        device: Option<&str>,
    ) -> Result<NewSession, AccountError> {
        let email = normalize_email(email);
        self.limit_login(&email, ip, device).await?;
        if crate::input::EmailAddress::parse(&email).is_err() {
            return Err(AccountError::BadToken);
        }
        let row = self
            .log
            .store
            .account_token(&code_hash(&email, code), true)
            .await?
            .ok_or(AccountError::BadToken)?;
        if row.purpose != PURPOSE_LOGIN
            || !self.log.store.account_token_use(&row.token_hash, PURPOSE_LOGIN, self.now()).await?
        {
            return Err(AccountError::BadToken);
        }
        self.log.store.account_confirm(&row.account_id, self.now()).await?;
        self.open_session(&row.account_id).await
    }

    /// Mail a password-reset link to `email`, if it has an account. The answer is the same
    /// either way.
    pub async fn send_reset(&self, email: &str, lang: Lang, ip: &str) -> Result<(), AccountError> {
        let email = normalize_email(email);
        if crate::input::EmailAddress::parse(&email).is_err() {
            return Err(AccountError::BadEmail);
        }
        if !self.limit_mail(&email, ip).await? {
            return Ok(());
        }
        let Some(account) = self.log.store.account_by_email(&email).await? else { return Ok(()) };
        let (token, link) = self.mailed_link(true);
        let now = self.now();
        let tr = Tr::new(lang);
        let minutes = (RESET_MS / 60_000).to_string();
        let body = format!(
            "{}\n\n{link}\n\n{}\n\n-- \n{}\n",
            tr.t_args("account-mail-reset-body", &[("minutes", minutes)]),
            tr.t("account-mail-not-you"),
            tr.t("mail-footer")
        );
        let row = AccountTokenRow {
            token_hash: token_hash(&token),
            code_hash: None,
            account_id: account.id.clone(),
            purpose: PURPOSE_RESET.into(),
            created_at: now,
            expires_at: now + RESET_MS,
            used_at: None,
        };
        let mail = self.account_mail(&tr, &email, "reset", tr.t("account-mail-reset-subject"), body, now);
        self.log.store.account_token_create(&row, &mail).await?;
        self.log.wake_mail();
        Ok(())
    }

    /// Set a new password with a reset link: the link is used up, every old session ends, and a
    /// new one is opened.
    pub async fn reset_password(&self, token: &str, new_password: &str) -> Result<NewSession, AccountError> {
        let chars = new_password.chars().count();
        if !(password::MIN_LEN..=password::MAX_LEN).contains(&chars) {
            return Err(AccountError::BadPassword);
        }
        let hash = token_hash(token);
        let row = self.log.store.account_token(&hash, false).await?.ok_or(AccountError::BadToken)?;
        if row.purpose != PURPOSE_RESET || row.used_at.is_some() || row.expires_at <= self.now() {
            return Err(AccountError::BadToken);
        }
        let phc = password::hash(new_password.to_owned())
            .await
            .map_err(|e| AccountError::Play(PlayError::Internal(e)))?;
        // Used only now, so that a too-short password does not burn the link; of two racing
        // uses exactly one passes.
        if !self.log.store.account_token_use(&hash, PURPOSE_RESET, self.now()).await? {
            return Err(AccountError::BadToken);
        }
        self.log.store.account_set_password(&row.account_id, &phc).await?;
        self.log.store.account_confirm(&row.account_id, self.now()).await?;
        self.open_session(&row.account_id).await
    }

    /// The live session of a cookie's token, if any.
    pub async fn session(&self, token: &str) -> Result<Option<Session>, AccountError> {
        if token.is_empty() || token.len() > 128 {
            return Ok(None);
        }
        Ok(self.log.store.session_live(&token_hash(token), self.now()).await?.map(|(s, a)| Session {
            token_hash: s.token_hash,
            account_id: s.account_id,
            confirmed: a.confirmed_at.is_some(),
            email: a.email,
            csrf: s.csrf,
        }))
    }

    pub async fn logout(&self, session: &Session) -> Result<(), AccountError> {
        Ok(self.log.store.session_delete(&session.token_hash).await?)
    }

    /// Attach the seat of `seat_token` to the account. Attaching again is fine; a seat held by
    /// another account is refused.
    pub async fn attach_seat(&self, session: &Session, seat_token: &str) -> Result<(), AccountError> {
        let token =
            crate::ids::SeatToken::parse(seat_token).ok_or(AccountError::Play(PlayError::UnknownLink))?;
        let seat = self.log.identify(&token).await?;
        let attached =
            self.log.store.seat_attach(&session.account_id, &seat.game_id, seat.seat, self.now()).await?;
        // The seat's rows, cached with its game, now carry the account's time zone: read them again.
        self.log.forget_game(&seat.game_id);
        if attached == Attach::Attached {
            // The account's browser notifications for all its games reach this seat too.
            crate::play::webhooks::push_for_seat(&self.log, seat.game_id.as_str(), seat.seat, false).await;
        }
        match attached {
            Attach::Attached | Attach::AlreadyMine => Ok(()),
            Attach::Taken => Err(AccountError::SeatTaken),
        }
    }

    /// Whether the seat of a game is attached to this account.
    pub async fn holds(&self, session: &Session, game_id: &str, seat: Seat) -> Result<bool, AccountError> {
        Ok(self.log.store.seat_holder(game_id, i64::from(seat)).await?.as_deref()
            == Some(session.account_id.as_str()))
    }

    /// One page of "My games" (`per_page` from `offset`), in one query: the seats attached to
    /// the account and, once its owner has proved the address, every seat and hosted game of
    /// the address, each once; those waiting on me first, then the others still going, then
    /// the finished ones; within each, by title.
    ///
    /// The games of the address are read, not attached: a GET never writes
    /// (docs/architecture.md, rule 5), a seat handed to another address leaves the list at
    /// once, and an address proved later shows the games it had before.
    pub async fn my_games(
        &self,
        session: &Session,
        offset: i64,
        per_page: i64,
    ) -> Result<Vec<MyGame>, AccountError> {
        let address = session.confirmed.then_some(session.email.as_str());
        let rows = self.log.store.my_games_page(&session.account_id, address, offset, per_page).await?;
        let now = self.now();
        let links = self.log.links();
        let secret = links.secret();
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                // Only the host's own line leads to the host page; a seat's leads to its seat.
                let (seat, path) = match r.seat {
                    None => (None, links.host_path_of(&r.game_id, &r.host_salt)),
                    Some(seat) => {
                        let token = secret.seat_token(&r.game_id, seat as u32, r.token_salt.as_deref()?);
                        (Some((seat as Seat, r.seat_name.clone()?)), format!("/play/{token}"))
                    }
                };
                let paused = r.paused_until.is_some_and(|u| u > now);
                Some(MyGame {
                    waiting_on_me: r.waiting_on_me,
                    game_id: r.game_id,
                    title: r.title,
                    ruleset: r.ruleset,
                    seat,
                    path,
                    finished: r.finished,
                    last_seq: r.last_seq,
                    moved_at: r.moved_at,
                    deadline: r.due_at.filter(|_| !paused && !r.finished),
                })
            })
            .collect())
    }
}

impl Accounts {
    /// A message about an account (no game): seq 0, game id empty (stored as NULL), with the
    /// recipient's "never mail me again" link.
    fn account_mail(
        &self,
        tr: &Tr,
        to: &str,
        what: &'static str,
        subject: String,
        body: String,
        now: i64,
    ) -> OutboxRow {
        let mut row = OutboxRow::pending("", 0, to, MailKind::Account { what }, subject, body, now);
        // Multipart (text and HTML) like every mail, with no game's headers: no game id, no
        // thread.
        row.body_html = Some(crate::mail::account_html(tr, &row.subject, &row.body_text));
        self.log.stamp_never(std::slice::from_mut(&mut row), tr);
        row
    }
}
