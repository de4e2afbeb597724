//! The load tool: feldpost under load, each figure beside its limit measured in the
//! same run, so that the ratio means something on a shared, noisy machine.
//!
//! ```text
//! cargo run --release --example load -- moves   [--db URL] [--games 8] [--seconds 20] [--rounds 4] [--mailed [--text-only]]
//! cargo run --release --example load -- moves --servers 3 --db URL [--games 8] [--seconds 20] [--rounds 4]
//! cargo run --release --example load -- replies [--db URL] [--replies 10]
//! cargo run --release --example load -- pages   [--db URL] [--requests 200]
//! cargo run --release --example load -- mygames [--db URL] [--games 10000] [--requests 50]
//! cargo run --release --example load -- mail    [--db URL] [--mails 2000] [--in-flight 8]
//! cargo run --release --example load -- memory  [--db URL] [--games 100000] [--rounds 1] [--clients 4] [--cache N] [--ruleset R]
//! cargo run --release --example load -- smtp-slow [--db URL] [--connections 500] [--interval 3] [--replies 5] [--from 127.0.0.2]
//! ```
//!
//! `--db` is `sqlite` (a fresh file in the temp folder, the default) or a Postgres URL (a fresh
//! schema in that database, e.g. `postgres://postgres@127.0.0.1:5432/test`).
//!
//! - `moves`: N games played at once over HTTP by N clients (one keep-alive connection each,
//!   the JSON API, one POST per move; one GET by the next seat when the seat to act changes);
//!   prints moves/s
//!   and the POST's p50/p99, beside the store's raw single-row INSERT+COMMIT rate with as many
//!   writers (and pgbench's, on Postgres, when it is installed), and the ratios. The time is cut
//!   into `--rounds` rounds, each the games then the two limits for as long, and the ratio is the
//!   median of the rounds' (a shared machine's load drifts within a minute).
//! - `moves --servers N` (Postgres only): N servers in this process on one schema, each its own
//!   store, game log and port; in each round the games on one server, then spread over all N
//!   (a game's client on one server); moves/s and POST p50/p99 of each and their ratio.
//! - `moves --mailed`: in each round the games twice over, first with players nobody mails,
//!   then with every player's address set (the turn mails written with the move, sent by the
//!   server's mail worker to an SMTP server on loopback, on a thread of its own whose CPU is not
//!   counted as the server's; each slice's CPU is read after the outbox has drained), then the
//!   raw INSERT and pgbench; the same figures as `moves` for each, the mails sent a move, and the
//!   server's CPU a mailed move against an unmailed one (the median of the rounds'). Each round
//!   also plays the unmailed games paced at the rate the mailed ones just made, and compares
//!   the two at that same rate (a move costs more at a lower rate, mail or not). The turn
//!   mails carry the board as a picture (drawn by the worker); `--text-only` makes every mailed
//!   player choose text-only mail, so the cost of the pictures is what the two runs differ by.
//! - `replies`: a reply by mail to a fresh game's first turn mail, answered by mail: the time
//!   from the relay's first byte to the answer's final dot at the player's SMTP server, through
//!   the server's SMTP listener and piped into `feldpost inbound` (the release binary beside this
//!   tool: `cargo build --release` first), turn about; p50 and the slowest of each.
//! - `pages`: one game's page at seq 100 and after its end, p50 of each, and the largest page
//!   of its history, and the p50 of its history's first and last steps.
//! - `mygames`: "My games" of a proved account with N games (a quarter attached by hand, the
//!   rest by a seat of its address, a quarter of those attached too; every tenth hosted by the
//!   address): p50 of the first page.
//! - `mail`: an outbox of M mails drained to a local SMTP server through the worker's path,
//!   beside plain SMTP to the same server (one connection, one mail after another).
//! - `memory`: N games created (mostly Na zajatce, some Služba and Colditz), a move or two made
//!   in every tenth, then every game touched once as its player would (one seat's API view over
//!   HTTP, which fills the replay cache); the process's RSS (VmRSS, and its peak VmHWM) at the
//!   start, after creating and after every 10,000 games touched, with the replay cache's size,
//!   beside the goal of 200 MB. `--rounds` touches every game that many
//!   times over; `--cache` sets the cache's cap (the server's default otherwise); `--ruleset`
//!   makes every game one ruleset's.
//! - `smtp-slow`: the inbound SMTP listener with its default limits, and N slow clients from
//!   `--from` (another address on this machine, or 127.0.0.1 to share the relay's), each holding a
//!   connection open and sending a byte every `--interval` seconds (connecting again when it is
//!   closed); meanwhile a relay at 127.0.0.1 sends real replies to a game's turn mail, one after
//!   another. Prints the time a reply takes with the door quiet, then under the slow clients
//!   (p50 and the slowest, how many were answered 250), and what the door did to the slow clients
//!   (the most it held at once, the connections it refused, the sessions it closed for others).

use axum::body::Bytes;
use feldpost::clock::{Clock, SystemClock};
use feldpost::ids::{GameId, SeatToken};
use feldpost::input::EmailAddress;
use feldpost::mail::{self, SmtpTransport, Transport};
use feldpost::play::create::{NewGame, NewPlayer, Requester};
use feldpost::play::{GameLog, PlayError};
use feldpost::secret::Secret;
use feldpost::store::Appender;
use feldpost::store::{AccountRow, OutboxRow, Store};
use feldpost::web::{AppState, router};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The server's allocator (src/main.rs), so that the figures are the server's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error + Send + Sync>>;

struct Args(Vec<String>);

impl Args {
    fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().position(|a| a == name).and_then(|i| self.0.get(i + 1)).map(String::as_str)
    }
    fn num(&self, name: &str, default: usize) -> usize {
        self.get(name).and_then(|v| v.parse().ok()).unwrap_or(default)
    }
}

#[tokio::main]
async fn main() -> Result<()> {
    // The server logs as `feldpost serve` does: each request's span is made, filtered and
    // formatted in the measured CPU too.
    feldpost::config::init_logging();
    let args = Args(std::env::args().skip(1).collect());
    let db = args.get("--db").unwrap_or("sqlite").to_owned();
    let ran = run(&args, &db).await;
    remove_scratch(&db).await;
    ran
}

async fn run(args: &Args, db: &str) -> Result<()> {
    let db = db.to_owned();
    match args.0.first().map(String::as_str) {
        Some("moves") if args.get("--servers").is_some() => {
            let servers = args.num("--servers", 3);
            moves_servers(
                &db,
                servers,
                args.num("--games", 8),
                args.num("--seconds", 20),
                args.num("--rounds", 4),
            )
            .await
        }
        Some("moves") if args.0.iter().any(|a| a == "--mailed") => {
            TEXT_ONLY.store(args.0.iter().any(|a| a == "--text-only"), std::sync::atomic::Ordering::Relaxed);
            moves_mailed(&db, args.num("--games", 8), args.num("--seconds", 20), args.num("--rounds", 4))
                .await
        }
        Some("replies") => replies(&db, args.num("--replies", 10)).await,
        Some("moves") => {
            moves(&db, args.num("--games", 8), args.num("--seconds", 20), args.num("--rounds", 4)).await
        }
        Some("pages") => pages(&db, args.num("--requests", 200)).await,
        Some("mygames") => my_games(&db, args.num("--games", 10_000), args.num("--requests", 50)).await,
        Some("mail") => mail_drain(&db, args.num("--mails", 2_000), args.num("--in-flight", 8)).await,
        Some("memory") => {
            let only = match args.get("--ruleset") {
                None => None,
                Some(r) => Some(
                    *["zajatce", "sluzba", "colditz"]
                        .iter()
                        .find(|k| **k == r)
                        .ok_or("--ruleset zajatce|sluzba|colditz")?,
                ),
            };
            let run = MemoryRun {
                games: args.num("--games", 100_000),
                rounds: args.num("--rounds", 1),
                clients: args.num("--clients", 4),
                cache_cap: args.get("--cache").and_then(|v| v.parse().ok()),
                only,
            };
            memory(&db, run).await
        }
        Some("smtp-slow") => {
            let run = SlowRun {
                connections: args.num("--connections", 500),
                interval: Duration::from_secs(args.num("--interval", 3) as u64),
                replies: args.num("--replies", 5).max(1),
                from: args.get("--from").unwrap_or("127.0.0.2").parse()?,
            };
            smtp_slow(&db, run).await
        }
        _ => {
            eprintln!(
                "usage: load moves|replies|pages|mygames|mail|memory|smtp-slow [--db sqlite|postgres://…] (see examples/load.rs)"
            );
            std::process::exit(2);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// A server in this process, on a fresh store

/// The ids of the stores this run made (SQLite files, Postgres schemas), removed at its end.
static SCRATCH: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn scratch_dir() -> std::path::PathBuf {
    std::env::temp_dir().join("feldpost-load")
}

/// Remove what [`fresh_store`] made: the SQLite files (with their WAL and shared memory), or the
/// Postgres schemas. Best effort: what cannot be removed is named.
async fn remove_scratch(db: &str) {
    let ids = std::mem::take(&mut *SCRATCH.lock().expect("scratch list"));
    if ids.is_empty() {
        return;
    }
    if db == "sqlite" {
        for id in ids {
            for suffix in ["db", "db-wal", "db-shm"] {
                let file = scratch_dir().join(format!("{id}.{suffix}"));
                if let Err(e) = std::fs::remove_file(&file)
                    && e.kind() != std::io::ErrorKind::NotFound
                {
                    eprintln!("cannot remove {}: {e}", file.display());
                }
            }
        }
        return;
    }
    match Store::connect(db).await {
        Ok(admin) => {
            for id in ids {
                if let Err(e) = admin.execute_raw(&format!("DROP SCHEMA load_{id} CASCADE")).await {
                    eprintln!("cannot drop schema load_{id}: {e}");
                }
            }
            admin.close().await;
        }
        Err(e) => eprintln!("cannot drop this run's schemas: {e}"),
    }
}

/// A fresh store: a new SQLite file, or a new schema in the Postgres database at `db`; removed
/// when the run ends ([`remove_scratch`]).
async fn fresh_store(db: &str) -> Result<((Store, Appender), String)> {
    let id = feldpost::secret::random_id();
    SCRATCH.lock().expect("scratch list").push(id.clone());
    let url = if db == "sqlite" {
        let dir = scratch_dir();
        std::fs::create_dir_all(&dir)?;
        format!("sqlite:{}", dir.join(format!("{id}.db")).display())
    } else {
        let admin = Store::connect(db).await?;
        admin.execute_raw(&format!("CREATE SCHEMA load_{id}")).await?;
        admin.close().await;
        let sep = if db.contains('?') { '&' } else { '?' };
        format!("{db}{sep}options=-c%20search_path%3Dload_{id}")
    };
    let opened = Store::open(&url, Default::default()).await?;
    opened.0.migrate().await?;
    Ok((opened, url))
}

async fn serve(opened: (Store, Appender)) -> Result<(Arc<GameLog>, SocketAddr)> {
    serve_capped(opened, None).await
}

/// [`serve`], with the replay cache's cap set (the server's default when `None`).
async fn serve_capped(
    opened: (Store, Appender),
    cache_cap: Option<usize>,
) -> Result<(Arc<GameLog>, SocketAddr)> {
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let mut play = GameLog::new(opened, clock, Secret::from_text("load"), "http://load.test");
    if let Some(cap) = cache_cap {
        play = play.with_cache_cap(cap);
    }
    let play = Arc::new(play);
    let app = router(AppState { log: play.clone(), dev_mailbox: false });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await;
    });
    Ok((play, addr))
}

/// `--text-only`: every mailed player reads mail as text only (no picture of the board). Set
/// once, before any game is made.
static TEXT_ONLY: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A Na zajatce game of `players` (without addresses, unless `mailed`), made by host number `n`.
async fn new_game(play: &GameLog, n: usize, players: usize, mailed: bool) -> Result<(GameId, Vec<String>)> {
    new_game_of(play, "zajatce", n, players, mailed).await
}

/// A game of `ruleset` with its default options, as [`new_game`].
async fn new_game_of(
    play: &GameLog,
    ruleset: &str,
    n: usize,
    players: usize,
    mailed: bool,
) -> Result<(GameId, Vec<String>)> {
    let (new, by) = new_game_request(ruleset, n, players, mailed)?;
    let created = feldpost::play::create::create(play, new, &by).await.map_err(|e| e.to_string())?;
    if mailed && TEXT_ONLY.load(std::sync::atomic::Ordering::Relaxed) {
        let text_only = feldpost::store::SeatMail { pref: Default::default(), text_only: true };
        for seat in 0..players as i64 {
            play.store.set_seat_mail(created.game_id.as_str(), seat, &text_only).await?;
        }
    }
    Ok((created.game_id, created.seats.into_iter().map(|s| s.token).collect()))
}

/// What [`new_game_of`] asks the create use case for, and who asks.
fn new_game_request(ruleset: &str, n: usize, players: usize, mailed: bool) -> Result<(NewGame, Requester)> {
    let host = EmailAddress::parse(&format!("host{n}@example.org")).map_err(|e| format!("{e:?}"))?;
    let new = NewGame {
        ruleset: ruleset.into(),
        title: format!("Load {n}"),
        options: json!({}),
        players: (0..players)
            .map(|i| NewPlayer {
                name: format!("Player {i}"),
                email: if mailed { format!("p{n}-{i}@example.org") } else { String::new() },
            })
            .collect(),
        lang: Default::default(),
        disputes: Default::default(),
        deadline: Default::default(),
        host_email: String::new(),
        from_position: false,
    };
    // Each game from a client and host of its own: the per-client limits are not measured here.
    let by = Requester { client: format!("load-{n}"), account: Some(host) };
    Ok((new, by))
}

/// `op` again while the store is away or busy (as a client retries a 503 after its
/// Retry-After), at most 10 times, a second apart; `retries` counts them.
async fn retrying<T, F, Fut>(retries: &mut usize, mut op: F) -> Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = std::result::Result<T, PlayError>>,
{
    for _ in 0..10 {
        match op().await {
            Err(PlayError::Unavailable(_)) => {
                *retries += 1;
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            done => return done.map_err(|e| e.to_string().into()),
        }
    }
    Err("the store was still unavailable after 10 tries".into())
}

// ---------------------------------------------------------------------------------------------
// HTTP: one keep-alive connection per client

/// A minimal HTTP/1.1 client: the request written in one piece, the answer read by its
/// Content-Length. As lean as pgbench's client is beside Postgres, so that the CPU a move costs
/// is the server's and not the measuring tool's.
struct Client {
    tcp: tokio::net::TcpStream,
    /// What has been read and not yet answered.
    buf: Vec<u8>,
    request: Vec<u8>,
}

impl Client {
    async fn connect(addr: SocketAddr) -> Result<Client> {
        let tcp = tokio::net::TcpStream::connect(addr).await?;
        tcp.set_nodelay(true)?;
        Ok(Client { tcp, buf: Vec::with_capacity(16 * 1024), request: Vec::with_capacity(1024) })
    }

    async fn call(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&[u8]>,
    ) -> Result<(u16, Bytes)> {
        use std::io::Write;
        use tokio::io::AsyncWriteExt;
        self.request.clear();
        write!(self.request, "{method} {path} HTTP/1.1\r\nhost: load.test\r\n")?;
        if let Some(t) = token {
            write!(self.request, "authorization: Bearer {t}\r\n")?;
        }
        if let Some(b) = body {
            write!(self.request, "content-type: application/json\r\ncontent-length: {}\r\n", b.len())?;
        }
        self.request.extend_from_slice(b"\r\n");
        if let Some(b) = body {
            self.request.extend_from_slice(b);
        }
        self.tcp.write_all(&self.request).await?;
        loop {
            let mut headers = [httparse::EMPTY_HEADER; 32];
            let mut res = httparse::Response::new(&mut headers);
            if let httparse::Status::Complete(head) = res.parse(&self.buf)? {
                let status = res.code.unwrap_or(0);
                let length = res
                    .headers
                    .iter()
                    .find(|h| h.name.eq_ignore_ascii_case("content-length"))
                    .and_then(|h| std::str::from_utf8(h.value).ok()?.trim().parse::<usize>().ok())
                    .ok_or("an answer without Content-Length")?;
                while self.buf.len() < head + length {
                    self.read_more().await?;
                }
                let answer = Bytes::copy_from_slice(&self.buf[head..head + length]);
                self.buf.drain(..head + length);
                return Ok((status, answer));
            }
            self.read_more().await?;
        }
    }

    async fn read_more(&mut self) -> Result<()> {
        use tokio::io::AsyncReadExt;
        self.buf.reserve(16 * 1024);
        if self.tcp.read_buf(&mut self.buf).await? == 0 {
            return Err("the server closed the connection".into());
        }
        Ok(())
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// A seat's token as the server made it.
fn seat_token(text: &str) -> Result<SeatToken> {
    SeatToken::parse(text).ok_or_else(|| format!("{text:?} is no seat's token").into())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

// ---------------------------------------------------------------------------------------------
// moves

/// The moves run in `rounds` rounds (at least 2 s each): in each, the games for a slice of the
/// time, then the store's raw INSERT+COMMIT and pgbench for as long. On a shared machine the
/// load from elsewhere drifts over a minute; side by side in each round, the ratios compare
/// like with like, and their median is the figure.
async fn moves(db: &str, games: usize, seconds: usize, rounds: usize) -> Result<()> {
    let (opened, url) = fresh_store(db).await?;
    let store = opened.0.clone();
    let (play, addr) = serve(opened).await?;
    let rounds = rounds.clamp(1, (seconds / 2).max(1));
    let slice = Duration::from_secs_f64(seconds as f64 / rounds as f64);
    println!("moves: {games} games at once for {seconds} s on {}, in {rounds} rounds", backend(db));
    let mut all = Played::default();
    let (mut server_cpu, mut rest_cpu) = (0.0, 0.0);
    let (mut vs_raw, mut vs_pgbench) = (Vec::new(), Vec::new());
    let (mut raw_rates, mut pgbench_rates, mut pgbench_cpu) = (Vec::new(), Vec::new(), Vec::new());
    let cores = std::thread::available_parallelism().map_or(1.0, |n| n.get() as f64);
    for round in 0..rounds {
        let (round_started, cpu_before) = (Instant::now(), CpuTimes::now());
        let played = moves_slice(play.clone(), addr, games, round, slice, false, None).await?;
        let (this, rest) = CpuTimes::now().per(cpu_before, played.latencies.len());
        server_cpu +=
            (this - played.cpu * 1e6 / played.latencies.len().max(1) as f64) * played.latencies.len() as f64;
        rest_cpu += rest * played.latencies.len() as f64;
        let rate = played.latencies.len() as f64 / played.elapsed;
        let raw = store.probe_commit_rate(games, slice).await?;
        vs_raw.push(rate / raw);
        raw_rates.push(raw);
        let mut line = format!(
            "    round {}: {rate:.0} moves/s; store's raw {raw:.0}/s ({:.2}×)",
            round + 1,
            rate / raw
        );
        if db != "sqlite" {
            let cpu_before = CpuTimes::now();
            if let Some((tps, count)) = pgbench(db, games, slice.as_secs_f64().round().max(1.0) as usize) {
                pgbench_cpu.push(CpuTimes::now().per(cpu_before, count).1);
                vs_pgbench.push(rate / tps);
                pgbench_rates.push(tps);
                line.push_str(&format!("; pgbench {tps:.0}/s ({:.2}×)", rate / tps));
            }
        }
        // A round the hypervisor took much of was measured on a crowded host: compare with care.
        let stolen = CpuTimes::now().stolen(cpu_before, round_started.elapsed().as_secs_f64(), cores);
        line.push_str(&format!("; steal {:.0} %", stolen * 100.0));
        println!("{line}");
        all.latencies.extend(played.latencies);
        all.gets.extend(played.gets);
        all.conflicts += played.conflicts;
        all.elapsed += played.elapsed;
        all.cpu += played.cpu;
    }
    let Played { mut latencies, mut gets, conflicts, elapsed, cpu } = all;
    let n = latencies.len().max(1) as f64;
    latencies.sort();
    gets.sort();
    let rate = latencies.len() as f64 / elapsed;
    println!(
        "  feldpost: {rate:.0} moves/s ({} moves, {conflicts} conflicts), POST p50 {:.2} ms, p99 {:.2} ms",
        latencies.len(),
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99))
    );
    // Where a game's time goes besides its POSTs: the next seat opening its view.
    println!(
        "    {:.2} GETs a move (the next seat opens its view), GET p50 {:.2} ms, p99 {:.2} ms; the mean POST {:.2} ms",
        gets.len() as f64 / n,
        ms(percentile(&gets, 0.5)),
        ms(percentile(&gets, 0.99)),
        ms(latencies.iter().sum::<Duration>()) / n
    );
    let database = if db == "sqlite" { "SQLite runs in the server" } else { "the database, mostly" };
    println!(
        "    CPU per move: {:.0} µs in the server, {:.0} µs in the clients, {:.0} µs in the rest of the machine ({database})",
        server_cpu / n,
        cpu * 1e6 / n,
        rest_cpu / n
    );
    if db != "sqlite" {
        let feldpost::store::MoveStatements { statements, moves, .. } = store.move_statements();
        println!(
            "    {:.2} moves per statement ({statements} statements wrote the moves)",
            moves as f64 / statements.max(1) as f64
        );
    }
    println!(
        "  store's raw single-row INSERT+COMMIT, {games} writers: median {:.0}/s → ratio {:.2}× (median of the rounds)",
        median(&raw_rates),
        median(&vs_raw)
    );
    if db != "sqlite" {
        if vs_pgbench.is_empty() {
            println!("  pgbench: not available");
        } else {
            println!(
                "  pgbench single-row INSERT+COMMIT, {games} clients: median {:.0}/s → ratio {:.2}× (median of the rounds)",
                median(&pgbench_rates),
                median(&vs_pgbench)
            );
            println!(
                "    CPU per INSERT: {:.0} µs in the rest of the machine (pgbench and the database)",
                median(&pgbench_cpu)
            );
        }
    }
    let _ = url;
    Ok(())
}

/// The middle value (the mean of the two middle ones for an even count); 0 for none.
fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// One round's games: `games` clients play (new games as theirs end) for `slice`; every
/// player has an address when `mailed`.
async fn moves_slice(
    play: Arc<GameLog>,
    addr: SocketAddr,
    games: usize,
    round: usize,
    slice: Duration,
    mailed: bool,
    pace: Option<f64>,
) -> Result<Played> {
    let server = tokio::runtime::Handle::current();
    // Paced: each client waits for its turn so that all together make `pace` moves a second.
    let interval = pace.map(|rate| Duration::from_secs_f64(games as f64 / rate.max(1.0)));
    // The clients run on a thread of their own, so that their CPU is counted apart from the
    // server's (they share this process).
    let clients =
        std::thread::Builder::new().name("load-clients".into()).spawn(move || -> Result<Played> {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
            let cpu_before = thread_cpu_seconds();
            let started = Instant::now();
            let mut played = runtime.block_on(async move {
                let mut clients = Vec::new();
                for c in 0..games {
                    let (play, server) = (play.clone(), server.clone());
                    let client = round * 1_000 + c;
                    clients.push(tokio::spawn(async move {
                        play_games(play, server, addr, client, started, slice, mailed, interval).await
                    }));
                }
                let mut played = Played::default();
                for c in clients {
                    let (l, g, k) = c.await??;
                    played.latencies.extend(l);
                    played.gets.extend(g);
                    played.conflicts += k;
                }
                Ok::<_, Box<dyn std::error::Error + Send + Sync>>(played)
            })?;
            played.elapsed = started.elapsed().as_secs_f64();
            played.cpu = thread_cpu_seconds() - cpu_before;
            Ok(played)
        })?;
    tokio::task::spawn_blocking(move || clients.join().map_err(|_| "the clients' thread panicked"))
        .await??
        .map_err(|e| e.to_string().into())
}

/// What the clients of a moves run did: every POST's time, every GET's (a seat opening its view
/// when its turn comes), the conflicts, how long they ran and the CPU their thread used
/// (seconds).
#[derive(Default)]
struct Played {
    latencies: Vec<Duration>,
    gets: Vec<Duration>,
    conflicts: usize,
    elapsed: f64,
    cpu: f64,
}

/// The CPU time the calling thread has used, in seconds (utime + stime of
/// /proc/thread-self/stat, in clock ticks of 1/100 s).
fn thread_cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let f: Vec<f64> = after.split_whitespace().map(|v| v.parse().unwrap_or(0.0)).collect();
    (f.get(11).unwrap_or(&0.0) + f.get(12).unwrap_or(&0.0)) / 100.0
}

/// The parts of a seat's view (`GET /api/games/{id}`, or the `game` of an action's answer) a
/// client needs to play on; the rest of the answer is skipped unread.
#[derive(serde::Deserialize)]
struct SeatView<'a> {
    current_seq: u64,
    your_turn: bool,
    finished: bool,
    to_act: Vec<usize>,
    #[serde(borrow)]
    legal_actions: Vec<Offered<'a>>,
}

#[derive(serde::Deserialize)]
struct Offered<'a> {
    #[serde(borrow)]
    action: &'a serde_json::value::RawValue,
}

#[derive(serde::Deserialize)]
struct ActionAnswer<'a> {
    #[serde(borrow)]
    game: SeatView<'a>,
}

/// A seat's next move: the sequence number it saw and the `step`th of its legal actions (as
/// JSON text), or `None` when it has none.
fn chosen(view: &SeatView<'_>, step: usize) -> Option<(u64, String)> {
    // A player of the load never gives the game up (every game offers it at every turn).
    let offered: Vec<&str> =
        view.legal_actions.iter().map(|o| o.action.get()).filter(|a| !gives_up(a)).collect();
    (!offered.is_empty()).then(|| (view.current_seq, offered[step % offered.len()].to_owned()))
}

/// Whether an offered action (as JSON text) is a game's concession: `{"type": "concede"}` or
/// `{"action": "concede"}`.
fn gives_up(action: &str) -> bool {
    serde_json::from_str::<Value>(action).is_ok_and(|v| {
        ["type", "action"].iter().any(|k| v.get(*k).and_then(Value::as_str) == Some("concede"))
    })
}

/// One client: plays its game (a new one when it ends) until the time is up; the POSTs' times.
/// Its players have addresses when `mailed`; with an `interval`, it makes a move at most that
/// often. Games are made on the server's runtime (`server`), as the server's own work.
#[allow(clippy::too_many_arguments)]
async fn play_games(
    play: Arc<GameLog>,
    server: tokio::runtime::Handle,
    addr: SocketAddr,
    c: usize,
    started: Instant,
    duration: Duration,
    mailed: bool,
    interval: Option<Duration>,
) -> Result<(Vec<Duration>, Vec<Duration>, usize)> {
    let mut http = Client::connect(addr).await?;
    // Paced: the next move is not made before this (and a client that fell behind does not
    // make up for it in a burst).
    let mut next_move = tokio::time::Instant::now();
    let mut latencies = Vec::new();
    let mut gets = Vec::new();
    let mut conflicts = 0;
    let mut round = 0;
    let mut body = Vec::with_capacity(512);
    while started.elapsed() < duration {
        let play = play.clone();
        let n = c * 10_000 + round;
        let (game, tokens) = server.spawn(async move { new_game(&play, n, 3, mailed).await }).await??;
        round += 1;
        let actions_path = format!("/api/games/{game}/actions");
        let game_path = format!("/api/games/{game}");
        // Whose turn, and what they may do: from the answer to the last move, or one GET by the
        // seat the answer names as next (as that player opens their link when told).
        let mut state: Option<(usize, Option<(u64, String)>)> = None;
        let mut next: Option<usize> = None;
        let mut step = 0usize;
        while started.elapsed() < duration {
            let (seat, choice) = match (state.take(), next.take()) {
                (Some(s), _) => s,
                (None, Some(seat)) => {
                    let t = Instant::now();
                    let (_, answer) = http.call("GET", &game_path, Some(&tokens[seat]), None).await?;
                    gets.push(t.elapsed());
                    let view: SeatView = serde_json::from_slice(&answer)?;
                    (seat, chosen(&view, step))
                }
                (None, None) => {
                    let mut found = None;
                    for (seat, token) in tokens.iter().enumerate() {
                        let (_, answer) = http.call("GET", &game_path, Some(token), None).await?;
                        let view: SeatView = serde_json::from_slice(&answer)?;
                        if view.your_turn {
                            found = Some((seat, chosen(&view, step)));
                            break;
                        }
                    }
                    match found {
                        Some(f) => f,
                        None => break, // the game has ended
                    }
                }
            };
            let Some((seq, action)) = choice else { continue };
            step += 1;
            body.clear();
            body.extend_from_slice(format!("{{\"expected_seq\":{seq},\"action\":{action}}}").as_bytes());
            if let Some(interval) = interval {
                tokio::time::sleep_until(next_move).await;
                next_move = (next_move + interval).max(tokio::time::Instant::now());
            }
            let t = Instant::now();
            let (status, answer) = http.call("POST", &actions_path, Some(&tokens[seat]), Some(&body)).await?;
            latencies.push(t.elapsed());
            match status {
                200 => {
                    let now = serde_json::from_slice::<ActionAnswer>(&answer)?.game;
                    if now.your_turn {
                        state = Some((seat, chosen(&now, step)));
                    } else if now.finished {
                        break;
                    } else {
                        next = now.to_act.first().copied();
                    }
                }
                409 => conflicts += 1,
                other => {
                    return Err(format!("POST answered {other}: {}", String::from_utf8_lossy(&answer)).into());
                }
            }
        }
    }
    Ok((latencies, gets, conflicts))
}

fn backend(db: &str) -> &'static str {
    if db == "sqlite" { "SQLite" } else { "Postgres" }
}

/// pgbench's single-row INSERT+COMMIT rate on the database at `db`, and how many it made, if
/// pgbench is installed.
fn pgbench(db: &str, clients: usize, seconds: usize) -> Option<(f64, usize)> {
    let script = std::env::temp_dir().join("feldpost-load-pgbench.sql");
    std::fs::write(&script, "INSERT INTO feldpost_load_pgbench (body) VALUES (repeat('x', 300));\n").ok()?;
    let psql = |sql: &str| std::process::Command::new("psql").args([db, "-qc", sql]).output().ok();
    psql(
        "DROP TABLE IF EXISTS feldpost_load_pgbench; CREATE TABLE feldpost_load_pgbench (id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)",
    )?;
    let out = std::process::Command::new("pgbench")
        .args(["-n", "-c", &clients.to_string(), "-j", "2", "-T", &seconds.to_string(), "-f"])
        .arg(&script)
        .arg(db)
        .output()
        .ok()?;
    psql("DROP TABLE feldpost_load_pgbench");
    let text = String::from_utf8_lossy(&out.stdout);
    let tps = text.lines().find(|l| l.starts_with("tps = "))?.split_whitespace().nth(2)?.parse().ok()?;
    let count = text
        .lines()
        .find(|l| l.starts_with("number of transactions actually processed:"))?
        .split_whitespace()
        .nth(5)?
        .parse()
        .ok()?;
    Some((tps, count))
}

// ---------------------------------------------------------------------------------------------
// pages

async fn pages(db: &str, requests: usize) -> Result<()> {
    let (opened, _) = fresh_store(db).await?;
    let (play, addr) = serve(opened).await?;
    let (game, tokens) = new_game(&play, 1, 3, false).await?;
    let mut http = Client::connect(addr).await?;
    println!("pages: one Na zajatce game of 3 on {}, {requests} requests a point", backend(db));
    let mut step = 0usize;
    let mut points = Vec::new();
    loop {
        let loaded = play.load(&game).await.map_err(|e| e.to_string())?;
        if loaded.seq >= 100 && points.is_empty() || loaded.finished() {
            let seat = loaded.table.to_act().first().copied().unwrap_or(0);
            let path = format!("/play/{}", tokens[usize::from(seat)]);
            let mut times = Vec::new();
            let mut size = 0;
            for _ in 0..requests {
                let t = Instant::now();
                let (status, body) = http.call("GET", &path, None, None).await?;
                times.push(t.elapsed());
                assert_eq!(status, 200);
                size = body.len();
            }
            times.sort();
            let p50 = percentile(&times, 0.5);
            println!(
                "  game page at seq {}{}: p50 {:.2} ms, {} KB",
                loaded.seq,
                if loaded.finished() { " (ended)" } else { "" },
                ms(p50),
                size / 1024
            );
            points.push(p50);
            if loaded.finished() {
                let mut largest = 0;
                for at in (1..=loaded.seq).step_by(50) {
                    let (_, body) = http.call("GET", &format!("{path}/history?at={at}"), None, None).await?;
                    largest = largest.max(body.len());
                }
                println!("  history: the largest of its pages {} KB", largest / 1024);
                // A step reads the records up to it and its page of them: the first step costs
                // what it shows, the last the fold of the whole log.
                for at in [1, loaded.seq] {
                    let mut times = Vec::new();
                    for _ in 0..requests {
                        let t = Instant::now();
                        let (status, _) =
                            http.call("GET", &format!("{path}/history?at={at}"), None, None).await?;
                        times.push(t.elapsed());
                        assert_eq!(status, 200);
                    }
                    times.sort();
                    println!(
                        "  history at step {at} of {}: p50 {:.2} ms",
                        loaded.seq,
                        ms(percentile(&times, 0.5))
                    );
                }
                break;
            }
        }
        let seat = loaded.table.to_act()[0];
        let view = feldpost::play::view::view(&play, &loaded, Some(seat));
        let playable: Vec<_> =
            view.legal_actions.iter().filter(|a| !loaded.table.concession(&a.action)).collect();
        let action = &playable[step % playable.len()].action;
        step += 1;
        feldpost::play::act::by_token(
            &play,
            &seat_token(&tokens[usize::from(seat)])?,
            None,
            view.current_seq,
            action,
        )
        .await
        .map_err(|e| e.to_string())?;
    }
    if let [first, last] = points[..] {
        println!("  ratio ended / seq 100: {:.2}×", last.as_secs_f64() / first.as_secs_f64());
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// My games

async fn my_games(db: &str, games: usize, requests: usize) -> Result<()> {
    let (opened, _) = fresh_store(db).await?;
    let store = opened.0.clone();
    // One address invited to every game and hosting many: past the limits on both.
    let mut quotas = feldpost::play::limits::Quotas::default();
    quotas.set(feldpost::play::limits::Limit::InvitesPerRecipient, games as i64 + 1, 1);
    quotas.set(feldpost::play::limits::Limit::GamesPerHost, games as i64 + 1, 1);
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let play = Arc::new(
        GameLog::new(opened, clock, Secret::from_text("load"), "http://load.test").with_quotas(quotas),
    );
    let now = SystemClock.now_ms();
    let account = AccountRow {
        id: "load".into(),
        email: "load@example.org".into(),
        password_hash: None,
        lang: feldpost::i18n::Lang::En,
        created_at: now,
        confirmed_at: Some(now),
    };
    store.account_create(&account).await?;
    // A quarter of the games by a seat attached by hand (no address), a quarter by a seat of the
    // account's address, a quarter the same address written otherwise (case), a quarter both
    // (each listed once); every tenth game hosted by the address too.
    println!(
        "mygames: {games} games on one account on {} (attached, by address, both; a tenth hosted)",
        backend(db)
    );
    for n in 0..games {
        let (mut new, mut by) = new_game_request("zajatce", n, 2, false)?;
        let seat = n % 2;
        match n % 4 {
            1 => new.players[seat].email = "load@example.org".into(),
            2 => new.players[seat].email = "Load@Example.ORG".into(),
            3 => new.players[seat].email = "load@example.org".into(),
            _ => {}
        }
        if n % 10 == 5 {
            by.account = Some(EmailAddress::parse("load@example.org").map_err(|e| format!("{e:?}"))?);
        }
        let created = feldpost::play::create::create(&play, new, &by).await.map_err(|e| e.to_string())?;
        if n % 4 == 0 || n % 4 == 3 {
            store.seat_attach(&account.id, &created.game_id, seat as i64, now).await?;
        }
    }
    let accounts = feldpost::accounts::Accounts::new(play.clone());
    let session = feldpost::accounts::Session {
        token_hash: String::new(),
        account_id: account.id.clone(),
        email: account.email.clone(),
        csrf: String::new(),
        confirmed: true,
    };
    let mut times = Vec::new();
    for _ in 0..requests {
        let t = Instant::now();
        let page = accounts.my_games(&session, 0, 50).await.map_err(|e| format!("{e:?}"))?;
        times.push(t.elapsed());
        assert_eq!(page.len(), 50.min(games));
    }
    times.sort();
    println!(
        "  first page of 50: p50 {:.2} ms, p99 {:.2} ms",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99))
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// mail

async fn mail_drain(db: &str, mails: usize, in_flight: usize) -> Result<()> {
    let ((store, _), _) = fresh_store(db).await?;
    let port = smtp_sink().await?;
    let transport =
        Arc::new(SmtpTransport::new(&format!("smtp://127.0.0.1:{port}"), "feldpost <feldpost@load.test>")?);
    let now = SystemClock.now_ms();
    let row = |i: usize| {
        OutboxRow::pending(
            "",
            0,
            &format!("p{i}@example.org"),
            feldpost::store::MailKind::Account { what: "login" },
            format!("Mail {i}"),
            "Hello,\n\nyour turn.\n".repeat(20),
            now,
        )
    };
    println!("mail: {mails} mails to a local SMTP server on {}, {in_flight} in flight", backend(db));
    // Plain SMTP first: one connection, one mail after another, nothing read or written.
    let t = Instant::now();
    for i in 0..mails {
        transport.send(&row(i), None, now).await.map_err(|r| r.why)?;
    }
    let plain = mails as f64 / t.elapsed().as_secs_f64();
    let rows: Vec<OutboxRow> = (0..mails).map(row).collect();
    for chunk in rows.chunks(500) {
        store.outbox_insert(chunk).await?;
    }
    let transport = Transport::Smtp(transport);
    let links = feldpost::play::Links::new("http://load.test", Secret::from_text("load"));
    let t = Instant::now();
    let mut delivered = 0;
    loop {
        let d = mail::deliver_batch(&store, &links, &transport, &SystemClock, in_flight, mail::CLAIM_BATCH)
            .await?;
        delivered += d.delivered;
        if d.claimed == 0 {
            break;
        }
    }
    let rate = delivered as f64 / t.elapsed().as_secs_f64();
    println!("  plain SMTP: {plain:.0} mails/s");
    println!("  the outbox drained: {rate:.0} mails/s ({delivered} delivered) → ratio {:.2}×", rate / plain);
    Ok(())
}

/// A local SMTP server that takes everything (the same line protocol as the tests' server).
async fn smtp_sink() -> Result<u16> {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let port = listener.local_addr()?.port();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let _ = stream.set_nodelay(true);
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read);
                let _ = write.write_all(b"220 sink.test ESMTP\r\n").await;
                let mut line = String::new();
                loop {
                    line.clear();
                    if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
                        return;
                    }
                    let answer: &[u8] = match line.get(..4).unwrap_or("").to_ascii_uppercase().as_str() {
                        "EHLO" => b"250-sink.test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n",
                        "DATA" => {
                            let _ = write.write_all(b"354 go on\r\n").await;
                            loop {
                                line.clear();
                                if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
                                    return;
                                }
                                if line == ".\r\n" {
                                    break;
                                }
                            }
                            b"250 OK\r\n"
                        }
                        "QUIT" => return,
                        _ => b"250 OK\r\n",
                    };
                    if write.write_all(answer).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    Ok(port)
}

// ---------------------------------------------------------------------------------------------
// moves --mailed, and replies

/// The key of the servers that mail: strong enough for `feldpost inbound` to take it from
/// FELDPOST_SECRET (the pipe must make the same reply addresses as the server).
const MAILING_SECRET: &str = "feldpost-load-mailing-key-0123456789abcdef0123456789abcdef";

/// A local SMTP server on a thread of its own (its CPU is a mail server's, not ours, and is
/// counted apart): it takes everything, counts what it took, and tells whoever waits for a mail
/// to an address when one came.
struct Sink {
    port: u16,
    taken: std::sync::atomic::AtomicUsize,
    /// Who waits for the next mail to an address (lowercase): told when its final dot came.
    awaited: Mutex<Vec<(String, tokio::sync::oneshot::Sender<Instant>)>>,
    /// /proc/self/task/<its thread>/stat.
    stat: String,
}

impl Sink {
    fn start() -> Result<Arc<Sink>> {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::Builder::new().name("load-smtp-sink".into()).spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(r) => r,
                Err(e) => return drop(tx.send(Err(e.to_string()))),
            };
            runtime.block_on(async move {
                let listener = match tokio::net::TcpListener::bind("127.0.0.1:0").await {
                    Ok(l) => l,
                    Err(e) => return drop(tx.send(Err(e.to_string()))),
                };
                let task = std::fs::read_link("/proc/thread-self").unwrap_or_default();
                let sink = Arc::new(Sink {
                    port: listener.local_addr().map_or(0, |a| a.port()),
                    taken: Default::default(),
                    awaited: Mutex::new(Vec::new()),
                    stat: format!("/proc/{}/stat", task.display()),
                });
                let _ = tx.send(Ok(sink.clone()));
                while let Ok((stream, _)) = listener.accept().await {
                    tokio::spawn(sink.clone().session(stream));
                }
            });
        })?;
        Ok(rx.recv()??)
    }

    async fn session(self: Arc<Sink>, stream: tokio::net::TcpStream) {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
        let _ = stream.set_nodelay(true);
        let (read, mut write) = stream.into_split();
        let mut lines = BufReader::new(read);
        let _ = write.write_all(b"220 sink.test ESMTP\r\n").await;
        let (mut line, mut recipient, mut answers) = (String::new(), String::new(), Vec::new());
        loop {
            line.clear();
            if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
                return;
            }
            let command = line.get(..4).unwrap_or("").to_ascii_uppercase();
            let answer: &[u8] = match command.as_str() {
                // What Postfix offers, as far as the worker asks.
                "EHLO" => {
                    b"250-sink.test\r\n250-PIPELINING\r\n250-8BITMIME\r\n250-CHUNKING\r\n250 SMTPUTF8\r\n"
                }
                "RCPT" => {
                    recipient = line
                        .split_once('<')
                        .and_then(|(_, rest)| rest.split_once('>'))
                        .map_or(String::new(), |(address, _)| address.to_lowercase());
                    b"250 OK\r\n"
                }
                "DATA" => {
                    answers.extend_from_slice(b"354 go on\r\n");
                    let _ = write.write_all(&answers).await;
                    answers.clear();
                    loop {
                        line.clear();
                        if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
                            return;
                        }
                        if line == ".\r\n" {
                            break;
                        }
                    }
                    self.took(&recipient);
                    b"250 OK\r\n"
                }
                "BDAT" => {
                    // BDAT <size> [LAST]: the chunk, read whole.
                    let mut words = line.split_ascii_whitespace().skip(1);
                    let size: usize = words.next().and_then(|n| n.parse().ok()).unwrap_or(0);
                    let last = words.next().is_some_and(|w| w.eq_ignore_ascii_case("LAST"));
                    let mut chunk = vec![0; size];
                    if tokio::io::AsyncReadExt::read_exact(&mut lines, &mut chunk).await.is_err() {
                        return;
                    }
                    if last {
                        self.took(&recipient);
                    }
                    b"250 OK\r\n"
                }
                "QUIT" => return,
                _ => b"250 OK\r\n",
            };
            // Answers to pipelined commands go together once no command waits, as Postfix
            // sends them.
            answers.extend_from_slice(answer);
            if lines.buffer().is_empty() {
                if write.write_all(&answers).await.is_err() {
                    return;
                }
                answers.clear();
            }
        }
    }

    fn took(&self, recipient: &str) {
        let now = Instant::now();
        self.taken.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut awaited = self.awaited.lock().expect("sink");
        while let Some(i) = awaited.iter().position(|(to, _)| to == recipient) {
            let _ = awaited.swap_remove(i).1.send(now);
        }
    }

    fn taken(&self) -> usize {
        self.taken.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// When the next mail to `address` comes.
    fn next_to(&self, address: &str) -> tokio::sync::oneshot::Receiver<Instant> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.awaited.lock().expect("sink").push((address.to_lowercase(), tx));
        rx
    }

    /// The CPU its thread has used, in seconds.
    fn cpu_seconds(&self) -> f64 {
        task_cpu_seconds(&self.stat)
    }
}

/// utime + stime of a thread's stat file (`/proc/…/stat`), in seconds.
fn task_cpu_seconds(stat: &str) -> f64 {
    let stat = std::fs::read_to_string(stat).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let f: Vec<f64> = after.split_whitespace().map(|v| v.parse().unwrap_or(0.0)).collect();
    (f.get(11).unwrap_or(&0.0) + f.get(12).unwrap_or(&0.0)) / 100.0
}

/// [`serve`] with the server's mail worker sending to the SMTP server at `smtp_port`, as
/// `feldpost serve` runs it, and the key [`MAILING_SECRET`].
async fn serve_mailing(opened: (Store, Appender), smtp_port: u16) -> Result<(Arc<GameLog>, SocketAddr)> {
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let play = Arc::new(GameLog::new(opened, clock, Secret::from_text(MAILING_SECRET), "http://load.test"));
    let app = router(AppState { log: play.clone(), dev_mailbox: false });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await;
    });
    let transport =
        SmtpTransport::new(&format!("smtp://127.0.0.1:{smtp_port}"), "feldpost <feldpost@load.test>")?;
    tokio::spawn(feldpost::play::worker::run_mail_worker(
        play.clone(),
        Transport::Smtp(Arc::new(transport)),
        mail::DEFAULT_IN_FLIGHT,
    ));
    Ok((play, addr))
}

/// Wait until the outbox has nothing pending (the worker has sent what the moves caused), at
/// most 30 s.
async fn outbox_drained(store: &Store) -> Result<()> {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let pending = store
            .outbox_by_status()
            .await?
            .into_iter()
            .find(|(s, _)| *s == feldpost::store::MailStatus::Pending)
            .map_or(0, |(_, n)| n);
        if pending == 0 {
            return Ok(());
        }
        if Instant::now() > until {
            return Err(format!("{pending} mails still pending after 30 s").into());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// One mode's figures over a mailed moves run.
#[derive(Default)]
struct ModeFigures {
    played: Played,
    /// Each round's moves/s, CPU a move in the server (µs), and ratios to the raw INSERT and
    /// pgbench.
    rates: Vec<f64>,
    server_cpu: Vec<f64>,
    vs_raw: Vec<f64>,
    vs_pgbench: Vec<f64>,
    /// Totals: the server's CPU (µs), the rest of the machine's, the mails the sink took.
    server_total: f64,
    rest_total: f64,
    mails: usize,
}

/// `moves --mailed`: the moves run twice over in each round, first with players nobody mails,
/// then the same games with every player on mail (the turn mails written with the move, sent by
/// the server's worker to a local SMTP server); each beside the store's raw INSERT and pgbench of
/// the same round, and the CPU a move costs the server in each, side by side.
async fn moves_mailed(db: &str, games: usize, seconds: usize, rounds: usize) -> Result<()> {
    let (opened, _) = fresh_store(db).await?;
    let store = opened.0.clone();
    let sink = Sink::start()?;
    let (play, addr) = serve_mailing(opened, sink.port).await?;
    let rounds = rounds.clamp(1, (seconds / 2).max(1));
    let slice = Duration::from_secs_f64(seconds as f64 / rounds as f64);
    println!(
        "moves --mailed: {games} games at once on {}, {rounds} rounds of {:.1} s unmailed then {:.1} s mailed (the server's worker to a local SMTP server)",
        backend(db),
        slice.as_secs_f64(),
        slice.as_secs_f64()
    );
    let mut modes = [ModeFigures::default(), ModeFigures::default()];
    let mut cpu_ratios = Vec::new();
    let (mut paced_cpu, mut paced_rates, mut paced_ratios) = (Vec::new(), Vec::new(), Vec::new());
    let cores = std::thread::available_parallelism().map_or(1.0, |n| n.get() as f64);
    for round in 0..rounds {
        let round_started = Instant::now();
        let steal_before = CpuTimes::now();
        let mut rates = [0.0; 2];
        for (m, mailed) in [false, true].into_iter().enumerate() {
            let (cpu_before, sink_before, taken_before) = (CpuTimes::now(), sink.cpu_seconds(), sink.taken());
            let played = moves_slice(play.clone(), addr, games, round * 3 + m, slice, mailed, None).await?;
            // What the moves caused is sent before the round's CPU is read: the worker's work
            // is the mailed move's.
            outbox_drained(&store).await?;
            let n = played.latencies.len().max(1) as f64;
            let (this, rest) = CpuTimes::now().per(cpu_before, 1);
            let sink_cpu = (sink.cpu_seconds() - sink_before) * 1e6;
            let server = (this - played.cpu * 1e6 - sink_cpu).max(0.0);
            let fig = &mut modes[m];
            fig.server_total += server;
            fig.rest_total += rest;
            fig.server_cpu.push(server / n);
            fig.mails += sink.taken() - taken_before;
            rates[m] = played.latencies.len() as f64 / played.elapsed;
            fig.rates.push(rates[m]);
            fig.played.latencies.extend(played.latencies);
            fig.played.gets.extend(played.gets);
            fig.played.conflicts += played.conflicts;
            fig.played.elapsed += played.elapsed;
            fig.played.cpu += played.cpu;
        }
        // The unmailed moves again, paced at the mailed moves' rate: a server making fewer moves
        // a second gathers fewer into each statement and wakes more often for each, so a move
        // costs more at a lower rate whatever it mails. Side by side at the same rate, what
        // remains is what the mail itself costs.
        let cpu_before = CpuTimes::now();
        let paced =
            moves_slice(play.clone(), addr, games, round * 3 + 2, slice, false, Some(rates[1])).await?;
        let (this, _) = CpuTimes::now().per(cpu_before, 1);
        let paced_n = paced.latencies.len().max(1) as f64;
        paced_cpu.push((this - paced.cpu * 1e6).max(0.0) / paced_n);
        paced_rates.push(paced.latencies.len() as f64 / paced.elapsed);
        let raw = store.probe_commit_rate(games, slice).await?;
        let pgbench = if db == "sqlite" {
            None
        } else {
            pgbench(db, games, slice.as_secs_f64().round().max(1.0) as usize).map(|(tps, _)| tps)
        };
        for (m, fig) in modes.iter_mut().enumerate() {
            fig.vs_raw.push(rates[m] / raw);
            if let Some(tps) = pgbench {
                fig.vs_pgbench.push(rates[m] / tps);
            }
        }
        let cpu = [modes[0].server_cpu[round], modes[1].server_cpu[round]];
        cpu_ratios.push(cpu[1] / cpu[0].max(1e-9));
        paced_ratios.push(cpu[1] / paced_cpu[round].max(1e-9));
        let stolen = CpuTimes::now().stolen(steal_before, round_started.elapsed().as_secs_f64(), cores);
        println!(
            "    round {}: unmailed {:.0} moves/s, {:.0} µs a move; mailed {:.0} moves/s, {:.0} µs a move ({:.2}×); unmailed paced {:.0} moves/s, {:.0} µs a move (mailed {:.2}× that); store's raw {raw:.0}/s{}; steal {:.0} %",
            round + 1,
            rates[0],
            cpu[0],
            rates[1],
            cpu[1],
            cpu_ratios[round],
            paced_rates[round],
            paced_cpu[round],
            paced_ratios[round],
            pgbench.map_or(String::new(), |tps| format!("; pgbench {tps:.0}/s")),
            stolen * 100.0
        );
    }
    for (fig, name) in modes.iter_mut().zip(["unmailed", "mailed"]) {
        let n = fig.played.latencies.len().max(1) as f64;
        fig.played.latencies.sort();
        println!(
            "  {name}: {:.0} moves/s ({} moves, {} conflicts), POST p50 {:.2} ms, p99 {:.2} ms; {:.2} mails sent a move",
            fig.played.latencies.len() as f64 / fig.played.elapsed,
            fig.played.latencies.len(),
            fig.played.conflicts,
            ms(percentile(&fig.played.latencies, 0.5)),
            ms(percentile(&fig.played.latencies, 0.99)),
            fig.mails as f64 / n
        );
        let database = if db == "sqlite" { "SQLite runs in the server" } else { "the database, mostly" };
        println!(
            "    CPU per move: {:.0} µs in the server (rounds {:.0}–{:.0}), {:.0} µs in the clients, {:.0} µs in the rest of the machine ({database})",
            fig.server_total / n,
            fig.server_cpu.iter().copied().fold(f64::INFINITY, f64::min),
            fig.server_cpu.iter().copied().fold(0.0, f64::max),
            fig.played.cpu * 1e6 / n,
            fig.rest_total / n
        );
        let mut ratios = format!("    ratio to the store's raw INSERT {:.2}×", median(&fig.vs_raw));
        if !fig.vs_pgbench.is_empty() {
            ratios.push_str(&format!(", to pgbench's {:.2}×", median(&fig.vs_pgbench)));
        }
        println!("{ratios} (medians of the rounds)");
    }
    let whole = (modes[1].server_total / modes[1].played.latencies.len().max(1) as f64)
        / (modes[0].server_total / modes[0].played.latencies.len().max(1) as f64).max(1e-9);
    println!(
        "  the server's CPU a mailed move / an unmailed one: {:.2}× (median of the rounds; {whole:.2}× over the whole run; rounds {:.2}–{:.2}×)",
        median(&cpu_ratios),
        cpu_ratios.iter().copied().fold(f64::INFINITY, f64::min),
        cpu_ratios.iter().copied().fold(0.0, f64::max)
    );
    println!(
        "  the same, the unmailed moves paced at the mailed moves' rate ({:.0} moves/s, median): {:.2}× (median of the rounds; rounds {:.2}–{:.2}×; unmailed paced {:.0} µs a move, median)",
        median(&paced_rates),
        median(&paced_ratios),
        paced_ratios.iter().copied().fold(f64::INFINITY, f64::min),
        paced_ratios.iter().copied().fold(0.0, f64::max),
        median(&paced_cpu)
    );
    Ok(())
}

/// `replies`: how long a reply by mail takes to be answered by mail, from the first byte the
/// relay sends to the answer's final dot at the player's SMTP server: through the server's SMTP
/// listener (its worker sends the answer), and piped into `feldpost inbound` (the binary beside
/// this tool, `cargo build --release`; it sends the answer itself), turn about on fresh games.
async fn replies(db: &str, replies: usize) -> Result<()> {
    let (opened, url) = fresh_store(db).await?;
    let sink = Sink::start()?;
    let (play, _) = serve_mailing(opened, sink.port).await?;
    let own = "feldpost@load.test";
    let port =
        feldpost::mail::listener::spawn(feldpost::play::reply::Replies::new(&play, own), "127.0.0.1:0")?
            .port();
    let binary = std::env::current_exe()?
        .parent()
        .and_then(|examples| examples.parent())
        .map(|dir| dir.join("feldpost"))
        .filter(|b| b.exists());
    println!(
        "replies: {replies} replies through the SMTP listener and {replies} piped into `feldpost inbound`, on {}, each to a fresh game's first turn mail",
        backend(db)
    );
    let (mut listened, mut piped) = (Vec::new(), Vec::new());
    for i in 0..replies {
        for pipe in [false, true] {
            if pipe && binary.is_none() {
                continue;
            }
            let (game, _) = new_game(&play, 2 * i + usize::from(pipe), 2, true).await?;
            outbox_drained(&play.store).await?;
            let (email, to) = turn_reply_address(&play, &game).await?;
            let answer = sink.next_to(&email);
            let started = Instant::now();
            if pipe {
                let binary = binary.clone().ok_or("no binary")?;
                let message = reply_message(&email, &to, &format!("pipe-{i}"));
                let (url, port) = (url.clone(), sink.port);
                let out = tokio::task::spawn_blocking(move || -> std::io::Result<std::process::Output> {
                    use std::io::Write;
                    let mut child = std::process::Command::new(binary)
                        .args(["inbound", "--to", &to])
                        .env("DATABASE_URL", url)
                        .env("FELDPOST_SECRET", MAILING_SECRET)
                        .env("FELDPOST_SMTP_URL", format!("smtp://127.0.0.1:{port}"))
                        .env("FELDPOST_MAIL_FROM", format!("feldpost <{own}>"))
                        .env("FELDPOST_BASE_URL", "http://load.test")
                        .stdin(std::process::Stdio::piped())
                        .stdout(std::process::Stdio::piped())
                        .stderr(std::process::Stdio::piped())
                        .spawn()?;
                    child.stdin.take().expect("stdin").write_all(message.as_bytes())?;
                    child.wait_with_output()
                })
                .await??;
                if !out.status.success() {
                    return Err(format!(
                        "feldpost inbound: {} {}",
                        out.status,
                        String::from_utf8_lossy(&out.stderr)
                    )
                    .into());
                }
            } else {
                relay(port, &email, &to, &format!("smtp-{i}")).await?;
            }
            let came = tokio::time::timeout(Duration::from_secs(30), answer)
                .await
                .map_err(|_| "no answer within 30 s")??;
            (if pipe { &mut piped } else { &mut listened }).push(came - started);
        }
    }
    let outcomes = play.store.inbound_by_outcome().await?;
    for (name, mut times) in
        [("through the SMTP listener", listened), ("piped into `feldpost inbound`", piped)]
    {
        times.sort();
        match times.last() {
            Some(slowest) => println!(
                "  {name}: reply → answer p50 {:.1} ms, slowest {:.1} ms ({} replies)",
                ms(percentile(&times, 0.5)),
                ms(*slowest),
                times.len()
            ),
            None => println!("  {name}: not measured (build the binary: cargo build --release)"),
        }
    }
    println!("  what came of the replies: {outcomes:?}");
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// smtp-slow

struct SlowRun {
    connections: usize,
    interval: Duration,
    replies: usize,
    from: std::net::Ipv4Addr,
}

/// What the slow clients saw of the door.
#[derive(Default)]
struct SlowSeen {
    /// Sessions open now, and the most at once.
    open: std::sync::atomic::AtomicUsize,
    most: std::sync::atomic::AtomicUsize,
    /// Connections told 421 at once (over the limits).
    refused: std::sync::atomic::AtomicUsize,
    /// Sessions closed after their greeting: to make room for another, or by a timeout.
    made_room: std::sync::atomic::AtomicUsize,
    timed_out: std::sync::atomic::AtomicUsize,
}

async fn smtp_slow(db: &str, run: SlowRun) -> Result<()> {
    use feldpost::mail::listener::{self, Limits};
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
    let (opened, _) = fresh_store(db).await?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let play = Arc::new(GameLog::new(opened, clock, Secret::from_text("load"), "http://load.test"));
    let (game, _) = new_game(&play, 0, 2, true).await?;
    let port =
        listener::spawn(feldpost::play::reply::Replies::new(&play, "feldpost@load.test"), "127.0.0.1:0")?
            .port();
    let limits = Limits::default();
    println!(
        "smtp-slow: {} slow connections from {} (a byte every {} s) to the inbound listener on {} \
         (its defaults: {} sessions, {} from one client, a line within {} s, a session within {} s)",
        run.connections,
        run.from,
        run.interval.as_secs(),
        backend(db),
        limits.max_sessions,
        limits.max_sessions_per_client,
        limits.command_timeout.as_secs(),
        limits.session_timeout.as_secs()
    );
    // The limit beside it: replies with nobody else at the door.
    let mut quiet = Vec::new();
    for i in 0..run.replies {
        quiet.push(relay_reply(&play, &game, port, &format!("quiet-{i}")).await?);
    }
    quiet.sort();
    let quiet_p50 = percentile(&quiet, 0.5);
    println!(
        "  a reply, the door quiet: p50 {:.1} ms, slowest {:.1} ms",
        ms(quiet_p50),
        ms(quiet[quiet.len() - 1])
    );

    let seen = Arc::new(SlowSeen::default());
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = (0..run.connections)
        .map(|i| {
            let (seen, stop) = (seen.clone(), stop.clone());
            // Spread over the first interval, as clients come.
            let start = run.interval.mul_f64(i as f64 / run.connections as f64);
            tokio::spawn(slow_client(port, run.from, run.interval, start, seen, stop))
        })
        .collect();
    // Every client has come, and has idled past the grace.
    tokio::time::sleep(run.interval * 2).await;
    let mut loaded = Vec::new();
    let mut answered = 0;
    for i in 0..run.replies {
        match relay_reply(&play, &game, port, &format!("slow-{i}")).await {
            Ok(took) => {
                answered += 1;
                loaded.push(took);
            }
            Err(e) => println!("  a reply was not answered: {e}"),
        }
        tokio::time::sleep(run.interval).await;
    }
    stop.store(true, Relaxed);
    for c in clients {
        let _ = c.await;
    }
    loaded.sort();
    if let Some(slowest) = loaded.last() {
        let p50 = percentile(&loaded, 0.5);
        println!(
            "  a reply among the slow connections: p50 {:.1} ms, slowest {:.1} ms ({answered} of {} answered 250) → ratio {:.2}×",
            ms(p50),
            ms(*slowest),
            run.replies,
            p50.as_secs_f64() / quiet_p50.as_secs_f64()
        );
    } else {
        println!("  a reply among the slow connections: none answered ({} tried)", run.replies);
    }
    println!(
        "  the slow clients: at most {} sessions held at once, {} connections refused (421), {} sessions closed to make room, {} timed out",
        seen.most.load(Relaxed),
        seen.refused.load(Relaxed),
        seen.made_room.load(Relaxed),
        seen.timed_out.load(Relaxed)
    );
    Ok(())
}

/// One slow client: connects from `from`, reads the greeting, then sends a byte every
/// `interval` (EHLO, then NOOPs), until the door closes the session; then connects again.
async fn slow_client(
    port: u16,
    from: std::net::Ipv4Addr,
    interval: Duration,
    start: Duration,
    seen: Arc<SlowSeen>,
    stop: Arc<std::sync::atomic::AtomicBool>,
) {
    use std::sync::atomic::Ordering::Relaxed;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    const TALK: &[u8] = b"EHLO slow.test\r\nNOOP\r\nNOOP\r\nNOOP\r\nNOOP\r\nNOOP\r\nNOOP\r\n";
    tokio::time::sleep(start).await;
    let mut buf = [0u8; 512];
    while !stop.load(Relaxed) {
        let Ok(socket) = tokio::net::TcpSocket::new_v4() else { return };
        if socket.bind((from, 0).into()).is_err() {
            return;
        }
        let Ok(mut stream) = socket.connect(([127, 0, 0, 1], port).into()).await else {
            tokio::time::sleep(interval).await;
            continue;
        };
        let n = stream.read(&mut buf).await.unwrap_or(0);
        if !buf[..n].starts_with(b"220") {
            seen.refused.fetch_add(1, Relaxed);
            tokio::time::sleep(interval).await;
            continue;
        }
        let open = seen.open.fetch_add(1, Relaxed) + 1;
        seen.most.fetch_max(open, Relaxed);
        let mut sent = 0;
        let mut said = Vec::new();
        while !stop.load(Relaxed) {
            tokio::select! {
                () = tokio::time::sleep(interval) => {
                    if stream.write_all(&TALK[sent % TALK.len()..][..1]).await.is_err() {
                        break;
                    }
                    sent += 1;
                }
                n = stream.read(&mut buf) => {
                    let n = n.unwrap_or(0);
                    said.extend_from_slice(&buf[..n]);
                    if n == 0 {
                        break;
                    }
                }
            }
        }
        seen.open.fetch_sub(1, Relaxed);
        let said = String::from_utf8_lossy(&said);
        if said.contains("idle connection for another") {
            seen.made_room.fetch_add(1, Relaxed);
        } else if said.contains("421 4.4.2") {
            seen.timed_out.fetch_add(1, Relaxed);
        }
    }
}

/// A relay's delivery of a real reply (its first listed command) to the turn mail of the seat
/// the game waits on, from 127.0.0.1: how long it took from connecting to the 250 at the end.
async fn relay_reply(play: &GameLog, game: &GameId, port: u16, id: &str) -> Result<Duration> {
    let (email, to) = turn_reply_address(play, game).await?;
    relay(port, &email, &to, id).await
}

/// The address of the seat the game waits on, and the reply address of its latest mail (as the
/// mail carries it: the outbox keeps it sealed).
async fn turn_reply_address(play: &GameLog, game: &GameId) -> Result<(String, String)> {
    let loaded = play.load(game).await?;
    let seat = usize::from(*loaded.table.to_act().first().ok_or("nobody is to act")?);
    let email = loaded.seats[seat].email.clone();
    let mut latest = play
        .store
        .outbox_of_game(game)
        .await?
        .into_iter()
        .filter(|m| m.recipient == email && m.reply_to.is_some())
        .max_by_key(|m| (m.seq, m.created_at))
        .ok_or("no mail to reply to")?;
    play.links().unseal(&mut latest);
    let tag = latest.reply_to.ok_or("no mail to reply to")?;
    Ok((email.clone(), format!("feldpost+{tag}@load.test")))
}

/// A reply (its first line `1`: the first listed command) from `email` to `to`.
fn reply_message(email: &str, to: &str, id: &str) -> String {
    format!(
        "From: <{email}>\r\nTo: <{to}>\r\nSubject: Re: move\r\nMessage-ID: <{id}-{}@relay.test>\r\n\r\n1\r\n",
        feldpost::secret::random_id()
    )
}

/// A relay's delivery of a reply from `email` to `to` over SMTP at `port`, from 127.0.0.1: how
/// long it took from connecting to the 250 at the end.
async fn relay(port: u16, email: &str, to: &str, id: &str) -> Result<Duration> {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let message = format!("{}.\r\n", reply_message(email, to, id));
    let started = Instant::now();
    let stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await?;
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read);
    let mut reply = async |send: &str| -> Result<String> {
        if !send.is_empty() {
            write.write_all(send.as_bytes()).await?;
        }
        loop {
            let mut line = String::new();
            if lines.read_line(&mut line).await? == 0 {
                return Err("the connection closed".into());
            }
            if line.as_bytes().get(3) != Some(&b'-') {
                return Ok(line);
            }
        }
    };
    for (send, want) in [
        ("", "220"),
        ("EHLO relay.test\r\n", "250"),
        (&format!("MAIL FROM:<{email}>\r\n"), "250"),
        (&format!("RCPT TO:<{to}>\r\n"), "250"),
        ("DATA\r\n", "354"),
        (&message, "250"),
    ] {
        let line = reply(send).await?;
        if !line.starts_with(want) {
            return Err(format!("{want} expected, {:?} answered", line.trim_end()).into());
        }
    }
    let took = started.elapsed();
    let _ = reply("QUIT\r\n").await;
    Ok(took)
}

// ---------------------------------------------------------------------------------------------
// memory

/// VmRSS and VmHWM of this process, in MB (from /proc/self/status; 0 where there is none).
fn rss_mb() -> (f64, f64) {
    let (rss, hwm, _, _) = rss_parts_mb();
    (rss, hwm)
}

/// CPU time used so far, in seconds: by this process (client and server), and by the whole
/// machine (every core: this process, the database and anything else running).
#[derive(Clone, Copy)]
struct CpuTimes {
    this: f64,
    machine: f64,
    /// Time the hypervisor gave this machine's cores to others (seconds): not ours, and a sign
    /// that the run was measured on a crowded host.
    steal: f64,
}

impl CpuTimes {
    fn now() -> CpuTimes {
        // Both files count in clock ticks (USER_HZ), 100 a second on Linux.
        let ticks = 100.0;
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let f: Vec<f64> = after.split_whitespace().map(|v| v.parse().unwrap_or(0.0)).collect();
        let this = (f.get(11).unwrap_or(&0.0) + f.get(12).unwrap_or(&0.0)) / ticks;
        let all = std::fs::read_to_string("/proc/stat").unwrap_or_default();
        // "cpu  user nice system idle iowait irq softirq steal guest guest_nice": busy is user,
        // nice, system, irq and softirq (guest time is inside user already; steal was the
        // hypervisor's, spent on other machines).
        let c: Vec<f64> = all
            .lines()
            .next()
            .unwrap_or("")
            .split_whitespace()
            .skip(1)
            .map(|v| v.parse().unwrap_or(0.0))
            .collect();
        let busy: f64 = [0, 1, 2, 5, 6].iter().filter_map(|i| c.get(*i)).sum();
        CpuTimes { this, machine: busy / ticks, steal: c.get(7).copied().unwrap_or(0.0) / ticks }
    }

    /// The share of the cores' time since `before` that the hypervisor took away (0–1).
    fn stolen(self, before: CpuTimes, seconds: f64, cores: f64) -> f64 {
        (self.steal - before.steal) / (seconds * cores).max(1e-9)
    }

    /// Microseconds of CPU per operation since `before`: (this process, the rest of the machine).
    fn per(self, before: CpuTimes, operations: usize) -> (f64, f64) {
        let n = operations.max(1) as f64;
        let this = self.this - before.this;
        (this * 1e6 / n, (self.machine - before.machine - this).max(0.0) * 1e6 / n)
    }
}

/// VmRSS, VmHWM, RssAnon and RssFile + RssShmem of this process, in MB.
fn rss_parts_mb() -> (f64, f64, f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"), field("RssAnon:"), field("RssFile:") + field("RssShmem:"))
}

/// Which ruleset game `n` plays, and with how many players: mostly Na zajatce (2–4), every
/// tenth Služba (two teams of two: its fewest), every twentieth Colditz (the German and two);
/// or only `only`'s games.
fn mixed(n: usize, only: Option<&str>) -> (&'static str, usize) {
    let k = match only {
        None => n % 20,
        Some("sluzba") => 5,
        Some("colditz") => 15,
        Some(_) if n % 10 == 5 => n % 20 + 1,
        Some(_) => n % 20,
    };
    match k {
        5 => ("sluzba", 4),
        15 => ("colditz", 3),
        k => ("zajatce", 2 + k % 3),
    }
}

/// The links the tool keeps to touch the games by, packed in one string: "game-id token".
#[derive(Default)]
struct Links {
    text: String,
    ends: Vec<usize>,
}

impl Links {
    fn push(&mut self, game: &str, token: &str) {
        self.text.push_str(game);
        self.text.push(' ');
        self.text.push_str(token);
        self.ends.push(self.text.len());
    }
    fn get(&self, i: usize) -> (&str, &str) {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        self.text[start..self.ends[i]].split_once(' ').expect("a link")
    }
    fn mb(&self) -> f64 {
        (self.text.capacity() + self.ends.capacity() * size_of::<usize>()) as f64 / (1024.0 * 1024.0)
    }
}

struct MemoryRun {
    games: usize,
    rounds: usize,
    clients: usize,
    cache_cap: Option<usize>,
    only: Option<&'static str>,
}

async fn memory(db: &str, run: MemoryRun) -> Result<()> {
    let MemoryRun { games, rounds, clients, cache_cap, only } = run;
    let report = |what: &str, play: Option<&GameLog>| {
        let (rss, hwm, anon, file) = rss_parts_mb();
        let cached = play
            .map(|p| format!(", {} games cached (their index: {} links)", p.cached_games(), p.cached_links()))
            .unwrap_or_default();
        println!(
            "  {what}: VmRSS {rss:.1} MB (anonymous {anon:.1}, files {file:.1}), VmHWM {hwm:.1} MB{cached}"
        );
    };
    report("start", None);
    let (opened, _) = fresh_store(db).await?;
    let (play, addr) = serve_capped(opened, cache_cap).await?;
    println!(
        "memory: {games} games on {} ({}), {clients} clients, cache cap {}",
        backend(db),
        only.unwrap_or("Na zajatce, every tenth Služba, every twentieth Colditz"),
        cache_cap.map_or_else(
            || format!("{} (default)", feldpost::play::DEFAULT_REPLAY_CACHE_GAMES),
            |c| c.to_string()
        )
    );
    report("server up", Some(&play));

    // Create, `clients` at once (each game from a client and host of its own, as `new_game`),
    // and make a move or two in every tenth game through the one write path.
    let started = Instant::now();
    // The links go straight into one packed list (in the order the games were made), so that
    // what the tool itself holds stays small beside what the server holds.
    let links = Arc::new(Mutex::new(Links::default()));
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (play, next, links) = (play.clone(), next.clone(), links.clone());
        tasks.push(tokio::spawn(async move {
            let (mut moves, mut retries) = (0usize, 0usize);
            loop {
                let n = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if n >= games {
                    break;
                }
                let (ruleset, players) = mixed(n, only);
                let (new, by) = new_game_request(ruleset, n, players, false)?;
                let created =
                    retrying(&mut retries, || feldpost::play::create::create(&play, new.clone(), &by))
                        .await?;
                let (game, tokens) =
                    (created.game_id, created.seats.into_iter().map(|s| s.token).collect::<Vec<_>>());
                if n % 10 == 3 {
                    for _ in 0..1 + n % 20 / 10 {
                        let loaded = retrying(&mut retries, || play.load(&game)).await?;
                        let Some(&seat) = loaded.table.to_act().first() else { break };
                        let view = feldpost::play::view::view(&play, &loaded, Some(seat));
                        // An action that asks for nothing typed (a Služba clue does), or none.
                        let Some(first) = view.legal_actions.iter().find(|a| {
                            a.inputs.iter().all(|i| !i.required) && !loaded.table.concession(&a.action)
                        }) else {
                            break;
                        };
                        let token = &seat_token(&tokens[usize::from(seat)])?;
                        retrying(&mut retries, || {
                            feldpost::play::act::by_token(&play, token, None, view.current_seq, &first.action)
                        })
                        .await?;
                        moves += 1;
                    }
                }
                links.lock().expect("links").push(&game, &tokens[n % tokens.len()]);
                if (n + 1) % 10_000 == 0 {
                    println!("  … {} games created, {:.0} s", n + 1, started.elapsed().as_secs_f64());
                }
            }
            Ok::<_, Box<dyn std::error::Error + Send + Sync>>((moves, retries))
        }));
    }
    let (mut moves, mut retries) = (0, 0);
    for t in tasks {
        let (m, r) = t.await??;
        moves += m;
        retries += r;
    }
    let links = Arc::into_inner(links).expect("every creator is done").into_inner().expect("links");
    let created_s = started.elapsed().as_secs_f64();
    println!(
        "  created {games} games and made {moves} moves in {created_s:.0} s ({:.0} games/s, {retries} retried after a busy store); the tool's own list of links: {:.1} MB",
        games as f64 / created_s,
        links.mb()
    );
    report("after creating", Some(&play));

    // Touch every game once, as its player does: one seat's view through the JSON API.
    let links = Arc::new(links);
    let started = Instant::now();
    let mut touched = 0;
    let touches = games * rounds.max(1);
    while touched < touches {
        let chunk = (touches - touched).min(10_000);
        let next = Arc::new(std::sync::atomic::AtomicUsize::new(touched));
        let end = touched + chunk;
        let mut tasks = Vec::new();
        for _ in 0..clients {
            let (links, next) = (links.clone(), next.clone());
            tasks.push(tokio::spawn(async move {
                let mut http = Client::connect(addr).await?;
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= end {
                        break;
                    }
                    let (game, token) = links.get(i % games);
                    let (status, body) =
                        http.call("GET", &format!("/api/games/{game}"), Some(token), None).await?;
                    if status != 200 {
                        return Err(format!(
                            "GET of game {i} answered {status}: {}",
                            String::from_utf8_lossy(&body)
                        )
                        .into());
                    }
                }
                Ok::<_, Box<dyn std::error::Error + Send + Sync>>(())
            }));
        }
        for t in tasks {
            t.await??;
        }
        touched = end;
        report(&format!("{touched} touched ({:.0} s)", started.elapsed().as_secs_f64()), Some(&play));
    }
    let (rss, hwm) = rss_mb();
    let goal = 200.0;
    println!(
        "  after {touches} touches of {games} games: VmRSS {rss:.1} MB, VmHWM {hwm:.1} MB (the tool's links {:.1} MB of it) against the goal of {goal:.0} MB: {}",
        links.mb(),
        if hwm <= goal { "within" } else { "over" }
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// moves --servers N

/// Several servers on one Postgres schema, in this process: each with a store (a pool) of its
/// own, its own game log (replay cache, mail wakes) and router on a port of its own, as
/// separate machines behind one proxy would be, sharing only the database. In each round the
/// games are played for a slice on one server, then for as long with the games' clients spread
/// over all of them (client c on server c mod N; a game stays on its client's server, as a
/// keep-alive connection through a proxy does). Prints moves/s and the POST's p50/p99 of each,
/// and the ratio, the median of the rounds' (one beside the other in each round, as `moves`
/// compares with the store's raw rate), with the machine's load average before and after.
async fn moves_servers(db: &str, servers: usize, games: usize, seconds: usize, rounds: usize) -> Result<()> {
    if db == "sqlite" {
        return Err("--servers shares one Postgres: give --db postgres://…".into());
    }
    let servers = servers.max(2);
    let (opened, url) = fresh_store(db).await?;
    let mut all = vec![serve(opened).await?];
    for _ in 1..servers {
        all.push(serve(Store::open(&url, Default::default()).await?).await?);
    }
    let rounds = rounds.clamp(1, (seconds / 4).max(1));
    let slice = Duration::from_secs_f64(seconds as f64 / (2 * rounds) as f64);
    // The 1, 5 and 15 minute load averages.
    let load = || {
        let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
        text.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
    };
    // Moves written and the statements that wrote them, over the servers (group commit is per
    // server: spread, each batches only its own games' moves).
    let written = |servers: &[(Arc<GameLog>, SocketAddr)]| {
        servers
            .iter()
            .map(|(log, _)| log.store.move_statements())
            .fold((0, 0), |(s, m), w| (s + w.statements, m + w.moves))
    };
    println!(
        "moves: {games} games at once on 1 server, then spread over {servers} (one Postgres, {} cores), {rounds} rounds of 2 × {:.1} s; load average before: {}",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        slice.as_secs_f64(),
        load()
    );
    let cores = std::thread::available_parallelism().map_or(1.0, |n| n.get() as f64);
    let (mut one, mut many) = (Played::default(), Played::default());
    let mut ratios = Vec::new();
    for round in 0..rounds {
        let mut rates = [0.0; 2];
        let mut line = format!("    round {}:", round + 1);
        for (i, spread) in [&all[..1], &all[..]].into_iter().enumerate() {
            let (started, cpu_before, before) = (Instant::now(), CpuTimes::now(), written(spread));
            let played = spread_slice(spread, games, round * 2 + i, slice).await?;
            rates[i] = played.latencies.len() as f64 / played.elapsed;
            let stolen = CpuTimes::now().stolen(cpu_before, started.elapsed().as_secs_f64(), cores);
            let after = written(spread);
            line.push_str(&format!(
                " {} server{} {:.0} moves/s ({:.2} moves a statement, steal {:.0} %);",
                spread.len(),
                if spread.len() == 1 { "" } else { "s" },
                rates[i],
                (after.1 - before.1) as f64 / (after.0 - before.0).max(1) as f64,
                stolen * 100.0
            ));
            let total = if i == 0 { &mut one } else { &mut many };
            total.latencies.extend(played.latencies);
            total.conflicts += played.conflicts;
            total.elapsed += played.elapsed;
        }
        ratios.push(rates[1] / rates[0]);
        println!("{line} ratio {:.2}×", rates[1] / rates[0]);
    }
    for (name, p) in [("1 server", &mut one), (&format!("{servers} servers") as &str, &mut many)] {
        p.latencies.sort();
        println!(
            "  {name}: {:.0} moves/s ({} moves, {} conflicts), POST p50 {:.2} ms, p99 {:.2} ms",
            p.latencies.len() as f64 / p.elapsed.max(1e-9),
            p.latencies.len(),
            p.conflicts,
            ms(percentile(&p.latencies, 0.5)),
            ms(percentile(&p.latencies, 0.99))
        );
    }
    println!(
        "  {servers} servers against 1: {:.2}× (median of the rounds); load average after: {}",
        median(&ratios),
        load()
    );
    Ok(())
}

/// One slice of [`moves_servers`]: `games` clients play (new games as theirs end) for `slice`,
/// client c on `servers[c % N]` (its games made by that server's log, its moves sent to that
/// server's port). The clients run on a thread of their own, as in `moves_slice`.
async fn spread_slice(
    servers: &[(Arc<GameLog>, SocketAddr)],
    games: usize,
    round: usize,
    slice: Duration,
) -> Result<Played> {
    let runtime = tokio::runtime::Handle::current();
    let servers = servers.to_vec();
    let clients =
        std::thread::Builder::new().name("load-clients".into()).spawn(move || -> Result<Played> {
            let own = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
            let started = Instant::now();
            let mut played = own.block_on(async move {
                let mut clients = Vec::new();
                for c in 0..games {
                    let (play, addr) = servers[c % servers.len()].clone();
                    let runtime = runtime.clone();
                    let client = round * 1_000 + c;
                    clients.push(tokio::spawn(async move {
                        play_games(play, runtime, addr, client, started, slice, false, None).await
                    }));
                }
                let mut played = Played::default();
                for c in clients {
                    let (l, g, k) = c.await??;
                    played.latencies.extend(l);
                    played.gets.extend(g);
                    played.conflicts += k;
                }
                Ok::<_, Box<dyn std::error::Error + Send + Sync>>(played)
            })?;
            played.elapsed = started.elapsed().as_secs_f64();
            Ok(played)
        })?;
    tokio::task::spawn_blocking(move || clients.join().map_err(|_| "the clients' thread panicked"))
        .await??
        .map_err(|e| e.to_string().into())
}
