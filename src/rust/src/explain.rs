//! What `id_explain()` shows of each ID: the digits of each part among its
//! 64 bits, its decimal text, the value of every part of the layout and
//! its time as text, all computed here so that no 64-bit arithmetic
//! happens in R.

use crate::input::Ids;
use crate::layout::layout_from_r;
use crate::reply::{reply, with_invalid, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::decode::columns::scan;
use zuid_core::layouts::timestamp::{format_micros, format_millis};
use zuid_core::r_values::na_real;
use zuid_core::text::write::{binary_text, write_decimal, DECIMAL_MAX_LEN};
use zuid_core::{Entry, Problem, Resolution};

/// IDs read in the layout's text form, whether or not the layout admits
/// them (the explanation shows why not). The value is
/// `list(decimal, digits, values, time, early)`: the decimal text of each entry
/// that is a 64-bit number (NA for the others); for each part, the digits
/// it takes of each ID's bits and their value (a double, exact: parts have
/// at most 53 bits); the start of each ID's tick in ISO 8601 UTC, to the
/// microsecond for microsecond ticks, NA where the layout does not admit
/// the ID or where it is below the layout's first (which holds no time);
/// and `early`, whether it is below the layout's first.
#[extendr]
fn explain_ids(x: Robj, input: &str, layout: Robj) -> Robj {
    reply(explain(&x, input, &layout))
}

fn explain(x: &Robj, input: &str, layout: &Robj) -> Outcome {
    let layout = layout_from_r(layout)?;
    let ids = Ids::from_r(x, input, layout.text_form())?;
    let n = ids.len();
    let invalid = scan(n, |i| ids.get(i), |_| None).map_err(Problem::imprecise_at)?;
    let read: Vec<Option<u64>> = (0..n)
        .map(|i| match ids.get(i) {
            Entry::Id(id) => Some(id),
            _ => None,
        })
        .collect();
    let decimal = vectors::strings::<DECIMAL_MAX_LEN>(n, |i, buf| read[i].map(|id| write_decimal(id, buf)));
    let bits: Vec<Option<[u8; 64]>> = read.iter().map(|id| id.map(binary_text)).collect();
    let parts = layout.parts();
    let digits: Vec<Robj> = parts
        .iter()
        .map(|part| {
            vectors::strings::<64>(n, |i, buf| {
                let digits = part.digits(bits[i].as_ref()?);
                buf[..digits.len()].copy_from_slice(digits);
                Some(&buf[..digits.len()])
            })
        })
        .collect();
    let values: Vec<Robj> = parts
        .iter()
        .map(|part| {
            let column: Vec<f64> = read
                .iter()
                .map(|id| id.map_or(na_real(), |id| part.extract(id) as f64))
                .collect();
            vectors::doubles_from(&column)
        })
        .collect();
    let decoder = layout.time_decoder();
    let time: Vec<Option<String>> = read
        .iter()
        .map(|id| match *id {
            Some(id) if id <= layout.max_id() && id >= layout.first_id() => match layout.resolution() {
                Resolution::Millis => format_millis(decoder.time(id)),
                Resolution::Micros => format_micros(decoder.time(id)),
            },
            _ => None,
        })
        .collect();
    // IDs below the layout's first one: the explanation says why they have
    // no time.
    let mut early = vectors::logicals(n);
    for (slot, id) in vectors::logical_slots(&mut early).iter_mut().zip(&read) {
        *slot = i32::from(id.is_some_and(|id| id < layout.first_id()));
    }
    let value = list!(
        decimal = decimal,
        digits = List::from_values(digits),
        values = List::from_values(values),
        time = vectors::texts(&time),
        early = early
    );
    with_invalid(value, invalid)
}

extendr_module! {
    mod explain;
    fn explain_ids;
}
