//! Criterion benchmark: the fast engine against the plain bitboard count, one
//! thread each, for N = 12 up to `HETMAN_BENCH_MAX_N` (default 15; the whole
//! commands for N = 14..18 are timed by `bench/queens-count.sh`). Every
//! iteration asserts the counts it times (OEIS A000170 and A002562).
//!
//! Run with `cargo bench -p hetman --bench queens_count`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hetman::queens::count::{count, CountOptions};
use hetman::queens::search::bitboard;
use std::hint::black_box;
use std::time::Duration;

/// (N, total, unique) from OEIS A000170 and A002562.
const KNOWN: [(usize, u64, u64); 7] = [
    (12, 14_200, 1_787),
    (13, 73_712, 9_233),
    (14, 365_596, 45_752),
    (15, 2_279_184, 285_053),
    (16, 14_772_512, 1_846_955),
    (17, 95_815_104, 11_977_939),
    (18, 666_090_624, 83_263_591),
];

fn bench(c: &mut Criterion) {
    let max_n: usize = std::env::var("HETMAN_BENCH_MAX_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(15);
    let mut group = c.benchmark_group("queens_count");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for &(n, total, unique) in KNOWN.iter().filter(|k| k.0 <= max_n) {
        let one = CountOptions {
            threads: 1,
            ..Default::default()
        };
        group.bench_with_input(BenchmarkId::new("fast", n), &n, |b, &n| {
            b.iter(|| {
                let c = count(black_box(n), &one).unwrap();
                assert_eq!((c.total, c.unique), (total, unique));
            });
        });
        group.bench_with_input(BenchmarkId::new("bitboard", n), &n, |b, &n| {
            b.iter(|| {
                let c = bitboard::count(black_box(n));
                assert_eq!((c.total, c.unique), (total, unique));
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
