//! Every link and signed tag the server hands out: seat, host and spectator links, the "never
//! mail me again" link, the host's confirmation link and the reply address's tag. Each is made
//! from the server's key and its address alone, so any server sharing both makes the same ones,
//! and only hashes of the bearer tokens are stored (`src/secret.rs`).

use super::PlayError;
use crate::mail::sealed::{self, Sealed};
use crate::secret::Secret;
use crate::store::{GameRow, OutboxRow, SeatRow};

/// The step a reply tag names when its mail is about no step in particular (an invitation, a
/// notice): a reply to it is a reply to the turn as it stands.
pub const ANY_STEP: u64 = 0;

#[derive(Clone)]
pub struct Links {
    base_url: String,
    secret: Secret,
}

impl Links {
    pub fn new(base_url: &str, secret: Secret) -> Links {
        Links { base_url: base_url.trim_end_matches('/').to_owned(), secret }
    }

    /// The server's own address, without a trailing slash.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The server's key, for what is signed rather than linked (exports, record nonces).
    pub fn secret(&self) -> &Secret {
        &self.secret
    }

    /// A seat's bearer token (also the secret part of its link), from its row's salt.
    pub fn seat_token(&self, row: &SeatRow) -> String {
        self.secret.seat_token(&row.game_id, row.seat as u32, &row.token_salt)
    }

    /// The game page of the seat whose token this is.
    pub fn seat_url(&self, token: &str) -> String {
        format!("{}/play/{token}", self.base_url)
    }

    /// A seat's game page.
    pub fn seat(&self, row: &SeatRow) -> String {
        self.seat_url(&self.seat_token(row))
    }

    /// A seat's private calendar feed (`src/play/calendar.rs`).
    pub fn seat_calendar_url(&self, row: &SeatRow) -> String {
        let token = self.secret.seat_calendar_token(
            &row.game_id,
            row.seat as u32,
            &row.token_salt,
            &row.calendar_salt,
        );
        format!("{}/calendar/seat/{}/{}/{token}.ics", self.base_url, row.game_id, row.seat)
    }

    /// Whether `token` is the token of `row`'s calendar link now.
    pub fn is_seat_calendar_token(&self, row: &SeatRow, token: &str) -> bool {
        let own = self.secret.seat_calendar_token(
            &row.game_id,
            row.seat as u32,
            &row.token_salt,
            &row.calendar_salt,
        );
        crate::secret::constant_time_eq(&own, token)
    }

    /// An account's private calendar feed.
    pub fn account_calendar_url(&self, account_id: &str, calendar_salt: &str) -> String {
        let token = self.secret.account_calendar_token(account_id, calendar_salt);
        format!("{}/calendar/account/{account_id}/{token}.ics", self.base_url)
    }

    /// Whether `token` is the token of the account's calendar link now.
    pub fn is_account_calendar_token(&self, account_id: &str, calendar_salt: &str, token: &str) -> bool {
        let own = self.secret.account_calendar_token(account_id, calendar_salt);
        crate::secret::constant_time_eq(&own, token)
    }

    pub fn host_token(&self, game: &GameRow) -> String {
        self.secret.host_token(&game.id, &game.host_salt)
    }

    /// Whether `token` is the host link's token of `game`.
    pub fn is_host_token(&self, game: &GameRow, token: &str) -> bool {
        self.secret.check_host_token(&game.id, &game.host_salt, token)
    }

    /// The host page's path on this server (the host link without the server's address).
    pub fn host_path(&self, game: &GameRow) -> String {
        self.host_path_of(&game.id, &game.host_salt)
    }

    /// [`Links::host_path`] from the game's id and host salt alone (a list of games reads no
    /// whole game row).
    pub fn host_path_of(&self, game_id: &str, host_salt: &str) -> String {
        format!("/host/{game_id}/{}", self.secret.host_token(game_id, host_salt))
    }

    /// The host page.
    pub fn host_url(&self, game: &GameRow) -> String {
        format!("{}{}", self.base_url, self.host_path(game))
    }

    /// The spectators' read-only page (shown to the host).
    pub fn watch_url(&self, game: &GameRow) -> String {
        format!("{}/watch/{}/{}", self.base_url, game.id, self.secret.watch_token(&game.id, &game.host_salt))
    }

    /// Whether `token` is the spectators' token of `game`.
    pub fn is_watch_token(&self, game: &GameRow, token: &str) -> bool {
        self.secret.check_watch_token(&game.id, &game.host_salt, token)
    }

    /// The page where the host confirms their address, with the secret only the mail to it
    /// carries.
    pub fn confirm_url(&self, game_id: &str, secret: &str) -> String {
        format!("{}/confirm/{game_id}/{secret}", self.base_url)
    }

    /// The page where the owner of `address` stops all mail to it: the address and a signature
    /// for it alone, so nobody can stop someone else's mail.
    pub fn never_url(&self, address: &str) -> String {
        let address = crate::store::normalize_address(address);
        format!(
            "{}/mail/never/{}/{}",
            self.base_url,
            hex::encode(&address),
            self.secret.never_token(&address)
        )
    }

    /// The address of a never-mail link, if its signature holds.
    pub fn never_address(&self, address_hex: &str, token: &str) -> Result<String, PlayError> {
        hex::decode(address_hex)
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
            .filter(|a| a.len() <= crate::input::EmailAddress::MAX && self.secret.check_never_token(a, token))
            .ok_or(PlayError::UnknownLink)
    }

    /// The tag of a reply address for `seat` of `game_id` at step `seq`.
    pub fn reply_tag(&self, game_id: &str, seat: u32, seq: u64) -> String {
        self.secret.reply_tag(game_id, seat, seq)
    }

    /// The host's confirmation link of `game_id` made from `nonce`, and the secret in it (its
    /// hash is what the store keeps).
    pub fn confirm_secret(&self, game_id: &str, nonce: &str) -> String {
        self.secret.derived_token("confirm", &format!("{game_id}:{nonce}"))
    }

    /// The token of the link to what is held about an address, made from `nonce` (its hash is
    /// what the store keeps).
    pub fn address_token(&self, nonce: &str) -> String {
        self.secret.derived_token("address", nonce)
    }

    /// The links a mail carries, sealed: what the outbox keeps instead of each link (see
    /// `src/mail/sealed.rs`); [`Links::unseal`] makes them when the mail is sent.
    pub fn sealed(&self) -> SealedLinks<'_> {
        SealedLinks(self)
    }

    /// The link (or tag, or code) a placeholder stands for.
    pub fn make(&self, s: &Sealed) -> String {
        match s {
            Sealed::Seat { game, seat, salt } => {
                self.seat_url(&self.secret.seat_token(game, *seat as u32, salt))
            }
            Sealed::Host { game, salt } => {
                format!("{}/host/{game}/{}", self.base_url, self.secret.host_token(game, salt))
            }
            Sealed::Never { address } => self.never_url(address),
            Sealed::Confirm { game, nonce } => self.confirm_url(game, &self.confirm_secret(game, nonce)),
            Sealed::Account { reset, nonce } => format!(
                "{}/account/{}/{}",
                self.base_url,
                if *reset { "reset" } else { "link" },
                self.secret.derived_token("account", nonce)
            ),
            Sealed::Code { nonce } => self.secret.derived_code(nonce),
            Sealed::Reply { game, seat, seq } => self.reply_tag(game, *seat, *seq),
            Sealed::AddressLink { nonce } => {
                format!("{}/privacy/{}", self.base_url, self.address_token(nonce))
            }
            Sealed::PrivacyPage => format!("{}/privacy", self.base_url),
        }
    }

    /// A mail from the outbox as it is sent (or shown in the dev mailbox): its links made.
    pub fn unseal(&self, row: &mut OutboxRow) {
        sealed::unseal_row(row, &|s| self.make(s));
    }

    /// The outbox row a bounce address (`feldpost+b-TAG@…`: the envelope sender of the mail
    /// sent from that row) names, from the first of `recipients` that is one whose signature holds.
    pub fn bounce_target(&self, recipients: &[String]) -> Option<String> {
        recipients.iter().find_map(|address| {
            let local = address.rsplit_once('@')?.0;
            let tag = local.split_once('+')?.1.strip_prefix("b-")?;
            self.secret.check_bounce_tag(tag)
        })
    }

    /// The game, seat and step of the first of `recipients` that is one of our reply addresses
    /// with a valid signature.
    pub fn reply_target(&self, recipients: &[String]) -> Option<(String, u32, u64)> {
        recipients.iter().find_map(|address| {
            let local = address.rsplit_once('@')?.0;
            let tag = local.split_once('+')?.1;
            self.secret.check_reply_tag(tag)
        })
    }
}

impl crate::mail::Unseal for Links {
    fn unseal(&self, row: &mut OutboxRow) {
        Links::unseal(self, row);
    }

    fn bounce_tag(&self, row: &OutboxRow) -> Option<String> {
        Some(format!("b-{}", self.secret.bounce_tag(&row.id)))
    }
}

/// The links of a mail as the outbox keeps them: placeholders that open nothing without the
/// server's key (see `src/mail/sealed.rs`). The same methods as [`Links`] for the same links.
#[derive(Clone, Copy)]
pub struct SealedLinks<'a>(&'a Links);

impl SealedLinks<'_> {
    /// A seat's game page.
    pub fn seat(&self, row: &SeatRow) -> String {
        Sealed::Seat { game: row.game_id.to_string(), seat: row.seat, salt: row.token_salt.clone() }.text()
    }

    /// The host page.
    pub fn host_url(&self, game: &GameRow) -> String {
        Sealed::Host { game: game.id.to_string(), salt: game.host_salt.clone() }.text()
    }

    /// The never-mail page of `address`.
    pub fn never_url(&self, address: &str) -> String {
        Sealed::Never { address: crate::store::normalize_address(address) }.text()
    }

    /// The host's confirmation link made from `nonce` (see [`Links::confirm_secret`]).
    pub fn confirm_url(&self, game_id: &str, nonce: &str) -> String {
        Sealed::Confirm { game: game_id.to_owned(), nonce: nonce.to_owned() }.text()
    }

    /// The tag of a reply address.
    pub fn reply_tag(&self, game_id: &str, seat: u32, seq: u64) -> String {
        Sealed::Reply { game: game_id.to_owned(), seat, seq }.text()
    }

    /// The server's own key (for secrets a use case checks by hash).
    pub fn links(&self) -> &Links {
        self.0
    }
}
