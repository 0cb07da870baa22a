//! Minting `n` IDs into a new R vector without ever holding a generator's
//! lock while R runs: the vector is allocated first, then IDs are minted
//! in slices of at most `SLICE` of wall time under the lock (the core's
//! `sliced`), and between slices, with the lock released, text is built
//! and R is asked whether the user pressed Ctrl-C. All of it runs under `catch::protect`, so that
//! an allocation R cannot make, or an interrupt, ends the call with a
//! problem instead of a jump; IDs minted and not returned are skipped,
//! never minted again. A generator under a node lease stops where its
//! lease must be renewed: the call returns the IDs minted so far, and R
//! renews the lease and asks for the rest.

use crate::catch::{self, Jump};
use crate::reply::Outcome;
use crate::vectors;
use extendr_api::prelude::*;
use extendr_ffi::{R_NilValue, R_xlen_t, Rf_protect, Rf_unprotect, Rf_xlengthgets, REAL, SEXP, SEXPTYPE};
use std::sync::Mutex;
use std::time::Instant;
use zuid_core::decode::output::IdsAs;
use zuid_core::generate::sliced::{lock_now, mint_slice, Minter, SliceEnd, SLICE};
use zuid_core::invalid::Reason;
use zuid_core::r_values::NA_INTEGER64_BITS;
use zuid_core::text::write::{write_decimal, DECIMAL_MAX_LEN};
use zuid_core::{Code, Invalid, Problem};

/// Calls for at most this many IDs try to mint them all first, with no R
/// call; fewer than the 4,096 strings between `write_text`'s checks.
const QUICK: usize = 64;
/// How many IDs are minted at a time for text, whose strings R builds.
const TEXT_CHUNK: usize = 1 << 16;

/// Where a call was when it stopped, for the interrupt's message.
#[derive(Clone, Copy)]
enum Stage {
    Minting,
    Waiting,
    Output,
}

impl Stage {
    fn name(self) -> &'static str {
        match self {
            Stage::Minting => "minting",
            Stage::Waiting => "waiting",
            Stage::Output => "output",
        }
    }
}

/// What the body of `catch::protect` fills in for its caller.
struct Progress<'a> {
    stage: Stage,
    stop: Option<Problem>,
    lost: Invalid,
    buffer: &'a mut Vec<u64>,
    /// Whether minting stopped for the lease before `n` IDs.
    lease_stop: bool,
}

/// IDs minted into an R vector, and whether they are all that were asked
/// for (a lease that must be renewed stops a call early).
pub struct Minted {
    pub outcome: Outcome,
    pub complete: bool,
}

/// The next `n` IDs of `generator` in the form `as_`; `zuid_id`s carry
/// `layout`. Fewer when the generator's lease must be renewed first.
pub fn mint_to_r(generator: &Mutex<Minter>, n: usize, as_: IdsAs, layout: &Robj) -> Minted {
    let mut complete = true;
    let outcome = mint_outcome(generator, n, as_, layout, &mut complete);
    Minted { outcome, complete }
}

fn mint_outcome(generator: &Mutex<Minter>, n: usize, as_: IdsAs, layout: &Robj, complete: &mut bool) -> Outcome {
    // A few IDs are minted first, with no R call: when that is all the
    // call needs, its output is a few bytes built directly, without R's
    // tryCatch(), which costs more than minting them. Only a call that
    // goes on (it waits for the clock, or wants more) checks for Ctrl-C,
    // so only such a call runs under `catch::protect`.
    let mut first = [0u64; QUICK];
    let mut minted = 0;
    let mut quick_end = SliceEnd::Minting;
    if n <= QUICK {
        let mut g = lock_now(generator)?;
        (minted, quick_end) = mint_slice(&mut g, n, |i, id| first[i] = id)?;
    }
    let mut buffer = Vec::new();
    if as_ == IdsAs::Character && minted < n {
        let len = n.min(TEXT_CHUNK);
        buffer
            .try_reserve_exact(len)
            .map_err(|_| Problem::new(Code::Memory).value(len as f64 * 8.0))?;
    }
    let mut progress = Progress {
        stage: Stage::Minting,
        stop: None,
        lost: Invalid::default(),
        buffer: &mut buffer,
        // A few IDs, then the lease: no need to go on.
        lease_stop: quick_end == SliceEnd::Lease,
    };
    // SAFETY: `layout` stays protected by the caller for the whole call.
    let layout = unsafe { layout.get() };
    let first = &first[..minted];
    let built = if minted == n || progress.lease_stop {
        // SAFETY: on R's thread; with every ID minted (or all there are
        // before the lease is renewed), `build` only allocates a vector of
        // at most QUICK IDs and never checks for an interrupt.
        Ok(unsafe { build(generator, n, as_, layout, first, &mut progress) })
    } else {
        // SAFETY: `build` follows `protect`'s rules: what it fills lives here.
        catch::protect(|| unsafe { build(generator, n, as_, layout, first, &mut progress) })
    };
    *complete = !progress.lease_stop;
    match built {
        Ok(sexp) => match progress.stop {
            // SAFETY: protected at once, before anything is allocated.
            None => Ok((
                unsafe { Robj::from_sexp(sexp) },
                Problem::entries(Code::Integer64Lost, progress.lost)
                    .into_iter()
                    .collect(),
            )),
            Some(problem) => Err(problem),
        },
        Err(Jump::Error) => Err(Problem::new(Code::Memory).value(n as f64 * 8.0).element("r")),
        Err(Jump::Interrupt) => Err(Problem::new(Code::Interrupted).element(progress.stage.name())),
    }
}

/// Allocates the output, writes the IDs of `first`, mints the rest slice
/// by slice and gives it its class; R_NilValue with `progress.stop` set
/// when minting failed. When the lease stops minting (`progress.lease_stop`)
/// the output is cut to the IDs minted.
///
/// SAFETY: on R's thread, inside `catch::protect` unless `first` holds all
/// `n` IDs and `n <= QUICK`. No value that needs dropping is alive in this
/// frame while R is called, and the generator's lock is released before
/// each call to R.
unsafe fn build(
    generator: &Mutex<Minter>,
    n: usize,
    as_: IdsAs,
    layout: SEXP,
    first: &[u64],
    progress: &mut Progress,
) -> SEXP {
    let text = as_ == IdsAs::Character;
    let out = Rf_protect(vectors::alloc(
        if text { SEXPTYPE::STRSXP } else { SEXPTYPE::REALSXP },
        n,
    ));
    if text {
        write_text(out, 0, first);
    } else {
        let numbers = std::slice::from_raw_parts_mut(REAL(out), first.len());
        for (slot, &id) in numbers.iter_mut().zip(first) {
            *slot = f64::from_bits(id);
        }
        mark_unheld(out, 0, first.len(), as_, &mut progress.lost);
    }
    let mut done = first.len();
    while done < n && !progress.lease_stop {
        progress.stage = Stage::Minting;
        let minted = match lock_now(generator) {
            Ok(mut g) if text => {
                let buffer = &mut *progress.buffer;
                buffer.clear();
                mint_slice(&mut g, (n - done).min(TEXT_CHUNK), |_, id| buffer.push(id))
            }
            Ok(mut g) => {
                let numbers = std::slice::from_raw_parts_mut(REAL(out).add(done), n - done);
                mint_slice(&mut g, n - done, |i, id| numbers[i] = f64::from_bits(id))
            }
            Err(problem) => {
                progress.stop = Some(problem);
                break;
            }
        }; // The lock is released here.
        let (count, end) = match minted {
            Ok(slice) => slice,
            Err(e) => {
                progress.stop = Some(e.into());
                break;
            }
        };
        if text {
            progress.stage = Stage::Output;
            write_text(out, done, progress.buffer);
        } else {
            mark_unheld(out, done, count, as_, &mut progress.lost);
        }
        done += count;
        if end == SliceEnd::Lease {
            progress.lease_stop = true;
        } else if done < n {
            // Where the time went: text's strings take longer than minting
            // a full chunk of them.
            progress.stage = match end {
                SliceEnd::Done if text => Stage::Output,
                SliceEnd::Done | SliceEnd::Minting | SliceEnd::Lease => Stage::Minting,
                SliceEnd::Waiting => Stage::Waiting,
            };
            catch::check_interrupt();
        }
    }
    if progress.stop.is_some() {
        Rf_unprotect(1);
        return R_NilValue;
    }
    let out = if done < n {
        // Only IDs the lease covered: a copy of them, the rest dropped.
        Rf_protect(Rf_xlengthgets(out, done as R_xlen_t))
    } else {
        Rf_protect(out)
    };
    vectors::set_ids_class(out, as_, layout);
    Rf_unprotect(2);
    out
}

/// Writes `ids` as decimal strings from entry `from` of the STRSXP `out`,
/// checking for Ctrl-C every `SLICE`: R's strings take longer than minting.
unsafe fn write_text(out: SEXP, from: usize, ids: &[u64]) {
    let mut buf = [0u8; DECIMAL_MAX_LEN];
    let mut next_check = Instant::now() + SLICE;
    for (i, &id) in ids.iter().enumerate() {
        vectors::set_text(out, from + i, Some(write_decimal(id, &mut buf)));
        if i % 4096 == 4095 && Instant::now() >= next_check {
            catch::check_interrupt();
            next_check = Instant::now() + SLICE;
        }
    }
}

/// Makes NA the `count` IDs from entry `from` that the form `as_` cannot
/// hold (2^63 and more in a plain integer64), noting them in `lost`.
unsafe fn mark_unheld(out: SEXP, from: usize, count: usize, as_: IdsAs, lost: &mut Invalid) {
    let numbers = std::slice::from_raw_parts_mut(REAL(out).add(from), count);
    for (i, slot) in numbers.iter_mut().enumerate() {
        if !as_.holds(slot.to_bits()) {
            lost.note(from + i, Reason::Integer64Na);
            *slot = f64::from_bits(NA_INTEGER64_BITS);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, press_ctrl_c, with_r};
    use zuid_core::generate::sliced::SlicedClock;
    use zuid_core::{Builtin, Generator, OnClockBack};

    fn twitter_minter(worker: u64) -> Mutex<Minter> {
        let layout = Builtin::find("twitter").unwrap().layout(None, None).unwrap();
        Mutex::new(Generator::new(layout, &[3, worker], OnClockBack::Wait, SlicedClock::new(), 7).unwrap())
    }

    fn bits(robj: &Robj) -> Vec<u64> {
        robj.as_real_slice().unwrap().iter().map(|x| x.to_bits()).collect()
    }

    #[test]
    fn a_few_ids_come_as_a_zuid_id_carrying_the_layout() {
        with_r(|| {
            let minter = twitter_minter(1);
            let layout = eval("list(name = 'twitter')");
            let (ids, problems) = mint_to_r(&minter, 5, IdsAs::Id, &layout).outcome.unwrap();
            assert!(problems.is_empty());
            let ids_bits = bits(&ids);
            assert!(ids_bits.windows(2).all(|w| w[0] < w[1]));
            assert_eq!(ids.class().unwrap().collect::<Vec<_>>(), ["zuid_id", "integer64"]);
            assert_eq!(
                ids.get_attrib("layout")
                    .and_then(|l| l.dollar("name").ok())
                    .unwrap()
                    .as_str(),
                Some("twitter")
            );
        });
    }

    #[test]
    fn many_ids_as_text_are_minted_in_slices_and_stay_increasing() {
        with_r(|| {
            let minter = twitter_minter(2);
            let n = QUICK * 3 + 5;
            let (text, _) = mint_to_r(&minter, n, IdsAs::Character, &Robj::from(()))
                .outcome
                .unwrap();
            let numbers: Vec<u64> = text.as_str_iter().unwrap().map(|s| s.parse().unwrap()).collect();
            assert_eq!(numbers.len(), n);
            assert!(numbers.windows(2).all(|w| w[0] < w[1]));
            assert!(text.class().is_none());
        });
    }

    #[test]
    fn ctrl_c_stops_minting_leaves_the_generator_unlocked_and_skips_what_it_made() {
        with_r(|| {
            let minter = twitter_minter(3);
            let (before, _) = mint_to_r(&minter, 1, IdsAs::Integer64, &Robj::from(()))
                .outcome
                .unwrap();
            press_ctrl_c();
            let stopped = mint_to_r(&minter, 1 << 20, IdsAs::Integer64, &Robj::from(()))
                .outcome
                .unwrap_err();
            assert_eq!((stopped.code, stopped.element), (Code::Interrupted, Some("minting")));
            assert!(minter.try_lock().is_ok(), "the lock is free");
            let skipped = minter.lock().unwrap().last_id().unwrap();
            assert!(skipped > bits(&before)[0]);
            let (after, _) = mint_to_r(&minter, 1, IdsAs::Integer64, &Robj::from(()))
                .outcome
                .unwrap();
            assert!(
                bits(&after)[0] > skipped,
                "IDs minted before Ctrl-C are not minted again"
            );
        });
    }

    #[test]
    fn a_busy_generator_is_a_problem_not_a_deadlock() {
        with_r(|| {
            let minter = twitter_minter(4);
            let _held = minter.lock().unwrap();
            let busy = mint_to_r(&minter, 3, IdsAs::Id, &Robj::from(())).outcome.unwrap_err();
            assert_eq!(busy.code, Code::Busy);
        });
    }

    #[test]
    fn stages_have_the_names_r_words() {
        assert_eq!(
            [Stage::Minting, Stage::Waiting, Stage::Output].map(Stage::name),
            ["minting", "waiting", "output"]
        );
    }
}
