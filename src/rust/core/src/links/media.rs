//! Meta's and ByteDance's media: Instagram and Threads shortcodes (base 64
//! media IDs), Instagram stories and TikTok videos by decimal ID.

use std::borrow::Cow;

use super::url::Url;
use super::{decimal, Link, LinkId, Part, Platform};
use crate::text::bases::decode_shortcode;
use crate::text::entry::Entry;

/// Instagram's first path segments that are pages, not users.
const INSTAGRAM_PAGES: [&str; 9] = [
    "explore",
    "accounts",
    "about",
    "developer",
    "direct",
    "legal",
    "web",
    "stories",
    "p",
];

/// An Instagram shortcode where a link form puts one.
fn shortcode(text: &[u8]) -> LinkId {
    match decode_shortcode(text) {
        Entry::Id(id) => LinkId::Id(id),
        Entry::Invalid(reason) => LinkId::Invalid(reason),
        Entry::Missing | Entry::Imprecise => LinkId::Invalid(crate::invalid::Reason::NotShortcode),
    }
}

pub(super) fn instagram<'a>(url: &Url<'a>) -> Link<'a> {
    let link = Link::new(Platform::Instagram);
    let kind = |i: usize| match url.segment(i) {
        Some(s) if s.eq_ignore_ascii_case(b"p") => Some("post"),
        Some(s) if s.eq_ignore_ascii_case(b"reel") || s.eq_ignore_ascii_case(b"reels") => Some("reel"),
        Some(s) if s.eq_ignore_ascii_case(b"tv") => Some("tv"),
        _ => None,
    };
    if url.is(0, "stories") {
        return match (url.segment(1), url.part(2)) {
            (Some(user), Some(id)) => link.user(user).with("story", id, decimal),
            _ => link,
        };
    }
    match (kind(0), kind(1), url.part(1), url.part(2)) {
        (Some(kind), _, Some(code), _) => link.with(kind, code, shortcode),
        (None, Some(kind), _, Some(code)) => link
            .user(url.segment(0).unwrap_or_default())
            .with(kind, code, shortcode),
        (None, None, _, _) => {
            // A profile: `/<user>/`, a name of letters, digits, `.` and `_`.
            let user = url.segment(0).filter(|u| {
                (1..=30).contains(&u.len())
                    && u.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
                    && !INSTAGRAM_PAGES.iter().any(|p| u.eq_ignore_ascii_case(p.as_bytes()))
            });
            match user {
                Some(user) if url.len() == 1 => link.user(user),
                _ => link,
            }
        }
        _ => link,
    }
}

pub(super) fn threads<'a>(url: &Url<'a>) -> Link<'a> {
    let link = Link::new(Platform::Threads);
    let user = url.segment(0).filter(|u| u.len() > 1 && u[0] == b'@').map(without_at);
    match (user, url.part(2)) {
        (Some(user), Some(code)) if url.is(1, "post") => link.user(user).with("post", code, shortcode),
        (Some(user), _) => link.user(user),
        _ if url.is(0, "t") => match url.part(1) {
            Some(code) => link.with("post", code, shortcode),
            None => link,
        },
        _ => link,
    }
}

pub(super) fn tiktok<'a>(url: &Url<'a>) -> Link<'a> {
    let link = Link::new(Platform::Tiktok);
    let user = url.segment(0).filter(|u| u.len() > 1 && u[0] == b'@').map(without_at);
    if let Some(user) = user {
        let kind = if url.is(1, "video") {
            "video"
        } else if url.is(1, "photo") {
            "photo"
        } else {
            return link.user(user);
        };
        return match url.part(2) {
            Some(id) => link.user(user).with(kind, id, decimal),
            None => link.user(user),
        };
    }
    let part = if url.is(0, "embed") && url.is(1, "v2") {
        url.part(2)
    } else if url.is(0, "embed") {
        url.part(1)
    } else if url.is(0, "share") && url.is(1, "video") {
        url.part(2)
    } else if url.is(0, "v") {
        url.part(1).map(without_html)
    } else {
        None
    };
    match part {
        Some(id) => link.with("video", id, decimal),
        None => link,
    }
}

/// A user's segment without its `@`.
fn without_at(user: Cow<'_, [u8]>) -> Cow<'_, [u8]> {
    match user {
        Cow::Borrowed(b) => Cow::Borrowed(&b[1..]),
        Cow::Owned(b) => Cow::Owned(b[1..].to_vec()),
    }
}

/// `m.tiktok.com/v/<id>.html`: the ID without `.html`.
fn without_html(part: Part<'_>) -> Part<'_> {
    let Some(n) = part.text.strip_suffix(b".html").map(<[u8]>::len) else {
        return part;
    };
    let text = match part.text {
        Cow::Borrowed(b) => Cow::Borrowed(&b[..n]),
        Cow::Owned(b) => Cow::Owned(b[..n].to_vec()),
    };
    Part { text, span: part.span }
}
