//! Scientific text (`1.29403047242783E+18`), as a spreadsheet saves a
//! number in its General format and R's `write.csv()` writes some doubles:
//! the IDs it may stand for.

use super::spans::{digit_count, nearest_double, pow10, preimage, truncated, window, Span, SPREADSHEET_DIGITS};
use crate::invalid::Reason;

/// Scientific text, parsed: the digits written as one whole number, and
/// the power of ten of the last one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Scientific {
    digits: u128,
    exponent: i32,
}

/// `text` as scientific notation (`1.29403047242783E+18`, `1e18`,
/// `12.5e3`): digits with at most one point, `e` or `E`, an optional `+`
/// and the exponent's digits. `None` for anything else, or for more digits
/// than 38 (no ID needs them).
pub(super) fn parse_scientific(text: &[u8]) -> Option<Scientific> {
    let e = text.iter().position(|&b| b == b'e' || b == b'E')?;
    let (mantissa, exponent) = (&text[..e], &text[e + 1..]);
    let exponent = exponent.strip_prefix(b"+").unwrap_or(exponent);
    if exponent.is_empty() || exponent.len() > 4 || !exponent.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let (whole, fraction) = match mantissa.iter().position(|&b| b == b'.') {
        Some(p) => (&mantissa[..p], &mantissa[p + 1..]),
        None => (mantissa, &mantissa[..0]),
    };
    let all_digits = |t: &[u8]| t.iter().all(u8::is_ascii_digit);
    if whole.is_empty() || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    let mut digits: u128 = 0;
    for &b in whole.iter().chain(fraction).skip_while(|&&b| b == b'0') {
        digits = digits.checked_mul(10)?.checked_add(u128::from(b - b'0'))?;
    }
    let exponent: i32 = std::str::from_utf8(exponent).ok()?.parse().ok()?;
    Some(Scientific {
        digits,
        exponent: exponent - fraction.len() as i32,
    })
}

/// The IDs scientific text stands for (see the module's notes): a span,
/// or why there is none (a fraction, or beyond 2^64 - 1).
pub(super) fn scientific_span(s: Scientific) -> Result<Span, Reason> {
    if s.exponent < 0 {
        // Decimals beyond the exponent: a whole number only if they are 0.
        let scale = pow10(s.exponent.unsigned_abs()).ok_or(Reason::Fraction)?;
        if s.digits % scale != 0 {
            return Err(Reason::Fraction);
        }
        let v = u64::try_from(s.digits / scale).map_err(|_| Reason::TooLarge)?;
        return Ok(Span::exact(v));
    }
    let unit = pow10(s.exponent as u32).ok_or(Reason::TooLarge)?;
    let value = s.digits.checked_mul(unit).ok_or(Reason::TooLarge)?;
    // In halves, so that half a unit is whole: 2 g(n) within 2V -+ u.
    let (min, max) = (
        (2 * value).saturating_sub(unit),
        (2 * value).checked_add(unit).ok_or(Reason::TooLarge)?,
    );
    // Wide enough for a double's half gap and the 15 digits Excel keeps.
    let kept = pow10(digit_count(value + unit).saturating_sub(SPREADSHEET_DIGITS)).ok_or(Reason::TooLarge)?;
    let within = window(value, unit + kept + (1 << 13)).ok_or(Reason::TooLarge)?;
    let as_written = preimage(within, |n| 2 * u128::from(n), min, max);
    let through_double = preimage(within, |n| 2 * nearest_double(n), min, max);
    let truncated_15 = preimage(within, |n| 2 * truncated(u128::from(n), SPREADSHEET_DIGITS), min, max);
    [as_written, through_double, truncated_15]
        .into_iter()
        .flatten()
        .reduce(|a, b| a.hull(Some(b)))
        .ok_or(Reason::TooLarge)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::salvage::spans::tests::brute;

    #[test]
    fn scientific_text_stands_for_half_a_unit_of_its_last_digit() {
        let s = parse_scientific(b"1.29403047242783E+18").unwrap();
        assert_eq!(
            s,
            Scientific {
                digits: 129_403_047_242_783,
                exponent: 4
            }
        );
        let span = scientific_span(s).unwrap();
        // Half a unit, 5,000, below (no double's gap reaches further here);
        // Excel's truncation, a whole unit less 1, above.
        assert_eq!(
            span,
            Span {
                low: 1_294_030_472_427_825_000,
                high: 1_294_030_472_427_839_999
            }
        );
        let within = |v: u128, unit: u128, n: u64| {
            let near = |g: u128| 2 * g + unit >= 2 * v && 2 * g <= 2 * v + unit;
            near(u128::from(n)) || near(nearest_double(n)) || near(truncated(u128::from(n), 15))
        };
        let v = 1_294_030_472_427_830_000u128;
        assert_eq!(brute(v, 20_000, |n| within(v, 10_000, n)), Some(span));
        // R's write.csv() of a double, 8 digits: a unit of 10^11. Its ends,
        // too far apart to count, are where the definition starts and stops.
        let v = 1_294_030_400_000_000_000u128;
        let r = scientific_span(parse_scientific(b"1.2940304e+18").unwrap()).unwrap();
        let member = |n: u64| within(v, 100_000_000_000, n);
        assert!(member(r.low) && !member(r.low - 1) && member(r.high) && !member(r.high + 1));
        // A double's half gap below, Excel's truncation above.
        assert_eq!(u128::from(r.low), v - 50_000_000_000 - 128);
        assert_eq!(u128::from(r.high), v + 50_000_000_000 + 9_999);
        // Decimals beyond the exponent: whole numbers only.
        assert_eq!(
            scientific_span(parse_scientific(b"1.50e1").unwrap()),
            Ok(Span::exact(15))
        );
        assert_eq!(
            scientific_span(parse_scientific(b"1.5e0").unwrap()),
            Err(Reason::Fraction)
        );
        assert_eq!(
            scientific_span(parse_scientific(b"12E3").unwrap()).unwrap(),
            Span {
                low: 11_500,
                high: 12_500
            }
        );
        assert_eq!(scientific_span(parse_scientific(b"1e0").unwrap()), Ok(Span::exact(1)));
        // Beyond the IDs, or too many digits.
        assert_eq!(
            scientific_span(parse_scientific(b"1e25").unwrap()),
            Err(Reason::TooLarge)
        );
        assert!(scientific_span(parse_scientific(b"2e19").unwrap()).is_ok());
        for bad in [
            &b"e18"[..],
            b"1.2e",
            b"1.2e-18",
            b"-1e18",
            b"1.2.3e4",
            b".5e3",
            b"1e+",
            b"1e99999",
        ] {
            assert_eq!(parse_scientific(bad), None, "{bad:?}");
        }
        assert_eq!(
            parse_scientific(&[b'9'; 60].iter().copied().chain(*b"e1").collect::<Vec<_>>()),
            None
        );
    }
}
