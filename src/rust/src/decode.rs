//! Decoding a vector of IDs into R columns: every output vector is
//! allocated once at its final size and filled in place by the core.

use crate::damage::rounded_problem;
use crate::input::Ids;
use crate::layout::layout_from_r;
use crate::reply::{reply, with_invalid, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::decode::columns::{
    decode_by_column_parallel, decode_rows, shard_rows, Columns, NodeColumn, Report, TimeAs,
};
use zuid_core::r_values::{from_double, from_integer, from_integer64_bits};
use zuid_core::{Code, Layout, Problem};

/// Numbers are decoded a column at a time, on two threads when there are
/// many; text is parsed once per row, on R's thread, since reading a
/// CHARSXP goes through R's API. The error is an imprecise double's
/// 1-based position.
fn decode_ids_into(ids: &Ids, layout: &Layout, mut cols: Columns) -> std::result::Result<Report, usize> {
    let n = ids.len();
    match ids {
        Ids::Integer64(v) => decode_by_column_parallel(n, |i| from_integer64_bits(v[i].to_bits()), layout, cols),
        Ids::Double(v) => decode_by_column_parallel(n, |i| from_double(v[i]), layout, cols),
        Ids::Integer(v) => decode_by_column_parallel(n, |i| from_integer(v[i]), layout, cols),
        Ids::Text { .. } => decode_rows(n, |i| ids.get(i), layout, &mut cols),
    }
}

/// Decodes `x` (read as `input` says) with the layout. The value is
/// `list(time, nodes, sequence)`, times in POSIXct seconds, or in whole
/// milliseconds since 1970 when `time_ms`; `nodes` is empty and `sequence`
/// NULL when `time_only`.
#[extendr]
fn decode_ids(x: Robj, input: &str, layout: Robj, time_only: bool, time_ms: bool) -> Robj {
    reply(decode(&x, input, &layout, time_only, time_ms))
}

fn decode(x: &Robj, input: &str, layout: &Robj, time_only: bool, time_ms: bool) -> Outcome {
    let layout = layout_from_r(layout)?;
    let ids = Ids::from_r(x, input, layout.text_form())?;
    let n = ids.len();
    let mut time = vectors::doubles(n);
    let mut nodes: Vec<Robj> = if time_only {
        Vec::new()
    } else {
        // Node fields of at most 31 bits fit R integers; wider ones are
        // exact doubles.
        let column = |bits: u32| {
            if bits <= 31 {
                vectors::integers(n)
            } else {
                vectors::doubles(n)
            }
        };
        layout.nodes().map(|p| column(p.bits())).collect()
    };
    let mut sequence = (!time_only).then(|| vectors::integers(n));
    let cols = Columns {
        time: time.as_real_slice_mut().expect("allocated as doubles"),
        time_as: if time_ms { TimeAs::Millis } else { TimeAs::Seconds },
        nodes: nodes
            .iter_mut()
            .map(|col| match col.rtype() {
                Rtype::Integers => NodeColumn::Int(col.as_integer_slice_mut().expect("integers")),
                _ => NodeColumn::Dbl(col.as_real_slice_mut().expect("doubles")),
            })
            .collect(),
        sequence: sequence.as_mut().map(|s| s.as_integer_slice_mut().expect("integers")),
    };
    let report = decode_ids_into(&ids, &layout, cols).map_err(Problem::imprecise_at)?;
    let value = list!(
        time = time,
        nodes = List::from_values(nodes),
        sequence = sequence.unwrap_or_else(|| Robj::from(()))
    );
    // IDs below the layout's first, with no time: one warning more; and
    // valid IDs that look rounded before zuid saw them: another.
    let rounded = rounded_problem(&ids, &layout);
    let (value, mut problems) = with_invalid(value, report.invalid)?;
    problems.extend(Problem::entries(Code::BeforeLayout, report.early));
    problems.extend(rounded);
    Ok((value, problems))
}

/// The shard each ID of `x` routes to among `n` (a whole number from 1 to
/// 2^31 - 1, which R checked): `(id >> bits below the time part) % n`.
#[extendr]
fn ids_shard(x: Robj, input: &str, layout: Robj, n: f64) -> Robj {
    reply(shard(&x, input, &layout, n))
}

fn shard(x: &Robj, input: &str, layout: &Robj, n: f64) -> Outcome {
    let layout = layout_from_r(layout)?;
    if !(1.0..=f64::from(i32::MAX)).contains(&n) || n.fract() != 0.0 {
        return Err(Problem::new(Code::InputType));
    }
    let ids = Ids::from_r(x, input, layout.text_form())?;
    let mut out = vectors::integers(ids.len());
    let slots = out.as_integer_slice_mut().expect("allocated as integers");
    let invalid = shard_rows(ids.len(), |i| ids.get(i), &layout, n as u64, slots).map_err(Problem::imprecise_at)?;
    with_invalid(out, invalid)
}

extendr_module! {
    mod decode;
    fn decode_ids;
    fn ids_shard;
}
