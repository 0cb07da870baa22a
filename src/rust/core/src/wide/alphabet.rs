//! The formats' digit alphabets and positional numbers in them: decoding
//! text of a fixed length into a number below 2^192 (checked against the
//! format's width by the caller) and encoding a number back. Tables map
//! every byte, so a non-ASCII byte is simply a character outside the
//! alphabet.

/// A byte's digit value in an alphabet, or `NO` for a byte outside it.
pub(crate) type Table = [u8; 256];
pub(crate) const NO: u8 = 0xFF;

/// Lowercase hexadecimal, the canonical UUID and ObjectId digits.
pub(crate) const HEX_LOWER: &[u8] = b"0123456789abcdef";
/// Crockford's base32 as ULID writes it (uppercase; no I, L, O, U).
pub(crate) const CROCKFORD_UPPER: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The same alphabet as TypeID writes it (lowercase only).
pub(crate) const CROCKFORD_LOWER: &[u8] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// SCRU128's base36, lowercase.
pub(crate) const BASE36_LOWER: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
/// KSUID's base62 (digits, uppercase, lowercase: byte order).
pub(crate) const BASE62: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// RFC 4648's base32hex, lowercase, as Xid writes it.
pub(crate) const BASE32HEX_LOWER: &[u8] = b"0123456789abcdefghijklmnopqrstuv";

/// The table of an alphabet; with `any_case`, letters also read in the
/// other case.
const fn table(alphabet: &[u8], any_case: bool) -> Table {
    let mut t = [NO; 256];
    let mut i = 0;
    while i < alphabet.len() {
        let c = alphabet[i];
        t[c as usize] = i as u8;
        if any_case && c.is_ascii_alphabetic() {
            t[(c ^ 0x20) as usize] = i as u8;
        }
        i += 1;
    }
    t
}

pub(crate) static HEX: Table = table(HEX_LOWER, true);
pub(crate) static CROCKFORD_ANY_CASE: Table = table(CROCKFORD_UPPER, true);
pub(crate) static CROCKFORD_STRICT: Table = table(CROCKFORD_LOWER, false);
pub(crate) static BASE36_ANY_CASE: Table = table(BASE36_LOWER, true);
pub(crate) static BASE62_TABLE: Table = table(BASE62, false);
pub(crate) static BASE32HEX_STRICT: Table = table(BASE32HEX_LOWER, false);

/// The number `text` writes in `radix` with `table`'s digits, as
/// little-endian 64-bit limbs; `Err` holds the 0-based position of the
/// first byte outside the alphabet. Text of at most 38 digits fits (the
/// longest here is KSUID's 27 base62 digits, below 2^161).
pub(crate) fn decode(text: &[u8], table: &Table, radix: u64) -> Result<[u64; 3], usize> {
    let mut limbs = [0u64; 3];
    for (i, &c) in text.iter().enumerate() {
        let d = table[c as usize];
        if d == NO {
            return Err(i);
        }
        let mut carry = d as u128;
        for limb in limbs.iter_mut() {
            let t = (*limb as u128) * (radix as u128) + carry;
            *limb = t as u64;
            carry = t >> 64;
        }
    }
    Ok(limbs)
}

/// Writes `limbs` as exactly `len` digits of `alphabet` (its length is the
/// radix), with leading zeros; digits beyond `len` are the caller's error.
pub(crate) fn encode(mut limbs: [u64; 3], alphabet: &[u8], len: usize, out: &mut String) {
    if alphabet.len().is_power_of_two() {
        return encode_bits(limbs, alphabet, len, out);
    }
    let radix = alphabet.len() as u128;
    let mut digits = [0u8; 40];
    for slot in digits[..len].iter_mut().rev() {
        let mut rem = 0u128;
        for limb in limbs.iter_mut().rev() {
            let t = (rem << 64) | (*limb as u128);
            *limb = (t / radix) as u64;
            rem = t % radix;
        }
        *slot = alphabet[rem as usize];
    }
    // Every alphabet here is ASCII.
    out.extend(digits[..len].iter().map(|&b| b as char));
}

/// `encode` for a radix that is a power of two (hex, base32): each digit is
/// a run of bits, read with shifts; a 128-bit division per digit made
/// minting ULIDs as text spend a fifth of its time in `__udivti3`.
fn encode_bits(limbs: [u64; 3], alphabet: &[u8], len: usize, out: &mut String) {
    let width = alphabet.len().trailing_zeros() as usize;
    let mask = (1u64 << width) - 1;
    for i in (0..len).rev() {
        let (word, off) = ((i * width) / 64, (i * width) % 64);
        let mut digit = limbs.get(word).map_or(0, |w| w >> off);
        if off + width > 64 {
            digit |= limbs.get(word + 1).map_or(0, |w| w << (64 - off));
        }
        out.push(alphabet[(digit & mask) as usize] as char);
    }
}

/// Whether limbs hold a number of at most `bits` bits.
pub(crate) fn fits(limbs: [u64; 3], bits: u32) -> bool {
    match bits {
        96 => limbs[2] == 0 && limbs[1] >> 32 == 0,
        128 => limbs[2] == 0,
        _ => limbs[2] >> 32 == 0,
    }
}

/// 32 hex digits (already known to be ASCII of the right length) as a
/// u128: the hot loop of reading UUIDs, a table look-up per digit. `Err`
/// holds the 0-based offset of the first non-hex byte.
#[inline]
pub(crate) fn hex_u128(digits: &[u8]) -> Result<u128, usize> {
    let mut v = 0u128;
    let mut bad = 0u8;
    for &c in digits {
        let d = HEX[c as usize];
        bad |= d;
        v = (v << 4) | (d & 0x0F) as u128;
    }
    // One branch for the whole run: `NO` has its high bits set.
    if bad & 0xF0 != 0 {
        return Err(digits.iter().position(|&c| HEX[c as usize] == NO).unwrap_or(0));
    }
    Ok(v)
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `x` (all ASCII) set where the byte is at
/// least `lo` and at most `hi`: adding `0x80 - lo` carries into a byte's
/// high bit exactly when it is at least `lo`, and never into the next byte.
#[inline(always)]
fn in_range(x: u64, lo: u8, hi: u8) -> u64 {
    let ge = x.wrapping_add(ONES * (0x80 - lo as u64));
    let le = !x.wrapping_add(ONES * (0x7F - hi as u64));
    ge & le & HIGH
}

/// Eight hex digits (any case), big-endian in `x` (the first character in
/// the top byte), as a 32-bit number, or `None` if any byte is not a hex
/// digit: a handful of word operations instead of eight table look-ups,
/// for the hot loop of reading UUID columns.
#[inline(always)]
pub(crate) fn hex8(x: u64) -> Option<u32> {
    let digit = in_range(x, b'0', b'9');
    let letter = in_range(x | (ONES * 0x20), b'a', b'f');
    if x & HIGH != 0 || (digit | letter) != HIGH {
        return None;
    }
    // '0'-'9' end in their value, 'a'-'f' and 'A'-'F' in their value - 9.
    let mut v = (x & (ONES * 0x0F)) + (letter >> 7) * 9;
    v = (v | (v >> 4)) & 0x00FF_00FF_00FF_00FF;
    v = (v | (v >> 8)) & 0x0000_FFFF_0000_FFFF;
    v = (v | (v >> 16)) & 0xFFFF_FFFF;
    Some(v as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_and_encode_round_trip_in_each_radix() {
        for (alphabet, table, len) in [
            (HEX_LOWER, &HEX, 32),
            (CROCKFORD_UPPER, &CROCKFORD_ANY_CASE, 26),
            (BASE36_LOWER, &BASE36_ANY_CASE, 25),
            (BASE62, &BASE62_TABLE, 27),
            (BASE32HEX_LOWER, &BASE32HEX_STRICT, 20),
        ] {
            let text: Vec<u8> = (0..len).map(|i| alphabet[(i * 7 + 3) % alphabet.len()]).collect();
            let limbs = decode(&text, table, alphabet.len() as u64).unwrap();
            let mut out = String::new();
            encode(limbs, alphabet, len, &mut out);
            assert_eq!(out.as_bytes(), &text[..]);
        }
    }

    #[test]
    fn decode_reports_the_first_byte_outside_the_alphabet() {
        assert_eq!(decode(b"01I3", &CROCKFORD_ANY_CASE, 32), Err(2));
        assert_eq!(decode(b"0a", &CROCKFORD_STRICT, 32), Ok([10, 0, 0]));
        assert_eq!(decode(b"0A", &CROCKFORD_STRICT, 32), Err(1));
        assert_eq!(decode("é".as_bytes(), &BASE62_TABLE, 62), Err(0));
        assert_eq!(decode(b"w", &BASE32HEX_STRICT, 32), Err(0));
    }

    #[test]
    fn hex8_agrees_with_the_table_on_every_byte() {
        let word = |t: &[u8; 8]| u64::from_be_bytes(*t);
        assert_eq!(hex8(word(b"017F22e2")), Some(0x017F22E2));
        assert_eq!(hex8(word(b"ffffFFFF")), Some(u32::MAX));
        for byte in 0..=255u8 {
            for pos in 0..8 {
                let mut t = *b"89abcDEF";
                t[pos] = byte;
                let want = hex_u128(&t).ok().map(|v| v as u32);
                assert_eq!(hex8(word(&t)), want, "byte {byte} at {pos}");
            }
        }
    }

    #[test]
    fn hex_reads_any_case_and_finds_the_bad_digit() {
        assert_eq!(hex_u128(b"00fF"), Ok(0xFF));
        assert_eq!(hex_u128(b"00g0"), Err(2));
        assert_eq!(hex_u128("0\u{e9}".as_bytes()), Err(1));
    }
}
