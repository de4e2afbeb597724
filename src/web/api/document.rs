//! The OpenAPI document made complete and true (issue 15, item 7): every status each operation
//! can answer, from what its shape says it can meet (a bearer token: 401, 403, 404; a JSON
//! body: 400, 413, 415, 422; a number in the path: 400; a write: 409; the database: 503), and a
//! request schema for new games with the constraints the server enforces, per ruleset, so that
//! whatever the document allows the server takes, and whatever it refuses the document refuses
//! too. The operations themselves come from the one list in `super::router`.

use crate::input::{EmailAddress, GameTitle, PlayerName};
use serde_json::{Value, json};

/// What each added status means (the body is always the API's error).
fn meaning(status: &str) -> &'static str {
    match status {
        "400" => {
            "The body is not JSON, or a number in the path is not a number (malformed_json, bad_request)."
        }
        "401" => "No bearer token (unauthorized).",
        "403" => {
            "The token is another game's or another seat's, or not the host's (wrong_game, not_your_turn)."
        }
        "404" => "No such game, link or step (unknown_game, unknown_link, no_such_seq).",
        "409" => "The game moved on, has ended or is paused (conflict, finished, paused).",
        "413" => "The body is over 64 KiB (too_large).",
        "415" => "The body is not sent as application/json (unsupported_media_type).",
        "422" => "The request is JSON but not one the server takes (invalid, illegal, unknown_ruleset).",
        "429" => "Too many requests for this client, host or recipient address (too_many); see Retry-After.",
        "503" => "The database is not reachable; nothing was written (unavailable); see Retry-After.",
        _ => "",
    }
}

fn error_response(status: &str) -> Value {
    json!({
        "description": meaning(status),
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ApiError"}}}
    })
}

/// Fill in every operation's answers and the constraints of its parameters.
pub fn complete(mut doc: Value) -> Value {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else { return doc };
    for (path, item) in paths.iter_mut() {
        let Some(item) = item.as_object_mut() else { continue };
        for (method, op) in item.iter_mut() {
            let Some(op) = op.as_object_mut() else { continue };
            let secured = op.get("security").and_then(Value::as_array).is_some_and(|s| !s.is_empty());
            let body = op.contains_key("requestBody");
            let mut numbers_in_path = false;
            if let Some(params) = op.get_mut("parameters").and_then(Value::as_array_mut) {
                for p in params.iter_mut() {
                    if p["schema"]["type"] == "integer" {
                        numbers_in_path |= p["in"] == "path";
                        let max = match p["name"].as_str() {
                            Some("seat") => json!(255),
                            _ => json!(i64::MAX),
                        };
                        p["schema"]["maximum"] = max;
                        p["schema"]["format"] = json!("int64");
                    }
                }
            }
            let mut statuses: Vec<&str> = vec!["503"];
            if path == "/api/key" {
                statuses.clear(); // the key is the server's own: no database
            }
            if body || numbers_in_path {
                statuses.push("400");
            }
            if secured {
                statuses.extend(["401", "403", "404"]);
            }
            if body {
                statuses.extend(["413", "415", "422"]);
            }
            if method == "post" && secured {
                statuses.extend(["409", "422"]);
            }
            if path == "/api/games" && method == "post"
                || path.ends_with("/invitation")
                || path.ends_with("/replacement")
            {
                statuses.push("429");
            }
            let responses = op.entry("responses").or_insert_with(|| json!({}));
            if let Some(responses) = responses.as_object_mut() {
                for status in statuses {
                    responses.entry(status).or_insert_with(|| error_response(status));
                }
                for (status, r) in responses.iter_mut() {
                    if r.get("description").is_none() {
                        r["description"] = json!(match meaning(status) {
                            "" => "The answer.",
                            m => m,
                        });
                    }
                }
            }
        }
    }
    if let Some(schemas) = doc.pointer_mut("/components/schemas").and_then(Value::as_object_mut) {
        for schema in schemas.values_mut() {
            unsigned_32(schema);
        }
        schemas.insert("NewGame".into(), new_game_schema());
    }
    doc
}

/// A `u32` is documented as `int32` from 0: the server takes it up to 4294967295, and so
/// must the document.
fn unsigned_32(schema: &mut Value) {
    match schema {
        Value::Object(o) => {
            if o.get("type") == Some(&json!("integer"))
                && o.get("format") == Some(&json!("int32"))
                && o.get("minimum") == Some(&json!(0))
                && !o.contains_key("maximum")
            {
                o.insert("maximum".into(), json!(u32::MAX));
                o.insert("format".into(), json!("int64"));
            }
            o.values_mut().for_each(unsigned_32);
        }
        Value::Array(a) => a.iter_mut().for_each(unsigned_32),
        _ => {}
    }
}

/// Rust's white space (`char::is_whitespace`): what the server trims off typed text.
const WHITE: &str = r"\t\n\u000b\u000c\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

/// Text the server reads as left empty (only white space).
fn blank() -> Value {
    json!({"type": "string", "pattern": format!("^[{WHITE}]*$")})
}

/// A name or title as `crate::input` takes it: trimmed, no control character, something
/// visible.
fn line(max: usize, required: bool) -> Value {
    // Control characters (Rust's `char::is_control`), and what draws nothing (input.rs,
    // `is_invisible`: white space and the invisible characters it lists).
    const CONTROL: &str = r"\u0000-\u001f\u007f-\u009f";
    const INVISIBLE: &str = r"\u00ad\u034f\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u2800\u3164\ufeff\uffa0";
    let visible = format!("^[{WHITE}]*[^{CONTROL}]*[^{CONTROL}{WHITE}{INVISIBLE}][^{CONTROL}]*[{WHITE}]*$");
    let one_line = json!({"type": "string", "minLength": 1, "maxLength": max, "pattern": visible});
    if required { one_line } else { json!({"anyOf": [blank(), one_line]}) }
}

fn email(required: bool) -> Value {
    let address =
        json!({"type": "string", "format": "email", "minLength": 3, "maxLength": EmailAddress::MAX});
    if required { address } else { json!({"anyOf": [blank(), address]}) }
}

/// The new-game request, one shape per ruleset: its players' number, its simple options, and
/// whether it needs the host's address (a ruleset whose host rules disputes always; any game
/// that mails its players too).
fn new_game_schema() -> Value {
    let player = |with_email: bool| {
        json!({"type": "object", "additionalProperties": false, "required": ["name"], "properties": {
            "name": line(PlayerName::MAX, true),
            "email": if with_email { email(false) } else { blank() }
        }})
    };
    let common = |ruleset: &str, seats: (usize, usize), options: Value| {
        json!({
            "ruleset": {"type": "string", "enum": [ruleset]},
            "title": line(GameTitle::MAX, false),
            "lang": {"type": "string", "enum": crate::i18n::Lang::ALL.map(crate::i18n::Lang::code)},
            "options": options,
            "disputes": {"$ref": "#/components/schemas/DisputePolicy"},
            "deadline": {"$ref": "#/components/schemas/Deadline"},
            "players": {"type": "array", "minItems": seats.0, "maxItems": seats.1, "items": player(true)}
        })
    };
    let with_host = |mut properties: Value| {
        properties["host_email"] = email(true);
        json!({"type": "object", "additionalProperties": false, "required": ["ruleset", "players", "host_email"], "properties": properties})
    };
    let zajatce = with_host(common(
        "zajatce",
        (2, 4),
        json!({"type": "object", "additionalProperties": false, "description": "docs/rules/zajatce.md", "properties": {
            "throw_again_on_six": {"type": "boolean"},
            "manual_dice": {"type": "boolean"},
            "quiet_limit": {"type": "integer", "minimum": 0, "maximum": u32::MAX},
            "throw_limit": {"type": "integer", "minimum": 1, "maximum": u32::MAX}
        }}),
    ));
    let sluzba = with_host(common(
        "sluzba",
        (4, 40),
        json!({"type": "object", "additionalProperties": false, "description": "docs/rules/sluzba.md (table and roles as described there)", "properties": {
            "deck": {"type": "string", "enum": ["czech", "english", "czech_themed"]},
            "strict_clues": {"type": "boolean"},
            "easier": {"type": "boolean"},
            "rhymes_allowed": {"type": "boolean"},
            "homophones_by_sound": {"type": "boolean"}
        }}),
    ));
    let colditz_options = json!({"type": "object", "additionalProperties": false, "description": "docs/rules/colditz.md (nations, success, time limit as described there)", "properties": {
        "dice": {"type": "string", "enum": ["seeded", "manual"]},
        "do_or_die_only_him": {"type": "boolean"},
        "do_or_die_from_green": {"type": "boolean"}
    }});
    // Colditz: the German rules every dispute, so a game that mails nobody needs no host.
    let colditz_mailing = with_host(common("colditz", (2, 6), colditz_options.clone()));
    let mut quiet = common("colditz", (2, 6), colditz_options);
    quiet["players"]["items"] = player(false);
    // Blank only: with an address the body is `colditz_mailing`'s, and `oneOf` takes one shape
    // (schemathesis found a body both admitted).
    quiet["host_email"] = blank();
    let colditz_quiet = json!({"type": "object", "additionalProperties": false, "required": ["ruleset", "players"], "properties": quiet});
    json!({
        "description": "A new game, as the host fills it in: one shape per ruleset. `host_email` is the host's address (a link mailed to it confirms it; until then the game's mail waits); a game whose host rules disputes (zajatce, sluzba) or that mails its players needs it.",
        "oneOf": [zajatce, sluzba, colditz_mailing, colditz_quiet]
    })
}
