//! 96- to 160-bit IDs (the core's `wide`): layout objects made from the
//! core's facts, and columns of their text read into times, fields,
//! validity and canonical text in one pass each. Invalid entries become NA
//! with the call's one report; entries that are IDs but carry no time (a
//! UUIDv4 in a `uuid` column) are counted apart.

use crate::input::charsxp_bytes;
use crate::reply::{reply, value, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::compose::composer::Side;
use zuid_core::invalid::Reason;
use zuid_core::wide::format::{Field, FieldKind, Tick, GREGORIAN_TO_UNIX_100NS, KSUID_EPOCH};
use zuid_core::wide::{self, Format, Spelling, SubMs, Wide, WideProblem, WideTime};
use zuid_core::{Code, Invalid, Problem};

/// A 96- to 160-bit layout as R's object names it: the format and how
/// UUIDv7's bits after the millisecond were written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WideLayout {
    pub format: Format,
    pub sub_ms: SubMs,
}

const SUB_MS_NAMES: [(SubMs, &str); 3] = [
    (SubMs::None, "none"),
    (SubMs::Fraction, "fraction"),
    (SubMs::Ns256, "256ns"),
];

fn sub_ms_name(sub_ms: SubMs) -> &'static str {
    SUB_MS_NAMES
        .iter()
        .find(|(s, _)| *s == sub_ms)
        .map_or("none", |(_, n)| n)
}

fn sub_ms_from_name(name: &str) -> Option<SubMs> {
    SUB_MS_NAMES.iter().find(|(_, n)| *n == name).map(|(s, _)| *s)
}

pub(crate) fn kind_name(kind: FieldKind) -> &'static str {
    match kind {
        FieldKind::Time => "time",
        FieldKind::Version => "version",
        FieldKind::Variant => "variant",
        FieldKind::Counter => "counter",
        FieldKind::Machine => "machine",
        FieldKind::Process => "process",
        FieldKind::ClockSeq => "clock_seq",
        FieldKind::Node => "node",
        FieldKind::Random => "random",
    }
}

/// The unit a format's time counts in, as R prints it, and its epoch in
/// milliseconds since 1970.
fn unit_and_epoch(layout: WideLayout) -> (&'static str, f64) {
    let Some(tb) = layout.format.time_bits() else {
        return ("various", f64::NAN);
    };
    let unit = match (tb.tick, layout.sub_ms) {
        (Tick::Milli, SubMs::Fraction) if layout.format == Format::UuidV7 => "ms/4096",
        (Tick::Milli, SubMs::Ns256) if layout.format == Format::UuidV7 => "256ns",
        (Tick::Milli, _) => "ms",
        (Tick::Second, _) => "s",
        (Tick::Nano100, _) => "100ns",
        (Tick::MilliOver4096, _) => "ms/4096",
        (Tick::Nano, _) => "ns",
    };
    let epoch_ms = match layout.format {
        Format::UuidV1 | Format::UuidV6 => -(GREGORIAN_TO_UNIX_100NS / 10_000) as f64,
        Format::Ksuid => (KSUID_EPOCH * 1000) as f64,
        _ => 0.0,
    };
    (unit, epoch_ms)
}

/// The parts R prints and `id_fields()` names (the core's list).
fn parts(layout: WideLayout) -> Vec<Field> {
    wide::explain::layout_fields(layout.format, layout.sub_ms)
}

/// The text form a format's IDs are written in: UUIDs share one.
fn text_form(format: Format) -> &'static str {
    match format {
        Format::UuidV7 | Format::UuidV6 | Format::UuidV1 | Format::Uuid => "uuid",
        other => other.name(),
    }
}

/// The R object of a layout, before R gives it its class: `name`, `bits`
/// (named by part), `kinds`, `unit`, `epoch_ms`, `text` (the text form),
/// `width` (96, 128 or 160) and `sub_ms`.
pub(crate) fn layout_object(layout: WideLayout) -> Robj {
    let parts = parts(layout);
    let widths: Vec<i32> = parts.iter().map(|p| p.width as i32).collect();
    let mut bits = vectors::integers_from(&widths);
    let names: Vec<&str> = parts.iter().map(|p| p.name).collect();
    // A fresh integer vector always takes names.
    let _ = bits.set_names(names);
    let kinds: Vec<&str> = parts.iter().map(|p| kind_name(p.kind)).collect();
    let (unit, epoch_ms) = unit_and_epoch(layout);
    list!(
        name = layout.format.name(),
        bits = bits,
        kinds = kinds,
        unit = unit,
        epoch_ms = epoch_ms,
        text = text_form(layout.format),
        width = layout.format.bits() as i32,
        sub_ms = sub_ms_name(layout.sub_ms)
    )
    .into()
}

/// The layout object of a built-in 96- to 160-bit format: NULL for a name
/// that is none of them.
#[extendr]
fn wide_layout_object(name: &str, sub_ms: &str) -> Robj {
    let layout = Format::from_name(name).zip(sub_ms_from_name(sub_ms));
    reply(match layout {
        Some((format, sub_ms)) => value(layout_object(WideLayout { format, sub_ms })),
        None => value(()),
    })
}

/// The names of the 96- to 160-bit formats, in the order messages list them.
#[extendr]
fn wide_layout_names() -> Robj {
    reply(value(Format::ALL.iter().map(|f| f.name()).collect::<Vec<_>>()))
}

fn text_of(list: &List, name: &str) -> Option<String> {
    let x = list.iter().find(|(n, _)| *n == name)?.1;
    x.as_str().map(str::to_string)
}

/// Reads a 96- to 160-bit layout object: its name and `sub_ms` name the
/// format, and the rest must be what the core makes of them, so that a
/// hand-edited object is refused rather than half read.
pub fn wide_from_r(layout: &Robj) -> std::result::Result<WideLayout, Problem> {
    let list = List::try_from(layout).map_err(|_| Problem::layout_shape("layout"))?;
    let format = text_of(&list, "name")
        .and_then(|n| Format::from_name(&n))
        .ok_or(Problem::layout_shape("name"))?;
    let sub_ms = text_of(&list, "sub_ms")
        .and_then(|n| sub_ms_from_name(&n))
        .ok_or(Problem::layout_shape("sub_ms"))?;
    let wide = WideLayout { format, sub_ms };
    let expected = layout_object(wide);
    for (name, part) in expected.as_list().into_iter().flat_map(|l| l.iter()) {
        let given = list.iter().find(|(n, _)| *n == name).map(|(_, x)| x);
        if !given.is_some_and(|g| same(&g, &part)) {
            return Err(Problem::layout_shape(element_name(name)));
        }
    }
    Ok(wide)
}

/// Two parts of a layout object alike in value and names (R's
/// `identical()` would also compare attributes R may add or drop).
fn same(a: &Robj, b: &Robj) -> bool {
    let names = |x: &Robj| x.names().map(|n| n.map(str::to_string).collect::<Vec<_>>());
    let ints = |x: &Robj| {
        x.as_integer_slice()
            .map(<[i32]>::to_vec)
            .or_else(|| x.as_real_slice().map(|v| v.iter().map(|&d| d as i32).collect()))
    };
    match (b.as_str_vector(), b.as_real_slice()) {
        (Some(tb), _) => a.as_str_vector() == Some(tb),
        (_, Some(db)) => a.as_real_slice().is_some_and(|da| {
            da.len() == db.len() && da.iter().zip(db).all(|(x, y)| x == y || (x.is_nan() && y.is_nan()))
        }),
        _ => ints(a) == ints(b) && names(a) == names(b),
    }
}

/// The element names a layout object has, as `'static` text for problems.
fn element_name(name: &str) -> &'static str {
    ["name", "bits", "kinds", "unit", "epoch_ms", "text", "width", "sub_ms"]
        .into_iter()
        .find(|&n| n == name)
        .unwrap_or("layout")
}

/// Checks a 96- to 160-bit layout object: no value, and its problem if it
/// has one.
#[extendr]
fn wide_layout_check(layout: Robj) -> Robj {
    reply(wide_from_r(&layout).and_then(|_| value(())))
}

/// What one pass over a column gives back per entry.
pub(crate) enum Entry<'a> {
    Missing,
    Text(&'a [u8]),
}

/// The strings of a character vector, read in place.
pub(crate) fn entries(x: &Robj) -> std::result::Result<&[Rstr], Problem> {
    // The slice points into `x`'s own STRSXP, which outlives it.
    Strings::try_from(x.clone())
        .ok()
        .map(|s| s.as_slice())
        .ok_or(Problem::new(Code::InputType))
}

pub(crate) fn entry(s: &Rstr) -> Entry<'_> {
    if s.is_na() {
        Entry::Missing
    } else {
        Entry::Text(charsxp_bytes(s))
    }
}

/// The reports of a pass: invalid entries, and IDs without a time.
#[derive(Default)]
pub(crate) struct Reports {
    invalid: Invalid,
    no_time: Invalid,
}

impl Reports {
    pub(crate) fn note(&mut self, i: usize, problem: WideProblem) {
        if problem.is_no_time() {
            self.no_time.note(i, Reason::Wide(problem));
        } else {
            self.invalid.note(i, Reason::Wide(problem));
        }
    }

    pub(crate) fn outcome(self, x: Robj) -> Outcome {
        let problems = [
            Problem::entries(Code::InvalidEntries, self.invalid),
            Problem::entries(Code::NoTime, self.no_time),
        ];
        Ok((x, problems.into_iter().flatten().collect()))
    }
}

/// The time of each entry: POSIXct seconds, or exact milliseconds
/// (floored) when `ms`.
fn times(strings: &[Rstr], layout: WideLayout, ms: bool) -> Outcome {
    let mut out = vectors::doubles(strings.len());
    let slots = out.as_real_slice_mut().expect("doubles");
    let mut reports = Reports::default();
    for (i, (s, slot)) in strings.iter().zip(slots.iter_mut()).enumerate() {
        *slot = match entry(s) {
            Entry::Missing => f64::NAN,
            Entry::Text(t) => match wide::time_of_str(layout.format, t, layout.sub_ms) {
                Ok(t) if ms => t.floor_to(Tick::Milli).ticks as f64,
                Ok(t) => t.as_secs_f64(),
                Err(p) => {
                    reports.note(i, p);
                    f64::NAN
                }
            },
        };
    }
    na_for_nan(slots);
    reports.outcome(out)
}

/// R's NA_real_ where a pass left NaN (R's NA is one NaN payload).
fn na_for_nan(slots: &mut [f64]) {
    for x in slots.iter_mut().filter(|x| x.is_nan()) {
        *x = zuid_core::r_values::na_real();
    }
}

/// Whether each entry is an ID of the layout: NA for NA, FALSE for an
/// entry that is not one (no warning: telling is what was asked).
fn validity(strings: &[Rstr], layout: WideLayout) -> Outcome {
    let mut out = vectors::logicals(strings.len());
    let slots = vectors::logical_slots(&mut out);
    for (s, slot) in strings.iter().zip(slots.iter_mut()) {
        *slot = match entry(s) {
            Entry::Missing => i32::MIN,
            Entry::Text(t) => i32::from(wide::parse(layout.format, t).is_ok()),
        };
    }
    value(out)
}

/// The canonical text of each entry (NA for NA and invalid entries). A
/// UUID of a version without time is an ID all the same, and kept.
fn canonical(strings: &[Rstr], layout: WideLayout) -> Outcome {
    let mut reports = Reports::default();
    let texts: Vec<Option<String>> = strings
        .iter()
        .enumerate()
        .map(|(i, s)| match entry(s) {
            Entry::Missing => None,
            Entry::Text(t) => wide::canonical_text(layout.format, t)
                .map_err(|p| reports.note(i, p))
                .ok(),
        })
        .collect();
    reports.outcome(vectors::texts(&texts))
}

/// The time and fields of each entry, as `id_fields()` returns them:
/// `time` (POSIXct seconds), then one column per part that is not time:
/// a double where it has at most 53 bits, else lowercase hex text.
fn fields(strings: &[Rstr], layout: WideLayout) -> Outcome {
    let n = strings.len();
    let parts: Vec<Field> = parts(layout)
        .into_iter()
        .filter(|p| p.kind != FieldKind::Time)
        .collect();
    let mut time = vec![f64::NAN; n];
    let mut numbers: Vec<Vec<f64>> = vec![Vec::new(); parts.len()];
    let mut hex: Vec<Vec<Option<String>>> = vec![Vec::new(); parts.len()];
    let mut reports = Reports::default();
    for (i, s) in strings.iter().enumerate() {
        let parsed = match entry(s) {
            Entry::Missing => None,
            Entry::Text(t) => match wide::parse(layout.format, t) {
                Ok(v) => Some(v),
                Err(p) => {
                    reports.note(i, p);
                    None
                }
            },
        };
        if let Some(v) = parsed {
            match wide::time(layout.format, v, layout.sub_ms) {
                Ok(t) => time[i] = t.as_secs_f64(),
                Err(p) => reports.note(i, p),
            }
        }
        for (k, part) in parts.iter().enumerate() {
            let bits = parsed.map(|v| v.bits(layout.format.bits(), part.start, part.width));
            if wide::fits_double(part.width) {
                numbers[k].push(bits.map_or(f64::NAN, |b| b as f64));
            } else {
                hex[k].push(bits.map(|b| wide::hex_of(*part, b)));
            }
        }
    }
    na_for_nan(&mut time);
    let mut columns: Vec<(&str, Robj)> = vec![("time", vectors::doubles_from(&time))];
    for (k, part) in parts.iter().enumerate() {
        let column = if wide::fits_double(part.width) {
            na_for_nan(&mut numbers[k]);
            vectors::doubles_from(&numbers[k])
        } else {
            vectors::texts(&hex[k])
        };
        columns.push((part.name, column));
    }
    reports.outcome(List::from_pairs(columns).into())
}

/// Reads a column of text IDs of a 96- to 160-bit layout: `what` is
/// "seconds", "ms", "valid", "canonical" or "fields".
#[extendr]
fn wide_read(x: Robj, layout: Robj, what: &str) -> Robj {
    reply(wide_from_r(&layout).and_then(|layout| {
        let strings = entries(&x)?;
        match what {
            "seconds" => times(strings, layout, false),
            "ms" => times(strings, layout, true),
            "valid" => validity(strings, layout),
            "canonical" => canonical(strings, layout),
            "fields" => fields(strings, layout),
            _ => Err(Problem::new(Code::InputType)),
        }
    }))
}

/// The lowest (`side` "min") or highest ("max") ID of each time, given as
/// whole seconds since 1970 and the nanoseconds after them (so that finer
/// units than a double's survive), as canonical text; NA where a time is NA
/// or outside the format's range (counted as invalid entries).
#[extendr]
fn wide_from_time(seconds: &[f64], nanos: &[f64], layout: Robj, side: &str) -> Robj {
    reply(wide_from_r(&layout).and_then(|layout| {
        let side = match side {
            "min" => Side::Min,
            "max" => Side::Max,
            _ => return Err(Problem::new(Code::InputType)),
        };
        if !layout.format.sorts_by_time() {
            return Err(Problem::new(Code::NotSortable));
        }
        let mut invalid = Invalid::default();
        let texts: Vec<Option<String>> = seconds
            .iter()
            .zip(nanos)
            .enumerate()
            .map(|(i, (&s, &ns))| {
                if !s.is_finite() || !ns.is_finite() {
                    return None;
                }
                let at = WideTime::new(s as i128 * 1_000_000_000 + ns as i128, Tick::Nano);
                match wide::from_time(layout.format, at, side, layout.sub_ms) {
                    Ok(v) => Some(wide::canonical(layout.format, v)),
                    Err(p) => {
                        invalid.note(i, Reason::Wide(p));
                        None
                    }
                }
            })
            .collect();
        crate::reply::with_invalid(vectors::texts(&texts), invalid)
    }))
}

/// The same 128 bits in another spelling: `from` and `to` are "uuid",
/// "ulid" or "typeid" (with `prefix`, or any prefix when reading). NA for
/// NA and for entries that are not of `from` (counted).
#[extendr]
fn wide_convert(x: Robj, from: &str, to: &str, prefix: &str) -> Robj {
    reply((|| {
        let strings = entries(&x)?;
        let from = spelling(from).ok_or(Problem::new(Code::InputType))?;
        let to = spelling(to).ok_or(Problem::new(Code::InputType))?;
        let mut invalid = Invalid::default();
        let texts: Vec<Option<String>> = strings
            .iter()
            .enumerate()
            .map(|(i, s)| match entry(s) {
                Entry::Missing => None,
                Entry::Text(t) => {
                    let written = wide::read_spelling(from, t).and_then(|bits| {
                        let mut out = String::new();
                        let v = Wide::from_u128(bits);
                        wide::write_spelling(to, Format::Ulid, v, prefix.as_bytes(), &mut out).map(|_| out)
                    });
                    written.map_err(|p| invalid.note(i, Reason::Wide(p))).ok()
                }
            })
            .collect();
        crate::reply::with_invalid(vectors::texts(&texts), invalid)
    })())
}

fn spelling(name: &str) -> Option<Spelling> {
    match name {
        "uuid" => Some(Spelling::Uuid),
        "ulid" => Some(Spelling::Ulid),
        "typeid" => Some(Spelling::TypeId),
        _ => None,
    }
}

/// Every reason a wide entry can be invalid for, for R's test that each
/// has words.
#[extendr]
fn wide_reasons() -> Robj {
    reply(value(wide::problem::ALL_CODES.to_vec()))
}

extendr_module! {
    mod wide;
    fn wide_layout_object;
    fn wide_layout_names;
    fn wide_layout_check;
    fn wide_read;
    fn wide_from_time;
    fn wide_convert;
    fn wide_reasons;
}
