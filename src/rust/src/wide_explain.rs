//! What `id_explain()` shows of 96- to 160-bit IDs, from the core's
//! `wide::explain`: per entry its canonical text, its time as text and its
//! parts. Invalid entries are NULL with the call's one report.

use crate::reply::{reply, value, Outcome};
use crate::vectors;
use crate::wide::{entries, entry, kind_name, wide_from_r, Entry, Reports};
use extendr_api::prelude::*;
use zuid_core::r_values::na_real;
use zuid_core::wide::{self, explain::Explained};

/// `list(canonical, time, parts)`: the canonical text of each entry (NA
/// for NA and invalid ones), its time as ISO 8601 text (NA for those and
/// for UUIDs with no time), and per entry NULL or its parts in bit order:
/// `list(part, kind, bits, offset, digits, value, hex)`, `value` a double
/// where the part has at most 53 bits (else NA) and `hex` its lowercase hex.
#[extendr]
fn wide_explain(x: Robj, layout: Robj) -> Robj {
    reply(explain(&x, &layout))
}

fn explain(x: &Robj, layout: &Robj) -> Outcome {
    let layout = wide_from_r(layout)?;
    let strings = entries(x)?;
    let mut reports = Reports::default();
    let read: Vec<Option<Explained>> = strings
        .iter()
        .enumerate()
        .map(|(i, s)| match entry(s) {
            Entry::Missing => None,
            Entry::Text(t) => wide::explain::explain(layout.format, layout.sub_ms, t)
                .map_err(|p| reports.note(i, p))
                .ok(),
        })
        .collect();
    let canonical: Vec<Option<String>> = read.iter().map(|e| e.as_ref().map(|e| e.canonical.clone())).collect();
    let time: Vec<Option<String>> = read
        .iter()
        .map(|e| e.as_ref().and_then(|e| e.time.clone().ok()))
        .collect();
    let parts: Vec<Robj> = read.iter().map(|e| e.as_ref().map_or(().into(), parts_of)).collect();
    let read = list!(
        canonical = vectors::texts(&canonical),
        time = vectors::texts(&time),
        parts = List::from_values(parts)
    );
    reports.outcome(read.into())
}

fn parts_of(e: &Explained) -> Robj {
    let p = &e.parts;
    let ints = |f: &dyn Fn(usize) -> u32| -> Vec<i32> { (0..p.len()).map(|k| f(k) as i32).collect() };
    let values: Vec<f64> = p
        .iter()
        .map(|x| {
            if wide::fits_double(x.field.width) {
                x.value as f64
            } else {
                na_real()
            }
        })
        .collect();
    list!(
        part = p.iter().map(|x| x.field.name).collect::<Vec<_>>(),
        kind = p.iter().map(|x| kind_name(x.field.kind)).collect::<Vec<_>>(),
        bits = vectors::integers_from(&ints(&|k| p[k].field.width)),
        offset = vectors::integers_from(&ints(&|k| p[k].offset)),
        digits = p.iter().map(|x| x.digits.as_str()).collect::<Vec<_>>(),
        value = vectors::doubles_from(&values),
        hex = p.iter().map(|x| wide::hex_of(x.field, x.value)).collect::<Vec<_>>()
    )
    .into()
}

/// The bits below each part of a layout (its offsets, as the 64-bit
/// layouts' facts give them), for plotting it: the parts of a `uuid`
/// layout (version and variant) do not tile its 128 bits.
#[extendr]
fn wide_layout_offsets(layout: Robj) -> Robj {
    reply(wide_from_r(&layout).and_then(|layout| {
        let total = layout.format.bits();
        let offsets: Vec<i32> = wide::explain::layout_fields(layout.format, layout.sub_ms)
            .iter()
            .map(|f| (total - f.start - f.width) as i32)
            .collect();
        value(vectors::integers_from(&offsets))
    }))
}

extendr_module! {
    mod wide_explain;
    fn wide_explain;
    fn wide_layout_offsets;
}
