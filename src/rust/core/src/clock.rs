//! The clock a generator reads, behind a trait so that tests can drive it.

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

#[cfg(test)]
mod tests {
    use super::*;

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
