//! The clock a generator reads, behind a trait so that tests can drive it.

use std::cell::Cell;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Wall-clock time in milliseconds since 1970 and a way to wait for it.
pub trait Clock {
    /// Milliseconds since 1970-01-01 UTC.
    fn now_ms(&self) -> i64;

    /// Microseconds since 1970-01-01 UTC, for layouts with microsecond
    /// ticks. A clock that knows only milliseconds gives their start.
    fn now_us(&self) -> i64 {
        self.now_ms().saturating_mul(1_000)
    }

    /// Blocks for about `ms` milliseconds (a fake clock advances instead).
    /// Returns false when the wait should stop early, because the caller
    /// wants control back (to check whether the user interrupted): the
    /// generator then returns `GenerateError::Stopped`, unchanged.
    fn sleep_ms(&self, ms: i64) -> bool;

    /// Gives up the processor for a moment: waits shorter than a
    /// millisecond, where sleeping would overshoot the tick.
    fn pause(&self) {
        std::thread::yield_now();
    }
}

/// The operating system's real-time clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => i64::try_from(d.as_millis()).unwrap_or(i64::MAX),
            Err(e) => -i64::try_from(e.duration().as_millis()).unwrap_or(i64::MAX),
        }
    }

    fn now_us(&self) -> i64 {
        match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => i64::try_from(d.as_micros()).unwrap_or(i64::MAX),
            Err(e) => -i64::try_from(e.duration().as_micros()).unwrap_or(i64::MAX),
        }
    }

    fn sleep_ms(&self, ms: i64) -> bool {
        if ms > 0 {
            std::thread::sleep(Duration::from_millis(ms as u64));
        }
        true
    }
}

/// A clock that runs by a script: it stands where it is set, each reading
/// moves it on by a fixed step, a sleep by the time slept and a pause by a
/// microsecond. A generator driven by it mints the same IDs as any other
/// implementation of the same algorithm fed the same readings (the SQL
/// functions of R's `id_sql_generator()`, whose test clock does the same),
/// whatever the real time: their differential test compares them.
#[derive(Debug, Default)]
pub struct SteppedClock {
    now_us: Cell<i64>,
    step_us: Cell<i64>,
}

impl SteppedClock {
    /// The clock at `now_us` (microseconds since 1970), moving on by
    /// `step_us` after each reading from now on.
    pub fn set(&self, now_us: i64, step_us: i64) {
        self.now_us.set(now_us);
        self.step_us.set(step_us);
    }

    fn advance(&self, us: i64) {
        self.now_us.set(self.now_us.get().saturating_add(us));
    }
}

impl Clock for &SteppedClock {
    fn now_ms(&self) -> i64 {
        self.now_us().div_euclid(1_000)
    }

    fn now_us(&self) -> i64 {
        let now = self.now_us.get();
        self.advance(self.step_us.get());
        now
    }

    fn sleep_ms(&self, ms: i64) -> bool {
        self.advance(ms.saturating_mul(1_000));
        true
    }

    fn pause(&self) {
        self.advance(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stepped_clock_moves_by_its_readings_sleeps_and_pauses() {
        let clock = SteppedClock::default();
        clock.set(1_000_500, 700);
        let c = &clock;
        assert_eq!((c.now_us(), c.now_ms(), c.now_us()), (1_000_500, 1_001, 1_001_900));
        c.sleep_ms(2);
        c.pause();
        assert_eq!(c.now_us(), 1_004_601);
    }

    #[test]
    fn the_system_clock_is_after_2020_and_moves_on() {
        let clock = SystemClock;
        let a = clock.now_ms();
        assert!(a > 1_577_836_800_000);
        clock.sleep_ms(3);
        assert!(clock.now_ms() >= a + 3);
        let us = clock.now_us();
        assert!(us >= (a + 3) * 1000 && us < (clock.now_ms() + 1) * 1000);
    }
}
