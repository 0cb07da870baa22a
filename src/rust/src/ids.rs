//! The `zuid_id` vector class: IDs read into integer64 bits, and what R's
//! methods need of them, computed by the core (`zuid_core::decode::order`) on the
//! bits as unsigned 64-bit numbers, so that IDs of 2^63 and more order
//! above all others: text, validity, comparison, sorting, ranks, extremes,
//! running extremes, doubles, and vctrs' proxy.

use crate::input::{integer64_bits, Ids};
use crate::layout::{layout_from_r, optional_layout};
use crate::reply::{reply, value, with_invalid, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::decode::columns::{read_bits, valid_rows};
use zuid_core::decode::order::{self, Comparison};
use zuid_core::decode::output::IdsAs;
use zuid_core::invalid::Reason;
use zuid_core::r_values::NA_INTEGER64_BITS;
use zuid_core::text::write::{write_decimal, DECIMAL_MAX_LEN};
use zuid_core::{Code, Layout, Problem, TextForm};

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
    // One pass, as fast as decoding the time alone.
    let mut out = vectors::doubles(ids.len());
    let slots = out.as_real_slice_mut().expect("doubles");
    let invalid = read_bits(|i| ids.get(i), refuse, slots).map_err(Problem::imprecise_at)?;
    vectors::mark_ids(&out, IdsAs::Id, robj);
    with_invalid(out, invalid)
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
    let mut out = vectors::logicals(ids.len());
    valid_rows(|i| ids.get(i), &layout, vectors::logical_slots(&mut out)).map_err(Problem::imprecise_at)?;
    value(out)
}

/// Each binding function below reads `x` (and `y`) as integer64 bits with
/// `integer64_bits()`: a vector whose storage was changed is a problem, not
/// an error extendr would raise.
fn with_bits(x: &Robj, f: impl FnOnce(&[f64]) -> Outcome) -> Robj {
    reply(integer64_bits(x).and_then(f))
}

/// The unsigned decimal text of integer64 bits; NA for NA.
#[extendr]
fn ids_text(x: Robj) -> Robj {
    with_bits(&x, |x| {
        value(vectors::strings::<DECIMAL_MAX_LEN>(x.len(), |i, buf| {
            let bits = x[i].to_bits();
            (bits != NA_INTEGER64_BITS).then(|| write_decimal(bits, buf))
        }))
    })
}

/// Whether each ID is NA: integer64's NA, the bits of 2^63 (every other
/// bit pattern, NaN doubles included, is an ID).
#[extendr]
fn ids_missing(x: Robj) -> Robj {
    with_bits(&x, |x| {
        let mut out = vectors::logicals(x.len());
        order::missing(x, vectors::logical_slots(&mut out));
        value(out)
    })
}

/// `x op y` on IDs as unsigned numbers, recycled as R recycles; NA where
/// either side is NA.
#[extendr]
fn ids_compare(x: Robj, y: Robj, op: &str) -> Robj {
    let Some(op) = Comparison::from_name(op) else {
        return reply(Err(Problem::new(Code::InputType)));
    };
    with_bits(&x, |x| {
        let y = integer64_bits(&y)?;
        let n = order::recycled_len(x, y);
        let mut out = vectors::logicals(n);
        order::compare(x, y, op, vectors::logical_slots(&mut out));
        value(out)
    })
}

/// The IDs sorted as unsigned numbers, NA removed (R's `sort()` drops them).
#[extendr]
fn ids_sort(x: Robj, decreasing: bool) -> Robj {
    with_bits(&x, |x| value(vectors::doubles_from(&order::sorted(x, decreasing))))
}

/// Ranks that order the IDs as unsigned numbers: equal IDs share a rank,
/// NA stays NA. What `xtfrm()` needs for `order()` and `rank()`.
#[extendr]
fn ids_rank(x: Robj) -> Robj {
    with_bits(&x, |x| value(vectors::doubles_from(&order::ranks(x))))
}

/// The smallest and largest ID as unsigned numbers, as integer64 bits; NA
/// for both when there is an NA and `na_rm` is false, or no ID at all.
#[extendr]
fn ids_range(x: Robj, na_rm: bool) -> Robj {
    with_bits(&x, |x| value(vectors::doubles_from(&order::extremes(x, na_rm))))
}

/// The high and low 32 bits of each ID as exact doubles (NA for NA): a key
/// that orders IDs as unsigned numbers, for vctrs' comparison proxy.
#[extendr]
fn ids_halves(x: Robj) -> Robj {
    with_bits(&x, |x| {
        let (high, low) = order::halves(x);
        value(list!(
            high = vectors::doubles_from(&high),
            low = vectors::doubles_from(&low)
        ))
    })
}

/// The nearest double of each ID read as unsigned (NA for NA): exact below
/// 2^53, as `as.double()` gives it.
#[extendr]
fn ids_to_double(x: Robj) -> Robj {
    with_bits(&x, |x| value(vectors::doubles_from(&order::nearest_doubles(x))))
}

/// The one ID of `origin` (integer64 bits), or the problem that it is not
/// one (R passes a single ID that is not NA).
fn one_id(origin: &Robj) -> std::result::Result<u64, Problem> {
    match integer64_bits(origin)? {
        [bits] if bits.to_bits() != NA_INTEGER64_BITS => Ok(bits.to_bits()),
        _ => Err(Problem::new(Code::InputType)),
    }
}

/// Each ID's distance from the ID `origin`, as a plot places them: exact
/// doubles within 2^53 of it, NA for NA.
#[extendr]
fn ids_offsets(x: Robj, origin: Robj) -> Robj {
    with_bits(&x, |x| {
        value(vectors::doubles_from(&order::offsets_from(x, one_id(&origin)?)))
    })
}

/// The decimal text of the IDs whole `offsets` away from the ID `origin`
/// (NA where that is no ID; beyond 2^53 away, the nearest multiple of
/// `step`), and the residue of `origin` modulo `step` (a whole number from
/// 1 to 2^63: IDs spread over years, such as authors' IDs, are that far
/// apart), as a plot's breaks and labels need them.
#[extendr]
fn ids_at_offsets(origin: Robj, offsets: &[f64], step: f64) -> Robj {
    reply(one_id(&origin).and_then(|origin| {
        if !(1.0..=9_223_372_036_854_775_808.0).contains(&step) || step.fract() != 0.0 {
            return Err(Problem::new(Code::InputType));
        }
        let labels = vectors::strings::<DECIMAL_MAX_LEN>(offsets.len(), |i, buf| {
            order::at_offset(origin, offsets[i], step as u64).map(|id| write_decimal(id, buf))
        });
        value(list!(labels = labels, residue = (origin % step as u64) as f64))
    }))
}

/// vctrs' proxy of a `zuid_id`, and back again: the bits with those of
/// `NA_real_` and of integer64's NA swapped, so that the elements vctrs
/// fills with `NA_real_` restore to NA. Always a new vector without
/// attributes.
#[extendr]
fn ids_swap_na(x: Robj) -> Robj {
    with_bits(&x, |x| {
        let mut out = vectors::doubles(x.len());
        order::swap_na(x, out.as_real_slice_mut().expect("doubles"));
        value(out)
    })
}

/// The running largest (or smallest) ID as unsigned numbers, as R's
/// `cummax()` and `cummin()`: NA from the first NA on.
#[extendr]
fn ids_cumulative(x: Robj, largest: bool) -> Robj {
    with_bits(&x, |x| {
        let mut out = vectors::doubles(x.len());
        order::cumulative(x, largest, out.as_real_slice_mut().expect("doubles"));
        value(out)
    })
}

extendr_module! {
    mod ids;
    fn ids_swap_na;
    fn ids_cumulative;
    fn read_ids;
    fn ids_valid;
    fn ids_text;
    fn ids_missing;
    fn ids_compare;
    fn ids_sort;
    fn ids_rank;
    fn ids_range;
    fn ids_halves;
    fn ids_to_double;
    fn ids_offsets;
    fn ids_at_offsets;
}
