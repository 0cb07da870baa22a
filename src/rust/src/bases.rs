//! IDs as text in other bases (hex, Crockford's base32, base36, base58,
//! base62), both ways, through the text forms' shared readers and writers.

use crate::problem::{reply, Code, Outcome, Problem};
use crate::scru64::{ids_from_text, text_from_ids};
use extendr_api::prelude::*;
use zuid_core::bases::{Base, MAX_TEXT_LEN};
use zuid_core::Entry;

/// The base R's `base` names; R checked the name.
fn base_named(name: &str) -> std::result::Result<Base, Problem> {
    Base::from_name(name.as_bytes()).ok_or(Problem::new(Code::InputType))
}

/// The text of IDs read as `input` says (text is decimal here) in `base`.
/// Every 64-bit number has text in every base, so only malformed entries
/// become NA.
#[extendr]
fn ids_to_base(x: Robj, input: &str, base: &str) -> Robj {
    reply(to_base(&x, input, base))
}

fn to_base(x: &Robj, input: &str, base: &str) -> Outcome {
    let base = base_named(base)?;
    text_from_ids::<MAX_TEXT_LEN, _>(x, input, |_| None, |id| Some(base.encode(id)))
}

/// IDs from text in `base`; anything but the base's digits, of a value
/// below 2^64, is invalid.
#[extendr]
fn ids_from_base(text: Strings, base: &str, as_: &str) -> Robj {
    reply(from_base(&text, base, as_))
}

fn from_base(text: &Strings, base: &str, as_: &str) -> Outcome {
    // The shared reader takes a plain function: one per base.
    let parse: fn(&[u8]) -> Entry = match base_named(base)? {
        Base::Hex => |t| Base::Hex.decode(t),
        Base::Base32 => |t| Base::Base32.decode(t),
        Base::Base36 => |t| Base::Base36.decode(t),
        Base::Base58 => |t| Base::Base58.decode(t),
        Base::Base62 => |t| Base::Base62.decode(t),
    };
    ids_from_text(text, as_, parse)
}

extendr_module! {
    mod bases;
    fn ids_to_base;
    fn ids_from_base;
}
