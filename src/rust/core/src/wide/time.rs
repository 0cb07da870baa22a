//! The time an ID carries, exactly (an integer count of its format's
//! unit, so that UUIDv1/v6's 100 ns survive where a double would not), and
//! the lowest and highest ID of an instant, the bounds of a range query.

use super::format::{time_bits_of_version, Format, SubMs, Tick, TimeBits};
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
    pub fn as_secs_f64(self) -> f64 {
        let (secs, rest) = self.split();
        secs as f64 + rest as f64 / self.tick.per_second() as f64
    }
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

/// The UUID version, for `uuid` entries.
fn version(v: Wide) -> u8 {
    ((v.lo >> 76) & 0xF) as u8
}

/// The time bits that apply to `v` in `format` (for `uuid`, by the
/// entry's version; no time for versions 2 to 5, 8, nil and max).
fn time_bits_for(format: Format, v: Wide) -> Result<TimeBits, WideProblem> {
    match format.time_bits() {
        Some(t) => Ok(t),
        None => {
            let ver = version(v);
            let special = v.lo == 0 || v.lo == u128::MAX;
            if special {
                return Err(WideProblem::NoTime(ver));
            }
            time_bits_of_version(ver).ok_or(WideProblem::NoTime(ver))
        }
    }
}

/// Whether `sub_ms` applies: UUIDv7 entries of the UUID layouts.
fn reads_sub_ms(format: Format, v: Wide) -> bool {
    match format {
        Format::UuidV7 => true,
        Format::Uuid => version(v) == 7,
        _ => false,
    }
}

/// The time of `v`, an ID of `format` (already parsed, so its version is
/// the layout's). UUIDv7's 12 bits after the millisecond count as time as
/// `sub_ms` says.
pub fn time(format: Format, v: Wide, sub_ms: SubMs) -> Result<WideTime, WideProblem> {
    let tb = time_bits_for(format, v)?;
    let total = format.bits();
    let raw = gather(v, total, tb.runs) as i128;
    let t = WideTime::new(raw + tb.epoch, tb.tick);
    if !reads_sub_ms(format, v) {
        return Ok(t);
    }
    let rand_a = v.bits(128, 52, 12) as i128;
    Ok(match sub_ms {
        SubMs::None => t,
        SubMs::Fraction => WideTime::new(t.ticks * 4096 + rand_a, Tick::MilliOver4096),
        SubMs::Ns256 => WideTime::new(t.ticks * 1_000_000 + rand_a * 256, Tick::Nano),
    })
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
