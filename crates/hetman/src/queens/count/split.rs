//! A deterministic split of a count's units into K shards of about equal
//! estimated cost, and the engine versions that splits, checkpoints and
//! shard records are tied to.

use super::error::shard_error;
use super::{Engine, JoinPlan, Plan, UNITS_PER_SHARD};
use crate::Error;
use std::cmp::Reverse;
use std::fmt::Write as _;

/// The constellation engine and program version that its splits and
/// checkpoints are tied to: a checkpoint or shard from another engine or
/// version is refused.
const ENGINE_VERSION: &str = concat!("fast-1/", env!("CARGO_PKG_VERSION"));

/// The same for the half-board join ([`JoinPlan`]).
const JOIN_VERSION: &str = concat!("join-2/", env!("CARGO_PKG_VERSION"));

/// How a fine split's groups are cut again ([`Split::join_fine`]): part of
/// its identity, to be changed with [`JoinPlan::refine`].
const FINE_CUT: &str = "refine-1";

/// The most shards the join's units are dealt into at once ([`Split::join`]):
/// above it a split cuts each of its shards again ([`Split::sizes`]), and
/// [`shards_to_fit`](super::shards_to_fit) looks no further.
pub const MAX_SHARDS: usize = 1_000_000;

/// Shards each shard of a split is cut into at most ([`Split::sizes`]).
pub const MAX_FINE: usize = 64;

impl Engine {
    /// The engine and program version its splits, checkpoints and shard
    /// records carry.
    ///
    /// ```
    /// use hetman::queens::count::Engine;
    /// assert!(Engine::Halves.version().starts_with("join-2/"));
    /// assert!(Engine::Constellations.version().starts_with("fast-1/"));
    /// ```
    #[must_use]
    pub const fn version(self) -> &'static str {
        match self {
            Engine::Halves => JOIN_VERSION,
            Engine::Constellations => ENGINE_VERSION,
        }
    }
}

/// A deterministic split of a plan's units into K shards of about equal
/// estimated cost.
///
/// # Example
/// ```
/// use hetman::queens::count::{Plan, Split};
/// let plan = Plan::new(12).unwrap();
/// let split = Split::new(&plan, 4).unwrap();
/// let units: usize = (0..4).map(|i| split.units(i).len()).sum();
/// assert_eq!(units, plan.units().len());
/// assert_eq!(split.id(), Split::new(&plan, 4).unwrap().id());
/// assert_ne!(split.id(), Split::new(&plan, 5).unwrap().id());
/// ```
#[derive(Clone, Debug)]
pub struct Split {
    n: usize,
    engine: Engine,
    id: String,
    /// The units of the shards held: all of them, or one group of a fine
    /// split ([`Split::join_fine`]) from shard `first` on.
    shards: Vec<Vec<usize>>,
    costs: Vec<u64>,
    first: usize,
    /// The number of shards, K.
    k: usize,
    /// Units over all K shards.
    total_units: usize,
}

impl Split {
    /// Deals the plan's units into `k` shards: largest estimated cost first,
    /// each to the shard with the least cost so far (the lowest number on a
    /// tie). `k` must be at least 1.
    ///
    /// ```
    /// use hetman::queens::count::{Plan, Split};
    /// assert!(Split::new(&Plan::new(8).unwrap(), 0).is_err());
    /// ```
    pub fn new(plan: &Plan, k: usize) -> Result<Split, Error> {
        if k == 0 {
            return Err(shard_error(
                "the number of shards must be at least 1".to_string(),
            ));
        }
        let units = plan.units();
        let unit_costs: Vec<u64> = units.iter().map(|u| u.cost).collect();
        let (shards, costs) = deal(&unit_costs, k);
        let total_units = units.len();
        let mut text = format!(
            "hetman-split n={} k={k} engine={ENGINE_VERSION}\n",
            plan.n()
        );
        for u in units {
            let (b, s) = (u.border, u.searched);
            let _ = writeln!(
                text,
                "{} {} {} {} {} {} {} {} {} {} {}",
                u.index,
                b.first_file,
                b.last_file,
                b.first_rank,
                b.last_rank,
                s.first_file,
                s.last_file,
                s.first_rank,
                s.last_rank,
                u.weight,
                u.cost
            );
        }
        Ok(Split {
            n: plan.n(),
            engine: Engine::Constellations,
            id: crate::jobs::short_hash(text.as_bytes()),
            shards,
            costs,
            first: 0,
            k,
            total_units,
        })
    }

    /// Deals the half-board join's units into `k` shards like [`Split::new`],
    /// by their estimated costs ([`JoinPlan::costs`], worked out on
    /// `threads` threads when `k` is over 1). The identity is a hash of N,
    /// K, the engine version and the unit list.
    ///
    /// ```
    /// use hetman::queens::count::{Engine, JoinPlan, Split};
    /// let plan = JoinPlan::new(12).unwrap();
    /// let split = Split::join(&plan, 3, 1).unwrap();
    /// assert_eq!(split.engine(), Engine::Halves);
    /// assert_eq!((0..3).map(|i| split.units(i).len()).sum::<usize>(), plan.units());
    /// assert_ne!(split.id(), Split::join(&plan, 2, 1).unwrap().id());
    /// assert!(Split::join(&plan, 0, 1).is_err());
    /// ```
    pub fn join(plan: &JoinPlan, k: usize, threads: usize) -> Result<Split, Error> {
        if k == 0 {
            return Err(shard_error(
                "the number of shards must be at least 1".to_string(),
            ));
        }
        let units = plan.units();
        let (shards, costs) = if k == 1 && plan.cut_for() == 1 {
            let cost = (0..units).map(|u| plan.rank_sets_of(u) as u64).sum();
            (vec![(0..units).collect()], vec![cost])
        } else {
            deal(plan.costs(threads), k)
        };
        // Hashed as it is written: a fine split's list is hundreds of MB.
        let mut text = crate::jobs::TextHash::new();
        let _ = writeln!(
            text,
            "hetman-split n={} k={k} engine={JOIN_VERSION}",
            plan.n()
        );
        plan.describe_to(&mut text);
        Ok(Split {
            n: plan.n(),
            engine: Engine::Halves,
            id: text.finish(),
            shards,
            costs,
            first: 0,
            k,
            total_units: units,
        })
    }

    /// How a split into `k` shards is made: `(k0, m)`, `k0` shards of the
    /// plan's units ([`Split::join`]) each cut into `m` ([`Split::join_fine`]);
    /// `(k, 1)` up to [`MAX_SHARDS`], and above it the fewest `m` that bring
    /// `k0` within it, which `k` must be a multiple of. At most
    /// [`MAX_SHARDS`] × [`MAX_FINE`] shards.
    ///
    /// ```
    /// use hetman::queens::count::{Split, MAX_SHARDS};
    /// assert_eq!(Split::sizes(1_000).unwrap(), (1_000, 1));
    /// assert_eq!(Split::sizes(16 * MAX_SHARDS).unwrap(), (MAX_SHARDS, 16));
    /// assert_eq!(Split::sizes(1_500_000).unwrap(), (750_000, 2));
    /// assert!(Split::sizes(MAX_SHARDS + 1).is_err());
    /// assert!(Split::sizes(0).is_err());
    /// ```
    pub fn sizes(k: usize) -> Result<(usize, usize), Error> {
        if k == 0 {
            return Err(shard_error(
                "the number of shards must be at least 1".to_string(),
            ));
        }
        if k <= MAX_SHARDS {
            return Ok((k, 1));
        }
        let most = MAX_SHARDS * MAX_FINE;
        if k > most {
            return Err(shard_error(format!(
                "{k} shards are more than the {most} a split takes"
            )));
        }
        let m = k.div_ceil(MAX_SHARDS);
        if !k.is_multiple_of(m) {
            return Err(shard_error(format!(
                "a split into more than {MAX_SHARDS} shards cuts each of K / m shards into m, \
                 the fewest m that bring K / m within {MAX_SHARDS}: for K = {k}, m = {m}, and \
                 K must be a multiple of it (e.g. {} or {})",
                k / m * m,
                (k / m + 1) * m
            )));
        }
        Ok((k / m, m))
    }

    /// Shard `shard` of a split into `coarse.shards() × m` shards
    /// ([`Split::sizes`]): the units of shard `shard / m` of `coarse` (a
    /// split of `plan`'s units, [`Split::join`]) cut again into about
    /// [`UNITS_PER_SHARD`] × `m` units ([`JoinPlan::refine`]), dealt into `m`
    /// as [`Split::join`] deals. Returned as the plan of those units and a
    /// split that holds the `m` shards of that group (shards `shard / m × m`
    /// on); its identity is the same for every shard of the split (a hash of
    /// the coarse split's, `m` and how the units are cut again), and it
    /// knows the units over all the split's shards, which a merge checks
    /// (every group cut again to count them, on `threads` threads).
    ///
    /// ```
    /// use hetman::queens::count::{count_join_resumable, merge_shards, CountOptions, JoinPlan, Split};
    /// let plan = JoinPlan::for_shards(12, 3).unwrap();
    /// let coarse = Split::join(&plan, 3, 1).unwrap();
    /// let records: Vec<_> = (0..12)
    ///     .map(|i| {
    ///         let (fine, split) = Split::join_fine(&plan, &coarse, 4, i, 1).unwrap();
    ///         assert_eq!(split.shards(), 12);
    ///         let c = count_join_resumable(&fine, &split, i, None, &CountOptions::default()).unwrap();
    ///         c.record(format!("shard {i}"))
    ///     })
    ///     .collect();
    /// assert_eq!(merge_shards(&records).unwrap().total, 14_200);
    /// ```
    pub fn join_fine(
        plan: &JoinPlan,
        coarse: &Split,
        m: usize,
        shard: usize,
        threads: usize,
    ) -> Result<(JoinPlan, Split), Error> {
        if coarse.engine != Engine::Halves || coarse.first != 0 || coarse.shards.len() != coarse.k {
            return Err(shard_error(
                "a fine split is cut from a whole split of the half-board join".to_string(),
            ));
        }
        if m == 0 {
            return Err(shard_error(
                "the shards are cut into at least 1".to_string(),
            ));
        }
        let k = coarse.k.saturating_mul(m);
        if shard >= k {
            return Err(shard_error(format!(
                "shard {shard} does not exist: a split into {k} shards has shards 0 to {}",
                k - 1
            )));
        }
        let group = shard / m;
        let parts = m.saturating_mul(UNITS_PER_SHARD);
        let fine = plan.refine(coarse.units(group), parts);
        let (shards, costs) = deal(fine.costs(1), m);
        let groups: Vec<&[usize]> = coarse.shards.iter().map(Vec::as_slice).collect();
        let total_units = plan.refined_units(&groups, parts, threads);
        let mut text = crate::jobs::TextHash::new();
        let _ = writeln!(
            text,
            "hetman-split-fine n={} k={k} m={m} cut={FINE_CUT} engine={JOIN_VERSION} coarse={}",
            plan.n(),
            coarse.id
        );
        Ok((
            fine,
            Split {
                n: plan.n(),
                engine: Engine::Halves,
                id: text.finish(),
                shards,
                costs,
                first: group * m,
                k,
                total_units,
            },
        ))
    }

    /// Whether it holds shard `i`'s units: every shard, or a fine split's
    /// group ([`Split::join_fine`]).
    ///
    /// ```
    /// use hetman::queens::count::{JoinPlan, Split};
    /// let plan = JoinPlan::for_shards(12, 2).unwrap();
    /// let coarse = Split::join(&plan, 2, 1).unwrap();
    /// assert!(coarse.holds(1));
    /// let (_, fine) = Split::join_fine(&plan, &coarse, 3, 4, 1).unwrap();
    /// assert!(fine.holds(3) && fine.holds(5) && !fine.holds(2) && !fine.holds(6));
    /// ```
    #[must_use]
    pub fn holds(&self, i: usize) -> bool {
        (self.first..self.first + self.shards.len()).contains(&i)
    }

    /// The shards it holds ([`Split::holds`]).
    #[must_use]
    pub fn held(&self) -> std::ops::Range<usize> {
        self.first..self.first + self.shards.len()
    }

    /// The engine whose units it splits.
    ///
    /// ```
    /// use hetman::queens::count::{Engine, Plan, Split};
    /// assert_eq!(Split::new(&Plan::new(9).unwrap(), 2).unwrap().engine(), Engine::Constellations);
    /// ```
    #[must_use]
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The board size.
    ///
    /// ```
    /// use hetman::queens::count::{Plan, Split};
    /// assert_eq!(Split::new(&Plan::new(9).unwrap(), 2).unwrap().n(), 9);
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// The split's identity: 16 hex digits of a hash of N, K, the engine
    /// version and the unit list.
    ///
    /// ```
    /// use hetman::queens::count::{Plan, Split};
    /// assert_eq!(Split::new(&Plan::new(9).unwrap(), 2).unwrap().id().len(), 16);
    /// ```
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The number of shards, K.
    ///
    /// ```
    /// use hetman::queens::count::{Plan, Split};
    /// assert_eq!(Split::new(&Plan::new(9).unwrap(), 2).unwrap().shards(), 2);
    /// ```
    #[must_use]
    pub fn shards(&self) -> usize {
        self.k
    }

    /// The units of shard `i` (indices into [`Plan::units`], ascending; of a
    /// fine split, into its group's plan). Panics if it does not hold shard
    /// `i` ([`Split::holds`]).
    ///
    /// ```
    /// use hetman::queens::count::{Plan, Split};
    /// let plan = Plan::new(9).unwrap();
    /// assert_eq!(Split::new(&plan, 1).unwrap().units(0).len(), plan.units().len());
    /// ```
    #[must_use]
    pub fn units(&self, i: usize) -> &[usize] {
        &self.shards[i - self.first]
    }

    /// The number of units over all shards.
    ///
    /// ```
    /// use hetman::queens::count::{Plan, Split};
    /// let plan = Plan::new(9).unwrap();
    /// assert_eq!(Split::new(&plan, 4).unwrap().total_units(), plan.units().len());
    /// ```
    #[must_use]
    pub fn total_units(&self) -> usize {
        self.total_units
    }

    /// The estimated cost of shard `i`, in the units of [`super::Unit::cost`]
    /// or [`JoinPlan::costs`].
    ///
    /// ```
    /// use hetman::queens::count::{Plan, Split};
    /// let plan = Plan::new(11).unwrap();
    /// let split = Split::new(&plan, 3).unwrap();
    /// assert_eq!((0..3).map(|i| split.cost(i)).sum::<u64>(), plan.total_cost());
    /// ```
    #[must_use]
    pub fn cost(&self, i: usize) -> u64 {
        self.costs[i - self.first]
    }

    /// The checkpoint header for shard `i` of this split: a checkpoint written
    /// for another N, shard, split or engine version does not match it.
    ///
    /// ```
    /// use hetman::queens::count::{Plan, Split};
    /// let split = Split::new(&Plan::new(9).unwrap(), 2).unwrap();
    /// assert!(split.header(1).contains("n=9 shard=1/2"));
    /// ```
    #[must_use]
    pub fn header(&self, i: usize) -> String {
        // The join's header names its engine first, so that a checkpoint of
        // the other engine is refused for that reason (the constellation
        // search's header is as it was before the join had checkpoints).
        match self.engine {
            Engine::Halves => format!(
                "hetman-queens-count engine={JOIN_VERSION} n={} shard={i}/{} split={}",
                self.n,
                self.shards(),
                self.id
            ),
            Engine::Constellations => format!(
                "hetman-queens-count n={} shard={i}/{} split={} engine={ENGINE_VERSION}",
                self.n,
                self.shards(),
                self.id
            ),
        }
    }
}

/// Deals units of the given costs into `k` shards: largest first, each to
/// the shard with the least cost so far (the lowest number on a tie).
fn deal(costs: &[u64], k: usize) -> (Vec<Vec<usize>>, Vec<u64>) {
    // Largest first, the lowest number first on a tie (the keys are
    // distinct, so an unstable sort of them orders as a stable one would).
    let mut order: Vec<(Reverse<u64>, usize)> = costs
        .iter()
        .enumerate()
        .map(|(i, &c)| (Reverse(c), i))
        .collect();
    order.sort_unstable();
    let mut shards = vec![Vec::new(); k];
    // Each shard's load and number as one key, (load, number) in order, in
    // a heap of eight children a node: N = 27 deals 42 million units into a
    // million shards, where a binary heap's twenty levels took 14 s.
    // Loads of 0 in the order of the numbers are a heap already.
    let mut heap: Vec<u128> = (0..k as u128).collect();
    for (Reverse(cost), i) in order {
        let Some(&least) = heap.first() else {
            break;
        };
        // The least loaded shard (the lowest number on a tie: the keys are
        // distinct) takes the unit, its load raised in place.
        let (load, s) = ((least >> 64) as u64, least as u64 as usize);
        shards[s].push(i);
        sift_down(&mut heap, u128::from(load + cost) << 64 | s as u128);
    }
    let mut loads = vec![0u64; k];
    for key in heap {
        loads[key as u64 as usize] = (key >> 64) as u64;
    }
    for s in &mut shards {
        s.sort_unstable();
    }
    (shards, loads)
}

/// Children of a node of [`deal`]'s heap.
const HEAP_ARITY: usize = 8;

/// Puts `key` at the root of the min-heap `heap` in place of the root's
/// key, and moves it down to where it belongs.
fn sift_down(heap: &mut [u128], key: u128) {
    let mut at = 0;
    loop {
        let first = at * HEAP_ARITY + 1;
        if first >= heap.len() {
            break;
        }
        let end = (first + HEAP_ARITY).min(heap.len());
        let (mut least, mut least_key) = (first, heap[first]);
        for (j, &k) in heap[first + 1..end].iter().enumerate() {
            if k < least_key {
                (least, least_key) = (first + 1 + j, k);
            }
        }
        if least_key >= key {
            break;
        }
        heap[at] = least_key;
        at = least;
    }
    heap[at] = key;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BinaryHeap;

    /// The dealing as first written: a stable sort by falling cost, and the
    /// least loaded shard popped and pushed back for each unit.
    fn deal_plainly(costs: &[u64], k: usize) -> (Vec<Vec<usize>>, Vec<u64>) {
        let mut order: Vec<usize> = (0..costs.len()).collect();
        order.sort_by_key(|&i| Reverse(costs[i]));
        let mut shards = vec![Vec::new(); k];
        let mut loads = vec![0u64; k];
        let mut heap: BinaryHeap<Reverse<(u64, usize)>> = (0..k).map(|s| Reverse((0, s))).collect();
        for i in order {
            let Reverse((load, s)) = heap.pop().unwrap();
            shards[s].push(i);
            loads[s] = load + costs[i];
            heap.push(Reverse((loads[s], s)));
        }
        for s in &mut shards {
            s.sort_unstable();
        }
        (shards, loads)
    }

    /// Splits are identities: the dealing gives every unit to the shard
    /// the plain dealing does, with many ties of cost and of load.
    #[test]
    fn the_dealing_is_the_plain_dealing() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for (units, k, spread) in [
            (1, 1, 5),
            (10, 3, 3),
            (500, 7, 4),
            (5000, 64, 1000),
            (20, 40, 2),
            // Heaps of four and five levels of eight children.
            (20_000, 1_000, 10_000),
            (3_000, 700, 3),
        ] {
            let costs: Vec<u64> = (0..units)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x % spread
                })
                .collect();
            assert_eq!(
                deal(&costs, k),
                deal_plainly(&costs, k),
                "{units} units, K = {k}"
            );
        }
    }
}
