//! What can still be read from IDs that lost digits before zuid saw them:
//! a spreadsheet keeps 15 significant digits, a double 53 bits, the
//! shortest text of a double 16 or 17 digits. A rounded ID cannot be
//! repaired, but two things can be known of it.
//!
//! - **The IDs it may stand for** (`spans`, `scientific`): every ID that
//!   rounds to the value, an interval, and with it the interval of their
//!   times (`id_time_bounds()`).
//! - **Whether a column was rounded** (`damage`, with the signs it tests in
//!   `signs`, grouped into pieces of evidence in `pieces` and weighed in
//!   `surprise`; `sample` picks the entries decoding looks at).

pub mod damage;
mod pieces;
pub mod sample;
mod scientific;
mod signs;
pub mod spans;
pub mod surprise;
#[cfg(test)]
pub(crate) mod test_ids;

pub use damage::{examine, rounded_problem, Cause, Damage, Evidence, Seen, Sign, DECODE_SAMPLE};
pub use sample::sample;
pub use spans::{double_candidates, entry_candidates, lossy_form, text_candidates, Candidates, LossyForm, Span};
