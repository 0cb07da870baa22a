//! Which platform a host serves. Besides each platform's own hosts, tweets
//! are shared through mirrors that show them with their previews or
//! without the platform's own site: fxtwitter.com, vxtwitter.com,
//! fixupx.com, fixvx.com, twittpr.com, xcancel.com and the many instances
//! of Nitter (nitter.net, nitter.poast.org, ...), all with Twitter's
//! paths and IDs. Nitter instances are told by a host label that contains
//! `nitter`, the one thing they share. Mastodon runs on any host, so it is
//! told by its paths instead (`posts::mastodon`).

/// A host's platform; `Other` is any host, where Mastodon's paths are
/// looked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Site {
    Twitter,
    Discord,
    Bluesky,
    Instagram,
    Threads,
    Tiktok,
    Linkedin,
    Other,
}

/// Twitter's own hosts, taken with these subdomains.
const TWITTER: [&[u8]; 2] = [b"twitter.com", b"x.com"];
const TWITTER_SUBDOMAINS: [&[u8]; 3] = [b"www", b"mobile", b"m"];
/// Mirrors of tweets, taken with any subdomain (`d.fxtwitter.com` gives
/// the media alone).
const TWITTER_MIRRORS: [&[u8]; 6] = [
    b"fxtwitter.com",
    b"vxtwitter.com",
    b"fixupx.com",
    b"fixvx.com",
    b"twittpr.com",
    b"xcancel.com",
];

/// The site of `host` (letters, digits, `-` and `.`, in any case).
pub(super) fn site(host: &[u8]) -> Site {
    let on = |domain: &[u8], subs: &[&[u8]]| match sub_of(host, domain) {
        Some(sub) => sub.is_empty() || subs.iter().any(|s| sub.eq_ignore_ascii_case(s)),
        None => false,
    };
    let anywhere = |domain: &[u8]| sub_of(host, domain).is_some();
    if TWITTER.iter().any(|d| on(d, &TWITTER_SUBDOMAINS))
        || TWITTER_MIRRORS.iter().any(|d| anywhere(d))
        || host.split(|&b| b == b'.').any(|label| contains_ci(label, b"nitter"))
    {
        Site::Twitter
    } else if on(b"discord.com", &[b"www", b"ptb", b"canary"]) || on(b"discordapp.com", &[b"www", b"ptb", b"canary"]) {
        Site::Discord
    } else if on(b"bsky.app", &[b"www"]) {
        Site::Bluesky
    } else if on(b"instagram.com", &[b"www", b"m"]) || on(b"instagr.am", &[b"www"]) {
        Site::Instagram
    } else if on(b"threads.net", &[b"www"]) || on(b"threads.com", &[b"www"]) {
        Site::Threads
    } else if anywhere(b"tiktok.com") {
        Site::Tiktok
    } else if anywhere(b"linkedin.com") {
        Site::Linkedin
    } else {
        Site::Other
    }
}

/// The subdomain part of `host` under `domain` (empty for the domain
/// itself), or `None` where `host` is not on it.
fn sub_of<'h>(host: &'h [u8], domain: &[u8]) -> Option<&'h [u8]> {
    let cut = host.len().checked_sub(domain.len())?;
    if !host[cut..].eq_ignore_ascii_case(domain) {
        return None;
    }
    match cut {
        0 => Some(&host[..0]),
        _ if host[cut - 1] == b'.' => Some(&host[..cut - 1]),
        _ => None,
    }
}

fn contains_ci(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_host_names_its_site() {
        for (host, expected) in [
            ("twitter.com", Site::Twitter),
            ("X.COM", Site::Twitter),
            ("mobile.twitter.com", Site::Twitter),
            ("m.x.com", Site::Twitter),
            ("fxtwitter.com", Site::Twitter),
            ("d.fxtwitter.com", Site::Twitter),
            ("vxtwitter.com", Site::Twitter),
            ("fixupx.com", Site::Twitter),
            ("fixvx.com", Site::Twitter),
            ("twittpr.com", Site::Twitter),
            ("xcancel.com", Site::Twitter),
            ("nitter.net", Site::Twitter),
            ("nitter.poast.org", Site::Twitter),
            ("nitter.privacydev.net", Site::Twitter),
            ("api.twitter.com", Site::Other),
            ("notx.com", Site::Other),
            ("x.com.evil.org", Site::Other),
            ("discord.com", Site::Discord),
            ("canary.discord.com", Site::Discord),
            ("ptb.discordapp.com", Site::Discord),
            ("discord.gg", Site::Other),
            ("bsky.app", Site::Bluesky),
            ("www.instagram.com", Site::Instagram),
            ("instagr.am", Site::Instagram),
            ("threads.com", Site::Threads),
            ("vm.tiktok.com", Site::Tiktok),
            ("de.linkedin.com", Site::Linkedin),
            ("mastodon.social", Site::Other),
        ] {
            assert_eq!(site(host.as_bytes()), expected, "{host}");
        }
    }
}
