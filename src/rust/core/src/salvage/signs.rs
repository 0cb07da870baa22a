//! The three signs of rounding, each read from a column's distinct values.

use super::damage::{Evidence, Sign};
use super::pieces::{evidence, pieces, Grouping, Look};
use super::spans::{shortest_text, SPREADSHEET_DIGITS};
use crate::layouts::layout::{Counter, Layout};

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
        let evidence = (v & ((1u64 << k) - 1) == 0 && (v & low_mask) % five != 0).then_some((1.0 / five as f64, k));
        Look { pattern, evidence }
    };
    let (pieces, showing) = pieces(values, split, Grouping::TickAndLower, look);
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
        let evidence = (!exact && !fifteen && rounded > 2).then(|| (1.0 / (1u64 << (rounded - 2)) as f64, rounded));
        Look { pattern, evidence }
    };
    let (pieces, showing) = pieces(values, split, Grouping::TickAndLower, look);
    (evidence(Sign::DoubleText, &pieces), showing)
}

/// How many nodes a column must show before a busy platform's share of
/// sequences other than 0 is taken as its own: a generator that mints one
/// ID per tick (a sequence of 0 each time) runs on a node or a few, while a
/// platform's IDs come from its many workers.
pub(super) const BUSY_NODES: usize = 8;

/// Zero low bits where a double would zero them, under `layout`: the
/// evidence, and the values that show it. A sequence whose lowest `q` bits
/// a double zeroes is evidence with a chance of 1 in 2^q when it is not 0,
/// and also when it is 0 where the platform's sequences are spread over
/// their values. Where they restart at 0 each tick on a busy platform, the
/// column is also read tick by tick, a sequence of 0 being one with a
/// chance of at most the platform's share of them, and the more
/// surprising reading counts, each held to half the false alarms.
pub(super) fn binary_evidence(values: &[u64], layout: &Layout) -> (Evidence, Vec<u64>) {
    let sequence = layout.sequence();
    let time_shift = layout.time().shift();
    let lower = |v: u64| v & ((1u64 << time_shift) - 1);
    let spread = layout.counter() == Counter::Spread;
    // A double zeroes the lowest `r` bits; they reach `q` bits into the
    // sequence; and IDs with nothing below their time are bounds, not IDs
    // of a generator.
    let reach = |v: u64| {
        let rounded = (64 - v.leading_zeros()).checked_sub(53).filter(|&r| r > 0)?;
        let q = rounded.checked_sub(sequence.shift()).filter(|&q| q > 0)?;
        (q < sequence.bits() && lower(v) != 0).then_some(q)
    };
    let pattern = |v: u64| {
        let rounded = (64 - v.leading_zeros()).saturating_sub(53);
        rounded > 0 && v & ((1u64 << rounded) - 1) == 0
    };
    let by_sequence = |v: u64| Look {
        pattern: pattern(v),
        evidence: reach(v)
            .filter(|_| spread || sequence.extract(v) != 0)
            .map(|q| (1.0 / (1u64 << q) as f64, q)),
    };
    let (found, showing) = pieces(values, time_shift, Grouping::TickAndLower, by_sequence);
    let sequences = evidence(Sign::LowBits, &found);
    let Counter::Busy { one_in } = layout.counter() else {
        return (sequences, showing);
    };
    let node_mask = lower(u64::MAX) & !(sequence.max_value() << sequence.shift());
    let mut nodes: Vec<u64> = values
        .iter()
        .filter(|&&v| reach(v).is_some())
        .map(|&v| v & node_mask)
        .collect();
    nodes.sort_unstable();
    nodes.dedup();
    if nodes.len() < BUSY_NODES {
        return (sequences, showing);
    }
    // A genuine ID shows it when its sequence is 0, or ends in q zero bits.
    let busy = 1.0 / f64::from(one_in);
    let by_tick = |v: u64| Look {
        pattern: pattern(v),
        evidence: reach(v).map(|q| (1.0 - busy * (1.0 - 1.0 / (1u64 << q) as f64), q)),
    };
    let (ticks, _) = pieces(values, time_shift, Grouping::Tick, by_tick);
    let traffic = evidence(Sign::LowBits, &ticks);
    let half = std::f64::consts::LN_2;
    let held = |mut e: Evidence| {
        e.surprise = (e.surprise - half).max(0.0);
        e
    };
    let best = if traffic.surprise > sequences.surprise {
        traffic
    } else {
        sequences
    };
    (held(best), showing)
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
