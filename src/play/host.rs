//! The host's use cases: seat links, invitations sent again, a seat given to a new player.

use super::limits::Limit;
use super::{Loaded, Play, PlayError, SeatLink, describe_meta};
use crate::i18n::{Lang, Tr};
use crate::input::{EmailAddress, Field, PlayerName};
use crate::mail;
use crate::record::{Cause, Chained, Record};
use crate::store::SeatRow;
use feldpost_engine::Seat;

impl Play {
    /// Send a seat its invitation again (the host's button): the same link, a new mail.
    pub async fn resend_invitation(&self, loaded: &Loaded, seat: Seat) -> Result<(), PlayError> {
        let row =
            loaded.seats.get(usize::from(seat)).ok_or_else(|| PlayError::invalid("error-no-such-seat"))?;
        if row.email.is_empty() {
            return Err(PlayError::invalid("error-seat-without-email"));
        }
        self.limit(Limit::InvitesPerRecipient, &row.email).await?;
        let tr = Tr::new(Lang::from_code(&loaded.game.lang).unwrap_or_default()).with_names(loaded.names());
        let token = self.secret.seat_token(&row.game_id, row.seat as u32, &row.token_salt);
        let role = loaded.table.seat_label(seat);
        let mut mail = mail::invitation(&tr, &loaded.game, row, &role, &self.seat_url(&token), self.now());
        // One re-sent invitation per state of the game (a double click sends one). It answers
        // the first invitation, the root of the seat's thread, under an id of its own.
        mail.id = crate::secret::random_id();
        mail.seq = loaded.seq as i64;
        mail.kind = "reinvite".into();
        self.seal(std::slice::from_mut(&mut mail), &tr, loaded.seq, &loaded.last_hash);
        self.store.outbox_insert(std::slice::from_ref(&mail)).await?;
        self.mail_ready.notify_one();
        Ok(())
    }

    /// Give `seat` to a new player (the host's decision when a player left): a logged record,
    /// a new link (the old one stops working), an invitation to the new player and a notice to
    /// the others — all in one transaction.
    pub async fn replace_player(
        &self,
        loaded: Loaded,
        seat: Seat,
        name: &str,
        email: &str,
    ) -> Result<SeatLink, PlayError> {
        let name = PlayerName::parse(name).map_err(PlayError::input(Field::PlayerName))?;
        let email = EmailAddress::parse_optional(email).map_err(PlayError::input(Field::Email))?;
        let old = loaded
            .seats
            .get(usize::from(seat))
            .ok_or_else(|| PlayError::invalid("error-no-such-seat"))?
            .clone();
        if loaded.finished() {
            return Err(PlayError::Finished);
        }
        if let Some(to) = &email {
            self.limit(Limit::InvitesPerRecipient, to.as_str()).await?;
        }
        let salt = crate::secret::random_id();
        let token = self.secret.seat_token(&loaded.game.id, u32::from(seat), &salt);
        let new = SeatRow {
            name: name.to_string(),
            email: email.map(|e| e.to_string()).unwrap_or_default(),
            token_salt: salt,
            token_hash: crate::secret::token_hash(&token),
            ..old
        };
        let now = self.now();
        let mut record = Record {
            seq: loaded.seq + 1,
            at: now,
            cause: Cause::Replaced { seat, name: name.to_string() },
            events: vec![],
            nonce: None,
        };
        record.nonce = self.nonce_for(&loaded, record.seq);
        let chained = Chained::new(&record, &loaded.last_hash);
        let mut names = loaded.names();
        names[usize::from(seat)] = name.to_string();
        let tr = Tr::new(Lang::from_code(&loaded.game.lang).unwrap_or_default()).with_names(names);
        let mut outbox = Vec::new();
        if !new.email.is_empty() {
            let role = loaded.table.seat_label(seat);
            let mut invite = mail::invitation(&tr, &loaded.game, &new, &role, &self.seat_url(&token), now);
            invite.seq = record.seq as i64;
            outbox.push(invite);
        }
        let what = describe_meta(&record.cause);
        for row in loaded.seats.iter().filter(|r| r.seat != new.seat && !r.email.is_empty()) {
            let link = self.seat_url(&self.secret.seat_token(&row.game_id, row.seat as u32, &row.token_salt));
            outbox.push(mail::notice(&tr, &loaded.game, row, &link, record.seq, "replaced", &what, now));
        }
        self.seal(&mut outbox, &tr, record.seq, &chained.hash);
        let result = self
            .store
            .append_and_reseat(
                &loaded.game.id,
                loaded.seq,
                std::slice::from_ref(&chained),
                &outbox,
                None,
                Some(&new),
                None,
                None,
            )
            .await;
        self.forget(&loaded.game.id);
        result?;
        self.mail_ready.notify_one();
        Ok(SeatLink { seat, name: new.name, url: self.seat_url(&token), token })
    }

    /// The game's mail that the mail server refused for good (status `failed`: the delivery
    /// worker marks a permanent refusal so), as (recipient, the server's answer), for the host page.
    pub async fn undeliverable(&self, game_id: &str) -> Result<Vec<(String, String)>, PlayError> {
        Ok(self
            .store
            .outbox_of_game(game_id)
            .await?
            .into_iter()
            .filter(|m| m.status == crate::store::OUTBOX_FAILED)
            .map(|m| (m.recipient, m.last_error.unwrap_or_default()))
            .collect())
    }

    /// A seat's link token (from its row's salt).
    pub fn seat_token(&self, game_id: &str, seat: i64, token_salt: &str) -> String {
        self.secret.seat_token(game_id, seat as u32, token_salt)
    }

    /// The seat links of a game (for its host).
    pub fn seat_links(&self, loaded: &Loaded) -> Vec<SeatLink> {
        loaded
            .seats
            .iter()
            .map(|s| {
                let token = self.secret.seat_token(&s.game_id, s.seat as u32, &s.token_salt);
                SeatLink { seat: s.seat as Seat, name: s.name.clone(), url: self.seat_url(&token), token }
            })
            .collect()
    }
}
