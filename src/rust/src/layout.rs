//! Layouts cross from R as plain vectors: part kinds as codes, widths,
//! the tick in milliseconds and the epoch in whole milliseconds.

use extendr_api::prelude::*;
use zuid_core::parse::EXACT_DOUBLE_LIMIT;
use zuid_core::{format_millis, Layout, LayoutError, PartKind, Unit};

/// Part kind codes, as R's `layout_kind_codes()` writes them.
fn kind_from_code(code: i32) -> Option<PartKind> {
    match code {
        0 => Some(PartKind::Sign),
        1 => Some(PartKind::Time),
        2 => Some(PartKind::Node),
        3 => Some(PartKind::Sequence),
        _ => None,
    }
}

/// The epoch crosses as a double holding whole milliseconds below 2^53,
/// which R has checked; anything else maps to a value `Layout::new` refuses.
fn epoch_from_double(ms: f64) -> i64 {
    if ms.is_finite() && ms.fract() == 0.0 && ms.abs() < EXACT_DOUBLE_LIMIT {
        ms as i64
    } else {
        i64::MIN
    }
}

/// Builds the core's layout from the vectors R stores on a `zuid_layout`;
/// `scru64` marks SCRU64's layout, whose IDs stop below 36^12.
pub fn layout_from_r(kinds: &[i32], bits: &[i32], unit_ms: i32, epoch_ms: f64, scru64: bool) -> std::result::Result<Layout, LayoutError> {
    let parts: Option<Vec<(PartKind, u32)>> = kinds
        .iter()
        .zip(bits)
        .map(|(&k, &b)| Some((kind_from_code(k)?, u32::try_from(b).ok()?)))
        .collect();
    let parts = match parts {
        Some(p) if kinds.len() == bits.len() => p,
        _ => return Err(LayoutError::Roles),
    };
    let unit = Unit::from_millis(i64::from(unit_ms)).ok_or(LayoutError::Roles)?;
    let layout = Layout::new(&parts, unit, epoch_from_double(epoch_ms))?;
    Ok(if scru64 { layout.with_scru64_text() } else { layout })
}

/// `NULL` for a valid layout, else `list(code, index, value)`: what rule
/// failed, the 1-based part it concerns (or NA) and the offending number.
#[extendr]
fn layout_problem(kinds: &[i32], bits: &[i32], unit_ms: i32, epoch_ms: f64) -> Robj {
    let Err(error) = layout_from_r(kinds, bits, unit_ms, epoch_ms, false) else {
        return Robj::from(());
    };
    let (code, index, value) = match error {
        LayoutError::Roles => ("roles", None, None),
        LayoutError::SignWidth { bits } => ("sign_width", Some(0), Some(f64::from(bits))),
        LayoutError::EmptyPart { index } => ("empty_part", Some(index), None),
        LayoutError::PartTooWide { index, bits } => ("part_too_wide", Some(index), Some(f64::from(bits))),
        LayoutError::SequenceTooWide { bits } => ("sequence_too_wide", None, Some(f64::from(bits))),
        LayoutError::BitsTotal { total } => ("bits_total", None, Some(total as f64)),
        LayoutError::EpochOutOfRange { ms } => ("epoch_range", None, Some(ms as f64)),
    };
    let index = index.map(|i| i as i32 + 1);
    list!(code = code, index = index, value = value).into()
}

/// ISO 8601 UTC text with milliseconds for whole milliseconds since 1970;
/// NA outside the years 1 to 9999.
#[extendr]
fn format_epoch_ms(ms: &[f64]) -> Strings {
    ms.iter()
        .map(|&m| {
            let text = if m.is_finite() && m.fract() == 0.0 { format_millis(m as i64) } else { None };
            match text {
                Some(t) => Rstr::from(t),
                None => Rstr::na(),
            }
        })
        .collect()
}

/// The start of the layout's last tick, in milliseconds since 1970 (exact
/// below 2^53); NA for a layout the core refuses.
#[extendr]
fn layout_last_ms(kinds: &[i32], bits: &[i32], unit_ms: i32, epoch_ms: f64, scru64: bool) -> f64 {
    match layout_from_r(kinds, bits, unit_ms, epoch_ms, scru64) {
        Ok(layout) => layout.epoch_ms() as f64 + layout.last_tick() as f64 * layout.unit().millis() as f64,
        Err(_) => <f64 as CanBeNA>::na(),
    }
}

extendr_module! {
    mod layout;
    fn layout_problem;
    fn layout_last_ms;
    fn format_epoch_ms;
}
