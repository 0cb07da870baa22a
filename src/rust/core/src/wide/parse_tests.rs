//! Parsing against the specifications' own vectors: each row names where
//! it comes from. Values are written as the sources write them (hex bytes
//! or UUIDs), never computed by the code under test.

use super::*;
use crate::wide::problem::PrefixRule::*;
use crate::wide::problem::WideProblem::*;
use Format::*;

struct Row {
    format: Format,
    text: &'static str,
    want: Result<Wide, WideProblem>,
    source: &'static str,
}

const fn ok(format: Format, text: &'static str, v: u128, source: &'static str) -> Row {
    Row {
        format,
        text,
        want: Ok(Wide::from_u128(v)),
        source,
    }
}

const fn bad(format: Format, text: &'static str, p: WideProblem, source: &'static str) -> Row {
    Row {
        format,
        text,
        want: Err(p),
        source,
    }
}

const RFC: &str = "RFC 9562";
const V7: u128 = 0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F;

#[rustfmt::skip]
const UUID_ROWS: &[Row] = &[
    ok(UuidV1, "C232AB00-9414-11EC-B3C8-9F6BDECED846", 0xC232AB00_9414_11EC_B3C8_9F6BDECED846, "RFC 9562 A.1"),
    ok(UuidV6, "1EC9414C-232A-6B00-B3C8-9F6BDECED846", 0x1EC9414C_232A_6B00_B3C8_9F6BDECED846, "RFC 9562 A.5"),
    ok(UuidV7, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F", V7, "RFC 9562 A.6"),
    ok(Uuid, "C232AB00-9414-11EC-B3C8-9F6BDECED846", 0xC232AB00_9414_11EC_B3C8_9F6BDECED846, "RFC 9562 A.1"),
    ok(Uuid, "1EC9414C-232A-6B00-B3C8-9F6BDECED846", 0x1EC9414C_232A_6B00_B3C8_9F6BDECED846, "RFC 9562 A.5"),
    ok(Uuid, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F", V7, "RFC 9562 A.6"),
    ok(Uuid, "5df41881-3aed-3515-88a7-2f4a814cf09e", 0x5df41881_3aed_3515_88a7_2f4a814cf09e, "RFC 9562 A.2 (v3)"),
    ok(Uuid, "919108f7-52d1-4320-9bac-f847db4148a8", 0x919108f7_52d1_4320_9bac_f847db4148a8, "RFC 9562 A.3 (v4)"),
    ok(Uuid, "2ed6657d-e927-568b-95e1-2665a8aea6a2", 0x2ed6657d_e927_568b_95e1_2665a8aea6a2, "RFC 9562 A.4 (v5)"),
    ok(Uuid, "2489E9AD-2EE2-8E00-8EC9-32D5F69181C0", 0x2489E9AD_2EE2_8E00_8EC9_32D5F69181C0, "RFC 9562 B.1 (v8)"),
    ok(Uuid, "5c146b14-3c52-8afd-938a-375d0df1fbf6", 0x5c146b14_3c52_8afd_938a_375d0df1fbf6, "RFC 9562 B.2 (v8)"),
    ok(Uuid, "00000000-0000-0000-0000-000000000000", 0, "RFC 9562 5.9 (nil)"),
    ok(Uuid, "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", u128::MAX, "RFC 9562 5.10 (max)"),
    // Spellings: RFC 9562 section 4 (hex in any case), its URN form, and
    // the braces and bare 32 digits that Microsoft, PostgreSQL and Python
    // read.
    ok(UuidV7, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f", V7, "RFC 9562 4: any case"),
    ok(UuidV7, "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f", V7, "RFC 9562 4: URN"),
    ok(UuidV7, "URN:UUID:017F22E279B07CC398C4DC0C0C07398F", V7, "URN of 32 digits"),
    ok(UuidV7, "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}", V7, "braces"),
    ok(UuidV7, "{017F22E279B07CC398C4DC0C0C07398F}", V7, "braces of 32 digits"),
    ok(UuidV7, "017F22E279B07CC398C4DC0C0C07398F", V7, "32 digits"),
    bad(UuidV7, "919108f7-52d1-4320-9bac-f847db4148a8", Version { expected: 7, found: 4 }, "RFC 9562 A.3 in a v7 column"),
    bad(UuidV6, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F", Version { expected: 6, found: 7 }, "RFC 9562 A.6 in a v6 column"),
    bad(UuidV7, "00000000-0000-0000-0000-000000000000", Version { expected: 7, found: 0 }, "RFC 9562 5.9 in a v7 column"),
    bad(UuidV7, "017f22e2-79b0-7cc3-c8c4-dc0c0c07398f", Variant(6), "RFC 9562 4.1: variant 110 (Microsoft)"),
    bad(Uuid, "017f22e2-79b0-7cc3-18c4-dc0c0c07398f", Variant(0), "RFC 9562 4.1: variant 0xx (NCS)"),
    bad(Uuid, "017f22e2-79b0-0cc3-98c4-dc0c0c07398f", UnknownVersion(0), "RFC 9562 4.2: version 0 unused"),
    bad(Uuid, "017f22e2-79b0-9cc3-98c4-dc0c0c07398f", UnknownVersion(9), "RFC 9562 4.2: version 9 reserved"),
    bad(UuidV7, "017F22E2-79B0-7CC3-98C4-DC0C0C07398", Length(35), "one digit short"),
    bad(UuidV7, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F0", Length(37), "one digit long"),
    bad(UuidV7, "", Length(0), "empty"),
    bad(UuidV7, "017f22e2_79b0-7cc3-98c4-dc0c0c07398f", Alphabet(9), "a hyphen's place"),
    bad(UuidV7, "017f22e2-79b0-7cc3-98c4-dc0c0c07398g", Alphabet(36), "not hex"),
    bad(UuidV7, "017f22e2-79b0-7cc3-98c4-dc0c0c07398\u{e9}", Length(37), "a two-byte character"),
    bad(UuidV7, "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f", Alphabet(37), "an unclosed brace"),
    bad(UuidV7, "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c0739g8", Alphabet(44), "not hex after the URN"),
];

#[rustfmt::skip]
const ULID_ROWS: &[Row] = &[
    ok(Ulid, "01ARYZ6S41TSV4RRFFQ69G5FAV", 0x01563DF3_6481_D676_4C61_EFB99302BD5B, "ulid/javascript uuid.spec.ts ulidToUUID"),
    ok(Ulid, "01JQ4T23H220KM7X0B3V1109DQ", 0x0195C9A1_0E22_1027_43F4_0B1EC21025B7, "ulid/javascript uuid.spec.ts ulidToUUID"),
    ok(Ulid, "01JQ4T8BHJR0A5YKX7SVTVX0YN", 0x0195C9A4_2E32_C014_5F4F_A7CEF5BE83D5, "ulid/javascript uuid.spec.ts uuidToULID"),
    ok(Ulid, "01JQ4T8X6CA54VSH0AANN0SWCX", 0x0195C9A4_74CC_5149_BCC4_0A556A0CF19D, "ulid/javascript uuid.spec.ts uuidToULID"),
    ok(Ulid, "01aryz6s41tsv4rrffq69g5fav", 0x01563DF3_6481_D676_4C61_EFB99302BD5B, "ulid/spec: case insensitive"),
    ok(Ulid, "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", u128::MAX, "ulid/spec: the largest ULID (MAX_ULID)"),
    ok(Ulid, "00000000000000000000000000", 0, "ulid/javascript MIN_ULID"),
    bad(Ulid, "80000000000000000000000000", AboveMax, "ulid/spec overflow: above 7ZZZZZZZZZZZZZZZZZZZZZZZZZ"),
    bad(Ulid, "01ARYZ6S41TSV4RRFFQ69G5FAI", Alphabet(26), "ulid/spec: Crockford's base32 excludes I"),
    bad(Ulid, "01ARYZ6S41TSV4RRFFQ69G5FAU", Alphabet(26), "ulid/spec: Crockford's base32 excludes U"),
    bad(Ulid, "01ARYZ6S41TSV4RRFFQ69G5FA", Length(25), "ulid/javascript: DecodeTimeValueMalformed"),
];

#[rustfmt::skip]
const TYPEID_VALID: &[(&str, &str, u128)] = &[
    ("00000000000000000000000000", "", 0),
    ("00000000000000000000000001", "", 1),
    ("0000000000000000000000000a", "", 10),
    ("0000000000000000000000000g", "", 0x10),
    ("00000000000000000000000010", "", 0x20),
    ("7zzzzzzzzzzzzzzzzzzzzzzzzz", "", u128::MAX),
    ("prefix_0123456789abcdefghjkmnpqrs", "prefix", 0x0110c853_1d09_52d8_d73e_1194e95b5f19),
    ("prefix_01h455vb4pex5vsknk084sn02q", "prefix", 0x01890a5d_ac96_774b_bcce_b302099a8057),
    ("pre_fix_00000000000000000000000000", "pre_fix", 0),
];

#[rustfmt::skip]
const TYPEID_INVALID: &[(&str, WideProblem)] = &[
    ("PREFIX_00000000000000000000000000", Prefix(Character(1))),
    ("12345_00000000000000000000000000", Prefix(Character(1))),
    ("pre.fix_00000000000000000000000000", Prefix(Character(4))),
    ("pr\u{e9}fix_00000000000000000000000000", Prefix(Character(3))),
    ("  prefix_00000000000000000000000000", Prefix(Character(1))),
    ("abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000", Prefix(TooLong)),
    ("_00000000000000000000000000", Prefix(EmptyWithSeparator)),
    ("_", Prefix(EmptyWithSeparator)),
    ("prefix_1234567890123456789012345", Length(25)),
    ("prefix_123456789012345678901234567", Length(27)),
    ("prefix_1234567890123456789012345 ", Alphabet(33)),
    ("prefix_0123456789ABCDEFGHJKMNPQRS", Alphabet(18)),
    ("prefix_123456789-123456789-123456", Alphabet(17)),
    ("prefix_ooooooiiiiiiuuuuuuulllllll", Alphabet(8)),
    ("prefix_i23456789ol23456789oi23456", Alphabet(8)),
    ("prefix_123456789-0123456789-0123456", Length(28)),
    ("prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", AboveMax),
    ("_prefix_00000000000000000000000000", Prefix(Underscore)),
    ("prefix__00000000000000000000000000", Prefix(Underscore)),
    ("", Length(0)),
    ("prefix_", Length(0)),
];

#[rustfmt::skip]
const OTHER_ROWS: &[Row] = &[
    ok(Scru128, "0000000000000000000000000", 0, "scru128/spec base36_128.c"),
    ok(Scru128, "0372hg16csmsm50l8dikcvukc", 0x017fee7f_ef41_7e2b_3432_ac2ec553687c, "scru128/spec base36_128.c"),
    ok(Scru128, "0372hg16cy3nowracls909wcd", 0x017fee7f_ef42_7e2b_346c_0ff414bbcffd, "scru128/spec base36_128.c"),
    ok(Scru128, "0372ijojuxuhjsfkeryi2mrtm", 0x017fef39_c264_1ba5_6a94_83188841e05a, "scru128/spec base36_128.c and README"),
    ok(Scru128, "f5lxx1zz5pnorynqglhzmsp33", u128::MAX, "scru128/spec base36_128.c"),
    ok(Scru128, "0372IJOJUXUHJSFKERYI2MRTM", 0x017fef39_c264_1ba5_6a94_83188841e05a, "scru128/spec: decoders ignore case"),
    bad(Scru128, "0", Length(1), "scru128/spec base36_128.c negative"),
    bad(Scru128, "00000000000000000000000000", Length(26), "scru128/spec base36_128.c negative"),
    bad(Scru128, "f5lxx1zz5pn+rynqglhzmsp33", Alphabet(12), "scru128/spec base36_128.c negative"),
    bad(Scru128, "f5lxx1zz5pnorynqglhzmsp34", AboveMax, "scru128/spec base36_128.c negative"),
    bad(Scru128, "zzzzzzzzzzzzzzzzzzzzzzzzz", AboveMax, "scru128/spec base36_128.c negative"),
    ok(ObjectId, "000000000000000000000000", 0, "BSON ObjectId spec: 1970-01-01"),
    ok(ObjectId, "7FFFFFFF0000000000000000", 0x7FFFFFFF_0000000000000000, "BSON ObjectId spec: 2038-01-19T03:14:07Z"),
    ok(ObjectId, "800000000000000000000000", 0x80000000_0000000000000000, "BSON ObjectId spec: 2038-01-19T03:14:08Z"),
    ok(ObjectId, "ffffffff0000000000000000", 0xFFFFFFFF_0000000000000000, "BSON ObjectId spec: 2106-02-07T06:28:15Z"),
    bad(ObjectId, "ffffffff00000000000000", Length(22), "BSON ObjectId spec: 24 hex digits"),
    bad(ObjectId, "ffffffff000000000000000g", Alphabet(24), "BSON ObjectId spec: 24 hex digits"),
    ok(Xid, "9m4e2mr0ui3e8a215n4g", 0x4d88e15b_60f486e4_28412dc9, "rs/xid id_test.go TestFromString"),
    ok(Xid, "00000000000000000000", 0, "rs/xid id_test.go IDs[1]"),
    bad(Xid, "invalid", Length(7), "rs/xid id_test.go TestFromStringInvalid"),
    bad(Xid, "c6e52g2mrqcjl44hf179", PaddingBits, "rs/xid id_test.go TestFromStringInvalid"),
    bad(Xid, "9M4E2MR0UI3E8A215N4G", Alphabet(2), "rs/xid README: lowercase [0-9a-v]{20}"),
    bad(Xid, "9m4e2mr0ui3e8a215n4w", Alphabet(20), "rs/xid README: lowercase [0-9a-v]{20}"),
];

const KSUID_MAX: Wide = Wide::new(u32::MAX, u128::MAX);

#[rustfmt::skip]
const KSUID_ROWS: &[Row] = &[
    Row { format: Ksuid, text: "0ujtsYcgvSTl8PAuAdqWYSMnLOv", want: Ok(Wide::new(0x0669F7EF, 0xB5A1CD34_B5F99D11_54FB6853_345C9735)), source: "segmentio/ksuid README inspect" },
    Row { format: Ksuid, text: "0ujzPyRiIAffKhBux4PvQdDqMHY", want: Ok(Wide::new(0x066A029C, 0x73FC1AA3_B2446246_D6E89FCD_909E8FE8)), source: "segmentio/ksuid README inspect" },
    Row { format: Ksuid, text: "000000000000000000000000000", want: Ok(Wide::new(0, 0)), source: "segmentio/ksuid Nil" },
    Row { format: Ksuid, text: "aWgEPTl1tmebfsQzFP4bxwgy80V", want: Ok(KSUID_MAX), source: "segmentio/ksuid Max (maxStringEncoded)" },
    bad(Ksuid, "aaaaaaaaaaaaaaaaaaaaaaaaaaa", AboveMax, "segmentio/ksuid TestIssue25"),
    bad(Ksuid, "aWgEPTl1tmebfsQzFP4bxwgy80!", Alphabet(27), "segmentio/ksuid TestIssue25"),
    bad(Ksuid, "0ujtsYcgvSTl8PAuAdqWYSMnLO", Length(26), "segmentio/ksuid errStrSize"),
];

fn check(rows: &[Row]) {
    for r in rows {
        assert_eq!(
            parse(r.format, r.text.as_bytes()),
            r.want,
            "{} {:?} ({})",
            r.format.name(),
            r.text,
            r.source
        );
    }
}

#[test]
fn uuids_in_every_spelling_and_rfc_rule() {
    check(UUID_ROWS);
}

#[test]
fn ulids_from_the_ulid_projects() {
    check(ULID_ROWS);
}

#[test]
fn scru128_objectid_xid_ksuid_vectors() {
    check(OTHER_ROWS);
    check(KSUID_ROWS);
}

#[test]
fn typeid_spec_valid_yml() {
    for &(text, prefix, uuid) in TYPEID_VALID {
        let (v, n) = parse_typeid(text.as_bytes())
            .unwrap_or_else(|p| panic!("{text}: {p:?} (jetify-com/typeid spec/valid.yml)"));
        assert_eq!(
            (v.lo, &text[..n]),
            (uuid, prefix),
            "{text} (jetify-com/typeid spec/valid.yml)"
        );
        assert_eq!(parse(TypeId, text.as_bytes()), Ok(Wide::from_u128(uuid)));
    }
}

#[test]
fn typeid_spec_invalid_yml() {
    assert_eq!(TYPEID_INVALID.len(), 21);
    for &(text, want) in TYPEID_INVALID {
        assert_eq!(
            parse(TypeId, text.as_bytes()),
            Err(want),
            "{text:?} (jetify-com/typeid spec/invalid.yml)"
        );
    }
}

#[test]
fn a_million_characters_are_refused_by_their_length() {
    let long = vec![b'0'; 1_000_000];
    for format in Format::ALL {
        assert_eq!(parse(format, &long), Err(Length(1_000_000)), "{}", format.name());
    }
    // TypeID looks for its separator only in short text.
    let mut prefixed = vec![b'a'; 1_000_000];
    prefixed[1_000_000 - 27] = b'_';
    assert_eq!(parse(TypeId, &prefixed), Err(Prefix(TooLong)));
}

#[test]
fn no_byte_makes_parse_panic() {
    // Every byte at every position of each format's canonical length and
    // of the UUID spellings' lengths.
    for format in Format::ALL {
        for len in [0, 1, 20, 24, 25, 26, 27, 32, 34, 36, 38, 45, 46, 90] {
            for pos in 0..len {
                for byte in [0u8, b'-', b'{', b'}', b'_', b'z', b'Z', b'7', b'8', 0x80, 0xFF] {
                    let mut t = vec![b'0'; len];
                    t[pos] = byte;
                    let _ = parse(format, &t);
                }
            }
        }
    }
    let _ = RFC;
}
