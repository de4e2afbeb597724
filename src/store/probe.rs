//! The store's own limit, measured: how many single-row INSERTs, each committed on its own (one
//! statement in autocommit, as pgbench's script), the database takes a second with `clients`
//! writers at once. The load tool (`examples/load.rs`)
//! prints it beside feldpost's moves per second measured in the same run, so that the ratio
//! holds however loaded the machine is. Nothing else calls it.

use super::{Store, StoreError};
use std::time::{Duration, Instant};

/// The probe's table: made for the measurement, dropped after it.
const TABLE: &str = "feldpost_load_probe";

impl Store {
    /// Single-row INSERT + COMMIT transactions per second over `duration`, `clients` at once,
    /// each row about the size of a move's record.
    pub async fn probe_commit_rate(&self, clients: usize, duration: Duration) -> Result<f64, StoreError> {
        self.execute_raw(&format!("DROP TABLE IF EXISTS {TABLE}")).await?;
        self.execute_raw(&format!("CREATE TABLE {TABLE} (id TEXT PRIMARY KEY, body TEXT NOT NULL)")).await?;
        let body = "x".repeat(300);
        let started = Instant::now();
        let writers = (0..clients.max(1)).map(|_| {
            let (store, body) = (self.clone(), body.clone());
            tokio::spawn(async move {
                let mut n = 0u64;
                while started.elapsed() < duration {
                    // One statement in autocommit, as pgbench's script: its own transaction.
                    let _turn = store.writer_turn().await;
                    sqlx::query(sqlx::AssertSqlSafe(format!(
                        "INSERT INTO {TABLE} (id, body) VALUES ($1, $2)"
                    )))
                    .bind(crate::secret::random_id())
                    .bind(&body)
                    .execute(&store.pool)
                    .await?;
                    n += 1;
                }
                Ok::<u64, StoreError>(n)
            })
        });
        let mut total = 0;
        for w in writers.collect::<Vec<_>>() {
            total += w.await.map_err(|e| StoreError::Unavailable(e.to_string()))??;
        }
        let rate = total as f64 / started.elapsed().as_secs_f64();
        self.execute_raw(&format!("DROP TABLE {TABLE}")).await?;
        Ok(rate)
    }
}
