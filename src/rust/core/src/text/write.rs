//! IDs written out: decimal digits, and the 64 bits for `id_explain()`.

/// Room for the 20 digits of 2^64 - 1.
pub const DECIMAL_MAX_LEN: usize = 20;

/// Writes `id` in decimal at the end of `buf` and returns the digits.
pub fn write_decimal(mut id: u64, buf: &mut [u8; DECIMAL_MAX_LEN]) -> &[u8] {
    let mut start = DECIMAL_MAX_LEN;
    loop {
        start -= 1;
        buf[start] = b'0' + (id % 10) as u8;
        id /= 10;
        if id == 0 {
            return &buf[start..];
        }
    }
}

/// The 64 bits of `id`, most significant first, as `0` and `1`.
pub fn binary_text(id: u64) -> [u8; 64] {
    let mut out = [b'0'; 64];
    for (k, digit) in out.iter_mut().enumerate() {
        if id >> (63 - k) & 1 == 1 {
            *digit = b'1';
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::pseudo_random;
    use crate::text::entry::Entry;
    use crate::text::parse::parse_decimal;

    fn decimal(id: u64) -> String {
        let mut buf = [0u8; DECIMAL_MAX_LEN];
        String::from_utf8(write_decimal(id, &mut buf).to_vec()).unwrap()
    }

    #[test]
    fn decimal_edges() {
        assert_eq!(decimal(0), "0");
        assert_eq!(decimal(7), "7");
        assert_eq!(decimal(10), "10");
        assert_eq!(decimal(176_120_502_681_600_000), "176120502681600000");
        assert_eq!(decimal(u64::MAX), "18446744073709551615");
    }

    #[test]
    fn decimal_round_trips() {
        for x in pseudo_random(0x9E37_79B9_7F4A_7C15) {
            assert_eq!(parse_decimal(decimal(x).as_bytes()), Entry::Id(x));
        }
    }

    #[test]
    fn binary_text_is_most_significant_first() {
        assert_eq!(&binary_text(0)[..], &[b'0'; 64][..]);
        assert_eq!(&binary_text(u64::MAX)[..], &[b'1'; 64][..]);
        let one = binary_text(1);
        assert_eq!(one[63], b'1');
        assert_eq!(one.iter().filter(|&&b| b == b'1').count(), 1);
        assert_eq!(binary_text(1 << 63)[0], b'1');
        for x in pseudo_random(7).take(100) {
            let text = String::from_utf8(binary_text(x).to_vec()).unwrap();
            assert_eq!(u64::from_str_radix(&text, 2).unwrap(), x);
        }
    }
}
