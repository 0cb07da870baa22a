//! Bluesky's post links and AT Protocol URIs: a record key is an ID where
//! it is a TID.

use std::borrow::Cow;

use super::url::Url;
use super::{context_text, Link, LinkId, Part, Platform};
use crate::text::entry::Entry;
use crate::text::tid::parse_tid;

pub(super) fn bluesky<'a>(url: &Url<'a>) -> Link<'a> {
    let link = Link::new(Platform::Bluesky);
    if !url.is(0, "profile") {
        return link;
    }
    let Some(actor) = url.segment(1) else {
        return link;
    };
    let link = link.user(actor);
    let collection = match url.segment(2) {
        Some(s) if s.eq_ignore_ascii_case(b"post") => "app.bsky.feed.post",
        Some(s) if s.eq_ignore_ascii_case(b"lists") => "app.bsky.graph.list",
        Some(s) if s.eq_ignore_ascii_case(b"feed") => "app.bsky.feed.generator",
        _ => return link,
    };
    match url.part(3) {
        Some(rkey) => link.with(collection, rkey, record_key),
        None => link,
    }
}

/// `at://<authority>/<collection>/<rkey>` in `text[start..end]` (after
/// `at://`): a handle or DID, a collection (an NSID, such as
/// `app.bsky.feed.post`) and a record key.
pub(super) fn at_uri(text: &[u8], start: usize, end: usize) -> Option<Link<'_>> {
    let rest = &text[start..end];
    let end = start + rest.iter().position(|&b| b == b'?' || b == b'#').unwrap_or(rest.len());
    // The first three pieces between slashes, as byte ranges of `text`.
    let mut parts = Vec::with_capacity(3);
    let mut begin = start;
    for piece in text[start..end].split(|&b| b == b'/').take(3) {
        parts.push((begin, begin + piece.len()));
        begin += piece.len() + 1;
    }
    let piece = |k: usize| parts.get(k).map(|&(a, b)| &text[a..b]).filter(|p| !p.is_empty());
    let authority = piece(0)?;
    let mut link = Link::new(Platform::Bluesky).user(Cow::Borrowed(authority));
    let Some(collection) = piece(1) else {
        return Some(link);
    };
    let nsid = collection.contains(&b'.')
        && collection
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
    if !nsid {
        return None;
    }
    let kind = context_text(Cow::Borrowed(collection));
    if let (Some(_), Some(&span)) = (piece(2), parts.get(2)) {
        let part = Part {
            text: Cow::Borrowed(&text[span.0..span.1]),
            span,
        };
        link = link.with("", part, record_key);
    }
    link.kind = kind;
    Some(link)
}

/// A record key: a TID is an ID; any other key (`self`, a feed's name)
/// names none.
fn record_key(rkey: &[u8]) -> LinkId {
    match parse_tid(rkey) {
        Entry::Id(id) => LinkId::Id(id),
        _ => LinkId::None,
    }
}
