//! Large output vectors in memory the kernel may back with 2 MiB pages.
//! R frees a large vector's memory back to the system, so filling the next
//! one pays a page fault per 4 KiB touched (about 50,000 for `id_fields()`'s
//! 190 MB); with transparent huge pages in `madvise` mode, memory marked
//! `MADV_HUGEPAGE` before it is touched faults once per 2 MiB. R allocates
//! the vector as always (`allocVector()`: a large one is fresh memory from
//! the system, untouched past its header); this module only marks the
//! 2 MiB-aligned part of its data, before the binding writes it. R 4.6's
//! check calls `allocVector3()`, which let a package supply the memory
//! itself, a non-API entry point: zuid no longer uses it. The advice is
//! only advice: nothing but speed depends on this module, and on other
//! systems it does nothing.
//!
//! Use it through `vectors::alloc` (and `doubles`, `integers`,
//! `logicals`), which calls it for vectors of [`LARGE_BYTES`] or more.

use extendr_ffi::{Rf_xlength, INTEGER, LOGICAL, REAL, SEXP, SEXPTYPE};

/// Vectors of at least this many bytes are advised: below it the page
/// faults cost little, and no 2 MiB-aligned page may lie inside.
pub const LARGE_BYTES: usize = 4 << 20;

const HUGE_PAGE: usize = 2 << 20;

#[cfg(target_os = "linux")]
fn advise_range(start: usize, end: usize) {
    use std::os::raw::{c_int, c_void};
    extern "C" {
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }
    const MADV_HUGEPAGE: c_int = 14;
    // SAFETY: the range lies inside a live R vector's data; the advice
    // changes how its pages are backed, never their contents.
    unsafe { madvise(start as *mut c_void, end - start, MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
fn advise_range(_: usize, _: usize) {}

/// The data of `v` (a fresh vector of `kind`, not yet written), as
/// addresses: where it starts and how many bytes it holds, for numbers and
/// logicals only (R's collector does not look inside them).
///
/// SAFETY: on R's thread; `v` is a live vector of `kind`.
unsafe fn data_of(kind: SEXPTYPE, v: SEXP) -> Option<(usize, usize)> {
    let n = usize::try_from(Rf_xlength(v)).ok()?;
    match kind {
        SEXPTYPE::REALSXP => Some((REAL(v) as usize, n * 8)),
        SEXPTYPE::INTSXP => Some((INTEGER(v) as usize, n * 4)),
        SEXPTYPE::LGLSXP => Some((LOGICAL(v) as usize, n * 4)),
        _ => None,
    }
}

/// Asks the kernel to back the 2 MiB pages that lie wholly inside the data
/// of `v` with huge pages; does nothing for small vectors and other kinds.
///
/// SAFETY: on R's thread; `v` is a live vector of `kind`, just allocated.
pub unsafe fn advise_large(kind: SEXPTYPE, v: SEXP) {
    let Some((start, bytes)) = data_of(kind, v) else {
        return;
    };
    if bytes < LARGE_BYTES {
        return;
    }
    let first = (start + HUGE_PAGE - 1) & !(HUGE_PAGE - 1);
    let last = (start + bytes) & !(HUGE_PAGE - 1);
    if first < last {
        advise_range(first, last);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, with_r};
    use crate::vectors;
    use extendr_api::prelude::*;

    #[test]
    fn large_vectors_stay_r_vectors_that_r_collects() {
        with_r(|| {
            let n = LARGE_BYTES / 8 + 3;
            for _ in 0..20 {
                // SAFETY: on R's thread; protected by the Robj at once.
                let mut v = unsafe { Robj::from_sexp(vectors::alloc(SEXPTYPE::REALSXP, n)) };
                let slots = v.as_real_slice_mut().unwrap();
                slots.fill(1.5);
                slots[n - 1] = 2.5;
                assert_eq!(v.len(), n);
                assert_eq!(v.as_real_slice().unwrap()[n - 1], 2.5);
                assert_eq!(v.as_real_slice().unwrap()[0], 1.5);
                eval("invisible(gc())");
            }
            // SAFETY: on R's thread; small vectors and strings are left as
            // they are (nothing to assert but that nothing breaks).
            unsafe {
                let small = Robj::from_sexp(vectors::alloc(SEXPTYPE::INTSXP, 10));
                advise_large(SEXPTYPE::INTSXP, small.get());
                let text = Robj::from_sexp(vectors::alloc(SEXPTYPE::STRSXP, 10));
                advise_large(SEXPTYPE::STRSXP, text.get());
                assert_eq!(text.len(), 10);
            }
        });
    }

    #[test]
    fn only_whole_huge_pages_inside_the_data_are_advised() {
        // The arithmetic of the range, on made-up addresses.
        let start = 3 * HUGE_PAGE - 100;
        let first = (start + HUGE_PAGE - 1) & !(HUGE_PAGE - 1);
        let last = (start + 5 * HUGE_PAGE) & !(HUGE_PAGE - 1);
        assert_eq!((first, last), (3 * HUGE_PAGE, 7 * HUGE_PAGE));
    }
}
