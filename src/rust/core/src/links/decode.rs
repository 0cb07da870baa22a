//! `id_from_url()`'s rows: each entry read as a link (or else as bare ID
//! text), its ID decoded under its layout, and what went wrong reported.

use super::{parse_link, Link, LinkId, Platform};
use crate::invalid::{Invalid, Reason};
use crate::layouts::builtin::Builtin;
use crate::layouts::layout::{Layout, TimeDecoder};
use crate::text::entry::{Entry, TextForm};
use crate::text::parse::{parse_text, trim_space};

/// The earliest time a Mastodon link's ID may hold, in POSIXct seconds:
/// 2008-07-02, when identi.ca opened. Mastodon (2016) dates a post fetched
/// from another server by the post's own time, and the fediverse it shows
/// began with identi.ca's StatusNet; an earlier time is no post's.
pub const MASTODON_FIRST_SECONDS: f64 = 1_214_956_800.0;

/// How far past the present a Mastodon link's ID may lie: a day, for
/// clocks that run fast. Any host's `/@<user>/<digits>` is read as
/// Mastodon's, so a time beyond that is a number that is no status's.
pub const MASTODON_AHEAD_SECONDS: f64 = 86_400.0;

/// One entry of `id_from_url()`'s input, read and decoded.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinkRow<'a> {
    /// The link, where the entry is one.
    pub link: Option<Link<'a>>,
    /// The ID, where the entry holds one: a link's, or bare ID text's.
    pub id: Option<u64>,
    /// Whether the ID is decoded with the layout given for bare ID text.
    pub bare: bool,
    /// The start of the ID's tick in POSIXct seconds, or `None` (no ID, or
    /// one below its layout's first, which holds no time).
    pub seconds: Option<f64>,
}

/// What reading links reports besides the rows: invalid entries (a link
/// whose ID part holds no ID of its layout, bare digits of 2^64 or more, a
/// Mastodon ID of no plausible time), where the first one's wrong part is
/// (byte offsets in its entry), and, by the name of the built-in layout,
/// IDs below that layout's first (no time).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkReport {
    pub invalid: Invalid,
    pub first_span: Option<(usize, usize)>,
    pub early: Vec<(&'static str, Invalid)>,
}

impl LinkReport {
    fn note_invalid(&mut self, i: usize, reason: Reason, span: Option<(usize, usize)>) {
        if self.invalid.count == 0 {
            self.first_span = span;
        }
        self.invalid.note(i, reason);
    }

    fn note_early(&mut self, layout: &'static str, i: usize) {
        match self.early.iter_mut().find(|(name, _)| *name == layout) {
            Some((_, early)) => early.note(i, Reason::BeforeLayout),
            None => {
                let mut early = Invalid::default();
                early.note(i, Reason::BeforeLayout);
                self.early.push((layout, early));
            }
        }
    }
}

/// A layout to decode with, and the built-in name under which IDs below its
/// first are reported.
struct Decoding<'l> {
    layout: &'l Layout,
    time: TimeDecoder,
    name: &'static str,
}

impl<'l> Decoding<'l> {
    fn new(layout: &'l Layout, name: &'static str) -> Decoding<'l> {
        Decoding {
            layout,
            time: layout.time_decoder(),
            name,
        }
    }
}

/// Reads each of `n` entries (`None` for NA) as a link, or else as bare ID
/// text decoded with `bare` (a layout and, if it is a built-in, its name),
/// and decodes every ID with its layout; `now` (POSIXct seconds) bounds
/// Mastodon's times. Text that is neither a link nor an ID is nothing: a
/// row of NA, not an invalid entry.
pub fn link_ids<'t>(
    n: usize,
    text: impl Fn(usize) -> Option<&'t [u8]>,
    bare: Option<(&Layout, &'static str)>,
    now: f64,
) -> (Vec<LinkRow<'t>>, LinkReport) {
    let layouts: Vec<Option<Layout>> = Platform::ALL
        .iter()
        .map(|&p| Builtin::find(p.layout())?.layout(None, None).ok())
        .collect();
    let decodings: Vec<Option<Decoding>> = Platform::ALL
        .iter()
        .zip(&layouts)
        .map(|(p, l)| l.as_ref().map(|l| Decoding::new(l, p.layout())))
        .collect();
    let bare = bare.map(|(layout, name)| Decoding::new(layout, name));
    let form = bare.as_ref().map_or(TextForm::Decimal, |b| b.layout.text_form());
    let mastodon = MASTODON_FIRST_SECONDS..=now + MASTODON_AHEAD_SECONDS;
    let mut report = LinkReport::default();
    let rows = (0..n)
        .map(|i| {
            let text = text(i)?;
            if let Some(link) = parse_link(text) {
                let mut row = match (link.id, &decodings[link.platform.index()]) {
                    (LinkId::Id(id), Some(with)) => decode_one(i, id, with, link.id_span, &mut report),
                    (LinkId::Invalid(reason), _) => {
                        report.note_invalid(i, reason, link.id_span);
                        LinkRow::default()
                    }
                    _ => LinkRow::default(),
                };
                let implausible =
                    link.platform == Platform::Mastodon && row.seconds.is_some_and(|s| !mastodon.contains(&s));
                if implausible {
                    report.note_invalid(i, Reason::ImplausibleTime, link.id_span);
                    row = LinkRow::default();
                }
                row.link = Some(link);
                return Some(row);
            }
            let row = match (parse_text(text, form), &bare) {
                (Entry::Id(id), Some(with)) => LinkRow {
                    bare: true,
                    ..decode_one(i, id, with, Some(span_of(text)), &mut report)
                },
                (Entry::Id(id), None) => LinkRow {
                    id: Some(id),
                    ..LinkRow::default()
                },
                // Digits that no ID can be: as the readers of IDs say.
                (Entry::Invalid(Reason::TooLarge), _) => {
                    report.note_invalid(i, Reason::TooLarge, Some(span_of(text)));
                    LinkRow::default()
                }
                _ => LinkRow::default(),
            };
            Some(row)
        })
        .map(Option::unwrap_or_default)
        .collect();
    (rows, report)
}

/// Where `text` is without the white space around it.
fn span_of(text: &[u8]) -> (usize, usize) {
    let trimmed = trim_space(text);
    let start = trimmed.as_ptr() as usize - text.as_ptr() as usize;
    (start, start + trimmed.len())
}

/// One ID decoded (its text at `span`): invalid past the layout's largest, with no time below
/// its first.
fn decode_one<'t>(
    i: usize,
    id: u64,
    with: &Decoding,
    span: Option<(usize, usize)>,
    report: &mut LinkReport,
) -> LinkRow<'t> {
    let layout = with.layout;
    if id > layout.max_id() {
        report.note_invalid(i, layout.refusal(id), span);
        return LinkRow::default();
    }
    if id < layout.first_id() {
        report.note_early(with.name, i);
    }
    LinkRow {
        id: Some(id),
        seconds: (id >= layout.first_id()).then(|| with.time.seconds(id)),
        ..LinkRow::default()
    }
}
