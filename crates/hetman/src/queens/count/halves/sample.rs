//! How long a count by the half-board join will take, found by timing a
//! sample of its own units on this machine.

use super::super::run_workers;
use super::cells::Cells;
use super::cost::on_every_core;
use super::pieces::span_cost;
use super::run::{count_span, Scratch};
use super::tables::Piece;
use super::{JoinPlan, Span};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Units timed at most.
const MAX_TIMED: usize = 64;

/// The cut of a sampled rank set from which both its sides are cut.
const BOTH_SIDES_FROM: u32 = 256;

/// The smallest N whose sample pieces are timed on every thread given.
const PARALLEL_SAMPLE_FROM_N: usize = 27;

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
    /// Measured CPU seconds per unit of estimated cost ([`JoinPlan::costs`]),
    /// over all units.
    pub seconds_per_cost: f64,
    /// Expected CPU seconds of each unit, its share of the setup aside.
    pub unit_seconds: Vec<f64>,
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
/// shard in `shards` (the units of each, as [`Split::units`](crate::queens::count::Split::units) gives them for a
/// split of `plan`'s units): works out the
/// units' estimated costs, then counts a few units (from N = 24 on, a piece
/// of one rank set of each: a quarter of its larger side at N = 24, a
/// sixteenth at 25, a 64th at 26, from N = 27 on a sixteenth of each side,
/// then a 32nd), spread over their range of estimated cost,
/// until about `budget` is spent (at least 8 units up to N = 23, 3 pieces
/// above; on one thread up to N = 26, from N = 27 on `threads` threads),
/// each with its cells built afresh (timed apart).
/// Each unit is given
/// the seconds per unit of estimated cost of the five timed units nearest
/// to it in the order of cost, taken together (their seconds over their
/// cost), as the rate changes along it (the matcher's share of the work
/// grows with the sides); each sampling thread counts its first unit once
/// untimed before timing it; the building of the cells is scaled by the
/// bytes built.
///
/// ```
/// use hetman::queens::count::{count_join_resumable, estimate_join, CountOptions, JoinPlan, Split};
/// use std::time::Duration;
/// let plan = JoinPlan::new(13).unwrap();
/// let split = Split::join(&plan, 2, 1).unwrap();
/// let e = estimate_join(&plan, &[split.units(0), split.units(1)], 1, Duration::from_millis(100));
/// assert_eq!(e.shard_cpu_seconds.len(), 2);
/// assert_eq!(e.shard_memory_bytes.len(), 2);
/// assert!(e.cpu_seconds > 0.0 && e.timed > 0);
/// ```
#[must_use]
pub fn estimate_join(
    plan: &JoinPlan,
    shards: &[&[usize]],
    threads: usize,
    budget: Duration,
) -> JoinEstimate {
    let n = plan.n;
    let threads = threads.max(1);
    let t0 = Clock::start(Clock::Process);
    let costs = plan.costs(threads).to_vec();
    let listing = plan.census_seconds + t0.seconds(1);
    // Every rank of the middle queen (odd N): the rates differ between the
    // edge and the centre.
    let mut mine: Vec<(u64, usize)> = costs.iter().copied().zip(0..).collect();
    mine.sort_unstable();
    let mine: Vec<usize> = mine.into_iter().map(|m| m.1).collect();
    // Each unit's place: the middle of its share of the cost, counted in
    // the order of cost, as a fraction of the whole.
    let total_cost: u64 = costs.iter().sum::<u64>().max(1);
    let mut place = vec![0.0; plan.units()];
    let mut before = 0u64;
    for &u in &mine {
        place[u] = (before as f64 + costs[u] as f64 / 2.0) / total_cost as f64;
        before += costs[u];
    }
    // The unit at the middle of each of up to MAX_TIMED strata of equal
    // cost, so that each timed unit stands for an equal share of the work;
    // in an order that covers the range early (the budget may stop it).
    let strata = mine.len().min(MAX_TIMED);
    let mut picks: Vec<usize> = (0..strata)
        .map(|j| {
            let at = (2 * j + 1) as f64 / (2 * strata) as f64;
            let k = mine.partition_point(|&u| place[u] < at);
            mine[k.min(mine.len() - 1)]
        })
        .collect();
    picks.sort_unstable();
    picks.dedup();
    picks.sort_by_key(|&u| (u.wrapping_mul(0x9E37_79B9) % 1009, u));
    let never = AtomicBool::new(false);
    let job_costs = plan.job_costs();
    // Each unit picked, or from N = 24 on (where a unit takes many CPU
    // minutes) its middle rank set; its cells built afresh and timed apart.
    // (Up to N = 23 a rank set takes less than the CPU clock's tick.)
    let whole = n <= WHOLE_UNITS_MAX_N;
    let at_least = if whole { MIN_TIMED } else { 3 };
    let started = Instant::now();
    // Times the units `pick` gives on this thread: each unit's place in
    // `mine`, cost and counting seconds, and the building's seconds and bytes.
    let time_picks = |pick: &dyn Fn() -> Option<usize>| {
        let mut scratch = Scratch::default();
        let (mut built_bytes, mut build_seconds) = (0u64, 0.0);
        // The building's CPU time too: on a loaded machine its wall time
        // is several times longer (used once it is a few clock ticks).
        let mut build_cpu = 0.0;
        // Each unit timed: its place in `mine`, cost and wall seconds counting.
        let mut rows: Vec<(f64, f64, f64)> = Vec::new();
        // The CPU time of the untimed first count (below), taken off as the
        // building's is.
        let mut warm_cpu = 0.0;
        let cpu = Clock::start(Clock::Thread);
        while let Some(u) = pick() {
            let own = plan.spans[u];
            let span = if whole {
                own
            } else {
                // The middle rank set, or from N = 24 on a piece of it:
                // a rank set of N = 26 takes about half a CPU-minute.
                let i = own.start + (own.end - own.start) / 2;
                let c = job_costs[i];
                let of = 4u32.pow((n - WHOLE_UNITS_MAX_N).min(5) as u32);
                // From N = 27 on both sides are cut (16 × 16, then 32 × 32):
                // a piece of one side alone still makes the whole other
                // side (10 to 15 CPU-seconds a rank set of N = 28), and
                // its time is mostly that making, where a whole rank set's
                // is mostly matching; cut on both sides, the pairs matched
                // keep more of their share.
                let (larger, smaller) = if of >= BOTH_SIDES_FROM {
                    let side = of.isqrt();
                    (
                        Piece { index: 0, of: side },
                        Piece {
                            index: 0,
                            of: of / side,
                        },
                    )
                } else {
                    (Piece { index: 0, of }, Piece::WHOLE)
                };
                let (west, east) = if c.east > c.west {
                    (smaller, larger)
                } else {
                    (larger, smaller)
                };
                let piece = Span {
                    start: i,
                    end: i + 1,
                    west,
                    east,
                };
                // A unit that is a piece of a rank set already is timed
                // whole when it is no larger than that piece (at N = 28 in
                // a million shards a unit is about 2 CPU-hours).
                if own.is_piece() && span_cost(job_costs, own) <= span_cost(job_costs, piece) {
                    own
                } else {
                    piece
                }
            };
            let job = &plan.jobs[span.start..span.end];
            let keys: Vec<_> = job.iter().flat_map(|j| plan.cells_of(j)).collect();
            let cells = Cells::new(plan.geo, keys.iter().copied());
            // The clock ticks every 10 ms, longer than a unit up to N = 18:
            // each step is timed by the wall clock, and the counting's wall
            // times are scaled at the end to the thread's CPU time over the
            // whole sample less the building's.
            let build = Instant::now();
            let build_clock = Clock::start(Clock::Thread);
            let mut distinct = keys.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let held: Vec<_> = distinct.iter().map(|&k| cells.get(k)).collect();
            build_seconds += build.elapsed().as_secs_f64();
            build_cpu += build_clock.seconds(1);
            built_bytes += held.iter().map(|c| c.bytes()).sum::<u64>();
            drop(held);
            if rows.is_empty() {
                // A thread's first count grows its scratch and touches its
                // pages first: at N = 27 a piece of 0.05-0.1 s took 0.38 s,
                // and its rate went to every unit near it in cost. Counted
                // once untimed, then timed.
                let warm = Clock::start(Clock::Thread);
                let _ = count_span(plan, span, &cells, &mut scratch, &never);
                warm_cpu += warm.seconds(1);
            }
            let counting = Instant::now();
            let _ = count_span(plan, span, &cells, &mut scratch, &never);
            let seconds = counting.elapsed().as_secs_f64();
            let cost = span_cost(job_costs, span);
            rows.push((place[u], cost as f64, seconds));
        }
        // (Short builds read a whole 10 ms tick or their wall time: never
        // more than the wall clock's figure.)
        if build_cpu >= 0.5 {
            build_seconds = build_cpu.min(build_seconds);
        }
        let count_seconds = (cpu.seconds(1) - build_seconds - warm_cpu).max(0.0);
        let wall: f64 = rows.iter().map(|r| r.2).sum();
        if wall > 0.0 && count_seconds > 0.0 {
            for r in &mut rows {
                r.2 *= count_seconds / wall;
            }
        }
        (rows, build_seconds, built_bytes)
    };
    // On one thread up to N = 26: two sampling threads each build their own
    // cells between units, which a count does once per segment, and slowed
    // each other more than a count's workers do (N = 21: 1.3 times the
    // measured time, against 1.1 on one thread; N = 26: the shard 0/100000
    // read 3,353 to 4,487 CPU-seconds on two threads against 1,863 to 1,969
    // on one, and 1,579 measured). From N = 27 on, where both sides of the
    // timed rank set are cut and its pieces took about as long side by side
    // as one at a time (N = 28: 4, 9 and 8 s either way) but some 24 s of a
    // minute's estimate on one thread, on `threads`, at least one piece
    // each, each timed by its own thread's clock.
    let samplers = if n >= PARALLEL_SAMPLE_FROM_N {
        threads
    } else {
        1
    };
    let at_least = at_least.max(samplers);
    let next = AtomicUsize::new(0);
    let timed = Mutex::new((Vec::new(), 0.0, 0u64));
    run_workers(samplers, &|| {
        let (rows, build_seconds, built_bytes) = time_picks(&|| {
            let k = next.fetch_add(1, Ordering::Relaxed);
            (k < at_least || started.elapsed() <= budget)
                .then(|| picks.get(k).copied())
                .flatten()
        });
        let mut all = timed.lock().unwrap_or_else(PoisonError::into_inner);
        all.0.extend(rows);
        all.1 += build_seconds;
        all.2 += built_bytes;
    });
    let (mut rows, build_seconds, built_bytes) =
        timed.into_inner().unwrap_or_else(PoisonError::into_inner);
    let timed = rows.len();
    // Each unit takes the seconds per unit of cost of the RATE_WINDOW
    // timed units nearest to its place, together: the rate differs along
    // the order of cost (the matcher's share of the work grows with the
    // sides), and one timed unit alone can be far out (N = 27: pieces of
    // 0.04-0.2 s whose rates spread over 5 times; shard 0 of 1,000,000 read
    // 3 times its count when its units took the rate of the slowest).
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    let window = RATE_WINDOW.min(rows.len());
    let mut unit_seconds = vec![0.0; plan.units()];
    if window > 0 {
        let mut k = 0;
        for &u in &mine {
            let j = place[u];
            while k + window < rows.len() && (rows[k + window].0 - j).abs() < (rows[k].0 - j).abs()
            {
                k += 1;
            }
            let near = &rows[k..k + window];
            let cost: f64 = near.iter().map(|r| r.1).sum();
            let seconds: f64 = near.iter().map(|r| r.2).sum();
            if cost > 0.0 {
                unit_seconds[u] = seconds / cost * costs[u] as f64;
            }
        }
    }
    let per_byte = if built_bytes == 0 {
        0.0
    } else {
        build_seconds / built_bytes as f64
    };
    // Each shard's cells and memory, then those of all units.
    let mut bytes = plan.shards_bytes(shards, threads);
    let (all_built, memory_bytes) = bytes.pop().unwrap_or_default();
    let setup = listing + per_byte * all_built as f64;
    let total: u64 = costs.iter().sum();
    let counting: f64 = unit_seconds.iter().sum();
    // Each shard's figures on every core (a split for a cluster has
    // thousands of shards, each a few units among millions of rank sets).
    let per_shard = on_every_core(threads, shards, 64, &|run| {
        run.iter()
            .map(|&units| units.iter().map(|&u| unit_seconds[u]).sum::<f64>())
            .collect()
    });
    let (shard_cpu_seconds, shard_memory_bytes) = per_shard
        .into_iter()
        .zip(bytes)
        .map(|(c, (built, memory))| (listing + per_byte * built as f64 + c, memory))
        .unzip();
    JoinEstimate {
        cpu_seconds: setup + counting,
        setup_seconds: setup,
        shard_cpu_seconds,
        seconds_per_cost: if total == 0 {
            0.0
        } else {
            counting / total as f64
        },
        unit_seconds,
        timed,
        units: plan.units(),
        memory_bytes,
        shard_memory_bytes,
    }
}

/// Units timed at least, up to N = 23.
const MIN_TIMED: usize = 8;

/// Timed units nearest in cost whose rate each unit takes.
const RATE_WINDOW: usize = 5;

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
