//! Minting 128-bit IDs (UUIDv7, ULID, TypeID, SCRU128) as a pure state
//! machine: each call takes the clock's reading and 128 fresh random bits
//! as arguments, so that tests script both, and returns the next ID, which
//! is always above the last one in byte order (the numeric order of the
//! `u128`). The randomness comes from `entropy`, never from R's RNG.

use crate::generate::generator::OnClockBack;

/// How the bits after the timestamp are filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WideMethod {
    /// UUIDv7 with RFC 9562 section 6.2 method 1 as CPython 3.14 does it: a
    /// 42-bit counter in `rand_a` (12 bits) and the top 30 bits of
    /// `rand_b`, seeded at random (top bit 0) in each new millisecond and
    /// counted up by 1 within it; the last 32 bits random per ID. TypeID
    /// uses this too (its prefix is text only).
    UuidV7Counter,
    /// UUIDv7 with RFC 9562 method 3 as PostgreSQL 18 does it: `rand_a`
    /// is the fraction of the millisecond in 1/4096 steps (counted up by
    /// one step when the clock has not passed the last), `rand_b` random.
    UuidV7Fraction,
    /// ULID, monotonic: the 80 random bits counted up by 1 within a
    /// millisecond; on their overflow the time moves on 1 ms (never wraps).
    Ulid,
    /// SCRU128: 48-bit ms, 24-bit counter_hi (renewed at random once a
    /// second), 24-bit counter_lo (random in a new ms, counted up within
    /// it, carrying into counter_hi, then into the ms), 32-bit entropy.
    Scru128,
}

/// Why no ID was minted; the minter is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WideStop {
    /// The clock reads `back_ms` before the last ID's time (`on_clock_back
    /// = "error"`).
    ClockBack { back_ms: u64 },
    /// Wait until the clock reads `until_ms`, then call again
    /// (`on_clock_back = "wait"`).
    WaitUntil { until_ms: u64 },
    /// The 48-bit millisecond ran out (the year 10889).
    PastEnd,
}

/// SCRU128's allowance: a clock this little behind the last ID goes on
/// from the last ID whatever the policy, as its specification says.
const SCRU128_ALLOWANCE_MS: u64 = 10_000;
const MS_MAX: u64 = (1 << 48) - 1;
const NANOS_PER_MS: u64 = 1_000_000;

/// The state of one 128-bit generator.
#[derive(Clone, Debug)]
pub struct WideMinter {
    method: WideMethod,
    policy: OnClockBack,
    /// The last ID minted, and its time in the method's tick (ms, or
    /// 1/4096 ms for `UuidV7Fraction`).
    last: Option<(u128, u64)>,
    /// SCRU128: the ms counter_hi was last renewed at.
    hi_since: u64,
}

impl WideMinter {
    pub fn new(method: WideMethod, policy: OnClockBack) -> WideMinter {
        WideMinter {
            method,
            policy,
            last: None,
            hi_since: 0,
        }
    }

    pub fn method(&self) -> WideMethod {
        self.method
    }

    pub fn last(&self) -> Option<u128> {
        self.last.map(|(v, _)| v)
    }

    /// The next ID at `now_ns` (nanoseconds since 1970) with `rand` as its
    /// fresh random bits.
    pub fn next(&mut self, now_ns: u64, rand: u128) -> Result<u128, WideStop> {
        let now = self.tick_of(now_ns);
        let Some((last, last_tick)) = self.last else {
            return self.start(now, rand);
        };
        if now > last_tick {
            return self.start(now, rand);
        }
        // A clock in the last ID's millisecond counts on; one behind it, as
        // the policy says.
        let behind = self.ms_of_tick(last_tick) - self.ms_of_tick(now);
        let allowed = self.method == WideMethod::Scru128 && behind <= SCRU128_ALLOWANCE_MS;
        if behind > 0 && !allowed {
            match self.policy {
                OnClockBack::Error => return Err(WideStop::ClockBack { back_ms: behind }),
                OnClockBack::Wait => {
                    return Err(WideStop::WaitUntil {
                        until_ms: self.ms_of_tick(last_tick),
                    })
                }
                OnClockBack::Borrow => {}
            }
        }
        self.count_on(last, last_tick, rand)
    }

    /// After a fork: the child starts a new millisecond above the last ID
    /// with fresh random bits, so that it repeats none of the parent's IDs
    /// (which count on from the same state) and stays increasing.
    pub fn after_fork(&mut self, rand: u128) -> Result<(), WideStop> {
        if let Some((_, tick)) = self.last {
            let next_ms = self.ms_of_tick(tick) + 1;
            self.start(self.tick_of(next_ms.saturating_mul(NANOS_PER_MS)), rand)?;
        }
        Ok(())
    }

    fn tick_of(&self, now_ns: u64) -> u64 {
        let ms = now_ns / NANOS_PER_MS;
        match self.method {
            WideMethod::UuidV7Fraction => ms * 4096 + (now_ns % NANOS_PER_MS) * 4096 / NANOS_PER_MS,
            _ => ms,
        }
    }

    /// A tick's millisecond.
    fn ms_of_tick(&self, tick: u64) -> u64 {
        match self.method {
            WideMethod::UuidV7Fraction => tick / 4096,
            _ => tick,
        }
    }

    /// The first ID of a new tick.
    fn start(&mut self, tick: u64, rand: u128) -> Result<u128, WideStop> {
        if self.ms_of_tick(tick) > MS_MAX {
            return Err(WideStop::PastEnd);
        }
        let ms = self.ms_of_tick(tick) as u128;
        let v = match self.method {
            WideMethod::UuidV7Counter => {
                // Counter top bit 0: room for 2^41 IDs in the millisecond.
                let counter = rand & ((1 << 41) - 1);
                uuid_v7_counter(ms, counter, rand >> 64)
            }
            WideMethod::UuidV7Fraction => uuid_v7(ms, (tick % 4096) as u128, rand),
            WideMethod::Ulid => (ms << 80) | (rand & ((1 << 80) - 1)),
            WideMethod::Scru128 => {
                if self.last.is_none() || self.ms_of_tick(tick) - self.hi_since >= 1000 {
                    self.hi_since = self.ms_of_tick(tick);
                    let hi = (rand >> 24) & 0xFF_FFFF;
                    scru128(ms, hi, rand & 0xFF_FFFF, rand >> 96)
                } else {
                    let hi = self.last.map_or(0, |(v, _)| (v >> 56) & 0xFF_FFFF);
                    scru128(ms, hi, rand & 0xFF_FFFF, rand >> 96)
                }
            }
        };
        self.last = Some((v, tick));
        Ok(v)
    }

    /// The ID after `last` in tick `tick` (the clock did not pass it).
    fn count_on(&mut self, last: u128, tick: u64, rand: u128) -> Result<u128, WideStop> {
        let next = match self.method {
            WideMethod::UuidV7Counter => {
                let counter = (((last >> 64) & 0xFFF) << 30) | ((last >> 32) & ((1 << 30) - 1));
                if counter == (1 << 42) - 1 {
                    return self.start(tick + 1, rand);
                }
                uuid_v7_counter(tick as u128, counter + 1, rand >> 64)
            }
            // PostgreSQL 18: one 1/4096 ms step on, new random bits.
            WideMethod::UuidV7Fraction => return self.start(tick + 1, rand),
            WideMethod::Ulid => {
                if last & ((1 << 80) - 1) == (1 << 80) - 1 {
                    return self.start(tick + 1, rand);
                }
                last + 1
            }
            WideMethod::Scru128 => {
                let counters = (last >> 32) & ((1 << 48) - 1);
                if counters == (1 << 48) - 1 {
                    return self.start(tick + 1, rand);
                }
                ((last >> 80) << 80) | ((counters + 1) << 32) | (rand >> 96)
            }
        };
        self.last = Some((next, tick));
        Ok(next)
    }
}

/// A UUIDv7 from its millisecond, 12 bits of `rand_a` and 62 of `rand_b`.
fn uuid_v7(ms: u128, rand_a: u128, rand_b: u128) -> u128 {
    (ms << 80) | (0x7 << 76) | (rand_a << 64) | (0b10 << 62) | (rand_b & ((1 << 62) - 1))
}

/// A UUIDv7 with a 42-bit counter: its top 12 bits in `rand_a`, the rest
/// at the top of `rand_b`, then 32 random bits.
fn uuid_v7_counter(ms: u128, counter: u128, tail: u128) -> u128 {
    let rand_b = ((counter & ((1 << 30) - 1)) << 32) | (tail & 0xFFFF_FFFF);
    uuid_v7(ms, counter >> 30, rand_b)
}

fn scru128(ms: u128, hi: u128, lo: u128, entropy: u128) -> u128 {
    (ms << 80) | (hi << 56) | (lo << 32) | (entropy & 0xFFFF_FFFF)
}

#[cfg(test)]
#[path = "wide_mint_tests.rs"]
mod tests;
