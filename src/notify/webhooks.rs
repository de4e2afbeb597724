//! Webhook delivery: a message written in a webhook's format and sent to its URL, safely.
//!
//! Safety (docs/notifications.md): a webhook's URL is chosen by whoever holds a seat's link, so
//! the server must not be made to call into its own network. Only `http` and `https` are taken;
//! the name is resolved, every address it resolves to must be a public one (no loopback,
//! private, link-local, unique-local, CGNAT, metadata or other special address), and the
//! connection is opened to the very address that was checked: there is no second lookup that
//! a name server could answer differently. This is done at creation and again at every
//! delivery. The operator may allow private addresses (`FELDPOST_WEBHOOK_ALLOW_PRIVATE=1`, for
//! a receiver on their own network, and for tests). A request carries at most [`MAX_BODY`]
//! octets, waits at most [`TIMEOUT`] in all, and follows no redirect (a 3xx is a failure).

use crate::store::WebhookFormat;
use base64::Engine;
use bytes::Bytes;
use hmac::{KeyInit, Mac};
use http_body_util::{BodyExt, Full};
use hyper_util::rt::TokioIo;
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use url::Url;

/// The most a message's body may be.
pub const MAX_BODY: usize = 64 * 1024;
/// How long one delivery may take, from the lookup to the answer's status.
pub const TIMEOUT: Duration = Duration::from_secs(5);
/// The longest text a message carries, in characters: its body stays well within [`MAX_BODY`]
/// whatever the format adds (JSON escapes at most six octets a character, which this allows).
pub const MAX_TEXT: usize = 8_000;
/// Discord refuses a message longer than this (in characters).
const DISCORD_MAX: usize = 2000;
/// The prefix of a Standard Webhooks signing secret.
pub const SECRET_PREFIX: &str = "whsec_";

/// Why a webhook's URL is refused, or a delivery failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    #[error("not a URL")]
    NotAUrl,
    #[error("only http and https URLs are taken")]
    Scheme,
    #[error("the URL has no host")]
    NoHost,
    #[error("{host} resolves to {addr}, which is not a public address")]
    Private { host: String, addr: IpAddr },
    #[error("{0} cannot be resolved")]
    Unresolved(String),
    #[error("cannot connect: {0}")]
    Connect(String),
    #[error("TLS: {0}")]
    Tls(String),
    #[error("no answer within {} seconds", TIMEOUT.as_secs())]
    Timeout,
    #[error("the receiver answered {0}")]
    Status(u16),
    #[error("the message is over {MAX_BODY} octets")]
    TooLarge,
}

/// A URL as taken for a webhook: http or https, with a host.
pub fn parse_url(text: &str) -> Result<Url, WebhookError> {
    let url = Url::parse(text.trim()).map_err(|_| WebhookError::NotAUrl)?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(WebhookError::Scheme);
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(WebhookError::NoHost);
    }
    Ok(url)
}

/// Whether `ip` is an address a webhook must never be sent to (without the operator's leave).
pub fn is_forbidden(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_forbidden_v4(v4),
        IpAddr::V6(v6) => {
            // An IPv4 address written as IPv6 is judged as the IPv4 address it is.
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_forbidden_v4(v4);
            }
            v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || v6.is_unique_local()
                || v6.is_unicast_link_local()
                // The IPv4-compatible (deprecated), NAT64 and documentation ranges.
                || v6.segments()[..6] == [0; 6]
                || v6.segments()[..2] == [0x64, 0xff9b]
                || v6.segments()[..2] == [0x2001, 0xdb8]
        }
    }
}

fn is_forbidden_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local() // 169.254.0.0/16: the cloud metadata address among them
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // CGNAT, 100.64.0.0/10
        || (a == 192 && b == 0 && ip.octets()[2] == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240 // reserved
}

/// Resolve `url`'s host and check every address it resolves to; the address to connect to.
pub async fn checked_address(url: &Url, allow_private: bool) -> Result<SocketAddr, WebhookError> {
    let host = url.host_str().ok_or(WebhookError::NoHost)?;
    let port = url.port_or_known_default().ok_or(WebhookError::Scheme)?;
    // A literal address is taken as it is; a name is looked up once.
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let addrs: Vec<SocketAddr> = match bare.parse::<IpAddr>() {
        Ok(ip) => vec![SocketAddr::new(ip, port)],
        Err(_) => tokio::time::timeout(TIMEOUT, tokio::net::lookup_host((bare, port)))
            .await
            .map_err(|_| WebhookError::Timeout)?
            .map_err(|_| WebhookError::Unresolved(host.to_owned()))?
            .collect(),
    };
    let first = *addrs.first().ok_or_else(|| WebhookError::Unresolved(host.to_owned()))?;
    if !allow_private && let Some(bad) = addrs.iter().find(|a| is_forbidden(a.ip())) {
        return Err(WebhookError::Private { host: host.to_owned(), addr: bad.ip() });
    }
    Ok(first)
}

/// What a webhook is told: one message, with the id that stays the same on every retry.
#[derive(Debug, Clone)]
pub struct Message {
    /// The `webhook-id` (and Matrix transaction id): a receiver drops a second one.
    pub id: String,
    /// What happened, in words, as its owner may see it.
    pub text: String,
    pub game_id: String,
    /// The step it tells up to (0 for a test message).
    pub seq: i64,
    /// `feldpost.step`, `feldpost.reminder` before a deadline, or `feldpost.test` for a test
    /// message.
    pub kind: &'static str,
}

/// Where and how a message goes.
#[derive(Debug, Clone)]
pub struct Destination<'a> {
    pub format: WebhookFormat,
    pub url: &'a str,
    /// The signing secret (JSON), the access token (Matrix) or the subscription's keys (push).
    pub secret: &'a str,
    /// This server's VAPID key (push).
    pub vapid: Option<&'a super::push::Vapid>,
}

/// A request as it will be sent: method, URL, headers and body.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: hyper::Method,
    pub url: Url,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

/// The request that tells `to` of `m` at `now_s` (seconds since the epoch).
pub fn request(to: &Destination, m: &Message, now_s: i64) -> Result<Request, WebhookError> {
    let mut url = parse_url(to.url)?;
    if to.format == WebhookFormat::Push {
        // The text is the notification's JSON (`push::Payload`); its urgency is the request's.
        let payload: super::push::Payload =
            serde_json::from_str(&m.text).map_err(|_| WebhookError::TooLarge)?;
        let keys = super::push::Keys::from_stored(to.secret).ok_or(WebhookError::NotAUrl)?;
        let vapid = to.vapid.ok_or(WebhookError::NotAUrl)?;
        let topic = super::push::topic(&format!("{} {}", m.game_id, to.secret));
        let (headers, body) =
            super::push::encrypt(&keys, vapid, &url, m.text.as_bytes(), &payload.urgency, &topic, now_s)?;
        return Ok(Request { method: hyper::Method::POST, url, headers, body });
    }
    let mut headers = vec![("content-type", "application/json".to_owned())];
    let mut method = hyper::Method::POST;
    let body = match to.format {
        WebhookFormat::Discord => {
            // No pings of @everyone from a player's text.
            json!({"content": clip(&m.text, DISCORD_MAX), "allowed_mentions": {"parse": []}})
        }
        // Slack reads `<…>` as links and mentions (`<!channel>`): the three characters are escaped
        // as its documentation asks.
        WebhookFormat::Slack => {
            json!({"text": m.text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")})
        }
        WebhookFormat::Matrix => {
            method = hyper::Method::PUT;
            // The stored URL ends with `…/send/m.room.message/`: the transaction id follows.
            url.path_segments_mut().map_err(|_| WebhookError::NotAUrl)?.pop_if_empty().push(&m.id);
            headers.push(("authorization", format!("Bearer {}", to.secret)));
            json!({"msgtype": "m.text", "body": m.text})
        }
        WebhookFormat::Push => unreachable!("a push is written above"),
        WebhookFormat::Json => {
            let timestamp = time::OffsetDateTime::from_unix_timestamp(now_s)
                .ok()
                .and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok())
                .unwrap_or_default();
            json!({
                "type": m.kind,
                "timestamp": timestamp,
                "data": {"game": m.game_id, "seq": m.seq, "text": m.text},
            })
        }
    };
    let body = serde_json::to_vec(&body).map_err(|_| WebhookError::TooLarge)?;
    if body.len() > MAX_BODY {
        return Err(WebhookError::TooLarge);
    }
    if to.format == WebhookFormat::Json {
        headers.push(("webhook-id", m.id.clone()));
        headers.push(("webhook-timestamp", now_s.to_string()));
        headers.push(("webhook-signature", signature(to.secret, &m.id, now_s, &body)));
    }
    Ok(Request { method, url, headers, body })
}

/// The Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256, keyed by the secret's
/// bytes, of `id.timestamp.body`.
pub fn signature(secret: &str, id: &str, timestamp: i64, body: &[u8]) -> String {
    let key = base64::engine::general_purpose::STANDARD
        .decode(secret.strip_prefix(SECRET_PREFIX).unwrap_or(secret))
        .unwrap_or_default();
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&key).expect("HMAC takes a key of any length");
    mac.update(id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    format!("v1,{}", base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes()))
}

/// A new signing secret, shown once to its owner.
pub fn new_secret() -> String {
    format!(
        "{SECRET_PREFIX}{}",
        base64::engine::general_purpose::STANDARD.encode(crate::secret::random_bytes32())
    )
}

/// `text` cut to at most `max` characters.
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max.saturating_sub(1)) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

/// Send `req`: its host checked and connected to at the checked address, within [`TIMEOUT`]. A
/// 2xx answer is success; anything else (a redirect too) a failure.
pub async fn send(req: &Request, allow_private: bool) -> Result<(), WebhookError> {
    tokio::time::timeout(TIMEOUT, send_now(req, allow_private)).await.map_err(|_| WebhookError::Timeout)?
}

async fn send_now(req: &Request, allow_private: bool) -> Result<(), WebhookError> {
    let addr = checked_address(&req.url, allow_private).await?;
    let tcp = tokio::net::TcpStream::connect(addr).await.map_err(|e| WebhookError::Connect(e.to_string()))?;
    let host = req.url.host_str().ok_or(WebhookError::NoHost)?.to_owned();
    if req.url.scheme() == "https" {
        let name = rustls_pki_types_name(&host)?;
        let tls = tls_connector().connect(name, tcp).await.map_err(|e| WebhookError::Tls(e.to_string()))?;
        exchange(TokioIo::new(tls), req).await
    } else {
        exchange(TokioIo::new(tcp), req).await
    }
}

fn rustls_pki_types_name(
    host: &str,
) -> Result<tokio_rustls::rustls::pki_types::ServerName<'static>, WebhookError> {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    tokio_rustls::rustls::pki_types::ServerName::try_from(bare.to_owned())
        .map_err(|e| WebhookError::Tls(e.to_string()))
}

/// One client configuration for every delivery: the web PKI's roots, the ring provider.
fn tls_connector() -> tokio_rustls::TlsConnector {
    static CONFIG: OnceLock<Arc<tokio_rustls::rustls::ClientConfig>> = OnceLock::new();
    let config = CONFIG.get_or_init(|| {
        let roots = tokio_rustls::rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
        let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let config = tokio_rustls::rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map(|b| b.with_root_certificates(roots).with_no_client_auth())
            .unwrap_or_else(|_| {
                // The ring provider supports the default versions: not reached.
                tokio_rustls::rustls::ClientConfig::builder_with_provider(Arc::new(
                    tokio_rustls::rustls::crypto::ring::default_provider(),
                ))
                .with_protocol_versions(&[&tokio_rustls::rustls::version::TLS13])
                .expect("TLS 1.3 with ring")
                .with_root_certificates(tokio_rustls::rustls::RootCertStore::empty())
                .with_no_client_auth()
            });
        Arc::new(config)
    });
    tokio_rustls::TlsConnector::from(config.clone())
}

async fn exchange<T>(io: TokioIo<T>, req: &Request) -> Result<(), WebhookError>
where
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, conn) =
        hyper::client::conn::http1::handshake(io).await.map_err(|e| WebhookError::Connect(e.to_string()))?;
    let driver = tokio::spawn(async move {
        let _ = conn.await;
    });
    let path = match req.url.query() {
        Some(q) => format!("{}?{q}", req.url.path()),
        None => req.url.path().to_owned(),
    };
    let authority = match req.url.port() {
        Some(p) => format!("{}:{p}", req.url.host_str().unwrap_or_default()),
        None => req.url.host_str().unwrap_or_default().to_owned(),
    };
    let mut builder = hyper::Request::builder()
        .method(req.method.clone())
        .uri(path)
        .header("host", authority)
        .header("user-agent", concat!("feldpost/", env!("CARGO_PKG_VERSION")));
    for (name, value) in &req.headers {
        builder = builder.header(*name, value);
    }
    let request = builder
        .body(Full::new(Bytes::from(req.body.clone())))
        .map_err(|e| WebhookError::Connect(e.to_string()))?;
    let answer = sender.send_request(request).await.map_err(|e| WebhookError::Connect(e.to_string()))?;
    let status = answer.status();
    // The answer's body is read no further than a little (its words are nobody's business).
    let _ = http_body_util::Limited::new(answer.into_body(), 4096).collect().await;
    driver.abort();
    if status.is_success() { Ok(()) } else { Err(WebhookError::Status(status.as_u16())) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_addresses_are_forbidden_and_public_ones_not() {
        for bad in [
            "127.0.0.1",
            "10.0.0.1",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fc00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
        ] {
            assert!(is_forbidden(bad.parse().unwrap()), "{bad} should be forbidden");
        }
        for good in ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "100.128.0.1"] {
            assert!(!is_forbidden(good.parse().unwrap()), "{good} should be allowed");
        }
    }

    #[test]
    fn only_http_and_https_urls_with_a_host_are_taken() {
        assert_eq!(parse_url("ftp://example.com/x"), Err(WebhookError::Scheme));
        assert_eq!(parse_url("file:///etc/passwd"), Err(WebhookError::Scheme));
        assert_eq!(parse_url("not a url"), Err(WebhookError::NotAUrl));
        assert!(parse_url("https://discord.com/api/webhooks/1/abc").is_ok());
    }

    #[test]
    fn slack_reads_no_mention_from_a_players_text() {
        let m = Message {
            id: "msg_1".into(),
            text: "<!channel> & co".into(),
            game_id: "g".into(),
            seq: 1,
            kind: "feldpost.step",
        };
        let to = Destination {
            format: WebhookFormat::Slack,
            url: "https://hooks.slack.com/services/x",
            secret: "",
            vapid: None,
        };
        let body: serde_json::Value = serde_json::from_slice(&request(&to, &m, 0).unwrap().body).unwrap();
        assert_eq!(body["text"], "&lt;!channel&gt; &amp; co");
    }

    #[test]
    fn long_text_is_clipped_for_discord() {
        let long = "é".repeat(3000);
        assert_eq!(clip(&long, DISCORD_MAX).chars().count(), DISCORD_MAX);
        assert_eq!(clip("short", DISCORD_MAX), "short");
    }
}
