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
    let t0 = Clock::start(Clock::Process);
    let costs = plan.costs(threads).to_vec();
    // The listing runs on `threads` threads: without a CPU clock, its wall
    // time on each.
    let listing = t0.seconds(threads);
    let placements = plan
        .take_placements()
        .unwrap_or_else(|| Placements::new(n, threads));
    let groups = if n % 2 == 0 { 1 } else { n / 2 + 1 };
    // A rank of the middle queen between the edge and the centre.
    let middle = (n % 2 == 1).then_some(n / 4);
    let t1 = Clock::start(Clock::Thread);
    let q = Quarters::new(&placements, middle, false);
    let build = t1.seconds(1);
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
    let (mut cost, mut timed) = (0u64, 0usize);
    let t2 = Instant::now();
    let cpu = Clock::start(Clock::Thread);
    for &u in &picks {
        if timed >= 3 && t2.elapsed() > budget {
            break;
        }
        let _ = count_unit(plan, u, &q, &mut scratch, &never);
        cost += costs[u];
        timed += 1;
    }
    let spent = cpu.seconds(1);
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

/// Measures CPU time where the system tells it (Linux: `/proc`, in clock
/// ticks of 10 ms, so that other programs on the same cores do not count),
/// wall time elsewhere.
#[derive(Clone, Copy)]
enum Clock {
    /// The CPU time of this thread.
    Thread,
    /// The CPU time of the whole process.
    Process,
}

/// A started [`Clock`].
struct Started {
    clock: Clock,
    wall: Instant,
    cpu: Option<f64>,
}

impl Clock {
    fn start(self) -> Started {
        Started {
            clock: self,
            wall: Instant::now(),
            cpu: self.read(),
        }
    }

    /// User and system seconds so far, from `/proc/thread-self/stat` or
    /// `/proc/self/stat` (fields 14 and 15, after the parenthesised name).
    fn read(self) -> Option<f64> {
        let path = match self {
            Clock::Thread => "/proc/thread-self/stat",
            Clock::Process => "/proc/self/stat",
        };
        let text = std::fs::read_to_string(path).ok()?;
        let after = &text[text.rfind(')')? + 1..];
        let fields: Vec<&str> = after.split_whitespace().collect();
        // After the name: state is field 3, utime 14 and stime 15.
        let utime: f64 = fields.get(11)?.parse().ok()?;
        let stime: f64 = fields.get(12)?.parse().ok()?;
        // Linux reports in USER_HZ, 100 a second on every architecture it
        // runs on.
        Some((utime + stime) / 100.0)
    }
}

impl Started {
    /// CPU seconds since the start, or wall seconds times `threads` without
    /// a CPU clock.
    fn seconds(&self, threads: usize) -> f64 {
        match (self.cpu, self.clock.read()) {
            (Some(a), Some(b)) if b > a => b - a,
            _ => self.wall.elapsed().as_secs_f64() * threads as f64,
        }
    }
}
