//! Values that lost digits before zuid saw them, and the IDs each may
//! stand for. A rounded ID cannot be repaired, but the IDs it could have
//! been form a range, and since an ID's time is its top bits, so do their
//! times: for the twitter layout a millisecond or two.
//!
//! What "rounds to it" means depends on where the value came from:
//!
//! - **A double** `d` of 2^53 or more (R's numbers, a JSON or CSV reader
//!   that went through doubles): every integer whose nearest double is `d`
//!   (IEEE 754's rounding, ties to even).
//! - **A number of 16 digits or more whose digits after the 15th are all
//!   0** (`1294030472427830000`, as a spreadsheet keeps 15 significant
//!   digits), in any form (text, integer64, a double whose shortest text it
//!   is): every integer that prints to those digits under `%.15g` (its
//!   nearest double rounded to 15 significant digits, ties to even), and
//!   every integer whose first 15 digits they are, since Excel truncates
//!   digits past the 15th when it reads a number (Microsoft's KB 269370:
//!   `25127680876675435` becomes `25127680876675400`). Where zeros follow
//!   fewer digits (`702608000000000000`, as a spreadsheet saves a column too
//!   narrow to show more than `7.02608E+17`), what prints, or what Excel
//!   kept, rounded to those digits.
//! - **Scientific text** (`1.29403047242783E+18`, as a spreadsheet saves a
//!   number in its General format and R's `write.csv()` writes some
//!   doubles): every integer within half a unit of the last digit written,
//!   `[V - u/2, V + u/2]`, and also every integer whose nearest double is
//!   within it (the writer printed a double) or whose first 15 digits are
//!   (Excel printed what it kept after truncating). A mantissa with more
//!   decimals than its exponent (`1.5e0`) is a whole number only if those
//!   decimals are zeros, and is then that number.
//!
//! Every bound is computed exactly, on integers: the sets are intervals
//! (each is the set of `n` where a non-decreasing function of `n` falls in
//! an interval), found by bisection on the definitions themselves.

use super::scientific::{parse_scientific, scientific_span};
use crate::invalid::Reason;
use crate::r_values::{from_double, EXACT_DOUBLE_LIMIT};
use crate::text::entry::{Entry, TextForm};
use crate::text::parse::{parse_text, trim_space};

/// The significant digits a spreadsheet keeps of a number.
pub const SPREADSHEET_DIGITS: u32 = 15;

/// The IDs, `low..=high`, that an entry may stand for: one for an exact
/// ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub low: u64,
    pub high: u64,
}

impl Span {
    pub fn exact(id: u64) -> Span {
        Span { low: id, high: id }
    }

    pub fn is_exact(&self) -> bool {
        self.low == self.high
    }

    /// The smallest span holding both.
    pub(super) fn hull(self, other: Option<Span>) -> Span {
        other.map_or(self, |o| Span {
            low: self.low.min(o.low),
            high: self.high.max(o.high),
        })
    }
}

/// What an entry says of the IDs it may stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Candidates {
    Span(Span),
    Missing,
    Invalid(Reason),
}

/// The form in which a value lost digits, for what a column shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LossyForm {
    /// A double of 2^53 or more.
    Double,
    /// Decimal text whose digits after the 15th are zeros.
    Spreadsheet,
    /// Scientific notation.
    Scientific,
}

/// The nearest double to `n`, as an exact integer.
#[inline]
pub(super) fn nearest_double(n: u64) -> u128 {
    n as f64 as u128
}

pub(super) fn digit_count(v: u128) -> u32 {
    v.checked_ilog10().map_or(1, |d| d + 1)
}

pub(super) fn pow10(k: u32) -> Option<u128> {
    10u128.checked_pow(k)
}

/// `v` with the digits after its first `sig` significant ones zeroed.
pub(super) fn truncated(v: u128, sig: u32) -> u128 {
    match digit_count(v).checked_sub(sig).and_then(pow10) {
        Some(step) => v / step * step,
        None => v,
    }
}

/// `v` rounded to `sig` significant digits, ties to even, as C's `printf`
/// rounds a double's exact value.
fn rounded_to(v: u128, sig: u32) -> u128 {
    let Some(step) = digit_count(v).checked_sub(sig).and_then(pow10) else {
        return v;
    };
    let (q, r) = (v / step, v % step);
    let up = 2 * r > step || (2 * r == step && q % 2 == 1);
    (q + u128::from(up)) * step
}

/// The least `n` in `lo..=hi` where `holds` (false, then true, as `n`
/// grows) is true.
fn first_where(mut lo: u64, mut hi: u64, holds: impl Fn(u64) -> bool) -> Option<u64> {
    if lo > hi || !holds(hi) {
        return None;
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if holds(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Some(lo)
}

/// The `n` in `window` whose `key(n)` (non-decreasing in `n`) lies in
/// `min..=max`, as a span, or `None` when there are none.
pub(super) fn preimage(window: (u64, u64), key: impl Fn(u64) -> u128, min: u128, max: u128) -> Option<Span> {
    let (lo, hi) = window;
    let low = first_where(lo, hi, |n| key(n) >= min)?;
    let above = first_where(lo, hi, |n| key(n) > max);
    let high = match above {
        Some(0) => return None,
        Some(a) => a - 1,
        None => hi,
    };
    (low <= high).then_some(Span { low, high })
}

/// `center - margin ..= center + margin` within the IDs, or `None` when
/// it lies beyond them.
pub(super) fn window(center: u128, margin: u128) -> Option<(u64, u64)> {
    let lo = center.saturating_sub(margin);
    let hi = center.saturating_add(margin).min(u128::from(u64::MAX));
    (lo <= hi).then_some((lo as u64, hi as u64))
}

/// Every ID whose nearest double is `d`, a whole double of 2^53 or more.
pub fn double_span(d: f64) -> Option<Span> {
    if !(d.is_finite() && d >= EXACT_DOUBLE_LIMIT && d.fract() == 0.0) {
        return None;
    }
    let d = d as u128;
    // Doubles up to 2^65 are 2^12 apart at most.
    preimage(window(d, 1 << 13)?, nearest_double, d, d)
}

/// How many significant digits a number of 16 digits or more was left with,
/// when the digits after them are zeros and they are 15 or fewer: a
/// spreadsheet keeps 15, and saves fewer where it showed fewer (a column
/// too narrow for them shows `7.02608E+17`, saved as `702608000000000000`).
/// `None` for any other number: it lost no digits that its form shows.
fn kept_digits(v: u128) -> Option<u32> {
    let digits = digit_count(v);
    if v == 0 || digits <= SPREADSHEET_DIGITS {
        return None;
    }
    let mut zeros = 0;
    while v % pow10(zeros + 1)? == 0 {
        zeros += 1;
    }
    Some(digits - zeros).filter(|&kept| kept <= SPREADSHEET_DIGITS)
}

/// The IDs that a number `v` stands for when it has 16 digits or more and
/// its digits after the 15th, or after fewer, are zeros (see the module's
/// notes), in any form (text, integer64, a double): `None` when it does not
/// have that form or stands for none.
pub fn spreadsheet_span(v: u128) -> Option<Span> {
    let kept = kept_digits(v)?;
    let digits = digit_count(v);
    let step = pow10(digits - kept)?;
    let excel_step = pow10(digits - SPREADSHEET_DIGITS)?;
    // Excel's truncation to 15 digits: the integers whose first 15 digits
    // these are.
    let truncated_15 = window(v, 0).map(|(lo, _)| Span {
        low: lo,
        high: (v + excel_step - 1).min(u128::from(u64::MAX)) as u64,
    });
    let within = window(v, step)?;
    // %.{kept}g of the nearest double, within a step of `v`; and, with fewer
    // than 15 digits shown, what Excel kept, rounded to them.
    let printed = preimage(within, |n| rounded_to(nearest_double(n), kept), v, v);
    let shown = (kept < SPREADSHEET_DIGITS)
        .then(|| {
            preimage(
                within,
                |n| rounded_to(truncated(u128::from(n), SPREADSHEET_DIGITS), kept),
                v,
                v,
            )
        })
        .flatten();
    [truncated_15, printed, shown]
        .into_iter()
        .flatten()
        .reduce(|a, b| a.hull(Some(b)))
}

/// Decimal digits of any length as a number, `None` beyond `u128`.
fn parse_wide_decimal(text: &[u8]) -> Option<u128> {
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    text.iter()
        .try_fold(0u128, |v, &b| v.checked_mul(10)?.checked_add(u128::from(b - b'0')))
}

/// How an entry lost digits, if its form says so: what `candidates` reads
/// as more than one ID, and the damage check counts as certain.
pub fn lossy_form(entry: Entry, text: Option<&[u8]>) -> Option<LossyForm> {
    match (entry, text) {
        (Entry::Imprecise, _) => Some(LossyForm::Double),
        // Scientific text of 12 or 13 characters is read as SCRU64 or TID
        // text first.
        (Entry::Invalid(_), Some(t)) => parse_scientific(trim_space(t)).map(|_| LossyForm::Scientific),
        _ => None,
    }
}

/// The IDs a text entry may stand for, read in `form` (see the module's
/// notes); with `through_double`, every value of 2^53 or more is also
/// taken as a double's, standing for every integer that double is nearest
/// to.
pub fn text_candidates(text: &[u8], form: TextForm, through_double: bool) -> Candidates {
    let entry = parse_text(text, form);
    let value = match entry {
        Entry::Id(id) => u128::from(id),
        // Scientific text of 12 or 13 characters is read as SCRU64 or TID
        // text first, and is not that.
        Entry::Invalid(reason) if reason != Reason::TooLarge => {
            return match parse_scientific(trim_space(text)).map(scientific_span) {
                Some(Ok(span)) => Candidates::Span(double_hull(span, through_double)),
                Some(Err(why)) => Candidates::Invalid(why),
                None => Candidates::Invalid(reason),
            };
        }
        // Text of 2^64 or more may round down into the IDs.
        Entry::Invalid(Reason::TooLarge) => match parse_wide_decimal(trim_space(text)) {
            Some(v) => v,
            None => return Candidates::Invalid(Reason::TooLarge),
        },
        other => return entry_candidates(other, through_double),
    };
    let double = (through_double && value >= EXACT_DOUBLE_LIMIT as u128)
        .then(|| double_span(value as f64))
        .flatten();
    match (spreadsheet_span(value), double, u64::try_from(value)) {
        (Some(s), d, _) => Candidates::Span(s.hull(d)),
        (None, Some(d), _) => Candidates::Span(d),
        (None, None, Ok(id)) => Candidates::Span(Span::exact(id)),
        (None, None, Err(_)) => Candidates::Invalid(Reason::TooLarge),
    }
}

/// `span` widened, with `through_double`, by the integers that the
/// doubles of its ends are nearest to.
fn double_hull(span: Span, through_double: bool) -> Span {
    if !through_double {
        return span;
    }
    let widen = |id: u64| {
        (id >= EXACT_DOUBLE_LIMIT as u64)
            .then(|| double_span(id as f64))
            .flatten()
    };
    span.hull(widen(span.low)).hull(widen(span.high))
}

/// The IDs an entry read from numbers may stand for: a double of 2^53 or
/// more every integer it is nearest to, an integer64 or an exact double
/// itself (or, with `through_double`, every integer its double is nearest
/// to).
pub fn entry_candidates(entry: Entry, through_double: bool) -> Candidates {
    match entry {
        // A number's trailing zeros say what they say in any form.
        Entry::Id(id) => {
            let span = spreadsheet_span(u128::from(id)).unwrap_or(Span::exact(id));
            Candidates::Span(double_hull(span, through_double))
        }
        Entry::Missing => Candidates::Missing,
        Entry::Invalid(reason) => Candidates::Invalid(reason),
        // `from_double` says Imprecise of finite doubles only.
        Entry::Imprecise => Candidates::Invalid(Reason::TooLarge),
    }
}

/// The IDs a double may stand for.
pub fn double_candidates(x: f64, through_double: bool) -> Candidates {
    match from_double(x) {
        // A double read from a spreadsheet's digits (its shortest text has
        // them) stands for what they do too.
        Entry::Imprecise => match double_span(x) {
            Some(span) => Candidates::Span(span.hull(shortest_text(x).and_then(spreadsheet_span))),
            None => Candidates::Invalid(Reason::TooLarge),
        },
        entry => entry_candidates(entry, through_double),
    }
}

/// The shortest decimal text that reads back as `d` (as JavaScript, Python
/// and JSON writers write a double), as a whole number: Rust's formatting
/// of a double without a precision is that text.
pub(super) fn shortest_text(d: f64) -> Option<u128> {
    let text = format!("{d:e}");
    let (mantissa, exponent) = text.split_once('e')?;
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let fraction = mantissa.split_once('.').map_or(0, |(_, f)| f.len()) as i32;
    let scale = u32::try_from(exponent.parse::<i32>().ok()? - fraction).ok()?;
    digits.parse::<u128>().ok()?.checked_mul(10u128.checked_pow(scale)?)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::test_cases::pseudo_random;

    /// Every `n` near `center` for which `member` holds, by brute force,
    /// as a span: the definitions checked one integer at a time.
    pub(in crate::salvage) fn brute(center: u128, margin: u64, member: impl Fn(u64) -> bool) -> Option<Span> {
        let (lo, hi) = window(center, u128::from(margin)).unwrap();
        let found: Vec<u64> = (lo..=hi).filter(|&n| member(n)).collect();
        // The set is an interval: no gaps.
        if let (Some(&a), Some(&b)) = (found.first(), found.last()) {
            assert_eq!(found.len() as u64, b - a + 1, "a gap near {center}");
            Some(Span { low: a, high: b })
        } else {
            None
        }
    }

    #[test]
    fn a_double_stands_for_the_integers_nearest_to_it() {
        // The double R reads 1294030472427830000 as: 2^60 to 2^61, 256 apart.
        let d = 1_294_030_472_427_830_000f64;
        assert_eq!(d as u128, 1_294_030_472_427_830_016);
        // Its mantissa is odd (1294030472427830016 / 256 = 5054806532921211):
        // the ties on either side go to its even neighbours.
        let span = double_span(d).unwrap();
        assert_eq!(
            span,
            Span {
                low: 1_294_030_472_427_829_889,
                high: 1_294_030_472_427_830_143
            }
        );
        // At a power of two the gap below is half the gap above.
        let two_60 = double_span((1u64 << 60) as f64).unwrap();
        assert_eq!((two_60.low, two_60.high), ((1 << 60) - 64, (1 << 60) + 128));
        // The largest: 2^64 stands for the IDs rounding up to it.
        let top = double_span(18_446_744_073_709_551_616f64).unwrap();
        assert_eq!((top.low, top.high), (u64::MAX - 1023, u64::MAX));
        assert_eq!(double_span(3e19), None);
        assert_eq!(double_span(1e15), None);
        assert_eq!(double_span(f64::NAN), None);
        for x in pseudo_random(11).take(200) {
            let d = (x >> (x % 11)) as f64;
            if d < EXACT_DOUBLE_LIMIT {
                continue;
            }
            let expected = brute(d as u128, 1 << 13, |n| n as f64 == d);
            assert_eq!(double_span(d), expected, "{d}");
        }
    }

    #[test]
    fn fifteen_digits_stand_for_what_prints_or_truncates_to_them() {
        // A tweet ID as a spreadsheet keeps it.
        let v = 1_294_030_472_427_830_000u128;
        let span = spreadsheet_span(v).unwrap();
        // Excel truncates: up to ...839999.
        assert_eq!(span.high, 1_294_030_472_427_839_999);
        // %.15g rounds the nearest double: the first double past ...825000
        // is ...825152, whose mantissa is even, so that the tie at ...825024
        // goes to it.
        assert_eq!(span.low, 1_294_030_472_427_825_024);
        let printed = |n: u64| format!("{:.14e}", n as f64) == "1.29403047242783e18";
        let truncates = |n: u64| n / 10_000 == 129_403_047_242_783;
        assert_eq!(brute(v, 20_000, |n| printed(n) || truncates(n)), Some(span));
        // 16 to 20 digits, all checked one by one against the definitions.
        for x in pseudo_random(12).take(300) {
            let digits = 16 + (x % 4) as u32;
            let id = x % 10u64.pow(digits);
            if digit_count(u128::from(id)) < 16 {
                continue;
            }
            let kept = truncated(u128::from(id), 15);
            // Fewer digits where the 15th and those before it are zeros.
            let sig = kept_digits(kept).unwrap();
            let step = 10u64.pow(digit_count(kept) - sig);
            let member = |n: u64| {
                let n = u128::from(n);
                truncated(n, 15) == kept
                    || rounded_to(nearest_double(n as u64), sig) == kept
                    || rounded_to(truncated(n, 15), sig) == kept
            };
            if step <= 100_000 {
                assert_eq!(spreadsheet_span(kept), brute(kept, 2 * step, member), "{kept}");
            }
            assert!(spreadsheet_span(kept).is_some_and(|s| s.low <= id && id <= s.high));
        }
        // Not the form: fewer than 16 digits, or digits after the 15th.
        assert_eq!(spreadsheet_span(129_403_047_242_783), None);
        assert_eq!(spreadsheet_span(1_294_030_472_427_830_001), None);
        // Above 2^64 - 1, what rounds down into the IDs.
        let over = spreadsheet_span(18_446_744_073_709_600_000).unwrap();
        assert_eq!(over.high, u64::MAX);
        assert!(over.low < 18_446_744_073_709_551_615);
        assert_eq!(spreadsheet_span(18_446_744_073_709_700_000), None);
    }

    #[test]
    fn rounding_ties_go_to_even() {
        assert_eq!(rounded_to(1_234_567_890_123_455_000, 15), 1_234_567_890_123_460_000);
        assert_eq!(rounded_to(1_234_567_890_123_445_000, 15), 1_234_567_890_123_440_000);
        assert_eq!(rounded_to(1_234_567_890_123_445_001, 15), 1_234_567_890_123_450_000);
        assert_eq!(rounded_to(9_999_999_999_999_999_999, 15), 10_000_000_000_000_000_000);
        assert_eq!(rounded_to(12_345, 15), 12_345);
        assert_eq!(truncated(1_234_567_890_123_456_789, 15), 1_234_567_890_123_450_000);
    }

    #[test]
    fn text_entries_by_their_form() {
        let span = |text: &[u8], through: bool| match text_candidates(text, TextForm::Decimal, through) {
            Candidates::Span(s) => s,
            other => panic!("{other:?}"),
        };
        // Exact IDs stand for themselves, unless read as a double's.
        assert_eq!(
            span(b"1888944671579078978", false),
            Span::exact(1_888_944_671_579_078_978)
        );
        let through = span(b"1888944671579078978", true);
        assert_eq!(through, double_span(1_888_944_671_579_078_978u64 as f64).unwrap());
        assert!(span(b"9007199254740991", true).is_exact());
        // A spreadsheet's text, with space around it, and its scientific form.
        let kept = span(b" 1294030472427830000 ", false);
        assert_eq!(kept, spreadsheet_span(1_294_030_472_427_830_000).unwrap());
        assert!(!span(b"1.29403047242783E+18", false).is_exact());
        // A spreadsheet's and a double's at once: the hull.
        let both = span(b"1294030472427830000", true);
        assert!(both.low <= kept.low && both.high >= kept.high);
        assert_eq!(
            text_candidates(b"x", TextForm::Decimal, false),
            Candidates::Invalid(Reason::NotDigits)
        );
        assert_eq!(
            text_candidates(b"1.5e0", TextForm::Decimal, false),
            Candidates::Invalid(Reason::Fraction)
        );
        assert_eq!(
            text_candidates(b"1e30", TextForm::Decimal, false),
            Candidates::Invalid(Reason::TooLarge)
        );
        assert_eq!(
            text_candidates(b"99999999999999999999", TextForm::Decimal, false),
            Candidates::Invalid(Reason::TooLarge)
        );
        assert!(matches!(
            text_candidates(b"18446744073709600000", TextForm::Decimal, false),
            Candidates::Span(s) if s.high == u64::MAX
        ));
        // Scientific text of TID text's length is still scientific text.
        assert!(matches!(
            text_candidates(b"1.7727779e+18", TextForm::Tid, false),
            Candidates::Span(s) if !s.is_exact()
        ));
        assert_eq!(
            lossy_form(Entry::Invalid(Reason::NotTidText), Some(b"1.7727779e+18")),
            Some(LossyForm::Scientific)
        );
        // SCRU64 text is exact.
        assert!(matches!(
            text_candidates(b"0u2pf62ji4b9", TextForm::Scru64, false),
            Candidates::Span(s) if s.is_exact()
        ));
    }

    #[test]
    fn number_entries() {
        assert_eq!(double_candidates(5.0, false), Candidates::Span(Span::exact(5)));
        assert_eq!(double_candidates(-1.0, false), Candidates::Invalid(Reason::Negative));
        let d = 1_294_030_472_427_830_433u64 as f64;
        assert_eq!(double_candidates(d, false), Candidates::Span(double_span(d).unwrap()));
        // A double whose shortest text has two significant digits.
        assert_eq!(
            double_candidates(1.8e18, false),
            Candidates::Span(Span {
                low: 1_749_999_999_999_999_872,
                high: 1_850_000_000_000_009_999
            })
        );
        assert_eq!(double_candidates(1e30, false), Candidates::Invalid(Reason::TooLarge));
        assert_eq!(entry_candidates(Entry::Missing, true), Candidates::Missing);
        let id = 1_888_944_671_579_078_912u64;
        assert_eq!(
            entry_candidates(Entry::Id(id), false),
            Candidates::Span(Span::exact(id))
        );
        assert_eq!(
            entry_candidates(Entry::Id(id), true),
            Candidates::Span(double_span(id as f64).unwrap())
        );
        assert_eq!(lossy_form(Entry::Imprecise, None), Some(LossyForm::Double));
        assert_eq!(
            lossy_form(Entry::Invalid(Reason::Scientific), Some(b"1.2e18")),
            Some(LossyForm::Scientific)
        );
        assert_eq!(lossy_form(Entry::Id(5), Some(b"5")), None);
    }

    #[test]
    fn a_few_significant_digits_stand_for_every_id_they_round_from() {
        // A tweet ID as a spreadsheet too narrow for its digits saved it:
        // 7.02608E+17, six significant digits and twelve zeros. The tweet
        // is some 20 s after the ID those digits are.
        let saved = 702_608_000_000_000_000u64;
        let tick = (saved >> 22) + 20_123;
        let tweet = (tick << 22) | (10 << 17) | (23 << 12) | 1;
        assert_eq!(format!("{:.5e}", tweet as f64), "7.02608e17");
        let contains = |c: Candidates| match c {
            Candidates::Span(s) => s.low <= tweet && tweet <= s.high && !s.is_exact(),
            _ => false,
        };
        // In every form: integer64 (or a zuid_id), text, a double.
        assert!(contains(entry_candidates(Entry::Id(saved), false)));
        assert!(contains(text_candidates(
            b"702608000000000000",
            TextForm::Decimal,
            false
        )));
        assert!(contains(double_candidates(saved as f64, false)));
        // Every ID that rounds to those six digits, and no more.
        let span = spreadsheet_span(u128::from(saved)).unwrap();
        // From the first integer whose nearest double is ...7500000000000,
        // a tie that goes to the even 702608.
        assert_eq!(span.low, 702_607_499_999_999_936);
        assert_eq!(span.high, 702_608_500_000_000_999);
        // A value whose 16th digit is not 0 lost none that its form shows.
        assert_eq!(spreadsheet_span(702_608_000_000_000_100), None);
        // Nor does a number of 15 digits or fewer.
        assert_eq!(spreadsheet_span(702_608_000_000_000), None);
    }
}
