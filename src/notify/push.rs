//! Web Push: a browser's push subscription as one more kind of seat endpoint
//! (docs/notifications.md). The message is encrypted for the browser per RFC 8291 (aes128gcm,
//! by `web-push-native`), and the request names this server per RFC 8292 (VAPID: an ES256 token
//! whose audience is the push service's origin, and our public key). The push service sees
//! neither the text nor the link inside.

use super::webhooks::WebhookError;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::Signer;
use serde::{Deserialize, Serialize};
use url::Url;

/// How long a push service keeps a message for a browser that is offline, in seconds: a day,
/// after which the game page and the mail say more than a stale note would.
pub const TTL: u32 = 86_400;
/// How long a VAPID token is good for (RFC 8292 allows at most a day).
const TOKEN_LIFE_S: i64 = 12 * 3600;
/// The most octets a push message's clear text may be: push services take 4096 octets of
/// encrypted body, of which the header, tag and padding take 103.
pub const MAX_PLAIN: usize = 3_993;
/// The longest body text a notification carries, in characters (a phone shows a few lines).
pub const MAX_BODY_CHARS: usize = 600;

/// What a push tells the browser; the service worker shows it as a notification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payload {
    pub title: String,
    pub body: String,
    /// The page a click opens (the seat's own page): added when it is sent, never stored.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub url: String,
    /// `high` or `normal` (RFC 8030, section 5.3): also the request's `Urgency`.
    pub urgency: String,
    /// One notification per game on the device: a newer one replaces the older.
    pub tag: String,
}

/// This server's VAPID key and the contact it gives push services.
#[derive(Clone)]
pub struct Vapid {
    key: p256::ecdsa::SigningKey,
    subject: String,
}

impl std::fmt::Debug for Vapid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vapid")
            .field("public_key", &self.public_key())
            .field("subject", &self.subject)
            .finish()
    }
}

impl Vapid {
    /// A key from its 32 private octets.
    pub fn from_bytes(bytes: &[u8], subject: &str) -> Result<Vapid, String> {
        let key = p256::ecdsa::SigningKey::from_slice(bytes)
            .map_err(|_| "is not a P-256 private key".to_owned())?;
        Ok(Vapid { key, subject: subject.to_owned() })
    }

    /// A key given as text: its private octets in URL-safe base64 (the form web-push tools print).
    pub fn from_text(text: &str, subject: &str) -> Result<Vapid, String> {
        let bytes = URL_SAFE_NO_PAD
            .decode(text.trim().trim_end_matches('='))
            .map_err(|_| "is not URL-safe base64".to_owned())?;
        if bytes.len() != 32 {
            return Err("is not 32 octets".to_owned());
        }
        Vapid::from_bytes(&bytes, subject)
    }

    /// The key in `path`, made the first time (written whole or not at all, as the server's
    /// secret is): browsers' subscriptions are bound to it, so it must outlive a restart.
    pub fn load_or_create(
        path: &std::path::Path,
        subject: &str,
    ) -> Result<Vapid, crate::secret::SecretError> {
        let named = |why: String| crate::secret::SecretError { origin: path.display().to_string(), why };
        match std::fs::read_to_string(path) {
            Ok(text) => Vapid::from_text(&text, subject).map_err(named),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // A random 32 octets is a valid scalar but for a chance of about 2^-32.
                let vapid = loop {
                    if let Ok(v) = Vapid::from_bytes(&crate::secret::random_bytes32(), subject) {
                        break v;
                    }
                };
                crate::secret::write_atomically(path, vapid.private_text().as_bytes())
                    .map_err(|e| named(format!("cannot be created: {e}")))?;
                Ok(vapid)
            }
            Err(e) => Err(named(format!("cannot be read: {e}"))),
        }
    }

    fn private_text(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.key.to_bytes())
    }

    /// The public key as browsers take it (`applicationServerKey`): the uncompressed point in
    /// URL-safe base64.
    pub fn public_key(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.key.verifying_key().to_encoded_point(false).as_bytes())
    }

    /// The `Authorization` header for a request to `endpoint` at `now_s`: `vapid t=<JWT>, k=<key>`.
    pub fn authorization(&self, endpoint: &Url, now_s: i64) -> String {
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({
            "aud": endpoint.origin().ascii_serialization(),
            "exp": now_s + TOKEN_LIFE_S,
            "sub": self.subject,
        });
        let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signed = format!("{header}.{claims}");
        let signature: p256::ecdsa::Signature = self.key.sign(signed.as_bytes());
        let token = format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()));
        format!("vapid t={token}, k={}", self.public_key())
    }
}

/// A subscription's keys as the browser gives them: `p256dh` (its public key) and `auth`.
#[derive(Debug, Clone)]
pub struct Keys {
    public: p256::PublicKey,
    auth: web_push_native::Auth,
}

impl Keys {
    /// The keys from their URL-safe base64; None if either is not what a browser makes.
    pub fn parse(p256dh: &str, auth: &str) -> Option<Keys> {
        let decode = |t: &str| URL_SAFE_NO_PAD.decode(t.trim().trim_end_matches('=')).ok();
        let public = p256::PublicKey::from_sec1_bytes(&decode(p256dh)?).ok()?;
        let auth: [u8; 16] = decode(auth)?.try_into().ok()?;
        Some(Keys { public, auth: web_push_native::Auth::from(auth) })
    }

    /// The keys as stored (in the webhook's secret): `p256dh auth`.
    pub fn stored(p256dh: &str, auth: &str) -> String {
        format!("{} {}", p256dh.trim().trim_end_matches('='), auth.trim().trim_end_matches('='))
    }

    pub fn from_stored(text: &str) -> Option<Keys> {
        let (p256dh, auth) = text.split_once(' ')?;
        Keys::parse(p256dh, auth)
    }
}

/// A push's HTTP headers, by name.
pub type Headers = Vec<(&'static str, String)>;

/// The body and headers of a push of `plain` (a [`Payload`] as JSON) to a subscription.
pub fn encrypt(
    keys: &Keys,
    vapid: &Vapid,
    endpoint: &Url,
    plain: &[u8],
    urgency: &str,
    topic: &str,
    now_s: i64,
) -> Result<(Headers, Vec<u8>), WebhookError> {
    if plain.len() > MAX_PLAIN {
        return Err(WebhookError::TooLarge);
    }
    let body = web_push_native::encrypt(plain.to_vec(), &keys.public, &keys.auth)
        .map_err(|e| WebhookError::Connect(e.to_string()))?;
    let headers = vec![
        ("content-type", "application/octet-stream".to_owned()),
        ("content-encoding", "aes128gcm".to_owned()),
        ("ttl", TTL.to_string()),
        ("urgency", urgency.to_owned()),
        ("topic", topic.to_owned()),
        ("authorization", vapid.authorization(endpoint, now_s)),
    ];
    Ok((headers, body))
}

/// A push service's topic for a subscription in a game (`of`): at most 32 URL-safe characters
/// (RFC 8030, section 5.4). A message still waiting at the push service is replaced by a newer one.
pub fn topic(of: &str) -> String {
    use sha2::Digest;
    hex::encode(&sha2::Sha256::digest(of.as_bytes())[..16])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_written_as_text_reads_back_the_same() {
        let v = Vapid::from_bytes(&[7u8; 32], "mailto:ops@example.org").unwrap();
        let again = Vapid::from_text(&v.private_text(), "mailto:ops@example.org").unwrap();
        assert_eq!(v.public_key(), again.public_key());
        assert_eq!(URL_SAFE_NO_PAD.decode(v.public_key()).unwrap().len(), 65);
        assert!(Vapid::from_text("short", "x").is_err());
    }

    #[test]
    fn keys_that_no_browser_makes_are_refused() {
        assert!(Keys::parse("AAAA", "AAAAAAAAAAAAAAAAAAAAAA").is_none());
        let public = Vapid::from_bytes(&[9u8; 32], "x").unwrap().public_key();
        assert!(Keys::parse(&public, "AAAA").is_none());
        assert!(Keys::parse(&public, "AAAAAAAAAAAAAAAAAAAAAA").is_some());
    }

    #[test]
    fn a_topic_is_short_and_url_safe() {
        let t = topic("wh_anything");
        assert_eq!(t.len(), 32);
        assert!(t.chars().all(|c| c.is_ascii_alphanumeric()));
    }
}
