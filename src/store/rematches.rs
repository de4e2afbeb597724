//! Which game is the rematch of which (migrations/0019_rematches.sql): written with the new
//! game by the appender, read here for the old game's pages.

use super::{Store, StoreError};

impl Store {
    /// The id of the rematch of game `game_id`, if its host started one.
    pub async fn rematch_of(&self, game_id: &str) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_scalar("SELECT rematch_id FROM rematches WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?)
    }
}
