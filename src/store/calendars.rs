//! The settings behind calendars and local times: each seat's and each account's time zone
//! and calendar link salt (migration 0022). All SQL of them lives here.

use super::{Store, StoreError};
use sqlx::Row;

/// An account's own time zone and the salt of its calendar link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountCalendar {
    pub email: String,
    /// When the owner proved the address (then the games of the address are the account's).
    pub confirmed_at: Option<i64>,
    pub time_zone: Option<String>,
    pub calendar_salt: String,
}

impl Store {
    /// Set (or with `None` clear) a seat's own time zone.
    pub async fn seat_set_time_zone(
        &self,
        game_id: &str,
        seat: i64,
        zone: Option<&str>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE seats SET time_zone = $1 WHERE game_id = $2 AND seat = $3")
            .bind(zone)
            .bind(game_id)
            .bind(seat)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A new salt for a seat's calendar link: the link made from the old one names nothing.
    pub async fn seat_set_calendar_salt(
        &self,
        game_id: &str,
        seat: i64,
        salt: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE seats SET calendar_salt = $1 WHERE game_id = $2 AND seat = $3")
            .bind(salt)
            .bind(game_id)
            .bind(seat)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// An account's address, time zone and calendar salt; `None`: no such account.
    pub async fn account_calendar(&self, account_id: &str) -> Result<Option<AccountCalendar>, StoreError> {
        let row =
            sqlx::query("SELECT email, confirmed_at, time_zone, calendar_salt FROM accounts WHERE id = $1")
                .bind(account_id)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| {
            Ok(AccountCalendar {
                email: r.try_get("email")?,
                confirmed_at: r.try_get("confirmed_at")?,
                time_zone: r.try_get("time_zone")?,
                calendar_salt: r.try_get("calendar_salt")?,
            })
        })
        .transpose()
        .map_err(|e: sqlx::Error| e.into())
    }

    /// The time zone of the proved account of `address`, if it has one: what a mail to the
    /// address (a host's, who has no seat) states its times in.
    pub async fn address_time_zone(&self, address: &str) -> Result<Option<String>, StoreError> {
        let address = super::normalize_address(address);
        if address.is_empty() {
            return Ok(None);
        }
        let zone: Option<Option<String>> = sqlx::query_scalar(
            "SELECT time_zone FROM accounts WHERE email = $1 AND confirmed_at IS NOT NULL",
        )
        .bind(address)
        .fetch_optional(&self.pool)
        .await?;
        Ok(zone.flatten())
    }

    /// Set (or with `None` clear) an account's time zone.
    pub async fn account_set_time_zone(
        &self,
        account_id: &str,
        zone: Option<&str>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET time_zone = $1 WHERE id = $2")
            .bind(zone)
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A new salt for an account's calendar link.
    pub async fn account_set_calendar_salt(&self, account_id: &str, salt: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET calendar_salt = $1 WHERE id = $2")
            .bind(salt)
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
