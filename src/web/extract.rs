//! What a handler takes from a request: the page language (and a translator in it), an API
//! request's JSON body, a seat's bearer token, and a page form — each refusing a bad request in
//! the surface's own error format.
//!
//! The language: `?lang=cs|en|ru` chooses and is remembered in a cookie; otherwise the cookie,
//! otherwise Accept-Language.

use super::error::{ApiError, Failure, PageError};
use crate::i18n::{Lang, Tr};
use crate::ids::{GameId, SeatToken};
use crate::play::PlayError;
use axum::Json;
use axum::extract::rejection::{FormRejection, JsonRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::{ACCEPT_LANGUAGE, AUTHORIZATION, COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use feldpost_engine::Msg;
use serde::de::DeserializeOwned;
use std::net::{IpAddr, SocketAddr};

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

/// A translator in the request's language.
impl<S: Send + Sync> FromRequestParts<S> for Tr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Ok(PageLang::from_request_parts(parts, state).await?.tr())
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

/// JSON body whose refusals are answered in the API's error format.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let refused = |status, code, key: &str, detail: Option<String>| {
            ApiError(Failure::Request { status, code, message: Msg::new(key), detail })
        };
        // Read as raw JSON first (its syntax checked, no tree built), then straight into `T`.
        match Json::<Box<serde_json::value::RawValue>>::from_request(req, state).await {
            // Every request body is an object (serde would read a struct from an array too).
            Ok(Json(v)) if !v.get().starts_with('{') => Err(refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                "error-request-invalid",
                Some(format!("expected an object, not {v}")),
            )),
            Ok(Json(v)) => serde_json::from_str::<T>(v.get()).map(ApiJson).map_err(|e| {
                refused(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "invalid",
                    "error-request-invalid",
                    Some(e.to_string()),
                )
            }),
            Err(JsonRejection::BytesRejection(e)) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(refused(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "too_large",
                    "error-too-large",
                    Some(format!("{} bytes", super::BODY_LIMIT)),
                ))
            }
            Err(JsonRejection::MissingJsonContentType(_)) => Err(refused(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "error-json-content-type",
                None,
            )),
            Err(JsonRejection::JsonSyntaxError(e)) => Err(refused(
                StatusCode::BAD_REQUEST,
                "malformed_json",
                "error-malformed-json",
                Some(e.body_text()),
            )),
            Err(e) => Err(refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                "error-request-invalid",
                Some(e.body_text()),
            )),
        }
    }
}

/// The seat's (or the host's) token from `Authorization: Bearer …`.
pub struct Bearer(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Bearer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| Bearer(t.trim().to_owned()))
            .ok_or_else(|| {
                ApiError::request(StatusCode::UNAUTHORIZED, "unauthorized", Msg::new("error-bearer"))
            })
    }
}

/// A game's id as a URL names it: one no game could have is an unknown game (404), like one
/// that is merely not there.
pub fn game_id(text: &str) -> Result<GameId, PlayError> {
    GameId::parse(text).ok_or(PlayError::UnknownGame)
}

/// A seat's token as a URL or a bearer carries it: one no seat could have is an unknown link.
pub fn seat_token(text: &str) -> Result<SeatToken, PlayError> {
    SeatToken::parse(text).ok_or(PlayError::UnknownLink)
}

/// A page form, read into its typed struct; a form that does not fit is refused with the
/// error page (a form the page itself sent always fits).
pub struct PageForm<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for PageForm<T> {
    type Rejection = PageError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Form::<T>::from_request(req, state).await {
            Ok(axum::Form(v)) => Ok(PageForm(v)),
            Err(FormRejection::BytesRejection(e)) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(PageError(Failure::request(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "too_large",
                    Msg::new("error-too-large"),
                )))
            }
            Err(e) => {
                tracing::debug!("a form that does not fit: {}", e.body_text());
                Err(PageError(Failure::request(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "invalid",
                    Msg::new("error-form"),
                )))
            }
        }
    }
}

/// Path and query parameters whose refusals (a seat number that is not a number, `?at=abc`)
/// are answered in the surface's own format, in the request's language.
macro_rules! refusing_extractor {
    ($(#[$doc:meta])* $name:ident, $inner:ident, $rejection:ty, $error:ident, $status:expr, $key:literal) => {
        $(#[$doc])*
        pub struct $name<T>(pub T);

        impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for $name<T> {
            type Rejection = $error;

            async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
                match axum::extract::$inner::<T>::from_request_parts(parts, state).await {
                    Ok(axum::extract::$inner(v)) => Ok($name(v)),
                    Err(e) => {
                        let e: $rejection = e;
                        Err($error(Failure::Request {
                            status: $status,
                            code: "bad_request",
                            message: Msg::new($key),
                            detail: Some(e.body_text()),
                        }))
                    }
                }
            }
        }
    };
}

refusing_extractor!(
    /// A page's path parameters.
    PagePath, Path, axum::extract::rejection::PathRejection, PageError, StatusCode::BAD_REQUEST, "error-bad-path"
);
refusing_extractor!(
    /// A page's query parameters.
    PageQuery, Query, axum::extract::rejection::QueryRejection, PageError, StatusCode::BAD_REQUEST, "error-bad-query"
);
refusing_extractor!(
    /// An API operation's path parameters.
    ApiPath, Path, axum::extract::rejection::PathRejection, ApiError, StatusCode::BAD_REQUEST, "error-bad-path"
);
refusing_extractor!(
    /// An API operation's query parameters.
    ApiQuery, Query, axum::extract::rejection::QueryRejection, ApiError, StatusCode::BAD_REQUEST, "error-bad-query"
);

/// The address of the client: the connection's peer, or behind a reverse proxy (with
/// FELDPOST_TRUST_PROXY=1) the last `X-Forwarded-For` entry, the one the proxy added. What the
/// per-address limits count.
pub struct ClientIp(pub String);

impl ClientIp {
    pub fn from_parts(parts: &Parts) -> ClientIp {
        if std::env::var("FELDPOST_TRUST_PROXY").is_ok_and(|v| v == "1")
            && let Some(ip) =
                parts.headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).next_back()
            && let Some(ip) = ip.rsplit(',').map(str::trim).find(|s| !s.is_empty())
        {
            return ClientIp(ip.to_owned());
        }
        ClientIp(peer(parts).map(|ip| ip.to_string()).unwrap_or_else(|| "unknown".into()))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientIp::from_parts(parts))
    }
}

/// The connection's peer address, if the server was started with connect info.
fn peer(parts: &Parts) -> Option<IpAddr> {
    parts.extensions.get::<axum::extract::ConnectInfo<SocketAddr>>().map(|c| c.0.ip())
}

/// Whether a request comes from this machine and was addressed to it by a loopback name: the
/// connection's peer is a loopback address, the Host header names a loopback host, and no
/// proxy says it forwarded the request from elsewhere.
pub struct FromThisMachine(pub bool);

impl<S: Send + Sync> FromRequestParts<S> for FromThisMachine {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let peer_local = peer(parts).is_some_and(|ip| ip.is_loopback());
        let host_local = parts
            .headers
            .get(axum::http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .is_some_and(crate::config::bind_is_loopback);
        let forwarded =
            parts.headers.contains_key("x-forwarded-for") || parts.headers.contains_key("forwarded");
        Ok(FromThisMachine(peer_local && host_local && !forwarded))
    }
}
