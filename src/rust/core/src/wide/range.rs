//! Whether IDs were made in a range of time `[from, to)`, by value: an ID
//! of a format that sorts by time is compared with the lowest ID of each
//! end (`from_time`'s, the bounds SQL range conditions use), so that a
//! range keeps the same IDs in R as in a database. UUIDv1, whose bytes do
//! not sort, is compared by its exact time in 100 ns units; a `uuid`
//! column's entries each by their own version.

use super::format::{Format, SubMs};
use super::problem::WideProblem;
use super::time::{from_time, time, WideTime};
use super::value::Wide;
use crate::compose::composer::Side;

/// Where one end of a range falls among a format's IDs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cut {
    /// Below every ID: an open `from`, or one before the format's epoch.
    Below,
    /// Just below this ID, the lowest of the end's tick.
    At(Wide),
    /// Above every ID: an open `to`, or one past the format's last time.
    Above,
}

impl Cut {
    fn of(format: Format, end: Option<WideTime>, sub_ms: SubMs, open: Cut) -> Cut {
        let Some(at) = end else { return open };
        match from_time(format, at, Side::Min, sub_ms) {
            Ok(v) => Cut::At(v),
            // Only a time outside the format's range has no bound: before
            // its epoch or past its last instant.
            Err(_) => match format.time_bits() {
                Some(tb) if at.floor_to(tb.tick).ticks < tb.epoch => Cut::Below,
                _ => Cut::Above,
            },
        }
    }

    /// Whether `v` is at or above the cut.
    fn at_or_below(self, v: Wide) -> bool {
        match self {
            Cut::Below => true,
            Cut::At(w) => w <= v,
            Cut::Above => false,
        }
    }
}

/// A range `[from, to)` of one layout; an end of `None` is open.
#[derive(Clone, Debug)]
pub struct TimeRange {
    from: Option<WideTime>,
    to: Option<WideTime>,
    sub_ms: SubMs,
    /// The two ends among the IDs of each format compared by value: the
    /// layout's, or a `uuid` layout's UUIDv6 and v7.
    cuts: Vec<(Format, Cut, Cut)>,
}

impl TimeRange {
    pub fn new(format: Format, sub_ms: SubMs, from: Option<WideTime>, to: Option<WideTime>) -> TimeRange {
        let sorted = match format {
            Format::Uuid => vec![Format::UuidV6, Format::UuidV7],
            Format::UuidV1 => vec![],
            other => vec![other],
        };
        let cuts = sorted
            .iter()
            .map(|&f| {
                (
                    f,
                    Cut::of(f, from, sub_ms, Cut::Below),
                    Cut::of(f, to, sub_ms, Cut::Above),
                )
            })
            .collect();
        TimeRange { from, to, sub_ms, cuts }
    }

    /// Whether `v`, an ID of `format` (parsed), was made in the range; the
    /// problem of a UUID with no time.
    pub fn holds(&self, format: Format, v: Wide) -> Result<bool, WideProblem> {
        let own = match format {
            Format::Uuid => match (v.lo >> 76) & 0xF {
                6 => Format::UuidV6,
                7 => Format::UuidV7,
                _ => Format::UuidV1,
            },
            other => other,
        };
        if let Some(&(_, low, high)) = self.cuts.iter().find(|c| c.0 == own) {
            return Ok(low.at_or_below(v) && !high.at_or_below(v));
        }
        // UUIDv1 (or a `uuid` entry of another version, whose missing time
        // is the problem): its time against the ends floored to its unit.
        let t = time(format, v, self.sub_ms)?;
        let after_from = self.from.map_or(true, |f| f.floor_to(t.tick).ticks <= t.ticks);
        let before_to = self.to.map_or(true, |e| t.ticks < e.floor_to(t.tick).ticks);
        Ok(after_from && before_to)
    }
}

#[cfg(test)]
#[path = "range_tests.rs"]
mod tests;
