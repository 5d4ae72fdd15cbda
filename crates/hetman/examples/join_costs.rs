//! Prints the half-board join's estimated cost (`JoinPlan::costs`, arbitrary
//! units proportional to time) for each N given, in all and per unit, with
//! the memory of one unit: the figures README's plan for N = 24 to 28 is
//! projected from, with the measured seconds per cost of a smaller N.
//!
//! `cargo run --release --example join_costs -p hetman -- 20 21 24`

use hetman::queens::count::JoinPlan;
use std::time::Instant;

fn main() {
    for n in std::env::args()
        .skip(1)
        .filter_map(|a| a.parse::<usize>().ok())
    {
        let t = Instant::now();
        let plan = JoinPlan::new(n).expect("N from 8 to 27");
        let costs = plan.costs(2);
        let total: u64 = costs.iter().sum();
        let max = costs.iter().copied().max().unwrap_or(0);
        let one = (0..plan.units())
            .map(|u| plan.memory_bytes(&[u], 1))
            .max()
            .unwrap_or(0);
        println!(
            "N={n} units={} total_cost={total} max_unit_cost={max} mean_unit_cost={} largest_unit_1_thread={} MiB setup={:.1}s",
            plan.units(),
            total / plan.units() as u64,
            one.div_ceil(1 << 20),
            t.elapsed().as_secs_f64()
        );
    }
}
