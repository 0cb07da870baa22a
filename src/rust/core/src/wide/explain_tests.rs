//! Explanations of the specifications' vectors.

use super::*;
use Format::*;

fn named(e: &Explained) -> Vec<(&str, u32, u32, u128)> {
    e.parts
        .iter()
        .map(|p| (p.field.name, p.field.width, p.offset, p.value))
        .collect()
}

#[test]
fn rfc_9562_v7_parts_and_time() {
    // RFC 9562 appendix A.6, in uppercase: explained as its canonical text.
    let e = explain(UuidV7, SubMs::None, b"017F22E2-79B0-7CC3-98C4-DC0C0C07398F").unwrap();
    assert_eq!(e.canonical, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    assert_eq!(
        named(&e),
        [
            ("unix_ts_ms", 48, 80, 0x017F22E279B0),
            ("ver", 4, 76, 7),
            ("rand_a", 12, 64, 0xCC3),
            ("var", 2, 62, 0b10),
            ("rand_b", 62, 0, 0x18C4DC0C0C07398F)
        ]
    );
    assert_eq!(e.parts[1].digits, "0111");
    assert_eq!(e.parts.iter().map(|p| p.digits.len()).sum::<usize>(), 128);
    assert_eq!(e.time.as_deref(), Ok("2022-02-22T19:22:22.000Z"));
    // With `sub_ms`, rand_a is time: 0x74E / 4096 ms is 456542.97 ns, floored.
    let f = explain(UuidV7, SubMs::Fraction, b"017f22e2-79b0-774e-8000-000000000000").unwrap();
    assert_eq!(f.parts[2].field.name, "sub_ms");
    assert_eq!(f.time.as_deref(), Ok("2022-02-22T19:22:22.000456542Z"));
}

#[test]
fn v1_times_have_seven_digits_and_uuid_columns_use_each_version() {
    // RFC 9562 A.1: 2022-02-22T19:22:22Z in 100 ns units.
    let e = explain(Uuid, SubMs::None, b"C232AB00-9414-11EC-B3C8-9F6BDECED846").unwrap();
    assert_eq!(e.parts[0].field.name, "time_low");
    assert_eq!(e.parts.len(), 7);
    assert_eq!(e.time.as_deref(), Ok("2022-02-22T19:22:22.0000000Z"));
    // A UUIDv4 (RFC 9562 B.1): version and variant, the rest `other`, no time.
    let v4 = explain(Uuid, SubMs::None, b"919108f7-52d1-4320-9bac-f847db4148a8").unwrap();
    assert_eq!(
        v4.parts
            .iter()
            .map(|p| (p.field.name, p.field.width))
            .collect::<Vec<_>>(),
        [("other", 48), ("ver", 4), ("other", 12), ("var", 2), ("other", 62)]
    );
    assert_eq!(v4.time, Err(WideProblem::NoTime(4)));
}

#[test]
fn other_formats_tile_their_width() {
    for (format, text, time) in [
        (Ksuid, "0ujtsYcgvSTl8PAuAdqWYSMnLOv", "2017-10-10T04:00:47.000Z"),
        (Xid, "9m4e2mr0ui3e8a215n4g", "2011-03-22T17:50:19.000Z"),
        (TypeId, "prefix_01h455vb4pex5vsknk084sn02q", "2023-06-30T03:34:18.518Z"),
    ] {
        let e = explain(format, SubMs::None, text.as_bytes()).unwrap();
        assert_eq!(e.canonical, text);
        let widths: u32 = e.parts.iter().map(|p| p.field.width).sum();
        assert_eq!(widths, format.bits(), "{text}");
        assert_eq!(e.parts.last().map(|p| p.offset), Some(0));
        assert_eq!(e.time.as_deref(), Ok(time), "{text}");
    }
    // rs/xid id_test.go: machine 60f486, pid 0xe428, counter 4271561.
    let xid = explain(Xid, SubMs::None, b"9m4e2mr0ui3e8a215n4g").unwrap();
    assert_eq!(
        named(&xid)[1..],
        [
            ("machine", 24, 40, 0x60f486),
            ("pid", 16, 24, 0xe428),
            ("counter", 24, 0, 4271561)
        ]
    );
}

#[test]
fn invalid_text_is_its_problem() {
    assert_eq!(explain(Ulid, SubMs::None, b"01ARYZ6S41"), Err(WideProblem::Length(10)));
}
