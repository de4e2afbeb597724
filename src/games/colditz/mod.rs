//! Escape from Colditz as people meet it: what the forms ask for, and the lines beside the board.
//! Everything here reads the engine's per-viewer view (notes) or the action offered to the
//! seat itself (inputs), so nothing hidden from a seat can reach its page (docs/architecture.md, rule 4).

pub mod board;
pub mod castle;
mod commands;
pub mod form;
mod mail;
pub mod places;
mod position;

use super::page::{self, Look, Page, StaticFile, Words, Zooms};
use super::{Input, InputKind, Note, Presented, schema};
use askama::Template;
use feldpost_engine::Msg;
use feldpost_engine::colditz::events::{Action, Event, HolderOrders};
use feldpost_engine::colditz::options::{Dice, Role};
use feldpost_engine::colditz::view::CardView;
use feldpost_engine::colditz::{State, View};
use feldpost_engine::{Seat, Viewer};

impl Presented for feldpost_engine::colditz::Colditz {
    const HIDDEN_INFORMATION: bool = true;
    // Trades are negotiated: a seat may write to one other seat alone (`play::chat`).
    const PRIVATE_TALK: bool = true;
    /// The castle is big: its pages draw it in a scrolled region, zoomed 2× by default (its
    /// words stay legible on a phone and a wide screen alike); colditz.js fills circle fields
    /// by clicks on the board, zooms in place and rings a disputed step's moved men.
    const LOOK: Look = Look {
        files: &[
            StaticFile { name: "colditz.js", body: include_str!("static/colditz.js") },
            StaticFile { name: "colditz.css", body: include_str!("static/colditz.css") },
        ],
        styles: &["colditz.css"],
        scripts: &[("colditz.js", &[Page::Seat, Page::History, Page::Watch, Page::Audit])],
        // 1 fits the page; 2–5 scale the drawing 1.5, 2, 3 and 4 times, scrolled. A phone
        // opens at 4×: circles 48 px apart, each a finger's target (44 px).
        zoom: Some(Zooms {
            levels: &[
                (1, Words::Id("colditz-zoom-fit")),
                (2, Words::Literal("1.5×")),
                (3, Words::Literal("2×")),
                (4, Words::Literal("3×")),
                (5, Words::Literal("4×")),
            ],
            default: 3,
            touch: Some(5),
        }),
        // A path is typed as the board names places, or clicked: the words above the forms
        // say how (see `actions_lead`).
        described: &[("ids_path", "colditz-path-help")],
    };
    fn board_block(shown: &page::Shown) -> String {
        let Some(zoom) = shown.zoom else { return page::plain_block(shown.board) };
        BoardBlock { tr: page::Tr(shown.tr), zoom, board: shown.board }.render().unwrap_or_else(|e| {
            tracing::error!("colditz board block: {e}");
            page::plain_block(shown.board)
        })
    }
    fn actions_lead(tr: &dyn Fn(&Msg) -> String) -> String {
        ActionsLead { tr: page::Tr(tr) }.render().unwrap_or_else(|e| {
            tracing::error!("colditz actions lead: {e}");
            String::new()
        })
    }
    fn board_page(tr: &dyn Fn(&Msg) -> String) -> Option<page::BoardPage> {
        let asset = castle::asset(&feldpost_engine::colditz::board::BOARD, tr);
        Some(page::BoardPage {
            title: tr(&Msg::new("board-colditz-title")),
            lead: tr(&Msg::new("board-colditz-lead")),
            note: tr(&Msg::new("colditz-board-own-drawing")),
            src: format!("{}{}", page::ASSET_PATH, asset.name),
        })
    }
    /// A position from a real table (docs/positions.md, rule C26): the host's form, drawn from
    /// the public view, and each seat's hand on its own page.
    fn position_fields_at(
        view: &Self::View,
        _seats: usize,
        current: Option<&serde_json::Value>,
        tr: &dyn Fn(&Msg) -> String,
    ) -> String {
        position::host_fields(view, current, tr)
    }
    fn read_position(
        fields: &std::collections::HashMap<String, String>,
        seats: usize,
    ) -> Result<serde_json::Value, &'static str> {
        position::read_host(fields, seats)
    }
    fn private_position_fields(view: &Self::View, seat: Seat, tr: &dyn Fn(&Msg) -> String) -> String {
        position::hand_fields(view, seat, tr)
    }
    fn read_private_position(
        fields: &std::collections::HashMap<String, String>,
    ) -> Result<serde_json::Value, &'static str> {
        position::read_hand(fields)
    }
    fn position_words(view: &Self::View, tr: &dyn Fn(&Msg) -> String) -> Vec<String> {
        position::words(view, tr)
    }
    fn before_position(view: Self::View) -> Self::View {
        position::before(view)
    }
    fn board_page_link() -> Option<&'static str> {
        Some("home-colditz-board")
    }
    fn asset(name: &str) -> Option<&'static page::Asset> {
        ASSETS.iter().find(|a| a.name == name)
    }
    fn board_styles() -> Vec<String> {
        let drawing = castle::board_svg(&feldpost_engine::colditz::board::BOARD, &[], &|m| m.key.clone());
        super::style_texts(&drawing)
    }
    /// C1 and C2 for `seats` players: the German sits at one of the seats; the nations, when
    /// given, are one per Escape Officer, each once; a limit in rounds is at least one. (An
    /// adjacently tagged limit without a value takes none but `null`.)
    fn options_schema(mut generated: serde_json::Value, seats: usize) -> Option<serde_json::Value> {
        use serde_json::json;
        if !feldpost_engine::colditz::Options::seat_range().contains(&seats) {
            return None;
        }
        let properties = &mut generated["properties"];
        properties["german"]["maximum"] = json!(seats - 1);
        let nations = &mut properties["nations"];
        nations["uniqueItems"] = json!(true);
        nations["anyOf"] = json!([{"maxItems": 0}, {"minItems": seats - 1, "maxItems": seats - 1}]);
        let limit = &mut properties["time_limit"];
        if let Some(rounds) = schema::variant(limit, "kind", "rounds") {
            rounds["properties"]["value"]["minimum"] = json!(1);
        }
        for kind in ["standard", "none"] {
            if let Some(unit) = schema::variant(limit, "kind", kind) {
                unit["properties"]["value"] = json!({"type": "null"});
            }
        }
        Some(generated)
    }
    fn board_svg(view: &Self::View, _names: &[String], tr: &dyn Fn(&Msg) -> String) -> String {
        board::board_svg(view, tr)
    }
    fn picture_svg(
        view: &Self::View,
        _names: &[String],
        tr: &dyn Fn(&Msg) -> String,
    ) -> Option<(String, f32)> {
        Some(board::picture_svg(view, tr))
    }
    fn spelling(state: &Self::State, action: &Self::Action) -> super::commands::Spelling {
        commands::spelling(state, action)
    }
    fn concession(action: &Self::Action) -> bool {
        *action == Action::Concede
    }
    fn inputs(state: &Self::State, action: &Self::Action) -> Vec<Input> {
        inputs(state, None, action)
    }
    fn present(
        state: &Self::State,
        seat: Seat,
        actions: Vec<Self::Action>,
    ) -> Vec<(Self::Action, Msg, Vec<Input>)> {
        present(state, seat, actions)
    }
    /// A window (an Appel, a search, a Talisman, a holder card, a loan of men) asks seats
    /// outside their turn: the page names the question and whose turn it is.
    fn asked(view: &View, seat: Seat) -> Option<Msg> {
        let window = view.window.as_ref()?;
        let turn = view.turn.as_ref()?;
        (window.waiting.contains(&seat) && turn.seat != seat).then(|| {
            Msg::new("colditz-status-asked")
                .key("window", format!("colditz-window-name-{}", window.kind.key()))
                .seat("player", turn.seat)
        })
    }
    fn notes(view: &Self::View) -> Vec<Note> {
        notes(view)
            .into_iter()
            .map(|n| Note {
                title: n.title,
                lines: n.lines.into_iter().map(|l| places::readable(None, l)).collect(),
            })
            .collect()
    }
    fn form_fields(tr: &dyn Fn(&Msg) -> String) -> String {
        form::fields_html(tr)
    }
    fn read_form(
        fields: &std::collections::HashMap<String, String>,
        seats: usize,
        options: &mut serde_json::Value,
    ) -> Result<(), &'static str> {
        form::read(fields, seats, options)
    }
    fn mail_places(view: &Self::View) -> Vec<Msg> {
        mail::places(view)
    }
    fn readable(state: &Self::State, msg: Msg) -> Msg {
        places::readable(Some(state), msg)
    }
    fn read_place(field: &str) -> Option<super::typed::ReadPlace> {
        places::read_place(field)
    }
    /// Asked where a click would cost what cannot be had back: a turn ended with points of the
    /// throw unused, and a Do or Die run (its dice decide, and failing kills the runner, or his
    /// whole team unless the game's options say otherwise, R51).
    fn confirmation(state: &State, seat: Seat, action: &Action) -> Option<Msg> {
        // C25: conceding cannot be taken back; the German's ends the game.
        if *action == Action::Concede {
            return Some(Msg::new(if state.is_german(seat) {
                "colditz-confirm-concede-german"
            } else {
                "colditz-confirm-concede"
            }));
        }
        let turn = state.turn.as_ref()?;
        match action {
            Action::EndTurn if !turn.throws.is_empty() && turn.points > 0 => {
                Some(Msg::new("colditz-confirm-end-turn").num("points", i64::from(turn.points)))
            }
            Action::DoOrDie { man, .. } if turn.do_or_die.is_none() => {
                let key = if state.options.do_or_die_only_him {
                    "colditz-confirm-do-or-die-him"
                } else {
                    "colditz-confirm-do-or-die-team"
                };
                Some(Msg::new(key).num("man", i64::from(*man)))
            }
            _ => None,
        }
    }
    fn reveals(event: &Self::Event) -> bool {
        reveals(event)
    }
    fn option_choices(field: &str) -> &'static [&'static str] {
        match field {
            "dice" => &["seeded", "manual"],
            _ => &[],
        }
    }
    /// Rule 55: the German rules on every dispute, so the host rules on none.
    fn host_rules_disputes() -> bool {
        false
    }
    /// Rule 55: the German Security Officer rules on every dispute.
    fn adjudicator(
        state: &Self::State,
        _seats: usize,
        _seat: Option<Seat>,
        _action: Option<&Self::Action>,
    ) -> Option<Seat> {
        Some(state.german)
    }
    /// C23: on the agreed date the time is up (the engine reads no clock; the server tells it,
    /// in the German's name, since the time limit is his win).
    fn clock_action(state: &Self::State, now_ms: i64) -> Option<(Seat, Self::Action)> {
        use feldpost_engine::colditz::options::TimeLimit;
        use feldpost_engine::colditz::state::Phase;
        let TimeLimit::Date(limit) = &state.options.time_limit else { return None };
        if state.phase != Phase::Playing {
            return None;
        }
        let today = crate::clock::format_date(now_ms);
        (today.as_str() >= limit.get(..10).unwrap_or(limit))
            .then_some((state.german, feldpost_engine::colditz::Action::TimeUp { today }))
    }
}

/// The board in its scrolled region, zoomed (see `templates/board.html`).
#[derive(Template)]
#[template(path = "colditz/templates/board.html")]
struct BoardBlock<'a> {
    tr: page::Tr<'a>,
    zoom: &'a page::Zoom,
    board: &'a str,
}

/// Once above the action forms: how to fill a circle field (see `templates/actions_lead.html`).
#[derive(Template)]
#[template(path = "colditz/templates/actions_lead.html")]
struct ActionsLead<'a> {
    tr: page::Tr<'a>,
}

/// The castle's unchanging layer in every language, by file name (built once).
static ASSETS: std::sync::LazyLock<Vec<page::Asset>> = std::sync::LazyLock::new(|| {
    crate::i18n::Lang::ALL
        .iter()
        .map(|lang| {
            let tr = crate::i18n::Tr::new(*lang);
            castle::asset(&feldpost_engine::colditz::board::BOARD, &|m| tr.msg(m))
        })
        .collect()
});

fn ids(field: &str, label: &str, required: bool) -> Input {
    Input::new(field, InputKind::Ids, label, required)
}

fn yes_no(field: &str, label: &str, current: bool) -> Input {
    // The select shows its first value: the current setting comes first.
    let (values, labels) = if current {
        (vec!["true".into(), "false".into()], vec!["colditz-page-yes".into(), "colditz-page-no".into()])
    } else {
        (vec!["false".into(), "true".into()], vec!["colditz-page-no".into(), "colditz-page-yes".into()])
    };
    Input::new(field, InputKind::Choice { values, labels }, label, true)
}

/// R49: the German's standing order for the Arrest Key/Pass Holder question, the current one
/// first (the select shows its first value).
fn holder_orders(current: HolderOrders) -> Input {
    let order = std::iter::once(current).chain(HolderOrders::ALL.into_iter().filter(|&o| o != current));
    let (values, labels) =
        order.map(|o| (o.key().to_owned(), format!("colditz-page-holder-{}", o.key()))).unzip();
    Input::new("arrest_holders", InputKind::Choice { values, labels }, "colditz-input-order-holders", true)
}

/// Cards by name for a checkbox each: `cards`, filtered.
fn cards(field: &str, label: &str, cards: impl Iterator<Item = feldpost_engine::colditz::CardId>) -> Input {
    let cards: Vec<_> = cards.collect();
    Input::new(
        field,
        InputKind::Cards {
            values: cards.iter().map(|c| format!("{c:?}")).collect(),
            labels: cards.iter().map(|c| c.kind().name()).collect(),
        },
        label,
        false,
    )
}

/// What a seat (`None`: not known) types in before an action offered to it can be sent.
pub(super) fn inputs(state: &State, seat: Option<Seat>, action: &Action) -> Vec<Input> {
    use feldpost_engine::colditz::cards::{CardKind, Pack};
    let own = |s: Seat| -> Vec<feldpost_engine::colditz::CardId> {
        let s = usize::from(s);
        state
            .hands
            .get(s)
            .into_iter()
            .flatten()
            .chain(state.equipment.get(s).into_iter().flatten())
            .copied()
            .collect()
    };
    match action {
        Action::PlaceGuards { .. } => {
            vec![ids("inner", "colditz-input-inner", false), ids("outer", "colditz-input-outer", false)]
        }
        Action::Throw { dice } if dice.is_empty() && state.options.dice == Dice::Manual => {
            vec![Input::new("dice", InputKind::Throws, "colditz-input-dice", true)]
        }
        Action::Move { man, path, .. } if path.is_empty() => {
            let mut v = vec![ids("path", "colditz-input-path", true)];
            if state.is_guard(*man) {
                v.push(Input::new("cell", InputKind::Text { max_len: 40 }, "colditz-input-cell", false));
            }
            v
        }
        Action::Play { card, dice, men, .. } => {
            let manual = state.options.dice == Dice::Manual && dice.is_empty();
            let throws = || Input::new("dice", InputKind::Throws, "colditz-input-dice", true);
            match card.kind() {
                CardKind::Diversion | CardKind::HighCommandInspection => {
                    vec![ids("men", "colditz-input-guards", false)]
                }
                CardKind::QuickMove(_) => vec![ids("men", "colditz-input-quick-move-man", false)],
                CardKind::Bribe => vec![ids("equipment", "colditz-input-bribe", false)],
                // R53: who shoots at whom is offered; with real dice the throw is typed.
                CardKind::ShootToKill => {
                    let mut v = vec![ids("men", "colditz-input-shooter", false)];
                    if manual {
                        v.push(throws());
                    }
                    v
                }
                CardKind::StaffCar if manual => vec![throws()],
                // The German chooses the cells of the men a Search or a detected tunnel catches
                // (000: "na samotku, kterou mu velitel posádky vybere").
                CardKind::Search(_) => vec![ids("cells", "colditz-input-cells", false)],
                // R53: and which two guards go into the tunnel; an empty field sends the two
                // nearest, offered (shown as the field's placeholder).
                CardKind::TunnelDetected => {
                    let nearest = men.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ");
                    vec![
                        ids("men", "colditz-input-tunnel-guards", false).placeholder(nearest),
                        ids("cells", "colditz-input-cells", false),
                    ]
                }
                _ => Vec::new(),
            }
        }
        Action::SearchAbsentees { .. } => vec![ids("cells", "colditz-input-cells", false)],
        Action::RiotSquad { .. } => vec![ids("posts", "colditz-input-riot-posts", false)],
        Action::AnswerArrestHolder { card: Some(_), .. } => {
            vec![Input::new("cell", InputKind::Text { max_len: 40 }, "colditz-input-cell", false)]
        }
        Action::DoOrDie { dice, .. }
            if dice.is_empty()
                && state.options.dice == Dice::Manual
                && state.turn.as_ref().is_some_and(|t| t.do_or_die.is_some()) =>
        {
            vec![Input::new("dice", InputKind::Throws, "colditz-input-do-or-die-dice", true)]
        }
        Action::ReturnSecurity { .. } => match seat {
            Some(s) => vec![cards("cards", "colditz-input-return-security", own(s).into_iter())],
            None => vec![ids("cards", "colditz-input-return-security", false)],
        },
        Action::AnswerAppel(_) => vec![ids("absent", "colditz-input-absent", false)],
        Action::AnswerSearch(_) => match seat {
            // A Hideaway the seat holds, or none (the first choice); equipment to give up.
            Some(s) => {
                let hideaways: Vec<_> =
                    own(s).into_iter().filter(|c| c.kind() == CardKind::Hideaway).collect();
                let mut v = Vec::new();
                if !hideaways.is_empty() {
                    let values =
                        std::iter::once(String::new()).chain(hideaways.iter().map(|c| format!("{c:?}")));
                    let labels = std::iter::once("colditz-page-none".to_owned())
                        .chain(hideaways.iter().map(|c| c.kind().name()));
                    v.push(Input::new(
                        "hideaway",
                        InputKind::Choice { values: values.collect(), labels: labels.collect() },
                        "colditz-input-hideaway",
                        false,
                    ));
                }
                let equipment = own(s).into_iter().filter(|c| c.kind().pack() == Pack::Equipment);
                v.push(cards("surrender", "colditz-input-surrender", equipment));
                v
            }
            None => vec![
                Input::new("hideaway", InputKind::Text { max_len: 8 }, "colditz-input-hideaway", false),
                ids("surrender", "colditz-input-surrender", false),
            ],
        },
        Action::OfferTrade { to, give, want } if give.is_empty() && want.is_empty() => match seat {
            // What the seat may give (its cards), and what it may ask for: the other's
            // equipment, which is public (his hand is not, so it is not listed).
            Some(s) => {
                let tradeable = |c: &feldpost_engine::colditz::CardId| {
                    matches!(c.kind().pack(), Pack::Opportunity | Pack::Equipment)
                };
                let theirs = state.equipment.get(usize::from(*to)).into_iter().flatten().copied();
                vec![
                    cards("give", "colditz-input-give", own(s).into_iter().filter(tradeable)),
                    cards("want", "colditz-input-want", theirs.filter(tradeable)),
                ]
            }
            None => vec![ids("give", "colditz-input-give", false), ids("want", "colditz-input-want", false)],
        },
        Action::Discipline { infringement, .. } if infringement.is_empty() => {
            let most = state.men.len().saturating_sub(1) as i64;
            vec![
                Input::new("man", InputKind::Number { min: 0, max: most }, "colditz-input-man", true),
                Input::new(
                    "infringement",
                    InputKind::Text { max_len: 300 },
                    "colditz-input-infringement",
                    true,
                ),
                Input::new("cell", InputKind::Text { max_len: 40 }, "colditz-input-cell", false),
            ]
        }
        // Every standing order the engine reads, each seat the ones that answer its questions:
        // the German's for the Arrest Key/Pass Holder question and the cell where his action
        // names none, an Escape Officer's for Appel, confiscations, the Talisman and lent men.
        Action::SetStandingOrders(orders) => {
            let german = vec![
                holder_orders(orders.arrest_holders),
                Input::new("cell", InputKind::Text { max_len: 40 }, "colditz-input-order-cell", false)
                    .placeholder(orders.cell.map(places::grid_ref).unwrap_or_default()),
            ];
            let officer = vec![
                yes_no("appel_all_attend", "colditz-input-order-appel", orders.appel_all_attend),
                yes_no("confiscation", "colditz-input-order-confiscation", orders.confiscation),
                yes_no("talisman", "colditz-input-order-talisman", orders.talisman),
                yes_no("lend_men", "colditz-input-order-lend", orders.lend_men),
            ];
            match seat {
                Some(s) if state.is_german(s) => german,
                Some(_) => officer,
                None => officer.into_iter().chain(german).collect(),
            }
        }
        _ => Vec::new(),
    }
}

/// The legal actions with words that tell them apart (which man, which card, which post), and
/// all guard posts folded into one form with a choice of the post.
pub(super) fn present(state: &State, seat: Seat, actions: Vec<Action>) -> Vec<(Action, Msg, Vec<Input>)> {
    use feldpost_engine::Ruleset;
    use feldpost_engine::colditz::Colditz;
    let posts: Vec<feldpost_engine::colditz::board::CircleId> = actions
        .iter()
        .filter_map(|a| match a {
            Action::PostGuard { to } => Some(*to),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    let mut posted = false;
    for a in actions {
        let label = match &a {
            Action::PostGuard { .. } if posted => continue,
            Action::PostGuard { .. } => {
                posted = true;
                // Posts by the grid reference printed on the board (the same in every language;
                // a label that is no message id is shown as it is).
                let choice = InputKind::Choice {
                    values: posts.iter().map(|c| c.to_string()).collect(),
                    labels: posts.iter().map(|c| places::grid_ref(*c)).collect(),
                };
                let inputs = vec![Input::new("to", choice, "colditz-input-post", true)];
                out.push((a, Msg::new("colditz-page-action-post"), inputs));
                continue;
            }
            Action::Move { man, .. } => Msg::new(if state.is_guard(*man) {
                "colditz-page-action-move-guard"
            } else {
                "colditz-page-action-move"
            })
            .num("man", *man)
            .text("from", state.at(*man).to_string()),
            Action::ReturnGuard { guard } => Msg::new("colditz-page-action-recall")
                .num("man", *guard)
                .text("from", state.at(*guard).to_string()),
            Action::Release { man } => Msg::new("colditz-page-action-release").num("man", *man),
            // The first move: the button says only what it does ("Place the guards"), since it
            // sends whatever posts the fields hold (clicked or typed); the proposed posts are
            // shown in the fields they stand for when left empty (their placeholders, below).
            Action::PlaceGuards { inner, outer } => {
                let refs = |v: &[feldpost_engine::colditz::board::CircleId]| {
                    v.iter().map(|c| places::grid_ref(*c)).collect::<Vec<_>>().join(" ")
                };
                let (inner, outer) = (refs(inner), refs(outer));
                let inputs = inputs(state, Some(seat), &a)
                    .into_iter()
                    .map(|i| match i.field.as_str() {
                        "inner" => i.placeholder(inner.clone()),
                        "outer" => i.placeholder(outer.clone()),
                        _ => i,
                    })
                    .collect();
                out.push((a, Msg::new("colditz-page-action-place-guards"), inputs));
                continue;
            }
            Action::DoOrDie { man, .. } => {
                Msg::new(if state.turn.as_ref().is_some_and(|t| t.do_or_die.is_some()) {
                    "colditz-page-action-do-or-die-throw"
                } else {
                    "colditz-page-action-do-or-die"
                })
                .num("man", *man)
                .text("from", state.at(*man).to_string())
            }
            // The template's posts are empty (the German may type his own): the label counts
            // the guards the squad posts, and the field shows the posts it takes when empty.
            Action::RiotSquad { .. } => {
                let proposed = feldpost_engine::colditz::decide::riot_squad_posts(state);
                let refs = proposed.iter().map(|c| places::grid_ref(*c)).collect::<Vec<_>>().join(" ");
                let inputs =
                    inputs(state, Some(seat), &a).into_iter().map(|i| i.placeholder(refs.clone())).collect();
                let label = Msg::new("colditz-page-action-riot-squad").num("count", proposed.len() as i64);
                out.push((a, label, inputs));
                continue;
            }
            Action::Give { card, to } => {
                Msg::new("colditz-page-action-give").key("card", card.kind().name()).seat("player", *to)
            }
            Action::AnswerConfiscation { surrender: Some(card), .. } => {
                Msg::new("colditz-page-action-surrender")
                    .key("card", card.kind().name())
                    .text("id", format!("{card:?}"))
            }
            Action::AnswerConfiscation { hideaway: Some(_), .. } => Msg::new("colditz-page-action-hideaway"),
            Action::ClaimEquipment { equipment, men } => Msg::new("colditz-page-action-claim")
                .key("card", format!("colditz-card-{}", equipment.key()))
                .num("a", men[0])
                .num("b", men[1]),
            Action::AcceptOffer { offer } => {
                Msg::new("colditz-page-action-accept").num("offer", i64::from(*offer))
            }
            Action::DeclineOffer { offer } => {
                Msg::new("colditz-page-action-decline").num("offer", i64::from(*offer))
            }
            Action::WithdrawOffer { offer } => {
                Msg::new("colditz-page-action-withdraw").num("offer", i64::from(*offer))
            }
            Action::OfferTrade { to, .. } => Msg::new("colditz-page-action-offer").seat("player", *to),
            Action::Play { card, men, .. } if !men.is_empty() => {
                let men = men.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", ");
                Msg::new("colditz-page-action-play-men").key("card", card.kind().name()).text("men", men)
            }
            _ => Colditz::describe_action(state, &a),
        };
        // An answer to Appel or a Search may come with Advance Warning when the seat holds it.
        let warned = warning_answer(state, seat, &a);
        let inputs = inputs(state, Some(seat), &a);
        out.push((a, label, inputs));
        out.extend(warned);
    }
    out
}

/// The same answer with the seat's Advance Warning card played: the men and the safe circles
/// they go to are typed in.
fn warning_answer(state: &State, seat: Seat, action: &Action) -> Option<(Action, Msg, Vec<Input>)> {
    use feldpost_engine::colditz::cards::CardKind;
    use feldpost_engine::colditz::events::Warning;
    let card = state
        .hands
        .get(usize::from(seat))?
        .iter()
        .copied()
        .filter(|c| c.kind() == CardKind::AdvanceWarning)
        .min()?;
    let warning = Some(Warning { card, moves: Vec::new() });
    let moves = Input::new("warning.moves", InputKind::Placements, "colditz-input-warning-moves", true);
    let a = match action {
        Action::AnswerAppel(answer) if answer.warning.is_none() => {
            Action::AnswerAppel(feldpost_engine::colditz::events::AppelAnswer { warning, ..answer.clone() })
        }
        Action::AnswerSearch(answer) if answer.warning.is_none() => {
            Action::AnswerSearch(feldpost_engine::colditz::events::SearchAnswer { warning, ..answer.clone() })
        }
        _ => return None,
    };
    let mut inputs = inputs(state, Some(seat), &a);
    inputs.push(moves);
    Some((a, Msg::new("colditz-page-action-warning").text("id", format!("{card:?}")), inputs))
}

/// Events after which an undo would show a seat something it did not know before it acted
/// (a card drawn, played, handed over; private answers opened).
pub(super) fn reveals(event: &Event) -> bool {
    matches!(
        event,
        Event::Setup { .. }
            | Event::Drew { .. }
            | Event::Played { .. }
            | Event::Given { .. }
            | Event::OfferAccepted { .. }
            | Event::AppelResolved { .. }
            | Event::SearchResolved { .. }
            | Event::Confiscated { .. }
            | Event::KitClaimed { .. }
            | Event::DoOrDieDrawn { .. }
    )
}

fn card_line(key: &str, card: &CardView) -> Msg {
    Msg::new(key)
        .key("card", format!("colditz-card-{}", card.key))
        .key("text", format!("colditz-card-{}-text", card.key))
        .text("id", format!("{:?}", card.id))
}

fn role_of(view: &View, seat: Seat) -> Role {
    view.seats.get(usize::from(seat)).map(|s| s.role).unwrap_or(Role::German)
}

/// The lines beside the board, from the viewer's view only.
pub(super) fn notes(view: &View) -> Vec<Note> {
    use feldpost_engine::colditz::state::Phase;
    let mut notes = Vec::new();

    // The end: who won, escapes per team, the dead, and the time line of men gone.
    if let Some(end) = &view.ended {
        let mut lines: Vec<Msg> = end
            .escapes
            .iter()
            .map(|(seat, n)| Msg::new("colditz-page-end-escapes").seat("player", *seat).num("n", *n as i64))
            .collect();
        lines.push(Msg::new("colditz-page-end-deaths").num("n", end.deaths as i64));
        notes.push(Note { title: Msg::new("colditz-page-note-end"), lines });
    }
    if !view.gone.is_empty() {
        let lines = view
            .gone
            .iter()
            .map(|g| {
                Msg::new(format!("colditz-page-gone-{}", g.fate))
                    .seat("player", g.seat)
                    .num("man", i64::from(g.man))
                    .num("round", i64::from(g.round))
                    .text("target", g.target.map(|t| t.to_string()).unwrap_or_default())
            })
            .collect();
        notes.push(Note { title: Msg::new("colditz-page-note-gone"), lines });
    }

    // The last step that changed the board, in words (the board marks it too).
    let last = board::last_step_lines(view);
    if !last.is_empty() {
        notes.push(Note { title: Msg::new("colditz-page-note-last"), lines: last });
    }

    // Whose turn, the throw, what is left.
    let mut turn = Vec::new();
    match view.phase {
        Phase::Starting => {}
        Phase::Placing => turn.push(Msg::new("colditz-page-placing").seat("player", view.german)),
        Phase::Playing => {
            if let Some(t) = &view.turn {
                turn.push(Msg::new("colditz-page-turn").num("round", view.round).seat("player", t.seat));
                if t.throws.is_empty() {
                    turn.push(Msg::new("colditz-page-not-thrown"));
                } else {
                    let dice =
                        t.throws.iter().map(|[a, b]| format!("{a}+{b}")).collect::<Vec<_>>().join(", ");
                    let score: i64 = t.throws.iter().map(|[a, b]| i64::from(*a) + i64::from(*b)).sum();
                    turn.push(
                        Msg::new("colditz-page-thrown")
                            .text("dice", dice)
                            .num("score", score)
                            .num("points", t.points),
                    );
                }
                if t.releases > 0 {
                    turn.push(Msg::new("colditz-page-releases").num("count", t.releases));
                }
                if t.appel {
                    turn.push(Msg::new("colditz-page-appel-called"));
                }
                if !t.absent.is_empty() {
                    let men = t.absent.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", ");
                    turn.push(Msg::new("colditz-page-absent").text("men", men));
                }
                // Why "End the turn" is not offered (C18): said where the seat sees its hand.
                let held =
                    view.seats.get(usize::from(t.seat)).and_then(|s| s.hand.as_ref()).map_or(0, Vec::len);
                if !t.throws.is_empty() && held > 3 {
                    turn.push(Msg::new("colditz-page-hand-over-three").num("cards", held as i64));
                }
            }
        }
    }
    if !turn.is_empty() {
        notes.push(Note { title: Msg::new("colditz-page-note-turn"), lines: turn });
    }

    // The open window: what is asked, who must answer, what happens at the deadline.
    if let Some(w) = &view.window {
        let mut lines = Vec::new();
        let mut what =
            Msg::new(format!("colditz-page-window-{}", w.kind)).num("owed", i64::from(w.owed.unwrap_or(0)));
        if let Some(room) = &w.room {
            what = what.key("room", format!("colditz-room-{room}"));
        }
        if let Some(&first) = w.waiting.first() {
            what = what.seat("player", first);
        }
        lines.push(what);
        for &s in &w.waiting {
            lines.push(Msg::new("colditz-page-window-waiting").seat("player", s));
        }
        for &s in &w.answered {
            lines.push(Msg::new("colditz-page-window-answered").seat("player", s));
        }
        lines.push(Msg::new(format!("colditz-page-window-default-{}", w.kind)));
        notes.push(Note { title: Msg::new("colditz-page-note-window"), lines });
    }

    // Hands: the viewer's own cards; every other hand by its size only.
    let me = match view.viewer {
        Viewer::Seat(s) => Some(s),
        _ => None,
    };
    for s in &view.seats {
        let Some(hand) = &s.hand else { continue };
        let title = if Some(s.seat) == me {
            Msg::new(if s.role == Role::German {
                "colditz-page-note-your-security"
            } else {
                "colditz-page-note-your-hand"
            })
        } else {
            Msg::new("colditz-page-note-hand-of").seat("player", s.seat)
        };
        let lines = if hand.is_empty() {
            vec![Msg::new("colditz-page-hand-empty")]
        } else {
            hand.iter().map(|c| card_line("colditz-page-card", c)).collect()
        };
        notes.push(Note { title, lines });
    }
    let sizes = view
        .seats
        .iter()
        .filter(|s| Some(s.seat) != me)
        .map(|s| {
            let key = if s.role == Role::German {
                "colditz-page-hand-size-security"
            } else {
                "colditz-page-hand-size"
            };
            Msg::new(key).seat("player", s.seat).num("count", s.hand_size as i64)
        })
        .collect::<Vec<_>>();
    if !sizes.is_empty() {
        notes.push(Note { title: Msg::new("colditz-page-note-hands"), lines: sizes });
    }

    // Escape equipment and kits: public.
    let mut equipment = Vec::new();
    for s in &view.seats {
        for c in &s.equipment {
            equipment.push(card_line("colditz-page-equipment", c).seat("player", s.seat));
        }
    }
    if equipment.is_empty() {
        equipment.push(Msg::new("colditz-page-no-equipment"));
    }
    notes.push(Note { title: Msg::new("colditz-page-note-equipment"), lines: equipment });

    // Packs and the face-up stock.
    let mut packs = vec![
        Msg::new("colditz-page-packs")
            .num("opportunity", view.packs.opportunity as i64)
            .num("security", view.packs.security as i64)
            .num("doordie", view.packs.do_or_die as i64),
    ];
    let mut kinds: Vec<(String, i64)> = Vec::new();
    for c in &view.packs.stock {
        match kinds.iter_mut().find(|(k, _)| *k == c.key) {
            Some((_, n)) => *n += 1,
            None => kinds.push((c.key.clone(), 1)),
        }
    }
    for (key, count) in kinds {
        packs.push(
            Msg::new("colditz-page-stock").key("card", format!("colditz-card-{key}")).num("count", count),
        );
    }
    notes.push(Note { title: Msg::new("colditz-page-note-packs"), lines: packs });

    // Offers the viewer made or received.
    if !view.offers.is_empty() {
        let mut lines = Vec::new();
        for o in &view.offers {
            lines.push(
                Msg::new("colditz-page-offer")
                    .num("offer", i64::from(o.id))
                    .seat("from", o.from)
                    .seat("to", o.to),
            );
            for c in &o.give {
                lines.push(
                    Msg::new("colditz-page-offer-gives")
                        .key("card", c.kind().name())
                        .text("id", format!("{c:?}")),
                );
            }
            for c in &o.want {
                lines.push(
                    Msg::new("colditz-page-offer-wants")
                        .key("card", c.kind().name())
                        .text("id", format!("{c:?}")),
                );
            }
        }
        notes.push(Note { title: Msg::new("colditz-page-note-offers"), lines });
    }

    // The viewer's standing orders, those that answer his own questions.
    if let (Some(o), Some(s)) = (&view.standing_orders, me) {
        let yes = |b: bool| if b { "colditz-page-yes" } else { "colditz-page-no" };
        let lines = if role_of(view, s) == Role::German {
            let mut lines = vec![
                Msg::new("colditz-page-order-holders")
                    .key("answer", format!("colditz-page-holder-{}", o.arrest_holders.key())),
            ];
            if let Some(cell) = o.cell {
                lines.push(Msg::new("colditz-page-order-cell").text("cell", places::grid_ref(cell)));
            }
            lines
        } else {
            vec![
                Msg::new("colditz-page-order-appel").key("answer", yes(o.appel_all_attend)),
                Msg::new("colditz-page-order-confiscation").key("answer", yes(o.confiscation)),
                Msg::new("colditz-page-order-talisman").key("answer", yes(o.talisman)),
                Msg::new("colditz-page-order-lend").key("answer", yes(o.lend_men)),
            ]
        };
        notes.push(Note { title: Msg::new("colditz-page-note-orders"), lines });
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use feldpost_engine::colditz::board::BOARD;
    use feldpost_engine::colditz::cards::CardId;
    use feldpost_engine::colditz::options::Options;
    use feldpost_engine::colditz::{Colditz, decide};
    use feldpost_engine::{Ruleset, ScriptedRandom};

    /// A three-player game with manual dice where the German's first draw is an Appel card.
    fn game() -> State {
        let options = Options { dice: Dice::Manual, ..Options::default() };
        let mut events = decide::setup(&options, 3, &mut ScriptedRandom::new(std::iter::repeat_n(0, 400)));
        if let Event::Setup { security, .. } = &mut events[0] {
            let appel = CardId(77);
            security.retain(|c| *c != appel);
            security.insert(0, appel);
        }
        let mut state = Colditz::initial(&options, 3);
        for e in &events {
            state.apply(e);
        }
        state
    }

    /// [`game`] after the German placed his guards as proposed.
    fn placed() -> State {
        let mut s = game();
        let place = Colditz::legal_actions(&s, 0)
            .into_iter()
            .find(|a| matches!(a, Action::PlaceGuards { .. }))
            .unwrap();
        act(&mut s, 0, place);
        s
    }

    fn act(state: &mut State, seat: Seat, action: Action) {
        let events =
            Colditz::decide(state, seat, &action, &mut ScriptedRandom::new(std::iter::repeat_n(0, 64)))
                .unwrap_or_else(|r| panic!("{action:?}: {r:?}"));
        for e in &events {
            state.apply(e);
        }
    }

    fn keys(notes: &[Note]) -> Vec<String> {
        notes
            .iter()
            .flat_map(|n| std::iter::once(n.title.key.clone()).chain(n.lines.iter().map(|l| l.key.clone())))
            .collect()
    }

    #[test]
    fn the_page_says_why_the_turn_cannot_end_while_four_cards_are_held() {
        let mut s = placed();
        act(&mut s, 1, Action::Throw { dice: vec![[2, 3]] });
        let said = |s: &State, viewer: Seat| {
            keys(&<Colditz as Presented>::notes(&Colditz::view(s, Viewer::Seat(viewer))))
                .contains(&"colditz-page-hand-over-three".to_owned())
        };
        assert!(!said(&s, 1), "three cards or fewer: nothing to say");
        let spare: Vec<CardId> = s.opportunity.iter().take(4 - s.hands[1].len()).copied().collect();
        s.hands[1].extend(spare);
        assert!(!Colditz::legal_actions(&s, 1).contains(&Action::EndTurn), "the end is not offered");
        assert!(said(&s, 1), "the seat is told why");
        assert!(!said(&s, 2), "another seat does not see the hand, nor the note");
    }

    #[test]
    fn ending_a_turn_with_points_left_and_a_do_or_die_run_are_asked_first() {
        let mut s = placed();
        // Before the throw, ending the turn loses nothing: no question.
        assert_eq!(<Colditz as Presented>::confirmation(&s, 1, &Action::EndTurn), None);
        act(&mut s, 1, Action::Throw { dice: vec![[2, 3]] });
        let asked = <Colditz as Presented>::confirmation(&s, 1, &Action::EndTurn).expect("points are left");
        assert_eq!(
            (asked.key.as_str(), &asked.args[0].1),
            ("colditz-confirm-end-turn", &feldpost_engine::Arg::Num(5))
        );
        let run = Action::DoOrDie { man: 3, dice: Vec::new() };
        assert_eq!(
            <Colditz as Presented>::confirmation(&s, 1, &run).unwrap().key,
            "colditz-confirm-do-or-die-team"
        );
        s.options.do_or_die_only_him = true;
        assert_eq!(
            <Colditz as Presented>::confirmation(&s, 1, &run).unwrap().key,
            "colditz-confirm-do-or-die-him"
        );
        for lang in crate::i18n::Lang::ALL {
            let said = crate::i18n::Tr::new(lang).msg(&asked);
            assert!(said.contains('5'), "{lang:?}: {said}");
        }
    }

    #[test]
    fn an_open_appel_is_listed_with_who_must_answer_and_the_default() {
        let mut s = placed();
        for (seat, dice) in [(1, [1, 3]), (2, [1, 3]), (0, [5, 6]), (1, [1, 3]), (2, [1, 3])] {
            act(&mut s, seat, Action::Throw { dice: vec![dice] });
            act(&mut s, seat, Action::EndTurn);
        }
        assert_eq!(s.hands[0], vec![CardId(77)], "the German drew the Appel card");
        act(
            &mut s,
            0,
            Action::Play {
                card: CardId(77),
                men: vec![],
                equipment: vec![],
                dice: Default::default(),
                tunnel: Default::default(),
                cells: Default::default(),
            },
        );
        assert!(s.window.is_some(), "Appel opens a window");
        // The page says what Amy is asked and whose turn it is, not "It is your turn".
        let asked =
            <Colditz as Presented>::asked(&Colditz::view(&s, Viewer::Seat(1)), 1).expect("Amy is asked");
        assert_eq!(asked.key, "colditz-status-asked");
        for lang in crate::i18n::Lang::ALL {
            let said = crate::i18n::Tr::new(lang).msg(&asked);
            assert!(!said.contains("colditz-"), "{lang:?}: {said}");
        }
        assert_eq!(
            <Colditz as Presented>::asked(&Colditz::view(&s, Viewer::Seat(0)), 0),
            None,
            "his own turn"
        );

        let amy = notes(&Colditz::view(&s, Viewer::Seat(1)));
        let k = keys(&amy);
        for key in [
            "colditz-page-note-window",
            "colditz-page-window-appel",
            "colditz-page-window-waiting",
            "colditz-page-window-default-appel",
        ] {
            assert!(k.contains(&key.to_string()), "{key} in {k:?}");
        }
        // Amy answers; her answer stays hers, the others see only that she answered.
        let answer = Colditz::legal_actions(&s, 1)
            .into_iter()
            .find(|a| matches!(a, Action::AnswerAppel(_)))
            .expect("asked");
        act(&mut s, 1, answer);
        let bill = notes(&Colditz::view(&s, Viewer::Seat(2)));
        assert!(keys(&bill).contains(&"colditz-page-window-answered".to_string()));
        // The German sees his Security hand as his own; Escape Officers only its size.
        let german = keys(&notes(&Colditz::view(&s, Viewer::Seat(0))));
        assert!(german.contains(&"colditz-page-note-your-security".to_string()));
        assert!(!keys(&bill).contains(&"colditz-page-note-your-security".to_string()));
        assert!(keys(&bill).contains(&"colditz-page-hand-size-security".to_string()));
    }

    #[test]
    fn guard_posts_fold_into_one_choice_and_moves_name_their_man() {
        let mut s = placed();
        act(&mut s, 1, Action::Throw { dice: vec![[1, 3]] });
        act(&mut s, 1, Action::EndTurn);
        act(&mut s, 2, Action::Throw { dice: vec![[1, 3]] });
        act(&mut s, 2, Action::EndTurn);
        act(&mut s, 0, Action::Throw { dice: vec![[2, 3]] });
        let engine = Colditz::legal_actions(&s, 0);
        let posts = engine.iter().filter(|a| matches!(a, Action::PostGuard { .. })).count();
        assert!(posts > 1, "several posts are free");
        let shown = present(&s, 0, engine);
        let folded: Vec<_> = shown.iter().filter(|(a, _, _)| matches!(a, Action::PostGuard { .. })).collect();
        assert_eq!(folded.len(), 1);
        match &folded[0].2[0].kind {
            InputKind::Choice { values, .. } => assert_eq!(values.len(), posts),
            other => panic!("{other:?}"),
        }
        let moves: Vec<_> = shown.iter().filter(|(a, _, _)| matches!(a, Action::Move { .. })).collect();
        assert!(!moves.is_empty());
        assert!(
            moves.iter().all(|(_, label, inputs)| label.key == "colditz-page-action-move-guard"
                && inputs[0].field == "path")
        );
    }

    #[test]
    fn an_escape_officer_holding_advance_warning_may_answer_appel_with_it() {
        let mut s = game();
        // Amy's first draw is an Advance Warning (card51).
        let warning = CardId(51);
        s.opportunity.retain(|c| *c != warning);
        s.opportunity.push_front(warning);
        let place = Colditz::legal_actions(&s, 0)
            .into_iter()
            .find(|a| matches!(a, Action::PlaceGuards { .. }))
            .unwrap();
        act(&mut s, 0, place);
        for (seat, dice) in [(1, [1, 2]), (2, [1, 3]), (0, [5, 6]), (1, [1, 3]), (2, [1, 3])] {
            act(&mut s, seat, Action::Throw { dice: vec![dice] });
            act(&mut s, seat, Action::EndTurn);
        }
        assert_eq!(s.hands[1], vec![warning]);
        act(
            &mut s,
            0,
            Action::Play {
                card: CardId(77),
                men: vec![],
                equipment: vec![],
                dice: Default::default(),
                tunnel: Default::default(),
                cells: Default::default(),
            },
        );
        let shown = present(&s, 1, Colditz::legal_actions(&s, 1));
        let (with, label, inputs) = shown
            .iter()
            .find(|(a, _, _)| matches!(a, Action::AnswerAppel(x) if x.warning.is_some()))
            .expect("the warning is offered");
        assert_eq!(label.key, "colditz-page-action-warning");
        assert!(inputs.iter().any(|i| i.field == "warning.moves" && i.kind == InputKind::Placements));
        assert!(
            present(&s, 2, Colditz::legal_actions(&s, 2))
                .iter()
                .all(|(a, _, _)| !matches!(a, Action::AnswerAppel(x) if x.warning.is_some())),
            "Bill holds no warning"
        );
        // Filled in as the form does, the answer is accepted: Amy's man goes to a free safe circle.
        let man = s.men_of(1).next().unwrap();
        let safe = BOARD
            .circles_of(feldpost_engine::colditz::board::CircleKind::Safe)
            .find(|c| !s.occupied(*c))
            .unwrap();
        let mut json = serde_json::to_value(with).unwrap();
        json["warning"]["moves"] = serde_json::json!([{"man": man, "to": safe.to_string()}]);
        let answer: Action = serde_json::from_value(json).unwrap();
        act(&mut s, 1, answer);
    }

    /// Every id this module and the board renderer's page additions emit is in every catalog.
    #[test]
    fn every_page_message_is_in_every_language() {
        let en = include_str!("../../locales/en/colditz.ftl");
        let cs = include_str!("../../locales/cs/colditz.ftl");
        let ru = include_str!("../../locales/ru/colditz.ftl");
        let ids = |src: &str| -> std::collections::BTreeSet<String> {
            src.lines()
                .filter(|l| !l.starts_with([' ', '#']) && l.contains(" = "))
                .map(|l| l.split(" = ").next().unwrap().trim().to_owned())
                .collect()
        };
        assert_eq!(ids(en), ids(cs));
        assert_eq!(ids(en), ids(ru));
        let source = include_str!("mod.rs").to_owned() + include_str!("board.rs");
        let all = ids(en);
        for quoted in source.split('"').skip(1).step_by(2) {
            if (quoted.starts_with("colditz-page-") || quoted.starts_with("colditz-input-"))
                && !quoted.ends_with('-')
                && !quoted.contains(['{', ' '])
            {
                assert!(all.contains(quoted), "{quoted} is not in colditz.ftl");
            }
        }
        for kind in ["appel", "search", "confiscation", "sabotage"] {
            assert!(
                all.contains(&format!("colditz-page-window-{kind}"))
                    && all.contains(&format!("colditz-page-window-default-{kind}"))
            );
        }
        for nation in feldpost_engine::colditz::options::Nation::ALL {
            assert!(all.contains(&format!("colditz-page-piece-{}", nation.key())));
        }
    }

    /// Every kind of window the engine opens has its words, and its default, in every language.
    #[test]
    fn every_window_kind_has_its_words() {
        let catalogs = [
            include_str!("../../locales/en/colditz.ftl"),
            include_str!("../../locales/cs/colditz.ftl"),
            include_str!("../../locales/ru/colditz.ftl"),
        ];
        for kind in ["appel", "search", "confiscation", "sabotage", "talisman", "arrest-holder", "lend"] {
            for catalog in catalogs {
                for key in
                    [format!("colditz-page-window-{kind} ="), format!("colditz-page-window-default-{kind} =")]
                {
                    assert!(catalog.lines().any(|l| l.starts_with(&key)), "{key}");
                }
            }
        }
    }
}
