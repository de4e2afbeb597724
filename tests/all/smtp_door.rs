//! The SMTP listener as a hostile internet meets it, over TCP: a line without end, idle and slow
//! connections by the hundred, more sessions than the limit, clients too slow for a line or too
//! long for a session, no file descriptors left, a flood of faults for the log; and the mail a
//! relay hands it (the null sender, raw UTF-8 headers, a message over the size, commands after a
//! refusal). The tests that measure the process (its memory, its file descriptors, its log) run
//! alone in a process of their own.

use crate::harness::OWN;
use crate::harness::{TestApp, players};
use feldpost::mail::inbound::InboundMail;
use feldpost::mail::listener::{self, Inbox, Limits, Taken};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};

/// Set in the process a test runs alone in (see [`alone`]).
const ALONE: &str = "FELDPOST_TEST_SMTP_ALONE";

/// An SMTP client, a line at a time.
struct Client {
    lines: BufReader<OwnedReadHalf>,
    write: OwnedWriteHalf,
}

impl Client {
    /// A connection and its first reply (the greeting, or a refusal).
    async fn connect(port: u16) -> (Client, String) {
        Client::connect_from(port, 1).await
    }

    /// A connection from 127.0.0.`host` (another client address on this machine).
    async fn connect_from(port: u16, host: u8) -> (Client, String) {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind((std::net::Ipv4Addr::new(127, 0, 0, host), 0).into()).unwrap();
        let stream = socket.connect(([127, 0, 0, 1], port).into()).await.expect("connect");
        let (read, write) = stream.into_split();
        let mut c = Client { lines: BufReader::new(read), write };
        let first = c.reply().await;
        (c, first)
    }

    /// One reply, all its lines; empty at the end of the connection.
    async fn reply(&mut self) -> String {
        let mut all = String::new();
        loop {
            let mut line = String::new();
            match tokio::time::timeout(Duration::from_secs(10), self.lines.read_line(&mut line)).await {
                Ok(Ok(0)) | Ok(Err(_)) => return all,
                Ok(Ok(_)) => {}
                Err(_) => panic!("no reply within 10 s (so far {all:?})"),
            }
            all.push_str(&line);
            if line.as_bytes().get(3) != Some(&b'-') {
                return all;
            }
        }
    }

    async fn send(&mut self, raw: &[u8]) {
        self.write.write_all(raw).await.expect("send");
    }

    /// A command line, and its reply.
    async fn say(&mut self, line: &str) -> String {
        self.send(format!("{line}\r\n").as_bytes()).await;
        self.reply().await
    }

    /// A whole transaction: the replies' codes, the last the one at the end of DATA.
    async fn mail(&mut self, from: &str, to: &str, text: &str) -> Vec<String> {
        let mut codes = Vec::new();
        for line in [format!("MAIL FROM:<{from}>"), format!("RCPT TO:<{to}>"), "DATA".into()] {
            let reply = self.say(&line).await;
            codes.push(reply[..3].to_owned());
            if !reply.starts_with('2') && !reply.starts_with('3') {
                self.say("RSET").await;
                return codes;
            }
        }
        self.send(format!("{}\r\n.\r\n", text.replace('\n', "\r\n")).as_bytes()).await;
        codes.push(self.reply().await[..3].to_owned());
        codes
    }
}

/// An inbox that takes mail to feldpost.test and does nothing with it.
struct Anywhere;

impl Inbox for Anywhere {
    fn accepts(&self, _sender: Option<&str>, recipient: &str) -> bool {
        recipient.ends_with("@feldpost.test")
    }
    fn take(&self, _mail: InboundMail) -> futures_util::future::BoxFuture<'static, Taken> {
        Box::pin(async { Taken::Done { outcome: "done", note: String::new() } })
    }
}

/// A game waiting on a seat, and the address a reply to its turn mail goes to.
struct Game {
    app: TestApp,
    id: feldpost::ids::GameId,
    email: String,
    reply_to: String,
}

async fn game() -> Game {
    let app = TestApp::spawn().await;
    let g = app
        .create_game(json!({
            "ruleset": "zajatce", "title": "Sobota", "lang": "en", "players": players(&["Alena", "Boris"]),
        }))
        .await;
    let seat = app.seat_to_act(&g.id).await;
    let email = ["alena@example.org", "boris@example.org"][seat].to_owned();
    let mut turns: Vec<_> = app
        .outbox(&g.id)
        .await
        .into_iter()
        .filter(|m| m.recipient == email && m.reply_to.is_some())
        .collect();
    turns.sort_by_key(|m| (m.seq, m.created_at));
    let tag = turns.pop().expect("a turn mail").reply_to.unwrap();
    Game { app, id: g.id, email, reply_to: format!("feldpost+{tag}@feldpost.test") }
}

impl Game {
    fn inbox(&self) -> Arc<dyn Inbox> {
        feldpost::play::reply::Replies::new(&self.app.log, OWN)
    }

    /// A reply from the seat's address that throws.
    fn reply(&self, id: &str) -> String {
        format!(
            "From: Alena <{}>\nTo: {}\nSubject: Re: [feldpost] Sobota\nMessage-ID: <{id}@client.test>\n\nthrow\n",
            self.email, self.reply_to
        )
    }

    async fn steps(&self) -> usize {
        self.app.event_count(&self.id).await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_as_a_relay_hands_it_is_taken_and_every_refusal_leaves_the_session_usable() {
    let g = game().await;
    let limits = Limits { max_message: 4096, ..Limits::default() };
    let port = listener::spawn_with(g.inbox(), "127.0.0.1:0", limits).unwrap().port();
    let (mut c, greeting) = Client::connect(port).await;
    assert!(greeting.starts_with("220 "), "{greeting}");
    let ehlo = c.say("EHLO relay.example.org").await;
    for offered in ["PIPELINING", "SIZE 4096", "8BITMIME", "SMTPUTF8", "ENHANCEDSTATUSCODES"] {
        assert!(ehlo.lines().any(|l| &l[4..] == offered), "{offered} in {ehlo}");
    }
    let before = g.steps().await;

    // The null sender is taken at MAIL; the inbox refuses a reply address for it at RCPT (only
    // a message's own bounce address takes the null sender: tests/all/bounces.rs); a machine's
    // mail from a sender is taken and neither acted on nor answered.
    let bounce = format!(
        "From: MAILER-DAEMON@example.org\nTo: {}\nMessage-ID: <bounce@x.test>\nSubject: failure\n\nthrow\n",
        g.reply_to
    );
    assert_eq!(c.mail("", &g.reply_to, &bounce).await, ["250", "550"]);
    assert_eq!(c.mail("mailer-daemon@example.org", &g.reply_to, &bounce).await, ["250", "250", "354", "250"]);
    assert_eq!(g.steps().await, before, "a machine's mail is not acted on");

    // A message over the size: refused at MAIL when SIZE says so, else at its end, never cut
    // and taken; RSET, NOOP and QUIT are answered after it.
    let size = c.say(&format!("MAIL FROM:<{}> SIZE=5000", g.email)).await;
    assert!(size.starts_with("552 5.3.4 "), "{size}");
    let big = format!(
        "{}\n{}",
        g.reply("big"),
        "x".repeat(70)
            .repeat(60)
            .as_bytes()
            .chunks(70)
            .map(|l| std::str::from_utf8(l).unwrap())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(c.mail(&g.email, &g.reply_to, &big).await, ["250", "250", "354", "552"]);
    assert_eq!(g.steps().await, before, "the big one was not taken");
    assert!(c.say("NOOP").await.starts_with("250 "));
    assert!(c.say("RSET").await.starts_with("250 "));

    // A forged reply address: 550 at RCPT.
    let forged = g.reply_to.replacen('.', ".9", 1);
    assert_eq!(c.mail(&g.email, &forged, &g.reply("forged")).await, ["250", "550"]);

    // Raw UTF-8 in the headers, with SMTPUTF8 and 8BITMIME, as Postfix hands it: taken and acted on.
    let utf8 = g.reply("utf8").replace("From: Alena", "From: Alena Nováková").replace("Re: [", "Re: tah ž [");
    assert!(c.say(&format!("MAIL FROM:<{}> SMTPUTF8 BODY=8BITMIME", g.email)).await.starts_with("250"));
    assert!(c.say(&format!("RCPT TO:<{}>", g.reply_to)).await.starts_with("250"));
    assert!(c.say("DATA").await.starts_with("354"));
    c.send(format!("{}\r\n.\r\n", utf8.replace('\n', "\r\n")).as_bytes()).await;
    let end = c.reply().await;
    assert!(end.starts_with("250 "), "{end}");
    assert_eq!(g.steps().await, before + 1, "the throw is in the record");

    // Commands out of order, then the rest pipelined in one write.
    assert!(c.say("DATA").await.starts_with("503 5.5.1 "));
    c.send(b"RSET\r\nNOOP\r\nQUIT\r\n").await;
    let replies = [c.reply().await, c.reply().await, c.reply().await];
    assert!(replies[0].starts_with("250") && replies[1].starts_with("250"), "{replies:?}");
    assert!(replies[2].starts_with("221 "), "{replies:?}");
    assert_eq!(c.reply().await, "", "closed after QUIT");
}

/// Two hundred connections from four client addresses opened at once and left idle: a hundred
/// hold every place, the rest are told 421. Once they have idled past the grace, a relay that
/// talks still gets a place (the session idle longest is closed for it) and its reply is
/// answered within a second.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_idle_connections_do_not_keep_a_reply_from_being_answered() {
    let g = game().await;
    let port = listener::spawn(g.inbox(), "127.0.0.1:0").unwrap().port();
    let opening: Vec<_> = (0..200u8).map(|i| tokio::spawn(Client::connect_from(port, 2 + i % 4))).collect();
    let mut idle = Vec::new();
    let (mut greeted, mut refused) = (0, 0);
    for o in opening {
        let (c, first) = o.await.unwrap();
        if first.starts_with("220 ") {
            greeted += 1;
            idle.push(c);
        } else {
            assert!(first.starts_with("421 4.3.2 "), "{first}");
            refused += 1;
        }
    }
    assert!(greeted >= Limits::DEFAULT_MAX_SESSIONS && refused > 0, "{greeted} greeted, {refused} refused");
    tokio::time::sleep(Limits::DEFAULT_IDLE_GRACE + Duration::from_millis(200)).await;

    let before = g.steps().await;
    let started = Instant::now();
    let (mut c, greeting) = Client::connect(port).await;
    assert!(greeting.starts_with("220 "), "{greeting}");
    c.say("EHLO relay.example.org").await;
    let codes = c.mail(&g.email, &g.reply_to, &g.reply("among-idle")).await;
    let took = started.elapsed();
    assert_eq!(codes, ["250", "250", "354", "250"]);
    assert!(took < Duration::from_secs(1), "the reply took {took:?}");
    assert_eq!(g.steps().await, before + 1);
    // A session that made room was told why.
    let mut told = 0;
    for c in &mut idle {
        if let Ok(reply) = tokio::time::timeout(Duration::from_millis(20), c.reply()).await {
            told += usize::from(reply.starts_with("421 4.3.2 ") && reply.contains("idle"));
        }
    }
    assert!(told >= 1);
}

/// Slow clients under the limit (a byte every quarter of a second, never a whole line) are
/// sessions of their own, each a task: they hold up nobody.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_slow_clients_do_not_hold_up_a_reply() {
    let g = game().await;
    let limits = Limits { max_sessions: 300, max_sessions_per_client: 300, ..Limits::default() };
    let port = listener::spawn_with(g.inbox(), "127.0.0.1:0", limits).unwrap().port();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut slow = Vec::new();
    for _ in 0..200 {
        let (mut c, first) = Client::connect_from(port, 2).await;
        assert!(first.starts_with("220 "), "{first}");
        let stop = stop.clone();
        slow.push(tokio::spawn(async move {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                if c.write.write_all(b"N").await.is_err() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = g.steps().await;
    let started = Instant::now();
    let (mut c, _) = Client::connect(port).await;
    c.say("EHLO relay.example.org").await;
    let codes = c.mail(&g.email, &g.reply_to, &g.reply("among-slow")).await;
    let took = started.elapsed();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(codes, ["250", "250", "354", "250"]);
    assert!(took < Duration::from_secs(1), "the reply took {took:?}");
    assert_eq!(g.steps().await, before + 1);
    for s in slow {
        s.await.unwrap();
    }
}

/// A connection over the limit of its client address, or over the limit of all, is told 421
/// and closed (when no session has idled long enough to make room); a place comes free when a
/// session ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_over_the_limit_is_told_421_and_a_place_comes_free_when_one_ends() {
    // Nobody idles long enough to be closed for another here.
    let limits = Limits {
        max_sessions: 4,
        max_sessions_per_client: 2,
        idle_grace: Duration::from_secs(3600),
        ..Limits::default()
    };
    let port = listener::spawn_with(Arc::new(Anywhere), "127.0.0.1:0", limits).unwrap().port();
    let too_many = "421 4.3.2 feldpost: too many connections, try again later\r\n";
    let mut held = Vec::new();
    for host in [1, 1, 2, 2] {
        let (c, first) = Client::connect_from(port, host).await;
        assert!(first.starts_with("220 "), "{first}");
        held.push(c);
    }
    // Over 127.0.0.1's two, and over the four of all.
    for host in [1, 3] {
        let (mut over, first) = Client::connect_from(port, host).await;
        assert_eq!(first, too_many, "from 127.0.0.{host}");
        assert_eq!(over.reply().await, "", "and closed");
    }
    // The sessions held still work.
    assert!(held[0].say("NOOP").await.starts_with("250 "));
    assert!(held[3].say("QUIT").await.starts_with("221 "));
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let (_c, first) = Client::connect_from(port, 3).await;
        if first.starts_with("220 ") {
            break;
        }
        assert!(Instant::now() < deadline, "no place came free: {first}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_too_slow_for_a_line_or_too_long_in_its_session_is_closed() {
    let limits = Limits {
        command_timeout: Duration::from_secs(1),
        session_timeout: Duration::from_secs(3),
        ..Limits::default()
    };
    let port = listener::spawn_with(Arc::new(Anywhere), "127.0.0.1:0", limits).unwrap().port();
    // Half a line, then nothing.
    let (mut slow, _) = Client::connect(port).await;
    let started = Instant::now();
    slow.send(b"EHLO relay").await;
    let reply = slow.reply().await;
    assert!(reply.starts_with("421 4.4.2 ") && reply.contains("too slow"), "{reply}");
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(900) && took < Duration::from_secs(3), "{took:?}");
    assert_eq!(slow.reply().await, "");
    // A line now and then, for longer than a session may last.
    let (mut long, _) = Client::connect(port).await;
    let started = Instant::now();
    let last = loop {
        let reply = long.say("NOOP").await;
        if !reply.starts_with("250 ") {
            break reply;
        }
        assert!(started.elapsed() < Duration::from_secs(6), "still open after 6 s");
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    assert!(last.starts_with("421 4.4.2 ") && last.contains("too long"), "{last}");
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(2900) && took < Duration::from_secs(5), "{took:?}");
}

// ---------------------------------------------------------------------------------------------
// Alone in a process: memory, file descriptors, the log

/// Whether this is the process to run the test `name` in. In the test suite's process: run
/// `name` alone in a process of its own (this test binary again), where the memory, the file
/// descriptors and the log measured are that test's only, check that it passed, and say no.
fn alone(name: &str) -> bool {
    if std::env::var_os(ALONE).is_some() {
        return true;
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([name, "--exact", "--test-threads=1", "--nocapture"])
        .env(ALONE, "1")
        .output()
        .expect("run the test binary");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{name}, alone:\n{stdout}\n{stderr}");
    assert!(stdout.contains("1 passed"), "{name} did not run alone:\n{stdout}");
    false
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}

/// A field of /proc/self/status, in kB.
fn status_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with(field)).unwrap_or_else(|| panic!("{field}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// This process's CPU time so far (user and system), read from `/proc/self/stat` opened
/// beforehand (there may be no descriptor left to open it).
fn cpu_time(stat: &std::fs::File) -> Duration {
    use std::os::unix::fs::FileExt;
    let mut buf = [0u8; 4096];
    let n = stat.read_at(&mut buf, 0).unwrap();
    let stat = std::str::from_utf8(&buf[..n]).unwrap();
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    Duration::from_millis(ticks * 10)
}

/// Four lines of 2 MB without a newline, at once: each is refused with 500 once its first
/// thousand octets have come, and the process's memory does not grow by them.
#[test]
fn a_line_of_two_megabytes_is_refused_and_the_memory_does_not_grow_by_it() {
    if !alone("smtp_door::a_line_of_two_megabytes_is_refused_and_the_memory_does_not_grow_by_it") {
        return;
    }
    static CHUNK: [u8; 64 * 1024] = [b'a'; 64 * 1024];
    runtime().block_on(async {
        let port = listener::spawn(Arc::new(Anywhere), "127.0.0.1:0").unwrap().port();
        // One ordinary session first: what the runtime and the listener allocate once is made.
        let (mut c, _) = Client::connect(port).await;
        c.say("EHLO relay.example.org").await;
        assert_eq!(c.mail("a@example.org", "x@feldpost.test", "hi").await, ["250", "250", "354", "250"]);
        c.say("QUIT").await;
        let before = status_kb("VmRSS:");
        let mut held = Vec::new();
        let mut senders = Vec::new();
        for _ in 0..4 {
            let (mut c, _) = Client::connect(port).await;
            c.say("EHLO relay.example.org").await;
            let Client { lines, mut write } = c;
            senders.push(tokio::spawn(async move {
                for _ in 0..32 {
                    if write.write_all(&CHUNK).await.is_err() {
                        break;
                    }
                }
                write
            }));
            held.push(lines);
        }
        // Every line sent (or cut off by the server's close), the connections still open here.
        let mut writers = Vec::new();
        for s in senders {
            writers.push(tokio::time::timeout(Duration::from_secs(20), s).await.expect("sent").unwrap());
        }
        let after = status_kb("VmRSS:");
        for lines in &mut held {
            let mut reply = String::new();
            tokio::time::timeout(Duration::from_secs(10), lines.read_line(&mut reply))
                .await
                .unwrap()
                .unwrap();
            assert!(reply.starts_with("500 5.5.2 Line too long"), "{reply}");
        }
        assert!(after < before + 4096, "VmRSS {before} kB before, {after} kB after the long lines");
    });
}

/// With the process out of file descriptors, the listener cannot accept: it pauses (growing to
/// a second) instead of trying again at once, so the process hardly spends CPU meanwhile; once
/// descriptors are free again, it takes connections again.
#[test]
fn running_out_of_file_descriptors_pauses_the_door_instead_of_spinning() {
    if !alone("smtp_door::running_out_of_file_descriptors_pauses_the_door_instead_of_spinning") {
        return;
    }
    let limit = std::process::Command::new("prlimit")
        .args(["--pid", &std::process::id().to_string(), "--nofile=256:256"])
        .status()
        .expect("prlimit");
    assert!(limit.success());
    let stat = std::fs::File::open("/proc/self/stat").unwrap();
    runtime().block_on(async {
        let port = listener::spawn(Arc::new(Anywhere), "127.0.0.1:0").unwrap().port();
        let mut clients = Vec::new();
        loop {
            match TcpStream::connect(("127.0.0.1", port)).await {
                Ok(c) => clients.push(c),
                Err(e) => {
                    assert_eq!(e.raw_os_error(), Some(24), "EMFILE: {e}");
                    break;
                }
            }
            assert!(clients.len() < 1000, "the descriptors never ran out");
        }
        // Connections wait in the backlog that the listener cannot take.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let cpu = cpu_time(&stat);
        let started = Instant::now();
        tokio::time::sleep(Duration::from_secs(2)).await;
        let spent = cpu_time(&stat) - cpu;
        let wall = started.elapsed();
        assert!(spent < wall / 5, "{spent:?} of CPU in {wall:?} without descriptors");
        clients.clear();
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let (_c, first) = Client::connect(port).await;
            if first.starts_with("220 ") {
                break;
            }
            assert!(Instant::now() < deadline, "the listener did not come back: {first:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
}

/// The log written, counted.
#[derive(Clone, Default)]
struct Counted(Arc<std::sync::atomic::AtomicUsize>);

impl std::io::Write for Counted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.fetch_add(buf.len(), std::sync::atomic::Ordering::Relaxed);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Whatever clients send (faults by the hundred, messages, more connections than places), the
/// log grows by a few KB a second at most.
#[test]
fn the_log_stays_small_whatever_comes() {
    if !alone("smtp_door::the_log_stays_small_whatever_comes") {
        return;
    }
    let written = Counted::default();
    let writer = written.clone();
    tracing_subscriber::fmt()
        .with_env_filter("feldpost=info")
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .init();
    runtime().block_on(async {
        let limits = Limits { max_sessions: 20, ..Limits::default() };
        let port = listener::spawn_with(Arc::new(Anywhere), "127.0.0.1:0", limits).unwrap().port();
        let started = Instant::now();
        let mut rounds = 0;
        while started.elapsed() < Duration::from_secs(3) {
            let mut clients = Vec::new();
            for i in 0..40 {
                clients.push(tokio::spawn(async move {
                    let Ok(stream) = TcpStream::connect(("127.0.0.1", port)).await else { return };
                    let (read, mut write) = stream.into_split();
                    let junk: Vec<u8> = match i % 3 {
                        0 => b"FROB <\x1b[31m>\r\n".repeat(30),
                        1 => vec![b'\x07'; 5000],
                        _ => b"EHLO x\r\nMAIL FROM:<>\r\nRCPT TO:<x@feldpost.test>\r\nDATA\r\nhi\r\n.\r\nQUIT\r\n"
                            .to_vec(),
                    };
                    let _ = write.write_all(&junk).await;
                    let mut lines = BufReader::new(read);
                    let mut line = String::new();
                    while matches!(
                        tokio::time::timeout(Duration::from_secs(2), lines.read_line(&mut line)).await,
                        Ok(Ok(n)) if n > 0
                    ) {
                        line.clear();
                    }
                }));
            }
            for c in clients {
                c.await.unwrap();
            }
            rounds += 1;
        }
        let seconds = started.elapsed().as_secs_f64();
        let bytes = written.0.load(std::sync::atomic::Ordering::Relaxed);
        assert!(bytes > 0, "something was logged");
        let allowed = 6144.0 + 2048.0 * seconds;
        assert!(
            (bytes as f64) < allowed,
            "{bytes} octets of log in {seconds:.1} s ({rounds} rounds of 40 connections)"
        );
    });
}
