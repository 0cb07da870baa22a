//! Decoding a vector of IDs into R columns: every output vector is
//! allocated once at its final size and filled in place by the core.

use crate::alloc;
use crate::input::{invalid_to_r, Ids};
use crate::layout::layout_from_r;
use extendr_api::prelude::*;
use zuid_core::parse::{from_double, from_integer, from_integer64_bits};
use zuid_core::columns::{decode_by_column_parallel, decode_rows, Columns, Invalid, NodeColumn};
use zuid_core::Layout;

/// Numbers are decoded a column at a time, on two threads when there are
/// many; text is parsed once per row, on R's thread, since reading a
/// CHARSXP goes through R's API.
fn decode_ids_into(ids: &Ids, layout: &Layout, mut cols: Columns) -> std::result::Result<Invalid, usize> {
    let n = ids.len();
    match ids {
        Ids::Integer64(v) => decode_by_column_parallel(n, |i| from_integer64_bits(v[i].to_bits()), layout, cols),
        Ids::Double(v) => decode_by_column_parallel(n, |i| from_double(v[i]), layout, cols),
        Ids::Integer(v) => decode_by_column_parallel(n, |i| from_integer(v[i]), layout, cols),
        Ids::Text { .. } => decode_rows(n, |i| ids.get(i), layout, &mut cols),
    }
}

/// Decodes `x` (read as `input` says) with the layout R describes. Returns
/// `list(time, nodes, sequence, invalid, imprecise)`, times in POSIXct
/// seconds; `nodes` is empty and `sequence` NULL when `time_only`. A layout
/// or input the binding cannot use comes back as `NULL`.
#[extendr]
#[allow(clippy::too_many_arguments)]
fn decode_ids(
    x: Robj,
    input: i32,
    kinds: &[i32],
    bits: &[i32],
    unit_ms: i32,
    epoch_ms: f64,
    scru64: bool,
    time_only: bool,
) -> Robj {
    let (Ok(layout), Some(ids)) = (layout_from_r(kinds, bits, unit_ms, epoch_ms, scru64), Ids::from_r(&x, input, scru64)) else {
        return Robj::from(());
    };
    let n = ids.len();
    let mut time = alloc::doubles(n);
    let mut nodes: Vec<Robj> = if time_only {
        Vec::new()
    } else {
        layout
            .nodes()
            .map(|p| if p.bits() <= 31 { alloc::integers(n) } else { alloc::doubles(n) })
            .collect()
    };
    let mut sequence = (!time_only).then(|| alloc::integers(n));

    let cols = Columns {
        time: time.as_real_slice_mut().expect("allocated as doubles"),
        nodes: nodes
            .iter_mut()
            .map(|col| match col.rtype() {
                Rtype::Integers => NodeColumn::Int(col.as_integer_slice_mut().expect("integers")),
                _ => NodeColumn::Dbl(col.as_real_slice_mut().expect("doubles")),
            })
            .collect(),
        sequence: sequence.as_mut().map(|s| s.as_integer_slice_mut().expect("integers")),
    };
    let (invalid, imprecise) = match decode_ids_into(&ids, &layout, cols) {
        Ok(invalid) => (invalid, None),
        Err(position) => (Invalid::default(), Some(position as f64)),
    };
    list!(
        time = time,
        nodes = List::from_values(nodes),
        sequence = sequence.unwrap_or_else(|| Robj::from(())),
        invalid = invalid_to_r(&invalid),
        imprecise = imprecise
    )
    .into()
}

extendr_module! {
    mod decode;
    fn decode_ids;
}
