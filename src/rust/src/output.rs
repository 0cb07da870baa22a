//! IDs back to R: decimal strings, or the bits of each ID in a double
//! vector of class "integer64", built without bit64.

use crate::alloc;
use crate::problem::{Code, Problem};
use extendr_api::prelude::*;
use zuid_core::r_values::NA_INTEGER64_BITS;
use zuid_core::text::{write_decimal, DECIMAL_MAX_LEN};
use zuid_core::Invalid;

/// The R form IDs are returned in, as R's `as` argument names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdsAs {
    /// Decimal strings.
    Character,
    /// A plain `bit64::integer64`, which reads IDs of 2^63 and more as
    /// negative numbers: they become NA.
    Integer64,
}

impl IdsAs {
    pub fn from_name(name: &str) -> std::result::Result<IdsAs, Problem> {
        match name {
            "character" => Ok(IdsAs::Character),
            "integer64" => Ok(IdsAs::Integer64),
            _ => Err(Problem::new(Code::InputType)),
        }
    }
}

/// Builds the `n` IDs that `id(i)` gives (`None` for NA) in the form
/// `as` says, with the problem of IDs that form could not hold.
pub fn ids_to_r(n: usize, as_: IdsAs, id: impl Fn(usize) -> Option<u64>) -> (Robj, Option<Problem>) {
    match as_ {
        IdsAs::Integer64 => {
            let mut out = alloc::doubles(n);
            for (i, slot) in out.as_real_slice_mut().expect("doubles").iter_mut().enumerate() {
                *slot = f64::from_bits(id(i).unwrap_or(NA_INTEGER64_BITS));
            }
            integer64_from_bits(out)
        }
        IdsAs::Character => {
            let out = alloc::strings::<DECIMAL_MAX_LEN>(n, |i, buf| id(i).map(|v| write_decimal(v, buf)));
            (out, None)
        }
    }
}

/// Marks a double vector holding ID bits as integer64. IDs of 2^63 and
/// more, whose bits bit64 would read as NA or as negative, become NA and
/// are noted.
pub fn integer64_from_bits(mut out: Robj) -> (Robj, Option<Problem>) {
    let mut lost = Invalid::default();
    for (i, slot) in out.as_real_slice_mut().expect("doubles").iter_mut().enumerate() {
        if slot.to_bits() > i64::MAX as u64 && slot.to_bits() != NA_INTEGER64_BITS {
            lost.note(i);
            *slot = f64::from_bits(NA_INTEGER64_BITS);
        }
    }
    out.set_class(&["integer64"]).expect("a vector takes a class");
    (out, Problem::entries(Code::Integer64Lost, lost))
}
