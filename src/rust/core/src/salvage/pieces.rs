//! Pieces of evidence: the IDs of a column grouped so that one
//! generator's pattern counts once, and what they show of a sign.

use super::damage::{Evidence, Sign};
use super::surprise::surprise;

/// One piece of evidence: IDs that could show a sign and may owe it to
/// one pattern of their generator, and whether all of them show it.
pub(super) struct Piece {
    /// The most a genuine piece shows it by (1 in 5^k, 1 in 2^q, or a
    /// platform's share: that of the first of its IDs).
    pub(super) chance: f64,
    pub(super) depth: u32,
    pub(super) shows: bool,
}

/// What one ID says of a sign: whether it shows the sign's pattern (the
/// rows reported), and, where it could be evidence, the odds against a
/// genuine ID showing it, as a chance, and the zeros that takes.
pub(super) struct Look {
    pub(super) pattern: bool,
    pub(super) evidence: Option<(f64, u32)>,
}

/// The root of `i` in a union-find forest, halving paths on the way.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// How IDs are grouped into pieces of evidence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Grouping {
    /// The IDs of one tick, and those with the same lower part: one
    /// generator's pattern, repeated from tick to tick, counts once.
    TickAndLower,
    /// The IDs of one tick: where what each ID shows is the platform's
    /// traffic at its time, not its generator's pattern.
    Tick,
}

/// For each of sorted `values`, the piece it belongs to: values of one
/// tick (`v >> split`), and with `TickAndLower` values with the same lower
/// part (below `split`), are one piece, transitively.
fn piece_of(values: &[u64], split: u32, grouping: Grouping) -> Vec<usize> {
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
        if grouping == Grouping::TickAndLower {
            let first = *first_of_lower.entry(values[i] & mask).or_insert(i);
            join(i, first);
        }
    }
    (0..values.len()).map(|i| root(&mut parent, i)).collect()
}

/// The pieces of `values` for a sign (see [`piece_of`]), each with IDs
/// that could be evidence; also the values that show its pattern, in
/// order.
pub(super) fn pieces(
    values: &[u64],
    split: u32,
    grouping: Grouping,
    look: impl Fn(u64) -> Look,
) -> (Vec<Piece>, Vec<u64>) {
    let of = piece_of(values, split, grouping);
    let mut slots: Vec<Option<Piece>> = (0..values.len()).map(|_| None).collect();
    let mut showing = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        let l = look(v);
        if l.pattern {
            showing.push(v);
        }
        if let Some((chance, depth)) = l.evidence {
            let piece = slots[of[i]].get_or_insert(Piece {
                chance,
                depth,
                shows: true,
            });
            piece.shows &= l.pattern;
        }
    }
    (slots.into_iter().flatten().collect(), showing)
}

pub(super) fn evidence(sign: Sign, pieces: &[Piece]) -> Evidence {
    let chances: Vec<f64> = pieces.iter().map(|p| p.chance).collect();
    let showing = pieces.iter().filter(|p| p.shows).count();
    let likeliest = pieces.iter().max_by(|a, b| a.chance.total_cmp(&b.chance));
    Evidence {
        sign,
        informative: pieces.len(),
        showing,
        expected: chances.iter().sum(),
        chance: likeliest.map_or(0.0, |p| p.chance),
        depth: likeliest.map_or(0, |p| p.depth),
        surprise: surprise(&chances, showing),
        rows: Vec::new(),
    }
}
