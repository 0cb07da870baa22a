//! IDs back to R: decimal strings, or the bits of each ID in a double
//! vector of class "integer64" (plain, or a `zuid_id`), built without bit64.

use crate::alloc;
use crate::problem::{Code, Problem};
use extendr_api::prelude::*;
use zuid_core::invalid::Reason;
use zuid_core::r_values::NA_INTEGER64_BITS;
use zuid_core::text::{write_decimal, DECIMAL_MAX_LEN};
use zuid_core::Invalid;

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
    pub fn from_name(name: &str) -> std::result::Result<IdsAs, Problem> {
        match name {
            "character" => Ok(IdsAs::Character),
            "integer64" => Ok(IdsAs::Integer64),
            "id" => Ok(IdsAs::Id),
            _ => Err(Problem::new(Code::InputType)),
        }
    }

    /// Whether `bits` can be held: 2^63 never can; 2^63 and more not by a
    /// plain integer64.
    pub fn holds(self, bits: u64) -> bool {
        match self {
            IdsAs::Integer64 => bits <= i64::MAX as u64,
            _ => bits != NA_INTEGER64_BITS,
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

/// Builds the `n` IDs that `id(i)` gives (`None` for NA) in the form `as_`
/// says, with the problem of IDs that form could not hold. A `zuid_id`
/// carries `layout` (which may be NULL).
pub fn ids_to_r(n: usize, as_: IdsAs, layout: &Robj, id: impl Fn(usize) -> Option<u64>) -> (Robj, Option<Problem>) {
    if as_ == IdsAs::Character {
        let out = alloc::strings::<DECIMAL_MAX_LEN>(n, |i, buf| id(i).map(|v| write_decimal(v, buf)));
        return (out, None);
    }
    let mut out = alloc::doubles(n);
    let mut lost = Invalid::default();
    for (i, slot) in out.as_real_slice_mut().expect("doubles").iter_mut().enumerate() {
        *slot = bits_of(id(i), as_, i, &mut lost);
    }
    mark_ids(&mut out, as_, layout);
    (out, Problem::entries(Code::Integer64Lost, lost))
}

/// The double holding ID `i` in integer64 form `as_`: NA for none, and NA
/// noted in `lost` for an ID the form cannot hold.
#[inline]
fn bits_of(id: Option<u64>, as_: IdsAs, i: usize, lost: &mut Invalid) -> f64 {
    f64::from_bits(match id {
        Some(bits) if as_.holds(bits) => bits,
        Some(_) => {
            lost.note(i, Reason::Integer64Na);
            NA_INTEGER64_BITS
        }
        None => NA_INTEGER64_BITS,
    })
}

/// Below this many IDs a second thread costs more than it saves.
const PARALLEL_MIN_IDS: usize = 1 << 20;

/// Makes `n` IDs in an integer64 form (`as_` is not `Character`) in one
/// pass, writing each where it goes, on two threads for many IDs: making an
/// ID is a few shifts, and writing fresh output memory is mostly the kernel
/// supplying pages, which two threads do side by side. `one` must not touch
/// R's API. The first problem by position stops the call.
pub fn make_bits<E: Send>(
    n: usize,
    as_: IdsAs,
    layout: &Robj,
    one: impl Fn(usize) -> std::result::Result<Option<u64>, E> + Sync,
) -> std::result::Result<(Robj, Option<Problem>), E> {
    let mut out = alloc::doubles(n);
    let slots = out.as_real_slice_mut().expect("doubles");
    let fill = |slots: &mut [f64], offset: usize| -> std::result::Result<Invalid, E> {
        let mut lost = Invalid::default();
        for (k, slot) in slots.iter_mut().enumerate() {
            *slot = bits_of(one(offset + k)?, as_, offset + k, &mut lost);
        }
        Ok(lost)
    };
    let lost = if n < PARALLEL_MIN_IDS {
        fill(slots, 0)?
    } else {
        let mid = n / 2;
        let (first, second) = slots.split_at_mut(mid);
        let (a, b) = std::thread::scope(|scope| {
            let other = scope.spawn(|| fill(second, mid));
            (fill(first, 0), other.join())
        });
        // In position order: the first half's problem wins. The loop
        // cannot panic: a panic there is a bug, which resurfaces here.
        let mut lost = a?;
        let b = b.unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
        lost.append(b, 0);
        lost
    };
    mark_ids(&mut out, as_, layout);
    Ok((out, Problem::entries(Code::Integer64Lost, lost)))
}

/// Gives a double vector of ID bits its class: "integer64", or a `zuid_id`
/// with its layout. Done here rather than in R, where setting an attribute
/// on a value just returned would copy it.
pub fn mark_ids(out: &mut Robj, as_: IdsAs, layout: &Robj) {
    if as_ == IdsAs::Id && !layout.is_null() {
        out.set_attrib("layout", layout.clone())
            .expect("a vector takes attributes");
    }
    out.set_class(as_.class()).expect("a vector takes a class");
}
