//! The half-board join: the default engine of `hetman queens count` for N
//! from 8 to [`HALVES_MAX_N`].
//!
//! Cut the board between its two middle files (for odd N the middle file
//! holds one queen, placed first at each rank in turn). Every solution splits
//! into a *west half*, one queen on each west file in some set S of ranks,
//! and an *east half* with the other ranks. Ranks and files cannot clash
//! across the cut, so the two halves of a solution meet only on the
//! diagonals that cross it: 2(N − 1) of them, or 2(N − 2) beside a middle
//! file. With each half reduced to the set of crossing diagonals it uses,
//!
//! ```text
//! solutions = Σ over rank sets S of #{(w, e) : w ∈ West(S), e ∈ East(not S), w ∩ e = ∅}
//! ```
//!
//! and no solution is ever listed. An east half is a mirrored west half, so
//! only west halves are made: each from a north and a south quarter of the
//! west half, listed once in advance by the ranks and files they hold
//! ([`Quarters`]). The mirror (S and not S give the same count) and the
//! upside-down flip (S and S reversed) leave each rank set's count alone, so
//! one set in four is counted and weighted ([`Job`]).
//!
//! The pairs are counted by a bit-sliced matcher ([`Matcher`]): the east
//! halves are stored by diagonal, one bit per half, 512 halves to a block, so
//! one 64-bit AND tests a west half against 64 east halves at once. Before
//! that a [`Sieve`] drops the diagonals one side never uses and splits both
//! sides by a few of the busiest diagonals, so that the pairs those
//! diagonals already rule out are never looked at.
//!
//! This is the method of Evgeny Kluev's quadrant counter, written afresh.

use super::CountOptions;
use crate::Error;
use std::fmt::Write as _;
use std::sync::{Mutex, OnceLock, PoisonError};

/// The largest N the half-board join takes. Its quarter tables grow about
/// fivefold per step of N; above this, the constellation search is used.
pub const HALVES_MAX_N: usize = 23;

/// The smallest N it takes: below this the constellation search is instant.
pub const HALVES_MIN_N: usize = 8;

fn low(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1u64 << k) - 1
    }
}

mod cost;
mod jobs;
mod matcher;
mod run;
mod sample;
mod tables;

use jobs::{jobs, Job};
pub use run::{count_join_units, JoinUnitCount};
pub use sample::{estimate_join, JoinEstimate};
pub(super) use tables::placements;
use tables::Placements;

/// Units the rank sets are batched into, about: few enough that recording
/// each in a checkpoint costs nothing measurable, many enough that threads
/// and shards share them out evenly.
const TARGET_UNITS: usize = 4096;

/// Rank sets per unit at least: the join's worker took 16 at a time before it
/// had units (fewer made two threads about 3% slower at N = 17).
const MIN_UNIT_JOBS: usize = 16;

/// What one count by the half-board join found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HalvesCount {
    /// All solutions (of the units counted).
    pub total: u64,
    /// Rank sets counted.
    pub jobs: usize,
    /// West halves matched against east halves, over all units.
    pub halves: u64,
}

/// The work units of the half-board join for one N: the rank sets to count
/// (one per symmetry class, grouped by the middle queen's rank),
/// batched into about 4,096 units of consecutive rank sets of one group.
/// Units are what checkpoints record and shards share out; they are fixed by
/// N and the program version alone.
///
/// The plan also keeps the quarter placements once they are listed (by
/// [`JoinPlan::costs`]), so that a count after it does not list them again.
///
/// ```
/// use hetman::queens::count::{count_join_units, CountOptions, JoinPlan};
/// let plan = JoinPlan::new(12).unwrap();
/// let all: Vec<usize> = (0..plan.units()).collect();
/// let c = count_join_units(&plan, &all, &CountOptions::default(), &|_, _, _| Ok(())).unwrap();
/// assert_eq!(c.total, 14_200);
/// ```
pub struct JoinPlan {
    n: usize,
    jobs: Vec<Job>,
    /// Unit `u` is `jobs[starts[u]..starts[u + 1]]`.
    starts: Vec<usize>,
    /// The quarter placements, when listed ahead of the count.
    placements: Mutex<Option<Placements>>,
    /// The units' estimated costs, once worked out.
    costs: OnceLock<Vec<u64>>,
}

impl std::fmt::Debug for JoinPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JoinPlan")
            .field("n", &self.n)
            .field("rank_sets", &self.jobs.len())
            .field("units", &self.units())
            .finish_non_exhaustive()
    }
}

impl JoinPlan {
    /// The units for N queens, N from [`HALVES_MIN_N`] to [`HALVES_MAX_N`].
    ///
    /// ```
    /// use hetman::queens::count::JoinPlan;
    /// assert!(JoinPlan::new(16).unwrap().units() > 100);
    /// assert!(JoinPlan::new(7).is_err());
    /// ```
    pub fn new(n: usize) -> Result<JoinPlan, Error> {
        if !(HALVES_MIN_N..=HALVES_MAX_N).contains(&n) {
            return Err(Error::Size {
                value: n.to_string(),
                reason: format!(
                    "the half-board join takes N from {HALVES_MIN_N} to {HALVES_MAX_N}"
                ),
            });
        }
        let jobs = jobs(n);
        let per_unit = (jobs.len() / TARGET_UNITS).max(MIN_UNIT_JOBS);
        let mut starts = vec![0];
        let mut at = 0;
        while at < jobs.len() {
            let middle = jobs[at].middle;
            let group_end = at + jobs[at..].iter().take_while(|j| j.middle == middle).count();
            while at < group_end {
                at = (at + per_unit).min(group_end);
                starts.push(at);
            }
        }
        Ok(JoinPlan {
            n,
            jobs,
            starts,
            placements: Mutex::new(None),
            costs: OnceLock::new(),
        })
    }

    /// The board size.
    ///
    /// ```
    /// assert_eq!(hetman::queens::count::JoinPlan::new(9).unwrap().n(), 9);
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number of units.
    ///
    /// ```
    /// use hetman::queens::count::JoinPlan;
    /// let plan = JoinPlan::new(10).unwrap();
    /// let sets: usize = (0..plan.units()).map(|u| plan.rank_sets_of(u)).sum();
    /// assert_eq!(sets, plan.rank_sets());
    /// ```
    #[must_use]
    pub fn units(&self) -> usize {
        self.starts.len() - 1
    }

    /// The number of rank sets, over all units.
    ///
    /// ```
    /// assert!(hetman::queens::count::JoinPlan::new(10).unwrap().rank_sets() > 10);
    /// ```
    #[must_use]
    pub fn rank_sets(&self) -> usize {
        self.jobs.len()
    }

    /// The number of rank sets in unit `u`.
    ///
    /// ```
    /// assert!(hetman::queens::count::JoinPlan::new(10).unwrap().rank_sets_of(0) >= 1);
    /// ```
    #[must_use]
    pub fn rank_sets_of(&self, u: usize) -> usize {
        self.starts[u + 1] - self.starts[u]
    }

    fn unit(&self, u: usize) -> &[Job] {
        &self.jobs[self.starts[u]..self.starts[u + 1]]
    }

    /// The units, written out one per line (middle rank, first rank set,
    /// rank sets): what a split's identity is a hash of.
    ///
    /// ```
    /// use hetman::queens::count::JoinPlan;
    /// assert_ne!(JoinPlan::new(9).unwrap().describe(), JoinPlan::new(10).unwrap().describe());
    /// ```
    #[must_use]
    pub fn describe(&self) -> String {
        let mut text = format!("hetman-join n={} units={}\n", self.n, self.units());
        for u in 0..self.units() {
            let jobs = self.unit(u);
            let _ = writeln!(
                text,
                "{} {:x} {}",
                jobs[0].middle.map_or(-1, |m| m as i64),
                jobs[0].ranks,
                jobs.len()
            );
        }
        text
    }

    /// The estimated cost of each unit, in arbitrary units proportional to
    /// time, from the sizes of the west and east halves of its rank sets.
    /// The first call lists the quarter placements (on `threads` threads) and
    /// keeps them for the count.
    ///
    /// ```
    /// use hetman::queens::count::JoinPlan;
    /// let plan = JoinPlan::new(12).unwrap();
    /// let costs = plan.costs(1);
    /// assert_eq!(costs.len(), plan.units());
    /// assert!(costs.iter().all(|&c| c > 0));
    /// ```
    pub fn costs(&self, threads: usize) -> &[u64] {
        self.costs.get_or_init(|| {
            let mut slot = self
                .placements
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let p = slot.get_or_insert_with(|| Placements::new(self.n, threads.max(1)));
            let costs = cost::job_costs(p, &self.jobs);
            (0..self.units())
                .map(|u| costs[self.starts[u]..self.starts[u + 1]].iter().sum())
                .collect()
        })
    }

    /// The units' estimated costs if [`JoinPlan::costs`] has worked them out.
    fn known_costs(&self) -> Option<&[u64]> {
        self.costs.get().map(Vec::as_slice)
    }

    /// The placements listed ahead, if any, handed over to a count.
    fn take_placements(&self) -> Option<Placements> {
        self.placements
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

/// Counts all solutions of N queens (N from [`HALVES_MIN_N`] to
/// [`HALVES_MAX_N`]) by the half-board join, on `options.threads` threads.
///
/// ```
/// use hetman::queens::count::{count_halves, CountOptions};
/// let c = count_halves(10, &CountOptions::default()).unwrap();
/// assert_eq!(c.total, 724);
/// ```
pub fn count_halves(n: usize, options: &CountOptions<'_>) -> Result<HalvesCount, Error> {
    let plan = JoinPlan::new(n)?;
    let all: Vec<usize> = (0..plan.units()).collect();
    count_join_units(&plan, &all, options, &|_, _, _| Ok(()))
}
