//! Estimated costs of the join's rank sets, for sharing them out: from the
//! number of west and east halves each would make, before the diagonals
//! inside the half and the middle queen's are checked.

use super::jobs::Job;
use super::low;
use super::matcher::BLOCK;
use super::sieve::{BUCKET, MAX_CUTS, MIN_PROBES};
use super::tables::{Census, Geometry};
use std::collections::HashMap;

/// What a rank set is expected to cost, from the sizes of its two sides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct JobCost {
    /// West halves, before the diagonals inside the half are checked.
    pub west: u64,
    /// East halves, the same way.
    pub east: u64,
    /// Pairs the matcher is expected to look at: the stored side in whole
    /// blocks times the probes, times 3/4 for each cut of the sieve.
    pub pairs: u64,
}

impl JobCost {
    /// Halves made, split and stored: the work that grows with the sides.
    pub fn halves(&self) -> u64 {
        self.west + self.east
    }

    /// The cost in the plan's arbitrary units: the same on every machine,
    /// as the split of the units into shards is made from it.
    pub fn cost(&self) -> u64 {
        8 * self.halves() + self.pairs / 64 + 1
    }
}

/// The estimated cost of every job, in the order given.
pub(super) fn job_costs(geo: &Geometry, census: &Census, jobs: &[Job]) -> Vec<JobCost> {
    let n = geo.n;
    let north = &census.north;
    let south = &census.south;
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
                d[f as usize] = c;
            }
            d
        });
        north[(ranks & low(north_height)) as usize]
            .iter()
            .map(|&(f, c)| c * d[(full & !f) as usize])
            .sum()
    };
    jobs.iter()
        .map(|job| {
            let free = low(n) & !job.middle.map_or(0, |r| 1u64 << r);
            let (w, e) = (west(job.ranks), west(free & !job.ranks));
            let (stored, probes) = (w.max(e), w.min(e));
            // As the sieve splits: each cut leaves about 3/4 of the pairs.
            let mut k = 0;
            while k < MAX_CUTS && stored >> k >= BUCKET as u64 && probes >= MIN_PROBES as u64 {
                k += 1;
            }
            let pairs = stored.div_ceil(BLOCK as u64) * BLOCK as u64 * probes;
            let pairs = (pairs as f64 * 0.75f64.powi(k as i32)) as u64;
            JobCost {
                west: w,
                east: e,
                pairs,
            }
        })
        .collect()
}
