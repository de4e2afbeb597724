//! Text parts as RFC 3676 `format=flowed`: lines short enough to read and quote in any mail
//! client, which a flowed-aware client joins again and fits to its own screen.
//!
//! A paragraph is wrapped at [`WIDTH`] columns with soft breaks (a line that ends in a space
//! goes on in the next). An indented line (a list item) is wrapped with hard breaks under its
//! own indent: joined, its continuation's indent would land mid-sentence. A word longer than a
//! line, a link above all, is never broken: it stands on a line of its own. The signature
//! separator stays exactly `-- `.

/// Columns a line is wrapped at (RFC 5322 asks for at most 78).
pub const WIDTH: usize = 76;

/// `text` (lines ending in `\n`) as a flowed text part.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for line in text.split('\n') {
        if line == "-- " {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        // A trailing space would read as a soft break: only ours may end a line with one.
        let line = line.trim_end();
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        if line.len() <= WIDTH {
            // No wider than its bytes (no character takes more columns than bytes): as it is.
            push_stuffed(&mut out, line);
            out.push('\n');
        } else if indent.is_empty() {
            let lines = wrap(body, "", "");
            let last = lines.len().saturating_sub(1);
            for (i, l) in lines.iter().enumerate() {
                push_stuffed(&mut out, l);
                if i < last {
                    out.push(' ');
                }
                out.push('\n');
            }
        } else {
            let hanging = format!("{indent}{}", if body.starts_with("- ") { "  " } else { "" });
            for l in wrap(body, indent, &hanging) {
                push_stuffed(&mut out, &l);
                out.push('\n');
            }
        }
    }
    // `split` saw one line more than the text ends with.
    out.truncate(out.len() - 1);
    out
}

/// `body` in lines of at most [`WIDTH`] columns, first fit: each word goes on the line it
/// fits on, the first line led by `indent`, the others by `hanging`; words are split at spaces
/// only, the spaces between words on one line kept as they are, and a word wider than a line
/// stands alone. (textwrap did this with a general machinery of boxed iterators that cost a
/// mail more than the rest of its text part.)
fn wrap(body: &str, indent: &str, hanging: &str) -> Vec<String> {
    if body.is_empty() {
        return vec![String::new()];
    }
    let mut lines = Vec::new();
    // The line being filled: where its words start in `body`, where its last word ends, and
    // its width with its lead.
    let (mut start, mut end, mut width) = (0, 0, columns(indent));
    let mut lead = indent;
    let mut at = 0;
    while at < body.len() {
        let word_start = at + body[at..].find(|c| c != ' ').unwrap_or(body.len() - at);
        if word_start == body.len() {
            break;
        }
        let word_end = word_start + body[word_start..].find(' ').unwrap_or(body.len() - word_start);
        let gap = word_start - end; // spaces before the word (none before a line's first)
        let word = columns(&body[word_start..word_end]);
        if end > start && width + gap + word > WIDTH {
            lines.push(format!("{lead}{}", &body[start..end]));
            lead = hanging;
            (start, width) = (word_start, columns(hanging) + word);
        } else if end > start {
            width += gap + word;
        } else {
            start = word_start;
            width += word;
        }
        end = word_end;
        at = word_end;
    }
    lines.push(format!("{lead}{}", &body[start..end]));
    lines
}

/// The columns `text` takes on a terminal (a wide character two).
fn columns(text: &str) -> usize {
    if text.is_ascii() { text.len() } else { unicode_width::UnicodeWidthStr::width(text) }
}

/// A line that starts with a space, `>` or `From ` gets one more space, which the reader takes
/// off (otherwise it would read as quoted, or be mangled by mbox).
fn push_stuffed(out: &mut String, line: &str) {
    if line.starts_with(' ') || line.starts_with('>') || line.starts_with("From ") {
        out.push(' ');
    }
    out.push_str(line);
}

/// What a flowed-aware reader shows (RFC 3676, 4.2): stuffing taken off, soft breaks joined.
pub fn decode(flowed: &str) -> String {
    let mut out = String::with_capacity(flowed.len());
    for line in flowed.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let line = line.strip_prefix(' ').unwrap_or(line);
        out.push_str(line);
        if line == "-- " || !line.ends_with(' ') {
            out.push('\n');
        }
    }
    out.truncate(out.len().saturating_sub(1));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn longest(text: &str) -> usize {
        text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn a_long_paragraph_is_wrapped_softly_and_reads_back_whole() {
        let text =
            format!("{}\n\nDobrý den,\n", "Táhni kamenem o dvě pole a vyhoď soupeře. ".repeat(8).trim_end());
        let flowed = encode(&text);
        assert!(longest(&flowed) <= WIDTH + 1, "{flowed}");
        assert!(flowed.lines().count() > 4);
        assert_eq!(decode(&flowed), text);
    }

    #[test]
    fn a_link_is_never_broken_and_stands_alone() {
        let link = format!("https://feldpost.example/play/{}", "a1".repeat(40));
        let text = format!("Open your seat at {link} and play on.\n");
        let flowed = encode(&text);
        assert!(flowed.lines().any(|l| l.trim_end() == link), "{flowed}");
        assert_eq!(decode(&flowed), text);
    }

    #[test]
    fn list_items_keep_their_indent_and_are_stuffed() {
        let item = format!("  - {}", "the blue team guessed a word of the other team ".repeat(3).trim_end());
        let flowed = encode(&format!("{item}\n"));
        let lines: Vec<&str> = flowed.lines().collect();
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.starts_with("   ") && !l.ends_with(' ')), "{flowed}");
        assert!(lines[1].starts_with("     "), "hanging indent under the item's text: {flowed}");
    }

    #[test]
    fn quotes_from_lines_and_the_signature_separator() {
        let text = "> not a quote\nFrom here on\n-- \nfeldpost\n";
        let flowed = encode(text);
        assert_eq!(flowed, " > not a quote\n From here on\n-- \nfeldpost\n");
        assert_eq!(decode(&flowed), text);
    }
}
