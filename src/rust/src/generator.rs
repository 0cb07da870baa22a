//! Generators live in Rust behind a mutex; R holds an external pointer to
//! one, together with the process id that made it.

use crate::alloc;
use crate::input::invalid_to_r;
use crate::layout::layout_from_r;
use crate::output::{ids_to_r, integer64_from_bits};
use extendr_api::prelude::*;
use std::sync::Mutex;
use zuid_core::parse::from_double;
use zuid_core::{Clock, Entry, GenerateError, Generator, OnClockBack, SystemClock};

/// The system clock, with waits that end early when the user interrupts R.
struct InterruptibleClock;

impl Clock for InterruptibleClock {
    fn now_ms(&self) -> i64 {
        SystemClock.now_ms()
    }

    /// Sleeps in slices, asking R between them whether the user pressed
    /// Ctrl-C, so that a long wait for the clock can be stopped.
    fn sleep_ms(&self, ms: i64) -> bool {
        let mut left = ms;
        while left > 0 {
            let slice = left.min(100);
            SystemClock.sleep_ms(slice);
            left -= slice;
            if crate::interrupt::pending() {
                return false;
            }
        }
        true
    }
}

/// How many IDs are made between two checks for an interrupt.
const INTERRUPT_CHECK_EVERY: usize = 1 << 16;

/// The generator and the process it belongs to: a forked child shares the
/// parent's state and would mint the parent's next IDs again.
struct Shared {
    pid: u32,
    generator: Mutex<Generator<InterruptibleClock>>,
}

fn policy_from_code(code: i32) -> Option<OnClockBack> {
    match code {
        0 => Some(OnClockBack::Wait),
        1 => Some(OnClockBack::Error),
        2 => Some(OnClockBack::Borrow),
        _ => None,
    }
}

/// A seed for SCRU64's counters that differs between processes and calls.
fn seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let local = 0u8;
    nanos ^ (u64::from(std::process::id()) << 32) ^ (&local as *const u8 as u64)
}

/// A new generator as an external pointer, or NULL when the layout, the
/// node values (whole numbers, one per node field in layout order) or the
/// policy is unusable; R has checked them all before.
#[extendr]
#[allow(clippy::too_many_arguments)]
fn generator_new(kinds: &[i32], bits: &[i32], unit_ms: i32, epoch_ms: f64, scru64: bool, nodes: &[f64], policy: i32) -> Robj {
    let (Ok(layout), Some(policy)) = (layout_from_r(kinds, bits, unit_ms, epoch_ms, scru64), policy_from_code(policy)) else {
        return Robj::from(());
    };
    let whole = |&x: &f64| match from_double(x) {
        Entry::Id(v) => Some(v),
        _ => None,
    };
    let Some(nodes) = nodes.iter().map(whole).collect::<Option<Vec<u64>>>() else {
        return Robj::from(());
    };
    match Generator::new(layout, &nodes, policy, InterruptibleClock, seed()) {
        Ok(generator) => ExternalPtr::new(Shared { pid: std::process::id(), generator: Mutex::new(generator) }).into(),
        Err(_) => Robj::from(()),
    }
}

/// `list(ids, status, by_ms, lost)`. `status` is "ok", or why no IDs
/// came: "invalid" (not a live generator: restored from disk, say),
/// "forked", "clock_back" (by `by_ms`), "before_epoch" or "past_end".
/// `lost` notes IDs of 2^63 and more that integer64 cannot hold.
#[extendr]
fn generator_next(pointer: Robj, n: f64, as_integer64: bool) -> Robj {
    let refuse = |status: &str, by_ms: f64| -> Robj { list!(ids = (), status = status, by_ms = by_ms, lost = ()).into() };
    // Only an external pointer tagged as ours is read: extendr's try_from
    // would look for type information inside whatever a foreign pointer
    // points at. try_from then refuses a null pointer (an object restored
    // by readRDS).
    if !is_generator_pointer(&pointer) {
        return refuse("invalid", 0.0);
    }
    let Ok(shared) = <&ExternalPtr<Shared>>::try_from(&pointer) else {
        return refuse("invalid", 0.0);
    };
    let shared: &Shared = shared;
    if shared.pid != std::process::id() {
        return refuse("forked", 0.0);
    }
    let Ok(mut generator) = shared.generator.lock() else {
        return refuse("invalid", 0.0);
    };
    let n = n as usize;
    let filled = if as_integer64 {
        // Written straight into the integer64 vector: one allocation.
        let mut out = alloc::doubles(n);
        let slots = out.as_real_slice_mut().expect("doubles");
        let result = fill_interruptibly(&mut generator, n, |i, id| slots[i] = f64::from_bits(id));
        result.map(|()| integer64_from_bits(out))
    } else {
        let mut ids = vec![0u64; n];
        let result = fill_interruptibly(&mut generator, n, |i, id| ids[i] = id);
        result.map(|()| ids_to_r(n, false, |i| Some(ids[i])))
    };
    match filled {
        Ok((ids, lost)) => list!(ids = ids, status = "ok", by_ms = 0.0, lost = invalid_to_r(&lost)).into(),
        Err(GenerateError::ClockBack { by_ms }) => refuse("clock_back", by_ms as f64),
        Err(GenerateError::BeforeEpoch) => refuse("before_epoch", 0.0),
        Err(GenerateError::PastEnd) => refuse("past_end", 0.0),
        Err(GenerateError::Interrupted) => refuse("interrupted", 0.0),
    }
}

/// `Generator::fill` in chunks, stopping between them if the user
/// interrupted R.
fn fill_interruptibly<C: Clock>(generator: &mut Generator<C>, n: usize, mut put: impl FnMut(usize, u64)) -> std::result::Result<(), GenerateError> {
    let mut start = 0;
    while start < n {
        let len = (n - start).min(INTERRUPT_CHECK_EVERY);
        generator.fill(len, |i, id| put(start + i, id))?;
        start += len;
        if start < n && crate::interrupt::pending() {
            return Err(GenerateError::Interrupted);
        }
    }
    Ok(())
}

/// Whether `pointer` is an external pointer that extendr tagged with the
/// type name of our generator.
fn is_generator_pointer(pointer: &Robj) -> bool {
    if !pointer.is_external_pointer() {
        return false;
    }
    // SAFETY: `pointer` is an EXTPTRSXP, whose tag R_ExternalPtrTag reads.
    let tag = unsafe { Robj::from_sexp(extendr_ffi::R_ExternalPtrTag(pointer.get())) };
    tag.as_str() == Some(std::any::type_name::<Shared>())
}

extendr_module! {
    mod generator;
    fn generator_new;
    fn generator_next;
}
