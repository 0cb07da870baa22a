//! `id_from_url()`: the core reads the links (`zuid_core::links`) and
//! decodes their IDs; the columns are built here.

use crate::input::charsxp_bytes;
use crate::layout::{layout_name, optional_layout};
use crate::reply::{reply, value, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use extendr_ffi::{R_xlen_t, SET_STRING_ELT, SEXP, STRING_ELT};
use zuid_core::links::{link_ids, Link, LinkRow};
use zuid_core::r_values::na_real;
use zuid_core::text::write::{write_decimal, DECIMAL_MAX_LEN};
use zuid_core::{Clock, Code, Problem, SystemClock, BUILTINS};

/// Reads each string of `x` as a link (or bare ID text, decoded with
/// `layout`, a layout or NULL). The value is `list(platform, layout, id,
/// time, kind, user, instance, guild, channel)`: text columns (the ID as
/// decimal text), and `time` in POSIXct seconds. Links whose ID part holds
/// no ID of their layout are invalid entries, the first one's wrong part
/// given as the problem's `value` and `detail` (its first and last
/// character, 1-based); IDs below their layout's first are reported by
/// layout (the problem's `element`).
#[extendr]
fn ids_from_links(x: Strings, layout: Robj) -> Robj {
    reply(links(&x, &layout))
}

fn links(x: &Strings, layout: &Robj) -> Outcome {
    let bare = optional_layout(layout)?;
    let name = if bare.is_some() { layout_name(layout) } else { None };
    // IDs below a layout's first are reported under its built-in name; a
    // custom layout has no first ID.
    let builtin = name
        .as_deref()
        .and_then(|n| BUILTINS.iter().find(|b| b.name == n))
        .map_or("", |b| b.name);
    let strings = x.as_slice();
    let text = |i: usize| {
        let s = &strings[i];
        (!s.is_na()).then(|| charsxp_bytes(s))
    };
    let now = SystemClock.now_ms() as f64 / 1000.0;
    let (rows, report) = link_ids(strings.len(), text, bare.as_ref().map(|l| (l, builtin)), now);
    let bare_layout = name.as_deref();
    let layouts = texts_of(rows.len(), |i| {
        let row = &rows[i];
        match (&row.link, row.id, row.bare) {
            (_, None, _) => None,
            (_, Some(_), true) => bare_layout,
            (Some(link), Some(_), false) => Some(link.platform.layout()),
            (None, Some(_), false) => None,
        }
    });
    let ids = vectors::strings::<DECIMAL_MAX_LEN>(rows.len(), |i, buf| rows[i].id.map(|id| write_decimal(id, buf)));
    let times: Vec<f64> = rows.iter().map(|r| r.seconds.unwrap_or_else(na_real)).collect();
    let columns = list!(
        platform = link_column(&rows, |l| Some(l.platform.name())),
        layout = layouts,
        id = ids,
        time = vectors::doubles_from(&times),
        kind = link_column(&rows, |l| l.kind.as_deref()),
        user = link_column(&rows, |l| l.user.as_deref()),
        instance = link_column(&rows, |l| l.instance.as_deref()),
        guild = link_column(&rows, |l| l.guild.as_deref()),
        channel = link_column(&rows, |l| l.channel.as_deref())
    );
    let (columns, mut problems) = value(columns)?;
    let span = report.first_span;
    problems.extend(
        Problem::entries(Code::InvalidEntries, report.invalid).map(|p| match span {
            Some((start, end)) => p.value((start + 1) as f64).detail(end as f64),
            None => p,
        }),
    );
    for (layout, early) in report.early {
        problems.extend(Problem::entries(Code::BeforeLayout, early).map(|p| p.element(layout)));
    }
    Ok((columns, problems))
}

/// A column of what `f` gives of each row's link (NA where there is none).
fn link_column<'r>(rows: &'r [LinkRow], f: impl Fn(&'r Link) -> Option<&'r str>) -> Robj {
    texts_of(rows.len(), |i| rows[i].link.as_ref().and_then(&f))
}

/// A character vector of `n` strings that `text(i)` gives (`None` for NA),
/// with no copy on the way. Columns such as `platform` repeat a few
/// values: the last few strings made are kept and set again as they are,
/// so that R neither hashes nor looks them up once per row.
fn texts_of<'a>(n: usize, text: impl Fn(usize) -> Option<&'a str>) -> Robj {
    const KEPT: usize = 8;
    let out = vectors::strings::<0>(n, |_, _| None);
    let mut kept: [(&str, SEXP); KEPT] = [("", std::ptr::null_mut()); KEPT];
    let mut next = 0;
    for i in 0..n {
        let Some(t) = text(i) else { continue };
        // SAFETY: `out` is a protected STRSXP of length n; every string
        // kept was stored in it, which protects it.
        unsafe {
            match kept.iter().find(|(k, s)| !s.is_null() && *k == t) {
                Some(&(_, charsxp)) => SET_STRING_ELT(out.get(), i as R_xlen_t, charsxp),
                None => {
                    vectors::set_text(out.get(), i, Some(t.as_bytes()));
                    kept[next] = (t, STRING_ELT(out.get(), i as R_xlen_t));
                    next = (next + 1) % KEPT;
                }
            }
        }
    }
    out
}

extendr_module! {
    mod links;
    fn ids_from_links;
}
