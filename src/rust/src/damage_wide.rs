//! The damage check of a column of 96- to 160-bit IDs (`id_check_damage()`
//! with such a layout): the core (`zuid_core::wide::damage`) finds the
//! signs; this reads the text and builds R's report in the shape the
//! 64-bit report has, and gives the years each format began for
//! `id_guess_layout()`.

use crate::input::charsxp_bytes;
use crate::reply::{reply, value, Outcome};
use crate::vectors;
use crate::wide::wide_from_r;
use extendr_api::prelude::*;
use zuid_core::r_values::na_real;
use zuid_core::wide::{examine_wide, since_seconds, Format, WideDamage};
use zuid_core::{Code, Problem};

/// The signs of damage in `x` (text) under the wide `layout`, judged
/// against `now_ms` (milliseconds since 1970).
#[extendr]
fn wide_damage(x: Robj, layout: Robj, now_ms: f64) -> Robj {
    reply(damage(&x, &layout, now_ms))
}

fn damage(x: &Robj, layout: &Robj, now_ms: f64) -> Outcome {
    let layout = wide_from_r(layout)?;
    if !now_ms.is_finite() {
        return Err(Problem::new(Code::InputType));
    }
    let strings = Strings::try_from(x.clone()).map_err(|_| Problem::new(Code::InputType))?;
    let entries = strings
        .as_slice()
        .iter()
        .map(|s| (!s.is_na()).then(|| charsxp_bytes(s)));
    let report = examine_wide(layout.format, layout.sub_ms, entries, now_ms.floor() as i128);
    value(report_to_r(&report))
}

/// The report as the 64-bit check's: no entry of text is a double or in
/// scientific notation, and a sign is found by any row showing it (no
/// genuine ID does: `expected` 0; `chance`, `depth` and `surprise` NA).
fn report_to_r(damage: &WideDamage) -> Robj {
    let signs = &damage.signs;
    let n = signs.len();
    let counts = |f: &dyn Fn(usize) -> usize| vectors::doubles_from(&(0..n).map(|k| f(k) as f64).collect::<Vec<_>>());
    let na = || vectors::doubles_from(&vec![na_real(); n]);
    let rows: Vec<f64> = damage.rows().iter().map(|&r| (r + 1) as f64).collect();
    list!(
        examined = damage.examined as f64,
        distinct = damage.distinct as f64,
        invalid = damage.invalid as f64,
        doubles = 0.0,
        scientific = 0.0,
        signs = list!(
            sign = signs.iter().map(|s| s.sign.name()).collect::<Vec<_>>(),
            informative = counts(&|k| signs[k].informative),
            showing = counts(&|k| signs[k].rows.len()),
            expected = vectors::doubles_from(&vec![0.0; n]),
            chance = na(),
            depth = na(),
            surprise = na(),
            found = signs.iter().map(|s| !s.rows.is_empty()).collect::<Vec<bool>>(),
            rows = counts(&|k| signs[k].rows.len())
        ),
        rows = vectors::doubles_from(&rows),
        cause = damage.cause().map(|c| c.name())
    )
    .into()
}

/// When each wide format began, in seconds since 1970, by name (for
/// `uuid`, its earliest version's).
#[extendr]
fn wide_since() -> Robj {
    let seconds: Vec<f64> = Format::ALL.iter().map(|&f| since_seconds(f, 1) as f64).collect();
    let mut out = vectors::doubles_from(&seconds);
    let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
    match out.set_names(names) {
        Ok(_) => reply(value(out)),
        Err(_) => reply(Err(Problem::new(Code::InputType))),
    }
}

extendr_module! {
    mod damage_wide;
    fn wide_damage;
    fn wide_since;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, with_r};
    use crate::wide::{layout_object, WideLayout};
    use zuid_core::wide::SubMs;

    #[test]
    fn the_report_has_the_shape_of_the_64_bit_one() {
        with_r(|| {
            let layout = layout_object(WideLayout {
                format: Format::Ulid,
                sub_ms: SubMs::None,
            });
            let x = eval("c('01ARYZ6S41TSV4RRFFQ69G5FAV', NA, '0001KQ91C00000000000000000', 'x')");
            let (report, _) = damage(&x, &layout, 1.767e12).unwrap();
            assert_eq!(report.dollar("examined").unwrap().as_real(), Some(2.0));
            assert_eq!(report.dollar("invalid").unwrap().as_real(), Some(1.0));
            assert_eq!(report.dollar("rows").unwrap().as_real_vector(), Some(vec![3.0]));
            assert_eq!(report.dollar("cause").unwrap().as_str(), Some("seconds_as_ms"));
            assert!(damage(&x, &layout, f64::NAN).is_err());
        });
    }
}
