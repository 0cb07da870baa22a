//! Generators live in Rust behind a mutex; R holds an external pointer to
//! one, together with the process id that made it.

use crate::alloc;
use crate::input::invalid_to_r;
use crate::layout::layout_from_r;
use crate::output::{ids_to_r, integer64_from_bits};
use extendr_api::prelude::*;
use std::sync::Mutex;
use zuid_core::{GenerateError, Generator, OnClockBack, SystemClock};

/// The generator and the process it belongs to: a forked child shares the
/// parent's state and would mint the parent's next IDs again.
struct Shared {
    pid: u32,
    generator: Mutex<Generator<SystemClock>>,
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
    let whole = |x: &f64| (x.is_finite() && *x >= 0.0 && x.fract() == 0.0 && *x < 9.007_199_254_740_992e15).then_some(*x as u64);
    let Some(nodes) = nodes.iter().map(whole).collect::<Option<Vec<u64>>>() else {
        return Robj::from(());
    };
    match Generator::new(layout, &nodes, policy, SystemClock, seed()) {
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
    // try_from checks for a null pointer (an object restored by readRDS)
    // and for the type, so a stray external pointer cannot be misread.
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
        let result = generator.fill(n, |i, id| slots[i] = f64::from_bits(id));
        result.map(|()| integer64_from_bits(out))
    } else {
        let mut ids = vec![0u64; n];
        let result = generator.fill(n, |i, id| ids[i] = id);
        result.map(|()| ids_to_r(n, false, |i| Some(ids[i])))
    };
    match filled {
        Ok((ids, lost)) => list!(ids = ids, status = "ok", by_ms = 0.0, lost = invalid_to_r(&lost)).into(),
        Err(GenerateError::ClockBack { by_ms }) => refuse("clock_back", by_ms as f64),
        Err(GenerateError::BeforeEpoch) => refuse("before_epoch", 0.0),
        Err(GenerateError::PastEnd) => refuse("past_end", 0.0),
    }
}

extendr_module! {
    mod generator;
    fn generator_new;
    fn generator_next;
}
