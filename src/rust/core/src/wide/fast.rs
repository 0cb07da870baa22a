//! Reading times in bulk: one pass over each entry that validates it and
//! takes its time, with no allocation, for columns of millions of IDs.
//! The hyphenated UUID, by far the commonest spelling, has its own path;
//! every other spelling goes through `parse`, which allocates nothing
//! either.

use super::format::{Format, SubMs};
use super::parse::{check_uuid, hyphenated, parse};
use super::problem::WideProblem;
use super::time::{time, WideTime};
use super::value::Wide;

/// The time of the ID `text` spells in `format`, or why it has none.
#[inline]
pub fn time_of_str(format: Format, text: &[u8], sub_ms: SubMs) -> Result<WideTime, WideProblem> {
    let v = if text.len() == 36 && format.bits() == 128 && format.text().len == 36 {
        let bits = hyphenated(text).map_err(|i| WideProblem::Alphabet(i + 1))?;
        check_uuid(format, bits)?;
        Wide::from_u128(bits)
    } else {
        parse(format, text)?
    };
    time(format, v, sub_ms)
}

/// The times of a column of entries as POSIXct seconds, `None` entries
/// (R's NA) and invalid ones as `f64::NAN` (R turns them into NA), with
/// the first few problems and their 0-based positions: the whole loop the
/// binding runs over a character vector. Returns how many entries had a
/// problem.
pub fn seconds_into<'a, I>(
    format: Format,
    sub_ms: SubMs,
    entries: I,
    out: &mut [f64],
    problems: &mut Vec<(usize, WideProblem)>,
    keep: usize,
) -> usize
where
    I: IntoIterator<Item = Option<&'a [u8]>>,
{
    let mut bad = 0;
    for (i, (entry, slot)) in entries.into_iter().zip(out.iter_mut()).enumerate() {
        *slot = match entry.map(|t| time_of_str(format, t, sub_ms)) {
            None => f64::NAN,
            Some(Ok(t)) => t.as_secs_f64(),
            Some(Err(p)) => {
                bad += 1;
                if problems.len() < keep {
                    problems.push((i, p));
                }
                f64::NAN
            }
        };
    }
    bad
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wide::format::Tick;

    #[test]
    fn the_fast_path_agrees_with_parse_then_time() {
        let texts: [&[u8]; 8] = [
            b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
            b"017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
            b"017f22e279b07cc398c4dc0c0c07398f",
            b"{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
            b"017f22e2-79b0-4cc3-98c4-dc0c0c07398f",
            b"017f22e2-79b0-7cc3-c8c4-dc0c0c07398f",
            b"017f22e2-79b0-7cc3-98c4_dc0c0c07398f",
            b"017f22e2-79b0-7cc3-98c4-dc0c0c07398g",
        ];
        for format in [Format::UuidV7, Format::Uuid, Format::UuidV6] {
            for text in texts {
                let slow = parse(format, text).and_then(|v| time(format, v, SubMs::Fraction));
                assert_eq!(time_of_str(format, text, SubMs::Fraction), slow);
            }
        }
        let t = time_of_str(Format::UuidV7, texts[0], SubMs::None).unwrap();
        assert_eq!(t, WideTime::new(1645557742000, Tick::Milli));
    }

    #[test]
    fn a_column_reports_its_problems_by_position() {
        let long = vec![b'0'; 1_000_000];
        let entries: Vec<Option<&[u8]>> = vec![
            Some(b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f"),
            None,
            Some(&long),
            Some(b"919108f7-52d1-4320-9bac-f847db4148a8"),
        ];
        let mut out = vec![0.0; 4];
        let mut problems = Vec::new();
        let bad = seconds_into(Format::Uuid, SubMs::None, entries, &mut out, &mut problems, 5);
        assert_eq!(bad, 2);
        assert_eq!(out[0], 1645557742.0);
        assert!(out[1].is_nan() && out[2].is_nan() && out[3].is_nan());
        assert_eq!(
            problems,
            [(2, WideProblem::Length(1_000_000)), (3, WideProblem::NoTime(4))]
        );
    }
}
