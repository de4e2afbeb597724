//! A browser on the harness: it keeps its cookies, speaks one language, comes from one address,
//! and fills in forms with the CSRF token of the page they are on.

use super::{Answer, Req, TestApp};
use axum::http::StatusCode;
use std::collections::BTreeMap;

/// The password every test account registers with.
pub const PASSWORD: &str = "correct horse battery";

pub struct Browser<'a> {
    app: &'a TestApp,
    pub cookies: BTreeMap<String, String>,
    lang: &'static str,
    pub ip: [u8; 4],
}

impl<'a> Browser<'a> {
    pub fn new(app: &'a TestApp, lang: &'static str) -> Self {
        Browser { app, cookies: BTreeMap::new(), lang, ip: [192, 0, 2, 1] }
    }

    /// A request with this browser's cookies, language and address (and `extra` headers); the
    /// cookies the answer sets or clears are kept.
    pub async fn send(
        &mut self,
        method: &str,
        uri: &str,
        form: Option<&[(&str, &str)]>,
        extra: &[(&str, &str)],
    ) -> Answer {
        let mut req = Req::new(method, uri).lang(self.lang).peer(self.ip);
        if !self.cookies.is_empty() {
            let c = self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ");
            req = req.header("cookie", &c);
        }
        for (k, v) in extra {
            req = req.header(k, v);
        }
        if let Some(fields) = form {
            req = req.form(fields);
        }
        let answer = self.app.send(req).await;
        for c in answer.set_cookies() {
            let first = c.split(';').next().unwrap();
            let (k, v) = first.split_once('=').unwrap();
            if v.is_empty() || c.contains("Max-Age=0") {
                self.cookies.remove(k);
            } else {
                self.cookies.insert(k.to_owned(), v.to_owned());
            }
        }
        answer
    }

    pub async fn get(&mut self, uri: &str) -> Answer {
        self.send("GET", uri, None, &[]).await
    }

    pub async fn post(&mut self, uri: &str, fields: &[(&str, &str)]) -> Answer {
        self.send("POST", uri, Some(fields), &[]).await
    }

    /// Open `page`, then submit the form of `action` on it with its CSRF token and `fields`.
    pub async fn submit(&mut self, page: &str, action: &str, fields: &[(&str, &str)]) -> Answer {
        let html = self.get(page).await.text;
        let csrf = csrf_of(&html, action).unwrap_or_else(|| panic!("no form for {action} on {page}: {html}"));
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend_from_slice(fields);
        self.post(action, &all).await
    }

    /// Register with [`PASSWORD`], then follow the link the mail brings (registration is
    /// confirmed by email).
    pub async fn register(&mut self, email: &str) -> Answer {
        let asked = self
            .submit("/account/register", "/account/register", &[("email", email), ("password", PASSWORD)])
            .await;
        if asked.status != StatusCode::OK {
            return asked;
        }
        let mail = self.app.mail_to(&email.trim().to_lowercase(), "account-register").await;
        let at = mail.body_text.find("/account/link/").expect("a link in the registration mail");
        let rest = &mail.body_text[at..];
        let link = rest[..rest.find(char::is_whitespace).unwrap_or(rest.len())].to_owned();
        self.submit(&link, &link, &[]).await
    }

    pub async fn login(&mut self, email: &str, password: &str) -> Answer {
        self.submit("/account/login", "/account/login", &[("email", email), ("password", password)]).await
    }

    /// The session cookie, when logged in.
    pub fn session(&self) -> Option<String> {
        self.cookies.get("fp_session").cloned()
    }
}

/// The CSRF token of the form posting to `action`.
pub fn csrf_of(html: &str, action: &str) -> Option<String> {
    let at = html.find(&format!("action=\"{action}\""))?;
    let rest = &html[at..];
    let needle = "name=\"csrf\" value=\"";
    let start = rest.find(needle)? + needle.len();
    Some(rest[start..start + rest[start..].find('"')?].to_owned())
}
