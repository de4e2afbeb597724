//! Configuration, from environment variables (documented in the README).

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
    /// may take before a request is answered 503.
    pub db_timeouts: crate::store::Timeouts,
    /// FELDPOST_DEV_MAILBOX=1: serve the dev mailbox although the server listens beyond this
    /// machine (without SMTP the server refuses to start on such an address otherwise).
    pub dev_mailbox_on_purpose: bool,
    /// FELDPOST_INBOUND_SMTP=host:port: `serve` also listens for SMTP there, for replies to
    /// turn mails (issue 17).
    pub inbound_smtp: Option<String>,
    /// FELDPOST_REPLAY_CACHE_GAMES: how many games' replayed states the server keeps in
    /// memory (the least recently used are dropped first and replayed again when asked for).
    pub replay_cache_games: usize,
    /// FELDPOST_MAIL_IN_FLIGHT: how many mails are sent at once (each on a pooled connection).
    pub mail_in_flight: usize,
}

impl Config {
    pub fn from_env() -> Config {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
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
        let ms = |k: &str, default: u64| var(k).and_then(|v| v.trim().parse().ok()).unwrap_or(default);
        Config {
            db_timeouts: crate::store::Timeouts {
                statement_ms: ms(
                    "FELDPOST_DB_STATEMENT_TIMEOUT_MS",
                    crate::store::Timeouts::DEFAULT_STATEMENT_MS,
                ),
                lock_ms: ms("FELDPOST_DB_LOCK_TIMEOUT_MS", crate::store::Timeouts::DEFAULT_LOCK_MS),
            },
            dev_mailbox_on_purpose: var("FELDPOST_DEV_MAILBOX").as_deref() == Some("1"),
            replay_cache_games: ms(
                "FELDPOST_REPLAY_CACHE_GAMES",
                crate::play::DEFAULT_REPLAY_CACHE_GAMES as u64,
            )
            .max(1) as usize,
            mail_in_flight: ms("FELDPOST_MAIL_IN_FLIGHT", crate::mail::DEFAULT_IN_FLIGHT as u64).clamp(1, 64)
                as usize,
            smtp_url: var("FELDPOST_SMTP_URL"),
            inbound_smtp: var("FELDPOST_INBOUND_SMTP"),
            mail_from: var("FELDPOST_MAIL_FROM").unwrap_or_else(|| format!("feldpost <feldpost@{host}>")),
            database_url: var("DATABASE_URL")
                .unwrap_or_else(|| format!("sqlite:{}", data_dir.join("feldpost.db").display())),
            base_url,
            secret: var("FELDPOST_SECRET"),
            data_dir,
            bind,
        }
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

    pub fn secret(&self) -> std::io::Result<crate::secret::Secret> {
        match &self.secret {
            Some(text) => Ok(crate::secret::Secret::from_text(text)),
            None => crate::secret::Secret::load_or_create(&self.data_dir.join("secret")),
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
        .init();
}
