//! One ID of up to 160 bits as an unsigned integer: KSUID's 160, the
//! UUID family's 128, ObjectId's and Xid's 96. The top 32 of 160 bits sit
//! in `hi`, the rest in `lo`, so that all the math is u128 and the derived
//! order is the numeric one (which is each format's byte order).

/// An ID's bits as a number below 2^160.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Wide {
    /// Bits 128 to 159 (KSUID's timestamp); 0 for narrower formats.
    pub hi: u32,
    /// Bits 0 to 127.
    pub lo: u128,
}

impl Wide {
    pub const fn new(hi: u32, lo: u128) -> Wide {
        Wide { hi, lo }
    }

    pub const fn from_u128(lo: u128) -> Wide {
        Wide { hi: 0, lo }
    }

    /// The bits `start .. start + width` of a `total`-bit ID, counted from
    /// its most significant bit as the formats' specifications count them
    /// (`width` at most 128).
    pub fn bits(self, total: u32, start: u32, width: u32) -> u128 {
        let shift = total - start - width;
        let shifted = if shift == 0 {
            self.lo
        } else if shift >= 128 {
            (self.hi as u128) >> (shift - 128)
        } else {
            (self.lo >> shift) | ((self.hi as u128) << (128 - shift))
        };
        if width >= 128 {
            shifted
        } else {
            shifted & ((1u128 << width) - 1)
        }
    }

    /// The same with the bits `start .. start + width` replaced by `value`.
    pub fn with_bits(self, total: u32, start: u32, width: u32, value: u128) -> Wide {
        let shift = total - start - width;
        let mask = if width >= 128 { u128::MAX } else { (1u128 << width) - 1 };
        let value = value & mask;
        let mut out = self;
        // The part of the field below bit 128 goes to `lo`, the rest to `hi`.
        if shift < 128 {
            let lo_mask = mask << shift;
            out.lo = (out.lo & !lo_mask) | (value << shift);
        }
        let hi_shift_from = 128u32.saturating_sub(shift);
        if shift + width > 128 {
            let hi_part = if shift >= 128 {
                value << (shift - 128)
            } else {
                value >> hi_shift_from
            };
            let hi_mask = if shift >= 128 {
                mask << (shift - 128)
            } else {
                mask >> hi_shift_from
            };
            out.hi = ((out.hi as u128 & !hi_mask) | hi_part) as u32;
        }
        out
    }

    /// The ID's bytes, big-endian, for a `total`-bit format (12, 16 or 20
    /// of the returned bytes are used: see the returned length).
    pub fn to_bytes(self, total: u32) -> ([u8; 20], usize) {
        let mut all = [0u8; 20];
        all[..4].copy_from_slice(&self.hi.to_be_bytes());
        all[4..].copy_from_slice(&self.lo.to_be_bytes());
        let n = (total / 8) as usize;
        let mut out = [0u8; 20];
        out[..n].copy_from_slice(&all[20 - n..]);
        (out, n)
    }

    /// The ID from its big-endian bytes (12, 16 or 20 of them).
    pub fn from_bytes(bytes: &[u8]) -> Option<Wide> {
        if !matches!(bytes.len(), 12 | 16 | 20) {
            return None;
        }
        let mut all = [0u8; 20];
        all[20 - bytes.len()..].copy_from_slice(bytes);
        let hi = u32::from_be_bytes([all[0], all[1], all[2], all[3]]);
        let mut lo = [0u8; 16];
        lo.copy_from_slice(&all[4..]);
        Some(Wide {
            hi,
            lo: u128::from_be_bytes(lo),
        })
    }

    /// Little-endian 64-bit limbs, for the base conversions.
    pub(crate) fn limbs(self) -> [u64; 3] {
        [self.lo as u64, (self.lo >> 64) as u64, self.hi as u64]
    }

    /// From limbs below 2^160 (the caller checks).
    pub(crate) fn from_limbs(l: [u64; 3]) -> Wide {
        Wide {
            hi: l[2] as u32,
            lo: (l[0] as u128) | ((l[1] as u128) << 64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_read_fields_counted_from_the_top() {
        // RFC 9562 A.6: unix_ts_ms 0x017F22E279B0, ver 7, rand_a 0xCC3.
        let v = Wide::from_u128(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F);
        assert_eq!(v.bits(128, 0, 48), 0x017F22E279B0);
        assert_eq!(v.bits(128, 48, 4), 7);
        assert_eq!(v.bits(128, 52, 12), 0xCC3);
        assert_eq!(v.bits(128, 64, 2), 0b10);
        assert_eq!(v.bits(128, 66, 62), 0x18C4DC0C0C07398F);
        assert_eq!(v.bits(128, 0, 128), v.lo);
    }

    #[test]
    fn bits_cross_the_160_bit_boundary() {
        let v = Wide::new(0x0669F7EF, 0xB5A1CD34_B5F99D11_54FB6853_345C9735);
        assert_eq!(v.bits(160, 0, 32), 0x0669F7EF);
        assert_eq!(v.bits(160, 32, 128), v.lo);
        assert_eq!(v.bits(160, 24, 16), 0xEFB5);
        assert_eq!(v.bits(160, 0, 128), (0x0669F7EFu128 << 96) | (v.lo >> 32));
    }

    #[test]
    fn with_bits_writes_what_bits_reads() {
        for (total, start, width) in [
            (160, 0, 32),
            (160, 24, 16),
            (160, 32, 128),
            (128, 48, 4),
            (96, 0, 32),
            (160, 0, 128),
        ] {
            let x = 0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210_u128;
            let base = if total == 160 {
                Wide::new(0xDEADBEEF, x)
            } else {
                Wide::from_u128(x >> (128 - total))
            };
            let value = 0x5A5A_5A5A_5A5A_5A5A_5A5A_5A5A_5A5A_5A5A_u128;
            let out = base.with_bits(total, start, width, value);
            let mask = if width >= 128 { u128::MAX } else { (1u128 << width) - 1 };
            assert_eq!(out.bits(total, start, width), value & mask, "{total} {start} {width}");
            if start > 0 {
                assert_eq!(out.bits(total, 0, start), base.bits(total, 0, start));
            }
        }
    }

    #[test]
    fn bytes_round_trip_for_each_width() {
        let v = Wide::new(0x0669F7EF, 0xB5A1CD34_B5F99D11_54FB6853_345C9735);
        let (b, n) = v.to_bytes(160);
        assert_eq!((b[0], b[19], n), (0x06, 0x35, 20));
        assert_eq!(Wide::from_bytes(&b[..n]), Some(v));
        let o = Wide::from_u128(0x4d88e15b60f486e428412dc9);
        let (b, n) = o.to_bytes(96);
        assert_eq!((b[0], b[11], n), (0x4d, 0xc9, 12));
        assert_eq!(Wide::from_bytes(&b[..n]), Some(o));
        assert_eq!(Wide::from_bytes(&[0; 7]), None);
    }
}
