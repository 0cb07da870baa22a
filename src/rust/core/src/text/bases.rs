//! IDs as text in the bases other libraries write them in: lower-case hex,
//! Crockford's base32, base36, base58 with Flickr's alphabet and base62,
//! each as the convention it follows has it. A table below holds each
//! base's alphabet, its width rule and the rules its readers follow; the
//! encoders and decoders read that table, so that one base cannot drift
//! from its description.
//!
//! Writing gives each convention's own text: a fixed width, zero-padded,
//! where the convention pads (hex, base32, base62), and the shortest text
//! otherwise (base36, base58). Reading takes any non-empty run of the
//! base's digits whose value is below 2^64, so that padded and shortest
//! text both read, and so do leading zeros (as decimal digits do). Every
//! 64-bit number has text in every base.

use crate::invalid::Reason;
use crate::text::entry::Entry;

/// The longest text any base writes: 16 hex digits.
pub const MAX_TEXT_LEN: usize = 16;

/// A base IDs are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    Hex,
    Base32,
    Base36,
    Base58,
    Base62,
}

/// How long a base's text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// Always this many digits, padded with the zero digit.
    Fixed(usize),
    /// As few digits as the value needs (one for 0).
    Minimal,
}

/// One base as its convention has it.
struct Convention {
    name: &'static str,
    /// The digits, of value 0 up, as written.
    alphabet: &'static [u8],
    width: Width,
    /// Whether readers take letters in either case.
    either_case: bool,
    /// Letters readers take for a digit they look like: Crockford's `I`
    /// and `L` for 1, `O` for 0 (either case).
    lookalikes: &'static [(u8, u8)],
    /// Whether readers skip a leading `0x` or `0X`.
    hex_prefix: bool,
}

/// The conventions, in `Base` order. Sources:
/// - hex: lower case and 16 digits, as the W3C Trace Context writes 64-bit
///   ids (and tsid-creator's `%x` format);
/// - base32: Douglas Crockford's alphabet (no I, L, O, U), upper case and
///   13 digits as tsid-creator's `Tsid.toString()` and ferroid write them;
///   readers take either case and I, L, O as Crockford's decoding says;
/// - base36: `0-9a-z`, shortest text, as Go's `strconv.FormatUint(id, 36)`
///   and bwmarrin/snowflake's `Base36()` write it;
/// - base58: Flickr's alphabet (digits, then lower case, then upper case,
///   without 0, O, I and l), shortest text, as Flickr's short photo URLs
///   and bwmarrin/snowflake's `Base58()` write it;
/// - base62: `0-9A-Za-z` (ASCII order, as GMP, KSUID and tsid-creator use
///   it), 11 digits, zero-padded, as tsid-creator's `encode(62)` writes
///   it; case matters.
const CONVENTIONS: [Convention; 5] = [
    Convention {
        name: "hex",
        alphabet: b"0123456789abcdef",
        width: Width::Fixed(16),
        either_case: true,
        lookalikes: &[],
        hex_prefix: true,
    },
    Convention {
        name: "base32",
        alphabet: b"0123456789ABCDEFGHJKMNPQRSTVWXYZ",
        width: Width::Fixed(13),
        either_case: true,
        lookalikes: &[(b'I', 1), (b'L', 1), (b'O', 0)],
        hex_prefix: false,
    },
    Convention {
        name: "base36",
        alphabet: b"0123456789abcdefghijklmnopqrstuvwxyz",
        width: Width::Minimal,
        either_case: true,
        lookalikes: &[],
        hex_prefix: false,
    },
    Convention {
        name: "base58",
        alphabet: b"123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ",
        width: Width::Minimal,
        either_case: false,
        lookalikes: &[],
        hex_prefix: false,
    },
    Convention {
        name: "base62",
        alphabet: b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
        width: Width::Fixed(11),
        either_case: false,
        lookalikes: &[],
        hex_prefix: false,
    },
];

/// Marks a byte that is no digit in a decoding table.
const NOT_A_DIGIT: u8 = u8::MAX;

/// The value of every byte as a digit of `c`, or `NOT_A_DIGIT`.
const fn decoding_table(c: &Convention) -> [u8; 256] {
    let mut table = [NOT_A_DIGIT; 256];
    let mut value = 0;
    while value < c.alphabet.len() {
        let byte = c.alphabet[value];
        table[byte as usize] = value as u8;
        if c.either_case {
            table[byte.to_ascii_lowercase() as usize] = value as u8;
            table[byte.to_ascii_uppercase() as usize] = value as u8;
        }
        value += 1;
    }
    let mut k = 0;
    while k < c.lookalikes.len() {
        let (letter, value) = c.lookalikes[k];
        table[letter.to_ascii_lowercase() as usize] = value;
        table[letter.to_ascii_uppercase() as usize] = value;
        k += 1;
    }
    table
}

/// Instagram's shortcodes, which its links (`/p/<shortcode>/`) and Threads'
/// carry: the media ID in base 64 with the URL-safe alphabet (`A-Z`, `a-z`,
/// `0-9`, `-`, `_`, of value 0 up, as RFC 4648's base64url orders them),
/// shortest text. Not a `Base` of `id_to_text()`: only links are read in it.
const SHORTCODE: Convention = Convention {
    name: "shortcode",
    alphabet: b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
    width: Width::Minimal,
    either_case: false,
    lookalikes: &[],
    hex_prefix: false,
};

const SHORTCODE_DECODING: [u8; 256] = decoding_table(&SHORTCODE);

/// How many characters a private post's shortcode carries after the media
/// ID's: yt-dlp's (`_id_to_pk`) and gallery-dl's Instagram extractors drop
/// the last 28 characters of a shortcode longer than 28.
pub const PRIVATE_SHORTCODE_EXTRA: usize = 28;

/// Reads an Instagram shortcode as its media ID: the characters before a
/// private post's 28 extra ones, whose value is below 2^64.
pub fn decode_shortcode(text: &[u8]) -> Entry {
    let code = match text.len() {
        n if n > PRIVATE_SHORTCODE_EXTRA => &text[..n - PRIVATE_SHORTCODE_EXTRA],
        _ => text,
    };
    read_digits(
        code,
        &SHORTCODE_DECODING,
        SHORTCODE.alphabet.len() as u64,
        Reason::NotShortcode,
    )
}

/// The shortcode of a media ID, as Instagram writes it.
pub fn encode_shortcode(mut id: u64) -> String {
    let mut out = Vec::new();
    loop {
        out.push(SHORTCODE.alphabet[(id % 64) as usize]);
        id /= 64;
        if id == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("the alphabet is ASCII")
}

/// A non-empty run of digits read with `table`, in base `radix`, whose
/// value is below 2^64; `refusal` says why other text is not an ID.
fn read_digits(text: &[u8], table: &[u8; 256], radix: u64, refusal: Reason) -> Entry {
    if text.is_empty() {
        return Entry::Invalid(refusal);
    }
    let mut value = Some(0u64);
    for &byte in text {
        let digit = table[byte as usize];
        if digit == NOT_A_DIGIT {
            return Entry::Invalid(refusal);
        }
        // Past 2^64 the text is still read to its end, so that a
        // malformed entry is reported as malformed.
        value = value.and_then(|v| v.checked_mul(radix)?.checked_add(u64::from(digit)));
    }
    value.map_or(Entry::Invalid(Reason::TooLarge), Entry::Id)
}

const DECODING: [[u8; 256]; 5] = [
    decoding_table(&CONVENTIONS[0]),
    decoding_table(&CONVENTIONS[1]),
    decoding_table(&CONVENTIONS[2]),
    decoding_table(&CONVENTIONS[3]),
    decoding_table(&CONVENTIONS[4]),
];

/// The text of one ID: up to [`MAX_TEXT_LEN`] ASCII digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Digits {
    buf: [u8; MAX_TEXT_LEN],
    start: usize,
}

impl AsRef<[u8]> for Digits {
    fn as_ref(&self) -> &[u8] {
        &self.buf[self.start..]
    }
}

impl Base {
    pub const ALL: [Base; 5] = [Base::Hex, Base::Base32, Base::Base36, Base::Base58, Base::Base62];

    fn convention(self) -> &'static Convention {
        &CONVENTIONS[self as usize]
    }

    /// The base R's `base` argument names: `hex`, `base32`, `base36`,
    /// `base58` or `base62`.
    pub fn from_name(name: &[u8]) -> Option<Base> {
        Base::ALL.into_iter().find(|b| b.name().as_bytes() == name)
    }

    pub fn name(self) -> &'static str {
        self.convention().name
    }

    /// How many digit values the base has.
    pub fn radix(self) -> u64 {
        self.convention().alphabet.len() as u64
    }

    /// The digits as written, of value 0 up.
    pub fn alphabet(self) -> &'static [u8] {
        self.convention().alphabet
    }

    pub fn width(self) -> Width {
        self.convention().width
    }

    /// Why text that this base cannot read is not an ID.
    pub fn refusal(self) -> Reason {
        match self {
            Base::Hex => Reason::NotHexText,
            Base::Base32 => Reason::NotBase32Text,
            Base::Base36 => Reason::NotBase36Text,
            Base::Base58 => Reason::NotBase58Text,
            Base::Base62 => Reason::NotBase62Text,
        }
    }

    /// The text of `id` in this base, as its convention writes it.
    pub fn encode(self, id: u64) -> Digits {
        // One loop per radix, so that each division is by a constant.
        match self {
            Base::Hex => digits::<16>(id, self),
            Base::Base32 => digits::<32>(id, self),
            Base::Base36 => digits::<36>(id, self),
            Base::Base58 => digits::<58>(id, self),
            Base::Base62 => digits::<62>(id, self),
        }
    }

    /// Reads text in this base: a non-empty run of its digits (hex after an
    /// optional `0x`) whose value is below 2^64.
    pub fn decode(self, text: &[u8]) -> Entry {
        let text = match text {
            [b'0', b'x' | b'X', rest @ ..] if self.convention().hex_prefix => rest,
            _ => text,
        };
        read_digits(text, &DECODING[self as usize], self.radix(), self.refusal())
    }
}

/// `id` in base `R` with `base`'s alphabet and width rule.
#[inline]
fn digits<const R: u64>(mut id: u64, base: Base) -> Digits {
    let alphabet = base.alphabet();
    let mut buf = [alphabet[0]; MAX_TEXT_LEN];
    let mut start = MAX_TEXT_LEN;
    loop {
        start -= 1;
        buf[start] = alphabet[(id % R) as usize];
        id /= R;
        if id == 0 {
            break;
        }
    }
    if let Width::Fixed(width) = base.width() {
        // Every fixed width holds 2^64 - 1, so padding only moves the start.
        start = start.min(MAX_TEXT_LEN - width);
    }
    Digits { buf, start }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::pseudo_random;

    fn text(base: Base, id: u64) -> String {
        String::from_utf8(base.encode(id).as_ref().to_vec()).unwrap()
    }

    fn read(base: Base, text: &str) -> Entry {
        base.decode(text.as_bytes())
    }

    /// Published examples, both ways: (base, text, value). Each line says
    /// where its pair comes from.
    const PUBLISHED: &[(Base, &str, u64)] = &[
        // tsid-creator, TsidBaseNTest.java: hex and base62 of the same
        // numbers (BASE62 table, its first rows).
        (Base::Base62, "00000000000", 0),
        (Base::Base62, "LygHa16AHYF", 0xffff_ffff_ffff_ffff),
        (Base::Base62, "2qjozYFz4T6", 0x2133_fb48_0623_f824),
        (Base::Base62, "CDJrVSigTC2", 0x8e46_1b1c_52ff_f88e),
        (Base::Base62, "BUART0BRYVs", 0x85ca_989d_20b2_32d8),
        (Base::Base62, "AgF6uYBdK1X", 0x7c69_8c3f_5d29_5ae7),
        (Base::Base62, "LKl4TXM8L1g", 0xf87f_fa95_79b8_e4fc),
        (Base::Base62, "7NzfsGdcfO5", 0x560a_85a1_bd22_dab9),
        (Base::Base62, "11OdAT4OcRy", 0x0be8_fd96_aa05_223e),
        (Base::Hex, "0000000000000000", 0),
        (Base::Hex, "ffffffffffffffff", 0xffff_ffff_ffff_ffff),
        (Base::Hex, "2133fb480623f824", 0x2133_fb48_0623_f824),
        (Base::Hex, "0be8fd96aa05223e", 0x0be8_fd96_aa05_223e),
        // tsid-creator's README and Javadoc: TSID 0AXS476XSZ43M is
        // 05772439BB9F9074 in hex; 0AXS751X00W7C is 0T5jFDIkmmy in base62.
        (Base::Base32, "0AXS476XSZ43M", 0x0577_2439_bb9f_9074),
        (Base::Hex, "05772439bb9f9074", 0x0577_2439_bb9f_9074),
        // tsid-creator, TsidTest.java: the largest and a small TSID.
        (Base::Base32, "FZZZZZZZZZZZZ", u64::MAX),
        (Base::Base32, "000000000000A", 10),
        // ferroid, base32/snowflake.rs: its encoding of 2424242424242424242,
        // of Twitter's largest ID (2^63 - 1) and of 0.
        (Base::Base32, "23953MG16DJDJ", 2_424_242_424_242_424_242),
        (Base::Base32, "7ZZZZZZZZZZZZ", (1 << 63) - 1),
        (Base::Base32, "0000000000000", 0),
        // Flickr's short URLs, as python-flickrapi's shorturl doctests give
        // them (photo 4325695128 is flic.kr/p/7Afjsu): bwmarrin/snowflake's
        // Base58 uses the same alphabet and the same shortest text.
        (Base::Base58, "7Afjsu", 4_325_695_128),
        (Base::Base58, "5hruZg", 2_811_466_321),
        (Base::Base58, "1", 0),
        // bwmarrin/snowflake, snowflake_test.go: ParseBase36("8hgmw4blvlkw")
        // succeeds; its value is what strconv.ParseInt(s, 36, 64) (and
        // Python's int(s, 36)) gives.
        (Base::Base36, "8hgmw4blvlkw", 1_116_817_865_006_120_960),
        (Base::Base36, "0", 0),
        (Base::Base36, "3w5e11264sgsf", u64::MAX),
    ];

    #[test]
    fn instagram_shortcodes_read_as_their_media_ids() {
        // Pairs of shortcode and media ID (`pk`) as Instagram's API gave
        // them, in two public projects' README examples (the second with
        // both `-` and `_`).
        let pairs = [
            ("DHtWpRvMBiw", 3_597_631_270_905_977_008u64),
            ("DV-_TYxlvvi", 3_854_796_740_277_763_042),
        ];
        for (code, id) in pairs {
            assert_eq!(decode_shortcode(code.as_bytes()), Entry::Id(id), "{code}");
            assert_eq!(encode_shortcode(id), code);
            // A private post's shortcode: 28 more characters, not read.
            let private = format!("{code}{}", "x-_Z9".repeat(6).get(..28).unwrap());
            assert_eq!(private.len(), code.len() + PRIVATE_SHORTCODE_EXTRA);
            assert_eq!(decode_shortcode(private.as_bytes()), Entry::Id(id), "{private}");
        }
        // The first posts' short codes are small numbers; A is 0.
        assert_eq!(decode_shortcode(b"B"), Entry::Id(1));
        assert_eq!(decode_shortcode(b"A"), Entry::Id(0));
        assert_eq!(decode_shortcode(b"_"), Entry::Id(63));
        assert_eq!(encode_shortcode(u64::MAX), "P__________");
        assert_eq!(decode_shortcode(b"P__________"), Entry::Id(u64::MAX));
        // Up to 28 characters are all read: 2^64 or more is too large.
        assert_eq!(decode_shortcode(b"Q__________"), Entry::Invalid(Reason::TooLarge));
        assert_eq!(decode_shortcode(b"AAAAAAAAAAAAAAAAAAAAAAAAAAAB"), Entry::Id(1));
        for code in [&b""[..], b"abc=", b"a+b", b"a/b", b"\xff", b"a b"] {
            assert_eq!(decode_shortcode(code), Entry::Invalid(Reason::NotShortcode), "{code:?}");
        }
        // A private code whose first part is empty or malformed.
        let only_extra = vec![b'A'; PRIVATE_SHORTCODE_EXTRA];
        assert_eq!(decode_shortcode(&only_extra), Entry::Id(0));
        let mut bad = b"DHtW.RvMBiw".to_vec();
        bad.extend_from_slice(&only_extra);
        assert_eq!(decode_shortcode(&bad), Entry::Invalid(Reason::NotShortcode));
        for id in pseudo_random(1000) {
            assert_eq!(decode_shortcode(encode_shortcode(id).as_bytes()), Entry::Id(id));
        }
    }

    #[test]
    fn the_published_examples_both_ways() {
        for &(base, written, id) in PUBLISHED {
            assert_eq!(text(base, id), written, "{base:?} of {id}");
            assert_eq!(read(base, written), Entry::Id(id), "{base:?} {written}");
        }
    }

    #[test]
    fn tsid_text_from_its_readme_and_tests() {
        // tsid-creator's README: Tsid.from("0123456789ABC") is read in
        // either case, and TsidTest reads lower case and I, L, O as 1, 1, 0.
        let upper = read(Base::Base32, "0123456789ABC");
        assert_eq!(read(Base::Base32, "0123456789abc"), upper);
        assert_eq!(read(Base::Base32, "0123456789AbC"), upper);
        assert_eq!(read(Base::Base32, "0123456789ABi"), read(Base::Base32, "0123456789AB1"));
        assert_eq!(read(Base::Base32, "0123456789ABl"), read(Base::Base32, "0123456789AB1"));
        assert_eq!(read(Base::Base32, "0123456789ABo"), read(Base::Base32, "0123456789AB0"));
        // U is no digit of Crockford's, nor is `@` (ferroid's test).
        assert_eq!(
            read(Base::Base32, "0123456789ABu"),
            Entry::Invalid(Reason::NotBase32Text)
        );
        assert_eq!(
            read(Base::Base32, "000000@000000"),
            Entry::Invalid(Reason::NotBase32Text)
        );
        // tsid-creator's Javadoc: TSID 0AXS751X00W7C is 0T5jFDIkmmy in base62.
        let Entry::Id(id) = read(Base::Base32, "0AXS751X00W7C") else {
            panic!("not read")
        };
        assert_eq!(text(Base::Base62, id), "0T5jFDIkmmy");
        assert_eq!(text(Base::Base32, id), "0AXS751X00W7C");
        // 13 digits hold 65 bits: G000000000000 is 2^64, as TSID refuses it.
        assert_eq!(read(Base::Base32, "G000000000000"), Entry::Invalid(Reason::TooLarge));
    }

    #[test]
    fn tsid_refuses_base62_of_2_to_the_64() {
        // TsidBaseNTest refuses "LygHa16AHYH" (2^64 + 1) as an overflow.
        assert_eq!(read(Base::Base62, "LygHa16AHYH"), Entry::Invalid(Reason::TooLarge));
        assert_eq!(read(Base::Base62, "zzzzzzzzzzz"), Entry::Invalid(Reason::TooLarge));
        assert_eq!(read(Base::Base62, "00000=00000"), Entry::Invalid(Reason::NotBase62Text));
    }

    #[test]
    fn widths_are_each_conventions() {
        for base in Base::ALL {
            for id in [0, 1, 57, 1 << 40, u64::MAX] {
                let written = text(base, id);
                match base.width() {
                    Width::Fixed(n) => assert_eq!(written.len(), n, "{base:?} {id}"),
                    Width::Minimal => {
                        let zero = base.alphabet()[0] as char;
                        assert!(written.len() == 1 || !written.starts_with(zero), "{written}");
                    }
                }
            }
        }
        assert_eq!(text(Base::Hex, 255), "00000000000000ff");
        assert_eq!(text(Base::Base36, 35), "z");
        assert_eq!(text(Base::Base58, 57), "Z");
        assert_eq!(text(Base::Base58, 58), "21");
        assert_eq!(text(Base::Base62, 61), "0000000000z");
    }

    #[test]
    fn fixed_widths_hold_every_value_and_sort_as_the_numbers() {
        for base in [Base::Hex, Base::Base32, Base::Base62] {
            let Width::Fixed(n) = base.width() else { unreachable!() };
            assert!(base.radix().checked_pow(n as u32).is_none(), "{base:?} holds 2^64");
            let mut ids: Vec<u64> = pseudo_random(0x0BAD_5EED).collect();
            ids.extend([0, u64::MAX, 1 << 63]);
            let mut by_text = ids.clone();
            by_text.sort_by_key(|&id| base.encode(id).as_ref().to_vec());
            ids.sort_unstable();
            assert_eq!(by_text, ids, "{base:?}");
        }
    }

    #[test]
    fn readers_take_shorter_padded_and_prefixed_text() {
        assert_eq!(read(Base::Hex, "ff"), Entry::Id(255));
        assert_eq!(read(Base::Hex, "0xFF"), Entry::Id(255));
        assert_eq!(read(Base::Hex, "0X00ff"), Entry::Id(255));
        assert_eq!(read(Base::Hex, "00000000000000000000ff"), Entry::Id(255));
        assert_eq!(read(Base::Base36, "000000000000Z"), Entry::Id(35));
        assert_eq!(read(Base::Base58, "11117Afjsu"), Entry::Id(4_325_695_128));
        assert_eq!(read(Base::Base62, "z"), Entry::Id(61));
        assert_eq!(read(Base::Base32, "A"), Entry::Id(10));
    }

    #[test]
    fn malformed_text_is_refused_for_what_it_is() {
        let refused: &[(Base, &str)] = &[
            (Base::Hex, ""),
            (Base::Hex, "0x"),
            (Base::Hex, "g"),
            (Base::Hex, " ff"),
            (Base::Hex, "ff "),
            (Base::Hex, "-1"),
            (Base::Hex, "0x0x1"),
            (Base::Base32, "0123-4567"),
            (Base::Base36, "0_1"),
            (Base::Base58, "0"),
            (Base::Base58, "O"),
            (Base::Base58, "I"),
            (Base::Base58, "l"),
            (Base::Base62, "+1"),
            (Base::Base62, "\u{e9}"),
        ];
        for &(base, text) in refused {
            assert_eq!(read(base, text), Entry::Invalid(base.refusal()), "{base:?} {text:?}");
        }
        // Too large: one past 2^64 - 1 in each base, and a malformed
        // character after an overflow is reported as malformed.
        assert_eq!(read(Base::Hex, "10000000000000000"), Entry::Invalid(Reason::TooLarge));
        assert_eq!(read(Base::Base36, "3w5e11264sgsg"), Entry::Invalid(Reason::TooLarge));
        assert_eq!(text(Base::Base58, u64::MAX), "JPwcyDCgEup");
        assert_eq!(read(Base::Base58, "JPwcyDCgEuq"), Entry::Invalid(Reason::TooLarge));
        assert_eq!(
            read(Base::Hex, "10000000000000000g"),
            Entry::Invalid(Reason::NotHexText)
        );
        let long = vec![b'f'; 100_000];
        assert_eq!(Base::Hex.decode(&long), Entry::Invalid(Reason::TooLarge));
    }

    #[test]
    fn case_matters_only_where_the_convention_says() {
        assert_eq!(read(Base::Hex, "ABCDEF"), read(Base::Hex, "abcdef"));
        assert_eq!(read(Base::Base36, "8HGMW4BLVLKW"), read(Base::Base36, "8hgmw4blvlkw"));
        assert_ne!(read(Base::Base58, "7AFJSU"), read(Base::Base58, "7Afjsu"));
        assert_ne!(read(Base::Base62, "a"), read(Base::Base62, "A"));
    }

    /// 100,000 IDs over all 64 bits, and the edges, through every base,
    /// against the standard library's own formatting where it has one.
    #[test]
    fn round_trips_of_100000_ids_through_every_base() {
        let mut ids: Vec<u64> = (0..10)
            .flat_map(|seed| pseudo_random(0x9E37_79B9_7F4A_7C15 ^ (seed * 0x1234_5678_9ABC)))
            .collect();
        assert_eq!(ids.len(), 100_000);
        ids.extend([0, 1, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1, 1 << 53]);
        for base in Base::ALL {
            for &id in &ids {
                let digits = base.encode(id);
                assert_eq!(base.decode(digits.as_ref()), Entry::Id(id), "{base:?} {id}");
            }
        }
        for &id in &ids {
            assert_eq!(text(Base::Hex, id), format!("{id:016x}"));
        }
    }

    /// Each digit's value is its place in the alphabet, so the text is the
    /// number's positional notation: checked against u128 arithmetic.
    #[test]
    fn text_is_positional_notation() {
        for base in Base::ALL {
            for id in pseudo_random(42).take(2_000) {
                let value = text(base, id).bytes().fold(0u128, |v, b| {
                    let digit = base.alphabet().iter().position(|&a| a == b).unwrap();
                    v * u128::from(base.radix()) + digit as u128
                });
                assert_eq!(value, u128::from(id), "{base:?}");
            }
        }
    }

    #[test]
    fn names_and_alphabets() {
        for base in Base::ALL {
            assert_eq!(Base::from_name(base.name().as_bytes()), Some(base));
            let mut sorted = base.alphabet().to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len() as u64, base.radix());
        }
        assert_eq!(Base::from_name(b"HEX"), None);
        assert_eq!(Base::from_name(b"base64"), None);
        assert_eq!(Base::Base32.refusal(), Reason::NotBase32Text);
    }
}
