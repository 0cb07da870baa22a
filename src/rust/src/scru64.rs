//! SCRU64's 12-character base36 text, both ways.

use crate::input::{charsxp_bytes, Ids, Invalid};
use crate::output::{ascii, ids_to_r};
use extendr_api::prelude::*;
use zuid_core::parse::parse_scru64;
use zuid_core::text::scru64_text;
use zuid_core::Entry;

/// The SCRU64 text of IDs read as `input` says (text is decimal here).
/// Returns `list(text, invalid, imprecise)`; NULL for an unusable input.
#[extendr]
fn scru64_from_ids(x: Robj, input: i32) -> Robj {
    let Some(ids) = Ids::from_r(&x, input, false) else {
        return Robj::from(());
    };
    let mut invalid = Invalid::default();
    let mut text = Vec::with_capacity(ids.len());
    for i in 0..ids.len() {
        let entry = ids.get(i);
        if entry == Entry::Imprecise {
            return list!(text = (), invalid = invalid.to_r(), imprecise = (i + 1) as f64).into();
        }
        let digits = match entry {
            Entry::Id(id) => scru64_text(id),
            _ => None,
        };
        if digits.is_none() && entry != Entry::Missing {
            invalid.note(i);
        }
        text.push(digits.map_or_else(Rstr::na, |d| Rstr::from(ascii(&d))));
    }
    let text: Strings = text.into_iter().collect();
    list!(text = text, invalid = invalid.to_r(), imprecise = ()).into()
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
    list!(ids = ids, invalid = invalid.to_r()).into()
}

extendr_module! {
    mod scru64;
    fn scru64_from_ids;
    fn ids_from_scru64;
}
