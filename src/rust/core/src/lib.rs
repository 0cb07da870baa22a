//! The pure Rust core of zuid: layouts of 64-bit Snowflake-family IDs (the
//! built-in ones among them), their validation and bit math, text forms,
//! column decoding, composing, ordering and generators. Its contracts with
//! R are two: `r_values`, the NA bit patterns and the value forms
//! (integer64 bits, exact doubles, POSIXct seconds) that the binding hands
//! over as plain slices, and `problem`, what goes wrong as R's messages
//! know it. Nothing else here knows R, and `cargo test` tests the crate on
//! its own.

pub mod compose;
pub mod decode;
pub mod generate;
pub mod invalid;
pub mod layouts;
pub mod lease;
pub mod links;
pub mod problem;
pub mod r_values;
pub mod salvage;
#[cfg(test)]
pub(crate) mod test_cases;
pub mod text;
pub mod wide;

pub use compose::composer::{ComposeError, Composer, Side};
pub use generate::clock::{Clock, SteppedClock, SystemClock};
pub use generate::facts::MintingFacts;
pub use generate::generator::{Fence, FloorError, GenerateError, Generator, OnClockBack, Run};
pub use invalid::Invalid;
pub use layouts::builtin::{Builtin, BuiltinError, BUILTINS};
pub use layouts::layout::{Counter, Layout, LayoutError, PartKind};
pub use layouts::timestamp::format_millis;
pub use layouts::unit::{Resolution, Unit};
pub use problem::{Code, Problem};
pub use text::entry::{Entry, TextForm};
