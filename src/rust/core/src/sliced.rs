//! Minting in slices of wall time. A caller that must check now and then
//! whether to stop (R asks whether the user pressed Ctrl-C) mints for at
//! most [`SLICE`] at a time, under the generator's lock, and checks between
//! slices, with the lock released; the clock's waits end with the slice, so
//! that a generator waiting for its clock gives control back too.

use crate::clock::{Clock, SystemClock};
use crate::generator::{GenerateError, Generator};
use crate::problem::{Code, Problem};
use std::cell::Cell;
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

/// The longest the generator's lock is held, and the longest between two
/// checks, whatever the layout's rate.
pub const SLICE: Duration = Duration::from_millis(10);
/// How many IDs are minted between two readings of the slice's clock.
const CHECK_EVERY: usize = 16;

/// The system clock, whose waits end with the slice they are in.
#[derive(Debug)]
pub struct SlicedClock {
    end: Cell<Instant>,
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
        }
    }

    /// Starts a slice of `SLICE` from now; returns its end.
    fn start_slice(&self) -> Instant {
        let end = Instant::now() + SLICE;
        self.end.set(end);
        end
    }
}

impl Clock for SlicedClock {
    fn now_ms(&self) -> i64 {
        SystemClock.now_ms()
    }

    fn now_us(&self) -> i64 {
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
}

/// Mints up to `count` IDs, handing each to `put` with its 0-based place,
/// until the slice ends. Returns how many, and how the slice ended.
pub fn mint_slice(
    generator: &mut Minter,
    count: usize,
    mut put: impl FnMut(usize, u64),
) -> Result<(usize, SliceEnd), GenerateError> {
    let end = generator.clock().start_slice();
    for i in 0..count {
        if i % CHECK_EVERY == 0 && Instant::now() >= end {
            return Ok((i, SliceEnd::Minting));
        }
        match generator.next_id() {
            Ok(id) => put(i, id),
            Err(GenerateError::Stopped) => return Ok((i, SliceEnd::Waiting)),
            Err(e) => return Err(e),
        }
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
    use crate::generator::OnClockBack;
    use crate::layout::{Layout, PartKind::*};
    use crate::test_cases::twitter;
    use crate::unit::Unit;

    #[test]
    fn a_slice_mints_what_was_asked_when_the_sequence_allows() {
        let mut g = Generator::new(twitter(), &[1, 2], OnClockBack::Wait, SlicedClock::new(), 1).unwrap();
        let mut ids = Vec::new();
        let (count, end) = mint_slice(&mut g, 100, |i, id| ids.push((i, id))).unwrap();
        assert_eq!((count, end), (100, SliceEnd::Done));
        assert!(ids.windows(2).all(|w| w[0].1 < w[1].1 && w[0].0 + 1 == w[1].0));
    }

    #[test]
    fn a_slice_ends_when_its_time_is_up_even_while_waiting() {
        // One ID per second: the second ID waits for the clock, and the
        // wait ends with the slice.
        let parts = [(Sign, 1), (Time, 40), (Node, 23), (Sequence, 0)];
        let layout = Layout::new(&parts, Unit::SECONDS, 0).unwrap();
        let mut g = Generator::new(layout, &[5], OnClockBack::Wait, SlicedClock::new(), 1).unwrap();
        let started = Instant::now();
        let (count, end) = mint_slice(&mut g, 3, |_, _| ()).unwrap();
        assert!((1..3).contains(&count), "{count}");
        assert_ne!(end, SliceEnd::Done);
        assert!(
            started.elapsed() < Duration::from_millis(900),
            "{:?}",
            started.elapsed()
        );
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
