//! The 96- to 160-bit formats and their facts, each as its specification
//! states it: width, where the time is and in what unit from which epoch,
//! the other fields, and the text form. Everything else in `wide` reads
//! these facts rather than knowing a format's numbers itself.

/// A 96- to 160-bit time-ordered ID format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    UuidV7,
    UuidV6,
    UuidV1,
    /// Any of v1, v6 and v7, each entry read by its own version.
    Uuid,
    Ulid,
    TypeId,
    Scru128,
    Ksuid,
    ObjectId,
    Xid,
}

/// How UUIDv7's 12 bits after the millisecond (`rand_a`) were written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SubMs {
    /// Not as time: a counter or random bits (CPython, ClickHouse, Rust's
    /// `uuid` crate). The time is the millisecond.
    #[default]
    None,
    /// RFC 9562 section 6.2 method 3: a fraction of the millisecond in
    /// 1/4096 steps (PostgreSQL 18).
    Fraction,
    /// Go's google/uuid: 256 ns steps after the millisecond.
    Ns256,
}

/// The unit a time is counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tick {
    Second,
    Milli,
    /// 1/4096 of a millisecond (UUIDv7 with `SubMs::Fraction`).
    MilliOver4096,
    /// 100 ns (UUIDv1 and v6).
    Nano100,
    Nano,
}

impl Tick {
    /// Ticks per second, exactly.
    pub const fn per_second(self) -> i128 {
        match self {
            Tick::Second => 1,
            Tick::Milli => 1_000,
            Tick::MilliOver4096 => 4_096_000,
            Tick::Nano100 => 10_000_000,
            Tick::Nano => 1_000_000_000,
        }
    }
}

/// What a field holds, for explaining a layout and for R's column types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldKind {
    Time,
    Version,
    Variant,
    Counter,
    Machine,
    Process,
    ClockSeq,
    Node,
    Random,
}

/// A field: its name and its bits, counted from the ID's most significant
/// bit as the specifications count them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    pub name: &'static str,
    pub start: u32,
    pub width: u32,
    pub kind: FieldKind,
}

const fn f(name: &'static str, start: u32, width: u32, kind: FieldKind) -> Field {
    Field {
        name,
        start,
        width,
        kind,
    }
}

use FieldKind::*;

/// RFC 9562 section 5.1.
pub const UUIDV1_FIELDS: &[Field] = &[
    f("time_low", 0, 32, Time),
    f("time_mid", 32, 16, Time),
    f("ver", 48, 4, Version),
    f("time_high", 52, 12, Time),
    f("var", 64, 2, Variant),
    f("clock_seq", 66, 14, ClockSeq),
    f("node", 80, 48, Node),
];
/// RFC 9562 section 5.6.
pub const UUIDV6_FIELDS: &[Field] = &[
    f("time_high", 0, 32, Time),
    f("time_mid", 32, 16, Time),
    f("ver", 48, 4, Version),
    f("time_low", 52, 12, Time),
    f("var", 64, 2, Variant),
    f("clock_seq", 66, 14, ClockSeq),
    f("node", 80, 48, Node),
];
/// RFC 9562 section 5.7.
pub const UUIDV7_FIELDS: &[Field] = &[
    f("unix_ts_ms", 0, 48, Time),
    f("ver", 48, 4, Version),
    f("rand_a", 52, 12, Random),
    f("var", 64, 2, Variant),
    f("rand_b", 66, 62, Random),
];
/// What every UUID shares, whatever its version.
pub const UUID_FIELDS: &[Field] = &[f("ver", 48, 4, Version), f("var", 64, 2, Variant)];
/// ulid/spec.
const ULID_FIELDS: &[Field] = &[f("timestamp", 0, 48, Time), f("randomness", 48, 80, Random)];
/// scru128/spec v2.1.
const SCRU128_FIELDS: &[Field] = &[
    f("timestamp", 0, 48, Time),
    f("counter_hi", 48, 24, Counter),
    f("counter_lo", 72, 24, Counter),
    f("entropy", 96, 32, Random),
];
/// segmentio/ksuid.
const KSUID_FIELDS: &[Field] = &[f("timestamp", 0, 32, Time), f("payload", 32, 128, Random)];
/// The BSON ObjectId specification.
const OBJECTID_FIELDS: &[Field] = &[
    f("timestamp", 0, 32, Time),
    f("random", 32, 40, Random),
    f("counter", 72, 24, Counter),
];
/// rs/xid.
const XID_FIELDS: &[Field] = &[
    f("timestamp", 0, 32, Time),
    f("machine", 32, 24, Machine),
    f("pid", 56, 16, Process),
    f("counter", 72, 24, Counter),
];

/// Where a format's time is: its bit runs, most significant first, the
/// unit, and the epoch as Unix time in that unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBits {
    pub runs: &'static [(u32, u32)],
    pub tick: Tick,
    pub epoch: i128,
}

/// 100 ns intervals from 1582-10-15 (the Gregorian epoch of RFC 9562) to
/// 1970-01-01.
pub const GREGORIAN_TO_UNIX_100NS: i128 = 0x01B2_1DD2_1381_4000;
/// KSUID's epoch, 2014-05-13T16:53:20Z, in Unix seconds.
pub const KSUID_EPOCH: i128 = 1_400_000_000;

pub const V7_TIME: TimeBits = TimeBits {
    runs: &[(0, 48)],
    tick: Tick::Milli,
    epoch: 0,
};
const SEC32: TimeBits = TimeBits {
    runs: &[(0, 32)],
    tick: Tick::Second,
    epoch: 0,
};
pub const V1_TIME: TimeBits = TimeBits {
    runs: &[(52, 12), (32, 16), (0, 32)],
    tick: Tick::Nano100,
    epoch: -GREGORIAN_TO_UNIX_100NS,
};
pub const V6_TIME: TimeBits = TimeBits {
    runs: &[(0, 32), (32, 16), (52, 12)],
    tick: Tick::Nano100,
    epoch: -GREGORIAN_TO_UNIX_100NS,
};

/// How many characters the canonical text has, and which spellings the
/// parser accepts besides (see `parse`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextFacts {
    /// The canonical text's length (TypeID's suffix alone).
    pub len: usize,
    /// The longest text any accepted spelling has: longer text is refused
    /// before any other work.
    pub max_len: usize,
    /// The canonical alphabet, in digit order.
    pub alphabet: &'static str,
    /// Whether the parser reads letters in either case.
    pub any_case: bool,
}

const UUID_TEXT: TextFacts = TextFacts {
    len: 36,
    max_len: 45,
    alphabet: "0123456789abcdef",
    any_case: true,
};

impl Format {
    pub const ALL: [Format; 10] = [
        Format::UuidV7,
        Format::UuidV6,
        Format::UuidV1,
        Format::Uuid,
        Format::Ulid,
        Format::TypeId,
        Format::Scru128,
        Format::Ksuid,
        Format::ObjectId,
        Format::Xid,
    ];

    /// The layout name R knows.
    pub fn name(self) -> &'static str {
        match self {
            Format::UuidV7 => "uuidv7",
            Format::UuidV6 => "uuidv6",
            Format::UuidV1 => "uuidv1",
            Format::Uuid => "uuid",
            Format::Ulid => "ulid",
            Format::TypeId => "typeid",
            Format::Scru128 => "scru128",
            Format::Ksuid => "ksuid",
            Format::ObjectId => "objectid",
            Format::Xid => "xid",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The ID's width in bits.
    pub fn bits(self) -> u32 {
        match self {
            Format::Ksuid => 160,
            Format::ObjectId | Format::Xid => 96,
            _ => 128,
        }
    }

    /// Whether the format's byte order is time order (all but UUIDv1, and
    /// `uuid`, which mixes versions).
    pub fn sorts_by_time(self) -> bool {
        !matches!(self, Format::UuidV1 | Format::Uuid)
    }

    /// The UUID version every entry must have, for the single-version
    /// layouts.
    pub fn uuid_version(self) -> Option<u8> {
        match self {
            Format::UuidV7 => Some(7),
            Format::UuidV6 => Some(6),
            Format::UuidV1 => Some(1),
            _ => None,
        }
    }

    /// Where the time is; `None` for `uuid`, whose entries say it by their
    /// version (see `time_bits_of_version`). UUIDv7's is the
    /// millisecond, which `SubMs` can extend (not TypeID's).
    pub fn time_bits(self) -> Option<TimeBits> {
        match self {
            Format::UuidV7 | Format::Ulid | Format::TypeId | Format::Scru128 => Some(V7_TIME),
            Format::UuidV6 => Some(V6_TIME),
            Format::UuidV1 => Some(V1_TIME),
            Format::Uuid => None,
            Format::Ksuid => Some(TimeBits {
                runs: &[(0, 32)],
                tick: Tick::Second,
                epoch: KSUID_EPOCH,
            }),
            Format::ObjectId | Format::Xid => Some(SEC32),
        }
    }

    /// The fields in bit order. For `uuid`, those all versions share; an
    /// entry's own are `fields_of_version`'s.
    pub fn fields(self) -> &'static [Field] {
        match self {
            Format::UuidV7 | Format::TypeId => UUIDV7_FIELDS,
            Format::UuidV6 => UUIDV6_FIELDS,
            Format::UuidV1 => UUIDV1_FIELDS,
            Format::Uuid => UUID_FIELDS,
            Format::Ulid => ULID_FIELDS,
            Format::Scru128 => SCRU128_FIELDS,
            Format::Ksuid => KSUID_FIELDS,
            Format::ObjectId => OBJECTID_FIELDS,
            Format::Xid => XID_FIELDS,
        }
    }

    /// The text form's facts.
    pub fn text(self) -> TextFacts {
        match self {
            Format::UuidV7 | Format::UuidV6 | Format::UuidV1 | Format::Uuid => UUID_TEXT,
            Format::Ulid => TextFacts {
                len: 26,
                max_len: 26,
                alphabet: "0123456789ABCDEFGHJKMNPQRSTVWXYZ",
                any_case: true,
            },
            Format::TypeId => TextFacts {
                len: 26,
                max_len: 90,
                alphabet: "0123456789abcdefghjkmnpqrstvwxyz",
                any_case: false,
            },
            Format::Scru128 => TextFacts {
                len: 25,
                max_len: 25,
                alphabet: "0123456789abcdefghijklmnopqrstuvwxyz",
                any_case: true,
            },
            Format::Ksuid => TextFacts {
                len: 27,
                max_len: 27,
                alphabet: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                any_case: false,
            },
            Format::ObjectId => TextFacts {
                len: 24,
                max_len: 24,
                alphabet: "0123456789abcdef",
                any_case: true,
            },
            Format::Xid => TextFacts {
                len: 20,
                max_len: 20,
                alphabet: "0123456789abcdefghijklmnopqrstuv",
                any_case: false,
            },
        }
    }
}

/// An RFC 9562 UUID version's time bits, if the version has time.
pub fn time_bits_of_version(version: u8) -> Option<TimeBits> {
    match version {
        1 => Some(V1_TIME),
        6 => Some(V6_TIME),
        7 => Some(V7_TIME),
        _ => None,
    }
}

/// An RFC 9562 UUID version's fields (those all share, for versions with
/// no time).
pub fn fields_of_version(version: u8) -> &'static [Field] {
    match version {
        1 => UUIDV1_FIELDS,
        6 => UUIDV6_FIELDS,
        7 => UUIDV7_FIELDS,
        _ => UUID_FIELDS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for f in Format::ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
        }
        assert_eq!(Format::from_name("UUIDv7"), None);
    }

    #[test]
    fn fields_tile_each_format_without_gaps() {
        let mut layouts: Vec<(u32, &[Field])> = Format::ALL.iter().map(|f| (f.bits(), f.fields())).collect();
        layouts.retain(|(_, fs)| fs.len() > 2);
        for (bits, fields) in layouts {
            let mut next = 0;
            for fd in fields {
                assert_eq!(fd.start, next, "{}", fd.name);
                next += fd.width;
            }
            assert_eq!(next, bits);
        }
    }

    #[test]
    fn time_runs_are_the_time_fields() {
        for f in Format::ALL {
            let Some(t) = f.time_bits() else { continue };
            let run_bits: u32 = t.runs.iter().map(|r| r.1).sum();
            let field_bits: u32 = f
                .fields()
                .iter()
                .filter(|x| x.kind == FieldKind::Time)
                .map(|x| x.width)
                .sum();
            assert_eq!(run_bits, field_bits, "{}", f.name());
        }
    }

    #[test]
    fn text_facts_match_their_alphabets() {
        for f in Format::ALL {
            let t = f.text();
            assert!(t.len <= t.max_len);
            // Digits times bits per digit cover the width (TypeID's and
            // ULID's 26 base32 digits hold 130 bits, Xid's 20 hold 100).
            let per_digit = (t.alphabet.len() as f64).log2();
            assert!(t.len as f64 * per_digit >= f.bits() as f64, "{}", f.name());
        }
    }
}
