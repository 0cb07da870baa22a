//! Posts and messages by decimal ID: Twitter and X, Discord, Mastodon.

use std::borrow::Cow;

use super::url::Url;
use super::{context_text, decimal, Link, Platform};

/// Twitter's first path segments that are pages, not users.
const TWITTER_PAGES: [&str; 16] = [
    "i",
    "home",
    "explore",
    "search",
    "settings",
    "notifications",
    "messages",
    "hashtag",
    "intent",
    "share",
    "login",
    "logout",
    "signup",
    "compose",
    "tos",
    "privacy",
];

/// A profile's own pages after its user.
const PROFILE_TABS: [&str; 6] = ["with_replies", "media", "likes", "highlights", "followers", "following"];

pub(super) fn twitter<'a>(url: &Url<'a>) -> Link<'a> {
    let link = Link::new(Platform::Twitter);
    let status = |i: usize| url.is(i, "status") || url.is(i, "statuses");
    let (user, id) = if url.is(0, "i") && url.is(1, "web") && status(2) {
        (None, url.part(3))
    } else if url.is(0, "i") && status(1) {
        (None, url.part(2))
    } else if status(0) {
        (None, url.part(1))
    } else if status(1) {
        (url.segment(0), url.part(2))
    } else {
        // A profile: `/<user>`, or one of its tabs.
        let profile = url.len() == 1 || (url.len() == 2 && PROFILE_TABS.iter().any(|t| url.is(1, t)));
        let user = url.segment(0).filter(|u| profile && twitter_handle(u));
        return match user {
            Some(user) => link.user(user),
            None => link,
        };
    };
    match (user, id) {
        (Some(user), Some(id)) => link.user(user).with("status", id, decimal),
        (None, Some(id)) => link.with("status", id, decimal),
        _ => link,
    }
}

/// A Twitter user name: 1 to 15 letters, digits and `_`, and no page's.
fn twitter_handle(name: &[u8]) -> bool {
    (1..=15).contains(&name.len())
        && name.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_')
        && !TWITTER_PAGES.iter().any(|p| name.eq_ignore_ascii_case(p.as_bytes()))
}

pub(super) fn discord<'a>(url: &Url<'a>) -> Link<'a> {
    let mut link = Link::new(Platform::Discord);
    if !url.is(0, "channels") {
        return link;
    }
    let (Some(guild), channel, message) = (url.part(1), url.part(2), url.part(3)) else {
        return link;
    };
    let dm = guild.text.eq_ignore_ascii_case(b"@me");
    link.guild = if dm {
        Some(Cow::Borrowed("@me"))
    } else {
        context_text(guild.text.clone())
    };
    match (channel, message) {
        (Some(channel), Some(message)) => {
            link.channel = context_text(channel.text);
            link.with("message", message, decimal)
        }
        (Some(channel), None) => {
            link.channel = context_text(channel.text.clone());
            link.with("channel", channel, decimal)
        }
        _ if dm => link,
        _ => link.with("guild", guild, decimal),
    }
}

/// Mastodon's status links on any host; `None` for a path of no such form
/// (the host is then no known platform's).
pub(super) fn mastodon<'a>(url: &Url<'a>) -> Option<Link<'a>> {
    fn handle(s: Cow<'_, [u8]>) -> Option<Cow<'_, [u8]>> {
        let ok = s.len() > 1 && s[0] == b'@' && s[1] != b'@';
        ok.then(|| match s {
            Cow::Borrowed(b) => Cow::Borrowed(&b[1..]),
            Cow::Owned(b) => Cow::Owned(b[1..].to_vec()),
        })
    }
    let digits = |i: usize| {
        url.segment(i)
            .is_some_and(|s| !s.is_empty() && s.iter().all(u8::is_ascii_digit))
    };
    let s = |i: usize| url.segment(i).unwrap_or_default();
    let (user, at) = if let Some(user) = handle(s(0)).filter(|_| digits(1)) {
        (Some(user), 1)
    } else if url.is(0, "users") && url.is(2, "statuses") && digits(3) {
        (Some(s(1)), 3)
    } else if url.is(0, "web") && url.is(1, "statuses") && digits(2) {
        (None, 2)
    } else if (url.is(0, "web") || url.is(0, "deck")) && digits(2) {
        (Some(handle(s(1))?), 2)
    } else {
        return None;
    };
    let mut link = Link::new(Platform::Mastodon).with("status", url.part(at)?, decimal);
    link.user = user.and_then(context_text);
    link.instance = Some(url.host_lower());
    Some(link)
}
