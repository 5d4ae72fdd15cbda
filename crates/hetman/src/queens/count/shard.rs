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
use super::split::Split;
use super::symmetric::{symmetric_counts, unique_from, SymmetricCounts};
use super::{count_units, CountOptions, Engine, Plan};
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
pub(super) fn check_split(
    split: &Split,
    n: usize,
    engine: Engine,
    shard: usize,
) -> Result<(), Error> {
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
pub(super) struct Resumed {
    /// Units of the shard.
    units: usize,
    /// Units left to count.
    pub(super) todo: Vec<usize>,
    /// Solutions, work and CPU microseconds of the recorded units.
    solutions: u64,
    work: u64,
    micros: u64,
    /// Where this run records the units it finishes.
    pub(super) log: UnitLog,
}

impl Resumed {
    /// Reads the checkpoint at `path` (if any) for shard `shard` of
    /// `split`: every record must be a unit of the shard with three figures
    /// (solutions, work, microseconds); each unit's solutions count
    /// `weight(unit)` times.
    pub(super) fn open(
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
    pub(super) fn finish(
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
pub(super) struct UnitLog {
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

    pub(super) fn record(
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
