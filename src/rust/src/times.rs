//! Times between R and the core: POSIXct seconds to whole milliseconds by
//! the core's rules, and milliseconds to ISO 8601 text, so that R floors
//! and rounds no time itself.

use crate::input::charsxp_bytes;
use crate::reply::{reply, value};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::layouts::time_text::parse_time_text;
use zuid_core::r_values::{millis_from_seconds, na_real, nearest_millis, seconds_from_time};
use zuid_core::{format_millis, Resolution};

/// ISO 8601 text as POSIXct seconds: the double of the text's microsecond
/// (floored from its digits), which the core reads back as that very
/// microsecond, or as the millisecond it falls in. NA text is NA; text that
/// is no time is NA with its problem's code (1 to 5, 0 for none) and the
/// byte where it starts, which R words.
#[extendr]
fn text_to_seconds(text: Strings) -> Robj {
    let n = text.len();
    let (mut seconds, mut code, mut at) = (vec![na_real(); n], vec![0i32; n], vec![0i32; n]);
    for (i, s) in text.as_slice().iter().enumerate() {
        if s.is_na() {
            continue;
        }
        match parse_time_text(charsxp_bytes(s)) {
            Ok(us) => seconds[i] = seconds_from_time(us, Resolution::Micros),
            Err(e) => {
                code[i] = e.code();
                at[i] = i32::try_from(e.at()).unwrap_or(i32::MAX);
            }
        }
    }
    let out = list!(
        seconds = vectors::doubles_from(&seconds),
        code = vectors::integers_from(&code),
        at = vectors::integers_from(&at)
    );
    reply(value(out))
}

/// Whole milliseconds of POSIXct seconds: floored as the core reads every
/// time (the last millisecond whose POSIXct is at or before it; NA beyond
/// 2^53), or, with `nearest`, the nearest one, as an epoch is held (NA for
/// non-finite times).
#[extendr]
fn seconds_to_ms(seconds: &[f64], nearest: bool) -> Robj {
    let one = |s: f64| -> f64 {
        if nearest {
            Some(nearest_millis(s)).filter(|m| !m.is_nan())
        } else {
            millis_from_seconds(s).map(|m| m as f64)
        }
        .unwrap_or_else(na_real)
    };
    let ms: Vec<f64> = seconds.iter().map(|&s| one(s)).collect();
    reply(value(vectors::doubles_from(&ms)))
}

/// ISO 8601 UTC text with milliseconds for whole milliseconds since 1970;
/// NA outside the years 1 to 9999.
#[extendr]
fn format_epoch_ms(ms: &[f64]) -> Robj {
    let text: Vec<Option<String>> = ms
        .iter()
        .map(|&m| {
            if m.is_finite() && m.fract() == 0.0 {
                format_millis(m as i64)
            } else {
                None
            }
        })
        .collect();
    reply(value(vectors::texts(&text)))
}

/// ISO 8601 UTC text of POSIXct seconds, floored to the millisecond as the
/// core reads times; NA outside the years 1 to 9999.
#[extendr]
fn format_seconds(seconds: &[f64]) -> Robj {
    let text: Vec<Option<String>> = seconds
        .iter()
        .map(|&s| millis_from_seconds(s).and_then(format_millis))
        .collect();
    reply(value(vectors::texts(&text)))
}

extendr_module! {
    mod times;
    fn text_to_seconds;
    fn seconds_to_ms;
    fn format_epoch_ms;
    fn format_seconds;
}
