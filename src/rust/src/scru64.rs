//! SCRU64's 12-character base36 text, both ways.

use crate::input::{charsxp_bytes, invalid_to_r, Ids};
use zuid_core::columns::Invalid;
use crate::alloc;
use crate::output::ids_to_r;
use extendr_api::prelude::*;
use zuid_core::parse::{parse_scru64, SCRU64_MAX, SCRU64_TEXT_LEN};
use zuid_core::text::{binary_text, scru64_text, write_decimal, DECIMAL_MAX_LEN};
use zuid_core::Entry;

/// A first pass over the entries, so that the output is built once and
/// only when it is needed: the 1-based position of the first imprecise
/// double as the error, else the entries that are neither missing nor IDs
/// that `accept` takes.
fn scan(ids: &Ids, accept: impl Fn(u64) -> bool) -> std::result::Result<Invalid, usize> {
    let mut invalid = Invalid::default();
    for i in 0..ids.len() {
        match ids.get(i) {
            Entry::Imprecise => return Err(i + 1),
            Entry::Missing => {}
            Entry::Id(id) if accept(id) => {}
            _ => invalid.note(i),
        }
    }
    Ok(invalid)
}

/// The SCRU64 text of IDs read as `input` says (text is decimal here).
/// Returns `list(text, invalid, imprecise)`; NULL for an unusable input.
#[extendr]
fn scru64_from_ids(x: Robj, input: i32) -> Robj {
    let Some(ids) = Ids::from_r(&x, input, false) else {
        return Robj::from(());
    };
    let invalid = match scan(&ids, |id| id <= SCRU64_MAX) {
        Ok(invalid) => invalid,
        Err(position) => return list!(text = (), invalid = (), imprecise = position as f64).into(),
    };
    let text = alloc::strings::<SCRU64_TEXT_LEN>(ids.len(), |i, buf| match ids.get(i) {
        Entry::Id(id) => scru64_text(id).map(|digits| {
            *buf = digits;
            &buf[..]
        }),
        _ => None,
    });
    list!(text = text, invalid = invalid_to_r(&invalid), imprecise = ()).into()
}

/// IDs from SCRU64 text; anything but 12 base36 digits is invalid.
/// Returns `list(ids, invalid)`.
#[extendr]
fn ids_from_scru64(text: Strings, as_integer64: bool) -> Robj {
    let strings = text.as_slice();
    let mut invalid = Invalid::default();
    let entry = |i: usize| {
        let s = &strings[i];
        if s.is_na() {
            Entry::Missing
        } else {
            parse_scru64(charsxp_bytes(s))
        }
    };
    for i in 0..strings.len() {
        if entry(i) == Entry::Invalid {
            invalid.note(i);
        }
    }
    let (ids, _) = ids_to_r(strings.len(), as_integer64, |i| match entry(i) {
        Entry::Id(id) => Some(id),
        _ => None,
    });
    list!(ids = ids, invalid = invalid_to_r(&invalid)).into()
}

/// The 64 bits of each ID, read without a layout (text as decimal, or
/// SCRU64 text with `scru64`), and its decimal text, as
/// `list(bits, decimal, invalid, imprecise)`.
#[extendr]
fn id_bits(x: Robj, input: i32, scru64: bool) -> Robj {
    let Some(ids) = Ids::from_r(&x, input, scru64) else {
        return Robj::from(());
    };
    let invalid = match scan(&ids, |_| true) {
        Ok(invalid) => invalid,
        Err(position) => return list!(bits = (), decimal = (), invalid = (), imprecise = position as f64).into(),
    };
    let bits = alloc::strings::<64>(ids.len(), |i, buf| match ids.get(i) {
        Entry::Id(id) => {
            *buf = binary_text(id);
            Some(&buf[..])
        }
        _ => None,
    });
    let decimal = alloc::strings::<DECIMAL_MAX_LEN>(ids.len(), |i, buf| match ids.get(i) {
        Entry::Id(id) => Some(write_decimal(id, buf)),
        _ => None,
    });
    list!(bits = bits, decimal = decimal, invalid = invalid_to_r(&invalid), imprecise = ()).into()
}

extendr_module! {
    mod scru64;
    fn id_bits;
    fn scru64_from_ids;
    fn ids_from_scru64;
}
