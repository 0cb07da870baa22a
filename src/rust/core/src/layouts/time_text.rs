//! ISO 8601 text as people type times (`2024-03-05`, `2024-03-05 10:00`,
//! `2024-03-05T10:00:00.123456Z`, `+01:00` or `-0500` offsets) read to
//! whole microseconds since 1970, floored, from the digits themselves: a
//! fraction never passes through a double, so `.1234569999` is `.123456`
//! and a TID (microseconds) keeps every digit. Text without a zone is UTC.

use time::{Date, Month};

/// Microseconds in a second.
const MICROS: i64 = 1_000_000;

/// What is wrong with a text, and at which character (0-based) it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeTextError {
    /// No `YYYY-MM-DD` date where one must be.
    Date(usize),
    /// A month or day that the calendar lacks (`2024-02-30`).
    Calendar(usize),
    /// A clock time that is not `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff`, or
    /// beyond 23:59:59.
    Clock(usize),
    /// A zone that is not `Z`, `+HH:MM`, `+HHMM` or `+HH`.
    Zone(usize),
    /// Text after a complete time.
    Trailing(usize),
}

impl TimeTextError {
    /// A number for R, which words the problem (1 to 5, in the order above).
    pub fn code(self) -> i32 {
        match self {
            Self::Date(_) => 1,
            Self::Calendar(_) => 2,
            Self::Clock(_) => 3,
            Self::Zone(_) => 4,
            Self::Trailing(_) => 5,
        }
    }

    /// The character (0-based) where the problem starts.
    pub fn at(self) -> usize {
        match self {
            Self::Date(i) | Self::Calendar(i) | Self::Clock(i) | Self::Zone(i) | Self::Trailing(i) => i,
        }
    }
}

/// A cursor over the bytes of one text.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let here = self.peek() == Some(byte);
        self.at += usize::from(here);
        here
    }

    /// Exactly `n` ASCII digits as a number.
    fn digits(&mut self, n: usize) -> Option<i64> {
        let end = self.at.checked_add(n)?;
        let run = self.bytes.get(self.at..end)?;
        if !run.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.at = end;
        Some(run.iter().fold(0, |v, d| v * 10 + i64::from(d - b'0')))
    }
}

/// Reads one text as whole microseconds since 1970-01-01T00:00:00Z,
/// floored. Leading and trailing spaces are ignored; bytes that are not
/// ASCII are never part of a time.
pub fn parse_time_text(text: impl AsRef<[u8]>) -> Result<i64, TimeTextError> {
    let text = text.as_ref();
    // By hand: the slice methods that trim need Rust 1.80, above the MSRV.
    let start = text.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let end = text.len()
        - text[start..]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
    let mut c = Cursor {
        bytes: &text[..end],
        at: start,
    };
    let days = date(&mut c)?;
    let mut micros = days * 86_400 * MICROS;
    if c.peek().is_none() {
        return Ok(micros);
    }
    let clock_at = c.at;
    if !(c.eat(b'T') || c.eat(b't') || c.eat(b' ')) {
        return Err(TimeTextError::Trailing(clock_at));
    }
    micros += clock(&mut c).ok_or(TimeTextError::Clock(clock_at + 1))?;
    micros -= zone(&mut c)?;
    match c.peek() {
        None => Ok(micros),
        Some(_) => Err(TimeTextError::Trailing(c.at)),
    }
}

/// `YYYY-MM-DD` as days since 1970-01-01.
fn date(c: &mut Cursor) -> Result<i64, TimeTextError> {
    let at = c.at;
    let wrong = TimeTextError::Date(at);
    let year = c.digits(4).ok_or(wrong)?;
    let month = c.eat(b'-').then(|| c.digits(2)).flatten().ok_or(wrong)?;
    let day = c.eat(b'-').then(|| c.digits(2)).flatten().ok_or(wrong)?;
    let calendar = TimeTextError::Calendar(at);
    let month = u8::try_from(month)
        .ok()
        .and_then(|m| Month::try_from(m).ok())
        .ok_or(calendar)?;
    // Four digits fit an i32 and time's year range; day 0 or 32 does not.
    let date = Date::from_calendar_date(year as i32, month, day as u8).map_err(|_| calendar)?;
    Ok(i64::from(date.to_julian_day()) - i64::from(UNIX_EPOCH_JULIAN_DAY))
}

/// The Julian day of 1970-01-01.
const UNIX_EPOCH_JULIAN_DAY: i32 = 2_440_588;

/// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.f...` (a comma also marks the
/// fraction) as microseconds into the day; digits beyond the sixth floor.
fn clock(c: &mut Cursor) -> Option<i64> {
    let hour = c.digits(2).filter(|h| *h < 24)?;
    let minute = c.eat(b':').then(|| c.digits(2)).flatten().filter(|m| *m < 60)?;
    let mut micros = (hour * 3600 + minute * 60) * MICROS;
    if !c.eat(b':') {
        return Some(micros);
    }
    micros += c.digits(2).filter(|s| *s < 60)? * MICROS;
    if c.eat(b'.') || c.eat(b',') {
        let first = c.at;
        let mut scale = MICROS;
        while let Some(d) = c.peek().filter(u8::is_ascii_digit) {
            scale /= 10;
            micros += i64::from(d - b'0') * scale;
            c.at += 1;
        }
        if c.at == first {
            return None;
        }
    }
    Some(micros)
}

/// An optional zone, `Z`, `+HH:MM`, `+HHMM` or `+HH` (also after one
/// space), as microseconds ahead of UTC; none is UTC.
fn zone(c: &mut Cursor) -> Result<i64, TimeTextError> {
    let at = c.at;
    let spaced = c.eat(b' ');
    if c.eat(b'Z') || c.eat(b'z') {
        return Ok(0);
    }
    let sign = match c.peek() {
        Some(b'+') => 1,
        Some(b'-') => -1,
        _ if spaced => return Err(TimeTextError::Zone(at)),
        _ => return Ok(0),
    };
    c.at += 1;
    let wrong = TimeTextError::Zone(at);
    let hours = c.digits(2).filter(|h| *h <= 23).ok_or(wrong)?;
    let colon = c.eat(b':');
    let minutes = match c.digits(2) {
        Some(m) if m < 60 => m,
        Some(_) => return Err(wrong),
        None if colon => return Err(wrong),
        None => 0,
    };
    Ok(sign * (hours * 3600 + minutes * 60) * MICROS)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Each row: the text, and its microseconds since 1970 as
    // `date -u -d TEXT +%s` (GNU coreutils) gives its seconds, times 10^6,
    // plus the fraction's digits.
    const READ: &[(&str, i64)] = &[
        ("2024-03-05", 1_709_596_800_000_000),
        ("2024-03-05 10:00", 1_709_632_800_000_000),
        ("2024-03-05T10:00", 1_709_632_800_000_000),
        ("2024-03-05 10:00:00", 1_709_632_800_000_000),
        ("2024-03-05T10:00:00Z", 1_709_632_800_000_000),
        ("2024-03-05t10:00:00z", 1_709_632_800_000_000),
        ("2024-03-05T11:00:00+01:00", 1_709_632_800_000_000),
        ("2024-03-05T05:00:00-0500", 1_709_632_800_000_000),
        ("2024-03-05 05:00:00 -05", 1_709_632_800_000_000),
        ("2024-03-05 10:00:00 +0000", 1_709_632_800_000_000),
        ("  2024-03-05 10:00  ", 1_709_632_800_000_000),
        ("2024-08-20T16:31:35.793016Z", 1_724_171_495_793_016),
        ("2024-08-20T16:31:35,793016Z", 1_724_171_495_793_016),
        ("2024-08-20T16:31:35.7930169999Z", 1_724_171_495_793_016),
        ("2024-08-20T16:31:35.7Z", 1_724_171_495_700_000),
        ("2016-02-29", 1_456_704_000_000_000),
        ("1969-12-31 23:59:59.999999", -1),
        ("1970-01-01", 0),
        ("0001-01-01", -62_135_596_800_000_000),
        ("9999-12-31 23:59:59.999999", 253_402_300_799_999_999),
    ];

    #[test]
    fn iso_8601_texts_read_to_microseconds() {
        for (text, micros) in READ {
            assert_eq!(parse_time_text(text), Ok(*micros), "{text}");
        }
    }

    #[test]
    fn wrong_texts_say_what_and_where() {
        use TimeTextError::*;
        let cases: &[(&str, TimeTextError)] = &[
            ("", Date(0)),
            ("yesterday", Date(0)),
            ("05/03/2024", Date(0)),
            ("2024-3-5", Date(0)),
            ("2024-02-30", Calendar(0)),
            ("2023-02-29", Calendar(0)),
            ("2024-13-01", Calendar(0)),
            ("2024-00-10", Calendar(0)),
            ("2024-03-05 25:00", Clock(11)),
            ("2024-03-05 10", Clock(11)),
            ("2024-03-05 10:00:60", Clock(11)),
            ("2024-03-05 10:00:00.", Clock(11)),
            ("2024-03-05 10:00:00+1", Zone(19)),
            ("2024-03-05 10:00:00+01:0", Zone(19)),
            ("2024-03-05 10:00:00 CET", Zone(19)),
            ("2024-03-05X", Trailing(10)),
            ("2024-03-05 10:00:00Z!", Trailing(20)),
        ];
        for (text, error) in cases {
            assert_eq!(parse_time_text(text), Err(*error), "{text}");
        }
    }

    #[test]
    fn codes_and_positions_reach_r() {
        assert_eq!(TimeTextError::Zone(19).code(), 4);
        assert_eq!(TimeTextError::Zone(19).at(), 19);
    }
}
