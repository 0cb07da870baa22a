//! Times and bounds against the specifications' vectors; each row names
//! its source. Expected instants are written as the sources state them.

use super::*;
use crate::compose::composer::Side;
use crate::wide::format::Tick::*;
use crate::wide::parse::parse;
use crate::wide::text::canonical;
use Format::*;

/// RFC 9562 appendix A's instant, 2022-02-22T19:22:22Z (14:22:22-05:00).
const RFC_SECONDS: i128 = 1_645_557_742;

fn time_of(format: Format, text: &str, sub_ms: SubMs) -> Result<WideTime, WideProblem> {
    time(format, parse(format, text.as_bytes())?, sub_ms)
}

#[rustfmt::skip]
const TIME_ROWS: &[(Format, &str, i128, Tick, &str)] = &[
    (UuidV1, "C232AB00-9414-11EC-B3C8-9F6BDECED846", RFC_SECONDS * 10_000_000, Nano100, "RFC 9562 A.1"),
    (UuidV6, "1EC9414C-232A-6B00-B3C8-9F6BDECED846", RFC_SECONDS * 10_000_000, Nano100, "RFC 9562 A.5"),
    (UuidV7, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F", RFC_SECONDS * 1000, Milli, "RFC 9562 A.6"),
    (Uuid, "C232AB00-9414-11EC-B3C8-9F6BDECED846", RFC_SECONDS * 10_000_000, Nano100, "RFC 9562 A.1"),
    (Uuid, "1EC9414C-232A-6B00-B3C8-9F6BDECED846", RFC_SECONDS * 10_000_000, Nano100, "RFC 9562 A.5"),
    (Uuid, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F", RFC_SECONDS * 1000, Milli, "RFC 9562 A.6"),
    (Ulid, "01ARYZ6S41TSV4RRFFQ69G5FAV", 1_469_918_176_385, Milli, "ulid/javascript ulid.spec.ts decodeTime"),
    (Ulid, "01ARYZ6S41YYYYYYYYYYYYYYZ1", 1_469_918_176_385, Milli, "ulid/javascript ulid.spec.ts monotonicFactory"),
    (Ulid, "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", 281_474_976_710_655, Milli, "ulid/javascript TIME_MAX"),
    (TypeId, "prefix_01h455vb4pex5vsknk084sn02q", 0x01890a5dac96, Milli, "jetify-com/typeid valid.yml valid-uuidv7"),
    (Scru128, "0372hg16csmsm50l8dikcvukc", 0x017fee7fef41, Milli, "scru128/spec base36_128.c"),
    (Ksuid, "0ujtsYcgvSTl8PAuAdqWYSMnLOv", 1_400_000_000 + 107_608_047, Second, "segmentio/ksuid README: 2017-10-09 21:00:47 -0700"),
    (Ksuid, "0ujzPyRiIAffKhBux4PvQdDqMHY", 1_400_000_000 + 107_610_780, Second, "segmentio/ksuid README: 2017-10-09 21:46:20 -0700"),
    (Ksuid, "000000000000000000000000000", 1_400_000_000, Second, "segmentio/ksuid Nil: its epoch"),
    (Ksuid, "aWgEPTl1tmebfsQzFP4bxwgy80V", 1_400_000_000 + 4_294_967_295, Second, "segmentio/ksuid Max: unsigned, 2150"),
    (ObjectId, "000000000000000000000000", 0, Second, "BSON ObjectId spec: 1970-01-01T00:00:00Z"),
    (ObjectId, "7FFFFFFF0000000000000000", 2_147_483_647, Second, "BSON ObjectId spec: 2038-01-19T03:14:07Z"),
    (ObjectId, "800000000000000000000000", 2_147_483_648, Second, "BSON ObjectId spec: 2038-01-19T03:14:08Z"),
    (ObjectId, "FFFFFFFF0000000000000000", 4_294_967_295, Second, "BSON ObjectId spec: 2106-02-07T06:28:15Z"),
    (Xid, "9m4e2mr0ui3e8a215n4g", 1_300_816_219, Second, "rs/xid id_test.go IDs[0]"),
];

#[test]
fn times_of_the_public_vectors() {
    for &(format, text, ticks, tick, source) in TIME_ROWS {
        assert_eq!(
            time_of(format, text, SubMs::None),
            Ok(WideTime::new(ticks, tick)),
            "{text} ({source})"
        );
    }
}

#[test]
fn versions_without_time_are_their_own_problem() {
    for (text, version) in [
        ("5df41881-3aed-3515-88a7-2f4a814cf09e", 3),
        ("919108f7-52d1-4320-9bac-f847db4148a8", 4),
        ("2ed6657d-e927-568b-95e1-2665a8aea6a2", 5),
        ("2489E9AD-2EE2-8E00-8EC9-32D5F69181C0", 8),
        ("00000000-0000-0000-0000-000000000000", 0),
        ("ffffffff-ffff-ffff-ffff-ffffffffffff", 15),
    ] {
        let p = time_of(Uuid, text, SubMs::None).unwrap_err();
        assert_eq!(
            p,
            WideProblem::NoTime(version),
            "{text} (RFC 9562 A.2-A.4, B.1, 5.9, 5.10)"
        );
        assert!(p.is_no_time());
    }
}

#[test]
fn rfc_9562_method_3_fraction_of_a_millisecond() {
    // RFC 9562 6.2 method 3: .4567 ms after the millisecond is 0x74E of 4096.
    let ms = RFC_SECONDS * 1000;
    let at = WideTime::new(ms * 1_000_000 + 456_700, Nano);
    let lo = from_time(UuidV7, at, Side::Min, SubMs::Fraction).unwrap();
    assert_eq!(lo.bits(128, 52, 12), 0x74E);
    assert_eq!(
        time(UuidV7, lo, SubMs::Fraction),
        Ok(WideTime::new(ms * 4096 + 0x74E, MilliOver4096))
    );
    // Read as a counter, the same bits are no time at all.
    assert_eq!(time(UuidV7, lo, SubMs::None), Ok(WideTime::new(ms, Milli)));
    // Go's google/uuid: (ns within the ms) >> 8, so 456700 ns is step 1783.
    let go = from_time(UuidV7, at, Side::Min, SubMs::Ns256).unwrap();
    assert_eq!(go.bits(128, 52, 12), 456_700 >> 8);
    assert_eq!(
        time(UuidV7, go, SubMs::Ns256),
        Ok(WideTime::new(ms * 1_000_000 + (456_700 >> 8) * 256, Nano))
    );
    // A `uuid` column reads its v7 entries the same way, and only those.
    assert_eq!(time(Uuid, lo, SubMs::Fraction), time(UuidV7, lo, SubMs::Fraction));
    let v1 = parse(Uuid, b"C232AB00-9414-11EC-B3C8-9F6BDECED846").unwrap();
    assert_eq!(time(Uuid, v1, SubMs::Fraction), time(Uuid, v1, SubMs::None));
}

#[test]
fn bounds_of_the_rfc_instant_hold_its_ids() {
    let at = WideTime::new(RFC_SECONDS, Second);
    for (format, text, min, max) in [
        (
            UuidV7,
            "017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
            "017f22e2-79b0-7000-8000-000000000000",
            "017f22e2-79b0-7fff-bfff-ffffffffffff",
        ),
        (
            UuidV6,
            "1EC9414C-232A-6B00-B3C8-9F6BDECED846",
            "1ec9414c-232a-6b00-8000-000000000000",
            "1ec9414c-232a-6b00-bfff-ffffffffffff",
        ),
    ] {
        let v = parse(format, text.as_bytes()).unwrap();
        let lo = from_time(format, at, Side::Min, SubMs::None).unwrap();
        let hi = from_time(format, at, Side::Max, SubMs::None).unwrap();
        assert_eq!(
            (canonical(format, lo).as_str(), canonical(format, hi).as_str()),
            (min, max),
            "{text}"
        );
        assert!(lo <= v && v <= hi);
        // The bounds are IDs of the layout themselves.
        assert!(parse(format, min.as_bytes()).is_ok() && parse(format, max.as_bytes()).is_ok());
    }
    // ulid/javascript encodeTime(1469918176385) is "01ARYZ6S41".
    let ulid = from_time(Ulid, WideTime::new(1_469_918_176_385, Milli), Side::Min, SubMs::None).unwrap();
    assert_eq!(canonical(Ulid, ulid), "01ARYZ6S410000000000000000");
}

#[test]
fn bounds_refuse_unsorted_layouts_and_times_out_of_range() {
    let at = WideTime::new(RFC_SECONDS, Second);
    assert_eq!(
        from_time(UuidV1, at, Side::Min, SubMs::None),
        Err(WideProblem::NotSortable)
    );
    assert_eq!(
        from_time(Uuid, at, Side::Max, SubMs::None),
        Err(WideProblem::NotSortable)
    );
    // ulid/javascript: encodeTime above TIME_MAX throws.
    let past = WideTime::new(281_474_976_710_656, Milli);
    assert_eq!(
        from_time(Ulid, past, Side::Min, SubMs::None),
        Err(WideProblem::TimeRange)
    );
    // KSUID counts from 1400000000; ObjectId and Xid end in 2106.
    let before = WideTime::new(1_399_999_999, Second);
    assert_eq!(
        from_time(Ksuid, before, Side::Min, SubMs::None),
        Err(WideProblem::TimeRange)
    );
    let end = WideTime::new(4_294_967_295, Second);
    assert_eq!(
        from_time(ObjectId, end, Side::Max, SubMs::None),
        Ok(Wide::from_u128((1 << 96) - 1))
    );
    let after = WideTime::new(4_294_967_296, Second);
    assert_eq!(
        from_time(Xid, after, Side::Min, SubMs::None),
        Err(WideProblem::TimeRange)
    );
    assert_eq!(
        from_time(Xid, WideTime::new(-1, Nano), Side::Min, SubMs::None),
        Err(WideProblem::TimeRange)
    );
    // UUIDv6 from 1582-10-15: one 100 ns tick before it is out of range.
    let gregorian = -crate::wide::format::GREGORIAN_TO_UNIX_100NS;
    assert!(from_time(UuidV6, WideTime::new(gregorian, Nano100), Side::Min, SubMs::None).is_ok());
    assert_eq!(
        from_time(UuidV6, WideTime::new(gregorian - 1, Nano100), Side::Min, SubMs::None),
        Err(WideProblem::TimeRange)
    );
    let ksuid_end = WideTime::new(1_400_000_000 + 4_294_967_295, Second);
    assert_eq!(
        from_time(Ksuid, ksuid_end, Side::Max, SubMs::None),
        Ok(Wide::new(u32::MAX, u128::MAX))
    );
}

#[test]
fn a_bound_reads_back_as_its_instant_floored() {
    let sorted = [UuidV7, UuidV6, Ulid, TypeId, Scru128, Ksuid, ObjectId, Xid];
    let instants = [
        1_645_557_742_123_456_789i128,
        1_400_000_000_000_000_001,
        2_147_483_648_999_999_999,
        4_000_000_000_000_000_000,
    ];
    for format in sorted {
        for sub_ms in [SubMs::None, SubMs::Fraction, SubMs::Ns256] {
            for ns in instants {
                let at = WideTime::new(ns, Nano);
                for side in [Side::Min, Side::Max] {
                    let v = from_time(format, at, side, sub_ms).unwrap();
                    let t = time(format, v, sub_ms).unwrap();
                    // Go's steps are 256 ns, counted from the millisecond.
                    let want = if format == UuidV7 && sub_ms == SubMs::Ns256 {
                        WideTime::new(ns - ns % 1_000_000 % 256, Nano)
                    } else {
                        at.floor_to(t.tick)
                    };
                    assert_eq!(t, want, "{} {ns} {side:?} {sub_ms:?}", format.name());
                }
            }
        }
    }
}

#[test]
fn times_stay_exact_and_convert() {
    // One 100 ns tick after RFC 9562's instant, which a double of seconds
    // cannot hold apart from the instant itself at this magnitude.
    let t = WideTime::new(RFC_SECONDS * 10_000_000 + 1, Nano100);
    let v = from_time(UuidV6, t, Side::Min, SubMs::None).unwrap();
    assert_eq!(time(UuidV6, v, SubMs::None), Ok(t));
    assert_eq!(t.split(), (RFC_SECONDS, 1));
    assert_eq!(t.floor_nanos(), RFC_SECONDS * 1_000_000_000 + 100);
    assert_eq!(WideTime::new(-1, Milli).split(), (-1, 999));
    assert_eq!(WideTime::new(1_500, Milli).as_secs_f64(), 1.5);
    assert_eq!(WideTime::new(0x74E, MilliOver4096).floor_nanos(), 456_542);
}

#[test]
fn uuid_times_at_fixed_places_are_the_facts_time_bits() {
    // The fixed shifts of `uuid_time` against the runs `format` states,
    // on RFC 9562 A.1, A.5, A.6 and on bits that differ in every field.
    for v in [
        0xC232AB00_9414_11EC_B3C8_9F6BDECED846u128,
        0x1EC9414C_232A_6B00_B3C8_9F6BDECED846,
        0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F,
        0x12345678_9ABC_1DEF_8123_456789ABCDEF,
        0x12345678_9ABC_6DEF_8123_456789ABCDEF,
        0xFEDCBA98_7654_7321_BFFF_FFFFFFFFFFFF,
    ] {
        let version = ((v >> 76) & 0xF) as u8;
        let tb = crate::wide::format::time_bits_of_version(version).unwrap();
        let want = WideTime::new(gather(Wide::from_u128(v), 128, tb.runs) as i128 + tb.epoch, tb.tick);
        assert_eq!(uuid_time(v, SubMs::None), Ok(want), "{v:x}");
    }
}
