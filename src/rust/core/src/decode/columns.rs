//! Decoding many IDs into columns (time, node fields, sequence) that the
//! caller allocated at full length, as R's vectors are. Missing and invalid
//! entries get R's NA bit patterns, which the binding passes on as they are.

use crate::decode::parallel::{in_halves, Halves};
use crate::invalid::{Invalid, Reason};
use crate::layouts::layout::Layout;
use crate::r_values::{na_real, NA_INTEGER, NA_INTEGER64_BITS};
use crate::text::entry::Entry;

/// What the time column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeAs {
    /// POSIXct seconds: the double nearest each tick's start.
    Seconds,
    /// Whole milliseconds since 1970, exact (microsecond ticks floored to
    /// their millisecond).
    Millis,
}

/// Output columns, one slot per input entry.
pub struct Columns<'a> {
    pub time: &'a mut [f64],
    pub time_as: TimeAs,
    /// One per node field, in layout order.
    pub nodes: Vec<NodeColumn<'a>>,
    /// `None` when only the time is wanted.
    pub sequence: Option<&'a mut [i32]>,
}

/// Node fields of at most 31 bits fit R integers; wider ones are exact
/// doubles.
pub enum NodeColumn<'a> {
    Int(&'a mut [i32]),
    Dbl(&'a mut [f64]),
}

/// What decoding reports besides the columns: the entries that are not IDs
/// of the layout, and the IDs below where the layout's IDs begin (a
/// platform's older sequential numbers, see `Layout::first_id`), whose
/// time and fields are NA.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub invalid: Invalid,
    pub early: Invalid,
}

impl Report {
    /// The report of entries that start at 0-based `offset` appended, as
    /// the second half of a split input.
    fn append(mut self, later: Report, offset: usize) -> Report {
        self.invalid.append(later.invalid, offset);
        self.early.append(later.early, offset);
        self
    }

    fn offset_by(self, offset: usize) -> Report {
        Report {
            invalid: self.invalid.offset_by(offset),
            early: self.early.offset_by(offset),
        }
    }
}

/// The IDs a decoder gives fields for: from the layout's first ID to its
/// largest.
#[derive(Clone, Copy)]
struct Span {
    first: u64,
    max: u64,
}

impl Span {
    fn of(layout: &Layout) -> Span {
        Span {
            first: layout.first_id(),
            max: layout.max_id(),
        }
    }

    #[inline]
    fn holds(self, id: u64) -> bool {
        id >= self.first && id <= self.max
    }
}

/// Entry `i` read under `layout` (whose IDs span `span`): the ID, or `None`
/// for a missing entry, for one that is not an ID of the layout (noted in
/// the report's `invalid`) and for one below its first ID (noted in
/// `early`). The error is the 1-based position of an imprecise double,
/// which stops the call.
#[inline]
fn admit(entry: Entry, layout: &Layout, span: Span, i: usize, report: &mut Report) -> Result<Option<u64>, usize> {
    match entry {
        Entry::Id(id) if span.holds(id) => Ok(Some(id)),
        Entry::Missing => Ok(None),
        Entry::Imprecise => Err(i + 1),
        Entry::Id(id) if id <= span.max => {
            report.early.note(i, Reason::BeforeLayout);
            Ok(None)
        }
        Entry::Id(id) => {
            report.invalid.note(i, layout.refusal(id));
            Ok(None)
        }
        Entry::Invalid(reason) => {
            report.invalid.note(i, reason);
            Ok(None)
        }
    }
}

/// Decodes entry by entry, reading each once: for input that is costly to
/// read, such as text to parse. Stops at the first imprecise double and
/// returns its 1-based position as the error.
pub fn decode_rows(
    n: usize,
    read: impl Fn(usize) -> Entry,
    layout: &Layout,
    cols: &mut Columns,
) -> Result<Report, usize> {
    let time = layout.time_decoder();
    let nodes: Vec<_> = layout.nodes().collect();
    let sequence = layout.sequence();
    let span = Span::of(layout);
    let millis = cols.time_as == TimeAs::Millis;
    let mut report = Report::default();
    for i in 0..n {
        let id = admit(read(i), layout, span, i, &mut report)?;
        cols.time[i] = match id {
            None => na_real(),
            Some(id) if millis => time.millis(id) as f64,
            Some(id) => time.seconds(id),
        };
        for (part, col) in nodes.iter().zip(cols.nodes.iter_mut()) {
            match col {
                NodeColumn::Int(v) => v[i] = id.map_or(NA_INTEGER, |id| part.extract(id) as i32),
                NodeColumn::Dbl(v) => v[i] = id.map_or(na_real(), |id| part.extract(id) as f64),
            }
        }
        if let Some(v) = cols.sequence.as_deref_mut() {
            v[i] = id.map_or(NA_INTEGER, |id| sequence.extract(id) as i32);
        }
    }
    Ok(report)
}

/// Decodes a column at a time, reading the input once per column: for
/// numbers, which are cheap to read again. Each pass is a tight loop of
/// shifts, masks and selects that the compiler can vectorise.
pub fn decode_by_column(
    n: usize,
    read: impl Fn(usize) -> Entry,
    layout: &Layout,
    cols: &mut Columns,
) -> Result<Report, usize> {
    let span = Span::of(layout);
    let mut report = Report::default();
    // A first pass notes the invalid entries; the columns read them again.
    for i in 0..n {
        admit(read(i), layout, span, i, &mut report)?;
    }
    let valid = |i: usize| match read(i) {
        Entry::Id(id) if span.holds(id) => Some(id),
        _ => None,
    };
    let time = layout.time_decoder();
    match cols.time_as {
        TimeAs::Seconds => {
            for (i, slot) in cols.time.iter_mut().enumerate() {
                *slot = valid(i).map_or(na_real(), |id| time.seconds(id));
            }
        }
        TimeAs::Millis => {
            for (i, slot) in cols.time.iter_mut().enumerate() {
                *slot = valid(i).map_or(na_real(), |id| time.millis(id) as f64);
            }
        }
    }
    for (part, col) in layout.nodes().zip(cols.nodes.iter_mut()) {
        match col {
            NodeColumn::Int(v) => {
                for (i, slot) in v.iter_mut().enumerate() {
                    *slot = valid(i).map_or(NA_INTEGER, |id| part.extract(id) as i32);
                }
            }
            NodeColumn::Dbl(v) => {
                for (i, slot) in v.iter_mut().enumerate() {
                    *slot = valid(i).map_or(na_real(), |id| part.extract(id) as f64);
                }
            }
        }
    }
    if let Some(v) = cols.sequence.as_deref_mut() {
        let sequence = layout.sequence();
        for (i, slot) in v.iter_mut().enumerate() {
            *slot = valid(i).map_or(NA_INTEGER, |id| sequence.extract(id) as i32);
        }
    }
    Ok(report)
}

/// The shard each ID routes to, `(id >> shift) % shards` with `shift` the
/// bits below the time part: Discord's `(id >> 22) % num_shards`, which
/// decoder tools call the shard bucket. Missing and invalid entries get
/// NA. `shards` is at least 1; a result below it fits `out` when `shards`
/// does. Stops at the first imprecise double, as the decoders do. The
/// formula needs no time: IDs below the layout's first one get a shard too.
pub fn shard_rows(
    n: usize,
    read: impl Fn(usize) -> Entry,
    layout: &Layout,
    shards: u64,
    out: &mut [i32],
) -> Result<Invalid, usize> {
    let shift = layout.time().shift();
    let span = Span {
        first: 0,
        max: layout.max_id(),
    };
    let mut report = Report::default();
    for (i, slot) in out.iter_mut().enumerate().take(n) {
        *slot = admit(read(i), layout, span, i, &mut report)?.map_or(NA_INTEGER, |id| ((id >> shift) % shards) as i32);
    }
    Ok(report.invalid)
}

/// A first pass over the entries, so that an output is built once and
/// only when it is needed: the 1-based position of the first imprecise
/// double as the error, else the entries that are neither missing nor IDs
/// that `refuse` lets pass.
pub fn scan(n: usize, read: impl Fn(usize) -> Entry, refuse: impl Fn(u64) -> Option<Reason>) -> Result<Invalid, usize> {
    let mut invalid = Invalid::default();
    for i in 0..n {
        match read(i) {
            Entry::Imprecise => return Err(i + 1),
            Entry::Missing => {}
            Entry::Invalid(reason) => invalid.note(i, reason),
            Entry::Id(id) => {
                if let Some(reason) = refuse(id) {
                    invalid.note(i, reason);
                }
            }
        }
    }
    Ok(invalid)
}

/// Entries read into integer64 bits in one pass, each read once and its
/// bits written where they go: an ID that `refuse` names, and anything but
/// an ID, becomes NA, and all but missing entries are noted. Stops at the
/// first imprecise double, as the decoders do.
pub fn read_bits(
    read: impl Fn(usize) -> Entry,
    refuse: impl Fn(u64) -> Option<Reason>,
    out: &mut [f64],
) -> Result<Invalid, usize> {
    let mut invalid = Invalid::default();
    for (i, slot) in out.iter_mut().enumerate() {
        let bits = match read(i) {
            Entry::Id(id) => match refuse(id) {
                None => id,
                Some(reason) => {
                    invalid.note(i, reason);
                    NA_INTEGER64_BITS
                }
            },
            Entry::Missing => NA_INTEGER64_BITS,
            Entry::Invalid(reason) => {
                invalid.note(i, reason);
                NA_INTEGER64_BITS
            }
            Entry::Imprecise => return Err(i + 1),
        };
        *slot = f64::from_bits(bits);
    }
    Ok(invalid)
}

/// Whether each entry is an ID of the layout, as R logicals (1, 0, or NA
/// for a missing entry), each entry read once. Stops at the first
/// imprecise double, as the decoders do, with its 1-based position.
pub fn valid_rows(read: impl Fn(usize) -> Entry, layout: &Layout, out: &mut [i32]) -> Result<(), usize> {
    let max_id = layout.max_id();
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = match read(i) {
            Entry::Missing => NA_INTEGER,
            Entry::Id(id) => i32::from(id <= max_id),
            Entry::Invalid(_) => 0,
            Entry::Imprecise => return Err(i + 1),
        };
    }
    Ok(())
}

impl<'a> Halves for Columns<'a> {
    /// The rows before `mid` of every column, and the rows from it on.
    fn split_at(self, mid: usize) -> (Columns<'a>, Columns<'a>) {
        let (t0, t1) = self.time.split_at_mut(mid);
        let (mut n0, mut n1) = (Vec::new(), Vec::new());
        for col in self.nodes {
            match col {
                NodeColumn::Int(v) => {
                    let (a, b) = v.split_at_mut(mid);
                    n0.push(NodeColumn::Int(a));
                    n1.push(NodeColumn::Int(b));
                }
                NodeColumn::Dbl(v) => {
                    let (a, b) = v.split_at_mut(mid);
                    n0.push(NodeColumn::Dbl(a));
                    n1.push(NodeColumn::Dbl(b));
                }
            }
        }
        let (s0, s1) = match self.sequence {
            Some(v) => {
                let (a, b) = v.split_at_mut(mid);
                (Some(a), Some(b))
            }
            None => (None, None),
        };
        (
            Columns {
                time: t0,
                time_as: self.time_as,
                nodes: n0,
                sequence: s0,
            },
            Columns {
                time: t1,
                time_as: self.time_as,
                nodes: n1,
                sequence: s1,
            },
        )
    }
}

/// `decode_by_column` on two threads for many rows (see `parallel`), each
/// filling half of every column. `read` must not touch anything that is
/// not thread-safe (such as R's API).
pub fn decode_by_column_parallel(
    n: usize,
    read: impl Fn(usize) -> Entry + Sync,
    layout: &Layout,
    cols: Columns,
) -> Result<Report, usize> {
    let half = |mut part: Columns, first: usize| {
        let rows = part.time.len();
        // The first half reads the rows as they are: no offset in its loops.
        if first == 0 {
            return decode_by_column(rows, &read, layout, &mut part);
        }
        match decode_by_column(rows, |i| read(first + i), layout, &mut part) {
            Ok(report) => Ok(report.offset_by(first)),
            Err(position) => Err(first + position),
        }
    };
    in_halves(n, cols, half, |a, b| a.append(b, 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::parallel::PARALLEL_MIN;
    use crate::layouts::layout::PartKind::*;
    use crate::layouts::unit::Unit;
    use crate::r_values::{from_integer64_bits, NA_REAL_BITS};
    use crate::test_cases::{discord, DISCORD_EXAMPLE};

    fn layout() -> Layout {
        let parts = [(Sign, 1), (Time, 20), (Node, 40), (Node, 2), (Sequence, 1)];
        Layout::new(&parts, Unit::SECONDS, 0).unwrap()
    }

    /// A decoding strategy, as the tests call it.
    type Decode = fn(usize, &dyn Fn(usize) -> Entry, &Layout, &mut Columns) -> Result<Report, usize>;
    /// The test layout's columns (time, big, small, sequence) and the result.
    type Decoded = (Vec<f64>, Vec<f64>, Vec<i32>, Vec<i32>, Result<Report, usize>);

    fn run(decode: Decode, entries: &[Entry]) -> Decoded {
        let n = entries.len();
        let (mut time, mut big, mut small, mut seq) = (vec![0.0; n], vec![0.0; n], vec![0; n], vec![0; n]);
        let layout = layout();
        let result = {
            let mut cols = Columns {
                time: &mut time,
                time_as: TimeAs::Seconds,
                nodes: vec![NodeColumn::Dbl(&mut big), NodeColumn::Int(&mut small)],
                sequence: Some(&mut seq),
            };
            decode(n, &|i| entries[i], &layout, &mut cols)
        };
        (time, big, small, seq, result)
    }

    fn rows(n: usize, read: &dyn Fn(usize) -> Entry, layout: &Layout, cols: &mut Columns) -> Result<Report, usize> {
        decode_rows(n, read, layout, cols)
    }

    fn by_column(
        n: usize,
        read: &dyn Fn(usize) -> Entry,
        layout: &Layout,
        cols: &mut Columns,
    ) -> Result<Report, usize> {
        decode_by_column(n, read, layout, cols)
    }

    #[test]
    fn both_strategies_give_the_same_columns() {
        let id = (5u64 << 43) | (0xAB_CDEF_0123 << 3) | (2 << 1) | 1;
        let entries = [
            Entry::Id(id),
            Entry::Missing,
            Entry::Invalid(Reason::NotDigits),
            Entry::Id(1 << 63),
            Entry::Id(0),
        ];
        let a = run(rows, &entries);
        let b = run(by_column, &entries);
        assert_eq!(a.0[0], 5.0);
        assert_eq!(a.1[0], 0xAB_CDEF_0123u64 as f64);
        assert_eq!((a.2[0], a.3[0]), (2, 1));
        for (x, y) in a.0.iter().zip(&b.0) {
            assert_eq!(x.to_bits(), y.to_bits());
        }
        assert_eq!((&a.2, &a.3), (&b.2, &b.3));
        assert_eq!(
            a.4.as_ref().map(|r| &r.invalid),
            Ok(&Invalid {
                count: 2,
                positions: vec![3, 4],
                first_reason: Some(Reason::NotDigits)
            })
        );
        assert_eq!(a.4, b.4);
        assert_eq!(a.0[1].to_bits(), NA_REAL_BITS);
        assert_eq!(a.2[2], NA_INTEGER);
    }

    #[test]
    fn ids_below_the_layouts_first_are_reported_apart_with_no_fields() {
        let layout = layout().with_first_id(1 << 43);
        let entries = [
            Entry::Id(1 << 43),
            Entry::Id((1 << 43) - 1),
            Entry::Id(0),
            Entry::Invalid(Reason::NotDigits),
            Entry::Id(1 << 63),
            Entry::Missing,
        ];
        let decode = |strategy: Decode| {
            let n = entries.len();
            let (mut time, mut big, mut small, mut seq) = (vec![0.0; n], vec![0.0; n], vec![0; n], vec![0; n]);
            let mut cols = Columns {
                time: &mut time,
                time_as: TimeAs::Millis,
                nodes: vec![NodeColumn::Dbl(&mut big), NodeColumn::Int(&mut small)],
                sequence: Some(&mut seq),
            };
            let report = strategy(n, &|i| entries[i], &layout, &mut cols).unwrap();
            let bits = |v: &[f64]| v.iter().map(|t| t.to_bits()).collect::<Vec<_>>();
            (bits(&time), bits(&big), small, seq, report)
        };
        let (time, big, small, seq, report) = decode(rows);
        assert_eq!(
            decode(by_column),
            (time.clone(), big.clone(), small.clone(), seq.clone(), report.clone())
        );
        assert_eq!(f64::from_bits(time[0]), 1000.0);
        for i in 1..entries.len() {
            assert_eq!(time[i], NA_REAL_BITS, "{i}");
            assert_eq!(big[i], NA_REAL_BITS, "{i}");
            assert_eq!((small[i], seq[i]), (NA_INTEGER, NA_INTEGER), "{i}");
        }
        assert_eq!((report.early.count, report.early.positions.clone()), (2, vec![2, 3]));
        assert_eq!((report.invalid.count, report.invalid.positions), (2, vec![4, 5]));
        assert_eq!(report.early.first_reason, Some(Reason::BeforeLayout));
        // The shard formula needs no time: those IDs get their shard.
        let mut shards = vec![0; entries.len()];
        let invalid = shard_rows(entries.len(), |i| entries[i], &layout, 7, &mut shards).unwrap();
        assert_eq!(invalid.count, 2);
        assert_eq!(&shards[..3], &[1, 0, 0]);
    }

    #[test]
    fn ids_below_the_first_are_counted_in_order_across_threads() {
        let n = PARALLEL_MIN * 2;
        let layout = layout().with_first_id(1000);
        let entry = |i: usize| Entry::Id(if i % 7 == 3 { i as u64 % 1000 } else { 1000 + i as u64 });
        let (mut t, mut big, mut small) = (vec![0.0; n], vec![0.0; n], vec![0; n]);
        let cols = Columns {
            time: &mut t,
            time_as: TimeAs::Seconds,
            nodes: vec![NodeColumn::Dbl(&mut big), NodeColumn::Int(&mut small)],
            sequence: None,
        };
        let report = decode_by_column_parallel(n, entry, &layout, cols).unwrap();
        assert_eq!(report.early.count, (0..n).filter(|i| i % 7 == 3).count());
        assert_eq!(report.early.positions, vec![4, 11, 18, 25, 32]);
        assert!(report.invalid.is_empty());
    }

    #[test]
    fn an_imprecise_entry_stops_the_call() {
        let entries = [
            Entry::Invalid(Reason::NotDigits),
            Entry::Id(1),
            Entry::Imprecise,
            Entry::Invalid(Reason::NotDigits),
        ];
        assert_eq!(run(rows, &entries).4, Err(3));
        assert_eq!(run(by_column, &entries).4, Err(3));
    }

    #[test]
    fn two_threads_give_what_one_gives() {
        let n = PARALLEL_MIN + 12_345;
        let entry = |i: usize| match i % 1000 {
            7 => Entry::Invalid(Reason::NotDigits),
            9 => Entry::Missing,
            _ => Entry::Id((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 1),
        };
        let layout = layout();
        let run = |parallel: bool| {
            let (mut t, mut big, mut small, mut seq) = (vec![0.0; n], vec![0.0; n], vec![0; n], vec![0; n]);
            let mut cols = Columns {
                time: &mut t,
                time_as: TimeAs::Seconds,
                nodes: vec![NodeColumn::Dbl(&mut big), NodeColumn::Int(&mut small)],
                sequence: Some(&mut seq),
            };
            let r = if parallel {
                decode_by_column_parallel(n, entry, &layout, cols)
            } else {
                decode_by_column(n, entry, &layout, &mut cols)
            };
            (
                t.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                big.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                small,
                seq,
                r,
            )
        };
        let (one, two) = (run(false), run(true));
        assert!(one == two);
        assert_eq!(two.4.unwrap().invalid.count, n / 1000 + usize::from(n % 1000 > 7));
    }

    #[test]
    fn the_first_imprecise_entry_wins_across_threads() {
        let n = PARALLEL_MIN * 2;
        let late = n - 10;
        let early = n / 2 + 3;
        let layout = layout();
        for imprecise in [vec![late], vec![early, late], vec![5, late]] {
            let (mut t, mut big, mut small) = (vec![0.0; n], vec![0.0; n], vec![0; n]);
            let cols = Columns {
                time: &mut t,
                time_as: TimeAs::Seconds,
                nodes: vec![NodeColumn::Dbl(&mut big), NodeColumn::Int(&mut small)],
                sequence: None,
            };
            let read = |i: usize| {
                if imprecise.contains(&i) {
                    Entry::Imprecise
                } else {
                    Entry::Id(1)
                }
            };
            assert_eq!(decode_by_column_parallel(n, read, &layout, cols), Err(imprecise[0] + 1));
        }
    }

    #[test]
    fn integer64_na_is_missing_not_invalid() {
        let bits = [i64::MIN as u64, 7];
        let layout = layout();
        let (mut time, mut big, mut small) = (vec![0.0; 2], vec![0.0; 2], vec![0; 2]);
        let mut cols = Columns {
            time: &mut time,
            time_as: TimeAs::Seconds,
            nodes: vec![NodeColumn::Dbl(&mut big), NodeColumn::Int(&mut small)],
            sequence: None,
        };
        let invalid = decode_by_column(2, |i| from_integer64_bits(bits[i]), &layout, &mut cols).unwrap();
        assert_eq!(invalid.invalid.count, 0);
        assert!(time[0].is_nan() && !time[1].is_nan());
    }

    #[test]
    fn shards_follow_discords_formula() {
        // Discord: time part 42 bits above 22 bits of worker, process and
        // sequence; shard = (id >> 22) % num_shards.
        let discord = discord();
        let ids = [DISCORD_EXAMPLE.id, 1 << 63, u64::MAX, 0];
        let entries = [
            Entry::Id(ids[0]),
            Entry::Id(ids[1]),
            Entry::Id(ids[2]),
            Entry::Id(ids[3]),
            Entry::Missing,
            Entry::Invalid(Reason::Negative),
        ];
        for shards in [1u64, 2, 16, 1000, i32::MAX as u64] {
            let mut out = vec![0; entries.len()];
            let invalid = shard_rows(entries.len(), |i| entries[i], &discord, shards, &mut out).unwrap();
            for (k, &id) in ids.iter().enumerate() {
                assert_eq!(out[k] as u64, (id >> 22) % shards);
            }
            assert_eq!(&out[4..], &[NA_INTEGER, NA_INTEGER]);
            assert_eq!(invalid.count, 1);
        }
        // 175928847299117063 >> 22 is 41944705796.
        let mut out = [0];
        shard_rows(1, |_| Entry::Id(ids[0]), &discord, 1000, &mut out).unwrap();
        assert_eq!(out[0], 796);
    }

    #[test]
    fn times_in_milliseconds_floor_microseconds() {
        let tid = crate::test_cases::tid();
        let ids = [(1_724_171_495_793_999u64 << 10) | 5, 1 << 63];
        for decode in [rows as Decode, by_column as Decode] {
            let (mut time, mut clock, mut seq) = (vec![0.0; 2], vec![0; 2], vec![0; 2]);
            let mut cols = Columns {
                time: &mut time,
                time_as: TimeAs::Millis,
                nodes: vec![NodeColumn::Int(&mut clock)],
                sequence: Some(&mut seq),
            };
            let invalid = decode(2, &|i| Entry::Id(ids[i]), &tid, &mut cols).unwrap();
            assert_eq!(time[0], 1_724_171_495_793.0);
            assert!(time[1].is_nan() && invalid.invalid.count == 1);
            assert_eq!(clock[0], 5);
        }
    }

    #[test]
    fn scans_reads_and_validity() {
        let entries = [
            Entry::Id(3),
            Entry::Missing,
            Entry::Invalid(Reason::NotDigits),
            Entry::Id(1 << 63),
        ];
        let refuse = |id: u64| (id > 10).then_some(Reason::SignBit);
        let invalid = scan(4, |i| entries[i], refuse).unwrap();
        assert_eq!((invalid.count, invalid.positions.clone()), (2, vec![3, 4]));
        assert_eq!(scan(2, |i| [Entry::Id(1), Entry::Imprecise][i], refuse), Err(2));
        let mut out = [0.0; 4];
        assert_eq!(read_bits(|i| entries[i], refuse, &mut out), Ok(invalid));
        let bits: Vec<u64> = out.iter().map(|x| x.to_bits()).collect();
        assert_eq!(bits, [3, NA_INTEGER64_BITS, NA_INTEGER64_BITS, NA_INTEGER64_BITS]);
        let mut valid = [7; 4];
        assert_eq!(
            valid_rows(|i| entries[i], &crate::test_cases::twitter(), &mut valid),
            Ok(())
        );
        assert_eq!(valid, [1, NA_INTEGER, 0, 0]);
        let imprecise = [Entry::Id(3), Entry::Imprecise];
        assert_eq!(
            valid_rows(|i| imprecise[i], &crate::test_cases::twitter(), &mut valid[..2]),
            Err(2)
        );
    }

    #[test]
    fn shards_refuse_what_the_layout_refuses() {
        let layout = layout();
        let entries = [Entry::Id(1 << 63), Entry::Id(5 << 43), Entry::Imprecise];
        let mut out = [0; 3];
        assert_eq!(shard_rows(3, |i| entries[i], &layout, 4, &mut out), Err(3));
        let invalid = shard_rows(2, |i| entries[i], &layout, 4, &mut out).unwrap();
        assert_eq!(out[..2], [NA_INTEGER, 1]);
        assert_eq!(invalid.first_reason, Some(Reason::SignBit));
    }
}
