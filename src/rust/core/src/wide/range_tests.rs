//! Ranges against the public vectors' instants: an ID is in `[from, to)`
//! exactly when its tick is, for every format and both ways of comparing.

use super::*;
use crate::wide::format::Tick::*;
use crate::wide::parse::parse;
use crate::wide::problem::WideProblem;
use Format::*;

/// RFC 9562 appendix A's instant, 2022-02-22T19:22:22Z.
const RFC_SECONDS: i128 = 1_645_557_742;

fn secs(s: i128) -> Option<WideTime> {
    Some(WideTime::new(s, Second))
}

fn holds(format: Format, text: &str, from: Option<WideTime>, to: Option<WideTime>) -> Result<bool, WideProblem> {
    let range = TimeRange::new(format, SubMs::None, from, to);
    range.holds(format, parse(format, text.as_bytes()).unwrap())
}

const V1: &str = "C232AB00-9414-11EC-B3C8-9F6BDECED846";
const V6: &str = "1EC9414C-232A-6B00-B3C8-9F6BDECED846";
const V7: &str = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F";

#[test]
fn the_rfc_instant_is_in_its_own_second_only() {
    // The three RFC 9562 examples were all made at RFC_SECONDS exactly.
    for (format, text) in [
        (UuidV1, V1),
        (UuidV6, V6),
        (UuidV7, V7),
        (Uuid, V1),
        (Uuid, V6),
        (Uuid, V7),
    ] {
        let at = RFC_SECONDS;
        assert_eq!(holds(format, text, secs(at), secs(at + 1)), Ok(true), "{text}");
        // `to` is excluded, `from` included.
        assert_eq!(holds(format, text, secs(at - 1), secs(at)), Ok(false), "{text}");
        assert_eq!(holds(format, text, secs(at + 1), None), Ok(false), "{text}");
        assert_eq!(holds(format, text, None, None), Ok(true), "{text}");
    }
}

#[test]
fn ends_are_floored_to_the_formats_tick() {
    // A ULID of 1469918176385 ms: a `to` 0.4 ms after that millisecond is
    // floored to it, and excludes the ID; a `from` there includes it.
    let ms = 1_469_918_176_385;
    let inside = Some(WideTime::new(ms * 1_000_000 + 400_000, Nano));
    assert_eq!(holds(Ulid, "01ARYZ6S41TSV4RRFFQ69G5FAV", None, inside), Ok(false));
    assert_eq!(holds(Ulid, "01ARYZ6S41TSV4RRFFQ69G5FAV", inside, None), Ok(true));
    // KSUID counts seconds: anywhere in its second is its second.
    let ksuid_at = 1_400_000_000 + 107_608_047;
    let half = Some(WideTime::new(ksuid_at * 1000 + 500, Milli));
    assert_eq!(holds(Ksuid, "0ujtsYcgvSTl8PAuAdqWYSMnLOv", half, None), Ok(true));
    // UUIDv1 compares 100 ns units: 50 ns after its time is past it.
    let v1_ns = RFC_SECONDS * 1_000_000_000;
    assert_eq!(holds(UuidV1, V1, Some(WideTime::new(v1_ns + 50, Nano)), None), Ok(true));
    assert_eq!(
        holds(UuidV1, V1, Some(WideTime::new(v1_ns + 100, Nano)), None),
        Ok(false)
    );
}

#[test]
fn ends_outside_the_formats_times_cut_below_or_above_all() {
    // ObjectIds count from 1970; a `from` in 1960 keeps them, a `to` there
    // keeps none, a `from` in 2200 (past 2106) none.
    let id = "000000000000000000000000";
    assert_eq!(holds(ObjectId, id, secs(-315_619_200), None), Ok(true));
    assert_eq!(holds(ObjectId, id, None, secs(-315_619_200)), Ok(false));
    assert_eq!(
        holds(ObjectId, "FFFFFFFF0000000000000000", secs(7_258_118_400), None),
        Ok(false)
    );
    assert_eq!(
        holds(ObjectId, "FFFFFFFF0000000000000000", None, secs(7_258_118_400)),
        Ok(true)
    );
}

#[test]
fn a_uuid_without_time_is_its_problem() {
    let v4 = "919108f7-52d1-4320-9bac-f847db4148a8";
    assert_eq!(holds(Uuid, v4, None, None), Err(WideProblem::NoTime(4)));
}

#[test]
fn value_and_time_agree_for_every_sortable_format() {
    // Every ID near the vectors' instants, against ends a few ticks apart:
    // the bound comparison keeps exactly the IDs whose tick is in range.
    let rows: &[(Format, &str)] = &[
        (UuidV7, V7),
        (UuidV6, V6),
        (Ulid, "01ARYZ6S41TSV4RRFFQ69G5FAV"),
        (TypeId, "prefix_01h455vb4pex5vsknk084sn02q"),
        (Scru128, "0372hg16csmsm50l8dikcvukc"),
        (Ksuid, "0ujtsYcgvSTl8PAuAdqWYSMnLOv"),
        (Xid, "9m4e2mr0ui3e8a215n4g"),
    ];
    for &(format, text) in rows {
        let v = parse(format, text.as_bytes()).unwrap();
        let t = time(format, v, SubMs::None).unwrap();
        for d_from in -2..=2 {
            for d_to in -2..=3 {
                let from = WideTime::new(t.ticks + d_from, t.tick);
                let to = WideTime::new(t.ticks + d_to, t.tick);
                let by_time = from.ticks <= t.ticks && t.ticks < to.ticks;
                let range = TimeRange::new(format, SubMs::None, Some(from), Some(to));
                assert_eq!(range.holds(format, v), Ok(by_time), "{text} {d_from} {d_to}");
            }
        }
    }
}

#[test]
fn sub_millisecond_uuidv7_compares_its_fraction() {
    // RFC 9562 6.2 method 3: rand_a 0x74E is .4567 ms into the millisecond.
    let ms = RFC_SECONDS * 1000;
    let v = parse(UuidV7, b"017f22e2-79b0-774e-8000-000000000000").unwrap();
    let at = |ns: i128| Some(WideTime::new(ms * 1_000_000 + ns, Nano));
    let fraction = TimeRange::new(UuidV7, SubMs::Fraction, at(456_700), None);
    assert_eq!(fraction.holds(UuidV7, v), Ok(true));
    let later = TimeRange::new(UuidV7, SubMs::Fraction, at(457_100), None);
    assert_eq!(later.holds(UuidV7, v), Ok(false));
    // Read as a counter, the bits are no time: the millisecond holds it.
    let none = TimeRange::new(UuidV7, SubMs::None, at(457_100), None);
    assert_eq!(none.holds(UuidV7, v), Ok(true));
}
