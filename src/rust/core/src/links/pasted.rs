//! Where a link ends in text as people paste it. A link in a chat message,
//! a Markdown file or a spreadsheet cell comes with the text around it:
//! `<...>` (Discord's way of pasting a link without its preview), brackets
//! and quotes around it, and the sentence's punctuation after it (`.`,
//! `,`, `)`), sometimes percent-encoded by the exporter that wrote it
//! (`%29`). As link detectors do (GitHub's autolinks, linkify), those
//! belong to the text, not the link: leading openers and trailing
//! punctuation are dropped, but a closing bracket stays when the link
//! holds its opening one (Wikipedia's `/wiki/Mercury_(planet)`,
//! LinkedIn's `urn:li:comment:(...)`). `_`, `-`, `~` and `*` stay: an
//! Instagram shortcode may end in `_` or `-`.

use crate::text::parse::is_space;

/// The link within `text`, as byte offsets `(start, end)`: white space,
/// leading openers and trailing punctuation left out. Linear in the length.
pub(super) fn link_bounds(text: &[u8]) -> (usize, usize) {
    let mut start = text.iter().position(|&b| !is_space(b)).unwrap_or(text.len());
    let mut end = text.iter().rposition(|&b| !is_space(b)).map_or(start, |i| i + 1);
    while start < end && matches!(text[start], b'<' | b'(' | b'[' | b'{' | b'"' | b'\'' | b'`') {
        start += 1;
    }
    // How many of each bracket the link holds, counted the first time a
    // trailing closer is met (most links end in a letter or a digit).
    let mut counts: Option<([usize; 3], [usize; 3])> = None;
    while end > start {
        let (byte, width) = last_char(&text[start..end]);
        let drop = match byte {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'"' | b'\'' | b'`' | b'>' | b'<' => true,
            _ => match bracket(byte, b")]}") {
                Some(k) => {
                    let (open, close) = counts.get_or_insert_with(|| brackets(&text[start..end]));
                    let unmatched = close[k] > open[k];
                    if unmatched {
                        close[k] -= 1;
                    }
                    unmatched
                }
                None => false,
            },
        };
        if !drop {
            break;
        }
        end -= width;
        while end > start && is_space(text[end - 1]) {
            end -= 1;
        }
    }
    (start, end)
}

/// How many of each bracket, `([{` and `)]}`, `link` holds, escaped or not.
fn brackets(link: &[u8]) -> ([usize; 3], [usize; 3]) {
    let mut open = [0usize; 3];
    let mut close = [0usize; 3];
    let mut i = 0;
    while i < link.len() {
        let (byte, width) = char_at(link, i);
        if let Some(k) = bracket(byte, b"([{") {
            open[k] += 1;
        } else if let Some(k) = bracket(byte, b")]}") {
            close[k] += 1;
        }
        i += width;
    }
    (open, close)
}

/// Which of the three `brackets` `byte` is.
fn bracket(byte: u8, brackets: &[u8; 3]) -> Option<usize> {
    brackets.iter().position(|&b| b == byte)
}

/// The character at `i`, a `%XX` escape read as its byte, and its width.
fn char_at(text: &[u8], i: usize) -> (u8, usize) {
    match text[i] {
        b'%' => text
            .get(i + 1..i + 3)
            .and_then(hex_byte)
            .map_or((b'%', 1), |byte| (byte, 3)),
        byte => (byte, 1),
    }
}

/// The last character of `text` (not empty), a `%XX` escape as its byte.
fn last_char(text: &[u8]) -> (u8, usize) {
    let n = text.len();
    let escaped = n >= 3 && text[n - 3] == b'%';
    match escaped.then(|| hex_byte(&text[n - 2..])).flatten() {
        Some(byte) => (byte, 3),
        None => (text[n - 1], 1),
    }
}

/// The byte two hex digits write.
pub(super) fn hex_byte(pair: &[u8]) -> Option<u8> {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    match pair {
        [high, low] => Some(hex(*high)? << 4 | hex(*low)?),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounded(text: &str) -> &str {
        let (start, end) = link_bounds(text.as_bytes());
        &text[start..end]
    }

    /// Rows of (as pasted, the link), after GitHub's autolink rules (GFM
    /// spec, "extended autolink path validation") and linkify's tests.
    #[test]
    fn the_text_around_a_link_is_left_out() {
        let link = "https://x.com/jack/status/20";
        for pasted in [
            "https://x.com/jack/status/20",
            " https://x.com/jack/status/20\n",
            "<https://x.com/jack/status/20>",
            "(https://x.com/jack/status/20)",
            "https://x.com/jack/status/20)",
            "https://x.com/jack/status/20).",
            "[https://x.com/jack/status/20]",
            "https://x.com/jack/status/20]",
            "\"https://x.com/jack/status/20\"",
            "'https://x.com/jack/status/20',",
            "https://x.com/jack/status/20.",
            "https://x.com/jack/status/20...",
            "https://x.com/jack/status/20!?",
            "https://x.com/jack/status/20;",
            "https://x.com/jack/status/20:",
            "https://x.com/jack/status/20%29",
            "https://x.com/jack/status/20%5D",
            "https://x.com/jack/status/20%3E",
            "https://x.com/jack/status/20%22",
            "https://x.com/jack/status/20%2C",
            "<https://x.com/jack/status/20 >",
            "`https://x.com/jack/status/20`",
        ] {
            assert_eq!(bounded(pasted), link, "{pasted}");
        }
    }

    #[test]
    fn brackets_the_link_opened_stay() {
        for link in [
            "https://en.wikipedia.org/wiki/Mercury_(planet)",
            "urn:li:comment:(activity:7206271470342131712,7243992047441870850)",
            "https://example.org/a_%28b%29",
            "https://example.org/[1]",
        ] {
            assert_eq!(bounded(link), link, "{link}");
            assert_eq!(bounded(&format!("({link}))")), link, "({link}))");
            assert_eq!(bounded(&format!("{link}).")), link, "{link}).");
        }
        // Shortcodes may end in `_` or `-`; these stay.
        assert_eq!(
            bounded("https://instagram.com/p/abc_-"),
            "https://instagram.com/p/abc_-"
        );
    }

    #[test]
    fn nothing_left_is_empty_and_nothing_panics() {
        for text in ["", " ", ")", "%29", "(((", "<>", "%2", "%", "....", "\"", "%%29"] {
            let (start, end) = link_bounds(text.as_bytes());
            assert!(start <= end && end <= text.len(), "{text}");
        }
        assert_eq!(bounded("))))"), "");
        assert_eq!(hex_byte(b"2"), None);
        assert_eq!(hex_byte(b"zz"), None);
        assert_eq!(hex_byte(b"4a"), Some(b'J'));
    }
}
