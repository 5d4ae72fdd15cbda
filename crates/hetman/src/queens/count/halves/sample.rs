//! How long a count by the half-board join will take, found by timing a
//! sample of its own units on this machine.

use super::cells::Cells;
use super::run::{count_jobs, Scratch};
use super::JoinPlan;
use crate::queens::count::Split;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Units timed at most.
const MAX_TIMED: usize = 64;

/// The largest N whose sample units are timed whole.
const WHOLE_UNITS_MAX_N: usize = 23;

/// The expected cost of a count by the half-board join, and of each shard
/// of a split.
#[derive(Clone, Debug, PartialEq)]
pub struct JoinEstimate {
    /// Expected CPU seconds of the whole count (one shard).
    pub cpu_seconds: f64,
    /// CPU seconds a count of every unit spends counting the quarter
    /// placements and building its quarter cells, measured here.
    pub setup_seconds: f64,
    /// Expected CPU seconds of each shard of the split, its setup included.
    pub shard_cpu_seconds: Vec<f64>,
    /// Measured CPU seconds per unit of estimated cost ([`JoinPlan::costs`]).
    pub seconds_per_cost: f64,
    /// Units timed (in full up to N = 23, one rank set of each above).
    pub timed: usize,
    /// Units in the plan.
    pub units: usize,
    /// Peak memory of a count of every unit on the threads given, in bytes
    /// ([`JoinPlan::memory_bytes`]).
    pub memory_bytes: u64,
    /// Peak memory of each shard of the split on the threads given.
    pub shard_memory_bytes: Vec<u64>,
}

/// Estimates the CPU time of a count by the half-board join and of each
/// shard of `split` (which must be a split of `plan`'s units): works out the
/// units' estimated costs, then counts a few units (from N = 24 on, one rank
/// set of each) of one rank of the middle queen, spread over their range of
/// estimated cost,
/// on one thread until about `budget` is spent, each with its cells built
/// afresh (timed apart), and
/// scales the measured time per unit of estimated cost, and per byte of
/// cells built, to every unit.
///
/// ```
/// use hetman::queens::count::{count_join_resumable, estimate_join, CountOptions, JoinPlan, Split};
/// use std::time::Duration;
/// let plan = JoinPlan::new(13).unwrap();
/// let split = Split::join(&plan, 2, 1).unwrap();
/// let e = estimate_join(&plan, &split, 1, Duration::from_millis(100));
/// assert_eq!(e.shard_cpu_seconds.len(), 2);
/// assert_eq!(e.shard_memory_bytes.len(), 2);
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
    let listing = plan.census_seconds + t0.seconds(1);
    // A rank of the middle queen between the edge and the centre.
    let middle = (n % 2 == 1).then_some(n / 4);
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
    let job_costs = plan.job_costs();
    let (mut cost, mut timed, mut built_bytes) = (0u64, 0usize, 0u64);
    let mut build_seconds = 0.0;
    let t2 = Instant::now();
    let sample = Clock::start(Clock::Thread);
    // Each unit picked, or from N = 24 on (where a unit takes many CPU
    // minutes) its middle rank set; its cells built afresh and timed apart.
    // (Up to N = 23 a rank set takes less than the CPU clock's tick.)
    let whole = n <= WHOLE_UNITS_MAX_N;
    for &u in &picks {
        if timed >= 3 && t2.elapsed() > budget {
            break;
        }
        let range = if whole {
            plan.starts[u]..plan.starts[u + 1]
        } else {
            let i = plan.starts[u] + plan.rank_sets_of(u) / 2;
            i..i + 1
        };
        let job = &plan.jobs[range.clone()];
        let keys: Vec<_> = job.iter().flat_map(|j| plan.cells_of(j)).collect();
        let cells = Cells::new(plan.geo, keys.iter().copied());
        // The clock ticks every 10 ms, longer than a unit up to N = 18:
        // the building is timed by the wall clock, the rest is the thread's
        // CPU time over the whole sample less that.
        let build = Instant::now();
        let mut distinct = keys.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let held: Vec<_> = distinct.iter().map(|&k| cells.get(k)).collect();
        build_seconds += build.elapsed().as_secs_f64();
        built_bytes += held.iter().map(|c| c.bytes()).sum::<u64>();
        drop(held);
        let _ = count_jobs(plan, job, &cells, &mut scratch, &never);
        cost += job_costs[range].iter().map(|c| c.0).sum::<u64>();
        timed += 1;
    }
    let count_seconds = (sample.seconds(1) - build_seconds).max(0.0);
    let per_cost = if cost == 0 {
        0.0
    } else {
        count_seconds / cost as f64
    };
    let per_byte = if built_bytes == 0 {
        0.0
    } else {
        build_seconds / built_bytes as f64
    };
    let all: Vec<usize> = (0..plan.units()).collect();
    let setup = listing + per_byte * plan.built_bytes(&all) as f64;
    let total: u64 = costs.iter().sum();
    let shard_cpu_seconds = (0..split.shards())
        .map(|i| {
            let units = split.units(i);
            let c: u64 = units.iter().map(|&u| costs[u]).sum();
            listing + per_byte * plan.built_bytes(units) as f64 + per_cost * c as f64
        })
        .collect();
    let shard_memory_bytes = (0..split.shards())
        .map(|i| plan.memory_bytes(split.units(i), threads))
        .collect();
    JoinEstimate {
        cpu_seconds: setup + per_cost * total as f64,
        setup_seconds: setup,
        shard_cpu_seconds,
        seconds_per_cost: per_cost,
        timed,
        units: plan.units(),
        memory_bytes: plan.memory_bytes(&all, threads),
        shard_memory_bytes,
    }
}

/// Measures CPU time where the system tells it (Linux: `/proc`, in clock
/// ticks of 10 ms, so that other programs on the same cores do not count),
/// wall time elsewhere.
#[derive(Clone, Copy)]
pub(super) enum Clock {
    /// The CPU time of this thread.
    Thread,
    /// The CPU time of the whole process.
    Process,
}

/// A started [`Clock`].
pub(super) struct Started {
    clock: Clock,
    wall: Instant,
    cpu: Option<f64>,
}

impl Clock {
    pub(super) fn start(self) -> Started {
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
    pub(super) fn seconds(&self, threads: usize) -> f64 {
        match (self.cpu, self.clock.read()) {
            (Some(a), Some(b)) if b > a => b - a,
            _ => self.wall.elapsed().as_secs_f64() * threads as f64,
        }
    }
}
