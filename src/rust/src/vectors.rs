//! Every R vector the binding returns is built here, one way: allocated by
//! R at its final length, filled once in place, and given its class. The
//! functions on a `SEXP` allocate only through R and own nothing that
//! needs dropping, so they work inside `catch::protect` (minting calls
//! them there); the ones that return an `Robj` wrap them for everything
//! else. The lists that carry results back (`list(value, problems)` and
//! the like) are put together with extendr's `list!` from vectors built
//! here.

use extendr_api::prelude::*;
use extendr_ffi::{
    cetype_t, R_ClassSymbol, R_NaString, R_NilValue, R_xlen_t, Rf_allocVector, Rf_install, Rf_mkCharLenCE, Rf_protect,
    Rf_setAttrib, Rf_unprotect, SET_STRING_ELT, SEXP, SEXPTYPE,
};
use zuid_core::decode::output::{bits_of, fill_bits, lost_problem, IdsAs};
use zuid_core::text::write::{write_decimal, DECIMAL_MAX_LEN};
use zuid_core::{Invalid, Problem};

/// A vector of `kind` and length `n` whose contents the caller writes.
///
/// SAFETY: on R's thread. The result is unprotected: protect it (or wrap
/// it in an `Robj`) before anything else is allocated.
/// Large numeric vectors are marked for huge pages before they are
/// written (see `pages`).
pub unsafe fn alloc(kind: SEXPTYPE, n: usize) -> SEXP {
    let v = Rf_allocVector(kind, n as R_xlen_t);
    crate::pages::advise_large(kind, v);
    v
}

/// Sets entry `i` of the character vector `out` to `text` (UTF-8; `None`
/// for NA). The string R makes is stored at once, before R can collect it.
///
/// SAFETY: on R's thread; `out` is a protected STRSXP longer than `i`.
pub unsafe fn set_text(out: SEXP, i: usize, text: Option<&[u8]>) {
    let charsxp = match text {
        Some(bytes) => Rf_mkCharLenCE(bytes.as_ptr().cast(), bytes.len() as i32, cetype_t::CE_UTF8),
        None => R_NaString,
    };
    SET_STRING_ELT(out, i as R_xlen_t, charsxp);
}

/// Gives a double vector of ID bits the class of `as_` (text has none), and
/// a `zuid_id` its `layout` unless that is NULL. Done here rather than in
/// R, where setting an attribute on a value just returned would copy it.
///
/// SAFETY: on R's thread; `out` and `layout` are protected.
pub unsafe fn set_ids_class(out: SEXP, as_: IdsAs, layout: SEXP) {
    let names = as_.class();
    if names.is_empty() {
        return;
    }
    let class = Rf_protect(alloc(SEXPTYPE::STRSXP, names.len()));
    for (i, name) in names.iter().enumerate() {
        set_text(class, i, Some(name.as_bytes()));
    }
    Rf_setAttrib(out, R_ClassSymbol, class);
    if as_ == IdsAs::Id && layout != R_NilValue {
        Rf_setAttrib(out, Rf_install(b"layout\0".as_ptr().cast()), layout);
    }
    Rf_unprotect(1);
}

fn owned(kind: SEXPTYPE, n: usize) -> Robj {
    // SAFETY: on R's thread (every binding function runs there); the
    // vector is protected by the Robj at once.
    unsafe { Robj::from_sexp(alloc(kind, n)) }
}

/// A double vector of length `n` whose contents the caller writes.
pub fn doubles(n: usize) -> Robj {
    owned(SEXPTYPE::REALSXP, n)
}

/// An integer vector of length `n` whose contents the caller writes.
pub fn integers(n: usize) -> Robj {
    owned(SEXPTYPE::INTSXP, n)
}

/// A logical vector of length `n` whose contents the caller writes.
pub fn logicals(n: usize) -> Robj {
    owned(SEXPTYPE::LGLSXP, n)
}

/// The slots of a logical vector made by [`logicals`], as R holds them:
/// 32-bit integers, 0, 1 or NA (the integer NA).
pub fn logical_slots(out: &mut Robj) -> &mut [i32] {
    let n = out.len();
    // SAFETY: `out` is a protected LGLSXP of length n, borrowed mutably
    // for as long as the slice lives.
    unsafe { std::slice::from_raw_parts_mut(extendr_ffi::LOGICAL(out.get()), n) }
}

/// A double vector holding `values`.
pub fn doubles_from(values: &[f64]) -> Robj {
    let mut out = doubles(values.len());
    out.as_real_slice_mut().expect("doubles").copy_from_slice(values);
    out
}

/// An integer vector holding `values`.
pub fn integers_from(values: &[i32]) -> Robj {
    let mut out = integers(values.len());
    out.as_integer_slice_mut().expect("integers").copy_from_slice(values);
    out
}

/// A character vector of `n` strings: `text(i, buf)` writes entry `i` into
/// `buf` and returns its bytes, or `None` for NA.
pub fn strings<const N: usize>(n: usize, mut text: impl FnMut(usize, &mut [u8; N]) -> Option<&[u8]>) -> Robj {
    let out = owned(SEXPTYPE::STRSXP, n);
    let mut buf = [0u8; N];
    for i in 0..n {
        // SAFETY: `out` is a protected STRSXP of length n.
        unsafe { set_text(out.get(), i, text(i, &mut buf)) };
    }
    out
}

/// A character vector of `items` (`None` for NA).
pub fn texts<S: AsRef<str>>(items: &[Option<S>]) -> Robj {
    let out = owned(SEXPTYPE::STRSXP, items.len());
    for (i, item) in items.iter().enumerate() {
        // SAFETY: `out` is a protected STRSXP of that length.
        unsafe { set_text(out.get(), i, item.as_ref().map(|s| s.as_ref().as_bytes())) };
    }
    out
}

/// Gives `out`, a double vector of ID bits, the class of `as_` (see
/// `set_ids_class`).
pub fn mark_ids(out: &Robj, as_: IdsAs, layout: &Robj) {
    // SAFETY: both are protected by their Robj.
    unsafe { set_ids_class(out.get(), as_, layout.get()) }
}

/// The `n` IDs that `id(i)` gives (`None` for NA) in the form `as_`, on
/// R's thread (`id` may read R's memory), with the problem of IDs an
/// integer64 form could not hold. A `zuid_id` carries `layout` (which may
/// be NULL).
pub fn ids(n: usize, as_: IdsAs, layout: &Robj, id: impl Fn(usize) -> Option<u64>) -> (Robj, Option<Problem>) {
    if as_ == IdsAs::Character {
        let out = strings::<DECIMAL_MAX_LEN>(n, |i, buf| id(i).map(|v| write_decimal(v, buf)));
        return (out, None);
    }
    let mut out = doubles(n);
    let mut lost = Invalid::default();
    for (i, slot) in out.as_real_slice_mut().expect("doubles").iter_mut().enumerate() {
        *slot = bits_of(id(i), as_, i, &mut lost);
    }
    mark_ids(&out, as_, layout);
    (out, lost_problem(lost))
}

/// `n` IDs in an integer64 form (`as_` is not `Character`), each written
/// where it goes, on two threads for many (see the core's `parallel`);
/// `one` must not call R. The first error by position stops the call.
pub fn bits<E: Send>(
    n: usize,
    as_: IdsAs,
    layout: &Robj,
    one: impl Fn(usize) -> std::result::Result<Option<u64>, E> + Sync,
) -> std::result::Result<(Robj, Option<Problem>), E> {
    let mut out = doubles(n);
    let lost: Invalid = fill_bits(out.as_real_slice_mut().expect("doubles"), as_, one)?;
    mark_ids(&out, as_, layout);
    Ok((out, lost_problem(lost)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::{eval, with_r};
    use zuid_core::r_values::NA_INTEGER64_BITS;

    #[test]
    fn strings_are_utf8_with_na() {
        with_r(|| {
            let out = texts(&[Some("a"), None, Some("\u{e9}")]);
            let back: Vec<Option<String>> = out
                .as_str_iter()
                .unwrap()
                .map(|s| (!s.is_na()).then(|| s.to_string()))
                .collect();
            assert_eq!(back, [Some("a".to_string()), None, Some("\u{e9}".to_string())]);
            let digits = strings::<4>(2, |i, buf| {
                buf[0] = b'0' + i as u8;
                Some(&buf[..1])
            });
            assert_eq!(digits.as_str_vector(), Some(vec!["0", "1"]));
        });
    }

    #[test]
    fn ids_carry_their_class_and_layout_and_lose_what_a_form_cannot_hold() {
        with_r(|| {
            let layout = eval("list(name = 'discord')");
            let top = 1u64 << 63;
            let (id, lost) = ids(3, IdsAs::Id, &layout, |i| [Some(top + 1), None, Some(top)][i]);
            let got: Vec<u64> = id.as_real_slice().unwrap().iter().map(|x| x.to_bits()).collect();
            assert_eq!(got, [top + 1, NA_INTEGER64_BITS, NA_INTEGER64_BITS]);
            assert_eq!(lost.unwrap().entries.unwrap().positions, vec![3]);
            assert!(id.get_attrib("layout").is_some());
            let (plain, lost) = ids(1, IdsAs::Integer64, &layout, |_| Some(top + 1));
            assert_eq!(plain.class().unwrap().collect::<Vec<_>>(), ["integer64"]);
            assert!(plain.get_attrib("layout").is_none() && lost.is_some());
            let (text, lost) = ids(1, IdsAs::Character, &layout, |_| Some(u64::MAX));
            assert_eq!(text.as_str_vector(), Some(vec!["18446744073709551615"]));
            assert!(lost.is_none());
        });
    }

    #[test]
    fn logical_slots_write_r_logicals() {
        with_r(|| {
            let mut out = logicals(3);
            logical_slots(&mut out).copy_from_slice(&[1, 0, i32::MIN]);
            let back = out.as_logical_slice().unwrap();
            assert!(back[0].is_true() && back[1].is_false() && back[2].is_na());
        });
    }
}
