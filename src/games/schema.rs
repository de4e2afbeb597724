//! The JSON Schema of a ruleset's options, derived from the engine's own types
//! (`utoipa::ToSchema`, the engine's `schema` feature), so that the API document describes
//! every option the server reads, as it reads it. What the derive cannot know (what
//! `check_options` asks of a table of so many players) each game adds in its
//! [`super::Presented::options_schema`].

use serde_json::{Map, Value, json};
use std::collections::HashMap;

/// The schema of `T` with every type it refers to written in place (the API document holds one
/// shape per ruleset and table, and the rulesets' types may share names: `Options`, `Table`).
pub fn of<T: utoipa::ToSchema>() -> Value {
    let mut named = Vec::new();
    T::schemas(&mut named);
    let named: HashMap<String, Value> =
        named.into_iter().map(|(name, schema)| (name, to_value(&schema))).collect();
    let mut schema = to_value(&T::schema());
    inline(&mut schema, &named, 0);
    unsigned(&mut schema);
    schema
}

fn to_value<S: serde::Serialize>(schema: &S) -> Value {
    serde_json::to_value(schema).expect("a schema serialises to JSON")
}

/// Replace each `$ref` to a named schema by that schema.
fn inline(schema: &mut Value, named: &HashMap<String, Value>, depth: usize) {
    // Options hold no recursive type; the bound only keeps a mistake from looping.
    assert!(depth < 32, "the options' types refer to each other in a circle");
    match schema {
        Value::Object(o) => {
            let target = o
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
                .and_then(|name| named.get(name));
            if let Some(target) = target {
                let mut target = target.clone();
                inline(&mut target, named, depth + 1);
                o.remove("$ref");
                // What stands beside the reference (its description) is kept.
                if let Value::Object(t) = target {
                    for (k, v) in t {
                        o.entry(k).or_insert(v);
                    }
                }
            } else {
                o.values_mut().for_each(|v| inline(v, named, depth));
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|v| inline(v, named, depth)),
        _ => {}
    }
}

/// The derive writes every unsigned integer narrower than 64 bits as `int32` from its minimum;
/// a `u32` is read up to 4294967295, and so must the document say (a `u8` names its own
/// maximum, 255, beside its field).
fn unsigned(schema: &mut Value) {
    match schema {
        Value::Object(o) => {
            let int32 = o.get("format") == Some(&json!("int32"));
            let from_zero_up = o.get("minimum").and_then(Value::as_f64).is_some_and(|m| m >= 0.0);
            if int32 && from_zero_up && !o.contains_key("maximum") {
                o.insert("maximum".into(), json!(u32::MAX));
                o.insert("format".into(), json!("int64"));
            }
            o.values_mut().for_each(unsigned);
        }
        Value::Array(a) => a.iter_mut().for_each(unsigned),
        _ => {}
    }
}

/// The schema of one value exactly as `value` is written, and any other field beside (the
/// engine's enums ignore fields they do not know), but none of `absent` other than `null` (an
/// adjacently tagged unit variant takes no content but `null`).
pub fn exactly(value: &Value, absent: &[&str]) -> Value {
    let Value::Object(fields) = value else { return json!({"const": value}) };
    let mut properties: Map<String, Value> =
        fields.iter().map(|(k, v)| (k.clone(), json!({"const": v}))).collect();
    for key in absent.iter().filter(|k| !fields.contains_key(**k)) {
        properties.insert((*key).to_owned(), json!({"type": "null"}));
    }
    json!({"type": "object", "required": fields.keys().collect::<Vec<_>>(), "properties": properties})
}

/// The variant of an internally or adjacently tagged enum's schema (`oneOf`) whose tag `tag`
/// is `value`.
pub fn variant<'a>(schema: &'a mut Value, tag: &str, value: &str) -> Option<&'a mut Value> {
    schema.get_mut("oneOf")?.as_array_mut()?.iter_mut().find(|v| {
        let t = &v["properties"][tag];
        t["enum"] == json!([value]) || t["const"] == json!(value)
    })
}
