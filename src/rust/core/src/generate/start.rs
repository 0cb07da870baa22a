//! A new generator from R's values: the policy by name, the node values as
//! exact doubles, the ID `after` names, and the registry's last ID of the
//! generators of the same node that are gone. Each value that cannot be
//! used becomes the problem R words.

use crate::generate::generator::{FloorError, Generator, OnClockBack};
use crate::generate::registry::{self, Key};
use crate::generate::sliced::{Minter, SlicedClock};
use crate::invalid::{Invalid, Reason};
use crate::layouts::layout::Layout;
use crate::problem::{Code, Problem};
use crate::r_values::from_double;
use crate::text::entry::Entry;

/// The policy R's `on_clock_back` names (R checked it).
pub fn policy_from_name(name: &str) -> Result<OnClockBack, Problem> {
    match name {
        "wait" => Ok(OnClockBack::Wait),
        "error" => Ok(OnClockBack::Error),
        "borrow" => Ok(OnClockBack::Borrow),
        _ => Err(Problem::new(Code::InputType)),
    }
}

/// Node values as R passes them, whole numbers in doubles (R checked them).
pub fn node_values(values: &[f64]) -> Result<Vec<u64>, Problem> {
    values
        .iter()
        .map(|&x| match from_double(x) {
            Entry::Id(v) => Some(v),
            _ => None,
        })
        .collect::<Option<Vec<u64>>>()
        .ok_or(Problem::new(Code::InputType))
}

/// The ID that the entry `after` gives: one of the layout's IDs.
pub fn after_id(after: Entry, layout: &Layout) -> Result<u64, Problem> {
    match after {
        Entry::Id(id) if id <= layout.max_id() => Ok(id),
        Entry::Id(id) => Err(after_invalid(layout.refusal(id))),
        Entry::Invalid(reason) => Err(after_invalid(reason)),
        Entry::Imprecise => Err(Problem::new(Code::AfterImprecise)),
        // R refuses a missing `after` itself.
        Entry::Missing => Err(Problem::new(Code::InputType)),
    }
}

fn after_invalid(reason: Reason) -> Problem {
    let mut invalid = Invalid::default();
    invalid.note(0, reason);
    Problem::entries(Code::AfterInvalid, invalid).unwrap_or(Problem::new(Code::AfterInvalid))
}

fn floor_problem(error: FloorError, floor: u64, layout: &Layout) -> Problem {
    match error {
        FloorError::NotAnId => after_invalid(layout.refusal(floor)),
        FloorError::NoneLeft => Problem::new(Code::AfterNoneLeft),
    }
}

/// A seed for SCRU64's counters that differs between processes and calls.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let local = 0u8;
    nanos ^ (u64::from(std::process::id()) << 32) ^ (&local as *const u8 as u64)
}

/// A generator for the node `nodes` and the key it registers under, above
/// `after` and above every gone generator of the same key. Unless
/// `shared_node`, a live generator of the same key is a problem (for one
/// under a lease, `leased`, a live generator of the key that is not: see
/// `registry::holder`). The caller registers the key once the generator has
/// a home whose end releases it.
pub fn start(
    layout: Layout,
    nodes: &[u64],
    policy: OnClockBack,
    after: Option<u64>,
    shared_node: bool,
    leased: bool,
) -> Result<(Minter, Key), Problem> {
    let key = Key::new(&layout, nodes);
    let mut generator = Generator::new(layout, nodes, policy, SlicedClock::new(), fresh_seed())?;
    registry::check_free(&key, shared_node, leased)?;
    // `after`, then the registry's floor, which may be a whole tick's (that
    // of freed slots) and so pass the layout's largest ID (SCRU64's cuts
    // its last tick).
    let max_id = generator.layout().max_id();
    let registered = registry::last_id(&key).map(|floor| floor.min(max_id));
    for floor in after.into_iter().chain(registered) {
        generator
            .stay_above(floor)
            .map_err(|e| floor_problem(e, floor, generator.layout()))?;
    }
    Ok((generator, key))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::{scru64, twitter};

    #[test]
    fn names_and_node_values() {
        assert_eq!(policy_from_name("borrow"), Ok(OnClockBack::Borrow));
        assert_eq!(policy_from_name("Wait").unwrap_err().code, Code::InputType);
        assert_eq!(node_values(&[1.0, 31.0]), Ok(vec![1, 31]));
        assert!(node_values(&[1.5]).is_err() && node_values(&[-1.0]).is_err());
    }

    #[test]
    fn after_must_be_an_id_of_the_layout() {
        let layout = twitter();
        assert_eq!(after_id(Entry::Id(5), &layout), Ok(5));
        let p = after_id(Entry::Id(1 << 63), &layout).unwrap_err();
        assert_eq!(p.code, Code::AfterInvalid);
        assert_eq!(p.entries.unwrap().first_reason, Some(Reason::SignBit));
        let p = after_id(Entry::Invalid(Reason::NotDigits), &layout).unwrap_err();
        assert_eq!(p.entries.unwrap().positions, vec![1]);
        assert_eq!(
            after_id(Entry::Imprecise, &layout).unwrap_err().code,
            Code::AfterImprecise
        );
        let scru = scru64(8);
        let p = after_id(Entry::Id(scru.max_id() + 1), &scru).unwrap_err();
        assert_eq!(p.entries.unwrap().first_reason, Some(Reason::AboveScru64));
    }

    #[test]
    fn a_generator_starts_above_after_and_refuses_a_live_twin() {
        let layout = twitter();
        let after = 1 << 62;
        let (mut g, key) = start(layout.clone(), &[3, 30], OnClockBack::Borrow, Some(after), false, false).unwrap();
        assert!(g.next_id().unwrap() > after);
        let registration = registry::register(key, None, false);
        let twin = start(layout.clone(), &[3, 30], OnClockBack::Borrow, None, false, false);
        assert_eq!(twin.unwrap_err().code, Code::DuplicateNode);
        assert!(start(layout.clone(), &[3, 30], OnClockBack::Borrow, None, true, false).is_ok());
        registration.release(g.last_issued_id());
        // A later generator of the node starts above the one that is gone.
        let (mut later, _) = start(layout, &[3, 30], OnClockBack::Borrow, None, false, false).unwrap();
        assert!(later.next_id().unwrap() > g.last_id().unwrap());
    }

    #[test]
    fn a_gone_generator_hands_on_what_it_minted_not_its_floor() {
        // An `after` far ahead of the clock that nothing was minted under
        // (refused, or never asked) must not make the next generator of the
        // node wait for it.
        let layout = twitter();
        let far = 1 << 62;
        let (g, key) = start(layout.clone(), &[4, 29], OnClockBack::Error, Some(far), false, false).unwrap();
        assert!(g.last_id().is_some() && g.last_issued_id().is_none());
        registry::register(key, None, false).release(g.last_issued_id());
        let (mut later, _) = start(layout, &[4, 29], OnClockBack::Error, None, false, false).unwrap();
        assert!(later.next_id().unwrap() < far, "starts at the clock");
    }

    #[test]
    fn no_id_left_above_after_is_a_problem() {
        let layout = twitter();
        let last = layout.max_id();
        let p = start(layout, &[4, 30], OnClockBack::Borrow, Some(last), false, false).unwrap_err();
        assert_eq!(p.code, Code::AfterNoneLeft);
        let p = start(twitter(), &[40, 0], OnClockBack::Wait, None, false, false).unwrap_err();
        assert_eq!((p.code, p.part), (Code::PartRange, Some(3)));
        assert_ne!(fresh_seed(), 0);
    }
}
