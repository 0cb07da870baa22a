//! The times a column's entries may stand for when they lost digits before
//! zuid saw them (`zuid_core::salvage`): each entry's possible IDs, within
//! the layout's, as the times of the first and the last.

use crate::damage::went_through_double;
use crate::input::Ids;
use crate::layout::layout_from_r;
use crate::reply::{reply, with_invalid, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::invalid::Reason;
use zuid_core::r_values::{na_real, NA_INTEGER};
use zuid_core::salvage::{double_candidates, entry_candidates, text_candidates, Candidates, Span};
use zuid_core::{Code, Problem};
use zuid_core::{Invalid, Layout};

/// What entry `i` of `ids` may stand for.
fn candidates(ids: &Ids, i: usize, through_double: bool) -> Candidates {
    match ids {
        Ids::Text { form, .. } => match ids.text(i) {
            Some(text) => text_candidates(text, *form, through_double),
            None => Candidates::Missing,
        },
        Ids::Double(v) => double_candidates(v[i], through_double),
        _ => entry_candidates(ids.get(i), through_double),
    }
}

/// `span` within the IDs of `layout`, or why none of it is one. Numbers
/// below the layout's first ID hold no time (as decoding says), so they
/// bound none: a span wholly below it is `BeforeLayout`.
fn within(span: Span, layout: &Layout) -> std::result::Result<Span, Reason> {
    if span.low > layout.max_id() {
        return Err(layout.refusal(span.low));
    }
    if span.high < layout.first_id() {
        return Err(Reason::BeforeLayout);
    }
    Ok(Span {
        low: span.low.max(layout.first_id()),
        high: span.high.min(layout.max_id()),
    })
}

/// For each entry of `x` (read as `input` says), the times of the first
/// and last ID of `layout` it may stand for, as POSIXct seconds, and
/// whether it stands for one ID: `list(earliest, latest, exact)`.
#[extendr]
fn ids_time_bounds(x: Robj, input: &str, layout: Robj, through_double: bool) -> Robj {
    reply(time_bounds(&x, input, &layout, through_double))
}

fn time_bounds(x: &Robj, input: &str, layout: &Robj, through_double: bool) -> Outcome {
    let layout = layout_from_r(layout)?;
    let ids = Ids::from_r(x, input, layout.text_form())?;
    // A column whose zeros show it went through a double is read so whole.
    let through_double = through_double || went_through_double(&ids, &layout);
    let n = ids.len();
    let (mut earliest, mut latest, mut exact) = (vectors::doubles(n), vectors::doubles(n), vectors::logicals(n));
    let time = layout.time_decoder();
    let (mut invalid, mut early) = (Invalid::default(), Invalid::default());
    {
        let first = earliest.as_real_slice_mut().expect("doubles");
        let last = latest.as_real_slice_mut().expect("doubles");
        let one = vectors::logical_slots(&mut exact);
        for i in 0..n {
            let span = match candidates(&ids, i, through_double) {
                Candidates::Span(span) => within(span, &layout).map(Some),
                Candidates::Missing => Ok(None),
                Candidates::Invalid(reason) => Err(reason),
            };
            let span = span.unwrap_or_else(|reason| {
                match reason {
                    Reason::BeforeLayout => early.note(i, reason),
                    _ => invalid.note(i, reason),
                }
                None
            });
            (first[i], last[i], one[i]) = match span {
                Some(s) => (time.seconds(s.low), time.seconds(s.high), i32::from(s.is_exact())),
                None => (na_real(), na_real(), NA_INTEGER),
            };
        }
    }
    // Entries below the layout's first ID get decoding's own warning.
    let (value, mut problems) = with_invalid(list!(earliest = earliest, latest = latest, exact = exact), invalid)?;
    problems.extend(Problem::entries(Code::BeforeLayout, early));
    Ok((value, problems))
}

extendr_module! {
    mod rounded;
    fn ids_time_bounds;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, with_r};

    #[test]
    fn bounds_come_as_seconds_with_the_invalid_entries_counted() {
        with_r(|| {
            let layout = eval(
                "list(name = 'twitter', bits = c(sign = 1L, time = 41L, datacenter = 5L, worker = 5L, \
                 sequence = 12L), kinds = c('sign', 'time', 'node', 'node', 'sequence'), unit = 'ms', \
                 epoch_ms = 1288834974657, text = 'decimal')",
            );
            let x = eval("c('1294030472427830433', '1294030472427830000', NA, 'x', '9.3e18')");
            let (value, problems) = time_bounds(&x, "character", &layout, false).unwrap();
            let earliest = value.dollar("earliest").unwrap().as_real_vector().unwrap();
            let latest = value.dollar("latest").unwrap().as_real_vector().unwrap();
            assert_eq!(earliest[0], latest[0]);
            assert!(earliest[1] <= earliest[0] && latest[1] >= latest[0]);
            assert!(earliest[2].is_nan() && earliest[3].is_nan() && earliest[4].is_nan());
            let exact = value.dollar("exact").unwrap();
            assert_eq!(exact.as_logical_slice().unwrap()[0], Rbool::true_value());
            assert_eq!(problems.len(), 1);
            assert_eq!(problems[0].entries.as_ref().unwrap().count, 2);
            // A double of 2^53 or more stands for the integers nearest to it.
            let (value, _) = time_bounds(&eval("2^60"), "double", &layout, false).unwrap();
            let exact = value.dollar("exact").unwrap();
            assert_eq!(exact.as_logical_slice().unwrap()[0], Rbool::false_value());
        });
    }
}
