//! The form of an action offered to a seat: one field per value the player types in, and reading
//! what was typed back into the action's JSON. Each field is named after the action's input it
//! stands for, with its kind as a prefix; what was typed into it is read by the one reader of
//! typed text (`games::typed`, which reads a reply's words too), for the inputs of the action
//! as it is offered now.

use crate::games::{Game, Input, InputKind, typed};
use crate::i18n::Tr;
use feldpost_engine::Msg;
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

/// One field of an action's form, named by [`field_name`]: `input_` a number or a choice,
/// `text_` text, `list_` a word list, `ids_` a list of ids, `throws_` throws of two dice,
/// `placements_` men and their places, `cards_` the ticked boxes of a list of cards (one field
/// per box, all of one name), then the input's field.
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

/// The name of `input`'s field in the form: its kind as a prefix, then the action's field
/// (`ids_path`, `placements_warning.moves`). The names are the form's wire format: the page's
/// script finds the place fields by them.
pub fn field_name(input: &Input) -> String {
    let prefix = match &input.kind {
        InputKind::Number { .. } | InputKind::Choice { .. } => "input",
        InputKind::Text { .. } => "text",
        InputKind::Words => "list",
        InputKind::Ids => "ids",
        InputKind::Throws => "throws",
        InputKind::Placements => "placements",
        InputKind::Cards { .. } => "cards",
    };
    format!("{prefix}_{}", input.field)
}

pub fn input_field(input: &Input, tr: &Tr) -> InputField {
    let mut f = InputField {
        name: field_name(input),
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
        InputKind::Number { min, max } => (f.control, f.min, f.max) = ("number", *min, *max),
        InputKind::Text { max_len } => f.max_len = *max_len,
        InputKind::Words | InputKind::Ids | InputKind::Throws | InputKind::Placements => {}
        InputKind::Cards { values, labels } => {
            f.control = "checks";
            f.options = values.iter().cloned().zip(labels.iter().map(|l| tr.t(l))).collect();
        }
        InputKind::Choice { values, labels } => {
            f.control = "select";
            f.options = values.iter().cloned().zip(labels.iter().map(|l| tr.t(l))).collect();
            // A select is `required` only with an empty first choice to refuse (HTML's rule):
            // one whose first choice is a real value has a default on purpose.
            f.required = input.required && values.first().is_some_and(String::is_empty);
        }
    }
    f
}

/// `action` (as offered, with its `inputs`) with what the player typed into its form's
/// `fields` read in, or the first refusal: a field that cannot be read, or a required one left
/// empty (a missing clue number must not become 0). A field left empty keeps the value offered;
/// the ticked boxes of a list of cards are read together.
pub fn fill_inputs(
    action: &Value,
    inputs: &[Input],
    fields: &[(String, String)],
    rules: &dyn Game,
) -> Result<Value, Msg> {
    let typed: Vec<(&Input, String)> = inputs
        .iter()
        .map(|input| {
            let name = field_name(input);
            let mut sent = fields.iter().filter(|(k, _)| *k == name).map(|(_, v)| v.as_str());
            let text = match &input.kind {
                InputKind::Cards { .. } => sent.collect::<Vec<_>>().join(" "),
                _ => sent.next_back().unwrap_or_default().to_owned(),
            };
            (input, text)
        })
        .collect();
    typed::fill(action, &typed, rules)
}

#[cfg(test)]
mod tests {
    use super::fill_inputs;
    use crate::games::{Input, InputKind};
    use serde_json::json;

    fn input(field: &str, kind: InputKind) -> Input {
        Input { field: field.into(), kind, label: "x".into(), required: false, placeholder: None }
    }

    /// The action with the form's fields read for its inputs (of a game that reads no places).
    fn filled(action: serde_json::Value, inputs: &[Input], fields: &[(&str, &str)]) -> serde_json::Value {
        let form: Vec<(String, String)> =
            fields.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        fill_inputs(&action, inputs, &form, crate::games::by_id("zajatce").unwrap()).unwrap()
    }

    #[test]
    fn typed_fields_become_the_actions_json() {
        let ids = |field: &str| input(field, InputKind::Ids);
        let a = filled(
            json!({"action": "move", "man": 3, "path": []}),
            &[ids("path")],
            &[("ids_path", " r01c02  r01c03,r02c03 ")],
        );
        assert_eq!(a["path"], json!(["r01c02", "r01c03", "r02c03"]));
        let a =
            filled(json!({"action": "answer_appel", "absent": [9]}), &[ids("absent")], &[("ids_absent", "")]);
        assert_eq!(a["absent"], json!([9]), "an empty ids field keeps the offered value");
        let a = filled(
            json!({"action": "answer_appel", "absent": []}),
            &[ids("absent")],
            &[("ids_absent", "3, 4")],
        );
        assert_eq!(a["absent"], json!([3, 4]), "numbers stay numbers");
        let cards = |field: &str| {
            let values: Vec<String> = ["card12", "card40", "card51"].map(String::from).to_vec();
            input(field, InputKind::Cards { labels: values.clone(), values })
        };
        let a = filled(
            json!({"action": "offer_trade", "to": 2, "give": [], "want": []}),
            &[cards("give"), cards("want")],
            &[("cards_give", "card12"), ("cards_give", "card40")],
        );
        assert_eq!((a["give"].clone(), a["want"].clone()), (json!(["card12", "card40"]), json!([])));
        let hideaway = input(
            "hideaway",
            InputKind::Choice {
                values: vec![String::new(), "card12".into()],
                labels: vec!["x".into(), "y".into()],
            },
        );
        let a = filled(
            json!({"action": "answer_search", "hideaway": null}),
            &[hideaway],
            &[("input_hideaway", "")],
        );
        assert_eq!(a["hideaway"], json!(null), "an empty choice keeps the offered value");
        let a = filled(
            json!({"action": "throw", "dice": []}),
            &[input("dice", InputKind::Throws)],
            &[("throws_dice", "6 6; 2+5")],
        );
        assert_eq!(a["dice"], json!([[6, 6], [2, 5]]));
        let yes_no = |field: &str| {
            let values = vec!["true".to_owned(), "false".to_owned()];
            input(field, InputKind::Choice { labels: values.clone(), values })
        };
        let a = filled(
            json!({"action": "set_standing_orders"}),
            &[yes_no("appel_all_attend"), yes_no("confiscation")],
            &[("input_appel_all_attend", "true"), ("input_confiscation", "false")],
        );
        assert_eq!((a["appel_all_attend"].clone(), a["confiscation"].clone()), (json!(true), json!(false)));
        let a = filled(
            json!({"action": "answer_appel", "absent": [], "warning": {"card": "card51", "moves": []}}),
            &[ids("absent"), input("warning.moves", InputKind::Placements)],
            &[("placements_warning.moves", "3 r16c18, 4 r16c19")],
        );
        assert_eq!(
            a["warning"],
            json!({"card": "card51", "moves": [{"man": 3, "to": "r16c18"}, {"man": 4, "to": "r16c19"}]})
        );
    }

    /// The same text in a page's field and after a command in a reply gives the same action or
    /// the same refusal: one reader reads both.
    #[test]
    fn a_field_and_a_replys_words_are_read_alike() {
        use crate::games::commands::{Command, NotACommand, Spelling, parse};
        use crate::games::{Game, by_id};
        use feldpost_engine::Msg;
        let required = |field: &str, kind: InputKind| Input { required: true, ..input(field, kind) };
        let strings = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let cases: Vec<(Input, &str, Vec<&str>)> = vec![
            (
                required("die", InputKind::Number { min: 1, max: 6 }),
                "zajatce",
                vec!["4", "7", "0", "four", ""],
            ),
            (
                required(
                    "confiscation",
                    InputKind::Choice {
                        values: strings(&["false", "true"]),
                        labels: strings(&["colditz-page-no", "colditz-page-yes"]),
                    },
                ),
                "colditz",
                vec!["true", "yes", "ANO", "maybe", ""],
            ),
            (
                required(
                    "to",
                    InputKind::Choice { values: strings(&["r08c44"]), labels: strings(&["8·44"]) },
                ),
                "colditz",
                vec!["8·44", "8.44", "8,44", "r08c44", "17·30", "99·99"],
            ),
            (
                required("path", InputKind::Ids),
                "colditz",
                vec!["17·30 17.31, r17c32", "17,30 17-31", "17·30,17·31", "17·30 99·99", "17", "", "17, 30"],
            ),
            (input("men", InputKind::Ids), "colditz", vec!["3 4,5", "", "17·30"]),
            (
                required("warning.moves", InputKind::Placements),
                "colditz",
                vec!["3 17·30, 4 17.31", "3 17,30", "3 17·30 4", "17·30 3", "3 99·99", ""],
            ),
            (
                input("cell", InputKind::Text { max_len: 40 }),
                "colditz",
                vec!["17·30", "17·30 17·31", "99·99", ""],
            ),
            (required("word", InputKind::Text { max_len: 5 }), "sluzba", vec!["řeka", "řekapes", ""]),
            (required("words", InputKind::Words), "sluzba", vec!["pes, kočka; myš", ""]),
            (required("dice", InputKind::Throws), "colditz", vec!["6 6 2 5", "6 6 2", "six", ""]),
            (
                input(
                    "give",
                    InputKind::Cards {
                        values: strings(&["card12", "card40"]),
                        labels: strings(&["colditz-card-rope", "colditz-card-hideaway"]),
                    },
                ),
                "colditz",
                vec!["card12 card40", "12", "Skrýš", "card13", ""],
            ),
        ];
        let action = json!({"action": "x", "warning": {"card": "card51"}});
        let mut read = [0; 2];
        for (input, game, texts) in cases {
            let rules: &dyn Game = by_id(game).unwrap();
            let command = Command {
                spelling: Spelling::verb("colditz-cmd-move"),
                words_only: false,
                action: action.clone(),
                label: Msg::new("x"),
                inputs: vec![input.clone()],
            };
            for text in texts {
                let fields = vec![(super::field_name(&input), text.to_owned())];
                let page = fill_inputs(&action, std::slice::from_ref(&input), &fields, rules);
                let mail = match parse(&format!("move {text}"), std::slice::from_ref(&command), rules) {
                    Ok(a) => Ok(a),
                    Err(NotACommand::Incomplete(why)) => Err(why),
                    Err(e @ (NotACommand::Unknown | NotACommand::NotOffered(_))) => {
                        panic!("{text:?}: the command is not known ({e:?})")
                    }
                };
                assert_eq!(page, mail, "{} {text:?}", input.field);
                read[usize::from(page.is_ok())] += 1;
            }
        }
        assert!(read[0] > 10 && read[1] > 10, "both actions and refusals compared: {read:?}");
    }

    #[test]
    fn each_field_is_named_by_its_kind_and_its_inputs_field() {
        use super::field_name;
        let name = |field: &str, kind: InputKind| field_name(&input(field, kind));
        assert_eq!(name("die", InputKind::Number { min: 1, max: 6 }), "input_die");
        assert_eq!(name("to", InputKind::Choice { values: vec![], labels: vec![] }), "input_to");
        assert_eq!(name("word", InputKind::Text { max_len: 40 }), "text_word");
        assert_eq!(name("words", InputKind::Words), "list_words");
        assert_eq!(name("path", InputKind::Ids), "ids_path");
        assert_eq!(name("dice", InputKind::Throws), "throws_dice");
        assert_eq!(name("give", InputKind::Cards { values: vec![], labels: vec![] }), "cards_give");
        assert_eq!(name("warning.moves", InputKind::Placements), "placements_warning.moves");
    }
}
