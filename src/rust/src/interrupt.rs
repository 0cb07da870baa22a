//! Asking R whether the user pressed Ctrl-C, without R jumping out of Rust
//! frames: R_CheckUserInterrupt runs under R_ToplevelExec, which returns
//! FALSE instead of unwinding when the check raises the interrupt.

use std::os::raw::{c_int, c_void};

extern "C" {
    fn R_ToplevelExec(fun: Option<unsafe extern "C" fn(*mut c_void)>, data: *mut c_void) -> c_int;
    fn R_CheckUserInterrupt();
}

unsafe extern "C" fn check(_: *mut c_void) {
    R_CheckUserInterrupt();
}

/// True when an interrupt is pending. Only call it on R's main thread.
pub fn pending() -> bool {
    // SAFETY: called from a .Call on R's thread; `check` takes no data.
    unsafe { R_ToplevelExec(Some(check), std::ptr::null_mut()) == 0 }
}
