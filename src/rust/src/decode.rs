//! Decoding a vector of IDs into R columns in one pass: every output
//! vector is allocated once at its final size and filled in place.

use crate::input::{Ids, Invalid};
use crate::layout::layout_from_r;
use extendr_api::prelude::*;
use zuid_core::{Entry, Layout};

const NA_INTEGER: i32 = i32::MIN;

/// The output columns, borrowed from R vectors allocated at full length.
struct Columns<'a> {
    time: &'a mut [f64],
    nodes: Vec<NodeColumn<'a>>,
    sequence: Option<&'a mut [i32]>,
}

/// Node fields of at most 31 bits are R integers; wider ones exact doubles.
enum NodeColumn<'a> {
    Int(&'a mut [i32]),
    Dbl(&'a mut [f64]),
}

/// Fills the columns; stops at the first double of 2^53 or more and
/// returns its 1-based position as the error.
fn decode_into(ids: &Ids, layout: &Layout, cols: &mut Columns) -> std::result::Result<Invalid, usize> {
    let na_real = <f64 as CanBeNA>::na();
    let nodes: Vec<_> = layout.nodes().collect();
    let sequence = layout.sequence();
    let mut invalid = Invalid::default();
    for i in 0..ids.len() {
        let id = match ids.get(i) {
            Entry::Id(id) if layout.admits(id) => Some(id),
            Entry::Missing => None,
            Entry::Imprecise => return Err(i + 1),
            Entry::Id(_) | Entry::Invalid => {
                invalid.note(i);
                None
            }
        };
        cols.time[i] = id.map_or(na_real, |id| layout.time_ms(id) as f64 / 1000.0);
        for (part, col) in nodes.iter().zip(cols.nodes.iter_mut()) {
            match col {
                NodeColumn::Int(v) => v[i] = id.map_or(NA_INTEGER, |id| part.extract(id) as i32),
                NodeColumn::Dbl(v) => v[i] = id.map_or(na_real, |id| part.extract(id) as f64),
            }
        }
        if let Some(v) = cols.sequence.as_deref_mut() {
            v[i] = id.map_or(NA_INTEGER, |id| sequence.extract(id) as i32);
        }
    }
    Ok(invalid)
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
    let mut time = Robj::from(Doubles::new(n));
    let mut nodes: Vec<Robj> = if time_only {
        Vec::new()
    } else {
        layout
            .nodes()
            .map(|p| if p.bits() <= 31 { Integers::new(n).into() } else { Doubles::new(n).into() })
            .collect()
    };
    let mut sequence = (!time_only).then(|| Robj::from(Integers::new(n)));

    let mut cols = Columns {
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
    let (invalid, imprecise) = match decode_into(&ids, &layout, &mut cols) {
        Ok(invalid) => (invalid, None),
        Err(position) => (Invalid::default(), Some(position as f64)),
    };
    list!(
        time = time,
        nodes = List::from_values(nodes),
        sequence = sequence.unwrap_or_else(|| Robj::from(())),
        invalid = invalid.to_r(),
        imprecise = imprecise
    )
    .into()
}

extendr_module! {
    mod decode;
    fn decode_ids;
}
