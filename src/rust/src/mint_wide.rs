//! 128-bit generators (UUIDv7, ULID, TypeID, SCRU128): the core's state
//! machine behind a mutex, fed by the system clock and OS randomness. R
//! holds an external pointer to one. Unlike a 64-bit generator, one used
//! in a forked child goes on: its random bits are drawn anew there and it
//! moves to a millisecond of its own above its last ID, so that it repeats
//! none of its parent's IDs.

use crate::generator::pointee;
use crate::reply::{reply, value, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};
use zuid_core::generate::entropy::Entropy;
use zuid_core::generate::start;
use zuid_core::generate::wide_mint::{WideMethod, WideMinter, WideStop};
use zuid_core::wide::text::write_typeid;
use zuid_core::wide::{write_canonical, Format, SubMs, Wide};
use zuid_core::{Code, Problem};

struct State {
    minter: WideMinter,
    entropy: Entropy,
}

pub(crate) struct WideShared {
    format: Format,
    prefix: String,
    state: Mutex<State>,
}

/// The method that mints `format` with `sub_ms`, if it mints at all.
fn method_of(format: Format, sub_ms: SubMs) -> Option<WideMethod> {
    match (format, sub_ms) {
        (Format::UuidV7, SubMs::None) | (Format::TypeId, _) => Some(WideMethod::UuidV7Counter),
        (Format::UuidV7, SubMs::Fraction) => Some(WideMethod::UuidV7Fraction),
        (Format::Ulid, _) => Some(WideMethod::Ulid),
        (Format::Scru128, _) => Some(WideMethod::Scru128),
        _ => None,
    }
}

/// A new 128-bit generator for `layout` (a wide layout object R has
/// checked), or NULL when its format cannot be minted; `prefix` is a
/// TypeID's (checked by R).
#[extendr]
fn wide_generator_new(layout: Robj, policy: &str, prefix: &str) -> Robj {
    reply(new_wide(&layout, policy, prefix))
}

fn new_wide(layout: &Robj, policy: &str, prefix: &str) -> Outcome {
    let wide = crate::wide::wide_from_r(layout)?;
    let policy = start::policy_from_name(policy)?;
    let Some(method) = method_of(wide.format, wide.sub_ms) else {
        return value(());
    };
    let state = State {
        minter: WideMinter::new(method, policy),
        entropy: Entropy::new(),
    };
    value(ExternalPtr::new(WideShared {
        format: wide.format,
        prefix: prefix.to_string(),
        state: Mutex::new(state),
    }))
}

/// Up to `n` next IDs as canonical text (R asks for at most a million at a
/// time, so that R allocates the whole result), and how many ms R must wait
/// before asking for the rest: 0 unless the clock moved back under
/// `on_clock_back = "wait"` (R sleeps, so that Ctrl-C stops the wait).
/// `wait_ms` is NA when the OS gave no randomness (R words it: no code of
/// the problem table fits a failure no test can bring about).
#[extendr]
fn wide_generator_next(pointer: Robj, n: f64) -> Robj {
    reply(next_wide(&pointer, n as usize))
}

fn next_wide(pointer: &Robj, n: usize) -> Outcome {
    let shared = live_wide(pointer)?;
    let mut state = shared.state.try_lock().map_err(|_| Problem::new(Code::Busy))?;
    let State { minter, entropy } = &mut *state;
    let no_randomness = || value(list!(text = vectors::texts::<String>(&[]), wait_ms = f64::NAN));
    if entropy.forked() {
        let Some(rand) = entropy.next_u128() else {
            return no_randomness();
        };
        minter.after_fork(rand).map_err(stop_problem)?;
    }
    // The values first, then their text: 16 bytes an ID while minting,
    // and no string of Rust's own per ID.
    let mut minted: Vec<u128> = Vec::with_capacity(n);
    let mut wait_ms = 0.0;
    while minted.len() < n {
        let Some(rand) = entropy.next_u128() else {
            return no_randomness();
        };
        match minter.next(now_ns(), rand) {
            Ok(v) => minted.push(v),
            Err(WideStop::WaitUntil { until_ms }) => {
                wait_ms = until_ms.saturating_sub(now_ns() / 1_000_000).max(1) as f64;
                break;
            }
            Err(stop) => return Err(stop_problem(stop)),
        }
    }
    value(list!(text = texts_of(shared, &minted), wait_ms = wait_ms))
}

/// The longest text of a minted ID: a TypeID's prefix (63 characters at
/// most, checked by R), its `_` and 26 characters.
const TEXT_MAX: usize = 63 + 1 + 26;

/// The canonical text of each of `minted`, written through one buffer.
fn texts_of(shared: &WideShared, minted: &[u128]) -> Robj {
    let mut text = String::with_capacity(TEXT_MAX);
    vectors::strings::<TEXT_MAX>(minted.len(), |i, buf| {
        text.clear();
        write_text(shared, minted[i], &mut text);
        let len = text.len().min(TEXT_MAX);
        buf[..len].copy_from_slice(&text.as_bytes()[..len]);
        Some(&buf[..len])
    })
}

fn write_text(shared: &WideShared, v: u128, out: &mut String) {
    if shared.format == Format::TypeId {
        // R checked the prefix: writing cannot fail.
        let _ = write_typeid(shared.prefix.as_bytes(), v, out);
    } else {
        write_canonical(shared.format, Wide::from_u128(v), out);
    }
}

fn stop_problem(stop: WideStop) -> Problem {
    match stop {
        WideStop::ClockBack { back_ms } => Problem::new(Code::ClockBack)
            .value(back_ms as f64)
            .detail(back_ms as f64),
        WideStop::PastEnd | WideStop::WaitUntil { .. } => Problem::new(Code::PastEnd),
    }
}

fn now_ns() -> u64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    u64::try_from(since.as_nanos()).unwrap_or(u64::MAX)
}

fn live_wide(pointer: &Robj) -> std::result::Result<&WideShared, Problem> {
    pointee::<WideShared>(pointer).ok_or_else(|| Problem::new(Code::NotGenerator))
}

/// Whether `pointer` is a 128-bit generator that can mint here.
#[extendr]
fn wide_generator_live(pointer: Robj) -> bool {
    live_wide(&pointer).is_ok()
}

extendr_module! {
    mod mint_wide;
    fn wide_generator_new;
    fn wide_generator_next;
    fn wide_generator_live;
}
