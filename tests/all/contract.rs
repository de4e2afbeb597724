//! The server's half of the contract every ruleset keeps (the engine's half is
//! `feldpost_engine::contract`, which plays seeded random games and collects every message the
//! engine says): every message id it collected exists in every Fluent catalog of
//! `src/locales/<lang>/`, given the variables its text uses; each game's catalog has the same ids
//! in every language; and every test the rules documents name exists in the sources.
//!
//! The files are read at test time (from `CARGO_MANIFEST_DIR`): a language added as a folder
//! counts at once, and the engine, which does no I/O, never reads the server's files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use feldpost_engine::contract::{self, Messages, Report};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file under `dir` (recursively) whose name ends with `suffix`, skipping build output.
fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return found };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if path.is_dir() {
            if !matches!(name, "target" | ".git" | "node_modules" | "corpus" | "artifacts") {
                found.extend(files(&path, suffix));
            }
        } else if name.ends_with(suffix) {
            found.push(path);
        }
    }
    found
}

// ------------------------------------------------------------------------------------------
// Fluent catalogs, parsed: messages, terms, attributes, variables, selectors, references.

/// One pattern (a message's value or one attribute) as far as the checks need it.
#[derive(Debug, Default, Clone)]
struct Pattern {
    /// `$variables` used anywhere in it.
    variables: BTreeSet<String>,
    /// Each select expression on a variable: the variable, and its variants' keys.
    selects: Vec<(String, BTreeSet<String>)>,
    /// Messages (`id` or `id.attr`) and terms (`-id`) it refers to.
    references: BTreeSet<String>,
    /// Its source text, with runs of white space made one space (to compare languages).
    text: String,
}

#[derive(Debug, Default, Clone)]
struct Entry {
    /// The file it is defined in (for messages).
    file: String,
    value: Option<Pattern>,
    attributes: BTreeMap<String, Pattern>,
}

/// A language: the entries of all its files, by id (terms keep their `-`).
#[derive(Debug, Default)]
struct Catalog {
    lang: String,
    entries: BTreeMap<String, Entry>,
}

fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The pattern of an entry's text (everything after its `=`, continuation lines included).
fn parse_pattern(text: &str) -> Pattern {
    let mut pattern = Pattern::default();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '{' {
            i = parse_placeable(&chars, i + 1, &mut pattern);
        } else {
            i += 1;
        }
    }
    pattern
}

/// Parse a placeable whose content starts at `i` (just after `{`); returns the index after its
/// closing `}`.
fn parse_placeable(chars: &[char], mut i: usize, pattern: &mut Pattern) -> usize {
    let start = i;
    // The expression: up to `->`, or up to the closing brace.
    let mut expression = String::new();
    let mut select = false;
    while i < chars.len() {
        match chars[i] {
            '"' => {
                // A string literal: skip it, escapes included.
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                expression.push_str("\"\"");
                continue;
            }
            '-' if chars.get(i + 1) == Some(&'>') => {
                select = true;
                i += 2;
                break;
            }
            '}' => break,
            '{' => {
                i = parse_placeable(chars, i + 1, pattern);
                continue;
            }
            c => expression.push(c),
        }
        i += 1;
    }
    let expression = expression.trim();
    for piece in expression.split('$').skip(1) {
        let name: String =
            piece.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect();
        pattern.variables.insert(name);
    }
    let head = expression.split(['(', ' ', ',']).next().unwrap_or_default();
    if let Some(term) = head.strip_prefix('-') {
        pattern.references.insert(format!("-{term}"));
    } else if !head.starts_with('$')
        && head.split('.').all(is_identifier)
        && !head.chars().all(|c| c.is_ascii_uppercase() || c == '_' || c == '-')
    {
        pattern.references.insert(head.to_owned());
    }
    let _ = start;
    if !select {
        return i + 1;
    }
    // Variants: `[key] pattern` or `*[key] pattern`, until the select's closing brace.
    let selector = expression.trim_start_matches('$').trim().to_owned();
    let mut keys = BTreeSet::new();
    let mut line_start = true;
    while i < chars.len() {
        match chars[i] {
            '}' => {
                i += 1;
                break;
            }
            '{' => {
                i = parse_placeable(chars, i + 1, pattern);
                line_start = false;
                continue;
            }
            '\n' => line_start = true,
            '*' | ' ' if line_start => {}
            '[' if line_start => {
                let key: String = chars[i + 1..].iter().take_while(|&&c| c != ']').collect();
                i += key.chars().count() + 1;
                keys.insert(key.trim().to_owned());
                line_start = false;
            }
            _ => line_start = false,
        }
        i += 1;
    }
    if selector.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        pattern.selects.push((selector, keys));
    }
    i
}

/// Parse one `.ftl` file into `catalog`: comments (`#`), messages and terms at the start of a
/// line, their indented continuation lines, and attributes (`.name = ...`).
fn parse_ftl(file: &str, text: &str, catalog: &mut Catalog) {
    // (id, current attribute, text of the current pattern)
    let mut current: Option<(String, Option<String>, String)> = None;
    let finish = |current: &mut Option<(String, Option<String>, String)>, catalog: &mut Catalog| {
        if let Some((id, attribute, body)) = current.take() {
            let mut pattern = parse_pattern(&body);
            pattern.text = body.split_whitespace().collect::<Vec<_>>().join(" ");
            let entry = catalog.entries.get_mut(&id).expect("entry opened");
            match attribute {
                None => entry.value = Some(pattern),
                Some(name) => {
                    assert!(
                        entry.attributes.insert(name.clone(), pattern).is_none(),
                        "{file}: {id}.{name} twice"
                    );
                }
            }
        }
    };
    for (number, line) in text.lines().enumerate() {
        let at = || format!("{file}:{}", number + 1);
        if line.starts_with('#') {
            finish(&mut current, catalog);
            continue;
        }
        if line.trim().is_empty() {
            // A blank line may sit inside a multiline pattern; it ends nothing by itself.
            continue;
        }
        // Indented lines continue the entry; so do a select's variants and closing brace, which
        // Fluent allows at the start of a line.
        let continues =
            line.starts_with(' ') || line.starts_with('}') || line.starts_with('[') || line.starts_with("*[");
        if continues {
            let trimmed = line.trim_start();
            let attribute = trimmed
                .strip_prefix('.')
                .and_then(|rest| rest.split_once('='))
                .filter(|(name, _)| is_identifier(name.trim()));
            match (attribute, &mut current) {
                (Some((name, body)), Some((id, _, _))) => {
                    let id = id.clone();
                    finish(&mut current, catalog);
                    current = Some((id, Some(name.trim().to_owned()), body.to_owned()));
                }
                (None, Some((_, _, body))) => {
                    body.push('\n');
                    body.push_str(line);
                }
                (_, None) => panic!("{}: an indented line outside any message: {line:?}", at()),
            }
            continue;
        }
        finish(&mut current, catalog);
        let Some((id, body)) = line.split_once('=') else { panic!("{}: not a message: {line:?}", at()) };
        let id = id.trim();
        let name = id.strip_prefix('-').unwrap_or(id);
        assert!(is_identifier(name), "{}: bad id {id:?}", at());
        if let Some(first) = catalog.entries.get(id) {
            panic!("{}: {id} is defined twice in {} (also in {})", at(), catalog.lang, first.file);
        }
        catalog.entries.insert(id.to_owned(), Entry { file: file.to_owned(), ..Entry::default() });
        current = Some((id.to_owned(), None, body.to_owned()));
    }
    finish(&mut current, catalog);
}

/// Every language folder of `src/locales`, each read as one catalog (all its files).
fn catalogs() -> Vec<Catalog> {
    let dir = root().join("src/locales");
    let mut langs: Vec<PathBuf> =
        std::fs::read_dir(&dir).expect("src/locales").flatten().map(|e| e.path()).collect();
    langs.retain(|p| p.is_dir());
    langs.sort();
    let catalogs: Vec<Catalog> = langs
        .iter()
        .map(|dir| {
            let lang = dir.file_name().unwrap().to_string_lossy().into_owned();
            let mut catalog = Catalog { lang, entries: BTreeMap::new() };
            for file in files(dir, ".ftl") {
                let name = file.file_name().unwrap().to_string_lossy().into_owned();
                parse_ftl(&name, &read(&file), &mut catalog);
            }
            catalog
        })
        .collect();
    assert!(catalogs.iter().any(|c| c.lang == "en") && catalogs.iter().any(|c| c.lang == "cs"), "en and cs");
    catalogs
}

impl Catalog {
    /// The pattern `id` (or `id.attribute`) names.
    fn pattern(&self, id: &str) -> Option<&Pattern> {
        match id.split_once('.') {
            Some((id, attribute)) => self.entries.get(id)?.attributes.get(attribute),
            None => self.entries.get(id)?.value.as_ref(),
        }
    }

    /// The ids defined in one file (messages only).
    fn ids_in(&self, file: &str) -> BTreeSet<String> {
        self.entries
            .iter()
            .filter(|(id, e)| e.file == file && !id.starts_with('-'))
            .map(|(id, _)| id.clone())
            .collect()
    }
}

#[test]
fn every_catalog_parses_and_its_references_resolve() {
    for catalog in catalogs() {
        assert!(catalog.entries.len() > 300, "{}: only {} entries", catalog.lang, catalog.entries.len());
        for (id, entry) in &catalog.entries {
            assert!(entry.value.is_some() || !entry.attributes.is_empty(), "{}: {id} is empty", catalog.lang);
            assert!(
                !id.starts_with('-') || entry.value.is_some(),
                "{}: term {id} needs a value",
                catalog.lang
            );
            for pattern in entry.value.iter().chain(entry.attributes.values()) {
                for reference in &pattern.references {
                    assert!(
                        catalog.pattern(reference).is_some(),
                        "{}: {id} refers to {reference}, not defined",
                        catalog.lang
                    );
                }
            }
        }
    }
}

/// Every message of a contract run exists in every catalog, with the variables its text uses
/// among the arguments given each time, and a variant for each value of a text argument it
/// selects on.
fn check_messages(ruleset: &str, messages: &Messages) {
    let problems = message_problems(messages);
    assert!(problems.is_empty(), "{ruleset}: {} problems:\n{}", problems.len(), problems.join("\n"));
}

fn message_problems(messages: &Messages) -> Vec<String> {
    let catalogs = catalogs();
    let mut problems = Vec::new();
    for catalog in &catalogs {
        for (id, used) in messages.uses() {
            let Some(pattern) = catalog.pattern(id) else {
                problems.push(format!("{}: {id} is missing", catalog.lang));
                continue;
            };
            for given in &used.arg_sets {
                let missing: Vec<&String> = pattern.variables.iter().filter(|v| !given.contains(v)).collect();
                if !missing.is_empty() {
                    problems.push(format!("{}: {id} uses {missing:?} but is given {given:?}", catalog.lang));
                }
            }
            for (selector, keys) in &pattern.selects {
                for value in used.texts.get(selector).into_iter().flatten() {
                    if !keys.contains(value) {
                        problems
                            .push(format!("{}: {id} has no variant [{value}] for ${selector}", catalog.lang));
                    }
                }
            }
        }
    }
    problems
}

/// The message check itself: a missing id, a variable the engine does not give, a text value
/// with no variant, and a nested id that does not exist are each caught, in every language.
#[test]
fn the_message_check_catches_missing_ids_arguments_and_variants() {
    let mut messages = Messages::default();
    messages.note(&feldpost_engine::Msg::new("zajatce-event-rolled").seat("player", 0).num("die", 3));
    assert!(message_problems(&messages).is_empty(), "{:?}", message_problems(&messages));
    messages.note(&feldpost_engine::Msg::new("zajatce-event-rolled").seat("player", 0));
    messages.note(&feldpost_engine::Msg::new("zajatce-event-ended").text("reason", "no-such-reason"));
    messages
        .note(&feldpost_engine::Msg::new("zajatce-refusal-game-over").key("nested", "zajatce-no-such-id"));
    let problems = message_problems(&messages);
    let langs = catalogs().len();
    assert_eq!(problems.len(), 3 * langs, "{problems:#?}");
    assert!(
        problems.iter().any(|p| p.ends_with("zajatce-event-rolled uses [\"die\"] but is given [\"player\"]"))
    );
    assert!(
        problems
            .iter()
            .any(|p| p.ends_with("zajatce-event-ended has no variant [no-such-reason] for $reason"))
    );
    assert!(problems.iter().any(|p| p.ends_with("zajatce-no-such-id is missing")));
}

/// Ids written in the engine's sources of a game: string literals `"<game>-…"`.
fn source_ids(game: &str, dirs: &[PathBuf]) -> BTreeSet<String> {
    let prefix = format!("\"{game}-");
    let mut ids = BTreeSet::new();
    // The sources, and the templates beside a game's code (they name ids as `tr.t("…")`).
    for dir in dirs {
        for file in files(dir, ".rs").into_iter().chain(files(dir, ".html")) {
            if file.components().any(|c| c.as_os_str() == "tests") {
                continue;
            }
            for piece in read(&file).split(&prefix).skip(1) {
                let rest: String = piece
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
                    .collect();
                if piece[rest.len()..].starts_with('"') {
                    ids.insert(format!("{game}-{rest}"));
                }
            }
        }
    }
    ids
}

/// A game's own catalog file: the same ids in every language, each with the game's prefix;
/// every id its engine's sources write exists there; and every id there is written somewhere in
/// the game's sources under `used_in` (the engine's, and the server's where it draws the board).
fn check_game_catalog(game: &str, at_least: usize, used_in: &[&str]) {
    let catalogs = catalogs();
    let file = format!("{game}.ftl");
    let english = catalogs.iter().find(|c| c.lang == "en").unwrap().ids_in(&file);
    assert!(english.iter().all(|id| id.starts_with(&format!("{game}-"))), "{file}: an id without the prefix");
    // The house spells ids in lowercase words joined by dashes.
    let badly_spelt: Vec<_> = english
        .iter()
        .filter(|id| !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
        .collect();
    assert!(badly_spelt.is_empty(), "{file}: bad ids {badly_spelt:?}");
    for catalog in &catalogs {
        let ids = catalog.ids_in(&file);
        let missing: Vec<_> = english.difference(&ids).collect();
        let extra: Vec<_> = ids.difference(&english).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: {file} lacks {missing:?}, adds {extra:?}",
            catalog.lang
        );
    }
    let engine = root().join("crates/engine/src").join(game);
    let written = source_ids(game, std::slice::from_ref(&engine));
    assert!(written.len() > at_least, "the scan of {} found only {} ids", engine.display(), written.len());
    for catalog in &catalogs {
        let missing: Vec<_> = written.iter().filter(|id| catalog.pattern(id).is_none()).collect();
        assert!(missing.is_empty(), "{}: the engine writes {missing:?}, not in the catalog", catalog.lang);
    }
    let dirs: Vec<PathBuf> = used_in.iter().map(|d| root().join(d).join(game)).collect();
    let mut everywhere = source_ids(game, &dirs);
    // The new-game form and the home page name ids by convention from the ruleset itself:
    // `<game>-name`, `-about`, `-new-help`, and `<game>-opt-<option>` (and `-<value>` for each
    // value a choice offers). Those are used exactly when the ruleset has that option.
    let rules = feldpost::games::by_id(game).expect("a ruleset of that id");
    everywhere.extend(["name", "about", "new-help"].map(|s| format!("{game}-{s}")));
    for (field, _) in rules.default_options().as_object().cloned().unwrap_or_default() {
        let opt = format!("{game}-opt-{}", field.replace('_', "-"));
        for value in rules.option_choices(&field) {
            everywhere.insert(format!("{opt}-{}", value.replace('_', "-")));
        }
        everywhere.insert(opt);
    }
    let unused: Vec<_> = english.iter().filter(|id| !everywhere.contains(*id)).collect();
    assert!(unused.is_empty(), "{file}: not used in {used_in:?}: {unused:?}");
}

/// The standard contract runs, each once for all the tests below.
fn report(game: &str) -> &'static Report {
    use std::sync::OnceLock;
    static ZAJATCE: OnceLock<Report> = OnceLock::new();
    static SLUZBA: OnceLock<Report> = OnceLock::new();
    static COLDITZ: OnceLock<Report> = OnceLock::new();
    match game {
        "zajatce" => ZAJATCE.get_or_init(|| contract::zajatce().run()),
        "sluzba" => SLUZBA.get_or_init(|| contract::sluzba().run()),
        _ => COLDITZ.get_or_init(|| contract::colditz().run()),
    }
}

#[test]
fn every_message_of_random_zajatce_games_is_in_every_catalog_with_its_arguments() {
    let messages = &report("zajatce").messages;
    // The sample must reach most of what the engine says, or it proves little.
    assert!(
        messages.len() >= 45,
        "only {} ids were used: {:?}",
        messages.len(),
        messages.ids().collect::<Vec<_>>()
    );
    check_messages("zajatce", messages);
}

#[test]
fn every_message_of_random_sluzba_games_is_in_every_catalog_with_its_arguments() {
    let messages = &report("sluzba").messages;
    assert!(messages.len() > 60, "only {} ids were used", messages.len());
    check_messages("sluzba", messages);
}

#[test]
fn every_message_of_random_colditz_games_is_in_every_catalog_with_its_arguments() {
    let messages = &report("colditz").messages;
    assert!(messages.len() > 60, "only {} ids were used", messages.len());
    check_messages("colditz", messages);
}

#[test]
fn the_zajatce_catalog_has_the_same_ids_in_every_language_and_every_id_the_engine_writes() {
    check_game_catalog("zajatce", 40, &["crates/engine/src", "src/games"]);
}

#[test]
fn the_sluzba_catalog_has_the_same_ids_in_every_language_and_every_id_the_engine_writes() {
    check_game_catalog("sluzba", 100, &["crates/engine/src", "src/games"]);
}

// ------------------------------------------------------------------------------------------
// Tests named in the documents exist.

/// A function found in the Rust sources: its module path (from the file's place and inline
/// `mod` blocks) and whether it is a test (`#[test]`, `#[tokio::test]`, inside `proptest!`).
#[derive(Debug)]
struct Function {
    module: Vec<String>,
    name: String,
    test: bool,
}

/// The module path of a file: the part after its target's root folder (`src`, `tests/<binary>`,
/// `benches`, `examples`, `fuzz_targets`), without `mod.rs`, `lib.rs` or `main.rs`.
fn module_of(relative: &Path) -> Vec<String> {
    let parts: Vec<String> =
        relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    let Some(root) = parts
        .iter()
        .position(|p| matches!(p.as_str(), "src" | "tests" | "benches" | "examples" | "fuzz_targets"))
    else {
        return Vec::new();
    };
    let mut rest: Vec<String> = parts[root + 1..].to_vec();
    // An integration test binary in its own folder (`tests/all/main.rs`): the folder is its root.
    if parts[root] == "tests" && rest.len() >= 2 {
        rest.remove(0);
    }
    if let Some(last) = rest.pop() {
        let stem = last.trim_end_matches(".rs");
        if !matches!(stem, "mod" | "lib" | "main") {
            rest.push(stem.to_owned());
        }
    }
    rest
}

/// The functions of one Rust file. A small lexer: it skips comments, strings (raw ones too) and
/// character literals, follows braces for inline modules and `proptest!` blocks, and remembers
/// the attributes before each `fn`.
fn functions_in(module: Vec<String>, source: &str) -> (Vec<Function>, Vec<Vec<String>>) {
    let chars: Vec<char> = source.chars().collect();
    let mut found = Vec::new();
    let mut modules = vec![module.clone()];
    // Open braces: Some(name) for an inline module, Some("proptest!") for a proptest block.
    let mut stack: Vec<Option<String>> = Vec::new();
    let mut attributes: Vec<String> = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut i = 0;
    let current = |stack: &[Option<String>]| -> Vec<String> {
        let mut path = module.clone();
        path.extend(stack.iter().flatten().filter(|n| *n != "proptest!").cloned());
        path
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            continue;
        }
        if c == 'r'
            && (chars.get(i + 1) == Some(&'#') || chars.get(i + 1) == Some(&'"'))
            && !chars.get(i.wrapping_sub(1)).is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) == Some(&'"') {
                i += 2 + hashes;
                let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                while i < chars.len() && chars[i..].iter().take(close.len()).collect::<String>() != close {
                    i += 1;
                }
                i += close.len();
                continue;
            }
        }
        if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            continue;
        }
        if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if chars.get(i + 1) == Some(&'\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
            continue;
        }
        if c == '#' && (chars.get(i + 1) == Some(&'[') || chars.get(i + 1) == Some(&'!')) {
            let open = chars[i..].iter().position(|&x| x == '[').map(|p| i + p);
            if let Some(open) = open {
                let mut depth = 0;
                let mut j = open;
                while j < chars.len() {
                    match chars[j] {
                        '[' => depth += 1,
                        ']' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                attributes
                    .push(chars[open + 1..j.min(chars.len())].iter().collect::<String>().replace(' ', ""));
                i = j + 1;
                continue;
            }
        }
        if c.is_alphabetic() || c == '_' {
            let word: String = chars[i..].iter().take_while(|x| x.is_alphanumeric() || **x == '_').collect();
            i += word.chars().count();
            if words.last().is_some_and(|w| w == "fn") {
                let in_proptest = stack.iter().any(|s| s.as_deref() == Some("proptest!"));
                let test = in_proptest
                    || attributes
                        .iter()
                        .any(|a| a == "test" || a.ends_with("::test") || a.starts_with("tokio::test"));
                found.push(Function { module: current(&stack), name: word.clone(), test });
                attributes.clear();
            }
            words.push(word);
            continue;
        }
        match c {
            '{' => {
                let n = words.len();
                let opened = if n >= 2 && words[n - 2] == "mod" {
                    Some(words[n - 1].clone())
                } else if words.last().is_some_and(|w| w == "proptest")
                    && chars[..i].iter().rev().find(|x| !x.is_whitespace()) == Some(&'!')
                {
                    Some("proptest!".to_owned())
                } else {
                    None
                };
                if let Some(name) = &opened
                    && name != "proptest!"
                {
                    let mut path = current(&stack);
                    path.push(name.clone());
                    modules.push(path);
                }
                stack.push(opened);
                words.clear();
                if !matches!(stack.last(), Some(Some(_))) {
                    attributes.clear();
                }
            }
            '}' => {
                stack.pop();
                words.clear();
                attributes.clear();
            }
            ';' => {
                words.clear();
                attributes.clear();
            }
            _ => {}
        }
        i += 1;
    }
    (found, modules)
}

struct Sources {
    functions: Vec<Function>,
    modules: Vec<Vec<String>>,
    /// Every file of the repository, relative to its root.
    paths: Vec<String>,
}

fn sources() -> Sources {
    let root = root();
    let mut functions = Vec::new();
    let mut modules = Vec::new();
    for file in files(&root, ".rs") {
        let relative = file.strip_prefix(&root).unwrap();
        let (found, mods) = functions_in(module_of(relative), &read(&file));
        functions.extend(found);
        modules.extend(mods);
    }
    let paths = files(&root, "")
        .into_iter()
        .map(|p| p.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/"))
        .collect();
    Sources { functions, modules, paths }
}

impl Sources {
    /// Whether `reference` names a test: `name`, `module::name` (the module path ends so),
    /// `module::*` or a module holding tests, or a file (`tests/decks.rs`).
    fn resolves(&self, reference: &str) -> bool {
        if reference.contains('/') || reference.contains('.') {
            return self.paths.iter().any(|p| p == reference || p.ends_with(&format!("/{reference}")));
        }
        let mut parts: Vec<&str> = reference.split("::").collect();
        let last = parts.pop().unwrap_or_default();
        let ends_with = |path: &[String], tail: &[&str]| {
            path.len() >= tail.len() && path[path.len() - tail.len()..].iter().zip(tail).all(|(a, b)| a == b)
        };
        let module_has_tests = |tail: &[&str]| {
            self.functions.iter().any(|f| {
                f.test && f.module.len() >= tail.len() && {
                    // The test may sit in the module or deeper inside it.
                    (tail.len()..=f.module.len()).any(|end| ends_with(&f.module[..end], tail))
                }
            })
        };
        if last == "*" {
            return module_has_tests(&parts);
        }
        let is_test = self.functions.iter().any(|f| f.test && f.name == last && ends_with(&f.module, &parts));
        let mut whole = parts.clone();
        whole.push(last);
        is_test
            || (!parts.is_empty()
                && self.modules.iter().any(|m| ends_with(m, &whole))
                && module_has_tests(&whole))
    }
}

/// The spans in backticks of a piece of markdown.
fn code_spans(text: &str) -> Vec<String> {
    text.split('`').skip(1).step_by(2).map(str::to_owned).collect()
}

/// A span in prose that reads as a test's name: snake case of four words or more, or a path
/// through a `tests` module, optionally behind a module path.
fn looks_like_a_test(span: &str) -> bool {
    let parts: Vec<&str> = span.split("::").collect();
    let snake = |p: &str| {
        !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    };
    if !parts.iter().all(|p| snake(p) || *p == "*") {
        return false;
    }
    let last = parts.last().copied().unwrap_or_default();
    last.matches('_').count() >= 3 || (parts.len() > 1 && parts.contains(&"tests"))
}

/// The tests a document names: every span in a table's "Tests" column, and in prose, spans that
/// read as test names in paragraphs that speak of tests.
fn named_tests(document: &str) -> Vec<(usize, String)> {
    let mut named = Vec::new();
    let lines: Vec<&str> = document.lines().collect();
    let mut tests_column: Option<usize> = None;
    let mut in_code = false;
    let mut paragraph: Vec<(usize, &str)> = Vec::new();
    let flush = |paragraph: &mut Vec<(usize, &str)>, named: &mut Vec<(usize, String)>| {
        let text: String = paragraph.iter().map(|(_, l)| *l).collect::<Vec<_>>().join(" ");
        if text.to_lowercase().contains("test") {
            for (number, line) in paragraph.iter() {
                named.extend(
                    code_spans(line).into_iter().filter(|s| looks_like_a_test(s)).map(|s| (*number, s)),
                );
            }
        }
        paragraph.clear();
    };
    for (index, line) in lines.iter().enumerate() {
        let number = index + 1;
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            flush(&mut paragraph, &mut named);
            continue;
        }
        if in_code {
            continue;
        }
        if line.starts_with('|') {
            flush(&mut paragraph, &mut named);
            let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
            let separator =
                lines.get(index + 1).is_some_and(|next| next.starts_with('|') && next.contains("---"));
            if separator {
                tests_column = cells.iter().position(|c| c.eq_ignore_ascii_case("tests"));
            } else if !line.contains("---")
                && let Some(column) = tests_column
                && let Some(cell) = cells.get(column)
            {
                named.extend(code_spans(cell).into_iter().map(|s| (number, s)));
            }
            continue;
        }
        tests_column = None;
        if line.trim().is_empty() || line.starts_with('#') {
            flush(&mut paragraph, &mut named);
        } else {
            paragraph.push((number, line));
        }
    }
    flush(&mut paragraph, &mut named);
    named
}

#[test]
fn every_test_the_rules_and_the_disputes_documents_name_exists() {
    let sources = sources();
    assert!(
        sources.functions.iter().filter(|f| f.test).count() > 300,
        "the scan found only {} tests",
        sources.functions.iter().filter(|f| f.test).count()
    );
    let mut documents = files(&root().join("docs/rules"), ".md");
    documents.push(root().join("docs/disputes.md"));
    let mut missing = Vec::new();
    let mut checked = 0;
    for document in documents {
        let name = document.strip_prefix(root()).unwrap().display().to_string();
        for (line, reference) in named_tests(&read(&document)) {
            checked += 1;
            if !sources.resolves(&reference) {
                missing.push(format!("{name}:{line}: `{reference}`"));
            }
        }
    }
    assert!(checked > 150, "only {checked} names were found in the documents");
    assert!(
        missing.is_empty(),
        "{} tests named in the documents do not exist:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// The document check itself: a renamed test is caught, in a table and in prose; a field name
/// in prose, or a test column's name in a paragraph about something else, is not a test.
#[test]
fn the_document_check_catches_a_test_that_does_not_exist() {
    let sources = sources();
    let document = "\
| Id | Rule | Tests |\n|---|---|---|\n| Z1 | board | `z1_two_to_four_players`, `z1_no_such_test_of_the_board` |\n\n\
Every rule is also tested by `random_games_end_and_keep_every_invariant` and `an_invented_test_name`.\n\n\
The option `throw_again_on_six` and `quiet_limit` are fields.\n";
    let named: Vec<String> = named_tests(document).into_iter().map(|(_, s)| s).collect();
    assert_eq!(
        named,
        [
            "z1_two_to_four_players",
            "z1_no_such_test_of_the_board",
            "random_games_end_and_keep_every_invariant",
            "an_invented_test_name"
        ]
    );
    let resolved: Vec<bool> = named.iter().map(|n| sources.resolves(n)).collect();
    assert_eq!(resolved, [true, false, true, false]);
    assert!(sources.resolves("zajatce::tests::scenarios::z1_two_to_four_players"));
    assert!(!sources.resolves("sluzba::tests::scenarios::z1_two_to_four_players"), "the module path counts");
    assert!(sources.resolves("random::tests::*"));
    assert!(!sources.resolves("no_such_module::*"));
}

/// C8: every message id the Colditz engine emits for cards, seats, refusals and events is in every
/// catalogue (moved here from the engine, which no longer reads the server's files).
#[test]
fn c8_every_colditz_card_and_message_has_words_in_every_language() {
    let ids = |text: &str| -> std::collections::BTreeSet<String> {
        text.lines()
            .filter(|l| !l.starts_with(' ') && !l.starts_with('#'))
            .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim().to_string()))
            .collect()
    };
    let en = ids(&read(&root().join("src/locales/en/colditz.ftl")));
    for lang in ["cs", "ru"] {
        assert_eq!(en, ids(&read(&root().join(format!("src/locales/{lang}/colditz.ftl")))), "{lang}");
    }
    for kind in feldpost_engine::colditz::cards::CATALOGUE.iter() {
        assert!(en.contains(&kind.name()), "{}", kind.name());
        assert!(en.contains(&format!("{}-text", kind.name())), "{}-text", kind.name());
    }
    let engine = root().join("crates/engine/src/colditz");
    // decide/ is a folder, one module per rule area: every file of it is read.
    let mut sources: Vec<String> = files(&engine.join("decide"), ".rs").iter().map(|f| read(f)).collect();
    assert!(sources.len() > 1, "the decide/ folder was not found");
    sources.extend(["view.rs", "options.rs"].map(|f| read(&engine.join(f))));
    for source in &sources {
        // Refusals: refuse("<rule>", "<key>") and not_yours("<rule>", "<key>"); options: bad("<key>").
        for call in ["refuse(\"", "not_yours(\""] {
            for piece in source.split(call).skip(1) {
                if let Some(key) = piece.split('"').nth(2) {
                    assert!(en.contains(&format!("colditz-refusal-{key}")), "colditz-refusal-{key}");
                }
            }
        }
        for piece in source.split("bad(\"").skip(1) {
            let key = piece.split('"').next().unwrap();
            assert!(en.contains(&format!("colditz-refusal-{key}")), "colditz-refusal-{key}");
        }
        for piece in source.split("seat_msg(\"").skip(1) {
            let key = piece.split('"').next().unwrap();
            assert!(en.contains(&format!("colditz-event-{key}")), "colditz-event-{key}");
        }
        for piece in source.split("Msg::new(\"").skip(1) {
            let key = piece.split('"').next().unwrap();
            assert!(en.contains(key), "{key}");
        }
    }
    for key in [
        "place-guards",
        "throw",
        "move",
        "release",
        "claim-equipment",
        "claim-kit",
        "play",
        "discard",
        "give",
        "post-guard",
        "return-guard",
        "search-absentees",
        "end-turn",
        "answer-appel",
        "answer-search",
        "answer-confiscation",
        "return-security",
        "offer-trade",
        "accept-offer",
        "decline-offer",
        "withdraw-offer",
        "discipline",
        "standing-orders",
        "do-or-die",
        "answer-talisman",
        "answer-arrest-holder",
        "time-up",
        "riot-squad",
        "answer-lend",
    ] {
        assert!(en.contains(&format!("colditz-action-{key}")), "colditz-action-{key}");
    }
    for key in ["german", "american", "british", "dutch", "french", "polish"] {
        assert!(en.contains(&format!("colditz-seat-{key}")));
    }
    for key in [
        "drew-card",
        "drew-security",
        "drew-opportunity",
        "hideaway",
        "confiscated",
        "nothing-confiscated",
        "discarded-card",
        "discarded",
        "given-card",
        "given",
    ] {
        assert!(en.contains(&format!("colditz-event-{key}")), "{key}");
    }
}

/// Every language has every file and every message English has, and no other; each message
/// uses the same variables as in English (a translation that drops `$player` or invents
/// `$count` would show a hole or an error to its readers).
#[test]
fn every_language_has_every_message_of_english_with_the_same_variables() {
    let catalogs = catalogs();
    let langs: Vec<&str> = catalogs.iter().map(|c| c.lang.as_str()).collect();
    assert!(langs.contains(&"ru"), "the Russian catalog is there: {langs:?}");
    let english = catalogs.iter().find(|c| c.lang == "en").unwrap();
    let mut problems = Vec::new();
    for catalog in catalogs.iter().filter(|c| c.lang != "en") {
        for (id, entry) in &english.entries {
            let Some(theirs) = catalog.entries.get(id) else {
                problems.push(format!("{}: {id} ({}) is missing", catalog.lang, entry.file));
                continue;
            };
            if theirs.file != entry.file {
                problems.push(format!("{}: {id} is in {}, not {}", catalog.lang, theirs.file, entry.file));
            }
            let vars = |e: &Entry| -> BTreeSet<String> {
                e.value
                    .iter()
                    .chain(e.attributes.values())
                    .flat_map(|p| p.variables.iter().cloned())
                    .collect()
            };
            if vars(theirs) != vars(entry) {
                problems.push(format!(
                    "{}: {id} uses {:?}, English {:?}",
                    catalog.lang,
                    vars(theirs),
                    vars(entry)
                ));
            }
            let attributes = |e: &Entry| e.attributes.keys().cloned().collect::<BTreeSet<_>>();
            if attributes(theirs) != attributes(entry) {
                problems.push(format!("{}: {id} has other attributes than in English", catalog.lang));
            }
        }
        for id in catalog.entries.keys().filter(|id| !english.entries.contains_key(*id)) {
            problems.push(format!("{}: {id} is not in English", catalog.lang));
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

/// Messages that read the same in Russian as in English, each for its reason. Anything else
/// that is identical is English left untranslated.
const RUSSIAN_AS_IN_ENGLISH: &[(&str, &str)] = &[
    ("number-0", "a digit"),
    ("number-1", "a digit"),
    ("number-2", "a digit"),
    ("number-3", "a digit"),
    ("number-4", "a digit"),
    ("number-5", "a digit"),
    ("number-6", "a digit"),
    ("number-7", "a digit"),
    ("number-8", "a digit"),
    ("number-9", "a digit"),
    ("history-system", "the product's name"),
    ("mail-game-subject", "the product's name and the game's title"),
    ("colditz-page-card", "only variables and punctuation"),
    ("colditz-place", "only variables: an area's name and its row·column"),
    ("colditz-page-equipment", "only variables and punctuation"),
    ("sluzba-note-chat-line", "only variables and punctuation"),
    ("chat-mail-line", "only variables and punctuation"),
    ("sluzba-mail-mark-covered", "only a variable and punctuation"),
    ("sluzba-mail-mark-open", "a question mark"),
    ("sluzba-position-card", "only variables and punctuation"),
    ("webhooks-format-discord", "a service's name"),
    ("webhooks-format-slack", "a service's name"),
    ("webhooks-format-matrix", "a protocol's name"),
    ("zajatce-position-line", "a stone and its place, a colon between"),
    ("mail-position-private-or-reply", "two other messages, each translated"),
];

#[test]
fn no_russian_message_is_left_in_english() {
    let catalogs = catalogs();
    let english = catalogs.iter().find(|c| c.lang == "en").unwrap();
    let russian = catalogs.iter().find(|c| c.lang == "ru").expect("a Russian catalog");
    let allowed: BTreeMap<&str, &str> = RUSSIAN_AS_IN_ENGLISH.iter().copied().collect();
    let text = |e: &Entry| -> Vec<String> {
        e.value.iter().chain(e.attributes.values()).map(|p| p.text.clone()).collect()
    };
    let mut same = Vec::new();
    for (id, entry) in &russian.entries {
        let Some(theirs) = english.entries.get(id) else { continue };
        if text(entry) == text(theirs) && !allowed.contains_key(id.as_str()) {
            same.push(format!("{id} = {:?}", text(entry)));
        }
    }
    assert!(same.is_empty(), "untranslated in ru:\n{}", same.join("\n"));
    // The list stays honest: what it allows is still identical (else it hides nothing and goes).
    for id in allowed.keys() {
        let (ru, en) = (&russian.entries[*id], &english.entries[*id]);
        assert_eq!(text(ru), text(en), "{id} is translated now: take it off the list");
    }
    // A positive control: a message copied over from English is caught.
    let mut copy = Catalog { lang: "ru".into(), entries: BTreeMap::new() };
    parse_ftl("main.ftl", "home-new-game = Start a game\n", &mut copy);
    assert_eq!(text(&copy.entries["home-new-game"]), text(&english.entries["home-new-game"]));
}

/// What in `text` writes a gender as a slash or bracket form: a word with its other ending in
/// brackets ("napsal(a)", "написал(а)", "Přihlášen(a)"), an ending after a slash
/// ("napsal/a"), or a pronoun pair ("jeho/její", "sám/sama", "он/она").
fn gender_forms(text: &str) -> Vec<String> {
    const PAIRS: [&str; 14] = [
        "jeho/její",
        "její/jeho",
        "on/ona",
        "sám/sama",
        "ním/ní",
        "mu/jí",
        "he/she",
        "him/her",
        "his/her",
        "он/она",
        "его/её",
        "его/ее",
        "сам/сама",
        "ему/ей",
    ];
    let mut found = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if (c == '(' || c == '/') && i > 0 && chars[i - 1].is_alphabetic() {
            let ending: String = chars[i + 1..].iter().take_while(|c| c.is_alphabetic()).collect();
            let closed = c == '/' || chars.get(i + 1 + ending.chars().count()) == Some(&')');
            if (1..=3).contains(&ending.chars().count()) && closed {
                let start = chars[..i].iter().rposition(|c| !c.is_alphabetic()).map_or(0, |p| p + 1);
                let end = i + 1 + ending.chars().count() + usize::from(c == '(');
                found.push(chars[start..end].iter().collect());
            }
        }
    }
    let lower = text.to_lowercase();
    for pair in PAIRS {
        let bounded = lower.match_indices(pair).any(|(at, _)| {
            let before = lower[..at].chars().next_back();
            let after = lower[at + pair.len()..].chars().next();
            !before.is_some_and(char::is_alphabetic) && !after.is_some_and(char::is_alphabetic)
        });
        if bounded {
            found.push(pair.to_owned());
        }
    }
    found
}

/// The words of `text` that speak of dice in `lang` (throws, dice, "kostky", "кубики").
fn dice_words(lang: &str, text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .map(str::to_lowercase)
        .filter(|w| match lang {
            "en" => ["die", "dice", "throw", "throws", "thrown", "threw"].contains(&w.as_str()),
            "cs" => {
                w.starts_with("kostk")
                    || w.starts_with("kostek")
                    || ["hod", "hody", "hodů", "hodem", "hodit", "hází", "házet", "hodil"]
                        .contains(&w.as_str())
            }
            "ru" => w.starts_with("кост") || w.starts_with("кубик") || w.starts_with("брос"),
            _ => false,
        })
        .collect()
}

#[test]
fn czech_and_russian_write_no_gender_as_a_slash_or_bracket_and_sluzba_speaks_of_no_dice() {
    // The checks themselves catch what they are for (and let alone what they are not).
    assert_eq!(gender_forms("{ $from } vám napsal(a) soukromě"), ["napsal(a)"]);
    assert_eq!(gender_forms("Přihlášen/a jako"), ["Přihlášen/a"]);
    assert_eq!(gender_forms("{ $from } написал(а) вам"), ["написал(а)"]);
    assert_eq!(gender_forms("Jeho/její čas stojí"), ["jeho/její"]);
    assert!(gender_forms("klíče/propustky, application/json, (pravidlo 55), (JSON)").is_empty());
    assert_eq!(dice_words("cs", "Hodit kostkami; rozhodnutí, hodina"), ["hodit", "kostkami"]);
    assert_eq!(dice_words("ru", "Бросок кубиков"), ["бросок", "кубиков"]);
    assert_eq!(dice_words("en", "every throw of the dice; a diet"), ["throw", "dice"]);

    // Služba's strings: its own, and those every game's page shows (its record's proof).
    let sluzba = |id: &str| id.starts_with("sluzba-") || ["game-commitment", "verified-ok"].contains(&id);
    let mut wrong = Vec::new();
    for catalog in catalogs() {
        for (id, entry) in &catalog.entries {
            let patterns = entry.value.iter().chain(entry.attributes.values());
            for pattern in patterns {
                if ["cs", "ru"].contains(&catalog.lang.as_str()) {
                    for form in gender_forms(&pattern.text) {
                        wrong.push(format!(
                            "{}: {id}: a gender as a slash or bracket form: {form}",
                            catalog.lang
                        ));
                    }
                }
                if sluzba(id) {
                    for word in dice_words(&catalog.lang, &pattern.text) {
                        wrong.push(format!("{}: {id}: Služba has no dice: {word}", catalog.lang));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
