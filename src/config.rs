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
        Config {
            smtp_url: var("FELDPOST_SMTP_URL"),
            mail_from: var("FELDPOST_MAIL_FROM").unwrap_or_else(|| format!("feldpost <feldpost@{host}>")),
            database_url: var("DATABASE_URL")
                .unwrap_or_else(|| format!("sqlite:{}", data_dir.join("feldpost.db").display())),
            base_url,
            secret: var("FELDPOST_SECRET"),
            data_dir,
            bind,
        }
    }

    pub fn secret(&self) -> std::io::Result<crate::secret::Secret> {
        match &self.secret {
            Some(text) => Ok(crate::secret::Secret::from_text(text)),
            None => crate::secret::Secret::load_or_create(&self.data_dir.join("secret")),
        }
    }
}
