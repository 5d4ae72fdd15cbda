//! Times the half-board join against the constellation search:
//! `cargo run --release --example halves -p hetman -- N [THREADS]`.
use hetman::queens::count::{count_halves, CountOptions};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .expect("usage: halves N [THREADS]");
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let t = Instant::now();
    let c = count_halves(
        n,
        &CountOptions {
            threads,
            ..Default::default()
        },
    )
    .expect("count");
    println!(
        "N={n} total={} jobs={} halves={} {:.3}s",
        c.total,
        c.jobs,
        c.halves,
        t.elapsed().as_secs_f64()
    );
}
