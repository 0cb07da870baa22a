//! Canonical text and the UUID/ULID/TypeID spellings against the public
//! vectors; each row names its source.

use super::*;

#[rustfmt::skip]
const CANONICAL: &[(Format, &str, &str, &str)] = &[
    (Format::UuidV7, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "RFC 9562 A.6: lowercase 8-4-4-4-12"),
    (Format::Uuid, "{C232AB00941411ECB3C89F6BDECED846}", "c232ab00-9414-11ec-b3c8-9f6bdeced846", "RFC 9562 A.1 in braces"),
    (Format::UuidV6, "urn:uuid:1EC9414C-232A-6B00-B3C8-9F6BDECED846", "1ec9414c-232a-6b00-b3c8-9f6bdeced846", "RFC 9562 A.5 as a URN"),
    (Format::Ulid, "01aryz6s41tsv4rrffq69g5fav", "01ARYZ6S41TSV4RRFFQ69G5FAV", "ulid/spec: uppercase canonical"),
    (Format::Ulid, "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ulid/javascript MAX_ULID"),
    (Format::TypeId, "prefix_01h455vb4pex5vsknk084sn02q", "prefix_01h455vb4pex5vsknk084sn02q", "jetify-com/typeid valid.yml"),
    (Format::TypeId, "pre_fix_00000000000000000000000000", "pre_fix_00000000000000000000000000", "jetify-com/typeid valid.yml"),
    (Format::TypeId, "7zzzzzzzzzzzzzzzzzzzzzzzzz", "7zzzzzzzzzzzzzzzzzzzzzzzzz", "jetify-com/typeid valid.yml max-valid"),
    (Format::Scru128, "0372IJOJUXUHJSFKERYI2MRTM", "0372ijojuxuhjsfkeryi2mrtm", "scru128/spec: lowercase encoding"),
    (Format::Scru128, "f5lxx1zz5pnorynqglhzmsp33", "f5lxx1zz5pnorynqglhzmsp33", "scru128/spec base36_128.c"),
    (Format::Ksuid, "0ujtsYcgvSTl8PAuAdqWYSMnLOv", "0ujtsYcgvSTl8PAuAdqWYSMnLOv", "segmentio/ksuid README"),
    (Format::Ksuid, "aWgEPTl1tmebfsQzFP4bxwgy80V", "aWgEPTl1tmebfsQzFP4bxwgy80V", "segmentio/ksuid Max"),
    (Format::Ksuid, "000000000000000000000000000", "000000000000000000000000000", "segmentio/ksuid Nil"),
    (Format::ObjectId, "7FFFFFFF0000000000000000", "7fffffff0000000000000000", "BSON ObjectId spec"),
    (Format::Xid, "9m4e2mr0ui3e8a215n4g", "9m4e2mr0ui3e8a215n4g", "rs/xid id_test.go TestIDString"),
    (Format::Xid, "00000000000000000000", "00000000000000000000", "rs/xid id_test.go IDs[1]"),
];

#[test]
fn canonical_text_of_every_spelling() {
    for &(format, text, want, source) in CANONICAL {
        assert_eq!(
            canonical_text(format, text.as_bytes()).as_deref(),
            Ok(want),
            "{text} ({source})"
        );
    }
}

#[test]
fn xid_bytes_encode_and_decode() {
    // rs/xid id_test.go IDs[2]: bytes 00000000 aabbcc ddee 000001.
    let v = Wide::from_u128(0x00000000_aabbccdd_ee000001);
    let text = canonical(Format::Xid, v);
    assert_eq!(text.len(), 20);
    assert!(text.ends_with('0') || text.ends_with('g'));
    assert_eq!(parse(Format::Xid, text.as_bytes()), Ok(v));
}

#[rustfmt::skip]
const ULID_UUID: &[(&str, &str, &str)] = &[
    ("01ARYZ6S41TSV4RRFFQ69G5FAV", "01563DF3-6481-D676-4C61-EFB99302BD5B", "ulid/javascript uuid.spec.ts ulidToUUID"),
    ("01JQ4T23H220KM7X0B3V1109DQ", "0195C9A1-0E22-1027-43F4-0B1EC21025B7", "ulid/javascript uuid.spec.ts ulidToUUID"),
    ("01JQ4T8BHJR0A5YKX7SVTVX0YN", "0195C9A4-2E32-C014-5F4F-A7CEF5BE83D5", "ulid/javascript uuid.spec.ts uuidToULID"),
    ("01JQ4T8X6CA54VSH0AANN0SWCX", "0195C9A4-74CC-5149-BCC4-0A556A0CF19D", "ulid/javascript uuid.spec.ts uuidToULID"),
];

#[test]
fn ulids_and_uuids_are_the_same_bits() {
    for &(ulid, uuid, source) in ULID_UUID {
        let from_ulid = parse(Format::Ulid, ulid.as_bytes()).unwrap();
        let mut out = String::new();
        write_spelling(Spelling::Uuid, Format::Ulid, from_ulid, b"", &mut out).unwrap();
        assert_eq!(out, uuid.to_ascii_lowercase(), "{ulid} ({source})");
        // UUID text read with no RFC rules: these bits need not be RFC UUIDs.
        let bits = read_spelling(Spelling::Uuid, uuid.as_bytes()).unwrap();
        out.clear();
        write_spelling(Spelling::Ulid, Format::Uuid, Wide::from_u128(bits), b"", &mut out).unwrap();
        assert_eq!(out, ulid, "{uuid} ({source})");
    }
    // The first is variant 010 (NCS): no UUID layout reads it.
    assert!(parse(Format::Uuid, ULID_UUID[0].1.as_bytes()).is_err());
}

#[test]
fn typeids_encode_from_their_uuids() {
    // jetify-com/typeid valid.yml, the encoding direction.
    for (prefix, uuid, typeid) in [
        ("", "00000000-0000-0000-0000-000000000020", "00000000000000000000000010"),
        (
            "prefix",
            "0110c853-1d09-52d8-d73e-1194e95b5f19",
            "prefix_0123456789abcdefghjkmnpqrs",
        ),
        (
            "prefix",
            "01890a5d-ac96-774b-bcce-b302099a8057",
            "prefix_01h455vb4pex5vsknk084sn02q",
        ),
        (
            "pre_fix",
            "00000000-0000-0000-0000-000000000000",
            "pre_fix_00000000000000000000000000",
        ),
    ] {
        let bits = read_spelling(Spelling::Uuid, uuid.as_bytes()).unwrap();
        let mut out = String::new();
        write_spelling(
            Spelling::TypeId,
            Format::UuidV7,
            Wide::from_u128(bits),
            prefix.as_bytes(),
            &mut out,
        )
        .unwrap();
        assert_eq!(out, typeid);
        assert_eq!(read_spelling(Spelling::TypeId, typeid.as_bytes()), Ok(bits));
    }
}

#[test]
fn spellings_refuse_other_widths_and_bad_prefixes() {
    let mut out = String::new();
    let v = Wide::new(1, 2);
    assert_eq!(
        write_spelling(Spelling::Uuid, Format::Ksuid, v, b"", &mut out),
        Err(WideProblem::NotWidth128)
    );
    assert_eq!(
        write_spelling(Spelling::Ulid, Format::ObjectId, v, b"", &mut out),
        Err(WideProblem::NotWidth128)
    );
    let p = write_spelling(Spelling::TypeId, Format::Ulid, Wide::from_u128(1), b"User", &mut out);
    assert_eq!(
        p,
        Err(WideProblem::Prefix(crate::wide::problem::PrefixRule::Character(1)))
    );
    assert!(out.is_empty());
}

/// A small xorshift, so the values are varied but the test reproducible.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A value of `format`'s width, with the UUID layouts' version and variant.
fn random_id(format: Format, state: &mut u64) -> Wide {
    let lo = ((next(state) as u128) << 64) | next(state) as u128;
    let v = match format.bits() {
        160 => Wide::new(next(state) as u32, lo),
        96 => Wide::from_u128(lo >> 32),
        _ => Wide::from_u128(lo),
    };
    if !matches!(format, Format::UuidV7 | Format::UuidV6 | Format::UuidV1 | Format::Uuid) {
        return v;
    }
    let version = format.uuid_version().unwrap_or(7);
    v.with_bits(128, 48, 4, version as u128).with_bits(128, 64, 2, 0b10)
}

#[test]
fn canonical_text_reads_back_and_sorts_as_the_numbers_do() {
    let mut state = 0x2545_F491_4F6C_DD1D;
    for format in Format::ALL {
        let mut ids: Vec<(Wide, String)> = (0..2000)
            .map(|_| {
                let v = random_id(format, &mut state);
                (v, canonical(format, v))
            })
            .collect();
        for (v, text) in &ids {
            assert_eq!(text.len(), format.text().len, "{}", format.name());
            assert_eq!(parse(format, text.as_bytes()), Ok(*v), "{text}");
            if format.text().any_case {
                assert_eq!(parse(format, text.to_ascii_uppercase().as_bytes()), Ok(*v), "{text}");
                assert_eq!(parse(format, text.to_ascii_lowercase().as_bytes()), Ok(*v), "{text}");
            }
        }
        // Byte order of the canonical text is the IDs' order: what R's ID
        // vectors sort by.
        ids.sort_by(|a, b| a.1.as_bytes().cmp(b.1.as_bytes()));
        assert!(ids.windows(2).all(|w| w[0].0 < w[1].0), "{}", format.name());
    }
}
