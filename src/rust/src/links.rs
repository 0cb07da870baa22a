//! `id_from_url()`: the core reads the links (`zuid_core::links`) and
//! decodes their IDs; the columns are built here.

use crate::input::charsxp_bytes;
use crate::layout::{layout_name, optional_layout};
use crate::reply::{reply, value, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use zuid_core::links::{link_ids, Link};
use zuid_core::r_values::na_real;
use zuid_core::text::write::{write_decimal, DECIMAL_MAX_LEN};
use zuid_core::{Code, Problem, BUILTINS};

/// Reads each string of `x` as a link (or bare ID text, decoded with
/// `layout`, a layout or NULL). The value is `list(platform, layout, id,
/// time, kind, user, instance, guild, channel)`: text columns (the ID as
/// decimal text), and `time` in POSIXct seconds. Links whose ID part holds
/// no ID of their layout are invalid entries; IDs below their layout's
/// first are reported by layout (the problem's `element`).
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
    let (rows, report) = link_ids(strings.len(), text, bare.as_ref().map(|l| (l, builtin)));
    let column = |f: &dyn Fn(&Link) -> Option<String>| {
        let items: Vec<Option<String>> = rows.iter().map(|r| r.link.as_ref().and_then(f)).collect();
        vectors::texts(&items)
    };
    let layouts: Vec<Option<String>> = rows
        .iter()
        .map(|r| match (&r.link, r.id, r.bare) {
            (_, None, _) => None,
            (_, Some(_), true) => name.clone(),
            (Some(link), Some(_), false) => Some(link.platform.layout().to_string()),
            (None, Some(_), false) => None,
        })
        .collect();
    let ids = vectors::strings::<DECIMAL_MAX_LEN>(rows.len(), |i, buf| rows[i].id.map(|id| write_decimal(id, buf)));
    let times: Vec<f64> = rows.iter().map(|r| r.seconds.unwrap_or_else(na_real)).collect();
    let columns = list!(
        platform = column(&|l| Some(l.platform.name().to_string())),
        layout = vectors::texts(&layouts),
        id = ids,
        time = vectors::doubles_from(&times),
        kind = column(&|l| l.kind.clone()),
        user = column(&|l| l.user.clone()),
        instance = column(&|l| l.instance.clone()),
        guild = column(&|l| l.guild.clone()),
        channel = column(&|l| l.channel.clone())
    );
    let (columns, mut problems) = value(columns)?;
    problems.extend(Problem::entries(Code::InvalidEntries, report.invalid));
    for (layout, early) in report.early {
        problems.extend(Problem::entries(Code::BeforeLayout, early).map(|p| p.element(layout)));
    }
    Ok((columns, problems))
}

extendr_module! {
    mod links;
    fn ids_from_links;
}
