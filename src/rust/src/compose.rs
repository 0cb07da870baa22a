//! Building IDs from R's parts and times. Every value is checked in a
//! first pass, which allocates nothing; the second pass writes the output.

use crate::input::{Numbers, PartValue};
use crate::layout::layout_from_r;
use crate::output::{ids_to_r, make_bits, IdsAs};
use crate::problem::{reply, value, Code, Outcome, Problem};
use extendr_api::prelude::*;
use zuid_core::r_values::time_from_seconds;
use zuid_core::text::{write_decimal, DECIMAL_MAX_LEN};
use zuid_core::{ComposeError, Composer, Layout, Side};

/// What a call needs of its layout, computed once.
struct Plan {
    composer: Composer,
    /// The 0-based layout index of the time part, for problems.
    time_part: usize,
}

impl Plan {
    fn new(layout: &Layout) -> Plan {
        // The time is the top part, below the sign bit if there is one.
        let time_part = usize::from(layout.has_sign_bit());
        Plan {
            composer: layout.composer(),
            time_part,
        }
    }

    /// The problem of the time at 0-based position `i`.
    fn time_problem(&self, error: ComposeError, i: usize) -> Problem {
        let error = match error {
            ComposeError::BeforeEpoch => ComposeError::BeforeEpoch,
            _ => ComposeError::PastEnd,
        };
        Problem::from(error).part(self.time_part).at(i)
    }

    /// POSIXct seconds at position `i` in the layout's resolution (ms or
    /// µs), floored; a time beyond what that can hold is past the end, or
    /// before the epoch.
    fn time(&self, seconds: f64, i: usize) -> std::result::Result<i64, Problem> {
        let error = if seconds > 0.0 {
            ComposeError::PastEnd
        } else {
            ComposeError::BeforeEpoch
        };
        time_from_seconds(seconds, self.composer.resolution()).ok_or_else(|| self.time_problem(error, i))
    }

    /// The tick of POSIXct seconds; NaN (R's NA) is a missing time.
    fn tick(&self, seconds: f64, i: usize) -> std::result::Result<Option<u64>, Problem> {
        if seconds.is_nan() {
            return Ok(None);
        }
        let t = self.time(seconds, i)?;
        self.composer.tick_at(t).map(Some).map_err(|e| self.time_problem(e, i))
    }
}

fn at(v: &[f64], i: usize) -> f64 {
    v[if v.len() == 1 { 0 } else { i }]
}

/// Why one ID could not be made, small enough to pass back from the loop
/// over millions of IDs cheaply; it becomes a `Problem` once, at the end.
#[derive(Clone, Copy, Debug)]
enum Fault {
    /// The time at position `i`.
    Time(ComposeError, usize),
    /// Layout part `part` at position `i`.
    Part(usize, usize),
}

impl Fault {
    fn problem(self, plan: &Plan) -> Problem {
        match self {
            Fault::Time(error, i) => plan.time_problem(error, i),
            Fault::Part(part, i) => Problem::new(Code::PartRange).part(part).at(i),
        }
    }
}

/// One ID from recycled parts: `values` holds one vector per layout part
/// below the time, in layout order, the first of them layout part
/// `first_lower`.
#[inline]
fn compose_one(
    plan: &Plan,
    first_lower: usize,
    time: &[f64],
    values: &[Numbers],
    i: usize,
) -> std::result::Result<Option<u64>, Fault> {
    let seconds = at(time, i);
    if seconds.is_nan() {
        return Ok(None);
    }
    let resolution = plan.composer.resolution();
    let outside = if seconds > 0.0 {
        ComposeError::PastEnd
    } else {
        ComposeError::BeforeEpoch
    };
    let t = time_from_seconds(seconds, resolution).ok_or(Fault::Time(outside, i))?;
    let tick = plan.composer.tick_at(t).map_err(|e| Fault::Time(e, i))?;
    // The parts on the stack for the usual handful of fields.
    let mut inline = [0u64; 8];
    let mut heap = Vec::new();
    let parts: &mut [u64] = if values.len() <= inline.len() {
        &mut inline[..values.len()]
    } else {
        heap.resize(values.len(), 0);
        &mut heap
    };
    for (k, column) in values.iter().enumerate() {
        match column.get(i) {
            PartValue::Value(v) => parts[k] = v,
            PartValue::Missing => return Ok(None),
            PartValue::Bad => return Err(Fault::Part(first_lower + k, i)),
        }
    }
    match plan.composer.compose(tick, parts) {
        Ok(id) => Ok(Some(id)),
        Err(ComposeError::PartRange { index }) => Err(Fault::Part(index, i)),
        Err(e) => Err(Fault::Time(e, i)),
    }
}

/// The `n` IDs that `one` makes. Text is built only after a first pass
/// that allocates nothing has found no problem (making strings is costly);
/// integer64 bits are written in one pass.
fn make_ids<E: Send>(
    n: usize,
    as_: IdsAs,
    layout: &Robj,
    one: impl Fn(usize) -> std::result::Result<Option<u64>, E> + Sync,
    problem: impl Fn(E) -> Problem,
) -> Outcome {
    let (ids, lost) = if as_ == IdsAs::Character {
        for i in 0..n {
            one(i).map_err(&problem)?;
        }
        ids_to_r(n, as_, layout, |i| one(i).ok().flatten())
    } else {
        make_bits(n, as_, layout, one).map_err(problem)?
    };
    Ok((ids, lost.into_iter().collect()))
}

/// Composes `n` IDs. `time` is POSIXct seconds and `values` a list of
/// integer or double vectors, one per part below the time in layout order;
/// each has length 1 or `n`.
#[extendr]
fn compose_ids(time: &[f64], values: List, layout: Robj, n: f64, as_: &str) -> Robj {
    reply(compose(time, &values, &layout, n as usize, as_))
}

fn compose(time: &[f64], values: &List, robj: &Robj, n: usize, as_: &str) -> Outcome {
    let layout = layout_from_r(robj)?;
    let as_ = IdsAs::from_name(as_)?;
    let robjs: Vec<Robj> = values.values().collect();
    let columns = robjs.iter().map(Numbers::from_r).collect::<Option<Vec<_>>>();
    let lower = layout.parts().len() - 1 - usize::from(layout.has_sign_bit());
    let columns = columns
        .filter(|c| c.len() == lower)
        .ok_or(Problem::new(Code::InputType))?;
    let plan = Plan::new(&layout);
    let first_lower = layout.parts().len() - lower;
    let one = |i| compose_one(&plan, first_lower, time, &columns, i);
    make_ids(n, as_, robj, one, |fault: Fault| fault.problem(&plan))
}

/// The smallest (or, with `max`, largest) ID of the tick of each time.
#[extendr]
fn ids_at_times(time: &[f64], layout: Robj, max: bool, as_: &str) -> Robj {
    reply(at_times(time, &layout, max, as_))
}

fn at_times(time: &[f64], robj: &Robj, max: bool, as_: &str) -> Outcome {
    let layout = layout_from_r(robj)?;
    let as_ = IdsAs::from_name(as_)?;
    let side = if max { Side::Max } else { Side::Min };
    let plan = Plan::new(&layout);
    let one = |i: usize| -> std::result::Result<Option<u64>, Problem> {
        match plan.tick(time[i], i)? {
            Some(tick) => plan
                .composer
                .id_at(tick, side)
                .map(Some)
                .map_err(|e| plan.time_problem(e, i)),
            None => Ok(None),
        }
    };
    make_ids(time.len(), as_, robj, one, |problem| problem)
}

/// The bounds of `[from, to)` (POSIXct seconds, to the layout's resolution) as
/// `list(low, high, beyond_signed)`: the smallest ID whose tick starts at
/// or after `from`, the same for `to` (NA where every later ID is inside),
/// as decimal text, and whether the range reaches IDs of 2^63 or more.
#[extendr]
fn id_range_bounds(from: f64, to: f64, layout: Robj) -> Robj {
    reply(range_bounds(from, to, &layout))
}

fn range_bounds(from: f64, to: f64, layout: &Robj) -> Outcome {
    let layout = layout_from_r(layout)?;
    let plan = Plan::new(&layout);
    let (from_t, to_t) = (plan.time(from, 0)?, plan.time(to, 1)?);
    let signed_end = 1u128 << 63;
    let low = plan.composer.first_id_from(from_t);
    let high = plan.composer.first_id_from(to_t);
    let beyond_signed = low >= signed_end || high > signed_end;
    let text = |x: u128| -> Robj {
        if x >= signed_end {
            Robj::from(Rstr::na())
        } else {
            let mut buf = [0u8; DECIMAL_MAX_LEN];
            Robj::from(std::str::from_utf8(write_decimal(x as u64, &mut buf)).unwrap_or_default())
        }
    };
    value(list!(low = text(low), high = text(high), beyond_signed = beyond_signed))
}

extendr_module! {
    mod compose;
    fn id_range_bounds;
    fn compose_ids;
    fn ids_at_times;
}
