//! Building IDs from their parts and from times.

use crate::layouts::layout::{Layout, PartKind};
use crate::layouts::unit::Resolution;
use thiserror::Error;

/// Why a time or a part cannot go into an ID of a layout. The binding
/// reports the position; R words the message with the user's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum ComposeError {
    #[error("the time is before the layout's epoch")]
    BeforeEpoch,
    #[error("the time is past the layout's last tick")]
    PastEnd,
    #[error("part {index} is out of its range")]
    PartRange { index: usize },
    #[error("{given} node values were given for {expected} node fields")]
    NodeCount { expected: usize, given: usize },
}

/// Which end of a tick's IDs `Composer::id_at` gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Node and sequence bits all 0: the smallest ID of the tick.
    Min,
    /// Node and sequence bits all 1: the largest ID of the tick.
    Max,
}

/// A layout's composing rules as plain numbers, computed once per call so
/// that loops over millions of IDs do not look parts up for each.
#[derive(Clone, Debug)]
pub struct Composer {
    time_shift: u32,
    last_tick: u64,
    /// Tick 0's start and a tick's length, in `resolution`.
    origin: i64,
    length: i64,
    resolution: Resolution,
    /// (layout index, shift, largest value) of each part below the time.
    lower: Vec<(usize, u32, u64)>,
    max_id: u64,
}

impl Composer {
    /// What the times this composer takes are counted in.
    pub fn resolution(&self) -> Resolution {
        self.resolution
    }

    /// The tick that `t` (in the layout's resolution since 1970) falls in:
    /// `floor(t / unit) - floor(epoch / unit)`, as Sonyflake's reference
    /// computes it, so a time before the epoch but in tick 0 is tick 0.
    #[inline]
    pub fn tick_at(&self, t: i64) -> Result<u64, ComposeError> {
        let since = t.checked_sub(self.origin).ok_or(ComposeError::BeforeEpoch)?;
        if since < 0 {
            return Err(ComposeError::BeforeEpoch);
        }
        // Most layouts tick in milliseconds: spare them a division.
        let tick = if self.length == 1 { since } else { since / self.length } as u64;
        if tick > self.last_tick {
            return Err(ComposeError::PastEnd);
        }
        Ok(tick)
    }

    /// The ID with these parts: a tick and one value per part below the
    /// time (node fields and the sequence), in layout order.
    #[inline]
    pub fn compose(&self, tick: u64, values: &[u64]) -> Result<u64, ComposeError> {
        if tick > self.last_tick {
            return Err(ComposeError::PastEnd);
        }
        let mut id = tick << self.time_shift;
        for (&(index, shift, max), &value) in self.lower.iter().zip(values) {
            if value > max {
                return Err(ComposeError::PartRange { index });
            }
            id |= value << shift;
        }
        // SCRU64's bound could cut through its last tick.
        if id > self.max_id {
            return Err(ComposeError::PastEnd);
        }
        Ok(id)
    }

    /// The smallest or largest ID the layout can hold in `tick`.
    #[inline]
    pub fn id_at(&self, tick: u64, side: Side) -> Result<u64, ComposeError> {
        if tick > self.last_tick {
            return Err(ComposeError::PastEnd);
        }
        let low = match side {
            Side::Min => 0,
            Side::Max => (1u64 << self.time_shift) - 1,
        };
        Ok(((tick << self.time_shift) | low).min(self.max_id))
    }
}

impl Composer {
    /// The smallest ID whose tick starts at or after `t` (in the layout's
    /// resolution): times before tick 0 count as its start, and past the
    /// last tick it is one more than the largest ID (so a `u128`, to hold
    /// 2^64).
    pub fn first_id_from(&self, t: i64) -> u128 {
        let since = t.saturating_sub(self.origin).max(0);
        let tick = since / self.length + i64::from(since % self.length != 0);
        if tick as u64 > self.last_tick {
            return u128::from(self.max_id) + 1;
        }
        u128::from(tick as u64) << self.time_shift
    }
}

impl Layout {
    pub fn composer(&self) -> Composer {
        let lower = self
            .parts()
            .iter()
            .enumerate()
            .filter(|(_, p)| !matches!(p.kind(), PartKind::Sign | PartKind::Time))
            .map(|(index, p)| (index, p.shift(), p.max_value()))
            .collect();
        Composer {
            time_shift: self.time().shift(),
            last_tick: self.last_tick(),
            origin: self.origin(),
            length: self.unit().length(),
            resolution: self.resolution(),
            lower,
            max_id: self.max_id(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts::layout::LayoutError;
    use crate::layouts::layout::PartKind::*;
    use crate::layouts::unit::Unit;
    use crate::test_cases::{discord, sonyflake, tid, DISCORD_EXAMPLE, DISCORD_MAY_2016_ID, DISCORD_MAY_2016_MS};
    use crate::text::scru64::SCRU64_MAX;

    fn scru64() -> Layout {
        crate::test_cases::scru64(8)
    }

    #[test]
    fn discords_documented_pagination_bound() {
        let layout = discord();
        let tick = layout.composer().tick_at(DISCORD_MAY_2016_MS).unwrap();
        assert_eq!(layout.composer().id_at(tick, Side::Min).unwrap(), DISCORD_MAY_2016_ID);
        assert_eq!(
            layout.composer().id_at(tick, Side::Max).unwrap(),
            DISCORD_MAY_2016_ID + (1 << 22) - 1
        );
    }

    #[test]
    fn compose_inverts_extract() {
        let layout = discord();
        let example = DISCORD_EXAMPLE;
        let tick = layout.time().extract(example.id);
        let values = [example.nodes[0], example.nodes[1], example.sequence];
        assert_eq!(layout.composer().compose(tick, &values).unwrap(), example.id);
    }

    #[test]
    fn sonyflake_values_come_in_layout_order() {
        let layout = sonyflake(0);
        let id = layout.composer().compose(5, &[3, 0xBEEF]).unwrap();
        assert_eq!(id, (5 << 24) | (3 << 16) | 0xBEEF);
    }

    #[test]
    fn parts_out_of_range_are_refused_by_index() {
        let layout = discord();
        assert_eq!(
            layout.composer().compose(0, &[32, 0, 0]),
            Err(ComposeError::PartRange { index: 1 })
        );
        assert_eq!(
            layout.composer().compose(0, &[0, 0, 4096]),
            Err(ComposeError::PartRange { index: 3 })
        );
        assert!(layout.composer().compose(0, &[31, 31, 4095]).is_ok());
    }

    #[test]
    fn ticks_floor_and_are_bounded() {
        let layout = sonyflake(1000);
        assert_eq!(layout.composer().tick_at(1000), Ok(0));
        assert_eq!(layout.composer().tick_at(1009), Ok(0));
        assert_eq!(layout.composer().tick_at(1010), Ok(1));
        assert_eq!(layout.composer().tick_at(999), Err(ComposeError::BeforeEpoch));
        assert_eq!(layout.composer().tick_at(i64::MIN), Err(ComposeError::BeforeEpoch));
        let last = 1000 + ((1i64 << 39) - 1) * 10;
        assert_eq!(layout.composer().tick_at(last + 9), Ok((1 << 39) - 1));
        assert_eq!(layout.composer().tick_at(last + 10), Err(ComposeError::PastEnd));
        assert_eq!(layout.composer().tick_at(i64::MAX), Err(ComposeError::PastEnd));
    }

    #[test]
    fn scru64s_bound_ends_its_time() {
        // 36^12 = 2^24 * 3^24: the bound falls on a tick boundary.
        let layout = scru64();
        let last = layout.last_tick();
        assert_eq!(last, 282_429_536_480);
        assert_eq!(layout.composer().id_at(last, Side::Max).unwrap(), SCRU64_MAX);
        assert_eq!(layout.composer().compose(last, &[255, 65535]), Ok(SCRU64_MAX));
        assert_eq!(layout.composer().id_at(last + 1, Side::Min), Err(ComposeError::PastEnd));
        assert_eq!(layout.composer().compose(last + 1, &[0, 0]), Err(ComposeError::PastEnd));
        assert_eq!(
            layout.composer().tick_at((last as i64 + 1) * 256),
            Err(ComposeError::PastEnd)
        );
    }

    #[test]
    fn first_ids_round_up_to_tick_starts() {
        let layout = discord();
        let c = layout.composer();
        let may = DISCORD_MAY_2016_MS;
        assert_eq!(c.first_id_from(may), u128::from(DISCORD_MAY_2016_ID));
        assert_eq!(c.first_id_from(may + 1), u128::from(DISCORD_MAY_2016_ID) + (1 << 22));
        assert_eq!(c.first_id_from(0), 0);
        assert_eq!(c.first_id_from(i64::MIN), 0);
        assert_eq!(c.first_id_from(i64::MAX), 1 << 64);
        let sonyflake = sonyflake(0).composer();
        assert_eq!(sonyflake.first_id_from(10), 1 << 24);
        assert_eq!(sonyflake.first_id_from(11), 2 << 24);
        assert_eq!(sonyflake.first_id_from(i64::MAX), 1 << 63);
        assert_eq!(scru64().composer().first_id_from(i64::MAX), u128::from(SCRU64_MAX) + 1);
    }
    /// 2020-06-15T12:34:56.789Z, a start time off Sonyflake's 10 ms grid.
    const OFF_GRID: i64 = 1_592_224_496_789;

    #[test]
    fn sonyflake_composes_as_its_reference_does() {
        // The reference's elapsed time: floor(t / 10 ms) - floor(start / 10 ms).
        let c = sonyflake(OFF_GRID).composer();
        let reference = |t: i64| (t.div_euclid(10) - OFF_GRID.div_euclid(10)) as u64;
        for t in [
            OFF_GRID,
            OFF_GRID + 1,
            OFF_GRID + 10,
            1_592_224_506_785,
            1_700_000_000_005,
        ] {
            assert_eq!(c.tick_at(t), Ok(reference(t)), "{t}");
        }
        // 10 s after the start time plus 6 ms: tick 1000, not 999.
        assert_eq!(c.tick_at(1_592_224_506_785), Ok(1000));
        // Before the start time but in its tick: tick 0, as the reference says.
        assert_eq!(c.tick_at(OFF_GRID - 9), Ok(0));
        assert_eq!(c.tick_at(OFF_GRID - 10), Err(ComposeError::BeforeEpoch));
        // The reference refuses an elapsed time of 2^39 ticks or more.
        let last_ms = (OFF_GRID.div_euclid(10) + (1 << 39)) * 10 - 1;
        assert_eq!(c.tick_at(last_ms), Ok((1 << 39) - 1));
        assert_eq!(c.tick_at(last_ms + 1), Err(ComposeError::PastEnd));
        // Range bounds follow the same grid.
        // Range bounds follow the same grid: tick 1 is the first to start
        // at or after the start time itself.
        assert_eq!(c.first_id_from(OFF_GRID - 9), 0);
        assert_eq!(c.first_id_from(OFF_GRID), 1 << 24);
    }

    #[test]
    fn a_sonyflake_v2_style_layout_with_a_5_ms_unit() {
        // Sequence above the machine, 5 ms ticks, start 2025-01-01T00:00:00.003Z.
        let parts = [(Sign, 1), (Time, 39), (Sequence, 8), (Node, 16)];
        let epoch = 1_735_689_600_003;
        let layout = Layout::new(&parts, Unit::millis(5).unwrap(), epoch).unwrap();
        let c = layout.composer();
        let t = 1_735_689_612_347;
        let tick = c.tick_at(t).unwrap();
        assert_eq!(tick as i64, t.div_euclid(5) - epoch.div_euclid(5));
        let id = c.compose(tick, &[7, 0xBEEF]).unwrap();
        assert_eq!(id, (tick << 24) | (7 << 16) | 0xBEEF);
        assert_eq!(layout.time_decoder().time(id), t.div_euclid(5) * 5);
        assert_eq!(layout.sequence().extract(id), 7);
    }

    #[test]
    fn microsecond_layouts_compose_microseconds() {
        let c = tid().composer();
        assert_eq!(c.resolution(), crate::layouts::unit::Resolution::Micros);
        let us = 1_724_171_495_793_000;
        let id = c.compose(c.tick_at(us).unwrap(), &[512, 0]).unwrap();
        assert_eq!(id, (us as u64) << 10 | 512);
        assert_eq!(c.tick_at((1 << 53) - 1), Ok((1 << 53) - 1));
        assert_eq!(c.tick_at(1 << 53), Err(ComposeError::PastEnd));
        assert_eq!(c.first_id_from(us + 1), ((us as u128) + 1) << 10);
    }

    /// Widths of `k` parts (each at least 1) that add up to `total`, from
    /// a pseudo-random stream.
    fn split(total: u32, k: usize, next: &mut impl FnMut() -> u64) -> Vec<u32> {
        let mut widths = vec![1u32; k];
        for _ in 0..total - k as u32 {
            widths[(next() % k as u64) as usize] += 1;
        }
        widths
    }

    #[test]
    fn random_layouts_round_trip_with_the_sequence_anywhere() {
        // xorshift64: reproducible, spread over all 64 bits.
        let mut x = 0xC0FF_EE00_1234_5678u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let units = [
            Unit::MICROS,
            Unit::MILLIS,
            Unit::millis(5).unwrap(),
            Unit::TEN_MILLIS,
            Unit::SECONDS,
        ];
        let mut tried = 0;
        let mut placements = std::collections::HashSet::new();
        while tried < 300 {
            let nodes = 1 + (next() % 3) as usize;
            let sign = next() % 2 == 0;
            let time_bits = 32 + (next() % 16) as u32;
            let lower_bits = 64 - u32::from(sign) - time_bits;
            let mut widths = split(lower_bits, nodes + 1, &mut next);
            let seq_at = (next() % (nodes as u64 + 1)) as usize;
            if widths[seq_at] > 31 || widths.iter().any(|&w| w > 53) {
                continue;
            }
            let mut parts: Vec<(PartKind, u32)> = if sign { vec![(Sign, 1)] } else { vec![] };
            parts.push((Time, time_bits));
            for (k, w) in widths.drain(..).enumerate() {
                parts.push((if k == seq_at { Sequence } else { Node }, w));
            }
            let unit = units[(next() % units.len() as u64) as usize];
            // Wide time parts of long units reach beyond 2^53 ms.
            let layout = match Layout::new(&parts, unit, 1_288_834_974_657) {
                Err(LayoutError::TimeRange { .. }) => continue,
                made => made.unwrap(),
            };
            let c = layout.composer();
            let lower: Vec<_> = layout
                .parts()
                .iter()
                .filter(|p| !matches!(p.kind(), Sign | Time))
                .collect();
            for _ in 0..20 {
                let tick = next() % (layout.last_tick() + 1);
                let values: Vec<u64> = lower.iter().map(|p| next() & p.max_value()).collect();
                let id = c.compose(tick, &values).unwrap();
                assert_eq!(layout.time().extract(id), tick);
                let back: Vec<u64> = lower.iter().map(|p| p.extract(id)).collect();
                assert_eq!(back, values);
                assert_eq!(layout.sequence().extract(id), values[seq_at]);
                let start = layout.time_decoder().time(id);
                assert_eq!(c.tick_at(start), Ok(tick));
                assert_eq!(c.tick_at(start + unit.length() - 1), Ok(tick));
            }
            placements.insert((nodes, seq_at));
            tried += 1;
        }
        // Every place among one to three node fields: first, between, last.
        assert_eq!(placements.len(), 2 + 3 + 4);
    }
}
