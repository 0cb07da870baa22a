//! Calling R's C API where R may jump out: an allocation R cannot make
//! raises an R error, and a pending Ctrl-C an interrupt, and either would
//! longjmp over the Rust frames in between, skipping their destructors (a
//! lock never released, an R object never unprotected). Here the code that
//! calls R runs inside R's own `tryCatch()` for both, so that the jump ends
//! there and comes back as a value.

use crate::vectors;
use extendr_ffi::{R_NilValue, R_PreserveObject, SEXP, SEXPTYPE};
use std::os::raw::{c_char, c_int, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicPtr, Ordering};

type Body = unsafe extern "C" fn(*mut c_void) -> SEXP;
type Handler = unsafe extern "C" fn(SEXP, *mut c_void) -> SEXP;
type Finally = unsafe extern "C" fn(*mut c_void);

// SEXP points at R's opaque SEXPREC, as in extendr_ffi's own declarations.
#[allow(improper_ctypes)]
extern "C" {
    fn R_tryCatch(
        body: Option<Body>,
        bdata: *mut c_void,
        conds: SEXP,
        handler: Option<Handler>,
        hdata: *mut c_void,
        finally: Option<Finally>,
        fdata: *mut c_void,
    ) -> SEXP;
    fn Rf_inherits(x: SEXP, class: *const c_char) -> c_int;
    fn R_CheckUserInterrupt();
}

/// Why the code did not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jump {
    /// R raised an error: within zuid's calls, an allocation R could not
    /// make.
    Error,
    /// The user pressed Ctrl-C.
    Interrupt,
}

struct Call<F> {
    body: F,
    jump: Option<Jump>,
    /// A panic of `body`, carried over R's frames and resumed beyond them.
    panic: Option<Box<dyn std::any::Any + Send>>,
}

unsafe extern "C" fn run<F: FnMut() -> SEXP>(data: *mut c_void) -> SEXP {
    // SAFETY: `data` is the `Call<F>` that `protect` passed to R_tryCatch.
    let call = unsafe { &mut *data.cast::<Call<F>>() };
    // A panic must not unwind into R's C frames.
    match catch_unwind(AssertUnwindSafe(|| (call.body)())) {
        Ok(value) => value,
        Err(payload) => {
            call.panic = Some(payload);
            // SAFETY: reading R's NULL.
            unsafe { R_NilValue }
        }
    }
}

unsafe extern "C" fn caught<F>(condition: SEXP, data: *mut c_void) -> SEXP {
    // SAFETY: as in `run`; `condition` is the condition R caught.
    let call = unsafe { &mut *data.cast::<Call<F>>() };
    let interrupt = unsafe { Rf_inherits(condition, b"interrupt\0".as_ptr().cast()) } != 0;
    call.jump = Some(if interrupt { Jump::Interrupt } else { Jump::Error });
    // SAFETY: reading R's NULL.
    unsafe { R_NilValue }
}

/// `c("error", "interrupt")`, made once and kept from the collector.
fn conditions() -> SEXP {
    static CONDITIONS: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());
    let known = CONDITIONS.load(Ordering::Relaxed);
    if !known.is_null() {
        return known.cast();
    }
    // SAFETY: on R's thread. Should R fail to allocate these few bytes, it
    // raises its error before anything of ours needs cleaning up.
    unsafe {
        let conds = vectors::alloc(SEXPTYPE::STRSXP, 2);
        R_PreserveObject(conds);
        for (i, name) in ["error", "interrupt"].iter().enumerate() {
            vectors::set_text(conds, i, Some(name.as_bytes()));
        }
        CONDITIONS.store(conds.cast(), Ordering::Relaxed);
        conds
    }
}

/// Runs `body`, which calls R, so that an R error or an interrupt ends it
/// and comes back as `Err` instead of jumping out of the caller.
///
/// While `body` calls R it must own nothing that needs dropping (a jump
/// skips its frames): values it fills live in the caller and are borrowed.
/// R objects it makes must be protected with `Rf_protect`, which R unwinds
/// itself on a jump. The value it returns is unprotected: the caller must
/// protect it (say, as an `Robj`) before allocating anything.
pub fn protect<F: FnMut() -> SEXP>(body: F) -> Result<SEXP, Jump> {
    let mut call = Call {
        body,
        jump: None,
        panic: None,
    };
    let data: *mut c_void = (&mut call as *mut Call<F>).cast();
    // SAFETY: on R's thread (every binding function runs there); `data`
    // outlives the call, and `run` and `caught` read it as `Call<F>`.
    let value = unsafe {
        R_tryCatch(
            Some(run::<F>),
            data,
            conditions(),
            Some(caught::<F>),
            data,
            None,
            std::ptr::null_mut(),
        )
    };
    if let Some(payload) = call.panic.take() {
        std::panic::resume_unwind(payload);
    }
    match call.jump {
        None => Ok(value),
        Some(jump) => Err(jump),
    }
}

/// Lets R act on a pending Ctrl-C. Inside `protect`'s body, an interrupt
/// jumps to `protect`, which returns `Err(Jump::Interrupt)`; nowhere else
/// may this be called.
pub fn check_interrupt() {
    // SAFETY: on R's thread, inside `protect` (see above).
    unsafe { R_CheckUserInterrupt() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, press_ctrl_c, with_r};
    use extendr_api::prelude::*;
    use extendr_ffi::{Rf_allocVector, SEXPTYPE};

    #[test]
    fn a_body_that_does_not_jump_gives_its_value() {
        with_r(|| {
            let value = protect(|| unsafe { Rf_allocVector(SEXPTYPE::INTSXP, 3) });
            let robj = unsafe { Robj::from_sexp(value.expect("no jump")) };
            assert_eq!(robj.len(), 3);
        });
    }

    #[test]
    fn an_r_error_comes_back_as_a_value() {
        with_r(|| {
            // 2^50 doubles: more memory than any machine here has.
            let jumped = protect(|| unsafe { Rf_allocVector(SEXPTYPE::REALSXP, 1 << 50) });
            assert_eq!(jumped.err(), Some(Jump::Error));
            assert_eq!(eval("1 + 2").as_real(), Some(3.0));
        });
    }

    #[test]
    fn an_interrupt_comes_back_as_a_value() {
        with_r(|| {
            let mut reached = false;
            let jumped = protect(|| {
                press_ctrl_c();
                check_interrupt();
                reached = true;
                unsafe { extendr_ffi::R_NilValue }
            });
            assert_eq!(jumped.err(), Some(Jump::Interrupt));
            assert!(!reached, "R went on past the interrupt");
            // The interrupt is spent: R goes on.
            assert_eq!(protect(|| unsafe { extendr_ffi::R_NilValue }).err(), None);
        });
    }

    #[test]
    fn a_panic_crosses_rs_frames_and_goes_on_beyond_them() {
        with_r(|| {
            let caught = std::panic::catch_unwind(|| protect(|| -> SEXP { panic!("a bug") }));
            assert!(caught.is_err());
            assert_eq!(eval("2 * 3").as_real(), Some(6.0));
        });
    }
}
