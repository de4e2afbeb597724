//! Every text response is compressed for a client that accepts it.

use crate::harness::{Req, TestApp};
use serde_json::json;

#[tokio::test]
async fn pages_and_api_answers_come_compressed_when_the_client_accepts_it() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Ana", "Bo"], json!({})).await;
    for (encoding, uri, token) in [
        ("gzip", g.seat_path(0), None),
        ("br", format!("/play/{}", g.tokens[0]), None),
        ("gzip", format!("/api/games/{}", g.id), Some(g.tokens[0].as_str())),
    ] {
        let plain = app.send(Req::new("GET", &uri).bearer(token)).await;
        assert_eq!(plain.header("content-encoding"), None, "{uri}: nothing asked, nothing compressed");
        let packed = app.send(Req::new("GET", &uri).bearer(token).header("accept-encoding", encoding)).await;
        assert_eq!(packed.status, plain.status, "{uri}");
        assert_eq!(packed.header("content-encoding"), Some(encoding), "{uri}");
        assert!(packed.text.len() < plain.text.len(), "{uri}: {} ≥ {}", packed.text.len(), plain.text.len());
    }
}
