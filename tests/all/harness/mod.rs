//! The one test harness: a fresh app per test (its own store, a `ManualClock`, `FixedSeeds`),
//! requests in and answers out, one create-a-game helper per ruleset, and `deal_where`, which
//! picks the seed of the next game so that a test needing a particular deal sets it instead of
//! making games until one deals it.
//!
//! Every app is deterministic: its clock moves only when a test moves it, and its games are
//! numbered and seeded in order ([`FixedSeeds`]), so every run deals and throws the same.

mod browser;
pub mod process;
pub mod relay;

pub use browser::{Browser, PASSWORD, csrf_of};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Request, StatusCode, header};
use feldpost::clock::{Clock, ManualClock};
use feldpost::games::Table;
pub use feldpost::ids::{GameId, SeatToken};
use feldpost::play::GameLog;
use feldpost::secret::{FixedSeeds, GameSeeds, Secret};
use feldpost::store::MailKind;
use feldpost::store::{Appender, OutboxRow, Store, Timeouts};
use feldpost::web::{AppState, router};
use feldpost_engine::SeededRandom;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use tower::ServiceExt;

/// 2025-11-24 16:00 UTC: where every test clock starts unless told otherwise.
pub const T0: i64 = 1_764_000_000_000;
/// The server's address in links and mail.
pub const BASE_URL: &str = "http://feldpost.test";
/// The server key of every test app (and of the real binary in tests that run it): as long as
/// the server asks of a key given as text.
pub const SECRET: &str = "feldpost-tests-key-0123456789-abcdefghijklmnopqrstuvwxyz";
/// The server's own address in the tests (the From of every mail; replies go to its
/// subaddresses), on the domain of [`BASE_URL`].
pub const OWN: &str = "feldpost@feldpost.test";
/// The domain of [`OWN`].
pub const DOMAIN: &str = "feldpost.test";
/// The host address of the games the harness creates (confirmed by its link).
pub const HOST_EMAIL: &str = "host@example.org";

// ---------------------------------------------------------------------------------------------
// Stores

/// Where the store suite runs: "sqlite" or "postgres".
pub fn backend_name() -> &'static str {
    if std::env::var("FELDPOST_TEST_POSTGRES").is_ok_and(|v| !v.is_empty()) { "postgres" } else { "sqlite" }
}

/// The store at `url` opened for a game log (with its appender), migrated.
pub async fn opened_store_at(url: &str, timeouts: Timeouts) -> (Store, Appender) {
    let opened = Store::open(url, timeouts).await.unwrap_or_else(|e| panic!("open {url}: {e}"));
    opened.0.migrate().await.expect("migrate");
    opened
}

/// The address of a new, empty store (not migrated).
pub async fn fresh_url() -> String {
    // Random, not numbered: runs share the temp dir and the Postgres database.
    let id = feldpost::secret::random_id();
    match std::env::var("FELDPOST_TEST_POSTGRES").ok().filter(|v| !v.is_empty()) {
        Some(base) => {
            let admin = Store::connect(&base).await.expect("connect to the Postgres test database");
            admin.execute_raw(&format!("CREATE SCHEMA fp_{id}")).await.expect("create schema");
            admin.close().await;
            let sep = if base.contains('?') { '&' } else { '?' };
            // The application name lets a test find (and terminate) this store's connections.
            format!("{base}{sep}options=-c%20search_path%3Dfp_{id}&application_name=fp_{id}")
        }
        None => {
            let dir = std::env::temp_dir().join("feldpost-tests");
            std::fs::create_dir_all(&dir).expect("temp dir");
            format!("sqlite:{}", dir.join(format!("{id}.db")).display())
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The app

/// What tests vary about an app.
pub struct Options {
    pub base_url: String,
    /// Whether /dev/mailbox is served.
    pub dev_mailbox: bool,
    /// Where the `ManualClock` starts (ms since the epoch).
    pub start_ms: i64,
    /// How long the database may take (statement and lock timeouts).
    pub timeouts: Timeouts,
    /// The store's address, when not a fresh one ([`fresh_url`]); migrated by the app.
    pub db_url: Option<String>,
    /// Whether the app migrates its store (a store another app migrated, opened read-only,
    /// cannot be).
    pub migrate: bool,
    /// Whether webhooks may go to loopback and private addresses (FELDPOST_WEBHOOK_ALLOW_PRIVATE):
    /// the tests' receivers listen on loopback.
    pub webhooks_to_private: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            base_url: BASE_URL.into(),
            dev_mailbox: true,
            start_ms: T0,
            timeouts: Timeouts::default(),
            db_url: None,
            migrate: true,
            webhooks_to_private: true,
        }
    }
}

pub struct TestApp {
    pub router: Router,
    pub log: Arc<GameLog>,
    pub clock: ManualClock,
    /// The source of new games' ids and seeds ([`TestApp::deal_where`] queues seeds on it).
    pub seeds: Arc<FixedSeeds>,
    /// The store's address (a test opens a second connection to it to hold a lock).
    pub db_url: String,
    base_url: String,
}

impl TestApp {
    /// An app with the default [`Options`].
    pub async fn spawn() -> TestApp {
        TestApp::spawn_with(Options::default()).await
    }

    pub async fn spawn_with(options: Options) -> TestApp {
        let clock = ManualClock::at(options.start_ms);
        let seeds = Arc::new(FixedSeeds::default());
        let db_url = match options.db_url {
            Some(url) => url,
            None => fresh_url().await,
        };
        let opened = if options.migrate {
            opened_store_at(&db_url, options.timeouts).await
        } else {
            Store::open(&db_url, options.timeouts).await.unwrap_or_else(|e| panic!("open {db_url}: {e}"))
        };
        let log = GameLog::new(opened, Arc::new(clock.clone()), Secret::from_text(SECRET), &options.base_url)
            .with_seeds(seeds.clone() as Arc<dyn GameSeeds>)
            .with_webhooks_to_private(options.webhooks_to_private);
        let log = Arc::new(log);
        TestApp {
            router: router(AppState { log: log.clone(), dev_mailbox: options.dev_mailbox }),
            log,
            clock,
            seeds,
            db_url,
            base_url: options.base_url,
        }
    }

    /// A second server on this app's database, as after a restart or beside it: its own pool
    /// and its own (empty) caches, the same clock and secret.
    pub async fn second_server(&self) -> Arc<GameLog> {
        self.second_server_on(Arc::new(self.clock.clone())).await
    }

    /// A second server on this one's store, with a clock of its own (one that is behind, say).
    pub async fn second_server_on(&self, clock: Arc<dyn Clock>) -> Arc<GameLog> {
        let opened = opened_store_at(&self.db_url, Timeouts::default()).await;
        Arc::new(GameLog::new(opened, clock, Secret::from_text(SECRET), &self.base_url))
    }

    /// A path on this server from one of its absolute links (in a page, a mail or an answer).
    pub fn path_of<'a>(&self, url: &'a str) -> &'a str {
        url.strip_prefix(self.base_url.as_str())
            .unwrap_or_else(|| panic!("{url} is not a link to this server"))
    }

    // -----------------------------------------------------------------------------------------
    // Requests

    /// Send one request through the router (no network) and read the whole answer.
    pub async fn send(&self, req: Req) -> Answer {
        let mut builder = Request::builder()
            .method(req.method.as_str())
            .uri(&req.uri)
            .header(header::ACCEPT_LANGUAGE, &req.lang);
        if let Some(token) = &req.token {
            builder = builder.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        for (k, v) in &req.headers {
            builder = builder.header(k.as_str(), v.as_str());
        }
        let mut request = match req.body {
            Some((content_type, body)) => {
                builder.header(header::CONTENT_TYPE, content_type).body(Body::from(body))
            }
            None => builder.body(Body::empty()),
        }
        .unwrap();
        if let Some(ip) = req.ip {
            // What `into_make_service_with_connect_info` gives a real request (rate limits read it).
            request.extensions_mut().insert(ConnectInfo(SocketAddr::from((ip, 40000))));
        }
        let res = self.router.clone().oneshot(request).await.unwrap();
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let location =
            headers.get(header::LOCATION).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
        Answer { status, json: serde_json::from_str(&text).unwrap_or(Value::Null), text, location, headers }
    }

    /// A JSON API call: `body` is sent as is (it may be malformed on purpose).
    pub async fn call(&self, method: &str, uri: &str, token: Option<&str>, body: Option<String>) -> Answer {
        let mut req = Req::new(method, uri).bearer(token);
        if let Some(body) = body {
            req = req.json_text(body);
        }
        self.send(req).await
    }

    pub async fn get(&self, uri: &str, token: Option<&str>) -> Answer {
        self.call("GET", uri, token, None).await
    }

    pub async fn post(&self, uri: &str, token: Option<&str>, body: Value) -> Answer {
        self.call("POST", uri, token, Some(body.to_string())).await
    }

    pub async fn put(&self, uri: &str, token: Option<&str>, body: Value) -> Answer {
        self.call("PUT", uri, token, Some(body.to_string())).await
    }

    /// A page form posted (url-encoded), in English.
    pub async fn form(&self, uri: &str, fields: &[(&str, &str)]) -> Answer {
        self.send(Req::new("POST", uri).form(fields)).await
    }

    /// A page, asked for in `accept_language`.
    pub async fn page(&self, uri: &str, accept_language: &str) -> Answer {
        self.send(Req::new("GET", uri).lang(accept_language)).await
    }

    /// The dev mailbox, as a browser on the server's own machine asks for it.
    pub async fn dev_mailbox(&self) -> Answer {
        self.send(Req::new("GET", "/dev/mailbox").peer([127, 0, 0, 1]).header("host", "127.0.0.1:8080")).await
    }

    // -----------------------------------------------------------------------------------------
    // Games

    /// Create a game from the whole request (as POST /api/games takes it); it must be created.
    /// Without a `host_email` the host is `host@example.org`; the host confirms the address by
    /// the link mailed to it (as a host would: its page, then its button), so the game's mail
    /// goes out.
    pub async fn create_game(&self, mut request: Value) -> TestGame {
        if request.get("host_email").is_none() {
            request["host_email"] = json!(HOST_EMAIL);
        }
        let a = self.post("/api/games", None, request).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
        let game_id = a.json["game_id"].as_str().unwrap().to_owned();
        if a.json["mail"] == "waiting_for_host" {
            self.confirm_host(&game_id).await;
        }
        let host_path = self.path_of(a.json["host_url"].as_str().unwrap()).to_owned();
        TestGame {
            id: GameId::parse(a.json["game_id"].as_str().unwrap()).unwrap(),
            tokens: a.json["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["token"].as_str().unwrap().to_owned())
                .collect(),
            host_token: host_path.rsplit('/').next().unwrap().to_owned(),
            host_path,
        }
    }

    /// The link mailed to a game's host address to confirm it (a path on this server).
    pub async fn host_confirmation_link(&self, game_id: &str) -> String {
        let marker = format!("{}/confirm/{game_id}/", self.base_url);
        let mails = self.mails(1000).await;
        let mail = mails
            .iter()
            .find(|m| m.kind == MailKind::HostConfirm && m.body_text.contains(&marker))
            .unwrap_or_else(|| panic!("no confirmation mail for {game_id}"));
        // The host has it: delivered (so that tests counting the players' mail count only theirs).
        self.log.store.outbox_mark_sent(&mail.id, self.clock.now_ms(), "dev-mailbox").await.unwrap();
        let at = mail.body_text.find(&marker).unwrap();
        let link = mail.body_text[at..].split_whitespace().next().unwrap();
        self.path_of(link).to_owned()
    }

    /// The host follows the confirmation link: the page, then its button.
    pub async fn confirm_host(&self, game_id: &str) {
        let link = self.host_confirmation_link(game_id).await;
        let page = self.get(&link, None).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        let done = self.form(&link, &[]).await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.text);
        // The page leads on to the host page, whose link the host was mailed beside it.
        let onward = done.text.split("<a class=\"button\" href=\"").nth(1).and_then(|r| r.split('"').next());
        let onward = onward.unwrap_or_else(|| panic!("no way on from the confirmation: {}", done.text));
        assert!(onward.starts_with(&format!("/host/{game_id}/")), "{onward}");
        assert_eq!(self.get(onward, None).await.status, StatusCode::OK, "the host page opens");
    }

    /// Na zajatce for `names` (each with an address, see [`players`]).
    pub async fn create_zajatce(&self, names: &[&str], options: Value) -> TestGame {
        self.create_game(
            json!({"ruleset": "zajatce", "title": "Test", "options": options, "players": players(names)}),
        )
        .await
    }

    /// Služba v ilegalitě for `names` (seats in order: red coordinator, blue coordinator, …).
    pub async fn create_sluzba(&self, names: &[&str], options: Value) -> TestGame {
        self.create_game(
            json!({"ruleset": "sluzba", "title": "Test", "options": options, "players": players(names)}),
        )
        .await
    }

    /// Escape from Colditz for `names` (seat 0 is the German Security Officer).
    pub async fn create_colditz(&self, names: &[&str], options: Value) -> TestGame {
        self.create_game(
            json!({"ruleset": "colditz", "title": "Test", "options": options, "players": players(names)}),
        )
        .await
    }

    /// Make the next game created deal what `wanted` asks: try candidate seeds in a fixed order
    /// with the engine alone (the server deals a game's setup from
    /// `SeededRandom::new(seed, id, 1, "setup")`), queue the first that satisfies `wanted` and
    /// return the table it sets up. Create the game right after: the seed is for the next game.
    pub fn deal_where(
        &self,
        ruleset: &str,
        options: &Value,
        seats: usize,
        wanted: impl Fn(&dyn Table) -> bool,
    ) -> Box<dyn Table> {
        let rules = feldpost::games::by_id(ruleset).unwrap_or_else(|| panic!("no ruleset {ruleset}"));
        // As `Play::create` does: the options with their defaults, and the next game's id.
        let options = rules.options(options, seats).expect("the options are accepted");
        let game_id = self.seeds.next_id();
        for k in 1..=10_000 {
            let seed = FixedSeeds::default_seed(k);
            let mut rng = SeededRandom::new(&seed, &game_id, 1, "setup");
            let mut table = rules.table(&options, seats).unwrap();
            for event in rules.setup(&options, seats, &mut rng).unwrap() {
                table.apply(&event).unwrap();
            }
            if wanted(table.as_ref()) {
                self.seeds.queue(seed);
                return table;
            }
        }
        panic!("no seed among 10 000 deals a {ruleset} game as wanted");
    }

    /// The game as `seat` sees it through the API.
    pub async fn view(&self, g: &TestGame, seat: usize) -> Value {
        let a = self.get(&format!("/api/games/{}", g.id), Some(&g.tokens[seat])).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        a.json
    }

    /// `seat` sends `action` through the API at the game's current sequence number.
    pub async fn act(&self, g: &TestGame, seat: usize, action: Value) -> Answer {
        let seq = self.view(g, seat).await["current_seq"].as_u64().unwrap();
        self.post(
            &format!("/api/games/{}/actions", g.id),
            Some(&g.tokens[seat]),
            json!({"expected_seq": seq, "action": action}),
        )
        .await
    }

    /// Who may act now and the game as they see it (`None` once it has ended), through the API.
    pub async fn whose_turn(&self, g: &TestGame) -> Option<(usize, Value)> {
        for seat in 0..g.tokens.len() {
            let v = self.view(g, seat).await;
            if v["finished"] == true {
                return None;
            }
            if v["your_turn"] == true {
                return Some((seat, v));
            }
        }
        panic!("nobody may act in an unfinished game");
    }

    /// The first seat the rules wait on.
    pub async fn seat_to_act(&self, game: &GameId) -> usize {
        usize::from(self.log.load(game).await.unwrap().table.to_act()[0])
    }

    /// The seat the rules wait on takes its first legal action (through the play layer);
    /// returns that seat.
    pub async fn play_first_legal(&self, g: &TestGame) -> usize {
        let seat = self.seat_to_act(&g.id).await;
        let loaded = self.log.load(&g.id).await.unwrap();
        let view = feldpost::play::view::view(&self.log, &loaded, Some(seat as u8));
        feldpost::play::act::by_token(
            &self.log,
            &g.token(seat),
            None,
            view.current_seq,
            &view.legal_actions[0].action,
        )
        .await
        .unwrap();
        seat
    }

    /// The spectators' link, read off the host's page.
    pub async fn watch_path(&self, g: &TestGame) -> String {
        let host_page = self.get(&g.host_path, None).await;
        let marker = format!("href=\"{}/watch/", self.base_url);
        host_page
            .text
            .split(&marker)
            .nth(1)
            .map(|rest| format!("/watch/{}", &rest[..rest.find('"').unwrap()]))
            .expect("a watch link")
    }

    pub async fn event_count(&self, game: &str) -> usize {
        self.log.store.records(game, 0).await.unwrap().len()
    }

    /// The game's mail, oldest first, as it is sent: its links made (the outbox keeps them
    /// sealed, see `src/mail/sealed.rs`).
    pub async fn outbox(&self, game: &str) -> Vec<OutboxRow> {
        self.unsealed(self.log.store.outbox_of_game(game).await.unwrap())
    }

    /// The newest `n` mails of every game and account, as they are sent (links made).
    pub async fn mails(&self, n: i64) -> Vec<OutboxRow> {
        self.unsealed(self.log.store.outbox_recent(n).await.unwrap())
    }

    fn unsealed(&self, mut rows: Vec<OutboxRow>) -> Vec<OutboxRow> {
        for row in &mut rows {
            self.log.links().unseal(row);
        }
        rows
    }

    /// The newest outbox message to `to` of `kind`.
    pub async fn mail_to(&self, to: &str, kind: &str) -> OutboxRow {
        self.mails(100)
            .await
            .into_iter()
            .find(|m| m.recipient == to && m.kind.text() == kind)
            .unwrap_or_else(|| panic!("no {kind} mail to {to}"))
    }
}

/// A game as its creation answered: what tests need to play it.
/// A game's id or a seat's token from text a test holds (a link, a JSON answer).
pub fn game_id(text: &str) -> GameId {
    GameId::parse(text).unwrap()
}

pub fn seat_token(text: &str) -> SeatToken {
    SeatToken::parse(text).unwrap()
}

pub struct TestGame {
    pub id: GameId,
    /// Each seat's bearer token, by seat.
    pub tokens: Vec<String>,
    pub host_token: String,
    /// "/host/{id}/{token}"
    pub host_path: String,
}

impl TestGame {
    /// Seat `seat`'s token, as a request would carry it.
    pub fn token(&self, seat: usize) -> SeatToken {
        SeatToken::parse(&self.tokens[seat]).unwrap()
    }

    /// "/play/{token}": the seat's page.
    pub fn seat_path(&self, seat: usize) -> String {
        format!("/play/{}", self.tokens[seat])
    }
}

/// The players' list of a creation request: each name with the address
/// `{name in lower case}@example.org`.
pub fn players(names: &[&str]) -> Value {
    names.iter().map(|n| json!({"name": n, "email": format!("{}@example.org", n.to_lowercase())})).collect()
}

// ---------------------------------------------------------------------------------------------
// Requests and answers

/// One request: in English, without a token or body unless told.
pub struct Req {
    method: String,
    uri: String,
    lang: String,
    token: Option<String>,
    headers: Vec<(String, String)>,
    body: Option<(&'static str, String)>,
    ip: Option<[u8; 4]>,
}

impl Req {
    pub fn new(method: &str, uri: &str) -> Req {
        Req {
            method: method.into(),
            uri: uri.into(),
            lang: "en".into(),
            token: None,
            headers: Vec::new(),
            body: None,
            ip: None,
        }
    }

    /// The bearer token, if any.
    pub fn bearer(mut self, token: Option<&str>) -> Req {
        self.token = token.map(str::to_owned);
        self
    }

    /// The Accept-Language header.
    pub fn lang(mut self, accept_language: &str) -> Req {
        self.lang = accept_language.into();
        self
    }

    pub fn header(mut self, name: &str, value: &str) -> Req {
        self.headers.push((name.into(), value.into()));
        self
    }

    pub fn json(self, body: &Value) -> Req {
        self.json_text(body.to_string())
    }

    /// A JSON body as text, as is.
    pub fn json_text(mut self, body: String) -> Req {
        self.body = Some(("application/json", body));
        self
    }

    /// A url-encoded form.
    pub fn form(mut self, fields: &[(&str, &str)]) -> Req {
        let body = fields.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect::<Vec<_>>();
        self.body = Some(("application/x-www-form-urlencoded", body.join("&")));
        self
    }

    /// The client's address, as the server's connection info gives it.
    pub fn peer(mut self, ip: [u8; 4]) -> Req {
        self.ip = Some(ip);
        self
    }
}

/// Text as it was before HTML escaped it (an attribute's value read off a page).
/// A page's words as a reader sees them: without the Unicode isolates (U+2068, U+2069) that set
/// names apart in its sentences (tests/all/bidi.rs).
pub fn unisolated(s: &str) -> String {
    s.replace(['\u{2068}', '\u{2069}'], "")
}

pub fn html_unescape(s: &str) -> String {
    // `&amp;` last, so that an escaped entity ("&amp;lt;") is not read twice.
    s.replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Percent-encoding for form fields (everything but the unreserved characters).
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub text: String,
    /// The body read as JSON (`Null` when it is not JSON).
    pub json: Value,
    /// The Location header ("" when there is none).
    pub location: String,
    pub headers: HeaderMap,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(|v| v.to_str().unwrap())
    }

    /// Every Set-Cookie header, in order.
    pub fn set_cookies(&self) -> Vec<String> {
        self.headers.get_all(header::SET_COOKIE).iter().map(|v| v.to_str().unwrap().to_owned()).collect()
    }
}

/// `deal_where` stands for the server's own setup: the game created next is the one it dealt,
/// not the one its game number would have dealt.
#[tokio::test]
async fn the_next_game_is_dealt_as_deal_where_says() {
    let app = TestApp::spawn().await;
    let tried = std::cell::RefCell::new(Vec::new());
    let dealt = app.deal_where("sluzba", &json!({}), 4, |table| {
        tried.borrow_mut().push(table.state_json());
        tried.borrow().len() == 3
    });
    let g = app.create_sluzba(&["Rudolf", "Blanka", "Radek", "Bara"], json!({})).await;
    let created = app.log.load(&g.id).await.unwrap().table.state_json();
    assert_eq!(created, dealt.state_json());
    assert_ne!(created, tried.borrow()[0], "the default seed of the game would deal another key");
}
