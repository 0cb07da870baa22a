//! The three signs of rounding, each read from a column's distinct values.

use super::damage::{Evidence, Sign};
use super::pieces::{evidence, pieces, Look};
use super::spans::{shortest_text, SPREADSHEET_DIGITS};
use crate::layout::Layout;

fn digit_count(v: u64) -> u32 {
    v.checked_ilog10().map_or(1, |d| d + 1)
}

/// How many trailing zeros an ID of `D` digits must have after 15
/// significant digits, `D - 15`, and whether it has them; `None` below 16
/// digits.
fn spreadsheet_zeros(v: u64) -> Option<(u32, bool)> {
    let k = digit_count(v).checked_sub(SPREADSHEET_DIGITS).filter(|&k| k > 0)?;
    Some((k, v % 10u64.pow(k) == 0))
}

/// Zeros after 15 significant digits (see the module's notes), with ticks
/// and lower parts split at `split` bits: the evidence, and the values that
/// show it.
pub(super) fn spreadsheet_evidence(values: &[u64], split: u32) -> (Evidence, Vec<u64>) {
    let low_mask = 1u64.checked_shl(split).map_or(u64::MAX, |b| b - 1);
    let look = |v: u64| {
        let Some((k, pattern)) = spreadsheet_zeros(v) else {
            return Look {
                pattern: false,
                evidence: None,
            };
        };
        let five = 5u64.pow(k);
        // Its lowest k bits must be 0, and its lower part alone must not end
        // in zeros: its zeros would come from a round time.
        let evidence = (v & ((1u64 << k) - 1) == 0 && (v & low_mask) % five != 0).then_some((five, k));
        Look { pattern, evidence }
    };
    let (pieces, showing) = pieces(values, split, look);
    (evidence(Sign::Digits15, &pieces), showing)
}

/// The shortest text of a double (see the module's notes), with ticks and
/// lower parts split at `split` bits: the evidence, and the values that
/// show it.
pub(super) fn double_text_evidence(values: &[u64], split: u32) -> (Evidence, Vec<u64>) {
    let look = |v: u64| {
        let none = Look {
            pattern: false,
            evidence: None,
        };
        let rounded = (64 - v.leading_zeros()).saturating_sub(53);
        if rounded == 0 {
            return none;
        }
        let d = v as f64;
        let pattern = shortest_text(d) == Some(u128::from(v));
        // A double's exact value is the low bits' evidence, and 15 digits
        // the spreadsheet's, though a double's text may have them.
        let exact = d as u128 == u128::from(v);
        let fifteen = spreadsheet_zeros(v).is_some_and(|(_, z)| z);
        // One of the 2^r integers its double stands for is its text; a
        // genuine ID is that one with a chance of about 1 in 2^r, taken as
        // four times that: the text is most often the multiple of 10 or 100
        // nearest the double, and an ID with a small sequence lies near it.
        let evidence = (!exact && !fifteen && rounded > 2).then(|| (1u64 << (rounded - 2), rounded));
        Look { pattern, evidence }
    };
    let (pieces, showing) = pieces(values, split, look);
    (evidence(Sign::DoubleText, &pieces), showing)
}

/// Zero low bits where a double would zero them, under `layout`: the
/// evidence, and the values that show it.
pub(super) fn binary_evidence(values: &[u64], layout: &Layout) -> (Evidence, Vec<u64>) {
    let sequence = layout.sequence();
    let counted = |v: u64| {
        let bits = 64 - v.leading_zeros();
        // A double zeroes the lowest `rounded` bits; they reach `reach`
        // bits into the sequence.
        let rounded = bits.checked_sub(53).filter(|&r| r > 0)?;
        let reach = rounded.checked_sub(sequence.shift()).filter(|&q| q > 0)?;
        if reach >= sequence.bits() || sequence.extract(v) == 0 {
            return None;
        }
        Some((1u64 << reach, reach))
    };
    let look = |v: u64| {
        let rounded = (64 - v.leading_zeros()).saturating_sub(53);
        Look {
            pattern: rounded > 0 && v & ((1u64 << rounded) - 1) == 0,
            evidence: counted(v),
        }
    };
    let (pieces, showing) = pieces(values, layout.time().shift(), look);
    (evidence(Sign::LowBits, &pieces), showing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::salvage::test_ids::genuine;

    #[test]
    fn the_shortest_text_of_a_double() {
        // As JavaScript's Number.prototype.toString() writes them.
        assert_eq!(
            shortest_text(1_214_004_724_031_189_004u64 as f64),
            Some(1_214_004_724_031_189_000)
        );
        assert_eq!(
            shortest_text(1_294_030_472_427_830_000u64 as f64),
            Some(1_294_030_472_427_830_000)
        );
        assert_eq!(shortest_text((1u64 << 60) as f64), Some(1_152_921_504_606_847_000));
        assert_eq!(
            shortest_text(9_007_199_254_740_993u64 as f64),
            Some(9_007_199_254_740_992)
        );
        for id in genuine(200, 40) {
            let text = shortest_text(id as f64).unwrap();
            assert_eq!(text as f64, id as f64);
            assert!(text % 10 == 0 || id < 1 << 57);
        }
    }

    #[test]
    fn digit_counts() {
        assert_eq!(digit_count(0), 1);
        assert_eq!(digit_count(10), 2);
        assert_eq!(digit_count(1_214_004_724_031_190_000), 19);
        assert_eq!(digit_count(u64::MAX), 20);
    }
}
