//! The pure Rust core of zuid: layouts of 64-bit Snowflake-family IDs,
//! their validation and bit math, and text forms. Nothing here knows R;
//! the extendr binding in the parent crate converts R vectors to slices
//! and calls into this crate, and `cargo test` tests it on its own.

pub mod clock;
pub mod columns;
pub mod compose;
pub mod generator;
pub mod layout;
pub mod parse;
pub mod text;
pub mod timestamp;
pub mod unit;

pub use clock::{Clock, SystemClock};
pub use compose::{millis_from_seconds, ComposeError, Composer, Side};
pub use generator::{GenerateError, Generator, OnClockBack};
pub use layout::{Layout, LayoutError, PartKind, TimeDecoder, MAX_PART_BITS, MAX_SEQUENCE_BITS};
pub use parse::{Entry, SCRU64_MAX};
pub use timestamp::{format_millis, MAX_EPOCH_MS, MIN_EPOCH_MS};
pub use unit::Unit;
