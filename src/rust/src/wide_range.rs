//! Whether 96- to 160-bit IDs were made in `[from, to)`, for
//! `id_filter_time()` on data frames: the core's `wide::TimeRange`, which
//! compares by value with the bounds SQL uses.

use crate::reply::{reply, Outcome};
use crate::vectors;
use crate::wide::{entries, entry, wide_from_r, Entry, Reports};
use extendr_api::prelude::*;
use zuid_core::wide::{self, Tick, TimeRange, WideTime};

/// Seconds far past any format's times (year 31,000,000): an infinite end
/// is clamped here, where the core's i128 nanoseconds cannot overflow.
const FAR_SECONDS: f64 = 1e15;

/// An end given as whole seconds and the nanoseconds after them; NA (NaN)
/// seconds are an open end, infinite ones (whose nanoseconds R computes as
/// NaN) past every time.
fn end(seconds: f64, nanos: f64) -> Option<WideTime> {
    if seconds.is_nan() {
        return None;
    }
    let s = seconds.clamp(-FAR_SECONDS, FAR_SECONDS) as i128;
    let ns = if seconds.is_finite() { nanos as i128 } else { 0 };
    Some(WideTime::new(s * 1_000_000_000 + ns, Tick::Nano))
}

/// For each entry: TRUE when its ID was made in the range, FALSE when
/// not, NA for NA, invalid entries and UUIDs with no time (counted).
#[extendr]
fn wide_in_range(x: Robj, layout: Robj, from: &[f64], to: &[f64]) -> Robj {
    reply(in_range(&x, &layout, from, to))
}

fn in_range(x: &Robj, layout: &Robj, from: &[f64], to: &[f64]) -> Outcome {
    let layout = wide_from_r(layout)?;
    let strings = entries(x)?;
    let ends = |e: &[f64]| {
        end(
            e.first().copied().unwrap_or(f64::NAN),
            e.get(1).copied().unwrap_or(f64::NAN),
        )
    };
    let range = TimeRange::new(layout.format, layout.sub_ms, ends(from), ends(to));
    let mut reports = Reports::default();
    let mut out = vectors::logicals(strings.len());
    for (i, (s, slot)) in strings
        .iter()
        .zip(vectors::logical_slots(&mut out).iter_mut())
        .enumerate()
    {
        *slot = match entry(s) {
            Entry::Missing => i32::MIN,
            Entry::Text(t) => match wide::parse(layout.format, t).and_then(|v| range.holds(layout.format, v)) {
                Ok(inside) => i32::from(inside),
                Err(p) => {
                    reports.note(i, p);
                    i32::MIN
                }
            },
        };
    }
    reports.outcome(out)
}

extendr_module! {
    mod wide_range;
    fn wide_in_range;
}
