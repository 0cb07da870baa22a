//! The built-in layouts, defined here once: their names and aliases, the
//! parts with the names R gives their columns, the tick, the epoch and the
//! text form. R builds its `zuid_layout` objects from this table (through
//! the binding), and the core's tests take their layouts from it.

use crate::layouts::layout::{Counter, Layout, LayoutError, PartKind};
use crate::layouts::unit::Unit;
use crate::text::entry::TextForm;
use thiserror::Error;

/// How wide a part of a built-in layout is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// Always this many bits.
    Bits(u32),
    /// The `node_bits` the user gives (SCRU64's node id).
    NodeBits,
    /// What `node_bits` leaves of this many bits (SCRU64's counter).
    RestOf(u32),
}

/// One part of a built-in layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinPart {
    /// The part's name, which becomes its column: `sign`, `time`,
    /// `sequence`, or a node field's own name.
    pub name: &'static str,
    pub kind: PartKind,
    pub width: Width,
}

/// Where a platform's IDs of a layout begin, where it numbered things in
/// sequence before it used the layout: a number below `first_id` is such an
/// older ID, a count that holds no time, and decoding it as if minted near
/// the epoch would give a confident wrong time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Begins {
    /// The smallest ID of the layout's kind.
    pub first_id: u64,
    /// What the smaller numbers are, as messages say it after "below it
    /// are": the platform's own history, with the dates that bound it.
    pub before: &'static str,
}

/// A built-in layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builtin {
    pub name: &'static str,
    /// Other names users know it by, lowercase.
    pub aliases: &'static [&'static str],
    /// Most significant first.
    pub parts: &'static [BuiltinPart],
    pub unit: Unit,
    /// Milliseconds since 1970, or `None` where the user gives it
    /// (Sonyflake's start time is configured per deployment).
    pub epoch_ms: Option<i64>,
    pub text: TextForm,
    /// The epoch its reference implementation starts from by default, for
    /// guessing which layout made some IDs (Sonyflake v1: 2014-09-01).
    pub guess_epoch_ms: Option<i64>,
    /// The `node_bits` to guess with: SCRU64's time does not depend on it.
    pub guess_node_bits: Option<u32>,
    /// Where the platform's IDs of the layout begin, where that is known.
    pub begins: Option<Begins>,
    /// What the platform's sequences leave in their low bits, where known.
    pub counter: Counter,
    /// The earliest time a genuine ID of the layout can have, in
    /// milliseconds since 1970, where the epoch is not it (an epoch of
    /// 1970): when the platform began. A reading before it is not
    /// plausible (`id_guess_layout()`).
    pub since_ms: Option<i64>,
}

/// SCRU64's node id takes 1 to 23 of the 24 bits below its time; the
/// counter takes the rest.
pub const NODE_BITS_MIN: u32 = 1;
pub const NODE_BITS_MAX: u32 = 23;

const fn part(name: &'static str, kind: PartKind, width: Width) -> BuiltinPart {
    BuiltinPart { name, kind, width }
}

const SIGN: BuiltinPart = part("sign", PartKind::Sign, Width::Bits(1));

const fn time(bits: u32) -> BuiltinPart {
    part("time", PartKind::Time, Width::Bits(bits))
}

const fn node(name: &'static str, bits: u32) -> BuiltinPart {
    part(name, PartKind::Node, Width::Bits(bits))
}

const fn sequence(bits: u32) -> BuiltinPart {
    part("sequence", PartKind::Sequence, Width::Bits(bits))
}

const fn builtin(name: &'static str, parts: &'static [BuiltinPart], unit: Unit, epoch_ms: Option<i64>) -> Builtin {
    Builtin {
        name,
        aliases: &[],
        parts,
        unit,
        epoch_ms,
        text: TextForm::Decimal,
        guess_epoch_ms: None,
        guess_node_bits: None,
        begins: None,
        counter: Counter::Unknown,
        since_ms: None,
    }
}

/// Twitter's (X's) Snowflake: 2010-11-04T01:42:54.657Z.
///
/// Where its IDs begin: Twitter numbered tweets in sequence until
/// Snowflake took over in November 2010 (its API announcement of
/// 2010-08-23: "status IDs will no longer be sequential", "previous status
/// IDs will be unchanged"). The last tweet so numbered is 29700859247,
/// created 2010-11-04T21:02:48Z as Twitter's API gave it (TweetedAt,
/// oduwsdl/tweetedat: `pre_snowflake_last_tweet_id` in
/// `script/TimestampEstimator.py` and the last row of
/// `data/TweetTimeline.txt`; tweet 20, jack's, is its first row, of
/// 2006-03-21). As a Snowflake ID it would be 7 s after the epoch. Older
/// accounts have such small numbers too (jack's user ID is 12).
///
/// Its sequence restarts at 0 each millisecond (Snowflake's
/// `IdWorker.scala`), and on Twitter's busy workers it often is not 0: 112
/// of 448 tweets of one account (2015 to 2021, issue 39) and 3 of the 7
/// tweet IDs of the API's documentation have a sequence of 1 or 2. One in
/// ten is taken as the least share, for the damage check.
pub const TWITTER: Builtin = Builtin {
    aliases: &["x"],
    counter: Counter::Busy { one_in: 10 },
    begins: Some(Begins {
        first_id: 29_700_859_248,
        before: "numbers Twitter gave in sequence before Snowflake: tweets up to 29700859247 \
                 (2010-11-04T21:02:48Z) and its oldest accounts",
    }),
    ..builtin(
        "twitter",
        &[SIGN, time(41), node("datacenter", 5), node("worker", 5), sequence(12)],
        Unit::MILLIS,
        Some(1_288_834_974_657),
    )
};

/// Discord's: all 64 bits, from 2015-01-01. Its sequence is an increment
/// of each process, which does not restart each millisecond (Discord's
/// developer documentation, "Snowflakes": "For every ID that is generated
/// on that process, this number is incremented").
pub const DISCORD: Builtin = Builtin {
    counter: Counter::Spread,
    ..builtin(
        "discord",
        &[time(42), node("worker", 5), node("process", 5), sequence(12)],
        Unit::MILLIS,
        Some(1_420_070_400_000),
    )
};

/// Instagram's: 2011-08-24T21:07:01.721Z. Its sequence is a database
/// sequence's `nextval() % 1024` (Instagram Engineering, "Sharding & IDs
/// at Instagram", 2012), which does not restart each millisecond.
pub const INSTAGRAM: Builtin = Builtin {
    counter: Counter::Spread,
    ..builtin(
        "instagram",
        &[time(41), node("shard", 13), sequence(10)],
        Unit::MILLIS,
        Some(1_314_220_021_721),
    )
};

/// Mastodon's: 48 bits of Unix milliseconds.
///
/// Where its IDs begin: before 2.0 (October 2017) Mastodon numbered
/// statuses in sequence, from 1 on each server (`statuses_id_seq`); 2.0
/// made new IDs from the time ("Non-Serial (\"Snowflake\") IDs", PR #4801;
/// migration `20170920024819_status_ids_to_timestamp_ids.rb`) and kept the
/// old ones, and accounts moved later, keeping theirs (Gargron's is 1).
/// No date bounds the time-based IDs: a post fetched from another server
/// gets an ID at its own publication time (`Mastodon::Snowflake.id_at`
/// in `lib/mastodon/snowflake.rb`), which may be years back. But the old
/// numbers are counts of one server's rows, far below 65536 x 86400000,
/// the first ID of 1970-01-02: a smaller ID would be a time on 1970-01-01,
/// which no post has.
///
/// Its 16 low bits are a hash of the table, a secret and the time plus a
/// sequence (`lib/mastodon/snowflake.rb`): spread over their values.
///
/// A post fetched from another server may be older than Mastodon (2016):
/// the networks it federates with began with identi.ca, on 2008-07-02.
pub const MASTODON: Builtin = Builtin {
    counter: Counter::Spread,
    since_ms: Some(1_214_956_800_000),
    begins: Some(Begins {
        first_id: 5_662_310_400_000,
        before: "numbers Mastodon gave in sequence, counting from 1 on each server, \
                 to statuses before 2.0 (2017) and to older accounts",
    }),
    ..builtin("mastodon", &[time(48), sequence(16)], Unit::MILLIS, Some(0))
};

/// Sonyflake's: 10 ms ticks, the sequence above the machine, from a start
/// time each deployment configures.
pub const SONYFLAKE: Builtin = Builtin {
    guess_epoch_ms: Some(1_409_529_600_000),
    ..builtin(
        "sonyflake",
        &[SIGN, time(39), sequence(8), node("machine", 16)],
        Unit::TEN_MILLIS,
        None,
    )
};

/// SCRU64's: 256 ms ticks of Unix time, a node id of `node_bits` and a
/// counter of the rest of 24 bits; 12 base36 digits of text.
pub const SCRU64: Builtin = Builtin {
    text: TextForm::Scru64,
    guess_node_bits: Some(8),
    ..builtin(
        "scru64",
        &[
            SIGN,
            time(39),
            part("node", PartKind::Node, Width::NodeBits),
            part("sequence", PartKind::Sequence, Width::RestOf(24)),
        ],
        Unit::MILLIS_256,
        Some(0),
    )
};

/// The AT Protocol's TIDs (Bluesky's record keys): microseconds since 1970
/// and a 10-bit clock id; 13 characters of base32-sortable text.
///
/// The AT Protocol was first published in October 2022: no TID is older than
/// 2022-01-01.
pub const TID: Builtin = Builtin {
    aliases: &["bluesky"],
    since_ms: Some(1_640_995_200_000),
    text: TextForm::Tid,
    ..builtin(
        "tid",
        &[SIGN, time(53), node("clock_id", 10), sequence(0)],
        Unit::MICROS,
        Some(0),
    )
};

// Other generators' published defaults, each with the source of its
// numbers. None takes an argument, so every `layout` argument takes each by
// name.

/// baidu/uid-generator's `DefaultUidGenerator`: "sign(1bit)", timeBits 28
/// (seconds), workerBits 22, seqBits 13, and epochStr "2016-05-20" read at
/// UTC+8 (1463673600000 ms, 2016-05-19T16:00:00Z). Its time part ran out on
/// 2024-11-20, as its Javadoc says.
pub const BAIDU: Builtin = builtin(
    "baidu",
    &[SIGN, time(28), node("worker", 22), sequence(13)],
    Unit::SECONDS,
    Some(1_463_673_600_000),
);

/// sony/sonyflake v2's `sonyflake.go`: defaultBitsTime 39, defaultTimeUnit
/// 10 ms, defaultBitsSequence 8 above defaultBitsMachine 16, and a start
/// time of 2025-01-01 00:00:00 UTC when `StartTime` is not set: Sonyflake's
/// shape with v2's default start time.
pub const SONYFLAKE_V2: Builtin = builtin(
    "sonyflake_v2",
    &[SIGN, time(39), sequence(8), node("machine", 16)],
    Unit::TEN_MILLIS,
    Some(1_735_689_600_000),
);

/// f4b6a3/tsid-creator's TSID (README, `Tsid.java`): 42 bits of
/// milliseconds since `TSID_EPOCH`, 2020-01-01T00:00:00.000Z, then
/// `TsidFactory`'s default 10 node bits and 12 counter bits (the counter is
/// the sequence); all 64 bits are used.
pub const TSID: Builtin = builtin(
    "tsid",
    &[time(42), node("node", 10), sequence(12)],
    Unit::MILLIS,
    Some(1_577_836_800_000),
);

/// yitter/IdGenerator's `IdGeneratorOptions` (its Java, Go, C, C++, Rust
/// and PHP versions): BaseTime 1582136402000 (2020-02-20 02:20:02 at
/// UTC+8), WorkerIdBitLength 6, SeqBitLength 6, no data center bits; the
/// time (milliseconds) takes the rest of a positive 64-bit integer, 51 bits.
pub const YITTER: Builtin = builtin(
    "yitter",
    &[SIGN, time(51), node("worker", 6), sequence(6)],
    Unit::MILLIS,
    Some(1_582_136_402_000),
);

// Platforms that publish no layout, read from their IDs by others; each
// with what is known and where from.

/// LinkedIn's post and comment IDs (`urn:li:activity:`, `urn:li:share:`,
/// `urn:li:ugcPost:`, `urn:li:comment:`): LinkedIn documents none of it.
/// The time is the top 41 bits below a sign bit, milliseconds since 1970
/// (Ollie-Boyd/Linkedin-post-timestamp-extractor: "convert the first 41
/// binary bits" of the 63-bit ID; its tests decode activity
/// 7206271470342131712 to 2024-06-11T12:30:04Z and comment
/// 7243992047441870850 to 2024-09-23T14:38:10Z; google/unfurl's LinkedIn
/// parser, `linkedin_id >> 22`). The 22 bits below split as Twitter's do:
/// in the public IDs we read, bits 12 to 21 hold a small number (100 to
/// 132: a node) and bits 0 to 11 a sequence of 0 to 2, an inference from
/// those IDs, not a published fact. With a sign bit, 41 bits of
/// milliseconds since 1970 run out in September 2039. LinkedIn opened on
/// 2003-05-05: no post or comment is older.
pub const LINKEDIN: Builtin = Builtin {
    since_ms: Some(1_052_092_800_000),
    ..builtin(
        "linkedin",
        &[SIGN, time(41), node("node", 10), sequence(12)],
        Unit::MILLIS,
        Some(0),
    )
};

/// TikTok's (and Douyin's) video, photo and user IDs: ByteDance documents
/// none of it. The top 32 bits are seconds since 1970 (google/unfurl's
/// TikTok parser and Ryan Benson's "Tinkering with TikTok Timestamps",
/// 2020: video 6854717870488702213 is 2020-07-29T02:06:13Z, 4 s before the
/// `createTime` its page gave; Bellingcat's tiktok-timestamp), and the next
/// 10 bits the milliseconds, 0 to 999 (Steel, Schirmer, Ruths and
/// Pfeffer, "Just Another Hour on TikTok", arXiv 2504.13279, 2025, as
/// unfurl reads it: 872 in that video's ID). What the 22 bits below hold
/// (the same study reads a sequence, an entity type and a machine in
/// them, with bits it could not explain) is left as one field. All 64
/// bits are used: 32 bits of seconds last until 2106. TikTok took over
/// musical.ly's videos, and musical.ly opened in 2014: no video is older
/// than 2014-01-01.
pub const TIKTOK: Builtin = Builtin {
    since_ms: Some(1_388_534_400_000),
    ..builtin(
        "tiktok",
        &[time(32), node("millisecond", 10), node("rest", 22), sequence(0)],
        Unit::SECONDS,
        Some(0),
    )
};

/// Every built-in layout, in the order messages list them.
pub const BUILTINS: &[Builtin] = &[
    TWITTER,
    DISCORD,
    INSTAGRAM,
    MASTODON,
    SONYFLAKE,
    SCRU64,
    TID,
    BAIDU,
    SONYFLAKE_V2,
    TSID,
    YITTER,
    LINKEDIN,
    TIKTOK,
];

/// Why a built-in layout could not be made. R checks its arguments first,
/// so these reach it only as internal errors, except a layout rule (an
/// epoch outside the years 1 to 9999).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BuiltinError {
    #[error("no built-in layout has that name")]
    Unknown,
    #[error("the layout needs an epoch, or takes none")]
    Epoch,
    #[error("the layout needs node_bits from {NODE_BITS_MIN} to {NODE_BITS_MAX}, or takes none")]
    NodeBits,
    #[error(transparent)]
    Layout(#[from] LayoutError),
}

impl Builtin {
    /// The built-in layout `name` means, in any case, or an alias.
    pub fn find(name: &str) -> Option<&'static Builtin> {
        let key = name.to_ascii_lowercase();
        BUILTINS
            .iter()
            .find(|b| b.name == key || b.aliases.contains(&key.as_str()))
    }

    pub fn needs_epoch(&self) -> bool {
        self.epoch_ms.is_none()
    }

    pub fn needs_node_bits(&self) -> bool {
        self.parts.iter().any(|p| p.width == Width::NodeBits)
    }

    /// The parts' names and widths for `node_bits` (which only SCRU64
    /// takes).
    pub fn widths(&self, node_bits: Option<u32>) -> Result<Vec<(&'static str, PartKind, u32)>, BuiltinError> {
        let node_bits = match (self.needs_node_bits(), node_bits) {
            (true, Some(b)) if (NODE_BITS_MIN..=NODE_BITS_MAX).contains(&b) => b,
            (false, None) => 0,
            _ => return Err(BuiltinError::NodeBits),
        };
        Ok(self
            .parts
            .iter()
            .map(|p| {
                let bits = match p.width {
                    Width::Bits(b) => b,
                    Width::NodeBits => node_bits,
                    Width::RestOf(total) => total - node_bits,
                };
                (p.name, p.kind, bits)
            })
            .collect())
    }

    /// The layout itself: `epoch_ms` only for a layout whose epoch the user
    /// gives, `node_bits` only for SCRU64.
    pub fn layout(&self, epoch_ms: Option<i64>, node_bits: Option<u32>) -> Result<Layout, BuiltinError> {
        let epoch_ms = match (self.epoch_ms, epoch_ms) {
            (Some(fixed), None) => fixed,
            (None, Some(given)) => given,
            _ => return Err(BuiltinError::Epoch),
        };
        let parts: Vec<(PartKind, u32)> = self
            .widths(node_bits)?
            .into_iter()
            .map(|(_, kind, bits)| (kind, bits))
            .collect();
        let layout = Layout::new(&parts, self.unit, epoch_ms)?.with_text(self.text);
        Ok(layout
            .with_first_id(self.begins.map_or(0, |b| b.first_id))
            .with_counter(self.counter))
    }

    /// A layout that R's object names `name`, with the facts of that
    /// built-in that the object does not carry (where its IDs begin, what
    /// its sequences leave in the low bits), if it is that built-in's
    /// layout: the object holds the parts, and the name alone proves
    /// nothing.
    pub fn recognise(name: &[u8], layout: Layout) -> Layout {
        Builtin::recognised(name, &layout)
            .and_then(|b| b.layout(None, None).ok())
            .unwrap_or(layout)
    }

    /// The built-in that R's object names `name`, if `layout` is its
    /// layout (see [`Builtin::recognise`]).
    pub fn recognised(name: &[u8], layout: &Layout) -> Option<&'static Builtin> {
        BUILTINS.iter().find(|b| {
            b.name.as_bytes() == name
                && b.layout(None, None)
                    .is_ok_and(|own| own == layout.clone().with_first_id(own.first_id()).with_counter(own.counter()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts::layout::MAX_SEQUENCE_BITS;

    #[test]
    fn names_and_aliases_are_found_in_any_case() {
        assert_eq!(Builtin::find("Twitter").map(|b| b.name), Some("twitter"));
        assert_eq!(Builtin::find("X").map(|b| b.name), Some("twitter"));
        assert_eq!(Builtin::find("BlueSky").map(|b| b.name), Some("tid"));
        assert_eq!(Builtin::find("snowflake"), None);
        let mut names: Vec<&str> = BUILTINS
            .iter()
            .flat_map(|b| b.aliases.iter().chain([&b.name]))
            .copied()
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name or alias is used twice");
    }

    #[test]
    fn every_builtin_is_a_valid_layout() {
        for b in BUILTINS {
            let epoch = b.needs_epoch().then_some(0);
            let bits = b.needs_node_bits().then_some(NODE_BITS_MIN);
            let layout = b.layout(epoch, bits).unwrap_or_else(|e| panic!("{}: {e}", b.name));
            assert_eq!(layout.text_form(), b.text, "{}", b.name);
            assert_eq!(b.guess_epoch_ms.is_some(), b.needs_epoch(), "{}", b.name);
            assert_eq!(b.guess_node_bits.is_some(), b.needs_node_bits(), "{}", b.name);
            assert!(b.layout(b.guess_epoch_ms, b.guess_node_bits).is_ok(), "{}", b.name);
        }
    }

    #[test]
    fn the_published_shapes() {
        let shape = |b: &Builtin, node_bits| -> Vec<(&str, u32)> {
            b.widths(node_bits)
                .unwrap()
                .into_iter()
                .map(|(n, _, w)| (n, w))
                .collect()
        };
        assert_eq!(
            shape(&TWITTER, None),
            [
                ("sign", 1),
                ("time", 41),
                ("datacenter", 5),
                ("worker", 5),
                ("sequence", 12)
            ]
        );
        assert_eq!(
            shape(&DISCORD, None),
            [("time", 42), ("worker", 5), ("process", 5), ("sequence", 12)]
        );
        assert_eq!(shape(&INSTAGRAM, None), [("time", 41), ("shard", 13), ("sequence", 10)]);
        assert_eq!(shape(&MASTODON, None), [("time", 48), ("sequence", 16)]);
        assert_eq!(
            shape(&SONYFLAKE, None),
            [("sign", 1), ("time", 39), ("sequence", 8), ("machine", 16)]
        );
        assert_eq!(
            shape(&SCRU64, Some(8)),
            [("sign", 1), ("time", 39), ("node", 8), ("sequence", 16)]
        );
        assert_eq!(
            shape(&TID, None),
            [("sign", 1), ("time", 53), ("clock_id", 10), ("sequence", 0)]
        );
        assert_eq!(
            shape(&BAIDU, None),
            [("sign", 1), ("time", 28), ("worker", 22), ("sequence", 13)]
        );
        assert_eq!(shape(&SONYFLAKE_V2, None), shape(&SONYFLAKE, None));
        assert_eq!(shape(&TSID, None), [("time", 42), ("node", 10), ("sequence", 12)]);
        assert_eq!(
            shape(&YITTER, None),
            [("sign", 1), ("time", 51), ("worker", 6), ("sequence", 6)]
        );
        assert_eq!(
            shape(&LINKEDIN, None),
            [("sign", 1), ("time", 41), ("node", 10), ("sequence", 12)]
        );
        assert_eq!(
            shape(&TIKTOK, None),
            [("time", 32), ("millisecond", 10), ("rest", 22), ("sequence", 0)]
        );
    }

    #[test]
    fn linkedin_and_tiktok_ids_decode_as_their_sources_say() {
        // (layout, ID, milliseconds since 1970 of its tick, node values.)
        let linkedin = LINKEDIN.layout(None, None).unwrap();
        let tiktok = TIKTOK.layout(None, None).unwrap();
        // Ollie-Boyd's tests: 2024-06-11T12:30:04Z and 2024-09-23T14:38:10Z.
        assert_eq!(
            linkedin.time_decoder().millis(7_206_271_470_342_131_712),
            1_718_109_004_579
        );
        assert_eq!(
            linkedin.time_decoder().millis(7_243_992_047_441_870_850),
            1_727_102_290_974
        );
        let fields = |layout: &Layout, id: u64| layout.nodes().map(|p| p.extract(id)).collect::<Vec<_>>();
        assert_eq!(fields(&linkedin, 7_243_992_047_441_870_850), [112]);
        assert_eq!(linkedin.sequence().extract(7_243_992_047_441_870_850), 2);
        // Bill Nye's video of 2020-07-29T02:06:13Z, 872 ms.
        assert_eq!(
            tiktok.time_decoder().millis(6_854_717_870_488_702_213),
            1_595_988_373_000
        );
        assert_eq!(fields(&tiktok, 6_854_717_870_488_702_213)[0], 872);
        assert_eq!(tiktok.max_id(), u64::MAX);
        assert_eq!(linkedin.max_id(), i64::MAX as u64);
    }

    #[test]
    fn where_ids_begin_is_known_for_twitter_and_mastodon() {
        let first = |b: &Builtin| b.layout(None, None).unwrap().first_id();
        // TweetedAt's last sequential tweet is the last number below.
        assert_eq!(first(&TWITTER), 29_700_859_248);
        // Mastodon's: the first ID of 1970-01-02, 86,400,000 ms after 1970.
        let mastodon = MASTODON.layout(None, None).unwrap();
        assert_eq!(mastodon.first_id(), 86_400_000 << 16);
        assert_eq!(mastodon.time_decoder().millis(mastodon.first_id()), 86_400_000);
        assert_eq!(mastodon.time_decoder().millis(mastodon.first_id() - 1), 86_399_999);
        for b in [DISCORD, INSTAGRAM, TID, TSID] {
            assert_eq!(first(&b), 0, "{}", b.name);
            assert_eq!(b.begins, None);
        }
        for b in BUILTINS.iter().filter(|b| b.begins.is_some()) {
            let layout = b.layout(None, None).unwrap();
            assert!(layout.first_id() <= layout.max_id(), "{}", b.name);
            assert!(!b.begins.unwrap().before.contains("  "), "{}", b.name);
        }
    }

    #[test]
    fn a_layout_from_r_is_recognised_by_its_name_and_its_parts() {
        let bare = |b: &Builtin| b.layout(None, None).unwrap().with_first_id(0);
        assert_eq!(
            Builtin::recognise(b"twitter", bare(&TWITTER)).first_id(),
            29_700_859_248
        );
        assert_eq!(
            Builtin::recognise(b"mastodon", bare(&MASTODON)).first_id(),
            86_400_000 << 16
        );
        // The name alone proves nothing: another layout keeps what it has.
        assert_eq!(Builtin::recognise(b"twitter", bare(&DISCORD)).first_id(), 0);
        assert_eq!(Builtin::recognise(b"x", bare(&TWITTER)).first_id(), 0);
        assert_eq!(Builtin::recognise(b"Twitter", bare(&TWITTER)).first_id(), 0);
        assert_eq!(Builtin::recognise(b"discord", bare(&DISCORD)).first_id(), 0);
        assert_eq!(Builtin::recognise(b"\xff", bare(&TWITTER)).first_id(), 0);
        let epoch_moved = Layout::new(
            &TWITTER
                .widths(None)
                .unwrap()
                .iter()
                .map(|&(_, k, b)| (k, b))
                .collect::<Vec<_>>(),
            Unit::MILLIS,
            1_288_834_974_658,
        )
        .unwrap();
        assert_eq!(Builtin::recognise(b"twitter", epoch_moved).first_id(), 0);
    }

    #[test]
    fn parameters_are_taken_only_where_they_belong() {
        assert_eq!(SONYFLAKE.layout(None, None), Err(BuiltinError::Epoch));
        assert_eq!(TWITTER.layout(Some(0), None), Err(BuiltinError::Epoch));
        assert_eq!(SCRU64.layout(None, None), Err(BuiltinError::NodeBits));
        assert_eq!(SCRU64.layout(None, Some(24)), Err(BuiltinError::NodeBits));
        assert_eq!(SCRU64.layout(None, Some(0)), Err(BuiltinError::NodeBits));
        assert_eq!(DISCORD.layout(None, Some(8)), Err(BuiltinError::NodeBits));
        assert!(matches!(
            SONYFLAKE.layout(Some(i64::MAX), None),
            Err(BuiltinError::Layout(LayoutError::EpochOutOfRange { .. }))
        ));
        for bits in NODE_BITS_MIN..=NODE_BITS_MAX {
            let layout = SCRU64.layout(None, Some(bits)).unwrap();
            assert_eq!(layout.sequence().bits(), 24 - bits);
            assert!(layout.sequence().bits() <= MAX_SEQUENCE_BITS);
        }
    }
}
