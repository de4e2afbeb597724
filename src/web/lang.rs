//! The page language: `?lang=cs|en` chooses and is remembered in a cookie; otherwise the
//! cookie, otherwise Accept-Language.

use crate::i18n::{Lang, Tr};
use axum::extract::{FromRequestParts, Request};
use axum::http::HeaderValue;
use axum::http::header::{ACCEPT_LANGUAGE, COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;

#[derive(Clone, Copy, Debug)]
pub struct PageLang(pub Lang);

impl PageLang {
    pub fn tr(self) -> Tr {
        Tr::new(self.0)
    }
}

fn from_query(query: Option<&str>) -> Option<Lang> {
    query?.split('&').find_map(|kv| kv.strip_prefix("lang=")).and_then(Lang::from_code)
}

fn from_cookie(parts: &Parts) -> Option<Lang> {
    parts
        .headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|c| c.trim().strip_prefix("lang="))
        .and_then(Lang::from_code)
}

impl<S: Send + Sync> FromRequestParts<S> for PageLang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let lang = from_query(parts.uri.query()).or_else(|| from_cookie(parts)).unwrap_or_else(|| {
            Lang::negotiate(parts.headers.get(ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or(""))
        });
        Ok(PageLang(lang))
    }
}

/// Remember a language chosen with `?lang=` for the next pages.
pub async fn remember_choice(request: Request, next: Next) -> Response {
    let chosen = from_query(request.uri().query());
    let mut response = next.run(request).await;
    if let Some(lang) = chosen {
        let cookie = format!("lang={}; Path=/; Max-Age=31536000; SameSite=Lax", lang.code());
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            response.headers_mut().append(SET_COOKIE, v);
        }
    }
    response
}
