//! Reading an ID from text in every spelling its specification accepts,
//! into its bits, with the rule each refused entry broke. Entries are
//! bytes (R's strings need not be UTF-8); every length is checked before
//! any other work, so a million-character entry costs one comparison.

use super::alphabet::{self, Table};
use super::format::Format;
use super::problem::{PrefixRule, WideProblem};
use super::value::Wide;

/// The ID `text` spells in `format`. TypeID's prefix is checked and
/// dropped (see `parse_typeid` to keep it); UUID layouts check the variant
/// and the version (see `check_uuid`).
pub fn parse(format: Format, text: &[u8]) -> Result<Wide, WideProblem> {
    match format {
        Format::UuidV7 | Format::UuidV6 | Format::UuidV1 | Format::Uuid => {
            let v = uuid_bits(text)?;
            check_uuid(format, v)?;
            Ok(Wide::from_u128(v))
        }
        Format::Ulid => radix_text(text, 26, &alphabet::CROCKFORD_ANY_CASE, 32, 128, 0),
        Format::TypeId => parse_typeid(text).map(|(v, _)| v),
        Format::Scru128 => radix_text(text, 25, &alphabet::BASE36_ANY_CASE, 36, 128, 0),
        Format::Ksuid => radix_text(text, 27, &alphabet::BASE62_TABLE, 62, 160, 0),
        Format::ObjectId => radix_text(text, 24, &alphabet::HEX, 16, 96, 0),
        Format::Xid => xid(text),
    }
}

/// The 128 bits of a UUID's text, with no check of variant or version:
/// 8-4-4-4-12 or 32 hex digits, either alone, in braces or after
/// `urn:uuid:` (any case), the digits in any case. Conversions between
/// UUID, ULID and TypeID text read UUIDs this way, since the same bits
/// spelled as a ULID need not be an RFC UUID.
pub fn uuid_bits(text: &[u8]) -> Result<u128, WideProblem> {
    let n = text.len();
    if !(32..=45).contains(&n) {
        return Err(WideProblem::Length(n));
    }
    let (inner, offset) = if n >= 9 && text[..9].eq_ignore_ascii_case(b"urn:uuid:") {
        (&text[9..], 9)
    } else if text[0] == b'{' {
        if text[n - 1] != b'}' {
            return Err(WideProblem::Alphabet(n));
        }
        (&text[1..n - 1], 1)
    } else {
        (text, 0)
    };
    let at = |i: usize| WideProblem::Alphabet(offset + i + 1);
    match inner.len() {
        36 => hyphenated(inner).map_err(at),
        32 => alphabet::hex_u128(inner).map_err(at),
        _ => Err(WideProblem::Length(n)),
    }
}

/// 8-4-4-4-12 hex digits; `Err` holds the 0-based offset of the first
/// byte out of place.
#[inline]
pub(crate) fn hyphenated(t: &[u8]) -> Result<u128, usize> {
    for i in [8, 13, 18, 23] {
        if t[i] != b'-' {
            // A digit where a hyphen belongs: report the first bad byte
            // before it, if any, else the hyphen's place.
            return Err(first_non_hex(&t[..i]).unwrap_or(i));
        }
    }
    let part = |from: usize, to: usize| alphabet::hex_u128(&t[from..to]).map_err(|e| e + from);
    let a = part(0, 8)?;
    let b = part(9, 13)?;
    let c = part(14, 18)?;
    let d = part(19, 23)?;
    let e = part(24, 36)?;
    Ok((a << 96) | (b << 80) | (c << 64) | (d << 48) | e)
}

fn first_non_hex(t: &[u8]) -> Option<usize> {
    t.iter()
        .position(|&c| alphabet::HEX[c as usize] == alphabet::NO || c == b'-')
}

/// RFC 9562's rules for a UUID layout: the variant `10` (the nil and max
/// UUIDs apart, which `uuid` accepts and which have no time), and the
/// layout's version (`uuid`: any version RFC 9562 defines).
pub fn check_uuid(format: Format, v: u128) -> Result<(), WideProblem> {
    let version = ((v >> 76) & 0xF) as u8;
    let special = v == 0 || v == u128::MAX;
    if let Some(expected) = format.uuid_version() {
        if special || version != expected {
            return Err(WideProblem::Version {
                expected,
                found: version,
            });
        }
    }
    if special {
        return Ok(());
    }
    if (v >> 62) & 0b11 != 0b10 {
        return Err(WideProblem::Variant(((v >> 61) & 0b111) as u8));
    }
    if !(1..=8).contains(&version) {
        return Err(WideProblem::UnknownVersion(version));
    }
    Ok(())
}

/// Fixed-length text in one radix, below 2^`bits`; `offset` is where the
/// digits start in the entry (for positions).
fn radix_text(
    text: &[u8],
    len: usize,
    table: &Table,
    radix: u64,
    bits: u32,
    offset: usize,
) -> Result<Wide, WideProblem> {
    if text.len() != len {
        return Err(WideProblem::Length(text.len()));
    }
    let limbs = alphabet::decode(text, table, radix).map_err(|i| WideProblem::Alphabet(offset + i + 1))?;
    if !alphabet::fits(limbs, bits) {
        return Err(WideProblem::AboveMax);
    }
    Ok(Wide::from_limbs(limbs))
}

/// rs/xid: 20 lowercase base32hex digits holding 96 bits and 4 zero bits.
fn xid(text: &[u8]) -> Result<Wide, WideProblem> {
    let all = radix_text(text, 20, &alphabet::BASE32HEX_STRICT, 32, 100, 0)?;
    if all.lo & 0xF != 0 {
        return Err(WideProblem::PaddingBits);
    }
    Ok(Wide::from_u128(all.lo >> 4))
}

/// A TypeID (spec v0.3) and its prefix's length in bytes (the prefix is
/// `&text[..len]`): an optional prefix of at most 63 of `a`-`z` and `_`,
/// not starting or ending with `_`, then `_` and 26 lowercase base32
/// digits whose first is at most `7`.
pub fn parse_typeid(text: &[u8]) -> Result<(Wide, usize), WideProblem> {
    let n = text.len();
    if n > 90 {
        // Too long for any TypeID: a prefix too long if a suffix follows
        // a separator at the end (one look, however long the text).
        if text[n - 27] == b'_' {
            return Err(WideProblem::Prefix(PrefixRule::TooLong));
        }
        return Err(WideProblem::Length(n));
    }
    let (prefix_len, suffix_at) = match text.iter().rposition(|&c| c == b'_') {
        None => (0, 0),
        Some(0) => return Err(WideProblem::Prefix(PrefixRule::EmptyWithSeparator)),
        Some(k) => {
            check_prefix(&text[..k])?;
            (k, k + 1)
        }
    };
    let suffix = &text[suffix_at..];
    if suffix.len() != 26 {
        return Err(WideProblem::Length(suffix.len()));
    }
    let v = radix_text(suffix, 26, &alphabet::CROCKFORD_STRICT, 32, 128, suffix_at)?;
    Ok((v, prefix_len))
}

/// TypeID's prefix rules (an empty prefix is valid: it has no separator).
pub fn check_prefix(prefix: &[u8]) -> Result<(), WideProblem> {
    if prefix.len() > 63 {
        return Err(WideProblem::Prefix(PrefixRule::TooLong));
    }
    if let Some(i) = prefix.iter().position(|&c| !(c.is_ascii_lowercase() || c == b'_')) {
        return Err(WideProblem::Prefix(PrefixRule::Character(i + 1)));
    }
    if prefix.first() == Some(&b'_') || prefix.last() == Some(&b'_') {
        return Err(WideProblem::Prefix(PrefixRule::Underscore));
    }
    Ok(())
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
