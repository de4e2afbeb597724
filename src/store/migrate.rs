//! A small migration runner. sqlx's migrator keeps one folder per database; our schema is one
//! portable folder except for the triggers that make the log append-only, which each backend
//! writes in its own dialect. So each migration names the backends it is for.

use super::{Backend, StoreError};
use sqlx::AnyPool;

pub struct Migration {
    pub version: i64,
    pub name: &'static str,
    pub sqlite: &'static str,
    pub postgres: &'static str,
}

pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "core",
        sqlite: include_str!("../../migrations/0001_core.sql"),
        postgres: include_str!("../../migrations/0001_core.sql"),
    },
    Migration {
        version: 2,
        name: "append_only",
        sqlite: include_str!("../../migrations/0002_append_only.sqlite.sql"),
        postgres: include_str!("../../migrations/0002_append_only.postgres.sql"),
    },
    Migration {
        version: 3,
        name: "mail",
        sqlite: include_str!("../../migrations/0003_mail.sql"),
        postgres: include_str!("../../migrations/0003_mail.sql"),
    },
    Migration {
        version: 4,
        name: "accounts",
        sqlite: concat!(
            include_str!("../../migrations/0004_accounts.sql"),
            include_str!("../../migrations/0004_outbox_without_game.sqlite.sql")
        ),
        postgres: concat!(
            include_str!("../../migrations/0004_accounts.sql"),
            include_str!("../../migrations/0004_outbox_without_game.postgres.sql")
        ),
    },
    Migration {
        version: 5,
        name: "registration",
        sqlite: include_str!("../../migrations/0005_registration.sql"),
        postgres: include_str!("../../migrations/0005_registration.sql"),
    },
    Migration {
        version: 6,
        name: "receipts",
        sqlite: include_str!("../../migrations/0006_receipts.sql"),
        postgres: include_str!("../../migrations/0006_receipts.sql"),
    },
    Migration {
        version: 7,
        name: "security",
        sqlite: include_str!("../../migrations/0007_security.sql"),
        postgres: include_str!("../../migrations/0007_security.sql"),
    },
    Migration {
        version: 8,
        name: "pages",
        sqlite: include_str!("../../migrations/0008_pages.sql"),
        postgres: include_str!("../../migrations/0008_pages.sql"),
    },
    Migration {
        version: 9,
        name: "reply",
        sqlite: include_str!("../../migrations/0009_reply.sql"),
        postgres: include_str!("../../migrations/0009_reply.sql"),
    },
    Migration {
        version: 10,
        name: "absence_from_the_log",
        sqlite: include_str!("../../migrations/0010_absence_from_the_log.sql"),
        postgres: include_str!("../../migrations/0010_absence_from_the_log.sql"),
    },
    Migration {
        version: 11,
        name: "events_checked_by_their_write",
        sqlite: include_str!("../../migrations/0011_events_checked_by_their_write.sqlite.sql"),
        postgres: include_str!("../../migrations/0011_events_checked_by_their_write.postgres.sql"),
    },
    Migration {
        version: 12,
        name: "bounces",
        sqlite: include_str!("../../migrations/0012_bounces.sql"),
        postgres: include_str!("../../migrations/0012_bounces.sql"),
    },
    Migration {
        version: 13,
        name: "allowance",
        sqlite: include_str!("../../migrations/0013_allowance.sql"),
        postgres: include_str!("../../migrations/0013_allowance.sql"),
    },
    Migration {
        version: 14,
        name: "address_links",
        sqlite: include_str!("../../migrations/0014_address_links.sql"),
        postgres: include_str!("../../migrations/0014_address_links.sql"),
    },
    Migration {
        version: 15,
        name: "open_disputes",
        sqlite: include_str!("../../migrations/0015_open_disputes.sql"),
        postgres: include_str!("../../migrations/0015_open_disputes.sql"),
    },
    Migration {
        version: 16,
        name: "chat",
        sqlite: concat!(
            include_str!("../../migrations/0016_chat.sql"),
            include_str!("../../migrations/0016_chat.sqlite.sql")
        ),
        postgres: concat!(
            include_str!("../../migrations/0016_chat.sql"),
            include_str!("../../migrations/0016_chat.postgres.sql")
        ),
    },
    Migration {
        version: 17,
        name: "my_games",
        sqlite: concat!(
            include_str!("../../migrations/0017_my_games.sql"),
            include_str!("../../migrations/0017_my_games.sqlite.sql")
        ),
        postgres: concat!(
            include_str!("../../migrations/0017_my_games.sql"),
            include_str!("../../migrations/0017_my_games.postgres.sql")
        ),
    },
    Migration {
        version: 18,
        name: "chat_clearing",
        sqlite: concat!(
            include_str!("../../migrations/0018_chat_clearing.sql"),
            include_str!("../../migrations/0018_chat_clearing.sqlite.sql")
        ),
        postgres: concat!(
            include_str!("../../migrations/0018_chat_clearing.sql"),
            include_str!("../../migrations/0018_chat_clearing.postgres.sql")
        ),
    },
    Migration {
        version: 19,
        name: "rematches",
        sqlite: include_str!("../../migrations/0019_rematches.sql"),
        postgres: include_str!("../../migrations/0019_rematches.sql"),
    },
    Migration {
        version: 20,
        name: "mail_pictures",
        sqlite: include_str!("../../migrations/0020_mail_pictures.sql"),
        postgres: include_str!("../../migrations/0020_mail_pictures.sql"),
    },
    Migration {
        version: 21,
        name: "webhooks",
        sqlite: include_str!("../../migrations/0021_webhooks.sql"),
        postgres: include_str!("../../migrations/0021_webhooks.sql"),
    },
    Migration {
        version: 22,
        name: "calendars",
        sqlite: include_str!("../../migrations/0022_calendars.sql"),
        postgres: include_str!("../../migrations/0022_calendars.sql"),
    },
    Migration {
        version: 23,
        name: "account_push",
        sqlite: include_str!("../../migrations/0023_account_push.sql"),
        postgres: include_str!("../../migrations/0023_account_push.sql"),
    },
    Migration {
        version: 24,
        name: "outbox_lz4",
        sqlite: include_str!("../../migrations/0024_outbox_lz4.sqlite.sql"),
        postgres: include_str!("../../migrations/0024_outbox_lz4.postgres.sql"),
    },
];

pub async fn run(pool: &AnyPool, backend: Backend) -> Result<(), StoreError> {
    sqlx::raw_sql(
        "CREATE TABLE IF NOT EXISTS feldpost_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
    )
    .execute(pool)
    .await?;
    for m in MIGRATIONS {
        let mut tx = match backend {
            Backend::Sqlite => pool.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => pool.begin().await?,
        };
        if backend == Backend::Postgres {
            // A migration may take longer than a request may, and a server starting beside one
            // that migrates waits for it: no timeouts inside this transaction.
            sqlx::raw_sql("SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0")
                .execute(&mut *tx)
                .await?;
            // Two servers starting at once must not both migrate.
            sqlx::query("SELECT pg_advisory_xact_lock(4242001)").execute(&mut *tx).await?;
        }
        let applied: Option<i64> =
            sqlx::query_scalar("SELECT version FROM feldpost_migrations WHERE version = $1")
                .bind(m.version)
                .fetch_optional(&mut *tx)
                .await?;
        if applied.is_none() {
            let sql = match backend {
                Backend::Sqlite => m.sqlite,
                Backend::Postgres => m.postgres,
            };
            sqlx::raw_sql(sql).execute(&mut *tx).await?;
            sqlx::query("INSERT INTO feldpost_migrations (version, name, applied_at) VALUES ($1, $2, $3)")
                .bind(m.version)
                .bind(m.name)
                .bind(crate::clock::now_ms_system())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
    }
    Ok(())
}
