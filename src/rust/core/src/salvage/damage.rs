//! Signs that a column of IDs, or a part of it, was rounded before zuid saw
//! it: a spreadsheet keeps 15 significant digits, the shortest text of a
//! double 16 or 17, and a double's value 53 bits. All leave valid numbers
//! that decode to wrong fields. Some entries say so by their form (a double
//! of 2^53 or more, scientific text: see `spans`); the others are judged
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

use super::signs::{binary_evidence, double_text_evidence, spreadsheet_evidence};
use super::spans::LossyForm;
use crate::invalid::Invalid;
use crate::layouts::builtin::BUILTINS;
use crate::layouts::layout::Layout;
use crate::problem::{Code, Problem};

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

#[cfg(test)]
#[path = "damage_tests.rs"]
mod tests;
