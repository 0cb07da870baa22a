//! AT Protocol TID text, "base32-sortable": exactly 13 characters of
//! `234567abcdefghijklmnopqrstuvwxyz`, most significant first, lowercase
//! only. Thirteen characters hold 65 bits, so the first one is one of
//! `234567abcdefghij` (a value below 16), and `2222222222222` is 0. The
//! specification's syntax admits first characters `c` to `j`, whose
//! numbers have the top bit set; the `tid` layout refuses those as any
//! layout with a sign bit does, while the text functions read them.

use crate::invalid::Reason;
use crate::text::entry::Entry;

/// TID text is always exactly this long.
pub const TID_TEXT_LEN: usize = 13;

const ALPHABET: &[u8; 32] = b"234567abcdefghijklmnopqrstuvwxyz";

/// The value of one character; upper case is not TID text.
fn digit(byte: u8) -> Option<u64> {
    match byte {
        b'2'..=b'7' => Some(u64::from(byte - b'2')),
        b'a'..=b'z' => Some(u64::from(byte - b'a') + 6),
        _ => None,
    }
}

/// Reads TID text: 13 characters of the alphabet, the first of value
/// below 16, so that the number fits 64 bits.
pub fn parse_tid(text: &[u8]) -> Entry {
    if text.len() != TID_TEXT_LEN {
        return Entry::Invalid(Reason::NotTidText);
    }
    let mut value = 0u64;
    for (k, &byte) in text.iter().enumerate() {
        match digit(byte) {
            Some(d) if k > 0 || d < 16 => value = (value << 5) | d,
            _ => return Entry::Invalid(Reason::NotTidText),
        }
    }
    Entry::Id(value)
}

/// The 13 characters of `id`: every 64-bit number has TID text.
pub fn tid_text(id: u64) -> [u8; TID_TEXT_LEN] {
    let mut out = [b'2'; TID_TEXT_LEN];
    for (k, c) in out.iter_mut().rev().enumerate() {
        *c = ALPHABET[((id >> (5 * k)) & 0x1F) as usize];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::{pseudo_random, TID_EXAMPLE, TID_EXAMPLE_TEXT};

    fn text(id: u64) -> String {
        String::from_utf8(tid_text(id).to_vec()).unwrap()
    }

    /// The examples of the Go reference library's tests (indigo) and of
    /// the specification: text and number both ways.
    #[test]
    fn the_published_examples_both_ways() {
        let examples = [
            ("2222222222222", 0u64),
            ("2222222222223", 1),
            ("242k52k4kg3sc", 0x0102_0304_0506_0708),
            ("6222222222222", 0x4000_0000_0000_0000),
        ];
        for (tid, id) in examples {
            assert_eq!(parse_tid(tid.as_bytes()), Entry::Id(id), "{tid}");
            assert_eq!(text(id), tid);
        }
    }

    /// @atcute/tid's examples: microseconds since 1970 and a clock id.
    #[test]
    fn timestamps_and_clock_ids() {
        assert_eq!(text(TID_EXAMPLE).as_bytes(), TID_EXAMPLE_TEXT);
        let Entry::Id(parsed) = parse_tid(b"3l25zusnsfctk") else {
            panic!("not read")
        };
        assert_eq!(parsed >> 10, 1_724_171_495_793_000);
        assert_eq!(parsed & 0x3FF, 816);
        // The Go library's example, which it reads as a time in 2023.
        let Entry::Id(id) = parse_tid(b"3kao2cl6lyj2p") else {
            panic!("not read")
        };
        let (y2023, y2024) = (1_672_531_200_000_000, 1_704_067_200_000_000);
        assert!((y2023..y2024).contains(&(id >> 10)));
        assert_eq!(text(id), "3kao2cl6lyj2p");
    }

    /// bluesky-social/atproto-interop-tests, syntax/tid_syntax_valid.txt
    /// and syntax/tid_syntax_invalid.txt (commit 056e574), every line.
    pub(crate) const INTEROP_VALID: [&str; 4] = ["3jzfcijpj2z2a", "7777777777777", "3zzzzzzzzzzzz", "2222222222222"];
    pub(crate) const INTEROP_INVALID: [&str; 9] = [
        // not base32
        "3jzfcijpj2z21",
        "0000000000000",
        // case-sensitive
        "3JZFCIJPJ2Z2A",
        // too long/short
        "3jzfcijpj2z2aa",
        "3jzfcijpj2z2",
        "222",
        // old dashes syntax not actually supported
        "3jzf-cij-pj2z-2a",
        // high bit can't be high
        "zzzzzzzzzzzzz",
        "kjzfcijpj2z2a",
    ];

    #[test]
    fn the_interop_syntax_files() {
        for valid in INTEROP_VALID {
            let Entry::Id(id) = parse_tid(valid.as_bytes()) else {
                panic!("{valid} refused")
            };
            assert_eq!(text(id), valid);
            // The readers of IDs under the tid layout take it too.
            assert_eq!(
                crate::text::parse::parse_text(valid.as_bytes(), crate::text::entry::TextForm::Tid),
                Entry::Id(id)
            );
        }
        for invalid in INTEROP_INVALID {
            assert_eq!(
                parse_tid(invalid.as_bytes()),
                Entry::Invalid(Reason::NotTidText),
                "{invalid}"
            );
            // Under the tid layout, none of them is an ID either: not even
            // "222" as a decimal number.
            let read = crate::text::parse::parse_text(invalid.as_bytes(), crate::text::entry::TextForm::Tid);
            assert!(matches!(read, Entry::Invalid(_)), "{invalid}: {read:?}");
        }
    }

    /// The specification's syntax beyond the files: a first character of
    /// `234567abcdefghij`, the alphabet after it; no other text.
    #[test]
    fn the_specification_syntax() {
        for valid in ["a222222222222", "j222222222222", "azzzzzzzzzzzz"] {
            assert!(matches!(parse_tid(valid.as_bytes()), Entry::Id(_)), "{valid}");
        }
        for invalid in ["", " 3jzfcijpj2z2", "3jzfcijpj2z2\u{e9}", "3jzfcijpj2z2 "] {
            assert_eq!(
                parse_tid(invalid.as_bytes()),
                Entry::Invalid(Reason::NotTidText),
                "{invalid}"
            );
        }
    }

    #[test]
    fn the_first_character_decides_the_top_bits() {
        assert_eq!(parse_tid(b"bzzzzzzzzzzzz"), Entry::Id(i64::MAX as u64));
        assert_eq!(parse_tid(b"c222222222222"), Entry::Id(1 << 63));
        assert_eq!(parse_tid(b"jzzzzzzzzzzzz"), Entry::Id(u64::MAX));
        assert_eq!(text(u64::MAX), "jzzzzzzzzzzzz");
    }

    #[test]
    fn text_round_trips_and_sorts_as_the_numbers() {
        let ids: Vec<u64> = pseudo_random(0x5DEE_CE66_D1CE_4E5B).collect();
        for &id in &ids {
            assert_eq!(parse_tid(&tid_text(id)), Entry::Id(id));
        }
        let mut by_text = ids.clone();
        by_text.sort_by_key(|&id| tid_text(id));
        let mut by_value = ids;
        by_value.sort_unstable();
        assert_eq!(by_text, by_value);
    }
}
