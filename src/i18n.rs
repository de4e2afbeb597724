//! Czech, English and Russian through Fluent. The engine speaks in message ids ([`Msg`]); this module
//! turns them into words for one language, putting player names in for seats.

use feldpost_engine::{Arg, Msg};
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./src/locales",
        fallback_language: "en",
        // Unicode isolation marks would end up in plain-text mail and in <title>s.
        customise: |bundle| {
            bundle.set_use_isolating(false);
            // CS_Z($n): "ze" or "z", the Czech preposition before the number n (`cs_z_before`).
            let _ = bundle.add_function("CS_Z", |positional, _named| match positional.first() {
                Some(FluentValue::Number(n)) if n.value >= 0.0 => FluentValue::from(cs_z_before(n.value as u64)),
                _ => FluentValue::from("z"),
            });
        },
    };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Cs,
    Ru,
}

static EN: LazyLock<LanguageIdentifier> = LazyLock::new(|| "en".parse().expect("valid language id"));
static CS: LazyLock<LanguageIdentifier> = LazyLock::new(|| "cs".parse().expect("valid language id"));
static RU: LazyLock<LanguageIdentifier> = LazyLock::new(|| "ru".parse().expect("valid language id"));

/// The plain messages (no arguments) already formatted, per language: the catalogs are compiled
/// in and never change, and a mail or a page asks for dozens of them. Only ids the catalogs hold
/// are kept, so what is kept is bounded by the catalogs.
static PLAIN: LazyLock<[Kept<std::sync::Arc<str>>; 3]> = LazyLock::new(Default::default);

/// Messages already formatted, by what made them.
type Kept<T> = std::sync::RwLock<HashMap<String, T>>;

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::Cs, Lang::En, Lang::Ru];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Cs => "cs",
            Lang::Ru => "ru",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        match code.trim().to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "cs" => Some(Lang::Cs),
            "ru" => Some(Lang::Ru),
            _ => None,
        }
    }

    fn id(self) -> &'static LanguageIdentifier {
        match self {
            Lang::En => &EN,
            Lang::Cs => &CS,
            Lang::Ru => &RU,
        }
    }

    /// The best of our languages for an Accept-Language header (English when nothing fits).
    pub fn negotiate(accept_language: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for part in accept_language.split(',') {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim();
            let q = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.parse::<f32>().ok())
                .unwrap_or(1.0);
            let primary = tag.split('-').next().unwrap_or("");
            if let Some(lang) = Lang::from_code(primary)
                && q > 0.0
                && best.is_none_or(|(bq, _)| q > bq)
            {
                best = Some((q, lang));
            }
        }
        best.map(|(_, l)| l).unwrap_or_default()
    }
}

/// A count as a number; anything else (names, addresses, dates, "007") as the text it is, so
/// that a count prints exactly as it was written.
fn text_or_count(value: &str) -> FluentValue<'static> {
    let canonical = !value.is_empty()
        && value.len() <= 15
        && value.bytes().all(|b| b.is_ascii_digit())
        && (value == "0" || !value.starts_with('0'));
    match value.parse::<i64>() {
        Ok(n) if canonical => FluentValue::from(n),
        _ => FluentValue::from(value.to_owned()),
    }
}

/// Czech says "ze" before a number whose spoken form starts with s, z, š, ž or with a cluster
/// ("ze 2" dvou, "ze 3" tří, "ze 4" čtyř, "ze 7" sedmi, "ze 100" sta) and "z" otherwise; the
/// catalogs call it as the Fluent function `CS_Z($n)`.
pub fn cs_z_before(n: u64) -> &'static str {
    fn ze(n: u64) -> bool {
        match n {
            0 | 1 | 5 | 8 | 9 | 10 | 11 | 15 | 18 | 19 => false,
            2 | 3 | 4 | 6 | 7 | 12 | 13 | 14 | 16 | 17 => true,
            20..=99 => matches!(n / 10, 2 | 3 | 4 | 6 | 7),
            100..=199 => true,
            200..=999 => ze(n / 100),
            1000..=1999 => false,
            _ => ze(n / 1000),
        }
    }
    if ze(n) { "ze" } else { "z" }
}

/// A name set apart from the text around it by FIRST STRONG ISOLATE and POP DIRECTIONAL
/// ISOLATE, where no `<bdi>` can stand (a sentence, an `<option>`, an SVG drawing's text): a
/// right-to-left name then cannot reorder what surrounds it.
pub fn isolated(name: &str) -> String {
    format!("\u{2068}{name}\u{2069}")
}

/// `text` without the isolates [`isolated`] puts around names (no name can hold one:
/// `crate::input` refuses them), for plain text: a mail's text part and its subject.
pub fn unisolated(text: &str) -> String {
    text.replace(['\u{2068}', '\u{2069}'], "")
}

/// Players' names, each [`isolated`] (for a board drawing on a page).
pub fn isolated_names(names: Vec<String>) -> Vec<String> {
    names.iter().map(|n| isolated(n)).collect()
}

/// A message in `lang`, in the fallback language if `lang`'s catalog lacks it. The language's
/// own catalog is asked first, directly: the loader's own lookup negotiates the languages again
/// on every call, a third of a message's cost (and a mail asks for dozens).
/// Messages with arguments as last formatted, per language, by id and arguments: a game's mail
/// says the same things over and over (its subject, a seat's greeting, "Alena threw 4"), and
/// Fluent's formatting was the largest part of writing a turn mail. Cleared when full. Looked
/// up by a key written from the message before any of Fluent's arguments are made (making them
/// for a message already kept cost as much as the lookup), with a fast hasher (foldhash,
/// randomly seeded: a name chosen to collide gains nothing it could not by sending more mail).
static FORMATTED: LazyLock<[std::sync::Mutex<Formatted>; 3]> = LazyLock::new(Default::default);

type Formatted = HashMap<String, String, foldhash::fast::RandomState>;

/// Formatted messages kept per language, at most (some megabytes).
const FORMATTED_KEPT: usize = 20_000;

/// The memo's key of a message: its id, then each argument's name, kind and value (a text led
/// by its length, so that no text can pass for more arguments), with separators no catalog id
/// or argument name holds.
struct MemoKey(String);

impl MemoKey {
    fn new(key: &str, args: usize) -> MemoKey {
        let mut k = String::with_capacity(key.len() + 24 * args);
        k.push_str(key);
        MemoKey(k)
    }
    fn arg(&mut self, kind: char, name: &str, value: &str) {
        use std::fmt::Write as _;
        self.0.push('\u{1}');
        self.0.push_str(name);
        self.0.push(kind);
        let _ = write!(self.0, "{}:", value.len());
        self.0.push_str(value);
    }
    fn num(&mut self, name: &str, n: i64) {
        use std::fmt::Write as _;
        self.0.push('\u{1}');
        self.0.push_str(name);
        let _ = write!(self.0, "\u{3}{n}");
    }
}

/// `key` in `lang` as kept under `memo`, or formatted now with the arguments `args` makes (the
/// id itself when no catalog has it).
fn formatted<'a>(
    lang: Lang,
    key: &str,
    memo: MemoKey,
    args: impl FnOnce() -> Vec<(&'a str, FluentValue<'static>)>,
) -> String {
    let kept = &FORMATTED[lang as usize];
    if let Some(text) = kept.lock().expect("formatted messages").get(&memo.0) {
        return text.clone();
    }
    let text = format_args_now(lang, key, args());
    let mut kept = kept.lock().expect("formatted messages");
    if kept.len() >= FORMATTED_KEPT {
        kept.clear();
    }
    kept.insert(memo.0, text.clone());
    text
}

fn format_args_now(lang: Lang, key: &str, args: Vec<(&str, FluentValue)>) -> String {
    let args: HashMap<Cow<'static, str>, FluentValue> =
        args.into_iter().map(|(k, v)| (Cow::Owned(k.to_owned()), v)).collect();
    lookup(lang, key, Some(&args)).unwrap_or_else(|| key.to_owned())
}

fn lookup(lang: Lang, key: &str, args: Option<&HashMap<Cow<'static, str>, FluentValue>>) -> Option<String> {
    LOCALES
        .lookup_single_language(lang.id(), key, args)
        .ok()
        .or_else(|| LOCALES.try_lookup_complete(lang.id(), key, args))
}

/// A translator for one language and one table of players.
#[derive(Clone)]
pub struct Tr {
    pub lang: Lang,
    names: Vec<String>,
    /// Names set apart by Unicode isolates (see [`Tr::isolating`]).
    isolate: bool,
}

impl Tr {
    pub fn new(lang: Lang) -> Self {
        Tr { lang, names: Vec::new(), isolate: false }
    }

    /// Seats in messages become these names.
    pub fn with_names(mut self, names: Vec<String>) -> Self {
        self.names = names;
        self
    }

    /// Seats' names in messages set apart by FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE
    /// (U+2068, U+2069), so that a right-to-left name cannot reorder the sentence around it: for
    /// HTML pages, whose sentences cannot hold a `<bdi>` (Fluent's own isolation is off, see
    /// LOCALES: the same messages go into plain-text mail).
    pub fn isolating(mut self) -> Self {
        self.isolate = true;
        self
    }

    /// A plain message by id.
    pub fn t(&self, key: &str) -> String {
        let memo = &PLAIN[self.lang as usize];
        if let Some(text) = memo.read().expect("plain messages").get(key) {
            return text.to_string();
        }
        match lookup(self.lang, key, None) {
            Some(text) => {
                memo.write().expect("plain messages").insert(key.to_owned(), text.as_str().into());
                text
            }
            None => key.to_owned(),
        }
    }

    /// A message with arguments given as text. A count among them (a plain whole number) goes to
    /// Fluent as a number, so that the catalogs can choose plural forms by it (Russian needs
    /// one/few/many); everything else stays text.
    pub fn t_args(&self, key: &str, args: &[(&str, String)]) -> String {
        let mut memo = MemoKey::new(key, args.len());
        for (name, value) in args {
            memo.arg('\u{2}', name, value);
        }
        formatted(self.lang, key, memo, || args.iter().map(|(k, v)| (*k, text_or_count(v))).collect())
    }

    /// [`Tr::t_args`] for a message said once (a step's receipt, whose hash is new each step):
    /// formatted without being kept, so that it does not crowd out what is said over and over.
    pub fn t_args_once(&self, key: &str, args: &[(&str, String)]) -> String {
        format_args_now(self.lang, key, args.iter().map(|(k, v)| (*k, text_or_count(v))).collect())
    }

    /// An engine message, with seats named and nested keys translated.
    pub fn msg(&self, msg: &Msg) -> String {
        // Kept by what the message says: a seat by its name as this translator writes it, a
        // nested message by its id (its text in this language never changes).
        let mut memo = MemoKey::new(&msg.key, msg.args.len());
        for (name, arg) in &msg.args {
            match arg {
                Arg::Seat(s) => match self.names.get(usize::from(*s)) {
                    Some(n) => memo.arg(if self.isolate { '\u{5}' } else { '\u{4}' }, name, n),
                    None => memo.arg('\u{7}', name, &s.to_string()),
                },
                Arg::Num(n) => memo.num(name, *n),
                Arg::Text(t) => memo.arg('\u{2}', name, t),
                Arg::Key(k) => memo.arg('\u{6}', name, k),
            }
        }
        formatted(self.lang, &msg.key, memo, || {
            msg.args
                .iter()
                .map(|(name, arg)| {
                    let value = match arg {
                        Arg::Seat(s) => FluentValue::from(self.seat_name(*s)),
                        Arg::Num(n) => FluentValue::from(*n),
                        Arg::Text(t) => FluentValue::from(t.clone()),
                        Arg::Key(k) => FluentValue::from(self.t(k)),
                    };
                    (name.as_str(), value)
                })
                .collect()
        })
    }

    pub fn seat_name(&self, seat: feldpost_engine::Seat) -> String {
        self.names
            .get(usize::from(seat))
            .map(|n| if self.isolate { isolated(n) } else { n.clone() })
            .unwrap_or_else(|| self.t_args("seat-numbered", &[("n", (u32::from(seat) + 1).to_string())]))
    }

    /// A moment as a person reads it in `zone` (their time zone; `None`: UTC, said so), in
    /// this language: "Tuesday 8 December 2026, 18:00 (Europe/Prague)". The weekday and the
    /// date are the zone's own, so a deadline just past midnight there names the next day.
    pub fn deadline(&self, ms: i64, zone: Option<&crate::input::TimeZoneName>) -> String {
        let Ok(at) = jiff::Timestamp::from_millisecond(ms) else { return crate::clock::format_utc(ms) };
        let local = at.to_zoned_datetime(zone.map(|z| z.zone()).unwrap_or(jiff::tz::TimeZone::UTC));
        let mut args = vec![
            ("weekday", self.t(&format!("weekday-{}", local.weekday().to_monday_one_offset()))),
            ("day", local.day().to_string()),
            ("month", self.t(&format!("month-{}", local.month()))),
            ("year", local.year().to_string()),
            ("time", format!("{:02}:{:02}", local.hour(), local.minute())),
        ];
        match zone {
            Some(z) => {
                args.push(("zone", z.as_str().to_owned()));
                self.t_args("time-in-zone", &args)
            }
            None => self.t_args("time-in-utc", &args),
        }
    }

    /// Whether `key` exists in this language (for tests of the catalogs).
    pub fn has(&self, key: &str) -> bool {
        lookup(self.lang, key, None).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negotiates_by_quality() {
        assert_eq!(Lang::negotiate("cs-CZ,cs;q=0.9,en;q=0.8"), Lang::Cs);
        assert_eq!(Lang::negotiate("de-DE, en;q=0.5, cs;q=0.4"), Lang::En);
        assert_eq!(Lang::negotiate("de"), Lang::En);
        assert_eq!(Lang::negotiate(""), Lang::En);
        assert_eq!(Lang::negotiate("en;q=0.2, cs;q=0.7"), Lang::Cs);
        assert_eq!(Lang::negotiate("ru-RU,ru;q=0.9,en;q=0.8"), Lang::Ru);
        assert_eq!(Lang::negotiate("cs;q=0.9, ru;q=0.8"), Lang::Cs);
    }

    /// Every message id exists in every language: a string missing in one of them fails here.
    #[test]
    fn catalogs_have_the_same_ids() {
        fn ids(dir: &str) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
            let mut out = std::collections::BTreeMap::new();
            for entry in std::fs::read_dir(dir).expect("locale dir") {
                let path = entry.expect("entry").path();
                let text = std::fs::read_to_string(&path).expect("ftl file");
                let keys = text
                    .lines()
                    .filter(|l| !l.starts_with(' ') && !l.starts_with('#') && !l.starts_with('.'))
                    .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim().to_owned()))
                    .filter(|k| !k.is_empty())
                    .collect();
                out.insert(path.file_name().unwrap().to_string_lossy().into_owned(), keys);
            }
            out
        }
        let dir = |lang: Lang| format!("{}/src/locales/{}", env!("CARGO_MANIFEST_DIR"), lang.code());
        let en = ids(&dir(Lang::En));
        for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
            let other = ids(&dir(lang));
            assert_eq!(
                en.keys().collect::<Vec<_>>(),
                other.keys().collect::<Vec<_>>(),
                "the same .ftl files in en and {}",
                lang.code()
            );
            for (file, keys) in &en {
                let missing: Vec<_> = keys.difference(&other[file]).collect();
                let extra: Vec<_> = other[file].difference(keys).collect();
                assert!(
                    missing.is_empty() && extra.is_empty(),
                    "{file}: missing in {} {missing:?}, not in en {extra:?}",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn formatted_messages_kept_are_told_apart_by_language_and_every_argument() {
        let en = Tr::new(Lang::En).with_names(vec!["Ana".into(), "Bo".into()]);
        let greet = |tr: &Tr, name: &str| tr.t_args("mail-greeting", &[("player", name.to_owned())]);
        let first = greet(&en, "Ana");
        assert_eq!(greet(&en, "Ana"), first, "the kept text is the text");
        assert!(greet(&en, "Bo").contains("Bo") && !greet(&en, "Bo").contains("Ana"));
        assert_ne!(greet(&Tr::new(Lang::Cs), "Ana"), first, "each language its own");
        // A name that holds the memo's separators cannot pass for other arguments.
        let tricky = greet(&en, "Ana\u{1}player\u{2}3:Ana");
        assert!(tricky.contains("Ana\u{1}player"), "{tricky:?}");
        // A seat's name comes in as the seat's name, isolated or not.
        let turn = Msg::new("turn-of").seat("player", 1);
        assert!(en.msg(&turn).contains("Bo"));
        assert!(en.clone().isolating().msg(&turn).contains("\u{2068}Bo\u{2069}"));
        assert!(!en.msg(&turn).contains('\u{2068}'), "{:?}", en.msg(&turn));
        // Russian chooses its plural by the number, every time.
        let ru = Tr::new(Lang::Ru);
        let moves = |n: i64| ru.msg(&Msg::new("mail-asked-choose").num("n", n));
        assert_ne!(moves(2), moves(5));
        assert_eq!(moves(2), moves(2));
        assert_ne!(moves(2), Tr::new(Lang::Ru).msg(&Msg::new("mail-asked-choose").text("n", "2x")));
    }

    #[test]
    fn engine_messages_name_players() {
        let tr = Tr::new(Lang::En).with_names(vec!["Alena".into(), "Bořek".into()]);
        let text = tr.msg(&Msg::new("turn-of").seat("player", 1));
        assert!(text.contains("Bořek"), "{text}");
        let cs = Tr::new(Lang::Cs).with_names(vec!["Alena".into(), "Bořek".into()]);
        assert_ne!(cs.msg(&Msg::new("turn-of").seat("player", 1)), text);
    }

    #[test]
    fn days_of_absence_are_counted_as_each_language_counts() {
        let said = |lang, key: &str, n: u32| Tr::new(lang).t_args(key, &[("left", n.to_string())]);
        for (n, cs, en, ru) in [
            (1, "na 1 den;", "up to 1 more day in", "ещё 1 день."),
            (3, "na 3 dny;", "up to 3 more days in", "ещё 3 дня."),
            (5, "na 5 dní;", "up to 5 more days in", "ещё 5 дней."),
            (21, "na 21 dní;", "up to 21 more days in", "ещё 21 день."),
        ] {
            assert!(
                said(Lang::Cs, "mail-absence-lead", n).contains(cs),
                "{}",
                said(Lang::Cs, "mail-absence-lead", n)
            );
            assert!(
                said(Lang::En, "mail-absence-lead", n).contains(en),
                "{}",
                said(Lang::En, "mail-absence-lead", n)
            );
            assert!(
                said(Lang::Ru, "mail-absence-lead", n).contains(ru),
                "{}",
                said(Lang::Ru, "mail-absence-lead", n)
            );
        }
        let left =
            |lang, n: u32| Tr::new(lang).msg(&Msg::new("input-error-absence-left").num("left", n as i64));
        assert_eq!(left(Lang::Cs, 1), "V této hře vám zbývá už jen 1 den nepřítomnosti.");
        assert_eq!(left(Lang::Cs, 2), "V této hře vám zbývají už jen 2 dny nepřítomnosti.");
        assert_eq!(left(Lang::Cs, 7), "V této hře vám zbývá už jen 7 dní nepřítomnosti.");
        assert_eq!(left(Lang::En, 1), "Only 1 day of absence is left in this game.");
        assert_eq!(left(Lang::En, 4), "Only 4 days of absence are left in this game.");
    }
}
