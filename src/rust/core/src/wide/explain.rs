//! What `id_explain()` shows of a 96- to 160-bit ID: its canonical text,
//! its bits part by part (the layout's fields, and for a `uuid` layout the
//! entry's own version's), each part's value, and its time as ISO 8601
//! text to the format's unit. The parts tile the ID: bits no field names
//! (a UUIDv4's, under `uuid`) are one part of their own.

use super::fields::fields_of_uuid;
use super::format::{Field, FieldKind, Format, SubMs, Tick};
use super::parse::parse;
use super::problem::WideProblem;
use super::text::canonical_text;
use super::time::{time, WideTime};
use crate::layouts::timestamp::format_millis;

/// One part of an explained ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub field: Field,
    /// The bits below the part (as the 64-bit layouts count offsets).
    pub offset: u32,
    pub value: u128,
    /// The part's bits as `0` and `1`, most significant first.
    pub digits: String,
}

/// An explained ID: its canonical text, parts in bit order, and its time
/// as text (or the problem of an ID with no time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    pub canonical: String,
    pub parts: Vec<Part>,
    pub time: Result<String, WideProblem>,
}

/// The fields of a layout as R prints it and `id_fields()` names them:
/// the format's, with UUIDv7's `rand_a` read as time (`sub_ms`) where the
/// layout says it is.
pub fn layout_fields(format: Format, sub_ms: SubMs) -> Vec<Field> {
    let mut fields = format.fields().to_vec();
    if format == Format::UuidV7 && sub_ms != SubMs::None {
        if let Some(p) = fields.iter_mut().find(|p| p.name == "rand_a") {
            p.name = "sub_ms";
            p.kind = FieldKind::Time;
        }
    }
    fields
}

/// The ID `text` spells in `format`, explained; the problem of text that
/// is no ID of it.
pub fn explain(format: Format, sub_ms: SubMs, text: &[u8]) -> Result<Explained, WideProblem> {
    let v = parse(format, text)?;
    let total = format.bits();
    let fields = match format {
        Format::Uuid => fields_of_uuid(v.lo).map(|(f, _)| f).collect(),
        _ => layout_fields(format, sub_ms),
    };
    let parts = tile(&fields, total)
        .into_iter()
        .map(|field| {
            let value = v.bits(total, field.start, field.width);
            let digits = (0..field.width)
                .rev()
                .map(|i| if (value >> i) & 1 == 1 { '1' } else { '0' })
                .collect();
            Part {
                field,
                offset: total - field.start - field.width,
                value,
                digits,
            }
        })
        .collect();
    Ok(Explained {
        canonical: canonical_text(format, text)?,
        parts,
        time: time(format, v, sub_ms).and_then(|t| time_text(t).ok_or(WideProblem::TimeRange)),
    })
}

/// `fields` in bit order with the bits between them as parts named `other`.
fn tile(fields: &[Field], total: u32) -> Vec<Field> {
    let mut sorted = fields.to_vec();
    sorted.sort_by_key(|f| f.start);
    let mut out = Vec::with_capacity(sorted.len() * 2 + 1);
    let mut next = 0;
    let gap = |start: u32, width: u32| Field {
        name: "other",
        start,
        width,
        kind: FieldKind::Random,
    };
    for f in sorted {
        if f.start > next {
            out.push(gap(next, f.start - next));
        }
        next = f.start + f.width;
        out.push(f);
    }
    if next < total {
        out.push(gap(next, total - next));
    }
    out
}

/// An instant as `YYYY-MM-DDTHH:MM:SS.fffZ`, with as many digits after
/// the second as its unit has (3 for seconds and milliseconds, 7 for
/// 100 ns, 9 for finer ones, floored); `None` outside the years 1 to 9999.
pub fn time_text(t: WideTime) -> Option<String> {
    let ns = t.floor_nanos();
    let ms = i64::try_from(ns.div_euclid(1_000_000)).ok()?;
    let text = format_millis(ms)?;
    let below = ns.rem_euclid(1_000_000);
    let more = match t.tick {
        Tick::Second | Tick::Milli => return Some(text),
        Tick::Nano100 => format!("{:04}", below / 100),
        Tick::MilliOver4096 | Tick::Nano => format!("{below:06}"),
    };
    Some(format!("{}{more}Z", &text[..text.len() - 1]))
}

#[cfg(test)]
#[path = "explain_tests.rs"]
mod tests;
