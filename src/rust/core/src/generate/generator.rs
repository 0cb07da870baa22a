//! Minting IDs that stay unique and strictly increasing when the clock
//! moves backwards, a tick's sequence runs out, IDs come in bursts, or a
//! previous process left IDs that must not be minted again. IDs come one
//! at a time ([`Generator::next_id`]) or in runs, the rest of a tick's
//! sequence from one reading of the clock ([`Generator::next_run`]), and
//! never in a tick past the generator's fence (a node lease's horizon).

use crate::compose::composer::{ComposeError, Composer};
use crate::generate::clock::Clock;
use crate::generate::facts::MintingFacts;
use crate::layouts::layout::Layout;
use crate::layouts::unit::Resolution;
use thiserror::Error;

/// What a generator does when the clock reads earlier than the last tick
/// it issued (beyond SCRU64's allowance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnClockBack {
    /// Block until the clock is back at the last tick, then go on.
    Wait,
    /// Refuse, saying how far back the clock went.
    Error,
    /// Keep counting on the last tick, as Sonyflake does; when its sequence
    /// runs out, wait for the next tick.
    Borrow,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// The clock moved back: it reads `back_ms` before the latest time this
    /// generator read, and `behind_ms` before the start of its last tick.
    #[error("the clock moved back {back_ms} ms, to {behind_ms} ms behind the last ID")]
    ClockBack { behind_ms: i64, back_ms: i64 },
    /// The ID the generator must stay above (see [`Generator::stay_above`])
    /// lies `by_ms` ahead of a clock that did not move back.
    #[error("the ID to stay above is {by_ms} ms ahead of the clock")]
    FloorAhead { by_ms: i64 },
    #[error("the clock reads a time before the layout's epoch")]
    BeforeEpoch,
    #[error("the clock reads a time past the layout's last tick")]
    PastEnd,
    /// The clock cut a wait short (`Clock::sleep_ms` returned false): the
    /// generator is unchanged and the next call goes on from where it is.
    #[error("the wait for the clock was cut short")]
    Stopped,
    /// The next ID would lie in a tick the fence does not allow (see
    /// [`Fence`]): the generator is unchanged, and goes on once the fence
    /// is moved.
    #[error("the next ID lies past the generator's fence")]
    Fenced,
}

/// The ticks a generator may mint in. A generator under a node lease mints
/// only up to the horizon its lease reserved, so that the next holder of
/// the node, which starts above that horizon, can never mint an ID it
/// minted, whatever either clock says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fence {
    /// Any tick: a generator with no lease.
    Open,
    /// Ticks up to this one, inclusive.
    UpTo(u64),
    /// None: a lease not granted yet, or given back.
    Closed,
}

/// Consecutive IDs of one tick: `first`, `first + step`, ... (`count` of
/// them), the sequence counting up in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub first: u64,
    pub step: u64,
    pub count: u64,
}

impl Run {
    /// The `k`-th ID of the run.
    #[inline]
    pub fn id(&self, k: u64) -> u64 {
        self.first + k * self.step
    }
}

impl From<ComposeError> for GenerateError {
    fn from(e: ComposeError) -> Self {
        match e {
            ComposeError::BeforeEpoch => GenerateError::BeforeEpoch,
            _ => GenerateError::PastEnd,
        }
    }
}

/// Why a generator cannot stay above an ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum FloorError {
    #[error("the ID is above the layout's largest")]
    NotAnId,
    #[error("no ID of this node lies above it")]
    NoneLeft,
}

/// A generator of IDs for one node, reading time from `C`.
#[derive(Debug)]
pub struct Generator<C: Clock> {
    layout: Layout,
    composer: Composer,
    time_shift: u32,
    clock: C,
    policy: OnClockBack,
    /// The node fields' bits, already in place.
    node_bits: u64,
    sequence_max: u64,
    sequence_shift: u32,
    /// How many ticks ahead of the clock a tick may start: SCRU64's
    /// allowance, 0 for the others.
    max_lead: u64,
    /// SCRU64's counter starts below 2^this (0: at 0).
    counter_start_bits: u32,
    /// The last tick issued and the sequence used in it, or the floor it
    /// stays above (`after`, a lease's horizon) where that is later.
    last: Option<(u64, u64)>,
    /// The last ID issued: unlike `last`, never a floor, so that a gone
    /// generator hands its successors only IDs that exist.
    issued: Option<u64>,
    /// The latest time the clock read, to tell a clock that moved back from
    /// IDs that are ahead of it for other reasons.
    clock_high: Option<i64>,
    rng: u64,
    fence: Fence,
}

impl<C: Clock> Generator<C> {
    /// A generator for the node given by `nodes`, one value per node field
    /// in layout order. `seed` feeds SCRU64's random counter start.
    pub fn new(layout: Layout, nodes: &[u64], policy: OnClockBack, clock: C, seed: u64) -> Result<Self, ComposeError> {
        let node_parts: Vec<_> = layout.nodes().collect();
        if node_parts.len() != nodes.len() {
            return Err(ComposeError::NodeCount {
                expected: node_parts.len(),
                given: nodes.len(),
            });
        }
        let mut node_bits = 0;
        for (part, &value) in node_parts.iter().zip(nodes) {
            if value > part.max_value() {
                let index = layout.parts().iter().position(|p| p == part).unwrap_or(0);
                return Err(ComposeError::PartRange { index });
            }
            node_bits |= value << part.shift();
        }
        let sequence = layout.sequence();
        let facts = MintingFacts::of(&layout);
        Ok(Generator {
            composer: layout.composer(),
            time_shift: layout.time().shift(),
            sequence_max: sequence.max_value(),
            sequence_shift: sequence.shift(),
            max_lead: facts.max_lead,
            counter_start_bits: facts.counter_start_bits,
            layout,
            clock,
            policy,
            node_bits,
            last: None,
            issued: None,
            clock_high: None,
            // xorshift needs a non-zero state.
            rng: seed | 1,
            fence: Fence::Open,
        })
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The node values, one per node field in layout order.
    pub fn node_values(&self) -> Vec<u64> {
        self.layout.nodes().map(|p| p.extract(self.node_bits)).collect()
    }

    pub fn clock(&self) -> &C {
        &self.clock
    }

    /// The clock's time in the layout's resolution: milliseconds, or
    /// microseconds for microsecond ticks.
    fn now(&self) -> i64 {
        match self.layout.resolution() {
            Resolution::Millis => self.clock.now_ms(),
            Resolution::Micros => self.clock.now_us(),
        }
    }

    /// Milliseconds in `t` of the layout's resolution, rounded up, so that
    /// any step back or lead is at least 1 ms.
    fn ms_up(&self, t: i64) -> i64 {
        let per_milli = self.layout.resolution().per_milli();
        t.div_euclid(per_milli) + i64::from(t.rem_euclid(per_milli) != 0)
    }

    /// The last ID issued, or the ID the generator stays above when it has
    /// issued none since.
    pub fn last_id(&self) -> Option<u64> {
        self.last.map(|(tick, seq)| self.id(tick, seq))
    }

    /// The last ID issued, never a floor it was told to stay above: what a
    /// later generator of the same node in this process must stay above.
    pub fn last_issued_id(&self) -> Option<u64> {
        self.issued
    }

    /// The tick of the last ID issued (or stayed above).
    pub fn last_tick(&self) -> Option<u64> {
        self.last.map(|(tick, _)| tick)
    }

    /// The clock's tick now, or `None` before the epoch; past the layout's
    /// last tick, the last tick.
    pub fn clock_tick(&self) -> Option<u64> {
        match self.composer.tick_at(self.now()) {
            Ok(tick) => Some(tick),
            Err(ComposeError::BeforeEpoch) => None,
            Err(_) => Some(self.layout.last_tick()),
        }
    }

    /// How many ticks ahead of the clock a tick may start (SCRU64's
    /// allowance; 0 for the other layouts).
    pub fn max_lead(&self) -> u64 {
        self.max_lead
    }

    /// The ticks the generator may mint in from now on.
    pub fn set_fence(&mut self, fence: Fence) {
        self.fence = fence;
    }

    /// Whether the fence lets the generator mint in `tick`.
    fn check_fence(&self, tick: u64) -> Result<(), GenerateError> {
        match self.fence {
            Fence::Open => Ok(()),
            Fence::UpTo(horizon) if tick <= horizon => Ok(()),
            _ => Err(GenerateError::Fenced),
        }
    }

    /// Makes every ID minted from now on greater than `floor` (the last ID
    /// a previous process minted), whatever the clock says. A floor ahead
    /// of the clock is met as a clock that moved back is: `Wait` waits for
    /// it, `Error` refuses, `Borrow` counts on from it.
    pub fn stay_above(&mut self, floor: u64) -> Result<(), FloorError> {
        if floor > self.layout.max_id() {
            return Err(FloorError::NotAnId);
        }
        let tick = self.layout.time().extract(floor);
        // IDs of this node in `tick` grow with the sequence: take the last
        // one at or below the floor as used. When even sequence 0 is above
        // it, sequence 0 is skipped, which costs one ID and keeps the rule.
        let (mut low, mut high) = (0, self.sequence_max);
        while low < high {
            let mid = low + (high - low + 1) / 2;
            if self.id(tick, mid) <= floor {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        let used = (tick, low);
        if !self.has_id_after(used) {
            return Err(FloorError::NoneLeft);
        }
        if self.last.map_or(true, |last| last < used) {
            self.last = Some(used);
        }
        Ok(())
    }

    /// Makes every ID minted from now on lie in a tick after `tick` (the
    /// horizon a node's previous holder reserved). The generator counts on
    /// from the start of the next tick, as from an `after` in it (its
    /// sequence 0 is skipped), so that `Borrow` need not wait for a clock
    /// behind it.
    pub fn stay_after_tick(&mut self, tick: u64) -> Result<(), FloorError> {
        let next = tick
            .checked_add(1)
            .filter(|&t| t <= self.layout.last_tick())
            .ok_or(FloorError::NoneLeft)?;
        self.stay_above(self.id(next, 0))
    }

    /// Whether an ID of this node follows the one at `(tick, seq)`.
    fn has_id_after(&self, (tick, seq): (u64, u64)) -> bool {
        let last_tick = self.layout.last_tick();
        tick < last_tick || (seq < self.sequence_max && self.id(tick, seq + 1) <= self.layout.max_id())
    }

    /// The next ID: unique and greater than every ID this generator gave.
    pub fn next_id(&mut self) -> Result<u64, GenerateError> {
        if self.fence == Fence::Closed {
            return Err(GenerateError::Fenced);
        }
        loop {
            let now_t = self.now();
            let high = self.clock_high.replace(self.clock_high.map_or(now_t, |h| h.max(now_t)));
            let now = self.composer.tick_at(now_t)?;
            let Some((last, seq)) = self.last else {
                self.check_fence(now)?;
                return Ok(self.start_tick(now));
            };
            if now > last {
                self.check_fence(now)?;
                return Ok(self.start_tick(now));
            }
            // Counting on in `last` (or waiting to): the fence may have
            // moved below it.
            self.check_fence(last)?;
            if last - now > self.max_lead {
                match self.policy {
                    OnClockBack::Error => return Err(self.ahead_error(last, now_t, high)),
                    OnClockBack::Wait => {
                        self.wait_for_tick(last - self.max_lead)?;
                        continue;
                    }
                    OnClockBack::Borrow => {}
                }
            }
            if seq < self.sequence_max {
                self.last = Some((last, seq + 1));
                return Ok(self.issue(last, seq + 1));
            }
            // The tick is used up: move on to the next one once it is within
            // the lead allowed (SCRU64 moves on at once while it is; the
            // others wait for the clock to reach it), and only when the
            // fence allows it (no waiting for a tick that cannot be had).
            if last == self.layout.last_tick() {
                return Err(GenerateError::PastEnd);
            }
            let next = last + 1;
            self.check_fence(next)?;
            if next <= now + self.max_lead {
                return Ok(self.start_tick(next));
            }
            self.wait_for_tick(next - self.max_lead)?;
        }
    }

    /// The next IDs, up to `max` of them (at least 1): the next ID, as
    /// [`Generator::next_id`] makes it, and the IDs that follow it in its
    /// tick, from the same reading of the clock. A run stops where the
    /// tick's sequence (or the layout's largest ID) ends.
    pub fn next_run(&mut self, max: u64) -> Result<Run, GenerateError> {
        let first = self.next_id()?;
        let step = 1u64 << self.sequence_shift;
        let Some((tick, seq)) = self.last else {
            return Ok(Run { first, step, count: 1 });
        };
        let mut room = self.sequence_max - seq;
        if tick == self.layout.last_tick() {
            // SCRU64's largest ID cuts through its last tick.
            room = room.min((self.layout.max_id().saturating_sub(first)) / step);
        }
        let extra = room.min(max.saturating_sub(1));
        self.last = Some((tick, seq + extra));
        self.issued = Some(self.id(tick, seq + extra));
        Ok(Run {
            first,
            step,
            count: extra + 1,
        })
    }

    /// Why the generator refuses to count on `last` with the clock at
    /// `now_t` (in the layout's resolution): the clock moved back (it read
    /// `high` before), or the ID it stays above is ahead of the clock.
    fn ahead_error(&self, last: u64, now_t: i64, high: Option<i64>) -> GenerateError {
        let behind_ms = self.ms_up(self.layout.tick_start(last) - now_t);
        match high {
            Some(high) if now_t < high => GenerateError::ClockBack {
                behind_ms,
                back_ms: self.ms_up(high - now_t),
            },
            _ => GenerateError::FloorAhead { by_ms: behind_ms },
        }
    }

    /// Makes `n` consecutive IDs and hands each to `put` with its index,
    /// so that the caller writes them straight into its output.
    pub fn fill(&mut self, n: usize, mut put: impl FnMut(usize, u64)) -> Result<(), GenerateError> {
        let mut i = 0;
        while i < n {
            let run = self.next_run((n - i) as u64)?;
            for k in 0..run.count {
                put(i + k as usize, run.id(k));
            }
            i += run.count as usize;
        }
        Ok(())
    }

    fn start_tick(&mut self, tick: u64) -> u64 {
        let seq = self.counter_start();
        self.last = Some((tick, seq));
        self.issue(tick, seq)
    }

    /// The ID at `(tick, seq)`, recorded as the last one issued.
    fn issue(&mut self, tick: u64, seq: u64) -> u64 {
        let id = self.id(tick, seq);
        self.issued = Some(id);
        id
    }

    fn id(&self, tick: u64, seq: u64) -> u64 {
        (tick << self.time_shift) | self.node_bits | (seq << self.sequence_shift)
    }

    /// A new tick's sequence: 0, or for SCRU64 a random number whose top
    /// bit is 0, leaving at least half the counter for IDs in the same tick.
    fn counter_start(&mut self) -> u64 {
        let bits = self.counter_start_bits;
        if bits == 0 {
            return 0;
        }
        // xorshift64* (Vigna): plenty for spreading counters, which SCRU64
        // uses against accidental node clashes, not for secrecy.
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> (64 - bits)
    }

    /// Blocks until the clock reaches `tick`: sleeping for ticks of 10 ms
    /// and more, yielding for shorter ticks in their last millisecond,
    /// where a sleep would overshoot the tick. Changes nothing, so that a
    /// wait the clock cuts short can simply be started again.
    fn wait_for_tick(&self, tick: u64) -> Result<(), GenerateError> {
        let target = self.layout.tick_start(tick);
        let per_milli = self.layout.resolution().per_milli();
        let coarse = self.layout.unit().length() >= 10 * per_milli;
        loop {
            let remaining = target - self.now();
            if remaining <= 0 {
                return Ok(());
            }
            let remaining_ms = self.ms_up(remaining);
            if coarse || remaining_ms > 1 {
                if !self
                    .clock
                    .sleep_ms(if coarse { remaining_ms } else { remaining_ms - 1 })
                {
                    return Err(GenerateError::Stopped);
                }
            } else {
                self.clock.pause();
            }
        }
    }
}

#[cfg(test)]
#[path = "generator_tests.rs"]
mod tests;
