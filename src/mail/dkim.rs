//! DKIM (RFC 6376): every message signed with the operator's key when FELDPOST_DKIM_KEY is
//! set, in the one place every mail is sent from (`SmtpTransport::send`), so that mail from
//! the operator's own domain is signed although a small relay does not sign.
//!
//! The key is a PEM file: RSA (PKCS#1 `BEGIN RSA PRIVATE KEY` or PKCS#8 `BEGIN PRIVATE KEY`,
//! as `openssl genrsa` writes it) or Ed25519 (PKCS#8, as `openssl genpkey -algorithm ed25519`
//! writes it). It is read once, when the server starts; one that cannot be read or is not such
//! a key stops the server, naming the variable.

use base64::Engine as _;
use lettre::Message;
use lettre::message::dkim::{
    DkimCanonicalization, DkimCanonicalizationType, DkimConfig, DkimSigningAlgorithm, DkimSigningKey,
};
use lettre::message::header::HeaderName;
use rsa::pkcs1::{DecodeRsaPrivateKey, EncodeRsaPrivateKey};
use rsa::pkcs8::DecodePrivateKey;
use rsa::traits::PublicKeyParts;
use std::path::Path;

/// The headers signed: who, to whom, what, when, which message and thread, which game's list,
/// where replies go, how to unsubscribe, the receipt, and the MIME headers the body is read by.
/// One a message lacks is signed as absent (RFC 6376, 5.4): nobody can add it on the way.
/// Not Content-Type and Content-Transfer-Encoding: lettre writes them with the body part, so
/// its signer does not see them and would sign them as absent (every signature would fail);
/// the body hash covers the parts all the same.
pub const SIGNED_HEADERS: [&str; 14] = [
    "From",
    "To",
    "Subject",
    "Date",
    "Message-ID",
    "In-Reply-To",
    "References",
    "Reply-To",
    "List-Id",
    "List-Unsubscribe",
    "List-Unsubscribe-Post",
    "MIME-Version",
    "Auto-Submitted",
    "Feldpost-Chain",
];

/// The smallest RSA key verifiers take (RFC 8301, 3.2).
const MIN_RSA_BITS: usize = 1024;

/// The DER of a PKCS#8 Ed25519 private key (RFC 8410, 7) before its 32-octet seed.
const ED25519_PKCS8_PREFIX: [u8; 16] =
    [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];

/// A signing key with its selector and domain (the DNS record `<selector>._domainkey.<domain>`
/// holds its public half).
pub struct Dkim {
    config: DkimConfig,
    algorithm: DkimSigningAlgorithm,
}

impl std::fmt::Debug for Dkim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Dkim({})", self.algorithm)
    }
}

impl Dkim {
    /// Read the key file at `path` (FELDPOST_DKIM_KEY); the error names the variable.
    pub fn load(path: &Path, selector: &str, domain: &str) -> Result<Dkim, String> {
        let pem = std::fs::read_to_string(path)
            .map_err(|e| format!("FELDPOST_DKIM_KEY: {} cannot be read: {e}", path.display()))?;
        Dkim::from_pem(&pem, selector, domain)
            .map_err(|why| format!("FELDPOST_DKIM_KEY: {} {why}", path.display()))
    }

    /// A key from its PEM text.
    pub fn from_pem(pem: &str, selector: &str, domain: &str) -> Result<Dkim, String> {
        let (label, der) = read_pem(pem)?;
        let (key, algorithm) = match label.as_str() {
            "RSA PRIVATE KEY" => {
                let key = rsa::RsaPrivateKey::from_pkcs1_der(&der)
                    .map_err(|e| format!("is not an RSA private key: {e}"))?;
                (rsa_key(key)?, DkimSigningAlgorithm::Rsa)
            }
            "PRIVATE KEY" if der.len() == 48 && der.starts_with(&ED25519_PKCS8_PREFIX) => {
                let seed = base64::engine::general_purpose::STANDARD.encode(&der[16..]);
                let key = DkimSigningKey::new(&seed, DkimSigningAlgorithm::Ed25519)
                    .map_err(|e| format!("is not an Ed25519 private key: {e}"))?;
                (key, DkimSigningAlgorithm::Ed25519)
            }
            "PRIVATE KEY" => {
                let key = rsa::RsaPrivateKey::from_pkcs8_der(&der)
                    .map_err(|e| format!("is neither an RSA nor an Ed25519 private key: {e}"))?;
                (rsa_key(key)?, DkimSigningAlgorithm::Rsa)
            }
            "ENCRYPTED PRIVATE KEY" => {
                return Err(
                    "is encrypted: give the key without a passphrase (openssl pkey -in … -out …)".into()
                );
            }
            other => return Err(format!("holds a {other:?}, not an RSA or Ed25519 private key")),
        };
        let headers = SIGNED_HEADERS.iter().map(|h| HeaderName::new_from_ascii_str(h)).collect();
        let canonicalization = DkimCanonicalization {
            header: DkimCanonicalizationType::Relaxed,
            body: DkimCanonicalizationType::Relaxed,
        };
        let config = DkimConfig::new(selector.to_owned(), domain.to_owned(), key, headers, canonicalization);
        Ok(Dkim { config, algorithm })
    }

    /// Add the DKIM-Signature header: the message must not change after this.
    pub fn sign(&self, message: &mut Message) {
        message.sign(&self.config);
    }
}

/// An RSA key as lettre takes it (PKCS#1 PEM), if verifiers take its size.
fn rsa_key(key: rsa::RsaPrivateKey) -> Result<DkimSigningKey, String> {
    let bits = key.size() * 8;
    if bits < MIN_RSA_BITS {
        return Err(format!(
            "is an RSA key of {bits} bits: verifiers take {MIN_RSA_BITS} at least (2048 advised)"
        ));
    }
    let pem = key.to_pkcs1_pem(rsa::pkcs8::LineEnding::LF).map_err(|e| e.to_string())?;
    DkimSigningKey::new(&pem, DkimSigningAlgorithm::Rsa)
        .map_err(|e| format!("is not an RSA private key: {e}"))
}

/// The first PEM block of `text`: its label and its DER.
fn read_pem(text: &str) -> Result<(String, Vec<u8>), String> {
    let not_pem = || "is not a private key in PEM (-----BEGIN … PRIVATE KEY-----)".to_owned();
    let mut lines = text.lines().map(str::trim);
    let label = lines
        .find_map(|l| l.strip_prefix("-----BEGIN ").and_then(|l| l.strip_suffix("-----")))
        .ok_or_else(not_pem)?
        .to_owned();
    let end = format!("-----END {label}-----");
    let mut body = String::new();
    for line in lines.by_ref() {
        if line == end {
            let der = base64::engine::general_purpose::STANDARD.decode(&body).map_err(|_| not_pem())?;
            return Ok((label, der));
        }
        body.push_str(line);
    }
    Err(not_pem())
}

#[cfg(test)]
mod tests {
    use super::*;

    // A 32-octet seed in PKCS#8, as `openssl genpkey -algorithm ed25519` writes it.
    const ED25519: &str = "-----BEGIN PRIVATE KEY-----\n\
        MC4CAQAwBQYDK2VwBCIEIAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4f\n\
        -----END PRIVATE KEY-----\n";

    #[test]
    fn an_ed25519_key_is_read_and_signs() {
        let dkim = Dkim::from_pem(ED25519, "mail", "example.org").unwrap();
        assert!(matches!(dkim.algorithm, DkimSigningAlgorithm::Ed25519));
        let mut message = Message::builder()
            .from("a@example.org".parse().unwrap())
            .to("b@example.org".parse().unwrap())
            .subject("Hi")
            .body("Hello\r\n".to_owned())
            .unwrap();
        dkim.sign(&mut message);
        let text = String::from_utf8(message.formatted()).unwrap().replace("\r\n ", " ");
        assert!(
            text.contains("DKIM-Signature: v=1; a=ed25519-sha256; d=example.org; s=mail; c=relaxed/relaxed;")
        );
        assert!(text.contains("h=from:to:subject:date:message-id:in-reply-to:"), "{text}");
    }

    #[test]
    fn what_is_not_a_key_is_told_apart() {
        for (pem, why) in [
            ("", "is not a private key in PEM"),
            (
                "-----BEGIN PRIVATE KEY-----\nnot base64!\n-----END PRIVATE KEY-----\n",
                "is not a private key in PEM",
            ),
            ("-----BEGIN PRIVATE KEY-----\nAAAA\n", "is not a private key in PEM"),
            (
                "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
                "is neither an RSA nor an Ed25519",
            ),
            (
                "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n",
                "is not an RSA private key",
            ),
            ("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n", "holds a \"PUBLIC KEY\""),
            (
                "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n",
                "is encrypted",
            ),
        ] {
            let e = Dkim::from_pem(pem, "mail", "example.org").unwrap_err();
            assert!(e.starts_with(why), "{pem:?}: {e}");
        }
        let e = Dkim::load(Path::new("/nonexistent/dkim.pem"), "mail", "example.org").unwrap_err();
        assert!(e.starts_with("FELDPOST_DKIM_KEY: /nonexistent/dkim.pem cannot be read"), "{e}");
    }
}
