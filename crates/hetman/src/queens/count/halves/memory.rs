//! What a count by the half-board join holds in memory, by its own
//! accounting: the plan's tables, the north cells of a chunk, and on each
//! thread one rank set's south cells and halves. Worked out for one set of
//! units, or for every shard of a split at once from each unit's own
//! figures (a split for a cluster has hundreds of thousands of shards).

use super::cost::{on_every_core, JobCost};
use super::jobs::Job;
use super::tables::{Piece, Side};
use super::{JoinPlan, Span, BASE_BYTES};
use crate::queens::count::Split;

/// What one unit needs by itself: the bytes of its distinct north cells and
/// south cells, and the most one of its rank sets holds on a thread.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct UnitBytes {
    north: u64,
    south: u64,
    job: u64,
}

/// Units worked out together, per task, when every unit's figures are.
const UNITS_AT_ONCE: usize = 1 << 14;

impl JoinPlan {
    /// Bytes a count of `units` on `threads` threads holds at most, about:
    /// the plan's own tables (rank sets, units, census), the north cells its
    /// units need of the largest chunk in hand (two at once, where two
    /// workers meet at a chunk's end), and on each thread the south cells
    /// and the halves of its largest rank set (or piece of one), with the
    /// matcher's copies. Only the cells of the given units count, so that a
    /// shard of few units holds less.
    ///
    /// ```
    /// use hetman::queens::count::JoinPlan;
    /// let plan = JoinPlan::new(14).unwrap();
    /// let all: Vec<usize> = (0..plan.units()).collect();
    /// assert!(plan.memory_bytes(&all, 2) > plan.memory_bytes(&all[..1], 1));
    /// ```
    #[must_use]
    pub fn memory_bytes(&self, units: &[usize], threads: usize) -> u64 {
        self.bytes_of(units, threads).1
    }

    /// The bytes of cells a count of `units` builds, about (each cell its
    /// units need in each segment once), and the bytes it holds at most on
    /// `threads` threads ([`JoinPlan::memory_bytes`]), worked out together.
    pub(super) fn bytes_of(&self, units: &[usize], threads: usize) -> (u64, u64) {
        let cells = self.cell_bytes(units);
        let job = units.iter().map(|&u| self.job_bytes(u)).max().unwrap_or(0);
        self.held(units.len(), cells.iter().map(|c| (c.1, c.2)), job, threads)
    }

    /// [`JoinPlan::bytes_of`] of each of `shards` and of all units together
    /// (the last figures), worked out on `threads` threads: each unit's own
    /// figures once, then each shard's from those of its units, their cells
    /// worked out again only where two of them share a segment (which the
    /// dealing of fine units makes rare).
    pub(super) fn shards_bytes(&self, shards: &[&[usize]], threads: usize) -> Vec<(u64, u64)> {
        let starts: Vec<usize> = (0..self.units()).step_by(UNITS_AT_ONCE).collect();
        let per_unit: Vec<UnitBytes> = on_every_core(threads, &starts, 1, &|run| {
            let (mut north, mut south) = (Vec::new(), Vec::new());
            run.iter()
                .flat_map(|&s| s..(s + UNITS_AT_ONCE).min(self.units()))
                .map(|u| {
                    north.clear();
                    south.clear();
                    self.push_cells(u, &mut north, &mut south);
                    let (n, s) = self.distinct_bytes(&mut north, &mut south);
                    UnitBytes {
                        north: n,
                        south: s,
                        job: self.job_bytes(u),
                    }
                })
                .collect()
        });
        let mut out = on_every_core(threads, shards, 64, &|run| {
            run.iter()
                .map(|&units| {
                    let mut sorted = units.to_vec();
                    sorted.sort_unstable_by_key(|&u| (self.segment[u], u));
                    let cells = sorted
                        .chunk_by(|a, b| self.segment[*a] == self.segment[*b])
                        .map(|group| match group {
                            [u] => (per_unit[*u].north, per_unit[*u].south),
                            _ => {
                                let c = self.cell_bytes(group);
                                (c[0].1, c[0].2)
                            }
                        });
                    let job = units.iter().map(|&u| per_unit[u].job).max().unwrap_or(0);
                    self.held(units.len(), cells, job, threads)
                })
                .collect()
        });
        // All units: each segment's cells, as the plan listed them.
        let job = per_unit.iter().map(|b| b.job).max().unwrap_or(0);
        let cells =
            (self.segment_bytes.iter().copied()).zip(self.segment_south_bytes.iter().copied());
        out.push(self.held(self.units(), cells, job, threads));
        out
    }

    /// The most any shard of `split` holds on `threads` threads
    /// ([`JoinPlan::memory_bytes`] of each).
    pub(crate) fn largest_shard_bytes(&self, split: &Split, threads: usize) -> u64 {
        let shards: Vec<&[usize]> = split.held().map(|i| split.units(i)).collect();
        let mut bytes = self.shards_bytes(&shards, threads);
        bytes.pop();
        bytes.iter().map(|b| b.1).max().unwrap_or(0)
    }

    /// The bytes built and held at most by a count of `units` units whose
    /// cells are `cells` (north, south bytes of each segment) and whose
    /// largest rank set holds `job` bytes on a thread.
    fn held(
        &self,
        units: usize,
        cells: impl Iterator<Item = (u64, u64)>,
        job: u64,
        threads: usize,
    ) -> (u64, u64) {
        // A unit runs on one thread: no more threads than units.
        let threads = threads.clamp(1, units.max(1)) as u64;
        let (mut built, mut north) = (0, 0);
        for (n, s) in cells {
            built += n + s;
            north = north.max(n);
        }
        let counting = BASE_BYTES + self.plan_bytes() + threads.min(2) * north + threads * job;
        (built, counting.max(self.building_bytes()))
    }

    /// The most one rank set (or piece of one) of unit `u` holds on a
    /// thread: its south cells, and the halves of each side made at once.
    fn job_bytes(&self, u: usize) -> u64 {
        let costs = self.job_costs();
        let span = self.spans[u];
        let mut job = 0;
        for (rank_set, c) in self.unit(u).iter().zip(&costs[span.start..span.end]) {
            let [wn, ss, en, cs] = self.cells_of(rank_set);
            let south = self.census.bytes(Side::South, ss.2) + self.census.bytes(Side::South, cs.2);
            let at_once = |halves: u64, piece: Piece, north: u32| {
                let file_sets = self.census.side(Side::North)[north as usize].len();
                let of = u64::from(piece.of.max(1));
                halves.div_ceil(of).div_ceil(u64::from(piece.cuts(
                    halves,
                    self.side_halves,
                    file_sets,
                )))
            };
            let halves = at_once(c.west, span.west, wn.2) + at_once(c.east, span.east, en.2);
            job = job.max(south + 32 * halves);
        }
        job
    }

    /// The north and south cells of unit `u`'s rank sets, pushed.
    fn push_cells(&self, u: usize, north: &mut Vec<u32>, south: &mut Vec<u32>) {
        for job in self.unit(u) {
            let [wn, ws, en, es] = self.cells_of(job);
            north.extend([wn.2, en.2]);
            south.extend([ws.2, es.2]);
        }
    }

    /// The bytes of the distinct cells of `north` and of `south` (sorted
    /// and deduplicated in place).
    fn distinct_bytes(&self, north: &mut Vec<u32>, south: &mut Vec<u32>) -> (u64, u64) {
        let bytes = |side: Side, cells: &mut Vec<u32>| -> u64 {
            cells.sort_unstable();
            cells.dedup();
            cells.iter().map(|&r| self.census.bytes(side, r)).sum()
        };
        (bytes(Side::North, north), bytes(Side::South, south))
    }

    /// For each segment that some of `units` are in: the bytes of the
    /// distinct north cells and of the south cells they need there.
    fn cell_bytes(&self, units: &[usize]) -> Vec<(usize, u64, u64)> {
        let mut units = units.to_vec();
        units.sort_unstable_by_key(|&u| (self.segment[u], u));
        let (mut north, mut south) = (Vec::new(), Vec::new());
        units
            .chunk_by(|a, b| self.segment[*a] == self.segment[*b])
            .map(|group| {
                north.clear();
                south.clear();
                for &u in group {
                    self.push_cells(u, &mut north, &mut south);
                }
                let (n, s) = self.distinct_bytes(&mut north, &mut south);
                (self.segment[group[0]], n, s)
            })
            .collect()
    }

    /// Bytes the plan itself holds while a count runs: the rank sets with
    /// their costs, the units with their segments and costs (and a split's
    /// lists of them), and the census.
    pub(crate) fn plan_bytes(&self) -> u64 {
        let per_job = std::mem::size_of::<Job>() + std::mem::size_of::<JobCost>();
        let per_unit = std::mem::size_of::<Span>() + 3 * std::mem::size_of::<usize>();
        (self.jobs.len() * per_job + self.units() * per_unit) as u64 + self.census.held_bytes()
    }

    /// Bytes the making of the plan holds at most, about: the census and,
    /// while the rank sets are put in order, two lists of them with the
    /// order and each one's chunk; or, while the units are cut, the rank
    /// sets with their costs and the units' list twice over as it grows.
    pub(crate) fn building_bytes(&self) -> u64 {
        let ordering = 2 * std::mem::size_of::<Job>() + std::mem::size_of::<usize>() + 8;
        let cutting = std::mem::size_of::<Job>() + std::mem::size_of::<JobCost>();
        let jobs = (self.jobs.len() * ordering.max(cutting)) as u64;
        let units = (2 * self.units() * std::mem::size_of::<Span>()) as u64;
        BASE_BYTES + self.census.held_bytes() + jobs + units
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shard's figures worked out together, from the units' own, are
    /// those worked out for the shard alone, for coarse splits (whose
    /// shards hold many units of one segment) and fine ones; and the last
    /// figures are those of all units.
    #[test]
    fn every_shards_bytes_at_once_are_its_bytes_alone() {
        for (n, k) in [(12, 1), (12, 3), (13, 7), (14, 40), (15, 300)] {
            let plan = JoinPlan::for_shards(n, k).unwrap();
            let split = Split::join(&plan, k, 1).unwrap();
            let shards: Vec<&[usize]> = (0..k).map(|i| split.units(i)).collect();
            for threads in [1, 2] {
                let at_once = plan.shards_bytes(&shards, threads);
                assert_eq!(at_once.len(), k + 1);
                for (i, units) in shards.iter().enumerate() {
                    let alone = plan.bytes_of(units, threads);
                    assert_eq!(at_once[i], alone, "N = {n}, K = {k}, shard {i}");
                }
                let all: Vec<usize> = (0..plan.units()).collect();
                assert_eq!(at_once[k], plan.bytes_of(&all, threads), "N = {n}, K = {k}");
            }
            let largest = shards.iter().map(|u| plan.memory_bytes(u, 2)).max();
            assert_eq!(Some(plan.largest_shard_bytes(&split, 2)), largest);
        }
    }
}
