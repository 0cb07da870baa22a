//! IDs where users find them: post links, AT Protocol URIs and LinkedIn
//! URNs. Each platform's link forms are read by the path segments that
//! carry an ID, and give the platform, what the ID identifies and the
//! context the link carries (user, instance, guild, channel). Nothing here
//! but `decode` decodes times: the ID is read exactly (decimal digits, an
//! Instagram shortcode, a TID) and `link_ids` decodes it under its
//! platform's built-in layout.
//!
//! The forms, as the platforms write them and the projects that read them
//! (rtweet, rtoot, atrrr, bskyr, traktok, tidytags, DiscordChatExporter,
//! yt-dlp, gallery-dl, google/unfurl) take them:
//!
//! - Twitter and X (`posts`): `twitter.com` and `x.com` and the mirrors
//!   people share tweets through (`hosts`), `/<user>/status/<id>` and
//!   `/<user>/statuses/<id>` (what follows, `/photo/1`, a query or a
//!   fragment, is ignored), `/i/web/status/<id>`, `/i/status/<id>`, the
//!   hash-bang links of 2010 to 2012, `/#!/<user>/status/<id>`, and a
//!   profile, `/<user>`.
//! - Discord (`posts`): `discord.com` and `discordapp.com` (with `ptb.`,
//!   `canary.` or `www.`), `/channels/<guild>/<channel>/<message>`,
//!   `<guild>` being `@me` for direct messages; without the message, a
//!   channel's link; without the channel, a guild's.
//! - Mastodon (`posts`), on any host: `/@<user>/<id>`, `/@<user>@<domain>/
//!   <id>`, `/users/<user>/statuses/<id>`, `/web/statuses/<id>`,
//!   `/web/@<user>/<id>` and `/deck/@<user>/<id>`, each with a decimal ID.
//! - Bluesky (`atproto`): `bsky.app/profile/<handle or DID>/post/<rkey>`
//!   (and `/lists/`, `/feed/` records), and `at://<handle or DID>/
//!   <collection>/<rkey>`. Only a record key that is a TID is an ID.
//! - Instagram, Threads and TikTok (`media`): shortcodes and video IDs.
//! - LinkedIn (`linkedin`): URNs, alone or in a link, and post slugs.
//!
//! Links are read as people paste them (`pasted`): in `<...>`, brackets or
//! quotes, with the sentence's punctuation after them. Short links (`t.co`,
//! `vm.tiktok.com`, `lnkd.in`, `discord.gg`) name no ID until followed,
//! which is not done here.

mod atproto;
mod decode;
mod hosts;
mod linkedin;
mod media;
mod pasted;
mod posts;
mod url;

use std::borrow::Cow;

use crate::invalid::Reason;
pub use decode::{link_ids, LinkReport, LinkRow, MASTODON_AHEAD_SECONDS, MASTODON_FIRST_SECONDS};
use hosts::Site;
use url::Url;

/// A platform whose links carry IDs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Platform {
    Twitter,
    Discord,
    Mastodon,
    Bluesky,
    Instagram,
    Threads,
    Tiktok,
    Linkedin,
}

impl Platform {
    pub const ALL: [Platform; 8] = [
        Platform::Twitter,
        Platform::Discord,
        Platform::Mastodon,
        Platform::Bluesky,
        Platform::Instagram,
        Platform::Threads,
        Platform::Tiktok,
        Platform::Linkedin,
    ];

    /// The platform's name, as `id_from_url()`'s `platform` column has it.
    pub fn name(self) -> &'static str {
        match self {
            Platform::Twitter => "twitter",
            Platform::Discord => "discord",
            Platform::Mastodon => "mastodon",
            Platform::Bluesky => "bluesky",
            Platform::Instagram => "instagram",
            Platform::Threads => "threads",
            Platform::Tiktok => "tiktok",
            Platform::Linkedin => "linkedin",
        }
    }

    /// The built-in layout its IDs decode with: Threads' posts are
    /// Instagram media, Bluesky's record keys AT Protocol TIDs.
    pub fn layout(self) -> &'static str {
        match self {
            Platform::Threads => "instagram",
            Platform::Bluesky => "tid",
            other => other.name(),
        }
    }

    /// Its place in `ALL`.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a link's ID part holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkId {
    /// An ID, read exactly.
    Id(u64),
    /// A place where the link form puts an ID, holding something else: an
    /// invalid entry.
    Invalid(Reason),
    /// No ID: a link of the platform that names none (a profile, a record
    /// key that is not a TID).
    None,
}

/// One link, read. Its text borrows from the entry where it can.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link<'a> {
    pub platform: Platform,
    /// What the ID identifies: `status`, `message`, `channel`, `guild`,
    /// `post`, `reel`, `tv`, `story`, `video`, `photo`, `activity`,
    /// `share`, `ugcPost`, `comment`, or an AT Protocol collection
    /// (`app.bsky.feed.post`); `None` where the link names nothing.
    pub kind: Option<Cow<'a, str>>,
    pub id: LinkId,
    /// Where the ID part is in the entry (byte offsets, end exclusive), so
    /// that a warning can quote what is wrong with it.
    pub id_span: Option<(usize, usize)>,
    /// The user, handle or DID the link names.
    pub user: Option<Cow<'a, str>>,
    /// A Mastodon server's host, lower case.
    pub instance: Option<Cow<'a, str>>,
    /// A Discord guild's ID (`@me` for direct messages).
    pub guild: Option<Cow<'a, str>>,
    /// A Discord channel's ID.
    pub channel: Option<Cow<'a, str>>,
}

impl<'a> Link<'a> {
    fn new(platform: Platform) -> Link<'a> {
        Link {
            platform,
            kind: None,
            id: LinkId::None,
            id_span: None,
            user: None,
            instance: None,
            guild: None,
            channel: None,
        }
    }

    /// The ID of `kind` read by `read` from the part at `span`.
    fn with(mut self, kind: &'static str, part: Part<'a>, read: fn(&[u8]) -> LinkId) -> Link<'a> {
        self.kind = Some(Cow::Borrowed(kind));
        self.id = read(&part.text);
        self.id_span = Some(part.span);
        self
    }

    fn user(mut self, user: Cow<'a, [u8]>) -> Link<'a> {
        self.user = context_text(user);
        self
    }
}

/// A part of an entry: its text (percent-escapes decoded) and where it is.
#[derive(Clone, Debug)]
struct Part<'a> {
    text: Cow<'a, [u8]>,
    span: (usize, usize),
}

/// The longest link read: longer text is not a link (and cannot make a
/// call slow).
pub const MAX_LINK_LEN: usize = 4096;

/// Reads `text` as a link, AT-URI or URN, as people paste them (see
/// `pasted`); `None` for anything else (bare ID text among it: see
/// `parse::parse_text`).
pub fn parse_link(text: &[u8]) -> Option<Link<'_>> {
    let (start, end) = pasted::link_bounds(text);
    let link = &text[start..end];
    if link.len() > MAX_LINK_LEN || link.iter().any(|&b| b <= b' ' || b >= 0x7f) {
        return None;
    }
    if starts_with_ci(link, b"at://") {
        return atproto::at_uri(text, start + 5, end);
    }
    if starts_with_ci(link, b"urn:li:") {
        let part = Part {
            text: Cow::Borrowed(link),
            span: (start, end),
        };
        return linkedin::urn(part).map(|(kind, part, read)| Link::new(Platform::Linkedin).with(kind, part, read));
    }
    let authority = if starts_with_ci(link, b"https://") {
        start + 8
    } else if starts_with_ci(link, b"http://") {
        start + 7
    } else {
        // A link without its scheme, as people paste them: a host with a
        // dot, then a path.
        let colon = link.iter().position(|&b| b == b':');
        let slash = link.iter().position(|&b| b == b'/');
        match (colon, slash) {
            (Some(c), Some(s)) if s < c => start,
            (None, _) => start,
            _ => return None,
        }
    };
    let url = Url::split(text, authority, end)?;
    match hosts::site(url.host()) {
        Site::Twitter => Some(posts::twitter(&url)),
        Site::Discord => Some(posts::discord(&url)),
        Site::Bluesky => Some(atproto::bluesky(&url)),
        Site::Instagram => Some(media::instagram(&url)),
        Site::Threads => Some(media::threads(&url)),
        Site::Tiktok => Some(media::tiktok(&url)),
        Site::Linkedin => Some(linkedin::linkedin(&url)),
        Site::Other => posts::mastodon(&url),
    }
}

/// Whether `text` starts with `prefix` (lower case) in any case.
fn starts_with_ci(text: &[u8], prefix: &[u8]) -> bool {
    text.get(..prefix.len()).is_some_and(|p| p.eq_ignore_ascii_case(prefix))
}

/// Context text as the output shows it: printable ASCII only, else none.
fn context_text(bytes: Cow<'_, [u8]>) -> Option<Cow<'_, str>> {
    if bytes.is_empty() || !bytes.iter().all(|&b| b > b' ' && b < 0x7f) {
        return None;
    }
    match bytes {
        Cow::Borrowed(b) => std::str::from_utf8(b).ok().map(Cow::Borrowed),
        Cow::Owned(b) => String::from_utf8(b).ok().map(Cow::Owned),
    }
}

/// A decimal ID where a link form puts one.
fn decimal(text: &[u8]) -> LinkId {
    match crate::text::parse::parse_decimal(text) {
        crate::text::entry::Entry::Id(id) => LinkId::Id(id),
        crate::text::entry::Entry::Invalid(reason) => LinkId::Invalid(reason),
        _ => LinkId::Invalid(Reason::NotDigits),
    }
}

#[cfg(test)]
#[path = "links_tests.rs"]
mod tests;
