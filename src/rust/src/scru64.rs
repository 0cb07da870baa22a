//! SCRU64's 12-character base36 text, both ways.

use crate::reply::{reply, Outcome};
use crate::text::{ids_from_text, text_from_ids};
use extendr_api::prelude::*;
use zuid_core::invalid::Reason;
use zuid_core::text::scru64::{parse_scru64, scru64_text, SCRU64_MAX, SCRU64_TEXT_LEN};

/// The SCRU64 text of IDs read as `input` says (text is decimal here); IDs
/// of 36^12 or more, which the text cannot hold, become NA.
#[extendr]
fn scru64_from_ids(x: Robj, input: &str) -> Robj {
    reply(to_scru64(&x, input))
}

fn to_scru64(x: &Robj, input: &str) -> Outcome {
    let refuse = |id: u64| (id > SCRU64_MAX).then_some(Reason::AboveScru64);
    text_from_ids::<SCRU64_TEXT_LEN, _>(x, input, refuse, scru64_text)
}

/// IDs from SCRU64 text; anything but 12 base36 digits is invalid.
#[extendr]
fn ids_from_scru64(text: Strings, as_: &str) -> Robj {
    reply(ids_from_text(&text, as_, parse_scru64, &Robj::from(())))
}

extendr_module! {
    mod scru64;
    fn scru64_from_ids;
    fn ids_from_scru64;
}
