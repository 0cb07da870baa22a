//! AT Protocol TIDs' 13-character base32-sortable text, both ways.

use crate::reply::reply;
use crate::text::{ids_from_text, text_from_ids};
use extendr_api::prelude::*;
use zuid_core::text::tid::{parse_tid, tid_text, TID_TEXT_LEN};

/// The TID text of IDs read as `input` says (text is decimal here). Every
/// 64-bit number has TID text, so only malformed entries become NA.
#[extendr]
fn tid_from_ids(x: Robj, input: &str) -> Robj {
    reply(text_from_ids::<TID_TEXT_LEN, _>(
        &x,
        input,
        |_| None,
        |id| Some(tid_text(id)),
    ))
}

/// IDs from TID text; anything but 13 characters of the alphabet, the
/// first of them `2` to `j`, is invalid. Under `layout` (the `tid` layout,
/// or NULL), text whose number the layout refuses is invalid too.
#[extendr]
fn ids_from_tid(text: Strings, as_: &str, layout: Robj) -> Robj {
    reply(ids_from_text(&text, as_, parse_tid, &layout))
}

extendr_module! {
    mod tid;
    fn tid_from_ids;
    fn ids_from_tid;
}
