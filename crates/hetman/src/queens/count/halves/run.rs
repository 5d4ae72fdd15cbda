//! Counting some of a [`JoinPlan`]'s units on several threads.

use super::super::{run_workers, CountOptions, Progress, UnitClock};
use super::cells::Cells;
use super::sieve::Sieve;
use super::{HalvesCount, JoinPlan, Span};
use crate::Error;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// What one unit of the half-board join found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JoinUnitCount {
    /// Solutions: each rank set's pairs times the number of rank sets it
    /// stands for.
    pub solutions: u64,
    /// West halves matched against east halves.
    pub halves: u64,
}

/// Counts some of a plan's units (indices below [`JoinPlan::units`]) on
/// `options.threads` threads, and calls `finished` from the worker thread as
/// each unit is done, with its count and the CPU time its thread spent on it
/// (its wall time where the system does not tell; a checkpoint records it
/// there). An error from `finished` stops the count and is
/// returned; so is [`Error::Interrupted`] when `options.stop` is set (a unit
/// stopped half-way is not reported).
///
/// The quarter cells are built when a rank set needs them and dropped after
/// the last rank set that does; only the cells the given units need are
/// built. With `options.max_memory` set, a count that would hold more
/// ([`JoinPlan::memory_bytes`]) is refused with [`Error::TooLarge`] before
/// it starts.
///
/// ```
/// use hetman::queens::count::{count_join_units, CountOptions, JoinPlan};
/// let plan = JoinPlan::new(11).unwrap();
/// let (even, odd): (Vec<usize>, Vec<usize>) = (0..plan.units()).partition(|u| u % 2 == 0);
/// let opts = CountOptions::default();
/// let a = count_join_units(&plan, &even, &opts, &|_, _, _| Ok(())).unwrap();
/// let b = count_join_units(&plan, &odd, &opts, &|_, _, _| Ok(())).unwrap();
/// assert_eq!(a.total + b.total, 2_680);
/// ```
pub fn count_join_units(
    plan: &JoinPlan,
    units: &[usize],
    options: &CountOptions<'_>,
    finished: &(dyn Fn(usize, JoinUnitCount, Duration) -> Result<(), Error> + Sync),
) -> Result<HalvesCount, Error> {
    let n = plan.n;
    let mut order: Vec<usize> = units.to_vec();
    order.sort_unstable();
    order.dedup();
    if let Some(&u) = order.last()
        && u >= plan.units()
    {
        return Err(Error::Shard {
            reason: format!(
                "unit {u} does not exist: N = {n} has units 0 to {}",
                plan.units() - 1
            ),
        });
    }
    let threads = super::super::threads_meant(options.threads).min(order.len().max(1));
    if let Some(budget) = options.max_memory {
        let need = plan.memory_bytes(&order, threads);
        if need > budget {
            return Err(Error::TooLarge {
                reason: format!(
                    "the half-board join would hold about {} MiB for N = {n} on {threads} \
                     thread{} (a chunk of quarter cells and the largest rank set's halves), \
                     more than the memory budget of {} MiB",
                    need.div_ceil(1 << 20),
                    if threads == 1 { "" } else { "s" },
                    budget >> 20
                ),
            });
        }
    }
    // The share of the work done, for the progress line, is by estimated
    // cost: counted in rank sets, N = 22 read 44% done at a quarter of its
    // time.
    let costs: Vec<u64> = {
        let c = plan.costs(threads);
        order.iter().map(|&u| c[u]).collect()
    };
    let cost: u64 = costs.iter().sum();
    let jobs_counted: usize = order.iter().map(|&u| plan.whole_rank_sets_of(u)).sum();
    if order.is_empty() {
        return Ok(HalvesCount::default());
    }
    // Every cell is built when a rank set first needs it and dropped after
    // the last rank set that does.
    let cells = Cells::new(
        plan.geo,
        order
            .iter()
            .flat_map(|&u| plan.unit(u).iter().flat_map(|j| plan.cells_of(j))),
    );
    let never = AtomicBool::new(false);
    let stop = options.stop.unwrap_or(&never);
    let failed = AtomicBool::new(false);
    let error = Mutex::new(None::<Error>);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let cost_done = AtomicU64::new(0);
    let found = AtomicU64::new(0);
    let halves_done = AtomicU64::new(0);
    let scratch_bytes = AtomicU64::new(0);
    if let Some(report) = options.progress {
        // The totals, before the first unit ends: a unit may take hours.
        report(Progress {
            units_done: 0,
            units: order.len(),
            cost_done: 0,
            cost,
        });
    }
    let step = (order.len() / (threads * 64)).clamp(1, 8);
    let worker = || {
        let mut scratch = Scratch::default();
        let (mut total, mut halves) = (0u64, 0u64);
        // The units this worker has taken and not yet counted: a few
        // neighbours at a time, as the workers of two threads sharing a
        // core's caches go faster on nearby units.
        let mut mine = 0..0;
        while !stop.load(Ordering::Relaxed) && !failed.load(Ordering::Relaxed) {
            let k = match mine.next() {
                Some(k) => k,
                None => {
                    let first = next.fetch_add(step, Ordering::Relaxed);
                    mine = first..(first + step).min(order.len());
                    match mine.next() {
                        Some(k) => k,
                        None => break,
                    }
                }
            };
            let Some(&u) = order.get(k) else { break };
            let started = UnitClock::start();
            let Some(unit) = count_unit(plan, u, &cells, &mut scratch, stop) else {
                break;
            };
            if let Err(e) = finished(u, unit, started.took()) {
                failed.store(true, Ordering::Relaxed);
                error
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert(e);
                break;
            }
            total += unit.solutions;
            halves += unit.halves;
            let units_done = done.fetch_add(1, Ordering::Relaxed) + 1;
            let c = costs[k];
            let cost_done = cost_done.fetch_add(c, Ordering::Relaxed) + c;
            if let Some(report) = options.progress {
                report(Progress {
                    units_done,
                    units: order.len(),
                    cost_done,
                    cost,
                });
            }
        }
        halves_done.fetch_add(halves, Ordering::Relaxed);
        found.fetch_add(total, Ordering::Relaxed);
        scratch_bytes.fetch_add(scratch.bytes(), Ordering::Relaxed);
    };
    run_workers(threads, &worker);
    if let Some(e) = error.into_inner().unwrap_or_else(PoisonError::into_inner) {
        return Err(e);
    }
    if stop.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    Ok(HalvesCount {
        total: found.load(Ordering::Relaxed),
        jobs: jobs_counted,
        halves: halves_done.load(Ordering::Relaxed),
        peak_bytes: cells.peak_bytes() + scratch_bytes.load(Ordering::Relaxed),
    })
}

/// A worker's reusable buffers.
#[derive(Default)]
pub(super) struct Scratch {
    west: Vec<u64>,
    east: Vec<u64>,
    sieve: Sieve,
}

impl Scratch {
    /// Bytes they hold (at most, as they only grow).
    fn bytes(&self) -> u64 {
        8 * (self.west.capacity() + self.east.capacity()) as u64 + self.sieve.bytes()
    }
}

/// Counts unit `u`, its cells taken from `cells` (and each use released
/// there); `None` if `stop` was set before it was done.
pub(super) fn count_unit(
    plan: &JoinPlan,
    u: usize,
    cells: &Cells,
    scratch: &mut Scratch,
    stop: &AtomicBool,
) -> Option<JoinUnitCount> {
    count_span(plan, plan.spans[u], cells, scratch, stop)
}

/// Counts some rank sets of a plan, or a piece of one (see [`count_unit`]).
pub(super) fn count_span(
    plan: &JoinPlan,
    span: Span,
    cells: &Cells,
    scratch: &mut Scratch,
    stop: &AtomicBool,
) -> Option<JoinUnitCount> {
    let geo = &plan.geo;
    let (west_piece, east_piece) = span.sides();
    let costs = plan.job_costs();
    let cap = plan.side_halves;
    let mut unit = JoinUnitCount::default();
    for (at, job) in (span.start..span.end).zip(&plan.jobs[span.start..span.end]) {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let keys = plan.cells_of(job);
        let [wn, ws, en, es] = keys.map(|k| cells.get(k));
        // A side with more halves than the plan's cap is made a share at a
        // time ([`Piece::sub`]), each share of one side matched against
        // each of the other, so that a unit holds at most the cap's halves
        // of each side whatever N.
        let wm = west_piece.cuts(costs[at].west, cap, wn.file_sets());
        let em = east_piece.cuts(costs[at].east, cap, en.file_sets());
        let mut west_len = 0;
        for j in 0..em {
            let east_len = geo.west_into(&en, &es, east_piece.sub(j, em), &mut scratch.east);
            let east = &mut scratch.east[..east_len];
            for e in east.iter_mut() {
                *e = geo.mirror(*e);
            }
            for i in 0..wm {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                // One share of the west side is made once for every east.
                if wm > 1 || j == 0 {
                    west_len = geo.west_into(&wn, &ws, west_piece.sub(i, wm), &mut scratch.west);
                }
                let west = &scratch.west[..west_len];
                let east = &scratch.east[..east_len];
                // The larger side goes into the matcher: its cost is per block.
                let (stored, probes) = if east.len() >= west.len() {
                    (east, west)
                } else {
                    (west, east)
                };
                unit.solutions += job.weight() * scratch.sieve.count(stored, probes, 2 * geo.bits);
                unit.halves += probes.len() as u64;
            }
        }
        drop([wn, ws, en, es]);
        for k in keys {
            cells.release(k);
        }
    }
    Some(unit)
}
