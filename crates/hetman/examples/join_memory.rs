//! Prints the half-board join's plan for each N given: units, chunk, and
//! the memory a count of all units (and of the largest unit) would hold on
//! two threads, as `JoinPlan::memory_bytes` works it out.
//!
//! `cargo run --release --example join_memory -p hetman -- 19 20 21`

use hetman::queens::count::JoinPlan;
use std::time::Instant;

fn main() {
    for n in std::env::args()
        .skip(1)
        .filter_map(|a| a.parse::<usize>().ok())
    {
        let t = Instant::now();
        let plan = JoinPlan::new(n).expect("N from 8 to 27");
        let made = t.elapsed();
        let all: Vec<usize> = (0..plan.units()).collect();
        let whole = plan.memory_bytes(&all, 2);
        let one = (0..plan.units())
            .map(|u| plan.memory_bytes(&[u], 1))
            .max()
            .unwrap_or(0);
        println!(
            "N={n} units={} rank_sets={} all_on_2_threads={} MiB largest_unit_on_1_thread={} MiB plan={:.2}s total={:.2}s",
            plan.units(),
            plan.rank_sets(),
            whole.div_ceil(1 << 20),
            one.div_ceil(1 << 20),
            made.as_secs_f64(),
            t.elapsed().as_secs_f64()
        );
    }
}
