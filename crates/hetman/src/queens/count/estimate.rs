//! How long a count will take, found by sampling its units before starting.
//!
//! The units are sorted by their cost estimate and cut into equal strata; one
//! unit of each stratum is sized by random probes of its search tree
//! ([`super::Unit::sample_nodes`]), so the sum of stratum size × sampled nodes
//! estimates the nodes of the whole count. The speed of the search in nodes
//! per second is measured on this machine by counting the smallest sampled
//! units in full, within a time budget. Each shard's share is its part of
//! the estimated cost.

use super::{Plan, Split};
use std::time::{Duration, Instant};

/// Units sampled at most.
const SAMPLE: usize = 400;
/// Random probes per sampled unit.
const PROBES: u32 = 2_000;

/// The expected CPU time of a count and of each shard of a split.
#[derive(Clone, Debug, PartialEq)]
pub struct CpuEstimate {
    /// Expected CPU seconds for all the units.
    pub seconds: f64,
    /// Expected CPU seconds for each shard of the split.
    pub shard_seconds: Vec<f64>,
    /// Expected search nodes for all the units.
    pub nodes: f64,
    /// Measured search speed, nanoseconds per node (CPU time of one thread).
    pub nanos_per_node: f64,
    /// Units sampled.
    pub sampled: usize,
    /// Units in the plan.
    pub units: usize,
    /// Random probes per sampled unit.
    pub probes: u32,
    /// Units counted in full to measure the speed.
    pub timed: usize,
}

/// Samples the plan's units and estimates the CPU time of the whole count and
/// of each shard of `split`, spending about `budget` on timing the search.
///
/// ```
/// use hetman::queens::count::{count_full, estimate_cpu, CountOptions, Plan, Split};
/// use std::time::Duration;
/// let plan = Plan::new(14).unwrap();
/// let e = estimate_cpu(&plan, &Split::new(&plan, 2).unwrap(), Duration::from_millis(200));
/// let nodes = count_full(14, &CountOptions::default()).unwrap().nodes as f64;
/// assert!((e.nodes / nodes - 1.0).abs() < 0.25, "{} vs {nodes}", e.nodes);
/// assert_eq!(e.shard_seconds.len(), 2);
/// ```
#[must_use]
pub fn estimate_cpu(plan: &Plan, split: &Split, budget: Duration) -> CpuEstimate {
    let n = plan.n();
    let units = plan.units();
    let mut order: Vec<usize> = (0..units.len()).collect();
    order.sort_by_key(|&i| (units[i].cost, i));
    let strata = order.len().min(SAMPLE);
    // (unit, stratum size, sampled nodes)
    let mut sample: Vec<(usize, f64, f64)> = Vec::with_capacity(strata);
    for j in 0..strata {
        let (lo, hi) = (j * order.len() / strata, (j + 1) * order.len() / strata);
        let i = order[(lo + hi) / 2];
        let nodes = units[i].sample_nodes(n, PROBES, 0x6865_746d_616e);
        sample.push((i, (hi - lo) as f64, nodes));
    }
    // Time the search on the largest sampled units that fit in the budget
    // (large ones, so that setting up a unit does not count as search).
    let mut by_size: Vec<usize> = (0..sample.len()).collect();
    by_size.sort_by(|&a, &b| sample[b].2.total_cmp(&sample[a].2));
    let start = Instant::now();
    let (mut timed, mut timed_nodes, mut timed_secs) = (0, 0u64, 0.0f64);
    let time_unit = |i: usize| {
        let t = Instant::now();
        units[i]
            .count(n, None)
            .ok()
            .map(|c| (c.nodes, t.elapsed().as_secs_f64()))
    };
    let mut guess_ns = 3.0;
    for &j in &by_size {
        let left = budget.saturating_sub(start.elapsed()).as_secs_f64();
        if left <= 0.0 {
            break;
        }
        if sample[j].2 * guess_ns * 1e-9 > left {
            continue;
        }
        if let Some((nodes, secs)) = time_unit(sample[j].0) {
            timed += 1;
            timed_nodes += nodes;
            timed_secs += secs;
            sample[j].2 = nodes as f64; // the exact figure replaces the estimate
            if timed_nodes > 100_000 {
                guess_ns = timed_secs * 1e9 / timed_nodes as f64;
            }
        }
    }
    if timed == 0 {
        if let Some(&j) = by_size.last() {
            if let Some((nodes, secs)) = time_unit(sample[j].0) {
                timed = 1;
                timed_nodes = nodes;
                timed_secs = secs;
                sample[j].2 = nodes as f64;
            }
        }
    }
    let nanos_per_node = if timed_nodes > 0 {
        timed_secs * 1e9 / timed_nodes as f64
    } else {
        3.0
    };
    let nodes: f64 = sample.iter().map(|&(_, size, nodes)| size * nodes).sum();
    let seconds = nodes * nanos_per_node * 1e-9;
    let cost = plan.total_cost().max(1) as f64;
    let shard_seconds = (0..split.shards())
        .map(|i| seconds * split.cost(i) as f64 / cost)
        .collect();
    CpuEstimate {
        seconds,
        shard_seconds,
        nodes,
        nanos_per_node,
        sampled: sample.len(),
        units: units.len(),
        probes: PROBES,
        timed,
    }
}
