//! Problems go back to R as values, never as Rust errors: extendr hands
//! error text to R as a format string, and a message that carried user text
//! could crash R. Every binding function returns `list(value, problems)`;
//! R's `rust_value()` turns each problem into its classed condition, worded
//! in R with the user's own values.

use extendr_api::prelude::*;
use zuid_core::invalid::Reason;
use zuid_core::{ComposeError, GenerateError, Invalid, LayoutError};

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
    RoundedIds => "rounded_ids",
}

/// A problem: its code and the numbers its message needs. Positions and
/// parts are 1-based, as R counts.
#[derive(Debug)]
pub struct Problem {
    code: Code,
    /// The entry of the input it concerns.
    position: Option<usize>,
    /// The layout part it concerns.
    part: Option<usize>,
    /// A number the message shows (a width, an epoch, milliseconds).
    value: Option<f64>,
    /// A second number the message shows.
    detail: Option<f64>,
    /// A name the message needs: which element of a layout object is
    /// malformed, or where a generator stopped.
    element: Option<&'static str>,
    /// Entries counted, with the first positions.
    entries: Option<Box<Invalid>>,
}

impl Problem {
    pub fn new(code: Code) -> Problem {
        Problem {
            code,
            position: None,
            part: None,
            value: None,
            detail: None,
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

    /// Entries that became NA (`code` says why), or `None` when there were none.
    pub fn entries(code: Code, entries: Invalid) -> Option<Problem> {
        (!entries.is_empty()).then(|| Problem {
            entries: Some(Box::new(entries)),
            ..Problem::new(code)
        })
    }

    fn to_r(&self) -> Robj {
        let (count, positions, reason): (Option<f64>, Robj, Option<&str>) = match &self.entries {
            Some(e) => (
                Some(e.count as f64),
                e.positions.iter().map(|&p| p as f64).collect::<Vec<f64>>().into(),
                e.first_reason.map(|r| r.name()),
            ),
            None => (None, Robj::from(()), None),
        };
        let whole = |x: Option<usize>| x.map(|v| v as f64);
        list!(
            code = self.code.name(),
            position = whole(self.position),
            part = whole(self.part),
            value = self.value,
            detail = self.detail,
            element = self.element,
            count = count,
            positions = positions,
            reason = reason
        )
        .into()
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
            LayoutError::TimeRange => Problem::new(Code::LayoutTimeRange),
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
        }
    }
}

/// What a binding function computes: its value with the problems that
/// did not stop it (entries that became NA), or the problem that did.
pub type Outcome = std::result::Result<(Robj, Vec<Problem>), Problem>;

/// A value with no problems.
pub fn value(x: impl Into<Robj>) -> Outcome {
    Ok((x.into(), Vec::new()))
}

/// What every binding function returns to R: `list(value, problems)`.
pub fn reply(outcome: Outcome) -> Robj {
    let (value, problems) = match outcome {
        Ok((value, problems)) => (value, problems),
        Err(problem) => (Robj::from(()), vec![problem]),
    };
    let problems: Vec<Robj> = problems.iter().map(Problem::to_r).collect();
    list!(value = value, problems = List::from_values(problems)).into()
}

/// Every code a binding function can send, for R's test that each has a
/// message.
#[extendr]
fn problem_codes() -> Robj {
    reply(value(Code::ALL.iter().map(|c| c.name()).collect::<Vec<_>>()))
}

/// Every reason an entry can be invalid for, for R's test that each has
/// words.
#[extendr]
fn invalid_reasons() -> Robj {
    reply(value(Reason::ALL.iter().map(|r| r.name()).collect::<Vec<_>>()))
}

extendr_module! {
    mod problem;
    fn problem_codes;
    fn invalid_reasons;
}
