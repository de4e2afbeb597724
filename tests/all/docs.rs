//! The repository's own words hold: every file of the repository that a document or a comment
//! names by its path exists, and nothing points at a tracker the repository does not hold (an
//! issue's number says nothing to a reader of the code: the comment says what and why).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text files a reader of the repository reads: documents, sources, templates, scripts.
fn texts() -> Vec<PathBuf> {
    const KINDS: [&str; 12] =
        ["rs", "md", "html", "js", "mjs", "css", "sql", "ftl", "sh", "py", "toml", "txt"];
    let mut found = Vec::new();
    let mut dirs = vec![root()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for path in entries.flatten().map(|e| e.path()) {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            let skipped =
                matches!(name, "target" | "node_modules" | "corpus" | "artifacts" | "proptest-regressions");
            let in_ci = path.parent().and_then(|p| p.file_name()).is_some_and(|n| n == ".ci");
            if path.is_dir() {
                if (!name.starts_with('.') || name == ".ci") && !skipped {
                    dirs.push(path);
                }
            } else if path.extension().and_then(|e| e.to_str()).is_some_and(|e| KINDS.contains(&e)) || in_ci {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The repository paths `text` names: words that begin with one of the repository's top
/// folders and end in a file name or a folder (templates such as `src/games/<game>/` and
/// globs are not paths of a file).
fn named_paths(text: &str) -> Vec<String> {
    const TOPS: [&str; 12] = [
        "src/",
        "deploy/",
        "crates/",
        "tests/",
        "docs/",
        "templates/",
        "static/",
        "migrations/",
        "benches/",
        "examples/",
        "fuzz/",
        ".ci/",
    ];
    let mut out = Vec::new();
    for (i, _) in text.char_indices() {
        let before = text[..i].chars().next_back();
        // A path starts a word (not `xsrc/`, not a URL's `/src/`).
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '/' | '_' | '-' | '.' | '$' | '{')) {
            continue;
        }
        let rest = &text[i..];
        if !TOPS.iter().any(|t| rest.starts_with(t)) {
            continue;
        }
        let word: String =
            rest.chars().take_while(|c| c.is_alphanumeric() || matches!(c, '/' | '_' | '-' | '.')).collect();
        let word = word.trim_end_matches('.').to_owned();
        let next = rest[word.len()..].chars().next();
        // A placeholder or a glob goes on: `src/games/<game>.rs`, `static/*.js`.
        if next.is_some_and(|c| matches!(c, '<' | '*' | '{' | '…')) || word.ends_with("/N") {
            continue;
        }
        out.push(word);
    }
    out
}

/// Whether `path` names something in the repository: a file or folder from its root, a module
/// by its path without `.rs` (`src/record`), or a file named relative to the folder a document
/// is about (`tests/offered.rs` beside `crates/engine/src/colditz/`): some file's path ends so.
fn exists(root: &Path, path: &str, every: &[String]) -> bool {
    root.join(path).exists()
        || root.join(format!("{path}.rs")).exists()
        || every.iter().any(|f| f.ends_with(&format!("/{}", path.trim_end_matches('/'))))
}

#[test]
fn every_file_a_document_or_a_comment_names_exists() {
    let root = root();
    let files = texts();
    let every: Vec<String> = files
        .iter()
        .flat_map(|f| {
            f.strip_prefix(&root)
                .ok()
                .map(|p| p.ancestors().map(|a| a.display().to_string()).collect::<Vec<_>>())
        })
        .flatten()
        .collect();
    let mut missing = Vec::new();
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else { continue };
        for path in named_paths(&text) {
            if !exists(&root, &path, &every) {
                missing.push(format!("{}: {path}", file.strip_prefix(&root).unwrap_or(file).display()));
            }
        }
    }
    assert!(missing.is_empty(), "named but not in the repository:\n{}", missing.join("\n"));
}

#[test]
fn nothing_cites_a_trackers_issue_by_its_number() {
    let root = root();
    // Built from parts, so that this file does not cite what it forbids.
    let word = ["iss", "ue"].concat();
    let mut cited = Vec::new();
    for file in texts() {
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let lower = text.to_lowercase();
        for (at, _) in lower.match_indices(&word) {
            let after = lower[at + word.len()..].trim_start_matches([' ', '#', 's']);
            if after.starts_with(|c: char| c.is_ascii_digit()) {
                let line = text[..at].lines().count().max(1);
                cited.push(format!("{}:{line}", file.strip_prefix(&root).unwrap_or(&file).display()));
            }
        }
    }
    assert!(cited.is_empty(), "say what and why instead of citing a number:\n{}", cited.join("\n"));
}

#[test]
fn the_path_finder_sees_paths_and_leaves_placeholders_and_urls() {
    let found = named_paths(
        "see `src/play/log/commit.rs`, docs/architecture.md. Not src/games/<game>/mod.rs, \
         https://x.test/src/a.rs, static/*.js or xsrc/no.rs; the folder templates/mail/.",
    );
    assert_eq!(found, ["src/play/log/commit.rs", "docs/architecture.md", "templates/mail/"]);
    let every = vec!["crates/engine/src/colditz/tests/offered.rs".to_owned()];
    assert!(exists(&root(), "src/record", &every), "a module by its path");
    assert!(exists(&root(), "tests/offered.rs", &every), "relative to what the document is about");
    // Made of parts, so that this file names no missing file itself.
    assert!(!exists(&root(), &["src", "/no/such.rs"].concat(), &every));
}
