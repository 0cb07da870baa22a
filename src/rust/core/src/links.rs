//! IDs where users find them: post links, AT Protocol URIs and LinkedIn
//! URNs. Each platform's link forms are read here, by the path segments
//! that carry an ID, and give the platform, what the ID identifies and the
//! context the link carries (user, instance, guild, channel). Nothing here
//! decodes times: the ID is read exactly (decimal digits, an Instagram
//! shortcode, a TID) and `link_ids` decodes it under its platform's
//! built-in layout.
//!
//! The forms, as the platforms write them and the projects that read them
//! (rtweet, rtoot, atrrr, bskyr, traktok, tidytags, DiscordChatExporter,
//! yt-dlp, gallery-dl, google/unfurl) take them:
//!
//! - Twitter and X: `twitter.com` and `x.com` (with `www.`, `mobile.` or
//!   `m.`), `/<user>/status/<id>` and `/<user>/statuses/<id>` (what follows,
//!   `/photo/1`, a query or a fragment, is ignored), `/i/web/status/<id>`,
//!   `/i/status/<id>`, and the hash-bang links of 2010 to 2012,
//!   `/#!/<user>/status/<id>`.
//! - Discord: `discord.com` and `discordapp.com` (with `ptb.`, `canary.` or
//!   `www.`), `/channels/<guild>/<channel>/<message>`, `<guild>` being `@me`
//!   for direct messages; without the message, a channel's link; without
//!   the channel, a guild's.
//! - Mastodon, on any host: `/@<user>/<id>`, `/@<user>@<domain>/<id>` (a
//!   post of another server as this one shows it), `/users/<user>/statuses/
//!   <id>` (the ActivityPub URI), `/web/statuses/<id>`, `/web/@<user>/<id>`
//!   and `/deck/@<user>/<id>` (its web app's), each with a decimal ID.
//! - Bluesky: `bsky.app/profile/<handle or DID>/post/<rkey>` (and `/lists/`,
//!   `/feed/` records), and `at://<handle or DID>/<collection>/<rkey>`. A
//!   record key is a TID or not (`self`, a feed's name): only a TID is an
//!   ID.
//! - Instagram: `instagram.com` and `instagr.am`, `/p/`, `/reel/`,
//!   `/reels/` and `/tv/<shortcode>`, also after `/<user>`; `/stories/
//!   <user>/<media id>`.
//! - Threads: `threads.net` and `threads.com`, `/@<user>/post/<shortcode>`
//!   and `/t/<shortcode>`: Instagram's media IDs.
//! - TikTok: `tiktok.com`, `/@<user>/video/<id>`, `/@<user>/photo/<id>`,
//!   `/embed/v2/<id>`, `/embed/<id>`, `/share/video/<id>`, `m.tiktok.com/v/
//!   <id>.html`.
//! - LinkedIn: the URNs `urn:li:activity:<id>`, `urn:li:share:<id>`,
//!   `urn:li:ugcPost:<id>` (and `urn:li:comment:(<parent>,<id>)`), alone or
//!   in a link's path (`/feed/update/<urn>`, `/embed/feed/update/<urn>`),
//!   and `/posts/<user>_<words>-activity-<id>-<code>`.
//!
//! Short links (`t.co`, `vm.tiktok.com`, `lnkd.in`, `discord.gg`) name no
//! ID until followed, which is not done here.

use crate::invalid::{Invalid, Reason};
use crate::layouts::builtin::Builtin;
use crate::layouts::layout::Layout;
use crate::text::bases::decode_shortcode;
use crate::text::entry::{Entry, TextForm};
use crate::text::parse::{parse_decimal, parse_text, trim_space};
use crate::text::tid::{parse_tid, TID_TEXT_LEN};

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

/// One link, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub platform: Platform,
    /// What the ID identifies: `status`, `message`, `channel`, `guild`,
    /// `post`, `reel`, `tv`, `story`, `video`, `photo`, `activity`,
    /// `share`, `ugcPost`, `comment`, or an AT Protocol collection
    /// (`app.bsky.feed.post`); `None` where the link names nothing.
    pub kind: Option<String>,
    pub id: LinkId,
    /// The user, handle or DID the link names.
    pub user: Option<String>,
    /// A Mastodon server's host, lower case.
    pub instance: Option<String>,
    /// A Discord guild's ID (`@me` for direct messages).
    pub guild: Option<String>,
    /// A Discord channel's ID.
    pub channel: Option<String>,
}

impl Link {
    fn new(platform: Platform) -> Link {
        Link {
            platform,
            kind: None,
            id: LinkId::None,
            user: None,
            instance: None,
            guild: None,
            channel: None,
        }
    }

    fn with(mut self, kind: &str, id: LinkId) -> Link {
        self.kind = Some(kind.to_string());
        self.id = id;
        self
    }

    fn user(mut self, user: &[u8]) -> Link {
        self.user = context_text(user);
        self
    }
}

/// The longest link read: longer text is not a link (and cannot make a
/// call slow).
pub const MAX_LINK_LEN: usize = 4096;

/// Reads `text` as a link, AT-URI or URN, with white space around it
/// allowed; `None` for anything else (bare ID text among it: see
/// `parse::parse_text`).
pub fn parse_link(text: &[u8]) -> Option<Link> {
    let text = trim_space(text);
    if text.len() > MAX_LINK_LEN || text.iter().any(|&b| b <= b' ' || b >= 0x7f) {
        return None;
    }
    let lower = |n: usize| text.get(..n).map(|p| p.to_ascii_lowercase());
    if lower(5).as_deref() == Some(b"at://") {
        return at_uri(&text[5..]);
    }
    if lower(7).as_deref() == Some(b"urn:li:") {
        return linkedin_urn(text).map(|(kind, id)| Link::new(Platform::Linkedin).with(kind, id));
    }
    let rest = match lower(8).as_deref() {
        Some(b"https://") => &text[8..],
        _ if lower(7).as_deref() == Some(b"http://") => &text[7..],
        // A link without its scheme, as people paste them: a host with a
        // dot, then a path.
        _ if !text.contains(&b':') || text.iter().position(|&b| b == b'/') < text.iter().position(|&b| b == b':') => {
            text
        }
        _ => return None,
    };
    let url = Url::split(rest)?;
    let host = url.host.as_str();
    let site = |domain: &str, subs: &[&str]| -> bool {
        host == domain
            || subs
                .iter()
                .any(|s| host.strip_suffix(domain).and_then(|h| h.strip_suffix('.')) == Some(s))
    };
    if site("twitter.com", &["www", "mobile", "m"]) || site("x.com", &["www", "mobile", "m"]) {
        Some(twitter(&url))
    } else if site("discord.com", &["www", "ptb", "canary"]) || site("discordapp.com", &["www", "ptb", "canary"]) {
        Some(discord(&url))
    } else if site("bsky.app", &["www"]) {
        Some(bluesky(&url))
    } else if site("instagram.com", &["www", "m"]) || site("instagr.am", &["www"]) {
        Some(instagram(&url))
    } else if site("threads.net", &["www"]) || site("threads.com", &["www"]) {
        Some(threads(&url))
    } else if host == "tiktok.com" || host.ends_with(".tiktok.com") {
        Some(tiktok(&url))
    } else if host == "linkedin.com" || host.ends_with(".linkedin.com") {
        Some(linkedin(&url))
    } else {
        mastodon(&url)
    }
}

/// A link split: its host (lower case, without a port or a final dot) and
/// its path's segments, percent-decoded, empty ones dropped. A Twitter
/// hash-bang fragment (`#!/jack/status/20`) is a path.
struct Url {
    host: String,
    segments: Vec<Vec<u8>>,
}

impl Url {
    fn split(rest: &[u8]) -> Option<Url> {
        let end = rest
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#'))
            .unwrap_or(rest.len());
        let authority = &rest[..end];
        // No user info: `user@host` is not where platforms put their links.
        if authority.contains(&b'@') {
            return None;
        }
        let host = match authority.iter().position(|&b| b == b':') {
            Some(colon) if authority[colon + 1..].iter().all(u8::is_ascii_digit) => &authority[..colon],
            Some(_) => return None,
            None => authority,
        };
        let host = host.strip_suffix(b".").unwrap_or(host);
        let label = |l: &[u8]| !l.is_empty() && l.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'-');
        if !host.contains(&b'.') || !host.split(|&b| b == b'.').all(label) {
            return None;
        }
        let after = &rest[end..];
        let path_end = after
            .iter()
            .position(|&b| matches!(b, b'?' | b'#'))
            .unwrap_or(after.len());
        let mut path = &after[..path_end];
        let fragment = after.iter().position(|&b| b == b'#').map(|i| &after[i + 1..]);
        let hashbang = fragment.and_then(|f| f.strip_prefix(b"!/"));
        if let (Some(bang), true) = (hashbang, path.iter().all(|&b| b == b'/')) {
            path = bang.split(|&b| b == b'?' || b == b'#').next().unwrap_or_default();
        }
        let segments = path
            .split(|&b| b == b'/')
            .filter(|s| !s.is_empty())
            .map(percent_decoded)
            .collect();
        Some(Url {
            host: String::from_utf8(host.to_ascii_lowercase()).ok()?,
            segments,
        })
    }

    fn segment(&self, i: usize) -> Option<&[u8]> {
        self.segments.get(i).map(Vec::as_slice)
    }

    /// Whether segment `i` is `word`, in any case (platforms take
    /// `/Status/` as `/status/`).
    fn is(&self, i: usize, word: &str) -> bool {
        self.segment(i).is_some_and(|s| s.eq_ignore_ascii_case(word.as_bytes()))
    }
}

/// `%XX` escapes decoded; a `%` not followed by two hex digits stays.
fn percent_decoded(segment: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(segment.len());
    let mut i = 0;
    while i < segment.len() {
        match (
            segment[i],
            segment.get(i + 1).and_then(|&b| hex(b)),
            segment.get(i + 2).and_then(|&b| hex(b)),
        ) {
            (b'%', Some(high), Some(low)) => {
                out.push(high << 4 | low);
                i += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    out
}

/// Context text as the output shows it: printable ASCII only, else none.
fn context_text(bytes: &[u8]) -> Option<String> {
    (!bytes.is_empty() && bytes.iter().all(|&b| b > b' ' && b < 0x7f))
        .then(|| String::from_utf8(bytes.to_vec()).ok())
        .flatten()
}

/// A decimal ID where a link form puts one.
fn decimal(text: &[u8]) -> LinkId {
    match parse_decimal(text) {
        Entry::Id(id) => LinkId::Id(id),
        Entry::Invalid(reason) => LinkId::Invalid(reason),
        Entry::Missing | Entry::Imprecise => LinkId::Invalid(Reason::NotDigits),
    }
}

/// An Instagram shortcode where a link form puts one.
fn shortcode(text: &[u8]) -> LinkId {
    match decode_shortcode(text) {
        Entry::Id(id) => LinkId::Id(id),
        Entry::Invalid(reason) => LinkId::Invalid(reason),
        Entry::Missing | Entry::Imprecise => LinkId::Invalid(Reason::NotShortcode),
    }
}

fn twitter(url: &Url) -> Link {
    let link = Link::new(Platform::Twitter);
    let status = |i: usize| url.is(i, "status") || url.is(i, "statuses");
    let (user, id) = if url.is(0, "i") && url.is(1, "web") && status(2) {
        (None, url.segment(3))
    } else if url.is(0, "i") && status(1) {
        (None, url.segment(2))
    } else if status(0) {
        (None, url.segment(1))
    } else if status(1) {
        (url.segment(0), url.segment(2))
    } else {
        (None, None)
    };
    match (user, id) {
        (Some(user), Some(id)) => link.user(user).with("status", decimal(id)),
        (None, Some(id)) => link.with("status", decimal(id)),
        _ => link,
    }
}

fn discord(url: &Url) -> Link {
    let mut link = Link::new(Platform::Discord);
    if !url.is(0, "channels") {
        return link;
    }
    let (Some(guild), channel, message) = (url.segment(1), url.segment(2), url.segment(3)) else {
        return link;
    };
    let dm = guild.eq_ignore_ascii_case(b"@me");
    link.guild = if dm {
        Some("@me".to_string())
    } else {
        context_text(guild)
    };
    match (channel, message) {
        (Some(channel), Some(message)) => {
            link.channel = context_text(channel);
            link.with("message", decimal(message))
        }
        (Some(channel), None) => {
            link.channel = context_text(channel);
            link.with("channel", decimal(channel))
        }
        _ if dm => link,
        _ => link.with("guild", decimal(guild)),
    }
}

/// Mastodon's status links on any host; `None` for a path of no such form
/// (the host is then no known platform's).
fn mastodon(url: &Url) -> Option<Link> {
    fn handle(s: &[u8]) -> Option<&[u8]> {
        s.strip_prefix(b"@").filter(|h| !h.is_empty() && h[0] != b'@')
    }
    let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    let s = |i: usize| url.segment(i).unwrap_or_default();
    let (user, id): (Option<&[u8]>, &[u8]) = if let Some(user) = handle(s(0)).filter(|_| digits(s(1))) {
        (Some(user), s(1))
    } else if url.is(0, "users") && url.is(2, "statuses") && digits(s(3)) {
        (Some(s(1)), s(3))
    } else if url.is(0, "web") && url.is(1, "statuses") && digits(s(2)) {
        (None, s(2))
    } else if (url.is(0, "web") || url.is(0, "deck")) && digits(s(2)) {
        (Some(handle(s(1))?), s(2))
    } else {
        return None;
    };
    let mut link = Link::new(Platform::Mastodon).with("status", decimal(id));
    link.user = user.and_then(context_text);
    link.instance = Some(url.host.clone());
    Some(link)
}

fn bluesky(url: &Url) -> Link {
    let mut link = Link::new(Platform::Bluesky);
    if !url.is(0, "profile") {
        return link;
    }
    let Some(actor) = url.segment(1) else {
        return link;
    };
    link = link.user(actor);
    let collection = match url.segment(2) {
        Some(s) if s.eq_ignore_ascii_case(b"post") => "app.bsky.feed.post",
        Some(s) if s.eq_ignore_ascii_case(b"lists") => "app.bsky.graph.list",
        Some(s) if s.eq_ignore_ascii_case(b"feed") => "app.bsky.feed.generator",
        _ => return link,
    };
    match url.segment(3) {
        Some(rkey) => link.with(collection, record_key(rkey)),
        None => link,
    }
}

/// `at://<authority>/<collection>/<rkey>`: a handle or DID, a collection
/// (an NSID, such as `app.bsky.feed.post`) and a record key.
fn at_uri(rest: &[u8]) -> Option<Link> {
    let rest = rest.split(|&b| b == b'?' || b == b'#').next().unwrap_or_default();
    let mut parts = rest.split(|&b| b == b'/');
    let authority = parts.next().filter(|a| !a.is_empty())?;
    let mut link = Link::new(Platform::Bluesky).user(authority);
    let collection = match parts.next() {
        Some(c) if !c.is_empty() => c,
        _ => return Some(link),
    };
    let nsid = |c: &[u8]| c.contains(&b'.') && c.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
    if !nsid(collection) {
        return None;
    }
    link.kind = context_text(collection);
    if let Some(rkey) = parts.next().filter(|k| !k.is_empty()) {
        link.id = record_key(rkey);
    }
    Some(link)
}

/// A record key: a TID is an ID; any other key (`self`, a feed's name)
/// names none.
fn record_key(rkey: &[u8]) -> LinkId {
    match (rkey.len(), parse_tid(rkey)) {
        (TID_TEXT_LEN, Entry::Id(id)) => LinkId::Id(id),
        _ => LinkId::None,
    }
}

fn instagram(url: &Url) -> Link {
    let link = Link::new(Platform::Instagram);
    let kind = |i: usize| match url.segment(i) {
        Some(s) if s.eq_ignore_ascii_case(b"p") => Some("post"),
        Some(s) if s.eq_ignore_ascii_case(b"reel") || s.eq_ignore_ascii_case(b"reels") => Some("reel"),
        Some(s) if s.eq_ignore_ascii_case(b"tv") => Some("tv"),
        _ => None,
    };
    if url.is(0, "stories") {
        return match (url.segment(1), url.segment(2)) {
            (Some(user), Some(id)) => link.user(user).with("story", decimal(id)),
            _ => link,
        };
    }
    match (kind(0), kind(1), url.segment(1), url.segment(2)) {
        (Some(kind), _, Some(code), _) => link.with(kind, shortcode(code)),
        (None, Some(kind), _, Some(code)) => link
            .user(url.segment(0).unwrap_or_default())
            .with(kind, shortcode(code)),
        _ => link,
    }
}

fn threads(url: &Url) -> Link {
    let link = Link::new(Platform::Threads);
    match (url.segment(0), url.segment(2)) {
        (Some(user), Some(code)) if user.starts_with(b"@") && url.is(1, "post") => {
            link.user(&user[1..]).with("post", shortcode(code))
        }
        (Some(_), _) if url.is(0, "t") && url.segment(1).is_some() => {
            link.with("post", shortcode(url.segment(1).unwrap_or_default()))
        }
        _ => link,
    }
}

fn tiktok(url: &Url) -> Link {
    let link = Link::new(Platform::Tiktok);
    let s = |i: usize| url.segment(i).unwrap_or_default();
    match url.segment(0) {
        Some(user) if user.starts_with(b"@") && (url.is(1, "video") || url.is(1, "photo")) && !s(2).is_empty() => {
            let kind = if url.is(1, "video") { "video" } else { "photo" };
            link.user(&user[1..]).with(kind, decimal(s(2)))
        }
        _ if url.is(0, "embed") && url.is(1, "v2") && !s(2).is_empty() => link.with("video", decimal(s(2))),
        _ if url.is(0, "embed") && !s(1).is_empty() && !url.is(1, "v2") => link.with("video", decimal(s(1))),
        _ if url.is(0, "share") && url.is(1, "video") && !s(2).is_empty() => link.with("video", decimal(s(2))),
        _ if url.is(0, "v") && !s(1).is_empty() => {
            let id = s(1);
            link.with("video", decimal(id.strip_suffix(b".html").unwrap_or(id)))
        }
        _ => link,
    }
}

fn linkedin(url: &Url) -> Link {
    let link = Link::new(Platform::Linkedin);
    for segment in &url.segments {
        if let Some((kind, id)) = linkedin_urn(segment) {
            return link.with(kind, id);
        }
    }
    // `/posts/<user>_<words>-activity-<id>-<code>`: the user before the
    // first `_` (LinkedIn's public names have none).
    if let (true, Some(slug)) = (url.is(0, "posts"), url.segment(1)) {
        for kind in ["activity", "share", "ugcPost"] {
            let marker = format!("-{kind}-");
            if let Some(at) = find(slug, marker.as_bytes()) {
                let digits = &slug[at + marker.len()..];
                let end = digits.iter().position(|b| !b.is_ascii_digit()).unwrap_or(digits.len());
                let user = slug[..at]
                    .split(|&b| b == b'_')
                    .next()
                    .filter(|_| slug[..at].contains(&b'_'));
                let link = match user {
                    Some(user) => link.user(user),
                    None => link,
                };
                return link.with(kind, decimal(&digits[..end]));
            }
        }
    }
    link
}

/// A LinkedIn URN at the start of `text`: `urn:li:<kind>:<id>`, or a
/// comment's `urn:li:comment:(<parent>,<id>)`.
fn linkedin_urn(text: &[u8]) -> Option<(&'static str, LinkId)> {
    let rest = text
        .get(..7)
        .filter(|p| p.eq_ignore_ascii_case(b"urn:li:"))
        .map(|_| &text[7..])?;
    for kind in ["activity", "share", "ugcPost", "comment"] {
        let Some(tail) = rest.strip_prefix(kind.as_bytes()).and_then(|t| t.strip_prefix(b":")) else {
            continue;
        };
        let id = if kind == "comment" {
            // `(activity:<parent>,<id>)`: the comment's own ID is the last.
            let inner = tail.strip_prefix(b"(")?.split(|&b| b == b')').next()?;
            inner.rsplit(|&b| b == b',').next()?
        } else {
            let end = tail.iter().position(|b| !b.is_ascii_digit()).unwrap_or(tail.len());
            // Digits, then the end or a separator (`?`, `/`, `,`, `)`).
            match tail.get(end) {
                None | Some(b'/' | b'?' | b'#' | b',' | b')') => &tail[..end],
                Some(_) => tail,
            }
        };
        return Some((kind, decimal(id)));
    }
    None
}

/// Where `needle` first occurs in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// One entry of `id_from_url()`'s input, read and decoded.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinkRow {
    /// The link, where the entry is one.
    pub link: Option<Link>,
    /// The ID, where the entry holds one: a link's, or bare ID text's.
    pub id: Option<u64>,
    /// Whether the ID is decoded with the layout given for bare ID text.
    pub bare: bool,
    /// The start of the ID's tick in POSIXct seconds, or `None` (no ID, or
    /// one below its layout's first, which holds no time).
    pub seconds: Option<f64>,
}

/// What reading links reports besides the rows: entries whose link puts an
/// ID where it holds none of its layout (invalid entries), and, by the name
/// of the built-in layout, IDs below that layout's first (no time).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkReport {
    pub invalid: Invalid,
    pub early: Vec<(&'static str, Invalid)>,
}

impl LinkReport {
    fn note_early(&mut self, layout: &'static str, i: usize) {
        match self.early.iter_mut().find(|(name, _)| *name == layout) {
            Some((_, early)) => early.note(i, Reason::BeforeLayout),
            None => {
                let mut early = Invalid::default();
                early.note(i, Reason::BeforeLayout);
                self.early.push((layout, early));
            }
        }
    }
}

/// A layout to decode with, and the built-in name under which IDs below its
/// first are reported.
struct Decoding<'a> {
    layout: &'a Layout,
    name: &'static str,
}

/// Reads each of `n` entries (`None` for NA) as a link, or else as bare ID
/// text decoded with `bare` (a layout and, if it is a built-in, its name),
/// and decodes every ID with its layout. Text that is neither a link nor an
/// ID is nothing: a row of NA, not an invalid entry.
pub fn link_ids<'t>(
    n: usize,
    text: impl Fn(usize) -> Option<&'t [u8]>,
    bare: Option<(&Layout, &'static str)>,
) -> (Vec<LinkRow>, LinkReport) {
    let layouts: Vec<(Platform, Layout)> = Platform::ALL
        .iter()
        .filter_map(|&p| Some((p, Builtin::find(p.layout())?.layout(None, None).ok()?)))
        .collect();
    let bare = bare.map(|(layout, name)| Decoding { layout, name });
    let form = bare.as_ref().map_or(TextForm::Decimal, |b| b.layout.text_form());
    let mut report = LinkReport::default();
    let rows = (0..n)
        .map(|i| {
            let Some(text) = text(i) else {
                return LinkRow::default();
            };
            if let Some(link) = parse_link(text) {
                let layout = layouts.iter().find(|(p, _)| *p == link.platform).map(|(_, l)| l);
                let id = match (link.id, layout) {
                    (LinkId::Id(id), Some(layout)) => Some((
                        id,
                        Decoding {
                            layout,
                            name: link.platform.layout(),
                        },
                    )),
                    (LinkId::Invalid(reason), _) => {
                        report.invalid.note(i, reason);
                        None
                    }
                    _ => None,
                };
                let mut row = id.map_or_else(LinkRow::default, |(id, with)| decode_one(i, id, &with, &mut report));
                row.link = Some(link);
                return row;
            }
            match (parse_text(text, form), &bare) {
                (Entry::Id(id), Some(with)) => LinkRow {
                    bare: true,
                    ..decode_one(i, id, with, &mut report)
                },
                (Entry::Id(id), None) => LinkRow {
                    id: Some(id),
                    ..LinkRow::default()
                },
                _ => LinkRow::default(),
            }
        })
        .collect();
    (rows, report)
}

/// One ID decoded: invalid past the layout's largest, with no time below
/// its first.
fn decode_one(i: usize, id: u64, with: &Decoding, report: &mut LinkReport) -> LinkRow {
    let layout = with.layout;
    if id > layout.max_id() {
        report.invalid.note(i, layout.refusal(id));
        return LinkRow::default();
    }
    if id < layout.first_id() {
        report.note_early(with.name, i);
    }
    LinkRow {
        id: Some(id),
        seconds: (id >= layout.first_id()).then(|| layout.time_decoder().seconds(id)),
        ..LinkRow::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a link reads as: platform, kind, ID, user, instance, guild,
    /// channel.
    type Read<'a> = (
        Platform,
        Option<&'a str>,
        LinkId,
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
    );

    fn read(text: &str) -> Option<Read<'static>> {
        let leak = |s: Option<String>| s.map(|s| &*Box::leak(s.into_boxed_str()));
        parse_link(text.as_bytes()).map(|l| {
            (
                l.platform,
                leak(l.kind),
                l.id,
                leak(l.user),
                leak(l.instance),
                leak(l.guild),
                leak(l.channel),
            )
        })
    }

    fn id_of(text: &str) -> LinkId {
        parse_link(text.as_bytes()).map_or(LinkId::None, |l| l.id)
    }

    const TWEET: u64 = 1_888_944_671_579_078_978;

    #[test]
    fn tweet_links_in_every_form() {
        let expected = (
            Platform::Twitter,
            Some("status"),
            LinkId::Id(TWEET),
            Some("Wikipedia"),
            None,
            None,
            None,
        );
        for link in [
            "https://twitter.com/Wikipedia/status/1888944671579078978",
            "https://x.com/Wikipedia/status/1888944671579078978",
            "http://www.twitter.com/Wikipedia/status/1888944671579078978?s=20&t=abc",
            "https://mobile.twitter.com/Wikipedia/statuses/1888944671579078978",
            "https://mobile.x.com/Wikipedia/status/1888944671579078978/",
            "HTTPS://X.COM/Wikipedia/Status/1888944671579078978",
            "https://x.com/Wikipedia/status/1888944671579078978/photo/1",
            "https://twitter.com/#!/Wikipedia/status/1888944671579078978",
            "twitter.com/Wikipedia/status/1888944671579078978",
            "  x.com/Wikipedia/status/1888944671579078978#reply \n",
            "https://x.com:443/Wikipedia/status/1888944671579078978",
        ] {
            assert_eq!(read(link), Some(expected), "{link}");
        }
        for link in [
            "https://twitter.com/i/web/status/1888944671579078978",
            "https://x.com/i/status/1888944671579078978",
            "https://twitter.com/statuses/1888944671579078978",
        ] {
            assert_eq!(
                read(link),
                Some((
                    Platform::Twitter,
                    Some("status"),
                    LinkId::Id(TWEET),
                    None,
                    None,
                    None,
                    None
                )),
                "{link}"
            );
        }
        // The platform's other pages name no ID; a status part that is no
        // number is an invalid entry.
        assert_eq!(
            read("https://x.com/Wikipedia"),
            Some((Platform::Twitter, None, LinkId::None, None, None, None, None))
        );
        assert_eq!(
            id_of("https://x.com/jack/status/12a"),
            LinkId::Invalid(Reason::NotDigits)
        );
        assert_eq!(
            id_of("https://x.com/jack/status/99999999999999999999"),
            LinkId::Invalid(Reason::TooLarge)
        );
        assert_eq!(id_of("https://x.com/jack/status/20"), LinkId::Id(20));
    }

    #[test]
    fn discord_message_channel_and_guild_links() {
        let message = "https://discord.com/channels/197038439483310086/197038439483310086/1214004724031189004";
        assert_eq!(
            read(message),
            Some((
                Platform::Discord,
                Some("message"),
                LinkId::Id(1_214_004_724_031_189_004),
                None,
                None,
                Some("197038439483310086"),
                Some("197038439483310086")
            ))
        );
        for host in [
            "discordapp.com",
            "ptb.discord.com",
            "canary.discord.com",
            "canary.discordapp.com",
        ] {
            let link = message.replace("discord.com", host);
            assert_eq!(read(&link), read(message), "{link}");
        }
        let dm = read("https://discord.com/channels/@me/1214004724031189004/1214015392922890265").unwrap();
        assert_eq!(
            (dm.1, dm.2, dm.5, dm.6),
            (
                Some("message"),
                LinkId::Id(1_214_015_392_922_890_265),
                Some("@me"),
                Some("1214004724031189004")
            )
        );
        let channel = read("https://discord.com/channels/197038439483310086/1214004724031189004").unwrap();
        assert_eq!(
            (channel.1, channel.2),
            (Some("channel"), LinkId::Id(1_214_004_724_031_189_004))
        );
        let guild = read("https://discord.com/channels/197038439483310086").unwrap();
        assert_eq!(
            (guild.1, guild.2, guild.5),
            (
                Some("guild"),
                LinkId::Id(197_038_439_483_310_086),
                Some("197038439483310086")
            )
        );
        assert_eq!(read("https://discord.com/channels/@me").unwrap().2, LinkId::None);
        assert_eq!(read("https://discord.com/invite/abc").unwrap().2, LinkId::None);
        assert_eq!(
            id_of("https://discord.com/channels/1/2/x"),
            LinkId::Invalid(Reason::NotDigits)
        );
        assert_eq!(read("https://discord.gg/abc"), None);
    }

    #[test]
    fn mastodon_status_links_on_any_host() {
        let id = LinkId::Id(103_270_115_826_048_975);
        let ours = |user: Option<&'static str>| {
            Some((
                Platform::Mastodon,
                Some("status"),
                id,
                user,
                Some("mastodon.social"),
                None,
                None,
            ))
        };
        assert_eq!(
            read("https://mastodon.social/@Gargron/103270115826048975"),
            ours(Some("Gargron"))
        );
        assert_eq!(
            read("https://Mastodon.Social/@Gargron/103270115826048975/embed"),
            ours(Some("Gargron"))
        );
        assert_eq!(
            read("https://mastodon.social/users/Gargron/statuses/103270115826048975"),
            ours(Some("Gargron"))
        );
        assert_eq!(
            read("https://mastodon.social/users/Gargron/statuses/103270115826048975/activity"),
            ours(Some("Gargron"))
        );
        assert_eq!(
            read("https://mastodon.social/web/statuses/103270115826048975"),
            ours(None)
        );
        assert_eq!(
            read("https://mastodon.social/web/@Gargron/103270115826048975"),
            ours(Some("Gargron"))
        );
        assert_eq!(
            read("https://mastodon.social/deck/@Gargron/103270115826048975"),
            ours(Some("Gargron"))
        );
        assert_eq!(
            read("https://mastodon.social/%40Gargron/103270115826048975"),
            ours(Some("Gargron"))
        );
        assert_eq!(
            read("https://fosstodon.org/@someone@mastodon.social/103270115826048975"),
            Some((
                Platform::Mastodon,
                Some("status"),
                id,
                Some("someone@mastodon.social"),
                Some("fosstodon.org"),
                None,
                None
            ))
        );
        // Other sites' paths are no Mastodon status: not links of a platform.
        for link in [
            "https://medium.com/@someone/a-title-1a2b3c4d5e6f",
            "https://www.youtube.com/@someone/videos",
            "https://example.org/@someone",
            "https://example.org/@/123",
            "https://example.org/notice/AbCdEf",
            "https://example.org/users/someone/statuses/01ABC",
            "https://localhost/@someone/123",
            "https://exa_mple.org/@someone/123",
            "https://user@example.org/@someone/123",
            "https://example.org:x/@someone/123",
        ] {
            assert_eq!(read(link), None, "{link}");
        }
        assert_eq!(
            id_of("https://example.org/@someone/99999999999999999999"),
            LinkId::Invalid(Reason::TooLarge)
        );
    }

    #[test]
    fn bluesky_post_links_and_at_uris() {
        // atproto's interop tests and Bluesky's docs use TIDs such as
        // 3jzfcijpj2z2a; the post below is the test cases' TID example.
        let post = LinkId::Id(crate::test_cases::TID_EXAMPLE);
        let tid = std::str::from_utf8(crate::test_cases::TID_EXAMPLE_TEXT).unwrap();
        let expected = |user| {
            Some((
                Platform::Bluesky,
                Some("app.bsky.feed.post"),
                post,
                Some(user),
                None,
                None,
                None,
            ))
        };
        assert_eq!(
            read(&format!("https://bsky.app/profile/jay.bsky.team/post/{tid}")),
            expected("jay.bsky.team")
        );
        assert_eq!(
            read(&format!(
                "https://bsky.app/profile/did:plc:oky5czdrnfjpqslsw2a5iclo/post/{tid}"
            )),
            expected("did:plc:oky5czdrnfjpqslsw2a5iclo")
        );
        assert_eq!(
            read(&format!("at://jay.bsky.team/app.bsky.feed.post/{tid}")),
            expected("jay.bsky.team")
        );
        assert_eq!(
            read(&format!(
                "AT://did:plc:oky5czdrnfjpqslsw2a5iclo/app.bsky.feed.post/{tid}"
            )),
            expected("did:plc:oky5czdrnfjpqslsw2a5iclo")
        );
        // A record key that is no TID names no ID: `self`, a feed's name.
        let profile = read("at://did:plc:oky5czdrnfjpqslsw2a5iclo/app.bsky.actor.profile/self").unwrap();
        assert_eq!((profile.1, profile.2), (Some("app.bsky.actor.profile"), LinkId::None));
        let feed = read("https://bsky.app/profile/bsky.app/feed/whats-hot").unwrap();
        assert_eq!((feed.1, feed.2), (Some("app.bsky.feed.generator"), LinkId::None));
        assert_eq!(read("https://bsky.app/profile/jay.bsky.team").unwrap().2, LinkId::None);
        assert_eq!(read("at://jay.bsky.team").unwrap().3, Some("jay.bsky.team"));
        assert_eq!(read("at://jay.bsky.team/not a collection/x"), None);
        assert_eq!(read("at://"), None);
        // Upper case is no TID text.
        assert_eq!(id_of("at://a.b/app.bsky.feed.post/3L25ZUSNSFCK2"), LinkId::None);
    }

    #[test]
    fn instagram_and_threads_shortcodes() {
        let id = LinkId::Id(3_597_631_270_905_977_008);
        for (link, kind, user) in [
            ("https://www.instagram.com/p/DHtWpRvMBiw/", "post", None),
            ("https://instagram.com/p/DHtWpRvMBiw/?img_index=1", "post", None),
            ("https://www.instagram.com/reel/DHtWpRvMBiw/", "reel", None),
            ("https://www.instagram.com/reels/DHtWpRvMBiw/", "reel", None),
            ("https://www.instagram.com/tv/DHtWpRvMBiw", "tv", None),
            (
                "https://www.instagram.com/natgeo/p/DHtWpRvMBiw/",
                "post",
                Some("natgeo"),
            ),
            ("https://instagr.am/p/DHtWpRvMBiw", "post", None),
        ] {
            assert_eq!(
                read(link),
                Some((Platform::Instagram, Some(kind), id, user, None, None, None)),
                "{link}"
            );
        }
        let private = format!("https://www.instagram.com/p/DHtWpRvMBiw{}/", "A".repeat(28));
        assert_eq!(id_of(&private), id);
        assert_eq!(
            read("https://www.instagram.com/stories/natgeo/3597631270905977008/"),
            Some((Platform::Instagram, Some("story"), id, Some("natgeo"), None, None, None))
        );
        assert_eq!(
            id_of("https://www.instagram.com/p/DHt.pRvMBiw/"),
            LinkId::Invalid(Reason::NotShortcode)
        );
        assert_eq!(read("https://www.instagram.com/natgeo/").unwrap().2, LinkId::None);
        for link in [
            "https://www.threads.net/@zuck/post/DHtWpRvMBiw",
            "https://www.threads.com/@zuck/post/DHtWpRvMBiw/",
        ] {
            assert_eq!(
                read(link),
                Some((Platform::Threads, Some("post"), id, Some("zuck"), None, None, None)),
                "{link}"
            );
        }
        assert_eq!(
            read("https://threads.net/t/DHtWpRvMBiw"),
            Some((Platform::Threads, Some("post"), id, None, None, None, None))
        );
        assert_eq!(read("https://www.threads.net/@zuck").unwrap().2, LinkId::None);
    }

    #[test]
    fn tiktok_video_links() {
        let id = LinkId::Id(6_854_717_870_488_702_213);
        let with_user = Some((Platform::Tiktok, Some("video"), id, Some("billnye"), None, None, None));
        assert_eq!(
            read("https://www.tiktok.com/@billnye/video/6854717870488702213"),
            with_user
        );
        assert_eq!(
            read("https://www.tiktok.com/@billnye/video/6854717870488702213?lang=en&is_copy_url=1"),
            with_user
        );
        let bare = Some((Platform::Tiktok, Some("video"), id, None, None, None, None));
        for link in [
            "https://www.tiktok.com/embed/v2/6854717870488702213",
            "https://www.tiktok.com/embed/6854717870488702213",
            "https://m.tiktok.com/v/6854717870488702213.html",
            "https://www.tiktok.com/share/video/6854717870488702213",
        ] {
            assert_eq!(read(link), bare, "{link}");
        }
        assert_eq!(
            read("https://www.tiktok.com/@billnye/photo/6854717870488702213")
                .unwrap()
                .1,
            Some("photo")
        );
        assert_eq!(read("https://vm.tiktok.com/ZMabc123/").unwrap().2, LinkId::None);
        assert_eq!(
            id_of("https://www.tiktok.com/@billnye/video/abc"),
            LinkId::Invalid(Reason::NotDigits)
        );
    }

    #[test]
    fn linkedin_urns_and_post_links() {
        let id = LinkId::Id(7_206_271_470_342_131_712);
        let activity = |user| Some((Platform::Linkedin, Some("activity"), id, user, None, None, None));
        assert_eq!(read("urn:li:activity:7206271470342131712"), activity(None));
        assert_eq!(read(" URN:LI:activity:7206271470342131712 "), activity(None));
        assert_eq!(
            read("https://www.linkedin.com/feed/update/urn:li:activity:7206271470342131712/"),
            activity(None)
        );
        // Ollie-Boyd's test link: the comment in its query is not read.
        assert_eq!(read("https://www.linkedin.com/feed/update/urn:li:activity:7206271470342131712?commentUrn=urn%3Ali%3Acomment%3A%28activity%3A7206271470342131712%2C7243992047441870850%29"), activity(None));
        assert_eq!(
            read("https://www.linkedin.com/feed/update/urn%3Ali%3Aactivity%3A7206271470342131712"),
            activity(None)
        );
        assert_eq!(
            read(
                "https://www.linkedin.com/posts/ryanabenson_more-search-url-parsing-activity-7206271470342131712-B2Ma"
            ),
            activity(Some("ryanabenson"))
        );
        assert_eq!(
            read("https://www.linkedin.com/posts/some-title-activity-7206271470342131712-B2Ma"),
            activity(None)
        );
        let share = read("https://www.linkedin.com/embed/feed/update/urn:li:share:7206271470342131712").unwrap();
        assert_eq!((share.1, share.2), (Some("share"), id));
        let ugc = read("https://de.linkedin.com/posts/someone_words-ugcPost-7206271470342131712-abcd").unwrap();
        assert_eq!((ugc.1, ugc.2, ugc.3), (Some("ugcPost"), id, Some("someone")));
        assert_eq!(read("urn:li:ugcPost:7206271470342131712").unwrap().1, Some("ugcPost"));
        let comment = read("urn:li:comment:(activity:7206271470342131712,7243992047441870850)").unwrap();
        assert_eq!(
            (comment.1, comment.2),
            (Some("comment"), LinkId::Id(7_243_992_047_441_870_850))
        );
        assert_eq!(
            id_of("urn:li:activity:72062714703421317x2"),
            LinkId::Invalid(Reason::NotDigits)
        );
        assert_eq!(read("urn:li:person:abc"), None);
        assert_eq!(read("https://www.linkedin.com/in/someone/").unwrap().2, LinkId::None);
    }

    #[test]
    fn text_that_is_no_link_is_none_and_never_panics() {
        for text in [
            "",
            " ",
            "1888944671579078978",
            "x1888944671579078978",
            "hello world",
            "https://",
            "https:///status/1",
            "https://.com/x",
            "https://example.org",
            "https://example.org/",
            "mailto:someone@example.org",
            "javascript:alert(1)",
            "ftp://x.com/jack/status/1",
            "https://x.com\u{a0}/jack/status/1",
            "https://twítter.com/jack/status/1",
            "%s%s%s%n",
            "at:/x",
            "urn:li:",
            "urn:li:activity:",
        ] {
            let read = parse_link(text.as_bytes());
            assert!(
                read.is_none() || read.as_ref().is_some_and(|l| l.id != LinkId::Id(1)),
                "{text}: {read:?}"
            );
        }
        assert_eq!(
            parse_link(b"urn:li:activity:").map(|l| l.id),
            Some(LinkId::Invalid(Reason::NotDigits))
        );
        // Bytes that are no text, and very long input.
        assert_eq!(parse_link(b"https://x.com/\xff/status/1"), None);
        let long = format!("https://x.com/jack/status/1{}", "0".repeat(MAX_LINK_LEN));
        assert_eq!(parse_link(long.as_bytes()), None);
        let bad_escape = parse_link(b"https://www.linkedin.com/feed/update/urn%3Ali%3Aactivity%3A1%").unwrap();
        assert_eq!(bad_escape.id, LinkId::Invalid(Reason::NotDigits));
        assert_eq!(percent_decoded(b"%4"), b"%4");
        assert_eq!(percent_decoded(b"%zz%41"), b"%zzA");
    }

    #[test]
    fn links_and_bare_ids_decode_with_their_layouts() {
        let texts: Vec<Option<&[u8]>> = vec![
            Some(b"https://x.com/jack/status/20"),
            Some(b"https://x.com/Wikipedia/status/1888944671579078978"),
            None,
            Some(b"hello"),
            Some(b"https://x.com/jack/status/9223372036854775808"),
            Some(b"https://mastodon.social/@Gargron/1"),
            Some(b" 1888944671579078978 "),
            Some(b"x20"),
            Some(b"https://x.com/jack/status/1a"),
        ];
        let (rows, report) = link_ids(texts.len(), |i| texts[i], None);
        let ids: Vec<Option<u64>> = rows.iter().map(|r| r.id).collect();
        assert_eq!(
            ids,
            [
                Some(20),
                Some(TWEET),
                None,
                None,
                None,
                Some(1),
                Some(TWEET),
                Some(20),
                None
            ]
        );
        // Tweet 20 and Mastodon's status 1 have no time; bare IDs none
        // without a layout.
        let timed: Vec<bool> = rows.iter().map(|r| r.seconds.is_some()).collect();
        assert_eq!(timed, [false, true, false, false, false, false, false, false, false]);
        assert_eq!(rows[1].seconds, Some(1_739_194_479.256));
        assert!(rows[0].link.is_some() && rows[3].link.is_none() && !rows[6].bare);
        assert_eq!(
            (report.invalid.count, report.invalid.positions.clone()),
            (2, vec![5, 9])
        );
        assert_eq!(report.invalid.first_reason, Some(Reason::SignBit));
        let early: Vec<(&str, Vec<usize>)> = report.early.iter().map(|(n, e)| (*n, e.positions.clone())).collect();
        assert_eq!(early, [("twitter", vec![1]), ("mastodon", vec![6])]);
        // With a layout, bare IDs decode with it, and are checked by it.
        let twitter = Builtin::find("twitter").unwrap().layout(None, None).unwrap();
        let (rows, report) = link_ids(texts.len(), |i| texts[i], Some((&twitter, "twitter")));
        assert!(rows[6].bare && rows[6].seconds == Some(1_739_194_479.256));
        assert!(rows[7].bare && rows[7].seconds.is_none());
        assert_eq!(report.early[0].1.positions, vec![1, 8]);
        let tid = Builtin::find("tid").unwrap().layout(None, None).unwrap();
        let text = crate::test_cases::TID_EXAMPLE_TEXT;
        let (rows, _) = link_ids(1, |_| Some(text), Some((&tid, "tid")));
        assert_eq!(rows[0].id, Some(crate::test_cases::TID_EXAMPLE));
    }

    #[test]
    fn each_platform_names_its_layout() {
        let names: Vec<&str> = Platform::ALL.iter().map(|p| p.layout()).collect();
        assert_eq!(
            names,
            [
                "twitter",
                "discord",
                "mastodon",
                "tid",
                "instagram",
                "instagram",
                "tiktok",
                "linkedin"
            ]
        );
        for p in Platform::ALL {
            assert!(crate::layouts::builtin::Builtin::find(p.layout()).is_some(), "{p:?}");
        }
    }
}
