//! The built-in layouts, defined here once: their names and aliases, the
//! parts with the names R gives their columns, the tick, the epoch and the
//! text form. R builds its `zuid_layout` objects from this table (through
//! the binding), and the core's tests take their layouts from it.

use crate::entry::TextForm;
use crate::layout::{Layout, LayoutError, PartKind};
use crate::unit::Unit;
use thiserror::Error;

/// How wide a part of a built-in layout is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// Always this many bits.
    Bits(u32),
    /// The `node_bits` the user gives (SCRU64's node id).
    NodeBits,
    /// What `node_bits` leaves of this many bits (SCRU64's counter).
    RestOf(u32),
}

/// One part of a built-in layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinPart {
    /// The part's name, which becomes its column: `sign`, `time`,
    /// `sequence`, or a node field's own name.
    pub name: &'static str,
    pub kind: PartKind,
    pub width: Width,
}

/// A built-in layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builtin {
    pub name: &'static str,
    /// Other names users know it by, lowercase.
    pub aliases: &'static [&'static str],
    /// Most significant first.
    pub parts: &'static [BuiltinPart],
    pub unit: Unit,
    /// Milliseconds since 1970, or `None` where the user gives it
    /// (Sonyflake's start time is configured per deployment).
    pub epoch_ms: Option<i64>,
    pub text: TextForm,
    /// The epoch its reference implementation starts from by default, for
    /// guessing which layout made some IDs (Sonyflake v1: 2014-09-01).
    pub guess_epoch_ms: Option<i64>,
    /// The `node_bits` to guess with: SCRU64's time does not depend on it.
    pub guess_node_bits: Option<u32>,
}

/// SCRU64's node id takes 1 to 23 of the 24 bits below its time; the
/// counter takes the rest.
pub const NODE_BITS_MIN: u32 = 1;
pub const NODE_BITS_MAX: u32 = 23;

const fn part(name: &'static str, kind: PartKind, width: Width) -> BuiltinPart {
    BuiltinPart { name, kind, width }
}

const SIGN: BuiltinPart = part("sign", PartKind::Sign, Width::Bits(1));

const fn time(bits: u32) -> BuiltinPart {
    part("time", PartKind::Time, Width::Bits(bits))
}

const fn node(name: &'static str, bits: u32) -> BuiltinPart {
    part(name, PartKind::Node, Width::Bits(bits))
}

const fn sequence(bits: u32) -> BuiltinPart {
    part("sequence", PartKind::Sequence, Width::Bits(bits))
}

const fn builtin(name: &'static str, parts: &'static [BuiltinPart], unit: Unit, epoch_ms: Option<i64>) -> Builtin {
    Builtin {
        name,
        aliases: &[],
        parts,
        unit,
        epoch_ms,
        text: TextForm::Decimal,
        guess_epoch_ms: None,
        guess_node_bits: None,
    }
}

/// Twitter's (X's) Snowflake: 2010-11-04T01:42:54.657Z.
pub const TWITTER: Builtin = Builtin {
    aliases: &["x"],
    ..builtin(
        "twitter",
        &[SIGN, time(41), node("datacenter", 5), node("worker", 5), sequence(12)],
        Unit::MILLIS,
        Some(1_288_834_974_657),
    )
};

/// Discord's: all 64 bits, from 2015-01-01.
pub const DISCORD: Builtin = builtin(
    "discord",
    &[time(42), node("worker", 5), node("process", 5), sequence(12)],
    Unit::MILLIS,
    Some(1_420_070_400_000),
);

/// Instagram's: 2011-08-24T21:07:01.721Z.
pub const INSTAGRAM: Builtin = builtin(
    "instagram",
    &[time(41), node("shard", 13), sequence(10)],
    Unit::MILLIS,
    Some(1_314_220_021_721),
);

/// Mastodon's: 48 bits of Unix milliseconds.
pub const MASTODON: Builtin = builtin("mastodon", &[time(48), sequence(16)], Unit::MILLIS, Some(0));

/// Sonyflake's: 10 ms ticks, the sequence above the machine, from a start
/// time each deployment configures.
pub const SONYFLAKE: Builtin = Builtin {
    guess_epoch_ms: Some(1_409_529_600_000),
    ..builtin(
        "sonyflake",
        &[SIGN, time(39), sequence(8), node("machine", 16)],
        Unit::TEN_MILLIS,
        None,
    )
};

/// SCRU64's: 256 ms ticks of Unix time, a node id of `node_bits` and a
/// counter of the rest of 24 bits; 12 base36 digits of text.
pub const SCRU64: Builtin = Builtin {
    text: TextForm::Scru64,
    guess_node_bits: Some(8),
    ..builtin(
        "scru64",
        &[
            SIGN,
            time(39),
            part("node", PartKind::Node, Width::NodeBits),
            part("sequence", PartKind::Sequence, Width::RestOf(24)),
        ],
        Unit::MILLIS_256,
        Some(0),
    )
};

/// The AT Protocol's TIDs (Bluesky's record keys): microseconds since 1970
/// and a 10-bit clock id; 13 characters of base32-sortable text.
pub const TID: Builtin = Builtin {
    aliases: &["bluesky"],
    text: TextForm::Tid,
    ..builtin(
        "tid",
        &[SIGN, time(53), node("clock_id", 10), sequence(0)],
        Unit::MICROS,
        Some(0),
    )
};

/// Every built-in layout, in the order messages list them.
pub const BUILTINS: &[Builtin] = &[TWITTER, DISCORD, INSTAGRAM, MASTODON, SONYFLAKE, SCRU64, TID];

/// Why a built-in layout could not be made. R checks its arguments first,
/// so these reach it only as internal errors, except a layout rule (an
/// epoch outside the years 1 to 9999).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BuiltinError {
    #[error("no built-in layout has that name")]
    Unknown,
    #[error("the layout needs an epoch, or takes none")]
    Epoch,
    #[error("the layout needs node_bits from {NODE_BITS_MIN} to {NODE_BITS_MAX}, or takes none")]
    NodeBits,
    #[error(transparent)]
    Layout(#[from] LayoutError),
}

impl Builtin {
    /// The built-in layout `name` means, in any case, or an alias.
    pub fn find(name: &str) -> Option<&'static Builtin> {
        let key = name.to_ascii_lowercase();
        BUILTINS
            .iter()
            .find(|b| b.name == key || b.aliases.contains(&key.as_str()))
    }

    pub fn needs_epoch(&self) -> bool {
        self.epoch_ms.is_none()
    }

    pub fn needs_node_bits(&self) -> bool {
        self.parts.iter().any(|p| p.width == Width::NodeBits)
    }

    /// The parts' names and widths for `node_bits` (which only SCRU64
    /// takes).
    pub fn widths(&self, node_bits: Option<u32>) -> Result<Vec<(&'static str, PartKind, u32)>, BuiltinError> {
        let node_bits = match (self.needs_node_bits(), node_bits) {
            (true, Some(b)) if (NODE_BITS_MIN..=NODE_BITS_MAX).contains(&b) => b,
            (false, None) => 0,
            _ => return Err(BuiltinError::NodeBits),
        };
        Ok(self
            .parts
            .iter()
            .map(|p| {
                let bits = match p.width {
                    Width::Bits(b) => b,
                    Width::NodeBits => node_bits,
                    Width::RestOf(total) => total - node_bits,
                };
                (p.name, p.kind, bits)
            })
            .collect())
    }

    /// The layout itself: `epoch_ms` only for a layout whose epoch the user
    /// gives, `node_bits` only for SCRU64.
    pub fn layout(&self, epoch_ms: Option<i64>, node_bits: Option<u32>) -> Result<Layout, BuiltinError> {
        let epoch_ms = match (self.epoch_ms, epoch_ms) {
            (Some(fixed), None) => fixed,
            (None, Some(given)) => given,
            _ => return Err(BuiltinError::Epoch),
        };
        let parts: Vec<(PartKind, u32)> = self
            .widths(node_bits)?
            .into_iter()
            .map(|(_, kind, bits)| (kind, bits))
            .collect();
        Ok(Layout::new(&parts, self.unit, epoch_ms)?.with_text(self.text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::MAX_SEQUENCE_BITS;

    #[test]
    fn names_and_aliases_are_found_in_any_case() {
        assert_eq!(Builtin::find("Twitter").map(|b| b.name), Some("twitter"));
        assert_eq!(Builtin::find("X").map(|b| b.name), Some("twitter"));
        assert_eq!(Builtin::find("BlueSky").map(|b| b.name), Some("tid"));
        assert_eq!(Builtin::find("snowflake"), None);
        let mut names: Vec<&str> = BUILTINS
            .iter()
            .flat_map(|b| b.aliases.iter().chain([&b.name]))
            .copied()
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name or alias is used twice");
    }

    #[test]
    fn every_builtin_is_a_valid_layout() {
        for b in BUILTINS {
            let epoch = b.needs_epoch().then_some(0);
            let bits = b.needs_node_bits().then_some(NODE_BITS_MIN);
            let layout = b.layout(epoch, bits).unwrap_or_else(|e| panic!("{}: {e}", b.name));
            assert_eq!(layout.text_form(), b.text, "{}", b.name);
            assert_eq!(b.guess_epoch_ms.is_some(), b.needs_epoch(), "{}", b.name);
            assert_eq!(b.guess_node_bits.is_some(), b.needs_node_bits(), "{}", b.name);
            assert!(b.layout(b.guess_epoch_ms, b.guess_node_bits).is_ok(), "{}", b.name);
        }
    }

    #[test]
    fn the_published_shapes() {
        let shape = |b: &Builtin, node_bits| -> Vec<(&str, u32)> {
            b.widths(node_bits)
                .unwrap()
                .into_iter()
                .map(|(n, _, w)| (n, w))
                .collect()
        };
        assert_eq!(
            shape(&TWITTER, None),
            [
                ("sign", 1),
                ("time", 41),
                ("datacenter", 5),
                ("worker", 5),
                ("sequence", 12)
            ]
        );
        assert_eq!(
            shape(&DISCORD, None),
            [("time", 42), ("worker", 5), ("process", 5), ("sequence", 12)]
        );
        assert_eq!(shape(&INSTAGRAM, None), [("time", 41), ("shard", 13), ("sequence", 10)]);
        assert_eq!(shape(&MASTODON, None), [("time", 48), ("sequence", 16)]);
        assert_eq!(
            shape(&SONYFLAKE, None),
            [("sign", 1), ("time", 39), ("sequence", 8), ("machine", 16)]
        );
        assert_eq!(
            shape(&SCRU64, Some(8)),
            [("sign", 1), ("time", 39), ("node", 8), ("sequence", 16)]
        );
        assert_eq!(
            shape(&TID, None),
            [("sign", 1), ("time", 53), ("clock_id", 10), ("sequence", 0)]
        );
    }

    #[test]
    fn parameters_are_taken_only_where_they_belong() {
        assert_eq!(SONYFLAKE.layout(None, None), Err(BuiltinError::Epoch));
        assert_eq!(TWITTER.layout(Some(0), None), Err(BuiltinError::Epoch));
        assert_eq!(SCRU64.layout(None, None), Err(BuiltinError::NodeBits));
        assert_eq!(SCRU64.layout(None, Some(24)), Err(BuiltinError::NodeBits));
        assert_eq!(SCRU64.layout(None, Some(0)), Err(BuiltinError::NodeBits));
        assert_eq!(DISCORD.layout(None, Some(8)), Err(BuiltinError::NodeBits));
        assert!(matches!(
            SONYFLAKE.layout(Some(i64::MAX), None),
            Err(BuiltinError::Layout(LayoutError::EpochOutOfRange { .. }))
        ));
        for bits in NODE_BITS_MIN..=NODE_BITS_MAX {
            let layout = SCRU64.layout(None, Some(bits)).unwrap();
            assert_eq!(layout.sequence().bits(), 24 - bits);
            assert!(layout.sequence().bits() <= MAX_SEQUENCE_BITS);
        }
    }
}
