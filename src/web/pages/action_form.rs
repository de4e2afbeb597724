//! The form of an action offered to a seat: one field per value the player types in, and reading
//! what was typed back into the action's JSON. Field names carry their kind as a prefix, so
//! the form needs no state between showing and posting it.

use crate::games::{Input, InputKind};
use crate::i18n::Tr;
use serde_json::Value;

/// One action offered on the page: its button, its JSON, and what the player types in.
pub struct ActionForm {
    pub label: String,
    pub json: String,
    /// The question asked before sending an action that cannot be taken back.
    pub confirm: Option<String>,
    /// Data attributes tying the form to the board (the stone moved, the field reached).
    pub marks: Vec<(&'static str, String)>,
    pub inputs: Vec<InputField>,
}

/// One field of an action's form. The name's prefix tells the handler how to read it:
/// `input_` a number or boolean where it reads as one (else text), `text_` text, `list_` a word
/// list, `ids_` a list of ids, `throws_` throws of two dice, `cards_` the ticked boxes of a
/// list of cards (one field per box, all of one name).
pub struct InputField {
    pub name: String,
    /// "number", "text", "select" or "checks".
    pub control: &'static str,
    pub min: i64,
    pub max: i64,
    pub max_len: usize,
    pub options: Vec<(String, String)>,
    pub label: String,
    pub required: bool,
    /// What the field shows: empty, or what the player typed into a refused form.
    pub value: String,
    /// What an empty field stands for, shown in it (see [`Input::placeholder`]); empty: none.
    pub placeholder: String,
    /// The boxes ticked in a refused form (checkboxes only).
    pub checked: Vec<String>,
}

pub fn input_field(input: &Input, tr: &Tr) -> InputField {
    let mut f = InputField {
        name: String::new(),
        control: "text",
        min: 0,
        max: 0,
        max_len: 500,
        options: Vec::new(),
        label: tr.t(&input.label),
        required: input.required,
        value: String::new(),
        placeholder: input.placeholder.clone().unwrap_or_default(),
        checked: Vec::new(),
    };
    match &input.kind {
        InputKind::Number { min, max } => {
            (f.name, f.control, f.min, f.max) = (format!("input_{}", input.field), "number", *min, *max);
        }
        InputKind::Text { max_len } => {
            (f.name, f.max_len) = (format!("text_{}", input.field), *max_len);
        }
        InputKind::Words => f.name = format!("list_{}", input.field),
        InputKind::Ids => f.name = format!("ids_{}", input.field),
        InputKind::Throws => f.name = format!("throws_{}", input.field),
        InputKind::Placements => f.name = format!("placements_{}", input.field),
        InputKind::Cards { values, labels } => {
            (f.name, f.control) = (format!("cards_{}", input.field), "checks");
            f.options = values.iter().cloned().zip(labels.iter().map(|l| tr.t(l))).collect();
        }
        InputKind::Choice { values, labels } => {
            (f.name, f.control) = (format!("input_{}", input.field), "select");
            f.options = values.iter().cloned().zip(labels.iter().map(|l| tr.t(l))).collect();
            // A select is `required` only with an empty first choice to refuse (HTML's rule):
            // one whose first choice is a real value has a default on purpose.
            f.required = input.required && values.first().is_some_and(String::is_empty);
        }
    }
    f
}

/// The first required field of `inputs` that `typed` leaves empty, by its label's id: a form
/// left incomplete is refused in words before the rules see it (a missing clue number must not
/// become 0).
pub fn missing_input<'a>(inputs: &'a [Input], typed: &[(String, String)]) -> Option<&'a Input> {
    // Ids left empty keep the value offered (see [`InputKind::Ids`]), no box ticked is a choice
    // too, and a select whose first choice is a value has a default: none of them is missing.
    let may_be_missing = |i: &&Input| match &i.kind {
        InputKind::Ids | InputKind::Cards { .. } => false,
        InputKind::Choice { values, .. } => values.first().is_some_and(String::is_empty),
        _ => true,
    };
    inputs.iter().filter(|i| i.required).filter(may_be_missing).find(|i| {
        !typed.iter().any(|(name, value)| {
            name.split_once('_').is_some_and(|(_, f)| f == i.field) && !value.trim().is_empty()
        })
    })
}

/// Put what the player typed into the action, by the field names' prefixes.
pub fn fill_inputs(action: &mut Value, typed: &[(String, String)]) {
    let Some(o) = action.as_object_mut() else { return };
    // Ticked boxes: every field of one name together, in the order sent.
    let mut ticked: Vec<(String, Vec<Value>)> = Vec::new();
    for (name, value) in typed {
        if let Some(field) = name.strip_prefix("cards_") {
            match ticked.iter_mut().find(|(f, _)| f == field) {
                Some((_, v)) => v.push(Value::String(value.trim().to_owned())),
                None => ticked.push((field.to_owned(), vec![Value::String(value.trim().to_owned())])),
            }
        }
    }
    for (field, values) in ticked {
        o.insert(field, Value::Array(values));
    }
    for (name, typed) in typed {
        let typed = typed.trim();
        if let Some(field) = name.strip_prefix("input_") {
            // An empty choice ("none") keeps the value offered.
            if typed.is_empty() {
                continue;
            }
            let value = match typed {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                _ => {
                    typed.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::String(typed.to_owned()))
                }
            };
            o.insert(field.to_owned(), value);
        } else if let Some(field) = name.strip_prefix("text_") {
            // An empty optional field stays absent.
            if !typed.is_empty() {
                o.insert(field.to_owned(), Value::String(typed.to_owned()));
            }
        } else if let Some(field) = name.strip_prefix("list_") {
            let words = typed
                .split([',', '\n', ';'])
                .map(str::trim)
                .filter(|w| !w.is_empty())
                .map(|w| Value::String(w.to_owned()))
                .collect();
            o.insert(field.to_owned(), Value::Array(words));
        } else if let Some(field) = name.strip_prefix("ids_") {
            // Left empty, the action keeps the value it was offered with.
            let ids: Vec<Value> = typed
                .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';'))
                .filter(|w| !w.is_empty())
                .map(|w| w.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::String(w.to_owned())))
                .collect();
            if !ids.is_empty() {
                o.insert(field.to_owned(), Value::Array(ids));
            }
        } else if let Some(field) = name.strip_prefix("throws_") {
            // Every digit in order, two to a throw: "3 4; 6 6", "34 66" and "3+4, 6+6" agree.
            let digits: Vec<u32> = typed.chars().filter_map(|c| c.to_digit(10)).collect();
            let throws =
                digits.chunks(2).map(|p| Value::Array(p.iter().map(|d| Value::from(*d)).collect())).collect();
            o.insert(field.to_owned(), Value::Array(throws));
        } else if let Some(path) = name.strip_prefix("placements_") {
            // A man's number, then his circle, in turn: "3 r16c18, 4 r16c19".
            let words: Vec<&str> = typed
                .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';'))
                .filter(|w| !w.is_empty())
                .collect();
            let placements = words
                .chunks(2)
                .map(|p| {
                    let man = p[0]
                        .parse::<i64>()
                        .map(Value::from)
                        .unwrap_or_else(|_| Value::String(p[0].to_owned()));
                    serde_json::json!({"man": man, "to": p.get(1).copied().unwrap_or("")})
                })
                .collect();
            // A dotted path reaches into the action ("warning.moves").
            set_at(o, &path.split('.').collect::<Vec<_>>(), Value::Array(placements));
        }
    }
}

/// Set `value` at a dotted path of objects, making the objects on the way.
fn set_at(o: &mut serde_json::Map<String, Value>, path: &[&str], value: Value) {
    match path {
        [] => {}
        [last] => {
            o.insert((*last).to_owned(), value);
        }
        [first, rest @ ..] => {
            let next = o.entry((*first).to_owned()).or_insert_with(|| Value::Object(Default::default()));
            if let Some(next) = next.as_object_mut() {
                set_at(next, rest, value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fill_inputs;
    use serde_json::json;

    fn filled(action: serde_json::Value, fields: &[(&str, &str)]) -> serde_json::Value {
        let form: Vec<(String, String)> =
            fields.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        let mut action = action;
        fill_inputs(&mut action, &form);
        action
    }

    #[test]
    fn typed_fields_become_the_actions_json() {
        let a = filled(
            json!({"action": "move", "man": 3, "path": []}),
            &[("ids_path", " r01c02  r01c03,r02c03 ")],
        );
        assert_eq!(a["path"], json!(["r01c02", "r01c03", "r02c03"]));
        let a = filled(json!({"action": "answer_appel", "absent": [9]}), &[("ids_absent", "")]);
        assert_eq!(a["absent"], json!([9]), "an empty ids field keeps the offered value");
        let a = filled(json!({"action": "answer_appel", "absent": []}), &[("ids_absent", "3, 4")]);
        assert_eq!(a["absent"], json!([3, 4]), "numbers stay numbers");
        let a = filled(
            json!({"action": "offer_trade", "to": 2, "give": [], "want": []}),
            &[("cards_give", "card12"), ("cards_give", "card40")],
        );
        assert_eq!((a["give"].clone(), a["want"].clone()), (json!(["card12", "card40"]), json!([])));
        let a = filled(json!({"action": "answer_search", "hideaway": null}), &[("input_hideaway", "")]);
        assert_eq!(a["hideaway"], json!(null), "an empty choice keeps the offered value");
        let a = filled(json!({"action": "throw", "dice": []}), &[("throws_dice", "6 6; 2+5")]);
        assert_eq!(a["dice"], json!([[6, 6], [2, 5]]));
        let a = filled(
            json!({"action": "set_standing_orders"}),
            &[("input_appel_all_attend", "true"), ("input_confiscation", "false")],
        );
        assert_eq!((a["appel_all_attend"].clone(), a["confiscation"].clone()), (json!(true), json!(false)));
        let a = filled(
            json!({"action": "answer_appel", "absent": [], "warning": {"card": "card51", "moves": []}}),
            &[("placements_warning.moves", "3 r16c18, 4 r16c19")],
        );
        assert_eq!(
            a["warning"],
            json!({"card": "card51", "moves": [{"man": 3, "to": "r16c18"}, {"man": 4, "to": "r16c19"}]})
        );
    }
}
