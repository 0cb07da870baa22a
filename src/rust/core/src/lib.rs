//! The pure Rust core of zuid: layouts of 64-bit Snowflake-family IDs (the
//! built-in ones among them), their validation and bit math, text forms,
//! column decoding, composing, ordering and generators. Its contracts with
//! R are two: `r_values`, the NA bit patterns and the value forms
//! (integer64 bits, exact doubles, POSIXct seconds) that the binding hands
//! over as plain slices, and `problem`, what goes wrong as R's messages
//! know it. Nothing else here knows R, and `cargo test` tests the crate on
//! its own.

pub mod bases;
pub mod builtin;
pub mod capacity;
pub mod clock;
pub mod columns;
pub mod compose;
pub mod damage;
pub mod entry;
pub mod generator;
pub mod invalid;
pub mod layout;
pub mod lease;
pub mod lease_machine;
pub mod links;
pub mod order;
pub mod output;
pub mod parallel;
pub mod parse;
pub mod plan;
pub mod problem;
pub mod r_values;
pub mod registry;
pub mod rounded;
pub mod script;
pub mod scru64;
pub mod sliced;
pub mod start;
#[cfg(test)]
pub(crate) mod test_cases;
pub mod text;
pub mod tid;
pub mod time_text;
pub mod timestamp;
pub mod unit;

pub use builtin::{Builtin, BuiltinError, BUILTINS};
pub use clock::{Clock, SteppedClock, SystemClock};
pub use compose::{ComposeError, Composer, Side};
pub use entry::{Entry, TextForm};
pub use generator::{Fence, FloorError, GenerateError, Generator, MintingFacts, OnClockBack, Run};
pub use invalid::Invalid;
pub use layout::{Layout, LayoutError, PartKind};
pub use problem::{Code, Problem};
pub use timestamp::format_millis;
pub use unit::{Resolution, Unit};
