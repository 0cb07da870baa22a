//! IDs back to R: decimal strings, or integer64 (a double vector holding
//! the ID's bits, class "integer64", built without bit64).

use crate::alloc;
use zuid_core::columns::Invalid;
use extendr_api::prelude::*;
use zuid_core::text::{write_decimal, DECIMAL_MAX_LEN};

/// Builds the `n` IDs that `id(i)` gives (`None` for NA), as decimal text
/// or as integer64 (see `integer64_from_bits`).
pub fn ids_to_r(n: usize, as_integer64: bool, id: impl Fn(usize) -> Option<u64>) -> (Robj, Invalid) {
    if as_integer64 {
        let na = f64::from_bits(i64::MIN as u64);
        let mut out = alloc::doubles(n);
        for (i, slot) in out.as_real_slice_mut().expect("doubles").iter_mut().enumerate() {
            *slot = id(i).map_or(na, f64::from_bits);
        }
        integer64_from_bits(out)
    } else {
        let out = alloc::strings::<DECIMAL_MAX_LEN>(n, |i, buf| id(i).map(|v| write_decimal(v, buf)));
        (out, Invalid::default())
    }
}

/// Marks a double vector holding ID bits as integer64. IDs of 2^63 and
/// more, whose bits bit64 would read as NA or as negative, become NA and
/// are noted.
pub fn integer64_from_bits(mut out: Robj) -> (Robj, Invalid) {
    let mut lost = Invalid::default();
    let na = f64::from_bits(i64::MIN as u64);
    for (i, slot) in out.as_real_slice_mut().expect("doubles").iter_mut().enumerate() {
        if slot.to_bits() > i64::MAX as u64 && slot.to_bits() != na.to_bits() {
            lost.note(i);
            *slot = na;
        }
    }
    out.set_class(&["integer64"]).expect("a vector takes a class");
    (out, lost)
}
