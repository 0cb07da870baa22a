//! What R's node leases (R/lease.R) ask of the binding: a layout's node
//! space as lease rows name it, and the steps of a lease on a generator.
//! R claims and renews leases in the database; here the generator is
//! fenced: it mints only up to the horizon its lease reserved, and only
//! within the window of wall time that the lease's last renewal opened.
//!
//! A renewal is two calls around R's database call: `generator_lease_begin`
//! notes when it began (the window is counted from then, before the
//! database's clock set the lease's expiry) and proposes the horizon to
//! reserve; `generator_lease_grant` opens the window and moves the fence
//! once the database has taken it.

use crate::generator::live;
use crate::layout::layout_from_r;
use crate::mint::mint_to_r;
use crate::reply::{reply, value, Outcome};
use crate::vectors;
use extendr_api::prelude::*;
use std::time::{Duration, Instant};
use zuid_core::entry::Entry;
use zuid_core::lease::{horizon, NodeSpace};
use zuid_core::output::IdsAs;
use zuid_core::r_values::from_double;
use zuid_core::sliced::lock_now;
use zuid_core::{Code, Fence, Problem};

/// A whole number R passed as a double (R checked it).
fn whole(x: f64) -> std::result::Result<u64, Problem> {
    match from_double(x) {
        Entry::Id(v) => Ok(v),
        _ => Err(Problem::new(Code::InputType)),
    }
}

/// A duration R passed as milliseconds (R checked it).
fn millis(ms: f64) -> std::result::Result<Duration, Problem> {
    whole(ms).map(Duration::from_millis)
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

/// The node values of node number `index` of `layout`, one per node field.
#[extendr]
fn lease_node_values(layout: Robj, index: f64) -> Robj {
    reply(node_values(&layout, index))
}

fn node_values(layout: &Robj, index: f64) -> Outcome {
    let nodes = NodeSpace::of(&layout_from_r(layout)?);
    let index = whole(index)?;
    if index >= nodes.count() {
        return Err(Problem::new(Code::InputType));
    }
    let values: Vec<f64> = nodes.values(index).iter().map(|&v| v as f64).collect();
    value(vectors::doubles_from(&values))
}

/// Begins a renewal of the lease of the generator `pointer` points at, for
/// `ttl_ms`: notes when, and returns the horizon to reserve, `horizon` (a
/// tick) and `horizon_ms` (when the tick after it starts).
#[extendr]
fn generator_lease_begin(pointer: Robj, ttl_ms: f64) -> Robj {
    reply(lease_begin(&pointer, ttl_ms))
}

fn lease_begin(pointer: &Robj, ttl_ms: f64) -> Outcome {
    let shared = live(pointer)?;
    let ttl = whole(ttl_ms)? as i64;
    let g = lock_now(&shared.generator)?;
    shared.renewal_began.set(Some(Instant::now()));
    let nodes = NodeSpace::of(g.layout());
    let reserved = horizon(
        g.clock_tick(),
        g.last_tick(),
        g.max_lead(),
        nodes.ticks_in(ttl),
        g.layout().last_tick(),
    );
    horizon_value(&nodes, reserved)
}

/// A horizon as R keeps it: `horizon` (the last tick that may be minted)
/// and `horizon_ms` (when the tick after it starts).
fn horizon_value(nodes: &NodeSpace, tick: u64) -> Outcome {
    let out: Robj = list!(
        horizon = tick as f64,
        horizon_ms = nodes.tick_start_ms(tick.saturating_add(1)) as f64
    )
    .into();
    value(out)
}

/// The database took the renewal: the generator mints up to tick
/// `horizon`, until `window_ms` after the renewal began.
#[extendr]
fn generator_lease_grant(pointer: Robj, horizon: f64, window_ms: f64) -> Robj {
    reply(lease_grant(&pointer, horizon, window_ms))
}

fn lease_grant(pointer: &Robj, horizon: f64, window_ms: f64) -> Outcome {
    let shared = live(pointer)?;
    let horizon = whole(horizon)?;
    let window = millis(window_ms)?;
    let began = shared.renewal_began.take().ok_or(Problem::new(Code::InputType))?;
    let mut g = lock_now(&shared.generator)?;
    g.set_fence(Fence::UpTo(horizon));
    g.clock().set_window_end(Some(began + window));
    value(())
}

/// Makes the generator mint only after tick `tick`, the horizon that the
/// node's previous holder reserved (see `Generator::stay_after_tick`).
#[extendr]
fn generator_lease_floor(pointer: Robj, tick: f64) -> Robj {
    reply(lease_floor(&pointer, tick))
}

fn lease_floor(pointer: &Robj, tick: f64) -> Outcome {
    let shared = live(pointer)?;
    let tick = whole(tick)?;
    let mut g = lock_now(&shared.generator)?;
    g.stay_after_tick(tick).map_err(|_| Problem::new(Code::LeaseNoneLeft))?;
    value(())
}

/// Fences the generator off for good (its lease is given back), freeing
/// its place in the registry. Returns the horizon a release leaves for the node's next
/// holder, `list(horizon, horizon_ms)`: the tick of its last ID and when
/// the tick after it starts; NULL when it has no last ID.
#[extendr]
fn generator_lease_close(pointer: Robj) -> Robj {
    reply(lease_close(&pointer))
}

fn lease_close(pointer: &Robj) -> Outcome {
    let shared = live(pointer)?;
    let mut g = lock_now(&shared.generator)?;
    g.set_fence(Fence::Closed);
    g.clock().set_window_end(Some(Instant::now()));
    shared.retire(g.last_issued_id());
    let Some(tick) = g.last_tick() else {
        return value(());
    };
    horizon_value(&NodeSpace::of(g.layout()), tick)
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
    let minted = mint_to_r(&shared.generator, whole(n)? as usize, as_, layout);
    let (ids, problems) = minted.outcome?;
    let out: Robj = list!(ids = ids, complete = minted.complete).into();
    Ok((out, problems))
}

extendr_module! {
    mod lease;
    fn lease_node_space;
    fn lease_node_values;
    fn generator_lease_begin;
    fn generator_lease_grant;
    fn generator_lease_floor;
    fn generator_lease_close;
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

    fn number(list: &Robj, name: &str) -> f64 {
        list.dollar(name).unwrap().as_real().unwrap()
    }

    #[test]
    fn the_node_space_of_a_layout_as_lease_rows_name_it() {
        with_r(|| {
            let layout = eval(SECONDS);
            let (space, _) = node_space(&layout).unwrap();
            assert_eq!(
                space.dollar("space").unwrap().as_str(),
                Some("time<<31 s from 1700000000000")
            );
            assert_eq!(space.dollar("mask").unwrap().as_str(), Some("0x40000000"));
            assert_eq!(number(&space, "count"), 2.0);
            let (values, _) = node_values(&layout, 1.0).unwrap();
            assert_eq!(values.as_real_vector(), Some(vec![1.0]));
            assert_eq!(node_values(&layout, 2.0).unwrap_err().code, Code::InputType);
        });
    }

    #[test]
    fn a_leased_generator_mints_only_within_its_window_and_horizon() {
        with_r(|| {
            let layout = eval(SECONDS);
            let pointer = new_test_generator(&layout, &[0.0], true);
            // Not granted yet: nothing, and a call that says so.
            let (out, _) = next_leased(&pointer, 5.0, "integer64", &layout).unwrap();
            assert_eq!(out.dollar("complete").unwrap().as_bool(), Some(false));
            assert_eq!(out.dollar("ids").unwrap().len(), 0);
            // A renewal: the horizon is 30 s past the clock.
            let (plan, _) = lease_begin(&pointer, 30_000.0).unwrap();
            let horizon = number(&plan, "horizon");
            let now_tick = (std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis() as f64
                - 1.7e12)
                / 1000.0;
            assert!((horizon - now_tick.floor() - 30.0).abs() <= 1.0, "{horizon} {now_tick}");
            assert_eq!(number(&plan, "horizon_ms"), 1.7e12 + (horizon + 1.0) * 1000.0);
            lease_grant(&pointer, horizon, 60_000.0).unwrap();
            let (out, _) = next_leased(&pointer, 1000.0, "integer64", &layout).unwrap();
            assert_eq!(out.dollar("complete").unwrap().as_bool(), Some(true));
            assert_eq!(out.dollar("ids").unwrap().len(), 1000);
            // A grant whose window has closed: the IDs stop.
            lease_begin(&pointer, 30_000.0).unwrap();
            lease_grant(&pointer, horizon, 0.0).unwrap();
            let (out, _) = next_leased(&pointer, 10.0, "integer64", &layout).unwrap();
            assert_eq!(out.dollar("ids").unwrap().len(), 0);
            // A grant needs a renewal begun first.
            assert_eq!(lease_grant(&pointer, horizon, 1.0).unwrap_err().code, Code::InputType);
            // Closing returns the last tick and fences the generator off.
            let (last, _) = lease_close(&pointer).unwrap();
            assert!(number(&last, "horizon") <= horizon);
            assert_eq!(
                crate::generator::next_ids_for_tests(&pointer, 1, &layout)
                    .unwrap_err()
                    .code,
                Code::LeaseClosed
            );
        });
    }

    #[test]
    fn a_floor_from_the_previous_holder_keeps_the_next_ids_above_it() {
        with_r(|| {
            let layout = eval(SECONDS);
            let pointer = new_test_generator(&layout, &[1.0], true);
            // A horizon 100 s ahead of the clock, under "borrow".
            let (plan, _) = lease_begin(&pointer, 30_000.0).unwrap();
            let ahead = number(&plan, "horizon") + 70.0;
            lease_floor(&pointer, ahead).unwrap();
            let (plan, _) = lease_begin(&pointer, 30_000.0).unwrap();
            assert_eq!(number(&plan, "horizon"), ahead + 2.0 + 30.0);
            lease_grant(&pointer, number(&plan, "horizon"), 60_000.0).unwrap();
            let (out, _) = next_leased(&pointer, 3.0, "character", &layout).unwrap();
            let first: u64 = out
                .dollar("ids")
                .unwrap()
                .as_str_iter()
                .unwrap()
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert_eq!(first >> 31, ahead as u64 + 1);
            assert_eq!(
                lease_floor(&pointer, 4_294_967_295.0).unwrap_err().code,
                Code::LeaseNoneLeft
            );
        });
    }
}
