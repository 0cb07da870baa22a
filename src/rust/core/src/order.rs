//! Ordering IDs as unsigned 64-bit numbers, which is how they sort by
//! time: R's own sorting sees an integer64 as signed, and IDs of 2^63 and
//! more as negative.

/// Sorts keys with their payloads by the keys, least significant byte
/// first: at most eight stable counting passes, linear in the length, and
/// a byte that every key shares costs one counting pass only.
pub fn radix_sort<T: Copy + Default>(items: &mut Vec<(u64, T)>) {
    let mut buffer = vec![(0u64, T::default()); items.len()];
    for shift in (0..64).step_by(8) {
        let mut counts = [0usize; 257];
        for (key, _) in items.iter() {
            counts[((key >> shift) & 0xFF) as usize + 1] += 1;
        }
        if counts.contains(&items.len()) {
            continue;
        }
        for b in 0..256 {
            counts[b + 1] += counts[b];
        }
        for item in items.iter() {
            let b = ((item.0 >> shift) & 0xFF) as usize;
            buffer[counts[b]] = *item;
            counts[b] += 1;
        }
        std::mem::swap(items, &mut buffer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::pseudo_random;

    #[test]
    fn sorts_as_unsigned_and_keeps_ties_in_order() {
        let mut items: Vec<(u64, u32)> = vec![
            (u64::MAX, 0),
            (5, 1),
            (1 << 63, 2),
            (5, 3),
            (0, 4),
            (i64::MAX as u64, 5),
        ];
        radix_sort(&mut items);
        assert_eq!(
            items,
            vec![
                (0, 4),
                (5, 1),
                (5, 3),
                (i64::MAX as u64, 5),
                (1 << 63, 2),
                (u64::MAX, 0)
            ]
        );
    }

    #[test]
    fn agrees_with_the_standard_sort() {
        let mut items: Vec<(u64, usize)> = pseudo_random(99).enumerate().map(|(i, x)| (x >> (i % 64), i)).collect();
        let mut expected = items.clone();
        expected.sort_by_key(|&(key, _)| key);
        radix_sort(&mut items);
        assert_eq!(items, expected);
    }

    #[test]
    fn empty_and_constant_inputs() {
        let mut empty: Vec<(u64, ())> = Vec::new();
        radix_sort(&mut empty);
        assert!(empty.is_empty());
        let mut same = vec![(7u64, 2u8), (7, 1), (7, 0)];
        radix_sort(&mut same);
        assert_eq!(same, vec![(7, 2), (7, 1), (7, 0)]);
    }
}
