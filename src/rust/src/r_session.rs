//! R embedded in the test process, for the binding's tests of the code that
//! calls R: started once, and used by one test at a time (R is single
//! threaded). A test must not let an R error escape (an embedded R has no
//! top level to jump to): the code under test returns problems as values,
//! and `eval` runs R code inside R's `try()`.

use extendr_api::prelude::*;
use extendr_ffi::{R_CStackLimit, R_GlobalEnv, Rf_initialize_R, SEXP};
use std::os::raw::c_char;
use std::sync::{Mutex, Once};

static START: Once = Once::new();
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

// SEXP points at R's opaque SEXPREC, as in extendr_ffi's own declarations.
#[allow(improper_ctypes)]
extern "C" {
    fn setup_Rmainloop();
    fn R_ParseEvalString(text: *const c_char, env: SEXP) -> SEXP;
    /// Set by R's signal handler when the user presses Ctrl-C.
    static mut R_interrupts_pending: i32;
}

fn start() {
    if std::env::var_os("R_HOME").is_none() {
        let home = std::process::Command::new("R")
            .arg("RHOME")
            .output()
            .expect("R is installed (the binding links libR)");
        let home = String::from_utf8(home.stdout).expect("R_HOME is text");
        std::env::set_var("R_HOME", home.trim());
    }
    let mut args: Vec<*mut c_char> = [&b"R\0"[..], b"--vanilla\0", b"--silent\0", b"--no-echo\0"]
        .iter()
        .map(|a| a.as_ptr() as *mut c_char)
        .collect();
    // SAFETY: R is started once, before any other R call; the arguments
    // outlive the call. R's C stack check cannot follow test threads.
    unsafe {
        Rf_initialize_R(args.len() as i32, args.as_mut_ptr());
        R_CStackLimit = usize::MAX;
        setup_Rmainloop();
    }
}

/// Runs `test` with R started and no other test using it.
pub fn with_r<T>(test: impl FnOnce() -> T) -> T {
    START.call_once(start);
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    test()
}

/// The value of R code, evaluated in R's global environment. The code must
/// not raise an error.
pub fn eval(code: &str) -> Robj {
    let text = std::ffi::CString::new(code).expect("R code without NUL");
    // SAFETY: inside `with_r`; the result is protected at once.
    unsafe { Robj::from_sexp(R_ParseEvalString(text.as_ptr(), R_GlobalEnv)) }
}

/// Makes R see a Ctrl-C at its next check for one.
pub fn press_ctrl_c() {
    // SAFETY: inside `with_r`, as R's own signal handler would set it.
    unsafe { R_interrupts_pending = 1 };
}

#[test]
fn r_runs_embedded() {
    with_r(|| {
        assert_eq!(eval("1 + 1").as_real(), Some(2.0));
        assert_eq!(
            eval("class(structure(1, class = 'integer64'))").as_str(),
            Some("integer64")
        );
    });
}
