//! How 64 bits split into a sign bit, a time, node fields and a sequence.
//!
//! A [`Layout`] can only be built by [`Layout::new`], which checks every
//! rule, so code holding one never re-checks widths or shifts.

use crate::invalid::Reason;
use crate::layouts::timestamp::{MAX_EPOCH_MS, MIN_EPOCH_MS};
use crate::layouts::unit::{Resolution, Unit};
use crate::r_values::seconds_from_time;
use crate::text::entry::TextForm;
use crate::text::scru64::SCRU64_MAX;
use thiserror::Error;

/// Every part has fewer bits than this bound, so that any part's value is
/// exact as a double (53-bit significand) on the R side.
pub const MAX_PART_BITS: u32 = 53;
/// The sequence fits R's 32-bit integer (NA is `i32::MIN`).
pub const MAX_SEQUENCE_BITS: u32 = 31;

/// What a part of an ID means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PartKind {
    /// The top bit, kept 0 so that the ID is a positive signed integer.
    Sign,
    /// Ticks since the layout's epoch.
    Time,
    /// A node field: a machine, worker, shard or process number.
    Node,
    /// The counter that tells apart IDs of one node in one tick.
    Sequence,
}

impl PartKind {
    /// The kind a layout names: `sign`, `time`, `node` or `sequence`.
    pub fn from_name(name: &[u8]) -> Option<PartKind> {
        match name {
            b"sign" => Some(PartKind::Sign),
            b"time" => Some(PartKind::Time),
            b"node" => Some(PartKind::Node),
            b"sequence" => Some(PartKind::Sequence),
            _ => None,
        }
    }

    /// The kind's name, as a layout object holds it.
    pub fn name(self) -> &'static str {
        match self {
            PartKind::Sign => "sign",
            PartKind::Time => "time",
            PartKind::Node => "node",
            PartKind::Sequence => "sequence",
        }
    }
}

/// One part of a layout: its kind, its width and where it sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    kind: PartKind,
    bits: u32,
    shift: u32,
}

impl Part {
    pub fn kind(&self) -> PartKind {
        self.kind
    }

    /// The part's width in bits (0 only for an empty sequence).
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// How many bits lie below the part.
    pub fn shift(&self) -> u32 {
        self.shift
    }

    /// The largest value the part holds.
    pub fn max_value(&self) -> u64 {
        // bits <= 53 (or 1 for the sign), so the shift cannot overflow.
        (1u64 << self.bits) - 1
    }

    /// The part's value in `id`.
    pub fn extract(&self, id: u64) -> u64 {
        (id >> self.shift) & self.max_value()
    }

    /// The part's digits among an ID's 64 bits written most significant
    /// first (as `text::binary_text` writes them).
    pub fn digits<'a>(&self, bits: &'a [u8; 64]) -> &'a [u8] {
        let end = (64 - self.shift) as usize;
        &bits[end - self.bits as usize..end]
    }
}

/// The time part and tick 0's start as plain numbers, held in registers.
#[derive(Clone, Copy, Debug)]
pub struct TimeDecoder {
    shift: u32,
    mask: u64,
    length: i64,
    origin: i64,
    resolution: Resolution,
}

impl TimeDecoder {
    /// The start of the tick of `id` in the layout's resolution (ms or µs
    /// since 1970). Cannot overflow: `Layout::new` checked that the time
    /// part's whole range fits.
    #[inline]
    pub fn time(&self, id: u64) -> i64 {
        self.origin + ((id >> self.shift) & self.mask) as i64 * self.length
    }

    /// The same in whole milliseconds since 1970, floored from microseconds.
    #[inline]
    pub fn millis(&self, id: u64) -> i64 {
        self.time(id).div_euclid(self.resolution.per_milli())
    }

    /// The same as POSIXct seconds: the double nearest to the time in
    /// seconds, which `r_values::time_from_seconds` maps back to it.
    #[inline]
    pub fn seconds(&self, id: u64) -> f64 {
        seconds_from_time(self.time(id), self.resolution)
    }
}

/// Why a layout was refused. The messages carry numbers and positions
/// only, never text a user wrote.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LayoutError {
    #[error("a layout has one time part, at the top or below the sign bit, one sequence part and at most one sign part, which comes first")]
    Roles,
    #[error("the sign part has {bits} bits; it has exactly 1")]
    SignWidth { bits: u32 },
    #[error("part {index} has no bits; every part but the sequence has at least 1")]
    EmptyPart { index: usize },
    #[error("part {index} has {bits} bits; a part has at most {MAX_PART_BITS}")]
    PartTooWide { index: usize, bits: u32 },
    #[error("the sequence has {bits} bits; it has at most {MAX_SEQUENCE_BITS}")]
    SequenceTooWide { bits: u32 },
    #[error("the parts add up to {total} bits; they must add up to 64")]
    BitsTotal { total: u64 },
    #[error("the epoch {ms} ms lies outside the years 1 to 9999")]
    EpochOutOfRange { ms: i64 },
    #[error("part {index} has a kind that is not sign, time, node or sequence")]
    UnknownKind { index: usize },
    #[error("the time unit is not one that layouts use")]
    UnknownUnit,
    #[error("the text form is not one that layouts use")]
    UnknownText,
    #[error("the time part's ticks reach beyond {limit_ms} ms from 1970")]
    TimeRange { limit_ms: i64 },
}

/// A validated layout of 64-bit IDs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    parts: Vec<Part>,
    unit: Unit,
    epoch_ms: i64,
    /// The start of tick 0 in the unit's resolution: the epoch floored to
    /// a whole number of units since 1970, so that ticks are counted on
    /// Unix time's own grid, as Sonyflake's reference counts them.
    origin: i64,
    /// The largest ID the layout admits: below 2^63 with a sign bit, and
    /// below 36^12 for SCRU64, whose text form has 12 base36 digits.
    max_id: u64,
    text: TextForm,
    /// The smallest ID of the layout's kind where a platform is known to
    /// have numbered things in sequence before it used the layout (see
    /// `builtin::Begins`); 0 where nothing is known.
    first_id: u64,
    /// What a platform's sequences leave in their low bits, where known.
    counter: Counter,
}

/// What the sequences of a platform's IDs leave in their lowest bits, as
/// the damage check weighs zeros there (`salvage::signs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Counter {
    /// Nothing known: a sequence of 0 may be every ID of a generator that
    /// mints one per tick.
    #[default]
    Unknown,
    /// Spread over its values whatever the tick: Discord's increment,
    /// Instagram's `nextval() % 1024`, Mastodon's hashed sequence. Its
    /// lowest `q` bits are all 0 with a chance of 1 in 2^q.
    Spread,
    /// Restarts at 0 each tick, and more than one in `one_in` of the
    /// platform's IDs have a sequence other than 0 (Twitter's tweets).
    Busy { one_in: u32 },
}

impl Layout {
    /// Builds a layout from its parts, most significant first, the length
    /// of its time tick and its epoch in milliseconds since 1970.
    pub fn new(parts: &[(PartKind, u32)], unit: Unit, epoch_ms: i64) -> Result<Layout, LayoutError> {
        check_roles(parts)?;
        for (index, &(kind, bits)) in parts.iter().enumerate() {
            check_width(index, kind, bits)?;
        }
        let total: u64 = parts.iter().map(|&(_, bits)| u64::from(bits)).sum();
        if total != 64 {
            return Err(LayoutError::BitsTotal { total });
        }
        if !(MIN_EPOCH_MS..=MAX_EPOCH_MS).contains(&epoch_ms) {
            return Err(LayoutError::EpochOutOfRange { ms: epoch_ms });
        }
        let origin = origin_of(epoch_ms, unit);
        let signed = parts.first().is_some_and(|&(kind, _)| kind == PartKind::Sign);
        let max_id = if signed { i64::MAX as u64 } else { u64::MAX };
        let mut below = 64;
        let parts = parts
            .iter()
            .map(|&(kind, bits)| {
                below -= bits;
                Part {
                    kind,
                    bits,
                    shift: below,
                }
            })
            .collect();
        let layout = Layout {
            parts,
            unit,
            epoch_ms,
            origin,
            max_id,
            text: TextForm::Decimal,
            first_id: 0,
            counter: Counter::Unknown,
        };
        check_time_range(&layout)?;
        Ok(layout)
    }

    /// Gives the layout a text form besides decimal digits. SCRU64's text
    /// has 12 base36 digits, which bounds its IDs by 36^12 - 1.
    pub fn with_text(mut self, text: TextForm) -> Layout {
        if text == TextForm::Scru64 {
            self.max_id = self.max_id.min(SCRU64_MAX);
        }
        self.text = text;
        self
    }

    /// The text form of the layout's IDs, besides decimal digits.
    pub fn text_form(&self) -> TextForm {
        self.text
    }

    /// Gives the layout the smallest ID of its kind: smaller numbers are a
    /// platform's older sequential IDs, whose value holds no time.
    pub fn with_first_id(mut self, first_id: u64) -> Layout {
        self.first_id = first_id;
        self
    }

    /// Gives the layout what its platform's sequences are known to leave in
    /// their low bits.
    pub fn with_counter(mut self, counter: Counter) -> Layout {
        self.counter = counter;
        self
    }

    /// What the platform's sequences leave in their low bits.
    pub fn counter(&self) -> Counter {
        self.counter
    }

    /// The smallest ID of the layout's kind (0 where every number is one):
    /// decoding gives no time for a smaller one.
    pub fn first_id(&self) -> u64 {
        self.first_id
    }

    /// The largest ID the layout admits: below 2^63 with a sign bit, below
    /// 36^12 for SCRU64.
    pub fn max_id(&self) -> u64 {
        self.max_id
    }

    /// Why `id`, above `max_id()`, is not an ID of this layout.
    pub fn refusal(&self, id: u64) -> Reason {
        if self.has_sign_bit() && id > i64::MAX as u64 {
            Reason::SignBit
        } else {
            Reason::AboveScru64
        }
    }

    /// The last tick an ID can have: the time field's maximum, or less where
    /// the layout bounds its IDs (SCRU64).
    pub fn last_tick(&self) -> u64 {
        let time = self.time();
        time.max_value().min(self.max_id >> time.shift())
    }

    /// The time part and tick 0's start as plain numbers, for loops over
    /// millions of IDs that should not look the time part up for each.
    pub fn time_decoder(&self) -> TimeDecoder {
        let time = self.time();
        TimeDecoder {
            shift: time.shift(),
            mask: time.max_value(),
            length: self.unit.length(),
            origin: self.origin,
            resolution: self.resolution(),
        }
    }

    /// What the layout's times are counted in: milliseconds, or
    /// microseconds for a unit of one microsecond.
    pub fn resolution(&self) -> Resolution {
        self.unit.resolution()
    }

    /// The start of tick 0 in the layout's resolution: the epoch floored
    /// to a whole number of units since 1970.
    pub fn origin(&self) -> i64 {
        self.origin
    }

    /// The start of `tick` in the layout's resolution. Ticks up to one past
    /// the last fit, as `Layout::new` checked.
    pub fn tick_start(&self, tick: u64) -> i64 {
        self.origin + tick as i64 * self.unit.length()
    }

    /// The start of tick 0 in whole milliseconds since 1970 (floored from
    /// microseconds).
    pub fn first_ms(&self) -> i64 {
        self.origin.div_euclid(self.resolution().per_milli())
    }

    /// The start of the last tick in whole milliseconds since 1970.
    pub fn last_ms(&self) -> i64 {
        self.tick_start(self.last_tick())
            .div_euclid(self.resolution().per_milli())
    }

    /// One more than the largest ID where that bound is below 2^63 (36^12
    /// for SCRU64), which a sign bit alone does not say.
    pub fn id_limit_below_signed(&self) -> Option<u64> {
        (self.max_id < i64::MAX as u64).then(|| self.max_id + 1)
    }

    /// The parts, most significant first.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    pub fn unit(&self) -> Unit {
        self.unit
    }

    /// The epoch as given, in milliseconds since 1970; tick 0 starts at
    /// `origin()`, the epoch floored to a whole number of units.
    pub fn epoch_ms(&self) -> i64 {
        self.epoch_ms
    }

    /// Whether the top bit is a sign bit that IDs keep 0.
    pub fn has_sign_bit(&self) -> bool {
        self.parts[0].kind == PartKind::Sign
    }

    pub fn time(&self) -> Part {
        self.only(PartKind::Time)
    }

    pub fn sequence(&self) -> Part {
        self.only(PartKind::Sequence)
    }

    /// The node fields, most significant first.
    pub fn nodes(&self) -> impl Iterator<Item = Part> + '_ {
        self.parts.iter().copied().filter(|p| p.kind == PartKind::Node)
    }

    fn only(&self, kind: PartKind) -> Part {
        // `new` guarantees exactly one time and one sequence part.
        *self
            .parts
            .iter()
            .find(|p| p.kind == kind)
            .expect("checked by Layout::new")
    }
}

/// The epoch floored to a whole number of units since 1970, in the unit's
/// resolution. Cannot overflow: the epoch lies within the years 1 to 9999.
fn origin_of(epoch_ms: i64, unit: Unit) -> i64 {
    let length = unit.length();
    (epoch_ms * unit.resolution().per_milli()).div_euclid(length) * length
}

/// Every time the layout's ticks cover, from the start of tick 0 to the end
/// of the last tick, lies within 2^53 units of its resolution (milliseconds,
/// or microseconds) of 1970: there every time is exact as a double of its
/// resolution, so that `id_time(as = "ms")` is exact and every time
/// `id_time()` gives composes again (R's times are doubles). Only wide time
/// parts of long units come near that bound (2^53 ms is some 285,000
/// years), and microsecond layouts whose ticks reach beyond 1684 or 2255.
fn check_time_range(layout: &Layout) -> Result<(), LayoutError> {
    let limit = i128::from(TIME_COUNT_LIMIT);
    let start = i128::from(layout.origin);
    let end = start + (i128::from(layout.time().max_value()) + 1) * i128::from(layout.unit.length());
    if start <= -limit || end > limit {
        let limit_ms = TIME_COUNT_LIMIT / layout.resolution().per_milli();
        return Err(LayoutError::TimeRange { limit_ms });
    }
    Ok(())
}

/// How far from 1970 a layout's times may reach, in its resolution: 2^53,
/// below which a double holds every whole number.
pub const TIME_COUNT_LIMIT: i64 = 1 << 53;

/// The time sits at the top (below the sign bit) so that IDs sort by time
/// and a time bounds a range of IDs.
fn check_roles(parts: &[(PartKind, u32)]) -> Result<(), LayoutError> {
    let count = |kind| parts.iter().filter(|&&(k, _)| k == kind).count();
    let sign_first_or_absent = parts.iter().skip(1).all(|&(k, _)| k != PartKind::Sign);
    let top = parts.iter().find(|&&(k, _)| k != PartKind::Sign).map(|&(k, _)| k);
    if count(PartKind::Time) == 1
        && count(PartKind::Sequence) == 1
        && sign_first_or_absent
        && top == Some(PartKind::Time)
    {
        Ok(())
    } else {
        Err(LayoutError::Roles)
    }
}

fn check_width(index: usize, kind: PartKind, bits: u32) -> Result<(), LayoutError> {
    match kind {
        PartKind::Sign if bits != 1 => Err(LayoutError::SignWidth { bits }),
        PartKind::Sequence if bits > MAX_SEQUENCE_BITS => Err(LayoutError::SequenceTooWide { bits }),
        PartKind::Time | PartKind::Node if bits == 0 => Err(LayoutError::EmptyPart { index }),
        _ if bits > MAX_PART_BITS => Err(LayoutError::PartTooWide { index, bits }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::{
        discord, scru64, sonyflake, tid, twitter, SONYFLAKE_V1_EPOCH_MS, TWITTER_EPOCH_MS as TWITTER_EPOCH,
        TWITTER_EXAMPLE,
    };
    use PartKind::*;

    #[test]
    fn shifts_count_the_bits_below_each_part() {
        let layout = twitter();
        let shifts: Vec<u32> = layout.parts().iter().map(|p| p.shift()).collect();
        assert_eq!(shifts, vec![63, 22, 17, 12, 0]);
        assert!(layout.has_sign_bit());
        assert_eq!(layout.time().bits(), 41);
        assert_eq!(layout.sequence().bits(), 12);
        assert_eq!(layout.nodes().count(), 2);
        assert_eq!(layout.epoch_ms(), TWITTER_EPOCH);
        assert_eq!(layout.unit(), Unit::MILLIS);
    }

    #[test]
    fn extract_reads_twitters_documented_id() {
        let layout = twitter();
        let example = TWITTER_EXAMPLE;
        let values: Vec<u64> = layout.parts().iter().map(|p| p.extract(example.id)).collect();
        assert_eq!(values[0], 0);
        assert_eq!(values[1] as i64 + TWITTER_EPOCH, example.time_ms);
        assert_eq!(&values[2..4], example.nodes);
        assert_eq!(values[4], example.sequence);
    }

    #[test]
    fn sonyflake_puts_the_machine_below_the_sequence() {
        let layout = sonyflake(SONYFLAKE_V1_EPOCH_MS);
        assert_eq!(layout.sequence().shift(), 16);
        assert_eq!(layout.nodes().next().unwrap().shift(), 0);
        let id = (5u64 << 24) | (3 << 16) | 0xBEEF;
        assert_eq!(layout.time().extract(id), 5);
        assert_eq!(layout.sequence().extract(id), 3);
        assert_eq!(layout.nodes().next().unwrap().extract(id), 0xBEEF);
    }

    #[test]
    fn no_sign_bit_and_an_empty_sequence() {
        let parts = [(Time, 48), (Node, 16), (Sequence, 0)];
        let layout = Layout::new(&parts, Unit::MILLIS, 0).unwrap();
        assert!(!layout.has_sign_bit());
        assert_eq!(layout.sequence().bits(), 0);
        assert_eq!(layout.sequence().extract(u64::MAX), 0);
        assert_eq!(layout.time().extract(u64::MAX), (1 << 48) - 1);
    }

    #[test]
    fn the_widest_parts_allowed() {
        let parts = [(Sign, 1), (Time, 32), (Sequence, 31)];
        assert!(Layout::new(&parts, Unit::SECONDS, 0).is_ok());
        let parts = [(Time, 53), (Node, 11), (Sequence, 0)];
        let layout = Layout::new(&parts, Unit::MILLIS, 0).unwrap();
        assert_eq!(layout.time().max_value(), (1 << 53) - 1);
    }

    #[test]
    fn bits_must_add_up_to_64() {
        let parts = [(Sign, 1), (Time, 41), (Node, 10), (Sequence, 11)];
        assert_eq!(
            Layout::new(&parts, Unit::MILLIS, 0),
            Err(LayoutError::BitsTotal { total: 63 })
        );
        let parts = [(Time, 41), (Node, 12), (Sequence, 12)];
        assert_eq!(
            Layout::new(&parts, Unit::MILLIS, 0),
            Err(LayoutError::BitsTotal { total: 65 })
        );
    }

    #[test]
    fn huge_widths_cannot_overflow_the_total() {
        let parts = [(Time, u32::MAX), (Node, u32::MAX), (Sequence, 0)];
        assert!(matches!(
            Layout::new(&parts, Unit::MILLIS, 0),
            Err(LayoutError::PartTooWide { index: 0, .. })
        ));
    }

    #[test]
    fn each_part_has_fewer_than_54_bits() {
        let parts = [(Time, 54), (Node, 10), (Sequence, 0)];
        assert_eq!(
            Layout::new(&parts, Unit::MILLIS, 0),
            Err(LayoutError::PartTooWide { index: 0, bits: 54 })
        );
        let parts = [(Time, 10), (Node, 54), (Sequence, 0)];
        assert_eq!(
            Layout::new(&parts, Unit::MILLIS, 0),
            Err(LayoutError::PartTooWide { index: 1, bits: 54 })
        );
    }

    #[test]
    fn the_sequence_has_at_most_31_bits() {
        let parts = [(Time, 32), (Sequence, 32)];
        assert_eq!(
            Layout::new(&parts, Unit::MILLIS, 0),
            Err(LayoutError::SequenceTooWide { bits: 32 })
        );
    }

    #[test]
    fn time_and_node_parts_are_not_empty() {
        let parts = [(Time, 0), (Node, 32), (Sequence, 32)];
        assert_eq!(
            Layout::new(&parts, Unit::MILLIS, 0),
            Err(LayoutError::EmptyPart { index: 0 })
        );
        let parts = [(Time, 52), (Node, 0), (Sequence, 12)];
        assert_eq!(
            Layout::new(&parts, Unit::MILLIS, 0),
            Err(LayoutError::EmptyPart { index: 1 })
        );
    }

    #[test]
    fn roles_are_checked() {
        let refused: [&[(PartKind, u32)]; 6] = [
            &[(Node, 12), (Time, 40), (Sequence, 12)],
            &[(Time, 52), (Node, 12)],
            &[(Node, 52), (Sequence, 12)],
            &[(Time, 20), (Time, 32), (Sequence, 12)],
            &[(Time, 51), (Sign, 1), (Sequence, 12)],
            &[],
        ];
        for parts in refused {
            assert_eq!(Layout::new(parts, Unit::MILLIS, 0), Err(LayoutError::Roles));
        }
    }

    #[test]
    fn the_sign_part_is_one_bit() {
        let parts = [(Sign, 2), (Time, 50), (Sequence, 12)];
        assert_eq!(
            Layout::new(&parts, Unit::MILLIS, 0),
            Err(LayoutError::SignWidth { bits: 2 })
        );
    }

    #[test]
    fn epochs_lie_in_years_1_to_9999() {
        let parts = [(Time, 52), (Sequence, 12)];
        assert!(Layout::new(&parts, Unit::MILLIS, MIN_EPOCH_MS).is_ok());
        assert!(Layout::new(&parts, Unit::MILLIS, MAX_EPOCH_MS).is_ok());
        assert_eq!(
            Layout::new(&parts, Unit::MILLIS, MAX_EPOCH_MS + 1),
            Err(LayoutError::EpochOutOfRange { ms: MAX_EPOCH_MS + 1 })
        );
        assert!(Layout::new(&parts, Unit::MILLIS, i64::MIN).is_err());
    }

    #[test]
    fn max_id_respects_the_sign_bit_and_scru64s_bound() {
        assert_eq!(twitter().max_id(), i64::MAX as u64);
        let discord = discord();
        assert_eq!(discord.max_id(), u64::MAX);
        assert_eq!(discord.text_form(), TextForm::Decimal);
        let scru64 = scru64(8);
        assert_eq!(scru64.text_form(), TextForm::Scru64);
        assert_eq!(scru64.max_id(), SCRU64_MAX);
        assert_eq!(scru64.refusal(SCRU64_MAX + 1), Reason::AboveScru64);
        assert_eq!(scru64.refusal(1 << 63), Reason::SignBit);
    }

    #[test]
    fn what_r_asks_of_a_layout() {
        let layout = twitter();
        let example = TWITTER_EXAMPLE;
        let bits = crate::text::write::binary_text(example.id);
        let digits: Vec<&[u8]> = layout.parts().iter().map(|p| p.digits(&bits)).collect();
        assert_eq!(digits[0], b"0");
        assert_eq!(digits[2], b"01011");
        assert_eq!(digits[4], b"000101000010");
        assert_eq!(digits.concat(), bits);
        assert_eq!(layout.first_ms(), TWITTER_EPOCH);
        assert_eq!(layout.last_ms(), TWITTER_EPOCH + (1 << 41) - 1);
        assert_eq!(layout.id_limit_below_signed(), None);
        assert_eq!(discord().id_limit_below_signed(), None);
        assert_eq!(scru64(8).id_limit_below_signed(), Some(SCRU64_MAX + 1));
        let tid = tid();
        assert_eq!(tid.first_ms(), 0);
        assert_eq!(tid.last_ms(), ((1i64 << 53) - 1) / 1000);
        assert_eq!(tid.time_decoder().millis(1_999 << 10), 1);
        assert_eq!(sonyflake(1_592_224_496_789).first_ms(), 1_592_224_496_780);
        for kind in [Sign, Time, Node, Sequence] {
            assert_eq!(PartKind::from_name(kind.name().as_bytes()), Some(kind));
        }
    }

    #[test]
    fn kinds_are_read_by_name() {
        assert_eq!(PartKind::from_name(b"node"), Some(Node));
        assert_eq!(PartKind::from_name(b"sign"), Some(Sign));
        assert_eq!(PartKind::from_name(b"Time"), None);
        assert_eq!(PartKind::from_name(b""), None);
    }

    #[test]
    fn times_add_ticks_to_the_epoch() {
        let time = twitter().time_decoder();
        assert_eq!(time.time(TWITTER_EXAMPLE.id), TWITTER_EXAMPLE.time_ms);
        assert_eq!(time.time(0), TWITTER_EPOCH);
        let parts = [(Time, 42), (Node, 22), (Sequence, 0)];
        // The latest epoch, floored to its second, and the widest time part
        // of seconds it takes (2^42 seconds, below 2^53 ms from 1970).
        let widest = Layout::new(&parts, Unit::SECONDS, MAX_EPOCH_MS).unwrap();
        assert_eq!(widest.origin(), MAX_EPOCH_MS - 999);
        assert_eq!(
            widest.time_decoder().time(u64::MAX),
            MAX_EPOCH_MS - 999 + ((1i64 << 42) - 1) * 1000
        );
        let earliest = Layout::new(&parts, Unit::SECONDS, MIN_EPOCH_MS).unwrap();
        assert_eq!(earliest.time_decoder().time(0), MIN_EPOCH_MS);
    }

    /// 2020-06-15T12:34:56.789Z, a start time off Sonyflake's 10 ms grid.
    const OFF_GRID: i64 = 1_592_224_496_789;

    #[test]
    fn sonyflake_counts_ticks_on_unix_times_own_grid() {
        // The reference: start = floor(epoch / 10 ms); tick k starts at
        // (start + k) * 10 ms.
        let layout = sonyflake(OFF_GRID);
        let start = OFF_GRID.div_euclid(10);
        assert_eq!(layout.epoch_ms(), OFF_GRID);
        assert_eq!(layout.origin(), start * 10);
        let time = layout.time_decoder();
        for k in [0u64, 1, 1000, (1 << 39) - 1] {
            assert_eq!(time.time(k << 24), (start + k as i64) * 10);
            assert_eq!(layout.tick_start(k), (start + k as i64) * 10);
        }
        // On the grid, nothing changes.
        assert_eq!(sonyflake(SONYFLAKE_V1_EPOCH_MS).origin(), SONYFLAKE_V1_EPOCH_MS);
        // Before 1970 the epoch floors towards the past.
        assert_eq!(sonyflake(-1).origin(), -10);
        assert_eq!(sonyflake(-10).origin(), -10);
    }

    #[test]
    fn every_coarse_unit_floors_its_epoch_the_same_way() {
        let parts = [(Sign, 1), (Time, 40), (Node, 10), (Sequence, 13)];
        let cases = [
            (Unit::SECONDS, 1_500, 1_000),
            (Unit::MILLIS_256, 1_000, 768),
            (Unit::millis(5).unwrap(), 1_592_224_496_789, 1_592_224_496_785),
            (Unit::millis(100).unwrap(), 1_592_224_496_789, 1_592_224_496_700),
            (Unit::MILLIS, 1_592_224_496_789, 1_592_224_496_789),
        ];
        for (unit, epoch, origin) in cases {
            assert_eq!(Layout::new(&parts, unit, epoch).unwrap().origin(), origin);
        }
    }

    #[test]
    fn microsecond_layouts_count_in_microseconds() {
        // AT Protocol TIDs: 53 bits of microseconds since 1970.
        let tid = tid();
        assert_eq!(tid.resolution(), Resolution::Micros);
        let id = (1_724_171_495_793_000u64 << 10) | 816;
        assert_eq!(tid.time_decoder().time(id), 1_724_171_495_793_000);
        assert_eq!(tid.time_decoder().seconds(id), 1_724_171_495.793);
        let parts = [(Sign, 1), (Time, 52), (Node, 11), (Sequence, 0)];
        let later = Layout::new(&parts, Unit::MICROS, 1_500).unwrap();
        assert_eq!(later.origin(), 1_500_000);
    }

    #[test]
    fn times_stay_within_2_53_units_of_1970() {
        use PartKind::{Node, Sequence, Time};
        let ms_limit = LayoutError::TimeRange { limit_ms: 1 << 53 };
        // 53 bits of milliseconds from 1970 end at 2^53 ms exactly; from any
        // later epoch they reach beyond (the layout of issue 23).
        let parts = [(Time, 53), (Node, 11), (Sequence, 0)];
        assert!(Layout::new(&parts, Unit::MILLIS, 0).is_ok());
        assert_eq!(Layout::new(&parts, Unit::MILLIS, 1), Err(ms_limit.clone()));
        assert_eq!(
            Layout::new(&parts, Unit::MILLIS, 1_000_000_000_000),
            Err(ms_limit.clone())
        );
        // Long units reach it with fewer bits: 2^43 seconds end below it,
        // 2^44 beyond; a unit of a day, with 53 bits, far beyond.
        let seconds = |bits| [(Time, bits), (Node, 64 - bits), (Sequence, 0)];
        assert!(Layout::new(&seconds(43), Unit::SECONDS, 0).is_ok());
        assert_eq!(Layout::new(&seconds(44), Unit::SECONDS, 0), Err(ms_limit.clone()));
        let day = Unit::millis(86_400_000).unwrap();
        assert_eq!(Layout::new(&parts, day, 0), Err(ms_limit.clone()));
        let parts = [(Time, 20), (Node, 44), (Sequence, 0)];
        assert!(Layout::new(&parts, day, MAX_EPOCH_MS).is_ok());
        // Microseconds: 2^53 of them from 1970 (TIDs) fit; a later epoch or
        // one before 1684 (2^53 microseconds before 1970) does not.
        let us_limit = LayoutError::TimeRange {
            limit_ms: (1 << 53) / 1000,
        };
        let parts = [(PartKind::Sign, 1), (Time, 53), (Node, 10), (Sequence, 0)];
        assert!(Layout::new(&parts, Unit::MICROS, 0).is_ok());
        assert_eq!(Layout::new(&parts, Unit::MICROS, 1), Err(us_limit.clone()));
        let parts = [(Time, 40), (Node, 24), (Sequence, 0)];
        assert!(Layout::new(&parts, Unit::MICROS, -9_007_199_254_740).is_ok());
        assert_eq!(Layout::new(&parts, Unit::MICROS, -9_007_199_254_741), Err(us_limit));
    }

    #[test]
    fn messages_carry_numbers_only() {
        let e = LayoutError::PartTooWide { index: 2, bits: 60 };
        assert_eq!(e.to_string(), "part 2 has 60 bits; a part has at most 53");
        assert!(!LayoutError::BitsTotal { total: 63 }.to_string().contains('%'));
    }
}
