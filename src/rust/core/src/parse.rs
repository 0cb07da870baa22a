//! Reading one ID from each input form R hands over: decimal text, the
//! SCRU64 text, the bits of a `bit64::integer64`, and exact doubles.

/// What one input entry turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A 64-bit ID (not yet checked against a layout).
    Id(u64),
    /// A missing value: NA in gives NA out, silently.
    Missing,
    /// Malformed: becomes NA and is counted in the call's warning.
    Invalid,
    /// A double at or above 2^53, whose low digits may already be lost:
    /// refusing the whole call is the only safe answer.
    Imprecise,
}

/// 36^12 - 1, `zzzzzzzzzzzz`: the largest SCRU64 ID.
pub const SCRU64_MAX: u64 = 4_738_381_338_321_616_895;
/// SCRU64 text is always exactly this long.
pub const SCRU64_TEXT_LEN: usize = 12;
/// 2^53: doubles below it hold every whole number exactly.
pub const EXACT_DOUBLE_LIMIT: f64 = 9_007_199_254_740_992.0;

/// Decimal digits only (no sign, space or exponent), value at most 2^64 - 1.
#[inline]
pub fn parse_decimal(text: &[u8]) -> Entry {
    // Up to 19 digits cannot overflow a u64: no checks per digit, and one
    // test for a non-digit at the end instead of a branch per byte.
    if !text.is_empty() && text.len() <= 19 {
        let mut value: u64 = 0;
        let mut bad = 0u8;
        for &byte in text {
            let digit = byte.wrapping_sub(b'0');
            bad |= (digit > 9) as u8;
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
        }
        return if bad == 0 { Entry::Id(value) } else { Entry::Invalid };
    }
    parse_decimal_checked(text)
}

/// The general case: 20 digits or more (leading zeros allowed), with
/// overflow checks.
fn parse_decimal_checked(text: &[u8]) -> Entry {
    if text.is_empty() {
        return Entry::Invalid;
    }
    let mut value: u64 = 0;
    for &byte in text {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            return Entry::Invalid;
        }
        value = match value.checked_mul(10).and_then(|v| v.checked_add(u64::from(digit))) {
            Some(v) => v,
            None => return Entry::Invalid,
        };
    }
    Entry::Id(value)
}

/// The value of one base36 digit, either case.
fn base36_digit(byte: u8) -> Option<u64> {
    match byte {
        b'0'..=b'9' => Some(u64::from(byte - b'0')),
        b'a'..=b'z' => Some(u64::from(byte - b'a') + 10),
        b'A'..=b'Z' => Some(u64::from(byte - b'A') + 10),
        _ => None,
    }
}

/// SCRU64's canonical text: exactly 12 base36 digits, case-insensitive.
/// Twelve digits can never exceed `zzzzzzzzzzzz`, so no bound check is needed.
pub fn parse_scru64(text: &[u8]) -> Entry {
    if text.len() != SCRU64_TEXT_LEN {
        return Entry::Invalid;
    }
    let mut value = 0u64;
    for &byte in text {
        match base36_digit(byte) {
            Some(d) => value = value * 36 + d,
            None => return Entry::Invalid,
        }
    }
    Entry::Id(value)
}

/// An ID from text: with `scru64_text`, a 12-character string is SCRU64
/// text and anything else is decimal.
pub fn parse_text(text: &[u8], scru64_text: bool) -> Entry {
    if scru64_text && text.len() == SCRU64_TEXT_LEN {
        parse_scru64(text)
    } else {
        parse_decimal(text)
    }
}

/// `bit64::integer64` keeps an ID's bits in a double. Its NA is the bit
/// pattern of `i64::MIN` (which is why the ID 2^63 cannot be an integer64);
/// every other pattern is read as unsigned.
pub fn from_integer64_bits(bits: u64) -> Entry {
    if bits == i64::MIN as u64 {
        Entry::Missing
    } else {
        Entry::Id(bits)
    }
}

/// R's NA_real_ is a NaN whose low word is 1954; other NaNs are not NA.
pub fn is_r_na_real(x: f64) -> bool {
    x.is_nan() && (x.to_bits() & 0xFFFF_FFFF) == 1954
}

/// A double holds an ID exactly only when it is whole, non-negative and
/// below 2^53.
pub fn from_double(x: f64) -> Entry {
    if is_r_na_real(x) {
        Entry::Missing
    } else if !x.is_finite() || x < 0.0 || x.fract() != 0.0 {
        Entry::Invalid
    } else if x >= EXACT_DOUBLE_LIMIT {
        Entry::Imprecise
    } else {
        Entry::Id(x as u64)
    }
}

/// R's NA_integer_ is `i32::MIN`; negative integers are not IDs.
pub fn from_integer(x: i32) -> Entry {
    match x {
        i32::MIN => Entry::Missing,
        x if x < 0 => Entry::Invalid,
        x => Entry::Id(x as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_edges() {
        assert_eq!(parse_decimal(b"0"), Entry::Id(0));
        assert_eq!(parse_decimal(b"175928847299117063"), Entry::Id(175_928_847_299_117_063));
        assert_eq!(parse_decimal(b"9007199254740992"), Entry::Id(1 << 53));
        assert_eq!(parse_decimal(b"9223372036854775807"), Entry::Id(i64::MAX as u64));
        assert_eq!(parse_decimal(b"9223372036854775808"), Entry::Id(1 << 63));
        assert_eq!(parse_decimal(b"18446744073709551615"), Entry::Id(u64::MAX));
        assert_eq!(parse_decimal(b"000000000000000000000000042"), Entry::Id(42));
    }

    #[test]
    fn decimal_refusals() {
        let refused: [&[u8]; 15] = [
            b"", b" 1", b"1 ", b"+1", b"-1", b"1.0", b"1.8e+18", b"0x10", b"1_000",
            b"18446744073709551616", b"99999999999999999999", b"184467440737095516150",
            "١٢".as_bytes(), b"\xff\xfe", b"12\x003",
        ];
        for text in refused {
            assert_eq!(parse_decimal(text), Entry::Invalid, "{:?}", text);
        }
    }

    #[test]
    fn fast_and_checked_paths_agree() {
        for text in [&b"1"[..], b"12345678901234567", b"9999999999999999999", b"0000000000000000001", b"12a4", b"/", b":"] {
            assert_eq!(parse_decimal(text), parse_decimal_checked(text), "{:?}", text);
        }
        assert_eq!(parse_decimal(b"10000000000000000000"), Entry::Id(10_000_000_000_000_000_000));
    }

    #[test]
    fn very_long_text_is_refused_without_overflow() {
        let long = vec![b'9'; 100_000];
        assert_eq!(parse_decimal(&long), Entry::Invalid);
    }

    #[test]
    fn scru64_text_from_the_specification() {
        assert_eq!(parse_scru64(b"0u2pf62ji4b9"), Entry::Id(109_959_589_539_758_421));
        assert_eq!(parse_scru64(b"0U2PF62JI4B9"), Entry::Id(109_959_589_539_758_421));
        assert_eq!(parse_scru64(b"zzzzzzzzzzzz"), Entry::Id(SCRU64_MAX));
        assert_eq!(parse_scru64(b"000000000000"), Entry::Id(0));
        for bad in [&b" 0u3wrp5g81jx"[..], b"+0u3wrp5g81k0", b"0u3w_p5q7ta7", b"0u2pf62ji4b", b"0u2pf62ji4b9a"] {
            assert_eq!(parse_scru64(bad), Entry::Invalid);
        }
    }

    #[test]
    fn text_dispatch_by_length() {
        assert_eq!(parse_text(b"000000000010", true), Entry::Id(36));
        assert_eq!(parse_text(b"000000000010", false), Entry::Id(10));
        assert_eq!(parse_text(b"12345", true), Entry::Id(12_345));
    }

    #[test]
    fn integer64_na_is_the_bits_of_i64_min() {
        assert_eq!(from_integer64_bits(i64::MIN as u64), Entry::Missing);
        assert_eq!(from_integer64_bits((-1i64) as u64), Entry::Id(u64::MAX));
        assert_eq!(from_integer64_bits(42), Entry::Id(42));
    }

    #[test]
    fn doubles_must_be_exact() {
        let na = f64::from_bits(0x7FF0_0000_0000_07A2);
        assert!(is_r_na_real(na));
        assert!(!is_r_na_real(f64::NAN));
        assert_eq!(from_double(na), Entry::Missing);
        assert_eq!(from_double(f64::NAN), Entry::Invalid);
        assert_eq!(from_double(f64::INFINITY), Entry::Invalid);
        assert_eq!(from_double(-1.0), Entry::Invalid);
        assert_eq!(from_double(1.5), Entry::Invalid);
        assert_eq!(from_double(-0.0), Entry::Id(0));
        assert_eq!(from_double(EXACT_DOUBLE_LIMIT - 1.0), Entry::Id((1 << 53) - 1));
        assert_eq!(from_double(EXACT_DOUBLE_LIMIT), Entry::Imprecise);
        assert_eq!(from_double(1.8e18), Entry::Imprecise);
    }

    #[test]
    fn integers() {
        assert_eq!(from_integer(i32::MIN), Entry::Missing);
        assert_eq!(from_integer(-5), Entry::Invalid);
        assert_eq!(from_integer(i32::MAX), Entry::Id(i32::MAX as u64));
    }
}
