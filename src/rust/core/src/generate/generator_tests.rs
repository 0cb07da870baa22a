//! The generator against a stepped clock: bursts, clock faults, floors,
//! fences and the facts it mints by.

use super::*;
use crate::generate::facts::{SCRU64_ROLLBACK_ALLOWANCE_MS, SQL_SESSIONS_MAX};
use crate::layouts::layout::PartKind::*;
use crate::layouts::unit::Unit;
use crate::test_cases::{
    scru64, tid, twitter, SONYFLAKE_V1_EPOCH_MS, TID_EXAMPLE, TID_EXAMPLE_MICROS, TWITTER_EPOCH_MS, TWITTER_EXAMPLE,
};
use crate::text::entry::TextForm;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

/// A clock that reads scripted times, then stays on the last one, and
/// that moves forward when slept on or paused.
struct FakeClock {
    now: Cell<i64>,
    script: RefCell<VecDeque<i64>>,
    slept: Cell<i64>,
    /// Milliseconds added after each reading once the script is done.
    drift: i64,
    /// Whether a sleep reports an interruption.
    interrupt: Cell<bool>,
}

impl FakeClock {
    fn at(start: i64) -> Self {
        FakeClock {
            now: Cell::new(start),
            script: RefCell::new(VecDeque::new()),
            slept: Cell::new(0),
            drift: 0,
            interrupt: Cell::new(false),
        }
    }

    fn scripted(times: &[i64]) -> Self {
        let clock = FakeClock::at(times[0]);
        clock.script.borrow_mut().extend(times.iter().copied());
        clock
    }

    fn set(&self, ms: i64) {
        self.now.set(ms);
    }
}

impl Clock for &FakeClock {
    fn now_ms(&self) -> i64 {
        if let Some(t) = self.script.borrow_mut().pop_front() {
            self.now.set(t);
        } else {
            self.now.set(self.now.get() + self.drift);
        }
        self.now.get()
    }

    fn sleep_ms(&self, ms: i64) -> bool {
        self.slept.set(self.slept.get() + ms);
        self.now.set(self.now.get() + ms);
        !self.interrupt.get()
    }

    fn pause(&self) {
        self.now.set(self.now.get() + 1);
    }
}

const EPOCH: i64 = TWITTER_EPOCH_MS;
const T0: i64 = TWITTER_EXAMPLE.time_ms;

fn sonyflake() -> Layout {
    crate::test_cases::sonyflake(SONYFLAKE_V1_EPOCH_MS)
}

fn time_ms(layout: &Layout, id: u64) -> i64 {
    layout.time_decoder().time(id)
}

/// The node values of `layout` in ID `id`.
fn node_values(layout: &Layout, id: u64) -> Vec<u64> {
    layout.nodes().map(|p| p.extract(id)).collect()
}

fn generator<'a>(layout: Layout, nodes: &[u64], policy: OnClockBack, clock: &'a FakeClock) -> Generator<&'a FakeClock> {
    Generator::new(layout, nodes, policy, clock, 0x1234_5678).unwrap()
}

fn take<C: Clock>(g: &mut Generator<C>, n: usize) -> Vec<u64> {
    (0..n).map(|_| g.next_id().unwrap()).collect()
}

fn assert_strictly_increasing(ids: &[u64]) {
    for pair in ids.windows(2) {
        assert!(pair[0] < pair[1], "{} then {}", pair[0], pair[1]);
    }
}

fn per_tick_counts(layout: &Layout, ids: &[u64]) -> std::collections::HashMap<u64, u64> {
    let mut counts = std::collections::HashMap::new();
    for &id in ids {
        *counts.entry(layout.time().extract(id)).or_insert(0) += 1;
    }
    counts
}

#[test]
fn the_exact_ids_for_a_scripted_clock() {
    let clock = FakeClock::scripted(&[T0, T0, T0 + 1, T0 + 1, T0 + 5]);
    let mut g = generator(twitter(), &[11, 8], OnClockBack::Error, &clock);
    let base = ((T0 - EPOCH) as u64) << 22 | 11 << 17 | 8 << 12;
    let expected = vec![base, base + 1, base + (1 << 22), base + (1 << 22) + 1, base + (5 << 22)];
    assert_eq!(take(&mut g, 5), expected);
    // The first is Twitter's 1888944671579078978 with sequence 0.
    assert_eq!(expected[0] + 322, 1_888_944_671_579_078_978);
}

#[test]
fn a_frozen_clock_waits_for_the_next_tick_when_the_sequence_runs_out() {
    let clock = FakeClock::at(T0);
    let mut g = generator(twitter(), &[0, 1], OnClockBack::Error, &clock);
    let ids = take(&mut g, 3 * 4096 + 10);
    assert_strictly_increasing(&ids);
    let counts = per_tick_counts(g.layout(), &ids);
    assert!(counts.values().all(|&c| c <= 4096));
    assert_eq!(counts.len(), 4);
    // Never ahead of the clock: every tick's start was reached.
    let last_tick = ids.iter().map(|&id| time_ms(g.layout(), id)).max().unwrap();
    assert!(last_tick <= clock.now.get());
}

#[test]
fn sequence_exhaustion_sleeps_on_ten_millisecond_ticks() {
    let clock = FakeClock::at(1_700_000_000_000);
    let mut g = generator(sonyflake(), &[0xBEEF], OnClockBack::Error, &clock);
    let ids = take(&mut g, 256 * 3);
    assert_strictly_increasing(&ids);
    assert_eq!(per_tick_counts(g.layout(), &ids).len(), 3);
    assert_eq!(clock.slept.get(), 20);
    assert!(ids.iter().all(|&id| id & 0xFFFF == 0xBEEF));
}

#[test]
fn error_policy_says_how_far_back_the_clock_went() {
    let clock = FakeClock::at(T0);
    let mut g = generator(twitter(), &[0, 0], OnClockBack::Error, &clock);
    g.next_id().unwrap();
    clock.set(T0 - 10_000);
    let back = |ms| GenerateError::ClockBack {
        behind_ms: ms,
        back_ms: ms,
    };
    assert_eq!(g.next_id(), Err(back(10_000)));
    clock.set(T0 - 1);
    assert_eq!(g.next_id(), Err(back(1)));
    clock.set(T0);
    assert!(g.next_id().is_ok());
}

#[test]
fn wait_policy_blocks_until_the_clock_is_back() {
    for back in [1, 10_000] {
        let clock = FakeClock::at(T0);
        let mut g = generator(twitter(), &[0, 0], OnClockBack::Wait, &clock);
        let first = g.next_id().unwrap();
        clock.set(T0 - back);
        let second = g.next_id().unwrap();
        assert!(second > first);
        assert_eq!(time_ms(g.layout(), second), T0);
        assert!(clock.now.get() >= T0);
    }
}

#[test]
fn borrow_policy_keeps_counting_on_the_last_tick() {
    let clock = FakeClock::at(T0);
    let mut g = generator(twitter(), &[0, 0], OnClockBack::Borrow, &clock);
    let first = g.next_id().unwrap();
    clock.set(T0 - 10_000);
    let next = take(&mut g, 4095);
    assert!(next.iter().all(|&id| time_ms(g.layout(), id) == T0));
    assert_eq!(clock.slept.get(), 0);
    // The tick is used up: the next ID waits for the clock to reach T0 + 1.
    let after = g.next_id().unwrap();
    assert_eq!(time_ms(g.layout(), after), T0 + 1);
    assert!(clock.now.get() > T0);
    let mut all = vec![first];
    all.extend(next);
    all.push(after);
    assert_strictly_increasing(&all);
}

#[test]
fn every_policy_stays_unique_and_increasing_under_every_fault() {
    // Readings: forwards, back 1 ms, frozen, back 10 s, jumps forward.
    let mut script = Vec::new();
    let mut t = T0;
    for step in 0..20_000i64 {
        t += match step % 1000 {
            0 => -1,
            500 => -10_000,
            700 => 10_000,
            _ if step % 3 == 0 => 1,
            _ => 0,
        };
        script.push(t);
    }
    for policy in [OnClockBack::Wait, OnClockBack::Borrow] {
        for layout in [twitter(), sonyflake(), scru64(8)] {
            let clock = FakeClock::scripted(&script);
            let nodes = vec![1; layout.nodes().count()];
            let mut g = generator(layout, &nodes, policy, &clock);
            let ids = take(&mut g, 30_000);
            assert_strictly_increasing(&ids);
            assert!(ids.iter().all(|&id| node_values(g.layout(), id) == nodes));
            let seq_max = g.layout().sequence().max_value() + 1;
            assert!(per_tick_counts(g.layout(), &ids).values().all(|&c| c <= seq_max));
        }
    }
}

#[test]
fn error_policy_never_repeats_an_id_across_faults() {
    let clock = FakeClock::scripted(&[T0, T0 + 1, T0 - 5, T0 + 1, T0 + 2, T0 - 10_000, T0 + 3]);
    let mut g = generator(twitter(), &[3, 4], OnClockBack::Error, &clock);
    let mut ids = Vec::new();
    let mut errors = 0;
    for _ in 0..7 {
        match g.next_id() {
            Ok(id) => ids.push(id),
            Err(GenerateError::ClockBack { .. }) => errors += 1,
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(errors, 2);
    assert_strictly_increasing(&ids);
}

#[test]
fn scru64_absorbs_small_rollbacks_and_counts_on() {
    let clock = FakeClock::at(1_700_000_000_000);
    let mut g = generator(scru64(8), &[42], OnClockBack::Error, &clock);
    let first = g.next_id().unwrap();
    clock.set(1_700_000_000_000 - 9_000);
    let second = g.next_id().unwrap();
    assert_eq!(second, first + 1);
    clock.set(1_700_000_000_000 - 11_000);
    assert!(matches!(g.next_id(), Err(GenerateError::ClockBack { .. })));
}

#[test]
fn scru64_counter_overflow_moves_to_the_next_timestamp() {
    let clock = FakeClock::at(1_700_000_000_000);
    let mut g = generator(scru64(20), &[7], OnClockBack::Error, &clock);
    // A 4-bit counter starts below 8, so a tick holds 9 to 16 IDs.
    let ids = take(&mut g, 200);
    assert_strictly_increasing(&ids);
    let counts = per_tick_counts(g.layout(), &ids);
    assert!(counts.len() >= 200 / 16);
    assert_eq!(clock.slept.get(), 0, "SCRU64 does not wait on overflow");
    for &id in &ids {
        assert_eq!(node_values(g.layout(), id), vec![7]);
        assert!(id <= g.layout().max_id());
    }
}

#[test]
fn minting_facts_follow_each_layouts_published_grid() {
    // Tick 0 and the tick in microseconds; the last tick (SCRU64's is
    // the last whose IDs are below 36^12 = 2^24 * 3^24); SCRU64's lead
    // of less than 10 s (39 ticks of 256 ms) and counter start.
    let sony = crate::test_cases::sonyflake(SONYFLAKE_V1_EPOCH_MS + 7);
    let sony_origin_us = (SONYFLAKE_V1_EPOCH_MS / 10) * 10 * 1_000;
    let cases = [
        (twitter(), TWITTER_EPOCH_MS * 1_000, 1_000, (1u64 << 41) - 1, 0, 0),
        (sony, sony_origin_us, 10_000, (1 << 39) - 1, 0, 0),
        (scru64(8), 0, 256_000, 3u64.pow(24) - 1, 39, 15),
        (scru64(23), 0, 256_000, 3u64.pow(24) - 1, 39, 0),
        (tid(), 0, 1, (1 << 53) - 1, 0, 0),
    ];
    for (layout, origin_us, unit_us, last_tick, max_lead, counter_start_bits) in cases {
        let facts = MintingFacts::of(&layout);
        let grid = (facts.origin_us, facts.unit_us, facts.last_tick, facts.max_lead);
        assert_eq!(grid, (origin_us, unit_us, last_tick, max_lead));
        assert_eq!(facts.counter_start_bits, counter_start_bits);
    }
}

#[test]
fn sql_state_counters_are_the_bits_below_the_time() {
    // (layout, counter bits, lock free): a tick's counter must hold its
    // sequence and three values for each of 2^18 sessions.
    let mastodon = Layout::new(&[(Time, 48), (Sequence, 16)], Unit::MILLIS, 0).unwrap();
    let cases = [
        (twitter(), 23, true),
        (scru64(1), 25, true),
        (mastodon, 16, false),
        (tid(), 11, false),
    ];
    for (layout, bits, lock_free) in cases {
        let facts = MintingFacts::of(&layout);
        assert_eq!((facts.state_counter_bits, facts.lock_free), (bits, lock_free));
        assert_eq!(
            facts.put_margin,
            layout.sequence().max_value() + 1 + 3 * SQL_SESSIONS_MAX
        );
        if lock_free {
            assert!(1u64 << bits > facts.put_margin);
        }
    }
}

#[test]
fn scru64_counters_start_in_the_lower_half() {
    let clock = FakeClock::at(1_700_000_000_000);
    let mut g = generator(scru64(8), &[1], OnClockBack::Error, &clock);
    let mut starts = Vec::new();
    for k in 0..2000 {
        clock.set(1_700_000_000_000 + k * 256);
        starts.push(g.next_id().unwrap() & 0xFFFF);
    }
    assert!(starts.iter().all(|&c| c < 1 << 15));
    // Random, not constant: both halves of the allowed range occur.
    assert!(starts.iter().any(|&c| c < 1 << 14) && starts.iter().any(|&c| c >= 1 << 14));
}

#[test]
fn a_wait_cut_short_changes_nothing() {
    let clock = FakeClock::at(T0);
    let mut g = generator(twitter(), &[0, 0], OnClockBack::Wait, &clock);
    let first = g.next_id().unwrap();
    clock.set(T0 - 10_000);
    clock.interrupt.set(true);
    assert_eq!(g.next_id(), Err(GenerateError::Stopped));
    assert_eq!(g.last_id(), Some(first));
    clock.interrupt.set(false);
    let next = g.next_id().unwrap();
    assert_eq!(next, first + 1);
}

#[test]
fn node_values_are_checked() {
    let clock = FakeClock::at(T0);
    assert!(Generator::new(twitter(), &[32, 0], OnClockBack::Wait, &clock, 1).is_err());
    assert_eq!(
        Generator::new(twitter(), &[0], OnClockBack::Wait, &clock, 1).err(),
        Some(ComposeError::NodeCount { expected: 2, given: 1 })
    );
    assert!(Generator::new(twitter(), &[31, 31], OnClockBack::Wait, &clock, 1).is_ok());
}

#[test]
fn clocks_outside_the_layout_are_errors() {
    let clock = FakeClock::at(EPOCH - 1);
    let mut g = generator(twitter(), &[0, 0], OnClockBack::Wait, &clock);
    assert_eq!(g.next_id(), Err(GenerateError::BeforeEpoch));
    clock.set(EPOCH + (1 << 41));
    assert_eq!(g.next_id(), Err(GenerateError::PastEnd));
}

/// All IDs of runs of up to `max` each, until `n` are made.
fn take_runs<C: Clock>(g: &mut Generator<C>, n: usize, max: u64) -> Vec<u64> {
    let mut ids = Vec::new();
    while ids.len() < n {
        let run = g.next_run(max.min((n - ids.len()) as u64)).unwrap();
        assert!(run.count >= 1 && run.count <= max);
        ids.extend((0..run.count).map(|k| run.id(k)));
    }
    ids
}

#[test]
fn runs_on_a_frozen_clock_are_the_ids_next_id_makes() {
    for layout in [twitter(), sonyflake(), scru64(20)] {
        let nodes = vec![1; layout.nodes().count()];
        let (one, runs) = (FakeClock::at(1_700_000_000_000), FakeClock::at(1_700_000_000_000));
        let mut a = generator(layout.clone(), &nodes, OnClockBack::Wait, &one);
        let mut b = generator(layout.clone(), &nodes, OnClockBack::Wait, &runs);
        let singles = take(&mut a, 3 * 4096 + 7);
        assert_eq!(take_runs(&mut b, 3 * 4096 + 7, 1 << 20), singles);
        assert_eq!(a.last_id(), b.last_id());
    }
}

#[test]
fn runs_stay_unique_and_increasing_under_every_fault() {
    let mut script = Vec::new();
    let mut t = T0;
    for step in 0..5_000i64 {
        t += match step % 500 {
            0 => -1,
            200 => -10_000,
            300 => 10_000,
            _ if step % 3 == 0 => 1,
            _ => 0,
        };
        script.push(t);
    }
    for policy in [OnClockBack::Wait, OnClockBack::Borrow] {
        for layout in [twitter(), sonyflake(), scru64(8)] {
            let clock = FakeClock::scripted(&script);
            let nodes = vec![2; layout.nodes().count()];
            let mut g = generator(layout, &nodes, policy, &clock);
            let mut ids = Vec::new();
            for max in (0..600u64).map(|i| 1 + i * 7919 % 3000) {
                ids.extend(take_runs(&mut g, max as usize, max));
            }
            assert_strictly_increasing(&ids);
            assert!(ids.iter().all(|&id| node_values(g.layout(), id) == nodes));
            let seq_max = g.layout().sequence().max_value() + 1;
            assert!(per_tick_counts(g.layout(), &ids).values().all(|&c| c <= seq_max));
        }
    }
}

#[test]
fn a_run_ends_at_the_layouts_largest_id() {
    let layout = scru64(8);
    let clock = FakeClock::at(1_700_000_000_000);
    let mut g = generator(layout.clone(), &[255], OnClockBack::Borrow, &clock);
    // Ten IDs below SCRU64's largest, in its last tick.
    let max = layout.max_id();
    g.stay_above(max - 10).unwrap();
    let run = g.next_run(1000).unwrap();
    assert!(run.count <= 10, "{run:?}");
    assert!(run.id(run.count - 1) <= max);
    assert_eq!(g.next_run(1000), Err(GenerateError::PastEnd));
}

#[test]
fn a_fence_stops_minting_at_its_horizon_and_changes_nothing() {
    let layout = twitter();
    let now = tick_of(&layout, T0);
    for policy in POLICIES {
        let clock = FakeClock::at(T0);
        let mut g = generator(layout.clone(), &[1, 1], policy, &clock);
        g.set_fence(Fence::Closed);
        assert_eq!(g.next_id(), Err(GenerateError::Fenced));
        assert_eq!(g.last_id(), None);
        g.set_fence(Fence::UpTo(now));
        // The whole of tick `now`, then the fence.
        let ids = take_runs(&mut g, 4096, 5000);
        assert!(ids.iter().all(|&id| layout.time().extract(id) == now));
        let last = g.last_id();
        assert_eq!(g.next_run(10), Err(GenerateError::Fenced));
        assert_eq!((g.last_id(), clock.slept.get()), (last, 0), "no wait for a fenced tick");
        g.set_fence(Fence::UpTo(now + 1));
        assert_eq!(layout.time().extract(g.next_id().unwrap()), now + 1, "{policy:?}");
    }
    // A floor past the horizon is fenced too, under every policy.
    for policy in POLICIES {
        let clock = FakeClock::at(T0);
        let mut g = generator(layout.clone(), &[1, 2], policy, &clock);
        g.stay_above(compose(&layout, now + 50, &[1, 2, 7])).unwrap();
        g.set_fence(Fence::UpTo(now + 40));
        assert_eq!(g.next_id(), Err(GenerateError::Fenced), "{policy:?}");
        assert_eq!(clock.slept.get(), 0);
    }
}

#[test]
fn staying_after_a_tick_counts_on_from_the_next_one_as_each_policy_says() {
    let layout = twitter();
    let now = tick_of(&layout, T0);
    for policy in POLICIES {
        let clock = FakeClock::at(T0);
        let mut g = generator(layout.clone(), &[2, 2], policy, &clock);
        g.stay_after_tick(now + 5000).unwrap();
        match policy {
            OnClockBack::Error => {
                assert_eq!(g.next_id(), Err(GenerateError::FloorAhead { by_ms: 5001 }));
                continue;
            }
            OnClockBack::Wait => {
                let id = g.next_id().unwrap();
                assert_eq!((layout.time().extract(id), clock.now.get()), (now + 5001, T0 + 5001));
            }
            OnClockBack::Borrow => {
                let id = g.next_id().unwrap();
                assert_eq!(id, compose(&layout, now + 5001, &[2, 2, 1]));
                assert_eq!(clock.slept.get(), 0);
            }
        }
    }
    let clock = FakeClock::at(T0);
    let mut g = generator(layout.clone(), &[2, 3], OnClockBack::Wait, &clock);
    assert_eq!(g.stay_after_tick(layout.last_tick()), Err(FloorError::NoneLeft));
    // A tick behind the generator changes nothing.
    let first = g.next_id().unwrap();
    g.stay_after_tick(now - 10).unwrap();
    assert_eq!(g.next_id().unwrap(), first + 1);
}

#[test]
fn the_clock_tick_and_the_last_tick() {
    let layout = twitter();
    let clock = FakeClock::at(T0);
    let mut g = generator(layout.clone(), &[1, 3], OnClockBack::Wait, &clock);
    assert_eq!((g.clock_tick(), g.last_tick()), (Some(tick_of(&layout, T0)), None));
    g.next_id().unwrap();
    assert_eq!(g.last_tick(), Some(tick_of(&layout, T0)));
    clock.set(EPOCH - 5);
    assert_eq!(g.clock_tick(), None);
    clock.set(EPOCH + (1 << 42));
    assert_eq!(g.clock_tick(), Some(layout.last_tick()));
    assert_eq!(g.max_lead(), 0);
    assert_eq!(generator(scru64(8), &[1], OnClockBack::Wait, &clock).max_lead(), 39);
}

#[test]
fn fill_writes_consecutive_ids() {
    let clock = FakeClock::at(T0);
    let mut g = generator(twitter(), &[0, 0], OnClockBack::Wait, &clock);
    let mut out = vec![0u64; 10_000];
    g.fill(out.len(), |i, id| out[i] = id).unwrap();
    assert_strictly_increasing(&out);
}

const POLICIES: [OnClockBack; 3] = [OnClockBack::Wait, OnClockBack::Error, OnClockBack::Borrow];

/// How far ahead of the fake clock's present reading `id` starts.
fn lead_ms(layout: &Layout, id: u64, clock: &FakeClock) -> i64 {
    time_ms(layout, id) - clock.now.get()
}

/// The ID of `layout` in `tick` with these values below the time.
fn compose(layout: &Layout, tick: u64, values: &[u64]) -> u64 {
    layout.composer().compose(tick, values).unwrap()
}

fn tick_of(layout: &Layout, ms: i64) -> u64 {
    layout.composer().tick_at(ms).unwrap()
}

#[test]
fn a_scru64_burst_on_a_steady_clock_stays_within_the_allowance_under_every_policy() {
    // 23 node bits leave a 1-bit counter: 2 IDs per 256 ms tick.
    for policy in POLICIES {
        let clock = FakeClock::at(1_700_000_000_000);
        let mut g = generator(scru64(23), &[5], policy, &clock);
        let mut ids = Vec::new();
        for _ in 0..300 {
            let id = g.next_id().unwrap_or_else(|e| panic!("{policy:?}: {e}"));
            assert!(lead_ms(g.layout(), id, &clock) < SCRU64_ROLLBACK_ALLOWANCE_MS);
            ids.push(id);
            if ids.len() == 80 {
                // 40 ticks (this one and 39 ahead, 9,984 ms) need no wait...
                assert_eq!(clock.slept.get(), 0, "{policy:?}");
            }
        }
        // ...the rest waited for the clock, two IDs per tick.
        assert_eq!(clock.slept.get() / 256, (300 - 80) / 2, "{policy:?}");
        assert_strictly_increasing(&ids);
        assert!(per_tick_counts(g.layout(), &ids).values().all(|&c| c <= 2));
    }
}

#[test]
fn a_clock_that_moves_back_after_a_burst_is_told_apart_from_the_burst() {
    let start = 1_700_000_000_000;
    let clock = FakeClock::at(start);
    let mut g = generator(scru64(23), &[5], OnClockBack::Error, &clock);
    let ids = take(&mut g, 60);
    let ahead = lead_ms(g.layout(), ids[59], &clock);
    assert!(ahead > 7_000 && ahead < SCRU64_ROLLBACK_ALLOWANCE_MS);
    clock.set(start - 5_000);
    assert_eq!(
        g.next_id(),
        Err(GenerateError::ClockBack {
            behind_ms: ahead + 5_000,
            back_ms: 5_000
        })
    );
    clock.set(start);
    assert!(g.next_id().unwrap() > ids[59]);
}

#[test]
fn staying_above_an_id_of_the_same_tick() {
    let clock = FakeClock::at(T0);
    let layout = twitter();
    let now = tick_of(&layout, T0);
    for policy in POLICIES {
        let mut g = generator(layout.clone(), &[3, 4], policy, &clock);
        let after = compose(&layout, now, &[3, 4, 100]);
        g.stay_above(after).unwrap();
        assert_eq!(g.next_id().unwrap(), after + 1);
        // A floor below the generator's state changes nothing.
        g.stay_above(after - 50).unwrap();
        assert_eq!(g.next_id().unwrap(), after + 2);
    }
}

#[test]
fn an_id_of_a_higher_node_in_the_same_tick_uses_up_the_tick() {
    let clock = FakeClock::at(T0);
    let layout = twitter();
    let now = tick_of(&layout, T0);
    let mut g = generator(layout.clone(), &[3, 4], OnClockBack::Error, &clock);
    let after = compose(&layout, now, &[3, 5, 0]);
    g.stay_above(after).unwrap();
    let id = g.next_id().unwrap();
    assert!(id > after);
    assert_eq!(layout.time().extract(id), now + 1);
    // And one of a lower node leaves the whole tick: sequence 0 is skipped.
    let clock = FakeClock::at(T0);
    let mut g = generator(layout.clone(), &[3, 4], OnClockBack::Error, &clock);
    g.stay_above(compose(&layout, now, &[3, 3, 4095])).unwrap();
    assert_eq!(g.next_id().unwrap(), compose(&layout, now, &[3, 4, 1]));
}

#[test]
fn a_floor_a_few_ticks_ahead_is_met_as_each_policy_says() {
    let layout = twitter();
    let now = tick_of(&layout, T0);
    let after = compose(&layout, now + 3, &[0, 0, 5]);
    let mut minted = Vec::new();
    for policy in POLICIES {
        let clock = FakeClock::at(T0);
        let mut g = generator(layout.clone(), &[0, 0], policy, &clock);
        g.stay_above(after).unwrap();
        let first = match policy {
            OnClockBack::Error => {
                assert_eq!(g.next_id(), Err(GenerateError::FloorAhead { by_ms: 3 }));
                clock.set(T0 + 3);
                g.next_id().unwrap()
            }
            _ => g.next_id().unwrap(),
        };
        assert_eq!(first, after + 1, "{policy:?}");
        minted.push((policy, clock.now.get()));
    }
    // Wait waited for the clock; borrow counted on at once.
    assert_eq!(minted[0].1, T0 + 3);
    assert_eq!(minted[2].1, T0);
}

#[test]
fn scru64_absorbs_a_floor_within_its_allowance() {
    let start = 1_700_000_000_000;
    let layout = scru64(8);
    let now = tick_of(&layout, start);
    for policy in POLICIES {
        for ahead in [3, 39] {
            let clock = FakeClock::at(start);
            let mut g = generator(layout.clone(), &[42], policy, &clock);
            let after = compose(&layout, now + ahead, &[42, 1000]);
            g.stay_above(after).unwrap();
            assert_eq!(g.next_id().unwrap(), after + 1, "{policy:?} {ahead}");
            assert_eq!(clock.slept.get(), 0);
        }
    }
}

#[test]
fn a_clock_far_behind_the_floor_is_met_as_each_policy_says() {
    let start = 1_700_000_000_000;
    for layout in [twitter(), scru64(8)] {
        let nodes = vec![1; layout.nodes().count()];
        let now = tick_of(&layout, start);
        let ticks_ahead = 60_000 / layout.unit().length() as u64;
        let mut values = nodes.clone();
        values.push(7);
        let after = compose(&layout, now + ticks_ahead, &values);
        for policy in POLICIES {
            let clock = FakeClock::at(start);
            let mut g = generator(layout.clone(), &nodes, policy, &clock);
            g.stay_above(after).unwrap();
            let result = g.next_id();
            match policy {
                OnClockBack::Error => {
                    let by_ms = time_ms(&layout, after) - start;
                    assert_eq!(result, Err(GenerateError::FloorAhead { by_ms }));
                    assert!(by_ms >= 59_744);
                    continue;
                }
                OnClockBack::Wait => {
                    // Waited until the floor was within the allowance.
                    let behind = time_ms(&layout, after) - clock.now.get();
                    let allowance = if layout.text_form() == TextForm::Scru64 {
                        10_000
                    } else {
                        1
                    };
                    assert!(behind < allowance && behind > -256, "{behind}");
                }
                OnClockBack::Borrow => assert_eq!(clock.now.get(), start),
            }
            assert_eq!(result.unwrap(), after + 1);
        }
    }
}

#[test]
fn a_floor_that_leaves_no_id_is_refused() {
    let clock = FakeClock::at(T0);
    let layout = twitter();
    let mut g = generator(layout.clone(), &[0, 0], OnClockBack::Wait, &clock);
    assert_eq!(g.stay_above(layout.max_id()), Err(FloorError::NoneLeft));
    assert_eq!(g.stay_above(layout.max_id() + 1), Err(FloorError::NotAnId));
    // The last tick with room left is accepted.
    let last = compose(&layout, layout.last_tick(), &[0, 0, 4094]);
    assert_eq!(g.stay_above(last), Ok(()));
    assert_eq!(g.last_id(), Some(last));
    // SCRU64's largest ID cuts through its last tick.
    let s = scru64(8);
    let mut g = generator(s.clone(), &[255], OnClockBack::Wait, &clock);
    assert_eq!(g.stay_above(s.max_id()), Err(FloorError::NoneLeft));
    assert_eq!(g.stay_above(u64::MAX), Err(FloorError::NotAnId));
}

#[test]
fn error_policy_tells_a_floor_ahead_from_a_clock_that_moved_back() {
    let layout = twitter();
    let now = tick_of(&layout, T0);
    let clock = FakeClock::at(T0);
    let mut g = generator(layout.clone(), &[0, 0], OnClockBack::Error, &clock);
    g.stay_above(compose(&layout, now + 20, &[0, 0, 0])).unwrap();
    assert_eq!(g.next_id(), Err(GenerateError::FloorAhead { by_ms: 20 }));
    clock.set(T0 + 10);
    assert_eq!(g.next_id(), Err(GenerateError::FloorAhead { by_ms: 10 }));
    clock.set(T0 + 4);
    assert_eq!(
        g.next_id(),
        Err(GenerateError::ClockBack {
            behind_ms: 16,
            back_ms: 6
        })
    );
}

#[test]
fn sonyflake_mints_on_its_references_grid() {
    // Start 2020-06-15T12:34:56.789Z: the reference's elapsed time is
    // floor(now / 10 ms) - floor(start / 10 ms).
    let start = 1_592_224_496_789;
    let parts = [(Sign, 1), (Time, 39), (Sequence, 8), (Node, 16)];
    let layout = Layout::new(&parts, Unit::TEN_MILLIS, start).unwrap();
    for now in [start, start + 1, 1_592_224_506_785, 1_700_000_000_005] {
        let clock = FakeClock::at(now);
        let mut g = generator(layout.clone(), &[0xBEEF], OnClockBack::Error, &clock);
        let id = g.next_id().unwrap();
        assert_eq!((id >> 24) as i64, now.div_euclid(10) - start.div_euclid(10), "{now}");
        assert_eq!(id & 0xFFFF, 0xBEEF);
    }
    // The last tick the reference allows, and the first it refuses.
    let last = (start.div_euclid(10) + (1 << 39)) * 10 - 1;
    let clock = FakeClock::at(last);
    let mut g = generator(layout, &[1], OnClockBack::Error, &clock);
    assert_eq!(g.next_id().unwrap() >> 24, (1 << 39) - 1);
    clock.set(last + 1);
    assert_eq!(g.next_id(), Err(GenerateError::PastEnd));
}

#[test]
fn the_sequence_can_sit_above_the_machine_with_5_ms_ticks() {
    let parts = [(Sign, 1), (Time, 39), (Sequence, 8), (Node, 16)];
    let layout = Layout::new(&parts, Unit::millis(5).unwrap(), 1_735_689_600_003).unwrap();
    let clock = FakeClock::at(1_735_689_612_347);
    let mut g = generator(layout, &[0xBEEF], OnClockBack::Error, &clock);
    let ids = take(&mut g, 256 * 3);
    assert_strictly_increasing(&ids);
    assert!(ids.iter().all(|&id| id & 0xFFFF == 0xBEEF));
    assert_eq!(ids[1] - ids[0], 1 << 16);
    assert_eq!(per_tick_counts(g.layout(), &ids).len(), 3);
}

/// A clock that counts microseconds, frozen unless paused or slept on.
struct MicroClock {
    us: Cell<i64>,
}

impl Clock for &MicroClock {
    fn now_ms(&self) -> i64 {
        self.us.get().div_euclid(1000)
    }

    fn now_us(&self) -> i64 {
        self.us.get()
    }

    fn sleep_ms(&self, ms: i64) -> bool {
        self.us.set(self.us.get() + ms * 1000);
        true
    }

    fn pause(&self) {
        self.us.set(self.us.get() + 1);
    }
}

#[test]
fn tids_are_minted_in_microseconds() {
    // 53 bits of microseconds and a 10-bit clock id, no sequence: one
    // ID per microsecond, never ahead of the clock.
    let clock = MicroClock {
        us: Cell::new(TID_EXAMPLE_MICROS as i64),
    };
    let mut g = Generator::new(tid(), &[512], OnClockBack::Error, &clock, 1).unwrap();
    let first = g.next_id().unwrap();
    assert_eq!(first, TID_EXAMPLE);
    let ids: Vec<u64> = (0..1000).map(|_| g.next_id().unwrap()).collect();
    assert_strictly_increasing(&ids);
    assert_eq!(ids[0] - first, 1 << 10);
    assert!(ids.iter().all(|&id| (id >> 10) as i64 <= clock.us.get()));
    // A clock 5 µs behind is at least 1 ms back, to the millisecond.
    clock.us.set(clock.us.get() - 5 - 1);
    assert!(matches!(
        g.next_id(),
        Err(GenerateError::ClockBack {
            behind_ms: 1,
            back_ms: 1
        })
    ));
}
