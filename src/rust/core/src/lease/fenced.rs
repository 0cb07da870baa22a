//! What a lease drives in its generator: the fence that bounds the ticks it
//! may mint in, and the window its clock ends, behind one trait so that the
//! machine's tests can drive a generator of a scripted clock.

use super::machine::Mono;
use crate::generate::clock::Clock;
use crate::generate::generator::{Fence, FloorError, Generator};
use crate::lease::nodes::horizon;

/// What the lease drives in its generator.
pub trait Fenced {
    /// The horizon a renewal reserves: `window_ticks` ticks past the later
    /// of the clock's tick (plus the lead the layout allows) and the tick
    /// after the last ID (see [`crate::lease::nodes::horizon`]).
    fn propose(&self, window_ticks: u64) -> u64;
    /// From now on, mint only in ticks after `tick`.
    fn stay_after(&mut self, tick: u64) -> Result<(), FloorError>;
    /// Mint in ticks up to `horizon`, until `until`.
    fn open(&mut self, horizon: u64, until: Mono);
    /// Mint no more. Returns the tick the node's next holder must start
    /// after: the last ID's, or the floor the generator stayed above;
    /// `None` when it has neither.
    fn shut(&mut self) -> Option<u64>;
}

/// A clock that ends a lease's window: no ID is minted at or after the
/// monotonic time its window ends.
pub trait Windowed {
    fn end_window_at(&self, end: Mono);
}

impl<C: Clock + Windowed> Fenced for Generator<C> {
    fn propose(&self, window_ticks: u64) -> u64 {
        horizon(
            self.clock_tick(),
            self.last_tick(),
            self.max_lead(),
            window_ticks,
            self.layout().last_tick(),
        )
    }

    fn stay_after(&mut self, tick: u64) -> Result<(), FloorError> {
        self.stay_after_tick(tick)
    }

    fn open(&mut self, horizon: u64, until: Mono) {
        self.set_fence(Fence::UpTo(horizon));
        self.clock().end_window_at(until);
    }

    fn shut(&mut self) -> Option<u64> {
        self.set_fence(Fence::Closed);
        self.clock().end_window_at(Mono::ZERO);
        self.last_tick()
    }
}
