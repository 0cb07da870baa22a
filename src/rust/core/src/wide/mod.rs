//! 96- to 160-bit time-ordered IDs: UUIDv7, v6 and v1 (and `uuid`, any of
//! them), ULID, TypeID, SCRU128, KSUID, ObjectId and Xid, each exactly as
//! its specification says. Plain functions over bytes and values: `parse`
//! reads every accepted spelling into a `Wide`, `time` gives its exact
//! time, `fields` its parts, `write_canonical` its canonical text,
//! `from_time` the bounds of an instant, `write_spelling`/`read_spelling`
//! the same 128 bits as UUID, ULID or TypeID text, and `time_of_str` /
//! `seconds_into` the one-pass path for columns. Nothing here panics on
//! input or writes user text into a problem.

mod alphabet;
pub mod damage;
pub mod explain;
pub mod fast;
pub mod fields;
pub mod format;
pub mod parse;
pub mod problem;
pub mod range;
pub mod text;
pub mod time;
pub mod value;

pub use damage::{examine_wide, since_seconds, WideDamage, WideEvidence, WideSign};
pub use fast::{seconds_into, seconds_of_column, time_of_str, ColumnProblems};
pub use fields::{fields, fields_of_uuid, fits_double, hex_of};
pub use format::{Field, FieldKind, Format, SubMs, Tick, TimeBits};
pub use parse::{check_prefix, parse, parse_typeid, uuid_bits};
pub use problem::{PrefixRule, WideProblem};
pub use range::TimeRange;
pub use text::{canonical, canonical_text, read_spelling, write_canonical, write_spelling, Spelling};
pub use time::{from_time, time, WideTime};
pub use value::Wide;
