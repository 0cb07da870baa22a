//! SCRU64's 12-character base36 text, both ways, and what reading any
//! text form of IDs shares.

use crate::alloc;
use crate::decode::imprecise_at;
use crate::input::{charsxp_bytes, Ids};
use crate::layout::layout_from_r;
use crate::output::{ids_to_r, IdsAs};
use crate::problem::{reply, Code, Outcome, Problem};
use extendr_api::prelude::*;
use zuid_core::invalid::Reason;
use zuid_core::scru64::{parse_scru64, scru64_text, SCRU64_MAX, SCRU64_TEXT_LEN};
use zuid_core::{Entry, Invalid, TextForm};

/// A first pass over the entries, so that the output is built once and
/// only when it is needed: the problem of the first imprecise double, else
/// the entries that are neither missing nor IDs that `refuse` lets pass.
pub fn scan(ids: &Ids, refuse: impl Fn(u64) -> Option<Reason>) -> std::result::Result<Invalid, Problem> {
    let mut invalid = Invalid::default();
    for i in 0..ids.len() {
        match ids.get(i) {
            Entry::Imprecise => return Err(imprecise_at(i + 1)),
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

/// The SCRU64 text of IDs read as `input` says (text is decimal here).
#[extendr]
fn scru64_from_ids(x: Robj, input: &str) -> Robj {
    reply(to_scru64(&x, input))
}

fn to_scru64(x: &Robj, input: &str) -> Outcome {
    let refuse = |id: u64| (id > SCRU64_MAX).then_some(Reason::AboveScru64);
    text_from_ids::<SCRU64_TEXT_LEN>(x, input, refuse, scru64_text)
}

/// The text form `write` gives of IDs read as `input` says (text is decimal
/// here): `refuse` names the IDs the form cannot hold, which become NA.
pub fn text_from_ids<const N: usize>(
    x: &Robj,
    input: &str,
    refuse: impl Fn(u64) -> Option<Reason>,
    write: impl Fn(u64) -> Option<[u8; N]>,
) -> Outcome {
    let ids = Ids::from_r(x, input, TextForm::Decimal)?;
    let invalid = scan(&ids, refuse)?;
    let text = alloc::strings::<N>(ids.len(), |i, buf| match ids.get(i) {
        Entry::Id(id) => write(id).map(|digits| {
            *buf = digits;
            &buf[..]
        }),
        _ => None,
    });
    Ok((
        text,
        Problem::entries(Code::InvalidEntries, invalid).into_iter().collect(),
    ))
}

/// IDs from SCRU64 text; anything but 12 base36 digits is invalid.
#[extendr]
fn ids_from_scru64(text: Strings, as_: &str) -> Robj {
    reply(from_scru64(&text, as_))
}

fn from_scru64(text: &Strings, as_: &str) -> Outcome {
    ids_from_text(text, as_, parse_scru64, &Robj::from(()))
}

/// IDs from a text form that `parse` reads (SCRU64's, TIDs'): NA stays NA,
/// and anything `parse` refuses becomes NA and is reported. Under a layout
/// (not NULL), which a `zuid_id` then carries, IDs that do not fit it are
/// refused too.
pub fn ids_from_text(text: &Strings, as_: &str, parse: fn(&[u8]) -> Entry, layout: &Robj) -> Outcome {
    let as_ = IdsAs::from_name(as_)?;
    let fits = if layout.is_null() {
        None
    } else {
        Some(layout_from_r(layout)?)
    };
    let strings = text.as_slice();
    let entry = |i: usize| {
        let s = &strings[i];
        if s.is_na() {
            return Entry::Missing;
        }
        match (parse(charsxp_bytes(s)), &fits) {
            (Entry::Id(id), Some(l)) if id > l.max_id() => Entry::Invalid(l.refusal(id)),
            (entry, _) => entry,
        }
    };
    let mut invalid = Invalid::default();
    for i in 0..strings.len() {
        if let Entry::Invalid(reason) = entry(i) {
            invalid.note(i, reason);
        }
    }
    let (ids, lost) = ids_to_r(strings.len(), as_, layout, |i| match entry(i) {
        Entry::Id(id) => Some(id),
        _ => None,
    });
    Ok((
        ids,
        Problem::entries(Code::InvalidEntries, invalid)
            .into_iter()
            .chain(lost)
            .collect(),
    ))
}

extendr_module! {
    mod scru64;
    fn scru64_from_ids;
    fn ids_from_scru64;
}
