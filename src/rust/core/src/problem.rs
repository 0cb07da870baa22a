//! What goes wrong, as R's messages know it: every problem a call can
//! report has a code and the numbers its message needs, never text a user
//! wrote (extendr hands error text to R as a format string, and a message
//! that carried user text could crash R). The binding sends problems to R
//! as values, `list(value, problems)`; R's `rust_value()` turns each into
//! its classed condition, worded in R with the user's own values. This is
//! the core's second contract with R, after `r_values`.

use crate::compose::composer::ComposeError;
use crate::generate::generator::GenerateError;
use crate::invalid::Invalid;
use crate::layouts::builtin::BuiltinError;
use crate::layouts::layout::LayoutError;

/// Defines `Code` and its names from one list, so that `Code::ALL`, which
/// R's tests compare with the messages R knows, cannot miss a code.
macro_rules! codes {
    ($($variant:ident => $name:literal,)*) => {
        /// What went wrong, as R's condition table names it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Code { $($variant,)* }

        impl Code {
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            pub fn name(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }
        }
    };
}

codes! {
    LayoutShape => "layout_shape",
    LayoutRoles => "layout_roles",
    LayoutSignWidth => "layout_sign_width",
    LayoutEmptyPart => "layout_empty_part",
    LayoutPartTooWide => "layout_part_too_wide",
    LayoutSequenceTooWide => "layout_sequence_too_wide",
    LayoutBitsTotal => "layout_bits_total",
    LayoutEpochRange => "layout_epoch_range",
    LayoutUnknownKind => "layout_unknown_kind",
    LayoutUnknownUnit => "layout_unknown_unit",
    LayoutUnknownText => "layout_unknown_text",
    LayoutTimeRange => "layout_time_range",
    InputType => "input_type",
    IdStorage => "id_storage",
    ImpreciseDouble => "imprecise_double",
    InvalidEntries => "invalid_entries",
    Integer64Lost => "integer64_lost",
    PartRange => "part_range",
    NodeCount => "node_count",
    BeforeEpoch => "before_epoch",
    PastEnd => "past_end",
    NotGenerator => "not_generator",
    Forked => "forked",
    ClockBack => "clock_back",
    Interrupted => "interrupted",
    Memory => "memory",
    Busy => "busy",
    DuplicateNode => "duplicate_node",
    AfterInvalid => "after_invalid",
    AfterImprecise => "after_imprecise",
    AfterNoneLeft => "after_none_left",
    AfterAhead => "after_ahead",
    LeaseClosed => "lease_closed",
    LeaseNoneLeft => "lease_none_left",
    LeaseTransaction => "lease_transaction",
    LeaseDatabase => "lease_database",
    LeaseAllTaken => "lease_all_taken",
    LeaseContention => "lease_contention",
    LeaseSplit => "lease_split",
    LeaseSlow => "lease_slow",
    LeaseReleased => "lease_released",
    RoundedIds => "rounded_ids",
    BeforeLayout => "before_layout",
    NoTime => "no_time",
    NotSortable => "not_sortable",
}

/// A problem: its code and the numbers its message needs. Positions and
/// parts are 1-based, as R counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub code: Code,
    /// The entry of the input it concerns.
    pub position: Option<usize>,
    /// The layout part it concerns.
    pub part: Option<usize>,
    /// A number the message shows (a width, an epoch, milliseconds).
    pub value: Option<f64>,
    /// A second number the message shows.
    pub detail: Option<f64>,
    /// The chance the message states: that a genuine ID shows the sign of
    /// rounding it reports.
    pub chance: Option<f64>,
    /// A name the message needs: which element of a layout object is
    /// malformed, where a generator stopped, or the R type a vector of IDs
    /// holds instead of doubles.
    pub element: Option<&'static str>,
    /// Entries counted, with the first positions.
    pub entries: Option<Box<Invalid>>,
}

impl Problem {
    pub fn new(code: Code) -> Problem {
        Problem {
            code,
            position: None,
            part: None,
            value: None,
            detail: None,
            chance: None,
            element: None,
            entries: None,
        }
    }

    /// The 0-based entry `i`.
    pub fn at(mut self, i: usize) -> Problem {
        self.position = Some(i + 1);
        self
    }

    /// The 0-based layout part `index`.
    pub fn part(mut self, index: usize) -> Problem {
        self.part = Some(index + 1);
        self
    }

    pub fn value(mut self, value: f64) -> Problem {
        self.value = Some(value);
        self
    }

    pub fn detail(mut self, detail: f64) -> Problem {
        self.detail = Some(detail);
        self
    }

    pub fn chance(mut self, chance: f64) -> Problem {
        self.chance = Some(chance);
        self
    }

    pub fn element(mut self, element: &'static str) -> Problem {
        self.element = Some(element);
        self
    }

    /// A layout object whose `element` is missing or of the wrong form.
    pub fn layout_shape(element: &'static str) -> Problem {
        Problem {
            element: Some(element),
            ..Problem::new(Code::LayoutShape)
        }
    }

    /// The problem of an imprecise double at a 1-based `position`, as the
    /// readers of IDs report it.
    pub fn imprecise_at(position: usize) -> Problem {
        Problem::new(Code::ImpreciseDouble).at(position - 1)
    }

    /// Entries that became NA (`code` says why), or `None` when there were none.
    pub fn entries(code: Code, entries: Invalid) -> Option<Problem> {
        (!entries.is_empty()).then(|| Problem {
            entries: Some(Box::new(entries)),
            ..Problem::new(code)
        })
    }
}

impl From<LayoutError> for Problem {
    fn from(error: LayoutError) -> Problem {
        match error {
            LayoutError::Roles => Problem::new(Code::LayoutRoles),
            LayoutError::SignWidth { bits } => Problem::new(Code::LayoutSignWidth).part(0).value(f64::from(bits)),
            LayoutError::EmptyPart { index } => Problem::new(Code::LayoutEmptyPart).part(index),
            LayoutError::PartTooWide { index, bits } => {
                Problem::new(Code::LayoutPartTooWide).part(index).value(f64::from(bits))
            }
            LayoutError::SequenceTooWide { bits } => Problem::new(Code::LayoutSequenceTooWide).value(f64::from(bits)),
            LayoutError::BitsTotal { total } => Problem::new(Code::LayoutBitsTotal).value(total as f64),
            LayoutError::EpochOutOfRange { ms } => Problem::new(Code::LayoutEpochRange).value(ms as f64),
            LayoutError::UnknownKind { index } => Problem::new(Code::LayoutUnknownKind).part(index),
            LayoutError::UnknownUnit => Problem::new(Code::LayoutUnknownUnit),
            LayoutError::UnknownText => Problem::new(Code::LayoutUnknownText),
            // The span a layout's times may cover: 1970 plus or minus `limit_ms`.
            LayoutError::TimeRange { limit_ms } => Problem::new(Code::LayoutTimeRange)
                .value(-limit_ms as f64)
                .detail(limit_ms as f64),
        }
    }
}

impl From<ComposeError> for Problem {
    fn from(error: ComposeError) -> Problem {
        match error {
            ComposeError::BeforeEpoch => Problem::new(Code::BeforeEpoch),
            ComposeError::PastEnd => Problem::new(Code::PastEnd),
            ComposeError::PartRange { index } => Problem::new(Code::PartRange).part(index),
            ComposeError::NodeCount { expected, .. } => Problem::new(Code::NodeCount).value(expected as f64),
        }
    }
}

impl From<GenerateError> for Problem {
    fn from(error: GenerateError) -> Problem {
        match error {
            GenerateError::ClockBack { behind_ms, back_ms } => Problem::new(Code::ClockBack)
                .value(behind_ms as f64)
                .detail(back_ms as f64),
            GenerateError::FloorAhead { by_ms } => Problem::new(Code::AfterAhead).value(by_ms as f64),
            GenerateError::BeforeEpoch => Problem::new(Code::BeforeEpoch),
            GenerateError::PastEnd => Problem::new(Code::PastEnd),
            // A wait cut short that reaches R: only an interrupt cuts them.
            GenerateError::Stopped => Problem::new(Code::Interrupted).element("waiting"),
            // Minting stops at a fence (`SliceEnd::Lease`); one that reaches
            // R is a lease that was not renewed.
            GenerateError::Fenced => Problem::new(Code::LeaseClosed),
        }
    }
}

impl From<BuiltinError> for Problem {
    fn from(error: BuiltinError) -> Problem {
        match error {
            BuiltinError::Layout(e) => e.into(),
            // R checks a built-in layout's name and arguments first.
            BuiltinError::Unknown | BuiltinError::Epoch | BuiltinError::NodeBits => Problem::new(Code::InputType),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::invalid::Reason;

    #[test]
    fn codes_have_distinct_names() {
        let names: std::collections::HashSet<_> = Code::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), Code::ALL.len());
        assert!(Code::ALL.iter().all(|c| c
            .name()
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')));
    }

    #[test]
    fn positions_and_parts_count_from_1() {
        let p = Problem::new(Code::PartRange).part(0).at(9);
        assert_eq!((p.part, p.position), (Some(1), Some(10)));
        assert_eq!(Problem::imprecise_at(3).position, Some(3));
        assert_eq!(Problem::imprecise_at(3).code, Code::ImpreciseDouble);
    }

    #[test]
    fn no_entries_is_no_problem() {
        assert_eq!(Problem::entries(Code::InvalidEntries, Invalid::default()), None);
        let mut invalid = Invalid::default();
        invalid.note(4, Reason::Negative);
        let p = Problem::entries(Code::InvalidEntries, invalid.clone()).unwrap();
        assert_eq!(p.entries.as_deref(), Some(&invalid));
    }

    #[test]
    fn the_cores_errors_carry_their_numbers() {
        let p = Problem::from(LayoutError::PartTooWide { index: 2, bits: 60 });
        assert_eq!(
            (p.code, p.part, p.value),
            (Code::LayoutPartTooWide, Some(3), Some(60.0))
        );
        let p = Problem::from(GenerateError::ClockBack {
            behind_ms: 7,
            back_ms: 5,
        });
        assert_eq!((p.code, p.value, p.detail), (Code::ClockBack, Some(7.0), Some(5.0)));
        assert_eq!(Problem::from(GenerateError::Stopped).element, Some("waiting"));
        assert_eq!(Problem::from(ComposeError::PartRange { index: 1 }).part, Some(2));
        assert_eq!(Problem::from(BuiltinError::Epoch).code, Code::InputType);
        let epoch = BuiltinError::Layout(LayoutError::EpochOutOfRange { ms: 1 });
        assert_eq!(Problem::from(epoch).code, Code::LayoutEpochRange);
    }
}
