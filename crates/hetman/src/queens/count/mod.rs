//! The fast counting engine behind `hetman queens count`.
//!
//! **Total.** For N from [`HALVES_MIN_N`] to [`HALVES_MAX_N`] the board is cut
//! between its middle files and the halves are joined ([`count_halves`]):
//! every west half is matched against every east half by the diagonals
//! crossing the cut, 64 pairs to a 64-bit AND, and no
//! solution is listed. Outside that range (and for checkpoints and cluster
//! shards, whose units must be small and independent) the engine lists the
//! *constellations* of the border queens instead: every solution has one
//! queen on each border line (the first and last file and rank), and the
//! eight symmetries permute constellations and their completions alike, so it
//! lists one constellation per symmetry class ([`Plan`]), completes each with
//! an allocation-free bitboard search over the inner files ([`Unit::count`])
//! and weights the result by the class size (the method of takaken's and
//! NQueensFAF's counters).
//!
//! **Unique.** By Burnside's lemma, `unique = (total + S180 + 2·S90) / 8`
//! where S180 and S90 count the solutions fixed by a half turn and a quarter
//! turn ([`symmetric_counts`]), which a small search finds directly.
//!
//! # Example
//! ```
//! use hetman::queens::count::{count, CountOptions};
//! let c = count(10, &CountOptions::default()).unwrap();
//! assert_eq!((c.total, c.unique), (724, 92));
//! ```

mod error;
mod estimate;
mod halves;
mod join_shard;
mod merge;
mod shard;
mod split;
mod symmetric;
mod units;

pub use estimate::{estimate_cpu, CpuEstimate};
pub use halves::{
    count_halves, count_join_units, estimate_join, HalvesCount, JoinEstimate, JoinPlan,
    JoinUnitCount, DEFAULT_CHUNK_BYTES, HALVES_MAX_N, HALVES_MIN_N, MAX_SIDE_HALVES,
    UNITS_PER_SHARD,
};
pub use join_shard::{
    count_join_fine_resumable, count_join_resumable, fine_shard_bytes, shards_to_fit,
};
pub use merge::{merge_shards, Merged, ShardRecord};
pub use shard::{count_resumable, ShardCount};
pub use split::{Split, MAX_FINE, MAX_SHARDS};
pub use symmetric::{symmetric_counts, unique_from, SymmetricCounts};
pub use units::{Border, Plan, Unit, UnitCount, MAX_N};

use super::QueensCount;
use crate::Error;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What the constellation search's work figure counts.
pub(crate) const WORK_UNIT: &str = "nodes";

/// Which method a fast count used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// The half-board join ([`count_halves`]).
    Halves,
    /// The constellation search ([`Plan`]).
    #[default]
    Constellations,
}

impl Engine {
    /// The engine [`count_full`] uses for N queens.
    ///
    /// ```
    /// use hetman::queens::count::Engine;
    /// assert_eq!(Engine::for_n(16), Engine::Halves);
    /// assert_eq!(Engine::for_n(5), Engine::Constellations);
    /// ```
    #[must_use]
    pub fn for_n(n: usize) -> Engine {
        if (HALVES_MIN_N..=HALVES_MAX_N).contains(&n) {
            Engine::Halves
        } else {
            Engine::Constellations
        }
    }

    /// Its name in messages.
    ///
    /// ```
    /// assert_eq!(hetman::queens::count::Engine::Halves.name(), "half-board join");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Engine::Halves => "half-board join",
            Engine::Constellations => "constellation search",
        }
    }

    /// What its work units are.
    ///
    /// ```
    /// assert_eq!(hetman::queens::count::Engine::Halves.units(), "rank sets");
    /// ```
    #[must_use]
    pub const fn units(self) -> &'static str {
        match self {
            Engine::Halves => "rank sets",
            Engine::Constellations => "constellation classes",
        }
    }

    /// What its work figure counts.
    ///
    /// ```
    /// assert_eq!(hetman::queens::count::Engine::Constellations.work(), "nodes");
    /// ```
    #[must_use]
    pub const fn work(self) -> &'static str {
        match self {
            Engine::Halves => "west halves matched",
            Engine::Constellations => WORK_UNIT,
        }
    }
}

/// Single-thread seconds of the constellation search at N = 16 on the
/// reference machine (for estimates).
pub(crate) const SECONDS_AT_16: f64 = 1.6;

/// Single-thread seconds of the half-board join on the reference machine (2
/// shared cores, built for the native CPU), as measured from N = 16 on (N = 21
/// as the CPU time of a two-thread run).
const HALVES_SECONDS: [(usize, f64); 6] = [
    (16, 0.10),
    (17, 0.58),
    (18, 2.4),
    (19, 19.6),
    (20, 92.0),
    (21, 730.0),
];

/// How far a count has got, as handed to [`CountOptions::progress`]: the
/// shape every long run reports in.
pub use crate::jobs::Progress;

/// How to run a count.
#[derive(Default)]
pub struct CountOptions<'a> {
    /// Threads to use; 0 means all cores.
    pub threads: usize,
    /// Set from outside to stop the count early; it then returns [`Error::Interrupted`].
    pub stop: Option<&'a AtomicBool>,
    /// Called after each finished unit (from the worker threads).
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    /// Bytes the half-board join may hold; a count that would need more is
    /// refused before it starts. `None`: no limit.
    pub max_memory: Option<u64>,
}

/// The threads `threads` means (0: all cores).
pub(crate) fn threads_meant(threads: usize) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        t => t,
    }
}

/// The fast engine's full result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FastCount {
    /// All solutions (OEIS A000170).
    pub total: u64,
    /// Solutions distinct under rotations and reflections (OEIS A002562).
    pub unique: u64,
    /// Solutions fixed by the half turn.
    pub half_turn: u64,
    /// Solutions fixed by the quarter turn.
    pub quarter_turn: u64,
    /// Work units counted: rank sets (half-board join) or constellation
    /// classes.
    pub units: usize,
    /// The work figure: west halves matched (half-board join) or search
    /// nodes (constellations).
    pub nodes: u64,
    /// The engine that counted.
    pub engine: Engine,
}

/// A rough single-thread time in seconds for N queens with the fast engine
/// on the reference machine: measured figures for the half-board join up to
/// N = 21, growing sevenfold per step beyond; the constellation search's
/// figure elsewhere ([`constellation_seconds`]).
///
/// ```
/// use hetman::queens::count::estimate_seconds;
/// assert!(estimate_seconds(17) > estimate_seconds(16));
/// assert!(estimate_seconds(23) > 1e4);
/// assert!(estimate_seconds(27) > 1e7);
/// ```
#[must_use]
pub fn estimate_seconds(n: usize) -> f64 {
    if Engine::for_n(n) == Engine::Constellations {
        return constellation_seconds(n);
    }
    let (last, mut t) = HALVES_SECONDS[HALVES_SECONDS.len() - 1];
    if let Some(&(_, s)) = HALVES_SECONDS.iter().find(|&&(k, _)| k == n) {
        return s;
    }
    if n > last {
        for _ in last..n {
            t *= 7.0;
        }
        return t;
    }
    let (first, mut t) = HALVES_SECONDS[0];
    for _ in n..first {
        t /= 6.0;
    }
    t
}

/// A rough single-thread time in seconds for N queens with the constellation
/// search (checkpoints and shards use it): measured at N = 16 and scaled by
/// the growth of A000170 (a factor of about 0.4·N − 0.3 per step for N ≥ 12).
///
/// ```
/// use hetman::queens::count::constellation_seconds;
/// assert!(constellation_seconds(17) > constellation_seconds(16));
/// assert!(constellation_seconds(27) > 1e7);
/// ```
#[must_use]
pub fn constellation_seconds(n: usize) -> f64 {
    let mut t = SECONDS_AT_16;
    if n >= 16 {
        for k in 17..=n {
            t *= 0.4 * k as f64 - 0.3;
        }
    } else {
        for k in (n + 1..=16).rev() {
            t /= (0.4 * k as f64 - 0.3).max(2.0);
        }
    }
    t
}

/// Bytes the fast engine needs for N queens, about, on two threads. The
/// half-board join holds a chunk of north quarter cells at most
/// ([`DEFAULT_CHUNK_BYTES`]; less up to N = 21, where the figures were
/// measured), a few south cells and the halves of the rank sets in hand
/// ([`JoinPlan::memory_bytes`] works it out for a plan). The constellation
/// search needs its list of units (at most N⁴ / 8) and small stacks.
///
/// ```
/// use hetman::queens::count::memory_bytes;
/// assert!(memory_bytes(20) < 1 << 30);
/// assert!(memory_bytes(25) < 8 << 30);
/// assert!(memory_bytes(28) > memory_bytes(27));
/// ```
#[must_use]
pub fn memory_bytes(n: usize) -> u64 {
    if Engine::for_n(n) == Engine::Halves {
        return halves::memory_bytes(n);
    }
    let units = (n as u64).pow(4) / 8 + 8;
    units * std::mem::size_of::<Unit>() as u64 + (1 << 20)
}

/// Counts N queens, total and unique, with the fast engine.
///
/// ```
/// use hetman::queens::count::{count, CountOptions};
/// let c = count(8, &CountOptions::default()).unwrap();
/// assert_eq!((c.total, c.unique), (92, 12));
/// ```
pub fn count(n: usize, options: &CountOptions<'_>) -> Result<QueensCount, Error> {
    let c = count_full(n, options)?;
    Ok(QueensCount {
        total: c.total,
        unique: c.unique,
        work: c.nodes,
    })
}

/// Counts N queens with the fast engine and returns every figure it has.
///
/// The answer is the same for every thread count: each unit is counted by
/// one thread and the weighted sums are added.
///
/// ```
/// use hetman::queens::count::{count_full, CountOptions};
/// let one = count_full(12, &CountOptions { threads: 1, ..Default::default() }).unwrap();
/// let two = count_full(12, &CountOptions { threads: 2, ..Default::default() }).unwrap();
/// assert_eq!((one.total, one.unique, one.half_turn), (14_200, 1_787, 80));
/// assert_eq!(one, two);
/// ```
pub fn count_full(n: usize, options: &CountOptions<'_>) -> Result<FastCount, Error> {
    if Engine::for_n(n) == Engine::Halves {
        let c = count_halves(n, options)?;
        let sym = symmetric_counts(n);
        return Ok(FastCount {
            total: c.total,
            unique: unique_from(n, c.total, sym.half_turn, sym.quarter_turn),
            half_turn: sym.half_turn,
            quarter_turn: sym.quarter_turn,
            units: c.jobs,
            nodes: c.halves,
            engine: Engine::Halves,
        });
    }
    let plan = Plan::new(n)?;
    let all: Vec<usize> = (0..plan.units().len()).collect();
    let found = count_units(&plan, &all, options, &|_, _, _| Ok(()))?;
    let sym = symmetric_counts(n);
    Ok(FastCount {
        total: found.solutions,
        unique: unique_from(n, found.solutions, sym.half_turn, sym.quarter_turn),
        half_turn: sym.half_turn,
        quarter_turn: sym.quarter_turn,
        units: found.units,
        nodes: found.nodes,
        engine: Engine::Constellations,
    })
}

/// Runs `worker` on this thread, or on `threads` scoped threads.
/// The CPU time a unit takes on its thread (Linux with glibc:
/// `CLOCK_THREAD_CPUTIME_ID`), or its wall time where the system does not
/// tell: what shard records add up as CPU seconds. (Wall time overstates it
/// on a shared machine: a Q(23) shard at `nice -n 19` took 3,779 s of wall
/// time for 1,578 s of CPU time.)
pub(crate) struct UnitClock {
    wall: Instant,
    cpu: Option<Duration>,
}

impl UnitClock {
    pub(crate) fn start() -> UnitClock {
        UnitClock {
            wall: Instant::now(),
            cpu: thread_cpu(),
        }
    }

    /// The time since the start, as above.
    pub(crate) fn took(&self) -> Duration {
        match (self.cpu, thread_cpu()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => self.wall.elapsed(),
        }
    }
}

/// The calling thread's CPU time so far, where the system tells it.
fn thread_cpu() -> Option<Duration> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `clock_gettime` writes one `timespec` through the valid,
        // exclusive pointer it is given and keeps nothing.
        #[allow(unsafe_code)]
        let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut ts) };
        if r == 0 {
            return Some(Duration::new(
                u64::try_from(ts.tv_sec).unwrap_or(0),
                u32::try_from(ts.tv_nsec).unwrap_or(0),
            ));
        }
    }
    None
}

fn run_workers(threads: usize, worker: &(dyn Fn() + Sync)) {
    if threads <= 1 {
        worker();
    } else {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(worker);
            }
        });
    }
}

/// What [`count_units`] found over the units it counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitsTotal {
    /// Solutions, each unit's completions multiplied by its weight.
    pub solutions: u64,
    /// Search nodes.
    pub nodes: u64,
    /// Units counted.
    pub units: usize,
}

/// Counts some of a plan's units (by index into [`Plan::units`]) on
/// `options.threads` threads, largest first, and calls `finished` from the
/// worker thread as each unit is done, with its count and the CPU time its thread
/// spent on it (its wall time where the system does not tell; a checkpoint
/// records it there). An error
/// from `finished` stops the count and is returned; so is
/// [`Error::Interrupted`] when `options.stop` is set.
///
/// ```
/// use hetman::queens::count::{count_units, CountOptions, Plan};
/// let plan = Plan::new(9).unwrap();
/// let (even, odd): (Vec<usize>, Vec<usize>) = (0..plan.units().len()).partition(|i| i % 2 == 0);
/// let opts = CountOptions::default();
/// let a = count_units(&plan, &even, &opts, &|_, _, _| Ok(())).unwrap();
/// let b = count_units(&plan, &odd, &opts, &|_, _, _| Ok(())).unwrap();
/// assert_eq!(a.solutions + b.solutions, 352);
/// ```
pub fn count_units(
    plan: &Plan,
    units: &[usize],
    options: &CountOptions<'_>,
    finished: &(dyn Fn(&Unit, UnitCount, Duration) -> Result<(), Error> + Sync),
) -> Result<UnitsTotal, Error> {
    let n = plan.n();
    let threads = threads_meant(options.threads).min(units.len().max(1));
    // Largest first, so that no thread is left with a big unit at the end.
    let mut order: Vec<usize> = units.to_vec();
    order.sort_by_key(|&i| (std::cmp::Reverse(plan.units()[i].cost), i));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let cost_done = AtomicU64::new(0);
    let cost: u64 = order.iter().map(|&i| plan.units()[i].cost).sum();
    let never = AtomicBool::new(false);
    let stop = options.stop.unwrap_or(&never);
    let failed = AtomicBool::new(false);
    let result = Mutex::new((0u64, 0u64, None::<Error>));
    let worker = || {
        let (mut total, mut nodes) = (0u64, 0u64);
        let mut error = None;
        loop {
            if stop.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed) {
                break;
            }
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(&i) = order.get(k) else { break };
            let unit = &plan.units()[i];
            let started = UnitClock::start();
            let Ok(c) = unit.count(n, Some(stop)) else {
                break;
            };
            if let Err(e) = finished(unit, c, started.took()) {
                failed.store(true, Ordering::Relaxed);
                error = Some(e);
                break;
            }
            total += u64::from(unit.weight) * c.solutions;
            nodes = nodes.saturating_add(c.nodes);
            let units_done = done.fetch_add(1, Ordering::Relaxed) + 1;
            let cost_done = cost_done.fetch_add(unit.cost, Ordering::Relaxed) + unit.cost;
            if let Some(report) = options.progress {
                report(Progress {
                    units_done,
                    units: order.len(),
                    cost_done,
                    cost,
                });
            }
        }
        let mut r = result
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        r.0 += total;
        r.1 = r.1.saturating_add(nodes);
        if r.2.is_none() {
            r.2 = error;
        }
    };
    run_workers(threads, &worker);
    let (total, nodes, error) = result
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(e) = error {
        return Err(e);
    }
    if stop.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    Ok(UnitsTotal {
        solutions: total,
        nodes,
        units: order.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit's clock counts the CPU time of its thread, not the time it
    /// waits (the shard records' CPU seconds), where the system tells it.
    #[test]
    fn a_units_clock_counts_cpu_time_not_waiting() {
        let clock = UnitClock::start();
        std::thread::sleep(Duration::from_millis(200));
        let waited = clock.took();
        let clock = UnitClock::start();
        let mut x = 1u64;
        let spin = Instant::now();
        while spin.elapsed() < Duration::from_millis(200) {
            x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
        }
        let busy = clock.took();
        if thread_cpu().is_some() {
            assert!(
                waited < Duration::from_millis(50),
                "{waited:?} while asleep"
            );
            assert!(busy > Duration::ZERO, "{busy:?} while busy");
        } else {
            assert!(waited >= Duration::from_millis(200), "{waited:?}");
        }
    }
}
