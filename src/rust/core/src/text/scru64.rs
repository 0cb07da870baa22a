//! SCRU64's text form: exactly 12 base36 digits (`0-9a-z`, read in either
//! case), the lowercase text of numbers from 0 to 36^12 - 1.

use crate::invalid::Reason;
use crate::text::entry::Entry;

/// 36^12 - 1, `zzzzzzzzzzzz`: the largest SCRU64 ID.
pub const SCRU64_MAX: u64 = 4_738_381_338_321_616_895;
/// SCRU64 text is always exactly this long.
pub const SCRU64_TEXT_LEN: usize = 12;

const BASE36: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// The value of one base36 digit, either case.
fn base36_digit(byte: u8) -> Option<u64> {
    match byte {
        b'0'..=b'9' => Some(u64::from(byte - b'0')),
        b'a'..=b'z' => Some(u64::from(byte - b'a') + 10),
        b'A'..=b'Z' => Some(u64::from(byte - b'A') + 10),
        _ => None,
    }
}

/// Reads SCRU64 text. Twelve digits can never exceed `zzzzzzzzzzzz`, so
/// no bound check is needed.
pub fn parse_scru64(text: &[u8]) -> Entry {
    if text.len() != SCRU64_TEXT_LEN {
        return Entry::Invalid(Reason::NotScru64Text);
    }
    let mut value = 0u64;
    for &byte in text {
        match base36_digit(byte) {
            Some(d) => value = value * 36 + d,
            None => return Entry::Invalid(Reason::NotScru64Text),
        }
    }
    Entry::Id(value)
}

/// The 12 lowercase digits of `id`, zero-padded; `None` for IDs of 36^12
/// or more, which do not fit.
pub fn scru64_text(mut id: u64) -> Option<[u8; SCRU64_TEXT_LEN]> {
    if id > SCRU64_MAX {
        return None;
    }
    let mut out = [b'0'; SCRU64_TEXT_LEN];
    for digit in out.iter_mut().rev() {
        *digit = BASE36[(id % 36) as usize];
        id /= 36;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::{pseudo_random, SCRU64_EXAMPLE, SCRU64_EXAMPLE_TEXT};

    #[test]
    fn the_specifications_examples_read() {
        assert_eq!(parse_scru64(SCRU64_EXAMPLE_TEXT), Entry::Id(SCRU64_EXAMPLE.id));
        assert_eq!(parse_scru64(b"0U2PF62JI4B9"), Entry::Id(109_959_589_539_758_421));
        assert_eq!(parse_scru64(b"zzzzzzzzzzzz"), Entry::Id(SCRU64_MAX));
        assert_eq!(parse_scru64(b"000000000000"), Entry::Id(0));
        for bad in [
            &b" 0u3wrp5g81jx"[..],
            b"+0u3wrp5g81k0",
            b"0u3w_p5q7ta7",
            b"0u2pf62ji4b",
            b"0u2pf62ji4b9a",
        ] {
            assert_eq!(parse_scru64(bad), Entry::Invalid(Reason::NotScru64Text));
        }
    }

    #[test]
    fn the_specifications_examples_write() {
        assert_eq!(&scru64_text(SCRU64_EXAMPLE.id).unwrap(), SCRU64_EXAMPLE_TEXT);
        assert_eq!(&scru64_text(SCRU64_MAX).unwrap(), b"zzzzzzzzzzzz");
        assert_eq!(&scru64_text(0).unwrap(), b"000000000000");
        assert_eq!(&scru64_text(35).unwrap(), b"00000000000z");
        assert_eq!(scru64_text(SCRU64_MAX + 1), None);
        assert_eq!(scru64_text(u64::MAX), None);
    }

    #[test]
    fn text_round_trips() {
        for x in pseudo_random(0x2545_F491_4F6C_DD1D) {
            let id = x % (SCRU64_MAX + 1);
            assert_eq!(parse_scru64(&scru64_text(id).unwrap()), Entry::Id(id));
        }
    }
}
