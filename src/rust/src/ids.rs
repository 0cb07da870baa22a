//! The `zuid_id` vector class: IDs read into integer64 bits, and what R's
//! methods need of them, computed on the bits as unsigned 64-bit numbers
//! (so that IDs of 2^63 and more order above all others): text, validity,
//! comparison, sorting, ranks, extremes, running extremes, nearest doubles,
//! and vctrs' proxy.

use crate::decode::imprecise_at;
use crate::input::Ids;
use crate::layout::layout_from_r;
use crate::output::{mark_ids, IdsAs};
use crate::problem::{reply, value, Code, Outcome, Problem};
use crate::scru64::scan;
use extendr_api::prelude::*;
use extendr_api::AsTypedSlice;
use zuid_core::invalid::Reason;
use zuid_core::order::{radix_sort, running_extreme};
use zuid_core::r_values::{na_real, swap_na_bits, NA_INTEGER, NA_INTEGER64_BITS};
use zuid_core::text::{write_decimal, DECIMAL_MAX_LEN};
use zuid_core::{Entry, Invalid, Layout, TextForm};

/// The bits of a double vector holding integer64 values; `None` for NA.
#[inline]
fn id_at(v: &[f64], i: usize) -> Option<u64> {
    let bits = v[i].to_bits();
    (bits != NA_INTEGER64_BITS).then_some(bits)
}

/// The layout R passed, or none for NULL.
fn optional_layout(layout: &Robj) -> std::result::Result<Option<Layout>, Problem> {
    if layout.is_null() {
        Ok(None)
    } else {
        layout_from_r(layout).map(Some)
    }
}

/// Reads `x` as IDs (of `layout` when it is not NULL) into a `zuid_id`
/// carrying that layout. Entries that are not IDs of the layout, and 2^63,
/// which integer64 holds as NA, become NA and are reported.
#[extendr]
fn read_ids(x: Robj, input: &str, layout: Robj) -> Robj {
    reply(read(&x, input, &layout))
}

fn read(x: &Robj, input: &str, robj: &Robj) -> Outcome {
    let layout = optional_layout(robj)?;
    let form = layout.as_ref().map_or(TextForm::Decimal, Layout::text_form);
    let ids = Ids::from_r(x, input, form)?;
    let refuse = |id: u64| match &layout {
        Some(l) if id > l.max_id() => Some(l.refusal(id)),
        _ if id == NA_INTEGER64_BITS => Some(Reason::Integer64Na),
        _ => None,
    };
    // One pass, as fast as decoding the time alone: each entry is read once
    // and its bits written where they go.
    let mut out = crate::alloc::doubles(ids.len());
    let mut invalid = Invalid::default();
    for (i, slot) in out.as_real_slice_mut().expect("doubles").iter_mut().enumerate() {
        let bits = match ids.get(i) {
            Entry::Id(id) => match refuse(id) {
                None => id,
                Some(reason) => {
                    invalid.note(i, reason);
                    NA_INTEGER64_BITS
                }
            },
            Entry::Missing => NA_INTEGER64_BITS,
            Entry::Invalid(reason) => {
                invalid.note(i, reason);
                NA_INTEGER64_BITS
            }
            Entry::Imprecise => return Err(imprecise_at(i + 1)),
        };
        *slot = f64::from_bits(bits);
    }
    mark_ids(&mut out, IdsAs::Id, robj);
    Ok((
        out,
        Problem::entries(Code::InvalidEntries, invalid).into_iter().collect(),
    ))
}

/// Whether each entry of `x` is an ID of the layout: NA for NA.
#[extendr]
fn ids_valid(x: Robj, input: &str, layout: Robj) -> Robj {
    reply(valid(&x, input, &layout))
}

fn valid(x: &Robj, input: &str, layout: &Robj) -> Outcome {
    let layout = layout_from_r(layout)?;
    let ids = Ids::from_r(x, input, layout.text_form())?;
    // A double beyond 2^53 is an error here as in every reader.
    scan(&ids, |_| None)?;
    let out: Logicals = (0..ids.len())
        .map(|i| match ids.get(i) {
            Entry::Missing => Rbool::na(),
            Entry::Id(id) => Rbool::from(id <= layout.max_id()),
            Entry::Invalid(_) | Entry::Imprecise => Rbool::from(false),
        })
        .collect();
    value(out)
}

/// The unsigned decimal text of integer64 bits; NA for NA.
#[extendr]
fn ids_text(x: &[f64]) -> Robj {
    reply(value(crate::alloc::strings::<DECIMAL_MAX_LEN>(x.len(), |i, buf| {
        id_at(x, i).map(|id| write_decimal(id, buf))
    })))
}

/// `x op y` on IDs as unsigned numbers, recycled as R recycles; NA where
/// either side is NA.
#[extendr]
fn ids_compare(x: &[f64], y: &[f64], op: &str) -> Robj {
    let cmp: fn(u64, u64) -> bool = match op {
        "==" => |a, b| a == b,
        "!=" => |a, b| a != b,
        "<" => |a, b| a < b,
        "<=" => |a, b| a <= b,
        ">" => |a, b| a > b,
        ">=" => |a, b| a >= b,
        _ => return reply(Err(Problem::new(Code::InputType))),
    };
    let n = if x.is_empty() || y.is_empty() {
        0
    } else {
        x.len().max(y.len())
    };
    let mut out = crate::alloc::logicals(n);
    let slots: &mut [Rbool] = out.as_typed_slice_mut().expect("logicals");
    // R's logical NA is the integer NA.
    let one = |a: f64, b: f64| match (a.to_bits(), b.to_bits()) {
        (NA_INTEGER64_BITS, _) | (_, NA_INTEGER64_BITS) => Rbool::new(NA_INTEGER),
        (a, b) => Rbool::new(i32::from(cmp(a, b))),
    };
    // The common shapes get loops without a division per element.
    if x.len() == n && y.len() == n {
        for ((slot, &a), &b) in slots.iter_mut().zip(x).zip(y) {
            *slot = one(a, b);
        }
    } else if y.len() == 1 {
        for (slot, &a) in slots.iter_mut().zip(x) {
            *slot = one(a, y[0]);
        }
    } else if x.len() == 1 {
        for (slot, &b) in slots.iter_mut().zip(y) {
            *slot = one(x[0], b);
        }
    } else {
        for (i, slot) in slots.iter_mut().enumerate() {
            *slot = one(x[i % x.len()], y[i % y.len()]);
        }
    }
    reply(value(out))
}

/// The IDs sorted as unsigned numbers, NA removed (R's `sort()` drops them).
#[extendr]
fn ids_sort(x: &[f64], decreasing: bool) -> Robj {
    let mut keys: Vec<(u64, ())> = (0..x.len()).filter_map(|i| id_at(x, i).map(|id| (id, ()))).collect();
    radix_sort(&mut keys);
    if decreasing {
        keys.reverse();
    }
    reply(value(
        keys.iter().map(|&(id, _)| f64::from_bits(id)).collect::<Vec<f64>>(),
    ))
}

/// Ranks that order the IDs as unsigned numbers: equal IDs share a rank,
/// NA stays NA. What `xtfrm()` needs for `order()` and `rank()`.
#[extendr]
fn ids_rank(x: &[f64]) -> Robj {
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
    reply(value(ranks))
}

/// The smallest and largest ID as unsigned numbers, as integer64 bits; NA
/// for both when there is an NA and `na_rm` is false, or no ID at all.
#[extendr]
fn ids_range(x: &[f64], na_rm: bool) -> Robj {
    reply(value(extremes(x, na_rm)))
}

fn extremes(x: &[f64], na_rm: bool) -> Vec<f64> {
    let na = f64::from_bits(NA_INTEGER64_BITS);
    let mut extremes: Option<(u64, u64)> = None;
    for i in 0..x.len() {
        match id_at(x, i) {
            Some(id) => {
                let (lo, hi) = extremes.unwrap_or((id, id));
                extremes = Some((lo.min(id), hi.max(id)));
            }
            None if !na_rm => return vec![na, na],
            None => {}
        }
    }
    match extremes {
        Some((lo, hi)) => vec![f64::from_bits(lo), f64::from_bits(hi)],
        None => vec![na, na],
    }
}

/// The high and low 32 bits of each ID as exact doubles (NA for NA): a key
/// that orders IDs as unsigned numbers, for vctrs' comparison proxy.
#[extendr]
fn ids_halves(x: &[f64]) -> Robj {
    let half = |shift: u32| -> Vec<f64> {
        (0..x.len())
            .map(|i| id_at(x, i).map_or(na_real(), |id| ((id >> shift) & 0xFFFF_FFFF) as f64))
            .collect()
    };
    reply(value(list!(high = half(32), low = half(0))))
}

/// vctrs' proxy of a `zuid_id`, and back again: the bits with those of
/// `NA_real_` and of integer64's NA swapped (see `swap_na_bits`), so that
/// the elements vctrs fills with `NA_real_` restore to NA. Always a new
/// vector without attributes.
#[extendr]
fn ids_swap_na(x: &[f64]) -> Robj {
    let mut out = crate::alloc::doubles(x.len());
    let slots = out.as_real_slice_mut().expect("doubles");
    for (slot, &v) in slots.iter_mut().zip(x) {
        *slot = f64::from_bits(swap_na_bits(v.to_bits()));
    }
    reply(value(out))
}

/// The running largest (or smallest) ID as unsigned numbers, as R's
/// `cummax()` and `cummin()`: NA from the first NA on.
#[extendr]
fn ids_cumulative(x: &[f64], largest: bool) -> Robj {
    let mut out = crate::alloc::doubles(x.len());
    let slots = out.as_real_slice_mut().expect("doubles");
    let running = running_extreme((0..x.len()).map(|i| id_at(x, i)), largest);
    for (slot, best) in slots.iter_mut().zip(running) {
        *slot = f64::from_bits(best.unwrap_or(NA_INTEGER64_BITS));
    }
    reply(value(out))
}

/// The double nearest each ID read as unsigned (exact below 2^53), NA for
/// NA: a number to plot, never one to compute an ID from.
#[extendr]
fn ids_as_double(x: &[f64]) -> Robj {
    reply(value(
        (0..x.len())
            .map(|i| id_at(x, i).map_or(na_real(), |id| id as f64))
            .collect::<Vec<f64>>(),
    ))
}

extendr_module! {
    mod ids;
    fn ids_swap_na;
    fn ids_cumulative;
    fn ids_as_double;
    fn read_ids;
    fn ids_valid;
    fn ids_text;
    fn ids_compare;
    fn ids_sort;
    fn ids_rank;
    fn ids_range;
    fn ids_halves;
}
