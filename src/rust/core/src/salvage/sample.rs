//! Which entries of a long column decoding looks at for signs of rounding.

/// Up to `limit` of the `n` entries, in increasing order, as (0-based
/// position, what it is) for those `read` keeps: all of them, or one from
/// each of `limit` equal stretches of the column, the first entry and then
/// a position within its stretch that a hash of the stretch's number picks,
/// so that a column that repeats itself (the same IDs every 200 rows, say)
/// is not read at the same place of each repeat. The same column always
/// gives the same sample.
pub fn sample<T>(n: usize, limit: usize, read: impl Fn(usize) -> Option<T>) -> Vec<(usize, T)> {
    let positions: Box<dyn Iterator<Item = usize>> = if n <= limit {
        Box::new(0..n)
    } else {
        Box::new((0..limit).map(move |j| {
            let start = (j as u128 * n as u128 / limit as u128) as usize;
            let end = ((j as u128 + 1) * n as u128 / limit as u128) as usize;
            let offset = if j == 0 {
                0
            } else {
                (mix(j as u64) % (end - start) as u64) as usize
            };
            start + offset
        }))
    };
    positions.filter_map(|i| read(i).map(|x| (i, x))).collect()
}

/// SplitMix64's finaliser: a well-spread hash of `x`.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_spreads_over_the_column() {
        let all = sample(10, 100, |i| Some(i as u64));
        assert_eq!(all.len(), 10);
        let some = sample(1_000_000, 1000, |i| (i % 2 == 0).then_some(i as u64));
        assert!(some.len() <= 1000 && some.len() >= 400);
        assert!(some.last().unwrap().0 > 990_000);
        assert_eq!(sample(0, 10, |_| Some(1)), vec![]);
        // One entry per stretch, in order, the first entry first; a column
        // that repeats every 200 entries is read at many places of a repeat.
        let spread = sample(200_000, 1000, |i| Some((i % 200) as u64));
        assert_eq!(spread.len(), 1000);
        assert_eq!(spread[0].0, 0);
        assert!(spread.iter().enumerate().all(|(j, &(i, _))| i / 200 == j));
        let mut places: Vec<u64> = spread.iter().map(|&(_, id)| id).collect();
        places.sort_unstable();
        places.dedup();
        assert!(places.len() > 150, "{}", places.len());
        assert_eq!(spread, sample(200_000, 1000, |i| Some((i % 200) as u64)));
    }
}
