//! The values of the store's text columns that decide behaviour, as types: what kind of mail a
//! row is and where it stands, a seat's mail preference, a game's deadline policy. Each is kept
//! as the same text as before in the database; a text that is none of them is an error, read
//! as such, never a silent default.

use crate::record::CauseKind;
use serde::{Deserialize, Serialize};

/// A stored value that is none of its type's values (the database and the code disagree).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{column} {value:?} is not one this server knows")]
pub struct UnknownValue {
    pub column: &'static str,
    pub value: String,
}

/// What a mail is. A game's mail exists at most once per (game, seq, recipient, kind), so a
/// kind that may come twice at one step carries what tells them apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MailKind {
    /// A seat's invitation: the root of its mail thread.
    Invite,
    /// The invitation sent again by the host.
    Reinvite,
    /// It is the seat's turn.
    Turn,
    /// The game has ended.
    End,
    /// The turn's deadline is near.
    Reminder,
    /// The turn's deadline passed.
    Overdue,
    /// To the host: `seat`'s turn is overdue.
    OverdueHost {
        seat: i64,
    },
    /// Another seat is away.
    Absence,
    Pause,
    Resume,
    /// A dispute's adjudicator is asked to rule.
    RuleRequest,
    /// … and reminded before it expires.
    RuleReminder,
    /// A record about other records that concerns everyone (a dispute, a ruling, an undo).
    Notice(CauseKind),
    /// The notices held for a seat, on day `day` (days since the epoch).
    Digest {
        day: i64,
    },
    /// The answer to a reply to a turn mail (`id` tells answers of one step apart).
    ReplyAnswer {
        id: String,
    },
    /// To a seat: a reply from another address was refused.
    Stranger {
        id: String,
    },
    /// To a seat: line `n` of the game's table talk, written to it alone (`play::chat`).
    Chat {
        n: i64,
    },
    /// To the host: confirm your address.
    HostConfirm,
    /// To the host: mail to `seat`'s address fails (it bounced, or was refused for good).
    Failing {
        seat: i64,
    },
    /// The answer to mail sent to our bare address, on day `day` (days since the epoch).
    Autoreply {
        day: i64,
    },
    /// Mail of no game about an address: `what` is "exists", "register", "login" or "reset"
    /// (its account), or "data" (the links to what is held about it, `play::people`).
    Account {
        what: &'static str,
    },
    /// A webhook was paused after failing again and again: its owner is told (once per pause).
    WebhookPaused {
        id: String,
    },
}

/// The account mails there are (see [`MailKind::Account`]).
pub const ACCOUNT_MAILS: [&str; 5] = ["exists", "register", "login", "reset", "data"];

impl MailKind {
    /// The text the outbox keeps.
    pub fn text(&self) -> String {
        match self {
            MailKind::Invite => "invite".into(),
            MailKind::Reinvite => "reinvite".into(),
            MailKind::Turn => "turn".into(),
            MailKind::End => "end".into(),
            MailKind::Reminder => "reminder".into(),
            MailKind::Overdue => "overdue".into(),
            MailKind::OverdueHost { seat } => format!("overdue-host-{seat}"),
            MailKind::Absence => "absence".into(),
            MailKind::Pause => "pause".into(),
            MailKind::Resume => "resume".into(),
            MailKind::RuleRequest => "rule-request".into(),
            MailKind::RuleReminder => "rule-reminder".into(),
            MailKind::Notice(cause) => cause.code().into(),
            MailKind::Digest { day } => format!("digest-{day}"),
            MailKind::ReplyAnswer { id } => format!("reply-{id}"),
            MailKind::Stranger { id } => format!("stranger-{id}"),
            MailKind::Chat { n } => format!("chat-{n}"),
            MailKind::HostConfirm => "host-confirm".into(),
            MailKind::Failing { seat } => format!("failing-{seat}"),
            MailKind::Autoreply { day } => format!("autoreply-{day}"),
            MailKind::Account { what } => format!("account-{what}"),
            MailKind::WebhookPaused { id } => format!("webhook-paused-{id}"),
        }
    }

    /// A kind from the text the outbox keeps.
    pub fn parse(text: &str) -> Result<MailKind, UnknownValue> {
        let unknown = || UnknownValue { column: "outbox.kind", value: text.to_owned() };
        Ok(match text {
            "invite" => MailKind::Invite,
            "reinvite" => MailKind::Reinvite,
            "turn" => MailKind::Turn,
            "end" => MailKind::End,
            "reminder" => MailKind::Reminder,
            "overdue" => MailKind::Overdue,
            "absence" => MailKind::Absence,
            "pause" => MailKind::Pause,
            "resume" => MailKind::Resume,
            "rule-request" => MailKind::RuleRequest,
            "rule-reminder" => MailKind::RuleReminder,
            "host-confirm" => MailKind::HostConfirm,
            t => {
                if let Some(seat) = t.strip_prefix("overdue-host-") {
                    MailKind::OverdueHost { seat: seat.parse().map_err(|_| unknown())? }
                } else if let Some(day) = t.strip_prefix("digest-") {
                    MailKind::Digest { day: day.parse().map_err(|_| unknown())? }
                } else if let Some(id) = t.strip_prefix("reply-") {
                    MailKind::ReplyAnswer { id: id.to_owned() }
                } else if let Some(id) = t.strip_prefix("stranger-") {
                    MailKind::Stranger { id: id.to_owned() }
                } else if let Some(n) = t.strip_prefix("chat-") {
                    MailKind::Chat { n: n.parse().map_err(|_| unknown())? }
                } else if let Some(seat) = t.strip_prefix("failing-") {
                    MailKind::Failing { seat: seat.parse().map_err(|_| unknown())? }
                } else if let Some(day) = t.strip_prefix("autoreply-") {
                    MailKind::Autoreply { day: day.parse().map_err(|_| unknown())? }
                } else if let Some(id) = t.strip_prefix("webhook-paused-") {
                    MailKind::WebhookPaused { id: id.to_owned() }
                } else if let Some(what) = t.strip_prefix("account-") {
                    MailKind::Account {
                        what: ACCOUNT_MAILS.into_iter().find(|w| *w == what).ok_or_else(unknown)?,
                    }
                } else {
                    MailKind::Notice(CauseKind::from_code(t).ok_or_else(unknown)?)
                }
            }
        })
    }
}

impl std::fmt::Display for MailKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

/// Where a mail in the outbox stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum MailStatus {
    /// To be sent (again, after a failure, at its next attempt).
    Pending,
    /// Delivered to the mail server (or shown in the dev mailbox).
    Sent,
    /// Refused for good by the mail server.
    Failed,
    /// Held for the seat's daily digest.
    Held,
    /// Carried by a digest instead.
    Digested,
    /// Never sent: its recipient asked for no mail.
    Suppressed,
    /// Never sent: mail to its address fails (a bounce, a refusal for good).
    Stopped,
}

impl MailStatus {
    pub const ALL: [MailStatus; 7] = [
        MailStatus::Pending,
        MailStatus::Sent,
        MailStatus::Failed,
        MailStatus::Held,
        MailStatus::Digested,
        MailStatus::Suppressed,
        MailStatus::Stopped,
    ];

    /// Whether nothing more will be done with the mail's body: neither sending it nor carrying
    /// it in a digest. Such bodies are cleared after the retention period.
    pub fn is_done(self) -> bool {
        !matches!(self, MailStatus::Pending | MailStatus::Held)
    }

    /// The text the outbox keeps.
    pub fn text(self) -> &'static str {
        match self {
            MailStatus::Pending => "pending",
            MailStatus::Sent => "sent",
            MailStatus::Failed => "failed",
            MailStatus::Held => "held",
            MailStatus::Digested => "digested",
            MailStatus::Suppressed => "suppressed",
            MailStatus::Stopped => "stopped",
        }
    }

    pub fn parse(text: &str) -> Result<MailStatus, UnknownValue> {
        Self::ALL
            .into_iter()
            .find(|s| s.text() == text)
            .ok_or_else(|| UnknownValue { column: "outbox.status", value: text.to_owned() })
    }
}

impl std::fmt::Display for MailStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text())
    }
}

/// A seat's mail preference.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = Pref)]
pub enum MailPref {
    /// A mail whenever something is asked of the seat (the default).
    #[default]
    #[serde(rename = "every")]
    Every,
    /// Notices are kept and sent together once a day.
    #[serde(rename = "digest")]
    Digest,
    /// No mail but the invitation.
    #[serde(rename = "none")]
    Never,
}

impl MailPref {
    pub const ALL: [MailPref; 3] = [MailPref::Every, MailPref::Digest, MailPref::Never];

    /// The code the store keeps and forms send.
    pub fn code(self) -> &'static str {
        match self {
            MailPref::Every => "every",
            MailPref::Digest => "digest",
            MailPref::Never => "none",
        }
    }

    pub fn from_code(code: &str) -> Option<MailPref> {
        MailPref::ALL.into_iter().find(|p| p.code() == code)
    }
}

/// What happens when a turn's deadline passes, agreed at creation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DeadlinePolicy {
    /// Remind again and tell the host (the default).
    #[default]
    Remind,
    /// The rules' default for a missed turn, where they have one (otherwise: remind).
    Skip,
    /// The game's clocks stop for `pause_hours`.
    Pause,
}

impl DeadlinePolicy {
    pub const ALL: [DeadlinePolicy; 3] =
        [DeadlinePolicy::Remind, DeadlinePolicy::Skip, DeadlinePolicy::Pause];

    /// The code stored with the game's clock and sent by forms.
    pub fn code(self) -> &'static str {
        match self {
            DeadlinePolicy::Remind => "remind",
            DeadlinePolicy::Skip => "skip",
            DeadlinePolicy::Pause => "pause",
        }
    }

    pub fn from_code(code: &str) -> Option<DeadlinePolicy> {
        Self::ALL.into_iter().find(|p| p.code() == code.trim())
    }
}

/// Why a line of table talk no longer has its text (`chat_lines.cleared`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChatCleared {
    /// Its writer's address was forgotten (`feldpost forget`, or the link on `/privacy`).
    Withdrawn,
    /// The game ended longer ago than table talk is kept (FELDPOST_CHAT_RETENTION_DAYS).
    Expired,
}

impl ChatCleared {
    pub const ALL: [ChatCleared; 2] = [ChatCleared::Withdrawn, ChatCleared::Expired];

    /// The text the store keeps.
    pub fn text(self) -> &'static str {
        match self {
            ChatCleared::Withdrawn => "withdrawn",
            ChatCleared::Expired => "expired",
        }
    }

    pub fn parse(text: &str) -> Result<ChatCleared, UnknownValue> {
        Self::ALL
            .into_iter()
            .find(|c| c.text() == text)
            .ok_or_else(|| UnknownValue { column: "chat_lines.cleared", value: text.to_owned() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mail_kind_is_kept_as_the_text_it_was_kept_as_and_read_back() {
        let kinds = [
            (MailKind::Invite, "invite"),
            (MailKind::Reinvite, "reinvite"),
            (MailKind::Turn, "turn"),
            (MailKind::End, "end"),
            (MailKind::Reminder, "reminder"),
            (MailKind::Overdue, "overdue"),
            (MailKind::OverdueHost { seat: 2 }, "overdue-host-2"),
            (MailKind::Absence, "absence"),
            (MailKind::Pause, "pause"),
            (MailKind::Resume, "resume"),
            (MailKind::RuleRequest, "rule-request"),
            (MailKind::RuleReminder, "rule-reminder"),
            (MailKind::Notice(CauseKind::Ruling), "ruling"),
            (MailKind::Notice(CauseKind::AppealDecided), "appeal_decided"),
            (MailKind::Digest { day: 20_400 }, "digest-20400"),
            (MailKind::ReplyAnswer { id: "ab12".into() }, "reply-ab12"),
            (MailKind::Stranger { id: "cd34".into() }, "stranger-cd34"),
            (MailKind::HostConfirm, "host-confirm"),
            (MailKind::Failing { seat: 1 }, "failing-1"),
            (MailKind::Autoreply { day: 20_400 }, "autoreply-20400"),
            (MailKind::Account { what: "reset" }, "account-reset"),
        ];
        for (kind, text) in kinds {
            assert_eq!(kind.text(), text);
            assert_eq!(MailKind::parse(text), Ok(kind));
        }
        assert!(MailKind::parse("gossip").is_err());
        assert!(MailKind::parse("digest-soon").is_err());
        assert!(MailKind::parse("account-party").is_err());
        for s in MailStatus::ALL {
            assert_eq!(MailStatus::parse(s.text()), Ok(s));
        }
        assert!(MailStatus::parse("lost").is_err());
    }
}

/// How a webhook's messages are written (docs/notifications.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum WebhookFormat {
    /// A Discord channel's webhook: `{"content": …}`.
    Discord,
    /// A Slack incoming webhook: `{"text": …}`.
    Slack,
    /// A Matrix room, through the client-server API with an access token.
    Matrix,
    /// JSON signed per Standard Webhooks, for one's own tools.
    Json,
    /// A browser's push subscription (Web Push, RFC 8030): encrypted per RFC 8291, signed per
    /// RFC 8292 (VAPID). Added by the game page's script, not typed in.
    Push,
}

impl WebhookFormat {
    pub const ALL: [WebhookFormat; 5] = [
        WebhookFormat::Discord,
        WebhookFormat::Slack,
        WebhookFormat::Matrix,
        WebhookFormat::Json,
        WebhookFormat::Push,
    ];

    /// The code the store keeps and forms send.
    pub fn code(self) -> &'static str {
        match self {
            WebhookFormat::Discord => "discord",
            WebhookFormat::Slack => "slack",
            WebhookFormat::Matrix => "matrix",
            WebhookFormat::Json => "json",
            WebhookFormat::Push => "push",
        }
    }

    pub fn from_code(code: &str) -> Option<WebhookFormat> {
        WebhookFormat::ALL.into_iter().find(|f| f.code() == code)
    }

    pub fn parse(text: &str) -> Result<WebhookFormat, UnknownValue> {
        WebhookFormat::from_code(text)
            .ok_or_else(|| UnknownValue { column: "webhooks.format", value: text.to_owned() })
    }
}
