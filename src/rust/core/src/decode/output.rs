//! IDs in the forms R takes them back in: decimal text, a plain
//! `bit64::integer64`, or a `zuid_id` (integer64 bits read as unsigned),
//! and the filling of integer64 slots, on two threads for many IDs.

use crate::compose::composer::Side;
use crate::decode::parallel::in_halves;
use crate::invalid::{Invalid, Reason};
use crate::problem::{Code, Problem};
use crate::r_values::NA_INTEGER64_BITS;

/// The R form IDs are returned in, as R's `as` argument names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdsAs {
    /// Decimal strings.
    Character,
    /// A plain `bit64::integer64`, which reads IDs of 2^63 and more as
    /// negative numbers: they become NA.
    Integer64,
    /// A `zuid_id`: integer64 bits read as unsigned, so only 2^63, the bit
    /// pattern of integer64's NA, cannot be held.
    Id,
}

impl IdsAs {
    /// The form R's `as` names: "character", "integer64" or "id" (R
    /// checked it, so another name is an internal error).
    pub fn from_name(name: &str) -> Result<IdsAs, Problem> {
        match name {
            "character" => Ok(IdsAs::Character),
            "integer64" => Ok(IdsAs::Integer64),
            "id" => Ok(IdsAs::Id),
            _ => Err(Problem::new(Code::InputType)),
        }
    }

    /// Whether the form can hold the ID `bits`: 2^63 never can as integer64
    /// bits, and no ID of 2^63 or more can be a plain integer64. Text holds
    /// every ID.
    pub fn holds(self, bits: u64) -> bool {
        match self {
            IdsAs::Character => true,
            IdsAs::Integer64 => bits <= i64::MAX as u64,
            IdsAs::Id => bits != NA_INTEGER64_BITS,
        }
    }

    /// A bound of the IDs of a time (`side` says which end) as the form
    /// holds it. A `zuid_id` cannot hold 2^63, integer64's NA: that bound
    /// (the smallest ID of the one tick that starts at 2^63) is held as its
    /// neighbour within the range, 2^63 + 1 (or 2^63 - 1 for an upper
    /// bound), which every ID a `zuid_id` can hold compares with alike.
    /// Every other bound, and every bound in the other forms, is itself.
    pub fn bound(self, bits: u64, side: Side) -> u64 {
        match (self, side) {
            (IdsAs::Id, Side::Min) if bits == NA_INTEGER64_BITS => bits + 1,
            (IdsAs::Id, Side::Max) if bits == NA_INTEGER64_BITS => bits - 1,
            _ => bits,
        }
    }

    /// The class of the R vector that holds IDs in this form (text has
    /// none).
    pub fn class(self) -> &'static [&'static str] {
        match self {
            IdsAs::Character => &[],
            IdsAs::Integer64 => &["integer64"],
            IdsAs::Id => &["zuid_id", "integer64"],
        }
    }
}

/// The double holding ID `i` in the integer64 form `as_`: NA for none, and
/// NA noted in `lost` for an ID the form cannot hold.
#[inline]
pub fn bits_of(id: Option<u64>, as_: IdsAs, i: usize, lost: &mut Invalid) -> f64 {
    f64::from_bits(match id {
        Some(bits) if as_.holds(bits) => bits,
        Some(_) => {
            lost.note(i, Reason::Integer64Na);
            NA_INTEGER64_BITS
        }
        None => NA_INTEGER64_BITS,
    })
}

/// Fills `out` with the IDs that `one(i)` makes (`None` for NA) in the
/// integer64 form `as_`, each written where it goes, on two threads for
/// many. Returns the IDs the form could not hold; the first error by
/// position stops the call.
pub fn fill_bits<E: Send>(
    out: &mut [f64],
    as_: IdsAs,
    one: impl Fn(usize) -> Result<Option<u64>, E> + Sync,
) -> Result<Invalid, E> {
    let fill = |slots: &mut [f64], first: usize| -> Result<Invalid, E> {
        let mut lost = Invalid::default();
        for (k, slot) in slots.iter_mut().enumerate() {
            *slot = bits_of(one(first + k)?, as_, first + k, &mut lost);
        }
        Ok(lost)
    };
    in_halves(out.len(), out, fill, |mut a, b| {
        a.append(b, 0);
        a
    })
}

/// The problem of IDs that an integer64 form could not hold, if any.
pub fn lost_problem(lost: Invalid) -> Option<Problem> {
    Problem::entries(Code::Integer64Lost, lost)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::parallel::PARALLEL_MIN;

    #[test]
    fn forms_hold_what_they_can() {
        let top = 1u64 << 63;
        assert!(IdsAs::Id.holds(top + 1) && !IdsAs::Id.holds(top));
        assert!(IdsAs::Integer64.holds(top - 1) && !IdsAs::Integer64.holds(top + 1));
        assert!(IdsAs::Character.holds(top));
        assert_eq!(IdsAs::from_name("id"), Ok(IdsAs::Id));
        assert_eq!(IdsAs::from_name("ID").unwrap_err().code, Code::InputType);
        assert_eq!(IdsAs::Id.class(), ["zuid_id", "integer64"]);
    }

    #[test]
    fn a_bound_of_2_63_is_held_by_its_neighbour_in_a_zuid_id() {
        let top = 1u64 << 63;
        assert_eq!(IdsAs::Id.bound(top, Side::Min), top + 1);
        assert_eq!(IdsAs::Id.bound(top, Side::Max), top - 1);
        assert_eq!(IdsAs::Id.bound(top + 7, Side::Min), top + 7);
        assert_eq!(IdsAs::Integer64.bound(top, Side::Min), top);
        assert_eq!(IdsAs::Character.bound(top, Side::Min), top);
        assert!(IdsAs::Id.holds(IdsAs::Id.bound(top, Side::Min)));
    }

    #[test]
    fn unheld_ids_become_na_and_are_counted_in_order() {
        let n = PARALLEL_MIN + 10;
        let top = 1u64 << 63;
        let id = |i: usize| -> Result<Option<u64>, ()> {
            Ok(match i % 1000 {
                3 => None,
                7 => Some(top + i as u64),
                _ => Some(i as u64),
            })
        };
        let mut out = vec![0.0; n];
        let lost = fill_bits(&mut out, IdsAs::Integer64, id).unwrap();
        assert_eq!(lost.count, n / 1000 + 1);
        assert_eq!(lost.positions[..2], [8, 1008]);
        assert_eq!(out[5].to_bits(), 5);
        assert_eq!(out[3].to_bits(), NA_INTEGER64_BITS);
        assert_eq!(out[7].to_bits(), NA_INTEGER64_BITS);
        let mut ids = vec![0.0; n];
        assert_eq!(fill_bits(&mut ids, IdsAs::Id, id).unwrap().count, 0);
        assert_eq!(ids[7].to_bits(), top + 7);
        assert_eq!(lost_problem(lost).map(|p| p.code), Some(Code::Integer64Lost));
    }

    #[test]
    fn the_first_error_stops_the_fill() {
        let mut out = vec![0.0; 10];
        let one = |i: usize| if i >= 4 { Err(i) } else { Ok(Some(1)) };
        assert_eq!(fill_bits(&mut out, IdsAs::Id, one), Err(4));
    }
}
