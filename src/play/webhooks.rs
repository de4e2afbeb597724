//! Webhooks: the host's for the whole game (every step, for a group channel) and each seat's
//! own (its turn, a dispute it must rule on, a deadline, the end). docs/notifications.md says
//! what each is told and how.
//!
//! What a webhook is told comes from the log, never from the move that caused it: a webhook
//! keeps a cursor into its game's log (the last step it was told of), and the worker tells it
//! of the steps after it. The records are written in the step's one transaction (the one write
//! path, docs/architecture.md, rule 3), so no step is missed, and a move neither writes nor
//! waits for anything of a webhook's: a receiver that is down never blocks or fails a move.
//! The message of the steps after the cursor is written once beside the webhook and sent as it
//! is until the receiver takes it (at least once, with the same id each time, which lets the
//! receiver drop a second copy), with growing waits between tries; after [`PAUSE_AFTER`]
//! failures in a row the webhook is paused and its owner told by mail and on their page.
//!
//! What a message says goes through the per-viewer gate (rule 4): it is the history as its
//! owner may see it (`play::history`): a game's webhook as a spectator, a seat's as that seat.

use super::PlayError;
use super::history::{HistoryEntry, history_window};
use super::log::{GameLog, Loaded, Posting};
use crate::ids::GameId;
use crate::notify::push;
use crate::notify::webhooks::{self as deliver, Destination, Message, WebhookError};
use crate::record::{CauseKind, Party};
use crate::store::{Pending, WebhookFormat, WebhookRow};
use feldpost_engine::{Msg, Seat};

/// After this many failed deliveries in a row a webhook is paused until its owner resumes it.
pub const PAUSE_AFTER: i64 = 20;
/// How many webhooks one owner may have in one game.
pub const MAX_PER_OWNER: usize = 5;
/// The wait after a first failure; each further one doubles it, up to [`LONGEST_WAIT_MS`].
const FIRST_WAIT_MS: i64 = 10_000;
const LONGEST_WAIT_MS: i64 = 3_600_000;
/// How many steps one message tells at most (a webhook that was paused long says the rest were
/// left out).
const MOST_STEPS: usize = 30;
/// How many webhooks are delivered to at once.
const AT_ONCE: usize = 8;

/// How long a server holds a webhook it is telling: far longer than one request may take
/// (`notify::webhooks::TIMEOUT`), short enough that a dead server's message is not late by much.
const LEASE_MS: i64 = 60_000;

/// Whose a webhook is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// The game's: set by the host, told what a spectator may see.
    Game,
    Seat(Seat),
}

impl Owner {
    fn seat(self) -> Option<Seat> {
        match self {
            Owner::Game => None,
            Owner::Seat(s) => Some(s),
        }
    }

    fn column(self) -> Option<i64> {
        self.seat().map(i64::from)
    }
}

/// A webhook as its owner asks for it.
#[derive(Debug, Clone)]
pub struct NewWebhook {
    pub format: WebhookFormat,
    /// The receiver's URL; for Matrix, the homeserver's.
    pub url: String,
    /// Matrix: the room's id (`!…:server`) or alias.
    pub room: String,
    /// Matrix: the access token of the account that posts.
    pub access_token: String,
    /// Push: the browser's public key (`p256dh`) and auth secret, in URL-safe base64.
    pub p256dh: String,
    pub auth: String,
}

/// A webhook just added, with its signing secret (generic JSON), shown this once.
pub struct Added {
    pub webhook: WebhookRow,
    pub secret: Option<String>,
}

/// The words for why a URL was refused or a delivery failed.
pub fn error_msg(e: &WebhookError) -> Msg {
    match e {
        WebhookError::NotAUrl | WebhookError::NoHost => Msg::new("webhook-error-url"),
        WebhookError::Scheme => Msg::new("webhook-error-scheme"),
        WebhookError::Private { host, .. } => Msg::new("webhook-error-private").text("host", host.clone()),
        WebhookError::Unresolved(host) => Msg::new("webhook-error-unresolved").text("host", host.clone()),
        WebhookError::Connect(_) => Msg::new("webhook-error-connect"),
        WebhookError::Tls(_) => Msg::new("webhook-error-tls"),
        WebhookError::Timeout => Msg::new("webhook-error-timeout"),
        WebhookError::Status(code) => Msg::new("webhook-error-status").num("status", i64::from(*code)),
        WebhookError::TooLarge => Msg::new("webhook-error-too-large"),
    }
}

/// The words of a stored failure (kept as a message id and its arguments).
pub fn stored_error(text: &str) -> Msg {
    serde_json::from_str(text).unwrap_or_else(|_| Msg::new("webhook-error-connect"))
}

/// Where a webhook's messages go, in words its owner recognises: the URL's host (a URL's path
/// often holds the receiver's own secret, which is never shown again).
pub fn target_of(w: &WebhookRow) -> String {
    url::Url::parse(&w.url).ok().and_then(|u| u.host_str().map(str::to_owned)).unwrap_or_default()
}

/// Add a webhook for `owner` in the game as `loaded`. It is told of what happens from now on.
pub async fn add(log: &GameLog, loaded: &Loaded, owner: Owner, new: NewWebhook) -> Result<Added, PlayError> {
    let refused = |e: WebhookError| PlayError::Invalid(error_msg(&e));
    let url = deliver::parse_url(&new.url).map_err(refused)?;
    let (url, secret, shown) = match new.format {
        WebhookFormat::Matrix => {
            let room = new.room.trim();
            let token = new.access_token.trim();
            if room.is_empty() || room.chars().any(char::is_control) || room.len() > 255 {
                return Err(PlayError::invalid("webhook-error-room"));
            }
            if token.is_empty() || !token.chars().all(|c| c.is_ascii_graphic()) || token.len() > 1024 {
                return Err(PlayError::invalid("webhook-error-token"));
            }
            let mut send = url.clone();
            send.set_query(None);
            send.set_fragment(None);
            send.path_segments_mut().map_err(|_| refused(WebhookError::NotAUrl))?.clear().extend([
                "_matrix",
                "client",
                "v3",
                "rooms",
                room,
                "send",
                "m.room.message",
                "",
            ]);
            (send.to_string(), token.to_owned(), None)
        }
        WebhookFormat::Json => {
            let secret = deliver::new_secret();
            (url.to_string(), secret.clone(), Some(secret))
        }
        WebhookFormat::Push => {
            if push::Keys::parse(&new.p256dh, &new.auth).is_none() {
                return Err(PlayError::invalid("webhook-error-push-keys"));
            }
            (url.to_string(), push::Keys::stored(&new.p256dh, &new.auth), None)
        }
        WebhookFormat::Discord | WebhookFormat::Slack => (url.to_string(), String::new(), None),
    };
    if url.len() > 2048 {
        return Err(PlayError::invalid("webhook-error-url"));
    }
    let checked = deliver::parse_url(&url).map_err(refused)?;
    deliver::checked_address(&checked, log.webhooks_to_private()).await.map_err(refused)?;
    let mut mine = log.store.webhooks_of(&loaded.game.id, owner.column()).await?;
    // A browser that subscribes again (new keys, the same endpoint) replaces its subscription.
    if new.format == WebhookFormat::Push
        && let Some(again) = mine.iter().position(|w| w.format == WebhookFormat::Push && w.url == url)
    {
        log.store.webhook_delete(&mine.remove(again).id).await?;
    }
    if mine.len() >= MAX_PER_OWNER {
        return Err(PlayError::invalid("webhook-error-too-many"));
    }
    let asked = owner.seat().is_some_and(|s| loaded.table.to_act().contains(&s));
    let webhook = WebhookRow {
        id: format!("wh_{}", crate::secret::random_id()),
        game_id: loaded.game.id.to_string(),
        seat: owner.column(),
        format: new.format,
        url,
        secret,
        created_at: log.now(),
        told_seq: loaded.seq as i64,
        asked,
        pending: None,
        failures: 0,
        next_attempt_at: 0,
        last_error: None,
        paused_at: None,
    };
    log.store.webhook_insert(&webhook).await?;
    log.set_webhooks_live(true);
    Ok(Added { webhook, secret: shown })
}

/// How many of an account's games get its browser's notifications at most (the newest first;
/// beyond them, a game's own page turns them on).
pub const ACCOUNT_PUSH_GAMES: i64 = 200;

/// Browser notifications for every game of an account: the subscription is kept for the
/// account, and each of its seats still playing gets a push webhook of its own, so that what
/// each push says is that seat's view (rule 4), as if the seat had turned it on. A seat that
/// joins the account later gets one too ([`push_for_seat`]). `address`: the account's proved
/// address, whose seats are the account's as well. Returns how many seats it now reaches.
pub async fn push_for_account(
    log: &GameLog,
    account_id: &str,
    address: Option<&str>,
    sub: &crate::store::AccountPush,
) -> Result<usize, PlayError> {
    let refused = |e: WebhookError| PlayError::Invalid(error_msg(&e));
    if push::Keys::parse(&sub.p256dh, &sub.auth).is_none() {
        return Err(PlayError::invalid("webhook-error-push-keys"));
    }
    let url = deliver::parse_url(&sub.endpoint).map_err(refused)?;
    if sub.endpoint.len() > 2048 {
        return Err(PlayError::invalid("webhook-error-url"));
    }
    deliver::checked_address(&url, log.webhooks_to_private()).await.map_err(refused)?;
    log.store.account_push_put(account_id, sub, log.now()).await?;
    let lines = log.store.my_games_page(account_id, address, 0, ACCOUNT_PUSH_GAMES).await?;
    let mut reached = 0;
    for line in lines.iter().filter(|l| !l.finished) {
        let Some(seat) = line.seat else { continue };
        if push_seat(log, &line.game_id, seat, sub, false).await {
            reached += 1;
        }
    }
    Ok(reached)
}

/// A seat that has just become an account's (attached, or a game made or handed on to the
/// account's proved address) gets the push webhooks of that account's browsers; `from_start`
/// (a game just made): told from its first step, whose turn included. Failures are logged: the
/// seat's moves never wait on them.
pub async fn push_for_seat(log: &GameLog, game_id: &str, seat: i64, from_start: bool) {
    let subs = match log.store.account_push_for_seat(game_id, seat).await {
        Ok(subs) => subs,
        Err(e) => {
            tracing::warn!("game {game_id} seat {seat}: the account's push subscriptions: {e}");
            return;
        }
    };
    for sub in &subs {
        push_seat(log, game_id, seat, sub, from_start).await;
    }
}

/// One seat's push webhook for an account's subscription; whether it was added.
async fn push_seat(
    log: &GameLog,
    game_id: &str,
    seat: i64,
    sub: &crate::store::AccountPush,
    from_start: bool,
) -> bool {
    let Ok(seat) = Seat::try_from(seat) else { return false };
    let added = async {
        let loaded = log.load(&GameId::from_stored(game_id.to_owned())).await?;
        if loaded.finished() {
            return Ok(None);
        }
        let new = NewWebhook {
            format: WebhookFormat::Push,
            url: sub.endpoint.clone(),
            room: String::new(),
            access_token: String::new(),
            p256dh: sub.p256dh.clone(),
            auth: sub.auth.clone(),
        };
        let added = add(log, &loaded, Owner::Seat(seat), new).await?;
        if from_start {
            log.store.webhook_from_start(&added.webhook.id).await?;
        }
        Ok::<_, PlayError>(Some(added))
    };
    match added.await {
        Ok(added) => added.is_some(),
        Err(e) => {
            tracing::warn!("game {game_id} seat {seat}: the account's push: {e}");
            false
        }
    }
}

/// Stop an account's browser notifications on the browser of `endpoint`, in every game.
pub async fn stop_account_push(log: &GameLog, account_id: &str, endpoint: &str) -> Result<bool, PlayError> {
    Ok(log.store.account_push_stop(account_id, endpoint).await?)
}

/// `owner`'s webhooks in the game, oldest first.
pub async fn list(log: &GameLog, loaded: &Loaded, owner: Owner) -> Result<Vec<WebhookRow>, PlayError> {
    Ok(log.store.webhooks_of(&loaded.game.id, owner.column()).await?)
}

/// Whether one of `owner`'s webhooks is paused, in words for their page.
pub async fn paused_notice(
    log: &GameLog,
    loaded: &Loaded,
    owner: Owner,
    tr: &crate::i18n::Tr,
) -> Result<Option<String>, PlayError> {
    let paused = log.store.webhooks_paused(&loaded.game.id, owner.column()).await?;
    Ok(paused.then(|| tr.t("webhooks-paused-lead")))
}

/// `owner`'s webhook `id`: another's is as unknown as one that never was.
async fn owned(log: &GameLog, loaded: &Loaded, owner: Owner, id: &str) -> Result<WebhookRow, PlayError> {
    log.store
        .webhook(id)
        .await?
        .filter(|w| w.game_id == loaded.game.id.as_str() && w.seat == owner.column())
        .ok_or_else(|| PlayError::invalid("webhook-error-unknown"))
}

pub async fn remove(log: &GameLog, loaded: &Loaded, owner: Owner, id: &str) -> Result<(), PlayError> {
    let w = owned(log, loaded, owner, id).await?;
    log.store.webhook_delete(&w.id).await?;
    Ok(())
}

/// Resume a paused webhook: it is tried again at once.
pub async fn resume(log: &GameLog, loaded: &Loaded, owner: Owner, id: &str) -> Result<(), PlayError> {
    let w = owned(log, loaded, owner, id).await?;
    log.store.webhook_resume(&w.id).await?;
    log.set_webhooks_live(true);
    log.webhooks_ready().notify_one();
    Ok(())
}

/// Send a test message to webhook `id` now; the answer says whether the receiver took it. It
/// changes nothing of the webhook's (its cursor, failures and pause stay as they are).
pub async fn test(
    log: &GameLog,
    loaded: &Loaded,
    owner: Owner,
    id: &str,
) -> Result<Result<(), WebhookError>, PlayError> {
    let w = owned(log, loaded, owner, id).await?;
    let key = match owner {
        Owner::Game => format!("{}:host", loaded.game.id),
        Owner::Seat(s) => format!("{}:{s}", loaded.game.id),
    };
    super::limits::take(log, super::limits::Limit::WebhookTestsPerOwner, &key).await?;
    let tr = loaded.tr();
    let said = tr.t_args("webhook-test-text", &[("game", loaded.game.title.clone())]);
    let text = match w.format {
        WebhookFormat::Push => push_payload(loaded, &said, "normal"),
        _ => said,
    };
    let m = Message {
        id: format!("msg_{}_test_{}", w.id, crate::secret::random_id()),
        text,
        game_id: w.game_id.clone(),
        seq: loaded.seq as i64,
        kind: "feldpost.test",
    };
    let sent = send(log, loaded, &w, &m).await;
    if gone(&w, &sent) {
        forget_gone(log, &w).await?;
    }
    Ok(sent)
}

/// Before a turn's deadline, the reminder the seats asked to act get by mail goes to their own
/// webhooks too (a Discord channel of their own, their browser's push), so a player who is told
/// there and not by mail is reminded as well. Sent once, now, and not tried again (a reminder
/// that comes late reminds of nothing); its id names the step, so a receiver drops a second
/// copy. The deadline's clock (`play::deadlines`) calls it once a step, on one server.
pub async fn remind(log: &GameLog, loaded: &Loaded, seats: &[Seat], deadline: i64) {
    let tr = loaded.tr();
    let mut sends = Vec::new();
    for row in seats.iter().filter_map(|s| loaded.seats.get(usize::from(*s))) {
        let hooks = match log.store.webhooks_of(&loaded.game.id, Some(row.seat)).await {
            Ok(hooks) => hooks,
            Err(e) => {
                tracing::warn!("webhook reminders of game {}: {e}", loaded.game.id);
                continue;
            }
        };
        let said = tr.t_args(
            "webhook-reminder",
            &[("game", loaded.game.title.clone()), ("when", tr.deadline(deadline, row.zone().as_ref()))],
        );
        for w in hooks.into_iter().filter(|w| w.paused_at.is_none()) {
            let text = match w.format {
                WebhookFormat::Push => push_payload(loaded, &said, "high"),
                _ => said.clone(),
            };
            let m = Message {
                id: format!("msg_{}_remind_{}", w.id, loaded.seq),
                text,
                game_id: w.game_id.clone(),
                seq: loaded.seq as i64,
                kind: "feldpost.reminder",
            };
            sends.push(async move {
                let sent = send(log, loaded, &w, &m).await;
                (w, sent)
            });
        }
    }
    for (w, sent) in futures_util::future::join_all(sends).await {
        if gone(&w, &sent) {
            if let Err(e) = forget_gone(log, &w).await {
                tracing::warn!("webhook {}: {e}", w.id);
            }
        } else if let Err(e) = sent {
            tracing::warn!("webhook {}: the reminder was not taken: {e}", w.id);
        }
    }
}

/// Whether a push service said the subscription is no more (404 or 410, RFC 8030 section
/// 7.3): it is removed, not paused, since no retry can succeed and the browser may subscribe
/// anew.
fn gone(w: &WebhookRow, sent: &Result<(), WebhookError>) -> bool {
    w.format == WebhookFormat::Push && matches!(sent, Err(WebhookError::Status(404 | 410)))
}

/// A subscription that is gone: its webhook, and an account's subscription of that browser.
async fn forget_gone(log: &GameLog, w: &WebhookRow) -> Result<(), PlayError> {
    log.store.webhook_delete(&w.id).await?;
    log.store.account_push_gone(&w.url).await?;
    Ok(())
}

/// A notification's JSON as stored: the game's title, the words, the urgency; the link is
/// added when it is sent (a seat's link is its key, which the store does not keep).
fn push_payload(loaded: &Loaded, body: &str, urgency: &str) -> String {
    let payload = push::Payload {
        title: loaded.game.title.clone(),
        body: deliver::clip(body, push::MAX_BODY_CHARS),
        url: String::new(),
        urgency: urgency.to_owned(),
        tag: loaded.game.id.as_str().to_owned(),
    };
    serde_json::to_string(&payload).unwrap_or_default()
}

async fn send(log: &GameLog, loaded: &Loaded, w: &WebhookRow, m: &Message) -> Result<(), WebhookError> {
    let mut m = m.clone();
    if w.format == WebhookFormat::Push
        && let Ok(mut payload) = serde_json::from_str::<push::Payload>(&m.text)
    {
        // A push goes to the seat's own device: its link opens its page there.
        payload.url = match w.seat {
            Some(s) => {
                loaded.seats.iter().find(|r| r.seat == s).map(|r| log.links().seat(r)).unwrap_or_default()
            }
            None => log.links().watch_url(&loaded.game),
        };
        m.text = serde_json::to_string(&payload).unwrap_or_default();
    }
    let to = Destination { format: w.format, url: &w.url, secret: &w.secret, vapid: Some(log.vapid()) };
    let request = deliver::request(&to, &m, log.now().div_euclid(1000))?;
    deliver::send(&request, log.webhooks_to_private()).await
}

/// One pass of the webhook worker: every webhook with something due is told (or tried again).
/// Returns how many were delivered to.
pub async fn deliver_due(log: &GameLog) -> Result<usize, PlayError> {
    use futures_util::StreamExt;
    let due = log.store.webhooks_due(log.now()).await?;
    let delivered = futures_util::stream::iter(due)
        .map(|w| async move {
            match deliver_one(log, w).await {
                Ok(done) => done,
                Err(e) => {
                    tracing::warn!("webhook: {e}");
                    false
                }
            }
        })
        .buffer_unordered(AT_ONCE)
        .filter(|done| std::future::ready(*done))
        .count()
        .await;
    Ok(delivered)
}

async fn deliver_one(log: &GameLog, w: WebhookRow) -> Result<bool, PlayError> {
    // Taken first, so that of several servers one tells it (`Store::webhook_take`).
    let lease_until = log.now() + LEASE_MS;
    if !log.store.webhook_take(&w.id, w.next_attempt_at, lease_until).await? {
        return Ok(false);
    }
    let give_back = || log.store.webhook_give_back(&w.id, lease_until, w.next_attempt_at);
    let loaded = log.load(&GameId::from_stored(w.game_id.clone())).await?;
    let pending = match &w.pending {
        Some(p) => p.clone(),
        None => {
            let (said, asked) = compose(log, &loaded, &w).await?;
            match said {
                None => {
                    log.store.webhook_passed(&w.id, loaded.seq as i64, asked).await?;
                    give_back().await?;
                    return Ok(false);
                }
                Some(p) => {
                    log.store.webhook_pending_set(&w.id, &p, asked).await?;
                    // One written before (by a server whose lease ran out) is the one sent.
                    match log.store.webhook(&w.id).await?.and_then(|w| w.pending) {
                        Some(stored) => stored,
                        None => {
                            give_back().await?;
                            return Ok(false);
                        }
                    }
                }
            }
        }
    };
    let m = Message {
        id: pending.id.clone(),
        text: pending.text.clone(),
        game_id: w.game_id.clone(),
        seq: pending.upto_seq,
        kind: "feldpost.step",
    };
    let sent = send(log, &loaded, &w, &m).await;
    if gone(&w, &sent) {
        forget_gone(log, &w).await?;
        return Ok(false);
    }
    match sent {
        Ok(()) => {
            log.store.webhook_told(&w.id, &pending.id).await?;
            Ok(true)
        }
        Err(e) => {
            let now = log.now();
            let failures = w.failures + 1;
            let wait = FIRST_WAIT_MS.saturating_mul(1 << (failures - 1).clamp(0, 20)).min(LONGEST_WAIT_MS);
            let paused_at = (failures >= PAUSE_AFTER).then_some(now);
            let why = error_msg(&e);
            let stored = serde_json::to_string(&why).unwrap_or_default();
            if log.store.webhook_failed(&w.id, &stored, now + wait, paused_at).await? {
                tell_paused(log, &loaded, &w, &why).await?;
            }
            Ok(false)
        }
    }
}

/// Tell a webhook's owner by mail that it was paused (the host at their address, a seat at
/// its own); their page says so too, from the webhook's row.
async fn tell_paused(log: &GameLog, loaded: &Loaded, w: &WebhookRow, why: &Msg) -> Result<(), PlayError> {
    let tr = loaded.tr();
    let why = tr.msg(why);
    let target = target_of(w);
    let sealed = log.links().sealed();
    let mail = match w.seat {
        Some(s) => {
            let Some(row) = loaded.seats.iter().find(|r| r.seat == s).filter(|r| !r.email.is_empty()) else {
                return Ok(());
            };
            let link = format!("{}/webhooks", sealed.seat(row));
            crate::mail::webhook_paused(
                &tr,
                &loaded.game,
                Some(row),
                &row.email,
                &w.id,
                &target,
                &why,
                PAUSE_AFTER,
                &link,
                loaded.seq,
                log.now(),
            )
        }
        None => {
            let host = log.store.game_clock(&loaded.game.id).await?.map(|c| c.host_email).unwrap_or_default();
            if host.is_empty() {
                return Ok(());
            }
            let link = format!("{}/webhooks", sealed.host_url(&loaded.game));
            crate::mail::webhook_paused(
                &tr,
                &loaded.game,
                None,
                &host,
                &w.id,
                &target,
                &why,
                PAUSE_AFTER,
                &link,
                loaded.seq,
                log.now(),
            )
        }
    };
    log.send(loaded, vec![mail], Posting::Queue).await?;
    Ok(())
}

/// What webhook `w` is to be told of the steps after its cursor, if anything, and whether its
/// seat is asked to act as of the newest step.
async fn compose(
    log: &GameLog,
    loaded: &Loaded,
    w: &WebhookRow,
) -> Result<(Option<Pending>, bool), PlayError> {
    let seat = w.seat.and_then(|s| Seat::try_from(s).ok());
    let asked = !loaded.finished() && seat.is_some_and(|s| loaded.table.to_act().contains(&s));
    let from = (w.told_seq + 1).max(1) as u64;
    if from > loaded.seq {
        return Ok((None, asked));
    }
    // The history as the owner may see it: a spectator's, or the seat's (rule 4).
    let entries = history_window(log, loaded, seat, from, loaded.seq).await?;
    let tr = loaded.tr();
    let ended = loaded.game.finished_at.is_some_and(|at| entries.iter().any(|e| e.at >= at))
        && !entries.is_empty()
        && loaded.finished();
    let mut lines = step_lines(&tr, &entries);
    let mut calls = Vec::new();
    // Whether the seat is asked to act now (its turn, a ruling it owes): a push is then urgent.
    let mut urgent = false;
    match seat {
        None => {
            if lines.is_empty() {
                return Ok((None, asked));
            }
        }
        Some(s) => {
            let rewound = entries.iter().any(|e| matches!(e.cause, CauseKind::Ruling | CauseKind::Undo));
            if asked && (!w.asked || rewound) {
                calls.push(tr.t("webhook-your-turn"));
                urgent = true;
            }
            for d in super::disputes::disputes(loaded) {
                if d.seq >= from
                    && d.adjudicator == Party::Seat(s)
                    && d.status == super::disputes::DisputeStatus::Open
                {
                    calls.push(tr.t_args("webhook-rule", &[("step", d.against.to_string())]));
                    urgent = true;
                }
            }
            if entries.iter().any(|e| e.cause == CauseKind::Deadline) {
                calls.push(tr.t("webhook-deadline"));
            }
            if calls.is_empty() && !ended {
                return Ok((None, asked));
            }
        }
    }
    if ended && let Some(outcome) = loaded.table.outcome() {
        calls.push(tr.t_args("webhook-ended", &[("outcome", tr.msg(&outcome.summary))]));
    }
    let upto = loaded.seq as i64;
    if w.format == WebhookFormat::Push {
        // A notification is short: what is asked of the seat, then the newest step's words.
        // It is urgent when the seat is to act (its turn, a ruling it owes).
        let mut said: Vec<String> = calls.clone();
        said.extend(lines.last().cloned());
        let text = push_payload(loaded, &said.join("\n"), if urgent { "high" } else { "normal" });
        return Ok((Some(Pending { id: format!("msg_{}_{upto}", w.id), upto_seq: upto, text }), asked));
    }
    let mut text = tr.t_args("webhook-head", &[("game", loaded.game.title.clone())]);
    lines.append(&mut calls);
    for line in lines {
        text.push('\n');
        text.push_str(&line);
    }
    if seat.is_none() {
        text.push('\n');
        text.push_str(&log.links().watch_url(&loaded.game));
    }
    let text = deliver::clip(&text, deliver::MAX_TEXT);
    Ok((Some(Pending { id: format!("msg_{}_{upto}", w.id), upto_seq: upto, text }), asked))
}

/// One line per step that says something to this viewer, the newest [`MOST_STEPS`] of them.
fn step_lines(tr: &crate::i18n::Tr, entries: &[HistoryEntry]) -> Vec<String> {
    let said: Vec<String> = entries
        .iter()
        .filter(|e| !e.descriptions.is_empty())
        .map(|e| {
            let words: Vec<String> = e.descriptions.iter().map(|d| tr.msg(d)).collect();
            tr.t_args("webhook-step", &[("seq", e.seq.to_string()), ("what", words.join(" "))])
        })
        .collect();
    let left_out = said.len().saturating_sub(MOST_STEPS);
    let mut lines = Vec::new();
    if left_out > 0 {
        lines.push(tr.t_args("webhook-left-out", &[("count", left_out.to_string())]));
    }
    lines.extend(said.into_iter().skip(left_out));
    lines
}
