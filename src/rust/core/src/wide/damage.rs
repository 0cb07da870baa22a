//! Signs that a column of 96- to 160-bit IDs was mangled on its way to R.
//! Such IDs are text, so a double's rounding (`salvage`) cannot touch
//! them; what does is different: a writer that put seconds where
//! milliseconds belong (R's `ulid` before 0.3.1: ULIDs of January 1970),
//! a set top bit or a time far ahead, times ahead of now or before the
//! format existed, UUIDs of another version in a single-version column,
//! digits above the format's largest value, text cut short, and a column
//! whose entries are spelled in more than one case or form (joined from
//! several sources, or hand-edited). Each entry is looked at once; the
//! report holds numbers and rows only, never the entries' text.

use std::collections::HashSet;

use super::format::{Format, SubMs, Tick};
use super::parse::parse;
use super::problem::WideProblem;
use super::time::{time, WideTime};
use super::value::Wide;

/// How far ahead of now a time is "far in the future": ten years.
pub const FAR_AHEAD_SECONDS: i128 = 315_576_000;

/// A sign of damage, as R's report names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WideSign {
    /// A millisecond time that reads as a plausible time in seconds.
    SecondsAsMs,
    /// The time field's top bit set, or a time more than ten years ahead.
    FarFuture,
    /// A time ahead of now (and not far ahead).
    AheadOfNow,
    /// A time before the format was published.
    BeforeFormat,
    /// A UUID of another version than the layout's.
    OtherVersion,
    /// Digits above the format's largest value.
    AboveMax,
    /// Text shorter than the format's, by at most half.
    Truncated,
    /// Letters in the case fewer entries have, or in both cases at once.
    MixedCase,
    /// A UUID spelled in another form than most (32 hex, braces, URN).
    MixedSpelling,
}

impl WideSign {
    pub fn name(self) -> &'static str {
        match self {
            WideSign::SecondsAsMs => "seconds_as_ms",
            WideSign::FarFuture => "far_future",
            WideSign::AheadOfNow => "ahead_of_now",
            WideSign::BeforeFormat => "before_format",
            WideSign::OtherVersion => "other_version",
            WideSign::AboveMax => "above_max",
            WideSign::Truncated => "truncated",
            WideSign::MixedCase => "mixed_case",
            WideSign::MixedSpelling => "mixed_spelling",
        }
    }
}

/// One sign's count: the entries that could show it and the rows
/// (0-based) that do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WideEvidence {
    pub sign: WideSign,
    pub informative: usize,
    pub rows: Vec<usize>,
}

/// What a column shows: valid IDs (`examined`), their distinct values,
/// entries that are not IDs of the layout, and each sign that makes sense
/// for the layout, in the order R prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WideDamage {
    pub examined: usize,
    pub distinct: usize,
    pub invalid: usize,
    pub signs: Vec<WideEvidence>,
}

impl WideDamage {
    /// Every row that shows a sign, in order, once.
    pub fn rows(&self) -> Vec<usize> {
        let mut rows: Vec<usize> = self.signs.iter().flat_map(|s| s.rows.iter().copied()).collect();
        rows.sort_unstable();
        rows.dedup();
        rows
    }

    /// The sign most rows show (the first listed on a tie), if any does.
    pub fn cause(&self) -> Option<WideSign> {
        let most = self.signs.iter().map(|s| s.rows.len()).max().filter(|&n| n > 0)?;
        self.signs.iter().find(|s| s.rows.len() == most).map(|s| s.sign)
    }

    pub fn evidence(&self, sign: WideSign) -> Option<&WideEvidence> {
        self.signs.iter().find(|s| s.sign == sign)
    }
}

/// When a format (or a UUID version) was published, in Unix seconds: a
/// time before it is not one the format wrote. Dates are taken early
/// (the start of the year of the first public specification or draft).
pub fn since_seconds(format: Format, uuid_version: u8) -> i128 {
    match format {
        // The OSF DCE's UUIDs, about 1990.
        Format::UuidV1 => 631_152_000,
        // draft-peabody-dispatch-new-uuid-format, 2020.
        Format::UuidV6 | Format::UuidV7 => 1_577_836_800,
        Format::Uuid if uuid_version == 1 => 631_152_000,
        Format::Uuid => 1_577_836_800,
        // ulid/spec, 2016.
        Format::Ulid => 1_451_606_400,
        // jetify-com/typeid, 2023.
        Format::TypeId => 1_672_531_200,
        // scru128/spec, 2021.
        Format::Scru128 => 1_609_459_200,
        // segmentio/ksuid, 2017.
        Format::Ksuid => 1_483_228_800,
        // MongoDB, 2009.
        Format::ObjectId => 1_230_768_000,
        // rs/xid, 2015.
        Format::Xid => 1_420_070_400,
    }
}

/// The case of an entry's letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Case {
    None,
    Lower,
    Upper,
    Both,
}

fn case_of(text: &[u8]) -> Case {
    let lower = text.iter().any(u8::is_ascii_lowercase);
    let upper = text.iter().any(u8::is_ascii_uppercase);
    match (lower, upper) {
        (false, false) => Case::None,
        (true, false) => Case::Lower,
        (false, true) => Case::Upper,
        (true, true) => Case::Both,
    }
}

/// A UUID's form: 0 hyphenated, 1 32 hex digits, 2 braces, 3 URN.
fn uuid_form(text: &[u8]) -> u8 {
    match text.first() {
        Some(b'{') => 2,
        Some(b'u' | b'U') => 3,
        _ if text.len() == 32 => 1,
        _ => 0,
    }
}

fn is_uuid(format: Format) -> bool {
    matches!(format, Format::UuidV7 | Format::UuidV6 | Format::UuidV1 | Format::Uuid)
}

/// The signs that make sense for a format, in the order R prints them.
fn signs_of(format: Format) -> Vec<WideSign> {
    let mut signs = Vec::new();
    if matches!(
        format,
        Format::UuidV7 | Format::Uuid | Format::Ulid | Format::TypeId | Format::Scru128
    ) {
        signs.push(WideSign::SecondsAsMs);
    }
    signs.extend([WideSign::FarFuture, WideSign::AheadOfNow, WideSign::BeforeFormat]);
    if format.uuid_version().is_some() {
        signs.push(WideSign::OtherVersion);
    }
    if matches!(format, Format::Ulid | Format::TypeId | Format::Scru128 | Format::Ksuid) {
        signs.push(WideSign::AboveMax);
    }
    signs.push(WideSign::Truncated);
    if format.text().any_case {
        signs.push(WideSign::MixedCase);
    }
    if is_uuid(format) {
        signs.push(WideSign::MixedSpelling);
    }
    signs
}

/// Whether the time field's most significant bit is set (UUIDv1's is the
/// top of `time_high`, at bit 52; every other format's time starts at bit 0).
fn top_bit(format: Format, v: Wide, version: u8) -> bool {
    let at = if version == 1 { 52 } else { 0 };
    v.bits(format.bits(), at, 1) == 1
}

/// The value signs of one valid ID with a time, `t`: which it shows.
fn time_signs(format: Format, v: Wide, t: WideTime, now_ms: i128) -> Option<WideSign> {
    let version = if is_uuid(format) { ((v.lo >> 76) & 0xF) as u8 } else { 0 };
    let ms = t.floor_to(Tick::Milli).ticks;
    let since = since_seconds(format, version);
    let in_ms = is_uuid(format) && version == 7 || matches!(format, Format::Ulid | Format::TypeId | Format::Scru128);
    if top_bit(format, v, version) || ms > now_ms + FAR_AHEAD_SECONDS * 1000 {
        return Some(WideSign::FarFuture);
    }
    if ms > now_ms {
        return Some(WideSign::AheadOfNow);
    }
    // Seconds written as milliseconds land in January 1970, where seconds
    // since the format began, up to now, read as a plausible time.
    if in_ms && (since..=now_ms.div_euclid(1000)).contains(&ms) {
        return Some(WideSign::SecondsAsMs);
    }
    (ms < since * 1000).then_some(WideSign::BeforeFormat)
}

/// The sign a refused entry shows, if any.
fn refusal_sign(format: Format, problem: WideProblem) -> Option<WideSign> {
    let len = format.text().len;
    match problem {
        WideProblem::Version { .. } => Some(WideSign::OtherVersion),
        WideProblem::AboveMax => Some(WideSign::AboveMax),
        WideProblem::Length(n) if n < len && 2 * n >= len => Some(WideSign::Truncated),
        _ => None,
    }
}

/// What each valid entry's spelling was, to find the minority afterwards.
#[derive(Default)]
struct Spellings {
    /// (row, case, UUID form) of each valid entry.
    seen: Vec<(usize, Case, u8)>,
}

impl Spellings {
    /// Rows in the case fewer entries have (ties: the one the canonical
    /// text does not use), or in both cases; entries with letters count.
    fn mixed_case(&self, canonical_upper: bool) -> (usize, Vec<usize>) {
        let count = |c: Case| self.seen.iter().filter(|s| s.1 == c).count();
        let (lower, upper) = (count(Case::Lower), count(Case::Upper));
        let minority = if lower > upper || (lower == upper && !canonical_upper) {
            Case::Upper
        } else {
            Case::Lower
        };
        let informative = self.seen.iter().filter(|s| s.1 != Case::None).count();
        let rows = self.seen.iter().filter(|s| s.1 == minority || s.1 == Case::Both);
        (informative, rows.map(|s| s.0).collect())
    }

    /// Rows in a UUID form other than the most common (ties: the first).
    fn mixed_spelling(&self) -> (usize, Vec<usize>) {
        let mut counts = [0usize; 4];
        for s in &self.seen {
            counts[s.2 as usize] += 1;
        }
        let most = (0..4u8)
            .max_by_key(|&f| (counts[f as usize], std::cmp::Reverse(f)))
            .unwrap_or(0);
        let rows = self.seen.iter().filter(|s| s.2 != most).map(|s| s.0).collect();
        (self.seen.len(), rows)
    }
}

/// The signs of damage in a column of `format` (`None` entries are
/// missing), judged against `now_ms` (milliseconds since 1970).
pub fn examine_wide<'a, I>(format: Format, sub_ms: SubMs, entries: I, now_ms: i128) -> WideDamage
where
    I: IntoIterator<Item = Option<&'a [u8]>>,
{
    let signs = signs_of(format);
    let mut rows: Vec<Vec<usize>> = vec![Vec::new(); signs.len()];
    let mut note = |sign: WideSign, row: usize| {
        if let Some(k) = signs.iter().position(|&s| s == sign) {
            rows[k].push(row);
        }
    };
    let (mut present, mut examined, mut timed, mut invalid) = (0usize, 0usize, 0usize, 0usize);
    let mut distinct: HashSet<Wide> = HashSet::new();
    let mut spellings = Spellings::default();
    for (row, text) in entries.into_iter().enumerate() {
        let Some(text) = text else { continue };
        present += 1;
        let v = match parse(format, text) {
            Ok(v) => v,
            Err(p) => {
                invalid += 1;
                if let Some(sign) = refusal_sign(format, p) {
                    note(sign, row);
                }
                continue;
            }
        };
        examined += 1;
        distinct.insert(v);
        let form = if is_uuid(format) { uuid_form(text) } else { 0 };
        // A URN's `urn:uuid:` is not part of the digits' case.
        let digits = if form == 3 { &text[9..] } else { text };
        spellings.seen.push((row, case_of(digits), form));
        if let Ok(t) = time(format, v, sub_ms) {
            timed += 1;
            if let Some(sign) = time_signs(format, v, t, now_ms) {
                note(sign, row);
            }
        }
    }
    let upper = format.text().alphabet.bytes().any(|c| c.is_ascii_uppercase());
    let (case_informative, case_rows) = spellings.mixed_case(upper);
    let (form_informative, form_rows) = spellings.mixed_spelling();
    let evidence = signs
        .iter()
        .zip(rows)
        .map(|(&sign, rows)| {
            let (informative, rows) = match sign {
                WideSign::MixedCase => (case_informative, case_rows.clone()),
                WideSign::MixedSpelling => (form_informative, form_rows.clone()),
                WideSign::OtherVersion | WideSign::AboveMax | WideSign::Truncated => (present, rows),
                _ => (timed, rows),
            };
            WideEvidence {
                sign,
                informative,
                rows,
            }
        })
        .collect();
    WideDamage {
        examined,
        distinct: distinct.len(),
        invalid,
        signs: evidence,
    }
}

#[cfg(test)]
#[path = "damage_tests.rs"]
mod tests;
