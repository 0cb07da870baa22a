//! The numbers a generator of a layout mints by, for the generator and for
//! code that mints the same IDs elsewhere (the SQL functions of R's
//! `id_sql_generator()`), so that each number has one owner.

use crate::layouts::layout::Layout;
use crate::text::entry::TextForm;

/// SCRU64 lets its IDs run less than 10 seconds ahead of the clock (its
/// specification's suggested allowance): a rollback that small is absorbed
/// whatever the policy, and a burst that overflows the counter moves on to
/// later timestamps only while they stay within it.
pub const SCRU64_ROLLBACK_ALLOWANCE_MS: i64 = 10_000;

/// The numbers a generator of a layout mints by, for code that mints the
/// same IDs elsewhere (the SQL functions of R's `id_sql_generator()`), so
/// that each has one owner: [`Generator`] takes its own from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MintingFacts {
    /// The start of tick 0 in microseconds since 1970 (within an `i64`:
    /// epochs lie in the years 1 to 9999 and units are at most
    /// [`Unit::MAX_MILLIS`](crate::Unit::MAX_MILLIS)).
    pub origin_us: i64,
    /// A tick's length in microseconds.
    pub unit_us: i64,
    /// The last tick, whose IDs are all the layout's (below 36^12 for SCRU64).
    pub last_tick: u64,
    /// How many ticks ahead of the clock a tick may start: SCRU64's
    /// allowance, 0 for the others.
    pub max_lead: u64,
    /// A new tick's sequence starts at a random number below
    /// `2^counter_start_bits` (SCRU64's counter, below half its range), or
    /// at 0 when this is 0.
    pub counter_start_bits: u32,
    /// The SQL generators keep their state in a database sequence whose
    /// values are `(tick << state_counter_bits) | counter`: the bits below
    /// the time part, so that a tick's counter runs on far past its
    /// sequence (values there say the tick is used up) before it reaches
    /// the next tick.
    pub state_counter_bits: u32,
    /// The least distance from a value a session took to the value it puts
    /// the state at (see [`MintingFacts::lock_free`]): the most values
    /// other sessions can take meanwhile, a tick's sequence and three each.
    pub put_margin: u64,
    /// Whether the SQL generators take values without a lock. A session
    /// moves the state to a new tick (a put) under the lock, after taking a
    /// value `v` under it; sessions without the lock take values meanwhile,
    /// each at most three (the one it found stale, one before the lock,
    /// and one once the state reached the tick it waited for) before it
    /// must wait for the lock, the state or the clock, except those that
    /// mint one of a tick's valid values, so
    /// at most [`MintingFacts::put_margin`] of them. A put goes at least
    /// that far past `v`, so it never moves the state back over a value
    /// taken: at most one tick past the clock when a tick's counter holds
    /// more than the margin, as it does where this is true. Where a tick's
    /// counter is too narrow for that (Mastodon, TIDs), every value is
    /// taken under the lock.
    pub lock_free: bool,
}

/// The most sessions that can call an SQL generator at once, whatever the
/// server's settings: PostgreSQL allows at most 2^18 - 1 backends,
/// MariaDB 100,000 connections and as many extra ones.
pub const SQL_SESSIONS_MAX: u64 = 1 << 18;

impl MintingFacts {
    pub fn of(layout: &Layout) -> MintingFacts {
        let resolution = layout.resolution();
        let scru64 = layout.text_form() == TextForm::Scru64;
        let max_lead = if scru64 {
            let allowance = SCRU64_ROLLBACK_ALLOWANCE_MS * resolution.per_milli();
            ((allowance - 1) / layout.unit().length()) as u64
        } else {
            0
        };
        let sequence_bits = layout.sequence().bits();
        let counter_start_bits = if scru64 && sequence_bits > 1 {
            sequence_bits - 1
        } else {
            0
        };
        let state_counter_bits = 64 - layout.time().bits();
        let put_margin = layout.sequence().max_value() + 1 + 3 * SQL_SESSIONS_MAX;
        MintingFacts {
            origin_us: layout.origin() * (1_000_000 / resolution.per_second()),
            unit_us: layout.unit().micros(),
            last_tick: layout.last_tick(),
            max_lead,
            counter_start_bits,
            state_counter_bits,
            put_margin,
            lock_free: 1u128 << state_counter_bits > u128::from(put_margin),
        }
    }
}
