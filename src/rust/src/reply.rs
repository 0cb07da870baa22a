//! What every binding function returns to R: `list(value, problems)`. The
//! problems are the core's (`zuid_core::problem`), each sent as a list of
//! its code and numbers; R's `rust_value()` raises them. Nothing here
//! raises an R error.

use extendr_api::prelude::*;
use zuid_core::invalid::Reason;
use zuid_core::{Code, Invalid, Problem};

/// What a binding function computes: its value with the problems that
/// did not stop it (entries that became NA), or the problem that did.
pub type Outcome = std::result::Result<(Robj, Vec<Problem>), Problem>;

/// A value with no problems.
pub fn value(x: impl Into<Robj>) -> Outcome {
    Ok((x.into(), Vec::new()))
}

/// A value with the warning of the entries of its input that became NA,
/// if there were any.
pub fn with_invalid(x: impl Into<Robj>, invalid: Invalid) -> Outcome {
    Ok((
        x.into(),
        Problem::entries(Code::InvalidEntries, invalid).into_iter().collect(),
    ))
}

/// A problem as R reads it: `code`, then the numbers its message needs
/// (NULL where it has none).
fn problem_to_r(problem: &Problem) -> Robj {
    let (count, positions, reason): (Option<f64>, Robj, Option<&str>) = match &problem.entries {
        Some(e) => (
            Some(e.count as f64),
            e.positions.iter().map(|&p| p as f64).collect::<Vec<f64>>().into(),
            e.first_reason.map(|r| r.name()),
        ),
        None => (None, Robj::from(()), None),
    };
    let whole = |x: Option<usize>| x.map(|v| v as f64);
    list!(
        code = problem.code.name(),
        position = whole(problem.position),
        part = whole(problem.part),
        value = problem.value,
        detail = problem.detail,
        element = problem.element,
        count = count,
        positions = positions,
        reason = reason
    )
    .into()
}

/// What every binding function returns to R: `list(value, problems)`.
pub fn reply(outcome: Outcome) -> Robj {
    let (value, problems) = match outcome {
        Ok((value, problems)) => (value, problems),
        Err(problem) => (Robj::from(()), vec![problem]),
    };
    let problems: Vec<Robj> = problems.iter().map(problem_to_r).collect();
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
    mod reply;
    fn problem_codes;
    fn invalid_reasons;
}
