//! A link split in one pass, without copying: its host and its path's
//! segments as offsets into the entry, percent-escapes decoded only where
//! a segment has one.

use std::borrow::Cow;

use super::pasted::hex_byte;
use super::Part;

/// Segments past this many are not looked at: no form reads further.
const MAX_SEGMENTS: usize = 8;

/// A link: the host (without a port or a final dot) and the path's
/// segments, empty ones dropped, as byte ranges of `text`. A Twitter
/// hash-bang fragment (`#!/jack/status/20`) is a path.
pub(super) struct Url<'a> {
    text: &'a [u8],
    host: (usize, usize),
    segments: [(usize, usize); MAX_SEGMENTS],
    count: usize,
    /// Whether the path holds a `%`: only then are segments decoded.
    escaped: bool,
}

impl<'a> Url<'a> {
    /// The link in `text[start..end]`, from its authority on; `None` where
    /// that is no host name (user info, a port that is no number, a label
    /// that is no host's).
    pub(super) fn split(text: &'a [u8], start: usize, end: usize) -> Option<Url<'a>> {
        let rest = &text[start..end];
        let host_end = rest
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#'))
            .unwrap_or(rest.len());
        let authority = &rest[..host_end];
        // No user info: `user@host` is not where platforms put their links.
        if authority.contains(&b'@') {
            return None;
        }
        let mut host = match authority.iter().position(|&b| b == b':') {
            Some(colon) if authority[colon + 1..].iter().all(u8::is_ascii_digit) => colon,
            Some(_) => return None,
            None => authority.len(),
        };
        if host > 0 && authority[host - 1] == b'.' {
            host -= 1;
        }
        if !host_name(&authority[..host]) {
            return None;
        }
        let mut url = Url {
            text,
            host: (start, start + host),
            segments: [(0, 0); MAX_SEGMENTS],
            count: 0,
            escaped: false,
        };
        let path_start = start + host_end;
        let after = &text[path_start..end];
        let path_len = after
            .iter()
            .position(|&b| matches!(b, b'?' | b'#'))
            .unwrap_or(after.len());
        let (mut from, mut to) = (path_start, path_start + path_len);
        if after[..path_len].iter().all(|&b| b == b'/') && after[path_len..].starts_with(b"#!/") {
            from = path_start + path_len + 3;
            to = text[from..end]
                .iter()
                .position(|&b| matches!(b, b'?' | b'#'))
                .map_or(end, |p| from + p);
        }
        url.add_segments(from, to);
        Some(url)
    }

    fn add_segments(&mut self, from: usize, to: usize) {
        let mut begin = from;
        let mut escaped = false;
        for (at, &byte) in (from..).zip(&self.text[from..to]) {
            escaped |= byte == b'%';
            if byte == b'/' {
                self.push(begin, at);
                begin = at + 1;
            }
        }
        self.push(begin, to);
        self.escaped = escaped;
    }

    fn push(&mut self, from: usize, to: usize) {
        if to > from && self.count < MAX_SEGMENTS {
            self.segments[self.count] = (from, to);
            self.count += 1;
        }
    }

    /// The host as written (any case).
    pub(super) fn host(&self) -> &'a [u8] {
        &self.text[self.host.0..self.host.1]
    }

    /// The host in lower case.
    pub(super) fn host_lower(&self) -> Cow<'a, str> {
        let host = self.host();
        // Hosts are checked to be ASCII letters, digits, `-` and `.`.
        let text = std::str::from_utf8(host).unwrap_or_default();
        if host.iter().any(u8::is_ascii_uppercase) {
            Cow::Owned(text.to_ascii_lowercase())
        } else {
            Cow::Borrowed(text)
        }
    }

    /// How many segments the path has (up to `MAX_SEGMENTS`).
    pub(super) fn len(&self) -> usize {
        self.count
    }

    /// Segment `i`, percent-decoded, with where it is.
    pub(super) fn part(&self, i: usize) -> Option<Part<'a>> {
        let (from, to) = *self.segments[..self.count].get(i)?;
        let raw = &self.text[from..to];
        let text = if self.escaped && raw.contains(&b'%') {
            Cow::Owned(percent_decoded(raw))
        } else {
            Cow::Borrowed(raw)
        };
        Some(Part { text, span: (from, to) })
    }

    /// Segment `i`'s text, percent-decoded.
    pub(super) fn segment(&self, i: usize) -> Option<Cow<'a, [u8]>> {
        self.part(i).map(|p| p.text)
    }

    /// Whether segment `i` is `word` (lower case), in any case (platforms
    /// take `/Status/` as `/status/`).
    pub(super) fn is(&self, i: usize, word: &str) -> bool {
        self.segment(i).is_some_and(|s| s.eq_ignore_ascii_case(word.as_bytes()))
    }
}

/// Whether `name` is a host name with a dot: labels of ASCII letters,
/// digits and `-`, none empty.
fn host_name(name: &[u8]) -> bool {
    let mut previous = b'.';
    let mut dot = false;
    for &byte in name {
        if byte == b'.' {
            if previous == b'.' {
                return false;
            }
            dot = true;
        } else if !(byte.is_ascii_alphanumeric() || byte == b'-') {
            return false;
        }
        previous = byte;
    }
    dot && previous != b'.'
}

/// `%XX` escapes decoded; a `%` not followed by two hex digits stays.
pub(super) fn percent_decoded(segment: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(segment.len());
    let mut i = 0;
    while i < segment.len() {
        match (segment[i], segment.get(i + 1..i + 3).and_then(hex_byte)) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A link's host, segments and their spans.
    type Split = (String, Vec<String>, Vec<(usize, usize)>);

    fn segments(link: &str) -> Option<Split> {
        let url = Url::split(link.as_bytes(), 0, link.len())?;
        let parts: Vec<Part> = (0..url.len()).filter_map(|i| url.part(i)).collect();
        Some((
            url.host_lower().into_owned(),
            parts
                .iter()
                .map(|p| String::from_utf8_lossy(&p.text).into_owned())
                .collect(),
            parts.iter().map(|p| p.span).collect(),
        ))
    }

    #[test]
    fn hosts_and_segments_with_where_they_are() {
        let (host, segs, spans) = segments("X.com:443/jack//status/20?s=1#x").unwrap();
        assert_eq!(
            (host.as_str(), segs),
            ("x.com", vec!["jack".into(), "status".into(), "20".into()])
        );
        assert_eq!(spans, [(10, 14), (16, 22), (23, 25)]);
        let (_, segs, spans) = segments("twitter.com/#!/jack/status/20?x").unwrap();
        assert_eq!(segs, ["jack", "status", "20"]);
        assert_eq!(spans[2], (27, 29));
        let (_, segs, _) = segments("example.org./%40someone/1%2").unwrap();
        assert_eq!(segs, ["@someone", "1%2"]);
        for link in [
            "user@x.com/a",
            "x.com:x/a",
            "localhost/a",
            "exa_mple.org/a",
            ".com/a",
            "x..com/a",
        ] {
            assert!(segments(link).is_none(), "{link}");
        }
        let deep = segments("a.b/1/2/3/4/5/6/7/8/9/10").unwrap();
        assert_eq!(deep.1.len(), MAX_SEGMENTS);
    }

    #[test]
    fn escapes_decode_and_bad_ones_stay() {
        assert_eq!(percent_decoded(b"%4"), b"%4");
        assert_eq!(percent_decoded(b"%zz%41"), b"%zzA");
        assert_eq!(percent_decoded(b"urn%3Ali"), b"urn:li");
    }
}
