//! R vectors allocated at their final length and filled once, without the
//! zero-filling pass of extendr's constructors or its per-string
//! bookkeeping.

use extendr_api::prelude::*;
use extendr_ffi::{cetype_t, R_NaString, Rf_mkCharLenCE, SET_STRING_ELT, SEXPTYPE};

/// A double vector of length `n` whose contents the caller must write.
pub fn doubles(n: usize) -> Robj {
    Robj::alloc_vector(SEXPTYPE::REALSXP, n)
}

/// A logical vector of length `n` whose contents the caller must write.
pub fn logicals(n: usize) -> Robj {
    Robj::alloc_vector(SEXPTYPE::LGLSXP, n)
}

/// An integer vector of length `n` whose contents the caller must write.
pub fn integers(n: usize) -> Robj {
    Robj::alloc_vector(SEXPTYPE::INTSXP, n)
}

/// A character vector of `n` strings: `text(i, buf)` writes entry `i` into
/// `buf` and returns its ASCII bytes, or `None` for NA.
pub fn strings<const N: usize>(n: usize, mut text: impl FnMut(usize, &mut [u8; N]) -> Option<&[u8]>) -> Robj {
    let out = Robj::alloc_vector(SEXPTYPE::STRSXP, n);
    let mut buf = [0u8; N];
    for i in 0..n {
        // SAFETY: `out` is a protected STRSXP of length n; each CHARSXP is
        // stored into it as soon as it is made, before R can collect it.
        unsafe {
            let charsxp = match text(i, &mut buf) {
                Some(bytes) => Rf_mkCharLenCE(bytes.as_ptr().cast(), bytes.len() as i32, cetype_t::CE_UTF8),
                None => R_NaString,
            };
            SET_STRING_ELT(out.get(), i as isize, charsxp);
        }
    }
    out
}
