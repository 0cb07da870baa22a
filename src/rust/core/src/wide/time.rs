//! The time an ID carries, exactly (an integer count of its format's
//! unit, so that UUIDv1/v6's 100 ns survive where a double would not), and
//! the lowest and highest ID of an instant, the bounds of a range query.

use super::format::{Format, SubMs, Tick, TimeBits, GREGORIAN_TO_UNIX_100NS};
use super::problem::WideProblem;
use super::value::Wide;
use crate::compose::composer::Side;

/// An instant as a whole number of ticks since 1970-01-01T00:00:00Z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WideTime {
    pub ticks: i128,
    pub tick: Tick,
}

impl WideTime {
    pub const fn new(ticks: i128, tick: Tick) -> WideTime {
        WideTime { ticks, tick }
    }

    /// Whole seconds (floored) and the ticks after them.
    pub fn split(self) -> (i128, i128) {
        let per = self.tick.per_second();
        (self.ticks.div_euclid(per), self.ticks.rem_euclid(per))
    }

    /// The instant in another unit, floored (exact when that unit is finer).
    pub fn floor_to(self, tick: Tick) -> WideTime {
        let (secs, rest) = self.split();
        let rest = rest * tick.per_second() / self.tick.per_second();
        WideTime {
            ticks: secs * tick.per_second() + rest,
            tick,
        }
    }

    /// Nanoseconds since the Unix epoch, floored (1/4096 ms is not a whole
    /// number of nanoseconds).
    pub fn floor_nanos(self) -> i128 {
        self.floor_to(Tick::Nano).ticks
    }

    /// Seconds as R's POSIXct holds them: whole seconds and the fraction
    /// added apart, so that the rounding is a double's only once.
    #[inline]
    pub fn as_secs_f64(self) -> f64 {
        // Every real time fits an i64 of ticks: its division, by a
        // constant per unit, is a multiplication, where i128's is a call.
        if let Ok(t) = i64::try_from(self.ticks) {
            return match self.tick {
                Tick::Second => t as f64,
                Tick::Milli => secs_f64::<1_000>(t),
                Tick::MilliOver4096 => secs_f64::<4_096_000>(t),
                Tick::Nano100 => secs_f64::<10_000_000>(t),
                Tick::Nano => secs_f64::<1_000_000_000>(t),
            };
        }
        let (secs, rest) = self.split();
        secs as f64 + rest as f64 / self.tick.per_second() as f64
    }
}

#[inline(always)]
fn secs_f64<const PER: i64>(t: i64) -> f64 {
    t.div_euclid(PER) as f64 + t.rem_euclid(PER) as f64 / PER as f64
}

/// The bits of `v` that `runs` name, concatenated, most significant first.
fn gather(v: Wide, total: u32, runs: &[(u32, u32)]) -> u128 {
    runs.iter().fold(0u128, |acc, &(start, width)| {
        (acc << width) | v.bits(total, start, width)
    })
}

/// `value` spread over `runs` (the inverse of `gather`).
fn scatter(mut v: Wide, total: u32, runs: &[(u32, u32)], mut value: u128) -> Wide {
    for &(start, width) in runs.iter().rev() {
        v = v.with_bits(total, start, width, value);
        value >>= width;
    }
    v
}

/// The time bits of a format that is not a UUID layout.
fn time_bits_for(format: Format) -> TimeBits {
    // Only the UUID layouts lack fixed time bits, and `time` reads those
    // with `uuid_time`.
    format.time_bits().unwrap_or(super::format::V7_TIME)
}

/// The time of `v`, an ID of `format` (already parsed, so its version is
/// the layout's). UUIDv7's 12 bits after the millisecond count as time as
/// `sub_ms` says (in UUID layouts only: TypeID's generators write them at
/// random).
pub fn time(format: Format, v: Wide, sub_ms: SubMs) -> Result<WideTime, WideProblem> {
    if matches!(format, Format::UuidV7 | Format::UuidV6 | Format::UuidV1 | Format::Uuid) {
        return uuid_time(v.lo, sub_ms);
    }
    let tb = time_bits_for(format);
    let raw = gather(v, format.bits(), tb.runs) as i128;
    Ok(WideTime::new(raw + tb.epoch, tb.tick))
}

/// The time of a UUID by its version (already checked against the
/// layout's): the same bits `format::V1_TIME`, `V6_TIME` and UUIDv7's
/// millisecond name, at fixed places, since columns of UUIDs are read by
/// the million.
#[inline]
pub(crate) fn uuid_time(v: u128, sub_ms: SubMs) -> Result<WideTime, WideProblem> {
    let version = ((v >> 76) & 0xF) as u8;
    let gregorian = |t: u128| Ok(WideTime::new(t as i128 - GREGORIAN_TO_UNIX_100NS, Tick::Nano100));
    if v == 0 || v == u128::MAX {
        return Err(WideProblem::NoTime(version));
    }
    match version {
        7 => {
            let ms = (v >> 80) as i128;
            let rand_a = ((v >> 64) & 0xFFF) as i128;
            Ok(match sub_ms {
                SubMs::None => WideTime::new(ms, Tick::Milli),
                SubMs::Fraction => WideTime::new(ms * 4096 + rand_a, Tick::MilliOver4096),
                SubMs::Ns256 => WideTime::new(ms * 1_000_000 + rand_a * 256, Tick::Nano),
            })
        }
        // time_high (12 bits), time_mid (16), time_low (32).
        1 => gregorian((((v >> 64) & 0xFFF) << 48) | (((v >> 80) & 0xFFFF) << 32) | (v >> 96)),
        // time_high (32 bits), time_mid (16), time_low (12).
        6 => gregorian(((v >> 96) << 28) | (((v >> 80) & 0xFFFF) << 12) | ((v >> 64) & 0xFFF)),
        _ => Err(WideProblem::NoTime(version)),
    }
}

/// The lowest (`Side::Min`) or highest (`Side::Max`) ID of `format` whose
/// time is the tick holding `at`: every bit that is not time (or a UUID's
/// version and variant) all 0 or all 1. With `sub_ms`, UUIDv7's 12 bits
/// after the millisecond are time too. UUIDv1 (whose bytes do not sort by
/// time) and `uuid` (whose entries mix versions) have no bounds.
pub fn from_time(format: Format, at: WideTime, side: Side, sub_ms: SubMs) -> Result<Wide, WideProblem> {
    if !format.sorts_by_time() {
        return Err(WideProblem::NotSortable);
    }
    let Some(tb) = format.time_bits() else {
        return Err(WideProblem::NotSortable);
    };
    let total = format.bits();
    let time_width: u32 = tb.runs.iter().map(|r| r.1).sum();
    let mut v = match side {
        Side::Min => Wide::default(),
        Side::Max if total == 160 => Wide::new(u32::MAX, u128::MAX),
        Side::Max => Wide::from_u128(u128::MAX >> (128 - total)),
    };
    let raw = at.floor_to(tb.tick).ticks - tb.epoch;
    if raw < 0 || raw >> time_width != 0 {
        return Err(WideProblem::TimeRange);
    }
    v = scatter(v, total, tb.runs, raw as u128);
    if format == Format::UuidV7 && sub_ms != SubMs::None {
        // The 12 bits after the millisecond, as the writer put them there.
        let rand_a = match sub_ms {
            SubMs::Fraction => at.floor_to(Tick::MilliOver4096).ticks.rem_euclid(4096),
            _ => at.floor_to(Tick::Nano).ticks.rem_euclid(1_000_000) >> 8,
        };
        v = v.with_bits(128, 52, 12, rand_a as u128);
    }
    if let Some(ver) = format.uuid_version() {
        v = v.with_bits(128, 48, 4, ver as u128).with_bits(128, 64, 2, 0b10);
    }
    Ok(v)
}

#[cfg(test)]
#[path = "time_tests.rs"]
mod tests;
