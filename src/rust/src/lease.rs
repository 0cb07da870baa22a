//! What R's node leases (R/lease.R) ask of the binding: a layout's node
//! space as lease rows name it, and the lease protocol's state machine
//! (the core's `lease::machine`), which R drives: R runs each request it
//! makes against the database and hands back the answer, and the machine
//! moves the generator's fence. Numbers that cross to R and back in
//! requests and answers (nodes, horizons) are decimal text, exact at any
//! size, as the SQL reads and writes them.

use crate::generator::{live, pointee};
use crate::layout::layout_from_r;
use crate::mint::mint_to_r;
use crate::reply::{reply, value, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use std::cell::RefCell;
use zuid_core::decode::output::IdsAs;
use zuid_core::generate::registry::{self, Key};
use zuid_core::generate::sliced::{lock_now, mono_now};
use zuid_core::generate::start::fresh_seed;
use zuid_core::lease::machine::{Answer, Doing, Fenced, Lease, Mono, Next, Notice, Request, RowHorizon, Skipped};
use zuid_core::lease::nodes::NodeSpace;
use zuid_core::r_values::from_double;
use zuid_core::{Code, Entry, FloorError, Problem};

/// A lease's machine with the node space it numbers nodes in, and the
/// registry key of its generator once it made one: a generator that R
/// collected first left its last ID there.
pub(crate) struct Machine {
    lease: RefCell<Lease>,
    nodes: NodeSpace,
    key: RefCell<Option<Key>>,
}

/// The node space of `layout` as lease rows name it: `space` and `mask`
/// (text), `count` (how many nodes, a double: a power of two, exact).
#[extendr]
fn lease_node_space(layout: Robj) -> Robj {
    reply(node_space(&layout))
}

fn node_space(layout: &Robj) -> Outcome {
    let nodes = NodeSpace::of(&layout_from_r(layout)?);
    let out: Robj = list!(
        space = nodes.space_key(),
        mask = nodes.mask_key(),
        count = nodes.count() as f64
    )
    .into();
    value(out)
}

/// The node values of node number `node` (decimal text) of `layout`, one
/// per node field.
#[extendr]
fn lease_node_values(layout: Robj, node: &str) -> Robj {
    reply(node_values(&layout, node))
}

fn node_values(layout: &Robj, node: &str) -> Outcome {
    let nodes = NodeSpace::of(&layout_from_r(layout)?);
    let index = whole_text(node)
        .filter(|&i| i < nodes.count())
        .ok_or(Problem::new(Code::InputType))?;
    let values: Vec<f64> = nodes.values(index).iter().map(|&v| v as f64).collect();
    value(vectors::doubles_from(&values))
}

/// A new lease of a node of `layout`, for `ttl_ms` at a time.
#[extendr]
fn lease_new(layout: Robj, ttl_ms: f64) -> Robj {
    reply(new_lease(&layout, ttl_ms))
}

fn new_lease(layout: &Robj, ttl_ms: f64) -> Outcome {
    let nodes = NodeSpace::of(&layout_from_r(layout)?);
    let ttl = match from_double(ttl_ms) {
        Entry::Id(ms) if ms > 0 => ms,
        _ => return Err(Problem::new(Code::InputType)),
    };
    let machine = Machine {
        lease: RefCell::new(Lease::new(nodes.clone(), ttl, fresh_seed())),
        nodes,
        key: RefCell::new(None),
    };
    value(ExternalPtr::new(machine))
}

/// Begins an operation of the lease `machine` (`doing`: "claim", "renew"
/// or "release") on the generator `generator` (NULL before the first
/// claim made one): the first request, or how it ended.
#[extendr]
fn lease_begin(machine: Robj, generator: Robj, doing: &str) -> Robj {
    reply(begin(&machine, &generator, doing))
}

fn begin(machine: &Robj, generator: &Robj, doing: &str) -> Outcome {
    let machine = machine_of(machine)?;
    let doing = Doing::from_name(doing).ok_or(Problem::new(Code::InputType))?;
    let mut target = Target::of(generator, machine)?;
    let next = machine.lease.borrow_mut().begin(doing, &mut target);
    next_to_r(machine, next)
}

/// The answer to the last request of the lease `machine`: the next
/// request, or how the operation ended.
#[extendr]
fn lease_answer(machine: Robj, generator: Robj, answer: Robj) -> Robj {
    reply(take_answer(&machine, &generator, &answer))
}

fn take_answer(machine: &Robj, generator: &Robj, answer: &Robj) -> Outcome {
    let machine = machine_of(machine)?;
    let mut target = Target::of(generator, machine)?;
    let answer = answer_from_r(answer);
    if let (Answer::Started, Target::Live(shared)) = (&answer, &target) {
        let g = lock_now(&shared.generator)?;
        *machine.key.borrow_mut() = Some(Key::new(g.layout(), &g.node_values()));
    }
    let next = machine.lease.borrow_mut().answer(answer, mono_now(), &mut target);
    next_to_r(machine, next)
}

/// The nodes the last operation of the lease `machine` passed over (see
/// the core's `Skipped`), once: `node`, `horizon` (decimal text, NA when
/// the row's could not be read), `horizon_ms` and `reach_ms` (when those
/// ticks end, for the message).
#[extendr]
fn lease_skipped(machine: Robj) -> Robj {
    reply(skipped(&machine))
}

fn skipped(machine: &Robj) -> Outcome {
    let machine = machine_of(machine)?;
    let passed: Vec<Skipped> = machine.lease.borrow_mut().take_skipped();
    let ms = |tick: u64| machine.nodes.tick_start_ms(tick.saturating_add(1)) as f64;
    let node: Vec<String> = passed.iter().map(|s| text(s.node)).collect();
    let horizon: Vec<Option<String>> = passed.iter().map(|s| s.horizon.map(text)).collect();
    let horizon_ms: Vec<Option<f64>> = passed.iter().map(|s| s.horizon.map(ms)).collect();
    let reach_ms: Vec<f64> = passed.iter().map(|s| ms(s.reach)).collect();
    let out: Robj = list!(
        node = node,
        horizon = Strings::from_values(horizon.iter().map(|h| h.as_deref().map_or(Rstr::na(), Rstr::from))),
        horizon_ms = Doubles::from_values(horizon_ms.iter().map(|h| h.map_or(Rfloat::na(), Rfloat::from))),
        reach_ms = reach_ms
    )
    .into();
    value(out)
}

/// The lease machine `pointer` points at.
fn machine_of(pointer: &Robj) -> std::result::Result<&Machine, Problem> {
    pointee::<Machine>(pointer).ok_or_else(|| Problem::new(Code::NotGenerator))
}

/// The generator a lease drives: none before a claim made one, or one R
/// collected before the lease's own finalizer ran (R finalizes what became
/// unreachable together in any order). A lock that cannot be had (never,
/// as R calls one at a time) fails safe: no floor, no window.
enum Target<'a> {
    None,
    Live(&'a crate::generator::Shared),
    Gone(Key),
}

impl<'a> Target<'a> {
    fn of(generator: &'a Robj, machine: &Machine) -> std::result::Result<Target<'a>, Problem> {
        if generator.is_null() {
            return Ok(Target::None);
        }
        match live(generator) {
            Ok(shared) => Ok(Target::Live(shared)),
            Err(problem) if problem.code == Code::Forked => Err(problem),
            Err(_) => Ok(machine.key.borrow().clone().map_or(Target::None, Target::Gone)),
        }
    }
}

impl Fenced for Target<'_> {
    fn propose(&self, window_ticks: u64) -> u64 {
        match self {
            Target::Live(s) => lock_now(&s.generator).map_or(0, |g| g.propose(window_ticks)),
            _ => 0,
        }
    }

    fn stay_after(&mut self, tick: u64) -> std::result::Result<(), FloorError> {
        match self {
            Target::Live(s) => lock_now(&s.generator)
                .map_err(|_| FloorError::NoneLeft)?
                .stay_after(tick),
            Target::None => Ok(()),
            Target::Gone(_) => Err(FloorError::NoneLeft),
        }
    }

    fn open(&mut self, horizon: u64, until: Mono) {
        if let Target::Live(s) = self {
            if let Ok(mut g) = lock_now(&s.generator) {
                g.open(horizon, until);
            }
        }
    }

    /// Shuts the generator and frees its place in this process's registry
    /// at once, so that a lease lost or given back never keeps its node
    /// taken here until R collects the generator. A generator that is gone
    /// left its last ID in the registry.
    fn shut(&mut self) -> Option<u64> {
        match self {
            Target::Live(shared) => {
                let mut g = lock_now(&shared.generator).ok()?;
                let handover = g.shut();
                shared.retire(g.last_issued_id());
                handover
            }
            Target::Gone(key) => registry::last_id(key).map(|id| key.space().tick_of(id)),
            Target::None => None,
        }
    }
}

/// Text of a whole number of at most 20 digits, as the SQL gives them.
fn whole_text(text: &str) -> Option<u64> {
    let ok = !text.is_empty() && text.len() <= 20 && text.bytes().all(|b| b.is_ascii_digit());
    ok.then(|| text.parse().ok()).flatten()
}

/// A field of an answer: a string R gave (NA and anything else: `None`).
fn text_field(answer: &Robj, name: &str) -> Option<String> {
    let field = answer.dollar(name).ok()?;
    if field.len() != 1 || field.is_na() {
        return None;
    }
    field.as_str().map(str::to_owned)
}

/// A horizon of `Floors`: NA is none; anything but NA or whole-number text
/// (a negative number, text another client wrote) is `Err`.
fn horizon_field(answer: &Robj, name: &str) -> std::result::Result<Option<u64>, ()> {
    let field = answer.dollar(name).map_err(|_| ())?;
    if field.len() != 1 || field.rtype() != Rtype::Strings {
        return Err(());
    }
    if field.is_na() {
        return Ok(None);
    }
    field.as_str().and_then(whole_text).map(Some).ok_or(())
}

fn flag_field(answer: &Robj, name: &str) -> Option<bool> {
    let field = answer.dollar(name).ok()?;
    (field.len() == 1 && !field.is_na()).then(|| field.as_bool()).flatten()
}

/// R's answer as the machine reads it; an answer of any other form is a
/// failed one, never a guess.
fn answer_from_r(answer: &Robj) -> Answer {
    let Some(kind) = text_field(answer, "answer") else {
        return Answer::Failed;
    };
    let read = || -> Option<Answer> {
        Some(match kind.as_str() {
            "outside" => Answer::Outside(flag_field(answer, "outside")?),
            "found" => Answer::Found {
                node: whole_text(&text_field(answer, "node")?)?,
                fresh: flag_field(answer, "fresh")?,
            },
            "none_free" => Answer::NoneFree,
            "changed" => {
                let count = answer.dollar("count").ok()?;
                match from_double(count.as_real().filter(|_| count.len() == 1)?) {
                    Entry::Id(n) => Answer::Changed(n),
                    _ => return None,
                }
            }
            "done" => Answer::Done,
            "started" => Answer::Started,
            "clash" => Answer::Clash,
            // The ledger is zuid's alone: what it holds must be read. The
            // lease row's horizon may be anything another client typed.
            "floors" => {
                let fence = horizon_field(answer, "fence").ok()?;
                let split = horizon_field(answer, "split").ok()?;
                match horizon_field(answer, "row") {
                    Ok(row) => Answer::Floors { row, fence, split },
                    Err(()) if answer.dollar("row").is_ok_and(|r| r.rtype() == Rtype::Strings) => Answer::Unreadable,
                    Err(()) => return None,
                }
            }
            _ => return None,
        })
    };
    read().unwrap_or(Answer::Failed)
}

/// A node or a tick as R's requests carry it.
fn text(x: u64) -> String {
    x.to_string()
}

/// An optional node or tick: NULL when there is none.
fn maybe_text(x: Option<u64>) -> Robj {
    x.map_or_else(|| Robj::from(()), |x| Robj::from(text(x)))
}

/// The next step as R reads it: `list(kind, ...)`, a request's fields
/// with it; a stop is the problem R raises.
fn next_to_r(machine: &Machine, next: Next) -> Outcome {
    let lease = &mut *machine.lease.borrow_mut();
    let node = maybe_text(lease.node());
    let out: Robj = match next {
        Next::Do(request) => request_to_r(&machine.nodes, lease, request),
        Next::Minting => {
            let notice: Robj = match lease.take_notice() {
                Some(Notice::Moved { from, to }) => list!(from = text(from), to = text(to)).into(),
                None => ().into(),
            };
            list!(kind = "minting", node = node, notice = notice).into()
        }
        Next::Released => list!(kind = "released").into(),
        Next::Stopped(stop) => return Err(stop.into()),
    };
    value(out)
}

fn request_to_r(nodes: &NodeSpace, lease: &Lease, request: Request) -> Robj {
    let token = lease.token().map(|t| format!("{t:016x}"));
    // When the tick after `tick` starts: what lease rows show of a horizon.
    let ms = |tick: u64| nodes.tick_start_ms(tick.saturating_add(1)) as f64;
    match request {
        Request::Outside => list!(kind = "do", step = "outside").into(),
        Request::Find { prefer, skip } => {
            let skip: Vec<String> = skip.into_iter().map(text).collect();
            list!(kind = "do", step = "find", prefer = maybe_text(prefer), skip = skip).into()
        }
        Request::Take { node, fresh, token } => list!(
            kind = "do",
            step = "take",
            node = text(node),
            fresh = fresh,
            token = format!("{token:016x}")
        )
        .into(),
        Request::Start { node } => list!(kind = "do", step = "start", node = text(node)).into(),
        Request::OwnSpace => list!(kind = "do", step = "own_space").into(),
        Request::Floors { node } => list!(kind = "do", step = "floors", node = text(node)).into(),
        Request::ReserveSpace { horizon } => list!(
            kind = "do",
            step = "reserve_space",
            horizon = text(horizon),
            horizon_ms = ms(horizon)
        )
        .into(),
        Request::ReserveNode { node, horizon } => list!(
            kind = "do",
            step = "reserve_node",
            node = text(node),
            horizon = text(horizon),
            horizon_ms = ms(horizon)
        )
        .into(),
        Request::Extend { node, horizon, .. } => list!(
            kind = "do",
            step = "extend",
            node = text(node),
            token = token,
            horizon = text(horizon),
            horizon_ms = ms(horizon)
        )
        .into(),
        Request::GiveBack { node, horizon, .. } => {
            let (keep, tick) = match horizon {
                RowHorizon::Keep => (true, None),
                RowHorizon::Set(tick) => (false, Some(tick)),
                RowHorizon::Clear => (false, None),
            };
            list!(
                kind = "do",
                step = "give_back",
                node = text(node),
                token = token,
                keep = keep,
                horizon = maybe_text(tick),
                horizon_ms = tick.map_or_else(|| Robj::from(()), |t| Robj::from(ms(t)))
            )
            .into()
        }
        Request::Lower { node, from, to } => list!(
            kind = "do",
            step = "lower",
            node = text(node),
            from = text(from),
            to = maybe_text(to)
        )
        .into(),
    }
}

/// Shuts the generator `pointer` points at (its lease's finalizer, which
/// cannot run SQL, gives the node back later): it mints no more, and frees
/// its place in this process's registry.
#[extendr]
fn generator_shut(pointer: Robj) -> Robj {
    if let Ok(shared) = live(&pointer) {
        Target::Live(shared).shut();
    }
    reply(value(()))
}

/// The last ID the generator `pointer` points at minted, as decimal text;
/// NULL when it minted none. A generator that claims a node again after
/// losing its lease stays above it, so that its IDs keep increasing.
#[extendr]
fn generator_last_issued(pointer: Robj) -> Robj {
    reply(last_issued(&pointer))
}

fn last_issued(pointer: &Robj) -> Outcome {
    let shared = live(pointer)?;
    let last = lock_now(&shared.generator)?.last_issued_id();
    value(maybe_text(last))
}

/// The next `n` IDs of the leased generator `pointer` points at, as
/// `generator_next()` makes them, or fewer when its lease must be renewed
/// first: `list(ids, complete)`.
#[extendr]
fn generator_next_leased(pointer: Robj, n: f64, as_: &str, layout: Robj) -> Robj {
    reply(next_leased(&pointer, n, as_, &layout))
}

fn next_leased(pointer: &Robj, n: f64, as_: &str, layout: &Robj) -> Outcome {
    let as_ = IdsAs::from_name(as_)?;
    let shared = live(pointer)?;
    let n = match from_double(n) {
        Entry::Id(n) => n as usize,
        _ => return Err(Problem::new(Code::InputType)),
    };
    let minted = mint_to_r(&shared.generator, n, as_, layout);
    let (ids, problems) = minted.outcome?;
    let out: Robj = list!(ids = ids, complete = minted.complete).into();
    Ok((out, problems))
}

extendr_module! {
    mod lease;
    fn lease_node_space;
    fn lease_node_values;
    fn lease_new;
    fn lease_begin;
    fn lease_answer;
    fn lease_skipped;
    fn generator_shut;
    fn generator_last_issued;
    fn generator_next_leased;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::tests_support::new_test_generator;
    use crate::r_session::{eval, with_r};

    /// 32 bits of seconds, a 1-bit node and a 30-bit sequence.
    const SECONDS: &str = "list(name = 'custom', bits = c(sign = 1L, time = 32L, node = 1L, \
        sequence = 30L), kinds = c('sign', 'time', 'node', 'sequence'), unit = 's', \
        epoch_ms = 1700000000000, text = 'decimal')";

    fn field(list: &Robj, name: &str) -> Robj {
        list.dollar(name).unwrap()
    }

    fn step(reply: &Outcome) -> String {
        let (out, _) = reply.as_ref().unwrap();
        field(out, "step").as_str().unwrap().to_owned()
    }

    #[test]
    fn the_node_space_of_a_layout_as_lease_rows_name_it() {
        with_r(|| {
            let layout = eval(SECONDS);
            let (space, _) = node_space(&layout).unwrap();
            assert_eq!(field(&space, "space").as_str(), Some("time<<31 s from 1700000000000"));
            assert_eq!(field(&space, "mask").as_str(), Some("0x40000000"));
            assert_eq!(field(&space, "count").as_real(), Some(2.0));
            let (values, _) = node_values(&layout, "1").unwrap();
            assert_eq!(values.as_real_vector(), Some(vec![1.0]));
            for bad in ["2", "-1", "1.0", "", "99999999999999999999999"] {
                assert_eq!(node_values(&layout, bad).unwrap_err().code, Code::InputType, "{bad}");
            }
        });
    }

    /// A claim driven as R drives it, with answers as R writes them: the
    /// generator mints only once the lease was renewed under its horizon,
    /// starts above the floors the database gave, and stops when shut.
    #[test]
    fn a_claim_driven_through_the_binding_opens_and_shuts_the_generator() {
        with_r(|| {
            let layout = eval(SECONDS);
            let (machine, _) = new_lease(&layout, 30_000.0).unwrap();
            let none = Robj::from(());
            assert_eq!(step(&begin(&machine, &none, "claim")), "outside");
            let next = take_answer(&machine, &none, &eval("list(answer = 'outside', outside = TRUE)"));
            assert_eq!(step(&next), "find");
            let next = take_answer(
                &machine,
                &none,
                &eval("list(answer = 'found', node = '1', fresh = TRUE)"),
            );
            let (take, _) = next.as_ref().unwrap();
            assert_eq!((step(&next), field(take, "node").as_str()), ("take".into(), Some("1")));
            assert_eq!(field(take, "token").as_str().unwrap().len(), 16);
            let next = take_answer(&machine, &none, &eval("list(answer = 'changed', count = 1)"));
            assert_eq!(step(&next), "start");
            // R makes the generator of node 1, fenced off until granted.
            let pointer = new_test_generator(&layout, &[1.0], true);
            for (answer, expected) in [
                ("list(answer = 'started')", "own_space"),
                ("list(answer = 'changed', count = 1)", "floors"),
            ] {
                assert_eq!(step(&take_answer(&machine, &pointer, &eval(answer))), expected);
            }
            // A floor 60 s ahead of the clock, within the lease's 30 s and
            // the clocks' allowance: the horizon covers it.
            let now_tick = ((std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis() as f64
                - 1.7e12)
                / 1000.0) as u64;
            let floors = format!(
                "list(answer = 'floors', row = NA_character_, fence = '{}', split = NA_character_)",
                now_tick + 60
            );
            let next = take_answer(&machine, &pointer, &eval(&floors));
            assert_eq!(step(&next), "extend");
            let (extend, _) = next.as_ref().unwrap();
            let horizon: u64 = field(extend, "horizon").as_str().unwrap().parse().unwrap();
            assert!(horizon >= now_tick + 61 + 30, "{horizon} {now_tick}");
            assert_eq!(
                field(extend, "horizon_ms").as_real(),
                Some(1.7e12 + (horizon + 1) as f64 * 1000.0)
            );
            // Not granted yet: nothing is minted.
            let (out, _) = next_leased(&pointer, 5.0, "integer64", &layout).unwrap();
            assert_eq!(field(&out, "ids").len(), 0);
            let changed = eval("list(answer = 'changed', count = 1)");
            for expected in ["reserve_space", "reserve_node"] {
                assert_eq!(step(&take_answer(&machine, &pointer, &changed)), expected);
            }
            assert_eq!(
                step(&take_answer(&machine, &pointer, &eval("list(answer = 'done')"))),
                "extend"
            );
            let (minting, _) = take_answer(&machine, &pointer, &changed).unwrap();
            assert_eq!(field(&minting, "kind").as_str(), Some("minting"));
            assert_eq!(field(&minting, "node").as_str(), Some("1"));
            let (out, _) = next_leased(&pointer, 3.0, "character", &layout).unwrap();
            let first: u64 = field(&out, "ids")
                .as_str_iter()
                .unwrap()
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert_eq!(first >> 31, now_tick + 61, "above the floor");
            // Giving back: the generator is shut first, and mints no more.
            assert_eq!(step(&begin(&machine, &pointer, "release")), "outside");
            let next = take_answer(&machine, &pointer, &eval("list(answer = 'outside', outside = TRUE)"));
            let (give_back, _) = next.as_ref().unwrap();
            assert_eq!(step(&next), "give_back");
            assert_eq!(
                field(give_back, "horizon").as_str(),
                Some((now_tick + 61).to_string().as_str())
            );
            assert_eq!(
                crate::generator::next_ids_for_tests(&pointer, 1, &layout)
                    .unwrap_err()
                    .code,
                Code::LeaseClosed
            );
        });
    }

    #[test]
    fn answers_that_cannot_be_read_are_failures_never_guesses() {
        with_r(|| {
            for bad in [
                "NULL",
                "list()",
                "list(answer = 'found', node = '-1', fresh = TRUE)",
                "list(answer = 'found', node = 3, fresh = TRUE)",
                "list(answer = 'found', node = '3', fresh = NA)",
                "list(answer = 'changed', count = NA_real_)",
                "list(answer = 'changed', count = c(1, 1))",
                "list(answer = 'changed', count = 0.5)",
                "list(answer = 'floors', row = NA, fence = NA_character_, split = NA_character_)",
                "list(answer = 'outside', outside = NA)",
                "list(answer = 'something else')",
                "list(answer = NA_character_)",
            ] {
                assert_eq!(answer_from_r(&eval(bad)), Answer::Failed, "{bad}");
            }
            // A row another client wrote as no tick is read, and passed over.
            assert_eq!(
                answer_from_r(&eval(
                    "list(answer = 'floors', row = '12x', fence = NA_character_, split = NA_character_)"
                )),
                Answer::Unreadable
            );
            assert_eq!(
                answer_from_r(&eval(
                    "list(answer = 'floors', row = NA_character_, fence = '18446744073709551615', split = '0')"
                )),
                Answer::Floors {
                    row: None,
                    fence: Some(u64::MAX),
                    split: Some(0)
                }
            );
            // A stop is a problem for R to raise.
            let layout = eval(SECONDS);
            let (machine, _) = new_lease(&layout, 30_000.0).unwrap();
            let none = Robj::from(());
            begin(&machine, &none, "claim").unwrap();
            let stop = take_answer(&machine, &none, &eval("list(answer = 'outside', outside = FALSE)"));
            let problem = stop.unwrap_err();
            assert_eq!((problem.code, problem.element), (Code::LeaseTransaction, Some("claim")));
            assert_eq!(
                machine_of(&Robj::from(1.0)).err().map(|p| p.code),
                Some(Code::NotGenerator)
            );
        });
    }
}
