//! A person's rights over what the server holds about their address: to have it, and to have
//! it forgotten (docs/privacy.md). The operator answers both with the `feldpost` command; anyone
//! answers them for their own address on the server's page (`/privacy`), by a one-time link
//! mailed to it: whoever reads the address's mail is whoever may have its data.

use super::error::PlayError;
use super::limits::Limit;
use super::log::GameLog;
use crate::i18n::{Lang, Tr};
use crate::input::EmailAddress;
use crate::mail::sealed::Sealed;
use crate::secret::{random_id, token_hash};
use crate::store::{AddressLink, Forgotten, HeldAbout};

/// How long a mailed link to an address's data works: long enough to open the mail, short
/// enough that a mailbox read later by someone else does not open it.
pub const ADDRESS_LINK_MS: i64 = 30 * 60_000;

/// Everything held about `email`; the mails' links are given as "[link]", never made (a link
/// handed out here would open a seat to whoever reads the answer).
pub async fn held_about(log: &GameLog, email: &str) -> Result<HeldAbout, PlayError> {
    let mut held = log.store.held_about(email).await?;
    for mail in &mut held.mails {
        if let Some(text) = &mut mail.text {
            *text = crate::mail::sealed::unseal_text(text, &|_| "[link]".to_owned());
        }
    }
    Ok(held)
}

/// Forget `email` (see `Store::forget`); the replay cache forgets every game, whose seats it
/// holds with their addresses. Another process's or server's cache may still hold the address,
/// but mails no more to it: the database writes no game's mail to an address the game no
/// longer has (`still_the_games_address` in `src/store/mod.rs`).
pub async fn forget(log: &GameLog, email: &str, never_mail: bool) -> Result<Forgotten, PlayError> {
    let forgotten = log.store.forget(email, never_mail, log.now()).await?;
    log.forget_all();
    Ok(forgotten)
}

/// Someone asks, on the web, for the links to what is held about `email`: they are mailed to
/// it if anything is held, and nothing is said of which (the answer is the same for any
/// address, so nobody learns whose address the server knows). Counted against the limits of
/// the account mails: per client (refused when over), per address (sends nothing when over).
pub async fn ask_for_links(log: &GameLog, email: &str, lang: Lang, client: &str) -> Result<(), PlayError> {
    let email = EmailAddress::parse(email).map_err(PlayError::input(crate::input::Field::Email))?;
    let email = crate::store::normalize_address(email.as_str());
    super::limits::take(log, Limit::AccountMailClient, client).await?;
    match super::limits::take(log, Limit::AccountMailEmail, &email).await {
        Ok(()) => {}
        Err(PlayError::TooMany(_)) => return Ok(()),
        Err(e) => return Err(e),
    }
    if log.store.held_about(&email).await?.is_empty() {
        return Ok(());
    }
    let nonce = random_id();
    let token = log.links().address_token(&nonce);
    let now = log.now();
    let tr = Tr::new(lang);
    let link = Sealed::AddressLink { nonce }.text();
    let mut mail = crate::mail::address_links(&tr, &email, &link, ADDRESS_LINK_MS / 60_000, now);
    log.stamp_never(std::slice::from_mut(&mut mail), &tr);
    let row = AddressLink { email, expires_at: now + ADDRESS_LINK_MS, used_at: None };
    log.store.address_link_create(&token_hash(&token), &row, now, &mail).await?;
    log.wake_mail();
    Ok(())
}

/// The address a mailed link opens, while it works (unused, not expired); refused as a link
/// that is not valid otherwise, whether forged, altered, used or expired.
pub async fn address_of_link(log: &GameLog, token: &str) -> Result<String, PlayError> {
    if token.is_empty() || token.len() > 128 {
        return Err(PlayError::UnknownLink);
    }
    match log.store.address_link(&token_hash(token)).await? {
        Some(link) if link.used_at.is_none() && link.expires_at > log.now() => Ok(link.email),
        _ => Err(PlayError::UnknownLink),
    }
}

/// Everything held about the address of a mailed link (what `feldpost data` prints).
pub async fn held_by_link(log: &GameLog, token: &str) -> Result<HeldAbout, PlayError> {
    let email = address_of_link(log, token).await?;
    held_about(log, &email).await
}

/// Forget the address of a mailed link (the POST of its confirmation page): the link is used
/// up in the same transaction, so it forgets once.
pub async fn forget_by_link(log: &GameLog, token: &str, never_mail: bool) -> Result<Forgotten, PlayError> {
    if token.is_empty() || token.len() > 128 {
        return Err(PlayError::UnknownLink);
    }
    let forgotten = log
        .store
        .forget_by_link(&token_hash(token), never_mail, log.now())
        .await?
        .ok_or(PlayError::UnknownLink)?;
    log.forget_all();
    Ok(forgotten)
}
