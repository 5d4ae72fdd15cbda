//! Estimated costs of the join's rank sets, for sharing them out: from the
//! number of west and east halves each would make, before the diagonals
//! inside the half and the middle queen's are checked.

use super::super::run_workers;
use super::census::Census;
use super::jobs::Job;
use super::low;
use super::matcher::BLOCK;
use super::set_halves::SetHalves;
use super::sieve::{BUCKET, MAX_CUTS, MIN_PROBES};
use super::tables::{Geometry, Piece};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// What a rank set is expected to cost, from the sizes of its two sides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct JobCost {
    /// West halves, before the diagonals inside the half are checked.
    pub west: u64,
    /// East halves, the same way.
    pub east: u64,
    /// Pairs the matcher is expected to look at: the stored side in whole
    /// blocks times the probes, times 3/4 for each cut of the sieve (over
    /// 2^`shift`).
    pub pairs: u64,
    /// The cost's scale, a power of two ([`cost_shift`]): 0 up to N = 26.
    pub shift: u32,
}

/// The power of two the costs of N are scaled down by: none up to N = 26
/// (whose splits are as they were), 16-fold per step above, so that the
/// sum of every rank set's cost fits 64 bits (1.3·10^19 at N = 26 unscaled).
pub(super) fn cost_shift(n: usize) -> u32 {
    4 * n.saturating_sub(26) as u32
}

impl JobCost {
    /// Halves made, split and stored: the work that grows with the sides.
    pub fn halves(&self) -> u64 {
        self.west + self.east
    }

    /// The cost of one piece of the rank set: a piece of `west.of` of the
    /// west side matched against a piece of `east.of` of the east side, each
    /// side's halves made again for each piece.
    pub fn piece(&self, west: Piece, east: Piece) -> JobCost {
        let (a, b) = (u64::from(west.of.max(1)), u64::from(east.of.max(1)));
        if a * b == 1 {
            return *self;
        }
        JobCost {
            west: self.west.div_ceil(a),
            east: self.east.div_ceil(b),
            pairs: self.pairs.div_ceil(a * b),
            shift: self.shift,
        }
    }

    /// The cost in the plan's arbitrary units: the same on every machine,
    /// as the split of the units into shards is made from it.
    pub fn cost(&self) -> u64 {
        ((8 * self.halves()) >> self.shift) + self.pairs / 64 + 1
    }
}

/// The estimated cost of every job, in the order given, worked out on every
/// core from the halves of every rank set ([`SetHalves`]).
pub(super) fn job_costs(geo: &Geometry, census: &Census, jobs: &[Job]) -> Vec<JobCost> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let n = geo.n;
    let complement = |job: &Job| low(n) & !job.middle().map_or(0, |r| 1u64 << r) & !job.ranks();
    let halves = SetHalves::new(geo, census, threads);
    let shift = cost_shift(n);
    // Written in place: 70 million costs at N = 27 (2.2 GB), where lists
    // made apart and joined after had every page cleared twice over.
    let mut costs = vec![JobCost::default(); jobs.len()];
    let runs: Mutex<Vec<(&[Job], &mut [JobCost])>> = Mutex::new(
        jobs.chunks(1 << 16)
            .zip(costs.chunks_mut(1 << 16))
            .collect(),
    );
    run_workers(threads, &|| loop {
        let Some((run, out)) = runs.lock().unwrap_or_else(PoisonError::into_inner).pop() else {
            break;
        };
        for (job, cost) in run.iter().zip(out) {
            *cost = job_cost(halves.get(job.ranks()), halves.get(complement(job)), shift);
        }
    });
    costs
}

/// `work` applied to runs of `run` consecutive items on `threads` threads,
/// the results in the order of the items.
pub(super) fn on_every_core<T: Sync, R: Send>(
    threads: usize,
    items: &[T],
    run: usize,
    work: &(dyn Fn(&[T]) -> Vec<R> + Sync),
) -> Vec<R> {
    let runs: Vec<&[T]> = items.chunks(run.max(1)).collect();
    let out: Vec<Mutex<Vec<R>>> = runs.iter().map(|_| Mutex::new(Vec::new())).collect();
    let next = AtomicUsize::new(0);
    run_workers(threads.min(runs.len()).max(1), &|| loop {
        let at = next.fetch_add(1, Ordering::Relaxed);
        let Some(run) = runs.get(at) else { break };
        let done = work(run);
        *out[at].lock().unwrap_or_else(PoisonError::into_inner) = done;
    });
    out.into_iter()
        .flat_map(|m| m.into_inner().unwrap_or_else(PoisonError::into_inner))
        .collect()
}

/// The cost of a job whose west side has `w` halves and east side `e`.
fn job_cost(w: u64, e: u64, shift: u32) -> JobCost {
    let (stored, probes) = (w.max(e), w.min(e));
    // As the sieve splits: each cut leaves about 3/4 of the pairs.
    let mut k = 0;
    while k < MAX_CUTS && stored >> k >= BUCKET as u64 && probes >= MIN_PROBES as u64 {
        k += 1;
    }
    let blocks = stored.div_ceil(BLOCK as u64) * BLOCK as u64;
    let pairs = if shift == 0 {
        (blocks * probes) as f64
    } else {
        // Beyond 64 bits at N = 28, before the scale.
        blocks as f64 * probes as f64 / f64::from(1u32 << shift)
    };
    let pairs = (pairs * 0.75f64.powi(k as i32)) as u64;
    JobCost {
        west: w,
        east: e,
        pairs,
        shift,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tables::Side;
    use super::*;
    use std::collections::HashMap;

    /// The west halves of each rank set of a run (before the diagonals inside
    /// the half are checked), on this thread.
    fn run_halves(geo: &Geometry, census: &Census, sets: &[u64]) -> Vec<u64> {
        let north = census.side(Side::North);
        let south = census.side(Side::South);
        let north_height = geo.north_height;
        let full = low(geo.width) as u32;
        // Each south cell spread out by file set, for the last few south parts.
        let mut dense: HashMap<u32, Vec<u64>> = HashMap::new();
        let mut west = |ranks: u64| -> u64 {
            let ss = (ranks >> north_height) as u32;
            if !dense.contains_key(&ss) && dense.len() >= 64 {
                dense.clear();
            }
            let d = dense.entry(ss).or_insert_with(|| {
                let mut d = vec![0u64; full as usize + 1];
                for &(f, c) in &south[ss as usize] {
                    d[f as usize] = u64::from(c);
                }
                d
            });
            north[(ranks & low(north_height)) as usize]
                .iter()
                .map(|&(f, c)| u64::from(c) * d[(full & !f) as usize])
                .sum()
        };
        sets.iter().map(|&ranks| west(ranks)).collect()
    }

    /// The table of every set's halves says what a sum over the north
    /// cell's file sets says, for every set of every N from 8 to 16.
    #[test]
    fn every_sets_halves_are_the_sum_over_its_file_sets() {
        for n in 8..=16 {
            let geo = Geometry::new(n);
            let census = Census::new(&geo, 2);
            let table = SetHalves::new(&geo, &census, 2);
            let sets: Vec<u64> = (0..1u64 << n)
                .filter(|s| s.count_ones() as usize == n / 2)
                .collect();
            let plain = run_halves(&geo, &census, &sets);
            for (&s, &h) in sets.iter().zip(&plain) {
                assert_eq!(table.get(s), h, "N = {n}, ranks {s:b}");
            }
            assert!(plain.iter().any(|&h| h > 0), "N = {n}");
        }
    }
}
