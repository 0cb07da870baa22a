//! Signs that a column of IDs was rounded before zuid saw it (a
//! spreadsheet's 15 digits, a double's 53 bits): the check decoding makes,
//! and the full report of `id_check_damage()`.

use crate::decode::imprecise_at;
use crate::input::Ids;
use crate::layout::layout_from_r;
use crate::problem::{reply, value, Code, Outcome, Problem};
use extendr_api::prelude::*;
use zuid_core::damage::{examine, sample, Damage, Evidence, DECODE_SAMPLE};
use zuid_core::{Entry, Invalid, Layout, TextForm};

/// The problem decoding reports when `ids` look rounded: the IDs that show
/// the sign counted, with their first positions; `element` names the
/// cause, `value` how many IDs could show it, `detail` the zeros (decimal
/// digits or bits) the sign took. Looks at up to `DECODE_SAMPLE` entries
/// spread over the column, after decoding found no imprecise double.
pub fn rounded_problem(ids: &Ids, layout: &Layout) -> Option<Problem> {
    let max_id = layout.max_id();
    let entries = sample(ids.len(), DECODE_SAMPLE, |i| match ids.get(i) {
        Entry::Id(id) if id <= max_id => Some(id),
        _ => None,
    });
    let damage = examine(entries, Some(layout));
    let cause = damage.cause()?;
    let evidence = if damage.decimal.looks_rounded() {
        &damage.decimal
    } else {
        damage.binary.as_ref()?
    };
    let shown = Invalid {
        count: evidence.showing,
        positions: evidence.positions.clone(),
        first_reason: None,
    };
    Problem::entries(Code::RoundedIds, shown).map(|p| {
        p.element(cause.name())
            .value(evidence.informative as f64)
            .detail(f64::from(evidence.depth))
    })
}

/// The signs of rounding in all of `x` (read as `input` says), under
/// `layout` or, when it is NULL, without one.
#[extendr]
fn ids_damage(x: Robj, input: &str, layout: Robj) -> Robj {
    reply(damage(&x, input, &layout))
}

fn damage(x: &Robj, input: &str, layout: &Robj) -> Outcome {
    let layout = if layout.is_null() {
        None
    } else {
        Some(layout_from_r(layout)?)
    };
    let form = layout.as_ref().map_or(TextForm::Decimal, Layout::text_form);
    let max_id = layout.as_ref().map_or(u64::MAX, Layout::max_id);
    let ids = Ids::from_r(x, input, form)?;
    let mut entries = Vec::new();
    let mut invalid = 0usize;
    for i in 0..ids.len() {
        match ids.get(i) {
            Entry::Id(id) if id <= max_id => entries.push((i, id)),
            Entry::Imprecise => return Err(imprecise_at(i + 1)),
            Entry::Missing => {}
            _ => invalid += 1,
        }
    }
    let report = examine(entries, layout.as_ref());
    value(report_to_r(&report, invalid))
}

fn report_to_r(damage: &Damage, invalid: usize) -> Robj {
    let cause = damage.cause().map(|c| c.name());
    list!(
        examined = damage.examined as f64,
        distinct = damage.distinct as f64,
        invalid = invalid as f64,
        decimal = evidence_to_r(&damage.decimal),
        fifteen_digits = damage.fifteen_digits as f64,
        binary = damage.binary.as_ref().map_or_else(|| Robj::from(()), evidence_to_r),
        cause = cause
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
        positions = positions
    )
    .into()
}

extendr_module! {
    mod damage;
    fn ids_damage;
}
