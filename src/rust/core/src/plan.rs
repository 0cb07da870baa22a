//! Composing IDs from R's values: POSIXct seconds and recycled columns of
//! parts, one ID at a time for millions of them, and the ID bounds of a
//! time range. A value that cannot go into an ID is a small `Fault`, made
//! into the `Problem` R words once, at the end.

use crate::compose::{ComposeError, Composer, Side};
use crate::layout::Layout;
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
    /// open end); a time that cannot be read is the problem of position 0
    /// (`from`) or 1 (`to`).
    pub fn range(&self, from: f64, to: f64) -> Result<RangeBounds, Problem> {
        let bound = |seconds: f64, i: usize| self.time(seconds, i).map_err(|f| self.problem(f));
        let low = if from.is_nan() {
            0
        } else {
            self.composer.first_id_from(bound(from, 0)?)
        };
        let open_to = to.is_nan();
        let end = u128::from(self.max_id) + 1;
        let high = if open_to {
            end
        } else {
            self.composer.first_id_from(bound(to, 1)?)
        };
        let signed_end = 1u128 << 63;
        Ok(RangeBounds {
            low,
            high,
            // An open `to` takes every ID up to the layout's last, also of
            // 2^63 and more (negative in a signed column), unless `from` is
            // already there.
            beyond_signed: low >= signed_end || (!open_to && high > signed_end),
            negative_tail: open_to && end > signed_end,
        })
    }
}

/// The IDs made in a time range, `[low, high)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeBounds {
    /// The smallest ID whose tick starts at or after `from` (0 when open).
    pub low: u128,
    /// The same for `to`, or one past the layout's largest ID when open:
    /// up to 2^64.
    pub high: u128,
    /// Whether the range reaches IDs of 2^63 or more, which a signed
    /// 64-bit column sorts before all others: no single condition on such a
    /// column selects them, unless `to` is open.
    pub beyond_signed: bool,
    /// With an open `to`, whether the layout has IDs of 2^63 and more,
    /// which a signed column holds as negative numbers.
    pub negative_tail: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_values::{na_real, seconds_from_millis};
    use crate::test_cases::{
        discord, scru64, sonyflake, tid, twitter, DISCORD_EXAMPLE, DISCORD_MAY_2016_ID, DISCORD_MAY_2016_MS,
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
        let day = discord.range(may, may + 86_400.0).unwrap();
        assert_eq!(day.low, u128::from(DISCORD_MAY_2016_ID));
        assert_eq!(day.high, 176_482_890_547_200_000);
        assert!(!day.beyond_signed && !day.negative_tail);
        // Without a sign bit, an open end reaches IDs of 2^63 and more.
        let open = discord.range(may, f64::NAN).unwrap();
        assert_eq!(open.high, 1 << 64);
        assert!(!open.beyond_signed && open.negative_tail);
        assert!(
            discord
                .range(seconds(3_900_000_000_000), f64::NAN)
                .unwrap()
                .beyond_signed
        );
        assert!(discord.range(may, seconds(3_900_000_000_000)).unwrap().beyond_signed);
        // With one, the end is 2^63; SCRU64's is 36^12.
        let twitter = Plan::new(&twitter()).range(f64::NAN, f64::NAN).unwrap();
        assert_eq!((twitter.low, twitter.high), (0, 1 << 63));
        assert!(!twitter.beyond_signed && !twitter.negative_tail);
        let scru = Plan::new(&scru64(8)).range(f64::NAN, f64::NAN).unwrap();
        assert_eq!(scru.high, 4_738_381_338_321_616_896);
        // The end of a microsecond layout is its last ID, past what a
        // double's seconds could say.
        assert_eq!(Plan::new(&tid()).range(may, f64::NAN).unwrap().high, 1 << 63);
        // An open start is tick 0, even where the epoch is off its grid.
        let off_grid = Plan::new(&sonyflake(1_592_224_496_789));
        assert_eq!(off_grid.range(f64::NAN, may * 2.0).unwrap().low, 0);
        assert_eq!(
            off_grid.range(seconds(1_592_224_496_789), f64::NAN).unwrap().low,
            1 << 24
        );
    }

    #[test]
    fn unreadable_range_ends_are_problems_of_their_position() {
        let plan = Plan::new(&discord());
        let p = plan.range(f64::INFINITY, f64::NAN).unwrap_err();
        assert_eq!((p.code, p.position), (Code::PastEnd, Some(1)));
        let p = plan.range(0.0, -1e300).unwrap_err();
        assert_eq!((p.code, p.position), (Code::BeforeEpoch, Some(2)));
    }
}
