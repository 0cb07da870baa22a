//! LinkedIn's URNs (`urn:li:activity:<id>` and kin), alone or in a link's
//! path, and its post slugs (`/posts/<user>_<words>-activity-<id>-<code>`).

use std::borrow::Cow;

use super::url::Url;
use super::{decimal, Link, LinkId, Part, Platform};

/// The URN kinds that carry a post's ID.
const KINDS: [&str; 4] = ["activity", "share", "ugcPost", "comment"];

pub(super) fn linkedin<'a>(url: &Url<'a>) -> Link<'a> {
    let link = Link::new(Platform::Linkedin);
    for i in 0..url.len() {
        if let Some((kind, part, read)) = url.part(i).and_then(urn) {
            return link.with(kind, part, read);
        }
    }
    // `/posts/<user>_<words>-activity-<id>-<code>`: the user before the
    // first `_` (LinkedIn's public names have none).
    let (true, Some(slug)) = (url.is(0, "posts"), url.part(1)) else {
        return link;
    };
    for kind in &KINDS[..3] {
        let Some((at, from)) = marker(&slug.text, kind) else {
            continue;
        };
        let digits = slug.text[from..].iter().take_while(|b| b.is_ascii_digit()).count();
        let words = &slug.text[..at];
        let user = words
            .iter()
            .position(|&b| b == b'_')
            .map(|underscore| sub(&slug.text, 0, underscore));
        let link = match user {
            Some(user) => link.user(user),
            None => link,
        };
        let id = Part {
            text: sub(&slug.text, from, from + digits),
            span: slug.span,
        };
        return link.with(kind, id, decimal);
    }
    link
}

/// Where `-<kind>-` is in a slug: its start, and the end of the marker.
fn marker(slug: &[u8], kind: &str) -> Option<(usize, usize)> {
    let len = kind.len() + 2;
    slug.windows(len)
        .position(|w| w[0] == b'-' && w[len - 1] == b'-' && &w[1..len - 1] == kind.as_bytes())
        .map(|at| (at, at + len))
}

/// `text[from..to]`, borrowed where `text` is.
fn sub<'a>(text: &Cow<'a, [u8]>, from: usize, to: usize) -> Cow<'a, [u8]> {
    match text {
        Cow::Borrowed(b) => Cow::Borrowed(&b[from..to]),
        Cow::Owned(b) => Cow::Owned(b[from..to].to_vec()),
    }
}

/// A URN read: its kind, its ID's text and how that reads.
pub(super) type Urn<'a> = (&'static str, Part<'a>, fn(&[u8]) -> LinkId);

/// A LinkedIn URN at the start of `part`: `urn:li:<kind>:<id>`, or a
/// comment's `urn:li:comment:(<parent>,<id>)`: the kind, the ID's text
/// and how it reads.
pub(super) fn urn(part: Part<'_>) -> Option<Urn<'_>> {
    let text = &part.text;
    if !text.get(..7)?.eq_ignore_ascii_case(b"urn:li:") {
        return None;
    }
    let rest = &text[7..];
    for kind in KINDS {
        let Some(tail) = rest.strip_prefix(kind.as_bytes()).and_then(|t| t.strip_prefix(b":")) else {
            continue;
        };
        let from = text.len() - tail.len();
        let (a, b) = if kind == "comment" {
            // `(activity:<parent>,<id>)`: the comment's own ID is the last.
            let inner = tail.strip_prefix(b"(")?.split(|&b| b == b')').next()?;
            let last = inner.rsplit(|&b| b == b',').next()?;
            let start = from + 1 + inner.len() - last.len();
            (start, start + last.len())
        } else {
            let end = tail.iter().position(|b| !b.is_ascii_digit()).unwrap_or(tail.len());
            // Digits, then the end or a separator (`?`, `/`, `,`, `)`).
            match tail.get(end) {
                None | Some(b'/' | b'?' | b'#' | b',' | b')') => (from, from + end),
                Some(_) => (from, text.len()),
            }
        };
        let id = Part {
            text: sub(text, a, b),
            span: part.span,
        };
        return Some((kind, id, decimal));
    }
    None
}
