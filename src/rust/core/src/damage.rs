//! Signs that a column of IDs, or a part of it, was rounded before zuid saw
//! it: a spreadsheet keeps 15 significant digits, the shortest text of a
//! double 16 or 17, and a double's value 53 bits. All leave valid numbers
//! that decode to wrong fields. Some entries say so by their form (a double
//! of 2^53 or more, scientific text: see `rounded`); the others are judged
//! by how far the zeros at their ends are from what genuine IDs show.
//!
//! Three signs are tested, each a count of pieces of evidence against what
//! genuine IDs would show by chance:
//!
//! - **Zeros after 15 significant digits** (a spreadsheet, or `%.15g`): an
//!   ID of `D` digits that ends in `k = D - 15` zeros. Only IDs whose
//!   lowest `k` bits are zero could (10^k = 2^k 5^k): of those, a genuine
//!   one ends so when its value is a multiple of 5^k, which depends on its
//!   tick. Split at the layout's time part, `ID = tick part + lower part`,
//!   it ends so when the tick part's residue modulo 5^k is the one the
//!   lower part needs: with ticks spread over time, 1 in 5^k (625 for 19
//!   digits). IDs whose lower part is itself a multiple of 5^k are left out
//!   (such as `id_from_time()` bounds and IDs composed at round times with
//!   round node values: their zeros come from the time alone).
//! - **The shortest text of a double** (a JSON or CSV writer that went
//!   through doubles: JavaScript, Python, jsonlite): an ID of `b` bits
//!   whose double stands for 2^r integers (`r = b - 53`), one of which is
//!   the shortest decimal text that reads back as it. A genuine ID is that
//!   one with a chance of about 1 in 2^r; the text is most often the
//!   multiple of 10 or 100 nearest the double, near which an ID with a
//!   small sequence lies, so the chance is taken as 1 in 2^(r - 2) (64 for
//!   today's tweet IDs). IDs that are exactly doubles (the low bits' sign)
//!   and those that show the spreadsheet's zeros are left out of it.
//! - **Zero low bits** (a double's value converted back exactly): an ID of
//!   `b` bits that went through a double has its lowest `b - 53` bits 0.
//!   Only IDs whose sequence is not 0 and reaches `q` bits into those are
//!   counted; a genuine sequence ends in `q` zero bits with a chance of 1
//!   in 2^q, whether it counts from 0 or starts at random. Where node fields
//!   fill those bits (Sonyflake's machine, a TID's clock id), nothing
//!   counts.
//!
//! A piece of evidence is a tick: each distinct ID counts once, and the IDs
//! of one tick (one generator's burst, whose sequences may follow any
//! pattern, such as steps of 256) count as one piece, which shows the sign
//! when all of its IDs that could show it do. IDs with the same lower part
//! (node fields and sequence) are one piece too: a generator minting at
//! regular times (every second, to the millisecond) has ticks of one
//! residue, and one that repeats its sequences from tick to tick shows the
//! same low bits in each: their zeros, all or none, prove nothing, while
//! rounding leaves lower parts nearly as varied as they were. Without a
//! layout, the column is read under the split of every built-in layout,
//! and the least surprising reading counts.
//!
//! A sign is found when so many pieces show it that genuine IDs would do so
//! with a probability below [`FALSE_ALARM`] (shared among the signs): by
//! the Chernoff bound of the sum of independent chances, which needs no
//! share of the column to be rounded, so that a rounded part of a column
//! (a run of rows, or the rows a spreadsheet touched) is found as such,
//! with the rows that show it.

use crate::invalid::Invalid;
use crate::layouts::builtin::BUILTINS;
use crate::layouts::layout::Layout;
use crate::problem::{Code, Problem};
use crate::rounded::{LossyForm, SPREADSHEET_DIGITS};

/// The largest chance that a genuine column, in which each tick's residue
/// and sequence fall as chance has them, is taken for a rounded one: shared
/// equally among the [`SIGNS`].
pub const FALSE_ALARM: f64 = 1e-9;
/// How many entries decoding looks at, one in each of as many equal
/// stretches of the column. A check costs some 30 ns an entry (sorting
/// them, to count each distinct ID once), and a rounded part of a column
/// shows its sign in nearly every entry it has, so a thousand tell a
/// column with a twentieth of it rounded from a genuine one far beyond
/// [`FALSE_ALARM`], while decoding a column of 100,000 IDs costs a few
/// percent more, not twice as much.
pub const DECODE_SAMPLE: usize = 1_000;
/// How many positions of entries that show a sign a problem reports.
pub const POSITIONS_REPORTED: usize = 5;

/// What one entry of a column is, to the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// An ID of the layout (or any 64-bit number without one).
    Id(u64),
    /// A value whose form says it lost digits.
    Lossy(LossyForm),
}

/// A sign of rounding that the check tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// Zeros after 15 significant digits.
    Digits15,
    /// The shortest decimal text of its double.
    DoubleText,
    /// Zero low bits below a double's 53.
    LowBits,
}

/// Every sign, in the order reports list them.
pub const SIGNS: [Sign; 3] = [Sign::Digits15, Sign::DoubleText, Sign::LowBits];

impl Sign {
    pub fn name(self) -> &'static str {
        match self {
            Sign::Digits15 => "digits15",
            Sign::DoubleText => "double_text",
            Sign::LowBits => "low_bits",
        }
    }

    /// The surprise (-ln of the bound on the chance) a sign must reach to be
    /// found: [`FALSE_ALARM`] shared among the signs.
    pub fn threshold() -> f64 {
        -(FALSE_ALARM / SIGNS.len() as f64).ln()
    }
}

/// What a column shows of one sign.
#[derive(Clone, Debug, PartialEq)]
pub struct Evidence {
    pub sign: Sign,
    /// Pieces (ticks, or distinct IDs without a layout) that could show it.
    pub informative: usize,
    /// How many of them show it.
    pub showing: usize,
    /// How many of them genuine IDs would show, at most, on average.
    pub expected: f64,
    /// The largest chance that one genuine piece shows it by.
    pub chance: f64,
    /// The zeros (decimal digits or bits) the sign took at that chance.
    pub depth: u32,
    /// -ln of the Chernoff bound on the chance that genuine IDs show it as
    /// often: how surprising the count is.
    pub surprise: f64,
    /// The 1-based positions of every entry that shows it, in order.
    pub rows: Vec<usize>,
}

impl Evidence {
    fn none(sign: Sign) -> Evidence {
        Evidence {
            sign,
            informative: 0,
            showing: 0,
            expected: 0.0,
            chance: 0.0,
            depth: 0,
            surprise: 0.0,
            rows: Vec::new(),
        }
    }

    /// Whether the count is beyond what chance explains.
    pub fn found(&self) -> bool {
        self.surprise >= Sign::threshold()
    }
}

/// What rounded (most of) the rows found rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Zeros after 15 significant digits: a spreadsheet.
    Spreadsheet,
    /// The shortest text of doubles: a JSON or CSV writer's.
    DoubleText,
    /// Zero low bits: a double's value, converted back exactly.
    DoubleValue,
    /// Doubles of 2^53 or more, as they are.
    Double,
    /// Scientific notation.
    Scientific,
}

impl Cause {
    pub fn name(self) -> &'static str {
        match self {
            Cause::Spreadsheet => "spreadsheet",
            Cause::DoubleText => "double_text",
            Cause::DoubleValue => "double_value",
            Cause::Double => "double",
            Cause::Scientific => "scientific",
        }
    }
}

/// What a column shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Damage {
    /// IDs looked at.
    pub examined: usize,
    /// Distinct values among them.
    pub distinct: usize,
    /// The 1-based positions of doubles of 2^53 or more.
    pub doubles: Vec<usize>,
    /// The 1-based positions of scientific text.
    pub scientific: Vec<usize>,
    /// Each sign tested (the low bits only with a layout that has a
    /// sequence).
    pub signs: Vec<Evidence>,
}

impl Damage {
    /// Whether any rows were found rounded.
    pub fn rounded(&self) -> bool {
        !self.doubles.is_empty() || !self.scientific.is_empty() || self.signs.iter().any(Evidence::found)
    }

    /// What rounded the most rows found rounded, if any were (a spreadsheet
    /// before a double's text when both count as many: 15 digits are also
    /// at most 17).
    pub fn cause(&self) -> Option<Cause> {
        let of_sign = |s: &Evidence| match s.sign {
            Sign::Digits15 => Cause::Spreadsheet,
            Sign::DoubleText => Cause::DoubleText,
            Sign::LowBits => Cause::DoubleValue,
        };
        let forms = [
            (Cause::Double, self.doubles.len()),
            (Cause::Scientific, self.scientific.len()),
        ];
        let signs = self
            .signs
            .iter()
            .filter(|s| s.found())
            .map(|s| (of_sign(s), s.rows.len()));
        forms
            .into_iter()
            .filter(|&(_, n)| n > 0)
            .chain(signs)
            .fold(None, |best: Option<(Cause, usize)>, (c, n)| match best {
                Some((_, m)) if m >= n => best,
                _ => Some((c, n)),
            })
            .map(|(c, _)| c)
    }

    /// The 1-based positions of every entry found rounded, in order: those
    /// of a lossy form, and those that show a sign that was found.
    pub fn rows(&self) -> Vec<usize> {
        let mut rows: Vec<usize> = self.doubles.iter().chain(&self.scientific).copied().collect();
        for s in self.signs.iter().filter(|s| s.found()) {
            rows.extend(&s.rows);
        }
        rows.sort_unstable();
        rows.dedup();
        rows
    }

    /// The sign (or form) behind the cause, for decoding's warning.
    pub fn leading(&self) -> Option<&Evidence> {
        let sign = match self.cause()? {
            Cause::Spreadsheet => Sign::Digits15,
            Cause::DoubleText => Sign::DoubleText,
            Cause::DoubleValue => Sign::LowBits,
            Cause::Double | Cause::Scientific => return None,
        };
        self.signs.iter().find(|s| s.sign == sign)
    }
}

/// The problem decoding reports when `entries` (0-based position, what it
/// is, for those valid under `layout` or of a lossy form) look rounded in
/// whole or in part, or `None`: the entries found rounded counted, with
/// their first positions; `element` names the cause, `value` how many
/// entries were looked at, and for a sign, `detail` the zeros (decimal
/// digits or bits) it took and `chance` the most a genuine ID shows it by.
pub fn rounded_problem(entries: Vec<(usize, Seen)>, layout: &Layout) -> Option<Problem> {
    let looked_at = entries.len();
    let damage = examine(entries, Some(layout));
    let cause = damage.cause()?;
    let rows = damage.rows();
    let shown = Invalid {
        count: rows.len(),
        positions: rows.into_iter().take(POSITIONS_REPORTED).collect(),
        first_reason: None,
    };
    let problem = Problem::entries(Code::RoundedIds, shown)?
        .element(cause.name())
        .value(looked_at as f64);
    Some(match damage.leading() {
        Some(e) => problem.detail(f64::from(e.depth)).chance(e.chance),
        None => problem,
    })
}

/// Up to `limit` of the `n` entries, in increasing order, as (0-based
/// position, what it is) for those `read` keeps: all of them, or one from
/// each of `limit` equal stretches of the column, the first entry and then
/// a position within its stretch that a hash of the stretch's number picks,
/// so that a column that repeats itself (the same IDs every 200 rows, say)
/// is not read at the same place of each repeat. The same column always
/// gives the same sample.
pub fn sample<T>(n: usize, limit: usize, read: impl Fn(usize) -> Option<T>) -> Vec<(usize, T)> {
    let positions: Box<dyn Iterator<Item = usize>> = if n <= limit {
        Box::new(0..n)
    } else {
        Box::new((0..limit).map(move |j| {
            let start = (j as u128 * n as u128 / limit as u128) as usize;
            let end = ((j as u128 + 1) * n as u128 / limit as u128) as usize;
            let offset = if j == 0 {
                0
            } else {
                (mix(j as u64) % (end - start) as u64) as usize
            };
            start + offset
        }))
    };
    positions.filter_map(|i| read(i).map(|x| (i, x))).collect()
}

/// SplitMix64's finaliser: a well-spread hash of `x`.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The signs of rounding among `entries` (0-based position, what it is),
/// read under `layout` when there is one.
pub fn examine(entries: Vec<(usize, Seen)>, layout: Option<&Layout>) -> Damage {
    let mut damage = Damage::default();
    let mut ids: Vec<(usize, u64)> = Vec::with_capacity(entries.len());
    for (i, seen) in entries {
        match seen {
            Seen::Id(id) => ids.push((i, id)),
            Seen::Lossy(LossyForm::Double) => damage.doubles.push(i + 1),
            Seen::Lossy(_) => damage.scientific.push(i + 1),
        }
    }
    damage.doubles.sort_unstable();
    damage.scientific.sort_unstable();
    damage.examined = ids.len();
    // Each distinct value once, in order, so that a tick's IDs are together.
    ids.sort_unstable_by_key(|&(i, id)| (id, i));
    let mut values: Vec<u64> = ids.iter().map(|&(_, id)| id).collect();
    values.dedup();
    damage.distinct = values.len();
    let splits = layout.map_or_else(builtin_splits, |l| vec![l.time().shift()]);
    for sign in [Sign::Digits15, Sign::DoubleText] {
        let (evidence, showing) = splits
            .iter()
            .map(|&split| match sign {
                Sign::Digits15 => spreadsheet_evidence(&values, split),
                _ => double_text_evidence(&values, split),
            })
            .min_by(|a, b| a.0.surprise.total_cmp(&b.0.surprise))
            .unwrap_or_else(|| (Evidence::none(sign), Vec::new()));
        damage.signs.push(with_rows(evidence, &showing, &ids));
    }
    if let Some(layout) = layout.filter(|l| l.sequence().bits() > 0) {
        let (evidence, showing) = binary_evidence(&values, layout);
        damage.signs.push(with_rows(evidence, &showing, &ids));
    }
    damage
}

/// The widths below the time part of the built-in layouts: how a column
/// is split into ticks and lower parts without a layout.
fn builtin_splits() -> Vec<u32> {
    let mut splits: Vec<u32> = BUILTINS
        .iter()
        .filter_map(|b| b.widths(b.guess_node_bits).ok())
        .map(|parts| {
            let time = parts.iter().position(|&(name, _, _)| name == "time").unwrap_or(0);
            parts[time + 1..].iter().map(|&(_, _, bits)| bits).sum()
        })
        .collect();
    splits.sort_unstable();
    splits.dedup();
    splits
}

/// The evidence with the positions of the entries whose values, `showing`
/// (in order), show it.
fn with_rows(mut evidence: Evidence, showing: &[u64], ids: &[(usize, u64)]) -> Evidence {
    evidence.rows = ids
        .iter()
        .filter(|&&(_, id)| showing.binary_search(&id).is_ok())
        .map(|&(i, _)| i + 1)
        .collect();
    evidence.rows.sort_unstable();
    evidence
}

/// One piece of evidence: IDs that could show a sign and may owe it to
/// one pattern of their generator, and whether all of them show it.
struct Piece {
    /// 5^k or 2^q: one in how many genuine pieces show it, at least (that
    /// of the first of its IDs).
    odds: u64,
    depth: u32,
    shows: bool,
}

/// What one ID says of a sign: whether it shows the sign's pattern (the
/// rows reported), and, where it could be evidence, the odds against a
/// genuine ID showing it and the zeros that takes.
struct Look {
    pattern: bool,
    evidence: Option<(u64, u32)>,
}

/// The root of `i` in a union-find forest, halving paths on the way.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// For each of sorted `values`, the piece it belongs to: values of one
/// tick (`v >> split`), and values with the same lower part (below
/// `split`), are one piece, transitively.
fn piece_of(values: &[u64], split: u32) -> Vec<usize> {
    let tick = |v: u64| v.checked_shr(split).unwrap_or(0);
    let mask = 1u64.checked_shl(split).map_or(u64::MAX, |b| b - 1);
    let mut parent: Vec<usize> = (0..values.len()).collect();
    let mut first_of_lower = std::collections::HashMap::<u64, usize>::new();
    for i in 0..values.len() {
        let mut join = |a: usize, b: usize| {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        };
        // Sorted: a tick's values are together.
        if i > 0 && tick(values[i]) == tick(values[i - 1]) {
            join(i, i - 1);
        }
        let first = *first_of_lower.entry(values[i] & mask).or_insert(i);
        join(i, first);
    }
    (0..values.len()).map(|i| root(&mut parent, i)).collect()
}

/// The pieces of `values` for a sign (see [`piece_of`]), each with IDs
/// that could be evidence; also the values that show its pattern, in
/// order.
fn pieces(values: &[u64], split: u32, look: impl Fn(u64) -> Look) -> (Vec<Piece>, Vec<u64>) {
    let of = piece_of(values, split);
    let mut slots: Vec<Option<Piece>> = (0..values.len()).map(|_| None).collect();
    let mut showing = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        let l = look(v);
        if l.pattern {
            showing.push(v);
        }
        if let Some((odds, depth)) = l.evidence {
            let piece = slots[of[i]].get_or_insert(Piece {
                odds,
                depth,
                shows: true,
            });
            piece.shows &= l.pattern;
        }
    }
    (slots.into_iter().flatten().collect(), showing)
}

fn digit_count(v: u64) -> u32 {
    v.checked_ilog10().map_or(1, |d| d + 1)
}

/// How many trailing zeros an ID of `D` digits must have after 15
/// significant digits, `D - 15`, and whether it has them; `None` below 16
/// digits.
fn spreadsheet_zeros(v: u64) -> Option<(u32, bool)> {
    let k = digit_count(v).checked_sub(SPREADSHEET_DIGITS).filter(|&k| k > 0)?;
    Some((k, v % 10u64.pow(k) == 0))
}

/// Zeros after 15 significant digits (see the module's notes), with ticks
/// and lower parts split at `split` bits: the evidence, and the values that
/// show it.
fn spreadsheet_evidence(values: &[u64], split: u32) -> (Evidence, Vec<u64>) {
    let low_mask = 1u64.checked_shl(split).map_or(u64::MAX, |b| b - 1);
    let look = |v: u64| {
        let Some((k, pattern)) = spreadsheet_zeros(v) else {
            return Look {
                pattern: false,
                evidence: None,
            };
        };
        let five = 5u64.pow(k);
        // Its lowest k bits must be 0, and its lower part alone must not end
        // in zeros: its zeros would come from a round time.
        let evidence = (v & ((1u64 << k) - 1) == 0 && (v & low_mask) % five != 0).then_some((five, k));
        Look { pattern, evidence }
    };
    let (pieces, showing) = pieces(values, split, look);
    (evidence(Sign::Digits15, &pieces), showing)
}

/// The shortest decimal text that reads back as `d` (as JavaScript, Python
/// and JSON writers write a double), as a whole number: Rust's formatting
/// of a double without a precision is that text.
fn shortest_text(d: f64) -> Option<u128> {
    let text = format!("{d:e}");
    let (mantissa, exponent) = text.split_once('e')?;
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let fraction = mantissa.split_once('.').map_or(0, |(_, f)| f.len()) as i32;
    let scale = u32::try_from(exponent.parse::<i32>().ok()? - fraction).ok()?;
    digits.parse::<u128>().ok()?.checked_mul(10u128.checked_pow(scale)?)
}

/// The shortest text of a double (see the module's notes), with ticks and
/// lower parts split at `split` bits: the evidence, and the values that
/// show it.
fn double_text_evidence(values: &[u64], split: u32) -> (Evidence, Vec<u64>) {
    let look = |v: u64| {
        let none = Look {
            pattern: false,
            evidence: None,
        };
        let rounded = (64 - v.leading_zeros()).saturating_sub(53);
        if rounded == 0 {
            return none;
        }
        let d = v as f64;
        let pattern = shortest_text(d) == Some(u128::from(v));
        // A double's exact value is the low bits' evidence, and 15 digits
        // the spreadsheet's, though a double's text may have them.
        let exact = d as u128 == u128::from(v);
        let fifteen = spreadsheet_zeros(v).is_some_and(|(_, z)| z);
        // One of the 2^r integers its double stands for is its text; a
        // genuine ID is that one with a chance of about 1 in 2^r, taken as
        // four times that: the text is most often the multiple of 10 or 100
        // nearest the double, and an ID with a small sequence lies near it.
        let evidence = (!exact && !fifteen && rounded > 2).then(|| (1u64 << (rounded - 2), rounded));
        Look { pattern, evidence }
    };
    let (pieces, showing) = pieces(values, split, look);
    (evidence(Sign::DoubleText, &pieces), showing)
}

/// Zero low bits where a double would zero them, under `layout`: the
/// evidence, and the values that show it.
fn binary_evidence(values: &[u64], layout: &Layout) -> (Evidence, Vec<u64>) {
    let sequence = layout.sequence();
    let counted = |v: u64| {
        let bits = 64 - v.leading_zeros();
        // A double zeroes the lowest `rounded` bits; they reach `reach`
        // bits into the sequence.
        let rounded = bits.checked_sub(53).filter(|&r| r > 0)?;
        let reach = rounded.checked_sub(sequence.shift()).filter(|&q| q > 0)?;
        if reach >= sequence.bits() || sequence.extract(v) == 0 {
            return None;
        }
        Some((1u64 << reach, reach))
    };
    let look = |v: u64| {
        let rounded = (64 - v.leading_zeros()).saturating_sub(53);
        Look {
            pattern: rounded > 0 && v & ((1u64 << rounded) - 1) == 0,
            evidence: counted(v),
        }
    };
    let (pieces, showing) = pieces(values, layout.time().shift(), look);
    (evidence(Sign::LowBits, &pieces), showing)
}

fn evidence(sign: Sign, pieces: &[Piece]) -> Evidence {
    let chances: Vec<f64> = pieces.iter().map(|p| 1.0 / p.odds as f64).collect();
    let showing = pieces.iter().filter(|p| p.shows).count();
    let likeliest = pieces.iter().min_by_key(|p| p.odds);
    Evidence {
        sign,
        informative: pieces.len(),
        showing,
        expected: chances.iter().sum(),
        chance: likeliest.map_or(0.0, |p| 1.0 / p.odds as f64),
        depth: likeliest.map_or(0, |p| p.depth),
        surprise: surprise(&chances, showing),
        rows: Vec::new(),
    }
}

/// -ln of the Chernoff bound on the chance that independent pieces, each
/// showing a sign with a chance of at most `chances[i]`, show it `showing`
/// times or more: `min over t > 0 of exp(-t s) prod(1 - p + p e^t)`.
/// Where more than a few hundred chances differ, they are first rounded up
/// to steps of 2^(1/16), which keeps the bound a bound and the work a few
/// hundred terms however long the column.
pub fn surprise(chances: &[f64], showing: usize) -> f64 {
    let mut exact = std::collections::BTreeMap::<u64, f64>::new();
    for &p in chances {
        *exact.entry(p.to_bits()).or_default() += 1.0;
    }
    let mut terms: Vec<(f64, f64)> = exact.into_iter().map(|(bits, n)| (f64::from_bits(bits), n)).collect();
    if terms.len() > 256 {
        let mut steps = std::collections::BTreeMap::<i64, f64>::new();
        for (p, n) in terms {
            *steps.entry((-p.log2() * 16.0).floor() as i64).or_default() += n;
        }
        terms = steps
            .into_iter()
            .map(|(step, n)| ((-(step as f64) / 16.0).exp2().min(1.0), n))
            .collect();
    }
    let s = showing as f64;
    let pieces: f64 = terms.iter().map(|t| t.1).sum();
    let mean: f64 = terms.iter().map(|&(p, n)| p * n).sum();
    if s <= mean {
        return 0.0;
    }
    if s >= pieces {
        return -terms.iter().map(|&(p, n)| n * p.ln()).sum::<f64>();
    }
    // The tilted mean, increasing in t, meets s where the bound is least.
    let tilted = |t: f64| {
        terms
            .iter()
            .map(|&(p, n)| n * p / (p + (1.0 - p) * (-t).exp()))
            .sum::<f64>()
    };
    let mut high = 1.0;
    while tilted(high) < s && high < 1e4 {
        high *= 2.0;
    }
    let mut low = 0.0;
    for _ in 0..100 {
        let mid = (low + high) / 2.0;
        if tilted(mid) < s {
            low = mid;
        } else {
            high = mid;
        }
    }
    let t = (low + high) / 2.0;
    let log_mgf: f64 = terms
        .iter()
        .map(|&(p, n)| n * (t + (p + (1.0 - p) * (-t).exp()).ln()))
        .sum();
    (t * s - log_mgf).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::{discord, mastodon, sonyflake, twitter, SONYFLAKE_V1_EPOCH_MS, TWITTER_EPOCH_MS};

    /// A reproducible stream of 64-bit numbers (xorshift64*).
    fn stream(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
    }

    /// Twitter IDs of 2024-2025: random ticks, nodes and sequences.
    fn genuine(n: usize, seed: u64) -> Vec<u64> {
        let mut next = stream(seed);
        let start = 1_704_067_200_000u64 - TWITTER_EPOCH_MS as u64;
        (0..n)
            .map(|_| {
                let tick = start + next() % 31_536_000_000;
                (tick << 22) | (next() & 0x3F_FFFF)
            })
            .collect()
    }

    fn seen(ids: &[u64]) -> Vec<(usize, Seen)> {
        ids.iter().map(|&id| Seen::Id(id)).enumerate().collect()
    }

    /// `id` rounded to `digits` significant decimal digits, as R's
    /// `as.character()` of its double or a spreadsheet's display does.
    fn spreadsheet(id: u64, digits: u32) -> u64 {
        let step = 10u64.pow(id.ilog10() + 1 - digits);
        (id + step / 2) / step * step
    }

    /// `id` through a double and back, exactly.
    fn through_double(id: u64) -> u64 {
        id as f64 as u64
    }

    /// The shortest decimal text of `id`'s double, as a JSON writer gives
    /// it, as a number.
    fn double_text(id: u64) -> u64 {
        let d = id as f64;
        (15..=17)
            .map(|digits| spreadsheet(d as u64, digits))
            .find(|&v| v as f64 == d)
            .unwrap()
    }

    fn sign(damage: &Damage, sign: Sign) -> &Evidence {
        damage.signs.iter().find(|e| e.sign == sign).unwrap()
    }

    #[test]
    fn a_spreadsheets_column_is_flagged_as_one() {
        let ids: Vec<u64> = genuine(1000, 1).into_iter().map(|id| spreadsheet(id, 15)).collect();
        let damage = examine(seen(&ids), Some(&twitter()));
        assert_eq!(damage.cause(), Some(Cause::Spreadsheet));
        let digits15 = sign(&damage, Sign::Digits15);
        assert!(digits15.found() && digits15.showing > 900, "{digits15:?}");
        // 19 digits, 4 zeros: 1 in 625.
        assert_eq!((digits15.depth, digits15.chance), (4, 1.0 / 625.0));
        assert_eq!(damage.rows().len(), 1000);
        // Without a layout too.
        assert_eq!(examine(seen(&ids), None).cause(), Some(Cause::Spreadsheet));
    }

    #[test]
    fn decoding_reports_the_rows_found_rounded_as_one_problem() {
        let ids: Vec<u64> = genuine(1000, 1).into_iter().map(|id| spreadsheet(id, 15)).collect();
        let problem = rounded_problem(seen(&ids), &twitter()).expect("a problem");
        assert_eq!(problem.code, Code::RoundedIds);
        assert_eq!(problem.element, Some("spreadsheet"));
        assert_eq!(problem.value, Some(1000.0));
        assert_eq!((problem.detail, problem.chance), (Some(4.0), Some(1.0 / 625.0)));
        let entries = problem.entries.expect("the rows");
        assert_eq!(entries.count, 1000);
        assert_eq!(entries.positions, vec![1, 2, 3, 4, 5]);
        assert_eq!(rounded_problem(seen(&genuine(1000, 1)), &twitter()), None);
    }

    #[test]
    fn a_doubles_text_is_flagged_as_one() {
        let ids: Vec<u64> = genuine(1000, 2).into_iter().map(double_text).collect();
        let damage = examine(seen(&ids), Some(&twitter()));
        assert_eq!(damage.cause(), Some(Cause::DoubleText));
        assert_eq!(examine(seen(&ids), None).cause(), Some(Cause::DoubleText));
    }

    #[test]
    fn a_doubles_value_is_flagged_by_its_low_bits() {
        let ids: Vec<u64> = genuine(1000, 3).into_iter().map(through_double).collect();
        let damage = examine(seen(&ids), Some(&twitter()));
        assert_eq!(damage.cause(), Some(Cause::DoubleValue));
        let binary = sign(&damage, Sign::LowBits);
        assert_eq!(binary.showing, binary.informative);
        assert_eq!((binary.depth, binary.chance), (8, 1.0 / 256.0));
        // No layout, no binary sign: its zeros could be sequences of 0.
        assert_eq!(examine(seen(&ids), None).cause(), None);
    }

    #[test]
    fn a_rounded_part_of_a_column_is_found_with_its_rows() {
        let layout = twitter();
        for (share, make) in [
            (0.05, spreadsheet as fn(u64, u32) -> u64),
            (0.2, spreadsheet),
            (0.45, spreadsheet),
        ] {
            let mut ids = genuine(1000, 30);
            let rounded = (share * 1000.0) as usize;
            // A run of rows in the middle, as a burst of edits leaves it.
            for id in &mut ids[400..400 + rounded] {
                *id = make(*id, 15);
            }
            let damage = examine(seen(&ids), Some(&layout));
            assert_eq!(damage.cause(), Some(Cause::Spreadsheet), "{share}");
            let rows = damage.rows();
            assert!((401..=400 + rounded).all(|r| rows.binary_search(&r).is_ok()), "{share}");
            // Genuine rows among them: 1 in 625 of those whose low bits allow.
            assert!(rows.len() <= rounded + 5, "{share}: {}", rows.len());
        }
        // A twentieth of a column through a double, scattered.
        let mut ids = genuine(1000, 31);
        for id in ids.iter_mut().step_by(20) {
            *id = through_double(*id);
        }
        let damage = examine(seen(&ids), Some(&layout));
        assert_eq!(damage.cause(), Some(Cause::DoubleValue));
        assert!(damage.rows().len() >= 50 && damage.rows().len() < 60);
    }

    #[test]
    fn no_false_alarm_in_100_genuine_columns() {
        for seed in 0..100 {
            let ids = genuine(1000, 1000 + seed);
            let damage = examine(seen(&ids), Some(&twitter()));
            assert_eq!(damage.cause(), None, "seed {seed}");
            // Far from the bound of about 21.8.
            assert!(
                damage.signs.iter().all(|s| s.surprise < 8.0),
                "seed {seed}: {:?}",
                damage.signs
            );
            assert_eq!(examine(seen(&ids), None).cause(), None, "seed {seed}");
        }
    }

    #[test]
    fn ids_minted_one_per_tick_are_no_sign() {
        // Sequence 0, node 0: the lowest 22 bits are zero, and so are the
        // 8 a double would zero. Such IDs lose nothing through a double.
        let mut next = stream(9);
        let ids: Vec<u64> = (0..1000).map(|_| (next() % (1 << 40)) << 22).collect();
        let damage = examine(seen(&ids), Some(&twitter()));
        assert_eq!(damage.cause(), None);
        assert!(damage.signs.iter().all(|s| s.informative == 0));
        // A node of its own, sequence 0: still no sign.
        let ids: Vec<u64> = ids.iter().map(|id| id | (3 << 17) | (8 << 12)).collect();
        assert_eq!(examine(seen(&ids), Some(&twitter())).cause(), None);
    }

    #[test]
    fn ids_minted_at_regular_times_are_no_sign() {
        // One ID a second, to the millisecond, from one node: every tick
        // part has one residue, so an ID ends in zeros for all or for none.
        // Whatever the start (every residue modulo 125, which the zeros
        // after 17 digits and the first three after 15 depend on), no alarm,
        // with the layout or without.
        for start in 0..125u64 {
            let t0 = 1_704_067_200_000 - TWITTER_EPOCH_MS as u64 + start * 37;
            let ids: Vec<u64> = (0..1000u64).map(|j| ((t0 + 1000 * j) << 22) | (5 << 12)).collect();
            assert_eq!(examine(seen(&ids), Some(&twitter())).cause(), None, "{start}");
            assert_eq!(examine(seen(&ids), None).cause(), None, "{start}");
        }
        // Hourly IDs of several nodes, through a spreadsheet: their lower
        // parts still differ, and the column is found.
        let t0 = 1_739_145_600_123 - TWITTER_EPOCH_MS as u64;
        let mut next = stream(21);
        let hourly: Vec<u64> = (0..100u64)
            .map(|j| ((t0 + 3_600_000 * j) << 22) | ((j % 32) << 12) | (next() % 4096))
            .collect();
        let kept: Vec<u64> = hourly.iter().map(|&id| spreadsheet(id, 15)).collect();
        assert_eq!(examine(seen(&kept), Some(&twitter())).cause(), Some(Cause::Spreadsheet));
        assert_eq!(examine(seen(&kept), None).cause(), Some(Cause::Spreadsheet));
        // One node whose sequences stay within 10,000 of each other: its
        // rounded lower parts are all one, as a regular generator's are,
        // and nothing tells the two apart.
        let narrow: Vec<u64> = (0..100u64)
            .map(|j| spreadsheet(((t0 + 3_600_000 * j) << 22) | (11 << 17) | (8 << 12) | (41 * j), 15))
            .collect();
        assert_eq!(examine(seen(&narrow), Some(&twitter())).cause(), None);
    }

    #[test]
    fn a_bursts_patterned_sequences_are_one_piece() {
        // One tick, one node, sequences in steps of 256: the pattern is the
        // generator's, and one tick is one piece of evidence.
        let tick = (1_735_732_800_123 - TWITTER_EPOCH_MS as u64) << 22;
        let ids: Vec<u64> = (1..=15).map(|k| tick | (3 << 17) | (5 << 12) | (256 * k)).collect();
        let damage = examine(seen(&ids), Some(&twitter()));
        assert_eq!(damage.cause(), None);
        assert_eq!(sign(&damage, Sign::LowBits).informative, 1);
        // The same sequence of 256 in consecutive ticks: one pattern too.
        let ids: Vec<u64> = (0..12)
            .map(|t| (tick + (t << 22)) | (3 << 17) | (5 << 12) | 256)
            .collect();
        assert_eq!(examine(seen(&ids), Some(&twitter())).cause(), None);
        // Consecutive sequences: no sign either.
        let ids: Vec<u64> = (0..300).map(|k| tick | (3 << 17) | (5 << 12) | k).collect();
        assert_eq!(examine(seen(&ids), Some(&twitter())).cause(), None);
    }

    #[test]
    fn bounds_at_round_times_are_no_sign() {
        // Discord's epoch is a whole day: id_from_time() at whole seconds
        // ends in zeros. Nothing below its time part, so not counted.
        let ids: Vec<u64> = (0..1000u64)
            .map(|day| (day * 86_400_000 + 3_000_000_000_000) << 22)
            .collect();
        assert!(ids.iter().all(|&id| id % 1000 == 0));
        let damage = examine(seen(&ids), Some(&discord()));
        assert!(damage.signs.iter().all(|s| s.informative == 0));
        assert_eq!(damage.cause(), None);
    }

    #[test]
    fn one_id_repeated_is_one_piece_of_evidence() {
        let ids = vec![1_214_004_724_031_190_000u64; 1000];
        let damage = examine(seen(&ids), Some(&twitter()));
        assert_eq!((damage.examined, damage.distinct), (1000, 1));
        assert_eq!(damage.cause(), None);
    }

    #[test]
    fn a_few_ids_are_too_few_to_tell() {
        let ids: Vec<u64> = genuine(3, 4).into_iter().map(|id| spreadsheet(id, 15)).collect();
        let damage = examine(seen(&ids), Some(&twitter()));
        assert_eq!(sign(&damage, Sign::Digits15).showing, 3);
        assert_eq!(damage.cause(), None);
        // Nine, each 1 in 625: found.
        let ids: Vec<u64> = genuine(9, 4).into_iter().map(|id| spreadsheet(id, 15)).collect();
        assert_eq!(examine(seen(&ids), Some(&twitter())).cause(), Some(Cause::Spreadsheet));
    }

    #[test]
    fn sonyflakes_low_bits_are_its_machine_and_tell_nothing() {
        let layout = sonyflake(SONYFLAKE_V1_EPOCH_MS);
        let mut next = stream(5);
        let ids: Vec<u64> = (0..1000)
            .map(|_| through_double(((next() % (1 << 36)) << 24) | (next() & 0xFF_FFFF)))
            .collect();
        let damage = examine(seen(&ids), Some(&layout));
        assert_eq!(sign(&damage, Sign::LowBits).informative, 0);
        assert_eq!(damage.cause(), None);
    }

    #[test]
    fn lossy_forms_are_rounded_rows_by_themselves() {
        let mut entries = seen(&genuine(100, 7));
        entries[10].1 = Seen::Lossy(LossyForm::Scientific);
        entries[20].1 = Seen::Lossy(LossyForm::Scientific);
        let damage = examine(entries.clone(), Some(&twitter()));
        assert_eq!((damage.cause(), damage.rows()), (Some(Cause::Scientific), vec![11, 21]));
        assert_eq!(damage.examined, 98);
        entries[30].1 = Seen::Lossy(LossyForm::Double);
        entries[40].1 = Seen::Lossy(LossyForm::Double);
        entries[50].1 = Seen::Lossy(LossyForm::Double);
        let damage = examine(entries.clone(), Some(&twitter()));
        assert_eq!(damage.cause(), Some(Cause::Double));
        let problem = rounded_problem(entries, &twitter()).unwrap();
        assert_eq!((problem.element, problem.detail), (Some("double"), None));
        assert_eq!(problem.entries.unwrap().positions, vec![11, 21, 31, 41, 51]);
    }

    #[test]
    fn mastodons_ids_are_read_at_their_own_depth() {
        // 57-bit IDs: a double zeroes 4 bits of the 16-bit sequence; 18
        // digits keep 15 with 3 zeros.
        let mut next = stream(8);
        let ids: Vec<u64> = (0..1000)
            .map(|_| ((1_700_000_000_000 + next() % 100_000_000_000) << 16) | (next() & 0xFFFF))
            .collect();
        let layout = mastodon();
        assert_eq!(examine(seen(&ids), Some(&layout)).cause(), None);
        let through: Vec<u64> = ids.iter().map(|&id| through_double(id)).collect();
        let damage = examine(seen(&through), Some(&layout));
        assert_eq!(damage.cause(), Some(Cause::DoubleValue));
        assert_eq!(sign(&damage, Sign::LowBits).depth, 4);
        let kept: Vec<u64> = ids.iter().map(|&id| spreadsheet(id, 15)).collect();
        let damage = examine(seen(&kept), Some(&layout));
        assert_eq!(
            (damage.cause(), sign(&damage, Sign::Digits15).depth),
            (Some(Cause::Spreadsheet), 3)
        );
    }

    #[test]
    fn surprise_is_the_chernoff_exponent() {
        // All of n show: the product of their chances.
        assert!((surprise(&[0.04; 10], 10) - 10.0 * 25f64.ln()).abs() < 1e-9);
        // No more than expected: no surprise.
        assert_eq!(surprise(&[0.04; 100], 3), 0.0);
        assert_eq!(surprise(&[], 0), 0.0);
        // Binomial: n KL(a || p).
        let (n, k, p) = (1000.0, 100.0, 0.04f64);
        let a = k / n;
        let kl = a * (a / p).ln() + (1.0 - a) * ((1.0 - a) / (1.0 - p)).ln();
        assert!((surprise(&vec![p; 1000], 100) - n * kl).abs() < 1e-6);
        // Rounding many different chances up to steps keeps the bound a
        // bound: never more surprise than with the chances themselves.
        let many: Vec<f64> = (0..1000).map(|i| 0.04 + f64::from(i) * 1e-6).collect();
        let rounded = surprise(&many, 100);
        assert!(rounded <= surprise(&vec![0.04; 1000], 100));
        assert!(rounded >= surprise(&vec![0.041 * 2f64.powf(1.0 / 16.0); 1000], 100));
        // Certain pieces add nothing.
        assert!((surprise(&[1.0, 1.0, 0.5, 0.5], 4) - 2.0 * 2f64.ln()).abs() < 1e-9);
    }

    #[test]
    fn without_a_layout_the_built_in_splits_are_tried() {
        let splits = builtin_splits();
        for s in [10, 16, 22, 23, 24] {
            assert!(splits.contains(&s), "{splits:?}");
        }
    }

    #[test]
    fn sampling_spreads_over_the_column() {
        let all = sample(10, 100, |i| Some(i as u64));
        assert_eq!(all.len(), 10);
        let some = sample(1_000_000, 1000, |i| (i % 2 == 0).then_some(i as u64));
        assert!(some.len() <= 1000 && some.len() >= 400);
        assert!(some.last().unwrap().0 > 990_000);
        assert_eq!(sample(0, 10, |_| Some(1)), vec![]);
        // One entry per stretch, in order, the first entry first; a column
        // that repeats every 200 entries is read at many places of a repeat.
        let spread = sample(200_000, 1000, |i| Some((i % 200) as u64));
        assert_eq!(spread.len(), 1000);
        assert_eq!(spread[0].0, 0);
        assert!(spread.iter().enumerate().all(|(j, &(i, _))| i / 200 == j));
        let mut places: Vec<u64> = spread.iter().map(|&(_, id)| id).collect();
        places.sort_unstable();
        places.dedup();
        assert!(places.len() > 150, "{}", places.len());
        assert_eq!(spread, sample(200_000, 1000, |i| Some((i % 200) as u64)));
    }

    #[test]
    fn the_shortest_text_of_a_double() {
        // As JavaScript's Number.prototype.toString() writes them.
        assert_eq!(
            shortest_text(1_214_004_724_031_189_004u64 as f64),
            Some(1_214_004_724_031_189_000)
        );
        assert_eq!(
            shortest_text(1_294_030_472_427_830_000u64 as f64),
            Some(1_294_030_472_427_830_000)
        );
        assert_eq!(shortest_text((1u64 << 60) as f64), Some(1_152_921_504_606_847_000));
        assert_eq!(
            shortest_text(9_007_199_254_740_993u64 as f64),
            Some(9_007_199_254_740_992)
        );
        for id in genuine(200, 40) {
            let text = shortest_text(id as f64).unwrap();
            assert_eq!(text as f64, id as f64);
            assert!(text % 10 == 0 || id < 1 << 57);
        }
    }

    #[test]
    fn digit_counts() {
        assert_eq!(digit_count(0), 1);
        assert_eq!(digit_count(10), 2);
        assert_eq!(digit_count(1_214_004_724_031_190_000), 19);
        assert_eq!(digit_count(u64::MAX), 20);
    }
}
