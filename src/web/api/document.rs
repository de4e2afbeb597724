//! The OpenAPI document made complete and true: every status each operation
//! can answer, from what its shape says it can meet (a bearer token: 401, 403, 404; a JSON
//! body: 400, 413, 415, 422; a number in the path: 400; a write: 409; the database: 503), and a
//! request schema for new games with the constraints the server enforces, per ruleset (each
//! ruleset's options from its own types, through `crate::games`), so that whatever the document
//! allows the server takes, and whatever it refuses the document refuses too. The operations
//! themselves come from the one list in `super::router`.

use crate::input::{EmailAddress, GameTitle, PlayerName};
use serde_json::{Map, Value, json};
use std::collections::HashMap;

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
        let (new_game, parts) = new_game_schema();
        schemas.insert("NewGame".into(), new_game);
        schemas.extend(parts);
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

/// The new-game request, one shape per ruleset and number of players that its options read
/// alike: its players' number, its options as the server reads them (the ruleset's own
/// schema, see [`crate::games::Game::options_schema`]), and whether it needs the host's address
/// (a ruleset whose host rules disputes always; any game that mails its players too). Made
/// once: it depends on nothing but the code. With it, the parts its shapes share (see
/// [`share`]), for the document's components.
fn new_game_schema() -> (Value, Map<String, Value>) {
    static SCHEMA: std::sync::LazyLock<(Value, Map<String, Value>)> = std::sync::LazyLock::new(|| {
        let mut shapes = Vec::new();
        for game in crate::games::all() {
            for (seats, options) in option_shapes(*game) {
                // Options left out are the defaults: where they do not seat so many players,
                // the options must be given.
                let defaults = (seats.0..=seats.1).all(|n| game.options(&json!({}), n).is_ok());
                let mut shapes_here = shapes_of(game.id(), seats, options, game.host_rules_disputes());
                if !defaults {
                    for shape in &mut shapes_here {
                        if let Some(required) = shape["required"].as_array_mut() {
                            required.push(json!("options"));
                        }
                    }
                }
                shapes.extend(shapes_here);
            }
        }
        let mut shapes = Value::Array(shapes);
        let parts = share(&mut shapes);
        let schema = json!({
            "description": "A new game, as the host fills it in: one shape per ruleset and number of players (each ruleset's options as the server reads them for so many; see docs/rules/<ruleset>.md). `host_email` is the host's address (a link mailed to it confirms it; until then the game's mail waits); a game whose host rules disputes, or that mails its players, needs it.",
            "oneOf": shapes
        });
        (schema, parts)
    });
    SCHEMA.clone()
}

/// What the shapes repeat (a player, a title, an option the same for every number of players),
/// written once among the components as `NewGame.<where it first stands>` and referred to
/// wherever it stands: the shapes are many (one per number of players where the options depend
/// on it), and most of each is the same as the next.
fn share(shapes: &mut Value) -> Map<String, Value> {
    /// Smaller parts are left in place: a reference would save little.
    const LEAST: usize = 100;
    /// The schemas directly inside `schema`, by the words a part's name takes from them (a
    /// property by its name; a branch or a list of schemas by nothing). Only schemas are
    /// shared: never a value (`const`, `enum`, `default`), nor a map of properties itself.
    fn inner(schema: &mut Value) -> Vec<(Option<String>, &mut Value)> {
        let Value::Object(o) = schema else { return Vec::new() };
        let mut out = Vec::new();
        for (k, c) in o.iter_mut() {
            match k.as_str() {
                "properties" | "patternProperties" => {
                    if let Value::Object(map) = c {
                        out.extend(map.iter_mut().map(|(name, s)| (Some(name.clone()), s)));
                    }
                }
                "items" | "contains" | "not" | "additionalProperties" => out.push((Some(k.clone()), c)),
                "allOf" | "anyOf" | "oneOf" | "prefixItems" => {
                    if let Value::Array(a) = c {
                        out.extend(a.iter_mut().map(|s| (None, s)));
                    }
                }
                _ => {}
            }
        }
        out
    }
    fn count(schema: &mut Value, seen: &mut HashMap<String, usize>) {
        let text = schema.to_string();
        if schema.is_object() && text.len() >= LEAST {
            *seen.entry(text).or_default() += 1;
        }
        for (_, c) in inner(schema) {
            count(c, seen);
        }
    }
    struct Sharing {
        seen: HashMap<String, usize>,
        named: HashMap<String, String>,
        parts: Map<String, Value>,
    }
    impl Sharing {
        fn walk(&mut self, schema: &mut Value, path: &mut Vec<String>, top: bool) {
            let text = schema.to_string();
            if !top && self.seen.get(&text).is_some_and(|n| *n > 1) {
                let name = match self.named.get(&text) {
                    Some(name) => name.clone(),
                    None => {
                        let base = format!("NewGame.{}", path.join("."));
                        let (mut name, mut n) = (base.clone(), 1);
                        while self.parts.contains_key(&name) {
                            n += 1;
                            name = format!("{base}-{n}");
                        }
                        self.named.insert(text, name.clone());
                        // Reserved before its own parts are named.
                        self.parts.insert(name.clone(), Value::Null);
                        let mut part = schema.clone();
                        self.walk(&mut part, path, true);
                        self.parts.insert(name.clone(), part);
                        name
                    }
                };
                *schema = json!({"$ref": format!("#/components/schemas/{name}")});
                return;
            }
            for (word, c) in inner(schema) {
                if let Some(w) = &word {
                    path.push(w.clone());
                }
                self.walk(c, path, false);
                if word.is_some() {
                    path.pop();
                }
            }
        }
    }
    let mut seen = HashMap::new();
    let Value::Array(all) = shapes else { return Map::new() };
    // A shape whole is never shared (no two are alike); what is inside it may be.
    for shape in all.iter_mut() {
        for (_, c) in inner(shape) {
            count(c, &mut seen);
        }
    }
    let mut sharing = Sharing { seen, named: HashMap::new(), parts: Map::new() };
    for shape in all.iter_mut() {
        sharing.walk(shape, &mut Vec::new(), true);
    }
    sharing.parts
}

/// A ruleset's options' schemas by the numbers of players they seat: neighbouring numbers whose
/// options read alike share one shape.
fn option_shapes(game: &dyn crate::games::Game) -> Vec<((usize, usize), Value)> {
    let mut shapes: Vec<((usize, usize), Value)> = Vec::new();
    for seats in 1..=usize::from(feldpost_engine::Seat::MAX) {
        let Some(options) = game.options_schema(seats) else { continue };
        match shapes.last_mut() {
            Some(((_, most), same)) if *most + 1 == seats && *same == options => *most = seats,
            _ => shapes.push(((seats, seats), options)),
        }
    }
    shapes
}

/// The request's shapes for one ruleset, number of players and options: one that needs the
/// host's address, and, where the host rules no dispute, one without it for a game that mails
/// nobody.
fn shapes_of(ruleset: &str, seats: (usize, usize), mut options: Value, host_rules: bool) -> Vec<Value> {
    let player = |with_email: bool| {
        json!({"type": "object", "additionalProperties": false, "required": ["name"], "properties": {
            "name": line(PlayerName::MAX, true),
            "email": if with_email { email(false) } else { blank() }
        }})
    };
    options["description"] = json!(format!("The options of {ruleset}; see docs/rules/{ruleset}.md."));
    let players = if seats.0 == seats.1 { seats.0.to_string() } else { format!("{}–{}", seats.0, seats.1) };
    let common = json!({
        "ruleset": {"type": "string", "enum": [ruleset]},
        "title": line(GameTitle::MAX, false),
        "lang": {"type": "string", "enum": crate::i18n::Lang::ALL.map(crate::i18n::Lang::code)},
        "options": options,
        "disputes": {"$ref": "#/components/schemas/DisputePolicy"},
        "deadline": {"$ref": "#/components/schemas/Deadline"},
        "players": {"type": "array", "minItems": seats.0, "maxItems": seats.1, "items": player(true)}
    });
    let mut mailing = common.clone();
    mailing["host_email"] = email(true);
    let mut shapes = vec![json!({
        "title": format!("{ruleset}, {players} players"),
        "type": "object",
        "additionalProperties": false,
        "required": ["ruleset", "players", "host_email"],
        "properties": mailing
    })];
    if !host_rules {
        // Whoever rules every dispute is a seat: a game that mails nobody needs no host. Blank
        // only: with an address the body is the shape above's, and `oneOf` takes one shape
        // (schemathesis found a body both admitted).
        let mut quiet = common;
        quiet["players"]["items"] = player(false);
        quiet["host_email"] = blank();
        shapes.push(json!({
            "title": format!("{ruleset}, {players} players, mailing nobody"),
            "type": "object",
            "additionalProperties": false,
            "required": ["ruleset", "players"],
            "properties": quiet
        }));
    }
    shapes
}
