//! A layout crosses from R as itself: the `zuid_layout` list, read here in
//! one place into the core's `Layout`, which checks every rule. Anything
//! malformed, however it was edited, comes back as a problem.

use crate::input::charsxp_bytes;
use crate::reply::{reply, value};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::r_values::na_real;
use zuid_core::{Builtin, Layout, LayoutError, MintingFacts, PartKind, Problem, TextForm, Unit};

/// The element `name` of a list, if the list has one.
fn element(list: &List, name: &str) -> Option<Robj> {
    list.iter().find(|(n, _)| *n == name).map(|(_, value)| value)
}

/// The bytes of a character vector of length 1 that is not NA.
fn scalar_text(x: &Robj) -> Option<Vec<u8>> {
    let strings = Strings::try_from(x.clone()).ok()?;
    match strings.as_slice() {
        [s] if !s.is_na() => Some(charsxp_bytes(s).to_vec()),
        _ => None,
    }
}

/// Part widths: an integer vector without NA or negative values.
fn widths(x: &Robj) -> Option<Vec<u32>> {
    x.as_integer_slice()?.iter().map(|&b| u32::try_from(b).ok()).collect()
}

/// Part kinds by name, as many as there are widths.
fn kinds(x: &Robj, n: usize) -> std::result::Result<Vec<PartKind>, Problem> {
    let strings = Strings::try_from(x.clone()).map_err(|_| Problem::layout_shape("kinds"))?;
    if strings.len() != n {
        return Err(Problem::layout_shape("kinds"));
    }
    let kind = |(index, s): (usize, &Rstr)| {
        let name = if s.is_na() { &b""[..] } else { charsxp_bytes(s) };
        PartKind::from_name(name).ok_or(Problem::from(LayoutError::UnknownKind { index }))
    };
    strings.as_slice().iter().enumerate().map(kind).collect()
}

/// The epoch: one plain double holding whole milliseconds. One beyond
/// 2^53 saturates, and `Layout::new` refuses it as out of range.
fn epoch(x: &Robj) -> Option<i64> {
    match x.as_real_slice() {
        Some(&[ms]) if x.class().is_none() && ms.is_finite() && ms.fract() == 0.0 => Some(ms as i64),
        _ => None,
    }
}

/// The name a layout object carries ("custom" for an unnamed custom one),
/// if it carries one.
pub fn layout_name(layout: &Robj) -> Option<String> {
    let list = List::try_from(layout).ok()?;
    let name = scalar_text(&element(&list, "name")?)?;
    String::from_utf8(name).ok()
}

/// A layout argument that may be NULL: `None` for NULL, else the layout.
pub fn optional_layout(layout: &Robj) -> std::result::Result<Option<Layout>, Problem> {
    if layout.is_null() {
        Ok(None)
    } else {
        layout_from_r(layout).map(Some)
    }
}

/// Reads a `zuid_layout` object (see R's `new_layout()`) into the core's
/// layout: `bits`, `kinds`, `unit`, `epoch_ms` and `text`; and `name`,
/// by which a built-in layout gets the facts its object does not carry
/// (where its IDs begin, see `Builtin::recognise`).
pub fn layout_from_r(layout: &Robj) -> std::result::Result<Layout, Problem> {
    let list = List::try_from(layout).map_err(|_| Problem::layout_shape("layout"))?;
    let get = |name: &'static str| element(&list, name).ok_or(Problem::layout_shape(name));
    let bits = widths(&get("bits")?).ok_or(Problem::layout_shape("bits"))?;
    let kinds = kinds(&get("kinds")?, bits.len())?;
    let unit = scalar_text(&get("unit")?).ok_or(Problem::layout_shape("unit"))?;
    let unit = Unit::from_name(&unit).ok_or(LayoutError::UnknownUnit)?;
    let epoch_ms = epoch(&get("epoch_ms")?).ok_or(Problem::layout_shape("epoch_ms"))?;
    let text = scalar_text(&get("text")?).ok_or(Problem::layout_shape("text"))?;
    let text = TextForm::from_name(&text).ok_or(LayoutError::UnknownText)?;
    let parts: Vec<(PartKind, u32)> = kinds.into_iter().zip(bits).collect();
    let layout = Layout::new(&parts, unit, epoch_ms)?.with_text(text);
    Ok(match element(&list, "name").and_then(|name| scalar_text(&name)) {
        Some(name) => Builtin::recognise(&name, layout),
        None => layout,
    })
}

/// Checks a layout object: no value, and its problem if it has one.
#[extendr]
fn layout_check(layout: Robj) -> Robj {
    reply(layout_from_r(&layout).and_then(|_| value(())))
}

/// What R needs of a layout beyond its own fields, so that R computes none
/// of it: `unit_ms`, the length of a tick in milliseconds (0.001 for
/// microseconds); `first_ms`, the start of tick 0 (the epoch floored to a
/// whole number of units); `last_ms`, the start of the last tick, floored
/// to the millisecond; `offsets`, the bits below each part; `max_values`,
/// each part's largest value (exact: parts have at most 53 bits);
/// `id_limit`, one more than the largest ID as decimal text where that
/// bound is below 2^63 (SCRU64's 36^12), else NA; and `first_id`, the
/// smallest ID of the layout's kind as decimal text where a platform's
/// older sequential numbers lie below it, else NA; and `since_ms`, the
/// earliest time a genuine ID of a built-in layout can have where its epoch
/// is not it (when the platform began), else NA. Times are milliseconds
/// since 1970, exact below 2^53.
#[extendr]
fn layout_facts(layout: Robj) -> Robj {
    let name = List::try_from(&layout)
        .ok()
        .and_then(|list| element(&list, "name"))
        .and_then(|name| scalar_text(&name));
    reply(layout_from_r(&layout).and_then(|layout| {
        let since_ms = name
            .and_then(|name| Builtin::recognised(&name, &layout))
            .and_then(|b| b.since_ms)
            .map_or(na_real(), |ms| ms as f64);
        let offsets: Vec<i32> = layout.parts().iter().map(|p| p.shift() as i32).collect();
        let max_values: Vec<f64> = layout.parts().iter().map(|p| p.max_value() as f64).collect();
        let limit = layout.id_limit_below_signed().map(|x| x.to_string());
        let first_id = (layout.first_id() > 0).then(|| layout.first_id().to_string());
        value(list!(
            unit_ms = layout.unit().millis_f64(),
            first_ms = layout.first_ms() as f64,
            last_ms = layout.last_ms() as f64,
            offsets = vectors::integers_from(&offsets),
            max_values = vectors::doubles_from(&max_values),
            id_limit = vectors::texts(&[limit]),
            first_id = vectors::texts(&[first_id]),
            since_ms = since_ms
        ))
    }))
}

/// The numbers a generator of the layout mints by (the core's
/// `MintingFacts`), as decimal text for the SQL of `id_sql_generator()`:
/// `origin_us` (tick 0's start, microseconds since 1970), `unit_us`,
/// `last_tick`, `max_lead` (ticks SCRU64 may run ahead of the clock), and
/// `counter_start_bound` (a new tick's sequence starts at a random number
/// below it; NA where it starts at 0), and the state the SQL keeps:
/// `state_counter_bits`, `put_margin` and `lock_free` (see the core's
/// `MintingFacts`).
#[extendr]
fn minting_facts(layout: Robj) -> Robj {
    reply(layout_from_r(&layout).and_then(|layout| {
        let facts = MintingFacts::of(&layout);
        let bound = (facts.counter_start_bits > 0).then(|| (1u64 << facts.counter_start_bits).to_string());
        value(list!(
            origin_us = facts.origin_us.to_string(),
            unit_us = facts.unit_us.to_string(),
            last_tick = facts.last_tick.to_string(),
            max_lead = facts.max_lead.to_string(),
            counter_start_bound = vectors::texts(&[bound]),
            state_counter_bits = facts.state_counter_bits.to_string(),
            put_margin = facts.put_margin.to_string(),
            lock_free = facts.lock_free
        ))
    }))
}

/// The canonical name of each time unit (`"1000ms"` is `"s"`), NA where
/// the text is not a unit.
#[extendr]
fn time_unit_canonical(unit: Strings) -> Robj {
    let canonical: Vec<Option<String>> = unit
        .as_slice()
        .iter()
        .map(|s| {
            if s.is_na() {
                None
            } else {
                Unit::from_name(charsxp_bytes(s))
            }
            .map(Unit::name)
        })
        .collect();
    reply(value(vectors::texts(&canonical)))
}

extendr_module! {
    mod layout;
    fn layout_check;
    fn layout_facts;
    fn minting_facts;
    fn time_unit_canonical;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, with_r};
    use zuid_core::Code;

    const TWITTER: &str = "list(name = 'twitter', bits = c(sign = 1L, time = 41L, datacenter = 5L, \
        worker = 5L, sequence = 12L), kinds = c('sign', 'time', 'node', 'node', 'sequence'), \
        unit = 'ms', epoch_ms = 1288834974657, text = 'decimal')";

    #[test]
    fn a_layout_object_reads_into_the_cores_layout() {
        with_r(|| {
            let layout = layout_from_r(&eval(TWITTER)).unwrap();
            assert_eq!(layout, Builtin::find("twitter").unwrap().layout(None, None).unwrap());
        });
    }

    #[test]
    fn minting_facts_come_as_text_with_na_for_no_counter_start() {
        with_r(|| {
            let facts = minting_facts(eval(TWITTER));
            let value = facts.as_list().unwrap().elt(0).unwrap();
            let text = |name: &str| value.dollar(name).unwrap().as_str().map(str::to_string);
            assert_eq!(text("origin_us").as_deref(), Some("1288834974657000"));
            assert_eq!(text("last_tick").as_deref(), Some("2199023255551"));
            assert!(value.dollar("counter_start_bound").unwrap().is_na());
        });
    }

    #[test]
    fn a_malformed_object_is_a_problem_naming_what_is_wrong() {
        with_r(|| {
            let edits = [
                ("1", "layout"),
                ("within(TWITTER, rm(bits))", "bits"),
                ("within(TWITTER, bits <- as.numeric(bits))", "bits"),
                ("within(TWITTER, kinds <- kinds[-1])", "kinds"),
                ("within(TWITTER, unit <- NA_character_)", "unit"),
                ("within(TWITTER, epoch_ms <- 0.5)", "epoch_ms"),
                ("within(TWITTER, epoch_ms <- structure(0, class = 'Date'))", "epoch_ms"),
                ("within(TWITTER, text <- c('a', 'b'))", "text"),
            ];
            for (edit, element) in edits {
                let object = eval(&edit.replace("TWITTER", TWITTER));
                let problem = layout_from_r(&object).unwrap_err();
                assert_eq!(
                    (problem.code, problem.element),
                    (Code::LayoutShape, Some(element)),
                    "{edit}"
                );
            }
            let wide = eval(&format!("within({TWITTER}, bits[['time']] <- 60L)"));
            assert_eq!(layout_from_r(&wide).unwrap_err().code, Code::LayoutPartTooWide);
            let unit = eval(&format!("within({TWITTER}, unit <- 'min')"));
            assert_eq!(layout_from_r(&unit).unwrap_err().code, Code::LayoutUnknownUnit);
        });
    }
}
