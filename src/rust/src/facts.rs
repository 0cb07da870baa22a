//! The field's facts, as tables R asks for once and keeps: the built-in
//! layouts (`zuid_core::layouts::builtin`), the bounds that SQL over 64-bit
//! columns needs, the text bases (`zuid_core::text::bases`) and how much of
//! a column decoding checks for rounding (`zuid_core::salvage`). A built-in
//! layout object is made here from the core's table, so that no layout is
//! defined in R.

use crate::reply::{reply, value, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::layouts::builtin::{NODE_BITS_MAX, NODE_BITS_MIN};
use zuid_core::r_values::from_double;
use zuid_core::salvage::DECODE_SAMPLE;
use zuid_core::text::bases::{Base, Width};
use zuid_core::text::sql_bounds::{signed_end_split, unsigned_end_split, Split};
use zuid_core::{Builtin, Code, Entry, Problem, BUILTINS};

/// One built-in layout as R's table holds it: `name`, `aliases`, `needs`
/// (the arguments it takes: "epoch", "node_bits" or none), `node_bits` (the
/// range it takes), the arguments `id_guess_layout()` tries
/// (`guess_epoch_ms`, `guess_node_bits`; NULL where none is taken), and
/// `begins`, where the platform's IDs of the layout begin (`first_id` as
/// decimal text and `before`, what the smaller numbers are), or NULL.
fn builtin_entry(b: &Builtin) -> Robj {
    let needs: Vec<Option<&str>> = [(b.needs_epoch(), "epoch"), (b.needs_node_bits(), "node_bits")]
        .iter()
        .filter(|(needed, _)| *needed)
        .map(|&(_, name)| Some(name))
        .collect();
    let aliases: Vec<Option<&str>> = b.aliases.iter().map(|&a| Some(a)).collect();
    let range = b
        .needs_node_bits()
        .then(|| vectors::integers_from(&[NODE_BITS_MIN as i32, NODE_BITS_MAX as i32]));
    // NULL, not NA, where a layout takes no such argument.
    let or_null = |x: Option<Robj>| x.unwrap_or_else(|| Robj::from(()));
    let guess_epoch = b.guess_epoch_ms.map(|ms| vectors::doubles_from(&[ms as f64]));
    let guess_bits = b.guess_node_bits.map(|n| vectors::doubles_from(&[f64::from(n)]));
    let begins = b
        .begins
        .map(|x| list!(first_id = x.first_id.to_string(), before = x.before).into());
    list!(
        name = b.name,
        aliases = vectors::texts(&aliases),
        needs = vectors::texts(&needs),
        node_bits = or_null(range),
        guess_epoch_ms = or_null(guess_epoch),
        guess_node_bits = or_null(guess_bits),
        begins = or_null(begins)
    )
    .into()
}

/// The built-in layouts, by name, in the order messages list them.
#[extendr]
fn builtin_layouts() -> Robj {
    let entries: Vec<Robj> = BUILTINS.iter().map(builtin_entry).collect();
    let names: Vec<&str> = BUILTINS.iter().map(|b| b.name).collect();
    let mut table: Robj = List::from_values(entries).into();
    match table.set_names(names) {
        Ok(_) => reply(value(table)),
        Err(_) => reply(Err(Problem::new(Code::InputType))),
    }
}

/// A whole number R passed as a double, or `None` for NA (or NaN).
fn optional_whole(x: f64) -> std::result::Result<Option<u64>, Problem> {
    match from_double(x) {
        _ if x.is_nan() => Ok(None),
        Entry::Id(v) => Ok(Some(v)),
        _ => Err(Problem::new(Code::InputType)),
    }
}

/// The fields of the built-in layout `name` (R checked it, and its
/// arguments): `epoch_ms` (NA unless it takes one) and `node_bits` (NA
/// unless it is SCRU64's), each one double (a slice: extendr refuses an NA
/// scalar). The value is the layout object's data: `name`, `bits` (named by
/// part), `kinds`, `unit`, `epoch_ms` and `text`.
#[extendr]
fn builtin_layout_fields(name: &str, epoch_ms: &[f64], node_bits: &[f64]) -> Robj {
    match (epoch_ms, node_bits) {
        (&[epoch_ms], &[node_bits]) => reply(builtin(name, epoch_ms, node_bits)),
        _ => reply(Err(Problem::new(Code::InputType))),
    }
}

fn builtin(name: &str, epoch_ms: f64, node_bits: f64) -> Outcome {
    let b = Builtin::find(name).ok_or(Problem::new(Code::InputType))?;
    // Epochs are whole milliseconds in a double; one beyond 2^53 is out of
    // any layout's range, as an epoch of i64::MAX is.
    let epoch_ms = if epoch_ms.is_nan() {
        None
    } else if epoch_ms.is_finite() && epoch_ms.fract() == 0.0 {
        Some(epoch_ms as i64)
    } else {
        return Err(Problem::new(Code::InputType));
    };
    let node_bits = optional_whole(node_bits)?.map(|b| u32::try_from(b).unwrap_or(u32::MAX));
    let layout = b.layout(epoch_ms, node_bits)?;
    let widths = b.widths(node_bits)?;
    let part_names: Vec<&str> = widths.iter().map(|&(name, _, _)| name).collect();
    let bits: Vec<i32> = widths.iter().map(|&(_, _, bits)| bits as i32).collect();
    let kinds: Vec<Option<&str>> = widths.iter().map(|&(_, kind, _)| Some(kind.name())).collect();
    let mut bits = vectors::integers_from(&bits);
    bits.set_names(part_names).map_err(|_| Problem::new(Code::InputType))?;
    value(list!(
        name = b.name,
        bits = bits,
        kinds = vectors::texts(&kinds),
        unit = layout.unit().name(),
        epoch_ms = layout.epoch_ms() as f64,
        text = layout.text_form().name()
    ))
}

/// The bounds of 64-bit IDs as decimal text, for SQL that converts text to
/// a signed bigint or keeps state in one: `max_signed` (2^63 - 1),
/// `min_signed` (-2^63), `signed_end` (2^63), `max_unsigned` (2^64 - 1),
/// `unsigned_end` (2^64);
/// `unsigned_end_split` and `signed_end_split`, 2^64 and 2^63 as the
/// halves SQL without wider numbers compares with (see the core's
/// `text::sql_bounds`).
#[extendr]
fn id_bounds() -> Robj {
    let split = |s: Split| list!(high = s.high.to_string(), low = s.low.to_string());
    reply(value(list!(
        max_signed = i64::MAX.to_string(),
        min_signed = i64::MIN.to_string(),
        signed_end = (1u128 << 63).to_string(),
        max_unsigned = u64::MAX.to_string(),
        unsigned_end = (1u128 << 64).to_string(),
        unsigned_end_split = split(unsigned_end_split()),
        signed_end_split = split(signed_end_split())
    )))
}

/// The text bases by name, in the order messages list them: each with its
/// `alphabet` (the digits of value 0 up) and `width` (its fixed width, or
/// NA where it writes the shortest text).
#[extendr]
fn base_table() -> Robj {
    let entries: Vec<Robj> = Base::ALL
        .iter()
        .map(|b| {
            let alphabet = std::str::from_utf8(b.alphabet()).unwrap_or_default();
            let width = match b.width() {
                Width::Fixed(w) => Some(w as f64),
                Width::Minimal => None,
            };
            list!(alphabet = alphabet, width = width).into()
        })
        .collect();
    let names: Vec<&str> = Base::ALL.iter().map(|b| b.name()).collect();
    let mut table: Robj = List::from_values(entries).into();
    match table.set_names(names) {
        Ok(_) => reply(value(table)),
        Err(_) => reply(Err(Problem::new(Code::InputType))),
    }
}

/// How many entries of a column decoding looks at for signs of rounding
/// (`decode_sample`), spread over a longer one.
#[extendr]
fn damage_facts() -> Robj {
    reply(value(list!(decode_sample = DECODE_SAMPLE as f64)))
}

extendr_module! {
    mod facts;
    fn builtin_layouts;
    fn builtin_layout_fields;
    fn id_bounds;
    fn base_table;
    fn damage_facts;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::with_r;

    #[test]
    fn a_builtin_layout_object_has_its_parts_named() {
        with_r(|| {
            let (fields, _) = builtin("scru64", f64::NAN, 8.0).unwrap();
            let bits = fields.dollar("bits").unwrap();
            assert_eq!(bits.as_integer_vector(), Some(vec![1, 39, 8, 16]));
            let names: Vec<&str> = bits.names().unwrap().collect();
            assert_eq!(names, ["sign", "time", "node", "sequence"]);
            assert_eq!(fields.dollar("text").unwrap().as_str(), Some("scru64"));
            assert_eq!(fields.dollar("unit").unwrap().as_str(), Some("256ms"));
        });
    }

    #[test]
    fn the_text_bases_are_named_with_their_alphabets() {
        with_r(|| {
            let table = base_table().dollar("value").unwrap();
            let names: Vec<&str> = table.names().unwrap().collect();
            assert_eq!(names, ["hex", "base32", "base36", "base58", "base62"]);
            let hex = table.dollar("hex").unwrap();
            assert_eq!(hex.dollar("alphabet").unwrap().as_str(), Some("0123456789abcdef"));
            assert_eq!(hex.dollar("width").unwrap().as_real(), Some(16.0));
            assert!(table.dollar("base58").unwrap().dollar("width").unwrap().is_na());
        });
    }

    #[test]
    fn arguments_r_should_have_refused_are_internal_problems() {
        with_r(|| {
            assert_eq!(
                builtin("snowflake", f64::NAN, f64::NAN).unwrap_err().code,
                Code::InputType
            );
            assert_eq!(
                builtin("sonyflake", f64::NAN, f64::NAN).unwrap_err().code,
                Code::InputType
            );
            assert_eq!(builtin("scru64", f64::NAN, 8.5).unwrap_err().code, Code::InputType);
            let far = builtin("sonyflake", 1e300, f64::NAN).unwrap_err();
            assert_eq!(far.code, Code::LayoutEpochRange);
        });
    }
}
