//! The link forms of every platform, read as their sources write them.

use super::*;
use crate::invalid::Reason;
use crate::layouts::builtin::Builtin;

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

/// What a link to Wikipedia's tweet `TWEET` reads as.
fn wikipedia_status() -> Read<'static> {
    (
        Platform::Twitter,
        Some("status"),
        LinkId::Id(TWEET),
        Some("Wikipedia"),
        None,
        None,
        None,
    )
}

fn read(text: &str) -> Option<Read<'static>> {
    let leak = |s: Option<std::borrow::Cow<str>>| s.map(|s| &*Box::leak(s.into_owned().into_boxed_str()));
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

/// The present in these tests: 2026-12-01.
const NOW: f64 = 1_796_083_200.0;

#[test]
fn tweet_links_in_every_form() {
    let expected = wikipedia_status();
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
    // A profile names its user and no ID; the platform's other pages name
    // neither; a status part that is no number is an invalid entry.
    let profile = Some((
        Platform::Twitter,
        None,
        LinkId::None,
        Some("Wikipedia"),
        None,
        None,
        None,
    ));
    assert_eq!(read("https://x.com/Wikipedia"), profile);
    assert_eq!(read("https://twitter.com/Wikipedia/with_replies"), profile);
    assert_eq!(read("<https://x.com/Wikipedia/>."), profile);
    for page in [
        "https://x.com/home",
        "https://x.com/explore",
        "https://x.com/i/lists/1",
        "https://x.com/a/b",
    ] {
        assert_eq!(
            read(page),
            Some((Platform::Twitter, None, LinkId::None, None, None, None, None)),
            "{page}"
        );
    }
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
        read("https://www.linkedin.com/posts/ryanabenson_more-search-url-parsing-activity-7206271470342131712-B2Ma"),
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
    // A URN's kind with no ID: the colon is punctuation after it.
    assert_eq!(parse_link(b"urn:li:activity:"), None);
    assert_eq!(
        parse_link(b"urn:li:activity:x").map(|l| l.id),
        Some(LinkId::Invalid(Reason::NotDigits))
    );
    // Bytes that are no text, and very long input.
    assert_eq!(parse_link(b"https://x.com/\xff/status/1"), None);
    let long = format!("https://x.com/jack/status/1{}", "0".repeat(MAX_LINK_LEN));
    assert_eq!(parse_link(long.as_bytes()), None);
    let bad_escape = parse_link(b"https://www.linkedin.com/feed/update/urn%3Ali%3Aactivity%3A1%").unwrap();
    assert_eq!(bad_escape.id, LinkId::Invalid(Reason::NotDigits));
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
    let (rows, report) = link_ids(texts.len(), |i| texts[i], None, NOW);
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
    let (rows, report) = link_ids(texts.len(), |i| texts[i], Some((&twitter, "twitter")), NOW);
    assert!(rows[6].bare && rows[6].seconds == Some(1_739_194_479.256));
    assert!(rows[7].bare && rows[7].seconds.is_none());
    assert_eq!(report.early[0].1.positions, vec![1, 8]);
    let tid = Builtin::find("tid").unwrap().layout(None, None).unwrap();
    let text = crate::test_cases::TID_EXAMPLE_TEXT;
    let (rows, _) = link_ids(1, |_| Some(text), Some((&tid, "tid")), NOW);
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

/// Links from a chat export, as its messages held them: in Markdown, in
/// `<...>`, at the end of a sentence, percent-encoded by the exporter.
#[test]
fn links_as_people_paste_them() {
    let status = Some(wikipedia_status());
    for pasted in [
        "https://x.com/Wikipedia/status/1888944671579078978)",
        "(https://x.com/Wikipedia/status/1888944671579078978)",
        "<https://x.com/Wikipedia/status/1888944671579078978>",
        "https://x.com/Wikipedia/status/1888944671579078978.",
        "https://x.com/Wikipedia/status/1888944671579078978,",
        "https://x.com/Wikipedia/status/1888944671579078978]",
        "\"https://x.com/Wikipedia/status/1888944671579078978\"",
        "https://x.com/Wikipedia/status/1888944671579078978%29",
        "https://x.com/Wikipedia/status/1888944671579078978%3E",
        "https://fxtwitter.com/Wikipedia/status/1888944671579078978",
        "https://vxtwitter.com/Wikipedia/status/1888944671579078978",
        "https://fixupx.com/Wikipedia/status/1888944671579078978",
        "https://fixvx.com/Wikipedia/status/1888944671579078978",
        "https://d.fxtwitter.com/Wikipedia/status/1888944671579078978.mp4",
        "https://nitter.net/Wikipedia/status/1888944671579078978#m",
        "https://nitter.poast.org/Wikipedia/status/1888944671579078978",
        "https://xcancel.com/Wikipedia/status/1888944671579078978",
        "https://mobile.twitter.com/Wikipedia/status/1888944671579078978",
        "https://twittpr.com/Wikipedia/status/1888944671579078978",
    ] {
        let read = read(pasted);
        if pasted.ends_with(".mp4") {
            // The media link's ID ends in `.mp4`: not an ID of the mirror's form.
            assert_eq!(read.unwrap().2, LinkId::Invalid(Reason::NotDigits), "{pasted}");
        } else {
            assert_eq!(read, status, "{pasted}");
        }
    }
    let wiki = "https://en.wikipedia.org/wiki/Mercury_(planet)";
    assert_eq!(read(wiki), None);
    let discord = "https://canary.discord.com/channels/197038439483310086/197038439483310086/1214004724031189004";
    assert_eq!(
        read(&format!("<{discord}>")).unwrap().2,
        LinkId::Id(1_214_004_724_031_189_004)
    );
    let mastodon = read("(https://mastodon.social/@Gargron/103270115826048975).").unwrap();
    assert_eq!(
        (mastodon.2, mastodon.3),
        (LinkId::Id(103_270_115_826_048_975), Some("Gargron"))
    );
    let comment = read("urn:li:comment:(activity:7206271470342131712,7243992047441870850).").unwrap();
    assert_eq!(comment.2, LinkId::Id(7_243_992_047_441_870_850));
}

#[test]
fn profiles_name_their_user() {
    let user = |link: &str| read(link).and_then(|r| r.3);
    assert_eq!(user("https://www.instagram.com/natgeo/"), Some("natgeo"));
    assert_eq!(user("https://www.instagram.com/explore/"), None);
    assert_eq!(user("https://www.tiktok.com/@billnye"), Some("billnye"));
    assert_eq!(user("https://www.tiktok.com/@billnye?lang=en"), Some("billnye"));
    assert_eq!(user("https://www.threads.net/@zuck"), Some("zuck"));
    assert_eq!(user("https://bsky.app/profile/jay.bsky.team"), Some("jay.bsky.team"));
    assert_eq!(user("https://nitter.net/jack"), Some("jack"));
    for link in [
        "https://www.instagram.com/natgeo/",
        "https://www.tiktok.com/@billnye",
        "https://x.com/jack",
    ] {
        let read = read(link).unwrap();
        assert_eq!((read.1, read.2), (None, LinkId::None), "{link}");
    }
}

/// Where each link's ID part is, for the warning that quotes it.
#[test]
fn the_id_part_is_located_in_the_entry() {
    let part = |text: &str| {
        let link = parse_link(text.as_bytes()).unwrap();
        let (a, b) = link.id_span.unwrap();
        text[a..b].to_string()
    };
    assert_eq!(part("  (https://x.com/jack/status/12a)."), "12a");
    assert_eq!(part("https://x.com/jack/status/12a?s=20"), "12a");
    assert_eq!(part("https://discord.com/channels/1/2/3x"), "3x");
    assert_eq!(part("https://www.instagram.com/p/DH.WpRvMBiw/"), "DH.WpRvMBiw");
    assert_eq!(part("https://m.tiktok.com/v/12x.html"), "12x.html");
    assert_eq!(part("urn:li:activity:72x"), "urn:li:activity:72x");
    assert_eq!(
        part("https://mastodon.social/users/a/statuses/99999999999999999999"),
        "99999999999999999999"
    );
    assert_eq!(part("https://x.com/%6aack/status/1%32a"), "1%32a");
}

#[test]
fn mastodon_times_outside_the_fediverse_are_invalid() {
    let texts: Vec<&[u8]> = vec![
        b"https://mastodon.social/@Gargron/103270115826048975",
        // 2^63 - 1 and a time in 2042, on hosts that are no Mastodon's.
        b"https://example.org/@someone/9223372036854775807",
        b"https://example.org/@someone/150000000000000000",
        // 1990: before the fediverse.
        b"https://example.org/@someone/41382604800000000",
        b"https://mastodon.social/@Gargron/1",
    ];
    let (rows, report) = link_ids(texts.len(), |i| Some(texts[i]), None, NOW);
    let ids: Vec<Option<u64>> = rows.iter().map(|r| r.id).collect();
    assert_eq!(ids, [Some(103_270_115_826_048_975), None, None, None, Some(1)]);
    assert_eq!(report.invalid.positions, [2, 3, 4]);
    assert_eq!(report.invalid.first_reason, Some(Reason::ImplausibleTime));
    assert_eq!(report.first_span, Some((29, 48)));
    assert!(rows[1]
        .link
        .as_ref()
        .is_some_and(|l| l.instance.as_deref() == Some("example.org")));
    // A day ahead of `now` is the limit.
    let ahead = crate::layouts::builtin::Builtin::find("mastodon")
        .unwrap()
        .layout(None, None)
        .unwrap();
    let id_at = |seconds: f64| ((seconds * 1000.0) as u64) << 16;
    let links: Vec<String> = [NOW + 86_000.0, NOW + 87_000.0]
        .iter()
        .map(|&s| format!("https://a.b/@c/{}", id_at(s)))
        .collect();
    let (rows, report) = link_ids(2, |i| Some(links[i].as_bytes()), None, NOW);
    assert!(rows[0].id.is_some() && rows[1].id.is_none() && report.invalid.count == 1);
    assert!(ahead.max_id() > id_at(NOW));
}

#[test]
fn bare_digits_of_2_64_or_more_are_invalid_entries() {
    let texts: Vec<&[u8]> = vec![b" 18446744073709551616 ", b"18446744073709551615", b"1.5", b"99x"];
    let (rows, report) = link_ids(texts.len(), |i| Some(texts[i]), None, NOW);
    assert_eq!(
        rows.iter().map(|r| r.id).collect::<Vec<_>>(),
        [None, Some(u64::MAX), None, None]
    );
    assert_eq!(
        (report.invalid.count, report.invalid.first_reason),
        (1, Some(Reason::TooLarge))
    );
    assert_eq!(report.first_span, Some((1, 21)));
    let twitter = Builtin::find("twitter").unwrap().layout(None, None).unwrap();
    let (_, report) = link_ids(texts.len(), |i| Some(texts[i]), Some((&twitter, "twitter")), NOW);
    assert_eq!(report.invalid.positions, [1, 2]);
}
