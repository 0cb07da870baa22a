//! Times of 10 million UUIDv7 strings through `wide::seconds_into`, the
//! loop the binding runs over a character vector: one pass per entry, no
//! allocation. Not a test (nothing asserts a time): run with
//! `cargo run --release --example wide_times [n]` and compare with
//! DuckDB's `uuid_extract_timestamp(s::uuid)` (about 0.7 s for 10 million
//! on the project's machines); issue 37 asks for at least 3 times faster.

use std::time::Instant;
use zuid_core::wide::{seconds_into, seconds_of_column, Format, SubMs};

/// A small xorshift, so the strings are random but the run reproducible.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// This thread's CPU time in seconds (Linux's schedstat), so that a busy
/// shared machine measures the work and not the queue; the wall clock
/// elsewhere.
fn cpu_seconds(wall: Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| wall.elapsed().as_secs_f64(), |ns| ns / 1e9)
}

/// Runs `f` 5 times and returns the least CPU time one run took.
fn best_of_5(mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let wall = Instant::now();
        let before = cpu_seconds(wall);
        f();
        best = best.min(cpu_seconds(wall) - before);
    }
    best
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000_000);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    // One string each, as R holds them (separate allocations).
    let texts: Vec<String> = (0..n)
        .map(|_| {
            let ms = 1_700_000_000_000u128 + (next(&mut state) % 100_000_000_000) as u128;
            let rand = ((next(&mut state) as u128) << 64) | next(&mut state) as u128;
            let bits = (ms << 80) | (7 << 76) | (rand & 0xFFF << 64) | (0b10 << 62) | (rand & ((1 << 62) - 1));
            let mut s = String::with_capacity(36);
            zuid_core::wide::text::write_uuid(bits, &mut s);
            s
        })
        .collect();
    // The floor: touching every string's bytes once.
    let mut sum = 0u64;
    let floor = best_of_5(|| {
        sum += texts
            .iter()
            .map(|s| s.as_bytes().iter().map(|&b| b as u64).sum::<u64>())
            .sum::<u64>()
    });
    println!("reading the bytes alone: {floor:.3} s CPU ({sum})");
    let mut out = vec![0.0f64; n];
    let mut problems = Vec::new();
    for sub_ms in [SubMs::None, SubMs::Fraction] {
        let best = best_of_5(|| {
            problems.clear();
            let entries = texts.iter().map(|s| Some(s.as_bytes()));
            assert_eq!(
                seconds_into(Format::UuidV7, sub_ms, entries, &mut out, &mut problems, 5),
                0
            );
        });
        println!(
            "{n} UUIDv7 strings, sub_ms {sub_ms:?}: {best:.3} s CPU (best of 5), {:.1} ns each",
            best * 1e9 / n as f64
        );
    }
    // As the binding would: the entries' bytes taken first, then two
    // threads on long columns. Wall time here, as DuckDB's is measured.
    let entries: Vec<Option<&[u8]>> = texts.iter().map(|s| Some(s.as_bytes())).collect();
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let wall = Instant::now();
        let found = seconds_of_column(Format::UuidV7, SubMs::None, &entries, &mut out, 5);
        best = best.min(wall.elapsed().as_secs_f64());
        assert_eq!(found.count, 0);
    }
    println!("{n} UUIDv7 strings in two halves: {best:.3} s wall (best of 5)");
    // The work alone, on strings that stay in the cache: the first 10,000
    // read n / 10,000 times.
    let few = &texts[..10_000.min(n)];
    let rounds = n / few.len();
    let best = best_of_5(|| {
        for _ in 0..rounds {
            problems.clear();
            seconds_into(
                Format::UuidV7,
                SubMs::None,
                few.iter().map(|s| Some(s.as_bytes())),
                &mut out,
                &mut problems,
                5,
            );
        }
    });
    let reads = rounds * few.len();
    println!(
        "{reads} readings of cached strings: {best:.3} s CPU, {:.1} ns each",
        best * 1e9 / reads as f64
    );
}
