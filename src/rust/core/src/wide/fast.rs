//! Reading times in bulk: one pass over each entry that validates it and
//! takes its time, with no allocation, for columns of millions of IDs.
//! The hyphenated UUID, by far the commonest spelling, has its own path;
//! every other spelling goes through `parse`, which allocates nothing
//! either.

use super::alphabet::hex8;
use super::format::{Format, SubMs};
use super::parse::{check_uuid, parse};
use super::problem::WideProblem;
use super::time::{time, WideTime};
use super::value::Wide;

/// The time of the ID `text` spells in `format`, or why it has none.
#[inline]
pub fn time_of_str(format: Format, text: &[u8], sub_ms: SubMs) -> Result<WideTime, WideProblem> {
    let is_uuid = matches!(format, Format::UuidV7 | Format::UuidV6 | Format::UuidV1 | Format::Uuid);
    let v = match (is_uuid && text.len() == 36).then(|| hyphenated_fast(text)).flatten() {
        Some(bits) => {
            check_uuid(format, bits)?;
            Wide::from_u128(bits)
        }
        // Anything else, and a malformed UUID, whose problem `parse` names.
        None => parse(format, text)?,
    };
    time(format, v, sub_ms)
}

/// 8-4-4-4-12 hex text as 128 bits, eight digits at a time, or `None` if
/// anything is out of place.
#[inline]
fn hyphenated_fast(t: &[u8]) -> Option<u128> {
    let t: &[u8; 36] = t.try_into().ok()?;
    if t[8] != b'-' || t[13] != b'-' || t[18] != b'-' || t[23] != b'-' {
        return None;
    }
    let four = |i: usize| u32::from_be_bytes([t[i], t[i + 1], t[i + 2], t[i + 3]]) as u64;
    let a = hex8((four(0) << 32) | four(4))?;
    let b = hex8((four(9) << 32) | four(14))?;
    let c = hex8((four(19) << 32) | four(24))?;
    let d = hex8((four(28) << 32) | four(32))?;
    Some(((a as u128) << 96) | ((b as u128) << 64) | ((c as u128) << 32) | d as u128)
}

/// The times of a column of entries as POSIXct seconds, `None` entries
/// (R's NA) and invalid ones as `f64::NAN` (R turns them into NA), with
/// the first `keep` problems and their 0-based positions: the whole loop
/// the binding runs over a character vector. Returns how many entries had
/// a problem.
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

/// What a column's reading went through: how many entries had a problem
/// and the first few, by 0-based position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ColumnProblems {
    pub count: usize,
    pub first: Vec<(usize, WideProblem)>,
}

/// `seconds_into` over a whole column whose entries the binding has
/// already taken from R (R's API stays on R's thread): long columns are
/// read in two halves on two threads (see `parallel`).
pub fn seconds_of_column(
    format: Format,
    sub_ms: SubMs,
    entries: &[Option<&[u8]>],
    out: &mut [f64],
    keep: usize,
) -> ColumnProblems {
    let n = entries.len().min(out.len());
    let work = |part: &mut [f64], first: usize| -> Result<ColumnProblems, std::convert::Infallible> {
        let mut found = Vec::new();
        let mine = entries[first..first + part.len()].iter().copied();
        let count = seconds_into(format, sub_ms, mine, part, &mut found, keep);
        found.iter_mut().for_each(|(i, _)| *i += first);
        Ok(ColumnProblems { count, first: found })
    };
    let join = |mut a: ColumnProblems, b: ColumnProblems| {
        a.count += b.count;
        let room = keep.saturating_sub(a.first.len());
        a.first.extend(b.first.into_iter().take(room));
        a
    };
    match crate::decode::parallel::in_halves(n, &mut out[..n], work, join) {
        Ok(found) => found,
        Err(never) => match never {},
    }
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

    #[test]
    fn a_long_column_is_read_in_halves_with_its_positions() {
        let n = crate::decode::parallel::PARALLEL_MIN + 3;
        let good: &[u8] = b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
        let mut entries = vec![Some(good); n];
        let bad_at = [1, n / 2 + 1, n - 1];
        for &i in &bad_at {
            entries[i] = Some(b"017f22e2".as_slice());
        }
        let mut out = vec![0.0; n];
        let found = seconds_of_column(Format::UuidV7, SubMs::None, &entries, &mut out, 2);
        assert_eq!(found.count, 3);
        assert_eq!(
            found.first,
            [(1, WideProblem::Length(8)), (n / 2 + 1, WideProblem::Length(8))]
        );
        assert_eq!(out[0], 1645557742.0);
        assert_eq!(out[n - 2], 1645557742.0);
        assert!(bad_at.iter().all(|&i| out[i].is_nan()));
    }
}
