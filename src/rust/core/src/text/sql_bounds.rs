//! The bounds of 64-bit IDs as SQL over decimal text needs them. An engine
//! without numbers wider than 64 bits reads a 20-digit number as two
//! halves, `high * 10^9 + low`, and must compare and subtract without
//! leaving a signed 64-bit integer: the ends it compares with are split the
//! same way here, where the arithmetic is exact.

/// Where the halves of a number's text are cut: the low half holds nine
/// digits.
pub const SPLIT: u128 = 1_000_000_000;

/// A number as `high * SPLIT + low`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    pub high: u128,
    pub low: u128,
}

/// 2^64 as `high * SPLIT + low` with `low` at least `SPLIT` (one unit
/// borrowed from `high`), so that subtracting it from the halves of any
/// number up to 2^64 - 1 leaves a low half that never goes negative by
/// more than one `SPLIT`.
pub fn unsigned_end_split() -> Split {
    let end = 1u128 << 64;
    Split {
        high: end / SPLIT - 1,
        low: end % SPLIT + SPLIT,
    }
}

/// 2^63 as `high * SPLIT + low` (`low` below `SPLIT`), to tell from a
/// number's halves whether it reaches 2^63.
pub fn signed_end_split() -> Split {
    let half = 1u128 << 63;
    Split {
        high: half / SPLIT,
        low: half % SPLIT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_split_adds_up_to_its_end() {
        for (split, end) in [(unsigned_end_split(), 1u128 << 64), (signed_end_split(), 1u128 << 63)] {
            assert_eq!(split.high * SPLIT + split.low, end);
        }
    }

    #[test]
    fn the_unsigned_end_borrows_one_unit_and_the_signed_end_none() {
        let unsigned = unsigned_end_split();
        assert!((SPLIT..2 * SPLIT).contains(&unsigned.low));
        assert!(signed_end_split().low < SPLIT);
        assert_eq!(unsigned.high, 18_446_744_072);
        assert_eq!(unsigned.low, 1_709_551_616);
    }
}
