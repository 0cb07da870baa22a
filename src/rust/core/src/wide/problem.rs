//! What can be wrong with a 128-bit (96- to 160-bit) ID or a request about
//! one: each problem names the rule that was broken and carries numbers
//! only (positions, lengths, versions), never the user's text, so that the
//! binding can hand it to R as a value and R can word the warning.

/// Which rule of TypeID's prefix (spec v0.3) a prefix broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrefixRule {
    /// More than 63 characters.
    TooLong,
    /// A character other than `a`-`z` and `_` (at this 1-based byte).
    Character(usize),
    /// Starts or ends with `_`.
    Underscore,
    /// A separator with nothing before it (`_0000...`).
    EmptyWithSeparator,
}

/// Why an entry is not an ID of the format, or why a request about one
/// cannot be met. Positions are 1-based byte offsets into the entry, as R
/// counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WideProblem {
    /// The text has a length no spelling of the format has (in bytes).
    Length(usize),
    /// A character outside the format's alphabet, or a separator (hyphen,
    /// brace) out of place, at this position.
    Alphabet(usize),
    /// Digits above the format's largest value (a ULID or TypeID suffix
    /// whose first character is above `7`, SCRU128 above 2^128 - 1, a
    /// KSUID above 2^160 - 1).
    AboveMax,
    /// An Xid whose last character carries bits beyond its 96 (only `0`
    /// and `g` can end one).
    PaddingBits,
    /// A TypeID prefix that breaks the spec's rules.
    Prefix(PrefixRule),
    /// A UUID whose variant bits are not RFC 9562's `10` (the variant's
    /// top three bits, 0 to 7).
    Variant(u8),
    /// A UUID of another version than the layout's (expected, found).
    Version { expected: u8, found: u8 },
    /// A UUID whose version is not one RFC 9562 defines (0, 9 to 15), other
    /// than the nil and max UUIDs.
    UnknownVersion(u8),
    /// A valid UUID whose version carries no time (2, 3, 4, 5, 8; 0 for
    /// the nil UUID, 15 for the max UUID): the entry parses, but has no
    /// time.
    NoTime(u8),
    /// A bound asked of a layout that does not sort by time (`uuidv1`, and
    /// `uuid`, whose entries mix versions).
    NotSortable,
    /// A time before the format's epoch or after its last representable
    /// instant.
    TimeRange,
    /// A conversion to UUID, ULID or TypeID text of an ID that is not 128
    /// bits wide (KSUID, ObjectId, Xid).
    NotWidth128,
}

impl WideProblem {
    /// The name R's condition table knows the problem by.
    pub fn code(self) -> &'static str {
        match self {
            WideProblem::Length(_) => "wide_length",
            WideProblem::Alphabet(_) => "wide_alphabet",
            WideProblem::AboveMax => "wide_above_max",
            WideProblem::PaddingBits => "wide_padding_bits",
            WideProblem::Prefix(PrefixRule::TooLong) => "typeid_prefix_too_long",
            WideProblem::Prefix(PrefixRule::Character(_)) => "typeid_prefix_character",
            WideProblem::Prefix(PrefixRule::Underscore) => "typeid_prefix_underscore",
            WideProblem::Prefix(PrefixRule::EmptyWithSeparator) => "typeid_prefix_empty",
            WideProblem::Variant(_) => "uuid_variant",
            WideProblem::Version { .. } => "uuid_version",
            WideProblem::UnknownVersion(_) => "uuid_unknown_version",
            WideProblem::NoTime(_) => "uuid_no_time",
            WideProblem::NotSortable => "not_sortable",
            WideProblem::TimeRange => "time_range",
            WideProblem::NotWidth128 => "not_128_bits",
        }
    }

    /// The number the message needs (a position, length, variant or
    /// version; the found version for `Version`), if any.
    pub fn number(self) -> Option<usize> {
        match self {
            WideProblem::Length(n) | WideProblem::Alphabet(n) => Some(n),
            WideProblem::Prefix(PrefixRule::Character(n)) => Some(n),
            WideProblem::Variant(v) | WideProblem::UnknownVersion(v) | WideProblem::NoTime(v) => Some(v as usize),
            WideProblem::Version { found, .. } => Some(found as usize),
            _ => None,
        }
    }

    /// Whether the entry is a well-formed ID that merely carries no time
    /// (counted apart from malformed entries in R's one warning).
    pub fn is_no_time(self) -> bool {
        matches!(self, WideProblem::NoTime(_))
    }
}

/// Every problem code, so that R's tests can check that each has words.
pub const ALL_CODES: &[&str] = &[
    "wide_length",
    "wide_alphabet",
    "wide_above_max",
    "wide_padding_bits",
    "typeid_prefix_too_long",
    "typeid_prefix_character",
    "typeid_prefix_underscore",
    "typeid_prefix_empty",
    "uuid_variant",
    "uuid_version",
    "uuid_unknown_version",
    "uuid_no_time",
    "not_sortable",
    "time_range",
    "not_128_bits",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_problem_has_a_listed_code_and_its_number() {
        let all = [
            (WideProblem::Length(37), Some(37)),
            (WideProblem::Alphabet(5), Some(5)),
            (WideProblem::AboveMax, None),
            (WideProblem::PaddingBits, None),
            (WideProblem::Prefix(PrefixRule::TooLong), None),
            (WideProblem::Prefix(PrefixRule::Character(3)), Some(3)),
            (WideProblem::Prefix(PrefixRule::Underscore), None),
            (WideProblem::Prefix(PrefixRule::EmptyWithSeparator), None),
            (WideProblem::Variant(6), Some(6)),
            (WideProblem::Version { expected: 7, found: 4 }, Some(4)),
            (WideProblem::UnknownVersion(9), Some(9)),
            (WideProblem::NoTime(4), Some(4)),
            (WideProblem::NotSortable, None),
            (WideProblem::TimeRange, None),
            (WideProblem::NotWidth128, None),
        ];
        let codes: Vec<&str> = all.iter().map(|(p, _)| p.code()).collect();
        assert_eq!(codes, ALL_CODES);
        for (p, n) in all {
            assert_eq!(p.number(), n, "{p:?}");
            assert_eq!(p.is_no_time(), p.code() == "uuid_no_time");
        }
    }
}
