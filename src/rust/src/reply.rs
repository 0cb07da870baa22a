//! What every binding function returns to R: `list(value, problems)`. The
//! problems are the core's (`zuid_core::problem`), each sent as a list of
//! its code and numbers; R's `rust_value()` raises them. Nothing here
//! raises an R error.

use crate::vectors;
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
            vectors::doubles_from(&e.positions.iter().map(|&p| p as f64).collect::<Vec<f64>>()),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r_session::with_r;
    use zuid_core::invalid::Reason;

    #[test]
    fn a_reply_is_the_value_with_its_problems() {
        with_r(|| {
            let mut invalid = Invalid::default();
            invalid.note(1, Reason::Negative);
            let replied = reply(with_invalid(Robj::from(7.0), invalid));
            assert_eq!(replied.dollar("value").unwrap().as_real(), Some(7.0));
            let problems = replied.dollar("problems").unwrap();
            let first = problems.as_list().unwrap().elt(0).unwrap();
            assert_eq!(first.dollar("code").unwrap().as_str(), Some("invalid_entries"));
            assert_eq!(first.dollar("count").unwrap().as_real(), Some(1.0));
            assert_eq!(first.dollar("positions").unwrap().as_real_vector(), Some(vec![2.0]));
            assert_eq!(first.dollar("reason").unwrap().as_str(), Some("negative"));
            // A number the problem does not have is NA.
            assert!(first.dollar("part").unwrap().is_na());
        });
    }

    #[test]
    fn a_stopping_problem_has_no_value() {
        with_r(|| {
            let replied = reply(Err(Problem::new(Code::PartRange).part(2).at(4)));
            assert!(replied.dollar("value").unwrap().is_null());
            let first = replied.dollar("problems").unwrap().as_list().unwrap().elt(0).unwrap();
            assert_eq!(first.dollar("part").unwrap().as_real(), Some(3.0));
            assert_eq!(first.dollar("position").unwrap().as_real(), Some(5.0));
        });
    }
}
