//! Comparing words the way the clue rules need: a Czech-aware normaliser (case and diacritics),
//! an optional comparison by sound (variant V3), and the heuristics behind the warnings
//! (shared root, rhyme, a number inside the clue).

/// Lowercase and strip diacritics, so that "Řeka", "REKA" and "řeka" compare equal. Covers the
/// Czech alphabet and the neighbouring Latin letters players are likely to type (Slovak, German,
/// Polish, French).
pub fn normalise(text: &str) -> String {
    text.chars().flat_map(char::to_lowercase).map(strip_diacritic).collect()
}

fn strip_diacritic(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ą' => 'a',
        'č' | 'ć' | 'ç' => 'c',
        'ď' => 'd',
        'é' | 'ě' | 'è' | 'ê' | 'ë' | 'ę' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ĺ' | 'ľ' | 'ł' => 'l',
        'ň' | 'ń' | 'ñ' => 'n',
        'ó' | 'ô' | 'ö' | 'ò' | 'õ' | 'ő' => 'o',
        'ŕ' | 'ř' => 'r',
        'š' | 'ś' => 's',
        'ť' => 't',
        'ú' | 'ů' | 'ü' | 'ù' | 'û' | 'ű' => 'u',
        'ý' | 'ÿ' => 'y',
        'ž' | 'ź' | 'ż' => 'z',
        other => other,
    }
}

/// A rough Czech pronunciation key for variant V3 ("homophones judged by sound"): after
/// [`normalise`], y sounds as i, w as v, and a voiced consonant at the end of a word loses its
/// voice (plod and plot, výr and vír sound the same). Assimilation inside a word is not modelled;
/// the other coordinator rules on anything subtler.
pub fn sound_key(word: &str) -> String {
    let mut sound: Vec<char> = normalise(word)
        .chars()
        .map(|c| match c {
            'y' => 'i',
            'w' => 'v',
            other => other,
        })
        .collect();
    if let Some(last) = sound.last_mut() {
        *last = match *last {
            'b' => 'p',
            'd' => 't',
            'g' => 'k',
            'v' => 'f',
            'z' => 's',
            other => other,
        };
    }
    sound.into_iter().collect()
}

/// How two words are compared at this table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparison {
    /// By spelling, ignoring case and diacritics (the normal rule: homophones are different).
    Spelling,
    /// By sound (variant V3).
    Sound,
}

impl Comparison {
    pub fn key(self, word: &str) -> String {
        match self {
            Comparison::Spelling => normalise(word),
            Comparison::Sound => sound_key(word),
        }
    }

    /// The compared forms of the words of `text` (runs of letters and digits).
    pub fn tokens(self, text: &str) -> Vec<String> {
        raw_tokens(text).into_iter().map(|t| self.key(&t)).collect()
    }
}

/// The runs of letters and digits in `text`, as written.
pub fn raw_tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()).map(str::to_owned).collect()
}

const VOWELS: &[char] = &['a', 'e', 'i', 'o', 'u', 'y'];

/// The word without one final vowel (ruka → ruk, pták → ptak), so that inflected forms line up.
fn stem(key: &str) -> &str {
    match key.char_indices().last() {
        Some((i, c)) if VOWELS.contains(&c) && key.chars().count() > 3 => &key[..i],
        _ => key,
    }
}

/// Letters two stems must share at their start to count as one root (ptakopysk / ptákovina).
pub const ROOT_PREFIX: usize = 4;
/// Letters a whole stem must have to count as a root when found inside another word
/// (pysk inside ptakopysk).
pub const ROOT_INSIDE: usize = 4;
/// A stem this short counts as a root when it is the start of the other word (luk / Lukáš).
pub const ROOT_WHOLE_PREFIX: usize = 3;

/// Heuristic for rule S9 ("the clue must not share a root with a word on the table"), on
/// compared keys. Warns, never refuses: the seed itself says not to dig into etymology, and
/// prefixes and endings (ob-, -ník) do not count. True when the stems (one final vowel dropped)
/// share their first 4 letters, or one stem of at least 3 letters is the start of the other,
/// or one stem of at least 4 letters lies inside the other.
pub fn shares_root(a: &str, b: &str) -> bool {
    let (a, b) = (stem(a), stem(b));
    let (shorter, longer) = if a.chars().count() <= b.chars().count() { (a, b) } else { (b, a) };
    let common = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    let shorter_len = shorter.chars().count();
    common >= ROOT_PREFIX
        || (shorter_len >= ROOT_WHOLE_PREFIX && common == shorter_len)
        || (shorter_len >= ROOT_INSIDE && longer.contains(shorter))
}

/// Letters two words must share at their end to rhyme.
pub const RHYME_TAIL: usize = 3;
/// At most this many letters may differ at the start of each word of a rhyme.
pub const RHYME_ONSET: usize = 2;

/// Heuristic for rule S10 (no rhymes unless variant V2), on compared keys: the words differ
/// only in a short start (1–2 letters each) before a shared ending of at least 3 letters
/// containing a vowel: kočka / čočka, vápník / krápník. Endings alone are no rhyme: rybník /
/// vodník differ in three letters, pata / lopata in none at the start of pata.
pub fn rhymes(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a == b {
        return false;
    }
    let tail = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count();
    let onset_a = a.len() - tail;
    let onset_b = b.len() - tail;
    tail >= RHYME_TAIL
        && a[onset_a..].iter().any(|c| VOWELS.contains(c))
        && (1..=RHYME_ONSET).contains(&onset_a)
        && (1..=RHYME_ONSET).contains(&onset_b)
}

/// Normalised words that *are* the number (rule S8 refuses them as a clue or part of one):
/// Czech cardinals with their case forms and digit nouns, and the English cardinals.
pub fn number_words(number: Option<u8>) -> &'static [&'static str] {
    match number {
        Some(0) => &["nula", "nuly", "nule", "nulu", "nulou", "nulka", "zero"],
        Some(1) => &[
            "jedna", "jeden", "jedno", "jednoho", "jednomu", "jednom", "jednim", "jedne", "jednu",
            "jednicka", "one",
        ],
        Some(2) => &["dva", "dve", "dvou", "dvema", "dvojka", "two"],
        Some(3) => &["tri", "trech", "trem", "tremi", "trojka", "three"],
        Some(4) => &["ctyri", "ctyr", "ctyrech", "ctyrem", "ctyrmi", "ctyrka", "four"],
        Some(5) => &["pet", "peti", "petka", "five"],
        Some(6) => &["sest", "sesti", "sestka", "six"],
        Some(7) => &["sedm", "sedmi", "sedmicka", "seven"],
        Some(8) => &["osm", "osmi", "osmicka", "eight"],
        Some(9) => &["devet", "deviti", "devitka", "nine"],
        Some(_) => &[],
        None => &[
            "nekonecno",
            "nekonecna",
            "nekonecnu",
            "nekonecnem",
            "nekonecne",
            "nekonecny",
            "nekonecnost",
            "infinity",
            "infinite",
        ],
    }
}

/// Normalised word starts that suggest the number (a warning only: sedmikráska, trojúhelník,
/// dvanáct, ordinals such as třetí). `None` is infinity.
pub fn number_stems(number: Option<u8>) -> &'static [&'static str] {
    match number {
        Some(0) => &["nulo", "nulk", "nulov", "zero"],
        Some(1) => &["jedn", "jedin", "prvn", "first", "once"],
        Some(2) => &["dvoj", "dvou", "dvak", "dvan", "dvac", "druh", "twel", "twen", "twic", "seco"],
        Some(3) => &["troj", "trik", "tret", "trin", "thre", "thir"],
        Some(4) => &["ctyr", "ctvr", "four"],
        Some(5) => &["peti", "petk", "paty", "five", "fift"],
        Some(6) => &["sesti", "sestk", "sesty", "sixt"],
        Some(7) => &["sedm", "seve"],
        Some(8) => &["osmi", "osmk", "osmy", "eigh"],
        Some(9) => &["devet", "devit", "devat", "nine", "nint"],
        Some(_) => &[],
        None => &["nekonec", "infin"],
    }
}
