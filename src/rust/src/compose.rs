//! Building IDs from R's parts and times. Every value is checked in a
//! first pass, which allocates nothing; the second pass writes the output.

use crate::input::{invalid_to_r, Numbers, PartValue};
use crate::layout::layout_from_r;
use crate::output::ids_to_r;
use extendr_api::prelude::*;
use zuid_core::columns::Invalid;
use zuid_core::text::{write_decimal, DECIMAL_MAX_LEN};
use zuid_core::{millis_from_seconds, ComposeError, Composer, Layout, Side};

/// Why a call cannot build its IDs: the failing rule, the 1-based layout
/// part it concerns (the time's for times) and the 1-based position.
struct Failure {
    code: &'static str,
    part: usize,
    position: usize,
}

impl Failure {
    fn to_r(&self) -> Robj {
        list!(code = self.code, part = self.part as f64, position = self.position as f64).into()
    }
}

fn time_failure(error: ComposeError, plan: &Plan, i: usize) -> Failure {
    let part = plan.time_part;
    let code = match error {
        ComposeError::BeforeEpoch => "before_epoch",
        ComposeError::PastEnd | ComposeError::PartRange { .. } => "past_end",
    };
    Failure { code, part, position: i + 1 }
}

/// Milliseconds of POSIXct seconds at position `i`; a time beyond what
/// milliseconds can hold is past the end, or before the epoch.
#[inline]
fn millis_of(plan: &Plan, seconds: f64, i: usize) -> std::result::Result<i64, Failure> {
    let error = if seconds > 0.0 { ComposeError::PastEnd } else { ComposeError::BeforeEpoch };
    millis_from_seconds(seconds).ok_or_else(|| time_failure(error, plan, i))
}

/// The tick of POSIXct seconds; NaN (R's NA) is a missing time.
#[inline]
fn tick_of(plan: &Plan, seconds: f64, i: usize) -> std::result::Result<Option<u64>, Failure> {
    if seconds.is_nan() {
        return Ok(None);
    }
    let ms = millis_of(plan, seconds, i)?;
    plan.composer.tick_at(ms).map(Some).map_err(|e| time_failure(e, plan, i))
}

/// What a call needs of its layout, computed once.
struct Plan {
    composer: Composer,
    /// The 1-based layout index of the time part, for failures.
    time_part: usize,
}

impl Plan {
    fn new(layout: &Layout) -> Plan {
        // The time is the top part, below the sign bit if there is one.
        let time_part = usize::from(layout.has_sign_bit()) + 1;
        Plan { composer: layout.composer(), time_part }
    }
}

fn at(v: &[f64], i: usize) -> f64 {
    v[if v.len() == 1 { 0 } else { i }]
}

/// One ID from recycled parts: `values` holds one vector per layout part
/// below the time, in layout order.
#[inline]
fn compose_one(plan: &Plan, first_lower: usize, time: &[f64], values: &[Numbers], i: usize) -> std::result::Result<Option<u64>, Failure> {
    let Some(tick) = tick_of(plan, at(time, i), i)? else {
        return Ok(None);
    };
    let mut parts = [0u64; 64];
    for (k, column) in values.iter().enumerate() {
        match column.get(i) {
            PartValue::Value(v) => parts[k] = v,
            PartValue::Missing => return Ok(None),
            PartValue::Bad => return Err(Failure { code: "part_range", part: first_lower + k + 1, position: i + 1 }),
        }
    }
    match plan.composer.compose(tick, &parts[..values.len()]) {
        Ok(id) => Ok(Some(id)),
        Err(ComposeError::PartRange { index }) => Err(Failure { code: "part_range", part: index + 1, position: i + 1 }),
        Err(e) => Err(time_failure(e, plan, i)),
    }
}

/// `list(ids, failure, lost)`: the IDs, or NULL and why not; `lost` notes
/// IDs of 2^63 and more that integer64 cannot hold.
fn result_to_r(ids: Robj, failure: Option<Failure>, lost: Invalid) -> Robj {
    list!(ids = ids, failure = failure.map_or_else(|| Robj::from(()), |f| f.to_r()), lost = invalid_to_r(&lost)).into()
}

/// The `n` IDs that `one` makes: a first pass that allocates nothing
/// stops at the first failure; only then is the output written.
fn make_ids(n: usize, as_integer64: bool, one: impl Fn(usize) -> std::result::Result<Option<u64>, Failure>) -> Robj {
    for i in 0..n {
        if let Err(failure) = one(i) {
            return result_to_r(Robj::from(()), Some(failure), Default::default());
        }
    }
    let (ids, lost) = ids_to_r(n, as_integer64, |i| one(i).ok().flatten());
    result_to_r(ids, None, lost)
}

/// Composes `n` IDs. `time` is POSIXct seconds and `values` a list of
/// integer or double vectors, one per part below the time in layout order;
/// each has length 1 or `n`. NULL when the layout or a value is unusable.
#[extendr]
#[allow(clippy::too_many_arguments)]
fn compose_ids(time: &[f64], values: List, kinds: &[i32], bits: &[i32], unit_ms: i32, epoch_ms: f64, scru64: bool, n: f64, as_integer64: bool) -> Robj {
    let Ok(layout) = layout_from_r(kinds, bits, unit_ms, epoch_ms, scru64) else {
        return Robj::from(());
    };
    let robjs: Vec<Robj> = values.values().collect();
    let Some(columns) = robjs.iter().map(Numbers::from_r).collect::<Option<Vec<_>>>() else {
        return Robj::from(());
    };
    let n = n as usize;
    if columns.len() + 1 + usize::from(layout.has_sign_bit()) != layout.parts().len() {
        return Robj::from(());
    }
    let plan = Plan::new(&layout);
    let first_lower = layout.parts().len() - columns.len();
    make_ids(n, as_integer64, |i| compose_one(&plan, first_lower, time, &columns, i))
}

/// The smallest (or, with `max`, largest) ID of the tick of each time.
#[extendr]
#[allow(clippy::too_many_arguments)]
fn ids_at_times(time: &[f64], kinds: &[i32], bits: &[i32], unit_ms: i32, epoch_ms: f64, scru64: bool, max: bool, as_integer64: bool) -> Robj {
    let Ok(layout) = layout_from_r(kinds, bits, unit_ms, epoch_ms, scru64) else {
        return Robj::from(());
    };
    let side = if max { Side::Max } else { Side::Min };
    let plan = Plan::new(&layout);
    let one = |i: usize| -> std::result::Result<Option<u64>, Failure> {
        match tick_of(&plan, time[i], i)? {
            Some(tick) => plan.composer.id_at(tick, side).map(Some).map_err(|e| time_failure(e, &plan, i)),
            None => Ok(None),
        }
    };
    make_ids(time.len(), as_integer64, one)
}

/// The bounds of `[from, to)` (POSIXct seconds, to the millisecond) as
/// `list(low, high, beyond_signed, failure)`: the smallest ID whose tick
/// starts at or after `from`, the same for `to` (NA where every later ID
/// is inside), and whether the range reaches IDs of 2^63 or more.
#[extendr]
fn id_range_bounds(from: f64, to: f64, kinds: &[i32], bits: &[i32], unit_ms: i32, epoch_ms: f64, scru64: bool) -> Robj {
    let Ok(layout) = layout_from_r(kinds, bits, unit_ms, epoch_ms, scru64) else {
        return Robj::from(());
    };
    let plan = Plan::new(&layout);
    let (from_ms, to_ms) = match (millis_of(&plan, from, 0), millis_of(&plan, to, 1)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(f), _) | (_, Err(f)) => {
            return list!(low = (), high = (), beyond_signed = false, failure = f.to_r()).into();
        }
    };
    let signed_end = 1u128 << 63;
    let low = plan.composer.first_id_from(from_ms);
    let high = plan.composer.first_id_from(to_ms);
    let beyond_signed = low >= signed_end || high > signed_end;
    let text = |x: u128| -> Robj {
        if x >= signed_end {
            Robj::from(Rstr::na())
        } else {
            let mut buf = [0u8; DECIMAL_MAX_LEN];
            Robj::from(std::str::from_utf8(write_decimal(x as u64, &mut buf)).unwrap_or_default())
        }
    };
    list!(low = text(low), high = text(high), beyond_signed = beyond_signed, failure = ()).into()
}

extendr_module! {
    mod compose;
    fn id_range_bounds;
    fn compose_ids;
    fn ids_at_times;
}
