//! Composing IDs from R's values: POSIXct seconds and recycled columns of
//! parts, one ID at a time for millions of them, and the ID bounds of a
//! time range. A value that cannot go into an ID is a small `Fault`, made
//! into the `Problem` R words once, at the end.

use crate::compose::composer::{ComposeError, Composer, Side};
use crate::layouts::layout::Layout;
use crate::layouts::unit::Resolution;
use crate::problem::{Code, Problem};
use crate::r_values::{time_from_seconds, Numbers, PartValue};

/// What a call needs of its layout, computed once.
#[derive(Clone, Debug)]
pub struct Plan {
    composer: Composer,
    /// The 0-based layout index of the time part, for problems.
    time_part: usize,
    /// The 0-based layout index of the first part below the time.
    first_lower: usize,
    /// How many parts lie below the time: one column of values each.
    lower: usize,
    /// The largest ID the layout admits.
    max_id: u64,
}

/// Why one ID could not be made, small enough to pass back cheaply from a
/// loop over millions of IDs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The time at 0-based position `i` is before the epoch or past the end.
    Time(ComposeError, usize),
    /// Layout part `part` at 0-based position `i` is out of its range.
    Part(usize, usize),
}

impl Plan {
    pub fn new(layout: &Layout) -> Plan {
        // The time is the top part, below the sign bit if there is one.
        let time_part = usize::from(layout.has_sign_bit());
        Plan {
            composer: layout.composer(),
            time_part,
            first_lower: time_part + 1,
            lower: layout.parts().len() - time_part - 1,
            max_id: layout.max_id(),
        }
    }

    /// How many columns of values `compose_one` takes: one per part below
    /// the time.
    pub fn lower_parts(&self) -> usize {
        self.lower
    }

    /// The problem `fault` stands for.
    pub fn problem(&self, fault: Fault) -> Problem {
        match fault {
            Fault::Time(error, i) => {
                let error = match error {
                    ComposeError::BeforeEpoch => ComposeError::BeforeEpoch,
                    _ => ComposeError::PastEnd,
                };
                Problem::from(error).part(self.time_part).at(i)
            }
            Fault::Part(part, i) => Problem::new(Code::PartRange).part(part).at(i),
        }
    }

    /// POSIXct seconds at position `i` in the layout's resolution (ms or
    /// µs), floored; a time beyond what that can hold is past the end, or
    /// before the epoch.
    fn time(&self, seconds: f64, i: usize) -> Result<i64, Fault> {
        let outside = if seconds > 0.0 {
            ComposeError::PastEnd
        } else {
            ComposeError::BeforeEpoch
        };
        time_from_seconds(seconds, self.composer.resolution()).ok_or(Fault::Time(outside, i))
    }

    /// The tick of POSIXct seconds at position `i`; NaN (R's NA) is a
    /// missing time.
    #[inline]
    fn tick(&self, seconds: f64, i: usize) -> Result<Option<u64>, Fault> {
        if seconds.is_nan() {
            return Ok(None);
        }
        let t = self.time(seconds, i)?;
        self.composer.tick_at(t).map(Some).map_err(|e| Fault::Time(e, i))
    }

    /// The ID at position `i` from recycled times and parts: `values` holds
    /// one column per part below the time, in layout order. A missing time
    /// or part gives no ID.
    #[inline]
    pub fn compose_one(&self, time: &[f64], values: &[Numbers], i: usize) -> Result<Option<u64>, Fault> {
        let seconds = time[if time.len() == 1 { 0 } else { i }];
        let Some(tick) = self.tick(seconds, i)? else {
            return Ok(None);
        };
        // The parts on the stack for the usual handful of fields.
        let mut inline = [0u64; 8];
        let mut heap = Vec::new();
        let parts: &mut [u64] = if values.len() <= inline.len() {
            &mut inline[..values.len()]
        } else {
            heap.resize(values.len(), 0);
            &mut heap
        };
        for (k, column) in values.iter().enumerate() {
            match column.get(i) {
                PartValue::Value(v) => parts[k] = v,
                PartValue::Missing => return Ok(None),
                PartValue::Bad => return Err(Fault::Part(self.first_lower + k, i)),
            }
        }
        match self.composer.compose(tick, parts) {
            Ok(id) => Ok(Some(id)),
            Err(ComposeError::PartRange { index }) => Err(Fault::Part(index, i)),
            Err(e) => Err(Fault::Time(e, i)),
        }
    }

    /// The smallest (or largest) ID of the tick of the time at position `i`.
    #[inline]
    pub fn id_at_time(&self, time: &[f64], side: Side, i: usize) -> Result<Option<u64>, Fault> {
        match self.tick(time[i], i)? {
            Some(tick) => self.composer.id_at(tick, side).map(Some).map_err(|e| Fault::Time(e, i)),
            None => Ok(None),
        }
    }

    /// The ID bounds of the times `[from, to)` (POSIXct seconds, NaN for an
    /// open end). Each end is floored to the layout's resolution, a
    /// microsecond for microsecond ticks (TIDs) and a millisecond for all
    /// others, as the IDs' times are counted: a POSIXct holds a microsecond
    /// of today's times to a quarter of one, and a time that came from a
    /// count (as `id_time()` gives it) reads back as that count. An end that
    /// no ID's time reaches is open on that side (`-Inf` as `from`, `Inf` or
    /// a time past the layout's end as `to`) or leaves the range empty
    /// (`Inf` as `from`, `-Inf` as `to`); times from 2^53 counts on, which a
    /// double cannot hold to the count (2^53 ms, or 2^53 µs, the year 2255,
    /// where every microsecond layout ends), count as `Inf`. Never a
    /// problem: every time has bounds.
    pub fn range(&self, from: f64, to: f64) -> RangeBounds {
        let end = u128::from(self.max_id) + 1;
        let resolution = self.composer.resolution();
        let bound = |end_time: RangeEnd| match end_time {
            RangeEnd::Before => 0,
            RangeEnd::After => end,
            RangeEnd::At(t) => self.composer.first_id_from(t).min(end),
        };
        let low = if from.is_nan() {
            0
        } else {
            bound(RangeEnd::of(from, resolution))
        };
        let high = if to.is_nan() {
            end
        } else {
            bound(RangeEnd::of(to, resolution))
        };
        RangeBounds { low, high }
    }
}

/// Where a range's end falls: a whole count of the layout's resolution, or
/// before or after every time a count in a double can say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RangeEnd {
    Before,
    At(i64),
    After,
}

impl RangeEnd {
    fn of(seconds: f64, resolution: Resolution) -> RangeEnd {
        match time_from_seconds(seconds, resolution) {
            Some(t) => RangeEnd::At(t),
            None if seconds > 0.0 => RangeEnd::After,
            None => RangeEnd::Before,
        }
    }
}

/// The IDs made in a time range, `[low, high)`, read as unsigned: up to
/// 2^64, one past the largest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeBounds {
    /// The smallest ID whose tick starts at or after `from` (0 when open).
    pub low: u128,
    /// The same for `to`, or one past the layout's largest ID when open.
    pub high: u128,
}

/// A range of values of a signed 64-bit column, `[low, high)`; `None` is
/// no bound on that side.
pub type SignedRange = (Option<i64>, Option<i64>);

impl RangeBounds {
    /// Whether `id` is in the range.
    pub fn contains(&self, id: u64) -> bool {
        (self.low..self.high).contains(&u128::from(id))
    }

    /// Whether no ID is in the range.
    pub fn is_empty(&self) -> bool {
        self.low >= self.high
    }

    /// The range in a signed 64-bit column, which holds IDs of 2^63 and
    /// more as negative numbers (less 2^64): the part below 2^63, among
    /// the non-negative values, and the part from 2^63 on, among the
    /// negative ones; `None` for a part the range does not reach. Each
    /// part is a comparison on the column itself, so an index answers both.
    /// An empty range has neither part.
    pub fn signed(&self) -> (Option<SignedRange>, Option<SignedRange>) {
        if self.is_empty() {
            return (None, None);
        }
        let half = 1u128 << 63;
        let less_2_64 = |x: u128| (x as i128 - (1i128 << 64)) as i64;
        // Non-negative values: `low` (at least 0) excludes the negative ones.
        let below = (self.low < half).then(|| (Some(self.low as i64), (self.high < half).then_some(self.high as i64)));
        // Negative values: from -2^63 (every negative value) unless `low`
        // is above 2^63; up to 0 when the range runs to 2^64.
        let above = (self.high > half).then(|| {
            (
                (self.low > half).then(|| less_2_64(self.low)),
                Some(less_2_64(self.high)),
            )
        });
        (below, above)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_values::{na_real, seconds_from_millis};
    use crate::test_cases::{
        discord, scru64, sonyflake, tid, twitter, DISCORD_EPOCH_MS, DISCORD_EXAMPLE, DISCORD_MAY_2016_ID,
        DISCORD_MAY_2016_MS,
    };

    fn seconds(ms: i64) -> f64 {
        seconds_from_millis(ms)
    }

    #[test]
    fn composes_discords_example_from_recycled_columns() {
        let plan = Plan::new(&discord());
        assert_eq!(plan.lower_parts(), 3);
        let e = DISCORD_EXAMPLE;
        let time = [seconds(e.time_ms)];
        let values = [
            Numbers::Int(&[e.nodes[0] as i32]),
            Numbers::Dbl(&[e.nodes[1] as f64, 0.0]),
            Numbers::Int(&[e.sequence as i32, 0]),
        ];
        assert_eq!(plan.compose_one(&time, &values, 0), Ok(Some(e.id)));
        assert_eq!(plan.compose_one(&time, &values, 1), Ok(Some(e.id - e.sequence)));
        let missing = [Numbers::Int(&[1]), Numbers::Dbl(&[na_real()]), Numbers::Int(&[0])];
        assert_eq!(plan.compose_one(&time, &missing, 0), Ok(None));
        assert_eq!(plan.compose_one(&[na_real()], &values, 0), Ok(None));
    }

    #[test]
    fn faults_name_the_part_and_position() {
        let layout = twitter();
        let plan = Plan::new(&layout);
        let time = [seconds(DISCORD_MAY_2016_MS)];
        let values = [Numbers::Int(&[0, 32]), Numbers::Int(&[0]), Numbers::Dbl(&[0.0])];
        // datacenter (part 2) is 5 bits: 32 is out of its range.
        assert_eq!(plan.compose_one(&time, &values, 1), Err(Fault::Part(2, 1)));
        let negative = [Numbers::Int(&[0]), Numbers::Int(&[0]), Numbers::Dbl(&[0.0, -1.0])];
        assert_eq!(plan.compose_one(&time, &negative, 1), Err(Fault::Part(4, 1)));
        let p = plan.problem(Fault::Part(2, 1));
        assert_eq!((p.code, p.part, p.position), (Code::PartRange, Some(3), Some(2)));
        let early = plan.compose_one(&[0.0], &values, 0);
        assert_eq!(early, Err(Fault::Time(ComposeError::BeforeEpoch, 0)));
        let p = plan.problem(early.unwrap_err());
        assert_eq!((p.code, p.part, p.position), (Code::BeforeEpoch, Some(2), Some(1)));
        let late = plan.compose_one(&[1e15], &values, 0).unwrap_err();
        assert_eq!(plan.problem(late).code, Code::PastEnd);
    }

    #[test]
    fn time_bounds_are_the_tick_ends() {
        let plan = Plan::new(&discord());
        let time = [seconds(DISCORD_MAY_2016_MS)];
        assert_eq!(plan.id_at_time(&time, Side::Min, 0), Ok(Some(DISCORD_MAY_2016_ID)));
        assert_eq!(
            plan.id_at_time(&time, Side::Max, 0),
            Ok(Some(DISCORD_MAY_2016_ID + (1 << 22) - 1))
        );
        assert_eq!(plan.id_at_time(&[na_real()], Side::Min, 0), Ok(None));
    }

    #[test]
    fn ranges_and_their_open_ends() {
        let discord = Plan::new(&discord());
        let may = seconds(DISCORD_MAY_2016_MS);
        let day = discord.range(may, may + 86_400.0);
        assert_eq!(day.low, u128::from(DISCORD_MAY_2016_ID));
        assert_eq!(day.high, 176_482_890_547_200_000);
        // Without a sign bit, an open end reaches IDs of 2^63 and more.
        assert_eq!(discord.range(may, f64::NAN).high, 1 << 64);
        // With one, the end is 2^63; SCRU64's is 36^12.
        let twitter = Plan::new(&twitter()).range(f64::NAN, f64::NAN);
        assert_eq!((twitter.low, twitter.high), (0, 1 << 63));
        let scru = Plan::new(&scru64(8)).range(f64::NAN, f64::NAN);
        assert_eq!(scru.high, 4_738_381_338_321_616_896);
        // The end of a microsecond layout is its last ID, past what a
        // double's seconds could say.
        assert_eq!(Plan::new(&tid()).range(may, f64::NAN).high, 1 << 63);
        // An open start is tick 0, even where the epoch is off its grid.
        let off_grid = Plan::new(&sonyflake(1_592_224_496_789));
        assert_eq!(off_grid.range(f64::NAN, may * 2.0).low, 0);
        assert_eq!(off_grid.range(seconds(1_592_224_496_789), f64::NAN).low, 1 << 24);
    }

    #[test]
    fn range_ends_count_to_the_layouts_resolution() {
        // A TID made 0.4 ms into a millisecond is in [that millisecond, 0.7 ms
        // into it), and not in [0.5 ms into it, ...).
        let tid = Plan::new(&tid());
        let ms = DISCORD_MAY_2016_MS;
        let at = |us: u128| ((ms as u128 * 1000 + us) << 10) as u64;
        let range = tid.range(seconds(ms), seconds(ms) + 0.0007);
        assert!(range.contains(at(400)) && range.contains(at(0)) && range.contains(at(699)));
        assert!(!range.contains(at(700)) && !range.contains(at(0) - 1));
        assert_eq!(tid.range(seconds(ms) + 0.0005, f64::NAN).low, u128::from(at(500)));
        // A TID's own time, as id_time() gives it, reads back as its start.
        for us in [0u128, 1, 399, 400, 999] {
            let t = (ms * 1000 + us as i64) as f64 / 1e6;
            assert_eq!(tid.range(t, f64::NAN).low, u128::from(at(us)), "{us}");
        }
        // Millisecond layouts floor ends to the millisecond, as before.
        let discord = Plan::new(&discord());
        let start = u128::from((ms - DISCORD_EPOCH_MS) as u64) << 22;
        assert_eq!(discord.range(seconds(ms) + 0.0007, f64::NAN).low, start);
    }

    #[test]
    fn every_time_has_bounds() {
        let plan = Plan::new(&discord());
        let end = 1u128 << 64;
        assert_eq!(
            plan.range(f64::NEG_INFINITY, f64::INFINITY),
            plan.range(f64::NAN, f64::NAN)
        );
        assert!(plan.range(f64::INFINITY, f64::NAN).is_empty());
        assert!(plan.range(f64::NAN, f64::NEG_INFINITY).is_empty());
        assert_eq!(plan.range(1e300, f64::NAN).low, end);
        assert_eq!(plan.range(-1e300, 1e300), RangeBounds { low: 0, high: end });
        // Past the layout's last tick is the end, before its epoch the start.
        let may = seconds(DISCORD_MAY_2016_MS);
        assert_eq!(plan.range(may, 1e13).high, end);
        assert_eq!(plan.range(0.0, may).low, 0);
    }

    #[test]
    fn signed_columns_take_a_range_in_one_or_two_parts() {
        let half = 1u128 << 63;
        let end = 1u128 << 64;
        let bounds = |low, high| RangeBounds { low, high };
        assert_eq!(bounds(5, 9).signed(), (Some((Some(5), Some(9))), None));
        assert_eq!(bounds(5, half).signed(), (Some((Some(5), None)), None));
        // Across 2^63: the non-negative values from `low`, and the negative
        // ones below `high` less 2^64.
        assert_eq!(
            bounds(5, half + 7).signed(),
            (Some((Some(5), None)), Some((None, Some(i64::MIN + 7))))
        );
        assert_eq!(bounds(5, end).signed(), (Some((Some(5), None)), Some((None, Some(0)))));
        assert_eq!(bounds(half, end).signed(), (None, Some((None, Some(0)))));
        assert_eq!(bounds(end - 3, end - 1).signed(), (None, Some((Some(-3), Some(-1)))));
        assert_eq!(bounds(7, 7).signed(), (None, None));
        assert_eq!(bounds(end, end).signed(), (None, None));
    }
}
