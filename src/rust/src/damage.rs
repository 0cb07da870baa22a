//! Signs that a column of IDs, or a part of it, was rounded before zuid saw
//! it (a spreadsheet's 15 digits, a double's 53 bits): the check decoding
//! makes, and the full report of `id_check_damage()`. The core finds the
//! signs (`zuid_core::salvage`); this reads the IDs and builds R's report.

use crate::input::Ids;
use crate::layout::optional_layout;
use crate::reply::{reply, value, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::salvage::lossy_form;
use zuid_core::salvage::{examine, sample, Cause, Damage, Evidence, Seen, DECODE_SAMPLE};
use zuid_core::{Entry, Layout, Problem, TextForm};

/// What entry `i` is to the check: an ID of at most `max_id`, a value of a
/// form that lost digits, or `None` (missing, or not an ID).
fn seen(ids: &Ids, i: usize, max_id: u64) -> Option<Seen> {
    match ids.get(i) {
        Entry::Id(id) if id <= max_id => Some(Seen::Id(id)),
        entry => lossy_form(entry, ids.text(i)).map(Seen::Lossy),
    }
}

/// The problem decoding reports when `ids` look rounded (see the core's
/// `rounded_problem`), looking at up to `DECODE_SAMPLE` entries spread
/// over the column, after decoding found no imprecise double.
pub fn rounded_problem(ids: &Ids, layout: &Layout) -> Option<Problem> {
    let max_id = layout.max_id();
    let entries = sample(ids.len(), DECODE_SAMPLE, |i| seen(ids, i, max_id));
    zuid_core::salvage::rounded_problem(entries, layout)
}

/// Whether `ids` look as if they went through a double and came back as
/// exact integers or as a double's shortest text (the column shows it, no
/// one value does), looking at up to `DECODE_SAMPLE` entries.
pub fn went_through_double(ids: &Ids, layout: &Layout) -> bool {
    let max_id = layout.max_id();
    let entries = sample(ids.len(), DECODE_SAMPLE, |i| seen(ids, i, max_id));
    matches!(
        examine(entries, Some(layout)).cause(),
        Some(Cause::DoubleValue | Cause::DoubleText)
    )
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
        match seen(&ids, i, max_id) {
            Some(s) => entries.push((i, s)),
            None if ids.get(i) == Entry::Missing => {}
            None => invalid += 1,
        }
    }
    let report = examine(entries, layout.as_ref());
    value(report_to_r(&report, invalid))
}

fn positions(rows: &[usize]) -> Robj {
    vectors::doubles_from(&rows.iter().map(|&p| p as f64).collect::<Vec<f64>>())
}

fn report_to_r(damage: &Damage, invalid: usize) -> Robj {
    let signs = &damage.signs;
    let column = |f: &dyn Fn(&Evidence) -> f64| vectors::doubles_from(&signs.iter().map(f).collect::<Vec<f64>>());
    let found: Vec<bool> = signs.iter().map(|s| s.found()).collect();
    list!(
        examined = damage.examined as f64,
        distinct = damage.distinct as f64,
        invalid = invalid as f64,
        doubles = damage.doubles.len() as f64,
        scientific = damage.scientific.len() as f64,
        signs = list!(
            sign = signs.iter().map(|s| s.sign.name()).collect::<Vec<_>>(),
            informative = column(&|s| s.informative as f64),
            showing = column(&|s| s.showing as f64),
            expected = column(&|s| s.expected),
            chance = column(&|s| s.chance),
            depth = column(&|s| f64::from(s.depth)),
            surprise = column(&|s| s.surprise),
            found = found,
            rows = column(&|s| s.rows.len() as f64)
        ),
        rows = positions(&damage.rows()),
        cause = damage.cause().map(|c| c.name())
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
    fn the_report_counts_what_is_left_out_and_what_lost_digits() {
        with_r(|| {
            let x = eval("c('1214004724031190000', 'x', NA, '1888944671579078978', '1.2e18')");
            let (report, _) = damage(&x, "character", &Robj::from(())).unwrap();
            assert_eq!(report.dollar("examined").unwrap().as_real(), Some(2.0));
            assert_eq!(report.dollar("invalid").unwrap().as_real(), Some(1.0));
            assert_eq!(report.dollar("scientific").unwrap().as_real(), Some(1.0));
            assert_eq!(report.dollar("cause").unwrap().as_str(), Some("scientific"));
            assert_eq!(report.dollar("rows").unwrap().as_real_vector(), Some(vec![5.0]));
            // Doubles of 2^53 or more are what they are: rounded.
            let (report, _) = damage(&eval("c(1, 2^60)"), "double", &Robj::from(())).unwrap();
            assert_eq!(report.dollar("doubles").unwrap().as_real(), Some(1.0));
            assert_eq!(report.dollar("cause").unwrap().as_str(), Some("double"));
        });
    }
}
