//! A relay for tests that run the real binary: an SMTP server on loopback that keeps what it is
//! given, taking its time over each message if told to (as a loaded relay does).

use mailin_embedded::{Handler, Response, SslConfig, response};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// An SMTP server that takes its time over each message, as a loaded relay does.
#[derive(Clone)]
struct SlowRelay {
    got: Arc<Mutex<Vec<String>>>,
    buf: Vec<u8>,
    pause: Duration,
}

impl Handler for SlowRelay {
    fn data_start(&mut self, _domain: &str, _from: &str, _is8bit: bool, _to: &[String]) -> Response {
        self.buf.clear();
        response::OK
    }
    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.buf.extend_from_slice(buf);
        Ok(())
    }
    fn data_end(&mut self) -> Response {
        std::thread::sleep(self.pause);
        self.got.lock().unwrap().push(String::from_utf8_lossy(&std::mem::take(&mut self.buf)).into_owned());
        response::OK
    }
}

/// Start a relay that answers each message after `pause`; returns its port and what it took.
pub fn slow_relay(pause: Duration) -> (u16, Arc<Mutex<Vec<String>>>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    (port, serve(listener, pause))
}

/// Start a relay on `port` (one chosen before, for a test in which the relay comes up late);
/// returns what it takes.
pub fn relay_on(port: u16) -> Arc<Mutex<Vec<String>>> {
    serve(std::net::TcpListener::bind(("127.0.0.1", port)).expect("bind the relay's port"), Duration::ZERO)
}

fn serve(listener: std::net::TcpListener, pause: Duration) -> Arc<Mutex<Vec<String>>> {
    let relay = SlowRelay { got: Arc::default(), buf: Vec::new(), pause };
    let got = relay.got.clone();
    let mut server = mailin_embedded::Server::new(relay);
    server
        .with_name("relay.feldpost.test")
        .with_ssl(SslConfig::None)
        .unwrap()
        // Enough for every connection a test keeps open (a transport keeps up to one a lane)
        // and one more: a connection beyond the threads waits for an idle one to time out.
        .with_num_threads(32)
        .with_tcp_listener(listener);
    std::thread::spawn(move || {
        let _ = server.serve();
    });
    got
}
