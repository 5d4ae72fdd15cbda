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
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Units sampled at most.
const SAMPLE: usize = 400;
/// Random probes per sampled unit.
const PROBES: u32 = 2_000;
/// Sampled units smaller than this are not timed.
const MIN_TIMED_NODES: f64 = 10_000.0;
/// Timing stops once this many nodes are timed.
const ENOUGH_TIMED_NODES: u64 = 200_000_000;
/// Nanoseconds per node when nothing could be timed (measured on the
/// reference machine at N = 17).
const FALLBACK_NANOS_PER_NODE: f64 = 7.7;

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
    /// Units counted in full to measure the speed (0: none could be, and a
    /// speed measured on the reference machine is used).
    pub timed: usize,
}

/// Samples the plan's units and estimates the CPU time of the whole count and
/// of each shard of `split`, spending about `budget` on timing the search.
///
/// ```
/// use hetman::queens::count::{count_units, estimate_cpu, CountOptions, Plan, Split};
/// use std::time::Duration;
/// let plan = Plan::new(14).unwrap();
/// let e = estimate_cpu(&plan, &Split::new(&plan, 2).unwrap(), Duration::from_millis(200));
/// let all: Vec<usize> = (0..plan.units().len()).collect();
/// let counted = count_units(&plan, &all, &CountOptions::default(), &|_, _, _| Ok(())).unwrap();
/// let nodes = counted.nodes as f64;
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
    // Time the search on sampled units, smallest first (skipping the tiny
    // ones, where setting a unit up would count as search), until the budget
    // is spent or enough nodes are timed. A watchdog stops a unit that runs
    // past the budget (the probes can underestimate one); it is not used.
    let mut by_size: Vec<usize> = (0..sample.len())
        .filter(|&j| sample[j].2 >= MIN_TIMED_NODES)
        .collect();
    by_size.sort_by(|&a, &b| sample[a].2.total_cmp(&sample[b].2));
    let (mut timed, mut timed_nodes, mut timed_secs) = (0, 0u64, 0.0f64);
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            let start = Instant::now();
            while !done.load(Ordering::Relaxed) {
                if start.elapsed() >= budget {
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        for &j in &by_size {
            if stop.load(Ordering::Relaxed) || timed_nodes >= ENOUGH_TIMED_NODES {
                break;
            }
            let t = Instant::now();
            if let Ok(c) = units[sample[j].0].count(n, Some(&stop)) {
                timed += 1;
                timed_nodes += c.nodes;
                timed_secs += t.elapsed().as_secs_f64();
                sample[j].2 = c.nodes as f64; // the exact figure replaces the estimate
            }
        }
        done.store(true, Ordering::Relaxed);
    });
    let nanos_per_node = if timed_nodes > 0 {
        timed_secs * 1e9 / timed_nodes as f64
    } else {
        FALLBACK_NANOS_PER_NODE
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
