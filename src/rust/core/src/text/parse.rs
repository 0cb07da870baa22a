//! Reading one ID from text: decimal digits, or a layout's own text form.
//! R's numeric forms are read in `r_values`.

use crate::invalid::Reason;
use crate::text::entry::{Entry, TextForm};
use crate::text::scru64::{parse_scru64, SCRU64_TEXT_LEN};
use crate::text::tid::{parse_tid, TID_TEXT_LEN};

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
            Entry::Invalid(not_digits(text))
        };
    }
    parse_decimal_checked(text)
}

/// The general case: 20 digits or more (leading zeros allowed), with
/// overflow checks.
fn parse_decimal_checked(text: &[u8]) -> Entry {
    if text.is_empty() || text.iter().any(|b| !b.is_ascii_digit()) {
        return Entry::Invalid(not_digits(text));
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

/// Why text that is not decimal digits is not an ID: a number in
/// scientific notation (`1.21400472403119e+18`, as spreadsheets and
/// doubles write large numbers) is told apart, since its digits are lost.
#[cold]
fn not_digits(text: &[u8]) -> Reason {
    let digits = |t: &[u8]| !t.is_empty() && t.iter().all(u8::is_ascii_digit);
    let Some(e) = text.iter().position(|&b| b == b'e' || b == b'E') else {
        return Reason::NotDigits;
    };
    let (mantissa, exponent) = (&text[..e], &text[e + 1..]);
    let exponent = exponent.strip_prefix(b"+").unwrap_or(exponent);
    let whole = mantissa.split(|&b| b == b'.').collect::<Vec<_>>();
    let mantissa_ok = match whole[..] {
        [int] => digits(int),
        [int, frac] => digits(int) && (frac.is_empty() || digits(frac)),
        _ => false,
    };
    if mantissa_ok && digits(exponent) {
        Reason::Scientific
    } else {
        Reason::NotDigits
    }
}

/// Whether a byte is white space to R's number readers (C's `isspace()`
/// in the C locale), which `as.numeric()` skips around a number.
pub(crate) fn is_space(byte: u8) -> bool {
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
/// says so; anything else is decimal, but for text shorter than 13 under
/// TIDs, which is neither. (No real TID has 13 decimal digits or fewer:
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
        // Shorter text is no TID: the AT Protocol's interop tests list
        // "222" as invalid, and a TID's number after 1970-01-01T02:43Z has
        // 14 digits or more.
        TextForm::Tid if text.len() <= TID_TEXT_LEN => parse_tid(text),
        _ => match parse_decimal(text) {
            Entry::Invalid(Reason::NotDigits) => parse_other_tools(text),
            entry => entry,
        },
    }
}

/// Decimal IDs as other tools write them, with no digit lost: rtweet (up
/// to 0.7) wrote every ID with a lower-case `x` in front
/// (`"x1440047230140837891"`) so that spreadsheets keep it as text, and a
/// column of whole numbers written as floats (pandas) ends in `.0`. Only
/// these two are read: one `x` before the digits, or a point and zeros
/// after them (`.0`, `.00`, ...), never both. A point followed by other
/// digits is a fraction; anything else is not digits. Off the fast path:
/// only text that is not bare digits gets here.
#[cold]
fn parse_other_tools(text: &[u8]) -> Entry {
    let digits = |t: &[u8]| !t.is_empty() && t.iter().all(u8::is_ascii_digit);
    if let Some(rest) = text.strip_prefix(b"x") {
        return if digits(rest) {
            parse_decimal(rest)
        } else {
            Entry::Invalid(Reason::NotDigits)
        };
    }
    match text.iter().position(|&b| b == b'.') {
        Some(point) if digits(&text[..point]) && digits(&text[point + 1..]) => {
            if text[point + 1..].iter().all(|&b| b == b'0') {
                parse_decimal(&text[..point])
            } else {
                Entry::Invalid(Reason::Fraction)
            }
        }
        _ => Entry::Invalid(Reason::NotDigits),
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
        // "1.8e+18" is refused too, as scientific notation (see below).
        let refused: [&[u8]; 11] = [
            b"",
            b" 1",
            b"1 ",
            b"+1",
            b"-1",
            b"1.0",
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
    fn scientific_notation_is_told_apart() {
        for text in [
            &b"1.21400472403119e+18"[..],
            b"1.21400472403119E+18",
            b"1e18",
            b"1.e5",
            b"12E3",
        ] {
            assert_eq!(parse_decimal(text), Entry::Invalid(Reason::Scientific), "{:?}", text);
            assert_eq!(parse_text(text, TextForm::Decimal), Entry::Invalid(Reason::Scientific));
        }
        for text in [
            &b"e18"[..],
            b"1.2e",
            b"1.2e-18",
            b"-1.2e18",
            b"1.2.3e4",
            b"0x1e5",
            b".5e3",
            b"1e+",
        ] {
            assert_eq!(parse_decimal(text), Entry::Invalid(Reason::NotDigits), "{:?}", text);
        }
    }

    #[test]
    fn other_tools_lossless_forms_are_read() {
        let id = Entry::Id(1_440_047_230_140_837_891);
        // rtweet's `x` prefix, and a float column's `.0`, with white space
        // around them as around any ID.
        for text in [
            &b"x1440047230140837891"[..],
            b" x1440047230140837891\t",
            b"1440047230140837891.0",
            b"1440047230140837891.00",
            b"1440047230140837891.000000",
            b"\r\n1440047230140837891.0 ",
        ] {
            assert_eq!(parse_text(text, TextForm::Decimal), id, "{:?}", text);
        }
        assert_eq!(parse_text(b"x0", TextForm::Decimal), Entry::Id(0));
        assert_eq!(parse_text(b"0.0", TextForm::Decimal), Entry::Id(0));
        assert_eq!(
            parse_text(b"x18446744073709551615", TextForm::Decimal),
            Entry::Id(u64::MAX)
        );
        assert_eq!(
            parse_text(b"18446744073709551615.0", TextForm::Decimal),
            Entry::Id(u64::MAX)
        );
        assert_eq!(parse_text(b"x000000000000000000042", TextForm::Decimal), Entry::Id(42));
        // Beyond 2^64 they are too large, as bare digits are.
        for text in [&b"x18446744073709551616"[..], b"18446744073709551616.0"] {
            assert_eq!(parse_text(text, TextForm::Decimal), Entry::Invalid(Reason::TooLarge));
        }
        // A point with other digits after it is a fraction.
        for text in [&b"1440047230140837891.5"[..], b"1.01", b"0.5", b"1.000001"] {
            assert_eq!(
                parse_text(text, TextForm::Decimal),
                Entry::Invalid(Reason::Fraction),
                "{:?}",
                text
            );
        }
        // Anything else stays what it was: not digits, or scientific.
        let refused: [&[u8]; 22] = [
            b"x",
            b"X1440047230140837891",
            b"xx1",
            b"x 1",
            b"x+1",
            b"x-1",
            b"x1.0",
            b"1x",
            b"1.",
            b".0",
            b".",
            b"1..0",
            b"1.0.0",
            b"1 .0",
            b"1. 0",
            b"1.0x",
            b"-1.0",
            b"+1.0",
            b"1,0",
            b"1.0 0",
            b"0x10",
            "x\u{663}".as_bytes(),
        ];
        for text in refused {
            assert_eq!(
                parse_text(text, TextForm::Decimal),
                Entry::Invalid(Reason::NotDigits),
                "{:?}",
                text
            );
        }
        assert_eq!(
            parse_text(b"1.0e18", TextForm::Decimal),
            Entry::Invalid(Reason::Scientific)
        );
        // The bare readers are unchanged: only text goes through these forms.
        assert_eq!(parse_decimal(b"x1"), Entry::Invalid(Reason::NotDigits));
        assert_eq!(parse_decimal(b"1.0"), Entry::Invalid(Reason::NotDigits));
    }

    #[test]
    fn a_layouts_own_text_comes_first() {
        // 12 characters are SCRU64 text under SCRU64 (`x` is a base36
        // digit), 13 a TID's under TIDs (no TID starts with `x`); longer or
        // shorter text is decimal, in the other tools' forms too.
        assert_eq!(
            parse_text(b"x00000000001", TextForm::Scru64),
            parse_scru64(b"x00000000001")
        );
        assert!(matches!(
            parse_text(b"1234567890.0", TextForm::Scru64),
            Entry::Invalid(_)
        ));
        assert_eq!(
            parse_text(b"x1234567890123", TextForm::Scru64),
            Entry::Id(1_234_567_890_123)
        );
        assert_eq!(
            parse_text(b"x123456789012", TextForm::Tid),
            Entry::Invalid(Reason::NotTidText)
        );
        assert_eq!(parse_text(b"123456789012.0", TextForm::Tid), Entry::Id(123_456_789_012));
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
        assert_eq!(
            parse_text(b"000000000010", TextForm::Tid),
            Entry::Invalid(Reason::NotTidText)
        );
        assert_eq!(parse_text(b" 222 ", TextForm::Tid), Entry::Invalid(Reason::NotTidText));
        assert_eq!(
            parse_text(b"22222222222222", TextForm::Tid),
            Entry::Id(22_222_222_222_222)
        );
        assert_eq!(TextForm::from_name(b"SCRU64"), None);
    }
}
