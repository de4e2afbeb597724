//! Secrets: the server key from which link tokens are derived, random ids and seeds.
//!
//! A seat's link token is HMAC(server key, game ‖ seat ‖ salt). Only its SHA-256 is stored, so
//! a copy of the database does not hand out the links; the server can still show the host the
//! links again and resend invitations, and a new salt revokes a link.

use hmac::{Hmac, KeyInit, Mac};
use rand::RngExt;
use sha2::{Digest, Sha256};

#[derive(Clone)]
pub struct Secret([u8; 32]);

impl Secret {
    /// Any text becomes a key through SHA-256 (tests; the server reads its key with
    /// [`Secret::from_config`] or [`Secret::load_or_create`], which refuse a weak one).
    pub fn from_text(text: &str) -> Secret {
        Secret(Sha256::digest(text.as_bytes()).into())
    }

    /// The key given as text by the operator (FELDPOST_SECRET), refused when it is too short
    /// to be a key: links, reply addresses and export signatures all derive from it, so a
    /// guessable key lets anyone forge them.
    pub fn from_config(text: &str, source: &str) -> Result<Secret, SecretError> {
        strong_enough(text.trim(), source)?;
        Ok(Secret::from_text(text.trim()))
    }

    /// Read the key from `path`, creating it with fresh random bytes the first time. The file
    /// is written whole or not at all (a temporary file beside it, synced, then renamed, mode
    /// 0600), and a key file that is empty, too short or unreadable stops the server with a
    /// message naming it: a half-written file must never become a key anyone can compute.
    pub fn load_or_create(path: &std::path::Path) -> Result<Secret, SecretError> {
        let named = |why: String| SecretError { origin: path.display().to_string(), why };
        match std::fs::read_to_string(path) {
            Ok(text) => {
                strong_enough(text.trim(), &path.display().to_string())?;
                Ok(Secret::from_text(text.trim()))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let text = hex::encode(random_bytes32());
                write_atomically(path, text.as_bytes())
                    .map_err(|e| named(format!("cannot be created: {e}")))?;
                Ok(Secret::from_text(&text))
            }
            Err(e) => Err(named(format!("cannot be read: {e}"))),
        }
    }

    fn mac(&self, parts: &[&[u8]]) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes any key length");
        for p in parts {
            mac.update(&(p.len() as u32).to_be_bytes());
            mac.update(p);
        }
        // 128 bits is plenty for a bearer link and keeps URLs short.
        hex::encode(&mac.finalize().into_bytes()[..16])
    }

    /// The key that signs exports, derived from the server key (so several servers sharing one
    /// secret sign alike, and a new secret is a new key).
    fn export_signer(&self) -> ed25519_dalek::SigningKey {
        let seed: [u8; 32] =
            Sha256::new_with_prefix(b"feldpost export signing key\0").chain_update(self.0).finalize().into();
        ed25519_dalek::SigningKey::from_bytes(&seed)
    }

    pub fn sign_export(&self, head: crate::record::ExportHead) -> crate::record::ExportSignature {
        use ed25519_dalek::Signer;
        let key = self.export_signer();
        let signature = key.sign(head.statement().as_bytes());
        crate::record::ExportSignature {
            public_key: hex::encode(key.verifying_key().to_bytes()),
            signature: hex::encode(signature.to_bytes()),
            head,
        }
    }

    /// 32 bytes derived from the server key for `label` (a key of its own for one use).
    pub fn derived(&self, label: &[u8]) -> [u8; 32] {
        Sha256::new_with_prefix(label).chain_update(self.0).finalize().into()
    }

    pub fn export_public_key(&self) -> String {
        hex::encode(self.export_signer().verifying_key().to_bytes())
    }

    /// The nonce of record `seq` of a game with hidden information (see `Record::nonce`).
    pub fn record_nonce(&self, game_id: &str, seq: u64) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes any key length");
        mac.update(b"feldpost record nonce\0");
        mac.update(game_id.as_bytes());
        mac.update(&seq.to_be_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    pub fn seat_token(&self, game_id: &str, seat: u32, salt: &str) -> String {
        self.mac(&[b"seat", game_id.as_bytes(), &seat.to_be_bytes(), salt.as_bytes()])
    }

    /// The signature of an address's "never mail me again" link (of the address as the list
    /// keeps it, trimmed and lower-cased).
    pub fn never_token(&self, address: &str) -> String {
        self.mac(&[b"never", address.as_bytes()])
    }

    pub fn check_never_token(&self, address: &str, token: &str) -> bool {
        constant_time_eq(&self.never_token(address), token)
    }

    /// The reply tag of a turn mail: game, seat and the sequence number the mail was
    /// written at, signed, so a reply address cannot be made up and an old one is recognised.
    /// Lower case only: mail servers may fold the case of an address's local part.
    pub fn reply_tag(&self, game_id: &str, seat: u32, seq: u64) -> String {
        let mac = self.mac(&[b"reply", game_id.as_bytes(), &seat.to_be_bytes(), &seq.to_be_bytes()]);
        // 60 bits (15 hex digits): far beyond guessing over SMTP, and the address stays within
        // the 64 characters a local part may have (RFC 5321).
        format!("{game_id}.{seat}.{seq}.{}", &mac[..15])
    }

    /// The game, seat and sequence number of a reply tag whose signature holds.
    pub fn check_reply_tag(&self, tag: &str) -> Option<(String, u32, u64)> {
        let tag = tag.to_ascii_lowercase();
        let mut parts = tag.split('.');
        let (game, seat, seq) = (parts.next()?, parts.next()?, parts.next()?);
        if !plausible_id(game) {
            return None;
        }
        let (seat, seq): (u32, u64) = (seat.parse().ok()?, seq.parse().ok()?);
        // The whole tag is compared, so a fifth part or a cut signature fails too.
        constant_time_eq(&self.reply_tag(game, seat, seq), &tag).then(|| (game.to_owned(), seat, seq))
    }

    /// The tag of a mail's own envelope sender (VERP: `feldpost+b-TAG@…`): the outbox row
    /// it was sent from, signed, so a bounce names its message and recipient and nobody can
    /// make up one that marks an address failing. Lower case only, like the reply tag.
    pub fn bounce_tag(&self, outbox_id: &str) -> String {
        let mac = self.mac(&[b"bounce", outbox_id.as_bytes()]);
        format!("{outbox_id}.{}", &mac[..15])
    }

    /// The outbox row of a bounce tag whose signature holds.
    pub fn check_bounce_tag(&self, tag: &str) -> Option<String> {
        let tag = tag.to_ascii_lowercase();
        let (id, _) = tag.rsplit_once('.')?;
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            return None;
        }
        constant_time_eq(&self.bounce_tag(id), &tag).then(|| id.to_owned())
    }

    /// A one-time secret a mail carries (a host's confirmation link, an account's login link),
    /// made from the key and a nonce kept with the mail: the outbox keeps the nonce, the
    /// secret is made again when the mail is sent, and only its hash is kept to check it.
    /// `purpose` keeps secrets of different kinds apart.
    pub fn derived_token(&self, purpose: &str, nonce: &str) -> String {
        self.mac(&[b"derived", purpose.as_bytes(), nonce.as_bytes()])
    }

    /// An 8-character code to type in, made as [`Secret::derived_token`] is (40 bits, in the
    /// letters and digits that cannot be mistaken for one another).
    pub fn derived_code(&self, nonce: &str) -> String {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKMNPQRSTUVWXYZ23456789";
        let mac = self.mac(&[b"code", nonce.as_bytes()]);
        hex::decode(&mac[..16])
            .unwrap_or_default()
            .iter()
            .take(8)
            .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
            .collect()
    }

    /// The token of a seat's calendar link: from its link's salt too, so a seat handed on
    /// gets a calendar link of its own; a new `calendar_salt` retires the old one.
    pub fn seat_calendar_token(
        &self,
        game_id: &str,
        seat: u32,
        seat_salt: &str,
        calendar_salt: &str,
    ) -> String {
        self.mac(&[
            b"calendar-seat",
            game_id.as_bytes(),
            &seat.to_be_bytes(),
            seat_salt.as_bytes(),
            calendar_salt.as_bytes(),
        ])
    }

    /// The token of an account's calendar link; a new `calendar_salt` retires the old one.
    pub fn account_calendar_token(&self, account_id: &str, calendar_salt: &str) -> String {
        self.mac(&[b"calendar-account", account_id.as_bytes(), calendar_salt.as_bytes()])
    }

    pub fn host_token(&self, game_id: &str, salt: &str) -> String {
        self.mac(&[b"host", game_id.as_bytes(), salt.as_bytes()])
    }

    /// The read-only link of a game's spectators (derived from the host's salt, so a new host
    /// link also retires it).
    pub fn watch_token(&self, game_id: &str, host_salt: &str) -> String {
        self.mac(&[b"watch", game_id.as_bytes(), host_salt.as_bytes()])
    }

    pub fn check_watch_token(&self, game_id: &str, host_salt: &str, token: &str) -> bool {
        constant_time_eq(&self.watch_token(game_id, host_salt), token)
    }

    pub fn check_host_token(&self, game_id: &str, salt: &str, token: &str) -> bool {
        constant_time_eq(&self.host_token(game_id, salt), token)
    }
}

/// Whether `id` could be a game's id (ids are short and alphanumeric): anything else, a NUL in
/// a URL's path included, names no game and is not sent to the database.
pub fn plausible_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Why the server's key cannot be used: where it came from and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the secret key ({origin}) {why}")]
pub struct SecretError {
    /// The file or the variable it came from.
    pub origin: String,
    pub why: String,
}

/// The fewest characters a key given as text may have: 64 hex digits are 32 bytes; other text
/// (a passphrase, base64) must be at least 44 characters, what 32 random bytes take in base64.
pub const MIN_SECRET_HEX: usize = 64;
pub const MIN_SECRET_TEXT: usize = 44;

fn strong_enough(text: &str, source: &str) -> Result<(), SecretError> {
    let refuse = |why: &str| Err(SecretError { origin: source.to_owned(), why: why.to_owned() });
    if text.is_empty() {
        return refuse("is empty: remove the file to have a new key made, or restore the one you had");
    }
    let hex = text.bytes().all(|b| b.is_ascii_hexdigit());
    if (hex && text.len() < MIN_SECRET_HEX) || (!hex && text.chars().count() < MIN_SECRET_TEXT) {
        return refuse(&format!(
            "is too short to be a key: give at least {MIN_SECRET_HEX} hex digits (32 random bytes) or \
             {MIN_SECRET_TEXT} characters (e.g. `openssl rand -hex 32`)"
        ));
    }
    let mut distinct: Vec<char> = text.chars().collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() < 8 {
        return refuse("repeats too few characters to be a key (e.g. `openssl rand -hex 32`)");
    }
    Ok(())
}

/// Write `bytes` to `path` whole or not at all: a temporary file in the same folder (readable
/// by the owner only), synced to disk, then renamed over `path`, and the folder synced so the
/// rename itself survives a crash. On any failure the temporary file is removed.
pub(crate) fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("secret");
    let temp = dir.join(format!(".{name}.{}.tmp", random_id()));
    let written = (|| {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, path)?;
        std::fs::File::open(dir)?.sync_all()
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// Constant-time comparison: tokens are passwords.
pub fn constant_time_eq(expected: &str, given: &str) -> bool {
    expected.len() == given.len()
        && expected.bytes().zip(given.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// What the store keeps of a token.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A short random id: 12 characters of lowercase base-32 (60 bits), for games and rows.
pub fn random_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    (0..12).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}

pub fn random_bytes32() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes[..]);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_depend_on_every_part_and_on_the_key() {
        let k = Secret::from_text("k");
        let t = k.seat_token("g", 0, "s");
        assert_eq!(t, k.seat_token("g", 0, "s"));
        assert_ne!(t, k.seat_token("g", 1, "s"));
        assert_ne!(t, k.seat_token("h", 0, "s"));
        assert_ne!(t, k.seat_token("g", 0, "t"));
        assert_ne!(t, Secret::from_text("other").seat_token("g", 0, "s"));
        assert_eq!(t.len(), 32);
        let h = k.host_token("g", "s");
        assert!(k.check_host_token("g", "s", &h));
        assert!(!k.check_host_token("g", "s", &t));
        assert!(!k.check_host_token("g", "s", ""));
    }

    #[test]
    fn reply_tags_are_signed_and_read_back() {
        let k = Secret::from_text("k");
        let tag = k.reply_tag("abc123", 2, 17);
        assert_eq!(k.check_reply_tag(&tag), Some(("abc123".to_owned(), 2, 17)));
        assert_eq!(k.check_reply_tag(&tag.to_uppercase()), Some(("abc123".to_owned(), 2, 17)));
        let forged = tag.replace(".2.", ".1.");
        assert_eq!(k.check_reply_tag(&forged), None);
        assert_eq!(Secret::from_text("other").check_reply_tag(&tag), None);
        assert_eq!(k.check_reply_tag("abc123.2.17"), None);
    }

    #[test]
    fn bounce_tags_are_signed_and_read_back() {
        let k = Secret::from_text("k");
        let tag = k.bounce_tag("game-abc123-2-0f0f0f0f");
        assert_eq!(k.check_bounce_tag(&tag).as_deref(), Some("game-abc123-2-0f0f0f0f"));
        assert_eq!(k.check_bounce_tag(&tag.to_uppercase()).as_deref(), Some("game-abc123-2-0f0f0f0f"));
        assert_eq!(k.check_bounce_tag(&tag.replace("-2-", "-1-")), None);
        assert_eq!(Secret::from_text("other").check_bounce_tag(&tag), None);
        assert_eq!(k.check_bounce_tag("game-abc123-2-0f0f0f0f"), None);
        // A reply tag is no bounce tag.
        assert_eq!(k.check_bounce_tag(&k.reply_tag("abc123", 2, 17)), None);
    }

    #[test]
    fn random_ids_differ() {
        let a = random_id();
        assert_eq!(a.len(), 12);
        assert_ne!(a, random_id());
    }
}

/// Where a new game's id and dice seed come from. The server draws them from the operating
/// system ([`OsSeeds`]); tests inject [`FixedSeeds`], the way they inject a `ManualClock`, so
/// that a test which needs a particular deal sets the seed that deals it.
pub trait GameSeeds: Send + Sync {
    /// The id and the secret dice seed of the next game created.
    fn new_game(&self) -> (String, [u8; 32]);
}

/// Fresh randomness for every game.
pub struct OsSeeds;

impl GameSeeds for OsSeeds {
    fn new_game(&self) -> (String, [u8; 32]) {
        (random_id(), random_bytes32())
    }
}

/// Games numbered in order (`test00…01`, `test00…02`, …), each with a seed derived from its
/// number unless one was queued for it: every run deals the same.
#[derive(Default)]
pub struct FixedSeeds {
    created: std::sync::atomic::AtomicU64,
    queued: std::sync::Mutex<std::collections::VecDeque<[u8; 32]>>,
}

impl FixedSeeds {
    fn id_of(n: u64) -> String {
        format!("test{n:028x}")
    }

    /// The id the next game will have (a deal depends on it as well as on the seed).
    pub fn next_id(&self) -> String {
        Self::id_of(self.created.load(std::sync::atomic::Ordering::SeqCst) + 1)
    }

    /// The seed of the game numbered `n` when none is queued.
    pub fn default_seed(n: u64) -> [u8; 32] {
        Sha256::digest(format!("feldpost test seed {n}").as_bytes()).into()
    }

    /// The next game is dealt from `seed`.
    pub fn queue(&self, seed: [u8; 32]) {
        self.queued.lock().expect("seed queue").push_back(seed);
    }
}

impl GameSeeds for FixedSeeds {
    fn new_game(&self) -> (String, [u8; 32]) {
        let n = self.created.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
        let seed =
            self.queued.lock().expect("seed queue").pop_front().unwrap_or_else(|| Self::default_seed(n));
        (Self::id_of(n), seed)
    }
}
