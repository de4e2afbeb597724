//! The development mailbox: with no mail server configured, every message the server would
//! send is kept in the outbox and shown here. It shows every seat's mail (hidden information
//! included), so it exists only on a server started without SMTP.

use super::{PageResult, page};
use crate::clock::format_utc;
use crate::i18n::Tr;
use crate::store::MailStatus;
use crate::web::AppState;
use crate::web::error::{Failure, PageError};
use crate::web::extract::FromThisMachine;
use crate::web::extract::PagePath;
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use feldpost_engine::Msg;

struct MailRow {
    id: String,
    to: String,
    /// Where a reply goes, as the message's Reply-To names it (`feldpost inbound --to` takes it).
    reply_to: Option<String>,
    subject: String,
    body: String,
    created: String,
    status: String,
}

#[derive(Template)]
#[template(path = "mailbox.html")]
struct MailboxPage {
    tr: Tr,
    mails: Vec<MailRow>,
}

/// A mail's status in the page's words.
fn status_words(status: MailStatus) -> &'static str {
    match status {
        MailStatus::Pending => "mailbox-status-pending",
        MailStatus::Sent => "mailbox-status-sent",
        MailStatus::Held => "mailbox-status-held",
        MailStatus::Digested => "mailbox-status-digested",
        MailStatus::Failed => "mailbox-status-failed",
        MailStatus::Suppressed => "mailbox-status-suppressed",
        MailStatus::Stopped => "mailbox-status-stopped",
    }
}

/// The dev mailbox is there only without SMTP, and only for a browser on this machine.
fn open(state: &AppState, local: &FromThisMachine) -> Result<(), PageError> {
    if !state.dev_mailbox {
        return Err(PageError(Failure::request(StatusCode::NOT_FOUND, "not_found", Msg::new("mailbox-off"))));
    }
    if !local.0 {
        return Err(PageError(Failure::request(
            StatusCode::NOT_FOUND,
            "not_found",
            Msg::new("mailbox-loopback-only"),
        )));
    }
    Ok(())
}

pub async fn mailbox(State(state): State<AppState>, tr: Tr, local: FromThisMachine) -> PageResult {
    open(&state, &local)?;
    let mails = crate::play::mailing::dev_mailbox(&state.log, 200)
        .await?
        .into_iter()
        .map(|m| MailRow {
            id: m.id,
            to: m.recipient,
            reply_to: m.reply_to.map(|tag| crate::mail::reply_address(DEV_USER, &tag, DEV_DOMAIN)),
            subject: m.subject,
            body: m.body_text,
            created: format_utc(m.created_at),
            status: tr.t(status_words(m.status)),
        })
        .collect();
    Ok(page(StatusCode::OK, &MailboxPage { tr, mails }))
}

/// The address a message shown here is from (nothing is sent: it only makes the message whole),
/// in its two parts: a reply address is made of them as the SMTP transport makes it.
const DEV_USER: &str = "feldpost";
const DEV_DOMAIN: &str = "localhost";

/// One mail as it would be sent, with its pictures (`message/rfc822`: a mail client opens it,
/// and the browser suite shows its HTML part as a webmail would).
pub async fn message(
    State(state): State<AppState>,
    local: FromThisMachine,
    PagePath(id): PagePath<String>,
) -> PageResult {
    open(&state, &local)?;
    let id = id.strip_suffix(".eml").unwrap_or(&id);
    let from = format!("feldpost <{DEV_USER}@{DEV_DOMAIN}>");
    match crate::play::mailing::dev_message(&state.log, id, &from).await? {
        Some(raw) => Ok(([(axum::http::header::CONTENT_TYPE, "message/rfc822")], raw).into_response()),
        None => {
            Err(PageError(Failure::request(StatusCode::NOT_FOUND, "not_found", Msg::new("error-not-found"))))
        }
    }
}
