//! How much anyone may ask of this server: rate limits per email address, per host
//! address, per recipient and per client address, kept in the database ([`crate::store`]) so
//! that every server on it counts together and a restart forgets nothing. A limit lets `burst`
//! requests through at once and then one per `period` (GCRA); a refusal says how long to wait,
//! never longer than one `period`, whatever the clock did since the row was written.

use super::error::PlayError;
use super::log::GameLog;
use std::time::Duration;

const MINUTE_MS: i64 = 60_000;

/// Every limit, with its numbers (README, "Limits").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Password and code attempts for one email from one client address: 5, then one per 3
    /// minutes (a stranger's attempts from elsewhere are counted for the stranger).
    LoginEmailClient,
    /// Password and code attempts for one email from every client address together, against
    /// guessing from many: 30, then one per 2 minutes; a browser that logged in to the account
    /// before is not held by it (its device mark).
    LoginEmail,
    /// Password and code attempts from one client address: 20, then one a minute.
    LoginClient,
    /// Login-link, reset, registration and data-link (`play::people`) mails to one address: 3,
    /// then one per 10 minutes; a request over it is answered as any and sends nothing (the
    /// address got a link lately).
    AccountMailEmail,
    /// Login-link, reset, registration and data-link mails asked for from one client address:
    /// 10, then one per 5 minutes.
    AccountMailClient,
    /// Games created from one client address: 20, then one per 10 minutes.
    GamesPerClient,
    /// Games naming one host address (and so the confirmation mails to it): 10, then one per
    /// 30 minutes.
    GamesPerHost,
    /// Invitations to one address, from every game: 10, then one per hour.
    InvitesPerRecipient,
    /// Notices to one seat that a reply from another address was refused: 1, then one per
    /// 6 hours (the notice says so: `mail-reply-stranger-what`).
    StrangerNoticePerSeat,
    /// Answers to a seat's replies that refused them (unreadable, the game moved on), at one
    /// step of its game: 3, then one an hour. A loop with a rude auto-responder ends there.
    RefusalsPerSeat,
    /// Answers to mail sent to our bare address, per sender: 1, then one a day.
    AutoreplyPerSender,
    /// Lines of table talk from one seat (or the host) of one game: 10, then one per 15
    /// seconds (`play::chat`).
    ChatPerWriter,
    /// Test messages sent to the webhooks of one owner (a seat, or the host) of one game: 5,
    /// then one a minute (`play::webhooks`): a test is a request to a URL of the owner's choosing.
    WebhookTestsPerOwner,
}

impl Limit {
    pub const ALL: [Limit; 13] = [
        Limit::LoginEmailClient,
        Limit::LoginEmail,
        Limit::LoginClient,
        Limit::AccountMailEmail,
        Limit::AccountMailClient,
        Limit::GamesPerClient,
        Limit::GamesPerHost,
        Limit::InvitesPerRecipient,
        Limit::StrangerNoticePerSeat,
        Limit::RefusalsPerSeat,
        Limit::AutoreplyPerSender,
        Limit::ChatPerWriter,
        Limit::WebhookTestsPerOwner,
    ];

    /// The variable that sets it (`FELDPOST_LIMIT_…`, as `BURST/SECONDS`; README, "Limits").
    pub fn var(self) -> &'static str {
        match self {
            Limit::LoginEmailClient => "FELDPOST_LIMIT_LOGIN_EMAIL_CLIENT",
            Limit::LoginEmail => "FELDPOST_LIMIT_LOGIN_EMAIL",
            Limit::LoginClient => "FELDPOST_LIMIT_LOGIN_CLIENT",
            Limit::AccountMailEmail => "FELDPOST_LIMIT_ACCOUNT_MAIL_EMAIL",
            Limit::AccountMailClient => "FELDPOST_LIMIT_ACCOUNT_MAIL_CLIENT",
            Limit::GamesPerClient => "FELDPOST_LIMIT_GAMES_PER_CLIENT",
            Limit::GamesPerHost => "FELDPOST_LIMIT_GAMES_PER_HOST",
            Limit::InvitesPerRecipient => "FELDPOST_LIMIT_INVITES_PER_RECIPIENT",
            Limit::StrangerNoticePerSeat => "FELDPOST_LIMIT_STRANGER_NOTICES_PER_SEAT",
            Limit::RefusalsPerSeat => "FELDPOST_LIMIT_REFUSALS_PER_SEAT",
            Limit::AutoreplyPerSender => "FELDPOST_LIMIT_AUTOREPLIES_PER_SENDER",
            Limit::ChatPerWriter => "FELDPOST_LIMIT_CHAT_PER_WRITER",
            Limit::WebhookTestsPerOwner => "FELDPOST_LIMIT_WEBHOOK_TESTS",
        }
    }

    /// The key prefix in the database.
    fn name(self) -> &'static str {
        match self {
            Limit::LoginEmailClient => "login-email-client",
            Limit::LoginEmail => "login-email",
            Limit::LoginClient => "login-client",
            Limit::AccountMailEmail => "account-mail-email",
            Limit::AccountMailClient => "account-mail-client",
            Limit::GamesPerClient => "games-client",
            Limit::GamesPerHost => "games-host",
            Limit::InvitesPerRecipient => "invites-recipient",
            Limit::StrangerNoticePerSeat => "stranger-notice-seat",
            Limit::RefusalsPerSeat => "refusals-seat",
            Limit::AutoreplyPerSender => "autoreply-sender",
            Limit::ChatPerWriter => "chat-writer",
            Limit::WebhookTestsPerOwner => "webhook-tests",
        }
    }

    /// (burst, period in ms) unless the operator sets another ([`Quotas`]).
    pub fn quota(self) -> (i64, i64) {
        match self {
            Limit::LoginEmailClient => (5, 3 * MINUTE_MS),
            Limit::LoginEmail => (30, 2 * MINUTE_MS),
            Limit::LoginClient => (20, MINUTE_MS),
            Limit::AccountMailEmail => (3, 10 * MINUTE_MS),
            Limit::AccountMailClient => (10, 5 * MINUTE_MS),
            Limit::GamesPerClient => (20, 10 * MINUTE_MS),
            Limit::GamesPerHost => (10, 30 * MINUTE_MS),
            Limit::InvitesPerRecipient => (10, 60 * MINUTE_MS),
            Limit::StrangerNoticePerSeat => (1, 6 * 60 * MINUTE_MS),
            Limit::RefusalsPerSeat => (3, 60 * MINUTE_MS),
            Limit::AutoreplyPerSender => (1, 24 * 60 * MINUTE_MS),
            Limit::ChatPerWriter => (10, MINUTE_MS / 4),
            Limit::WebhookTestsPerOwner => (5, MINUTE_MS),
        }
    }
}

/// The numbers each limit runs with on this server: the defaults of [`Limit::quota`], or what
/// the operator set (`FELDPOST_LIMIT_…`): a league's organiser who creates thirty games in an
/// evening needs more than a stranger should get, and a server under attack less.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quotas([(i64, i64); Limit::ALL.len()]);

impl Default for Quotas {
    fn default() -> Self {
        Quotas(Limit::ALL.map(Limit::quota))
    }
}

impl Quotas {
    /// (burst, period in ms) of `limit`.
    pub fn of(&self, limit: Limit) -> (i64, i64) {
        self.0[Limit::ALL.iter().position(|l| *l == limit).expect("every limit is in ALL")]
    }

    /// Let `limit` through `burst` at once, then one per `period_ms`.
    pub fn set(&mut self, limit: Limit, burst: i64, period_ms: i64) {
        let at = Limit::ALL.iter().position(|l| *l == limit).expect("every limit is in ALL");
        self.0[at] = (burst.max(1), period_ms.max(1));
    }
}

/// Count one request against `limit` for `key` (an address is compared trimmed and in
/// lower case); refused with the time to wait when it is over.
pub async fn take(log: &GameLog, limit: Limit, key: &str) -> Result<(), PlayError> {
    take_allowing(log, limit, key, None).await
}

/// [`take`], letting through `allowance` at once instead of the limit's burst when it is more
/// (an account the operator trusts with more: `feldpost account allow`).
pub async fn take_allowing(
    log: &GameLog,
    limit: Limit,
    key: &str,
    allowance: Option<i64>,
) -> Result<(), PlayError> {
    let (burst, period) = log.quotas().of(limit);
    let burst = burst.max(allowance.unwrap_or(0));
    // Hashed: the table holds no addresses, and whatever a request sent (a NUL included)
    // is a valid key.
    let key = format!("{}:{}", limit.name(), crate::secret::token_hash(&key.trim().to_lowercase()));
    match log.store.rate_take(&key, log.now(), period, burst).await? {
        None => Ok(()),
        Some(wait_ms) => Err(PlayError::TooMany(Duration::from_millis(wait_ms.max(1) as u64))),
    }
}
