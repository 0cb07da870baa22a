//! The fields of an ID as numbers: each field of the layout's list with
//! its bits, exact as an integer. R receives those of at most 53 bits as
//! doubles and wider ones (ULID's randomness, UUIDv7's rand_b, KSUID's
//! payload, a v1/v6 node of 48 bits fits) as hex text.

use super::alphabet::HEX_LOWER;
use super::format::{fields_of_version, Field, Format};
use super::value::Wide;

/// The largest integer every double holds exactly, 2^53.
pub const EXACT_IN_DOUBLE: u128 = 1 << 53;

/// Each of `format`'s fields (a fixed list per layout, so a column of
/// entries gives the same columns; for `uuid`, version and variant) with
/// its value in `v`.
pub fn fields(format: Format, v: Wide) -> impl Iterator<Item = (Field, u128)> {
    field_values(format.fields(), format.bits(), v)
}

/// The fields of a UUID's own version (v1, v6 and v7 their RFC 9562
/// fields, any other version and variant only), for explaining one entry
/// of a `uuid` column.
pub fn fields_of_uuid(v: u128) -> impl Iterator<Item = (Field, u128)> {
    let version = ((v >> 76) & 0xF) as u8;
    field_values(fields_of_version(version), 128, Wide::from_u128(v))
}

fn field_values(list: &'static [Field], total: u32, v: Wide) -> impl Iterator<Item = (Field, u128)> {
    list.iter().map(move |f| (*f, v.bits(total, f.start, f.width)))
}

/// Whether a field of `width` bits always fits a double exactly.
pub fn fits_double(width: u32) -> bool {
    width <= 53
}

/// A field's value as lowercase hex, one digit per 4 bits of its width
/// (rounded up), for the fields wider than a double holds.
pub fn hex_of(field: Field, value: u128) -> String {
    let digits = ((field.width + 3) / 4) as usize;
    (0..digits)
        .rev()
        .map(|i| HEX_LOWER[((value >> (4 * i)) & 0xF) as usize] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(format: Format, v: Wide) -> Vec<(&'static str, u128)> {
        fields(format, v).map(|(f, x)| (f.name, x)).collect()
    }

    #[test]
    fn rfc_9562_a5_v6_fields() {
        // RFC 9562 appendix A.5: time 0x1EC9414C232AB00, clock_seq 0x33C8,
        // node 0x9F6BDECED846.
        let v = Wide::from_u128(0x1EC9414C_232A_6B00_B3C8_9F6BDECED846);
        assert_eq!(
            named(Format::UuidV6, v),
            [
                ("time_high", 0x1EC9414C),
                ("time_mid", 0x232A),
                ("ver", 6),
                ("time_low", 0xB00),
                ("var", 0b10),
                ("clock_seq", 0x33C8),
                ("node", 0x9F6BDECED846)
            ]
        );
    }

    #[test]
    fn rs_xid_parts() {
        // rs/xid id_test.go: time 1300816219, machine 60f486, pid 0xe428,
        // counter 4271561.
        let v = Wide::from_u128(0x4d88e15b_60f486e4_28412dc9);
        assert_eq!(
            named(Format::Xid, v),
            [
                ("timestamp", 1300816219),
                ("machine", 0x60f486),
                ("pid", 0xe428),
                ("counter", 4271561)
            ]
        );
        let v = Wide::from_u128(0x00000000_aabbccdd_ee000001);
        assert_eq!(
            named(Format::Xid, v),
            [("timestamp", 0), ("machine", 0xaabbcc), ("pid", 0xddee), ("counter", 1)]
        );
    }

    #[test]
    fn ksuid_payload_is_hex_and_uuid_columns_are_fixed() {
        // segmentio/ksuid README inspection of 0ujtsYcgvSTl8PAuAdqWYSMnLOv.
        let v = Wide::new(0x0669F7EF, 0xB5A1CD34B5F99D1154FB6853345C9735);
        let all: Vec<_> = fields(Format::Ksuid, v).collect();
        assert_eq!(all[0].1, 107608047);
        assert!(!fits_double(all[1].0.width));
        assert_eq!(hex_of(all[1].0, all[1].1), "b5a1cd34b5f99d1154fb6853345c9735");
        let v4 = 0x919108f7_52d1_4320_9bac_f847db4148a8;
        assert_eq!(named(Format::Uuid, Wide::from_u128(v4)), [("ver", 4), ("var", 0b10)]);
        let own: Vec<_> = fields_of_uuid(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F)
            .map(|(f, x)| (f.name, x))
            .collect();
        assert_eq!(own[2], ("rand_a", 0xCC3));
        assert_eq!(hex_of(UUIDV7_RAND_B, 0x18C4DC0C0C07398F), "18c4dc0c0c07398f");
    }

    const UUIDV7_RAND_B: Field = crate::wide::format::UUIDV7_FIELDS[4];
}
