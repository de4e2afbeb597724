//! Configuration, from environment variables (documented in the README).
//!
//! A variable that is unset or blank takes its default. One that is set to a value that cannot
//! be read stops the server, and every other command that reads the configuration, with a
//! message naming it and what it expected (`inbound` exits 75 so that its MTA tries again
//! later): a typo must not quietly run the server on a default.

use std::path::PathBuf;

#[derive(Debug, Clone)]
pub struct Config {
    /// FELDPOST_BIND: where the server listens.
    pub bind: String,
    /// DATABASE_URL: `sqlite:…` (default, a file under the data folder) or `postgres://…`.
    pub database_url: String,
    /// FELDPOST_BASE_URL: how players reach the server (links in mail).
    pub base_url: String,
    /// FELDPOST_DATA_DIR: the SQLite file and the generated secret live here.
    pub data_dir: PathBuf,
    /// FELDPOST_SECRET: the key link tokens are derived from (default: a generated file).
    pub secret: Option<String>,
    /// FELDPOST_SMTP_URL: where mail is sent (`smtp://user:pass@host:587?tls=required`,
    /// `smtps://user:pass@host`); unset: the dev mailbox.
    pub smtp_url: Option<String>,
    /// FELDPOST_MAIL_FROM: the sender of every mail (default `feldpost <feldpost@HOST>`, HOST
    /// from the base URL).
    pub mail_from: String,
    /// FELDPOST_DB_STATEMENT_TIMEOUT_MS and FELDPOST_DB_LOCK_TIMEOUT_MS: how long the database
    /// may take before a request is answered 503, in milliseconds, at most 2147483647 (both
    /// databases take an `int`; a larger value is refused). 0 is passed on as it is: Postgres
    /// then waits without limit, SQLite does not wait for the write lock at all.
    pub db_timeouts: crate::store::Timeouts,
    /// FELDPOST_DEV_MAILBOX=1: serve the dev mailbox although the server listens beyond this
    /// machine (without SMTP the server refuses to start on such an address otherwise); 0 or
    /// unset: not.
    pub dev_mailbox_on_purpose: bool,
    /// FELDPOST_WEBHOOK_ALLOW_PRIVATE=1: webhooks may go to loopback and private addresses (a
    /// receiver on the operator's own network); 0 or unset: such URLs are refused
    /// (docs/notifications.md).
    pub webhooks_to_private: bool,
    /// FELDPOST_VAPID_PRIVATE_KEY: the key Web Push requests are signed with (VAPID), its 32
    /// private octets in URL-safe base64; unset: the file `vapid-key` in the data folder, made
    /// the first time. Browsers' subscriptions are bound to it (docs/notifications.md).
    pub vapid_private_key: Option<String>,
    /// FELDPOST_VAPID_SUBJECT: the contact push services are given (`mailto:` or `https:`);
    /// by default the mail sender's address.
    pub vapid_subject: String,
    /// FELDPOST_INBOUND_SMTP=host:port: `serve` also listens for SMTP there, for replies to
    /// turn mails.
    pub inbound_smtp: Option<String>,
    /// FELDPOST_REPLAY_CACHE_GAMES: how many games' replayed states the server keeps in
    /// memory (the least recently used are dropped first and replayed again when asked for).
    /// 0 is taken as 1: the cache holds at least the game being played.
    pub replay_cache_games: usize,
    /// FELDPOST_MAIL_IN_FLIGHT: how many mails are sent at once (each on a pooled connection),
    /// from 1 to 64: 0 is taken as 1, more than 64 as 64.
    pub mail_in_flight: usize,
    /// FELDPOST_TICK_MS: how often the mail worker ticks the game clocks (reminders, deadlines,
    /// pause ends, digests), in milliseconds by the monotonic clock; default 60000, at most a
    /// day (86400000); 0 is taken as 1.
    pub tick: std::time::Duration,
    /// FELDPOST_SHUTDOWN_GRACE_S: on SIGTERM or SIGINT, how long the server waits for the
    /// requests and mail under way to finish before it exits anyway, in seconds; default 20,
    /// at most 3600 (a supervisor's own stop timeout should be longer: systemd's is 90 s).
    pub shutdown_grace: std::time::Duration,
    /// FELDPOST_MAIL_RETENTION_DAYS: how many days a sent mail's body is kept before it is
    /// cleared (its recipient, kind, status and times stay); default 30, 0 to 3650.
    pub mail_retention: std::time::Duration,
    /// FELDPOST_CHAT_RETENTION_DAYS: how many days after a game ended its table talk keeps its
    /// text (the lines stay, marked expired); default 180, 0 to 3650.
    pub chat_retention: std::time::Duration,
    /// FELDPOST_LIMIT_…: each rate limit as `BURST/SECONDS` (that many at once, then one per
    /// that many seconds; burst 1 to 1000000, seconds 1 to 2592000, thirty days).
    pub quotas: crate::play::limits::Quotas,
    /// FELDPOST_METRICS_BIND: `host:port` where `GET /metrics` answers Prometheus (off when
    /// unset; keep it off the public network).
    pub metrics_bind: Option<String>,
    /// What the SMTP listener allows: FELDPOST_INBOUND_MAX_SESSIONS (sessions at once, 1 to
    /// 100000, 0 taken as 1), FELDPOST_INBOUND_MAX_SESSIONS_PER_CLIENT (from one client address,
    /// likewise; more than the sessions at once taken as that), FELDPOST_INBOUND_MAX_MESSAGE (the largest message in octets, 1 KiB
    /// to 1 GiB, less taken as 1024), FELDPOST_INBOUND_COMMAND_TIMEOUT_MS (for one line) and
    /// FELDPOST_INBOUND_SESSION_TIMEOUT_MS (for a whole session), from 1000 (less taken as 1000)
    /// to 2147483647.
    pub inbound_limits: crate::mail::listener::Limits,
    /// FELDPOST_DKIM_KEY (a PEM private key file, RSA or Ed25519), FELDPOST_DKIM_SELECTOR and
    /// FELDPOST_DKIM_DOMAIN (default: the domain of FELDPOST_MAIL_FROM): every mail sent is
    /// DKIM-signed. The key is read when the server starts ([`Config::dkim`]).
    pub dkim: Option<DkimSettings>,
}

/// Where the DKIM key is, and the name its public half is published under in DNS:
/// `<selector>._domainkey.<domain>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DkimSettings {
    pub key: PathBuf,
    pub selector: String,
    pub domain: String,
}

/// Every variable [`Config`] reads.
const VARS: [&str; 42] = [
    "FELDPOST_BIND",
    "DATABASE_URL",
    "FELDPOST_BASE_URL",
    "FELDPOST_DATA_DIR",
    "FELDPOST_SECRET",
    "FELDPOST_SMTP_URL",
    "FELDPOST_MAIL_FROM",
    "FELDPOST_DB_STATEMENT_TIMEOUT_MS",
    "FELDPOST_DB_LOCK_TIMEOUT_MS",
    "FELDPOST_DEV_MAILBOX",
    "FELDPOST_WEBHOOK_ALLOW_PRIVATE",
    "FELDPOST_VAPID_PRIVATE_KEY",
    "FELDPOST_VAPID_SUBJECT",
    "FELDPOST_INBOUND_SMTP",
    "FELDPOST_REPLAY_CACHE_GAMES",
    "FELDPOST_MAIL_IN_FLIGHT",
    "FELDPOST_TICK_MS",
    "FELDPOST_SHUTDOWN_GRACE_S",
    "FELDPOST_MAIL_RETENTION_DAYS",
    "FELDPOST_CHAT_RETENTION_DAYS",
    "FELDPOST_METRICS_BIND",
    "FELDPOST_LIMIT_LOGIN_EMAIL_CLIENT",
    "FELDPOST_LIMIT_LOGIN_EMAIL",
    "FELDPOST_LIMIT_LOGIN_CLIENT",
    "FELDPOST_LIMIT_ACCOUNT_MAIL_EMAIL",
    "FELDPOST_LIMIT_ACCOUNT_MAIL_CLIENT",
    "FELDPOST_LIMIT_GAMES_PER_CLIENT",
    "FELDPOST_LIMIT_GAMES_PER_HOST",
    "FELDPOST_LIMIT_INVITES_PER_RECIPIENT",
    "FELDPOST_LIMIT_STRANGER_NOTICES_PER_SEAT",
    "FELDPOST_LIMIT_REFUSALS_PER_SEAT",
    "FELDPOST_LIMIT_AUTOREPLIES_PER_SENDER",
    "FELDPOST_LIMIT_CHAT_PER_WRITER",
    "FELDPOST_LIMIT_WEBHOOK_TESTS",
    "FELDPOST_INBOUND_MAX_SESSIONS",
    "FELDPOST_INBOUND_MAX_SESSIONS_PER_CLIENT",
    "FELDPOST_INBOUND_MAX_MESSAGE",
    "FELDPOST_INBOUND_COMMAND_TIMEOUT_MS",
    "FELDPOST_INBOUND_SESSION_TIMEOUT_MS",
    "FELDPOST_DKIM_KEY",
    "FELDPOST_DKIM_SELECTOR",
    "FELDPOST_DKIM_DOMAIN",
];

/// A variable that is set to a value that cannot be read: the server does not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("{var}: {value:?} is not a whole number")]
    NotANumber { var: &'static str, value: String },
    #[error("{var}: {value:?} is too large (at most {max})")]
    TooLarge { var: &'static str, value: String, max: u64 },
    #[error("{var}: {value:?} is neither 1 (on) nor 0 (off)")]
    NotAFlag { var: &'static str, value: String },
    #[error("{var}: {value:?} is not BURST/SECONDS (e.g. 30/1800: thirty at once, then one per half hour)")]
    NotALimit { var: &'static str, value: String },
    #[error("{var}: the value is not valid UTF-8")]
    NotUnicode { var: &'static str },
    #[error("{var}: {value:?} is not a DNS name (letters, digits and hyphens, in labels between dots)")]
    NotADnsName { var: &'static str, value: String },
    #[error("{var}: must be set too: {why}")]
    Missing { var: &'static str, why: &'static str },
}

/// Whether `name` is a DNS name: labels of letters, digits and hyphens (not at either end),
/// 1 to 63 octets each, between dots.
fn is_dns_name(name: &str) -> bool {
    name.len() <= 253
        && name.split('.').all(|label| {
            (1..=63).contains(&label.len())
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
}

/// The longest timeout the databases take (a C `int` of milliseconds, about 24 days).
const MAX_TIMEOUT_MS: u64 = i32::MAX as u64;

/// How long a stopping server waits for what is under way, unless told otherwise.
const DEFAULT_SHUTDOWN_GRACE_S: u64 = 20;

/// The longest tick of the game clocks: a day.
const MAX_TICK_MS: u64 = 86_400_000;

impl Config {
    /// The configuration from the process's environment (see [`Config::from_lookup`]).
    pub fn from_env() -> Result<Config, ConfigError> {
        if let Some(var) =
            VARS.into_iter().find(|v| matches!(std::env::var(v), Err(std::env::VarError::NotUnicode(_))))
        {
            return Err(ConfigError::NotUnicode { var });
        }
        Config::from_lookup(|k| std::env::var(k).ok())
    }

    /// The configuration from `lookup`, which gives a variable's value if it is set. Unset or
    /// blank: the default. Set to a value that cannot be read: the error names the variable and
    /// what it expected.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let var = |k: &str| lookup(k).filter(|v| !v.trim().is_empty());
        let number = |k: &'static str, default: u64, max: u64| -> Result<u64, ConfigError> {
            let Some(value) = var(k) else { return Ok(default) };
            let too_large = || ConfigError::TooLarge { var: k, value: value.clone(), max };
            match value.trim().parse::<u64>() {
                Ok(n) if n <= max => Ok(n),
                Ok(_) => Err(too_large()),
                Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Err(too_large()),
                Err(_) => Err(ConfigError::NotANumber { var: k, value }),
            }
        };
        let flag = |k: &'static str| -> Result<bool, ConfigError> {
            let Some(value) = var(k) else { return Ok(false) };
            match value.trim() {
                "0" => Ok(false),
                "1" => Ok(true),
                _ => Err(ConfigError::NotAFlag { var: k, value }),
            }
        };
        let data_dir = PathBuf::from(var("FELDPOST_DATA_DIR").unwrap_or_else(|| "data".into()));
        let bind = var("FELDPOST_BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        let base_url = var("FELDPOST_BASE_URL").unwrap_or_else(|| format!("http://{bind}"));
        let host = base_url
            .split("://")
            .nth(1)
            .unwrap_or("localhost")
            .split(['/', ':'])
            .next()
            .unwrap_or("localhost")
            .to_owned();
        let host = if host.contains('.') { host } else { format!("{host}.invalid") };
        let replay_cache_games =
            number("FELDPOST_REPLAY_CACHE_GAMES", crate::play::DEFAULT_REPLAY_CACHE_GAMES as u64, u64::MAX)?;
        let mail_in_flight =
            number("FELDPOST_MAIL_IN_FLIGHT", crate::mail::DEFAULT_IN_FLIGHT as u64, u64::MAX)?;
        let tick_ms =
            number("FELDPOST_TICK_MS", crate::play::worker::DEFAULT_TICK.as_millis() as u64, MAX_TICK_MS)?;
        let grace_s = number("FELDPOST_SHUTDOWN_GRACE_S", DEFAULT_SHUTDOWN_GRACE_S, 3600)?;
        let retention_days = number(
            "FELDPOST_MAIL_RETENTION_DAYS",
            crate::play::log::DEFAULT_MAIL_RETENTION.as_secs() / 86_400,
            3650,
        )?;
        let chat_retention_days = number(
            "FELDPOST_CHAT_RETENTION_DAYS",
            crate::play::log::DEFAULT_CHAT_RETENTION.as_secs() / 86_400,
            3650,
        )?;
        let mut quotas = crate::play::limits::Quotas::default();
        for limit in crate::play::limits::Limit::ALL {
            let k = limit.var();
            let Some(value) = var(k) else { continue };
            let read = value.trim().split_once('/').and_then(|(b, s)| {
                let burst = b.trim().parse::<i64>().ok().filter(|b| (1..=1_000_000).contains(b))?;
                let seconds = s.trim().parse::<i64>().ok().filter(|s| (1..=2_592_000).contains(s))?;
                Some((burst, seconds * 1000))
            });
            let (burst, period_ms) = read.ok_or(ConfigError::NotALimit { var: k, value })?;
            quotas.set(limit, burst, period_ms);
        }
        let inbound_limits = {
            use crate::mail::listener::Limits;
            let ms = |k: &'static str, default: std::time::Duration| {
                let default = default.as_millis() as u64;
                number(k, default, MAX_TIMEOUT_MS).map(|n| std::time::Duration::from_millis(n.max(1000)))
            };
            let max_sessions =
                number("FELDPOST_INBOUND_MAX_SESSIONS", Limits::DEFAULT_MAX_SESSIONS as u64, 100_000)?.max(1);
            let per_client = number(
                "FELDPOST_INBOUND_MAX_SESSIONS_PER_CLIENT",
                Limits::DEFAULT_MAX_SESSIONS_PER_CLIENT as u64,
                100_000,
            )?;
            let max_message =
                number("FELDPOST_INBOUND_MAX_MESSAGE", Limits::DEFAULT_MAX_MESSAGE as u64, 1 << 30)?
                    .max(1024);
            Limits {
                max_sessions: max_sessions as usize,
                max_sessions_per_client: per_client.clamp(1, max_sessions) as usize,
                max_message: max_message as usize,
                command_timeout: ms("FELDPOST_INBOUND_COMMAND_TIMEOUT_MS", Limits::DEFAULT_COMMAND_TIMEOUT)?,
                session_timeout: ms("FELDPOST_INBOUND_SESSION_TIMEOUT_MS", Limits::DEFAULT_SESSION_TIMEOUT)?,
                ..Limits::default()
            }
        };
        let mail_from = var("FELDPOST_MAIL_FROM").unwrap_or_else(|| format!("feldpost <feldpost@{host}>"));
        let dkim = {
            let dns_name = |k: &'static str| -> Result<Option<String>, ConfigError> {
                match var(k).map(|v| v.trim().to_owned()) {
                    Some(v) if !is_dns_name(&v) => Err(ConfigError::NotADnsName { var: k, value: v }),
                    v => Ok(v),
                }
            };
            let selector = dns_name("FELDPOST_DKIM_SELECTOR")?;
            let domain = dns_name("FELDPOST_DKIM_DOMAIN")?;
            match (var("FELDPOST_DKIM_KEY"), selector) {
                (None, None) if domain.is_none() => None,
                (None, _) => {
                    return Err(ConfigError::Missing {
                        var: "FELDPOST_DKIM_KEY",
                        why: "the private key file mail is DKIM-signed with",
                    });
                }
                (Some(_), None) => {
                    return Err(ConfigError::Missing {
                        var: "FELDPOST_DKIM_SELECTOR",
                        why: "the name the key's public half is published under, <selector>._domainkey.<domain>",
                    });
                }
                (Some(key), Some(selector)) => {
                    // The default: the domain of the From address (`name <user@domain>`).
                    let from_domain = || {
                        let address = mail_from.trim().trim_end_matches('>');
                        address.rsplit_once('@').map(|(_, d)| d.trim().to_ascii_lowercase())
                    };
                    let domain = match domain.or_else(from_domain) {
                        Some(d) if is_dns_name(&d) => d,
                        _ => {
                            return Err(ConfigError::Missing {
                                var: "FELDPOST_DKIM_DOMAIN",
                                why: "FELDPOST_MAIL_FROM has no domain to sign for",
                            });
                        }
                    };
                    Some(DkimSettings { key: PathBuf::from(key.trim()), selector, domain })
                }
            }
        };
        Ok(Config {
            dkim,
            inbound_limits,
            db_timeouts: crate::store::Timeouts {
                statement_ms: number(
                    "FELDPOST_DB_STATEMENT_TIMEOUT_MS",
                    crate::store::Timeouts::DEFAULT_STATEMENT_MS,
                    MAX_TIMEOUT_MS,
                )?,
                lock_ms: number(
                    "FELDPOST_DB_LOCK_TIMEOUT_MS",
                    crate::store::Timeouts::DEFAULT_LOCK_MS,
                    MAX_TIMEOUT_MS,
                )?,
            },
            dev_mailbox_on_purpose: flag("FELDPOST_DEV_MAILBOX")?,
            webhooks_to_private: flag("FELDPOST_WEBHOOK_ALLOW_PRIVATE")?,
            vapid_private_key: var("FELDPOST_VAPID_PRIVATE_KEY"),
            vapid_subject: var("FELDPOST_VAPID_SUBJECT").unwrap_or_else(|| {
                let address = mail_from.rsplit('<').next().unwrap_or(&mail_from).trim_end_matches('>').trim();
                format!("mailto:{address}")
            }),
            replay_cache_games: usize::try_from(replay_cache_games).unwrap_or(usize::MAX).max(1),
            mail_in_flight: mail_in_flight.clamp(1, 64) as usize,
            tick: std::time::Duration::from_millis(tick_ms.max(1)),
            shutdown_grace: std::time::Duration::from_secs(grace_s),
            mail_retention: std::time::Duration::from_secs(retention_days * 86_400),
            chat_retention: std::time::Duration::from_secs(chat_retention_days * 86_400),
            quotas,
            metrics_bind: var("FELDPOST_METRICS_BIND").map(|v| v.trim().to_owned()),
            smtp_url: var("FELDPOST_SMTP_URL"),
            inbound_smtp: var("FELDPOST_INBOUND_SMTP"),
            mail_from,
            database_url: var("DATABASE_URL")
                .unwrap_or_else(|| format!("sqlite:{}", data_dir.join("feldpost.db").display())),
            base_url,
            secret: var("FELDPOST_SECRET"),
            data_dir,
            bind,
        })
    }

    /// Why this configuration must not be served, if it must not: with no mail server, every
    /// message (every seat's link, what only that seat may see) is kept for the dev mailbox,
    /// which is only for a server nobody else can reach, unless FELDPOST_DEV_MAILBOX=1 says the
    /// operator means it.
    pub fn refuse_to_serve(&self) -> Option<String> {
        let loopback = bind_is_loopback(&self.bind);
        (self.smtp_url.is_none() && !loopback && !self.dev_mailbox_on_purpose).then(|| {
            format!(
                "refusing to serve on {} without a mail server: every message would wait in the dev \
                 mailbox. Set FELDPOST_SMTP_URL, listen on a loopback address (127.0.0.1), or set \
                 FELDPOST_DEV_MAILBOX=1 if you mean it",
                self.bind
            )
        })
    }

    /// The DKIM key (FELDPOST_DKIM_KEY), read from its file now, if one is configured; a file
    /// that cannot be read or holds no such key is an error naming the variable.
    pub fn dkim(&self) -> Result<Option<crate::mail::Dkim>, String> {
        self.dkim.as_ref().map(|d| crate::mail::Dkim::load(&d.key, &d.selector, &d.domain)).transpose()
    }

    /// The server's key: FELDPOST_SECRET, or the file in the data folder (made the first
    /// time); a weak, empty or unreadable key is refused, naming where it came from.
    pub fn secret(&self) -> Result<crate::secret::Secret, crate::secret::SecretError> {
        match &self.secret {
            Some(text) => crate::secret::Secret::from_config(text, "FELDPOST_SECRET"),
            None => crate::secret::Secret::load_or_create(&self.data_dir.join("secret")),
        }
    }
}

impl Config {
    /// The Web Push key: FELDPOST_VAPID_PRIVATE_KEY, or the file in the data folder (made the
    /// first time); one that is not a P-256 key is refused, naming where it came from.
    pub fn vapid(&self) -> Result<crate::notify::push::Vapid, crate::secret::SecretError> {
        match &self.vapid_private_key {
            Some(text) => crate::notify::push::Vapid::from_text(text, &self.vapid_subject).map_err(|why| {
                crate::secret::SecretError { origin: "FELDPOST_VAPID_PRIVATE_KEY".to_owned(), why }
            }),
            None => crate::notify::push::Vapid::load_or_create(
                &self.data_dir.join("vapid-key"),
                &self.vapid_subject,
            ),
        }
    }
}

/// Whether a bind address (`host:port`) listens only on this machine.
pub fn bind_is_loopback(bind: &str) -> bool {
    let host = match bind.rsplit_once(':') {
        Some((h, _)) => h,
        None => bind,
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// The server's log: RUST_LOG's filter (by default `feldpost=info,tower_http=info`), to
/// standard error. `feldpost` and the load tool (which serves as `feldpost serve` does) both
/// start with it.
pub fn init_logging() {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "feldpost=info,tower_http=info".into()),
        )
        .with_writer(std::io::stderr)
        // Colour codes only for a person at a terminal: a service's journal, or an MTA that
        // copies a pipe's output into its log and its bounces, gets plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_binds_are_told_apart() {
        for b in ["127.0.0.1:8080", "localhost:80", "[::1]:8080", "127.1.2.3:9"] {
            assert!(bind_is_loopback(b), "{b}");
        }
        for b in ["0.0.0.0:8080", "[::]:8080", "192.0.2.1:80", "example.org:80"] {
            assert!(!bind_is_loopback(b), "{b}");
        }
    }

    /// The configuration with `set` as the only variables set.
    fn with(set: &[(&str, &str)]) -> Result<Config, ConfigError> {
        Config::from_lookup(|k| set.iter().find(|(name, _)| *name == k).map(|(_, v)| v.to_string()))
    }

    const NUMBERS: [&str; 8] = [
        "FELDPOST_DB_STATEMENT_TIMEOUT_MS",
        "FELDPOST_DB_LOCK_TIMEOUT_MS",
        "FELDPOST_REPLAY_CACHE_GAMES",
        "FELDPOST_MAIL_IN_FLIGHT",
        "FELDPOST_TICK_MS",
        "FELDPOST_SHUTDOWN_GRACE_S",
        "FELDPOST_MAIL_RETENTION_DAYS",
        "FELDPOST_CHAT_RETENTION_DAYS",
    ];

    fn assert_defaults(c: &Config) {
        assert_eq!(c.bind, "127.0.0.1:8080");
        assert_eq!(c.base_url, "http://127.0.0.1:8080");
        assert_eq!(c.database_url, format!("sqlite:{}", PathBuf::from("data").join("feldpost.db").display()));
        assert_eq!(c.db_timeouts, crate::store::Timeouts::default());
        assert_eq!(c.replay_cache_games, crate::play::DEFAULT_REPLAY_CACHE_GAMES);
        assert_eq!(c.mail_in_flight, crate::mail::DEFAULT_IN_FLIGHT);
        assert_eq!(c.tick, std::time::Duration::from_secs(60));
        assert_eq!(c.shutdown_grace, std::time::Duration::from_secs(20));
        assert_eq!(c.mail_retention, std::time::Duration::from_secs(30 * 86_400));
        assert_eq!(c.chat_retention, std::time::Duration::from_secs(180 * 86_400));
        assert_eq!(c.quotas, crate::play::limits::Quotas::default());
        assert_eq!(c.metrics_bind, None);
        assert!(!c.dev_mailbox_on_purpose);
        assert_eq!((&c.secret, &c.smtp_url, &c.inbound_smtp), (&None, &None, &None));
        // Push services are given the mail sender's address as the contact.
        assert_eq!(c.vapid_private_key, None);
        assert!(
            c.vapid_subject.starts_with("mailto:feldpost@") && !c.vapid_subject.ends_with('>'),
            "{}",
            c.vapid_subject
        );
    }

    #[test]
    fn unset_or_blank_variables_take_their_defaults() {
        assert_defaults(&with(&[]).unwrap());
        let blank: Vec<(&str, &str)> = VARS.iter().map(|v| (*v, " \t")).collect();
        assert_defaults(&with(&blank).unwrap());
    }

    #[test]
    fn a_number_that_cannot_be_read_stops_the_server_naming_the_variable() {
        for var in NUMBERS {
            for value in ["abc", "-1", "1.5", "12ms", "0x10", "1 2"] {
                let e = with(&[(var, value)]).unwrap_err();
                assert_eq!(e, ConfigError::NotANumber { var, value: value.into() });
                assert_eq!(e.to_string(), format!("{var}: \"{value}\" is not a whole number"));
            }
            let huge = "99999999999999999999999";
            let e = with(&[(var, huge)]).unwrap_err();
            assert!(matches!(&e, ConfigError::TooLarge { var: v, .. } if *v == var), "{e:?}");
            assert!(e.to_string().starts_with(&format!("{var}: \"{huge}\" is too large")), "{e}");
        }
        assert_eq!(
            with(&[("FELDPOST_MAIL_IN_FLIGHT", "abc")]).unwrap_err().to_string(),
            "FELDPOST_MAIL_IN_FLIGHT: \"abc\" is not a whole number"
        );
    }

    #[test]
    fn numbers_are_read_with_spaces_around_and_kept_in_range() {
        let c = with(&[
            ("FELDPOST_DB_STATEMENT_TIMEOUT_MS", " 2500 "),
            ("FELDPOST_DB_LOCK_TIMEOUT_MS", "0"),
            ("FELDPOST_REPLAY_CACHE_GAMES", "7"),
            ("FELDPOST_MAIL_IN_FLIGHT", "12"),
        ])
        .unwrap();
        assert_eq!(c.db_timeouts, crate::store::Timeouts { statement_ms: 2500, lock_ms: 0 });
        assert_eq!((c.replay_cache_games, c.mail_in_flight), (7, 12));
        // Out of range: the nearest that works, as documented on the fields.
        let c = with(&[("FELDPOST_REPLAY_CACHE_GAMES", "0"), ("FELDPOST_MAIL_IN_FLIGHT", "0")]).unwrap();
        assert_eq!((c.replay_cache_games, c.mail_in_flight), (1, 1));
        assert_eq!(with(&[("FELDPOST_MAIL_IN_FLIGHT", "1000")]).unwrap().mail_in_flight, 64);
        // The clocks' tick: milliseconds, 0 taken as 1, at most a day.
        let ms = std::time::Duration::from_millis;
        assert_eq!(with(&[("FELDPOST_TICK_MS", " 250 ")]).unwrap().tick, ms(250));
        assert_eq!(with(&[("FELDPOST_TICK_MS", "0")]).unwrap().tick, ms(1));
        assert_eq!(with(&[("FELDPOST_TICK_MS", "86400000")]).unwrap().tick, ms(86_400_000));
        let e = with(&[("FELDPOST_TICK_MS", "86400001")]).unwrap_err();
        assert_eq!(
            e,
            ConfigError::TooLarge { var: "FELDPOST_TICK_MS", value: "86400001".into(), max: 86_400_000 }
        );
        assert_eq!(e.to_string(), "FELDPOST_TICK_MS: \"86400001\" is too large (at most 86400000)");
        // A timeout the databases cannot take is refused, not passed on to wrap around.
        let most = i32::MAX.to_string();
        let c = with(&[("FELDPOST_DB_LOCK_TIMEOUT_MS", &most)]).unwrap();
        assert_eq!(c.db_timeouts.lock_ms, i32::MAX as u64);
        for var in ["FELDPOST_DB_STATEMENT_TIMEOUT_MS", "FELDPOST_DB_LOCK_TIMEOUT_MS"] {
            let e = with(&[(var, "2147483648")]).unwrap_err();
            assert_eq!(e, ConfigError::TooLarge { var, value: "2147483648".into(), max: i32::MAX as u64 });
            assert_eq!(e.to_string(), format!("{var}: \"2147483648\" is too large (at most 2147483647)"));
        }
    }

    #[test]
    fn the_dev_mailbox_flag_is_1_or_0() {
        assert!(with(&[("FELDPOST_DEV_MAILBOX", "1")]).unwrap().dev_mailbox_on_purpose);
        assert!(with(&[("FELDPOST_DEV_MAILBOX", " 1 ")]).unwrap().dev_mailbox_on_purpose);
        assert!(!with(&[("FELDPOST_DEV_MAILBOX", "0")]).unwrap().dev_mailbox_on_purpose);
        for value in ["yes", "true", "on", "2"] {
            let e = with(&[("FELDPOST_DEV_MAILBOX", value)]).unwrap_err();
            assert_eq!(e, ConfigError::NotAFlag { var: "FELDPOST_DEV_MAILBOX", value: value.into() });
            assert!(e.to_string().starts_with(&format!("FELDPOST_DEV_MAILBOX: \"{value}\"")), "{e}");
        }
    }

    #[test]
    fn text_values_are_taken_as_they_are() {
        let c = with(&[
            ("FELDPOST_BIND", "0.0.0.0:9000"),
            ("FELDPOST_BASE_URL", "https://play.example.org"),
            ("FELDPOST_DATA_DIR", "/var/lib/feldpost"),
            ("FELDPOST_SECRET", "s3cret"),
            ("FELDPOST_SMTP_URL", "smtp://relay:25"),
            ("FELDPOST_INBOUND_SMTP", "127.0.0.1:2525"),
        ])
        .unwrap();
        assert_eq!((c.bind.as_str(), c.base_url.as_str()), ("0.0.0.0:9000", "https://play.example.org"));
        assert_eq!(c.mail_from, "feldpost <feldpost@play.example.org>");
        assert_eq!(
            c.database_url,
            format!("sqlite:{}", PathBuf::from("/var/lib/feldpost/feldpost.db").display())
        );
        assert_eq!(c.secret.as_deref(), Some("s3cret"));
        assert_eq!(c.smtp_url.as_deref(), Some("smtp://relay:25"));
        assert_eq!(c.inbound_smtp.as_deref(), Some("127.0.0.1:2525"));
    }

    #[test]
    fn a_limit_is_burst_slash_seconds_and_anything_else_is_named() {
        use crate::play::limits::Limit;
        let c = with(&[("FELDPOST_LIMIT_GAMES_PER_HOST", " 30 / 1800 ")]).unwrap();
        assert_eq!(c.quotas.of(Limit::GamesPerHost), (30, 1_800_000));
        assert_eq!(
            c.quotas.of(Limit::GamesPerClient),
            Limit::GamesPerClient.quota(),
            "the others keep theirs"
        );
        for value in ["30", "30/", "/60", "0/60", "30/0", "30/2592001", "x/60", "30/60/1"] {
            let e = with(&[("FELDPOST_LIMIT_GAMES_PER_HOST", value)]).unwrap_err();
            assert_eq!(
                e,
                ConfigError::NotALimit { var: "FELDPOST_LIMIT_GAMES_PER_HOST", value: value.into() }
            );
        }
    }

    /// `from_env` checks the variables of [`VARS`] for values that are not UTF-8: every
    /// variable the configuration reads must be listed there.
    #[test]
    fn every_variable_read_is_listed() {
        let asked = std::sync::Mutex::new(Vec::new());
        Config::from_lookup(|k| {
            asked.lock().unwrap().push(k.to_owned());
            None
        })
        .unwrap();
        let asked = asked.into_inner().unwrap();
        for k in &asked {
            assert!(VARS.contains(&k.as_str()), "{k} is read but not in VARS");
        }
        for k in VARS {
            assert!(asked.iter().any(|a| a == k), "{k} is in VARS but never read");
        }
    }

    #[test]
    fn dkim_takes_a_key_and_a_selector_and_signs_for_the_from_domain_by_default() {
        assert_eq!(with(&[]).unwrap().dkim, None);
        let c = with(&[
            ("FELDPOST_MAIL_FROM", "Feldpost <Feldpost@Play.Example.org>"),
            ("FELDPOST_DKIM_KEY", " /etc/feldpost/dkim.pem "),
            ("FELDPOST_DKIM_SELECTOR", "feldpost2026"),
        ])
        .unwrap();
        let expected = DkimSettings {
            key: PathBuf::from("/etc/feldpost/dkim.pem"),
            selector: "feldpost2026".into(),
            domain: "play.example.org".into(),
        };
        assert_eq!(c.dkim.as_ref(), Some(&expected));
        // With no FELDPOST_MAIL_FROM: the default From's domain, from the base URL.
        let c = with(&[
            ("FELDPOST_BASE_URL", "https://feldpost.example.net"),
            ("FELDPOST_DKIM_KEY", "k.pem"),
            ("FELDPOST_DKIM_SELECTOR", "s1"),
        ])
        .unwrap();
        assert_eq!(c.dkim.unwrap().domain, "feldpost.example.net");
        let c = with(&[
            ("FELDPOST_DKIM_KEY", "k.pem"),
            ("FELDPOST_DKIM_SELECTOR", "s1.mail"),
            ("FELDPOST_DKIM_DOMAIN", "example.org"),
        ])
        .unwrap();
        let d = c.dkim.unwrap();
        assert_eq!((d.selector.as_str(), d.domain.as_str()), ("s1.mail", "example.org"));
        // One without the other is named.
        let e = with(&[("FELDPOST_DKIM_KEY", "k.pem")]).unwrap_err();
        assert!(matches!(e, ConfigError::Missing { var: "FELDPOST_DKIM_SELECTOR", .. }), "{e:?}");
        assert!(e.to_string().starts_with("FELDPOST_DKIM_SELECTOR: must be set too"), "{e}");
        for var in ["FELDPOST_DKIM_SELECTOR", "FELDPOST_DKIM_DOMAIN"] {
            let e = with(&[(var, "example")]).unwrap_err();
            assert!(matches!(e, ConfigError::Missing { var: "FELDPOST_DKIM_KEY", .. }), "{var}: {e:?}");
        }
        for (var, value) in [
            ("FELDPOST_DKIM_SELECTOR", "a b"),
            ("FELDPOST_DKIM_SELECTOR", "-x"),
            ("FELDPOST_DKIM_SELECTOR", "x._domainkey"),
            ("FELDPOST_DKIM_DOMAIN", "example..org"),
            ("FELDPOST_DKIM_DOMAIN", "exa_mple.org"),
        ] {
            let e = with(&[(var, value), ("FELDPOST_DKIM_KEY", "k.pem"), ("FELDPOST_DKIM_SELECTOR", "s")])
                .unwrap_err();
            assert_eq!(e, ConfigError::NotADnsName { var, value: value.into() });
            assert!(e.to_string().starts_with(&format!("{var}: \"{value}\" is not a DNS name")), "{e}");
        }
    }

    #[test]
    fn a_dkim_key_that_cannot_be_read_is_named() {
        let dir = std::env::temp_dir().join(format!("feldpost-dkim-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let missing = dir.join("missing.pem");
        let garbage = dir.join("garbage.pem");
        std::fs::write(&garbage, "not a key\n").unwrap();
        for path in [&missing, &garbage] {
            let c = with(&[
                ("FELDPOST_DKIM_KEY", path.to_str().unwrap()),
                ("FELDPOST_DKIM_SELECTOR", "s"),
                ("FELDPOST_DKIM_DOMAIN", "example.org"),
            ])
            .unwrap();
            let e = c.dkim().unwrap_err();
            assert!(e.starts_with(&format!("FELDPOST_DKIM_KEY: {}", path.display())), "{e}");
        }
        assert!(with(&[]).unwrap().dkim().unwrap().is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_inbound_listener_limits_are_read_within_their_ranges() {
        use crate::mail::listener::Limits;
        use std::time::Duration;
        assert_eq!(with(&[]).unwrap().inbound_limits, Limits::default());
        let c = with(&[
            ("FELDPOST_INBOUND_MAX_SESSIONS", "250"),
            ("FELDPOST_INBOUND_MAX_SESSIONS_PER_CLIENT", "20"),
            ("FELDPOST_INBOUND_MAX_MESSAGE", "1048576"),
            ("FELDPOST_INBOUND_COMMAND_TIMEOUT_MS", "30000"),
            ("FELDPOST_INBOUND_SESSION_TIMEOUT_MS", " 600000 "),
        ])
        .unwrap();
        let l = c.inbound_limits;
        assert_eq!((l.max_sessions, l.max_sessions_per_client, l.max_message), (250, 20, 1_048_576));
        assert_eq!(
            (l.command_timeout, l.session_timeout),
            (Duration::from_secs(30), Duration::from_secs(600))
        );
        let c = with(&[
            ("FELDPOST_INBOUND_MAX_SESSIONS", "0"),
            ("FELDPOST_INBOUND_MAX_SESSIONS_PER_CLIENT", "7"),
            ("FELDPOST_INBOUND_MAX_MESSAGE", "10"),
            ("FELDPOST_INBOUND_COMMAND_TIMEOUT_MS", "0"),
        ])
        .unwrap();
        let l = c.inbound_limits;
        assert_eq!((l.max_sessions, l.max_sessions_per_client), (1, 1), "never more per client than in all");
        assert_eq!((l.max_message, l.command_timeout), (1024, Duration::from_secs(1)));
        for var in [
            "FELDPOST_INBOUND_MAX_SESSIONS",
            "FELDPOST_INBOUND_MAX_SESSIONS_PER_CLIENT",
            "FELDPOST_INBOUND_MAX_MESSAGE",
            "FELDPOST_INBOUND_COMMAND_TIMEOUT_MS",
            "FELDPOST_INBOUND_SESSION_TIMEOUT_MS",
        ] {
            let e = with(&[(var, "ten")]).unwrap_err();
            assert_eq!(e.to_string(), format!("{var}: \"ten\" is not a whole number"));
            let e = with(&[(var, "99999999999")]).unwrap_err();
            assert!(matches!(&e, ConfigError::TooLarge { var: v, .. } if *v == var), "{e:?}");
        }
    }
}
