//! The report of a vector's invalid entries that becomes R's one warning:
//! how many there were and where the first few are.

use crate::wide::problem::WideProblem;

/// How many invalid positions a call reports.
pub const POSITIONS_REPORTED: usize = 5;

/// Why an entry is not an ID, for the warning's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Text that is not decimal digits (nor the layout's text form).
    NotDigits,
    /// Decimal text of 2^64 or more.
    TooLarge,
    /// The sign bit set where the layout reserves it.
    SignBit,
    /// 36^12 or more, which SCRU64's text cannot hold.
    AboveScru64,
    /// Text that is not SCRU64's 12 base36 digits.
    NotScru64Text,
    /// Text that is not an AT Protocol TID's 13 base32-sortable characters.
    NotTidText,
    /// A negative number.
    Negative,
    /// A number that is not whole.
    Fraction,
    /// Infinity or NaN.
    NotFinite,
    /// 2^63, which an integer64 holds as its NA.
    Integer64Na,
    /// Text that is not hex digits (see `bases`).
    NotHexText,
    /// Text that is not Crockford base32 digits.
    NotBase32Text,
    /// Text that is not base36 digits.
    NotBase36Text,
    /// Text that is not base58 digits (Flickr's alphabet).
    NotBase58Text,
    /// Text that is not base62 digits.
    NotBase62Text,
    /// A number in scientific notation, whose digits are lost.
    Scientific,
    /// Text that is not an Instagram shortcode (base64url digits).
    NotShortcode,
    /// An ID below where the layout's IDs begin (a platform's older
    /// sequential number): decoding gives it no time. Decoders report these
    /// apart from invalid entries, which they are not.
    BeforeLayout,
    /// Text that is not an ID of a 96- to 160-bit format, by the rule of
    /// that format it broke.
    Wide(WideProblem),
    /// A Mastodon link's ID whose time no post can have (before the
    /// fediverse began, or ahead of the present): any host's
    /// `/@<user>/<digits>` reads as Mastodon's.
    ImplausibleTime,
}

impl Reason {
    /// The name R's messages know the reason by.
    pub fn name(self) -> &'static str {
        match self {
            Reason::NotDigits => "not_digits",
            Reason::TooLarge => "too_large",
            Reason::SignBit => "sign_bit",
            Reason::AboveScru64 => "above_scru64",
            Reason::NotScru64Text => "not_scru64_text",
            Reason::NotTidText => "not_tid_text",
            Reason::Negative => "negative",
            Reason::Fraction => "fraction",
            Reason::NotFinite => "not_finite",
            Reason::Integer64Na => "integer64_na",
            Reason::NotHexText => "not_hex_text",
            Reason::NotBase32Text => "not_base32_text",
            Reason::NotBase36Text => "not_base36_text",
            Reason::NotBase58Text => "not_base58_text",
            Reason::NotBase62Text => "not_base62_text",
            Reason::Scientific => "scientific",
            Reason::NotShortcode => "not_shortcode",
            Reason::BeforeLayout => "before_layout",
            Reason::Wide(problem) => problem.code(),
            Reason::ImplausibleTime => "implausible_time",
        }
    }

    pub const ALL: [Reason; 19] = [
        Reason::NotDigits,
        Reason::TooLarge,
        Reason::SignBit,
        Reason::AboveScru64,
        Reason::NotScru64Text,
        Reason::NotTidText,
        Reason::Negative,
        Reason::Fraction,
        Reason::NotFinite,
        Reason::Integer64Na,
        Reason::NotHexText,
        Reason::NotBase32Text,
        Reason::NotBase36Text,
        Reason::NotBase58Text,
        Reason::NotBase62Text,
        Reason::Scientific,
        Reason::NotShortcode,
        Reason::BeforeLayout,
        Reason::ImplausibleTime,
    ];
}

/// Entries that were not IDs: how many, the first positions (1-based),
/// and why the first of them is not an ID.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Invalid {
    pub count: usize,
    pub positions: Vec<usize>,
    pub first_reason: Option<Reason>,
}

impl Invalid {
    /// Notes the 0-based entry `i`, invalid for `reason`.
    pub fn note(&mut self, i: usize, reason: Reason) {
        self.count += 1;
        if self.positions.len() < POSITIONS_REPORTED {
            self.positions.push(i + 1);
        }
        self.first_reason.get_or_insert(reason);
    }

    /// Adds the report of entries that start at 0-based `offset`, as the
    /// second half of a split input: counts add, positions stay in order.
    pub fn append(&mut self, later: Invalid, offset: usize) {
        for p in later.positions {
            if self.positions.len() < POSITIONS_REPORTED {
                self.positions.push(offset + p);
            }
        }
        self.count += later.count;
        if self.first_reason.is_none() {
            self.first_reason = later.first_reason;
        }
    }

    /// The report of entries counted from 0-based `offset` in a longer
    /// input: the same entries at their positions there.
    pub fn offset_by(mut self, offset: usize) -> Invalid {
        for p in &mut self.positions {
            *p += offset;
        }
        self
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_first_positions_are_kept() {
        let mut invalid = Invalid::default();
        invalid.note(0, Reason::Negative);
        for i in 1..100 {
            invalid.note(i, Reason::NotDigits);
        }
        let expected = Invalid {
            count: 100,
            positions: vec![1, 2, 3, 4, 5],
            first_reason: Some(Reason::Negative),
        };
        assert_eq!(invalid, expected);
    }

    #[test]
    fn appending_keeps_positions_and_the_first_reason_in_order() {
        let mut first = Invalid::default();
        first.note(2, Reason::TooLarge);
        let mut second = Invalid::default();
        for i in [0, 4, 5, 6, 7] {
            second.note(i, Reason::SignBit);
        }
        first.append(second, 10);
        let expected = Invalid {
            count: 6,
            positions: vec![3, 11, 15, 16, 17],
            first_reason: Some(Reason::TooLarge),
        };
        assert_eq!(first, expected);
        let mut empty = Invalid::default();
        let mut later = Invalid::default();
        later.note(1, Reason::Fraction);
        empty.append(later.clone(), 5);
        assert_eq!(empty.first_reason, Some(Reason::Fraction));
        assert_eq!(empty.positions, vec![7]);
        assert_eq!(later.offset_by(5).positions, vec![7]);
    }

    #[test]
    fn reasons_have_distinct_names() {
        let names: std::collections::HashSet<_> = Reason::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(names.len(), Reason::ALL.len());
    }
}
