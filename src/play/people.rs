//! A person's rights over what the server holds about their address: to have it, and to have
//! it forgotten (docs/privacy.md). The operator answers both with the `feldpost` command.

use super::error::PlayError;
use super::log::GameLog;
use crate::store::{Forgotten, HeldAbout};

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
/// holds with their addresses.
pub async fn forget(log: &GameLog, email: &str, never_mail: bool) -> Result<Forgotten, PlayError> {
    let forgotten = log.store.forget(email, never_mail, log.now()).await?;
    log.forget_all();
    Ok(forgotten)
}
