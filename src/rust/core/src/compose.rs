//! Building IDs from their parts and from times.

use crate::layout::{Layout, PartKind};
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
    epoch_ms: i64,
    unit_ms: i64,
    /// (layout index, shift, largest value) of each part below the time.
    lower: Vec<(usize, u32, u64)>,
    max_id: u64,
}

impl Composer {
    /// The tick that `ms` (milliseconds since 1970) falls in, floored.
    #[inline]
    pub fn tick_at(&self, ms: i64) -> Result<u64, ComposeError> {
        let since = ms.checked_sub(self.epoch_ms).ok_or(ComposeError::BeforeEpoch)?;
        if since < 0 {
            return Err(ComposeError::BeforeEpoch);
        }
        // Most layouts tick in milliseconds: spare them a division.
        let tick = if self.unit_ms == 1 { since } else { since / self.unit_ms } as u64;
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
    /// The smallest ID whose tick starts at or after `ms`: tick starts
    /// before the epoch count as the epoch, and past the last tick it is
    /// one more than the largest ID (so a `u128`, to hold 2^64).
    pub fn first_id_from(&self, ms: i64) -> u128 {
        let since = ms.saturating_sub(self.epoch_ms).max(0);
        let tick = since / self.unit_ms + i64::from(since % self.unit_ms != 0);
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
            epoch_ms: self.epoch_ms(),
            unit_ms: self.unit().millis(),
            lower,
            max_id: self.max_id(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::PartKind::*;
    use crate::parse::TextForm;
    use crate::scru64::SCRU64_MAX;
    use crate::unit::Unit;

    fn discord() -> Layout {
        let parts = [(Time, 42), (Node, 5), (Node, 5), (Sequence, 12)];
        Layout::new(&parts, Unit::Millis, 1_420_070_400_000).unwrap()
    }

    fn scru64() -> Layout {
        let parts = [(Sign, 1), (Time, 39), (Node, 8), (Sequence, 16)];
        Layout::new(&parts, Unit::Millis256, 0)
            .unwrap()
            .with_text(TextForm::Scru64)
    }

    #[test]
    fn discords_documented_pagination_bound() {
        // 2016-05-01T00:00:00Z is 1462060800000 ms.
        let layout = discord();
        let tick = layout.composer().tick_at(1_462_060_800_000).unwrap();
        assert_eq!(
            layout.composer().id_at(tick, Side::Min).unwrap(),
            176_120_502_681_600_000
        );
        assert_eq!(
            layout.composer().id_at(tick, Side::Max).unwrap(),
            176_120_502_681_600_000 + (1 << 22) - 1
        );
    }

    #[test]
    fn compose_inverts_extract() {
        let layout = discord();
        let id = 175_928_847_299_117_063u64;
        let tick = layout.time().extract(id);
        assert_eq!(layout.composer().compose(tick, &[1, 0, 7]).unwrap(), id);
    }

    #[test]
    fn sonyflake_values_come_in_layout_order() {
        let parts = [(Sign, 1), (Time, 39), (Sequence, 8), (Node, 16)];
        let layout = Layout::new(&parts, Unit::TenMillis, 0).unwrap();
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
        let parts = [(Sign, 1), (Time, 39), (Sequence, 8), (Node, 16)];
        let layout = Layout::new(&parts, Unit::TenMillis, 1000).unwrap();
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
        let may = 1_462_060_800_000;
        assert_eq!(c.first_id_from(may), 176_120_502_681_600_000);
        assert_eq!(c.first_id_from(may + 1), 176_120_502_681_600_000 + (1 << 22));
        assert_eq!(c.first_id_from(0), 0);
        assert_eq!(c.first_id_from(i64::MIN), 0);
        assert_eq!(c.first_id_from(i64::MAX), 1 << 64);
        let parts = [(Sign, 1), (Time, 39), (Sequence, 8), (Node, 16)];
        let sonyflake = Layout::new(&parts, Unit::TenMillis, 0).unwrap().composer();
        assert_eq!(sonyflake.first_id_from(10), 1 << 24);
        assert_eq!(sonyflake.first_id_from(11), 2 << 24);
        assert_eq!(sonyflake.first_id_from(i64::MAX), 1 << 63);
        assert_eq!(scru64().composer().first_id_from(i64::MAX), u128::from(SCRU64_MAX) + 1);
    }
}
