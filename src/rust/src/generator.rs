//! Generators live in Rust behind a mutex; R holds an external pointer to
//! one. The pointer says whether the generator can mint here: it is null
//! in a copy restored from disk or sent to another R process, and the
//! process id it keeps differs in a forked child. A generator under a node
//! lease starts fenced off and mints once R has claimed its lease (see
//! `lease.rs`).

use crate::input::Ids;
use crate::layout::layout_from_r;
use crate::mint::mint_to_r;
use crate::reply::{reply, value, Outcome};
use crate::script::{self, Step};
use crate::vectors;
use extendr_api::prelude::*;
use std::cell::Cell;
use std::sync::Mutex;
use std::time::Instant;
use zuid_core::decode::output::IdsAs;
use zuid_core::generate::registry::{self, Registration};
use zuid_core::generate::sliced::Minter;
use zuid_core::generate::start;
use zuid_core::{Code, Fence, GenerateError, Problem};

/// The generator, the process it belongs to (a forked child shares the
/// parent's state and would mint the parent's next IDs again), its place
/// in the node registry.
pub(crate) struct Shared {
    pid: u32,
    /// Taken when the generator is dropped, or closed for good (a lease
    /// given back).
    pub(crate) registration: Cell<Option<Registration>>,
    pub(crate) generator: Mutex<Minter>,
}

impl Drop for Shared {
    fn drop(&mut self) {
        if let Some(registration) = self.registration.take() {
            let generator = self.generator.get_mut().unwrap_or_else(|p| p.into_inner());
            registration.release(generator.last_issued_id());
        }
    }
}

impl Shared {
    /// Frees the generator's place in the registry now, keeping `last_id`:
    /// it will mint no more.
    pub(crate) fn retire(&self, last_id: Option<u64>) {
        if let Some(registration) = self.registration.take() {
            registration.release(last_id);
        }
    }
}

/// A new generator as an external pointer. R has checked the node values
/// (whole numbers, one per node field in layout order), the policy, and
/// `after` (NULL, or one ID that is not NA, read as `after_input` says).
/// Unless `shared_node`, a live generator whose IDs clash with its own (see
/// the core's registry) is a problem. A `leased` generator mints nothing
/// until its lease is granted.
#[extendr]
fn generator_new(
    layout: Robj,
    nodes: &[f64],
    policy: &str,
    after: Robj,
    after_input: &str,
    shared_node: bool,
    leased: bool,
) -> Robj {
    reply(new_generator(
        &layout,
        nodes,
        policy,
        &after,
        after_input,
        shared_node,
        leased,
    ))
}

fn new_generator(
    layout: &Robj,
    nodes: &[f64],
    policy: &str,
    after: &Robj,
    after_input: &str,
    shared_node: bool,
    leased: bool,
) -> Outcome {
    let layout = layout_from_r(layout)?;
    let policy = start::policy_from_name(policy)?;
    let nodes = start::node_values(nodes)?;
    let after = if after.is_null() {
        None
    } else {
        let ids = Ids::from_r(after, after_input, layout.text_form())?;
        Some(start::after_id(ids.get(0), &layout)?)
    };
    let (mut generator, key) = start::start(layout, &nodes, policy, after, shared_node, leased)?;
    let now_tick = generator.clock_tick();
    if leased {
        generator.set_fence(Fence::Closed);
        generator.clock().set_window_end(Some(Instant::now()));
    }
    let pointer = ExternalPtr::new(Shared {
        pid: std::process::id(),
        registration: Cell::new(None),
        generator: Mutex::new(generator),
    });
    // Registered only once the pointer exists, whose finalizer releases it.
    pointer
        .registration
        .set(Some(registry::register(key, now_tick, leased)));
    value(pointer)
}

/// Whether a generator object can mint in this process.
pub(crate) enum Status<'a> {
    Live(&'a Shared),
    /// Inherited by a forked child from its parent.
    Forked,
    /// A copy with no state: restored from disk or sent to another process.
    Restored,
    /// Not a generator's pointer at all.
    Foreign,
}

pub(crate) fn status(pointer: &Robj) -> Status<'_> {
    // Only an external pointer tagged as ours is read: extendr's try_from
    // would look for type information inside whatever a foreign pointer
    // points at.
    if !tagged::<Shared>(pointer) {
        return Status::Foreign;
    }
    // SAFETY: `pointer` is an EXTPTRSXP.
    if unsafe { extendr_ffi::R_ExternalPtrAddr(pointer.get()) }.is_null() {
        return Status::Restored;
    }
    match <&ExternalPtr<Shared>>::try_from(pointer) {
        Ok(shared) if shared.pid == std::process::id() => Status::Live(shared),
        Ok(_) => Status::Forked,
        Err(_) => Status::Foreign,
    }
}

/// The state of the generator `pointer` points at: "live", "forked",
/// "restored" or "foreign", for `print()`.
#[extendr]
fn generator_status(pointer: Robj) -> Robj {
    let name = match status(&pointer) {
        Status::Live(_) => "live",
        Status::Forked => "forked",
        Status::Restored => "restored",
        Status::Foreign => "foreign",
    };
    reply(value(name))
}

/// The next `n` IDs of the generator `pointer` points at, as `as_` says;
/// `zuid_id`s carry `layout`, the generator's.
#[extendr]
fn generator_next(pointer: Robj, n: f64, as_: &str, layout: Robj) -> Robj {
    reply(next_ids(&pointer, n as usize, as_, &layout))
}

fn next_ids(pointer: &Robj, n: usize, as_: &str, layout: &Robj) -> Outcome {
    let as_ = IdsAs::from_name(as_)?;
    let minted = mint_to_r(&live(pointer)?.generator, n, as_, layout);
    match minted.outcome {
        // Only a leased generator stops early, and R mints with it through
        // `generator_next_leased()`.
        Ok(_) if !minted.complete => Err(Problem::new(Code::LeaseClosed)),
        outcome => outcome,
    }
}

/// The generator `pointer` points at, if it can mint in this process.
pub(crate) fn live(pointer: &Robj) -> std::result::Result<&Shared, Problem> {
    match status(pointer) {
        Status::Live(shared) => Ok(shared),
        Status::Forked => Err(Problem::new(Code::Forked)),
        Status::Restored | Status::Foreign => Err(Problem::new(Code::NotGenerator)),
    }
}

/// Whether `pointer` is an external pointer that extendr tagged with the
/// type name of `T` (a generator's `Shared`, a lease's machine): only then
/// is what it points at read.
pub(crate) fn tagged<T>(pointer: &Robj) -> bool {
    if !pointer.is_external_pointer() {
        return false;
    }
    // SAFETY: `pointer` is an EXTPTRSXP, whose tag R_ExternalPtrTag reads.
    let tag = unsafe { Robj::from_sexp(extendr_ffi::R_ExternalPtrTag(pointer.get())) };
    tag.as_str() == Some(std::any::type_name::<T>())
}

/// What an external pointer tagged with `T`'s type name points at (a
/// lease's machine, a 128-bit generator); none for any other object, or for
/// a copy that points at nothing (restored from disk).
pub(crate) fn pointee<T: 'static>(pointer: &Robj) -> Option<&T> {
    if !tagged::<T>(pointer) {
        return None;
    }
    // SAFETY: `pointer` is an EXTPTRSXP (`tagged` checked it).
    if unsafe { extendr_ffi::R_ExternalPtrAddr(pointer.get()) }.is_null() {
        return None;
    }
    <&ExternalPtr<T>>::try_from(pointer).ok().map(|p| &**p)
}

/// What the tests of other modules need: generators made as R makes them.
#[cfg(test)]
pub(crate) mod tests_support {
    use super::*;

    /// A new generator of `layout` (a layout object) for `nodes` under
    /// "borrow", leased or not; its pointer.
    pub(crate) fn new_test_generator(layout: &Robj, nodes: &[f64], leased: bool) -> Robj {
        new_generator(layout, nodes, "borrow", &Robj::from(()), "", false, leased)
            .unwrap()
            .0
    }
}

/// `generator_next()` as R calls it, as integer64.
#[cfg(test)]
pub(crate) fn next_ids_for_tests(pointer: &Robj, n: usize, layout: &Robj) -> Outcome {
    next_ids(pointer, n, "integer64", layout)
}

/// The reference of the differential test of `id_sql_generator()`: the
/// core's generator of `layout` for `nodes` under `policy`, run by the
/// script of `at_us`, `step_us` and `calls` (see `script`).
/// Each call's ID as decimal text, or its error: "clock_back <ms behind>",
/// "floor_ahead <ms>", "before_epoch", "past_end" (or another kind).
#[extendr]
fn generator_script(layout: Robj, nodes: &[f64], policy: &str, at_us: &[f64], step_us: &[f64], calls: &[f64]) -> Robj {
    reply(run_script(&layout, nodes, policy, at_us, step_us, calls))
}

fn run_script(layout: &Robj, nodes: &[f64], policy: &str, at_us: &[f64], step_us: &[f64], calls: &[f64]) -> Outcome {
    let layout = layout_from_r(layout)?;
    let policy = start::policy_from_name(policy)?;
    let nodes = start::node_values(nodes)?;
    let steps: Vec<Step> = at_us
        .iter()
        .zip(step_us)
        .zip(calls)
        .map(|((&at, &step), &n)| Step {
            at_us: at as i64,
            step_us: step as i64,
            calls: n as usize,
        })
        .collect();
    let results = script::run(layout, &nodes, policy, &steps).map_err(|_| Problem::new(Code::InputType))?;
    let text: Vec<Option<String>> = results
        .iter()
        .map(|r| {
            Some(match r {
                Ok(id) => id.to_string(),
                Err(GenerateError::ClockBack { behind_ms, .. }) => format!("clock_back {behind_ms}"),
                Err(GenerateError::FloorAhead { by_ms }) => format!("floor_ahead {by_ms}"),
                Err(GenerateError::BeforeEpoch) => "before_epoch".to_string(),
                Err(GenerateError::PastEnd) => "past_end".to_string(),
                Err(e) => format!("{e:?}"),
            })
        })
        .collect();
    value(vectors::texts(&text))
}

extendr_module! {
    mod generator;
    fn generator_new;
    fn generator_next;
    fn generator_script;
    fn generator_status;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, with_r};

    const DISCORD: &str = "list(name = 'discord', bits = c(time = 42L, worker = 5L, process = 5L, \
        sequence = 12L), kinds = c('time', 'node', 'node', 'sequence'), unit = 'ms', \
        epoch_ms = 1420070400000, text = 'decimal')";

    fn status_name(pointer: &Robj) -> &'static str {
        match status(pointer) {
            Status::Live(_) => "live",
            Status::Forked => "forked",
            Status::Restored => "restored",
            Status::Foreign => "foreign",
        }
    }

    #[test]
    fn a_generator_mints_holds_its_node_and_starts_above_after() {
        with_r(|| {
            let layout = eval(DISCORD);
            let none = Robj::from(());
            let (pointer, _) = new_generator(&layout, &[31.0, 30.0], "wait", &none, "", false, false).unwrap();
            assert_eq!(status_name(&pointer), "live");
            let (ids, _) = next_ids(&pointer, 3, "character", &layout).unwrap();
            assert_eq!(ids.len(), 3);
            let twin = new_generator(&layout, &[31.0, 30.0], "wait", &none, "", false, false).unwrap_err();
            assert_eq!((twin.code, twin.element), (Code::DuplicateNode, Some("session")));
            let after = eval("'9000000000000000000'");
            let (later, _) =
                new_generator(&layout, &[31.0, 29.0], "borrow", &after, "character", false, false).unwrap();
            let (ids, _) = next_ids(&later, 1, "character", &layout).unwrap();
            assert!(ids.as_str().unwrap().parse::<u64>().unwrap() > 9_000_000_000_000_000_000);
            let bad = eval("'x'");
            let refused = new_generator(&layout, &[31.0, 28.0], "wait", &bad, "character", false, false).unwrap_err();
            assert_eq!(refused.code, Code::AfterInvalid);
        });
    }

    #[test]
    fn pointers_that_are_not_a_live_generator_mint_nothing() {
        with_r(|| {
            let foreign: Robj = ExternalPtr::new(5i32).into();
            assert_eq!(status_name(&foreign), "foreign");
            assert_eq!(status_name(&eval("1")), "foreign");
            assert_eq!(
                next_ids(&foreign, 1, "id", &Robj::from(())).unwrap_err().code,
                Code::NotGenerator
            );
            // What readRDS() gives back: our tag, no address.
            let layout = eval(DISCORD);
            let (live, _) = new_generator(&layout, &[30.0, 30.0], "wait", &Robj::from(()), "", false, false).unwrap();
            // SAFETY: reading the live pointer's tag and making a new,
            // empty pointer with it.
            let restored = unsafe {
                let tag = extendr_ffi::R_ExternalPtrTag(live.get());
                Robj::from_sexp(extendr_ffi::R_MakeExternalPtr(
                    std::ptr::null_mut(),
                    tag,
                    extendr_ffi::R_NilValue,
                ))
            };
            assert_eq!(status_name(&restored), "restored");
            assert_eq!(
                next_ids(&restored, 1, "id", &layout).unwrap_err().code,
                Code::NotGenerator
            );
        });
    }
}
