//! Counting some of a [`JoinPlan`]'s units on several threads.

use super::super::{run_workers, CountOptions, Progress};
use super::matcher::Sieve;
use super::tables::{Placements, Quarters};
use super::{low, HalvesCount, JoinPlan};
use crate::Error;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

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
/// each unit is done, with its count and the time it took (a checkpoint
/// records it there). An error from `finished` stops the count and is
/// returned; so is [`Error::Interrupted`] when `options.stop` is set (a unit
/// stopped half-way is not reported).
///
/// The quarter tables of each rank of the middle queen (odd N) are built when
/// a unit needs them and dropped after the last unit that does; only the
/// ranks the given units need are built.
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
    if let Some(&u) = order.last() {
        if u >= plan.units() {
            return Err(Error::Shard {
                reason: format!(
                    "unit {u} does not exist: N = {n} has units 0 to {}",
                    plan.units() - 1
                ),
            });
        }
    }
    let middles: Vec<Option<usize>> = if n % 2 == 0 {
        vec![None]
    } else {
        (0..=n / 2).map(Some).collect()
    };
    let group_of = |u: usize| plan.unit(u)[0].middle.unwrap_or(0);
    let mut remaining_units = vec![0usize; middles.len()];
    for &u in &order {
        remaining_units[group_of(u)] += 1;
    }
    // The groups with units to count, and for each group the next and the
    // previous such group.
    let active: Vec<usize> = (0..middles.len())
        .filter(|&g| remaining_units[g] > 0)
        .collect();
    let next_active = |g: usize| active.iter().copied().find(|&a| a > g);
    let previous_active = |g: usize| active.iter().copied().rev().find(|&a| a < g);
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        t => t,
    }
    .min(order.len().max(1));
    let costs: Vec<u64> = match plan.known_costs() {
        Some(c) => order.iter().map(|&u| c[u]).collect(),
        None => order.iter().map(|&u| plan.rank_sets_of(u) as u64).collect(),
    };
    let cost: u64 = costs.iter().sum();
    let jobs_counted: usize = order.iter().map(|&u| plan.rank_sets_of(u)).sum();
    if order.is_empty() {
        return Ok(HalvesCount::default());
    }
    // Each group's quarters are built when its first unit is taken (or
    // before, see below) and dropped when its last unit is done. The thread
    // that builds them holds the group's lock, and builds them on two threads
    // if the other workers wait for them.
    let mut placements = Some(
        plan.take_placements()
            .unwrap_or_else(|| Placements::new(n, threads)),
    );
    let mut quarters: Vec<Mutex<Option<Arc<Quarters>>>> =
        middles.iter().map(|_| Mutex::new(None)).collect();
    if let (Some(p), [None]) = (&placements, middles.as_slice()) {
        // Even N: one group, built now, and the lists it came from freed.
        quarters[0] = Mutex::new(Some(Arc::new(Quarters::new(p, None, threads > 1))));
        placements = None;
    }
    let build = |group: usize, parallel: bool| -> Arc<Quarters> {
        let mut slot = quarters[group]
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        Arc::clone(slot.get_or_insert_with(|| {
            let p = placements.as_ref().expect("odd N keeps the placements");
            Arc::new(Quarters::new(p, middles[group], parallel))
        }))
    };
    // Whether a worker has set out to build a group's quarters ahead of its
    // units.
    let ahead: Vec<AtomicBool> = middles.iter().map(|_| AtomicBool::new(false)).collect();
    let remaining: Vec<AtomicUsize> = remaining_units
        .iter()
        .map(|&r| AtomicUsize::new(r))
        .collect();
    let never = AtomicBool::new(false);
    let stop = options.stop.unwrap_or(&never);
    let failed = AtomicBool::new(false);
    let error = Mutex::new(None::<Error>);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let cost_done = AtomicU64::new(0);
    let found = AtomicU64::new(0);
    let halves_done = AtomicU64::new(0);
    // Counts one more unit of `group` done, and drops the group's quarters
    // after its last.
    let finish = |group: usize| {
        if remaining[group].fetch_sub(1, Ordering::AcqRel) == 1 {
            *quarters[group]
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = None;
        }
    };
    let step = (order.len() / (threads * 64)).clamp(1, 8);
    let worker = || {
        let mut scratch = Scratch::default();
        let (mut total, mut halves) = (0u64, 0u64);
        // The group whose quarters this worker holds (a worker keeps them
        // until it moves to another group).
        let mut held: Option<(usize, Arc<Quarters>)> = None;
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
            let group = group_of(u);
            let q = match &held {
                Some((g, q)) if *g == group => Arc::clone(q),
                _ => {
                    drop(held.take());
                    let q = build(group, threads > 1);
                    held = Some((group, Arc::clone(&q)));
                    q
                }
            };
            let started = Instant::now();
            let counted = count_unit(plan, u, &q, &mut scratch, stop);
            drop(q);
            let Some(unit) = counted else { break };
            if let Err(e) = finished(u, unit, started.elapsed()) {
                failed.store(true, Ordering::Relaxed);
                error
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert(e);
                break;
            }
            total += unit.solutions;
            halves += unit.halves;
            finish(group);
            // With more than one worker, one builds the next group's
            // quarters on its own while the others go on with this group's
            // units, so that no one waits for them; once the group before
            // this one is dropped, so that at most two are held.
            if threads > 1 {
                if let Some(later) = next_active(group) {
                    if previous_active(group)
                        .is_none_or(|p| remaining[p].load(Ordering::Acquire) == 0)
                        && !ahead[later].load(Ordering::Relaxed)
                        && !ahead[later].swap(true, Ordering::AcqRel)
                    {
                        build(later, false);
                    }
                }
            }
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
    })
}

/// A worker's reusable buffers.
#[derive(Default)]
pub(super) struct Scratch {
    west: Vec<u64>,
    east: Vec<u64>,
    sieve: Sieve,
}

/// Counts unit `u` with its group's quarters `q`; `None` if `stop` was set
/// before it was done.
pub(super) fn count_unit(
    plan: &JoinPlan,
    u: usize,
    q: &Quarters,
    scratch: &mut Scratch,
    stop: &AtomicBool,
) -> Option<JoinUnitCount> {
    let n = plan.n;
    let mut unit = JoinUnitCount::default();
    for job in plan.unit(u) {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let free = low(n) & !job.middle.map_or(0, |r| 1u64 << r);
        let west_len = q.west_into(job.ranks, &mut scratch.west);
        let west = &scratch.west[..west_len];
        let east_len = q.west_into(free & !job.ranks, &mut scratch.east);
        let east = &mut scratch.east[..east_len];
        for e in east.iter_mut() {
            *e = q.mirror(*e);
        }
        // The larger side goes into the matcher: its cost is per block.
        let east = &*east;
        let (stored, probes) = if east.len() >= west.len() {
            (east, west)
        } else {
            (west, east)
        };
        unit.solutions += job.weight * scratch.sieve.count(stored, probes, 2 * q.bits);
        unit.halves += probes.len() as u64;
    }
    Some(unit)
}
