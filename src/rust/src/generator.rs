//! Generators live in Rust behind a mutex; R holds an external pointer to
//! one, together with the process id that made it.

use crate::layout::layout_from_r;
use crate::output::{ids_to_r, IdsAs};
use crate::problem::{reply, value, Code, Outcome, Problem};
use extendr_api::prelude::*;
use std::sync::Mutex;
use zuid_core::r_values::from_double;
use zuid_core::{Clock, Entry, GenerateError, Generator, OnClockBack, SystemClock};

/// The system clock, with waits that end early when the user interrupts R.
struct InterruptibleClock;

impl Clock for InterruptibleClock {
    fn now_ms(&self) -> i64 {
        SystemClock.now_ms()
    }

    fn now_us(&self) -> i64 {
        SystemClock.now_us()
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

/// The policy R's `on_clock_back` names.
fn policy_from_name(name: &str) -> Option<OnClockBack> {
    match name {
        "wait" => Some(OnClockBack::Wait),
        "error" => Some(OnClockBack::Error),
        "borrow" => Some(OnClockBack::Borrow),
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

/// A new generator as an external pointer. R has checked the node values
/// (whole numbers, one per node field in layout order) and the policy.
#[extendr]
fn generator_new(layout: Robj, nodes: &[f64], policy: &str) -> Robj {
    reply(new_generator(&layout, nodes, policy))
}

fn new_generator(layout: &Robj, nodes: &[f64], policy: &str) -> Outcome {
    let layout = layout_from_r(layout)?;
    let policy = policy_from_name(policy).ok_or(Problem::new(Code::InputType))?;
    let whole = |&x: &f64| match from_double(x) {
        Entry::Id(v) => Some(v),
        _ => None,
    };
    let nodes = nodes
        .iter()
        .map(whole)
        .collect::<Option<Vec<u64>>>()
        .ok_or(Problem::new(Code::InputType))?;
    let generator = Generator::new(layout, &nodes, policy, InterruptibleClock, seed())?;
    value(ExternalPtr::new(Shared {
        pid: std::process::id(),
        generator: Mutex::new(generator),
    }))
}

/// The next `n` IDs of the generator `pointer` points at, as `as_` says;
/// `zuid_id`s carry `layout`, the generator's.
#[extendr]
fn generator_next(pointer: Robj, n: f64, as_: &str, layout: Robj) -> Robj {
    reply(next_ids(&pointer, n as usize, as_, &layout))
}

fn next_ids(pointer: &Robj, n: usize, as_: &str, layout: &Robj) -> Outcome {
    let as_ = IdsAs::from_name(as_)?;
    // Only an external pointer tagged as ours is read: extendr's try_from
    // would look for type information inside whatever a foreign pointer
    // points at. try_from then refuses a null pointer (an object restored
    // by readRDS).
    if !is_generator_pointer(pointer) {
        return Err(Problem::new(Code::NotGenerator));
    }
    let shared: &Shared = <&ExternalPtr<Shared>>::try_from(pointer).map_err(|_| Problem::new(Code::NotGenerator))?;
    if shared.pid != std::process::id() {
        return Err(Problem::new(Code::Forked));
    }
    let mut generator = shared.generator.lock().map_err(|_| Problem::new(Code::NotGenerator))?;
    let mut ids = vec![0u64; n];
    fill_interruptibly(&mut generator, n, |i, id| ids[i] = id)?;
    let (ids, lost) = ids_to_r(n, as_, layout, |i| Some(ids[i]));
    Ok((ids, lost.into_iter().collect()))
}

/// `Generator::fill` in chunks, stopping between them if the user
/// interrupted R.
fn fill_interruptibly<C: Clock>(
    generator: &mut Generator<C>,
    n: usize,
    mut put: impl FnMut(usize, u64),
) -> std::result::Result<(), GenerateError> {
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
