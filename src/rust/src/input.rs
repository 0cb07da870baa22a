//! Reading R vectors in place: IDs in their four input forms, and numeric
//! part values for composing.

use extendr_api::prelude::*;
use zuid_core::r_values::{from_double, from_integer, from_integer64_bits, Numbers};
use zuid_core::text::parse::parse_text;
use zuid_core::{Code, Entry, Problem, TextForm};

/// The bytes of a non-NA CHARSXP, read in place with no copy. extendr's
/// `&str` view assumes UTF-8, which R strings need not be.
pub fn charsxp_bytes(s: &Rstr) -> &[u8] {
    // SAFETY: `s` is a live CHARSXP (R keeps it alive while its vector is),
    // and R_CHAR points at Rf_xlength bytes.
    unsafe {
        let sexp = s.get();
        let len = usize::try_from(extendr_ffi::Rf_xlength(sexp)).unwrap_or(0);
        std::slice::from_raw_parts(extendr_ffi::R_CHAR(sexp).cast::<u8>(), len)
    }
}

/// How many strings ahead of the one being parsed to ask the processor to
/// fetch: a character vector's strings lie scattered over the heap, and
/// waiting for each in turn costs more than parsing it.
const PREFETCH_AHEAD: usize = 16;

#[inline]
fn prefetch_text(strings: &[Rstr], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(s) = strings.get(i) {
        // SAFETY: prefetching is a hint and never faults; the address is
        // that of a live CHARSXP (its header and first bytes of text).
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = s.get().cast::<i8>();
            _mm_prefetch::<_MM_HINT_T0>(p);
            _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(64));
        }
    }
}

/// A vector of IDs, read as R's `check_ids()` says.
pub enum Ids<'a> {
    Text { strings: &'a [Rstr], form: TextForm },
    Integer64(&'a [f64]),
    Double(&'a [f64]),
    Integer(&'a [i32]),
}

impl<'a> Ids<'a> {
    /// `input` is "character", "integer64", "double" or "integer"; text
    /// is read in the layout's text `form`.
    pub fn from_r(x: &'a Robj, input: &str, form: TextForm) -> std::result::Result<Ids<'a>, Problem> {
        let ids = match input {
            // The slice points into `x`'s own STRSXP, which outlives 'a.
            "character" => Strings::try_from(x.clone()).ok().map(|s| Ids::Text {
                strings: s.as_slice(),
                form,
            }),
            "integer64" => x.as_real_slice().map(Ids::Integer64),
            "double" => x.as_real_slice().map(Ids::Double),
            "integer" => x.as_integer_slice().map(Ids::Integer),
            _ => None,
        };
        ids.ok_or(Problem::new(Code::InputType))
    }

    pub fn len(&self) -> usize {
        match self {
            Ids::Text { strings, .. } => strings.len(),
            Ids::Integer64(v) | Ids::Double(v) => v.len(),
            Ids::Integer(v) => v.len(),
        }
    }

    /// The text of entry `i` as written, for text that is not NA; `None`
    /// for numbers.
    pub fn text(&self, i: usize) -> Option<&[u8]> {
        match self {
            Ids::Text { strings, .. } if !strings[i].is_na() => Some(charsxp_bytes(&strings[i])),
            _ => None,
        }
    }

    #[inline]
    pub fn get(&self, i: usize) -> Entry {
        match self {
            Ids::Text { strings, form } => {
                prefetch_text(strings, i + PREFETCH_AHEAD);
                let s = &strings[i];
                if s.is_na() {
                    Entry::Missing
                } else {
                    parse_text(charsxp_bytes(s), *form)
                }
            }
            Ids::Integer64(v) => from_integer64_bits(v[i].to_bits()),
            Ids::Double(v) => from_double(v[i]),
            Ids::Integer(v) => from_integer(v[i]),
        }
    }
}

/// The doubles that hold a vector of IDs' integer64 bits, read in place: a
/// `zuid_id` or plain integer64 that holds anything else was changed by code
/// that does not know the class (`storage.mode<-`, `class<-` on other
/// values), and is the problem `IdStorage`, naming the R type it holds.
pub fn integer64_bits(x: &Robj) -> std::result::Result<&[f64], Problem> {
    x.as_real_slice()
        .ok_or_else(|| Problem::new(Code::IdStorage).element(type_name(x.rtype())))
}

/// The name R's `typeof()` gives a vector of this type.
fn type_name(rtype: Rtype) -> &'static str {
    match rtype {
        Rtype::Null => "NULL",
        Rtype::Logicals => "logical",
        Rtype::Integers => "integer",
        Rtype::Complexes => "complex",
        Rtype::Strings => "character",
        Rtype::List => "list",
        Rtype::Raw => "raw",
        Rtype::Function | Rtype::Builtin | Rtype::Special => "function",
        Rtype::Environment => "environment",
        _ => "other",
    }
}

/// A recycled numeric argument (node value, sequence, time) as the core
/// reads it: an integer or a double vector, in place.
pub fn numbers(x: &Robj) -> Option<Numbers<'_>> {
    x.as_integer_slice()
        .map(Numbers::Int)
        .or_else(|| x.as_real_slice().map(Numbers::Dbl))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, with_r};
    use zuid_core::invalid::Reason;

    #[test]
    fn ids_are_read_in_place_in_each_input_form() {
        with_r(|| {
            let text = eval("c(' 175928847299117063', NA, 'x', '0u2pf62ji4b9')");
            let ids = Ids::from_r(&text, "character", TextForm::Scru64).unwrap();
            assert_eq!(ids.len(), 4);
            assert_eq!(ids.get(0), Entry::Id(175_928_847_299_117_063));
            assert_eq!(ids.get(1), Entry::Missing);
            assert_eq!(ids.get(2), Entry::Invalid(Reason::NotDigits));
            assert_eq!(ids.get(3), Entry::Id(109_959_589_539_758_421));
            let bits = eval("structure(c(0, -0), class = 'integer64')");
            let ids = Ids::from_r(&bits, "integer64", TextForm::Decimal).unwrap();
            assert_eq!((ids.get(0), ids.get(1)), (Entry::Id(0), Entry::Missing));
            let doubles = eval("c(2^53, 5, -1)");
            let ids = Ids::from_r(&doubles, "double", TextForm::Decimal).unwrap();
            assert_eq!((ids.get(0), ids.get(1)), (Entry::Imprecise, Entry::Id(5)));
            let ints = eval("c(NA, 3L)");
            let ids = Ids::from_r(&ints, "integer", TextForm::Decimal).unwrap();
            assert_eq!((ids.get(0), ids.get(1)), (Entry::Missing, Entry::Id(3)));
        });
    }

    #[test]
    fn a_form_that_does_not_match_the_vector_is_an_internal_problem() {
        with_r(|| {
            let text = eval("'1'");
            for input in ["double", "integer64", "integer", "list"] {
                assert_eq!(
                    Ids::from_r(&text, input, TextForm::Decimal).err().map(|p| p.code),
                    Some(Code::InputType)
                );
            }
            assert!(numbers(&text).is_none());
            assert!(matches!(numbers(&eval("1:2")), Some(Numbers::Int(&[1, 2]))));
        });
    }

    #[test]
    fn integer64_bits_are_doubles_or_a_problem_naming_the_type() {
        with_r(|| {
            let bits = eval("structure(c(1, -0), class = c('zuid_id', 'integer64'))");
            assert_eq!(integer64_bits(&bits).map(<[f64]>::len), Ok(2));
            for (tampered, type_name) in [
                ("structure(1:2, class = c('zuid_id', 'integer64'))", "integer"),
                ("structure('1', class = 'integer64')", "character"),
                ("structure(NA, class = c('zuid_id', 'integer64'))", "logical"),
                ("list(1)", "list"),
                ("NULL", "NULL"),
            ] {
                let problem = integer64_bits(&eval(tampered)).unwrap_err();
                assert_eq!((problem.code, problem.element), (Code::IdStorage, Some(type_name)));
            }
        });
    }

    #[test]
    fn bytes_are_read_as_r_holds_them() {
        with_r(|| {
            let latin1 = eval("iconv('\u{e9}', 'UTF-8', 'latin1')");
            let strings = Strings::try_from(latin1).unwrap();
            assert_eq!(charsxp_bytes(&strings.as_slice()[0]), [0xE9]);
        });
    }
}
