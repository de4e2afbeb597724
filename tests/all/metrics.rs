//! Metrics as an operator's Prometheus scrapes them from the real server: on their own
//! listener only, counting requests by route template, moves and refusals by ruleset, the
//! outbox by status; and never a token, a game's id or an address in a label.

use crate::harness::process::{self, act, call, create};
use serde_json::json;

/// The value of the sample whose line starts with `series` (name and labels, as written).
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.split(' ').next()?.parse().ok())
}

#[tokio::test]
async fn metrics_count_requests_moves_and_mail_and_name_no_one() {
    let url = crate::harness::fresh_url().await;
    let dir = process::data_dir("metrics");
    let metrics_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let server =
        process::start(&url, &dir, &[("FELDPOST_METRICS_BIND", format!("127.0.0.1:{metrics_port}"))]);
    let port = server.port;
    let request = json!({"ruleset": "colditz", "host_email": "host@example.org",
        "players": [{"name": "Gerda", "email": "gerda@example.org"}, {"name": "Arne", "email": "arne@example.org"}]});
    let g = create(port, request).unwrap();
    for _ in 0..3 {
        act(port, &g);
    }
    // A move for a step long gone: refused as the game moved on.
    let stale = json!({"expected_seq": 1, "action": {"type": "end_turn"}});
    let refused =
        call(port, "POST", &format!("/api/games/{}/actions", g.id), Some(&g.tokens[0]), Some(stale));
    assert_eq!(refused.status, 409, "{}", refused.text);
    assert_eq!(call(port, "GET", "/healthz", None, None).status, 200);
    let disputes = format!("/api/games/{}/disputes", g.id);
    let before = call(metrics_port, "GET", "/metrics", None, None).text;
    assert_eq!(sample(&before, "feldpost_disputes_open"), Some(0.0), "{before}");
    let claim = json!({"against": 2, "claim": "That is not how it went."});
    let disputed = call(port, "POST", &disputes, Some(&g.tokens[1]), Some(claim));
    assert!(disputed.status < 300, "{}", disputed.text);

    assert_eq!(call(port, "GET", "/metrics", None, None).status, 404, "not on the public listener");
    let scraped = call(metrics_port, "GET", "/metrics", None, None);
    assert_eq!(scraped.status, 200);
    assert!(scraped.header("content-type").unwrap().starts_with("application/openmetrics-text"));
    let text = scraped.text;
    assert!(text.ends_with("# EOF\n"), "{text}");

    assert_eq!(sample(&text, "feldpost_moves_total{ruleset=\"colditz\"}"), Some(3.0), "{text}");
    assert_eq!(
        sample(&text, "feldpost_move_refusals_total{ruleset=\"colditz\",reason=\"conflict\"}"),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        sample(
            &text,
            "feldpost_http_requests_total{route=\"/api/games/{id}/actions\",method=\"POST\",status=\"200\"}"
        ),
        Some(3.0),
        "{text}"
    );
    assert_eq!(
        sample(&text, "feldpost_http_requests_total{route=\"/api/games\",method=\"POST\",status=\"201\"}"),
        Some(1.0),
        "{text}"
    );
    assert!(
        sample(
            &text,
            "feldpost_http_request_duration_seconds_count{route=\"/api/games/{id}\",method=\"GET\"}"
        )
        .is_some_and(|n| n >= 6.0),
        "{text}"
    );
    assert!(!text.contains("healthz"), "the probes are not counted: {text}");
    // The host's confirmation is written; the players' mail waits for it.
    let mails: f64 = ["pending", "sent", "held", "failed", "digested", "suppressed"]
        .iter()
        .filter_map(|s| sample(&text, &format!("feldpost_outbox_mails{{status=\"{s}\"}}")))
        .sum();
    assert!(mails >= 1.0, "{text}");
    assert!(sample(&text, "feldpost_db_connections{state=\"open\"}").is_some_and(|n| n >= 1.0), "{text}");
    assert_eq!(sample(&text, "feldpost_disputes_open"), Some(1.0), "the dispute waits: {text}");

    // Every metric the example dashboard (deploy/grafana-dashboard.json) charts is scraped.
    let dashboard: serde_json::Value =
        serde_json::from_str(include_str!("../../deploy/grafana-dashboard.json")).unwrap();
    for panel in dashboard["panels"].as_array().unwrap() {
        let expr = panel["targets"][0]["expr"].as_str().unwrap();
        for (at, _) in expr.match_indices("feldpost_") {
            let name: String =
                expr[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            let family = ["_total", "_bucket", "_count", "_sum"]
                .iter()
                .find_map(|x| name.strip_suffix(x))
                .unwrap_or(&name);
            assert!(
                text.contains(&format!("# TYPE {family} ")),
                "{name}, charted by {:?}, is not scraped",
                panel["title"]
            );
        }
    }

    for secret in g.tokens.iter().chain([&g.id]).map(String::as_str).chain(["example.org", "Gerda"]) {
        assert!(!text.contains(secret), "{secret} in the metrics");
    }
}
