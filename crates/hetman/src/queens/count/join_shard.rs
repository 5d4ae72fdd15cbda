//! The half-board join's shards: counting one (also a shard of a split
//! into more than a million, cut from a coarser one), checking its memory
//! against the budget first, and the number of shards that fits a budget.

use super::shard::{check_split, Resumed, ShardCount};
use super::split::{Split, MAX_SHARDS};
use super::{count_join_units, threads_meant, CountOptions, Engine, JoinPlan};
use crate::Error;
use std::path::Path;

/// Counts shard `shard` of a split of the half-board join's units, like
/// [`count_resumable`](super::count_resumable) for the constellation search: with a checkpoint file,
/// the units it records are not counted again and each unit finished now is
/// appended to it; a checkpoint of another engine, N, shard, split or
/// version is refused. The shard's work figure ([`ShardCount::nodes`]) is
/// the west halves matched.
///
/// ```
/// use hetman::queens::count::{count_join_resumable, CountOptions, JoinPlan, Split};
/// let dir = std::env::temp_dir().join(format!("hetman-join-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("12.ckpt");
/// let plan = JoinPlan::new(12).unwrap();
/// let split = Split::join(&plan, 1, 1).unwrap();
/// let opts = CountOptions::default();
/// let first = count_join_resumable(&plan, &split, 0, Some(&path), &opts).unwrap();
/// let again = count_join_resumable(&plan, &split, 0, Some(&path), &opts).unwrap();
/// assert_eq!((first.solutions, again.solutions), (14_200, 14_200));
/// assert_eq!((again.resumed, again.unique()), (plan.units(), Some(1_787)));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn count_join_resumable(
    plan: &JoinPlan,
    split: &Split,
    shard: usize,
    checkpoint: Option<&Path>,
    options: &CountOptions<'_>,
) -> Result<ShardCount, Error> {
    check_split(split, plan.n(), Engine::Halves, shard)?;
    if let Some(budget) = options.max_memory {
        let need = plan.memory_bytes(split.units(shard), threads_meant(options.threads));
        check_shard_memory(plan, split, shard, need, budget, options.threads)?;
    }
    count_join_checked(plan, split, shard, checkpoint, options)
}

/// Counts shard `shard` of a split into `coarse.shards() × m` shards
/// ([`Split::sizes`]) as [`count_join_resumable`] counts a shard of
/// [`Split::join_fine`]`(plan, coarse, m, shard, threads)`, its memory checked
/// against the budget by [`fine_shard_bytes`] (which covers the coarse plan
/// and split it is cut from, held while it counts).
///
/// ```
/// use hetman::queens::count::{count_join_fine_resumable, merge_shards, CountOptions, JoinPlan, Split};
/// let plan = JoinPlan::for_shards(12, 2).unwrap();
/// let coarse = Split::join(&plan, 2, 1).unwrap();
/// let records: Vec<_> = (0..6)
///     .map(|i| {
///         let c = count_join_fine_resumable(&plan, &coarse, 3, i, None, &CountOptions::default()).unwrap();
///         c.record(format!("shard {i}"))
///     })
///     .collect();
/// assert_eq!(merge_shards(&records).unwrap().total, 14_200);
/// let tight = CountOptions { max_memory: Some(1 << 20), ..CountOptions::default() };
/// assert!(count_join_fine_resumable(&plan, &coarse, 3, 0, None, &tight).is_err());
/// ```
pub fn count_join_fine_resumable(
    plan: &JoinPlan,
    coarse: &Split,
    m: usize,
    shard: usize,
    checkpoint: Option<&Path>,
    options: &CountOptions<'_>,
) -> Result<ShardCount, Error> {
    let threads = threads_meant(options.threads);
    let (fine, split) = Split::join_fine(plan, coarse, m, shard, threads)?;
    check_split(&split, plan.n(), Engine::Halves, shard)?;
    if let Some(budget) = options.max_memory {
        let need = fine_shard_bytes(plan, coarse, (&fine, &split), shard, threads);
        check_shard_memory(&fine, &split, shard, need, budget, options.threads)?;
    }
    count_join_checked(&fine, &split, shard, checkpoint, options)
}

/// The bytes shard `shard` of a fine split holds at most on `threads`
/// threads, `fine` being its plan and split ([`Split::join_fine`] of `plan`
/// and `coarse`): the larger of its own units' bound and the bound of the
/// coarse shard it is cut from. The coarse plan and split are held beside
/// its own while it counts, which its own bound leaves out and the coarse
/// shard's covers (N = 28, shard 1 of 16,000,000: 3.56 GiB resident, its
/// own bound 2.69 GiB, its coarse shard's about 4.3 GB on one thread).
///
/// ```
/// use hetman::queens::count::{fine_shard_bytes, JoinPlan, Split};
/// let plan = JoinPlan::for_shards(13, 2).unwrap();
/// let coarse = Split::join(&plan, 2, 1).unwrap();
/// let (fine, split) = Split::join_fine(&plan, &coarse, 4, 5, 1).unwrap();
/// let own = fine.memory_bytes(split.units(5), 1);
/// let group = plan.memory_bytes(coarse.units(1), 1);
/// assert_eq!(fine_shard_bytes(&plan, &coarse, (&fine, &split), 5, 1), own.max(group));
/// ```
#[must_use]
pub fn fine_shard_bytes(
    plan: &JoinPlan,
    coarse: &Split,
    (fine, split): (&JoinPlan, &Split),
    shard: usize,
    threads: usize,
) -> u64 {
    let m = (split.shards() / coarse.shards().max(1)).max(1);
    let own = fine.memory_bytes(split.units(shard), threads);
    own.max(plan.memory_bytes(coarse.units(shard / m), threads))
}

/// [`count_join_resumable`] once the split and memory are checked.
fn count_join_checked(
    plan: &JoinPlan,
    split: &Split,
    shard: usize,
    checkpoint: Option<&Path>,
    options: &CountOptions<'_>,
) -> Result<ShardCount, Error> {
    // A unit's record holds its solutions, weighted already.
    let run = Resumed::open(split, shard, checkpoint, |_| 1)?;
    let result = count_join_units(plan, &run.todo, options, &|u, c, took| {
        run.log.record(u as u64, c.solutions, c.halves, took)
    });
    let found = result.map(|f| (f.total, f.halves, f.peak_bytes));
    run.finish(plan.n(), split, shard, Engine::Halves, found)
}

/// Refuses shard `shard` of `split` if it would hold `need` bytes, more
/// than `budget`, on `threads` threads (0: all cores), naming the number of
/// shards that fits ([`shards_to_fit`]).
fn check_shard_memory(
    plan: &JoinPlan,
    split: &Split,
    shard: usize,
    need: u64,
    budget: u64,
    threads: usize,
) -> Result<(), Error> {
    let threads = threads_meant(threads);
    if need <= budget {
        return Ok(());
    }
    let mib = |b: u64| b.div_ceil(1 << 20);
    let k = split.shards();
    let what = if k == 1 {
        format!("N = {}", plan.n())
    } else {
        format!("shard {shard}/{k} of N = {}", plan.n())
    };
    // A fine split's plan is one group's: a finer one is not worked out.
    let whole = split.held().len() == k;
    let finer = if whole {
        shards_to_fit(plan, k.saturating_mul(2), budget, threads)
    } else {
        None
    };
    let fits = match finer {
        Some((k2, worst)) => format!(
            "cut into {k2} shards, each holds at most about {} MiB",
            mib(worst)
        ),
        None if !whole => "a split into more shards holds less a shard".to_string(),
        None => "no finer split fits, as every shard holds the plan's tables and one \
                 unit's cells and halves at least"
            .to_string(),
    };
    Err(Error::TooLarge {
        reason: format!(
            "the half-board join would hold about {} MiB for {what} on {threads} thread{} \
             ({} MiB of them the plan's tables, which every shard holds), more than the \
             memory budget of {} MiB; {fits}",
            mib(need),
            if threads == 1 { "" } else { "s" },
            mib(plan.plan_bytes()),
            budget >> 20
        ),
    })
}

/// The smallest number of shards, from `from` on and doubling, into which
/// the half-board join's rank sets of `plan` can be cut
/// ([`JoinPlan::cut_for_shards`]) so that every shard holds at most `budget`
/// bytes on `threads` threads, with what the largest of them holds; `None`
/// when finer splits stop helping first (no rank set can be cut into more
/// pieces, or the plan's tables for the more units outgrow what they save),
/// or none up to [`MAX_SHARDS`] fits.
///
/// ```
/// use hetman::queens::count::{shards_to_fit, JoinPlan, Split};
/// let plan = JoinPlan::new(14).unwrap();
/// let all: Vec<usize> = (0..plan.units()).collect();
/// let whole = plan.memory_bytes(&all, 1);
/// let (k, worst) = shards_to_fit(&plan, 2, whole - 1, 1).unwrap();
/// assert!(k >= 2 && worst < whole);
/// assert_eq!(shards_to_fit(&plan, 2, 1, 1), None);
/// ```
#[must_use]
pub fn shards_to_fit(
    plan: &JoinPlan,
    from: usize,
    budget: u64,
    threads: usize,
) -> Option<(usize, u64)> {
    let mut k = from.max(1);
    let (mut best, mut last_units, mut rises) = (u64::MAX, 0, 0);
    while k <= MAX_SHARDS {
        let cut = plan.cut_for_shards(k);
        let split = Split::join(&cut, k, threads).ok()?;
        let worst = cut.largest_shard_bytes(&split, threads);
        if worst <= budget {
            return Some((k, worst));
        }
        // Finer cuts stop when they no longer help: when no rank set can be
        // cut into more pieces, or when the plan's tables for more units
        // outgrow what the smaller units save (the largest shard above the
        // least seen for three doublings in a row: it is not monotonic, N =
        // 22 falls from 598 MiB to 193 through two rises).
        if cut.cut_for() > 1 {
            if cut.units() == last_units && worst >= best {
                return None;
            }
            rises = if worst > best { rises + 1 } else { 0 };
            if rises == 3 {
                return None;
            }
        }
        best = best.min(worst);
        last_units = cut.units();
        // The last try is at the most shards.
        if k == MAX_SHARDS {
            return None;
        }
        k = k.saturating_mul(2).min(MAX_SHARDS);
    }
    None
}
