//! The facts of node leases that are bit math: which ID space and node
//! bits a lease row names, how node values number the nodes of a layout
//! (all node fields together, never listed one by one: a layout may have
//! millions of nodes), and how far ahead of the clock a holder reserves
//! its horizon. The lease table itself is R's business (through DBI).
//!
//! A lease row is keyed by the layout's ID space and node mask, so that
//! bit-identical layouts share one set of nodes, as the registry's rule
//! says ([`crate::generate::registry::Key`]), and by the node's number: the node
//! fields' values one after the other, the first field highest, which is
//! the node bits read as one number.

use crate::generate::registry::Space;
use crate::layouts::layout::Layout;
use crate::layouts::unit::Resolution;

/// The nodes of a layout, as lease rows number them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeSpace {
    /// `(bits, shift)` of each node field, most significant first.
    fields: Vec<(u32, u32)>,
    space: Space,
    resolution: Resolution,
}

impl NodeSpace {
    pub fn of(layout: &Layout) -> NodeSpace {
        NodeSpace {
            fields: layout.nodes().map(|p| (p.bits(), p.shift())).collect(),
            space: Space::of(layout),
            resolution: layout.resolution(),
        }
    }

    /// How many bits the node fields have together.
    pub fn bits(&self) -> u32 {
        self.fields.iter().map(|&(bits, _)| bits).sum()
    }

    /// How many nodes there are: 2^bits (a layout has at most 63 node
    /// bits, so this fits).
    pub fn count(&self) -> u64 {
        1u64 << self.bits()
    }

    /// The node fields' bits in an ID.
    pub fn mask(&self) -> u64 {
        self.fields
            .iter()
            .fold(0, |mask, &(bits, shift)| mask | (((1u64 << bits) - 1) << shift))
    }

    /// The node values of node number `index` (below `count()`), one per
    /// node field in layout order.
    pub fn values(&self, index: u64) -> Vec<u64> {
        let mut below = self.bits();
        self.fields
            .iter()
            .map(|&(bits, _)| {
                below -= bits;
                (index >> below) & ((1u64 << bits) - 1)
            })
            .collect()
    }

    /// The number of the node with these values (each within its field).
    pub fn index(&self, values: &[u64]) -> u64 {
        self.fields.iter().zip(values).fold(0, |index, (&(bits, _), &v)| {
            (index << bits) | (v & ((1u64 << bits) - 1))
        })
    }

    /// The text that names the ID space in a lease row: where the time
    /// sits, the tick and the start of tick 0 (in microseconds for
    /// microsecond ticks), such as `time<<22 ms from 1288834974657`.
    pub fn space_key(&self) -> String {
        let unit = self.space.unit();
        format!(
            "time<<{} {} from {}",
            self.space.time_shift(),
            unit.name(),
            self.space.origin()
        )
    }

    /// The node mask as a lease row holds it: hexadecimal digits.
    pub fn mask_key(&self) -> String {
        format!("0x{:x}", self.mask())
    }

    /// How many ticks cover `ms` milliseconds, rounded up.
    pub fn ticks_in(&self, ms: i64) -> u64 {
        let t = ms.max(0).saturating_mul(self.resolution.per_milli());
        let length = self.space.unit().length();
        (t / length + i64::from(t % length != 0)) as u64
    }

    /// The start of tick `tick` in milliseconds since 1970, rounded up to a
    /// whole millisecond, for showing a horizon.
    pub fn tick_start_ms(&self, tick: u64) -> i64 {
        let per_milli = self.resolution.per_milli();
        let t = self
            .space
            .origin()
            .saturating_add((tick as i64).saturating_mul(self.space.unit().length()));
        t.div_euclid(per_milli) + i64::from(t.rem_euclid(per_milli) != 0)
    }
}

/// The last tick a holder may mint in until its next renewal: `window`
/// ticks past the later of the clock (plus the ticks a layout may run ahead
/// of it, SCRU64's allowance) and the tick after the generator's last ID.
/// A generator mints no further than one tick past its last ID unless the
/// clock moves on, so the horizon covers every ID it can mint before the
/// lease must be renewed; never past the layout's last tick.
pub fn horizon(clock_tick: Option<u64>, last_tick: Option<u64>, lead: u64, window: u64, layout_last: u64) -> u64 {
    let clock = clock_tick.map_or(0, |t| t.saturating_add(lead));
    let next = last_tick.map_or(0, |t| t.saturating_add(1));
    clock.max(next).saturating_add(window).min(layout_last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts::layout::PartKind::*;
    use crate::layouts::unit::Unit;
    use crate::test_cases::{discord, mastodon, sonyflake, tid, twitter};

    #[test]
    fn nodes_are_numbered_by_their_bits_all_fields_together() {
        let twitter = NodeSpace::of(&twitter());
        assert_eq!((twitter.bits(), twitter.count()), (10, 1024));
        assert_eq!(twitter.mask(), 0x3ff << 12);
        assert_eq!(twitter.mask_key(), "0x3ff000");
        assert_eq!(twitter.values(97), vec![3, 1]);
        assert_eq!(twitter.index(&[3, 1]), 97);
        for i in [0, 1, 31, 32, 1023] {
            assert_eq!(twitter.index(&twitter.values(i)), i);
        }
        // Sonyflake's machine sits below its sequence.
        let sony = NodeSpace::of(&sonyflake(1_409_529_600_000));
        assert_eq!((sony.count(), sony.mask()), (65_536, 0xffff));
        assert_eq!(sony.values(0xBEEF), vec![0xBEEF]);
        // No node fields: one node.
        let m = NodeSpace::of(&mastodon());
        assert_eq!((m.count(), m.mask(), m.values(0)), (1, 0, vec![]));
        // 62 node bits: counted, never listed.
        let wide = Layout::new(&[(Time, 2), (Node, 31), (Node, 31), (Sequence, 0)], Unit::SECONDS, 0).unwrap();
        let wide = NodeSpace::of(&wide);
        assert_eq!(wide.count(), 1 << 62);
        assert_eq!(wide.values((1 << 62) - 1), vec![(1 << 31) - 1, (1 << 31) - 1]);
    }

    #[test]
    fn the_space_key_says_what_the_ids_mean_not_how_they_are_named() {
        assert_eq!(NodeSpace::of(&twitter()).space_key(), "time<<22 ms from 1288834974657");
        assert_ne!(
            NodeSpace::of(&twitter()).space_key(),
            NodeSpace::of(&discord()).space_key()
        );
        // Twitter with one node field of 10 bits: the same space and mask.
        let t = twitter();
        let whole = Layout::new(
            &[(Sign, 1), (Time, 41), (Node, 10), (Sequence, 12)],
            t.unit(),
            t.epoch_ms(),
        )
        .unwrap();
        let (whole, split) = (NodeSpace::of(&whole), NodeSpace::of(&t));
        assert_eq!(
            (whole.space_key(), whole.mask_key()),
            (split.space_key(), split.mask_key())
        );
        assert_eq!(whole.index(&[97]), split.index(&[3, 1]));
        // An epoch inside one tick of another is the same grid.
        let a = Layout::new(
            &[(Sign, 1), (Time, 39), (Sequence, 8), (Node, 16)],
            Unit::TEN_MILLIS,
            1_000_003,
        )
        .unwrap();
        let b = Layout::new(
            &[(Sign, 1), (Time, 39), (Sequence, 8), (Node, 16)],
            Unit::TEN_MILLIS,
            1_000_007,
        )
        .unwrap();
        assert_eq!(NodeSpace::of(&a).space_key(), NodeSpace::of(&b).space_key());
        assert_eq!(NodeSpace::of(&a).space_key(), "time<<24 10ms from 1000000");
        assert_eq!(NodeSpace::of(&tid()).space_key(), "time<<10 us from 0");
    }

    #[test]
    fn ticks_and_their_times() {
        let t = NodeSpace::of(&twitter());
        assert_eq!(t.ticks_in(30_000), 30_000);
        assert_eq!(t.tick_start_ms(0), 1_288_834_974_657);
        let sony = NodeSpace::of(&sonyflake(1_409_529_600_000));
        assert_eq!((sony.ticks_in(25), sony.ticks_in(30)), (3, 3));
        let tid = NodeSpace::of(&tid());
        assert_eq!(tid.ticks_in(2), 2_000);
        assert_eq!(tid.tick_start_ms(1_500), 2);
    }

    #[test]
    fn the_horizon_covers_the_clock_and_the_last_id() {
        // The clock ahead of the last ID, and behind it (a floor ahead).
        assert_eq!(horizon(Some(100), Some(40), 0, 30, u64::MAX), 130);
        assert_eq!(horizon(Some(100), Some(400), 0, 30, u64::MAX), 431);
        // SCRU64 may run 39 ticks ahead of its clock.
        assert_eq!(horizon(Some(100), None, 39, 30, u64::MAX), 169);
        // Before the epoch, or at the end of the layout's time.
        assert_eq!(horizon(None, None, 0, 30, u64::MAX), 30);
        assert_eq!(horizon(Some(100), Some(u64::MAX - 1), 0, 30, 1000), 1000);
    }
}
