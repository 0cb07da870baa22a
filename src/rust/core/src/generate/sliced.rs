//! Minting in slices of wall time. A caller that must check now and then
//! whether to stop (R asks whether the user pressed Ctrl-C) mints for at
//! most [`SLICE`] at a time, under the generator's lock, and checks between
//! slices, with the lock released; the clock's waits end with the slice, so
//! that a generator waiting for its clock gives control back too. A slice
//! mints in runs (the rest of a tick's sequence from one reading of the
//! clock) and reads the time once per run, so that a layout with a long
//! sequence mints at the speed of memory.
//!
//! A generator under a node lease also stops when its lease's window of
//! wall time closes (the time by which the lease must be renewed) or its
//! fence's horizon is reached: the caller renews the lease and goes on.

use crate::generate::clock::{Clock, SystemClock};
use crate::generate::generator::{GenerateError, Generator};
use crate::lease::machine::{Mono, Windowed};
use crate::problem::{Code, Problem};
use std::cell::Cell;
use std::sync::{Mutex, MutexGuard, OnceLock, TryLockError};
use std::time::{Duration, Instant};

/// The longest the generator's lock is held, and the longest between two
/// checks, whatever the layout's rate.
pub const SLICE: Duration = Duration::from_millis(10);
/// The most IDs of one run, so that the slice's clock is read at least
/// every so many IDs (about a quarter of a millisecond of minting).
const RUN_MAX: u64 = 1 << 16;

/// The process's monotonic origin: lease windows are counted from it.
fn origin() -> Instant {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

/// The monotonic time now, as leases count it.
pub fn mono_now() -> Mono {
    origin().elapsed()
}

/// The system clock, whose waits end with the slice they are in, or
/// earlier when a lease's window closes first.
#[derive(Debug)]
pub struct SlicedClock {
    end: Cell<Instant>,
    /// When a lease must have been renewed before more IDs are minted.
    window_end: Cell<Option<Instant>>,
}

impl Default for SlicedClock {
    fn default() -> Self {
        SlicedClock::new()
    }
}

impl SlicedClock {
    pub fn new() -> SlicedClock {
        SlicedClock {
            end: Cell::new(Instant::now()),
            window_end: Cell::new(None),
        }
    }

    /// Starts a slice of `SLICE` from now, cut short where the lease's
    /// window closes first; returns its end.
    fn start_slice(&self) -> Instant {
        let mut end = Instant::now() + SLICE;
        if let Some(window) = self.window_end.get() {
            end = end.min(window);
        }
        self.end.set(end);
        end
    }

    /// From now on, no ID is minted at or after `end` (a lease's window),
    /// or with no such limit for `None`.
    pub fn set_window_end(&self, end: Option<Instant>) {
        self.window_end.set(end);
    }

    pub fn window_end(&self) -> Option<Instant> {
        self.window_end.get()
    }

    /// Whether the lease's window has closed.
    pub fn window_closed(&self, now: Instant) -> bool {
        self.window_end.get().is_some_and(|end| now >= end)
    }
}

impl Windowed for SlicedClock {
    fn end_window_at(&self, end: Mono) {
        self.set_window_end(Some(origin() + end));
    }
}

// The tests count the clock's readings (per thread: each test runs on its
// own), which say how a slice mints without timing it.
#[cfg(test)]
thread_local! {
    static READINGS: Cell<u64> = const { Cell::new(0) };
}

impl Clock for SlicedClock {
    fn now_ms(&self) -> i64 {
        #[cfg(test)]
        READINGS.with(|n| n.set(n.get() + 1));
        SystemClock.now_ms()
    }

    fn now_us(&self) -> i64 {
        #[cfg(test)]
        READINGS.with(|n| n.set(n.get() + 1));
        SystemClock.now_us()
    }

    fn sleep_ms(&self, ms: i64) -> bool {
        let wanted = Duration::from_millis(u64::try_from(ms).unwrap_or(0));
        let left = self.end.get().saturating_duration_since(Instant::now());
        std::thread::sleep(wanted.min(left));
        wanted <= left
    }
}

/// A generator that mints in slices.
pub type Minter = Generator<SlicedClock>;

/// How a slice of minting ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SliceEnd {
    /// All the IDs asked for were minted.
    Done,
    /// Time ran out while minting.
    Minting,
    /// Time ran out while waiting for the clock.
    Waiting,
    /// The lease's window closed, or its horizon was reached: the lease
    /// must be renewed before more IDs are minted.
    Lease,
}

/// Mints up to `count` IDs, handing each to `put` with its 0-based place,
/// until the slice ends. Returns how many, and how the slice ended.
pub fn mint_slice(
    generator: &mut Minter,
    count: usize,
    mut put: impl FnMut(usize, u64),
) -> Result<(usize, SliceEnd), GenerateError> {
    let end = generator.clock().start_slice();
    let mut i = 0;
    while i < count {
        let now = Instant::now();
        if generator.clock().window_closed(now) {
            return Ok((i, SliceEnd::Lease));
        }
        if now >= end {
            return Ok((i, SliceEnd::Minting));
        }
        let run = match generator.next_run(((count - i) as u64).min(RUN_MAX)) {
            Ok(run) => run,
            Err(GenerateError::Stopped) if generator.clock().window_closed(Instant::now()) => {
                return Ok((i, SliceEnd::Lease))
            }
            Err(GenerateError::Stopped) => return Ok((i, SliceEnd::Waiting)),
            Err(GenerateError::Fenced) => return Ok((i, SliceEnd::Lease)),
            Err(e) => return Err(e),
        };
        for k in 0..run.count {
            put(i + k as usize, run.id(k));
        }
        i += run.count as usize;
    }
    Ok((count, SliceEnd::Done))
}

/// The generator, locked without ever blocking: calls come one at a time
/// and none holds the lock while the caller runs other code, so a lock
/// held now could only be one that a bug failed to release. A panic while
/// minting leaves a consistent state (each ID updates it at once), so a
/// poisoned lock is taken over.
pub fn lock_now<T>(generator: &Mutex<T>) -> Result<MutexGuard<'_, T>, Problem> {
    match generator.try_lock() {
        Ok(guard) => Ok(guard),
        Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
        Err(TryLockError::WouldBlock) => Err(Problem::new(Code::Busy)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::generator::{Fence, OnClockBack};
    use crate::layouts::layout::{Layout, PartKind::*};
    use crate::layouts::unit::Unit;
    use crate::test_cases::twitter;

    // A slice is 10 ms of wall time, and a loaded machine can spend all of
    // it before minting anything: the tests go on from a slice that ran out
    // of time, as the callers do, and assert what was minted and how the
    // last slice ended, never how long it took. (They pass with slices of
    // 50 us too.)

    /// Mints `count` IDs in slices, going on after each slice that ran out
    /// of time (while minting or waiting for the clock), until they are all
    /// minted or the lease stops them.
    fn mint_slices(g: &mut Minter, count: usize, mut put: impl FnMut(usize, u64)) -> (usize, SliceEnd) {
        let mut done = 0;
        loop {
            let (n, end) = mint_slice(g, count - done, |i, id| put(done + i, id)).unwrap();
            done += n;
            if matches!(end, SliceEnd::Done | SliceEnd::Lease) {
                return (done, end);
            }
        }
    }

    #[test]
    fn a_slice_mints_what_was_asked_when_the_sequence_allows() {
        let mut g = Generator::new(twitter(), &[1, 2], OnClockBack::Wait, SlicedClock::new(), 1).unwrap();
        let mut ids = Vec::new();
        let (count, end) = mint_slices(&mut g, 100, |i, id| ids.push((i, id)));
        assert_eq!((count, end), (100, SliceEnd::Done));
        assert!(ids.windows(2).all(|w| w[0].1 < w[1].1 && w[0].0 + 1 == w[1].0));
    }

    #[test]
    fn a_slice_ends_when_its_time_is_up_even_while_waiting() {
        // One ID per second: three IDs take two seconds of waiting for the
        // clock, so a slice of 10 ms never mints all three; its wait for
        // the clock ends with it, as `Waiting`.
        let parts = [(Sign, 1), (Time, 40), (Node, 23), (Sequence, 0)];
        let layout = Layout::new(&parts, Unit::SECONDS, 0).unwrap();
        let mut g = Generator::new(layout, &[5], OnClockBack::Wait, SlicedClock::new(), 1).unwrap();
        let mut ends = Vec::new();
        // A slice can run out of time before it mints or waits (`Minting`):
        // the next one waits.
        while !ends.contains(&SliceEnd::Waiting) && ends.len() < 1_000 {
            let (count, end) = mint_slice(&mut g, 3, |_, _| ()).unwrap();
            assert!(count < 3 && end != SliceEnd::Done, "{count} {end:?}");
            ends.push(end);
        }
        assert_eq!(ends.last(), Some(&SliceEnd::Waiting), "{ends:?}");
        assert!(g.last_tick().is_some());
    }

    #[test]
    fn a_slice_of_a_long_sequence_mints_in_runs() {
        // 30 bits of sequence in ticks of a second: millions of IDs a tick,
        // minted in runs of up to RUN_MAX from one reading of the clock
        // each, however many slices they take.
        let parts = [(Sign, 1), (Time, 32), (Node, 1), (Sequence, 30)];
        let layout = Layout::new(&parts, Unit::SECONDS, 1_700_000_000_000).unwrap();
        let mut g = Generator::new(layout, &[1], OnClockBack::Wait, SlicedClock::new(), 1).unwrap();
        let mut ids = vec![0u64; 300_000];
        let before = READINGS.with(Cell::get);
        let (count, end) = mint_slices(&mut g, ids.len(), |i, id| ids[i] = id);
        let readings = READINGS.with(Cell::get) - before;
        assert_eq!((count, end), (300_000, SliceEnd::Done));
        assert_eq!(readings, 300_000u64.div_ceil(RUN_MAX));
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
        assert!(ids.iter().all(|&id| id >> 30 & 1 == 1));
    }

    #[test]
    fn a_slice_stops_where_the_lease_window_closes_or_the_fence_is() {
        let mut g = Generator::new(twitter(), &[1, 5], OnClockBack::Wait, SlicedClock::new(), 1).unwrap();
        g.clock().set_window_end(Some(Instant::now()));
        assert_eq!(mint_slice(&mut g, 10, |_, _| ()).unwrap(), (0, SliceEnd::Lease));
        assert_eq!(g.last_id(), None);
        g.clock()
            .set_window_end(Some(Instant::now() + Duration::from_secs(3600)));
        assert_eq!(mint_slices(&mut g, 10, |_, _| ()), (10, SliceEnd::Done));
        // A fence at the last tick minted: the rest of that tick at most.
        let tick = g.last_tick().unwrap();
        g.set_fence(Fence::UpTo(tick));
        let (count, end) = mint_slices(&mut g, 10_000, |_, _| ());
        assert!(count <= 4096 - 10 && end == SliceEnd::Lease, "{count} {end:?}");
        assert_eq!(g.last_tick(), Some(tick));
    }

    #[test]
    fn a_wait_for_the_clock_that_passes_the_window_end_stops_there() {
        // One ID per second, from 1970: after the first ID the next waits
        // for the next second, and the lease's window closes before that
        // second begins (or has closed already), so no second ID is minted.
        let per_second = Layout::new(&[(Sign, 1), (Time, 40), (Node, 23), (Sequence, 0)], Unit::SECONDS, 0).unwrap();
        let mut g = Generator::new(per_second, &[5], OnClockBack::Wait, SlicedClock::new(), 1).unwrap();
        assert_eq!(mint_slices(&mut g, 1, |_, _| ()), (1, SliceEnd::Done));
        let tick = g.last_tick().unwrap();
        let next_second_ms = (tick as i64 + 1) * 1000;
        let before_it = u64::try_from(next_second_ms - SystemClock.now_ms() - 1).unwrap_or(0);
        g.clock()
            .set_window_end(Some(Instant::now() + Duration::from_millis(before_it.min(3))));
        assert_eq!(mint_slices(&mut g, 1, |_, _| ()), (0, SliceEnd::Lease));
        assert_eq!(g.last_tick(), Some(tick));
        assert!(g.clock().window_closed(Instant::now()));
        assert!(g.clock().window_end().is_some());
    }

    #[test]
    fn a_held_lock_is_busy_and_a_poisoned_one_is_taken_over() {
        let m = Mutex::new(1);
        {
            let _held = lock_now(&m).unwrap();
            assert_eq!(lock_now(&m).unwrap_err().code, Code::Busy);
        }
        let poisoned = std::panic::catch_unwind(|| {
            let _g = m.lock().unwrap();
            panic!("poisoning the lock");
        });
        assert!(poisoned.is_err() && m.is_poisoned());
        assert_eq!(*lock_now(&m).unwrap(), 1);
    }
}
