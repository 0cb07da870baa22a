//! Signs that a column of IDs was rounded before zuid saw it. A spreadsheet
//! keeps 15 significant digits, and a reader that went through doubles
//! keeps 53 bits: both leave valid numbers that decode to wrong fields.
//! Two signs are looked for, each only where a genuine ID could not show it
//! just as well:
//!
//! - **Decimal zeros.** An ID of at least 17 digits that ends in zeros and
//!   has at most 17 significant digits (spreadsheets leave 15, the shortest
//!   text of a double 16 or 17). A genuine ID ends in `k` zeros with a
//!   chance of at most 5^-k, even when its low bits are all zero (IDs
//!   minted one per tick): 10^k = 2^k 5^k, and the tick count is as likely
//!   as not to be a multiple of 5^k. IDs whose bits below the time part are
//!   all zero (such as `id_from_time()` bounds, which may fall on round
//!   times) are not counted.
//! - **Binary zeros.** A double holds 53 bits, so an ID of `b` bits that
//!   went through one has its lowest `b - 53` bits zero. Genuine IDs also
//!   have zero low bits when their sequence is 0 (one ID per tick) or their
//!   node value ends in zeros (a constant a generator chose), so only IDs
//!   whose sequence is not 0, and reaches into those bits, are counted: a
//!   genuine sequence has its lowest `q` bits zero with a chance of at most
//!   2^-q, whether it counts up from 0 or starts at random.
//!
//! A sign counts as rounding when more than half of the distinct IDs that
//! could show it do, and that many would show it by chance with a
//! probability below [`FALSE_ALARM`] (by the Chernoff bound of the binomial
//! tail, at the largest chance of any of them).

use crate::invalid::Invalid;
use crate::layout::Layout;
use crate::problem::{Code, Problem};

/// The largest chance that a genuine column is taken for a rounded one.
pub const FALSE_ALARM: f64 = 1e-9;
/// How many entries decoding looks at, one in each of as many equal
/// stretches of the column. A check costs some 30 ns an entry (sorting
/// them, to count each distinct ID once), and a rounded column shows its
/// sign in nearly every entry, so a thousand tell it from a genuine one far
/// beyond [`FALSE_ALARM`] while decoding a column of 100,000 IDs costs a
/// few percent more, not twice as much.
pub const DECODE_SAMPLE: usize = 1_000;
/// How many positions of IDs that show a sign are reported.
pub const POSITIONS_REPORTED: usize = 5;

/// One sign of rounding in a column.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evidence {
    /// Distinct IDs that could show the sign.
    pub informative: usize,
    /// How many of them show it.
    pub showing: usize,
    /// The largest chance that one of them shows it if it is genuine.
    pub chance: f64,
    /// The fewest zeros (decimal digits or bits) an informative ID had to
    /// end in to show the sign: the chance is 5^-depth or 2^-depth.
    pub depth: u32,
    /// The first positions (1-based, in input order) of IDs that show it.
    pub positions: Vec<usize>,
}

impl Evidence {
    /// -ln of the Chernoff bound on the chance that genuine IDs show the
    /// sign this often: how surprising the count is.
    pub fn surprise(&self) -> f64 {
        if self.informative == 0 {
            return 0.0;
        }
        let a = self.showing as f64 / self.informative as f64;
        let p = self.chance;
        if a <= p {
            return 0.0;
        }
        let term = |x: f64, y: f64| if x == 0.0 { 0.0 } else { x * (x / y).ln() };
        self.informative as f64 * (term(a, p) + term(1.0 - a, 1.0 - p))
    }

    /// Whether most IDs that could show the sign do, beyond chance.
    pub fn looks_rounded(&self) -> bool {
        2 * self.showing > self.informative && self.surprise() >= -FALSE_ALARM.ln()
    }

    fn note(&mut self, position: usize, chance: f64, depth: u32, shows: bool) {
        if self.informative == 0 || chance > self.chance {
            self.chance = chance;
            self.depth = depth;
        }
        self.informative += 1;
        if shows {
            self.showing += 1;
            self.positions.push(position);
        }
    }

    fn finish(&mut self) {
        self.positions.sort_unstable();
        self.positions.truncate(POSITIONS_REPORTED);
    }
}

/// What rounding most likely did it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Decimal zeros, 15 significant digits or fewer in most: a spreadsheet.
    Spreadsheet,
    /// Decimal zeros after 16 or 17 significant digits: a double's text.
    DoubleText,
    /// Binary zeros: a double's value, converted back exactly.
    DoubleValue,
}

impl Cause {
    pub fn name(self) -> &'static str {
        match self {
            Cause::Spreadsheet => "spreadsheet",
            Cause::DoubleText => "double_text",
            Cause::DoubleValue => "double_value",
        }
    }
}

/// What a column's IDs show.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Damage {
    /// Valid IDs looked at.
    pub examined: usize,
    /// Distinct values among them.
    pub distinct: usize,
    pub decimal: Evidence,
    /// Of the IDs that show decimal zeros, how many have at most 15
    /// significant digits.
    pub fifteen_digits: usize,
    /// `None` without a layout, or for a layout with no sequence.
    pub binary: Option<Evidence>,
}

impl Damage {
    /// The likely cause when the column looks rounded, else `None`.
    pub fn cause(&self) -> Option<Cause> {
        if self.decimal.looks_rounded() {
            Some(if 2 * self.fifteen_digits > self.decimal.showing {
                Cause::Spreadsheet
            } else {
                Cause::DoubleText
            })
        } else if self.binary.as_ref().is_some_and(Evidence::looks_rounded) {
            Some(Cause::DoubleValue)
        } else {
            None
        }
    }
}

/// The problem decoding reports when `entries` (0-based position, ID,
/// those valid under `layout`) look rounded, or `None`: the IDs that show
/// the sign counted, with their first positions; `element` names the cause,
/// `value` how many IDs could show it, `detail` the zeros (decimal digits or
/// bits) the sign took and `chance` the most a genuine ID shows it by.
pub fn rounded_problem(entries: Vec<(usize, u64)>, layout: &Layout) -> Option<Problem> {
    let damage = examine(entries, Some(layout));
    let cause = damage.cause()?;
    let evidence = if damage.decimal.looks_rounded() {
        &damage.decimal
    } else {
        damage.binary.as_ref()?
    };
    let shown = Invalid {
        count: evidence.showing,
        positions: evidence.positions.clone(),
        first_reason: None,
    };
    Problem::entries(Code::RoundedIds, shown).map(|p| {
        p.element(cause.name())
            .value(evidence.informative as f64)
            .detail(f64::from(evidence.depth))
            .chance(evidence.chance)
    })
}

/// Up to `limit` of the `n` entries, in increasing order, as (0-based
/// position, ID) for those `read` finds valid: all of them, or one from
/// each of `limit` equal stretches of the column, the first entry and then
/// a position within its stretch that a hash of the stretch's number picks,
/// so that a column that repeats itself (the same IDs every 200 rows, say)
/// is not read at the same place of each repeat. The same column always
/// gives the same sample.
pub fn sample(n: usize, limit: usize, read: impl Fn(usize) -> Option<u64>) -> Vec<(usize, u64)> {
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
    positions.filter_map(|i| read(i).map(|id| (i, id))).collect()
}

/// SplitMix64's finaliser: a well-spread hash of `x`.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The signs of rounding among `entries` (0-based position, ID), read
/// under `layout` when there is one.
pub fn examine(mut entries: Vec<(usize, u64)>, layout: Option<&Layout>) -> Damage {
    let examined = entries.len();
    // Each distinct value once, at its first position: one ID repeated (a
    // user's ID on every row of their posts) is one piece of evidence.
    entries.sort_unstable_by_key(|&(i, id)| (id, i));
    entries.dedup_by_key(|&mut (_, id)| id);
    let mut damage = Damage {
        examined,
        distinct: entries.len(),
        binary: layout.filter(|l| l.sequence().bits() > 0).map(|_| Evidence::default()),
        ..Damage::default()
    };
    for &(i, id) in &entries {
        note_decimal(&mut damage, i + 1, id, layout);
        if let (Some(binary), Some(layout)) = (damage.binary.as_mut(), layout) {
            note_binary(binary, i + 1, id, layout);
        }
    }
    damage.decimal.finish();
    if let Some(binary) = damage.binary.as_mut() {
        binary.finish();
    }
    damage
}

/// How many decimal digits `id` has, and how many of them are trailing
/// zeros.
fn decimal_shape(id: u64) -> (u32, u32) {
    let digits = id.checked_ilog10().map_or(1, |d| d + 1);
    let mut zeros = 0;
    let mut rest = id;
    while rest != 0 && rest % 10 == 0 {
        rest /= 10;
        zeros += 1;
    }
    (digits, zeros)
}

fn note_decimal(damage: &mut Damage, position: usize, id: u64, layout: Option<&Layout>) {
    let (digits, zeros) = decimal_shape(id);
    if digits < 17 {
        return;
    }
    // Nothing below the time part: a round time alone can end in zeros.
    if let Some(layout) = layout {
        if id & ((1u64 << layout.time().shift()) - 1) == 0 {
            return;
        }
    }
    let needed = (digits - 17).max(1);
    let shows = zeros >= needed;
    damage
        .decimal
        .note(position, 5f64.powi(-(needed as i32)), needed, shows);
    if shows && digits - zeros <= 15 {
        damage.fifteen_digits += 1;
    }
}

fn note_binary(binary: &mut Evidence, position: usize, id: u64, layout: &Layout) {
    let bits = 64 - id.leading_zeros();
    if bits <= 53 {
        return;
    }
    // A double zeroes the lowest `rounded` bits; they reach `reach` bits
    // into the sequence.
    let rounded = bits - 53;
    let sequence = layout.sequence();
    let Some(reach) = rounded.checked_sub(sequence.shift()).filter(|&q| q > 0) else {
        return;
    };
    if reach >= sequence.bits() || sequence.extract(id) == 0 {
        return;
    }
    let shows = id & ((1u64 << rounded) - 1) == 0;
    binary.note(position, 0.5f64.powi(reach as i32), reach, shows);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::{discord, sonyflake, twitter, SONYFLAKE_V1_EPOCH_MS, TWITTER_EPOCH_MS};

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

    fn indexed(ids: &[u64]) -> Vec<(usize, u64)> {
        ids.iter().copied().enumerate().collect()
    }

    /// `id` rounded to `digits` significant decimal digits, as a
    /// spreadsheet writes it.
    fn spreadsheet(id: u64, digits: u32) -> u64 {
        let step = 10u64.pow(id.ilog10() + 1 - digits);
        (id + step / 2) / step * step
    }

    /// `id` through a double and back, exactly.
    fn through_double(id: u64) -> u64 {
        id as f64 as u64
    }

    #[test]
    fn a_spreadsheets_column_is_flagged_as_one() {
        let ids: Vec<u64> = genuine(1000, 1).into_iter().map(|id| spreadsheet(id, 15)).collect();
        let damage = examine(indexed(&ids), Some(&twitter()));
        assert_eq!(damage.cause(), Some(Cause::Spreadsheet));
        assert!(damage.decimal.showing > 990);
        assert_eq!(damage.decimal.positions, vec![1, 2, 3, 4, 5]);
        // Without a layout too.
        assert_eq!(examine(indexed(&ids), None).cause(), Some(Cause::Spreadsheet));
    }

    #[test]
    fn decoding_reports_a_rounded_column_as_one_problem() {
        let ids: Vec<u64> = genuine(1000, 1).into_iter().map(|id| spreadsheet(id, 15)).collect();
        let damage = examine(indexed(&ids), Some(&twitter()));
        let problem = rounded_problem(indexed(&ids), &twitter()).expect("a problem");
        assert_eq!(problem.code, Code::RoundedIds);
        assert_eq!(problem.element, Some("spreadsheet"));
        assert_eq!(problem.value, Some(damage.decimal.informative as f64));
        // 19-digit IDs must end in 2 zeros: a genuine one does with a
        // chance of 1 in 25 at most.
        assert_eq!((problem.detail, problem.chance), (Some(2.0), Some(0.04)));
        let entries = problem.entries.expect("the IDs that show it");
        assert_eq!(entries.count, damage.decimal.showing);
        assert_eq!(entries.positions, vec![1, 2, 3, 4, 5]);
        assert_eq!(rounded_problem(indexed(&genuine(1000, 1)), &twitter()), None);
    }

    #[test]
    fn a_doubles_text_is_flagged_as_one() {
        // The shortest text of each double has 16 or 17 significant digits.
        let ids: Vec<u64> = genuine(1000, 2)
            .into_iter()
            .map(|id| {
                let d = id as f64;
                (15..=17)
                    .map(|digits| spreadsheet(d as u64, digits))
                    .find(|&v| v as f64 == d)
                    .unwrap()
            })
            .collect();
        assert_eq!(
            examine(indexed(&ids), Some(&twitter())).cause(),
            Some(Cause::DoubleText)
        );
    }

    #[test]
    fn a_doubles_value_is_flagged_by_its_low_bits() {
        let ids: Vec<u64> = genuine(1000, 3).into_iter().map(through_double).collect();
        let damage = examine(indexed(&ids), Some(&twitter()));
        assert_eq!(damage.cause(), Some(Cause::DoubleValue));
        let binary = damage.binary.unwrap();
        assert_eq!(binary.showing, binary.informative);
        assert!(binary.depth >= 7);
        // No layout, no binary sign: its zeros could be sequences of 0.
        assert_eq!(examine(indexed(&ids), None).cause(), None);
    }

    #[test]
    fn no_false_alarm_in_100_genuine_columns() {
        for seed in 0..100 {
            let ids = genuine(1000, 1000 + seed);
            let damage = examine(indexed(&ids), Some(&twitter()));
            assert_eq!(damage.cause(), None, "seed {seed}");
            // Far from the bound of -ln(1e-9), about 20.7.
            assert!(damage.decimal.surprise() < 5.0 && damage.binary.unwrap().surprise() < 5.0);
        }
    }

    #[test]
    fn ids_minted_one_per_tick_are_no_sign() {
        // Sequence 0, node 0: the lowest 22 bits are zero, and so are the
        // 8 a double would zero. Such IDs lose nothing through a double.
        let mut next = stream(9);
        let ids: Vec<u64> = (0..1000).map(|_| (next() % (1 << 40)) << 22).collect();
        let damage = examine(indexed(&ids), Some(&twitter()));
        assert_eq!(damage.cause(), None);
        assert_eq!(damage.binary.as_ref().unwrap().informative, 0);
        // A node of its own, sequence 0: still no sign.
        let ids: Vec<u64> = ids.iter().map(|id| id | (3 << 17) | (8 << 12)).collect();
        assert_eq!(examine(indexed(&ids), Some(&twitter())).cause(), None);
    }

    #[test]
    fn bounds_at_round_times_are_no_sign() {
        // Discord's epoch is a whole day: id_from_time() at whole seconds
        // ends in zeros. Nothing below its time part, so not counted.
        let discord = discord();
        let ids: Vec<u64> = (0..1000u64)
            .map(|day| (day * 86_400_000 + 3_000_000_000_000) << 22)
            .collect();
        assert!(ids.iter().all(|&id| id % 1000 == 0));
        let damage = examine(indexed(&ids), Some(&discord));
        assert_eq!((damage.decimal.informative, damage.cause()), (0, None));
    }

    #[test]
    fn one_id_repeated_is_one_piece_of_evidence() {
        let ids = vec![1_214_004_724_031_190_000u64; 1000];
        let damage = examine(indexed(&ids), Some(&twitter()));
        assert_eq!((damage.examined, damage.distinct), (1000, 1));
        assert_eq!(damage.cause(), None);
    }

    #[test]
    fn a_few_ids_are_too_few_to_tell() {
        let ids: Vec<u64> = genuine(3, 4).into_iter().map(|id| spreadsheet(id, 15)).collect();
        let damage = examine(indexed(&ids), Some(&twitter()));
        assert_eq!(damage.decimal.showing, 3);
        assert_eq!(damage.cause(), None);
        let ids: Vec<u64> = genuine(12, 4).into_iter().map(|id| spreadsheet(id, 15)).collect();
        assert_eq!(
            examine(indexed(&ids), Some(&twitter())).cause(),
            Some(Cause::Spreadsheet)
        );
    }

    #[test]
    fn sonyflakes_low_bits_are_its_machine_and_tell_nothing() {
        let layout = sonyflake(SONYFLAKE_V1_EPOCH_MS);
        let mut next = stream(5);
        let ids: Vec<u64> = (0..1000)
            .map(|_| through_double(((next() % (1 << 36)) << 24) | (next() & 0xFF_FFFF)))
            .collect();
        let damage = examine(indexed(&ids), Some(&layout));
        assert_eq!(damage.binary.as_ref().unwrap().informative, 0);
        assert_eq!(damage.cause(), None);
    }

    #[test]
    fn the_chance_bounds_what_genuine_ids_show() {
        // Decimal: 19 digits need 2 zeros, a chance of 1/25 at worst.
        let damage = examine(indexed(&genuine(2000, 6)), Some(&twitter()));
        assert_eq!((damage.decimal.depth, damage.decimal.chance), (2, 0.04));
        let share = damage.decimal.showing as f64 / damage.decimal.informative as f64;
        assert!(share < 0.04, "{share}");
        // Binary: 61-bit IDs lose 8 bits, all in the 12-bit sequence.
        let binary = damage.binary.unwrap();
        assert_eq!((binary.depth, binary.chance), (8, 1.0 / 256.0));
        assert!(binary.showing as f64 / (binary.informative as f64) < binary.chance);
    }

    #[test]
    fn surprise_is_the_chernoff_exponent() {
        let e = Evidence {
            informative: 10,
            showing: 10,
            chance: 0.04,
            ..Evidence::default()
        };
        assert!((e.surprise() - 10.0 * 25f64.ln()).abs() < 1e-9);
        let none = Evidence {
            informative: 100,
            showing: 3,
            chance: 0.04,
            ..Evidence::default()
        };
        assert_eq!(none.surprise(), 0.0);
        assert!(!Evidence::default().looks_rounded());
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
    fn decimal_shapes() {
        assert_eq!(decimal_shape(0), (1, 0));
        assert_eq!(decimal_shape(10), (2, 1));
        assert_eq!(decimal_shape(1_214_004_724_031_190_000), (19, 4));
        assert_eq!(decimal_shape(u64::MAX), (20, 0));
        assert_eq!(decimal_shape(10_000_000_000_000_000_000), (20, 19));
    }
}
