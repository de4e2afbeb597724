//! Passwords: argon2id (the crate's defaults: m = 19 MiB, t = 2, p = 1), a fresh random salt
//! each time. Hashing is slow on purpose, so it runs on the blocking pool, never on the async
//! workers.

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use std::sync::LazyLock;

pub const MIN_LEN: usize = 8;
pub const MAX_LEN: usize = 1024;

/// Hash of a password nobody has: an unknown email is checked against it, so that it takes as
/// long as a wrong password does.
static DUMMY: LazyLock<String> = LazyLock::new(|| {
    Argon2::default().hash_password(b"feldpost: no such account").map(|h| h.to_string()).unwrap_or_default()
});

pub async fn hash(password: String) -> Result<String, String> {
    tokio::task::spawn_blocking(move || {
        Argon2::default().hash_password(password.as_bytes()).map(|h| h.to_string()).map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())?
}

/// Whether `password` matches `stored` (a PHC string). With no stored hash, the dummy hash is
/// checked instead and the answer is false.
pub async fn verify(password: String, stored: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        let real = stored.is_some();
        let phc = stored.unwrap_or_else(|| DUMMY.clone());
        let ok = PasswordHash::new(&phc)
            .map(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
            .unwrap_or(false);
        ok && real
    })
    .await
    .unwrap_or(false)
}
