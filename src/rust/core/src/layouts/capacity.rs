//! A layout's lifetime and capacity: when its time part runs out, and how
//! many IDs one node can mint per tick and per second. Computed from the
//! layout's exact integers; only the rates, which need not be whole, are
//! doubles.

use crate::layouts::layout::{Layout, PartKind};
use crate::layouts::timestamp::format_millis;

/// Seconds in a year of the Gregorian calendar's average length, 365.2425
/// days, in which lifetimes are told.
pub const SECONDS_PER_YEAR: f64 = 31_556_952.0;

/// What a layout can hold.
#[derive(Clone, Debug, PartialEq)]
pub struct Capacity {
    /// The end of the last tick, in the layout's resolution (ms or µs since
    /// 1970): the first time no ID of the layout can have.
    pub end: i64,
    /// The end of the last tick in whole milliseconds since 1970, floored.
    pub end_ms: i64,
    /// From the start of tick 0 to the end of the last tick, in seconds.
    pub span_seconds: f64,
    /// The same span in years of [`SECONDS_PER_YEAR`].
    pub years: f64,
    /// How many ticks a second holds (3.90625 for 256 ms ticks).
    pub ticks_per_second: f64,
    /// IDs one node can mint in one tick: 2^(sequence bits).
    pub ids_per_tick: u64,
    /// IDs one node can mint in one second.
    pub ids_per_second: f64,
    /// How many nodes the node fields tell apart: 2^(their bits together).
    pub nodes: u64,
}

/// The lifetime and capacity of `layout`.
pub fn capacity(layout: &Layout) -> Capacity {
    // `Layout::new` checked that the end of the last tick fits an i64.
    let end = layout.tick_start(layout.last_tick() + 1);
    let per_second = layout.resolution().per_second();
    let per_milli = layout.resolution().per_milli();
    let ticks_per_second = per_second as f64 / layout.unit().length() as f64;
    let ids_per_tick = 1u64 << layout.sequence().bits();
    let node_bits: u32 = layout
        .parts()
        .iter()
        .filter(|p| p.kind() == PartKind::Node)
        .map(|p| p.bits())
        .sum();
    let span_seconds = (end - layout.origin()) as f64 / per_second as f64;
    Capacity {
        end,
        end_ms: end.div_euclid(per_milli),
        span_seconds,
        years: span_seconds / SECONDS_PER_YEAR,
        ticks_per_second,
        ids_per_tick,
        ids_per_second: ids_per_tick as f64 * ticks_per_second,
        // At most 63 node bits (the time has at least one of the 64).
        nodes: 1u64 << node_bits,
    }
}

impl Capacity {
    /// The end as ISO 8601 UTC text with milliseconds, or `None` past the
    /// year 9999.
    pub fn end_text(&self) -> Option<String> {
        format_millis(self.end_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::{baidu, mastodon, scru64, sonyflake, tid, twitter, yitter, TWITTER_EPOCH_MS};

    /// baidu/uid-generator's default (DefaultUidGenerator.java): 28 bits of
    /// seconds from 1463673600000 (2016-05-20 in UTC+8), 22-bit worker,
    /// 13-bit sequence. Its Javadoc: "Supports about 8.7 years until to
    /// 2024-11-20 21:24:16" (UTC+8), and "max for 8192/s".
    #[test]
    fn baidus_default_runs_out_when_its_javadoc_says() {
        let c = capacity(&baidu());
        assert_eq!(c.end_text().unwrap(), "2024-11-20T13:24:16.000Z");
        assert_eq!(c.end_ms, 1_463_673_600_000 + (1 << 28) * 1000);
        assert_eq!(c.ids_per_second, 8192.0);
        assert_eq!((c.ids_per_tick, c.ticks_per_second), (8192, 1.0));
        assert_eq!(c.nodes, 1 << 22);
        assert!((c.years - 8.5).abs() < 0.01);
        assert_eq!(c.years, c.span_seconds / (365.2425 * 86_400.0));
    }

    /// yitter/IdGenerator's default: 6-bit worker, 6-bit sequence, the rest
    /// of a positive 64-bit integer for milliseconds since its BaseTime,
    /// 1582136402000 (IdGeneratorOptions.java). Its README: "ID可用 71000
    /// 年不重复" (the IDs last 71,000 years).
    #[test]
    fn yitters_default_lasts_71000_years() {
        let c = capacity(&yitter());
        assert!((71_000.0..72_000.0).contains(&c.years), "{}", c.years);
        assert_eq!(c.end_text(), None);
        assert_eq!(c.end_ms, 1_582_136_402_000 + (1 << 51));
        assert_eq!((c.ids_per_tick, c.ids_per_second), (64, 64_000.0));
    }

    /// Twitter: 41 bits of milliseconds, "69 years", 4096 IDs per
    /// millisecond per worker (bwmarrin/snowflake's README).
    #[test]
    fn twitter_lasts_69_years_at_4096_ids_a_millisecond() {
        let c = capacity(&twitter());
        assert_eq!(c.end_ms, TWITTER_EPOCH_MS + (1 << 41));
        assert_eq!(c.end_text().unwrap(), "2080-07-10T17:30:30.209Z");
        assert_eq!((c.ids_per_tick, c.ids_per_second, c.nodes), (4096, 4_096_000.0, 1024));
        assert_eq!(c.span_seconds, (1u64 << 41) as f64 / 1000.0);
    }

    #[test]
    fn microsecond_and_coarse_ticks() {
        // TIDs: 53 bits of microseconds, one ID per microsecond per clock id.
        let c = capacity(&tid());
        assert_eq!(c.end, 1 << 53);
        assert_eq!(c.end_ms, (1i64 << 53) / 1000);
        assert_eq!((c.ids_per_tick, c.ticks_per_second, c.ids_per_second), (1, 1e6, 1e6));
        // SCRU64: 256 ms ticks, and IDs below 36^12 end its time early.
        let scru64 = scru64(8);
        let c = capacity(&scru64);
        assert_eq!(c.ticks_per_second, 3.906_25);
        assert_eq!(c.ids_per_second, 65_536.0 * 3.906_25);
        assert_eq!(c.end, (scru64.last_tick() as i64 + 1) * 256);
        assert!(scru64.last_tick() < (1 << 39) - 1);
        // Sonyflake: an epoch off its 10 ms grid ends on the grid.
        let c = capacity(&sonyflake(1_592_224_496_789));
        assert_eq!(c.end_ms, 1_592_224_496_780 + (1i64 << 39) * 10);
        assert_eq!((c.ids_per_tick, c.ids_per_second, c.nodes), (256, 25_600.0, 65_536));
        // No node fields: one node.
        assert_eq!(capacity(&mastodon()).nodes, 1);
    }
}
