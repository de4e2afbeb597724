//! Shared test setup: fresh stores on either backend.

use feldpost::store::Store;

/// Where the store suite runs: "sqlite" or "postgres".
pub fn backend_name() -> &'static str {
    if std::env::var("FELDPOST_TEST_POSTGRES").is_ok_and(|v| !v.is_empty()) { "postgres" } else { "sqlite" }
}

/// A fresh, migrated store: a new SQLite file, or a new schema in the Postgres test database.
pub async fn fresh_store() -> Store {
    let url = fresh_url().await;
    let store = Store::connect(&url).await.unwrap_or_else(|e| panic!("connect {url}: {e}"));
    store.migrate().await.expect("migrate");
    store
}

pub async fn fresh_url() -> String {
    let id = feldpost::secret::random_id();
    match std::env::var("FELDPOST_TEST_POSTGRES").ok().filter(|v| !v.is_empty()) {
        Some(base) => {
            let admin = Store::connect(&base).await.expect("connect to the Postgres test database");
            admin.execute_raw(&format!("CREATE SCHEMA fp_{id}")).await.expect("create schema");
            admin.close().await;
            let sep = if base.contains('?') { '&' } else { '?' };
            format!("{base}{sep}options=-c%20search_path%3Dfp_{id}")
        }
        None => {
            let dir = std::env::temp_dir().join("feldpost-tests");
            std::fs::create_dir_all(&dir).expect("temp dir");
            format!("sqlite:{}", dir.join(format!("{id}.db")).display())
        }
    }
}
