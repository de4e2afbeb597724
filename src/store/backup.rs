//! Copies of the database while it serves, and the list of every game for checking one.

use super::{Backend, Store, StoreError};
use sqlx::Row;
use std::path::Path;

impl Store {
    /// Every game's id, oldest first: what `feldpost verify --all` walks.
    pub async fn all_games(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games ORDER BY created_at, id").fetch_all(&self.pool).await?;
        rows.iter().map(|r| r.try_get::<String, _>("id")).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// SQLite: a consistent copy of the whole database into `path` (`VACUUM INTO`: one read
    /// transaction, so the copy is the database as of one moment while writers go on). The copy
    /// is written beside `path` and renamed into place once whole, so a failed or interrupted
    /// backup never leaves a file that looks like one. `None` on Postgres, whose copies are
    /// `pg_dump`'s affair.
    pub async fn copy_to(&self, path: &Path) -> Result<Option<()>, StoreError> {
        if self.backend != Backend::Sqlite {
            return Ok(None);
        }
        let partial = path.with_extension("partial");
        let _ = std::fs::remove_file(&partial);
        let quoted = partial.to_string_lossy().replace('\'', "''");
        let copied =
            sqlx::raw_sql(sqlx::AssertSqlSafe(format!("VACUUM INTO '{quoted}'"))).execute(&self.pool).await;
        if let Err(e) = copied {
            let _ = std::fs::remove_file(&partial);
            return Err(e.into());
        }
        // The copy holds players' addresses: only its owner may read it.
        use std::os::unix::fs::PermissionsExt;
        let placed = std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(0o600))
            .and_then(|()| std::fs::File::open(&partial))
            .and_then(|f| f.sync_all())
            .and_then(|()| std::fs::rename(&partial, path));
        placed.map_err(|e| {
            let _ = std::fs::remove_file(&partial);
            StoreError::Unavailable(format!("{}: {e}", path.display()))
        })?;
        Ok(Some(()))
    }
}
