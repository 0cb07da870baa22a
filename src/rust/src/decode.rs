//! Decoding a vector of IDs into R columns in one pass: every output
//! vector is allocated once at its final size and filled in place.

use crate::layout::layout_from_r;
use extendr_api::prelude::*;
use zuid_core::parse::{from_double, from_integer, from_integer64_bits, parse_text};
use zuid_core::{Entry, Layout};

/// How many invalid positions come back to R for its warning.
const POSITIONS_REPORTED: usize = 5;
const NA_INTEGER: i32 = i32::MIN;

/// The input forms, as R's `input_code()` numbers them.
const INPUT_CHARACTER: i32 = 0;
const INPUT_INTEGER64: i32 = 1;
const INPUT_DOUBLE: i32 = 2;
const INPUT_INTEGER: i32 = 3;

/// The bytes of a non-NA CHARSXP, read in place with no copy. extendr's
/// `&str` view assumes UTF-8, which R strings need not be.
fn charsxp_bytes(s: &Rstr) -> &[u8] {
    unsafe {
        let sexp = s.get();
        let len = usize::try_from(extendr_ffi::Rf_xlength(sexp)).unwrap_or(0);
        std::slice::from_raw_parts(extendr_ffi::R_CHAR(sexp).cast::<u8>(), len)
    }
}

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

#[derive(Default)]
struct Outcome {
    invalid: usize,
    positions: Vec<usize>,
    /// 1-based position of the first double of 2^53 or more.
    imprecise: Option<usize>,
}

fn decode_into(n: usize, read: impl Fn(usize) -> Entry, layout: &Layout, cols: &mut Columns) -> Outcome {
    let na_real = <f64 as CanBeNA>::na();
    let nodes: Vec<_> = layout.nodes().collect();
    let sequence = layout.sequence();
    let mut outcome = Outcome::default();
    for i in 0..n {
        let id = match read(i) {
            Entry::Id(id) if layout.admits(id) => Some(id),
            Entry::Missing => None,
            Entry::Imprecise => {
                outcome.imprecise = Some(i + 1);
                return outcome;
            }
            Entry::Id(_) | Entry::Invalid => {
                outcome.invalid += 1;
                if outcome.positions.len() < POSITIONS_REPORTED {
                    outcome.positions.push(i + 1);
                }
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
    outcome
}

fn read_and_decode(x: &Robj, input: i32, layout: &Layout, cols: &mut Columns) -> Option<Outcome> {
    let n = x.len();
    let scru64 = layout.is_scru64();
    Some(match input {
        INPUT_CHARACTER => {
            let strings = Strings::try_from(x.clone()).ok()?;
            let s = strings.as_slice();
            let read = |i: usize| {
                if s[i].is_na() {
                    Entry::Missing
                } else {
                    parse_text(charsxp_bytes(&s[i]), scru64)
                }
            };
            decode_into(n, read, layout, cols)
        }
        INPUT_INTEGER64 => {
            let v = x.as_real_slice()?;
            decode_into(n, |i| from_integer64_bits(v[i].to_bits()), layout, cols)
        }
        INPUT_DOUBLE => {
            let v = x.as_real_slice()?;
            decode_into(n, |i| from_double(v[i]), layout, cols)
        }
        INPUT_INTEGER => {
            let v = x.as_integer_slice()?;
            decode_into(n, |i| from_integer(v[i]), layout, cols)
        }
        _ => return None,
    })
}

/// Decodes `x` (read as `input` says) with the layout R describes. Returns
/// `list(time, nodes, sequence, invalid, positions, imprecise)`, times in
/// POSIXct seconds; `sequence` and `nodes` are NULL when `time_only`. A
/// layout or input the binding cannot use comes back as `NULL`.
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
    let Ok(mut layout) = layout_from_r(kinds, bits, unit_ms, epoch_ms) else {
        return Robj::from(());
    };
    if scru64 {
        layout = layout.with_scru64_text();
    }
    let n = x.len();
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

    let outcome = {
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
        match read_and_decode(&x, input, &layout, &mut cols) {
            Some(outcome) => outcome,
            None => return Robj::from(()),
        }
    };

    let positions: Vec<f64> = outcome.positions.iter().map(|&p| p as f64).collect();
    list!(
        time = time,
        nodes = List::from_values(nodes),
        sequence = sequence.unwrap_or_else(|| Robj::from(())),
        invalid = outcome.invalid as f64,
        positions = positions,
        imprecise = outcome.imprecise.map(|p| p as f64)
    )
    .into()
}

extendr_module! {
    mod decode;
    fn decode_ids;
}
