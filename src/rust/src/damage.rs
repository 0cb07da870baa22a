//! Signs that a column of IDs was rounded before zuid saw it (a
//! spreadsheet's 15 digits, a double's 53 bits): the check decoding makes,
//! and the full report of `id_check_damage()`. The core finds the signs
//! (`zuid_core::damage`); this reads the IDs and builds R's report.

use crate::input::Ids;
use crate::layout::optional_layout;
use crate::reply::{reply, value, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::damage::{examine, sample, Damage, Evidence, DECODE_SAMPLE};
use zuid_core::{Entry, Layout, Problem, TextForm};

/// The problem decoding reports when `ids` look rounded (see the core's
/// `rounded_problem`), looking at up to `DECODE_SAMPLE` entries spread
/// over the column, after decoding found no imprecise double.
pub fn rounded_problem(ids: &Ids, layout: &Layout) -> Option<Problem> {
    let max_id = layout.max_id();
    let entries = sample(ids.len(), DECODE_SAMPLE, |i| match ids.get(i) {
        Entry::Id(id) if id <= max_id => Some(id),
        _ => None,
    });
    zuid_core::damage::rounded_problem(entries, layout)
}

/// The signs of rounding in all of `x` (read as `input` says), under
/// `layout` or, when it is NULL, without one.
#[extendr]
fn ids_damage(x: Robj, input: &str, layout: Robj) -> Robj {
    reply(damage(&x, input, &layout))
}

fn damage(x: &Robj, input: &str, layout: &Robj) -> Outcome {
    let layout = optional_layout(layout)?;
    let form = layout.as_ref().map_or(TextForm::Decimal, Layout::text_form);
    let max_id = layout.as_ref().map_or(u64::MAX, Layout::max_id);
    let ids = Ids::from_r(x, input, form)?;
    let mut entries = Vec::new();
    let mut invalid = 0usize;
    for i in 0..ids.len() {
        match ids.get(i) {
            Entry::Id(id) if id <= max_id => entries.push((i, id)),
            Entry::Imprecise => return Err(Problem::imprecise_at(i + 1)),
            Entry::Missing => {}
            _ => invalid += 1,
        }
    }
    let report = examine(entries, layout.as_ref());
    value(report_to_r(&report, invalid))
}

fn report_to_r(damage: &Damage, invalid: usize) -> Robj {
    list!(
        examined = damage.examined as f64,
        distinct = damage.distinct as f64,
        invalid = invalid as f64,
        decimal = evidence_to_r(&damage.decimal),
        fifteen_digits = damage.fifteen_digits as f64,
        binary = damage.binary.as_ref().map_or_else(|| Robj::from(()), evidence_to_r),
        cause = damage.cause().map(|c| c.name())
    )
    .into()
}

fn evidence_to_r(e: &Evidence) -> Robj {
    let positions: Vec<f64> = e.positions.iter().map(|&p| p as f64).collect();
    list!(
        informative = e.informative as f64,
        showing = e.showing as f64,
        chance = e.chance,
        depth = f64::from(e.depth),
        surprise = e.surprise(),
        rounded = e.looks_rounded(),
        positions = vectors::doubles_from(&positions)
    )
    .into()
}

extendr_module! {
    mod damage;
    fn ids_damage;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, with_r};

    #[test]
    fn the_report_counts_what_is_left_out_and_stops_at_an_imprecise_double() {
        with_r(|| {
            let x = eval("c('1214004724031190000', 'x', NA, '1888944671579078978')");
            let (report, _) = damage(&x, "character", &Robj::from(())).unwrap();
            assert_eq!(report.dollar("examined").unwrap().as_real(), Some(2.0));
            assert_eq!(report.dollar("invalid").unwrap().as_real(), Some(1.0));
            assert!(report.dollar("binary").unwrap().is_null());
            let refused = damage(&eval("c(1, 2^60)"), "double", &Robj::from(())).unwrap_err();
            assert_eq!(refused, Problem::imprecise_at(2));
        });
    }
}
