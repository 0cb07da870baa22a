//! What every reader of IDs shares: the entry one input value turns out
//! to be, and the text forms a layout's IDs are written in. The readers
//! (`parse` for text, `scru64` and `tid` for their forms, `r_values` for
//! R's numbers) all produce entries; none of them depends on another
//! through these definitions.

use crate::invalid::Reason;

/// What one input entry turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A 64-bit ID (not yet checked against a layout).
    Id(u64),
    /// A missing value: NA in gives NA out, silently.
    Missing,
    /// Malformed: becomes NA and is counted in the call's warning.
    Invalid(Reason),
    /// A double at or above 2^53, whose low digits may already be lost:
    /// refusing the whole call is the only safe answer.
    Imprecise,
}

/// The text a layout's IDs are written in besides decimal digits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TextForm {
    /// Decimal digits only.
    #[default]
    Decimal,
    /// SCRU64's 12 base36 digits, or decimal digits.
    Scru64,
    /// An AT Protocol TID's 13 base32-sortable characters, or decimal
    /// digits.
    Tid,
}

impl TextForm {
    /// The form a layout names: `decimal`, `scru64` or `tid`.
    pub fn from_name(name: &[u8]) -> Option<TextForm> {
        match name {
            b"decimal" => Some(TextForm::Decimal),
            b"scru64" => Some(TextForm::Scru64),
            b"tid" => Some(TextForm::Tid),
            _ => None,
        }
    }

    /// The form's name, as a layout object holds it.
    pub fn name(self) -> &'static str {
        match self {
            TextForm::Decimal => "decimal",
            TextForm::Scru64 => "scru64",
            TextForm::Tid => "tid",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_read_back_their_names() {
        for form in [TextForm::Decimal, TextForm::Scru64, TextForm::Tid] {
            assert_eq!(TextForm::from_name(form.name().as_bytes()), Some(form));
        }
        assert_eq!(TextForm::from_name(b"SCRU64"), None);
    }
}
