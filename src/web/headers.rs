//! What every answer carries for a hostile world: a Content-Security-Policy
//! without `unsafe-inline` (scripts and styles come from `/static/`; the one `<style>` a board
//! drawing embeds is allowed by its hash), no framing, no referrer (seat and host links are
//! secrets in URLs), no content sniffing, and `Cache-Control: no-store` on every page and API
//! answer that shows a seat, a host, a spectator, an account or mail, with `X-Robots-Tag:
//! noindex` beside it.
//!
//! And the other half of keeping link tokens secret: the request log names paths with their
//! tokens cut out ([`redacted_path`]).

use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use sha2::{Digest, Sha256};
use std::sync::LazyLock;

/// The policy of every answer.
pub static CONTENT_SECURITY_POLICY: LazyLock<String> = LazyLock::new(|| {
    let styles: String = crate::games::board_styles()
        .iter()
        .map(|text| format!(" 'sha256-{}'", base64(&Sha256::digest(text.as_bytes()))))
        .collect();
    format!(
        "default-src 'none'; script-src 'self'; style-src 'self'{styles}; img-src 'self' data:; \
         connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    )
});

/// The policy as a header value, made once (a clone shares its bytes).
static CSP_HEADER: LazyLock<Option<HeaderValue>> =
    LazyLock::new(|| HeaderValue::from_str(&CONTENT_SECURITY_POLICY).ok());

/// Paths whose answers hold nothing private, and may be cached: the home page, the boards, the
/// new-game forms, the static files, the API document and the server's public key.
fn cacheable(path: &str) -> bool {
    path == "/"
        || path.starts_with("/static/")
        || path.starts_with("/assets/")
        || path.starts_with("/boards/")
        || path.starts_with("/new/")
        || path == "/api/openapi.json"
        || path == "/api/key"
}

pub async fn security_headers(request: Request, next: Next) -> Response {
    let private = !cacheable(request.uri().path());
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    if let Some(csp) = &*CSP_HEADER {
        h.insert(header::CONTENT_SECURITY_POLICY, csp.clone());
    }
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if private {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        // A link shared by mistake must not reach a search engine's index.
        h.insert("x-robots-tag", HeaderValue::from_static("noindex, nofollow"));
    }
    response
}

/// A request path as the log may show it: every segment that is a link's secret (a seat's,
/// host's or spectators' token, an emailed login, reset or confirmation token, a
/// never-mail-me link) replaced by `…`.
pub fn redacted_path(path: &str) -> String {
    let segments: Vec<&str> = path.split('/').collect();
    // Which segments (by index, the leading "" being 0) are secrets, by the route's first word.
    let secret: &[usize] = match segments.get(1).copied() {
        Some("play") => &[2],
        Some("host" | "watch" | "confirm") => &[3],
        Some("account") if matches!(segments.get(2).copied(), Some("link" | "reset")) => &[3],
        Some("mail") if segments.get(2).copied() == Some("never") => &[3, 4],
        _ => &[],
    };
    segments
        .iter()
        .enumerate()
        .map(|(i, s)| if secret.contains(&i) && !s.is_empty() { "…" } else { s })
        .collect::<Vec<_>>()
        .join("/")
}

/// The request span of the trace layer: method and the redacted path (never the query either:
/// `?lang=` is harmless, but nothing says every query will be).
pub fn request_span(request: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    tracing::info_span!("request", method = %request.method(), path = %redacted_path(request.uri().path()))
}

/// Standard base64 with padding (what CSP hashes are written in).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_the_standard_one() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn tokens_are_cut_out_of_logged_paths() {
        let t = "0123456789abcdef0123456789abcdef";
        for (path, logged) in [
            (format!("/play/{t}"), "/play/…".to_owned()),
            (format!("/play/{t}/history"), "/play/…/history".to_owned()),
            (format!("/host/g1/{t}/seats/1/resend"), "/host/g1/…/seats/1/resend".to_owned()),
            (format!("/watch/g1/{t}"), "/watch/g1/…".to_owned()),
            (format!("/confirm/g1/{t}"), "/confirm/g1/…".to_owned()),
            (format!("/account/link/{t}"), "/account/link/…".to_owned()),
            (format!("/account/reset/{t}"), "/account/reset/…".to_owned()),
            (format!("/mail/never/616e61/{t}"), "/mail/never/…/…".to_owned()),
            ("/api/games/g1/actions".to_owned(), "/api/games/g1/actions".to_owned()),
            ("/account/login".to_owned(), "/account/login".to_owned()),
        ] {
            assert_eq!(redacted_path(&path), logged);
        }
    }
}
