//! Long counts that resume and split: checkpoints, shards and their merge.
//!
//! A [`Split`] deals a plan's units into K shards, balanced by estimated cost
//! with the longest-processing-time rule (largest unit first, to the least
//! loaded shard); it is deterministic, and its identity is a hash of N, K,
//! the engine version and the whole unit list. [`count_resumable`] counts one
//! shard (or everything, K = 1), recording each finished unit in a
//! [`Checkpoint`](crate::jobs::checkpoint::Checkpoint) when asked, and skipping the
//! units an earlier, interrupted run recorded. [`merge_shards`](super::merge_shards) adds the
//! shards' results after checking that every shard of one split is there
//! exactly once.
//!
//! # Example
//! ```
//! use hetman::queens::count::{count_resumable, merge_shards, CountOptions, Plan, ShardRecord, Split};
//! let plan = Plan::new(10).unwrap();
//! let split = Split::new(&plan, 3).unwrap();
//! let opts = CountOptions::default();
//! let records: Vec<ShardRecord> = (0..3)
//!     .map(|i| count_resumable(&plan, &split, i, None, &opts).unwrap().record(format!("shard{i}")))
//!     .collect();
//! let m = merge_shards(&records).unwrap();
//! assert_eq!((m.total, m.unique), (724, 92));
//! ```

use super::error::shard_error;
use super::merge::ShardRecord;
use super::split::{Split, MAX_SHARDS};
use super::symmetric::{symmetric_counts, unique_from, SymmetricCounts};
use super::{count_join_units, count_units, CountOptions, Engine, JoinPlan, Plan};
use crate::jobs::checkpoint::Checkpoint;
use crate::Error;
use std::path::Path;
use std::sync::Mutex;

/// What [`count_resumable`] found for one shard.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardCount {
    /// The board size.
    pub n: usize,
    /// The shard's number, from 0.
    pub shard: usize,
    /// The number of shards in the split.
    pub shards: usize,
    /// The split's identity ([`Split::id`]).
    pub split: String,
    /// The engine that counted.
    pub engine: Engine,
    /// Units in the shard.
    pub units: usize,
    /// Units in the whole split, over all its shards: a merge checks that
    /// the shards' units add up to it.
    pub split_units: usize,
    /// Units taken from the checkpoint rather than counted by this run.
    pub resumed: usize,
    /// Solutions in the shard's units, weighted by class size.
    pub solutions: u64,
    /// The work figure over the shard's units: search nodes
    /// (constellations) or west halves matched (the join).
    pub nodes: u64,
    /// CPU seconds spent on the shard's units, by this run and earlier ones.
    pub cpu_seconds: f64,
    /// The symmetric counts, computed by shard 0 only (they are needed once).
    pub symmetric: Option<SymmetricCounts>,
    /// Bytes of quarter cells and buffers this run held at once at most, by
    /// the half-board join's own accounting ([`HalvesCount::peak_bytes`](super::HalvesCount::peak_bytes));
    /// 0 for the constellation search.
    pub peak_bytes: u64,
}

impl ShardCount {
    /// The unique count, when the whole plan was counted in one shard.
    ///
    /// ```
    /// use hetman::queens::count::{count_resumable, CountOptions, Plan, Split};
    /// let plan = Plan::new(8).unwrap();
    /// let c = count_resumable(&plan, &Split::new(&plan, 1).unwrap(), 0, None, &CountOptions::default()).unwrap();
    /// assert_eq!((c.solutions, c.unique()), (92, Some(12)));
    /// ```
    #[must_use]
    pub fn unique(&self) -> Option<u64> {
        match (self.shards, self.symmetric) {
            (1, Some(s)) => Some(unique_from(
                self.n,
                self.solutions,
                s.half_turn,
                s.quarter_turn,
            )),
            _ => None,
        }
    }

    /// The record that [`merge_shards`](super::merge_shards) takes, labelled with where it came from
    /// (a file name) for messages.
    ///
    /// ```
    /// use hetman::queens::count::{count_resumable, CountOptions, Plan, Split};
    /// let plan = Plan::new(8).unwrap();
    /// let c = count_resumable(&plan, &Split::new(&plan, 2).unwrap(), 1, None, &CountOptions::default()).unwrap();
    /// assert_eq!(c.record("b.json").shard, 1);
    /// ```
    #[must_use]
    pub fn record(&self, source: impl Into<String>) -> ShardRecord {
        ShardRecord {
            source: source.into(),
            n: self.n,
            shard: self.shard,
            shards: self.shards,
            split: self.split.clone(),
            engine: self.engine.version().to_string(),
            units: self.units,
            split_units: Some(self.split_units),
            solutions: self.solutions,
            nodes: self.nodes,
            cpu_seconds: self.cpu_seconds,
            symmetric: self.symmetric,
        }
    }
}

/// Counts shard `shard` of `split` (all of the plan when the split has one
/// shard). With a checkpoint file, the units it records as finished are not
/// counted again, and each unit finished now is appended to it; a checkpoint
/// for another N, shard, split or engine version, or a damaged one, is
/// refused with [`Error::Checkpoint`]. On [`Error::Interrupted`] everything
/// finished is in the checkpoint, synced to disk.
///
/// ```
/// use hetman::queens::count::{count_resumable, CountOptions, Plan, Split};
/// let dir = std::env::temp_dir().join(format!("hetman-resume-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("11.ckpt");
/// let plan = Plan::new(11).unwrap();
/// let split = Split::new(&plan, 1).unwrap();
/// let opts = CountOptions::default();
/// let first = count_resumable(&plan, &split, 0, Some(&path), &opts).unwrap();
/// let again = count_resumable(&plan, &split, 0, Some(&path), &opts).unwrap();
/// assert_eq!((first.solutions, again.solutions), (2_680, 2_680));
/// assert_eq!(again.resumed, plan.units().len());
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn count_resumable(
    plan: &Plan,
    split: &Split,
    shard: usize,
    checkpoint: Option<&Path>,
    options: &CountOptions<'_>,
) -> Result<ShardCount, Error> {
    check_split(split, plan.n(), Engine::Constellations, shard)?;
    // A unit's record holds its completions; the count is weighted by class.
    let weight = |i: usize| u64::from(plan.units()[i].weight);
    let run = Resumed::open(split, shard, checkpoint, weight)?;
    let result = count_units(plan, &run.todo, options, &|unit, c, took| {
        run.log
            .record(u64::from(unit.index), c.solutions, c.nodes, took)
    });
    let found = result.map(|f| (f.solutions, f.nodes, 0));
    run.finish(plan.n(), split, shard, Engine::Constellations, found)
}

/// Checks that `split` is one of N by `engine` and has a shard `shard`.
fn check_split(split: &Split, n: usize, engine: Engine, shard: usize) -> Result<(), Error> {
    if split.n() != n {
        return Err(shard_error(format!(
            "the split is for N = {}, the plan for N = {n}",
            split.n()
        )));
    }
    if split.engine() != engine {
        return Err(shard_error(format!(
            "the split is of the {} engine's units, the plan of the {}'s",
            split.engine().version(),
            engine.version()
        )));
    }
    if shard >= split.shards() {
        return Err(shard_error(format!(
            "shard {shard} does not exist: a split into {k} shards has shards 0 to {}",
            split.shards() - 1,
            k = split.shards()
        )));
    }
    if !split.holds(shard) {
        let held = split.held();
        return Err(shard_error(format!(
            "this part of the split holds shards {} to {}, not {shard}",
            held.start,
            held.end - 1
        )));
    }
    Ok(())
}

/// A shard's run so far: the units an earlier run recorded in the
/// checkpoint, added up, and the units left to count.
struct Resumed {
    /// Units of the shard.
    units: usize,
    /// Units left to count.
    todo: Vec<usize>,
    /// Solutions, work and CPU microseconds of the recorded units.
    solutions: u64,
    work: u64,
    micros: u64,
    /// Where this run records the units it finishes.
    log: UnitLog,
}

impl Resumed {
    /// Reads the checkpoint at `path` (if any) for shard `shard` of
    /// `split`: every record must be a unit of the shard with three figures
    /// (solutions, work, microseconds); each unit's solutions count
    /// `weight(unit)` times.
    fn open(
        split: &Split,
        shard: usize,
        path: Option<&Path>,
        weight: impl Fn(usize) -> u64,
    ) -> Result<Resumed, Error> {
        let units = split.units(shard);
        let mut run = Resumed {
            units: units.len(),
            todo: units.to_vec(),
            solutions: 0,
            work: 0,
            micros: 0,
            log: UnitLog::new(None),
        };
        let Some(path) = path else {
            return Ok(run);
        };
        let c = Checkpoint::open(path, &split.header(shard))?;
        let damaged = |reason: String| Error::Checkpoint {
            path: path.display().to_string(),
            reason: format!("{reason}; delete it to start over"),
        };
        for (key, values) in c.records() {
            let i = usize::try_from(key).unwrap_or(usize::MAX);
            if units.binary_search(&i).is_err() {
                return Err(damaged(format!(
                    "records unit {key}, which is not in shard {shard}"
                )));
            }
            let &[s, work, us] = values else {
                return Err(damaged(format!(
                    "unit {key} has {} values, not 3",
                    values.len()
                )));
            };
            run.solutions = weight(i)
                .checked_mul(s)
                .and_then(|s| run.solutions.checked_add(s))
                .ok_or_else(|| damaged("its counts overflow 64 bits".to_string()))?;
            run.work = run.work.saturating_add(work);
            run.micros = run.micros.saturating_add(us);
        }
        run.todo.retain(|&i| c.get(i as u64).is_none());
        run.log = UnitLog::new(Some(Mutex::new(c)));
        Ok(run)
    }

    /// The shard's count: the recorded units and what this run `found`
    /// (solutions, work and peak bytes, or the error that stopped it,
    /// returned after the checkpoint is synced).
    fn finish(
        self,
        n: usize,
        split: &Split,
        shard: usize,
        engine: Engine,
        found: Result<(u64, u64, u64), Error>,
    ) -> Result<ShardCount, Error> {
        let spent = self.log.finish()?;
        let (solutions, work, peak_bytes) = found?;
        Ok(ShardCount {
            n,
            shard,
            shards: split.shards(),
            split: split.id().to_string(),
            engine,
            units: self.units,
            split_units: split.total_units(),
            resumed: self.units - self.todo.len(),
            solutions: self.solutions + solutions,
            nodes: self.work.saturating_add(work),
            cpu_seconds: self.micros.saturating_add(spent) as f64 / 1e6,
            symmetric: (shard == 0).then(|| symmetric_counts(n)),
            peak_bytes,
        })
    }
}

/// The finished units of a resumable count: each recorded in the checkpoint
/// (when there is one) with its two figures and its CPU time, and the time
/// added up.
struct UnitLog {
    checkpoint: Option<Mutex<Checkpoint>>,
    micros: Mutex<u64>,
}

impl UnitLog {
    fn new(checkpoint: Option<Mutex<Checkpoint>>) -> UnitLog {
        UnitLog {
            checkpoint,
            micros: Mutex::new(0),
        }
    }

    fn record(
        &self,
        key: u64,
        solutions: u64,
        work: u64,
        took: std::time::Duration,
    ) -> Result<(), Error> {
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        *self
            .micros
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) += us;
        match &self.checkpoint {
            Some(m) => m
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .record(key, &[solutions, work, us]),
            None => Ok(()),
        }
    }

    /// Syncs the checkpoint (also after an error or a stop) and returns the
    /// microseconds the units took.
    fn finish(self) -> Result<u64, Error> {
        if let Some(m) = self.checkpoint {
            m.into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .sync()?;
        }
        Ok(self
            .micros
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner))
    }
}

/// Counts shard `shard` of a split of the half-board join's units, like
/// [`count_resumable`] for the constellation search: with a checkpoint file,
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
        let need = plan.memory_bytes(split.units(shard), all_threads(options.threads));
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
    let threads = all_threads(options.threads);
    let (fine, split) = Split::join_fine(plan, coarse, m, shard, threads)?;
    check_split(&split, plan.n(), Engine::Halves, shard)?;
    if let Some(budget) = options.max_memory {
        let need = fine_shard_bytes(plan, coarse, (&fine, &split), shard, threads);
        check_shard_memory(&fine, &split, shard, need, budget, options.threads)?;
    }
    count_join_checked(&fine, &split, shard, checkpoint, options)
}

/// The bytes shard `shard` of a fine split holds at most on `threads`
/// threads: `fine`, its plan and split ([`Split::join_fine`] of `plan` and
/// `coarse`), bound its own units' cells and halves, and the coarse plan
/// and split are held beside them while it counts. Both are covered by the
/// bound of the coarse shard it is cut from, which holds every unit of its
/// group (N = 28, shard 1 of 16,000,000: 3.56 GiB resident, its own units'
/// bound 2.69 GiB, its coarse shard's about 4 GiB); the larger of the two.
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

/// Threads meant by `threads` (0: all cores).
fn all_threads(threads: usize) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        t => t,
    }
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
    let threads = all_threads(threads);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::count::merge_shards;

    fn all_shards(n: usize, k: usize) -> Vec<ShardRecord> {
        let plan = Plan::new(n).unwrap();
        let split = Split::new(&plan, k).unwrap();
        let opts = CountOptions {
            threads: 1,
            ..Default::default()
        };
        (0..k)
            .map(|i| {
                count_resumable(&plan, &split, i, None, &opts)
                    .unwrap()
                    .record(format!("s{i}.json"))
            })
            .collect()
    }

    #[test]
    fn shards_sum_to_the_total_for_several_k() {
        let known = [(10, 724, 92), (12, 14_200, 1_787), (13, 73_712, 9_233)];
        for (n, total, unique) in known {
            for k in [1, 2, 3, 7, 16] {
                let m = merge_shards(&all_shards(n, k)).unwrap();
                assert_eq!(
                    (m.n, m.total, m.unique),
                    (n, total, unique),
                    "N = {n}, K = {k}"
                );
            }
        }
    }

    #[test]
    fn edited_counts_that_break_the_class_sizes_are_refused() {
        let good = all_shards(12, 3);
        for delta in [1u64, 2, 4, 7] {
            let mut r = good.clone();
            r[1].solutions += delta;
            let e = merge_shards(&r).unwrap_err().to_string();
            assert!(e.contains("classes of 8, 4 and 2"), "{e}");
        }
        for (half, quarter) in [(u64::MAX, 0), (8, u64::MAX), (2, 0), (0, 2)] {
            let mut r = good.clone();
            let zero = r.iter_mut().find(|r| r.shard == 0).unwrap();
            zero.symmetric = Some(SymmetricCounts {
                half_turn: half,
                quarter_turn: quarter,
            });
            assert!(merge_shards(&r).is_err(), "{half} {quarter}");
        }
        assert_eq!(merge_shards(&good).unwrap().unique, 1_787);
    }

    #[test]
    fn shards_whose_units_do_not_add_up_to_the_split_are_refused() {
        let good = all_shards(12, 3);
        let mut r = good.clone();
        r[2].units += 1;
        let e = merge_shards(&r).unwrap_err().to_string();
        assert!(e.contains("a unit is missing or counted twice"), "{e}");
        let mut r = good.clone();
        r[0].split_units = r[0].split_units.map(|u| u + 1);
        let e = merge_shards(&r).unwrap_err().to_string();
        assert!(e.contains("disagree on the number of units"), "{e}");
        // Records from before the field merge as they did.
        let old: Vec<ShardRecord> = good
            .iter()
            .map(|r| ShardRecord {
                split_units: None,
                ..r.clone()
            })
            .collect();
        assert_eq!(merge_shards(&old).unwrap().total, 14_200);
    }

    #[test]
    fn split_is_balanced_by_cost_and_covers_every_unit_once() {
        let plan = Plan::new(16).unwrap();
        for k in [2, 5, 16] {
            let split = Split::new(&plan, k).unwrap();
            let mut all: Vec<usize> = (0..k).flat_map(|i| split.units(i).to_vec()).collect();
            all.sort_unstable();
            assert_eq!(all, (0..plan.units().len()).collect::<Vec<_>>());
            let costs: Vec<u64> = (0..k).map(|i| split.cost(i)).collect();
            let (lo, hi) = (costs.iter().min().unwrap(), costs.iter().max().unwrap());
            let largest = plan.units().iter().map(|u| u.cost).max().unwrap();
            // LPT: no shard exceeds the lightest by more than one unit's cost.
            assert!(hi - lo <= largest, "K = {k}: {costs:?}");
        }
    }

    #[test]
    fn merge_names_missing_duplicated_and_mismatched_shards() {
        let r = all_shards(9, 5);
        let other = all_shards(10, 5);
        let mut set = vec![r[0].clone(), r[1].clone(), r[1].clone(), r[4].clone()];
        let mut stranger = other[3].clone();
        stranger.source = "other.json".to_string();
        set.push(stranger);
        let e = merge_shards(&set).unwrap_err().to_string();
        assert!(
            e.starts_with("cannot merge 5 shard results: missing shards 2, 3;"),
            "{e}"
        );
        assert!(
            e.contains("shard 1 is given twice (s1.json, s1.json)"),
            "{e}"
        );
        assert!(
            e.contains("shard 3 (other.json) is from another split (N = 10, 5 shards"),
            "{e}"
        );
        // Same N, another K: also another split.
        let mut set = all_shards(9, 2);
        set.push(all_shards(9, 3)[2].clone());
        let e = merge_shards(&set).unwrap_err().to_string();
        assert!(
            e.contains("shard 2 (s2.json) is from another split (N = 9, 3 shards"),
            "{e}"
        );
        // A forged shard number beyond K.
        let mut set = all_shards(9, 2);
        set[1].shard = 7;
        let e = merge_shards(&set).unwrap_err().to_string();
        assert!(e.contains("missing shard 1;"), "{e}");
        assert!(
            e.contains("shard 7 (s1.json) is out of range for 2 shards"),
            "{e}"
        );
        assert!(merge_shards(&[]).is_err());
    }

    #[test]
    fn checkpoint_from_another_shard_or_n_is_refused() {
        let dir = std::env::temp_dir().join(format!("hetman-shard-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.ckpt");
        let _ = std::fs::remove_file(&path);
        let opts = CountOptions::default();
        let plan = Plan::new(10).unwrap();
        let split = Split::new(&plan, 2).unwrap();
        count_resumable(&plan, &split, 0, Some(&path), &opts).unwrap();
        let e = count_resumable(&plan, &split, 1, Some(&path), &opts)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("it is for shard=0/2, this run has shard=1/2"),
            "{e}"
        );
        let plan11 = Plan::new(11).unwrap();
        let split11 = Split::new(&plan11, 2).unwrap();
        let e = count_resumable(&plan11, &split11, 0, Some(&path), &opts)
            .unwrap_err()
            .to_string();
        assert!(e.contains("it is for n=10, this run has n=11"), "{e}");
        let again = count_resumable(&plan, &split, 0, Some(&path), &opts).unwrap();
        assert_eq!(again.resumed, again.units);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
