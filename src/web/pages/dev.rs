//! The development mailbox: with no mail server configured, every message the server would
//! send is kept in the outbox and shown here. It shows every seat's mail (hidden information
//! included), so it exists only on a server started without SMTP.

use super::{PageResult, page};
use crate::clock::format_utc;
use crate::i18n::Tr;
use crate::web::AppState;
use crate::web::error::{Failure, PageError};
use crate::web::extract::FromThisMachine;
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use feldpost_engine::Msg;

struct MailRow {
    to: String,
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

/// A mail's status in the page's words (the outbox keeps a code).
fn status_words(status: &str) -> Option<&'static str> {
    use crate::store::{
        OUTBOX_DIGESTED, OUTBOX_FAILED, OUTBOX_HELD, OUTBOX_PENDING, OUTBOX_SENT, OUTBOX_SUPPRESSED,
    };
    Some(match status {
        s if s == OUTBOX_PENDING => "mailbox-status-pending",
        s if s == OUTBOX_SENT => "mailbox-status-sent",
        s if s == OUTBOX_HELD => "mailbox-status-held",
        s if s == OUTBOX_DIGESTED => "mailbox-status-digested",
        s if s == OUTBOX_FAILED => "mailbox-status-failed",
        s if s == OUTBOX_SUPPRESSED => "mailbox-status-suppressed",
        _ => return None,
    })
}

pub async fn mailbox(State(state): State<AppState>, tr: Tr, local: FromThisMachine) -> PageResult {
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
    let mails = state
        .log
        .store
        .outbox_recent(200)
        .await?
        .into_iter()
        .map(|m| MailRow {
            to: m.recipient,
            subject: m.subject,
            body: m.body_text,
            created: format_utc(m.created_at),
            status: match status_words(&m.status) {
                Some(id) => tr.t(id),
                None => m.status,
            },
        })
        .collect();
    Ok(page(StatusCode::OK, &MailboxPage { tr, mails }))
}
