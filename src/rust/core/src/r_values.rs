//! The core's contract with R, in one place: the bit patterns R uses for
//! NA, how each of R's value forms holds an ID, and POSIXct's seconds. The
//! core knows R only through these definitions; the binding passes R's
//! memory to the core as slices and relies on them.

use crate::invalid::Reason;
use crate::layouts::unit::Resolution;
use crate::text::entry::Entry;

/// R's `NA_integer_`.
pub const NA_INTEGER: i32 = i32::MIN;
/// The bits of R's `NA_real_`: a NaN whose low word is 1954.
pub const NA_REAL_BITS: u64 = 0x7FF0_0000_0000_07A2;

/// R's `NA_real_`. A function, not a constant: `f64::from_bits` is a
/// `const fn` only from Rust 1.83, above zuid's minimum version.
#[inline]
pub fn na_real() -> f64 {
    f64::from_bits(NA_REAL_BITS)
}
/// `bit64::NA_integer64_`: the bits of `i64::MIN`, which is also why the
/// ID 2^63 cannot be held by an integer64.
pub const NA_INTEGER64_BITS: u64 = i64::MIN as u64;
/// 2^53: doubles below it hold every whole number exactly.
pub const EXACT_DOUBLE_LIMIT: f64 = 9_007_199_254_740_992.0;

/// The bits of an ID as vctrs' proxy of a `zuid_id` holds them, and back:
/// those of `NA_real_` and of integer64's NA swapped, a swap that undoes
/// itself. vctrs fills every element it makes up with `NA_real_`, which
/// swapped back is NA; the ID whose bits are `NA_real_`'s comes back as
/// itself, and integer64's NA (2^63) is never an ID.
#[inline]
pub fn swap_na_bits(bits: u64) -> u64 {
    match bits {
        NA_REAL_BITS => NA_INTEGER64_BITS,
        NA_INTEGER64_BITS => NA_REAL_BITS,
        other => other,
    }
}

/// Whether a double is R's `NA_real_` (other NaNs are not NA to R's
/// readers of IDs, though `is.na()` is TRUE for them).
pub fn is_na_real(x: f64) -> bool {
    x.is_nan() && (x.to_bits() & 0xFFFF_FFFF) == 1954
}

/// `bit64::integer64` keeps an ID's bits in a double. Its NA is
/// [`NA_INTEGER64_BITS`]; every other pattern is read as unsigned.
pub fn from_integer64_bits(bits: u64) -> Entry {
    if bits == NA_INTEGER64_BITS {
        Entry::Missing
    } else {
        Entry::Id(bits)
    }
}

/// A double holds an ID exactly only when it is whole, non-negative and
/// below 2^53.
pub fn from_double(x: f64) -> Entry {
    if is_na_real(x) {
        Entry::Missing
    } else if !x.is_finite() {
        Entry::Invalid(Reason::NotFinite)
    } else if x < 0.0 {
        Entry::Invalid(Reason::Negative)
    } else if x.fract() != 0.0 {
        Entry::Invalid(Reason::Fraction)
    } else if x >= EXACT_DOUBLE_LIMIT {
        Entry::Imprecise
    } else {
        Entry::Id(x as u64)
    }
}

/// `NA_integer_` is missing; negative integers are not IDs.
pub fn from_integer(x: i32) -> Entry {
    match x {
        NA_INTEGER => Entry::Missing,
        x if x < 0 => Entry::Invalid(Reason::Negative),
        x => Entry::Id(x as u64),
    }
}

/// A recycled numeric argument (node value, sequence, time), as R passes
/// it: an integer or a double vector of length 1 or the call's length.
#[derive(Clone, Copy, Debug)]
pub enum Numbers<'a> {
    Int(&'a [i32]),
    Dbl(&'a [f64]),
}

/// One value of a part: missing, not a whole number in 0..2^53, or a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartValue {
    Missing,
    Bad,
    Value(u64),
}

impl Numbers<'_> {
    /// The value at 0-based position `i`, recycled.
    #[inline]
    pub fn get(&self, i: usize) -> PartValue {
        match self {
            Numbers::Int(v) => match v[if v.len() == 1 { 0 } else { i }] {
                NA_INTEGER => PartValue::Missing,
                x if x < 0 => PartValue::Bad,
                x => PartValue::Value(x as u64),
            },
            Numbers::Dbl(v) => {
                let x = v[if v.len() == 1 { 0 } else { i }];
                match from_double(x) {
                    Entry::Id(x) => PartValue::Value(x),
                    // is.na() is TRUE for NaN too: a missing part, as NA is.
                    _ if x.is_nan() => PartValue::Missing,
                    _ => PartValue::Bad,
                }
            }
        }
    }
}

/// POSIXct seconds of a time counted in `resolution` (milliseconds or
/// microseconds since 1970): the double nearest to it, which
/// [`time_from_seconds`] maps back to the same count.
#[inline]
pub fn seconds_from_time(t: i64, resolution: Resolution) -> f64 {
    t as f64 / resolution.per_second() as f64
}

/// A time counted in `resolution` from POSIXct seconds: the largest whole
/// count `t` whose double `t / per_second` is at most `seconds`. A time
/// that came from `t` (as `id_time()` returns) gives `t` back, although the
/// double is often slightly below the true quotient; any later time floors.
/// Where adjacent counts share one double (microseconds after the year
/// 2242), the one nearest the double comes back. `None` for non-finite
/// times and beyond 2^53 counts.
pub fn time_from_seconds(seconds: f64, resolution: Resolution) -> Option<i64> {
    let scaled = seconds * resolution.per_second() as f64;
    if !scaled.is_finite() || scaled.abs() >= EXACT_DOUBLE_LIMIT {
        return None;
    }
    // Rounding half away from zero, as f64::round() does, without its call
    // into the maths library (x86-64's baseline has no rounding
    // instruction): truncate, then look at the exact fractional part.
    let whole = scaled as i64;
    let fraction = scaled - whole as f64;
    let t = if fraction >= 0.5 {
        whole + 1
    } else if fraction <= -0.5 {
        whole - 1
    } else {
        whole
    };
    Some(if seconds < seconds_from_time(t, resolution) {
        t - 1
    } else {
        t
    })
}

/// POSIXct seconds of whole milliseconds since 1970.
#[inline]
pub fn seconds_from_millis(ms: i64) -> f64 {
    seconds_from_time(ms, Resolution::Millis)
}

/// Milliseconds since 1970 from POSIXct seconds, floored as
/// [`time_from_seconds`] says.
pub fn millis_from_seconds(seconds: f64) -> Option<i64> {
    time_from_seconds(seconds, Resolution::Millis)
}

/// The whole number of milliseconds nearest to POSIXct seconds, ties to
/// even as R's `round()` takes them: how an epoch given as a POSIXct is
/// held (one of 1288834974.657 is stored as ...974.65699..., and means
/// .657). A double, so that an epoch beyond any layout's range still
/// reaches the layout's check with its value; NaN for non-finite times.
pub fn nearest_millis(seconds: f64) -> f64 {
    let scaled = seconds * 1000.0;
    if !scaled.is_finite() {
        return f64::NAN;
    }
    let nearest = scaled.round();
    if (nearest - scaled).abs() == 0.5 {
        2.0 * (scaled / 2.0).round()
    } else {
        nearest
    }
}

/// The nearest double to an unsigned 64-bit ID, as R's `as.double()` of a
/// `zuid_id` gives it (exact below 2^53).
pub fn nearest_double(bits: u64) -> f64 {
    bits as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer64_na_is_the_bits_of_i64_min() {
        assert_eq!(from_integer64_bits(i64::MIN as u64), Entry::Missing);
        assert_eq!(from_integer64_bits((-1i64) as u64), Entry::Id(u64::MAX));
        assert_eq!(from_integer64_bits(42), Entry::Id(42));
    }

    #[test]
    fn the_proxy_swap_undoes_itself_and_moves_only_the_two_nas() {
        let cases = [
            (NA_REAL_BITS, NA_INTEGER64_BITS),
            (NA_INTEGER64_BITS, NA_REAL_BITS),
            (0, 0),
            (u64::MAX, u64::MAX),
            (f64::NAN.to_bits(), f64::NAN.to_bits()),
            (NA_REAL_BITS + 1, NA_REAL_BITS + 1),
        ];
        for (bits, swapped) in cases {
            assert_eq!(swap_na_bits(bits), swapped);
            assert_eq!(swap_na_bits(swapped), bits);
        }
    }

    #[test]
    fn doubles_must_be_exact() {
        assert!(is_na_real(na_real()));
        assert!(!is_na_real(f64::NAN));
        assert_eq!(from_double(na_real()), Entry::Missing);
        assert_eq!(from_double(f64::NAN), Entry::Invalid(Reason::NotFinite));
        assert_eq!(from_double(f64::INFINITY), Entry::Invalid(Reason::NotFinite));
        assert_eq!(from_double(-1.0), Entry::Invalid(Reason::Negative));
        assert_eq!(from_double(-1.5), Entry::Invalid(Reason::Negative));
        assert_eq!(from_double(1.5), Entry::Invalid(Reason::Fraction));
        assert_eq!(from_double(-0.0), Entry::Id(0));
        assert_eq!(from_double(EXACT_DOUBLE_LIMIT - 1.0), Entry::Id((1 << 53) - 1));
        assert_eq!(from_double(EXACT_DOUBLE_LIMIT), Entry::Imprecise);
        assert_eq!(from_double(1.8e18), Entry::Imprecise);
    }

    #[test]
    fn integers() {
        assert_eq!(from_integer(NA_INTEGER), Entry::Missing);
        assert_eq!(from_integer(-5), Entry::Invalid(Reason::Negative));
        assert_eq!(from_integer(i32::MAX), Entry::Id(i32::MAX as u64));
    }

    #[test]
    fn seconds_round_trip_through_doubles() {
        // Every millisecond m gives m back from the double m / 1000.
        for m in (1_739_194_479_000i64..1_739_194_481_000).chain(-2000..2000) {
            assert_eq!(millis_from_seconds(seconds_from_millis(m)), Some(m), "{m}");
        }
    }

    #[test]
    fn later_sub_millisecond_times_floor() {
        assert_eq!(millis_from_seconds(1_739_194_479.256_4), Some(1_739_194_479_256));
        assert_eq!(millis_from_seconds(1_739_194_479.256_6), Some(1_739_194_479_256));
        assert_eq!(millis_from_seconds(1_739_194_479.256_9), Some(1_739_194_479_256));
        assert_eq!(millis_from_seconds(-0.0005), Some(-1));
        // The double just below 1739194479.256 is a genuinely earlier time.
        let below = f64::from_bits((1_739_194_479_256f64 / 1000.0).to_bits() - 1);
        assert_eq!(millis_from_seconds(below), Some(1_739_194_479_255));
    }

    #[test]
    fn microseconds_round_trip_through_doubles() {
        let us = Resolution::Micros;
        // 2024-08-20, a published TID's time, and the years up to 2242.
        let starts = [
            1_724_171_495_793_000i64,
            0,
            -5_000_000,
            (1i64 << 33) * 1_000_000 - 10_000,
        ];
        for start in starts {
            for t in start..start + 5_000 {
                assert_eq!(time_from_seconds(seconds_from_time(t, us), us), Some(t), "{t}");
            }
        }
        assert_eq!(
            time_from_seconds(1_724_171_495.793_000_4, us),
            Some(1_724_171_495_793_000)
        );
        assert_eq!(time_from_seconds(-0.000_000_5, us), Some(-1));
    }

    #[test]
    fn where_microseconds_share_a_double_a_neighbour_comes_back() {
        // After 2^33 seconds (2242), a double's step is about 1.9 µs.
        let us = Resolution::Micros;
        let t = (1i64 << 33) * 1_000_000 + 123_456;
        let back = time_from_seconds(seconds_from_time(t, us), us).unwrap();
        assert!((back - t).abs() <= 2, "{back}");
        assert_eq!(seconds_from_time(back, us), seconds_from_time(t, us));
        assert_eq!(time_from_seconds(1e10, us), None);
    }

    #[test]
    fn rounding_agrees_with_f64_round() {
        let halves = [0.0005, -0.0005, 0.0015, -0.0025, 1.2345, -1.2345, 4_503_599_627_370.495];
        for seconds in halves.into_iter().chain((-3000..3000).map(|k| f64::from(k) * 0.000_25)) {
            let m = (seconds * 1000.0).round() as i64;
            let expected = if seconds < seconds_from_millis(m) { m - 1 } else { m };
            assert_eq!(millis_from_seconds(seconds), Some(expected), "{seconds}");
        }
    }

    #[test]
    fn parts_are_whole_numbers_or_missing() {
        let ints = Numbers::Int(&[5, NA_INTEGER, -1]);
        assert_eq!(
            (ints.get(0), ints.get(1), ints.get(2)),
            (PartValue::Value(5), PartValue::Missing, PartValue::Bad)
        );
        let one = Numbers::Dbl(&[7.0]);
        assert_eq!(one.get(1000), PartValue::Value(7));
        let dbls = Numbers::Dbl(&[na_real(), f64::NAN, 1.5, -2.0, EXACT_DOUBLE_LIMIT]);
        assert_eq!(dbls.get(0), PartValue::Missing);
        assert_eq!(dbls.get(1), PartValue::Missing);
        for i in 2..5 {
            assert_eq!(dbls.get(i), PartValue::Bad, "{i}");
        }
    }

    #[test]
    fn epochs_round_to_the_nearest_millisecond() {
        assert_eq!(nearest_millis(1_288_834_974.657), 1_288_834_974_657.0);
        assert_eq!(nearest_millis(-0.0004), 0.0);
        assert_eq!(nearest_millis(0.0025), 2.0);
        assert_eq!(nearest_millis(0.0035), 4.0);
        assert_eq!(nearest_millis(1e300), 1e303);
        assert!(nearest_millis(f64::INFINITY).is_nan());
        assert_eq!(nearest_double(1 << 63), 9_223_372_036_854_775_808.0);
        assert_eq!(nearest_double(12345), 12345.0);
    }

    #[test]
    fn times_beyond_doubles_are_refused() {
        assert_eq!(millis_from_seconds(f64::NAN), None);
        assert_eq!(millis_from_seconds(f64::INFINITY), None);
        assert_eq!(millis_from_seconds(1e16), None);
    }
}
