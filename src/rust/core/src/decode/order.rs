//! Ordering IDs as unsigned 64-bit numbers, which is how they sort by
//! time: R's own sorting sees an integer64 as signed, and IDs of 2^63 and
//! more as negative. The IDs come as the doubles that hold integer64 bits
//! (NA is `NA_INTEGER64_BITS`); what goes back to R is in R's forms.

use crate::r_values::{na_real, swap_na_bits, EXACT_DOUBLE_LIMIT, NA_INTEGER, NA_INTEGER64_BITS};

/// The ID in the double at `i`; `None` for NA.
#[inline]
fn id_at(v: &[f64], i: usize) -> Option<u64> {
    let bits = v[i].to_bits();
    (bits != NA_INTEGER64_BITS).then_some(bits)
}

/// A comparison, as R's operators name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Comparison {
    pub fn from_name(op: &str) -> Option<Comparison> {
        Some(match op {
            "==" => Comparison::Eq,
            "!=" => Comparison::Ne,
            "<" => Comparison::Lt,
            "<=" => Comparison::Le,
            ">" => Comparison::Gt,
            ">=" => Comparison::Ge,
            _ => return None,
        })
    }

    #[inline]
    fn holds(self, a: u64, b: u64) -> bool {
        match self {
            Comparison::Eq => a == b,
            Comparison::Ne => a != b,
            Comparison::Lt => a < b,
            Comparison::Le => a <= b,
            Comparison::Gt => a > b,
            Comparison::Ge => a >= b,
        }
    }
}

/// The length of `x op y` as R recycles: 0 when either is empty, else the
/// longer length.
pub fn recycled_len(x: &[f64], y: &[f64]) -> usize {
    if x.is_empty() || y.is_empty() {
        0
    } else {
        x.len().max(y.len())
    }
}

/// `x op y` on IDs as unsigned numbers, recycled as R recycles, into `out`
/// (R logicals: 0, 1, or NA where either side is NA), whose length is
/// [`recycled_len`].
pub fn compare(x: &[f64], y: &[f64], op: Comparison, out: &mut [i32]) {
    let one = |a: f64, b: f64| match (a.to_bits(), b.to_bits()) {
        (NA_INTEGER64_BITS, _) | (_, NA_INTEGER64_BITS) => NA_INTEGER,
        (a, b) => i32::from(op.holds(a, b)),
    };
    let n = out.len();
    // The common shapes get loops without a division per element.
    if x.len() == n && y.len() == n {
        for ((slot, &a), &b) in out.iter_mut().zip(x).zip(y) {
            *slot = one(a, b);
        }
    } else if y.len() == 1 {
        for (slot, &a) in out.iter_mut().zip(x) {
            *slot = one(a, y[0]);
        }
    } else if x.len() == 1 {
        for (slot, &b) in out.iter_mut().zip(y) {
            *slot = one(x[0], b);
        }
    } else {
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = one(x[i % x.len()], y[i % y.len()]);
        }
    }
}

/// The IDs sorted as unsigned numbers, NA left out (R's `sort()` drops
/// them), as integer64 bits.
pub fn sorted(x: &[f64], decreasing: bool) -> Vec<f64> {
    let mut keys: Vec<(u64, ())> = (0..x.len()).filter_map(|i| id_at(x, i).map(|id| (id, ()))).collect();
    radix_sort(&mut keys);
    if decreasing {
        keys.reverse();
    }
    keys.iter().map(|&(id, _)| f64::from_bits(id)).collect()
}

/// Ranks that order the IDs as unsigned numbers: equal IDs share a rank,
/// NA stays NA. What `xtfrm()` needs for `order()` and `rank()`.
pub fn ranks(x: &[f64]) -> Vec<f64> {
    let mut keyed: Vec<(u64, u32)> = (0..x.len())
        .filter_map(|i| id_at(x, i).map(|id| (id, i as u32)))
        .collect();
    radix_sort(&mut keyed);
    let mut ranks = vec![na_real(); x.len()];
    let mut rank = 0.0;
    let mut previous = None;
    for &(id, i) in &keyed {
        if previous != Some(id) {
            rank += 1.0;
            previous = Some(id);
        }
        ranks[i as usize] = rank;
    }
    ranks
}

/// The smallest and largest ID as unsigned numbers, as integer64 bits; NA
/// for both when there is an NA and `na_rm` is false, or no ID at all.
pub fn extremes(x: &[f64], na_rm: bool) -> [f64; 2] {
    let na = f64::from_bits(NA_INTEGER64_BITS);
    let mut extremes: Option<(u64, u64)> = None;
    for i in 0..x.len() {
        match id_at(x, i) {
            Some(id) => {
                let (lo, hi) = extremes.unwrap_or((id, id));
                extremes = Some((lo.min(id), hi.max(id)));
            }
            None if !na_rm => return [na, na],
            None => {}
        }
    }
    match extremes {
        Some((lo, hi)) => [f64::from_bits(lo), f64::from_bits(hi)],
        None => [na, na],
    }
}

/// The high and low 32 bits of each ID as exact doubles (NA for NA): a key
/// that orders IDs as unsigned numbers, for vctrs' comparison proxy.
pub fn halves(x: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let half = |shift: u32| -> Vec<f64> {
        (0..x.len())
            .map(|i| id_at(x, i).map_or(na_real(), |id| ((id >> shift) & 0xFFFF_FFFF) as f64))
            .collect()
    };
    (half(32), half(0))
}

/// The nearest double of each ID read as unsigned (NA for NA): exact below
/// 2^53.
pub fn nearest_doubles(x: &[f64]) -> Vec<f64> {
    (0..x.len())
        .map(|i| id_at(x, i).map_or(na_real(), |id| id as f64))
        .collect()
}

/// Each ID's distance from `origin`, `id - origin`, as the nearest double
/// (exact within 2^53 of it), NA for NA: how a plot places IDs, so that IDs
/// no double tells apart (300 consecutive ones) stand apart.
pub fn offsets_from(x: &[f64], origin: u64) -> Vec<f64> {
    (0..x.len())
        .map(|i| id_at(x, i).map_or(na_real(), |id| (i128::from(id) - i128::from(origin)) as f64))
        .collect()
}

/// The ID a whole number `offset` (rounded to the nearest) away from
/// `origin`, if there is one. Beyond 2^53, where a double's offset is no
/// longer whole numbers one apart, the ID is the nearest multiple of
/// `step`: a plot's break, computed on that grid, that the double blurred.
pub fn at_offset(origin: u64, offset: f64, step: u64) -> Option<u64> {
    if !offset.is_finite() {
        return None;
    }
    let mut id = i128::from(origin) + offset.round() as i128;
    if offset.abs() >= EXACT_DOUBLE_LIMIT && step > 1 {
        let step = i128::from(step);
        id = (id + step / 2).div_euclid(step) * step;
    }
    u64::try_from(id).ok()
}

/// Whether each ID is missing, as R logicals in `out` (1 or 0): only the
/// bits of integer64's NA are; every other pattern, a NaN double's too, is
/// an ID.
pub fn missing(x: &[f64], out: &mut [i32]) {
    for (slot, &v) in out.iter_mut().zip(x) {
        *slot = i32::from(v.to_bits() == NA_INTEGER64_BITS);
    }
}

/// vctrs' proxy of IDs, and back again: `x` with the bits of `NA_real_`
/// and of integer64's NA swapped (see `swap_na_bits`), written to `out`.
pub fn swap_na(x: &[f64], out: &mut [f64]) {
    for (slot, &v) in out.iter_mut().zip(x) {
        *slot = f64::from_bits(swap_na_bits(v.to_bits()));
    }
}

/// The running largest (`largest`) or smallest ID of `x` as integer64
/// bits, written to `out`: R's `cummax()` and `cummin()` of IDs.
pub fn cumulative(x: &[f64], largest: bool, out: &mut [f64]) {
    let running = running_extreme((0..x.len()).map(|i| id_at(x, i)), largest);
    for (slot, best) in out.iter_mut().zip(running) {
        *slot = f64::from_bits(best.unwrap_or(NA_INTEGER64_BITS));
    }
}

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

/// The running largest (`largest`) or smallest ID, as unsigned numbers,
/// of IDs where `None` is missing: as R's `cummax()` and `cummin()`, every
/// element from the first missing one on is missing.
pub fn running_extreme(ids: impl Iterator<Item = Option<u64>>, largest: bool) -> impl Iterator<Item = Option<u64>> {
    let mut best: Option<Option<u64>> = None;
    ids.map(move |id| {
        let next = match (best, id) {
            (Some(None), _) | (_, None) => None,
            (None, Some(id)) => Some(id),
            (Some(Some(b)), Some(id)) => Some(if largest { b.max(id) } else { b.min(id) }),
        };
        best = Some(next);
        next
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::pseudo_random;

    #[test]
    fn only_integer64s_na_is_missing_nan_bits_are_ids() {
        // -0.0 holds NA; 0.0 is the ID 0; NaN doubles hold IDs of 2^64 - 1,
        // of -5 read as unsigned, and R's NA_real_'s bits.
        let x = [
            -0.0,
            0.0,
            f64::from_bits(u64::MAX),
            f64::from_bits(-5i64 as u64),
            na_real(),
        ];
        let mut out = [9; 5];
        missing(&x, &mut out);
        assert_eq!(out, [1, 0, 0, 0, 0]);
    }

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
    fn running_extremes_order_as_unsigned_and_stay_missing() {
        let top = 1u64 << 63;
        let ids = [Some(5), Some(top + 1), Some(3), None, Some(u64::MAX)];
        let max: Vec<_> = running_extreme(ids.into_iter(), true).collect();
        assert_eq!(max, vec![Some(5), Some(top + 1), Some(top + 1), None, None]);
        let min: Vec<_> = running_extreme(ids.into_iter(), false).collect();
        assert_eq!(min, vec![Some(5), Some(5), Some(3), None, None]);
        assert_eq!(running_extreme(std::iter::empty(), true).count(), 0);
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

#[cfg(test)]
mod r_forms {
    use super::*;

    fn bits(ids: &[u64]) -> Vec<f64> {
        ids.iter().map(|&id| f64::from_bits(id)).collect()
    }

    const NA: u64 = NA_INTEGER64_BITS;
    const TOP: u64 = (1 << 63) + 5;

    #[test]
    fn comparisons_are_unsigned_recycled_and_na_aware() {
        let x = bits(&[1, TOP, NA, 7]);
        let mut out = vec![0; 4];
        compare(&x, &bits(&[5]), Comparison::Lt, &mut out);
        assert_eq!(out, [1, 0, NA_INTEGER, 0]);
        compare(&bits(&[TOP]), &x, Comparison::Ge, &mut out);
        assert_eq!(out, [1, 1, NA_INTEGER, 1]);
        let mut odd = vec![0; 4];
        compare(&x, &bits(&[1, TOP]), Comparison::Eq, &mut odd);
        assert_eq!(odd, [1, 1, NA_INTEGER, 0]);
        assert_eq!(recycled_len(&x, &[]), 0);
        assert_eq!(recycled_len(&x, &bits(&[1, 2, 3, 4, 5])), 5);
        for op in ["==", "!=", "<", "<=", ">", ">="] {
            assert!(Comparison::from_name(op).is_some());
        }
        assert_eq!(Comparison::from_name("+"), None);
    }

    #[test]
    fn sorting_ranking_and_extremes_read_ids_as_unsigned() {
        let x = bits(&[TOP, 3, NA, 3, 0]);
        assert_eq!(sorted(&x, false), bits(&[0, 3, 3, TOP]));
        assert_eq!(sorted(&x, true), bits(&[TOP, 3, 3, 0]));
        let r = ranks(&x);
        assert_eq!((r[0], r[1], r[3], r[4]), (3.0, 2.0, 2.0, 1.0));
        assert!(r[2].is_nan());
        let [lo, hi] = extremes(&x, true);
        assert_eq!((lo.to_bits(), hi.to_bits()), (0, TOP));
        assert_eq!(extremes(&x, false).map(f64::to_bits), [NA, NA]);
        assert_eq!(extremes(&[], true).map(f64::to_bits), [NA, NA]);
    }

    #[test]
    fn halves_and_doubles() {
        let (high, low) = halves(&bits(&[TOP, NA]));
        assert_eq!((high[0], low[0]), (2_147_483_648.0, 5.0));
        assert!(high[1].is_nan() && low[1].is_nan());
        let d = nearest_doubles(&bits(&[TOP, 12, NA]));
        assert_eq!(&d[..2], &[9_223_372_036_854_775_808.0, 12.0]);
        assert!(d[2].is_nan());
    }

    #[test]
    fn offsets_place_ids_a_double_cannot_tell_apart() {
        let origin = 2_127_995_219_591_962_624u64;
        let ids: Vec<f64> = [origin, origin + 1, origin + 299, origin - 5, u64::MAX]
            .iter()
            .map(|&id| f64::from_bits(id))
            .chain([f64::from_bits(NA_INTEGER64_BITS)])
            .collect();
        let offsets = offsets_from(&ids, origin);
        assert_eq!(&offsets[..4], &[0.0, 1.0, 299.0, -5.0]);
        assert_eq!(offsets[4], (u64::MAX - origin) as f64);
        assert!(offsets[5].is_nan());
        assert_eq!(at_offset(origin, 299.4, 100), Some(origin + 299));
        assert_eq!(at_offset(origin, -5.0, 1), Some(origin - 5));
        assert_eq!(at_offset(5, -6.0, 1), None);
        assert_eq!(at_offset(u64::MAX, 1.0, 1), None);
        assert_eq!(at_offset(5, f64::NAN, 1), None);
        // Far from the origin a double's offset is blurred: the break it
        // stands for is the nearest multiple of the step.
        let origin = 1_213_583_904_003_457_024u64;
        let far = (1_224_000_000_000_000_000 - origin) as f64;
        assert_eq!(
            at_offset(origin, far, 1_000_000_000_000_000),
            Some(1_224_000_000_000_000_000)
        );
    }
}
