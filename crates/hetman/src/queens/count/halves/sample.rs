//! How long a count by the half-board join will take, found by timing a
//! sample of its own units on this machine.

use super::run::{count_unit, Scratch};
use super::tables::{Placements, Quarters};
use super::JoinPlan;
use crate::queens::count::Split;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Units timed at most.
const MAX_TIMED: usize = 64;

/// The expected cost of a count by the half-board join, and of each shard
/// of a split.
#[derive(Clone, Debug, PartialEq)]
pub struct JoinEstimate {
    /// Expected CPU seconds of the whole count (one shard).
    pub cpu_seconds: f64,
    /// CPU seconds every run (every shard) spends listing the quarter
    /// placements and building the quarter tables, measured here.
    pub setup_seconds: f64,
    /// Expected CPU seconds of each shard of the split, its setup included.
    pub shard_cpu_seconds: Vec<f64>,
    /// Measured CPU seconds per unit of estimated cost ([`JoinPlan::costs`]).
    pub seconds_per_cost: f64,
    /// Units timed in full.
    pub timed: usize,
    /// Units in the plan.
    pub units: usize,
    /// Peak memory of one run (any shard), in bytes.
    pub memory_bytes: u64,
}

/// Estimates the CPU time of a count by the half-board join and of each
/// shard of `split` (which must be a split of `plan`'s units): lists the
/// quarter placements on `threads` threads and builds the tables of one
/// rank of the middle queen, timing both, then counts units of that rank
/// spread over their range of estimated cost on one thread until about
/// `budget` is spent, and scales their measured time per unit of estimated
/// cost to every unit.
///
/// ```
/// use hetman::queens::count::{count_join_resumable, estimate_join, CountOptions, JoinPlan, Split};
/// use std::time::Duration;
/// let plan = JoinPlan::new(13).unwrap();
/// let split = Split::join(&plan, 2, 1).unwrap();
/// let e = estimate_join(&plan, &split, 1, Duration::from_millis(100));
/// assert_eq!(e.shard_cpu_seconds.len(), 2);
/// assert!(e.cpu_seconds > 0.0 && e.timed > 0);
/// ```
#[must_use]
pub fn estimate_join(
    plan: &JoinPlan,
    split: &Split,
    threads: usize,
    budget: Duration,
) -> JoinEstimate {
    let n = plan.n;
    let threads = threads.max(1);
    let t0 = Instant::now();
    let costs = plan.costs(threads).to_vec();
    // The listing runs on `threads` threads.
    let listing = t0.elapsed().as_secs_f64() * threads as f64;
    let placements = plan
        .take_placements()
        .unwrap_or_else(|| Placements::new(n, threads));
    let groups = if n % 2 == 0 { 1 } else { n / 2 + 1 };
    // A rank of the middle queen between the edge and the centre.
    let middle = (n % 2 == 1).then_some(n / 4);
    let t1 = Instant::now();
    let q = Quarters::new(&placements, middle, false);
    let build = t1.elapsed().as_secs_f64();
    drop(placements);
    let mut mine: Vec<usize> = (0..plan.units())
        .filter(|&u| plan.unit(u)[0].middle == middle)
        .collect();
    mine.sort_by_key(|&u| (costs[u], u));
    // Spread over the range of costs: the middle unit of each of up to
    // MAX_TIMED strata, in an order that covers the range early (the
    // budget may stop it).
    let strata = mine.len().min(MAX_TIMED);
    let mut picks: Vec<usize> = (0..strata)
        .map(|j| mine[(2 * j + 1) * mine.len() / (2 * strata)])
        .collect();
    picks.sort_by_key(|&u| (u.wrapping_mul(0x9E37_79B9) % 1009, u));
    let never = AtomicBool::new(false);
    let mut scratch = Scratch::default();
    let (mut spent, mut cost, mut timed) = (0.0f64, 0u64, 0usize);
    let t2 = Instant::now();
    for &u in &picks {
        if timed >= 3 && t2.elapsed() > budget {
            break;
        }
        let t = Instant::now();
        let _ = count_unit(plan, u, &q, &mut scratch, &never);
        spent += t.elapsed().as_secs_f64();
        cost += costs[u];
        timed += 1;
    }
    let per_cost = if cost == 0 { 0.0 } else { spent / cost as f64 };
    let setup = listing + groups as f64 * build;
    let all: u64 = costs.iter().sum();
    let shard_cpu_seconds = (0..split.shards())
        .map(|i| {
            let c: u64 = split.units(i).iter().map(|&u| costs[u]).sum();
            let mut middles: Vec<Option<usize>> = split
                .units(i)
                .iter()
                .map(|&u| plan.unit(u)[0].middle)
                .collect();
            middles.dedup();
            middles.sort_unstable();
            middles.dedup();
            listing + middles.len() as f64 * build + per_cost * c as f64
        })
        .collect();
    JoinEstimate {
        cpu_seconds: setup + per_cost * all as f64,
        setup_seconds: setup,
        shard_cpu_seconds,
        seconds_per_cost: per_cost,
        timed,
        units: plan.units(),
        memory_bytes: super::super::memory_bytes(n),
    }
}
