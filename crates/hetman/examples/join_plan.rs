//! Prints the half-board join's plan for each N given, the figures README's
//! memory table and its plan for N = 24 to 28 come from:
//!
//! - units and rank sets;
//! - the memory a count of all units would hold on two threads, and that of
//!   the largest unit on one (`JoinPlan::memory_bytes`);
//! - the estimated cost (`JoinPlan::costs`, arbitrary units proportional to
//!   time) in all and per unit, to be scaled by the measured seconds per
//!   cost of a smaller N;
//! - the seconds the plan (the census of the quarter placements) and the
//!   costs took.
//!
//! `cargo run --release --example join_plan -p hetman -- 19 20 21 24`

use hetman::queens::count::JoinPlan;
use std::time::Instant;

fn main() {
    for n in std::env::args()
        .skip(1)
        .filter_map(|a| a.parse::<usize>().ok())
    {
        let t = Instant::now();
        let plan = JoinPlan::new(n).expect("N from 8 to 28");
        let made = t.elapsed();
        let all: Vec<usize> = (0..plan.units()).collect();
        let whole = plan.memory_bytes(&all, 2);
        let one = (0..plan.units())
            .map(|u| plan.memory_bytes(&[u], 1))
            .max()
            .unwrap_or(0);
        let costs = plan.costs(2);
        let total: u64 = costs.iter().sum();
        let max = costs.iter().copied().max().unwrap_or(0);
        println!(
            "N={n} units={} rank_sets={} all_on_2_threads={} MiB largest_unit_on_1_thread={} MiB \
             total_cost={total} max_unit_cost={max} mean_unit_cost={} plan={:.2}s total={:.2}s",
            plan.units(),
            plan.rank_sets(),
            whole.div_ceil(1 << 20),
            one.div_ceil(1 << 20),
            total / plan.units() as u64,
            made.as_secs_f64(),
            t.elapsed().as_secs_f64()
        );
    }
}
