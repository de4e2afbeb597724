//! An operator's allowance for a trusted account: how many games it may create at once.

use super::{Store, StoreError};

impl Store {
    /// Set (or with `None`, take back) the allowance of the account of `email`; whether there
    /// is such an account.
    pub async fn set_games_allowance(&self, email: &str, games: Option<i64>) -> Result<bool, StoreError> {
        let changed = sqlx::query("UPDATE accounts SET games_allowance = $1 WHERE LOWER(email) = $2")
            .bind(games)
            .bind(email.trim().to_lowercase())
            .execute(&self.pool)
            .await?
            .rows_affected();
        Ok(changed > 0)
    }

    /// The allowance of the account of `email`, if the operator gave it one.
    pub async fn games_allowance(&self, email: &str) -> Result<Option<i64>, StoreError> {
        let games: Option<Option<i64>> =
            sqlx::query_scalar("SELECT games_allowance FROM accounts WHERE LOWER(email) = $1")
                .bind(email.trim().to_lowercase())
                .fetch_optional(&self.pool)
                .await?;
        Ok(games.flatten())
    }
}
