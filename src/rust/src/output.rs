//! IDs back to R: decimal strings, or integer64 (a double vector holding
//! the ID's bits, class "integer64", built without bit64).

use crate::input::Invalid;
use extendr_api::prelude::*;
use zuid_core::text::{write_decimal, DECIMAL_MAX_LEN};

/// Builds the `n` IDs that `id(i)` gives (`None` for NA). As integer64,
/// IDs of 2^63 and more become NA and are noted in the returned `Invalid`:
/// their bits would read back as bit64's NA or a negative number.
pub fn ids_to_r(n: usize, as_integer64: bool, id: impl Fn(usize) -> Option<u64>) -> (Robj, Invalid) {
    let mut lost = Invalid::default();
    if as_integer64 {
        let na = f64::from_bits(i64::MIN as u64);
        let mut out = Doubles::new(n);
        for (i, slot) in out.as_robj_mut().as_real_slice_mut().expect("doubles").iter_mut().enumerate() {
            *slot = match id(i) {
                Some(v) if v <= i64::MAX as u64 => f64::from_bits(v),
                Some(_) => {
                    lost.note(i);
                    na
                }
                None => na,
            };
        }
        let mut out = Robj::from(out);
        out.set_class(&["integer64"]).expect("a vector takes a class");
        (out, lost)
    } else {
        let mut buf = [0u8; DECIMAL_MAX_LEN];
        let out: Strings = (0..n)
            .map(|i| match id(i) {
                Some(v) => Rstr::from(ascii(write_decimal(v, &mut buf))),
                None => Rstr::na(),
            })
            .collect();
        (out.into(), lost)
    }
}

/// Text the core wrote from ASCII digits and letters only.
pub fn ascii(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("the core writes ASCII")
}
