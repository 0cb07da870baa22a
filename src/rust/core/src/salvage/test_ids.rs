//! IDs for the salvage tests: genuine-looking tweet IDs, and what a
//! spreadsheet, a double and a double's shortest text leave of them.

use super::damage::Seen;
use crate::test_cases::TWITTER_EPOCH_MS;

/// A reproducible stream of 64-bit numbers (xorshift64*).
pub(crate) fn stream(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Twitter IDs of 2024-2025: random ticks, nodes and sequences.
pub(crate) fn genuine(n: usize, seed: u64) -> Vec<u64> {
    let mut next = stream(seed);
    let start = 1_704_067_200_000u64 - TWITTER_EPOCH_MS as u64;
    (0..n)
        .map(|_| {
            let tick = start + next() % 31_536_000_000;
            (tick << 22) | (next() & 0x3F_FFFF)
        })
        .collect()
}

/// Tweet IDs as one account's tweets have them (2015 to 2021): one tweet a
/// tick, on Twitter's workers (data centres 10 and 11, workers 0 to 31, as
/// in the tweet IDs of the API's documentation), with the sequence the
/// worker had reached in that millisecond: 0 for most, 1 to 3 for about a
/// quarter (112 of 448 of one account's tweets, issue 39).
pub(crate) fn tweets(n: usize, seed: u64) -> Vec<u64> {
    let mut next = stream(seed);
    let start = 1_433_116_800_000u64 - TWITTER_EPOCH_MS as u64;
    (0..n)
        .map(|_| {
            let tick = start + next() % 176_000_000_000;
            let node = ((10 + next() % 2) << 5) | (next() % 32);
            let sequence = match next() % 100 {
                0..=74 => 0,
                75..=92 => 1,
                93..=98 => 2,
                _ => 3,
            };
            (tick << 22) | (node << 12) | sequence
        })
        .collect()
}

pub(crate) fn seen(ids: &[u64]) -> Vec<(usize, Seen)> {
    ids.iter().map(|&id| Seen::Id(id)).enumerate().collect()
}

/// `id` rounded to `digits` significant decimal digits, as R's
/// `as.character()` of its double or a spreadsheet's display does.
pub(crate) fn spreadsheet(id: u64, digits: u32) -> u64 {
    let step = 10u64.pow(id.ilog10() + 1 - digits);
    (id + step / 2) / step * step
}

/// `id` through a double and back, exactly.
pub(crate) fn through_double(id: u64) -> u64 {
    id as f64 as u64
}

/// The shortest decimal text of `id`'s double, as a JSON writer gives
/// it, as a number.
pub(crate) fn double_text(id: u64) -> u64 {
    let d = id as f64;
    (15..=17)
        .map(|digits| spreadsheet(d as u64, digits))
        .find(|&v| v as f64 == d)
        .unwrap()
}
