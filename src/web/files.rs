//! The static files: the generic ones in `static/` (compiled into the binary by rust-embed, in
//! debug builds too, so an installed binary needs no checkout) and each game's own (its
//! `Look::files`, under `games/<game>/`), all served at `/static/<name>`.
//!
//! A page links a file by [`url`], which carries the file's content hash (`?v=<hash>`): asked
//! for with its current hash, a file may be kept for a year (`immutable`); without it, or with
//! an old one, for a few minutes only. Every answer carries a strong ETag of the content, and a
//! request that names it (If-None-Match) is answered 304 without the body. Compression is the
//! server's layer's, as for every other answer.

use crate::web::error::{Failure, PageError};
use axum::body::{Body, Bytes};
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::Response;
use sha2::{Digest, Sha256};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

#[derive(rust_embed::Embed)]
#[folder = "static/"]
struct Generic;

/// How long a file asked for by its current hash is kept.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// How long a file asked for without its current hash is kept (a page of an older version of
/// the server, or a browser asking for /favicon.ico): long enough to spare a burst of requests,
/// short enough that a new version is seen soon.
pub const SHORT: &str = "public, max-age=300";

struct Asset {
    body: Bytes,
    content_type: HeaderValue,
    /// The first 8 bytes of the content's SHA-256, in hex: the `v` of its URL.
    version: String,
    /// `"<version>"`.
    tag: HeaderValue,
}

impl Asset {
    fn new(body: Bytes, content_type: &str, sha256: &[u8]) -> Asset {
        let version = hex::encode(&sha256[..8]);
        Asset {
            body,
            content_type: HeaderValue::from_str(content_type).expect("a content type is a header value"),
            tag: HeaderValue::from_str(&format!("\"{version}\"")).expect("hex is a header value"),
            version,
        }
    }
}

/// Every static file by its name under `/static/`, made once.
static ASSETS: LazyLock<HashMap<String, Asset>> = LazyLock::new(|| {
    let mut all = HashMap::new();
    for name in Generic::iter() {
        let file = Generic::get(&name).expect("a listed file is there");
        let body = match file.data {
            Cow::Borrowed(bytes) => Bytes::from_static(bytes),
            Cow::Owned(bytes) => Bytes::from(bytes),
        };
        let kind = with_charset(file.metadata.mimetype());
        all.insert(name.into_owned(), Asset::new(body, &kind, &file.metadata.sha256_hash()));
    }
    for game in crate::games::all() {
        for file in game.look().files {
            let body = Bytes::from_static(file.body.as_bytes());
            let hash = Sha256::digest(file.body.as_bytes());
            all.insert(
                format!("games/{}/{}", game.id(), file.name),
                Asset::new(body, file.content_type(), &hash),
            );
        }
    }
    all
});

/// A text type names its encoding (every file of ours is UTF-8).
fn with_charset(mime: &str) -> String {
    if (mime.starts_with("text/") || mime == "application/javascript") && !mime.contains("charset") {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_owned()
    }
}

/// The URL a page links a static file by, with its content hash: `url("style.css")` is
/// `/static/style.css?v=1f2e…`; a game's file is `url("games/<game>/<file>")`.
pub fn url(name: &str) -> String {
    match ASSETS.get(name) {
        Some(asset) => format!("/static/{name}?v={}", asset.version),
        None => {
            debug_assert!(false, "no static file {name}");
            format!("/static/{name}")
        }
    }
}

/// The names of every static file (under `/static/`).
pub fn names() -> impl Iterator<Item = &'static str> {
    ASSETS.keys().map(String::as_str)
}

/// The service worker of browser notifications (docs/notifications.md).
pub const PUSH_WORKER: &str = "push-worker.js";

/// GET /static/{*name}
pub async fn serve(Path(name): Path<String>, uri: Uri, headers: HeaderMap) -> Result<Response, PageError> {
    let asked = uri.query().and_then(|q| url::form_urlencoded::parse(q.as_bytes()).find(|(k, _)| k == "v"));
    answer(&name, asked.as_ref().map(|(_, v)| v.as_ref()), &headers)
}

/// GET /favicon.ico: browsers ask for it whatever a page links.
pub async fn favicon(headers: HeaderMap) -> Result<Response, PageError> {
    answer("favicon.svg", None, &headers)
}

fn answer(name: &str, version: Option<&str>, headers: &HeaderMap) -> Result<Response, PageError> {
    let Some(asset) = ASSETS.get(name) else {
        return Err(PageError(Failure::request(
            StatusCode::NOT_FOUND,
            "not_found",
            feldpost_engine::Msg::new("error-not-found"),
        )));
    };
    let cache = if version == Some(asset.version.as_str()) { IMMUTABLE } else { SHORT };
    let mut response = if matches(headers, &asset.version) {
        let mut r = Response::new(Body::empty());
        *r.status_mut() = StatusCode::NOT_MODIFIED;
        r
    } else {
        let mut r = Response::new(Body::from(asset.body.clone()));
        r.headers_mut().insert(header::CONTENT_TYPE, asset.content_type.clone());
        r
    };
    let h = response.headers_mut();
    h.insert(header::ETAG, asset.tag.clone());
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if name == PUSH_WORKER {
        // Served under /static/, the notifications' service worker may still control the seat
        // pages (`/play/…`), the scope the game page registers it for.
        h.insert("service-worker-allowed", HeaderValue::from_static("/play/"));
    }
    Ok(response)
}

/// Whether If-None-Match names the file's tag (compared weakly, as RFC 9110 says for it), or is `*`.
fn matches(headers: &HeaderMap, version: &str) -> bool {
    headers.get_all(header::IF_NONE_MATCH).iter().filter_map(|v| v.to_str().ok()).any(|list| {
        list.split(',').map(str::trim).any(|tag| {
            tag == "*"
                || tag.strip_prefix("W/").unwrap_or(tag).strip_prefix('"').and_then(|t| t.strip_suffix('"'))
                    == Some(version)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_is_read_as_a_list_of_tags() {
        let with = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::IF_NONE_MATCH, HeaderValue::from_str(v).unwrap());
            matches(&h, "00ff")
        };
        assert!(with("\"00ff\"") && with("W/\"00ff\"") && with("\"aa\", \"00ff\"") && with("*"));
        assert!(!with("\"00f\"") && !with("00ff") && !with("\"00ffx\""));
        assert!(!matches(&HeaderMap::new(), "00ff"));
    }

    #[test]
    fn every_file_has_a_known_type_and_a_versioned_url() {
        for name in names() {
            let asset = &ASSETS[name];
            assert_ne!(asset.content_type, "application/octet-stream", "{name}");
            assert_eq!(url(name), format!("/static/{name}?v={}", asset.version));
        }
        assert!(ASSETS.contains_key("style.css") && ASSETS.contains_key("favicon.svg"));
        assert_eq!(ASSETS["style.css"].content_type, "text/css; charset=utf-8");
    }
}
