//! Large output vectors in memory the kernel may back with 2 MiB pages.
//! R frees a large vector's memory back to the system, so filling the next
//! one pays a page fault per 4 KiB touched (about 50,000 for `id_fields()`'s
//! 190 MB); with transparent huge pages in `madvise` mode, the same memory
//! asked for with `MADV_HUGEPAGE` faults once per 2 MiB. R lets a package
//! supply the memory of a vector through `allocVector3()` and a custom
//! allocator; R frees it through the same allocator when it collects the
//! vector. On other systems, or when mapping fails, R's own allocation
//! does the job: nothing but speed depends on this module.
//!
//! Use it through `vectors::alloc` (and `doubles`, `integers`,
//! `logicals`), which picks it for vectors of [`LARGE_BYTES`] or more.

use extendr_ffi::{R_xlen_t, SEXP, SEXPTYPE};
use std::os::raw::c_void;

/// Vectors of at least this many bytes get their own mapping: below it the
/// page faults cost little and a mapping per vector would waste memory.
pub const LARGE_BYTES: usize = 4 << 20;

/// R's `R_allocator_t` (R_ext/Rallocators.h): R copies it into the block
/// it asks for and hands that copy back to `mem_free`.
#[repr(C)]
struct RAllocator {
    mem_alloc: unsafe extern "C" fn(*mut RAllocator, usize) -> *mut c_void,
    mem_free: unsafe extern "C" fn(*mut RAllocator, *mut c_void),
    res: *mut c_void,
    data: *mut c_void,
}

extern "C" {
    // Returns a SEXP; declared as a plain pointer, which is FFI-safe.
    fn Rf_allocVector3(kind: SEXPTYPE, n: R_xlen_t, allocator: *mut RAllocator) -> *mut c_void;
}

#[cfg(target_os = "linux")]
mod map {
    use std::os::raw::{c_int, c_long, c_void};

    extern "C" {
        fn mmap(addr: *mut c_void, len: usize, prot: c_int, flags: c_int, fd: c_int, offset: c_long) -> *mut c_void;
        fn munmap(addr: *mut c_void, len: usize) -> c_int;
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }
    const PROT_READ: c_int = 1;
    const PROT_WRITE: c_int = 2;
    const MAP_PRIVATE: c_int = 2;
    const MAP_ANONYMOUS: c_int = 0x20;
    const MADV_HUGEPAGE: c_int = 14;
    const MAP_FAILED: *mut c_void = !0usize as *mut c_void;

    /// Fresh zeroed memory of `len` bytes, asked to be backed by huge pages
    /// (advice the kernel may ignore), or `None`.
    pub unsafe fn map(len: usize) -> Option<*mut u8> {
        let p = mmap(
            std::ptr::null_mut(),
            len,
            PROT_READ | PROT_WRITE,
            MAP_PRIVATE | MAP_ANONYMOUS,
            -1,
            0,
        );
        if p == MAP_FAILED || p.is_null() {
            return None;
        }
        madvise(p, len, MADV_HUGEPAGE);
        Some(p.cast())
    }

    pub unsafe fn unmap(p: *mut u8, len: usize) {
        munmap(p.cast(), len);
    }
}

/// Where a block came from, kept in the [`HEADER`] bytes before the
/// pointer given to R: the mapping's start and length, or a null start for
/// memory from `malloc`.
#[repr(C)]
struct Origin {
    start: *mut u8,
    len: usize,
}

/// Room for the `Origin`, keeping R's block 64-byte aligned.
const HEADER: usize = 64;
const HUGE_PAGE: usize = 2 << 20;

extern "C" {
    fn malloc(size: usize) -> *mut c_void;
    fn free(p: *mut c_void);
}

/// A block of `size` bytes for R: in a mapping whose 2 MiB-aligned part
/// holds it (so that huge pages can cover it), or from `malloc` when
/// mapping fails. Null only when both fail, which R reports as it reports
/// any vector it cannot allocate.
unsafe extern "C" fn mem_alloc(_: *mut RAllocator, size: usize) -> *mut c_void {
    let Some(want) = size.checked_add(HEADER + HUGE_PAGE) else {
        return std::ptr::null_mut();
    };
    #[cfg(target_os = "linux")]
    if let Some(start) = map::map(want) {
        let aligned = (start as usize + HUGE_PAGE - 1) & !(HUGE_PAGE - 1);
        let origin = aligned as *mut Origin;
        origin.write(Origin { start, len: want });
        return (aligned + HEADER) as *mut c_void;
    }
    let Some(total) = size.checked_add(HEADER) else {
        return std::ptr::null_mut();
    };
    let start = malloc(total).cast::<u8>();
    if start.is_null() {
        return std::ptr::null_mut();
    }
    start.cast::<Origin>().write(Origin {
        start: std::ptr::null_mut(),
        len: 0,
    });
    start.add(HEADER).cast()
}

/// Frees a block [`mem_alloc`] gave R (R passes that same pointer).
unsafe extern "C" fn mem_free(_: *mut RAllocator, block: *mut c_void) {
    if block.is_null() {
        return;
    }
    let head = block.cast::<u8>().sub(HEADER);
    let origin = head.cast::<Origin>().read();
    if origin.start.is_null() {
        free(head.cast());
        return;
    }
    #[cfg(target_os = "linux")]
    map::unmap(origin.start, origin.len);
}

/// A vector of `kind` and length `n` in memory of its own (see the module
/// comment), or `None` when it is too small to gain from it or of a kind
/// not served here (only numbers and logicals: R's collector does not look
/// inside them).
///
/// SAFETY: on R's thread; the result is unprotected, as `Rf_allocVector`'s.
pub unsafe fn alloc_large(kind: SEXPTYPE, n: usize) -> Option<SEXP> {
    let width = match kind {
        SEXPTYPE::REALSXP => 8,
        SEXPTYPE::INTSXP | SEXPTYPE::LGLSXP => 4,
        _ => return None,
    };
    if !cfg!(target_os = "linux") || n.saturating_mul(width) < LARGE_BYTES {
        return None;
    }
    let mut allocator = RAllocator {
        mem_alloc,
        mem_free,
        res: std::ptr::null_mut(),
        data: std::ptr::null_mut(),
    };
    Some(Rf_allocVector3(kind, n as R_xlen_t, &mut allocator).cast())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, with_r};
    use extendr_api::prelude::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn large_vectors_are_r_vectors_that_r_collects() {
        with_r(|| {
            let n = LARGE_BYTES / 8 + 3;
            for _ in 0..20 {
                // SAFETY: on R's thread; protected by the Robj at once.
                let mut v = unsafe { Robj::from_sexp(alloc_large(SEXPTYPE::REALSXP, n).expect("large")) };
                let slots = v.as_real_slice_mut().unwrap();
                assert!(slots.iter().all(|&x| x == 0.0), "fresh mappings are zeroed");
                slots[n - 1] = 2.5;
                assert_eq!(v.len(), n);
                assert_eq!(v.as_real_slice().unwrap()[n - 1], 2.5);
                eval("invisible(gc())");
            }
            // SAFETY: on R's thread; the result is dropped at once.
            let small = unsafe { alloc_large(SEXPTYPE::INTSXP, 10) };
            assert!(small.is_none());
            // SAFETY: as above.
            assert!(unsafe { alloc_large(SEXPTYPE::STRSXP, LARGE_BYTES) }.is_none());
        });
    }
}
