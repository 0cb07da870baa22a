//! Fixtures the core's tests share: the built-in layouts, taken from the
//! table R builds its layouts from (so that no test declares one by hand),
//! published example IDs with their parts, and reproducible pseudo-random
//! IDs.

use crate::layouts::builtin::{
    Builtin, BAIDU, DISCORD, INSTAGRAM, MASTODON, SCRU64, SONYFLAKE, SONYFLAKE_V2, TID, TSID, TWITTER, YITTER,
};
use crate::layouts::layout::Layout;

fn fixed(b: &Builtin) -> Layout {
    b.layout(None, None).expect("a built-in layout")
}

pub fn twitter() -> Layout {
    fixed(&TWITTER)
}

pub fn discord() -> Layout {
    fixed(&DISCORD)
}

pub fn instagram() -> Layout {
    fixed(&INSTAGRAM)
}

pub fn mastodon() -> Layout {
    fixed(&MASTODON)
}

pub fn tid() -> Layout {
    fixed(&TID)
}

pub fn baidu() -> Layout {
    fixed(&BAIDU)
}

pub fn sonyflake_v2() -> Layout {
    fixed(&SONYFLAKE_V2)
}

pub fn tsid() -> Layout {
    fixed(&TSID)
}

pub fn yitter() -> Layout {
    fixed(&YITTER)
}

pub fn sonyflake(epoch_ms: i64) -> Layout {
    SONYFLAKE.layout(Some(epoch_ms), None).expect("a Sonyflake start time")
}

pub fn scru64(node_bits: u32) -> Layout {
    SCRU64.layout(None, Some(node_bits)).expect("SCRU64's node bits")
}

/// The epochs of the built-in layouts, in milliseconds since 1970.
pub const TWITTER_EPOCH_MS: i64 = 1_288_834_974_657;
pub const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;
/// Sonyflake v1's default start time, 2014-09-01.
pub const SONYFLAKE_V1_EPOCH_MS: i64 = 1_409_529_600_000;

/// A published ID with its parts: the start of its tick in milliseconds
/// since 1970, its node values in layout order, and its sequence.
pub struct Example {
    pub id: u64,
    pub time_ms: i64,
    pub nodes: &'static [u64],
    pub sequence: u64,
}

/// Discord's documented example, 2016-04-30T11:18:25.796Z, worker 1,
/// process 0, increment 7.
pub const DISCORD_EXAMPLE: Example = Example {
    id: 175_928_847_299_117_063,
    time_ms: 1_462_015_105_796,
    nodes: &[1, 0],
    sequence: 7,
};

/// A tweet of 2025-02-10T13:34:39.256Z: datacenter 11, worker 8,
/// sequence 322.
pub const TWITTER_EXAMPLE: Example = Example {
    id: 1_888_944_671_579_078_978,
    time_ms: 1_739_194_479_256,
    nodes: &[11, 8],
    sequence: 322,
};

/// Discord's documented pagination bound: the first ID of 2016-05-01.
pub const DISCORD_MAY_2016_MS: i64 = 1_462_060_800_000;
pub const DISCORD_MAY_2016_ID: u64 = 176_120_502_681_600_000;

/// SCRU64's specification example, `0u2pf62ji4b9`, read with 8 node bits:
/// node 42, counter 16725, 2023-03-03T13:29:42.144Z.
pub const SCRU64_EXAMPLE_TEXT: &[u8] = b"0u2pf62ji4b9";
pub const SCRU64_EXAMPLE: Example = Example {
    id: 109_959_589_539_758_421,
    time_ms: 1_677_850_182_144,
    nodes: &[42],
    sequence: 16_725,
};

/// @atcute/tid's example: a TID of 2024-08-20 with clock id 512.
pub const TID_EXAMPLE_TEXT: &[u8] = b"3l25zusnsfck2";
pub const TID_EXAMPLE_MICROS: u64 = 1_724_171_495_793_000;
pub const TID_EXAMPLE: u64 = (TID_EXAMPLE_MICROS << 10) | 512;

/// tsid-creator's README: `Tsid.from("0123456789ABC").getInstant()` is
/// 2020-04-15T22:31:02.458Z; its 22 bits below the time, 305516, are node
/// 74 and counter 2412 with the default 10 node bits.
pub const TSID_EXAMPLE_TEXT: &[u8] = b"0123456789ABC";
pub const TSID_EXAMPLE: Example = Example {
    id: 38_390_726_480_144_748,
    time_ms: 1_586_989_862_458,
    nodes: &[74],
    sequence: 2412,
};

/// Sonyflake v2's own `Compose()` (sony/sonyflake at f167a9d, default
/// settings): 2025-06-15T12:34:56.780Z, sequence 7, machine 0x1234.
pub const SONYFLAKE_V2_EXAMPLE: Example = Example {
    id: 23_993_594_516_279_860,
    time_ms: 1_749_990_896_780,
    nodes: &[0x1234],
    sequence: 7,
};

/// uid-generator's README example, `180363646902239241`: worker 4 and
/// sequence 9 under its default widths (its time was made with other
/// bits, so only the parts below it are given).
pub const BAIDU_EXAMPLE_ID: u64 = 180_363_646_902_239_241;

/// yitter/IdGenerator's README: IDs of its default configuration after 1, 3,
/// 5 and 10 years, all of worker 1.
pub const YITTER_README_IDS: [u64; 4] = [
    129_053_495_681_099,
    387_750_301_904_971,
    646_093_214_093_387,
    1_292_658_282_840_139,
];

/// 10,000 xorshift64 values: spread over all 64 bits, reproducible.
pub fn pseudo_random(mut x: u64) -> impl Iterator<Item = u64> {
    (0..10_000).map(move |_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    })
}

#[test]
fn the_examples_decode_under_their_layouts() {
    let cases = [
        (discord(), DISCORD_EXAMPLE),
        (twitter(), TWITTER_EXAMPLE),
        (scru64(8), SCRU64_EXAMPLE),
    ];
    for (layout, example) in cases {
        assert_eq!(layout.time_decoder().time(example.id), example.time_ms);
        let nodes: Vec<u64> = layout.nodes().map(|p| p.extract(example.id)).collect();
        assert_eq!(nodes, example.nodes);
        assert_eq!(layout.sequence().extract(example.id), example.sequence);
    }
    assert_eq!(tid().time_decoder().time(TID_EXAMPLE), TID_EXAMPLE_MICROS as i64);
    assert_eq!(twitter().epoch_ms(), TWITTER_EPOCH_MS);
    assert_eq!(discord().epoch_ms(), DISCORD_EPOCH_MS);
    assert_eq!(SONYFLAKE.guess_epoch_ms, Some(SONYFLAKE_V1_EPOCH_MS));
    assert!(instagram().nodes().count() == 1 && mastodon().nodes().count() == 0);
}

#[test]
fn the_published_defaults_decode_their_projects_examples() {
    use crate::text::bases::Base;
    use crate::text::entry::Entry;
    assert_eq!(Base::Base32.decode(TSID_EXAMPLE_TEXT), Entry::Id(TSID_EXAMPLE.id));
    for (layout, example) in [(tsid(), TSID_EXAMPLE), (sonyflake_v2(), SONYFLAKE_V2_EXAMPLE)] {
        assert_eq!(layout.time_decoder().time(example.id), example.time_ms);
        let nodes: Vec<u64> = layout.nodes().map(|p| p.extract(example.id)).collect();
        assert_eq!(nodes, example.nodes);
        assert_eq!(layout.sequence().extract(example.id), example.sequence);
    }
    let baidu = baidu();
    let worker = baidu.nodes().next().expect("a worker").extract(BAIDU_EXAMPLE_ID);
    assert_eq!((worker, baidu.sequence().extract(BAIDU_EXAMPLE_ID)), (4, 9));
    let yitter = yitter();
    let year_ms = 365.25 * 86_400_000.0;
    for (id, years) in YITTER_README_IDS.into_iter().zip([1.0, 3.0, 5.0, 10.0]) {
        let since = (yitter.time_decoder().time(id) - yitter.epoch_ms()) as f64 / year_ms;
        assert!((since - years).abs() < 0.01, "{id}: {since} years");
        assert_eq!(yitter.nodes().next().expect("a worker").extract(id), 1);
    }
}
