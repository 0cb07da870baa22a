//! Writing IDs as text: each format's canonical form (the storage of R's
//! ID vectors: UUIDs lowercase 8-4-4-4-12, ULIDs uppercase, SCRU128, Xid
//! and ObjectId lowercase, KSUID base62, TypeID as given), and the same
//! 128 bits spelled as a UUID, a ULID or a TypeID.

use super::alphabet;
use super::format::Format;
use super::parse::{check_prefix, parse, parse_typeid, uuid_bits};
use super::problem::WideProblem;
use super::value::Wide;

/// The spellings any 128 bits have, for `id_to_text()` and
/// `id_from_text()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spelling {
    /// 8-4-4-4-12 lowercase hex.
    Uuid,
    /// 26 uppercase Crockford base32 digits.
    Ulid,
    /// A TypeID: prefix, `_`, 26 lowercase base32 digits.
    TypeId,
}

/// Appends the canonical text of `v` in `format` (TypeID: the suffix
/// alone; `write_typeid` adds a prefix).
pub fn write_canonical(format: Format, v: Wide, out: &mut String) {
    match format {
        Format::UuidV7 | Format::UuidV6 | Format::UuidV1 | Format::Uuid => write_uuid(v.lo, out),
        Format::Ulid => alphabet::encode(v.limbs(), alphabet::CROCKFORD_UPPER, 26, out),
        Format::TypeId => alphabet::encode(v.limbs(), alphabet::CROCKFORD_LOWER, 26, out),
        Format::Scru128 => alphabet::encode(v.limbs(), alphabet::BASE36_LOWER, 25, out),
        Format::Ksuid => alphabet::encode(v.limbs(), alphabet::BASE62, 27, out),
        Format::ObjectId => alphabet::encode(v.limbs(), alphabet::HEX_LOWER, 24, out),
        // 96 bits and 4 zero bits in 20 digits.
        Format::Xid => alphabet::encode(Wide::from_u128(v.lo << 4).limbs(), alphabet::BASE32HEX_LOWER, 20, out),
    }
}

/// The canonical text of `v` in `format`, as a new string.
pub fn canonical(format: Format, v: Wide) -> String {
    let mut out = String::with_capacity(36);
    write_canonical(format, v, &mut out);
    out
}

/// The canonical text of an entry in any accepted spelling, keeping a
/// TypeID's prefix: what an ID vector stores, so that equal IDs compare
/// equal as text.
pub fn canonical_text(format: Format, text: &[u8]) -> Result<String, WideProblem> {
    if format == Format::TypeId {
        let (v, prefix_len) = parse_typeid(text)?;
        let mut out = String::with_capacity(prefix_len + 27);
        // The prefix passed its rules: ASCII lowercase and `_`.
        out.extend(text[..prefix_len].iter().map(|&b| b as char));
        if prefix_len > 0 {
            out.push('_');
        }
        write_canonical(format, v, &mut out);
        return Ok(out);
    }
    parse(format, text).map(|v| canonical(format, v))
}

/// Lowercase 8-4-4-4-12.
pub fn write_uuid(v: u128, out: &mut String) {
    let mut buf = [0u8; 36];
    let mut digit = 0;
    for (i, slot) in buf.iter_mut().enumerate() {
        if matches!(i, 8 | 13 | 18 | 23) {
            *slot = b'-';
        } else {
            *slot = alphabet::HEX_LOWER[((v >> (124 - 4 * digit)) & 0xF) as usize];
            digit += 1;
        }
    }
    out.extend(buf.iter().map(|&b| b as char));
}

/// A TypeID of `prefix` (checked by TypeID's rules) and 128 bits.
pub fn write_typeid(prefix: &[u8], v: u128, out: &mut String) -> Result<(), WideProblem> {
    check_prefix(prefix)?;
    out.extend(prefix.iter().map(|&b| b as char));
    if !prefix.is_empty() {
        out.push('_');
    }
    write_canonical(Format::TypeId, Wide::from_u128(v), out);
    Ok(())
}

/// Appends `v`, an ID of `format`, spelled as `to` (`prefix` for TypeID
/// only). Only 128-bit IDs have these spellings.
pub fn write_spelling(
    to: Spelling,
    format: Format,
    v: Wide,
    prefix: &[u8],
    out: &mut String,
) -> Result<(), WideProblem> {
    if format.bits() != 128 {
        return Err(WideProblem::NotWidth128);
    }
    match to {
        Spelling::Uuid => write_uuid(v.lo, out),
        Spelling::Ulid => write_canonical(Format::Ulid, v, out),
        Spelling::TypeId => write_typeid(prefix, v.lo, out)?,
    }
    Ok(())
}

/// The 128 bits `text` spells as `from` (a UUID in any of its spellings,
/// with no check of its variant or version; a ULID in any case; a
/// TypeID, whose prefix is checked and dropped).
pub fn read_spelling(from: Spelling, text: &[u8]) -> Result<u128, WideProblem> {
    match from {
        Spelling::Uuid => uuid_bits(text),
        Spelling::Ulid => parse(Format::Ulid, text).map(|v| v.lo),
        Spelling::TypeId => parse_typeid(text).map(|(v, _)| v.lo),
    }
}

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;
