//! What `id_explain()` shows of each ID: its 64 bits, its decimal text and
//! the value of every part of the layout, all computed here so that no
//! 64-bit arithmetic happens in R.

use crate::alloc;
use crate::input::Ids;
use crate::layout::layout_from_r;
use crate::problem::{reply, Code, Outcome, Problem};
use crate::scru64::scan;
use extendr_api::prelude::*;
use zuid_core::r_values::na_real;
use zuid_core::text::{binary_text, write_decimal, DECIMAL_MAX_LEN};
use zuid_core::Entry;

/// IDs read in the layout's text form, whether or not the layout admits
/// them (the explanation shows why not). The value is
/// `list(bits, decimal, values)`: NA text for entries that are not 64-bit
/// numbers, and one double vector per part (exact: parts have at most 53
/// bits).
#[extendr]
fn explain_ids(x: Robj, input: &str, layout: Robj) -> Robj {
    reply(explain(&x, input, &layout))
}

fn explain(x: &Robj, input: &str, layout: &Robj) -> Outcome {
    let layout = layout_from_r(layout)?;
    let ids = Ids::from_r(x, input, layout.text_form())?;
    let invalid = scan(&ids, |_| None)?;
    let id = |i: usize| match ids.get(i) {
        Entry::Id(id) => Some(id),
        _ => None,
    };
    let bits = alloc::strings::<64>(ids.len(), |i, buf| {
        id(i).map(|id| {
            *buf = binary_text(id);
            &buf[..]
        })
    });
    let decimal = alloc::strings::<DECIMAL_MAX_LEN>(ids.len(), |i, buf| id(i).map(|id| write_decimal(id, buf)));
    let values: Vec<Robj> = layout
        .parts()
        .iter()
        .map(|part| {
            (0..ids.len())
                .map(|i| id(i).map_or(na_real(), |id| part.extract(id) as f64))
                .collect::<Vec<f64>>()
                .into()
        })
        .collect();
    let value = list!(bits = bits, decimal = decimal, values = List::from_values(values));
    Ok((
        value.into(),
        Problem::entries(Code::InvalidEntries, invalid).into_iter().collect(),
    ))
}

extendr_module! {
    mod explain;
    fn explain_ids;
}
