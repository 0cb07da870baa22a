use super::*;
use crate::wide::{canonical, parse, time, Format, SubMs, Tick, Wide, WideTime};

const T0: u64 = 1_700_000_000_123; // ms

/// A scripted random source: a different 128-bit value per call.
fn rand(i: u64) -> u128 {
    let x = (i as u128 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
    x ^ (x >> 61)
}

fn ns(ms: u64) -> u64 {
    ms * 1_000_000
}

/// Mints one ID per clock reading, with scripted randomness.
fn run(m: &mut WideMinter, clock_ms: &[u64]) -> Vec<u128> {
    clock_ms
        .iter()
        .enumerate()
        .map(|(i, &c)| m.next(ns(c), rand(i as u64)).expect("mints"))
        .collect()
}

fn format_of(method: WideMethod) -> (Format, SubMs) {
    match method {
        WideMethod::UuidV7Counter => (Format::UuidV7, SubMs::None),
        WideMethod::UuidV7Fraction => (Format::UuidV7, SubMs::Fraction),
        WideMethod::Ulid => (Format::Ulid, SubMs::None),
        WideMethod::Scru128 => (Format::Scru128, SubMs::None),
    }
}

const METHODS: [WideMethod; 4] = [
    WideMethod::UuidV7Counter,
    WideMethod::UuidV7Fraction,
    WideMethod::Ulid,
    WideMethod::Scru128,
];

/// Clock scripts: (name, readings in ms).
fn scripts() -> Vec<(&'static str, Vec<u64>)> {
    vec![
        ("burst in one ms", vec![T0; 50]),
        ("steady", (0..50).map(|i| T0 + i).collect()),
        (
            "back 5 ms mid-burst",
            vec![T0, T0, T0 + 1, T0 - 4, T0 - 4, T0 + 1, T0 + 2],
        ),
        ("back 20 s", vec![T0 + 20_000, T0, T0, T0 + 20_000, T0 + 20_001]),
    ]
}

#[test]
fn borrow_mints_strictly_increasing_ids_that_read_back_with_their_time() {
    for method in METHODS {
        for (name, clock) in scripts() {
            let mut m = WideMinter::new(method, OnClockBack::Borrow);
            let ids = run(&mut m, &clock);
            let (format, sub_ms) = format_of(method);
            let highest_ms = clock.iter().max().copied().unwrap_or(0);
            for (k, w) in ids.windows(2).enumerate() {
                assert!(w[0] < w[1], "{method:?} {name}: ID {k} not below the next");
            }
            for (k, &v) in ids.iter().enumerate() {
                let text = canonical(format, Wide::from_u128(v));
                let back = parse(format, text.as_bytes()).expect("the minted text parses");
                assert_eq!(back, Wide::from_u128(v), "{method:?} {name}");
                let t = time(format, back, sub_ms)
                    .expect("has a time")
                    .floor_to(Tick::Milli)
                    .ticks as u64;
                // Never before the clock's reading; ahead only by what the
                // last ID's time forced.
                assert!(
                    t >= clock[k].min(highest_ms),
                    "{method:?} {name}: ID {k} before its clock"
                );
                assert!(
                    t <= highest_ms + 1,
                    "{method:?} {name}: ID {k} at {t}, ahead of the clock"
                );
            }
        }
    }
}

#[test]
fn the_fraction_method_writes_the_sub_millisecond_time() {
    let mut m = WideMinter::new(WideMethod::UuidV7Fraction, OnClockBack::Borrow);
    let at = ns(T0) + 500_000; // half a millisecond in
    let v = m.next(at, rand(0)).expect("mints");
    let t = time(Format::UuidV7, Wide::from_u128(v), SubMs::Fraction).expect("has a time");
    assert_eq!(t, WideTime::new(T0 as i128 * 4096 + 2048, Tick::MilliOver4096));
    // The same reading again: one 1/4096 ms step on.
    let w = m.next(at, rand(1)).expect("mints");
    let u = time(Format::UuidV7, Wide::from_u128(w), SubMs::Fraction).expect("has a time");
    assert_eq!(u.ticks, t.ticks + 1);
}

#[test]
fn counter_overflow_moves_on_one_millisecond() {
    // (method, last ID at T0 with its counter at the top, expected time of the next)
    let top_counter = uuid_v7_counter(T0 as u128, (1 << 42) - 1, 0);
    let top_ulid = ((T0 as u128) << 80) | ((1 << 80) - 1);
    let top_scru = scru128(T0 as u128, 0xFF_FFFF, 0xFF_FFFF, 0);
    let rows = [
        (WideMethod::UuidV7Counter, top_counter),
        (WideMethod::Ulid, top_ulid),
        (WideMethod::Scru128, top_scru),
    ];
    for (method, last) in rows {
        let mut m = WideMinter::new(method, OnClockBack::Borrow);
        m.last = Some((last, T0));
        m.hi_since = T0;
        let next = m.next(ns(T0), rand(7)).expect("mints");
        assert!(next > last, "{method:?}");
        assert_eq!((next >> 80) as u64, T0 + 1, "{method:?}: no wrap, the ms moves on");
    }
}

#[test]
fn ulid_counts_up_the_random_bits_by_one() {
    let mut m = WideMinter::new(WideMethod::Ulid, OnClockBack::Borrow);
    let ids = run(&mut m, &[T0, T0, T0]);
    assert_eq!(ids[1], ids[0] + 1);
    assert_eq!(ids[2], ids[0] + 2);
}

#[test]
fn scru128_renews_counter_hi_once_a_second() {
    let mut m = WideMinter::new(WideMethod::Scru128, OnClockBack::Borrow);
    let hi = |v: u128| (v >> 56) & 0xFF_FFFF;
    let ids = run(&mut m, &[T0, T0 + 1, T0 + 999, T0 + 1000]);
    assert_eq!(hi(ids[0]), hi(ids[1]));
    assert_eq!(hi(ids[0]), hi(ids[2]));
    assert_ne!(hi(ids[0]), hi(ids[3]));
}

#[test]
fn the_clock_back_policies() {
    // (method, policy, clock back by, expected stop); SCRU128 goes on
    // within its 10 s allowance whatever the policy.
    let rows = [
        (
            WideMethod::UuidV7Counter,
            OnClockBack::Error,
            5,
            Some(WideStop::ClockBack { back_ms: 5 }),
        ),
        (
            WideMethod::UuidV7Fraction,
            OnClockBack::Error,
            5,
            Some(WideStop::ClockBack { back_ms: 5 }),
        ),
        (
            WideMethod::Ulid,
            OnClockBack::Wait,
            5,
            Some(WideStop::WaitUntil { until_ms: T0 }),
        ),
        (WideMethod::Scru128, OnClockBack::Error, 5, None),
        (
            WideMethod::Scru128,
            OnClockBack::Error,
            10_001,
            Some(WideStop::ClockBack { back_ms: 10_001 }),
        ),
        (WideMethod::Ulid, OnClockBack::Borrow, 5, None),
    ];
    for (method, policy, back, stop) in rows {
        let mut m = WideMinter::new(method, policy);
        let first = m.next(ns(T0), rand(0)).expect("mints");
        let got = m.next(ns(T0 - back), rand(1));
        match stop {
            Some(s) => {
                assert_eq!(got, Err(s), "{method:?} {policy:?}");
                assert_eq!(m.last(), Some(first), "unchanged after a stop");
            }
            None => assert!(got.expect("goes on") > first, "{method:?} {policy:?}"),
        }
    }
}

#[test]
fn after_a_fork_the_child_starts_above_the_parent_with_new_bits() {
    for method in METHODS {
        let mut parent = WideMinter::new(method, OnClockBack::Borrow);
        run(&mut parent, &[T0, T0]);
        let mut child = parent.clone();
        child.after_fork(rand(99)).expect("forks");
        let from_parent = run(&mut parent, &[T0; 20]);
        let from_child = run(&mut child, &[T0; 20]);
        for v in &from_child {
            assert!(!from_parent.contains(v), "{method:?}: the child repeats the parent");
        }
        assert!(
            from_child[0] > from_parent[0] || method == WideMethod::UuidV7Fraction,
            "{method:?}"
        );
    }
}

#[test]
fn past_the_48_bit_millisecond_is_a_stop() {
    // The last ID at the last millisecond with its random bits at the top.
    let mut m = WideMinter::new(WideMethod::Ulid, OnClockBack::Borrow);
    let top = ((MS_MAX as u128) << 80) | ((1 << 80) - 1);
    m.last = Some((top, MS_MAX));
    assert_eq!(m.next(0, rand(0)), Err(WideStop::PastEnd));
    assert_eq!(m.last(), Some(top));
}
