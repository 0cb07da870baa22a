//! Building IDs from R's parts and times, and the ID bounds of a time
//! range: R's vectors are read in place, the core plans and composes
//! (`zuid_core::compose::plan`), and the IDs come back in the form `as` names.

use crate::damage::rounded_problem;
use crate::input::{numbers, Ids};
use crate::layout::layout_from_r;
use crate::reply::{reply, value, with_invalid, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::compose::plan::{Fault, Plan};
use zuid_core::decode::output::IdsAs;
use zuid_core::r_values::NA_INTEGER;
use zuid_core::{Code, Entry, Invalid, Problem, Side};

/// The `n` IDs that `one` makes. Text is built only after a first pass
/// that allocates nothing has found no fault (making strings is costly);
/// integer64 bits are written in one pass, on two threads for many.
fn make_ids(
    plan: &Plan,
    n: usize,
    as_: IdsAs,
    layout: &Robj,
    one: impl Fn(usize) -> std::result::Result<Option<u64>, Fault> + Sync,
) -> Outcome {
    let (ids, lost) = if as_ == IdsAs::Character {
        for i in 0..n {
            one(i).map_err(|f| plan.problem(f))?;
        }
        vectors::ids(n, as_, layout, |i| one(i).ok().flatten())
    } else {
        vectors::bits(n, as_, layout, one).map_err(|f| plan.problem(f))?
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
    let plan = Plan::new(&layout);
    let robjs: Vec<Robj> = values.values().collect();
    let columns = robjs
        .iter()
        .map(numbers)
        .collect::<Option<Vec<_>>>()
        .filter(|c| c.len() == plan.lower_parts())
        .ok_or(Problem::new(Code::InputType))?;
    make_ids(&plan, n, as_, robj, |i| plan.compose_one(time, &columns, i))
}

/// The smallest (or, with `max`, largest) ID of the tick of each time, as
/// the form holds a bound (a `zuid_id` holds 2^63 by its neighbour).
#[extendr]
fn ids_at_times(time: &[f64], layout: Robj, max: bool, as_: &str) -> Robj {
    reply(at_times(time, &layout, max, as_))
}

fn at_times(time: &[f64], robj: &Robj, max: bool, as_: &str) -> Outcome {
    let layout = layout_from_r(robj)?;
    let as_ = IdsAs::from_name(as_)?;
    let side = if max { Side::Max } else { Side::Min };
    let plan = Plan::new(&layout);
    make_ids(&plan, time.len(), as_, robj, |i| {
        plan.id_at_time(time, side, i)
            .map(|id| id.map(|bits| as_.bound(bits, side)))
    })
}

/// The IDs of `[from, to)` (POSIXct seconds, NA for an open end; each one
/// double, as a slice since extendr refuses an NA scalar; counted to the
/// millisecond, see `zuid_core::compose::plan::Plan::range`) as `list(empty, low,
/// high, below, above)`: whether no ID is in it; the bounds as unsigned
/// decimal text, `high` NA at 2^64 (no ID is above it); and the range in a
/// signed 64-bit column, which holds IDs of 2^63 and more as negative
/// numbers, in two parts (see `RangeBounds::signed`): each NULL where the
/// range does not reach it, else `c(low, high)` as decimal text, NA for no
/// bound on that side.
#[extendr]
fn id_range_bounds(from: &[f64], to: &[f64], layout: Robj) -> Robj {
    match (from, to) {
        (&[from], &[to]) => reply(range_bounds(from, to, &layout)),
        _ => reply(Err(Problem::new(Code::InputType))),
    }
}

fn range_bounds(from: f64, to: f64, layout: &Robj) -> Outcome {
    let layout = layout_from_r(layout)?;
    let bounds = Plan::new(&layout).range(from, to);
    let below_2_64 = |x: u128| (x < 1u128 << 64).then(|| x.to_string());
    let part = |range: Option<(Option<i64>, Option<i64>)>| match range {
        Some((low, high)) => vectors::texts(&[low.map(|x| x.to_string()), high.map(|x| x.to_string())]),
        None => Robj::from(()),
    };
    let (below, above) = bounds.signed();
    value(list!(
        empty = bounds.is_empty(),
        low = vectors::texts(&[below_2_64(bounds.low)]),
        high = vectors::texts(&[below_2_64(bounds.high)]),
        below = part(below),
        above = part(above)
    ))
}

/// Whether each ID of `x` (read as `input` says) was made in `[from, to)`
/// under `layout`, as `id_range_bounds()` bounds the range for SQL: `TRUE`
/// or `FALSE`, `NA` for a missing entry and one that is not an ID of the
/// layout (counted in the call's warning), with decoding's warning of a
/// rounded column.
#[extendr]
fn ids_in_range(x: Robj, input: &str, layout: Robj, from: &[f64], to: &[f64]) -> Robj {
    match (from, to) {
        (&[from], &[to]) => reply(in_range(&x, input, &layout, from, to)),
        _ => reply(Err(Problem::new(Code::InputType))),
    }
}

fn in_range(x: &Robj, input: &str, layout: &Robj, from: f64, to: f64) -> Outcome {
    let layout = layout_from_r(layout)?;
    let ids = Ids::from_r(x, input, layout.text_form())?;
    let bounds = Plan::new(&layout).range(from, to);
    let mut out = vectors::logicals(ids.len());
    let slots = vectors::logical_slots(&mut out);
    let max_id = layout.max_id();
    let mut invalid = Invalid::default();
    for (i, slot) in slots.iter_mut().enumerate() {
        *slot = match ids.get(i) {
            Entry::Id(id) if id <= max_id => i32::from(bounds.contains(id)),
            Entry::Id(id) => {
                invalid.note(i, layout.refusal(id));
                NA_INTEGER
            }
            Entry::Invalid(reason) => {
                invalid.note(i, reason);
                NA_INTEGER
            }
            Entry::Missing => NA_INTEGER,
            Entry::Imprecise => return Err(Problem::imprecise_at(i + 1)),
        };
    }
    let rounded = rounded_problem(&ids, &layout);
    let (value, mut problems) = with_invalid(out, invalid)?;
    problems.extend(rounded);
    Ok((value, problems))
}

extendr_module! {
    mod compose;
    fn ids_in_range;
    fn id_range_bounds;
    fn compose_ids;
    fn ids_at_times;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, with_r};

    const DISCORD: &str = "list(name = 'discord', bits = c(time = 42L, worker = 5L, process = 5L, \
        sequence = 12L), kinds = c('time', 'node', 'node', 'sequence'), unit = 'ms', \
        epoch_ms = 1420070400000, text = 'decimal')";

    #[test]
    fn discords_example_composes_from_r_columns() {
        with_r(|| {
            let layout = eval(DISCORD);
            // 2016-04-30T11:18:25.796Z, worker 1, process 0, sequence 7.
            let values = List::try_from(eval("list(1L, 0, 7L)")).unwrap();
            let (ids, _) = compose(&[1_462_015_105.796], &values, &layout, 1, "character").unwrap();
            assert_eq!(ids.as_str(), Some("175928847299117063"));
            let short = List::try_from(eval("list(1L, 0)")).unwrap();
            assert_eq!(
                compose(&[0.0], &short, &layout, 1, "id").unwrap_err().code,
                Code::InputType
            );
            let wide = List::try_from(eval("list(32L, 0, 0)")).unwrap();
            let refused = compose(&[1_462_015_105.796], &wide, &layout, 1, "id").unwrap_err();
            assert_eq!((refused.code, refused.part), (Code::PartRange, Some(2)));
        });
    }

    #[test]
    fn range_bounds_come_as_text_with_open_ends() {
        with_r(|| {
            let layout = eval(DISCORD);
            let (bounds, _) = range_bounds(1_462_060_800.0, f64::NAN, &layout).unwrap();
            assert_eq!(bounds.dollar("empty").unwrap().as_bool(), Some(false));
            assert_eq!(bounds.dollar("low").unwrap().as_str(), Some("176120502681600000"));
            assert!(bounds.dollar("high").unwrap().is_na());
            let below = bounds.dollar("below").unwrap();
            assert_eq!(below.as_str_vector().map(|v| v[0]), Some("176120502681600000"));
            assert!(below.index(2).unwrap().is_na());
            let above = bounds.dollar("above").unwrap();
            assert!(above.index(1).unwrap().is_na());
            assert_eq!(above.index(2).unwrap().as_str(), Some("0"));
            let (day, _) = range_bounds(1_462_060_800.0, 1_462_147_200.0, &layout).unwrap();
            assert!(day.dollar("above").unwrap().is_null());
            let (none, _) = range_bounds(f64::INFINITY, f64::NAN, &layout).unwrap();
            assert_eq!(none.dollar("empty").unwrap().as_bool(), Some(true));
            assert!(none.dollar("low").unwrap().is_na());
            let (at, _) = at_times(&[1_462_060_800.0], &layout, true, "character").unwrap();
            assert_eq!(at.as_str(), Some("176120502685794303"));
            // The tick whose smallest ID is 2^63 (2084-09-06T15:47:35.552Z):
            // its text, and its neighbour in a zuid_id, with no problem.
            let top = [3_619_093_655.552];
            let (at, lost) = at_times(&top, &layout, false, "character").unwrap();
            assert_eq!((at.as_str(), lost.len()), (Some("9223372036854775808"), 0));
            let (at, lost) = at_times(&top, &layout, false, "id").unwrap();
            let bits = at.as_real_slice().unwrap()[0].to_bits();
            assert_eq!((bits, lost.len()), ((1 << 63) + 1, 0));
        });
    }
}
