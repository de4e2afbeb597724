//! The new-game options in the API document against the server that reads them. For every
//! ruleset: the document names exactly the options the server reads; every value the document
//! admits for an option (its own examples, and hostile ones) is taken by POST /api/games or by
//! the ruleset's reading of options, and every value of those the document refuses is refused;
//! an unknown option is refused by both; and the seating rules the document writes out for each
//! number of players are the engine's own, for every seating of up to six.

use crate::harness::{Req, TestApp};
use axum::http::StatusCode;
use feldpost::games::{self, Game};
use serde_json::{Map, Value, json};
use std::collections::BTreeSet;

/// The served document and a validator of its new-game request (JSON Schema 2020-12, the
/// dialect of OpenAPI 3.1; references resolved in the document itself).
async fn document(app: &TestApp) -> (Value, jsonschema::Validator) {
    let doc = app.get("/api/openapi.json", None).await.json;
    let root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$ref": "#/components/schemas/NewGame",
        "components": doc["components"].clone(),
    });
    let validator = jsonschema::validator_for(&root).expect("the new-game schema compiles");
    (doc, validator)
}

/// The request's shapes for `ruleset`, with every part they share written in place: each with
/// its fewest and most players.
fn shapes(doc: &Value, ruleset: &str) -> Vec<(usize, usize, Value)> {
    fn in_place(v: &Value, parts: &Value) -> Value {
        match v {
            Value::Object(o) => match o.get("$ref").and_then(Value::as_str) {
                Some(r) => in_place(&parts[r.strip_prefix("#/components/schemas/").unwrap()], parts),
                None => Value::Object(o.iter().map(|(k, c)| (k.clone(), in_place(c, parts))).collect()),
            },
            Value::Array(a) => Value::Array(a.iter().map(|c| in_place(c, parts)).collect()),
            other => other.clone(),
        }
    }
    let parts = &doc["components"]["schemas"];
    parts["NewGame"]["oneOf"]
        .as_array()
        .expect("one shape per ruleset and table")
        .iter()
        .filter(|s| s["properties"]["ruleset"]["enum"] == json!([ruleset]))
        .map(|s| {
            let s = in_place(s, parts);
            let players = &s["properties"]["players"];
            let n = |k: &str| players[k].as_u64().unwrap() as usize;
            (n("minItems"), n("maxItems"), s)
        })
        .collect()
}

/// A request for a game of `seats` players with `options` (the host's address given, so every
/// ruleset's shape takes it; nobody else mailed).
fn body(ruleset: &str, seats: usize, options: Value, host: usize) -> Value {
    let players: Vec<Value> = (0..seats).map(|i| json!({"name": format!("P{i}")})).collect();
    json!({"ruleset": ruleset, "players": players, "options": options,
           "host_email": format!("host{host}@example.org")})
}

/// Values a schema admits, read off it: its constants and enums, both booleans, its bounds,
/// objects of its properties' values, arrays of its items' values, each branch's.
fn examples(schema: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    if let Some(c) = schema.get("const") {
        out.push(c.clone());
    }
    if let Some(e) = schema["enum"].as_array() {
        out.extend(e.iter().cloned());
    }
    for key in ["oneOf", "anyOf"] {
        for branch in schema[key].as_array().into_iter().flatten() {
            // A branch that only narrows (no type of its own) narrows the schema around it.
            let mut merged = schema.clone();
            if let (Some(m), Some(b)) = (merged.as_object_mut(), branch.as_object()) {
                m.remove("oneOf");
                m.remove("anyOf");
                for (k, v) in b {
                    match (m.get_mut(k), v) {
                        (Some(Value::Object(p)), Value::Object(q)) if k == "properties" => {
                            for (name, s) in q {
                                let joined = match p.get(name) {
                                    Some(Value::Object(base)) => {
                                        let mut j = base.clone();
                                        j.extend(s.as_object().cloned().unwrap_or_default());
                                        Value::Object(j)
                                    }
                                    _ => s.clone(),
                                };
                                p.insert(name.clone(), joined);
                            }
                        }
                        _ => {
                            m.insert(k.clone(), v.clone());
                        }
                    }
                }
            }
            out.extend(examples(&merged));
        }
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    for t in types {
        match t {
            "null" => out.push(Value::Null),
            "boolean" => out.extend([json!(true), json!(false)]),
            "integer" => {
                let low = schema["minimum"].as_f64().unwrap_or(0.0) as i64;
                out.push(json!(low));
                out.push(json!(low + 1));
                if let Some(high) = schema["maximum"].as_f64() {
                    out.push(json!(high as i64));
                }
            }
            "string" if schema.get("enum").is_none() && schema.get("const").is_none() => {
                out.push(json!("2031-06-30"));
            }
            "array" => {
                let items: Vec<Value> = schema.get("items").map(examples).unwrap_or_default();
                let mut distinct: Vec<Value> = Vec::new();
                for i in items {
                    if !distinct.contains(&i) {
                        distinct.push(i);
                    }
                }
                for n in 0..=distinct.len().min(6) {
                    out.push(Value::Array(distinct[..n].to_vec()));
                }
            }
            "object" => {
                let properties = schema["properties"].as_object().cloned().unwrap_or_default();
                let required: Vec<&str> =
                    schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
                let mut base = Map::new();
                for name in &required {
                    if let Some(first) = properties.get(*name).and_then(|p| examples(p).into_iter().next()) {
                        base.insert((*name).to_owned(), first);
                    }
                }
                out.push(Value::Object(base.clone()));
                for (name, p) in &properties {
                    for v in examples(p) {
                        let mut o = base.clone();
                        o.insert(name.clone(), v);
                        out.push(Value::Object(o));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Values no option should take unread: every JSON type, numbers at and past the edges of the
/// integers the rulesets read, text that is no choice. (Not an array in place of an object:
/// the server's reading of options takes a nested option's fields in order from an array, a
/// form the document does not offer.)
fn hostile() -> Vec<Value> {
    vec![
        Value::Null,
        json!(true),
        json!(-1),
        json!(0),
        json!(1),
        json!(2.5),
        json!(255),
        json!(256),
        json!(u32::MAX),
        json!(u64::from(u32::MAX) + 1),
        json!(""),
        json!("no_such_choice"),
        json!({}),
        json!({"kind": "rounds", "value": 0}),
        json!({"kind": "standard", "value": 3}),
        json!({"escapes": 0}),
        json!([]),
        json!(["no_such_choice"]),
        json!([{"role": "shared_member", "team": "red"}]),
    ]
}

/// The document names exactly the options each ruleset reads, and refuses any other.
#[tokio::test]
async fn the_document_names_every_option_the_server_reads_and_no_other() {
    let app = TestApp::spawn().await;
    let (doc, validator) = document(&app).await;
    for game in games::all() {
        let read: BTreeSet<String> = game.default_options().as_object().unwrap().keys().cloned().collect();
        let shapes = shapes(&doc, game.id());
        assert!(!shapes.is_empty(), "{}: no shape", game.id());
        for (fewest, most, shape) in &shapes {
            let options = &shape["properties"]["options"];
            let documented: BTreeSet<String> =
                options["properties"].as_object().unwrap().keys().cloned().collect();
            assert_eq!(documented, read, "{} ({fewest}–{most} players): the documented options", game.id());
            assert_eq!(options["additionalProperties"], json!(false), "{}: no other option", game.id());
            // An unknown option: refused by the document and by the server.
            let unknown = body(game.id(), *fewest, json!({"no_such_option": true}), 0);
            assert!(!validator.is_valid(&unknown), "{}: the document admits an unknown option", game.id());
            let a = app.send(Req::new("POST", "/api/games").json(&unknown).peer([10, 9, 0, 1])).await;
            assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}: {}", game.id(), a.text);
            assert_eq!(a.json["error"], "invalid", "{}", a.text);
        }
    }
}

/// Every option the document names, set to each value the document admits for it, makes a
/// game through POST /api/games; and for each option of each shape, every value (the
/// document's own and hostile ones) is admitted by the document exactly when the ruleset reads
/// it for so many players.
#[tokio::test]
async fn every_documented_option_value_is_taken_and_every_refused_one_refused() {
    let app = TestApp::spawn().await;
    let (doc, validator) = document(&app).await;
    let mut created = 0usize;
    for game in games::all() {
        let shapes = shapes(&doc, game.id());
        let mut taken: BTreeSet<String> = BTreeSet::new();
        let mut posted: BTreeSet<String> = BTreeSet::new();
        for (fewest, most, shape) in &shapes {
            // Options left out, or none given: the defaults, for so many players.
            for seats in [*fewest, *most] {
                let mut left_out = body(game.id(), seats, json!({}), 0);
                let read = game.options(&json!({}), seats).is_ok();
                assert_eq!(
                    validator.is_valid(&left_out),
                    read,
                    "{} with {seats} players, no option",
                    game.id()
                );
                left_out.as_object_mut().unwrap().remove("options");
                assert_eq!(
                    validator.is_valid(&left_out),
                    read,
                    "{} with {seats} players, no options",
                    game.id()
                );
            }
            let options = &shape["properties"]["options"];
            for (name, schema) in options["properties"].as_object().unwrap() {
                let mut values = examples(schema);
                // The values the shape's narrowing branches allow for this option.
                values.extend(examples(options).into_iter().filter_map(|o| o.get(name).cloned()));
                // (An array in place of an object is left out: see `hostile`.)
                let wants_object = schema["type"] == "object"
                    || schema["oneOf"].as_array().is_some_and(|v| v.iter().all(|b| b["type"] == "object"));
                values.extend(hostile().into_iter().filter(|v| !(wants_object && v.is_array())));
                for seats in [*fewest, *most] {
                    for value in &values {
                        let o = json!({name.clone(): value.clone()});
                        let admitted = validator.is_valid(&body(game.id(), seats, o.clone(), 0));
                        let read = game.options(&o, seats).is_ok();
                        assert_eq!(
                            admitted,
                            read,
                            "{} with {seats} players, {name}: {value}: the document {} it, the server {} it",
                            game.id(),
                            if admitted { "admits" } else { "refuses" },
                            if read { "reads" } else { "refuses" },
                        );
                        // Through the API, once for each value the document admits.
                        let key = format!("{name}={value}");
                        if admitted && !posted.contains(&key) {
                            posted.insert(key);
                            created += 1;
                            let request = body(game.id(), seats, o, created);
                            let ip = [10, 1, (created / 250) as u8, (created % 250) as u8];
                            let a = app.send(Req::new("POST", "/api/games").json(&request).peer(ip)).await;
                            assert_eq!(
                                a.status,
                                StatusCode::CREATED,
                                "{} {name}: {value}: {}",
                                game.id(),
                                a.text
                            );
                            taken.insert(name.clone());
                        }
                    }
                }
            }
        }
        let documented: BTreeSet<String> =
            game.default_options().as_object().unwrap().keys().cloned().collect();
        assert_eq!(taken, documented, "{}: an option no admitted value of was taken", game.id());
    }
}

/// Služba's seating (its table, and roles one per seat) and Colditz's (the German's seat, the
/// nations): for every seating of up to six players, the document admits it exactly when the
/// engine seats it, and the API takes one of each table.
#[tokio::test]
async fn the_seating_rules_in_the_document_are_the_engines() {
    let app = TestApp::spawn().await;
    let (doc, validator) = document(&app).await;
    // The document's options for each ruleset and number of players, each validated alone
    // (the whole request's `oneOf` is held to the server above; here the seatings are many).
    let mut by_seats: std::collections::HashMap<(String, usize), Option<jsonschema::Validator>> =
        std::collections::HashMap::new();
    let mut agree = |game: &dyn Game, seats: usize, options: Value| {
        let validator = by_seats.entry((game.id().to_owned(), seats)).or_insert_with(|| {
            shapes(&doc, game.id())
                .into_iter()
                .find(|(fewest, most, _)| (*fewest..=*most).contains(&seats))
                .map(|(_, _, shape)| {
                    let mut schema = shape["properties"]["options"].clone();
                    schema["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
                    jsonschema::validator_for(&schema).expect("the options' schema compiles")
                })
        });
        let admitted = validator.as_ref().is_some_and(|v| v.is_valid(&options));
        let read = game.options(&options, seats).is_ok();
        assert_eq!(admitted, read, "{} with {seats} players: {options}", game.id());
        read
    };

    let sluzba = games::by_id("sluzba").unwrap();
    let roles = [
        json!({"role": "coordinator", "team": "red"}),
        json!({"role": "coordinator", "team": "blue"}),
        json!({"role": "member", "team": "red"}),
        json!({"role": "member", "team": "blue"}),
        json!({"role": "shared_member"}),
    ];
    let tables = [None, Some("two_teams"), Some("three_players"), Some("one_team")];
    let mut seated = 0;
    for seats in 1..=5 {
        for length in 0..=seats + 1 {
            for mut code in 0..roles.len().pow(length as u32) {
                let mut listed = Vec::new();
                for _ in 0..length {
                    listed.push(roles[code % roles.len()].clone());
                    code /= roles.len();
                }
                for table in tables {
                    let mut options = json!({"roles": listed});
                    if let Some(t) = table {
                        options["table"] = json!(t);
                    }
                    seated += usize::from(agree(sluzba, seats, options));
                }
            }
        }
    }
    assert!(seated > 100, "only {seated} seatings were valid: the control is too weak");

    let colditz = games::by_id("colditz").unwrap();
    let nations = ["american", "british", "dutch", "french", "polish"];
    for seats in 1..=7 {
        for german in 0..=7 {
            agree(colditz, seats, json!({"german": german}));
        }
        for length in [0, seats.saturating_sub(2), seats.saturating_sub(1), seats] {
            for mut code in 0..nations.len().pow(length as u32) {
                let mut listed = Vec::new();
                for _ in 0..length {
                    listed.push(nations[code % nations.len()]);
                    code /= nations.len();
                }
                agree(colditz, seats, json!({"nations": listed, "german": seats.saturating_sub(1)}));
            }
        }
    }

    // And through the API: a table of each shape, seated by roles.
    let c = |t: &str| json!({"role": "coordinator", "team": t});
    let m = |t: &str| json!({"role": "member", "team": t});
    for (n, options) in [
        (4, json!({"roles": [c("red"), m("blue"), c("blue"), m("red")]})),
        (3, json!({"table": "three_players", "roles": [c("blue"), {"role": "shared_member"}, c("red")]})),
        (2, json!({"table": "one_team", "roles": [m("red"), c("red")]})),
        (2, json!({"table": "one_team"})),
    ] {
        let request = body("sluzba", n, options, 900 + n);
        assert!(validator.is_valid(&request), "{request}");
        let a = app.send(Req::new("POST", "/api/games").json(&request).peer([10, 2, 0, n as u8])).await;
        assert_eq!(a.status, StatusCode::CREATED, "{request}: {}", a.text);
    }
}
