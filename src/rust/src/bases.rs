//! IDs as text in other bases (hex, Crockford's base32, base36, base58,
//! base62), both ways, through the text forms' shared readers and writers.

use crate::reply::{reply, Outcome};
use crate::text::{ids_from_text, text_from_ids};
use extendr_api::prelude::*;
use zuid_core::text::bases::{Base, MAX_TEXT_LEN};
use zuid_core::{Code, Entry, Problem};

/// The base R's `base` names; R checked the name against the core's table.
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
/// below 2^64, is invalid. The text names no platform, so a `zuid_id`
/// carries no layout.
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
    ids_from_text(text, as_, parse, &Robj::from(()))
}

extendr_module! {
    mod bases;
    fn ids_to_base;
    fn ids_from_base;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, with_r};

    #[test]
    fn every_base_is_read_back_by_its_own_parser() {
        with_r(|| {
            let ids = eval("c('0', '18446744073709551615', NA)");
            for base in Base::ALL {
                let (text, problems) = to_base(&ids, "character", base.name()).unwrap();
                assert!(problems.is_empty(), "{}", base.name());
                let text = Strings::try_from(text).unwrap();
                assert!(text.elt(2).is_na());
                let (back, problems) = from_base(&text, base.name(), "character").unwrap();
                assert!(problems.is_empty(), "{}", base.name());
                assert_eq!(back.as_str_iter().unwrap().nth(1), Some("18446744073709551615"));
            }
        });
    }

    #[test]
    fn a_base_r_should_have_refused_is_an_internal_problem() {
        with_r(|| {
            let ids = eval("'1'");
            assert_eq!(to_base(&ids, "character", "base64").unwrap_err().code, Code::InputType);
        });
    }
}
