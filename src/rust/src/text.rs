//! What reading and writing the text forms of IDs (SCRU64's, TIDs') share:
//! a first pass that finds the entries that become NA, then one pass that
//! builds the output.

use crate::input::{charsxp_bytes, Ids};
use crate::layout::optional_layout;
use crate::reply::{with_invalid, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::decode::columns::scan;
use zuid_core::decode::output::IdsAs;
use zuid_core::invalid::Reason;
use zuid_core::{Code, Entry, Invalid, Problem, TextForm};

/// The text form `write` gives of IDs read as `input` says (text is decimal
/// here): `refuse` names the IDs the form cannot hold, which become NA.
/// `write` gives at most `N` bytes: a fixed-width form's `[u8; N]`, or
/// text of any width up to `N` (the bases of `zuid_core::text::bases`).
pub fn text_from_ids<const N: usize, T: AsRef<[u8]>>(
    x: &Robj,
    input: &str,
    refuse: impl Fn(u64) -> Option<Reason>,
    write: impl Fn(u64) -> Option<T>,
) -> Outcome {
    let ids = Ids::from_r(x, input, TextForm::Decimal)?;
    let invalid = scan(ids.len(), |i| ids.get(i), refuse).map_err(Problem::imprecise_at)?;
    let text = vectors::strings::<N>(ids.len(), |i, buf| match ids.get(i) {
        Entry::Id(id) => write(id).map(|digits| {
            let digits = digits.as_ref();
            buf[..digits.len()].copy_from_slice(digits);
            &buf[..digits.len()]
        }),
        _ => None,
    });
    with_invalid(text, invalid)
}

/// IDs from a text form that `parse` reads (SCRU64's, TIDs'): NA stays NA,
/// and anything `parse` refuses becomes NA and is reported. Under a layout
/// (not NULL), which a `zuid_id` then carries, IDs that do not fit it are
/// refused too.
pub fn ids_from_text(text: &Strings, as_: &str, parse: fn(&[u8]) -> Entry, layout: &Robj) -> Outcome {
    let as_ = IdsAs::from_name(as_)?;
    let fits = optional_layout(layout)?;
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
    let (out, lost) = vectors::ids(strings.len(), as_, layout, |i| match entry(i) {
        Entry::Id(id) => Some(id),
        _ => None,
    });
    let problems = Problem::entries(Code::InvalidEntries, invalid).into_iter().chain(lost);
    Ok((out, problems.collect()))
}
