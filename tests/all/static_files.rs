//! The static files come from the binary: the real server, run from an empty folder where the
//! checkout cannot be read, serves every file its pages link, byte for byte, with its type, a
//! strong ETag (asked again with it: 304) and, under its hashed URL, a year's caching.

use crate::harness::fresh_url;
use crate::harness::process::{self, colditz, create};
use feldpost::web::files::{IMMUTABLE, SHORT};
use sha2::{Digest, Sha256};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

struct Got {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Got {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// One GET over a fresh connection, with `headers`; the body de-chunked (not decompressed).
fn get(port: u16, path: &str, headers: &[(&str, &str)]) -> Got {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut req = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a head");
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let mut rest = raw[split + 4..].to_vec();
    let mut lines = head.lines();
    let status = lines.next().and_then(|l| l.split_whitespace().nth(1)).and_then(|c| c.parse().ok()).unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    if headers.iter().any(|(k, v)| k == "transfer-encoding" && v == "chunked") {
        let mut body = Vec::new();
        loop {
            let end = rest.windows(2).position(|w| w == b"\r\n").expect("a chunk size");
            let size = usize::from_str_radix(std::str::from_utf8(&rest[..end]).unwrap().trim(), 16).unwrap();
            if size == 0 {
                break;
            }
            body.extend_from_slice(&rest[end + 2..end + 2 + size]);
            rest.drain(..end + 2 + size + 2);
        }
        rest = body;
    }
    Got { status, headers, body: rest }
}

/// The static files' paths (under /static/, without the query) a page links, with their URLs.
fn linked(html: &str) -> Vec<(String, String)> {
    let doc = scraper::Html::parse_document(html);
    let selector = scraper::Selector::parse("link[href], script[src]").unwrap();
    doc.select(&selector)
        .filter_map(|e| e.value().attr("href").or(e.value().attr("src")))
        .filter_map(|url| {
            let name = url.strip_prefix("/static/")?.split('?').next()?.to_owned();
            Some((name, url.to_owned()))
        })
        .collect()
}

/// What a file truly is: the checkout's static/ folder, or a game's file as its code holds it.
fn real_bytes(name: &str) -> Vec<u8> {
    if let Some(rest) = name.strip_prefix("games/") {
        let (game, file) = rest.split_once('/').unwrap();
        let f = feldpost::games::by_id(game).and_then(|g| g.look().file(file)).expect("a game's file");
        return f.body.as_bytes().to_vec();
    }
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("static").join(name)).unwrap()
}

#[tokio::test]
async fn an_installed_binary_serves_every_static_file_its_pages_link_from_itself() {
    let url = fresh_url().await;
    let dir = process::data_dir("static");
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(!dir.starts_with(checkout), "the temporary folder must lie outside the checkout");
    // The binary copied out of the build tree (which may lie inside the checkout), and run
    // from an empty folder in a mount namespace of its own where an empty tmpfs lies over the
    // whole checkout. If that cannot be done the server does not start and the test fails.
    let bin = dir.join("feldpost-installed");
    std::fs::copy(env!("CARGO_BIN_EXE_feldpost"), &bin).unwrap();
    let empty = dir.join("empty");
    std::fs::create_dir(&empty).unwrap();
    let mut command = Command::new("unshare");
    command.args(["--user", "--map-root-user", "--mount", "sh", "-c"]).arg(
        "mount -t tmpfs feldpost-hidden \"$1\" && test ! -e \"$1/static\" && test ! -e \"$1/Cargo.toml\" \
         && cd \"$2\" && exec \"$3\" serve",
    );
    command.arg("sh").arg(checkout).arg(&empty).arg(&bin).current_dir(&empty);
    let server = process::start_command(command, &url, &dir, &[]);
    let port = server.port;

    let g = create(port, colditz()).unwrap_or_else(|a| panic!("{}", a.text));
    let seat = format!("/play/{}", g.tokens[0]);
    let mut files = std::collections::BTreeMap::new();
    for page in ["/".to_owned(), "/new/zajatce".to_owned(), seat.clone(), format!("{seat}/history")] {
        let a = get(port, &page, &[]);
        assert_eq!(a.status, 200, "{page}: {}", server.log());
        for (name, url) in linked(&String::from_utf8(a.body).unwrap()) {
            files.insert(name, url);
        }
    }
    for name in [
        "style.css",
        "favicon.svg",
        "board.js",
        "live.js",
        "history.js",
        "new_game.js",
        "games/colditz/colditz.js",
    ] {
        assert!(files.contains_key(name), "{name} is linked: {files:?}");
    }

    for (name, url) in &files {
        let real = real_bytes(name);
        let version = hex::encode(&Sha256::digest(&real)[..8]);
        assert_eq!(url, &format!("/static/{name}?v={version}"), "{name}: linked by its content hash");
        let a = get(port, url, &[]);
        assert_eq!(a.status, 200, "{url}");
        assert!(a.body == real, "{url}: the real bytes");
        let kind = match name.rsplit_once('.').unwrap().1 {
            "css" => "text/css; charset=utf-8",
            "js" => "text/javascript; charset=utf-8",
            "svg" => "image/svg+xml",
            other => panic!("{name}: a file of type {other}"),
        };
        assert_eq!(a.header("content-type"), Some(kind), "{url}");
        assert_eq!(a.header("cache-control"), Some(IMMUTABLE), "{url}");
        let tag = a.header("etag").expect("a tag").to_owned();
        assert!(tag.starts_with('"') && tag.ends_with('"'), "{url}: a strong tag, {tag}");

        let again = get(port, url, &[("If-None-Match", &tag)]);
        assert_eq!(again.status, 304, "{url}");
        assert!(again.body.is_empty(), "{url}");
        assert_eq!(again.header("etag"), Some(tag.as_str()), "{url}");
        assert_eq!(again.header("cache-control"), Some(IMMUTABLE), "{url}");
        assert_eq!(get(port, url, &[("If-None-Match", "\"0000000000000000\"")]).status, 200, "{url}");

        // Without its hash, or with another: the same file, kept a few minutes only.
        for other in [format!("/static/{name}"), format!("/static/{name}?v=0000000000000000")] {
            let a = get(port, &other, &[]);
            assert_eq!(a.status, 200, "{other}");
            assert!(a.body == real, "{other}");
            assert_eq!(a.header("cache-control"), Some(SHORT), "{other}");
            assert_eq!(a.header("etag"), Some(tag.as_str()), "{other}");
        }

        // Compressed for a client that accepts it, as before.
        if kind.starts_with("text/") && real.len() > 1024 {
            let packed = get(port, url, &[("Accept-Encoding", "gzip")]);
            assert_eq!(packed.header("content-encoding"), Some("gzip"), "{url}");
            let mut unpacked = Vec::new();
            flate2::read::GzDecoder::new(&packed.body[..]).read_to_end(&mut unpacked).unwrap();
            assert!(unpacked == real, "{url}: the real bytes, compressed");
        }
    }

    let icon = get(port, "/favicon.ico", &[]);
    assert_eq!(icon.status, 200);
    assert!(icon.body == real_bytes("favicon.svg"));
    assert_eq!(icon.header("content-type"), Some("image/svg+xml"));
    let missing = get(port, "/static/no-such-file.css", &[]);
    assert_eq!(missing.status, 404);
    assert!(String::from_utf8_lossy(&missing.body).contains("<html"), "the error page");
    // The copy is large: not left behind.
    drop(server);
    std::fs::remove_file(&bin).unwrap();
}
