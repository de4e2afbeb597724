//! The Colditz part of the new-game form: the options that are not a checkbox or a single
//! choice (who is the German, the nations, the success formula, the time limit, the cap on
//! throws), drawn as fields and read back into the options' JSON. What the engine then refuses
//! (two teams of one nation) it refuses with its own words (docs/architecture.md, "At the
//! boundary").

use askama::Template;
use feldpost_engine::Msg;
use feldpost_engine::colditz::options::{Nation, standard_rounds};
use serde_json::{Value, json};
use std::collections::HashMap;

/// A select box: its field, words, and (value, words, selected) per option.
pub struct Select {
    pub name: String,
    pub label: String,
    pub options: Vec<(String, String, bool)>,
}

#[derive(Template)]
#[template(path = "colditz/templates/new_game.html")]
struct Fields {
    legend: String,
    help: String,
    german: Select,
    nations_legend: String,
    nations: Vec<Select>,
    escapes_label: String,
    time_limit: Select,
    rounds_label: String,
    date_label: String,
    max_throws_label: String,
}

const MOST_SEATS: usize = 6;

/// The fields, in the reader's language.
pub fn fields_html(tr: &dyn Fn(&Msg) -> String) -> String {
    let t = |key: &str| tr(&Msg::new(key));
    let german = Select {
        name: "colditz_german".into(),
        label: t("colditz-form-german"),
        options: (0..MOST_SEATS)
            .map(|s| (s.to_string(), tr(&Msg::new("colditz-form-player").num("n", s as i64 + 1)), s == 0))
            .collect(),
    };
    let nations = (0..Nation::ALL.len())
        .map(|i| Select {
            name: format!("colditz_nation_{}", i + 1),
            label: tr(&Msg::new("colditz-form-nation").num("n", i as i64 + 1)),
            options: Nation::ALL
                .iter()
                .enumerate()
                .map(|(j, n)| (n.key().to_owned(), t(&format!("colditz-seat-{}", n.key())), i == j))
                .collect(),
        })
        .collect();
    let standard = tr(&Msg::new("colditz-form-time-standard")
        .num("two", standard_rounds(2))
        .num("three", standard_rounds(3))
        .num("four", standard_rounds(4))
        .num("five", standard_rounds(5))
        .num("six", standard_rounds(6)));
    let time_limit = Select {
        name: "colditz_time_limit".into(),
        label: t("colditz-form-time-limit"),
        options: vec![
            ("standard".into(), standard, true),
            ("rounds".into(), t("colditz-form-time-rounds"), false),
            ("date".into(), t("colditz-form-time-date"), false),
            ("none".into(), t("colditz-form-time-none"), false),
        ],
    };
    let page = Fields {
        legend: t("colditz-form-legend"),
        help: t("colditz-form-help"),
        german,
        nations_legend: t("colditz-form-nations"),
        nations,
        escapes_label: t("colditz-form-escapes"),
        time_limit,
        rounds_label: t("colditz-form-rounds"),
        date_label: t("colditz-form-date"),
        max_throws_label: t("colditz-form-max-throws"),
    };
    page.render().unwrap_or_default()
}

/// Read the fields back into `options` for a game of `seats` players. `Err` names what is
/// missing or malformed (a Fluent id).
pub fn read(fields: &HashMap<String, String>, seats: usize, options: &mut Value) -> Result<(), &'static str> {
    let Some(o) = options.as_object_mut() else { return Ok(()) };
    let get = |name: &str| fields.get(name).map(|v| v.trim()).filter(|v| !v.is_empty());
    if let Some(g) = get("colditz_german") {
        let seat: u8 = g.parse().map_err(|_| "colditz-form-bad-german")?;
        o.insert("german".into(), json!(seat));
    }
    let nations: Vec<&str> = (1..seats).filter_map(|i| get(&format!("colditz_nation_{i}"))).collect();
    if !nations.is_empty() {
        if nations.len() != seats.saturating_sub(1)
            || nations.iter().any(|n| !Nation::ALL.iter().any(|x| x.key() == *n))
        {
            return Err("colditz-refusal-nations");
        }
        o.insert("nations".into(), json!(nations));
    }
    if let Some(e) = get("colditz_escapes") {
        let n: u8 = e.parse().map_err(|_| "colditz-refusal-success")?;
        o.insert("success".into(), json!({"escapes": n}));
    }
    let limit = match get("colditz_time_limit").unwrap_or("standard") {
        "standard" => json!({"kind": "standard"}),
        "none" => json!({"kind": "none"}),
        "rounds" => {
            let n: u32 = get("colditz_rounds")
                .and_then(|r| r.parse().ok())
                .filter(|n| *n > 0)
                .ok_or("colditz-form-rounds-missing")?;
            json!({"kind": "rounds", "value": n})
        }
        "date" => {
            let d = get("colditz_date").filter(|d| is_date(d)).ok_or("colditz-form-date-missing")?;
            json!({"kind": "date", "value": d})
        }
        _ => return Err("error-form"),
    };
    o.insert("time_limit".into(), limit);
    if let Some(m) = get("colditz_max_throws") {
        let n: u8 = m.parse().ok().filter(|n| *n > 0).ok_or("colditz-refusal-max-throws")?;
        o.insert("max_throws".into(), json!(n));
    }
    Ok(())
}

/// `YYYY-MM-DD`, as a date input sends it.
fn is_date(d: &str) -> bool {
    let b = d.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() })
        && (1..=12).contains(&d[5..7].parse::<u8>().unwrap_or(0))
        && (1..=31).contains(&d[8..10].parse::<u8>().unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn the_time_limit_is_read_as_chosen_and_a_missing_number_is_refused() {
        let mut o = json!({});
        read(&form(&[("colditz_time_limit", "rounds"), ("colditz_rounds", "33")]), 3, &mut o).unwrap();
        assert_eq!(o["time_limit"], json!({"kind": "rounds", "value": 33}));
        let mut o = json!({});
        assert_eq!(
            read(&form(&[("colditz_time_limit", "rounds")]), 3, &mut o),
            Err("colditz-form-rounds-missing")
        );
        assert_eq!(
            read(&form(&[("colditz_time_limit", "date"), ("colditz_date", "2027-13-01")]), 3, &mut o),
            Err("colditz-form-date-missing")
        );
        let mut o = json!({});
        read(&form(&[]), 3, &mut o).unwrap();
        assert_eq!(o["time_limit"], json!({"kind": "standard"}), "the standard rounds by default");
    }
}
