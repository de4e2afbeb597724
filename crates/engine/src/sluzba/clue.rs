//! Clues: their shape, and the checks the engine can make by itself (rules S5–S11, V1–V3).
//! Meaning, foreign words and roots are judgement: the engine warns, the other coordinator rules.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::options::Options;
use super::words::{Comparison, normalise, number_stems, number_words, raw_tokens, rhymes, shares_root};
use crate::{Msg, Refusal};

/// The most characters of a clue word (or fixed expression, when strict clues are off).
pub const MAX_CLUE_CHARS: usize = 40;
/// The most characters of an explanation (variant V1).
pub const MAX_EXPLANATION_CHARS: usize = 280;
/// The highest count a clue may give (a team never has more than nine cards).
pub const MAX_CLUE_COUNT: u8 = 9;

/// The number said with a clue: how many cards it is about, or "infinity". In JSON a number
/// (`3`) or the string `"infinity"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClueNumber {
    Count(u8),
    Infinity,
}

impl ClueNumber {
    /// How many guesses the team may make on this clue: number + 1; any number for 0 and
    /// infinity (`None`).
    pub fn guesses_allowed(self) -> Option<u8> {
        match self {
            ClueNumber::Count(0) | ClueNumber::Infinity => None,
            ClueNumber::Count(n) => Some(n.saturating_add(1)),
        }
    }

    fn as_option(self) -> Option<u8> {
        match self {
            ClueNumber::Count(n) => Some(n),
            ClueNumber::Infinity => None,
        }
    }
}

impl Serialize for ClueNumber {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ClueNumber::Count(n) => serializer.serialize_u8(*n),
            ClueNumber::Infinity => serializer.serialize_str("infinity"),
        }
    }
}

impl<'de> Deserialize<'de> for ClueNumber {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Count(u8),
            Word(String),
        }
        match Written::deserialize(deserializer)? {
            Written::Count(n) => Ok(ClueNumber::Count(n)),
            Written::Word(word) if word == "infinity" => Ok(ClueNumber::Infinity),
            Written::Word(word) => {
                Err(serde::de::Error::custom(format!("a clue number is 0–9 or \"infinity\", not {word:?}")))
            }
        }
    }
}

/// A clue as given: the word (or expression), its number, and in variant V1 an explanation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clue {
    pub word: String,
    pub number: ClueNumber,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
}

/// A clue a coordinator asks the other coordinator to approve (rule S12): the text only, since
/// validity does not depend on the number (the number check S8 is made when the clue is given).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClueDraft {
    pub word: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
}

impl ClueDraft {
    /// Whether `word` and `explanation` are this draft's text for approval purposes (case,
    /// diacritics and surrounding space ignored).
    pub fn same_text(&self, word: &str, explanation: Option<&str>) -> bool {
        let norm = |s: &str| normalise(s.trim());
        norm(&self.word) == norm(word) && self.explanation.as_deref().map(norm) == explanation.map(norm)
    }
}

/// Something the engine suspects but does not refuse. Shown to everyone with the clue, so the
/// other coordinator can rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "warning", rename_all = "snake_case")]
pub enum ClueWarning {
    /// Rule S9: the clue may share a word root with `word`, which lies uncovered on the table.
    SharedRoot { word: String },
    /// Rule S10: the clue may rhyme with `word` (not checked when rhymes are allowed, V2).
    Rhyme { word: String },
    /// Rule S8: the clue looks as if it contains its number (sedmikráska, 7).
    NumberLike,
}

impl ClueWarning {
    pub fn msg(&self, clue_word: &str) -> Msg {
        match self {
            ClueWarning::SharedRoot { word } => {
                Msg::new("sluzba-warning-shared-root").text("clue", clue_word).text("word", word.clone())
            }
            ClueWarning::Rhyme { word } => {
                Msg::new("sluzba-warning-rhyme").text("clue", clue_word).text("word", word.clone())
            }
            ClueWarning::NumberLike => Msg::new("sluzba-warning-number-like").text("clue", clue_word),
        }
    }
}

/// Trim a clue's parts: the word, and an explanation that is empty once trimmed counts as none.
pub fn tidy(word: &str, explanation: Option<&str>) -> (String, Option<String>) {
    let explanation = explanation.map(str::trim).filter(|e| !e.is_empty()).map(str::to_owned);
    (word.trim().to_owned(), explanation)
}

/// Check a clue's text (and its number, when known) against the rules the engine can judge.
/// `visible` are the uncovered words on the table. Returns the warnings for an acceptable clue.
pub fn check_clue(
    options: &Options,
    visible: &[&str],
    word: &str,
    explanation: Option<&str>,
    number: Option<ClueNumber>,
) -> Result<Vec<ClueWarning>, Refusal> {
    let comparison = if options.homophones_by_sound { Comparison::Sound } else { Comparison::Spelling };

    if raw_tokens(word).is_empty() {
        return Err(Refusal::new("S5", Msg::new("sluzba-refusal-clue-empty")));
    }
    if word.chars().count() > MAX_CLUE_CHARS {
        return Err(Refusal::new(
            "S5",
            Msg::new("sluzba-refusal-clue-too-long").num("max", MAX_CLUE_CHARS as i64),
        ));
    }
    if options.strict_clues && word.chars().any(char::is_whitespace) {
        return Err(Refusal::new("S7", Msg::new("sluzba-refusal-clue-one-word")));
    }
    // Letters, digits and the marks that join one word (C-3PO, rock'n'roll, sv.); anything else
    // (commas, brackets, emoji) could carry a hint beyond the clue.
    let allowed = |c: char| {
        c.is_alphanumeric() || matches!(c, '-' | '\'' | '’' | '.') || (c == ' ' && !options.strict_clues)
    };
    if let Some(bad) = word.chars().find(|&c| !allowed(c)) {
        return Err(Refusal::new(
            "S5",
            Msg::new("sluzba-refusal-clue-characters").text("character", bad.to_string()),
        ));
    }
    if let Some(explanation) = explanation {
        if !options.easier {
            return Err(Refusal::new("V1", Msg::new("sluzba-refusal-explanation-not-allowed")));
        }
        if explanation.chars().count() > MAX_EXPLANATION_CHARS {
            return Err(Refusal::new(
                "V1",
                Msg::new("sluzba-refusal-explanation-too-long").num("max", MAX_EXPLANATION_CHARS as i64),
            ));
        }
        if explanation.chars().any(char::is_control) {
            return Err(Refusal::new("V1", Msg::new("sluzba-refusal-explanation-characters")));
        }
    }
    if let Some(ClueNumber::Count(n)) = number
        && n > MAX_CLUE_COUNT
    {
        return Err(Refusal::new(
            "S5",
            Msg::new("sluzba-refusal-number-range").num("max", i64::from(MAX_CLUE_COUNT)),
        ));
    }

    // Rule S6: no word that lies uncovered on the table, in the clue or its explanation. The word
    // written with its joining marks removed counts too (ptako-pysk is ptakopysk).
    let mut clue_forms = comparison.tokens(word);
    clue_forms.push(comparison.key(&raw_tokens(word).concat()));
    if let Some(explanation) = explanation {
        clue_forms.extend(comparison.tokens(explanation));
    }
    let visible_keys: Vec<(&str, String)> = visible.iter().map(|w| (*w, comparison.key(w))).collect();
    if let Some((on_table, _)) =
        visible_keys.iter().find(|(_, key)| clue_forms.iter().any(|form| form == key))
    {
        return Err(Refusal::new(
            "S6",
            Msg::new("sluzba-refusal-clue-on-table").text("word", on_table.to_string()),
        ));
    }

    let mut warnings = Vec::new();
    // Rule S8: the number is no part of the clue (strict clues only; the seed allows it by
    // agreement, "pro ulehčení").
    if options.strict_clues
        && let Some(number) = number
    {
        let plain_tokens: Vec<String> = raw_tokens(word).iter().map(|t| normalise(t)).collect();
        // The digit anywhere (3D, 3); infinity has no digit, and ∞ is refused as a character.
        let has_digit = matches!(number, ClueNumber::Count(n) if word.contains(char::from(b'0' + n)));
        let names_number =
            has_digit || plain_tokens.iter().any(|t| number_words(number.as_option()).contains(&t.as_str()));
        if names_number {
            return Err(Refusal::new("S8", Msg::new("sluzba-refusal-clue-contains-number")));
        }
        if plain_tokens.iter().any(|t| number_stems(number.as_option()).iter().any(|s| t.starts_with(s))) {
            warnings.push(ClueWarning::NumberLike);
        }
    }

    // Rules S9 and S10: warnings against each uncovered word, once per word.
    for token in comparison.tokens(word).iter().filter(|t| t.chars().count() >= 3) {
        for (on_table, key) in &visible_keys {
            let warning = if shares_root(token, key) {
                ClueWarning::SharedRoot { word: on_table.to_string() }
            } else if !options.rhymes_allowed && rhymes(token, key) {
                ClueWarning::Rhyme { word: on_table.to_string() }
            } else {
                continue;
            };
            if !warnings.contains(&warning) {
                warnings.push(warning);
            }
        }
    }
    Ok(warnings)
}
