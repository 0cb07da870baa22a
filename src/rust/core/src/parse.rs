//! Reading one ID from text: decimal digits, or a layout's own text form.
//! R's numeric forms are read in `r_values`.

use crate::entry::{Entry, TextForm};
use crate::invalid::Reason;
use crate::scru64::{parse_scru64, SCRU64_TEXT_LEN};
use crate::tid::{parse_tid, TID_TEXT_LEN};

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
        return if bad == 0 {
            Entry::Id(value)
        } else {
            Entry::Invalid(Reason::NotDigits)
        };
    }
    parse_decimal_checked(text)
}

/// The general case: 20 digits or more (leading zeros allowed), with
/// overflow checks.
fn parse_decimal_checked(text: &[u8]) -> Entry {
    if text.is_empty() || text.iter().any(|b| !b.is_ascii_digit()) {
        return Entry::Invalid(Reason::NotDigits);
    }
    let mut value: u64 = 0;
    for &byte in text {
        let digit = u64::from(byte - b'0');
        value = match value.checked_mul(10).and_then(|v| v.checked_add(digit)) {
            Some(v) => v,
            None => return Entry::Invalid(Reason::TooLarge),
        };
    }
    Entry::Id(value)
}

/// Whether a byte is white space to R's number readers (C's `isspace()`
/// in the C locale), which `as.numeric()` skips around a number.
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// `text` without the white space around it.
pub fn trim_space(text: &[u8]) -> &[u8] {
    let start = text.iter().position(|&b| !is_space(b)).unwrap_or(text.len());
    let end = text.iter().rposition(|&b| !is_space(b)).map_or(start, |i| i + 1);
    &text[start..end]
}

/// An ID from text, with white space around it allowed: a 12-character
/// string is SCRU64 text, and a 13-character one TID text, where the form
/// says so; anything else is decimal. (No real TID has 13 decimal digits:
/// those would be times in the first three hours of 1970.)
#[inline]
pub fn parse_text(text: &[u8], form: TextForm) -> Entry {
    // Checking the ends first keeps the common case, bare digits, fast.
    let text = match (text.first(), text.last()) {
        (Some(&a), Some(&b)) if is_space(a) || is_space(b) => trim_space(text),
        _ => text,
    };
    match form {
        TextForm::Scru64 if text.len() == SCRU64_TEXT_LEN => parse_scru64(text),
        TextForm::Tid if text.len() == TID_TEXT_LEN => parse_tid(text),
        _ => parse_decimal(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::{DISCORD_EXAMPLE, TID_EXAMPLE};

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
        let refused: [&[u8]; 12] = [
            b"",
            b" 1",
            b"1 ",
            b"+1",
            b"-1",
            b"1.0",
            b"1.8e+18",
            b"0x10",
            b"1_000",
            "١٢".as_bytes(),
            b"\xff\xfe",
            b"12\x003",
        ];
        for text in refused {
            assert_eq!(parse_decimal(text), Entry::Invalid(Reason::NotDigits), "{:?}", text);
        }
        for text in [
            &b"18446744073709551616"[..],
            b"99999999999999999999",
            b"184467440737095516150",
        ] {
            assert_eq!(parse_decimal(text), Entry::Invalid(Reason::TooLarge), "{:?}", text);
        }
        assert_eq!(
            parse_decimal(b"99999999999999999999x"),
            Entry::Invalid(Reason::NotDigits)
        );
    }

    #[test]
    fn white_space_around_an_id_is_allowed() {
        let id = Entry::Id(DISCORD_EXAMPLE.id);
        let spaced: [&[u8]; 4] = [
            b" 175928847299117063",
            b"175928847299117063 ",
            b"\t175928847299117063\r\n",
            b"\x0b175928847299117063\x0c",
        ];
        for text in spaced {
            assert_eq!(parse_text(text, TextForm::Decimal), id, "{:?}", text);
        }
        assert_eq!(
            parse_text(b" 0u2pf62ji4b9 ", TextForm::Scru64),
            Entry::Id(109_959_589_539_758_421)
        );
        for text in [&b"1 2"[..], b"   ", b"", b"\xa01", b"1\x00"] {
            assert!(
                matches!(parse_text(text, TextForm::Decimal), Entry::Invalid(_)),
                "{:?}",
                text
            );
        }
        assert_eq!(trim_space(b"  "), b"");
        assert_eq!(trim_space(b" a b "), b"a b");
    }

    #[test]
    fn fast_and_checked_paths_agree() {
        for text in [
            &b"1"[..],
            b"12345678901234567",
            b"9999999999999999999",
            b"0000000000000000001",
            b"12a4",
            b"/",
            b":",
        ] {
            assert_eq!(parse_decimal(text), parse_decimal_checked(text), "{:?}", text);
        }
        assert_eq!(
            parse_decimal(b"10000000000000000000"),
            Entry::Id(10_000_000_000_000_000_000)
        );
    }

    #[test]
    fn very_long_text_is_refused_without_overflow() {
        let long = vec![b'9'; 100_000];
        assert_eq!(parse_decimal(&long), Entry::Invalid(Reason::TooLarge));
    }

    #[test]
    fn text_dispatch_by_length() {
        assert_eq!(parse_text(b"000000000010", TextForm::Scru64), Entry::Id(36));
        assert_eq!(parse_text(b"000000000010", TextForm::Decimal), Entry::Id(10));
        assert_eq!(parse_text(b"12345", TextForm::Scru64), Entry::Id(12_345));
        assert_eq!(TextForm::from_name(b"scru64"), Some(TextForm::Scru64));
        assert_eq!(TextForm::from_name(b"tid"), Some(TextForm::Tid));
        assert_eq!(parse_text(b"2222222222223", TextForm::Tid), Entry::Id(1));
        assert_eq!(
            parse_text(b"2222222222223", TextForm::Decimal),
            Entry::Id(2_222_222_222_223)
        );
        assert_eq!(parse_text(b" 3l25zusnsfck2\n", TextForm::Tid), Entry::Id(TID_EXAMPLE));
        assert_eq!(
            parse_text(b"1234567890123", TextForm::Tid),
            Entry::Invalid(Reason::NotTidText)
        );
        assert_eq!(
            parse_text(b"1765540095184413696", TextForm::Tid),
            Entry::Id(1_765_540_095_184_413_696)
        );
        assert_eq!(parse_text(b"000000000010", TextForm::Tid), Entry::Id(10));
        assert_eq!(TextForm::from_name(b"SCRU64"), None);
    }
}
