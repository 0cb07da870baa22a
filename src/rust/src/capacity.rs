//! A layout's lifetime and capacity, as the core computes them.

use crate::layout::layout_from_r;
use crate::reply::{reply, value};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::layouts::capacity::capacity;
use zuid_core::r_values::seconds_from_time;

/// `list(end, end_text, span_seconds, years, ticks_per_second,
/// ids_per_tick, ids_per_second, nodes)`: the end of the last tick as
/// POSIXct seconds and as ISO 8601 text (NA past the year 9999), the
/// seconds and years from the start of tick 0 to it, and the rates of one
/// node. Counts are powers of two, exact as doubles.
#[extendr]
fn layout_capacity(layout: Robj) -> Robj {
    reply(layout_from_r(&layout).and_then(|layout| {
        let c = capacity(&layout);
        value(list!(
            end = seconds_from_time(c.end, layout.resolution()),
            end_text = vectors::texts(&[c.end_text()]),
            span_seconds = c.span_seconds,
            years = c.years,
            ticks_per_second = c.ticks_per_second,
            ids_per_tick = c.ids_per_tick as f64,
            ids_per_second = c.ids_per_second,
            nodes = c.nodes as f64
        ))
    }))
}

extendr_module! {
    mod capacity;
    fn layout_capacity;
}
