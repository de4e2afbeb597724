//! The `feldpost` command: serve (the default), migrate, export, replay, verify, key, backup, mail, inbound.

use clap::{Parser, Subcommand};
use feldpost::config::Config;
use feldpost::{audit, clock, mail, play, store, web};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

/// A request allocates and frees many small things (JSON trees, strings, maps): mimalloc does
/// that in about half the time glibc's malloc took, which under load was a quarter of the
/// server's own time (measured with the load tool).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "feldpost", version, about = "A play-by-email adjudicator for board games")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web pages and the JSON API (the default).
    Serve,
    /// Apply the database migrations and exit.
    Migrate,
    /// Print a game's whole log as JSON.
    Export { game_id: String },
    /// Rebuild a game's final state from an export file, offline, and print it.
    Replay { file: PathBuf },
    /// Check an export file: the hash chain, the server's signature over its head, and once the
    /// seed is revealed every die and decision. With `--all`, every game in the database instead
    /// (before a restored copy goes live).
    Verify {
        #[arg(required_unless_present = "all")]
        file: Option<PathBuf>,
        /// Check every game of the database (`DATABASE_URL`) and print a summary.
        #[arg(long, conflicts_with_all = ["file", "receipts"])]
        all: bool,
        /// The server's public key (hex) to hold the signature to (from `GET /api/key` or
        /// `feldpost key`).
        #[arg(long)]
        key: Option<String>,
        /// A chain head from a mail's `Feldpost-Chain` header, as SEQ:HASH; the export must hold
        /// that record with that hash (repeatable).
        #[arg(long = "receipt")]
        receipts: Vec<feldpost::audit::Receipt>,
    },
    /// Print the public key that signs this server's exports.
    Key,
    /// Print, as JSON, everything the database holds about an email address (a player's
    /// request for their data; mails' links are not given out).
    Data { email: String },
    /// Forget an email address: seats and hosted games keep their names and lose it, mails to
    /// it lose their words and are never sent, the table talk written from its seats and as
    /// host loses its text, its account goes. Servers running need no
    /// restart: the database mails no game's mail to an address the game no longer has.
    Forget {
        email: String,
        /// Also list the address so that no game ever mails it again.
        #[arg(long)]
        never_mail: bool,
    },
    /// Copy the database while it serves: SQLite into FILE (one consistent moment, written whole
    /// or not at all); on Postgres with `pg_dump --format=custom`. The server's secret is not in
    /// the database: keep it with the copy.
    Backup { file: PathBuf },
    /// The outbox: `feldpost mail flush` makes every mail waiting out a retry's backoff due
    /// now (after the mail server's outage; the running servers send it within seconds).
    Mail {
        #[command(subcommand)]
        command: MailCommand,
    },
    /// Accounts: `feldpost account allow <email> --games N` lets a trusted account (a league's
    /// organiser) create N games at once before the per-host and per-client limits hold it
    /// (0 takes the allowance back).
    Account {
        #[command(subcommand)]
        command: AccountCommand,
    },
    /// Take one mail (RFC 5322) on standard input: a reply to a turn mail, for an MTA's pipe
    /// delivery. Exit status as sysexits: 0 taken, 65 unreadable, 67 no such address, 75 try
    /// again later (the database is away).
    Inbound {
        /// The address it was delivered to (the MTA's recipient), if the headers may not say.
        #[arg(long = "to")]
        to: Vec<String>,
    },
}

#[derive(Subcommand)]
enum AccountCommand {
    /// Let the account of EMAIL create GAMES games at once (0: the limits as for everyone).
    Allow {
        email: String,
        #[arg(long)]
        games: u32,
    },
}

#[derive(Subcommand)]
enum MailCommand {
    /// Retry every mail waiting out a backoff now.
    Flush,
}

#[tokio::main]
async fn main() -> ExitCode {
    feldpost::config::init_logging();
    let cli = Cli::parse();
    match run(cli.command.unwrap_or(Command::Serve)).await {
        Ok(code) => code,
        Err(e) => {
            eprintln!("feldpost: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Replay { file } => {
            let export = audit::parse(&std::fs::read_to_string(&file)?)?;
            let table = audit::replay(&export)?;
            println!(
                "{}",
                serde_json::to_string_pretty(&serde_json::json!({
                    "game_id": export.game_id,
                    "records": export.records.len(),
                    "to_act": table.to_act(),
                    "outcome": table.outcome(),
                    "state": table.state_json(),
                }))?
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Verify { file: Some(file), key, receipts, .. } => {
            let export = audit::parse(&std::fs::read_to_string(&file)?)?;
            let pinned = key.is_some();
            match audit::verify_against(&export, &audit::Expect { key, receipts }) {
                Ok(v) => {
                    println!(
                        "ok: {} records, hash chain intact, head signed by {}{}{}{}",
                        v.records,
                        v.signed_by,
                        if pinned {
                            " (the key you gave)"
                        } else {
                            " (compare it with the server's: feldpost key, GET /api/key)"
                        },
                        if v.receipts > 0 {
                            format!(", {} receipts found", v.receipts)
                        } else {
                            String::new()
                        },
                        if v.dice_checked {
                            ", seed matches its commitment, every die and decision re-derived"
                        } else {
                            " (seed not revealed yet: dice not checked)"
                        }
                    );
                    if let Some(step) = v.position_at {
                        println!(
                            "carried over from a real table: the players entered the position at step {step}; \
                             no die before it was the server's (the table threw its own), every die from \
                             step {} on is the server's",
                            step + 1
                        );
                    }
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    println!("FAILED: {e}");
                    Ok(ExitCode::FAILURE)
                }
            }
        }
        Command::Inbound { to } => inbound(to).await,
        Command::Key => {
            println!("{}", Config::from_env()?.secret()?.export_public_key());
            Ok(ExitCode::SUCCESS)
        }
        command => {
            let config = Config::from_env()?;
            if matches!(command, Command::Serve)
                && let Some(why) = config.refuse_to_serve()
            {
                anyhow::bail!(why);
            }
            // The DKIM key is read once, here: a server that would send unsigned or not at all
            // does not start.
            let dkim = match command {
                Command::Serve => config.dkim().map_err(|e| anyhow::anyhow!(e))?,
                _ => None,
            };
            let opened = store::Store::open(&config.database_url, config.db_timeouts).await?;
            opened.0.migrate().await?;
            match command {
                Command::Migrate => {
                    println!("migrations applied to {}", redact_url(&config.database_url));
                    Ok(ExitCode::SUCCESS)
                }
                Command::Backup { file } => backup(&opened.0, &config, &file).await,
                Command::Account { command: AccountCommand::Allow { email, games } } => {
                    let allowance = (games > 0).then_some(i64::from(games));
                    if !opened.0.set_games_allowance(&email, allowance).await? {
                        anyhow::bail!("no account has the address {email} (it must register first)");
                    }
                    match allowance {
                        Some(n) => println!("{email} may create {n} games at once"),
                        None => println!("{email} is held by the limits as everyone is"),
                    }
                    Ok(ExitCode::SUCCESS)
                }
                Command::Data { .. } | Command::Forget { .. } => {
                    let (email, forget_it) = match command {
                        Command::Forget { email, never_mail } => (email, Some(never_mail)),
                        Command::Data { email } => (email, None),
                        _ => unreachable!("matched above"),
                    };
                    let log = play::GameLog::new(
                        opened,
                        Arc::new(clock::SystemClock),
                        config.secret()?,
                        &config.base_url,
                    );
                    match forget_it {
                        None => {
                            let held = play::people::held_about(&log, &email).await?;
                            println!("{}", serde_json::to_string_pretty(&held)?);
                        }
                        Some(never_mail) => {
                            let f = play::people::forget(&log, &email, never_mail).await?;
                            println!(
                                "forgot {email}: {} seats, {} hosted games, {} mails, {} lines of table talk, {} account{}",
                                f.seats,
                                f.hosted_games,
                                f.mails,
                                f.talk_lines,
                                f.accounts,
                                if never_mail { "; it is never mailed again" } else { "" }
                            );
                        }
                    }
                    Ok(ExitCode::SUCCESS)
                }
                Command::Verify { key, .. } => {
                    let log = play::GameLog::new(
                        opened,
                        Arc::new(clock::SystemClock),
                        config.secret()?,
                        &config.base_url,
                    );
                    verify_all(&log, key.as_deref()).await
                }
                Command::Mail { command: MailCommand::Flush } => {
                    let n = opened.0.outbox_retry_now(clock::now_ms_system()).await?;
                    println!("{n} mails waiting out a retry are due now");
                    Ok(ExitCode::SUCCESS)
                }
                Command::Export { game_id } => {
                    let log = play::GameLog::new(
                        opened,
                        Arc::new(clock::SystemClock),
                        config.secret()?,
                        &config.base_url,
                    );
                    let game = log
                        .store
                        .game(&game_id)
                        .await?
                        .ok_or_else(|| anyhow::anyhow!("no game {game_id:?}"))?;
                    println!("{}", serde_json::to_string_pretty(&log.full_export(&game).await?)?);
                    Ok(ExitCode::SUCCESS)
                }
                _ => {
                    serve(config, opened, dkim).await?;
                    Ok(ExitCode::SUCCESS)
                }
            }
        }
    }
}

/// `feldpost backup FILE`: SQLite copies itself; Postgres is copied by `pg_dump`, which must be
/// on the PATH (Debian's postgresql-client, of the server's major version or newer).
async fn backup(store: &store::Store, config: &Config, file: &std::path::Path) -> anyhow::Result<ExitCode> {
    if file.exists() {
        anyhow::bail!("{} already exists: a backup never overwrites a file", file.display());
    }
    let secret_note = "the server's secret is not in the database: keep a copy of it with the backup \
        (FELDPOST_SECRET, or the file `secret` in FELDPOST_DATA_DIR), or no link, reply address or \
        signature of this server works with the restored copy";
    if store.copy_to(file).await?.is_some() {
        println!("copied the database to {}\n{secret_note}", file.display());
        return Ok(ExitCode::SUCCESS);
    }
    let dumped = std::process::Command::new("pg_dump")
        .arg("--format=custom")
        .arg("--file")
        .arg(file)
        .arg("--dbname")
        .arg(&config.database_url)
        .status();
    match dumped {
        Ok(status) if status.success() => {
            println!("pg_dump wrote {} (restore with pg_restore)\n{secret_note}", file.display());
            Ok(ExitCode::SUCCESS)
        }
        Ok(status) => anyhow::bail!("pg_dump failed ({status}); nothing was written to {}", file.display()),
        Err(e) => anyhow::bail!(
            "a Postgres database is copied with pg_dump, which cannot be run ({e}): install the \
             PostgreSQL client (Debian: postgresql-client), or run `pg_dump --format=custom` yourself"
        ),
    }
}

/// `feldpost verify --all`: every game of the database checked (`play::export::check_stored`),
/// one line for each that fails, then a summary; status 1 if any failed.
async fn verify_all(log: &play::GameLog, key: Option<&str>) -> anyhow::Result<ExitCode> {
    let own_key = play::export::export_key(log);
    if let Some(expected) = key
        && !expected.trim().eq_ignore_ascii_case(&own_key)
    {
        println!(
            "FAILED: this server's key is {own_key}, not the one you gave: the secret is not the one that signed"
        );
        return Ok(ExitCode::FAILURE);
    }
    let (mut games, mut records, mut ended, mut failed) = (0u64, 0u64, 0u64, 0u64);
    for id in log.store.all_games().await? {
        let game = log.store.game(&id).await?.ok_or_else(|| anyhow::anyhow!("game {id} vanished"))?;
        games += 1;
        match play::export::check_stored(log, &game).await? {
            Ok(v) => {
                records += v.records as u64;
                ended += u64::from(v.dice_checked);
            }
            Err(why) => {
                failed += 1;
                println!("FAILED {id} ({:?}): {why}", game.title);
            }
        }
    }
    println!(
        "{games} games, {records} records: {} intact (hash chains, replays, heads signed by {own_key}{}); \
         {ended} ended games' seeds and dice re-derived; {failed} failed",
        games - failed,
        if key.is_some() { ", the key you gave" } else { "" },
    );
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

async fn serve(
    config: Config,
    opened: (store::Store, store::Appender),
    dkim: Option<mail::Dkim>,
) -> anyhow::Result<()> {
    // The server's time never goes back, across a restart either: it starts no earlier than the
    // newest time its database holds (see `src/clock.rs`).
    let floor = opened.0.newest_time().await.unwrap_or_else(|e| {
        tracing::warn!(
            "the newest time in the database cannot be read ({e}): the clock starts from the wall clock"
        );
        None
    });
    let clock: Arc<dyn clock::Clock> = Arc::new(clock::SystemClock::not_before(floor.unwrap_or(i64::MIN)));
    let log = Arc::new(
        play::GameLog::new(opened, clock, config.secret()?, &config.base_url)
            .with_cache_cap(config.replay_cache_games)
            .with_mail_retention(config.mail_retention)
            .with_chat_retention(config.chat_retention)
            .with_quotas(config.quotas.clone())
            .with_webhooks_to_private(config.webhooks_to_private)
            .with_vapid(config.vapid()?),
    );
    let transport = match &config.smtp_url {
        Some(url) => mail::Transport::Smtp(Arc::new(
            mail::SmtpTransport::new(url, &config.mail_from).map_err(|e| anyhow::anyhow!(e))?.signing(dkim),
        )),
        None => mail::Transport::DevMailbox,
    };
    if matches!(transport, mail::Transport::DevMailbox) {
        tracing::warn!(
            "no mail server (FELDPOST_SMTP_URL): mail is kept for the dev mailbox at /dev/mailbox \
             (answered to loopback clients only); it shows every seat's link"
        );
    }
    if let Some(addr) = &config.inbound_smtp {
        let inbox = play::reply::Replies::new(&log, &own_address(&config));
        let bound = mail::listener::spawn_with(inbox, addr, config.inbound_limits)?;
        tracing::info!("replies by SMTP on {bound} (FELDPOST_INBOUND_SMTP)");
    }
    let worker = tokio::spawn(play::worker::run_mail_worker_every(
        log.clone(),
        transport.clone(),
        config.mail_in_flight,
        config.tick,
    ));
    let rules_clock = tokio::spawn(play::rules_clock::run_clock(log.clone()));
    // Webhooks are told beside the mail; the server does not wait for them when it stops (a
    // message not yet taken is sent again by the next start).
    tokio::spawn(play::worker::run_webhook_worker(log.clone()));
    let stopping = log.stopping().clone();
    let app = web::router(web::AppState {
        log: log.clone(),
        dev_mailbox: matches!(transport, mail::Transport::DevMailbox),
    });
    if let Some(addr) = &config.metrics_bind {
        let metrics = tokio::net::TcpListener::bind(addr).await?;
        tracing::info!("metrics at http://{}/metrics (FELDPOST_METRICS_BIND)", metrics.local_addr()?);
        let scrapes = axum::serve(metrics, web::metrics::router(log.clone()))
            .with_graceful_shutdown(stopping.clone().cancelled_owned());
        tokio::spawn(async move { scrapes.await });
    }
    let listener = tokio::net::TcpListener::bind(&config.bind).await?;
    tracing::info!("feldpost serves {} (database {})", config.base_url, redact_url(&config.database_url));
    tokio::spawn({
        let stopping = stopping.clone();
        async move {
            let signal = stop_signal().await;
            tracing::info!("{signal}: stopping (new connections refused; what is under way finishes)");
            stopping.cancel();
        }
    });
    // The peer address feeds the per-IP login and mail limits.
    let server = axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(stopping.clone().cancelled_owned());
    let server = tokio::spawn(async move { server.await });
    stopping.cancelled().await;
    // Requests under way finish, and so does the mail being sent (what is claimed but unsent is
    // given back: `mail::deliver_batch_until`); each move is one transaction, so a request cut
    // by the grace's end has either committed whole or not at all.
    let finished = tokio::time::timeout(config.shutdown_grace, async {
        let served = server.await;
        let _ = worker.await;
        let _ = rules_clock.await;
        served
    })
    .await;
    match finished {
        Ok(Ok(Ok(()))) => tracing::info!("stopped"),
        Ok(Ok(Err(e))) => return Err(e.into()),
        Ok(Err(e)) => return Err(anyhow::anyhow!("the server's task ended badly: {e}")),
        Err(_) => tracing::warn!(
            "stopped after {} s (FELDPOST_SHUTDOWN_GRACE_S) with requests or mail still under way",
            config.shutdown_grace.as_secs()
        ),
    }
    Ok(())
}

/// The first SIGTERM (what systemd, container runtimes and most supervisors send) or SIGINT
/// (Ctrl-C); its name, for the log.
async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = tokio::signal::ctrl_c() => "SIGINT",
            },
            Err(e) => {
                tracing::warn!("SIGTERM cannot be listened for ({e}): only SIGINT stops the server cleanly");
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}

/// Our From address alone (mail from it is a loop).
fn own_address(config: &Config) -> String {
    mail::inbound::addresses(&config.mail_from).into_iter().next().unwrap_or_default()
}

/// `feldpost inbound`: one message from standard input, with an exit status an MTA acts on
/// (sysexits.h): it bounces on 65 and 67 and keeps the message to try again on 75.
async fn inbound(to: Vec<String>) -> anyhow::Result<ExitCode> {
    use std::io::Read;
    const EX_DATAERR: u8 = 65;
    const EX_NOUSER: u8 = 67;
    const EX_TEMPFAIL: u8 = 75;
    // The largest message taken; a larger one is refused whole (the MTA bounces it), never cut
    // and taken: what was cut could read as another command.
    const MAX_MESSAGE: u64 = 10 * 1024 * 1024;
    let mut raw = Vec::new();
    if let Err(e) = std::io::stdin().take(MAX_MESSAGE + 1).read_to_end(&mut raw) {
        eprintln!("feldpost inbound: cannot read the message: {e}");
        return Ok(ExitCode::from(EX_TEMPFAIL));
    }
    if raw.len() as u64 > MAX_MESSAGE {
        eprintln!("feldpost inbound: the message is larger than {MAX_MESSAGE} bytes: refused");
        return Ok(ExitCode::from(EX_DATAERR));
    }
    let mut message = match mail::inbound::read(&raw) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("feldpost inbound: {e}");
            return Ok(ExitCode::from(EX_DATAERR));
        }
    };
    message.recipients.splice(0..0, to.iter().map(|t| t.trim().to_lowercase()));
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("feldpost inbound: the configuration cannot be read, try again once it is fixed: {e}");
            return Ok(ExitCode::from(EX_TEMPFAIL));
        }
    };
    let opened = match store::Store::open(&config.database_url, config.db_timeouts).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("feldpost inbound: the database is not available, try again later: {e}");
            return Ok(ExitCode::from(EX_TEMPFAIL));
        }
    };
    let log = play::GameLog::new(opened, Arc::new(clock::SystemClock), config.secret()?, &config.base_url);
    match play::reply::reply(&log, &message, &own_address(&config)).await {
        Ok(play::reply::ReplyOutcome::UnknownAddress) => {
            eprintln!(
                "feldpost inbound: no such address: {} (not a reply address of this server, forged, or of a game that is gone)",
                message.recipients.join(", ")
            );
            Ok(ExitCode::from(EX_NOUSER))
        }
        Ok(outcome) => {
            eprintln!("feldpost inbound: {} ({})", outcome.code(), message.message_id);
            send_what_it_caused(&log, &config).await;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("feldpost inbound: not taken, try again later: {e}");
            Ok(ExitCode::from(EX_TEMPFAIL))
        }
    }
}

/// The longest `feldpost inbound` spends sending the mail its message caused before it leaves
/// the rest to the servers' workers (an MTA's pipe waits for it).
const INBOUND_SENDS_FOR: std::time::Duration = std::time::Duration::from_secs(10);

/// After a piped-in message is taken: send what is due now (the answer, the next player's turn
/// mail) from this process, at once, instead of leaving it for a server's worker to find on its
/// next poll. Claimed like any worker's mail, so each goes once; what is not sent within
/// [`INBOUND_SENDS_FOR`] is given back, and what fails is retried by the servers as ever. The
/// message stays taken whatever happens here.
async fn send_what_it_caused(log: &play::GameLog, config: &Config) {
    let Some(url) = &config.smtp_url else { return };
    // Signed like the server's mail, or not sent from here at all.
    let signed = config
        .dkim()
        .and_then(|dkim| mail::SmtpTransport::new(url, &config.mail_from).map(|t| t.signing(dkim)));
    let transport = match signed {
        Ok(t) => mail::Transport::Smtp(Arc::new(t)),
        Err(e) => {
            eprintln!("feldpost inbound: mail is left to the servers: {e}");
            return;
        }
    };
    let enough = tokio_util::sync::CancellationToken::new();
    let timer = tokio::spawn({
        let enough = enough.clone();
        async move {
            tokio::time::sleep(INBOUND_SENDS_FOR).await;
            enough.cancel();
        }
    });
    let sent = mail::deliver_batch_until(
        &log.store,
        &play::pictures::WithPictures(log),
        &transport,
        log.clock(),
        config.mail_in_flight,
        mail::CLAIM_BATCH,
        &enough,
    )
    .await;
    timer.abort();
    match sent {
        Ok(d) if d.claimed > 0 => {
            eprintln!("feldpost inbound: sent {} of {} mails due", d.delivered, d.claimed)
        }
        Ok(_) => {}
        Err(e) => eprintln!("feldpost inbound: mail is left to the servers: {e}"),
    }
}

/// Database URLs may carry passwords: never print them.
fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => format!("{}://…@{}", &url[..s], &url[at + 1..]),
        _ => url.to_owned(),
    }
}
