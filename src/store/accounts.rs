//! Accounts, sessions, one-time mail tokens and attached seats. All SQL of accounts
//! lives here.

use super::{OutboxRow, Store, StoreError, int};
use sqlx::Row;
use sqlx::any::AnyRow;

#[derive(Debug, Clone, PartialEq)]
pub struct AccountRow {
    pub id: String,
    /// Trimmed and lower-cased.
    pub email: String,
    /// argon2id PHC string; `None` for an account that logs in by emailed links only.
    pub password_hash: Option<String>,
    pub lang: crate::i18n::Lang,
    pub created_at: i64,
    /// When the owner proved the address (followed a mailed link or typed a mailed code);
    /// `None`: not yet, and "My games" shows only the seats attached by hand.
    pub confirmed_at: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SessionRow {
    pub token_hash: String,
    pub account_id: String,
    pub csrf: String,
    pub created_at: i64,
    pub expires_at: i64,
}

/// A one-time token sent by email (`purpose` "login" or "reset").
#[derive(Debug, Clone, PartialEq)]
pub struct AccountTokenRow {
    pub token_hash: String,
    pub code_hash: Option<String>,
    pub account_id: String,
    pub purpose: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

/// A seat attached to an account.
#[derive(Debug, Clone, PartialEq)]
pub struct AttachedSeat {
    pub game_id: String,
    pub seat: i64,
    pub attached_at: i64,
}

/// What attaching a seat found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attach {
    Attached,
    AlreadyMine,
    /// Another account holds the seat.
    Taken,
}

// Column lists as macros: sqlx takes only static query text.
macro_rules! account_columns {
    () => {
        "id, email, password_hash, lang, created_at, confirmed_at"
    };
}
macro_rules! token_columns {
    () => {
        "token_hash, code_hash, account_id, purpose, created_at, expires_at, used_at"
    };
}

impl Store {
    /// Create an account; `Ok(false)` when the email is taken.
    pub async fn account_create(&self, account: &AccountRow) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO accounts (id, email, password_hash, lang, created_at, confirmed_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING",
        )
        .bind(&account.id)
        .bind(&account.email)
        .bind(&account.password_hash)
        .bind(account.lang.code())
        .bind(account.created_at)
        .bind(account.confirmed_at)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn account_by_email(&self, email: &str) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(concat!("SELECT ", account_columns!(), " FROM accounts WHERE email = $1"))
            .bind(email)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(account_row).transpose().map_err(Into::into)
    }

    pub async fn account_by_id(&self, id: &str) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(concat!("SELECT ", account_columns!(), " FROM accounts WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(account_row).transpose().map_err(Into::into)
    }

    pub async fn session_create(&self, s: &SessionRow) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO sessions (token_hash, account_id, csrf, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&s.token_hash)
            .bind(&s.account_id)
            .bind(&s.csrf)
            .bind(s.created_at)
            .bind(s.expires_at)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The session with this token hash, if it has not expired at `now`.
    pub async fn session_live(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<(SessionRow, AccountRow)>, StoreError> {
        let row = sqlx::query(
            "SELECT s.token_hash, s.account_id, s.csrf, s.created_at AS s_created_at, s.expires_at,
                    a.id, a.email, a.password_hash, a.lang, a.created_at, a.confirmed_at
             FROM sessions s JOIN accounts a ON a.id = s.account_id
             WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else { return Ok(None) };
        let session = SessionRow {
            token_hash: r.try_get("token_hash")?,
            account_id: r.try_get("account_id")?,
            csrf: r.try_get("csrf")?,
            created_at: r.try_get("s_created_at")?,
            expires_at: r.try_get("expires_at")?,
        };
        Ok(Some((session, account_row(&r)?)))
    }

    pub async fn session_delete(&self, token_hash: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Store a one-time token together with the mail that carries it, in one transaction.
    pub async fn account_token_create(
        &self,
        token: &AccountTokenRow,
        mail: &OutboxRow,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        sqlx::query(concat!(
            "INSERT INTO account_tokens (",
            token_columns!(),
            ") VALUES ($1, $2, $3, $4, $5, $6, $7)"
        ))
        .bind(&token.token_hash)
        .bind(&token.code_hash)
        .bind(&token.account_id)
        .bind(&token.purpose)
        .bind(token.created_at)
        .bind(token.expires_at)
        .bind(token.used_at)
        .execute(&mut *tx)
        .await?;
        insert_account_mail(&mut tx, mail).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Queue a mail about an account (no token with it).
    pub async fn account_mail_queue(&self, mail: &OutboxRow) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        insert_account_mail(&mut tx, mail).await?;
        tx.commit().await?;
        Ok(())
    }

    /// A token by its hash (or, for `by_code`, by the hash of its code), whatever its state.
    pub async fn account_token(
        &self,
        hash: &str,
        by_code: bool,
    ) -> Result<Option<AccountTokenRow>, StoreError> {
        let sql = if by_code {
            concat!("SELECT ", token_columns!(), " FROM account_tokens WHERE code_hash = $1")
        } else {
            concat!("SELECT ", token_columns!(), " FROM account_tokens WHERE token_hash = $1")
        };
        let row = sqlx::query(sql).bind(hash).fetch_optional(&self.pool).await?;
        row.as_ref().map(token_row).transpose().map_err(Into::into)
    }

    /// Use a token once: only an unused, unexpired token of `purpose` is marked used; the answer
    /// is whether this call was the one that used it (of two racing calls, exactly one wins).
    pub async fn account_token_use(
        &self,
        token_hash: &str,
        purpose: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE account_tokens SET used_at = $1 WHERE token_hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $4",
        )
        .bind(now)
        .bind(token_hash)
        .bind(purpose)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The owner proved the account's address (a mailed link followed, a mailed code typed):
    /// from now on "My games" shows the games of the address. The first proof's time is kept.
    pub async fn account_confirm(&self, account_id: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET confirmed_at = $1 WHERE id = $2 AND confirmed_at IS NULL")
            .bind(now)
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Keep a chosen password until the registration is confirmed.
    pub async fn account_set_pending_password(
        &self,
        account_id: &str,
        password_hash: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET pending_password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The registration is confirmed: the waiting password becomes the account's.
    pub async fn account_confirm_password(&self, account_id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET password_hash = pending_password_hash, pending_password_hash = NULL WHERE id = $1 AND pending_password_hash IS NOT NULL")
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn account_set_password(
        &self,
        account_id: &str,
        password_hash: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE account_id = $1").bind(account_id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The column names of `table`, sorted (tests check that migration 4's rebuild of the
    /// outbox on SQLite kept every column).
    pub async fn columns_of(&self, table: &str) -> Result<Vec<String>, StoreError> {
        let sql = match self.backend {
            super::Backend::Sqlite => "SELECT name FROM pragma_table_info($1) ORDER BY name",
            super::Backend::Postgres => {
                "SELECT column_name::TEXT AS name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() ORDER BY name"
            }
        };
        let rows = sqlx::query(sql).bind(table).fetch_all(&self.pool).await?;
        rows.iter().map(|r| r.try_get::<String, _>("name")).collect::<Result<_, _>>().map_err(Into::into)
    }

    /// Every value of every table, as text, by table: what a copy of the database holds (tests
    /// read it as whoever took the copy would).
    pub async fn every_value(&self) -> Result<Vec<(String, String)>, StoreError> {
        let tables = match self.backend {
            super::Backend::Sqlite => {
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            }
            super::Backend::Postgres => {
                "SELECT table_name::TEXT AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY name"
            }
        };
        let names: Vec<String> = sqlx::query(tables)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get::<String, _>("name"))
            .collect::<Result<_, _>>()?;
        let mut out = Vec::new();
        for table in names {
            // A name from the catalog, quoted: nothing from outside goes into this statement.
            let sql = format!("SELECT * FROM \"{}\"", table.replace('"', "\"\""));
            for row in sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(&self.pool).await? {
                for i in 0..row.columns().len() {
                    let text = match row.try_get::<Option<String>, _>(i) {
                        Ok(v) => v,
                        Err(_) => row.try_get::<Option<i64>, _>(i).ok().flatten().map(|n| n.to_string()),
                    };
                    out.extend(text.map(|t| (table.clone(), t)));
                }
            }
        }
        Ok(out)
    }

    /// Forget sessions and one-time tokens that expired before `before`.
    pub async fn accounts_purge_expired(&self, before: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE expires_at < $1").bind(before).execute(&self.pool).await?;
        sqlx::query("DELETE FROM account_tokens WHERE expires_at < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Attach a seat to an account, unless another account holds it.
    pub async fn seat_attach(
        &self,
        account_id: &str,
        game_id: &str,
        seat: i64,
        now: i64,
    ) -> Result<Attach, StoreError> {
        let mut tx = self.begin_write().await?;
        let holder: Option<String> =
            sqlx::query_scalar("SELECT account_id FROM account_seats WHERE game_id = $1 AND seat = $2")
                .bind(game_id)
                .bind(seat)
                .fetch_optional(&mut *tx)
                .await?;
        let answer = match holder {
            Some(h) if h == account_id => Attach::AlreadyMine,
            Some(_) => Attach::Taken,
            None => {
                sqlx::query("INSERT INTO account_seats (game_id, seat, account_id, attached_at) VALUES ($1, $2, $3, $4)")
                    .bind(game_id)
                    .bind(seat)
                    .bind(account_id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("UPDATE game_lines SET account_id = $1 WHERE game_id = $2 AND seat = $3")
                    .bind(account_id)
                    .bind(game_id)
                    .bind(seat)
                    .execute(&mut *tx)
                    .await?;
                Attach::Attached
            }
        };
        tx.commit().await?;
        Ok(answer)
    }

    /// The account holding a seat, if any.
    pub async fn seat_holder(&self, game_id: &str, seat: i64) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_scalar("SELECT account_id FROM account_seats WHERE game_id = $1 AND seat = $2")
            .bind(game_id)
            .bind(seat)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// One page of an account's games, in one query: the seats attached to the account and,
    /// with `address` (the account's, once its owner proved it), every seat and hosted game of
    /// that address, each once; those waiting on the seat first, then the others still going,
    /// then the ended ones; within each by title. Each source is read in that order from its
    /// index (`game_lines`) up to the end of the page, so a page costs what it shows and the
    /// pages before it, not every game of the account. A game from before its waiting seats
    /// were kept (migration 0008) counts as not waiting until its next record.
    pub async fn my_games_page(
        &self,
        account_id: &str,
        address: Option<&str>,
        offset: i64,
        limit: i64,
    ) -> Result<Vec<MyGameRow>, StoreError> {
        // NULL matches no line: an unconfirmed account reads its attached seats alone.
        let address = address.map(super::normalize_address).filter(|a| !a.is_empty());
        let rows = sqlx::query(
            "SELECT l.game_id, l.seat, l.standing, l.title, g.ruleset, g.last_seq, g.host_salt, g.moved_at, g.due_at,
                    c.paused_until, s.name, s.token_salt
             FROM (SELECT game_id, seat, standing, title FROM
                     (SELECT game_id, seat, standing, title FROM game_lines WHERE account_id = $1
                      ORDER BY standing, title, game_id, seat LIMIT $3) attached
                   UNION
                   SELECT game_id, seat, standing, title FROM
                     (SELECT game_id, seat, standing, title FROM game_lines WHERE address = $2
                      ORDER BY standing, title, game_id, seat LIMIT $3) by_address) l
             JOIN games g ON g.id = l.game_id
             LEFT JOIN seats s ON s.game_id = l.game_id AND s.seat = l.seat
             LEFT JOIN game_clock c ON c.game_id = l.game_id
             ORDER BY l.standing, l.title, l.game_id, l.seat
             LIMIT $4 OFFSET $5",
        )
        .bind(account_id)
        .bind(address)
        .bind(offset + limit)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let seat = int(r, "seat")?;
                let standing = int(r, "standing")?;
                Ok(MyGameRow {
                    game_id: r.try_get("game_id")?,
                    title: r.try_get("title")?,
                    ruleset: r.try_get("ruleset")?,
                    last_seq: r.try_get("last_seq")?,
                    finished: standing == super::append::STANDING_ENDED,
                    waiting_on_me: standing == super::append::STANDING_WAITS,
                    seat: (seat != super::append::HOST_LINE).then_some(seat),
                    seat_name: r.try_get("name")?,
                    token_salt: r.try_get("token_salt")?,
                    host_salt: r.try_get("host_salt")?,
                    moved_at: r.try_get("moved_at")?,
                    due_at: r.try_get("due_at")?,
                    paused_until: r.try_get("paused_until")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }

    /// The seats attached to an account, newest first.
    pub async fn attached_seats(&self, account_id: &str) -> Result<Vec<AttachedSeat>, StoreError> {
        let rows = sqlx::query("SELECT game_id, seat, attached_at FROM account_seats WHERE account_id = $1 ORDER BY attached_at DESC, game_id")
            .bind(account_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(AttachedSeat {
                    game_id: r.try_get("game_id")?,
                    seat: int(r, "seat")?,
                    attached_at: r.try_get("attached_at")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }
}

/// A line of an account's "My games": a seat of a game, or a game it hosts.
#[derive(Debug, Clone, PartialEq)]
pub struct MyGameRow {
    pub game_id: String,
    pub title: String,
    pub ruleset: String,
    pub last_seq: i64,
    pub finished: bool,
    /// The game waits on this seat.
    pub waiting_on_me: bool,
    /// The seat; `None`: the line of the game's host.
    pub seat: Option<i64>,
    /// The seat's player and link salt (`None` on the host's line).
    pub seat_name: Option<String>,
    pub token_salt: Option<String>,
    /// The salt of the game's host link.
    pub host_salt: String,
    /// The time of the game's newest record (`None`: not kept yet).
    pub moved_at: Option<i64>,
    /// When the seats it waits on must have acted (`None`: no deadline).
    pub due_at: Option<i64>,
    /// Until when the game's clocks are stopped, if a pause was set.
    pub paused_until: Option<i64>,
}

fn account_row(r: &AnyRow) -> Result<AccountRow, sqlx::Error> {
    Ok(AccountRow {
        id: r.try_get("id")?,
        email: r.try_get("email")?,
        password_hash: r.try_get("password_hash")?,
        lang: super::lang_of(r)?,
        created_at: r.try_get("created_at")?,
        confirmed_at: r.try_get("confirmed_at")?,
    })
}

fn token_row(r: &AnyRow) -> Result<AccountTokenRow, sqlx::Error> {
    Ok(AccountTokenRow {
        token_hash: r.try_get("token_hash")?,
        code_hash: r.try_get("code_hash")?,
        account_id: r.try_get("account_id")?,
        purpose: r.try_get("purpose")?,
        created_at: r.try_get("created_at")?,
        expires_at: r.try_get("expires_at")?,
        used_at: r.try_get("used_at")?,
    })
}

/// Account mail belongs to no game: game_id is NULL (and, like all mail, none is queued for an
/// address on the never-mail list).
async fn insert_account_mail(tx: &mut super::WriteTx, mail: &OutboxRow) -> Result<(), sqlx::Error> {
    let mut mail = mail.clone();
    mail.game_id.clear();
    super::insert_outbox(tx, &mail).await
}
